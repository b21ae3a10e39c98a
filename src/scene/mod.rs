//! Scene files: two bodies, a demo and its settings, loaded from and saved to JSON (format 1).
//!
//! A scene is what a person sets up to look at: body A (red) and body B (green), each a shape in
//! its own frame placed at a position and angle, moving with a velocity and an angular velocity
//! over `t ∈ [0, 1]`; the demo the app shows first; and the settings of the iterative
//! algorithms. The file format is a contract (the product design, section 4):
//!
//! ```json
//! {
//!   "format": 1,
//!   "title": "OBB vs OBB",
//!   "description": "Drag the boxes; the blue line is the minimum translation.",
//!   "demo": "penetration",
//!   "a": {
//!     "shape": { "type": "box", "half_extents": [1.0, 0.5] },
//!     "position": [-0.8, 0.0],
//!     "angle_deg": 0.0,
//!     "velocity": [0.0, 0.0],
//!     "angular_velocity_deg": 0.0
//!   },
//!   "b": {
//!     "shape": { "type": "polygon", "vertices": [[0, 1], [-1, -1], [1, -1]] },
//!     "position": [0.9, 0.2],
//!     "angle_deg": 15.0
//!   },
//!   "settings": { "tolerance": 0.001, "max_iterations": 64 }
//! }
//! ```
//!
//! Angles are degrees in the file and radians in [`crate::geometry`]; [`Body::pose`] converts.
//! Unknown fields are errors (a misspelt `veloctiy` must not silently mean "not moving"), except
//! inside the free-form top-level `view` and `extra` objects that the app keeps for itself.
//!
//! Loading is three passes, so that each kind of mistake is reported where a person can find
//! it: the text must be UTF-8 JSON (errors at `line:column`); the top level must be an object
//! with `"format": 1` (checked before anything else, since another format may have other
//! fields); then the structure is read with the JSON path of every value tracked
//! (`parse.rs`), and the values are checked for sense (`validate.rs`), errors at the JSON path.
//! Nothing panics on any input bytes.
//!
//! Saving ([`Scene::save`]) writes pretty-printed JSON in the field order above, atomically (a
//! temporary file beside the target, flushed to disk, then renamed over it), and a saved scene
//! loads back equal to itself.

pub mod built_in;
mod convert;
mod demo_text;
mod error;
mod parse;
pub mod share;
mod validate;
mod write;

pub use convert::{Bodies, SceneWarning, WarningKind};
pub use error::{ErrorKind, PathError, Place, SceneError};
pub use validate::{
    MAX_ANGLE_DEG, MAX_COORDINATE, MAX_HULL_VERTICES, MAX_MAX_ITERATIONS, MAX_VERTICES,
};

/// The largest scene file read, in bytes: a million-vertex polygon takes about 40 MB of JSON.
/// Reading is linear, so this only keeps a wrong file (a video, a disk image) from filling the
/// memory.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

use crate::geometry::DVec2;
use std::path::Path;

/// The only scene file format this program reads and writes.
pub const FORMAT: u64 = 1;

/// The default of `settings.tolerance`: a thousandth of a world unit, well below what a person
/// can see at the default zoom (a world unit is about a hundred pixels) and well above rounding.
pub const DEFAULT_TOLERANCE: f64 = 1e-3;

/// The default of `settings.max_iterations`: the iterative casts converge in a handful of
/// iterations on every sensible scene; 64 leaves room for grazing cases without letting a
/// stuck loop run long.
pub const DEFAULT_MAX_ITERATIONS: u32 = 64;

/// A scene: the two bodies, what to show first, and the settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Shown in the window title; defaults to the file name without `.json`.
    pub title: String,
    /// Teaching text the app shows beside the scene.
    pub description: Option<String>,
    /// The demo the app shows first.
    pub demo: Demo,
    /// Body A (red). The normal points from A towards B.
    pub a: Body,
    /// Body B (green). The MD is B ⊖ A.
    pub b: Body,
    pub settings: Settings,
    /// The app's own state (camera, panel layout, ...): any JSON object, kept as it is.
    pub view: Option<serde_json::Value>,
    /// Anything else a tool wants to keep with the scene: any JSON object, kept as it is.
    pub extra: Option<serde_json::Value>,
}

/// One body: a shape in its own frame, where it is, and how it moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    pub shape: ShapeSpec,
    /// World position of the body's origin (y-up, world units).
    pub position: DVec2,
    /// Counter-clockwise rotation about `position`, in degrees.
    pub angle_deg: f64,
    /// World units per unit of `t`: `position(t) = position + velocity·t`.
    pub velocity: DVec2,
    /// Degrees per unit of `t` (counter-clockwise): `angle(t) = angle + angular_velocity·t`.
    pub angular_velocity_deg: f64,
}

/// A shape as the file gives it, in the body's own frame (the `"type"` field picks the variant).
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeSpec {
    /// `{"type": "circle", "radius": r}`: a disc about the body's origin.
    Circle { radius: f64 },
    /// `{"type": "box", "half_extents": [hx, hy]}`: a rectangle along the body's axes.
    Box { half_extents: DVec2 },
    /// `{"type": "polygon", "vertices": [[x, y], ...], "radius": r}`: any outline, any order
    /// (its convex hull is used, with a warning if that changes it); `radius` (default 0)
    /// rounds it. One vertex is a point, two a segment.
    Polygon { vertices: Vec<DVec2>, radius: f64 },
    /// `{"type": "capsule", "half_length": h, "radius": r}`: the segment from `(−h, 0)` to
    /// `(h, 0)` swept by a disc of radius `r`.
    Capsule { half_length: f64, radius: f64 },
}

impl ShapeSpec {
    /// The shape types, as the file spells them.
    pub const TYPES: [&'static str; 4] = ["circle", "box", "polygon", "capsule"];

    /// The file's name for this shape's type.
    pub fn type_name(&self) -> &'static str {
        match self {
            ShapeSpec::Circle { .. } => "circle",
            ShapeSpec::Box { .. } => "box",
            ShapeSpec::Polygon { .. } => "polygon",
            ShapeSpec::Capsule { .. } => "capsule",
        }
    }
}

/// Settings of the iterative algorithms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Distance (world units) under which an iterative cast counts as touching; `> 0`.
    pub tolerance: f64,
    /// Most iterations an iterative algorithm may take; `1..=MAX_MAX_ITERATIONS`.
    pub max_iterations: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            tolerance: DEFAULT_TOLERANCE,
            max_iterations: DEFAULT_MAX_ITERATIONS,
        }
    }
}

/// The demo the app shows first (the product design, section 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Demo {
    CircleCircle,
    Aabb,
    CircleBox,
    Penetration,
    Sat,
    LinearCast,
    IterativeCast,
    AngularCast,
    PointCloud,
    SeparatingAxis,
    Gjk,
    Epa,
}

impl Demo {
    /// Every demo, in the design's order.
    pub const ALL: [Demo; 12] = [
        Demo::CircleCircle,
        Demo::Aabb,
        Demo::CircleBox,
        Demo::Penetration,
        Demo::Sat,
        Demo::LinearCast,
        Demo::IterativeCast,
        Demo::AngularCast,
        Demo::PointCloud,
        Demo::SeparatingAxis,
        Demo::Gjk,
        Demo::Epa,
    ];

    /// The file's name for this demo (snake_case).
    pub fn as_str(self) -> &'static str {
        match self {
            Demo::CircleCircle => "circle_circle",
            Demo::Aabb => "aabb",
            Demo::CircleBox => "circle_box",
            Demo::Penetration => "penetration",
            Demo::Sat => "sat",
            Demo::LinearCast => "linear_cast",
            Demo::IterativeCast => "iterative_cast",
            Demo::AngularCast => "angular_cast",
            Demo::PointCloud => "point_cloud",
            Demo::SeparatingAxis => "separating_axis",
            Demo::Gjk => "gjk",
            Demo::Epa => "epa",
        }
    }

    /// The demo a file names, if any.
    pub fn from_name(name: &str) -> Option<Demo> {
        Demo::ALL.into_iter().find(|d| d.as_str() == name)
    }

    /// Every demo's file name, in the design's order.
    pub fn names() -> Vec<&'static str> {
        Demo::ALL.iter().map(|d| d.as_str()).collect()
    }
}

impl Body {
    /// A body at rest at `position`, angle 0.
    pub fn at_rest(shape: ShapeSpec, position: DVec2) -> Self {
        Body {
            shape,
            position,
            angle_deg: 0.0,
            velocity: DVec2::ZERO,
            angular_velocity_deg: 0.0,
        }
    }
}

impl Scene {
    /// Reads and checks the scene file at `path`. Errors name the file as given.
    pub fn load(path: impl AsRef<Path>) -> Result<Scene, SceneError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        if let Ok(m) = std::fs::metadata(path) {
            if m.is_file() && m.len() > MAX_FILE_BYTES {
                return Err(SceneError::file(
                    &name,
                    ErrorKind::TooLarge,
                    format!(
                        "too large: {:.1} MB; a scene file may have at most {} MB",
                        m.len() as f64 / (1 << 20) as f64,
                        MAX_FILE_BYTES >> 20
                    ),
                ));
            }
        }
        let bytes = std::fs::read(path).map_err(|e| {
            let problem = match e.kind() {
                std::io::ErrorKind::NotFound => "file not found".to_string(),
                std::io::ErrorKind::IsADirectory => {
                    "this is a directory, not a scene file".to_string()
                }
                _ => format!("cannot read the file: {e}"),
            };
            SceneError::file(&name, ErrorKind::Io, problem)
        })?;
        Scene::from_bytes(&bytes, &name)
    }

    /// Parses and checks a scene from raw bytes; `name` is the file name used in errors and as
    /// the default title (its stem).
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Scene, SceneError> {
        parse::from_bytes(bytes, name)
    }

    /// Parses and checks a scene from text; `name` is the file name used in errors and as the
    /// default title (its stem, e.g. `scenes/obb.json` gives `obb`).
    pub fn from_str(text: &str, name: &str) -> Result<Scene, SceneError> {
        parse::from_str(text, name)
    }

    /// The scene as format-1 JSON, pretty-printed in the design's field order, ending in a
    /// newline. Every field is written (defaults too) except an absent description, view or
    /// extra, and a polygon's zero radius.
    pub fn to_json_string(&self) -> String {
        write::to_json_string(self)
    }

    /// Checks the scene (as [`Scene::from_str`] does after parsing), then writes it to `path`
    /// with [`crate::atomic_write::write_atomic`]: on any failure an existing target is left as
    /// it was, and the error names `path`.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), SceneError> {
        write::save(self, path.as_ref())
    }

    /// Checks every value for sense: finite numbers within range, non-negative sizes, polygons
    /// with vertices and not three or more on one line, settings in range, `view` and `extra`
    /// objects. The first problem found is returned with its JSON path.
    pub fn validate(&self) -> Result<(), PathError> {
        validate::validate(self)
    }

    /// Both bodies as world-space [`crate::geometry::Convex`] shapes at their scene poses
    /// (t = 0), with warnings about outlines that were not convex or had duplicate or
    /// collinear vertices (each naming the JSON path of the vertex).
    pub fn bodies(&self) -> Result<Bodies, PathError> {
        convert::bodies(self)
    }

    /// Whether either body moves or turns: only then has the scene moments (and frames) to
    /// show.
    pub fn has_motion(&self) -> bool {
        [&self.a, &self.b]
            .iter()
            .any(|b| b.velocity != crate::geometry::DVec2::ZERO || b.angular_velocity_deg != 0.0)
    }

    /// The scene at time `t` of its motion: both bodies moved and turned to where they are
    /// then, moving as before.
    pub fn at_time(&self, t: f64) -> Scene {
        self.at(Moment::turned(t))
    }

    /// The scene with both bodies where `moment` puts them, moving as before.
    pub fn at(&self, moment: Moment) -> Scene {
        let mut s = self.clone();
        s.a = moment.body(&s.a);
        s.b = moment.body(&s.b);
        s
    }
}

/// A moment of the motion as a figure draws the bodies at it: the time `t`, and whether the
/// bodies are turned as well as moved (a cast that only translates, van den Bergen's, draws
/// them moved but not turned).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moment {
    pub t: f64,
    pub turned: bool,
}

impl Default for Moment {
    /// The start of the motion: the scene as the file gives it.
    fn default() -> Self {
        Moment::turned(0.0)
    }
}

impl Moment {
    /// Time `t` of the whole motion, turning included.
    pub fn turned(t: f64) -> Moment {
        Moment { t, turned: true }
    }

    /// Time `t` of the translation alone.
    pub fn translated(t: f64) -> Moment {
        Moment { t, turned: false }
    }

    /// Whether this is the scene as given (every body at its pose in the file).
    pub fn is_start(self) -> bool {
        self.t == 0.0
    }

    /// `body` at this moment, moving as before.
    pub fn body(self, body: &Body) -> Body {
        let mut b = body.at_time(self.t);
        if !self.turned {
            b.angle_deg = body.angle_deg;
        }
        b
    }

    /// How much a body of angular velocity `w` (degrees per unit of `t`) has turned by now.
    pub fn turn_deg(self, w: f64) -> f64 {
        if self.turned {
            w * self.t
        } else {
            0.0
        }
    }
}

//! The figure layer: for a scene, a demo and a step, what to draw and what to read out.
//!
//! A [`Figure`] is plain data: for each pane (the world, configuration space) a list of
//! [`Mark`]s in world units, plus the read-outs, the legend, the iteration table and the step
//! count. The window's renderer and the SVG writer draw marks and nothing else; neither
//! recomputes geometry. Tests assert on marks.
//!
//! One file per demo builds its figure (`penetration.rs`, `sat.rs`, …); [`build`] dispatches.
//! Each demo computes what it shows once, for the step, into a plain struct, and reads it in
//! parts (see `Parts` below): the world pane, configuration space, the read-outs, the legend and
//! the table, each its own function. Marks every demo draws alike are in [`common`]; every
//! pixel size, offset and alpha is named in [`style`], colours in [`crate::palette`].

pub mod aabb;
pub mod angular_cast;
pub mod circle_box;
pub mod circle_circle;
pub mod common;
pub mod compare;
pub mod epa;
pub mod gjk;
pub mod iterative_cast;
pub mod linear_cast;
pub mod pairs;
pub mod penetration;
pub mod point_cloud;
pub mod sat;
pub mod separating_axis;
pub mod style;

use crate::geometry::DVec2;
use crate::palette::Rgba;
use crate::scene::{Demo, PathError, Scene};

/// How a mark's outline is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    pub color: Rgba,
    /// In pixels (the renderer keeps it constant under zoom).
    pub width: f32,
    pub dashed: bool,
}

impl Stroke {
    pub const fn solid(color: Rgba, width: f32) -> Stroke {
        Stroke {
            color,
            width,
            dashed: false,
        }
    }

    pub const fn dashed(color: Rgba, width: f32) -> Stroke {
        Stroke {
            color,
            width,
            dashed: true,
        }
    }
}

/// One thing to draw, in world units (y-up) of its pane. Sizes in pixels stay constant under
/// zoom; sizes in world units scale with it.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A closed outline, optionally filled (convex or not: the renderer triangulates by fan
    /// only when `convex`).
    Polygon {
        points: Vec<DVec2>,
        stroke: Option<Stroke>,
        fill: Option<Rgba>,
        convex: bool,
    },
    /// An open line through the points.
    Polyline { points: Vec<DVec2>, stroke: Stroke },
    /// A circle of `radius` world units.
    Circle {
        centre: DVec2,
        radius: f64,
        stroke: Option<Stroke>,
        fill: Option<Rgba>,
    },
    /// A straight segment.
    Segment {
        from: DVec2,
        to: DVec2,
        stroke: Stroke,
    },
    /// A segment with an arrow head at `to`.
    Arrow {
        from: DVec2,
        to: DVec2,
        stroke: Stroke,
    },
    /// A dot of `size` pixels across.
    Point { at: DVec2, color: Rgba, size: f32 },
    /// An interval `[min, max]` along the unit `axis` through `origin` (projections onto a
    /// separating axis), drawn `offset` pixels to the side of the axis line.
    Interval {
        origin: DVec2,
        axis: DVec2,
        min: f64,
        max: f64,
        offset: f32,
        color: Rgba,
    },
    /// An infinite line through `point` along the unit `direction` (a separating line, an
    /// axis).
    Line {
        point: DVec2,
        direction: DVec2,
        stroke: Stroke,
    },
    /// Text anchored at a world point, offset in pixels.
    Label {
        at: DVec2,
        text: String,
        color: Rgba,
        offset: (f32, f32),
    },
}

impl Mark {
    /// A dot of `size` pixels across.
    pub fn dot(at: DVec2, color: Rgba, size: f32) -> Mark {
        Mark::Point { at, color, size }
    }

    /// Text at a world point, `offset` pixels right and down from it.
    pub fn label(at: DVec2, text: impl Into<String>, color: Rgba, offset: (f32, f32)) -> Mark {
        Mark::Label {
            at,
            text: text.into(),
            color,
            offset,
        }
    }

    pub fn segment(from: DVec2, to: DVec2, stroke: Stroke) -> Mark {
        Mark::Segment { from, to, stroke }
    }

    pub fn arrow(from: DVec2, to: DVec2, stroke: Stroke) -> Mark {
        Mark::Arrow { from, to, stroke }
    }
}

/// Which pane a mark belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaneId {
    World,
    Config,
}

/// One named number or fact, as the read-out panel lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Readout {
    pub name: String,
    pub value: String,
}

impl Readout {
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Readout {
        Readout {
            name: name.into(),
            value: value.into(),
        }
    }
}

/// A colour and what it means, for the legend.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    pub color: Rgba,
    pub meaning: String,
}

impl LegendEntry {
    pub fn new(color: Rgba, meaning: impl Into<String>) -> LegendEntry {
        LegendEntry {
            color,
            meaning: meaning.into(),
        }
    }
}

/// What the plot under the panes draws against the iteration, by column of a [`Table`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Plot {
    /// No plot: the table has no column of distances.
    #[default]
    None,
    /// One column of distances, on a log scale: their magnitude, hollow where not positive
    /// (overlap).
    Distance(usize),
    /// A lower and an upper bound on one quantity (GJK's distance, EPA's depth), on a linear
    /// scale, closing on each other; a negative (or missing) bound says nothing and is left
    /// out.
    Bounds { lower: usize, upper: usize },
}

/// The iterations of a traced algorithm, one row each (for the table, the plot and CSV).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<f64>>,
    /// What the plot under the panes draws.
    pub plot: Plot,
}

/// Everything a demo shows for one step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Figure {
    /// Marks of the world pane, drawn in order (later on top).
    pub world: Vec<Mark>,
    /// Marks of the configuration-space pane (B ⊖ A), drawn in order.
    pub config: Vec<Mark>,
    pub readouts: Vec<Readout>,
    pub legend: Vec<LegendEntry>,
    /// How many steps the demo's trace has (1 for a demo without iterations).
    pub steps: usize,
    /// The step shown (clamped to `steps − 1`).
    pub step: usize,
    /// One row per step, when the demo has a trace.
    pub table: Option<Table>,
}

impl Figure {
    pub fn marks(&self, pane: PaneId) -> &[Mark] {
        match pane {
            PaneId::World => &self.world,
            PaneId::Config => &self.config,
        }
    }

    pub fn readout(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.readouts.push(Readout::new(name, value));
    }

    pub fn legend(&mut self, color: Rgba, meaning: impl Into<String>) {
        self.legend.push(LegendEntry::new(color, meaning));
    }
}

/// A demo's figure in parts. A demo computes what it shows for one step once, into a plain
/// struct, and implements these on it; each part only reads. The marks of a pane are in
/// drawing order (later on top).
trait Parts {
    /// How many steps the demo's trace has, and the step shown (clamped to the trace).
    fn steps(&self) -> (usize, usize) {
        (1, 0)
    }
    /// The world pane: the bodies and what the demo draws on them.
    fn world(&self) -> Vec<Mark>;
    /// The configuration-space pane: B ⊖ A, the origin and what the demo draws there.
    fn config(&self) -> Vec<Mark>;
    fn readouts(&self) -> Vec<Readout>;
    fn legend(&self) -> Vec<LegendEntry>;
    /// One row per step, for a demo with a trace.
    fn table(&self) -> Option<Table> {
        None
    }
}

/// The figure made of a demo's parts.
fn assemble(parts: &impl Parts) -> Figure {
    let (steps, step) = parts.steps();
    Figure {
        world: parts.world(),
        config: parts.config(),
        readouts: parts.readouts(),
        legend: parts.legend(),
        steps,
        step,
        table: parts.table(),
    }
}

/// The figure of `demo` for `scene` at `step` (clamped to the trace). A scene whose bodies are
/// invalid gives the error that names the place.
pub fn build(scene: &Scene, demo: Demo, step: usize) -> Result<Figure, PathError> {
    match demo {
        Demo::CircleCircle => circle_circle::build(scene, step),
        Demo::Aabb => aabb::build(scene, step),
        Demo::CircleBox => circle_box::build(scene, step),
        Demo::Penetration => penetration::build(scene, step),
        Demo::Sat => sat::build(scene, step),
        Demo::LinearCast => linear_cast::build(scene, step),
        Demo::IterativeCast => iterative_cast::build(scene, step),
        Demo::AngularCast => angular_cast::build(scene, step),
        Demo::PointCloud => point_cloud::build(scene, step),
        Demo::SeparatingAxis => separating_axis::build(scene, step),
        Demo::Gjk => gjk::build(scene, step),
        Demo::Epa => epa::build(scene, step),
    }
}

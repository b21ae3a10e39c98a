//! From a scene to geometry: degrees to radians, file shapes to [`Shape`], bodies to world-space
//! [`Convex`] shapes, and warnings for outlines the hull had to change.
//!
//! The third article's advice for concave input is to collide with its convex hull. The hull
//! notes which input vertices it left out and why; a vertex strictly inside means the outline
//! was not convex (worth telling the person: the shape they drew is not the one that collides),
//! a repeated or collinear vertex changes nothing but is mentioned too.

use super::error::PathError;
use super::{Body, Scene, Settings, ShapeSpec};
use crate::geometry::cast::{CastSettings, MovingBody};
use crate::geometry::hull::HullNote;
use crate::geometry::{Convex, Pose, Shape, ShapeError, Source};
use std::fmt;

/// Why a warning was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarningKind {
    /// A vertex lies strictly inside the hull: the outline is not convex.
    NotConvex,
    /// A vertex repeats an earlier one.
    Duplicate,
    /// A vertex lies on a hull edge between two others.
    Collinear,
}

/// Something about the scene that is allowed but probably not what the person meant. Its
/// `Display` reads `a.shape.vertices[2] lies inside the hull: the outline is not convex, so its
/// convex hull is used`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneWarning {
    /// JSON path of the vertex concerned, e.g. `a.shape.vertices[2]`.
    pub path: String,
    /// What happened, to be read after the path.
    pub message: String,
    pub kind: WarningKind,
}

impl fmt::Display for SceneWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.path, self.message)
    }
}

/// Both bodies in world space at their scene poses (t = 0), and what the hulls changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Bodies {
    pub a: Convex,
    pub b: Convex,
    /// Warnings for A first, then B, each in vertex order.
    pub warnings: Vec<SceneWarning>,
}

impl Body {
    /// Where the body is at t = 0 (angle in radians).
    pub fn pose(&self) -> Pose {
        Pose::new(self.position, self.angle_deg.to_radians())
    }

    /// Where the body is at time `t` of the motion: `position + velocity·t`, `angle +
    /// angular_velocity·t` (radians), rotating about its own position.
    pub fn pose_at(&self, t: f64) -> Pose {
        Pose::new(
            self.position + self.velocity * t,
            (self.angle_deg + self.angular_velocity_deg * t).to_radians(),
        )
    }

    /// The body as it is at time `t`: at its pose then ([`Body::pose_at`]), moving as before.
    pub fn at_time(&self, t: f64) -> Body {
        Body {
            position: self.position + self.velocity * t,
            angle_deg: self.angle_deg + self.angular_velocity_deg * t,
            ..self.clone()
        }
    }

    /// The body's shape as a core polygon plus radius in its own frame, with warnings. `which`
    /// names the body in paths (`a` or `b`).
    pub fn local_convex(&self, which: Source) -> Result<(Convex, Vec<SceneWarning>), PathError> {
        let prefix = format!("{}.shape", which.as_str());
        let (convex, notes) = Shape::from(&self.shape)
            .to_convex()
            .map_err(|e| shape_error(&prefix, e))?;
        let warnings = notes.iter().map(|n| warning(&prefix, n)).collect();
        Ok((convex, warnings))
    }

    /// The body in motion over `t ∈ [0, 1]`, for the casts (angles in radians).
    pub fn moving(&self, which: Source) -> Result<MovingBody, PathError> {
        Ok(MovingBody {
            local: self.local_convex(which)?.0,
            pose: self.pose(),
            velocity: self.velocity,
            angular_velocity: self.angular_velocity_deg.to_radians(),
        })
    }

    /// The body's shape in world space at its t = 0 pose, with warnings.
    pub fn world_convex(&self, which: Source) -> Result<(Convex, Vec<SceneWarning>), PathError> {
        let (convex, warnings) = self.local_convex(which)?;
        Ok((convex.transformed(&self.pose()), warnings))
    }
}

impl Settings {
    /// The settings as the casts take them.
    pub fn cast_settings(&self) -> CastSettings {
        CastSettings {
            tolerance: self.tolerance,
            max_iterations: self.max_iterations,
        }
    }
}

impl From<&ShapeSpec> for Shape {
    fn from(spec: &ShapeSpec) -> Shape {
        match spec {
            ShapeSpec::Circle { radius } => Shape::Circle { radius: *radius },
            ShapeSpec::Box { half_extents } => Shape::Box {
                half_extents: *half_extents,
            },
            ShapeSpec::Polygon { vertices, radius } => Shape::Polygon {
                vertices: vertices.clone(),
                radius: *radius,
            },
            ShapeSpec::Capsule {
                half_length,
                radius,
            } => Shape::Capsule {
                half_length: *half_length,
                radius: *radius,
            },
        }
    }
}

pub(super) fn bodies(scene: &Scene) -> Result<Bodies, PathError> {
    let (a, mut warnings) = scene.a.world_convex(Source::A)?;
    let (b, warnings_b) = scene.b.world_convex(Source::B)?;
    warnings.extend(warnings_b);
    Ok(Bodies { a, b, warnings })
}

/// A shape error at its JSON path under `prefix` (`a.shape`).
pub(super) fn shape_error(prefix: &str, e: ShapeError) -> PathError {
    match e {
        ShapeError::NoVertices => PathError::new(
            format!("{prefix}.vertices"),
            "a polygon needs at least one vertex (one is a point, two a segment)",
        ),
        ShapeError::NonFinite { index } => PathError::new(
            format!("{prefix}.vertices[{index}]"),
            "is not a finite number",
        ),
        ShapeError::BadSize { what, value } => PathError::new(
            format!("{prefix}.{what}"),
            format!("must be a finite number ≥ 0, not {value}"),
        ),
        e @ ShapeError::Collinear { .. } => {
            PathError::new(format!("{prefix}.vertices"), e.to_string())
        }
    }
}

fn warning(prefix: &str, note: &HullNote) -> SceneWarning {
    let path = format!("{prefix}.vertices[{}]", note.index());
    let (kind, message) = match *note {
        HullNote::Inside { .. } => (
            WarningKind::NotConvex,
            "lies inside the hull: the outline is not convex, so its convex hull is used"
                .to_string(),
        ),
        HullNote::Duplicate { of, .. } => (
            WarningKind::Duplicate,
            format!("repeats {prefix}.vertices[{of}], so it is dropped"),
        ),
        HullNote::Collinear { .. } => (
            WarningKind::Collinear,
            "lies on the straight edge through its neighbours, so it is dropped".to_string(),
        ),
    };
    SceneWarning {
        path,
        message,
        kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::DVec2;

    fn polygon(vertices: &[[f64; 2]]) -> Body {
        Body::at_rest(
            ShapeSpec::Polygon {
                vertices: vertices.iter().map(|&v| DVec2::from(v)).collect(),
                radius: 0.0,
            },
            DVec2::ZERO,
        )
    }

    #[test]
    fn a_dent_is_filled_with_a_warning_naming_the_vertex() {
        let body = polygon(&[[0.0, 0.0], [2.0, 0.0], [1.0, 0.5], [2.0, 2.0], [0.0, 2.0]]);
        let (convex, warnings) = body.local_convex(Source::A).unwrap();
        assert_eq!(convex.vertices.len(), 4);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert_eq!(
            warnings[0].to_string(),
            "a.shape.vertices[2] lies inside the hull: the outline is not convex, so its \
             convex hull is used"
        );
        assert_eq!(warnings[0].kind, WarningKind::NotConvex);
    }

    #[test]
    fn duplicates_and_collinear_vertices_get_milder_warnings() {
        let body = polygon(&[[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [1.0, 1.0], [0.0, 0.0]]);
        let (_, warnings) = body.local_convex(Source::B).unwrap();
        let kinds: Vec<_> = warnings.iter().map(|w| (w.path.as_str(), w.kind)).collect();
        assert_eq!(
            kinds,
            vec![
                ("b.shape.vertices[1]", WarningKind::Collinear),
                ("b.shape.vertices[4]", WarningKind::Duplicate)
            ]
        );
        assert!(warnings[1].message.contains("b.shape.vertices[0]"));
    }

    #[test]
    fn collinear_polygon_is_an_error_at_its_vertices() {
        let body = polygon(&[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]);
        let e = body.local_convex(Source::A).unwrap_err();
        assert_eq!(e.path, "a.shape.vertices");
        assert!(e.problem.contains("one line"), "{e}");
    }

    #[test]
    fn pose_turns_degrees_into_radians_and_moves_with_time() {
        let mut body = Body::at_rest(ShapeSpec::Circle { radius: 1.0 }, DVec2::new(1.0, 2.0));
        body.angle_deg = 90.0;
        body.velocity = DVec2::new(2.0, 0.0);
        body.angular_velocity_deg = -180.0;
        assert_eq!(body.pose().angle, std::f64::consts::FRAC_PI_2);
        let p = body.pose_at(0.5);
        assert_eq!(p.position, DVec2::new(2.0, 2.0));
        assert_eq!(p.angle, 0.0);
        let world = body.world_convex(Source::A).unwrap().0;
        assert_eq!(world.vertices, vec![DVec2::new(1.0, 2.0)]);
    }

    #[test]
    fn negative_box_extent_names_the_component() {
        let body = Body::at_rest(
            ShapeSpec::Box {
                half_extents: DVec2::new(1.0, -0.5),
            },
            DVec2::ZERO,
        );
        let e = body.local_convex(Source::B).unwrap_err();
        assert_eq!(e.path, "b.shape.half_extents[1]");
    }
}

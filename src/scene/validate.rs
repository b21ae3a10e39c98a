//! Checks that a scene's values make sense, after its structure has been read.
//!
//! JSON cannot say NaN, and serde_json refuses numbers too large for `f64` (like `1e999`), so a
//! scene read from a file has finite numbers; a scene built or edited in memory may not, and the
//! same checks run before saving. Sizes must be non-negative, polygons need a vertex and must
//! not have three or more vertices on one line (no area, yet not meant as a point or segment),
//! and the settings must let the iterative algorithms run.

use super::convert::shape_error;
use super::error::PathError;
use super::{Body, Scene, ShapeSpec};
use crate::geometry::{DVec2, Shape};

/// The largest coordinate, velocity or size allowed, in world units. A scene is looked at by a
/// person at a scale of a few units; a million keeps about 1e-10 of absolute precision in `f64`
/// (far below [`super::DEFAULT_TOLERANCE`]) and products of two coordinates far from overflow.
pub const MAX_COORDINATE: f64 = 1e6;

/// The largest angle or angular velocity allowed, in degrees: a few thousand turns, where the
/// angle still carries about 1e-10 radians of precision.
pub const MAX_ANGLE_DEG: f64 = 1e6;

/// The most iterations an iterative algorithm may be allowed: every trace step is kept for the
/// person to step through, and a million is already more than anyone can look at.
pub const MAX_MAX_ITERATIONS: u32 = 1_000_000;

/// The most vertices one polygon may list: loading and taking the hull cost `n log n`, so this
/// bounds the time a file takes to load. The hull is what the queries see, and
/// [`MAX_HULL_VERTICES`] limits that.
pub const MAX_VERTICES: usize = 1_000_000;

/// The most hull vertices both bodies may have together. Every query is linear or `n log n` in
/// them (the SAT and the separating-line search walk their supports, `geometry::support`), so
/// what this bounds is the work per edit: at the limit (two 100,000-gons) the window is still
/// usable, if no longer smooth.
pub const MAX_HULL_VERTICES: usize = 200_000;

pub(super) fn validate(scene: &Scene) -> Result<(), PathError> {
    let hull_a = body(&scene.a, "a")?;
    let hull_b = body(&scene.b, "b")?;
    if hull_a + hull_b > MAX_HULL_VERTICES {
        let (name, n) = if hull_b >= hull_a {
            ("b", hull_b)
        } else {
            ("a", hull_a)
        };
        return Err(PathError::too_large(
            format!("{name}.shape.vertices"),
            format!(
                "too large: the outline's convex hull has {n} vertices, A's and B's together \
                 {}; this program handles at most {MAX_HULL_VERTICES} together (every edit \
                 recomputes and redraws all of them). Use fewer vertices, or a circle or \
                 capsule",
                hull_a + hull_b
            ),
        ));
    }
    let tolerance = scene.settings.tolerance;
    if !(tolerance.is_finite() && tolerance > 0.0) {
        return Err(PathError::new(
            "settings.tolerance",
            format!("must be a finite number > 0, not {}", show(tolerance)),
        ));
    }
    let n = scene.settings.max_iterations;
    if n == 0 || n > MAX_MAX_ITERATIONS {
        return Err(PathError::new(
            "settings.max_iterations",
            format!("must be between 1 and {MAX_MAX_ITERATIONS}, not {n}"),
        ));
    }
    for (name, value) in [("view", &scene.view), ("extra", &scene.extra)] {
        if let Some(v) = value {
            if !v.is_object() {
                return Err(PathError::new(
                    name,
                    format!("must be a JSON object {{...}}, not {}", json_kind(v)),
                ));
            }
        }
    }
    Ok(())
}

/// Checks one body; returns its hull's vertex count.
fn body(body: &Body, name: &str) -> Result<usize, PathError> {
    vector(body.position, &format!("{name}.position"))?;
    number(body.angle_deg, &format!("{name}.angle_deg"), MAX_ANGLE_DEG)?;
    vector(body.velocity, &format!("{name}.velocity"))?;
    number(
        body.angular_velocity_deg,
        &format!("{name}.angular_velocity_deg"),
        MAX_ANGLE_DEG,
    )?;
    let prefix = format!("{name}.shape");
    match &body.shape {
        ShapeSpec::Circle { radius } => size(*radius, &format!("{prefix}.radius"))?,
        ShapeSpec::Box { half_extents } => {
            size(half_extents.x, &format!("{prefix}.half_extents[0]"))?;
            size(half_extents.y, &format!("{prefix}.half_extents[1]"))?;
        }
        ShapeSpec::Polygon { vertices, radius } => {
            if vertices.is_empty() {
                return Err(PathError::new(
                    format!("{prefix}.vertices"),
                    "a polygon needs at least one vertex (one is a point, two a segment)",
                ));
            }
            if vertices.len() > MAX_VERTICES {
                return Err(PathError::too_large(
                    format!("{prefix}.vertices"),
                    format!(
                        "too large: {} vertices; a polygon may have at most {MAX_VERTICES}",
                        vertices.len()
                    ),
                ));
            }
            for (i, v) in vertices.iter().enumerate() {
                vector(*v, &format!("{prefix}.vertices[{i}]"))?;
            }
            size(*radius, &format!("{prefix}.radius"))?;
        }
        ShapeSpec::Capsule {
            half_length,
            radius,
        } => {
            size(*half_length, &format!("{prefix}.half_length"))?;
            size(*radius, &format!("{prefix}.radius"))?;
        }
    }
    // What is left for the hull to refuse: three or more distinct vertices on one line.
    let (hull, _) = Shape::from(&body.shape)
        .to_convex()
        .map_err(|e| shape_error(&prefix, e))?;
    Ok(hull.vertices.len())
}

fn number(value: f64, path: &str, limit: f64) -> Result<(), PathError> {
    if !value.is_finite() {
        return Err(PathError::new(
            path,
            format!("must be a finite number, not {}", show(value)),
        ));
    }
    if value.abs() > limit {
        return Err(PathError::new(
            path,
            format!(
                "{} is too large: the limit is ±{}",
                show(value),
                show(limit)
            ),
        ));
    }
    Ok(())
}

fn vector(v: DVec2, path: &str) -> Result<(), PathError> {
    number(v.x, &format!("{path}[0]"), MAX_COORDINATE)?;
    number(v.y, &format!("{path}[1]"), MAX_COORDINATE)
}

fn size(value: f64, path: &str) -> Result<(), PathError> {
    number(value, path, MAX_COORDINATE)?;
    if value < 0.0 {
        return Err(PathError::new(
            path,
            format!("must be ≥ 0, not {}", show(value)),
        ));
    }
    Ok(())
}

/// A number for a message: plain when of ordinary size, in exponent form when very large or
/// very small (so `1e300` does not print as three hundred digits).
pub(super) fn show(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-4..1e7).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// "an array", "a string", ... for messages.
pub(super) fn json_kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

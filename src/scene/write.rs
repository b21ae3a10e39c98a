//! Writing a scene: pretty JSON in the design's field order, saved atomically.
//!
//! The text is built as a small tree of JSON nodes in the order of the design's example
//! (`format`, `title`, `description`, `demo`, `a`, `b`, `settings`, `view`, `extra`; in a body
//! `shape`, `position`, `angle_deg`, `velocity`, `angular_velocity_deg`; in a shape `type`
//! first) and printed with short arrays and small objects on one line, as a person would write
//! them: `"position": [-0.8, 0.0]` rather than four lines. Numbers are printed by serde_json
//! (shortest text that reads back to the same `f64`, so a saved scene loads back equal).
//!
//! Saving goes through [`write_atomic`]: a crash or a full disk leaves either the old file or
//! the new one, never half.

use super::error::{ErrorKind, SceneError};
use super::{Body, Scene, ShapeSpec, FORMAT};
use crate::atomic_write::write_atomic;
use crate::geometry::DVec2;
use crate::json_text::{print, value, Node};
use std::path::Path;

fn number(x: f64) -> Node {
    Node::Scalar(serde_json::to_string(&x).unwrap_or_else(|_| "null".to_string()))
}

fn vector(v: DVec2) -> Node {
    Node::Array(vec![number(v.x), number(v.y)])
}

fn string(s: &str) -> Node {
    Node::Scalar(serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string()))
}

fn entry(key: &str, node: Node) -> (String, Node) {
    (key.to_string(), node)
}

fn shape(spec: &ShapeSpec) -> Node {
    let mut fields = vec![entry("type", string(spec.type_name()))];
    match spec {
        ShapeSpec::Circle { radius } => fields.push(entry("radius", number(*radius))),
        ShapeSpec::Box { half_extents } => {
            fields.push(entry("half_extents", vector(*half_extents)))
        }
        ShapeSpec::Polygon { vertices, radius } => {
            fields.push(entry(
                "vertices",
                Node::Array(vertices.iter().map(|&v| vector(v)).collect()),
            ));
            if *radius != 0.0 {
                fields.push(entry("radius", number(*radius)));
            }
        }
        ShapeSpec::Capsule {
            half_length,
            radius,
        } => {
            fields.push(entry("half_length", number(*half_length)));
            fields.push(entry("radius", number(*radius)));
        }
    }
    Node::Object(fields)
}

fn body(b: &Body) -> Node {
    Node::Object(vec![
        entry("shape", shape(&b.shape)),
        entry("position", vector(b.position)),
        entry("angle_deg", number(b.angle_deg)),
        entry("velocity", vector(b.velocity)),
        entry("angular_velocity_deg", number(b.angular_velocity_deg)),
    ])
}

fn scene(s: &Scene) -> Node {
    let mut fields = vec![
        entry("format", Node::Scalar(FORMAT.to_string())),
        entry("title", string(&s.title)),
    ];
    if let Some(d) = &s.description {
        fields.push(entry("description", string(d)));
    }
    fields.push(entry("demo", string(s.demo.as_str())));
    fields.push(entry("a", body(&s.a)));
    fields.push(entry("b", body(&s.b)));
    fields.push(entry(
        "settings",
        Node::Object(vec![
            entry("tolerance", number(s.settings.tolerance)),
            entry(
                "max_iterations",
                Node::Scalar(s.settings.max_iterations.to_string()),
            ),
        ]),
    ));
    for (key, v) in [("view", &s.view), ("extra", &s.extra)] {
        if let Some(v) = v {
            fields.push(entry(key, value(v)));
        }
    }
    Node::Object(fields)
}

pub(super) fn to_json_string(s: &Scene) -> String {
    let mut out = String::new();
    print(&scene(s), 0, 0, &mut out);
    out.push('\n');
    out
}

pub(super) fn save(s: &Scene, path: &Path) -> Result<(), SceneError> {
    let name = path.display().to_string();
    if let Err(e) = s.validate() {
        let mut error = e.in_file(&name, ErrorKind::Value);
        error.problem.push_str(" (the scene was not saved)");
        return Err(error);
    }
    write_atomic(path, to_json_string(s).as_bytes()).map_err(|e| {
        SceneError::file(
            &name,
            ErrorKind::Io,
            format!("cannot save: {}; any existing file is unchanged", e.why()),
        )
    })
}

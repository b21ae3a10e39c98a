//! The `report` output, format 1 (design section 5): one JSON object describing how the two
//! bodies of a scene stand towards each other. Vectors are `[x, y]` in world coordinates.
//!
//! Only what has been computed is printed: fields for queries not implemented yet are left out,
//! never filled with placeholders.

use crate::geometry::minkowski::minkowski_difference;
use crate::geometry::{distance::contact_from_md, Convex, DVec2};
use serde::Serialize;

/// The report for one scene. Field order is the design's.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub format: u32,
    pub intersecting: bool,
    pub distance: f64,
    pub normal: [f64; 2],
    pub separation: [f64; 2],
    pub closest_points: ClosestPoints,
    pub minkowski_difference: MdReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sat: Option<serde_json::Value>,
    pub warnings: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ClosestPoints {
    pub a: [f64; 2],
    pub b: [f64; 2],
}

#[derive(Clone, Debug, Serialize)]
pub struct MdReport {
    /// Core polygon of B ⊖ A, counter-clockwise from its lowest-then-leftmost vertex.
    pub vertices: Vec<[f64; 2]>,
    /// The rounding radius (sum of the shapes' radii).
    pub radius: f64,
    /// For each edge i (vertex i to i + 1): `"a"` or `"b"`, the shape it came from.
    pub edge_sources: Vec<&'static str>,
}

/// `[x, y]`, with −0 written as 0 so that a reader never sees `-0.0`.
pub fn vec2(v: DVec2) -> [f64; 2] {
    [v.x + 0.0, v.y + 0.0]
}

/// The discrete part of the report for two world-space shapes.
pub fn report(a: &Convex, b: &Convex, warnings: Vec<String>) -> Report {
    let md = minkowski_difference(a, b);
    let c = contact_from_md(&md, a, b);
    Report {
        format: 1,
        intersecting: c.intersecting(),
        distance: c.distance + 0.0,
        normal: vec2(c.normal),
        separation: vec2(c.separation()),
        closest_points: ClosestPoints {
            a: vec2(c.point_a),
            b: vec2(c.point_b),
        },
        minkowski_difference: MdReport {
            vertices: md.vertices.iter().map(|v| vec2(v.point)).collect(),
            radius: md.radius,
            edge_sources: md.edges.iter().map(|e| e.source.as_str()).collect(),
        },
        sat: None,
        warnings,
    }
}

impl Report {
    /// Pretty-printed JSON, as `minkowski-lab report` prints it.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report is plain data")
    }
}

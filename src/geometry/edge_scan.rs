//! The first article's distance and penetration: every edge against the opposing support
//! vertex.
//!
//! Each MD edge is one shape's edge minus a vertex of the other: the vertex "most opposite" the
//! edge, its support along the reversed edge normal. So walk the edges of A, pairing each with
//! the support vertices of B along −normal, then the edges of B with those of A. Each pair is an
//! MD edge; project the origin onto it (clamped to the segment) and sign the length by which side
//! of the edge's line the origin is on. The largest signed value is the least penetration; the
//! smallest non-negative one is the distance when apart.
//!
//! When two edges are exactly parallel ("exactly aligned" boxes) an edge has two support
//! vertices; both pairs are tried and the clamped projection sorts out which one is the real MD
//! edge.
//!
//! IMPORTANT NOTE — two fixes to the article's version, each pinned by a test:
//! * it tracks only *strictly* positive distances when apart, and signs a projection on the
//!   edge's line (face distance exactly 0) as 0. When the shapes exactly touch, the least
//!   penetration is 0, no distance is strictly positive, and it reports "apart by
//!   `Number.MAX_VALUE`". Here a face distance ≥ 0 counts as outside and 0 as a distance.
//! * two single points (circle cores) have no edges at all; the MD is one point, answered
//!   directly.

use super::distance::{contact, Contact, TOUCH_RELATIVE};
use super::support::HintedSupport;
use super::{closest_on_segment, Convex, DVec2, Source};

/// One (edge, support vertex) pair examined.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeScanStep {
    /// Whose edge this is; the vertex belongs to the other shape.
    pub edge_of: Source,
    pub edge: usize,
    pub vertex: usize,
    /// The MD edge this pair makes, counter-clockwise order (core MD, world frame).
    pub md_edge: (DVec2, DVec2),
    /// Signed distance of the origin from the MD edge's line: `> 0` outside.
    pub face_distance: f64,
    /// The origin projected onto the MD edge, clamped to it.
    pub closest: DVec2,
    /// Its parameter along `md_edge`.
    pub t: f64,
    /// `|closest|`, negative when `face_distance < 0`.
    pub distance: f64,
}

/// Everything the scan looked at and what it concluded.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeScan {
    pub steps: Vec<EdgeScanStep>,
    /// The step with the largest signed distance (the least penetration), if any.
    pub least_penetrating: Option<usize>,
    /// The step with the smallest non-negative distance, if any.
    pub least_positive: Option<usize>,
    /// The step the answer came from: `least_penetrating` when it is negative, else
    /// `least_positive`. `None` only for two points.
    pub chosen: Option<usize>,
    pub contact: Contact,
}

/// Scan every edge of A and of B against the other's support vertices (world space).
pub fn edge_scan(a: &Convex, b: &Convex) -> EdgeScan {
    let mut steps = Vec::new();
    for (edge_of, owner, other) in [(Source::A, a, b), (Source::B, b, a)] {
        // The edges in order turn steadily, so each support search starts from the last.
        let mut support = HintedSupport::new(other);
        for e in 0..owner.edge_count() {
            let n = owner.edge_normal(e);
            let (v0, v1) = owner.edge(e);
            for s in support.vertices(-n) {
                let sv = other.vertices[s];
                // A's edge: b − a = sv − edge; B's edge: edge − sv. Both counter-clockwise.
                let (md_edge, face_distance) = match edge_of {
                    Source::A => ((sv - v0, sv - v1), (sv - v0).dot(n)),
                    Source::B => ((v0 - sv, v1 - sv), -(v0 - sv).dot(n)),
                };
                let (closest, t) = closest_on_segment(md_edge.0, md_edge.1, DVec2::ZERO);
                let len = closest.length();
                steps.push(EdgeScanStep {
                    edge_of,
                    edge: e,
                    vertex: s,
                    md_edge,
                    face_distance,
                    closest,
                    t,
                    distance: if face_distance >= 0.0 { len } else { -len },
                });
            }
        }
    }
    let least_penetrating = (0..steps.len()).reduce(|best, i| {
        if steps[i].distance > steps[best].distance {
            i
        } else {
            best
        }
    });
    let least_positive = (0..steps.len())
        .filter(|&i| steps[i].distance >= 0.0)
        .reduce(|best, i| {
            if steps[i].distance < steps[best].distance {
                i
            } else {
                best
            }
        });
    let chosen = match least_penetrating {
        Some(i) if steps[i].distance < 0.0 => Some(i),
        _ => least_positive,
    };
    let contact = match chosen {
        Some(i) => step_contact(&steps[i], a, b),
        None => contact(a, b), // two points: no edges to scan
    };
    EdgeScan {
        steps,
        least_penetrating,
        least_positive,
        chosen,
        contact,
    }
}

/// The contact a chosen step stands for.
fn step_contact(s: &EdgeScanStep, a: &Convex, b: &Convex) -> Contact {
    let len = s.closest.length();
    let scale = a.extent().max(b.extent());
    let normal = if len > TOUCH_RELATIVE * scale {
        s.closest / len * s.distance.signum()
    } else {
        // Origin on the MD edge (up to rounding): the way out is A's edge normal, or against
        // B's.
        match s.edge_of {
            Source::A => a.edge_normal(s.edge),
            Source::B => -b.edge_normal(s.edge),
        }
    };
    let (core_a, core_b) = match s.edge_of {
        Source::A => {
            let (v0, v1) = a.edge(s.edge);
            (v0.lerp(v1, s.t), b.vertices[s.vertex])
        }
        Source::B => {
            let (v0, v1) = b.edge(s.edge);
            (a.vertices[s.vertex], v0.lerp(v1, s.t))
        }
    };
    Contact::from_core(s.distance, normal, core_a, core_b, a.radius, b.radius)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::boxed;

    #[test]
    fn exactly_aligned_boxes_pick_the_right_pair() {
        // The article's OBB demo starts exactly aligned: every edge has two support vertices.
        let a = boxed(1.0, 0.5, -0.8, 0.0, 0.0);
        let b = boxed(0.5, 0.5, 0.6, 0.2, 0.0);
        let scan = edge_scan(&a, &b);
        assert_eq!(
            scan.steps.len(),
            16,
            "8 edges, each with two support vertices"
        );
        let exact = contact(&a, &b);
        assert!((scan.contact.distance - exact.distance).abs() < 1e-12);
        assert!(
            (scan.contact.distance + 0.1).abs() < 1e-12,
            "{:?}",
            scan.contact
        );
        assert_eq!(scan.contact.normal, DVec2::X);
    }

    fn sign_or_zero(x: f64) -> f64 {
        if x == 0.0 {
            0.0
        } else {
            x.signum()
        }
    }

    #[test]
    fn exactly_touching_is_distance_zero_not_max_value() {
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = boxed(1.0, 1.0, 2.0, 0.5, 0.0);
        let scan = edge_scan(&a, &b);
        // The article's arithmetic on the same pairs: sign(0) = 0, positives strictly > 0.
        let article: Vec<f64> = scan
            .steps
            .iter()
            .map(|s| s.closest.length() * sign_or_zero(s.face_distance))
            .collect();
        let least_penetrating = article.iter().copied().fold(f64::MIN, f64::max);
        let least_positive = article
            .iter()
            .copied()
            .filter(|&d| d > 0.0)
            .fold(f64::MAX, f64::min);
        assert_eq!(least_penetrating, 0.0, "not negative, so 'apart'...");
        assert_eq!(least_positive, f64::MAX, "...by MAX_VALUE");
        assert_eq!(scan.steps[scan.chosen.unwrap()].distance, 0.0);
        assert_eq!(scan.contact.distance, 0.0);
        assert_eq!(scan.contact.normal, DVec2::X);
    }
}

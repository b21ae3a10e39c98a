//! Exact signed distance between two shapes, penetrating or apart, from the Minkowski
//! difference.
//!
//! Build B ⊖ A of the cores by the edge merge, find the point of its boundary nearest the origin
//! (scan the edges, project the origin onto each, keep the nearest), and decide inside or
//! outside with exact orientation tests. Outside, the nearest point is the gap vector; inside, it
//! is the shortest way out. Subtracting the sum of the radii accounts for the rounding. Every step
//! is a closed formula, so the answer is exact up to floating point: this is what `report` prints
//! and what every other method is checked against.
//!
//! The nearest feature also names the vertices of A and B behind it, so the witness points come
//! out of the same parameter along the MD edge.

use super::minkowski::{minkowski_difference, MinkowskiDifference};
use super::{closest_on_segment, orient, Convex, DVec2, Source};

/// The normal chosen when it is undefined: the cores are two points at the same place
/// (concentric circles). Any direction is a shortest way out; +x is the documented choice.
pub const DEGENERATE_NORMAL: DVec2 = DVec2::X;

/// How two shapes stand towards each other (design section 2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Signed: `> 0` the gap, `< 0` minus the penetration depth, `0` touching.
    pub distance: f64,
    /// Unit, pointing from A towards B (world frame).
    pub normal: DVec2,
    /// Witness point on A's boundary (world frame).
    pub point_a: DVec2,
    /// Witness point on B's boundary (world frame). `point_b − point_a = distance · normal`, so
    /// when overlapping the separation brings `point_b` onto `point_a`.
    pub point_b: DVec2,
}

impl Contact {
    /// Build the contact of the rounded shapes from the one of their cores: `core_distance` and
    /// `normal` as in [`Contact`], `core_a`/`core_b` the witness points on the cores, `radius_a`
    /// and `radius_b` the rounding.
    pub fn from_core(
        core_distance: f64,
        normal: DVec2,
        core_a: DVec2,
        core_b: DVec2,
        radius_a: f64,
        radius_b: f64,
    ) -> Contact {
        Contact {
            distance: core_distance - radius_a - radius_b,
            normal,
            point_a: core_a + normal * radius_a,
            point_b: core_b - normal * radius_b,
        }
    }

    /// Whether the closed shapes share a point (the origin is in the closed MD): `distance ≤ 0`,
    /// so touching counts.
    pub fn intersecting(&self) -> bool {
        self.distance <= 0.0
    }

    /// The shortest translation of B that leaves the shapes just touching; zero when apart.
    pub fn separation(&self) -> DVec2 {
        if self.distance < 0.0 {
            -self.distance * self.normal
        } else {
            DVec2::ZERO
        }
    }

    /// The point of the (rounded) MD's boundary nearest the origin: `distance · normal`.
    pub fn md_point(&self) -> DVec2 {
        self.distance * self.normal
    }
}

/// The exact contact of two shapes in world space.
pub fn contact(a: &Convex, b: &Convex) -> Contact {
    contact_from_md(&minkowski_difference(a, b), a, b)
}

/// The nearest boundary feature of a core MD to the origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NearestFeature {
    /// Index of the MD edge (or 0 for a one-vertex MD).
    pub edge: usize,
    /// Parameter along that edge, in [0, 1].
    pub t: f64,
    /// The nearest boundary point of the core MD.
    pub point: DVec2,
    /// Whether the origin is strictly inside the core MD.
    pub inside: bool,
}

/// The point of the core MD of `a` and `b` nearest the origin. The first of several equally
/// near edges wins (edges in counter-clockwise order from the lowest vertex).
pub fn nearest_feature(md: &MinkowskiDifference, a: &Convex, b: &Convex) -> NearestFeature {
    let n = md.vertices.len();
    if md.edges.is_empty() {
        return NearestFeature {
            edge: 0,
            t: 0.0,
            point: md.vertices[0].point,
            inside: false,
        };
    }
    let mut best = NearestFeature {
        edge: 0,
        t: 0.0,
        point: DVec2::ZERO,
        inside: false,
    };
    let mut best_d2 = f64::INFINITY;
    // Inside: strictly left of every edge (at least three of them), asked of the shape edges
    // that made them (`origin_left_of`).
    let mut inside = n >= 3;
    for i in 0..n {
        let (p, q) = md.edge_points(i);
        inside = inside && origin_left_of(md, i, a, b);
        let (mut c, t) = closest_on_segment(p, q, DVec2::ZERO);
        if t > 0.0 && t < 1.0 && orient(p, q, DVec2::ZERO) == 0.0 {
            // Exactly on the edge (the orientation test is exact): distance exactly 0, where
            // the projection would leave ~1e-18 of rounding.
            c = DVec2::ZERO;
        }
        let d2 = c.length_squared();
        if d2 < best_d2 {
            best_d2 = d2;
            best = NearestFeature {
                edge: i,
                t,
                point: c,
                inside: false,
            };
        }
    }
    best.inside = inside;
    best
}

/// Whether the origin lies strictly left of MD edge `i`, decided exactly on the shape edge and
/// vertex that made it: B's edge `b₀b₁` less A's vertex `a` has the origin on its left when `a`
/// is left of `b₀b₁`; A's edge `a₀a₁` reversed, from B's vertex `b`, when `b` is left of `a₀a₁`.
/// The MD's own points are rounded differences: where a core is tiny and far from the origin,
/// its MD edges are tiny too, and the line through their rounded ends can point anywhere (the
/// fuzz driver found a 2·10⁻⁷-long capsule core inside a box 1.7·10⁶ long, read as apart).
fn origin_left_of(md: &MinkowskiDifference, i: usize, a: &Convex, b: &Convex) -> bool {
    let e = md.edges[i];
    let (edge_of, other) = match e.source {
        Source::B => (b, a),
        Source::A => (a, b),
    };
    let (p, q) = edge_of.edge(e.edge);
    orient(p, q, other.vertices[e.vertex]) > 0.0
}

/// Below this fraction of the scene's scale, the nearest point's length is rounding noise: its
/// direction says nothing, and the nearest edge's normal is used instead. (The same threshold
/// as GJK's touching test.)
pub const TOUCH_RELATIVE: f64 = 1e-12;

/// The outward normal of MD edge `i`, taken from the shape edge that made it: B's edge normal,
/// or minus A's (B ⊖ A holds A reversed). Exact even where rounding made the MD edge tiny.
pub fn md_edge_normal(md: &MinkowskiDifference, i: usize, a: &Convex, b: &Convex) -> DVec2 {
    let e = md.edges[i];
    match e.source {
        Source::B => b.edge_normal(e.edge),
        Source::A => -a.edge_normal(e.edge),
    }
}

/// The exact contact, given the MD of the same `a` and `b` already built.
///
/// The normal: with the origin inside the MD, the way out is straight through the nearest edge,
/// so the normal is minus that edge's outward normal. Apart, it is the direction of the nearest
/// point — unless that point is rounding noise ([`TOUCH_RELATIVE`]): touching, the nearest
/// edge's normal is used. (A flat MD, such as a point minus a segment, has two edges through
/// the same points facing opposite ways; only the direction of the nearest point tells which
/// faces the origin, so it is used whenever it means something.)
pub fn contact_from_md(md: &MinkowskiDifference, a: &Convex, b: &Convex) -> Contact {
    // On the merged polygon a face-to-face contact is one edge, so the witnesses fall where the
    // origin projects onto it (mid-face), not on the split between the two shapes' edges.
    let md = &*md.merged_collinear_or_self();
    let f = nearest_feature(md, a, b);
    let len = super::length(f.point); // not `length()`: its square would underflow below 1e-154
    let scale = md
        .vertices
        .iter()
        .map(|v| v.point.abs().max_element())
        .fold(0.0, f64::max)
        .max(a.extent())
        .max(b.extent());
    let normal = if md.edges.is_empty() {
        if len > 0.0 {
            f.point / len
        } else {
            DEGENERATE_NORMAL
        }
    } else if f.inside || len <= TOUCH_RELATIVE * scale {
        -md_edge_normal(md, f.edge, a, b)
    } else {
        f.point / len
    };
    let core_distance = if f.inside { -len } else { len };
    let (core_a, core_b) = witnesses(md, a, b, f.edge, f.t);
    Contact::from_core(core_distance, normal, core_a, core_b, a.radius, b.radius)
}

/// The core points of A and B behind the MD point at parameter `t` along edge `edge`.
fn witnesses(
    md: &MinkowskiDifference,
    a: &Convex,
    b: &Convex,
    edge: usize,
    t: f64,
) -> (DVec2, DVec2) {
    let n = md.vertices.len();
    let v0 = md.vertices[edge];
    let v1 = md.vertices[(edge + 1) % n];
    let pa = a.vertices[v0.a].lerp(a.vertices[v1.a], t);
    let pb = b.vertices[v0.b].lerp(b.vertices[v1.b], t);
    (pa, pb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::{body, core_of};
    use crate::geometry::Shape;

    fn close(a: DVec2, b: DVec2) -> bool {
        (a - b).length() < 1e-12
    }

    #[test]
    fn an_md_edge_rounded_to_nothing_does_not_turn_inside_out() {
        // A segment 2·10⁻³⁰⁰ long at the centre of a box: b − a rounds both ends to the same
        // point, so the MD has zero-long edges. The segment is 1.5 inside the box's sides.
        let a = Convex::new(vec![DVec2::new(-1e-300, 0.0), DVec2::new(1e-300, 0.0)], 0.0);
        let b = body(
            Shape::Box {
                half_extents: DVec2::new(1.5, 2.0),
            },
            0.0,
            0.0,
            0.0,
        );
        let c = contact(&a, &b);
        assert_eq!(c.distance, -1.5, "{c:?}");
        assert_eq!(c.normal.x.abs(), 1.0, "{c:?}");
    }

    #[test]
    fn a_tiny_core_far_along_a_long_box_is_inside_it() {
        // The fuzz driver's scene: a capsule's 1.8·10⁻⁷-long core, nearly parallel to a box
        // 1.7·10⁶ long and 2.75 wide, lies inside it, 1.169 from its lower side and 1.581 from
        // its upper one. Its MD edges are as tiny as the core, 8·10⁵ from the origin: the lines
        // through their rounded ends had the origin outside, and the cores apart by 1.169.
        let a = core_of(&[
            [36.99999990790507, 7.999999987056902],
            [37.00000009209493, 8.000000012943099],
        ]);
        let b = core_of(&[
            [-844940.5577547115, -118747.03166658498],
            [844947.9404807391, 118751.30842939595],
            [844947.5577547115, 118754.03166658498],
            [-844940.9404807391, -118744.30842939595],
        ]);
        let c = contact(&a, &b);
        assert!((c.distance + 1.168_907_427).abs() < 1e-6, "{c:?}");
        // A leaves through B's lower side (edge 0, its outward normal pointing down): the
        // normal from A towards B points up, minus that side's normal.
        assert!(close(c.normal, -b.edge_normal(0)), "{c:?}");
    }

    #[test]
    fn a_gap_of_1e_300_is_not_rounded_to_touching() {
        let c = contact(
            &Convex::circle(DVec2::new(0.0, 1e-300), 0.0),
            &Convex::circle(DVec2::ZERO, 0.0),
        );
        assert_eq!((c.distance, c.normal), (1e-300, -DVec2::Y), "{c:?}");
    }

    #[test]
    fn a_subnormal_shape_edge_still_has_a_side() {
        // The fuzz driver's scene: B's outline closes with an edge from (0, 10⁻³²³) to the
        // origin. A's segment ends 10⁻⁷ from it, inside B (left of every edge), 3.8·10⁻⁸ from
        // B's diagonal side. The orientation products underflowed to 0 along the tiny edge, so
        // the segment was read as outside, and the contact as apart by 3.8·10⁻⁸.
        let tip = DVec2::new(1.0200000000000001e-7, 4.800000016022124e-8);
        assert!(orient(DVec2::new(0.0, 1e-323), DVec2::ZERO, tip) > 0.0);
        let a = Convex::new(
            vec![DVec2::new(-5.999999999999994e-9, 4.799999983977879e-8), tip],
            0.0,
        );
        let b = Convex::new(
            vec![
                DVec2::ZERO,
                DVec2::new(0.5, 6.246034871662395e-31),
                DVec2::new(1.5, 1.500000048),
                DVec2::new(1.5000000480000002, 1.5000001700000003),
                DVec2::new(0.5, 0.500000077),
                DVec2::new(0.0, 1e-323),
            ],
            0.0,
        );
        let c = contact(&a, &b);
        assert!((c.distance + 3.818377e-8).abs() < 1e-14, "{c:?}");
        // Out through the diagonal side (slope 1 + 1.5·10⁻⁷).
        let side = DVec2::new(0.5, 0.500000077);
        assert!(
            (c.normal + side.perp().normalize()).length() < 1e-12,
            "{c:?}"
        );
    }

    #[test]
    fn boxes_a_quarter_overlapping() {
        // A: box half (1, 1) at the origin; B: box half (0.75, 1) at (1.5, 0). The MD spans
        // x ∈ [−0.25, 3.25], so the origin is 0.25 inside its left side.
        let a = body(
            Shape::Box {
                half_extents: DVec2::new(1.0, 1.0),
            },
            0.0,
            0.0,
            0.0,
        );
        let b = body(
            Shape::Box {
                half_extents: DVec2::new(0.75, 1.0),
            },
            1.5,
            0.0,
            0.0,
        );
        let c = contact(&a, &b);
        assert_eq!(c.distance, -0.25);
        assert_eq!(c.normal, DVec2::X);
        assert_eq!(c.separation(), DVec2::new(0.25, 0.0));
        assert!(c.intersecting());
        assert!(close(c.point_b - c.point_a, c.md_point()));
        assert_eq!(c.point_a.x, 1.0);
        assert_eq!(c.point_b.x, 0.75);
    }

    #[test]
    fn circles_apart_touching_and_concentric() {
        let a = Convex::circle(DVec2::ZERO, 1.0);
        let b = Convex::circle(DVec2::new(3.0, 4.0), 1.5);
        let c = contact(&a, &b);
        assert_eq!(c.distance, 2.5);
        assert!(close(c.normal, DVec2::new(0.6, 0.8)));
        assert!(close(c.point_a, DVec2::new(0.6, 0.8)));
        assert!(close(
            c.point_b,
            DVec2::new(3.0, 4.0) - DVec2::new(0.9, 1.2)
        ));
        assert!(!c.intersecting());

        let t = contact(&a, &Convex::circle(DVec2::new(2.0, 0.0), 1.0));
        assert_eq!(t.distance, 0.0);
        assert!(t.intersecting());
        assert_eq!(t.separation(), DVec2::ZERO);

        let same = contact(&a, &Convex::circle(DVec2::ZERO, 0.5));
        assert_eq!(same.distance, -1.5);
        assert_eq!(same.normal, DEGENERATE_NORMAL);
    }

    #[test]
    fn touching_boxes_face_to_face() {
        let unit = Shape::Box {
            half_extents: DVec2::ONE,
        };
        let c = contact(
            &body(unit.clone(), 0.0, 0.0, 0.0),
            &body(unit, 2.0, 0.5, 0.0),
        );
        assert_eq!(c.distance, 0.0);
        assert_eq!(c.normal, DVec2::X);
    }

    #[test]
    fn capsule_over_a_box_corner() {
        // Capsule core from (−1, 3) to (1, 3), radius 0.5, above a unit box: gap 3 − 1 − 0.5.
        let a = body(
            Shape::Box {
                half_extents: DVec2::ONE,
            },
            0.0,
            0.0,
            0.0,
        );
        let b = body(
            Shape::Capsule {
                half_length: 1.0,
                radius: 0.5,
            },
            0.0,
            3.0,
            0.0,
        );
        let c = contact(&a, &b);
        assert!((c.distance - 1.5).abs() < 1e-15);
        assert_eq!(c.normal, DVec2::Y);
        assert_eq!(c.point_a.y, 1.0);
        assert_eq!(c.point_b.y, 2.5);
    }
}

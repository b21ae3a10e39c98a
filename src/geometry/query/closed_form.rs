//! Closed forms for the pairs a program meets most: a point core (a circle) or a box against a
//! box, each box in its own frame, where it is the rectangle `[−h, h]` ([`centred_box`]). No
//! walk, no iteration: a few dozen operations, where the face test or GJK would take a few
//! hundred. And a point core against any convex polygon: a short walk round the polygon to the
//! feature nearest the point ([`point_polygon`]), where the face test would set up both cores
//! and GJK (on a large polygon) iterate support searches.
//!
//! * **A point and a box**: the box's nearest point to the point is the point clamped to the
//!   box; inside, the nearest side is the one the point is least deep behind.
//! * **Two boxes**: the separating-axis test on the four side directions (the second article's
//!   axes; for a box each direction stands for two opposite sides, the one facing the other
//!   box's centre). No axis separating them: they overlap, and the axis the boxes overlap least
//!   along is the shortest way out, exactly (every MD edge is parallel to a side of one of
//!   them). An axis separating them: often the other box's corner lowest along the widest
//!   gap's side has its foot on that side, and then they are the nearest points (the gap's
//!   slab separates the boxes). Else, as the nearest points of two convex polygons apart always
//!   include a corner of one of them, the distance is the least of the eight corner-to-box
//!   distances, each a clamp.
//!
//! Each returns `None` where its answer would rest on rounding: shapes within rounding of
//! touching ([`super::GRAZING`] of their coordinates), where the direction between nearest
//! points is noise and the general routes decide.

use super::{FaceContact, DEPTH_SCAN_MAX, GRAZING};
use crate::geometry::support::extreme_vertex;
use crate::geometry::{Convex, DVec2, Placement};

/// The half extents `h` when `core` is the rectangle with corners `±h` (a box in its own frame,
/// as [`crate::geometry::Shape::Box`] gives it, both extents positive): four vertices, opposite
/// ones opposite, each `(±h.x, ±h.y)`.
pub(crate) fn centred_box(core: &[DVec2]) -> Option<DVec2> {
    let &[v0, v1, v2, v3] = core else {
        return None;
    };
    let h = v0.abs();
    // Each pair of coordinates at once: `v2 == −v0` exactly when their sum is zero (finite;
    // an infinite coordinate makes no box).
    let is_box = (v2 + v0).cmpeq(DVec2::ZERO).all()
        && (v3 + v1).cmpeq(DVec2::ZERO).all()
        && v1.abs().cmpeq(h).all()
        && v1.cmpne(v0).any()
        && v1.cmpne(v2).any()
        && h.cmpgt(DVec2::ZERO).all();
    is_box.then_some(h)
}

/// A point `p` against the box `[−h, h]` (in the box's frame): the signed distance (negative
/// inside), the unit normal from the box towards the point and the box's boundary point there.
/// `None` within rounding of the boundary.
pub(super) fn point_box(p: DVec2, h: DVec2) -> Option<(f64, DVec2, DVec2)> {
    let q = p.abs();
    // How far beyond each pair of sides.
    let beyond = q - h;
    // By comparisons, not `f64::max` and `clamp`, which also sort out NaNs: the sides are
    // finite, and a NaN coordinate of `p`, compared false, is passed over as `max` passes it
    // (in `magnitude`) or leaves the gap NaN as `clamp` does.
    let larger = |x: f64, y: f64| if x > y { x } else { y };
    let magnitude = larger(q.y, larger(q.x, larger(h.x, h.y)));
    let rounding = GRAZING * magnitude;
    if beyond.x > 0.0 || beyond.y > 0.0 {
        let clamped = |v: f64, side: f64| {
            if v > side {
                side
            } else if v < -side {
                -side
            } else {
                v
            }
        };
        let on_box = DVec2::new(clamped(p.x, h.x), clamped(p.y, h.y));
        let between = p - on_box;
        let gap = between.length();
        return (gap > rounding).then(|| (gap, between / gap, on_box));
    }
    // Inside: out through the side it is least deep behind.
    let depth = beyond.max_element();
    if depth >= -rounding {
        return None;
    }
    let (normal, on_box) = if beyond.x >= beyond.y {
        let side = h.x.copysign(p.x);
        (DVec2::new(1f64.copysign(p.x), 0.0), DVec2::new(side, p.y))
    } else {
        let side = h.y.copysign(p.y);
        (DVec2::new(0.0, 1f64.copysign(p.y)), DVec2::new(p.x, side))
    };
    Some((depth, normal, on_box))
}

/// The contact of a point core (A's when `point_is_a`) at `p` and a box `[−h, h]`, both in the
/// box's frame.
pub(super) fn point_against_box(p: DVec2, h: DVec2, point_is_a: bool) -> Option<FaceContact> {
    let (gap, out, on_box) = point_box(p, h)?;
    Some(point_contact(p, gap, out, on_box, point_is_a))
}

/// The contact of a point core (A's when `point_is_a`) at `p` and a polygon's core, both in the
/// polygon's frame, where [`point_polygon`] shows the point outside, or inside a polygon of at
/// most [`DEPTH_SCAN_MAX`] faces ([`point_depth`]).
pub(super) fn point_against_polygon(
    p: DVec2,
    polygon: &Convex,
    point_is_a: bool,
) -> Option<FaceContact> {
    let (gap, out, on) = match point_polygon(p, polygon) {
        PointPolygon::Outside(gap, out, on) => (gap, out, on),
        PointPolygon::Inside if polygon.vertices.len() <= DEPTH_SCAN_MAX => {
            point_depth(p, &polygon.vertices)?
        }
        PointPolygon::Inside => return None,
        PointPolygon::Unsettled => return None,
    };
    Some(point_contact(p, gap, out, on, point_is_a))
}

/// A point `p` strictly inside a convex polygon's core (counter-clockwise, both in the
/// polygon's frame; [`point_polygon`] shows it inside): its signed distance (negative, how
/// deep it lies), the outward unit normal of the face it is least deep behind and its foot on
/// that face. The polygon is where all its faces' half-planes meet, so from inside the nearest
/// boundary point is the foot on the nearest face's line: one pass over the faces, a cross
/// product and a division each (their depths compared squared, with no square root), where
/// EPA would search the polygon for support again and again.
///
/// A face no longer than rounding of its coordinates has a line whose direction is noise, but
/// it can never be the nearest by more than rounding: between its neighbours' normals, the
/// depth along a normal turning from one to the other is a sine arc over less than a half turn
/// (the depths are positive), least at one end. So only the face found is checked: `None`
/// where it is that short, where the point lies within rounding of it, or on a NaN (as
/// [`point_polygon`] leaves such cases to the general routes).
pub(super) fn point_depth(p: DVec2, core: &[DVec2]) -> Option<(f64, DVec2, DVec2)> {
    let n = core.len();
    if n < 3 {
        return None;
    }
    // The least squared depth so far and the face's end (the face from vertex `face − 1`).
    let (mut least, mut face) = (f64::INFINITY, 0);
    let mut from_p = core[n - 1] - p;
    for (i, &end) in core.iter().enumerate() {
        let to_end = end - p;
        let edge = to_end - from_p;
        // How far `p` lies behind the face's line, times the face's length (positive inside),
        // and that depth squared (the sign kept; divided first, to stay in range).
        let lifted = super::outward(edge).dot(from_p);
        let depth = lifted * (lifted.abs() / edge.length_squared());
        if depth < least {
            (least, face) = (depth, i);
        }
        from_p = to_end;
    }
    let (start, end) = (core[super::around(face, n).0], core[face]);
    let (depth, out) = super::depth::settled_depth(start, end, p)?;
    Some((-depth, out, p + out * depth))
}

/// The contact of a point core (A's when `point_is_a`) at `p` and a core whose point `on` is
/// `gap` from it along `out` (unit, towards the point), in that core's frame.
fn point_contact(p: DVec2, gap: f64, out: DVec2, on: DVec2, point_is_a: bool) -> FaceContact {
    let (normal, core_a, core_b) = if point_is_a {
        (-out, p, on)
    } else {
        (out, on, p)
    };
    FaceContact {
        gap,
        normal,
        core_a,
        core_b,
        in_frame_of_a: !point_is_a,
    }
}

/// Where a point lies against a convex polygon ([`point_polygon`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum PointPolygon {
    /// Outside, by the distance, along the unit normal from the polygon towards the point, from
    /// the polygon's nearest point.
    Outside(f64, DVec2, DVec2),
    /// Strictly inside.
    Inside,
    /// Neither shown: within rounding of the boundary, on a polygon whose edges are too short
    /// for rounding to tell, or where the walk was misled.
    Unsettled,
}

/// A point `p` against a convex polygon's core (counter-clockwise, three vertices or more, both
/// in the polygon's frame): a walk round the polygon from its vertex farthest towards `p` (seen
/// from the polygon's middle) to the feature nearest `p`, in one direction. At each vertex:
/// - `p` in the vertex's normal cone (its foot beyond the incoming edge's end and short of the
///   outgoing edge's start): the vertex is the nearest point;
/// - `p` in front of an edge's line with its foot on the edge: the edge is nearest, and the
///   distance is the gap to its line (the polygon lies behind it);
/// - in front of an edge, its foot past the edge's far end: on to that end;
/// - behind both edges' lines: strictly inside (an O(log n) test), or, outside, in the corner's
///   wedge: on round the half of the polygon on `p`'s side of the line from the vertex through
///   the middle.
///
/// Every certificate reads only the vertex's or the edge's own coordinates, so an answer is the
/// polygon's, however the walk got there. [`PointPolygon::Unsettled`] where an edge is no longer
/// than rounding (it cannot tell where a foot falls), the point lies within rounding of the
/// boundary (no direction out), or the walk would turn back; at most one step per vertex.
pub(super) fn point_polygon(p: DVec2, polygon: &Convex) -> PointPolygon {
    let core = &polygon.vertices[..];
    let n = core.len();
    if n < 3 {
        return PointPolygon::Unsettled;
    }
    let middle = super::middle(core);
    let mut i = extreme_vertex(polygon, p - middle);
    let magnitude = p.abs().max(core[i].abs()).max_element();
    let rounding = GRAZING * magnitude;
    let long_enough = |e: DVec2| e.abs().max_element() > rounding;
    // `p`, `lifted` (times the edge's length, positive) out from `edge`, its foot on the edge:
    // the edge is nearest.
    let off_edge = |edge: DVec2, lifted: f64| {
        let length = crate::geometry::length(edge);
        let gap = lifted / length;
        if gap <= rounding || gap.is_nan() {
            return PointPolygon::Unsettled;
        }
        let out = super::outward(edge) / length;
        PointPolygon::Outside(gap, out, p - out * gap)
    };
    // +1 once the walk went counter-clockwise, −1 clockwise: it never turns back.
    let mut heading = 0;
    for _ in 0..n {
        let (before, after) = super::around(i, n);
        let v = core[i];
        let w = p - v;
        let (e_in, e_out) = (v - core[before], core[after] - v);
        if !(long_enough(e_in) && long_enough(e_out)) {
            return PointPolygon::Unsettled;
        }
        let (along_in, along_out) = (w.dot(e_in), w.dot(e_out));
        let (lifted_in, lifted_out) = (super::outward(e_in).dot(w), super::outward(e_out).dot(w));
        // Where `p`'s foot falls past the vertex along the outgoing edge, or short of it along
        // the incoming one (both, at a sharp corner), the edge `p` is in front of holds the
        // nearest point, or the walk goes on that way; `p` behind both edges' lines is inside,
        // or in the corner's wedge (below).
        let (ahead, back) = (along_out > 0.0, along_in < 0.0);
        let from = core[before];
        let past_after = along_out >= e_out.length_squared();
        let short_of_before = (p - from).dot(e_in) <= 0.0;
        let step = if ahead && lifted_out > 0.0 {
            if !past_after {
                return off_edge(e_out, lifted_out);
            }
            1
        } else if back && lifted_in > 0.0 {
            if !short_of_before {
                return off_edge(e_in, lifted_in);
            }
            -1
        } else if !ahead && !back {
            // In the vertex's normal cone (or a NaN).
            let gap = crate::geometry::length(w);
            return if gap > rounding && along_out <= 0.0 && along_in >= 0.0 {
                PointPolygon::Outside(gap, w / gap, v)
            } else {
                PointPolygon::Unsettled
            };
        } else if super::strictly_inside(core, p) {
            return PointPolygon::Inside;
        } else if (middle - v).perp_dot(w) < 0.0 {
            // Behind both edges' lines, outside: in the corner's wedge, beyond an edge further
            // round. The line from the vertex through the middle splits the polygon in two;
            // the walk goes round the half on `p`'s side (counter-clockwise: the right).
            1
        } else {
            -1
        };
        if heading == -step {
            return PointPolygon::Unsettled;
        }
        heading = step;
        i = if step > 0 { after } else { before };
    }
    PointPolygon::Unsettled
}

/// The corners of the box `[−h, h]` placed by `to`.
fn corners(h: DVec2, to: &Placement) -> [DVec2; 4] {
    [
        DVec2::new(-h.x, -h.y),
        DVec2::new(h.x, -h.y),
        DVec2::new(h.x, h.y),
        DVec2::new(-h.x, h.y),
    ]
    .map(|c| to.apply(c))
}

/// How two boxes lie, along the four side directions.
pub(super) enum Boxes {
    /// Apart: an axis separates them; the one with the widest gap (0 and 1: A's `x` and `y`,
    /// 2 and 3: B's).
    Apart(usize),
    /// Overlapping (or touching): the least overlap, as a negative gap, and its axis.
    Overlapping(FaceContact),
}

/// The separating-axis test of boxes `[−ha, ha]` (A, in its frame) and `[−hb, hb]` placed in A's
/// frame by `b_in_a`, with the contact of the least overlap when no axis separates them (its
/// witnesses worked out only when `witnesses`: the unsigned distance needs none).
pub(super) fn boxes_overlap(ha: DVec2, hb: DVec2, b_in_a: &Placement, witnesses: bool) -> Boxes {
    let (p, r) = (b_in_a.position, b_in_a.rotation);
    let (c, s) = (r.x.abs(), r.y.abs());
    // B's axes in A's frame: (cos, sin) and (−sin, cos). The centres' offset along each axis,
    // less both boxes' half-widths along it.
    let along_b = DVec2::new(p.dot(r), p.dot(r.perp()));
    let gaps = [
        p.x.abs() - ha.x - (hb.x * c + hb.y * s),
        p.y.abs() - ha.y - (hb.x * s + hb.y * c),
        along_b.x.abs() - hb.x - (ha.x * c + ha.y * s),
        along_b.y.abs() - hb.y - (ha.x * s + ha.y * c),
    ];
    let mut axis = 0;
    for i in 1..4 {
        if gaps[i] > gaps[axis] {
            axis = i;
        }
    }
    if gaps.iter().any(|&g| g > 0.0) {
        return Boxes::Apart(axis);
    }
    let gap = gaps[axis];
    if !witnesses {
        return Boxes::Overlapping(FaceContact {
            gap,
            normal: DVec2::ZERO,
            core_a: DVec2::ZERO,
            core_b: DVec2::ZERO,
            in_frame_of_a: true,
        });
    }
    // The face's outward normal (in A's frame) towards the other box, and the other box's corner
    // deepest behind it, with its foot on the face.
    let a_axes = [DVec2::X, DVec2::Y];
    let b_axes = [r, r.perp()];
    let contact = if axis < 2 {
        let u = a_axes[axis] * 1f64.copysign(p[axis]);
        let deepest = lowest(corners(hb, b_in_a), u);
        FaceContact {
            gap,
            normal: u,
            core_a: deepest - gap * u,
            core_b: deepest,
            in_frame_of_a: true,
        }
    } else {
        // B's face, its normal pointing towards A.
        let u = b_axes[axis - 2] * -(1f64.copysign(along_b[axis - 2]));
        let deepest = lowest(corners(ha, &Placement::IDENTITY), u);
        FaceContact {
            gap,
            normal: -u,
            core_a: deepest,
            core_b: deepest - gap * u,
            in_frame_of_a: true,
        }
    };
    Boxes::Overlapping(contact)
}

/// The first of `points` with the least `dir · p`.
fn lowest(points: [DVec2; 4], dir: DVec2) -> DVec2 {
    let mut best = points[0];
    for &q in &points[1..] {
        if q.dot(dir) < best.dot(dir) {
            best = q;
        }
    }
    best
}

/// Boxes known apart, `axis` the widest gap's ([`Boxes::Apart`]): their nearest points, in A's
/// frame; `None` within rounding of touching. The corner lowest along that side, where its foot
/// falls on the side ([`corner_facing_side`]); else the least of the corner-to-box distances.
pub(super) fn boxes_apart(
    ha: DVec2,
    hb: DVec2,
    b_in_a: &Placement,
    axis: usize,
) -> Option<FaceContact> {
    let a_in_b = || Placement::IDENTITY.relative_to(b_in_a);
    let magnitude = ha.max(hb).max_element() + b_in_a.position.abs().max_element();
    let facing = if axis < 2 {
        corner_facing_side(ha, hb, b_in_a, axis).map(|(corner, foot)| (foot, corner))
    } else {
        corner_facing_side(hb, ha, &a_in_b(), axis - 2)
            .map(|(corner, foot)| (b_in_a.apply(corner), b_in_a.apply(foot)))
    };
    if let Some((core_a, core_b)) = facing {
        return FaceContact::nearest(core_a, core_b, magnitude);
    }
    let a_in_b = a_in_b();
    // (squared distance, point on A, point on B), in A's frame.
    let mut best = (f64::INFINITY, DVec2::ZERO, DVec2::ZERO);
    for corner in corners(hb, b_in_a) {
        let on_a = corner.clamp(-ha, ha);
        let d2 = (corner - on_a).length_squared();
        if d2 < best.0 {
            best = (d2, on_a, corner);
        }
    }
    for corner in corners(ha, &Placement::IDENTITY) {
        let in_b = a_in_b.apply(corner);
        let on_b = in_b.clamp(-hb, hb);
        let d2 = (in_b - on_b).length_squared();
        if d2 < best.0 {
            best = (d2, corner, b_in_a.apply(on_b));
        }
    }
    let (_, core_a, core_b) = best;
    FaceContact::nearest(core_a, core_b, magnitude)
}

/// The corner of the box `[−h_other, h_other]` placed by `other` lowest along the outward
/// normal of the side of `[−h, h]` facing it across `axis` (0: `x`, 1: `y`), and that
/// corner's foot on the side, both in the side's box's frame, where the corner lies beyond the
/// side's line and its foot on the side. They are then the boxes' nearest points: the other box
/// lies beyond the line through the corner parallel to the side, and the side's box behind the
/// side's line, a slab as wide as the corner is from its foot.
fn corner_facing_side(
    h: DVec2,
    h_other: DVec2,
    other: &Placement,
    axis: usize,
) -> Option<(DVec2, DVec2)> {
    let (q, r) = (other.position, other.rotation);
    // The side's outward normal: `out` times the axis, towards the other box's centre. Along
    // it, the other box's axes (cos, sin) and (−sin, cos) have components `out · r[axis]` and
    // `out · r.perp()[axis]`; the lowest corner goes against each.
    let out = 1f64.copysign(q[axis]);
    let down = |along: f64| -(1f64.copysign(out * along));
    let sign = DVec2::new(down(r[axis]), down(r.perp()[axis]));
    let corner = other.apply(h_other * sign);
    let across = 1 - axis;
    // (`> 0.0` and `<=`, never negated: a NaN must not count as facing.)
    let beyond = out * corner[axis] - h[axis] > 0.0;
    if !(beyond && corner[across].abs() <= h[across]) {
        return None;
    }
    let mut foot = corner;
    foot[axis] = out * h[axis];
    Some((corner, foot))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::contact;
    use crate::geometry::testing::{near, near_v, regular_polygon, XorShift};
    use crate::geometry::Shape;
    use std::f64::consts::TAU;

    #[test]
    fn boxes_apart_are_nearest_where_the_exact_contact_says() {
        // Boxes at random poses, some turned by right angles (sides parallel, nearest points
        // not unique), from touching-close to far: the closed form's nearest points are the
        // exact contact's distance apart, each on its box, along its normal. Both ways are
        // taken: a corner facing the widest gap's side, and the scan of the eight corners.
        let mut rng = XorShift(0xb0c5_a9a7);
        let mut taken = [0; 2];
        for case in 0..4000 {
            let mut half = || DVec2::new(0.05 + 2.0 * rng.unit(), 0.05 + 2.0 * rng.unit());
            let (ha, hb) = (half(), half());
            let angle = if case % 5 == 0 {
                (case % 4) as f64 * TAU / 4.0
            } else {
                rng.unit() * TAU
            };
            let reach = 6.0 * rng.unit();
            let position = DVec2::from_angle(rng.unit() * TAU) * reach;
            let b_in_a = Placement::from(crate::geometry::Pose::new(position, angle));
            let Boxes::Apart(axis) = boxes_overlap(ha, hb, &b_in_a, false) else {
                continue;
            };
            let boxed = |h: DVec2| Shape::Box { half_extents: h }.to_convex().unwrap().0;
            let (a, b) = (boxed(ha), boxed(hb).placed(&b_in_a));
            let exact = contact(&a, &b);
            let what = format!("case {case}: {ha} {hb} {b_in_a:?}: {exact:?}");
            let Some(f) = boxes_apart(ha, hb, &b_in_a, axis) else {
                assert!(exact.distance < 1e-12, "{what}");
                continue;
            };
            let facing = if axis < 2 {
                corner_facing_side(ha, hb, &b_in_a, axis)
            } else {
                corner_facing_side(hb, ha, &Placement::IDENTITY.relative_to(&b_in_a), axis - 2)
            };
            taken[usize::from(facing.is_none())] += 1;
            assert!((f.gap - exact.distance).abs() < 1e-12, "{f:?}: {what}");
            assert!((f.normal - exact.normal).length() < 1e-9, "{f:?}: {what}");
            assert!(
                near_v(f.core_b - f.core_a, f.gap * f.normal),
                "{f:?}: {what}"
            );
            let in_b = b_in_a.apply_inverse(f.core_b);
            assert!(f.core_a.abs().cmple(ha + 1e-12).all(), "{f:?}: {what}");
            assert!(in_b.abs().cmple(hb + 1e-12).all(), "{f:?}: {what}");
        }
        assert!(taken.iter().all(|&k| k > 400), "facing, scanned: {taken:?}");
    }

    #[test]
    fn only_a_box_in_its_own_frame_is_a_centred_box() {
        let core = |shape: Shape| shape.to_convex().unwrap().0.vertices;
        let h = DVec2::new(1.5, 0.25);
        assert_eq!(centred_box(&core(Shape::Box { half_extents: h })), Some(h));
        // Moved or turned, a box is no longer `[−h, h]`; nor is a rhombus, a kite or a square
        // missing its symmetry.
        let moved: Vec<DVec2> = core(Shape::Box { half_extents: h })
            .iter()
            .map(|&v| v + DVec2::new(0.5, 0.0))
            .collect();
        assert_eq!(centred_box(&moved), None);
        let rhombus = [DVec2::new(0.0, -1.0), DVec2::X, DVec2::Y, DVec2::NEG_X];
        assert_eq!(centred_box(&rhombus), None);
        let kite = [
            DVec2::new(-1.0, -1.0),
            DVec2::new(1.0, -1.0),
            DVec2::new(1.0, 1.0),
            DVec2::new(-2.0, 1.0),
        ];
        assert_eq!(centred_box(&kite), None);
        assert_eq!(centred_box(&kite[..3]), None);
    }

    #[test]
    fn a_point_leaves_a_box_by_its_nearest_side() {
        let h = DVec2::new(2.0, 1.0);
        // Outside, beyond a corner: the corner, √2 away.
        let (gap, out, on) = point_box(DVec2::new(3.0, 2.0), h).unwrap();
        assert!(
            (gap - 2f64.sqrt()).abs() < 1e-15 && on == DVec2::new(2.0, 1.0),
            "{out}"
        );
        // Inside, nearer the top than the right side.
        let (gap, out, on) = point_box(DVec2::new(1.5, 0.8), h).unwrap();
        assert!((gap + 0.2).abs() < 1e-15 && out == DVec2::Y && on == DVec2::new(1.5, 1.0));
        // On the boundary: left to the general routes.
        assert!(point_box(DVec2::new(2.0, 0.3), h).is_none());
    }

    #[test]
    fn a_point_is_nearest_the_feature_whose_region_holds_it() {
        // A regular hexagon of circumradius 2, vertex 0 at (2, 0).
        let hexagon = regular_polygon(6, 2.0, DVec2::ZERO, 0.0);
        let v = &hexagon.vertices;
        // Beyond vertex 0, along its bisector: the vertex, 1 away.
        assert_eq!(
            point_polygon(DVec2::new(3.0, 0.0), &hexagon),
            PointPolygon::Outside(1.0, DVec2::X, v[0])
        );
        // Off the middle of the edge from vertex 1 to 2 (its line is y = √3): the edge.
        let PointPolygon::Outside(gap, out, on) = point_polygon(DVec2::new(0.3, 2.5), &hexagon)
        else {
            panic!("outside")
        };
        assert!(
            near(gap, 2.5 - 3f64.sqrt()) && near_v(out, DVec2::Y),
            "{gap} {out}"
        );
        assert!(near_v(on, DVec2::new(0.3, 3f64.sqrt())), "{on}");
        // Inside, and on an edge (no direction out): left to the general routes.
        assert_eq!(
            point_polygon(DVec2::new(0.5, -0.7), &hexagon),
            PointPolygon::Inside
        );
        assert_eq!(
            point_polygon((v[3] + v[4]) * 0.5, &hexagon),
            PointPolygon::Unsettled
        );
    }

    /// On random convex polygons of 3 to 40 vertices and points all round them, near and far,
    /// inside and out: every settled answer is the exact contact's, and points outside by
    /// more than rounding are all settled.
    #[test]
    fn the_point_walk_agrees_with_the_exact_contact() {
        let mut rng = XorShift(0x5eed_f0b0_a7c3);
        let mut settled = [0; 2];
        for case in 0..4000 {
            let n = 3 + case % 38;
            let (w, h) = (0.2 + 2.0 * rng.unit(), 0.2 + 2.0 * rng.unit());
            let mut angles: Vec<f64> = (0..n).map(|_| rng.unit() * TAU).collect();
            angles.sort_by(f64::total_cmp);
            let points: Vec<DVec2> = angles
                .iter()
                .map(|t| DVec2::new(t.cos() * w, t.sin() * h))
                .collect();
            let shape = Shape::Polygon {
                vertices: points,
                radius: 0.0,
            };
            let Ok((polygon, _)) = shape.to_convex() else {
                continue;
            };
            if polygon.vertices.len() < 3 {
                continue;
            }
            let reach = 3.0 * rng.unit() * rng.unit();
            let p = DVec2::from_angle(rng.unit() * TAU) * reach;
            let exact = contact(&Convex::circle(p, 0.0), &polygon);
            let what = format!("case {case}: {p} against {:?}: {exact:?}", polygon.vertices);
            match point_polygon(p, &polygon) {
                PointPolygon::Outside(gap, out, on) => {
                    settled[0] += 1;
                    assert!((gap - exact.distance).abs() < 1e-12, "{gap}: {what}");
                    assert!((out + exact.normal).length() < 1e-9, "{out}: {what}");
                    assert!((on - exact.point_b).length() < 1e-12, "{on}: {what}");
                }
                PointPolygon::Inside => {
                    settled[1] += 1;
                    assert!(exact.distance < 0.0, "{what}");
                    // The pass over the faces: the exact depth, out through a point on the
                    // boundary that far away, along a normal every vertex lies behind.
                    let (gap, out, on) = point_depth(p, &polygon.vertices).expect(&what);
                    assert!((gap - exact.distance).abs() < 1e-12, "{gap}: {what}");
                    assert!(((on - p).length() + gap).abs() < 1e-12, "{on}: {what}");
                    assert!((out.length() - 1.0).abs() < 1e-12, "{out}: {what}");
                    let behind = polygon.vertices.iter().map(|&v| out.dot(v - on));
                    assert!(behind.fold(f64::MIN, f64::max) < 1e-12, "{out}: {what}");
                }
                PointPolygon::Unsettled => assert!(exact.distance.abs() < 1e-9, "{what}"),
            }
        }
        assert!(
            settled.iter().all(|&k| k > 1000),
            "outside, inside: {settled:?}"
        );
    }
}

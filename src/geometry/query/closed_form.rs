//! Closed forms for the pairs a program meets most: a point core (a circle) or a box against a
//! box, each box in its own frame, where it is the rectangle `[−h, h]` ([`centred_box`]). No
//! walk, no iteration: a few dozen operations, where the face test or GJK would take a few
//! hundred.
//!
//! * **A point and a box**: the box's nearest point to the point is the point clamped to the
//!   box; inside, the nearest side is the one the point is least deep behind.
//! * **Two boxes**: the separating-axis test on the four side directions (the second article's
//!   axes; for a box each direction stands for two opposite sides, the one facing the other
//!   box's centre). No axis separating them: they overlap, and the axis the boxes overlap least
//!   along is the shortest way out, exactly (every MD edge is parallel to a side of one of
//!   them). An axis separating them: the nearest points of two convex polygons apart always
//!   include a corner of one of them, so the distance is the least of the eight corner-to-box
//!   distances, each a clamp.
//!
//! Each returns `None` where its answer would rest on rounding: shapes within rounding of
//! touching ([`super::GRAZING`] of their coordinates), where the direction between nearest
//! points is noise and the general routes decide.

use super::{FaceContact, GRAZING};
use crate::geometry::{DVec2, Placement};

/// The half extents `h` when `core` is the rectangle with corners `±h` (a box in its own frame,
/// as [`crate::geometry::Shape::Box`] gives it, both extents positive): four vertices, opposite
/// ones opposite, each `(±h.x, ±h.y)`.
pub(crate) fn centred_box(core: &[DVec2]) -> Option<DVec2> {
    let &[v0, v1, v2, v3] = core else {
        return None;
    };
    let h = v0.abs();
    let is_box =
        v2 == -v0 && v3 == -v1 && v1.abs() == h && v1 != v0 && v1 != v2 && h.x > 0.0 && h.y > 0.0;
    is_box.then_some(h)
}

/// A point `p` against the box `[−h, h]` (in the box's frame): the signed distance (negative
/// inside), the unit normal from the box towards the point and the box's boundary point there.
/// `None` within rounding of the boundary.
pub(super) fn point_box(p: DVec2, h: DVec2) -> Option<(f64, DVec2, DVec2)> {
    let beyond = p.abs() - h; // how far beyond each pair of sides
    let magnitude = p.abs().max(h).max_element();
    let rounding = GRAZING * magnitude;
    if beyond.x > 0.0 || beyond.y > 0.0 {
        let on_box = p.clamp(-h, h);
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
    // `out` points from the box towards the point.
    let (normal, core_a, core_b) = if point_is_a {
        (-out, p, on_box)
    } else {
        (out, on_box, p)
    };
    Some(FaceContact {
        gap,
        normal,
        core_a,
        core_b,
        in_frame_of_a: !point_is_a,
    })
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
    /// Apart: an axis separates them.
    Apart,
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
    if gaps.iter().any(|&g| g > 0.0) {
        return Boxes::Apart;
    }
    let mut axis = 0;
    for i in 1..4 {
        if gaps[i] > gaps[axis] {
            axis = i;
        }
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

/// Boxes known apart: their nearest points, in A's frame (the least of the corner-to-box
/// distances); `None` within rounding of touching.
pub(super) fn boxes_apart(ha: DVec2, hb: DVec2, b_in_a: &Placement) -> Option<FaceContact> {
    let a_in_b = Placement::IDENTITY.relative_to(b_in_a);
    // (squared distance, point on A, point on B), in A's frame.
    let mut best = (f64::INFINITY, DVec2::ZERO, DVec2::ZERO);
    for corner in corners(hb, b_in_a) {
        let on_a = corner.clamp(-ha, ha);
        let d2 = (corner - on_a).length_squared();
        if d2 < best.0 {
            best = (d2, on_a, corner);
        }
    }
    let local_b = [
        DVec2::new(-ha.x, -ha.y),
        DVec2::new(ha.x, -ha.y),
        DVec2::new(ha.x, ha.y),
        DVec2::new(-ha.x, ha.y),
    ];
    for corner in local_b {
        let in_b = a_in_b.apply(corner);
        let on_b = in_b.clamp(-hb, hb);
        let d2 = (in_b - on_b).length_squared();
        if d2 < best.0 {
            best = (d2, corner, b_in_a.apply(on_b));
        }
    }
    let (_, core_a, core_b) = best;
    let magnitude = ha.max(hb).max_element() + b_in_a.position.abs().max_element();
    FaceContact::nearest(core_a, core_b, magnitude)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

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
}

//! Closed formulas for the special cases: circle–circle, AABB ⊖ AABB, circle–AABB and
//! circle–OBB.
//!
//! Before the general machinery, the first article ("Collision detection for dummies") solves
//! the cases where the Minkowski difference has a shape you can write down, and the second
//! ("Simple AABB collision detection using the Minkowski difference") builds its whole method on
//! one of them. Each function here returns what it examined (for the figure) and a [`Contact`]
//! in the program's conventions, so every answer can be checked against the exact
//! [`crate::geometry::contact`] on the same shapes as [`Convex`] (the tests do, to 1e-12 of the
//! scene's scale).
//!
//! | function | A | B | idea |
//! |---|---|---|---|
//! | [`circle_circle`] | circle | circle | the MD is a circle about `cB − cA` of radius `rA + rB` |
//! | [`aabb_difference`] | AABB | AABB | the MD is an AABB: `[minB − maxA, maxB − minA]` |
//! | [`aabb_circle`] | AABB | circle | clamp the circle's centre to the box: the closest point |
//! | [`obb_circle`] | OBB | circle | the same in the box's frame, then back to the world |
//!
//! The article puts the box first in "circle vs AABB" (box A, circle B), and so do we; for a
//! circle as A, swap the roles of the answer with [`swap_roles`].
//!
//! Conventions (design section 2): world frame, **y-up**; the MD is B ⊖ A; the normal points
//! from A towards B; distance is signed (`< 0` minus the penetration depth); touching counts as
//! intersecting; the separation moves **B**.
//!
//! IMPORTANT NOTE — where we part from the articles, each pinned by a test in
//! `tests/special_cases.rs`:
//! * **circle–circle**: the first article's normal `(A − B)/|A − B|` points from B to A; ours
//!   points from A to B. Its penetration vector `N·p` (with `p < 0`) is then exactly our
//!   [`Contact::separation`]: the move of **B**. Concentric circles have no direction; we use
//!   [`DEGENERATE_NORMAL`] (+x), the same choice the exact contact makes.
//! * **AABB ⊖ AABB**: the second article writes its formulas with y pointing *down* (its `min` is
//!   the top-left corner). The formulas are per coordinate, so they hold unchanged with y up;
//!   only the words change (`min` is the bottom-left corner here). Its `closestPointOnBounds`
//!   answers the nearest *side* even when the origin is outside the box, which is then not the
//!   closest point; the article only calls it when the boxes collide. Here, outside, the closest
//!   point is the origin clamped to the box. Its push-out vector is the closest point itself and
//!   is added to the box that was *subtracted* (A in B ⊖ A): moving A by `p` moves B ⊖ A by `−p`
//!   and brings the boundary point `p` onto the origin. That is the opposite sign of our
//!   separation, which moves B: `push_out = −separation`.
//! * **circle–AABB**: the first article's `distance = |B − Bc| − r` is right only when the
//!   circle's centre is outside the box. With the centre inside, clamping changes nothing, so
//!   `Bc = B` and the formula says `−r` whatever the depth, with no normal at all. Here a centre
//!   inside the (closed) box is pushed out through the nearest face: distance `−(depth to that
//!   face) − r`, normal that face's outward normal. [`BoxCircle::article_distance`] keeps the
//!   article's value so the figure can show the difference.
//! * Ties (two sides or faces equally near) go to the first in the order
//!   [`Side::MinX`], [`Side::MaxX`], [`Side::MaxY`], [`Side::MinY`]: the order in which the
//!   second article's `closestPointOnBoundsToPoint` tries them, keeping the first on equality.

use super::distance::{Contact, DEGENERATE_NORMAL};
use super::hull::convex_hull;
use super::{Convex, DVec2, Pose};

/// A circle: centre (world frame) and radius (≥ 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    pub centre: DVec2,
    pub radius: f64,
}

/// An axis-aligned box: centre and half extents (half width, half height; ≥ 0), world frame,
/// y-up, so [`Aabb::min`] is the bottom-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    pub centre: DVec2,
    pub half_extents: DVec2,
}

/// An oriented box: an [`Aabb`] of the box's own frame, turned by `angle` (radians,
/// counter-clockwise) about its `centre`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb {
    pub centre: DVec2,
    pub half_extents: DVec2,
    pub angle: f64,
}

impl Circle {
    pub fn new(centre: DVec2, radius: f64) -> Self {
        Circle { centre, radius }
    }

    /// The same circle as a [`Convex`] (one core point plus the radius).
    pub fn to_convex(&self) -> Convex {
        Convex::circle(self.centre, self.radius)
    }
}

impl Aabb {
    pub fn new(centre: DVec2, half_extents: DVec2) -> Self {
        Aabb {
            centre,
            half_extents,
        }
    }

    /// The bottom-left corner (smallest x and y).
    pub fn min(&self) -> DVec2 {
        self.centre - self.half_extents
    }

    /// The top-right corner (largest x and y).
    pub fn max(&self) -> DVec2 {
        self.centre + self.half_extents
    }

    /// The same box as a [`Convex`]: its corners counter-clockwise (a zero extent makes it a
    /// segment or a point, as for [`crate::geometry::Shape::Box`]).
    pub fn to_convex(&self) -> Convex {
        let (lo, hi) = (self.min(), self.max());
        let corners = [lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)];
        Convex::new(convex_hull(&corners).vertices, 0.0)
    }
}

impl Obb {
    pub fn new(centre: DVec2, half_extents: DVec2, angle: f64) -> Self {
        Obb {
            centre,
            half_extents,
            angle,
        }
    }

    /// The box's frame: local points map to the world by this pose.
    pub fn pose(&self) -> Pose {
        Pose::new(self.centre, self.angle)
    }

    /// The same box as a [`Convex`] in the world (its local corners moved by [`Obb::pose`]).
    pub fn to_convex(&self) -> Convex {
        Aabb::new(DVec2::ZERO, self.half_extents)
            .to_convex()
            .transformed(&self.pose())
    }
}

/// The same contact seen with A and B exchanged: the normal reversed, the witness points
/// swapped, the distance unchanged. Use it for "circle vs box" with the circle as A.
pub fn swap_roles(c: Contact) -> Contact {
    Contact {
        distance: c.distance,
        normal: -c.normal,
        point_a: c.point_b,
        point_b: c.point_a,
    }
}

// ---------------------------------------------------------------------------------------------
// Circle vs circle
// ---------------------------------------------------------------------------------------------

/// What circle–circle looked at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CircleCircle {
    /// `cB − cA` (world frame): the centre of the MD circle.
    pub offset: DVec2,
    /// `|cB − cA|`.
    pub centre_distance: f64,
    /// `rA + rB`: the radius of the MD circle.
    pub radius_sum: f64,
    /// The centres coincide: the normal is [`DEGENERATE_NORMAL`] by choice.
    pub concentric: bool,
    pub contact: Contact,
}

/// Circle A against circle B: distance `|cB − cA| − (rA + rB)`, normal along `cB − cA`.
pub fn circle_circle(a: &Circle, b: &Circle) -> CircleCircle {
    let offset = b.centre - a.centre;
    let centre_distance = super::length(offset);
    let concentric = centre_distance == 0.0;
    let normal = if concentric {
        DEGENERATE_NORMAL
    } else {
        offset / centre_distance
    };
    CircleCircle {
        offset,
        centre_distance,
        radius_sum: a.radius + b.radius,
        concentric,
        contact: Contact::from_core(
            centre_distance,
            normal,
            a.centre,
            b.centre,
            a.radius,
            b.radius,
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Sides of a box
// ---------------------------------------------------------------------------------------------

/// A side of an axis-aligned box, named by the coordinate it sits at (y-up: `MaxY` is the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The left side, `x = min.x`.
    MinX,
    /// The right side, `x = max.x`.
    MaxX,
    /// The top side, `y = max.y`.
    MaxY,
    /// The bottom side, `y = min.y`.
    MinY,
}

impl Side {
    /// The order in which sides are tried; on a tie the first wins (the second article's order).
    pub const ORDER: [Side; 4] = [Side::MinX, Side::MaxX, Side::MaxY, Side::MinY];

    /// The side's outward unit normal.
    pub fn outward(self) -> DVec2 {
        match self {
            Side::MinX => DVec2::NEG_X,
            Side::MaxX => DVec2::X,
            Side::MaxY => DVec2::Y,
            Side::MinY => DVec2::NEG_Y,
        }
    }

    /// The side's inward unit normal (the outward one reversed, without negative zeros).
    pub fn inward(self) -> DVec2 {
        match self {
            Side::MinX => DVec2::X,
            Side::MaxX => DVec2::NEG_X,
            Side::MaxY => DVec2::NEG_Y,
            Side::MinY => DVec2::Y,
        }
    }
}

/// How far a point is from one side of a box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideDistance {
    pub side: Side,
    /// Distance from the point to the side's line (≥ 0).
    pub distance: f64,
    /// The point moved straight onto the side's line (same frame as the box).
    pub point: DVec2,
}

/// The distances from `p` to the four side lines of the box `[lo, hi]`, in [`Side::ORDER`], and
/// the index of the nearest (first on a tie).
fn side_distances(lo: DVec2, hi: DVec2, p: DVec2) -> ([SideDistance; 4], usize) {
    let sides = Side::ORDER.map(|side| match side {
        Side::MinX => SideDistance {
            side,
            distance: (p.x - lo.x).abs(),
            point: DVec2::new(lo.x, p.y),
        },
        Side::MaxX => SideDistance {
            side,
            distance: (hi.x - p.x).abs(),
            point: DVec2::new(hi.x, p.y),
        },
        Side::MaxY => SideDistance {
            side,
            distance: (hi.y - p.y).abs(),
            point: DVec2::new(p.x, hi.y),
        },
        Side::MinY => SideDistance {
            side,
            distance: (p.y - lo.y).abs(),
            point: DVec2::new(p.x, lo.y),
        },
    });
    let mut nearest = 0;
    for i in 1..4 {
        if sides[i].distance < sides[nearest].distance {
            nearest = i;
        }
    }
    (sides, nearest)
}

/// `p` clamped to `[lo, hi]` per coordinate. Unlike `DVec2::clamp` it never asserts, so a
/// negative or non-finite extent gives a meaningless answer, not a panic.
fn clamp_to(p: DVec2, lo: DVec2, hi: DVec2) -> DVec2 {
    p.max(lo).min(hi)
}

fn in_closed_box(lo: DVec2, hi: DVec2, p: DVec2) -> bool {
    lo.x <= p.x && p.x <= hi.x && lo.y <= p.y && p.y <= hi.y
}

// ---------------------------------------------------------------------------------------------
// AABB ⊖ AABB
// ---------------------------------------------------------------------------------------------

/// What AABB ⊖ AABB looked at (the second article, in y-up words). All points are in the
/// configuration space (the MD's frame: world axes, origin = "A and B at the same place").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AabbDifference {
    /// Bottom-left corner of B ⊖ A: `minB − maxA`.
    pub md_min: DVec2,
    /// Top-right corner of B ⊖ A: `maxB − minA`.
    pub md_max: DVec2,
    /// Centre of B ⊖ A: `cB − cA`.
    pub md_centre: DVec2,
    /// Half extents of B ⊖ A: `hA + hB`.
    pub md_half_extents: DVec2,
    /// Whether the closed MD box contains the origin (the boxes overlap or touch).
    pub contains_origin: bool,
    /// The origin's distance to each of the MD's four side lines, in [`Side::ORDER`] (the
    /// candidates of the article's closest-point search; drawn in the figure).
    pub sides: [SideDistance; 4],
    /// Index into `sides` of the nearest side (first on a tie).
    pub nearest_side: usize,
    /// The point of the MD's boundary nearest the origin: on the nearest side when the origin is
    /// inside, the origin clamped to the box when outside. Equals `contact.md_point()`.
    pub closest_point: DVec2,
    /// The article's penetration vector, `Some` when the boxes overlap or touch: the closest
    /// point itself, to be **added to A** (the subtracted box). It is `−separation`: moving A by
    /// it is the same as moving B by [`Contact::separation`].
    pub push_out: Option<DVec2>,
    pub contact: Contact,
}

/// B ⊖ A for two axis-aligned boxes, and the contact read off it.
pub fn aabb_difference(a: &Aabb, b: &Aabb) -> AabbDifference {
    let md_min = b.min() - a.max();
    let md_max = b.max() - a.min();
    let contains_origin = in_closed_box(md_min, md_max, DVec2::ZERO);
    let (sides, nearest_side) = side_distances(md_min, md_max, DVec2::ZERO);
    let (closest_point, distance, normal) = if contains_origin {
        let s = sides[nearest_side];
        // Inside: the nearest side's point is the MD point `distance · normal` with
        // distance ≤ 0, so the normal points against that side's outward normal.
        // `0.0 − x`, not `−x`: touching gives +0, never −0.
        (s.point, 0.0 - s.distance, s.side.inward())
    } else {
        let p = clamp_to(DVec2::ZERO, md_min, md_max);
        let len = super::length(p);
        (p, len, p / len)
    };
    // Witness points: per axis, the middle of the range of A's coordinates whose partner
    // `a + q` is in B's range (q the MD point): the middle of the contact region.
    let q = distance * normal;
    let (a_lo, a_hi) = (a.min(), a.max());
    let (b_lo, b_hi) = (b.min(), b.max());
    let mid = |alo: f64, ahi: f64, blo: f64, bhi: f64, q: f64| {
        let lo = alo.max(blo - q);
        let hi = ahi.min(bhi - q);
        (lo + hi) / 2.0
    };
    let point_a = DVec2::new(
        mid(a_lo.x, a_hi.x, b_lo.x, b_hi.x, q.x),
        mid(a_lo.y, a_hi.y, b_lo.y, b_hi.y, q.y),
    );
    AabbDifference {
        md_min,
        md_max,
        md_centre: b.centre - a.centre,
        md_half_extents: a.half_extents + b.half_extents,
        contains_origin,
        sides,
        nearest_side,
        closest_point,
        push_out: contains_origin.then_some(closest_point),
        contact: Contact {
            distance,
            normal,
            point_a,
            point_b: point_a + q,
        },
    }
}

// ---------------------------------------------------------------------------------------------
// Circle vs box
// ---------------------------------------------------------------------------------------------

/// Where one coordinate of the circle's centre lies against the box's extent on that axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clamp {
    /// Below `−half_extent`: clamped up to it.
    Low,
    /// Within `[−half_extent, half_extent]` (ends included): unchanged.
    Within,
    /// Above `half_extent`: clamped down to it.
    High,
}

/// Which of the nine regions around a box the circle's centre is in (the first article's red
/// clamped region): one [`Clamp`] per axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClampRegion {
    pub x: Clamp,
    pub y: Clamp,
}

/// The three kinds of region: the box itself, beside one side, beyond a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionKind {
    /// Neither coordinate clamped: the centre is in the closed box.
    Inside,
    /// One coordinate clamped: the closest point is on a side.
    Edge,
    /// Both clamped: the closest point is a corner.
    Corner,
}

impl ClampRegion {
    pub fn kind(&self) -> RegionKind {
        match (self.x == Clamp::Within, self.y == Clamp::Within) {
            (true, true) => RegionKind::Inside,
            (false, false) => RegionKind::Corner,
            _ => RegionKind::Edge,
        }
    }
}

/// What circle–box looked at. `offset`, `clamped`, `closest_on_box` and `nearest_face` are in
/// the **box's frame** (origin at its centre, axes along its sides); `contact` is in the frame of
/// the inputs (the world for [`aabb_circle`], the box's frame in [`ObbCircle::box_space`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxCircle {
    /// V: from the box's centre to the circle's centre.
    pub offset: DVec2,
    /// Bc: V clamped to `[−half_extents, half_extents]`.
    pub clamped: DVec2,
    /// Which coordinates were clamped.
    pub region: ClampRegion,
    /// `|V − Bc| − r`: the article's distance (wrong, `−r`, whenever the centre is inside).
    pub article_distance: f64,
    /// With the centre inside the closed box: the face it leaves through and how far it is
    /// from it (the face distances in [`Side::ORDER`], nearest first on a tie).
    pub nearest_face: Option<SideDistance>,
    /// The point of the box nearest the circle's centre (outside: Bc; inside: on the nearest
    /// face).
    pub closest_on_box: DVec2,
    /// A = the box, B = the circle.
    pub contact: Contact,
}

/// Box A (axis-aligned) against circle B by clamping (the first article's "circle vs AABB").
pub fn aabb_circle(a: &Aabb, b: &Circle) -> BoxCircle {
    let local = box_circle_local(a.half_extents, b.centre - a.centre, b.radius);
    BoxCircle {
        contact: Contact {
            point_a: local.contact.point_a + a.centre,
            point_b: local.contact.point_b + a.centre,
            ..local.contact
        },
        ..local
    }
}

/// The clamp with the box centred at the origin of its frame and `v` the circle's centre there.
fn box_circle_local(h: DVec2, v: DVec2, radius: f64) -> BoxCircle {
    let clamp = |x: f64, e: f64| {
        if x < -e {
            Clamp::Low
        } else if x > e {
            Clamp::High
        } else {
            Clamp::Within
        }
    };
    let region = ClampRegion {
        x: clamp(v.x, h.x),
        y: clamp(v.y, h.y),
    };
    let clamped = clamp_to(v, -h, h);
    let d = v - clamped;
    let article_distance = super::length(d) - radius;
    let (nearest_face, closest_on_box, core_distance, normal) =
        if region.kind() == RegionKind::Inside {
            // The fix: leave through the nearest face, B moving along its outward normal.
            let (faces, i) = side_distances(-h, h, v);
            let f = faces[i];
            (Some(f), f.point, 0.0 - f.distance, f.side.outward())
        } else {
            let len = super::length(d);
            (None, clamped, len, d / len)
        };
    BoxCircle {
        offset: v,
        clamped,
        region,
        article_distance,
        nearest_face,
        closest_on_box,
        contact: Contact::from_core(core_distance, normal, closest_on_box, v, 0.0, radius),
    }
}

/// What circle–OBB looked at: the clamp done in the box's frame, and the results in the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ObbCircle {
    /// The circle's centre in the box's frame ([`Pose::inverse_apply`] of [`Obb::pose`]).
    pub local_centre: DVec2,
    /// The whole circle–AABB record in the box's frame (box centred at the origin, unturned);
    /// its `contact` is in that frame too.
    pub box_space: BoxCircle,
    /// Bc in the world.
    pub clamped_world: DVec2,
    /// The point of the box nearest the circle's centre, in the world.
    pub closest_world: DVec2,
    /// A = the box, B = the circle, world frame.
    pub contact: Contact,
}

/// Oriented box A against circle B: into the box's frame, clamp, and back (the first article's
/// "circle vs OBB").
pub fn obb_circle(a: &Obb, b: &Circle) -> ObbCircle {
    let pose = a.pose();
    let local_centre = pose.inverse_apply(b.centre);
    let box_space = box_circle_local(a.half_extents, local_centre, b.radius);
    let c = box_space.contact;
    ObbCircle {
        local_centre,
        box_space,
        clamped_world: pose.apply(box_space.clamped),
        closest_world: pose.apply(box_space.closest_on_box),
        contact: Contact {
            distance: c.distance,
            normal: pose.rotate(c.normal),
            point_a: pose.apply(c.point_a),
            point_b: pose.apply(c.point_b),
        },
    }
}

//! The linear time of impact as a program asks for it: when two translating shapes first
//! touch, and the normal there, by Gino van den Bergen's GJK ray cast ("Ray Casting against
//! General Convex Objects with Application to Continuous Collision Detection", 2004) on the
//! same support searches as GJK. Untraced.
//!
//! [`crate::geometry::linear_cast`] answers the same question for the figure: it builds the
//! whole MD and tests every edge, which is what the demo draws, at O(n + m) per cast. Here the
//! MD is never built: O(log n) per iteration, and nothing recorded.
//!
//! **The idea.** The ray from the origin along `d = v_A − v_B` (the linear cast's ray) meets the
//! core MD `C = B ⊖ A` (grown by the summed radius `r`) at the time of impact. Keep a point `x`
//! on the ray, starting at the origin, and a simplex of points of `C` whose nearest point to `x`
//! is `c`; `v = x − c` points from `C` towards `x`. The support point `p` of `C` along `v` gives
//! the supporting line `v · y = v · p` with all of `C` behind it. When that line (pushed out by
//! `r`) lies strictly between `C` and `x`, the ray cannot reach `C` before the line: move `x` to
//! where the ray crosses it (or report a miss when the ray does not approach it, or crosses it
//! after `t = 1`). Then add `p` to the simplex, and find the nearest point to the new `x` as GJK
//! does. It stops when `x` is on `C` (within rounding, [`GJK_TOUCH_RELATIVE`] of the scene's
//! scale, plus `r`).
//!
//! `x` only ever moves up to a supporting line, so it never passes the true time of impact.
//! For polygons each step lands on the line of an MD edge or passes an MD vertex's support, and
//! the cast ends on the entry edge's line: the time is exact up to rounding, like the linear
//! cast's. For rounded shapes the discs at the MD's vertices are approached step by step (as
//! conservative advancement does), to within the rounding tolerance in a handful of steps.
//!
//! **Starting in contact.** As in the linear cast, bodies that touch or overlap at `t = 0` give
//! [`CastStatus::Overlapping`], time 0 and the contact normal there ([`super::contact`]).
//!
//! **What is ignored.** Rotation, as in the linear cast.

use crate::geometry::cast::CastStatus;
use crate::geometry::gjk::{
    md_support, nearest_of_simplex, same_point, start_direction, Nearest, Simplex,
    GJK_MAX_ITERATIONS, GJK_TOUCH_RELATIVE,
};
use crate::geometry::support::box_extent;
use crate::geometry::{length, unit, Convex, DVec2};

/// When two translating shapes first touch, as [`linear_time_of_impact`] found it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearImpact {
    /// [`CastStatus::Hit`], [`CastStatus::Miss`] or [`CastStatus::Overlapping`]; in principle
    /// [`CastStatus::OutOfIterations`] (never seen: polygons end in finitely many steps, and
    /// rounded shapes within a handful).
    pub status: CastStatus,
    /// The time of impact in `[0, 1]` for a hit; 0 when overlapping at the start; 1 for a miss (as
    /// [`crate::geometry::linear_cast::LinearCast::toi`]); the last safe time when out of
    /// iterations.
    pub toi: f64,
    /// The contact normal at the time of impact, unit, from A towards B; the contact normal at
    /// `t = 0` when overlapping; `None` for a miss.
    pub normal: Option<DVec2>,
}

impl LinearImpact {
    const MISS: LinearImpact = LinearImpact {
        status: CastStatus::Miss,
        toi: 1.0,
        normal: None,
    };
}

/// The first time in `[0, 1]` at which `a` and `b` (in world space at `t = 0`), translating
/// with velocities `velocity_a` and `velocity_b`, touch, and the normal there: the answer of
/// [`crate::geometry::linear_cast::linear_cast`] without building the MD. See the module doc.
pub fn linear_time_of_impact(
    a: &Convex,
    velocity_a: DVec2,
    b: &Convex,
    velocity_b: DVec2,
) -> LinearImpact {
    if a.vertices.is_empty() || b.vertices.is_empty() {
        return LinearImpact::MISS;
    }
    let margin = a.radius + b.radius;
    let d = velocity_a - velocity_b;
    let (box_a, box_b) = (a.bounds(), b.bounds());
    // Rounding of the MD points is relative to the cores' coordinates (GJK's scale), and of
    // the distances to the discs of rounded shapes to their radius. The point on the ray stays
    // within the MD's reach (it stops on it), whatever the speed.
    let scale = box_extent(box_a)
        .max(box_extent(box_b))
        .max(margin)
        .max(f64::MIN_POSITIVE);
    let touch = margin + GJK_TOUCH_RELATIVE * scale;

    // The MD's support towards the origin, seen from the MD's middle, starts the simplex.
    let first = md_support(a, b, start_direction(box_a, box_b));
    let mut simplex = Simplex::of(&[first]);
    let (mut lambda, mut x) = (0.0, DVec2::ZERO);
    let mut v = x - first.point;
    // The outward MD normal of the last supporting line the ray was moved up to.
    let mut outward: Option<DVec2> = None;
    let mut on_md = false;
    for _ in 0..GJK_MAX_ITERATIONS {
        let length = length(v); // rescaled: right for vectors of 10⁻¹⁶⁰ too
        if length <= touch {
            on_md = true;
            break;
        }
        let p = md_support(a, b, v);
        let ahead = v.dot(x - p.point) - margin * length; // how far x is beyond the line, × |v|
        let mut moved = false;
        if ahead > 0.0 {
            let closing = v.dot(d);
            if closing >= 0.0 {
                return LinearImpact::MISS; // the ray does not approach the line
            }
            let next = lambda - ahead / closing;
            // Past the motion (or an overflowing time, for a motion of 10⁻³²³): never there.
            if !(0.0..=1.0).contains(&next) {
                return LinearImpact::MISS;
            }
            moved = next > lambda;
            (lambda, x) = (next, d * next);
            outward = unit(v);
        }
        let known = simplex.iter().any(|q| same_point(q, &p));
        if known && !moved {
            // Nothing new, and x did not move. In exact arithmetic that cannot happen while x
            // is farther than the radius from the MD: a simplex point lies no farther along v
            // than the simplex's nearest point, so its line would be ahead of x. Here x is
            // within rounding of the MD.
            on_md = true;
            break;
        }
        if !known {
            simplex.push(p);
        }
        // The nearest point of the simplex to x, as GJK finds the nearest to the origin: on
        // the simplex moved by −x.
        let mut moved_simplex = simplex;
        moved_simplex.iter_mut().for_each(|q| q.point -= x);
        match nearest_of_simplex(&moved_simplex) {
            Nearest::Enclosed(_) => v = DVec2::ZERO,
            Nearest::Outside {
                reduced, closest, ..
            } => {
                v = -closest;
                // The points kept, as they were (adding x back would round them).
                let before = simplex;
                simplex = Simplex::EMPTY;
                for r in reduced.iter() {
                    if let Some(q) = before.iter().find(|q| (q.a, q.b) == (r.a, r.b)) {
                        simplex.push(*q);
                    }
                }
            }
        }
    }
    match outward {
        _ if !on_md => LinearImpact {
            status: CastStatus::OutOfIterations,
            toi: lambda,
            normal: outward.map(|n| -n),
        },
        Some(n) => LinearImpact {
            status: CastStatus::Hit,
            toi: lambda,
            normal: Some(-n),
        },
        None => {
            // In contact at t = 0: the contact's own normal, as the linear cast gives.
            LinearImpact {
                status: CastStatus::Overlapping,
                toi: 0.0,
                normal: Some(super::contact(a, b).normal),
            }
        }
    }
}

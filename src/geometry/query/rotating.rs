//! The rotating time of impact as a program asks for it: the first time two bodies that
//! translate *and turn* come within a tolerance, by the conservative advancement of
//! [`crate::geometry::angular_cast`] with nothing recorded. Untraced.
//!
//! The loop, its closing-speed bound and its guarantees are those of the figure's
//! [`crate::geometry::angular_cast::angular_cast`] (see its module doc): the figure's cast and this
//! query run the same loop and differ only in how an iteration measures the bodies. The figure's
//! measures each with GJK to the rounding floor, and every iteration that stops the cast exactly
//! (the MD scan), so that it shows exact distances. Here each iteration is measured by GJK on the
//! posed cores (no vertex moved, no MD built), started from the simplex the last iteration ended
//! with (the nearest features rarely change from one iteration to the next, so one support search
//! usually confirms them), and stopped as soon as its bounds decide the iteration
//! ([`QUERY_BOUND_RATIO`]). A step is taken on GJK's lower bound along its own axis, which is as
//! safe as the exact distance: `toi` is never after the true first contact, a miss is proven, a hit
//! is within the tolerance.
//!
//! Two circles (each core one point at its body's position) need no loop: turning moves
//! nothing, and the time their distance falls to the loop's margin has a closed form
//! (`centred_discs` below).

use crate::geometry::angular_cast::{
    advance, gjk_measure, motion_scale, Measured, ROUNDING_RELATIVE, STOP_SHORT_FRACTION,
};
use crate::geometry::cast::{CastSettings, CastStatus, MovingBody};
use crate::geometry::gjk::{gjk_bounds, Simplex};
use crate::geometry::support::Posed;
use crate::geometry::trace::NoTrace;
use crate::geometry::{DVec2, Pose};

/// A step taken on a lower bound this fraction of the upper one advances nearly as far as one
/// on the exact distance: [`angular_time_of_impact`] stops GJK there. A lower ratio stops GJK
/// sooner but takes shorter steps: on the crawling casts of `tests/angular_cast.rs` (a long bar
/// spinning fast) 0.8 and 0.5 already end two of 300 casts for lack of progress or of
/// iterations where the exact distance finds the hit or the miss; 0.95 ends every one as
/// [`crate::geometry::angular_cast::angular_cast`] does.
pub const QUERY_BOUND_RATIO: f64 = 0.95;

/// What [`query_measure`] needs of the cast that stays the same at every iteration.
#[derive(Clone, Copy)]
struct Fixed {
    /// Each core's farthest point from its body's position: with the positions, the scale of
    /// GJK's tolerances.
    reach: (f64, f64),
    /// Each body's rotation (`(cos θ, sin θ)`) when it does not turn: worked out once.
    rotations: (Option<DVec2>, Option<DVec2>),
    /// The cast's tolerance.
    tolerance: f64,
}

/// The measure of [`angular_time_of_impact`]: GJK on the posed cores from `seed` (the
/// last iteration's simplex), stopped as soon as its bounds on the distance decide the
/// iteration: a hit (the upper bound below `tolerance`, the bodies known apart), or a step on a
/// lower bound at least the tolerance and [`QUERY_BOUND_RATIO`] of the upper one. The bounds are
/// rigorous, so the step is as safe as on the exact distance. When GJK gives no distance,
/// [`super::contact`] on the world cores (GJK, then EPA, or the face test). `seed` is the
/// simplex the last iteration's GJK ended with (empty at first: GJK starts along the line from
/// B's position to A's) and becomes the one this iteration's ended with.
fn query_measure<'a>(
    a: &'a MovingBody,
    b: &'a MovingBody,
    t: f64,
    seed: &mut Simplex,
    fixed: &Fixed,
) -> Measured {
    let Fixed {
        reach,
        rotations,
        tolerance,
    } = *fixed;
    let poses @ (pose_a, pose_b) = (a.pose_at(t), b.pose_at(t));
    let posed = |m: &'a MovingBody, pose: &Pose, fixed: Option<DVec2>| match fixed {
        Some(rotation) => Posed::turned(&m.local, pose.position, rotation),
        None => Posed::new(&m.local, pose),
    };
    let (core_a, core_b) = (
        posed(a, &pose_a, rotations.0),
        posed(b, &pose_b, rotations.1),
    );
    // At least each core's largest coordinate magnitude (`gjk::tolerance_scale`).
    let scale = (pose_a.position.abs().max_element() + reach.0)
        .max(pose_b.position.abs().max_element() + reach.1)
        .max(f64::MIN_POSITIVE);
    // The bounds on the distance of the rounded shapes decide the iteration. After the first
    // iteration (t = 0; every step is positive) the bodies are apart, at least about the margin
    // (module doc): an upper bound below the tolerance is then a hit, on the simplex the last
    // iteration ended with, before any support search.
    let radii = a.local.radius + b.local.radius;
    let apart = t > 0.0;
    let enough = |lower: f64, upper: f64| {
        let (lower, upper) = (lower - radii, upper - radii);
        (upper < tolerance && (apart || lower > 0.0))
            || (lower >= tolerance && lower >= QUERY_BOUND_RATIO * upper)
    };
    let start = a.pose.position - b.pose.position;
    let g = gjk_bounds(&core_a, &core_b, seed, start, scale, enough);
    match gjk_measure(a, b, poses, g, scale) {
        Some(m) => Measured { settled: true, ..m },
        None => Measured::exact(
            pose_a,
            pose_b,
            super::contact(&a.local, pose_a, &b.local, pose_b),
        ),
    }
}

/// The outcome of [`angular_time_of_impact`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AngularImpact {
    pub status: CastStatus,
    /// As [`crate::geometry::angular_cast::AngularCast::toi`].
    pub toi: f64,
    /// The signed distance at the last iteration, or an upper bound on it: on a hit, below the
    /// tolerance (GJK stopped as soon as that was certain); overlapping at the start,
    /// [`super::contact`]'s.
    pub distance: f64,
    /// Unit, from A towards B, at the last iteration (meaningful for every status but a miss).
    pub normal: DVec2,
    /// How many iterations the cast took.
    pub iterations: u32,
}

/// The same conservative advancement as [`crate::geometry::angular_cast::angular_cast`], as a
/// program asks for it: nothing recorded, each iteration measured by GJK on the posed cores, seeded
/// with the last iteration's simplex and stopped as soon as its bounds decide the iteration
/// ([`QUERY_BOUND_RATIO`]), never re-measured (module doc); two circles in closed form
/// (`centred_discs` below). The same guarantees: `toi` is never after the true first contact, a miss
/// is proven, a hit is within the tolerance. On the 2,500 seeded motions of
/// `tests/angular_cast.rs` it ends as [`crate::geometry::angular_cast::angular_cast`] does every
/// time, the times of the hits within 1.5·10⁻³ of each other (both within the tolerance of the
/// contact: two circles stop where their distance is half the tolerance, the loop anywhere
/// below the tolerance).
pub fn angular_time_of_impact(
    a: &MovingBody,
    b: &MovingBody,
    settings: &CastSettings,
) -> AngularImpact {
    if settings.max_iterations > 0 {
        if let Some(impact) = centred_discs(a, b, settings) {
            return impact;
        }
    }
    let radii = (a.max_radius(), b.max_radius());
    let rotation =
        |m: &MovingBody| (m.angular_velocity == 0.0).then(|| DVec2::from_angle(m.pose.angle));
    let fixed = Fixed {
        reach: (radii.0 - a.local.radius, radii.1 - b.local.radius),
        rotations: (rotation(a), rotation(b)),
        tolerance: settings.tolerance,
    };
    // The first search from B's position towards A's; later ones from the last simplex.
    let mut seed = Simplex::EMPTY;
    let (end, iterations) = advance(
        a,
        b,
        settings,
        radii,
        |t, _| query_measure(a, b, t, &mut seed, &fixed),
        &mut NoTrace,
    );
    AngularImpact {
        status: end.status,
        toi: end.toi,
        distance: end.distance,
        normal: end.normal,
        iterations,
    }
}

/// Two bodies whose cores are each one point at the body's own position (two circles): turning
/// moves nothing, the centres move on lines, and the first time the distance falls to the
/// loop's margin (half the tolerance, [`STOP_SHORT_FRACTION`]) is the moving point's entry into
/// a disc, in closed form ([`super::translating::disc_entry`]): where the loop would converge,
/// in one iteration, with its guarantees (never after the contact: the distance there is the
/// margin; a miss: the centres never come that close). `None` for any other pair.
fn centred_discs(a: &MovingBody, b: &MovingBody, settings: &CastSettings) -> Option<AngularImpact> {
    if a.local.vertices != [DVec2::ZERO] || b.local.vertices != [DVec2::ZERO] {
        return None;
    }
    let tolerance = settings
        .tolerance
        .max(ROUNDING_RELATIVE * motion_scale(a, b));
    let start = super::contact(&a.local, a.pose, &b.local, b.pose);
    let at_start = |status| AngularImpact {
        status,
        toi: 0.0,
        distance: start.distance,
        normal: start.normal,
        iterations: 1,
    };
    if start.distance <= 0.0 {
        return Some(at_start(CastStatus::Overlapping));
    } else if start.distance < tolerance {
        return Some(at_start(CastStatus::Hit));
    }
    let offset = b.pose.position - a.pose.position;
    let velocity = b.velocity - a.velocity;
    let radii = a.local.radius + b.local.radius;
    let reach = radii + STOP_SHORT_FRACTION * tolerance;
    let entry =
        super::translating::disc_entry(offset, crate::geometry::length(offset), velocity, reach);
    Some(match entry.filter(|&toi| toi <= 1.0) {
        Some(toi) => {
            let between = offset + velocity * toi;
            let apart = crate::geometry::length(between);
            AngularImpact {
                status: CastStatus::Hit,
                toi,
                distance: apart - radii,
                normal: between / apart,
                iterations: 1,
            }
        }
        None => AngularImpact {
            status: CastStatus::Miss,
            toi: 1.0,
            ..at_start(CastStatus::Miss)
        },
    })
}

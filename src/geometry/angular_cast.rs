//! Angular + linear conservative advancement: the first time two bodies that both move *and turn*
//! come within the tolerance of each other, with every iteration recorded.
//!
//! # What it computes
//!
//! For two [`MovingBody`]s over `t ∈ [0, 1]` (design section 2: each turns about its own
//! position while that position moves in a straight line), a time `toi` at which the bodies are
//! apart by less than the tolerance and **before which they never touch**: `toi` is at or before
//! the true first contact, never after it. How the cast ended is a [`CastStatus`].
//!
//! # The idea
//!
//! Stand at time `t`, with the exact distance `d` and normal `n` (from A to B) of the two world
//! shapes. Hold `n` fixed and watch the gap between the bodies measured along it: the smallest
//! `b·n − a·n` over points `a` of A and `b` of B. A point of B moves with velocity
//! `v_B + ω_B × (b − c_B)`, whose component along `n` is at least `v_B·n − r_B·|ω_B|`, where
//! `r_B` is the largest distance of any point of B from its rotation centre `c_B`
//! ([`MovingBody::max_radius`], Mirtich's bound: a point at radius `r` turning by `Δθ` travels an
//! arc of length `r·|Δθ|`). Likewise A's points advance along `n` at most at
//! `v_A·n + r_A·|ω_A|`. So the gap shrinks no faster than the **closing-speed bound**
//!
//! ```text
//! μ = (v_A − v_B)·n + r_A·|ω_A| + r_B·|ω_B|        (positive: closing)
//! ```
//!
//! and it stays positive — so `n` keeps separating the bodies and they cannot touch — for at
//! least `d / μ`. Advance by (a little less than) that and measure again. Near the contact the
//! steps shrink with the distance and `t` creeps up to the time of impact from below. With no
//! turning and a head-on approach, `μ` is the exact closing speed and one step lands there.
//!
//! The bound holds for *all* later times, not just the next step (velocities and radii are
//! constant over the motion). So if `μ ≤ 0`, or `d / μ` reaches past `t = 1`, nothing can close
//! the gap before the motion ends: a miss, proven.
//!
//! Brian Mirtich's thesis ("Impulse-based Dynamic Simulation of Rigid Body Systems", 1996) for
//! the bound and conservative advancement; Erwin Coumans' iteration (as in Bullet's continuous
//! convex collision), as recreated in the first article's angular demo, where A turns 90° over
//! the motion and the Minkowski difference changes shape every iteration.
//!
//! # Never past the contact
//!
//! Each step advances by `Δt = (d − margin) / μ` with `margin = STOP_SHORT_FRACTION ·
//! tolerance`, not by `d / μ`. By the argument above the exact distance at the new time is then
//! at least `margin`, so the bodies have not touched yet; and a head-on approach lands at
//! distance `margin < tolerance` and stops as a hit. Stepping by the full `d / μ` would aim
//! exactly *at* the contact, and one rounding error in `d`, `μ` or `t` could put `t` a hair past
//! it. Every quantity here (the distance from [`crate::geometry::contact`], the poses, the
//! normal's direction, `t + Δt`) is exact up to a few ulps of the scene's size, about
//! `10⁻¹⁵ · scale`; the margin is kept at least `10⁻¹⁰ · scale` (see
//! [`ROUNDING_RELATIVE`]), so rounding can eat only a vanishing part of it. Hence: on every
//! iteration after the first the exact distance is positive, and a reported `toi` is never after
//! the true first contact. On [`CastStatus::Hit`] the distance at `toi` is below the tolerance
//! (and at least about `margin`).
//!
//! # How it stops
//!
//! * distance ≤ 0 at `t = 0`: [`CastStatus::Overlapping`], `toi = 0`;
//! * distance < tolerance: [`CastStatus::Hit`];
//! * `μ ≤ 0`, or `t + d/μ > 1`: [`CastStatus::Miss`] (nothing closes the gap in time);
//! * [`NO_PROGRESS_STEPS`] steps in a row shorter than [`NO_PROGRESS_STEP`]:
//!   [`CastStatus::NoProgress`] — the article warns the cast can crawl, for example when a long
//!   body spins fast past another without touching: `r·|ω|` is then huge, each step tiny, and
//!   the distance hardly changes;
//! * `max_iterations` iterations recorded: [`CastStatus::OutOfIterations`].
//!
//! # Two callers, one loop
//!
//! [`angular_cast`] is the figure's: it records every iteration, measures each with GJK to the
//! rounding floor and every iteration that stops the cast exactly (the MD scan), so the figure
//! and the `report` show exact distances. [`crate::geometry::query::angular_time_of_impact`] is
//! what a program calls, in the fast query tier: the same loop with nothing recorded, each
//! iteration measured by a GJK run that stops as soon as its bounds decide the iteration, the
//! turning bounded by the cores' reach, started where the bodies' bounding discs come within
//! the tolerance, and each step the longest of the closing-speed bound's and two others proven
//! free, on the exact separation along an axis at the step's end or on a second-order bound of
//! it (see [`crate::geometry::query::rotating`]). Every guarantee above holds for both.
//!
//! IMPORTANT NOTE: the cast never steps further than the bound proves safe, so it cannot step
//! over a contact. A root search on the separation along one fixed axis can: when the bodies
//! turn, that separation may dip below zero and come back between two probes. parry2d-f64 0.31's
//! `cast_shapes_nonlinear` does this on 20 of the 1,500 seeded motions in
//! `tests/angular_cast.rs` (three kept as `scenes/regression_parry_nonlinear_*.json`).
//!
//! IMPORTANT NOTE: the tolerance is measured in distance, not in time. Where the bodies meet
//! at a glancing angle, a distance below the tolerance can be far (in `t`) from the contact, and
//! a near miss that passes within the tolerance is reported as a hit: that is what "within
//! tolerance" means.

use super::cast::{CastSettings, CastStatus, MovingBody};
use super::gjk::{gjk_traced, GjkDistance, GjkTermination, GJK_GAP_RELATIVE};
use super::minkowski::{minkowski_difference, MinkowskiDifference};
use super::support::Posed;
use super::trace::{NoTrace, Trace};
use super::{contact, Contact, DVec2, Pose};

/// Each step stops this fraction of the tolerance short of where the bound says the bodies could
/// first touch. Half: far enough from zero that rounding never reaches the contact (see the
/// module doc), and below 1 so that a head-on approach, which lands at exactly this distance,
/// counts as a hit at once.
pub const STOP_SHORT_FRACTION: f64 = 0.5;

/// The smallest tolerance honoured, as a fraction of the scene's size (see
/// [`AngularCast::scale`]). The exact distance, the poses and `t + Δt` are each right to about
/// 10⁻¹⁵ of the scene's size; a tolerance below that could not be told from rounding noise, and
/// the margin that keeps each step short of the contact would be noise too. 10⁻¹⁰ leaves five
/// orders of magnitude of headroom and is still far below anything a person sets.
pub const ROUNDING_RELATIVE: f64 = 1e-10;

/// A step shorter than this (in `t`, the whole motion being 1) makes no useful progress: at that
/// pace even a millionth of the motion takes a thousand iterations, beyond any sensible budget.
/// It happens when the bound `μ` is huge compared with the distance (a long body spinning fast)
/// while the true distance hardly shrinks.
pub const NO_PROGRESS_STEP: f64 = 1e-9;

/// How many steps in a row must be shorter than [`NO_PROGRESS_STEP`] before the cast gives up.
/// One tiny step can be the last approach to a contact (the next iteration is then a hit); a
/// few in a row without reaching the tolerance is a crawl.
pub const NO_PROGRESS_STEPS: u32 = 3;

/// The closing-speed bound at one iteration, term by term (world units per unit of `t`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClosingBound {
    /// How fast the bodies approach along the normal by translation alone: `(v_A − v_B)·n`,
    /// positive when closing (B moving towards A relative to A), negative when separating.
    pub relative_normal_speed: f64,
    /// `r_A·|ω_A|`: the fastest any point of A moves by A's turning.
    pub angular_a: f64,
    /// `r_B·|ω_B|`: the fastest any point of B moves by B's turning.
    pub angular_b: f64,
    /// The sum of the three: no pair of points closes the gap along the normal faster.
    pub total: f64,
}

impl ClosingBound {
    /// The bound for `a` and `b` along `normal` (unit, from A to B).
    pub fn new(a: &MovingBody, b: &MovingBody, normal: DVec2) -> ClosingBound {
        ClosingBound::with_radii(a, b, (a.max_radius(), b.max_radius()), normal)
    }

    /// [`ClosingBound::new`] with the radii of the bodies' turning given: their
    /// [`MovingBody::max_radius`] (the figure's), or their cores' reach (the query's).
    fn with_radii(
        a: &MovingBody,
        b: &MovingBody,
        (radius_a, radius_b): (f64, f64),
        normal: DVec2,
    ) -> ClosingBound {
        let relative_normal_speed = (a.velocity - b.velocity).dot(normal);
        let angular_a = radius_a * a.angular_velocity.abs();
        let angular_b = radius_b * b.angular_velocity.abs();
        ClosingBound {
            relative_normal_speed,
            angular_a,
            angular_b,
            total: relative_normal_speed + angular_a + angular_b,
        }
    }
}

/// One iteration: where the bodies are at `t`, how far apart, and how far the bound lets the
/// cast advance. All points and vectors are in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct AngularCastStep {
    /// The time of this iteration, in `[0, 1]`.
    pub t: f64,
    /// A's pose at `t` (A′ on the last iteration).
    pub pose_a: Pose,
    /// B's pose at `t`.
    pub pose_b: Pose,
    /// The exact signed distance at `t` (`> 0` apart).
    pub distance: f64,
    /// Unit, from A towards B: the direction the bound is taken along.
    pub normal: DVec2,
    /// The witness point on A's boundary.
    pub point_a: DVec2,
    /// The witness point on B's boundary (`point_b − point_a = distance · normal`).
    pub point_b: DVec2,
    /// The closing-speed bound along `normal`.
    pub bound: ClosingBound,
    /// `Δt = (distance − margin) / bound.total`: how far in `t` the bodies are sure to stay at
    /// least `margin` apart. `None` when the cast stops here before a step is needed (overlap,
    /// hit) or useful (miss). Every iteration but the last advanced `t` by its step; a last
    /// iteration that stopped for `NoProgress` or `OutOfIterations` shows the step not taken.
    pub step: Option<f64>,
}

impl AngularCastStep {
    /// The core MD B ⊖ A of the world shapes at this iteration's poses (dilate by its `radius`
    /// for the rounded MD); `a` and `b` are the bodies that were cast. Under rotation it changes
    /// shape from one iteration to the next. Built on demand: a trace of many iterations keeps
    /// only the poses.
    pub fn minkowski_difference(&self, a: &MovingBody, b: &MovingBody) -> MinkowskiDifference {
        minkowski_difference(
            &a.local.transformed(&self.pose_a),
            &b.local.transformed(&self.pose_b),
        )
    }
}

/// The outcome of [`angular_cast`].
#[derive(Clone, Debug, PartialEq)]
pub struct AngularCast {
    pub status: CastStatus,
    /// The time the cast stopped at: the last iteration's `t`. On [`CastStatus::Hit`] the time
    /// of impact (within the tolerance, in distance, before the first contact); `0` on
    /// [`CastStatus::Overlapping`]; on `OutOfIterations` and `NoProgress` the last time proven
    /// safe; on [`CastStatus::Miss`] 1, the whole motion free (the last iteration's `t` is the
    /// time from which the miss was proven).
    pub toi: f64,
    /// The exact signed distance at the last iteration.
    pub distance: f64,
    /// Unit, from A towards B, at the last iteration (meaningful for every status but a miss).
    pub normal: DVec2,
    /// A's pose at the last iteration: A′, the article's pink ghost.
    pub pose_a: Pose,
    /// B's pose at the last iteration.
    pub pose_b: Pose,
    /// The tolerance used: the setting, raised to [`ROUNDING_RELATIVE`] · `scale` if below it.
    pub tolerance: f64,
    /// How far short of a possible contact each step stops: `STOP_SHORT_FRACTION · tolerance`.
    pub margin: f64,
    /// The scene's size over the whole motion: A's points stay within
    /// `max(|p_A(0)|, |p_A(1)|) + r_A` of the origin and B's likewise; `scale` is the sum of
    /// the two, a bound on every MD coordinate and so on the rounding errors' yardstick.
    pub scale: f64,
    /// Every iteration, in order; at most `max_iterations` of them.
    pub iterations: Vec<AngularCastStep>,
}

impl AngularCast {
    /// The time of impact when the bodies touch (a hit or overlapping at the start), else `None`.
    pub fn hit_time(&self) -> Option<f64> {
        self.status.is_hit().then_some(self.toi)
    }
}

/// The size of the scene over the whole motion: a bound on the magnitude of every coordinate of
/// the MD (see [`AngularCast::scale`]).
pub fn motion_scale(a: &MovingBody, b: &MovingBody) -> f64 {
    scale_of_motion(a, b, (a.max_radius(), b.max_radius()))
}

/// The tolerance a cast works to: the settings' own, or, where that is below rounding noise,
/// [`ROUNDING_RELATIVE`] of the motion's `scale` ([`motion_scale`]).
pub(crate) fn floored_tolerance(settings: &CastSettings, scale: f64) -> f64 {
    settings.tolerance.max(ROUNDING_RELATIVE * scale)
}

/// A scale that floors the settings' tolerance ([`floored_tolerance`]) as the motion's own
/// ([`scale_of_motion`] with these radii) does, without its four square roots where it can: a
/// bound on it by the 1-norm (at least the length), where the floor does not apply even on
/// that bound, else the motion's scale itself.
pub(super) fn flooring_scale(
    settings: &CastSettings,
    a: &MovingBody,
    b: &MovingBody,
    radii: (f64, f64),
) -> f64 {
    let bound = reach_sum(a, b, radii, |p| p.x.abs() + p.y.abs());
    // (Not `<`: a NaN anywhere takes the scale itself.)
    if settings.tolerance >= ROUNDING_RELATIVE * bound {
        bound
    } else {
        scale_of_motion(a, b, radii)
    }
}

/// [`motion_scale`] with the radii given (as [`ClosingBound::with_radii`] takes them).
pub(super) fn scale_of_motion(a: &MovingBody, b: &MovingBody, radii: (f64, f64)) -> f64 {
    reach_sum(a, b, radii, DVec2::length).max(f64::MIN_POSITIVE)
}

/// Each body's farthest position from the origin over the motion by `norm` (at the start or
/// the end: the positions move on lines) plus its radius, summed over both bodies.
#[inline]
fn reach_sum(
    a: &MovingBody,
    b: &MovingBody,
    radii: (f64, f64),
    norm: impl Fn(DVec2) -> f64,
) -> f64 {
    let reach =
        |m: &MovingBody, r: f64| norm(m.pose.position).max(norm(m.pose.position + m.velocity)) + r;
    reach(a, radii.0) + reach(b, radii.1)
}

/// One measurement of the two bodies at a time `t`: what the loop ([`advance`]) asks of the
/// figure's measure and of the query's ([`crate::geometry::query::rotating`]).
pub(super) struct Measured {
    pub(super) pose_a: Pose,
    pub(super) pose_b: Pose,
    /// The contact as measured: exact, or GJK's (its distance at least the exact one).
    pub(super) contact: Contact,
    /// The distance a step is taken on: the bodies lie at least this far apart along `axis`,
    /// up to `slack`. The contact's distance and normal, except where the query stopped GJK
    /// early.
    pub(super) gap: f64,
    /// Unit, from A towards B: the axis of `gap`, the one the closing-speed bound is taken along.
    pub(super) axis: DVec2,
    /// How much `gap` may exceed the true gap along `axis`: 0 when exact, GJK's gap tolerance
    /// for its converged distance. A miss is proven on `gap` less this.
    pub(super) slack: f64,
    /// Whether a stop decided on this measure stands; if not, the stop is decided again on the
    /// measure asked for exactly. The figure's GJK measures are not settled (the figure shows
    /// the exact contact where the cast stops); its exact ones and all of the query's are.
    pub(super) settled: bool,
}

impl Measured {
    /// An exact contact: the gap is its distance, along its normal.
    pub(super) fn exact(pose_a: Pose, pose_b: Pose, contact: Contact) -> Measured {
        Measured {
            pose_a,
            pose_b,
            contact,
            gap: contact.distance,
            axis: contact.normal,
            slack: 0.0,
            settled: true,
        }
    }
}

/// GJK's measure `g` of the posed cores at `pose_a` and `pose_b` ([`Posed`]: O(log n) per
/// support point, no vertex moved, no MD built); `None` when GJK gives no distance (touching,
/// overlapping, or stopped unsettled). Converged, its distance exceeds the exact one by at most
/// [`GJK_GAP_RELATIVE`] of GJK's scale, which is within the motion's scale: a fiftieth of the
/// margin every step keeps (the margin is at least half of [`ROUNDING_RELATIVE`] of the
/// motion's scale), so a step still never reaches the contact. Not converged (stopped early,
/// [`GjkTermination::Bounded`], or by rounding or the iteration limit with the distance
/// settled), the gap is GJK's lower bound along its own axis, and the contact's distance an
/// upper bound.
pub(super) fn gjk_measure(
    a: &MovingBody,
    b: &MovingBody,
    (pose_a, pose_b): (Pose, Pose),
    (termination, closest): (GjkTermination, Option<GjkDistance>),
    scale: f64,
) -> Option<Measured> {
    // Converged, the last support's gap is within the tolerance. Otherwise the last direction's
    // gap may be larger, and GJK's best lower bound, along its own axis, is the gap.
    let bounded = termination != GjkTermination::Converged;
    let slack = GJK_GAP_RELATIVE * scale;
    let (ra, rb) = (a.local.radius, b.local.radius);
    closest.map(|g| {
        let contact = Contact::from_core(g.distance, g.normal, g.point_a, g.point_b, ra, rb);
        let (gap, axis, slack) = if bounded {
            (g.lower - ra - rb, g.lower_normal, 0.0)
        } else {
            (contact.distance, contact.normal, slack)
        };
        Measured {
            pose_a,
            pose_b,
            contact,
            gap,
            axis,
            slack,
            settled: false,
        }
    })
}

/// The figure's measure: GJK's (converged) unless `exact` is asked for, else the exact contact
/// (the MD scan). Touching or overlapping, GJK gives no distance and the MD scan decides; every
/// iteration that stops the cast is measured exactly, so the figure shows the exact contact
/// there.
fn figure_measure(a: &MovingBody, b: &MovingBody, t: f64, exact: bool) -> Measured {
    let poses @ (pose_a, pose_b) = (a.pose_at(t), b.pose_at(t));
    let gjk = || {
        let (core_a, core_b) = (Posed::new(&a.local, &pose_a), Posed::new(&b.local, &pose_b));
        let g = gjk_traced(&core_a, &core_b, &mut NoTrace);
        gjk_measure(a, b, poses, (g.termination, g.closest), g.scale)
    };
    (!exact).then(gjk).flatten().unwrap_or_else(|| {
        let exact = contact(&a.local.transformed(&pose_a), &b.local.transformed(&pose_b));
        Measured::exact(pose_a, pose_b, exact)
    })
}

/// Conservative advancement for two bodies that translate and turn over `t ∈ [0, 1]`: the
/// first time they come within `settings.tolerance` (module doc), never after the true first
/// contact, and every iteration's state.
pub fn angular_cast(a: &MovingBody, b: &MovingBody, settings: &CastSettings) -> AngularCast {
    let mut iterations = Vec::new();
    let (cast, _) = advance(
        a,
        b,
        settings,
        {
            let radii = (a.max_radius(), b.max_radius());
            (radii, scale_of_motion(a, b, radii), 0.0, || 1.0)
        },
        &mut |t, exact| figure_measure(a, b, t, exact),
        &mut iterations,
    );
    AngularCast { iterations, ..cast }
}

/// How [`advance`] measures the bodies, and how far it may step: the figure's measure (a closure)
/// and the query's.
pub(super) trait Measure {
    /// The bodies' contact at time `t` (`exact`: exactly, if it can).
    fn measure(&mut self, t: f64, exact: bool) -> Measured;

    /// The closing-speed bound's step `dt` from time `t` (the last measure's), or a longer one
    /// the measure has proven keeps the bodies `margin` apart, up to the loop's `end_of_motion`
    /// ([`advance`]). The figure's: `dt`; the query's: its chord or second-order step where it
    /// reaches further.
    fn farther(&mut self, _t: f64, dt: f64, _margin: f64, _end_of_motion: f64) -> f64 {
        dt
    }
}

impl<F: FnMut(f64, bool) -> Measured> Measure for F {
    fn measure(&mut self, t: f64, exact: bool) -> Measured {
        self(t, exact)
    }
}

/// The loop of conservative advancement, shared by the figure's cast and the query: `radii`
/// bound how far a turn by `Δθ` moves a body's points, `r·|Δθ|` (each a scan of the body's
/// vertices, once): the figure's are [`MovingBody::max_radius`], Mirtich's `r` as the figure
/// shows it; the query's are its cores' reach (the rounding keeps its width as a body turns).
/// `scale` floors the tolerance ([`floored_tolerance`]) and is the cast's own: the figure's is
/// the motion's ([`scale_of_motion`]); the query's, which reports none, may be the bound
/// [`flooring_scale`] takes in its place. `start` is the time of the first iteration (the
/// figure's 0; the query's, the time before which the bodies are known at least the tolerance
/// apart), `end_of_motion` the time from which on they are known so to the end (the figure's 1;
/// the query's, where their bounding discs part for good before t = 1; asked for the first time
/// a measure does not stop the cast), so that a step reaching it proves the miss; `measurer`
/// measures the bodies and may lengthen a step ([`Measure`]), and each iteration goes to
/// `trace`. The cast with its `iterations` left empty, and how many there were.
// Always inlined: out of line (as the query's first measure grew), each rotating cast took
// about 1 % more instructions.
#[inline(always)]
pub(super) fn advance(
    a: &MovingBody,
    b: &MovingBody,
    settings: &CastSettings,
    (radii, scale, start, end_of_motion): ((f64, f64), f64, f64, impl Fn() -> f64),
    measurer: &mut impl Measure,
    trace: &mut impl Trace<AngularCastStep>,
) -> (AngularCast, u32) {
    // `end_of_motion()`, worked out the first time a measure does not stop the cast (the
    // query's is a square root and a division that a hit at the start never needs); NaN until
    // then.
    let mut end_known = f64::NAN;
    let tolerance = floored_tolerance(settings, scale);
    let margin = STOP_SHORT_FRACTION * tolerance;

    let mut end = AngularCast {
        status: CastStatus::OutOfIterations,
        toi: 0.0,
        distance: 0.0,
        normal: DVec2::X,
        pose_a: a.pose,
        pose_b: b.pose,
        tolerance,
        margin,
        scale,
        iterations: Vec::new(),
    };
    let mut count = 0;
    if settings.max_iterations == 0 {
        // No iteration allowed: report the start as the last safe time, measured but not recorded.
        let m = measurer.measure(0.0, true);
        end.distance = m.contact.distance;
        end.normal = m.contact.normal;
        return (end, count);
    }

    let mut t = start;
    let mut short_steps = 0;
    loop {
        let first = count == 0 && t == 0.0;
        let last_allowed = count + 1 >= settings.max_iterations;
        // Decide what this iteration is: a stop, or a step of `Δt` (`step` is recorded either
        // way; a stop for lack of progress or of iterations still shows the step it refused).
        // A stop found on GJK's measure is decided again on the exact one, where there is one.
        // A step comes with the count of short steps it makes.
        type Decision = (Option<CastStatus>, Option<(f64, u32)>);
        let mut decide = |m: &Measured, bound: &ClosingBound, measurer: &mut _| -> Decision {
            let c = &m.contact;
            if first && c.distance <= 0.0 {
                return (Some(CastStatus::Overlapping), None);
            } else if c.distance < tolerance {
                return (Some(CastStatus::Hit), None);
            }
            if end_known.is_nan() {
                end_known = end_of_motion();
            }
            let end_of_motion = end_known;
            if bound.total <= 0.0
                || bound.total.is_nan()
                || t + (m.gap - m.slack) / bound.total > end_of_motion
            {
                // The gap along the axis cannot close before the end of the motion.
                (Some(CastStatus::Miss), None)
            } else {
                // The measure may prove a longer step free (the query's chord or second-order
                // step); reaching the end of the motion, it proves the miss.
                // A measure that proves no room steps nothing, never back: its lower bound is
                // below the margin, or it has none (the query's GJK stopped on its upper bound
                // alone, which rounding can leave a hair short of `c.distance < tolerance`).
                // Such steps are short, and end the cast for lack of progress if they go on.
                let free = ((m.gap - margin) / bound.total).max(0.0); // (NaN too)
                let dt = Measure::farther(measurer, t, free, margin, end_of_motion).max(0.0);
                if t + dt >= end_of_motion {
                    return (Some(CastStatus::Miss), None);
                }
                let short = if dt < NO_PROGRESS_STEP {
                    short_steps + 1
                } else {
                    0
                };
                let stop = if short >= NO_PROGRESS_STEPS {
                    Some(CastStatus::NoProgress)
                } else if last_allowed {
                    Some(CastStatus::OutOfIterations)
                } else {
                    None
                };
                (stop, Some((dt, short)))
            }
        };
        let mut m = measurer.measure(t, false);
        let mut bound = ClosingBound::with_radii(a, b, radii, m.axis);
        let (mut stop, mut stepped) = decide(&m, &bound, measurer);
        if stop.is_some() && !m.settled {
            m = measurer.measure(t, true);
            bound = ClosingBound::with_radii(a, b, radii, m.axis);
            (stop, stepped) = decide(&m, &bound, measurer);
        }
        let step = stepped.map(|(dt, short)| {
            short_steps = short;
            dt
        });

        count += 1;
        let c = m.contact;
        trace.record(|| AngularCastStep {
            t,
            pose_a: m.pose_a,
            pose_b: m.pose_b,
            distance: c.distance,
            normal: c.normal,
            point_a: c.point_a,
            point_b: c.point_b,
            bound,
            step,
        });

        if let Some(status) = stop {
            end.status = status;
            // A miss frees the whole motion, as in the other casts.
            end.toi = if status == CastStatus::Miss { 1.0 } else { t };
            end.distance = c.distance;
            end.normal = c.normal;
            end.pose_a = m.pose_a;
            end.pose_b = m.pose_b;
            return (end, count);
        }
        // Not stopped, so a step was computed.
        t += step.unwrap_or(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{contact, Convex, Shape};

    fn moving(shape: Shape, x: f64, y: f64, deg: f64, v: DVec2, w_deg: f64) -> MovingBody {
        MovingBody {
            local: shape.to_convex().unwrap().0,
            pose: Pose::new(DVec2::new(x, y), deg.to_radians()),
            velocity: v,
            angular_velocity: w_deg.to_radians(),
        }
    }

    fn circle(r: f64) -> Shape {
        Shape::Circle { radius: r }
    }

    #[test]
    fn bound_terms_follow_the_sign_convention() {
        // B to the right of A, moving left: closing along the normal (+x).
        let a = moving(circle(1.0), 0.0, 0.0, 0.0, DVec2::new(1.0, 0.0), 90.0);
        let b = moving(
            Shape::Box {
                half_extents: DVec2::new(3.0, 4.0),
            },
            5.0,
            0.0,
            0.0,
            DVec2::new(-2.0, 7.0),
            -180.0,
        );
        let bound = ClosingBound::new(&a, &b, DVec2::X);
        assert_eq!(bound.relative_normal_speed, 3.0);
        assert!((bound.angular_a - std::f64::consts::FRAC_PI_2).abs() < 1e-15);
        assert!((bound.angular_b - 5.0 * std::f64::consts::PI).abs() < 1e-12);
        assert_eq!(
            bound.total,
            bound.relative_normal_speed + bound.angular_a + bound.angular_b
        );
        // Moving apart: negative.
        let apart = ClosingBound::new(&a, &b, -DVec2::X);
        assert_eq!(apart.relative_normal_speed, -3.0);
    }

    #[test]
    fn head_on_translation_lands_in_one_step_at_the_margin() {
        // Two unit circles 4 apart (gap 2) closing at 4: contact at t = 0.5.
        let a = moving(circle(1.0), 0.0, 0.0, 0.0, DVec2::new(2.0, 0.0), 0.0);
        let b = moving(circle(1.0), 4.0, 0.0, 0.0, DVec2::new(-2.0, 0.0), 0.0);
        let s = CastSettings::default();
        let cast = angular_cast(&a, &b, &s);
        assert_eq!(cast.status, CastStatus::Hit);
        assert_eq!(cast.iterations.len(), 2, "{:?}", cast.iterations);
        let expected = 0.5 - cast.margin / 4.0;
        assert!(
            (cast.toi - expected).abs() < 1e-15,
            "{} vs {expected}",
            cast.toi
        );
        assert!((cast.distance - cast.margin).abs() < 1e-12);
        assert_eq!(cast.normal, DVec2::X);
        assert_eq!(cast.iterations[0].step, Some(expected));
        assert_eq!(cast.iterations[1].step, None);
    }

    #[test]
    fn overlapping_at_the_start_is_toi_zero() {
        let a = moving(circle(1.0), 0.0, 0.0, 0.0, DVec2::ZERO, 90.0);
        let b = moving(circle(1.0), 1.5, 0.0, 0.0, DVec2::ZERO, 0.0);
        let cast = angular_cast(&a, &b, &CastSettings::default());
        assert_eq!(cast.status, CastStatus::Overlapping);
        assert_eq!(cast.toi, 0.0);
        assert_eq!(cast.hit_time(), Some(0.0));
        assert_eq!(cast.iterations.len(), 1);
        assert!((cast.distance + 0.5).abs() < 1e-15);
    }

    #[test]
    fn separating_without_turning_is_a_miss_at_once() {
        let a = moving(circle(1.0), 0.0, 0.0, 0.0, DVec2::new(-1.0, 0.0), 0.0);
        let b = moving(circle(1.0), 3.0, 0.0, 0.0, DVec2::new(1.0, 0.0), 0.0);
        let cast = angular_cast(&a, &b, &CastSettings::default());
        assert_eq!(cast.status, CastStatus::Miss);
        assert_eq!(cast.iterations.len(), 1);
        assert!(cast.iterations[0].bound.total < 0.0);
        assert_eq!(cast.hit_time(), None);
    }

    #[test]
    fn too_far_to_close_in_time_is_a_miss() {
        // Gap 8, closing at 4: contact would be at t = 2.
        let a = moving(circle(1.0), 0.0, 0.0, 0.0, DVec2::ZERO, 0.0);
        let b = moving(circle(1.0), 10.0, 0.0, 0.0, DVec2::new(-4.0, 0.0), 0.0);
        let cast = angular_cast(&a, &b, &CastSettings::default());
        assert_eq!(cast.status, CastStatus::Miss);
        // The miss is proven at the first iteration, and the whole motion is free.
        assert_eq!((cast.iterations.len(), cast.iterations[0].t), (1, 0.0));
        assert_eq!(cast.toi, 1.0);
    }

    #[test]
    fn the_iteration_budget_is_respected_and_the_stop_is_safe() {
        // A long bar spinning past a circle: many small steps.
        let a = moving(
            Shape::Box {
                half_extents: DVec2::new(3.0, 0.05),
            },
            0.0,
            0.0,
            0.0,
            DVec2::ZERO,
            3600.0,
        );
        let b = moving(circle(0.5), 0.0, 3.6, 0.0, DVec2::ZERO, 0.0);
        for n in [0, 1, 2, 5, 17] {
            let cast = angular_cast(
                &a,
                &b,
                &CastSettings {
                    tolerance: 1e-3,
                    max_iterations: n,
                },
            );
            assert!(cast.iterations.len() <= n as usize);
            assert_eq!(cast.status, CastStatus::OutOfIterations, "n = {n}");
            let d = contact(&a.world_at(cast.toi), &b.world_at(cast.toi)).distance;
            assert!(d > 0.0 && d == cast.distance, "{d} vs {}", cast.distance);
        }
    }

    #[test]
    fn a_tiny_tolerance_is_raised_above_rounding() {
        let a = moving(circle(1.0), 1e6, 0.0, 0.0, DVec2::new(4.0, 0.0), 0.0);
        let b = moving(circle(1.0), 1e6 + 4.0, 0.0, 0.0, DVec2::ZERO, 0.0);
        let cast = angular_cast(
            &a,
            &b,
            &CastSettings {
                tolerance: 1e-300,
                max_iterations: 64,
            },
        );
        assert!(cast.tolerance >= ROUNDING_RELATIVE * 2e6);
        assert_eq!(cast.status, CastStatus::Hit);
        assert!(cast.toi < 1.0);
        let wa: Convex = a.world_at(cast.toi);
        assert!(contact(&wa, &b.world_at(cast.toi)).distance > 0.0);
    }

    #[test]
    fn the_flooring_scale_floors_the_tolerance_as_the_motions_scale() {
        // Far and near the origin, slow and fast, at tolerances the floor never, sometimes and
        // always raises: the same tolerance, and where the floor applies, the scale itself.
        let mut rng = crate::geometry::testing::XorShift(0x5eed_f100);
        let mut floored = 0;
        for i in 0..4_000 {
            let far = 10f64.powi(i % 9 - 2);
            let mut r = |k: f64| (rng.unit() * 2.0 - 1.0) * k;
            let body = |p: DVec2, v: DVec2| MovingBody {
                local: Shape::Box {
                    half_extents: DVec2::ONE,
                }
                .to_convex()
                .unwrap()
                .0,
                pose: Pose::new(p, 0.0),
                velocity: v,
                angular_velocity: 1.0,
            };
            let a = body(DVec2::new(r(far), r(far)), DVec2::new(r(far), r(far)));
            let b = body(DVec2::new(r(far), r(far)), DVec2::new(r(far), r(far)));
            let radii = (r(far).abs(), r(far).abs());
            let exact = scale_of_motion(&a, &b, radii);
            for tolerance in [1e-3, 1e-6, 1e-9, 1e-12, 0.0] {
                let settings = CastSettings {
                    tolerance,
                    ..CastSettings::default()
                };
                let scale = flooring_scale(&settings, &a, &b, radii);
                assert!(scale >= exact);
                let tolerance_used = floored_tolerance(&settings, scale);
                assert_eq!(tolerance_used, floored_tolerance(&settings, exact));
                if tolerance_used > tolerance {
                    floored += 1;
                    assert_eq!(scale, exact);
                }
            }
        }
        assert!(floored > 4_000, "the floor applied {floored} times");
    }
}

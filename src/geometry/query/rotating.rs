//! The rotating time of impact as a program asks for it: the first time two bodies that
//! translate *and turn* come within a tolerance, by the conservative advancement of
//! [`crate::geometry::angular_cast`] with nothing recorded. Untraced.
//!
//! The loop, its closing-speed bound and its guarantees are those of the figure's
//! [`crate::geometry::angular_cast::angular_cast`] (see its module doc); the query differs in
//! four ways, each as safe: `toi` is never after the true first contact, a miss is proven, a hit
//! is within the tolerance.
//!
//! * **The measure.** The figure's measures each iteration with GJK to the rounding floor, and
//!   every iteration that stops the cast exactly (the MD scan), so that it shows exact distances.
//!   Here GJK runs on the posed cores (no vertex moved, no MD built), starts from the simplex the
//!   last iteration ended with (the nearest features are mostly the same from one iteration to
//!   the next, or beside them: [`crate::geometry::gjk::gjk_bounds`] looks beside a nearest pair
//!   of vertices before it searches), and stops as soon as its bounds decide the iteration
//!   ([`QUERY_BOUND_RATIO`]); a step is taken on GJK's lower bound along its own axis. The first
//!   iteration, with no simplex yet, starts small cores from the face where the face test's walk
//!   round the MD stops, the nearest features or beside the nearest corner
//!   ([`super::leading_face`]). Its gap (the separation along the face's normal) bounds the
//!   distance from below and the vertex's distance from the face from above; where these decide
//!   the iteration, as where the vertex faces the face (they are equal), they are the measure and
//!   GJK does not run. Where a chord step (below) ends in the window of hits but its nearest
//!   points there do not prove the hit (the features turned away from its axis on the way), the
//!   next measure starts instead from the side and vertex found there, at that time, as the first
//!   starts from the leading face ([`super::seeded_face`]): where the nearest features changed,
//!   the last simplex is mostly no longer near them. (Where that side is the one the step's axis
//!   turned with, its gap is the separation the step landed on, below the tolerance, and cannot
//!   decide the measure: GJK starts from them at once.)
//! * **The turning bound** takes each core's reach (its farthest vertex from the body's
//!   position), not the rounded shape's: the rounding keeps its width as a body turns.
//! * **The start and the end.** Each body lies within its bounding disc however it turns, and
//!   the discs' centres move on lines: until the discs come within the tolerance, the bodies
//!   cannot, so the loop starts there, and discs that never do prove a miss with no iteration;
//!   once the discs part for good, the bodies stay apart, so a step that reaches that time
//!   proves the miss as one reaching t = 1 does (`discs_apart` below): bodies passing by need
//!   not be followed to the end of the motion. Where the loop would start with the bodies'
//!   positions moving apart, the cores' separation along the line between them, two support
//!   searches, may prove the miss the first measure would, with no iteration
//!   (`centres_line_miss` below): elongated bodies moving apart, whose discs overlap long after
//!   the bodies do.
//! * **The step** is the longest of three, each proven free. The closing-speed bound's is
//!   conservative advancement's, which closes a fixed fraction of the gap each iteration (its
//!   bound against the true closing speed). The chord step (`chord_step` below) works out the
//!   separation along an axis that starts as the measure's and turns with the nearest side,
//!   exactly, at the end it tries: Newton's method on it finds where it falls to a hair above
//!   the margin, and a bound on its curvature proves it stays above the margin on the way
//!   (the chord between the ends, less a bulge; each chord from the last end proven, so that
//!   Newton's later tries, close to the first, bulge little). Where a side faces a corner that
//!   separation is the distance, so the step lands in the window of hits, and the nearest
//!   points there (`landing` below) mostly prove the hit without another measure. Where it
//!   does not fall that far before the motion ends, a few chords end to end, each short enough
//!   to bulge little, prove as much of the rest as they can, often all of it: a miss from one
//!   measure, where one chord over the rest held only on bodies that barely turn (its bulge
//!   grows with the square of its length). Where one of those chords ends below the margin,
//!   Newton's method finds the fall behind it; where the separation rises before it falls,
//!   so that the one chord to Newton's end bulges below the margin, shorter ones on the way
//!   prove it. Where two corners are nearest no axis follows
//!   them, and where the chord bound fails, the second-order step (`second_order_step` below)
//!   bounds that separation from below by a concave function of the time instead, checked by
//!   one support search per turning core at its end.
//!
//! Two circles (each core one point at its body's position) need no loop: turning moves
//! nothing, and the time their distance falls to the loop's margin has a closed form
//! (`centred_discs` below).

use super::translating::DiscPath;
use super::LeadingFace;
use crate::geometry::angular_cast::{
    advance, floored_tolerance, flooring_scale, gjk_measure, Measure, Measured, STOP_SHORT_FRACTION,
};
use crate::geometry::cast::{CastSettings, CastStatus, MovingBody};
use crate::geometry::gjk::{gjk_bounds, Simplex, GJK_TOUCH_RELATIVE};
use crate::geometry::minkowski::MdVertex;
use crate::geometry::shape::rotation_of;
use crate::geometry::support::{extreme_vertex, extreme_vertex_near, Posed};
use crate::geometry::trace::NoTrace;
use crate::geometry::{closest_on_segment, length, Contact, Convex, DVec2, Placement, Pose};

/// A step taken on a lower bound this fraction of the upper one advances nearly as far as one
/// on the exact distance: [`angular_time_of_impact`] stops GJK there. A lower ratio stops GJK
/// sooner but takes shorter steps: on the crawling casts of `tests/angular_cast.rs` (a long bar
/// spinning fast) 0.8 and 0.5 already end two of 300 casts for lack of progress or of
/// iterations where the exact distance finds the hit or the miss; 0.9 and above end every one
/// as [`crate::geometry::angular_cast::angular_cast`] does, and 0.9 spares GJK more passes than
/// the few steps it shortens cost.
pub const QUERY_BOUND_RATIO: f64 = 0.9;

/// How far inside the target (relative to the separation's excess over it) a second-order step
/// aims: the check at its end is the same quadratic evaluated again, and a step that lands
/// exactly on the target fails it half the time by rounding (about 10⁻¹⁶ of the terms); 10⁻⁹
/// is far above that and costs a step nothing it would notice.
const AIM_INSIDE: f64 = 1e-9;

/// What the query's measure ([`query_measure`]) and its second-order step need of the cast
/// that stays the same at every iteration.
#[derive(Clone, Copy)]
struct Fixed {
    /// Each core's farthest point from its body's position: with the positions, the scale of
    /// GJK's tolerances.
    reach: (f64, f64),
    /// Each body's rotation (`(cos θ, sin θ)`) when it does not turn: worked out once.
    rotations: (Option<DVec2>, Option<DVec2>),
    /// The cast's tolerance.
    tolerance: f64,
    /// `|v_B − v_A|`.
    relative_speed: f64,
    /// How far apart the bodies' positions start.
    centres_apart: f64,
}

impl Fixed {
    /// How fast an axis turning at `w` in the world turns in each core's frame; 0 for a core
    /// all at its body's position (a circle's), whose support along any direction is the same.
    fn turns_in_cores(&self, w: f64, a: &MovingBody, b: &MovingBody) -> (f64, f64) {
        let rate = |reach: f64, spin: f64| if reach > 0.0 { w - spin } else { 0.0 };
        (
            rate(self.reach.0, a.angular_velocity),
            rate(self.reach.1, b.angular_velocity),
        )
    }
}

/// The measure of [`angular_time_of_impact`]: GJK on the posed cores from `seed` (the
/// last iteration's simplex), stopped as soon as its bounds on the distance decide the
/// iteration: a hit (the upper bound below `tolerance`, the bodies known apart), or a step on a
/// lower bound at least the tolerance and [`QUERY_BOUND_RATIO`] of the upper one. The bounds are
/// rigorous, so the step is as safe as on the exact distance. When GJK gives no distance,
/// [`super::contact`] on the world cores (GJK, then EPA, or the face test). `seed` is the
/// simplex the last iteration's GJK ended with (empty at first: GJK starts from the leading
/// face of small cores, which may decide the first iteration alone, else along the line from
/// B's position to A's), or, where `fresh`, the features found at this time where a chord step
/// landed: a side and a vertex start this measure as the leading face starts the first (a
/// segment's side, or a pair of vertices, go to GJK); it becomes the simplex this iteration's
/// GJK ended with (or the face's). `features` become what a step from this measure needs (none
/// after the exact fallback).
fn query_measure<'a>(
    a: &'a MovingBody,
    b: &'a MovingBody,
    t: f64,
    seed: &mut Simplex,
    fixed: &Fixed,
    features: &mut Option<StepStart>,
    fresh: bool,
) -> Measured {
    let Fixed {
        reach,
        rotations,
        tolerance,
        ..
    } = *fixed;
    let poses @ (pose_a, pose_b) = (a.pose_at(t), b.pose_at(t));
    // A turning body's rotation by the short reduction of `rotation_of`: two of these an
    // iteration, where the library's `sincos` was a tenth of the cast.
    let posed = |m: &'a MovingBody, pose: &Pose, fixed: Option<DVec2>| {
        let rotation = fixed.unwrap_or_else(|| rotation_of(pose.angle));
        Posed::turned(&m.local, pose.position, rotation)
    };
    let (core_a, core_b) = (
        posed(a, &pose_a, rotations.0),
        posed(b, &pose_b, rotations.1),
    );
    // At least each core's largest coordinate magnitude (`gjk::tolerance_scale`).
    let scale = (pose_a.position.abs().max_element() + reach.0)
        .max(pose_b.position.abs().max_element() + reach.1)
        .max(f64::MIN_POSITIVE);
    // The bounds on the distance of the rounded shapes decide the iteration. At any t > 0 the
    // bodies are known apart, at least about the margin: every step keeps them so, and a loop
    // that starts later starts where their bounding discs are the tolerance apart (module
    // doc). An upper bound below the tolerance is then a hit, on the simplex the last iteration
    // ended with, before any support search.
    let radii = a.local.radius + b.local.radius;
    let known_apart = t > 0.0;
    let enough = |lower: f64, upper: f64| {
        let (lower, upper) = (lower - radii, upper - radii);
        (upper < tolerance && (known_apart || lower > 0.0))
            || (lower >= tolerance && lower >= QUERY_BOUND_RATIO * upper)
    };
    // The first measure (no simplex yet) starts from the face where the face test's walk
    // stops, on small cores: where GJK's walk from the line between the positions takes three
    // or four support searches to the nearest features, that face and vertex are mostly them. Where
    // the face's gap and the vertex's distance from it decide the iteration (mostly where the
    // vertex faces the face: the two are equal, the distance), they are the measure, with no
    // GJK. A measure where a chord step landed short of a proven hit starts from the side and
    // vertex found there the same way.
    let (at_a, at_b) = (core_a.placement(), core_b.placement());
    let face = if seed.is_empty() {
        super::leading_face(&a.local, &b.local, at_b.relative_to(at_a))
    } else if fresh {
        super::seeded_face(&a.local, &b.local, at_b.relative_to(at_a), seed)
    } else {
        None
    };
    if let Some(f) = face {
        *seed = Simplex::of(&side_and_vertex(f.from_a, f.face, f.vertex));
        let upper = length(f.nearest.0 - f.nearest.1);
        // (As GJK's: nearer than its touching distance, the exact contact decides.)
        let apart = f.gap > GJK_TOUCH_RELATIVE * scale;
        if apart && enough(f.gap, upper) {
            let m = face_measure(a, b, poses, (at_a, at_b), &f, upper);
            *features = StepStart::of((a, b), t, (&core_a, &core_b), seed, &m);
            return m;
        }
    }
    // Without a seed, from B's position towards A's, where they are now.
    let start = pose_a.position - pose_b.position;
    let g = gjk_bounds(&core_a, &core_b, seed, start, scale, enough);
    *features = None;
    match gjk_measure(a, b, poses, g, scale) {
        Some(m) => {
            *features = StepStart::of((a, b), t, (&core_a, &core_b), seed, &m);
            Measured { settled: true, ..m }
        }
        None => Measured::exact(
            pose_a,
            pose_b,
            super::contact(&a.local, pose_a, &b.local, pose_b),
        ),
    }
}

/// The measure of [`query_measure`] from a leading face `f` (its gap a lower bound on the
/// cores' distance, `upper`, the vertex's distance from the face, an upper bound): a step on
/// the gap along the face's normal, the contact the vertex and the face's point nearest it.
fn face_measure(
    a: &MovingBody,
    b: &MovingBody,
    (pose_a, pose_b): (Pose, Pose),
    (at_a, at_b): (&Placement, &Placement),
    f: &LeadingFace,
    upper: f64,
) -> Measured {
    let (vertex, on_face) = f.nearest;
    // In the world, the normal from A towards B.
    let (axis, point_a, point_b) = if f.from_a {
        (
            at_a.rotate(f.normal),
            at_a.apply(on_face),
            at_a.apply(vertex),
        )
    } else {
        (
            -at_b.rotate(f.normal),
            at_b.apply(vertex),
            at_b.apply(on_face),
        )
    };
    let (ra, rb) = (a.local.radius, b.local.radius);
    Measured {
        pose_a,
        pose_b,
        contact: Contact::from_core(upper, axis, point_a, point_b, ra, rb),
        gap: f.gap - ra - rb,
        axis,
        slack: 0.0,
        settled: true,
    }
}

/// What an iteration's measure found that a second-order step (`second_order_step`) starts
/// from.
#[derive(Clone, Copy)]
struct StepStart {
    /// The iteration's time.
    t: f64,
    /// Where the cores were then.
    at: (Placement, Placement),
    /// The measure's axis: unit, from A towards B.
    axis: DVec2,
    /// How far apart the cores were along `axis` at least: the measure's gap less its slack,
    /// the radii added back.
    separation: f64,
    /// Each core's vertices on the nearest features (a side's two ends, or a corner twice): the
    /// supports the model starts from, and where the support searches start.
    near: ([usize; 2], [usize; 2]),
    /// How fast the step's axis turns: as A does when a side of A is nearest (the axis stays
    /// that side's normal), as B does when a side of B is, else not at all.
    turn: f64,
}

impl StepStart {
    fn of(
        (a, b): (&MovingBody, &MovingBody),
        t: f64,
        (core_a, core_b): (&Posed, &Posed),
        simplex: &Simplex,
        m: &Measured,
    ) -> Option<StepStart> {
        let first = *simplex.first()?;
        let last = *simplex.last()?;
        let turn = match **simplex {
            // An MD edge of two of B's vertices less one of A's: a side of B.
            [p, q] if p.a == q.a && p.b != q.b => b.angular_velocity,
            [p, q] if p.b == q.b && p.a != q.a => a.angular_velocity,
            _ => 0.0,
        };
        Some(StepStart {
            t,
            at: (*core_a.placement(), *core_b.placement()),
            axis: m.axis,
            separation: m.gap - m.slack + a.local.radius + b.local.radius,
            near: ([first.a, last.a], [first.b, last.b]),
            turn,
        })
    }
}

/// A step from the measure `f` longer than conservative advancement's `dt`, proven free, or
/// `None`. The separation along an axis `n(τ)` that starts as the measure's and turns at the
/// rate `f.turn` bounds the distance from below at every time. Written as the centres'
/// separation less each core's support along the axis (seen in the core's own frame, where the
/// axis turns at the rate `f.turn − ω`), it is bounded below by a function of the time since
/// the measure, τ, that is concave:
///
/// * the centres' separation `(Δx + Δv·τ)·n(τ)` by its tangent at τ = 0 less `K_c·τ²/2`,
///   where `K_c` bounds how fast its slope falls over the step ([`centres_bend`]), or, where
///   less, its second derivative at τ = 0 (with the sign it has: a closing that slows costs
///   nothing) less τ times a bound on its third, `ω_n²(3|Δv| + |ω_n||Δx|)`;
/// * each core's support `h(R(δ)u)` along the axis turned by `δ = (ω_n − ω)·τ` by
///   `h(u + δ·u⊥) + r·δ²/2` (each vertex's projection turns with a second derivative at
///   most its distance from the body's position, at most the core's reach `r`), where
///   `h(u + δ·u⊥)`, the support along the tangent direction, is convex in τ.
///
/// A concave function at least the target at both ends of an interval is at least the target
/// on all of it. The step is where the bound's quadratic model on the nearest vertices (exact
/// while they stay the supports) falls to the target (the loop's margin and the radii),
/// checked with one support search per turning core at its end; where a support changed on the
/// way, the chord of the supports between the two ends bounds them instead, and the step is
/// the quadratic's root on the chords. Near a contact the step lands within `K·τ²` of it,
/// where conservative advancement closes a fixed fraction of the gap each time.
fn second_order_step(
    a: &MovingBody,
    b: &MovingBody,
    fixed: &Fixed,
    f: &StepStart,
    dt: f64,
    margin: f64,
    end_of_motion: f64,
) -> Option<f64> {
    let (at_a, at_b) = f.at;
    let n = f.axis;
    let target = margin + a.local.radius + b.local.radius;
    let excess = f.separation - target;
    // (Not `excess <= 0.0`: a NaN anywhere ends here too.)
    if excess.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return None;
    }
    let dx = at_b.position - at_a.position;
    let c0 = dx.dot(n);
    // At least the two supports' sum along the axis at τ = 0.
    let supports = c0 - f.separation;
    let (ua, ub) = (at_a.rotate_back(n), at_b.rotate_back(-n));
    let dv = b.velocity - a.velocity;
    let remaining = end_of_motion - f.t;
    // Each core's nearest vertices (two on a side, one twice at a corner), with their heights
    // along the axis and across it.
    let nearest = |core: &Convex, ends: [usize; 2], u: DVec2| {
        ends.map(|i| (core.vertices[i].dot(u), core.vertices[i].dot(u.perp())))
    };
    let (near_a, near_b) = (
        nearest(&a.local, f.near.0, ua),
        nearest(&b.local, f.near.1, ub),
    );
    // The roots aim a hair inside the target, so that the check at the step's end does not
    // fail on the rounding of a quadratic that ends exactly on it.
    let aim = excess * (1.0 - AIM_INSIDE);
    // The first τ where `aim + slope·τ − q·τ²` falls to 0 (in the form that subtracts no
    // nearly equal numbers), at most the rest of the motion.
    let root = |q: f64, slope: f64| {
        let d = (slope * slope + 4.0 * q * aim).sqrt();
        let tau = if slope <= 0.0 {
            2.0 * aim / (d - slope)
        } else if q > 0.0 {
            (slope + d) / (2.0 * q)
        } else {
            f64::INFINITY
        };
        tau.min(remaining)
    };
    // For an axis turning at `w`: the centres' rate along it, half the bound on the second
    // derivative over the step, and the step of the model on the nearest vertices (a support
    // turning away from its neighbours rises as the first of them to rise does).
    let plan = |w: f64| {
        let (wa, wb) = fixed.turns_in_cores(w, a, b);
        let c1 = dv.dot(n) + w * dx.dot(n.perp());
        let rise = |rate: f64, near: [(f64, f64); 2]| (rate * near[0].1).max(rate * near[1].1);
        let model = c1 - rise(wa, near_a) - rise(wb, near_b);
        let mut q = 0.5 * (fixed.reach.0 * wa * wa + fixed.reach.1 * wb * wb);
        if w != 0.0 {
            // The centres' separation c(τ) = Δx(τ)·n(τ) falls no faster than `centres_bend`
            // bounds over a span at least the step (the model's linear root).
            let span = if model < 0.0 {
                (aim / -model).min(remaining)
            } else {
                remaining
            };
            // c''(0), for the second bound below.
            let at_start = 2.0 * w * dv.dot(n.perp()) - w * w * c0;
            let dv_len = fixed.relative_speed;
            let either_way = centres_bend(w, dx, dv, n, span, dv_len).1;
            let w = w.abs();
            let centres_far = fixed.centres_apart + dv_len * (f.t + span);
            // Or c'' from its value at τ = 0, less the span times a bound on |c'''|: c''' =
            // −w²·(2Δv·n(τ) + c'(τ)), so |c'''| ≤ w²·(3|Δv| + |w|·|Δx|), where |Δx(τ)| ≤
            // |Δx(0)| + |Δv|·(f.t + τ). Where even that least c'' is not negative (the closing
            // slows), the centres bend nothing down.
            let least = at_start - span * w * w * (3.0 * dv_len + w * centres_far);
            q += 0.5 * either_way.min((-least).max(0.0));
        }
        (wa, wb, c1, q, root(q, model))
    };
    // The axis turning with the nearest side, or held still (which bounds the centres'
    // separation more tightly far from a contact): the one whose model steps further.
    let with_side = plan(f.turn);
    let (wa, wb, c1, q, step) = if f.turn == 0.0 {
        with_side
    } else {
        let held = plan(0.0);
        if held.4 > with_side.4 {
            held
        } else {
            with_side
        }
    };
    if step.partial_cmp(&dt) != Some(std::cmp::Ordering::Greater) {
        return None;
    }
    // The supports' sum at the step's end, at least: each along its tangent direction there
    // (searched from a nearest vertex), or for a core the axis turns with, its support at
    // τ = 0, at most the sum less the other's height (any vertex's is at most its support).
    let height = |near: [(f64, f64); 2]| near[0].0.max(near[1].0);
    let support_at = |core: &Convex, u: DVec2, rate: f64, from: usize, other: f64| {
        if rate == 0.0 {
            return supports - other;
        }
        let dir = u + u.perp() * (rate * step);
        core.vertices[extreme_vertex_near(core, dir, from)].dot(dir)
    };
    let at_end = if wa == 0.0 && wb == 0.0 {
        supports
    } else {
        support_at(&a.local, ua, wa, f.near.0[0], height(near_b))
            + support_at(&b.local, ub, wb, f.near.1[0], height(near_a))
    };
    if c0 + c1 * step - at_end - q * step * step >= target {
        return Some(step);
    }
    // A support changed on the way: the chord of the supports' sum.
    let chord = c1 - (at_end - supports) / step;
    let shorter = root(q, chord).min(step);
    (shorter > dt && excess + (chord - q * shorter) * shorter >= 0.0).then_some(shorter)
}

/// Bounds on the second derivative of the centres' separation `c(τ) = (Δx + Δv·τ)·n(τ)` over
/// `τ ∈ [0, span]`, where the axis `n(τ)` (unit, `n` at τ = 0) turns at `w`: an upper bound on
/// `c''` and one on `−c''` (`speed` is `|Δv|`). With `θ = w·τ`, `n(τ) = n·cos θ + n⊥·sin θ`:
///
/// ```text
/// c'' = 2w·Δv·n⊥(τ) − w²·c(τ) = P·cos θ + Q·sin θ − w²·τ·(Δv·n·cos θ + Δv·n⊥·sin θ),
/// P = 2w·Δv·n⊥ − w²·Δx·n,   Q = −2w·Δv·n − w²·Δx·n⊥.
/// ```
///
/// Each wave is at most its amplitude (`√(P² + Q²)`, `|Δv|`) either way. While the axis turns
/// by at most a right angle, `cos θ` is in `[0, 1]` and `sin θ` has the sign of `w` and at
/// most the angle's size, so each term is at most its coefficient where that has the sign
/// that raises it (`P` where positive; `Q·sign w` times the angle where positive), and the
/// same for `−c''` with the signs turned. Each term's size alone would count `2|w|·|Δv·n⊥|`
/// and `w²·|Δx·n|` both, where in `P` they partly cancel.
#[inline]
fn centres_bend(w: f64, dx: DVec2, dv: DVec2, n: DVec2, span: f64, speed: f64) -> (f64, f64) {
    let turn = w.signum();
    let (along, side) = (dv.dot(n), dv.dot(n.perp()));
    // `Q` and Δv·n⊥ signed so that, times the angle's size, they are their terms at most.
    let across = side * turn;
    let p = 2.0 * w * side - w * w * dx.dot(n);
    let q = (-2.0 * w * along - w * w * dx.dot(n.perp())) * turn;
    let angle = w.abs() * span;
    let amplitude = (p * p + q * q).sqrt();
    let drift = w * w * span;
    if angle <= std::f64::consts::FRAC_PI_2 {
        (
            (p.max(0.0) + q.max(0.0) * angle).min(amplitude)
                + drift * ((-along).max(0.0) + (-across).max(0.0) * angle).min(speed),
            ((-p).max(0.0) + (-q).max(0.0) * angle).min(amplitude)
                + drift * (along.max(0.0) + across.max(0.0) * angle).min(speed),
        )
    } else {
        (amplitude + drift * speed, amplitude + drift * speed)
    }
}

/// Where in the window of hits (from the loop's margin, where a step may end at the closest,
/// up to the tolerance, below which the next measure is a hit) the chord step aims the
/// separation at its end: near the margin, so that the distance, which the separation along
/// one axis only bounds from below, still falls in the window when the nearest features have
/// turned a little away from the axis.
const CHORD_AIM: f64 = 0.3;

/// What a probe of the chord step is for: each kind has its own budget of probes.
#[derive(Clone, Copy, PartialEq)]
enum Leg {
    /// The next of chords end to end towards the motion's end.
    Piece,
    /// Newton's step towards where the separation falls to the aim.
    Newton,
    /// A piece on the way to a probe Newton's method landed in the window of hits.
    Fill,
}

impl Leg {
    /// How many probes of each kind at most: chords end to end, where the model does not fall
    /// to the aim before the motion ends; Newton's tries, the first from the model at the
    /// measure; fills.
    const BUDGET: [usize; 3] = [4, 4, 2];
}

/// The separation along the chord step's axis at one candidate end, and its slope there.
#[derive(Clone, Copy)]
struct Probe {
    /// The candidate end, as a time since the measure.
    tau: f64,
    /// The cores' separation along the axis there, the radii not taken off.
    separation: f64,
    slope: f64,
    /// How fast the slope rises there while the supports stay the same vertices, and how fast
    /// that changes: with `separation` and `slope`, the cubic model Newton's next try aims on.
    curvature: f64,
    jerk: f64,
    /// Each core's support vertex along the axis there: where the next search starts.
    supports: (usize, usize),
    /// The directions the supports were searched along, each in its core's frame (A's along
    /// the axis, B's against it).
    directions: (DVec2, DVec2),
    /// The axis there (unit, from A towards B).
    axis: DVec2,
    /// B's position less A's there.
    between: DVec2,
}

/// A step from the measure `f` that ends where the separation along an axis, worked out
/// exactly there, is a hair above the loop's margin, proven free by a chord bound; or `None`.
///
/// The axis starts as the measure's and turns at the rate `f.turn` (with the nearest side, so
/// that where a side of one body faces a corner of the other the separation along it is the
/// distance). Along it the separation `s(τ)` is the centres' separation less each core's
/// support, and each of these has its second derivative bounded over a span (the centres'
/// from the motion, as in `second_order_step`; each support's by its reach times the square of
/// the rate the axis turns at in the core's frame: every vertex's height is a sinusoid of that
/// amplitude at most, and the support, their maximum, lies below the chord of its values at
/// two times plus that bound's bulge). So over `[0, T]`
///
/// ```text
/// s(τ) ≥ s(0) + (s(T) − s(0))·τ/T − k·τ·(T − τ),
/// ```
///
/// `k` half the bound on how fast the slope rises: a convex function of τ whose least value
/// on `[0, T]` has a closed form. Where it is at least the target (margin and radii), the
/// bodies stay apart over the whole step, as the loop needs; near a contact the chord falls
/// much faster than the bulge grows, and the least value is `s(T)` itself. Unlike the
/// second-order step, whose bound at the end is its model's, the end here is exact: the step
/// lands where the separation is, not a bound on it, and `T` is found by Newton's method on
/// `s`, from the root of its model at τ = 0 on the nearest features. Each model, there and at
/// every probe, is the separation's Taylor polynomial of third order while the supports stay
/// the same vertices (each support's height a sinusoid, the centres' separation a product of
/// a line and a turning axis: every derivative in closed form), its root the quadratic's
/// refined by one Newton step on the cubic: far more exact than Newton's tangent, so that the
/// second probe mostly lands in the window of hits where a tangent's took a third. Landed in
/// the window of hits, it also returns what [`landing`] finds there: an upper bound on the
/// distance: below the tolerance, the hit, proven without another measure ([`Landed::Hit`]);
/// else the side and vertex it was measured between, which start the next measure
/// ([`Landed::Near`]).
///
/// Each chord runs from the last end proven (at first the measure), not from the measure: a
/// Newton end a hair past a first try that held but missed the window is proven by the short
/// chord between them. Where the model does not fall to the aim before the motion ends (a
/// miss, or a long way to go), the ends are not Newton's but pieces, each as far on as keeps
/// the chord's bulge to half the separation's excess over the target at its start; a piece
/// that ends below the target has a root behind it, which Newton's method then finds from
/// there. Where Newton's end lands in the window of hits but the chord from the last end
/// proven does not hold (the separation rose before it fell: the bound `k` holds over the whole
/// span, and a long chord's bulge reaches below the target where the separation stays far
/// above it), fills, pieces on the way, prove it in shorter chords. Each kind of probe has
/// its budget ([`Leg::BUDGET`]), and the step gives up as soon as the separation along its
/// axis falls into the window, or below, no later than `dt`, conservative advancement's step:
/// none it could prove would be longer.
fn chord_step(
    a: &MovingBody,
    b: &MovingBody,
    fixed: &Fixed,
    f: &StepStart,
    dt: f64,
    margin: f64,
    end_of_motion: f64,
) -> Option<(f64, Option<Landed>)> {
    let (at_a, at_b) = f.at;
    let n = f.axis;
    let radii = a.local.radius + b.local.radius;
    let target = margin + radii;
    let s0 = f.separation;
    // (Not `s0 <= target`: a NaN anywhere ends here too.)
    if s0.partial_cmp(&target) != Some(std::cmp::Ordering::Greater) {
        return None;
    }
    let hit_level = margin / STOP_SHORT_FRACTION + radii;
    let aim = target + CHORD_AIM * (hit_level - target);
    let w = f.turn;
    let (wa, wb) = fixed.turns_in_cores(w, a, b);
    let dx = at_b.position - at_a.position;
    let dv = b.velocity - a.velocity;
    let (ua, ub) = (at_a.rotate_back(n), at_b.rotate_back(-n));
    let remaining = end_of_motion - f.t;
    let turned = |u: DVec2, rate: f64, tau: f64| {
        if rate == 0.0 {
            u
        } else {
            rotation_of(rate * tau).rotate(u)
        }
    };
    // The separation's value and its first three derivatives where the centres are `between`
    // apart and the supports have heights and rises `(h, r)` along `axis`, exact while the
    // supports stay the same vertices: each support's height a sinusoid (its second
    // derivative its rate squared times its height with the sign turned, its third that times
    // its rise), the centres' separation c a line along a turning axis (c'' = 2w·Δv·n⊥ − w²·c,
    // c''' = −w²·(2Δv·n + c')).
    let model = |between: DVec2, axis: DVec2, (ha, ra): (f64, f64), (hb, rb): (f64, f64)| {
        let c = between.dot(axis);
        let along = dv.dot(axis);
        let centres_rate = along + w * between.dot(axis.perp());
        let slope = centres_rate - ra - rb;
        let curvature = 2.0 * w * dv.dot(axis.perp()) - w * w * c + wa * wa * ha + wb * wb * hb;
        let jerk = -w * w * (2.0 * along + centres_rate) + wa * wa * ra + wb * wb * rb;
        (c - ha - hb, slope, curvature, jerk)
    };
    let separation = |tau: f64, from: (usize, usize)| {
        // A support's height along its turned direction and how fast it rises.
        let support = |core: &Convex, u: DVec2, rate: f64, from: usize| {
            let u = turned(u, rate, tau);
            let i = climb(core, u, from);
            let v = core.vertices[i];
            (v.dot(u), rate * v.dot(u.perp()), i, u)
        };
        let axis = turned(n, w, tau);
        let between = dx + dv * tau;
        let (ha, ra, ia, ua) = support(&a.local, ua, wa, from.0);
        let (hb, rb, ib, ub) = support(&b.local, ub, wb, from.1);
        let (separation, slope, curvature, jerk) = model(between, axis, (ha, ra), (hb, rb));
        Probe {
            tau,
            separation,
            slope,
            curvature,
            jerk,
            supports: (ia, ib),
            directions: (ua, ub),
            axis,
            between,
        }
    };
    // Half the bound on how fast the slope may rise over [0, span].
    let bend = |span: f64| {
        let mut k = fixed.reach.0 * wa * wa + fixed.reach.1 * wb * wb;
        if w != 0.0 {
            k += centres_bend(w, dx, dv, n, span, fixed.relative_speed).0;
        }
        0.5 * k
    };
    // Whether the chord bound from `(τ0, s(τ0))` to the probe `p` stays at the target, `k`
    // half the bound on how fast the slope rises between them. The bound
    // `s(τ0) + chord·τ − k·τ·(length − τ)` is at least the target at both ends (`s(τ0)` was
    // proven so); it is least inside where its slope is zero, at `τ = lift / (2k·length)` with
    // `lift = k·length² − (s − s(τ0))`, and there `s(τ0) − lift² / (4k·length²)`. Compared so,
    // with no division: each probe waits on this test.
    // (A value or a bound that overflowed proves nothing: none of them infinite.)
    let piece_holds = |(start, s_start): (f64, f64), p: &Probe, k: f64| {
        let (length, s) = (p.tau - start, p.separation);
        let (rise, square) = (s - s_start, k * length * length);
        if s.partial_cmp(&target) != Some(std::cmp::Ordering::Greater)
            || !rise.is_finite()
            || !square.is_finite()
        {
            return false;
        }
        let lift = square - rise;
        lift <= 0.0 || lift >= 2.0 * square || lift * lift <= 4.0 * square * (s_start - target)
    };
    // The model at τ = 0 on the nearest features (the separation itself is `s0`): each core's
    // height and rise, the higher of its two features' ends.
    let near = |core: &Convex, ends: [usize; 2], u: DVec2, rate: f64| {
        let v = |i: usize| core.vertices[i];
        let height = v(ends[0]).dot(u).max(v(ends[1]).dot(u));
        let rise = (rate * v(ends[0]).dot(u.perp())).max(rate * v(ends[1]).dot(u.perp()));
        (height, rise)
    };
    let (near_a, near_b) = (
        near(&a.local, f.near.0, ua, wa),
        near(&b.local, f.near.1, ub, wb),
    );
    let (_, slope, curvature, jerk) = model(dx, n, near_a, near_b);
    // The first τ where the model falls to the aim, or the rest of the motion.
    let fall = s0 - aim;
    let mut end = if let Some(to_aim) = fall_to_aim(fall, slope, curvature, jerk) {
        to_aim
    } else if slope >= 0.0 && curvature < 0.0 {
        (slope + (slope * slope - 2.0 * curvature * fall).sqrt()) / -curvature
    } else {
        remaining
    }
    .min(remaining);
    let mut from = (f.near.0[0], f.near.1[0]);
    let mut best: Option<Probe> = None;
    // Newton's method where the model falls to the aim before the motion ends, else pieces
    // (the doc above), each as far past the last end proven as keeps the chord's bulge (at
    // most `k·length²/4`) to half the separation's excess over the target there.
    // (Not `end < remaining`: a NaN goes to Newton's method, which ends on it.)
    let mut leg = if end >= remaining {
        Leg::Piece
    } else {
        Leg::Newton
    };
    let k_rest = if leg == Leg::Piece {
        bend(remaining)
    } else {
        0.0
    };
    // As far past `(τ, s)` as keeps the bulge over `k` to half the excess there.
    let piece = |(tau, s): (f64, f64), k: f64| {
        if k > 0.0 {
            tau + (2.0 * (s - target) / k).sqrt()
        } else {
            f64::INFINITY
        }
    };
    // A fill's end: a piece from the last end proven, at most half way to `to`, `k` the bound
    // over the span to it.
    let fill = |proven: (f64, f64), to: f64, k: f64| piece(proven, k).min(0.5 * (proven.0 + to));
    let mut proven = (0.0, s0);
    if leg == Leg::Piece {
        end = piece(proven, k_rest).min(remaining);
    }
    // Newton's probe that landed, while fills prove the way to it, and the bound `k` over the
    // span to it.
    let mut pending: Option<(Probe, f64)> = None;
    let mut left = Leg::BUDGET;
    loop {
        // (Not `end <= 0.0`: a NaN ends here too.)
        if left[leg as usize] == 0 || end.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            break;
        }
        left[leg as usize] -= 1;
        let p = separation(end, from);
        let k = bend(end);
        // The chord from the last end proven (a probe before that end is proven already).
        let holds = if end > proven.0 {
            piece_holds(proven, &p, k)
        } else {
            p.separation > target
        };
        if holds {
            if best.as_ref().is_none_or(|b| b.tau < end) {
                proven = (p.tau, p.separation);
                best = Some(p);
            }
            if end >= remaining || p.separation < hit_level {
                break;
            }
        }
        let next = match leg {
            Leg::Fill => {
                let Some((q, k)) = pending.filter(|_| holds) else {
                    break;
                };
                if piece_holds(proven, &q, k) {
                    best = Some(q);
                    break;
                }
                fill(proven, q.tau, k)
            }
            Leg::Piece if holds => piece(proven, k_rest).min(remaining),
            // Too long for its bulge: no root of the separation in sight.
            Leg::Piece if p.separation > target => break,
            // The separation along the axis falls into the window, or below, no later than
            // conservative advancement's step ends, which is then longer than any step here.
            _ if end <= dt && p.separation < hit_level => break,
            // Landed, but not proven from the last end proven: fills on the way.
            Leg::Newton if p.separation > target && p.separation < hit_level => {
                pending = Some((p, k));
                leg = Leg::Fill;
                fill(proven, p.tau, k)
            }
            // Newton's step towards the aim, where the separation still falls.
            Leg::Piece | Leg::Newton => {
                leg = Leg::Newton;
                if p.slope.partial_cmp(&0.0) != Some(std::cmp::Ordering::Less) {
                    break;
                }
                // On the probe's cubic model (a tangent alone left most second tries short of
                // the window of hits at 10⁻⁶), else on its tangent.
                let fall = p.separation - aim;
                let to_aim =
                    fall_to_aim(fall, p.slope, p.curvature, p.jerk).unwrap_or(fall / -p.slope);
                (end + to_aim).min(remaining)
            }
        };
        if next == end {
            break;
        }
        (end, from) = (next, p.supports);
    }
    let best = best?;
    // Landed in the window of hits: the nearest points there may prove the hit.
    let landed = (best.separation < hit_level).then(|| {
        let (contact, features) = landing(a, b, &best, at_a.position + a.velocity * best.tau);
        if contact.distance + radii < hit_level {
            return Landed::Hit(contact);
        }
        // The side the axis turned with, found again: its gap there is the separation the
        // step landed on, below the tolerance, and its vertex no nearer than the landing's
        // bound, so it cannot decide the next measure, which goes to GJK at once.
        let ends = |[p, q]: [usize; 2]| [p.min(q), p.max(q)];
        let turned_with = match *features {
            [p, q] if p.a == q.a && p.b != q.b => {
                f.near.0[0] == f.near.0[1] && ends([p.b, q.b]) == ends(f.near.1)
            }
            [p, q] if p.b == q.b && p.a != q.a => {
                f.near.1[0] == f.near.1[1] && ends([p.a, q.a]) == ends(f.near.0)
            }
            _ => false,
        };
        Landed::Near(features, !turned_with)
    });
    Some((best.tau, landed))
}

/// Where the cubic model `fall + slope·δ + curvature·δ²/2 + jerk·δ³/6` of the separation's
/// excess over the aim first falls to zero while falling: the first root of its quadratic part,
/// `δ = 2·fall / q` with `q = √(slope² − 2·curvature·fall) − slope` (the form that subtracts no
/// nearly equal numbers), refined by one Newton step on the cubic from there, where the cubic
/// falls (elsewhere the quadratic's root as it is). `None` where the separation does not fall
/// at δ = 0 or the quadratic never reaches zero. Only where the chord step tries next: every
/// end it tries is proven.
///
/// The Newton step `δ − (jerk·δ³/6) / rate`, its rate `slope + curvature·δ + jerk·δ²/2`, is
/// taken over one division: with `p = rate·q²` (the rate's sign, `q > 0`), it is
/// `(2·fall·p − 4·jerk·fall³/3) / (q·p)`. Each probe of the chord step waits on this aim, and
/// on the three divisions in a row of the plain form most of all.
#[inline]
fn fall_to_aim(fall: f64, slope: f64, curvature: f64, jerk: f64) -> Option<f64> {
    if slope >= 0.0 {
        return None;
    }
    let disc = slope * slope - 2.0 * curvature * fall;
    (disc >= 0.0).then(|| {
        let q = disc.sqrt() - slope;
        let p = (slope * q + 2.0 * curvature * fall) * q + 2.0 * jerk * fall * fall;
        if p < 0.0 {
            (2.0 * fall * p - (4.0 / 3.0) * jerk * fall * fall * fall) / (q * p)
        } else {
            2.0 * fall / q
        }
    })
}

/// What [`chord_step`] found where it landed in the window of hits.
enum Landed {
    /// The nearest points there, within the tolerance: the hit.
    Hit(Contact),
    /// The side and vertex of [`landing`]'s upper bound, which is not within the tolerance,
    /// and whether the side is another than the one the step's axis turned with (only such a
    /// side may decide the next measure, [`super::seeded_face`]).
    Near(Simplex, bool),
}

/// The vertex of a core farthest along `u`, by a climb from vertex `from`, which on a convex
/// polygon ends on the peak (or, where rounding breaks its single peak, a few ulps below it,
/// as [`extreme_vertex_near`] may): the support along a direction that has turned a little
/// since `from` was it, in a step or two. A climb that goes on past [`CLIMB_LIMIT`] steps (a
/// large polygon, turned far) hands over to the bisection of [`extreme_vertex`].
///
/// Not the support module's budgeted climb: that one walks runs of equal values to answer the
/// lowest index among exact ties (which GJK's determinism needs), where the chord step needs
/// only the peak's value; in its place every rotating cast took 3–5 % more instructions.
fn climb(core: &Convex, u: DVec2, from: usize) -> usize {
    let vertices = &core.vertices;
    let n = vertices.len();
    let (mut i, mut h) = (from, vertices[from].dot(u));
    let mut steps = 0;
    for forward in [true, false] {
        loop {
            let (before, after) = super::around(i, n);
            let j = if forward { after } else { before };
            let hj = vertices[j].dot(u);
            if hj <= h {
                break;
            }
            (i, h) = (j, hj);
            steps += 1;
            if steps > CLIMB_LIMIT {
                return extreme_vertex(core, u);
            }
        }
        if steps > 0 {
            break;
        }
    }
    i
}

/// How many steps [`climb`] takes before it hands over to a bisection.
const CLIMB_LIMIT: usize = 8;

/// An upper bound on the distance at a probe's end, as a contact (in the world, with A's
/// position at `centre_a`): the nearest any core's support vertex comes to the two sides of
/// the other core at its support vertex, points of both cores, so no nearer than the cores.
/// Where a side faces a corner it is the distance, and the separation the chord step landed on
/// along the side's normal. With it, that side and corner as a simplex (one pair of vertices
/// where the nearer "side" is a point core's one vertex).
fn landing(a: &MovingBody, b: &MovingBody, p: &Probe, centre_a: DVec2) -> (Contact, Simplex) {
    // How near `tip` the two sides of a core at its vertex `i` come (squared: one root is
    // taken, of the nearest of the four), and the point where.
    fn nearest_side(
        on: impl Fn(usize) -> DVec2,
        i: usize,
        count: usize,
        tip: DVec2,
    ) -> (f64, DVec2, [usize; 2]) {
        let (before, after) = super::around(i, count);
        let near = |j: usize, k: usize| {
            let (q, _) = closest_on_segment(on(j), on(k), tip);
            ((tip - q).length_squared(), q, [j, k])
        };
        let (first, second) = (near(before, i), near(i, after));
        if second.0 < first.0 {
            second
        } else {
            first
        }
    }
    let (ua, ub) = p.directions;
    let (c, x) = (p.between.dot(p.axis), p.between.dot(p.axis.perp()));
    // In the axis's frame about A's position: along the axis, across it.
    let on_a = |i: usize| {
        let v = a.local.vertices[i];
        DVec2::new(v.dot(ua), v.dot(ua.perp()))
    };
    let on_b = |j: usize| {
        let v = b.local.vertices[j];
        DVec2::new(c - v.dot(ub), x - v.dot(ub.perp()))
    };
    let (ia, ib) = p.supports;
    let (tip_a, tip_b) = (on_a(ia), on_b(ib));
    let (on_side_a, on_side_b) = (
        nearest_side(on_a, ia, a.local.vertices.len(), tip_b),
        nearest_side(on_b, ib, b.local.vertices.len(), tip_a),
    );
    let (square, point_a, point_b, features) = if on_side_b.0 < on_side_a.0 {
        let features = side_and_vertex(false, on_side_b.2, ia);
        (on_side_b.0, tip_a, on_side_b.1, features)
    } else {
        let features = side_and_vertex(true, on_side_a.2, ib);
        (on_side_a.0, on_side_a.1, tip_b, features)
    };
    let distance = square.sqrt();
    // (A point core's "side" is its one vertex twice: the pair of vertices alone.)
    let features = if features[0] == features[1] {
        &features[..1]
    } else {
        &features[..]
    };
    let world = |v: DVec2| centre_a + p.axis * v.x + p.axis.perp() * v.y;
    let contact = Contact::from_core(
        distance,
        p.axis,
        world(point_a),
        world(point_b),
        a.local.radius,
        b.local.radius,
    );
    (contact, Simplex::of(features))
}

/// A side of one core (A's where `of_a`: its two vertices) and a vertex of the other as a
/// simplex's two MD points, by index alone (GJK places a seed's points at the present poses).
fn side_and_vertex(of_a: bool, side: [usize; 2], vertex: usize) -> [MdVertex; 2] {
    side.map(|i| {
        let (a, b) = if of_a { (i, vertex) } else { (vertex, i) };
        MdVertex {
            point: DVec2::ZERO,
            a,
            b,
        }
    })
}

/// The query's measure ([`query_measure`]) with what it keeps from one iteration to the next:
/// GJK's last simplex (or the features where a chord step landed, `fresh`), the features a step
/// starts from, and where a chord step landed with the hit its nearest points prove there (the
/// next measure, at that time, is that hit).
struct QueryMeasure<'a> {
    a: &'a MovingBody,
    b: &'a MovingBody,
    fixed: Fixed,
    seed: Simplex,
    /// `seed` was found at the next measure's time, where a chord step landed.
    fresh: bool,
    features: Option<StepStart>,
    landed: Option<(f64, Contact)>,
}

impl Measure for QueryMeasure<'_> {
    fn measure(&mut self, t: f64, _exact: bool) -> Measured {
        if let Some((at, contact)) = self.landed.take() {
            if at == t {
                self.features = None;
                return Measured::exact(self.a.pose_at(t), self.b.pose_at(t), contact);
            }
        }
        query_measure(
            self.a,
            self.b,
            t,
            &mut self.seed,
            &self.fixed,
            &mut self.features,
            std::mem::take(&mut self.fresh),
        )
    }

    fn farther(&mut self, t: f64, dt: f64, margin: f64, end_of_motion: f64) -> f64 {
        // The loop asks right after measuring at `t`, so the features are that measure's.
        debug_assert!(self.features.is_none_or(|f| f.t == t));
        let Some(f) = &self.features else {
            return dt;
        };
        // The chord step, unless two corners are nearest: the line between them turns as they
        // pass, and the separation along any one axis falls short of the distance there.
        let corners = f.near.0[0] == f.near.0[1] && f.near.1[0] == f.near.1[1];
        if !corners {
            if let Some((step, landed)) =
                chord_step(self.a, self.b, &self.fixed, f, dt, margin, end_of_motion)
            {
                if step > dt {
                    match landed {
                        Some(Landed::Hit(c)) => self.landed = Some((t + step, c)),
                        Some(Landed::Near(features, fresh)) => {
                            (self.seed, self.fresh) = (features, fresh);
                        }
                        None => {}
                    }
                    return step;
                }
            }
        }
        second_order_step(self.a, self.b, &self.fixed, f, dt, margin, end_of_motion).unwrap_or(dt)
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
    /// [`super::contact`]'s. On a miss proven by the bodies' bounding discs alone (no iteration,
    /// `discs_apart` below), a lower bound: the discs' separation at the start; on one proven
    /// along the line between the positions (no iteration, `centres_line_miss` below), the
    /// cores' separation along it where the loop would have started, also a lower bound.
    pub distance: f64,
    /// Unit, from A towards B, at the last iteration (meaningful for every status but a miss).
    pub normal: DVec2,
    /// How many iterations the cast took (0: a miss shown before the loop, by the bounding discs
    /// or along the line between the positions).
    pub iterations: u32,
}

/// The same conservative advancement as [`crate::geometry::angular_cast::angular_cast`], as a
/// program asks for it: nothing recorded, each iteration measured by GJK on the posed cores, seeded
/// with the last iteration's simplex and stopped as soon as its bounds decide the iteration
/// ([`QUERY_BOUND_RATIO`]), never re-measured, each step the longer of the closing-speed bound's
/// and a second-order one (module doc); two circles in closed form (`centred_discs` below). The
/// same guarantees: `toi` is never after the true first contact, a miss is proven, a hit is
/// within the tolerance. On the 2,500 seeded motions of
/// `tests/angular_cast.rs` it ends as [`crate::geometry::angular_cast::angular_cast`] does every
/// time, the times of the hits within 1.5·10⁻³ of each other (both within the tolerance of the
/// contact: two circles stop where their distance is half the tolerance, the loop anywhere
/// below the tolerance).
pub fn angular_time_of_impact(
    a: &MovingBody,
    b: &MovingBody,
    settings: &CastSettings,
) -> AngularImpact {
    // The cores' reach bounds how fast turning closes the distance: the rounding keeps its
    // width whichever way the body turns, so it adds nothing to the bound.
    let reach = (
        a.local.core_reach_from(DVec2::ZERO),
        b.local.core_reach_from(DVec2::ZERO),
    );
    let centres = Centres::of(a, b);
    let scale = flooring_scale(settings, a, b, reach);
    // Two circles in closed form; others, until their bounding discs come within the
    // tolerance, cannot either: the loop starts there, or the discs prove the miss.
    // The window's end (a square root and a division), worked out once, where it is first
    // needed: a hit at the start never needs it.
    let window_end = |path: &DiscPath| exit_in_motion(path).unwrap_or(1.0);
    let (start, path, known_end) = if settings.max_iterations > 0 {
        let tolerance = floored_tolerance(settings, scale);
        if let Some(impact) = centred_discs(a, b, &centres, tolerance) {
            return impact;
        }
        let (start, path) = match discs_apart(a, b, &centres, reach, tolerance) {
            Ok(window) => window,
            Err(miss) => return miss,
        };
        let mut known_end = None;
        let end = || *known_end.get_or_insert_with(|| window_end(&path));
        if let Some(miss) = centres_line_miss(a, b, &centres, reach, (start, end), tolerance) {
            return miss;
        }
        (start, Some(path), known_end)
    } else {
        (0.0, None, None)
    };
    let end_of_motion = || known_end.unwrap_or_else(|| path.as_ref().map_or(1.0, window_end));
    let rotation =
        |m: &MovingBody| (m.angular_velocity == 0.0).then(|| DVec2::from_angle(m.pose.angle));
    let fixed = Fixed {
        reach,
        rotations: (rotation(a), rotation(b)),
        tolerance: settings.tolerance,
        relative_speed: centres.speed,
        centres_apart: centres.apart,
    };
    // The first search from B's position towards A's; later ones from the last simplex.
    let mut measurer = QueryMeasure {
        a,
        b,
        fixed,
        seed: Simplex::EMPTY,
        fresh: false,
        features: None,
        landed: None,
    };
    let (end, iterations) = advance(
        a,
        b,
        settings,
        (reach, scale, start, end_of_motion),
        &mut measurer,
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

/// B's centre seen from A's over the motion: where it starts, how far that is from A's, and
/// how it moves (a line: the bodies' positions move on lines whatever their turning).
#[derive(Clone, Copy)]
struct Centres {
    offset: DVec2,
    apart: f64,
    velocity: DVec2,
    /// `|velocity|`.
    speed: f64,
}

impl Centres {
    fn of(a: &MovingBody, b: &MovingBody) -> Centres {
        Centres::new(b.pose.position - a.pose.position, b.velocity - a.velocity)
    }

    fn new(offset: DVec2, velocity: DVec2) -> Centres {
        Centres {
            offset,
            apart: length(offset),
            velocity,
            speed: length(velocity),
        }
    }

    /// B's centre, seen from A's, against the disc of `radius` about A's.
    #[inline]
    fn path(&self, radius: f64) -> DiscPath {
        DiscPath::moving(self.offset, self.apart, (self.velocity, self.speed), radius)
    }

    /// The first time in `[0, 1]` B's centre comes within `radius` of A's, which it starts
    /// farther from ([`DiscPath::entry`]); `None` when it does not.
    fn entry(&self, radius: f64) -> Option<f64> {
        entry_in_motion(&self.path(radius))
    }

    /// A miss found on the centres alone: the whole motion free, `distance` the caller's (the
    /// distance at the start or a lower bound on it), the normal along the centres' line.
    fn miss(&self, distance: f64, iterations: u32) -> AngularImpact {
        AngularImpact {
            status: CastStatus::Miss,
            toi: 1.0,
            distance,
            normal: self.offset / self.apart,
            iterations,
        }
    }
}

/// The window of time outside which the bodies are known at least `tolerance` apart without
/// measuring them, or a miss proven so. Each lies within its bounding disc (its core's reach
/// about its position, grown by its rounding) however it turns, and the discs' centres move on
/// lines: until B's centre, seen from A's, comes within the two radii grown by the tolerance,
/// and after it leaves them for good ([`DiscPath::exit`]), the bodies stay that far apart. Never
/// coming that close before t = 1 is a miss (its distance the discs' separation at the start,
/// which the distance is at least; no iteration taken). Within it from the start, the window
/// starts at 0; not leaving before t = 1, it ends at 1.
fn discs_apart(
    a: &MovingBody,
    b: &MovingBody,
    centres: &Centres,
    reach: (f64, f64),
    tolerance: f64,
) -> Result<(f64, DiscPath), AngularImpact> {
    let radii = reach.0 + reach.1 + a.local.radius + b.local.radius;
    let within = radii + tolerance;
    let path = centres.path(within);
    // (Not `apart <= within`: a NaN anywhere ends here too.)
    if centres.apart.partial_cmp(&within) != Some(std::cmp::Ordering::Greater) {
        return Ok((0.0, path));
    }
    match entry_in_motion(&path) {
        Some(entry) => Ok((entry.max(0.0), path)),
        None => Err(centres.miss(centres.apart - radii, 0)),
    }
}

/// A miss proven on the line between the bodies' positions at `start`, the time the loop would
/// take its first measure, without measuring them: the cores' separation along that line (the
/// positions' distance less each core's support along it) is a lower bound on their distance,
/// and where it is at least the tolerance and the closing-speed bound along the line
/// ([`crate::geometry::angular_cast`]) cannot close it before `end` (from which on the
/// bounding discs stay apart), nothing can: the miss the loop's first measure would prove,
/// for two support searches. Mostly bodies that move apart, whose discs still overlap at the
/// start. `None` where it proves nothing (the loop decides), at once where the positions
/// close (the turning would have to close less than their approach, rare once the discs
/// overlap) or where even their distance less the roundings could not be closed in time.
#[inline]
fn centres_line_miss(
    a: &MovingBody,
    b: &MovingBody,
    centres: &Centres,
    reach: (f64, f64),
    (start, end): (f64, impl FnOnce() -> f64),
    tolerance: f64,
) -> Option<AngularImpact> {
    let between = centres.offset + centres.velocity * start;
    if centres.velocity.dot(between) <= 0.0 {
        return None;
    }
    let apart = length(between);
    let axis = between / apart;
    let closing = reach.0 * a.angular_velocity.abs() + reach.1 * b.angular_velocity.abs()
        - centres.velocity.dot(axis);
    let radii = a.local.radius + b.local.radius;
    let end = end();
    let time = end - start;
    // A core that holds its body's position supports at least 0 along any line: the gap is
    // then at most the positions' distance less the roundings. (Where a core does not, this
    // only leaves a miss to the loop.)
    if closing > 0.0 && apart - radii - tolerance < time * closing {
        return None;
    }
    let gap = apart - supports_along(a, b, axis, start) - radii;
    let proven = gap >= tolerance && (closing <= 0.0 || start + gap / closing > end);
    proven.then_some(AngularImpact {
        status: CastStatus::Miss,
        toi: 1.0,
        distance: gap,
        normal: axis,
        iterations: 0,
    })
}

/// The sum of the cores' supports at time `t` along `axis` (A's) and against it (B's), each
/// from its body's position. Out of line: inlined, the casts that never get here paid for it.
#[inline(never)]
fn supports_along(a: &MovingBody, b: &MovingBody, axis: DVec2, t: f64) -> f64 {
    let support = |m: &MovingBody, dir: DVec2| {
        let turned = Placement {
            position: DVec2::ZERO,
            rotation: rotation_of(m.pose.angle + m.angular_velocity * t),
        };
        let along = turned.rotate_back(dir);
        m.local.vertices[extreme_vertex(&m.local, along)].dot(along)
    };
    support(a, axis) + support(b, -axis)
}

/// A path's entry into its disc ([`DiscPath::entry`]) if by t = 1.
#[inline]
fn entry_in_motion(path: &DiscPath) -> Option<f64> {
    path.entry().filter(|&t| t <= 1.0)
}

/// A path's exit from its disc for good ([`DiscPath::exit`]) if within `[0, 1)`: `None` where
/// the point never is within, stays within past t = 1, or does not move (`room / 0`).
#[inline]
fn exit_in_motion(path: &DiscPath) -> Option<f64> {
    Some(path.exit()).filter(|t| (0.0..1.0).contains(t))
}

/// Two bodies whose cores are each one point at the body's own position (two circles): turning
/// moves nothing, the centres move on lines, and the first time the distance falls to the
/// loop's margin (half the tolerance, [`STOP_SHORT_FRACTION`]) is the moving point's entry into
/// a disc, in closed form ([`Centres::entry`]): where the loop would converge, in one
/// iteration, with its guarantees (never after the contact: the distance there is the margin;
/// a miss: the centres never come that close). `None` for any other pair.
fn centred_discs(
    a: &MovingBody,
    b: &MovingBody,
    centres: &Centres,
    tolerance: f64,
) -> Option<AngularImpact> {
    if a.local.vertices != [DVec2::ZERO] || b.local.vertices != [DVec2::ZERO] {
        return None;
    }
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
    let radii = a.local.radius + b.local.radius;
    Some(
        match centres.entry(radii + STOP_SHORT_FRACTION * tolerance) {
            Some(toi) => {
                let between = centres.offset + centres.velocity * toi;
                let apart = length(between);
                AngularImpact {
                    status: CastStatus::Hit,
                    toi,
                    distance: apart - radii,
                    normal: between / apart,
                    iterations: 1,
                }
            }
            None => AngularImpact {
                normal: start.normal,
                ..centres.miss(start.distance, 1)
            },
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::XorShift;

    impl Centres {
        /// The exit the query takes ([`exit_in_motion`]) from the disc of `radius`.
        fn exit(&self, radius: f64) -> Option<f64> {
            exit_in_motion(&self.path(radius))
        }
    }

    #[test]
    fn the_centres_bend_no_more_than_their_bounds() {
        // c'' = 2w·Δv·n⊥(τ) − w²·(Δx + Δv·τ)·n(τ), sampled over the span, against the bounds
        // both ways; at a span of 0 the two bounds are c''(0)'s two signed parts.
        let second = |w: f64, dx: DVec2, dv: DVec2, n: DVec2, tau: f64| {
            let axis = DVec2::from_angle(w * tau).rotate(n);
            2.0 * w * dv.dot(axis.perp()) - w * w * (dx + dv * tau).dot(axis)
        };
        let mut rng = XorShift(0xbe_9d00);
        let (mut tight_up, mut tight_down) = (0, 0);
        for case in 0..20_000 {
            let mut r = |k: f64| (rng.unit() * 2.0 - 1.0) * k;
            let w = r(4.0);
            let (dx, dv) = (DVec2::new(r(5.0), r(5.0)), DVec2::new(r(6.0), r(6.0)));
            let n = DVec2::from_angle(r(4.0));
            let span = if case % 4 == 0 { 0.0 } else { r(2.0).abs() };
            let (up, down) = centres_bend(w, dx, dv, n, span, length(dv));
            let slack = 1e-9 * (1.0 + up.abs() + down.abs());
            if span == 0.0 {
                let at = second(w, dx, dv, n, 0.0);
                assert!((up - down - at).abs() <= slack, "{up} − {down} vs {at}");
                assert!(up >= 0.0 && down >= 0.0 && up.min(down) == 0.0);
                continue;
            }
            let (mut most, mut least) = (f64::NEG_INFINITY, f64::INFINITY);
            for k in 0..=64 {
                let c = second(w, dx, dv, n, span * f64::from(k) / 64.0);
                (most, least) = (most.max(c), least.min(c));
            }
            assert!(
                most <= up + slack && -least <= down + slack,
                "w {w} Δx {dx} Δv {dv} n {n} span {span}: c'' in [{least}, {most}], bounds {up}, {down}"
            );
            tight_up += usize::from(up <= most + 0.5 * (up + down));
            tight_down += usize::from(down <= -least + 0.5 * (up + down));
        }
        // Not bounds so loose that any would pass: mostly within half their sum of the truth.
        assert!(
            tight_up > 10_000 && tight_down > 10_000,
            "{tight_up} {tight_down}"
        );
    }

    #[test]
    fn the_aim_is_newtons_step_on_the_cubic_from_the_quadratics_root() {
        // The aim in its plain form: the quadratic's root, then `δ − (jerk·δ³/6) / rate`
        // where the cubic falls there.
        let plain = |fall: f64, slope: f64, curvature: f64, jerk: f64| {
            let disc = slope * slope - 2.0 * curvature * fall;
            (slope < 0.0 && disc >= 0.0).then(|| {
                let delta = 2.0 * fall / (disc.sqrt() - slope);
                let rate = slope + curvature * delta + 0.5 * jerk * delta * delta;
                if rate < 0.0 {
                    delta - jerk * delta * delta * delta / 6.0 / rate
                } else {
                    delta
                }
            })
        };
        let mut rng = XorShift(0xa1_3000);
        let (mut refined, mut found) = (0, 0);
        for _ in 0..20_000 {
            let mut r = |k: f64| (rng.unit() * 2.0 - 1.0) * k;
            let (fall, slope, curvature, jerk) = (r(2.0).abs(), r(4.0), r(20.0), r(200.0));
            let (ours, theirs) = (
                fall_to_aim(fall, slope, curvature, jerk),
                plain(fall, slope, curvature, jerk),
            );
            assert_eq!(ours.is_some(), theirs.is_some());
            let (Some(ours), Some(theirs)) = (ours, theirs) else {
                continue;
            };
            found += 1;
            refined += usize::from(
                ours != 2.0 * fall / ((slope * slope - 2.0 * curvature * fall).sqrt() - slope),
            );
            assert!(
                (ours - theirs).abs() <= 1e-12 * theirs.abs().max(1.0),
                "fall {fall} slope {slope} curvature {curvature} jerk {jerk}: {ours} vs {theirs}"
            );
        }
        assert!(
            found > 5_000 && refined > 2_000,
            "{found} aims, {refined} refined"
        );
    }

    #[test]
    fn the_centres_leave_the_disc_at_the_later_root() {
        // Passing 0.5 from the centre at 6 a unit of time, from 3 before it: within 1 for
        // t in 0.5 ± √0.75 / 6.
        let passing = Centres::new(DVec2::new(-3.0, 0.5), DVec2::new(6.0, 0.0));
        let exit = passing.exit(1.0).unwrap();
        assert!(
            (exit - (0.5 + 0.75f64.sqrt() / 6.0)).abs() < 1e-15,
            "{exit}"
        );
        // Inside from the start and moving away, or towards the centre and on through it.
        let leaving = Centres::new(DVec2::new(0.5, 0.0), DVec2::new(2.0, 0.0));
        assert!((leaving.exit(1.0).unwrap() - 0.25).abs() < 1e-15);
        let through = Centres::new(DVec2::new(0.5, 0.0), DVec2::new(-2.0, 0.0));
        assert!((through.exit(1.0).unwrap() - 0.75).abs() < 1e-15);
        // Not before t = 1, never within, or not moving: no exit.
        assert_eq!(
            Centres::new(DVec2::new(-3.0, 0.5), DVec2::new(3.0, 0.0)).exit(1.0),
            None
        );
        assert_eq!(
            Centres::new(DVec2::new(-3.0, 2.0), DVec2::new(6.0, 0.0)).exit(1.0),
            None
        );
        assert_eq!(
            Centres::new(DVec2::new(0.5, 0.0), DVec2::ZERO).exit(1.0),
            None
        );
        assert_eq!(
            Centres::new(DVec2::new(0.5, 0.0), DVec2::X * f64::NAN).exit(1.0),
            None
        );

        // Random passes, near and far, slow and fast: the centres are within the radius just
        // before the exit and outside it from there to t = 1 (the distance is convex in time).
        let mut rng = XorShift(0x0e11_7000);
        let mut exits = 0;
        for _ in 0..20_000 {
            let scale = 10f64.powf(4.0 * rng.unit() - 2.0);
            let offset = DVec2::from_angle(rng.unit() * std::f64::consts::TAU) * 3.0 * scale;
            let velocity =
                DVec2::from_angle(rng.unit() * std::f64::consts::TAU) * 8.0 * scale * rng.unit();
            let radius = scale * (0.5 + 3.5 * rng.unit());
            let c = Centres::new(offset, velocity);
            let at = |t: f64| length(offset + velocity * t);
            let Some(exit) = c.exit(radius) else {
                // Then the centre is inside the disc at t = 1, or never on the way.
                let nearest = (-offset.dot(velocity) / velocity.length_squared()).clamp(0.0, 1.0);
                let never = at(nearest) >= radius * (1.0 - 1e-12);
                assert!(at(1.0) <= radius * (1.0 + 1e-12) || never);
                continue;
            };
            exits += 1;
            assert!((0.0..1.0).contains(&exit), "{exit}");
            for k in 0..=16 {
                let t = exit + (1.0 - exit) * f64::from(k) / 16.0;
                assert!(
                    at(t) >= radius * (1.0 - 1e-12),
                    "{offset} {velocity} {radius}: {t}"
                );
            }
            if exit > 1e-9 {
                assert!(at(exit * (1.0 - 1e-9)) < radius * (1.0 + 1e-12), "{exit}");
            }
        }
        assert!(exits > 1_000, "{exits} exits");
    }
}

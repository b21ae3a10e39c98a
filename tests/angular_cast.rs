//! Angular + linear conservative advancement against hand-computed times of impact, a bisection
//! oracle on the exact distance, and parry2d-f64's nonlinear shape cast.
//!
//! Measured on this file's seeded cases: see the constants and the tests' doc comments.

mod common;

use common::*;
use minkowski_lab::geometry::angular_cast::{angular_cast, AngularCast};
use minkowski_lab::geometry::cast::{CastSettings, CastStatus, MovingBody};
use minkowski_lab::geometry::query::{angular_time_of_impact, AngularImpact};
use minkowski_lab::geometry::{Convex, DVec2, Pose, Shape, Source};
use minkowski_lab::scene::Scene;
use parry2d_f64::math::Vector as PVec;
use parry2d_f64::query::{cast_shapes_nonlinear, NonlinearRigidMotion};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::RefCell;
use std::f64::consts::{FRAC_PI_2, PI};

// ---------------------------------------------------------------------------------------------
// The bisection oracle
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// A body: `shape` at `(x, y)` turned by `deg`, moving with `v` and turning `w_deg` per unit t.
fn moving(shape: &Shape, x: f64, y: f64, deg: f64, v: (f64, f64), w_deg: f64) -> MovingBody {
    MovingBody {
        local: shape.to_convex().unwrap().0,
        pose: Pose::new(DVec2::new(x, y), deg.to_radians()),
        velocity: DVec2::new(v.0, v.1),
        angular_velocity: w_deg.to_radians(),
    }
}

fn settings(tolerance: f64, max_iterations: u32) -> CastSettings {
    CastSettings {
        tolerance,
        max_iterations,
    }
}

/// Checks every cast must pass whatever the case: the budget, the trace's own consistency, and
/// that the bodies are apart at `toi` unless they overlapped from the start.
fn check_invariants(a: &MovingBody, b: &MovingBody, s: &CastSettings, cast: &AngularCast) {
    assert!(
        cast.iterations.len() <= s.max_iterations as usize,
        "{} iterations > {}",
        cast.iterations.len(),
        s.max_iterations
    );
    assert!((0.0..=1.0).contains(&cast.toi), "toi {}", cast.toi);
    // A miss frees the whole motion (toi 1); the distance and poses are those of the iteration
    // that proved it. Otherwise they are at toi.
    let at = if cast.status == CastStatus::Miss {
        assert_eq!(cast.toi, 1.0);
        cast.iterations
            .last()
            .expect("a miss is proven by an iteration")
            .t
    } else {
        cast.toi
    };
    let d = distance_at(a, b, at);
    assert_eq!(d, cast.distance, "distance at the last iteration");
    assert_eq!((cast.pose_a, cast.pose_b), (a.pose_at(at), b.pose_at(at)));
    if cast.status == CastStatus::Overlapping {
        assert!(d <= 0.0 && cast.toi == 0.0);
    } else {
        assert!(d > 0.0, "{:?} at t {at} with distance {d}", cast.status);
    }
    if cast.status == CastStatus::Hit {
        assert!(
            d < cast.tolerance,
            "hit at distance {d} ≥ {}",
            cast.tolerance
        );
    }
    let last = cast.iterations.len().saturating_sub(1);
    for (k, it) in cast.iterations.iter().enumerate() {
        if k < last {
            let next = cast.iterations[k + 1].t;
            assert_eq!(it.t + it.step.unwrap(), next, "iteration {k} stepped");
            // Conservative: each step leaves at least (about) the margin.
            assert!(
                cast.iterations[k + 1].distance > 0.5 * cast.margin,
                "iteration {} at distance {} (margin {})",
                k + 1,
                cast.iterations[k + 1].distance,
                cast.margin
            );
        }
        assert_eq!(
            it.bound.total,
            it.bound.relative_normal_speed + it.bound.angular_a + it.bound.angular_b
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Known answers by hand
// ---------------------------------------------------------------------------------------------

/// Two unit circles, A at rest at the origin, B at (5, 1) moving (−10, 0): the centres are 2
/// apart when 5 − 10t = √3, so t* = (5 − √3)/10. The gap |c(t)| − 2 is convex in t (the norm of
/// an affine function), so it lies above its tangent at t*, whose slope is minus the closing
/// speed along the contact normal (√3, 1)/2, namely 10·√3/2: a gap below the tolerance puts the
/// cast at most tolerance / (5√3) before t*.
#[test]
fn circles_meet_at_five_minus_root_three_over_ten() {
    let circle = Shape::Circle { radius: 1.0 };
    let a = moving(&circle, 0.0, 0.0, 0.0, (0.0, 0.0), 0.0);
    let b = moving(&circle, 5.0, 1.0, 0.0, (-10.0, 0.0), 0.0);
    let s = settings(1e-3, 64);
    let cast = angular_cast(&a, &b, &s);
    check_invariants(&a, &b, &s, &cast);
    let exact = (5.0 - 3f64.sqrt()) / 10.0;
    assert_eq!(cast.status, CastStatus::Hit);
    assert!(cast.toi <= exact, "toi {} after {exact}", cast.toi);
    let slack = s.tolerance / (5.0 * 3f64.sqrt());
    assert!(
        exact - cast.toi <= slack,
        "toi {} vs {exact}: {} early, allowed {slack}",
        cast.toi,
        exact - cast.toi
    );
    let n = DVec2::new(3f64.sqrt(), 1.0) / 2.0;
    assert!((cast.normal - n).length() < 1e-3, "normal {}", cast.normal);
    let oracle = bisection_toi(&a, &b).unwrap();
    assert!((oracle - exact).abs() < 1e-11, "oracle {oracle} vs {exact}");
}

/// Translation only, box against box: B (half extents 0.5, turned 45°) at (4, 0.3) slides left
/// at speed 4 towards A (half extents 1) at the origin. B's left corner is at x = 4 − 0.5·√2
/// and meets A's right face x = 1 at t* = (3 − 0.5·√2)/4. Distance and normal (+x) are exact,
/// and the bound is exactly the closing speed, so one step lands at the margin: the cast equals
/// the linear time of impact up to margin / 4.
#[test]
fn box_against_box_without_turning_is_the_linear_toi() {
    let a = moving(
        &Shape::Box {
            half_extents: DVec2::new(1.0, 1.0),
        },
        0.0,
        0.0,
        0.0,
        (0.0, 0.0),
        0.0,
    );
    let b = moving(
        &Shape::Box {
            half_extents: DVec2::new(0.5, 0.5),
        },
        4.0,
        0.3,
        45.0,
        (-4.0, 0.0),
        0.0,
    );
    let s = settings(1e-3, 64);
    let cast = angular_cast(&a, &b, &s);
    check_invariants(&a, &b, &s, &cast);
    let exact = (3.0 - 0.5 * 2f64.sqrt()) / 4.0;
    assert_eq!(cast.status, CastStatus::Hit);
    assert_eq!(cast.iterations.len(), 2, "one step: {:#?}", cast.iterations);
    assert!(cast.toi <= exact);
    assert!(
        (exact - cast.margin / 4.0 - cast.toi).abs() < 1e-12,
        "toi {} vs {exact}",
        cast.toi
    );
    assert!((cast.normal - DVec2::X).length() < 1e-12);
    let oracle = bisection_toi(&a, &b).unwrap();
    assert!((oracle - exact).abs() < 1e-11, "oracle {oracle} vs {exact}");
}

/// A horizontal bar turning 90° counter-clockwise about its centre towards a wall above it whose
/// lower face is the line y = h. When the bar has turned by θ its highest point is at
/// `top(θ)`; contact when `top(θ) = h`, at t* = θ*/ω. The gap h − top(ωt) is convex on the way
/// up (top is concave for θ ∈ [0, 90°]), so a gap below the tolerance puts the cast at most
/// tolerance / top′(t*) before t*.
fn bar_against_wall(bar: Shape, top: impl Fn(f64) -> f64, theta_star: f64, h: f64) {
    let w = 90.0; // degrees over the motion: the first article's angular demo
    let a = moving(&bar, 0.0, 0.0, 0.0, (0.0, 0.0), w);
    let wall = Shape::Box {
        half_extents: DVec2::new(5.0, 0.5),
    };
    let b = moving(&wall, 0.0, h + 0.5, 0.0, (0.0, 0.0), 0.0);
    let omega = w.to_radians();
    let exact = theta_star / omega;
    assert!((top(theta_star) - h).abs() < 1e-12, "θ* is the contact");
    let s = settings(1e-3, 64);
    let cast = angular_cast(&a, &b, &s);
    check_invariants(&a, &b, &s, &cast);
    assert_eq!(cast.status, CastStatus::Hit);
    assert!(cast.toi <= exact, "toi {} after {exact}", cast.toi);
    let rate = (top(theta_star + 1e-7) - top(theta_star - 1e-7)) / 2e-7 * omega;
    let slack = s.tolerance / rate;
    assert!(
        exact - cast.toi <= slack,
        "toi {} vs {exact}: {} early, allowed {slack}",
        cast.toi,
        exact - cast.toi
    );
    assert!((cast.normal - DVec2::Y).length() < 1e-9, "{}", cast.normal);
    // A′ is A turned by toi·90°.
    assert!((cast.pose_a.angle - omega * cast.toi).abs() < 1e-15);
    let oracle = bisection_toi(&a, &b).unwrap();
    assert!((oracle - exact).abs() < 1e-10, "oracle {oracle} vs {exact}");
}

/// A capsule (half length 2, radius 0.1): top = 2·sin θ + 0.1, wall at h = 1.1, so
/// sin θ* = 1/2, θ* = 30°, t* = 1/3.
#[test]
fn spinning_capsule_meets_the_wall_at_one_third() {
    bar_against_wall(
        Shape::Capsule {
            half_length: 2.0,
            radius: 0.1,
        },
        |th| 2.0 * th.sin() + 0.1,
        PI / 6.0,
        1.1,
    );
}

/// A thin box (half extents 2 × 0.05): its highest point is the corner (2, 0.05) turned,
/// top = 2·sin θ + 0.05·cos θ = R·sin(θ + φ) with R = √(4 + 0.05²), φ = atan2(0.05, 2); wall at
/// h = 1, so θ* = asin(1/R) − φ.
#[test]
fn spinning_thin_box_meets_the_wall_where_its_corner_does() {
    let r = (4.0f64 + 0.05 * 0.05).sqrt();
    let phi = 0.05f64.atan2(2.0);
    bar_against_wall(
        Shape::Box {
            half_extents: DVec2::new(2.0, 0.05),
        },
        |th| 2.0 * th.sin() + 0.05 * th.cos(),
        (1.0 / r).asin() - phi,
        1.0,
    );
}

/// The first article's angular demo: A (a box) slides right while turning 90° over the motion
/// towards a box B at rest. No closed form; the oracle decides. The MD is not just moved between
/// iterations but turned: its edge directions change.
#[test]
fn the_articles_demo_turns_a_by_ninety_degrees() {
    let a = moving(
        &Shape::Box {
            half_extents: DVec2::new(1.5, 0.3),
        },
        -3.5,
        0.0,
        0.0,
        (4.0, 0.0),
        90.0,
    );
    let b = moving(
        &Shape::Box {
            half_extents: DVec2::new(0.6, 0.6),
        },
        1.5,
        0.4,
        20.0,
        (0.0, 0.0),
        0.0,
    );
    let s = settings(1e-3, 64);
    let cast = angular_cast(&a, &b, &s);
    check_invariants(&a, &b, &s, &cast);
    let oracle = bisection_toi(&a, &b).expect("the demo hits");
    assert_eq!(cast.status, CastStatus::Hit);
    assert!(
        cast.toi <= oracle && oracle - cast.toi < 0.01,
        "toi {} vs oracle {oracle}",
        cast.toi
    );
    assert!(cast.iterations.len() >= 3, "{}", cast.iterations.len());
    // The MD's first edge from A changes direction as A turns.
    let direction = |k: usize| {
        let md = &cast.iterations[k].minkowski_difference(&a, &b);
        let i = md.edges.iter().position(|e| e.source == Source::A).unwrap();
        let (p, q) = md.edge_points(i);
        (q - p).normalize()
    };
    let turned = direction(0).angle_between(direction(cast.iterations.len() - 1));
    assert!(turned.abs() > 0.1, "MD edge turned by {turned} rad");
    assert!((cast.pose_a.angle - FRAC_PI_2 * cast.toi).abs() < 1e-15);
}

// ---------------------------------------------------------------------------------------------
// Seeded random motions with rotation against the oracle (and parry)
// ---------------------------------------------------------------------------------------------

/// A random pair of moving bodies: any shapes, B placed a few units from A and sent roughly
/// towards it, both turning up to a full turn either way over the motion.
fn motion_pair() -> impl Strategy<Value = (Shape, MovingBody, Shape, MovingBody)> {
    motion_pair_of(any_shape(), any_shape())
}

/// [`motion_pair`] with the shapes drawn from the given strategies.
fn motion_pair_of(
    shape_a: impl Strategy<Value = Shape>,
    shape_b: impl Strategy<Value = Shape>,
) -> impl Strategy<Value = (Shape, MovingBody, Shape, MovingBody)> {
    (
        shape_a,
        pose(),
        shape_b,
        (0.0..std::f64::consts::TAU, 3.0..7.0f64, -3.2..3.2f64),
        (-2.0..2.0f64, -2.0..2.0f64),
        (0.0..1.5f64, -2.0..2.0f64),
        (-2.0 * PI..2.0 * PI, -2.0 * PI..2.0 * PI),
    )
        .prop_map(
            |(sa, pa, sb, (dir, dist, angle_b), va, (toward, side), (wa, wb))| {
                let offset = DVec2::from_angle(dir) * dist;
                let pb = Pose::new(pa.position + offset, angle_b);
                let a = MovingBody {
                    local: sa.to_convex().unwrap().0,
                    pose: pa,
                    velocity: DVec2::new(va.0, va.1),
                    angular_velocity: wa,
                };
                // Towards A by `toward` of the offset, plus a sideways part.
                let vb = -offset * toward + offset.perp().normalize() * side;
                let b = MovingBody {
                    local: sb.to_convex().unwrap().0,
                    pose: pb,
                    velocity: vb,
                    angular_velocity: wb,
                };
                (sa, a, sb, b)
            },
        )
}

/// Tallies over the seeded cases, printed with `--nocapture`.
#[derive(Debug, Default)]
struct Tally {
    cases: usize,
    overlapping: usize,
    hits: usize,
    misses: usize,
    near_miss_hits: usize,
    undecided: usize,
    unresolved: usize,
    max_iterations_used: usize,
    /// The largest (oracle's toi − cast's toi) on hits, in t.
    max_early: f64,
    /// Cases where the query ([`angular_time_of_impact`]) ended otherwise than the figure's
    /// cast, where that decided, but for near misses where one hit and the other missed.
    query_other_status: usize,
    /// Near misses (the bodies within the tolerance, never touching) where one of the query
    /// and the figure's cast hit and the other missed: both right, a miss proving that the
    /// bodies never touch and a hit that they come within the tolerance.
    query_near_miss_other: usize,
    /// The largest |query's toi − cast's toi| where both hit, in t.
    query_max_toi_gap: f64,
    /// The most iterations the query took, and the figure's cast on the same case.
    query_most_iterations: (u32, usize),
}

const RANDOM_CASES: u32 = 1500;
const RANDOM_TOLERANCE: f64 = 1e-3;
const RANDOM_MAX_ITERATIONS: u32 = 256;
/// The cast's toi may exceed the oracle's by this much (in t): the oracle's own bracket is
/// 1e-12, and the distance at the cast's toi is at least the margin, so in truth it is earlier.
const LATE_ALLOWANCE: f64 = 1e-9;

/// On 1,500 seeded motions with rotation: the cast never reports a time after the oracle's first
/// contact, agrees on hit or miss (a hit where the oracle finds no contact would have to be a
/// near miss within the tolerance, which is what a hit means), and hits are within the tolerance
/// in distance (`check_invariants`).
///
/// Measured: 808 hits, 664 misses, 28 overlapping at the start, no near misses, nothing left
/// undecided with 256 iterations (the most any case used: 220; half the hits need ≤ 19). On
/// hits the cast is at most 0.003 before the oracle's contact in t, except one case 0.25
/// early: the bodies pass within the tolerance at t = 0.469 without touching and meet at 0.720
/// — a hit by the tolerance's definition.
#[test]
fn seeded_motions_with_rotation_agree_with_the_oracle() {
    let t = agree_with_the_oracle(motion_pair(), RANDOM_CASES);
    assert!(t.hits >= 200 && t.misses >= 200, "{t:#?}");
    assert!(t.undecided <= t.cases / 50, "{t:#?}");
    // The query ends as the figure's cast does, its hits within the tolerance of each other's
    // (both within the tolerance of the contact).
    assert_eq!(t.query_other_status, 0, "{t:#?}");
    assert!(t.query_max_toi_gap <= 1.5 * RANDOM_TOLERANCE, "{t:#?}");
}

/// The same with points, bare segments and hairline capsules against any shape, turning: their
/// MDs can be flat, where a rounding-free answer is hardest.
#[test]
fn seeded_thin_shapes_with_rotation_agree_with_the_oracle() {
    let t = agree_with_the_oracle(
        motion_pair_of(prop_oneof![thin_shape(), any_shape()], thin_shape()),
        600,
    );
    assert!(t.hits >= 100 && t.misses >= 100, "{t:#?}");
    assert!(t.undecided <= t.cases / 50, "{t:#?}");
    assert_eq!(t.query_other_status, 0, "{t:#?}");
    assert!(t.query_max_toi_gap <= 1.5 * RANDOM_TOLERANCE, "{t:#?}");
}

/// Two circles, turning: the query answers them in closed form (the centres' motion reaching
/// the discs' sum grown by the margin), the figure's cast by its loop. Both hold the oracle's
/// guarantees, and they end alike on every case the figure's cast decides. (Its closing bound
/// counts each circle's radius as turning, so on a grazing approach it may crawl: on another
/// seed one case of 400 ran out of its 256 iterations 0.0012 from the contact the query met.)
#[test]
fn seeded_circles_with_rotation_agree_with_the_oracle() {
    let circle = || (0.05..2.0f64).prop_map(|radius| Shape::Circle { radius });
    let t = agree_with_the_oracle(motion_pair_of(circle(), circle()), 400);
    assert!(t.hits >= 50 && t.misses >= 50, "{t:#?}");
    assert!(t.undecided <= t.cases / 50, "{t:#?}");
    assert_eq!(t.query_other_status, 0, "{t:#?}");
    assert_eq!(t.query_most_iterations.0, 1, "{t:#?}");
}

/// The query's second-order steps (see `second_order_step` in `query/rotating.rs`) reach far
/// when the bodies turn fast, the tolerance is tight and a core lies far from its body's
/// position, or wholly to one side of it: the curvature bounds are largest there. On 400 seeded
/// such motions (both bodies turning up to 4π over the motion, tolerance 10⁻⁶, half the cases'
/// cores moved 2.5 off their positions), the query holds the oracle's guarantees (never after
/// the first contact, a miss only where the oracle proves none, a hit within the tolerance), and
/// takes less than a third of the iterations of the figure's cast.
#[test]
fn seeded_fast_turns_at_a_tight_tolerance_hold_the_query_to_the_oracle() {
    let s = settings(1e-6, RANDOM_MAX_ITERATIONS);
    // Faster turns, and for half the cases (by the sign of A's starting angle) both cores moved
    // 2.5 off their positions, in a direction taken from the case.
    let fast = |m: &MovingBody, off: DVec2| {
        let mut local = m.local.clone();
        local.vertices.iter_mut().for_each(|v| *v += off);
        MovingBody {
            local,
            angular_velocity: m.angular_velocity * 2.0,
            ..m.clone()
        }
    };
    #[derive(Default, Debug)]
    struct Counts {
        hits: u32,
        misses: u32,
        unresolved: u32,
        query_iterations: usize,
        figure_iterations: usize,
    }
    let counts = RefCell::new(Counts::default());
    let mut runner = TestRunner::new(seeded(400));
    runner
        .run(&motion_pair(), |(_, a, _, b)| {
            let shift = if a.pose.angle > 0.0 { 2.5 } else { 0.0 };
            let off = |m: &MovingBody| DVec2::from_angle(m.pose.angle * 7.0 + m.velocity.x) * shift;
            let (a, b) = (fast(&a, off(&a)), fast(&b, off(&b)));
            let oracle = oracle_scan(&a, &b);
            let mut c = counts.borrow_mut();
            if oracle.unresolved {
                // A miss the oracle could not prove is no check of the query's.
                c.unresolved += 1;
                return Ok(());
            }
            let query = angular_time_of_impact(&a, &b, &s);
            check_query(&a, &b, &s, &query, oracle.toi);
            match query.status {
                CastStatus::Hit => c.hits += 1,
                CastStatus::Miss => c.misses += 1,
                _ => {}
            }
            c.query_iterations += query.iterations as usize;
            c.figure_iterations += angular_cast(&a, &b, &s).iterations.len();
            Ok(())
        })
        .unwrap();
    let c = counts.into_inner();
    assert!(c.hits >= 100 && c.misses >= 100, "{c:?}");
    assert!(c.unresolved <= 8, "{c:?}");
    // The steps this test is for are taken: far fewer iterations than the figure's
    // conservative advancement, which steps on the closing-speed bound alone.
    assert!(c.query_iterations * 2 < c.figure_iterations, "{c:?}");
}

/// A tall wall (2 × 6) and a block (0.8 × 0.5), each centred on its body's position.
fn wall_and_block() -> (Shape, Shape) {
    let wall = Shape::Box {
        half_extents: DVec2::new(1.0, 3.0),
    };
    let block = Shape::Box {
        half_extents: DVec2::new(0.4, 0.25),
    };
    (wall, block)
}

/// A corner of B turning in towards a side of A (which turns too, more slowly): along the
/// normal of that side, turning with it, the separation is the distance while the corner faces
/// the side. The query's chord step (`chord_step` in `query/rotating.rs`) finds where that
/// separation falls to a hair above the margin, on the separation itself rather than a bound
/// on it, and the nearest points there put the distance below the tolerance: a hit after one
/// measure and one step, where stepping on bounds alone took at least three measures (the
/// figure's cast, on the closing-speed bound, five to eleven). Each is held to the oracle:
/// before the first contact, apart, within the tolerance.
#[test]
fn a_corner_turning_into_a_side_is_met_in_one_step() {
    let (wall, block) = wall_and_block();
    for (a_turn, b_turn, tolerance) in [(0.0, 40.0, 1e-3), (15.0, -60.0, 1e-3), (-10.0, 30.0, 1e-6)]
    {
        let a = moving(&wall, 0.0, 0.0, 0.0, (0.0, 0.0), a_turn);
        let b = moving(&block, 3.0, 0.4, 35.0, (-3.0, 0.2), b_turn);
        hit_in(&a, &b, tolerance, Some(2));
    }
}

/// A block sliding past a tall wall 0.1 to 0.3 from its side, the wall turning away from it
/// and the block turning either way: the separation along the wall's side falls and rises
/// again, and one chord over the rest of the motion bulges too far for a proof (the turning
/// bodies). A few chords, each short enough, prove the miss from the first measure, where it
/// took two to four measures.
#[test]
fn a_block_sliding_past_a_turning_wall_is_proven_a_miss_in_one_measure() {
    let (wall, block) = wall_and_block();
    for gap in [0.1, 0.2, 0.3] {
        for b_turn in [-60.0, -30.0, 30.0, 60.0] {
            let a = moving(&wall, 0.0, 0.0, 0.0, (0.0, 0.0), 10.0);
            let b = moving(&block, 1.45 + gap, -2.5, 0.0, (0.0, 5.0), b_turn);
            let s = settings(1e-3, RANDOM_MAX_ITERATIONS);
            let query = angular_time_of_impact(&a, &b, &s);
            let oracle = oracle_scan(&a, &b).toi;
            assert_eq!(oracle, None, "gap {gap}, turn {b_turn}: they meet");
            check_query(&a, &b, &s, &query, oracle);
            assert_eq!(query.status, CastStatus::Miss, "{query:?}");
            assert_eq!(query.iterations, 1, "gap {gap}, turn {b_turn}: {query:?}");
        }
    }
}

/// Two thin quadrilaterals passing each other, both turning (an instance of the query matrix's
/// elongated 4-gons, `benches/matrix.rs`): the chord step's first try holds but ends a hair
/// above the window of hits, and Newton's next try, 0.0017 further on, lands in it. From the
/// measure that chord bulges below the target; from the first try's end it does not, and the
/// hit is proven at the next measure, where a chord from the measure took one more.
#[test]
fn a_try_a_hair_past_one_that_held_is_proven_by_the_chord_between_them() {
    let a = polygon_body(
        &[
            (-0.2931698717627613, -0.29561262275660993),
            (0.9823975987266511, 0.18010980946601926),
            (-1.1803267693651232, 0.07540161427240548),
            (-0.5349740317068863, -0.27362617323153476),
        ],
        (-1.261507821160011, 4.186705536475415, 4.551636642711459),
        (-0.24997808403478652, 0.12239877926909723),
        -1.1214679228913578,
    );
    let b = polygon_body(
        &[
            (0.11580388087629857, -0.33253867367954737),
            (0.42763972521597066, 0.31621257843064027),
            (0.40738270681763245, 0.31787982997635983),
            (-0.28007968875702166, -0.3263699414250473),
        ],
        (-0.49505075007468385, 5.994865008838937, 0.29837167300172746),
        (-0.6439207657900784, -3.3684351339885454),
        -1.0969047191285264,
    );
    hit_in(&a, &b, 1e-3, Some(2));
}

/// Two random 8-gons of the query matrix (grazing at 10⁻⁶), both turning: along the side of A
/// that B's corner nears, the separation rises for a while before it falls to the contact. The
/// one chord from the measure to Newton's end bulges below the target there (the bound on how
/// fast its slope rises holds over the whole span), though the separation stays far above it;
/// two fills on the way prove that end in shorter chords. A hit in three measures, where the
/// chord step gave up on that end and it took five.
#[test]
fn a_separation_that_rises_before_it_falls_is_proven_in_shorter_chords() {
    let a = polygon_body(
        &[
            (0.9270985639806278, -1.1344132659304367),
            (1.3585875207422589, -0.548311183304977),
            (1.2801756883285682, 0.7124292331638129),
            (0.29418080117926315, 1.4352222341754006),
            (-0.4712587402523214, 1.3871987618901975),
            (-1.2220726071635069, 0.8080493475490784),
            (-1.4391814885575922, 0.2741566126268982),
            (-1.1566640306999383, -0.8991849227711027),
        ],
        (2.002659215590139, 1.084924648934905, 2.537179813969631),
        (-0.0010091345913359562, 0.0330811686100193),
        -0.4789619785544966,
    );
    let b = polygon_body(
        &[
            (-0.16683575135112355, -1.112386208034501),
            (0.7063900077721229, -0.8753572988637098),
            (0.7985848140220012, -0.7921486846342142),
            (0.8504330139662378, 0.7362071260933098),
            (0.41408711352079414, 1.04583416762424),
            (-0.7741276605515118, 0.816065934176469),
            (-0.8804833770996429, 0.6999901902208903),
            (-1.028702588045254, 0.4549815700698946),
        ],
        (2.584604273534981, 3.447963079645532, 1.3392613132757554),
        (-3.392848459161154, -0.9100848073703692),
        -0.9036181777594661,
    );
    hit_in(&a, &b, 1e-6, Some(3));
}

/// Two random 8-gons of the query matrix (grazing at 10⁻⁶), both turning: the chord step's
/// model does not fall to the target before the motion ends, and of its chords end to end the
/// second ends below the target. Newton's method from that end finds where the separation
/// falls, from the last end proven: a hit in three measures, where the chord step stopped at
/// the first chord's end, twice, and it took seven (and four where a measure after a step
/// that landed short of a proven hit started from the last simplex, not from where it
/// landed).
#[test]
fn a_chord_that_ends_below_the_target_hands_over_to_newtons_method() {
    let a = polygon_body(
        &[
            (0.06590614716120763, -0.6104716263943867),
            (0.06923338827673405, -0.6101032411108511),
            (0.6134694893102532, -0.025969454204110384),
            (0.6121353715099149, 0.04805740122666603),
            (0.6023919014085962, 0.1189252874017062),
            (-0.0940487306795369, 0.6067734858444379),
            (-0.316743445756023, 0.5260159849632363),
            (-0.5795608497654567, 0.20280149971187109),
        ],
        (7.180362987344775, 7.244731237278636, 3.3341664857108326),
        (0.703302253655595, -0.34578917946925264),
        1.2256179709548736,
    );
    let b = polygon_body(
        &[
            (-0.16985467131723517, -0.982623779044864),
            (0.4366387515753913, -0.8965192140358061),
            (0.8816107576752857, -0.4660070519465391),
            (0.9836479096902206, -0.163819688300141),
            (-0.38469010508045565, 0.9200074040820996),
            (-0.9936103981384593, -0.08448950954898568),
            (-0.3814137291274146, -0.9213705377022943),
            (-0.2582103272885021, -0.9631861333066732),
        ],
        (7.3069102665343495, 5.7578178114693666, 1.5033572727086517),
        (1.4756136950010084, 0.5045829406150086),
        -1.021840809181422,
    );
    hit_in(&a, &b, 1e-6, Some(3));
}

/// Thin pentagons spinning fast, both (found by a random search over such motions): Newton's
/// method on the separation along the nearest side lands in the window of hits where the
/// separation falls a second time, past a contact on the way. The chord from the last end
/// proven does not hold there; the fills on the way meet the contact (their chords do not
/// hold either) and the step stops short of it, and the cast meets the first contact. That end
/// taken unproven stepped over it.
#[test]
fn newtons_end_past_a_contact_on_the_way_is_not_taken() {
    let cases = [
        (
            polygon_body(
                &[
                    (0.5207920703860882, 0.04711961441285507),
                    (0.39326575981486633, 0.09130508686114706),
                    (0.2068312954362786, 0.11919317884170637),
                    (-0.32283039652622786, 0.10480066223208004),
                    (0.5563427678806369, -0.014525503323934848),
                ],
                (0.0, 0.0, 5.599144086547709),
                (0.0, 0.0),
                -5.952922721591989,
            ),
            polygon_body(
                &[
                    (0.6841886038922217, 0.1558515463167696),
                    (0.48194268774815724, 0.2712852634201005),
                    (0.22023127609451174, 0.3346851435391268),
                    (-0.5904151405524231, 0.22198531751023656),
                    (-0.6277066180826872, 0.19945119766179853),
                ],
                (-0.8817623983204017, -1.3059846701097997, 1.1963928516055196),
                (1.7307864715695649, 2.0303800819570057),
                7.354584584916688,
            ),
            1e-6,
        ),
        (
            polygon_body(
                &[
                    (0.41422525524750187, 0.23049878805007215),
                    (0.27908016931550833, 0.5327687409636941),
                    (-0.4118536760738861, 0.24073570107953704),
                    (-0.4336661779278108, 0.11198703188857288),
                    (-0.19424411972325803, -0.6186416163494614),
                ],
                (0.0, 0.0, 2.871222641971222),
                (0.0, 0.0),
                5.499734237529099,
            ),
            polygon_body(
                &[
                    (0.39439922821769574, 0.2026853820168801),
                    (-0.5114129950778609, 0.18584918036386594),
                    (-0.7049533067883491, 0.14146010131425238),
                    (0.28571339029019244, -0.21364300629246763),
                    (0.6508428336369557, -0.15664809631520132),
                    (0.8552803708550895, -0.07440249051688877),
                    (0.8740706923080288, -0.059416002149705306),
                    (0.8852540186626231, -0.04812473647842131),
                ],
                (-1.1608726028280556, 0.4902803004536797, 2.7978460169600248),
                (2.271393798514829, -1.2954711716417777),
                -7.371093505763424,
            ),
            1e-3,
        ),
    ];
    for (a, b, tolerance) in cases {
        hit_in(&a, &b, tolerance, None);
    }
}

/// Holds the query on `a` and `b` at `tolerance` to the oracle: a hit, in `iterations`
/// measures where given.
fn hit_in(a: &MovingBody, b: &MovingBody, tolerance: f64, iterations: Option<u32>) {
    let s = settings(tolerance, RANDOM_MAX_ITERATIONS);
    let query = angular_time_of_impact(a, b, &s);
    let oracle = oracle_scan(a, b).toi.expect("they meet");
    check_query(a, b, &s, &query, Some(oracle));
    assert_eq!(query.status, CastStatus::Hit, "{query:?}");
    if let Some(iterations) = iterations {
        assert_eq!(query.iterations, iterations, "{query:?}");
    }
}

/// A polygon body from its vertices in its own frame, its pose `(x, y, angle)` (the angle in
/// radians), its velocity and its turn rate (radians per unit of t): as the query matrix and
/// random searches print their instances.
fn polygon_body(
    vertices: &[(f64, f64)],
    (x, y, angle): (f64, f64, f64),
    v: (f64, f64),
    w: f64,
) -> MovingBody {
    MovingBody {
        local: Convex::new(
            vertices.iter().map(|&(x, y)| DVec2::new(x, y)).collect(),
            0.0,
        ),
        pose: Pose::new(DVec2::new(x, y), angle),
        velocity: DVec2::new(v.0, v.1),
        angular_velocity: w,
    }
}

/// Far off and fast, the bodies' bounding discs (where the query starts its loop, or proves a
/// miss) were placed by a discriminant whose rounding grows with the distance squared: a box
/// and a circle a million units out, closing at 2.8 million a unit of time, were started after
/// they touched (overlapping by 6.6·10⁻⁴ at the reported time); a circle 1.3·10⁸ away,
/// crossing a box at rest, was called a miss. Both are found now, the bodies apart at the time
/// reported.
#[test]
fn far_fast_bodies_are_met_by_their_bounding_discs_in_time() {
    let bar = Shape::Box {
        half_extents: DVec2::new(0.05, 1.0),
    };
    let ball = Shape::Circle { radius: 0.5 };
    let cases = [
        (
            moving(&bar, -955_000.0, -955_000.0, 45.0, (1e6, 1e6), 0.0),
            moving(
                &ball,
                954_998.939_976_224_3,
                955_001.060_023_775_7,
                0.0,
                (-1e6, -1e6),
                0.0,
            ),
            1e-6,
        ),
        (
            moving(&bar, 0.0, 0.0, 0.0, (0.0, 0.0), 0.0),
            moving(&ball, 1.3e8, 1.4, 0.0, (-2.6e8, 0.0), 0.0),
            1e-3,
        ),
    ];
    for (a, b, tolerance) in cases {
        let s = settings(tolerance, RANDOM_MAX_ITERATIONS);
        let query = angular_time_of_impact(&a, &b, &s);
        assert_eq!(query.status, CastStatus::Hit, "{query:?}");
        // Apart at the time reported, and the reported distance an upper bound on theirs (the
        // tolerance is raised to rounding noise this far out: 10⁻¹⁰ of the motion's size).
        let d = distance_at(&a, &b, query.toi);
        assert!(d > 0.0, "{query:?}: distance {d} at its toi");
        assert!(
            d <= query.distance * (1.0 + 1e-9),
            "{query:?}: distance {d}"
        );
    }
}

/// Runs `cases` seeded motions of `strategy` through the cast and the oracle (see
/// [`seeded_motions_with_rotation_agree_with_the_oracle`]'s doc), failing on any disagreement;
/// returns the tally.
fn agree_with_the_oracle(
    strategy: impl Strategy<Value = (Shape, MovingBody, Shape, MovingBody)>,
    cases: u32,
) -> Tally {
    let tally = RefCell::new(Tally::default());
    let s = settings(RANDOM_TOLERANCE, RANDOM_MAX_ITERATIONS);
    let mut runner = TestRunner::new(seeded(cases));
    runner
        .run(&strategy, |(_, a, _, b)| {
            let cast = angular_cast(&a, &b, &s);
            check_invariants(&a, &b, &s, &cast);
            let oracle = oracle_scan(&a, &b);
            let query = angular_time_of_impact(&a, &b, &s);
            check_query(&a, &b, &s, &query, oracle.toi);
            let mut t = tally.borrow_mut();
            let hit_and_miss = matches!(
                (query.status, cast.status),
                (CastStatus::Hit, CastStatus::Miss) | (CastStatus::Miss, CastStatus::Hit)
            );
            let near_miss = oracle.toi.is_none() && oracle.min_distance < s.tolerance;
            // (Where the figure's cast runs out of iterations or of progress, it has no answer
            // to compare with: `undecided` counts those.)
            let figure_undecided = matches!(
                cast.status,
                CastStatus::OutOfIterations | CastStatus::NoProgress
            );
            if hit_and_miss && near_miss {
                t.query_near_miss_other += 1;
            } else if figure_undecided {
                // Counted in `undecided` below.
            } else if query.status != cast.status {
                t.query_other_status += 1;
            } else if query.status == CastStatus::Hit {
                t.query_max_toi_gap = t.query_max_toi_gap.max((query.toi - cast.toi).abs());
            }
            if query.iterations > t.query_most_iterations.0 {
                t.query_most_iterations = (query.iterations, cast.iterations.len());
            }
            t.cases += 1;
            t.max_iterations_used = t.max_iterations_used.max(cast.iterations.len());
            if oracle.unresolved {
                t.unresolved += 1;
            }
            match (cast.status, oracle.toi) {
                (CastStatus::Overlapping, Some(0.0)) => t.overlapping += 1,
                (CastStatus::Overlapping, o) => panic!("cast overlapping, oracle {o:?}"),
                (_, Some(0.0)) => panic!("oracle overlapping, cast {:?}", cast.status),
                (CastStatus::Hit, Some(o)) => {
                    t.hits += 1;
                    t.max_early = t.max_early.max(o - cast.toi);
                }
                (CastStatus::Hit, None) => {
                    // The bodies came within the tolerance without touching.
                    t.near_miss_hits += 1;
                }
                (CastStatus::Miss, None) => t.misses += 1,
                (CastStatus::Miss, Some(o)) => {
                    panic!(
                        "cast missed, oracle contact at {o} (min distance {})",
                        oracle.min_distance
                    )
                }
                (_, _) => t.undecided += 1,
            }
            if let Some(o) = oracle.toi {
                prop_assert!(
                    cast.toi <= o + LATE_ALLOWANCE,
                    "cast toi {} after the oracle's {o} ({:?})",
                    cast.toi,
                    cast.status
                );
            }
            Ok(())
        })
        .unwrap();
    let t = tally.into_inner();
    eprintln!("{t:#?}");
    assert_eq!(t.cases, cases as usize);
    t
}

/// What the query ([`angular_time_of_impact`]) must hold on any case, against the exact
/// distance and the oracle's first contact `oracle` (`Some(0.0)`: overlapping at the start):
/// the same guarantees as the figure's cast, on bounds instead of exact distances.
fn check_query(
    a: &MovingBody,
    b: &MovingBody,
    s: &CastSettings,
    query: &AngularImpact,
    oracle: Option<f64>,
) {
    assert!(query.iterations <= s.max_iterations, "{query:?}");
    assert!((0.0..=1.0).contains(&query.toi), "{query:?}");
    match query.status {
        CastStatus::Overlapping => {
            assert_eq!(oracle, Some(0.0), "{query:?}");
            assert_eq!(query.toi, 0.0);
            assert!(query.distance <= 0.0, "{query:?}");
        }
        CastStatus::Miss => assert_eq!(oracle, None, "{query:?}"),
        status => {
            // Apart at the time it stopped, never after the first contact.
            let d = distance_at(a, b, query.toi);
            assert!(d > 0.0, "{status:?} at {} with distance {d}", query.toi);
            if let Some(o) = oracle {
                assert!(query.toi <= o + LATE_ALLOWANCE, "{query:?} after {o}");
            }
            if status == CastStatus::Hit {
                // The reported distance is an upper bound below the tolerance (these cases'
                // tolerances are far above the rounding floor it is raised to).
                assert!(
                    d <= query.distance * (1.0 + 1e-9) + 1e-12,
                    "{query:?}, exact {d}"
                );
                assert!(query.distance < s.tolerance, "{query:?}");
                assert!((query.normal.length() - 1.0).abs() < 1e-12, "{query:?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// parry2d-f64's nonlinear shape cast
// ---------------------------------------------------------------------------------------------

/// parry's motion for one of our bodies: rotation about the body's own position (local centre
/// at the body's origin), the same pose and velocities.
fn parry_motion(m: &MovingBody) -> NonlinearRigidMotion {
    NonlinearRigidMotion::new(
        parry_pose(&m.pose),
        PVec::ZERO,
        PVec::new(m.velocity.x, m.velocity.y),
        m.angular_velocity,
    )
}

/// parry's nonlinear time of impact over [0, 1] (stopping at penetration), or `None`.
fn parry_toi(sa: &Shape, a: &MovingBody, sb: &Shape, b: &MovingBody) -> Option<f64> {
    cast_shapes_nonlinear(
        &parry_motion(a),
        parry_shape(sa).as_ref(),
        &parry_motion(b),
        parry_shape(sb).as_ref(),
        0.0,
        1.0,
        true,
    )
    .expect("supported shapes")
    .map(|hit| hit.time_of_impact)
}

/// parry and the oracle agree on a time of impact when they differ by less than this (in t).
/// Measured: where they agree at all, by at most 1.8e-8.
const PARRY_TOI_AGREEMENT: f64 = 1e-6;

/// The deepest overlap during the oracle's first contact, and when (searched from the contact
/// on, in steps of 1e-4, until the bodies are apart again).
fn deepest_overlap(a: &MovingBody, b: &MovingBody, toi: f64) -> (f64, f64) {
    let (mut t, mut deepest, mut when) = (toi, 0.0f64, toi);
    while t <= 1.0 {
        let d = distance_at(a, b, t);
        if d > 0.0 {
            break;
        }
        if d < deepest {
            (deepest, when) = (d, t);
        }
        t += 1e-4;
    }
    (deepest, when)
}

/// The same seeded motions through parry's `cast_shapes_nonlinear` (rotation about each body's
/// own position, stopping at penetration). Measured on the 1,500 cases: parry agrees with the
/// oracle on 1,480 — both miss, or both hit within 1.8e-8 in t. On the other 20 parry is always
/// *late*: the oracle's first contact is real (the bodies then overlap by up to 0.008 to 0.72,
/// and parry's own static `contact` query says the same at that time), and parry reports a
/// later contact (13 cases) or none at all (7). It is never early. Three such cases are kept as
/// scenes (`scenes/regression_parry_nonlinear_*.json`, see [`parry_nonlinear_regressions`]).
/// On four other seeds of 1,500 cases parry was late on 28, 30, 31 and 36: the bound, 4 % of
/// the cases, sits well above those and still fails a parry late on many more. Parry's static
/// depth there is ours to 10⁻⁹ but for one case (the test allows one in ten): a capsule deep
/// in a triangle, 0.8233 against our 0.8260, where a scan of the Minkowski difference's support
/// over 200,000 directions gives 0.8260194396883459, ours to 10⁻¹⁵.
#[test]
fn seeded_motions_against_parry_nonlinear_cast() {
    let agree = RefCell::new(0usize);
    let late = RefCell::new(Vec::new());
    let static_off = RefCell::new(0usize);
    let mut runner = TestRunner::new(seeded(RANDOM_CASES));
    runner
        .run(&motion_pair(), |(sa, a, sb, b)| {
            let oracle = bisection_toi(&a, &b);
            let parry = parry_toi(&sa, &a, &sb, &b);
            match (oracle, parry) {
                (None, None) => *agree.borrow_mut() += 1,
                (None, Some(p)) => panic!("parry hit at {p}, the oracle finds no contact"),
                (Some(o), Some(p)) if (o - p).abs() < PARRY_TOI_AGREEMENT => {
                    *agree.borrow_mut() += 1
                }
                (Some(o), p) => {
                    prop_assert!(
                        p.is_none_or(|p| p > o),
                        "parry early: {p:?} before the oracle's {o}"
                    );
                    // Which is right: at the deepest point of the oracle's contact, parry's own
                    // static query finds the shapes overlapping too (mostly just as much: see
                    // the doc above).
                    let (depth, when) = deepest_overlap(&a, &b, o);
                    let (parry_depth, _) =
                        parry_contact(&sa, &a.pose_at(when), &sb, &b.pose_at(when));
                    prop_assert!(
                        depth < 0.0 && parry_depth < 0.0,
                        "ours {depth}, parry's static {parry_depth} at t = {when}"
                    );
                    if (parry_depth - depth).abs() >= 1e-9 {
                        *static_off.borrow_mut() += 1;
                    }
                    late.borrow_mut().push((o, p, depth));
                }
            }
            Ok(())
        })
        .unwrap();
    let (agree, late) = (agree.into_inner(), late.into_inner());
    eprintln!(
        "parry agrees on {agree} of {RANDOM_CASES}; late or missing on {}",
        late.len()
    );
    for (o, p, depth) in &late {
        eprintln!("  oracle {o:.6}, parry {p:?}, overlap up to {:.4}", -depth);
    }
    assert_eq!(agree + late.len(), RANDOM_CASES as usize);
    let static_off = static_off.into_inner();
    assert!(
        static_off * 10 <= late.len(),
        "parry's static depth off on {static_off}"
    );
    assert!(
        late.len() * 25 <= RANDOM_CASES as usize,
        "parry late on {} cases",
        late.len()
    );
}

/// A scene's bodies as moving bodies (angles from degrees to radians).
fn scene_bodies(path: &str) -> (Scene, Shape, MovingBody, Shape, MovingBody) {
    let scene = Scene::load(path).unwrap_or_else(|e| panic!("{e}"));
    let body = |b: &minkowski_lab::scene::Body, which: Source| MovingBody {
        local: b.local_convex(which).unwrap().0,
        pose: b.pose(),
        velocity: b.velocity,
        angular_velocity: b.angular_velocity_deg.to_radians(),
    };
    let (a, b) = (body(&scene.a, Source::A), body(&scene.b, Source::B));
    let (sa, sb) = (Shape::from(&scene.a.shape), Shape::from(&scene.b.shape));
    (scene, sa, a, sb, b)
}

/// Cases where parry2d-f64 0.31's `cast_shapes_nonlinear` misses the first contact, found by
/// [`seeded_motions_against_parry_nonlinear_cast`] and saved (rounded) as scene files.
///
/// **Which answer is right: ours and the oracle's.** From the oracle's contact on and for a
/// good while after, the exact distance is negative — the bodies overlap by up to 0.19, 0.72
/// and 0.30 — and parry's own static `contact` query agrees (checked below), so they do meet
/// there, and parry's later time or `None` is wrong. Why parry goes wrong: its nonlinear cast
/// bisects on the separation along one fixed axis (the current contact normal), as if that
/// separation crossed zero once. When the bodies turn it need not: in the box-and-circle case
/// the separation along the start's normal is positive at t = 1/2 and at t = 1 although the
/// bodies overlap from t ≈ 0.18 to 0.33, so the bisection steps over the contact, and as that
/// axis separates the bodies at t = 1, parry concludes there is no impact. With the capsules
/// the same axis is positive at t = 1/2 and negative at 3/4, so the bisection goes on in the
/// second half and lands on a later contact. The angular cast cannot do this: it never steps
/// further than the Mirtich bound proves safe.
#[test]
fn parry_nonlinear_regressions() {
    // (file, the oracle's first contact, parry's answer)
    let cases = [
        ("box_meets_circle", 0.180852, None),
        ("polygons_pass_through", 0.482672, None),
        ("capsules_later_contact", 0.136735, Some(0.661325)),
    ];
    for (name, first_contact, parry_answer) in cases {
        let path = format!("scenes/regression_parry_nonlinear_{name}.json");
        let (scene, sa, a, sb, b) = scene_bodies(&path);
        let s = settings(scene.settings.tolerance, scene.settings.max_iterations);

        let oracle = bisection_toi(&a, &b).expect("they meet");
        assert!(
            (oracle - first_contact).abs() < 1e-6,
            "{name}: oracle {oracle}"
        );
        let (depth, when) = deepest_overlap(&a, &b, oracle);
        let (parry_depth, _) = parry_contact(&sa, &a.pose_at(when), &sb, &b.pose_at(when));
        assert!(
            depth < -0.1 && (parry_depth - depth).abs() < 1e-9,
            "{name}: overlap {depth}, parry's static query {parry_depth}"
        );

        let cast = angular_cast(&a, &b, &s);
        check_invariants(&a, &b, &s, &cast);
        assert_eq!(cast.status, CastStatus::Hit, "{name}");
        assert!(
            cast.toi <= oracle && oracle - cast.toi < 1e-3,
            "{name}: cast {} vs oracle {oracle}",
            cast.toi
        );

        // What parry answers today, kept to notice if it changes (ours does not depend on it).
        let parry = parry_toi(&sa, &a, &sb, &b);
        match (parry, parry_answer) {
            (None, None) => {}
            (Some(p), Some(q)) => assert!((p - q).abs() < 1e-5, "{name}: parry now {p}"),
            _ => panic!("{name}: parry now answers {parry:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Termination: casts that crawl
// ---------------------------------------------------------------------------------------------

/// A long thin bar spinning 160,000 turns over the motion while its tip passes 0.0005 from a
/// circle: the bound `r·|ω|` is 4·10⁶, so near the circle each step is about 10⁻¹⁰ — the crawl
/// the article warns about. The cast says so instead of running out its budget.
#[test]
fn a_bar_spinning_very_fast_past_a_circle_stops_for_lack_of_progress() {
    let bar = Shape::Box {
        half_extents: DVec2::new(4.0, 0.02),
    };
    let a = moving(&bar, 0.0, 0.0, 0.0, (0.0, 0.0), 1e6f64.to_degrees());
    let tip = a.max_radius();
    let b = moving(
        &Shape::Circle { radius: 0.3 },
        0.0,
        tip + 0.3 + 5e-4,
        0.0,
        (0.0, 0.0),
        0.0,
    );
    let s = settings(1e-4, 100_000);
    let cast = angular_cast(&a, &b, &s);
    check_invariants(&a, &b, &s, &cast);
    assert_eq!(
        cast.status,
        CastStatus::NoProgress,
        "{} iterations",
        cast.iterations.len()
    );
    let n = cast.iterations.len();
    assert!(n < 1000, "{n} iterations");
    for it in &cast.iterations[n - 3..] {
        assert!(it.step.unwrap() < 1e-9, "step {:?}", it.step);
    }
    assert!(cast.distance > s.tolerance);
}

/// The same kind of bar at a sane speed (two turns) with the default budget: it passes the
/// circle many times without touching, and the budget runs out first — with a safe time.
#[test]
fn a_bar_spinning_past_a_circle_runs_out_of_iterations_safely() {
    let bar = Shape::Box {
        half_extents: DVec2::new(4.0, 0.02),
    };
    let a = moving(&bar, 0.0, 0.0, 0.0, (0.0, 0.0), 720.0);
    let b = moving(
        &Shape::Circle { radius: 0.3 },
        0.0,
        a.max_radius() + 0.3 + 0.01,
        0.0,
        (0.0, 0.0),
        0.0,
    );
    let s = CastSettings::default();
    let cast = angular_cast(&a, &b, &s);
    check_invariants(&a, &b, &s, &cast);
    assert_eq!(cast.status, CastStatus::OutOfIterations);
    assert_eq!(cast.iterations.len(), s.max_iterations as usize);
    assert_eq!(bisection_toi(&a, &b), None);
}

/// Seeded crawlers: thin bars (half length 1–5, half width 0.005–0.05) spinning at 1 to 10⁶
/// radians over the motion, drifting slowly, with a random shape placed so that it grazes the
/// bar's sweep (within ±0.02), and random tolerances (10⁻³ to 10⁻⁹) and budgets (1 to 2,000).
/// Every cast stops with a reason, within its budget, at a safe time; where the oracle is
/// affordable (r·|ω| ≤ 60) the cast is never after its first contact and never misses a contact.
#[test]
fn seeded_crawling_casts_stop_with_a_reason() {
    let mut rng = Rng(0x0061_6e67_756c_6172);
    let shapes = [
        Shape::Circle { radius: 0.3 },
        Shape::Box {
            half_extents: DVec2::new(0.4, 0.2),
        },
        Shape::Capsule {
            half_length: 0.5,
            radius: 0.1,
        },
    ];
    let mut statuses = std::collections::BTreeMap::new();
    let mut query_statuses = std::collections::BTreeMap::new();
    let (mut checked, mut query_other) = (0, 0);
    for _ in 0..300 {
        let bar = Shape::Box {
            half_extents: DVec2::new(rng.range(1.0, 5.0), rng.range(0.005, 0.05)),
        };
        let omega = 10f64.powf(rng.range(0.0, 6.0)) * if rng.unit() < 0.5 { -1.0 } else { 1.0 };
        let a = MovingBody {
            local: bar.to_convex().unwrap().0,
            pose: Pose::new(DVec2::ZERO, rng.range(-PI, PI)),
            velocity: DVec2::new(rng.range(-0.1, 0.1), rng.range(-0.1, 0.1)),
            angular_velocity: omega,
        };
        let other = &shapes[rng.below(shapes.len())];
        let local = other.to_convex().unwrap().0;
        let dir = DVec2::from_angle(rng.range(-PI, PI));
        // B's centre at A's sweep radius + B's own radius + gap: B's near side grazes the circle
        // the bar's tip sweeps (exactly so for the circle, roughly for the others).
        let reach = local.max_distance_from(DVec2::ZERO);
        let gap = rng.range(-0.02, 0.02);
        let b = MovingBody {
            local,
            pose: Pose::new(dir * (a.max_radius() + reach + gap), 0.0),
            velocity: DVec2::ZERO,
            angular_velocity: rng.range(-1.0, 1.0),
        };
        let s = settings(10f64.powf(-rng.range(3.0, 9.0)), 1 + rng.below(2000) as u32);
        let cast = angular_cast(&a, &b, &s);
        check_invariants(&a, &b, &s, &cast);
        *statuses.entry(cast.status.as_str()).or_insert(0) += 1;
        let query = angular_time_of_impact(&a, &b, &s);
        *query_statuses.entry(query.status.as_str()).or_insert(0) += 1;
        query_other += usize::from(query.status != cast.status);
        if a.max_radius() * omega.abs() <= 60.0 {
            checked += 1;
            let oracle = oracle_scan(&a, &b);
            check_query(&a, &b, &s, &query, oracle.toi);
            if let Some(o) = oracle.toi {
                assert!(
                    cast.toi <= o + LATE_ALLOWANCE,
                    "cast {} after {o}",
                    cast.toi
                );
                assert_ne!(cast.status, CastStatus::Miss, "missed the contact at {o}");
            }
        }
    }
    eprintln!(
        "crawler statuses: {statuses:?} (the query's: {query_statuses:?}, {query_other} cases \
         ending otherwise); {checked} checked against the oracle"
    );
    assert!(statuses.len() >= 4, "{statuses:?}");
    assert!(query_statuses.len() >= 4, "{query_statuses:?}");
}

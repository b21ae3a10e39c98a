//! Shared test support: seeded random shapes and poses, and the parry2d-f64 oracle.
#![allow(dead_code)]

use minkowski_lab::geometry::cast::MovingBody;
use minkowski_lab::geometry::{contact, Convex, DVec2, Pose, Shape};
use parry2d_f64::math::{Pose as PPose, Vector as PVec};
use parry2d_f64::shape::{Ball, Capsule, ConvexPolygon, Cuboid, SharedShape};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use std::path::PathBuf;

/// A fresh folder under the system's temporary folder (`minkowski-lab-TAG-PID`), removed when
/// dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("minkowski-lab-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every property runs from a fixed seed, so a failure reproduces on every machine.
pub fn seeded(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x6d69_6e6b_6f77),
        failure_persistence: None,
        ..Config::default()
    }
}

fn coord() -> impl Strategy<Value = f64> {
    -2.0..2.0f64
}

/// A random convex polygon: the hull of 3 to 12 random points (kept only if it has area).
pub fn polygon() -> impl Strategy<Value = Shape> {
    prop::collection::vec((coord(), coord()), 3..12)
        .prop_map(|pts| Shape::Polygon {
            vertices: pts.into_iter().map(|(x, y)| DVec2::new(x, y)).collect(),
            radius: 0.0,
        })
        .prop_filter("needs area", |s| match s.to_convex() {
            Ok((c, _)) => c.vertices.len() >= 3 && c.area() > 0.05,
            Err(_) => false,
        })
}

pub fn any_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        polygon(),
        (0.05..2.0f64).prop_map(|radius| Shape::Circle { radius }),
        (0.05..2.0f64, 0.05..2.0f64).prop_map(|(x, y)| Shape::Box {
            half_extents: DVec2::new(x, y)
        }),
        (0.05..2.0f64, 0.05..1.0f64).prop_map(|(half_length, radius)| Shape::Capsule {
            half_length,
            radius
        }),
    ]
}

/// A random convex polygon (as [`polygon`]) rounded by a radius from 0.05 to 1.
pub fn rounded_polygon() -> impl Strategy<Value = Shape> {
    (polygon(), 0.05..1.0f64).prop_map(|(shape, radius)| match shape {
        Shape::Polygon { vertices, .. } => Shape::Polygon { vertices, radius },
        other => other,
    })
}

/// Every kind of shape, each about as often: sharp and rounded polygons, circles, boxes and
/// capsules.
pub fn every_kind() -> impl Strategy<Value = Shape> {
    prop_oneof![4 => any_shape(), 1 => rounded_polygon()]
}

/// Shapes with a sharp core only (polygons and boxes): where SAT-like methods are exact.
pub fn sharp_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        polygon(),
        (0.05..2.0f64, 0.05..2.0f64).prop_map(|(x, y)| Shape::Box {
            half_extents: DVec2::new(x, y)
        }),
    ]
}

pub fn pose() -> impl Strategy<Value = Pose> {
    (-3.0..3.0f64, -3.0..3.0f64, -3.2..3.2f64).prop_map(|(x, y, a)| Pose::new(DVec2::new(x, y), a))
}

pub fn world(shape: &Shape, pose: &Pose) -> Convex {
    shape.to_convex().unwrap().0.transformed(pose)
}

/// The same shape as parry sees it, in its own frame.
pub fn parry_shape(shape: &Shape) -> SharedShape {
    match shape {
        Shape::Circle { radius } => SharedShape::new(Ball::new(*radius)),
        Shape::Box { half_extents } => {
            SharedShape::new(Cuboid::new(PVec::new(half_extents.x, half_extents.y)))
        }
        Shape::Capsule {
            half_length,
            radius,
        } => SharedShape::new(Capsule::new_x(*half_length, *radius)),
        Shape::Polygon { .. } => {
            let core = shape.to_convex().unwrap().0;
            assert_eq!(
                core.radius, 0.0,
                "rounded polygons are not compared with parry"
            );
            let pts = core.vertices.iter().map(|v| PVec::new(v.x, v.y)).collect();
            SharedShape::new(ConvexPolygon::from_convex_polyline_unmodified(pts).unwrap())
        }
    }
}

pub fn parry_pose(p: &Pose) -> PPose {
    PPose::new(PVec::new(p.position.x, p.position.y), p.angle)
}

/// parry's signed distance and normal (A to B), via `contact` with a prediction distance large
/// enough that it always answers.
pub fn parry_contact(sa: &Shape, pa: &Pose, sb: &Shape, pb: &Pose) -> (f64, DVec2) {
    let c = parry2d_f64::query::contact(
        &parry_pose(pa),
        parry_shape(sa).as_ref(),
        &parry_pose(pb),
        parry_shape(sb).as_ref(),
        1e9,
    )
    .expect("supported shapes")
    .expect("within the prediction distance");
    (c.dist, DVec2::new(c.normal1.x, c.normal1.y))
}

/// How far B must move along `n` for the shapes to just touch: the MD's support value along
/// `−n` (penetration depth measured along `n`). A direction that is a tie for the minimum
/// translation gives the same depth as the chosen normal.
pub fn depth_along(a: &Convex, b: &Convex, n: DVec2) -> f64 {
    b.support_value(-n) + a.support_value(n) + a.radius + b.radius
}

/// SplitMix64: a tiny seeded generator, so hand-rolled case loops are the same on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `shape` in world space at `(x, y)`, turned by `deg` degrees.
pub fn body(shape: Shape, x: f64, y: f64, deg: f64) -> Convex {
    world(&shape, &Pose::new(DVec2::new(x, y), deg.to_radians()))
}

/// A box of half extents `(hx, hy)` in world space at `(x, y)`, turned by `deg` degrees.
pub fn boxed(hx: f64, hy: f64, x: f64, y: f64, deg: f64) -> Convex {
    body(
        Shape::Box {
            half_extents: DVec2::new(hx, hy),
        },
        x,
        y,
        deg,
    )
}

/// Uniform samples of `t ∈ [0, 1]` before any refinement.
pub const ORACLE_SAMPLES: usize = 512;
/// Bisection stops when the bracket around the first contact is this short (in `t`).
pub const ORACLE_BISECTION: f64 = 1e-12;
/// How many times a sample interval may be halved while looking for a contact hidden between
/// two positive samples (see [`oracle_scan`]): 512 · 2²⁰ ≈ 5·10⁸ pieces of the motion.
pub const ORACLE_MAX_DEPTH: u32 = 20;

/// The exact signed distance at time `t`.
pub fn distance_at(a: &MovingBody, b: &MovingBody, t: f64) -> f64 {
    contact(&a.world_at(t), &b.world_at(t)).distance
}

/// What the oracle found over the motion.
#[derive(Clone, Copy, Debug)]
pub struct OracleScan {
    /// The first time with distance ≤ 0 (within [`ORACLE_BISECTION`]), or `None`.
    pub toi: Option<f64>,
    /// The smallest distance among all the times it evaluated (an upper bound on the true
    /// minimum; on a hit, ≤ 0).
    pub min_distance: f64,
    /// Some interval could neither be cleared nor shown to hold a contact within
    /// [`ORACLE_MAX_DEPTH`] halvings: the bodies graze, and `toi: None` is not proven.
    pub unresolved: bool,
}

/// The first time of contact by brute force on the exact distance, independent of the cast's
/// iteration: sample `t` on a uniform grid, find the first sample with distance ≤ 0, and bisect
/// between it and the sample before to [`ORACLE_BISECTION`].
///
/// A contact shorter than one sample step (a corner clipping another body between two samples)
/// would be missed by sampling alone. So an interval whose two end distances `d₀, d₁` are both
/// positive is cleared only if `d₀ + d₁ > L·h`, where `h` is its length and
/// `L = |v_B − v_A| + r_A·|ω_A| + r_B·|ω_B|` bounds how fast the distance can change (no point
/// moves faster than that relative to the other body); otherwise it is halved and looked into,
/// up to [`ORACLE_MAX_DEPTH`] times (then `unresolved`). The bisection itself can still miss a
/// contact that starts and ends between two of its own probes in the bracket's left part; the
/// bracket starts at most 1/512 long, so that would be a contact-separation-contact sequence
/// within 0.2 % of the motion.
pub fn oracle_scan(a: &MovingBody, b: &MovingBody) -> OracleScan {
    oracle_scan_to_depth(a, b, ORACLE_MAX_DEPTH)
}

/// [`oracle_scan`] with at most `max_depth` halvings of a sample interval; 0 is plain sampling
/// (fast, but blind to contacts shorter than one of the 512 steps). The refinement costs most
/// where the bodies slide past each other a hair apart for a long stretch: nothing there can
/// be cleared until the intervals are shorter than the gap over the closing speed.
pub fn oracle_scan_to_depth(a: &MovingBody, b: &MovingBody, max_depth: u32) -> OracleScan {
    let mut oracle = Oracle {
        a,
        b,
        lipschitz: (b.velocity - a.velocity).length()
            + a.max_radius() * a.angular_velocity.abs()
            + b.max_radius() * b.angular_velocity.abs(),
        max_depth,
        scan: OracleScan {
            toi: None,
            min_distance: f64::INFINITY,
            unresolved: false,
        },
    };
    let mut d0 = oracle.distance(0.0);
    if d0 <= 0.0 {
        oracle.scan.toi = Some(0.0);
        return oracle.scan;
    }
    let mut t0 = 0.0;
    for i in 1..=ORACLE_SAMPLES {
        let t1 = i as f64 / ORACLE_SAMPLES as f64;
        let d1 = oracle.distance(t1);
        if let Some(t) = oracle.search((t0, d0), (t1, d1), 0) {
            oracle.scan.toi = Some(t);
            oracle.scan.unresolved = false;
            return oracle.scan;
        }
        (t0, d0) = (t1, d1);
    }
    oracle.scan
}

/// The oracle's state while it scans.
struct Oracle<'m> {
    a: &'m MovingBody,
    b: &'m MovingBody,
    /// No distance changes faster than this per unit of t.
    lipschitz: f64,
    max_depth: u32,
    scan: OracleScan,
}

impl Oracle<'_> {
    fn distance(&mut self, t: f64) -> f64 {
        let d = distance_at(self.a, self.b, t);
        self.scan.min_distance = self.scan.min_distance.min(d);
        d
    }

    /// The first contact in `[lo, hi]`, where `lo` has distance > 0 and `hi` ≤ 0.
    fn bisect(&self, mut lo: f64, mut hi: f64) -> f64 {
        while hi - lo > ORACLE_BISECTION {
            let mid = 0.5 * (lo + hi);
            if distance_at(self.a, self.b, mid) <= 0.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        hi
    }

    /// The first contact in `[t0, t1]` given the distances there (`d0 > 0`), depth-first from
    /// the left.
    fn search(&mut self, (t0, d0): (f64, f64), (t1, d1): (f64, f64), depth: u32) -> Option<f64> {
        if d1 <= 0.0 {
            return Some(self.bisect(t0, t1));
        }
        if d0 + d1 > self.lipschitz * (t1 - t0) {
            return None;
        }
        if depth >= self.max_depth {
            self.scan.unresolved = true;
            return None;
        }
        let mid = 0.5 * (t0 + t1);
        let dm = self.distance(mid);
        self.search((t0, d0), (mid, dm), depth + 1)
            .or_else(|| self.search((mid, dm), (t1, d1), depth + 1))
    }
}

/// The first time of contact over `t ∈ [0, 1]` by the bisection oracle ([`oracle_scan`]).
pub fn bisection_toi(a: &MovingBody, b: &MovingBody) -> Option<f64> {
    oracle_scan(a, b).toi
}

/// The first time of contact by plain sampling and bisection ([`oracle_scan_to_depth`] with
/// no halving): quick, and blind to contacts shorter than one sample step.
pub fn sampled_toi(a: &MovingBody, b: &MovingBody) -> Option<f64> {
    oracle_scan_to_depth(a, b, 0).toi
}

/// A body of `shape` at `pose` moving with `velocity` and `angular_velocity` (radians per unit
/// of `t`).
pub fn moving(
    shape: &Shape,
    pose: Pose,
    velocity: DVec2,
    angular_velocity: f64,
) -> minkowski_lab::geometry::cast::MovingBody {
    minkowski_lab::geometry::cast::MovingBody {
        local: shape.to_convex().unwrap().0,
        pose,
        velocity,
        angular_velocity,
    }
}

/// Shapes with no area: a point (a circle of radius 0), a bare segment, and the same rounded
/// (a small circle, a thin capsule). The MD of two of them can be a segment or a single point,
/// where a ray meets no front-facing edge.
pub fn thin_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Circle { radius: 0.0 }),
        (0.05..2.0f64).prop_map(|half_length| Shape::Capsule {
            half_length,
            radius: 0.0
        }),
        (coord(), coord(), coord(), coord())
            .prop_filter("two distinct points", |(x0, y0, x1, y1)| (x0 - x1).abs()
                + (y0 - y1).abs()
                > 0.1)
            .prop_map(|(x0, y0, x1, y1)| Shape::Polygon {
                vertices: vec![DVec2::new(x0, y0), DVec2::new(x1, y1)],
                radius: 0.0,
            }),
        (0.0..0.3f64).prop_map(|half_length| Shape::Capsule {
            half_length,
            radius: 1e-3
        }),
    ]
}

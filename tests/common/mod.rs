//! Shared test support: seeded random shapes and poses, and the parry2d-f64 oracle.
#![allow(dead_code)]

use minkowski_lab::geometry::{Convex, DVec2, Pose, Shape};
use parry2d_f64::math::{Pose as PPose, Vector as PVec};
use parry2d_f64::shape::{Ball, Capsule, ConvexPolygon, Cuboid, SharedShape};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

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

/// How many equal steps [`bisection_toi`] samples `t ∈ [0, 1]` with.
pub const BISECTION_SAMPLES: usize = 2000;
/// The width of the bracket [`bisection_toi`] refines the first contact to.
pub const BISECTION_WIDTH: f64 = 1e-12;

/// The time-of-impact oracle that shares nothing with the casts: the exact signed distance
/// ([`minkowski_lab::geometry::contact`]) of `a.world_at(t)` and `b.world_at(t)` (rotation
/// included), sampled at [`BISECTION_SAMPLES`] equal steps; the first sample with distance ≤ 0
/// brackets the first contact with the sample before it, and bisection narrows the bracket to
/// [`BISECTION_WIDTH`]. Returns the bracket's upper end (a time where the bodies touch or
/// overlap), `Some(0.0)` when they already touch at `t = 0`, `None` when no sample touches.
///
/// Limits: a contact that begins and ends between two samples (shorter than `1/2000` of the
/// motion — a grazing pass, or a thin corner clipped at speed) is missed, and with rotation the
/// first sign change found is only the first one the samples see. Callers skip grazing cases.
pub fn bisection_toi(
    a: &minkowski_lab::geometry::cast::MovingBody,
    b: &minkowski_lab::geometry::cast::MovingBody,
) -> Option<f64> {
    let dist = |t: f64| minkowski_lab::geometry::contact(&a.world_at(t), &b.world_at(t)).distance;
    if dist(0.0) <= 0.0 {
        return Some(0.0);
    }
    let mut lo = 0.0;
    for k in 1..=BISECTION_SAMPLES {
        let t = k as f64 / BISECTION_SAMPLES as f64;
        if dist(t) <= 0.0 {
            let mut hi = t;
            while hi - lo > BISECTION_WIDTH {
                let mid = 0.5 * (lo + hi);
                if mid <= lo || mid >= hi {
                    break;
                }
                if dist(mid) <= 0.0 {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            return Some(hi);
        }
        lo = t;
    }
    None
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

//! Shapes for the unit tests of the geometry modules.

use super::{Convex, DVec2, Pose, Shape};

/// `at(t)` for the `t` in `[0, reach]` where its signed distance from `other` (the exact
/// contact) crosses `target`: 80 halvings, and of the last two bounds the one at which the
/// distance is `target` or more. `at` must move the shape away from `other` as `t` grows.
pub fn placed_at_distance(
    other: &Convex,
    at: impl Fn(f64) -> Convex,
    target: f64,
    reach: f64,
) -> Convex {
    let (mut lo, mut hi) = (0.0, reach);
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if super::contact(other, &at(mid)).distance < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    at(hi)
}

/// `shape` in world space at `(x, y)`, turned by `deg` degrees.
pub fn body(shape: Shape, x: f64, y: f64, deg: f64) -> Convex {
    shape
        .to_convex()
        .unwrap()
        .0
        .transformed(&Pose::new(DVec2::new(x, y), deg.to_radians()))
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

/// A capsule whose segment is `2 · half_length` long, of radius `radius`, in world space at
/// `(x, y)`, turned by `deg` degrees.
pub fn capsule(half_length: f64, radius: f64, x: f64, y: f64, deg: f64) -> Convex {
    body(
        Shape::Capsule {
            half_length,
            radius,
        },
        x,
        y,
        deg,
    )
}

/// A regular `n`-gon of circumradius `r` centred at `centre`, its vertex 0 at angle `turn`.
pub fn regular_polygon(n: usize, r: f64, centre: DVec2, turn: f64) -> Convex {
    let vertices = (0..n)
        .map(|k| centre + DVec2::from_angle(turn + std::f64::consts::TAU * k as f64 / n as f64) * r)
        .collect();
    Convex::new(vertices, 0.0)
}

/// The core with these vertices (counter-clockwise, exactly as written) and no radius: for
/// scenes kept digit for digit, as the fuzz driver found them.
pub fn core_of(points: &[[f64; 2]]) -> Convex {
    Convex::new(points.iter().map(|&p| DVec2::from(p)).collect(), 0.0)
}

/// Equal to within 10⁻¹² (absolute): unit-sized scenes whose answers are known exactly.
pub fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// Within 10⁻¹² of each other (absolute).
pub fn near_v(a: DVec2, b: DVec2) -> bool {
    (a - b).length() < 1e-12
}

/// A seeded xorshift generator: the same numbers on every machine, no dependency.
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

//! Pure 2D collision geometry in `f64` on [`glam::DVec2`]: no window, no UI, no files.
//!
//! # Which function to call
//!
//! * **The exact contact** of two shapes (signed distance, normal, witness points): [`contact`],
//!   read off the whole Minkowski difference ([`minkowski`], [`distance`]). Every other method
//!   is tested against it.
//! * **The articles' algorithms**, one per file, each returning its answer *and* what it
//!   examined, step by step: what the figures draw and `report` prints.
//!   - `circle_circle`, `aabb`, `circle_box` demos: the closed forms of [`special`].
//!   - `penetration`: [`minkowski::minkowski_difference`] and [`edge_scan::edge_scan`].
//!   - `gjk`, `epa`: [`gjk::gjk`], [`epa::epa`], and both as one query, [`epa::gjk_epa_contact`].
//!   - `sat`: [`sat::sat`], [`sat::sat_moving`].
//!   - `linear_cast`, `iterative_cast`, `angular_cast`: [`linear_cast::linear_cast`],
//!     [`iterative_cast::iterative_cast`], [`angular_cast::angular_cast`].
//!   - `point_cloud`: [`minkowski::point_cloud_difference`], [`wrapping::wrap_cloud`],
//!     [`exit_vector::exit_vector`].
//!   - `separating_axis`: [`separating_plane::find_separating_line`].
//! * **The fast queries** ([`query`]), for a program that asks many times a frame and wants
//!   only the answer: [`query::contact`], [`query::distance`], [`query::linear_time_of_impact`],
//!   [`query::angular_time_of_impact`]. Untraced; they give the answers of the traced ones.
//!
//! Shapes become the one form every query takes with [`Shape::to_convex`] (in the body's own
//! frame: the fast queries take it so, with the body's [`Pose`] or [`Placement`]; the
//! articles' algorithms take shapes moved into the world, [`Convex::transformed`]); the rest is shared
//! machinery: support searches ([`support`]), bodies in motion ([`cast`]), traces ([`trace`]),
//! hulls of the input ([`hull`]).
//!
//! # Conventions (the product's design, section 2)
//!
//! * World coordinates are **y-up**. Angles are radians here (degrees only in files and the UI).
//! * Every shape is a convex **core** polygon plus a **radius** ([`Convex`]): a circle is one
//!   point + r, a capsule two points + r, a box or polygon its vertices + 0. Core polygons are
//!   counter-clockwise.
//! * The Minkowski difference (MD) is always **B ⊖ A = { b − a }**. The origin is inside it
//!   exactly when A and B overlap.
//! * **normal** points from A towards B. **distance** is signed: `> 0` the gap, `< 0` minus the
//!   penetration depth, `0` touching. The **separation** is the shortest translation that,
//!   applied to B, leaves A and B just touching (zero when apart). The point of the MD's boundary
//!   nearest the origin is `distance · normal`, and `separation = −distance · normal` when the
//!   shapes overlap.
//!
//! Iterative algorithms return their result *and* a trace of plain-data steps; how they stopped is
//! an enum, never a bare bool. GJK and EPA take the trace as a parameter ([`trace::Trace`]), so
//! callers who want only the answer run the same code without recording anything.

pub mod angular_cast;
pub mod cast;
pub mod distance;
pub mod edge_scan;
pub mod epa;
pub mod exit_vector;
pub mod gjk;
pub mod hull;
pub mod iterative_cast;
pub mod linear_cast;
pub mod minkowski;
pub mod query;
pub mod sat;
pub mod separating_plane;
pub mod shape;
pub mod special;
pub mod support;
#[cfg(test)]
pub(crate) mod testing;
pub mod trace;
pub mod wrapping;

pub use distance::{contact, Contact};
pub use glam::DVec2;
pub use shape::{Convex, Placement, Pose, Shape, ShapeError};

/// Which of the two bodies something belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    A,
    B,
}

impl Source {
    /// `"a"` or `"b"`, as the report and scene files spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::A => "a",
            Source::B => "b",
        }
    }

    /// The other body.
    pub fn other(self) -> Source {
        match self {
            Source::A => Source::B,
            Source::B => Source::A,
        }
    }
}

/// The 2D cross product `a.x·b.y − a.y·b.x` (positive when `b` is counter-clockwise of `a`).
#[inline]
pub fn cross(a: DVec2, b: DVec2) -> f64 {
    a.perp_dot(b)
}

/// Exact sign of the orientation of the triangle `a, b, c`: `> 0` counter-clockwise (c left of
/// a→b), `< 0` clockwise, `0` collinear. Uses Shewchuk's adaptive predicates, so the sign is
/// right even when the naive cross product would round to the wrong side.
///
/// IMPORTANT NOTE: those predicates are exact only while no product underflows. With a
/// coordinate below [`UNDERFLOW_COORDINATE`] a nonzero orientation can come out as 0 (the fuzz
/// driver: a shape edge from `(0, 10⁻³²³)` to the origin, beside a point 10⁻⁷ away, read as
/// collinear, and a segment inside a polygon as apart from it). A 0 among such points is
/// decided again on the points scaled by a power of two (exact) until the largest coordinate is
/// about 2⁵⁰⁰, where nothing underflows; a nonzero answer there is returned as the smallest
/// normal `f64` with its sign (the true value is below what an `f64` holds).
#[inline]
pub fn orient(a: DVec2, b: DVec2, c: DVec2) -> f64 {
    let d = orient_unscaled(a, b, c);
    if d != 0.0 {
        return d;
    }
    orient_scaled_up(a, b, c)
}

/// Below this magnitude, a coordinate (or the rounding error of a difference of coordinates,
/// which is no smaller than the last bit of the smallest nonzero one) times another can
/// underflow in [`orient`]'s products. 2⁻⁴⁰⁰: with every nonzero coordinate above it, those
/// rounding errors are above 2⁻⁴⁵², and any two of them multiply to more than 2⁻⁹⁰⁵, far
/// above the smallest normal `f64` (2⁻¹⁰²²).
pub const UNDERFLOW_COORDINATE: f64 = 3.872591914849318e-121; // 2^-400

fn orient_unscaled(a: DVec2, b: DVec2, c: DVec2) -> f64 {
    robust::orient2d(
        robust::Coord { x: a.x, y: a.y },
        robust::Coord { x: b.x, y: b.y },
        robust::Coord { x: c.x, y: c.y },
    )
}

/// [`orient`]'s second look at a 0 (see there): only where a nonzero coordinate is tiny.
#[cold]
fn orient_scaled_up(a: DVec2, b: DVec2, c: DVec2) -> f64 {
    let coordinates = [a.x, a.y, b.x, b.y, c.x, c.y].map(f64::abs);
    let tiny = coordinates
        .iter()
        .any(|&x| x != 0.0 && x < UNDERFLOW_COORDINATE);
    let largest = coordinates.into_iter().fold(0.0, f64::max);
    if !tiny || !largest.is_finite() {
        return 0.0;
    }
    // By 2^(500 − e) for the largest coordinate's binary exponent e (at most 2^1522, for a
    // subnormal: in two halves, each a power of two an `f64` holds): exact, and the largest
    // scaled coordinate is below 2^501.
    let exponent = ((largest.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let k = 500 - exponent.max(-1022);
    let half = 2f64.powi(k / 2);
    let rest = 2f64.powi(k - k / 2);
    let up = |p: DVec2| p * half * rest;
    let d = orient_unscaled(up(a), up(b), up(c));
    if d == 0.0 {
        0.0
    } else {
        f64::MIN_POSITIVE.copysign(d)
    }
}

/// The vertices before and after vertex `i` of a cycle of `n`, by comparisons: the walks (the
/// face test's, GJK's beside a pair of vertices) ask for them at every step, and `%` would
/// divide.
#[inline]
pub(crate) fn around(i: usize, n: usize) -> (usize, usize) {
    (
        if i == 0 { n - 1 } else { i - 1 },
        if i + 1 >= n { 0 } else { i + 1 },
    )
}

/// Index `i` moved on `k` steps round a cycle of `n` (`i < n`, `k ≤ n`: one subtraction wraps
/// it, no division).
#[inline]
pub(crate) fn on(i: usize, k: usize, n: usize) -> usize {
    if i + k >= n {
        i + k - n
    } else {
        i + k
    }
}

/// The steps counter-clockwise from index `i` to index `j` of a cycle of `n` (both below `n`).
#[inline]
pub(crate) fn steps(i: usize, j: usize, n: usize) -> usize {
    if j >= i {
        j - i
    } else {
        j + n - i
    }
}

/// The first `k` below `last` where `holds` does not, or `last`: a bisection, `holds` true and
/// then false along `0..last`.
#[inline(always)]
pub(crate) fn first_not(last: usize, holds: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, last);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if holds(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Half-plane of a direction: 0 for angles in [0, π), 1 for [π, 2π) (the zero vector counts as 1).
#[inline]
pub(crate) fn half_plane(d: DVec2) -> u8 {
    if d.y > 0.0 || (d.y == 0.0 && d.x > 0.0) {
        0
    } else {
        1
    }
}

/// The point of segment `[p, q]` nearest `x`, and its parameter `s ∈ [0, 1]` along `p → q`.
/// A zero-length segment answers `p` with `s = 0`.
pub fn closest_on_segment(p: DVec2, q: DVec2, x: DVec2) -> (DVec2, f64) {
    let d = q - p;
    let len2 = d.length_squared();
    if len2 == 0.0 {
        return (p, 0.0);
    }
    let s = ((x - p).dot(d) / len2).clamp(0.0, 1.0);
    (p + d * s, s)
}

/// `v` scaled to unit length, or `None` for the zero vector (or a non-finite one). Where its
/// squared length would underflow (below ~1e-140) or overflow, rescales first, so a tiny vector
/// still normalises, unlike glam's `try_normalize`; elsewhere by the plain root (a division and
/// the rescaling fewer, in every query's inner loop).
#[inline]
pub fn unit(v: DVec2) -> Option<DVec2> {
    let square = v.length_squared();
    if square > PLAIN_SQUARE.0 && square < PLAIN_SQUARE.1 {
        return Some(v / square.sqrt());
    }
    let m = v.x.abs().max(v.y.abs());
    if m == 0.0 || !m.is_finite() {
        return None;
    }
    (v / m).try_normalize()
}

/// The squared lengths [`unit`] and [`length`] take by the plain root: far from where the square
/// underflows or overflows, so it keeps every digit.
const PLAIN_SQUARE: (f64, f64) = (1e-280, 1e280);

/// `|v|`, rescaled first like [`unit()`] where its square would underflow or overflow, so that
/// a tiny vector (below ~1e-140) has its true length rather than 0 (and `v / length(v)` is a
/// unit vector, not NaN); elsewhere the plain root.
#[inline]
pub fn length(v: DVec2) -> f64 {
    let square = v.length_squared();
    if square > PLAIN_SQUARE.0 && square < PLAIN_SQUARE.1 {
        return square.sqrt();
    }
    let m = v.x.abs().max(v.y.abs());
    if m == 0.0 || !m.is_finite() {
        return m;
    }
    m * (v / m).length()
}

/// The outward normal of a counter-clockwise polygon's edge `p → q` (the edge turned clockwise),
/// unit length; `None` for a zero-length edge.
#[inline]
pub fn outward_normal(p: DVec2, q: DVec2) -> Option<DVec2> {
    let d = q - p;
    unit(DVec2::new(d.y, -d.x))
}

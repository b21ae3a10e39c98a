//! Shapes, poses and the one form every query works on: a convex core polygon plus a radius.
//!
//! A person describes a body as a circle, box, polygon or capsule ([`Shape`], in the body's own
//! frame). Every query reduces it to a [`Convex`]: the counter-clockwise core polygon (one vertex
//! for a circle, two for a capsule) and the rounding radius. The MD of two such shapes is the MD
//! of their cores dilated by the sum of the radii, so one set of polygon algorithms serves all.

use super::hull::{convex_hull, is_strictly_convex_ccw, HullNote};
use super::support::{CoreShape, Sectors};
use super::{outward_normal, DVec2};

/// What a body is, in its own frame (y-up, centred on the body's position).
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Circle {
        radius: f64,
    },
    /// An oriented box; `half_extents` along the body's x and y axes.
    Box {
        half_extents: DVec2,
    },
    /// Any outline; it is replaced by its convex hull. `radius` rounds it (0 for sharp corners).
    Polygon {
        vertices: Vec<DVec2>,
        radius: f64,
    },
    /// A segment from `(−half_length, 0)` to `(half_length, 0)` swept by a disc of `radius`.
    Capsule {
        half_length: f64,
        radius: f64,
    },
}

/// Where a body is: its position and its angle (radians, counter-clockwise) about that position.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose {
    pub position: DVec2,
    pub angle: f64,
}

impl Pose {
    pub fn new(position: DVec2, angle: f64) -> Self {
        Pose { position, angle }
    }

    /// A point of the body's frame, in world coordinates.
    pub fn apply(&self, local: DVec2) -> DVec2 {
        Placement::from(self).apply(local)
    }

    /// A world point, in the body's frame (the inverse of [`Pose::apply`]).
    pub fn inverse_apply(&self, world: DVec2) -> DVec2 {
        Placement::from(self).apply_inverse(world)
    }

    /// A direction of the body's frame, in world coordinates (rotation only).
    pub fn rotate(&self, local: DVec2) -> DVec2 {
        Placement::from(self).rotate(local)
    }
}

/// A pose as the queries use it: the position and the rotation as `(cos θ, sin θ)`, worked out
/// once, so that a query turns vectors without trigonometry (parry's poses and Box2D's
/// transforms keep the rotation so too). A program that places its bodies anew each frame can
/// build one from a [`Pose`] (`Placement::from(pose)`) or keep it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    pub position: DVec2,
    /// `(cos θ, sin θ)` of the angle: unit length.
    pub rotation: DVec2,
}

impl Placement {
    /// At the origin, not turned: a shape given in world coordinates.
    pub const IDENTITY: Placement = Placement {
        position: DVec2::ZERO,
        rotation: DVec2::X,
    };

    pub fn new(position: DVec2, angle: f64) -> Self {
        Placement {
            position,
            rotation: DVec2::from_angle(angle),
        }
    }

    /// A point of the body's frame, in the placing frame.
    #[inline]
    pub fn apply(&self, local: DVec2) -> DVec2 {
        self.position + self.rotation.rotate(local)
    }

    /// A point of the placing frame, in the body's frame (the inverse of [`Placement::apply`]).
    #[inline]
    pub fn apply_inverse(&self, point: DVec2) -> DVec2 {
        self.rotate_back(point - self.position)
    }

    /// A direction of the body's frame, in the placing frame.
    #[inline]
    pub fn rotate(&self, local: DVec2) -> DVec2 {
        self.rotation.rotate(local)
    }

    /// A direction of the placing frame, in the body's frame: turned by the conjugate
    /// `(cos θ, −sin θ)`.
    #[inline]
    pub fn rotate_back(&self, dir: DVec2) -> DVec2 {
        DVec2::new(self.rotation.x, -self.rotation.y).rotate(dir)
    }

    /// This placement seen from `frame`'s body: where a body placed so lies in the frame of a
    /// body placed by `frame` (`frame⁻¹ ∘ self`).
    #[inline]
    pub fn relative_to(&self, frame: &Placement) -> Placement {
        Placement {
            position: frame.apply_inverse(self.position),
            rotation: frame.rotate_back(self.rotation),
        }
    }
}

impl From<Pose> for Placement {
    fn from(pose: Pose) -> Self {
        Placement::new(pose.position, pose.angle)
    }
}

impl From<&Pose> for Placement {
    fn from(pose: &Pose) -> Self {
        Placement::from(*pose)
    }
}

/// `(cos θ, sin θ)` of `angle`, as [`DVec2::from_angle`] gives it to within 2.3·10⁻¹⁶ in
/// each coordinate, for a caller that turns a body at every iteration (the rotating
/// cast measures each body at a new angle every time): about half the instructions of the C
/// library's `sincos` (70 against 140 on x86-64), which reduces the angle for `sin` and `cos`
/// to full relative precision, where a rotation needs only absolute precision.
///
/// The angle is reduced by the nearest multiple `k` of π/2 (Cody and Waite: π/2 in two parts,
/// the first with 20 low bits clear, so that `k` times it is exact for `|k| < 2²⁰` and the
/// subtraction is too); the remainder, at most π/4, goes to the Taylor series of the sine and
/// the cosine, cut where the next term is below 10⁻¹⁷; `k mod 4` swaps and signs them. From
/// [`ROTATION_REDUCED_UP_TO`] on (and for NaN), [`DVec2::from_angle`].
#[inline]
pub fn rotation_of(angle: f64) -> DVec2 {
    // (Not `abs > limit`: a NaN goes to the library too.)
    if angle.abs().partial_cmp(&ROTATION_REDUCED_UP_TO) != Some(std::cmp::Ordering::Less) {
        return DVec2::from_angle(angle);
    }
    // The nearest integer by adding and taking away 1.5·2⁵²: `f64::round` is a library call
    // on the baseline x86-64 (no SSE4.1), and ties may go either way here.
    const ROUND: f64 = 6_755_399_441_055_744.0;
    let shifted = angle * std::f64::consts::FRAC_2_PI + ROUND;
    let k = shifted - ROUND;
    let r = (angle - k * HALF_PI_HIGH) - k * HALF_PI_LOW;
    let z = r * r;
    let z2 = z * z;
    let z4 = z2 * z2;
    // The series' terms summed in pairs and then pairs of pairs (Estrin), which waits on
    // fewer products in a row than Horner's rule.
    const F: [f64; 18] = INVERSE_FACTORIALS;
    // sin r = r − r·z·(1/3! − z/5! + z²/7! − …).
    let s01 = F[3] - z * F[5];
    let s23 = F[7] - z * F[9];
    let s45 = F[11] - z * F[13];
    let s67 = F[15] - z * F[17];
    let sin = r - r * z * ((s01 + z2 * s23) + z4 * (s45 + z2 * s67));
    // cos r = 1 − z/2 + z²·(1/4! − z/6! + z²/8! − …).
    let c01 = F[4] - z * F[6];
    let c23 = F[8] - z * F[10];
    let c45 = F[12] - z * F[14];
    let cos = 1.0 - 0.5 * z + z2 * ((c01 + z2 * c23) + z4 * (c45 + z2 * F[16]));
    // θ = r + k·π/2: each quarter turn maps (cos, sin) to (−sin, cos). `k mod 4` is in the
    // low bits of `shifted`, whose significand is 2⁵¹ + k.
    let quarter = shifted.to_bits();
    let (x, y) = if quarter & 1 == 0 {
        (cos, sin)
    } else {
        (-sin, cos)
    };
    let half = if quarter & 2 == 0 { 1.0 } else { -1.0 };
    DVec2::new(x * half, y * half)
}

/// 1/n! for n from 0 to 17, the terms of [`rotation_of`]'s series.
const INVERSE_FACTORIALS: [f64; 18] = [
    1.0,
    1.0,
    1.0 / 2.0,
    1.0 / 6.0,
    1.0 / 24.0,
    1.0 / 120.0,
    1.0 / 720.0,
    1.0 / 5_040.0,
    1.0 / 40_320.0,
    1.0 / 362_880.0,
    1.0 / 3_628_800.0,
    1.0 / 39_916_800.0,
    1.0 / 479_001_600.0,
    1.0 / 6_227_020_800.0,
    1.0 / 87_178_291_200.0,
    1.0 / 1_307_674_368_000.0,
    1.0 / 20_922_789_888_000.0,
    1.0 / 355_687_428_096_000.0,
];

/// Angles up to this magnitude are reduced by [`rotation_of`]'s two-part π/2: `k` stays below
/// 2²⁰, where its first part times `k` is exact.
pub const ROTATION_REDUCED_UP_TO: f64 = 1.0e6;

/// π/2 with its 20 low bits clear (33 significant bits).
const HALF_PI_HIGH: f64 = f64::from_bits(std::f64::consts::FRAC_PI_2.to_bits() & !0xf_ffff);

/// π/2 less [`HALF_PI_HIGH`]: the rest of the `f64` π/2 (exact), plus how far that falls short
/// of π/2 (`cos` of the `f64` π/2, 6.123233995736766·10⁻¹⁷).
const HALF_PI_LOW: f64 = (std::f64::consts::FRAC_PI_2 - HALF_PI_HIGH) + 6.123_233_995_736_766e-17;

/// Why a [`Shape`] cannot become a [`Convex`].
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ShapeError {
    #[error("the shape has no vertices")]
    NoVertices,
    #[error("vertex {index} is not a finite number")]
    NonFinite { index: usize },
    #[error("{what} must be a finite number ≥ 0, not {value}")]
    BadSize { what: &'static str, value: f64 },
    #[error(
        "the {count} vertices lie on one line, so the outline has no area \
         (give 2 vertices for a segment, or 1 for a point)"
    )]
    Collinear { count: usize },
}

/// A convex core polygon plus a rounding radius, in one frame (local or world).
///
/// `vertices` are counter-clockwise with no duplicates and no three in a row collinear; a
/// single vertex is a point (a circle's core), two are a segment (a capsule's core). Edge `i`
/// runs from vertex `i` to vertex `i + 1` (cyclically).
///
/// A large core (one that support searches bisect rather than scan) can carry a table of where
/// its support searches start, by the direction's sector ([`Convex::indexed`]; every shape from
/// [`Shape::to_convex`] has it): a look-up and a short climb in place of a bisection of the
/// whole cycle. The table is read only by the searches and checked by their climb, so a table
/// left behind by a change to `vertices` costs time, never the answer.
#[derive(Clone)]
pub struct Convex {
    pub vertices: Vec<DVec2>,
    pub radius: f64,
    /// Where support searches start, by the direction's sector (`None` for a small core or one
    /// built without it).
    pub(crate) sectors: Option<Sectors>,
}

impl PartialEq for Convex {
    /// The same vertices and radius (whether either carries the table does not matter).
    fn eq(&self, other: &Self) -> bool {
        self.vertices == other.vertices && self.radius == other.radius
    }
}

impl std::fmt::Debug for Convex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Convex")
            .field("vertices", &self.vertices)
            .field("radius", &self.radius)
            .finish_non_exhaustive()
    }
}

/// Two support values count as tied when they differ by less than this fraction of the shape's
/// own spread along the direction (the largest minus the smallest dot product)...
pub const SUPPORT_TIE_RELATIVE: f64 = 1e-9;
/// ...plus this many units of rounding of the coordinates' magnitude. Two vertices of a rotated
/// box that are "exactly aligned" in the article's sense differ in their dot product only by
/// rounding, a few ulps of the coordinates; a shape's spread is not enough on its own when a
/// millimetre-sized shape sits a million units from the origin, and the coordinates' magnitude
/// is far too much then (it would tie every vertex of the small shape).
pub const SUPPORT_TIE_ROUNDING: f64 = 8.0 * f64::EPSILON;

/// How far below the highest dot product `best` a vertex still counts as tied with it, for a
/// shape whose dot products with `dir` span `[least, best]` and whose coordinates reach `extent`.
pub(crate) fn support_tie_tolerance(best: f64, least: f64, extent: f64, dir: DVec2) -> f64 {
    SUPPORT_TIE_RELATIVE * (best - least) + SUPPORT_TIE_ROUNDING * extent * dir.length()
}

/// Ascending indices of tied support vertices, put in counter-clockwise order across the
/// wrap-around of an `n`-gon (e.g. `[0, 3]` of a box means 3 then 0).
pub(crate) fn order_counter_clockwise(tied: &mut [usize], n: usize) {
    if tied.len() == 2 && tied[0] == 0 && tied[1] == n - 1 {
        tied.swap(0, 1);
    }
}

impl Shape {
    /// The core polygon and radius in the body's own frame, and notes on what the hull changed
    /// (points dropped as duplicates, collinear, or inside a non-convex outline).
    pub fn to_convex(&self) -> Result<(Convex, Vec<HullNote>), ShapeError> {
        let size = |what: &'static str, value: f64| {
            if value.is_finite() && value >= 0.0 {
                Ok(value)
            } else {
                Err(ShapeError::BadSize { what, value })
            }
        };
        match self {
            Shape::Circle { radius } => Ok((
                Convex::new(vec![DVec2::ZERO], size("radius", *radius)?),
                vec![],
            )),
            Shape::Box { half_extents } => {
                let hx = size("half_extents[0]", half_extents.x)?;
                let hy = size("half_extents[1]", half_extents.y)?;
                let corners = [
                    DVec2::new(-hx, -hy),
                    DVec2::new(hx, -hy),
                    DVec2::new(hx, hy),
                    DVec2::new(-hx, hy),
                ];
                // A box with a zero extent is a segment (or a point): the hull says which.
                let hull = convex_hull(&corners);
                Ok((Convex::new(hull.vertices, 0.0), vec![]))
            }
            Shape::Capsule {
                half_length,
                radius,
            } => {
                let h = size("half_length", *half_length)?;
                let r = size("radius", *radius)?;
                let vertices = if h == 0.0 {
                    vec![DVec2::ZERO]
                } else {
                    vec![DVec2::new(-h, 0.0), DVec2::new(h, 0.0)]
                };
                Ok((Convex::new(vertices, r), vec![]))
            }
            Shape::Polygon { vertices, radius } => {
                let r = size("radius", *radius)?;
                if vertices.is_empty() {
                    return Err(ShapeError::NoVertices);
                }
                if let Some(index) = vertices.iter().position(|v| !v.is_finite()) {
                    return Err(ShapeError::NonFinite { index });
                }
                let hull = convex_hull(vertices);
                // Counted only for a hull without area (sorting a copy is not free).
                let distinct = || {
                    let mut d = vertices.clone();
                    d.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
                    d.dedup();
                    d.len()
                };
                if hull.vertices.len() < 3 && distinct() >= 3 {
                    return Err(ShapeError::Collinear {
                        count: vertices.len(),
                    });
                }
                Ok((Convex::new(hull.vertices, r).indexed(), hull.notes))
            }
        }
    }
}

impl Convex {
    /// The core with these vertices (counter-clockwise, as the type's doc says) and radius,
    /// without the search table ([`Convex::indexed`] adds it).
    pub fn new(vertices: Vec<DVec2>, radius: f64) -> Self {
        Convex {
            vertices,
            radius,
            sectors: None,
        }
    }

    /// The same core with the table of where its support searches start, by the direction's
    /// sector (see the type's doc), for a core large enough that its searches bisect rather
    /// than scan: O(n) once, for searches in any direction that then look at a few vertices
    /// where the bisection of the cycle looks at 2 log₂ n or more. Meant for a shape kept in its
    /// own frame and queried many times; a copy moved into the world needs a table of its own.
    pub fn indexed(mut self) -> Self {
        self.sectors = Sectors::of(&self.vertices);
        self
    }

    /// A point (a circle's core) at `centre`.
    pub fn circle(centre: DVec2, radius: f64) -> Self {
        Convex::new(vec![centre], radius)
    }

    /// This shape moved to `pose` (from the body's frame to the world). Rounding can make two
    /// nearby vertices equal, or three nearly collinear ones turn the wrong way, once they are
    /// far from the origin; such vertices are dropped, so the result keeps the invariants of
    /// [`Convex`] (and can have fewer vertices than `self` in those rare cases).
    pub fn transformed(&self, pose: &Pose) -> Convex {
        self.placed(&Placement::from(pose))
    }

    /// The shape placed by `placement` (the rotation worked out once, not once per vertex).
    pub fn placed(&self, placement: &Placement) -> Convex {
        Convex::new(
            tidy_convex(self.vertices.iter().map(|&v| placement.apply(v)).collect()),
            self.radius,
        )
    }

    /// Number of edges: 0 for a point, 2 for a segment (there and back), n for an n-gon.
    pub fn edge_count(&self) -> usize {
        if self.vertices.len() < 2 {
            0
        } else {
            self.vertices.len()
        }
    }

    /// Edge `i` as its two end points.
    pub fn edge(&self, i: usize) -> (DVec2, DVec2) {
        let n = self.vertices.len();
        (self.vertices[i], self.vertices[(i + 1) % n])
    }

    /// The outward unit normal of edge `i` (for a segment, edge 0 faces right of p0→p1, edge 1
    /// left).
    pub fn edge_normal(&self, i: usize) -> DVec2 {
        let (p, q) = self.edge(i);
        outward_normal(p, q).expect("core polygons have no zero-length edges")
    }

    /// The largest dot product of a core vertex with `dir`.
    pub fn support_value(&self, dir: DVec2) -> f64 {
        self.vertices
            .iter()
            .map(|v| v.dot(dir))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Every core vertex "most in the direction of" `dir`: the one with the largest dot product
    /// and any tied with it (two when an edge is exactly perpendicular to `dir`, the first
    /// article's "exactly aligned" case). Ties: see [`SUPPORT_TIE_RELATIVE`] and
    /// [`SUPPORT_TIE_ROUNDING`]. Indices are in counter-clockwise order.
    pub fn support_vertices(&self, dir: DVec2) -> Vec<usize> {
        let best = self.support_value(dir);
        let least = self
            .vertices
            .iter()
            .map(|v| v.dot(dir))
            .fold(f64::INFINITY, f64::min);
        let tol = support_tie_tolerance(best, least, self.extent(), dir);
        let mut tied: Vec<usize> = (0..self.vertices.len())
            .filter(|&i| self.vertices[i].dot(dir) >= best - tol)
            .collect();
        order_counter_clockwise(&mut tied, self.vertices.len());
        tied
    }

    /// The support point of the rounded shape: a core support vertex pushed out by the radius.
    pub fn support_point(&self, dir: DVec2) -> DVec2 {
        let i = self.support_vertices(dir)[0];
        self.vertices[i] + dir.normalize_or_zero() * self.radius
    }

    /// The largest coordinate magnitude of the core (the scale used for tolerances): the
    /// largest of the four extreme coordinates, each found in O(log n).
    pub fn extent(&self) -> f64 {
        CoreShape::extent(self)
    }

    /// The corners `(min, max)` of the core's axis-aligned bounding box, from its four extreme
    /// vertices (O(log n) each, [`super::support::extreme_vertex`]). The core must have a vertex.
    pub fn bounds(&self) -> (DVec2, DVec2) {
        CoreShape::bounds(self)
    }

    /// The average of the core vertices (inside the core).
    pub fn centroid(&self) -> DVec2 {
        self.vertices.iter().copied().sum::<DVec2>() / self.vertices.len() as f64
    }

    /// Signed area of the core (positive: counter-clockwise).
    pub fn area(&self) -> f64 {
        let n = self.vertices.len();
        (0..n)
            .map(|i| super::cross(self.vertices[i], self.vertices[(i + 1) % n]))
            .sum::<f64>()
            / 2.0
    }

    /// The boundary of the rounded shape as a closed polyline, counter-clockwise: the core's
    /// edges pushed out by the radius, joined by arcs of at most `max_arc_step` radians. A sharp
    /// core (radius 0) is its own outline.
    pub fn outline(&self, max_arc_step: f64) -> Vec<DVec2> {
        let n = self.vertices.len();
        if self.radius <= 0.0 {
            return self.vertices.clone();
        }
        let step = max_arc_step.clamp(1e-3, 1.0);
        // Arc around vertex i from the normal of the edge entering it to the normal of the edge
        // leaving it (for a point, the whole circle).
        let mut out = Vec::new();
        for i in 0..n {
            let (from, sweep) = if n == 1 {
                (0.0, std::f64::consts::TAU)
            } else {
                let prev = self.edge_normal((i + n - 1) % n);
                let next = self.edge_normal(i);
                let a0 = prev.y.atan2(prev.x);
                let mut a1 = next.y.atan2(next.x);
                while a1 < a0 {
                    a1 += std::f64::consts::TAU;
                }
                (a0, a1 - a0)
            };
            let steps = ((sweep / step).ceil() as usize).max(1);
            let count = if n == 1 { steps } else { steps + 1 };
            for k in 0..count {
                let t = from + sweep * k as f64 / steps as f64;
                out.push(self.vertices[i] + DVec2::from_angle(t) * self.radius);
            }
        }
        out
    }

    /// The largest distance from `centre` to any point of the rounded shape (Mirtich's `r`).
    pub fn max_distance_from(&self, centre: DVec2) -> f64 {
        self.core_reach_from(centre) + self.radius
    }

    /// The largest distance from `centre` to a vertex of the core (the rounding left out): one
    /// root of the largest square, the same value as the largest of the roots.
    ///
    /// A plain comparison keeps the larger square (a NaN is passed over, as `f64::max` passes
    /// it over): one instruction, where `f64::max` takes three or four. On a core of 32 vertices
    /// or more, four running maxima, so that each comparison does not wait on the one before.
    /// Inlined: the rotating query asks from the core's own origin, where the subtraction of
    /// `centre` folds away (one instruction a vertex of about seven).
    #[inline]
    pub fn core_reach_from(&self, centre: DVec2) -> f64 {
        let larger = |m: f64, v: &DVec2| {
            let d = (*v - centre).length_squared();
            if d > m {
                d
            } else {
                m
            }
        };
        let v = &self.vertices;
        let most = if v.len() < 32 {
            v.iter().fold(0.0, larger)
        } else {
            let chunks = v.chunks_exact(4);
            let rest = chunks.remainder().iter().fold(0.0, larger);
            let m = chunks.fold([rest, 0.0, 0.0, 0.0], |m, c| {
                [
                    larger(m[0], &c[0]),
                    larger(m[1], &c[1]),
                    larger(m[2], &c[2]),
                    larger(m[3], &c[3]),
                ]
            });
            m[0].max(m[1]).max(m[2].max(m[3]))
        };
        most.sqrt()
    }
}

/// A counter-clockwise polygon that is convex up to rounding, made strictly convex: its convex
/// hull (exact predicates), which drops the vertices rounding made collinear, duplicate or
/// reflex. Strictly convex already (the usual case, checked in O(n)), it is returned as it is,
/// in the caller's vertex order (indices stay meaningful); otherwise the hull takes O(n log n).
/// A scan along the outline would not do: a flat polygon (a box a few ulps thick, turned) goes
/// out and comes back along one line, and popping the vertices where it turns back would leave
/// one end of it.
fn tidy_convex(points: Vec<DVec2>) -> Vec<DVec2> {
    if points.len() < 2 || is_strictly_convex_ccw(&points) {
        return points;
    }
    // Not strictly convex, so some vertex is dropped: the hull's order is the one to keep.
    convex_hull(&points).vertices
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::XorShift;

    #[test]
    fn rotation_of_matches_the_library_to_a_few_ulps_at_every_angle() {
        // Angles at random scales up to the reduction's limit (the limit itself goes to the
        // library), near and on multiples of π/4 and π/2 (where the series are longest and the
        // quadrants swap), tiny ones and their negatives.
        let mut angles = vec![0.0, -0.0, 1e-300, 5e-324, ROTATION_REDUCED_UP_TO];
        for k in -40..=40 {
            let q = k as f64 * std::f64::consts::FRAC_PI_4;
            angles.extend([q, q.next_up(), q.next_down(), q + 1e-9, q - 1e-9]);
        }
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let unit = rng.unit();
            let scale = 10f64.powf(unit * 12.0 - 6.0).min(ROTATION_REDUCED_UP_TO);
            angles.push((2.0 * unit - 1.0) * scale);
            angles.push(unit * 7.0 - 3.5);
        }
        for angle in angles {
            for angle in [angle, -angle] {
                let (ours, library) = (rotation_of(angle), DVec2::from_angle(angle));
                // Two units in the last place of a coordinate near 1 (seen: one).
                assert!(
                    (ours - library).abs().max_element() <= 2.3e-16,
                    "{angle}: {ours} against {library}"
                );
                assert!((ours.length() - 1.0).abs() <= 5e-16, "{angle}: {ours}");
            }
        }
        // Past the limit and for what is not a number, the library's answer itself.
        for angle in [2e6, -1e300, f64::INFINITY, f64::NAN] {
            let (ours, library) = (rotation_of(angle), DVec2::from_angle(angle));
            assert!(
                ours == library || (ours.is_nan() && library.is_nan()),
                "{angle}"
            );
        }
    }

    #[test]
    fn a_turned_box_a_few_ulps_thick_keeps_both_ends() {
        // Half a height of 8e-172: turned by 97°, each long side's two corners round to one
        // point, and the outline goes out along a line and back. Found by the fuzz driver: the
        // scan along the outline kept one end, a point for a bar 164 long.
        let (c, _) = Shape::Box {
            half_extents: DVec2::new(82.0, 8.274473112195191e-172),
        }
        .to_convex()
        .unwrap();
        let w = c.transformed(&Pose::new(DVec2::new(0.0, 0.4375), 1.6929693744344996));
        assert_eq!(w.vertices.len(), 2, "{w:?}");
        let length = (w.vertices[1] - w.vertices[0]).length();
        assert!((length - 164.0).abs() < 1e-9, "{w:?}");
        // The lower end first, as for any tidied core.
        assert!(w.vertices[0].y < w.vertices[1].y, "{w:?}");
    }

    #[test]
    fn box_core_is_counter_clockwise_from_the_bottom_left() {
        let (c, notes) = Shape::Box {
            half_extents: DVec2::new(1.0, 0.5),
        }
        .to_convex()
        .unwrap();
        assert!(notes.is_empty());
        assert_eq!(c.vertices.len(), 4);
        assert!(c.area() > 0.0, "area {}", c.area());
        assert_eq!(c.area(), 2.0);
    }

    #[test]
    fn exactly_aligned_boxes_have_two_support_vertices() {
        let (c, _) = Shape::Box {
            half_extents: DVec2::new(1.0, 1.0),
        }
        .to_convex()
        .unwrap();
        let w = c.transformed(&Pose::new(DVec2::new(3.0, 0.0), 0.0));
        assert_eq!(w.support_vertices(DVec2::new(-1.0, 0.0)).len(), 2);
        assert_eq!(w.support_vertices(DVec2::new(-1.0, 0.1)).len(), 1);
        // Rotated by 90° the box is aligned again, up to rounding of the rotation.
        let r = c.transformed(&Pose::new(DVec2::ZERO, std::f64::consts::FRAC_PI_2));
        assert_eq!(r.support_vertices(DVec2::new(0.0, 1.0)).len(), 2);
    }

    #[test]
    fn wraparound_tie_is_in_counter_clockwise_order() {
        let c = Convex::new(
            vec![
                DVec2::new(0.0, 0.0),
                DVec2::new(1.0, 0.0),
                DVec2::new(1.0, 1.0),
                DVec2::new(0.0, 1.0),
            ],
            0.0,
        );
        assert_eq!(c.support_vertices(DVec2::new(-1.0, 0.0)), vec![3, 0]);
    }

    #[test]
    fn collinear_polygon_is_an_error_but_two_points_are_a_segment() {
        let line = Shape::Polygon {
            vertices: vec![DVec2::ZERO, DVec2::X, DVec2::X * 2.0],
            radius: 0.0,
        };
        assert!(matches!(
            line.to_convex(),
            Err(ShapeError::Collinear { count: 3 })
        ));
        let seg = Shape::Polygon {
            vertices: vec![DVec2::ZERO, DVec2::X],
            radius: 0.5,
        };
        assert_eq!(seg.to_convex().unwrap().0.vertices.len(), 2);
        let dup = Shape::Polygon {
            vertices: vec![DVec2::X, DVec2::X, DVec2::X],
            radius: 0.0,
        };
        assert_eq!(dup.to_convex().unwrap().0.vertices.len(), 1);
    }

    #[test]
    fn rounded_outline_stays_at_the_radius() {
        let capsule = Shape::Capsule {
            half_length: 1.0,
            radius: 0.5,
        }
        .to_convex()
        .unwrap()
        .0;
        let outline = capsule.outline(0.1);
        assert!(outline.len() > 30);
        for p in &outline {
            let nearest = if p.x.abs() <= 1.0 {
                p.y.abs()
            } else {
                (*p - DVec2::new(p.x.signum(), 0.0)).length()
            };
            assert!((nearest - 0.5).abs() < 1e-12, "{p}");
        }
        let circle = Convex::circle(DVec2::ZERO, 2.0).outline(0.5);
        assert_eq!(circle.len(), 13);
    }

    #[test]
    fn far_from_the_origin_tiny_features_collapse_instead_of_breaking_the_polygon() {
        // 1e-11 wide at x = 1e6: both sides round to the same x, so the box becomes a segment.
        let thin = Shape::Box {
            half_extents: DVec2::new(1e-11, 1.0),
        }
        .to_convex()
        .unwrap()
        .0;
        let far = thin.transformed(&Pose::new(DVec2::new(1e6, 0.0), 0.0));
        assert_eq!(far.vertices.len(), 2, "{:?}", far.vertices);
        for i in 0..far.edge_count() {
            let (p, q) = far.edge(i);
            assert_ne!(p, q);
            far.edge_normal(i);
        }
        // Near the origin nothing changes, and the vertex order is kept.
        let near = thin.transformed(&Pose::new(DVec2::new(0.5, 0.0), 0.3));
        assert_eq!(near.vertices.len(), 4);
        assert_eq!(
            near.vertices[0],
            Pose::new(DVec2::new(0.5, 0.0), 0.3).apply(thin.vertices[0])
        );
    }

    #[test]
    fn ties_scale_with_the_shape_not_with_its_distance_from_the_origin() {
        let tri = Convex::new(
            vec![
                DVec2::new(-1e-3, -1e-3),
                DVec2::new(1e-3, -1e-3),
                DVec2::new(0.0, 1e-3),
            ],
            0.0,
        );
        let far = tri.transformed(&Pose::new(DVec2::new(1e6, 0.0), 0.0));
        assert_eq!(far.support_vertices(DVec2::new(1.0, 0.3)), vec![1]);
        assert_eq!(far.support_vertices(DVec2::new(0.0, -1.0)).len(), 2);
    }

    #[test]
    fn an_edge_too_short_to_square_still_has_a_normal() {
        let sliver = Shape::Box {
            half_extents: DVec2::new(1e-170, 1.0),
        }
        .to_convex()
        .unwrap()
        .0;
        for i in 0..sliver.edge_count() {
            assert!((sliver.edge_normal(i).length() - 1.0).abs() < 1e-15);
        }
    }

    #[test]
    fn negative_sizes_and_nan_are_refused() {
        assert!(Shape::Circle { radius: -1.0 }.to_convex().is_err());
        assert!(Shape::Capsule {
            half_length: f64::NAN,
            radius: 1.0
        }
        .to_convex()
        .is_err());
        assert!(matches!(
            Shape::Polygon {
                vertices: vec![DVec2::ZERO, DVec2::new(f64::INFINITY, 0.0)],
                radius: 0.0
            }
            .to_convex(),
            Err(ShapeError::NonFinite { index: 1 })
        ));
    }

    #[test]
    fn the_reach_is_the_largest_distance_from_the_centre_to_a_vertex() {
        // Every count up to 48 (past the 32 from which four running maxima take over, with
        // each remainder), each vertex the farthest in turn, with a NaN or an infinite
        // coordinate among them.
        let mut rng = XorShift(0x51f1_5eed_0bad_cafe);
        for n in 1..=48 {
            for farthest in 0..n {
                let mut vertices: Vec<DVec2> = (0..n)
                    .map(|_| DVec2::new(rng.unit() - 0.5, rng.unit() - 0.5))
                    .collect();
                vertices[farthest] = DVec2::new(3.0 * rng.unit() + 1.0, -2.0);
                let centre = DVec2::new(0.25, -0.5);
                let plain = |v: &[DVec2]| {
                    v.iter()
                        .map(|p| (*p - centre).length_squared())
                        .fold(0.0, f64::max)
                        .sqrt()
                };
                let mut core = Convex::new(vertices.clone(), 0.0);
                assert_eq!(core.core_reach_from(centre), plain(&vertices), "n = {n}");
                let odd = (farthest + 1) % n;
                if odd != farthest {
                    core.vertices[odd].y = f64::NAN;
                    assert_eq!(core.core_reach_from(centre), plain(&core.vertices));
                }
                core.vertices[farthest].x = f64::INFINITY;
                assert_eq!(core.core_reach_from(centre), f64::INFINITY);
            }
        }
    }
}

//! The fourth article's collision test and exit vector on a convex Minkowski-difference polygon.
//!
//! Both work on the sharp core polygon of B ⊖ A, counter-clockwise (for instance
//! [`MinkowskiDifference::strict_vertices`](super::minkowski::MinkowskiDifference::strict_vertices)
//! or the hull of [`wrap_cloud`](super::wrapping::wrap_cloud)); a rounding radius is not taken
//! into account.
//!
//! **Interior-point test** ([`interior_point_test`]). The average of a convex polygon's vertices
//! is inside it. Draw the segment from that point to the origin: if it crosses an edge, the
//! origin is outside and the shapes are apart; if it stays inside, they collide. Touching (the
//! origin exactly on the boundary) counts as **colliding**, as for
//! [`Contact::intersecting`](super::Contact::intersecting): the segment reaches the boundary
//! without crossing it. The decision uses exact [`orient`] tests.
//!
//! **Exit vector** ([`exit_vector`]). The moving body got into the other one by its velocity.
//! Cast a ray from the origin along that velocity to the MD edge it meets (the hit point is the
//! *origin-to-edge* vector, blue in the article), project it onto the edge's direction (*grey*),
//! and take grey − blue (*green*): the exit vector.
//!
//! *Which direction, and which body.* Here the velocity is **B's velocity relative to A**
//! (`v_B − v_A`; pass `−v_A` when only A moves). Moving B by `v` moves B ⊖ A by `v`, so during
//! the last frame the origin moved by `−v` relative to the MD: it came in from the `+v` side.
//! The ray therefore goes from the origin along **+v** (the article's "velocity vector from the
//! origin", with its MD = player − obstacle, i.e. B the player), and meets the edge the origin
//! entered through. The exit vector is applied to **B** (or its negative to A).
//!
//! *What the exit vector is.* Blue minus its component along the edge leaves its component along
//! the edge's normal: grey − blue = −F, where F is the foot of the perpendicular from the origin
//! to the edge's line (at distance `h`, so `|exit| = h`). Moving B by −F moves the MD by −F: the
//! edge's line now passes through the origin and the whole MD lies on its inner side. The motion
//! along the edge is kept (the body slides), only the part into the edge is undone.
//!
//! IMPORTANT NOTE — touching, or a little apart. After the exit the origin is on the *line* of
//! the entered edge. The shapes are left exactly touching when F lies on the edge itself
//! ([`ExitVector::foot_on_edge`]); when the ray enters through an edge whose perpendicular foot
//! falls beyond its end (an obtuse corner of the MD, the origin near it), the origin ends up
//! outside the MD and the shapes a little **apart**, by [`ExitVector::gap_after`]. They never
//! still overlap. The article's figure shows the first case; the tests pin both. The second is
//! not rare: in the seeded test (random overlapping polygons, random velocity directions) about
//! a third of the exits leave a gap.

use super::{closest_on_segment, cross, length, orient, unit, DVec2};

/// Where the segment from the interior point to the origin leaves the polygon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crossing {
    /// Edge index (edge `i` runs from vertex `i` to vertex `i + 1`).
    pub edge: usize,
    /// The crossing point (configuration space).
    pub point: DVec2,
}

/// What the interior-point test looked at (configuration space: the MD's frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InteriorPointTest {
    /// The average of the polygon's vertices: inside it (on it, for a segment or a point).
    pub interior: DVec2,
    /// The edge that the segment `interior → origin` crosses, if any: then the origin is
    /// outside.
    pub crossing: Option<Crossing>,
    /// The origin lies exactly on the polygon's boundary (touching).
    pub on_boundary: bool,
    /// No edge crossed: the origin is in the closed polygon (touching included).
    pub colliding: bool,
}

/// The article's collision test on a convex counter-clockwise polygon. `None` for no vertices.
///
/// IMPORTANT NOTE: `colliding` is exact (the origin is on the inner side of or on every edge).
/// `crossing` is the edge the segment from the average actually crosses, which exists whenever
/// the origin is outside; only if rounding put the average on or outside an edge of a sliver
/// polygon can no edge be crossed, and then the first edge with the origin outside is named, with
/// the crossing point clamped to it. A polygon of one or two vertices has no inside: the origin
/// collides when it lies on that point or segment, and `crossing` is `None`.
pub fn interior_point_test(polygon: &[DVec2]) -> Option<InteriorPointTest> {
    let n = polygon.len();
    if n == 0 {
        return None;
    }
    let interior = polygon.iter().copied().sum::<DVec2>() / n as f64;
    let o = DVec2::ZERO;
    if n < 3 {
        let (p, q) = (polygon[0], polygon[n - 1]);
        let on = orient(p, q, o) == 0.0
            && p.x.min(q.x) <= 0.0
            && 0.0 <= p.x.max(q.x)
            && p.y.min(q.y) <= 0.0
            && 0.0 <= p.y.max(q.y);
        return Some(InteriorPointTest {
            interior,
            crossing: None,
            on_boundary: on,
            colliding: on,
        });
    }
    let edges = || {
        (0..n)
            .map(move |i| (i, polygon[i], polygon[(i + 1) % n]))
            .filter(|(_, p, q)| p != q)
    };
    let outside: Vec<(usize, DVec2, DVec2)> =
        edges().filter(|&(_, p, q)| orient(p, q, o) < 0.0).collect();
    let colliding = outside.is_empty();
    let on_boundary = colliding && edges().any(|(_, p, q)| orient(p, q, o) == 0.0);
    let crossing_point = |p: DVec2, q: DVec2| {
        // Where the line of the edge cuts interior → origin, by the signed areas of the ends.
        let (a, b) = (cross(q - p, interior - p), cross(q - p, o - p));
        let t = if a != b {
            (a / (a - b)).clamp(0.0, 1.0)
        } else {
            1.0
        };
        let x = interior * (1.0 - t);
        closest_on_segment(p, q, x).0
    };
    let crossing = outside
        .iter()
        .find(|&&(_, p, q)| {
            let (sp, sq) = (orient(interior, o, p), orient(interior, o, q));
            orient(p, q, interior) > 0.0 && !(sp > 0.0 && sq > 0.0) && !(sp < 0.0 && sq < 0.0)
        })
        .or(outside.first())
        .map(|&(edge, p, q)| Crossing {
            edge,
            point: crossing_point(p, q),
        });
    Some(InteriorPointTest {
        interior,
        crossing,
        on_boundary,
        colliding,
    })
}

/// The exit vector and the construction behind it (configuration space; the article's colours
/// in brackets).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExitVector {
    /// B's velocity relative to A, as given (red).
    pub velocity: DVec2,
    /// The edge the ray from the origin along `+velocity` meets (its index and ends).
    pub edge: usize,
    pub edge_points: (DVec2, DVec2),
    /// Ray parameter of the hit: `origin_to_edge = ray_t · velocity` (in frames of motion).
    pub ray_t: f64,
    /// From the origin to the hit point on the edge (blue).
    pub origin_to_edge: DVec2,
    /// `origin_to_edge` projected onto the edge's direction (grey).
    pub projection: DVec2,
    /// `projection − origin_to_edge` (green): the translation of **B** that undoes the
    /// penetration through this edge. It is `−foot`, perpendicular to the edge, pointing into
    /// the MD.
    pub exit: DVec2,
    /// The point of the edge's line nearest the origin.
    pub foot: DVec2,
    /// Whether `foot` lies on the edge: then the exit leaves the shapes exactly touching.
    pub foot_on_edge: bool,
    /// How far apart the exit leaves the shapes: the distance from `foot` to the polygon
    /// (0 when `foot_on_edge`).
    pub gap_after: f64,
}

/// The article's exit vector for a counter-clockwise convex polygon (B ⊖ A) containing the origin
/// and B's velocity relative to A. `None` when the velocity is zero, not finite or so small that
/// the time to reach the edge overflows, the polygon has fewer than three vertices, or the
/// origin is outside the polygon. With the origin on the
/// boundary the answer may be the zero vector. If the ray passes exactly through a vertex, the
/// first of the two edges (in polygon order) is taken.
pub fn exit_vector(polygon: &[DVec2], velocity: DVec2) -> Option<ExitVector> {
    let n = polygon.len();
    if n < 3 || !velocity.is_finite() || velocity == DVec2::ZERO {
        return None;
    }
    if !interior_point_test(polygon)?.colliding {
        return None;
    }
    let direction = unit(velocity)?;
    // The ray leaves a convex polygon through the edge whose line it reaches first among the
    // edges it moves outward through (outward normal · v > 0).
    let mut best: Option<(usize, f64)> = None;
    for i in 0..n {
        let (p, q) = (polygon[i], polygon[(i + 1) % n]);
        let d = q - p;
        let m = DVec2::new(d.y, -d.x); // outward, not normalised
                                       // Along the unit direction: with a tiny velocity the ray parameter would overflow.
        let towards = m.dot(direction);
        if towards <= 0.0 {
            continue;
        }
        let t = (p.dot(m) / towards).max(0.0);
        if best.is_none_or(|(_, bt)| t < bt) {
            best = Some((i, t));
        }
    }
    let (edge, distance) = best?;
    // Frames of motion until the hit; a velocity too small for that to be a number has no exit.
    let ray_t = distance / length(velocity);
    if !ray_t.is_finite() {
        return None;
    }
    let (p, q) = (polygon[edge], polygon[(edge + 1) % n]);
    let origin_to_edge = direction * distance;
    let dir = unit(q - p)?;
    let projection = dir * origin_to_edge.dot(dir);
    let exit = projection - origin_to_edge;
    let foot = -exit;
    let s = (foot - p).dot(dir) / length(q - p);
    let foot_on_edge = (0.0..=1.0).contains(&s);
    let gap_after = if foot_on_edge {
        0.0
    } else {
        (0..n)
            .map(|i| {
                let (a, b) = (polygon[i], polygon[(i + 1) % n]);
                (closest_on_segment(a, b, foot).0 - foot).length()
            })
            .fold(f64::INFINITY, f64::min)
    };
    Some(ExitVector {
        velocity,
        edge,
        edge_points: (p, q),
        ray_t,
        origin_to_edge,
        projection,
        exit,
        foot,
        foot_on_edge,
        gap_after,
    })
}

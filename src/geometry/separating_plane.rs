//! Jeff Lander's separating plane ("When two hearts collide"), in 2D: look for one line with A
//! on one side and B on the other, try the cheap candidates first, and keep the line that
//! worked for the next frame.
//!
//! **Broad phase.** The article first compares world-aligned bounding boxes ([`aabb_of`]): boxes
//! apart means shapes apart. The boxes and whether they overlap are part of the result; the
//! line search runs either way, so a figure always has a line to draw.
//!
//! **Candidates, in order** (the search stops at the first that separates):
//! 1. **faces**: the line of each edge of A, then of B (a rounded shape's edge line pushed out
//!    by its radius). A face of A separates when every vertex of B lies strictly beyond it, with
//!    room for B's radius; a face of B the other way round.
//! 2. **edge/vertex pairs** (sharp shapes only, and at most [`MAX_PAIR_CANDIDATES`] of them):
//!    in 3D the article builds a plane from an edge of one object and a vertex of the other.
//!    In 2D everything loses a dimension, so the edge becomes a vertex (an edge's end point): the line through vertex `a` of A and vertex `b` of
//!    B. It separates when every *other* vertex of A lies strictly on one side and every other
//!    vertex of B strictly on the other, and the two vertices are not the same point (the
//!    article's "vertex B is not on edge A": if it were, the shapes would touch there).
//! 3. **nearest vertices** (rounded shapes, or cores with fewer than three vertices): the line
//!    across the gap between the two nearest core vertices, perpendicular to the segment
//!    joining them — where a round corner meets the other shape. Not in the article, which has
//!    only sharp polyhedra; without it two circles, or two collinear segments, could never be
//!    separated.
//!
//! If no candidate separates, the shapes collide (touching counts as colliding: every test is
//! strict). IMPORTANT NOTE: in 2D, step 2 never succeeds where step 1 failed for polygons with
//! area: a pair line that passes proves the shapes disjoint, and two disjoint convex polygons
//! always have an edge line with the other strictly beyond (the origin lies outside some face of
//! B ⊖ A, and every face of B ⊖ A is an edge of A or of B). It is kept because it is the
//! article's, and its failures are in the trace. In 3D it is essential (edge/edge contacts).
//!
//! **Exactness.** With steps 1 and 3, "a line is found" is exactly "the shapes are apart", for
//! every kind of core: apart, the nearest points of the shapes are either a vertex against a
//! face (that face separates) or a vertex against a vertex (the nearest-vertices line
//! separates). The tests are in floating point, so near-touching cases can go either way.
//!
//! **Frame coherence.** A found line is described by the *features* it came from
//! ([`CachedPlane`]), not by its coordinates, so rebuilt on the next frame's shapes it moves with
//! the bodies. Pass it back: it is tried first, and [`CacheOutcome`] says whether it still
//! separates — usually it does, and the search is one test long.
//!
//! Conventions (design section 2): world frame, y-up; every line's normal points from A's side
//! towards B's side; offsets and clearances are world units, positive on the proper side.

use super::sat::{nearest_vertices, CacheOutcome};
use super::support::HintedSupport;
use super::{orient, Convex, DVec2, Source};

/// A shape's world axis-aligned bounding box, `(min, max)` corners, including its radius.
pub fn aabb_of(shape: &Convex) -> (DVec2, DVec2) {
    let (lo, hi) = shape.vertices.iter().fold(
        (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY)),
        |(lo, hi), &v| (lo.min(v), hi.max(v)),
    );
    let r = DVec2::splat(shape.radius);
    (lo - r, hi + r)
}

/// Whether two closed boxes `(min, max)` share a point (touching counts).
pub fn aabbs_overlap(a: (DVec2, DVec2), b: (DVec2, DVec2)) -> bool {
    a.0.x <= b.1.x && b.0.x <= a.1.x && a.0.y <= b.1.y && b.0.y <= a.1.y
}

/// Which features a candidate line is built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaneSource {
    /// The line of core edge `edge` of shape `of`, pushed out by that shape's radius; its normal
    /// is the edge's outward normal (for A) or minus it (for B).
    Face { of: Source, edge: usize },
    /// The article's edge/vertex plane in 2D: the line through A's core vertex `a` and B's core
    /// vertex `b`.
    EdgeVertex { a: usize, b: usize },
    /// The line perpendicular to A's vertex `a` → B's vertex `b` (the nearest pair), through A's
    /// rounded boundary.
    NearestVertices { a: usize, b: usize },
}

/// Last frame's separating line, as the features it came from (so it moves with the bodies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CachedPlane {
    pub source: PlaneSource,
}

/// A line in the world frame: `point` on it, unit `normal` pointing towards B's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    pub point: DVec2,
    pub normal: DVec2,
}

impl Line {
    /// Signed distance of `x` from the line, positive on B's side.
    pub fn offset(&self, x: DVec2) -> f64 {
        self.normal.dot(x - self.point)
    }
}

/// What became of one candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// A on one side, B on the other.
    Separates,
    /// Vertex `vertex` of shape `of` (with its rounding) is not strictly on its side. `clearance`
    /// is how far it is on the proper side: `≤ 0` here (`< 0` crosses the line). The worst such
    /// vertex is named.
    WrongSide {
        of: Source,
        vertex: usize,
        clearance: f64,
    },
    /// Edge/vertex pair (or nearest vertices): the two vertices are the same point, so the
    /// shapes touch there.
    Coincident,
    /// A cached plane names a feature the shapes do not have.
    MissingFeature,
}

/// One candidate tried.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlaneTry {
    pub source: PlaneSource,
    /// Whether this was last frame's plane.
    pub cached: bool,
    /// The candidate line; `None` when there is none (coincident vertices, missing feature).
    pub line: Option<Line>,
    pub verdict: Verdict,
}

/// The separating line found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeparatingLine {
    pub line: Line,
    pub source: PlaneSource,
    /// The width of the empty band along the normal: the minimum of B's projection minus the
    /// maximum of A's, radii included (0 up to rounding for an edge/vertex line, which touches
    /// both shapes).
    pub gap: f64,
}

impl SeparatingLine {
    /// The descriptor to pass to the next frame's search.
    pub fn to_cache(&self) -> CachedPlane {
        CachedPlane {
            source: self.source,
        }
    }
}

/// How the search ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlaneOutcome {
    Separated(SeparatingLine),
    /// No candidate separates: the shapes overlap or touch.
    Colliding,
}

/// Everything the search looked at and what it concluded.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaneSearch {
    /// A's world bounding box `(min, max)`, radius included.
    pub aabb_a: (DVec2, DVec2),
    /// B's world bounding box `(min, max)`, radius included.
    pub aabb_b: (DVec2, DVec2),
    /// Whether the boxes share a point (the article's broad phase; apart means no collision).
    pub aabbs_overlap: bool,
    pub cache: CacheOutcome,
    /// Every candidate in the order tried; when the outcome is `Separated`, the last one.
    pub tries: Vec<PlaneTry>,
    pub outcome: PlaneOutcome,
}

impl PlaneSearch {
    /// The line found, if any.
    pub fn found(&self) -> Option<&SeparatingLine> {
        match &self.outcome {
            PlaneOutcome::Separated(s) => Some(s),
            PlaneOutcome::Colliding => None,
        }
    }
}

/// Search for a line separating two world-space shapes; `cached` (last frame's plane) first.
pub fn find_separating_line(a: &Convex, b: &Convex, cached: Option<CachedPlane>) -> PlaneSearch {
    let aabb_a = aabb_of(a);
    let aabb_b = aabb_of(b);
    let mut tries = Vec::new();
    let mut cache = CacheOutcome::None;
    let mut found = None;
    // The faces come in order around each shape, so each search for the other shape's worst
    // vertex starts from the last one's.
    let mut support = [HintedSupport::new(a), HintedSupport::new(b)];

    if let Some(c) = cached {
        let t = try_candidate(&mut support, c.source, true);
        let ok = t.verdict == Verdict::Separates;
        cache = if ok {
            CacheOutcome::StillSeparates
        } else {
            CacheOutcome::NoLongerSeparates
        };
        tries.push(t);
        if ok {
            found = Some(t);
        }
    }
    if found.is_none() {
        let candidates = candidates(a, b);
        tries.reserve(candidates.len());
        for source in candidates {
            if cached.is_some_and(|c| c.source == source) {
                continue; // already tried first
            }
            let t = try_candidate(&mut support, source, false);
            tries.push(t);
            if t.verdict == Verdict::Separates {
                found = Some(t);
                break;
            }
        }
    }
    let outcome = match found {
        Some(PlaneTry {
            source,
            line: Some(line),
            ..
        }) => PlaneOutcome::Separated(SeparatingLine {
            line,
            source,
            gap: gap_along(a, b, line.normal),
        }),
        _ => PlaneOutcome::Colliding,
    };
    PlaneSearch {
        aabb_a,
        aabb_b,
        aabbs_overlap: aabbs_overlap(aabb_a, aabb_b),
        cache,
        tries,
        outcome,
    }
}

/// The edge/vertex pairs are tried only when there are at most this many (two 64-gons).
pub const MAX_PAIR_CANDIDATES: usize = 4096;

/// The candidates of the module doc, in order (the pairs only up to [`MAX_PAIR_CANDIDATES`]).
pub fn candidates(a: &Convex, b: &Convex) -> Vec<PlaneSource> {
    let mut out = Vec::new();
    for (of, shape) in [(Source::A, a), (Source::B, b)] {
        for edge in 0..shape.edge_count() {
            out.push(PlaneSource::Face { of, edge });
        }
    }
    let sharp = a.radius == 0.0 && b.radius == 0.0;
    // The pairs cannot succeed where the faces failed (module doc), so for large polygons they
    // are left out: n·m lines of n + m tests each, billions of tests at a thousand vertices.
    if sharp && a.vertices.len() * b.vertices.len() <= MAX_PAIR_CANDIDATES {
        for ia in 0..a.vertices.len() {
            for ib in 0..b.vertices.len() {
                out.push(PlaneSource::EdgeVertex { a: ia, b: ib });
            }
        }
    }
    if !sharp || a.vertices.len() < 3 || b.vertices.len() < 3 {
        let (ia, ib) = nearest_vertices(a, b);
        out.push(PlaneSource::NearestVertices { a: ia, b: ib });
    }
    out
}

/// The empty band between the shapes along `n` (A towards B), radii included.
fn gap_along(a: &Convex, b: &Convex, n: DVec2) -> f64 {
    let max_a = a.support_value(n) + a.radius;
    let min_b = -b.support_value(-n) - b.radius;
    min_b - max_a
}

/// The worst vertex of `shape` (other than `skip`) by its clearance on the proper side of
/// `line` (`side` = +1 for B's side, −1 for A's), rounding included: `(index, clearance)`.
fn worst(shape: &Convex, line: &Line, side: f64, skip: Option<usize>) -> Option<(usize, f64)> {
    shape
        .vertices
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != skip)
        .map(|(i, &v)| (i, side * line.offset(v) - shape.radius))
        .reduce(|w, c| if c.1 < w.1 { c } else { w })
}

fn wrong_side(of: Source, (vertex, clearance): (usize, f64)) -> Verdict {
    Verdict::WrongSide {
        of,
        vertex,
        clearance,
    }
}

/// Build the candidate line of `source` on the current shapes (`[A, B]`) and test it.
fn try_candidate(support: &mut [HintedSupport; 2], source: PlaneSource, cached: bool) -> PlaneTry {
    let (a, b) = (support[0].shape(), support[1].shape());
    let without_line = |verdict: Verdict| PlaneTry {
        source,
        cached,
        line: None,
        verdict,
    };
    let with_line = |line: Line, verdict: Verdict| PlaneTry {
        source,
        cached,
        line: Some(line),
        verdict,
    };
    match source {
        PlaneSource::Face { of, edge } => {
            let (owner, other_of) = match of {
                Source::A => (a, Source::B),
                Source::B => (b, Source::A),
            };
            let other = &mut support[if of == Source::A { 1 } else { 0 }];
            if edge >= owner.edge_count() {
                return without_line(Verdict::MissingFeature);
            }
            let out = owner.edge_normal(edge);
            let (p, _) = owner.edge(edge);
            let line = Line {
                point: p + out * owner.radius,
                normal: if of == Source::A { out } else { -out },
            };
            // The other shape must lie strictly beyond, on the side the outward normal faces.
            let side = if of == Source::A { 1.0 } else { -1.0 };
            // The worst vertex: the first of the least clearances, as `worst` would pick it.
            let radius = other.shape().radius;
            let clearance = |v: DVec2| side * line.offset(v) - radius;
            if other.shape().vertices.is_empty() {
                return with_line(line, Verdict::Separates);
            }
            let i = other.lowest_by(clearance);
            match clearance(other.shape().vertices[i]) {
                c if c <= 0.0 => with_line(line, wrong_side(other_of, (i, c))),
                _ => with_line(line, Verdict::Separates),
            }
        }
        PlaneSource::EdgeVertex { a: ia, b: ib } => {
            if ia >= a.vertices.len() || ib >= b.vertices.len() {
                return without_line(Verdict::MissingFeature);
            }
            let (pa, pb) = (a.vertices[ia], b.vertices[ib]);
            let Some(dir) = (pb - pa).try_normalize() else {
                return without_line(Verdict::Coincident);
            };
            // Exact sides: orient > 0 is left of pa → pb. A's other vertices pick A's side (B's
            // pick it when A has no other vertex off the line); B belongs on the other side.
            let sides = |s: &Convex, skip: usize| -> Vec<f64> {
                (0..s.vertices.len())
                    .filter(|&i| i != skip)
                    .map(|i| orient(pa, pb, s.vertices[i]))
                    .collect()
            };
            let (sa, sb) = (sides(a, ia), sides(b, ib));
            let first_a = sa.iter().copied().find(|s| *s != 0.0);
            let first_b = sb.iter().copied().find(|s| *s != 0.0);
            let a_left = match (first_a, first_b) {
                (Some(s), _) => s > 0.0,
                (None, Some(s)) => s < 0.0,
                (None, None) => true,
            };
            let left = dir.perp();
            let line = Line {
                point: pa,
                normal: if a_left { -left } else { left },
            };
            let sign = if a_left { 1.0 } else { -1.0 };
            if sa.iter().any(|&s| s * sign <= 0.0) {
                let w = worst(a, &line, -1.0, Some(ia)).unwrap_or((ia, 0.0));
                with_line(line, wrong_side(Source::A, (w.0, w.1.min(0.0))))
            } else if sb.iter().any(|&s| s * sign >= 0.0) {
                let w = worst(b, &line, 1.0, Some(ib)).unwrap_or((ib, 0.0));
                with_line(line, wrong_side(Source::B, (w.0, w.1.min(0.0))))
            } else {
                with_line(line, Verdict::Separates)
            }
        }
        PlaneSource::NearestVertices { a: ia, b: ib } => {
            if ia >= a.vertices.len() || ib >= b.vertices.len() {
                return without_line(Verdict::MissingFeature);
            }
            let (pa, pb) = (a.vertices[ia], b.vertices[ib]);
            let Some(normal) = (pb - pa).try_normalize() else {
                return without_line(Verdict::Coincident);
            };
            let line = Line {
                point: pa + normal * a.radius,
                normal,
            };
            // A's core must not reach past vertex `a` along the normal (measured on the core, so
            // vertex `a` itself is at exactly 0); B must be strictly beyond the line.
            let a_worst = (0..a.vertices.len())
                .map(|i| (i, normal.dot(pa - a.vertices[i])))
                .reduce(|w, c| if c.1 < w.1 { c } else { w });
            match (a_worst, worst(b, &line, 1.0, None)) {
                (Some(w), _) if w.1 < 0.0 => with_line(line, wrong_side(Source::A, w)),
                (_, Some(w)) if w.1 <= 0.0 => with_line(line, wrong_side(Source::B, w)),
                _ => with_line(line, Verdict::Separates),
            }
        }
    }
}

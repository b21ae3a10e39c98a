//! GJK: the distance between two convex cores, found by walking a simplex of Minkowski
//! difference points towards the origin, with every iteration recorded.
//!
//! # What it computes
//!
//! For two shapes in world space, the point of the core MD **B ⊖ A** nearest the origin: the
//! core distance, the normal (from A towards B), and the witness points on each core. The caller
//! subtracts the radii (see [`crate::geometry::epa::gjk_epa_contact`]). When the origin lies in
//! the core MD — the cores overlap *or touch* — GJK has no distance to give and hands its last
//! simplex to EPA ([`crate::geometry::epa`]).
//!
//! # The idea
//!
//! The MD is never built. All GJK needs is its *support point* in a direction `d`, the MD point
//! farthest along `d`, and that is `b.support(d) − a.support(−d)` ([`md_support`]), which also
//! says which core vertices made it (an [`MdVertex`], parry's `CSOPoint`). Keep a *simplex* of at
//! most three such points; each iteration
//!
//! 1. finds the point `v` of the simplex nearest the origin and drops the simplex points that do
//!    not help to reach it (a vertex or an edge remains) — if the simplex encloses the origin,
//!    stop: the cores overlap;
//! 2. asks for the support point `w` in the direction from `v` towards the origin;
//! 3. stops if `w` brings nothing new (it is already in the simplex, or it lies no nearer the
//!    origin than `v` does along that direction); otherwise adds `w` and repeats.
//!
//! Once the simplex is an edge, the new support point lies on the MD's boundary between the
//! edge's ends, and so does each core's vertex between the vertices behind them: the search
//! bisects that arc first ([`md_support_between`]).
//!
//! `|v|` is an upper bound on the distance and shrinks every iteration; `|v| − gap` (the gap is
//! how much nearer `w` is than `v` along the search direction) is a lower bound. For polygon
//! cores every support point is an MD vertex, so the walk ends after finitely many steps on the
//! MD vertex or edge nearest the origin: the answer is exact up to rounding, like
//! [`crate::geometry::contact`].
//!
//! Gilbert, Johnson and Keerthi (1988), in the form of Gino van den Bergen's "Collision Detection
//! in Interactive 3D Environments" (2003) and Erin Catto's Box2D `b2ShapeDistance`; the first
//! article's van den Bergen cast is built on the same support-point walk.
//!
//! # With or without the record
//!
//! [`gjk`] keeps every iteration ([`GjkStep`]) for the figures; [`gjk_traced`] hands them to any
//! [`Trace`], and with [`NoTrace`] the same code keeps nothing and allocates nothing (the
//! simplex is a [`Simplex`] on the stack). [`gjk_distance`] is the unsigned distance that way.
//!
//! # Numerics
//!
//! * Inside/outside decisions use the exact orientation predicate [`orient`]. The origin counts as
//!   enclosed when it is in the *closed* simplex, and cores whose simplex comes within
//!   [`GJK_TOUCH_RELATIVE`] of the origin count as touching; both go to EPA, which returns depth
//!   ≈ 0 with the normal of the MD edge the origin lies on — never the direction of a
//!   rounding-noise vector.
//! * On an edge of the simplex the search direction is the edge's perpendicular (on the origin's
//!   side, decided exactly), not the normalised nearest point: even when the origin is 10⁻¹⁷ from
//!   the edge the normal is the edge's normal.
//! * The support function takes the first exact maximum (no tie tolerance), so the walk only ever
//!   sees true extreme vertices.
//!
//! IMPORTANT NOTE: a core given with no vertices has no support point; GJK then stops at once
//! with [`GjkTermination::Empty`]. Every `Convex` made by `Shape::to_convex` has at least one.

use super::minkowski::MdVertex;
use super::support::{box_extent, CoreShape, BISECT_FROM};
use super::trace::{NoTrace, Trace};
use super::{around, closest_on_segment, first_not, on, orient, steps, unit, DVec2};

/// Safety net on the number of iterations. Each iteration that goes on strictly shortens `|v|`
/// and adds a new MD vertex, and the core MD of an n-gon and an m-gon has at most n + m vertices,
/// so real scenes stop long before this (two 20-gons: a handful of iterations).
pub const GJK_MAX_ITERATIONS: usize = 128;

/// GJK stops when the new support point is nearer the origin than the simplex by no more than
/// this fraction of the scene's scale ([`tolerance_scale`]). The MD points are differences of
/// world coordinates, so each carries a rounding error of a few ulps of the scale (~10⁻¹⁶
/// relative); 10⁻¹² is far above that (no endless polishing of rounding noise, no cycling
/// between MD vertices that are collinear up to rounding, as the split vertices of exactly
/// aligned boxes are) and far below any gap a person can set up by dragging.
pub const GJK_GAP_RELATIVE: f64 = 1e-12;

/// GJK reports the cores as touching ([`GjkTermination::Overlapping`]) once the simplex comes
/// within this fraction of the scene's scale of the origin (`|v|` is an upper bound on the
/// distance, so they really are that close). Nearer than that, a search direction is mostly
/// rounding noise: at a touching corner `v` may be 10⁻²² long and point anywhere, and no
/// iteration can shorten it. EPA then finds a true MD edge normal; its distance is off by at
/// most about twice this much (on an MD flat up to rounding the sign of such a gap can flip).
/// Same size as [`GJK_GAP_RELATIVE`], for the same reasons.
pub const GJK_TOUCH_RELATIVE: f64 = 1e-12;

/// The length that relative tolerances are measured against: the largest coordinate magnitude
/// of either core (at least the smallest positive normal `f64`). Rounding errors of MD points are
/// proportional to it, whether the shapes sit near 10⁶ or are 10⁻⁶ across.
pub fn tolerance_scale(a: &impl CoreShape, b: &impl CoreShape) -> f64 {
    a.extent().max(b.extent()).max(f64::MIN_POSITIVE)
}

/// How GJK stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GjkTermination {
    /// The support point brought nothing new: the last simplex holds the MD feature nearest the
    /// origin, and the distance is exact up to rounding.
    Converged,
    /// The closed simplex contains the origin, or comes within [`GJK_TOUCH_RELATIVE`] of it: the
    /// cores overlap or touch. No distance; EPA starts from [`Gjk::simplex`].
    Overlapping,
    /// An iteration did not shorten `|v|` (only rounding can do that); the answer is the best
    /// simplex before it.
    NoProgress,
    /// [`GJK_MAX_ITERATIONS`] iterations without converging; the answer is the best so far.
    OutOfIterations,
    /// A core has no vertices: there is nothing to measure.
    Empty,
    /// The caller's test of the bounds held ([`gjk_bounds`]): the distance lies between
    /// [`GjkDistance::lower`] and [`GjkDistance::distance`], which may be far from exact.
    Bounded,
}

/// One GJK iteration, all in the world frame, points on the **core** MD (B ⊖ A, no radii).
#[derive(Clone, Debug, PartialEq)]
pub struct GjkStep {
    /// The simplex this iteration starts from (1 to 3 MD points, the newest last).
    pub simplex: Vec<MdVertex>,
    /// The part of `simplex` nearest the origin (a vertex or an edge; the whole triangle or the
    /// edge or vertex the origin lies on when it is enclosed).
    pub reduced: Vec<MdVertex>,
    /// The point of the simplex nearest the origin, `v` (the origin itself when enclosed; at most
    /// [`GJK_TOUCH_RELATIVE`] of the scale long when the search stops as touching).
    pub closest: DVec2,
    /// Unit search direction, from `v` towards the origin; `None` when the origin is enclosed
    /// or touched (the last step of [`GjkTermination::Overlapping`]).
    pub direction: Option<DVec2>,
    /// The MD support point along `direction`; `None` when there was no search.
    pub support: Option<MdVertex>,
    /// How much nearer the origin the support point is than `v`, measured along `direction`
    /// (`≥ 0` up to rounding); `|v| − gap` is a lower bound on the distance. `None` with
    /// `support`.
    pub gap: Option<f64>,
    /// The weights of `closest` on the points of `reduced`, in their order (each in [0, 1],
    /// summing to 1): `closest = Σ weights[i] · reduced[i].point`, up to rounding. The same
    /// combination of the core vertices behind those points gives the witness points on A and
    /// on B (Box2D's "draw simplex"). For an enclosing triangle, the origin's barycentric
    /// weights.
    pub weights: Vec<f64>,
    /// The best lower bound on the core distance known after this iteration: the largest
    /// [`GjkStep::lower_bound`] of the iterations so far (what [`GjkDistance::lower`] ends with);
    /// `None` before the first support point.
    pub best_lower_bound: Option<f64>,
}

impl GjkStep {
    /// `|v|`, the length of [`GjkStep::closest`]: an upper bound on the core distance, since the
    /// simplex lies in the core MD (0 when the origin is enclosed). The value GJK compares from
    /// one iteration to the next.
    pub fn upper_bound(&self) -> f64 {
        self.closest.length()
    }

    /// `|v| − gap`, the lower bound on the core distance that the support point gives: no MD
    /// point lies nearer the origin along `−direction` than `support` does. Negative when the
    /// support point lies beyond the origin (it then bounds the signed distance, minus the
    /// depth). The value GJK keeps the best of ([`GjkDistance::lower`]); `None` without a
    /// support point.
    pub fn lower_bound(&self) -> Option<f64> {
        self.gap.map(|gap| self.upper_bound() - gap)
    }
}

/// The distance GJK found between the cores (world frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GjkDistance {
    /// Core distance, `> 0` (the radii are not subtracted).
    pub distance: f64,
    /// Unit, from A towards B: the nearest core MD point is `distance · normal`.
    pub normal: DVec2,
    /// Witness point on A's core.
    pub point_a: DVec2,
    /// Witness point on B's core; `point_b − point_a = distance · normal` up to rounding.
    pub point_b: DVec2,
    /// A lower bound on the core distance: the core MD lies at least this far from the origin
    /// along `lower_normal` (up to rounding), so B's core lies that far beyond A's along it.
    /// Within [`GJK_GAP_RELATIVE`] of the scale below `distance` when GJK converged.
    pub lower: f64,
    /// Unit, from A towards B: the axis of `lower`.
    pub lower_normal: DVec2,
}

/// Everything GJK did and what it concluded.
#[derive(Clone, Debug, PartialEq)]
pub struct Gjk {
    /// One entry per iteration.
    pub steps: Vec<GjkStep>,
    pub termination: GjkTermination,
    /// The final simplex: the feature nearest the origin, or (when overlapping) the simplex that
    /// encloses it — EPA's start.
    pub simplex: Simplex,
    /// The core distance; `None` when the cores overlap or touch (or a core is empty), or when
    /// GJK stopped unsettled (see [`GjkOutcome::closest`]).
    pub closest: Option<GjkDistance>,
}

/// The core MD's support point along `dir`: `b`'s farthest core vertex along `dir` minus `a`'s
/// farthest along `−dir`, with their indices. Ties go to the lowest index (exact comparison).
/// Both cores must have at least one vertex.
pub fn md_support(a: &impl CoreShape, b: &impl CoreShape, dir: DVec2) -> MdVertex {
    md_support_met(a, b, dir).0
}

/// [`md_support`], with the largest coordinate magnitude of the two vertices it is the
/// difference of, read off the same vertices: what its rounding is relative to (see
/// [`vertices_extent`]).
#[inline]
pub(crate) fn md_support_met(
    a: &impl CoreShape,
    b: &impl CoreShape,
    dir: DVec2,
) -> (MdVertex, f64) {
    // O(log n) each (see [`super::support`]).
    met(a, b, a.extreme(-dir), b.extreme(dir))
}

/// The MD point of A's vertex `ia` and B's `ib`, with the largest coordinate magnitude of the
/// two.
#[inline(always)]
fn met(a: &impl CoreShape, b: &impl CoreShape, ia: usize, ib: usize) -> (MdVertex, f64) {
    let (u, w) = (a.vertex(ia), b.vertex(ib));
    let point = MdVertex {
        point: w - u,
        a: ia,
        b: ib,
    };
    (point, extent_of(u, w))
}

/// The largest coordinate magnitude of the two core vertices behind MD point `p`: what the
/// rounding of `p` is relative to (the tolerance scale of a GJK run that measures only what it
/// meets, [`gjk_from`], and of the linear cast's ray cast).
pub(crate) fn vertices_extent(a: &impl CoreShape, b: &impl CoreShape, p: &MdVertex) -> f64 {
    extent_of(a.vertex(p.a), b.vertex(p.b))
}

/// The largest coordinate magnitude of `u` and `w`.
#[inline]
fn extent_of(u: DVec2, w: DVec2) -> f64 {
    u.abs().max_element().max(w.abs().max_element())
}

/// [`md_support`] when the answer is expected between MD points `p` and `q`, counter-clockwise
/// from `p` (the ends of EPA's polytope edge, of GJK's simplex edge): each core's search bisects
/// the arc of its vertices between theirs first (see
/// [`super::support::extreme_vertex_between`]). The same answer, in O(log) of the arcs' length
/// when it is where expected.
pub fn md_support_between(
    a: &impl CoreShape,
    b: &impl CoreShape,
    dir: DVec2,
    p: &MdVertex,
    q: &MdVertex,
) -> MdVertex {
    md_support_between_met(a, b, dir, p, q).0
}

/// [`md_support_between`] and the largest coordinate magnitude of its two core vertices (what
/// [`vertices_extent`] gives, from the vertices the search has placed already).
#[inline(always)]
pub(crate) fn md_support_between_met(
    a: &impl CoreShape,
    b: &impl CoreShape,
    dir: DVec2,
    p: &MdVertex,
    q: &MdVertex,
) -> (MdVertex, f64) {
    // As the direction turns counter-clockwise, B's support and A's support along −dir both
    // move counter-clockwise.
    let ia = a.extreme_between(-dir, [p.a, q.a]);
    let ib = b.extreme_between(dir, [p.b, q.b]);
    met(a, b, ia, ib)
}

/// [`md_support`] along `dir`, pointing away from the MD edge from `p` to `q` (either way
/// round) towards the point it was measured from, as GJK's and the ray cast's simplex edges
/// are: the support lies on the MD's boundary between the edge's ends, on `dir`'s side,
/// counter-clockwise from `p` to `q` when that is `p → q`'s right ([`md_support_between`]).
#[inline]
pub(crate) fn md_support_beyond_edge(
    a: &impl CoreShape,
    b: &impl CoreShape,
    dir: DVec2,
    p: &MdVertex,
    q: &MdVertex,
) -> MdVertex {
    if (q.point - p.point).perp_dot(dir) < 0.0 {
        md_support_between(a, b, dir, p, q)
    } else {
        md_support_between(a, b, dir, q, p)
    }
}

/// GJK's first search direction, from the cores' bounding boxes: towards the origin as seen
/// from the MD's middle (`ca − cb`, the boxes' middles, found in O(log n) unlike the
/// centroids); +x when the middles coincide.
pub(crate) fn start_direction(box_a: (DVec2, DVec2), box_b: (DVec2, DVec2)) -> DVec2 {
    let middle = |(lo, hi): (DVec2, DVec2)| (lo + hi) / 2.0;
    let start = middle(box_a) - middle(box_b);
    if start == DVec2::ZERO {
        DVec2::X
    } else {
        start
    }
}

/// Whether two MD points are the same point of the MD (same vertex pair, or same place).
pub(crate) fn same_point(p: &MdVertex, q: &MdVertex) -> bool {
    (p.a == q.a && p.b == q.b) || p.point == q.point
}

/// At most three MD points, held in place (no allocation): GJK's simplex and its parts, EPA's
/// start. Reads as a slice.
#[derive(Clone, Copy)]
pub struct Simplex {
    points: [MdVertex; 3],
    len: usize,
}

impl Simplex {
    /// No points.
    pub const EMPTY: Simplex = Simplex {
        points: [MdVertex {
            point: DVec2::ZERO,
            a: 0,
            b: 0,
        }; 3],
        len: 0,
    };

    /// The given points (at most three).
    #[inline]
    pub fn of(points: &[MdVertex]) -> Simplex {
        // Element by element: a slice copy of a length known only at run time is a call.
        let mut s = Simplex::EMPTY;
        assert!(points.len() <= 3, "a simplex holds at most three points");
        for (slot, p) in s.points.iter_mut().zip(points) {
            *slot = *p;
        }
        s.len = points.len();
        s
    }

    /// Add `p` after the others. Panics when there are three already.
    pub fn push(&mut self, p: MdVertex) {
        assert!(self.len < 3, "a simplex holds at most three points");
        self.points[self.len] = p;
        self.len += 1;
    }

    /// Drop the newest point (none left: nothing happens).
    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }
}

impl std::ops::Deref for Simplex {
    type Target = [MdVertex];
    fn deref(&self) -> &[MdVertex] {
        &self.points[..self.len]
    }
}

impl std::ops::DerefMut for Simplex {
    fn deref_mut(&mut self) -> &mut [MdVertex] {
        &mut self.points[..self.len]
    }
}

impl PartialEq for Simplex {
    fn eq(&self, other: &Simplex) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for Simplex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The nearest point of a simplex to the origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Nearest {
    /// The closed simplex contains the origin; the points are the smallest part that does.
    Enclosed(Simplex),
    /// The origin is outside; `closest` is on the `reduced` feature, `direction` the unit vector
    /// from it towards the origin.
    Outside {
        reduced: Simplex,
        closest: DVec2,
        direction: DVec2,
    },
}

impl Nearest {
    fn distance_squared(&self) -> f64 {
        match self {
            Nearest::Enclosed(_) => 0.0,
            Nearest::Outside { closest, .. } => closest.length_squared(),
        }
    }
}

fn nearest_of_point(p: MdVertex) -> Nearest {
    match unit(-p.point) {
        None => Nearest::Enclosed(Simplex::of(&[p])),
        Some(direction) => Nearest::Outside {
            reduced: Simplex::of(&[p]),
            closest: p.point,
            direction,
        },
    }
}

fn nearest_of_segment(p: MdVertex, q: MdVertex) -> Nearest {
    let e = q.point - p.point;
    // Voronoi regions of the end points: the origin projects before p or after q.
    if e == DVec2::ZERO || q.point.dot(e) <= 0.0 {
        return nearest_of_point(q);
    }
    if -p.point.dot(e) <= 0.0 {
        return nearest_of_point(p);
    }
    let side = orient(p.point, q.point, DVec2::ZERO);
    if side == 0.0 {
        return Nearest::Enclosed(Simplex::of(&[p, q]));
    }
    let left = match unit(e.perp()) {
        Some(n) => n,
        None => return nearest_of_point(q),
    };
    // Perpendicular to the edge, on the origin's side (decided exactly).
    let direction = if side > 0.0 { left } else { -left };
    let depth = direction.dot(p.point).abs();
    Nearest::Outside {
        reduced: Simplex::of(&[p, q]),
        closest: -depth * direction,
        direction,
    }
}

fn nearest_of_triangle(p: MdVertex, q: MdVertex, r: MdVertex) -> Nearest {
    let turn = orient(p.point, q.point, r.point);
    // For each edge below, whether the origin is strictly on the triangle's side of its line.
    let mut inner = [false; 3];
    if turn != 0.0 {
        let (s, t) = if turn > 0.0 { (p, q) } else { (q, p) };
        let sides = [
            orient(t.point, r.point, DVec2::ZERO), // (q, r), or (p, r) when clockwise
            orient(r.point, s.point, DVec2::ZERO), // (p, r), or (q, r)
            orient(s.point, t.point, DVec2::ZERO), // (p, q)
        ];
        if sides.iter().all(|&x| x >= 0.0) {
            return Nearest::Enclosed(Simplex::of(&[s, t, r]));
        }
        inner = sides.map(|x| x > 0.0);
        if turn < 0.0 {
            inner.swap(0, 1);
        }
    }
    // Outside (or a flat triangle): the nearest point is on one of the edges, and not inside
    // an edge with the origin strictly on the triangle's side (its ends belong to the other
    // edges too). The edges through the newest point `r` come first, so ties keep it.
    let mut best: Option<Nearest> = None;
    for ((s, t), inner) in [(q, r), (p, r), (p, q)].into_iter().zip(inner) {
        if inner {
            continue;
        }
        let n = nearest_of_segment(s, t);
        if matches!(n, Nearest::Enclosed(_)) {
            return n;
        }
        if best.is_none_or(|b| n.distance_squared() < b.distance_squared()) {
            best = Some(n);
        }
    }
    best.expect("three edges were tried")
}

pub(crate) fn nearest_of_simplex(simplex: &[MdVertex]) -> Nearest {
    match *simplex {
        [p] => nearest_of_point(p),
        [p, q] => nearest_of_segment(p, q),
        [p, q, r] => nearest_of_triangle(p, q, r),
        _ => unreachable!("GJK keeps 1 to 3 simplex points"),
    }
}

/// The core points of A and B behind the point of `feature` (a vertex or an edge) nearest the
/// origin.
pub(crate) fn witnesses(
    a: &impl CoreShape,
    b: &impl CoreShape,
    feature: &[MdVertex],
) -> (DVec2, DVec2) {
    match *feature {
        [p] => (a.vertex(p.a), b.vertex(p.b)),
        [p, q, ..] => {
            let (_, t) = closest_on_segment(p.point, q.point, DVec2::ZERO);
            (
                a.vertex(p.a).lerp(a.vertex(q.a), t),
                b.vertex(p.b).lerp(b.vertex(q.b), t),
            )
        }
        [] => (DVec2::ZERO, DVec2::ZERO),
    }
}

/// The weights of the point `closest` on the simplex feature `feature` (see
/// [`GjkStep::weights`]): 1 for a vertex, the position along an edge (as [`witnesses`] takes
/// it), the barycentric weights for a triangle. Only the record needs them.
fn weights_of(feature: &[MdVertex], closest: DVec2) -> Vec<f64> {
    match *feature {
        [_] => vec![1.0],
        [p, q] => {
            let (_, t) = closest_on_segment(p.point, q.point, DVec2::ZERO);
            vec![1.0 - t, t]
        }
        [p, q, r] => {
            // Twice the signed areas of the triangles the point makes with each edge.
            let area = |s: DVec2, t: DVec2, u: DVec2| (t - s).perp_dot(u - s);
            let whole = area(p.point, q.point, r.point);
            let wp = area(closest, q.point, r.point) / whole;
            let wq = area(p.point, closest, r.point) / whole;
            if !(wp.is_finite() && wq.is_finite()) {
                // A triangle flat to within rounding: no weights to speak of.
                return vec![1.0 / 3.0; 3];
            }
            vec![wp, wq, 1.0 - wp - wq]
        }
        _ => Vec::new(),
    }
}

/// GJK's running lower bound as the record keeps it: `None` before the first support point.
fn known_lower(lower: f64) -> Option<f64> {
    (lower > f64::NEG_INFINITY).then_some(lower)
}

/// What GJK concluded, without the record of how ([`Gjk`] has both).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GjkOutcome {
    pub termination: GjkTermination,
    /// The final simplex: the feature nearest the origin, or (when overlapping) the simplex that
    /// encloses it — EPA's start.
    pub simplex: Simplex,
    /// The core distance; `None` when the cores overlap or touch (or a core is empty), or when
    /// GJK stopped ([`GjkTermination::NoProgress`], [`GjkTermination::OutOfIterations`]) with
    /// the distance uncertain by more than its tolerance.
    pub closest: Option<GjkDistance>,
    /// The length scale the tolerances were measured against: the scene's
    /// ([`tolerance_scale`]), or from [`gjk_from`] the largest coordinate of the vertices met.
    pub scale: f64,
}

impl GjkOutcome {
    /// A core has no vertices.
    const EMPTY: GjkOutcome = GjkOutcome {
        termination: GjkTermination::Empty,
        simplex: Simplex::EMPTY,
        closest: None,
        scale: f64::MIN_POSITIVE,
    };
}

/// Run GJK on the cores of `a` and `b` (world space; radii ignored), recording every iteration:
/// two [`super::Convex`] shapes, or shapes placed by a pose without moving their vertices
/// ([`super::support::Posed`]).
pub fn gjk(a: &impl CoreShape, b: &impl CoreShape) -> Gjk {
    let mut steps = Vec::new();
    let out = gjk_traced(a, b, &mut steps);
    Gjk::recorded(steps, out)
}

impl Gjk {
    /// The steps a run recorded and what it concluded.
    pub fn recorded(steps: Vec<GjkStep>, out: GjkOutcome) -> Gjk {
        Gjk {
            steps,
            termination: out.termination,
            simplex: out.simplex,
            closest: out.closest,
        }
    }
}

/// The distance between two shapes in world space (radii subtracted), 0 when they touch or
/// overlap and `+∞` when a core is empty: the unsigned query (parry's `distance`), by GJK alone
/// with nothing recorded. Overlapping shapes cost no EPA; [`super::epa::gjk_epa`] gives the
/// signed distance.
pub fn gjk_distance(a: &impl CoreShape, b: &impl CoreShape) -> f64 {
    unsigned_distance(a, b, gjk_traced(a, b, &mut NoTrace), || {
        super::contact(&a.as_convex(), &b.as_convex()).distance
    })
}

/// [`gjk_distance`] with GJK from `start` ([`gjk_from`]: no bounding boxes first), and `exact`
/// giving the signed distance where GJK cannot settle it: for a caller who measures the cores
/// in one frame and wants that rare answer from the shapes as it places them.
pub fn gjk_distance_or(
    a: &impl CoreShape,
    b: &impl CoreShape,
    start: DVec2,
    exact: impl FnOnce() -> f64,
) -> f64 {
    unsigned_distance(a, b, gjk_from(a, b, start), exact)
}

/// [`gjk_distance_or`] from the simplex `seed` ([`gjk_from_seed`]).
pub(crate) fn gjk_distance_from_seed_or(
    a: &impl CoreShape,
    b: &impl CoreShape,
    start: DVec2,
    seed: Simplex,
    exact: impl FnOnce() -> f64,
) -> f64 {
    unsigned_distance(a, b, gjk_from_seed(a, b, start, seed), exact)
}

/// The unsigned distance GJK's outcome `g` gives (radii subtracted), `exact`'s where it is
/// unsettled.
fn unsigned_distance(
    a: &impl CoreShape,
    b: &impl CoreShape,
    g: GjkOutcome,
    exact: impl FnOnce() -> f64,
) -> f64 {
    match g.closest {
        Some(c) => (c.distance - a.radius() - b.radius()).max(0.0),
        None => match g.termination {
            GjkTermination::Empty => f64::INFINITY,
            GjkTermination::Overlapping => 0.0,
            // Unsettled (see `GjkOutcome::closest`): the exact distance.
            _ => exact().max(0.0),
        },
    }
}

/// GJK, handing each iteration to `trace` ([`NoTrace`] for the answer
/// alone: nothing is copied or allocated).
pub fn gjk_traced<A: CoreShape, B: CoreShape>(
    a: &A,
    b: &B,
    trace: &mut impl Trace<GjkStep>,
) -> GjkOutcome {
    if a.vertex_count() == 0 || b.vertex_count() == 0 {
        return GjkOutcome::EMPTY;
    }
    // Each core's bounding box, once: it gives the scale and the start.
    let (box_a, box_b) = (a.bounds(), b.bounds());
    let scale = box_extent(box_a)
        .max(box_extent(box_b))
        .max(f64::MIN_POSITIVE);
    let mut simplex = Simplex::EMPTY;
    let start = start_direction(box_a, box_b);
    let (termination, closest, _) = gjk_run::<true, false, false, A, B>(
        a,
        b,
        &mut simplex,
        start,
        Some(scale),
        |_, _| false,
        trace,
    );
    GjkOutcome {
        termination,
        simplex,
        closest,
        scale,
    }
}

/// GJK from a seed, its tolerances measured against `scale` (at least [`tolerance_scale`]; an
/// upper bound will do), stopping early with [`GjkTermination::Bounded`] as soon as
/// `enough(lower, upper)` holds for the bounds on the core distance (checked on each simplex,
/// before its support search), and without the witness points (left at the origin): what a
/// caller that steps on the distance and the normal wants, again and again (a cast, every
/// iteration). The termination and the distance.
///
/// `simplex` is the seed and becomes the final simplex. Seeded with the MD vertices a run on
/// nearby poses ended with (Erin Catto's simplex cache in Box2D), by their vertex indices: their
/// points are recomputed at the cores' present poses, and indices out of range are dropped.
/// Where the cores are near where they were (a cast's next iteration), that saves most of the
/// walk: its feature is often still the nearest one, and one support search confirms it. With
/// no seed (or none left), the search starts at the MD's support point along `start` (towards
/// the origin from the MD: from B's middle towards A's, say).
///
/// Unlike the other runs, where its nearest point is a pair of vertices (one of each core), this
/// one looks beside the pair before it searches, on small cores: at the four MD points one
/// vertex away, taking the segment to the one that comes nearest the origin while one is
/// nearer ([`nearer_neighbour`], at most [`WALK_STEPS`] a run). After the cores turn a little, the
/// seed's nearest point is often such a pair with a side next to it now nearer; the line from
/// the pair to the origin is then a poor search direction on long, thin cores (its support
/// point is the far end of a side), where the side's normal finds it in one search. The
/// answer is the same, in fewer support searches (a unit test counts them). Not on large
/// cores, whose support searches bisect where the walk moves one vertex a step, nor with a
/// point core (a circle), whose MD is the other core seen from the point: the line from a
/// vertex to the point already leads to the nearest side. On large cores it bisects a stretch
/// of the MD whose ends share a vertex, as [`gjk_from`] does.
// (Inlined into the casts' measures with `gjk_run`: without, the rotating cast of a circle
// against a capsule takes about 3 % more instructions.)
#[inline]
pub fn gjk_bounds<A: CoreShape, B: CoreShape>(
    a: &A,
    b: &B,
    simplex: &mut Simplex,
    start: DVec2,
    scale: f64,
    enough: impl Fn(f64, f64) -> bool,
) -> (GjkTermination, Option<GjkDistance>) {
    let (termination, closest, _) =
        gjk_run::<false, true, true, A, B>(a, b, simplex, start, Some(scale), enough, &mut NoTrace);
    (termination, closest)
}

/// GJK as a query runs it, nothing recorded, starting along `start` (towards the origin from
/// the MD: from B's position towards A's, where a caller has the positions) instead of from
/// the cores' bounding boxes, and measuring its tolerances against the largest coordinate of
/// the vertices it meets instead of the cores' extent: no bound is searched for before the
/// first support point, which on large polygons cost as much as the run (eight searches). The
/// tolerances stay right: an MD point's rounding is relative to the coordinates of the two
/// vertices it is the difference of, and a tolerance tighter than the cores' extent would give
/// only holds GJK to more than it needs. The outcome's `scale` is that largest coordinate.
///
/// Unlike the recorded run, where the nearest point lies inside an edge of the simplex whose
/// ends share a vertex of one core, this one does not halve the stretch of the MD between them
/// support search by support search: the stretch is the other core's vertices, moved by that
/// one vertex, and a bisection over them finds the MD edge nearest the origin there at once
/// ([`nearest_on_arc`]), which the next support search confirms. Where both cores' vertices
/// change between the ends, one over a long chain and the other over a few vertices, the
/// bisection runs over the long chain's faces ([`nearest_on_mixed_arc`]), and where the
/// stretch shows the origin inside the MD, GJK is handed a triangle of its points that
/// encloses it. That is most of the walk for a small core against a large polygon (each
/// search halves a stretch of the large polygon's vertices); the answer is GJK's own (unit
/// tests compare them).
pub fn gjk_from<A: CoreShape, B: CoreShape>(a: &A, b: &B, start: DVec2) -> GjkOutcome {
    gjk_from_seed(a, b, start, Simplex::EMPTY)
}

/// [`gjk_from`] from the simplex `seed`: the MD's support point along `start` where the
/// caller has searched for it already ([`md_support`]), which makes the same run without that
/// first search.
// (Always inlined: [`gjk_from`]'s empty seed then costs nothing over a run without one.)
#[inline(always)]
pub(crate) fn gjk_from_seed<A: CoreShape, B: CoreShape>(
    a: &A,
    b: &B,
    start: DVec2,
    seed: Simplex,
) -> GjkOutcome {
    if a.vertex_count() == 0 || b.vertex_count() == 0 {
        return GjkOutcome::EMPTY;
    }
    let mut simplex = seed;
    let start = nonzero_direction(start);
    let (termination, closest, scale) = gjk_run::<true, false, true, A, B>(
        a,
        b,
        &mut simplex,
        start,
        None,
        |_, _| false,
        &mut NoTrace,
    );
    GjkOutcome {
        termination,
        simplex,
        closest,
        scale,
    }
}

/// `dir` for a first support search, or any direction where it is zero (two bodies at the same
/// position, whose line is the start of [`gjk_from`] and of the linear cast's ray cast).
pub(crate) fn nonzero_direction(dir: DVec2) -> DVec2 {
    if dir == DVec2::ZERO {
        DVec2::X
    } else {
        dir
    }
}

/// The cosine of the largest turn from GJK's start direction for which the support after the
/// seed's is searched for near the seed's vertices (about 11°).
const NEAR_TURN: f64 = 0.98;

/// Whether `to` is within [`NEAR_TURN`] of `from`'s direction (squared: no square roots).
#[inline]
fn turned_little(from: DVec2, to: DVec2) -> bool {
    let along = from.dot(to);
    along > 0.0
        && along * along > NEAR_TURN * NEAR_TURN * from.length_squared() * to.length_squared()
}

/// How many steps at most [`gjk_bounds`] takes beside its nearest vertices ([`nearer_neighbour`])
/// in one run: enough to reach a side a few vertices away on a small core; past them the
/// support searches go on as ever.
const WALK_STEPS: usize = 8;

/// Of the MD points one vertex away from `p` (a neighbour of A's vertex with B's, or of B's
/// with A's), the one whose segment from `p` comes nearest the origin, if nearer than `p`:
/// where GJK's nearest point is a pair of vertices, the line from it to the origin is a poor
/// search direction on long, thin cores (the support it finds is often the far end of a side),
/// and the nearest features are mostly a side beside the pair.
#[inline(never)]
fn nearer_neighbour(a: &impl CoreShape, b: &impl CoreShape, p: &MdVertex) -> Option<MdVertex> {
    let (na, nb) = (a.vertex_count(), b.vertex_count());
    let mut best: Option<(f64, MdVertex)> = None;
    let here = p.point.length_squared();
    let mut consider = |q: MdVertex| {
        let e = q.point - p.point;
        let along = -p.point.dot(e);
        if along <= 0.0 {
            return;
        }
        let ee = e.length_squared();
        let d2 = if along >= ee {
            q.point.length_squared()
        } else {
            here - along * along / ee
        };
        if d2 < here && best.is_none_or(|(b, _)| d2 < b) {
            best = Some((d2, q));
        }
    };
    if na > 2 {
        let w = b.vertex(p.b);
        let (before, after) = around(p.a, na);
        for i in [before, after] {
            consider(MdVertex {
                point: w - a.vertex(i),
                a: i,
                b: p.b,
            });
        }
    }
    if nb > 2 {
        let u = a.vertex(p.a);
        let (before, after) = around(p.b, nb);
        for j in [before, after] {
            consider(MdVertex {
                point: b.vertex(j) - u,
                a: p.a,
                b: j,
            });
        }
    }
    best.map(|(_, q)| q)
}

/// The fewest edges a stretch of the MD worth a bisection has ([`nearest_on_arc`]): on two or
/// three, GJK's support searches find the MD edge in one or two steps, each on an arc as short.
const LONG_ARC: usize = 4;

/// A stretch of the core MD's boundary, counter-clockwise from MD vertex `from` to MD vertex
/// `to`, along which one core's vertex stays the same: the other core's vertices between
/// theirs, moved by it.
///
/// Counter-clockwise along the MD's boundary each core's vertex moves on counter-clockwise (as
/// [`md_support_between`] has it), so where the two ends share a vertex of one core (their
/// directions both in its normal cone, and so everything between), the stretch between them is
/// that vertex against the other core's chain.
pub(crate) struct SharedArc<'c, A: CoreShape, B: CoreShape> {
    a: &'c A,
    b: &'c B,
    from: MdVertex,
    /// How many edges the stretch has (one at least).
    pub(crate) len: usize,
    /// The shared vertex (A's when `shared_a`, else B's), in world space.
    shared: DVec2,
    shared_a: bool,
}

impl<'c, A: CoreShape, B: CoreShape> SharedArc<'c, A, B> {
    /// The stretch counter-clockwise from `from` to `to`, when they share a vertex of a core and
    /// it has [`LONG_ARC`] edges at least.
    #[inline]
    fn between(a: &'c A, b: &'c B, from: &MdVertex, to: &MdVertex) -> Option<Self> {
        Self::of(a, b, from, to).filter(|arc| arc.len >= LONG_ARC)
    }

    /// The stretch counter-clockwise from `from` to `to`, when they share a vertex of a core
    /// (and are not the same point).
    #[inline]
    pub(crate) fn of(a: &'c A, b: &'c B, from: &MdVertex, to: &MdVertex) -> Option<Self> {
        let (shared_a, len) = if from.a == to.a {
            (true, steps(from.b, to.b, b.vertex_count()))
        } else if from.b == to.b {
            (false, steps(from.a, to.a, a.vertex_count()))
        } else {
            return None;
        };
        if len == 0 {
            return None;
        }
        let shared = if shared_a {
            a.vertex(from.a)
        } else {
            b.vertex(from.b)
        };
        Some(SharedArc {
            a,
            b,
            from: *from,
            len,
            shared,
            shared_a,
        })
    }

    /// The MD vertex `k` steps along (`from` at 0, `to` at `len`), as [`md_support`] makes it.
    #[inline]
    pub(crate) fn point(&self, k: usize) -> MdVertex {
        if self.shared_a {
            let j = on(self.from.b, k, self.b.vertex_count());
            MdVertex {
                point: self.b.vertex(j) - self.shared,
                a: self.from.a,
                b: j,
            }
        } else {
            let i = on(self.from.a, k, self.a.vertex_count());
            MdVertex {
                point: self.shared - self.a.vertex(i),
                a: i,
                b: self.from.b,
            }
        }
    }
}

/// Whether MD points `p` and `q` share a vertex of one core while the other's are [`LONG_ARC`]
/// steps apart at least, either way round the cycle: a cheap test before [`nearest_on_arc`]
/// works out the stretch between them.
#[inline]
fn spans_long_arc(p: &MdVertex, q: &MdVertex, na: usize, nb: usize) -> bool {
    (p.a == q.a && apart(p.b, q.b, nb) >= LONG_ARC)
        || (p.b == q.b && apart(p.a, q.a, na) >= LONG_ARC)
}

/// Where GJK's nearest point (`closest`) lies inside an edge of its simplex whose ends share a
/// vertex of one core, the MD edge nearer the origin on `arc`, the stretch of the MD between
/// those ends (from `p` to `q` below, as [`nearest_on_stretch`] orders them), if there is one:
/// in one bisection where each of GJK's iterations would halve the stretch.
///
/// The MD points nearest the origin lie on the MD's boundary between `p` and `q`, on the
/// origin's side of the edge (the part of the MD beyond the edge's line is farther than the
/// edge's nearest point). Along the part of that chain that faces the origin (the origin
/// beyond each point's supporting line) the distance from the origin falls and then rises, so
/// the first of its edges at whose end it no longer falls holds the nearest point. Where the
/// search is misled (a stretch that begins on a side turned away from the origin, or rounding),
/// nothing is lost: the edge found is taken only when it comes strictly nearer the origin than
/// `p`–`q` does, and GJK goes on from it as from any simplex, its next support point confirming
/// it or the walk going on, so the answer is GJK's own.
#[inline]
fn nearest_on_arc<A: CoreShape, B: CoreShape>(
    arc: &SharedArc<'_, A, B>,
    closest: DVec2,
) -> Option<Simplex> {
    // The first edge of the chain at whose end the distance no longer falls.
    let lo = first_not(arc.len - 1, |k| falls(&arc.point(k), &arc.point(k + 1)));
    if_nearer(arc.point(lo), arc.point(lo + 1), closest)
}

/// The most edges the short chain of a [`MixedArc`] may have.
const SHORT_ARC: usize = 4;

/// A stretch of the core MD's boundary, counter-clockwise from MD vertex `from` to MD vertex
/// `to`, along which both cores' vertices move on: one core's chain of [`LONG_ARC`] edges or
/// more (the long one), the other's of at most [`SHORT_ARC`] (a small core's, mostly).
///
/// Each edge of the long chain is a face of the MD, moved by the short chain's vertex farthest
/// against its outward normal (the support there, as [`md_support`] would find it); between
/// two such faces, the short chain's edges at the long chain's vertex they share. A bisection
/// over the long chain's edges alone, each measured against the few vertices of the short
/// chain, finds the MD faces nearest the origin as [`SharedArc`]'s does.
struct MixedArc<'c, A: CoreShape, B: CoreShape> {
    a: &'c A,
    b: &'c B,
    /// Whether the long chain is B's.
    long_b: bool,
    /// The long chain's first vertex, its core's vertex count, and how many edges it has.
    long_from: usize,
    long_n: usize,
    len: usize,
    /// The short chain's vertices, from `from`'s on, in world space, and their indices.
    short: [DVec2; SHORT_ARC + 1],
    short_index: [usize; SHORT_ARC + 1],
    /// How many of them there are.
    short_count: usize,
}

impl<'c, A: CoreShape, B: CoreShape> MixedArc<'c, A, B> {
    /// The stretch counter-clockwise from `from` to `to`, when each core's vertex changes along
    /// it, one over [`LONG_ARC`] edges at least and the other over [`SHORT_ARC`] at most.
    #[inline]
    fn between(a: &'c A, b: &'c B, from: &MdVertex, to: &MdVertex) -> Option<Self> {
        let (na, nb) = (a.vertex_count(), b.vertex_count());
        let (sa, sb) = (steps(from.a, to.a, na), steps(from.b, to.b, nb));
        let long_b = sb >= sa;
        let (len, short, long_from, long_n) = if long_b {
            (sb, sa, from.b, nb)
        } else {
            (sa, sb, from.a, na)
        };
        if short == 0 || short > SHORT_ARC || len < LONG_ARC {
            return None;
        }
        let mut arc = MixedArc {
            a,
            b,
            long_b,
            long_from,
            long_n,
            len,
            short: [DVec2::ZERO; SHORT_ARC + 1],
            short_index: [0; SHORT_ARC + 1],
            short_count: short + 1,
        };
        for k in 0..=short {
            let (i, v) = if long_b {
                let i = on(from.a, k, na);
                (i, a.vertex(i))
            } else {
                let i = on(from.b, k, nb);
                (i, b.vertex(i))
            };
            arc.short_index[k] = i;
            arc.short[k] = v;
        }
        Some(arc)
    }

    /// The long chain's vertex `k` steps along: its index, and where it is (world space).
    #[inline(always)]
    fn long(&self, k: usize) -> (usize, DVec2) {
        let j = on(self.long_from, k, self.long_n);
        let v = if self.long_b {
            self.b.vertex(j)
        } else {
            self.a.vertex(j)
        };
        (j, v)
    }

    /// The MD point of the long chain's vertex `(j, at)` and the short chain's vertex `i`.
    #[inline(always)]
    fn point(&self, (j, at): (usize, DVec2), i: usize) -> MdVertex {
        if self.long_b {
            MdVertex {
                point: at - self.short[i],
                a: self.short_index[i],
                b: j,
            }
        } else {
            MdVertex {
                point: self.short[i] - at,
                a: j,
                b: self.short_index[i],
            }
        }
    }

    /// The MD face on the long chain's edge `k`: its two MD points, and the short chain's
    /// vertex it is moved by (the first farthest against the edge's outward normal).
    #[inline(always)]
    fn face(&self, k: usize) -> (MdVertex, MdVertex, usize) {
        let (u, w) = (self.long(k), self.long(k + 1));
        // The outward normal of a counter-clockwise core's edge: the edge turned clockwise.
        let out = DVec2::new(w.1.y - u.1.y, u.1.x - w.1.x);
        let mut best = (0, out.dot(self.short[0]));
        for i in 1..self.short_count {
            let x = out.dot(self.short[i]);
            if x < best.1 {
                best = (i, x);
            }
        }
        let i = best.0;
        (self.point(u, i), self.point(w, i), i)
    }
}

/// The steps between indices `i` and `j` of a cycle of `n`, the nearer way round.
#[inline]
fn apart(i: usize, j: usize, n: usize) -> usize {
    let d = i.abs_diff(j);
    d.min(n - d)
}

/// Whether MD points `p` and `q` differ in both cores' vertices, one core's [`LONG_ARC`] steps
/// apart at least and the other's [`SHORT_ARC`] at most, the nearer way round each cycle: a
/// cheap test before [`nearest_on_mixed_arc`] works out the stretch between them.
#[inline]
fn spans_mixed_arc(p: &MdVertex, q: &MdVertex, na: usize, nb: usize) -> bool {
    let (da, db) = (apart(p.a, q.a, na), apart(p.b, q.b, nb));
    let (long, short) = (da.max(db), da.min(db));
    short > 0 && short <= SHORT_ARC && long >= LONG_ARC
}

/// [`nearest_on_arc`] where both cores' vertices change between `p` and `q` ([`MixedArc`]): the
/// bisection runs over the long chain's faces, and the nearest MD edge is the first face, of
/// the one found and the short chain's edges just before it, at whose end the distance no
/// longer falls. Taken, as there, only when strictly nearer than `p`–`q`'s nearest point, and
/// only when the origin lies outside the face's line (the face, an MD face, then shows a gap).
///
/// Where it lies inside instead, the cores mostly overlap, and the search has bracketed the
/// origin: between the chord from `to` to `from` and the face from `s` to `t`. Inside the
/// stretch's other two sides as well (`from` to `s`, `t` to `to`), it lies inside those four
/// MD points, in one of the two triangles their diagonal from `from` to `t` makes, and that
/// triangle goes to GJK, whose next look finds it enclosed (or, where rounding decides
/// otherwise, goes on from it). Any face the bisection looks at may bracket it so, and the
/// search stops at the first that does: on deep overlaps mostly the first, halfway along.
#[inline]
fn nearest_on_mixed_arc<A: CoreShape, B: CoreShape>(
    arc: &MixedArc<'_, A, B>,
    (from, to): (&MdVertex, &MdVertex),
    closest: DVec2,
) -> Option<Simplex> {
    // The origin strictly left of `u` → `w` (on the inner side of the MD's counter-clockwise
    // edges), or strictly right.
    let left = |u: &MdVertex, w: &MdVertex| (w.point - u.point).perp_dot(-u.point) > 0.0;
    let right = |u: &MdVertex, w: &MdVertex| (w.point - u.point).perp_dot(-u.point) < 0.0;
    // A face with the origin not outside its line, where the origin lies inside the stretch's
    // other sides to it too (see above).
    let brackets = |s: &MdVertex, t: &MdVertex| !right(s, t) && left(from, s) && left(t, to);
    // The first face of the long chain at whose end the distance no longer falls, unless a
    // face looked at on the way brackets the origin already (as the first mostly does where
    // the cores overlap deeply).
    let (mut lo, mut hi) = (0, arc.len - 1);
    while lo < hi {
        let mid = (lo + hi) / 2;
        let (s, t, _) = arc.face(mid);
        if brackets(&s, &t) {
            return Some(enclosing_triangle(from, &s, &t, to));
        }
        if falls(&s, &t) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let (s, t, i) = arc.face(lo);
    // The short chain's edges at the long chain's vertex `lo`, between the face before and
    // this one: the first at whose end the distance no longer falls, if one does not.
    let before = if lo == 0 { 0 } else { arc.face(lo - 1).2 };
    let corner = arc.long(lo);
    let mut found = (s, t);
    for j in before..i {
        let (u, w) = (arc.point(corner, j), arc.point(corner, j + 1));
        if !falls(&u, &w) {
            found = (u, w);
            break;
        }
    }
    let (s, t) = found;
    // An MD face with the origin not outside its line: no gap shown (see above).
    if !right(&s, &t) {
        return brackets(&s, &t).then(|| enclosing_triangle(from, &s, &t, to));
    }
    if_nearer(s, t, closest)
}

/// The triangle of MD points `from`, `s`, `t`, `to` (counter-clockwise) that holds the origin,
/// which lies inside the four (see [`nearest_on_mixed_arc`]): the two triangles their diagonal
/// from `from` to `t` makes, on its right and on its left.
#[cold]
#[inline(never)]
fn enclosing_triangle(from: &MdVertex, s: &MdVertex, t: &MdVertex, to: &MdVertex) -> Simplex {
    if (t.point - from.point).perp_dot(-from.point) > 0.0 {
        Simplex::of(&[*from, *t, *to])
    } else {
        Simplex::of(&[*from, *s, *t])
    }
}

/// GJK's jump from its simplex edge `p`–`q` (nearest point `closest`, looking along `dir`
/// towards the origin) to an MD edge nearer on the stretch between them, or to a triangle of
/// its points enclosing the origin: [`nearest_on_arc`] where the ends share a vertex of one
/// core, [`nearest_on_mixed_arc`] while `mixed` (cleared once it finds nothing). Out of line:
/// small cores never jump, and their runs stay as short as they were.
#[inline(never)]
fn nearest_on_stretch(
    a: &impl CoreShape,
    b: &impl CoreShape,
    dir: DVec2,
    p: &MdVertex,
    q: &MdVertex,
    closest: DVec2,
    mixed: &mut bool,
) -> Option<Simplex> {
    let (na, nb) = (a.vertex_count(), b.vertex_count());
    let (from, to) = counter_clockwise(p, q, dir);
    if spans_long_arc(p, q, na, nb) {
        nearest_on_arc(&SharedArc::between(a, b, from, to)?, closest)
    } else if *mixed && spans_mixed_arc(p, q, na, nb) {
        let found = MixedArc::between(a, b, from, to)
            .and_then(|arc| nearest_on_mixed_arc(&arc, (from, to), closest));
        *mixed = found.is_some();
        found
    } else {
        None
    }
}

/// Whether the distance from the origin still falls at `t`, the end of the MD edge from `s`.
#[inline(always)]
fn falls(s: &MdVertex, t: &MdVertex) -> bool {
    (t.point - s.point).dot(t.point) < 0.0
}

/// The ends of GJK's simplex edge `p`–`q`, whose nearest point looks along `dir` towards the
/// origin, in the counter-clockwise order of the MD's boundary between them on the origin's
/// side (see [`md_support_beyond_edge`]).
#[inline]
pub(crate) fn counter_clockwise<'p>(
    p: &'p MdVertex,
    q: &'p MdVertex,
    dir: DVec2,
) -> (&'p MdVertex, &'p MdVertex) {
    if (q.point - p.point).perp_dot(dir) < 0.0 {
        (p, q)
    } else {
        (q, p)
    }
}

/// The MD edge from `s` to `t` as GJK's simplex, where it comes strictly nearer the origin
/// than `closest` (or holds it).
#[inline]
fn if_nearer(s: MdVertex, t: MdVertex, closest: DVec2) -> Option<Simplex> {
    let nearer = match nearest_of_segment(s, t) {
        Nearest::Enclosed(_) => true,
        Nearest::Outside { closest: c, .. } => c.length_squared() < closest.length_squared(),
    };
    nearer.then(|| Simplex::of(&[s, t]))
}

/// GJK from the seed `simplex` (along `start` when empty), as [`gjk_bounds`], handing each
/// iteration to `trace` and with the witness points when `WITNESSES`. [`gjk_traced`] is this
/// from the bounding boxes' middles, with their scale, no early stop and the witnesses.
// (Inlined into its callers, as the compiler did before the bisections moved out of line:
// the rotating cast's measure of small cores calls it most.)
#[inline(always)]
fn gjk_run<
    const WITNESSES: bool,
    const WALK: bool,
    const JUMP: bool,
    A: CoreShape,
    B: CoreShape,
>(
    a: &A,
    b: &B,
    simplex: &mut Simplex,
    start: DVec2,
    scale: Option<f64>,
    enough: impl Fn(f64, f64) -> bool,
    trace: &mut impl Trace<GjkStep>,
) -> (GjkTermination, Option<GjkDistance>, f64) {
    if a.vertex_count() == 0 || b.vertex_count() == 0 {
        *simplex = Simplex::EMPTY;
        return (
            GjkTermination::Empty,
            None,
            scale.unwrap_or(f64::MIN_POSITIVE),
        );
    }
    // Without a scale, the largest coordinate of the vertices met (see `gjk_from`), grown as
    // each support point comes.
    let lazy = scale.is_none();
    let mut scale = scale.unwrap_or(f64::MIN_POSITIVE);
    // The seed's points at the present poses, in place; those out of range dropped.
    let (na, nb) = (a.vertex_count(), b.vertex_count());
    let mut kept = 0;
    for i in 0..simplex.len {
        let p = simplex.points[i];
        if p.a < na && p.b < nb {
            simplex.points[kept] = MdVertex {
                point: b.vertex(p.b) - a.vertex(p.a),
                ..p
            };
            kept += 1;
        }
    }
    simplex.len = kept;
    // The walk beside the nearest vertices (`nearer_neighbour`, see `gjk_bounds`): on small
    // cores, neither one a point.
    let mut walks = if WALK && na.min(nb) > 1 && na.max(nb) > 2 && na.max(nb) < BISECT_FROM {
        WALK_STEPS
    } else {
        0
    };
    // The bisection over a stretch of the MD whose ends share a vertex (`nearest_on_arc`, see
    // `gjk_from`): where a core is large enough to be searched by bisection (on small ones a
    // support search is a scan of a few vertices, and the stretches are short).
    let jumps = JUMP && na.max(nb) >= BISECT_FROM;
    // The bisection over a stretch where both cores' vertices move (`nearest_on_mixed_arc`),
    // until it once finds nothing to go to: the stretch not as the quick test saw it, or no
    // nearer face (the support searches go on better from there).
    let mut mixed = jumps;
    if simplex.is_empty() {
        simplex.push(md_support(a, b, start));
    }
    if lazy {
        for p in simplex.iter() {
            scale = scale.max(vertices_extent(a, b, p));
        }
    }
    let mut tol = GJK_GAP_RELATIVE * scale;
    let mut touch = GJK_TOUCH_RELATIVE * scale;
    // The nearest simplex feature so far, (closest, direction): when the loop stops, the
    // feature is `simplex`, reduced to it, or (with the support point of the last pass pushed
    // on it) `simplex` less its newest point.
    let mut best: Option<(DVec2, DVec2)> = None;
    let mut termination = GjkTermination::OutOfIterations;
    // The best lower bound on the distance so far, |v| less the last support's gap, and its
    // axis (from A towards B).
    let mut lower = f64::NEG_INFINITY;
    let mut lower_normal = DVec2::X;

    for _ in 0..GJK_MAX_ITERATIONS {
        let nearest = nearest_of_simplex(simplex);
        let touching = match nearest {
            Nearest::Enclosed(enclosing) => Some((enclosing, DVec2::ZERO)),
            Nearest::Outside {
                reduced, closest, ..
            } if closest.length() <= touch => Some((reduced, closest)),
            Nearest::Outside { .. } => None,
        };
        if let Some((enclosing, closest)) = touching {
            trace.record(|| GjkStep {
                simplex: simplex.to_vec(),
                reduced: enclosing.to_vec(),
                closest,
                direction: None,
                support: None,
                gap: None,
                weights: weights_of(&enclosing, closest),
                best_lower_bound: known_lower(lower),
            });
            *simplex = enclosing;
            return (GjkTermination::Overlapping, None, scale);
        }
        let Nearest::Outside {
            reduced,
            closest,
            direction,
        } = nearest
        else {
            unreachable!("the enclosed case returned above");
        };
        let upper = closest.length();
        if enough(lower, upper) {
            *simplex = reduced;
            best = Some((closest, direction));
            termination = GjkTermination::Bounded;
            break;
        }
        if let Some((best_closest, _)) = &best {
            if closest.length_squared() >= best_closest.length_squared() {
                trace.record(|| GjkStep {
                    simplex: simplex.to_vec(),
                    reduced: reduced.to_vec(),
                    closest,
                    direction: Some(direction),
                    support: None,
                    gap: None,
                    weights: weights_of(&reduced, closest),
                    best_lower_bound: known_lower(lower),
                });
                simplex.pop();
                termination = GjkTermination::NoProgress;
                break;
            }
        }
        // Nearest at a pair of vertices: a side beside them first, where one is nearer (see
        // `nearer_neighbour`). Only after progress was made, so that a run that stops for the
        // lack of it still ends on its best feature.
        if walks > 0 {
            if let [p] = *reduced {
                if let Some(q) = nearer_neighbour(a, b, &p) {
                    walks -= 1;
                    *simplex = Simplex::of(&[p, q]);
                    continue;
                }
            }
        }
        // Nearest inside an edge: the MD edge nearest on the stretch between its ends at once,
        // where one core's vertex stays the same along it, or moves over a few (see
        // `gjk_from`), or a triangle of the stretch's points enclosing the origin.
        if let [p, q] = *reduced {
            let nearer = if jumps {
                nearest_on_stretch(a, b, direction, &p, &q, closest, &mut mixed)
            } else {
                None
            };
            if let Some(nearer) = nearer {
                best = Some((closest, direction));
                *simplex = nearer;
                continue;
            }
        }
        let w = match *reduced {
            [p, q] => md_support_beyond_edge(a, b, direction, &p, &q),
            // Nearest at a pair of vertices: the support is mostly near them (a climb from
            // each, which gives way to the bisection if it goes far), but for the seed's only
            // where the direction back to the origin turned little from the start's. (Small
            // cores are scanned either way.)
            [p] if na.max(nb) >= BISECT_FROM
                && (best.is_some() || turned_little(start, direction)) =>
            {
                md_support_between(a, b, direction, &p, &p)
            }
            _ => md_support(a, b, direction),
        };
        if lazy {
            scale = scale.max(vertices_extent(a, b, &w));
            (tol, touch) = (GJK_GAP_RELATIVE * scale, GJK_TOUCH_RELATIVE * scale);
        }
        let gap = direction.dot(w.point) - direction.dot(closest);
        if upper - gap > lower {
            (lower, lower_normal) = (upper - gap, -direction);
        }
        trace.record(|| GjkStep {
            simplex: simplex.to_vec(),
            reduced: reduced.to_vec(),
            closest,
            direction: Some(direction),
            support: Some(w),
            gap: Some(gap),
            weights: weights_of(&reduced, closest),
            best_lower_bound: known_lower(lower),
        });
        let known = reduced.iter().any(|p| same_point(p, &w));
        *simplex = reduced;
        best = Some((closest, direction));
        if known || gap <= tol {
            termination = GjkTermination::Converged;
            break;
        }
        simplex.push(w);
    }
    if termination == GjkTermination::OutOfIterations {
        simplex.pop();
    }

    let (_, direction) = best.expect("the first iteration always records a feature");
    let reduced = &*simplex;
    let (point_a, point_b) = if WITNESSES {
        witnesses(a, b, reduced)
    } else {
        (DVec2::ZERO, DVec2::ZERO)
    };
    let distance = {
        // |v| along the exact direction (see `nearest_of_segment`), robust for tiny v.
        let v = match **reduced {
            [p] => p.point,
            [p, _] => p.point,
            _ => DVec2::ZERO,
        };
        (-direction.dot(v)).max(0.0)
    };
    // Stopped by rounding or the iteration limit with the distance still uncertain by more
    // than the tolerance (on an MD flat to within rounding, a support far along it can fail to
    // shorten |v|): no distance, and the callers measure exactly.
    let unsettled = !matches!(
        termination,
        GjkTermination::Converged | GjkTermination::Bounded
    ) && distance - lower > tol;
    let closest = (!unsettled).then_some(GjkDistance {
        distance,
        normal: -direction,
        point_a,
        point_b,
        lower: lower.min(distance),
        lower_normal,
    });
    (termination, closest, scale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::{boxed, capsule, near, near_v, XorShift};
    use crate::geometry::{Convex, Pose};

    #[test]
    fn unit_boxes_three_apart_along_x() {
        // A = [−1, 1]², B = [2, 4] × [−1, 1]: the facing sides are x = 1 and x = 2, so the core
        // distance is 1 along +x.
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = boxed(1.0, 1.0, 3.0, 0.0, 0.0);
        let g = gjk(&a, &b);
        assert_eq!(g.termination, GjkTermination::Converged);
        let c = g.closest.unwrap();
        assert!(near(c.distance, 1.0), "{c:?}");
        assert!(near_v(c.normal, DVec2::X), "{c:?}");
        assert!(near(c.point_a.x, 1.0) && near(c.point_b.x, 2.0), "{c:?}");
        assert!(
            near_v(c.point_b - c.point_a, c.distance * c.normal),
            "{c:?}"
        );
        assert!(!g.steps.is_empty());
    }

    #[test]
    fn box_corner_to_corner_diagonal() {
        // B's lower-left corner (2, 2) faces A's upper-right corner (1, 1): distance √2.
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = boxed(1.0, 1.0, 3.0, 3.0, 0.0);
        let c = gjk(&a, &b).closest.unwrap();
        assert!(near(c.distance, 2f64.sqrt()), "{c:?}");
        assert!(near_v(c.normal, DVec2::ONE.normalize()), "{c:?}");
        assert!(near_v(c.point_a, DVec2::ONE) && near_v(c.point_b, DVec2::splat(2.0)));
    }

    #[test]
    fn two_points_are_their_distance_apart() {
        // Circle cores: the MD is one point, found at once; the next support repeats it.
        let a = Convex::circle(DVec2::ZERO, 1.0);
        let b = Convex::circle(DVec2::new(3.0, 4.0), 1.0);
        let g = gjk(&a, &b);
        assert_eq!(g.termination, GjkTermination::Converged);
        assert_eq!(g.steps.len(), 1);
        let c = g.closest.unwrap();
        assert!(near(c.distance, 5.0) && near_v(c.normal, DVec2::new(0.6, 0.8)));
    }

    #[test]
    fn capsule_core_above_a_box() {
        // Capsule core from (−1, 3) to (1, 3) over the unit box: core distance 2, straight up.
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = capsule(1.0, 0.5, 0.0, 3.0, 0.0);
        let c = gjk(&a, &b).closest.unwrap();
        assert!(near(c.distance, 2.0) && near_v(c.normal, DVec2::Y), "{c:?}");
        assert!(near(c.point_a.y, 1.0) && near(c.point_b.y, 3.0), "{c:?}");
    }

    #[test]
    fn overlap_and_touch_hand_over_an_enclosing_simplex() {
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        for b in [
            boxed(1.0, 1.0, 1.5, 0.3, 0.0),
            boxed(1.0, 1.0, 2.0, 0.5, 0.0),
        ] {
            let g = gjk(&a, &b);
            assert_eq!(g.termination, GjkTermination::Overlapping, "{g:?}");
            assert!(g.closest.is_none());
            assert!(g.steps.last().unwrap().direction.is_none());
            assert!(!g.simplex.is_empty() && g.simplex.len() <= 3);
        }
    }

    #[test]
    fn point_inside_a_polygon_is_overlapping() {
        let a = boxed(2.0, 1.0, 0.0, 0.0, 30.0);
        let b = Convex::circle(DVec2::new(0.3, 0.2), 0.0);
        assert_eq!(gjk(&a, &b).termination, GjkTermination::Overlapping);
        // The same point outside: distance to the rotated box's side.
        let far = Convex::circle(DVec2::new(0.0, 5.0), 0.0);
        let c = gjk(&a, &far).closest.unwrap();
        let exact = crate::geometry::contact(&a, &far);
        assert!(near(c.distance, exact.distance) && near_v(c.normal, exact.normal));
    }

    #[test]
    fn empty_core_stops_at_once() {
        let a = Convex::new(vec![], 0.0);
        let g = gjk(&a, &Convex::circle(DVec2::ZERO, 1.0));
        assert_eq!(g.termination, GjkTermination::Empty);
        assert!(g.closest.is_none() && g.steps.is_empty());
    }

    #[test]
    fn nearly_touching_edge_keeps_the_edge_normal() {
        // Rotated boxes whose faces are 1e-15 apart: the normal is the faces' normal, not the
        // direction of a vector made of rounding noise.
        let n = DVec2::from_angle(0.7);
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.7f64.to_degrees());
        let b = boxed(1.0, 1.0, 0.0, 0.0, 0.7f64.to_degrees());
        let b = Convex::new(
            b.vertices
                .iter()
                .map(|v| *v + n * (2.0 + 1e-15) + n.perp() * 0.5)
                .collect(),
            0.0,
        );
        let g = gjk(&a, &b);
        if let Some(c) = g.closest {
            assert!((c.normal - n).length() < 1e-9, "{c:?}");
            assert!(c.distance < 1e-14, "{c:?}");
        } else {
            assert_eq!(g.termination, GjkTermination::Overlapping);
        }
    }

    /// Assorted pairs for the record's checks: boxes, polygons, capsules and points, apart,
    /// touching and overlapping.
    fn assorted_pairs() -> Vec<(Convex, Convex)> {
        use crate::geometry::testing::regular_polygon;
        let mut pairs = Vec::new();
        for k in 0..120 {
            let f = k as f64;
            let (x, y) = (3.0 * (f * 0.37).cos(), 2.5 * (f * 0.23).sin());
            let a = boxed(1.0, 0.4 + (f * 0.7).sin().abs(), 0.0, 0.0, f * 11.0);
            pairs.push((a.clone(), boxed(0.6, 0.9, x, y, f * 7.0)));
            pairs.push((
                a.clone(),
                regular_polygon(3 + k % 9, 1.1, DVec2::new(y, x), f),
            ));
            pairs.push((a, capsule(1.2, 0.3, x * 0.8, y, f * 5.0)));
            pairs.push((
                Convex::circle(DVec2::new(x, y), 0.5),
                capsule(1.0, 0.2, 0.0, 0.0, f * 3.0),
            ));
        }
        pairs
    }

    /// The record's weights put `v` (and the origin, enclosed) on the kept feature, and give
    /// the witness points GJK answers with; the lower bound it keeps never falls, stays below
    /// the exact core distance, and `|v|` stays above it.
    #[test]
    fn the_records_weights_and_lower_bound_hold() {
        use crate::geometry::contact;
        for (a, b) in assorted_pairs() {
            let g = gjk(&a, &b);
            let core = |c: &Convex| Convex::new(c.vertices.clone(), 0.0);
            let exact = contact(&core(&a), &core(&b)).distance.max(0.0);
            let mut last_lower = f64::NEG_INFINITY;
            for s in &g.steps {
                assert_eq!(s.weights.len(), s.reduced.len(), "{s:?}");
                let sum: f64 = s.weights.iter().sum();
                assert!((sum - 1.0).abs() < 1e-9, "{s:?}");
                assert!(s.weights.iter().all(|w| *w >= -1e-9), "{s:?}");
                let at: DVec2 = s
                    .reduced
                    .iter()
                    .zip(&s.weights)
                    .map(|(p, w)| p.point * *w)
                    .sum();
                assert!((at - s.closest).length() < 1e-9, "{at} {s:?}");
                let lower = s.best_lower_bound.unwrap_or(f64::NEG_INFINITY);
                assert!(lower >= last_lower, "{s:?}");
                last_lower = lower;
                assert!(lower <= exact + 1e-9, "{lower} > {exact}: {s:?}");
                assert!(s.closest.length() >= exact - 1e-9, "{s:?}");
                assert!(s.support.is_none() || s.best_lower_bound.is_some(), "{s:?}");
            }
            if let (Some(c), Some(s)) = (g.closest, g.steps.last()) {
                let (pa, pb) = s
                    .reduced
                    .iter()
                    .zip(&s.weights)
                    .fold((DVec2::ZERO, DVec2::ZERO), |(pa, pb), (p, w)| {
                        (pa + a.vertices[p.a] * *w, pb + b.vertices[p.b] * *w)
                    });
                assert!((pa - c.point_a).length() < 1e-9, "{pa} {c:?}");
                assert!((pb - c.point_b).length() < 1e-9, "{pb} {c:?}");
                assert_eq!(s.best_lower_bound.map(|l| l.min(c.distance)), Some(c.lower));
            }
        }
    }

    /// A seeded, bounded run on polygons a little moved from where a full run ended: without an
    /// early stop it lands on the full run's distance; with one, its bounds hold the exact
    /// distance, and B lies at least `lower` beyond A along `lower_normal`.
    #[test]
    fn a_seeded_run_on_moved_cores_keeps_its_bounds() {
        use crate::geometry::contact;
        let gap_along = |a: &Convex, b: &Convex, n: DVec2| {
            let lowest_b = b
                .vertices
                .iter()
                .map(|v| n.dot(*v))
                .fold(f64::INFINITY, f64::min);
            let highest_a = a
                .vertices
                .iter()
                .map(|v| n.dot(*v))
                .fold(f64::NEG_INFINITY, f64::max);
            lowest_b - highest_a
        };
        let mut checked = 0;
        for k in 0..400 {
            let f = k as f64;
            let a = boxed(1.0, 0.3 + (f * 0.37).sin().abs(), 0.0, 0.0, f * 7.0);
            let (x, y) = (3.0 * (f * 0.11).cos(), 3.0 * (f * 0.11).sin());
            let before = boxed(0.5, 0.8, x, y, f * 13.0);
            let ended = gjk(&a, &before);
            if ended.closest.is_none() {
                continue;
            }
            let seed = ended.simplex;
            // B moved towards A and turned a little, its vertex indices kept.
            let after = boxed(0.5, 0.8, 0.8 * x, 0.8 * y, f * 13.0 + 4.0);
            let Some(exact) = gjk(&a, &after).closest else {
                continue;
            };
            let scale = tolerance_scale(&a, &after);
            let mut simplex = seed;
            let (_, full) = gjk_bounds(&a, &after, &mut simplex, DVec2::X, scale, |_, _| false);
            let full = full.expect("apart");
            assert!(
                (full.distance - exact.distance).abs() < 1e-12,
                "{full:?} {exact:?}"
            );
            let mut simplex = seed;
            let (_, bounded) =
                gjk_bounds(&a, &after, &mut simplex, DVec2::X, scale, |lower, upper| {
                    lower >= 0.5 * upper
                });
            let c = bounded.expect("apart");
            let d = contact(&a, &after).distance;
            assert!(
                c.lower <= d + 1e-12 && d <= c.distance + 1e-12,
                "{c:?} vs {d}"
            );
            assert!(
                gap_along(&a, &after, c.lower_normal) >= c.lower - 1e-12,
                "{c:?}"
            );
            assert!((c.lower_normal.length() - 1.0).abs() < 1e-12);
            checked += 1;
        }
        assert!(checked > 300, "{checked}");
    }

    /// A thin polygon: `n` vertices at random angles on an ellipse four times longer than
    /// wide, at `(x, y)`, turned by `turn` radians.
    fn thin(
        n: usize,
        rng: &mut crate::geometry::testing::XorShift,
        x: f64,
        y: f64,
        turn: f64,
    ) -> Convex {
        let mut angles: Vec<f64> = (0..n).map(|_| rng.unit() * std::f64::consts::TAU).collect();
        angles.sort_by(f64::total_cmp);
        let vertices = angles
            .iter()
            .map(|&t| DVec2::new(t.cos(), 0.25 * t.sin()))
            .collect();
        Convex::new(vertices, 0.0).transformed(&Pose::new(DVec2::new(x, y), turn))
    }

    /// For every pair of vertices of two small polygons apart, `nearer_neighbour` answers what
    /// looking at all four neighbouring segments answers: the one whose nearest point to the
    /// origin is nearest, when that is nearer than the pair itself, else none.
    #[test]
    fn nearer_neighbour_is_the_nearest_side_beside_a_pair() {
        let mut rng = crate::geometry::testing::XorShift(0x9e37_79b9_7f4a_7c15);
        let (mut stepped, mut stayed) = (0, 0);
        for k in 0..60 {
            let n = [3, 4, 5, 8, 16][k % 5];
            let (turn_a, turn_b) = (rng.unit() * 6.0, rng.unit() * 6.0);
            let a = thin(n, &mut rng, 0.0, 0.0, turn_a);
            let angle = rng.unit() * std::f64::consts::TAU;
            let b = thin(
                n + k % 3,
                &mut rng,
                2.5 * angle.cos(),
                2.5 * angle.sin(),
                turn_b,
            );
            let point = |i: usize, j: usize| MdVertex {
                point: b.vertices[j] - a.vertices[i],
                a: i,
                b: j,
            };
            // The nearest point of segment p–q to the origin, squared.
            let segment = |p: DVec2, q: DVec2| {
                let (c, _) = closest_on_segment(p, q, DVec2::ZERO);
                c.length_squared()
            };
            let (na, nb) = (a.vertices.len(), b.vertices.len());
            for i in 0..na {
                for j in 0..nb {
                    let p = point(i, j);
                    let neighbours = [
                        point((i + na - 1) % na, j),
                        point((i + 1) % na, j),
                        point(i, (j + nb - 1) % nb),
                        point(i, (j + 1) % nb),
                    ];
                    let best = neighbours
                        .iter()
                        .map(|q| segment(p.point, q.point))
                        .fold(f64::INFINITY, f64::min);
                    let here = p.point.length_squared();
                    match nearer_neighbour(&a, &b, &p) {
                        Some(q) => {
                            stepped += 1;
                            assert!(neighbours.iter().any(|m| m.a == q.a && m.b == q.b));
                            assert_eq!(q.point, point(q.a, q.b).point);
                            let d = segment(p.point, q.point);
                            assert!(d < here, "{d} {here}");
                            assert!(d <= best * (1.0 + 1e-12) + 1e-15, "{d} {best}");
                        }
                        None => {
                            stayed += 1;
                            assert!(best >= here * (1.0 - 1e-12), "{best} {here}");
                        }
                    }
                }
            }
        }
        assert!(stepped > 1000 && stayed > 10, "{stepped} {stayed}");
    }

    /// A core that counts its support searches.
    struct Counted<'a> {
        core: &'a Convex,
        searches: std::cell::Cell<usize>,
    }

    impl<'a> Counted<'a> {
        fn of(core: &'a Convex) -> Self {
            Counted {
                core,
                searches: Default::default(),
            }
        }
    }

    impl CoreShape for Counted<'_> {
        fn vertex_count(&self) -> usize {
            self.core.vertices.len()
        }
        fn vertex(&self, i: usize) -> DVec2 {
            self.core.vertices[i]
        }
        fn extreme(&self, dir: DVec2) -> usize {
            self.searches.set(self.searches.get() + 1);
            self.core.extreme(dir)
        }
        fn extreme_between(&self, dir: DVec2, arc: [usize; 2]) -> usize {
            self.searches.set(self.searches.get() + 1);
            self.core.extreme_between(dir, arc)
        }
        fn radius(&self) -> f64 {
            0.0
        }
        fn as_convex(&self) -> std::borrow::Cow<'_, Convex> {
            std::borrow::Cow::Borrowed(self.core)
        }
    }

    /// A full run from `seed` (from along `start` when empty) with the walk beside a nearest
    /// pair or without, with the bisections over stretches (`JUMP`) or without: how it ended,
    /// the distance, the simplex it ended on and the support searches it took.
    fn counted<const WALK: bool, const JUMP: bool>(
        a: &Convex,
        b: &Convex,
        seed: Simplex,
        start: DVec2,
        scale: f64,
    ) -> (GjkTermination, Option<GjkDistance>, Simplex, usize) {
        let (ca, cb) = (Counted::of(a), Counted::of(b));
        let mut simplex = seed;
        let (termination, closest, _) = gjk_run::<false, WALK, JUMP, _, _>(
            &ca,
            &cb,
            &mut simplex,
            start,
            Some(scale),
            |_, _| false,
            &mut NoTrace,
        );
        let searches = ca.searches.get() + cb.searches.get();
        (termination, closest, simplex, searches)
    }

    /// [`counted`] on cores apart: the distance and the searches.
    fn counted_run<const WALK: bool, const JUMP: bool>(
        a: &Convex,
        b: &Convex,
        seed: Simplex,
        start: DVec2,
        scale: f64,
    ) -> (f64, usize) {
        let (_, closest, _, searches) = counted::<WALK, JUMP>(a, b, seed, start, scale);
        (closest.expect("apart").distance, searches)
    }

    /// [`counted`] from along `start` on overlapping cores: the run must end with a simplex
    /// enclosing the origin, from which EPA measures the depth. The depth and the support
    /// searches of both.
    fn overlap_run<const JUMP: bool>(
        a: &Convex,
        b: &Convex,
        start: DVec2,
        scale: f64,
    ) -> (f64, usize) {
        use crate::geometry::epa::epa_traced;
        let (termination, _, simplex, searches) =
            counted::<false, JUMP>(a, b, Simplex::EMPTY, start, scale);
        assert_eq!(termination, GjkTermination::Overlapping);
        assert!(
            matches!(nearest_of_simplex(&simplex), Nearest::Enclosed(_)),
            "{simplex:?}"
        );
        let (ca, cb) = (Counted::of(a), Counted::of(b));
        let epa = epa_traced(&ca, &cb, &simplex, scale, &mut NoTrace);
        let depth = epa.penetration.expect("measured").depth;
        (depth, searches + ca.searches.get() + cb.searches.get())
    }

    /// Seeded runs on thin polygons that have turned since the seed's features were nearest, as
    /// a rotating cast's next measure meets them: with the walk beside the nearest vertices,
    /// they end on the exact distance as the runs without it do, and take fewer support
    /// searches in all.
    #[test]
    fn the_walk_beside_a_pair_keeps_the_distance_and_saves_searches() {
        use crate::geometry::contact;
        let mut rng = crate::geometry::testing::XorShift(0x2545_f491_4f6c_dd1d);
        let (mut with, mut without, mut checked) = (0, 0, 0);
        for k in 0..300 {
            let n = [4, 8, 16][k % 3];
            let (turn_a, turn_b) = (rng.unit() * 6.0, rng.unit() * 6.0);
            let angle = rng.unit() * std::f64::consts::TAU;
            let (x, y) = (2.2 * angle.cos(), 2.2 * angle.sin());
            let seed_a = rng.0;
            let a = thin(n, &mut rng, 0.0, 0.0, turn_a);
            let seed_b = rng.0;
            let b = thin(n, &mut rng, x, y, turn_b);
            let ended = gjk(&a, &b);
            if ended.closest.is_none() {
                continue;
            }
            // The same polygons turned a little and B moved nearer.
            let (da, db) = (0.4 * (rng.unit() - 0.5), 0.4 * (rng.unit() - 0.5));
            let a2 = thin(
                n,
                &mut crate::geometry::testing::XorShift(seed_a),
                0.0,
                0.0,
                turn_a + da,
            );
            let b2 = thin(
                n,
                &mut crate::geometry::testing::XorShift(seed_b),
                0.8 * x,
                0.8 * y,
                turn_b + db,
            );
            let exact = contact(&a2, &b2).distance;
            if exact <= 1e-3 {
                continue;
            }
            let scale = tolerance_scale(&a2, &b2);
            for (walk, total) in [(true, &mut with), (false, &mut without)] {
                let (d, searches) = if walk {
                    counted_run::<true, false>(&a2, &b2, ended.simplex, DVec2::X, scale)
                } else {
                    counted_run::<false, false>(&a2, &b2, ended.simplex, DVec2::X, scale)
                };
                assert!((d - exact).abs() < 1e-12, "{d} {exact} walk {walk}");
                *total += searches;
            }
            checked += 1;
        }
        assert!(checked > 200, "{checked}");
        assert!(
            with * 10 < without * 9,
            "{with} searches with the walk, {without} without"
        );
    }

    /// The support searches of the runs with the bisections and without, over the instances
    /// checked, in the two tests below.
    #[derive(Debug, Default)]
    struct Tally {
        with: usize,
        without: usize,
        checked: usize,
    }

    impl Tally {
        /// One instance: the answers (a distance, a depth) of the runs with and without and
        /// their searches; the two agree within `agree`, and the first is within `near` of
        /// `exact`.
        fn add(
            &mut self,
            (d_with, s_with): (f64, usize),
            (d_without, s_without): (f64, usize),
            exact: f64,
            (agree, near): (f64, f64),
            k: usize,
        ) {
            assert!(
                (d_with - d_without).abs() <= agree,
                "{d_with} {d_without} (k {k})"
            );
            assert!((d_with - exact).abs() <= near, "{d_with} {exact} (k {k})");
            self.with += s_with;
            self.without += s_without;
            self.checked += 1;
        }
    }

    /// Instance `k` of the tests below: a large polygon (64, 256 or 1,024 vertices, regular or
    /// thin) and a small core (a box, a 3- to 16-gon, a capsule's segment: GJK measures cores)
    /// moved along a random direction until their signed core distance is `signed`.
    fn small_against_large(k: usize, rng: &mut XorShift, signed: f64) -> (Convex, Convex) {
        use crate::geometry::testing::{placed_at_distance, regular_polygon};
        let n = [64, 256, 1024][k % 3];
        let turn_large = rng.unit() * 6.0;
        let large = if k.is_multiple_of(2) {
            regular_polygon(n, 1.0, DVec2::ZERO, turn_large)
        } else {
            thin(n, rng, 0.0, 0.0, turn_large)
        };
        let (turn, angle) = (rng.unit() * 6.0, rng.unit() * std::f64::consts::TAU);
        let small_at = |x: f64, y: f64| match k % 4 {
            0 => boxed(0.3, 0.2, x, y, turn.to_degrees()),
            1 => regular_polygon(3 + k % 14, 0.3, DVec2::new(x, y), turn),
            2 => capsule(0.3, 0.1, x, y, turn.to_degrees()),
            _ => regular_polygon(16, 0.25, DVec2::new(x, y), turn),
        };
        let dir = DVec2::from_angle(angle);
        let at = |t: f64| Convex {
            radius: 0.0,
            ..small_at(t * dir.x, t * dir.y)
        };
        let small = placed_at_distance(&large, at, signed, 4.0);
        (large, small)
    }

    /// Small cores (boxes, 3- to 16-gons, segments) against polygons of 64 to 1,024 vertices,
    /// apart by 10⁻⁹ to 2 along every direction: with the bisections over stretches of the MD,
    /// whose ends share a vertex (`nearest_on_arc`) or where one core's vertex moves over a few
    /// (`nearest_on_mixed_arc`), GJK ends on the distance it ends on without, and takes under
    /// half the support searches in all. The two large-polygon kinds: regular and thin
    /// (vertices at random angles on a long ellipse, uneven edges).
    #[test]
    fn the_bisections_over_stretches_keep_the_distance_and_save_searches() {
        use crate::geometry::contact;
        let mut rng = XorShift(0x51ed_270b_2794_3c6d);
        let mut tally = Tally::default();
        for k in 0..240 {
            let gap = [2.0, 0.1, 1e-3, 1e-6, 1e-9][k % 5];
            let (large, small) = small_against_large(k, &mut rng, gap);
            let exact = contact(&large, &small).distance;
            if exact <= 0.0 {
                continue;
            }
            let scale = tolerance_scale(&large, &small);
            // Both orders: the large polygon as A and as B.
            for (a, b) in [(&large, &small), (&small, &large)] {
                let start = a.vertices[0] - b.vertices[0];
                let (d_with, s_with) =
                    counted_run::<false, true>(a, b, Simplex::EMPTY, start, scale);
                let (d_without, s_without) =
                    counted_run::<false, false>(a, b, Simplex::EMPTY, start, scale);
                let tolerances = (1e-12 * scale, 1e-9 * scale);
                tally.add(
                    (d_with, s_with),
                    (d_without, s_without),
                    exact,
                    tolerances,
                    k,
                );
            }
        }
        assert!(tally.checked > 400, "{tally:?}");
        assert!(tally.with * 2 < tally.without, "{tally:?}");
    }

    /// Seeded with the MD's support point along its start, [`gjk_from_seed`] makes the run
    /// [`gjk_from`] makes from that start, to the bit: small cores against polygons of 64 to
    /// 1,024 vertices (both orders), apart by 10⁻⁹ to 2 or overlapping by 0.01 to 0.5.
    #[test]
    fn a_run_seeded_with_its_first_support_is_the_run_from_its_start() {
        let mut rng = XorShift(0x0f1e_57a2_8c3b_d469);
        let mut enclosed = 0;
        for k in 0..240 {
            let signed = [2.0, 0.1, 1e-3, 1e-9, -0.01, -0.1, -0.5][k % 7];
            let (large, small) = small_against_large(k, &mut rng, signed);
            for (a, b) in [(&large, &small), (&small, &large)] {
                let start = a.vertices[0] - b.vertices[0];
                let seed = Simplex::of(&[md_support(a, b, start)]);
                let (with, without) = (gjk_from_seed(a, b, start, seed), gjk_from(a, b, start));
                assert_eq!(with, without, "{k}: {a:?} {b:?}");
                enclosed += usize::from(with.termination == GjkTermination::Overlapping);
            }
        }
        assert!(enclosed > 100, "{enclosed} runs enclosed the origin");
    }

    /// The same small cores overlapping the same large polygons by 0.01 to 0.5: with the
    /// bisections over stretches of the MD (`nearest_on_arc`, `nearest_on_mixed_arc`, which
    /// hands GJK a triangle of the stretch's points where they enclose the origin) GJK still
    /// ends with a simplex enclosing the origin, EPA measures the same depth from it as from
    /// the simplex the run without them ends on, the exact contact's, and the runs take no more
    /// support searches in all.
    #[test]
    fn the_bisections_keep_overlaps_enclosed_and_save_searches() {
        use crate::geometry::contact;
        let mut rng = XorShift(0x7c3a_94d1_05be_e2f1);
        let mut tally = Tally::default();
        for k in 0..240 {
            let depth = [0.01, 0.1, 0.2, 0.5][k / 4 % 4];
            let (large, small) = small_against_large(k, &mut rng, -depth);
            let exact = contact(&large, &small).distance;
            if exact >= 0.0 {
                continue;
            }
            let scale = tolerance_scale(&large, &small);
            for (a, b) in [(&large, &small), (&small, &large)] {
                let start = a.vertices[0] - b.vertices[0];
                let runs = (
                    overlap_run::<true>(a, b, start, scale),
                    overlap_run::<false>(a, b, start, scale),
                );
                let tolerances = (1e-9 * scale, 1e-9 * scale);
                tally.add(runs.0, runs.1, -exact, tolerances, k);
            }
        }
        assert!(tally.checked > 400, "{tally:?}");
        assert!(tally.with <= tally.without, "{tally:?}");
    }
}

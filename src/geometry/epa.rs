//! EPA: the penetration depth of two overlapping convex cores, found by growing a polygon inside
//! the Minkowski difference until its edge nearest the origin is an edge of the MD; and
//! [`gjk_epa_contact`], GJK and EPA together as one signed-distance query.
//!
//! # What it computes
//!
//! When GJK reports that the origin is in the core MD **B ⊖ A** (the cores overlap or touch),
//! the point of the MD's boundary nearest the origin: its distance (the core depth), the normal
//! (from A towards B) and the witness points on each core.
//!
//! # The idea
//!
//! Start from a polygon — the *polytope* — whose vertices are MD points and which contains the
//! origin: GJK's last simplex, grown to a triangle if it is only a segment or a point. Its
//! boundary is inside the MD, so the distance from the origin to its nearest edge is a lower
//! bound on the depth. Each iteration takes that nearest edge, asks for the MD's support point
//! along the edge's outward normal, and
//!
//! * if the support point lies no farther out than the edge (the *gap* is zero), the edge is on
//!   the MD's boundary: its distance is the depth and its normal the way out. Done.
//! * otherwise it adds the point between the edge's ends (and drops any vertex that is no longer
//!   a corner, so the polytope stays convex) and repeats.
//!
//! For polygon cores the support points are MD vertices, so EPA ends on an MD edge after finitely
//! many steps and the depth is exact up to rounding.
//!
//! The polytope is a ring linked both ways, each edge measured once when it appears; the
//! support point for an edge lies on the MD between the edge's ends, so each core's search
//! bisects the arc between their vertices first
//! ([`md_support_between`](super::gjk::md_support_between)). [`epa`] keeps every iteration,
//! [`epa_traced`] hands them to any [`Trace`]; [`gjk_epa`] answers with nothing recorded. With
//! nothing recorded ([`NoTrace`]), EPA also stops without the last support search where the
//! nearest edge is plainly a side of the MD: its ends share one core's vertex, that core's
//! support along the edge's normal, and the other core's vertices are neighbours
//! (`is_md_edge`). The answer is the same; a record shows the search that confirms it.
//!
//! Gino van den Bergen, "Proximity Queries and Penetration Depth Computation on 3D Game Objects"
//! (GDC 2001); the 2D form as in parry's `epa2` (dimforge).
//!
//! # Degenerate cases
//!
//! * **The origin on the MD's boundary** (the cores touch): the polytope's nearest edge has
//!   distance 0 and, once it lies on the MD boundary, its outward normal is the answer: depth 0
//!   and a true normal of the touching faces (or of one of the two edges at a touching corner).
//!   GJK also hands over cores it finds within [`GJK_TOUCH_RELATIVE`] of touching, where the
//!   origin may lie a hair *outside* the MD: EPA accepts that, measures edge distances signed,
//!   and answers with a tiny negative depth and, again, a true MD edge normal.
//! * **GJK's simplex is a point or a segment through the origin**: grow it with the support
//!   points along ±x, ±y (a second point) and along both perpendiculars of the segment (a third).
//! * **The core MD has no area** (two parallel segments, a point and a segment, two points —
//!   concentric circles): no third point off the line exists, so there is no polytope
//!   ([`EpaTermination::DegenerateMd`], decided by the exact orientation predicate, so only for
//!   exactly zero area; an area that is zero only up to rounding makes a sliver triangle, which
//!   EPA handles as usual). The MD is then its own boundary and the origin is on it: the core
//!   distance is 0 and *both* perpendiculars of the line are shortest ways out. EPA answers
//!   directly with the one nearer [`DEGENERATE_NORMAL`] (+x; +y when both are equally near),
//!   and with `DEGENERATE_NORMAL` itself when the MD is a single point.
//!
//! IMPORTANT NOTE: on an exactly flat MD the exact [`contact`] can pick a zero-length MD edge and
//! answer +x whatever the line's direction, which is not a shortest way; that is why EPA does not
//! fall back to it there. [`gjk_epa_contact`] uses the exact contact only if EPA has no answer
//! at all ([`EpaTermination::OriginOutside`], which GJK's hand-over never produces).

use arrayvec::ArrayVec;

use super::distance::DEGENERATE_NORMAL;
use super::gjk::{
    gjk_traced, md_support, md_support_between_met, same_point, tolerance_scale, vertices_extent,
    witnesses, Gjk, GjkOutcome, GjkStep, GjkTermination, Simplex, GJK_TOUCH_RELATIVE,
};
use super::minkowski::MdVertex;
use super::support::CoreShape;
use super::trace::{NoTrace, Trace};
use super::{around, closest_on_segment, contact, orient, unit, Contact, Convex, DVec2};

/// Safety net on the number of iterations. Each iteration that goes on adds an MD vertex that
/// was not in the polytope, and the core MD of an n-gon and an m-gon has at most n + m vertices.
pub const EPA_MAX_ITERATIONS: usize = 128;

/// EPA stops when the support point lies beyond the nearest edge by no more than this fraction
/// of the scene's scale ([`tolerance_scale`]). As for GJK: MD points carry rounding errors of a
/// few ulps of the scale, so an MD edge's own support gap is ~10⁻¹⁶ relative; 10⁻¹² stops there
/// (also for split collinear MD vertices of exactly aligned shapes) and is far below any real
/// corner a support point could still find.
pub const EPA_GAP_RELATIVE: f64 = 1e-12;

/// How EPA stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpaTermination {
    /// The nearest edge lies on the MD boundary: the depth is exact up to rounding.
    Converged,
    /// The core MD has zero area (see the module doc): no polytope; the answer is the origin's
    /// distance from the MD's line (0) and a perpendicular.
    DegenerateMd,
    /// The start simplex misses the origin by more than GJK's touching tolerance (EPA was
    /// called on separated cores).
    OriginOutside,
    /// The support point was already a polytope vertex although it seemed to lie beyond the
    /// edge (only rounding can do that); the answer is the current nearest edge.
    NoProgress,
    /// [`EPA_MAX_ITERATIONS`] without converging; the answer is the current nearest edge (a
    /// lower bound on the depth).
    OutOfIterations,
}

/// One EPA iteration, in the world frame, on the **core** MD (B ⊖ A, no radii).
#[derive(Clone, Debug, PartialEq)]
pub struct EpaStep {
    /// The polytope at the start of the iteration, counter-clockwise.
    pub polytope: Vec<MdVertex>,
    /// Its edge nearest the origin: from `polytope[closest_edge]` to the next vertex.
    pub closest_edge: usize,
    /// The outward unit normal of that edge.
    pub edge_normal: DVec2,
    /// The distance from the origin to that edge's line (`≥ 0` up to rounding): a lower bound on
    /// the core depth.
    pub edge_distance: f64,
    /// The MD support point along `edge_normal`.
    pub support: MdVertex,
    /// How far `support` lies beyond the edge's line: `support · edge_normal − edge_distance`.
    /// The depth is at most `edge_distance + gap`.
    pub gap: f64,
    /// The best upper bound on the core depth known after this iteration: the least
    /// [`EpaStep::upper_bound`] so far (the MD reaches no farther than its support point along any
    /// direction, so the origin is at most that deep). `edge_distance` is the lower bound.
    pub best_upper_bound: f64,
}

impl EpaStep {
    /// The polytope's edge nearest the origin, its two ends counter-clockwise.
    pub fn edge(&self) -> [MdVertex; 2] {
        let n = self.polytope.len();
        [
            self.polytope[self.closest_edge],
            self.polytope[(self.closest_edge + 1) % n],
        ]
    }

    /// `edge_distance + gap`, the upper bound on the core depth that the support point gives:
    /// the MD reaches no farther out along `edge_normal` than `support`, so the origin is at
    /// most this far from the MD's boundary. [`EpaStep::edge_distance`] is the lower bound.
    pub fn upper_bound(&self) -> f64 {
        self.edge_distance + self.gap
    }
}

/// The penetration EPA found (world frame, cores).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpaPenetration {
    /// Core penetration depth: the core distance is `−depth`. `≥ 0`, except that touching
    /// cores GJK found a hair apart (within [`GJK_TOUCH_RELATIVE`]) come out as a tiny
    /// negative depth, a tiny positive distance.
    pub depth: f64,
    /// Unit, from A towards B: moving B by `depth · normal` leaves the cores just touching. The
    /// nearest point of the MD's boundary is `−depth · normal`, on `edge`.
    pub normal: DVec2,
    /// Witness point on A's core.
    pub point_a: DVec2,
    /// Witness point on B's core: `point_b − point_a = −depth · normal` up to rounding.
    pub point_b: DVec2,
    /// The polytope edge the answer comes from (an MD edge when converged; for a flat MD two
    /// points on its line, or its one point twice).
    pub edge: [MdVertex; 2],
}

/// Everything EPA did and what it concluded.
#[derive(Clone, Debug, PartialEq)]
pub struct Epa {
    /// The simplex EPA was given (GJK's last).
    pub simplex: Vec<MdVertex>,
    /// The MD points added to make it a triangle (empty when it already was one).
    pub grown: Vec<MdVertex>,
    /// One entry per iteration; the first polytope is the start triangle.
    pub steps: Vec<EpaStep>,
    pub termination: EpaTermination,
    /// `None` only for [`EpaTermination::OriginOutside`].
    pub penetration: Option<EpaPenetration>,
}

/// The four axis directions used to find a second MD point when the simplex is one point.
const AXES: [DVec2; 4] = [DVec2::X, DVec2::NEG_X, DVec2::Y, DVec2::NEG_Y];

/// Why there is no start triangle.
enum NoTriangle {
    /// The simplex misses the origin.
    Outside,
    /// The whole core MD lies on the line through these two points, or is this one point.
    Flat(Simplex),
}
use NoTriangle::{Flat, Outside};

/// Grow `simplex` (points enclosing the origin) to a counter-clockwise triangle of MD points;
/// `scale` is the scale of the simplex's points at least (as [`epa_traced`] takes it), grown
/// with the points added.
fn start_triangle<A: CoreShape, B: CoreShape>(
    a: &A,
    b: &B,
    simplex: &[MdVertex],
    scale: f64,
    grown: &mut Simplex,
) -> Result<Simplex, NoTriangle> {
    let mut touch = GJK_TOUCH_RELATIVE * scale;
    let mut pts = Simplex::EMPTY;
    for p in simplex.iter().take(3) {
        if !pts.iter().any(|q| q.point == p.point) {
            pts.push(*p);
        }
    }
    if pts.is_empty() {
        return Err(Outside);
    }
    if pts.len() == 3 && orient(pts[0].point, pts[1].point, pts[2].point) == 0.0 {
        // A flat triangle: keep its two farthest-apart points.
        let pairs = [(0, 1), (1, 2), (0, 2)];
        let (i, j) = pairs
            .into_iter()
            .max_by(|&(i, j), &(k, l)| {
                let d1 = (pts[i].point - pts[j].point).length_squared();
                let d2 = (pts[k].point - pts[l].point).length_squared();
                d1.total_cmp(&d2)
            })
            .expect("three pairs");
        pts = Simplex::of(&[pts[i], pts[j]]);
    }
    if pts.len() == 1 {
        let p = pts[0];
        let far = AXES
            .iter()
            .map(|&d| md_support(a, b, d))
            .max_by(|u, v| {
                (u.point - p.point)
                    .length_squared()
                    .total_cmp(&(v.point - p.point).length_squared())
            })
            .expect("four axes");
        if far.point == p.point {
            return Err(Flat(pts));
        }
        touch = touch.max(GJK_TOUCH_RELATIVE * vertices_extent(a, b, &far));
        grown.push(far);
        pts.push(far);
    }
    if pts.len() == 2 {
        let (p, q) = (pts[0], pts[1]);
        let n = (q.point - p.point).perp();
        let third = [md_support(a, b, n), md_support(a, b, -n)]
            .into_iter()
            .max_by(|u, v| {
                orient(p.point, q.point, u.point)
                    .abs()
                    .total_cmp(&orient(p.point, q.point, v.point).abs())
            })
            .expect("two sides");
        if orient(p.point, q.point, third.point) == 0.0 {
            return Err(Flat(pts));
        }
        touch = touch.max(GJK_TOUCH_RELATIVE * vertices_extent(a, b, &third));
        grown.push(third);
        pts.push(third);
    }
    if orient(pts[0].point, pts[1].point, pts[2].point) < 0.0 {
        pts.swap(0, 1);
    }
    // GJK hands over touching cores whose simplex may miss the origin by up to its touching
    // tolerance; twice that leaves room for the rounding of the edge normals.
    let encloses = (0..3).all(|i| {
        let (p, q) = (pts[i].point, pts[(i + 1) % 3].point);
        orient(p, q, DVec2::ZERO) >= 0.0
            || unit(DVec2::new((q - p).y, -(q - p).x)).is_some_and(|n| n.dot(p) >= -2.0 * touch)
    });
    if encloses {
        Ok(pts)
    } else {
        Err(Outside)
    }
}

/// EPA's polygon of MD points, counter-clockwise: a ring of points linked both ways (inserting
/// a point and dropping its neighbours moves nothing), with what is known of each edge, measured
/// once, when the edge appears, since an iteration changes only the edges beside the new point.
struct Polytope {
    /// Every point ever added, by the order it came in; those dropped are no longer linked. Held
    /// in place: the start triangle and one point an iteration at most.
    nodes: ArrayVec<Node, { 3 + EPA_MAX_ITERATIONS }>,
    /// Where the ring is read from: the newest point (the start triangle's first at first).
    head: usize,
    len: usize,
}

/// A point of the polytope, its neighbours in the ring, and what is known of the edge from it
/// to the next.
#[derive(Clone, Copy)]
struct Node {
    point: MdVertex,
    next: usize,
    prev: usize,
    /// The square of the edge's distance from the origin as a segment (only compared, and the
    /// root would hold up every iteration's choice of the nearest edge); [`UNMEASURED`] while it
    /// is new since the last search for the nearest edge, `+∞` when it has zero length (no
    /// normal, never the nearest).
    key: f64,
    /// Its outward unit normal, once measured.
    normal: DVec2,
    /// The signed distance of its line (positive inside), once measured.
    distance: f64,
}

/// [`Node::key`] of an edge not measured yet.
const UNMEASURED: f64 = -1.0;

impl Node {
    fn new(point: MdVertex, next: usize, prev: usize) -> Node {
        Node {
            point,
            next,
            prev,
            key: UNMEASURED,
            normal: DVec2::ZERO,
            distance: 0.0,
        }
    }
}

/// The polytope's edge nearest the origin.
#[derive(Clone, Copy)]
struct NearestEdge {
    /// Its place in the ring, counted from the head (as [`EpaStep::closest_edge`]).
    index: usize,
    /// Its first point.
    id: usize,
    /// Outward unit normal.
    normal: DVec2,
    /// Signed distance of its line, positive inside.
    distance: f64,
}

impl Polytope {
    /// No points yet ([`Polytope::start`] gives it its triangle): made where it stays, since
    /// its points are held in place (moved, the whole array would be copied).
    fn empty() -> Polytope {
        Polytope {
            nodes: ArrayVec::new(),
            head: 0,
            len: 0,
        }
    }

    /// The polytope `triangle` (counter-clockwise), in place of what it held.
    fn start(&mut self, [p, q, r]: [MdVertex; 3]) {
        self.nodes.clear();
        self.nodes.push(Node::new(p, 1, 2));
        self.nodes.push(Node::new(q, 2, 0));
        self.nodes.push(Node::new(r, 0, 1));
        self.head = 0;
        self.len = 3;
    }

    /// Point `i` (by the order it came in).
    fn point(&self, i: usize) -> MdVertex {
        self.nodes[i].point
    }

    /// The point after point `i` in the ring.
    fn next(&self, i: usize) -> usize {
        self.nodes[i].next
    }

    /// The ids of the points in ring order, from the head.
    fn ring(&self) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(self.head), |&i| Some(self.next(i))).take(self.len)
    }

    /// The points in ring order, from the head.
    fn vertices(&self) -> Vec<MdVertex> {
        self.ring().map(|i| self.point(i)).collect()
    }

    /// The edge nearest the origin.
    ///
    /// "Nearest" is measured to the edge *segment*. With the origin inside a convex polygon that
    /// is the same as the nearest edge line, the textbook rule; but the origin may lie a hair
    /// outside (GJK's touching hand-over), and in a sliver triangle (an MD flat up to rounding)
    /// two nearly collinear edges have lines through the origin up to rounding while only one of
    /// them has the origin beside it. The segment distance picks that one in every case. Among
    /// equally near edges (their squared distances equal), the first in ring order.
    fn nearest_edge(&mut self) -> NearestEdge {
        let mut best = NearestEdge {
            index: 0,
            id: self.head,
            normal: DVec2::ZERO,
            distance: f64::INFINITY,
        };
        let mut best_key = f64::INFINITY;
        let mut i = self.head;
        // (One slice for the whole scan: indexing the array itself reads its length again
        // after every write.)
        let nodes = self.nodes.as_mut_slice();
        for index in 0..self.len {
            let next = nodes[i].next;
            if nodes[i].key == UNMEASURED {
                let (p, q) = (nodes[i].point.point, nodes[next].point.point);
                let node = &mut nodes[i];
                // Outward = the edge turned clockwise (the polytope is counter-clockwise).
                match unit(DVec2::new((q - p).y, -(q - p).x)) {
                    None => node.key = f64::INFINITY,
                    Some(normal) => {
                        node.key = closest_on_segment(p, q, DVec2::ZERO).0.length_squared();
                        node.normal = normal;
                        node.distance = normal.dot(p);
                    }
                }
            }
            let node = &nodes[i];
            if node.key < best_key {
                best_key = node.key;
                best = NearestEdge {
                    index,
                    id: i,
                    normal: node.normal,
                    distance: node.distance,
                };
            }
            i = next;
        }
        best
    }

    /// Insert `w` after point `after` and drop the points next to it that stop being strict
    /// left turns, so the polytope stays the convex hull of its points. `w` becomes the head.
    fn insert(&mut self, after: usize, w: MdVertex) {
        let k = self.nodes.len();
        let before = self.next(after);
        self.nodes.push(Node::new(w, before, after));
        self.nodes[after].next = k;
        self.nodes[before].prev = k;
        self.nodes[after].key = UNMEASURED;
        self.head = k;
        self.len += 1;
        let at = |s: &Polytope, i: usize| s.nodes[i].point.point;
        while self.len > 3 {
            let p1 = self.nodes[k].prev;
            let p2 = self.nodes[p1].prev;
            if orient(at(self, p2), at(self, p1), w.point) > 0.0 {
                break;
            }
            self.unlink(p1);
        }
        while self.len > 3 {
            let s1 = self.next(k);
            let s2 = self.next(s1);
            if orient(w.point, at(self, s1), at(self, s2)) > 0.0 {
                break;
            }
            self.unlink(s1);
        }
    }

    /// Drop point `i`: its neighbours become joined by a new edge.
    fn unlink(&mut self, i: usize) {
        let Node {
            prev: p, next: n, ..
        } = self.nodes[i];
        self.nodes[p].next = n;
        self.nodes[n].prev = p;
        self.nodes[p].key = UNMEASURED;
        self.len -= 1;
    }
}

/// The answer when the whole core MD is the point `feature[0]` or lies on the line through
/// `feature` (see the module doc): the origin's distance from it, or 0 with a perpendicular.
fn flat_penetration(
    a: &impl CoreShape,
    b: &impl CoreShape,
    feature: &[MdVertex],
) -> EpaPenetration {
    let (point_a, point_b) = witnesses(a, b, feature);
    let edge = [feature[0], *feature.last().expect("one or two points")];
    let (p, q) = (edge[0].point, edge[1].point);
    let Some(left) = unit((q - p).perp()) else {
        // One point; it is the origin (GJK enclosed it) or within the touching tolerance.
        let (depth, normal) = match unit(p) {
            Some(n) => (-p.length(), n),
            None => (0.0, DEGENERATE_NORMAL),
        };
        return EpaPenetration {
            depth,
            normal,
            point_a,
            point_b,
            edge,
        };
    };
    let side = orient(p, q, DVec2::ZERO);
    let (depth, normal) = if side == 0.0 {
        // Either perpendicular is a shortest way; take the one nearer DEGENERATE_NORMAL (+x).
        let n = if left.dot(DEGENERATE_NORMAL) > 0.0
            || (left.dot(DEGENERATE_NORMAL) == 0.0 && left.perp_dot(DEGENERATE_NORMAL) < 0.0)
        {
            left
        } else {
            -left
        };
        (0.0, n)
    } else {
        // The origin a hair off the line (GJK's touching tolerance): the normal points from
        // the origin to the line, the depth is minus that distance.
        let n = if side > 0.0 { -left } else { left };
        (-n.dot(p).abs(), n)
    };
    EpaPenetration {
        depth,
        normal,
        point_a,
        point_b,
        edge,
    }
}

/// What EPA concluded, without the record of how ([`Epa`] has both).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpaOutcome {
    /// The MD points added to make the start simplex a triangle (none when it already was one).
    pub grown: Simplex,
    pub termination: EpaTermination,
    /// `None` only for [`EpaTermination::OriginOutside`].
    pub penetration: Option<EpaPenetration>,
}

/// Run EPA on the cores of `a` and `b` (world space; radii ignored) from `simplex`, which must
/// contain the origin or miss it by no more than [`GJK_TOUCH_RELATIVE`] of the scale (GJK's
/// [`Gjk::simplex`] when it ends [`GjkTermination::Overlapping`]), recording every iteration.
pub fn epa(a: &Convex, b: &Convex, simplex: &[MdVertex]) -> Epa {
    let mut steps = Vec::new();
    let out = epa_traced(a, b, simplex, tolerance_scale(a, b), &mut steps);
    Epa::recorded(simplex, steps, out)
}

impl Epa {
    /// The start simplex, the steps a run from it recorded, and what it concluded.
    pub fn recorded(simplex: &[MdVertex], steps: Vec<EpaStep>, out: EpaOutcome) -> Epa {
        Epa {
            simplex: simplex.to_vec(),
            grown: out.grown.to_vec(),
            steps,
            termination: out.termination,
            penetration: out.penetration,
        }
    }
}

/// EPA, handing each iteration to `trace` ([`NoTrace`] for the answer alone). `scale` bounds the
/// coordinates of the simplex's points at least (GJK's [`GjkOutcome::scale`]: the scene's
/// [`tolerance_scale`], or the vertices GJK met); the tolerances grow from it with each vertex
/// EPA meets, so that they stay above the rounding of every MD point in the polytope without
/// measuring both cores' bounding boxes first.
pub fn epa_traced<A: CoreShape, B: CoreShape, T: Trace<EpaStep>>(
    a: &A,
    b: &B,
    simplex: &[MdVertex],
    scale: f64,
    trace: &mut T,
) -> EpaOutcome {
    let mut grown = Simplex::EMPTY;
    if a.vertex_count() == 0 || b.vertex_count() == 0 {
        return EpaOutcome {
            grown,
            termination: EpaTermination::OriginOutside,
            penetration: None,
        };
    }
    let start = start_triangle(a, b, simplex, scale, &mut grown);
    let out = |termination, penetration| EpaOutcome {
        grown,
        termination,
        penetration,
    };
    let mut polytope = Polytope::empty();
    match start {
        Ok(triangle) => polytope.start([triangle[0], triangle[1], triangle[2]]),
        Err(Outside) => return out(EpaTermination::OriginOutside, None),
        Err(Flat(feature)) => {
            let flat = flat_penetration(a, b, &feature);
            return out(EpaTermination::DegenerateMd, Some(flat));
        }
    }
    // Grown with each vertex met, where `scale` does not bound them all already: it bounds the
    // simplex's points, so of the start triangle only those added to it.
    let mut tol = EPA_GAP_RELATIVE * scale;
    for p in grown.iter() {
        tol = tol.max(EPA_GAP_RELATIVE * vertices_extent(a, b, p));
    }
    let mut termination = EpaTermination::OutOfIterations;
    // The nearest edge of the last polytope: its ends, outward normal and distance.
    let mut nearest = ([polytope.point(0); 2], DVec2::ZERO, 0.0);
    // The record's running upper bound, kept only by a trace that records.
    let mut upper_bound = f64::INFINITY;
    for _ in 0..EPA_MAX_ITERATIONS {
        let e = polytope.nearest_edge();
        let (edge_normal, edge_distance) = (e.normal, e.distance);
        let edge = [polytope.point(e.id), polytope.point(polytope.next(e.id))];
        if !T::KEEPS && is_md_edge(a, b, &edge, edge_normal) {
            // The support search would find the edge's own line (a gap of 0): done.
            nearest = (edge, edge_normal, edge_distance);
            termination = EpaTermination::Converged;
            break;
        }
        let (support, extent) = md_support_between_met(a, b, edge_normal, &edge[0], &edge[1]);
        tol = tol.max(EPA_GAP_RELATIVE * extent);
        let gap = support.point.dot(edge_normal) - edge_distance;
        trace.record(|| {
            upper_bound = upper_bound.min(edge_distance + gap);
            EpaStep {
                polytope: polytope.vertices(),
                closest_edge: e.index,
                edge_normal,
                edge_distance,
                support,
                gap,
                best_upper_bound: upper_bound,
            }
        });
        nearest = (edge, edge_normal, edge_distance);
        if gap <= tol {
            termination = EpaTermination::Converged;
            break;
        }
        // Every other point of the polytope lies strictly inside the edge's line (it is convex),
        // so a support beyond the edge can be an old point only if it is one of the edge's ends.
        if edge.iter().any(|p| same_point(p, &support)) {
            termination = EpaTermination::NoProgress;
            break;
        }
        polytope.insert(e.id, support);
    }
    let (edge, edge_normal, depth) = nearest;
    let (point_a, point_b) = witnesses(a, b, &edge);
    let penetration = EpaPenetration {
        depth,
        normal: -edge_normal,
        point_a,
        point_b,
        edge,
    };
    out(termination, Some(penetration))
}

/// Whether the polytope edge from MD point `p` to the next, `q`, with outward unit normal
/// `normal`, lies on the MD's boundary, so that the support search along `normal` would find
/// no gap: the two share one core's vertex, the other core's are neighbours (`q`'s after
/// `p`'s, so that the edge is that core's side moved by the shared vertex, and `normal` the
/// side's normal), and the shared vertex is its core's support along the normal (neither
/// neighbour beyond it). The last is not implied by the first two: the MD's boundary between
/// `p` and `q` may go round more than half a turn, past the shared vertex's normal cone.
fn is_md_edge(
    a: &impl CoreShape,
    b: &impl CoreShape,
    [p, q]: &[MdVertex; 2],
    normal: DVec2,
) -> bool {
    // Vertex `i` of `core` at least as far along `dir` as both its neighbours.
    let support = |core: &dyn Fn(usize) -> DVec2, n: usize, i: usize, dir: DVec2| {
        let (before, after) = around(i, n);
        let v = core(i);
        (core(before) - v).dot(dir) <= 0.0 && (core(after) - v).dot(dir) <= 0.0
    };
    let (na, nb) = (a.vertex_count(), b.vertex_count());
    if p.a == q.a && p.b != q.b && q.b == around(p.b, nb).1 {
        support(&|i| a.vertex(i), na, p.a, -normal)
    } else if p.b == q.b && p.a != q.a && q.a == around(p.a, na).1 {
        support(&|i| b.vertex(i), nb, p.b, normal)
    } else {
        false
    }
}

/// Which computation a [`GjkEpa`]'s contact came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactMethod {
    /// GJK: the cores are apart.
    Gjk,
    /// EPA: the cores overlap or touch.
    Epa,
    /// The exact [`contact`]: EPA had no answer (a safety net; see the module doc).
    ExactFallback,
    /// A core has no vertices: nothing to touch, distance `+∞`.
    Empty,
}

/// GJK, then EPA when the cores overlap, as one signed-distance query with both traces.
#[derive(Clone, Debug, PartialEq)]
pub struct GjkEpa {
    /// The contact of the rounded shapes (radii subtracted), as design section 2 defines it.
    pub contact: Contact,
    pub method: ContactMethod,
    pub gjk: Gjk,
    /// `Some` when GJK found the cores overlapping or touching.
    pub epa: Option<Epa>,
}

/// The signed distance, normal and witness points of two shapes in world space by GJK (apart)
/// and EPA (overlapping or touching cores); rounded shapes by subtracting the radii from the
/// core answer. Agrees with the exact [`contact`] up to rounding. Records every iteration of
/// both; [`gjk_epa`] is the same computation without the record.
pub fn gjk_epa_contact(a: &Convex, b: &Convex) -> GjkEpa {
    let (mut gjk_steps, mut epa_steps) = (Vec::new(), Vec::new());
    let exact = || contact(a, b);
    let (contact, method, g, e) = gjk_epa_traced(a, b, &mut gjk_steps, &mut epa_steps, exact);
    GjkEpa {
        contact,
        method,
        gjk: Gjk::recorded(gjk_steps, g),
        epa: e.map(|e| Epa::recorded(&g.simplex, epa_steps, e)),
    }
}

/// [`gjk_epa_contact`]'s contact and method alone: nothing recorded, nothing allocated unless
/// EPA runs (its polytope). `a` and `b` may be [`Convex`] shapes or cores placed by a pose
/// ([`crate::geometry::support::Posed`]): the contact is in the frame their vertices are given in.
pub fn gjk_epa(a: &impl CoreShape, b: &impl CoreShape) -> (Contact, ContactMethod) {
    let exact = || contact(&a.as_convex(), &b.as_convex());
    let (contact, method, _, _) = gjk_epa_traced(a, b, &mut NoTrace, &mut NoTrace, exact);
    (contact, method)
}

/// The contact once GJK has run on `a` and `b` (`g`, from [`crate::geometry::gjk::gjk_from`]
/// say): GJK's distance where it found the cores apart, else EPA from its simplex, nothing
/// recorded; `exact` gives the contact where GJK and EPA cannot settle it (the
/// [`ContactMethod::ExactFallback`]), for a caller who measures the cores in one frame and wants
/// that rare answer from the shapes as it places them. The second half of [`gjk_epa`], for a
/// caller who looks at GJK's outcome first.
pub fn contact_after_gjk(
    a: &impl CoreShape,
    b: &impl CoreShape,
    g: &GjkOutcome,
    exact: impl FnOnce() -> Contact,
) -> (Contact, ContactMethod) {
    let (contact, method, _) = settle(a, b, g, &mut NoTrace, exact);
    (contact, method)
}

/// GJK (from the bounding boxes), then EPA when the cores overlap or touch, each handing its
/// iterations to its trace.
fn gjk_epa_traced<A: CoreShape, B: CoreShape>(
    a: &A,
    b: &B,
    gjk_trace: &mut impl Trace<GjkStep>,
    epa_trace: &mut impl Trace<EpaStep>,
    exact: impl FnOnce() -> Contact,
) -> (Contact, ContactMethod, GjkOutcome, Option<EpaOutcome>) {
    let g = gjk_traced(a, b, gjk_trace);
    let (contact, method, e) = settle(a, b, &g, epa_trace, exact);
    (contact, method, g, e)
}

/// [`gjk_epa_traced`] once GJK has run: its distance, or EPA (handing its iterations to its
/// trace), or `exact`.
fn settle<A: CoreShape, B: CoreShape>(
    a: &A,
    b: &B,
    g: &GjkOutcome,
    epa_trace: &mut impl Trace<EpaStep>,
    exact: impl FnOnce() -> Contact,
) -> (Contact, ContactMethod, Option<EpaOutcome>) {
    if let Some(c) = g.closest {
        let contact = Contact::from_core(
            c.distance,
            c.normal,
            c.point_a,
            c.point_b,
            a.radius(),
            b.radius(),
        );
        return (contact, ContactMethod::Gjk, None);
    }
    if matches!(
        g.termination,
        GjkTermination::NoProgress | GjkTermination::OutOfIterations
    ) {
        // GJK could not settle the distance (see `GjkOutcome::closest`): the exact contact.
        return (exact(), ContactMethod::ExactFallback, None);
    }
    if g.termination == GjkTermination::Empty {
        let contact = Contact {
            distance: f64::INFINITY,
            normal: DEGENERATE_NORMAL,
            point_a: DVec2::ZERO,
            point_b: DVec2::ZERO,
        };
        return (contact, ContactMethod::Empty, None);
    }
    // EPA's tolerances grow with the vertices it meets, from GJK's scale (from the boxes, or,
    // for a GJK from a start direction, the vertices it met).
    let e = epa_traced(a, b, &g.simplex, g.scale, epa_trace);
    let (contact, method) = match e.penetration {
        Some(p) => (
            Contact::from_core(
                -p.depth,
                p.normal,
                p.point_a,
                p.point_b,
                a.radius(),
                b.radius(),
            ),
            ContactMethod::Epa,
        ),
        None => (exact(), ContactMethod::ExactFallback),
    };
    (contact, method, Some(e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::gjk::gjk;
    use crate::geometry::minkowski::minkowski_difference;
    use crate::geometry::testing::{body, boxed, core_of, near, near_v, regular_polygon, XorShift};
    use crate::geometry::Shape;

    /// Every pair of MD points that share one core's vertex, the other core's vertices
    /// neighbours: [`is_md_edge`] holds exactly where the support search along the edge's normal
    /// finds nothing beyond its line.
    fn md_edges_agree_with_the_support_search(a: &Convex, b: &Convex) -> (usize, usize) {
        let point = |i: usize, j: usize| MdVertex {
            point: b.vertices[j] - a.vertices[i],
            a: i,
            b: j,
        };
        let (na, nb) = (a.vertices.len(), b.vertices.len());
        let mut pairs = Vec::new();
        for i in 0..na {
            for j in 0..nb {
                pairs.push([point(i, j), point(i, (j + 1) % nb)]);
                pairs.push([point(i, j), point((i + 1) % na, j)]);
            }
        }
        let (mut sides, mut not) = (0, 0);
        for edge in pairs {
            let [p, q] = edge;
            let normal = unit((q.point - p.point).perp()).map(|n| -n).expect("apart");
            let gap = md_support(a, b, normal).point.dot(normal) - p.point.dot(normal);
            let side = is_md_edge(a, b, &edge, normal);
            assert_eq!(side, gap <= 1e-12, "{edge:?}: gap {gap}");
            if side {
                sides += 1;
            } else {
                not += 1;
            }
        }
        (sides, not)
    }

    #[test]
    fn a_side_of_one_core_is_an_md_side_where_the_shared_vertex_is_the_support() {
        // Two triangles from a random scene, where the MD's boundary from (A₂, B₀) to (A₂, B₁)
        // goes round past A₂'s normal cone: the shared vertex and neighbouring B vertices alone
        // do not make an MD side (EPA once took this pair's edge for one and stopped short).
        let a = core_of(&[
            [-0.6172539308142746, -0.10061590247810442],
            [-0.0010355894482336758, -0.4610433938182896],
            [-0.7491905211264092, 0.3507873936376921],
        ]);
        let b = core_of(&[
            [-1.24602980329512, 0.2653737017826738],
            [0.5998493020304483, 0.05410204597293666],
            [0.8644532097925395, 0.8746399098460309],
        ]);
        // The MD of two triangles has six sides, each one pair's here.
        assert_eq!(md_edges_agree_with_the_support_search(&a, &b), (6, 12));
        // Random polygons: every side of the MD once, the other pairs not.
        let mut rng = XorShift(0x5eed_0d9e);
        for _ in 0..200 {
            let mut polygon = || {
                let n = 3 + (rng.next_u64() % 8) as usize;
                let centre = DVec2::new(rng.unit() - 0.5, rng.unit() - 0.5);
                regular_polygon(n, 0.5 + rng.unit(), centre, rng.unit() * 6.0)
            };
            let (a, b) = (polygon(), polygon());
            let (sides, _) = md_edges_agree_with_the_support_search(&a, &b);
            assert!(sides <= a.vertices.len() + b.vertices.len());
        }
    }

    #[test]
    fn the_designs_report_example_by_epa() {
        // A half (1, 1) at the origin, B half (0.75, 1) at (1.5, 0): the MD spans
        // x ∈ [−0.25, 3.25], so the depth is 0.25 and B must move +x.
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = boxed(0.75, 1.0, 1.5, 0.0, 0.0);
        let r = gjk_epa_contact(&a, &b);
        assert_eq!(r.method, ContactMethod::Epa);
        assert_eq!(
            r.epa.as_ref().unwrap().termination,
            EpaTermination::Converged
        );
        let c = r.contact;
        assert!(
            near(c.distance, -0.25) && near_v(c.normal, DVec2::X),
            "{c:?}"
        );
        assert!(near(c.point_a.x, 1.0) && near(c.point_b.x, 0.75), "{c:?}");
        assert!(
            near_v(c.point_b - c.point_a, c.distance * c.normal),
            "{c:?}"
        );
    }

    #[test]
    fn deep_boxes_leave_by_the_shorter_side() {
        // Unit box A; box B half (2, 0.5) at (0.2, 0.9): the MD is [−2.8, 3.2] × [−0.6, 2.4],
        // nearest side y = −0.6, so depth 0.6 upwards.
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = boxed(2.0, 0.5, 0.2, 0.9, 0.0);
        let c = gjk_epa_contact(&a, &b).contact;
        assert!(
            near(c.distance, -0.6) && near_v(c.normal, DVec2::Y),
            "{c:?}"
        );
    }

    #[test]
    fn circles_overlapping_and_concentric() {
        let a = Convex::circle(DVec2::ZERO, 1.0);
        let b = Convex::circle(DVec2::new(1.2, 1.6), 1.5);
        let r = gjk_epa_contact(&a, &b);
        // Centres 2 apart, radii 2.5: overlap 0.5 along (0.6, 0.8). The cores are apart: GJK.
        assert_eq!(r.method, ContactMethod::Gjk);
        assert!(near(r.contact.distance, -0.5));
        assert!(near_v(r.contact.normal, DVec2::new(0.6, 0.8)));
        // Same centre: the core MD is one point, the origin; the documented +x.
        let same = gjk_epa_contact(&a, &Convex::circle(DVec2::ZERO, 0.5));
        assert_eq!(same.method, ContactMethod::Epa);
        assert_eq!(
            same.epa.as_ref().unwrap().termination,
            EpaTermination::DegenerateMd
        );
        assert_eq!(same.contact.distance, -1.5);
        assert_eq!(same.contact.normal, DEGENERATE_NORMAL);
    }

    #[test]
    fn capsule_through_a_box_corner() {
        // Capsule core from (0.5, 1.5) to (2.5, 1.5) (half 1 at (1.5, 1.5)), radius 0.25, over
        // the unit box's corner (1, 1): core MD nearest boundary is the box top, 0.5 below the
        // core, so the core distance is 0.5 and the rounded distance 0.25 along +y.
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = body(
            Shape::Capsule {
                half_length: 1.0,
                radius: 0.25,
            },
            1.5,
            1.5,
            0.0,
        );
        let c = gjk_epa_contact(&a, &b).contact;
        assert!(
            near(c.distance, 0.25) && near_v(c.normal, DVec2::Y),
            "{c:?}"
        );
        // Pushed down to y = 0.7 the core crosses the box's side x = 1: the core leaves upwards
        // by 0.3 (to y = 1; rightwards its left end would need 0.5), so the rounded distance
        // is −0.3 − 0.25 = −0.55.
        let b = body(
            Shape::Capsule {
                half_length: 1.0,
                radius: 0.25,
            },
            1.5,
            0.7,
            0.0,
        );
        let r = gjk_epa_contact(&a, &b);
        assert_eq!(r.method, ContactMethod::Epa);
        assert!(
            near(r.contact.distance, -0.55) && near_v(r.contact.normal, DVec2::Y),
            "{:?}",
            r.contact
        );
    }

    #[test]
    fn point_inside_a_polygon_grows_a_triangle() {
        // A point core 0.3 inside the unit box's right side: depth 0.3, out along +x.
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = Convex::circle(DVec2::new(0.7, 0.1), 0.0);
        let r = gjk_epa_contact(&a, &b);
        assert_eq!(r.method, ContactMethod::Epa);
        let e = r.epa.unwrap();
        assert_eq!(e.termination, EpaTermination::Converged);
        assert!(e.steps[0].polytope.len() == 3);
        assert!(near(r.contact.distance, -0.3) && near_v(r.contact.normal, DVec2::X));
        assert!(near_v(r.contact.point_a, DVec2::new(1.0, 0.1)));
        assert!(near_v(r.contact.point_b, DVec2::new(0.7, 0.1)));
    }

    #[test]
    fn touching_faces_give_depth_zero_and_the_face_normal() {
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = boxed(1.0, 1.0, 2.0, 0.5, 0.0);
        let r = gjk_epa_contact(&a, &b);
        assert_eq!(r.method, ContactMethod::Epa);
        assert_eq!(r.contact.distance, 0.0);
        assert_eq!(r.contact.normal, DVec2::X);
        // Corner to corner: either side's normal is a true one.
        let b = boxed(1.0, 1.0, 2.0, 2.0, 0.0);
        let r = gjk_epa_contact(&a, &b);
        assert_eq!(r.contact.distance, 0.0);
        assert!(
            r.contact.normal == DVec2::X || r.contact.normal == DVec2::Y,
            "{:?}",
            r.contact
        );
    }

    #[test]
    fn parallel_overlapping_segments_have_a_flat_md() {
        // Two collinear capsule cores overlapping along x: the core MD is a segment of the x
        // axis through the origin. Core distance 0; ±y are both shortest ways, +y is chosen.
        let cap = Shape::Capsule {
            half_length: 1.0,
            radius: 0.1,
        };
        let a = body(cap.clone(), 0.0, 0.0, 0.0);
        let b = body(cap.clone(), 0.5, 0.0, 0.0);
        let r = gjk_epa_contact(&a, &b);
        assert_eq!(r.method, ContactMethod::Epa);
        let e = r.epa.as_ref().unwrap();
        assert_eq!(e.termination, EpaTermination::DegenerateMd);
        assert!(e.steps.is_empty());
        assert!(near(r.contact.distance, -0.2), "{:?}", r.contact);
        assert_eq!(r.contact.normal, DVec2::Y);
        assert!(near_v(
            r.contact.point_b - r.contact.point_a,
            -0.2 * DVec2::Y
        ));
        // Tilted to 30°, the normal is the line's perpendicular nearer +x.
        let a = body(cap.clone(), 0.0, 0.0, 30.0);
        let b = body(cap, 0.0, 0.0, 30.0);
        let c = gjk_epa_contact(&a, &b).contact;
        assert!(
            near_v(c.normal, DVec2::from_angle(-60f64.to_radians())),
            "{c:?}"
        );
        // A point core on a segment core: also flat.
        let seg = Convex::new(vec![DVec2::new(-1.0, -1.0), DVec2::new(1.0, 1.0)], 0.0);
        let c = gjk_epa_contact(&seg, &Convex::circle(DVec2::new(0.5, 0.5), 0.25)).contact;
        assert!(near(c.distance, -0.25), "{c:?}");
        assert!(near_v(c.normal, DVec2::new(1.0, -1.0).normalize()), "{c:?}");
    }

    #[test]
    fn epa_ends_on_an_md_edge_for_polygons() {
        let a = boxed(1.0, 0.6, 0.1, -0.2, 17.0);
        let b = body(
            Shape::Polygon {
                vertices: vec![
                    DVec2::new(0.0, 1.0),
                    DVec2::new(-1.0, -1.0),
                    DVec2::new(1.2, -0.8),
                ],
                radius: 0.0,
            },
            0.4,
            0.3,
            -40.0,
        );
        let r = gjk_epa_contact(&a, &b);
        let e = r.epa.expect("overlapping");
        assert_eq!(e.termination, EpaTermination::Converged);
        let p = e.penetration.unwrap();
        let md = minkowski_difference(&a, &b);
        // Both ends are MD vertices (by their vertex pairs), and the edge's line supports the MD.
        for end in p.edge {
            assert!(md.vertices.iter().any(|v| v.a == end.a && v.b == end.b));
        }
        let out = -p.normal;
        let h = md
            .points()
            .iter()
            .map(|v| v.dot(out))
            .fold(f64::MIN, f64::max);
        assert!((h - p.depth).abs() < 1e-12, "{h} vs {}", p.depth);
        let exact = contact(&a, &b);
        assert!(near(r.contact.distance, exact.distance) && near_v(r.contact.normal, exact.normal));
    }

    /// The record's bounds bracket the exact core depth at every iteration: the nearest edge's
    /// distance from below, never falling, the running upper bound from above, never rising,
    /// and they meet where EPA converges.
    #[test]
    fn the_records_bounds_bracket_the_depth() {
        let mut checked = 0;
        for k in 0..300 {
            let f = k as f64;
            let a = boxed(1.0, 0.4 + (f * 0.7).sin().abs(), 0.0, 0.0, f * 11.0);
            let b = Shape::Polygon {
                vertices: (0..(3 + k % 7))
                    .map(|i| DVec2::from_angle(f + i as f64 * 2.0) * (0.8 + 0.3 * (i as f64).sin()))
                    .collect(),
                radius: 0.0,
            };
            let b = body(b, 1.2 * (f * 0.3).cos(), 0.9 * (f * 0.5).sin(), f * 3.0);
            let r = gjk_epa_contact(&a, &b);
            let Some(e) = r.epa.filter(|e| e.termination == EpaTermination::Converged) else {
                continue;
            };
            let depth = -contact(&a, &b).distance;
            let (mut lower, mut upper) = (f64::NEG_INFINITY, f64::INFINITY);
            for s in &e.steps {
                assert!(s.edge_distance >= lower - 1e-12, "{s:?}");
                assert!(s.best_upper_bound <= upper, "{s:?}");
                (lower, upper) = (s.edge_distance, s.best_upper_bound);
                assert!(s.best_upper_bound <= s.edge_distance + s.gap, "{s:?}");
                assert!(
                    lower <= depth + 1e-9 && depth <= upper + 1e-9,
                    "{depth} {s:?}"
                );
            }
            assert!((upper - lower).abs() < 1e-9, "{lower} {upper}");
            checked += 1;
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn epa_refuses_a_simplex_without_the_origin() {
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        let b = boxed(1.0, 1.0, 5.0, 0.0, 0.0);
        let g = gjk(&a, &b);
        let e = epa(&a, &b, &g.simplex);
        assert_eq!(e.termination, EpaTermination::OriginOutside);
        assert!(e.penetration.is_none());
    }
}

//! Support queries in many directions on one shape, each started from the last answer.
//!
//! Along any direction the dot products of a convex polygon's vertices, taken counter-clockwise,
//! rise from the lowest vertex to the highest and fall back: one peak, one trough. So the
//! highest vertex can be found by climbing, from any vertex, towards the larger neighbour until
//! neither neighbour is larger. That walk is long from a bad start, but the queries that cost
//! most come in order: the SAT, the edge scan and the separating-line search ask about the edge
//! normals of the *other* polygon one after the other, and as the normal turns the answer moves
//! on by a vertex or two. Climbing from the last answer, a whole sweep of n directions over an
//! m-gon costs O(n + m) instead of the plain scan's O(n·m) — what lets the figures of two
//! thousand-vertex polygons be rebuilt at every edit.
//!
//! The answers are the plain scans' answers: the same dot products, the same maximum, and
//! among exactly equal values the lowest index, as a scan keeps the first. The tie rule of
//! [`Convex::support_vertices`] picks every vertex within a tolerance of the highest; on a
//! convex polygon those vertices are consecutive around the peak, so they are gathered by
//! walking outward from it. A run of exactly equal values (collinear vertices edge-on, as in an
//! MD that keeps its split edges) is crossed before a vertex is called the peak. Queries climb
//! from the higher of the last highest and last lowest vertex, so never from the bottom of a
//! flat trough, where rounding can fake a little peak.
//!
//! The first query has no last answer. It bisects the cycle instead (O(log n), after Dan
//! Sunday's extreme-point search) and climbs from where that lands; [`extreme_vertex`] is that
//! alone, for searches in unrelated directions such as GJK's. Should rounding mislead the
//! bisection (a vertex it looked at is higher than the answer), a scan decides. A large core
//! kept in its own frame can carry a table that gives, for the direction's sector, the arc of
//! vertices that holds the answer ([`Convex::indexed`]): the search then looks along that arc,
//! mostly a vertex or two, and climbs from there as from any start.
//!
//! IMPORTANT NOTE: this relies on the shape being convex, as every [`Convex`] is. Rounding can
//! break the single peak only among vertices whose dot products agree to a few ulps: beside the
//! true peak, where the climb can then stop on a vertex a few ulps below the scan's maximum (the
//! tie rule's tolerance covers that gap, so [`HintedSupport::vertices`] still finds the same set),
//! or on a shape that is flat within rounding along the direction. Property tests compare every
//! answer with the plain scan, to the bit, on random, regular, far-off and aligned polygons.

use super::shape::{order_counter_clockwise, support_tie_tolerance};
use super::{around, first_not, on, steps, Convex, DVec2, Placement, Pose};
use std::borrow::Cow;

/// The first core vertex with the largest dot product with `dir` (the lowest index among exactly
/// equal ones), in O(log n), no hint needed: on a core with the table of sectors
/// ([`Convex::indexed`]) a look-up and a short climb (a bisection of the sector's arc where the
/// edges' directions crowd), else one bisection of the cycle and a short climb.
pub fn extreme_vertex(shape: &Convex, dir: DVec2) -> usize {
    let key = |v: DVec2| v.dot(dir);
    if shape.vertices.len() < BISECT_FROM {
        return scan(&shape.vertices, &key); // what `peak` would do, without its detour
    }
    extreme_vertex_of_many(shape, dir)
}

/// [`extreme_vertex`] of a core of [`BISECT_FROM`] vertices or more (apart, so that the small
/// cores' scan keeps its own short call).
#[inline(never)]
fn extreme_vertex_of_many(shape: &Convex, dir: DVec2) -> usize {
    let key = |v: DVec2| v.dot(dir);
    if let Some(arc) = shape.sectors.as_ref().and_then(|s| s.arc(dir)) {
        return peak_between(&shape.vertices, &key, arc);
    }
    peak(&shape.vertices, [None, None], &key)
}

/// Where a large core's support searches start ([`Convex::indexed`]): the directions cut into
/// `B` sectors of equal pseudo-angle (a power of two, about one for each vertex), and for each
/// sector the arc of vertices that holds the extreme vertex of every direction in it, from the
/// extreme along the sector's first direction to the extreme along the next sector's first.
/// Entry `k` is where sector `k`'s arc begins and entry `k + 1` where it ends (entry `B` is
/// entry 0 again). As a direction turns counter-clockwise its extreme vertex moves on
/// counter-clockwise, so where the edges' directions are spread evenly an arc is a vertex or
/// two, and where they crowd (the ends of a long thin polygon) a longer arc is bisected alone.
#[derive(Clone)]
pub(crate) struct Sectors(Box<[u32]>);

/// The most sectors a table has (a larger polygon's arcs are longer, and bisected).
const MOST_SECTORS: usize = 4096;

impl Sectors {
    /// The table for a core with these vertices; `None` below [`BISECT_FROM`] vertices, where
    /// searches scan, or with more vertices than the table can number.
    pub(crate) fn of(vertices: &[DVec2]) -> Option<Sectors> {
        let n = vertices.len();
        if n < BISECT_FROM || u32::try_from(n).is_err() {
            return None;
        }
        let b = n.next_power_of_two().min(MOST_SECTORS);
        let first = |k: usize| from_pseudo_angle(4.0 * k as f64 / b as f64);
        let key = |d: DVec2| move |v: DVec2| v.dot(d);
        let mut starts = Vec::with_capacity(b + 1);
        // Each sector's first extreme by climbing from the last: O(n + b) in all.
        let mut at = peak(vertices, [None, None], &key(first(0)));
        starts.push(at as u32);
        for k in 1..b {
            let along = key(first(k));
            at = climb(vertices, (at, along(vertices[at])), &along);
            starts.push(at as u32);
        }
        starts.push(starts[0]);
        Some(Sectors(starts.into()))
    }

    /// The arc of vertices expected to hold the extreme vertex along `dir` (`None` for a zero
    /// direction or one with a NaN). Rounding of `dir`'s pseudo-angle near a sector's edge can put
    /// the answer a vertex outside; the climb that ends the search steps to it.
    #[inline]
    fn arc(&self, dir: DVec2) -> Option<[usize; 2]> {
        let p = pseudo_angle(dir);
        if p.is_nan() {
            return None;
        }
        let b = self.0.len() - 1;
        // `as` saturates; a pseudo-angle rounded up to 4 is the last sector's.
        let k = ((p * (b / 4) as f64) as usize).min(b - 1);
        Some([self.0[k] as usize, self.0[k + 1] as usize])
    }
}

impl std::fmt::Debug for Sectors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sectors({})", self.0.len() - 1)
    }
}

/// A number in `[0, 4)` that grows with `d`'s angle counter-clockwise from +x as the angle
/// does (0 along +x, 1 along +y, 2 along −x, 3 along −y): where `d` meets the diamond
/// `|x| + |y| = 1`, measured along it. One division, no trigonometry. NaN for a zero direction
/// or one with a NaN.
#[inline]
fn pseudo_angle(d: DVec2) -> f64 {
    let t = d.y / (d.x.abs() + d.y.abs());
    if d.x < 0.0 {
        2.0 - t
    } else if t < 0.0 {
        4.0 + t
    } else {
        t
    }
}

/// A direction whose [`pseudo_angle`] is `p` (in `[0, 4)`): the point of the diamond.
fn from_pseudo_angle(p: f64) -> DVec2 {
    match p {
        p if p < 1.0 => DVec2::new(1.0 - p, p),
        p if p < 2.0 => DVec2::new(1.0 - p, 2.0 - p),
        p if p < 3.0 => DVec2::new(p - 3.0, 2.0 - p),
        p => DVec2::new(p - 3.0, p - 4.0),
    }
}

/// [`extreme_vertex`] when the answer is expected at or near vertex `near` (the last answer along
/// a direction that has turned a little since): a climb from there, which on a convex polygon
/// ends on the peak, or, where rounding breaks the single peak, a few ulps below it (module
/// doc); `near` should not be the bottom of a flat trough, and the callers' is beside the peak.
/// Small polygons are scanned.
pub fn extreme_vertex_near(shape: &Convex, dir: DVec2, near: usize) -> usize {
    let key = |v: DVec2| v.dot(dir);
    if shape.vertices.len() < BISECT_FROM {
        return scan(&shape.vertices, &key);
    }
    peak(&shape.vertices, [Some(near), None], &key)
}

/// [`extreme_vertex`] when the answer is expected on the counter-clockwise arc of vertices from
/// `arc[0]` to `arc[1]`, as EPA's and GJK's are: the vertices behind the two ends of the edge
/// they refine. Along a direction whose normal cone the arc spans, the dot products rise and then
/// fall along it, so a bisection over the arc alone (O(log of its length); a short arc is
/// climbed from its start) lands next to the peak, and a climb settles the tie rule. A climb
/// from anywhere ends on the peak of a convex polygon, so a wrong guess costs time, not the
/// answer; after log₂ n steps (and the short arc's) the climb gives way to the bisection over
/// the whole cycle. Polygons of fewer than 8 vertices are scanned. On a core with the table of
/// sectors ([`Convex::indexed`]), a long arc gives way to the sector's where that is shorter.
pub fn extreme_vertex_between(shape: &Convex, dir: DVec2, arc: [usize; 2]) -> usize {
    let vertices = &shape.vertices;
    if vertices.len() < ARC_FROM {
        return scan(vertices, &|v: DVec2| v.dot(dir));
    }
    // A long arc (an early EPA edge's) gives way to the sector's where that is shorter.
    let sector = || shape.sectors.as_ref().and_then(|s| s.arc(dir));
    peak_between_or(vertices, &|v: DVec2| v.dot(dir), arc, sector)
}

/// The vertex where `key` peaks, expected on the counter-clockwise arc from `arc[0]` to
/// `arc[1]`, along which `key` rises and then falls (see [`extreme_vertex_between`]).
fn peak_between(vertices: &[DVec2], key: &impl Fn(DVec2) -> f64, arc: [usize; 2]) -> usize {
    peak_between_or(vertices, key, arc, || None)
}

/// [`peak_between`], where an arc longer than [`SHORT_ARC`] gives way to the arc `other` gives
/// if that is shorter (asked only then).
#[inline(always)]
fn peak_between_or(
    vertices: &[DVec2],
    key: &impl Fn(DVec2) -> f64,
    arc: [usize; 2],
    other: impl FnOnce() -> Option<[usize; 2]>,
) -> usize {
    let n = vertices.len();
    // (Arcs from the caller's own searches are in range: no division then.)
    let wrap = |i: usize| if i < n { i } else { i % n };
    let mut from = wrap(arc[0]);
    let mut len = steps(from, wrap(arc[1]), n);
    if len > SHORT_ARC {
        if let Some([a, b]) = other() {
            let shorter = steps(wrap(a), wrap(b), n);
            if shorter < len {
                (from, len) = (wrap(a), shorter);
            }
        }
    }
    let at = |k: usize| key(vertices[on(from, k, n)]);
    // The first step along the arc that does not rise: on a short arc, the climb from its
    // start finds it (a step or two, where the bisection looks at two vertices a step).
    let (lo, walk) = if len <= SHORT_ARC {
        (0, len)
    } else {
        (first_not(len, |k| at(k + 1) > at(k)), 0)
    };
    let start = on(from, lo, n);
    let value = key(vertices[start]);
    // Mostly the peak already, above both neighbours (what the climb would look at first).
    let (before, after) = around(start, n);
    if key(vertices[after]) < value && key(vertices[before]) < value {
        return start;
    }
    let budget = (usize::BITS - n.leading_zeros()) as usize + walk;
    climb_at_most(vertices, (start, value), key, budget)
        .unwrap_or_else(|| peak(vertices, [None, None], key))
}

/// A convex core as GJK and EPA see it: vertices in world space and an extreme vertex in any
/// direction (O(log n)).
pub trait CoreShape {
    fn vertex_count(&self) -> usize;
    /// Core vertex `i`, in world space.
    fn vertex(&self, i: usize) -> DVec2;
    /// The first vertex farthest along `dir` (world space); see [`extreme_vertex`].
    fn extreme(&self, dir: DVec2) -> usize;

    /// [`CoreShape::extreme`] when the answer is expected on the counter-clockwise arc of
    /// vertices from `arc[0]` to `arc[1]` (see [`extreme_vertex_between`]).
    fn extreme_between(&self, dir: DVec2, arc: [usize; 2]) -> usize;

    /// The rounding radius (0 for a bare core).
    fn radius(&self) -> f64;

    /// The shape as a [`Convex`] in the frame its vertices are given in: for the exact
    /// fallbacks, which read the whole MD (borrowed when it is one already; for a [`Posed`]
    /// core, placed as [`Convex::placed`] does, O(n)).
    fn as_convex(&self) -> Cow<'_, Convex>;

    /// The core's extreme vertices along the world axes (at least one vertex).
    fn axis_extremes(&self) -> AxisExtremes {
        AxisExtremes(AXES.map(|d| self.extreme(d)))
    }

    /// The corners `(min, max)` of the core's world bounding box (at least one vertex).
    fn bounds(&self) -> (DVec2, DVec2) {
        self.axis_extremes().bounds(self)
    }

    /// The largest coordinate magnitude of the core (0 without vertices).
    fn extent(&self) -> f64 {
        if self.vertex_count() == 0 {
            return 0.0;
        }
        box_extent(self.bounds())
    }
}

/// The directions of [`AxisExtremes`], in its order.
const AXES: [DVec2; 4] = [DVec2::X, DVec2::Y, DVec2::NEG_X, DVec2::NEG_Y];

/// A core's extreme vertices along +x, +y, −x and −y, in the order they come round a
/// counter-clockwise core (each the first of its exact ties, as [`CoreShape::extreme`] finds
/// it): the vertices of its bounding box's sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AxisExtremes(pub [usize; 4]);

impl AxisExtremes {
    /// The corners `(min, max)` of the bounding box.
    pub fn bounds(&self, core: &(impl CoreShape + ?Sized)) -> (DVec2, DVec2) {
        let [right, top, left, bottom] = self.0.map(|i| core.vertex(i));
        (DVec2::new(left.x, bottom.y), DVec2::new(right.x, top.y))
    }
}

/// The largest coordinate magnitude of a bounding box `(min, max)`.
pub(crate) fn box_extent((lo, hi): (DVec2, DVec2)) -> f64 {
    lo.abs().max(hi.abs()).max_element()
}

impl CoreShape for Convex {
    fn vertex_count(&self) -> usize {
        self.vertices.len()
    }
    fn vertex(&self, i: usize) -> DVec2 {
        self.vertices[i]
    }
    fn extreme(&self, dir: DVec2) -> usize {
        extreme_vertex(self, dir)
    }
    fn extreme_between(&self, dir: DVec2, arc: [usize; 2]) -> usize {
        extreme_vertex_between(self, dir, arc)
    }
    fn radius(&self) -> f64 {
        self.radius
    }
    fn as_convex(&self) -> Cow<'_, Convex> {
        Cow::Borrowed(self)
    }
    fn bounds(&self) -> (DVec2, DVec2) {
        // A small core in one pass, by the coordinates alone.
        let v = &self.vertices;
        if v.len() < BISECT_FROM {
            let (mut lo, mut hi) = (v[0], v[0]);
            for p in &v[1..] {
                // Plain comparisons (the vertices are finite): cheaper than `min`/`max`.
                if p.x < lo.x {
                    lo.x = p.x;
                } else if p.x > hi.x {
                    hi.x = p.x;
                }
                if p.y < lo.y {
                    lo.y = p.y;
                } else if p.y > hi.y {
                    hi.y = p.y;
                }
            }
            return (lo, hi);
        }
        self.axis_extremes().bounds(self)
    }
    fn axis_extremes(&self) -> AxisExtremes {
        let v = &self.vertices;
        if v.len() < BISECT_FROM {
            return AxisExtremes(AXES.map(|d| self.extreme(d)));
        }
        // Keyed by the coordinate itself: the same vertices as `extreme(±X)` and `extreme(±Y)`
        // (a dot product with an axis is the coordinate, exactly), without the multiplications.
        AxisExtremes(extremes_round(v, self.extreme(DVec2::X), |p| p.x, |p| p.y))
    }
}

/// The corners `(min, max)` of the bounding box of `vertices` (at least one) placed by
/// `placement`, in one pass.
fn placed_bounds(vertices: &[DVec2], placement: &Placement) -> (DVec2, DVec2) {
    let first = placement.apply(vertices[0]);
    let (mut lo, mut hi) = (first, first);
    for &v in &vertices[1..] {
        let p = placement.apply(v);
        lo = lo.min(p);
        hi = hi.max(p);
    }
    (lo, hi)
}

/// The extreme vertices of a large convex polygon along `+u`, `+w`, `−u` and `−w`, where `along`
/// and `across` are the dot products with `u` and with `w`, a quarter turn counter-clockwise
/// from `u`, and `first` is the extreme along `u` (by [`extreme_vertex`]). From there on, each
/// by a bisection of the arc that holds it: counter-clockwise from the extreme along `u`, the
/// values along `u` fall to the least and rise back; the extreme along `w` lies between those
/// two, and the extreme along `−w` between the least and the first again.
fn extremes_round(
    v: &[DVec2],
    first: usize,
    along: impl Fn(DVec2) -> f64,
    across: impl Fn(DVec2) -> f64,
) -> [usize; 4] {
    let n = v.len();
    let opposite = peak_between(v, &|p: DVec2| -along(p), [first, first + n - 1]);
    let quarter = peak_between(v, &across, [first, opposite]);
    let three_quarters = peak_between(v, &|p: DVec2| -across(p), [opposite, first]);
    [first, quarter, opposite, three_quarters]
}

/// A core in its own frame placed by a pose, without moving its vertices: each one is placed
/// only when asked for, and a support search turns the direction into the core's frame
/// instead. O(log n) per query where [`Convex::transformed`] is O(n). The vertices are where
/// `transformed` puts them (the same arithmetic), but a search in the core's frame can settle a
/// rounding-level tie on the other vertex.
#[derive(Clone, Copy, Debug)]
pub struct Posed<'a> {
    local: &'a Convex,
    placement: Placement,
}

impl<'a> Posed<'a> {
    pub fn new(local: &'a Convex, pose: &Pose) -> Self {
        Posed::placed(local, Placement::from(pose))
    }

    /// Placed by `placement` (the rotation worked out already).
    pub fn placed(local: &'a Convex, placement: Placement) -> Self {
        Posed { local, placement }
    }

    /// Placed at `position`, turned by `rotation` (`(cos θ, sin θ)` of the pose's angle, as
    /// [`DVec2::from_angle`] gives it): for a caller that has it already.
    pub fn turned(local: &'a Convex, position: DVec2, rotation: DVec2) -> Self {
        Posed::placed(local, Placement { position, rotation })
    }

    /// The core in its own frame.
    pub fn local(&self) -> &'a Convex {
        self.local
    }

    pub fn placement(&self) -> &Placement {
        &self.placement
    }
}

impl Posed<'_> {
    /// A world direction in the core's frame.
    #[inline]
    fn turned_back(&self, dir: DVec2) -> DVec2 {
        self.placement.rotate_back(dir)
    }
}

impl CoreShape for Posed<'_> {
    #[inline]
    fn vertex_count(&self) -> usize {
        self.local.vertices.len()
    }
    #[inline]
    fn vertex(&self, i: usize) -> DVec2 {
        self.placement.apply(self.local.vertices[i])
    }
    #[inline]
    fn extreme(&self, dir: DVec2) -> usize {
        // The inverse rotation: by the conjugate (cos, −sin).
        extreme_vertex(self.local, self.turned_back(dir))
    }
    #[inline]
    fn extreme_between(&self, dir: DVec2, arc: [usize; 2]) -> usize {
        extreme_vertex_between(self.local, self.turned_back(dir), arc)
    }
    fn radius(&self) -> f64 {
        self.local.radius
    }
    fn as_convex(&self) -> Cow<'_, Convex> {
        Cow::Owned(self.local.placed(&self.placement))
    }
    fn bounds(&self) -> (DVec2, DVec2) {
        // A small core in one pass over its placed vertices (where four support scans would
        // each turn an axis back and look at every vertex).
        if self.local.vertices.len() < BISECT_FROM {
            return placed_bounds(&self.local.vertices, &self.placement);
        }
        self.axis_extremes().bounds(self)
    }
    fn axis_extremes(&self) -> AxisExtremes {
        let v = &self.local.vertices;
        if v.len() < BISECT_FROM {
            return AxisExtremes(AXES.map(|d| self.extreme(d)));
        }
        // The world axes in the core's frame: the same dot products as `extreme` takes.
        let (u, w) = (self.turned_back(DVec2::X), self.turned_back(DVec2::Y));
        let first = extreme_vertex(self.local, u);
        AxisExtremes(extremes_round(v, first, |p| p.dot(u), |p| p.dot(w)))
    }
}

/// Support queries on `shape`, each starting from the previous answer (see the module doc).
#[derive(Clone, Debug)]
pub struct HintedSupport<'a> {
    shape: &'a Convex,
    /// [`Convex::extent`], once the tie rule needs it.
    extent: Option<f64>,
    /// The last highest and lowest vertex found (`None` before the first query).
    high: Option<usize>,
    low: Option<usize>,
}

impl<'a> HintedSupport<'a> {
    pub fn new(shape: &'a Convex) -> Self {
        HintedSupport {
            shape,
            extent: None,
            high: None,
            low: None,
        }
    }

    /// The shape queried.
    pub fn shape(&self) -> &'a Convex {
        self.shape
    }

    /// The vertex with the largest `key` (the lowest index among exactly equal keys), starting
    /// from the last answer of [`HintedSupport::highest_by`]. `key` must be a linear function of
    /// the vertex (a dot product, maybe offset), so that it has one peak.
    pub fn highest_by(&mut self, key: impl Fn(DVec2) -> f64) -> usize {
        let found = peak(&self.shape.vertices, [self.high, self.low], &key);
        self.high = Some(found);
        found
    }

    /// The vertex with the smallest `key` (the lowest index among exactly equal keys), starting
    /// from the last answer of [`HintedSupport::lowest_by`].
    pub fn lowest_by(&mut self, key: impl Fn(DVec2) -> f64) -> usize {
        let found = peak(&self.shape.vertices, [self.low, self.high], &|v| -key(v));
        self.low = Some(found);
        found
    }

    /// [`Convex::support_value`]: the largest dot product of a core vertex with `dir`.
    pub fn value(&mut self, dir: DVec2) -> f64 {
        let i = self.highest_by(|v| v.dot(dir));
        self.shape.vertices[i].dot(dir)
    }

    /// The smallest and the largest dot product of a core vertex with `dir` (the core's
    /// projection, not widened by the radius).
    pub fn interval(&mut self, dir: DVec2) -> (f64, f64) {
        let hi = self.value(dir);
        let lo = self.lowest_by(|v| v.dot(dir));
        (self.shape.vertices[lo].dot(dir), hi)
    }

    /// [`Convex::support_vertices`]: the highest vertex along `dir` and every vertex tied with
    /// it, in the same order.
    pub fn vertices(&mut self, dir: DVec2) -> Vec<usize> {
        let (least, best) = self.interval(dir);
        let peak = self.high.unwrap_or(0);
        let extent = *self.extent.get_or_insert_with(|| self.shape.extent());
        let floor = best - support_tie_tolerance(best, least, extent, dir);
        let vertices = &self.shape.vertices;
        let n = vertices.len();
        let mut tied = vec![peak];
        let mut forward = 1;
        while forward < n && vertices[(peak + forward) % n].dot(dir) >= floor {
            tied.push((peak + forward) % n);
            forward += 1;
        }
        let mut backward = 1;
        while forward + backward <= n && vertices[(peak + n - backward) % n].dot(dir) >= floor {
            tied.push((peak + n - backward) % n);
            backward += 1;
        }
        tied.sort_unstable();
        order_counter_clockwise(&mut tied, n);
        tied
    }
}

/// The index of the largest `key` over `vertices` (at least one): the lowest index among
/// exactly equal values. With hints (the last answers), by climbing from the higher of them;
/// without, by [`bisect`] and a climb from there (a scan if the bisection fails).
fn peak(vertices: &[DVec2], hints: [Option<usize>; 2], key: &impl Fn(DVec2) -> f64) -> usize {
    let n = vertices.len();
    let at = |i: usize| key(vertices[i]);
    // Of the last highest and lowest vertex, at least one is well above the trough unless the
    // whole shape is within rounding of flat along this direction.
    match hints {
        [Some(h), Some(g)] if h < n && g < n => {
            let (x, y) = (at(h), at(g));
            if y > x {
                climb(vertices, (g, y), key)
            } else {
                climb(vertices, (h, x), key)
            }
        }
        [Some(h), _] | [None, Some(h)] if h < n => climb(vertices, (h, at(h)), key),
        _ => {
            if let Some((start, highest_seen)) = bisect(vertices, key) {
                let found = climb(vertices, (start, at(start)), key);
                // A bisection misled by rounding (a shape flat within rounding) could end on a
                // false peak; any vertex it saw higher than the answer gives it away.
                if at(found) >= highest_seen {
                    return found;
                }
            }
            scan(vertices, key)
        }
    }
}

/// The first vertex with the largest `key`, by looking at every one.
pub(crate) fn scan(vertices: &[DVec2], key: &impl Fn(DVec2) -> f64) -> usize {
    let mut best = (0, key(vertices[0]));
    for (j, &v) in vertices.iter().enumerate().skip(1) {
        let x = key(v);
        if x > best.1 {
            best = (j, x);
        }
    }
    best.0
}

/// Polygons smaller than this are scanned: on so few vertices a bisection saves nothing over
/// the plain scan. The limit sits where the two meet in GJK and EPA. (Where the arc of the
/// answer is known, from [`ARC_FROM`] on, a short arc is looked along instead.)
pub(crate) const BISECT_FROM: usize = 24;

/// Polygons smaller than this are scanned when the arc of the answer is known
/// ([`extreme_vertex_between`]); from this size on, the search looks along the arc, mostly a
/// few vertices long in GJK's and EPA's later steps.
const ARC_FROM: usize = 8;

/// The longest arc [`extreme_vertex_between`] climbs along from its start, where a longer one is
/// bisected first.
const SHORT_ARC: usize = 8;

/// A vertex where `key` peaks, by bisection over the cycle of a convex polygon (after Dan
/// Sunday's extreme-point search): O(log n) looks at `key`. Returns it with the largest value
/// seen on the way; `None` for a small polygon or when the bisection runs out of room, which
/// exact arithmetic never does.
///
/// The loop keeps a stretch `[lo, hi]` of the cycle that holds the peak strictly inside (the
/// index `n` is vertex 0 again) and whether the values rise at `lo`. A midpoint `mid` where
/// they neither rise nor fall into it is a peak. Otherwise, if the values rise at `lo`: a
/// falling `mid`, or a rising one lower than `lo` (on the rise back, after the trough), is past
/// the peak, else the peak is past `mid`. If they fall at `lo`: a rising `mid` is before the
/// peak; a falling one higher than `lo` is on the descent after the peak, else on the descent
/// before the trough.
fn bisect(vertices: &[DVec2], key: &impl Fn(DVec2) -> f64) -> Option<(usize, f64)> {
    let n = vertices.len();
    if n < BISECT_FROM {
        return None;
    }
    // Indices run from 0 to n, and n is vertex 0 again (no division: a conditional).
    let at = |i: usize| key(vertices[if i == n { 0 } else { i }]);
    let mut highest = f64::NEG_INFINITY;
    let mut seen = |x: f64| {
        // (A plain comparison, as `f64::max` would do with a NaN: passed over.)
        if x > highest {
            highest = x;
        }
        x
    };
    let first = seen(at(0));
    let mut rises_at_lo = seen(at(1)) > first;
    if !rises_at_lo && seen(at(n - 1)) <= first {
        return Some((0, highest));
    }
    let (mut lo, mut hi) = (0, n);
    let mut lo_value = first;
    while hi - lo > 1 {
        // (`0 < mid < n`: only `mid + 1` can be vertex 0 again.)
        let mid = (lo + hi) / 2;
        let value = seen(key(vertices[mid]));
        let rises = seen(at(mid + 1)) > value;
        if !rises && seen(key(vertices[mid - 1])) <= value {
            return Some((mid, highest));
        }
        let past_peak = if rises_at_lo {
            !rises || lo_value > value
        } else {
            !rises && value > lo_value
        };
        if past_peak {
            hi = mid;
        } else {
            (lo, lo_value, rises_at_lo) = (mid, value, rises);
        }
    }
    None
}

/// From `start` (with its `key` value), the peak of `key`: the lowest index among its exact ties.
fn climb(vertices: &[DVec2], start: (usize, f64), key: &impl Fn(DVec2) -> f64) -> usize {
    climb_at_most(vertices, start, key, usize::MAX).expect("an unbounded climb ends on the peak")
}

/// [`climb`], giving up (`None`) after `budget` moves.
fn climb_at_most(
    vertices: &[DVec2],
    start: (usize, f64),
    key: &impl Fn(DVec2) -> f64,
    mut budget: usize,
) -> Option<usize> {
    let n = vertices.len();
    let mut spend = || {
        budget = budget.saturating_sub(1);
        budget > 0
    };
    let at = |i: usize| key(vertices[i]);
    let next = |i: usize| if i + 1 == n { 0 } else { i + 1 };
    let prev = |i: usize| if i == 0 { n - 1 } else { i - 1 };
    let (mut i, mut value) = start;
    // Climb strictly (so the walk ends) towards the larger neighbour: forward while the next
    // vertex is higher, else backward while the previous one is. At a run of equal values
    // (collinear vertices edge-on, allowed in a polygon that is convex but not strictly so),
    // look past both ends of the run before calling it the peak.
    loop {
        let mut ahead = at(next(i));
        let behind = if ahead > value {
            while ahead > value {
                if !spend() {
                    return None;
                }
                (i, value) = (next(i), ahead);
                ahead = at(next(i));
            }
            f64::NEG_INFINITY // the vertex just left: lower
        } else {
            let mut behind = at(prev(i));
            if behind > value {
                while behind > value {
                    if !spend() {
                        return None;
                    }
                    (i, value) = (prev(i), behind);
                    behind = at(prev(i));
                }
                ahead = f64::NEG_INFINITY; // the vertex just left: lower
            }
            behind
        };
        if ahead != value && behind != value {
            return Some(i); // a strict peak
        }
        // Neither neighbour is higher, one is equal: gather the run of values equal to this one.
        let (mut first, mut last, mut run) = (i, i, 1);
        while run < n && at(next(last)) == value {
            (last, run) = (next(last), run + 1);
        }
        while run < n && at(prev(first)) == value {
            (first, run) = (prev(first), run + 1);
        }
        let beyond = [next(last), prev(first)]
            .into_iter()
            .find(|&j| run < n && at(j) > value);
        match beyond {
            Some(j) => (i, value) = (j, at(j)),
            // The peak. Among its exact ties (the run), the lowest index.
            None => return Some(if first <= last { first } else { 0 }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::shape::Pose;
    use crate::geometry::testing::regular_polygon;
    use proptest::prelude::*;

    /// Every query of a walker equals the plain scan's answer.
    fn check_against_scans(shape: &Convex, dirs: &[DVec2]) -> Result<(), TestCaseError> {
        let mut walk = HintedSupport::new(shape);
        let mut lowest = HintedSupport::new(shape);
        for (k, &d) in dirs.iter().enumerate() {
            let scan = shape.support_vertices(d);
            prop_assert_eq!(walk.vertices(d), scan, "direction {} = {:?}", k, d);
            prop_assert_eq!(walk.value(d), shape.support_value(d));
            let low = shape
                .vertices
                .iter()
                .map(|v| v.dot(d))
                .fold(f64::INFINITY, f64::min);
            let first_low = (0..shape.vertices.len())
                .find(|&i| shape.vertices[i].dot(d) == low)
                .unwrap();
            prop_assert_eq!(lowest.lowest_by(|v| v.dot(d)), first_low);
        }
        Ok(())
    }

    /// The edge normals in order, then back to front, then a few jumps: sweeps and leaps.
    fn directions(shape: &Convex, other: &Convex, jumps: &[f64]) -> Vec<DVec2> {
        let normals = |s: &Convex| (0..s.edge_count()).map(|e| s.edge_normal(e)).collect();
        let mut dirs: Vec<DVec2> = normals(other);
        dirs.extend(normals(shape).into_iter().map(|n: DVec2| -n));
        dirs.extend(normals(other).into_iter().rev());
        dirs.extend(
            jumps
                .iter()
                .map(|&t| DVec2::from_angle(t) * (1.0 + t.abs())),
        );
        dirs.extend([DVec2::X, DVec2::Y, -DVec2::X, -DVec2::Y]);
        dirs
    }

    fn polygon_from(points: &[(f64, f64)], radius: f64) -> Option<Convex> {
        let shape = crate::geometry::Shape::Polygon {
            vertices: points.iter().map(|&(x, y)| DVec2::new(x, y)).collect(),
            radius,
        };
        shape.to_convex().ok().map(|(c, _)| c)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn random_polygons_answer_as_the_scans_do(
            points in prop::collection::vec((-10.0..10.0f64, -10.0..10.0f64), 1..40),
            others in prop::collection::vec((-10.0..10.0f64, -10.0..10.0f64), 1..40),
            offset in prop_oneof![Just(0.0), Just(1e6), -1e3..1e3f64],
            angle in -4.0..4.0f64,
            jumps in prop::collection::vec(-7.0..7.0f64, 0..8),
        ) {
            let (Some(a), Some(b)) = (polygon_from(&points, 0.0), polygon_from(&others, 0.5)) else {
                return Ok(());
            };
            let pose = Pose::new(DVec2::new(offset, -offset), angle);
            let (a, b) = (a.transformed(&pose), b.transformed(&Pose::default()));
            check_against_scans(&a, &directions(&a, &b, &jumps))?;
            check_against_scans(&b, &directions(&b, &a, &jumps))?;
        }

        #[test]
        fn regular_polygons_answer_as_the_scans_do(
            n in prop_oneof![Just(3usize), Just(4), Just(64), Just(1024), 3..300usize],
            m in prop_oneof![Just(4usize), Just(8), Just(1024), 3..300usize],
            turn in prop_oneof![Just(0.0), Just(std::f64::consts::FRAC_PI_2), -3.2..3.2f64],
            far in prop_oneof![Just(0.0), Just(1e6)],
        ) {
            // Equal turns and multiples of π/2 line edges up exactly: the tie cases.
            let a = regular_polygon(n, 1.0, DVec2::splat(far), turn);
            let b = regular_polygon(m, 2.0, DVec2::new(3.0, far), 0.0);
            check_against_scans(&a, &directions(&a, &b, &[]))?;
            check_against_scans(&b, &directions(&b, &a, &[]))?;
        }
    }

    /// Each direction asked of a fresh walker, so every answer comes from the bisection; the
    /// bounding box is the one of all the vertices.
    fn check_bisection(shape: &Convex, dirs: &[DVec2]) -> Result<(), TestCaseError> {
        let v = &shape.vertices;
        let lo = v.iter().fold(DVec2::INFINITY, |m, &p| m.min(p));
        let hi = v.iter().fold(DVec2::NEG_INFINITY, |m, &p| m.max(p));
        prop_assert_eq!(shape.bounds(), (lo, hi));
        // The axis extremes, of the shape and of it placed by a pose, are the extreme vertices
        // along the axes.
        let posed_local = Convex::new(shape.vertices.iter().map(|&p| p - lo).collect(), 0.0);
        let posed = Posed::new(&posed_local, &Pose::new(lo, 0.7 + dirs.len() as f64));
        let (ours, theirs) = (shape.axis_extremes(), posed.axis_extremes());
        prop_assert_eq!(ours.0, AXES.map(|d| shape.extreme(d)));
        prop_assert_eq!(theirs.0, AXES.map(|d| posed.extreme(d)));
        for (k, &d) in dirs.iter().enumerate() {
            let first_max = (0..shape.vertices.len())
                .find(|&i| shape.vertices[i].dot(d) == shape.support_value(d))
                .unwrap();
            prop_assert_eq!(
                extreme_vertex(shape, d),
                first_max,
                "direction {} = {:?}",
                k,
                d
            );
            prop_assert_eq!(
                HintedSupport::new(shape).vertices(d),
                shape.support_vertices(d)
            );
            // Searches between two vertices: around the answer (as EPA asks), with the arc the
            // wrong way round, from the answer itself, and arcs anywhere.
            let n = shape.vertices.len();
            let arcs = [
                [first_max + n - 3, first_max + 5],
                [first_max + 5, first_max + n - 3],
                [first_max, first_max],
                [k * 37, k * 91 + 1],
                [k * 91, k * 37],
            ];
            for arc in arcs {
                prop_assert_eq!(
                    extreme_vertex_between(shape, d, arc),
                    first_max,
                    "direction {} = {:?}, arc {:?}",
                    k,
                    d,
                    arc
                );
                // From a vertex near the answer, at it, or anywhere.
                prop_assert_eq!(
                    extreme_vertex_near(shape, d, arc[0] % n),
                    first_max,
                    "direction {} = {:?}, from {}",
                    k,
                    d,
                    arc[0] % n
                );
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn bisection_answers_as_the_scan_does(
            points in prop::collection::vec((-10.0..10.0f64, -10.0..10.0f64), 16..400),
            n in prop_oneof![
                Just(ARC_FROM),
                Just(BISECT_FROM),
                Just(BISECT_FROM + 1),
                Just(1024),
                ARC_FROM..BISECT_FROM,
                16..2000usize,
            ],
            offset in prop_oneof![Just(0.0), Just(1e6), -1e3..1e3f64],
            angle in -4.0..4.0f64,
            jumps in prop::collection::vec(-7.0..7.0f64, 0..24),
        ) {
            let pose = Pose::new(DVec2::new(offset, -offset), angle);
            let random = polygon_from(&points, 0.0).map(|c| c.transformed(&pose));
            let regular = regular_polygon(n, 3.0, DVec2::new(offset, 1.0), angle);
            for shape in random.iter().chain([&regular]) {
                // A sample of the normals (the aligned, tied cases) and the jumps.
                let dirs = directions(shape, shape, &jumps);
                let every = (dirs.len() / 150).max(1);
                let sample: Vec<DVec2> = dirs.iter().step_by(every).chain(dirs.iter().rev().take(28)).copied().collect();
                check_bisection(shape, &sample)?;
                // The same searches started from the table of sectors: the same answers.
                let indexed = shape.clone().indexed();
                prop_assert_eq!(indexed.sectors.is_some(), shape.vertices.len() >= BISECT_FROM);
                check_bisection(&indexed, &sample)?;
            }
        }
    }

    #[test]
    fn bisection_looks_at_few_vertices() {
        // A regular 4,096-gon, and the hull of points on a lopsided oval (uneven edges).
        let oval = lopsided_oval();
        assert!(oval.vertices.len() > 1000, "{}", oval.vertices.len());
        for shape in [regular_polygon(4096, 1.0, DVec2::ZERO, 0.3), oval] {
            check_looks(&shape);
        }
    }

    /// The hull of points on a lopsided oval: uneven edges, over a thousand of them.
    fn lopsided_oval() -> Convex {
        let points: Vec<(f64, f64)> = (0..3000)
            .map(|k| {
                let t = k as f64 * 2.399963; // golden angle: scattered around the oval
                (3.0 * t.cos() + 0.5 * (2.0 * t).sin(), t.sin())
            })
            .collect();
        polygon_from(&points, 0.0).unwrap()
    }

    #[test]
    fn sectors_look_at_fewer_vertices_than_the_bisection() {
        let oval = lopsided_oval();
        let thin = regular_polygon(256, 1.0, DVec2::ZERO, 0.0);
        let thin = Convex::new(
            thin.vertices
                .iter()
                .map(|&v| v * DVec2::new(1.0, 0.01))
                .collect(),
            0.0,
        );
        for (shape, most) in [
            (regular_polygon(4096, 1.0, DVec2::ZERO, 0.3), 6),
            (regular_polygon(24, 1.0, DVec2::ZERO, 0.3), 6),
            (oval, 20),
            (thin, 20),
        ] {
            let shape = shape.indexed();
            let sectors = shape.sectors.as_ref().expect("a large core has the table");
            let (mut looks, mut bisection_looks) = (0, 0);
            for k in 0..720 {
                let d = DVec2::from_angle(k as f64 * 0.0087) * 0.5;
                let count = std::cell::Cell::new(0usize);
                let key = |v: DVec2| {
                    count.set(count.get() + 1);
                    v.dot(d)
                };
                let found = peak_between(&shape.vertices, &key, sectors.arc(d).unwrap());
                assert_eq!(found, scan(&shape.vertices, &|v: DVec2| v.dot(d)));
                assert_eq!(found, extreme_vertex(&shape, d));
                assert!(
                    count.get() <= most,
                    "{} looks for direction {k}",
                    count.get()
                );
                looks += count.replace(0);
                peak(&shape.vertices, [None, None], &key);
                bisection_looks += count.get();
            }
            assert!(
                2 * looks < bisection_looks,
                "{looks} against {bisection_looks}"
            );
        }
    }

    #[test]
    fn a_table_left_behind_costs_time_not_the_answer() {
        // The table of a 300-gon on a core whose vertices were replaced by fewer, by more, and
        // by the same number turned.
        let table = regular_polygon(300, 1.0, DVec2::ZERO, 0.0)
            .indexed()
            .sectors;
        let dirs: Vec<DVec2> = (0..500)
            .map(|k| DVec2::from_angle(k as f64 * 0.0131))
            .collect();
        for other in [
            regular_polygon(40, 2.0, DVec2::new(3.0, -1.0), 0.2),
            regular_polygon(1000, 0.5, DVec2::ZERO, 1.0),
            regular_polygon(300, 1.0, DVec2::ZERO, 2.5),
        ] {
            let mut stale = other.clone();
            stale.sectors = table.clone();
            for &d in &dirs {
                assert_eq!(extreme_vertex(&stale, d), extreme_vertex(&other, d));
                assert_eq!(
                    extreme_vertex(&stale, d),
                    scan(&other.vertices, &|v: DVec2| v.dot(d))
                );
            }
        }
    }

    #[test]
    fn pseudo_angles_grow_with_the_angle() {
        let mut last = -1.0;
        for k in 0..10_000 {
            let d = DVec2::from_angle(k as f64 * std::f64::consts::TAU / 10_000.0) * 7.0;
            let p = pseudo_angle(d);
            assert!((0.0..4.0).contains(&p) && p > last, "{k}: {p} after {last}");
            last = p;
            // The direction back from it points the same way.
            let back = from_pseudo_angle(p);
            assert!(back.perp_dot(d).abs() < 1e-12 * d.length() && back.dot(d) > 0.0);
        }
        for d in [DVec2::ZERO, DVec2::NAN, DVec2::new(f64::NAN, 1.0)] {
            assert!(pseudo_angle(d).is_nan(), "{d:?}");
        }
    }

    fn check_looks(shape: &Convex) {
        for k in 0..64 {
            let d = DVec2::from_angle(k as f64 * 0.1);
            let count = std::cell::Cell::new(0usize);
            let found = peak(&shape.vertices, [None, None], &|v: DVec2| {
                count.set(count.get() + 1);
                v.dot(d)
            });
            assert_eq!(found, extreme_vertex(shape, d));
            // About 3 · log2(4096) = 36 for the bisection, a few for the climb; a scan is 4,096.
            assert!(count.get() < 80, "{} looks for direction {k}", count.get());
        }
    }

    #[test]
    fn points_and_segments_answer_as_the_scans_do() {
        let point = Convex::circle(DVec2::new(1.0, 2.0), 0.5);
        let segment = Convex::new(vec![DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0)], 0.25);
        let dirs: Vec<DVec2> = (0..32)
            .map(|k| DVec2::from_angle(k as f64 * std::f64::consts::TAU / 32.0))
            .collect();
        for shape in [&point, &segment] {
            check_against_scans(shape, &dirs).unwrap();
        }
        // Convex but not strictly: a square with three extra points on each side (the MD keeps
        // such runs). Edge-on runs of five equal values, from every start.
        let corners = [(2.0, 0.0), (0.0, 2.0), (-2.0, 0.0), (0.0, -2.0), (2.0, 0.0)];
        let mut square = Vec::new();
        for side in 0..4 {
            let (p, q) = (DVec2::from(corners[side]), DVec2::from(corners[side + 1]));
            square.extend((0..4).map(|k| p + (q - p) * (k as f64 / 4.0)));
        }
        let square = Convex::new(square, 0.0);
        // Small whole-number directions keep every dot product exact, so the runs are exact.
        let whole: Vec<DVec2> = (-2..=2)
            .flat_map(|x| (-2..=2).map(move |y| DVec2::new(x as f64, y as f64)))
            .filter(|d| *d != DVec2::ZERO)
            .collect();
        for start in 0..square.vertices.len() {
            for &d in &whole {
                let key = |v: DVec2| (v - DVec2::new(1.0, 1.0)).dot(d);
                let scan = |sign: f64| {
                    let values: Vec<f64> = square.vertices.iter().map(|&v| sign * key(v)).collect();
                    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    values.iter().position(|&x| x == best).unwrap()
                };
                let mut walk = HintedSupport::new(&square);
                for other in [start, (start + 8) % 16] {
                    walk.high = Some(start);
                    walk.low = Some(other);
                    assert_eq!(walk.highest_by(key), scan(1.0), "start {start}, {d:?}");
                    walk.low = Some(start);
                    walk.high = Some(other);
                    assert_eq!(walk.lowest_by(key), scan(-1.0), "start {start}, {d:?}");
                }
            }
        }
        // Perpendicular to the segment both ends tie.
        assert_eq!(HintedSupport::new(&segment).vertices(DVec2::Y).len(), 2);
    }

    #[test]
    fn a_sweep_climbs_a_few_vertices_per_direction() {
        // Counts key evaluations: a sweep over a 1,024-gon's normals against another 1,024-gon.
        let a = regular_polygon(1024, 1.0, DVec2::ZERO, 0.1);
        let b = regular_polygon(1024, 1.0, DVec2::new(5.0, 0.0), 0.0);
        let mut walk = HintedSupport::new(&b);
        let count = std::cell::Cell::new(0usize);
        for e in 0..a.edge_count() {
            let n = a.edge_normal(e);
            walk.highest_by(|v| {
                count.set(count.get() + 1);
                v.dot(-n)
            });
        }
        // A scan per direction would be 1,024 · 1,024 ≈ 10^6 evaluations.
        eprintln!("COUNT {}", count.get());
        assert!(count.get() < 16 * 1024, "{} evaluations", count.get());
    }
}

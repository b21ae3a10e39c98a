//! The MD's boundary walked without building it: each of its faces is an edge of A turned
//! round or an edge of B, in the order of their directions, and the vertex between two faces
//! is B's vertex less A's (rotating calipers). The face test ([`super::face_test`]) and the
//! linear cast of small polygons walk it.

use super::{around, corners_nearest, outward, rescaled, Face, Faces, Found, Seen, GRAZING};
use crate::geometry::DVec2;

/// A core's vertices as a walk reads them, in the frame the walk works in: A's own, or B's
/// placed there ([`Seen`]).
pub(super) trait Core {
    fn count(&self) -> usize;
    fn vertex(&self, k: usize) -> DVec2;
}

impl Core for [DVec2] {
    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }

    #[inline(always)]
    fn vertex(&self, k: usize) -> DVec2 {
        self[k]
    }
}

impl Core for Seen<'_> {
    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }

    #[inline(always)]
    fn vertex(&self, k: usize) -> DVec2 {
        self.at(k)
    }
}

/// One face of the MD (B less A), as [`MdWalk`] meets it.
#[derive(Clone, Copy)]
pub(super) struct MdFace {
    /// Whose edge it is: 0 for A's (turned round), 1 for B's.
    pub side: usize,
    /// The MD's vertices at its start and its end, each as (A's vertex, B's vertex).
    pub from: (usize, usize),
    pub to: (usize, usize),
    /// The MD's vertex at its start (B's vertex less A's).
    pub start: DVec2,
    /// Its direction along the MD, counter-clockwise (as long as the core's edge).
    pub edge: DVec2,
    /// The MD's vertex at its end.
    pub end: DVec2,
}

impl MdFace {
    /// The face's first vertex on its own core.
    #[inline(always)]
    pub fn index(&self) -> usize {
        if self.side == 0 {
            self.from.0
        } else {
            self.from.1
        }
    }

    /// Its outward normal from the MD, as long as the edge.
    #[inline(always)]
    pub fn normal(&self) -> DVec2 {
        outward(self.edge)
    }

    /// How far the origin lies beyond the face's line, times the edge's length.
    #[inline(always)]
    pub fn lifted(&self) -> f64 {
        -self.normal().dot(self.start)
    }

    /// How far the origin lies beyond the face's line (negative: behind it).
    #[inline(always)]
    pub fn gap(&self) -> f64 {
        self.lifted() / self.edge.length()
    }

    /// Where the origin's foot on the face's line falls along it, times the edge's length
    /// (0 at its start, `|edge|²` at its end).
    #[inline(always)]
    pub fn along(&self) -> f64 {
        -self.start.dot(self.edge)
    }
}

/// How many faces the MD of cores of `n` and `m` vertices has: a point core has none of its
/// own.
#[inline(always)]
pub(super) fn face_count(n: usize, m: usize) -> usize {
    let own = |n: usize| if n > 1 { n } else { 0 };
    own(n) + own(m)
}

/// A walk counter-clockwise round the MD of two cores from one of its vertices.
pub(super) struct MdWalk<'c, A: Core + ?Sized, B: Core + ?Sized> {
    a: &'c A,
    b: &'c B,
    i: usize,
    j: usize,
    next_i: usize,
    next_j: usize,
    at_a: DVec2,
    at_b: DVec2,
    ahead_a: DVec2,
    ahead_b: DVec2,
    /// A has edges (more than one vertex): a point core has none, and its vertex is every
    /// vertex of the MD's.
    a_edges: bool,
}

impl<'c, A: Core + ?Sized, B: Core + ?Sized> MdWalk<'c, A, B> {
    /// From the MD's vertex `(i, j)`, B's vertex `j` less A's `i`: A's vertex extreme along
    /// some direction and B's extreme along the opposite one.
    #[inline(always)]
    pub fn from(a: &'c A, b: &'c B, (i, j): (usize, usize)) -> Self {
        let (n, m) = (a.count(), b.count());
        let (next_i, next_j) = (around(i, n).1, around(j, m).1);
        let (at_a, at_b) = (a.vertex(i), b.vertex(j));
        MdWalk {
            a,
            b,
            i,
            j,
            next_i,
            next_j,
            at_a,
            at_b,
            ahead_a: a.vertex(next_i),
            ahead_b: b.vertex(next_j),
            a_edges: n > 1,
        }
    }

    /// The next face: A's edge turned round where B's turns right from it, else B's.
    #[inline(always)]
    pub fn next_face(&mut self) -> MdFace {
        let start = self.at_b - self.at_a;
        let from = (self.i, self.j);
        let (edge_a, edge_b) = (self.ahead_a - self.at_a, self.ahead_b - self.at_b);
        // (B's edge, when B is a point, is zero: A's always comes first.)
        let (side, edge) = if self.a_edges && edge_a.perp_dot(edge_b) <= 0.0 {
            (self.i, self.at_a) = (self.next_i, self.ahead_a);
            self.next_i = around(self.next_i, self.a.count()).1;
            self.ahead_a = self.a.vertex(self.next_i);
            (0, -edge_a)
        } else {
            (self.j, self.at_b) = (self.next_j, self.ahead_b);
            self.next_j = around(self.next_j, self.b.count()).1;
            self.ahead_b = self.b.vertex(self.next_j);
            (1, edge_b)
        };
        MdFace {
            side,
            from,
            to: (self.i, self.j),
            start,
            edge,
            end: self.at_b - self.at_a,
        }
    }
}

/// A walk clockwise round the MD of two cores from one of its vertices: each step gives the
/// face that ends at the walk's vertex and moves to its start ([`MdWalk`] run backwards).
pub(super) struct MdWalkBack<'c, A: Core + ?Sized, B: Core + ?Sized> {
    a: &'c A,
    b: &'c B,
    i: usize,
    j: usize,
    prev_i: usize,
    prev_j: usize,
    at_a: DVec2,
    at_b: DVec2,
    behind_a: DVec2,
    behind_b: DVec2,
}

impl<'c, A: Core + ?Sized, B: Core + ?Sized> MdWalkBack<'c, A, B> {
    /// From the MD's vertex `(i, j)`, as [`MdWalk::from`].
    #[inline(always)]
    pub fn from(a: &'c A, b: &'c B, (i, j): (usize, usize)) -> Self {
        let (prev_i, prev_j) = (around(i, a.count()).0, around(j, b.count()).0);
        MdWalkBack {
            a,
            b,
            i,
            j,
            prev_i,
            prev_j,
            at_a: a.vertex(i),
            at_b: b.vertex(j),
            behind_a: a.vertex(prev_i),
            behind_b: b.vertex(prev_j),
        }
    }

    /// The face that ends at the walk's vertex: the later in direction of A's edge into `i`
    /// (turned round) and B's into `j` (A's where B is a point).
    #[inline(always)]
    pub fn prev_face(&mut self) -> MdFace {
        let (end, to) = (self.at_b - self.at_a, (self.i, self.j));
        let (into_a, into_b) = (self.at_a - self.behind_a, self.at_b - self.behind_b);
        let (n, m) = (self.a.count(), self.b.count());
        // (A point core has no edge; B's, when B is a point, is zero, and never comes last.)
        let (side, edge) = if n == 1 || (m > 1 && into_a.perp_dot(into_b) <= 0.0) {
            (self.j, self.at_b) = (self.prev_j, self.behind_b);
            self.prev_j = around(self.prev_j, m).0;
            self.behind_b = self.b.vertex(self.prev_j);
            (1, into_b)
        } else {
            (self.i, self.at_a) = (self.prev_i, self.behind_a);
            self.prev_i = around(self.prev_i, n).0;
            self.behind_a = self.a.vertex(self.prev_i);
            (0, -into_a)
        };
        MdFace {
            side,
            from: (self.i, self.j),
            to,
            start: self.at_b - self.at_a,
            edge,
            end,
        }
    }
}

/// Where the origin's foot falls on a face of the MD, read from the walk's own values.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Foot {
    /// The origin is not beyond the face's line.
    Behind,
    /// Beyond it, the foot before the face's start (the nearest points lie clockwise).
    Before,
    /// Beyond it, the foot on the face.
    On,
    /// Beyond it, the foot past the face's end (the nearest points lie counter-clockwise).
    Past,
}

#[inline(always)]
fn foot(f: &MdFace) -> Foot {
    if f.lifted() > 0.0 {
        let along = f.along();
        if along < 0.0 {
            Foot::Before
        } else if along > f.edge.length_squared() {
            Foot::Past
        } else {
            Foot::On
        }
    } else {
        Foot::Behind // (a NaN too)
    }
}

/// Face `f` of the MD as the face test measures it: in its own core's frame, the other core
/// seen from there.
#[inline(always)]
fn measured(a: &[DVec2], seen_a: &Seen, seen_b: &Seen, f: &MdFace) -> Measured {
    if f.side == 0 {
        Measured::of(a, seen_b, true, f.from.0, f.from.1)
    } else {
        Measured::of(&seen_b.core.vertices, seen_a, false, f.from.1, f.from.0)
    }
}

/// Where [`walk`] stopped: the MD's face that holds the origin's foot, or its vertex nearest
/// the origin, with a face at that vertex that the origin lies beyond.
#[derive(Clone, Copy)]
pub(super) enum Stop {
    Face(MdFace),
    Corner((usize, usize), MdFace),
}

/// A walk round the MD (B less A, in A's frame) from its vertex `start` (the cores' tips) to
/// its point nearest the origin, where the cores are apart: see the module doc of [`super`].
/// `None` where the faces at `start` show no gap and the gaps fall before one does (the cores
/// may overlap), or the walk goes round without stopping. What it finds is not yet checked:
/// rounding can pair a face with a vertex beside the deepest one. A point core has no faces
/// of its own (its vertex is every vertex of the MD's); one of the cores has an area.
#[inline(always)]
pub(super) fn walk(a: &[DVec2], seen_b: &Seen, start: (usize, usize)) -> Option<Stop> {
    walk_or_peak(a, seen_b, start, usize::MAX, true).ok()
}

/// [`walk`], or where it finds nothing, the face where the gaps began to fall: the peak of
/// the faces it walked, all with the origin behind them (`None` where it went round). Where the
/// cores overlap, the origin lies across the MD from that face (`super::encloses_origin`).
/// It walks at most `most` faces; without `climb`, where neither face at `start` shows a gap
/// it goes no further (`Err(None)`: the cores may overlap, and the caller asks GJK).
#[inline(always)]
pub(super) fn walk_or_peak(
    a: &[DVec2],
    seen_b: &Seen,
    start: (usize, usize),
    most: usize,
    climb: bool,
) -> Result<Stop, Option<MdFace>> {
    let faces = face_count(a.len(), seen_b.len()).min(most);
    // Uphill where no face showed a gap yet: the gaps rise towards the nearest points, and
    // fall to a negative peak only on the far side (or where the cores overlap): `None`.
    let rises = |from: &MdFace, to: &MdFace| from.gap() <= to.gap();
    let mut walk = MdWalk::from(a, seen_b, start);
    let first = walk.next_face();
    let (mut seen_gap, mut last) = (foot(&first) != Foot::Behind, first);
    // Clockwise: the walk back from `start`, where the faces before it lead.
    let back = || MdWalkBack::from(a, seen_b, start);
    let clockwise = match foot(&first) {
        Foot::On => return Ok(Stop::Face(first)),
        Foot::Past => None,
        Foot::Before => Some(back()),
        Foot::Behind => {
            let mut back = back();
            let into = back.prev_face();
            match foot(&into) {
                Foot::On => return Ok(Stop::Face(into)),
                Foot::Past => return Ok(Stop::Corner(start, into)),
                Foot::Before => {
                    (seen_gap, last) = (true, into);
                    Some(back)
                }
                Foot::Behind if !climb => return Err(None),
                Foot::Behind if rises(&into, &first) => None,
                Foot::Behind => {
                    last = into;
                    Some(back)
                }
            }
        }
    };
    if let Some(mut back) = clockwise {
        for _ in 0..faces {
            let f = back.prev_face();
            match foot(&f) {
                Foot::Before => seen_gap = true,
                Foot::On => return Ok(Stop::Face(f)),
                Foot::Past => return Ok(Stop::Corner(f.to, f)),
                Foot::Behind if seen_gap => return Ok(Stop::Corner(f.to, last)),
                Foot::Behind if !rises(&last, &f) => return Err(Some(last)),
                Foot::Behind => {}
            }
            last = f;
        }
    } else {
        for _ in 1..faces {
            let f = walk.next_face();
            match foot(&f) {
                Foot::Past => seen_gap = true,
                Foot::On => return Ok(Stop::Face(f)),
                Foot::Before => return Ok(Stop::Corner(f.from, f)),
                Foot::Behind if seen_gap => return Ok(Stop::Corner(f.from, last)),
                Foot::Behind if !rises(&last, &f) => return Err(Some(last)),
                Foot::Behind => {}
            }
            last = f;
        }
    }
    Err(None)
}

/// The answer where the MD's point nearest the origin lies at `stop`: the face measured again
/// in its own frame and checked against every vertex of the other core, or the corner by its
/// certificate (`Unmeasured` where either fails).
#[inline(always)]
pub(super) fn settled(a: &[DVec2], seen_a: &Seen, seen_b: &Seen, stop: Stop) -> Faces {
    match stop {
        Stop::Face(f) => measured(a, seen_a, seen_b, &f)
            .apart_on_face()
            .map_or(Faces::Unmeasured, |face| Faces::Settled(Found::Face(face))),
        Stop::Corner((i, j), _) => {
            corners_nearest(a, i, seen_b, j, true).map_or(Faces::Unmeasured, Faces::Settled)
        }
    }
}

/// The face test's answer from every face of the MD (B less A, in A's frame, walked from its
/// vertex `start`): the one with the largest gap. One of the cores has an area.
pub(super) fn every_face<const SIGNED: bool>(
    a: &[DVec2],
    seen_a: &Seen,
    seen_b: &Seen,
    start: (usize, usize),
) -> Faces {
    let (n, m) = (a.len(), seen_b.len());
    let mut walk = MdWalk::from(a, seen_b, start);
    let mut of_a = 0;
    let first = walk.next_face();
    of_a += 1 - first.side;
    // Each face's gap as the face test works it out (`rescaled`, so that neither an edge as
    // short as 10⁻³⁰⁰ nor a long one leaves the range), compared as `lifted / |edge|` without
    // the division.
    let lifted = |f: &MdFace| {
        let (edge, _) = rescaled(f.edge);
        (-outward(edge).dot(f.start), edge.length())
    };
    let (mut best, mut best_gap) = (first, lifted(&first));
    // Their sum: a NaN or an infinity anywhere stays one, and leaves the pair to GJK.
    let mut all = best_gap.0 + best_gap.1;
    for _ in 1..face_count(n, m) {
        let f = walk.next_face();
        of_a += 1 - f.side;
        let (x, length) = lifted(&f);
        all += x + length;
        if x * best_gap.1 > best_gap.0 * length {
            (best, best_gap) = (f, (x, length));
        }
    }
    let x = best_gap.0;
    if of_a != face_count(n, 1) || !all.is_finite() {
        return Faces::Unmeasured;
    }
    if x > 0.0 {
        let stop = match foot(&best) {
            Foot::On => Stop::Face(best),
            Foot::Past => Stop::Corner(best.to, best),
            Foot::Before => Stop::Corner(best.from, best),
            Foot::Behind => return Faces::Unmeasured,
        };
        return settled(a, seen_a, seen_b, stop);
    }
    measured(a, seen_a, seen_b, &best).overlap::<SIGNED>()
}

/// Face `i` of `faces` (in its own frame) and vertex `k` of `other` (seen from there), as the
/// face test measures them: the face's edge ([`rescaled`], and its size) and first vertex, the
/// values along its outward normal of vertex `k` and of the other core's lowest, and vertex
/// `k` placed.
struct Measured {
    from_a: bool,
    edge: DVec2,
    size: f64,
    start: DVec2,
    x: f64,
    lowest: f64,
    nearest: DVec2,
}

impl Measured {
    #[inline]
    fn of(faces: &[DVec2], other: &Seen, from_a: bool, i: usize, k: usize) -> Self {
        let start = faces[i];
        let (edge, size) = rescaled(faces[around(i, faces.len()).1] - start);
        let values = other.along(outward(edge));
        let lowest = values.lowest();
        Measured {
            from_a,
            edge,
            size,
            start,
            x: values.at(k),
            lowest: values.at(lowest),
            nearest: other.at(k),
        }
    }

    fn lifted(&self) -> f64 {
        outward(self.edge).dot(self.nearest - self.start)
    }

    fn face(&self) -> Face {
        Face {
            from_a: self.from_a,
            in_frame_of_a: self.from_a,
            edge: self.edge,
            nearest: self.nearest,
            gap: self.lifted() / self.edge.length(),
        }
    }

    /// The face's gap, where it measures the distance: the vertex the deepest of the other
    /// core, beyond the face's line with its foot on the face.
    fn apart_on_face(&self) -> Option<Face> {
        let along = (self.nearest - self.start).dot(self.edge);
        let magnitude = self.start.abs().max(self.nearest.abs()).max_element();
        let long_enough = self.size > GRAZING * magnitude;
        let on_face =
            long_enough && (0.0..=self.edge.length_squared() * self.size).contains(&along);
        (self.lowest >= self.x && self.lifted() > 0.0 && on_face).then(|| self.face())
    }

    /// The verdict where no face showed a gap: overlapping, and when `SIGNED`, by this face's
    /// depth (the largest gap), unless it missed a gap only by rounding or its vertex is not
    /// the deepest.
    fn overlap<const SIGNED: bool>(&self) -> Faces {
        let lifted = self.lifted();
        let grazing = lifted >= -GRAZING * self.start.abs().max(self.nearest.abs()).max_element();
        if grazing || self.lowest < self.x {
            return Faces::Unmeasured;
        }
        if SIGNED {
            Faces::Settled(Found::Face(self.face()))
        } else {
            Faces::Overlapping
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Convex, FaceContact, Placement, Tips};
    use super::*;
    use crate::geometry::testing::XorShift;
    use crate::geometry::{contact as exact, Pose};
    use std::f64::consts::TAU;

    /// A convex polygon of `n` vertices at random angles on an ellipse `stretch` times longer
    /// than wide, in its own frame.
    fn on_ellipse(rng: &mut XorShift, n: usize, stretch: f64) -> Convex {
        let mut angles: Vec<f64> = (0..n).map(|_| rng.unit() * TAU).collect();
        angles.sort_by(f64::total_cmp);
        let size = 0.5 + rng.unit();
        let vertices = angles
            .iter()
            .map(|&t| DVec2::new(stretch * t.cos(), t.sin()) * size / stretch.sqrt())
            .collect();
        Convex::new(vertices, 0.0)
    }

    /// A contact the face test found, in A's frame (B placed there by `b_in_a`).
    fn in_a(found: Faces, b_in_a: &Placement) -> Option<FaceContact> {
        let Faces::Settled(found) = found else {
            return None;
        };
        let c = found.contact();
        Some(if c.in_frame_of_a { c } else { c.placed(b_in_a) })
    }

    #[test]
    fn the_walk_finds_what_every_face_and_the_exact_contact_show() {
        // Pairs of polygons of 3 to 16 vertices, round to four times as long as wide, at any
        // angle and apart by 2 down to 10⁻⁹ or overlapping: every face's answer is the exact
        // contact's (the traced MD scan, on the shapes moved into the world), and where the
        // walk settles the pair, its answer is every face's. The walk settles most pairs apart, and
        // never claims one overlapping.
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        let (mut apart, mut walked) = (0, 0);
        for case in 0..3000 {
            let (n, m) = (3 + case % 14, 3 + (case / 14) % 14);
            let stretch = [1.0 + 3.0 * rng.unit(), 1.0 + 3.0 * rng.unit()];
            let a = on_ellipse(&mut rng, n, stretch[0]);
            let b = on_ellipse(&mut rng, m, stretch[1]);
            let at_a = Pose::new(
                DVec2::new(rng.unit(), rng.unit()) * 4.0 - 2.0,
                rng.unit() * TAU,
            );
            let turn = rng.unit() * TAU;
            let direction = DVec2::from_angle(rng.unit() * TAU);
            let target = [2.0, 0.1, 1e-3, 1e-6, 1e-9, -0.1][case % 6];
            // B moved out along `direction` until the exact contact reads `target`.
            let at = |t: f64| Pose::new(at_a.position + direction * t, turn);
            let (mut lo, mut hi) = (0.0, 8.0);
            for _ in 0..80 {
                let mid = 0.5 * (lo + hi);
                let d = exact(&a.transformed(&at_a), &b.transformed(&at(mid))).distance;
                (lo, hi) = if d < target { (mid, hi) } else { (lo, mid) };
            }
            let at_b = at(hi);
            let (pa, pb) = (Placement::from(at_a), Placement::from(at_b));
            let b_in_a = pb.relative_to(&pa);
            let (seen_a, seen_b) = Seen::each(&a, &b, b_in_a);
            let Tips { tips, .. } = Tips::of(&a, &b, b_in_a);
            let start = (tips[0], tips[1]);
            let every = in_a(
                every_face::<true>(&a.vertices, &seen_a, &seen_b, start),
                &b_in_a,
            )
            .expect("every face settles pairs this far from touching");
            let e = exact(&a.transformed(&at_a), &b.transformed(&at_b));
            let scale = 1e-12 * (1.0 + at_a.position.length() + at_b.position.length());
            assert!(
                (every.gap - e.distance).abs() <= scale,
                "{case}: {every:?} vs {e:?}"
            );
            // (Within rounding of touching, features a hair apart can both be nearest.)
            assert!(
                target.abs() < 1e-3 || (pa.rotate(every.normal) - e.normal).length() <= 1e-9,
                "{case}: {every:?} vs {e:?}"
            );
            let walk = walk(&a.vertices, &seen_b, start)
                .map(|stop| settled(&a.vertices, &seen_a, &seen_b, stop));
            // (A sliver of vertices at close angles may lie off its frame's origin, apart from
            // the other at every offset: the exact contact says which pairs overlap.)
            if e.distance < 0.0 {
                assert!(walk.is_none(), "{case}: the walk settled an overlap");
                continue;
            }
            apart += 1;
            if let Some(c) = walk.and_then(|w| in_a(w, &b_in_a)) {
                walked += 1;
                assert!(
                    (c.gap - every.gap).abs() <= scale,
                    "{case}: {c:?} vs {every:?}"
                );
                assert!((c.core_a - every.core_a).length() <= 1e-9, "{case}: {c:?}");
                assert!((c.core_b - every.core_b).length() <= 1e-9, "{case}: {c:?}");
            }
        }
        assert!(
            walked * 100 >= apart * 98,
            "the walk settled {walked} of {apart}"
        );
    }
}

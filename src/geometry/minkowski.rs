//! The Minkowski difference B ⊖ A = { b − a : a ∈ A, b ∈ B }, built two ways.
//!
//! **Edge merge, O(n + m).** B ⊖ A is the Minkowski *sum* of B and −A, and the boundary of a sum
//! of convex polygons is the edges of both, sorted by direction. Negating A turns it by 180°,
//! which keeps it counter-clockwise. Start both at their lowest (then leftmost) vertex, whose
//! sum is the lowest vertex of the result, and repeatedly take whichever next edge turns least.
//! Each MD edge is then a translated edge of B (plus one vertex of A) or a reversed edge of A
//! (plus one vertex of B): the first article's red and green edges, with the pair that made
//! them, for free.
//!
//! **Point cloud, O(nm log nm).** The fourth article's way: subtract every vertex of A from every
//! vertex of B and take the hull of the n·m points. Slow, obviously right, and the brute-force
//! check of the merge.
//!
//! Both work on the cores; the MD of two rounded shapes is the core MD dilated by the sum of the
//! radii ([`MinkowskiDifference::radius`]).
//!
//! IMPORTANT NOTE: when A and B have parallel edges facing the same way (the "exactly aligned"
//! boxes), the merge keeps both: two consecutive collinear MD edges, one from each shape. The
//! polygon is the same; keeping the split keeps every edge's source exact (half red, half
//! green). Where B's and A's edges are parallel, B's comes first.

use super::hull::{convex_hull, lowest_of, Hull};
use super::support::extreme_vertex;
use super::{half_plane, orient, Convex, DVec2, Source};

/// A vertex of B ⊖ A: `b[b] − a[a]`, with the core vertex indices that made it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MdVertex {
    pub point: DVec2,
    pub a: usize,
    pub b: usize,
}

/// An edge of B ⊖ A and what made it: edge `edge` of shape `source` and vertex `vertex` of the
/// other shape. An edge from B is `b_edge − a[vertex]`; an edge from A is `b[vertex] − a_edge`
/// (A's edge reversed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MdEdge {
    pub source: Source,
    pub edge: usize,
    pub vertex: usize,
}

/// The core polygon of B ⊖ A, counter-clockwise from its lowest-then-leftmost vertex; edge `i`
/// runs from vertex `i` to vertex `i + 1`. Two points give one vertex and no edges.
#[derive(Clone, Debug, PartialEq)]
pub struct MinkowskiDifference {
    pub vertices: Vec<MdVertex>,
    pub edges: Vec<MdEdge>,
    /// The sum of the two shapes' radii: the MD is the core polygon dilated by this.
    pub radius: f64,
}

impl MinkowskiDifference {
    pub fn points(&self) -> Vec<DVec2> {
        self.vertices.iter().map(|v| v.point).collect()
    }

    /// Edge `i` as its two end points.
    pub fn edge_points(&self, i: usize) -> (DVec2, DVec2) {
        let n = self.vertices.len();
        (self.vertices[i].point, self.vertices[(i + 1) % n].point)
    }

    /// The same polygon with each run of collinear edges (the split where both shapes have
    /// parallel edges) merged into one edge: the polygon as `report` prints it. A merged edge
    /// keeps the record of its longer part (the first part when they are equally long). Its
    /// vertex pairs still interpolate linearly: halfway along it is halfway along both shapes'
    /// parallel edges.
    pub fn merged_collinear(&self) -> MinkowskiDifference {
        self.merged_collinear_or_self().into_owned()
    }

    /// [`MinkowskiDifference::merged_collinear`], borrowing `self` when nothing merges (the
    /// usual case: no two edges of A and B parallel), so no copy is made.
    pub fn merged_collinear_or_self(&self) -> std::borrow::Cow<'_, MinkowskiDifference> {
        use std::borrow::Cow;
        let n = self.vertices.len();
        if n < 3 {
            return Cow::Borrowed(self);
        }
        let p = |i: usize| self.vertices[i % n].point;
        // Vertex i is dropped when the edges into and out of it run the same way on one line.
        let dropped: Vec<bool> = (0..n)
            .map(|i| {
                let (prev, here, next) = (p(i + n - 1), p(i), p(i + 1));
                orient(prev, here, next) == 0.0 && (here - prev).dot(next - here) > 0.0
            })
            .collect();
        if !dropped.contains(&true) && lowest_of(n, p) == 0 {
            return Cow::Borrowed(self); // what the walk below would rebuild
        }
        let Some(first) = (0..n).find(|&i| !dropped[i]) else {
            return Cow::Borrowed(self);
        };
        let mut vertices = Vec::with_capacity(n);
        let mut edges = Vec::with_capacity(n);
        let mut i = first;
        loop {
            // A merged edge from kept vertex i over dropped ones to the next kept vertex.
            let mut best = (i, (p(i + 1) - p(i)).length_squared());
            let mut j = (i + 1) % n;
            while dropped[j] {
                let len = (p(j + 1) - p(j)).length_squared();
                if len > best.1 {
                    best = (j, len);
                }
                j = (j + 1) % n;
            }
            vertices.push(self.vertices[i]);
            edges.push(self.edges[best.0]);
            i = j;
            if i == first {
                break;
            }
        }
        // Keep the lowest-then-leftmost vertex first.
        let start = lowest_of(vertices.len(), |i| vertices[i].point);
        vertices.rotate_left(start);
        edges.rotate_left(start);
        Cow::Owned(MinkowskiDifference {
            vertices,
            edges,
            radius: self.radius,
        })
    }

    /// The polygon with collinear vertices (the split at parallel edges) removed: the vertices
    /// a hull of the same points would have.
    pub fn strict_vertices(&self) -> Vec<DVec2> {
        remove_non_left_turns(&self.points())
    }
}

/// [`lowest_of`] over the vertices of `sign ·` a convex counter-clockwise core (−1: −A's lowest
/// vertex, without building −A), in O(log n): the first extreme vertex along −y (the dot product
/// with an axis is exact, so the bisection sees the true order). Equally low vertices follow one
/// another leftwards to rightwards counter-clockwise, so the first of them is the leftmost,
/// unless the run wraps past index 0: then walk back from it.
fn lowest_of_convex(shape: &Convex, sign: f64) -> usize {
    let v = &shape.vertices;
    let n = v.len();
    if n == 0 {
        return 0;
    }
    let at = |i: usize| v[i] * sign;
    let mut best = extreme_vertex(shape, DVec2::new(0.0, -sign));
    let low = at(best).y;
    for _ in 1..n {
        let before = if best == 0 { n - 1 } else { best - 1 };
        let (p, q) = (at(before), at(best));
        if p.y != low || p.x > q.x || (p.x == q.x && before > best) {
            break;
        }
        best = before;
    }
    best
}

/// Whether direction `u` (in half-plane `half_u`, see [`half_plane`]) comes strictly before `v` going
/// counter-clockwise from angle 0.
#[inline]
fn turns_before_in(u: DVec2, half_u: u8, v: DVec2, half_v: u8) -> bool {
    match half_u.cmp(&half_v) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => {
            // Rounding is monotonic, so the rounded products keep their order or become equal:
            // a nonzero difference has the exact sign, and only a zero needs the exact predicate.
            let det = u.x * v.y - u.y * v.x;
            if det != 0.0 {
                det > 0.0
            } else {
                orient(DVec2::ZERO, u, v) > 0.0
            }
        }
    }
}

/// B ⊖ A by merging edges by direction (see the module doc). `a` and `b` are in world space.
pub fn minkowski_difference(a: &Convex, b: &Convex) -> MinkowskiDifference {
    let (na, nb) = (a.vertices.len(), b.vertices.len());
    let (ea, eb) = (a.edge_count(), b.edge_count());
    // −A's lowest vertex, without building −A.
    let (mut ia, mut ib) = (lowest_of_convex(a, -1.0), lowest_of_convex(b, 1.0));
    // One vertex per edge, plus the start listed again at the end of the walk (then dropped).
    let mut vertices = Vec::with_capacity(ea + eb + 1);
    let mut edges = Vec::with_capacity(ea + eb);
    // Edges taken from each.
    let (mut ta, mut tb) = (0, 0);
    let next = |i: usize, n: usize| if i + 1 == n { 0 } else { i + 1 };
    // The next edge of each (−A's reversed) and its half-plane, worked out once per edge.
    let edge_of_a = |i: usize| {
        let d = a.vertices[i] - a.vertices[next(i, na)];
        (d, half_plane(d))
    };
    let edge_of_b = |i: usize| {
        let d = b.vertices[next(i, nb)] - b.vertices[i];
        (d, half_plane(d))
    };
    let (mut da, mut db) = (edge_of_a(ia), edge_of_b(ib));
    loop {
        vertices.push(MdVertex {
            point: b.vertices[ib] - a.vertices[ia],
            a: ia,
            b: ib,
        });
        if ta == ea && tb == eb {
            break;
        }
        let take_b = if ta == ea {
            true
        } else if tb == eb {
            false
        } else {
            !turns_before_in(da.0, da.1, db.0, db.1)
        };
        if take_b {
            edges.push(MdEdge {
                source: Source::B,
                edge: ib,
                vertex: ia,
            });
            ib = next(ib, nb);
            tb += 1;
            db = edge_of_b(ib);
        } else {
            edges.push(MdEdge {
                source: Source::A,
                edge: ia,
                vertex: ib,
            });
            ia = next(ia, na);
            ta += 1;
            da = edge_of_a(ia);
        }
    }
    // The walk ends back at the start vertex, already listed first.
    if !edges.is_empty() {
        vertices.pop();
    }
    MinkowskiDifference {
        vertices,
        edges,
        radius: a.radius + b.radius,
    }
}

/// One of the n·m difference points `b[b] − a[a]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CloudPoint {
    pub point: DVec2,
    pub a: usize,
    pub b: usize,
}

/// The fourth article's MD: every difference point and their convex hull.
#[derive(Clone, Debug, PartialEq)]
pub struct PointCloudMd {
    pub points: Vec<CloudPoint>,
    /// Hull of `points` (its `input_index` indexes `points`).
    pub hull: Hull,
    pub radius: f64,
}

/// All n·m differences `b_j − a_i` (A's vertex index outer, B's inner) and their hull.
pub fn point_cloud_difference(a: &Convex, b: &Convex) -> PointCloudMd {
    let points: Vec<CloudPoint> = a
        .vertices
        .iter()
        .enumerate()
        .flat_map(|(i, &pa)| {
            b.vertices
                .iter()
                .enumerate()
                .map(move |(j, &pb)| CloudPoint {
                    point: pb - pa,
                    a: i,
                    b: j,
                })
        })
        .collect();
    let hull = convex_hull(&points.iter().map(|p| p.point).collect::<Vec<_>>());
    PointCloudMd {
        points,
        hull,
        radius: a.radius + b.radius,
    }
}

/// Drops, until none is left, every vertex where a closed polygon does not turn strictly left
/// (collinear runs, and the hair-thin dents rounding can leave where edges are nearly
/// parallel).
///
/// One pass with a stack, as a hull scan does: a point that makes the last two kept points
/// turn right or go straight pops the last one, so its neighbours are judged again; then the
/// seam between the last and the first kept points is settled the same way. Each point is
/// pushed and popped at most once: linear in the number of points (the MD of two 1,000-gons
/// has hundreds of rounding dents). The result is the polygon that dropping one offending
/// vertex at a time would leave (a test checks it), listed from its lowest surviving index.
pub fn remove_non_left_turns(points: &[DVec2]) -> Vec<DVec2> {
    let n = points.len();
    if n < 3 {
        let mut pts = points.to_vec();
        pts.dedup();
        if pts.len() == 2 && pts[0] == pts[1] {
            pts.pop();
        }
        return pts;
    }
    let turns_left =
        |i: usize| orient(points[(i + n - 1) % n], points[i], points[(i + 1) % n]) > 0.0;
    if (0..n).all(turns_left) {
        return points.to_vec();
    }
    if !(0..n).any(turns_left) {
        return extremes(points);
    }
    // Start at a vertex that turns left: it may still fall at the seam, which is checked last.
    // The stack holds indices, so the result can keep the input's order.
    let start = (0..n).find(|&i| turns_left(i)).unwrap_or(0);
    let at = |i: usize| points[i];
    let mut st: Vec<usize> = Vec::with_capacity(n);
    for k in 0..n {
        let i = (start + k) % n;
        while st.len() >= 2 && orient(at(st[st.len() - 2]), at(st[st.len() - 1]), at(i)) <= 0.0 {
            st.pop();
        }
        st.push(i);
    }
    // The seam: the last kept point against the first, and the first against the second.
    let mut first = 0;
    while st.len() - first >= 3 {
        let (a, b) = (at(st[st.len() - 2]), at(st[st.len() - 1]));
        if orient(a, b, at(st[first])) <= 0.0 {
            st.pop();
        } else if orient(b, at(st[first]), at(st[first + 1])) <= 0.0 {
            first += 1;
        } else {
            break;
        }
    }
    let mut kept = st.split_off(first);
    if kept.len() < 3 {
        let pts: Vec<DVec2> = kept.iter().map(|&i| at(i)).collect();
        return remove_non_left_turns(&pts); // the two-point rules above
    }
    // In the input's cyclic order from its lowest surviving index.
    let lowest = (0..kept.len()).min_by_key(|&k| kept[k]).unwrap_or(0);
    kept.rotate_left(lowest);
    kept.into_iter().map(at).collect()
}

/// The two points of a collinear set farthest apart (one if they all coincide).
fn extremes(points: &[DVec2]) -> Vec<DVec2> {
    let Some(&first) = points.first() else {
        return vec![];
    };
    let far = |p: &&DVec2| (**p - first).length_squared();
    let e1 = *points
        .iter()
        .max_by(|p, q| far(p).total_cmp(&far(q)))
        .unwrap();
    let e2 = *points
        .iter()
        .max_by(|p, q| {
            (**p - e1)
                .length_squared()
                .total_cmp(&(**q - e1).length_squared())
        })
        .unwrap();
    if e1 == e2 {
        vec![e1]
    } else {
        vec![e1, e2]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::XorShift;

    #[test]
    fn the_lowest_vertex_by_bisection_is_the_scans() {
        // Convex cores with flat bottoms and tops (boxes turned by quarter turns, collinear
        // vertices along an edge), regular and random polygons, near and far, both signs.
        let mut rng = XorShift(0x51_7cc1_b727_220a_u64);
        let mut next = || rng.unit();
        let mut shapes = vec![
            vec![
                DVec2::new(0.0, 0.0),
                DVec2::new(1.0, 0.0),
                DVec2::new(2.0, 0.0),
                DVec2::new(2.0, 1.0),
                DVec2::new(1.0, 1.0),
                DVec2::new(0.0, 1.0),
            ],
            vec![DVec2::new(3.0, -1.0), DVec2::new(3.0, 5.0)],
            vec![DVec2::new(-2.0, 7.0)],
        ];
        for n in [3, 4, 5, 23, 24, 25, 64, 300] {
            for quarter in 0..4 {
                let turn = quarter as f64 * std::f64::consts::FRAC_PI_2;
                let phase = if n == 4 {
                    std::f64::consts::FRAC_PI_4
                } else {
                    turn
                };
                let offset = DVec2::new(next() * 1e6, -next() * 1e3);
                shapes.push(
                    (0..n)
                        .map(|k| {
                            let t = phase + k as f64 * std::f64::consts::TAU / n as f64;
                            offset + DVec2::new(t.cos().round_ties_even(), t.sin()) * 3.0
                        })
                        .collect(),
                );
                let mut angles: Vec<f64> = (0..n).map(|_| next() * std::f64::consts::TAU).collect();
                angles.sort_by(f64::total_cmp);
                shapes.push(
                    angles
                        .iter()
                        .map(|&t| DVec2::from_angle(t) + offset)
                        .collect(),
                );
            }
        }
        for vertices in shapes {
            let Ok((c, _)) = (crate::geometry::Shape::Polygon {
                vertices,
                radius: 0.0,
            })
            .to_convex() else {
                continue;
            };
            // From every start: ties may then sit either side of index 0.
            for start in 0..c.vertices.len().min(8) {
                let mut c = c.clone();
                c.vertices.rotate_left(start);
                for sign in [1.0, -1.0] {
                    let scan = lowest_of(c.vertices.len(), |i| c.vertices[i] * sign);
                    assert_eq!(lowest_of_convex(&c, sign), scan, "{sign} {:?}", c.vertices);
                }
            }
        }
    }

    #[test]
    fn the_cross_product_filter_answers_as_the_exact_predicate() {
        // Directions all round, each against itself turned by angles down to rounding level,
        // exactly parallel and opposite, and against every other; some scaled far apart.
        let mut dirs: Vec<DVec2> = (0..64)
            .map(|k| DVec2::from_angle(k as f64 * 0.1 - 3.2))
            .collect();
        dirs.extend([DVec2::X, DVec2::Y, DVec2::NEG_X, DVec2::NEG_Y]);
        let turned: Vec<DVec2> = dirs
            .iter()
            .flat_map(|&d| {
                [1e-1, 1e-8, 1e-15, 1e-17, -1e-16, 0.0]
                    .map(|t| DVec2::from_angle(t).rotate(d) * 1e3)
                    .into_iter()
                    .chain([-d, d * 1e-200, d.perp() * 3.0])
            })
            .collect();
        // Nearly parallel pairs, v = u · s rounded, whose rounded cross products may tie.
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d_u64);
        let mut next = || rng.unit();
        let mut pairs: Vec<(DVec2, DVec2)> = (0..20_000)
            .map(|_| {
                let u = DVec2::new(next() - 0.5, next() - 0.5);
                (u, u * (0.1 + 10.0 * next()))
            })
            .collect();
        for &u in &dirs {
            pairs.extend(dirs.iter().chain(&turned).map(|&v| (u, v)));
        }
        for (u, v) in pairs {
            let exact = match half_plane(u).cmp(&half_plane(v)) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => orient(DVec2::ZERO, u, v) > 0.0,
            };
            assert_eq!(
                turns_before_in(u, half_plane(u), v, half_plane(v)),
                exact,
                "{u} {v}"
            );
        }
    }

    /// The plain definition the stack pass must agree with: judge every vertex, drop the first
    /// that does not turn strictly left, judge again (quadratic).
    fn remove_one_at_a_time(points: &[DVec2]) -> Vec<DVec2> {
        let mut pts = points.to_vec();
        loop {
            let n = pts.len();
            if n < 3 {
                return remove_non_left_turns(&pts);
            }
            let keep: Vec<bool> = (0..n)
                .map(|i| orient(pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]) > 0.0)
                .collect();
            if keep.iter().all(|&k| k) {
                return pts;
            }
            if keep.iter().all(|&k| !k) {
                return extremes(&pts);
            }
            pts.remove(keep.iter().position(|&k| !k).unwrap());
        }
    }

    /// A closed polygon from its lowest (then leftmost) vertex: the same polygon whichever
    /// vertex a list starts at (of two coincident points, either may be the one kept).
    fn canonical(mut pts: Vec<DVec2>) -> Vec<DVec2> {
        let k = lowest_of(pts.len(), |i| pts[i]);
        pts.rotate_left(k);
        pts
    }

    #[test]
    fn the_stack_pass_agrees_with_removing_one_vertex_at_a_time() {
        // Nearly convex outlines as MDs come out: regular polygons, some points nudged by a few
        // ulps (rounding dents), some repeated, some inserted mid-edge (collinear runs).
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15_u64);
        let mut next = || rng.next_u64();
        for case in 0..3000 {
            let n = 3 + (next() % 60) as usize;
            let mut pts: Vec<DVec2> = Vec::new();
            for i in 0..n {
                let p = DVec2::from_angle(std::f64::consts::TAU * i as f64 / n as f64) * 2.0;
                match next() % 6 {
                    0 => pts.push(p * (1.0 - 1e-15 * (next() % 8) as f64)),
                    1 => {
                        pts.push(p);
                        pts.push(p);
                    }
                    2 => {
                        let q =
                            DVec2::from_angle(std::f64::consts::TAU * (i + 1) as f64 / n as f64)
                                * 2.0;
                        pts.push(p);
                        pts.push(p.lerp(q, 0.5));
                    }
                    _ => pts.push(p),
                }
            }
            let rot = (next() % pts.len() as u64) as usize;
            pts.rotate_left(rot);
            assert_eq!(
                canonical(remove_non_left_turns(&pts)),
                canonical(remove_one_at_a_time(&pts)),
                "case {case}: {pts:?}"
            );
        }
        // Degenerate sets: a segment traced out and back, a point repeated, two points.
        let line = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (1.0, 1.0)].map(|(x, y)| DVec2::new(x, y));
        assert_eq!(remove_non_left_turns(&line), remove_one_at_a_time(&line));
        let dot = [DVec2::ONE; 4];
        assert_eq!(remove_non_left_turns(&dot), vec![DVec2::ONE]);
        let two = [DVec2::ZERO, DVec2::X];
        assert_eq!(remove_non_left_turns(&two), two.to_vec());
    }

    fn poly(v: &[(f64, f64)]) -> Convex {
        Convex::new(v.iter().map(|&(x, y)| DVec2::new(x, y)).collect(), 0.0)
    }

    /// A = [−1, 1]², B = [0, 2] × [−0.5, 0.5]: by hand, B ⊖ A = [−1, 3] × [−1.5, 1.5].
    #[test]
    fn box_minus_box_is_the_box_of_summed_extents() {
        let a = poly(&[(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]);
        let b = poly(&[(0.0, -0.5), (2.0, -0.5), (2.0, 0.5), (0.0, 0.5)]);
        let md = minkowski_difference(&a, &b);
        assert_eq!(md.vertices.len(), 8, "parallel edges are kept split");
        assert_eq!(
            md.strict_vertices(),
            vec![
                DVec2::new(-1.0, -1.5),
                DVec2::new(3.0, -1.5),
                DVec2::new(3.0, 1.5),
                DVec2::new(-1.0, 1.5)
            ]
        );
        // Edge sources alternate B, A around the box (B's parallel edge first).
        let sources: Vec<Source> = md.edges.iter().map(|e| e.source).collect();
        assert_eq!(sources, [Source::B, Source::A].repeat(4), "{:?}", md.edges);
        for (i, e) in md.edges.iter().enumerate() {
            let (p, q) = md.edge_points(i);
            let (ep, eq) = match e.source {
                Source::B => (
                    b.vertices[e.edge] - a.vertices[e.vertex],
                    b.vertices[(e.edge + 1) % 4] - a.vertices[e.vertex],
                ),
                Source::A => (
                    b.vertices[e.vertex] - a.vertices[e.edge],
                    b.vertices[e.vertex] - a.vertices[(e.edge + 1) % 4],
                ),
            };
            assert_eq!((p, q), (ep, eq), "edge {i} {e:?}");
        }
    }

    #[test]
    fn merging_collinear_edges_gives_the_plain_box() {
        let a = poly(&[(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]);
        let b = poly(&[(0.0, -0.5), (2.0, -0.5), (2.0, 0.5), (0.0, 0.5)]);
        let md = minkowski_difference(&a, &b);
        let merged = md.merged_collinear();
        assert_eq!(merged.points(), md.strict_vertices());
        // Each side keeps its longer part. Bottom and top: both parts are 2 long, so the first
        // (B's) wins; left and right: A's 2-long sides beat B's 1-long ends.
        let sources: Vec<Source> = merged.edges.iter().map(|e| e.source).collect();
        assert_eq!(
            sources,
            [Source::B, Source::A].repeat(2),
            "{:?}",
            merged.edges
        );
        // Two parallel segments: a flat MD, there and back.
        let s = poly(&[(0.0, 0.0), (2.0, 0.0)]);
        let t = poly(&[(5.0, 0.0), (6.0, 0.0)]);
        assert_eq!(
            minkowski_difference(&s, &t).merged_collinear().points(),
            vec![DVec2::new(3.0, 0.0), DVec2::new(6.0, 0.0)]
        );
    }

    #[test]
    fn the_fourth_articles_three_by_three_example() {
        // Its "(3,1) − (4,1) = (−3,0)" is a typo for (−1,0). With A the second triangle and B
        // the first, B ⊖ A is a hexagon.
        let first = poly(&[(1.0, 1.0), (3.0, 1.0), (2.0, 2.0)]);
        let second = poly(&[(2.0, 1.0), (4.0, 1.0), (3.0, 2.0)]);
        let cloud = point_cloud_difference(&second, &first);
        assert_eq!(cloud.points.len(), 9);
        assert!(cloud
            .points
            .iter()
            .any(|p| p.point == DVec2::new(-1.0, 0.0) && p.a == 1 && p.b == 1));
        assert_eq!(cloud.hull.vertices.len(), 6);
        let md = minkowski_difference(&second, &first);
        assert_eq!(md.strict_vertices(), cloud.hull.vertices);
    }

    #[test]
    fn points_and_segments() {
        let p = Convex::circle(DVec2::new(1.0, 2.0), 0.5);
        let q = Convex::circle(DVec2::new(4.0, 6.0), 0.25);
        let md = minkowski_difference(&p, &q);
        assert_eq!(md.points(), vec![DVec2::new(3.0, 4.0)]);
        assert!(md.edges.is_empty());
        assert_eq!(md.radius, 0.75);
        let s = poly(&[(0.0, 0.0), (2.0, 0.0)]);
        let t = poly(&[(0.0, 0.0), (0.0, 1.0)]);
        let st = minkowski_difference(&s, &t);
        assert_eq!(st.vertices.len(), 4);
        assert_eq!(
            st.strict_vertices(),
            vec![
                DVec2::new(-2.0, 0.0),
                DVec2::new(0.0, 0.0),
                DVec2::new(0.0, 1.0),
                DVec2::new(-2.0, 1.0)
            ]
        );
        let ps = minkowski_difference(&p, &s);
        assert_eq!(ps.vertices.len(), 2);
        assert_eq!(ps.edges.len(), 2);
    }
}

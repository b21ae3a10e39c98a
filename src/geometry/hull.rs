//! The convex hull of user input: Andrew's monotone chain, O(n log n), with exact orientation
//! predicates.
//!
//! Scene files may give any outline; the third article's advice is to collide with its convex
//! hull. Sorting the points and walking the lower then the upper chain keeps a point only while
//! the chain turns left. The turn test is [`orient`], which is exact: with a rounded cross product
//! nearly collinear points can be judged on the wrong side and the chain can fold over itself.
//!
//! The hull keeps no collinear points and no duplicates, starts at the lowest-then-leftmost
//! vertex, and runs counter-clockwise. All points equal
//! give one vertex; all on one line give the two ends.

use super::{half_plane, orient, DVec2};

/// What happened to an input point that is not a hull vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HullNote {
    /// Input vertex `index` repeats vertex `of`.
    Duplicate { index: usize, of: usize },
    /// Input vertex `index` lies on a hull edge, between two hull vertices.
    Collinear { index: usize },
    /// Input vertex `index` lies strictly inside the hull: the outline was not convex.
    Inside { index: usize },
}

impl HullNote {
    pub fn index(&self) -> usize {
        match *self {
            HullNote::Duplicate { index, .. }
            | HullNote::Collinear { index }
            | HullNote::Inside { index } => index,
        }
    }
}

/// A convex hull and where each of its vertices came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Hull {
    /// Counter-clockwise, no duplicates, no collinear triples.
    pub vertices: Vec<DVec2>,
    /// For each hull vertex, the index of the input point it is.
    pub input_index: Vec<usize>,
    /// Every input point that is not a hull vertex, in input order, with the reason.
    pub notes: Vec<HullNote>,
}

/// The convex hull of `points` (finite; any order, duplicates and collinear runs allowed).
/// Empty input gives an empty hull.
pub fn convex_hull(points: &[DVec2]) -> Hull {
    // Most outlines are convex already, listed counter-clockwise: then the hull is the outline
    // itself, started at its lowest-then-leftmost vertex, found in one pass without sorting.
    if points.len() >= 3 && is_strictly_convex_ccw(points) && winds_once(points) {
        let n = points.len();
        let start = lowest_of(n, |i| points[i]);
        let input_index: Vec<usize> = (start..n).chain(0..start).collect();
        return Hull {
            vertices: input_index.iter().map(|&i| points[i]).collect(),
            input_index,
            notes: Vec::new(),
        };
    }
    monotone_chain(points)
}

/// Of the `n` points `at(0)`, …, `at(n − 1)`, the index of the lowest, the leftmost among
/// equally low ones, the first among equal points (0 when there are none). Compared as numbers,
/// so −0 and +0 are the same height.
pub(crate) fn lowest_of(n: usize, at: impl Fn(usize) -> DVec2) -> usize {
    let mut best = (0, if n == 0 { DVec2::ZERO } else { at(0) });
    for i in 1..n {
        let p = at(i);
        if p.y < best.1.y || (p.y == best.1.y && p.x < best.1.x) {
            best = (i, p);
        }
    }
    best.0
}

/// Whether a closed polygon's edge directions turn through one full turn, not more: counted as
/// the edges whose direction crosses angle 0 (from below the x axis to above it). With every
/// turn strictly left and less than half a turn, one crossing means a simple convex polygon
/// (a pentagram turns left everywhere but twice round).
fn winds_once(points: &[DVec2]) -> bool {
    let n = points.len();
    let below = |i: usize| half_plane(points[(i + 1) % n] - points[i]) == 1;
    (0..n).filter(|&i| below(i) && !below((i + 1) % n)).count() == 1
}

/// Andrew's monotone chain (module doc), for any input.
fn monotone_chain(points: &[DVec2]) -> Hull {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&i, &j| {
        let (p, q) = (points[i], points[j]);
        p.x.total_cmp(&q.x)
            .then(p.y.total_cmp(&q.y))
            .then(i.cmp(&j))
    });
    // Distinct points, each represented by its first input index.
    let mut duplicate_of = vec![None; points.len()];
    let mut distinct: Vec<usize> = Vec::with_capacity(order.len());
    for &i in &order {
        match distinct.last() {
            Some(&j) if points[j] == points[i] => duplicate_of[i] = Some(j),
            _ => distinct.push(i),
        }
    }

    let chain: Vec<usize> = if distinct.len() <= 2 {
        distinct.clone()
    } else {
        // Lower chain left to right, upper chain right to left; each keeps only left turns.
        let half = |order: &mut dyn Iterator<Item = usize>| {
            let mut chain: Vec<usize> = Vec::new();
            for i in order {
                while chain.len() >= 2
                    && orient(
                        points[chain[chain.len() - 2]],
                        points[chain[chain.len() - 1]],
                        points[i],
                    ) <= 0.0
                {
                    chain.pop();
                }
                chain.push(i);
            }
            chain.pop(); // its last point starts the other chain
            chain
        };
        let mut hull = half(&mut distinct.iter().copied());
        hull.extend(half(&mut distinct.iter().rev().copied()));
        hull
    };
    // Start at the lowest-then-leftmost vertex, as the Minkowski difference does.
    let mut chain = chain;
    let start = lowest_of(chain.len(), |i| points[chain[i]]);
    chain.rotate_left(start);

    let vertices: Vec<DVec2> = chain.iter().map(|&i| points[i]).collect();
    let mut notes = Vec::new();
    let mut on_hull = vec![false; points.len()];
    for &i in &chain {
        on_hull[i] = true;
    }
    for (i, p) in points.iter().enumerate() {
        if on_hull[i] {
            continue;
        }
        if let Some(of) = duplicate_of[i] {
            notes.push(HullNote::Duplicate { index: i, of });
        } else if vertices.len() < 3 || on_boundary(&vertices, *p) {
            notes.push(HullNote::Collinear { index: i });
        } else {
            notes.push(HullNote::Inside { index: i });
        }
    }
    Hull {
        vertices,
        input_index: chain,
        notes,
    }
}

/// Whether `p` (known to be in the closed hull, counter-clockwise, three vertices or more) lies
/// on one of its edges, in O(log n): the fan of triangles from vertex 0 is bisected for the one
/// holding `p`, whose outer edge, with the two edges at vertex 0, are the only edges `p` can be
/// on. Exact predicates throughout, so the answer is the edge-by-edge test's.
fn on_boundary(vertices: &[DVec2], p: DVec2) -> bool {
    let n = vertices.len();
    let v0 = vertices[0];
    // The last i with p on or left of v0 → v[i] (true at i = 1, as p is inside).
    let (mut lo, mut hi) = (1, n - 1);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if orient(v0, vertices[mid], p) >= 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    // p is in the triangle v0, v[lo], v[lo + 1] (on its side v0 → v[lo + 1] only when that is
    // the edge back to v0).
    orient(vertices[lo], vertices[lo + 1], p) == 0.0
        || orient(v0, vertices[1], p) == 0.0
        || orient(vertices[n - 1], v0, p) == 0.0
}

/// Whether `vertices` already form a strictly convex counter-clockwise polygon (every turn
/// exactly left). One or two distinct points count as convex.
pub fn is_strictly_convex_ccw(vertices: &[DVec2]) -> bool {
    let n = vertices.len();
    if n < 3 {
        return n < 2 || vertices[0] != vertices[1];
    }
    // Each corner with its neighbours, the two that wrap round last (no division per corner).
    vertices.windows(3).all(|w| orient(w[0], w[1], w[2]) > 0.0)
        && orient(vertices[n - 2], vertices[n - 1], vertices[0]) > 0.0
        && orient(vertices[n - 1], vertices[0], vertices[1]) > 0.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::XorShift;

    fn v(x: f64, y: f64) -> DVec2 {
        DVec2::new(x, y)
    }

    #[test]
    fn square_with_inside_collinear_and_duplicate_points() {
        let pts = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(1.0, 0.0), // on the bottom edge
            v(2.0, 2.0),
            v(1.0, 1.0), // inside
            v(0.0, 2.0),
            v(2.0, 2.0), // duplicate of 3
        ];
        let h = convex_hull(&pts);
        assert_eq!(
            h.vertices,
            vec![v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]
        );
        assert_eq!(h.input_index, vec![0, 1, 3, 5]);
        let tilted = convex_hull(&[v(0.0, 1.0), v(1.0, 0.0), v(2.0, 1.0), v(1.0, 2.0)]);
        assert_eq!(
            tilted.vertices[0],
            v(1.0, 0.0),
            "starts at the lowest vertex"
        );
        assert_eq!(
            h.notes,
            vec![
                HullNote::Collinear { index: 2 },
                HullNote::Inside { index: 4 },
                HullNote::Duplicate { index: 6, of: 3 },
            ]
        );
        assert!(is_strictly_convex_ccw(&h.vertices));
    }

    #[test]
    fn degenerate_inputs() {
        assert!(convex_hull(&[]).vertices.is_empty());
        assert_eq!(convex_hull(&[v(1.0, 1.0); 3]).vertices, vec![v(1.0, 1.0)]);
        let line = convex_hull(&[v(2.0, 2.0), v(0.0, 0.0), v(1.0, 1.0)]);
        assert_eq!(line.vertices, vec![v(0.0, 0.0), v(2.0, 2.0)]);
        let flat = convex_hull(&[v(2.0, 0.0), v(0.0, 0.0)]);
        assert_eq!(flat.vertices, vec![v(0.0, 0.0), v(2.0, 0.0)]);
        assert_eq!(line.notes, vec![HullNote::Collinear { index: 2 }]);
    }

    #[test]
    fn a_convex_outline_is_its_own_hull_as_the_chain_finds_it() {
        // Regular and random convex polygons, listed from every vertex, counter-clockwise (the
        // fast path) and clockwise, with a collinear point, and wound twice (a pentagram):
        // each gives the monotone chain's hull, notes included.
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15_u64);
        let mut next = || rng.unit();
        let mut outlines: Vec<Vec<DVec2>> = Vec::new();
        for n in [3, 4, 5, 16, 100] {
            let regular: Vec<DVec2> = (0..n)
                .map(|k| DVec2::from_angle(k as f64 * std::f64::consts::TAU / n as f64 + 0.3))
                .collect();
            let mut angles: Vec<f64> = (0..n).map(|_| next() * std::f64::consts::TAU).collect();
            angles.sort_by(f64::total_cmp);
            let random: Vec<DVec2> = angles
                .iter()
                .map(|&t| DVec2::new(3.0 * t.cos() + 100.0, t.sin() - 7.0))
                .collect();
            for shape in [regular, random] {
                for start in 0..shape.len() {
                    let mut s = shape.clone();
                    s.rotate_left(start);
                    outlines.push(s.clone());
                    s.reverse();
                    outlines.push(s);
                }
            }
        }
        outlines.push(vec![v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0), v(1.0, 1.0)]);
        let star: Vec<DVec2> = (0..5)
            .map(|k| DVec2::from_angle(k as f64 * 2.0 * std::f64::consts::TAU / 5.0))
            .collect();
        assert!(is_strictly_convex_ccw(&star) && !winds_once(&star));
        outlines.push(star);
        let mut fast = 0;
        for o in &outlines {
            assert_eq!(convex_hull(o), monotone_chain(o), "{o:?}");
            fast += usize::from(is_strictly_convex_ccw(o) && winds_once(o));
        }
        assert!(
            fast * 2 >= outlines.len() - 2,
            "{fast} of {}",
            outlines.len()
        );
    }

    #[test]
    fn the_bisected_boundary_test_is_the_edge_by_edge_one() {
        // Hulls of random integer points; every point of a grid over them that the hull holds,
        // many of them exactly on edges or on the diagonals from vertex 0.
        let mut rng = XorShift(0x2f6b_1d3a_9c4e_8751);
        let mut on_edges = 0;
        for _ in 0..200 {
            let k = 3 + (rng.next_u64() % 12) as usize;
            let pts: Vec<DVec2> = (0..k)
                .map(|_| v((rng.next_u64() % 9) as f64, (rng.next_u64() % 9) as f64))
                .collect();
            let h = convex_hull(&pts).vertices;
            if h.len() < 3 {
                continue;
            }
            let n = h.len();
            for x in 0..=16 {
                for y in 0..=16 {
                    let p = v(x as f64 / 2.0, y as f64 / 2.0);
                    let inside = (0..n).all(|i| orient(h[i], h[(i + 1) % n], p) >= 0.0);
                    if !inside {
                        continue;
                    }
                    let each = (0..n).any(|i| orient(h[i], h[(i + 1) % n], p) == 0.0);
                    on_edges += usize::from(each);
                    assert_eq!(on_boundary(&h, p), each, "{p} in {h:?}");
                }
            }
        }
        assert!(on_edges > 1000, "{on_edges}");
    }

    #[test]
    fn nearly_collinear_points_do_not_fold_the_hull() {
        // Points on the line y = x with one nudged by one ulp: the naive cross product rounds
        // to zero for some of these triples, the exact predicate does not.
        let mut pts: Vec<DVec2> = (0..50).map(|i| v(i as f64 * 0.1, i as f64 * 0.1)).collect();
        pts.push(v(2.5, f64::from_bits(2.5f64.to_bits() + 1)));
        pts.push(v(1e6, -1e-6));
        let h = convex_hull(&pts);
        assert!(is_strictly_convex_ccw(&h.vertices), "{:?}", h.vertices);
        for p in &pts {
            let n = h.vertices.len();
            for i in 0..n {
                assert!(orient(h.vertices[i], h.vertices[(i + 1) % n], *p) >= 0.0);
            }
        }
    }
}

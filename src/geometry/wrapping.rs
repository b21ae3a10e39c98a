//! The fourth article's hull by wrapping: walk around a point set, accepting a line to the next
//! point only when it does not split the others.
//!
//! **The idea.** A line through two points of a set is a hull edge exactly when all the other
//! points lie on one side of it. Start at a point that must be a hull vertex — the article takes
//! the highest, then the leftmost among equally high (our y is **up**, so "highest" is the
//! largest y) — and try lines to the other points until one leaves nothing on both sides. Its far
//! end is the next vertex; go on from there until the line back to the start is accepted. The
//! article uses it on the n·m differences `b_j − a_i` ([`wrap_cloud`] on
//! [`point_cloud_difference`](super::minkowski::point_cloud_difference)); every candidate line is
//! recorded ([`WrapStep`]) so the figure can replay the search.
//!
//! **Which way round.** Both hull neighbours of a vertex give a line that splits nothing; to walk
//! counter-clockwise we accept a line only if no point is strictly on its *right*. At a hull
//! vertex exactly one direction passes that test (the next edge counter-clockwise), so the
//! order in which candidates are tried changes the steps, never the hull. Once the hull has two
//! vertices the start is tried first at every vertex (the article's "can I close the polygon
//! yet?" check); the other candidates follow in input order, skipping points already on the hull.
//!
//! **Collinear points, duplicates, degenerate sets** (the article leaves them open):
//! * points on a hull edge between its ends are *not* vertices: a candidate is refused while
//!   another point lies on the line beyond it ([`CandidateVerdict::NotFarthest`]), so only the
//!   extreme point of each edge is kept and the hull has no three vertices in a row;
//! * duplicates are merged first (the first in input order stands for all);
//! * all points equal: one vertex, no steps ([`WrapEnd::SinglePoint`]);
//! * all on one line: the two ends, out and back ([`WrapEnd::Closed`] with two vertices);
//! * every side test is the exact [`orient`], so nearly collinear points never land on the wrong
//!   side; the walk takes at most one accepted step per distinct point plus the closing one
//!   ([`WrapEnd::OutOfSteps`] otherwise, which exact predicates never reach).
//!
//! The result equals [`convex_hull`](super::hull::convex_hull) as a cyclic sequence; it starts at
//! the highest-then-leftmost vertex instead of the lowest-then-leftmost. It costs O(h·n²) for h
//! hull vertices: fine for the tens of points of a teaching scene.

use super::minkowski::PointCloudMd;
use super::{orient, DVec2};

/// Why a candidate line was accepted or refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CandidateVerdict {
    /// Other points lie strictly on both sides: the line cuts through the set.
    Splits,
    /// All other points on one side, but the right one: this is a hull edge walked clockwise.
    Clockwise,
    /// Nothing on the right, but another point lies on the line beyond `to`: `to` is between
    /// two hull vertices, not one.
    NotFarthest,
    /// Nothing on the right and `to` is the farthest along the line: the next hull edge.
    Edge,
}

/// One candidate line `from → to` tried (indices into the input points, world/configuration
/// frame as given). The counts are over the distinct points other than `from` and `to`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WrapStep {
    pub from: usize,
    pub to: usize,
    pub from_point: DVec2,
    pub to_point: DVec2,
    /// Points strictly left of `from → to` (counter-clockwise side).
    pub points_left: usize,
    /// Points strictly right of `from → to`.
    pub points_right: usize,
    /// Points exactly on the line.
    pub points_on_line: usize,
    /// Points strictly on both sides: the article's "subdivides".
    pub splits: bool,
    pub verdict: CandidateVerdict,
    /// `verdict == Edge`: `to` becomes the next hull vertex (or closes the hull).
    pub accepted: bool,
}

/// How the walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WrapEnd {
    /// Back at the start: the hull is complete.
    Closed,
    /// No points at all.
    Empty,
    /// All points are the same point: a one-vertex hull.
    SinglePoint,
    /// No candidate from hull vertex `at` (an input index) was accepted. Cannot happen with
    /// exact predicates on finite points; reported rather than looping.
    Stuck { at: usize },
    /// More accepted steps than distinct points. Cannot happen either; the bound on the loop.
    OutOfSteps,
}

/// The hull found by wrapping and every candidate tried.
#[derive(Clone, Debug, PartialEq)]
pub struct Wrapping {
    /// The starting point (input index): highest, then leftmost. `None` for no points.
    pub start: Option<usize>,
    /// Hull vertices counter-clockwise from `start`; no duplicates, no three in a row collinear.
    pub hull: Vec<DVec2>,
    /// The input index of each hull vertex.
    pub hull_index: Vec<usize>,
    /// Every candidate line in the order tried.
    pub steps: Vec<WrapStep>,
    pub end: WrapEnd,
}

/// Whether `p`, on the line through `from` and `to`, lies beyond `to` (seen from `from`).
/// Decided on coordinates, not on rounded dot products: on a line that is not vertical x orders
/// its points, on a vertical one y does.
fn beyond(from: DVec2, to: DVec2, p: DVec2) -> bool {
    if to.x > from.x {
        p.x > to.x
    } else if to.x < from.x {
        p.x < to.x
    } else if to.y > from.y {
        p.y > to.y
    } else {
        p.y < to.y
    }
}

/// Wrap the hull of `points` (finite; any order; duplicates and collinear runs allowed).
pub fn gift_wrap(points: &[DVec2]) -> Wrapping {
    // Distinct points, each represented by its first input index.
    let mut distinct: Vec<usize> = Vec::with_capacity(points.len());
    for (i, p) in points.iter().enumerate() {
        if !distinct.iter().any(|&j| points[j] == *p) {
            distinct.push(i);
        }
    }
    let Some(start) = distinct.iter().copied().min_by(|&i, &j| {
        let (p, q) = (points[i], points[j]);
        q.y.total_cmp(&p.y).then(p.x.total_cmp(&q.x))
    }) else {
        return Wrapping {
            start: None,
            hull: vec![],
            hull_index: vec![],
            steps: vec![],
            end: WrapEnd::Empty,
        };
    };
    let mut hull_index = vec![start];
    let mut steps = Vec::new();
    let end = if distinct.len() == 1 {
        WrapEnd::SinglePoint
    } else {
        let mut end = WrapEnd::OutOfSteps;
        // Each round accepts one vertex or closes; `distinct.len()` rounds always suffice.
        'rounds: for _ in 0..distinct.len() {
            let from = *hull_index.last().expect("the hull starts with one vertex");
            let closing_first = (hull_index.len() >= 2).then_some(start);
            let others = distinct
                .iter()
                .copied()
                .filter(|&j| j != from && !hull_index.contains(&j));
            for to in closing_first.into_iter().chain(others) {
                let step = try_candidate(points, &distinct, from, to);
                steps.push(step);
                if step.accepted {
                    if to == start {
                        end = WrapEnd::Closed;
                        break 'rounds;
                    }
                    hull_index.push(to);
                    continue 'rounds;
                }
            }
            end = WrapEnd::Stuck { at: from };
            break;
        }
        end
    };
    Wrapping {
        start: Some(start),
        hull: hull_index.iter().map(|&i| points[i]).collect(),
        hull_index,
        steps,
        end,
    }
}

/// Count the other distinct points on each side of `from → to` and judge the line.
fn try_candidate(points: &[DVec2], distinct: &[usize], from: usize, to: usize) -> WrapStep {
    let (p, q) = (points[from], points[to]);
    let (mut left, mut right, mut on_line, mut farther) = (0, 0, 0, false);
    for &k in distinct {
        if k == from || k == to {
            continue;
        }
        let r = points[k];
        let o = orient(p, q, r);
        if o > 0.0 {
            left += 1;
        } else if o < 0.0 {
            right += 1;
        } else {
            on_line += 1;
            farther |= beyond(p, q, r);
        }
    }
    let splits = left > 0 && right > 0;
    let verdict = if splits {
        CandidateVerdict::Splits
    } else if right > 0 {
        CandidateVerdict::Clockwise
    } else if farther {
        CandidateVerdict::NotFarthest
    } else {
        CandidateVerdict::Edge
    };
    WrapStep {
        from,
        to,
        from_point: p,
        to_point: q,
        points_left: left,
        points_right: right,
        points_on_line: on_line,
        splits,
        verdict,
        accepted: verdict == CandidateVerdict::Edge,
    }
}

/// Wrap the fourth article's point cloud: the indices in the result index `cloud.points`, so
/// each hull vertex and each candidate names its pair `b_j − a_i`.
pub fn wrap_cloud(cloud: &PointCloudMd) -> Wrapping {
    let points: Vec<DVec2> = cloud.points.iter().map(|p| p.point).collect();
    gift_wrap(&points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64) -> DVec2 {
        DVec2::new(x, y)
    }

    #[test]
    fn square_with_a_point_on_each_side_keeps_the_corners() {
        let pts = [
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 1.0),
            v(2.0, 2.0),
            v(1.0, 2.0),
            v(0.0, 2.0),
            v(0.0, 1.0),
            v(1.0, 1.0),
        ];
        let w = gift_wrap(&pts);
        assert_eq!(w.end, WrapEnd::Closed);
        assert_eq!(w.start, Some(6), "highest, then leftmost");
        assert_eq!(
            w.hull,
            vec![v(0.0, 2.0), v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0)]
        );
        assert!(w
            .steps
            .iter()
            .any(|s| s.verdict == CandidateVerdict::NotFarthest));
        assert!(w
            .steps
            .iter()
            .any(|s| s.verdict == CandidateVerdict::Splits));
    }

    #[test]
    fn degenerate_sets() {
        assert_eq!(gift_wrap(&[]).end, WrapEnd::Empty);
        let same = gift_wrap(&[v(1.0, 1.0); 4]);
        assert_eq!(same.end, WrapEnd::SinglePoint);
        assert_eq!(same.hull, vec![v(1.0, 1.0)]);
        assert!(same.steps.is_empty());
        let line = gift_wrap(&[v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0), v(1.0, 1.0)]);
        assert_eq!(line.end, WrapEnd::Closed);
        assert_eq!(line.hull, vec![v(2.0, 2.0), v(0.0, 0.0)]);
        let two = gift_wrap(&[v(0.0, 0.0), v(3.0, 0.0)]);
        assert_eq!(two.hull, vec![v(0.0, 0.0), v(3.0, 0.0)]);
        assert_eq!(two.end, WrapEnd::Closed);
    }
}

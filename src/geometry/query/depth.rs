//! The depth of a small core overlapping a larger polygon, by their faces, where a point of
//! the small core lies strictly inside the polygon.
//!
//! Two convex cores that overlap leave each other fastest along one of the core MD's face
//! normals, and those are the normals of both cores' faces; along a face's normal, the depth is
//! how far the other core's deepest vertex lies behind the face's line. So the depth is the
//! least, over every face of both cores, of that vertex's depth: the separating-axis test, which
//! finds no axis that separates and measures the overlap along each.
//!
//! With a small core (a segment, a box, a polygon of up to [`SMALL_MAX`] vertices) against a
//! polygon of up to [`POLYGON_MAX`] vertices, that is one support search on the polygon for
//! each of the small core's faces (the polygon's vertex deepest behind it) and one pass round
//! the polygon's faces, cut into runs by the vertices found: along each run the small core's
//! deepest vertex is the same one, so each face costs a few operations, where GJK would first
//! enclose the origin and EPA then search both cores for support again and again. The small
//! core's middle strictly inside the polygon proves the overlap first, in O(log n); where it is
//! not (a shallow overlap, or cores apart), GJK decides whether they overlap, and where they do,
//! the pass still measures the depth for small cores of up to [`SHOWN_SMALL_MAX`] vertices
//! ([`shown_overlap_depth`]); EPA for larger ones, whose support searches cost the pass more
//! than EPA's iterations.

use super::{middle, outward, strictly_inside, Face, FaceContact, GRAZING};
use crate::geometry::support::extreme_vertex;
use crate::geometry::{around, length, steps, Convex, DVec2, Placement};

/// The most vertices the small core may have: they are placed in the polygon's frame all at
/// once, and each face found is checked against all of them.
pub const SMALL_MAX: usize = 16;

/// The most vertices the small core may have for the pass to take the place of EPA once GJK has
/// shown the overlap ([`shown_overlap_depth`]): there GJK has already paid for what the middle's
/// test would have saved, and the pass's support searches (one per small face) are weighed
/// against EPA's iterations. Measured in time on small cores overlapping 64- to 256-gons
/// (regular, random, elongated) by 0.1 and 0.5: boxes, capsules, 4- and 8-gons the cheaper by
/// the pass (class medians 0.19–0.36 of parry's time against EPA's 0.29–0.67), random 16-gons the
/// dearer (overlapping by 0.1, 0.34 and 0.41 against 0.32 and 0.33).
pub const SHOWN_SMALL_MAX: usize = 8;

/// The most vertices the polygon may have. The pass looks at every face, where each of EPA's
/// support searches is O(log n): measured on boxes, capsules and random 8- and 16-gons with
/// their middles inside regular, random and elongated polygons, the pass was the cheaper at
/// 128 and 256 vertices (level with EPA on a few shallow overlaps of elongated ones), mixed at
/// 384 and the dearer at 512; measured again since the pass takes runs of faces (about half
/// the instructions of the walk it replaced at 256), still the dearer at 512 and 1,024. (A
/// point's pass, `closed_form::point_depth`, needs no runs and goes further:
/// [`DEPTH_SCAN_MAX`](super::DEPTH_SCAN_MAX).)
pub const POLYGON_MAX: usize = 256;

/// The fewest faces a run has for the pass to work out a bound on their depths (a few faces'
/// work) before looking at them.
const BOUNDED_RUN: usize = 16;

/// The overlap of two cores, one of two to [`SMALL_MAX`] vertices, the other a polygon of more
/// vertices (up to [`POLYGON_MAX`]), B placed in A's frame by `b_in_a`, where the small core's
/// middle (a point of it) lies strictly inside the polygon: the face least deep and the other
/// core's vertex deepest behind it, in the polygon's frame. `None` where the pair is not so, or
/// where the answer would rest on rounding (the face found no longer than rounding of its
/// coordinates, or the depth within rounding of 0).
pub(super) fn overlap_depth(a: &Convex, b: &Convex, b_in_a: Placement) -> Option<FaceContact> {
    faces_depth(a, b, b_in_a, SMALL_MAX, true)
}

/// [`overlap_depth`] where GJK has shown the cores overlapping (no point of the small core need
/// lie inside the polygon), for small cores of up to [`SHOWN_SMALL_MAX`] vertices; `None` also
/// where the cores only touch (the depth within rounding of 0) or, GJK's touching tolerance
/// aside, lie apart (some face's depth negative): EPA decides.
pub(super) fn shown_overlap_depth(
    a: &Convex,
    b: &Convex,
    b_in_a: Placement,
) -> Option<FaceContact> {
    faces_depth(a, b, b_in_a, SHOWN_SMALL_MAX, false)
}

/// [`overlap_depth`] and [`shown_overlap_depth`]: small cores of up to `small_max` vertices,
/// the small core's middle tested inside the polygon first where `inside_first`.
fn faces_depth(
    a: &Convex,
    b: &Convex,
    b_in_a: Placement,
    small_max: usize,
    inside_first: bool,
) -> Option<FaceContact> {
    let (n, m) = (a.vertices.len(), b.vertices.len());
    let sizes = |large: usize, small: usize| {
        (2..=small_max).contains(&small) && large > small && (3..=POLYGON_MAX).contains(&large)
    };
    let small_is_b = if sizes(n, m) {
        true
    } else if sizes(m, n) {
        false
    } else {
        return None;
    };
    let (polygon, small) = if small_is_b { (a, b) } else { (b, a) };
    let to_polygon = |v: DVec2| {
        if small_is_b {
            b_in_a.apply(v)
        } else {
            b_in_a.apply_inverse(v)
        }
    };
    let core = &polygon.vertices[..];
    if inside_first && !strictly_inside(core, to_polygon(middle(&small.vertices))) {
        return None;
    }
    let mut placed = [DVec2::ZERO; SMALL_MAX];
    for (p, &v) in placed.iter_mut().zip(&small.vertices) {
        *p = to_polygon(v);
    }
    let m = small.vertices.len();
    let found = pass(polygon, &placed, m)?;
    // The least deep of the two (compared squared, as each was found): the way out.
    let behind = |start: DVec2, end: DVec2, v: DVec2| outward(end - start).dot(start - v);
    let (face_is_polygons, start, end, vertex) = if found.small.0 < found.polygon.0 {
        // (Its vertex is the polygon's support along the face's inward normal already.)
        let (_, k, j) = found.small;
        let (start, end) = (placed[k], placed[around(k, m).1]);
        (false, start, end, core[j])
    } else {
        // Its vertex is checked against the whole small core: runs cut in the wrong place
        // would measure a face against a vertex less deep than the deepest, making it seem
        // shallower than it is, and that can only matter on the face found. Where a face of
        // each core is parallel to the other's, the run's end falls either side of the face up
        // to rounding, and the deepest vertex is taken (level with the run's up to rounding).
        let (_, face, k) = found.polygon;
        let (start, end) = (core[around(face, core.len()).0], core[face]);
        let (deepest, most) = (0..m).map(|i| (i, behind(start, end, placed[i]))).fold(
            (k, f64::NEG_INFINITY),
            |most, x| if x.1 > most.1 { x } else { most },
        );
        let extent = start
            .abs()
            .max(end.abs())
            .max(placed[deepest].abs())
            .max_element();
        let rounding = GRAZING * (end - start).abs().max_element() * extent;
        let short = most - behind(start, end, placed[k]);
        if short > rounding || short.is_nan() {
            return None;
        }
        (true, start, end, placed[deepest])
    };
    let (depth, _) = settled_depth(start, end, vertex)?;
    // The polygon's face: its core is A's when the small one is B.
    let face = Face {
        from_a: face_is_polygons == small_is_b,
        in_frame_of_a: small_is_b,
        edge: end - start,
        nearest: vertex,
        gap: -depth,
    };
    Some(face.contact())
}

/// How deep `v` lies behind the face from `start` to `end` of a counter-clockwise core, and the
/// face's outward unit normal, where the answer rests on more than rounding: the face longer
/// than rounding of the coordinates (its direction is not noise) and the depth above it.
/// `None` otherwise, or on a NaN. The last step of both passes, the point's and the small
/// core's.
pub(super) fn settled_depth(start: DVec2, end: DVec2, v: DVec2) -> Option<(f64, DVec2)> {
    let edge = end - start;
    let rounding = GRAZING * v.abs().max(start.abs()).max(end.abs()).max_element();
    let out = outward(edge) / length(edge);
    let depth = out.dot(start - v);
    // (`>`: a NaN is no answer.)
    (edge.abs().max_element() > rounding && depth > rounding).then_some((depth, out))
}

/// What [`pass`] found: the least deep face of each core, each as its depth squared (its sign
/// kept), the face (the polygon's by its end, the small core's by its start) and the other
/// core's vertex deepest behind it.
struct Found {
    polygon: (f64, usize, usize),
    small: (f64, usize, usize),
}

/// The depths of both cores' faces, in the polygon's frame (the small core's `m` vertices
/// `placed` there). Behind each of the small core's faces the polygon's deepest vertex is its
/// support along the face's inward normal, one search each; as those normals turn
/// counter-clockwise, so do the vertices found, and they cut the polygon's faces into runs: the
/// faces between the vertex found for the small core's face before vertex `k` and the one found
/// for the face after it have their normals in the range where `k` is the small core's deepest
/// vertex (its support along their inward normals). So each run is measured against one vertex,
/// with no walk to keep up. `None` where rounding has put the vertices found out of turn (they
/// do not go round the polygon once). Each depth rests on the runs being right; the caller
/// checks the one found.
fn pass(polygon: &Convex, placed: &[DVec2; SMALL_MAX], m: usize) -> Option<Found> {
    let core = &polygon.vertices[..];
    let n = core.len();
    let depth_squared = |lifted: f64, edge: DVec2| lifted * (lifted.abs() / edge.length_squared());
    // The polygon's vertex deepest behind each of the small core's faces, and the face least
    // deep. (Indices `% SMALL_MAX`: no bounds to check, as `k < m ≤ SMALL_MAX`.)
    let mut support = [0; SMALL_MAX];
    let mut small = (f64::INFINITY, 0, 0);
    let mut turns = 0;
    for k in 0..m {
        let (start, end) = (placed[k % SMALL_MAX], placed[around(k, m).1 % SMALL_MAX]);
        let edge = end - start;
        let j = extreme_vertex(polygon, -outward(edge));
        support[k % SMALL_MAX] = j;
        let depth = depth_squared(outward(edge).dot(start - core[j]), edge);
        if depth < small.0 {
            small = (depth, k, j);
        }
        if k > 0 {
            turns += steps(support[(k - 1) % SMALL_MAX], j, n);
        }
    }
    turns += steps(support[(m - 1) % SMALL_MAX], support[0], n);
    if turns != n {
        return None;
    }
    // The faces whose ends are `chain[1..]` (the first of them face `first`) against vertex `k`.
    let mut polygon_face = (f64::INFINITY, 0, 0);
    let run = |best: &mut (f64, usize, usize), chain: &[DVec2], first: usize, k: usize| {
        let v = placed[k % SMALL_MAX];
        for (i, pair) in chain.windows(2).enumerate() {
            let edge = pair[1] - pair[0];
            let depth = depth_squared(outward(edge).dot(pair[0] - v), edge);
            if depth < best.0 {
                *best = (depth, first + i, k);
            }
        }
    };
    // The runs, least bound first; the rest once their bound passes the least depth found.
    // (Runs too short to be worth a bound are looked at first.)
    let mut order = [(f64::NEG_INFINITY, 0); SMALL_MAX];
    let mut bounded = false;
    for k in 0..m {
        let faces = steps(
            support[around(k, m).0 % SMALL_MAX],
            support[k % SMALL_MAX],
            n,
        );
        if faces >= BOUNDED_RUN && m >= 3 {
            order[k % SMALL_MAX].0 = run_bound(core, placed, &support, k, m);
            bounded = true;
        }
        order[k % SMALL_MAX].1 = k;
    }
    if bounded {
        order[..m].sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    }
    for &(bound, k) in &order[..m] {
        let least = small.0.min(polygon_face.0);
        if bound > 0.0 && bound * bound > least {
            break;
        }
        // The run of vertex `k`: the faces after the vertex found for the face before it, up to
        // the one found for the face after it.
        let (from, to) = (support[around(k, m).0 % SMALL_MAX], support[k % SMALL_MAX]);
        if from <= to {
            run(&mut polygon_face, &core[from..=to], from + 1, k);
        } else {
            // Round past the polygon's last vertex: face 0 joins the last vertex to the first.
            run(&mut polygon_face, &core[from..], from + 1, k);
            run(&mut polygon_face, &[core[n - 1], core[0]], 0, k);
            run(&mut polygon_face, &core[..=to], 1, k);
        }
    }
    Some(Found {
        polygon: polygon_face,
        small,
    })
}

/// A bound below the depths of the polygon's faces in the run of the small core's vertex `k`
/// (see [`pass`]), less a margin for rounding; `-∞` where there is none to be had cheaply.
///
/// Those faces' normals turn from the inward normal of the small core's face before `k` to
/// that of the face after it, and the polygon holds the vertices `u` and `w` found behind those
/// two faces, so along each face's normal `n` the polygon reaches at least as far as the
/// farther of them: the depth is at least `max((u − v)·n, (w − v)·n)`, `v` the small core's
/// vertex. Its least over the range of normals is at an end of the range (the depths of the
/// small core's two faces), where the two are equal (the distance of the line through `u` and
/// `w`), or where one of them is least (pointing away from `u` or `w`). Not taken for a
/// segment (`m = 2`): though it holds there too (the range is half a turn), its two runs are
/// half the polygon each, and measured on capsules in random 64- and 256-gons it saved nothing
/// overall (+5 % and −10 % a call).
fn run_bound(
    core: &[DVec2],
    placed: &[DVec2; SMALL_MAX],
    support: &[usize; SMALL_MAX],
    k: usize,
    m: usize,
) -> f64 {
    let before = around(k, m).0;
    let v = placed[k % SMALL_MAX];
    let (u, w) = (
        core[support[before % SMALL_MAX]] - v,
        core[support[k % SMALL_MAX]] - v,
    );
    // The range's ends: the inward normals of the faces into `v` and out of it.
    let unit = |d: DVec2| d / length(d);
    let start = -unit(outward(v - placed[before % SMALL_MAX]));
    let end = -unit(outward(placed[around(k, m).1 % SMALL_MAX] - v));
    if !(start.is_finite() && end.is_finite()) {
        return f64::NEG_INFINITY;
    }
    let within = |d: DVec2| start.perp_dot(d) >= 0.0 && d.perp_dot(end) >= 0.0;
    let reach = |n: DVec2| u.dot(n).max(w.dot(n));
    let mut least = reach(start).min(reach(end));
    let chord = unit((w - u).perp());
    for n in [chord, -chord, -unit(u), -unit(w)] {
        if within(n) {
            least = least.min(reach(n));
        }
    }
    // The margin covers the bound's own rounding. (Not a face of the polygon shorter than
    // about 1e-10 of its coordinates between two vertices level, up to rounding, along a small
    // face's normal: it may fall in the neighbouring run, its normal just outside this range.
    // A review's random search on clustered vertices found no such case.)
    let extent = u.abs().max(w.abs()).max(v.abs()).max_element();
    // (`-∞` for a NaN: no bound.)
    if least.is_nan() {
        f64::NEG_INFINITY
    } else {
        least - GRAZING * extent
    }
}

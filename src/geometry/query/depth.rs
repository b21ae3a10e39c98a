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
//! polygon of up to [`POLYGON_MAX`] vertices, that is one pass round the polygon's faces: the
//! small core's deepest vertex turns with them (rotating calipers), and where it steps on, the
//! polygon's vertex there is the deepest behind the small core's face it stepped over, so the
//! same pass measures both cores' faces. A few operations a face, where GJK would first enclose
//! the origin and EPA then search both cores for support again and again. The small core's
//! middle strictly inside the polygon proves the overlap first, in O(log n); where it is not (a
//! shallow overlap, or cores apart), GJK and EPA decide.

use super::{middle, outward, strictly_inside, Face, FaceContact, GRAZING};
use crate::geometry::support::extreme_vertex;
use crate::geometry::{around, length, Convex, DVec2, Placement};

/// The most vertices the small core may have: they are placed in the polygon's frame all at
/// once, and each face found is checked against all of them.
pub const SMALL_MAX: usize = 16;

/// The most vertices the polygon may have. The pass looks at every face, where each of EPA's
/// support searches is O(log n): measured on boxes, capsules and random 8- and 16-gons with
/// their middles inside regular, random and elongated polygons, the pass was the cheaper at
/// 128 and 256 vertices (level with EPA on a few shallow overlaps of elongated ones), mixed at
/// 384 and the dearer at 512. (A point's pass, `closed_form::point_depth`, is this one with a
/// single vertex and no calipers; kept apart, it takes about a quarter fewer instructions than
/// this pass run on a point, and goes further: [`DEPTH_SCAN_MAX`](super::DEPTH_SCAN_MAX).)
pub const POLYGON_MAX: usize = 256;

/// The overlap of two cores, one of two to [`SMALL_MAX`] vertices, the other a polygon of more
/// vertices (up to [`POLYGON_MAX`]), B placed in A's frame by `b_in_a`, where the small core's
/// middle (a point of it) lies strictly inside the polygon: the face least deep and the other
/// core's vertex deepest behind it, in the polygon's frame. `None` where the pair is not so, or
/// where the answer would rest on rounding (the face found no longer than rounding of its
/// coordinates, or the depth within rounding of 0).
pub(super) fn overlap_depth(a: &Convex, b: &Convex, b_in_a: Placement) -> Option<FaceContact> {
    let (n, m) = (a.vertices.len(), b.vertices.len());
    let sizes = |large: usize, small: usize| {
        (2..=SMALL_MAX).contains(&small) && large > small && (3..=POLYGON_MAX).contains(&large)
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
    if !strictly_inside(core, to_polygon(middle(&small.vertices))) {
        return None;
    }
    let mut placed = [DVec2::ZERO; SMALL_MAX];
    for (p, &v) in placed.iter_mut().zip(&small.vertices) {
        *p = to_polygon(v);
    }
    let m = small.vertices.len();
    let found = pass(core, &placed, m);
    // The least deep of the two (compared squared, as each was found): the way out. Its vertex
    // is checked against the whole other core: a walk misled by rounding finds a vertex less
    // deep than the deepest, making its face seem shallower than it is, and that can only
    // matter on the face found.
    let behind = |start: DVec2, end: DVec2, v: DVec2| outward(end - start).dot(start - v);
    let (face_is_polygons, start, end, vertex) = if found.small.0 < found.polygon.0 {
        let (_, k, j) = found.small;
        let (start, end) = (placed[k], placed[around(k, m).1]);
        let deepest = core[extreme_vertex(polygon, -outward(end - start))];
        if behind(start, end, deepest) != behind(start, end, core[j]) {
            return None;
        }
        (false, start, end, core[j])
    } else {
        let (_, face, k) = found.polygon;
        let (start, end) = (core[around(face, core.len()).0], core[face]);
        let deepest = placed[..m]
            .iter()
            .map(|&v| behind(start, end, v))
            .fold(f64::NEG_INFINITY, f64::max);
        if deepest != behind(start, end, placed[k]) {
            return None;
        }
        (true, start, end, placed[k])
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

/// One pass round the polygon's faces with rotating calipers on the small core's `m` vertices
/// (`placed`, in the polygon's frame): as the faces turn counter-clockwise, so does the small
/// core's vertex deepest behind each, stepping on where the face's normal points against the
/// small core's edge from it. Where it steps over an edge, the polygon's vertex between the
/// face before and this one is the polygon's deepest behind that edge, the small core's face
/// (the support along its inward normal lies where the polygon's normals pass it), so the same
/// pass measures the small core's faces. Each depth rests on the walk being right; the caller
/// checks the one found.
fn pass(core: &[DVec2], placed: &[DVec2; SMALL_MAX], m: usize) -> Found {
    let n = core.len();
    let depth_squared = |lifted: f64, edge: DVec2| lifted * (lifted.abs() / edge.length_squared());
    // The small core's edges. (Indices `% SMALL_MAX`: no bounds to check, as `k < m ≤
    // SMALL_MAX`.)
    let mut edges = [DVec2::ZERO; SMALL_MAX];
    for (k, e) in edges.iter_mut().enumerate().take(m) {
        *e = placed[around(k, m).1] - placed[k];
    }
    let step = |k: usize| around(k, m).1;
    let mut small = (f64::INFINITY, 0, 0);
    // The small core's face `k` against the polygon's vertex `j`.
    let mut small_face = |k: usize, j: usize| {
        let edge = edges[k % SMALL_MAX];
        let depth = depth_squared(outward(edge).dot(placed[k % SMALL_MAX] - core[j]), edge);
        if depth < small.0 {
            small = (depth, k, j);
        }
    };
    let mut start = core[n - 1];
    let out = outward(core[0] - start);
    let first = (0..m)
        .max_by(|&i, &j| {
            out.dot(start - placed[i])
                .total_cmp(&out.dot(start - placed[j]))
        })
        .unwrap_or(0);
    let mut k = first;
    let mut polygon = (f64::INFINITY, 0, 0);
    for (i, &end) in core.iter().enumerate() {
        let edge = end - start;
        let out = outward(edge);
        // On round while the next vertex lies deeper (at most once round).
        for _ in 1..m {
            if out.dot(edges[k % SMALL_MAX]) < 0.0 {
                small_face(k, around(i, n).0);
                k = step(k);
            } else {
                break;
            }
        }
        let depth = depth_squared(out.dot(start - placed[k % SMALL_MAX]), edge);
        if depth < polygon.0 {
            polygon = (depth, i, k);
        }
        start = end;
    }
    // The edges the normals pass between the last face and the first: at the last vertex.
    for _ in 0..m {
        if k == first {
            break;
        }
        small_face(k, n - 1);
        k = step(k);
    }
    Found { polygon, small }
}

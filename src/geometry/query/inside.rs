//! A point strictly inside both cores: proof that they overlap, found in O(log n) per core.
//! [`super::distance`] needs no depth, so a deep overlap is settled by one such point before
//! the face test or GJK would show it face by face or by a walk that encloses the origin.

use crate::geometry::DVec2;

/// Whether the cores surely overlap: the point halfway between their middles (rough centres) lies
/// strictly inside both, as it does when they overlap deeply. `false` is no verdict, and the face
/// test or GJK decides: every face must show an overlap, or GJK's simplex enclose the origin, where
/// one point inside both shows it at once. The plain cross products can misjudge only a point
/// within rounding of an edge's line (near a diagonal of the fan, the neighbouring triangle is as
/// good), and then the cores are within rounding of touching, where 0 is the distance anyway.
pub(super) fn surely_overlapping(a: &[DVec2], b: &[DVec2]) -> bool {
    if a.len() < 3 || b.len() < 3 {
        return false; // nothing is strictly inside a point or a segment
    }
    inside_both(a, b, (middle(a) + middle(b)) * 0.5)
}

/// Whether `x` lies strictly inside both cores (see [`strictly_inside`]).
pub(super) fn inside_both(a: &[DVec2], b: &[DVec2], x: DVec2) -> bool {
    strictly_inside(a, x) && strictly_inside(b, x)
}

/// A rough centre of a core: halfway between vertex 0 and the vertex half way round.
pub(super) fn middle(v: &[DVec2]) -> DVec2 {
    (v[0] + v[v.len() / 2]) * 0.5
}

/// Whether `x` is strictly left of every edge of a counter-clockwise core (never for a point
/// or a segment), by plain cross products, in O(log n): `x` must lie strictly inside the wedge
/// of the two edges at vertex 0, and then strictly inside the outer edge of the fan triangle
/// from vertex 0 that holds it, found by bisection (the rays from vertex 0 to the others turn
/// counter-clockwise, so `x` is left of the first ones and right of the rest).
fn strictly_inside(core: &[DVec2], x: DVec2) -> bool {
    let n = core.len();
    if n < 3 {
        return false;
    }
    // `> 0.0`, never `!(.. <= 0.0)`: a NaN must not count as inside.
    let left = |p: DVec2, q: DVec2| (q - p).perp_dot(x - p) > 0.0;
    let v0 = core[0];
    if !left(v0, core[1]) || !left(core[n - 1], v0) {
        return false;
    }
    // The last i with x left of v0 → v[i] (true at i = 1).
    let (mut lo, mut hi) = (1, n - 1);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if (core[mid] - v0).perp_dot(x - v0) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    left(core[lo], core[lo + 1])
}

#[cfg(test)]
mod tests {
    use super::super::distance;
    use super::*;
    use crate::geometry::orient;
    use crate::geometry::testing::boxed;

    #[test]
    fn only_a_point_inside_both_proves_an_overlap() {
        let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
        // Touching along x = 1: the halfway point (0.5, 0) is outside B.
        assert!(!surely_overlapping(
            &a.vertices,
            &boxed(1.0, 1.0, 2.0, 0.0, 0.0).vertices
        ));
        // Overlapping, but the halfway point (1.5, 0) is outside A: no verdict.
        let far_in = boxed(2.0, 0.2, 2.5, 0.0, 0.0);
        assert!(!surely_overlapping(&a.vertices, &far_in.vertices));
        assert_eq!(distance(&a, &far_in), 0.0);
        // Points and segments hold no point strictly inside.
        assert!(!strictly_inside(&[DVec2::ZERO], DVec2::ZERO));
        assert!(!strictly_inside(
            &[DVec2::ZERO, DVec2::X],
            DVec2::new(0.5, 0.0)
        ));
        // A NaN is not inside.
        assert!(!strictly_inside(&a.vertices, DVec2::new(f64::NAN, 0.0)));
    }

    #[test]
    fn the_bisected_inside_test_is_the_edge_by_edge_one() {
        // Random convex polygons (points at random angles on a circle, some with a vertex
        // halfway along an edge) and points inside, outside and on their boundary. Everything
        // lies on a grid of 2⁻²⁵, where the cross products are exact: both tests must agree on
        // every point, those on an edge's line too.
        let mut rng = crate::geometry::testing::XorShift(0x5eed_1234);
        let snap = |v: DVec2| (v * 16_777_216.0).round() / 16_777_216.0;
        let edge_by_edge = |core: &[DVec2], x: DVec2| {
            let n = core.len();
            (0..n).all(|i| (core[(i + 1) % n] - core[i]).perp_dot(x - core[i]) > 0.0)
        };
        let (mut inside, mut on_or_outside) = (0, 0);
        for round in 0..400 {
            let n = 3 + round % 40;
            let mut angles: Vec<f64> = (0..n).map(|_| rng.unit() * std::f64::consts::TAU).collect();
            angles.sort_by(f64::total_cmp);
            let mut core: Vec<DVec2> = angles.iter().map(|&t| snap(DVec2::from_angle(t))).collect();
            if round % 3 == 0 {
                let mid = (core[0] + core[1]) * 0.5;
                core.insert(1, mid);
            }
            let m = core.len();
            let convex =
                (0..m).all(|i| orient(core[i], core[(i + 1) % m], core[(i + 2) % m]) >= 0.0);
            if !convex {
                continue; // the grid bent it (two angles very close)
            }
            for k in 0..50 {
                let i = (k / 5) % m;
                let x = match k % 5 {
                    0 => (core[i] + core[(i + 1) % m]) * 0.5, // on an edge
                    1 => core[i],
                    _ => snap(DVec2::new(rng.unit() * 2.4 - 1.2, rng.unit() * 2.4 - 1.2)),
                };
                let expected = edge_by_edge(&core, x);
                assert_eq!(strictly_inside(&core, x), expected, "{core:?} {x:?}");
                if expected {
                    inside += 1;
                } else {
                    on_or_outside += 1;
                }
            }
        }
        assert!(
            inside > 2_000 && on_or_outside > 2_000,
            "{inside} inside, {on_or_outside} not"
        );
    }
}

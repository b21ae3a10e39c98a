//! The special cases of the first and second articles (circle–circle, AABB ⊖ AABB, circle–AABB,
//! circle–OBB) and the fourth article's wrapping, interior-point test and exit vector: known
//! answers worked out by hand, then seeded random cases against the exact contact and against
//! the monotone-chain hull.

mod common;
use common::Rng;
use minkowski_lab::geometry::distance::DEGENERATE_NORMAL;
use minkowski_lab::geometry::exit_vector::{exit_vector, interior_point_test};
use minkowski_lab::geometry::hull::convex_hull;
use minkowski_lab::geometry::minkowski::{minkowski_difference, point_cloud_difference};
use minkowski_lab::geometry::special::{
    aabb_circle, aabb_difference, circle_circle, obb_circle, swap_roles, Aabb, BoxCircle, Circle,
    Clamp, Obb, RegionKind, Side,
};
use minkowski_lab::geometry::wrapping::{gift_wrap, wrap_cloud, CandidateVerdict, WrapEnd};
use minkowski_lab::geometry::{contact, Contact, Convex, DVec2, Pose};

fn v(x: f64, y: f64) -> DVec2 {
    DVec2::new(x, y)
}

fn poly(points: &[(f64, f64)]) -> Convex {
    Convex::new(points.iter().map(|&(x, y)| v(x, y)).collect(), 0.0)
}

fn moved(c: &Convex, by: DVec2) -> Convex {
    c.transformed(&Pose::new(by, 0.0))
}

/// Two more draws on the shared seeded generator.
trait Draws {
    /// A multiple of 1/8 in [lo, hi]: exact in binary, so touching cases touch exactly.
    fn eighth(&mut self, lo: f64, hi: f64) -> f64;
    /// A point with both coordinates uniform in [lo, hi).
    fn point(&mut self, lo: f64, hi: f64) -> DVec2;
}

impl Draws for Rng {
    fn eighth(&mut self, lo: f64, hi: f64) -> f64 {
        let steps = ((hi - lo) * 8.0) as usize;
        lo + self.below(steps + 1) as f64 / 8.0
    }
    fn point(&mut self, lo: f64, hi: f64) -> DVec2 {
        v(self.range(lo, hi), self.range(lo, hi))
    }
}

// ---------------------------------------------------------------------------------------------
// Agreement with the exact contact
// ---------------------------------------------------------------------------------------------

/// The special cases and the exact contact round differently; they must agree to this fraction
/// of the scene's scale (its largest coordinate or size, at least 1).
const AGREE_RELATIVE: f64 = 1e-12;

/// Largest differences seen, printed at the end of each property test.
#[derive(Default, Debug)]
struct Worst {
    distance: f64,
    normal: f64,
    points: f64,
}

/// How much of a contact is determined, so how much of it two methods must agree on.
#[derive(Clone, Copy, PartialEq)]
enum Compare {
    /// Distance, normal and witness points (circles: the nearest points are unique).
    All,
    /// Distance and normal; the witnesses are any points of a shared segment (two boxes).
    NoWitnesses,
    /// Distance only: the nearest feature is tied, and any of the tied normals is right.
    DistanceOnly,
}

/// Compare `ours` with the exact contact of the same shapes, to [`AGREE_RELATIVE`] of `scale`.
fn agree(
    what: &str,
    ours: &Contact,
    a: &Convex,
    b: &Convex,
    scale: f64,
    compare: Compare,
    worst: &mut Worst,
) {
    let exact = contact(a, b);
    let tol = AGREE_RELATIVE * scale.max(1.0);
    let dd = (ours.distance - exact.distance).abs();
    assert!(
        dd <= tol,
        "{what}: distance {} vs exact {}\nours {ours:?}\nexact {exact:?}\nA {a:?}\nB {b:?}",
        ours.distance,
        exact.distance
    );
    worst.distance = worst.distance.max(dd / scale.max(1.0));
    // Our own identity: point_b − point_a = distance · normal.
    let gap = ours.point_b - ours.point_a - ours.md_point();
    assert!(gap.length() <= tol, "{what}: witness gap {gap} in {ours:?}");
    assert!(
        (ours.normal.length() - 1.0).abs() <= 1e-15,
        "{what}: {ours:?}"
    );
    if compare == Compare::DistanceOnly {
        return;
    }
    // Unit vectors: the same relative tolerance, absolute. (Touching cases included: the exact
    // contact takes the edge's normal there, not the direction of a rounding-noise point.)
    let ntol = tol;
    let dn = (ours.normal - exact.normal).length();
    assert!(
        dn <= ntol,
        "{what}: normal {} vs exact {} (tol {ntol:e})\nours {ours:?}\nexact {exact:?}\nA {a:?}\nB {b:?}",
        ours.normal,
        exact.normal
    );
    worst.normal = worst.normal.max(dn);
    if compare == Compare::All {
        let dp = (ours.point_a - exact.point_a)
            .length()
            .max((ours.point_b - exact.point_b).length());
        // The rounded witness sits a radius along the normal: it inherits the normal's slack.
        let ptol = tol + (a.radius + b.radius) * ntol;
        assert!(
            dp <= ptol,
            "{what}: witnesses differ by {dp:e}\nours {ours:?}\nexact {exact:?}"
        );
        worst.points = worst.points.max(dp / scale.max(1.0));
    }
}

// ---------------------------------------------------------------------------------------------
// Circle vs circle
// ---------------------------------------------------------------------------------------------

#[test]
fn circles_apart_overlapping_and_concentric() {
    let a = Circle::new(v(0.0, 0.0), 1.0);
    let cc = circle_circle(&a, &Circle::new(v(3.0, 4.0), 1.5));
    assert_eq!(cc.centre_distance, 5.0);
    assert_eq!(cc.radius_sum, 2.5);
    assert_eq!(cc.contact.distance, 2.5);
    assert_eq!(cc.contact.normal, v(0.6, 0.8));
    assert!(!cc.concentric);

    // Overlapping: the article's N = (A − B)/|A − B| points from B to A; its P = N·p (p < 0)
    // is our separation, the move of B.
    let b = Circle::new(v(1.5, 0.0), 1.0);
    let c = circle_circle(&a, &b).contact;
    assert_eq!(c.distance, -0.5);
    let article_n = (a.centre - b.centre) / (a.centre - b.centre).length();
    let article_p = article_n * c.distance;
    assert_eq!(article_p, c.separation(), "article P vs our separation");
    assert_eq!(c.separation(), v(0.5, 0.0));

    let same = circle_circle(&a, &Circle::new(v(0.0, 0.0), 0.5));
    assert!(same.concentric);
    assert_eq!(same.contact.normal, DEGENERATE_NORMAL);
    assert_eq!(same.contact.distance, -1.5);
}

#[test]
fn random_circles_agree_with_the_exact_contact() {
    let mut rng = Rng(0xC1C1_0001);
    let mut worst = Worst::default();
    for case in 0..3000 {
        let a = Circle::new(rng.point(-3.0, 3.0), rng.range(0.0, 2.0));
        let mut b = Circle::new(rng.point(-3.0, 3.0), rng.range(0.0, 2.0));
        match case % 4 {
            // Touching exactly (up to the rounding of the direction).
            1 => {
                let dir = DVec2::from_angle(rng.range(0.0, 6.3));
                b.centre = a.centre + dir * (a.radius + b.radius);
            }
            // One centre deep inside the other circle.
            2 => b.centre = a.centre + rng.point(-0.3, 0.3),
            3 => b.centre = a.centre,
            _ => {}
        }
        let ours = circle_circle(&a, &b).contact;
        let scale = a.centre.abs().max_element() + b.centre.abs().max_element() + 4.0;
        agree(
            &format!("circles case {case}"),
            &ours,
            &a.to_convex(),
            &b.to_convex(),
            scale,
            Compare::All,
            &mut worst,
        );
    }
    println!("circle–circle worst relative differences: {worst:?}");
}

// ---------------------------------------------------------------------------------------------
// AABB ⊖ AABB
// ---------------------------------------------------------------------------------------------

#[test]
fn aabb_difference_of_the_designs_report_example() {
    let a = Aabb::new(v(0.0, 0.0), v(1.0, 1.0));
    let b = Aabb::new(v(1.5, 0.0), v(0.75, 1.0));
    let md = aabb_difference(&a, &b);
    assert_eq!(md.md_min, v(-0.25, -2.0));
    assert_eq!(md.md_max, v(3.25, 2.0));
    assert_eq!(md.md_centre, v(1.5, 0.0));
    assert_eq!(md.md_half_extents, v(1.75, 2.0));
    assert!(md.contains_origin);
    let d: Vec<(Side, f64)> = md.sides.iter().map(|s| (s.side, s.distance)).collect();
    assert_eq!(
        d,
        vec![
            (Side::MinX, 0.25),
            (Side::MaxX, 3.25),
            (Side::MaxY, 2.0),
            (Side::MinY, 2.0)
        ]
    );
    assert_eq!(md.sides[md.nearest_side].side, Side::MinX);
    assert_eq!(md.closest_point, v(-0.25, 0.0));
    assert_eq!(md.contact.distance, -0.25);
    assert_eq!(md.contact.normal, v(1.0, 0.0));
    assert_eq!(md.contact.point_a.x, 1.0);
    assert_eq!(md.contact.point_b.x, 0.75);
    // The article's push-out is added to A, and is minus our separation (which moves B).
    let push = md.push_out.unwrap();
    assert_eq!(push, -md.contact.separation());
    let pushed_a = Aabb::new(a.centre + push, a.half_extents);
    assert_eq!(contact(&pushed_a.to_convex(), &b.to_convex()).distance, 0.0);
    let moved_b = Aabb::new(b.centre + md.contact.separation(), b.half_extents);
    assert_eq!(contact(&a.to_convex(), &moved_b.to_convex()).distance, 0.0);
}

#[test]
fn aabb_difference_is_y_up() {
    // B sits above A, overlapping by 0.5: the normal and the separation point up.
    let a = Aabb::new(v(0.0, 0.0), v(1.0, 1.0));
    let b = Aabb::new(v(0.25, 1.5), v(1.0, 1.0));
    let md = aabb_difference(&a, &b);
    assert_eq!(md.md_min, v(-1.75, -0.5), "min is the bottom-left corner");
    assert_eq!(md.sides[md.nearest_side].side, Side::MinY);
    assert_eq!(md.contact.normal, v(0.0, 1.0));
    assert_eq!(md.contact.separation(), v(0.0, 0.5));
    assert_eq!(md.push_out, Some(v(0.0, -0.5)), "A is pushed down");
}

#[test]
fn aabb_difference_outside_uses_the_clamped_point_not_the_nearest_side() {
    let a = Aabb::new(v(0.0, 0.0), v(1.0, 1.0));
    let b = Aabb::new(v(4.0, 3.0), v(1.0, 1.0));
    let md = aabb_difference(&a, &b);
    assert!(!md.contains_origin);
    assert_eq!(md.push_out, None);
    assert_eq!(md.closest_point, v(2.0, 1.0), "the corner");
    assert_eq!(md.contact.distance, 5f64.sqrt());
    // What the article's search would answer: the nearest side line's point, off the box.
    let article = md.sides[md.nearest_side];
    assert_eq!((article.side, article.point), (Side::MinY, v(0.0, 1.0)));
    assert!(article.point.x < md.md_min.x);
    assert_eq!(md.contact.point_a, v(1.0, 1.0));
    assert_eq!(md.contact.point_b, v(3.0, 2.0));
}

#[test]
fn touching_aabbs_count_as_colliding_with_a_zero_push() {
    let a = Aabb::new(v(0.0, 0.0), v(1.0, 1.0));
    let b = Aabb::new(v(2.0, 0.5), v(1.0, 1.0));
    let md = aabb_difference(&a, &b);
    assert!(md.contains_origin);
    assert!(md.contact.intersecting());
    assert_eq!(md.contact.distance, 0.0);
    assert_eq!(md.contact.normal, v(1.0, 0.0));
    assert_eq!(md.push_out, Some(v(0.0, 0.0)));
    // The contact region is x = 1, y ∈ [−0.5, 1]: the witnesses are its middle.
    assert_eq!(md.contact.point_a, v(1.0, 0.25));
}

#[test]
fn random_aabbs_agree_with_the_exact_contact() {
    let mut rng = Rng(0xAABB_0002);
    let mut worst = Worst::default();
    let (mut inside, mut outside, mut touching) = (0, 0, 0);
    for case in 0..4000 {
        let exact_grid = case % 3 == 0;
        let (a, b) = if exact_grid {
            // Multiples of 1/8: many exact touches and ties.
            let a = Aabb::new(
                v(rng.eighth(-2.0, 2.0), rng.eighth(-2.0, 2.0)),
                v(rng.eighth(0.125, 1.5), rng.eighth(0.125, 1.5)),
            );
            let h = v(rng.eighth(0.125, 1.5), rng.eighth(0.125, 1.5));
            let mut c = v(rng.eighth(-2.0, 2.0), rng.eighth(-2.0, 2.0));
            if rng.below(2) == 0 {
                c.x = a.centre.x + a.half_extents.x + h.x; // right faces touch
            }
            (a, Aabb::new(c, h))
        } else {
            (
                Aabb::new(
                    rng.point(-2.0, 2.0),
                    v(rng.range(0.0, 1.5), rng.range(0.0, 1.5)),
                ),
                Aabb::new(
                    rng.point(-2.0, 2.0),
                    v(rng.range(0.0, 1.5), rng.range(0.0, 1.5)),
                ),
            )
        };
        let md = aabb_difference(&a, &b);
        let tie = {
            let mut d: Vec<f64> = if md.contains_origin {
                md.sides.iter().map(|s| s.distance).collect()
            } else {
                vec![]
            };
            d.sort_by(f64::total_cmp);
            d.len() == 4 && d[1] - d[0] <= 1e-9
        };
        let scale = 4.0;
        agree(
            &format!("aabb case {case}"),
            &md.contact,
            &a.to_convex(),
            &b.to_convex(),
            scale,
            if tie {
                Compare::DistanceOnly
            } else {
                Compare::NoWitnesses
            },
            &mut worst,
        );
        assert_eq!(md.contains_origin, md.contact.intersecting());
        // Witness points on the boxes' boundaries.
        for (p, bx) in [(md.contact.point_a, a), (md.contact.point_b, b)] {
            let (lo, hi) = (bx.min(), bx.max());
            let eps = 1e-12 * scale;
            let inside_box =
                p.x >= lo.x - eps && p.x <= hi.x + eps && p.y >= lo.y - eps && p.y <= hi.y + eps;
            let on_side = (p.x - lo.x).abs() <= eps
                || (p.x - hi.x).abs() <= eps
                || (p.y - lo.y).abs() <= eps
                || (p.y - hi.y).abs() <= eps;
            assert!(inside_box && on_side, "case {case}: {p} vs {bx:?}");
        }
        match md.contact.distance {
            0.0 => touching += 1,
            d if d < 0.0 => inside += 1,
            _ => outside += 1,
        }
    }
    println!("aabb: {inside} inside, {outside} outside, {touching} touching; worst {worst:?}");
    assert!(inside > 500 && outside > 500 && touching > 50);
}

// ---------------------------------------------------------------------------------------------
// Circle vs box
// ---------------------------------------------------------------------------------------------

#[test]
fn circle_centre_inside_the_box_gets_a_negative_distance_out_of_the_nearest_face() {
    // Box half (2, 1) at the origin; circle r = 0.3 at (1.5, 0.2): 0.5 from the right face.
    let a = Aabb::new(v(0.0, 0.0), v(2.0, 1.0));
    let b = Circle::new(v(1.5, 0.2), 0.3);
    let r = aabb_circle(&a, &b);
    assert_eq!(r.region.kind(), RegionKind::Inside);
    assert_eq!(r.clamped, b.centre, "clamping changes nothing inside");
    assert_eq!(
        r.article_distance, -0.3,
        "the article's formula: −r at any depth"
    );
    let face = r.nearest_face.unwrap();
    assert_eq!((face.side, face.distance), (Side::MaxX, 0.5));
    assert_eq!(r.contact.distance, -0.8);
    assert_eq!(r.contact.normal, v(1.0, 0.0));
    assert_eq!(r.contact.point_a, v(2.0, 0.2));
    let exact = contact(&a.to_convex(), &b.to_convex());
    assert!((exact.distance + 0.8).abs() < 1e-15, "{exact:?}");
    assert_eq!(exact.normal, v(1.0, 0.0));

    // Centre exactly on the boundary: depth 0, distance −r, normal out of that face.
    let on = aabb_circle(&a, &Circle::new(v(0.5, -1.0), 0.25));
    assert_eq!(on.region.kind(), RegionKind::Inside);
    assert_eq!(on.contact.distance, -0.25);
    assert_eq!(on.contact.normal, v(0.0, -1.0));
}

#[test]
fn circle_beside_and_beyond_the_box() {
    let a = Aabb::new(v(1.0, 1.0), v(2.0, 1.0));
    let edge = aabb_circle(&a, &Circle::new(v(2.0, 3.0), 0.5));
    assert_eq!(
        (edge.region.x, edge.region.y),
        (Clamp::Within, Clamp::High),
        "above the top side"
    );
    assert_eq!(edge.region.kind(), RegionKind::Edge);
    assert_eq!(edge.offset, v(1.0, 2.0));
    assert_eq!(edge.clamped, v(1.0, 1.0));
    assert_eq!(edge.contact.distance, 0.5);
    assert_eq!(edge.contact.normal, v(0.0, 1.0));
    assert_eq!(edge.article_distance, 0.5, "outside the article is right");

    let corner = aabb_circle(&a, &Circle::new(v(-4.0, -4.0), 1.0));
    assert_eq!(corner.region.kind(), RegionKind::Corner);
    assert_eq!((corner.region.x, corner.region.y), (Clamp::Low, Clamp::Low));
    assert_eq!(corner.clamped, v(-2.0, -1.0));
    assert_eq!(corner.closest_on_box, v(-2.0, -1.0));
    assert_eq!(corner.contact.distance, 4.0);
    assert_eq!(corner.contact.point_a, v(-1.0, 0.0));
    assert_eq!(corner.contact.normal, v(-0.6, -0.8));

    // The circle as A: swap the roles.
    let swapped = swap_roles(corner.contact);
    let exact = contact(&Circle::new(v(-4.0, -4.0), 1.0).to_convex(), &a.to_convex());
    assert!((swapped.distance - exact.distance).abs() < 1e-15);
    assert!((swapped.normal - exact.normal).length() < 1e-15);
    assert!((swapped.point_a - exact.point_a).length() < 1e-15);
}

#[test]
fn circle_against_a_turned_box() {
    // Half (2, 0.5) turned 90° about (1, 1): x ∈ [0.5, 1.5], y ∈ [−1, 3].
    let a = Obb::new(v(1.0, 1.0), v(2.0, 0.5), std::f64::consts::FRAC_PI_2);
    let r = obb_circle(&a, &Circle::new(v(3.0, 2.0), 1.0));
    assert!((r.local_centre - v(1.0, -2.0)).length() < 1e-15, "{r:?}");
    assert_eq!(r.box_space.region.kind(), RegionKind::Edge);
    assert!((r.box_space.clamped - v(1.0, -0.5)).length() < 1e-15);
    assert!((r.clamped_world - v(1.5, 2.0)).length() < 1e-15);
    assert!((r.contact.distance - 0.5).abs() < 1e-15);
    assert!((r.contact.normal - v(1.0, 0.0)).length() < 1e-15);
    assert!((r.box_space.contact.normal - v(0.0, -1.0)).length() < 1e-15);

    // Inside the turned box: out through the nearest face, in the world.
    let inside = obb_circle(&a, &Circle::new(v(1.25, 2.5), 0.125));
    assert_eq!(inside.box_space.region.kind(), RegionKind::Inside);
    assert!(
        (inside.contact.distance + 0.375).abs() < 1e-15,
        "{inside:?}"
    );
    assert!((inside.contact.normal - v(1.0, 0.0)).length() < 1e-15);
}

#[test]
fn random_circles_and_boxes_agree_with_the_exact_contact() {
    let mut rng = Rng(0xB0C1_0003);
    let mut worst = Worst::default();
    let mut kinds = [0usize; 3];
    for case in 0..6000 {
        let h = v(rng.eighth(0.125, 2.0), rng.eighth(0.125, 2.0));
        let centre = v(rng.eighth(-2.0, 2.0), rng.eighth(-2.0, 2.0));
        let radius = rng.range(0.0, 1.0);
        // Circle centres spread over all nine regions, some exactly on faces and on the box's
        // offset outline (touching).
        let local = match case % 5 {
            0 => v(rng.range(-1.0, 1.0) * h.x, rng.range(-1.0, 1.0) * h.y), // inside
            1 => v(h.x + radius, rng.range(-1.0, 1.0) * h.y),               // touching a side
            2 => v(rng.range(-1.0, 1.0) * h.x, -h.y),                       // on the bottom face
            _ => rng.point(-4.0, 4.0),
        };
        let angle = if case % 2 == 0 {
            0.0
        } else {
            rng.range(-3.2, 3.2)
        };
        let circle_centre = Pose::new(centre, angle).apply(local);
        let b = Circle::new(circle_centre, radius);
        let (ours, region, face_tie, box_convex) = if angle == 0.0 {
            let a = Aabb::new(centre, h);
            let r = aabb_circle(&a, &b);
            (r.contact, r.region, face_tie(&r, h), a.to_convex())
        } else {
            let a = Obb::new(centre, h, angle);
            let r = obb_circle(&a, &b);
            (
                r.contact,
                r.box_space.region,
                face_tie(&r.box_space, h),
                a.to_convex(),
            )
        };
        kinds[match region.kind() {
            RegionKind::Inside => 0,
            RegionKind::Edge => 1,
            RegionKind::Corner => 2,
        }] += 1;
        agree(
            &format!("circle–box case {case}"),
            &ours,
            &box_convex,
            &b.to_convex(),
            8.0,
            if face_tie {
                Compare::DistanceOnly
            } else {
                Compare::All
            },
            &mut worst,
        );
    }
    println!("circle–box regions (inside, edge, corner) {kinds:?}; worst {worst:?}");
    assert!(kinds.iter().all(|&k| k > 500), "{kinds:?}");
}

/// Two faces about equally near the centre inside the box (`h` its half extents): the normal is
/// then a matter of choice.
fn face_tie(r: &BoxCircle, h: DVec2) -> bool {
    if r.nearest_face.is_none() {
        return false;
    }
    let c = r.offset;
    let mut d = [c.x + h.x, h.x - c.x, h.y - c.y, c.y + h.y];
    d.sort_by(f64::total_cmp);
    d[1] - d[0] <= 1e-9
}

#[test]
fn nonsense_sizes_do_not_panic() {
    let bad = [-1.0, f64::NAN, f64::INFINITY, 0.0];
    for &x in &bad {
        for &y in &bad {
            let h = v(x, y);
            let b = Aabb::new(v(0.5, y), h);
            let _ = aabb_difference(&Aabb::new(v(x, 0.0), h), &b);
            let _ = aabb_circle(&b, &Circle::new(v(x, 1.0), y));
            let _ = obb_circle(&Obb::new(v(0.0, x), h, y), &Circle::new(v(1.0, y), x));
            let _ = circle_circle(&Circle::new(v(x, y), x), &Circle::new(v(y, x), y));
            let _ = gift_wrap(&[v(x, y), v(y, x), v(0.0, 0.0), v(x, x)]);
            let poly = [v(x, -1.0), v(1.0, y), v(-1.0, 1.0)];
            let _ = interior_point_test(&poly);
            let _ = exit_vector(&poly, v(x, y));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Wrapping
// ---------------------------------------------------------------------------------------------

/// The article's 3×3 example: A is the second triangle, B the first.
fn first_triangle() -> Convex {
    poly(&[(1.0, 1.0), (3.0, 1.0), (2.0, 2.0)])
}
fn second_triangle() -> Convex {
    poly(&[(2.0, 1.0), (4.0, 1.0), (3.0, 2.0)])
}

/// Whether two counter-clockwise vertex lists are the same cyclic sequence.
fn same_cycle(a: &[DVec2], b: &[DVec2]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.is_empty() {
        return true;
    }
    (0..b.len()).any(|k| (0..a.len()).all(|i| a[i] == b[(i + k) % b.len()]))
}

#[test]
fn wrapping_the_articles_three_by_three_example() {
    let cloud = point_cloud_difference(&second_triangle(), &first_triangle());
    assert_eq!(cloud.points.len(), 9);
    let w = wrap_cloud(&cloud);
    assert_eq!(w.end, WrapEnd::Closed);
    assert_eq!(w.hull.len(), 6, "{:?}", w.hull);
    assert!(same_cycle(&w.hull, &cloud.hull.vertices));
    // Highest is y = 1: (0, 1) and (−2, 1); the leftmost of them starts.
    assert_eq!(w.hull[0], v(-2.0, 1.0));
    assert_eq!(
        w.hull,
        vec![
            v(-2.0, 1.0),
            v(-3.0, 0.0),
            v(-2.0, -1.0),
            v(0.0, -1.0),
            v(1.0, 0.0),
            v(0.0, 1.0)
        ]
    );
    // Every accepted line leaves nothing on its right; every refused one says why.
    let accepted: Vec<_> = w.steps.iter().filter(|s| s.accepted).collect();
    assert_eq!(accepted.len(), 6, "five new vertices and the closing edge");
    for s in &w.steps {
        assert_eq!(
            s.accepted,
            s.points_right == 0 && s.verdict == CandidateVerdict::Edge
        );
        assert_eq!(s.splits, s.points_left > 0 && s.points_right > 0);
    }
    assert!(w.steps.iter().any(|s| s.splits));
    assert_eq!(w.steps.last().unwrap().to, w.start.unwrap());
    // The cloud's duplicate (−1, 0) appears three times; the wrap counts it once.
    let first = &w.steps[0];
    assert_eq!(
        first.points_left + first.points_right + first.points_on_line,
        5,
        "7 distinct points minus the two on the line"
    );
}

fn check_wrap_against_hull(pts: &[DVec2], what: &str) {
    let w = gift_wrap(pts);
    let h = convex_hull(pts);
    assert!(
        same_cycle(&w.hull, &h.vertices),
        "{what}: wrap {:?} vs hull {:?}\npoints {pts:?}",
        w.hull,
        h.vertices
    );
    let expected_end = match h.vertices.len() {
        0 => WrapEnd::Empty,
        1 => WrapEnd::SinglePoint,
        _ => WrapEnd::Closed,
    };
    assert_eq!(w.end, expected_end, "{what}");
    for (i, &k) in w.hull_index.iter().enumerate() {
        assert_eq!(pts[k], w.hull[i]);
    }
    if let Some(s) = w.start {
        let top = pts.iter().map(|p| p.y).fold(f64::MIN, f64::max);
        assert_eq!(pts[s].y, top, "{what}: starts at the highest point");
    }
}

#[test]
fn random_point_sets_wrap_to_the_monotone_chain_hull() {
    let mut rng = Rng(0x3A9_0004);
    for case in 0..1500 {
        let n = 1 + rng.below(40);
        let pts: Vec<DVec2> = match case % 5 {
            // Free floating-point coordinates.
            0 => (0..n).map(|_| rng.point(-3.0, 3.0)).collect(),
            // A small integer grid: many duplicates and collinear runs.
            1 => (0..n)
                .map(|_| v(rng.below(5) as f64, rng.below(4) as f64))
                .collect(),
            // All on one line, with repeats.
            2 => {
                let p0 = v(rng.below(7) as f64 - 3.0, rng.below(7) as f64 - 3.0);
                let d = v(rng.below(5) as f64 - 2.0, rng.below(5) as f64 - 2.0);
                (0..n)
                    .map(|_| p0 + d * (rng.below(9) as f64 - 4.0))
                    .collect()
            }
            // All equal.
            3 => vec![rng.point(-1.0, 1.0); n],
            // A convex polygon's vertices plus points on its edges and inside.
            _ => {
                let k = 3 + rng.below(6);
                let poly: Vec<DVec2> = (0..k)
                    .map(|i| DVec2::from_angle(i as f64 * std::f64::consts::TAU / k as f64) * 4.0)
                    .map(|p| p.round())
                    .collect();
                let mut pts = poly.clone();
                for _ in 0..n {
                    let i = rng.below(k);
                    let (a, b) = (poly[i], poly[(i + 1) % k]);
                    pts.push(if rng.below(2) == 0 {
                        a.lerp(b, 0.5)
                    } else {
                        a.lerp(b, 0.25).lerp(DVec2::ZERO, 0.5)
                    });
                }
                pts
            }
        };
        check_wrap_against_hull(&pts, &format!("case {case}"));
    }
}

#[test]
fn wrapping_nearly_collinear_points_does_not_fold() {
    let mut pts: Vec<DVec2> = (0..50).map(|i| v(i as f64 * 0.1, i as f64 * 0.1)).collect();
    pts.push(v(2.5, f64::from_bits(2.5f64.to_bits() + 1)));
    pts.push(v(1e6, -1e-6));
    check_wrap_against_hull(&pts, "nearly collinear");
}

#[test]
fn wrapping_random_shape_pairs_matches_the_edge_merge() {
    let mut rng = Rng(0x3A9_0005);
    for case in 0..300 {
        let a = random_polygon(&mut rng);
        let b = random_polygon(&mut rng);
        let cloud = point_cloud_difference(&a, &b);
        let w = wrap_cloud(&cloud);
        assert!(
            same_cycle(&w.hull, &cloud.hull.vertices),
            "case {case}: {:?} vs {:?}",
            w.hull,
            cloud.hull.vertices
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Interior point and exit vector
// ---------------------------------------------------------------------------------------------

/// A random convex polygon with 3 to 8 hull vertices, posed in [−2, 2]².
fn random_polygon(rng: &mut Rng) -> Convex {
    loop {
        let n = 3 + rng.below(6);
        let pts: Vec<DVec2> = (0..n).map(|_| rng.point(-1.5, 1.5)).collect();
        let hull = convex_hull(&pts);
        if hull.vertices.len() >= 3 {
            let c = Convex::new(hull.vertices, 0.0);
            return c.transformed(&Pose::new(rng.point(-1.0, 1.0), rng.range(0.0, 6.3)));
        }
    }
}

#[test]
fn the_three_by_three_example_has_depth_half_root_two_on_two_tied_edges() {
    let (a, b) = (second_triangle(), first_triangle());
    let c = contact(&a, &b);
    let depth = std::f64::consts::FRAC_1_SQRT_2;
    assert!((c.distance + depth).abs() < 1e-15, "{c:?}");
    let md = minkowski_difference(&a, &b).strict_vertices();
    assert_eq!(md.len(), 6);
    let n = md.len();
    let face: Vec<f64> = (0..n)
        .map(|i| {
            let (p, q) = (md[i], md[(i + 1) % n]);
            let out = v(q.y - p.y, p.x - q.x).normalize();
            p.dot(out) // how far the origin lies behind this edge
        })
        .collect();
    let tied: Vec<usize> = (0..n)
        .filter(|&i| (face[i] - depth).abs() < 1e-15)
        .collect();
    assert_eq!(tied.len(), 2, "faces {face:?}");
    assert!(face.iter().all(|&f| f >= depth - 1e-15));
    let ends: Vec<(DVec2, DVec2)> = tied.iter().map(|&i| (md[i], md[(i + 1) % n])).collect();
    assert_eq!(
        ends,
        vec![(v(0.0, -1.0), v(1.0, 0.0)), (v(1.0, 0.0), v(0.0, 1.0))]
    );

    // The article's interior point (the average) is (−1, 0); the segment to the origin stays
    // inside: a collision.
    let t = interior_point_test(&md).unwrap();
    assert_eq!(t.interior, v(-1.0, 0.0));
    assert!(t.colliding && !t.on_boundary);
    assert_eq!(t.crossing, None);

    // Exit along (1, 1): the ray meets the edge x + y = 1 at (½, ½), straight on: the exit is
    // the whole blue vector, reversed. Applied to B (the first triangle) they touch.
    let e = exit_vector(&md, v(1.0, 1.0)).unwrap();
    assert_eq!(e.edge_points, (v(1.0, 0.0), v(0.0, 1.0)));
    assert_eq!(e.origin_to_edge, v(0.5, 0.5));
    assert!(e.projection.length() < 1e-15);
    assert!((e.exit - v(-0.5, -0.5)).length() < 1e-15);
    assert!(e.foot_on_edge);
    let after = contact(&a, &moved(&b, e.exit));
    assert!(after.distance.abs() < 1e-12, "{after:?}");
}

#[test]
fn exit_vector_slides_along_the_entered_edge() {
    // A = [−1, 1]²; B, half (0.75, 1), came in from the left moving right and up.
    let a = Aabb::new(v(0.0, 0.0), v(1.0, 1.0)).to_convex();
    let b = Aabb::new(v(-1.5, 0.0), v(0.75, 1.0)).to_convex();
    let md = minkowski_difference(&a, &b).strict_vertices();
    let e = exit_vector(&md, v(1.0, 0.5)).unwrap();
    assert_eq!(e.edge_points.0.x, 0.25, "the MD's right side");
    assert_eq!(e.origin_to_edge, v(0.25, 0.125));
    assert_eq!(e.projection, v(0.0, 0.125));
    assert_eq!(
        e.exit,
        v(-0.25, 0.0),
        "pushed back left, the upward motion kept"
    );
    assert_eq!(contact(&a, &moved(&b, e.exit)).distance, 0.0);
    // Only A moving (velocity −v_A) gives the same ray, and −exit moves A.
    let e2 = exit_vector(&md, -v(-1.0, -0.5)).unwrap();
    assert_eq!(e2.exit, e.exit);
    assert_eq!(contact(&moved(&a, -e2.exit), &b).distance, 0.0);

    assert!(exit_vector(&md, DVec2::ZERO).is_none(), "no velocity");
    assert!(exit_vector(&md, v(f64::NAN, 1.0)).is_none());
    let apart = minkowski_difference(&a, &moved(&b, v(-5.0, 0.0))).strict_vertices();
    assert!(exit_vector(&apart, v(1.0, 0.0)).is_none(), "origin outside");
}

#[test]
fn exit_through_an_obtuse_corner_leaves_a_gap() {
    // A is a point at the origin, so B ⊖ A = B: the triangle (0,0), (10,0), (11,1) moved so the
    // origin sits at its (9, ½). Moving right, the origin entered through the short edge
    // (10,0)–(11,1), whose perpendicular foot falls beyond (10, 0).
    let a = poly(&[(0.0, 0.0)]);
    let b = moved(
        &poly(&[(0.0, 0.0), (10.0, 0.0), (11.0, 1.0)]),
        v(-9.0, -0.5),
    );
    let md = minkowski_difference(&a, &b).strict_vertices();
    let e = exit_vector(&md, v(1.0, 0.0)).unwrap();
    assert_eq!(e.edge_points, (v(1.0, -0.5), v(2.0, 0.5)));
    assert!(!e.foot_on_edge);
    assert!(e.gap_after > 0.1, "{e:?}");
    let after = contact(&a, &moved(&b, e.exit));
    assert!(
        (after.distance - e.gap_after).abs() < 1e-12,
        "exact {} vs gap {}",
        after.distance,
        e.gap_after
    );
}

#[test]
fn interior_point_test_apart_and_touching() {
    let square = vec![v(1.0, -1.0), v(3.0, -1.0), v(3.0, 1.0), v(1.0, 1.0)];
    let t = interior_point_test(&square).unwrap();
    assert_eq!(t.interior, v(2.0, 0.0));
    assert!(!t.colliding);
    let c = t.crossing.unwrap();
    assert_eq!(c.edge, 3, "the left side, from (1, 1) to (1, −1)");
    assert_eq!(c.point, v(1.0, 0.0));

    let touching = vec![v(0.0, -1.0), v(2.0, -1.0), v(2.0, 1.0), v(0.0, 1.0)];
    let t = interior_point_test(&touching).unwrap();
    assert!(t.colliding && t.on_boundary);
    assert_eq!(t.crossing, None);

    assert!(interior_point_test(&[]).is_none());
    let seg = interior_point_test(&[v(-1.0, -1.0), v(1.0, 1.0)]).unwrap();
    assert!(seg.colliding && seg.crossing.is_none());
    let point = interior_point_test(&[v(0.5, 0.0)]).unwrap();
    assert!(!point.colliding);
}

/// Cases within this of touching are left out of the collide/apart comparison: the exact
/// contact's sign there rests on rounding.
const NEAR_TOUCHING: f64 = 1e-9;

/// After the exit the exact distance must equal the predicted gap (0 when the foot is on the
/// edge) to this, in world units for shapes within a few units of the origin.
const EXIT_TOLERANCE: f64 = 1e-9;

#[test]
fn random_pairs_interior_test_and_exit_vector() {
    let mut rng = Rng(0xE817_0006);
    let (mut touching, mut gaps, mut apart) = (0, 0, 0);
    let mut worst = 0.0_f64;
    for case in 0..3000 {
        let a = random_polygon(&mut rng);
        let b = random_polygon(&mut rng);
        let exact = contact(&a, &b);
        let md = minkowski_difference(&a, &b).strict_vertices();
        let t = interior_point_test(&md).unwrap();
        if exact.distance.abs() > NEAR_TOUCHING {
            assert_eq!(t.colliding, exact.intersecting(), "case {case}: {exact:?}");
        }
        assert_eq!(t.crossing.is_some(), !t.colliding, "case {case}");
        if let Some(c) = t.crossing {
            // The crossing point is on the crossed edge and on the segment.
            let (p, q) = (md[c.edge], md[(c.edge + 1) % md.len()]);
            let on_edge = (c.point - p).perp_dot(q - p).abs() <= 1e-12 * 8.0;
            let on_segment = c.point.perp_dot(t.interior).abs() <= 1e-12 * 8.0;
            assert!(on_edge && on_segment, "case {case}: {c:?} {t:?}");
        }
        let velocity = DVec2::from_angle(rng.range(0.0, 6.3)) * rng.range(0.1, 2.0);
        match exit_vector(&md, velocity) {
            None => {
                assert!(!t.colliding, "case {case}: colliding but no exit");
                apart += 1;
            }
            Some(e) => {
                let after = contact(&a, &moved(&b, e.exit));
                let err = (after.distance - e.gap_after).abs();
                worst = worst.max(err);
                assert!(
                    err <= EXIT_TOLERANCE,
                    "case {case}: after the exit distance {} vs predicted gap {}\n{e:?}",
                    after.distance,
                    e.gap_after
                );
                assert!(
                    after.distance >= -EXIT_TOLERANCE,
                    "case {case}: still overlapping"
                );
                if e.foot_on_edge {
                    touching += 1;
                } else {
                    gaps += 1;
                }
                // Blue, grey and green as the article draws them.
                assert!((e.exit - (e.projection - e.origin_to_edge)).length() < 1e-15);
                assert!(e.origin_to_edge.perp_dot(velocity).abs() <= 1e-12 * 8.0);
            }
        }
    }
    println!("exit vector: {touching} touching, {gaps} with a gap, {apart} apart; worst {worst:e}");
    assert!(touching > 200 && gaps > 5 && apart > 200);
}

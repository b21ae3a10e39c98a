//! Named cases that once went wrong somewhere, each with its story.

mod common;

use minkowski_lab::geometry::edge_scan::edge_scan;
use minkowski_lab::geometry::epa::{gjk_epa_contact, ContactMethod};
use minkowski_lab::geometry::sat::{sat, AxisOrigin};
use minkowski_lab::geometry::{contact, Convex, DVec2, Pose, Shape, Source};

/// A reader of the first article (Jon, in its comments) reports a slightly tilted box falling
/// onto a static triangle: the box's lowest corner is a little higher than the triangle's apex
/// and just misses it sideways. The apex is the triangle's support vertex most opposite the
/// box's bottom edge, so the bottom edge + apex pair is examined, and its *face* distance (the
/// origin's distance from that MD edge's line) is tiny — yet the shapes are clearly apart, and
/// the nearest features are the box's corner and the triangle's left edge.
///
/// Our version of the article's scan does not fall into it: it uses the origin's projection
/// *clamped* to each MD edge, so the bottom-edge pair scores its true clamped distance, and the
/// least positive distance comes from the (triangle edge, box corner) pair, equal to the exact
/// answer. What goes wrong is using the face distance or the face normal of the pair that
/// "looks" closest — this test pins both numbers so the difference stays visible.
/// Scene: `scenes/regression_tilted_box_over_apex.json`.
#[test]
fn tilted_box_just_above_a_triangle_apex() {
    let (a, b) = tilted_box_over_apex();
    let exact = contact(&a, &b);
    let scan = edge_scan(&a, &b);

    // By hand: the corner sits at (−0.05, 1.02), the apex at (0, 1); the triangle's left edge
    // has outward normal (−2, 1)/√5, so the gap is (0.1 + 0.02)/√5.
    let gap = 0.12 / 5f64.sqrt();
    assert!(
        (exact.distance - gap).abs() < 1e-12,
        "exact {}",
        exact.distance
    );
    assert!((scan.contact.distance - exact.distance).abs() < 1e-12);
    assert!((exact.normal - DVec2::new(-2.0, 1.0) / 5f64.sqrt()).length() < 1e-12);

    let chosen = scan.steps[scan.chosen.unwrap()];
    assert_eq!(
        chosen.edge_of,
        Source::A,
        "the triangle's edge, not the box's bottom edge"
    );
    assert_eq!(chosen.edge, 2, "edge from the apex down to the left");

    // The pair that fools a face-distance reading: B's bottom edge (edge 0) with the apex.
    let bottom = scan
        .steps
        .iter()
        .find(|s| s.edge_of == Source::B && s.edge == 0)
        .unwrap();
    assert!(
        bottom.face_distance > 0.0 && bottom.face_distance < 0.012,
        "{bottom:?}"
    );
    assert!(
        bottom.distance > gap,
        "clamped: {} > {gap}",
        bottom.distance
    );

    // GJK ends on the same pair of features, with the same gap.
    let g = gjk_epa_contact(&a, &b);
    assert_eq!(g.method, ContactMethod::Gjk);
    assert!(
        (g.contact.distance - gap).abs() < 1e-12,
        "GJK {}",
        g.contact.distance
    );
    assert!((g.contact.normal - exact.normal).length() < 1e-12);

    // SAT only bounds a gap from below, and here that bound is the trap: the box's bottom-edge
    // axis sees the apex only 0.011 below it. Its best axis is the triangle's left edge, whose
    // normal happens to be the true one, so its answer is exact in this case.
    let s = sat(&a, &b);
    assert!(!s.intersecting);
    let best = &s.axes[s.best_axis];
    assert_eq!(
        best.origin,
        AxisOrigin::Edge {
            of: Source::A,
            edge: 2
        }
    );
    assert!((s.distance - gap).abs() < 1e-12, "SAT {}", s.distance);
    let bottom_axis = s
        .axes
        .iter()
        .find(|x| {
            x.origin
                == (AxisOrigin::Edge {
                    of: Source::B,
                    edge: 0,
                })
        })
        .unwrap();
    assert!(
        bottom_axis.distance > 0.0 && bottom_axis.distance < 0.012,
        "{bottom_axis:?}"
    );
}

/// Found by review: the edge scan's support ties were once measured against the shapes'
/// distance from the origin, so a millimetre-sized pair a million units out tied every vertex,
/// paired edges with vertices that make no MD edge, and called an overlap a gap. The same pair
/// at the origin was right. Now ties are relative to each shape's own spread.
#[test]
fn millimetre_shapes_a_million_units_out() {
    let tri = |x: f64| {
        Shape::Polygon {
            vertices: vec![
                DVec2::new(-1e-3, -1e-3),
                DVec2::new(1e-3, -1e-3),
                DVec2::new(0.0, 1e-3),
            ],
            radius: 0.0,
        }
        .to_convex()
        .unwrap()
        .0
        .transformed(&Pose::new(DVec2::new(x, 0.0), 0.0))
    };
    let bx = |x: f64| common::boxed(1e-3, 5e-4, x - 0.002, -0.0014, 45.0);
    let (near_a, near_b): (Convex, Convex) = (tri(0.0), bx(0.0));
    let reference = contact(&near_a, &near_b).distance;
    assert!((reference + 1.005e-5).abs() < 1e-8, "{reference}");
    let (far_a, far_b) = (tri(1e6), bx(1e6));
    let tol = 1e3 * 1e6 * f64::EPSILON;
    for (name, d) in [
        ("exact", contact(&far_a, &far_b).distance),
        ("edge scan", edge_scan(&far_a, &far_b).contact.distance),
        ("GJK/EPA", gjk_epa_contact(&far_a, &far_b).contact.distance),
    ] {
        assert!(
            (d - reference).abs() < tol,
            "{name}: {d} vs {reference} at the origin"
        );
    }
}

/// The triangle A (apex up) and the box B tilted by −10° whose lowest corner is at (−0.05, 1.02).
pub fn tilted_box_over_apex() -> (
    minkowski_lab::geometry::Convex,
    minkowski_lab::geometry::Convex,
) {
    let triangle = Shape::Polygon {
        vertices: vec![
            DVec2::new(-1.0, -1.0),
            DVec2::new(1.0, -1.0),
            DVec2::new(0.0, 1.0),
        ],
        radius: 0.0,
    };
    let angle = (-10f64).to_radians();
    let corner = DVec2::new(-0.05, 1.02);
    let half = DVec2::new(1.0, 0.5);
    let centre = corner - DVec2::from_angle(angle).rotate(DVec2::new(half.x, -half.y));
    let a = triangle.to_convex().unwrap().0;
    let b = Shape::Box { half_extents: half }
        .to_convex()
        .unwrap()
        .0
        .transformed(&Pose::new(centre, angle));
    (a, b)
}

/// Found by the geometry fuzzer (`tests/fuzz_regressions/geometry/aabb_nan_arrow`): two flat
/// boxes 1e-300 apart vertically. The MD box's nearest point to the origin is (0, −1e-300),
/// whose squared length underflows to 0, so `p / p.length()` was NaN and the `aabb` demo drew an
/// arrow to NaN. The length is now taken after rescaling.
#[test]
fn aabbs_a_subnormal_gap_apart_have_a_unit_normal() {
    use minkowski_lab::geometry::special::{aabb_difference, Aabb};
    let a = Aabb::new(DVec2::new(4.8e-8, 1e-300), DVec2::new(5.4e-8, 0.0));
    let b = Aabb::new(DVec2::ZERO, DVec2::new(5.4e-8, 0.0));
    let d = aabb_difference(&a, &b);
    assert!(!d.contains_origin);
    assert_eq!(d.contact.normal, DVec2::new(0.0, -1.0));
    assert_eq!(d.contact.distance, 1e-300);
}

/// Found by the geometry fuzzer (`tests/fuzz_regressions/geometry/point_cloud_nan_exit`): a
/// relative velocity of (0, 1e-323) made the ray parameter to the exit edge overflow, and the
/// exit construction was `0 · ∞ = NaN`. Such a velocity now has no exit vector, and a merely
/// small one gets the same exit as a unit one along the same direction.
#[test]
fn a_subnormal_velocity_has_no_nan_exit_vector() {
    use minkowski_lab::geometry::exit_vector::exit_vector;
    let square = [
        DVec2::new(-1.0, -2.0),
        DVec2::new(3.0, -2.0),
        DVec2::new(3.0, 2.0),
        DVec2::new(-1.0, 2.0),
    ];
    assert_eq!(exit_vector(&square, DVec2::new(0.0, 1e-323)), None);
    let unit = exit_vector(&square, DVec2::new(0.0, 1.0)).unwrap();
    let small = exit_vector(&square, DVec2::new(0.0, 1e-200)).unwrap();
    assert_eq!(small.exit, unit.exit);
    assert_eq!(small.origin_to_edge, DVec2::new(0.0, 2.0));
    assert_eq!(small.ray_t, 2e200);
}

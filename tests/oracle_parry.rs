//! The exact methods against each other and against parry2d-f64, the independent oracle.
//!
//! Measured on this file's 3,000 seeded cases (shapes of size 0.05–2 within ±3 of the origin):
//! our exact contact and parry's `contact` differ in distance by up to 7.5e-8 (a distance of 5.1
//! between rounded shapes, where parry's GJK stops iterating); a bound of 1e-8 × scale fails,
//! 1e-7 × scale passes. Our two exact methods agree to 1e-9 × scale.

mod common;

use common::*;
use minkowski_lab::geometry::edge_scan::edge_scan;
use minkowski_lab::geometry::epa::gjk_epa_contact;
use minkowski_lab::geometry::gjk::gjk_distance;
use minkowski_lab::geometry::minkowski::{minkowski_difference, point_cloud_difference};
use minkowski_lab::geometry::sat::sat;
use minkowski_lab::geometry::{contact, Convex, DVec2, Pose, Shape};
use proptest::prelude::*;

/// Distance agreement with parry, relative to the scene's size (see the module doc).
const PARRY_TOL: f64 = 1e-7;
/// Our exact methods among themselves.
const EXACT_TOL: f64 = 1e-9;

fn scale(a: &Convex, b: &Convex) -> f64 {
    1.0 + a.extent() + b.extent() + a.radius + b.radius
}

proptest! {
    #![proptest_config(seeded(3000))]

    #[test]
    fn exact_contact_agrees_with_parry(sa in any_shape(), pa in pose(), sb in any_shape(), pb in pose()) {
        let (a, b) = (world(&sa, &pa), world(&sb, &pb));
        let ours = contact(&a, &b);
        let (pd, pn) = parry_contact(&sa, &pa, &sb, &pb);
        let tol = PARRY_TOL * scale(&a, &b);
        prop_assert!((ours.distance - pd).abs() < tol, "distance ours {} parry {}", ours.distance, pd);
        if (ours.normal - pn).length() > 1e-9 {
            // parry's normal may differ by its iteration slop, or pick another of tied faces;
            // either way, moving B along it must take the same distance as along ours.
            let along = -depth_along(&a, &b, pn);
            prop_assert!((along - ours.distance).abs() < tol,
                "normal ours {} parry {}: signed distance along parry's {} vs ours {}", ours.normal, pn, along, ours.distance);
        }
        // The design's identity: the MD point nearest the origin is distance · normal.
        prop_assert!((ours.point_b - ours.point_a - ours.md_point()).length() < EXACT_TOL * scale(&a, &b));
        prop_assert!((ours.normal.length() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn unsigned_distance_agrees_with_parrys_distance(sa in any_shape(), pa in pose(), sb in any_shape(), pb in pose()) {
        // Both answer 0 for touching and overlapping shapes, the gap otherwise.
        let (a, b) = (world(&sa, &pa), world(&sb, &pb));
        let pd = parry2d_f64::query::distance(
            &parry_pose(&pa),
            parry_shape(&sa).as_ref(),
            &parry_pose(&pb),
            parry_shape(&sb).as_ref(),
        )
        .expect("parry supports these shapes")
        .distance;
        let ours = gjk_distance(&a, &b);
        prop_assert!((ours - pd).abs() < PARRY_TOL * scale(&a, &b), "ours {} parry {}", ours, pd);
    }

    #[test]
    fn every_method_agrees_with_parry(sa in any_shape(), pa in pose(), sb in any_shape(), pb in pose()) {
        // The same bound as for the exact contact, method by method, straight against parry.
        let (a, b) = (world(&sa, &pa), world(&sb, &pb));
        let (pd, _) = parry_contact(&sa, &pa, &sb, &pb);
        let tol = PARRY_TOL * scale(&a, &b);
        let scan = edge_scan(&a, &b).contact;
        let gjk = gjk_epa_contact(&a, &b).contact;
        for (name, c) in [("edge scan", scan), ("GJK/EPA", gjk)] {
            prop_assert!((c.distance - pd).abs() < tol, "{} {} parry {}", name, c.distance, pd);
            let along = -depth_along(&a, &b, c.normal);
            prop_assert!((along - pd).abs() < tol, "{} normal {}: signed distance along it {} parry {}", name, c.normal, along, pd);
        }
        // SAT measures the gap along its axes only: apart, between two sharp corners, that is
        // less than the true distance. Overlapping or touching, its depth and axis are exact.
        let sat = sat(&a, &b);
        if pd > tol {
            prop_assert!(sat.distance > 0.0 && sat.distance <= pd + tol, "SAT gap {} parry {}", sat.distance, pd);
        } else {
            prop_assert!((sat.distance - pd).abs() < tol, "SAT {} parry {}", sat.distance, pd);
            let along = -depth_along(&a, &b, sat.axes[sat.best_axis].normal);
            prop_assert!((along - pd).abs() < tol, "SAT axis: signed distance along it {} parry {}", along, pd);
        }
    }

    #[test]
    fn edge_scan_agrees_with_exact(sa in any_shape(), pa in pose(), sb in any_shape(), pb in pose()) {
        let (a, b) = (world(&sa, &pa), world(&sb, &pb));
        let exact = contact(&a, &b);
        let scan = edge_scan(&a, &b).contact;
        let tol = EXACT_TOL * scale(&a, &b);
        prop_assert!((scan.distance - exact.distance).abs() < tol, "scan {} exact {}", scan.distance, exact.distance);
        if (scan.normal - exact.normal).length() > 1e-9 {
            let along = -depth_along(&a, &b, scan.normal);
            prop_assert!(exact.distance < 0.0 && (along - exact.distance).abs() < tol,
                "normal scan {} exact {}: signed distance along it {}", scan.normal, exact.normal, along);
        }
        prop_assert!((scan.point_b - scan.point_a - scan.md_point()).length() < tol);
    }

    #[test]
    fn edge_merge_equals_point_cloud_hull(sa in any_shape(), pa in pose(), sb in any_shape(), pb in pose()) {
        let (a, b) = (world(&sa, &pa), world(&sb, &pb));
        let merged = minkowski_difference(&a, &b);
        let cloud = point_cloud_difference(&a, &b);
        prop_assert_eq!(merged.strict_vertices(), cloud.hull.vertices);
        prop_assert_eq!(merged.edges.len(), a.edge_count() + b.edge_count());
    }

    #[test]
    fn touching_is_distance_zero(sa in any_shape(), pa in pose(), sb in any_shape(), pb in pose()) {
        // Move B by minus the gap (or by the separation) so the shapes just touch.
        let (a, b) = (world(&sa, &pa), world(&sb, &pb));
        let c = contact(&a, &b);
        let shift = -c.md_point();
        let moved = Pose::new(pb.position + shift, pb.angle);
        let t = contact(&a, &world(&sb, &moved));
        prop_assert!(t.distance.abs() < EXACT_TOL * scale(&a, &b), "after moving {} distance {}", shift, t.distance);
    }
}

fn box_at(hx: f64, hy: f64, x: f64, y: f64, deg: f64) -> (Shape, Pose) {
    (
        Shape::Box {
            half_extents: DVec2::new(hx, hy),
        },
        Pose::new(DVec2::new(x, y), deg.to_radians()),
    )
}

#[test]
fn identical_shapes_at_the_same_pose() {
    // B ⊖ A is symmetric about the origin; every face is as deep as its opposite. The first
    // MD edge counter-clockwise from the lowest vertex wins: for a 2 × 1 box that is the bottom
    // face, whose nearest point is (0, −1): B leaves upwards, the normal is +y and the depth
    // the box's full height.
    let (s, p) = box_at(1.0, 0.5, 3.0, -2.0, 0.0);
    let (a, b) = (world(&s, &p), world(&s, &p));
    let c = contact(&a, &b);
    assert_eq!(c.distance, -1.0);
    assert_eq!(c.normal, DVec2::Y);
    let (pd, _) = parry_contact(&s, &p, &s, &p);
    assert!((pd - c.distance).abs() < 1e-12, "parry {pd}");
}

#[test]
fn concentric_circles_use_the_documented_normal() {
    let a = Convex::circle(DVec2::new(1.0, 1.0), 1.0);
    let b = Convex::circle(DVec2::new(1.0, 1.0), 0.25);
    let c = contact(&a, &b);
    assert_eq!(c.distance, -1.25);
    assert_eq!(
        c.normal,
        minkowski_lab::geometry::distance::DEGENERATE_NORMAL
    );
}

#[test]
fn collinear_and_duplicate_vertices_change_nothing() {
    let clean = Shape::Polygon {
        vertices: vec![
            DVec2::new(0.0, 0.0),
            DVec2::new(2.0, 0.0),
            DVec2::new(2.0, 1.0),
        ],
        radius: 0.0,
    };
    let messy = Shape::Polygon {
        vertices: vec![
            DVec2::new(2.0, 1.0),
            DVec2::new(1.0, 0.0),
            DVec2::new(0.0, 0.0),
            DVec2::new(2.0, 0.0),
            DVec2::new(2.0, 0.5),
            DVec2::new(0.0, 0.0),
        ],
        radius: 0.0,
    };
    let (cc, _) = clean.to_convex().unwrap();
    let (mc, notes) = messy.to_convex().unwrap();
    assert_eq!(notes.len(), 3, "{notes:?}");
    let other = world(
        &Shape::Circle { radius: 0.5 },
        &Pose::new(DVec2::new(1.5, 1.2), 0.0),
    );
    assert_eq!(contact(&cc, &other), contact(&mc, &other));
}

#[test]
fn a_lone_point_and_a_segment() {
    let point = Shape::Polygon {
        vertices: vec![DVec2::new(0.0, 3.0)],
        radius: 0.0,
    };
    let segment = Shape::Polygon {
        vertices: vec![DVec2::new(-1.0, 0.0), DVec2::new(1.0, 0.0)],
        radius: 0.0,
    };
    let id = Pose::default();
    let c = contact(&world(&segment, &id), &world(&point, &id));
    assert_eq!(c.distance, 3.0);
    assert_eq!(c.normal, DVec2::Y);
    assert_eq!(c.point_a, DVec2::ZERO);
    // The point on the segment: touching, distance 0 with the segment's normal.
    let on = world(&point, &Pose::new(DVec2::new(0.5, -3.0), 0.0));
    let t = contact(&world(&segment, &id), &on);
    assert_eq!(t.distance, 0.0);
    assert!(t.normal.x.abs() < 1e-15 && t.normal.y.abs() == 1.0);
}

#[test]
fn huge_and_tiny_coordinates() {
    // Shapes of size `size` a million units out. Rounding is a few ulps of the coordinates
    // (1e6 · ε ≈ 2e-10) on top of 1e-9 of the shapes' own size.
    for size in [1.0, 1e-3] {
        let (sa, pa) = box_at(size, size, 1e6, 1e6, 10.0);
        let (sb, pb) = box_at(size, 0.5 * size, 1e6 + 1.9 * size, 1e6, 10.0);
        let (a, b) = (world(&sa, &pa), world(&sb, &pb));
        let c = contact(&a, &b);
        let scan = edge_scan(&a, &b).contact;
        let gjk = gjk_epa_contact(&a, &b).contact;
        let tol = 1e-9 * size + 1e3 * 1e6 * f64::EPSILON;
        // The same pair at the origin gives the reference.
        let (sa0, pa0) = box_at(size, size, 0.0, 0.0, 10.0);
        let (sb0, pb0) = box_at(size, 0.5 * size, 1.9 * size, 0.0, 10.0);
        let (pd, _) = parry_contact(&sa0, &pa0, &sb0, &pb0);
        for (name, d) in [
            ("exact", c.distance),
            ("edge scan", scan.distance),
            ("GJK/EPA", gjk.distance),
        ] {
            assert!(
                (d - pd).abs() < tol,
                "size {size}: {name} {d} parry at the origin {pd}"
            );
        }
        assert!(c.distance < 0.0);
    }
    // Tiny shapes near the origin: everything scales down exactly.
    let (sa, pa) = box_at(1e-6, 1e-6, 0.0, 0.0, 10.0);
    let (sb, pb) = box_at(1e-6, 0.5e-6, 1.9e-6, 0.0, 10.0);
    let (a, b) = (world(&sa, &pa), world(&sb, &pb));
    let (big_a, big_b) = (
        world(&box_at(1.0, 1.0, 0.0, 0.0, 10.0).0, &pa),
        world(
            &box_at(1.0, 0.5, 1.9, 0.0, 10.0).0,
            &Pose::new(DVec2::new(1.9, 0.0), pb.angle),
        ),
    );
    let small = contact(&a, &b).distance;
    let large = contact(&big_a, &big_b).distance;
    assert!(
        (small - 1e-6 * large).abs() < 1e-9 * 1e-6,
        "{small} vs {large} · 1e-6"
    );
    assert!((edge_scan(&a, &b).contact.distance - small).abs() < 1e-15);
}

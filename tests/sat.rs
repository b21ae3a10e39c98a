//! The separating-axis test (second article) and Lander's separating plane (fourth article):
//! known answers worked out by hand, then seeded random shapes against the exact contact.

mod common;
use common::{boxed, Rng};
use minkowski_lab::geometry::hull::convex_hull;
use minkowski_lab::geometry::sat::{
    check_swept_claim, first_contact_time, sat, sat_moving, sat_with, AxisOrigin, CacheOutcome,
    SatOptions, TruthMethod,
};
use minkowski_lab::geometry::separating_plane::{
    aabb_of, find_separating_line, CachedPlane, PlaneSource, Verdict,
};
use minkowski_lab::geometry::{contact, Convex, DVec2, Pose, Source};

fn poly(points: &[(f64, f64)]) -> Convex {
    Convex::new(points.iter().map(|&(x, y)| DVec2::new(x, y)).collect(), 0.0)
}

fn near(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

fn near_v(a: DVec2, b: DVec2, tol: f64) -> bool {
    (a - b).length() <= tol
}

// ---------------------------------------------------------------------------------------------
// Known answers
// ---------------------------------------------------------------------------------------------

#[test]
fn aligned_boxes_overlapping_give_the_short_push_along_x() {
    // A: half (1, 1) at the origin, x ∈ [−1, 1]; B: half (0.75, 1) at (1.5, 0), x ∈ [0.75, 2.25].
    // On x they overlap by 0.25, on y by 2: the MTV moves B by +0.25 along x.
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let b = boxed(0.75, 1.0, 1.5, 0.0, 0.0);
    let s = sat(&a, &b);
    assert_eq!(
        s.axes.len(),
        8,
        "four edges each, no rounding: {:?}",
        s.axes
    );
    assert!(s.intersecting);
    assert_eq!(s.separating_axis, None);
    assert_eq!(s.axes_until_answer, 8);
    let right = s
        .axes
        .iter()
        .find(|x| {
            x.origin
                == AxisOrigin::Edge {
                    of: Source::A,
                    edge: 1,
                }
        })
        .unwrap();
    assert_eq!(right.axis, DVec2::X);
    assert_eq!((right.a.min, right.a.max), (-1.0, 1.0));
    assert_eq!((right.b.min, right.b.max), (0.75, 2.25));
    assert_eq!(right.distance, -0.25);
    assert_eq!(right.overlap, 0.25);
    let m = s.mtv.unwrap();
    assert_eq!(m.depth, 0.25);
    assert_eq!(m.normal, DVec2::X);
    assert_eq!(m.vector, DVec2::new(0.25, 0.0));
    assert_eq!(m.vector, contact(&a, &b).separation());
    assert_eq!(s.distance, -0.25);
}

#[test]
fn rotated_box_corner_into_a_face() {
    // B: unit half-extent box turned 45° at (2.2, 0): its left corner at x = 2.2 − √2 pokes
    // into A's right face (x = 1) by √2 − 1.2 ≈ 0.2142. On B's own axes (±45°) the overlap is
    // √2 − (2.2/√2 − 1) ≈ 0.8586, larger, so the MTV is along +x.
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let b = boxed(1.0, 1.0, 2.2, 0.0, 45.0);
    let s = sat(&a, &b);
    let depth = 2f64.sqrt() - 1.2;
    let m = s.mtv.expect("overlapping");
    assert!(near(m.depth, depth, 1e-12), "{} vs {depth}", m.depth);
    assert!(near_v(m.normal, DVec2::X, 1e-12), "{:?}", m.normal);
    let diag = s
        .axes
        .iter()
        .find(|x| matches!(x.origin, AxisOrigin::Edge { of: Source::B, .. }))
        .unwrap();
    assert!(
        near(diag.overlap, 2f64.sqrt() - (2.2 / 2f64.sqrt() - 1.0), 1e-12),
        "{diag:?}"
    );
    let c = contact(&a, &b);
    assert!(
        near(s.distance, c.distance, 1e-12),
        "{} vs {}",
        s.distance,
        c.distance
    );
    assert!(near_v(m.vector, c.separation(), 1e-12));
}

#[test]
fn separated_triangles_first_separating_axis_is_the_hypotenuse() {
    // A: (0,0) (2,0) (0,2); B: (2,2) (3,2) (2,3). A's hypotenuse x + y = 2 faces B, whose
    // nearest vertex (2,2) has x + y = 4: a gap of 2/√2 = √2. A's bottom edge (axis −y) only
    // touches (interval distance 0), so the article's loop stops at A's edge 1.
    let a = poly(&[(0.0, 0.0), (2.0, 0.0), (0.0, 2.0)]);
    let b = poly(&[(2.0, 2.0), (3.0, 2.0), (2.0, 3.0)]);
    let s = sat(&a, &b);
    assert_eq!(s.axes[0].distance, 0.0, "{:?}", s.axes[0]);
    assert_eq!(s.separating_axis, Some(1));
    assert_eq!(s.axes_until_answer, 2);
    assert!(!s.intersecting);
    assert!(s.mtv.is_none());
    assert!(near(s.distance, 2f64.sqrt(), 1e-15), "{}", s.distance);
    assert!(near(contact(&a, &b).distance, s.distance, 1e-15));

    let p = find_separating_line(&a, &b, None);
    let found = p.found().expect("apart");
    assert_eq!(
        found.source,
        PlaneSource::Face {
            of: Source::A,
            edge: 1
        }
    );
    assert!(near(found.gap, 2f64.sqrt(), 1e-15));
    assert_eq!(p.tries.len(), 2);
    // A's bottom face (normal −y) has all of B behind it, the farthest its vertex 2 at
    // (2, 3). (The SAT's −y axis shows a touch there: it looks at both sides of A at once.)
    assert_eq!(
        p.tries[0].verdict,
        Verdict::WrongSide {
            of: Source::B,
            vertex: 2,
            clearance: -3.0
        }
    );
    // The boxes [0,2]² and [2,3]² touch at a corner: the broad phase cannot tell them apart.
    assert!(p.aabbs_overlap);
    assert_eq!(aabb_of(&b), (DVec2::new(2.0, 2.0), DVec2::new(3.0, 3.0)));
}

#[test]
fn the_article_intervals_when_one_contains_the_other() {
    // A = [0,10]², B = [1,2]×[4,6] inside it. The article's interval distance would call the
    // x overlap 9 (it picks the side by the minima); the short way out is 2 along −x.
    let a = poly(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
    let b = poly(&[(1.0, 4.0), (2.0, 4.0), (2.0, 6.0), (1.0, 6.0)]);
    let s = sat(&a, &b);
    let m = s.mtv.unwrap();
    assert_eq!(m.vector, DVec2::new(-2.0, 0.0));
    assert_eq!(m.vector, contact(&a, &b).separation());
}

#[test]
fn touching_counts_as_intersecting_with_a_zero_mtv() {
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let b = boxed(1.0, 1.0, 2.0, 0.5, 0.0);
    let s = sat(&a, &b);
    assert!(s.intersecting);
    assert_eq!(s.mtv.unwrap().vector, DVec2::ZERO);
    let p = find_separating_line(&a, &b, None);
    assert!(p.found().is_none(), "{:?}", p.outcome);
    // Every edge/vertex pair was tried too, and failed.
    assert!(p
        .tries
        .iter()
        .any(|t| matches!(t.source, PlaneSource::EdgeVertex { .. })));
}

#[test]
fn circles_use_the_centre_line_and_are_exact() {
    let a = Convex::circle(DVec2::ZERO, 1.0);
    let b = Convex::circle(DVec2::new(1.2, 1.6), 1.5); // centres 2 apart, radii 2.5: 0.5 deep
    let s = sat(&a, &b);
    assert_eq!(s.axes.len(), 1);
    assert_eq!(s.axes[0].origin, AxisOrigin::CentreLine);
    assert!(near_v(s.axes[0].axis, DVec2::new(0.6, 0.8), 1e-15));
    let m = s.mtv.unwrap();
    assert!(near(m.depth, 0.5, 1e-15));
    assert!(near_v(m.vector, contact(&a, &b).separation(), 1e-15));

    let far = Convex::circle(DVec2::new(3.0, 4.0), 1.5);
    let s = sat(&a, &far);
    assert!(!s.intersecting);
    assert!(near(s.distance, 2.5, 1e-15), "{}", s.distance);
    let p = find_separating_line(&a, &far, None);
    let f = p.found().unwrap();
    assert_eq!(f.source, PlaneSource::NearestVertices { a: 0, b: 0 });
    assert!(near(f.gap, 2.5, 1e-15));
}

#[test]
fn circle_against_a_box_corner_uses_the_nearest_vertex_axis() {
    // Circle of radius 1 at (2, 2) near the corner (1, 1) of a unit box: gap √2 − 1, along the
    // diagonal — no edge normal of the box sees it; the nearest-vertex axis does.
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let b = Convex::circle(DVec2::new(2.0, 2.0), 1.0);
    let s = sat(&a, &b);
    let last = s.axes.last().unwrap();
    assert_eq!(last.origin, AxisOrigin::NearestVertices { a: 2, b: 0 });
    // The box's own axes all show a touch or an overlap: the article's axes alone would call
    // this a collision.
    assert!(
        s.axes[..4].iter().all(|x| x.distance <= 0.0),
        "{:?}",
        s.axes
    );
    assert!(!s.intersecting);
    assert_eq!(s.separating_axis, Some(4));
    assert!(near(s.distance, 2f64.sqrt() - 1.0, 1e-15), "{}", s.distance);
    let p = find_separating_line(&a, &b, None);
    assert_eq!(
        p.found().unwrap().source,
        PlaneSource::NearestVertices { a: 2, b: 0 }
    );
}

#[test]
fn collinear_segments_apart_along_their_line() {
    // Two sharp segments on the x axis, [0,1] and [2,3]: every face and edge/vertex line lies
    // along the axis and fails; the nearest end points (1,0) and (2,0) give the line x = 1.
    let a = poly(&[(0.0, 0.0), (1.0, 0.0)]);
    let b = poly(&[(2.0, 0.0), (3.0, 0.0)]);
    let s = sat(&a, &b);
    assert!(!s.intersecting);
    assert_eq!(s.distance, 1.0);
    let p = find_separating_line(&a, &b, None);
    let f = p.found().unwrap();
    assert_eq!(f.source, PlaneSource::NearestVertices { a: 1, b: 0 });
    assert_eq!(f.line.normal, DVec2::X);
    assert_eq!(f.gap, 1.0);
}

#[test]
fn the_articles_edge_vertex_line_in_2d_separates_two_points() {
    // Two sharp points: no faces at all; the line through both (the 2D edge/vertex pair)
    // passes the article's test, and the vertices are distinct.
    let a = poly(&[(0.0, 0.0)]);
    let b = poly(&[(1.0, 1.0)]);
    let p = find_separating_line(&a, &b, None);
    assert_eq!(
        p.found().unwrap().source,
        PlaneSource::EdgeVertex { a: 0, b: 0 }
    );
    let same = find_separating_line(&a, &a, None);
    assert!(same.found().is_none());
    assert_eq!(same.tries[0].verdict, Verdict::Coincident);
}

// ---------------------------------------------------------------------------------------------
// The moving test and its false claim
// ---------------------------------------------------------------------------------------------

#[test]
fn swept_intervals_claim_a_hit_that_never_happens() {
    // A = [0,1]² moving by (3,3) relative to B = [2.5,3.5]×[0,0.5]. A's swept x interval is
    // [0,4] ⊇ B's [2.5,3.5]; its swept y interval [0,4] ⊇ [0,0.5]. But A reaches x = 2.5 only
    // at t = 0.5, by when its bottom is at y = 1.5, above B's top 0.5 (and it leaves y ≤ 0.5
    // after t = 1/6): never in contact.
    let a = poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    let b = poly(&[(2.5, 0.0), (3.5, 0.0), (3.5, 0.5), (2.5, 0.5)]);
    let v = DVec2::new(3.0, 3.0);
    let s = sat_moving(&a, &b, v);
    assert!(!s.intersecting, "apart at the start");
    let swept = s.swept.unwrap();
    assert!(swept.swept_claims_hit);
    assert_eq!(swept.separating_axis, None);
    for x in &s.axes {
        let sw = x.swept.unwrap();
        assert!(sw.will_intersect, "{x:?}");
        assert!(near(sw.velocity_projection.abs(), 3.0, 0.0), "{sw:?}");
    }
    let x_axis = s.axes.iter().find(|x| x.axis == DVec2::X).unwrap();
    let sw = x_axis.swept.unwrap();
    assert_eq!((sw.a.min, sw.a.max), (0.0, 4.0));

    let check = check_swept_claim(&a, &b, v);
    assert!(check.swept_claims_hit);
    assert_eq!(check.first_contact, None);
    assert_eq!(check.method, TruthMethod::AxisTimeIntervals);
    assert!(check.claim_is_false);

    // Aimed straight along x, A's right face meets B's left face at t = (2.5 − 1)/3 = 0.5.
    let hit = check_swept_claim(&a, &b, DVec2::new(3.0, 0.0));
    assert!(hit.swept_claims_hit && !hit.claim_is_false);
    assert_eq!(hit.first_contact, Some(0.5));
}

#[test]
fn a_swept_gap_proves_a_miss() {
    let a = poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    let b = poly(&[(2.5, 0.0), (3.5, 0.0), (3.5, 0.5), (2.5, 0.5)]);
    let s = sat_moving(&a, &b, DVec2::new(1.0, 0.0)); // reaches x = 2 only
    let swept = s.swept.unwrap();
    assert!(!swept.swept_claims_hit);
    let i = swept.separating_axis.unwrap();
    assert!(near(s.axes[i].swept.unwrap().distance, 0.5, 1e-15));
    assert_eq!(first_contact_time(&a, &b, DVec2::new(1.0, 0.0)).0, None);
}

#[test]
fn rounded_truth_uses_the_ray_against_the_rounded_md() {
    // A circle of radius 0.5 at the origin moving by (4, 0) towards a unit box at (3, 0):
    // contact when its centre reaches x = 2 − 0.5 = 1.5, t = 0.375.
    let a = Convex::circle(DVec2::ZERO, 0.5);
    let b = boxed(1.0, 1.0, 3.0, 0.0, 0.0);
    let (t, method) = first_contact_time(&a, &b, DVec2::new(4.0, 0.0));
    assert_eq!(method, TruthMethod::RayAgainstRoundedMd);
    assert!(near(t.unwrap(), 0.375, 1e-15), "{t:?}");
    // Centre path y = 1.3, above the box's top face (y = 1) but within 1.5 of it: it meets the
    // rounded MD at its round corner; at the time found the exact distance is 0.
    let a2 = Convex::circle(DVec2::new(0.0, 1.3), 0.5);
    let (t2, _) = first_contact_time(&a2, &b, DVec2::new(4.0, 0.0));
    let t2 = t2.unwrap();
    let moved = Convex::circle(DVec2::new(4.0 * t2, 1.3), 0.5);
    assert!(near(contact(&moved, &b).distance, 0.0, 1e-12));
}

// ---------------------------------------------------------------------------------------------
// Frame coherence
// ---------------------------------------------------------------------------------------------

#[test]
fn cached_axis_still_separates_then_no_longer() {
    let a = boxed(1.0, 1.0, 0.0, 0.0, 0.0);
    let b = boxed(1.0, 1.0, 3.0, 0.2, 10.0);
    let first = sat(&a, &b);
    let axis = first.axes[first.separating_axis.unwrap()].axis;

    // Next frame B has moved a little: the cached axis is tried first and still separates.
    let b2 = boxed(1.0, 1.0, 2.9, 0.3, 12.0);
    let opts = SatOptions {
        relative_velocity: None,
        cached_axis: Some(axis),
    };
    let s = sat_with(&a, &b2, &opts);
    assert_eq!(s.cache, CacheOutcome::StillSeparates);
    assert_eq!(s.axes[0].origin, AxisOrigin::Cached);
    assert_eq!(s.separating_axis, Some(0));
    assert_eq!(s.axes_until_answer, 1);

    // B has moved into A: the cached axis overlaps now; the other axes decide.
    let b3 = boxed(1.0, 1.0, 1.5, 0.3, 12.0);
    let s = sat_with(&a, &b3, &opts);
    assert_eq!(s.cache, CacheOutcome::NoLongerSeparates);
    assert!(s.intersecting);

    // B has moved over the top: apart, but not along the cached axis.
    let b4 = boxed(1.0, 1.0, 0.5, 2.5, 0.0);
    let s = sat_with(&a, &b4, &opts);
    assert_eq!(s.cache, CacheOutcome::NoLongerSeparates);
    assert!(!s.intersecting);
    assert!(s.separating_axis.unwrap() > 0);

    // No cache (or a zero one) says so.
    let s = sat_with(
        &a,
        &b,
        &SatOptions {
            relative_velocity: None,
            cached_axis: Some(DVec2::ZERO),
        },
    );
    assert_eq!(s.cache, CacheOutcome::None);
}

#[test]
fn cached_plane_moves_with_the_bodies() {
    let a = boxed(1.0, 0.5, 0.0, 0.0, 0.0);
    let b = boxed(0.5, 0.5, 3.0, 0.0, 30.0);
    let first = find_separating_line(&a, &b, None);
    let cache: CachedPlane = first.found().unwrap().to_cache();
    assert_eq!(first.cache, CacheOutcome::None);

    // Both bodies move and turn a little: the same features still separate, one test.
    let a2 = boxed(1.0, 0.5, 0.3, 0.1, 5.0);
    let b2 = boxed(0.5, 0.5, 3.1, 0.2, 35.0);
    let next = find_separating_line(&a2, &b2, Some(cache));
    assert_eq!(next.cache, CacheOutcome::StillSeparates);
    assert_eq!(next.tries.len(), 1);
    assert!(next.tries[0].cached);
    assert_eq!(next.found().unwrap().to_cache(), cache);
    // The line moved with A: it passes through A's moved edge.
    let line = next.found().unwrap().line;
    assert!(a2
        .vertices
        .iter()
        .any(|&v| near(line.offset(v), 0.0, 1e-12)));

    // B now overlaps A: the cache fails, and the full search says colliding.
    let b3 = boxed(0.5, 0.5, 1.2, 0.2, 35.0);
    let hit = find_separating_line(&a2, &b3, Some(cache));
    assert_eq!(hit.cache, CacheOutcome::NoLongerSeparates);
    assert!(hit.found().is_none());

    // A cache naming a feature that does not exist is a failed cache, not a panic.
    let bogus = CachedPlane {
        source: PlaneSource::Face {
            of: Source::A,
            edge: 99,
        },
    };
    let r = find_separating_line(&a, &b, Some(bogus));
    assert_eq!(r.tries[0].verdict, Verdict::MissingFeature);
    assert_eq!(r.cache, CacheOutcome::NoLongerSeparates);
    assert!(r.found().is_some());
}

// ---------------------------------------------------------------------------------------------
// Seeded properties against the exact contact
// ---------------------------------------------------------------------------------------------

/// A random convex polygon with 3 to 8 hull vertices within radius ~1.5 of its origin, posed.
fn random_polygon(rng: &mut Rng) -> Convex {
    loop {
        let n = 3 + (rng.next_u64() % 8) as usize;
        let pts: Vec<DVec2> = (0..n)
            .map(|_| DVec2::new(rng.range(-1.5, 1.5), rng.range(-1.0, 1.0)))
            .collect();
        let hull = convex_hull(&pts);
        if hull.vertices.len() >= 3 {
            let c = Convex::new(hull.vertices, 0.0);
            let pose = Pose::new(
                DVec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0)),
                rng.range(0.0, std::f64::consts::TAU),
            );
            return c.transformed(&pose);
        }
    }
}

/// A random shape of any kind: polygon (sharp or rounded), circle, capsule.
fn random_shape(rng: &mut Rng) -> Convex {
    let mut c = random_polygon(rng);
    match rng.next_u64() % 4 {
        0 => {}
        1 => c.radius = rng.range(0.05, 0.6),
        2 => {
            c.vertices.truncate(1);
            c.radius = rng.range(0.1, 1.2);
        }
        _ => {
            c.vertices.truncate(2);
            c.radius = rng.range(0.05, 0.8);
        }
    }
    c
}

/// Cases within this of touching are skipped: the methods round differently there.
const NEAR_TOUCHING: f64 = 1e-9;

#[test]
fn random_polygons_sat_and_plane_agree_with_the_exact_contact() {
    let mut rng = Rng(0x5A7_0001);
    let (mut overlapping, mut apart, mut tied) = (0, 0, 0);
    let mut worst_depth_error = 0.0_f64;
    for case in 0..4000 {
        let a = random_polygon(&mut rng);
        let b = random_polygon(&mut rng);
        let c = contact(&a, &b);
        if c.distance.abs() < NEAR_TOUCHING {
            continue;
        }
        let s = sat(&a, &b);
        assert_eq!(
            s.intersecting,
            c.intersecting(),
            "case {case}: sat {} vs exact {}\nA {a:?}\nB {b:?}",
            s.distance,
            c.distance
        );
        let tol = 1e-9 * c.distance.abs().max(1.0);
        if c.intersecting() {
            overlapping += 1;
            worst_depth_error = worst_depth_error.max((s.distance - c.distance).abs());
            assert!(
                near(s.distance, c.distance, tol),
                "case {case}: sat depth {} vs exact {}",
                s.distance,
                c.distance
            );
            let m = s.mtv.unwrap();
            // When two axes tie (within the tolerance) either push is shortest.
            let ties = s
                .axes
                .iter()
                .filter(|x| near(x.distance, s.distance, tol))
                .count();
            if ties > 1 {
                tied += 1;
            } else {
                assert!(
                    near_v(m.vector, c.separation(), tol),
                    "case {case}: mtv {:?} vs separation {:?}",
                    m.vector,
                    c.separation()
                );
            }
        } else {
            apart += 1;
            assert!(s.mtv.is_none());
            assert!(
                s.distance <= c.distance + tol && s.distance > 0.0,
                "case {case}: sat gap {} must be a lower bound of {}",
                s.distance,
                c.distance
            );
        }

        let p = find_separating_line(&a, &b, None);
        match p.found() {
            None => assert!(
                c.intersecting(),
                "case {case}: no line, but gap {}",
                c.distance
            ),
            Some(f) => {
                assert!(
                    !c.intersecting(),
                    "case {case}: line {f:?} but depth {}",
                    c.distance
                );
                assert!(f.gap > 0.0, "case {case}: {f:?}");
                for &v in &a.vertices {
                    assert!(f.line.offset(v) <= 1e-12, "case {case}: A {v} {f:?}");
                }
                // The line may pass through the face it came from; the band beyond is empty.
                for &v in &b.vertices {
                    assert!(f.line.offset(v) >= -1e-12, "case {case}: B {v} {f:?}");
                }
                if !p.aabbs_overlap {
                    assert!(!c.intersecting());
                }
            }
        }
    }
    eprintln!(
        "polygons: {overlapping} overlapping, {apart} apart, {tied} tied MTVs, \
         worst depth error {worst_depth_error:e}"
    );
    assert!(overlapping > 500 && apart > 500, "{overlapping} {apart}");
    assert!(tied < 40, "{tied} ties");
}

#[test]
fn random_rounded_shapes_sat_is_exact_with_the_nearest_vertex_axis() {
    let mut rng = Rng(0x5A7_0002);
    let mut checked = 0;
    let mut worst_error = 0.0_f64;
    for case in 0..3000 {
        let a = random_shape(&mut rng);
        let b = random_shape(&mut rng);
        let c = contact(&a, &b);
        if c.distance.abs() < NEAR_TOUCHING {
            continue;
        }
        checked += 1;
        let s = sat(&a, &b);
        let tol = 1e-9 * c.distance.abs().max(1.0);
        assert_eq!(s.intersecting, c.intersecting(), "case {case}");
        if a.radius > 0.0 || b.radius > 0.0 || a.vertices.len() < 3 || b.vertices.len() < 3 {
            worst_error = worst_error.max((s.distance - c.distance).abs());
            assert!(
                near(s.distance, c.distance, tol),
                "case {case}: sat {} vs exact {}\nA {a:?}\nB {b:?}",
                s.distance,
                c.distance
            );
        }
        let p = find_separating_line(&a, &b, None);
        assert_eq!(
            p.found().is_some(),
            !c.intersecting(),
            "case {case}: {:?} vs {}",
            p.outcome,
            c.distance
        );
        if let Some(f) = p.found() {
            // With rounding: every point of A within its radius of the A side.
            for &v in &a.vertices {
                assert!(f.line.offset(v) + a.radius <= 1e-9, "case {case}: {f:?}");
            }
            for &v in &b.vertices {
                assert!(f.line.offset(v) - b.radius > -1e-12, "case {case}: {f:?}");
            }
        }
    }
    eprintln!("rounded: {checked} cases, worst distance error {worst_error:e}");
    assert!(checked > 2500);
}

#[test]
fn random_sweeps_never_miss_and_the_truth_is_a_real_first_contact() {
    let mut rng = Rng(0x5A7_0003);
    let (mut false_claims, mut hits) = (0, 0);
    for case in 0..600 {
        let a = random_shape(&mut rng);
        let b = random_shape(&mut rng);
        if contact(&a, &b).distance <= NEAR_TOUCHING {
            continue;
        }
        let v = DVec2::new(rng.range(-6.0, 6.0), rng.range(-6.0, 6.0));
        let check = check_swept_claim(&a, &b, v);
        let moved = |t: f64| Convex::new(a.vertices.iter().map(|&p| p + v * t).collect(), a.radius);
        match check.first_contact {
            Some(t) => {
                hits += 1;
                // A real hit is always claimed, and at t the shapes just touch.
                assert!(check.swept_claims_hit, "case {case}: missed a hit at {t}");
                let d = contact(&moved(t), &b).distance;
                assert!(d.abs() < 1e-9, "case {case}: distance {d} at t = {t}");
                if t > 1e-6 {
                    let before = contact(&moved(t - 1e-6), &b).distance;
                    assert!(before > -1e-9, "case {case}: already in at {t}: {before}");
                }
            }
            None => {
                // Sampled: apart all along.
                for k in 0..=64 {
                    let d = contact(&moved(k as f64 / 64.0), &b).distance;
                    assert!(d > 0.0, "case {case}: t = {} distance {d}", k as f64 / 64.0);
                }
                if check.claim_is_false {
                    false_claims += 1;
                }
            }
        }
    }
    eprintln!("sweeps: {hits} real hits, {false_claims} false claims");
    assert!(hits > 50, "{hits}");
    assert!(
        false_claims > 0,
        "the swept test never lied in {false_claims} cases"
    );
}

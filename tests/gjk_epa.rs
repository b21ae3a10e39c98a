//! GJK + EPA (`gjk_epa_contact`) checked on ~10 000 seeded random scenes against two
//! independent answers: the exact `contact` (the edge-merged MD scanned edge by edge) and
//! parry2d-f64's own GJK/EPA. The untraced runs (`gjk_epa`, and `gjk_distance`, the unsigned
//! distance by GJK alone) must give the traced run's answer to the bit.
//!
//! Scenes: random convex polygons (random points → convex hull, some rounded), boxes, circles
//! and capsules, at random poses; B placed anywhere from deep inside A to far away, or moved by
//! the exact separation to touch A; the same shifted to coordinates near 10⁶ and shrunk to
//! 10⁻⁶; identical shapes at the same pose; parallel capsules (MD flat, exactly or up to
//! rounding); point cores in and around polygons; polygons of 24 to 400 vertices, whose support
//! searches bisect arcs of the cores' vertices. `cargo test --test gjk_epa -- --nocapture`
//! prints, per group, the largest errors seen and how often each special case occurred.
//!
//! What "agree" means, and why:
//! * **distance** within `EXACT_TOL · scale` of the exact answer, `scale` being the largest
//!   coordinate magnitude or radius in the scene (rounding errors grow with the coordinates,
//!   not with the shapes' size).
//! * **witness points**: `point_b − point_a = distance · normal` within `EXACT_TOL · scale`.
//! * **normal**: GJK/EPA's normal must always be *a* shortest way — the core MD lies in the
//!   half-plane `normal · x ≥ core distance` and touches its line (`normal_is_valid`). And it
//!   must be within `NORMAL_TOL` of the exact normal, unless the shortest way is not unique
//!   (identical shapes, touching at a corner, parallel segments: both normals valid, counted as
//!   `ties`). The exact normal must be a shortest way as well. (It once was not in 186 of 1500
//!   touching scenes and 270 of 400 parallel-capsule scenes, where `contact` normalised a
//!   nearest point made of rounding noise; `contact_from_md` now takes the touching edge's
//!   normal there.)
//! * **parry**: distance within `PARRY_TOL · (size + |distance|) + EXACT_TOL · scale` (`size`
//!   the larger shape's radius about its centroid) and normal within `PARRY_NORMAL_TOL`, or
//!   parry's normal a valid shortest way (`parry_ties`). Parry's GJK stops at a gap relative
//!   to the distance (√(10 ε) ≈ 5·10⁻⁸), and on rounded shapes its EPA works on curved outlines,
//!   so it is less exact than the polygon methods. Three parry behaviours are excused and counted
//!   (all at touching or identical shapes, where our answer is checked against the MD instead):
//!   `contact` returns `None` for some touching scenes (`parry_none`, ~8 %); its normal at a
//!   touching corner is the GJK search direction, not always a shortest way
//!   (`parry_touching_normal_not_valid`, ~6 %); and when the origin is exactly an MD vertex
//!   (identical polygons) it reports touching instead of penetrating
//!   (`parry_origin_on_md_vertex`). At the 10⁻⁶ scale parry is run on the scene scaled back up
//!   (its answer scaled down), because some of its tolerances are absolute lengths.
//!
//! The bounds every traced iteration reports (what `report` prints): seeded proptest
//! properties on the cores (radii 0) of random shapes of every kind (`common::every_kind`) at
//! random sizes, poses and gaps. At every GJK iteration the lower bound ≤ the core distance ≤
//! the upper bound, which never rises; at every EPA iteration the nearest edge's distance ≤ the
//! core depth ≤ the upper bound; each by the exact contact and by parry.

mod common;
use common::Rng;
use proptest::prelude::{prop_assert, prop_assert_eq};
use proptest::test_runner::TestCaseError;
use std::collections::BTreeMap;

use minkowski_lab::geometry::epa::{gjk_epa, gjk_epa_contact, ContactMethod, GjkEpa};
use minkowski_lab::geometry::gjk::{gjk_distance, tolerance_scale, GjkTermination};
use minkowski_lab::geometry::query::{self, Route, FACE_TEST_MAX};
use minkowski_lab::geometry::{contact, Contact, Convex, DVec2, Pose, Shape};

/// The queries' placement of shapes given in world space.
const WORLD: minkowski_lab::geometry::Placement = minkowski_lab::geometry::Placement::IDENTITY;

use parry2d_f64::math::{Pose as PPose, Vector as PVector};
use parry2d_f64::shape::{Ball, Capsule, ConvexPolygon, RoundShape, Shape as PShape};

/// Distance and witness agreement with the exact contact, relative to the scene's scale.
/// Measured: distance ≤ 5.3·10⁻¹⁶ and witnesses ≤ 7.2·10⁻¹⁶ everywhere (both methods end on
/// the same MD edge and differ only in rounding), except the parallel capsules nudged apart by
/// < 10⁻¹², where GJK hands the "touching" cores to EPA and the sign of that sub-tolerance gap
/// can flip: 1.4·10⁻¹² (twice `GJK_TOUCH_RELATIVE`). 10⁻⁹ leaves room for other seeds.
const EXACT_TOL: f64 = 1e-9;
/// Normal agreement with the exact contact (length of the difference of the unit normals).
/// Measured: ≤ 1.3·10⁻¹³ in well-separated or deep scenes at any scale; up to ~9·10⁻⁷ where
/// the nearest point is ~10⁻¹⁶ of the scale from the origin (touching scenes near 10⁶, sliver
/// MDs), where two correct methods may differ by that much. Larger differences must be ties.
const NORMAL_TOL: f64 = 1e-6;
/// Distance agreement with parry, relative to the size of the shapes plus the distance.
/// Measured: ≤ 4.2·10⁻⁸ for polygons, 2.5·10⁻⁷ for deep rounded shapes (parallel capsules).
const PARRY_TOL: f64 = 1e-6;
/// Normal agreement with parry. Measured: ≤ 1.5·10⁻⁴ (parry's GJK stop leaves the direction
/// to a nearest vertex off by about √(relative gap)); up to 9.9·10⁻⁴ in touching scenes, and
/// 6·10⁻⁴ on parallel capsules. Larger differences must be valid shortest ways.
const PARRY_NORMAL_TOL: f64 = 1e-3;

fn random_shape(rng: &mut Rng) -> Shape {
    match rng.below(5) {
        0 | 1 => loop {
            let n = 3 + rng.below(10);
            let r = rng.range(0.2, 2.5);
            let stretch = rng.range(0.3, 1.0);
            let vertices: Vec<DVec2> = (0..n)
                .map(|_| {
                    let p = DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU))
                        * r
                        * rng.unit().sqrt();
                    DVec2::new(p.x, p.y * stretch)
                })
                .collect();
            let radius = if rng.unit() < 0.3 {
                rng.range(0.0, 0.5)
            } else {
                0.0
            };
            let shape = Shape::Polygon { vertices, radius };
            if matches!(shape.to_convex(), Ok((c, _)) if c.vertices.len() >= 3) {
                break shape;
            }
        },
        2 => Shape::Box {
            half_extents: DVec2::new(rng.range(0.1, 2.0), rng.range(0.1, 2.0)),
        },
        3 => Shape::Circle {
            radius: rng.range(0.05, 1.5),
        },
        _ => Shape::Capsule {
            half_length: rng.range(0.1, 2.0),
            radius: rng.range(0.05, 1.0),
        },
    }
}

/// A large convex polygon (24 to 400 vertices at random angles on an ellipse, some rounded),
/// or now and then a small shape: GJK and EPA then search arcs of the cores' vertices
/// (`extreme_vertex_between`), which small polygons, scanned whole, never do.
fn large_shape(rng: &mut Rng) -> Shape {
    if rng.below(5) == 0 {
        return random_shape(rng);
    }
    let n = 24 + rng.below(377);
    let (rx, ry) = (rng.range(0.3, 2.5), rng.range(0.3, 2.5));
    let mut angles: Vec<f64> = (0..n)
        .map(|_| rng.range(0.0, std::f64::consts::TAU))
        .collect();
    angles.sort_by(f64::total_cmp);
    let vertices = angles
        .iter()
        .map(|&t| DVec2::new(rx * t.cos(), ry * t.sin()))
        .collect();
    let radius = if rng.unit() < 0.2 {
        rng.range(0.0, 0.3)
    } else {
        0.0
    };
    Shape::Polygon { vertices, radius }
}

fn world(shape: &Shape, pose: &Pose) -> Convex {
    shape.to_convex().unwrap().0.transformed(pose)
}

/// Scale all coordinates by `s`, then shift by `offset`.
fn rescaled(c: &Convex, s: f64, offset: DVec2) -> Convex {
    Convex::new(
        c.vertices.iter().map(|&v| v * s + offset).collect(),
        c.radius * s,
    )
}

/// How B is placed relative to A.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Placement {
    /// Centre offset anywhere from 0 to 6: deep, shallow, apart.
    Anywhere,
    /// Centre offset under 0.5: mostly deep.
    Deep,
    /// Moved by the exact separation so the shapes just touch.
    Touching,
}

fn random_scene(rng: &mut Rng, placement: Placement) -> (Convex, Convex) {
    scene_of(rng, placement, random_shape)
}

fn scene_of(rng: &mut Rng, placement: Placement, shape: fn(&mut Rng) -> Shape) -> (Convex, Convex) {
    scene_of_two(rng, placement, [shape, shape])
}

/// A scene of A drawn by `shapes[0]` and B by `shapes[1]`, placed as `placement` says.
fn scene_of_two(
    rng: &mut Rng,
    placement: Placement,
    shapes: [fn(&mut Rng) -> Shape; 2],
) -> (Convex, Convex) {
    let (sa, sb) = (shapes[0](rng), shapes[1](rng));
    let pa = Pose::new(
        DVec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)),
        rng.range(-3.2, 3.2),
    );
    let reach = match placement {
        Placement::Deep => 0.5,
        _ => 6.0,
    };
    let offset = DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU)) * rng.range(0.0, reach);
    let pb = Pose::new(pa.position + offset, rng.range(-3.2, 3.2));
    let (a, b) = (world(&sa, &pa), world(&sb, &pb));
    if placement == Placement::Touching {
        let c = contact(&a, &b);
        let shift = -c.distance * c.normal;
        let b = Convex::new(b.vertices.iter().map(|&v| v + shift).collect(), b.radius);
        return (a, b);
    }
    (a, b)
}

/// Whether `normal` is a shortest way for core distance `core_distance`: the core MD lies in the
/// half-plane `normal · x ≥ core_distance`, touching its line. True for the unique normal when
/// the shapes are apart, and for every valid push-out direction when they overlap.
fn normal_is_valid(a: &Convex, b: &Convex, core_distance: f64, normal: DVec2, tol: f64) -> bool {
    let lowest = b
        .vertices
        .iter()
        .flat_map(|&pb| a.vertices.iter().map(move |&pa| normal.dot(pb - pa)))
        .fold(f64::INFINITY, f64::min);
    (lowest - core_distance).abs() <= tol && (normal.length() - 1.0).abs() < 1e-12
}

fn pv(v: DVec2) -> PVector {
    PVector::new(v.x, v.y)
}

/// The same shape for parry, in world space: a ball at its centre, a capsule, a convex polygon
/// (rounded if it has a radius). Boxes go in as polygons.
fn parry_shape(c: &Convex) -> (PPose, Box<dyn PShape>) {
    match c.vertices.len() {
        1 => (
            PPose::translation(c.vertices[0].x, c.vertices[0].y),
            Box::new(Ball::new(c.radius)),
        ),
        2 => (
            PPose::identity(),
            Box::new(Capsule::new(pv(c.vertices[0]), pv(c.vertices[1]), c.radius)),
        ),
        _ => {
            let poly = ConvexPolygon::from_convex_polyline_unmodified(
                c.vertices.iter().map(|&v| pv(v)).collect(),
            )
            .expect("at least three vertices");
            if c.radius > 0.0 {
                (
                    PPose::identity(),
                    Box::new(RoundShape {
                        inner_shape: poly,
                        border_radius: c.radius,
                    }),
                )
            } else {
                (PPose::identity(), Box::new(poly))
            }
        }
    }
}

/// parry's signed distance and normal (A to B), or `None` if it has no answer.
fn parry_contact(a: &Convex, b: &Convex) -> Option<(f64, DVec2)> {
    let (pa, ga) = parry_shape(a);
    let (pb, gb) = parry_shape(b);
    let c = parry2d_f64::query::contact(&pa, ga.as_ref(), &pb, gb.as_ref(), 1e9).ok()??;
    Some((c.dist, DVec2::new(c.normal1.x, c.normal1.y)))
}

/// Largest errors seen and how often the normal was not compared directly.
#[derive(Default, Debug)]
struct Tally {
    cases: usize,
    max_distance_err: f64,
    max_witness_err: f64,
    max_normal_err: f64,
    ties: usize,
    parry_cases: usize,
    /// Relative to the shapes' size plus the distance (see `check`).
    max_parry_distance_err: f64,
    max_parry_normal_err: f64,
    parry_ties: usize,
    parry_touching_normal_not_valid: usize,
    parry_origin_on_md_vertex: usize,
    parry_none: usize,
    methods: [usize; 3],
    /// How `query::contact` answered: the circles' closed form, the face test, GJK for cores
    /// the face test is not for, GJK for apart cores the face test could not measure, the
    /// segments' closed form (circles and capsules against capsules), the boxes' (circles and
    /// boxes against boxes in their own frames), the walk round a polygon (circles against
    /// polygons), the depth from every face (a small core overlapping a larger polygon), the
    /// face test's walk from the tips on GJK's route (a larger polygon apart).
    routes: [usize; 9],
    max_query_distance_err: f64,
    /// How GJK and EPA stopped, by name.
    terminations: BTreeMap<String, usize>,
}

/// Check one scene. Parry sees it scaled by `parry_zoom` (its answer scaled back): parry's
/// tolerances are partly absolute (multiples of `f64::EPSILON` used as lengths), so on shapes a
/// millionth across it stops ~10⁻¹⁰ away, 10⁻⁴ of the answer; scaled up it is an oracle again.
fn check(a: &Convex, b: &Convex, parry_zoom: f64, label: &str, tally: &mut Tally) {
    let scale = tolerance_scale(a, b).max(a.radius).max(b.radius);
    let tol = EXACT_TOL * scale;
    let exact = contact(a, b);
    let ours = gjk_epa_contact(a, b);
    let c: Contact = ours.contact;
    tally.cases += 1;
    tally.methods[match ours.method {
        ContactMethod::Gjk => 0,
        ContactMethod::Epa => 1,
        _ => 2,
    }] += 1;
    let show = || {
        format!(
            "{label}\n  A = {a:?}\n  B = {b:?}\n  gjk/epa = {c:?} by {:?}\n  exact   = {exact:?}\n  \
             gjk: {:?} after {} steps; epa: {:?}",
            ours.method,
            ours.gjk.termination,
            ours.gjk.steps.len(),
            ours.epa.as_ref().map(|e| (e.termination, e.steps.len())),
        )
    };

    check_traces(&ours, tol, &show, tally);
    check_query(a, b, &exact, tol, &show, tally);

    // The untraced runs are the same computation: the same answer to the bit.
    assert_eq!(gjk_epa(a, b), (c, ours.method), "untraced: {}", show());
    let unsigned = match ours.method {
        ContactMethod::Gjk => c.distance.max(0.0),
        ContactMethod::Empty => f64::INFINITY,
        _ => 0.0,
    };
    assert_eq!(gjk_distance(a, b), unsigned, "unsigned: {}", show());

    let de = (c.distance - exact.distance).abs() / scale;
    tally.max_distance_err = tally.max_distance_err.max(de);
    assert!(
        de <= EXACT_TOL,
        "distance {} vs exact {}: {}",
        c.distance,
        exact.distance,
        show()
    );

    let we = ((c.point_b - c.point_a) - c.distance * c.normal).length() / scale;
    tally.max_witness_err = tally.max_witness_err.max(we);
    assert!(
        we <= EXACT_TOL,
        "point_b − point_a = {} vs distance·normal = {}: {}",
        c.point_b - c.point_a,
        c.distance * c.normal,
        show()
    );

    let core = |d: f64| d + a.radius + b.radius;
    let ours_valid = normal_is_valid(a, b, core(c.distance), c.normal, tol);
    assert!(
        ours_valid,
        "normal {} is not a shortest way: {}",
        c.normal,
        show()
    );
    // The exact normal is always a shortest way too (it once was not where the nearest point
    // was rounding noise, or the MD was flat: see `distance::contact_from_md`).
    assert!(
        normal_is_valid(a, b, core(exact.distance), exact.normal, tol),
        "the exact normal {} is not a shortest way: {}",
        exact.normal,
        show()
    );
    let ne = (c.normal - exact.normal).length();
    if ne <= NORMAL_TOL {
        tally.max_normal_err = tally.max_normal_err.max(ne);
    } else {
        tally.ties += 1;
    }

    // Parry's GJK stops at a gap relative to the distance itself, so its error grows with the
    // distance and the shapes' size as well as with the coordinates.
    let size = a
        .max_distance_from(a.centroid())
        .max(b.max_distance_from(b.centroid()));
    let ptol = PARRY_TOL * (size + exact.distance.abs()) + EXACT_TOL * scale;
    let zoomed = |c: &Convex| rescaled(c, parry_zoom, DVec2::ZERO);
    let Some((pd, pn)) = parry_contact(&zoomed(a), &zoomed(b)) else {
        // Parry's `contact` gives up ("everything failed") on some exactly touching scenes.
        assert!(
            c.distance.abs() <= ptol,
            "parry has no contact but the shapes do not touch: {}",
            show()
        );
        tally.parry_none += 1;
        return;
    };
    let pd = pd / parry_zoom;
    if pd.abs() <= ptol && c.distance < -ptol && origin_is_md_vertex(a, b) {
        // Parry's GJK meets the origin exactly at its first support point (e.g. identical
        // shapes) and reports touching instead of running EPA.
        tally.parry_origin_on_md_vertex += 1;
        return;
    }
    tally.parry_cases += 1;
    let pde = (c.distance - pd).abs();
    tally.max_parry_distance_err = tally.max_parry_distance_err.max(pde / ptol * PARRY_TOL);
    assert!(
        pde <= ptol,
        "distance {} vs parry {pd} (tolerance {ptol}): {}",
        c.distance,
        show()
    );
    let pne = (c.normal - pn).length();
    if pne <= PARRY_NORMAL_TOL {
        tally.max_parry_normal_err = tally.max_parry_normal_err.max(pne);
    } else if normal_is_valid(a, b, core(c.distance), pn, ptol) {
        // Parry picked another shortest way.
        tally.parry_ties += 1;
    } else {
        // Where the shapes touch at a corner, parry's normal is the direction its GJK was
        // searching when it met the origin, not always a shortest way out; our normal is
        // checked against the MD above.
        assert!(
            c.distance.abs() <= ptol,
            "normal {} vs parry {pn} (not a shortest way): {}",
            c.normal,
            show()
        );
        tally.parry_touching_normal_not_valid += 1;
    }
}

/// `query::contact` (whatever route it takes) agrees with the exact contact as GJK/EPA must,
/// and `query::distance` is its distance, clamped at 0.
fn check_query(
    a: &Convex,
    b: &Convex,
    exact: &Contact,
    tol: f64,
    show: &dyn Fn() -> String,
    tally: &mut Tally,
) {
    let (q, route) = query::contact_by(a, WORLD, b, WORLD);
    let show = || format!("query {q:?} by {route:?}; {}", show());
    let small = |c: &Convex| !c.vertices.is_empty() && c.vertices.len() <= FACE_TEST_MAX;
    let for_faces = small(a) && small(b) && a.vertices.len().max(b.vertices.len()) >= 3;
    tally.routes[match route {
        Route::Circles => 0,
        Route::Faces => 1,
        Route::Gjk(_) if for_faces => 3,
        Route::Gjk(_) => 2,
        Route::Segments => 4,
        Route::Boxes => 5,
        Route::Walk => 6,
        Route::Depth => 7,
        Route::Tips => 8,
    }] += 1;
    if route == Route::Faces {
        assert!(for_faces, "{}", show());
    }
    if route == Route::Circles {
        assert!(a.vertices.len() == 1 && b.vertices.len() == 1, "{}", show());
    }
    if route == Route::Walk {
        let (n, m) = (a.vertices.len(), b.vertices.len());
        assert!(n.min(m) == 1 && n.max(m) >= 3, "{}", show());
    }
    if route == Route::Segments {
        let (n, m) = (a.vertices.len(), b.vertices.len());
        assert!(n <= 2 && m <= 2 && n + m >= 3, "{}", show());
    }
    if route == Route::Tips {
        assert!(!for_faces, "{}", show());
    }
    if route == Route::Depth {
        let (n, m) = (a.vertices.len(), b.vertices.len());
        assert!(n.max(m) > FACE_TEST_MAX && n.min(m) >= 2, "{}", show());
    }
    let de = (q.distance - exact.distance).abs() / (tol / EXACT_TOL);
    tally.max_query_distance_err = tally.max_query_distance_err.max(de);
    assert!(
        de <= EXACT_TOL,
        "distance vs exact {}: {}",
        exact.distance,
        show()
    );
    let we = ((q.point_b - q.point_a) - q.distance * q.normal).length();
    assert!(we <= tol, "witnesses: {}", show());
    // Each witness lies on its rounded shape's boundary: its core point (the witness moved back
    // by the radius) is on the closed core.
    for (core_point, shape) in [
        (q.point_a - q.normal * a.radius, a),
        (q.point_b + q.normal * b.radius, b),
    ] {
        let off = contact(
            &Convex::circle(core_point, 0.0),
            &Convex::new(shape.vertices.clone(), 0.0),
        );
        assert!(
            off.distance <= tol,
            "witness {core_point} is off its core by {}: {}",
            off.distance,
            show()
        );
    }
    let core = q.distance + a.radius + b.radius;
    assert!(
        normal_is_valid(a, b, core, q.normal, tol),
        "normal is not a shortest way: {}",
        show()
    );
    let unsigned = match route {
        Route::Gjk(ContactMethod::Empty) => f64::INFINITY,
        Route::Gjk(ContactMethod::Epa | ContactMethod::ExactFallback) => 0.0,
        _ => q.distance.max(0.0),
    };
    assert_eq!(
        query::distance(a, WORLD, b, WORLD),
        unsigned,
        "unsigned: {}",
        show()
    );
}

/// The traces tell a consistent story: GJK's `|v|` never grows (except in the step that ends
/// it with `NoProgress`), EPA's nearest-edge distance never shrinks (the polytope only grows),
/// and neither runs out of iterations.
fn check_traces(r: &GjkEpa, tol: f64, show: &dyn Fn() -> String, tally: &mut Tally) {
    let g = &r.gjk;
    *tally
        .terminations
        .entry(format!("gjk {:?}", g.termination))
        .or_default() += 1;
    assert!(!g.steps.is_empty(), "no GJK steps: {}", show());
    let counted = if g.termination == GjkTermination::NoProgress {
        g.steps.len() - 1
    } else {
        g.steps.len()
    };
    for w in g.steps[..counted].windows(2) {
        assert!(
            w[1].closest.length() <= w[0].closest.length(),
            "|v| grew from {} to {}: {}",
            w[0].closest.length(),
            w[1].closest.length(),
            show()
        );
    }
    if let Some(e) = &r.epa {
        *tally
            .terminations
            .entry(format!("epa {:?}", e.termination))
            .or_default() += 1;
        for w in e.steps.windows(2) {
            assert!(
                w[1].edge_distance >= w[0].edge_distance - tol,
                "EPA's nearest edge came nearer, {} then {}: {}",
                w[0].edge_distance,
                w[1].edge_distance,
                show()
            );
        }
    }
    assert!(
        !tally
            .terminations
            .keys()
            .any(|k| k.contains("OutOfIterations")),
        "out of iterations: {}",
        show()
    );
}

/// Whether some vertex of A's core coincides with one of B's: the origin is a core MD vertex.
fn origin_is_md_vertex(a: &Convex, b: &Convex) -> bool {
    a.vertices.iter().any(|pa| b.vertices.contains(pa))
}

fn run(seed: u64, count: usize, placement: Placement, s: f64, offset: DVec2) -> Tally {
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    for i in 0..count {
        let (a, b) = random_scene(&mut rng, placement);
        let (a, b) = (rescaled(&a, s, offset), rescaled(&b, s, offset));
        check(
            &a,
            &b,
            1.0 / s,
            &format!("seed {seed} case {i} ({placement:?}, scale {s}, offset {offset})"),
            &mut tally,
        );
    }
    println!("{placement:?} scale {s} offset {offset}: {tally:?}");
    tally
}

/// `count` scenes of each placement, each run from its seed, drawn by `scene` (from the case's
/// number) and checked at scale 1; the tallies, printed as `name`'s.
fn runs_of(
    name: &str,
    runs: [(u64, Placement); 3],
    count: usize,
    scene: impl Fn(&mut Rng, Placement, usize) -> (Convex, Convex),
) -> Vec<(Placement, Tally)> {
    let mut tallies = vec![];
    for (seed, placement) in runs {
        let mut rng = Rng(seed);
        let mut tally = Tally::default();
        for i in 0..count {
            let (a, b) = scene(&mut rng, placement, i);
            let label = format!("{name}, seed {seed} case {i} ({placement:?})");
            check(&a, &b, 1.0, &label, &mut tally);
        }
        println!("{name} {placement:?}: {tally:?}");
        tallies.push((placement, tally));
    }
    tallies
}

#[test]
fn large_polygons_agree_with_exact_and_parry() {
    let runs = [
        (11, Placement::Anywhere),
        (12, Placement::Deep),
        (13, Placement::Touching),
    ];
    let scene = |rng: &mut Rng, placement, _| scene_of(rng, placement, large_shape);
    for (_, tally) in runs_of("large", runs, 300, scene) {
        assert!(
            tally.methods[0] + tally.methods[1] == tally.cases,
            "{tally:?}"
        );
    }
}

/// A large polygon (33 to 400 vertices, some rounded).
fn large_polygon(rng: &mut Rng) -> Shape {
    loop {
        let shape = large_shape(rng);
        if matches!(shape.to_convex(), Ok((c, _)) if c.vertices.len() > FACE_TEST_MAX) {
            return shape;
        }
    }
}

#[test]
fn small_shapes_against_large_polygons_agree_with_exact_and_parry() {
    // Either way round; where the small core's middle lies inside a polygon of up to 256
    // vertices, `query::contact` takes the depth from every face of both (`Route::Depth`),
    // checked as every route is.
    let runs = [
        (21, Placement::Anywhere),
        (22, Placement::Deep),
        (23, Placement::Touching),
    ];
    let scene = |rng: &mut Rng, placement, i: usize| {
        let shapes: [fn(&mut Rng) -> Shape; 2] = if i.is_multiple_of(2) {
            [large_polygon, random_shape]
        } else {
            [random_shape, large_polygon]
        };
        scene_of_two(rng, placement, shapes)
    };
    for (placement, tally) in runs_of("small and large", runs, 600, scene) {
        if placement == Placement::Deep {
            assert!(tally.routes[7] > 200, "{tally:?}");
        }
    }
}

#[test]
fn random_scenes_anywhere_agree_with_exact_and_parry() {
    let t = run(1, 3000, Placement::Anywhere, 1.0, DVec2::ZERO);
    // Every route of `query::contact` was taken but two. (The face test's GJK fallback,
    // routes[3], is for scenes within rounding of its cases' borders: none of these. The
    // boxes' closed forms, routes[5], take boxes in their own frames, and these scenes are in
    // the world: the posed test in `query`'s unit tests takes them.)
    // (Cores the face test is not for, routes[2], are the few large polygons.)
    assert!(
        [0, 1, 4, 6].iter().all(|&i| t.routes[i] > 100) && t.routes[2] > 0,
        "{t:?}"
    );
}

#[test]
fn random_deep_scenes_agree_with_exact_and_parry() {
    run(2, 1500, Placement::Deep, 1.0, DVec2::ZERO);
}

#[test]
fn random_touching_scenes_agree_with_exact_and_parry() {
    let t = run(3, 1500, Placement::Touching, 1.0, DVec2::ZERO);
    assert!(t.methods[1] > 0, "some touching cores went to EPA: {t:?}");
}

#[test]
fn coordinates_near_a_million() {
    let far = DVec2::new(1e6, -1e6);
    run(4, 800, Placement::Anywhere, 1.0, far);
    run(5, 400, Placement::Deep, 1.0, far);
    run(6, 400, Placement::Touching, 1.0, far);
}

#[test]
fn shapes_a_millionth_across() {
    run(7, 800, Placement::Anywhere, 1e-6, DVec2::ZERO);
    run(8, 400, Placement::Deep, 1e-6, DVec2::ZERO);
    run(9, 400, Placement::Touching, 1e-6, DVec2::ZERO);
}

#[test]
fn identical_shapes_at_the_same_pose() {
    // The core MD is symmetric about the origin: the depth is its inradius-like half width and
    // several directions may tie; any of them is right.
    let mut rng = Rng(10);
    let mut tally = Tally::default();
    for i in 0..300 {
        let shape = random_shape(&mut rng);
        let pose = Pose::new(
            DVec2::new(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)),
            rng.range(-3.2, 3.2),
        );
        let a = world(&shape, &pose);
        check(
            &a,
            &a.clone(),
            1.0,
            &format!("identical case {i}: {shape:?}"),
            &mut tally,
        );
    }
    println!("identical: {tally:?}");
}

#[test]
fn parallel_capsules_have_a_nearly_flat_md() {
    // Two capsules at the same (random) angle, B slid along A's axis and nudged sideways by at
    // most 10⁻¹²: the core MD is a segment up to rounding, the case where EPA cannot grow a
    // triangle (exactly flat) or grows a sliver (flat up to rounding).
    let mut rng = Rng(11);
    let mut tally = Tally::default();
    for i in 0..400 {
        let angle = rng.range(-3.2, 3.2);
        let axis = DVec2::from_angle(angle);
        let cap = |rng: &mut Rng| Shape::Capsule {
            half_length: rng.range(0.2, 2.0),
            radius: rng.range(0.05, 0.5),
        };
        let (sa, sb) = (cap(&mut rng), cap(&mut rng));
        let pa = Pose::new(
            DVec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0)),
            angle,
        );
        let nudge = if i % 2 == 0 {
            0.0
        } else {
            rng.range(-1e-12, 1e-12)
        };
        let pb = Pose::new(
            pa.position + axis * rng.range(-3.0, 3.0) + axis.perp() * nudge,
            angle,
        );
        check(
            &world(&sa, &pa),
            &world(&sb, &pb),
            1.0,
            &format!("parallel capsules case {i}"),
            &mut tally,
        );
    }
    println!("parallel capsules: {tally:?}");
}

#[test]
fn point_cores_inside_and_around_polygons() {
    // A circle of radius 0 or more whose centre is inside a random polygon (GJK ends on a
    // point or segment simplex that EPA must grow) or near it.
    let mut rng = Rng(12);
    let mut tally = Tally::default();
    for i in 0..600 {
        let poly = loop {
            let s = random_shape(&mut rng);
            if matches!(s, Shape::Polygon { .. } | Shape::Box { .. }) {
                break s;
            }
        };
        let a = world(&poly, &Pose::new(DVec2::ZERO, rng.range(-3.2, 3.2)));
        let centre = DVec2::new(rng.range(-2.5, 2.5), rng.range(-2.5, 2.5));
        let radius = if i % 3 == 0 { 0.0 } else { rng.range(0.0, 0.5) };
        let b = Convex::circle(centre, radius);
        check(&a, &b, 1.0, &format!("point core case {i}"), &mut tally);
        // And the other way round: the point is A.
        check(
            &b,
            &a,
            1.0,
            &format!("point core case {i}, swapped"),
            &mut tally,
        );
    }
    println!("point cores: {tally:?}");
}

// The bounds of every iteration: `GjkStep::lower_bound`/`upper_bound`,
// `EpaStep::edge_distance`/`upper_bound` (see the module doc).

/// Two cores (radii 0) and the zoom their scene was made at.
#[derive(Debug)]
struct CoreScene {
    a: Convex,
    b: Convex,
    zoom: f64,
}

/// The cores of two shapes, the whole scene zoomed by `zoom`, B then moved along the exact
/// normal until the core distance is about `gap · zoom` (exactly, when apart; 0 is touching;
/// negative overlaps, by roughly that depth).
fn cores_at_gap(sa: &Shape, pa: &Pose, sb: &Shape, pb: &Pose, zoom: f64, gap: f64) -> CoreScene {
    let core = |s: &Shape, p: &Pose| {
        Convex::new(
            world(s, p).vertices.iter().map(|&v| v * zoom).collect(),
            0.0,
        )
    };
    let (a, b) = (core(sa, pa), core(sb, pb));
    let c = contact(&a, &b);
    let shift = (gap * zoom - c.distance) * c.normal;
    let b = Convex::new(b.vertices.iter().map(|&v| v + shift).collect(), 0.0);
    CoreScene { a, b, zoom }
}

/// Random core scenes: two shapes of every kind (`common::every_kind`) at random poses, zoomed
/// by 10⁻² to 10², B at a random gap from A drawn from `gap` (touching a fifth of the time).
fn core_scene(gap: std::ops::Range<f64>) -> impl proptest::strategy::Strategy<Value = CoreScene> {
    use common::{every_kind, pose};
    use proptest::prelude::*;
    let gap = prop_oneof![1 => Just(0.0), 4 => gap];
    let zoom = -2.0..2.0f64;
    (every_kind(), pose(), every_kind(), pose(), zoom, gap).prop_map(
        |(sa, pa, sb, pb, zoom, gap)| cores_at_gap(&sa, &pa, &sb, &pb, 10f64.powf(zoom), gap),
    )
}

/// The signed core distances to hold the bounds against, each with its tolerance: the exact
/// contact's, within `EXACT_TOL` of the scale, and parry's, within its tolerance as in `check`
/// (run on the scene zoomed back to unit size, for its absolute tolerances). Parry is left out
/// of touching scenes, where it is no oracle: it has no answer for some, and for a point core
/// on a polygon's edge it can report the depth to another edge.
fn core_oracles(s: &CoreScene) -> Vec<(&'static str, f64, f64)> {
    let (a, b) = (&s.a, &s.b);
    let scale = tolerance_scale(a, b);
    let exact = contact(a, b).distance;
    let mut oracles = vec![("exact", exact, EXACT_TOL * scale)];
    let size = a
        .max_distance_from(a.centroid())
        .max(b.max_distance_from(b.centroid()));
    let ptol = PARRY_TOL * (size + exact.abs()) + EXACT_TOL * scale;
    let unzoomed = |c: &Convex| rescaled(c, 1.0 / s.zoom, DVec2::ZERO);
    if exact.abs() > ptol {
        if let Some((pd, _)) = parry_contact(&unzoomed(a), &unzoomed(b)) {
            oracles.push(("parry", pd * s.zoom, ptol));
        }
    }
    oracles
}

/// At every GJK iteration `lower ≤ core distance ≤ upper` by every oracle (the signed
/// distance, so also when the cores overlap), the upper bound never rises (but in the step
/// that ends a run with `NoProgress`, by rounding), and the run's own lower bound is the best
/// of the iterations'.
fn check_gjk_bounds(s: &CoreScene) -> Result<(), TestCaseError> {
    let tol = EXACT_TOL * tolerance_scale(&s.a, &s.b);
    let g = gjk_epa_contact(&s.a, &s.b).gjk;
    let show = || format!("{s:?}\n  gjk {:?}: {:?}", g.termination, g.steps);
    prop_assert!(!g.steps.is_empty(), "{}", show());
    let oracles = core_oracles(s);
    let mut best_lower = f64::NEG_INFINITY;
    for (i, step) in g.steps.iter().enumerate() {
        let (lower, upper) = (step.lower_bound(), step.upper_bound());
        for &(oracle, distance, t) in &oracles {
            prop_assert!(
                distance <= upper + t,
                "iteration {}: {oracle} core distance {distance} above the upper bound {upper}\n  {}",
                i + 1,
                show()
            );
            if let Some(lower) = lower {
                prop_assert!(
                    lower <= distance + t,
                    "iteration {}: lower bound {lower} above the {oracle} core distance {distance}\n  {}",
                    i + 1,
                    show()
                );
            }
        }
        if i > 0 {
            let before = g.steps[i - 1].upper_bound();
            let stuck = i + 1 == g.steps.len() && g.termination == GjkTermination::NoProgress;
            prop_assert!(
                upper <= before || (stuck && upper <= before + tol),
                "iteration {}: upper bound rose from {before} to {upper}\n  {}",
                i + 1,
                show()
            );
        }
        best_lower = best_lower.max(lower.unwrap_or(f64::NEG_INFINITY));
    }
    if let Some(c) = g.closest {
        prop_assert_eq!(c.lower, best_lower.min(c.distance), "{}", show());
    }
    Ok(())
}

/// When GJK finds the cores overlapping or touching, at every EPA iteration
/// `edge_distance ≤ core depth ≤ upper bound` by every oracle; when it does not, they are
/// apart (up to its touching tolerance).
fn check_epa_bounds(s: &CoreScene) -> Result<(), TestCaseError> {
    let tol = EXACT_TOL * tolerance_scale(&s.a, &s.b);
    let r = gjk_epa_contact(&s.a, &s.b);
    let oracles = core_oracles(s);
    let Some(e) = &r.epa else {
        let exact = oracles[0].1;
        prop_assert!(exact >= -tol, "no EPA at core depth {}: {s:?}", -exact);
        return Ok(());
    };
    let show = || format!("{s:?}\n  epa {:?}: {:?}", e.termination, e.steps);
    for (i, step) in e.steps.iter().enumerate() {
        let (lower, upper) = (step.edge_distance, step.upper_bound());
        for &(oracle, distance, t) in &oracles {
            let depth = -distance;
            prop_assert!(
                lower <= depth + t && depth <= upper + t,
                "iteration {}: {oracle} core depth {depth} outside [{lower}, {upper}]\n  {}",
                i + 1,
                show()
            );
        }
    }
    Ok(())
}

proptest::proptest! {
    #![proptest_config(common::seeded(3000))]

    #[test]
    fn gjk_bounds_hold_the_core_distance_at_every_iteration(s in core_scene(-1.5..1.5)) {
        check_gjk_bounds(&s)?;
    }

    #[test]
    fn epa_bounds_hold_the_core_depth_at_every_iteration(s in core_scene(-1.5..0.0)) {
        check_epa_bounds(&s)?;
    }
}

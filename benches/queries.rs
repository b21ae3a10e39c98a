//! Our queries and parry2d-f64's on identical inputs, side by side (issue 6), and what the app
//! spends building a figure per frame.
//!
//! Inputs: regular n-gons for n ∈ {4, 16, 64, 256, 1024}, A at the origin and B (a little
//! smaller, turned by half a step so no edges are parallel) placed **apart** (gap 0.5),
//! **touching** (gap 10⁻⁹) or **deep** (overlapping by a third of their size). parry's
//! polygons are built with `ConvexPolygon::from_convex_polyline_unmodified`, so both sides see
//! every vertex.
//!
//! Group names are `query/config/n`, each with an `ours` and a `parry` function where parry has
//! the query; `scripts/bench_table.py` turns criterion's medians into the ratios of
//! `BENCHMARKS.md`.
//!
//! Run: `cargo bench --bench queries` (about ten minutes); one group: `cargo bench --bench
//! queries -- distance/`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use minkowski_lab::figure;
use minkowski_lab::geometry::angular_cast::angular_cast;
use minkowski_lab::geometry::cast::{CastSettings, MovingBody};
use minkowski_lab::geometry::edge_scan::edge_scan;
use minkowski_lab::geometry::epa::gjk_epa_contact;
use minkowski_lab::geometry::linear_cast::linear_cast;
use minkowski_lab::geometry::minkowski::minkowski_difference;
use minkowski_lab::geometry::sat::sat;
use minkowski_lab::geometry::{contact, Convex, DVec2, Pose};
use minkowski_lab::scene::{Demo, Scene, ShapeSpec};
use parry2d_f64::math::{Pose as PPose, Vector as PVec};
use parry2d_f64::query::{
    self as pq, cast_shapes, cast_shapes_nonlinear, NonlinearRigidMotion, ShapeCastOptions,
};
use parry2d_f64::shape::ConvexPolygon;
use std::hint::black_box;
use std::time::Duration;

const SIZES: [usize; 5] = [4, 16, 64, 256, 1024];

/// The local outline of a regular n-gon of circumradius `r`, its first vertex at angle `phase`.
fn ngon(n: usize, r: f64, phase: f64) -> Vec<DVec2> {
    (0..n)
        .map(|i| DVec2::from_angle(phase + std::f64::consts::TAU * i as f64 / n as f64) * r)
        .collect()
}

/// One test pair: both sides' shapes and poses.
struct Pair {
    a: Convex,
    b: Convex,
    local_a: Convex,
    local_b: Convex,
    pose_b: Pose,
    parry_a: ConvexPolygon,
    parry_b: ConvexPolygon,
}

fn polygon(points: &[DVec2]) -> (Convex, ConvexPolygon) {
    let c = Convex {
        vertices: points.to_vec(),
        radius: 0.0,
    };
    let p = ConvexPolygon::from_convex_polyline_unmodified(
        points.iter().map(|v| PVec::new(v.x, v.y)).collect(),
    )
    .expect("a convex polygon");
    (c, p)
}

/// A of radius 1 at the origin; B of radius 0.8 at distance `centres` along x.
fn pair(n: usize, centres: f64) -> Pair {
    let (local_a, parry_a) = polygon(&ngon(n, 1.0, 0.0));
    let (local_b, parry_b) = polygon(&ngon(n, 0.8, std::f64::consts::PI / n as f64));
    let pose_b = Pose::new(DVec2::new(centres, 0.0), 0.0);
    Pair {
        a: local_a.clone(),
        b: local_b.transformed(&pose_b),
        local_a,
        local_b,
        pose_b,
        parry_a,
        parry_b,
    }
}

/// The configurations: centre distances giving a gap of 0.5, 10⁻⁹, and a deep overlap. The
/// gaps are measured on our exact distance, so they hold at every n.
fn configs(n: usize) -> Vec<(&'static str, Pair)> {
    let at_gap = |gap: f64| {
        let probe = pair(n, 3.0);
        let d = contact(&probe.a, &probe.b).distance;
        pair(n, 3.0 - d + gap)
    };
    vec![
        ("apart", at_gap(0.5)),
        ("touching", at_gap(1e-9)),
        ("deep", pair(n, 1.2)),
    ]
}

fn ppose(p: &Pose) -> PPose {
    PPose::new(PVec::new(p.position.x, p.position.y), p.angle)
}

fn criterion() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(700))
        .sample_size(20)
        .without_plots()
}

fn discrete(c: &mut Criterion) {
    for n in SIZES {
        for (config, p) in configs(n) {
            let id = |q: &str| format!("{q}/{config}/{n}");
            let (pa, pb) = (PPose::IDENTITY, ppose(&p.pose_b));

            let mut g = c.benchmark_group(id("md_edge_merge"));
            g.bench_function("ours", |x| {
                x.iter(|| minkowski_difference(black_box(&p.a), black_box(&p.b)))
            });
            g.finish();

            let mut g = c.benchmark_group(id("distance"));
            g.bench_function("ours", |x| {
                x.iter(|| contact(black_box(&p.a), black_box(&p.b)).distance)
            });
            g.bench_function("ours_gjk_epa", |x| {
                x.iter(|| {
                    gjk_epa_contact(black_box(&p.a), black_box(&p.b))
                        .contact
                        .distance
                })
            });
            g.bench_function("parry", |x| {
                x.iter(|| pq::distance(&pa, black_box(&p.parry_a), &pb, black_box(&p.parry_b)))
            });
            g.finish();

            let mut g = c.benchmark_group(id("penetration"));
            g.bench_function("ours_exact", |x| {
                x.iter(|| contact(black_box(&p.a), black_box(&p.b)))
            });
            g.bench_function("ours_gjk_epa", |x| {
                x.iter(|| gjk_epa_contact(black_box(&p.a), black_box(&p.b)).contact)
            });
            g.bench_function("ours_sat", |x| {
                x.iter(|| sat(black_box(&p.a), black_box(&p.b)).distance)
            });
            g.bench_function("ours_edge_scan", |x| {
                x.iter(|| edge_scan(black_box(&p.a), black_box(&p.b)).contact)
            });
            g.bench_function("parry", |x| {
                x.iter(|| pq::contact(&pa, black_box(&p.parry_a), &pb, black_box(&p.parry_b), 1e9))
            });
            g.finish();
        }
    }
}

fn casts(c: &mut Criterion) {
    let settings = CastSettings::default();
    for n in SIZES {
        // B 3 apart (centres), closing at 4 per unit: first contact near t = 0.3.
        let p = pair(n, 3.0);
        let body = |local: &Convex, pose: Pose, v: DVec2, w: f64| MovingBody {
            local: local.clone(),
            pose,
            velocity: v,
            angular_velocity: w,
        };
        let a = body(&p.local_a, Pose::new(DVec2::ZERO, 0.0), DVec2::ZERO, 0.0);
        let b = body(&p.local_b, p.pose_b, DVec2::new(-4.0, 0.0), 0.0);
        let (pa, pb) = (PPose::IDENTITY, ppose(&p.pose_b));
        let options = ShapeCastOptions {
            max_time_of_impact: 1.0,
            target_distance: 0.0,
            stop_at_penetration: true,
            compute_impact_geometry_on_penetration: false,
        };
        let mut g = c.benchmark_group(format!("linear_cast/closing/{n}"));
        g.bench_function("ours", |x| {
            x.iter(|| linear_cast(black_box(&a), black_box(&b)).toi)
        });
        g.bench_function("parry", |x| {
            x.iter(|| {
                cast_shapes(
                    &pa,
                    PVec::ZERO,
                    black_box(&p.parry_a),
                    &pb,
                    PVec::new(-4.0, 0.0),
                    black_box(&p.parry_b),
                    options,
                )
            })
        });
        g.finish();

        // The same with B turning half a turn over the motion.
        let spin = std::f64::consts::PI;
        let b = body(&p.local_b, p.pose_b, DVec2::new(-4.0, 0.0), spin);
        let motion_a = NonlinearRigidMotion::new(pa, PVec::ZERO, PVec::ZERO, 0.0);
        let motion_b = NonlinearRigidMotion::new(pb, PVec::ZERO, PVec::new(-4.0, 0.0), spin);
        let mut g = c.benchmark_group(format!("rotating_toi/closing/{n}"));
        g.bench_function("ours", |x| {
            x.iter(|| angular_cast(black_box(&a), black_box(&b), &settings).toi)
        });
        g.bench_function("parry", |x| {
            x.iter(|| {
                cast_shapes_nonlinear(
                    &motion_a,
                    black_box(&p.parry_a),
                    &motion_b,
                    black_box(&p.parry_b),
                    0.0,
                    1.0,
                    true,
                )
            })
        });
        g.finish();
    }
}

/// What the app does per frame while a person drags: the whole figure of each demo, two
/// 1,024-gons overlapping and moving.
fn per_frame(c: &mut Criterion) {
    let mut scene = Scene::from_str(include_str!("../scenes/obb_vs_obb.json"), "bench.json")
        .expect("the built-in scene");
    let shape = |r: f64| ShapeSpec::Polygon {
        vertices: ngon(1024, r, 0.0),
        radius: 0.0,
    };
    scene.a.shape = shape(1.0);
    scene.b.shape = shape(0.8);
    scene.a.position = DVec2::ZERO;
    scene.b.position = DVec2::new(1.5, 0.3);
    scene.b.velocity = DVec2::new(-2.0, 0.0);
    scene.b.angular_velocity_deg = 90.0;
    let mut g = c.benchmark_group("figure/1024");
    for demo in Demo::ALL {
        g.bench_with_input(BenchmarkId::from_parameter(demo.as_str()), &demo, |x, d| {
            x.iter(|| figure::build(black_box(&scene), *d, 0).expect("builds"))
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = criterion();
    targets = discrete, casts, per_frame
}
criterion_main!(benches);

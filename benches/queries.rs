//! Our queries and parry2d-f64's on identical inputs, side by side (issue 6), and what the app
//! spends building a figure per frame.
//!
//! Inputs: regular and random convex n-gons for n ∈ {4, 16, 64, 256, 1024}, and boxes,
//! circles and capsules ([`Family`]); A at the origin and B (a little smaller, turned so no
//! edges are parallel) placed **apart** (gap 0.5), **touching** (gap 10⁻⁹) or **deep**
//! (overlapping by a third of their size). parry's polygons are built with
//! `ConvexPolygon::from_convex_polyline_unmodified`, so both sides see every vertex; its boxes,
//! balls and capsules are its own shapes.
//!
//! Group names are `query/config/n` (config prefixed by the family, `random-apart`, except for
//! regular polygons; n the core vertex count), each with our functions and a `parry` one where
//! parry has the query; `scripts/bench_table.py` turns criterion's medians into the ratios of
//! `BENCHMARKS.md`.
//!
//! Run: `cargo bench --bench queries` (about fifteen minutes); one group: `cargo bench --bench
//! queries -- distance/`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use minkowski_lab::figure;
use minkowski_lab::geometry::angular_cast::angular_cast;
use minkowski_lab::geometry::cast::{CastSettings, MovingBody};
use minkowski_lab::geometry::edge_scan::edge_scan;
use minkowski_lab::geometry::epa::{gjk_epa, gjk_epa_contact};
use minkowski_lab::geometry::gjk::gjk_distance;
use minkowski_lab::geometry::linear_cast::linear_cast;
use minkowski_lab::geometry::minkowski::{minkowski_difference, point_cloud_difference};
use minkowski_lab::geometry::query::{self, angular_time_of_impact, linear_time_of_impact};
use minkowski_lab::geometry::sat::sat;
use minkowski_lab::geometry::{contact, Convex, DVec2, Placement, Pose, Shape};
use minkowski_lab::scene::{Demo, Scene, ShapeSpec};
use parry2d_f64::math::{Pose as PPose, Vector as PVec};
use parry2d_f64::query::{
    self as pq, cast_shapes, cast_shapes_nonlinear, sweep_time_of_impact, NonlinearRigidMotion,
    ShapeCastOptions, Sweep, ToiProxy,
};
use parry2d_f64::shape::{Ball, Capsule, ConvexPolygon, Cuboid, Shape as PShape};
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
    placement_b: Placement,
    parry_a: Box<dyn PShape>,
    parry_b: Box<dyn PShape>,
}

fn polygon(points: &[DVec2]) -> (Convex, Box<dyn PShape>) {
    let c = Convex::new(points.to_vec(), 0.0);
    let p = ConvexPolygon::from_convex_polyline_unmodified(
        points.iter().map(|v| PVec::new(v.x, v.y)).collect(),
    )
    .expect("a convex polygon");
    (c, Box::new(p))
}

/// `n` points on a circle of radius `r` at random angles (sorted): a convex polygon with uneven
/// edges. Seeded, so every run sees the same polygon.
fn random_gon(n: usize, r: f64, seed: u64) -> Vec<DVec2> {
    let mut state = seed.max(1);
    let mut angles: Vec<f64> = (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64 * std::f64::consts::TAU
        })
        .collect();
    angles.sort_by(f64::total_cmp);
    angles.dedup();
    angles
        .into_iter()
        .map(|t| DVec2::from_angle(t) * r)
        .collect()
}

/// Two shapes of one family: A at the origin, B turned and at `centres` along x.
#[derive(Clone, Copy)]
enum Family {
    /// Regular n-gons of radius 1 and 0.8, B turned by half a step (no parallel edges).
    Regular(usize),
    /// n points at random angles on circles of radius 1 and 0.8.
    Random(usize),
    /// Boxes 2 × 1.2 and 1.6 × 1, B turned by 0.3 rad.
    Boxes,
    /// Circles of radius 1 and 0.8.
    Circles,
    /// Capsules (half-length 1, radius 0.3; 0.8, 0.25), B turned by 0.3 rad.
    Capsules,
}

impl Family {
    /// The name in group ids (`query/<name>-config/n`) and the core vertex count of A.
    fn name_and_n(self) -> (&'static str, usize) {
        match self {
            Family::Regular(n) => ("", n),
            Family::Random(n) => ("random-", n),
            Family::Boxes => ("box-", 4),
            Family::Circles => ("circle-", 1),
            Family::Capsules => ("capsule-", 2),
        }
    }

    fn pair(self, centres: f64) -> Pair {
        let ((local_a, parry_a), (local_b, parry_b), turn) = match self {
            Family::Regular(n) => (
                polygon(&ngon(n, 1.0, 0.0)),
                polygon(&ngon(n, 0.8, std::f64::consts::PI / n as f64)),
                0.0,
            ),
            Family::Random(n) => (
                polygon(&random_gon(n, 1.0, 7)),
                polygon(&random_gon(n, 0.8, 11)),
                0.0,
            ),
            Family::Boxes => {
                let boxed = |hx: f64, hy: f64| -> (Convex, Box<dyn PShape>) {
                    let shape = Shape::Box {
                        half_extents: DVec2::new(hx, hy),
                    };
                    (core(&shape), Box::new(Cuboid::new(PVec::new(hx, hy))))
                };
                (boxed(1.0, 0.6), boxed(0.8, 0.5), 0.3)
            }
            Family::Circles => {
                let disc = |r: f64| -> (Convex, Box<dyn PShape>) {
                    (core(&Shape::Circle { radius: r }), Box::new(Ball::new(r)))
                };
                (disc(1.0), disc(0.8), 0.0)
            }
            Family::Capsules => {
                let capsule = |h: f64, r: f64| -> (Convex, Box<dyn PShape>) {
                    let shape = Shape::Capsule {
                        half_length: h,
                        radius: r,
                    };
                    (core(&shape), Box::new(Capsule::new_x(h, r)))
                };
                (capsule(1.0, 0.3), capsule(0.8, 0.25), 0.3)
            }
        };
        let pose_b = Pose::new(DVec2::new(centres, 0.0), turn);
        Pair {
            a: local_a.clone(),
            b: local_b.transformed(&pose_b),
            local_a,
            local_b,
            pose_b,
            placement_b: Placement::from(pose_b),
            parry_a,
            parry_b,
        }
    }
}

fn core(shape: &Shape) -> Convex {
    shape.to_convex().expect("a valid shape").0
}

/// The configurations: centre distances giving a gap of 0.5, 10⁻⁹, and a deep overlap. The
/// gaps are measured on our exact distance, so they hold at every n.
fn configs(family: Family) -> Vec<(&'static str, Pair)> {
    let at_gap = |gap: f64| {
        let probe = family.pair(3.0);
        let d = contact(&probe.a, &probe.b).distance;
        family.pair(3.0 - d + gap)
    };
    vec![
        ("apart", at_gap(0.5)),
        ("touching", at_gap(1e-9)),
        ("deep", family.pair(1.2)),
    ]
}

/// A regular pair, for the casts.
fn pair(n: usize, centres: f64) -> Pair {
    Family::Regular(n).pair(centres)
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
    let families = SIZES
        .iter()
        .flat_map(|&n| [Family::Regular(n), Family::Random(n)])
        .chain([Family::Boxes, Family::Circles, Family::Capsules]);
    for family in families {
        let (name, n) = family.name_and_n();
        for (config, p) in configs(family) {
            let id = |q: &str| format!("{q}/{name}{config}/{n}");
            let (pa, pb) = (PPose::IDENTITY, ppose(&p.pose_b));

            let mut g = c.benchmark_group(id("md_edge_merge"));
            g.bench_function("ours", |x| {
                x.iter(|| minkowski_difference(black_box(&p.a), black_box(&p.b)))
            });
            g.finish();

            // The fourth article's MD, every difference point and their hull: O(nm log nm), the
            // same for every placement, so measured once per family and size.
            if config == "apart" {
                let mut g = c.benchmark_group(id("md_point_cloud"));
                g.bench_function("ours", |x| {
                    x.iter(|| point_cloud_difference(black_box(&p.a), black_box(&p.b)))
                });
                g.finish();
            }

            let mut g = c.benchmark_group(id("distance"));
            g.bench_function("ours", |x| {
                x.iter(|| contact(black_box(&p.a), black_box(&p.b)).distance)
            });
            g.bench_function("ours_gjk", |x| {
                x.iter(|| gjk_distance(black_box(&p.a), black_box(&p.b)))
            });
            g.bench_function("ours_gjk_epa", |x| {
                x.iter(|| gjk_epa(black_box(&p.a), black_box(&p.b)).0.distance)
            });
            g.bench_function("ours_query", |x| {
                x.iter(|| {
                    query::distance(
                        black_box(&p.local_a),
                        Placement::IDENTITY,
                        black_box(&p.local_b),
                        p.placement_b,
                    )
                })
            });
            g.bench_function("parry", |x| {
                x.iter(|| pq::distance(&pa, black_box(&*p.parry_a), &pb, black_box(&*p.parry_b)))
            });
            g.finish();

            let mut g = c.benchmark_group(id("penetration"));
            g.bench_function("ours_exact", |x| {
                x.iter(|| contact(black_box(&p.a), black_box(&p.b)))
            });
            g.bench_function("ours_gjk_epa", |x| {
                x.iter(|| gjk_epa(black_box(&p.a), black_box(&p.b)).0)
            });
            g.bench_function("ours_query", |x| {
                x.iter(|| {
                    query::contact(
                        black_box(&p.local_a),
                        Placement::IDENTITY,
                        black_box(&p.local_b),
                        p.placement_b,
                    )
                })
            });
            g.bench_function("ours_gjk_epa_traced", |x| {
                x.iter(|| gjk_epa_contact(black_box(&p.a), black_box(&p.b)).contact)
            });
            g.bench_function("ours_sat", |x| {
                x.iter(|| sat(black_box(&p.a), black_box(&p.b)).distance)
            });
            g.bench_function("ours_edge_scan", |x| {
                x.iter(|| edge_scan(black_box(&p.a), black_box(&p.b)).contact)
            });
            g.bench_function("parry", |x| {
                x.iter(|| {
                    pq::contact(
                        &pa,
                        black_box(&*p.parry_a),
                        &pb,
                        black_box(&*p.parry_b),
                        1e9,
                    )
                })
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
        g.bench_function("ours_query", |x| {
            x.iter(|| {
                let (va, vb) = (a.velocity, b.velocity);
                let at = Placement::IDENTITY;
                linear_time_of_impact(
                    black_box(&p.local_a),
                    at,
                    va,
                    black_box(&p.local_b),
                    p.placement_b,
                    vb,
                )
                .toi
            })
        });
        g.bench_function("parry", |x| {
            x.iter(|| {
                cast_shapes(
                    &pa,
                    PVec::ZERO,
                    black_box(&*p.parry_a),
                    &pb,
                    PVec::new(-4.0, 0.0),
                    black_box(&*p.parry_b),
                    options,
                )
            })
        });
        g.finish();

        // The same with B turning a quarter turn over the motion. (Not half: parry's sweep
        // interpolates the rotation by nlerp, which has no midpoint between opposite angles.)
        let spin = std::f64::consts::FRAC_PI_2;
        let b = body(&p.local_b, p.pose_b, DVec2::new(-4.0, 0.0), spin);
        let motion_a = NonlinearRigidMotion::new(pa, PVec::ZERO, PVec::ZERO, 0.0);
        let motion_b = NonlinearRigidMotion::new(pb, PVec::ZERO, PVec::new(-4.0, 0.0), spin);
        let mut g = c.benchmark_group(format!("rotating_toi/closing/{n}"));
        g.bench_function("ours", |x| {
            x.iter(|| angular_cast(black_box(&a), black_box(&b), &settings).toi)
        });
        g.bench_function("ours_query", |x| {
            x.iter(|| angular_time_of_impact(black_box(&a), black_box(&b), &settings).toi)
        });
        g.bench_function("parry", |x| {
            x.iter(|| {
                cast_shapes_nonlinear(
                    &motion_a,
                    black_box(&*p.parry_a),
                    &motion_b,
                    black_box(&*p.parry_b),
                    0.0,
                    1.0,
                    true,
                )
            })
        });
        // parry's Box2D-style sweep (conservative advancement on interpolated poses: the
        // rotation by nlerp, so not exactly our constant turn rate). It stops at a separation
        // of `linear_slop`, here 10⁻⁶, not at contact; it reports a hit at t ≈ 0.30 here.
        let points =
            |c: &Convex| -> Vec<PVec> { c.vertices.iter().map(|v| PVec::new(v.x, v.y)).collect() };
        let (points_a, points_b) = (points(&p.local_a), points(&p.local_b));
        let proxy_a = ToiProxy::from_points(&points_a, 0.0);
        let proxy_b = ToiProxy::from_points(&points_b, 0.0);
        let sweep_a = Sweep::constant(&pa, PVec::ZERO);
        let end_b = PPose::new(
            PVec::new(p.pose_b.position.x - 4.0, p.pose_b.position.y),
            p.pose_b.angle + spin,
        );
        let sweep_b = Sweep::from_poses(&pb, &end_b, PVec::ZERO);
        g.bench_function("parry_sweep", |x| {
            x.iter(|| {
                sweep_time_of_impact(
                    black_box(&proxy_a),
                    &sweep_a,
                    black_box(&proxy_b),
                    &sweep_b,
                    1.0,
                    1e-6,
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

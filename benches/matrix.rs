//! The query matrix (issue 26): ours and parry2d-f64's queries on the range of inputs a program
//! gives them, timed side by side in one process, reported as distributions.
//!
//! **Shapes** ([`Kind`]): regular polygons, polygons with vertices at random angles, elongated
//! ones (random angles on an ellipse four times longer than wide), each with 4 to 1,024
//! vertices; boxes, circles and capsules; and mixed pairs (a circle, a capsule or a box against
//! another kind, and a small polygon against a large one: few vertices against many, as a body
//! meets a level's outline); random 4- and 16-gons whose own frame's origin, the point the
//! body turns about, lies off their middle by up to their size; and a random 4-gon and a box
//! against random 4- and 16-gons five times their size, as a crate meets a platform. Every
//! instance draws its own sizes (about 0.5 to 1.5 across, the large ones 2.5 to 7.5).
//!
//! **Placements**: A at a random pose within 10 of the origin, B turned at random and placed along
//! a random direction so that the signed distance (our exact contact) is 2, 10⁻¹, 10⁻³, 10⁻⁶ or
//! 10⁻⁹ apart, or 0.1 or 0.5 overlapping. Both sides take each shape in its own frame plus its
//! pose (for parry its `Pose`, for us a [`Placement`]: both keep the rotation as cos and sin).
//!
//! **Motions** (the casts): both bodies move. B starts 0.2 to 2 from A and *approaches* (its
//! path runs into A), *passes by* (its path comes within 0.3), *grazes* (within 10⁻⁶) or
//! *recedes*; for the rotating casts both bodies also turn, up to 1.5 rad over the motion (parry's
//! sweep interpolates the rotation by nlerp: it is not quite a constant turn rate beyond that).
//! The rotating casts run at two tolerances, 10⁻³ and 10⁻⁶: ours stops within the tolerance of
//! contact, parry's `sweep_time_of_impact` at a separation of its `linear_slop`, given the same
//! value.
//!
//! **Timing**: for each instance, ours and parry's alternately, five rounds of a batch long
//! enough to take about 20 µs; each side's least time per call. The ratio ours / parry per
//! instance; per cell (query, shapes, size) the median ratio over its instances, the highest of
//! its classes' median ratios (each placement or motion on its own: 20 instances), the worst
//! ratio, and the median times.
//!
//! **Scale**: `MATRIX_SCALE=10` multiplies every shape's size (and how far out B may be placed),
//! leaving the gaps, the motions and the tolerances as they are: the same queries on bodies ten
//! times larger, or with `0.1` ten times smaller (the overlaps then shrunk with them, as a
//! shape smaller than 0.5 cannot overlap by 0.5). BENCHMARKS.md's table is at scale 1.
//!
//! Run: `cargo bench --bench matrix` (10 to 30 seconds); `cargo bench --bench matrix --
//! distance` for the rows whose query starts so. Prints the markdown table of BENCHMARKS.md.
//! `MATRIX_PAIRS="elongated 256,random–elongated 256"` keeps only those cells' pairs (each
//! named as the table's *shapes* and *n* columns name it).
//!
//! **Instruction counts**, the same on every machine where times are not: with
//! `MATRIX_CALLS=ours` (or `parry`) nothing is timed; each instance calls that side
//! [`CALLS_PER_INSTANCE`] times, and with `MATRIX_CALLS=neither` not at all, so that under
//! `valgrind --tool=callgrind` the difference between the two runs' totals, divided by the
//! calls the table lists, is that side's mean instructions per call.

use minkowski_lab::geometry::cast::{CastSettings, MovingBody};
use minkowski_lab::geometry::query::{self, angular_time_of_impact, linear_time_of_impact};
use minkowski_lab::geometry::{contact, Convex, DVec2, Placement, Pose, Shape};
use parry2d_f64::math::{Pose as PPose, Vector as PVec};
use parry2d_f64::query::{
    self as pq, cast_shapes, cast_shapes_nonlinear, sweep_time_of_impact, NonlinearRigidMotion,
    ShapeCastOptions, Sweep, ToiProxy,
};
use parry2d_f64::shape::{Ball, Capsule, ConvexPolygon, Cuboid, Shape as PShape};
use std::f64::consts::TAU;
use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Instant;

/// Instances per cell and placement (or motion).
const PER_CLASS: usize = 20;
const SIZES: [usize; 6] = [4, 8, 16, 64, 256, 1024];
/// Signed distances B is placed at.
const GAPS: [(&str, f64); 7] = [
    ("2", 2.0),
    ("0.1", 0.1),
    ("1e-3", 1e-3),
    ("1e-6", 1e-6),
    ("1e-9", 1e-9),
    ("-0.1", -0.1),
    ("-0.5", -0.5),
];

/// What `MATRIX_CALLS` asks for (module doc): timing, or one side's calls alone.
#[derive(Clone, Copy, PartialEq)]
enum Calls {
    Timed,
    Ours,
    Parry,
    Neither,
}

/// The calls of a side per instance where `MATRIX_CALLS` asks to count them.
const CALLS_PER_INSTANCE: usize = 10;

fn calls() -> Calls {
    static CALLS: OnceLock<Calls> = OnceLock::new();
    *CALLS.get_or_init(|| match std::env::var("MATRIX_CALLS").as_deref() {
        Err(_) => Calls::Timed,
        Ok("ours") => Calls::Ours,
        Ok("parry") => Calls::Parry,
        Ok("neither") => Calls::Neither,
        Ok(v) => panic!("MATRIX_CALLS must be ours, parry or neither, not {v:?}"),
    })
}

/// Every size's factor: `MATRIX_SCALE` (module doc), 1 where unset.
fn scale() -> f64 {
    static SCALE: OnceLock<f64> = OnceLock::new();
    *SCALE.get_or_init(|| match std::env::var("MATRIX_SCALE") {
        Err(_) => 1.0,
        Ok(v) => match v.parse::<f64>() {
            Ok(s) if s.is_finite() && s > 0.0 => s,
            _ => panic!("MATRIX_SCALE must be a positive number, not {v:?}"),
        },
    })
}

/// A small seeded generator (xorshift64*), so every run sees the same inputs.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        (x >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn direction(&mut self) -> DVec2 {
        DVec2::from_angle(self.range(0.0, TAU))
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Regular(usize),
    Random(usize),
    Elongated(usize),
    /// A random polygon whose own frame's origin lies off its middle (by up to its size): the
    /// body turns about that point, as one whose shape is drawn away from its position does.
    OffCentre(usize),
    /// A random polygon five times the size of the others (2.5 to 7.5 across), met by a small
    /// body: a crate against a platform.
    Large(usize),
    Box,
    Circle,
    Capsule,
}

impl Kind {
    fn name(self) -> String {
        match self {
            Kind::Regular(_) => "regular".into(),
            Kind::Random(_) => "random".into(),
            Kind::Elongated(_) => "elongated".into(),
            Kind::OffCentre(_) => "off-centre random".into(),
            Kind::Large(_) => "large random".into(),
            Kind::Box => "box".into(),
            Kind::Circle => "circle".into(),
            Kind::Capsule => "capsule".into(),
        }
    }

    /// The core vertex count.
    fn n(self) -> usize {
        match self {
            Kind::Regular(n)
            | Kind::Random(n)
            | Kind::Elongated(n)
            | Kind::OffCentre(n)
            | Kind::Large(n) => n,
            Kind::Box => 4,
            Kind::Circle => 1,
            Kind::Capsule => 2,
        }
    }
}

/// One shape, both sides' forms, in its own frame.
struct Body {
    ours: Convex,
    parry: Box<dyn PShape>,
    /// The core's points and radius, for parry's sweep.
    points: Vec<PVec>,
    radius: f64,
    /// Where the shape's middle lies in its own frame (zero but for [`Kind::OffCentre`]).
    shift: DVec2,
}

fn pvec(v: DVec2) -> PVec {
    PVec::new(v.x, v.y)
}

/// `n` sorted random angles, at least a little apart (so the polygon keeps every vertex).
fn angles(n: usize, rng: &mut Rng) -> Vec<f64> {
    loop {
        let mut t: Vec<f64> = (0..n).map(|_| rng.range(0.0, TAU)).collect();
        t.sort_by(f64::total_cmp);
        let gap = t
            .windows(2)
            .map(|w| w[1] - w[0])
            .fold(TAU - t[n - 1] + t[0], f64::min);
        if gap > 1e-3 / n as f64 {
            return t;
        }
    }
}

fn body(kind: Kind, rng: &mut Rng) -> Body {
    let size = rng.range(0.5, 1.5) * scale();
    let mut shift = DVec2::ZERO;
    let polygon = |points: Vec<DVec2>| -> (Shape, Box<dyn PShape>) {
        let p = ConvexPolygon::from_convex_polyline_unmodified(
            points.iter().map(|&v| pvec(v)).collect(),
        )
        .expect("a convex polygon");
        let shape = Shape::Polygon {
            vertices: points,
            radius: 0.0,
        };
        (shape, Box::new(p))
    };
    let (shape, parry): (Shape, Box<dyn PShape>) = match kind {
        Kind::Regular(n) => {
            let phase = rng.range(0.0, TAU);
            polygon(
                (0..n)
                    .map(|i| DVec2::from_angle(phase + TAU * i as f64 / n as f64) * size)
                    .collect(),
            )
        }
        Kind::Random(n) | Kind::Large(n) => {
            let across = if let Kind::Large(_) = kind { 5.0 } else { 1.0 } * size;
            polygon(
                angles(n, rng)
                    .into_iter()
                    .map(|t| DVec2::from_angle(t) * across)
                    .collect(),
            )
        }
        Kind::Elongated(n) => polygon(
            angles(n, rng)
                .into_iter()
                .map(|t| DVec2::new(t.cos() * size, t.sin() * size * 0.25))
                .collect(),
        ),
        Kind::OffCentre(n) => {
            shift = rng.direction() * rng.range(0.0, size);
            polygon(
                angles(n, rng)
                    .into_iter()
                    .map(|t| DVec2::from_angle(t) * size + shift)
                    .collect(),
            )
        }
        Kind::Box => {
            let h = DVec2::new(rng.range(0.2, 0.8), rng.range(0.2, 0.8)) * size;
            (
                Shape::Box { half_extents: h },
                Box::new(Cuboid::new(pvec(h))),
            )
        }
        Kind::Circle => {
            let r = 0.5 * size;
            (Shape::Circle { radius: r }, Box::new(Ball::new(r)))
        }
        Kind::Capsule => {
            let (h, r) = (rng.range(0.2, 0.6) * size, rng.range(0.1, 0.4) * size);
            let shape = Shape::Capsule {
                half_length: h,
                radius: r,
            };
            (shape, Box::new(Capsule::new_x(h, r)))
        }
    };
    let ours = shape.to_convex().expect("a valid shape").0;
    assert_eq!(ours.vertices.len(), kind.n(), "{kind:?} kept every vertex");
    Body {
        points: ours.vertices.iter().map(|&v| pvec(v)).collect(),
        radius: ours.radius,
        ours,
        parry,
        shift,
    }
}

/// Where the middle of `b`'s shape lies when placed by `pose`.
fn middle(b: &Body, pose: &Pose) -> DVec2 {
    pose.position + DVec2::from_angle(pose.angle).rotate(b.shift)
}

/// B's position along `dir` from A's at which the signed distance is `target`, by bisection on
/// our exact contact; `None` when it cannot be reached (an overlap deeper than the shapes).
fn place_at(
    a: &Body,
    pose_a: Pose,
    b: &Body,
    angle_b: f64,
    dir: DVec2,
    target: f64,
) -> Option<Pose> {
    let world_a = a.ours.transformed(&pose_a);
    // Along `dir` from A's middle, B's middle placed there (both the positions but for
    // off-centre shapes).
    let from = middle(a, &pose_a) - middle(b, &Pose::new(DVec2::ZERO, angle_b));
    let at = |s: f64| Pose::new(from + dir * s, angle_b);
    let signed = |s: f64| contact(&world_a, &b.ours.transformed(&at(s))).distance;
    let (mut lo, mut hi) = (0.0, 8.0 * scale().max(1.0));
    if signed(lo) >= target || signed(hi) <= target {
        return None;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if signed(mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(at(hi))
}

fn ppose(p: &Pose) -> PPose {
    PPose::new(pvec(p.position), p.angle)
}

/// The least time per call of `ours` and of `theirs` (ns), measured alternately; where
/// `MATRIX_CALLS` asks for one side's calls alone, those calls, and no time (NaN).
fn time_pair<R1, R2>(mut ours: impl FnMut() -> R1, mut theirs: impl FnMut() -> R2) -> (f64, f64) {
    match calls() {
        Calls::Timed => {}
        Calls::Ours => {
            for _ in 0..CALLS_PER_INSTANCE {
                black_box(ours());
            }
            return (f64::NAN, f64::NAN);
        }
        Calls::Parry => {
            for _ in 0..CALLS_PER_INSTANCE {
                black_box(theirs());
            }
            return (f64::NAN, f64::NAN);
        }
        Calls::Neither => return (f64::NAN, f64::NAN),
    }
    let once = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        f();
        t.elapsed().as_nanos() as f64
    };
    let probe = once(&mut || {
        black_box(ours());
        black_box(theirs());
    });
    let reps = ((20_000.0 / probe.max(1.0)) as usize).clamp(1, 100_000);
    let (mut best_ours, mut best_theirs) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..reps {
            black_box(ours());
        }
        best_ours = best_ours.min(t.elapsed().as_nanos() as f64 / reps as f64);
        let t = Instant::now();
        for _ in 0..reps {
            black_box(theirs());
        }
        best_theirs = best_theirs.min(t.elapsed().as_nanos() as f64 / reps as f64);
    }
    (best_ours, best_theirs)
}

/// One row of the table: a query on one pair of kinds at one size.
struct Cell {
    query: String,
    pair: String,
    n: usize,
    ours: Vec<f64>,
    theirs: Vec<f64>,
    ratios: Vec<f64>,
    /// For each ratio, the class (placement or motion) of its instance, and how ours answered
    /// it (the route of `query::contact_by`, for distance and contact).
    classes: Vec<String>,
}

impl Cell {
    fn new(query: &str, a: Kind, b: Kind) -> Self {
        Cell {
            query: query.into(),
            pair: pair_name(a, b),
            n: a.n().max(b.n()),
            ours: vec![],
            theirs: vec![],
            ratios: vec![],
            classes: vec![],
        }
    }

    fn add(&mut self, class: impl Into<String>, (ours, theirs): (f64, f64)) {
        self.ours.push(ours);
        self.theirs.push(theirs);
        self.ratios.push(ours / theirs);
        self.classes.push(class.into());
    }

    fn print(&self) {
        if self.ratios.is_empty() {
            return;
        }
        if calls() != Calls::Timed {
            let (n, instances) = (self.n, self.ratios.len());
            let called = if calls() == Calls::Neither {
                0
            } else {
                instances * CALLS_PER_INSTANCE
            };
            println!(
                "| {} | {} | {n} | {instances} | {called} |",
                self.query, self.pair
            );
            return;
        }
        let worst = (0..self.ratios.len())
            .max_by(|&i, &j| self.ratios[i].total_cmp(&self.ratios[j]))
            .unwrap();
        // The class (placement or motion, without the route) whose instances' median ratio is
        // the highest: what a harness that reports each class apart would see first.
        let mut by_class: Vec<(&str, Vec<f64>)> = vec![];
        for (&r, c) in self.ratios.iter().zip(&self.classes) {
            let key = c.split(',').next().unwrap_or(c);
            match by_class.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push(r),
                None => by_class.push((key, vec![r])),
            }
        }
        let (class, class_median) = by_class
            .iter()
            .map(|(k, v)| (*k, median(v)))
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .unwrap();
        println!(
            "| {} | {} | {} | {} | {} | {} | **{:.2}** | {:.2} ({}) | {:.2} ({}) |",
            self.query,
            self.pair,
            self.n,
            self.ratios.len(),
            ns(median(&self.ours)),
            ns(median(&self.theirs)),
            median(&self.ratios),
            class_median,
            class,
            self.ratios[worst],
            self.classes[worst],
        );
    }
}

/// A pair as the table's *shapes* column names it.
fn pair_name(a: Kind, b: Kind) -> String {
    if a == b {
        a.name()
    } else {
        format!("{}–{}", a.name(), b.name())
    }
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    let k = v.len() / 2;
    if v.len() % 2 == 1 {
        v[k]
    } else {
        0.5 * (v[k - 1] + v[k])
    }
}

fn ns(x: f64) -> String {
    if x < 1e3 {
        format!("{x:.0} ns")
    } else if x < 1e6 {
        format!("{:.1} µs", x / 1e3)
    } else {
        format!("{:.2} ms", x / 1e6)
    }
}

/// The pairs of kinds: each kind against its own, then the mixed pairs.
fn pairs() -> Vec<(Kind, Kind)> {
    let mut all = vec![];
    for n in SIZES {
        for k in [Kind::Regular(n), Kind::Random(n), Kind::Elongated(n)] {
            all.push((k, k));
        }
    }
    for k in [Kind::Box, Kind::Circle, Kind::Capsule] {
        all.push((k, k));
    }
    all.extend([
        (Kind::Circle, Kind::Box),
        (Kind::Capsule, Kind::Box),
        (Kind::Circle, Kind::Capsule),
        (Kind::Box, Kind::Regular(8)),
        (Kind::Circle, Kind::Regular(16)),
        (Kind::Circle, Kind::Random(64)),
        (Kind::Circle, Kind::Regular(256)),
        (Kind::Circle, Kind::Elongated(1024)),
        (Kind::Capsule, Kind::Random(16)),
        (Kind::Capsule, Kind::Random(64)),
        (Kind::Box, Kind::Random(256)),
        (Kind::Random(16), Kind::Elongated(256)),
        (Kind::OffCentre(4), Kind::OffCentre(4)),
        (Kind::OffCentre(16), Kind::OffCentre(16)),
        (Kind::Random(4), Kind::Large(4)),
        (Kind::Box, Kind::Large(16)),
    ]);
    all
}

/// A placed pair: shapes, poses at `t = 0`.
struct Placed {
    a: Body,
    b: Body,
    pose_a: Pose,
    pose_b: Pose,
}

/// A pair of `kinds` with B at signed distance `target` from A.
fn placed(kinds: (Kind, Kind), target: f64, rng: &mut Rng) -> Placed {
    // Overlaps shrink with shapes smaller than the table's (which could not overlap that much).
    let target = if target < 0.0 {
        target * scale().min(1.0)
    } else {
        target
    };
    loop {
        let (a, b) = (body(kinds.0, rng), body(kinds.1, rng));
        let pose_a = Pose::new(
            DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)),
            rng.range(0.0, TAU),
        );
        let (angle_b, dir) = (rng.range(0.0, TAU), rng.direction());
        if let Some(pose_b) = place_at(&a, pose_a, &b, angle_b, dir, target) {
            return Placed {
                a,
                b,
                pose_a,
                pose_b,
            };
        }
    }
}

fn discrete(kinds: (Kind, Kind), rng: &mut Rng, wanted: &dyn Fn(&str) -> bool) -> Vec<Cell> {
    let mut distance = Cell::new("distance", kinds.0, kinds.1);
    let mut contact_cell = Cell::new("contact", kinds.0, kinds.1);
    for (class, target) in GAPS {
        for _ in 0..PER_CLASS {
            let p = placed(kinds, target, rng);
            let (at_a, at_b) = (Placement::from(p.pose_a), Placement::from(p.pose_b));
            let (pa, pb) = (ppose(&p.pose_a), ppose(&p.pose_b));
            let (la, lb) = (&p.a.ours, &p.b.ours);
            let (sa, sb) = (&*p.a.parry, &*p.b.parry);
            let (_, route) = query::contact_by(la, at_a, lb, at_b);
            let class = format!("{class}, {route:?}");
            if wanted("distance") {
                distance.add(
                    &class,
                    time_pair(
                        || query::distance(black_box(la), at_a, black_box(lb), at_b),
                        || pq::distance(&pa, black_box(sa), &pb, black_box(sb)),
                    ),
                );
            }
            if wanted("contact") {
                contact_cell.add(
                    &class,
                    time_pair(
                        || query::contact(black_box(la), at_a, black_box(lb), at_b),
                        || pq::contact(&pa, black_box(sa), &pb, black_box(sb), 1e9),
                    ),
                );
            }
        }
    }
    vec![distance, contact_cell]
}

/// The motions of the casts.
const MOTIONS: [&str; 4] = ["approaching", "passing", "grazing", "receding"];

/// A pair in motion: placed, with both bodies' velocities (per unit of time; the cast runs
/// over `t ∈ [0, 1]`).
struct Moving {
    p: Placed,
    velocity_a: DVec2,
    velocity_b: DVec2,
}

fn moving(kinds: (Kind, Kind), motion: &str, rng: &mut Rng) -> Moving {
    let drift = rng.direction() * rng.range(0.0, 1.0); // both bodies move
    match motion {
        "approaching" | "receding" => {
            let gap = rng.range(0.2, 2.0);
            let p = placed(kinds, gap, rng);
            let towards_a = (middle(&p.a, &p.pose_a) - middle(&p.b, &p.pose_b)).normalize();
            let side = towards_a.perp() * rng.range(-0.3, 0.3);
            let speed = (gap + 1.0) * rng.range(1.2, 2.0);
            let v = if motion == "approaching" {
                (towards_a + side) * speed
            } else {
                -(towards_a + side) * speed
            };
            Moving {
                p,
                velocity_a: drift,
                velocity_b: drift + v,
            }
        }
        _ => {
            // B placed where it comes closest (0.3 or 10⁻⁶), moving along the tangent there.
            let closest = if motion == "passing" { 0.3 } else { 1e-6 };
            let mut p = placed(kinds, closest, rng);
            let world = |b: &Body, pose: &Pose| b.ours.transformed(pose);
            let c = contact(&world(&p.a, &p.pose_a), &world(&p.b, &p.pose_b));
            let along = c.normal.perp() * if rng.unit() < 0.5 { 1.0 } else { -1.0 };
            let half = rng.range(0.5, 2.0);
            p.pose_b.position -= along * half;
            Moving {
                p,
                velocity_a: drift,
                velocity_b: drift + along * 2.0 * half,
            }
        }
    }
}

fn linear(kinds: (Kind, Kind), rng: &mut Rng) -> Cell {
    let mut cell = Cell::new("linear cast", kinds.0, kinds.1);
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: false,
    };
    for motion in MOTIONS {
        for _ in 0..PER_CLASS {
            let m = moving(kinds, motion, rng);
            let p = &m.p;
            let (at_a, at_b) = (Placement::from(p.pose_a), Placement::from(p.pose_b));
            let (pa, pb) = (ppose(&p.pose_a), ppose(&p.pose_b));
            let (va, vb) = (m.velocity_a, m.velocity_b);
            let (la, lb) = (&p.a.ours, &p.b.ours);
            let (sa, sb) = (&*p.a.parry, &*p.b.parry);
            cell.add(
                motion,
                time_pair(
                    || linear_time_of_impact(black_box(la), at_a, va, black_box(lb), at_b, vb),
                    || {
                        cast_shapes(
                            &pa,
                            pvec(va),
                            black_box(sa),
                            &pb,
                            pvec(vb),
                            black_box(sb),
                            options,
                        )
                    },
                ),
            );
        }
    }
    cell
}

fn rotating(
    kinds: (Kind, Kind),
    tolerance: f64,
    rng: &mut Rng,
    wanted: &dyn Fn(&str) -> bool,
) -> Vec<Cell> {
    let label = |what: &str| format!("rotating cast {tolerance:e} vs {what}");
    let (sweep_wanted, nonlinear_wanted) = (wanted(&label("sweep")), wanted(&label("nonlinear")));
    if !sweep_wanted && !nonlinear_wanted {
        return vec![];
    }
    let mut against_sweep = Cell::new(&label("sweep"), kinds.0, kinds.1);
    let mut against_nonlinear = Cell::new(&label("nonlinear"), kinds.0, kinds.1);
    let settings = CastSettings {
        tolerance,
        ..CastSettings::default()
    };
    for motion in MOTIONS {
        for _ in 0..PER_CLASS {
            let m = moving(kinds, motion, rng);
            let p = &m.p;
            let spin =
                |rng: &mut Rng| rng.range(0.3, 1.5) * if rng.unit() < 0.5 { 1.0 } else { -1.0 };
            let (wa, wb) = (spin(rng), spin(rng));
            let ours = |b: &Body, pose: Pose, v: DVec2, w: f64| MovingBody {
                local: b.ours.clone(),
                pose,
                velocity: v,
                angular_velocity: w,
            };
            let a = ours(&p.a, p.pose_a, m.velocity_a, wa);
            let b = ours(&p.b, p.pose_b, m.velocity_b, wb);
            let (pa, pb) = (ppose(&p.pose_a), ppose(&p.pose_b));
            let end =
                |pose: &Pose, v: DVec2, w: f64| PPose::new(pvec(pose.position + v), pose.angle + w);
            let sweep_a = Sweep::from_poses(&pa, &end(&p.pose_a, m.velocity_a, wa), PVec::ZERO);
            let sweep_b = Sweep::from_poses(&pb, &end(&p.pose_b, m.velocity_b, wb), PVec::ZERO);
            let proxy_a = ToiProxy::from_points(&p.a.points, p.a.radius);
            let proxy_b = ToiProxy::from_points(&p.b.points, p.b.radius);
            let ours_cast = || angular_time_of_impact(black_box(&a), black_box(&b), &settings);
            if sweep_wanted {
                against_sweep.add(
                    motion,
                    time_pair(ours_cast, || {
                        sweep_time_of_impact(
                            black_box(&proxy_a),
                            &sweep_a,
                            black_box(&proxy_b),
                            &sweep_b,
                            1.0,
                            tolerance,
                        )
                    }),
                );
            }
            if !nonlinear_wanted {
                continue;
            }
            let motion_a = NonlinearRigidMotion::new(pa, PVec::ZERO, pvec(m.velocity_a), wa);
            let motion_b = NonlinearRigidMotion::new(pb, PVec::ZERO, pvec(m.velocity_b), wb);
            let (sa, sb) = (&*p.a.parry, &*p.b.parry);
            against_nonlinear.add(
                motion,
                time_pair(ours_cast, || {
                    cast_shapes_nonlinear(
                        &motion_a,
                        black_box(sa),
                        &motion_b,
                        black_box(sb),
                        0.0,
                        1.0,
                        true,
                    )
                }),
            );
        }
    }
    vec![against_sweep, against_nonlinear]
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument picks the rows whose query starts
    // with it ("rotating", "rotating cast 1e-3 vs sweep").
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |q: &str| filter.is_empty() || filter.iter().any(|f| q.starts_with(f.as_str()));
    // Whether some row of a kind of query may be wanted (its rows' names go on from `q`).
    let any_wanted = |q: &str| wanted(q) || filter.iter().any(|f| f.starts_with(q));
    if scale() != 1.0 {
        println!("Every size ×{} (`MATRIX_SCALE`).\n", scale());
    }
    // `MATRIX_PAIRS`: the cells kept, each as "shapes n" (module doc).
    // (A plain hyphen does for the table's dash.)
    let plain = |name: &str| name.trim().replace('–', "-");
    let key = |(a, b): (Kind, Kind)| plain(&format!("{} {}", pair_name(a, b), a.n().max(b.n())));
    let pairs_wanted: Option<Vec<String>> = std::env::var("MATRIX_PAIRS")
        .ok()
        .map(|v| v.split(',').map(plain).collect());
    for name in pairs_wanted.iter().flatten() {
        assert!(
            pairs().into_iter().any(|k| key(k) == *name),
            "MATRIX_PAIRS: no pair {name:?} (name one as the table's shapes and n columns do: \
             \"random 16\", \"circle-box 4\")"
        );
    }
    let pair_wanted = |kinds| {
        pairs_wanted
            .as_ref()
            .is_none_or(|w| w.contains(&key(kinds)))
    };
    if calls() == Calls::Timed {
        println!("| query | shapes | n | instances | ours, median | parry, median | ours / parry, median | worst class's median | worst (its class) |");
        println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    } else {
        println!("| query | shapes | n | instances | calls of the side counted |");
        println!("|---|---|---:|---:|---:|");
    }
    // Each query and pair draws from its own seed: the same inputs whatever the filter.
    let rng = |pair: usize, query: u64| Rng(0x2545_f491_4f6c_dd1d ^ ((pair as u64) << 8 | query));
    let mut cells = vec![];
    for (i, kinds) in pairs().into_iter().enumerate() {
        if !pair_wanted(kinds) {
            continue;
        }
        if wanted("distance") || wanted("contact") {
            cells.extend(discrete(kinds, &mut rng(i, 1), &wanted));
        }
        if wanted("linear") {
            cells.push(linear(kinds, &mut rng(i, 2)));
        }
        if any_wanted("rotating") {
            cells.extend(rotating(kinds, 1e-3, &mut rng(i, 3), &wanted));
            cells.extend(rotating(kinds, 1e-6, &mut rng(i, 4), &wanted));
        }
    }
    // Grouped by query, in the order they were measured.
    let mut queries: Vec<&str> = vec![];
    for c in &cells {
        if !queries.contains(&c.query.as_str()) {
            queries.push(&c.query);
        }
    }
    for q in queries {
        cells.iter().filter(|c| c.query == q).for_each(Cell::print);
    }
}

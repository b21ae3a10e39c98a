//! What the fuzzers demand of every input, in one place: the fuzz targets in `fuzz/` call these
//! functions on each input they make, and `tests/fuzz_regressions.rs` calls them on every input
//! the fuzzers ever found failing (kept in `tests/fuzz_regressions/`).
//!
//! Two targets:
//!
//! * [`scene_bytes`]: any bytes as a scene file. Either the loader refuses them with an error
//!   naming the file, or the scene it returns is valid, survives saving and loading unchanged,
//!   and goes through every query ([`scene_queries`]).
//! * [`geometry_bytes`]: the bytes are read as a recipe for a scene (shapes, poses, velocities,
//!   settings; every number finite and within the scene file's limits, with hostile values
//!   favoured: zeros, 1e-9 beside 1e6, near-duplicates of the number before), and every query runs.
//!
//! A failed check panics, as a fuzzer expects.

#![allow(dead_code)]

use minkowski_lab::figure::{self, compare::compare};
use minkowski_lab::geometry::angular_cast::{motion_scale, ROUNDING_RELATIVE};
use minkowski_lab::geometry::cast::CastStatus;
use minkowski_lab::geometry::gjk::tolerance_scale;
use minkowski_lab::geometry::query::{self, angular_time_of_impact, linear_time_of_impact};
use minkowski_lab::geometry::{contact, DVec2, Source};
use minkowski_lab::report::scene_report;
use minkowski_lab::scene::{Body, Demo, Scene, Settings, ShapeSpec, MAX_ANGLE_DEG, MAX_COORDINATE};

/// The file name errors must carry.
pub const NAME: &str = "fuzz.json";

/// Iteration limits the geometry target picks from: small ones, where the limit is what
/// stops a cast, and now and then a large one (the scene's own limit is a million, which would
/// make each run slow without finding more).
const ITERATION_LIMITS: [u32; 8] = [1, 2, 3, 8, 64, 100, 200, 1000];

/// Any bytes as a scene file.
pub fn scene_bytes(data: &[u8]) {
    match Scene::from_bytes(data, NAME) {
        Ok(scene) => {
            if let Err(e) = scene.validate() {
                panic!("the loader accepted a scene that does not validate: {e}");
            }
            let text = scene.to_json_string();
            let again = Scene::from_str(&text, NAME)
                .unwrap_or_else(|e| panic!("a loaded scene does not load after saving: {e}"));
            assert!(
                again == scene,
                "a loaded scene changes on saving and loading"
            );
            scene_queries(&scene);
        }
        Err(e) => {
            assert_eq!(e.file, NAME, "the error names another file: {e}");
            let message = e.to_string();
            assert!(
                message.starts_with(NAME) && message.len() > NAME.len() + 4,
                "the error does not say what is wrong: {message:?}"
            );
        }
    }
}

/// The bytes as a recipe for a scene; every query runs on it if it is valid (an outline of
/// three or more points on one line is refused by the loader too, and is skipped).
pub fn geometry_bytes(data: &[u8]) {
    let scene = Recipe::new(data).scene();
    if scene.validate().is_ok() {
        scene_queries(&scene);
    }
}

/// Every query the program runs on a scene: the `report` (distance, MD, SAT, the three casts),
/// the comparison of every method, and every demo's figure at its first and last step. None
/// may panic or answer NaN or infinity, and the casts stay within their iteration limit. The
/// fast queries (`geometry::query`) answer as the exact contact does.
pub fn scene_queries(scene: &Scene) {
    fast_queries(scene);
    rotating_query(scene);
    let report = scene_report(scene).unwrap_or_else(|e| panic!("a valid scene has no report: {e}"));
    let limit = scene.settings.max_iterations as usize;
    for (name, cast) in [
        ("linear_cast", &report.linear_cast),
        ("iterative_cast", &report.iterative_cast),
        ("conservative_advancement", &report.conservative_advancement),
    ] {
        let cast = cast.as_ref().expect("a scene's report has every cast");
        assert!(
            (0.0..=1.0).contains(&cast.toi),
            "{name}: toi {} outside [0, 1]",
            cast.toi
        );
        if let Some(steps) = &cast.iterations {
            assert!(
                steps.len() <= limit,
                "{name}: {} iterations, the limit is {limit}",
                steps.len()
            );
        }
    }
    let json = serde_json::to_value(&report).expect("a report is plain data");
    finite_json(&json, "report");

    match compare(scene) {
        Ok(c) => finite_debug(&format!("{c:?}"), "the comparison"),
        Err(e) => panic!("a valid scene has no comparison: {e}"),
    }
    for demo in Demo::ALL {
        for step in [0, usize::MAX] {
            // A demo that does not fit the shapes (circle_circle on two boxes) may refuse, but
            // only with an error, never a panic.
            if let Ok(f) = figure::build(scene, demo, step) {
                let what = demo.as_str();
                finite_debug(&format!("{:?}", (&f.world, &f.config)), what);
                finite_debug(&format!("{:?}", (&f.readouts, &f.legend)), what);
                // A missing value (no next step) is `Cell::None`; a number is finite.
                for row in f.table.iter().flat_map(|t| &t.rows) {
                    assert!(
                        row.iter().all(|c| c.number().is_none_or(f64::is_finite)),
                        "{what}: table {row:?}"
                    );
                }
            }
        }
    }
    // A moment of the motion (the time scrubber, `render --time`), and the linked panes'
    // highlight of a feature of each kind on it.
    if let Ok(f) = figure::at_time(scene, 0.37) {
        finite_debug(
            &format!("{:?}", (&f.world, &f.config, &f.readouts)),
            "moment",
        );
        if let Some(l) = minkowski_lab::view::link::Linked::of_figure(scene, &f) {
            use minkowski_lab::view::link::Feature;
            let mut features = vec![Feature::Vertex(Source::A, 0), Feature::Edge(Source::B, 0)];
            features.extend(
                l.md.vertices
                    .first()
                    .map(|v| Feature::MdVertex { a: v.a, b: v.b }),
            );
            features.extend(l.md.edges.first().map(|e| Feature::MdEdge(*e)));
            for feature in features {
                finite_debug(&format!("{:?}", l.marks(feature)), "linked");
            }
        }
    }
}

/// `query::contact` and `query::distance`, on the shapes in their own frames and the scene's
/// poses, agree with the exact contact of the shapes moved into the world to 10⁻⁹ of the
/// scene's scale (the largest coordinate magnitude or radius), whatever route they take, or
/// within [`UNDERFLOW`].
fn fast_queries(scene: &Scene) {
    let (Ok((local_a, _)), Ok((local_b, _))) = (
        scene.a.local_convex(Source::A),
        scene.b.local_convex(Source::B),
    ) else {
        return;
    };
    let (pose_a, pose_b) = (scene.a.pose(), scene.b.pose());
    let (a, b) = (local_a.transformed(&pose_a), local_b.transformed(&pose_b));
    let exact = contact(&a, &b);
    let scale = tolerance_scale(&a, &b).max(a.radius).max(b.radius);
    let tol = 1e-9 * scale + UNDERFLOW;
    let (fast, route) = query::contact_by(&local_a, pose_a, &local_b, pose_b);
    assert!(
        (fast.distance - exact.distance).abs() <= tol,
        "query::contact by {route:?}: {fast:?}, exact {exact:?}\n  A = {a:?}\n  B = {b:?}"
    );
    let unsigned = query::distance(&local_a, pose_a, &local_b, pose_b);
    assert!(
        (unsigned - exact.distance.max(0.0)).abs() <= tol,
        "query::distance: {unsigned}, exact {exact:?}\n  A = {a:?}\n  B = {b:?}"
    );
    // The GJK ray cast: a time in [0, 1], a unit normal for a hit, and overlapping at the start
    // exactly when the exact contact says so (touching counts) or within rounding of it. (When
    // overlapping, the normal is the contact's, which at 10⁻³²⁴ cannot be made unit.)
    let (va, vb) = (scene.a.velocity, scene.b.velocity);
    let cast = linear_time_of_impact(&local_a, pose_a, va, &local_b, pose_b, vb);
    // Written only when a check fails (every fuzz execution runs these).
    let what = || {
        format!("linear_time_of_impact: {cast:?}, exact {exact:?}\n  A = {a:?} v {va}\n  B = {b:?} v {vb}")
    };
    assert!((0.0..=1.0).contains(&cast.toi), "{}", what());
    if let (CastStatus::Hit, Some(n)) = (cast.status, cast.normal) {
        assert!((n.length() - 1.0).abs() < 1e-9, "{}", what());
    }
    if exact.distance.abs() > tol {
        let overlapping = cast.status == CastStatus::Overlapping;
        assert_eq!(overlapping, exact.distance < 0.0, "{}", what());
    }
}

/// The rotating time of impact (`angular_time_of_impact`, what a program calls) keeps the
/// figure's guarantees, checked against the exact contact: within its iteration limit, a time
/// in [0, 1], overlapping at the start exactly when the exact contact says so, the bodies apart
/// at any time it reports short of a miss, and on a hit a reported distance below the
/// tolerance that bounds the exact one from above. Rounding allowance: 10⁻⁹ of the motion's
/// size (the cast keeps a margin of at least 10⁻¹⁰ of it, see `ROUNDING_RELATIVE`).
fn rotating_query(scene: &Scene) {
    let (Ok(a), Ok(b)) = (scene.a.moving(Source::A), scene.b.moving(Source::B)) else {
        return;
    };
    let settings = scene.settings.cast_settings();
    let q = angular_time_of_impact(&a, &b, &settings);
    let scale = motion_scale(&a, &b);
    let tol = 1e-9 * scale + UNDERFLOW;
    let exact_at = |t: f64| contact(&a.world_at(t), &b.world_at(t)).distance;
    // Written only when a check fails.
    let what = |more: &str| {
        format!("angular_time_of_impact: {q:?} {more}\n  A = {a:?}\n  B = {b:?}\n  {settings:?}")
    };
    assert!(q.iterations <= settings.max_iterations, "{}", what(""));
    assert!((0.0..=1.0).contains(&q.toi), "{}", what(""));
    assert!(!q.distance.is_nan() && !q.normal.is_nan(), "{}", what(""));
    let start = exact_at(0.0);
    if start.abs() > tol {
        assert_eq!(
            q.status == CastStatus::Overlapping,
            start < 0.0,
            "{}",
            what(&format!("exact distance at t = 0: {start}"))
        );
    }
    if !matches!(q.status, CastStatus::Overlapping | CastStatus::Miss) {
        let d = exact_at(q.toi);
        assert!(d > -tol, "{}", what(&format!("exact distance at toi: {d}")));
        if q.status == CastStatus::Hit {
            let tolerance = settings.tolerance.max(ROUNDING_RELATIVE * scale);
            assert!(q.distance < tolerance, "{}", what(""));
            assert!(
                d <= q.distance + tol,
                "{}",
                what(&format!("exact distance at toi: {d}"))
            );
        }
    }
}

/// Lengths below about 10⁻¹⁵⁴ have squares below the smallest normal `f64`: products of two
/// such lengths lose their digits, and methods that multiply differently (the exact contact's
/// squared distances, the fast queries' rescaled normals) differ by that much.
const UNDERFLOW: f64 = 1e-150;

/// Report fields that are null by design wherever they stand (no normal for a miss, no
/// separating axis when overlapping, ...). A NaN or infinity turns into null when serialised,
/// so a null anywhere else is one.
const NULLABLE: [&str; 4] = ["normal", "separating_axis", "mtv", "first_contact"];

/// Whether field `key` of the object at `at` may be null by design: those of [`NULLABLE`];
/// `epa` (cores apart) and the GJK distance (cores overlapping or touching, or not settled);
/// and in a GJK iteration the search direction, its support point and lower bound (none once
/// the origin is enclosed).
fn null_by_design(at: &str, key: &str) -> bool {
    NULLABLE.contains(&key)
        || (at, key) == ("report", "epa")
        || (at, key) == ("report.gjk", "distance")
        || (at.starts_with("report.gjk.iterations[")
            && ["direction", "support", "lower_bound"].contains(&key))
}

fn finite_json(v: &serde_json::Value, at: &str) {
    use serde_json::Value;
    match v {
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                assert!(!x.is_null(), "{at}[{i}] is NaN or infinite");
                finite_json(x, &format!("{at}[{i}]"));
            }
        }
        Value::Object(fields) => {
            for (k, x) in fields {
                assert!(
                    !x.is_null() || null_by_design(at, k),
                    "{at}.{k} is NaN or infinite"
                );
                finite_json(x, &format!("{at}.{k}"));
            }
        }
        _ => {}
    }
}

/// No `NaN` or `inf` among the numbers of a debug print (`{:?}` of a float writes these).
fn finite_debug(text: &str, what: &str) {
    if let Some(word) = text
        .split(|c: char| !c.is_ascii_alphabetic())
        .find(|w| *w == "NaN" || *w == "inf")
    {
        let at = text.find(word).unwrap_or(0);
        let from = text[..at]
            .char_indices()
            .rev()
            .nth(200)
            .map_or(0, |(i, _)| i);
        panic!(
            "{what}: {word} in {}",
            &text[from..(at + 3).min(text.len())]
        );
    }
}

/// Reads a scene from bytes. Every byte string gives a scene (missing bytes read as zero), so
/// a fuzzer's mutations all reach the geometry.
pub struct Recipe<'a> {
    data: &'a [u8],
    last: f64,
}

/// Numbers that have broken geometry code before: zero, the scale limits, values a rounding
/// error apart, the smallest normal and subnormal numbers.
const SPECIAL: [f64; 16] = [
    0.0,
    1.0,
    -1.0,
    1e-9,
    -1e-9,
    1e6,
    -1e6,
    0.5,
    1e-300,
    f64::MIN_POSITIVE,
    5e-324,
    1.0 + f64::EPSILON,
    1.0 - f64::EPSILON / 2.0,
    999_999.999_999_9,
    1e-15,
    3.0e5,
];

impl<'a> Recipe<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Recipe { data, last: 0.0 }
    }

    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn bits(&mut self) -> u64 {
        (0..8).fold(0u64, |acc, _| acc << 8 | u64::from(self.byte()))
    }

    /// A finite number of magnitude at most `limit`.
    fn number(&mut self, limit: f64) -> f64 {
        let x = match self.byte() % 8 {
            0 => 0.0,
            // Small integers and simple fractions.
            1 => f64::from(self.byte() as i8),
            2 => f64::from(self.byte() as i8) / 16.0,
            3 => SPECIAL[usize::from(self.byte()) % SPECIAL.len()],
            // The number before, a few units in the last place away (near-duplicate points,
            // nearly collinear outlines).
            4 => {
                let steps = i64::from(self.byte() as i8 % 4);
                f64::from_bits((self.last.to_bits() as i64).wrapping_add(steps) as u64)
            }
            // The number before, by a tiny or a huge amount off.
            5 => self.last + f64::from(self.byte() as i8) * 1e-9,
            // Any bit pattern.
            _ => f64::from_bits(self.bits()),
        };
        let x = if x.is_finite() { x % limit } else { 0.0 };
        self.last = x;
        x
    }

    fn size(&mut self) -> f64 {
        self.number(MAX_COORDINATE).abs()
    }

    fn vector(&mut self) -> DVec2 {
        DVec2::new(self.number(MAX_COORDINATE), self.number(MAX_COORDINATE))
    }

    fn shape(&mut self) -> ShapeSpec {
        match self.byte() % 4 {
            0 => ShapeSpec::Circle {
                radius: self.size(),
            },
            1 => ShapeSpec::Box {
                half_extents: DVec2::new(self.size(), self.size()),
            },
            2 => ShapeSpec::Capsule {
                half_length: self.size(),
                radius: self.size(),
            },
            _ => {
                let n = 1 + usize::from(self.byte() % 16);
                let vertices = (0..n).map(|_| self.vector()).collect();
                let radius = if self.byte().is_multiple_of(2) {
                    0.0
                } else {
                    self.size()
                };
                ShapeSpec::Polygon { vertices, radius }
            }
        }
    }

    fn body(&mut self) -> Body {
        Body {
            shape: self.shape(),
            position: self.vector(),
            angle_deg: self.number(MAX_ANGLE_DEG),
            velocity: self.vector(),
            angular_velocity_deg: self.number(MAX_ANGLE_DEG),
        }
    }

    /// The scene the bytes describe: A, B (or A again: identical shapes), the settings.
    pub fn scene(&mut self) -> Scene {
        let a = self.body();
        let b = if self.byte().is_multiple_of(8) {
            let mut b = a.clone();
            if self.byte().is_multiple_of(2) {
                b.position = self.vector();
            }
            b
        } else {
            self.body()
        };
        let tolerance = match self.number(MAX_COORDINATE).abs() {
            t if t > 0.0 => t,
            _ => 1e-3,
        };
        let max_iterations = ITERATION_LIMITS[usize::from(self.byte()) % ITERATION_LIMITS.len()];
        Scene {
            title: "fuzz".into(),
            description: None,
            demo: Demo::ALL[usize::from(self.byte()) % Demo::ALL.len()],
            a,
            b,
            settings: Settings {
                tolerance,
                max_iterations,
            },
            view: None,
            extra: None,
        }
    }
}

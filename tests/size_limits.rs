//! Size limits: what is too large is refused with the limit named, before any work that grows
//! faster than the file; what is within them loads and answers. (Times are measured by hand and
//! stated in FUZZING.md; the tests assert only what is refused and what answers.)

use minkowski_lab::report::scene_report;
use minkowski_lab::scene::{ErrorKind, Scene, MAX_FILE_BYTES, MAX_HULL_VERTICES, MAX_VERTICES};
use std::fmt::Write;

/// A scene whose body A is the polygon through `points` and B a box.
fn scene_text(points: impl Iterator<Item = (f64, f64)>) -> String {
    let mut vertices = String::new();
    for (i, (x, y)) in points.enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        write!(vertices, "{sep}[{x}, {y}]").unwrap();
    }
    format!(
        r#"{{"format": 1, "demo": "penetration",
            "a": {{"shape": {{"type": "polygon", "vertices": [{vertices}]}}, "position": [-0.8, 0],
                   "velocity": [3, 0], "angular_velocity_deg": 90}},
            "b": {{"shape": {{"type": "box", "half_extents": [1, 0.5]}}, "position": [0.9, 0.2]}}}}"#
    )
}

/// `n` points on the unit circle: every one is a hull vertex.
fn circle(n: usize) -> impl Iterator<Item = (f64, f64)> {
    (0..n).map(move |i| {
        let a = i as f64 / n as f64 * std::f64::consts::TAU;
        (a.cos(), a.sin())
    })
}

#[test]
fn a_hundred_thousand_vertices_with_a_small_hull_load_and_answer() {
    // A cloud of 100,000 points in the unit disc (a fixed sequence): its hull has a few hundred
    // vertices at most, and that is what the queries see.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let mut points = Vec::with_capacity(100_000);
    while points.len() < 100_000 {
        let (x, y) = (next(), next());
        if x * x + y * y <= 1.0 {
            points.push((x, y));
        }
    }
    let scene = Scene::from_str(&scene_text(points.into_iter()), "cloud.json").unwrap();
    let bodies = scene.bodies().unwrap();
    assert!(
        bodies.a.vertices.len() < 1_000,
        "{}",
        bodies.a.vertices.len()
    );
    let r = scene_report(&scene).unwrap();
    assert!(r.distance.is_finite());
    // Each of the 99,000-odd points inside the hull gets a warning naming it.
    assert!(r.warnings.len() > 90_000);
}

#[test]
fn a_hundred_thousand_gon_loads_and_answers() {
    // A regular 100,000-gon: every vertex is on the hull, and every query walks them.
    let scene = Scene::from_str(&scene_text(circle(100_000)), "big.json").unwrap();
    assert_eq!(scene.bodies().unwrap().a.vertices.len(), 100_000);
    let r = scene_report(&scene).unwrap();
    assert!(r.intersecting && r.distance < 0.0, "{}", r.distance);
    assert!(r.warnings.is_empty());
}

#[test]
fn a_hull_beyond_the_limit_is_refused_naming_it() {
    // Just within the limit with B's four corners, it loads; one vertex more is refused.
    let n = MAX_HULL_VERTICES - 4;
    let s = Scene::from_str(&scene_text(circle(n)), "edge.json").unwrap();
    assert_eq!(s.bodies().unwrap().a.vertices.len(), n);
    let e = Scene::from_str(&scene_text(circle(n + 1)), "over.json").unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooLarge);
    let message = e.to_string();
    assert!(
        message.starts_with("over.json: a.shape.vertices: too large:"),
        "{message}"
    );
    assert!(
        message.contains(&format!("{} vertices", n + 1)),
        "{message}"
    );
    assert!(
        message.contains(&format!("at most {MAX_HULL_VERTICES} together")),
        "{message}"
    );
}

#[test]
fn too_many_vertices_are_refused_before_the_hull_is_taken() {
    let e = Scene::from_str(
        &scene_text((0..=MAX_VERTICES).map(|_| (0.5, 0.5))),
        "many.json",
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooLarge);
    assert_eq!(
        e.to_string(),
        format!(
            "many.json: a.shape.vertices: too large: {} vertices; a polygon may have at most \
             {MAX_VERTICES}",
            MAX_VERTICES + 1
        )
    );
}

#[test]
fn a_file_too_large_is_refused_unread() {
    let dir = std::env::temp_dir().join(format!("mlab-size-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.json");
    // A sparse file: its length is over the limit, it takes no room on disk.
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(MAX_FILE_BYTES + 1).unwrap();
    drop(f);
    let e = Scene::load(&path).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TooLarge);
    let message = e.to_string();
    assert!(
        message.starts_with(&format!("{}: too large: 64.0 MB", path.display())),
        "{message}"
    );
    assert!(message.contains("at most 64 MB"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}

//! `minkowski-lab report` as a person runs it: every scene prints the format-1 contract, and a
//! bad scene is refused on stderr with the file and the place.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_minkowski-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

/// `report` on `scene`, which must succeed, parsed.
fn report_of(scene: &str) -> Value {
    let out = run(&["report", scene]);
    assert!(
        out.status.success(),
        "{scene}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{scene}: {e}"))
}

fn scenes() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn vec2(v: &Value, what: &str) -> [f64; 2] {
    let a = v
        .as_array()
        .unwrap_or_else(|| panic!("{what} is not an array: {v}"));
    assert_eq!(a.len(), 2, "{what}: {v}");
    [a[0].as_f64().unwrap(), a[1].as_f64().unwrap()]
}

#[test]
fn every_scene_prints_the_contract() {
    let files = scenes();
    assert!(files.len() >= 20, "only {} scenes", files.len());
    for file in files {
        let name = file.display().to_string();
        let r = report_of(&name);
        assert_eq!(r["format"], 1, "{name}");
        let d = r["distance"].as_f64().unwrap();
        let n = vec2(&r["normal"], "normal");
        let sep = vec2(&r["separation"], "separation");
        let (pa, pb) = (
            vec2(&r["closest_points"]["a"], "a"),
            vec2(&r["closest_points"]["b"], "b"),
        );
        assert_eq!(r["intersecting"], d <= 0.0, "{name}");
        assert!(
            (n[0].hypot(n[1]) - 1.0).abs() < 1e-12,
            "{name}: normal {n:?}"
        );
        // point_b − point_a = distance · normal; separation = −distance · normal when overlapping.
        for k in 0..2 {
            assert!((pb[k] - pa[k] - d * n[k]).abs() < 1e-9, "{name}: witnesses");
            let want = if d < 0.0 { -d * n[k] } else { 0.0 };
            assert!((sep[k] - want).abs() < 1e-12, "{name}: separation {sep:?}");
        }
        let md = &r["minkowski_difference"];
        let verts: Vec<[f64; 2]> = md["vertices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| vec2(v, "vertex"))
            .collect();
        let sources = md["edge_sources"].as_array().unwrap();
        if verts.len() > 1 {
            assert_eq!(sources.len(), verts.len(), "{name}: one source per edge");
        }
        assert!(sources.iter().all(|s| s == "a" || s == "b"), "{name}");
        // Counter-clockwise: no right turn anywhere.
        for i in 0..verts.len() {
            let (p, q, s) = (
                verts[i],
                verts[(i + 1) % verts.len()],
                verts[(i + 2) % verts.len()],
            );
            let turn = (q[0] - p[0]) * (s[1] - q[1]) - (q[1] - p[1]) * (s[0] - q[0]);
            assert!(turn >= -1e-12, "{name}: MD turns right at vertex {}", i + 1);
        }
        assert!(md["radius"].as_f64().unwrap() >= 0.0);
        let sat = &r["sat"];
        assert!(!sat["axes"].as_array().unwrap().is_empty(), "{name}");
        assert_eq!(
            sat["separating_axis"].is_null(),
            d <= 0.0,
            "{name}: SAT vs distance"
        );
        assert_eq!(sat["mtv"].is_null(), d > 0.0, "{name}");
        assert!(r["warnings"].is_array());
        let scene: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let max_iterations = scene["settings"]["max_iterations"]
            .as_u64()
            .unwrap_or(64)
            .max(1);
        let ca_listed = r["conservative_advancement"]["iterations"]
            .as_array()
            .map(|a| a.len());
        for cast in ["linear_cast", "iterative_cast", "conservative_advancement"] {
            let c = &r[cast];
            let status = c["status"]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: {cast}: {c}"));
            assert!(
                [
                    "hit",
                    "miss",
                    "overlapping",
                    "out_of_iterations",
                    "no_progress"
                ]
                .contains(&status),
                "{name}: {cast} status {status}"
            );
            let toi = c["toi"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&toi), "{name}: {cast} toi {toi}");
            assert_eq!(
                c["hit"],
                status == "hit" || status == "overlapping",
                "{name}: {cast}"
            );
            assert_eq!(
                status == "overlapping",
                d <= 0.0,
                "{name}: {cast} overlapping iff d ≤ 0"
            );
            if status == "overlapping" {
                assert_eq!(toi, 0.0, "{name}: {cast}");
            }
            // Every status but a miss has a normal; a miss frees the whole motion.
            if status == "miss" {
                assert_eq!((toi, &c["normal"]), (1.0, &Value::Null), "{name}: {cast}");
            } else {
                let n = vec2(&c["normal"], "cast normal");
                assert!(
                    (n[0].hypot(n[1]) - 1.0).abs() < 1e-9,
                    "{name}: {cast} normal"
                );
            }
            if let Some(its) = c["iterations"].as_array() {
                assert!(!its.is_empty(), "{name}: {cast}");
                assert!(
                    its.len() as u64 <= max_iterations,
                    "{name}: {cast} made {} iterations, limit {max_iterations}",
                    its.len()
                );
            }
        }
        assert!(ca_listed.is_some(), "{name}: every iteration is listed");
        // The linear cast is exact: it agrees with SAT's exact first contact of the swept test
        // (a different method: the time each axis's gap closes) wherever that is reported.
        if let Some(first) = r["sat"]["swept"]["first_contact"].as_f64() {
            let lin = &r["linear_cast"];
            assert_eq!(lin["hit"], true, "{name}: SAT's first contact {first}");
            let toi = lin["toi"].as_f64().unwrap();
            assert!((toi - first).abs() < 1e-9, "{name}: {toi} vs {first}");
        } else if r["sat"]["swept"].is_object() {
            assert_eq!(r["linear_cast"]["status"], "miss", "{name}");
        }
        assert!(r["linear_cast"].get("iterations").is_none());
    }
}

/// Design section 5's example, number for number (its edge sources are ties: every MD side
/// comes from both boxes, so either letter is right; ours is the longer part, or B's when equal).
#[test]
fn the_designs_report_example() {
    let r = report_of("scenes/design_report_example.json");
    let expected: Value = serde_json::from_str(
        r#"{
          "format": 1, "intersecting": true, "distance": -0.25,
          "normal": [1.0, 0.0], "separation": [0.25, 0.0],
          "closest_points": { "a": [0.5, 0.0], "b": [0.25, 0.0] },
          "minkowski_difference": {
            "vertices": [[-0.25, -1.0], [1.75, -1.0], [1.75, 1.0], [-0.25, 1.0]], "radius": 0.0 }
        }"#,
    )
    .unwrap();
    for key in [
        "format",
        "intersecting",
        "distance",
        "normal",
        "separation",
        "closest_points",
    ] {
        assert_eq!(r[key], expected[key], "{key}");
    }
    let md = &r["minkowski_difference"];
    assert_eq!(md["vertices"], expected["minkowski_difference"]["vertices"]);
    assert_eq!(md["radius"], 0.0);
    assert_eq!(md["edge_sources"].as_array().unwrap().len(), 4);
    assert_eq!(r["sat"]["mtv"], serde_json::json!([0.25, 0.0]));
    assert_eq!(r["sat"]["separating_axis"], Value::Null);
}

/// Issue 3's known answer through the binary: circles of radius 1, A still at the origin, B at
/// (5, 1) moving (−10, 0): first contact at (5 − √3)/10.
#[test]
fn casts_report_the_known_time_of_impact() {
    let r = report_of("scenes/circles_known_time_of_impact.json");
    let exact = (5.0 - 3f64.sqrt()) / 10.0;
    let lin = &r["linear_cast"];
    assert_eq!(lin["status"], "hit");
    assert!(
        (lin["toi"].as_f64().unwrap() - exact).abs() < 1e-12,
        "{lin}"
    );
    let n = vec2(&lin["normal"], "normal");
    assert!(
        (n[0] - 3f64.sqrt() / 2.0).abs() < 1e-12 && (n[1] - 0.5).abs() < 1e-12,
        "{n:?}"
    );
    // The iterative casts stop at most `tolerance` (1e-3, in distance) short of the contact;
    // B closes at 10 per unit of t along x, at least 8.6 along the normal.
    for cast in ["iterative_cast", "conservative_advancement"] {
        let c = &r[cast];
        assert_eq!(c["status"], "hit", "{cast}");
        let toi = c["toi"].as_f64().unwrap();
        assert!(
            toi <= exact && exact - toi < 1e-3 / 8.6,
            "{cast}: {toi} vs {exact}"
        );
        let its = c["iterations"].as_array().unwrap();
        assert!(!its.is_empty() && its.len() <= 64, "{cast}");
        assert_eq!(its[0]["t"], 0.0);
        assert!((its[0]["distance"].as_f64().unwrap() - (26f64.sqrt() - 2.0)).abs() < 1e-12);
    }
}

#[test]
fn the_tilted_box_regression_reports_the_true_gap() {
    let r = report_of("scenes/regression_tilted_box_over_apex.json");
    assert_eq!(r["warnings"], Value::Array(vec![]));
    let d = r["distance"].as_f64().unwrap();
    assert!(
        (d - 0.12 / 5f64.sqrt()).abs() < 1e-9,
        "the regression's gap: {d}"
    );
}

#[test]
fn a_concave_outline_warns_by_path() {
    let r = report_of("scenes/polygon_vs_box_apart.json");
    let w = r["warnings"].as_array().unwrap();
    assert_eq!(w.len(), 1, "{w:?}");
    let w = w[0].as_str().unwrap();
    assert!(
        w.starts_with("a.shape.vertices[3]") && w.contains("not convex"),
        "{w}"
    );
}

#[test]
fn a_misspelt_field_or_a_nan_is_refused_with_file_and_place() {
    let dir = std::env::temp_dir().join(format!("mlab-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/obb_vs_obb.json"),
    )
    .unwrap();
    let cases = [
        (
            "typo.json",
            good.replacen("\"position\"", "\"postion\"", 1),
            vec!["typo.json", "a.postion", "unknown field"],
        ),
        (
            "nan.json",
            good.replacen("-0.8", "NaN", 1),
            vec!["nan.json:", "`NaN` is not a number in JSON"],
        ),
        (
            "huge.json",
            good.replacen("-0.8", "1e999", 1),
            vec!["huge.json:", "out of range"],
        ),
    ];
    for (file, text, wants) in cases {
        assert_ne!(text, good, "{file}: the edit did not apply");
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let out = run(&["report", path.to_str().unwrap()]);
        assert!(!out.status.success(), "{file} was accepted");
        assert!(out.stdout.is_empty(), "{file}: nothing on stdout");
        let err = String::from_utf8_lossy(&out.stderr);
        for want in wants {
            assert!(err.contains(want), "{file}: {err:?} lacks {want:?}");
        }
    }
    let missing = run(&["report", "no/such/scene.json"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no/such/scene.json"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Valid but extreme scenes, found by review: each once panicked in the geometry (a zero-length
/// edge after rounding far from the origin, an edge too short to square) or could. `report`
/// must answer all of them with a finite, consistent contact.
#[test]
fn extreme_scenes_are_answered_not_panicked_on() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/extreme");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.display().to_string();
        let r = report_of(&name);
        let d = r["distance"].as_f64().unwrap();
        let n = vec2(&r["normal"], "normal");
        assert!(
            d.is_finite() && (n[0].hypot(n[1]) - 1.0).abs() < 1e-12,
            "{name}: {d} {n:?}"
        );
        count += 1;
    }
    assert!(count >= 9);
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_minkowski-lab"))
        .args(["report", "scenes/obb_vs_obb.json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before anything is read
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "exit {status:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// A number the contract requires (a JSON number is always finite; null or text is not one).
fn number(v: &Value, what: &str) -> f64 {
    v.as_f64()
        .unwrap_or_else(|| panic!("{what} is not a number: {v}"))
}

/// A list of `[x, y]` points.
fn points(v: &Value, what: &str) -> Vec<[f64; 2]> {
    v.as_array()
        .unwrap_or_else(|| panic!("{what} is not an array: {v}"))
        .iter()
        .map(|p| vec2(p, what))
        .collect()
}

/// `section`'s status, which must be one of `allowed`.
fn status_of<'v>(section: &'v Value, allowed: &[&str], what: &str) -> &'v str {
    let status = section["status"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: no status in {section}"));
    assert!(allowed.contains(&status), "{what}: status {status}");
    status
}

fn length(v: [f64; 2]) -> f64 {
    v[0].hypot(v[1])
}

/// Design section 5's `gjk` and `epa` sections, checked against the rest of the report: every
/// field of the fixed shape is there with the right kind of value, and the bounds of every
/// iteration hold the exact core distance (the report's `distance` plus the radii), within
/// rounding of the scene's scale.
fn check_gjk_epa(r: &Value, name: &str) {
    let radius = number(&r["minkowski_difference"]["radius"], "radius");
    let core = number(&r["distance"], "distance") + radius;
    let scale = points(&r["minkowski_difference"]["vertices"], "MD vertices")
        .into_iter()
        .chain([
            vec2(&r["closest_points"]["a"], "a"),
            vec2(&r["closest_points"]["b"], "b"),
        ])
        .flat_map(|p| p.map(f64::abs))
        .fold(radius, f64::max)
        .max(f64::MIN_POSITIVE);
    let tol = 1e-9 * scale;

    let g = &r["gjk"];
    let status = status_of(
        g,
        &[
            "converged",
            "overlapping",
            "no_progress",
            "out_of_iterations",
        ],
        &format!("{name}: gjk"),
    );
    match status {
        "converged" => {
            let d = number(&g["distance"], "gjk distance");
            assert!(
                d > 0.0 && (d - core).abs() <= tol,
                "{name}: gjk distance {d} vs exact core distance {core}"
            );
        }
        "overlapping" => assert!(g["distance"].is_null(), "{name}: {g}"),
        _ => {}
    }
    let its = g["iterations"].as_array().unwrap();
    assert!(!its.is_empty(), "{name}: no GJK iterations");
    let mut uppers = Vec::new();
    for (i, it) in its.iter().enumerate() {
        let at = format!("{name}: gjk iteration {}", i + 1);
        let simplex = points(&it["simplex"], "simplex");
        assert!((1..=3).contains(&simplex.len()), "{at}: {simplex:?}");
        let closest = vec2(&it["closest"], "closest");
        let upper = number(&it["upper_bound"], "upper_bound");
        assert!(
            (upper - length(closest)).abs() <= tol,
            "{at}: upper bound {upper} vs |closest| {}",
            length(closest)
        );
        assert!(
            core <= upper + tol,
            "{at}: exact core distance {core} above the upper bound {upper}"
        );
        if it["direction"].is_null() {
            assert!(it["support"].is_null(), "{at}: a support without a search");
        } else {
            let dir = vec2(&it["direction"], "direction");
            assert!((length(dir) - 1.0).abs() < 1e-12, "{at}: direction {dir:?}");
        }
        assert_eq!(
            it["support"].is_null(),
            it["lower_bound"].is_null(),
            "{at}: a lower bound comes with a support point: {it}"
        );
        if !it["support"].is_null() {
            vec2(&it["support"], "support");
            let lower = number(&it["lower_bound"], "lower_bound");
            assert!(
                lower <= core + tol,
                "{at}: lower bound {lower} above the exact core distance {core}"
            );
        }
        uppers.push(upper);
    }
    // |v| only shrinks, except in the step that ends a run with `no_progress` (by rounding).
    let counted = uppers.len() - usize::from(status == "no_progress");
    for (i, w) in uppers[..counted].windows(2).enumerate() {
        assert!(
            w[1] <= w[0],
            "{name}: upper bound rose from {} to {} at iteration {}",
            w[0],
            w[1],
            i + 2
        );
    }

    let e = &r["epa"];
    if status != "overlapping" {
        assert!(
            e.is_null(),
            "{name}: EPA ran on cores GJK found {status}: {e}"
        );
        return;
    }
    let depth = number(&e["depth"], "epa depth");
    let normal = vec2(&e["normal"], "epa normal");
    assert!((length(normal) - 1.0).abs() < 1e-12, "{name}: {normal:?}");
    assert!(
        (depth + core).abs() <= tol,
        "{name}: epa depth {depth} vs exact core depth {}",
        -core
    );
    let status = status_of(
        e,
        &[
            "converged",
            "degenerate_md",
            "no_progress",
            "out_of_iterations",
        ],
        &format!("{name}: epa"),
    );
    let its = e["iterations"].as_array().unwrap();
    assert_eq!(its.is_empty(), status == "degenerate_md", "{name}: {e}");
    for (i, it) in its.iter().enumerate() {
        let at = format!("{name}: epa iteration {}", i + 1);
        let polytope = points(&it["polytope"], "polytope");
        assert!(polytope.len() >= 3, "{at}: {polytope:?}");
        let edge = points(&it["edge"], "edge");
        assert_eq!(edge.len(), 2, "{at}");
        assert!(
            edge.iter().all(|p| polytope.contains(p)),
            "{at}: edge {edge:?} not on the polytope {polytope:?}"
        );
        vec2(&it["support"], "support");
        let (lower, upper) = (
            number(&it["edge_distance"], "edge_distance"),
            number(&it["upper_bound"], "upper_bound"),
        );
        assert!(
            lower <= -core + tol && -core <= upper + tol,
            "{at}: exact core depth {} outside [{lower}, {upper}]",
            -core
        );
    }
}

#[test]
fn every_scene_has_gjk_and_epa_sections_whose_bounds_hold() {
    let extreme = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/extreme");
    let mut files = scenes();
    files.extend(
        std::fs::read_dir(extreme)
            .unwrap()
            .map(|e| e.unwrap().path()),
    );
    let mut ran_epa = 0;
    for file in files {
        let name = file.display().to_string();
        let r = report_of(&name);
        check_gjk_epa(&r, &name);
        ran_epa += usize::from(!r["epa"].is_null());
    }
    assert!(ran_epa >= 10, "EPA ran on {ran_epa} scenes");
}

/// Apart polygons: GJK converges on the distance (no radii: the core distance is the distance)
/// with its bounds closed on it, and EPA does not run.
#[test]
fn apart_polygons_gjk_converges_and_epa_is_null() {
    let r = report_of("scenes/polygon_vs_polygon_apart.json");
    let g = &r["gjk"];
    assert_eq!(g["status"], "converged", "{g}");
    let (d, exact) = (
        number(&g["distance"], "distance"),
        number(&r["distance"], "d"),
    );
    assert!((d - exact).abs() < 1e-12, "gjk {d} vs exact {exact}");
    let last = g["iterations"].as_array().unwrap().last().unwrap();
    let (lower, upper) = (
        number(&last["lower_bound"], "lower"),
        number(&last["upper_bound"], "upper"),
    );
    assert!(
        lower <= upper && upper - lower < 1e-12 * exact,
        "[{lower}, {upper}]"
    );
    assert_eq!(r["epa"], Value::Null);
}

/// Overlapping polygons: GJK encloses the origin (no distance, no search in its last step) and
/// hands over to EPA, whose depth and normal are the report's penetration, its last nearest
/// edge an MD edge at exactly that depth.
#[test]
fn overlapping_polygons_gjk_hands_over_to_epa() {
    let r = report_of("scenes/polygon_vs_polygon_overlapping.json");
    let g = &r["gjk"];
    assert_eq!(
        (&g["status"], &g["distance"]),
        (&"overlapping".into(), &Value::Null)
    );
    let last = g["iterations"].as_array().unwrap().last().unwrap();
    assert_eq!(last["direction"], Value::Null, "{last}");
    assert_eq!(last["upper_bound"], 0.0, "{last}");
    let e = &r["epa"];
    assert_eq!(e["status"], "converged", "{e}");
    let (depth, d) = (number(&e["depth"], "depth"), number(&r["distance"], "d"));
    assert!(
        (depth + d).abs() < 1e-12,
        "epa depth {depth} vs distance {d}"
    );
    let (n, want) = (vec2(&e["normal"], "normal"), vec2(&r["normal"], "normal"));
    assert!(
        (n[0] - want[0]).abs() < 1e-12 && (n[1] - want[1]).abs() < 1e-12,
        "epa normal {n:?} vs {want:?}"
    );
    let last = e["iterations"].as_array().unwrap().last().unwrap();
    let (lower, upper) = (
        number(&last["edge_distance"], "edge_distance"),
        number(&last["upper_bound"], "upper"),
    );
    assert!(
        (lower - depth).abs() < 1e-12 && (upper - depth).abs() < 1e-12,
        "[{lower}, {upper}] vs depth {depth}"
    );
}

/// The design's example by EPA: depth 0.25 along +x, exactly.
#[test]
fn the_designs_example_by_epa() {
    let r = report_of("scenes/design_report_example.json");
    let e = &r["epa"];
    assert_eq!(e["depth"], 0.25, "{e}");
    assert_eq!(e["normal"], serde_json::json!([1.0, 0.0]), "{e}");
}

/// Touching boxes: the origin is on the core MD's boundary, so GJK reports overlapping (no
/// distance) and EPA finds depth 0 with the touching faces' normal.
#[test]
fn touching_boxes_have_depth_zero() {
    let r = report_of("scenes/box_vs_box_touching.json");
    assert_eq!(r["gjk"]["status"], "overlapping");
    assert_eq!(r["gjk"]["distance"], Value::Null);
    let e = &r["epa"];
    assert!(number(&e["depth"], "depth").abs() < 1e-12, "{e}");
    assert_eq!(e["normal"], r["normal"], "{e}");
}

/// A circle (core: its centre) against a capsule (core: a segment): GJK works on the cores, so
/// shapes that overlap by their rounding have apart cores, a core distance of the distance plus
/// both radii, a simplex of at most two distinct points, and no EPA.
#[test]
fn circle_and_capsule_cores_are_a_point_and_a_segment() {
    for scene in [
        "scenes/circle_vs_capsule_apart.json",
        "scenes/circle_vs_capsule_overlapping.json",
    ] {
        let r = report_of(scene);
        let g = &r["gjk"];
        assert_eq!(g["status"], "converged", "{scene}: {g}");
        let core = number(&r["distance"], "d") + number(&r["minkowski_difference"]["radius"], "r");
        let d = number(&g["distance"], "gjk distance");
        assert!((d - core).abs() < 1e-12, "{scene}: gjk {d} vs core {core}");
        for it in g["iterations"].as_array().unwrap() {
            let mut simplex = points(&it["simplex"], "simplex");
            simplex.dedup();
            assert!(simplex.len() <= 2, "{scene}: {simplex:?}");
        }
        assert_eq!(r["epa"], Value::Null, "{scene}");
    }
    let r = report_of("scenes/circle_vs_capsule_overlapping.json");
    assert!(
        number(&r["distance"], "d") < 0.0,
        "the rounded shapes overlap"
    );
}

//! `minkowski-lab render` as a person runs it, on the paths that need no window: the SVG, and
//! every error that must be found before a window would open (stderr, non-zero, no file).

use std::path::PathBuf;
use std::process::Command;

fn run(args: &[&str], env_display: bool) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_minkowski-lab"));
    c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    if !env_display {
        c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    }
    c.output().expect("the binary runs")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mlab-render-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn an_svg_is_written_without_a_window() {
    let dir = temp_dir("svg");
    let out = dir.join("sat.svg");
    let o = run(
        &[
            "render",
            "scenes/sat_projections.json",
            "-o",
            out.to_str().unwrap(),
            "--step",
            "4",
            "--size",
            "1000x700",
        ],
        false,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc = std::fs::read_to_string(&out).unwrap();
    assert!(doc.starts_with("<?xml") && doc.trim_end().ends_with("</svg>"));
    assert!(doc.contains("width=\"1000.00\""));
    assert!(
        doc.contains("step 4 of 8"),
        "the step is shown, counted from 1"
    );
    // Nothing but the picture is left in the folder.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    // Another demo, and a step past the end is clamped.
    let o = run(
        &[
            "render",
            "scenes/sat_projections.json",
            "-o",
            out.to_str().unwrap(),
            "--demo",
            "penetration",
            "--step",
            "99",
        ],
        false,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("Minimum translation (polygons), step"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `-o OUT.csv` writes the demo's iteration table, as the window's CSV button does: no window,
/// typed cells (whole numbers, words, exact decimals); a demo without a table is refused with
/// the scene and the demo named, and nothing is written.
#[test]
fn a_csv_is_the_iteration_table_without_a_window() {
    let dir = temp_dir("csv");
    let out = dir.join("cloud.csv");
    let o = run(
        &[
            "render",
            "scenes/point_cloud_triangles.json",
            "-o",
            out.to_str().unwrap(),
            "--step",
            "2",
        ],
        false,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines[0], "step,from,to,left,right,on line,verdict,accepted");
    assert_eq!(
        lines[1],
        "1,b2-a1,b0-a0,2,2,1,splits the points: refused,no"
    );
    assert!(
        text.contains(",no point outside: a hull edge,yes\r\n"),
        "{text}"
    );
    // Another demo of the same scene: exact numbers.
    let o = run(
        &[
            "render",
            "scenes/sat_projections.json",
            "-o",
            out.to_str().unwrap(),
            "--demo",
            "sat",
        ],
        false,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    let row: Vec<&str> = text.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(row[0], "1", "step 1: axis 1");
    assert!(
        row[1].len() > 10,
        "full precision, not 4 decimals: {}",
        row[1]
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "only the CSV");
    // No table: an error that says where and what, and no file.
    std::fs::remove_file(&out).unwrap();
    let o = run(
        &[
            "render",
            "scenes/sat_projections.json",
            "-o",
            out.to_str().unwrap(),
            "--demo",
            "linear_cast",
        ],
        false,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("scenes/sat_projections.json: the linear_cast demo has no iteration table"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn errors_are_found_before_a_window_opens() {
    let dir = temp_dir("errors");
    let png = dir.join("x.png");
    let png = png.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["render", "scenes/missing.json", "-o", png],
            "missing.json",
        ),
        (
            &[
                "render",
                "scenes/obb_vs_obb.json",
                "-o",
                png,
                "--demo",
                "nope",
            ],
            "unknown demo",
        ),
        (
            &[
                "render",
                "scenes/obb_vs_obb.json",
                "-o",
                png,
                "--size",
                "big",
            ],
            "not a size",
        ),
        (
            &[
                "render",
                "scenes/obb_vs_obb.json",
                "-o",
                "/no/such/dir/x.png",
            ],
            "/no/such/dir/x.png",
        ),
        (
            &["render", "scenes/obb_vs_obb.json", "-o", "x.gif"],
            ".png or .svg (a picture) or .csv (the iteration table)",
        ),
        (
            &["render", "scenes/obb_vs_obb.json", "-o", png, "--step", "0"],
            "steps count from 1",
        ),
        // A PNG needs a window, and there is no display here.
        (&["render", "scenes/obb_vs_obb.json", "-o", png], "xvfb-run"),
    ];
    for (args, says) in cases {
        let o = run(args, false);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?} succeeded");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "no file left");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The window without a display (a server, an SSH login): one line that says how to get one,
/// status 1, no backtrace, and no recovery file for work that never existed. A `DISPLAY` that
/// names a local X server that is not there is no display either.
#[test]
fn the_window_without_a_display_says_how_to_get_one() {
    let dir = temp_dir("no-display");
    for display in [None, Some(":987")] {
        let mut c = Command::new(env!("CARGO_BIN_EXE_minkowski-lab"));
        c.current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("MINKOWSKI_LAB_RECOVERY_DIR", &dir)
            .env_remove("WAYLAND_DISPLAY");
        match display {
            Some(d) => c.env("DISPLAY", d),
            None => c.env_remove("DISPLAY"),
        };
        let o = c.output().expect("the binary runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{display:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{display:?}: {err}");
        assert!(
            err.starts_with("error: the window needs a display"),
            "{err}"
        );
        assert!(err.contains("xvfb-run") && err.contains(".svg"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "no recovery file"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--time` and `--convention` on every shipped scene: each draws, says what it shows, and a
/// time outside the motion is refused before anything is written.
#[test]
fn every_scene_renders_at_a_moment_and_mirrored() {
    let dir = temp_dir("time");
    let mut scenes = 0;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenes")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let scene = path.to_str().unwrap();
        let out = dir.join("x.svg");
        let svg_with = |option: &str, value: &str| {
            let o = run(
                &["render", scene, option, value, "-o", out.to_str().unwrap()],
                false,
            );
            let why = String::from_utf8_lossy(&o.stderr);
            assert!(o.status.success(), "{scene} {option} {value}: {why}");
            std::fs::read_to_string(&out).unwrap()
        };
        let svg = svg_with("--time", "0.5");
        assert!(svg.contains("The motion at t = 0.5000"), "{scene}");
        assert!(svg.contains("time t"), "{scene}: the moment's read-outs");
        let svg = svg_with("--convention", "a-b");
        assert!(svg.contains("Configuration space: A \u{2212} B"), "{scene}");
        assert!(svg.contains("mirrored through the"), "{scene}: the note");
        scenes += 1;
    }
    assert!(scenes > 40, "{scenes}");
    for bad in [
        ["--time", "1.5"],
        ["--time", "soon"],
        ["--convention", "b+a"],
    ] {
        let out = dir.join("bad.svg");
        let o = run(
            &[
                "render",
                "scenes/obb_vs_obb.json",
                bad[0],
                bad[1],
                "-o",
                out.to_str().unwrap(),
            ],
            false,
        );
        assert!(!o.status.success(), "{bad:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains(bad[1]),
            "{bad:?}"
        );
        assert!(!out.exists(), "{bad:?}: no file");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

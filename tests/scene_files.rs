//! Scene files: every file in `scenes/` loads and means what its name says, every malformed file
//! in `tests/malformed/` gives the error `EXPECTED.txt` asks for, scenes survive saving and
//! loading unchanged, saving is atomic, and no input bytes make the loader panic.

mod common;

use common::{Rng, TempDir};
use minkowski_lab::geometry::{contact, DVec2, Source};
use minkowski_lab::scene::{
    Body, Demo, ErrorKind, Place, Scene, SceneError, Settings, ShapeSpec, WarningKind,
};
use std::path::{Path, PathBuf};

fn json_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

fn load(path: &Path) -> Scene {
    Scene::load(path).unwrap_or_else(|e| panic!("{e}"))
}

/// The shared seeded generator (failures reproduce), with the scene-making draws below.
struct Gen(Rng);

impl std::ops::Deref for Gen {
    type Target = Rng;
    fn deref(&self) -> &Rng {
        &self.0
    }
}

impl std::ops::DerefMut for Gen {
    fn deref_mut(&mut self) -> &mut Rng {
        &mut self.0
    }
}

impl Gen {
    /// A number of every awkward kind the file may hold.
    fn number(&mut self, lo: f64, hi: f64) -> f64 {
        match self.below(9) {
            0 => 0.0,
            1 => -0.0,
            2 => (self.below(41) as f64 - 20.0) / 4.0,
            3 => self.range(lo, hi) * 1e-12,
            4 => 5e-324, // the smallest subnormal
            _ => self.range(lo, hi),
        }
        .clamp(lo, hi)
    }
    fn vector(&mut self, limit: f64) -> DVec2 {
        DVec2::new(self.number(-limit, limit), self.number(-limit, limit))
    }
    fn text(&mut self) -> String {
        const PIECES: [&str; 10] = [
            "box",
            " ",
            "\"quoted\"",
            "back\\slash",
            "\n",
            "é ⊖ ü",
            "\u{1}",
            "tab\t",
            "{[",
            "",
        ];
        (0..self.below(6))
            .map(|_| PIECES[self.below(PIECES.len())])
            .collect()
    }
    fn json(&mut self, depth: usize) -> serde_json::Value {
        use serde_json::Value;
        match self.below(if depth > 2 { 5 } else { 7 }) {
            0 => Value::Null,
            1 => Value::Bool(self.below(2) == 0),
            2 => Value::from(self.next_u64() as i64),
            3 => Value::from(self.range(-1e3, 1e3)),
            4 => Value::String(self.text()),
            5 => Value::Array((0..self.below(4)).map(|_| self.json(depth + 1)).collect()),
            _ => self.object(depth + 1),
        }
    }
    fn object(&mut self, depth: usize) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for _ in 0..self.below(4) {
            let key = self.text();
            let value = self.json(depth + 1);
            map.insert(key, value);
        }
        serde_json::Value::Object(map)
    }
    fn shape(&mut self) -> ShapeSpec {
        match self.below(4) {
            0 => ShapeSpec::Circle {
                radius: self.number(0.0, 10.0),
            },
            1 => ShapeSpec::Box {
                half_extents: DVec2::new(self.number(0.0, 10.0), self.number(0.0, 10.0)),
            },
            2 => ShapeSpec::Polygon {
                vertices: (0..1 + self.below(12)).map(|_| self.vector(10.0)).collect(),
                radius: self.number(0.0, 2.0),
            },
            _ => ShapeSpec::Capsule {
                half_length: self.number(0.0, 10.0),
                radius: self.number(0.0, 10.0),
            },
        }
    }
    fn body(&mut self) -> Body {
        Body {
            shape: self.shape(),
            position: self.vector(100.0),
            angle_deg: self.number(-720.0, 720.0),
            velocity: self.vector(100.0),
            angular_velocity_deg: self.number(-720.0, 720.0),
        }
    }
    fn scene(&mut self) -> Scene {
        Scene {
            title: self.text(),
            description: (self.below(2) == 0).then(|| self.text()),
            demo: Demo::ALL[self.below(Demo::ALL.len())],
            a: self.body(),
            b: self.body(),
            settings: Settings {
                tolerance: self.range(1e-9, 1.0),
                max_iterations: 1 + self.below(1_000_000) as u32,
            },
            view: (self.below(2) == 0).then(|| self.object(0)),
            extra: (self.below(3) == 0).then(|| self.object(0)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The scenes directory.

#[test]
fn every_scene_file_loads_with_a_title_and_a_description() {
    let files = json_files("scenes");
    assert!(files.len() >= 20, "{} scene files", files.len());
    for path in &files {
        let scene = load(path);
        assert!(
            !scene.title.trim().is_empty(),
            "{}: no title",
            path.display()
        );
        let description = scene.description.as_deref().unwrap_or("");
        assert!(
            description.len() > 40,
            "{}: the description should teach something: {description:?}",
            path.display()
        );
        scene
            .bodies()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    // Every demo has at least one scene to start from.
    for demo in Demo::ALL {
        assert!(
            files.iter().any(|p| load(p).demo == demo),
            "no scene starts with demo {}",
            demo.as_str()
        );
    }
}

#[test]
fn every_shape_pair_has_a_scene_apart_and_one_overlapping() {
    let names: Vec<String> = json_files("scenes")
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let types = ["polygon", "box", "circle", "capsule"];
    let kind = |s: &ShapeSpec| s.type_name();
    for (i, &s) in types.iter().enumerate() {
        for &t in &types[i..] {
            for state in ["apart", "overlapping"] {
                let found = json_files("scenes").into_iter().any(|p| {
                    let scene = load(&p);
                    let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
                    let pair = [kind(&scene.a.shape), kind(&scene.b.shape)];
                    let d = contact(&scene.bodies().unwrap().a, &scene.bodies().unwrap().b);
                    (pair == [s, t] || pair == [t, s])
                        && (state == "apart") == (d.distance > 0.0)
                        && (stem.contains(state) || stem.starts_with("obb_vs_obb"))
                });
                assert!(found, "no scene with {s} vs {t} {state}; have {names:?}");
            }
        }
    }
}

/// The name says apart, overlapping or touching: the exact contact must agree.
#[test]
fn scene_names_match_their_geometry() {
    for path in json_files("scenes") {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let bodies = load(&path).bodies().unwrap();
        let d = contact(&bodies.a, &bodies.b).distance;
        let name = path.display();
        if stem.ends_with("_apart") {
            assert!(d > 0.05, "{name}: distance {d}, expected clearly apart");
        }
        if stem.ends_with("_overlapping")
            || [
                "obb_vs_obb",
                "identical_shapes_same_pose",
                "concentric_circles",
            ]
            .contains(&stem.as_str())
        {
            assert!(
                d < -0.05,
                "{name}: distance {d}, expected clearly overlapping"
            );
        }
        if stem.ends_with("_touching") {
            assert!(d.abs() <= 1e-12, "{name}: distance {d}, expected touching");
        }
    }
}

#[test]
fn obb_vs_obb_is_the_first_articles_aligned_demo() {
    let s = load(Path::new("scenes/obb_vs_obb.json"));
    assert_eq!(s.demo, Demo::Penetration);
    assert_eq!(
        s.a.shape,
        ShapeSpec::Box {
            half_extents: DVec2::new(1.0, 0.5)
        }
    );
    assert_eq!(s.a.position, DVec2::new(-0.8, 0.0));
    assert!(matches!(s.b.shape, ShapeSpec::Box { .. }));
    assert_eq!(
        (s.a.angle_deg - s.b.angle_deg).rem_euclid(90.0),
        0.0,
        "exactly aligned"
    );
    let bodies = s.bodies().unwrap();
    // Exactly aligned: B's support along A's edge normals is a whole edge (two tied vertices).
    assert_eq!(bodies.b.support_vertices(DVec2::new(-1.0, 0.0)).len(), 2);
}

#[test]
fn point_cloud_scene_is_the_fourth_articles_example() {
    let s = load(Path::new("scenes/point_cloud_triangles.json"));
    assert_eq!(s.demo, Demo::PointCloud);
    let tri = |v: [[f64; 2]; 3]| ShapeSpec::Polygon {
        vertices: v.iter().map(|&p| DVec2::from(p)).collect(),
        radius: 0.0,
    };
    // The article's own order: its first polygon is A, its second B (it subtracts a − b, the
    // mirror of this program's B ⊖ A; the figure says so where its misprint lands).
    assert_eq!(s.a.shape, tri([[1.0, 1.0], [3.0, 1.0], [2.0, 2.0]]));
    assert_eq!(s.b.shape, tri([[2.0, 1.0], [4.0, 1.0], [3.0, 2.0]]));
    assert_eq!((s.a.position, s.b.position), (DVec2::ZERO, DVec2::ZERO));
    assert_eq!((s.a.angle_deg, s.b.angle_deg), (0.0, 0.0));
}

#[test]
fn design_example_loads_with_its_defaults() {
    let s = load(Path::new("scenes/design_example.json"));
    assert_eq!(s.title, "OBB vs OBB");
    assert_eq!(s.demo, Demo::Penetration);
    assert_eq!(s.b.position, DVec2::new(0.9, 0.2));
    assert_eq!(s.b.angle_deg, 15.0);
    assert_eq!(s.b.velocity, DVec2::ZERO);
    assert_eq!(s.b.angular_velocity_deg, 0.0);
    assert_eq!(
        s.b.shape,
        ShapeSpec::Polygon {
            vertices: vec![
                DVec2::new(0.0, 1.0),
                DVec2::new(-1.0, -1.0),
                DVec2::new(1.0, -1.0)
            ],
            radius: 0.0
        }
    );
    assert_eq!(s.settings, Settings::default());
    assert_eq!(s.b.pose().angle, 15f64.to_radians());
}

#[test]
fn the_dented_outline_warns_about_its_notch() {
    let s = load(Path::new("scenes/polygon_vs_box_apart.json"));
    let warnings = s.bodies().unwrap().warnings;
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].kind, WarningKind::NotConvex);
    assert_eq!(
        warnings[0].to_string(),
        "a.shape.vertices[3] lies inside the hull: the outline is not convex, so its convex \
         hull is used"
    );
    // The other scenes are convex as written.
    for path in json_files("scenes") {
        if !path.ends_with("polygon_vs_box_apart.json") {
            let w = load(&path).bodies().unwrap().warnings;
            assert!(w.is_empty(), "{}: {w:?}", path.display());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Malformed files.

fn expectations() -> Vec<(String, Vec<String>)> {
    let table = std::fs::read_to_string("tests/malformed/EXPECTED.txt").unwrap();
    table
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(" | ").map(|p| p.trim().to_string());
            let file = parts.next().unwrap();
            (file, parts.collect())
        })
        .collect()
}

#[test]
fn every_malformed_file_gives_the_expected_error() {
    let table = expectations();
    let files: Vec<String> = json_files("tests/malformed")
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(files.len() >= 20, "only {} malformed files", files.len());
    let listed: Vec<&String> = table.iter().map(|(f, _)| f).collect();
    for f in &files {
        assert!(listed.contains(&f), "{f} has no line in EXPECTED.txt");
    }
    for (file, wanted) in &table {
        assert!(
            files.contains(file),
            "EXPECTED.txt names {file}, which is missing"
        );
        assert!(!wanted.is_empty(), "{file}: no expected substring");
        let path = format!("tests/malformed/{file}");
        let error = match Scene::load(&path) {
            Ok(_) => panic!("{path} loaded, but it should not"),
            Err(e) => e,
        };
        let message = error.to_string();
        assert!(
            message.starts_with(&path),
            "the error does not start with the file name:\n  {message}"
        );
        for w in wanted {
            assert!(
                message.contains(w.as_str()),
                "{file}: the error lacks {w:?}:\n  {message}"
            );
        }
    }
}

#[test]
fn error_places_read_as_the_design_says() {
    let text = std::fs::read_to_string("tests/malformed/vertex_not_a_pair.json").unwrap();
    let e = Scene::from_str(&text, "scenes/foo.json").unwrap_err();
    assert_eq!(
        e.to_string(),
        "scenes/foo.json: b.shape.vertices[3]: expected a pair of numbers [x, y], found only \
         one number"
    );
    assert_eq!(e.kind, ErrorKind::Structure);
    assert!(matches!(
        &e.place,
        Place::Path { path, line_column: Some(_) } if path == "b.shape.vertices[3]"
    ));

    let text = std::fs::read_to_string("tests/malformed/missing_comma.json").unwrap();
    let e = Scene::from_str(&text, "scenes/foo.json").unwrap_err();
    assert_eq!(e.to_string(), "scenes/foo.json:4:3: expected `,` or `}`");
    assert_eq!(e.place, Place::Text { line: 4, column: 3 });
    assert_eq!(e.kind, ErrorKind::Syntax);

    let e = Scene::load("scenes/no_such_scene.json").unwrap_err();
    assert_eq!(e.to_string(), "scenes/no_such_scene.json: file not found");
    assert_eq!(e.kind, ErrorKind::Io);
    let e = Scene::load("scenes").unwrap_err();
    assert!(e.to_string().starts_with("scenes: "), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Saving.

fn round_trip(scene: &Scene, dir: &Path, what: &str) {
    let path = dir.join("scene.json");
    scene
        .save(&path)
        .unwrap_or_else(|e| panic!("{what}: cannot save: {e}"));
    let back = Scene::load(&path).unwrap_or_else(|e| {
        panic!(
            "{what}: saved file does not load: {e}\n{}",
            scene.to_json_string()
        )
    });
    assert_eq!(&back, scene, "{what}:\n{}", scene.to_json_string());
    // Printing is stable: the saved text prints back the same.
    assert_eq!(back.to_json_string(), scene.to_json_string(), "{what}");
}

#[test]
fn every_scene_file_survives_save_and_load() {
    let dir = TempDir::new("scene-files");
    for path in json_files("scenes") {
        round_trip(&load(&path), &dir.0, &path.display().to_string());
    }
}

#[test]
fn random_scenes_survive_save_and_load() {
    let dir = TempDir::new("scene-random");
    let mut rng = Gen(Rng(0x05ee_d0f5_ce7e));
    let mut saved = 0;
    for i in 0..300 {
        let scene = rng.scene();
        if let Err(e) = scene.validate() {
            // Only a random polygon on one line can be refused; everything else is in range.
            assert!(e.problem.contains("one line"), "scene {i}: {e}");
            continue;
        }
        round_trip(&scene, &dir.0, &format!("random scene {i}"));
        // from_str on the text agrees with load.
        let text = scene.to_json_string();
        assert_eq!(Scene::from_str(&text, "x.json").unwrap(), scene);
        saved += 1;
    }
    assert!(saved > 250, "only {saved} random scenes were valid");
}

#[test]
fn saved_text_is_in_the_designs_field_order() {
    let s = load(Path::new("scenes/design_example.json"));
    let text = s.to_json_string();
    let order = [
        "\"format\": 1",
        "\"title\"",
        "\"description\"",
        "\"demo\"",
        "\"a\"",
        "\"shape\": { \"type\": \"box\", \"half_extents\": [1.0, 0.5] }",
        "\"position\": [-0.8, 0.0]",
        "\"angle_deg\"",
        "\"velocity\"",
        "\"angular_velocity_deg\"",
        "\"b\"",
        "\"vertices\": [[0.0, 1.0], [-1.0, -1.0], [1.0, -1.0]]",
        "\"settings\": { \"tolerance\": 0.001, \"max_iterations\": 64 }",
    ];
    let mut from = 0;
    for piece in order {
        let at = text[from..]
            .find(piece)
            .unwrap_or_else(|| panic!("{piece} missing or out of order in:\n{text}"));
        from += at + piece.len();
    }
    assert!(text.ends_with("}\n"));
}

#[test]
fn view_and_extra_are_kept_as_they_are() {
    let text = std::fs::read_to_string("scenes/design_example.json")
        .unwrap()
        .replacen(
            "\"format\": 1,",
            "\"format\": 1, \"view\": {\"zoom\": 2.5, \"panes\": [\"world\", {\"any\": null}]}, \
         \"extra\": {\"note\": \"mine\", \"n\": 3},",
            1,
        );
    let s = Scene::from_str(&text, "v.json").unwrap();
    assert_eq!(
        s.view,
        Some(serde_json::json!({"zoom": 2.5, "panes": ["world", {"any": null}]}))
    );
    assert_eq!(s.extra, Some(serde_json::json!({"note": "mine", "n": 3})));
    let dir = TempDir::new("scene-view");
    round_trip(&s, &dir.0, "view and extra");
}

#[test]
fn save_replaces_the_file_atomically_and_keeps_it_on_failure() {
    let dir = TempDir::new("scene-atomic");
    let path = dir.0.join("kept.json");
    let mut scene = load(Path::new("scenes/obb_vs_obb.json"));
    scene.save(&path).unwrap();
    scene.title = "second".into();
    scene.save(&path).unwrap();
    assert_eq!(Scene::load(&path).unwrap().title, "second");

    // An invalid scene is not written, and the old file stays.
    let before = std::fs::read(&path).unwrap();
    let mut bad = scene.clone();
    bad.b.shape = ShapeSpec::Circle { radius: f64::NAN };
    let e = bad.save(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: b.shape.radius: must be a finite number, not NaN (the scene was not saved)",
            path.display()
        )
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // A directory in the way: the rename fails, the temporary file is removed.
    let blocked = dir.0.join("blocked.json");
    std::fs::create_dir(&blocked).unwrap();
    let e = scene.save(&blocked).unwrap_err();
    assert!(
        e.to_string().starts_with(&blocked.display().to_string()),
        "{e}"
    );
    assert_eq!(e.kind, ErrorKind::Io);

    // A missing directory.
    let nowhere = dir.0.join("no/such/dir/x.json");
    let e = scene.save(&nowhere).unwrap_err();
    assert!(
        e.to_string().starts_with(&nowhere.display().to_string()),
        "{e}"
    );

    let mut left: Vec<String> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        vec!["blocked.json", "kept.json"],
        "no temporary file is left behind"
    );
}

// ---------------------------------------------------------------------------------------------
// Odd but valid input, and no panics on any input.

#[test]
fn odd_but_valid_input_loads() {
    let base = std::fs::read_to_string("scenes/design_example.json").unwrap();
    // A byte-order mark, as some editors write.
    let s = Scene::from_str(&format!("\u{feff}{base}"), "bom.json").unwrap();
    assert_eq!(s.title, "OBB vs OBB");
    // No title: the file name without its directory and extension.
    let untitled = base.replace("\"title\": \"OBB vs OBB\",", "");
    assert_eq!(
        Scene::from_str(&untitled, "scenes/my_scene.json")
            .unwrap()
            .title,
        "my_scene"
    );
    // format 1.0 is format 1; settings may be partial; integers are numbers.
    let partial = base
        .replace("\"format\": 1", "\"format\": 1.0")
        .replace("\"tolerance\": 0.001, ", "")
        .replace("\"max_iterations\": 64", "\"max_iterations\": 64.0");
    let s = Scene::from_str(&partial, "p.json").unwrap();
    assert_eq!(s.settings, Settings::default());
    // A huge polygon is fine (a circle of nine thousand vertices: no warnings, all on the hull;
    // the limit is MAX_HULL_VERTICES for both bodies together).
    let n = 9_000;
    let vertices: Vec<String> = (0..n)
        .map(|i| {
            let a = i as f64 / n as f64 * std::f64::consts::TAU;
            format!("[{}, {}]", a.cos(), a.sin())
        })
        .collect();
    let big = base.replace(
        "[[0, 1], [-1, -1], [1, -1]]",
        &format!("[{}]", vertices.join(", ")),
    );
    let s = Scene::from_str(&big, "big.json").unwrap();
    let (convex, warnings) = s.b.local_convex(Source::B).unwrap();
    assert!(convex.vertices.len() > n / 2, "{}", convex.vertices.len());
    assert!(warnings.len() < n / 2);
    // A point and a segment are polygons too.
    let point = base.replace("[[0, 1], [-1, -1], [1, -1]]", "[[0.5, 0.5], [0.5, 0.5]]");
    let s = Scene::from_str(&point, "pt.json").unwrap();
    assert_eq!(s.bodies().unwrap().b.vertices.len(), 1);
}

fn must_not_panic(bytes: &[u8], what: &str) {
    match Scene::from_bytes(bytes, "fuzz.json") {
        Ok(scene) => {
            // Whatever loads goes all the way through `report`, where the geometry runs.
            minkowski_lab::report::scene_report(&scene)
                .unwrap_or_else(|e| panic!("{what}: loaded but has no geometry: {e}"));
        }
        Err(SceneError { file, .. }) => assert_eq!(file, "fuzz.json", "{what}"),
    }
}

#[test]
fn no_input_bytes_make_the_loader_panic() {
    let mut rng = Gen(Rng(0xdead_beef_cafe));
    let valid: Vec<Vec<u8>> = json_files("scenes")
        .iter()
        .chain(json_files("tests/malformed").iter())
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    // Every truncation of every scene file.
    for file in &valid {
        for cut in 0..=file.len() {
            must_not_panic(&file[..cut], "truncation");
        }
    }
    // Random bytes, and random edits of valid files with bytes that matter to JSON.
    const SPICE: &[u8] = b"{}[]\",:-+.eE0123456789 \n\\tfnu\xff\xc3\x80";
    for i in 0..20_000 {
        let mut bytes = if i % 4 == 0 {
            (0..rng.below(200)).map(|_| rng.next_u64() as u8).collect()
        } else {
            valid[rng.below(valid.len())].clone()
        };
        for _ in 0..1 + rng.below(4) {
            if bytes.is_empty() {
                break;
            }
            let at = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[at] = SPICE[rng.below(SPICE.len())],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, SPICE[rng.below(SPICE.len())]),
            }
        }
        must_not_panic(
            &bytes,
            &format!("edit {i}: {:?}", String::from_utf8_lossy(&bytes)),
        );
    }
}

/// `screenshots/` holds exactly one picture per scene (made by `scripts/screenshots.sh`) beside
/// the script's `extra_` pictures (each shown in the README), and the README's gallery shows
/// each of them.
#[test]
fn every_scene_has_its_screenshot_and_a_place_in_the_readme() {
    let stems = |dir: &str, ext: &str| -> std::collections::BTreeSet<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect()
    };
    let scenes = stems("scenes", "json");
    let (extras, shots): (std::collections::BTreeSet<String>, _) = stems("screenshots", "png")
        .into_iter()
        .partition(|s| s.starts_with("extra_"));
    let readme = std::fs::read_to_string("README.md").unwrap();
    for e in &extras {
        assert!(
            readme.contains(&format!("screenshots/{e}.png")),
            "README does not show screenshots/{e}.png"
        );
    }
    assert_eq!(
        scenes, shots,
        "run scripts/screenshots.sh: scenes and screenshots differ"
    );
    for s in &scenes {
        assert!(
            readme.contains(&format!("screenshots/{s}.png")),
            "README's gallery lacks {s} (run scripts/readme_gallery.py)"
        );
    }
}

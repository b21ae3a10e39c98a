//! The program in a real window: started on an X display (Xvfb), driven with the real mouse and
//! keyboard (xdotool), looked at with screenshots (ImageMagick's `import`).
//!
//! These need `Xvfb`, `xdotool` and `import` on the PATH (Debian: `xvfb libgl1-mesa-dri
//! xdotool imagemagick`). Without them each test says so plainly and passes; with
//! `MINKOWSKI_LAB_WINDOW_TESTS=required` (as CI sets it) a missing tool is a failure, so CI
//! never skips them.
//!
//! Each test starts its own Xvfb on its own display number, so they can run in parallel.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_minkowski-lab");
/// The screen Xvfb provides (the window asks for 1400 × 860).
const SCREEN: &str = "1500x950x24";
/// How long the window may take to appear (a cold Mesa start can be slow on a loaded machine).
const WINDOW_TIMEOUT: Duration = Duration::from_secs(60);

/// Whether the tools are here; `Err` says which is missing.
fn tools() -> Result<(), String> {
    for tool in ["Xvfb", "xdotool", "import"] {
        let found = Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !found {
            return Err(format!("`{tool}` is not installed"));
        }
    }
    Ok(())
}

/// `true` when the window tests can run; otherwise prints why and returns `false`, or panics
/// when they are required.
fn can_run(test: &str) -> bool {
    match tools() {
        Ok(()) => true,
        Err(why) => {
            let required = std::env::var("MINKOWSKI_LAB_WINDOW_TESTS").as_deref() == Ok("required");
            assert!(!required, "{test}: window tests are required but {why}");
            eprintln!(
                "SKIPPED {test}: {why}; install xvfb libgl1-mesa-dri xdotool imagemagick to run \
                 the real-window tests"
            );
            false
        }
    }
}

/// A private X display, stopped on drop.
struct Display {
    xvfb: Child,
    name: String,
}

impl Display {
    fn start(number: u32) -> Display {
        let name = format!(":{number}");
        // A display killed earlier may have left its lock and socket behind.
        let _ = std::fs::remove_file(format!("/tmp/.X{number}-lock"));
        let _ = std::fs::remove_file(format!("/tmp/.X11-unix/X{number}"));
        let xvfb = Command::new("Xvfb")
            .args([
                name.as_str(),
                "-screen",
                "0",
                SCREEN,
                "-nolisten",
                "tcp",
                "-noreset",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let d = Display { xvfb, name };
        // Ready when a client can connect.
        let start = Instant::now();
        loop {
            let ok = Command::new("xdotool")
                .arg("getdisplaygeometry")
                .env("DISPLAY", &d.name)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if ok {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "Xvfb did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        d
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.name)
            .output()
            .expect("xdotool runs");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Runs xdotool commands one by one with a pause after each, as a person's hand would.
    fn act(&self, steps: &[&[&str]]) {
        for s in steps {
            self.xdotool(s);
            std::thread::sleep(Duration::from_millis(120));
        }
    }

    fn screenshot(&self, to: &Path) -> Vec<[u8; 3]> {
        let ok = Command::new("import")
            .args(["-window", "root"])
            .arg(to)
            .env("DISPLAY", &self.name)
            .status()
            .expect("import runs")
            .success();
        assert!(ok, "screenshot failed");
        read_png(to).1
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        // SIGTERM lets Xvfb remove its lock and socket.
        let _ = Command::new("kill")
            .arg(self.xvfb.id().to_string())
            .status();
        let _ = self.xvfb.wait();
    }
}

/// The app running on a display, killed on drop.
struct App {
    child: Child,
    /// The window's top-left on the screen.
    origin: (i32, i32),
}

impl App {
    fn start(display: &Display, scene: &Path) -> App {
        App::start_with(display, scene, &[])
    }

    /// Started with these extra environment variables.
    fn start_with(display: &Display, scene: &Path, env: &[(&str, &Path)]) -> App {
        let child = Command::new(BIN)
            .arg(scene)
            .envs(env.iter().copied())
            .env("DISPLAY", &display.name)
            .stdout(Stdio::null())
            .spawn()
            .expect("the app starts");
        let mut child = child;
        let start = Instant::now();
        let id = loop {
            if let Some(status) = child.try_wait().expect("try_wait") {
                panic!("the app exited before its window appeared: {status}");
            }
            let found = display.xdotool(&["search", "--onlyvisible", "--name", "minkowski-lab"]);
            if let Some(id) = found.lines().next() {
                break id.to_string();
            }
            assert!(start.elapsed() < WINDOW_TIMEOUT, "no window appeared");
            std::thread::sleep(Duration::from_millis(200));
        };
        let geometry = display.xdotool(&["getwindowgeometry", "--shell", &id]);
        let field = |k: &str| -> i32 {
            geometry
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{k}=")))
                .and_then(|v| v.parse().ok())
                .unwrap_or(0)
        };
        // Let the first frames lay out the panel and fit the cameras.
        std::thread::sleep(Duration::from_secs(3));
        App {
            child,
            origin: (field("X"), field("Y")),
        }
    }

    fn running(&mut self) -> bool {
        self.child.try_wait().expect("try_wait").is_none()
    }

    /// A window point as screen coordinates for xdotool.
    fn at(&self, x: f64, y: f64) -> (String, String) {
        (
            format!("{}", self.origin.0 + x.round() as i32),
            format!("{}", self.origin.1 + y.round() as i32),
        )
    }
}

impl Drop for App {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh folder for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mlab-window-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn copy_scene(name: &str, dir: &Path) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(Path::new("scenes").join(name), &to).unwrap();
    to
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Waits until `path`'s contents satisfy `ok` (a save lands within a frame or two).
fn wait_for_file(path: &Path, ok: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            if let Ok(v) = serde_json::from_str::<Value>(&text) {
                if ok(&v) {
                    return v;
                }
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "{} never got what was expected",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// (width, RGB pixels) of a PNG.
fn read_png(path: &Path) -> (usize, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|c| match channels {
            1 | 2 => [c[0]; 3],
            _ => [c[0], c[1], c[2]],
        })
        .collect();
    (info.width as usize, px)
}

fn vec2(v: &Value) -> (f64, f64) {
    (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

/// Where world point `p` is in the window, by the camera saved in `view` (see `app/view.rs`).
fn to_window(camera: &Value, p: (f64, f64)) -> (f64, f64) {
    let (cx, cy) = vec2(&camera["centre"]);
    let s = camera["scale"].as_f64().unwrap();
    let r: Vec<f64> = camera["rect"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    (
        r[0] + r[2] / 2.0 + (p.0 - cx) * s,
        r[1] + r[3] / 2.0 - (p.1 - cy) * s,
    )
}

#[test]
fn dragging_a_with_the_mouse_and_saving_moves_it_by_that_distance() {
    if !can_run("dragging_a_with_the_mouse") {
        return;
    }
    let dir = temp_dir("drag");
    let file = copy_scene("obb_vs_obb.json", &dir);
    let display = Display::start(141);
    let mut app = App::start(&display, &file);
    let (mx, my) = app.at(700.0, 400.0);
    // Save once untouched: the file then holds the cameras, so we know where A is on screen.
    display.act(&[&["mousemove", &mx, &my], &["key", "ctrl+s"]]);
    let before = wait_for_file(&file, |v| v["view"].is_object());
    let a0 = vec2(&before["a"]["position"]);
    let world = &before["view"]["world"];
    let scale = world["scale"].as_f64().unwrap();
    // Grab A to the left of its centre (the centre of the overlap belongs to B), drag by a
    // known number of pixels.
    let grab = to_window(world, (a0.0 - 0.5, a0.1));
    let (dx, dy) = (80.0, -50.0);
    let (gx, gy) = app.at(grab.0, grab.1);
    let (hx, hy) = app.at(grab.0 + dx / 2.0, grab.1 + dy / 2.0);
    let (ex, ey) = app.at(grab.0 + dx, grab.1 + dy);
    display.act(&[
        &["mousemove", &gx, &gy],
        &["mousedown", "1"],
        &["mousemove", &hx, &hy],
        &["mousemove", &ex, &ey],
        &["mouseup", "1"],
        &["key", "ctrl+s"],
    ]);
    let after = wait_for_file(&file, |v| vec2(&v["a"]["position"]) != a0);
    let a1 = vec2(&after["a"]["position"]);
    // Screen y is down, world y up; a pixel of slack for where the events land.
    let want = (a0.0 + dx / scale, a0.1 - dy / scale);
    assert!(
        (a1.0 - want.0).abs() <= 1.0 / scale && (a1.1 - want.1).abs() <= 1.0 / scale,
        "A moved to {a1:?}, want {want:?} (scale {scale} px per unit)"
    );
    assert_eq!(after["b"], before["b"], "B did not move");
    assert!(app.running());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_arrow_keys_step_through_an_angular_cast() {
    if !can_run("the_arrow_keys_step") {
        return;
    }
    let dir = temp_dir("steps");
    let file = copy_scene("angular_cast_bar_turns.json", &dir);
    let display = Display::start(142);
    let app = App::start(&display, &file);
    let (mx, my) = app.at(900.0, 300.0);
    display.act(&[&["mousemove", &mx, &my]]);
    let first = display.screenshot(&dir.join("step0.png"));
    display.act(&[
        &["key", "Right"],
        &["key", "Right"],
        &["key", "Right"],
        &["key", "ctrl+s"],
    ]);
    let saved = wait_for_file(&file, |v| v["view"].is_object());
    assert_eq!(saved["view"]["demo"], "angular_cast");
    assert_eq!(saved["view"]["step"], 3, "three presses of Right: step 3");
    let third = display.screenshot(&dir.join("step3.png"));
    let changed = first.iter().zip(&third).filter(|(p, q)| p != q).count();
    assert!(
        changed > 2000,
        "only {changed} pixels changed between step 0 and step 3"
    );
    display.act(&[&["key", "Home"], &["key", "ctrl+s"]]);
    wait_for_file(&file, |v| v["view"]["step"] == 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn opening_a_malformed_file_keeps_the_app_running_and_says_why() {
    if !can_run("opening_a_malformed_file") {
        return;
    }
    let dir = temp_dir("malformed");
    let file = copy_scene("obb_vs_obb.json", &dir);
    let bad = dir.join("broken.json");
    std::fs::write(&bad, "{\"format\": 1, \"a\": [1, 2").unwrap();
    let display = Display::start(143);
    let mut app = App::start(&display, &file);
    let (mx, my) = app.at(900.0, 300.0);
    let path = bad.display().to_string();
    display.act(&[&["mousemove", &mx, &my], &["key", "ctrl+o"]]);
    display.act(&[&["type", "--delay", "20", &path], &["key", "Return"]]);
    std::thread::sleep(Duration::from_secs(1));
    assert!(app.running(), "the app quit on a bad file");
    // The banner: a light red strip across the top of the window with the error.
    let (width, px) = read_png(&{
        let p = dir.join("banner.png");
        display.screenshot(&p);
        p
    });
    let banner = px
        .iter()
        .take(width * 60)
        .filter(|c| **c == [253, 226, 226])
        .count();
    assert!(banner > 5000, "no error banner ({banner} banner pixels)");
    // The scene on screen stays: saving writes the original scene back.
    display.act(&[&["mousemove", &mx, &my], &["key", "ctrl+s"]]);
    let saved = wait_for_file(&file, |v| v["view"].is_object());
    assert_eq!(
        saved["title"],
        json(&Path::new("scenes").join("obb_vs_obb.json"))["title"]
    );
    assert!(app.running());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// How many pixels of a body's colour a picture must have to count as showing it.
const COLOUR_PIXELS: usize = 50;

/// Whether `c` is close to the palette colour `want` (antialiasing blends edges).
fn near(c: [u8; 3], want: [u8; 3]) -> bool {
    c.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= 12)
}

#[test]
fn every_scene_renders_to_a_png_with_both_bodies() {
    if !can_run("every_scene_renders_to_a_png") {
        return;
    }
    let dir = temp_dir("render");
    let display = Display::start(144);
    let red = minkowski_lab::palette::SHAPE_A;
    let green = minkowski_lab::palette::SHAPE_B;
    let (red, green) = ([red.0, red.1, red.2], [green.0, green.1, green.2]);
    let mut scenes: Vec<PathBuf> = std::fs::read_dir("scenes")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    scenes.sort();
    assert!(scenes.len() >= 20);
    for scene in &scenes {
        let out = dir.join(format!(
            "{}.png",
            scene.file_stem().unwrap().to_string_lossy()
        ));
        let status = Command::new(BIN)
            .args(["render"])
            .arg(scene)
            .arg("-o")
            .arg(&out)
            .args(["--size", "1000x640"])
            .env("DISPLAY", &display.name)
            .stdout(Stdio::null())
            .status()
            .expect("render runs");
        assert!(status.success(), "{}: render failed", scene.display());
        let (width, px) = read_png(&out);
        assert_eq!((width, px.len()), (1000, 1000 * 640), "{}", scene.display());
        let first = px[0];
        let varied = px.iter().filter(|c| **c != first).count();
        assert!(
            varied > px.len() / 20,
            "{}: the picture is blank",
            scene.display()
        );
        let count = |want| px.iter().filter(|c| near(**c, want)).count();
        let (r, g) = (count(red), count(green));
        assert!(
            r >= COLOUR_PIXELS && g >= COLOUR_PIXELS,
            "{}: {r} red and {g} green pixels",
            scene.display()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Crash safety in the real program: an edit, then a panic (F12, which panics only with
/// `MINKOWSKI_LAB_PANIC_KEY` set); the scene on screen is in the recovery folder, the next start
/// offers it, Enter restores it, and saving writes the recovered edit to the scene's file.
#[test]
fn a_panic_keeps_the_scene_and_the_next_start_restores_it() {
    if !can_run("a_panic_keeps_the_scene") {
        return;
    }
    let dir = temp_dir("recovery");
    let file = copy_scene("obb_vs_obb.json", &dir);
    let kept = dir.join("recovery");
    let env: [(&str, &Path); 2] = [
        ("MINKOWSKI_LAB_RECOVERY_DIR", &kept),
        ("MINKOWSKI_LAB_PANIC_KEY", Path::new("1")),
    ];
    let original = json(&file);
    let display = Display::start(151);
    let mut app = App::start_with(&display, &file, &env);
    // Drag in configuration space (it moves B), then panic.
    let (sx, sy) = app.at(1100.0, 500.0);
    let (hx, hy) = app.at(1130.0, 485.0);
    let (ex, ey) = app.at(1160.0, 470.0);
    display.act(&[
        &["mousemove", &sx, &sy],
        &["mousedown", "1"],
        &["mousemove", &hx, &hy],
        &["mousemove", &ex, &ey],
        &["mouseup", "1"],
        &["key", "F12"],
    ]);
    let start = Instant::now();
    while app.running() {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "F12 did not stop the app"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let recovery: Vec<PathBuf> = std::fs::read_dir(&kept)
        .expect("the recovery folder was made")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(recovery.len(), 1, "{recovery:?}");
    let written = json(&recovery[0]);
    assert_ne!(
        written["b"]["position"], original["b"]["position"],
        "B was dragged"
    );
    assert_eq!(written["a"], original["a"]);
    assert_eq!(
        written["view"]["recovered_from"].as_str(),
        Some(file.to_str().unwrap())
    );
    assert_eq!(json(&file), original, "the scene's own file is untouched");

    // The next start offers it; Enter restores it; Ctrl+S saves it to the scene's file.
    let app = App::start_with(&display, &file, &env);
    let (mx, my) = app.at(700.0, 400.0);
    display.act(&[
        &["mousemove", &mx, &my],
        &["key", "Return"],
        &["key", "ctrl+s"],
    ]);
    let saved = wait_for_file(&file, |v| v["b"]["position"] != original["b"]["position"]);
    assert_eq!(saved["b"]["position"], written["b"]["position"]);
    assert!(!recovery[0].exists(), "restoring deleted the recovery file");
    drop(app);
    std::fs::remove_dir_all(&dir).unwrap();
}

//! The program in a real window: started on an X display (Xvfb), driven with the real mouse and
//! keyboard (xdotool), looked at with screenshots (ImageMagick's `import`).
//!
//! These need `Xvfb`, `xdotool` and `import` on the PATH (Debian: `xvfb libgl1-mesa-dri
//! xdotool imagemagick`); dropping a file and closing the window also need a Python 3 with
//! python-xlib (Debian: `python3 python3-xlib`), which runs the small X clients beside this file
//! (`xdnd_drop.py`: a file manager's drag and drop; `wm_delete.py`: the window manager's close
//! request; no window manager runs under Xvfb). Without them the tests pass without running,
//! and one line on the terminal says that they were skipped and what to install; with
//! `MINKOWSKI_LAB_WINDOW_TESTS=required` (as CI sets it) a missing tool is a failure, so CI
//! never skips them.
//!
//! Each test starts its own Xvfb, which picks a free display number (`-displayfd`), so the
//! tests run in parallel, and beside another run of them on the same machine. What the app
//! writes on stderr goes to a file of the test's, not to the terminal.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
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

/// Says (once per run, on the terminal itself: the test harness does not hide it) that the
/// window tests are skipped and why, and returns `false`; or panics when the window tests are
/// required.
fn missing(test: &str, why: &str) -> bool {
    use std::io::Write;
    static SAID: std::sync::Once = std::sync::Once::new();
    let required = std::env::var("MINKOWSKI_LAB_WINDOW_TESTS").as_deref() == Ok("required");
    assert!(!required, "{test}: window tests are required but {why}");
    SAID.call_once(|| {
        // Written to the terminal directly: libtest captures only print! and eprint!.
        let _ = writeln!(
            std::io::stderr(),
            "\nSKIPPED: the real-window tests (tests/window.rs) pass without running because \
             {why}; to run them: sudo apt-get install -y xvfb libgl1-mesa-dri xdotool \
             imagemagick python3 python3-xlib"
        );
    });
    false
}

/// `true` when the window tests can run; otherwise prints why and returns `false`, or panics
/// when they are required.
fn can_run(test: &str) -> bool {
    match tools() {
        Ok(()) => true,
        Err(why) => missing(test, &why),
    }
}

/// The first of `python3` (the PATH's, perhaps a pyenv one) and the system's `/usr/bin/python3`
/// that has python-xlib.
fn python_with_xlib() -> Option<&'static str> {
    ["python3", "/usr/bin/python3"].into_iter().find(|p| {
        Command::new(p)
            .args(["-c", "import Xlib"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// Like [`can_run`], for the tests that also run the Python X clients: the Python to use.
fn can_run_with_python(test: &str) -> Option<&'static str> {
    if !can_run(test) {
        return None;
    }
    let python = python_with_xlib();
    if python.is_none() {
        missing(
            test,
            "no `python3` with python-xlib (`import Xlib`) is installed",
        );
    }
    python
}

/// A private X display, stopped on drop.
struct Display {
    xvfb: Child,
    name: String,
}

impl Display {
    /// Starts Xvfb on a display number it finds free, and waits until it is ready.
    fn start() -> Display {
        use std::io::BufRead;
        // With -displayfd, Xvfb picks the first free number and writes it to that file
        // descriptor (here its stdout) once it accepts clients.
        let mut xvfb = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                SCREEN,
                "-nolisten",
                "tcp",
                "-noreset",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut number = String::new();
        std::io::BufReader::new(xvfb.stdout.take().expect("piped"))
            .read_line(&mut number)
            .expect("Xvfb says its display");
        let number = number.trim();
        assert!(
            !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()),
            "Xvfb did not start: {number:?}"
        );
        Display {
            xvfb,
            name: format!(":{number}"),
        }
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

    /// Screenshots to `to` until one satisfies `ok` (within [`SHOWN_WITHIN`]; a frame on a
    /// loaded machine can take a while), and that one; on time out, the last one, for the
    /// caller's assertion to say what it shows.
    fn screenshot_until(&self, to: &Path, ok: impl Fn(&[[u8; 3]]) -> bool) -> Vec<[u8; 3]> {
        let start = Instant::now();
        loop {
            let px = self.screenshot(to);
            if ok(&px) || start.elapsed() > SHOWN_WITHIN {
                return px;
            }
            std::thread::sleep(Duration::from_millis(250));
        }
    }
}

/// The width of the screen Xvfb provides ([`SCREEN`]), in pixels.
fn screen_width() -> usize {
    SCREEN.split('x').next().unwrap().parse().unwrap()
}

/// How long a change asked for may take to show: a few frames, on a machine that may be
/// running every test at once.
const SHOWN_WITHIN: Duration = Duration::from_secs(15);

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
    /// Where its stderr goes.
    stderr: PathBuf,
    /// The X window's id, as xdotool prints it.
    id: String,
    /// The window's top-left on the screen.
    origin: (i32, i32),
}

impl App {
    fn start(display: &Display, scene: &Path) -> App {
        App::start_with(display, scene, &[])
    }

    /// Started with these extra environment variables.
    fn start_with(display: &Display, scene: &Path, env: &[(&str, &Path)]) -> App {
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let stderr =
            std::env::temp_dir().join(format!("mlab-window-stderr-{}-{n}.txt", std::process::id()));
        let child = Command::new(BIN)
            .arg(scene)
            .envs(env.iter().copied())
            .env("DISPLAY", &display.name)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&stderr).expect("a file for stderr"))
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
            stderr,
            id,
            origin: (field("X"), field("Y")),
        }
    }

    /// What the app has written on stderr so far.
    fn stderr(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    fn running(&mut self) -> bool {
        self.child.try_wait().expect("try_wait").is_none()
    }

    /// Waits up to `timeout` for the app to exit; its status, or `None` if it is still running.
    fn exited_within(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return Some(status);
            }
            if start.elapsed() > timeout {
                return None;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Runs one of the Python X clients beside this file on the app's window; panics with its
    /// message if it fails.
    fn x_client(&self, display: &Display, python: &str, script: &str, args: &[&str]) {
        let out = Command::new(python)
            .arg(Path::new("tests").join(script))
            .arg(&self.id)
            .args(args)
            .env("DISPLAY", &display.name)
            .output()
            .expect("python runs");
        assert!(
            out.status.success(),
            "{script} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Drops `file` on the middle of the window, as a file manager's drag and drop does.
    fn drop_file(&self, display: &Display, python: &str, file: &Path) {
        let (x, y) = self.at(700.0, 430.0);
        let file = file.to_str().expect("a UTF-8 path");
        self.x_client(display, python, "xdnd_drop.py", &[&x, &y, file]);
    }

    /// Asks the window to close, as a window manager does when its close button is clicked.
    fn request_close(&self, display: &Display, python: &str) {
        self.x_client(display, python, "wm_delete.py", &[]);
    }

    /// Asks the window to close; the app's exit status once it ends (`None`: still running
    /// after 10 s).
    fn close(&mut self, display: &Display, python: &str) -> Option<ExitStatus> {
        self.request_close(display, python);
        self.exited_within(Duration::from_secs(10))
    }

    /// Asks the window to close while there are unsaved changes: the app must keep running and
    /// show the "Unsaved changes" question (the middle of the window changes).
    fn close_and_see_the_question(&mut self, display: &Display, python: &str, dir: &Path) {
        let before = display.screenshot(&dir.join("before-question.png"));
        self.request_close(display, python);
        let start = Instant::now();
        loop {
            std::thread::sleep(Duration::from_millis(500));
            assert!(self.running(), "closed with unsaved changes without asking");
            let now = display.screenshot(&dir.join("question.png"));
            let changed = changed_in_middle(self, &before, &now);
            if changed > PROMPT_PIXELS {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(8),
                "no question: {changed} pixels changed in the middle of the window"
            );
        }
        // Still running a moment later (the question is not a step on the way out).
        std::thread::sleep(Duration::from_secs(1));
        assert!(self.running(), "closed with unsaved changes without asking");
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
        let _ = std::fs::remove_file(&self.stderr);
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
    let display = Display::start();
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
    let display = Display::start();
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

/// The panes linked, by the real mouse: pointing at a vertex of B − A and clicking pins the
/// pair of body vertices that made it (read back from the saved view); pointing at an edge of
/// a body in the world and clicking pins that edge; Esc clears the pin.
#[test]
fn clicking_a_vertex_of_the_difference_pins_the_pair_that_made_it() {
    use minkowski_lab::geometry::minkowski::minkowski_difference;
    use minkowski_lab::scene::Scene;
    if !can_run("clicking_a_vertex_of_the_difference") {
        return;
    }
    let dir = temp_dir("pin");
    let file = copy_scene("polygon_vs_polygon_apart.json", &dir);
    let display = Display::start();
    let app = App::start(&display, &file);
    // Save once untouched, the cameras settled: the file then holds the cameras the clicks
    // are aimed with (the pointer rests on empty grid).
    let (rx, ry) = app.at(700.0, 820.0);
    display.act(&[&["mousemove", &rx, &ry]]);
    wait_until_still(&display, &app, &dir);
    display.act(&[&["key", "ctrl+s"]]);
    // A click at a window point, the pointer back at rest, then a save.
    let click_and_save = |at: (f64, f64)| {
        let (x, y) = app.at(at.0, at.1);
        display.act(&[
            &["mousemove", &x, &y],
            &["click", "1"],
            &["mousemove", &rx, &ry],
            &["key", "ctrl+s"],
        ]);
    };
    let before = wait_for_file(&file, |v| v["view"].is_object());
    assert!(before["view"].get("pinned").is_none());
    let scene = Scene::load(&file).unwrap();
    let bodies = scene.bodies().unwrap();
    let md = minkowski_difference(&bodies.a, &bodies.b);
    // The highest vertex of B − A (no label or other vertex crowds it).
    let top = md
        .vertices
        .iter()
        .max_by(|p, q| p.point.y.total_cmp(&q.point.y))
        .unwrap();
    click_and_save(to_window(
        &before["view"]["config"],
        (top.point.x, top.point.y),
    ));
    let pinned = wait_for_file(&file, |v| v["view"]["pinned"].is_object());
    assert_eq!(
        pinned["view"]["pinned"],
        serde_json::json!({"md_vertex": {"a": top.a, "b": top.b}}),
        "the vertex at {:?} is b{} - a{}",
        top.point,
        top.b,
        top.a
    );
    assert_eq!(
        (&pinned["a"], &pinned["b"]),
        (&before["a"], &before["b"]),
        "a click moves nothing"
    );
    // An edge of B in the world: its middle, pinned by a click.
    let (u, v) = bodies.b.edge(0);
    let mid = ((u.x + v.x) / 2.0, (u.y + v.y) / 2.0);
    click_and_save(to_window(&before["view"]["world"], mid));
    let edge = wait_for_file(&file, |v| v["view"]["pinned"].get("edge").is_some());
    assert_eq!(
        edge["view"]["pinned"],
        serde_json::json!({"edge": {"body": "b", "index": 0}})
    );
    // Esc clears it.
    display.act(&[&["key", "Escape"], &["key", "ctrl+s"]]);
    wait_for_file(&file, |v| {
        v["view"].is_object() && v["view"].get("pinned").is_none()
    });
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
    let display = Display::start();
    let mut app = App::start(&display, &file);
    let (mx, my) = app.at(900.0, 300.0);
    let path = bad.display().to_string();
    display.act(&[&["mousemove", &mx, &my], &["key", "ctrl+o"]]);
    display.act(&[&["type", "--delay", "20", &path], &["key", "Return"]]);
    // The banner: a light red strip across the top of the window with the error.
    let width = screen_width();
    let banner = |px: &[[u8; 3]]| {
        px.iter()
            .take(width * 60)
            .filter(|c| **c == [253, 226, 226])
            .count()
    };
    let px = display.screenshot_until(&dir.join("banner.png"), |px| banner(px) > 5000);
    assert!(app.running(), "the app quit on a bad file");
    let banner = banner(&px);
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
    let display = Display::start();
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
            .output()
            .expect("render runs");
        let said = String::from_utf8_lossy(&status.stderr);
        assert!(
            status.status.success() && !said.contains("panicked"),
            "{}: render failed: {said}",
            scene.display()
        );
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

/// The file's bytes.
fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// An edit with the real mouse: any left-drag in configuration space (the right pane) moves B.
/// The mouse stays over the window, so the keys that follow reach it.
fn edit(display: &Display, app: &App) {
    let (ax, ay) = app.at(1100.0, 380.0);
    let (bx, by) = app.at(1130.0, 400.0);
    let (cx, cy) = app.at(1160.0, 420.0);
    display.act(&[
        &["mousemove", &ax, &ay],
        &["mousedown", "1"],
        &["mousemove", &bx, &by],
        &["mousemove", &cx, &cy],
        &["mouseup", "1"],
    ]);
}

/// How many pixels must change in the middle of the window for the "Unsaved changes" question
/// to count as shown (its frame, text and buttons).
const PROMPT_PIXELS: usize = 1500;

/// Waits until the middle of the window stops changing (the cameras fit the figure over a few
/// frames after it opens), within [`SHOWN_WITHIN`].
fn wait_until_still(display: &Display, app: &App, dir: &Path) {
    let shot = dir.join("settling.png");
    let mut last = display.screenshot(&shot);
    let start = Instant::now();
    while start.elapsed() < SHOWN_WITHIN {
        std::thread::sleep(Duration::from_millis(300));
        let now = display.screenshot(&shot);
        if changed_in_middle(app, &last, &now) == 0 {
            return;
        }
        last = now;
    }
}

/// How many pixels differ between two screenshots in the middle of the window, where egui
/// centres the "Unsaved changes" question (the panel, whose frame times change by themselves,
/// is left of it).
fn changed_in_middle(app: &App, before: &[[u8; 3]], after: &[[u8; 3]]) -> usize {
    let width = screen_width();
    let (x0, y0) = (app.origin.0 as usize + 450, app.origin.1 as usize + 250);
    (y0..y0 + 360)
        .flat_map(|y| (x0..x0 + 850).map(move |x| y * width + x))
        .filter(|&i| before[i] != after[i])
        .count()
}

#[test]
fn dropping_a_scene_file_on_the_window_opens_it_asking_first_when_unsaved() {
    let Some(python) = can_run_with_python("dropping_a_scene_file") else {
        return;
    };
    let dir = temp_dir("drop");
    let first = copy_scene("obb_vs_obb.json", &dir);
    let dropped = dir.join("dropped.json");
    std::fs::copy(
        Path::new("scenes").join("angular_cast_bar_turns.json"),
        &dropped,
    )
    .unwrap();
    let dropped_title = json(&dropped)["title"].clone();
    assert_ne!(json(&first)["title"], dropped_title);
    let display = Display::start();
    let mut app = App::start(&display, &first);
    let (mx, my) = app.at(900.0, 300.0);
    // A save first: the first file then holds the window's view as well.
    display.act(&[&["mousemove", &mx, &my], &["key", "ctrl+s"]]);
    wait_for_file(&first, |v| v["view"].is_object());
    let first_bytes = bytes(&first);

    // No unsaved changes: the drop opens the file, so Ctrl+S now writes the dropped file (its
    // own demo and the window's view) and leaves the first one alone.
    app.drop_file(&display, python, &dropped);
    display.act(&[&["mousemove", &mx, &my], &["key", "ctrl+s"]]);
    let opened = wait_for_file(&dropped, |v| v["view"].is_object());
    assert_eq!(opened["title"], dropped_title);
    assert_eq!(opened["view"]["demo"], "angular_cast");
    assert_eq!(bytes(&first), first_bytes, "the first file was written");

    // Unsaved changes: the drop asks first. Esc cancels: the edited scene stays (Ctrl+S writes
    // the edit into the dropped file).
    edit(&display, &app);
    let edited = display.screenshot(&dir.join("edited.png"));
    app.drop_file(&display, python, &first);
    let asked = display.screenshot_until(&dir.join("asked.png"), |px| {
        changed_in_middle(&app, &edited, px) > PROMPT_PIXELS
    });
    let changed = changed_in_middle(&app, &edited, &asked);
    assert!(
        changed > PROMPT_PIXELS,
        "no question after the drop: {changed} pixels changed in the middle of the window"
    );
    display.act(&[&["key", "Escape"]]);
    let cancelled = display.screenshot_until(&dir.join("cancelled.png"), |px| {
        changed_in_middle(&app, &edited, px) < PROMPT_PIXELS / 5
    });
    let left = changed_in_middle(&app, &edited, &cancelled);
    assert!(
        left < PROMPT_PIXELS / 5,
        "after Esc the window is not the edited scene again ({left} pixels differ): the \
         question stayed, or the drop opened the file without asking"
    );
    display.act(&[&["key", "ctrl+s"]]);
    let b0 = opened["b"]["position"].clone();
    let kept = wait_for_file(&dropped, |v| v["b"]["position"] != b0);
    assert_eq!(kept["title"], dropped_title);
    assert_eq!(bytes(&first), first_bytes, "the first file was written");

    // Edit again, drop, D (don't save): the first file opens, the edit is not written. Then
    // an edit and Ctrl+S land in the first file.
    let kept_bytes = bytes(&dropped);
    edit(&display, &app);
    let edited = display.screenshot(&dir.join("edited-again.png"));
    app.drop_file(&display, python, &first);
    display.screenshot_until(&dir.join("asked-again.png"), |px| {
        changed_in_middle(&app, &edited, px) > PROMPT_PIXELS
    });
    display.act(&[&["key", "d"]]);
    std::thread::sleep(Duration::from_secs(1));
    let first_b = json(&first)["b"]["position"].clone();
    edit(&display, &app);
    display.act(&[&["key", "ctrl+s"]]);
    let reopened = wait_for_file(&first, |v| v["b"]["position"] != first_b);
    assert_eq!(
        reopened["title"],
        json(&Path::new("scenes").join("obb_vs_obb.json"))["title"]
    );
    assert_eq!(
        bytes(&dropped),
        kept_bytes,
        "the discarded edit was written"
    );
    assert!(app.running());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn closing_the_window_asks_first_only_when_there_are_unsaved_changes() {
    let Some(python) = can_run_with_python("closing_the_window") else {
        return;
    };
    let dir = temp_dir("close");
    let file = copy_scene("obb_vs_obb.json", &dir);
    let display = Display::start();
    let exit = Duration::from_secs(10);

    // Nothing unsaved (a save first, so that later checks compare with the file as the app
    // writes it): the close request closes the window.
    let mut app = App::start(&display, &file);
    let (mx, my) = app.at(900.0, 300.0);
    display.act(&[&["mousemove", &mx, &my], &["key", "ctrl+s"]]);
    wait_for_file(&file, |v| v["view"].is_object());
    let status = app.close(&display, python);
    assert!(
        status.is_some_and(|s| s.success()),
        "an unedited scene: the close request should end the app, got {status:?}"
    );
    let original = bytes(&file);

    // An edit: the request asks instead. Esc cancels (the app keeps running); asked again,
    // D closes without saving.
    let mut app = App::start(&display, &file);
    edit(&display, &app);
    app.close_and_see_the_question(&display, python, &dir);
    display.act(&[&["key", "Escape"]]);
    std::thread::sleep(Duration::from_secs(1));
    assert!(app.running(), "Esc (cancel) closed the app");
    app.close_and_see_the_question(&display, python, &dir);
    display.act(&[&["key", "d"]]);
    let status = app.exited_within(exit);
    assert!(
        status.is_some_and(|s| s.success()),
        "D (don't save) should end the app, got {status:?}"
    );
    assert_eq!(bytes(&file), original, "D (don't save) wrote the file");

    // An edit, then Enter (save): the file is written, then the app ends.
    let mut app = App::start(&display, &file);
    edit(&display, &app);
    app.close_and_see_the_question(&display, python, &dir);
    display.act(&[&["key", "Return"]]);
    let status = app.exited_within(exit);
    assert!(
        status.is_some_and(|s| s.success()),
        "Enter (save) should end the app, got {status:?}"
    );
    let saved = json(&file);
    assert_ne!(
        saved["b"]["position"],
        serde_json::from_slice::<Value>(&original).unwrap()["b"]["position"],
        "Enter (save) did not write the edit"
    );
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
    let display = Display::start();
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
    // It said what happened and where the scene is, then the panic.
    let said = app.stderr();
    assert!(
        said.contains("minkowski-lab stopped on an error; the scene on screen was saved to"),
        "{said}"
    );
    assert!(said.contains("F12 pressed"), "{said}");
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

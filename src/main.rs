//! The command line: parse, dispatch, nothing else.

use clap::{Parser, Subcommand};
use minkowski_lab::app::picture::run_picture;
use minkowski_lab::atomic_write::{check_writable, write_atomic};
use minkowski_lab::export::picture::Picture;
use minkowski_lab::scene::{built_in, Demo, Scene};
use minkowski_lab::view::convention::Convention;
use minkowski_lab::view::saved;
use minkowski_lab::{app, export, figure, report};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "minkowski-lab",
    version,
    about = "See collision detection work: the world and configuration space side by side.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// A scene file to open (default: the built-in OBB vs OBB scene).
    scene: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Print how the two bodies of a scene stand towards each other, as JSON (format 1).
    Report {
        /// The scene file.
        scene: PathBuf,
    },
    /// Draw a scene's demo to a PNG (the window, opened for a moment) or an SVG (no window), or
    /// write its iteration table as CSV (no window).
    Render {
        /// The scene file.
        scene: PathBuf,
        /// The file to write: OUT.png or OUT.svg (a picture), OUT.csv (the iteration table).
        #[arg(short, long, value_name = "OUT")]
        output: PathBuf,
        /// The demo to show (default: the scene's own).
        #[arg(long, value_name = "D", value_parser = parse_demo)]
        demo: Option<Demo>,
        /// The step of the demo's trace to show, counted from 1 as the window shows it (a step
        /// past the last shows the last).
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_step)]
        step: usize,
        /// The picture's size in pixels.
        #[arg(long, value_name = "WxH", default_value = "1400x860", value_parser = parse_size)]
        size: (u32, u32),
        /// How configuration space is shown: b-a (as computed) or a-b (mirrored through the
        /// origin); default: as the scene's view saved it, else b-a.
        #[arg(long, value_name = "b-a|a-b", value_parser = parse_convention)]
        convention: Option<Convention>,
        /// Draw the moment t of the motion (0 to 1): both bodies and their difference then, the
        /// exact distance then, in place of the demo's step.
        #[arg(long, value_name = "T", value_parser = parse_time)]
        time: Option<f64>,
    },
}

fn parse_demo(name: &str) -> Result<Demo, String> {
    Demo::from_name(name).ok_or_else(|| {
        format!(
            "unknown demo \"{name}\"; the demos are: {}",
            Demo::names().join(", ")
        )
    })
}

/// A step as a person counts it, from 1; the code's index, from 0.
fn parse_step(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n - 1),
        _ => Err(format!(
            "\"{text}\" is not a step: steps count from 1, as the window shows them"
        )),
    }
}

fn parse_time(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(t) if (0.0..=1.0).contains(&t) => Ok(t),
        _ => Err(format!(
            "\"{text}\" is not a time of the motion: a number from 0 to 1"
        )),
    }
}

fn parse_convention(text: &str) -> Result<Convention, String> {
    Convention::from_name(text.trim()).ok_or_else(|| {
        format!("\"{text}\" is not a convention: b-a (B \u{2212} A) or a-b (A \u{2212} B)")
    })
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("\"{text}\" is not a size like 1400x860 (each side 16 to 8192)");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (16..=8192).contains(v))
    };
    Ok((side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?))
}

/// What `render` is asked to show, as the command line gives it.
struct Shown {
    demo: Option<Demo>,
    step: usize,
    size: (u32, u32),
    convention: Option<Convention>,
    time: Option<f64>,
}

/// `render`: every check that can fail is made before a window opens.
fn render(scene_path: PathBuf, out: PathBuf, shown: Shown) -> Result<(), String> {
    let Shown {
        demo,
        step,
        size,
        convention,
        time,
    } = shown;
    let scene = load(&scene_path)?;
    // The scene's saved view decides when the command line does not.
    let saved = scene.view.as_ref().map(saved::from_json);
    let convention = convention
        .or(saved.as_ref().and_then(|v| v.convention))
        .unwrap_or_default();
    let name = scene_path.display().to_string();
    let demo = demo.unwrap_or(scene.demo);
    let bodies = scene.bodies().map_err(|e| format!("{name}: {e}"))?;
    print_warnings(&name, &bodies.warnings);
    let fig = figure::build(&scene, demo, step).map_err(|e| format!("{name}: {e}"))?;
    let ext = out
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if !["png", "svg", "csv"].contains(&ext.as_str()) {
        return Err(format!(
            "{}: the output must end in .png or .svg (a picture) or .csv (the iteration table)",
            out.display()
        ));
    }
    if ext == "csv" {
        let text = export::csv::figure_csv(&fig, demo).map_err(|e| format!("{name}: {e}"))?;
        check_writable(&out).map_err(|e| e.to_string())?;
        return write_atomic(&out, text.as_bytes()).map_err(|e| e.to_string());
    }
    check_writable(&out).map_err(|e| e.to_string())?;
    let p = Picture {
        scene,
        path: Some(scene_path),
        demo,
        step,
        size,
        convention,
        time,
        pinned: saved.and_then(|v| v.pinned),
    };
    if ext == "svg" {
        let svg = p.svg().map_err(|e| format!("{name}: {e}"))?;
        write_atomic(&out, svg.as_bytes()).map_err(|e| e.to_string())
    } else {
        run_picture(p, out)
    }
}

/// The most warnings printed before the window opens or a picture is drawn (`report` lists
/// them all in its JSON).
const MAX_PRINTED_WARNINGS: usize = 20;

fn print_warnings(name: &str, warnings: &[minkowski_lab::scene::SceneWarning]) {
    for w in warnings.iter().take(MAX_PRINTED_WARNINGS) {
        eprintln!("warning: {name}: {w}");
    }
    if warnings.len() > MAX_PRINTED_WARNINGS {
        eprintln!(
            "warning: {name}: ... and {} more",
            warnings.len() - MAX_PRINTED_WARNINGS
        );
    }
}

/// The name the built-in scene goes by in messages.
const DEFAULT_SCENE_NAME: &str = "built-in OBB vs OBB scene";

fn load(path: &Path) -> Result<Scene, String> {
    Scene::load(path).map_err(|e| e.to_string())
}

/// Write to stdout; a reader that has gone away (`| head`) is not an error.
fn print_out(text: &str) -> Result<(), String> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match (cli.command, cli.scene) {
        (Some(Command::Report { scene }), _) => load(&scene).and_then(|s| {
            let r = report::scene_report(&s).map_err(|e| format!("{}: {e}", scene.display()))?;
            print_out(&r.to_json())
        }),
        (
            Some(Command::Render {
                scene,
                output,
                demo,
                step,
                size,
                convention,
                time,
            }),
            _,
        ) => render(
            scene,
            output,
            Shown {
                demo,
                step,
                size,
                convention,
                time,
            },
        ),
        (None, path) => {
            let scene = match &path {
                Some(p) => load(p),
                None => Ok(built_in::default_scene()),
            };
            scene.and_then(|s| {
                let name = path
                    .as_ref()
                    .map_or(DEFAULT_SCENE_NAME.to_string(), |p| p.display().to_string());
                let bodies = s.bodies().map_err(|e| format!("{name}: {e}"))?;
                print_warnings(&name, &bodies.warnings);
                app::run(s, path)
            })
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

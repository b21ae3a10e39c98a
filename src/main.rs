//! The command line: parse, dispatch, nothing else.

use clap::{Parser, Subcommand};
use minkowski_lab::scene::Scene;
use minkowski_lab::{app, report};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The scene shown when no file is given: the first article's OBB vs OBB demo.
const DEFAULT_SCENE: &str = include_str!("../scenes/obb_vs_obb.json");

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
        (None, path) => {
            let scene = match &path {
                Some(p) => load(p),
                None => {
                    Scene::from_str(DEFAULT_SCENE, DEFAULT_SCENE_NAME).map_err(|e| e.to_string())
                }
            };
            scene.and_then(|s| {
                let name = path
                    .as_ref()
                    .map_or(DEFAULT_SCENE_NAME.to_string(), |p| p.display().to_string());
                let bodies = s.bodies().map_err(|e| format!("{name}: {e}"))?;
                for w in &bodies.warnings {
                    eprintln!("warning: {name}: {w}");
                }
                app::run(s, path);
                Ok(())
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

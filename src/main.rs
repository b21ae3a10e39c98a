//! The command line: parse, dispatch, nothing else.

use clap::{Parser, Subcommand};
use minkowski_lab::scene::Scene;
use minkowski_lab::{report, viewer};
use std::path::PathBuf;
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

fn load(path: &PathBuf) -> Result<Scene, String> {
    Scene::load(path).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match (cli.command, cli.scene) {
        (Some(Command::Report { scene }), _) => load(&scene).and_then(|s| {
            let r = report::scene_report(&s).map_err(|e| format!("{}: {e}", scene.display()))?;
            print!("{}", r.to_json());
            Ok(())
        }),
        (None, path) => {
            let scene = match &path {
                Some(p) => load(p),
                None => Scene::from_str(DEFAULT_SCENE, "built-in OBB vs OBB scene")
                    .map_err(|e| e.to_string()),
            };
            scene.and_then(|s| {
                let name = path.map(|p| p.display().to_string()).unwrap_or_default();
                let bodies = s.bodies().map_err(|e| format!("{name}: {e}"))?;
                for w in &bodies.warnings {
                    eprintln!("warning: {name}: {w}");
                }
                viewer::run(viewer::ViewerScene {
                    title: s.title.clone(),
                    a: bodies.a,
                    b: bodies.b,
                });
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

//! Crash safety: if the program panics, the scene on screen is written to a recovery file
//! before anything else happens, and the next start offers to restore it.
//!
//! The window keeps a copy of its scene here whenever the scene changes ([`remember`]). The
//! panic hook ([`install_hook`]) writes that copy, when it has unsaved changes, as an ordinary format-1 scene file, to
//! `recovery-<process id>.json` in [`dir`], with what it needs to restore it in the scene's
//! `view` object: the file it was open from and the panic's message. At start the window looks
//! for such files ([`find`]) and asks: restore (the scene comes back, marked unsaved, saving to
//! its old file) or discard (the recovery file is deleted).
//!
//! The folder is `$MINKOWSKI_LAB_RECOVERY_DIR` if set, else `$XDG_STATE_HOME/minkowski-lab`,
//! else `~/.local/state/minkowski-lab`, else `minkowski-lab` in the system's temporary folder.

use crate::atomic_write::{write_atomic, WriteError};
use crate::scene::Scene;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once, TryLockError};

/// Names the recovery folder, overriding the default (tests use it).
pub const DIR_VARIABLE: &str = "MINKOWSKI_LAB_RECOVERY_DIR";

/// The keys of the recovery file's `view` object that belong to recovery, not to the view.
const FROM_KEY: &str = "recovered_from";
const PANIC_KEY: &str = "recovered_after";

/// The scene on screen, the file it is open from, and whether it has unsaved changes.
struct Snapshot {
    scene: Scene,
    path: Option<PathBuf>,
    unsaved: bool,
}

static SNAPSHOT: Mutex<Option<Snapshot>> = Mutex::new(None);

/// The folder recovery files are written to and looked for in.
pub fn dir() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(d) = var(DIR_VARIABLE) {
        return PathBuf::from(d);
    }
    if let Some(d) = var("XDG_STATE_HOME") {
        return PathBuf::from(d).join("minkowski-lab");
    }
    if let Some(home) = var("HOME") {
        return PathBuf::from(home).join(".local/state/minkowski-lab");
    }
    crate::sys::scratch_dir().join("minkowski-lab")
}

/// Keeps a copy of the scene on screen (from `path`), to be written if the program panics
/// while it has `unsaved` changes (a scene as it is on disk needs no recovery).
pub fn remember(scene: &Scene, path: Option<&Path>, unsaved: bool) {
    let mut s = SNAPSHOT.lock().unwrap_or_else(|e| e.into_inner());
    *s = Some(Snapshot {
        scene: scene.clone(),
        path: path.map(Path::to_path_buf),
        unsaved,
    });
}

/// Installs the panic hook (once per process): it writes the remembered scene, says where on
/// stderr, then lets the usual hook print the panic.
pub fn install_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let message = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let place = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            match write_snapshot(&format!("{message}{place}")) {
                Some(Ok(file)) => eprintln!(
                    "minkowski-lab stopped on an error; the scene on screen was saved to {} and \
                     the next start offers to restore it.",
                    file.display()
                ),
                Some(Err(e)) => eprintln!(
                    "minkowski-lab stopped on an error and could not save the scene on screen \
                     for recovery: {e}"
                ),
                None => {}
            }
            previous(info);
        }));
    });
}

/// Writes the remembered scene to this process's recovery file (`None`: nothing remembered,
/// nothing unsaved, or the copy is being updated by the very code that panicked).
fn write_snapshot(panic: &str) -> Option<Result<PathBuf, WriteError>> {
    let guard = match SNAPSHOT.try_lock() {
        Ok(g) => g,
        Err(TryLockError::Poisoned(e)) => e.into_inner(),
        Err(TryLockError::WouldBlock) => return None,
    };
    let snapshot = guard.as_ref().filter(|s| s.unsaved)?;
    Some(write_in(
        &dir(),
        &snapshot.scene,
        snapshot.path.as_deref(),
        panic,
    ))
}

/// The scene's `view` object, taken out of it (empty if it had none).
fn take_view(scene: &mut Scene) -> serde_json::Map<String, Value> {
    match scene.view.take() {
        Some(Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    }
}

/// The text kept for recovery: `scene` (open from `path`) as a format-1 scene whose `view`
/// also holds the file it came from and what went wrong (`panic`, empty when nothing did).
pub fn kept_json(scene: &Scene, path: Option<&Path>, panic: &str) -> String {
    let mut scene = scene.clone();
    let mut view = take_view(&mut scene);
    view.insert(
        FROM_KEY.into(),
        path.map_or(Value::Null, |p| Value::String(p.display().to_string())),
    );
    view.insert(PANIC_KEY.into(), Value::String(panic.to_string()));
    scene.view = Some(Value::Object(view));
    scene.to_json_string()
}

/// Reads text written by [`kept_json`], kept at `place` (`file`: the recovery file, if it is
/// one); `None` if it is not a scene.
pub fn parse_kept(bytes: &[u8], place: String, file: Option<PathBuf>) -> Option<Found> {
    let mut scene = Scene::from_bytes(bytes, &place).ok()?;
    let mut view = take_view(&mut scene);
    let origin = view
        .remove(FROM_KEY)
        .and_then(|v| v.as_str().map(PathBuf::from));
    let panic = view
        .remove(PANIC_KEY)
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    scene.view = (!view.is_empty()).then_some(Value::Object(view));
    Some(Found {
        file,
        place,
        scene,
        origin,
        panic,
    })
}

/// Writes `scene` (open from `path`) as this process's recovery file in `dir`, atomically;
/// returns the file's path. `panic` says what went wrong.
pub fn write_in(
    dir: &Path,
    scene: &Scene,
    path: Option<&Path>,
    panic: &str,
) -> Result<PathBuf, WriteError> {
    let file = dir.join(format!("recovery-{}.json", crate::sys::run_tag()));
    std::fs::create_dir_all(dir).map_err(|source| WriteError::Io {
        path: file.clone(),
        source,
    })?;
    write_atomic(&file, kept_json(scene, path, panic).as_bytes())?;
    Ok(file)
}

/// A scene kept for recovery, found at start.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The recovery file, where the scene was kept in one.
    pub file: Option<PathBuf>,
    /// Where it was kept, for a person (the file; the browser's storage).
    pub place: String,
    /// The scene as it was on screen (its `view` without the recovery keys).
    pub scene: Scene,
    /// The file the scene was open from (`None`: the built-in scene or a new one).
    pub origin: Option<PathBuf>,
    /// What went wrong (empty: nothing did; the program was left with unsaved changes).
    pub panic: String,
}

impl Found {
    /// What the window says when it offers the scene back.
    pub fn question(&self) -> String {
        let from = self
            .origin
            .as_ref()
            .map_or("no file".to_string(), |p| p.display().to_string());
        let what = if self.panic.is_empty() {
            "minkowski-lab was left with unsaved changes last time".to_string()
        } else {
            format!(
                "minkowski-lab stopped on an error last time ({})",
                self.panic
            )
        };
        format!(
            "{what}. The scene on screen then, \"{}\" ({from}), was kept in {}. Restore it, \
             with its unsaved changes?",
            self.scene.title, self.place
        )
    }

    /// Deletes the recovery file (after restoring or discarding it).
    pub fn delete(&self) -> Result<(), String> {
        let Some(file) = &self.file else {
            return Ok(());
        };
        match std::fs::remove_file(file) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(format!("{}: {e}", file.display()))
            }
            _ => Ok(()),
        }
    }
}

/// The most recent recovery file in [`dir`] that loads, if any.
pub fn find() -> Option<Found> {
    find_in(&dir())
}

/// The most recent recovery file in `dir` that loads, if any. Files that do not load are left
/// alone (the person can look at them) and not offered.
pub fn find_in(dir: &Path) -> Option<Found> {
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                n.starts_with("recovery-") && n.ends_with(".json")
            })
        })
        .filter_map(|p| Some((super::files::modified(&p)?, p)))
        .collect();
    files.sort();
    files.into_iter().rev().find_map(|(_, file)| {
        let bytes = std::fs::read(&file).ok()?;
        parse_kept(&bytes, file.display().to_string(), Some(file))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("mlab-recovery-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_written_scene_is_found_with_its_file_and_view_and_deleted() {
        let dir = temp_dir("unit");
        assert_eq!(find_in(&dir), None, "a missing folder has nothing");
        let mut scene =
            Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "obb.json").unwrap();
        scene.view = Some(serde_json::json!({"demo": "sat"}));
        scene.b.position.x = 0.25;
        let file = write_in(&dir, &scene, Some(Path::new("scenes/obb.json")), "boom").unwrap();
        assert!(file.starts_with(&dir));
        let found = find_in(&dir).unwrap();
        assert_eq!(found.file.as_ref(), Some(&file));
        assert_eq!(
            found.scene, scene,
            "the view comes back without the recovery keys"
        );
        assert_eq!(found.origin, Some(PathBuf::from("scenes/obb.json")));
        assert_eq!(found.panic, "boom");
        assert!(found.question().contains("scenes/obb.json"));
        // A file that does not load is not offered; no temporary file is left.
        std::fs::write(dir.join("recovery-1.json"), "{ broken").unwrap();
        assert_eq!(find_in(&dir).unwrap().file, Some(file));
        found.delete().unwrap();
        assert_eq!(find_in(&dir), None);
        let mut left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, ["recovery-1.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

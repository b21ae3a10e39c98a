//! What leaves the program as a file other than a scene: the current view as SVG ([`svg`]), the
//! iteration table as CSV ([`csv`]), and (from the window) the view as PNG.
//!
//! Every file is written atomically ([`write_atomic`]): to a temporary file beside the target,
//! flushed, then renamed over it, so a reader never sees half a file and a failed write leaves
//! any existing file as it was. [`default_path`] names an export after the scene file it
//! shows, in the same folder.

pub mod csv;
pub mod svg;

use crate::scene::Demo;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The temporary file beside `path` that an atomic write goes through. It keeps the target's
/// extension (a PNG encoder picks its format by it) and starts with a dot (hidden while it
/// exists): `dir/.NAME.tmp-PID.EXT`.
pub fn temp_path(path: &Path) -> Result<PathBuf, String> {
    let name = path
        .file_name()
        .ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let mut temp = std::ffi::OsString::from(".");
    temp.push(name);
    temp.push(format!(".tmp-{}", std::process::id()));
    if let Some(ext) = path.extension() {
        temp.push(".");
        temp.push(ext);
    }
    Ok(path.with_file_name(temp))
}

/// Renames the finished temporary file `temp` over `path`; on failure the temporary file is
/// removed and the error names `path`.
pub fn commit(temp: &Path, path: &Path) -> Result<(), String> {
    fs::rename(temp, path).map_err(|e| {
        let _ = fs::remove_file(temp);
        format!("{}: cannot write: {e}", path.display())
    })
}

/// Writes `bytes` to `path` atomically (see the module comment). The error names the path
/// and says what went wrong.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let temp = temp_path(path)?;
    let written = (|| -> std::io::Result<()> {
        let mut f = fs::File::create(&temp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    match written {
        Ok(()) => commit(&temp, path),
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(format!("{}: cannot write: {e}", path.display()))
        }
    }
}

/// Checks that a file can be written at `path` (its folder exists and takes a new file), by
/// creating and removing the temporary file the write would use. Nothing at `path` changes.
pub fn check_writable(path: &Path) -> Result<(), String> {
    let temp = temp_path(path)?;
    if path.is_dir() {
        return Err(format!("{}: is a folder, not a file", path.display()));
    }
    fs::File::create(&temp)
        .map(|_| {
            let _ = fs::remove_file(&temp);
        })
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

/// Where an export of `demo` at `step` goes by default: beside the scene file, named after it,
/// `<scene>-<demo>-step<N>.<ext>` (`<scene>-<demo>.<ext>` when `step` is `None`, for the
/// table that covers every step). The built-in scene, which has no file, exports to the current
/// folder as `minkowski-lab-…`.
pub fn default_path(scene: Option<&Path>, demo: Demo, step: Option<usize>, ext: &str) -> PathBuf {
    let stem = scene.and_then(|p| p.file_stem()).map_or_else(
        || "minkowski-lab".into(),
        |s| s.to_string_lossy().into_owned(),
    );
    let name = match step {
        Some(n) => format!("{stem}-{}-step{n}.{ext}", demo.as_str()),
        None => format!("{stem}-{}.{ext}", demo.as_str()),
    };
    match scene.and_then(|p| p.parent()) {
        Some(dir) => dir.join(name),
        None => PathBuf::from(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_paths_sit_beside_the_scene() {
        assert_eq!(
            default_path(
                Some(Path::new("scenes/obb.json")),
                Demo::Sat,
                Some(3),
                "png"
            ),
            PathBuf::from("scenes/obb-sat-step3.png")
        );
        assert_eq!(
            default_path(Some(Path::new("obb.json")), Demo::Aabb, None, "csv"),
            PathBuf::from("obb-aabb.csv")
        );
        assert_eq!(
            default_path(None, Demo::Penetration, Some(0), "svg"),
            PathBuf::from("minkowski-lab-penetration-step0.svg")
        );
    }

    #[test]
    fn temp_files_keep_the_extension_and_sit_beside() {
        let t = temp_path(Path::new("out/a.png")).unwrap();
        assert_eq!(t.parent(), Some(Path::new("out")));
        assert_eq!(t.extension().unwrap(), "png");
        assert!(t
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with(".a.png.tmp-"));
        assert!(temp_path(Path::new("/")).is_err());
    }

    #[test]
    fn atomic_writes_replace_and_failures_name_the_path() {
        let dir = std::env::temp_dir().join(format!("mlab-export-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let p = dir.join("x.csv");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        // Nothing is left beside it.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        assert!(check_writable(&p).is_ok());
        let missing = dir.join("no/such/dir/x.csv");
        let e = write_atomic(&missing, b"x").unwrap_err();
        assert!(e.contains("no/such/dir/x.csv"), "{e}");
        assert!(check_writable(&missing).is_err());
        assert!(check_writable(&dir).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}

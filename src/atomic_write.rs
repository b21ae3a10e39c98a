//! Writing a file so that no one ever sees half of it: every file the program writes (scenes,
//! pictures, tables, recovery files) goes through [`write_atomic`].
//!
//! The bytes go to a temporary file beside the target ([`temp_path`]), which is flushed to disk
//! and renamed over the target; then the folder itself is synced, so that the rename survives a
//! power cut. A crash, a full disk or a folder that is gone leaves any existing file as it was,
//! and the temporary file is removed. Errors name the path and say why in words a person can
//! act on ([`WriteError`]).

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file was not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The path ends in no file name (`/`, `..`).
    #[error("{}: not a file name", .path.display())]
    NotAFileName { path: PathBuf },
    /// The path names a folder.
    #[error("{}: is a folder, not a file", .path.display())]
    IsAFolder { path: PathBuf },
    /// Creating, writing, syncing or renaming failed.
    #[error("{}: cannot write: {} ({source})", .path.display(), reason(.source, .path))]
    Io { path: PathBuf, source: io::Error },
}

impl WriteError {
    /// The path that was to be written.
    pub fn path(&self) -> &Path {
        match self {
            WriteError::NotAFileName { path }
            | WriteError::IsAFolder { path }
            | WriteError::Io { path, .. } => path,
        }
    }

    /// Why, without the path: "the folder out does not exist (No such file or directory)".
    pub fn why(&self) -> String {
        match self {
            WriteError::NotAFileName { .. } => "this is not a file name".into(),
            WriteError::IsAFolder { .. } => "it is a folder, not a file".into(),
            WriteError::Io { path, source } => format!("{} ({source})", reason(source, path)),
        }
    }
}

/// The folder `path` is in (`.` for a bare file name).
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Why a file could not be written at `path`, in words a person can act on.
fn reason(e: &io::Error, path: &Path) -> String {
    use io::ErrorKind as K;
    let d = folder(path).display();
    match e.kind() {
        K::NotFound => format!("the folder {d} does not exist"),
        K::NotADirectory => format!("{d} is not a folder (a file of that name is in the way)"),
        K::ReadOnlyFilesystem => format!("the folder {d} is on a read-only file system"),
        K::PermissionDenied => format!("the folder {d} is read-only or not yours to write in"),
        K::StorageFull => "the disk is full".to_string(),
        K::QuotaExceeded => "your disk quota is used up".to_string(),
        K::IsADirectory => format!("{} is a folder, not a file", path.display()),
        K::Interrupted | K::TimedOut => "writing was interrupted".to_string(),
        _ => "the file could not be written".to_string(),
    }
}

/// The temporary file beside `path` that a write goes through: `dir/.NAME.tmp-PID-N.EXT`. It
/// starts with a dot (hidden while it exists), is unique within the process, and keeps the
/// target's extension.
pub fn temp_path(path: &Path) -> Result<PathBuf, WriteError> {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().ok_or_else(|| WriteError::NotAFileName {
        path: path.to_path_buf(),
    })?;
    let mut temp = OsString::from(".");
    temp.push(name);
    temp.push(format!(
        ".tmp-{}-{}",
        crate::sys::run_tag(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ));
    if let Some(ext) = path.extension() {
        temp.push(".");
        temp.push(ext);
    }
    Ok(path.with_file_name(temp))
}

/// Writes `bytes` to `path` atomically (see the module doc).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    if path.is_dir() {
        return Err(WriteError::IsAFolder {
            path: path.to_path_buf(),
        });
    }
    let temp = temp_path(path)?;
    let written = (|| -> io::Result<()> {
        {
            // Closed at the end of this block, before the rename.
            let mut f = fs::File::create(&temp)?;
            f.write_all(bytes)?;
            f.sync_all()?;
        }
        fs::rename(&temp, path)
    })();
    if let Err(source) = written {
        let _ = fs::remove_file(&temp);
        return Err(WriteError::Io {
            path: path.to_path_buf(),
            source,
        });
    }
    // The rename itself made durable. Best effort: not every platform opens a folder.
    if let Ok(d) = fs::File::open(folder(path)) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Checks that a file can be written at `path` (its folder exists and takes a new file) by
/// creating and removing the temporary file a write would use. Nothing at `path` changes.
pub fn check_writable(path: &Path) -> Result<(), WriteError> {
    if path.is_dir() {
        return Err(WriteError::IsAFolder {
            path: path.to_path_buf(),
        });
    }
    let temp = temp_path(path)?;
    fs::File::create(&temp)
        .map(|_| {
            let _ = fs::remove_file(&temp);
        })
        .map_err(|source| WriteError::Io {
            path: path.to_path_buf(),
            source,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("mlab-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn temp_files_are_hidden_unique_beside_and_keep_the_extension() {
        let t = temp_path(Path::new("out/a.png")).unwrap();
        let u = temp_path(Path::new("out/a.png")).unwrap();
        assert_ne!(t, u);
        assert_eq!(t.parent(), Some(Path::new("out")));
        assert_eq!(t.extension().unwrap(), "png");
        let name = t.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with(".a.png.tmp-"), "{name}");
        assert!(matches!(
            temp_path(Path::new("/")),
            Err(WriteError::NotAFileName { .. })
        ));
    }

    #[test]
    fn a_write_replaces_the_file_and_leaves_nothing_beside_it() {
        let d = dir("replace");
        let p = d.join("x.csv");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        assert_eq!(fs::read_dir(&d).unwrap().count(), 1);
        assert!(check_writable(&p).is_ok());
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn failures_name_the_path_say_why_and_keep_the_old_file() {
        let d = dir("fail");
        let missing = d.join("no/such/dir/x.csv");
        let e = write_atomic(&missing, b"x").unwrap_err();
        assert_eq!(e.path(), missing);
        let text = e.to_string();
        assert!(text.contains("no/such/dir/x.csv: cannot write:"), "{text}");
        assert!(text.contains("does not exist"), "{text}");
        assert!(check_writable(&missing).is_err());
        // A folder in the way of the file, and a file in the way of the folder.
        assert!(matches!(
            write_atomic(&d, b"x"),
            Err(WriteError::IsAFolder { .. })
        ));
        let in_the_way = d.join("file");
        fs::write(&in_the_way, "old").unwrap();
        let e = write_atomic(&in_the_way.join("x.json"), b"x").unwrap_err();
        assert!(e.why().contains("is not a folder"), "{}", e.why());
        assert_eq!(fs::read(&in_the_way).unwrap(), b"old");
        assert_eq!(
            fs::read_dir(&d).unwrap().count(),
            1,
            "no temporary file left"
        );
        fs::remove_dir_all(&d).unwrap();
    }
}

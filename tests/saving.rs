//! Saving where the file cannot be written: a read-only folder, a missing folder, a file in the
//! way of the folder, a full disk. Each time the person is told why, and the file already on
//! disk is byte for byte what it was.
//!
//! These tests run as root in CI, where permission bits do not stop a write. So a folder is
//! made truly read-only by the strongest means the machine allows, in this order: a read-only
//! bind mount of it onto itself (needs the right to mount), the immutable attribute
//! (`chattr +i`, ext2/3/4, XFS, Btrfs; needs CAP_LINUX_IMMUTABLE), permission bits (stop
//! anyone but root). A probe checks that the folder really refuses a new file before the save
//! is tried, and the test fails if no means works, rather than passing without testing.

mod common;

use common::TempDir;
use minkowski_lab::scene::{ErrorKind, Scene};
use std::path::{Path, PathBuf};
use std::process::Command;

fn scene() -> Scene {
    Scene::load("scenes/obb_vs_obb.json").unwrap()
}

fn run(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether a new file can be created in `dir` (the probe is removed again).
fn can_create_in(dir: &Path) -> bool {
    let probe = dir.join(".probe");
    let ok = std::fs::write(&probe, b"x").is_ok();
    let _ = std::fs::remove_file(&probe);
    ok
}

/// How a folder was made read-only; undone when dropped.
enum ReadOnly {
    Mount(PathBuf),
    Immutable(PathBuf),
    Mode(PathBuf),
}

impl ReadOnly {
    /// Makes `dir` refuse new files, by the first means that works here.
    fn make(dir: &Path) -> Result<ReadOnly, String> {
        let d = dir.to_str().unwrap();
        if run("mount", &["--bind", d, d]) {
            let guard = ReadOnly::Mount(dir.to_path_buf());
            if run("mount", &["-o", "remount,bind,ro", d, d]) && !can_create_in(dir) {
                return Ok(guard);
            }
        }
        if run("chattr", &["+i", d]) {
            let guard = ReadOnly::Immutable(dir.to_path_buf());
            if !can_create_in(dir) {
                return Ok(guard);
            }
        }
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).unwrap();
        let guard = ReadOnly::Mode(dir.to_path_buf());
        if !can_create_in(dir) {
            return Ok(guard);
        }
        Err(format!(
            "cannot make {d} read-only here: no read-only bind mount, no `chattr +i`, and \
             permission bits do not stop this user"
        ))
    }

    fn how(&self) -> &'static str {
        match self {
            ReadOnly::Mount(_) => "read-only bind mount",
            ReadOnly::Immutable(_) => "chattr +i",
            ReadOnly::Mode(_) => "mode 555",
        }
    }
}

impl Drop for ReadOnly {
    fn drop(&mut self) {
        match self {
            ReadOnly::Mount(d) => {
                run("umount", &[d.to_str().unwrap()]);
            }
            ReadOnly::Immutable(d) => {
                run("chattr", &["-i", d.to_str().unwrap()]);
            }
            ReadOnly::Mode(d) => {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755));
            }
        }
    }
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn saving_into_a_read_only_folder_says_so_and_keeps_the_old_file() {
    let tmp = TempDir::new("saving-ro");
    let dir = tmp.0.join("scenes");
    std::fs::create_dir(&dir).unwrap();
    let path = dir.join("kept.json");
    scene().save(&path).unwrap();
    let before = std::fs::read(&path).unwrap();

    let guard = ReadOnly::make(&dir).unwrap_or_else(|e| panic!("{e}"));
    let mut edited = scene();
    edited.title = "edited".into();
    let e = edited.save(&path).unwrap_err();
    let message = e.to_string();
    eprintln!("({}) {message}", guard.how());
    assert_eq!(e.kind, ErrorKind::Io);
    assert!(
        message.starts_with(&path.display().to_string()),
        "{message}"
    );
    assert!(
        message.contains(&format!("the folder {}", dir.display()))
            && (message.contains("read-only") || message.contains("not yours to write")),
        "{message}"
    );
    assert!(message.contains("unchanged"), "{message}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(entries(&dir), ["kept.json"], "no temporary file left");
    drop(guard);
    // Writable again, the same save goes through.
    edited.save(&path).unwrap();
    assert_eq!(Scene::load(&path).unwrap().title, "edited");
}

#[test]
fn saving_into_a_missing_folder_or_under_a_file_says_which() {
    let tmp = TempDir::new("saving-missing");
    let missing = tmp.0.join("no/such/folder/x.json");
    let message = scene().save(&missing).unwrap_err().to_string();
    assert!(
        message.contains(&format!(
            "the folder {} does not exist",
            tmp.0.join("no/such/folder").display()
        )),
        "{message}"
    );

    // A regular file where the folder should be: creating anything under it fails for root
    // too.
    let file = tmp.0.join("notes.txt");
    std::fs::write(&file, b"not a folder").unwrap();
    let message = scene().save(file.join("x.json")).unwrap_err().to_string();
    assert!(
        message.contains(&format!("{} is not a folder", file.display())),
        "{message}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"not a folder");
    assert_eq!(entries(&tmp.0), ["notes.txt"]);
}

/// A full disk: a tiny in-memory file system, mounted only if this machine lets the test mount
/// (it says so and does nothing otherwise; the read-only test above never skips).
#[test]
fn saving_onto_a_full_disk_says_so_and_keeps_the_old_file() {
    let tmp = TempDir::new("saving-full");
    let dir = tmp.0.join("disk");
    std::fs::create_dir(&dir).unwrap();
    let d = dir.to_str().unwrap();
    if !run("mount", &["-t", "tmpfs", "-o", "size=64k", "tmpfs", d]) {
        eprintln!("skipped: cannot mount a small tmpfs here");
        return;
    }
    struct Unmount<'a>(&'a str);
    impl Drop for Unmount<'_> {
        fn drop(&mut self) {
            run("umount", &[self.0]);
        }
    }
    let _unmount = Unmount(d);
    let path = dir.join("kept.json");
    scene().save(&path).unwrap();
    let before = std::fs::read(&path).unwrap();
    // Fill what is left.
    let _ = std::fs::write(dir.join("filler"), vec![0u8; 128 * 1024]);
    let mut big = scene();
    big.description = Some("x".repeat(64 * 1024));
    let message = big.save(&path).unwrap_err().to_string();
    assert!(message.contains("the disk is full"), "{message}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(entries(&dir), ["filler", "kept.json"]);
}

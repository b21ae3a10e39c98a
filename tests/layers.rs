//! The layering of design section 3, checked on the source text.

use std::fs;
use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn files_naming(dir: &str, words: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
    assert!(!files.is_empty(), "no Rust files under {dir}");
    files
        .iter()
        .filter(|f| {
            let text = fs::read_to_string(f).unwrap();
            words.iter().any(|w| text.contains(w))
        })
        .map(|f| f.display().to_string())
        .collect()
}

#[test]
fn geometry_knows_no_window_and_no_ui() {
    let bad = files_naming("src/geometry", &["macroquad", "egui", "miniquad"]);
    assert!(
        bad.is_empty(),
        "geometry files naming a window or UI crate: {bad:?}"
    );
}

#[test]
fn geometry_knows_no_files_or_scenes() {
    let bad = files_naming("src/geometry", &["std::fs", "crate::scene", "serde"]);
    assert!(
        bad.is_empty(),
        "geometry files reaching into files or scenes: {bad:?}"
    );
}

/// In a browser page (`wasm32-unknown-unknown`) these standard-library calls panic, and a
/// panic ends the page: only the host modules (`src/sys.rs`, `src/app/host/`) and the
/// desktop window's own module (`src/app/platform.rs`, Linux only) may make them, or choose
/// code by target; tests may.
#[test]
fn calls_that_panic_in_a_browser_stay_behind_the_host() {
    let calls = [
        "process::id()",
        "temp_dir()",
        "Instant::now",
        "SystemTime::now",
        "thread::spawn",
        "target_arch",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let allowed = ["src/sys.rs", "src/app/host/", "src/app/platform.rs"];
    let mut bad = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(root).unwrap().display().to_string();
        if allowed.iter().any(|a| rel.starts_with(a)) {
            continue;
        }
        let text = fs::read_to_string(f).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for call in calls {
            if code.contains(call) {
                bad.push(format!("{rel}: {call}"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "calls that panic on wasm32 outside the host: {bad:?}"
    );
}

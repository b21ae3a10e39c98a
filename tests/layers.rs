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

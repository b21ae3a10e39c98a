//! Every input the fuzzers (`fuzz/`, see FUZZING.md) ever found failing, replayed through the
//! same checks that found it: `tests/fuzz_regressions/scene_parse/` holds scene files (any
//! bytes), `tests/fuzz_regressions/geometry/` recipes of shapes and motions (bytes read by
//! `fuzz_checks::Recipe`). Each file is named for what went wrong.

mod fuzz_checks;

use std::path::PathBuf;

/// The files in `dirs` (not hidden ones), in order.
fn inputs(dirs: &[&str]) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|dir| {
            std::fs::read_dir(dir)
                .unwrap_or_else(|e| panic!("{dir}: {e}"))
                .map(|e| e.unwrap().path())
        })
        .filter(|p| p.is_file() && !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect()
}

/// Runs `check` on every file in `dirs`, and names every one that fails.
fn replay(dirs: &[&str], check: fn(&[u8])) {
    let all = inputs(dirs);
    assert!(!all.is_empty(), "no inputs in {dirs:?}");
    let failed: Vec<String> = all
        .iter()
        .filter_map(|(path, bytes)| {
            std::panic::catch_unwind(|| check(bytes))
                .err()
                .map(|_| path.display().to_string())
        })
        .collect();
    assert!(failed.is_empty(), "these inputs fail again: {failed:#?}");
}

/// The parser's findings, and as scene files the geometry's findings (`tests/extreme/fuzz_*`),
/// the other extreme scenes and the malformed corpus, all under the fuzzer's checks.
#[test]
fn scene_files_the_fuzzer_found() {
    replay(
        &[
            "tests/fuzz_regressions/scene_parse",
            "tests/extreme",
            "tests/malformed",
        ],
        fuzz_checks::scene_bytes,
    );
}

#[test]
fn geometry_the_fuzzer_found() {
    replay(
        &["tests/fuzz_regressions/geometry"],
        fuzz_checks::geometry_bytes,
    );
}

/// `MINKOWSKI_LAB_SHOW=FILE cargo test --test fuzz_regressions show_recipe -- --nocapture`
/// prints the scene a geometry input describes (to turn a finding into a named case).
#[test]
fn show_recipe() {
    if let Ok(path) = std::env::var("MINKOWSKI_LAB_SHOW") {
        let bytes = std::fs::read(&path).unwrap();
        print!(
            "{}",
            fuzz_checks::Recipe::new(&bytes).scene().to_json_string()
        );
    }
}

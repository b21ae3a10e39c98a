//! What leaves the program as a file other than a scene: the current view as SVG ([`svg`]), the
//! iteration table as CSV ([`csv`]), and the window's pixels as PNG ([`png`]).
//!
//! Every file is written with [`crate::atomic_write::write_atomic`], so a reader never sees
//! half a file. [`default_path`] names an export after the scene file it shows, in the same
//! folder.

pub mod csv;
pub mod picture;
pub mod png;
pub mod svg;

use crate::scene::Demo;
use std::path::{Path, PathBuf};

/// Where an export of `demo` at `step` (the index, from 0) goes by default: beside the scene
/// file, named after it, `<scene>-<demo>-step<N>.<ext>` with N counted from 1 as the window
/// shows steps (`<scene>-<demo>.<ext>` when `step` is `None`, for the
/// table that covers every step). The built-in scene, which has no file, exports to the current
/// folder as `minkowski-lab-…`.
pub fn default_path(scene: Option<&Path>, demo: Demo, step: Option<usize>, ext: &str) -> PathBuf {
    let stem = scene.and_then(|p| p.file_stem()).map_or_else(
        || "minkowski-lab".into(),
        |s| s.to_string_lossy().into_owned(),
    );
    let name = match step {
        Some(n) => format!("{stem}-{}-step{}.{ext}", demo.as_str(), n + 1),
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
            PathBuf::from("scenes/obb-sat-step4.png")
        );
        assert_eq!(
            default_path(Some(Path::new("obb.json")), Demo::Aabb, None, "csv"),
            PathBuf::from("obb-aabb.csv")
        );
        assert_eq!(
            default_path(None, Demo::Penetration, Some(0), "svg"),
            PathBuf::from("minkowski-lab-penetration-step1.svg")
        );
    }
}

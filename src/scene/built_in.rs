//! The scenes that ship with the program (`scenes/*.json`), compiled in: the window's built-in
//! scene, and the web page's scene list (a page has no folder to read).

use super::Scene;
use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/built_in_scenes.rs"));

/// The folder the shipped scenes come from, and the one their paths name.
pub const FOLDER: &str = "scenes";

/// The scene shown when no file or link is given: the first article's OBB vs OBB demo.
pub const DEFAULT: &str = "obb_vs_obb.json";

/// The path a shipped scene is known by (`scenes/NAME`).
pub fn path_of(name: &str) -> PathBuf {
    Path::new(FOLDER).join(name)
}

/// The text of the shipped scene at `path` (`scenes/NAME.json`), if there is one.
pub fn text(path: &Path) -> Option<&'static str> {
    let name = path.strip_prefix(FOLDER).ok()?.to_str()?;
    SCENES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The default scene.
pub fn default_scene() -> Scene {
    let path = path_of(DEFAULT);
    let text = text(&path).unwrap_or_default();
    Scene::from_str(text, &path.display().to_string()).expect("the shipped default scene loads")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_in_the_folder_is_built_in_and_loads() {
        let mut on_disk: Vec<String> = std::fs::read_dir(FOLDER)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".json"))
            .collect();
        on_disk.sort();
        let built_in: Vec<&str> = SCENES.iter().map(|(n, _)| *n).collect();
        assert_eq!(built_in, on_disk);
        for (name, body) in SCENES {
            let path = path_of(name);
            assert_eq!(text(&path), Some(*body));
            assert_eq!(*body, std::fs::read_to_string(&path).unwrap());
            Scene::from_str(body, name).unwrap();
        }
        assert_eq!(text(Path::new("scenes/missing.json")), None);
        assert_eq!(text(Path::new("elsewhere/obb_vs_obb.json")), None);
        assert_eq!(default_scene().title, "OBB vs OBB, exactly aligned");
    }
}

//! Scene files as the window sees them: the scene browser's list, and whether the open file
//! changed on disk.

use crate::scene::Scene;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// One scene file in the browser.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneEntry {
    pub path: PathBuf,
    /// The scene's title, or the file name with the reason when it does not load.
    pub title: String,
    /// The load error, if any (the file is still listed, so a person sees why it is not usable).
    pub error: Option<String>,
    /// The file's modification time when it was read.
    pub modified: Option<SystemTime>,
}

/// The entry for the scene file at `path`, read now.
fn read_entry(path: PathBuf, modified: Option<SystemTime>) -> SceneEntry {
    match Scene::load(&path) {
        Ok(s) => SceneEntry {
            path,
            title: s.title,
            error: None,
            modified,
        },
        Err(e) => SceneEntry {
            title: path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            path,
            error: Some(e.to_string()),
            modified,
        },
    }
}

/// Every `*.json` file in `dir`, by title (loadable scenes first, then the broken ones by
/// name). A missing or unreadable folder gives an empty list. A file listed in `known` with
/// the same modification time is not read again: the browser refreshes every few seconds, and
/// parsing a folder of scenes (a 1,000-gon among them) would cost a frame each time.
pub fn list_scenes(dir: &Path, known: &[SceneEntry]) -> Vec<SceneEntry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return vec![];
    };
    let mut out: Vec<SceneEntry> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json") && p.is_file())
        .map(|path| {
            let modified = modified(&path);
            match known.iter().find(|k| k.path == path) {
                Some(k) if modified.is_some() && k.modified == modified => k.clone(),
                _ => read_entry(path, modified),
            }
        })
        .collect();
    out.sort_by(|x, y| {
        (x.error.is_some(), x.title.to_lowercase(), &x.path).cmp(&(
            y.error.is_some(),
            y.title.to_lowercase(),
            &y.path,
        ))
    });
    out
}

/// The folder the browser lists: the open file's own folder, else `scenes/` under the current
/// directory.
pub fn browse_dir(open_file: Option<&Path>) -> PathBuf {
    open_file
        .and_then(|p| p.parent())
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("scenes"), Path::to_path_buf)
}

/// When `path` was last modified, if it can be read.
pub fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_lists_scenes_by_title_and_broken_files_last() {
        let dir = std::env::temp_dir().join(format!("mlab-browse-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let scene = |title: &str| {
            let mut s =
                Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "x.json").unwrap();
            s.title = title.into();
            s
        };
        scene("Zebra").save(dir.join("a.json")).unwrap();
        scene("apple").save(dir.join("b.json")).unwrap();
        std::fs::write(dir.join("broken.json"), "{ nope").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a scene").unwrap();
        let list = list_scenes(&dir, &[]);
        let titles: Vec<&str> = list.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(titles, ["apple", "Zebra", "broken.json"]);
        assert!(list[2].error.as_ref().unwrap().contains("broken.json"));
        assert!(list_scenes(&dir.join("missing"), &[]).is_empty());
        // A file whose modification time is unchanged is taken from the last listing unread;
        // a new time makes it read again.
        let apple = dir.join("b.json");
        let when = modified(&apple).unwrap();
        scene("pear").save(&apple).unwrap();
        let set = |t: SystemTime| {
            std::fs::File::options()
                .write(true)
                .open(&apple)
                .unwrap()
                .set_modified(t)
                .unwrap()
        };
        let title_of_b = |known: &[SceneEntry]| {
            let l = list_scenes(&dir, known);
            l.into_iter().find(|e| e.path == apple).unwrap().title
        };
        set(when);
        assert_eq!(title_of_b(&list), "apple");
        assert_eq!(title_of_b(&[]), "pear");
        set(when + std::time::Duration::from_secs(5));
        assert_eq!(title_of_b(&list), "pear");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_browser_looks_beside_the_open_file() {
        assert_eq!(browse_dir(None), PathBuf::from("scenes"));
        assert_eq!(
            browse_dir(Some(Path::new("/tmp/x/s.json"))),
            PathBuf::from("/tmp/x")
        );
        assert_eq!(
            browse_dir(Some(Path::new("s.json"))),
            PathBuf::from("scenes")
        );
    }
}

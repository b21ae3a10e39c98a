//! The desktop side of [`Host`]: files on disk, a recovery file on a panic, a window.

use super::{Host, Incoming, Kind, Listing};
use crate::app::files::{self, SceneEntry};
use crate::app::recovery::{self, Found};
use crate::scene::Scene;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Files on disk, in the folder the program was started in.
#[derive(Clone, Debug, Default)]
pub struct Desktop;

impl Host for Desktop {
    fn kind(&self) -> Kind {
        Kind::Desktop
    }

    fn load(&self, path: &Path) -> Result<Scene, String> {
        Scene::load(path).map_err(|e| e.to_string())
    }

    fn save(&mut self, scene: &Scene, path: &Path) -> Result<(), String> {
        scene.save(path).map_err(|e| e.to_string())
    }

    fn write(&mut self, path: &Path, bytes: &[u8], _mime: &str) -> Result<(), String> {
        crate::atomic_write::write_atomic(path, bytes).map_err(|e| e.to_string())
    }

    fn place(&self, path: &Path) -> String {
        path.display().to_string()
    }

    fn modified(&self, path: &Path) -> Option<SystemTime> {
        files::modified(path)
    }

    fn list(&self, open: Option<&Path>, known: &[SceneEntry]) -> Listing {
        let dir = files::browse_dir(open);
        Listing {
            place: dir.display().to_string(),
            entries: files::list_scenes(&dir, known),
        }
    }

    fn dropped(
        &mut self,
        path: Option<PathBuf>,
        _bytes: Option<Vec<u8>>,
    ) -> Result<PathBuf, String> {
        path.ok_or_else(|| "The dropped item is not a file on disk.".into())
    }

    fn pick_file(&mut self) -> bool {
        false
    }

    fn incoming(&mut self) -> Vec<Incoming> {
        Vec::new()
    }

    fn keep(&mut self, scene: &Scene, path: Option<&Path>, unsaved: bool) -> Result<(), String> {
        recovery::remember(scene, path, unsaved);
        Ok(())
    }

    fn kept(&mut self) -> Option<Found> {
        recovery::find()
    }

    fn forget(&mut self, found: &Found) -> Result<(), String> {
        found.delete()
    }

    fn link(&mut self) -> Option<String> {
        None
    }

    fn show_link(&mut self, _fragment: &str) {}

    fn copy_link(&mut self, _fragment: &str) -> Result<String, String> {
        Err("links are made by the web page (scripts/web.sh), not the window".into())
    }

    fn show_title(&mut self, _title: &str) {}

    fn unsaved(&mut self, _unsaved: bool) {}

    fn on_panic(&mut self) {
        recovery::install_hook();
    }

    fn report(&mut self, _message: &str) {}
}

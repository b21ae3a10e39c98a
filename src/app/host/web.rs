//! The browser side of [`Host`] (`wasm32`): the page's JavaScript (`www/minkowski-lab.js`, a
//! plugin of macroquad's loader) does what only a page can (the link, local storage,
//! downloads, the file picker, the clipboard); this side keeps the files a person opened.
//!
//! Data comes from JavaScript in two calls: a function stages bytes and returns their length
//! (−1: nothing), then `mlab_take` copies them into a buffer of that length.

use super::{Host, Incoming, Kind, Listing};
use crate::app::files::SceneEntry;
use crate::app::recovery::{self, Found};
use crate::scene::{built_in, Scene};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

mod js {
    extern "C" {
        pub fn mlab_take(ptr: *mut u8);
        pub fn mlab_fragment() -> i32;
        pub fn mlab_set_fragment(ptr: *const u8, len: usize);
        pub fn mlab_link_changed() -> i32;
        pub fn mlab_copy_failed() -> i32;
        pub fn mlab_copy_link(ptr: *const u8, len: usize);
        pub fn mlab_download(
            name: *const u8,
            name_len: usize,
            mime: *const u8,
            mime_len: usize,
            data: *const u8,
            data_len: usize,
        );
        pub fn mlab_storage_get(key: *const u8, key_len: usize) -> i32;
        pub fn mlab_storage_set(key: *const u8, key_len: usize, v: *const u8, v_len: usize) -> i32;
        pub fn mlab_storage_remove(key: *const u8, key_len: usize);
        pub fn mlab_pick_file();
        pub fn mlab_next_pick() -> i32;
        pub fn mlab_pick_body() -> i32;
        pub fn mlab_set_title(ptr: *const u8, len: usize);
        pub fn mlab_set_unsaved(unsaved: i32);
        pub fn mlab_panic(ptr: *const u8, len: usize);
        pub fn mlab_warn(ptr: *const u8, len: usize);
    }
}

/// The version of the page's plugin this side speaks (macroquad's loader compares the two).
#[no_mangle]
pub extern "C" fn minkowski_lab_crate_version() -> u32 {
    1
}

/// The bytes JavaScript staged, `len` of them (`None` for −1).
fn staged(len: i32) -> Option<Vec<u8>> {
    let len = usize::try_from(len).ok()?;
    let mut bytes = vec![0u8; len];
    // SAFETY: the buffer is `len` bytes, the length of what JavaScript staged.
    unsafe { js::mlab_take(bytes.as_mut_ptr()) };
    Some(bytes)
}

fn text(len: i32) -> Option<String> {
    staged(len).map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// The key under which the scene with unsaved changes is kept in local storage.
const KEPT: &str = "minkowski-lab.unsaved-scene";
/// Where that is, for a person.
const KEPT_PLACE: &str = "this browser's storage";

/// Files opened in this visit (picked or dropped), by name; the shipped scenes.
#[derive(Debug, Default)]
pub struct Browser {
    opened: Vec<(PathBuf, Vec<u8>)>,
    unsaved: Option<bool>,
}

impl Browser {
    fn store(&mut self, name: &str, bytes: Vec<u8>) -> PathBuf {
        // Only the name: a page never sees the folder a file came from.
        let path = PathBuf::from(Path::new(name).file_name().map_or_else(
            || "opened.json".into(),
            |n| n.to_string_lossy().into_owned(),
        ));
        self.opened.retain(|(p, _)| *p != path);
        self.opened.push((path.clone(), bytes));
        path
    }

    fn download(&mut self, path: &Path, bytes: &[u8], mime: &str) {
        let name = download_name(path);
        // SAFETY: each pointer and length is of a live slice.
        unsafe {
            js::mlab_download(
                name.as_ptr(),
                name.len(),
                mime.as_ptr(),
                mime.len(),
                bytes.as_ptr(),
                bytes.len(),
            )
        };
    }
}

/// The name a file written as `path` is downloaded under.
fn download_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || "minkowski-lab".into(),
        |n| n.to_string_lossy().into_owned(),
    )
}

impl Host for Browser {
    fn kind(&self) -> Kind {
        Kind::Browser
    }

    fn load(&self, path: &Path) -> Result<Scene, String> {
        let name = path.display().to_string();
        if let Some((_, bytes)) = self.opened.iter().find(|(p, _)| p == path) {
            return Scene::from_bytes(bytes, &name).map_err(|e| e.to_string());
        }
        match built_in::text(path) {
            Some(text) => Scene::from_str(text, &name).map_err(|e| e.to_string()),
            None => Err(format!(
                "{name}: no such scene in this page (open a file of yours with \"Open file\" or \
                 drop it on the page)"
            )),
        }
    }

    fn save(&mut self, scene: &Scene, path: &Path) -> Result<(), String> {
        scene
            .validate()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let text = scene.to_json_string();
        self.download(path, text.as_bytes(), "application/json");
        Ok(())
    }

    fn write(&mut self, path: &Path, bytes: &[u8], mime: &str) -> Result<(), String> {
        self.download(path, bytes, mime);
        Ok(())
    }

    fn place(&self, path: &Path) -> String {
        format!("{} (a download)", download_name(path))
    }

    fn modified(&self, _path: &Path) -> Option<SystemTime> {
        None
    }

    fn list(&self, _open: Option<&Path>, known: &[SceneEntry]) -> Listing {
        let mut entries: Vec<SceneEntry> = built_in::SCENES
            .iter()
            .map(|(name, text)| {
                let path = built_in::path_of(name);
                if let Some(k) = known.iter().find(|k| k.path == path) {
                    return k.clone();
                }
                let (title, error) = match Scene::from_str(text, name) {
                    Ok(s) => (s.title, None),
                    Err(e) => (name.to_string(), Some(e.to_string())),
                };
                SceneEntry {
                    path,
                    title,
                    error,
                    modified: None,
                }
            })
            .collect();
        entries.sort_by_key(|e| e.title.to_lowercase());
        Listing {
            place: "the scenes shipped with the page".into(),
            entries,
        }
    }

    fn dropped(
        &mut self,
        path: Option<PathBuf>,
        bytes: Option<Vec<u8>>,
    ) -> Result<PathBuf, String> {
        let name = path.map_or_else(|| "dropped.json".into(), |p| p.display().to_string());
        match bytes {
            Some(b) if b.len() as u64 > crate::scene::MAX_FILE_BYTES => Err(format!(
                "{name}: too large ({:.1} MB); a scene file may have at most {} MB",
                b.len() as f64 / (1 << 20) as f64,
                crate::scene::MAX_FILE_BYTES >> 20
            )),
            Some(b) => Ok(self.store(&name, b)),
            None => Err(format!(
                "{name}: the browser gave no content for the dropped item"
            )),
        }
    }

    fn pick_file(&mut self) -> bool {
        // SAFETY: no arguments.
        unsafe { js::mlab_pick_file() };
        true
    }

    fn incoming(&mut self) -> Vec<Incoming> {
        let mut out = Vec::new();
        // SAFETY: the staging protocol above: each staging call is followed by its `mlab_take`
        // (in `staged`) before anything else is staged.
        while let Some(name) = text(unsafe { js::mlab_next_pick() }) {
            match staged(unsafe { js::mlab_pick_body() }) {
                Some(bytes) => out.push(Incoming::Open(self.store(&name, bytes))),
                None => out.push(Incoming::Problem(format!(
                    "{name}: the browser could not read the file, or it is larger than a scene \
                     may be"
                ))),
            }
        }
        if unsafe { js::mlab_copy_failed() } != 0 {
            out.push(Incoming::Problem(
                "The browser did not let the link be copied: copy it from the address bar.".into(),
            ));
        }
        if unsafe { js::mlab_link_changed() } != 0 {
            out.push(Incoming::Link(
                text(unsafe { js::mlab_fragment() }).unwrap_or_default(),
            ));
        }
        out
    }

    fn keep(&mut self, scene: &Scene, path: Option<&Path>, unsaved: bool) -> Result<(), String> {
        // SAFETY: each pointer and length is of a live slice.
        unsafe {
            if unsaved {
                let text = recovery::kept_json(scene, path, "");
                let stored =
                    js::mlab_storage_set(KEPT.as_ptr(), KEPT.len(), text.as_ptr(), text.len());
                if stored != 1 {
                    return Err(format!(
                        "the browser's storage refused {} KB: full, or turned off",
                        text.len().div_ceil(1000)
                    ));
                }
            } else {
                js::mlab_storage_remove(KEPT.as_ptr(), KEPT.len());
            }
        }
        Ok(())
    }

    fn kept(&mut self) -> Option<Found> {
        // SAFETY: the staging protocol above.
        let bytes = staged(unsafe { js::mlab_storage_get(KEPT.as_ptr(), KEPT.len()) })?;
        recovery::parse_kept(&bytes, KEPT_PLACE.into(), None)
    }

    fn forget(&mut self, _found: &Found) -> Result<(), String> {
        // SAFETY: a live slice.
        unsafe { js::mlab_storage_remove(KEPT.as_ptr(), KEPT.len()) };
        Ok(())
    }

    fn link(&mut self) -> Option<String> {
        // SAFETY: the staging protocol above.
        text(unsafe { js::mlab_fragment() }).filter(|f| !f.is_empty())
    }

    fn show_link(&mut self, fragment: &str) {
        // SAFETY: a live slice.
        unsafe { js::mlab_set_fragment(fragment.as_ptr(), fragment.len()) };
    }

    fn copy_link(&mut self, fragment: &str) -> Result<String, String> {
        // SAFETY: a live slice.
        unsafe { js::mlab_copy_link(fragment.as_ptr(), fragment.len()) };
        Ok(format!(
            "Link copied ({} characters): pasted anywhere, it opens this figure",
            fragment.len()
        ))
    }

    fn show_title(&mut self, title: &str) {
        // SAFETY: a live slice.
        unsafe { js::mlab_set_title(title.as_ptr(), title.len()) };
    }

    fn unsaved(&mut self, unsaved: bool) {
        if self.unsaved != Some(unsaved) {
            self.unsaved = Some(unsaved);
            // SAFETY: no pointers.
            unsafe { js::mlab_set_unsaved(i32::from(unsaved)) };
        }
    }

    fn on_panic(&mut self) {
        std::panic::set_hook(Box::new(|info| {
            let message = info.to_string();
            // SAFETY: a live slice.
            unsafe { js::mlab_panic(message.as_ptr(), message.len()) };
        }));
    }

    fn report(&mut self, message: &str) {
        // SAFETY: a live slice.
        unsafe { js::mlab_warn(message.as_ptr(), message.len()) };
    }
}

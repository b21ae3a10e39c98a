//! What the app needs from the machine it runs on, in one small interface with two sides.
//!
//! - The **desktop** ([`Desktop`]): scene files on disk, opened by path and listed from their
//!   folder; saves and exports written beside them; a recovery file written if the program
//!   panics; a window that asks before it closes on unsaved changes.
//! - A **browser page** (`web.rs`, built for `wasm32`): the shipped scenes compiled in and
//!   listed; files picked with the browser's picker or dropped on the page (their bytes, kept
//!   for the page's life); saves and exports as downloads; the scene with unsaved changes kept
//!   in the browser's local storage and offered back on the next visit; a link that holds the
//!   scene, kept in the address bar and copied on request.
//!
//! The app asks a [`Host`] and never the platform: this module is the one place that picks a
//! side by target.

use super::files::SceneEntry;
use super::recovery::Found;
use crate::scene::Scene;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

#[cfg(not(target_arch = "wasm32"))]
mod desktop;
#[cfg(not(target_arch = "wasm32"))]
pub use desktop::Desktop;
#[cfg(target_arch = "wasm32")]
mod web;

/// Which kind of machine: the panel's words and controls follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Files by path, a folder of scenes, a window that closes.
    Desktop,
    /// Downloads, built-in scenes, a picker, a link.
    Browser,
}

/// The scenes a person can open from the panel's list, and where they are.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Listing {
    /// Where the list comes from (a folder; "built into the page").
    pub place: String,
    pub entries: Vec<SceneEntry>,
}

pub trait Host {
    fn kind(&self) -> Kind;

    /// The scene at `path` (a file, or a scene the host keeps under that name); `Err` says
    /// where and what.
    fn load(&self, path: &Path) -> Result<Scene, String>;

    /// Saves `scene` as `path` (on disk, or a download of that name).
    fn save(&mut self, scene: &Scene, path: &Path) -> Result<(), String>;

    /// Writes an export (`bytes`, of media type `mime`) as `path`.
    fn write(&mut self, path: &Path, bytes: &[u8], mime: &str) -> Result<(), String>;

    /// Where a file saved or written as `path` goes, for a person: the path, or the download.
    fn place(&self, path: &Path) -> String;

    /// When the file at `path` last changed, where files change under the program.
    fn modified(&self, path: &Path) -> Option<SystemTime>;

    /// The scenes to list, given the file open now (`known`: the last listing, whose unchanged
    /// entries need not be read again).
    fn list(&self, open: Option<&Path>, known: &[SceneEntry]) -> Listing;

    /// Takes a file dropped on the window (its path, or its bytes and name): the path to open
    /// it from, or why it cannot be.
    fn dropped(&mut self, path: Option<PathBuf>, bytes: Option<Vec<u8>>)
        -> Result<PathBuf, String>;

    /// Asks the person for a file to open (the browser's picker); what they pick comes back from
    /// [`Host::incoming`]. `false`: there is no picker here (paths are typed).
    fn pick_file(&mut self) -> bool;

    /// What came from outside since the last frame: files picked, a link followed.
    fn incoming(&mut self) -> Vec<Incoming>;

    /// Keeps the scene on screen (from `path`) for recovery while it has `unsaved` changes;
    /// `Err` says why it cannot be kept.
    fn keep(&mut self, scene: &Scene, path: Option<&Path>, unsaved: bool) -> Result<(), String>;

    /// A scene kept by an earlier run that ended with unsaved changes, if any.
    fn kept(&mut self) -> Option<Found>;

    /// Forgets a kept scene (restored or discarded).
    fn forget(&mut self, found: &Found) -> Result<(), String>;

    /// The link the program was opened with (the fragment after `#`), if any.
    fn link(&mut self) -> Option<String>;

    /// Shows `fragment` as the program's link now (the address bar), where there is one.
    fn show_link(&mut self, fragment: &str);

    /// Copies the link of `fragment` for pasting elsewhere; `Ok` says what was copied.
    fn copy_link(&mut self, fragment: &str) -> Result<String, String>;

    /// Shows `title` as the window's or page's title.
    fn show_title(&mut self, title: &str);

    /// Whether there are unsaved changes, for a host that warns when the page is left.
    fn unsaved(&mut self, unsaved: bool);

    /// Installs what happens on a panic (a recovery file; a message on the page).
    fn on_panic(&mut self);

    /// Reports `message` (a banner) where a developer or a test looks: stderr, the console.
    fn report(&mut self, message: &str);
}

/// What came in from outside the app.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// A file picked, kept by the host under this path: open it.
    Open(PathBuf),
    /// The page's link changed to this fragment (a link followed in the same tab).
    Link(String),
    /// Something came that cannot be opened: why.
    Problem(String),
}

/// The host of the machine this program was built for.
pub fn this_machine() -> Box<dyn Host> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        Box::new(Desktop)
    }
    #[cfg(target_arch = "wasm32")]
    {
        Box::new(web::Browser::default())
    }
}

/// A page in memory, for testing the app's browser side off the browser: what the app hands
/// it is logged.
#[cfg(test)]
pub mod page {
    use super::*;
    use crate::app::recovery;
    use crate::scene::built_in;
    use std::cell::RefCell;
    use std::rc::Rc;

    #[derive(Debug, Default)]
    pub struct Log {
        pub link: Option<String>,
        pub links_shown: Vec<String>,
        pub copied: Vec<String>,
        pub downloads: Vec<(String, Vec<u8>, String)>,
        pub storage: Option<String>,
        pub titles: Vec<String>,
        pub reports: Vec<String>,
        pub opened: Vec<(PathBuf, Vec<u8>)>,
        pub incoming: Vec<Incoming>,
    }

    #[derive(Clone, Debug, Default)]
    pub struct Page(pub Rc<RefCell<Log>>);

    impl Host for Page {
        fn kind(&self) -> Kind {
            Kind::Browser
        }
        fn load(&self, path: &Path) -> Result<Scene, String> {
            let log = self.0.borrow();
            let name = path.display().to_string();
            match log.opened.iter().find(|(p, _)| p == path) {
                Some((_, b)) => Scene::from_bytes(b, &name).map_err(|e| e.to_string()),
                None => built_in::text(path)
                    .ok_or_else(|| format!("{name}: no such scene"))
                    .and_then(|t| Scene::from_str(t, &name).map_err(|e| e.to_string())),
            }
        }
        fn save(&mut self, scene: &Scene, path: &Path) -> Result<(), String> {
            self.write(path, scene.to_json_string().as_bytes(), "application/json")
        }
        fn write(&mut self, path: &Path, bytes: &[u8], mime: &str) -> Result<(), String> {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            self.0
                .borrow_mut()
                .downloads
                .push((name, bytes.to_vec(), mime.into()));
            Ok(())
        }
        fn place(&self, path: &Path) -> String {
            format!(
                "{} (a download)",
                path.file_name().unwrap().to_string_lossy()
            )
        }
        fn modified(&self, _path: &Path) -> Option<SystemTime> {
            None
        }
        fn list(&self, _open: Option<&Path>, _known: &[SceneEntry]) -> Listing {
            Listing::default()
        }
        fn dropped(
            &mut self,
            path: Option<PathBuf>,
            bytes: Option<Vec<u8>>,
        ) -> Result<PathBuf, String> {
            let (path, bytes) = (path.ok_or("no name")?, bytes.ok_or("no bytes")?);
            self.0.borrow_mut().opened.push((path.clone(), bytes));
            Ok(path)
        }
        fn pick_file(&mut self) -> bool {
            true
        }
        fn incoming(&mut self) -> Vec<Incoming> {
            std::mem::take(&mut self.0.borrow_mut().incoming)
        }
        fn keep(
            &mut self,
            scene: &Scene,
            path: Option<&Path>,
            unsaved: bool,
        ) -> Result<(), String> {
            self.0.borrow_mut().storage = unsaved.then(|| recovery::kept_json(scene, path, ""));
            Ok(())
        }
        fn kept(&mut self) -> Option<recovery::Found> {
            let log = self.0.borrow();
            let text = log.storage.as_ref()?;
            recovery::parse_kept(text.as_bytes(), "this page's storage".into(), None)
        }
        fn forget(&mut self, _found: &recovery::Found) -> Result<(), String> {
            self.0.borrow_mut().storage = None;
            Ok(())
        }
        fn link(&mut self) -> Option<String> {
            self.0.borrow().link.clone()
        }
        fn show_link(&mut self, fragment: &str) {
            self.0.borrow_mut().links_shown.push(fragment.into());
        }
        fn copy_link(&mut self, fragment: &str) -> Result<String, String> {
            self.0.borrow_mut().copied.push(fragment.into());
            Ok("copied".into())
        }
        fn show_title(&mut self, title: &str) {
            self.0.borrow_mut().titles.push(title.into());
        }
        fn unsaved(&mut self, _unsaved: bool) {}
        fn on_panic(&mut self) {}
        fn report(&mut self, message: &str) {
            self.0.borrow_mut().reports.push(message.into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::page::Page;
    use super::*;
    use crate::app::command::Command;
    use crate::app::gesture::Target;
    use crate::app::App;
    use crate::scene::{built_in, share, Demo};

    fn on_page() -> (App, Page) {
        let page = Page::default();
        let scene = built_in::default_scene();
        (App::with_host(scene, None, Box::new(page.clone())), page)
    }

    fn last_link(page: &Page) -> Scene {
        let log = page.0.borrow();
        let fragment = log.links_shown.last().expect("a link was shown");
        share::from_fragment(fragment).unwrap().unwrap()
    }

    #[test]
    fn a_link_opens_its_scene_with_its_demo_and_step() {
        let (mut a, page) = on_page();
        let mut scene = a
            .host
            .load(Path::new("scenes/gjk_polygons_apart.json"))
            .unwrap();
        scene.view = Some(serde_json::json!({"demo": "gjk", "step": 2, "convention": "a-b"}));
        a.apply(Command::OpenLink(format!("#{}", share::fragment(&scene))));
        assert_eq!(a.doc.scene.title, scene.title);
        assert_eq!(a.playback.demo, Demo::Gjk);
        assert_eq!(a.playback.step, 2);
        assert_eq!(
            a.view.convention,
            crate::view::convention::Convention::AMinusB
        );
        assert!(!a.doc.dirty() && a.doc.path.is_none());
        // What was opened is what the address bar keeps: no new link until something changes.
        a.update_figure();
        a.show_outside(1.0);
        assert!(page.0.borrow().links_shown.is_empty());
    }

    #[test]
    fn a_page_opened_by_a_link_starts_on_its_scene_or_says_why_not() {
        let scene = built_in::default_scene();
        let page = Page::default();
        let other = page
            .load(Path::new("scenes/circle_vs_circle_apart.json"))
            .unwrap();
        page.0.borrow_mut().link = Some(share::fragment(&other));
        let mut a = App::with_host(scene.clone(), None, Box::new(page.clone()));
        a.start();
        assert_eq!(a.doc.scene.title, other.title);
        assert!(a.dialogs.banner.is_none());
        page.0.borrow_mut().link = Some("scene=notascene".into());
        let mut b = App::with_host(scene.clone(), None, Box::new(page.clone()));
        b.start();
        assert_eq!(b.doc.scene, scene);
        let banner = b.dialogs.banner.clone().unwrap();
        assert!(
            banner.ends_with("Showing the default scene instead."),
            "{banner}"
        );
    }

    #[test]
    fn a_bad_link_keeps_the_scene_and_says_why_on_screen_and_in_the_console() {
        let (mut a, page) = on_page();
        let before = a.doc.scene.clone();
        a.apply(Command::OpenLink("scene=eyJmb3JtYXQiOiAx".into()));
        assert_eq!(a.doc.scene, before);
        let banner = a.dialogs.banner.clone().unwrap();
        assert!(
            banner.starts_with("The link did not open a scene: "),
            "{banner}"
        );
        a.show_outside(1.0);
        assert_eq!(page.0.borrow().reports, [banner]);
        // With unsaved changes: a bad link asks nothing, and the address bar shows the scene
        // on screen again.
        let mut s = a.doc.scene.clone();
        s.b.position.y += 1.0;
        a.apply(Command::Edit(Box::new(s)));
        a.apply(Command::CommitEdit);
        a.show_outside(1.0);
        a.apply(Command::OpenLink("scene=%%".into()));
        assert!(a.dialogs.pending.is_none());
        a.show_outside(1.0);
        assert_eq!(last_link(&page).b, a.doc.scene.b);
        // A good one asks first.
        let link = share::fragment(&before);
        a.apply(Command::OpenLink(link));
        assert!(matches!(
            a.dialogs.pending,
            Some(crate::app::Pending::Link(_))
        ));
    }

    #[test]
    fn the_address_changes_at_most_every_few_tenths_of_a_second() {
        let (mut a, page) = on_page();
        a.update_figure();
        a.show_outside(1.0);
        let shown = || page.0.borrow().links_shown.len();
        assert_eq!(shown(), 1);
        for step in 1..=10 {
            a.apply(Command::Step(step));
            a.show_outside(0.05);
        }
        assert_eq!(shown(), 2, "one in half a second of steps");
        a.show_outside(super::super::LINK_EVERY);
        assert_eq!(shown(), 3, "and the last one once the time is up");
        assert_eq!(last_link(&page).view.unwrap()["step"], 10);
    }

    #[test]
    fn a_page_opened_again_on_its_link_keeps_its_unsaved_state() {
        let page = Page::default();
        let scene = built_in::default_scene();
        let mut edited = scene.clone();
        edited.a.position.x = 2.0;
        let mut a = App::with_host(scene.clone(), None, Box::new(page.clone()));
        a.apply(Command::Edit(Box::new(edited.clone())));
        a.apply(Command::CommitEdit);
        a.update_figure();
        a.apply(Command::Step(3));
        a.keep_for_recovery();
        a.show_outside(1.0);
        // Reloaded: the link holds the edited scene, storage the same scene unsaved.
        let link = page.0.borrow().links_shown.last().cloned();
        page.0.borrow_mut().link = link;
        let mut b = App::with_host(scene, None, Box::new(page.clone()));
        b.start();
        assert_eq!(b.doc.scene.a.position.x, 2.0);
        assert!(
            b.dialogs.recovery.is_none(),
            "nothing to offer: it is on screen"
        );
        assert!(b.doc.dirty());
        assert!(page.0.borrow().storage.is_some(), "still kept");
    }

    #[test]
    fn the_link_follows_the_figure_once_a_drag_ends() {
        let (mut a, page) = on_page();
        a.update_figure();
        a.show_outside(1.0);
        assert_eq!(last_link(&page).a.position, a.doc.scene.a.position);
        let shown = page.0.borrow().links_shown.len();
        let at = a.doc.scene.a.position;
        a.apply(Command::BeginDrag {
            target: Target::World(crate::view::handles::Grip::Body(crate::geometry::Source::A)),
            at,
        });
        a.apply(Command::DragTo {
            to: at + glam::DVec2::new(1.5, -0.25),
            snap: false,
        });
        a.show_outside(1.0);
        assert_eq!(
            page.0.borrow().links_shown.len(),
            shown,
            "not during the drag"
        );
        a.apply(Command::EndGesture);
        a.apply(Command::Demo(Demo::Sat));
        a.show_outside(1.0);
        let linked = last_link(&page);
        assert_eq!(linked.a.position, at + glam::DVec2::new(1.5, -0.25));
        assert_eq!(linked.b, a.doc.scene.b);
        let view = linked.view.unwrap();
        assert_eq!(view["demo"], "sat");
        for camera in ["world", "config", "split"] {
            assert!(
                view.get(camera).is_none(),
                "{camera}: a link fits the figure"
            );
        }
        assert_eq!(
            page.0.borrow().titles.last().unwrap(),
            "minkowski-lab \u{2014} OBB vs OBB, exactly aligned *"
        );
        // Copy link copies what is on screen.
        a.apply(Command::CopyLink);
        let copied = page.0.borrow().copied.last().cloned().unwrap();
        assert_eq!(copied, a.link_fragment());
    }

    #[test]
    fn saves_and_exports_are_downloads_and_a_dropped_file_opens() {
        let (mut a, page) = on_page();
        let mut s = a.doc.scene.clone();
        s.b.position.x += 0.5;
        a.apply(Command::Edit(Box::new(s)));
        a.apply(Command::CommitEdit);
        a.apply(Command::SaveAs("untitled.json".into()));
        assert!(!a.doc.dirty());
        assert_eq!(a.dialogs.status, "Saved untitled.json (a download)");
        // A scene from no file (the default, a link) downloads under its title.
        for (title, name) in [
            (
                "OBB vs OBB: exactly aligned!",
                "obb-vs-obb-exactly-aligned.json",
            ),
            ("\u{2212}\u{2212}", "scene.json"),
        ] {
            let (mut b, page_b) = on_page();
            b.doc.scene.title = title.into();
            b.apply(Command::Save);
            assert_eq!(page_b.0.borrow().downloads[0].0, name);
            assert_eq!(b.doc.path, Some(PathBuf::from(name)));
        }
        a.update_figure();
        a.apply(Command::ExportSvg);
        {
            let log = page.0.borrow();
            let (name, bytes, mime) = &log.downloads[0];
            assert_eq!(name, "untitled.json");
            let saved = Scene::from_bytes(bytes, name).unwrap();
            assert_eq!(saved.b.position.x, a.doc.scene.b.position.x);
            let (name, _, mime_svg) = &log.downloads[1];
            assert!(
                name.ends_with(".svg") && mime_svg == "image/svg+xml",
                "{name}"
            );
            assert_eq!(mime, "application/json");
        }
        let mine = include_str!("../../../scenes/circle_vs_circle_apart.json");
        a.apply(Command::Dropped {
            path: Some("mine.json".into()),
            bytes: Some(mine.as_bytes().to_vec()),
        });
        assert_eq!(
            a.doc.scene,
            Scene::from_str(mine, "mine.json").unwrap(),
            "{:?}",
            a.dialogs.banner
        );
        assert_eq!(a.doc.path, Some(PathBuf::from("mine.json")));
    }

    #[test]
    fn unsaved_work_is_kept_in_the_page_and_offered_back_next_visit() {
        let (mut a, page) = on_page();
        a.keep_for_recovery();
        assert_eq!(
            page.0.borrow().storage,
            None,
            "nothing unsaved, nothing kept"
        );
        let mut s = a.doc.scene.clone();
        s.a.angle_deg = 30.0;
        a.apply(Command::Edit(Box::new(s.clone())));
        a.keep_for_recovery();
        assert_eq!(
            page.0.borrow().storage,
            None,
            "not while the field is being edited"
        );
        a.apply(Command::CommitEdit);
        a.keep_for_recovery();
        assert!(page.0.borrow().storage.is_some());
        // The next visit, on the default scene: the edited scene is offered back, and kept
        // while the offer waits (frames go on).
        let scene = built_in::default_scene();
        let mut next = App::with_host(scene, None, Box::new(page.clone()));
        next.start();
        next.keep_for_recovery();
        assert!(page.0.borrow().storage.is_some());
        let question = next.dialogs.recovery.as_ref().unwrap().question();
        assert!(question.contains("left with unsaved changes"), "{question}");
        next.apply(Command::Recovery(true));
        assert_eq!(next.doc.scene.a.angle_deg, 30.0);
        assert!(next.doc.dirty());
        assert_eq!(page.0.borrow().storage, None, "restored: forgotten");
    }
}

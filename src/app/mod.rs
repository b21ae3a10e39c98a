//! The window: a side panel and two panes, the world and configuration space (B ⊖ A), in which
//! a person edits the scene and watches a demo.
//!
//! The app's state is a few structs, one per feature: the [`Document`] (the scene, its file,
//! its history), the [`Playback`] (demo and step), the view (the panes' cameras and split), the
//! [`Gesture`] the mouse is making, the dialogs (banner, status, questions), the open file on
//! disk, and what is derived from the scene (the figure, the comparison), rebuilt only when the
//! scene, demo or step changed.
//!
//! Each frame: the panels (`panels.rs`, egui) and then the mouse and keys (`input.rs`) read the
//! state and return [`Command`]s, which `App::apply` carries out — the one place where a
//! person changes anything. Then time moves on (playback, the file on disk), and the panes are
//! painted on the window's canvas (`canvas.rs`, the only code that draws with macroquad) by the
//! view layer's painter; egui draws on top.

mod canvas;
pub mod command;
pub mod document;
pub mod files;
pub mod frame_meter;
pub mod gesture;
pub mod history;
pub mod host;
mod input;
mod panels;
pub mod picture;
pub mod platform;
pub mod playback;
pub mod recovery;
pub mod shape_edit;
mod strokes;

use crate::export;
use crate::figure::compare::{compare, Comparison};
use crate::figure::{self, Figure};
use crate::geometry::{Convex, Source};
use crate::palette;
use crate::scene::{Demo, Moment, PathError, Scene};
use crate::view::camera::{ScreenRect, MAX_SCALE, MIN_SCALE};
use crate::view::convention::Convention;
use crate::view::link::{Feature, Linked};
use crate::view::panes::{Panes, Shown, FIT_PASSES};
use crate::view::{paint, saved, sheet};
use command::Command;
use document::Document;
use egui_macroquad::egui;
use gesture::{Drag, Gesture};
use host::{Host, Incoming, Kind};
use macroquad::prelude::{get_frame_time, next_frame, prevent_quit, Conf};
use playback::Playback;
use std::cell::OnceCell;
use std::path::PathBuf;

/// How often the open file is checked for changes on disk, seconds.
pub const DISK_CHECK_SECONDS: f32 = 1.0;
/// How much of each new frame time goes into the smoothed one shown in the panel.
pub const FRAME_SMOOTHING: f32 = 0.1;
/// The longest time one frame advances playback by, seconds: the window sleeps while nothing
/// happens, and the first frame after a rest must not jump steps.
pub const MAX_PLAY_DT: f32 = 0.1;

/// An action that would lose unsaved changes, waiting for the person's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Open(PathBuf),
    /// Open the scene of a link.
    Link(Box<Scene>),
    Quit,
}

/// The panes' cameras and split, and how many more frames they are fitted at start.
#[derive(Clone, Debug)]
struct ViewState {
    panes: Panes,
    /// Frames left in which the cameras are fitted again (egui settles the panel's width over
    /// the first frames, and the handles' pixel offsets depend on the zoom).
    fit_frames: u32,
    /// Whether the person has zoomed or panned since the cameras were last fitted (or a
    /// saved view was restored): then the view is theirs and is never fitted on its own.
    camera_moved: bool,
    /// The figure (scene revision, demo, step) last checked for leaving the view.
    checked: Option<FigureKey>,
    /// Presentation mode: the panels and every mark sized in pixels drawn
    /// [`PRESENTATION_SIZE`] times larger.
    presenting: bool,
    /// Which way configuration space is shown (B − A, or mirrored as A − B).
    convention: Convention,
    /// The screen's pixels to a logical pixel (2 on a Retina display or in a browser at 200 %):
    /// the panels and every mark sized in pixels are drawn that much larger too.
    screen: f32,
}

/// How much larger presentation mode draws text, lines, dots and handles (panels included):
/// readable from the back of a room on a 1280×720 projector.
pub const PRESENTATION_SIZE: f32 = 1.5;

/// What the person is told or asked.
#[derive(Clone, Debug, Default)]
struct Dialogs {
    /// An error a person must see (a failed save), until dismissed.
    banner: Option<String>,
    /// A passing message (saved, nothing to undo).
    status: String,
    help: bool,
    /// What waits for the person's answer about unsaved changes.
    pending: Option<Pending>,
    /// A scene kept when the program last stopped on an error, offered until answered.
    recovery: Option<recovery::Found>,
}

/// The open file on disk, checked now and then for changes made elsewhere.
#[derive(Clone, Debug, Default)]
struct FileWatch {
    /// The file's modification time when last loaded or saved.
    mtime: Option<std::time::SystemTime>,
    /// Seconds since the last check.
    clock: f32,
}

/// What the scene alone decides: the bodies' shapes at `t = 0` (for the handles), its
/// warnings, and the comparison of every method and the first contact (built when first asked
/// for).
struct SceneDerived {
    rev: u64,
    shapes: Option<(Convex, Convex)>,
    warnings: Vec<String>,
    comparison: OnceCell<Result<Comparison, String>>,
    first_contact: OnceCell<figure::moment::FirstContact>,
}

/// What a figure is of: the scene revision, the demo and step, the convention, and the moment
/// of the motion (its bits) when a moment is shown in place of the step.
type FigureKey = (u64, Demo, usize, Convention, Option<u64>);

/// A figure as shown.
struct FigureCache {
    key: FigureKey,
    figure: Result<Figure, String>,
    /// The scene at the moment the figure draws the bodies, when that is not `t = 0` (see
    /// [`Figure::bodies_at`]).
    drawn: Option<Scene>,
    /// The bodies and the difference as drawn (valid bodies only): what the handles sit round
    /// and the panes are linked by.
    linked: Option<Linked>,
}

impl FigureCache {
    /// `figure` of `scene` as `key` shows it (its convention applied), with the scene where the
    /// figure draws the bodies.
    fn new(key: FigureKey, scene: &Scene, figure: Result<Figure, PathError>) -> FigureCache {
        let figure = figure
            .map(|mut f| {
                key.3.apply(&mut f);
                f
            })
            .map_err(|e| e.to_string());
        let drawn = match &figure {
            Ok(f) if !f.bodies_at.is_start() => Some(scene.at(f.bodies_at)),
            _ => None,
        };
        let linked = figure
            .as_ref()
            .ok()
            .and_then(|f| Linked::of_figure(scene, f));
        FigureCache {
            key,
            figure,
            drawn,
            linked,
        }
    }
}

/// The feature of either pane under the pointer and the one pinned by a click.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LinkState {
    pub hovered: Option<Feature>,
    pub pinned: Option<Feature>,
}

impl LinkState {
    /// What is highlighted: the pinned feature, else the one under the pointer.
    pub fn shown(&self) -> Option<Feature> {
        self.pinned.or(self.hovered)
    }
}

/// What is measured about the frames, for the panel's debug line.
#[derive(Clone, Copy, Debug, Default)]
struct FrameStats {
    /// The frame time smoothed, and how long the last figure took to build, milliseconds.
    frame_ms: f32,
    figure_ms: f32,
}

/// Everything the window remembers.
pub struct App {
    doc: Document,
    playback: Playback,
    view: ViewState,
    gesture: Gesture,
    /// The body under the pointer in the world pane (its handles are drawn).
    hovered: Option<Source>,
    /// The panes linked: the feature under the pointer, and the one a click pinned.
    link: LinkState,
    /// The highlight of the feature shown ([`LinkState::shown`]) in each pane (world,
    /// configuration space as shown).
    link_marks: [Vec<crate::figure::Mark>; 2],
    /// What the window paints under egui this frame: the figure's marks but text, then the
    /// panels' shapes that need no texture ([`canvas::take_plain_shapes`]).
    under_egui: Vec<canvas::Layer>,
    dialogs: Dialogs,
    watch: FileWatch,
    /// The panel's own widget state (what is typed in its fields, the scene browser's list).
    panel: panels::PanelState,
    derived: Option<SceneDerived>,
    figure: Option<FigureCache>,
    /// The moment of the motion shown in place of the step ([`Playback::time`]).
    moment: Option<FigureCache>,
    stats: FrameStats,
    /// The window only makes a picture (`render`): nothing that changes from run to run (frame
    /// times) is shown.
    picture: bool,
    /// A PNG of the window asked for, written after this frame is drawn.
    png_request: bool,
    /// Whether egui's look has been set (once, on the first frame).
    styled: bool,
    /// Something changed after the panels were drawn this frame: the next frame shows it.
    redraw: bool,
    /// The person confirmed closing the window.
    quit: bool,
    /// The scene revision, file and unsaved state last handed to [`recovery::remember`].
    remembered: Option<(u64, Option<PathBuf>, bool)>,
    /// F12 panics (for testing the recovery path; only with `MINKOWSKI_LAB_PANIC_KEY` set).
    panic_key: bool,
    /// The machine's side of files, recovery, links and closing.
    host: Box<dyn Host>,
    /// What was last shown as the link, the title and the banner reported (each is handed to
    /// the host only when it changes).
    shown_link: Option<LinkKey>,
    /// Seconds since the link was last shown.
    link_clock: f32,
    /// The host could not keep the scene for recovery (said once, in the banner).
    keep_failed: bool,
    shown_title: String,
    reported: Option<String>,
}

/// The least time between two changes of the page's address, seconds.
pub const LINK_EVERY: f32 = 0.3;
/// The longest link put in the address bar or copied, characters (browsers take about 2 MB).
pub const MAX_LINK: usize = 1 << 20;

/// What the link shows: the scene revision, demo, step, convention, moment and pin.
type LinkKey = (u64, Demo, usize, Convention, Option<u64>, Option<Feature>);

impl App {
    /// The app on `scene`, loaded from `path` (or built in), on this machine's host.
    pub fn new(scene: Scene, path: Option<PathBuf>) -> App {
        App::with_host(scene, path, host::this_machine())
    }

    /// The app on `scene`, loaded from `path` (or built in), on `host`.
    pub fn with_host(scene: Scene, path: Option<PathBuf>, host: Box<dyn Host>) -> App {
        let panel = panels::PanelState::new(path.as_deref());
        // Known now, so that the first check of the disk does not take the file as changed.
        let mtime = path.as_deref().and_then(|p| host.modified(p));
        App {
            playback: Playback::new(scene.demo),
            doc: Document::new(scene, path),
            view: ViewState {
                panes: Panes::default(),
                fit_frames: FIT_PASSES,
                camera_moved: false,
                checked: None,
                presenting: false,
                convention: Convention::default(),
                screen: 1.0,
            },
            gesture: Gesture::Idle,
            hovered: None,
            link: LinkState::default(),
            link_marks: [Vec::new(), Vec::new()],
            under_egui: Vec::new(),
            dialogs: Dialogs::default(),
            watch: FileWatch { mtime, clock: 0.0 },
            panel,
            derived: None,
            figure: None,
            moment: None,
            stats: FrameStats::default(),
            picture: false,
            png_request: false,
            styled: false,
            redraw: false,
            quit: false,
            remembered: None,
            panic_key: false,
            host,
            shown_link: None,
            link_clock: LINK_EVERY,
            keep_failed: false,
            shown_title: String::new(),
            reported: None,
        }
    }

    /// The app on the file at `path`, whose scene was loaded from it, shown as it was saved.
    pub fn from_file(scene: Scene, path: PathBuf) -> App {
        let mut app = App::new(scene, Some(path));
        app.restore_view();
        app
    }

    /// The app showing what `p` asks for, for a picture.
    pub fn for_picture(p: export::picture::Picture) -> App {
        let mut app = App::new(p.scene, p.path);
        app.playback.demo = p.demo;
        app.playback.step = p.step;
        app.view.convention = p.convention;
        app.link.pinned = p.pinned;
        app.playback.show_time(p.time);
        app.picture = true;
        app.update_figure();
        app
    }

    /// Shows configuration space as `c`. The picture mirrors through the origin, and so does
    /// its camera: what was in view stays in view.
    fn set_convention(&mut self, c: Convention) {
        if c != self.view.convention {
            self.view.convention = c;
            let config = &mut self.view.panes.config;
            config.centre = -config.centre;
        }
    }

    /// Shows the scene as its `view` says it was saved (cameras, split, demo, step, convention),
    /// if it has one; else the cameras are fitted at start.
    fn restore_view(&mut self) {
        let Some(v) = self.doc.scene.view.as_ref().map(saved::from_json) else {
            return;
        };
        if let Some(d) = v.demo {
            self.playback.demo = d;
        }
        if let Some(s) = v.step {
            self.playback.step = s; // clamped when the figure is built
        }
        if let Some(c) = v.convention {
            self.view.convention = c;
        }
        self.link.pinned = v.pinned;
        // A moment only where there is motion to show.
        if self.doc.scene.has_motion() {
            self.playback.show_time(v.time);
        }
        let panes = &mut self.view.panes;
        if let Some(s) = v.split {
            panes.split = s.clamp(
                crate::view::panes::MIN_SPLIT,
                1.0 - crate::view::panes::MIN_SPLIT,
            );
        }
        if let (Some(w), Some(c)) = (v.world, v.config) {
            // Saved in logical pixels per world unit; the cameras' are the screen's.
            let screen = f64::from(self.view.screen);
            (panes.world.centre, panes.world.scale) = (w.0, w.1 * screen);
            (panes.config.centre, panes.config.scale) = (c.0, c.1 * screen);
            self.view.fit_frames = 0;
            self.view.camera_moved = true;
        }
    }

    /// Shows `scene`, from `path`, in place of the current one: a fresh history, the scene's
    /// own demo, the first step, the cameras fitted again (unless `keep_view`, for a reload).
    fn replace_scene(&mut self, scene: Scene, path: Option<PathBuf>, keep_view: bool) {
        if !keep_view {
            self.playback.restart(scene.demo);
            self.refit();
        }
        self.playback.playing = false;
        self.gesture = Gesture::Idle;
        self.watch.mtime = path.as_deref().and_then(|p| self.host.modified(p));
        self.panel.scene_changed(path.as_deref());
        self.doc.replace(scene, path);
        self.dialogs.banner = None;
        if !keep_view {
            self.restore_view();
        }
    }

    /// Opens the scene file at `path`; a file that does not load leaves the scene on screen and
    /// says why in the banner.
    fn load(&mut self, path: PathBuf) {
        match self.host.load(&path) {
            Ok(scene) => {
                self.dialogs.status = format!("Opened {}", path.display());
                self.replace_scene(scene, Some(path), false);
            }
            Err(e) => self.dialogs.banner = Some(format!("Not opened: {e}")),
        }
    }

    /// Does `p` now, or first asks when there are unsaved changes.
    fn request(&mut self, p: Pending) {
        if self.doc.dirty() {
            self.dialogs.pending = Some(p);
        } else {
            self.resolve(p);
        }
    }

    fn resolve(&mut self, p: Pending) {
        self.dialogs.pending = None;
        match p {
            Pending::Open(path) => self.load(path),
            Pending::Link(scene) => self.open_link_scene(*scene),
            Pending::Quit => self.quit = true,
        }
    }

    /// Opens the scene of a link's `fragment` (asking first if there are unsaved changes). A
    /// link that holds no scene leaves the scene on screen (`stays` names it) and the banner
    /// says why; the address bar shows the scene on screen again.
    fn follow_link(&mut self, fragment: &str, stays: &str) {
        match crate::scene::share::from_fragment(fragment) {
            Ok(Some(scene)) => self.request(Pending::Link(Box::new(scene))),
            Ok(None) => self.shown_link = None,
            Err(why) => {
                self.dialogs.banner = Some(format!(
                    "The link did not open a scene: {why}. Showing {stays} instead."
                ));
                self.shown_link = None;
            }
        }
    }

    /// Shows the scene of a link (its demo, step and the rest of its view).
    fn open_link_scene(&mut self, scene: Scene) {
        self.dialogs.status = "Opened the scene of the link".into();
        self.replace_scene(scene, None, false);
        // The link shown is the one opened, until something changes.
        self.shown_link = Some(self.link_key());
        self.link_clock = 0.0;
    }

    /// What the link of the scene shows now.
    fn link_key(&self) -> LinkKey {
        let p = &self.playback;
        (
            self.doc.rev,
            p.demo,
            p.step,
            self.view.convention,
            p.time.map(f64::to_bits),
            self.link.pinned,
        )
    }

    /// The link's fragment for what is on screen: the scene and what it shows (the demo, step,
    /// convention, moment, pin). Not the cameras: the figure is fitted to the window it opens
    /// in.
    pub fn link_fragment(&self) -> String {
        let mut scene = self.doc.scene.clone();
        let mut view = saved::to_json(self.showing(), &self.view.panes, self.view.screen);
        if let Some(v) = view.as_object_mut() {
            for key in ["world", "config", "split"] {
                v.remove(key);
            }
        }
        scene.view = Some(view);
        crate::scene::share::fragment(&scene)
    }

    /// What the window shows, as saved with a scene.
    fn showing(&self) -> saved::Showing {
        let p = &self.playback;
        saved::Showing {
            demo: p.demo,
            step: p.step,
            convention: self.view.convention,
            time: p.time,
            pinned: self.link.pinned,
        }
    }

    /// Hands the host what it shows outside the panes when it changed: the link (once the
    /// figure settles, not during a drag, an edit or playing, and at most every
    /// [`LINK_EVERY`] seconds: browsers limit how often a page may change its address), the
    /// title, the banner. `dt`: seconds since the last frame.
    fn show_outside(&mut self, dt: f32) {
        self.link_clock += dt;
        if self.host.kind() == Kind::Browser {
            let key = self.link_key();
            let settled = self.gesture == Gesture::Idle
                && !self.playback.playing
                && !self.playback.time_playing
                && !self.doc.history.editing();
            if settled && self.shown_link != Some(key) && self.link_clock >= LINK_EVERY {
                let fragment = self.link_fragment();
                // A scene too large for an address stays out of it (Save downloads it).
                self.host.show_link(if fragment.len() <= MAX_LINK {
                    &fragment
                } else {
                    ""
                });
                self.shown_link = Some(key);
                self.link_clock = 0.0;
            }
        }
        let title = format!("minkowski-lab \u{2014} {}", self.doc.title());
        if title != self.shown_title {
            self.host.show_title(&title);
            self.shown_title = title;
        }
        if self.reported != self.dialogs.banner {
            if let Some(b) = &self.dialogs.banner {
                self.host.report(b);
            }
            self.reported = self.dialogs.banner.clone();
        }
    }

    /// Once a second: if the open file changed on disk (not by this window's save), reload it
    /// when there are no unsaved edits, else say so and keep the edits.
    fn check_disk(&mut self, dt: f32) {
        self.watch.clock += dt;
        if self.watch.clock < DISK_CHECK_SECONDS {
            return;
        }
        self.watch.clock = 0.0;
        let Some(path) = self.doc.path.clone() else {
            return;
        };
        let now = self.host.modified(&path);
        if now.is_none() || now == self.watch.mtime {
            return;
        }
        self.watch.mtime = now;
        self.redraw = true;
        if self.doc.dirty() {
            self.dialogs.banner = Some(format!(
                "{} changed on disk. Your unsaved edits are kept; open the file again to see \
                 the new version, or save to replace it.",
                path.display()
            ));
            return;
        }
        match self.host.load(&path) {
            Ok(scene) => {
                self.dialogs.status = format!("Reloaded {} (changed on disk)", path.display());
                self.replace_scene(scene, Some(path), true);
            }
            Err(e) => {
                self.dialogs.banner = Some(format!(
                    "The file changed on disk and no longer loads; the scene on screen stays. {e}"
                ))
            }
        }
    }

    /// What happens once, before the first frame: from here on a panic keeps the scene on
    /// screen (a recovery file) or says so (a page); a page opened by a link shows the link's
    /// scene (a bad link: the scene given, and why); a scene kept by an earlier run is offered.
    pub fn start(&mut self) {
        self.host.on_panic();
        let kept = self.host.kept();
        if let Some(fragment) = self.host.link() {
            self.follow_link(&fragment, "the default scene");
        }
        self.offer_recovery(kept);
        self.keep_for_recovery();
    }

    /// Offers a scene kept for recovery (found at start) until the person answers. One that is
    /// the scene on screen already, from the same file (a page opened again on the link it was
    /// left at), is not offered: the scene on screen takes over its unsaved state.
    pub fn offer_recovery(&mut self, found: Option<recovery::Found>) {
        let Some(found) = found else {
            return;
        };
        let without_view = |s: &Scene| Scene {
            view: None,
            ..s.clone()
        };
        if without_view(&found.scene) == without_view(&self.doc.scene)
            && found.origin == self.doc.path
        {
            self.doc.recovered_unsaved = true;
        } else {
            self.dialogs.recovery = Some(found);
        }
    }

    /// The answer to the recovery offer: restore the kept scene (unsaved, to be saved to the
    /// file it came from) or discard it. Either way the recovery file is deleted.
    fn answer_recovery(&mut self, restore: bool) {
        let Some(found) = self.dialogs.recovery.take() else {
            return;
        };
        if restore {
            let origin = found.origin.clone();
            self.replace_scene(found.scene.clone(), origin.clone(), false);
            // What is on disk is what counts as saved: the restored edits show the star.
            if let Some(on_disk) = origin.as_deref().and_then(|p| self.host.load(p).ok()) {
                self.doc.saved = on_disk;
            }
            self.doc.recovered_unsaved = true;
        }
        let when = if found.panic.is_empty() {
            "last time"
        } else {
            "after the last error"
        };
        let done = if restore { "Restored" } else { "Discarded" };
        self.dialogs.status = format!("{done} the scene kept {when}");
        if let Err(e) = self.host.forget(&found) {
            self.dialogs.banner = Some(format!(
                "The scene kept in {} could not be deleted: {e}",
                found.place
            ));
        }
        // What is on screen now is kept afresh.
        self.remembered = None;
    }

    /// Hands the scene to [`recovery`] when it, its file or whether it is saved changed, so
    /// that a panic writes what is on screen if it has unsaved changes.
    fn keep_for_recovery(&mut self) {
        // A page writes what it keeps to the browser's storage: once a drag or a field edit is
        // over, not at every frame of it.
        if self.host.kind() == Kind::Browser
            && (self.gesture != Gesture::Idle || self.doc.history.editing())
        {
            return;
        }
        let key = (self.doc.rev, self.doc.path.clone(), self.doc.dirty());
        // While a kept scene is offered, nothing to keep must not replace it.
        if self.dialogs.recovery.is_some() && !key.2 {
            return;
        }
        if self.remembered.as_ref() != Some(&key) {
            let kept = self
                .host
                .keep(&self.doc.scene, self.doc.path.as_deref(), key.2);
            if let Err(why) = kept {
                if !std::mem::replace(&mut self.keep_failed, true) {
                    self.dialogs.banner = Some(format!(
                        "Unsaved work cannot be kept for you here ({why}): save it to keep it."
                    ));
                }
            }
            self.host.unsaved(key.2);
            self.remembered = Some(key);
        }
    }

    /// Rebuilds what derives from the scene if it changed, and the figure if the scene, demo
    /// or step changed, since the last build.
    fn update_figure(&mut self) {
        let rev = self.doc.rev;
        if self.derived.as_ref().is_none_or(|d| d.rev != rev) {
            let (shapes, warnings) = match self.doc.scene.bodies() {
                Ok(b) => {
                    let w = b.warnings.iter().map(|w| w.to_string()).collect();
                    (Some((b.a, b.b)), w)
                }
                Err(e) => (None, vec![e.to_string()]),
            };
            self.derived = Some(SceneDerived {
                rev,
                shapes,
                warnings,
                comparison: OnceCell::new(),
                first_contact: OnceCell::new(),
            });
        }
        let convention = self.view.convention;
        let key_of = |p: &Playback| (rev, p.demo, p.step, convention, None);
        let key = key_of(&self.playback);
        if self.figure.as_ref().is_none_or(|c| c.key != key) {
            let started = crate::sys::stopwatch();
            let scene = &self.doc.scene;
            let figure = figure::build(scene, self.playback.demo, self.playback.step);
            self.stats.figure_ms = started.millis();
            if let Ok(f) = &figure {
                self.playback.step = f.step.min(f.steps.saturating_sub(1));
            }
            let key = key_of(&self.playback);
            self.figure = Some(FigureCache::new(key, scene, figure));
        }
        // A moment of the motion, shown in place of the step.
        self.moment = match self.playback.time {
            None => None,
            Some(t) => {
                let key = (key.0, key.1, key.2, key.3, Some(t.to_bits()));
                match self.moment.take() {
                    Some(m) if m.key == key => Some(m),
                    _ => {
                        let first = self.first_contact_how();
                        let figure = figure::at_time_with(&self.doc.scene, t, first);
                        Some(FigureCache::new(key, &self.doc.scene, figure))
                    }
                }
            }
        };
    }

    /// The time of the first contact over the motion (for the time scrubber), found when first
    /// asked for.
    pub fn first_contact(&self) -> Option<f64> {
        self.first_contact_how().map(|(t, _)| t)
    }

    /// [`App::first_contact`] and how it is known.
    fn first_contact_how(&self) -> figure::moment::FirstContact {
        let d = self.derived.as_ref()?;
        *d.first_contact.get_or_init(|| {
            figure::moment::first_contact(&self.doc.scene)
                .ok()
                .flatten()
        })
    }

    /// The comparison of every method on the current scene, built when first asked for.
    fn comparison(&self) -> Option<&Result<Comparison, String>> {
        let d = self.derived.as_ref()?;
        Some(
            d.comparison
                .get_or_init(|| compare(&self.doc.scene).map_err(|e| e.to_string())),
        )
    }

    /// The features of the bodies and the difference as the panes draw them.
    pub fn linked(&self) -> Option<&Linked> {
        self.shown_cache().and_then(|c| c.linked.as_ref())
    }

    /// The panes' link state.
    pub fn link(&self) -> LinkState {
        self.link
    }

    /// The highlight of the linked feature shown, in both panes.
    fn update_link_marks(&mut self) {
        let marks = match (self.linked(), self.link.shown()) {
            (Some(l), Some(f)) => l.marks_shown(f, self.view.convention),
            _ => [Vec::new(), Vec::new()],
        };
        self.link_marks = marks;
    }

    /// The figure shown (the moment of the motion, when one is shown; else the demo's step).
    fn shown_cache(&self) -> Option<&FigureCache> {
        match self.playback.time {
            Some(_) => self.moment.as_ref(),
            None => self.figure.as_ref(),
        }
    }

    /// The figure shown, or why there is none.
    fn figure_result(&self) -> Option<&Result<Figure, String>> {
        self.shown_cache().map(|c| &c.figure)
    }

    fn figure(&self) -> Option<&Figure> {
        self.figure_result().and_then(|r| r.as_ref().ok())
    }

    /// The demo's figure at its step (whose steps, table and step times the panels follow,
    /// also while a moment is shown).
    pub fn demo_figure(&self) -> Option<&Figure> {
        self.figure.as_ref().and_then(|c| c.figure.as_ref().ok())
    }

    fn steps(&self) -> usize {
        self.demo_figure().map_or(1, |f| f.steps.max(1))
    }

    /// The scene with its bodies where the world pane draws them, and their world shapes
    /// there when valid: what the editing handles sit round and are grabbed on.
    /// Without a figure (a demo that refuses the shapes) they are the bodies at `t = 0`.
    pub fn drawn(&self) -> (&Scene, Option<(&Convex, &Convex)>) {
        let later = self.shown_cache().and_then(|c| c.drawn.as_ref());
        let shapes = match (self.linked(), later) {
            (Some(l), _) => Some((&l.a, &l.b)),
            (None, None) => {
                let start = self.derived.as_ref().and_then(|d| d.shapes.as_ref());
                start.map(|(a, b)| (a, b))
            }
            (None, Some(_)) => None,
        };
        (later.unwrap_or(&self.doc.scene), shapes)
    }

    /// The moment of the motion the world pane draws the bodies at.
    pub fn drawn_at(&self) -> Moment {
        self.figure().map_or(Moment::default(), |f| f.bodies_at)
    }

    fn warnings(&self) -> &[String] {
        self.derived.as_ref().map_or(&[], |d| &d.warnings)
    }

    /// What the panes show now.
    fn shown(&self) -> Shown<'_> {
        Shown {
            scene: &self.doc.scene,
            figure: self.figure(),
            drawn: self.drawn(),
            convention: self.view.convention,
            selected: self.doc.selected,
            handles_of: [Source::A, Source::B].map(|which| self.handles_shown(which)),
            editing: !self.picture,
            linked: [&self.link_marks[0], &self.link_marks[1]],
        }
    }

    /// Whether body `which` shows its editing handles: under the pointer, being dragged, or
    /// with a selected vertex.
    pub fn handles_shown(&self, which: Source) -> bool {
        // A picture shows none, wherever the pointer happens to be.
        if self.picture {
            return false;
        }
        let dragged = match &self.gesture {
            Gesture::Drag(d) => Some(gesture::edited_body(d.target)),
            _ => None,
        };
        [self.hovered, dragged, self.doc.selected.map(|(w, _)| w)].contains(&Some(which))
    }

    /// Fits both cameras to their panes' content.
    fn fit(&mut self) {
        let mut panes = self.view.panes;
        panes.fit(&self.shown());
        self.view.panes = panes;
        self.view.camera_moved = false;
    }

    /// Fits the cameras again over the next frames (new content: a scene, a demo).
    fn refit(&mut self) {
        self.view.fit_frames = FIT_PASSES;
        self.view.camera_moved = false;
    }

    /// While the view is not the person's own ([`ViewState::camera_moved`]) and nothing is
    /// being dragged, fits the cameras when a new figure (a step, an edit) leaves either pane.
    fn keep_in_view(&mut self) {
        let key = self.shown_cache().map(|f| f.key);
        if self.view.camera_moved
            || self.view.fit_frames > 0
            || self.gesture != Gesture::Idle
            || key == self.view.checked
        {
            return;
        }
        self.view.checked = key;
        if !self.view.panes.show_all(&self.shown()) {
            self.fit();
        }
    }

    /// Which way configuration space is shown.
    pub fn convention(&self) -> Convention {
        self.view.convention
    }

    /// Whether presentation mode is on.
    pub fn presenting(&self) -> bool {
        self.view.presenting
    }

    /// How large panels and marks are drawn: [`PRESENTATION_SIZE`] in presentation mode, else 1.
    fn size(&self) -> f32 {
        if self.view.presenting {
            PRESENTATION_SIZE
        } else {
            1.0
        }
    }

    /// The screen's pixels to a logical one are now `screen` (at start-up, once the window
    /// knows; or the window moved to another screen): the figure keeps its size in logical
    /// pixels, its cameras' scale and its marks following the screen's.
    fn screen_changed(&mut self, screen: f32) {
        if !(screen.is_finite() && screen > 0.0) {
            return;
        }
        let ratio = f64::from(screen / self.view.screen);
        for camera in [&mut self.view.panes.world, &mut self.view.panes.config] {
            camera.scale = (camera.scale * ratio).clamp(MIN_SCALE, MAX_SCALE);
        }
        self.view.screen = screen;
        self.view.panes.set_mark_size(self.marks());
    }

    /// How large the figure's marks are drawn, in the screen's pixels to a logical one: the
    /// [`App::size`] on the screen's scale.
    fn marks(&self) -> f32 {
        self.size() * self.view.screen
    }

    /// Lays the panes out in the room egui left free (`room` in egui's points, `pixels` of
    /// the screen to a point: more than 1 in presentation mode).
    /// A pane that changed size (the window resized, the panel or the split moved) is checked
    /// again for leaving the figure out ([`App::keep_in_view`]).
    fn layout(&mut self, room: egui::Rect, pixels: f32) {
        let before = (self.view.panes.world.rect, self.view.panes.config.rect);
        self.view.panes.layout(ScreenRect::new(
            room.min.x * pixels,
            room.min.y * pixels,
            room.width() * pixels,
            room.height() * pixels,
        ));
        let after = (self.view.panes.world.rect, self.view.panes.config.rect);
        let size = |r: ScreenRect| (r.w, r.h);
        if (size(before.0), size(before.1)) != (size(after.0), size(after.1)) {
            self.view.checked = None;
        }
    }

    /// Saves to `path` (atomically); a failure goes to the banner.
    fn save_to(&mut self, path: PathBuf) {
        // The window's state goes with the scene (not an edit: no undo step, no star).
        let state = saved::to_json(self.showing(), &self.view.panes, self.view.screen);
        let before = self.doc.scene.view.replace(state);
        match self.host.save(&self.doc.scene, &path) {
            Ok(()) => {
                self.watch.mtime = self.host.modified(&path);
                self.dialogs.status = format!("Saved {}", self.host.place(&path));
                self.panel.scene_changed(Some(&path));
                self.doc.saved_to(path);
                self.dialogs.banner = None;
            }
            Err(e) => {
                self.doc.scene.view = before;
                self.dialogs.banner = Some(format!("Not saved: {e}"));
            }
        }
    }

    fn save(&mut self) {
        match self.save_path() {
            Some(p) => self.save_to(p),
            None => {
                self.dialogs.banner = Some(
                    "This is the built-in scene, it has no file: type a path under \"Save as\" in \
                     the panel."
                        .into(),
                )
            }
        }
    }

    /// Where Save puts the scene: its file; in a browser, for a scene from no file, a download
    /// named after its title.
    pub fn save_path(&self) -> Option<PathBuf> {
        match (&self.doc.path, self.host.kind()) {
            (Some(p), _) => Some(p.clone()),
            (None, Kind::Browser) => Some(PathBuf::from(format!(
                "{}.json",
                file_stem_of(&self.doc.scene.title)
            ))),
            (None, Kind::Desktop) => None,
        }
    }

    /// One frame of the interface: panels, input, time, drawing of the panes.
    fn frame(&mut self, ctx: &egui::Context) {
        if !self.styled {
            // The panels in the window's own background colour: the window's clear paints
            // them, and they are not filled again (see `panels::show`).
            let mut visuals = egui::Visuals::light();
            visuals.panel_fill = canvas::egui_color(palette::BACKGROUND);
            ctx.set_visuals(visuals);
            self.styled = true;
        }
        // egui-miniquad 0.16 tells egui the screen's pixels to a point only when that changes
        // after start-up, so on a screen of two pixels a point (a Retina display, a phone, a
        // browser at 200 %) egui would draw one point a pixel, its text half the size it
        // should be. Until egui knows the screen's scale, the zoom carries it; the figure's
        // marks follow it too.
        let screen = macroquad::window::screen_dpi_scale();
        if screen != self.view.screen {
            self.screen_changed(screen);
        }
        let zoom = match ctx.native_pixels_per_point() {
            Some(_) => self.size(),
            None => self.size() * screen,
        };
        if ctx.zoom_factor() != zoom {
            ctx.set_zoom_factor(zoom);
        }
        let (x, y) = platform::scroll_makeup(macroquad::input::mouse_wheel());
        if (x, y) != (0.0, 0.0) {
            // Taken by the scroll area under the pointer as the panels are shown below.
            ctx.input_mut(|i| i.smooth_scroll_delta += egui::vec2(x, y));
        }
        let mut panel = std::mem::take(&mut self.panel);
        let commands = panels::show(ctx, self, &mut panel);
        self.panel = panel;
        // The panels were drawn before their commands were applied: one more frame shows the
        // result.
        self.redraw = !commands.is_empty();
        self.apply_all(commands);
        self.layout(ctx.available_rect(), ctx.pixels_per_point());
        self.update_figure();
        if self.view.fit_frames > 0 && self.view.panes.world.rect.w > 10.0 {
            self.fit();
            self.view.fit_frames -= 1;
        }
        let mut commands = input::commands(self, ctx);
        commands.extend(self.host.incoming().into_iter().map(|i| match i {
            Incoming::Open(path) => Command::Open(path),
            Incoming::Link(fragment) => Command::OpenLink(fragment),
            Incoming::Problem(why) => Command::Banner(why),
        }));
        self.redraw |= !commands.is_empty();
        self.apply_all(commands);
        let dt = get_frame_time();
        self.stats.frame_ms += (dt * 1000.0 - self.stats.frame_ms) * FRAME_SMOOTHING;
        self.check_disk(dt);
        self.playback.advance(dt.min(MAX_PLAY_DT), self.steps());
        self.playback.advance_time(dt.min(MAX_PLAY_DT));
        self.update_figure();
        self.update_link_marks();
        // In the frame that ends a drag or shows a new step, not one later: the frame drawn
        // now is what the person sees until the next event.
        self.keep_in_view();
        self.keep_for_recovery();
        self.show_outside(dt);
        if self.panic_key && macroquad::input::is_key_pressed(macroquad::input::KeyCode::F12) {
            panic!("F12 pressed with MINKOWSKI_LAB_PANIC_KEY set (a test of crash recovery)");
        }
        self.under_egui = self.draw(ctx);
        // Last, when the panels and the figure's text have added their shapes.
        self.under_egui.extend(canvas::take_plain_shapes(ctx));
        if self.wants_next_frame(ctx) {
            macroquad::miniquad::window::schedule_update();
        }
        // Input, but not the waker's own nudge (a pointer motion that does not move).
        let input = ctx.input(|i| {
            i.pointer.delta() != egui::Vec2::ZERO
                || i.events
                    .iter()
                    .any(|e| !matches!(e, egui::Event::PointerMoved(_)))
        });
        if input || self.redraw {
            platform::note_activity();
        }
    }

    /// For [`frame_meter`]: B turned by half a degree, as while a person turns it, and the
    /// next frame asked for at once.
    fn turn_b_for_measuring(&mut self) {
        let mut scene = self.doc.scene.clone();
        scene.b.angle_deg += 0.5;
        self.doc.set_scene(scene);
        macroquad::miniquad::window::schedule_update();
    }

    /// Whether the next frame must come without waiting for an event: while something moves
    /// (playing, a gesture, the cameras settling, an egui animation) or is due after drawing.
    fn wants_next_frame(&self, ctx: &egui::Context) -> bool {
        self.redraw
            || self.playback.playing
            || self.playback.time_playing
            || self.gesture != Gesture::Idle
            || self.view.fit_frames > 0
            || self.png_request
            || self.quit
            || ctx.has_requested_repaint()
    }

    /// The panes painted on the window, as the SVG export paints them: their text added to
    /// egui, the rest returned to be painted under egui ([`App::paint_under_egui`]).
    fn draw(&self, ctx: &egui::Context) -> Vec<canvas::Layer> {
        let text = ctx.layer_painter(egui::LayerId::background());
        let mut canvas = canvas::WindowCanvas::new(text);
        paint::paint_panes(&self.view.panes.picture(&self.shown()), &mut canvas);
        canvas.finish()
    }

    /// Paints what goes under egui's shapes this frame (the figure but its text, the panels'
    /// plain shapes): between `egui_macroquad::ui` and `egui_macroquad::draw`.
    pub fn paint_under_egui(&self) {
        canvas::paint_under_egui(&self.under_egui);
    }

    fn apply_all(&mut self, commands: Vec<Command>) {
        for c in commands {
            self.apply(c);
        }
    }

    /// Carries out what a person asked for: the one place the panels' and the input's commands
    /// change the app.
    fn apply(&mut self, c: Command) {
        let steps = self.steps();
        match c {
            Command::Demo(d) => {
                if d != self.playback.demo {
                    self.playback.show_demo(d);
                    self.refit();
                }
            }
            Command::Step(s) => self.playback.show_step(s, steps),
            Command::TogglePlay => self.playback.toggle(steps),
            Command::Time(t) => self.playback.show_time(t),
            Command::ToggleTime => self.playback.toggle_time(),
            Command::Speed(s) => self.playback.set_speed(s),
            Command::Edit(s) => {
                self.doc.history.begin(&self.doc.scene);
                self.doc.set_scene(*s);
            }
            Command::CommitEdit => {
                self.doc.history.commit(&self.doc.scene);
            }
            Command::Undo => self.dialogs.status = self.doc.undo().into(),
            Command::Redo => self.dialogs.status = self.doc.redo().into(),
            Command::Select(s) => self.doc.selected = s,
            Command::DeleteVertex => {
                if let Some(said) = self.doc.delete_selected_vertex() {
                    self.dialogs.status = said;
                }
            }
            Command::InsertVertex {
                which,
                after,
                local,
            } => {
                self.gesture = Gesture::Idle;
                if let Some(said) = self.doc.insert_vertex(which, after, local) {
                    self.dialogs.status = said;
                }
            }
            Command::BeginDrag { target, at } => {
                self.playback.playing = false;
                self.gesture = Gesture::Drag(Box::new(Drag {
                    target,
                    start: self.doc.scene.clone(),
                    from: at,
                    at: self.drawn_at(),
                }));
            }
            Command::DragTo { to, snap } => {
                if let Gesture::Drag(d) = &self.gesture {
                    let s = d.apply(to, snap);
                    self.doc.set_scene(s);
                }
            }
            Command::BeginPan { pane, at } => self.gesture = Gesture::Pan { pane, last: at },
            Command::PanTo(at) => {
                if let Gesture::Pan { pane, last } = &mut self.gesture {
                    self.view.panes.camera_mut(*pane).pan(at - *last);
                    *last = at;
                    self.view.camera_moved = true;
                }
            }
            Command::BeginSplit => self.gesture = Gesture::Split,
            Command::SplitTo(x) => {
                if self.gesture == Gesture::Split {
                    self.view.panes.split_at(x);
                }
            }
            Command::EndGesture => {
                if let Gesture::Drag(d) = std::mem::take(&mut self.gesture) {
                    if self.doc.history.record(&d.start, &self.doc.scene) {
                        self.dialogs.status.clear();
                    }
                }
            }
            Command::Zoom { pane, at, factor } => {
                self.view.panes.camera_mut(pane).zoom_at(at, factor);
                self.view.camera_moved = true;
            }
            Command::StopFitting => self.view.fit_frames = 0,
            Command::Fit => self.fit(),
            Command::Save => self.save(),
            Command::SaveAs(p) => self.save_to(p),
            Command::Open(p) => self.request(Pending::Open(p)),
            Command::OpenLink(f) => self.follow_link(&f, "the scene you had"),
            Command::Dropped { path, bytes } => match self.host.dropped(path, bytes) {
                Ok(p) => self.request(Pending::Open(p)),
                Err(why) => self.dialogs.banner = Some(why),
            },
            Command::PickFile => {
                if !self.host.pick_file() {
                    self.panel.focus_open = true;
                }
            }
            Command::CopyLink => {
                let fragment = self.link_fragment();
                let copied = if fragment.len() > MAX_LINK {
                    Err(format!(
                        "the scene is too large for a link ({:.1} MB); Save downloads it",
                        fragment.len() as f64 / 1e6
                    ))
                } else {
                    self.host.copy_link(&fragment)
                };
                match copied {
                    Ok(said) => self.dialogs.status = said,
                    Err(why) => self.dialogs.banner = Some(format!("No link copied: {why}.")),
                }
            }
            Command::Quit => self.request(Pending::Quit),
            Command::Answer { save_first, go_on } => {
                if let Some(p) = self.dialogs.pending.take() {
                    if save_first {
                        self.save();
                    }
                    // Go on only if asked to and nothing unsaved is left behind by a failed save.
                    if go_on && (!save_first || !self.doc.dirty()) {
                        self.resolve(p);
                    }
                }
            }
            Command::Recovery(restore) => self.answer_recovery(restore),
            Command::ExportPng => self.png_request = true,
            Command::ExportSvg => self.export_svg(),
            Command::ExportCsv => self.export_csv(),
            Command::Help => self.dialogs.help = !self.dialogs.help,
            Command::Hover(h) => self.hovered = h,
            Command::Point(f) => self.link.hovered = f,
            Command::Pin(f) => self.link.pinned = f,
            Command::Convention(c) => self.set_convention(c),
            Command::Present => {
                self.view.presenting = !self.view.presenting;
                self.view.panes.set_mark_size(self.marks());
                self.refit();
            }
            Command::Banner(b) => self.dialogs.banner = Some(b),
            Command::DismissBanner => self.dialogs.banner = None,
        }
    }

    /// Where an export of the current view goes by default (`with_step`: the file name says
    /// the step, as pictures do; the table covers every step).
    fn export_path(&self, ext: &str, with_step: bool) -> PathBuf {
        export::default_path(
            self.doc.path.as_deref(),
            self.playback.demo,
            with_step.then_some(self.playback.step),
            ext,
        )
    }

    /// Where an export goes, for a person: the path, or in a browser the download.
    fn export_place(&self, ext: &str, with_step: bool) -> String {
        self.host.place(&self.export_path(ext, with_step))
    }

    /// The view as one picture: the panes as laid out now, a column as wide as the room left
    /// of them.
    fn sheet(&self) -> sheet::Sheet {
        let figure = match self.figure_result() {
            Some(Ok(f)) => Ok(f),
            Some(Err(e)) => Err(e.as_str()),
            None => Err(""),
        };
        sheet::Sheet::of(
            &self.view.panes,
            &self.shown(),
            sheet::caption(
                &self.doc.scene,
                self.doc.path.as_deref(),
                self.playback.demo,
                figure,
                self.warnings(),
                self.view.convention,
                self.playback.time,
            ),
        )
    }

    /// Writes `bytes` to the default export path for `ext`; the status line says where, the
    /// banner why not.
    fn write_export(&mut self, what: &str, ext: &str, with_step: bool, bytes: &[u8]) {
        let path = self.export_path(ext, with_step);
        let mime = match ext {
            "png" => "image/png",
            "svg" => "image/svg+xml",
            "csv" => "text/csv",
            _ => "application/octet-stream",
        };
        match self.host.write(&path, bytes, mime) {
            Ok(()) => self.dialogs.status = format!("{what} written to {}", self.host.place(&path)),
            Err(e) => self.dialogs.banner = Some(format!("No {what} written: {e}")),
        }
    }

    /// Writes the view as SVG beside the scene file.
    fn export_svg(&mut self) {
        let doc = export::svg::document(&self.sheet());
        self.write_export("SVG", "svg", true, doc.as_bytes());
    }

    /// Writes the iteration table as CSV beside the scene file.
    fn export_csv(&mut self) {
        let text = match self.demo_figure() {
            Some(f) => export::csv::figure_csv(f, self.playback.demo),
            None => Err("the scene has no figure".into()),
        };
        match text {
            Ok(text) => self.write_export("CSV", "csv", false, text.as_bytes()),
            Err(e) => self.dialogs.banner = Some(format!("No CSV written: {e}.")),
        }
    }

    /// Writes the window's pixels as a PNG, if one was asked for this frame (after drawing).
    fn write_requested_png(&mut self) {
        if std::mem::take(&mut self.png_request) {
            match picture::screen_png() {
                Ok(bytes) => self.write_export("PNG", "png", true, &bytes),
                Err(e) => self.dialogs.banner = Some(format!("No PNG written: {e}")),
            }
        }
    }
}

/// A file name's stem for `title`: its letters and digits, lower-case, words joined by `-`
/// (at most 60 characters; "scene" if nothing is left).
fn file_stem_of(title: &str) -> String {
    let mut stem = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            stem.push(c);
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
        if stem.chars().count() >= 60 {
            break;
        }
    }
    let stem = stem.trim_end_matches('-');
    if stem.is_empty() {
        "scene".into()
    } else {
        stem.into()
    }
}

/// Opens the window on `scene` (from `path`, or the built-in one) and runs until it is closed;
/// `Err` says why no window can be opened here.
pub fn run(scene: Scene, path: Option<PathBuf>) -> Result<(), String> {
    if let Some(problem) = platform::display_problem("the window") {
        return Err(problem);
    }
    let title = format!("minkowski-lab \u{2014} {}", scene.title);
    let mut window = Conf {
        window_title: title.clone(),
        window_width: 1400,
        window_height: 860,
        high_dpi: true,
        // Not multisampled: egui smooths the figure's edges (`canvas`).
        sample_count: 1,
        ..Default::default()
    };
    // The window sleeps until something happens: input, or a frame it asks for itself
    // (`App::wants_next_frame`), or the waker's nudge for what macroquad does not wake for.
    window.platform.blocking_event_loop = platform::SLEEPS_AT_REST;
    let conf = macroquad::conf::Conf {
        miniquad_conf: window,
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            mouse_wheel: true,
            specific_key: None,
            touch: true,
        }),
        ..Default::default()
    };
    platform::start_waker(title);
    let mut app = match path {
        Some(p) => App::from_file(scene, p),
        None => App::new(scene, None),
    };
    app.start();
    app.panic_key = std::env::var_os("MINKOWSKI_LAB_PANIC_KEY").is_some();
    let mut meter = frame_meter::FrameMeter::from_env();
    macroquad::Window::from_config(conf, async move {
        // Closing the window asks first when there are unsaved changes.
        prevent_quit();
        loop {
            let frame = crate::sys::stopwatch();
            if app.quit {
                macroquad::miniquad::window::order_quit();
            }
            canvas::clear(palette::BACKGROUND);
            let phase = crate::sys::stopwatch();
            egui_macroquad::ui(|ctx| app.frame(ctx));
            app.paint_under_egui();
            let app_ms = phase.millis();
            let phase = crate::sys::stopwatch();
            egui_macroquad::draw();
            let draw_ms = phase.millis();
            app.write_requested_png();
            let phase = crate::sys::stopwatch();
            next_frame().await;
            let present_ms = phase.millis();
            if let Some(m) = &mut meter {
                if m.record([app_ms, draw_ms, present_ms, frame.millis()]) {
                    print!("{}", m.report());
                    std::process::exit(0);
                }
                app.turn_b_for_measuring();
            }
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::{common, PaneId};
    use crate::scene::ShapeSpec;

    fn app() -> App {
        let s = Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "obb.json").unwrap();
        App::new(s, None)
    }

    /// An empty folder of this process's for the test `name`'s files.
    fn fresh_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mlab-app-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_figure_is_rebuilt_only_when_scene_demo_or_step_change() {
        let mut a = app();
        a.update_figure();
        let key = a.figure.as_ref().unwrap().key;
        a.update_figure();
        assert_eq!(a.figure.as_ref().unwrap().key, key);
        let mut s = a.doc.scene.clone();
        s.b.position.x += 1.0;
        a.apply(Command::Edit(Box::new(s)));
        a.update_figure();
        assert_ne!(a.figure.as_ref().unwrap().key, key);
        a.apply(Command::Demo(Demo::Sat));
        a.update_figure();
        assert_eq!(a.figure.as_ref().unwrap().key.1, Demo::Sat);
    }

    /// An app laid out in a 1000×600 room, its cameras settled (as after the first frames).
    fn laid_out() -> App {
        let mut a = app();
        a.view.panes.layout(crate::view::camera::ScreenRect::new(
            0.0, 0.0, 1000.0, 600.0,
        ));
        a.update_figure();
        a.fit();
        a.view.fit_frames = 0;
        a.keep_in_view();
        a
    }

    /// The person zooms the world pane by `factor` at its centre.
    fn zoom_world(a: &mut App, factor: f64) {
        let at = a.view.panes.world.rect.centre();
        a.apply(Command::Zoom {
            pane: PaneId::World,
            at,
            factor,
        });
    }

    /// Zooms both cameras far in on a point away from everything, as a person could.
    fn zoom_far_in(a: &mut App) {
        for pane in [PaneId::World, PaneId::Config] {
            let cam = a.view.panes.camera_mut(pane);
            cam.centre = crate::geometry::DVec2::new(50.0, 50.0);
            cam.scale *= 20.0;
        }
    }

    #[test]
    fn a_new_step_that_leaves_the_view_is_fitted_unless_the_view_is_the_persons() {
        let mut a = laid_out();
        assert!(a.view.panes.show_all(&a.shown()));
        // Moved without a command (as a stale view would be): the next figure refits.
        zoom_far_in(&mut a);
        a.apply(Command::Demo(Demo::Sat));
        a.view.fit_frames = 0;
        a.update_figure();
        a.keep_in_view();
        assert!(a.view.panes.show_all(&a.shown()));
        // Zoomed by the person: the view stays theirs, whatever the figure does.
        zoom_world(&mut a, 30.0);
        assert!(!a.view.panes.show_all(&a.shown()));
        let mut s = a.doc.scene.clone();
        s.b.position.x += 0.5;
        a.apply(Command::Edit(Box::new(s)));
        a.update_figure();
        a.keep_in_view();
        assert!(!a.view.panes.show_all(&a.shown()));
        // Fit hands the view back.
        a.apply(Command::Fit);
        assert!(!a.view.camera_moved);
    }

    #[test]
    fn a_smaller_window_fits_the_figure_again_unless_the_view_is_the_persons() {
        let mut a = laid_out();
        let room =
            |w: f32, h: f32| egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(w, h));
        a.layout(room(600.0, 360.0), 1.0);
        assert!(
            !a.view.panes.show_all(&a.shown()),
            "the old cameras leave it out"
        );
        a.keep_in_view();
        assert!(a.view.panes.show_all(&a.shown()));
        // The person's own view stays as it is.
        zoom_world(&mut a, 1.01);
        let world = a.view.panes.world;
        a.layout(room(500.0, 300.0), 1.0);
        a.keep_in_view();
        assert_eq!(a.view.panes.world.centre, world.centre);
        assert_eq!(a.view.panes.world.scale, world.scale);
    }

    #[test]
    fn a_view_saved_on_one_screen_opens_at_the_same_size_on_another() {
        let dir = fresh_dir("screens");
        let file = dir.join("view.json");
        // A person on a screen of two pixels a point zooms in and saves.
        let mut a = laid_out();
        let fitted = a.view.panes.world.scale;
        a.screen_changed(2.0);
        assert_eq!(
            a.view.panes.world.scale,
            2.0 * fitted,
            "the same size on screen"
        );
        assert_eq!(a.view.panes.world.size, 2.0, "and marks");
        zoom_world(&mut a, 1.5);
        let (world, config) = (a.view.panes.world, a.view.panes.config);
        a.save_to(file.clone());
        assert!(a.dialogs.banner.is_none(), "{:?}", a.dialogs.banner);
        let opened = || App::from_file(Scene::load(&file).unwrap(), file.clone());
        // Opened on a screen of one pixel a point: half the pixels a unit, the same centres.
        let b = opened();
        assert_eq!(b.view.panes.world.scale, world.scale / 2.0);
        assert_eq!(b.view.panes.config.scale, config.scale / 2.0);
        assert_eq!(b.view.panes.world.centre, world.centre);
        // On a screen of two, once the window knows it: the cameras as they were.
        let mut c = opened();
        c.screen_changed(2.0);
        assert_eq!(c.view.panes.world.scale, world.scale);
        assert_eq!(c.view.panes.config.scale, config.scale);
        // A scale that is no scale changes nothing.
        c.screen_changed(f32::NAN);
        assert_eq!(
            (c.view.screen, c.view.panes.world.scale),
            (2.0, world.scale)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn presentation_mode_enlarges_both_panes_marks_and_refits() {
        let mut a = laid_out();
        a.apply(Command::Present);
        assert!(a.presenting());
        for pane in [PaneId::World, PaneId::Config] {
            assert_eq!(a.view.panes.camera(pane).size, PRESENTATION_SIZE);
        }
        assert_eq!(a.view.fit_frames, FIT_PASSES);
        a.apply(Command::Present);
        assert!(!a.presenting());
        assert_eq!(a.view.panes.world.size, 1.0);
    }

    #[test]
    fn handles_show_for_the_hovered_dragged_or_selected_body_only() {
        let mut a = laid_out();
        assert_eq!(a.shown().handles_of, [false, false]);
        assert!(a.shown().handle_marks(&a.view.panes.world).is_empty());
        a.apply(Command::Hover(Some(Source::B)));
        assert_eq!(a.shown().handles_of, [false, true]);
        assert!(!a.shown().handle_marks(&a.view.panes.world).is_empty());
        a.apply(Command::Hover(None));
        a.apply(Command::BeginDrag {
            target: gesture::Target::World(crate::view::handles::Grip::Body(Source::A)),
            at: a.doc.scene.a.position,
        });
        assert_eq!(a.shown().handles_of, [true, false]);
        a.apply(Command::EndGesture);
        a.apply(Command::Select(Some((Source::B, 0))));
        assert_eq!(a.shown().handles_of, [false, true]);
    }

    #[test]
    fn switching_demo_fits_the_panes_again() {
        let mut a = laid_out();
        a.apply(Command::Zoom {
            pane: PaneId::Config,
            at: a.view.panes.config.rect.centre(),
            factor: 30.0,
        });
        assert!(a.view.camera_moved);
        a.apply(Command::Demo(Demo::Sat));
        assert!(!a.view.camera_moved);
        assert_eq!(a.view.fit_frames, FIT_PASSES);
        // The same demo again changes nothing.
        a.view.fit_frames = 0;
        a.apply(Command::Demo(Demo::Sat));
        assert_eq!(a.view.fit_frames, 0);
    }

    #[test]
    fn the_panes_show_the_figures_bodies_and_md() {
        let mut a = app();
        a.update_figure();
        let shown = a.shown();
        assert!(!shown.figure_marks(PaneId::World).is_empty());
        assert!(shown
            .figure_marks(PaneId::Config)
            .contains(&common::origin()));
        assert!(a.comparison().unwrap().is_ok());
    }

    #[test]
    fn a_drag_is_one_undo_step_and_marks_the_scene_unsaved() {
        let mut a = app();
        a.update_figure();
        let before = a.doc.scene.clone();
        let at = before.b.position;
        a.apply(Command::BeginDrag {
            target: gesture::Target::Config(Source::B),
            at,
        });
        for dx in [0.1, 0.2, 0.3] {
            a.apply(Command::DragTo {
                to: at + crate::geometry::DVec2::new(dx, 0.0),
                snap: false,
            });
        }
        a.apply(Command::EndGesture);
        assert_eq!(a.gesture, Gesture::Idle);
        assert!((a.doc.scene.b.position.x - before.b.position.x - 0.3).abs() < 1e-12);
        assert!(a.doc.dirty() && a.doc.title().ends_with(" *"));
        a.apply(Command::Undo);
        assert_eq!(a.doc.scene, before);
        assert_eq!(a.dialogs.status, "Undone");
        assert!(!a.doc.dirty());
    }

    #[test]
    fn one_gesture_at_a_time() {
        let mut a = app();
        a.apply(Command::BeginPan {
            pane: PaneId::World,
            at: glam::Vec2::new(10.0, 10.0),
        });
        // A drag's moves and a split's moves do nothing while panning.
        let scene = a.doc.scene.clone();
        a.apply(Command::DragTo {
            to: crate::geometry::DVec2::new(3.0, 3.0),
            snap: false,
        });
        a.apply(Command::SplitTo(900.0));
        assert_eq!((&a.doc.scene, a.view.panes.split), (&scene, 0.5));
        let centre = a.view.panes.world.centre;
        a.apply(Command::PanTo(glam::Vec2::new(20.0, 10.0)));
        assert_ne!(a.view.panes.world.centre, centre);
        a.apply(Command::EndGesture);
        assert_eq!(a.gesture, Gesture::Idle);
    }

    #[test]
    fn vertices_are_added_where_double_clicked_and_deleted_when_selected() {
        let mut a = app();
        let mut s = a.doc.scene.clone();
        s.b.shape = ShapeSpec::Polygon {
            vertices: [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
                .map(|(x, y)| crate::geometry::DVec2::new(x, y))
                .to_vec(),
            radius: 0.0,
        };
        a.replace_scene(s, None, false);
        a.apply(Command::InsertVertex {
            which: crate::geometry::Source::B,
            after: 0,
            local: crate::geometry::DVec2::new(0.5, -0.2),
        });
        assert_eq!(a.dialogs.status, "Vertex added");
        a.apply(Command::DeleteVertex);
        assert_eq!(a.dialogs.status, "Vertex deleted");
        a.apply(Command::Undo);
        assert_eq!(a.doc.selected, None);
    }

    #[test]
    fn a_failed_save_says_why_and_keeps_the_edits_unsaved() {
        let dir = fresh_dir("save");
        let in_the_way = dir.join("scenes");
        std::fs::write(&in_the_way, "a file, not a folder").unwrap();
        let mut a = app();
        let mut s = a.doc.scene.clone();
        s.a.angle_deg = 30.0;
        a.doc.set_scene(s);
        a.apply(Command::SaveAs(in_the_way.join("obb.json")));
        let banner = a.dialogs.banner.clone().unwrap();
        assert!(banner.starts_with("Not saved: "), "{banner}");
        assert!(banner.contains("is not a folder"), "{banner}");
        assert!(a.doc.dirty() && a.doc.path.is_none());
        assert_eq!(
            a.doc.scene.view, None,
            "the view stays out of the unsaved scene"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_recovered_scene_is_restored_unsaved_or_discarded() {
        let dir = fresh_dir("recovery");
        let file = dir.join("obb.json");
        let on_disk = app().doc.scene;
        on_disk.save(&file).unwrap();
        let mut edited = on_disk.clone();
        edited.b.position.x += 0.5;
        let crash = dir.join("kept");

        // Restore: the edited scene is back, from the file, unsaved; the recovery file is gone.
        recovery::write_in(&crash, &edited, Some(&file), "boom").unwrap();
        let mut a = App::from_file(Scene::load(&file).unwrap(), file.clone());
        a.offer_recovery(recovery::find_in(&crash));
        assert!(a.dialogs.recovery.is_some());
        a.apply(Command::Recovery(true));
        assert_eq!(a.doc.scene.b.position, edited.b.position);
        assert_eq!(a.doc.path.as_deref(), Some(file.as_path()));
        assert!(a.doc.dirty() && a.dialogs.recovery.is_none());
        assert_eq!(recovery::find_in(&crash), None);
        // Saving clears the star.
        a.apply(Command::Save);
        assert!(!a.doc.dirty(), "{:?}", a.dialogs.banner);
        assert_eq!(Scene::load(&file).unwrap().b.position, edited.b.position);

        // Discard: the scene on screen stays, the recovery file is gone.
        recovery::write_in(&crash, &edited, None, "boom").unwrap();
        let mut b = app();
        let before = b.doc.scene.clone();
        b.offer_recovery(recovery::find_in(&crash));
        b.apply(Command::Recovery(false));
        assert_eq!(b.doc.scene, before);
        assert!(!b.doc.dirty() && b.dialogs.recovery.is_none());
        assert_eq!(recovery::find_in(&crash), None);

        // Restoring a built-in scene (no file): unsaved even though it equals nothing on disk.
        recovery::write_in(&crash, &edited, None, "boom").unwrap();
        let mut c = app();
        c.offer_recovery(recovery::find_in(&crash));
        c.apply(Command::Recovery(true));
        assert!(c.doc.dirty() && c.doc.path.is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn saving_the_built_in_scene_asks_for_a_path() {
        let mut a = app();
        a.apply(Command::Save);
        assert!(a.dialogs.banner.is_some());
    }

    #[test]
    fn unsaved_changes_are_asked_about_before_opening_another_file() {
        let mut a = app();
        let mut s = a.doc.scene.clone();
        s.a.angle_deg = 10.0;
        a.doc.set_scene(s);
        a.apply(Command::Open(PathBuf::from("scenes/sat_projections.json")));
        assert_eq!(
            a.dialogs.pending,
            Some(Pending::Open(PathBuf::from("scenes/sat_projections.json")))
        );
        // Cancel keeps everything; don't-save opens the file.
        a.apply(Command::Answer {
            save_first: false,
            go_on: false,
        });
        assert!(a.dialogs.pending.is_none() && a.doc.dirty());
        a.apply(Command::Open(PathBuf::from("scenes/sat_projections.json")));
        a.apply(Command::Answer {
            save_first: false,
            go_on: true,
        });
        assert_eq!(a.playback.demo, Demo::Sat);
        assert!(!a.doc.dirty());
    }
}

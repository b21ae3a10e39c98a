//! The window: a side panel and two panes, the world and configuration space (B ⊖ A), in which
//! a person edits the scene and watches a demo.
//!
//! Each frame: the panels run (egui) and return commands; the mouse and keys edit the scene or
//! move the cameras (`input.rs`); the figure of (scene, demo, step) is rebuilt only when one of
//! them changed; the grid, the figure's marks and the editing handles are drawn (`render.rs`,
//! the only code that draws with macroquad); egui draws on top.
//!
//! Files: `camera.rs` (world ↔ pixels), `grid.rs` (the grid as marks), `handles.rs` (grips and
//! hit-testing), `drag.rs` (what a drag does to the scene), `history.rs` (undo/redo),
//! `fit.rs` (content bounds), `panels.rs` (egui), `input.rs` (mouse and keys), `render.rs`.

pub mod camera;
pub mod drag;
pub mod files;
pub mod fit;
pub mod grid;
pub mod handles;
pub mod history;
mod input;
mod panels;
pub mod picture;
pub mod recovery;
pub(crate) mod render;
pub mod shape_edit;
pub mod view;

use crate::figure::compare::{compare, Comparison};
use crate::figure::{self, Figure, Mark, PaneId};
use crate::geometry::{Convex, DVec2, Source};
use crate::palette;
use crate::scene::{Demo, Scene, ShapeSpec};
use camera::{Camera, ScreenRect};
use drag::Drag;
use egui_macroquad::egui;
use glam::Vec2;
use history::History;
use macroquad::prelude::{
    get_dropped_files, get_frame_time, is_quit_requested, next_frame, prevent_quit, Conf,
};
use std::path::PathBuf;

/// The split between the panes stays within this fraction of the room from either side.
pub const MIN_SPLIT: f32 = 0.2;
/// Height of the strip above each pane that holds its title, pixels (the camera's fit margin
/// keeps content clear of it).
pub const TITLE_OFFSET: (f32, f32) = (12.0, 16.0);
/// How many frames the cameras keep fitting at start (see `App::fit_frames`).
pub const START_FIT_FRAMES: u32 = 4;
/// Playback speeds a person can pick, steps per second.
pub const MIN_SPEED: f32 = 0.25;
pub const MAX_SPEED: f32 = 30.0;

/// The figure for one (scene revision, demo, step), with what the app derives from the scene
/// once per change rather than once per frame.
struct Cached {
    key: (u64, Demo, usize),
    figure: Result<Figure, String>,
    /// The bodies' world shapes at t = 0 (for handles and hit-testing), and the scene's
    /// warnings: they depend on the scene only, so a step or demo change keeps them.
    shapes: Option<(Convex, Convex)>,
    warnings: Vec<String>,
}

/// How much of each new frame time goes into the smoothed one shown in the panel.
pub const FRAME_SMOOTHING: f32 = 0.1;
/// How often the open file is checked for changes on disk, seconds.
pub const DISK_CHECK_SECONDS: f32 = 1.0;
/// How often the scene browser re-reads its folder while shown, seconds.
pub const BROWSER_REFRESH_SECONDS: f32 = 3.0;

/// An action that would lose unsaved changes, waiting for the person's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Open(PathBuf),
    Quit,
}

/// Everything the window remembers.
pub struct App {
    scene: Scene,
    /// Bumped on every change of `scene`; the figure cache compares it.
    rev: u64,
    /// The file the scene came from and saves to (`None`: the built-in scene).
    path: Option<PathBuf>,
    /// The scene as last loaded or saved, for the unsaved-changes star.
    saved: Scene,
    demo: Demo,
    step: usize,
    playing: bool,
    /// Steps per second while playing.
    speed: f32,
    play_clock: f32,
    history: History,
    world: Camera,
    config: Camera,
    /// Where the panes split, as a fraction of the room right of the panel.
    split: f32,
    /// Frames left in which the cameras are fitted again (egui settles the panel's width over
    /// the first frames, and the handles' pixel offsets depend on the zoom).
    fit_frames: u32,
    drag: Option<Drag>,
    /// The polygon vertex last clicked (Delete removes it).
    selected: Option<(Source, usize)>,
    /// A pan in progress: which pane, and the mouse position last frame.
    pan: Option<(PaneId, Vec2)>,
    dragging_split: bool,
    cache: Option<Cached>,
    /// An error a person must see (a failed save), until dismissed.
    banner: Option<String>,
    /// A passing message (saved, nothing to undo).
    status: String,
    help: bool,
    /// The comparison table for scene revision `.0`, built only while its section is open.
    comparison: Option<(u64, Result<Comparison, String>)>,
    save_as: String,
    /// The path typed under "Open" (Ctrl+O focuses it).
    open_path: String,
    /// Ctrl+O was pressed: the panel focuses the open field on its next frame.
    focus_open: bool,
    /// What waits for the person's answer about unsaved changes.
    pending: Option<Pending>,
    /// The open file's modification time when last loaded or saved.
    disk_mtime: Option<std::time::SystemTime>,
    /// Seconds since the file was last checked for changes on disk.
    disk_clock: f32,
    /// The scene browser's list and how long ago it was read.
    browser: Option<(f32, Vec<files::SceneEntry>)>,
    /// The person confirmed closing the window.
    quit: bool,
    /// How long the last figure took to build, and the frame time smoothed, milliseconds
    /// (shown in the panel: a person dragging large polygons sees what it costs).
    figure_ms: f32,
    frame_ms: f32,
    /// Whether egui's look has been set (once, on the first frame).
    styled: bool,
    /// The window only makes a picture (`render`): nothing that changes from run to run (frame
    /// times) is shown.
    picture: bool,
    /// A PNG of the window asked for, written after this frame is drawn.
    png_request: Option<PathBuf>,
    /// A scene kept when the program last stopped on an error, offered until answered.
    recovery: Option<recovery::Found>,
    /// The scene on screen was restored from a recovery file and not saved since: it counts
    /// as unsaved even where it equals the file on disk.
    recovered_unsaved: bool,
    /// The scene revision and file last handed to [`recovery::remember`].
    remembered: Option<(u64, Option<PathBuf>)>,
    /// F12 panics (for testing the recovery path; only with `MINKOWSKI_LAB_PANIC_KEY` set).
    panic_key: bool,
}

impl App {
    /// The app on `scene`, loaded from `path` (or built in).
    pub fn new(scene: Scene, path: Option<PathBuf>) -> App {
        let save_as = path
            .as_ref()
            .map_or("scenes/untitled.json".into(), |p| p.display().to_string());
        // Known now, so that the first check of the disk does not take the file as changed.
        let disk_mtime = path.as_deref().and_then(files::modified);
        App {
            demo: scene.demo,
            saved: scene.clone(),
            scene,
            rev: 0,
            path,
            step: 0,
            playing: false,
            speed: 2.0,
            play_clock: 0.0,
            history: History::default(),
            world: Camera::default(),
            config: Camera::default(),
            split: 0.5,
            fit_frames: START_FIT_FRAMES,
            drag: None,
            selected: None,
            pan: None,
            dragging_split: false,
            cache: None,
            banner: None,
            status: String::new(),
            help: false,
            comparison: None,
            save_as,
            open_path: String::new(),
            focus_open: false,
            pending: None,
            disk_mtime,
            disk_clock: 0.0,
            browser: None,
            quit: false,
            figure_ms: 0.0,
            frame_ms: 0.0,
            styled: false,
            picture: false,
            png_request: None,
            recovery: None,
            recovered_unsaved: false,
            remembered: None,
            panic_key: false,
        }
    }

    /// Shows the scene as its `view` says it was saved (cameras, split, demo, step), if it has
    /// one; else the cameras are fitted at start.
    fn restore_view(&mut self) {
        let Some(v) = self.scene.view.as_ref().map(view::from_json) else {
            return;
        };
        if let Some(d) = v.demo {
            self.demo = d;
        }
        if let Some(s) = v.step {
            self.step = s; // clamped when the figure is built
        }
        if let Some(s) = v.split {
            self.split = s.clamp(MIN_SPLIT, 1.0 - MIN_SPLIT);
        }
        if let (Some(w), Some(c)) = (v.world, v.config) {
            (self.world.centre, self.world.scale) = w;
            (self.config.centre, self.config.scale) = c;
            self.fit_frames = 0;
        }
    }

    /// The app on the file at `path`, whose scene was loaded from it.
    pub fn from_file(scene: Scene, path: PathBuf) -> App {
        let mut app = App::new(scene, Some(path));
        app.restore_view();
        app
    }

    /// Shows `scene`, from `path`, in place of the current one: a fresh history, the scene's
    /// own demo, the first step, the cameras fitted again (unless `keep_view`, for a reload).
    fn replace_scene(&mut self, scene: Scene, path: Option<PathBuf>, keep_view: bool) {
        self.saved = scene.clone();
        if !keep_view {
            self.demo = scene.demo;
            self.step = 0;
            self.fit_frames = START_FIT_FRAMES;
        }
        self.playing = false;
        self.history = History::default();
        self.drag = None;
        self.selected = None;
        self.scene = scene;
        self.rev += 1;
        self.disk_mtime = path.as_deref().and_then(files::modified);
        if let Some(p) = &path {
            self.save_as = p.display().to_string();
        }
        self.path = path;
        self.banner = None;
        self.browser = None;
        self.recovered_unsaved = false;
        if !keep_view {
            self.restore_view();
        }
    }

    /// Opens the scene file at `path`; a file that does not load leaves the scene on screen and
    /// says why in the banner.
    fn load(&mut self, path: PathBuf) {
        match Scene::load(&path) {
            Ok(scene) => {
                self.status = format!("Opened {}", path.display());
                self.replace_scene(scene, Some(path), false);
            }
            Err(e) => self.banner = Some(format!("Not opened: {e}")),
        }
    }

    /// Does `p` now, or first asks when there are unsaved changes.
    fn request(&mut self, p: Pending) {
        if self.dirty() {
            self.pending = Some(p);
        } else {
            self.resolve(p);
        }
    }

    fn resolve(&mut self, p: Pending) {
        self.pending = None;
        match p {
            Pending::Open(path) => self.load(path),
            Pending::Quit => self.quit = true,
        }
    }

    /// Once a second: if the open file changed on disk (not by this window's save), reload it
    /// when there are no unsaved edits, else say so and keep the edits.
    fn check_disk(&mut self, dt: f32) {
        self.disk_clock += dt;
        if self.disk_clock < DISK_CHECK_SECONDS {
            return;
        }
        self.disk_clock = 0.0;
        let Some(path) = self.path.clone() else {
            return;
        };
        let now = files::modified(&path);
        if now.is_none() || now == self.disk_mtime {
            return;
        }
        self.disk_mtime = now;
        if self.dirty() {
            self.banner = Some(format!(
                "{} changed on disk. Your unsaved edits are kept; open the file again to see \
                 the new version, or save to replace it.",
                path.display()
            ));
            return;
        }
        match Scene::load(&path) {
            Ok(scene) => {
                self.status = format!("Reloaded {} (changed on disk)", path.display());
                self.replace_scene(scene, Some(path), true);
            }
            Err(e) => {
                self.banner = Some(format!(
                    "The file changed on disk and no longer loads; the scene on screen stays. {e}"
                ))
            }
        }
    }

    /// Replaces the scene (an edit, an undo): the figure will be rebuilt.
    fn set_scene(&mut self, scene: Scene) {
        if scene != self.scene {
            self.scene = scene;
            self.rev += 1;
        }
    }

    fn dirty(&self) -> bool {
        self.scene != self.saved || self.recovered_unsaved
    }

    /// Offers the scene of a recovery file (found at start) until the person answers.
    pub fn offer_recovery(&mut self, found: Option<recovery::Found>) {
        self.recovery = found;
    }

    /// The answer to the recovery offer: restore the kept scene (unsaved, to be saved to the
    /// file it came from) or discard it. Either way the recovery file is deleted.
    fn answer_recovery(&mut self, restore: bool) {
        let Some(found) = self.recovery.take() else {
            return;
        };
        if restore {
            let origin = found.origin.clone();
            self.replace_scene(found.scene.clone(), origin.clone(), false);
            // What is on disk is what counts as saved: the restored edits show the star.
            if let Some(on_disk) = origin.as_deref().and_then(|p| Scene::load(p).ok()) {
                self.saved = on_disk;
            }
            self.recovered_unsaved = true;
            self.status = "Restored the scene kept after the last error".into();
        } else {
            self.status = "Discarded the scene kept after the last error".into();
        }
        if let Err(e) = found.delete() {
            self.banner = Some(format!("The recovery file could not be deleted: {e}"));
        }
    }

    /// Hands the scene to [`recovery`] when it or its file changed, so that a panic writes
    /// what is on screen.
    fn keep_for_recovery(&mut self) {
        let key = (self.rev, self.path.clone());
        if self.remembered.as_ref() != Some(&key) {
            recovery::remember(&self.scene, self.path.as_deref());
            self.remembered = Some(key);
        }
    }

    fn title(&self) -> String {
        format!(
            "{}{}",
            self.scene.title,
            if self.dirty() { " *" } else { "" }
        )
    }

    fn camera(&self, pane: PaneId) -> &Camera {
        match pane {
            PaneId::World => &self.world,
            PaneId::Config => &self.config,
        }
    }

    fn camera_mut(&mut self, pane: PaneId) -> &mut Camera {
        match pane {
            PaneId::World => &mut self.world,
            PaneId::Config => &mut self.config,
        }
    }

    /// Rebuilds the figure if the scene, demo or step changed since the last build.
    fn update_figure(&mut self) {
        let key = (self.rev, self.demo, self.step);
        if self.cache.as_ref().is_some_and(|c| c.key == key) {
            return;
        }
        let started = std::time::Instant::now();
        let figure = figure::build(&self.scene, self.demo, self.step).map_err(|e| e.to_string());
        self.figure_ms = started.elapsed().as_secs_f32() * 1000.0;
        if let Ok(f) = &figure {
            self.step = f.step.min(f.steps.saturating_sub(1));
        }
        let (shapes, warnings) = match self.cache.take() {
            Some(c) if c.key.0 == self.rev => (c.shapes, c.warnings),
            _ => match self.scene.bodies() {
                Ok(b) => {
                    let w = b.warnings.iter().map(|w| w.to_string()).collect();
                    (Some((b.a, b.b)), w)
                }
                Err(e) => (None, vec![e.to_string()]),
            },
        };
        self.cache = Some(Cached {
            key: (self.rev, self.demo, self.step),
            figure,
            shapes,
            warnings,
        });
    }

    /// The comparison of every method on the current scene, rebuilt when the scene changed.
    fn comparison(&mut self) -> &Result<Comparison, String> {
        if self
            .comparison
            .as_ref()
            .is_none_or(|(rev, _)| *rev != self.rev)
        {
            let c = compare(&self.scene).map_err(|e| e.to_string());
            self.comparison = Some((self.rev, c));
        }
        &self.comparison.as_ref().expect("just built").1
    }

    fn figure(&self) -> Option<&Figure> {
        self.cache.as_ref().and_then(|c| c.figure.as_ref().ok())
    }

    fn steps(&self) -> usize {
        self.figure().map_or(1, |f| f.steps.max(1))
    }

    /// The marks a pane shows: the figure's (none when it did not build; the panel says why).
    fn pane_marks(&self, pane: PaneId) -> &[Mark] {
        self.figure().map_or(&[], |f| f.marks(pane))
    }

    /// Fits both cameras to their panes' content.
    fn fit(&mut self) {
        let world_extra: Vec<DVec2> = self.handle_marks().iter().fold(Vec::new(), |mut v, m| {
            fit::mark_points(m, &mut v);
            v
        });
        if let Some((lo, hi)) = fit::content_bounds(self.pane_marks(PaneId::World), &world_extra) {
            self.world.fit(lo, hi);
        }
        if let Some((lo, hi)) = fit::content_bounds(self.pane_marks(PaneId::Config), &[DVec2::ZERO])
        {
            self.config.fit(lo, hi);
        }
    }

    /// The handles' marks at the current camera.
    fn handle_marks(&self) -> Vec<Mark> {
        match self.cache.as_ref().and_then(|c| c.shapes.as_ref()) {
            Some((a, b)) => handles::marks(&self.scene, [a, b], &self.world, self.selected),
            None => vec![],
        }
    }

    /// Advances playback by the frame's time.
    fn play(&mut self, dt: f32) {
        if !self.playing {
            return;
        }
        let last = self.steps() - 1;
        self.play_clock += dt * self.speed;
        while self.play_clock >= 1.0 {
            self.play_clock -= 1.0;
            if self.step >= last {
                self.playing = false;
                break;
            }
            self.step += 1;
        }
    }

    /// Lays the panes out in the room egui left free.
    fn layout(&mut self, room: egui::Rect) {
        let w1 = (room.width() * self.split).round();
        self.world.rect = ScreenRect::new(room.min.x, room.min.y, w1, room.height());
        self.config.rect = ScreenRect::new(
            room.min.x + w1,
            room.min.y,
            room.width() - w1,
            room.height(),
        );
    }

    /// Saves to `path` (atomically); a failure goes to the banner.
    fn save_to(&mut self, path: PathBuf) {
        // The window's state goes with the scene (not an edit: no undo step, no star).
        let state = view::to_json(self.demo, self.step, self.split, &self.world, &self.config);
        let before = self.scene.view.replace(state);
        match self.scene.save(&path) {
            Ok(()) => {
                self.saved = self.scene.clone();
                self.disk_mtime = files::modified(&path);
                self.status = format!("Saved {}", path.display());
                self.save_as = path.display().to_string();
                self.path = Some(path);
                self.banner = None;
                self.recovered_unsaved = false;
            }
            Err(e) => {
                self.scene.view = before;
                self.banner = Some(format!("Not saved: {e}"));
            }
        }
    }

    fn save(&mut self) {
        match self.path.clone() {
            Some(p) => self.save_to(p),
            None => {
                self.banner = Some(
                    "This is the built-in scene, it has no file: type a path under \"Save as\" in \
                     the panel."
                        .into(),
                )
            }
        }
    }

    /// Removes the selected polygon vertex, if the outline left is still a valid shape.
    fn delete_selected_vertex(&mut self) {
        let Some((which, i)) = self.selected else {
            return;
        };
        let mut s = self.scene.clone();
        if let ShapeSpec::Polygon { vertices, .. } = &mut handles::body_mut(&mut s, which).shape {
            if i < vertices.len() && vertices.len() > 1 {
                vertices.remove(i);
            } else {
                return;
            }
        }
        match s.validate() {
            Ok(()) => {
                self.history.record(&self.scene.clone(), &s);
                self.set_scene(s);
                self.selected = None;
                self.status = "Vertex deleted".into();
            }
            Err(e) => self.status = format!("Not deleted: {}", e.problem),
        }
    }

    /// Adds a vertex to a polygon's outline after vertex `after`, at `local` (the body's frame).
    fn insert_vertex(&mut self, which: Source, after: usize, local: DVec2) {
        let mut s = self.scene.clone();
        if let ShapeSpec::Polygon { vertices, .. } = &mut handles::body_mut(&mut s, which).shape {
            vertices.insert(after + 1, local);
        }
        if s.validate().is_ok() {
            self.history.record(&self.scene.clone(), &s);
            self.set_scene(s);
            self.selected = Some((which, after + 1));
            self.status = "Vertex added".into();
        }
    }

    fn undo(&mut self) {
        let mut s = self.scene.clone();
        if self.history.undo(&mut s) {
            self.set_scene(s);
            self.status = "Undone".into();
        } else {
            self.status = "Nothing to undo".into();
        }
    }

    fn redo(&mut self) {
        let mut s = self.scene.clone();
        if self.history.redo(&mut s) {
            self.set_scene(s);
            self.status = "Redone".into();
        } else {
            self.status = "Nothing to redo".into();
        }
    }

    /// One frame of the interface: panels, input, figure, drawing of the panes.
    fn frame(&mut self, ctx: &egui::Context) {
        if !self.styled {
            ctx.set_visuals(egui::Visuals::light());
            self.styled = true;
        }
        let commands = panels::show(ctx, self);
        for c in commands {
            self.apply(c);
        }
        self.layout(ctx.available_rect());
        self.update_figure();
        if self.fit_frames > 0 && self.world.rect.w > 10.0 {
            self.fit();
            self.fit_frames -= 1;
        }
        input::handle(self, ctx);
        for f in get_dropped_files() {
            match f.path {
                Some(p) => self.request(Pending::Open(p)),
                None => self.banner = Some("The dropped item is not a file on disk.".into()),
            }
        }
        let dt = get_frame_time();
        self.frame_ms += (dt * 1000.0 - self.frame_ms) * FRAME_SMOOTHING;
        self.check_disk(dt);
        if let Some((age, _)) = &mut self.browser {
            *age += dt;
        }
        self.play(dt);
        self.update_figure();
        self.keep_for_recovery();
        if self.panic_key && macroquad::input::is_key_pressed(macroquad::input::KeyCode::F12) {
            panic!("F12 pressed with MINKOWSKI_LAB_PANIC_KEY set (a test of crash recovery)");
        }
        self.draw(ctx);
    }

    /// Everything a pane shows, in drawing order: the grid, the figure's marks, the handles (in
    /// the world pane) and the pane's title. The window's renderer and the SVG export both draw
    /// exactly these.
    pub(crate) fn view_marks(&self, pane: PaneId) -> Vec<Mark> {
        let cam = self.camera(pane);
        let mut marks = grid::marks(cam);
        marks.extend_from_slice(self.pane_marks(pane));
        if pane == PaneId::World {
            marks.extend(self.handle_marks());
        }
        let top_left = cam.to_world(Vec2::new(cam.rect.x, cam.rect.y));
        let title = match pane {
            PaneId::World => "World".to_string(),
            PaneId::Config => "Configuration space: B \u{2212} A".to_string(),
        };
        marks.push(Mark::Label {
            at: top_left,
            text: title,
            color: palette::TEXT,
            offset: TITLE_OFFSET,
        });
        marks
    }

    fn draw(&self, ctx: &egui::Context) {
        let text = ctx.layer_painter(egui::LayerId::background());
        for pane in [PaneId::World, PaneId::Config] {
            render::draw_marks(&self.view_marks(pane), self.camera(pane), &text);
        }
        let r = self.config.rect;
        render::divider(r.x, r.y, r.y + r.h, palette::AXES, 2.0);
    }

    fn apply(&mut self, c: panels::Command) {
        use panels::Command;
        match c {
            Command::Demo(d) => {
                if d != self.demo {
                    self.demo = d;
                    self.step = 0;
                    self.playing = false;
                }
            }
            Command::Step(s) => {
                self.step = s.min(self.steps() - 1);
                self.playing = false;
            }
            Command::TogglePlay => self.toggle_play(),
            Command::Speed(s) => self.speed = s.clamp(MIN_SPEED, MAX_SPEED),
            Command::Edit(s) => {
                self.history.begin(&self.scene);
                self.set_scene(*s);
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Save => self.save(),
            Command::SaveAs(p) => self.save_to(p),
            Command::Fit => self.fit(),
            Command::Help => self.help = !self.help,
            Command::Open(p) => self.request(Pending::Open(p)),
            Command::Answer(save_first, go_on) => {
                if let Some(p) = self.pending.take() {
                    if save_first {
                        self.save();
                    }
                    // Go on only if asked to and nothing unsaved is left behind by a failed save.
                    if go_on && (!save_first || !self.dirty()) {
                        self.resolve(p);
                    }
                }
            }
            Command::DismissBanner => self.banner = None,
            Command::Recovery(restore) => self.answer_recovery(restore),
            Command::ExportPng => self.png_request = Some(self.export_path("png", true)),
            Command::ExportSvg => self.export_svg(),
            Command::ExportCsv => self.export_csv(),
        }
    }

    fn toggle_play(&mut self) {
        if self.steps() <= 1 {
            return;
        }
        if !self.playing && self.step + 1 >= self.steps() {
            self.step = 0;
        }
        self.playing = !self.playing;
        self.play_clock = 0.0;
    }
}

/// Characters egui's built-in fonts lack, and what is shown instead: B ⊖ A (the Minkowski
/// difference) is written B − A as the first article writes it; primes become apostrophes.
pub const SUBSTITUTES: [(char, &str); 3] = [
    ('\u{2296}', "\u{2212}"),
    ('\u{2032}', "'"),
    ('\u{2033}', "\""),
];

/// `text` with every character of [`SUBSTITUTES`] replaced.
pub fn displayable(text: &str) -> String {
    let mut out = text.to_string();
    for (c, s) in SUBSTITUTES {
        if out.contains(c) {
            out = out.replace(c, s);
        }
    }
    out
}

/// Opens the window on `scene` (from `path`, or the built-in one) and runs until it is closed.
pub fn run(scene: Scene, path: Option<PathBuf>) {
    let conf = Conf {
        window_title: format!("minkowski-lab \u{2014} {}", scene.title),
        window_width: 1400,
        window_height: 860,
        high_dpi: true,
        sample_count: 4,
        ..Default::default()
    };
    let mut app = match path {
        Some(p) => App::from_file(scene, p),
        None => App::new(scene, None),
    };
    // From here on a panic writes the scene on screen to a recovery file first.
    recovery::install_hook();
    app.keep_for_recovery();
    app.offer_recovery(recovery::find());
    app.panic_key = std::env::var_os("MINKOWSKI_LAB_PANIC_KEY").is_some();
    macroquad::Window::from_config(conf, async move {
        // Closing the window asks first when there are unsaved changes.
        prevent_quit();
        loop {
            if is_quit_requested() {
                app.request(Pending::Quit);
            }
            if app.quit {
                macroquad::miniquad::window::order_quit();
            }
            render::clear(palette::BACKGROUND);
            egui_macroquad::ui(|ctx| app.frame(ctx));
            egui_macroquad::draw();
            if let Some(p) = app.png_request.take() {
                match picture::save_screen_png(&p) {
                    Ok(()) => app.status = format!("PNG written to {}", p.display()),
                    Err(e) => app.banner = Some(format!("No PNG written: {e}")),
                }
            }
            next_frame().await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::common;

    fn app() -> App {
        let s = Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "obb.json").unwrap();
        App::new(s, None)
    }

    #[test]
    fn displayable_replaces_what_the_fonts_lack() {
        assert_eq!(displayable("B \u{2296} A, A\u{2032}"), "B \u{2212} A, A'");
        assert_eq!(displayable("plain"), "plain");
    }

    #[test]
    fn the_figure_is_rebuilt_only_when_scene_demo_or_step_change() {
        let mut a = app();
        a.update_figure();
        let key = a.cache.as_ref().unwrap().key;
        a.update_figure();
        assert_eq!(a.cache.as_ref().unwrap().key, key);
        let mut s = a.scene.clone();
        s.b.position.x += 1.0;
        a.set_scene(s);
        a.update_figure();
        assert_ne!(a.cache.as_ref().unwrap().key, key);
        // Setting the same scene again is no change.
        let rev = a.rev;
        a.set_scene(a.scene.clone());
        assert_eq!(a.rev, rev);
    }

    #[test]
    fn the_panes_show_the_figures_bodies_and_md() {
        let mut a = app();
        a.update_figure();
        assert!(!a.pane_marks(PaneId::World).is_empty());
        assert!(a.pane_marks(PaneId::Config).contains(&common::origin()));
    }

    #[test]
    fn edits_and_undo_mark_the_scene_unsaved_and_saved_again() {
        let mut a = app();
        assert!(!a.dirty());
        let before = a.scene.clone();
        let mut s = before.clone();
        s.a.angle_deg = 30.0;
        a.apply(panels::Command::Edit(Box::new(s)));
        a.history.commit(&a.scene);
        assert!(a.dirty() && a.title().ends_with(" *"));
        a.undo();
        assert_eq!(a.scene, before);
        assert!(!a.dirty());
    }

    /// Shows the app's scene with B's shape replaced by the polygon through `points`.
    fn with_b_polygon(a: &mut App, points: [(f64, f64); 4]) {
        let mut s = a.scene.clone();
        s.b.shape = ShapeSpec::Polygon {
            vertices: points.iter().map(|&(x, y)| DVec2::new(x, y)).collect(),
            radius: 0.0,
        };
        a.replace_scene(s, None, false);
    }

    #[test]
    fn vertices_are_added_and_deleted_as_undoable_edits() {
        let mut a = app();
        with_b_polygon(&mut a, [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
        let count = |a: &App| match &a.scene.b.shape {
            ShapeSpec::Polygon { vertices, .. } => vertices.len(),
            _ => 0,
        };
        a.insert_vertex(Source::B, 0, DVec2::new(0.5, -0.2));
        assert_eq!((count(&a), a.selected), (5, Some((Source::B, 1))));
        a.delete_selected_vertex();
        assert_eq!((count(&a), a.selected), (4, None));
        a.undo();
        assert_eq!(count(&a), 5);
        a.undo();
        assert_eq!(count(&a), 4);
        assert!(!a.dirty());
        // Deleting down to three collinear points is refused with the reason.
        with_b_polygon(&mut a, [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (2.0, 0.0)]);
        a.selected = Some((Source::B, 2));
        a.delete_selected_vertex();
        assert_eq!(count(&a), 4);
        assert!(a.status.starts_with("Not deleted"), "{}", a.status);
    }

    #[test]
    fn a_failed_save_says_why_and_keeps_the_edits_unsaved() {
        let dir = std::env::temp_dir().join(format!("mlab-app-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let in_the_way = dir.join("scenes");
        std::fs::write(&in_the_way, "a file, not a folder").unwrap();
        let mut a = app();
        let mut s = a.scene.clone();
        s.a.angle_deg = 30.0;
        a.set_scene(s);
        a.save_to(in_the_way.join("obb.json"));
        let banner = a.banner.clone().unwrap();
        assert!(banner.starts_with("Not saved: "), "{banner}");
        assert!(banner.contains("is not a folder"), "{banner}");
        assert!(a.dirty() && a.path.is_none());
        assert_eq!(
            a.scene.view, None,
            "the view stays out of the unsaved scene"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_recovered_scene_is_restored_unsaved_or_discarded() {
        let dir = std::env::temp_dir().join(format!("mlab-app-recovery-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("obb.json");
        let on_disk = app().scene;
        on_disk.save(&file).unwrap();
        let mut edited = on_disk.clone();
        edited.b.position.x += 0.5;
        let crash = dir.join("kept");

        // Restore: the edited scene is back, from the file, unsaved; the recovery file is gone.
        recovery::write_in(&crash, &edited, Some(&file), "boom").unwrap();
        let mut a = App::from_file(Scene::load(&file).unwrap(), file.clone());
        a.offer_recovery(recovery::find_in(&crash));
        assert!(a.recovery.is_some());
        a.apply(panels::Command::Recovery(true));
        assert_eq!(a.scene.b.position, edited.b.position);
        assert_eq!(a.path.as_deref(), Some(file.as_path()));
        assert!(a.dirty() && a.recovery.is_none());
        assert_eq!(recovery::find_in(&crash), None);
        // Saving clears the star.
        a.save();
        assert!(!a.dirty(), "{:?}", a.banner);
        assert_eq!(Scene::load(&file).unwrap().b.position, edited.b.position);

        // Discard: the scene on screen stays, the recovery file is gone.
        recovery::write_in(&crash, &edited, None, "boom").unwrap();
        let mut b = app();
        let before = b.scene.clone();
        b.offer_recovery(recovery::find_in(&crash));
        b.apply(panels::Command::Recovery(false));
        assert_eq!(b.scene, before);
        assert!(!b.dirty() && b.recovery.is_none());
        assert_eq!(recovery::find_in(&crash), None);

        // Restoring a built-in scene (no file): unsaved even though it equals nothing on disk.
        recovery::write_in(&crash, &before, None, "boom").unwrap();
        let mut c = app();
        c.offer_recovery(recovery::find_in(&crash));
        c.apply(panels::Command::Recovery(true));
        assert!(c.dirty() && c.path.is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn saving_the_built_in_scene_asks_for_a_path() {
        let mut a = app();
        a.save();
        assert!(a.banner.is_some());
    }
}

//! The egui side: the banner for errors, the side panel (scene, demo, steps, read-outs,
//! legend, the bodies' numbers), the help window.
//!
//! Panels read the app and return [`Command`]s that the app applies after the panel is drawn,
//! so nothing changes under the panel while it is being laid out. Numeric fields edit a copy of
//! the scene; a changed copy comes back as one [`Command::Edit`].

use super::canvas::{displayable, egui_color};
use super::command::Command;
use super::host::{Kind, Listing};
use super::playback::{MAX_SPEED, MIN_SPEED};
use super::{shape_edit, App, Pending};
use crate::figure::compare::Answer;
use crate::figure::{common, Cell, Figure, Plot, Table};
use crate::geometry::{DVec2, Source};
use crate::scene::{Body, Demo, ShapeSpec};
use crate::view::convention::Convention;
use egui_macroquad::egui;
use std::path::PathBuf;

/// Width of the side panel at start, points.
pub const PANEL_WIDTH: f32 = 330.0;
/// The widths the person can drag the side panel to, points: its content wraps or scrolls
/// inside, so it keeps the width it is given (a long read-out never pushes the panes aside).
const PANEL_WIDTHS: std::ops::RangeInclusive<f32> = 220.0..=640.0;
/// The most of the window's width the side panel takes, and of its height the iterations
/// strip: on a small screen or with presentation mode's larger text, the panes keep the room.
const PANEL_MOST_SHARE: f32 = 0.3;
const STRIP_MOST_SHARE: f32 = 0.3;
/// The least height of the iterations strip, points.
const STRIP_LEAST: f32 = 90.0;
/// Share of the side panel's width that a read-out's name may take; its value wraps in the
/// rest.
const READOUT_NAME_SHARE: f32 = 0.42;
/// The side panel's id.
const SIDE: &str = "side";
/// The demo list's width: the longest demo title fits.
const DEMO_LIST_WIDTH: f32 = 260.0;
/// The demo list's most height: room for every demo, so none hides below the fold (egui's
/// default, 200 pixels, hid the last two, and its popup does not scroll with the wheel).
const DEMO_LIST_HEIGHT: f32 = Demo::ALL.len() as f32 * 26.0;
/// Banner colours: a light red with dark red text.
const BANNER_FILL: egui::Color32 = egui::Color32::from_rgb(253, 226, 226);
const BANNER_TEXT: egui::Color32 = egui::Color32::from_rgb(150, 20, 20);

/// Every control, for the help window: (control, what it does).
pub const CONTROLS: &[(&str, &str)] = &[
    ("Left-drag a body (world)", "move it"),
    (
        "Left-drag the small circle",
        "rotate the body (Shift: 15° steps)",
    ),
    ("Left-drag an arrow tip / square", "set the body's velocity"),
    (
        "Left-drag the diamond (\u{3c9})",
        "set how far the body turns over the motion (Shift: 15° steps)",
    ),
    (
        "Left-drag a polygon's small square",
        "move that vertex (click: select it)",
    ),
    ("Double-click a polygon's outline", "add a vertex there"),
    ("Delete or Backspace", "remove the selected vertex"),
    (
        "Left-drag in configuration space",
        "move B (A when it shows A − B): the MD follows the mouse",
    ),
    ("M", "show configuration space as B − A or as A − B"),
    ("Right- or middle-drag", "pan the pane"),
    ("Mouse wheel", "zoom at the cursor"),
    ("Drag the line between panes", "move the split"),
    ("F", "fit both panes to their content"),
    ("Left / Right arrow", "previous / next step"),
    ("Home / End", "first / last step"),
    ("Space", "play / pause the steps"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z or Ctrl+Y", "redo"),
    ("Ctrl+S", "save to the scene's file"),
    ("Ctrl+O", "type a scene file's path to open (Enter opens)"),
    (
        "Ctrl+E / Ctrl+Shift+E",
        "export the view as PNG / as SVG, beside the scene file",
    ),
    (
        "Panel: Export",
        "the view as PNG or SVG, the iteration table as CSV",
    ),
    ("Drop a .json file on the window", "open it"),
    (
        "Panel: Scenes",
        "the scene files beside the open one; click to open",
    ),
    (
        "Panel: Compare methods",
        "every method's answer, disagreements marked",
    ),
    ("Panel: Iterations", "click a row to show that step"),
    (
        "Panel: shape",
        "switch circle / box / polygon / capsule, or make a regular n-gon",
    ),
    ("F1 or ?", "show / hide this help"),
    (
        "P",
        "presentation mode: larger text, lines and handles, for a projector",
    ),
    ("Panel: Demo", "pick what to show"),
    ("Panel: numbers", "drag or type; each edit is one undo step"),
    ("Panel: Save as", "save under another path"),
    (
        "Window title",
        "fixed at start; the panel title shows * while unsaved",
    ),
    (
        "Closing the window",
        "asks first when there are unsaved changes",
    ),
    (
        "Unsaved changes: Enter / D / Esc",
        "save / don't save / cancel",
    ),
    (
        "The open file changes on disk",
        "reloaded (your unsaved edits are never replaced)",
    ),
    ("Esc", "closes this help"),
];

/// The most warnings the panel lists (a cloud of 100,000 points has a warning for each point
/// inside its hull; laying out all of them would cost every frame).
pub const MAX_SHOWN_WARNINGS: usize = 12;

/// How often the scene browser reads its folder again while shown, seconds.
pub const BROWSER_REFRESH_SECONDS: f64 = 3.0;

/// The panel's own widget state: what is being typed in its fields, and the scene browser's
/// list (read again every [`BROWSER_REFRESH_SECONDS`] while shown).
#[derive(Clone, Debug, Default)]
pub(super) struct PanelState {
    save_as: String,
    /// The path typed under "Open".
    open_path: String,
    /// The open field takes the keyboard on the panel's next frame (Ctrl+O).
    pub(super) focus_open: bool,
    /// When the browser's list was read (egui's clock, seconds), and the list.
    browser: Option<(f64, Listing)>,
    /// egui's zoom when the side panel was last laid out (presentation mode's is larger).
    zoom: f32,
}

impl PanelState {
    pub(super) fn new(path: Option<&std::path::Path>) -> PanelState {
        let mut p = PanelState {
            save_as: "scenes/untitled.json".into(),
            ..PanelState::default()
        };
        p.scene_changed(path);
        p
    }

    /// Another scene (or file) is shown: "Save as" offers its file, the browser reads its
    /// folder again.
    pub(super) fn scene_changed(&mut self, path: Option<&std::path::Path>) {
        if let Some(p) = path {
            self.save_as = p.display().to_string();
        }
        self.browser = None;
    }
}

/// The panels for this frame, read from `app`; what the person asked for comes back as
/// commands. `panel` is the panel's own state.
pub(super) fn show(ctx: &egui::Context, app: &App, panel: &mut PanelState) -> Vec<Command> {
    let mut out = Vec::new();
    if let Some(msg) = &app.dialogs.banner {
        egui::TopBottomPanel::top("banner")
            .frame(egui::Frame::new().fill(BANNER_FILL).inner_margin(8.0))
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    if ui.button("Dismiss").clicked() {
                        out.push(Command::DismissBanner);
                    }
                    ui.label(egui::RichText::new(msg).color(BANNER_TEXT).strong());
                });
            });
    }
    let screen = ctx.screen_rect().size();
    // The panels are not filled: their colour is the window's (see `App::frame`), which the
    // window's clear paints for next to nothing. With software GL (Mesa's llvmpipe, what a VM
    // or a remote desktop gives) a fill of the side panel and the strip cost about a tenth of
    // the frame of two 1,000-gons, opaque, and four times that blended and textured by egui.
    let frame = egui::Frame::side_top_panel(&ctx.style()).fill(egui::Color32::TRANSPARENT);
    let widest = (screen.x * PANEL_MOST_SHARE).clamp(*PANEL_WIDTHS.start(), *PANEL_WIDTHS.end());
    // Into or out of presentation mode (once egui's zoom has followed), the side panel starts
    // again from its default width: egui keeps its width in points, and presentation mode's
    // larger points cap it lower, which would otherwise leave it narrow when the mode is left.
    if panel.zoom != ctx.zoom_factor() {
        panel.zoom = ctx.zoom_factor();
        ctx.data_mut(|d| d.remove::<egui::containers::panel::PanelState>(egui::Id::new(SIDE)));
    }
    egui::SidePanel::left(SIDE)
        .frame(frame)
        .resizable(true)
        .default_width(PANEL_WIDTH.min(widest))
        .width_range(*PANEL_WIDTHS.start()..=widest)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    // Everything inside wraps at the panel's width (wide tables scroll in
                    // their own area), so the panel never grows with its widest line.
                    ui.set_max_width(ui.available_width());
                    side(ui, app, panel, &mut out)
                });
        });
    // The iterations of a traced demo: a strip under the panes, plot on the left, table on the
    // right, both following the step.
    if let Some(table) = app
        .demo_figure()
        .filter(|f| f.steps > 1)
        .and_then(|f| f.table.as_ref())
    {
        let tallest = (screen.y * STRIP_MOST_SHARE).max(STRIP_LEAST);
        egui::TopBottomPanel::bottom("iterations")
            .frame(frame)
            .resizable(true)
            .default_height(ITERATIONS_HEIGHT.min(tallest))
            .height_range(STRIP_LEAST..=tallest)
            .show(ctx, |ui| {
                iterations(ui, app.playback.step, table, app.picture, &mut out)
            });
    }
    let mut open = app.dialogs.help;
    egui::Window::new("Controls")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_pos(egui::pos2(PANEL_WIDTH + 60.0, 60.0))
        .show(ctx, |ui| {
            egui::Grid::new("controls").striped(true).show(ui, |ui| {
                for &(k, v) in CONTROLS {
                    ui.label(egui::RichText::new(k).strong());
                    ui.label(v);
                    ui.end_row();
                }
            });
        });
    if open != app.dialogs.help
        || (app.dialogs.help && ctx.input(|i| i.key_pressed(egui::Key::Escape)))
    {
        out.push(Command::Help);
    }
    if let Some(p) = &app.dialogs.pending {
        unsaved_prompt(ctx, app, p, &mut out);
    }
    if let Some(found) = &app.dialogs.recovery {
        recovery_prompt(ctx, found, &mut out);
    }
    out
}

/// The offer, at start, of the scene kept when the program last stopped on an error.
fn recovery_prompt(ctx: &egui::Context, found: &super::recovery::Found, out: &mut Vec<Command>) {
    egui::Window::new("Restore unsaved work?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.label(displayable(&found.question()));
            ui.horizontal(|ui| {
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Restore (Enter)").clicked() || enter {
                    out.push(Command::Recovery(true));
                }
                if ui.button("Discard").clicked() {
                    out.push(Command::Recovery(false));
                }
            });
        });
}

fn side(ui: &mut egui::Ui, app: &App, panel: &mut PanelState, out: &mut Vec<Command>) {
    if app.picture {
        picture_side(ui, app);
        return;
    }
    ui.heading(displayable(&app.doc.title()));
    let file = match (&app.doc.path, app.host.kind()) {
        (Some(p), _) => p.display().to_string(),
        (None, Kind::Desktop) => "built-in scene (no file)".into(),
        (None, Kind::Browser) => "no file yet: Save downloads one".into(),
    };
    ui.label(egui::RichText::new(file).small().weak());
    scene_notes(ui, app);
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(app.doc.history.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            out.push(Command::Undo);
        }
        if ui
            .add_enabled(app.doc.history.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            out.push(Command::Redo);
        }
        if ui.button("Save").clicked() {
            out.push(Command::Save);
        }
        if app.host.kind() == Kind::Browser
            && ui
                .button("Copy link")
                .on_hover_text(
                    "a link that opens this scene as it is shown now (also in the address bar)",
                )
                .clicked()
        {
            out.push(Command::CopyLink);
        }
        if ui.button("Fit (F)").clicked() {
            out.push(Command::Fit);
        }
        if ui.button("Help (F1)").clicked() {
            out.push(Command::Help);
        }
        if ui
            .selectable_label(app.presenting(), "Present (P)")
            .on_hover_text("larger text, lines and handles, for a projector")
            .clicked()
        {
            out.push(Command::Present);
        }
    });
    export_buttons(ui, app, out);
    if !app.dialogs.status.is_empty() {
        ui.label(egui::RichText::new(&app.dialogs.status).weak());
    }
    ui.separator();

    if app.host.kind() == Kind::Browser {
        scene_menu(ui, app, panel, out);
    }
    let mut demo = app.playback.demo;
    labelled_list(ui, "Demo", demo.title(), |ui| {
        for d in Demo::ALL {
            ui.selectable_value(&mut demo, d, d.title())
                .on_hover_text(format!("{} ({})", d.article(), d.as_str()));
        }
    });
    if demo != app.playback.demo {
        out.push(Command::Demo(demo));
    }
    ui.label(egui::RichText::new(format!("Recreates {}", demo.article())).small());
    ui.add_space(2.0);
    ui.label(egui::RichText::new("What you are looking at").strong());
    ui.label(demo.looking_at());
    convention(ui, app, out);

    if let Some(Err(e)) = app.figure_result() {
        ui.colored_label(BANNER_TEXT, e);
    }
    let warnings = app.warnings();
    let warning_color = egui::Color32::from_rgb(160, 100, 0);
    for w in warnings.iter().take(MAX_SHOWN_WARNINGS) {
        ui.colored_label(warning_color, w);
    }
    if warnings.len() > MAX_SHOWN_WARNINGS {
        ui.colored_label(
            warning_color,
            format!(
                "... and {} more warnings of the same kinds",
                warnings.len() - MAX_SHOWN_WARNINGS
            ),
        );
    }
    if let Some(demo) = app.demo_figure().filter(|f| f.steps > 1) {
        steps(ui, app, demo, out);
    }
    motion(ui, app, out);
    if let Some(fig) = app.figure() {
        readouts(ui, fig);
        legend(ui, fig);
        link_note(ui, app);
        handles_note(ui, app);
    }
    egui::CollapsingHeader::new("Compare methods")
        .id_salt("compare")
        .show(ui, |ui| comparison(ui, app));
    ui.separator();
    bodies(ui, app, out);
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("Save as");
        ui.add(egui::TextEdit::singleline(&mut panel.save_as).desired_width(field_width(ui)));
        if ui.button("Save").clicked() && !panel.save_as.trim().is_empty() {
            out.push(Command::SaveAs(PathBuf::from(panel.save_as.trim())));
        }
    });
    open_file(ui, app, panel, out);
    if app.host.kind() == Kind::Desktop {
        egui::CollapsingHeader::new("Scenes")
            .id_salt("browser")
            .default_open(app.doc.path.is_some())
            .show(ui, |ui| browser(ui, app, panel, out));
    }
    if !app.picture {
        egui::CollapsingHeader::new("Debug")
            .id_salt("debug")
            .show(ui, |ui| debug(ui, app));
    }
}

/// The side panel of a picture (`render`): what a slide needs, nothing to click. What the
/// figure shows comes first (the demo, the step, the read-outs, the legend), the teaching text
/// after it, so that on a small picture the text is what runs off the bottom.
fn picture_side(ui: &mut egui::Ui, app: &App) {
    ui.heading(displayable(&app.doc.title()));
    let demo = app.playback.demo;
    ui.label(egui::RichText::new(demo.title()).strong());
    ui.label(egui::RichText::new(format!("Recreates {}", demo.article())).small());
    if let Some(note) = app.convention().note() {
        ui.add(egui::Label::new(egui::RichText::new(note).small()).wrap());
    }
    if let Some(Err(e)) = app.figure_result() {
        ui.colored_label(BANNER_TEXT, e);
    }
    if let Some(fig) = app.figure() {
        if let Some(t) = app.playback.time {
            ui.separator();
            ui.label(egui::RichText::new(format!("The motion at t = {}", common::num(t))).strong());
        } else if fig.steps > 1 {
            ui.separator();
            ui.label(
                egui::RichText::new(format!("Step {} of {}", fig.step + 1, fig.steps)).strong(),
            );
        }
        readouts(ui, fig);
        legend(ui, fig);
    }
    ui.separator();
    scene_notes(ui, app);
    ui.add_space(4.0);
    ui.label(egui::RichText::new("What you are looking at").strong());
    ui.label(match app.playback.time {
        Some(_) => crate::figure::moment::LOOKING_AT,
        None => demo.looking_at(),
    });
}

/// The scene's own description. It is written for the scene's demo: under another demo it
/// would name marks no longer drawn, so it folds away under a header that says which demo it
/// belongs to.
fn scene_notes(ui: &mut egui::Ui, app: &App) {
    let Some(d) = &app.doc.scene.description else {
        return;
    };
    ui.add_space(4.0);
    let own = app.doc.scene.demo;
    if app.playback.demo == own {
        ui.label(displayable(d));
    } else {
        egui::CollapsingHeader::new(format!(
            "Scene notes, written for \u{201c}{}\u{201d}",
            own.title()
        ))
        .id_salt("scene-notes")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(egui::RichText::new(displayable(d)).weak())
        });
    }
}

/// What a developer looks at, not a student: how long frames and figure builds take.
fn debug(ui: &mut egui::Ui, app: &App) {
    egui::Grid::new("debug").num_columns(2).show(ui, |ui| {
        ui.label("frame time (smoothed)");
        ui.monospace(format!("{:.1} ms", app.stats.frame_ms));
        ui.end_row();
        ui.label("last figure build");
        ui.monospace(format!("{:.2} ms", app.stats.figure_ms));
        ui.end_row();
    });
}

/// "Export": the view as PNG (Ctrl+E) or SVG (Ctrl+Shift+E), the iteration table as CSV, each
/// beside the scene file (the status line says where).
fn export_buttons(ui: &mut egui::Ui, app: &App, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Export");
        if ui
            .button("PNG")
            .on_hover_text(format!(
                "the window as it is now (Ctrl+E), to {}",
                app.export_place("png", true)
            ))
            .clicked()
        {
            out.push(Command::ExportPng);
        }
        if ui
            .button("SVG")
            .on_hover_text(format!(
                "the panes, read-outs and legend as SVG (Ctrl+Shift+E), to {}",
                app.export_place("svg", true)
            ))
            .clicked()
        {
            out.push(Command::ExportSvg);
        }
        let table = app.demo_figure().and_then(|f| f.table.as_ref()).is_some();
        if ui
            .add_enabled(table, egui::Button::new("CSV"))
            .on_hover_text(format!(
                "the iteration table, one row per iteration, to {}",
                app.export_place("csv", false)
            ))
            .on_disabled_hover_text("this demo has no iteration table")
            .clicked()
        {
            out.push(Command::ExportCsv);
        }
    });
}

/// Room a button after a text field takes, points.
const FIELD_BUTTON_ROOM: f32 = 56.0;

/// A text field's width in a row that ends with a button: what the panel leaves.
fn field_width(ui: &egui::Ui) -> f32 {
    (ui.available_width() - FIELD_BUTTON_ROOM).max(FIELD_BUTTON_ROOM)
}

/// The timeline's height, and its margin at each end (so that `t = 0` and `t = 1` can be
/// grabbed), points.
const TIMELINE_HEIGHT: f32 = 30.0;
const TIMELINE_MARGIN: f32 = 8.0;
/// How near (points) the pointer must come to a step's tick on the timeline to show that step.
const TICK_SNAP: f32 = 5.0;

/// The motion of a scene that moves: a timeline over `t ∈ [0, 1]`, the first contact and the
/// demo's steps (a cast's iterations, the frames) as ticks. Dragging along it shows the bodies
/// and their difference at that moment; onto a step's tick, that step. Play runs the motion.
fn motion(ui: &mut egui::Ui, app: &App, out: &mut Vec<Command>) {
    if !app.doc.scene.has_motion() {
        return;
    }
    ui.separator();
    let p = &app.playback;
    let times = app
        .demo_figure()
        .and_then(|f| f.step_times.clone())
        .unwrap_or_default();
    let first = app.first_contact();
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Motion").strong());
        let play = if p.time_playing { "Pause" } else { "Play" };
        if ui
            .button(play)
            .on_hover_text("run through the motion, t from 0 to 1")
            .clicked()
        {
            out.push(Command::ToggleTime);
        }
        if p.time.is_some()
            && ui
                .button("Back to the steps")
                .on_hover_text("show the demo's step again")
                .clicked()
        {
            out.push(Command::Time(None));
        }
        if let Some(t) = p.time {
            ui.monospace(format!("t = {}", common::num(t)));
        }
    });
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), TIMELINE_HEIGHT),
        egui::Sense::click_and_drag(),
    );
    let inner = rect.shrink2(egui::vec2(TIMELINE_MARGIN, 0.0));
    let x_of = |t: f64| inner.left() + inner.width() * t.clamp(0.0, 1.0) as f32;
    let y = rect.center().y;
    let painter = ui.painter_at(rect);
    let text = egui_color(crate::palette::TEXT);
    painter.line_segment(
        [egui::pos2(inner.left(), y), egui::pos2(inner.right(), y)],
        (2.0, egui_color(crate::palette::AXES)),
    );
    for (t, name) in [(0.0, "0"), (1.0, "1")] {
        painter.text(
            egui::pos2(x_of(t), y + 5.0),
            egui::Align2::CENTER_TOP,
            name,
            egui::FontId::monospace(9.0),
            text,
        );
    }
    for (k, t) in times.iter().enumerate() {
        let (h, w) = if p.time.is_none() && k == p.step {
            (7.0, 2.5)
        } else {
            (4.0, 1.0)
        };
        painter.line_segment(
            [egui::pos2(x_of(*t), y - h), egui::pos2(x_of(*t), y + h)],
            (w, text),
        );
    }
    if let Some(t) = first {
        painter.line_segment(
            [egui::pos2(x_of(t), y - 10.0), egui::pos2(x_of(t), y + 10.0)],
            (2.5, egui_color(crate::palette::HIT_POSE)),
        );
    }
    // The moment shown: a filled handle; a step of the demo at its time: a hollow one.
    let shown = p.time.map(|t| (t, true)).or_else(|| {
        times
            .get(p.step)
            .copied()
            .filter(|_| times.len() > 1)
            .map(|t| (t, false))
    });
    if let Some((t, moment)) = shown {
        let at = egui::pos2(x_of(t), y);
        if moment {
            painter.circle_filled(at, 6.0, text);
        } else {
            painter.circle_stroke(at, 6.0, (2.0, text));
        }
    }
    // Dragging (or clicking) along the line: a step's tick nearby shows that step, else the
    // moment under the pointer.
    if response.dragged() || response.clicked() {
        if let Some(pos) = response.interact_pointer_pos() {
            let t = (((pos.x - inner.left()) / inner.width()) as f64).clamp(0.0, 1.0);
            let near = times
                .iter()
                .enumerate()
                .map(|(k, s)| (k, (x_of(*s) - pos.x).abs()))
                .filter(|(_, d)| *d <= TICK_SNAP)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            match near {
                Some((k, _)) if p.time.is_some() || k != p.step => out.push(Command::Step(k)),
                Some(_) => {}
                None if p.time != Some(t) => out.push(Command::Time(Some(t))),
                None => {}
            }
        }
    }
    response.on_hover_text(
        "drag through the motion: the bodies and B \u{2212} A at that moment; the ticks are \
         the demo's steps (drop on one to see it), pink the first contact",
    );
    let contact = match first {
        Some(t) => format!("first contact at t = {}", common::num(t)),
        None => "no contact before t = 1".to_string(),
    };
    let ticks = if times.len() > 1 {
        format!("; ticks: the {} steps", times.len())
    } else {
        String::new()
    };
    ui.label(
        egui::RichText::new(format!("{contact}{ticks}"))
            .small()
            .weak(),
    );
}

/// Which way configuration space is shown, B − A or A − B (M switches), and what changed sign.
fn convention(ui: &mut egui::Ui, app: &App, out: &mut Vec<Command>) {
    let now = app.convention();
    ui.horizontal_wrapped(|ui| {
        ui.label("Configuration space as");
        for (c, hover) in [
            (
                Convention::BMinusA,
                "B \u{2212} A: the first article's and this program's (files and report)",
            ),
            (
                Convention::AMinusB,
                "A \u{2212} B: the point-cloud article's, parry's and most GJK texts'",
            ),
        ] {
            if ui
                .selectable_label(now == c, c.difference())
                .on_hover_text(hover)
                .clicked()
                && now != c
            {
                out.push(Command::Convention(c));
            }
        }
        ui.label(egui::RichText::new("(M)").weak());
    });
    if let Some(note) = now.note() {
        ui.add(egui::Label::new(egui::RichText::new(note).small()).wrap());
    }
}

/// "Open": a path field (Ctrl+O focuses it; Enter opens); in a browser, its file picker.
fn open_file(ui: &mut egui::Ui, app: &App, panel: &mut PanelState, out: &mut Vec<Command>) {
    if app.host.kind() == Kind::Browser {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Open file\u{2026}")
                .on_hover_text("a scene file (.json) of yours (Ctrl+O)")
                .clicked()
            {
                out.push(Command::PickFile);
            }
            ui.label(
                egui::RichText::new("or drop one on the page")
                    .small()
                    .weak(),
            );
        });
        return;
    }
    ui.horizontal(|ui| {
        ui.label("Open");
        let field = ui.add(
            egui::TextEdit::singleline(&mut panel.open_path)
                .hint_text("path/to/scene.json")
                .desired_width(field_width(ui)),
        );
        if panel.focus_open {
            field.request_focus();
            panel.focus_open = false;
        }
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button("Open").clicked() || enter) && !panel.open_path.trim().is_empty() {
            out.push(Command::Open(PathBuf::from(panel.open_path.trim())));
        }
    });
}

/// Reads the scene list again when it is older than [`BROWSER_REFRESH_SECONDS`].
fn refresh_listing(ui: &egui::Ui, app: &App, panel: &mut PanelState) {
    let now = ui.input(|i| i.time);
    let stale = panel
        .browser
        .as_ref()
        .is_none_or(|(read, _)| now - read >= BROWSER_REFRESH_SECONDS);
    if stale {
        let known = panel
            .browser
            .take()
            .map(|(_, l)| l.entries)
            .unwrap_or_default();
        panel.browser = Some((now, app.host.list(app.doc.path.as_deref(), &known)));
    }
}

/// The scene browser: the `*.json` files beside the open one (or in `scenes/`), by title.
fn browser(ui: &mut egui::Ui, app: &App, panel: &mut PanelState, out: &mut Vec<Command>) {
    refresh_listing(ui, app, panel);
    let Some((_, listing)) = &panel.browser else {
        return;
    };
    ui.label(egui::RichText::new(&listing.place).small().weak());
    scene_entries(ui, app, listing, out);
}

/// In a browser: a menu of the scenes shipped with the page, at the top of the panel.
fn scene_menu(ui: &mut egui::Ui, app: &App, panel: &mut PanelState, out: &mut Vec<Command>) {
    refresh_listing(ui, app, panel);
    let Some((_, listing)) = &panel.browser else {
        return;
    };
    labelled_list(ui, "Scene", displayable(&app.doc.scene.title), |ui| {
        scene_entries(ui, app, listing, out)
    })
    .on_hover_text(format!("one of {}", listing.place));
}

/// A drop-down list showing `selected`, and its `label` after it, in a row no wider than the
/// panel: the list takes the room the label leaves (at most [`DEMO_LIST_WIDTH`]) and cuts a
/// selected title too long for it short. (egui's own labelled list cuts its text only at the
/// whole row's width, and a long title, in presentation mode's larger text, pushed the label
/// and everything the panel lays out after it past the panel's edge.)
fn labelled_list(
    ui: &mut egui::Ui,
    label: &str,
    selected: impl Into<egui::WidgetText>,
    contents: impl FnOnce(&mut egui::Ui),
) -> egui::Response {
    ui.horizontal(|ui| {
        let font = egui::TextStyle::Body.resolve(ui.style());
        let label_width = ui.fonts(|f| {
            f.layout_no_wrap(label.to_owned(), font, egui::Color32::PLACEHOLDER)
                .size()
                .x
        });
        let room = ui.available_width() - label_width - ui.spacing().item_spacing.x;
        let width = room.min(DEMO_LIST_WIDTH).max(ui.spacing().interact_size.x);
        let list = ui
            .scope(|ui| {
                ui.set_max_width(width);
                egui::ComboBox::from_id_salt(label)
                    .selected_text(selected)
                    .width(width)
                    .height(DEMO_LIST_HEIGHT)
                    .truncate()
                    .show_ui(ui, contents)
                    .response
            })
            .inner;
        ui.label(label);
        list
    })
    .inner
}

/// The scenes of `listing`, one button each (the open one marked); a broken file greyed, its
/// error on hover.
fn scene_entries(ui: &mut egui::Ui, app: &App, listing: &Listing, out: &mut Vec<Command>) {
    if listing.entries.is_empty() {
        ui.label("No scene files here.");
    }
    for e in &listing.entries {
        let current = app.doc.path.as_deref() == Some(e.path.as_path());
        let text = displayable(&e.title);
        let response = match &e.error {
            Some(err) => ui
                .add_enabled(false, egui::Button::new(text))
                .on_disabled_hover_text(err.as_str()),
            None => ui
                .selectable_label(current, text)
                .on_hover_text(e.path.display().to_string()),
        };
        if response.clicked() && !current {
            out.push(Command::Open(e.path.clone()));
        }
    }
}

/// The question before an action that would lose unsaved changes. Keys answer it too (unless a
/// text field has the keyboard): Enter saves (when the scene has a file), D does not save,
/// Esc cancels.
fn unsaved_prompt(ctx: &egui::Context, app: &App, p: &Pending, out: &mut Vec<Command>) {
    let what = match p {
        Pending::Open(path) => format!("open {}", path.display()),
        Pending::Link(_) => "open the scene of the link".into(),
        Pending::Quit => "close the window".into(),
    };
    let can_save = app.save_path().is_some();
    if !ctx.wants_keyboard_input() {
        use egui::{Key, Modifiers};
        let (save, dont, cancel) = ctx.input_mut(|i| {
            (
                can_save && i.consume_key(Modifiers::NONE, Key::Enter),
                i.consume_key(Modifiers::NONE, Key::D),
                i.consume_key(Modifiers::NONE, Key::Escape),
            )
        });
        if save {
            out.push(Command::Answer {
                save_first: true,
                go_on: true,
            });
        } else if dont {
            out.push(Command::Answer {
                save_first: false,
                go_on: true,
            });
        } else if cancel {
            out.push(Command::Answer {
                save_first: false,
                go_on: false,
            });
        }
    }
    egui::Window::new("Unsaved changes")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(format!(
                "\"{}\" has changes that are not saved. Save them before you {what}?",
                displayable(&app.doc.scene.title)
            ));
            ui.horizontal(|ui| {
                if can_save && ui.button("Save").on_hover_text("Enter").clicked() {
                    out.push(Command::Answer {
                        save_first: true,
                        go_on: true,
                    });
                }
                if ui.button("Don't save").on_hover_text("D").clicked() {
                    out.push(Command::Answer {
                        save_first: false,
                        go_on: true,
                    });
                }
                if ui.button("Cancel").on_hover_text("Esc").clicked() {
                    out.push(Command::Answer {
                        save_first: false,
                        go_on: false,
                    });
                }
            });
            let keys = if can_save {
                "Enter: save \u{b7} D: don't save \u{b7} Esc: cancel"
            } else {
                "D: don't save \u{b7} Esc: cancel"
            };
            ui.label(egui::RichText::new(keys).small().weak());
        });
}

fn steps(ui: &mut egui::Ui, app: &App, fig: &Figure, out: &mut Vec<Command>) {
    ui.separator();
    let last = fig.steps - 1;
    ui.label(
        egui::RichText::new(format!("Step {} of {}", app.playback.step + 1, fig.steps)).strong(),
    );
    ui.horizontal(|ui| {
        if ui.button("|<").on_hover_text("first (Home)").clicked() {
            out.push(Command::Step(0));
        }
        if ui
            .button("<")
            .on_hover_text("previous (Left arrow)")
            .clicked()
        {
            out.push(Command::Step(app.playback.step.saturating_sub(1)));
        }
        let play = if app.playback.playing {
            "Pause"
        } else {
            "Play"
        };
        if ui.button(play).on_hover_text("Space").clicked() {
            out.push(Command::TogglePlay);
        }
        if ui.button(">").on_hover_text("next (Right arrow)").clicked() {
            out.push(Command::Step((app.playback.step + 1).min(last)));
        }
        if ui.button(">|").on_hover_text("last (End)").clicked() {
            out.push(Command::Step(last));
        }
    });
    // The slider counts from 1, as the "Step n of m" line does.
    let mut s = app.playback.step + 1;
    if ui
        .add(egui::Slider::new(&mut s, 1..=fig.steps).text("step"))
        .changed()
    {
        out.push(Command::Step(s - 1));
    }
    let mut speed = app.playback.speed;
    if ui
        .add(
            egui::Slider::new(&mut speed, MIN_SPEED..=MAX_SPEED)
                .logarithmic(true)
                .text("steps/s"),
        )
        .changed()
    {
        out.push(Command::Speed(speed));
    }
}

fn readouts(ui: &mut egui::Ui, fig: &Figure) {
    if fig.readouts.is_empty() {
        return;
    }
    ui.separator();
    // Names and values wrap within their columns, so the panel keeps its width; rows striped.
    let stripe = ui.visuals().faint_bg_color;
    for (i, r) in fig.readouts.iter().enumerate() {
        let fill = if i % 2 == 1 {
            stripe
        } else {
            egui::Color32::TRANSPARENT
        };
        egui::Frame::new().fill(fill).show(ui, |ui| {
            ui.horizontal_top(|ui| {
                let name_width = ui.available_width() * READOUT_NAME_SHARE;
                ui.allocate_ui(egui::vec2(name_width, 0.0), |ui| {
                    ui.set_width(name_width);
                    ui.add(egui::Label::new(displayable(&r.name)).wrap());
                });
                let value = egui::RichText::new(displayable(&r.value)).monospace();
                ui.add(egui::Label::new(value).wrap());
            });
        });
    }
}

/// The feature of the linked panes highlighted, in words; else how to link them.
fn link_note(ui: &mut egui::Ui, app: &App) {
    let link = app.link();
    let text = match (link.pinned, link.shown()) {
        (Some(f), _) => format!("Pinned: {} (Esc or a click on it unpins).", f.words()),
        (None, Some(f)) => format!("Pointing at {} (click to pin).", f.words()),
        (None, None) => "Point at a vertex or an edge in either pane to see what made it in \
                         the other."
            .to_string(),
    };
    ui.add(egui::Label::new(egui::RichText::new(text).small().weak()).wrap());
}

/// What the handles drawn in the world are, when a body shows them; else how to show them.
fn handles_note(ui: &mut egui::Ui, app: &App) {
    let shown: Vec<&str> = [(Source::A, "A"), (Source::B, "B")]
        .into_iter()
        .filter(|(w, _)| app.handles_shown(*w))
        .map(|(_, name)| name)
        .collect();
    let text = if shown.is_empty() {
        "Point at a body in the world to show its handles.".to_string()
    } else {
        format!(
            "{}'s handles: the small circle turns it, the arrow (or square, at rest) sets its \
             velocity, the diamond how far it turns over the motion, a polygon's squares move \
             its corners.",
            shown.join(" and ")
        )
    };
    ui.add(egui::Label::new(egui::RichText::new(text).small().weak()).wrap());
}

fn legend(ui: &mut egui::Ui, fig: &Figure) {
    if fig.legend.is_empty() {
        return;
    }
    ui.separator();
    for e in &fig.legend {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, egui_color(e.color));
            ui.add(egui::Label::new(displayable(&e.meaning)).wrap());
        });
    }
}

/// One number field; returns whether it changed.
fn number(ui: &mut egui::Ui, value: &mut f64, speed: f64, suffix: &str) -> bool {
    ui.add(
        egui::DragValue::new(value)
            .speed(speed)
            .max_decimals(4)
            .suffix(suffix),
    )
    .changed()
}

fn vector(ui: &mut egui::Ui, v: &mut DVec2, speed: f64) -> bool {
    let a = number(ui, &mut v.x, speed, "");
    let b = number(ui, &mut v.y, speed, "");
    a || b
}

/// The shape's type and sizes. A polygon lists its vertices (up to [`LISTED_VERTICES`]) and
/// offers a regular n-gon of its current size.
fn shape_fields(ui: &mut egui::Ui, id: &str, shape: &mut ShapeSpec) {
    let mut kind = shape.type_name();
    ui.horizontal(|ui| {
        ui.label("shape");
        egui::ComboBox::from_id_salt(format!("{id}_type"))
            .selected_text(kind)
            .show_ui(ui, |ui| {
                for t in ShapeSpec::TYPES {
                    ui.selectable_value(&mut kind, t, t);
                }
            });
    });
    if kind != shape.type_name() {
        *shape = shape_edit::switch_type(shape, kind);
    }
    egui::Grid::new(format!("{id}_shape"))
        .num_columns(2)
        .show(ui, |ui| match shape {
            ShapeSpec::Circle { radius } => {
                ui.label("radius");
                number(ui, radius, 0.01, "");
                ui.end_row();
            }
            ShapeSpec::Box { half_extents } => {
                ui.label("half extents");
                ui.horizontal(|ui| vector(ui, half_extents, 0.01));
                ui.end_row();
            }
            ShapeSpec::Capsule {
                half_length,
                radius,
            } => {
                ui.label("half length");
                number(ui, half_length, 0.01, "");
                ui.end_row();
                ui.label("radius");
                number(ui, radius, 0.01, "");
                ui.end_row();
            }
            ShapeSpec::Polygon { vertices, radius } => {
                ui.label("rounding radius");
                number(ui, radius, 0.01, "");
                ui.end_row();
                ui.label("vertices");
                ui.label(vertices.len().to_string());
                ui.end_row();
            }
        });
    if let ShapeSpec::Polygon { vertices, .. } = shape {
        if vertices.len() <= LISTED_VERTICES {
            egui::CollapsingHeader::new("vertex coordinates")
                .id_salt(format!("{id}_vertices"))
                .show(ui, |ui| {
                    for (i, v) in vertices.iter_mut().enumerate() {
                        ui.horizontal(|ui| {
                            ui.label(format!("{i}"));
                            vector(ui, v, 0.01);
                        });
                    }
                });
        }
    }
    let n_id = egui::Id::new(format!("{id}_regular_n"));
    let mut n = ui.data(|d| d.get_temp::<usize>(n_id)).unwrap_or(8);
    ui.horizontal(|ui| {
        if ui
            .button("Regular polygon")
            .on_hover_text("replace the shape by a regular polygon of this many vertices")
            .clicked()
        {
            *shape = shape_edit::regular_polygon(n, shape_edit::reach(shape).max(0.1));
        }
        ui.add(egui::DragValue::new(&mut n).range(3..=shape_edit::MAX_REGULAR_VERTICES));
        ui.label("vertices");
    });
    ui.data_mut(|d| d.insert_temp(n_id, n));
}

/// Polygons with at most this many vertices list them as fields in the panel.
pub const LISTED_VERTICES: usize = 64;

fn body_fields(ui: &mut egui::Ui, id: &str, b: &mut Body) {
    shape_fields(ui, id, &mut b.shape);
    egui::Grid::new(id).num_columns(2).show(ui, |ui| {
        ui.label("position");
        ui.horizontal(|ui| vector(ui, &mut b.position, 0.01));
        ui.end_row();
        ui.label("angle");
        number(ui, &mut b.angle_deg, 0.5, "°");
        ui.end_row();
        ui.label("velocity");
        ui.horizontal(|ui| vector(ui, &mut b.velocity, 0.01));
        ui.end_row();
        ui.label("angular velocity");
        number(ui, &mut b.angular_velocity_deg, 0.5, "°/t");
        ui.end_row();
    });
}

fn bodies(ui: &mut egui::Ui, app: &App, out: &mut Vec<Command>) {
    let mut s = app.doc.scene.clone();
    let red = egui_color(crate::palette::SHAPE_A);
    let green = egui_color(crate::palette::SHAPE_B);
    ui.label(
        egui::RichText::new(format!("A: {}", s.a.shape.type_name()))
            .color(red)
            .strong(),
    );
    body_fields(ui, "body_a", &mut s.a);
    ui.label(
        egui::RichText::new(format!("B: {}", s.b.shape.type_name()))
            .color(green)
            .strong(),
    );
    body_fields(ui, "body_b", &mut s.b);
    ui.label(egui::RichText::new("Settings of the iterative casts").strong());
    egui::Grid::new("settings").num_columns(2).show(ui, |ui| {
        ui.label("tolerance");
        ui.add(
            egui::DragValue::new(&mut s.settings.tolerance)
                .speed(1e-4)
                .range(1e-9..=1.0)
                .max_decimals(9),
        )
        .on_hover_text("distance under which a cast counts as touching");
        ui.end_row();
        ui.label("max iterations");
        ui.add(
            egui::DragValue::new(&mut s.settings.max_iterations)
                .range(1..=crate::scene::MAX_MAX_ITERATIONS),
        );
        ui.end_row();
    });
    if s != app.doc.scene && s.validate().is_ok() {
        out.push(Command::Edit(Box::new(s)));
    }
}

/// Height of the iterations strip under the panes at start, points.
const ITERATIONS_HEIGHT: f32 = 190.0;
/// The plot's share of the strip's width.
const PLOT_SHARE: f32 = 0.4;
/// The plot's floor: distances are drawn as `max(|d|, PLOT_FLOOR)` on the log scale.
const PLOT_FLOOR: f64 = 1e-16;

/// The iteration table (click a row to show that step) and the plot the table asks for, titled
/// with what it plots, the current step marked in both.
/// `picture`: the step's row is scrolled into view every frame (a picture has a few frames
/// while its layout settles), not only when the step changes.
fn iterations(
    ui: &mut egui::Ui,
    step: usize,
    table: &Table,
    picture: bool,
    out: &mut Vec<Command>,
) {
    let height = ui.available_height();
    let plot_width = ui.available_width() * PLOT_SHARE;
    ui.horizontal_top(|ui| {
        if table.plot != Plot::None {
            let top_down = egui::Layout::top_down(egui::Align::Min);
            ui.allocate_ui_with_layout(egui::vec2(plot_width, height), top_down, |ui| {
                ui.label(egui::RichText::new(table.labels.title).strong());
                let axes = (table.labels.x, table.labels.y);
                match table.plot {
                    Plot::None => {}
                    Plot::Cast { distance, t } => cast_plot(ui, step, table, distance, t, axes),
                    Plot::Bounds { lower, upper } => {
                        bounds_plot(ui, step, table, lower, upper, axes)
                    }
                    Plot::Bars(col) => bars_plot(ui, step, table, col, axes),
                    Plot::Counts(col) => counts_plot(ui, step, table, col, axes),
                }
            });
            ui.separator();
        }
        iteration_table(ui, step, table, picture, out);
    });
}

/// The table of iterations, the current row highlighted and scrolled into view; clicking a row
/// shows that step. The header stays in view while the rows scroll under it (both scroll
/// sideways together), so a column never loses its name.
fn iteration_table(
    ui: &mut egui::Ui,
    step: usize,
    table: &Table,
    picture: bool,
    out: &mut Vec<Command>,
) {
    let highlight = ui.visuals().selection.bg_fill;
    let stripe = ui.visuals().faint_bg_color;
    let mono = egui::TextStyle::Monospace.resolve(ui.style());
    let body = egui::TextStyle::Body.resolve(ui.style());
    let measure = |ui: &egui::Ui, text: &str, font: &egui::FontId| {
        ui.fonts(|f| {
            f.layout_no_wrap(text.to_string(), font.clone(), egui::Color32::WHITE)
                .size()
        })
    };
    // Each column as wide as its widest cell or its name.
    let headers: Vec<String> = std::iter::once("#".to_string())
        .chain(table.columns.iter().map(|c| displayable(c)))
        .collect();
    // The cells are monospace: a cell's width is its length in characters times one
    // character's, and the length is known without formatting the cell (laying out, then
    // formatting, every cell of a table of thousands of rows, every frame, took longer than the
    // rest of the frame). Only the rows in view are formatted, below.
    let char_width = measure(ui, "0", &mono).x;
    let mut widths: Vec<f32> = headers.iter().map(|h| measure(ui, h, &body).x).collect();
    let count = table.rows.len();
    widths[0] = widths[0].max(Cell::Index(count).width() as f32 * char_width);
    for row in &table.rows {
        for (w, cell) in widths[1..].iter_mut().zip(row) {
            *w = w.max(cell.width() as f32 * char_width);
        }
    }
    let gap = ui.spacing().item_spacing.x;
    let total: f32 = widths.iter().map(|w| w + gap).sum();
    let row_height = measure(ui, "0", &mono).y.max(measure(ui, "#", &body).y) + 2.0;
    let cell = |ui: &mut egui::Ui, width: f32, label: egui::Label| {
        ui.allocate_ui_with_layout(
            egui::vec2(width, row_height),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_width(width);
                ui.add(label)
            },
        )
        .inner
    };
    egui::ScrollArea::horizontal()
        .id_salt("iterations_sideways")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    for (h, w) in headers.iter().zip(&widths) {
                        cell(ui, *w, egui::Label::new(egui::RichText::new(h).strong()));
                    }
                });
                ui.separator();
                // Only the rows in view are laid out (a table can have thousands). The current
                // row is scrolled into view when the step changes, not every frame (the person
                // may scroll the table meanwhile); in a picture, every frame.
                let pitch = row_height + ui.spacing().item_spacing.y;
                let seen = egui::Id::new("iteration_row_scrolled");
                let mut area = egui::ScrollArea::vertical()
                    .id_salt("iterations")
                    .auto_shrink([false, false]);
                if step < count && (picture || ui.data(|d| d.get_temp::<usize>(seen)) != Some(step))
                {
                    // As little as brings the row into view (none when it is in view).
                    let id = ui.make_persistent_id("iterations");
                    let offset = egui::scroll_area::State::load(ui.ctx(), id)
                        .map_or(0.0, |state| state.offset.y);
                    let (view, row_top) = (ui.available_height(), step as f32 * pitch);
                    let top = if row_top < offset {
                        Some(row_top)
                    } else if row_top + pitch > offset + view {
                        Some(row_top + pitch - view)
                    } else {
                        None
                    };
                    if let Some(top) = top {
                        area = area.vertical_scroll_offset(top.max(0.0));
                    }
                    ui.data_mut(|d| d.insert_temp(seen, step));
                }
                area.show_rows(ui, row_height, count, |ui, shown| {
                    for i in shown {
                        let row: Vec<String> = std::iter::once((i + 1).to_string())
                            .chain(table.rows[i].iter().map(Cell::text))
                            .collect();
                        let current = i == step;
                        let band = egui::Rect::from_min_size(
                            ui.cursor().min,
                            egui::vec2(total, row_height),
                        );
                        if i % 2 == 1 {
                            ui.painter().rect_filled(band, 0.0, stripe);
                        }
                        ui.horizontal(|ui| {
                            for (text, w) in row.iter().zip(&widths) {
                                let rich = egui::RichText::new(text).monospace();
                                let rich = if current {
                                    rich.background_color(highlight)
                                } else {
                                    rich
                                };
                                let label = egui::Label::new(rich).sense(egui::Sense::click());
                                let r = cell(ui, *w, label).on_hover_text("show this step");
                                if r.clicked() {
                                    out.push(Command::Step(i));
                                }
                            }
                        });
                    }
                });
            });
        });
}

/// One line of a plot: for each iteration its height (a value, or its log10 on a log scale) if
/// it has one there, and whether its dot is hollow.
struct PlotLine {
    heights: Vec<Option<f64>>,
    hollow: Vec<bool>,
    color: egui::Color32,
}

impl PlotLine {
    /// A line of `values` as they are, a filled dot each; a value that is not finite is left
    /// out.
    fn filled(values: &[f64], color: egui::Color32) -> PlotLine {
        PlotLine {
            heights: values.iter().map(|v| v.is_finite().then_some(*v)).collect(),
            hollow: vec![false; values.len()],
            color,
        }
    }
}

/// How a plot's heights read: as powers of ten, as they are, or as they are with a bar each
/// from zero.
#[derive(Clone, Copy, PartialEq)]
enum PlotScale {
    Log,
    Linear,
    /// Signed bars: gaps up, overlaps down, in their colours.
    Bars,
    /// Bars of counts from zero, in the line's colour.
    Counts,
}

/// What a plot's axes measure: along the bottom, up the side.
type Axes = (&'static str, &'static str);

/// A cast's progress: the distance left against the iteration on a log scale, and under it
/// the time reached, on a linear scale, climbing to the time of impact. The two share the
/// iteration axis, named once at the bottom.
fn cast_plot(ui: &mut egui::Ui, step: usize, table: &Table, distance: usize, t: usize, axes: Axes) {
    // Stacked when the strip is tall enough for two plots, side by side when not.
    let room = ui.available_size();
    let stacked = room.y >= 2.0 * PLOT_LEAST_HEIGHT;
    let size = if stacked {
        egui::vec2(room.x, (room.y / 2.0).floor())
    } else {
        egui::vec2((room.x / 2.0).floor(), room.y)
    };
    let top_down = egui::Layout::top_down(egui::Align::Min);
    let first = |ui: &mut egui::Ui| {
        ui.allocate_ui_with_layout(size, top_down, |ui| {
            let x = if stacked { "" } else { axes.0 };
            distance_plot(ui, step, table, distance, (x, axes.1))
        });
    };
    if stacked {
        first(ui);
    } else {
        // The second plot goes right of the first.
        ui.horizontal_top(|ui| {
            first(ui);
            ui.allocate_ui_with_layout(ui.available_size(), top_down, |ui| {
                time_plot(ui, step, table, t, axes.0)
            });
        });
        return;
    }
    time_plot(ui, step, table, t, axes.0);
}

/// The time reached against the iteration, linear.
fn time_plot(ui: &mut egui::Ui, step: usize, table: &Table, t: usize, x: &'static str) {
    let line = PlotLine::filled(&column(table, t), egui_color(crate::palette::HIT_POSE));
    let caption = [("last t: the time of impact", line.color)];
    line_plot(ui, step, &[line], PlotScale::Linear, (x, "t"), &caption);
}

/// A distance column against the iteration, log scale, painted with egui's painter.
fn distance_plot(ui: &mut egui::Ui, step: usize, table: &Table, col: usize, axes: Axes) {
    let values = column(table, col);
    let line = PlotLine {
        heights: values
            .iter()
            .map(|d| Some(d.abs().max(PLOT_FLOOR).log10()))
            .collect(),
        // Hollow where the distance is not positive (overlap): its magnitude is plotted.
        hollow: values.iter().map(|d| *d <= 0.0).collect(),
        color: egui_color(crate::palette::MTV),
    };
    // Only a plot with an overlap has hollow dots to explain.
    let caption: &[(&str, egui::Color32)] = if line.hollow.contains(&true) {
        &[(
            "hollow: overlap, its size plotted",
            egui_color(crate::palette::TEXT),
        )]
    } else {
        &[]
    };
    line_plot(ui, step, &[line], PlotScale::Log, axes, caption);
}

/// A column of counts, a bar each from zero in one colour, on a linear scale.
fn counts_plot(ui: &mut egui::Ui, step: usize, table: &Table, col: usize, axes: Axes) {
    let bars = PlotLine::filled(
        &column(table, col),
        egui_color(crate::palette::SEPARATING_LINE),
    );
    line_plot(ui, step, &[bars], PlotScale::Counts, axes, &[]);
}

/// A column of signed values, a bar each from zero: gaps up in the gap colour, overlaps down
/// in the overlap colour, on a linear scale.
fn bars_plot(ui: &mut egui::Ui, step: usize, table: &Table, col: usize, axes: Axes) {
    let bars = PlotLine::filled(&column(table, col), egui_color(crate::palette::TEXT));
    let caption = [
        ("gap", egui_color(crate::palette::SAT_GAP)),
        (" above 0, ", egui_color(crate::palette::TEXT)),
        ("overlap", egui_color(crate::palette::SAT_OVERLAP)),
        (" below", egui_color(crate::palette::TEXT)),
    ];
    line_plot(ui, step, &[bars], PlotScale::Bars, axes, &caption);
}

/// Bars standing side by side (a pixel column apart or closer) painted as the area they cover:
/// for each run of bars on one side of zero (`tops`, in order, `None` between runs), the band
/// from `zero` up to their tops, each `half` wide, in `color` of its value. The tops are merged
/// where no pixel tells them apart, and the band's top edge is smoothed over a pixel. A
/// software rasterizer shades a thin triangle block by block along its whole length, so a pair
/// of triangles a pixel wide per bar cost more than the rest of the strip; these are few and
/// wide.
fn bar_area(
    painter: &egui::Painter,
    tops: &[Option<(egui::Pos2, f64)>],
    half: f32,
    zero: f32,
    pixel: f32,
    color: impl Fn(f64) -> egui::Color32,
) {
    let mut mesh = egui::Mesh::default();
    let mut add_run = |run: &[(egui::Pos2, f64)]| {
        let (Some(&(first, l)), Some(&(last, _))) = (run.first(), run.last()) else {
            return;
        };
        let mut edge = vec![egui::pos2(first.x - half, first.y)];
        edge.extend(run.iter().map(|(p, _)| *p));
        edge.push(egui::pos2(last.x + half, last.y));
        let edge = super::strokes::outline_for_display(&edge, false, pixel);
        let (c, clear) = (color(l), egui::Color32::TRANSPARENT);
        // Away from zero, the side the smoothing fades to.
        let away = if first.y <= zero { -pixel } else { pixel };
        for w in edge.windows(2) {
            let base = mesh.vertices.len() as u32;
            let (a, b) = (w[0], w[1]);
            mesh.colored_vertex(egui::pos2(a.x, zero), c);
            mesh.colored_vertex(a, c);
            mesh.colored_vertex(b, c);
            mesh.colored_vertex(egui::pos2(b.x, zero), c);
            mesh.colored_vertex(a + egui::vec2(0.0, away), clear);
            mesh.colored_vertex(b + egui::vec2(0.0, away), clear);
            mesh.add_triangle(base, base + 1, base + 2);
            mesh.add_triangle(base, base + 2, base + 3);
            mesh.add_triangle(base + 1, base + 4, base + 5);
            mesh.add_triangle(base + 1, base + 5, base + 2);
        }
    };
    let mut run: Vec<(egui::Pos2, f64)> = Vec::new();
    for top in tops {
        match top {
            Some((p, l)) if run.last().is_none_or(|(_, m)| (*m > 0.0) == (*l > 0.0)) => {
                run.push((*p, *l));
            }
            Some((p, l)) => {
                add_run(&run);
                run = vec![(*p, *l)];
            }
            None => {
                add_run(&run);
                run.clear();
            }
        }
    }
    add_run(&run);
    painter.add(egui::Shape::mesh(mesh));
}

/// A lower and an upper bound against the iteration, on a linear scale (both are of one size,
/// and the point is how they meet): two lines closing on each other. A negative bound (GJK's
/// first lower bounds) says nothing and is left out.
fn bounds_plot(
    ui: &mut egui::Ui,
    step: usize,
    table: &Table,
    lower: usize,
    upper: usize,
    axes: Axes,
) {
    let bound = |col: usize, color| {
        let values = column(table, col);
        PlotLine {
            heights: values
                .iter()
                .map(|v| (*v >= 0.0 && v.is_finite()).then_some(*v))
                .collect(),
            hollow: vec![false; values.len()],
            color: egui_color(color),
        }
    };
    let (lo, hi) = (
        bound(lower, crate::palette::LOWER_BOUND),
        bound(upper, crate::palette::UPPER_BOUND),
    );
    let caption = [
        ("upper", hi.color),
        (" and ", egui_color(crate::palette::TEXT)),
        ("lower", lo.color),
        (" bound", egui_color(crate::palette::TEXT)),
    ];
    line_plot(ui, step, &[lo, hi], PlotScale::Linear, axes, &caption);
}

/// A linear plot's range and grid spacing for heights from `lo` to `hi`: a round spacing (1,
/// 2 or 5 times a power of ten) giving at most about `lines` lines, the range widened to lines.
fn linear_ticks(lo: f64, hi: f64, lines: usize) -> (f64, f64, f64) {
    let lines = lines.max(1) as f64;
    let span = if hi - lo > 1e-12 * hi.abs().max(1.0) {
        hi - lo
    } else {
        hi.abs().max(1.0)
    };
    let unit = 10f64.powf((span / lines).log10().floor());
    let every = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|k| k * unit)
        .find(|e| span / e <= lines)
        .unwrap_or(10.0 * unit);
    let lo = (lo / every).floor() * every;
    let hi = ((hi / every).ceil() * every).max(lo + every);
    (lo, hi, every)
}

/// A table column's measures, NaN where a row has none.
fn column(table: &Table, col: usize) -> Vec<f64> {
    table
        .numbers(col)
        .into_iter()
        .map(|v| v.unwrap_or(f64::NAN))
        .collect()
}

/// Room around a plot's area, points: tick labels on the left, the y label and caption on top,
/// row numbers and the x label below.
const PLOT_LEFT: f32 = 44.0;
const PLOT_TOP: f32 = 20.0;
const PLOT_RIGHT: f32 = 8.0;
const PLOT_BOTTOM: f32 = 26.0;
/// The least height a plot is drawn at, points.
const PLOT_LEAST_HEIGHT: f32 = 70.0;
/// At most this many row numbers along a plot's bottom, and grid lines up its side.
const PLOT_X_TICKS: usize = 8;
const PLOT_Y_TICKS: usize = 6;
/// The least room between grid lines up a plot's side, points (their labels' height).
const PLOT_TICK_GAP: f32 = 13.0;

/// Lines (or bars) of heights against the row, painted with egui's painter: a grid line and a
/// label for each power of ten (log) or round number (linear), a dot per value (larger at
/// `step`) or a bar from zero, the step marked, row numbers (from 1, as the table's `#`) and
/// `axes` named, and the caption (pieces of text in their colours) at the top right.
fn line_plot(
    ui: &mut egui::Ui,
    step: usize,
    lines: &[PlotLine],
    scale: PlotScale,
    axes: Axes,
    caption: &[(&str, egui::Color32)],
) {
    let size = egui::vec2(
        ui.available_width().max(100.0),
        ui.available_height().max(PLOT_LEAST_HEIGHT),
    );
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, egui::Color32::WHITE);
    let finite = lines
        .iter()
        .flat_map(|l| l.heights.iter().flatten().copied())
        .filter(|l| l.is_finite());
    let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), l| {
        (lo.min(l), hi.max(l))
    });
    if !lo.is_finite() {
        return;
    }
    let inner = egui::Rect::from_min_max(
        rect.min + egui::vec2(PLOT_LEFT, PLOT_TOP),
        rect.max - egui::vec2(PLOT_RIGHT, PLOT_BOTTOM),
    );
    // As many grid lines as their labels have room for, and no more than a few.
    let most = ((inner.height() / PLOT_TICK_GAP).floor() as usize).clamp(1, PLOT_Y_TICKS);
    let (lo, hi, every) = match scale {
        PlotScale::Log => {
            let (lo, hi) = (lo.floor(), hi.ceil().max(lo.floor() + 1.0));
            // A line for every power of ten, or every few.
            (lo, hi, ((hi - lo) / most as f64).ceil().max(1.0))
        }
        PlotScale::Linear => linear_ticks(lo, hi, most),
        // Bars stand on zero, so zero is in the range; counts go up in whole steps.
        PlotScale::Bars => linear_ticks(lo.min(0.0), hi.max(0.0), most),
        PlotScale::Counts => {
            let (lo, hi, every) = linear_ticks(0.0, hi.max(1.0), most);
            (lo, hi, every.max(1.0))
        }
    };
    let count = lines.iter().map(|l| l.heights.len()).max().unwrap_or(0);
    let bars = matches!(scale, PlotScale::Bars | PlotScale::Counts);
    // Bars sit in the middle of equal slots; dots run from edge to edge.
    let x_of = |i: usize| {
        if bars {
            inner.min.x + inner.width() * (i as f32 + 0.5) / count.max(1) as f32
        } else {
            inner.min.x + inner.width() * i as f32 / (count.max(2) - 1) as f32
        }
    };
    let y_of = |l: f64| inner.max.y - inner.height() * ((l - lo) / (hi - lo)) as f32;
    let grid = egui_color(crate::palette::GRID);
    let text = egui_color(crate::palette::TEXT);
    let small = egui::FontId::proportional(10.0);
    let decimals = (-every.log10().floor()).max(0.0) as usize;
    let mut e = lo;
    while e <= hi + every * 1e-9 {
        let y = y_of(e);
        let zero = bars && e.abs() < every * 1e-9;
        painter.line_segment(
            [egui::pos2(inner.min.x, y), egui::pos2(inner.max.x, y)],
            (1.0, if zero { text } else { grid }),
        );
        painter.text(
            egui::pos2(rect.min.x + 2.0, y),
            egui::Align2::LEFT_CENTER,
            match scale {
                PlotScale::Log => format!("1e{e}"),
                PlotScale::Linear | PlotScale::Bars | PlotScale::Counts => {
                    format!("{:.*}", decimals, e + 0.0)
                }
            },
            egui::FontId::monospace(10.0),
            text,
        );
        e += every;
    }
    if step < count {
        let x = x_of(step);
        painter.line_segment(
            [egui::pos2(x, inner.min.y), egui::pos2(x, inner.max.y)],
            (1.0, egui_color(crate::palette::HIT_POSE)),
        );
    }
    for line in lines {
        let points: Vec<Option<egui::Pos2>> = line
            .heights
            .iter()
            .enumerate()
            .map(|(i, l)| l.map(|l| egui::pos2(x_of(i), y_of(l))))
            .collect();
        if bars {
            let half = (inner.width() / count.max(1) as f32 * 0.35).max(0.5);
            let zero = y_of(0.0);
            let color = |l: f64| match scale {
                PlotScale::Counts => line.color,
                _ if l > 0.0 => egui_color(crate::palette::SAT_GAP),
                _ => egui_color(crate::palette::SAT_OVERLAP),
            };
            let bar = |p: egui::Pos2| {
                egui::Rect::from_two_pos(egui::pos2(p.x - half, zero), egui::pos2(p.x + half, p.y))
            };
            let dense = count as f32 > inner.width();
            if dense {
                // More bars than pixels across: of the bars that fall in one column of pixels,
                // the one farthest from zero, so that a table of thousands of rows draws a few
                // hundred bars that look the same; and as they stand side by side, they are
                // painted as the area they cover.
                let mut column = f32::NEG_INFINITY;
                let mut best: Option<usize> = None;
                let mut tops: Vec<Option<(egui::Pos2, f64)>> = Vec::new();
                for (p, l) in points.iter().zip(&line.heights) {
                    let (Some(p), Some(l)) = (p, l) else {
                        // A missing value breaks the area.
                        tops.push(None);
                        best = None;
                        continue;
                    };
                    let here = p.x.floor();
                    match best {
                        Some(b) if here == column => {
                            if let Some((q, m)) = &mut tops[b] {
                                if l.abs() > m.abs() {
                                    (*q, *m) = (*p, *l);
                                }
                            }
                        }
                        _ => {
                            column = here;
                            best = Some(tops.len());
                            tops.push(Some((*p, *l)));
                        }
                    }
                }
                let pixel = 1.0 / ui.ctx().pixels_per_point();
                bar_area(&painter, &tops, half, zero, pixel, color);
            } else {
                for (p, l) in points.iter().zip(&line.heights) {
                    if let (Some(p), Some(l)) = (p, l) {
                        painter.rect_filled(bar(*p), 0.0, color(*l));
                    }
                }
            }
            // The current step's bar, over the rest and outlined.
            if let (Some(Some(p)), Some(Some(l))) = (points.get(step), line.heights.get(step)) {
                if dense {
                    painter.rect_filled(bar(*p), 0.0, color(*l));
                }
                painter.rect_stroke(
                    bar(*p).expand(1.5),
                    0.0,
                    (2.0, egui_color(crate::palette::HIT_POSE)),
                    egui::StrokeKind::Outside,
                );
            }
            continue;
        }
        // The line runs through consecutive values; a missing one breaks it.
        for run in points.split(Option::is_none) {
            let run: Vec<egui::Pos2> = run.iter().flatten().copied().collect();
            if !run.is_empty() {
                painter.add(egui::Shape::line(run, (1.5, line.color)));
            }
        }
        // A dot for every value while they stand apart (at least a dot's width each); closer
        // than that they would only blot out the line, and only the current step's is drawn.
        let apart = inner.width() / count.max(1) as f32 >= 6.0;
        for (i, (p, hollow)) in points.iter().zip(&line.hollow).enumerate() {
            let Some(p) = p else { continue };
            if !apart && i != step {
                continue;
            }
            let r = if i == step { 5.0 } else { 3.0 };
            if *hollow {
                painter.circle_stroke(*p, r, (1.5, line.color));
            } else {
                painter.circle_filled(*p, r, line.color);
            }
        }
    }
    // Row numbers along the bottom, from 1 as the table's `#` column: at most a few, and no
    // more than stand apart, the widest with two characters between (a narrow plot, or the
    // large text of presentation mode, has room for fewer).
    let font = egui::FontId::monospace(10.0);
    let digit = ui.fonts(|f| f.glyph_width(&font, '0'));
    let room = (count.max(1).to_string().len() + 2) as f32 * digit;
    let fit = ((inner.width() / room) as usize).clamp(1, PLOT_X_TICKS);
    let stride = count.div_ceil(fit).max(1);
    let mut last = f32::NEG_INFINITY;
    for i in (0..count).filter(|i| (i + 1) % stride == 0 || *i == 0) {
        let x = x_of(i);
        if x - last < room {
            continue;
        }
        last = x;
        painter.text(
            egui::pos2(x, inner.max.y + 1.0),
            egui::Align2::CENTER_TOP,
            (i + 1).to_string(),
            font.clone(),
            text,
        );
    }
    let (x_label, y_label) = axes;
    painter.text(
        egui::pos2(inner.center().x, rect.max.y - 1.0),
        egui::Align2::CENTER_BOTTOM,
        x_label,
        small.clone(),
        text,
    );
    let y_label = painter.text(
        rect.min + egui::vec2(2.0, 1.0),
        egui::Align2::LEFT_TOP,
        y_label,
        small.clone(),
        text,
    );
    let mut job = egui::text::LayoutJob::default();
    for (piece, color) in caption {
        job.append(piece, 0.0, egui::TextFormat::simple(small.clone(), *color));
    }
    let galley = painter.layout_job(job);
    let corner = egui::pos2(rect.max.x - PLOT_RIGHT - galley.size().x, rect.min.y + 1.0);
    // A caption with no room beside the y label is left out rather than drawn over it.
    if corner.x >= y_label.max.x + PLOT_RIGHT {
        painter.galley(corner, galley, text);
    }
}

/// A row's answer minus the reference's (the first row's), in scientific notation, so that
/// rounding-sized errors read as such; a dash when either is missing.
fn error_text(value: Option<f64>, reference: Option<f64>) -> String {
    match (value, reference) {
        (Some(v), Some(r)) if v.is_finite() && r.is_finite() => {
            let e = v - r;
            if e == 0.0 {
                "0".into()
            } else {
                format!("{e:+.1e}")
            }
        }
        _ => "\u{2013}".into(),
    }
}

/// Text colour of an answer that disagrees with the reference.
const DISAGREE: egui::Color32 = egui::Color32::from_rgb(200, 60, 0);

/// The comparison tables: every method's answer, disagreements in orange with a note on hover.
fn comparison(ui: &mut egui::Ui, app: &App) {
    let c = match app.comparison() {
        Some(Ok(c)) => c,
        Some(Err(e)) => {
            ui.colored_label(BANNER_TEXT, e);
            return;
        }
        None => return,
    };
    let cell = |ui: &mut egui::Ui, text: String, off: bool| {
        if off {
            ui.label(
                egui::RichText::new(format!("{text} \u{2260}"))
                    .color(DISAGREE)
                    .strong(),
            )
            .on_hover_text("disagrees with the first row");
        } else {
            ui.monospace(text);
        }
    };
    let opt = |v: Option<f64>| v.map_or("\u{2013}".into(), common::num);
    let optv = |v: Option<DVec2>| v.map_or("\u{2013}".into(), common::vec);
    ui.label("Overlap, distance (negative: depth) and normal, at t = 0");
    // A table wider than the panel scrolls sideways rather than widening the panel.
    egui::ScrollArea::horizontal()
        .id_salt("compare_contact_scroll")
        .show(ui, |ui| {
            egui::Grid::new("compare_contact")
                .striped(true)
                .show(ui, |ui| {
                    for h in ["method", "overlap", "distance", "error", "normal"] {
                        ui.label(egui::RichText::new(h).strong());
                    }
                    ui.end_row();
                    let reference = c.contact.first().and_then(|r| r.distance);
                    for r in &c.contact {
                        ui.label(r.method.name()).on_hover_text(&r.note);
                        let off = |k: Answer| r.disagrees.contains(&k);
                        cell(
                            ui,
                            if r.intersecting { "yes" } else { "no" }.into(),
                            off(Answer::Intersecting),
                        );
                        cell(ui, opt(r.distance), off(Answer::Distance));
                        ui.monospace(error_text(r.distance, reference));
                        cell(ui, optv(r.normal), off(Answer::Normal));
                        ui.end_row();
                    }
                });
        });
    ui.add_space(4.0);
    ui.label("First contact over the motion");
    // A table wider than the panel scrolls sideways rather than widening the panel.
    egui::ScrollArea::horizontal()
        .id_salt("compare_casts_scroll")
        .show(ui, |ui| {
            egui::Grid::new("compare_casts")
                .striped(true)
                .show(ui, |ui| {
                    for h in ["method", "status", "toi", "error", "normal", "iter."] {
                        ui.label(egui::RichText::new(h).strong());
                    }
                    ui.end_row();
                    let reference = c.casts.first().and_then(|r| r.toi);
                    for r in &c.casts {
                        ui.label(r.method.name()).on_hover_text(&r.note);
                        let off = |k: Answer| r.disagrees.contains(&k);
                        cell(
                            ui,
                            common::cast_status_words(r.status).into(),
                            off(Answer::Status),
                        );
                        cell(ui, opt(r.toi), off(Answer::Toi));
                        ui.monospace(error_text(r.toi, reference));
                        cell(ui, optv(r.normal), false);
                        ui.monospace(r.iterations.to_string());
                        ui.end_row();
                    }
                });
        });
    ui.label(
        egui::RichText::new("Hover a method for how it got its answer.")
            .small()
            .weak(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mesh `bar_area` paints for `tops`.
    fn bar_mesh(tops: &[Option<(egui::Pos2, f64)>], half: f32, zero: f32) -> egui::Mesh {
        let ctx = egui::Context::default();
        let out = ctx.run(egui::RawInput::default(), |ctx| {
            let painter = ctx.layer_painter(egui::LayerId::background());
            let color = |l: f64| {
                if l > 0.0 {
                    egui::Color32::BLUE
                } else {
                    egui::Color32::RED
                }
            };
            bar_area(&painter, tops, half, zero, 1.0, color);
        });
        out.shapes
            .iter()
            .find_map(|c| match &c.shape {
                egui::Shape::Mesh(m) => Some((**m).clone()),
                _ => None,
            })
            .expect("a mesh")
    }

    #[test]
    fn a_plots_row_numbers_stand_apart_however_narrow_it_is() {
        for (width, zoom) in [(600.0, 1.0), (160.0, 1.0), (160.0, 1.6), (90.0, 2.0)] {
            let ctx = egui::Context::default();
            ctx.set_zoom_factor(zoom);
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(width, 160.0) * zoom,
                )),
                ..Default::default()
            };
            let values: Vec<f64> = (0..64).map(|i| f64::from(i).sqrt()).collect();
            // Two passes: egui settles the zoom on the first.
            let mut out = ctx.run(input.clone(), |_| {});
            for _ in 0..2 {
                out = ctx.run(input.clone(), |ctx| {
                    egui::CentralPanel::default().show(ctx, |ui| {
                        let line = PlotLine::filled(&values, egui::Color32::BLUE);
                        line_plot(ui, 3, &[line], PlotScale::Linear, ("n", "v"), &[]);
                    });
                });
            }
            // The row numbers: the whole numbers on the lowest line of text.
            let mut numbers: Vec<egui::Rect> = Vec::new();
            let mut bottom = f32::NEG_INFINITY;
            for c in &out.shapes {
                let egui::Shape::Text(t) = &c.shape else {
                    continue;
                };
                if t.galley.text().parse::<usize>().is_err() {
                    continue;
                }
                let r = t.galley.rect.translate(t.pos.to_vec2());
                if r.min.y > bottom + 0.5 {
                    (bottom, numbers) = (r.min.y, Vec::new());
                }
                if (r.min.y - bottom).abs() <= 0.5 {
                    numbers.push(r);
                }
            }
            numbers.sort_by(|a, b| a.min.x.total_cmp(&b.min.x));
            assert!(numbers.len() >= 2, "{width} {zoom}: {numbers:?}");
            for pair in numbers.windows(2) {
                assert!(
                    pair[0].max.x < pair[1].min.x,
                    "{width} points at zoom {zoom}: {pair:?}"
                );
            }
        }
    }

    #[test]
    fn a_labelled_list_keeps_a_long_title_and_its_label_inside_the_panel() {
        let title = "Turning cast (conservative advancement), a title longer than any";
        // Panel widths in points: presentation mode's larger text leaves fewer.
        for width in [330.0, 280.0, 220.0, 150.0] {
            let ctx = egui::Context::default();
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(width, 200.0),
                )),
                ..Default::default()
            };
            let out = ctx.run(input, |ctx| {
                egui::CentralPanel::default().show(ctx, |ui| {
                    labelled_list(ui, "Demo", title, |_| {});
                });
            });
            let texts: Vec<(String, egui::Rect)> = out
                .shapes
                .iter()
                .filter_map(|c| match &c.shape {
                    egui::Shape::Text(t) => Some((
                        t.galley.text().to_owned(),
                        t.galley.rect.translate(t.pos.to_vec2()),
                    )),
                    _ => None,
                })
                .collect();
            let find = |pick: &dyn Fn(&str) -> bool| {
                texts
                    .iter()
                    .find(|(t, _)| pick(t))
                    .map(|(_, r)| *r)
                    .unwrap_or_else(|| panic!("{width}: {texts:?}"))
            };
            let label = find(&|t| t == "Demo");
            let shown = find(&|t| t.starts_with("Turning"));
            assert!(label.max.x <= width, "{width}: label {label:?}");
            assert!(
                shown.max.x < label.min.x,
                "{width}: title {shown:?}, label {label:?}"
            );
        }
    }

    #[test]
    fn bars_side_by_side_are_painted_as_the_area_they_cover() {
        // 600 bars half a pixel apart over a smooth curve: 200 above zero (y = 100), then a
        // missing value, then 399 below.
        let height = |i: usize| 40.0 * (i as f32 / 60.0).sin().abs() + 5.0;
        let mut tops = Vec::new();
        for i in 0..600 {
            let x = 10.0 + i as f32 * 0.5;
            tops.push(match i {
                0..200 => Some((egui::pos2(x, 100.0 - height(i)), 1.0)),
                200 => None,
                _ => Some((egui::pos2(x, 100.0 + height(i)), -1.0)),
            });
        }
        let half = 0.25;
        let mesh = bar_mesh(&tops, half, 100.0);
        assert!(mesh.is_valid());
        // Few triangles: the tops merge where no pixel tells them apart.
        assert!(mesh.indices.len() / 3 < 600, "{}", mesh.indices.len() / 3);
        // Each colour covers the bars' area (each bar `2 half` wide), and no more.
        let area_of = |c: egui::Color32| -> f32 {
            mesh.indices
                .chunks_exact(3)
                .filter(|t| t.iter().all(|&i| mesh.vertices[i as usize].color == c))
                .map(|t| {
                    let [a, b, d] = [0, 1, 2].map(|k| mesh.vertices[t[k] as usize].pos);
                    ((b - a).x * (d - a).y - (b - a).y * (d - a).x).abs() / 2.0
                })
                .sum()
        };
        let bars =
            |range: std::ops::Range<usize>| -> f32 { range.map(|i| height(i) * 0.5).sum::<f32>() };
        let (above, below) = (area_of(egui::Color32::BLUE), area_of(egui::Color32::RED));
        assert!(
            (above - bars(0..200)).abs() < 0.02 * bars(0..200),
            "{above}"
        );
        assert!(
            (below - bars(201..600)).abs() < 0.02 * bars(201..600),
            "{below}"
        );
        // Nothing is painted across the missing value.
        let (gap_lo, gap_hi) = (10.0 + 199.0 * 0.5 + half, 10.0 + 201.0 * 0.5 - half);
        assert!(mesh
            .vertices
            .iter()
            .all(|v| v.pos.x <= gap_lo + 1e-3 || v.pos.x >= gap_hi - 1e-3));
    }
}

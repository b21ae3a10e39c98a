//! The egui side: the banner for errors, the side panel (scene, demo, steps, read-outs,
//! legend, the bodies' numbers), the help window.
//!
//! Panels read the app and return [`Command`]s that the app applies after the panel is drawn,
//! so nothing changes under the panel while it is being laid out. Numeric fields edit a copy of
//! the scene; a changed copy comes back as one [`Command::Edit`].

use super::render::egui_color;
use super::{displayable, App, MAX_SPEED, MIN_SPEED};
use crate::figure::Figure;
use crate::geometry::DVec2;
use crate::scene::{Body, Demo, Scene};
use egui_macroquad::egui;
use std::path::PathBuf;

/// What a person asked for in the panels.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Demo(Demo),
    Step(usize),
    TogglePlay,
    Speed(f32),
    Edit(Box<Scene>),
    Undo,
    Redo,
    Save,
    SaveAs(PathBuf),
    Fit,
    Help,
    DismissBanner,
}

/// Width of the side panel at start, points.
pub const PANEL_WIDTH: f32 = 330.0;
/// Banner colours: a light red with dark red text.
const BANNER_FILL: egui::Color32 = egui::Color32::from_rgb(253, 226, 226);
const BANNER_TEXT: egui::Color32 = egui::Color32::from_rgb(150, 20, 20);

/// Every control, for the help window: (control, what it does).
pub const CONTROLS: [(&str, &str); 20] = [
    ("Left-drag a body (world)", "move it"),
    (
        "Left-drag the small circle",
        "rotate the body (Shift: 15° steps)",
    ),
    ("Left-drag an arrow tip / square", "set the body's velocity"),
    (
        "Left-drag in configuration space",
        "move B: the MD follows (MD = B − A)",
    ),
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
    ("F1 or ?", "show / hide this help"),
    ("Panel: Demo", "pick what to show"),
    ("Panel: numbers", "drag or type; each edit is one undo step"),
    ("Panel: Save as", "save under another path"),
    (
        "Window title",
        "fixed at start; the panel title shows * while unsaved",
    ),
    ("Esc", "closes this help"),
];

pub(super) fn show(ctx: &egui::Context, app: &mut App) -> Vec<Command> {
    let mut out = Vec::new();
    if let Some(msg) = &app.banner {
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
    egui::SidePanel::left("side")
        .resizable(true)
        .default_width(PANEL_WIDTH)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| side(ui, app, &mut out));
        });
    let mut open = app.help;
    egui::Window::new("Controls")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_pos(egui::pos2(PANEL_WIDTH + 60.0, 60.0))
        .show(ctx, |ui| {
            egui::Grid::new("controls").striped(true).show(ui, |ui| {
                for (k, v) in CONTROLS {
                    ui.label(egui::RichText::new(k).strong());
                    ui.label(v);
                    ui.end_row();
                }
            });
        });
    if open != app.help || (app.help && ctx.input(|i| i.key_pressed(egui::Key::Escape))) {
        out.push(Command::Help);
    }
    out
}

fn side(ui: &mut egui::Ui, app: &mut App, out: &mut Vec<Command>) {
    ui.heading(displayable(&app.title()));
    let file = app
        .path
        .as_ref()
        .map_or("built-in scene (no file)".to_string(), |p| {
            p.display().to_string()
        });
    ui.label(egui::RichText::new(file).small().weak());
    if let Some(d) = &app.scene.description {
        ui.add_space(4.0);
        ui.label(displayable(d));
    }
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(app.history.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            out.push(Command::Undo);
        }
        if ui
            .add_enabled(app.history.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            out.push(Command::Redo);
        }
        if ui.button("Save").clicked() {
            out.push(Command::Save);
        }
        if ui.button("Fit (F)").clicked() {
            out.push(Command::Fit);
        }
        if ui.button("Help (F1)").clicked() {
            out.push(Command::Help);
        }
    });
    if !app.status.is_empty() {
        ui.label(egui::RichText::new(&app.status).weak());
    }
    ui.separator();

    let mut demo = app.demo;
    egui::ComboBox::from_label("Demo")
        .selected_text(demo.as_str())
        .width(200.0)
        .show_ui(ui, |ui| {
            for d in Demo::ALL {
                ui.selectable_value(&mut demo, d, d.as_str());
            }
        });
    if demo != app.demo {
        out.push(Command::Demo(demo));
    }

    let cache = app.cache.as_ref();
    if let Some(Err(e)) = cache.map(|c| &c.figure) {
        ui.colored_label(BANNER_TEXT, e);
    }
    for w in cache.map(|c| c.warnings.as_slice()).unwrap_or(&[]) {
        ui.colored_label(egui::Color32::from_rgb(160, 100, 0), w);
    }
    if let Some(fig) = app.figure() {
        if fig.steps > 1 {
            steps(ui, app, fig, out);
        }
        readouts(ui, fig);
        legend(ui, fig);
    }
    ui.separator();
    bodies(ui, app, out);
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("Save as");
        ui.text_edit_singleline(&mut app.save_as);
        if ui.button("Save").clicked() && !app.save_as.trim().is_empty() {
            out.push(Command::SaveAs(PathBuf::from(app.save_as.trim())));
        }
    });
}

fn steps(ui: &mut egui::Ui, app: &App, fig: &Figure, out: &mut Vec<Command>) {
    ui.separator();
    let last = fig.steps - 1;
    ui.label(egui::RichText::new(format!("Step {} of {}", app.step + 1, fig.steps)).strong());
    ui.horizontal(|ui| {
        if ui.button("|<").on_hover_text("first (Home)").clicked() {
            out.push(Command::Step(0));
        }
        if ui
            .button("<")
            .on_hover_text("previous (Left arrow)")
            .clicked()
        {
            out.push(Command::Step(app.step.saturating_sub(1)));
        }
        let play = if app.playing { "Pause" } else { "Play" };
        if ui.button(play).on_hover_text("Space").clicked() {
            out.push(Command::TogglePlay);
        }
        if ui.button(">").on_hover_text("next (Right arrow)").clicked() {
            out.push(Command::Step((app.step + 1).min(last)));
        }
        if ui.button(">|").on_hover_text("last (End)").clicked() {
            out.push(Command::Step(last));
        }
    });
    // The slider counts from 1, as the "Step n of m" line does.
    let mut s = app.step + 1;
    if ui
        .add(egui::Slider::new(&mut s, 1..=fig.steps).text("step"))
        .changed()
    {
        out.push(Command::Step(s - 1));
    }
    let mut speed = app.speed;
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
    egui::Grid::new("readouts")
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            for r in &fig.readouts {
                ui.label(displayable(&r.name));
                ui.monospace(displayable(&r.value));
                ui.end_row();
            }
        });
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
            ui.label(displayable(&e.meaning));
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

fn body_fields(ui: &mut egui::Ui, id: &str, b: &mut Body) {
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
    let mut s = app.scene.clone();
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
    if s != app.scene && s.validate().is_ok() {
        out.push(Command::Edit(Box::new(s)));
    }
}

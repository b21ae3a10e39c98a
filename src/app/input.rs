//! Mouse and keys → edits, camera moves, steps.
//!
//! The panes only see the mouse when egui does not want it (not over the panel, a window or a
//! widget being dragged) and keys when no text field has focus. Left-drag in the world pane
//! grabs a handle or a body; left-drag in configuration space moves B; right- or middle-drag
//! pans; the wheel zooms at the cursor; dragging the line between the panes moves the split.

use super::drag::{Drag, Target};
use super::handles::Grip;
use super::{handles, App, MIN_SPLIT};
use crate::figure::PaneId;
use egui_macroquad::egui;
use glam::Vec2;
use macroquad::prelude::*;

/// Zoom per wheel notch.
pub const ZOOM_STEP: f64 = 1.15;
/// How close (pixels) to the split line the mouse grabs it.
pub const SPLIT_GRAB_PX: f32 = 5.0;

fn mouse() -> Vec2 {
    let (x, y) = mouse_position();
    Vec2::new(x, y)
}

fn ctrl() -> bool {
    is_key_down(KeyCode::LeftControl)
        || is_key_down(KeyCode::RightControl)
        || is_key_down(KeyCode::LeftSuper)
        || is_key_down(KeyCode::RightSuper)
}

fn shift() -> bool {
    is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift)
}

/// The pane under screen point `p`.
fn pane_at(app: &App, p: Vec2) -> Option<PaneId> {
    [PaneId::World, PaneId::Config]
        .into_iter()
        .find(|&pane| app.camera(pane).rect.contains(p))
}

pub(super) fn handle(app: &mut App, ctx: &egui::Context) {
    let free_pointer = !ctx.is_pointer_over_area() && !ctx.wants_pointer_input();
    // Where the button went down: several events can arrive in one frame, and the mouse may
    // have moved on by the time the frame sees the press.
    let origin = ctx
        .input(|i| i.pointer.press_origin())
        .map(|p| Vec2::new(p.x, p.y));
    let double_click = ctx.input(|i| {
        i.pointer
            .button_double_clicked(egui::PointerButton::Primary)
    });
    mouse_input(app, free_pointer, origin, double_click);
    // Drain typed characters every frame so an old '?' is not seen later.
    let mut question = false;
    while let Some(c) = get_char_pressed() {
        question |= c == '?';
    }
    if !ctx.wants_keyboard_input() {
        key_input(app, ctx, question);
    }
    // A field edit in the panel ends when nothing in egui is held or focused any more.
    if app.drag.is_none()
        && app.history.editing()
        && !ctx.is_using_pointer()
        && ctx.memory(|m| m.focused().is_none())
    {
        app.history.commit(&app.scene);
    }
}

fn mouse_input(app: &mut App, free: bool, press_origin: Option<Vec2>, double_click: bool) {
    let m = mouse();
    let over = if free { pane_at(app, m) } else { None };
    let start = press_origin.unwrap_or(m);
    let over_start = if free { pane_at(app, start) } else { None };
    if over.is_some() && (mouse_wheel().1 != 0.0 || is_mouse_button_pressed(MouseButton::Right)) {
        // The person is placing the view: stop the start-up fitting.
        app.fit_frames = 0;
    }

    // Zoom at the cursor.
    let (_, wheel) = mouse_wheel();
    if let Some(pane) = over {
        if wheel != 0.0 && wheel.is_finite() {
            let factor = ZOOM_STEP.powf(wheel.signum() as f64);
            app.camera_mut(pane).zoom_at(m, factor);
        }
    }

    // Pan with the right or middle button.
    let pan_pressed =
        is_mouse_button_pressed(MouseButton::Right) || is_mouse_button_pressed(MouseButton::Middle);
    let pan_down =
        is_mouse_button_down(MouseButton::Right) || is_mouse_button_down(MouseButton::Middle);
    if pan_pressed {
        if let Some(pane) = over_start {
            app.pan = Some((pane, start));
        }
    }
    if let Some((pane, last)) = app.pan {
        if pan_down {
            app.camera_mut(pane).pan(m - last);
            app.pan = Some((pane, m));
        } else {
            app.pan = None;
        }
    }

    // Double-click on a polygon's outline: a new vertex there.
    if over == Some(PaneId::World) && double_click {
        let at = app.world.to_world(m);
        if let Some((which, edge, local)) = handles::outline_edge_at(&app.scene, &app.world, at) {
            app.drag = None;
            app.insert_vertex(which, edge, local);
            return;
        }
    }
    // Left button: split, handles, bodies, configuration space.
    if is_mouse_button_pressed(MouseButton::Left) {
        if let Some(pane) = over_start {
            let split_x = app.config.rect.x;
            if (start.x - split_x).abs() <= SPLIT_GRAB_PX {
                app.dragging_split = true;
            } else {
                start_drag(app, pane, start);
            }
        }
    }
    if is_mouse_button_down(MouseButton::Left) {
        if app.dragging_split {
            let room_x = app.world.rect.x;
            let room_w = app.world.rect.w + app.config.rect.w;
            if room_w > 0.0 {
                app.split = ((m.x - room_x) / room_w).clamp(MIN_SPLIT, 1.0 - MIN_SPLIT);
            }
        } else if let Some(d) = &app.drag {
            let pane = match d.target {
                Target::Config => PaneId::Config,
                Target::World(_) => PaneId::World,
            };
            let to = app.camera(pane).to_world(m);
            let s = d.apply(to, shift());
            app.set_scene(s);
        }
    } else {
        app.dragging_split = false;
        if let Some(d) = app.drag.take() {
            if app.history.record(&d.start, &app.scene) {
                app.status.clear();
            }
        }
    }
}

fn start_drag(app: &mut App, pane: PaneId, m: Vec2) {
    let at = app.camera(pane).to_world(m);
    let target = match pane {
        PaneId::Config => Some(Target::Config),
        PaneId::World => {
            let shapes = app.cache.as_ref().and_then(|c| c.shapes.as_ref());
            shapes
                .and_then(|(a, b)| handles::hit(&app.scene, [a, b], &app.world, at))
                .map(Target::World)
        }
    };
    if pane == PaneId::World {
        app.selected = match target {
            Some(Target::World(Grip::Vertex(which, i))) => Some((which, i)),
            _ => None,
        };
    }
    if let Some(target) = target {
        app.playing = false;
        app.drag = Some(Drag {
            target,
            start: app.scene.clone(),
            from: at,
        });
    }
}

fn key_input(app: &mut App, ctx: &egui::Context, question: bool) {
    if is_key_pressed(KeyCode::F1) || question {
        app.help = !app.help;
    }
    // Shortcuts with Ctrl come from egui's key events, which carry the modifiers held when the
    // key went down (a quick Ctrl+Z may be over before the frame looks at the keyboard).
    use egui::{Key, Modifiers};
    let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
    let (redo_z, undo, redo_y, save) = ctx.input_mut(|i| {
        (
            i.consume_key(cmd_shift, Key::Z),
            i.consume_key(Modifiers::COMMAND, Key::Z),
            i.consume_key(Modifiers::COMMAND, Key::Y),
            i.consume_key(Modifiers::COMMAND, Key::S),
        )
    });
    if ctx.input_mut(|i| i.consume_key(Modifiers::COMMAND, Key::O)) {
        app.focus_open = true;
    }
    // Shift first: a plain Ctrl+E pattern would also take Ctrl+Shift+E.
    let (svg, png) = ctx.input_mut(|i| {
        (
            i.consume_key(cmd_shift, Key::E),
            i.consume_key(Modifiers::COMMAND, Key::E),
        )
    });
    if svg {
        app.apply(super::panels::Command::ExportSvg);
    }
    if png {
        app.apply(super::panels::Command::ExportPng);
    }
    if undo {
        app.undo();
    }
    if redo_z || redo_y {
        app.redo();
    }
    if save {
        app.save();
    }
    if ctrl() || undo || redo_z || redo_y || save || svg || png {
        return;
    }
    if is_key_pressed(KeyCode::F) {
        app.fit();
    }
    if is_key_pressed(KeyCode::Delete) || is_key_pressed(KeyCode::Backspace) {
        app.delete_selected_vertex();
    }
    let last = app.steps() - 1;
    if is_key_pressed(KeyCode::Right) {
        app.step = (app.step + 1).min(last);
        app.playing = false;
    }
    if is_key_pressed(KeyCode::Left) {
        app.step = app.step.saturating_sub(1);
        app.playing = false;
    }
    if is_key_pressed(KeyCode::Home) {
        app.step = 0;
        app.playing = false;
    }
    if is_key_pressed(KeyCode::End) {
        app.step = last;
        app.playing = false;
    }
    if is_key_pressed(KeyCode::Space) {
        app.toggle_play();
    }
}

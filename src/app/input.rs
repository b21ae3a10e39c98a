//! Mouse and keys → commands. This reads the app and changes nothing: what it returns is
//! applied by `App::apply`, like the panels' commands.
//!
//! The panes only see the mouse when egui does not want it (not over the panel, a window or a
//! widget being dragged) and keys when no text field has focus. Left-drag in the world pane
//! grabs a handle or a body; left-drag in configuration space moves B; right- or middle-drag
//! pans; the wheel zooms at the cursor; dragging the line between the panes moves the split.

use super::command::Command;
use super::gesture::{Gesture, Target};
use super::App;
use crate::figure::PaneId;
use crate::view::handles::{self, Grip};
use egui_macroquad::egui;
use glam::Vec2;
use macroquad::prelude::*;

/// Zoom per wheel notch.
pub const ZOOM_STEP: f64 = 1.15;
/// How close (pixels) to the split line the mouse grabs it.
pub const SPLIT_GRAB_PX: f32 = 5.0;
/// How close (pixels) to a vertex or an edge the pointer must be to point at it (the panes
/// linked).
pub const LINK_GRAB_PX: f32 = 7.0;

/// The pointer in the screen's pixels, the panes' unit (macroquad gives it in logical pixels,
/// the screen's over its scale: half of them on a Retina display or in a browser at 200 %).
fn mouse() -> Vec2 {
    let (x, y) = mouse_position();
    Vec2::new(x, y) * screen_dpi_scale()
}

fn shift() -> bool {
    is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift)
}

/// What the mouse, the keys and the window ask for this frame.
pub(super) fn commands(app: &App, ctx: &egui::Context) -> Vec<Command> {
    let mut out = Vec::new();
    let free_pointer = !ctx.is_pointer_over_area() && !ctx.wants_pointer_input();
    // Where the button went down: several events can arrive in one frame, and the mouse may
    // have moved on by the time the frame sees the press. egui gives it in points, the panes
    // are laid out in pixels (they differ in presentation mode).
    let pixels = ctx.pixels_per_point();
    let origin = ctx
        .input(|i| i.pointer.press_origin())
        .map(|p| Vec2::new(p.x, p.y) * pixels);
    let double_click = ctx.input(|i| {
        i.pointer
            .button_double_clicked(egui::PointerButton::Primary)
    });
    // A press and release without moving: a click (pins what it is on).
    let clicked = ctx.input(|i| i.pointer.primary_clicked());
    mouse_input(app, free_pointer, origin, double_click, &mut out);
    link_input(app, free_pointer, clicked, &mut out);
    // Drain typed characters every frame so an old '?' is not seen later.
    let mut question = false;
    while let Some(c) = get_char_pressed() {
        question |= c == '?';
    }
    if !ctx.wants_keyboard_input() {
        key_input(app, ctx, question, &mut out);
    }
    // A field edit in the panel ends when nothing in egui is held or focused any more.
    if app.gesture == Gesture::Idle
        && app.doc.history.editing()
        && !ctx.is_using_pointer()
        && ctx.memory(|m| m.focused().is_none())
    {
        out.push(Command::CommitEdit);
    }
    for f in get_dropped_files() {
        out.push(Command::Dropped {
            path: f.path,
            bytes: f.bytes,
        });
    }
    if is_quit_requested() {
        out.push(Command::Quit);
    }
    out
}

fn mouse_input(
    app: &App,
    free: bool,
    press_origin: Option<Vec2>,
    double_click: bool,
    out: &mut Vec<Command>,
) {
    let panes = &app.view.panes;
    let m = mouse();
    let over = if free { panes.pane_at(m) } else { None };
    // The body under the pointer (or one of its handles) shows its handles.
    let hovered = match over {
        Some(PaneId::World) => match app.drawn() {
            (scene, Some((a, b))) => {
                handles::hit(scene, [a, b], &panes.world, panes.world.to_world(m)).map(|g| g.body())
            }
            _ => None,
        },
        _ => None,
    };
    if hovered != app.hovered {
        out.push(Command::Hover(hovered));
    }
    let start = press_origin.unwrap_or(m);
    let over_start = if free { panes.pane_at(start) } else { None };
    let (_, wheel) = mouse_wheel();
    if over.is_some() && (wheel != 0.0 || is_mouse_button_pressed(MouseButton::Right)) {
        out.push(Command::StopFitting);
    }

    // Zoom at the cursor.
    if let Some(pane) = over {
        if wheel != 0.0 && wheel.is_finite() {
            let factor = ZOOM_STEP.powf(wheel.signum() as f64);
            out.push(Command::Zoom {
                pane,
                at: m,
                factor,
            });
        }
    }

    // What the gesture is once this frame's presses are seen.
    let mut gesture = app.gesture.clone();
    let pan_pressed =
        is_mouse_button_pressed(MouseButton::Right) || is_mouse_button_pressed(MouseButton::Middle);
    let pan_down =
        is_mouse_button_down(MouseButton::Right) || is_mouse_button_down(MouseButton::Middle);
    let left_down = is_mouse_button_down(MouseButton::Left);
    if let (true, Some(pane), Gesture::Idle) = (pan_pressed, over_start, &gesture) {
        out.push(Command::BeginPan { pane, at: start });
        gesture = Gesture::Pan { pane, last: start };
    }

    // Double-click on a polygon's outline: a new vertex there.
    if over == Some(PaneId::World) && double_click {
        let at = panes.world.to_world(m);
        if let Some((which, after, local)) =
            handles::outline_edge_at(app.drawn().0, &panes.world, at)
        {
            out.push(Command::InsertVertex {
                which,
                after,
                local,
            });
            return;
        }
    }
    // Left button: the split, handles, bodies, configuration space.
    if let (true, Some(pane), Gesture::Idle) = (
        is_mouse_button_pressed(MouseButton::Left),
        over_start,
        &gesture,
    ) {
        // Within so many pixels of the split, grown as the marks are (the screen's scale).
        if (start.x - panes.config.rect.x).abs() <= SPLIT_GRAB_PX * panes.config.size {
            out.push(Command::BeginSplit);
            gesture = Gesture::Split;
        } else if let Some(begin) = press(app, pane, start, out) {
            gesture = Gesture::Drag(Box::new(begin));
        }
    }

    match gesture {
        Gesture::Idle => {}
        Gesture::Pan { .. } if pan_down => out.push(Command::PanTo(m)),
        Gesture::Split if left_down => out.push(Command::SplitTo(m.x)),
        Gesture::Drag(d) if left_down => out.push(Command::DragTo {
            to: panes.camera(d.pane()).to_world(m),
            snap: shift(),
        }),
        _ => out.push(Command::EndGesture),
    }
}

/// The panes linked: the feature of either pane under the pointer, a click to pin it (a click
/// on it again, or away from every feature, unpins).
fn link_input(app: &App, free: bool, clicked: bool, out: &mut Vec<Command>) {
    let panes = &app.view.panes;
    let m = mouse();
    let pointed = match (free.then(|| panes.pane_at(m)).flatten(), app.linked()) {
        (Some(PaneId::World), Some(l)) => {
            l.feature_in_world(panes.world.to_world(m), panes.world.px(LINK_GRAB_PX))
        }
        (Some(PaneId::Config), Some(l)) => {
            let p = app.convention().computed(panes.config.to_world(m));
            l.feature_in_config(p, panes.config.px(LINK_GRAB_PX))
        }
        _ => None,
    };
    let link = app.link();
    if pointed != link.hovered {
        out.push(Command::Point(pointed));
    }
    if clicked && free && panes.pane_at(m).is_some() {
        let pin = if pointed == link.pinned {
            None
        } else {
            pointed
        };
        if pin != link.pinned {
            out.push(Command::Pin(pin));
        }
    }
}

/// The left button went down at `m` in `pane`: selects the vertex under it (or nothing) and
/// starts dragging what is there; returns the drag, for the rest of the frame.
fn press(app: &App, pane: PaneId, m: Vec2, out: &mut Vec<Command>) -> Option<super::gesture::Drag> {
    let at = app.view.panes.camera(pane).to_world(m);
    let target = match pane {
        PaneId::Config => Some(Target::Config(app.convention().moved_in_config())),
        PaneId::World => match app.drawn() {
            (scene, Some((a, b))) => {
                handles::hit(scene, [a, b], &app.view.panes.world, at).map(Target::World)
            }
            _ => None,
        },
    };
    if pane == PaneId::World {
        out.push(Command::Select(match target {
            Some(Target::World(Grip::Vertex(which, i))) => Some((which, i)),
            _ => None,
        }));
    }
    let target = target?;
    out.push(Command::BeginDrag { target, at });
    Some(super::gesture::Drag {
        target,
        start: app.doc.scene.clone(),
        from: at,
        at: app.drawn_at(),
    })
}

fn key_input(app: &App, ctx: &egui::Context, question: bool, out: &mut Vec<Command>) {
    if is_key_pressed(KeyCode::F1) || question {
        out.push(Command::Help);
    }
    // Shortcuts with Ctrl come from egui's key events, which carry the modifiers held when the
    // key went down (a quick Ctrl+Z may be over before the frame looks at the keyboard). With
    // Shift first: a plain Ctrl+Z pattern would also take Ctrl+Shift+Z.
    use egui::{Key, Modifiers};
    let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
    let shortcuts = [
        (cmd_shift, Key::Z, Command::Redo),
        (Modifiers::COMMAND, Key::Z, Command::Undo),
        (Modifiers::COMMAND, Key::Y, Command::Redo),
        (Modifiers::COMMAND, Key::S, Command::Save),
        (Modifiers::COMMAND, Key::O, Command::PickFile),
        (cmd_shift, Key::E, Command::ExportSvg),
        (Modifiers::COMMAND, Key::E, Command::ExportPng),
    ];
    for (mods, key, command) in shortcuts {
        if ctx.input_mut(|i| i.consume_key(mods, key)) {
            out.push(command);
        }
    }
    // The plain keys also come from egui's events, each press counted with the modifiers held
    // when it went down: two presses that reach one frame (a slow frame, a quick hand) are two
    // steps, and an F that follows Ctrl+Z in the same frame still fits.
    let presses = |key| ctx.input_mut(|i| i.count_and_consume_key(Modifiers::NONE, key));
    if presses(Key::F) > 0 {
        out.push(Command::Fit);
    }
    if presses(Key::P) % 2 == 1 {
        out.push(Command::Present);
    }
    if presses(Key::Escape) > 0 && app.link().pinned.is_some() {
        out.push(Command::Pin(None));
    }
    if presses(Key::M) % 2 == 1 {
        out.push(Command::Convention(app.convention().toggled()));
    }
    if presses(Key::Delete) + presses(Key::Backspace) > 0 {
        out.push(Command::DeleteVertex);
    }
    let (mut step, last) = (app.playback.step, app.steps() - 1);
    let mut moved = false;
    for _ in 0..presses(Key::ArrowRight) {
        step = (step + 1).min(last);
        moved = true;
    }
    for _ in 0..presses(Key::ArrowLeft) {
        step = step.saturating_sub(1);
        moved = true;
    }
    if presses(Key::Home) > 0 {
        (step, moved) = (0, true);
    }
    if presses(Key::End) > 0 {
        (step, moved) = (last, true);
    }
    if moved {
        out.push(Command::Step(step));
    }
    if presses(Key::Space) % 2 == 1 {
        out.push(Command::TogglePlay);
    }
}

//! Everything a person can ask of the window, as data.
//!
//! The panels (`panels.rs`) and the mouse and keys (`input.rs`) read the app and return
//! commands; `App::apply` is the one place that carries them out. Nothing else changes the
//! app's state in response to a person.

use super::gesture::Target;
use crate::figure::PaneId;
use crate::geometry::{DVec2, Source};
use crate::scene::{Demo, Scene};
use glam::Vec2;
use std::path::PathBuf;

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    // What is shown.
    Demo(Demo),
    /// Show this step (from 0), paused.
    Step(usize),
    TogglePlay,
    /// The feature of either pane under the pointer (the panes linked), or none.
    Point(Option<crate::view::link::Feature>),
    /// Pin the highlight of a feature (or clear it: `None`).
    Pin(Option<crate::view::link::Feature>),
    /// Show the moment `t` of the motion in place of the step (`None`: the demo again).
    Time(Option<f64>),
    /// Play or pause the motion.
    ToggleTime,
    /// Steps per second.
    Speed(f32),

    // Editing the scene.
    /// A panel field changed the scene (one undo step until the field is let go).
    Edit(Box<Scene>),
    /// The panel's field edit is over: it becomes one undo step.
    CommitEdit,
    Undo,
    Redo,
    /// Select a polygon vertex for editing, or nothing.
    Select(Option<(Source, usize)>),
    DeleteVertex,
    /// Add a vertex to a polygon's outline after vertex `after`, at `local` (the body's frame).
    InsertVertex {
        which: Source,
        after: usize,
        local: DVec2,
    },

    // The mouse in the panes.
    /// Start dragging `target` from the world point `at` (in the target's pane).
    BeginDrag {
        target: Target,
        at: DVec2,
    },
    /// The drag goes on, the mouse now at the world point `to`; `snap` (Shift) snaps angles.
    DragTo {
        to: DVec2,
        snap: bool,
    },
    /// Start panning `pane` from the screen point `at`.
    BeginPan {
        pane: PaneId,
        at: Vec2,
    },
    /// The pan goes on, the mouse now at the screen point `at`.
    PanTo(Vec2),
    /// Start moving the line between the panes.
    BeginSplit,
    /// The line between the panes follows the mouse to screen x.
    SplitTo(f32),
    /// The button is let go: a drag becomes one undo step.
    EndGesture,
    /// Zoom `pane` by `factor` about the screen point `at`.
    Zoom {
        pane: PaneId,
        at: Vec2,
        factor: f64,
    },
    /// The person places the view: the fitting at start stops.
    StopFitting,
    /// Fit both panes to their content.
    Fit,

    // Files, exports and questions.
    Save,
    SaveAs(PathBuf),
    /// Open this scene file (asking first if there are unsaved changes).
    Open(PathBuf),
    /// Open the scene of a link's fragment (asking first if there are unsaved changes).
    OpenLink(String),
    /// A file dropped on the window: its path, or its bytes (a page is given its name and
    /// bytes).
    Dropped {
        path: Option<PathBuf>,
        bytes: Option<Vec<u8>>,
    },
    /// Ask for a file to open (the browser's picker; on the desktop, the path field).
    PickFile,
    /// Copy a link that opens what is on screen.
    CopyLink,
    /// Close the window (asking first if there are unsaved changes).
    Quit,
    /// The answer about unsaved changes: save first, then go on.
    Answer {
        save_first: bool,
        go_on: bool,
    },
    /// The answer to the offer of a scene kept after a crash: restore (true) or discard.
    Recovery(bool),
    /// Write the window as it is now as a PNG, the view as SVG, the iteration table as CSV,
    /// beside the scene file.
    ExportPng,
    ExportSvg,
    ExportCsv,
    /// Show or hide the help.
    Help,
    /// The pointer is over this body (or its handles) in the world pane, or over neither.
    Hover(Option<Source>),
    /// Presentation mode on or off: text, lines and handles larger, for a projector.
    Present,
    /// Show configuration space as B − A or, mirrored, as A − B.
    Convention(crate::view::convention::Convention),
    /// Tell the person something went wrong, until dismissed.
    Banner(String),
    DismissBanner,
}

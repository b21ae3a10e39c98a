//! The view layer: how a figure is laid out and painted, between the figure (what to draw, in
//! world units) and the two outputs (the window, the SVG writer).
//!
//! * [`camera`]: world units ↔ pixels for one pane; the only place where the two meet.
//! * [`panes`]: the world and configuration-space panes side by side, their cameras, fitting,
//!   and every mark a pane draws (grid, figure, handles, title).
//! * [`grid`], [`handles`], [`fit`]: the grid behind a pane, the editing handles around the
//!   bodies (and which one is under the mouse), the bounds a fit shows.
//! * [`labels`]: where each label goes so that none overlaps another, covers a dot or leaves
//!   its pane.
//! * [`paint`]: the one painter: marks through a camera into the primitives of a small
//!   [`paint::Canvas`] trait. The window and the SVG writer are its two canvases, so they agree
//!   by construction.
//! * [`sheet`]: the view as one picture (a column of text beside the panes) for exports.
//! * [`saved`]: the view as a scene file's `view` object.
//! * [`convention`]: configuration space shown as B − A or, mirrored, as A − B.
//! * [`link`]: the panes linked: the features of each body behind a feature of B − A, and back.
//!
//! Nothing here draws with a library or knows a window: that is the app's canvas.

pub mod camera;
pub mod convention;
pub mod fit;
pub mod grid;
pub mod handles;
pub mod labels;
pub mod link;
pub mod paint;
pub mod panes;
pub mod saved;
pub mod sheet;

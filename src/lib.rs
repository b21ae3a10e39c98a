//! minkowski-lab: collision detection shown in the world and in configuration space.
//!
//! Layers, each knowing only those before it: [`geometry`] (pure math) ← [`scene`] (files) ←
//! [`figure`] (what a demo draws, as marks) ← [`view`] (panes, cameras, the one painter) ←
//! [`app`] (the window) and [`export`] (SVG, CSV, PNG bytes). [`report`] is the command line's
//! JSON answer, from geometry and scene. `main.rs` only parses the command line and dispatches.
//! [`app::host`] holds what differs between a machine and a browser page.

pub mod app;
pub mod atomic_write;
pub mod export;
pub mod figure;
pub mod geometry;
pub mod json_text;
pub mod palette;
pub mod report;
pub mod scene;
pub mod sys;
pub mod view;

//! minkowski-lab: collision detection shown in the world and in configuration space.
//!
//! Layers (each knows only those above it): [`geometry`] (pure math), [`scene`] (files),
//! [`report`] (the command-line answer), and the window ([`app`]). `main.rs` only parses the
//! command line and dispatches.

pub mod app;
pub mod atomic_write;
pub mod export;
pub mod figure;
pub mod geometry;
pub mod json_text;
pub mod palette;
pub mod report;
pub mod scene;

//! The `point_cloud` demo's figure. (Not drawn yet: its builder is being written.)

use super::Figure;
use crate::scene::{PathError, Scene};

/// The figure at `step`.
pub fn build(scene: &Scene, step: usize) -> Result<Figure, PathError> {
    let _ = (scene, step);
    Ok(super::common::not_drawn_yet())
}

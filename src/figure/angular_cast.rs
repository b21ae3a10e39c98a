//! The `angular_cast` demo's figure. (Not drawn yet: its builder is being written.)

use super::Figure;
use crate::scene::{PathError, Scene};

/// The figure at `step`.
pub fn build(scene: &Scene, step: usize) -> Result<Figure, PathError> {
    let _ = (scene, step);
    let mut f = Figure {
        steps: 1,
        ..Figure::default()
    };
    f.readout(
        "this demo",
        "not drawn yet: the shapes and B - A are shown plain",
    );
    Ok(f)
}

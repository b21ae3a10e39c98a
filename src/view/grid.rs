//! The light coordinate grid behind each pane, as marks.
//!
//! Lines every 1, 2 or 5 times a power of ten world units, whichever is the smallest step that
//! leaves at least [`MIN_SPACING_PX`] pixels between lines, with the coordinate of each line
//! written along the pane's bottom and left edges. The axes through the origin are drawn
//! darker. Being marks, the grid is drawn by the same renderer as everything else.

use super::camera::Camera;
use crate::figure::{Mark, Stroke};
use crate::geometry::DVec2;
use crate::palette;

/// Fewest pixels between two grid lines, so the labels never crowd.
pub const MIN_SPACING_PX: f64 = 70.0;
/// Widths of the grid's lines and of the axes through the origin, pixels.
const GRID_WIDTH: f32 = 1.0;
const AXES_WIDTH: f32 = 1.5;
/// Where a coordinate is written: pixels right and down of where its line meets the pane's
/// bottom edge (x) or left edge (y).
const X_LABEL_OFFSET: (f32, f32) = (3.0, -10.0);
const Y_LABEL_OFFSET: (f32, f32) = (4.0, -9.0);

/// The grid step in world units for `scale` pixels per unit: the smallest of 1, 2, 5 × 10^k
/// that is at least [`MIN_SPACING_PX`] pixels.
pub fn step(scale: f64) -> f64 {
    let raw = MIN_SPACING_PX / scale.max(1e-300);
    let base = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * base)
        .find(|s| *s >= raw * (1.0 - 1e-12))
        .unwrap_or(10.0 * base)
}

/// A grid coordinate written with as many decimals as the step needs.
pub fn label(value: f64, step: f64) -> String {
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    let v = if value.abs() < step * 1e-6 {
        0.0
    } else {
        value
    };
    format!("{v:.decimals$}")
}

/// The grid lines, axes and coordinate labels that cover the camera's pane.
pub fn marks(camera: &Camera) -> Vec<Mark> {
    // Lines as far apart, in the camera's mark size, as their labels need.
    let s = step(camera.scale / camera.size.max(1e-3) as f64);
    let (lo, hi) = camera.visible();
    let grid = Stroke::solid(palette::GRID, GRID_WIDTH);
    let axes = Stroke::solid(palette::AXES, AXES_WIDTH);
    let mut lines = Vec::new();
    let mut labels = Vec::new();
    let first = |v: f64| (v / s).ceil() as i64;
    let (ix0, ix1) = (first(lo.x), (hi.x / s).floor() as i64);
    let (iy0, iy1) = (first(lo.y), (hi.y / s).floor() as i64);
    for i in ix0..=ix1.min(ix0 + 400) {
        let x = i as f64 * s;
        let stroke = if i == 0 { axes } else { grid };
        lines.push(Mark::Line {
            point: DVec2::new(x, 0.0),
            direction: DVec2::Y,
            stroke,
        });
        labels.push(Mark::Label {
            at: DVec2::new(x, lo.y),
            text: label(x, s),
            color: palette::AXES,
            offset: X_LABEL_OFFSET,
        });
    }
    for i in iy0..=iy1.min(iy0 + 400) {
        let y = i as f64 * s;
        let stroke = if i == 0 { axes } else { grid };
        lines.push(Mark::Line {
            point: DVec2::new(0.0, y),
            direction: DVec2::X,
            stroke,
        });
        labels.push(Mark::Label {
            at: DVec2::new(lo.x, y),
            text: label(y, s),
            color: palette::AXES,
            offset: Y_LABEL_OFFSET,
        });
    }
    // Axes on top of the other lines.
    lines.sort_by_key(|m| matches!(m, Mark::Line { stroke, .. } if *stroke == axes));
    lines.extend(labels);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::camera::ScreenRect;

    #[test]
    fn step_is_one_two_five() {
        assert_eq!(step(70.0), 1.0);
        assert_eq!(step(100.0), 1.0);
        assert_eq!(step(69.0), 2.0);
        assert_eq!(step(20.0), 5.0);
        assert!((step(700.0) - 0.1).abs() < 1e-12, "{}", step(700.0));
        assert!((step(300.0) - 0.5).abs() < 1e-12, "{}", step(300.0));
        for scale in [1e-3, 0.37, 3.0, 55.5, 1234.0, 1e6] {
            let s = step(scale);
            assert!(s * scale >= MIN_SPACING_PX * (1.0 - 1e-9), "{scale}: {s}");
            assert!(s * scale < MIN_SPACING_PX * 2.5 + 1e-9, "{scale}: {s}");
        }
    }

    #[test]
    fn labels_have_the_decimals_the_step_needs() {
        assert_eq!(label(2.0, 1.0), "2");
        assert_eq!(label(0.5, 0.5), "0.5");
        assert_eq!(label(-0.0, 0.1), "0.0");
        assert_eq!(label(1e-17, 0.1), "0.0");
        assert_eq!(label(20.0, 20.0), "20");
    }

    #[test]
    fn grid_covers_the_pane_and_has_both_axes() {
        let cam = Camera {
            rect: ScreenRect::new(0.0, 0.0, 700.0, 350.0),
            centre: DVec2::ZERO,
            scale: 70.0,
            size: 1.0,
        };
        let m = marks(&cam);
        let vertical = m
            .iter()
            .filter(|m| matches!(m, Mark::Line { direction, .. } if *direction == DVec2::Y))
            .count();
        let horizontal = m
            .iter()
            .filter(|m| matches!(m, Mark::Line { direction, .. } if *direction == DVec2::X))
            .count();
        // x from -5 to 5, y from -2.5 to 2.5 in steps of 1.
        assert_eq!((vertical, horizontal), (11, 5));
        let axes = m
            .iter()
            .filter(|m| matches!(m, Mark::Line { stroke, .. } if stroke.color == palette::AXES))
            .count();
        assert_eq!(axes, 2);
    }
}

//! What "fit to content" fits: the points a pane's marks cover.
//!
//! Infinite lines do not count (they would have no bounds), labels count by their anchor,
//! circles by their bounding box, intervals by their two ends.

use super::camera::bounds;
use crate::figure::Mark;
use crate::geometry::DVec2;

/// The points of `mark` that should be on screen after a fit.
pub fn mark_points(mark: &Mark, out: &mut Vec<DVec2>) {
    match mark {
        Mark::Polygon { points, .. } | Mark::Polyline { points, .. } => out.extend(points),
        Mark::Circle { centre, radius, .. } => {
            let r = DVec2::splat(radius.abs());
            out.extend([*centre - r, *centre + r]);
        }
        Mark::Segment { from, to, .. } | Mark::Arrow { from, to, .. } => out.extend([*from, *to]),
        Mark::Point { at, .. } | Mark::Label { at, .. } => out.push(*at),
        Mark::Interval {
            origin,
            axis,
            min,
            max,
            ..
        } => out.extend([*origin + *axis * *min, *origin + *axis * *max]),
        Mark::Line { .. } => {}
    }
}

/// The box around every mark (and `extra` points), or `None` when there is nothing.
pub fn content_bounds(marks: &[Mark], extra: &[DVec2]) -> Option<(DVec2, DVec2)> {
    let mut pts = extra.to_vec();
    for m in marks {
        mark_points(m, &mut pts);
    }
    bounds(pts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::Stroke;
    use crate::palette;

    #[test]
    fn bounds_cover_circles_and_skip_lines() {
        let marks = vec![
            Mark::Circle {
                centre: DVec2::new(1.0, 1.0),
                radius: 0.5,
                stroke: None,
                fill: None,
            },
            Mark::Line {
                point: DVec2::new(100.0, 100.0),
                direction: DVec2::X,
                stroke: Stroke::solid(palette::GRID, 1.0),
            },
        ];
        assert_eq!(
            content_bounds(&marks, &[DVec2::ZERO]),
            Some((DVec2::ZERO, DVec2::new(1.5, 1.5)))
        );
        assert_eq!(content_bounds(&[], &[]), None);
    }
}

//! Marks to pixels: the only place that draws with macroquad.
//!
//! Shapes (outlines, fills, arrows, dots, intervals, lines) are drawn with macroquad, clipped to
//! the pane; text (labels) goes through egui's painter, whose fonts cover the Unicode the
//! figures use (⊖, ′, Δ). Stroke widths and dot sizes are pixels and stay constant under zoom;
//! radii and positions are world units through the pane's camera. A label's `offset` is in
//! screen pixels (x right, y down) and places the left-centre of the text.
//!
//! Nothing here computes geometry: a figure's marks are drawn as they are.

use super::camera::Camera;
use crate::figure::{Mark, Stroke};
use crate::geometry::DVec2;
use crate::palette::Rgba;
use egui_macroquad::egui;
use macroquad::prelude::*;

/// Dash and gap lengths of dashed strokes, pixels.
pub const DASH_PX: f32 = 7.0;
pub const GAP_PX: f32 = 5.0;
/// Arrow heads: length and half-width, pixels.
pub const HEAD_LEN_PX: f32 = 11.0;
pub const HEAD_HALF_PX: f32 = 5.0;
/// Intervals are drawn this thick, pixels, with end ticks this long.
pub const INTERVAL_PX: f32 = 4.0;
pub const TICK_PX: f32 = 6.0;
/// Size of label text, points.
pub const LABEL_SIZE: f32 = 13.0;
/// The most sides a circle gets (macroquad takes a u8), and pixels of arc per side.
pub const MAX_CIRCLE_SIDES: f32 = 200.0;
pub const CIRCLE_SIDE_PX: f32 = 4.0;
/// Radius of the dot drawn for a circle smaller than a pixel, pixels.
pub const CIRCLE_DOT_PX: f32 = 1.5;

/// The macroquad colour of a palette colour.
pub fn color(c: Rgba) -> Color {
    Color::from_rgba(c.0, c.1, c.2, c.3)
}

/// The egui colour of a palette colour.
pub fn egui_color(c: Rgba) -> egui::Color32 {
    egui::Color32::from_rgba_unmultiplied(c.0, c.1, c.2, c.3)
}

/// Fills the whole window.
pub fn clear(c: Rgba) {
    clear_background(color(c));
}

/// Draws `marks` in the pane of `camera`, in order, clipped to the pane. Labels go to `text`
/// (a painter on egui's background layer, drawn after macroquad).
pub fn draw_marks(marks: &[Mark], camera: &Camera, text: &egui::Painter) {
    let r = camera.rect;
    let dpi = screen_dpi_scale();
    let gl = unsafe { get_internal_gl() };
    gl.quad_gl.scissor(Some((
        (r.x * dpi).round() as i32,
        (r.y * dpi).round() as i32,
        (r.w * dpi).round() as i32,
        (r.h * dpi).round() as i32,
    )));
    let clip = egui::Rect::from_min_size(egui::pos2(r.x, r.y), egui::vec2(r.w, r.h));
    let text = text.with_clip_rect(clip);
    for mark in marks {
        draw_mark(mark, camera, &text);
    }
    unsafe { get_internal_gl() }.quad_gl.scissor(None);
}

/// A line between two screen points as `stroke` says (solid or dashed).
fn stroke_line(p: Vec2, q: Vec2, stroke: &Stroke) {
    let c = color(stroke.color);
    if !stroke.dashed {
        draw_line(p.x, p.y, q.x, q.y, stroke.width, c);
        return;
    }
    let len = (q - p).length();
    if len <= 0.0 || !len.is_finite() {
        return;
    }
    let u = (q - p) / len;
    let mut s = 0.0;
    // Bounded: a dashed line far off screen is not drawn dash by dash forever.
    let mut n = 0;
    while s < len && n < 4000 {
        let e = (s + DASH_PX).min(len);
        let (a, b) = (p + u * s, p + u * e);
        draw_line(a.x, a.y, b.x, b.y, stroke.width, c);
        s += DASH_PX + GAP_PX;
        n += 1;
    }
}

/// Dashed paths of more segments than this are drawn solid.
pub const MAX_DASHED_SEGMENTS: usize = 2048;
/// Paths of more points than this are drawn through every k-th point, this many at most.
pub const MAX_DRAWN_SEGMENTS: usize = 4096;

/// Paths of more points than this get no round joints.
pub const MAX_JOINT_DOTS: usize = 64;

/// Screen points of a path closer than this to the last one kept are skipped: a 1,000-gon
/// whose vertices crowd within a pixel is drawn with the points that show.
pub const DECIMATE_PX: f32 = 0.75;

/// The points of a path with those within [`DECIMATE_PX`] of the previous kept point dropped
/// (the last point of an open path is always kept, so it ends where it should). Pure: the SVG
/// writer thins its paths with it too.
pub(crate) fn decimated(points: impl Iterator<Item = Vec2>, closed: bool) -> Vec<Vec2> {
    let mut out: Vec<Vec2> = Vec::new();
    let mut last_dropped = None;
    for p in points {
        match out.last() {
            Some(q) if (p - *q).length() < DECIMATE_PX => last_dropped = Some(p),
            _ => {
                out.push(p);
                last_dropped = None;
            }
        }
    }
    if let (false, Some(p)) = (closed, last_dropped) {
        out.push(p);
    }
    out
}

fn screen(camera: &Camera, p: DVec2) -> Vec2 {
    let s = camera.to_screen(p);
    vec2(s.x, s.y)
}

/// A closed or open path through screen points; joints are rounded with dots on thick lines.
fn stroke_path(pts: &[Vec2], closed: bool, stroke: &Stroke) {
    let n = pts.len();
    if n < 2 {
        return;
    }
    // A path of very many segments that the decimation did not thin (the outline as given of a
    // 100,000-point cloud is a scribble across the shape) would cost seconds a frame in dashes
    // and long lines: it is drawn solid beyond MAX_DASHED_SEGMENTS, and through every k-th
    // point beyond MAX_DRAWN_SEGMENTS.
    let thinned: Vec<Vec2>;
    let pts = if n > MAX_DRAWN_SEGMENTS {
        let k = n.div_ceil(MAX_DRAWN_SEGMENTS);
        let mut kept: Vec<Vec2> = pts.iter().step_by(k).copied().collect();
        if !closed && !(n - 1).is_multiple_of(k) {
            kept.push(pts[n - 1]); // an open path still ends where it should
        }
        thinned = kept;
        &thinned[..]
    } else {
        pts
    };
    let n = pts.len();
    let segments = if closed { n } else { n - 1 };
    let solid;
    let stroke = if stroke.dashed && segments > MAX_DASHED_SEGMENTS {
        solid = Stroke {
            dashed: false,
            ..*stroke
        };
        &solid
    } else {
        stroke
    };
    for i in 0..segments {
        stroke_line(pts[i], pts[(i + 1) % n], stroke);
    }
    // Round joints matter at sharp corners; a path of many points turns a little at each, and
    // the dots would cost more than everything else.
    if stroke.width >= 2.0 && !stroke.dashed && n <= MAX_JOINT_DOTS {
        for p in pts {
            draw_circle(p.x, p.y, stroke.width / 2.0, color(stroke.color));
        }
    }
}

fn fill_convex(pts: &[Vec2], fill: Rgba) {
    if pts.len() < 3 {
        return;
    }
    let c = color(fill);
    for i in 1..pts.len() - 1 {
        draw_triangle(pts[0], pts[i], pts[i + 1], c);
    }
}

fn circle_points(centre: Vec2, radius: f32) -> Vec<Vec2> {
    let sides = (std::f32::consts::TAU * radius / CIRCLE_SIDE_PX).clamp(12.0, MAX_CIRCLE_SIDES);
    let n = sides as usize;
    (0..n)
        .map(|i| {
            let a = std::f32::consts::TAU * i as f32 / n as f32;
            centre + vec2(a.cos(), a.sin()) * radius
        })
        .collect()
}

fn draw_mark(mark: &Mark, camera: &Camera, text: &egui::Painter) {
    match mark {
        Mark::Polygon {
            points,
            stroke,
            fill,
            convex,
        } => {
            let pts = decimated(points.iter().map(|&p| screen(camera, p)), true);
            if let (Some(f), true) = (fill, convex) {
                fill_convex(&pts, *f);
            }
            if let Some(s) = stroke {
                stroke_path(&pts, true, s);
            }
        }
        Mark::Polyline { points, stroke } => {
            let pts = decimated(points.iter().map(|&p| screen(camera, p)), false);
            stroke_path(&pts, false, stroke);
        }
        Mark::Circle {
            centre,
            radius,
            stroke,
            fill,
        } => {
            let c = screen(camera, *centre);
            let r = (*radius * camera.scale) as f32;
            if !(r.is_finite() && c.is_finite()) {
                return;
            }
            if r < 1.0 {
                // A point-sized circle: a dot, so it stays visible.
                let col = stroke.map(|s| s.color).or(*fill);
                if let Some(col) = col {
                    draw_circle(c.x, c.y, CIRCLE_DOT_PX, color(col));
                }
                return;
            }
            let pts = circle_points(c, r);
            if let Some(f) = fill {
                fill_convex(&pts, *f);
            }
            if let Some(s) = stroke {
                stroke_path(&pts, true, s);
            }
        }
        Mark::Segment { from, to, stroke } => {
            stroke_line(screen(camera, *from), screen(camera, *to), stroke);
        }
        Mark::Arrow { from, to, stroke } => {
            let (p, q) = (screen(camera, *from), screen(camera, *to));
            let d = q - p;
            let len = d.length();
            if len < 0.5 || !len.is_finite() {
                draw_circle(q.x, q.y, stroke.width, color(stroke.color));
                return;
            }
            let u = d / len;
            let head = HEAD_LEN_PX.min(len * 0.6);
            stroke_line(p, q - u * head * 0.8, stroke);
            let n = vec2(-u.y, u.x) * (HEAD_HALF_PX * head / HEAD_LEN_PX + stroke.width * 0.3);
            let base = q - u * head;
            draw_triangle(q, base + n, base - n, color(stroke.color));
        }
        Mark::Point { at, color: c, size } => {
            let p = screen(camera, *at);
            draw_circle(p.x, p.y, size / 2.0, color(*c));
        }
        Mark::Interval {
            origin,
            axis,
            min,
            max,
            offset,
            color: c,
        } => {
            let (p, q) = (
                screen(camera, *origin + *axis * *min),
                screen(camera, *origin + *axis * *max),
            );
            // The screen normal of the axis (y flipped), pointing to the axis' left.
            let s_axis = vec2(axis.x as f32, -axis.y as f32).normalize_or_zero();
            let side = vec2(s_axis.y, -s_axis.x);
            let (p, q) = (p + side * *offset, q + side * *offset);
            let col = color(*c);
            draw_line(p.x, p.y, q.x, q.y, INTERVAL_PX, col);
            for e in [p, q] {
                let (a, b) = (e + side * TICK_PX, e - side * TICK_PX);
                draw_line(a.x, a.y, b.x, b.y, 1.5, col);
            }
        }
        Mark::Line {
            point,
            direction,
            stroke,
        } => {
            let p = screen(camera, *point);
            let d = vec2(direction.x as f32, -direction.y as f32).normalize_or_zero();
            if d == Vec2::ZERO || !p.is_finite() {
                return;
            }
            // Long enough to cross the pane from the foot of the pane centre on the line.
            let r = camera.rect;
            let c = vec2(r.x + r.w / 2.0, r.y + r.h / 2.0);
            let foot = p + d * (c - p).dot(d);
            let half = r.w + r.h;
            stroke_line(foot - d * half, foot + d * half, stroke);
        }
        Mark::Label {
            at,
            text: t,
            color: c,
            offset,
        } => {
            let p = screen(camera, *at) + vec2(offset.0, offset.1);
            if p.is_finite() {
                text.text(
                    egui::pos2(p.x, p.y),
                    egui::Align2::LEFT_CENTER,
                    super::displayable(t),
                    egui::FontId::proportional(LABEL_SIZE),
                    egui_color(*c),
                );
            }
        }
    }
}

/// A vertical line on screen between the panes, pixels.
pub fn divider(x: f32, top: f32, bottom: f32, c: Rgba, width: f32) {
    draw_line(x, top, x, bottom, width, color(c));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimation_drops_crowded_points_and_keeps_the_ends() {
        let pts = [0.0, 0.3, 0.6, 1.0, 1.2, 5.0, 5.1].map(|x| vec2(x, 0.0));
        let open = decimated(pts.into_iter(), false);
        assert_eq!(open, [0.0, 1.0, 5.0, 5.1].map(|x| vec2(x, 0.0)));
        let closed = decimated(pts.into_iter(), true);
        assert_eq!(closed, [0.0, 1.0, 5.0].map(|x| vec2(x, 0.0)));
        // A path whose points are all apart is unchanged.
        let apart = [0.0, 2.0, 4.0].map(|x| vec2(x, 1.0));
        assert_eq!(decimated(apart.into_iter(), false), apart);
    }
}

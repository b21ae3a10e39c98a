//! The window as a canvas: the only code that draws with macroquad.
//!
//! The painter (`view::paint`) decides what every mark looks like; this draws its primitives.
//! Lines, paths, circles and fills go through macroquad, clipped to the group's rectangle by the
//! GPU's scissor; text goes through egui's painter, whose fonts cover the Unicode the figures
//! use once [`displayable`] has replaced what they lack. Dashes start afresh on each segment of
//! a path, and the joints of thick solid paths of few points are rounded with dots.

use crate::palette::Rgba;
use crate::view::camera::ScreenRect;
use crate::view::paint::{Canvas, Pen, TextStyle, DASH_PX, GAP_PX};
use egui_macroquad::egui;
use macroquad::prelude::*;

/// The most sides a circle gets, and pixels of arc per side.
pub const MAX_CIRCLE_SIDES: f32 = 200.0;
pub const MIN_CIRCLE_SIDES: f32 = 12.0;
pub const CIRCLE_SIDE_PX: f32 = 4.0;
/// Paths of more points than this get no round joints (a path of many points turns a little at
/// each, and the dots would cost more than everything else).
pub const MAX_JOINT_DOTS: usize = 64;
/// The most dashes one line gets: a dashed line far off screen is not drawn dash by dash.
pub const MAX_DASHES: usize = 4000;

/// Characters egui's built-in fonts lack, and what is shown instead: B ⊖ A (the Minkowski
/// difference) is written B − A as the first article writes it; primes become apostrophes.
pub const SUBSTITUTES: [(char, &str); 3] = [
    ('\u{2296}', "\u{2212}"),
    ('\u{2032}', "'"),
    ('\u{2033}', "\""),
];

/// `text` with every character of [`SUBSTITUTES`] replaced.
pub fn displayable(text: &str) -> String {
    let mut out = text.to_string();
    for (c, s) in SUBSTITUTES {
        if out.contains(c) {
            out = out.replace(c, s);
        }
    }
    out
}

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

/// The window's canvas for one frame. Text goes to `text`, a painter on egui's background
/// layer (drawn after macroquad).
pub struct WindowCanvas {
    text: egui::Painter,
    /// The painter as given, for when a clipped group ends.
    unclipped: egui::Painter,
    /// Screen pixels to one of egui's points (more than 1 in presentation mode): the painter
    /// places text in points, the canvas is handed pixels.
    pixels_per_point: f32,
}

impl WindowCanvas {
    pub fn new(text: egui::Painter) -> WindowCanvas {
        let pixels_per_point = text.ctx().pixels_per_point();
        WindowCanvas {
            unclipped: text.clone(),
            text,
            pixels_per_point,
        }
    }

    /// Screen pixels as egui points.
    fn points(&self, p: Vec2) -> egui::Pos2 {
        egui::pos2(p.x, p.y) / self.pixels_per_point
    }
}

fn scissor(rect: Option<ScreenRect>) {
    let dpi = screen_dpi_scale();
    let gl = unsafe { get_internal_gl() };
    gl.quad_gl.scissor(rect.map(|r| {
        (
            (r.x * dpi).round() as i32,
            (r.y * dpi).round() as i32,
            (r.w * dpi).round() as i32,
            (r.h * dpi).round() as i32,
        )
    }));
}

/// A line as `pen` says (solid or dashed).
fn stroke_line(p: Vec2, q: Vec2, pen: Pen) {
    let c = color(pen.color);
    if !pen.dashed {
        draw_line(p.x, p.y, q.x, q.y, pen.width, c);
        return;
    }
    let len = (q - p).length();
    if len <= 0.0 || !len.is_finite() {
        return;
    }
    let u = (q - p) / len;
    let mut s = 0.0;
    let mut n = 0;
    while s < len && n < MAX_DASHES {
        let e = (s + DASH_PX).min(len);
        let (a, b) = (p + u * s, p + u * e);
        draw_line(a.x, a.y, b.x, b.y, pen.width, c);
        s += DASH_PX + GAP_PX;
        n += 1;
    }
}

/// A path through `pts`, closed or open.
fn stroke_path(pts: &[Vec2], closed: bool, pen: Pen) {
    let n = pts.len();
    if n < 2 {
        return;
    }
    let segments = if closed { n } else { n - 1 };
    for i in 0..segments {
        stroke_line(pts[i], pts[(i + 1) % n], pen);
    }
    if pen.round && n <= MAX_JOINT_DOTS {
        for p in pts {
            draw_circle(p.x, p.y, pen.width / 2.0, color(pen.color));
        }
    }
}

/// Fills a convex outline as a fan of triangles.
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
    let sides =
        (std::f32::consts::TAU * radius / CIRCLE_SIDE_PX).clamp(MIN_CIRCLE_SIDES, MAX_CIRCLE_SIDES);
    let n = sides as usize;
    (0..n)
        .map(|i| {
            let a = std::f32::consts::TAU * i as f32 / n as f32;
            centre + vec2(a.cos(), a.sin()) * radius
        })
        .collect()
}

impl Canvas for WindowCanvas {
    fn begin_group(&mut self, _id: &str, clip: Option<(&str, ScreenRect)>) {
        if let Some((_, r)) = clip {
            scissor(Some(r));
            let rect = egui::Rect::from_min_max(
                self.points(Vec2::new(r.x, r.y)),
                self.points(Vec2::new(r.x + r.w, r.y + r.h)),
            );
            self.text = self.unclipped.with_clip_rect(rect);
        }
    }

    fn end_group(&mut self) {
        scissor(None);
        self.text = self.unclipped.clone();
    }

    fn line(&mut self, from: Vec2, to: Vec2, pen: Pen) {
        stroke_line(from, to, pen);
    }

    fn polyline(&mut self, points: &[Vec2], pen: Pen) {
        stroke_path(points, false, pen);
    }

    fn polygon(&mut self, points: &[Vec2], fill: Option<Rgba>, pen: Option<Pen>) {
        if let Some(f) = fill {
            fill_convex(points, f);
        }
        if let Some(p) = pen {
            stroke_path(points, true, p);
        }
    }

    fn circle(&mut self, centre: Vec2, radius: f32, fill: Option<Rgba>, pen: Option<Pen>) {
        self.polygon(&circle_points(centre, radius), fill, pen);
    }

    fn dot(&mut self, centre: Vec2, radius: f32, c: Rgba) {
        draw_circle(centre.x, centre.y, radius, color(c));
    }

    fn text(&mut self, at: Vec2, text: &str, style: TextStyle) {
        let size = style.size / self.pixels_per_point;
        let font = if style.monospace {
            egui::FontId::monospace(size)
        } else {
            egui::FontId::proportional(size)
        };
        self.text.text(
            self.points(at),
            egui::Align2::LEFT_CENTER,
            displayable(text),
            font,
            egui_color(style.color),
        );
    }

    fn rect(&mut self, r: ScreenRect, _corner: f32, fill: Rgba) {
        draw_rectangle(r.x, r.y, r.w, r.h, color(fill));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displayable_replaces_what_the_fonts_lack() {
        assert_eq!(displayable("B \u{2296} A, A\u{2032}"), "B \u{2212} A, A'");
        assert_eq!(displayable("plain"), "plain");
    }

    #[test]
    fn circles_have_sides_by_their_size_within_bounds() {
        assert_eq!(circle_points(Vec2::ZERO, 1.0).len(), 12);
        assert_eq!(circle_points(Vec2::ZERO, 1e6).len(), 200);
        let p = circle_points(Vec2::new(5.0, 5.0), 50.0);
        assert!(p
            .iter()
            .all(|q| ((*q - Vec2::new(5.0, 5.0)).length() - 50.0).abs() < 1e-3));
    }
}

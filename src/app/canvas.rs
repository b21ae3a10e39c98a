//! The window as a canvas: the only code that draws with macroquad.
//!
//! The painter (`view::paint`) decides what every mark looks like; this draws its primitives.
//! Every mark goes through egui's painter, clipped to the group's rectangle, with its edges
//! smoothed as egui smooths its shapes (the window is not multisampled): solid paths and fills
//! as meshes built by [`strokes`] (cheaper for a software rasterizer, and merged where no pixel
//! tells their segments apart), the rest as egui's shapes. egui's fonts cover the Unicode the
//! figures use once [`displayable`] has replaced what they lack. Dashes start afresh on each
//! segment of a path, and the joints of thick solid paths of few points are rounded with dots.
//! Only the window's background is cleared with macroquad.

use super::strokes;
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

/// The egui colour of a palette colour, premultiplied by its alpha as the window blends it: in
/// gamma space (egui-miniquad blends the colours as they are, `1, 1 − α`). egui's own
/// `from_rgba_unmultiplied` premultiplies in linear light, which on this blending makes a
/// translucent mark brighter than what is under it (a grey fill came out white).
pub fn egui_color(c: Rgba) -> egui::Color32 {
    let times_alpha = |x: u8| ((u16::from(x) * u16::from(c.3) + 127) / 255) as u8;
    egui::Color32::from_rgba_premultiplied(
        times_alpha(c.0),
        times_alpha(c.1),
        times_alpha(c.2),
        c.3,
    )
}

/// Fills the whole window.
pub fn clear(c: Rgba) {
    clear_background(color(c));
}

/// A rectangle of the window (pixels) filled with one opaque colour under everything egui
/// draws: a panel's background.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Backdrop {
    pub rect: Rect,
    pub color: Color,
}

impl Backdrop {
    /// The backdrop of egui's `rect` (points, `pixels_per_point` pixels each) in `fill`.
    pub fn new(rect: egui::Rect, fill: egui::Color32, pixels_per_point: f32) -> Backdrop {
        let [r, g, b, _] = fill.to_array();
        Backdrop {
            rect: Rect::new(
                rect.min.x * pixels_per_point,
                rect.min.y * pixels_per_point,
                rect.width() * pixels_per_point,
                rect.height() * pixels_per_point,
            ),
            color: Color::from_rgba(r, g, b, 255),
        }
    }
}

/// A vertex and a fragment shader that paint a colour as it is: no texture, no blending.
const OPAQUE_VERTEX: &str = "#version 100
attribute vec3 position;
attribute vec4 color0;
varying lowp vec4 color;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
}";
const OPAQUE_FRAGMENT: &str = "#version 100
varying lowp vec4 color;
void main() {
    gl_FragColor = color;
}";

thread_local! {
    /// The material of [`paint_backdrops`], made on first use (it needs the window's GL);
    /// `None` if the shaders would not build, and the default material is used.
    static OPAQUE: std::cell::OnceCell<Option<Material>> = const { std::cell::OnceCell::new() };
}

/// Paints `backdrops` with macroquad, to be drawn before egui's shapes: opaque and without a
/// texture, which a software rasterizer (Mesa's llvmpipe) paints in a quarter of the time egui
/// takes to fill a panel (its fills are blended and sample a texture at every pixel).
pub fn paint_backdrops(backdrops: &[Backdrop]) {
    if backdrops.is_empty() {
        return;
    }
    OPAQUE.with(|cell| {
        let material = cell.get_or_init(|| {
            let source = ShaderSource::Glsl {
                vertex: OPAQUE_VERTEX,
                fragment: OPAQUE_FRAGMENT,
            };
            let params = MaterialParams {
                pipeline_params: PipelineParams {
                    color_blend: None,
                    ..Default::default()
                },
                ..Default::default()
            };
            load_material(source, params).ok()
        });
        if let Some(m) = material {
            gl_use_material(m);
        }
        for b in backdrops {
            draw_rectangle(b.rect.x, b.rect.y, b.rect.w, b.rect.h, b.color);
        }
        gl_use_default_material();
    });
}

/// The window's canvas for one frame: every mark becomes one of egui's shapes on `painter`, a
/// painter on egui's background layer (under the panels). egui draws its shapes with edges
/// smoothed over a pixel (feathering), so the window needs no multisampling, which costs four
/// times the pixels with software GL. Text goes on top of the rest of the figure, as a figure's
/// labels must: it is kept aside and added after the other marks ([`WindowCanvas::finish`]).
pub struct WindowCanvas {
    painter: egui::Painter,
    /// The painter as given, for when a clipped group ends.
    unclipped: egui::Painter,
    /// Text, with the painter (its clip) it was drawn with, added last.
    texts: Vec<(egui::Painter, egui::Shape)>,
    /// Solid lines drawn end to end with pens of one width, kept as one path until a mark
    /// that does not continue it: an MD's edges, one segment each in its shape's colour, are
    /// drawn as one mesh (see [`strokes`]).
    run: Option<Run>,
    /// Screen pixels to one of egui's points (more than 1 in presentation mode): the painter
    /// places marks in points, the canvas is handed pixels.
    pixels_per_point: f32,
}

/// Solid lines drawn end to end, `width` pixels wide, each in its colour.
struct Run {
    width: f32,
    points: Vec<egui::Pos2>,
    colours: Vec<egui::Color32>,
}

impl WindowCanvas {
    pub fn new(painter: egui::Painter) -> WindowCanvas {
        let pixels_per_point = painter.ctx().pixels_per_point();
        WindowCanvas {
            unclipped: painter.clone(),
            painter,
            texts: Vec::new(),
            run: None,
            pixels_per_point,
        }
    }

    /// Adds the text kept aside, over everything else drawn.
    pub fn finish(mut self) {
        self.end_run();
        for (painter, text) in self.texts {
            painter.add(text);
        }
    }

    /// Screen pixels as egui points.
    fn points(&self, p: Vec2) -> egui::Pos2 {
        egui::pos2(p.x, p.y) / self.pixels_per_point
    }

    fn all_points(&self, pts: &[Vec2]) -> Vec<egui::Pos2> {
        pts.iter().map(|&p| self.points(p)).collect()
    }

    /// A pen as egui's stroke: its width in points.
    fn stroke(&self, pen: Pen) -> egui::Stroke {
        egui::Stroke::new(pen.width / self.pixels_per_point, egui_color(pen.color))
    }

    /// Draws the run of lines kept so far.
    fn end_run(&mut self) {
        if let Some(run) = self.run.take() {
            if let (&[from, to], &[colour]) = (&run.points[..], &run.colours[..]) {
                // One segment as egui draws it: set on pixel centres, so a grid line is crisp.
                let stroke = egui::Stroke::new(run.width / self.pixels_per_point, colour);
                self.painter.line_segment([from, to], stroke);
                return;
            }
            self.add_stroke(&run.points, &run.colours, run.width);
        }
    }

    /// The path through `points` (egui's points), segment `i` in `colours[i]`, `width` pixels
    /// wide, merged for the screen and drawn as one mesh (see [`strokes`]).
    fn add_stroke(&self, points: &[egui::Pos2], colours: &[egui::Color32], width: f32) {
        let pixel = 1.0 / self.pixels_per_point;
        let (points, colours) = strokes::for_display(points, colours, pixel);
        let mut mesh = egui::Mesh::default();
        strokes::stroke(&points, &colours, width * pixel, pixel, &mut mesh);
        self.painter.add(egui::Shape::mesh(mesh));
    }

    /// A line as `pen` says (solid or dashed).
    fn stroke_line(&self, p: Vec2, q: Vec2, pen: Pen) {
        let stroke = self.stroke(pen);
        let ends = [self.points(p), self.points(q)];
        if !pen.dashed {
            self.painter.line_segment(ends, stroke);
            return;
        }
        let len = (q - p).length();
        if len <= 0.0 || !len.is_finite() {
            return;
        }
        // At most MAX_DASHES dashes: a dashed line far off screen is not drawn dash by dash.
        let dash = DASH_PX.max(len / MAX_DASHES as f32 - GAP_PX) / self.pixels_per_point;
        let gap = GAP_PX / self.pixels_per_point;
        self.painter
            .extend(egui::Shape::dashed_line(&ends, stroke, dash, gap));
    }

    /// A path through `pts`, closed or open.
    fn stroke_path(&self, pts: &[Vec2], closed: bool, pen: Pen) {
        let n = pts.len();
        if n < 2 {
            return;
        }
        if pen.dashed {
            // Dashes start afresh on each segment, as in the exported pictures.
            let segments = if closed { n } else { n - 1 };
            for i in 0..segments {
                self.stroke_line(pts[i], pts[(i + 1) % n], pen);
            }
        } else {
            let mut points = self.all_points(pts);
            if closed {
                points.push(points[0]);
            }
            let colours = vec![egui_color(pen.color); points.len() - 1];
            self.add_stroke(&points, &colours, pen.width);
        }
        if pen.round && n <= MAX_JOINT_DOTS {
            let radius = pen.width / 2.0 / self.pixels_per_point;
            for &p in pts {
                self.painter
                    .circle_filled(self.points(p), radius, egui_color(pen.color));
            }
        }
    }
}

impl Canvas for WindowCanvas {
    fn begin_group(&mut self, _id: &str, clip: Option<(&str, ScreenRect)>) {
        self.end_run();
        if let Some((_, r)) = clip {
            let rect = egui::Rect::from_min_max(
                self.points(Vec2::new(r.x, r.y)),
                self.points(Vec2::new(r.x + r.w, r.y + r.h)),
            );
            self.painter = self.unclipped.with_clip_rect(rect);
        }
    }

    fn end_group(&mut self) {
        self.end_run();
        self.painter = self.unclipped.clone();
    }

    fn line(&mut self, from: Vec2, to: Vec2, pen: Pen) {
        if pen.dashed {
            self.end_run();
            self.stroke_line(from, to, pen);
            return;
        }
        let (from, to) = (self.points(from), self.points(to));
        let colour = egui_color(pen.color);
        if let Some(run) = &mut self.run {
            if run.width == pen.width && run.points.last() == Some(&from) {
                run.points.push(to);
                run.colours.push(colour);
                return;
            }
        }
        self.end_run();
        self.run = Some(Run {
            width: pen.width,
            points: vec![from, to],
            colours: vec![colour],
        });
    }

    fn polyline(&mut self, points: &[Vec2], pen: Pen) {
        self.end_run();
        self.stroke_path(points, false, pen);
    }

    fn polygon(&mut self, points: &[Vec2], fill: Option<Rgba>, pen: Option<Pen>) {
        self.end_run();
        if let Some(f) = fill {
            if points.len() >= 3 {
                let feathering = 1.0 / self.pixels_per_point;
                let outline = strokes::outline_for_display(
                    &self.all_points(points),
                    true,
                    1.0 / self.pixels_per_point,
                );
                let fill = strokes::convex_fill(&outline, egui_color(f), feathering);
                self.painter.add(egui::Shape::mesh(fill));
            }
        }
        if let Some(p) = pen {
            self.stroke_path(points, true, p);
        }
    }

    fn circle(&mut self, centre: Vec2, radius: f32, fill: Option<Rgba>, pen: Option<Pen>) {
        self.polygon(&circle_points(centre, radius), fill, pen);
    }

    fn dot(&mut self, centre: Vec2, radius: f32, c: Rgba) {
        self.end_run();
        let radius = radius / self.pixels_per_point;
        self.painter
            .circle_filled(self.points(centre), radius, egui_color(c));
    }

    fn text(&mut self, at: Vec2, text: &str, style: TextStyle) {
        let size = style.size / self.pixels_per_point;
        let font = if style.monospace {
            egui::FontId::monospace(size)
        } else {
            egui::FontId::proportional(size)
        };
        let galley = self
            .painter
            .layout_no_wrap(displayable(text), font, egui_color(style.color));
        // Left-aligned, centred on `at` vertically.
        let at = self.points(at) - egui::vec2(0.0, galley.size().y / 2.0);
        let shape = egui::Shape::galley(at, galley, egui_color(style.color));
        self.texts.push((self.painter.clone(), shape));
    }

    fn rect(&mut self, r: ScreenRect, _corner: f32, fill: Rgba) {
        self.end_run();
        let rect = egui::Rect::from_min_max(
            self.points(Vec2::new(r.x, r.y)),
            self.points(Vec2::new(r.x + r.w, r.y + r.h)),
        );
        self.painter.rect_filled(rect, 0.0, egui_color(fill));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translucent_colours_are_premultiplied_in_gamma_space() {
        // 40/255 of a grey over a light background must darken it, as macroquad's blending did.
        let c = egui_color(Rgba(120, 120, 140, 40));
        assert_eq!(c.to_array(), [19, 19, 22, 40]);
        let over = |under: u8| u16::from(c.r()) + u16::from(under) * (255 - 40) / 255;
        assert!(over(250) < 250);
        assert_eq!(
            egui_color(Rgba(10, 20, 30, 255)).to_array(),
            [10, 20, 30, 255]
        );
    }

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

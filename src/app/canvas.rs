//! The window as a canvas: the only code that draws with macroquad.
//!
//! The painter (`view::paint`) decides what every mark looks like; this draws its primitives.
//! Every mark but text becomes part of a mesh built by [`strokes`], its edges smoothed as egui
//! smooths its shapes (the window is not multisampled), cut at the group's rectangle, and
//! painted with macroquad under egui's shapes ([`paint_under_egui`]), as are the panels' own
//! shapes that need no texture ([`take_plain_shapes`]). Text is egui's; its fonts
//! cover the Unicode the figures use once [`displayable`] has replaced what they lack. Dashes
//! start afresh on each segment of a path, and the joints of thick solid paths of few points
//! are rounded with dots.

use super::strokes;
use crate::palette::Rgba;
use crate::view::camera::ScreenRect;
use crate::view::paint::{Canvas, Pen, TextStyle, DASH_PX, GAP_PX};
use egui_macroquad::egui;
use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation, PassAction};
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

/// Fills the whole window with `c`, and nothing else: the window's depth and stencil buffer
/// is left as it is, since nothing here tests or writes it (macroquad's 2D drawing, egui's
/// painter and [`paint_under_egui`]'s materials all draw with the depth test off).
/// macroquad's `clear_background` clears the depth as well but not the stencil, and on the
/// window's combined depth-stencil buffer a software rasterizer (Mesa's llvmpipe, what a VM
/// or a remote desktop gives) then rewrites every pixel's depth under a mask that keeps its
/// stencil: a tenth of the rasterizer's time for two 1,000-gons (issue 26).
pub fn clear(c: Rgba) {
    let gl = unsafe { get_internal_gl() };
    // As `clear_background` does: what was batched before the clear is dropped (it would be
    // painted over), and the window is the target (no render target is set while a frame is
    // drawn to it).
    gl.quad_gl.clear_draw_calls();
    let k = color(c);
    gl.quad_context.begin_default_pass(PassAction::Clear {
        color: Some((k.r, k.g, k.b, k.a)),
        depth: None,
        stencil: None,
    });
    gl.quad_context.end_render_pass();
}

/// The figure's marks other than text, as a mesh in screen pixels (colours premultiplied as
/// [`egui_color`] makes them), cut at `clip` (pixels) if given: one per group of marks, and a
/// new one each time the group turns from fills to strokes or back.
#[derive(Clone, Debug, Default)]
pub struct Layer {
    clip: Option<ScreenRect>,
    /// Strokes, whose smoothing across their width the shader paints (from their vertices'
    /// `uv`), or fills, whose smoothed edges are their own vertices'.
    strokes: bool,
    mesh: egui::Mesh,
}

/// The shaders of [`paint_under_egui`]: each vertex's colour, without a texture, blended
/// `1, 1 − α` (the colours are premultiplied); for strokes, times their smoothing across
/// their width: `uv` holds a stroke vertex's distance across and how wide the stroke is
/// smoothed ([`strokes::across`]). Fills have a shader without that step: one shader for both
/// cost a software rasterizer (Mesa's llvmpipe) a tenth more instructions a frame for two
/// 1,000-gons, most of them on the fills' pixels.
const VERTEX: &str = "#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;
varying lowp vec4 color;
varying mediump vec2 across;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
    across = texcoord;
}";
const STROKE_FRAGMENT: &str = "#version 100
varying lowp vec4 color;
varying mediump vec2 across;
void main() {
    gl_FragColor = color * clamp(1.0 + across.y - abs(across.x), 0.0, 1.0);
}";
const FILL_FRAGMENT: &str = "#version 100
varying lowp vec4 color;
void main() {
    gl_FragColor = color;
}";

/// The materials of [`paint_under_egui`], for fills and for strokes; `None` where their
/// shaders would not build, and macroquad's own material is used (the same picture but for
/// the strokes' smoothing, a little slower).
struct Materials {
    fills: Option<Material>,
    strokes: Option<Material>,
}

impl Materials {
    fn load() -> Materials {
        let premultiplied = Some(BlendState::new(
            Equation::Add,
            BlendFactor::One,
            BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
        ));
        let material = |fragment| {
            let source = ShaderSource::Glsl {
                vertex: VERTEX,
                fragment,
            };
            let pipeline_params = PipelineParams {
                color_blend: premultiplied,
                alpha_blend: premultiplied,
                ..Default::default()
            };
            let params = MaterialParams {
                pipeline_params,
                ..Default::default()
            };
            load_material(source, params).ok()
        };
        Materials {
            fills: material(FILL_FRAGMENT),
            strokes: material(STROKE_FRAGMENT),
        }
    }
}

thread_local! {
    /// Made on first use: they need the window's GL.
    static MATERIALS: std::cell::OnceCell<Materials> = const { std::cell::OnceCell::new() };
}

/// Triangles a call to macroquad's batcher takes at most (a draw call holds 5,000 indices).
const TRIANGLES_A_CALL: usize = 1600;

/// Paints, with macroquad, `layers` (the figure's, then the panels' plain shapes
/// [`take_plain_shapes`] took from egui) under egui's shapes (its text, over them). Call
/// between `egui_macroquad::ui` and `egui_macroquad::draw`. They are painted without egui's
/// texture, which a software rasterizer (Mesa's llvmpipe, what a VM or a remote desktop
/// gives) spends most of a frame sampling at every pixel of every fill (issue 26).
pub fn paint_under_egui(layers: &[Layer]) {
    if layers.is_empty() {
        return;
    }
    MATERIALS.with(|cell| {
        let materials = cell.get_or_init(Materials::load);
        // macroquad's units are the screen's pixels over its scale.
        let per_pixel = 1.0 / screen_dpi_scale();
        for layer in layers {
            let material = match layer.strokes {
                true => &materials.strokes,
                false => &materials.fills,
            };
            match material {
                Some(m) => gl_use_material(m),
                None => gl_use_default_material(),
            }
            let gl = unsafe { get_internal_gl() }.quad_gl;
            gl.scissor(layer.clip.map(|r| {
                let (x, y) = (r.x.round(), r.y.round());
                let (w, h) = ((r.x + r.w).round() - x, (r.y + r.h).round() - y);
                (x as i32, y as i32, w as i32, h as i32)
            }));
            gl.texture(None);
            gl.draw_mode(DrawMode::Triangles);
            submit(&layer.mesh, per_pixel, |v, i| gl.geometry(v, i));
        }
        unsafe { get_internal_gl() }.quad_gl.scissor(None);
        gl_use_default_material();
    });
}

/// Takes from egui the shapes of its background layer (the panels, and the figure's text) that
/// sample no texture: fills, outlines, lines and meshes of plain colour. They are returned,
/// made into triangles as egui would make them, as layers for [`paint_under_egui`], which
/// paints them the same colours without egui's texture: egui's shader samples its texture at
/// every pixel of every fill, which a software rasterizer (Mesa's llvmpipe) spends more time on
/// than on the rest of such a shape (issue 26). Text, images and circles (egui may draw a
/// small one from its texture) stay egui's. What is taken is painted in its order, after the
/// figure and under every shape egui still paints, so a plain shape drawn over text of the
/// background layer is now under it: where the panels do that (a scroll bar floating over a
/// line, the motion bar's marker over its "0"), the text shows over it.
pub fn take_plain_shapes(ctx: &egui::Context) -> Vec<Layer> {
    use egui::epaint::{ClippedShape, Primitive, Shape};
    let plain = |shape: &Shape| match shape {
        Shape::Rect(r) => r.brush.is_none(),
        Shape::LineSegment { .. }
        | Shape::Path(_)
        | Shape::QuadraticBezier(_)
        | Shape::CubicBezier(_) => true,
        Shape::Mesh(m) => {
            m.texture_id == egui::TextureId::default()
                && m.vertices.iter().all(|v| v.uv == egui::epaint::WHITE_UV)
        }
        _ => false,
    };
    let taken: Vec<ClippedShape> = ctx.graphics_mut(|layers| {
        let list = layers.entry(egui::LayerId::background());
        let picked: Vec<usize> = list
            .all_entries()
            .enumerate()
            .filter(|(_, c)| plain(&c.shape))
            .map(|(i, _)| i)
            .collect();
        let mut taken = Vec::with_capacity(picked.len());
        for i in picked {
            list.mutate_shape(egui::layers::ShapeIdx(i), |c| {
                taken.push(ClippedShape {
                    clip_rect: c.clip_rect,
                    shape: std::mem::replace(&mut c.shape, Shape::Noop),
                });
            });
        }
        taken
    });
    if taken.is_empty() {
        return Vec::new();
    }
    let (ppp, screen) = (ctx.pixels_per_point(), ctx.screen_rect());
    let mut layers: Vec<Layer> = Vec::new();
    for clipped in ctx.tessellate(taken, ppp) {
        // egui's clip, in its points, can reach past the screen (or be all of the plane).
        let r = clipped.clip_rect.intersect(screen);
        let Primitive::Mesh(mut mesh) = clipped.primitive else {
            continue;
        };
        if !r.is_positive() || mesh.is_empty() {
            continue;
        }
        for v in &mut mesh.vertices {
            v.pos = egui::pos2(v.pos.x * ppp, v.pos.y * ppp);
        }
        let clip = Some(ScreenRect::new(
            r.min.x * ppp,
            r.min.y * ppp,
            r.width() * ppp,
            r.height() * ppp,
        ));
        match layers.last_mut() {
            Some(last) if last.clip == clip => last.mesh.append(mesh),
            _ => layers.push(Layer {
                clip,
                strokes: false,
                mesh,
            }),
        }
    }
    layers
}

/// Hands `mesh` to `draw` in pieces of at most [`TRIANGLES_A_CALL`] triangles, each with its
/// own vertices (16-bit indices), positions scaled by `scale`.
fn submit(mesh: &egui::Mesh, scale: f32, mut draw: impl FnMut(&[Vertex], &[u16])) {
    const UNSEEN: u16 = u16::MAX;
    let mut local = vec![UNSEEN; mesh.vertices.len()];
    let mut vertices = Vec::new();
    let mut indices = Vec::new();
    for triangles in mesh.indices.chunks(3 * TRIANGLES_A_CALL) {
        vertices.clear();
        indices.clear();
        for &i in triangles {
            let slot = &mut local[i as usize];
            if *slot == UNSEEN {
                *slot = vertices.len() as u16;
                let v = mesh.vertices[i as usize];
                vertices.push(Vertex {
                    position: vec3(v.pos.x * scale, v.pos.y * scale, 0.0),
                    uv: vec2(v.uv.x, v.uv.y),
                    color: v.color.to_array(),
                    normal: Vec4::ZERO,
                });
            }
            indices.push(*slot);
        }
        draw(&vertices, &indices);
        for &i in triangles {
            local[i as usize] = UNSEEN;
        }
    }
}

/// The window's canvas for one frame. Every mark but text is added, in order, to a mesh in
/// screen pixels (one [`Layer`] per group, cut at its clip) that [`paint_under_egui`] paints
/// under egui's shapes: fills cut by [`strokes::convex_fill`], lines stroked by
/// [`strokes::stroke`] after [`strokes::for_display`] has merged what no pixel tells apart,
/// their edges smoothed over a pixel as egui smooths its own (the window is not multisampled,
/// which costs four times the pixels with software GL). Text is egui's, on `painter`'s layer
/// (egui's background layer, under the panels), over the rest of the figure as a figure's
/// labels must be ([`WindowCanvas::finish`]).
pub struct WindowCanvas {
    painter: egui::Painter,
    /// The painter as given, for when a clipped group ends.
    unclipped: egui::Painter,
    /// Text, with the painter (its clip) it was drawn with, added last.
    texts: Vec<(egui::Painter, egui::Shape)>,
    /// Solid lines drawn end to end with pens of one width, kept as one path until a mark
    /// that does not continue it: an MD's edges, one segment each in its shape's colour, are
    /// stroked as one path.
    run: Option<Run>,
    /// The meshes so far, the last one being added to.
    layers: Vec<Layer>,
    /// Screen pixels to one of egui's points (more than 1 in presentation mode): egui places
    /// text in points, the canvas is handed pixels.
    pixels_per_point: f32,
}

/// Solid lines drawn end to end, `width` pixels wide, each in its colour.
struct Run {
    width: f32,
    points: Vec<egui::Pos2>,
    colours: Vec<egui::Color32>,
}

/// A point of the canvas (screen pixels) as a mesh's.
fn at(p: Vec2) -> egui::Pos2 {
    egui::pos2(p.x, p.y)
}

impl WindowCanvas {
    pub fn new(painter: egui::Painter) -> WindowCanvas {
        let pixels_per_point = painter.ctx().pixels_per_point();
        WindowCanvas {
            unclipped: painter.clone(),
            painter,
            texts: Vec::new(),
            run: None,
            layers: vec![Layer::default()],
            pixels_per_point,
        }
    }

    /// Adds the text kept aside to egui, over everything else drawn; the rest is returned for
    /// [`paint_under_egui`].
    pub fn finish(mut self) -> Vec<Layer> {
        self.end_run();
        for (painter, text) in self.texts {
            painter.add(text);
        }
        self.layers.retain(|l| !l.mesh.is_empty());
        self.layers
    }

    /// The mesh strokes (or fills) are added to: the last layer's, or a new one's with its
    /// clip if the last holds the other kind.
    fn mesh(&mut self, strokes: bool) -> &mut egui::Mesh {
        let last = self.layers.last_mut().expect("a layer");
        if last.strokes != strokes {
            if last.mesh.is_empty() {
                last.strokes = strokes;
            } else {
                let clip = last.clip;
                self.layers.push(Layer {
                    clip,
                    strokes,
                    mesh: egui::Mesh::default(),
                });
            }
        }
        &mut self.layers.last_mut().expect("a layer").mesh
    }

    /// Screen pixels as egui points.
    fn points(&self, p: Vec2) -> egui::Pos2 {
        egui::pos2(p.x, p.y) / self.pixels_per_point
    }

    /// Strokes the run of lines kept so far.
    fn end_run(&mut self) {
        if let Some(run) = self.run.take() {
            if let (&[from, to], &[colour]) = (&run.points[..], &run.colours[..]) {
                // One segment on the pixel grid as egui sets one, so a grid line is crisp; with
                // its sides on pixel edges, painted as a fill (the same pixels, less work).
                let ends = strokes::on_pixels([from, to], run.width);
                if strokes::on_pixel_edges(ends, run.width) {
                    strokes::pixel_line(ends, colour, run.width, 1.0, self.mesh(false));
                } else {
                    strokes::stroke(&ends, &[colour], run.width, 1.0, self.mesh(true));
                }
                return;
            }
            self.path(&run.points, &run.colours, run.width);
        }
    }

    /// The path through `points`, segment `i` in `colours[i]`, `width` pixels wide: merged where
    /// no pixel tells its segments apart ([`strokes::for_display`]), then stroked.
    fn path(&mut self, points: &[egui::Pos2], colours: &[egui::Color32], width: f32) {
        let (points, colours) = strokes::for_display(points, colours, 1.0);
        strokes::stroke(&points, &colours, width, 1.0, self.mesh(true));
    }

    /// Fills the convex outline through `points` (merged for the screen first), its edge
    /// smoothed over `feathering` pixels (none if 0).
    fn fill(&mut self, points: &[egui::Pos2], c: Rgba, feathering: f32) {
        let outline = strokes::outline_for_display(points, true, 1.0);
        strokes::convex_fill(&outline, egui_color(c), feathering, self.mesh(false));
    }

    /// A line as `pen` says (solid or dashed).
    fn stroke_line(&mut self, p: Vec2, q: Vec2, pen: Pen) {
        let colour = egui_color(pen.color);
        if !pen.dashed {
            strokes::stroke(&[at(p), at(q)], &[colour], pen.width, 1.0, self.mesh(true));
            return;
        }
        let len = (q - p).length();
        if len <= 0.0 || !len.is_finite() {
            return;
        }
        // Dashes and gaps grow as the marks do (egui's pixels a point: the screen's scale, and
        // presentation mode's), at most MAX_DASHES of them: a dashed line far off screen is not
        // drawn dash by dash.
        let (dash, gap) = (
            DASH_PX * self.pixels_per_point,
            GAP_PX * self.pixels_per_point,
        );
        let dash = dash.max(len / MAX_DASHES as f32 - gap);
        for (a, b) in strokes::dashes(at(p), at(q), dash, gap) {
            strokes::stroke(&[a, b], &[colour], pen.width, 1.0, self.mesh(true));
        }
    }

    /// A path through `pts`, closed or open.
    fn stroke_path(&mut self, pts: &[Vec2], closed: bool, pen: Pen) {
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
            let mut points: Vec<egui::Pos2> = pts.iter().map(|&p| at(p)).collect();
            if closed {
                points.push(points[0]);
            }
            let colours = vec![egui_color(pen.color); points.len() - 1];
            self.path(&points, &colours, pen.width);
        }
        if pen.round && n <= MAX_JOINT_DOTS {
            for &p in pts {
                self.dot(p, pen.width / 2.0, pen.color);
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
        self.layers.push(Layer {
            clip: clip.map(|(_, r)| r),
            ..Layer::default()
        });
    }

    fn end_group(&mut self) {
        self.end_run();
        self.painter = self.unclipped.clone();
        self.layers.push(Layer::default());
    }

    fn line(&mut self, from: Vec2, to: Vec2, pen: Pen) {
        if pen.dashed {
            self.end_run();
            self.stroke_line(from, to, pen);
            return;
        }
        let (from, to) = (at(from), at(to));
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
                let outline: Vec<egui::Pos2> = points.iter().map(|&p| at(p)).collect();
                // An opaque solid outline two pixels wide or more is opaque a pixel across
                // the edge: the fill's smoothed edge would be hidden under it, and is left out
                // (its two thin triangles a side cost a software rasterizer more than the
                // fill's inside).
                let covered = pen.is_some_and(|p| !p.dashed && p.color.3 == 255 && p.width >= 2.0);
                self.fill(&outline, f, if covered { 0.0 } else { 1.0 });
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
        let outline: Vec<egui::Pos2> = circle_points(centre, radius).into_iter().map(at).collect();
        self.fill(&outline, c, 1.0);
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
        let corners = [
            egui::pos2(r.x, r.y),
            egui::pos2(r.x + r.w, r.y),
            egui::pos2(r.x + r.w, r.y + r.h),
            egui::pos2(r.x, r.y + r.h),
        ];
        self.fill(&corners, fill, 1.0);
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
    fn meshes_go_to_macroquad_in_pieces_it_takes_whole() {
        // A strip of 5,000 triangles: more than one call's worth.
        let mut mesh = egui::Mesh::default();
        for i in 0..5002u32 {
            mesh.colored_vertex(egui::pos2(i as f32, (i % 2) as f32), egui::Color32::RED);
        }
        for i in 0..5000u32 {
            mesh.add_triangle(i, i + 1, i + 2);
        }
        let mut seen = Vec::new();
        submit(&mesh, 0.5, |v, i| {
            assert!(i.len() <= 3 * TRIANGLES_A_CALL && i.len() % 3 == 0);
            assert!(v.len() < 10_000 && i.iter().all(|&k| (k as usize) < v.len()));
            for t in i.chunks(3) {
                seen.push(
                    t.iter()
                        .map(|&k| v[k as usize].position.x)
                        .collect::<Vec<_>>(),
                );
            }
        });
        // Every triangle, in order, at half the size.
        assert_eq!(seen.len(), 5000);
        for (i, t) in seen.iter().enumerate() {
            let x = i as f32 / 2.0;
            assert_eq!(t, &vec![x, x + 0.5, x + 1.0]);
        }
    }

    #[test]
    fn marks_are_meshed_in_order_per_group_and_text_is_left_to_egui() {
        let ctx = egui::Context::default();
        let mut layers = Vec::new();
        let _ = ctx.run(egui::RawInput::default(), |ctx| {
            let mut canvas = WindowCanvas::new(ctx.layer_painter(egui::LayerId::background()));
            let pane = ScreenRect::new(10.0, 20.0, 300.0, 200.0);
            canvas.begin_group("pane0-marks", Some(("pane0", pane)));
            let square = [
                vec2(50.0, 50.0),
                vec2(90.0, 50.0),
                vec2(90.0, 90.0),
                vec2(50.0, 90.0),
            ];
            let red = Rgba(200, 0, 0, 255);
            canvas.polygon(
                &square,
                Some(Rgba(0, 0, 200, 100)),
                Some(Pen::square(red, 2.0)),
            );
            canvas.text(
                vec2(60.0, 60.0),
                "label",
                TextStyle {
                    size: 14.0,
                    color: red,
                    bold: false,
                    monospace: false,
                },
            );
            canvas.dot(vec2(70.0, 70.0), 4.0, Rgba(0, 150, 0, 255));
            canvas.end_group();
            canvas.line(vec2(0.0, 5.2), vec2(400.0, 5.2), Pen::square(red, 1.0));
            layers = canvas.finish();
        });
        // The group's fill, outline and dot, each a layer cut at the pane (strokes and fills
        // have their own shaders), in the order drawn; then the line, not cut, a fill: level
        // and one pixel wide, it lies on a row of pixels.
        let pane = Some(ScreenRect::new(10.0, 20.0, 300.0, 200.0));
        let kinds: Vec<_> = layers.iter().map(|l| (l.clip, l.strokes)).collect();
        assert_eq!(
            kinds,
            [(pane, false), (pane, true), (pane, false), (None, false)]
        );
        // No text among them: each layer's colours are its mark's.
        let colours = |l: &Layer| -> Vec<[u8; 4]> {
            let mut c: Vec<_> = l.mesh.vertices.iter().map(|v| v.color.to_array()).collect();
            c.retain(|c| c[3] != 0);
            c.dedup();
            c
        };
        assert_eq!(
            colours(&layers[0]),
            [egui_color(Rgba(0, 0, 200, 100)).to_array()]
        );
        assert_eq!(colours(&layers[1]), [[200, 0, 0, 255]]);
        assert_eq!(colours(&layers[2]), [[0, 150, 0, 255]]);
        // A level line one pixel wide sits on a pixel's centre, as egui sets it: its
        // vertices lie on that pixel's edges, half a pixel each side of the centre.
        let line = &layers[3].mesh;
        assert!(line.vertices.iter().all(|v| (v.pos.y - 5.5).abs() == 0.5));
    }

    #[test]
    fn the_panels_plain_shapes_leave_egui_for_the_untextured_path() {
        use egui::epaint::Shape;
        let ctx = egui::Context::default();
        ctx.set_zoom_factor(2.0);
        let (red, blue) = (egui::Color32::RED, egui::Color32::BLUE);
        let mut layers = Vec::new();
        let mut screen = egui::Rect::NOTHING;
        let out = ctx.run(egui::RawInput::default(), |ctx| {
            let back = ctx.layer_painter(egui::LayerId::background());
            back.rect_filled(
                egui::Rect::from_min_max(egui::pos2(10.0, 10.0), egui::pos2(50.0, 30.0)),
                0.0,
                red,
            );
            back.text(
                egui::pos2(10.0, 40.0),
                egui::Align2::LEFT_TOP,
                "text",
                egui::FontId::default(),
                red,
            );
            back.circle_filled(egui::pos2(80.0, 20.0), 3.0, red);
            let front = egui::LayerId::new(egui::Order::Foreground, egui::Id::new("front"));
            ctx.layer_painter(front).rect_filled(
                egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(5.0, 5.0)),
                0.0,
                blue,
            );
            layers = take_plain_shapes(ctx);
            screen = ctx.screen_rect();
        });
        // The background's rectangle is gone from egui; its text, its circle (egui may draw
        // a small one from its texture) and another layer's rectangle stay.
        let left: Vec<&Shape> = out.shapes.iter().map(|c| &c.shape).collect();
        let rect_of = |c: egui::Color32| {
            left.iter()
                .filter(|s| matches!(s, Shape::Rect(r) if r.fill == c))
                .count()
        };
        assert_eq!((rect_of(red), rect_of(blue)), (0, 1));
        assert!(left.iter().any(|s| matches!(s, Shape::Text(_))));
        assert!(left.iter().any(|s| matches!(s, Shape::Circle(_))));
        // It comes back as one fill layer in screen pixels (two a point), cut at the screen,
        // red inside and fading out over a pixel at its edges.
        assert_eq!(layers.len(), 1);
        let l = &layers[0];
        assert!(!l.strokes);
        let s = screen;
        assert_eq!(
            l.clip,
            Some(ScreenRect::new(
                s.min.x * 2.0,
                s.min.y * 2.0,
                s.width() * 2.0,
                s.height() * 2.0
            ))
        );
        let (mut lo, mut hi) = (
            egui::pos2(f32::MAX, f32::MAX),
            egui::pos2(f32::MIN, f32::MIN),
        );
        for v in &l.mesh.vertices {
            (lo, hi) = (lo.min(v.pos), hi.max(v.pos));
            assert!(v.color == red || v.color == egui::Color32::TRANSPARENT);
        }
        for (got, want) in [(lo, egui::pos2(20.0, 20.0)), (hi, egui::pos2(100.0, 60.0))] {
            assert!((got - want).length() <= 1.0, "{got:?} vs {want:?}");
        }
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

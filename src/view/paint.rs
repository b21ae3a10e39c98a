//! Marks to primitives: the one painter behind both outputs.
//!
//! [`paint`] turns a pane's [`Mark`]s, through its [`Camera`], into the few primitives of a
//! [`Canvas`] (lines, open and closed paths, circles, text, rectangles) in screen pixels. The
//! window (macroquad) and the SVG writer are the two canvases: everything that decides what a
//! mark looks like (arrow heads, intervals beside their axis, dots for circles under a pixel,
//! infinite lines cut at the pane, thinning of crowded paths) is here, once, so the two agree by
//! construction. A canvas only draws what it is handed.
//!
//! Sizes: stroke widths, dots and label offsets are pixels and stay the same under zoom; radii
//! and positions are world units through the camera. A label's `offset` is in screen pixels
//! (x right, y down) and places the left-centre of its text.

use super::camera::{Camera, ScreenRect};
use crate::figure::{Mark, Stroke};
use crate::geometry::DVec2;
use crate::palette::{self, Rgba};
use glam::Vec2;

/// Dash and gap lengths of dashed strokes, pixels.
pub const DASH_PX: f32 = 7.0;
pub const GAP_PX: f32 = 5.0;
/// Arrow heads: length and half-width, pixels.
pub const HEAD_LEN_PX: f32 = 11.0;
pub const HEAD_HALF_PX: f32 = 5.0;
/// Intervals are drawn this thick, pixels, with end ticks this long and thick.
pub const INTERVAL_PX: f32 = 4.0;
pub const TICK_PX: f32 = 6.0;
pub const TICK_WIDTH_PX: f32 = 1.5;
/// Size of label text, pixels.
pub const LABEL_SIZE: f32 = 13.0;
/// Radius of the dot drawn for a circle smaller than a pixel, pixels.
pub const CIRCLE_DOT_PX: f32 = 1.5;
/// Strokes at least this wide (and solid) get round joins.
pub const ROUND_FROM_PX: f32 = 2.0;
/// The line between neighbouring panes: colour and width.
pub const DIVIDER: Rgba = palette::AXES;
pub const DIVIDER_PX: f32 = 2.0;

/// Screen points of a path closer than this to the last one kept are skipped: a 1,000-gon
/// whose vertices crowd within a pixel is drawn with the points that show.
pub const DECIMATE_PX: f32 = 0.75;
/// Paths of more points than this (after decimation) are drawn through every k-th point, this
/// many at most: the outline as given of a 100,000-point cloud is a scribble across the shape.
pub const MAX_DRAWN_SEGMENTS: usize = 4096;
/// Dashed paths of more segments than this are drawn solid (dash by dash they would cost
/// seconds a frame).
pub const MAX_DASHED_SEGMENTS: usize = 2048;

/// How a line is drawn, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pen {
    pub color: Rgba,
    pub width: f32,
    pub dashed: bool,
    /// Round joins and ends: thick solid strokes of marks. Interval bars and their ticks are
    /// square.
    pub round: bool,
}

impl Pen {
    /// The pen of a mark's stroke.
    pub fn of(stroke: &Stroke) -> Pen {
        Pen {
            color: stroke.color,
            width: stroke.width,
            dashed: stroke.dashed,
            round: !stroke.dashed && stroke.width >= ROUND_FROM_PX,
        }
    }

    /// A solid square-ended pen.
    pub const fn square(color: Rgba, width: f32) -> Pen {
        Pen {
            color,
            width,
            dashed: false,
            round: false,
        }
    }
}

/// How text is drawn. Text is anchored at its left end, centred vertically.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    /// Height of the font, pixels.
    pub size: f32,
    pub color: Rgba,
    pub bold: bool,
    pub monospace: bool,
}

impl TextStyle {
    pub const fn plain(size: f32, color: Rgba) -> TextStyle {
        TextStyle {
            size,
            color,
            bold: false,
            monospace: false,
        }
    }
}

/// What the painter draws on: screen pixels, y down. Every point handed over is finite.
pub trait Canvas {
    /// Starts a group named `id`; with `clip`, what it holds is cut at the rectangle (named
    /// `clip.0`, for a canvas that refers to clips by name). Groups do not nest.
    fn begin_group(&mut self, id: &str, clip: Option<(&str, ScreenRect)>);
    fn end_group(&mut self);
    /// A straight line.
    fn line(&mut self, from: Vec2, to: Vec2, pen: Pen);
    /// An open path through at least two points.
    fn polyline(&mut self, points: &[Vec2], pen: Pen);
    /// A closed path through at least two points, filled when `fill` is given (the painter
    /// fills only convex outlines).
    fn polygon(&mut self, points: &[Vec2], fill: Option<Rgba>, pen: Option<Pen>);
    /// A circle of `radius` pixels (at least one).
    fn circle(&mut self, centre: Vec2, radius: f32, fill: Option<Rgba>, pen: Option<Pen>);
    /// A filled dot of `radius` pixels, however small.
    fn dot(&mut self, centre: Vec2, radius: f32, color: Rgba);
    fn text(&mut self, at: Vec2, text: &str, style: TextStyle);
    /// A filled rectangle with corners rounded by `corner` pixels.
    fn rect(&mut self, rect: ScreenRect, corner: f32, fill: Rgba);
}

/// One pane as it is painted: its camera (whose rectangle places it) and its marks in drawing
/// order.
#[derive(Clone, Debug)]
pub struct PanePicture {
    pub camera: Camera,
    pub marks: Vec<Mark>,
}

/// Paints the panes side by side, each clipped to its rectangle (groups `pane{i}-marks`, clips
/// `pane{i}`), then the line between neighbours.
pub fn paint_panes(panes: &[PanePicture], canvas: &mut impl Canvas) {
    for (i, p) in panes.iter().enumerate() {
        canvas.begin_group(
            &format!("pane{i}-marks"),
            Some((&format!("pane{i}"), p.camera.rect)),
        );
        paint(&p.marks, &p.camera, canvas);
        canvas.end_group();
    }
    for p in panes.iter().skip(1) {
        let r = p.camera.rect;
        canvas.line(
            Vec2::new(r.x, r.y),
            Vec2::new(r.x, r.y + r.h),
            Pen::square(DIVIDER, DIVIDER_PX),
        );
    }
}

/// Where a label's text starts on screen through `camera`: its point plus its offset, the
/// offset grown with the camera's mark size. The painter draws it there and `view::labels`
/// places labels by the same rule.
pub fn label_at(camera: &Camera, at: DVec2, offset: (f32, f32)) -> Vec2 {
    camera.to_screen(at) + Vec2::new(offset.0, offset.1) * camera.size
}

/// A label's font size through `camera` (see [`label_at`]).
pub fn label_size(camera: &Camera) -> f32 {
    LABEL_SIZE * camera.size
}

/// Paints `marks` through `camera`, in order.
pub fn paint(marks: &[Mark], camera: &Camera, canvas: &mut impl Canvas) {
    for m in marks {
        mark(m, camera, canvas);
    }
}

/// The points of a path with those within [`DECIMATE_PX`] of the previous kept point dropped
/// (the last point of an open path is always kept, so it ends where it should), then, beyond
/// [`MAX_DRAWN_SEGMENTS`], every k-th point.
pub fn thinned(points: impl Iterator<Item = Vec2>, closed: bool) -> Vec<Vec2> {
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
    let n = out.len();
    if n <= MAX_DRAWN_SEGMENTS {
        return out;
    }
    let k = n.div_ceil(MAX_DRAWN_SEGMENTS);
    let mut kept: Vec<Vec2> = out.iter().step_by(k).copied().collect();
    if !closed && !(n - 1).is_multiple_of(k) {
        kept.push(out[n - 1]);
    }
    kept
}

/// The part of the infinite line through `p` along the unit `d` (screen) inside `r`, if any.
pub fn clip_line(p: Vec2, d: Vec2, r: ScreenRect) -> Option<(Vec2, Vec2)> {
    let (mut t0, mut t1) = (f32::NEG_INFINITY, f32::INFINITY);
    for (pc, dc, lo, hi) in [(p.x, d.x, r.x, r.x + r.w), (p.y, d.y, r.y, r.y + r.h)] {
        if dc.abs() < 1e-12 {
            if pc < lo || pc > hi {
                return None;
            }
        } else {
            let (a, b) = ((lo - pc) / dc, (hi - pc) / dc);
            t0 = t0.max(a.min(b));
            t1 = t1.min(a.max(b));
        }
    }
    (t0 <= t1 && t0.is_finite() && t1.is_finite()).then(|| (p + d * t0, p + d * t1))
}

fn finite(points: &[Vec2]) -> bool {
    points.iter().all(|p| p.is_finite())
}

/// The pen for a path of `segments` segments: dashed only up to [`MAX_DASHED_SEGMENTS`].
fn path_pen(stroke: &Stroke, segments: usize) -> Pen {
    let pen = Pen::of(stroke);
    if pen.dashed && segments > MAX_DASHED_SEGMENTS {
        Pen {
            dashed: false,
            round: stroke.width >= ROUND_FROM_PX,
            ..pen
        }
    } else {
        pen
    }
}

/// The screen direction of a world direction (y flipped), unit, or zero.
fn screen_direction(d: DVec2) -> Vec2 {
    Vec2::new(d.x as f32, -d.y as f32).normalize_or_zero()
}

/// Where a [`Mark::Interval`] is drawn: its ends on screen, `offset` pixels (times the mark
/// size) to the left of its axis, and that unit screen direction to the left.
pub fn interval_on_screen(
    camera: &Camera,
    origin: DVec2,
    axis: DVec2,
    (min, max): (f64, f64),
    offset: f32,
) -> (Vec2, Vec2, Vec2) {
    let s_axis = screen_direction(axis);
    let side = Vec2::new(s_axis.y, -s_axis.x);
    let shift = side * offset * camera.size;
    (
        camera.to_screen(origin + axis * min) + shift,
        camera.to_screen(origin + axis * max) + shift,
        side,
    )
}

fn mark(m: &Mark, camera: &Camera, canvas: &mut impl Canvas) {
    let screen = |p: DVec2| camera.to_screen(p);
    // Everything sized in pixels grows with the camera's mark size.
    let k = camera.size;
    let sized = |pen: Pen| Pen {
        width: pen.width * k,
        ..pen
    };
    match m {
        Mark::Polygon {
            points,
            stroke,
            fill,
            convex,
        } => {
            let pts = thinned(points.iter().map(|&p| screen(p)), true);
            if pts.len() < 2 || !finite(&pts) {
                return;
            }
            let pen = stroke.as_ref().map(|s| sized(path_pen(s, pts.len())));
            canvas.polygon(&pts, fill.filter(|_| *convex), pen);
        }
        Mark::Polyline { points, stroke } => {
            let pts = thinned(points.iter().map(|&p| screen(p)), false);
            if pts.len() < 2 || !finite(&pts) {
                return;
            }
            canvas.polyline(&pts, sized(path_pen(stroke, pts.len() - 1)));
        }
        Mark::Circle {
            centre,
            radius,
            stroke,
            fill,
        } => {
            let c = screen(*centre);
            let r = (*radius * camera.scale) as f32;
            if !(r.is_finite() && c.is_finite()) {
                return;
            }
            if r < 1.0 {
                // A point-sized circle: a dot, so it stays visible.
                if let Some(col) = stroke.map(|s| s.color).or(*fill) {
                    canvas.dot(c, CIRCLE_DOT_PX * k, col);
                }
                return;
            }
            canvas.circle(c, r, *fill, stroke.as_ref().map(|s| sized(Pen::of(s))));
        }
        Mark::Segment { from, to, stroke } => {
            let (p, q) = (screen(*from), screen(*to));
            if finite(&[p, q]) {
                canvas.line(p, q, sized(Pen::of(stroke)));
            }
        }
        Mark::Arrow { from, to, stroke } => {
            let (p, q) = (screen(*from), screen(*to));
            let d = q - p;
            let len = d.length();
            if !(len.is_finite() && p.is_finite()) {
                return;
            }
            if len < 0.5 {
                canvas.dot(q, stroke.width * k, stroke.color);
                return;
            }
            let u = d / len;
            let head = (HEAD_LEN_PX * k).min(len * 0.6);
            canvas.line(p, q - u * head * 0.8, sized(Pen::of(stroke)));
            let n =
                Vec2::new(-u.y, u.x) * (HEAD_HALF_PX * head / HEAD_LEN_PX + stroke.width * k * 0.3);
            let base = q - u * head;
            canvas.polygon(&[q, base + n, base - n], Some(stroke.color), None);
        }
        Mark::Point { at, color, size } => {
            let p = screen(*at);
            if p.is_finite() {
                canvas.dot(p, size / 2.0 * k, *color);
            }
        }
        Mark::Interval {
            origin,
            axis,
            min,
            max,
            offset,
            color,
        } => {
            let (p, q, side) = interval_on_screen(camera, *origin, *axis, (*min, *max), *offset);
            if !finite(&[p, q]) {
                return;
            }
            canvas.line(p, q, Pen::square(*color, INTERVAL_PX * k));
            for e in [p, q] {
                canvas.line(
                    e + side * TICK_PX * k,
                    e - side * TICK_PX * k,
                    Pen::square(*color, TICK_WIDTH_PX * k),
                );
            }
        }
        Mark::Line {
            point,
            direction,
            stroke,
        } => {
            let p = screen(*point);
            let d = screen_direction(*direction);
            if d == Vec2::ZERO || !p.is_finite() {
                return;
            }
            if let Some((a, b)) = clip_line(p, d, camera.rect) {
                canvas.line(a, b, sized(Pen::of(stroke)));
            }
        }
        Mark::Label {
            at,
            text,
            color,
            offset,
        } => {
            let p = label_at(camera, *at, *offset);
            if p.is_finite() {
                canvas.text(p, text, TextStyle::plain(label_size(camera), *color));
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A canvas that writes down what it is handed, one line a primitive.
    #[derive(Default)]
    pub(crate) struct Recorder(pub Vec<String>);

    impl Canvas for Recorder {
        fn begin_group(&mut self, id: &str, clip: Option<(&str, ScreenRect)>) {
            self.0.push(format!("group {id} {clip:?}"));
        }
        fn end_group(&mut self) {
            self.0.push("end".into());
        }
        fn line(&mut self, from: Vec2, to: Vec2, pen: Pen) {
            self.0.push(format!("line {from} {to} {pen:?}"));
        }
        fn polyline(&mut self, points: &[Vec2], pen: Pen) {
            self.0.push(format!("polyline {points:?} {pen:?}"));
        }
        fn polygon(&mut self, points: &[Vec2], fill: Option<Rgba>, pen: Option<Pen>) {
            self.0.push(format!("polygon {points:?} {fill:?} {pen:?}"));
        }
        fn circle(&mut self, centre: Vec2, radius: f32, fill: Option<Rgba>, pen: Option<Pen>) {
            self.0
                .push(format!("circle {centre} {radius} {fill:?} {pen:?}"));
        }
        fn dot(&mut self, centre: Vec2, radius: f32, color: Rgba) {
            self.0.push(format!("dot {centre} {radius} {color:?}"));
        }
        fn text(&mut self, at: Vec2, text: &str, style: TextStyle) {
            self.0.push(format!("text {at} {text} {style:?}"));
        }
        fn rect(&mut self, rect: ScreenRect, corner: f32, fill: Rgba) {
            self.0.push(format!("rect {rect:?} {corner} {fill:?}"));
        }
    }

    /// One mark of every kind.
    pub(crate) fn every_kind() -> Vec<Mark> {
        let s = Stroke::solid(palette::SHAPE_A, 2.0);
        vec![
            Mark::Polygon {
                points: vec![DVec2::ZERO, DVec2::X, DVec2::Y],
                stroke: Some(Stroke::dashed(palette::SHAPE_B, 1.5)),
                fill: Some(palette::MD_FILL),
                convex: true,
            },
            Mark::Polyline {
                points: vec![DVec2::ZERO, DVec2::new(1.0, 1.0), DVec2::new(2.0, 0.0)],
                stroke: s,
            },
            Mark::Circle {
                centre: DVec2::new(1.0, 1.0),
                radius: 0.5,
                stroke: Some(s),
                fill: None,
            },
            Mark::Segment {
                from: DVec2::ZERO,
                to: DVec2::new(-1.0, 0.0),
                stroke: s,
            },
            Mark::Arrow {
                from: DVec2::ZERO,
                to: DVec2::new(2.0, 0.0),
                stroke: Stroke::solid(palette::MTV, 2.0),
            },
            Mark::Point {
                at: DVec2::ZERO,
                color: palette::ORIGIN,
                size: 8.0,
            },
            Mark::Interval {
                origin: DVec2::ZERO,
                axis: DVec2::X,
                min: -1.0,
                max: 1.0,
                offset: 10.0,
                color: palette::SAT_OVERLAP,
            },
            Mark::Line {
                point: DVec2::new(0.0, 1.0),
                direction: DVec2::X,
                stroke: Stroke::solid(palette::SEPARATING_LINE, 1.0),
            },
            Mark::Label {
                at: DVec2::ZERO,
                text: "B \u{2296} A <&>".into(),
                color: palette::TEXT,
                offset: (4.0, -8.0),
            },
        ]
    }

    #[test]
    fn every_kind_of_mark_paints_its_primitives() {
        let expect = [
            "polygon", "polyline", "circle", "line", "line", "dot", "line", "line", "text",
        ];
        for (m, e) in every_kind().into_iter().zip(expect) {
            let out = one(m.clone());
            assert!(out[0].starts_with(e), "{m:?}: {out:?}");
        }
    }

    fn cam() -> Camera {
        Camera {
            rect: ScreenRect::new(100.0, 0.0, 400.0, 300.0),
            centre: DVec2::ZERO,
            scale: 50.0,
            size: 1.0,
        }
    }

    fn one(m: Mark) -> Vec<String> {
        let mut r = Recorder::default();
        paint(&[m], &cam(), &mut r);
        r.0
    }

    /// Presentation mode: at mark size 2, every width, dot, head, offset and text is twice as
    /// large, and world positions stay where they are.
    #[test]
    fn marks_sized_in_pixels_grow_with_the_cameras_size() {
        let at = |size: f32, m: &Mark| {
            let mut r = Recorder::default();
            paint(std::slice::from_ref(m), &Camera { size, ..cam() }, &mut r);
            r.0
        };
        let width = 3.0;
        let segment = Mark::segment(DVec2::ZERO, DVec2::X, Stroke::solid(palette::MTV, width));
        let pen = |w: f32| Pen {
            width: w,
            ..Pen::of(&Stroke::solid(palette::MTV, width))
        };
        let (p, q) = (cam().to_screen(DVec2::ZERO), cam().to_screen(DVec2::X));
        assert_eq!(at(2.0, &segment), [format!("line {p} {q} {:?}", pen(6.0))]);
        let dot = Mark::dot(DVec2::ZERO, palette::ORIGIN, 8.0);
        assert_eq!(at(2.0, &dot), [format!("dot {p} 8 {:?}", palette::ORIGIN)]);
        let label = Mark::label(DVec2::ZERO, "x", palette::TEXT, (4.0, -8.0));
        let style = TextStyle::plain(LABEL_SIZE * 2.0, palette::TEXT);
        let moved = p + Vec2::new(8.0, -16.0);
        assert_eq!(at(2.0, &label), [format!("text {moved} x {style:?}")]);
        // Every kind changes (none is left at its size), and at size 1 nothing does.
        for m in every_kind() {
            assert_eq!(at(1.0, &m), one(m.clone()), "{m:?}");
            assert_ne!(at(2.0, &m), one(m.clone()), "{m:?}");
        }
    }

    #[test]
    fn thinning_drops_crowded_points_and_keeps_the_ends() {
        let v = |x: f32| Vec2::new(x, 0.0);
        let pts = [0.0, 0.3, 0.6, 1.0, 1.2, 5.0, 5.1].map(v);
        assert_eq!(thinned(pts.into_iter(), false), [0.0, 1.0, 5.0, 5.1].map(v));
        assert_eq!(thinned(pts.into_iter(), true), [0.0, 1.0, 5.0].map(v));
        let apart = [0.0, 2.0, 4.0].map(v);
        assert_eq!(thinned(apart.into_iter(), false), apart);
        // A path of 10,000 points 1 px apart keeps at most MAX_DRAWN_SEGMENTS + 1, and its end.
        let long: Vec<Vec2> = (0..10_000).map(|i| v(i as f32)).collect();
        let t = thinned(long.iter().copied(), false);
        assert!(t.len() <= MAX_DRAWN_SEGMENTS + 1, "{}", t.len());
        assert_eq!((t[0], *t.last().unwrap()), (v(0.0), v(9999.0)));
    }

    #[test]
    fn an_arrow_is_a_shaft_short_of_the_tip_and_a_head_on_it() {
        // World (0,0) → (2,0) is screen (300,150) → (400,150); the head is 11 px long.
        let out = one(Mark::Arrow {
            from: DVec2::ZERO,
            to: DVec2::new(2.0, 0.0),
            stroke: Stroke::solid(palette::MTV, 2.0),
        });
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(
            out[0].starts_with("line [300, 150] [391.2, 150]"),
            "{out:?}"
        );
        assert!(
            out[1].starts_with("polygon [Vec2(400.0, 150.0), Vec2(389.0, "),
            "{out:?}"
        );
    }

    #[test]
    fn an_interval_sits_beside_its_axis_with_square_ends() {
        let out = one(every_kind()[6].clone());
        // 10 px to the left of the x axis is 10 px up; a bar and two ticks.
        assert_eq!(out.len(), 3);
        assert!(out[0].starts_with("line [250, 140] [350, 140]"), "{out:?}");
        assert!(out.iter().all(|l| l.contains("round: false")), "{out:?}");
    }

    #[test]
    fn infinite_lines_are_cut_at_the_pane_and_tiny_circles_are_dots() {
        let out = one(Mark::Line {
            point: DVec2::new(0.0, 1.0),
            direction: DVec2::X,
            stroke: Stroke::solid(palette::GRID, 1.0),
        });
        assert!(out[0].starts_with("line [100, 100] [500, 100]"), "{out:?}");
        let (a, b) = clip_line(
            Vec2::new(300.0, 150.0),
            Vec2::new(1.0, 1.0).normalize(),
            cam().rect,
        )
        .unwrap();
        assert!((a - Vec2::new(150.0, 0.0)).length() < 1e-3, "{a}");
        assert!((b - Vec2::new(450.0, 300.0)).length() < 1e-3, "{b}");
        let missed = one(Mark::Line {
            point: DVec2::new(0.0, 100.0),
            direction: DVec2::X,
            stroke: Stroke::solid(palette::GRID, 1.0),
        });
        assert!(missed.is_empty());
        let out = one(Mark::Circle {
            centre: DVec2::ZERO,
            radius: 0.001,
            stroke: Some(Stroke::solid(palette::SHAPE_A, 2.0)),
            fill: None,
        });
        assert_eq!(out, [format!("dot [300, 150] 1.5 {:?}", palette::SHAPE_A)]);
    }

    #[test]
    fn non_finite_marks_are_not_painted_and_concave_outlines_are_not_filled() {
        assert!(one(Mark::Segment {
            from: DVec2::new(f64::NAN, 0.0),
            to: DVec2::X,
            stroke: Stroke::solid(palette::MTV, 1.0),
        })
        .is_empty());
        let out = one(Mark::Polygon {
            points: vec![DVec2::ZERO, DVec2::X, DVec2::new(0.2, 0.2), DVec2::Y],
            stroke: Some(Stroke::dashed(palette::CONCAVE_INPUT, 1.5)),
            fill: Some(palette::MD_FILL),
            convex: false,
        });
        assert!(out[0].contains("] None Some(Pen"), "{out:?}");
    }

    #[test]
    fn panes_are_clipped_groups_with_a_divider_between() {
        let left = cam();
        let right = Camera {
            rect: ScreenRect::new(500.0, 0.0, 400.0, 300.0),
            ..cam()
        };
        let panes = [left, right].map(|camera| PanePicture {
            camera,
            marks: vec![],
        });
        let mut r = Recorder::default();
        paint_panes(&panes, &mut r);
        assert_eq!(r.0.len(), 5, "{:?}", r.0);
        assert!(r.0[0].starts_with("group pane0-marks Some((\"pane0\""));
        assert!(r.0[4].starts_with("line [500, 0] [500, 300]"), "{:?}", r.0);
    }
}

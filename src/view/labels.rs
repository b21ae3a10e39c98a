//! Where a pane's labels go: none over another, none over a dot that matters, none out of the
//! pane.
//!
//! Each figure label comes with an offset from its point that its figure chose. When the text
//! there would overlap a label already placed, cover a dot (the origin, a hit point, a simplex
//! point), leave the pane or lie across a line the figure draws (an outline, an arrow, an axis),
//! the label tries the other sides of its point, then a little farther out, and takes the first
//! place that is free. If none is, it takes the place with the least text overlapped or cut by
//! the pane's edge, among those the one covering the least of the dots, and then the one
//! crossed by the least length of line: text over a line is still read, text over text is not. The pane's title is placed first and never moves; the grid's coordinates come last
//! and are left out where they would overlap anything, since the grid says the same a line
//! further on. Text boxes are estimated from the font size, as the window and the SVG writer
//! both draw text left-aligned and centred vertically on its point.

use super::camera::{Camera, ScreenRect};
use super::paint::{interval_on_screen, label_at, label_size, LABEL_SIZE};
use crate::figure::Mark;
use crate::geometry::DVec2;
use crate::palette::Rgba;
use glam::Vec2;

/// A character's width as a share of the font size: generous for the proportional font, so
/// that an estimated box holds the text drawn.
pub const CHAR_WIDTH: f32 = 0.6;
/// A text's height as a share of the font size.
pub const LINE_HEIGHT: f32 = 1.2;
/// Pixels (at mark size 1) kept between a label and the pane's edge.
pub const EDGE_MARGIN: f32 = 2.0;
/// Pixels (at mark size 1) a grid coordinate keeps clear of a pane's title.
pub const TITLE_CLEARANCE: f32 = 8.0;
/// How much farther out each ring of places is than the one before (three rings).
pub const FARTHER: f32 = 1.8;

/// A screen box, `min` to `max` (y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextBox {
    pub min: Vec2,
    pub max: Vec2,
}

impl TextBox {
    /// The box of `text` drawn at screen point `at` in a font of `size` pixels.
    pub fn of(text: &str, at: Vec2, size: f32) -> TextBox {
        let w = text.chars().count() as f32 * size * CHAR_WIDTH;
        let h = size * LINE_HEIGHT;
        TextBox {
            min: Vec2::new(at.x, at.y - h / 2.0),
            max: Vec2::new(at.x + w, at.y + h / 2.0),
        }
    }

    /// The area the two boxes share (0 when they do not overlap).
    pub fn overlap(&self, other: &TextBox) -> f32 {
        let lo = self.min.max(other.min);
        let hi = self.max.min(other.max);
        let d = (hi - lo).max(Vec2::ZERO);
        d.x * d.y
    }

    /// Whether the box lies inside `r`, `margin` pixels from its edges.
    pub fn inside(&self, r: ScreenRect, margin: f32) -> bool {
        self.min.x >= r.x + margin
            && self.min.y >= r.y + margin
            && self.max.x <= r.x + r.w - margin
            && self.max.y <= r.y + r.h - margin
    }

    /// The part of the box outside `r`, as an area.
    fn outside(&self, r: ScreenRect) -> f32 {
        let whole = (self.max - self.min).x * (self.max - self.min).y;
        let inner = self.overlap(&TextBox {
            min: r.min(),
            max: r.max(),
        });
        whole - inner
    }
}

/// Where the label `mark` (a [`Mark::Label`]) is drawn through `camera`, as a box; `None` for
/// other marks and labels at no finite place.
pub fn text_box(mark: &Mark, camera: &Camera) -> Option<TextBox> {
    let Mark::Label {
        at, text, offset, ..
    } = mark
    else {
        return None;
    };
    let p = label_at(camera, *at, *offset);
    p.is_finite()
        .then(|| TextBox::of(text, p, label_size(camera)))
}

/// The dots a label must not cover, as boxes: every [`Mark::Point`] of `marks`.
fn dots(marks: &[Mark], camera: &Camera) -> Vec<TextBox> {
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Point { at, size, .. } => {
                let p = camera.to_screen(*at);
                let r = Vec2::splat(size / 2.0 * camera.size);
                p.is_finite().then_some(TextBox {
                    min: p - r,
                    max: p + r,
                })
            }
            _ => None,
        })
        .collect()
}

/// How bad a label's place is, compared in order: text overlapped or cut by the pane's edge
/// (area), dots covered (area), line across it (length), lying on a fill of its own colour
/// (points of the box).
type Badness = (f32, f32, f32, f32);

/// How many straight pieces a circle's outline is taken as, for the lines labels avoid.
const CIRCLE_PIECES: usize = 32;

/// A line a label should not lie across: a screen segment, and how much it counts (its
/// opacity: a faint ghost outline hinders reading less than a solid edge).
type Stroked = (Vec2, Vec2, f32);

/// The screen segments of the lines `marks` draw (outlines, polylines, segments, arrows,
/// intervals, infinite lines cut to the pane): what a label should not lie across.
fn strokes(marks: &[Mark], camera: &Camera) -> Vec<Stroked> {
    let mut out = Vec::new();
    // The segments of a path of screen points, counted by the stroke's opacity.
    let mut path = |pts: &[Vec2], closed: bool, color: Rgba| {
        let weight = color.3 as f32 / 255.0;
        for w in pts.windows(2) {
            out.push((w[0], w[1], weight));
        }
        if closed && pts.len() > 2 {
            out.push((pts[pts.len() - 1], pts[0], weight));
        }
    };
    let screen = |pts: &mut dyn Iterator<Item = DVec2>| -> Vec<Vec2> {
        pts.map(|p| camera.to_screen(p)).collect()
    };
    for m in marks {
        match m {
            Mark::Polygon {
                points,
                stroke: Some(s),
                ..
            } => path(&screen(&mut points.iter().copied()), true, s.color),
            Mark::Polyline { points, stroke } => {
                path(&screen(&mut points.iter().copied()), false, stroke.color)
            }
            Mark::Segment { from, to, stroke } | Mark::Arrow { from, to, stroke } => {
                let ends = [camera.to_screen(*from), camera.to_screen(*to)];
                path(&ends, false, stroke.color)
            }
            Mark::Circle {
                centre,
                radius,
                stroke: Some(s),
                ..
            } => path(
                &screen(&mut (0..CIRCLE_PIECES).map(|k| {
                    let a = std::f64::consts::TAU * k as f64 / CIRCLE_PIECES as f64;
                    *centre + DVec2::from_angle(a) * *radius
                })),
                true,
                s.color,
            ),
            Mark::Interval {
                origin,
                axis,
                min,
                max,
                offset,
                color,
            } => {
                // Where the painter draws it, to the side of its axis.
                let (p, q, _) = interval_on_screen(camera, *origin, *axis, (*min, *max), *offset);
                path(&[p, q], false, *color);
            }
            Mark::Line {
                point,
                direction,
                stroke,
            } => {
                // Far enough both ways to cross the whole pane.
                let r = camera.rect;
                let reach = (r.w + r.h) as f64 / camera.scale.max(f64::MIN_POSITIVE);
                let c = camera.to_world(r.centre());
                let p = *point + *direction * (c - *point).dot(*direction);
                let ends = [p - *direction * reach, p + *direction * reach];
                path(&screen(&mut ends.into_iter()), false, stroke.color)
            }
            _ => {}
        }
    }
    out.retain(|(a, b, _)| a.is_finite() && b.is_finite());
    out
}

/// The filled shapes of `marks` on screen (polygons as their points, circles as centre and
/// radius), with their colour: text of the same colour on them can hardly be read.
enum Fill {
    Polygon(Vec<Vec2>),
    Circle(Vec2, f32),
}

fn fills(marks: &[Mark], camera: &Camera) -> Vec<(Fill, [u8; 3])> {
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Polygon {
                points,
                fill: Some(c),
                ..
            } => Some((
                Fill::Polygon(points.iter().map(|p| camera.to_screen(*p)).collect()),
                [c.0, c.1, c.2],
            )),
            Mark::Circle {
                centre,
                radius,
                fill: Some(c),
                ..
            } => Some((
                Fill::Circle(camera.to_screen(*centre), (*radius * camera.scale) as f32),
                [c.0, c.1, c.2],
            )),
            _ => None,
        })
        .collect()
}

impl Fill {
    /// Whether the screen point `p` is inside (even-odd for a polygon).
    fn contains(&self, p: Vec2) -> bool {
        match self {
            Fill::Circle(c, r) => p.distance(*c) <= *r,
            Fill::Polygon(pts) => {
                let mut inside = false;
                for (i, a) in pts.iter().enumerate() {
                    let b = pts[(i + 1) % pts.len()];
                    if (a.y > p.y) != (b.y > p.y)
                        && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                    {
                        inside = !inside;
                    }
                }
                inside
            }
        }
    }
}

/// How many of the box's corners and centre lie on `fills` of the colour `rgb`.
fn on_own_fill(b: &TextBox, fills: &[(Fill, [u8; 3])], rgb: [u8; 3]) -> f32 {
    let samples = [
        b.min,
        b.max,
        Vec2::new(b.min.x, b.max.y),
        Vec2::new(b.max.x, b.min.y),
        (b.min + b.max) / 2.0,
    ];
    fills
        .iter()
        .filter(|(_, c)| *c == rgb)
        .map(|(f, _)| samples.iter().filter(|p| f.contains(**p)).count() as f32)
        .sum()
}

/// The length of the segment `a`–`b` inside the box (Liang–Barsky clipping).
fn crossing(b: &TextBox, a: Vec2, e: Vec2) -> f32 {
    let d = e - a;
    let (mut t0, mut t1) = (0f32, 1f32);
    for (p, q) in [
        (-d.x, a.x - b.min.x),
        (d.x, b.max.x - a.x),
        (-d.y, a.y - b.min.y),
        (d.y, b.max.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return 0.0;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    (t1 - t0).max(0.0) * d.length()
}

/// The offsets a label with offset `o` (pixels at mark size 1, its text `width` pixels wide)
/// tries, its own first: beside its point on the right and on the left, above and below, at
/// the same distance and then [`FARTHER`] and [`FARTHER`]² out.
fn candidates(o: (f32, f32), width: f32) -> Vec<(f32, f32)> {
    let (dx, dy) = o;
    // The gap between the point and the text's near end, on whichever side it was.
    let gap = if dx < 0.0 { -(dx + width) } else { dx }.max(4.0);
    let rise = dy.abs().max(10.0);
    let mut out = vec![o];
    for k in [1.0, FARTHER, FARTHER * FARTHER] {
        let (right, left, centred) = (gap * k, -gap * k - width, -width / 2.0);
        for c in [
            (right, dy * k),
            (left, dy * k),
            (right, -dy * k),
            (left, -dy * k),
            (centred, -rise * k),
            (centred, rise * k),
            (right, -rise * k),
            (left, -rise * k),
            (right, rise * k),
            (left, rise * k),
        ] {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// Moves the figure labels among `marks[figure]` where they overlap nothing (see the module's
/// notes), with the labels at `fixed` placed first and the grid's labels at `grid` dropped where
/// they would overlap what is placed. Marks are drawn in the same order as before.
pub fn place(
    marks: &mut Vec<Mark>,
    camera: &Camera,
    fixed: std::ops::Range<usize>,
    figure: std::ops::Range<usize>,
    grid: std::ops::Range<usize>,
) {
    let pane = camera.rect;
    let margin = EDGE_MARGIN * camera.size;
    let size = label_size(camera);
    let obstacles = dots(marks, camera);
    let lines = strokes(&marks[figure.clone()], camera);
    let filled = fills(&marks[figure.clone()], camera);
    let mut placed: Vec<TextBox> = fixed.filter_map(|i| text_box(&marks[i], camera)).collect();
    let titles = placed.len();
    for i in figure {
        if text_box(&marks[i], camera).is_none() {
            continue;
        }
        let Mark::Label {
            at,
            text,
            offset,
            color,
        } = &mut marks[i]
        else {
            continue;
        };
        let rgb = [color.0, color.1, color.2];
        let width = TextBox::of(text, Vec2::ZERO, LABEL_SIZE).max.x;
        // How bad a place is, in order: text over text or cut by the pane's edge (unreadable),
        // then a dot covered, then the length of line across it.
        let mut best: Option<((f32, f32), Badness, TextBox)> = None;
        let places: Vec<((f32, f32), TextBox)> = candidates(*offset, width)
            .into_iter()
            .map(|c| (c, TextBox::of(text, label_at(camera, *at, c), size)))
            .collect();
        // Only the lines that reach where the label may go can cross it (an MD of thousands of
        // edges has a few there).
        let (lo, hi) = places.iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(lo, hi), (_, b)| (lo.min(b.min), hi.max(b.max)),
        );
        let near: Vec<(Vec2, Vec2, f32)> = lines
            .iter()
            .filter(|(p, q, _)| p.min(*q).cmple(hi).all() && p.max(*q).cmpge(lo).all())
            .copied()
            .collect();
        for (c, b) in places {
            let over: f32 = placed.iter().map(|p| b.overlap(p)).sum();
            let out = if b.inside(pane, margin) {
                0.0
            } else {
                b.outside(pane) + 1.0
            };
            let covered: f32 = obstacles.iter().map(|p| b.overlap(p)).sum();
            let across: f32 = near.iter().map(|(p, q, w)| crossing(&b, *p, *q) * w).sum();
            let bad = (over + out, covered, across, on_own_fill(&b, &filled, rgb));
            if best.as_ref().is_none_or(|(_, least, _)| bad < *least) {
                best = Some((c, bad, b));
            }
            if bad == (0.0, 0.0, 0.0, 0.0) {
                break;
            }
        }
        if let Some((c, _, b)) = best {
            *offset = c;
            placed.push(b);
        }
    }
    // Grid coordinates where they overlap nothing placed, and keep a little clear of the titles
    // (a "2" just before "World" reads as "2World").
    let clear = TITLE_CLEARANCE * camera.size;
    let titles: Vec<TextBox> = placed[..titles]
        .iter()
        .map(|t| TextBox {
            min: t.min - Vec2::splat(clear),
            max: t.max + Vec2::splat(clear),
        })
        .collect();
    let mut drop = Vec::new();
    for i in grid {
        if let Some(b) = text_box(&marks[i], camera) {
            if placed.iter().chain(&titles).any(|p| b.overlap(p) > 0.0) || !b.inside(pane, 0.0) {
                drop.push(i);
            } else {
                placed.push(b);
            }
        }
    }
    for i in drop.into_iter().rev() {
        marks.remove(i);
    }
}

/// Pairs of labels among `marks` whose boxes overlap, and labels that leave the pane: for
/// tests and checks of every scene.
pub fn problems(marks: &[Mark], camera: &Camera) -> Vec<String> {
    let boxes: Vec<(&str, TextBox)> = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Label { text, .. } => text_box(m, camera).map(|b| (text.as_str(), b)),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for (i, (t, b)) in boxes.iter().enumerate() {
        if !b.inside(camera.rect, 0.0) {
            out.push(format!("{t:?} leaves the pane"));
        }
        for (u, c) in &boxes[i + 1..] {
            if b.overlap(c) > 0.0 {
                out.push(format!("{t:?} overlaps {u:?}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::Stroke;
    use crate::palette;

    #[test]
    fn a_segment_crosses_a_box_by_its_length_inside() {
        let b = TextBox {
            min: Vec2::new(0.0, 0.0),
            max: Vec2::new(10.0, 4.0),
        };
        let across = crossing(&b, Vec2::new(-5.0, 2.0), Vec2::new(20.0, 2.0));
        assert!((across - 10.0).abs() < 1e-4, "{across}");
        assert_eq!(
            crossing(&b, Vec2::new(-5.0, 6.0), Vec2::new(20.0, 6.0)),
            0.0
        );
        assert_eq!(crossing(&b, Vec2::new(3.0, 8.0), Vec2::new(3.0, 5.0)), 0.0);
        let diagonal = crossing(&b, Vec2::new(-1.0, -1.0), Vec2::new(5.0, 5.0));
        assert!((diagonal - 4.0 * 2f32.sqrt()).abs() < 1e-4, "{diagonal}");
    }

    #[test]
    fn a_label_lying_along_a_line_moves_off_it() {
        let camera = Camera {
            rect: ScreenRect::new(0.0, 0.0, 600.0, 400.0),
            ..Camera::default()
        };
        let stroke = Stroke::solid(palette::TEXT, 1.0);
        // A label at the middle of a horizontal arrow, drawn on the arrow's line.
        let mut marks = vec![
            Mark::arrow(DVec2::new(-2.0, 0.0), DVec2::new(2.0, 0.0), stroke),
            Mark::label(DVec2::ZERO, "axis 1: 1.5000", palette::TEXT, (6.0, 0.0)),
        ];
        let before = text_box(&marks[1], &camera).unwrap();
        let line = (
            camera.to_screen(DVec2::new(-2.0, 0.0)),
            camera.to_screen(DVec2::new(2.0, 0.0)),
        );
        assert!(crossing(&before, line.0, line.1) > 0.0);
        place(&mut marks, &camera, 0..0, 0..2, 2..2);
        let after = text_box(&marks[1], &camera).unwrap();
        assert_eq!(crossing(&after, line.0, line.1), 0.0, "{after:?}");
        // Still beside its point, not far off.
        let anchor = camera.to_screen(DVec2::ZERO);
        let near = anchor.clamp(after.min, after.max);
        assert!(near.distance(anchor) < 20.0, "{after:?}");
    }
}

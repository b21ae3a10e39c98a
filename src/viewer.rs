//! A plain window until the full app lands: the world on the left, configuration space on the
//! right, each fitted to its content. It draws the two shapes, B ⊖ A with its edges coloured by
//! source, the origin and the minimum translation / gap vector. No panels, no editing.

use crate::geometry::minkowski::{minkowski_difference, MinkowskiDifference};
use crate::geometry::{distance::contact_from_md, Contact, Convex, DVec2};
use crate::palette::{self, Rgba};
use macroquad::prelude::*;

/// What the window shows; computed once, drawn every frame.
pub struct ViewerScene {
    pub title: String,
    pub a: Convex,
    pub b: Convex,
}

fn color(c: Rgba) -> Color {
    Color::from_rgba(c.0, c.1, c.2, c.3)
}

/// World → screen for one pane: uniform scale, y flipped (world is y-up).
struct PaneView {
    rect: Rect,
    centre: DVec2,
    scale: f64,
}

impl PaneView {
    fn fit(rect: Rect, min: DVec2, max: DVec2) -> PaneView {
        let size = (max - min).max(DVec2::splat(1e-9));
        let scale = ((rect.w as f64 - 60.0) / size.x)
            .min((rect.h as f64 - 90.0) / size.y)
            .max(1e-12);
        PaneView {
            rect,
            centre: (min + max) / 2.0,
            scale,
        }
    }

    fn to_screen(&self, p: DVec2) -> Vec2 {
        let d = (p - self.centre) * self.scale;
        vec2(
            self.rect.x + self.rect.w / 2.0 + d.x as f32,
            self.rect.y + self.rect.h / 2.0 + 15.0 - d.y as f32,
        )
    }
}

fn bounds(points: impl IntoIterator<Item = DVec2>) -> (DVec2, DVec2) {
    points.into_iter().fold(
        (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    )
}

fn draw_polygon(view: &PaneView, pts: &[DVec2], stroke: Color, fill: Color, width: f32) {
    let s: Vec<Vec2> = pts.iter().map(|&p| view.to_screen(p)).collect();
    if s.len() >= 3 {
        let c = s.iter().copied().sum::<Vec2>() / s.len() as f32;
        for i in 0..s.len() {
            draw_triangle(c, s[i], s[(i + 1) % s.len()], fill);
        }
    }
    for i in 0..s.len() {
        let (p, q) = (s[i], s[(i + 1) % s.len()]);
        draw_line(p.x, p.y, q.x, q.y, width, stroke);
    }
    if s.len() == 1 {
        draw_circle(s[0].x, s[0].y, width, stroke);
    }
}

fn draw_arrow(view: &PaneView, from: DVec2, to: DVec2, c: Color) {
    let (p, q) = (view.to_screen(from), view.to_screen(to));
    draw_line(p.x, p.y, q.x, q.y, 2.5, c);
    let d = q - p;
    if d.length() > 1.0 {
        let u = d.normalize() * 10.0;
        let n = vec2(-u.y, u.x) * 0.5;
        draw_triangle(q, q - u + n, q - u - n, c);
    }
}

fn draw_md(view: &PaneView, md: &MinkowskiDifference) {
    let pts = md.points();
    let rounded = Convex {
        vertices: md.strict_vertices(),
        radius: md.radius,
    };
    let fill = color(palette::MD_FILL);
    draw_polygon(view, &rounded.outline(0.1), color(palette::AXES), fill, 1.0);
    for (i, e) in md.edges.iter().enumerate() {
        let (p, q) = (
            view.to_screen(pts[i]),
            view.to_screen(pts[(i + 1) % pts.len()]),
        );
        let c = match e.source {
            crate::geometry::Source::A => palette::SHAPE_A,
            crate::geometry::Source::B => palette::SHAPE_B,
        };
        draw_line(p.x, p.y, q.x, q.y, 3.0, color(c));
    }
}

fn draw_grid(view: &PaneView) {
    // A line every power of ten that leaves 40 px or more between lines.
    let step = 10f64.powf((40.0 / view.scale).log10().ceil());
    let r = view.rect;
    let inv = |sx: f32, sy: f32| {
        DVec2::new(
            view.centre.x + (sx - r.x - r.w / 2.0) as f64 / view.scale,
            view.centre.y - (sy - r.y - r.h / 2.0 - 15.0) as f64 / view.scale,
        )
    };
    let (lo, hi) = (inv(r.x, r.y + r.h), inv(r.x + r.w, r.y));
    let mut x = (lo.x / step).ceil() * step;
    while x <= hi.x {
        let p = view.to_screen(DVec2::new(x, 0.0));
        let c = if x.abs() < step / 2.0 {
            palette::AXES
        } else {
            palette::GRID
        };
        draw_line(p.x, r.y, p.x, r.y + r.h, 1.0, color(c));
        x += step;
    }
    let mut y = (lo.y / step).ceil() * step;
    while y <= hi.y {
        let p = view.to_screen(DVec2::new(0.0, y));
        let c = if y.abs() < step / 2.0 {
            palette::AXES
        } else {
            palette::GRID
        };
        draw_line(r.x, p.y, r.x + r.w, p.y, 1.0, color(c));
        y += step;
    }
}

fn draw_frame(scene: &ViewerScene, md: &MinkowskiDifference, contact: &Contact) {
    clear_background(color(palette::BACKGROUND));
    let (w, h) = (screen_width(), screen_height());
    let text = color(palette::TEXT);
    let world_rect = Rect::new(0.0, 0.0, w / 2.0, h);
    let cs_rect = Rect::new(w / 2.0, 0.0, w / 2.0, h);

    let (oa, ob) = (scene.a.outline(0.1), scene.b.outline(0.1));
    let (lo, hi) = bounds(oa.iter().chain(&ob).copied());
    let world = PaneView::fit(world_rect, lo, hi);
    let md_outline = Convex {
        vertices: md.strict_vertices(),
        radius: md.radius,
    }
    .outline(0.1);
    let (lo, hi) = bounds(md_outline.iter().copied().chain([DVec2::ZERO]));
    let cs = PaneView::fit(cs_rect, lo, hi);

    draw_grid(&world);
    draw_polygon(
        &world,
        &oa,
        color(palette::SHAPE_A),
        color(palette::SHAPE_A.with_alpha(40)),
        2.0,
    );
    draw_polygon(
        &world,
        &ob,
        color(palette::SHAPE_B),
        color(palette::SHAPE_B.with_alpha(40)),
        2.0,
    );
    // Apart: the gap from A to B. Overlapping: how B must move (its witness onto A's).
    let (from, to) = if contact.distance < 0.0 {
        (contact.point_b, contact.point_b + contact.separation())
    } else {
        (contact.point_a, contact.point_b)
    };
    draw_arrow(&world, from, to, color(palette::MTV));

    draw_grid(&cs);
    draw_md(&cs, md);
    draw_arrow(&cs, DVec2::ZERO, contact.md_point(), color(palette::MTV));
    let o = cs.to_screen(DVec2::ZERO);
    draw_circle(o.x, o.y, 5.0, color(palette::ORIGIN));

    draw_line(w / 2.0, 0.0, w / 2.0, h, 2.0, color(palette::AXES));
    // The built-in font has ASCII only.
    draw_text(format!("World: {}", scene.title), 12.0, 24.0, 24.0, text);
    draw_text(
        "Configuration space: B - A",
        w / 2.0 + 12.0,
        24.0,
        24.0,
        text,
    );
    let verdict = if contact.distance < 0.0 {
        format!("penetrating, depth {:.4}", -contact.distance)
    } else if contact.distance == 0.0 {
        "touching".to_string()
    } else {
        format!("apart, distance {:.4}", contact.distance)
    };
    draw_text(
        format!(
            "{verdict}   normal ({:.3}, {:.3})   A red, B green, blue: minimum translation",
            contact.normal.x + 0.0,
            contact.normal.y + 0.0
        ),
        12.0,
        h - 14.0,
        20.0,
        text,
    );
}

/// Open the window and draw `scene` until it is closed (Escape closes it too).
pub fn run(scene: ViewerScene) {
    let conf = Conf {
        window_title: format!("minkowski-lab — {}", scene.title),
        window_width: 1280,
        window_height: 720,
        high_dpi: true,
        sample_count: 4,
        ..Default::default()
    };
    macroquad::Window::from_config(conf, async move {
        let md = minkowski_difference(&scene.a, &scene.b);
        let contact = contact_from_md(&md, &scene.a, &scene.b);
        loop {
            if is_key_pressed(KeyCode::Escape) {
                break;
            }
            draw_frame(&scene, &md, &contact);
            next_frame().await;
        }
    });
}

//! The editing handles of the world pane, where they are, what they look like, and which one
//! the mouse is over.
//!
//! Each body has four grips: the body itself (drag to move), a rotation handle (a small circle
//! a fixed number of pixels beyond the body's outline along its own x axis: drag to rotate),
//! the tip of its velocity arrow (drag to set the velocity), and the angular-velocity handle (a
//! small diamond further out, at the angle the body will have turned by t = 1, with an arc from
//! the body's x axis to it: drag it round to set the turn). A body at rest shows a hollow
//! square instead of an arrow, just beyond its outline along its y axis, so that the tip of a
//! zero velocity does not sit on the body's centre where a person grabs to move it.
//!
//! A polygon body also shows its own vertices as small squares (up to [`MAX_VERTEX_HANDLES`]):
//! drag one to move it; double-click its outline to add one there. When the outline as given
//! is not convex, it is drawn dashed beside its hull (the shape the algorithms use).
//!
//! Everything here is in world units except the fixed pixel offsets, converted by the camera.

use super::camera::Camera;
use crate::figure::{common, Mark, Stroke};
use crate::geometry::{contact, Convex, DVec2, Source};
use crate::palette::{self, Rgba};
use crate::scene::{Body, Scene, ShapeSpec};

/// How far beyond the outline the rotation handle sits, in pixels.
pub const ROTATE_GAP_PX: f32 = 22.0;
/// How far beyond the outline the rest-velocity handle sits, in pixels.
pub const REST_GAP_PX: f32 = 18.0;
/// A velocity arrow shorter than this (pixels) is drawn as the rest handle instead.
pub const MIN_ARROW_PX: f32 = 12.0;
/// How close (pixels) the mouse must be to a handle to grab it.
pub const GRAB_PX: f32 = 9.0;
/// Drawn radius of the rotation handle, pixels.
pub const HANDLE_RADIUS_PX: f32 = 6.0;
/// How far beyond the outline the angular-velocity handle's circle runs, in pixels.
pub const SPIN_GAP_PX: f32 = 46.0;
/// Half the size of a vertex handle's square, pixels.
pub const VERTEX_HALF_PX: f32 = 4.0;
/// Polygons with more vertices than this show no vertex handles (they would hide the shape).
pub const MAX_VERTEX_HANDLES: usize = 64;
/// Arcs are drawn in steps of at most this many radians.
const ARC_STEP: f64 = 0.05;

// How the handles look: widths and sizes in pixels, alphas 0–255.

/// The thin dashed spoke from a body's centre to its rotation handle, and its alpha.
const SPOKE_WIDTH: f32 = 1.0;
const SPOKE_ALPHA: u8 = 150;
/// The rotation handle's ring.
const ROTATE_RING_WIDTH: f32 = 2.0;
/// The dot at a body's position (what it turns about).
const CENTRE_DOT_PX: f32 = 5.0;
/// The velocity arrow, and the rest handle's square (half-size) and outline.
const VELOCITY_WIDTH: f32 = 2.5;
const REST_HALF_PX: f32 = 4.5;
const REST_WIDTH: f32 = 1.5;
/// The "v" label beside the velocity handle, and the "ω" label beside the spin handle, pixels
/// right and down of the handle.
const VELOCITY_LABEL_OFFSET: (f32, f32) = (7.0, -18.0);
const SPIN_LABEL_OFFSET: (f32, f32) = (8.0, -16.0);
/// The ring round the selected vertex: how far beyond the vertex square, and its width.
const SELECTED_RING_GAP_PX: f32 = 4.0;
const SELECTED_RING_WIDTH: f32 = 2.0;
/// The arc the body's x axis sweeps over the motion: width and alpha.
const SPIN_ARC_WIDTH: f32 = 1.5;
const SPIN_ARC_ALPHA: u8 = 200;
/// The spin handle's diamond: half-diagonal, outline, and fill alpha when the body turns and
/// when it does not.
const SPIN_HALF_PX: f32 = 5.5;
const SPIN_WIDTH: f32 = 1.5;
const SPIN_FILL_ALPHA: u8 = 255;
const SPIN_IDLE_FILL_ALPHA: u8 = 60;
/// A polygon's outline as given, dashed, when it is not the hull: width and alpha.
const GIVEN_OUTLINE_WIDTH: f32 = 1.5;
const GIVEN_OUTLINE_ALPHA: u8 = 220;
/// The outline of a vertex handle's square.
const VERTEX_WIDTH: f32 = 1.2;
/// How near (pixels) a body's outline the mouse grabs the body.
const BODY_GRAB_PX: f32 = 2.0;

/// Something in the world pane that can be dragged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grip {
    Body(Source),
    Rotate(Source),
    Velocity(Source),
    /// The angular-velocity handle.
    Spin(Source),
    /// Vertex `i` of a polygon body's outline as given (before the hull).
    Vertex(Source, usize),
}

impl Grip {
    /// The body the grip belongs to.
    pub fn body(self) -> Source {
        match self {
            Grip::Body(w) | Grip::Rotate(w) | Grip::Velocity(w) | Grip::Spin(w) => w,
            Grip::Vertex(w, _) => w,
        }
    }
}

/// Where one body's handles are, in world units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handles {
    pub centre: DVec2,
    pub rotate: DVec2,
    /// Where the velocity handle is drawn and grabbed.
    pub velocity: DVec2,
    /// Whether the velocity is drawn as an arrow (false: as the rest handle).
    pub moving: bool,
    /// The angular-velocity handle: on the circle of `spin_radius` about the centre, at the
    /// body's angle plus its turn over the motion.
    pub spin: DVec2,
    pub spin_radius: f64,
}

/// The body of `which` in `scene`.
pub fn body(scene: &Scene, which: Source) -> &Body {
    match which {
        Source::A => &scene.a,
        Source::B => &scene.b,
    }
}

/// The body of `which` in `scene`, to change.
pub fn body_mut(scene: &mut Scene, which: Source) -> &mut Body {
    match which {
        Source::A => &mut scene.a,
        Source::B => &mut scene.b,
    }
}

/// How far the world shape reaches from `centre` along the unit `dir` (at least 0).
fn reach(shape: &Convex, centre: DVec2, dir: DVec2) -> f64 {
    (shape.support_value(dir) + shape.radius - centre.dot(dir)).max(0.0)
}

/// Where the handles of `body` (whose world shape is `shape`) are under `camera`.
pub fn handles(body: &Body, shape: &Convex, camera: &Camera) -> Handles {
    let angle = body.angle_deg.to_radians();
    let x_axis = DVec2::new(angle.cos(), angle.sin());
    let y_axis = x_axis.perp();
    let c = body.position;
    let rotate = c + x_axis * (reach(shape, c, x_axis) + camera.px(ROTATE_GAP_PX));
    let moving = body.velocity.length() * camera.scale >= MIN_ARROW_PX as f64;
    let velocity = if moving {
        c + body.velocity
    } else {
        c + y_axis * (reach(shape, c, y_axis) + camera.px(REST_GAP_PX))
    };
    let spin_radius =
        reach(shape, c, x_axis).max(reach(shape, c, -x_axis)) + camera.px(SPIN_GAP_PX);
    let turned = (body.angle_deg + body.angular_velocity_deg).to_radians();
    Handles {
        centre: c,
        rotate,
        velocity,
        moving,
        spin: c + DVec2::from_angle(turned) * spin_radius,
        spin_radius,
    }
}

/// The world positions of a polygon body's vertices as given in the scene (before the hull),
/// or nothing for other shapes.
pub fn outline_vertices(body: &Body) -> Vec<DVec2> {
    match &body.shape {
        ShapeSpec::Polygon { vertices, .. } => {
            vertices.iter().map(|v| body.pose().apply(*v)).collect()
        }
        _ => vec![],
    }
}

/// Whether a polygon body's vertex handles are shown.
fn vertex_handles_shown(body: &Body) -> bool {
    matches!(&body.shape, ShapeSpec::Polygon { vertices, .. } if vertices.len() <= MAX_VERTEX_HANDLES)
}

/// The edge of a polygon body's outline (as given) under the world point `p`, within the grab
/// distance, and where on it (in the body's frame) a new vertex would go: B's before A's.
pub fn outline_edge_at(scene: &Scene, camera: &Camera, p: DVec2) -> Option<(Source, usize, DVec2)> {
    let grab = camera.px(GRAB_PX);
    for which in [Source::B, Source::A] {
        let b = body(scene, which);
        if !vertex_handles_shown(b) {
            continue;
        }
        let w = outline_vertices(b);
        let n = w.len();
        if n < 2 {
            continue;
        }
        for i in 0..n {
            let (u, v) = (w[i], w[(i + 1) % n]);
            let e = v - u;
            let s = ((p - u).dot(e) / e.length_squared().max(f64::MIN_POSITIVE)).clamp(0.0, 1.0);
            let q = u + e * s;
            if (p - q).length() <= grab && s > 0.0 && s < 1.0 {
                return Some((which, i, b.pose().inverse_apply(q)));
            }
        }
    }
    None
}

/// The marks of the handles of the bodies `of` says (A, B): a thin spoke to the rotation handle
/// and the handle, the velocity arrow (or rest square), all in the body's colour.
pub fn marks(
    scene: &Scene,
    shapes: [&Convex; 2],
    camera: &Camera,
    selected: Option<(Source, usize)>,
    of: [bool; 2],
) -> Vec<Mark> {
    let mut out = Vec::new();
    for (which, shape) in [(Source::A, shapes[0]), (Source::B, shapes[1])]
        .into_iter()
        .zip(of)
        .filter_map(|(body, shown)| shown.then_some(body))
    {
        let h = handles(body(scene, which), shape, camera);
        let c = common::body_color(which);
        out.push(Mark::Segment {
            from: h.centre,
            to: h.rotate,
            stroke: Stroke::dashed(c.with_alpha(SPOKE_ALPHA), SPOKE_WIDTH),
        });
        out.push(Mark::Circle {
            centre: h.rotate,
            radius: camera.px(HANDLE_RADIUS_PX),
            stroke: Some(Stroke::solid(c, ROTATE_RING_WIDTH)),
            fill: Some(palette::BACKGROUND),
        });
        out.push(Mark::Point {
            at: h.centre,
            color: c,
            size: CENTRE_DOT_PX,
        });
        if h.moving {
            out.push(Mark::Arrow {
                from: h.centre,
                to: h.velocity,
                stroke: Stroke::solid(c, VELOCITY_WIDTH),
            });
        } else {
            out.push(square(
                h.velocity,
                camera.px(REST_HALF_PX),
                Stroke::solid(c, REST_WIDTH),
            ));
        }
        out.push(Mark::Label {
            at: h.velocity,
            text: "v".into(),
            color: c,
            offset: VELOCITY_LABEL_OFFSET,
        });
        spin_marks(body(scene, which), &h, c, camera, &mut out);
        outline_marks(body(scene, which), shape, c, camera, &mut out);
    }
    if let Some((which, i)) = selected {
        if let Some(p) = outline_vertices(body(scene, which)).get(i) {
            out.push(Mark::Circle {
                centre: *p,
                radius: camera.px(VERTEX_HALF_PX + SELECTED_RING_GAP_PX),
                stroke: Some(Stroke::solid(palette::MTV, SELECTED_RING_WIDTH)),
                fill: None,
            });
        }
    }
    out
}

/// The angular-velocity handle: the arc swept by the body's x axis over the motion and a
/// diamond at its end, labelled ω.
fn spin_marks(b: &Body, h: &Handles, c: Rgba, camera: &Camera, out: &mut Vec<Mark>) {
    let from = b.angle_deg.to_radians();
    let sweep = b.angular_velocity_deg.to_radians();
    let steps = ((sweep.abs() / ARC_STEP).ceil() as usize).clamp(1, 2000);
    let arc: Vec<DVec2> = (0..=steps)
        .map(|k| {
            h.centre + DVec2::from_angle(from + sweep * k as f64 / steps as f64) * h.spin_radius
        })
        .collect();
    if sweep != 0.0 {
        out.push(Mark::Polyline {
            points: arc,
            stroke: Stroke::solid(c.with_alpha(SPIN_ARC_ALPHA), SPIN_ARC_WIDTH),
        });
    }
    let d = camera.px(SPIN_HALF_PX);
    let (p, out_dir) = (h.spin, (h.spin - h.centre).normalize_or(DVec2::X));
    let side = out_dir.perp();
    out.push(Mark::Polygon {
        points: vec![p + out_dir * d, p + side * d, p - out_dir * d, p - side * d],
        stroke: Some(Stroke::solid(c, SPIN_WIDTH)),
        fill: Some(c.with_alpha(if sweep != 0.0 {
            SPIN_FILL_ALPHA
        } else {
            SPIN_IDLE_FILL_ALPHA
        })),
        convex: true,
    });
    out.push(Mark::Label {
        at: h.spin,
        text: "\u{3c9}".into(),
        color: c,
        offset: SPIN_LABEL_OFFSET,
    });
}

/// A polygon body's vertex handles, and its outline as given, dashed, when that is not the
/// hull drawn as the body.
fn outline_marks(b: &Body, hull: &Convex, c: Rgba, camera: &Camera, out: &mut Vec<Mark>) {
    let w = outline_vertices(b);
    if w.len() >= 3 && w.len() != hull.vertices.len() {
        let mut closed = w.clone();
        closed.push(w[0]);
        out.push(Mark::Polyline {
            points: closed,
            stroke: Stroke::dashed(c.with_alpha(GIVEN_OUTLINE_ALPHA), GIVEN_OUTLINE_WIDTH),
        });
    }
    if !vertex_handles_shown(b) {
        return;
    }
    let d = camera.px(VERTEX_HALF_PX);
    for p in w {
        out.push(square(p, d, Stroke::solid(c, VERTEX_WIDTH)));
    }
}

/// A hollow square handle of half-size `d` (world units) around `p`.
fn square(p: DVec2, d: f64, stroke: Stroke) -> Mark {
    Mark::Polygon {
        points: vec![
            p + DVec2::new(-d, -d),
            p + DVec2::new(d, -d),
            p + DVec2::new(d, d),
            p + DVec2::new(-d, d),
        ],
        stroke: Some(stroke),
        fill: Some(palette::BACKGROUND),
        convex: true,
    }
}

/// Whether the world point `p` is on `shape` or within `slack` world units of it.
pub fn on_shape(shape: &Convex, p: DVec2, slack: f64) -> bool {
    contact(shape, &Convex::circle(p, 0.0)).distance <= slack
}

/// The grip under the world point `p`, if any: handles first (they are small), then the
/// bodies, B before A (B is drawn on top).
pub fn hit(scene: &Scene, shapes: [&Convex; 2], camera: &Camera, p: DVec2) -> Option<Grip> {
    let grab = camera.px(GRAB_PX);
    let all = [(Source::B, shapes[1]), (Source::A, shapes[0])];
    // Vertices first: they sit on the outline, where the body would take the click.
    for (which, _) in all {
        let b = body(scene, which);
        if vertex_handles_shown(b) {
            let w = outline_vertices(b);
            let nearest =
                (0..w.len()).min_by(|&i, &j| (p - w[i]).length().total_cmp(&(p - w[j]).length()));
            if let Some(i) = nearest.filter(|&i| (p - w[i]).length() <= grab) {
                return Some(Grip::Vertex(which, i));
            }
        }
    }
    for (which, shape) in all {
        let h = handles(body(scene, which), shape, camera);
        if (p - h.spin).length() <= grab {
            return Some(Grip::Spin(which));
        }
        if (p - h.rotate).length() <= grab {
            return Some(Grip::Rotate(which));
        }
        if (p - h.velocity).length() <= grab {
            return Some(Grip::Velocity(which));
        }
    }
    all.into_iter()
        .find(|(_, shape)| on_shape(shape, p, camera.px(BODY_GRAB_PX)))
        .map(|(which, _)| Grip::Body(which))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::camera::ScreenRect;

    fn setup() -> (Scene, Convex, Convex, Camera) {
        let s = Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "obb.json").unwrap();
        let b = s.bodies().unwrap();
        let cam = Camera {
            rect: ScreenRect::new(0.0, 0.0, 800.0, 600.0),
            centre: DVec2::ZERO,
            scale: 100.0,
            size: 1.0,
        };
        (s, b.a, b.b, cam)
    }

    #[test]
    fn rotation_handle_sits_beyond_the_outline_on_the_x_axis() {
        let (s, a, _, cam) = setup();
        // A: box half-extents (1, 0.5) at (-0.8, 0), angle 0: outline reaches x = 0.2.
        let h = handles(&s.a, &a, &cam);
        assert!(
            (h.rotate - DVec2::new(0.2 + 0.22, 0.0)).length() < 1e-12,
            "{}",
            h.rotate
        );
        // At rest: the square above the box, 18 px beyond its top at y = 0.5.
        assert!(!h.moving);
        assert!(
            (h.velocity - DVec2::new(-0.8, 0.68)).length() < 1e-12,
            "{}",
            h.velocity
        );
    }

    #[test]
    fn a_moving_body_has_its_arrow_tip_as_handle() {
        let (mut s, a, _, cam) = setup();
        s.a.velocity = DVec2::new(1.0, 0.5);
        let h = handles(&s.a, &a, &cam);
        assert!(h.moving);
        assert!(
            (h.velocity - DVec2::new(0.2, 0.5)).length() < 1e-12,
            "{}",
            h.velocity
        );
    }

    #[test]
    fn hit_finds_handles_then_bodies() {
        let (s, a, b, cam) = setup();
        let shapes = [&a, &b];
        let ha = handles(&s.a, &a, &cam);
        assert_eq!(
            hit(&s, shapes, &cam, ha.rotate + DVec2::new(0.05, 0.0)),
            Some(Grip::Rotate(Source::A))
        );
        assert_eq!(
            hit(&s, shapes, &cam, ha.velocity),
            Some(Grip::Velocity(Source::A))
        );
        assert_eq!(
            hit(&s, shapes, &cam, DVec2::new(-1.5, 0.1)),
            Some(Grip::Body(Source::A))
        );
        // The overlap of A and B belongs to B (drawn on top).
        assert_eq!(
            hit(&s, shapes, &cam, DVec2::new(0.1, 0.0)),
            Some(Grip::Body(Source::B))
        );
        assert_eq!(hit(&s, shapes, &cam, DVec2::new(5.0, 5.0)), None);
    }

    #[test]
    fn polygon_vertices_and_outline_edges_are_grips_and_the_spin_handle_shows_the_turn() {
        let (mut s, a, _, cam) = setup();
        s.b.shape = ShapeSpec::Polygon {
            vertices: vec![
                DVec2::new(0.0, 0.0),
                DVec2::new(1.0, 0.0),
                DVec2::new(0.2, 0.2), // dents the outline: not convex
                DVec2::new(0.0, 1.0),
            ],
            radius: 0.0,
        };
        s.b.position = DVec2::new(2.0, 0.0);
        let bodies = s.bodies().unwrap();
        let shapes = [&a, &bodies.b];
        assert_eq!(
            hit(&s, shapes, &cam, DVec2::new(3.03, 0.02)),
            Some(Grip::Vertex(Source::B, 1))
        );
        // The hidden dent vertex is still a grip.
        assert_eq!(
            hit(&s, shapes, &cam, DVec2::new(2.2, 0.2)),
            Some(Grip::Vertex(Source::B, 2))
        );
        // Mid-edge: a new vertex would go after vertex 0, at the point in the body's frame.
        let (which, edge, local) = outline_edge_at(&s, &cam, DVec2::new(2.5, 0.03)).unwrap();
        assert_eq!((which, edge), (Source::B, 0));
        assert!((local - DVec2::new(0.5, 0.0)).length() < 1e-12);
        assert_eq!(outline_edge_at(&s, &cam, DVec2::new(2.5, 2.0)), None);
        // The non-convex outline is drawn dashed beside the hull.
        let m = marks(&s, shapes, &cam, None, [true; 2]);
        assert!(m.iter().any(
            |m| matches!(m, Mark::Polyline { points, stroke } if stroke.dashed && points.len() == 5)
        ));
        // A turn of 90° puts the spin handle a quarter turn from the x axis, and it is a grip.
        s.a.angular_velocity_deg = 90.0;
        let h = handles(&s.a, &a, &cam);
        assert!((h.spin - h.centre).normalize().abs_diff_eq(DVec2::Y, 1e-12));
        assert_eq!(hit(&s, shapes, &cam, h.spin), Some(Grip::Spin(Source::A)));
    }

    #[test]
    fn handle_marks_are_in_the_body_colours() {
        let (s, a, b, cam) = setup();
        let m = marks(&s, [&a, &b], &cam, None, [true; 2]);
        // Only the body asked for gets handles.
        let only_b = marks(&s, [&a, &b], &cam, None, [false, true]);
        assert!(!only_b.is_empty());
        assert!(only_b
            .iter()
            .all(|m| !common::mark_colors(m).contains(&palette::SHAPE_A)));
        assert!(marks(&s, [&a, &b], &cam, None, [false; 2]).is_empty());
        let red = m
            .iter()
            .filter(|m| matches!(m, Mark::Circle { stroke: Some(st), .. } if st.color == palette::SHAPE_A))
            .count();
        assert_eq!(red, 1);
    }
}

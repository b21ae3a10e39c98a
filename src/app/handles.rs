//! The editing handles of the world pane, where they are, what they look like, and which one
//! the mouse is over.
//!
//! Each body has three grips: the body itself (drag to move), a rotation handle (a small circle
//! a fixed number of pixels beyond the body's outline along its own x axis: drag to rotate),
//! and the tip of its velocity arrow (drag to set the velocity). A body at rest shows a hollow
//! square instead of an arrow, just beyond its outline along its y axis, so that the tip of a
//! zero velocity does not sit on the body's centre where a person grabs to move it.
//!
//! Everything here is in world units except the fixed pixel offsets, converted by the camera.

use super::camera::Camera;
use crate::figure::{common, Mark, Stroke};
use crate::geometry::{contact, Convex, DVec2, Source};
use crate::palette;
use crate::scene::{Body, Scene};

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

/// Something in the world pane that can be dragged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grip {
    Body(Source),
    Rotate(Source),
    Velocity(Source),
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
    Handles {
        centre: c,
        rotate,
        velocity,
        moving,
    }
}

/// The marks of both bodies' handles: a thin spoke to the rotation handle and the handle, the
/// velocity arrow (or rest square), all in the body's colour.
pub fn marks(scene: &Scene, shapes: [&Convex; 2], camera: &Camera) -> Vec<Mark> {
    let mut out = Vec::new();
    for (which, shape) in [(Source::A, shapes[0]), (Source::B, shapes[1])] {
        let h = handles(body(scene, which), shape, camera);
        let c = common::body_color(which);
        out.push(Mark::Segment {
            from: h.centre,
            to: h.rotate,
            stroke: Stroke::dashed(c.with_alpha(150), 1.0),
        });
        out.push(Mark::Circle {
            centre: h.rotate,
            radius: camera.px(HANDLE_RADIUS_PX),
            stroke: Some(Stroke::solid(c, 2.0)),
            fill: Some(palette::BACKGROUND),
        });
        out.push(Mark::Point {
            at: h.centre,
            color: c,
            size: 5.0,
        });
        if h.moving {
            out.push(Mark::Arrow {
                from: h.centre,
                to: h.velocity,
                stroke: Stroke::solid(c, 2.5),
            });
        } else {
            let d = camera.px(4.5);
            let p = h.velocity;
            out.push(Mark::Polygon {
                points: vec![
                    p + DVec2::new(-d, -d),
                    p + DVec2::new(d, -d),
                    p + DVec2::new(d, d),
                    p + DVec2::new(-d, d),
                ],
                stroke: Some(Stroke::solid(c, 1.5)),
                fill: Some(palette::BACKGROUND),
                convex: true,
            });
        }
        out.push(Mark::Label {
            at: h.velocity,
            text: "v".into(),
            color: c,
            offset: (7.0, -18.0),
        });
    }
    out
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
    for (which, shape) in all {
        let h = handles(body(scene, which), shape, camera);
        if (p - h.rotate).length() <= grab {
            return Some(Grip::Rotate(which));
        }
        if (p - h.velocity).length() <= grab {
            return Some(Grip::Velocity(which));
        }
    }
    all.into_iter()
        .find(|(_, shape)| on_shape(shape, p, camera.px(2.0)))
        .map(|(which, _)| Grip::Body(which))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::ScreenRect;

    fn setup() -> (Scene, Convex, Convex, Camera) {
        let s = Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "obb.json").unwrap();
        let b = s.bodies().unwrap();
        let cam = Camera {
            rect: ScreenRect::new(0.0, 0.0, 800.0, 600.0),
            centre: DVec2::ZERO,
            scale: 100.0,
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
    fn handle_marks_are_in_the_body_colours() {
        let (s, a, b, cam) = setup();
        let m = marks(&s, [&a, &b], &cam);
        let red = m
            .iter()
            .filter(|m| matches!(m, Mark::Circle { stroke: Some(st), .. } if st.color == palette::SHAPE_A))
            .count();
        assert_eq!(red, 1);
    }
}

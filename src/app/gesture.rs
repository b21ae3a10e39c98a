//! What the mouse is doing ([`Gesture`]: one thing at a time), and what a drag does to the
//! scene, as a pure function of where it started and where the mouse is now.
//!
//! Every drag is applied to the scene as it was when the drag began (not added up frame by
//! frame), so rounding never accumulates and a drag back to its start restores the scene
//! exactly. Moving and velocity drags add the mouse's world displacement; a rotation drag adds
//! the angle the mouse swept about the body's position, snapped to [`SNAP_DEG`] with Shift.
//! In configuration space a drag moves B: the MD is B − A, so it follows the mouse one to one.

use crate::figure::PaneId;
use crate::geometry::{DVec2, Source};
use crate::scene::{Moment, Scene, ShapeSpec};
use crate::view::handles::{body, body_mut, Grip};
use glam::Vec2;

/// Shift-rotation snaps the angle to multiples of this many degrees.
pub const SNAP_DEG: f64 = 15.0;

/// What the mouse is doing in the panes.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Gesture {
    #[default]
    Idle,
    /// Left button: dragging a handle or a body, or B in configuration space.
    Drag(Box<Drag>),
    /// Right or middle button: panning `pane`; the mouse was at `last` (pixels) last frame.
    Pan { pane: PaneId, last: Vec2 },
    /// Left button on the line between the panes: moving the split.
    Split,
}

/// What is being dragged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A grip of the world pane.
    World(Grip),
    /// Anywhere in configuration space: moves the body whose move carries the difference shown
    /// one to one with the mouse: B when it shows B − A, A when it shows A − B.
    Config(Source),
}

/// A drag in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Drag {
    pub target: Target,
    /// The scene when the drag began.
    pub start: Scene,
    /// The mouse's world point (in its pane) when the drag began.
    pub from: DVec2,
    /// The moment of the motion the bodies are drawn at (their handles sit there).
    pub at: Moment,
}

/// An angle in degrees wrapped to (−180, 180].
pub fn wrap_deg(a: f64) -> f64 {
    let w = (a + 180.0).rem_euclid(360.0) - 180.0;
    if w == -180.0 {
        180.0
    } else {
        w
    }
}

impl Drag {
    /// The pane the drag happens in.
    pub fn pane(&self) -> PaneId {
        match self.target {
            Target::Config(_) => PaneId::Config,
            Target::World(_) => PaneId::World,
        }
    }

    /// The scene with the drag applied, the mouse now at world point `to`; `snap` (Shift)
    /// snaps rotations.
    ///
    /// The handles sit round the bodies as drawn at time `t` ([`Drag::at`]), and the grabbed
    /// handle stays under the mouse: turns are measured about the body's position at `t`; the
    /// velocity's tip (at `position + velocity·(1 + t)`) and the turn's end (at `angle +
    /// ω·(1 + t)`, or `angle + ω` when the bodies are drawn moved but not turned) follow the
    /// mouse, so what the drag adds to `v` and `ω` is divided accordingly. The file keeps the
    /// pose at `t = 0`.
    pub fn apply(&self, to: DVec2, snap: bool) -> Scene {
        let mut scene = self.start.clone();
        let delta = to - self.from;
        let t = self.at.t;
        let drawn = |which| self.at.body(body(&self.start, which));
        // How far the turn's end has run along with the motion drawn.
        let spin_scale = 1.0 + self.at.turn_deg(1.0);
        match self.target {
            Target::World(Grip::Body(which)) => body_mut(&mut scene, which).position += delta,
            Target::World(Grip::Velocity(which)) => {
                body_mut(&mut scene, which).velocity += delta / (1.0 + t)
            }
            Target::Config(which) => body_mut(&mut scene, which).position += delta,
            Target::World(Grip::Spin(which)) => {
                // The swept angle about the body's position adds to the turn over the motion.
                let b = drawn(which);
                if let Some(swept) = swept_deg(b.position, self.from, to) {
                    let mut w = b.angular_velocity_deg + swept / spin_scale;
                    if snap {
                        w = (w / SNAP_DEG).round() * SNAP_DEG;
                    }
                    body_mut(&mut scene, which).angular_velocity_deg = w;
                }
            }
            Target::World(Grip::Vertex(which, i)) => {
                let pose = drawn(which).pose();
                if let ShapeSpec::Polygon { vertices, .. } = &mut body_mut(&mut scene, which).shape
                {
                    if let Some(v) = vertices.get_mut(i) {
                        *v = pose.inverse_apply(pose.apply(*v) + delta);
                    }
                }
            }
            Target::World(Grip::Rotate(which)) => {
                // Snapped as drawn: the angle at `t` lands on a multiple of the snap.
                let b = drawn(which);
                if let Some(swept) = swept_deg(b.position, self.from, to) {
                    let mut angle = b.angle_deg + swept;
                    if snap {
                        angle = (angle / SNAP_DEG).round() * SNAP_DEG;
                    }
                    let turned = self.at.turn_deg(b.angular_velocity_deg);
                    body_mut(&mut scene, which).angle_deg = wrap_deg(angle - turned);
                }
            }
        }
        scene
    }
}

/// The angle in degrees (−180, 180] swept about `centre` from `from` to `to`; `None` when
/// either is on the centre.
fn swept_deg(centre: DVec2, from: DVec2, to: DVec2) -> Option<f64> {
    let (r0, r1) = (from - centre, to - centre);
    (r0.length() > 0.0 && r1.length() > 0.0).then(|| r0.angle_between(r1).to_degrees())
}

/// The body a target edits.
pub fn edited_body(target: Target) -> Source {
    match target {
        Target::World(g) => g.body(),
        Target::Config(which) => which,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene() -> Scene {
        Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "obb.json").unwrap()
    }

    fn drag(target: Target, from: DVec2) -> Drag {
        Drag {
            target,
            start: scene(),
            from,
            at: Moment::default(),
        }
    }

    /// Body `which`'s handles in `scene` drawn at `at`.
    fn handles_at(scene: &Scene, which: Source, at: Moment) -> crate::view::handles::Handles {
        let drawn = scene.at(at);
        let shapes = drawn.bodies().unwrap();
        let shape = if which == Source::A {
            shapes.a
        } else {
            shapes.b
        };
        let camera = crate::view::camera::Camera::default();
        crate::view::handles::handles(body(&drawn, which), &shape, &camera)
    }

    #[test]
    fn handles_of_bodies_drawn_later_in_the_motion_stay_under_the_mouse() {
        // Both bodies move and turn; the handles sit round them as drawn at t = 0.625, turned
        // (conservative advancement, a frame) or only moved (the iterative cast).
        let mut start = scene();
        start.a.velocity = DVec2::new(1.5, -0.5);
        start.a.angular_velocity_deg = 70.0;
        start.b.velocity = DVec2::new(-0.4, 0.9);
        start.b.angular_velocity_deg = -35.0;
        for (which, t) in [Source::A, Source::B]
            .into_iter()
            .flat_map(|w| [(w, Moment::turned(0.625)), (w, Moment::translated(0.625))])
        {
            let h = handles_at(&start, which, t);
            let to = |p: DVec2| p + DVec2::new(0.3, -0.45);
            for (grip, from) in [
                (Grip::Body(which), h.centre),
                (Grip::Velocity(which), h.velocity),
                (Grip::Rotate(which), h.rotate),
                (Grip::Spin(which), h.spin),
            ] {
                let d = Drag {
                    target: Target::World(grip),
                    start: start.clone(),
                    from,
                    at: t,
                };
                let moved = d.apply(to(from), false);
                let after = handles_at(&moved, which, t);
                let dir = |p: DVec2, c: DVec2| (p - c).normalize();
                let off = match grip {
                    Grip::Body(_) => (after.centre - to(h.centre)).length(),
                    Grip::Velocity(_) => (after.velocity - to(h.velocity)).length(),
                    Grip::Rotate(_) => {
                        (dir(after.rotate, after.centre) - dir(to(h.rotate), after.centre)).length()
                    }
                    _ => (dir(after.spin, after.centre) - dir(to(h.spin), after.centre)).length(),
                };
                assert!(off < 1e-9, "{grip:?}: the handle is {off} from the mouse");
                // The file keeps the pose at t = 0: moving the velocity or the turn keeps it.
                if matches!(grip, Grip::Velocity(_) | Grip::Spin(_)) {
                    assert_eq!(body(&moved, which).position, body(&start, which).position);
                    assert_eq!(body(&moved, which).angle_deg, body(&start, which).angle_deg);
                }
            }
        }
    }

    #[test]
    fn the_spin_handle_adds_the_swept_angle_to_the_turn() {
        // A at (−0.8, 0): a quarter turn of the mouse about it, counter-clockwise.
        let d = drag(Target::World(Grip::Spin(Source::A)), DVec2::new(0.2, 0.0));
        let s = d.apply(DVec2::new(-0.8, 1.0), false);
        assert!((s.a.angular_velocity_deg - 90.0).abs() < 1e-9);
        assert_eq!(s.a.angle_deg, 0.0);
        // Shift snaps to 15°.
        let s = d.apply(DVec2::new(-0.8, 1.0) + DVec2::new(0.05, 0.0), true);
        assert_eq!(s.a.angular_velocity_deg % 15.0, 0.0);
        assert_eq!(edited_body(d.target), Source::A);
    }

    #[test]
    fn a_vertex_drag_moves_that_vertex_in_the_bodys_frame() {
        let mut start = scene();
        start.b.shape = ShapeSpec::Polygon {
            vertices: vec![
                DVec2::new(-1.0, -1.0),
                DVec2::new(1.0, -1.0),
                DVec2::new(0.0, 1.0),
            ],
            radius: 0.0,
        };
        start.b.angle_deg = 90.0;
        let d = Drag {
            target: Target::World(Grip::Vertex(Source::B, 2)),
            start: start.clone(),
            from: DVec2::ZERO,
            at: Moment::default(),
        };
        // Turned 90°, the body's +y is the world's −x: the mouse moving by (−0.5, 0) in the
        // world moves the vertex by +0.5 along the body's y.
        let s = d.apply(DVec2::new(-0.5, 0.0), false);
        let ShapeSpec::Polygon { vertices, .. } = &s.b.shape else {
            panic!()
        };
        assert!(
            (vertices[2] - DVec2::new(0.0, 1.5)).length() < 1e-12,
            "{}",
            vertices[2]
        );
        assert_eq!(
            vertices[..2],
            [DVec2::new(-1.0, -1.0), DVec2::new(1.0, -1.0)]
        );
        assert_eq!(s.b.position, start.b.position);
    }

    #[test]
    fn moving_adds_the_mouse_displacement() {
        let d = drag(Target::World(Grip::Body(Source::A)), DVec2::new(-1.0, 0.0));
        let s = d.apply(DVec2::new(-0.5, 1.0), false);
        assert!(
            (s.a.position - DVec2::new(-0.3, 1.0)).length() < 1e-12,
            "{}",
            s.a.position
        );
        assert_eq!(s.b, d.start.b);
    }

    #[test]
    fn a_drag_back_to_its_start_restores_the_scene() {
        let d = drag(Target::World(Grip::Rotate(Source::B)), DVec2::new(2.0, 0.2));
        assert_eq!(d.apply(DVec2::new(2.0, 0.2), true), d.start);
    }

    #[test]
    fn rotating_adds_the_swept_angle_and_snaps_with_shift() {
        // B sits at (0.6, 0.2); grab on its +x side and sweep 37° counter-clockwise.
        let c = DVec2::new(0.6, 0.2);
        let d = drag(Target::World(Grip::Rotate(Source::B)), c + DVec2::X);
        let to = c + DVec2::from_angle(37f64.to_radians()) * 2.0;
        let s = d.apply(to, false);
        assert!((s.b.angle_deg - 37.0).abs() < 1e-9, "{}", s.b.angle_deg);
        assert_eq!(d.apply(to, true).b.angle_deg, 30.0);
        // Sweeping clockwise past −180 wraps.
        let to = c + DVec2::from_angle(-200f64.to_radians());
        let a = d.apply(to, false).b.angle_deg;
        assert!((a - 160.0).abs() < 1e-9, "{a}");
    }

    #[test]
    fn velocity_tip_follows_the_mouse() {
        let d = drag(
            Target::World(Grip::Velocity(Source::A)),
            DVec2::new(-0.8, 0.7),
        );
        let s = d.apply(DVec2::new(0.2, 0.2), false);
        assert!(
            (s.a.velocity - DVec2::new(1.0, -0.5)).length() < 1e-12,
            "{}",
            s.a.velocity
        );
    }

    #[test]
    fn config_drag_moves_b_and_so_the_md_by_the_same_amount() {
        let d = drag(Target::Config(Source::B), DVec2::new(1.0, 1.0));
        let s = d.apply(DVec2::new(1.5, 0.0), false);
        assert!(
            (s.b.position - DVec2::new(1.1, -0.8)).length() < 1e-12,
            "{}",
            s.b.position
        );
        assert_eq!(s.a, d.start.a);
        let before = d.start.bodies().unwrap();
        let after = s.bodies().unwrap();
        let md0 = crate::geometry::minkowski::minkowski_difference(&before.a, &before.b);
        let md1 = crate::geometry::minkowski::minkowski_difference(&after.a, &after.b);
        let mean = |pts: Vec<DVec2>| pts.iter().sum::<DVec2>() / pts.len() as f64;
        let shift = mean(md1.points()) - mean(md0.points());
        assert!((shift - DVec2::new(0.5, -1.0)).length() < 1e-9, "{shift}");
    }

    #[test]
    fn wrap_stays_in_range() {
        assert_eq!(wrap_deg(190.0), -170.0);
        assert_eq!(wrap_deg(-180.0), 180.0);
        assert_eq!(wrap_deg(540.0), 180.0);
        assert_eq!(wrap_deg(45.0), 45.0);
    }
}

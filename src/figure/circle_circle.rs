//! The `circle_circle` demo (first article): two circles, the line between their centres, the
//! penetration distance `p = ‖B − A‖ − (r_A + r_B)` and the penetration vector along the normal.
//! In configuration space B ⊖ A is one disc of radius `r_A + r_B` about `c_B − c_A`.

use super::common::{self, num, vec};
use super::style;
use super::{Figure, Mark, Stroke};
use crate::geometry::special::{circle_circle, Circle};
use crate::geometry::{contact, Convex};
use crate::palette;
use crate::scene::{PathError, Scene};

/// A body as a circle, if it is one (a single core point).
fn as_circle(c: &Convex) -> Option<Circle> {
    (c.vertices.len() == 1).then(|| Circle {
        centre: c.vertices[0],
        radius: c.radius,
    })
}

/// The figure (no iterations: one step).
pub fn build(scene: &Scene, _step: usize) -> Result<Figure, PathError> {
    let bodies = scene.bodies()?;
    let (a, b) = (&bodies.a, &bodies.b);
    let mut f = common::plain(a, b);

    let c = match (as_circle(a), as_circle(b)) {
        (Some(ca), Some(cb)) => {
            let cc = circle_circle(&ca, &cb);
            f.world.push(Mark::Segment {
                from: ca.centre,
                to: cb.centre,
                stroke: Stroke::dashed(palette::AXES, style::HELPER_WIDTH),
            });
            for centre in [ca.centre, cb.centre] {
                f.world.push(Mark::Point {
                    at: centre,
                    color: palette::TEXT,
                    size: style::CENTRE_DOT,
                });
            }
            f.readout("|B - A| (centres)", num(cc.centre_distance));
            f.readout("rA + rB", num(cc.radius_sum));
            f.readout("p = |B - A| - (rA + rB)", num(cc.contact.distance));
            if cc.concentric {
                f.readout("concentric", "the normal is a convention (+x)");
            }
            cc.contact
        }
        _ => {
            f.readout(
                "this demo",
                "needs two circles: the general contact is shown",
            );
            contact(a, b)
        }
    };

    common::minimum_translation(&mut f, &c);
    f.config.push(common::origin());

    f.readout("intersecting", if c.intersecting() { "yes" } else { "no" });
    f.readout("normal", vec(c.normal));
    f.readout("penetration vector", vec(c.separation()));
    common::standard_legend(&mut f);
    f.legend(palette::MTV, "penetration vector (apart: the gap)");
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::DVec2;
    use crate::report::scene_report;

    const OVERLAPPING: &str = include_str!("../../scenes/circle_vs_circle_overlapping.json");

    #[test]
    fn the_penetration_vector_agrees_with_the_report() {
        let scene = Scene::from_str(OVERLAPPING, "circle_vs_circle_overlapping.json").unwrap();
        let f = build(&scene, 7).unwrap();
        let r = scene_report(&scene).unwrap();
        let sep = DVec2::from(r.separation);
        assert!(r.distance < 0.0);
        let world_arrow = f.world.iter().find_map(|m| match m {
            Mark::Arrow { from, to, .. } => Some(*to - *from),
            _ => None,
        });
        assert!((world_arrow.unwrap() - sep).length() < 1e-12);
        let p = f
            .readouts
            .iter()
            .find(|x| x.name.starts_with("p = "))
            .unwrap();
        assert_eq!(p.value, num(r.distance));
        assert!(f.config.contains(&common::origin()));
        assert_eq!(f.steps, 1);
    }
}

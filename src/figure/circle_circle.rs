//! The `circle_circle` demo (first article): two circles, the line between their centres, the
//! penetration distance `p = ‖B − A‖ − (r_A + r_B)` and the penetration vector along the normal.
//! In configuration space B ⊖ A is one disc of radius `r_A + r_B` about `c_B − c_A`.

use super::common::{self, num, vec, yes_no};
use super::style;
use super::{Figure, LegendEntry, Mark, Parts, Readout, Stroke};
use crate::geometry::special::{circle_circle, Circle, CircleCircle};
use crate::geometry::{contact, Contact, Convex};
use crate::palette;
use crate::scene::{PathError, Scene};

/// The figure (no iterations: one step).
pub fn build(scene: &Scene, _step: usize) -> Result<Figure, PathError> {
    Ok(super::assemble(&Computed::new(scene)?))
}

/// What the figure shows, computed once.
struct Computed {
    placed: common::Placed,
    /// Both bodies as circles and the article's record of them, when they are circles.
    circles: Option<(Circle, Circle, CircleCircle)>,
    /// The article's contact for two circles, else the general one.
    contact: Contact,
}

/// A body as a circle, if it is one (a single core point).
fn as_circle(c: &Convex) -> Option<Circle> {
    (c.vertices.len() == 1).then(|| Circle {
        centre: c.vertices[0],
        radius: c.radius,
    })
}

impl Computed {
    fn new(scene: &Scene) -> Result<Computed, PathError> {
        let placed = common::Placed::new(scene)?;
        let (a, b) = (&placed.a, &placed.b);
        let circles = match (as_circle(a), as_circle(b)) {
            (Some(ca), Some(cb)) => Some((ca, cb, circle_circle(&ca, &cb))),
            _ => None,
        };
        let contact = match &circles {
            Some((_, _, cc)) => cc.contact,
            None => contact(a, b),
        };
        Ok(Computed {
            placed,
            circles,
            contact,
        })
    }
}

impl Parts for Computed {
    /// The bodies, the line between the centres, the penetration vector.
    fn world(&self) -> Vec<Mark> {
        let mut w = self.placed.bodies();
        if let Some((ca, cb, _)) = &self.circles {
            w.push(Mark::segment(
                ca.centre,
                cb.centre,
                Stroke::dashed(palette::AXES, style::HELPER_WIDTH),
            ));
            for centre in [ca.centre, cb.centre] {
                w.push(Mark::dot(centre, palette::TEXT, style::CENTRE_DOT));
            }
        }
        w.push(common::minimum_translation_world(&self.contact));
        w
    }

    /// The MD (one disc for two circles) and the penetration vector from the origin.
    fn config(&self) -> Vec<Mark> {
        let mut c = self.placed.minkowski();
        c.push(common::minimum_translation_config(&self.contact));
        c.push(common::origin());
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let mut r = match &self.circles {
            Some((_, _, cc)) => {
                let mut r = vec![
                    Readout::new("|B - A| (centres)", num(cc.centre_distance)),
                    Readout::new("rA + rB", num(cc.radius_sum)),
                    Readout::new("p = |B - A| - (rA + rB)", num(cc.contact.distance)),
                ];
                if cc.concentric {
                    r.push(Readout::new(
                        "concentric",
                        "the normal is a convention (+x)",
                    ));
                }
                r
            }
            None => vec![Readout::new(
                "this demo",
                "needs two circles: the general contact is shown",
            )],
        };
        let c = &self.contact;
        r.extend([
            Readout::new("intersecting", yes_no(c.intersecting())),
            Readout::new("normal", vec(c.normal)),
            Readout::new("penetration vector", vec(c.separation())),
        ]);
        r
    }

    fn legend(&self) -> Vec<LegendEntry> {
        common::legend_with([(palette::MTV, "penetration vector (apart: the gap)")])
    }
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

//! One moment of the motion (the window's time scrubber, `render --time T`): both bodies where
//! they are at time `t`, their difference B(t) ⊖ A(t) then, and the exact contact then, beside
//! faint outlines of where the motion starts and ends.
//!
//! This is the first article's point about turning bodies made visible: a body that only
//! moves leaves the difference's shape alone (the difference slides along the relative
//! motion), a body that turns changes it, so a single ray against the difference at `t = 0`
//! cannot find the contact. The difference at `t = 0` is drawn dashed behind the one at `t`.
//!
//! The contact is the one `report` gives for the scene moved to `t` (the same function on the
//! same shapes), so the distance read here is the exact distance at that moment.

use super::common::{self, num, vec, Placed};
use super::style::{self, OPAQUE};
use super::{Figure, LegendEntry, Mark, Readout};
use crate::geometry::angular_cast::angular_cast;
use crate::geometry::cast::CastStatus;
use crate::geometry::distance::contact_from_md;
use crate::geometry::linear_cast::linear_cast;
use crate::geometry::Source;
use crate::palette;
use crate::scene::{Moment, PathError, Scene};

/// What a moment of the motion shows, in a few sentences (the "what you are looking at" of
/// the time scrubber and of `render --time`).
pub const LOOKING_AT: &str = "Both bodies where they are at time t of their motion (faint: \
    where it starts and ends), and on the right B \u{2212} A at that moment with the exact \
    distance. A body that only slides moves the difference without changing its shape; a body \
    that turns changes its shape (dashed: the difference at t = 0), which is why a single ray \
    against the difference at t = 0 cannot find the contact of a turning body.";

/// When the bodies first touch over `t ∈ [0, 1]`, and how that is known (see
/// [`first_contact`]); `None` when they do not meet.
pub type FirstContact = Option<(f64, &'static str)>;

/// When the bodies first touch over `t ∈ [0, 1]`, and how that is known: exactly by the ray
/// cast when neither body turns, else by conservative advancement (to its tolerance). `None`
/// when they do not meet (or the cast could not tell).
pub fn first_contact(scene: &Scene) -> Result<FirstContact, PathError> {
    let (a, b) = (scene.a.moving(Source::A)?, scene.b.moving(Source::B)?);
    let turns = a.angular_velocity != 0.0 || b.angular_velocity != 0.0;
    Ok(if turns {
        let cast = angular_cast(&a, &b, &scene.settings.cast_settings());
        matches!(cast.status, CastStatus::Hit | CastStatus::Overlapping)
            .then_some((cast.toi, "conservative advancement, to its tolerance"))
    } else {
        let cast = linear_cast(&a, &b);
        matches!(cast.status, CastStatus::Hit | CastStatus::Overlapping)
            .then_some((cast.toi, "the ray cast, exact"))
    })
}

/// `t` as a moment of the motion: clamped to `[0, 1]`, 0 for NaN.
pub fn clamp_time(t: f64) -> f64 {
    if t.is_nan() {
        0.0
    } else {
        t.clamp(0.0, 1.0)
    }
}

/// The figure at time `t` (clamped to `[0, 1]`), the scene's [`first_contact`] being `first`
/// (a cast over the whole motion: found once, not at every moment).
pub fn build(scene: &Scene, t: f64, first: FirstContact) -> Result<Figure, PathError> {
    let t = clamp_time(t);
    let now = Placed::new(&scene.at_time(t))?;
    let start = Placed::new(scene)?;
    let end = scene.at_time(1.0).bodies()?;
    let c = contact_from_md(&now.md, &now.a, &now.b);
    let mut f = Figure {
        steps: 1,
        bodies_at: Moment::turned(t),
        md_at: Moment::turned(t),
        ..Figure::default()
    };

    // The world: the bodies now, where the motion starts and ends over them (faint, dashed: a
    // body's end may lie behind the other body), the paths, and the gap or the minimum
    // translation between them.
    f.world.extend(now.bodies());
    for (shape, which) in [
        (&start.a, Source::A),
        (&start.b, Source::B),
        (&end.a, Source::A),
        (&end.b, Source::B),
    ] {
        let ghost = common::outline_in(shape, common::body_color(which), style::GHOST_ALPHA, true);
        f.world.push(ghost);
    }
    for (body, which) in [(&scene.a, Source::A), (&scene.b, Source::B)] {
        if let Some(path) = common::velocity_arrow(body.position, body.velocity, which) {
            f.world.push(faded(path));
        }
    }
    f.world.push(common::minimum_translation_world(&c));
    for p in [c.point_a, c.point_b] {
        f.world.push(Mark::dot(p, palette::MTV, style::CONTACT_DOT));
    }

    // Configuration space: the difference at t = 0 dashed (when it differs), the difference
    // now, the origin, and the nearest boundary point.
    if t != 0.0 {
        f.config.push(earlier_md(&start));
    }
    f.config.extend(now.minkowski());
    f.config.push(common::origin());
    f.config.push(common::minimum_translation_config(&c));
    f.config.push(Mark::dot(
        c.md_point(),
        palette::MTV,
        style::NEAREST_POINT_DOT,
    ));

    f.readouts.push(Readout::new("time t", num(t)));
    f.readouts.extend(common::contact_readouts(&c));
    f.readouts.push(Readout::new(
        "closest points (A, B)",
        format!("{}, {}", vec(c.point_a), vec(c.point_b)),
    ));
    f.readouts.push(Readout::new(
        "first contact",
        match first {
            Some((toi, how)) => format!("t = {} ({how})", num(toi)),
            None => "none before t = 1".into(),
        },
    ));
    f.readouts.push(Readout::new(
        "MD vertices now (at t = 0)",
        format!(
            "{} ({})",
            now.md.strict_vertices().len(),
            start.md.strict_vertices().len()
        ),
    ));
    f.legend = legend();
    Ok(f)
}

/// A mark at the ghosts' strength.
fn faded(mut m: Mark) -> Mark {
    if let Mark::Arrow { stroke, .. } = &mut m {
        stroke.color = stroke.color.with_alpha(style::GUIDE_ALPHA);
    }
    m
}

/// The difference at `t = 0`, dashed: how it looked before the motion.
fn earlier_md(start: &Placed) -> Mark {
    let core = crate::geometry::Convex::new(start.md.strict_vertices(), start.md.radius);
    common::outline_in(&core, palette::EARLIER_MD, OPAQUE, true)
}

fn legend() -> Vec<LegendEntry> {
    common::legend_with([
        (
            palette::SHAPE_A.with_alpha(style::GHOST_ALPHA),
            "dashed, faint: A and B at t = 0 and t = 1; arrows: their paths",
        ),
        (
            palette::MTV,
            "the gap at t between the closest points (overlapping: the minimum translation)",
        ),
        (
            palette::EARLIER_MD,
            "dashed: B \u{2296} A at t = 0 (a body that turns changes its shape)",
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::DVec2;
    use crate::report::scene_report;

    fn readout<'a>(f: &'a Figure, name: &str) -> &'a str {
        common::readout_of(f, name)
    }

    /// The distance read at any moment is `report`'s on the scene moved to that moment.
    #[test]
    fn the_distance_at_t_is_reports_on_the_scene_moved_to_t() {
        let mut checked = 0;
        for (name, scene) in common::every_scene() {
            if !scene.has_motion() {
                continue;
            }
            for t in [0.0, 0.125, 0.37, 0.5, 0.81, 1.0] {
                let f = build(&scene, t, first_contact(&scene).unwrap()).unwrap();
                let r = scene_report(&scene.at_time(t)).unwrap();
                assert_eq!(readout(&f, "distance"), num(r.distance), "{name} at {t}");
                assert_eq!(
                    readout(&f, "intersecting"),
                    common::yes_no(r.intersecting),
                    "{name} at {t}"
                );
                assert_eq!(f.bodies_at, Moment::turned(t));
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn a_turning_body_changes_the_difference_and_a_sliding_one_does_not() {
        let load = |file: &str| {
            Scene::load(format!("{}/scenes/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap()
        };
        // Two shapes that only move: the difference keeps its shape (only slides).
        let sliding = load("polygon_vs_polygon_apart.json");
        assert_eq!(sliding.a.angular_velocity_deg, 0.0);
        assert_eq!(sliding.b.angular_velocity_deg, 0.0);
        let edges = |s: &Scene, t: f64| {
            let p = Placed::new(&s.at_time(t)).unwrap();
            let v = p.md.strict_vertices();
            (0..v.len())
                .map(|i| v[(i + 1) % v.len()] - v[i])
                .collect::<Vec<DVec2>>()
        };
        for (e0, e1) in edges(&sliding, 0.0).iter().zip(edges(&sliding, 0.6)) {
            assert!((*e0 - e1).length() < 1e-9);
        }
        // A body that turns: the edges of the difference turn with it.
        let turning = load("capsule_vs_capsule_apart.json");
        assert_ne!(turning.a.angular_velocity_deg, 0.0);
        let (e0, e1) = (edges(&turning, 0.0), edges(&turning, 0.6));
        assert!(e0.iter().zip(&e1).any(|(a, b)| (*a - *b).length() > 1e-3));
        // Drawn: the difference at t = 0, dashed, behind the one now.
        let f = super::super::at_time(&turning, 0.6).unwrap();
        assert!(f.legend.iter().any(|l| l.color == palette::EARLIER_MD));
        assert!(!super::super::at_time(&turning, 0.0)
            .unwrap()
            .legend
            .iter()
            .any(|l| l.color == palette::EARLIER_MD));
    }

    #[test]
    fn the_first_contact_is_the_casts_time_of_impact() {
        let load = |file: &str| {
            Scene::load(format!("{}/scenes/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap()
        };
        let s = load("circles_known_time_of_impact.json");
        let r = scene_report(&s).unwrap();
        let (toi, how) = first_contact(&s).unwrap().unwrap();
        assert_eq!(toi, r.linear_cast.unwrap().toi);
        assert!(how.contains("exact"));
        // Just before it the bodies are apart, just after it they overlap.
        let at = |t: f64| scene_report(&s.at_time(t)).unwrap().distance;
        assert!(at(toi - 1e-6) > 0.0 && at(toi + 1e-6) < 0.0);
        let never = load("sat_swept_false_alarm.json");
        assert_eq!(first_contact(&never).unwrap(), None);
        assert_eq!(
            readout(&build(&never, 0.5, None).unwrap(), "first contact"),
            "none before t = 1"
        );
    }
}

//! The `iterative_cast` demo (first article, figure 6: van den Bergen's cast built on a
//! distance query). One step per iteration.
//!
//! Configuration space shows the **fixed** MD at `t = 0` and the ray from the origin along
//! `v_A − v_B`, with the estimate moving along the ray, as the article's figure does. (The
//! alternative, the MD translated by each step's motion around a fixed origin, shows the same
//! distances, but every iteration then has its own MD and the estimates no longer line up;
//! with the MD fixed, all iterations sit on one ray and one sees them creep towards the hit.
//! It is also the frame the library's trace is in.) For the step shown: the estimate (black),
//! the free disc around it out to the MD, the distance·normal arrow to the closest MD point
//! (green), the supporting line there across the normal, and where the ray crosses that line,
//! the next estimate (red). Earlier iterations stay as faded points.
//!
//! The world shows the bodies at the step's time, earlier steps as faded ghosts, the gap
//! between the witness points along the normal, the bodies at the next estimate dashed, and A′
//! (pink, dashed) at the time of impact the cast settles on.

use super::common::{self, num, vec};
use super::style::{self, OPAQUE};
use super::{Cell, Figure, LegendEntry, Mark, Parts, Plot, Readout, Stroke, Table};
use crate::geometry::cast::{CastStatus, MovingBody};
use crate::geometry::iterative_cast::{iterative_cast, IterativeCast, IterativeStep};
use crate::geometry::linear_cast::translated_at;
use crate::geometry::minkowski::{minkowski_difference, MinkowskiDifference};
use crate::geometry::{contact, DVec2, Source};
use crate::palette;
use crate::scene::{Moment, PathError, Scene};

/// The figure at iteration `step` (clamped to the trace).
pub fn build(scene: &Scene, step: usize) -> Result<Figure, PathError> {
    Ok(super::assemble(&Computed::new(scene, step)?))
}

/// What the figure shows, computed once.
struct Computed {
    ma: MovingBody,
    mb: MovingBody,
    cast: IterativeCast,
    /// The iteration shown, and its record.
    k: usize,
    s: IterativeStep,
    /// The MD at `t = 0`, fixed for every iteration.
    md: MinkowskiDifference,
    /// The length of the normal arrows, from the bodies' size.
    len: f64,
    tolerance: f64,
}

impl Computed {
    fn new(scene: &Scene, step: usize) -> Result<Computed, PathError> {
        let (ma, mb) = (scene.a.moving(Source::A)?, scene.b.moving(Source::B)?);
        let cast = iterative_cast(&ma, &mb, &scene.settings.cast_settings());
        let k = step.min(cast.steps.len() - 1);
        let (a0, b0) = (translated_at(&ma, 0.0), translated_at(&mb, 0.0));
        Ok(Computed {
            s: cast.steps[k],
            md: minkowski_difference(&a0, &b0),
            len: common::arrow_length(&a0, &b0),
            tolerance: scene.settings.tolerance,
            ma,
            mb,
            cast,
            k,
        })
    }

    /// The moving bodies, each with its side.
    fn moving(&self) -> impl Iterator<Item = (&MovingBody, Source)> {
        [(&self.ma, Source::A), (&self.mb, Source::B)]
            .into_iter()
            .filter(|(m, _)| m.velocity != DVec2::ZERO)
    }

    /// Earlier iterations faint, A′ at the time of impact, the bodies at the next estimate
    /// dashed: everything under the bodies at this iteration.
    fn other_times(&self) -> Vec<Mark> {
        let (ma, cast) = (&self.ma, &self.cast);
        let mut w = Vec::new();
        for e in &cast.steps[..self.k] {
            for (m, which) in self.moving() {
                w.push(common::body(
                    &translated_at(m, e.t),
                    which,
                    style::GHOST_ALPHA,
                ));
            }
        }
        if cast.status == CastStatus::Hit {
            w.push(common::outline_in(
                &ma.local.transformed(&cast.pose_a_at_toi),
                palette::HIT_POSE,
                OPAQUE,
                true,
            ));
        }
        if let Some(next_t) = self.s.next_t.filter(|&t| t <= 1.0) {
            for (m, which) in self.moving() {
                w.push(common::outline_in(
                    &translated_at(m, next_t),
                    common::body_color(which),
                    style::AHEAD_ALPHA,
                    true,
                ));
            }
            w.push(Mark::label(
                ma.pose.position + ma.velocity * next_t,
                format!("next: t = {}", num(next_t)),
                palette::NEXT_ESTIMATE,
                style::NEXT_TIME_LABEL,
            ));
        }
        w
    }

    /// Earlier iterations in B ⊖ A, faded: each estimate, its closest MD point and the segment
    /// between them.
    fn earlier_iterations(&self) -> Vec<Mark> {
        let faded = |c: palette::Rgba| c.with_alpha(style::EARLIER_POINT_ALPHA);
        let mut c = Vec::new();
        for e in &self.cast.steps[..self.k] {
            c.extend([
                Mark::segment(
                    e.estimate,
                    e.closest,
                    Stroke::solid(faded(palette::CAST_NORMAL), style::GUIDE_WIDTH),
                ),
                Mark::dot(
                    e.closest,
                    faded(palette::CLOSEST_MD_POINT),
                    style::EARLIER_POINT_DOT,
                ),
                Mark::dot(
                    e.estimate,
                    faded(palette::ESTIMATE),
                    style::EARLIER_POINT_DOT,
                ),
            ]);
        }
        c
    }
}

impl Parts for Computed {
    fn steps(&self) -> (usize, usize) {
        (self.cast.steps.len(), self.k)
    }

    /// Moved, not turned: this cast follows the translation only.
    fn bodies_at(&self) -> Moment {
        Moment::translated(self.s.t)
    }

    /// The difference of the bodies where they start: the estimate moves along the ray.
    fn md_at(&self) -> Moment {
        Moment::default()
    }

    fn step_times(&self) -> Option<Vec<f64>> {
        Some(self.cast.steps.iter().map(|s| s.t).collect())
    }

    /// The bodies at this iteration's time over the other times, the velocities, and the gap
    /// the distance query measured between the witness points.
    fn world(&self) -> Vec<Mark> {
        let (ma, mb, s) = (&self.ma, &self.mb, &self.s);
        let mut w = self.other_times();
        let (a_t, b_t) = (translated_at(ma, s.t), translated_at(mb, s.t));
        w.extend(common::bodies(&a_t, &b_t));
        for (m, which) in [(ma, Source::A), (mb, Source::B)] {
            w.extend(common::velocity_arrow(m.pose.position, m.velocity, which));
        }
        let c = contact(&a_t, &b_t);
        w.extend([
            common::answer_arrow(c.point_a, c.point_b, palette::CAST_NORMAL),
            Mark::label(
                ma.pose.position + ma.velocity * s.t,
                format!("I{}: t = {}", self.k + 1, num(s.t)),
                palette::TEXT,
                style::TIME_LABEL,
            ),
        ]);
        w
    }

    /// The fixed MD, the ray, earlier iterations faded, and this one in full: the free disc,
    /// the supporting line, distance along the normal, the closest point, the next estimate.
    fn config(&self) -> Vec<Mark> {
        let (s, ray) = (&self.s, &self.cast.ray);
        let mut c = common::minkowski(&self.md, OPAQUE);
        if ray.length > 0.0 {
            c.extend([
                Mark::arrow(
                    ray.origin,
                    ray.end(),
                    Stroke::solid(palette::CAST_RAY, style::RAY_MOTION_WIDTH),
                ),
                Mark::label(ray.end(), "t = 1", palette::CAST_RAY, style::TIME_LABEL),
            ]);
        }
        c.extend(self.earlier_iterations());
        // Nothing of the MD is nearer the estimate than the distance: the free disc.
        if s.distance > 0.0 {
            c.push(Mark::Circle {
                centre: s.estimate,
                radius: s.distance,
                stroke: Some(Stroke::dashed(
                    palette::ESTIMATE.with_alpha(style::FREE_DISC_ALPHA),
                    style::GUIDE_WIDTH,
                )),
                fill: None,
            });
        }
        // The supporting line through the closest point, across the normal (the MD lies beyond
        // it), drawn as a long segment so that the view's fit does not depend on it.
        let along = s.normal.perp()
            * (style::SUPPORTING_LINE_ARROWS * self.len
                + style::SUPPORTING_LINE_PER_DISTANCE * s.distance);
        c.extend([
            Mark::segment(
                s.closest - along,
                s.closest + along,
                Stroke::dashed(palette::CAST_NORMAL, style::HELPER_WIDTH),
            ),
            common::answer_arrow(s.estimate, s.closest, palette::CAST_NORMAL),
            Mark::dot(s.closest, palette::CLOSEST_MD_POINT, style::STEP_POINT_DOT),
        ]);
        if let Some(next) = s.next_estimate {
            c.push(Mark::dot(
                next,
                palette::NEXT_ESTIMATE,
                style::STEP_POINT_DOT,
            ));
        }
        c.extend([
            common::origin(),
            Mark::dot(s.estimate, palette::ESTIMATE, style::STEP_POINT_DOT),
            Mark::label(
                s.estimate,
                format!("I{}", self.k + 1),
                palette::TEXT,
                style::ITERATION_LABEL,
            ),
        ]);
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let s = &self.s;
        vec![
            Readout::new(
                "iteration",
                format!("{} of {}", self.k + 1, self.cast.steps.len()),
            ),
            Readout::new("t (estimate)", num(s.t)),
            Readout::new("distance", num(s.distance)),
            Readout::new("normal (A to B)", vec(s.normal)),
            Readout::new("estimate (B - A space)", vec(s.estimate)),
            Readout::new("closest MD point", vec(s.closest)),
            Readout::new(
                "next estimate",
                match (s.next_t, s.next_estimate) {
                    (Some(t), Some(p)) => format!("t = {} at {}", num(t), vec(p)),
                    _ => "none: the cast stops here".into(),
                },
            ),
            Readout::new("status", status_text(&self.cast, self.tolerance)),
            Readout::new(
                "time of impact",
                common::toi_words(self.cast.status, self.cast.toi),
            ),
        ]
    }

    fn legend(&self) -> Vec<LegendEntry> {
        common::legend_with([
            (
                palette::ESTIMATE,
                "the estimate: the origin carried along the ray to time t",
            ),
            (
                palette::CLOSEST_MD_POINT,
                "the MD point nearest the estimate (at the distance returned)",
            ),
            (
                palette::NEXT_ESTIMATE,
                "the next estimate: where the ray crosses the supporting line",
            ),
            (
                palette::CAST_NORMAL,
                "distance along the normal; dashed: the supporting line across it",
            ),
            (palette::CAST_RAY, "the ray: origin along vA - vB to t = 1"),
            (
                palette::HIT_POSE,
                "A\u{2032} (dashed): A at the time of impact",
            ),
        ])
    }

    /// One row per iteration: t, distance, normal, next t.
    fn table(&self) -> Option<Table> {
        Some(Table {
            columns: ["t", "distance", "normal x", "normal y", "next t"]
                .map(String::from)
                .to_vec(),
            rows: self
                .cast
                .steps
                .iter()
                .map(|e| {
                    vec![
                        Cell::Number(e.t),
                        Cell::Number(e.distance),
                        Cell::Number(e.normal.x),
                        Cell::Number(e.normal.y),
                        Cell::maybe(e.next_t),
                    ]
                })
                .collect(),
            plot: Plot::Cast { distance: 1, t: 0 },
            labels: common::CAST_PLOT,
        })
    }
}

/// How the cast ended, in one line.
fn status_text(cast: &IterativeCast, tolerance: f64) -> String {
    match cast.status {
        CastStatus::Hit => format!("hit: distance below the tolerance {}", num(tolerance)),
        CastStatus::Miss => "miss: the ray reaches no supporting line before t = 1".into(),
        CastStatus::Overlapping => "overlapping at t = 0 (toi 0)".into(),
        CastStatus::OutOfIterations => "out of iterations: the last estimate is safe".into(),
        CastStatus::NoProgress => "no progress: the steps vanished in rounding".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::scene_report;

    const CIRCLES: &str = include_str!("../../scenes/iterative_cast_circles.json");

    fn points(f: &Figure, color: palette::Rgba, size: f32) -> Vec<DVec2> {
        common::dots_in(&f.config, color, size)
    }

    #[test]
    fn every_iteration_draws_the_reports_estimate_closest_point_and_next_estimate() {
        let scene = Scene::from_str(CIRCLES, "iterative_cast_circles.json").unwrap();
        let r = scene_report(&scene).unwrap();
        let it = r.iterative_cast.unwrap();
        let iters = it.iterations.unwrap();
        assert_eq!(it.status, "hit");
        assert!(iters.len() >= 3, "{} iterations", iters.len());
        let d = scene.a.velocity - scene.b.velocity;
        for (k, row) in iters.iter().enumerate() {
            let f = build(&scene, k).unwrap();
            assert_eq!((f.steps, f.step), (iters.len(), k));
            let estimate = d * row.t;
            let closest = estimate + DVec2::from(row.normal) * row.distance;
            let black = points(&f, palette::ESTIMATE, style::STEP_POINT_DOT);
            assert_eq!(black.len(), 1);
            assert!((black[0] - estimate).length() < 1e-12);
            let green = points(&f, palette::CLOSEST_MD_POINT, style::STEP_POINT_DOT);
            assert!((green[0] - closest).length() < 1e-12);
            // The red point is where the next iteration's estimate is; none on the last.
            let red = points(&f, palette::NEXT_ESTIMATE, style::STEP_POINT_DOT);
            match iters.get(k + 1) {
                Some(next) => assert!((red[0] - d * next.t).length() < 1e-12),
                None => assert!(red.is_empty()),
            }
            // The world shows A at this iteration's time, and k faint ghosts of it before.
            let ma = scene.a.moving(Source::A).unwrap();
            let a_t = common::body(&translated_at(&ma, row.t), Source::A, OPAQUE);
            assert!(f.world.contains(&a_t));
            let ghosts = f.world.iter().filter(|m| matches!(m,
                Mark::Circle { stroke: Some(s), .. } if s.color == palette::SHAPE_A.with_alpha(style::GHOST_ALPHA))).count();
            assert_eq!(ghosts, k);
            // Earlier iterations faded, one black dot each.
            let faded = points(
                &f,
                palette::ESTIMATE.with_alpha(style::EARLIER_POINT_ALPHA),
                style::EARLIER_POINT_DOT,
            );
            assert_eq!(faded.len(), k);
            let table = f.table.as_ref().unwrap();
            assert_eq!(table.rows.len(), iters.len());
            assert_eq!(table.rows[k][0], Cell::Number(row.t));
            assert_eq!(table.rows[k][1], Cell::Number(row.distance));
            let t = f
                .readouts
                .iter()
                .find(|x| x.name == "t (estimate)")
                .unwrap();
            assert_eq!(t.value, num(row.t));
        }
        // Past the end: clamped to the last iteration.
        let f = build(&scene, 999).unwrap();
        assert_eq!(f.step, iters.len() - 1);
        let toi = f
            .readouts
            .iter()
            .find(|x| x.name == "time of impact")
            .unwrap();
        assert_eq!(toi.value, num(it.toi));
    }

    #[test]
    fn every_scene_gives_a_drawable_figure_at_any_step() {
        common::check_drawable_on_test_scenes(build);
    }
}

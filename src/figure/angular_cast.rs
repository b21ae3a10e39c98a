//! The `angular_cast` demo (first article, "continuous angular/linear": Mirtich's bound,
//! Coumans' conservative advancement). One step per iteration.
//!
//! At each iteration the bodies are measured at time `t` (distance `d`, normal `n`), and the
//! gap along `n` cannot close faster than `μ = (v_A − v_B)·n + r_A·|ω_A| + r_B·|ω_B|`, so the
//! cast advances by `Δt = (d − margin)/μ`. Under rotation the MD changes shape from one
//! iteration to the next (unlike the linear casts, where it only moves).
//!
//! World: A and B at the step's time, earlier iterations as faded ghosts (those that moved
//! visibly, see [`distinct_earlier`]), A and B at `t = 0` as faint dashed outlines, the circles
//! of radius `r` (Mirtich's bound) around the turning bodies' centres, the gap between the
//! witness points, A′ (pink, dashed) where the cast stops on a hit. Configuration space: the step's MD (earlier ones faded), the origin,
//! the arrow `d·n` from the origin to the MD's nearest point (green).

use super::common::{self, num, vec};
use super::style::{self, OPAQUE};
use super::{Cell, Figure, LegendEntry, Mark, Parts, Plot, Readout, Stroke, Table};
use crate::geometry::angular_cast::{angular_cast, AngularCast, AngularCastStep};
use crate::geometry::cast::{CastStatus, MovingBody};
use crate::geometry::minkowski::{minkowski_difference, MinkowskiDifference};
use crate::geometry::{Convex, DVec2, Source};
use crate::palette;
use crate::scene::{Moment, PathError, Scene};

/// An earlier iteration is drawn only when some point of the bodies moved at least this many
/// arrow lengths (see [`common::arrow_length`]) between it and the next one drawn: near the
/// contact the steps shrink and dozens of nearly equal ghosts would only darken one outline.
pub const MIN_GHOST_MOVE: f64 = 0.15;

/// The earlier iterations (before `k`) worth a ghost, in order: walking back from `k`, each
/// one whose bodies moved at least `min_move` (Mirtich's bound on any point's travel:
/// `|Δp| + r·|Δθ|`, summed over both bodies) from the last one kept.
pub fn distinct_earlier(
    cast: &AngularCast,
    k: usize,
    a: &MovingBody,
    b: &MovingBody,
    min_move: f64,
) -> Vec<usize> {
    let travel = |x: &AngularCastStep, y: &AngularCastStep| {
        let one = |m: &MovingBody, p: crate::geometry::Pose, q: crate::geometry::Pose| {
            (p.position - q.position).length() + m.max_radius() * (p.angle - q.angle).abs()
        };
        one(a, x.pose_a, y.pose_a) + one(b, x.pose_b, y.pose_b)
    };
    let mut kept = Vec::new();
    let mut last = &cast.iterations[k];
    for j in (0..k).rev() {
        let e = &cast.iterations[j];
        if travel(e, last) >= min_move {
            kept.push(j);
            last = e;
        }
    }
    kept.reverse();
    kept
}

/// The MD of the two bodies at one iteration's poses.
pub fn step_md(a: &MovingBody, b: &MovingBody, s: &AngularCastStep) -> MinkowskiDifference {
    minkowski_difference(
        &a.local.transformed(&s.pose_a),
        &b.local.transformed(&s.pose_b),
    )
}

fn moves(m: &MovingBody) -> bool {
    m.velocity != DVec2::ZERO || m.angular_velocity != 0.0
}

/// The figure at iteration `step` (clamped to the trace).
pub fn build(scene: &Scene, step: usize) -> Result<Figure, PathError> {
    let (ma, mb) = (scene.a.moving(Source::A)?, scene.b.moving(Source::B)?);
    let cast = angular_cast(&ma, &mb, &scene.settings.cast_settings());
    if cast.iterations.is_empty() {
        return Ok(no_iterations(&ma, &mb, &cast));
    }
    Ok(super::assemble(&Computed::new(ma, mb, cast, step)))
}

/// No iteration allowed (max_iterations 0): the bodies at `t = 0` and the plain MD.
fn no_iterations(ma: &MovingBody, mb: &MovingBody, cast: &AngularCast) -> Figure {
    let mut f = common::plain(&ma.world_at(0.0), &mb.world_at(0.0));
    f.config.push(common::origin());
    f.readout("status", status_text(cast));
    f.legend.extend(common::standard_legend());
    f
}

/// What the figure shows, computed once.
struct Computed {
    ma: MovingBody,
    mb: MovingBody,
    cast: AngularCast,
    /// The iteration shown.
    k: usize,
    /// The bodies at this iteration.
    a_t: Convex,
    b_t: Convex,
    /// The earlier iterations drawn (see [`distinct_earlier`]).
    earlier: Vec<usize>,
}

impl Computed {
    /// The figure's record of a cast with at least one iteration.
    fn new(ma: MovingBody, mb: MovingBody, cast: AngularCast, step: usize) -> Computed {
        let k = step.min(cast.iterations.len() - 1);
        let s = &cast.iterations[k];
        let (a_t, b_t) = (
            ma.local.transformed(&s.pose_a),
            mb.local.transformed(&s.pose_b),
        );
        let len = common::arrow_length(&a_t, &b_t);
        Computed {
            earlier: distinct_earlier(&cast, k, &ma, &mb, MIN_GHOST_MOVE * len),
            ma,
            mb,
            cast,
            k,
            a_t,
            b_t,
        }
    }

    /// This iteration's record.
    fn s(&self) -> &AngularCastStep {
        &self.cast.iterations[self.k]
    }

    /// Both bodies, each with its side.
    fn bodies(&self) -> [(&MovingBody, Source); 2] {
        [(&self.ma, Source::A), (&self.mb, Source::B)]
    }

    /// The ends of the whole motion faint and dashed, earlier iterations as ghosts, A′ where
    /// the cast stops on a hit: everything under the bodies at this iteration.
    fn other_times(&self) -> Vec<Mark> {
        let cast = &self.cast;
        let mut w = Vec::new();
        for (m, which) in self.bodies().into_iter().filter(|(m, _)| moves(m)) {
            let c = common::body_color(which);
            w.push(common::outline_in(
                &m.world_at(0.0),
                c,
                style::MOTION_START_ALPHA,
                true,
            ));
        }
        for e in self.earlier.iter().map(|&j| &cast.iterations[j]) {
            for (m, which) in self.bodies().into_iter().filter(|(m, _)| moves(m)) {
                let pose = if which == Source::A {
                    e.pose_a
                } else {
                    e.pose_b
                };
                w.push(common::body(
                    &m.local.transformed(&pose),
                    which,
                    style::GHOST_ALPHA,
                ));
            }
        }
        if cast.status == CastStatus::Hit {
            w.extend([
                common::outline_in(
                    &self.ma.local.transformed(&cast.pose_a),
                    palette::HIT_POSE,
                    OPAQUE,
                    true,
                ),
                Mark::label(
                    cast.pose_a.position,
                    format!("A\u{2032}  t = {}", num(cast.toi)),
                    palette::HIT_POSE,
                    style::NEXT_TIME_LABEL,
                ),
            ]);
        }
        w
    }

    /// Mirtich's r around each turning body's centre: no point of it moves faster than r·|ω|.
    fn mirtich_circles(&self) -> Vec<Mark> {
        let s = self.s();
        let mut w = Vec::new();
        for (m, which) in self.bodies() {
            if m.angular_velocity != 0.0 {
                let pose = if which == Source::A {
                    s.pose_a
                } else {
                    s.pose_b
                };
                w.push(Mark::Circle {
                    centre: pose.position,
                    radius: m.max_radius(),
                    stroke: Some(Stroke::dashed(
                        common::body_color(which).with_alpha(style::GUIDE_ALPHA),
                        style::GUIDE_WIDTH,
                    )),
                    fill: None,
                });
                w.extend(self.mirtich_arc(m, which, pose.position));
            }
        }
        w
    }

    /// Mirtich's bound on the circle: over this step's Δt the body turns by θ = |ω|·Δt, so no
    /// point of it moves further than the arc θ·r of its farthest point, r. Drawn on the circle
    /// from the side facing the other body, turning the way the body turns, labelled with its
    /// length (what the bound adds to the closing speed, times Δt).
    fn mirtich_arc(&self, m: &MovingBody, which: Source, centre: DVec2) -> Vec<Mark> {
        let s = self.s();
        let Some(dt) = s.step else {
            return vec![];
        };
        let r = m.max_radius();
        let turn = m.angular_velocity * dt;
        let facing = if which == Source::A {
            s.normal
        } else {
            -s.normal
        };
        let from = facing.y.atan2(facing.x);
        let pieces = ((turn.abs() / style::ARC_STEP).ceil() as usize).clamp(1, 2000);
        let points: Vec<DVec2> = (0..=pieces)
            .map(|k| centre + DVec2::from_angle(from + turn * k as f64 / pieces as f64) * r)
            .collect();
        let end = *points.last().expect("at least two points");
        let color = common::body_color(which);
        vec![
            Mark::Polyline {
                points,
                stroke: Stroke::solid(color, style::MIRTICH_ARC_WIDTH),
            },
            Mark::label(
                end,
                format!("\u{3b8}\u{b7}r = {}", num(turn.abs() * r)),
                color,
                style::NOTE_LABEL,
            ),
        ]
    }
}

impl Parts for Computed {
    fn steps(&self) -> (usize, usize) {
        (self.cast.iterations.len(), self.k)
    }

    fn bodies_at(&self) -> Moment {
        Moment::turned(self.s().t)
    }

    fn step_times(&self) -> Option<Vec<f64>> {
        Some(self.cast.iterations.iter().map(|s| s.t).collect())
    }

    /// The bodies at this iteration over the other times, Mirtich's circles, the velocities,
    /// the gap between the witness points.
    fn world(&self) -> Vec<Mark> {
        let s = self.s();
        let mut w = self.other_times();
        w.extend(common::bodies(&self.a_t, &self.b_t));
        w.extend(self.mirtich_circles());
        for (m, which) in self.bodies() {
            w.extend(common::velocity_arrow(m.pose.position, m.velocity, which));
        }
        if s.distance > 0.0 {
            w.push(common::answer_arrow(
                s.point_a,
                s.point_b,
                palette::CAST_NORMAL,
            ));
        }
        w.push(Mark::label(
            s.pose_a.position,
            format!("t = {}", num(s.t)),
            palette::TEXT,
            style::TIME_LABEL,
        ));
        w
    }

    /// Earlier iterations' MDs faded with their nearest points, this iteration's MD on top with
    /// the arrow `d·n` from the origin to its nearest point.
    fn config(&self) -> Vec<Mark> {
        let (ma, mb, s) = (&self.ma, &self.mb, self.s());
        let mut c = Vec::new();
        for e in self.earlier.iter().map(|&j| &self.cast.iterations[j]) {
            c.extend(common::minkowski(
                &step_md(ma, mb, e),
                style::EARLIER_MD_ALPHA,
            ));
            c.push(Mark::dot(
                e.distance * e.normal,
                palette::CLOSEST_MD_POINT.with_alpha(style::EARLIER_POINT_ALPHA),
                style::EARLIER_POINT_DOT,
            ));
        }
        c.extend(common::minkowski(&step_md(ma, mb, s), OPAQUE));
        let (closest, d) = (s.distance * s.normal, format!("d = {}", num(s.distance)));
        c.extend([
            common::answer_arrow(DVec2::ZERO, closest, palette::CAST_NORMAL),
            Mark::dot(closest, palette::CLOSEST_MD_POINT, style::STEP_POINT_DOT),
            Mark::label(closest, d, palette::TEXT, style::DISTANCE_LABEL),
            common::origin(),
        ]);
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let (cast, k, s) = (&self.cast, self.k, self.s());
        let b = s.bound;
        vec![
            Readout::new(
                "iteration",
                format!("{} of {}", k + 1, cast.iterations.len()),
            ),
            Readout::new("t", num(s.t)),
            Readout::new("distance", num(s.distance)),
            Readout::new("normal (A to B)", vec(s.normal)),
            Readout::new(
                "relative normal speed (vA - vB).n",
                num(b.relative_normal_speed),
            ),
            Readout::new("rA |wA|", num(b.angular_a)),
            Readout::new("rB |wB|", num(b.angular_b)),
            Readout::new("bound (closing speed)", num(b.total)),
            Readout::new(
                "dt = (d - margin) / bound",
                s.step.map_or("none".into(), num),
            ),
            Readout::new(
                "this iteration",
                match cast.iterations.get(k + 1) {
                    Some(next) => format!("advance to t = {}", num(next.t)),
                    None => status_text(cast),
                },
            ),
            Readout::new("status", common::cast_status_words(cast.status)),
            Readout::new("time of impact", common::toi_words(cast.status, cast.toi)),
            Readout::new(
                "tolerance, margin",
                format!("{}, {:.1e}", num(cast.tolerance), cast.margin),
            ),
        ]
    }

    fn legend(&self) -> Vec<LegendEntry> {
        let ghosts = "faded: earlier iterations; dashed: t = 0 and the radius r of a turning \
                      body; the arc on it: \u{3b8}\u{b7}r, the farthest its turn this step can \
                      carry any point (Mirtich)";
        common::legend_with([
            (
                palette::CLOSEST_MD_POINT,
                "the MD point nearest the origin (distance d along the normal)",
            ),
            (
                palette::CAST_NORMAL,
                "the gap d along the normal: in the world between the witness points",
            ),
            (
                palette::HIT_POSE,
                "A\u{2032} (dashed): A where the cast stops on a hit",
            ),
            (palette::SHAPE_A.with_alpha(style::GHOST_ALPHA), ghosts),
        ])
    }

    /// One row per iteration: t, distance, the bound, the step.
    fn table(&self) -> Option<Table> {
        Some(Table {
            columns: ["t", "distance", "bound", "dt"].map(String::from).to_vec(),
            rows: self
                .cast
                .iterations
                .iter()
                .map(|e| {
                    vec![
                        Cell::Number(e.t),
                        Cell::Number(e.distance),
                        Cell::Number(e.bound.total),
                        Cell::maybe(e.step),
                    ]
                })
                .collect(),
            plot: Plot::Cast { distance: 1, t: 0 },
            labels: common::CAST_PLOT,
        })
    }
}

/// Why the cast stopped, in one line.
fn status_text(cast: &AngularCast) -> String {
    match cast.status {
        CastStatus::Hit => format!(
            "hit: the distance is below the tolerance {}",
            num(cast.tolerance)
        ),
        CastStatus::Miss => "miss: at the bound's speed the gap cannot close before t = 1".into(),
        CastStatus::Overlapping => "overlapping at t = 0 (toi 0)".into(),
        CastStatus::OutOfIterations => {
            "out of iterations: the last t is safe, the contact not reached".into()
        }
        CastStatus::NoProgress => {
            "no progress: steps too small to advance (the cast crawls)".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::angular_cast::ClosingBound;
    use crate::report::scene_report;

    const TURNING: &str = include_str!("../../scenes/angular_cast_bar_turns.json");

    fn readout<'a>(f: &'a Figure, name: &str) -> &'a str {
        &f.readouts.iter().find(|r| r.name == name).unwrap().value
    }

    #[test]
    fn every_iteration_draws_its_md_distance_and_bound_as_the_report_has_them() {
        let scene = Scene::from_str(TURNING, "angular_cast_bar_turns.json").unwrap();
        let r = scene_report(&scene).unwrap();
        let ca = r.conservative_advancement.unwrap();
        let iters = ca.iterations.unwrap();
        assert_eq!(ca.status, "hit");
        assert!(iters.len() >= 3, "{} iterations", iters.len());
        let (ma, mb) = (
            scene.a.moving(Source::A).unwrap(),
            scene.b.moving(Source::B).unwrap(),
        );
        for (k, row) in iters.iter().enumerate() {
            let f = build(&scene, k).unwrap();
            assert_eq!((f.steps, f.step), (iters.len(), k));
            // This iteration's MD, from the bodies at the report's time, drawn in full.
            let md = minkowski_difference(&ma.world_at(row.t), &mb.world_at(row.t));
            let current = common::minkowski(&md, OPAQUE);
            assert!(
                f.config
                    .windows(current.len())
                    .any(|w| w == current.as_slice()),
                "iteration {k}: the MD at t = {} is not drawn",
                row.t
            );
            // Earlier iterations' MDs faded: one outline per visibly distinct earlier
            // iteration (all of them while the steps are large).
            let faded = f
                .config
                .iter()
                .filter(|m| matches!(m, Mark::Polygon { stroke: Some(s), .. } | Mark::Circle { stroke: Some(s), .. }
                    if s.color == palette::AXES.with_alpha(style::EARLIER_MD_ALPHA)))
                .count();
            let len = common::arrow_length(&ma.world_at(row.t), &mb.world_at(row.t));
            let cast = angular_cast(&ma, &mb, &scene.settings.cast_settings());
            let distinct = distinct_earlier(&cast, k, &ma, &mb, MIN_GHOST_MOVE * len);
            assert_eq!(faded, distinct.len());
            assert!(
                k < 10 || distinct.len() < k,
                "near the contact the ghosts thin out: {k} {distinct:?}"
            );
            assert_eq!(
                distinct.len().min(1),
                k.min(1),
                "some earlier iteration is drawn"
            );
            // The green point is distance·normal.
            let n = DVec2::from(row.normal);
            let green: Vec<DVec2> = f
                .config
                .iter()
                .filter_map(|m| match m {
                    Mark::Point { at, color, .. } if *color == palette::CLOSEST_MD_POINT => {
                        Some(*at)
                    }
                    _ => None,
                })
                .collect();
            assert_eq!(green.len(), 1);
            assert!((green[0] - n * row.distance).length() < 1e-12);
            // The bound, term by term, along the report's normal.
            let b = ClosingBound::new(&ma, &mb, n);
            assert_eq!(
                readout(&f, "relative normal speed (vA - vB).n"),
                num(b.relative_normal_speed)
            );
            assert_eq!(readout(&f, "rA |wA|"), num(b.angular_a));
            assert_eq!(readout(&f, "bound (closing speed)"), num(b.total));
            assert_eq!(readout(&f, "distance"), num(row.distance));
            let table = f.table.as_ref().unwrap();
            assert_eq!(table.rows[k][0], Cell::Number(row.t));
            assert_eq!(table.rows[k][1], Cell::Number(row.distance));
            match row.step {
                Some(dt) => {
                    assert_eq!(table.rows[k][3], Cell::Number(dt));
                    assert_eq!(readout(&f, "dt = (d - margin) / bound"), num(dt));
                }
                None => assert_eq!(table.rows[k][3], Cell::None),
            }
        }
        // The last iteration says why the cast stopped; A′ is drawn where it stopped.
        let f = build(&scene, 1000).unwrap();
        assert_eq!(f.step, iters.len() - 1);
        assert!(readout(&f, "this iteration").starts_with("hit"));
        assert_eq!(readout(&f, "time of impact"), num(ca.toi));
        let a_hit = common::outline_in(&ma.world_at(ca.toi), palette::HIT_POSE, OPAQUE, true);
        assert!(f.world.contains(&a_hit));
    }

    #[test]
    fn no_iterations_allowed_still_draws_the_bodies() {
        let mut scene = Scene::from_str(TURNING, "t.json").unwrap();
        scene.settings.max_iterations = 0;
        let f = build(&scene, 2).unwrap();
        assert_eq!((f.steps, f.step), (1, 0));
        assert_eq!(f.world.len(), 2);
        assert!(f.config.contains(&common::origin()));
    }

    #[test]
    fn every_scene_gives_a_drawable_figure_at_any_step() {
        common::check_drawable_on_test_scenes(build);
    }
}

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
use super::{Figure, Mark, Stroke, Table};
use crate::geometry::angular_cast::{angular_cast, AngularCast, AngularCastStep};
use crate::geometry::cast::{CastStatus, MovingBody};
use crate::geometry::minkowski::{minkowski_difference, MinkowskiDifference};
use crate::geometry::{DVec2, Source};
use crate::palette;
use crate::scene::{PathError, Scene};

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
    let bodies = [(&ma, Source::A), (&mb, Source::B)];
    let Some(last) = cast.iterations.len().checked_sub(1) else {
        // No iteration allowed (max_iterations 0): the bodies at t = 0 and the plain MD.
        let mut f = Figure {
            steps: 1,
            ..Figure::default()
        };
        for (m, which) in bodies {
            f.world.push(common::body(&m.world_at(0.0), which, OPAQUE));
        }
        f.config.extend(common::minkowski(
            &minkowski_difference(&ma.world_at(0.0), &mb.world_at(0.0)),
            OPAQUE,
        ));
        f.config.push(common::origin());
        f.readout("status", status_text(&cast));
        f.legend.extend(common::standard_legend());
        return Ok(f);
    };
    let k = step.min(last);
    let s = &cast.iterations[k];
    let (a_t, b_t) = (
        ma.local.transformed(&s.pose_a),
        mb.local.transformed(&s.pose_b),
    );
    let len = common::arrow_length(&a_t, &b_t);
    let mut f = Figure {
        steps: cast.iterations.len(),
        step: k,
        ..Figure::default()
    };

    // World: the whole motion's ends faint and dashed, earlier iterations as ghosts, A′, then
    // the bodies at this iteration.
    for (m, which) in bodies.into_iter().filter(|(m, _)| moves(m)) {
        let c = common::body_color(which);
        f.world.push(common::outline_in(
            &m.world_at(0.0),
            c,
            style::MOTION_START_ALPHA,
            true,
        ));
    }
    let earlier = distinct_earlier(&cast, k, &ma, &mb, MIN_GHOST_MOVE * len);
    for e in earlier.iter().map(|&j| &cast.iterations[j]) {
        for (m, which) in bodies.into_iter().filter(|(m, _)| moves(m)) {
            let pose = if which == Source::A {
                e.pose_a
            } else {
                e.pose_b
            };
            f.world.push(common::body(
                &m.local.transformed(&pose),
                which,
                style::GHOST_ALPHA,
            ));
        }
    }
    if cast.status == CastStatus::Hit {
        f.world.push(common::outline_in(
            &ma.local.transformed(&cast.pose_a),
            palette::HIT_POSE,
            OPAQUE,
            true,
        ));
        f.world.push(Mark::label(
            cast.pose_a.position,
            format!("A\u{2032}  t = {}", num(cast.toi)),
            palette::HIT_POSE,
            style::NEXT_TIME_LABEL,
        ));
    }
    f.world.push(common::body(&a_t, Source::A, OPAQUE));
    f.world.push(common::body(&b_t, Source::B, OPAQUE));
    // Mirtich's r around each turning body's centre: no point of it moves faster than r·|ω|.
    for (m, which) in bodies {
        if m.angular_velocity != 0.0 {
            let pose = if which == Source::A {
                s.pose_a
            } else {
                s.pose_b
            };
            f.world.push(Mark::Circle {
                centre: pose.position,
                radius: m.max_radius(),
                stroke: Some(Stroke::dashed(
                    common::body_color(which).with_alpha(style::GUIDE_ALPHA),
                    style::GUIDE_WIDTH,
                )),
                fill: None,
            });
        }
    }
    for (m, which) in bodies {
        f.world
            .extend(common::velocity_arrow(m.pose.position, m.velocity, which));
    }
    if s.distance > 0.0 {
        f.world.push(Mark::arrow(
            s.point_a,
            s.point_b,
            Stroke::solid(palette::CAST_NORMAL, style::ANSWER_WIDTH),
        ));
    }
    f.world.push(Mark::label(
        s.pose_a.position,
        format!("t = {}", num(s.t)),
        palette::TEXT,
        style::TIME_LABEL,
    ));

    // Configuration space: earlier MDs faded, this iteration's on top.
    for e in earlier.iter().map(|&j| &cast.iterations[j]) {
        f.config.extend(common::minkowski(
            &step_md(&ma, &mb, e),
            style::EARLIER_MD_ALPHA,
        ));
        f.config.push(Mark::dot(
            e.distance * e.normal,
            palette::CLOSEST_MD_POINT.with_alpha(style::EARLIER_POINT_ALPHA),
            style::EARLIER_POINT_DOT,
        ));
    }
    f.config
        .extend(common::minkowski(&step_md(&ma, &mb, s), OPAQUE));
    let closest = s.distance * s.normal;
    f.config.push(Mark::arrow(
        DVec2::ZERO,
        closest,
        Stroke::solid(palette::CAST_NORMAL, style::ANSWER_WIDTH),
    ));
    f.config.push(Mark::dot(
        closest,
        palette::CLOSEST_MD_POINT,
        style::STEP_POINT_DOT,
    ));
    f.config.push(Mark::label(
        closest,
        format!("d = {}", num(s.distance)),
        palette::TEXT,
        style::DISTANCE_LABEL,
    ));
    f.config.push(common::origin());

    // Read-outs.
    let b = s.bound;
    f.readout(
        "iteration",
        format!("{} of {}", k + 1, cast.iterations.len()),
    );
    f.readout("t", num(s.t));
    f.readout("distance", num(s.distance));
    f.readout("normal (A to B)", vec(s.normal));
    f.readout(
        "relative normal speed (vA - vB).n",
        num(b.relative_normal_speed),
    );
    f.readout("rA |wA|", num(b.angular_a));
    f.readout("rB |wB|", num(b.angular_b));
    f.readout("bound (closing speed)", num(b.total));
    f.readout(
        "dt = (d - margin) / bound",
        s.step.map_or("none".into(), num),
    );
    f.readout(
        "this iteration",
        if k < last {
            format!("advance to t = {}", num(cast.iterations[k + 1].t))
        } else {
            status_text(&cast)
        },
    );
    f.readout("status", cast.status.as_str());
    f.readout("time of impact", num(cast.toi));
    f.readout(
        "tolerance, margin",
        format!("{}, {:.1e}", num(cast.tolerance), cast.margin),
    );
    f.table = Some(Table {
        columns: ["t", "distance", "bound", "dt"].map(String::from).to_vec(),
        rows: cast
            .iterations
            .iter()
            .map(|e| vec![e.t, e.distance, e.bound.total, e.step.unwrap_or(f64::NAN)])
            .collect(),
        distance_column: Some(1),
    });

    f.legend.extend(common::standard_legend());
    f.legend(
        palette::CLOSEST_MD_POINT,
        "the MD point nearest the origin (distance d along the normal)",
    );
    f.legend(
        palette::CAST_NORMAL,
        "the gap d along the normal: in the world between the witness points",
    );
    f.legend(
        palette::HIT_POSE,
        "A\u{2032} (dashed): A where the cast stops on a hit",
    );
    f.legend(
        palette::SHAPE_A.with_alpha(style::GHOST_ALPHA),
        "faded: earlier iterations; dashed: t = 0 and the radius r of a turning body",
    );
    Ok(f)
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
            assert_eq!(table.rows[k][0], row.t);
            assert_eq!(table.rows[k][1], row.distance);
            match row.step {
                Some(dt) => {
                    assert_eq!(table.rows[k][3], dt);
                    assert_eq!(readout(&f, "dt = (d - margin) / bound"), num(dt));
                }
                None => assert!(table.rows[k][3].is_nan()),
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

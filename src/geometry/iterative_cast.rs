//! Van den Bergen's iterative cast: the linear cast for any two convex shapes, built on nothing
//! but a distance query (the first article's figure 6).
//!
//! **The picture** (configuration space, as the article draws it). The MD `B ⊖ A` is fixed at
//! `t = 0`; the *estimate* is a point on the ray from the origin along `d = v_A − v_B` (the same
//! ray as [`linear_cast`](super::linear_cast)), starting at the origin (`λ = 0`). The bodies
//! moved to time `λ` are apart by exactly the distance from the estimate `λ·d` to the MD,
//! because translating both bodies only translates the MD.
//!
//! **One iteration.** At the estimate, ask the exact distance query ([`contact`]) for the moved
//! bodies' distance `δ` and normal `n` (from A towards B). The MD point nearest the estimate is
//! `λ·d + δ·n` (the green point), and the line through it across `n` is a supporting line of
//! the MD: the whole MD lies on its far side. The ray cannot reach the MD before it reaches that
//! line, so jump to where it crosses it (the red point):
//!
//! ```text
//! λ' = λ + δ / (d · n)
//! ```
//!
//! and repeat from there. Every jump lands at or before the true time of impact (the cast is
//! **conservative**); the distance shrinks until it is below the tolerance.
//!
//! **How it stops** ([`CastStatus`]):
//! * `Overlapping`, time 0: the first query finds `δ ≤ 0` (touching counts, as in the linear
//!   cast; see its module doc);
//! * `Hit`: `δ < settings.tolerance` (raised, like conservative advancement's, to
//!   [`ROUNDING_RELATIVE`](super::angular_cast::ROUNDING_RELATIVE) of the scene's size if
//!   below it); the time of impact is the current `λ`, so the bodies at the reported time are
//!   apart by less than the tolerance and have not yet touched. There is no separate
//!   "converged" status: converging within the tolerance is what a hit of an iterative cast
//!   means;
//! * `Miss`: `d · n ≤ 0` — the relative motion does not approach the supporting line (in terms
//!   of velocities, `(v_B − v_A) · n ≥ 0`: B moves away from A along the normal, or slides
//!   along it), or the next `λ'` is past 1; the time of impact is then reported as **1** (the
//!   whole motion is free);
//! * `NoProgress`: `λ'` does not exceed `λ` in floating point (the step vanished); the time is
//!   the last `λ`, which is safe, with the last normal;
//! * `OutOfIterations`: `settings.max_iterations` distance queries were made without reaching
//!   the tolerance; the time is the last estimate `λ'`, which is safe, with the last normal. At
//!   least one query is always made (a limit of 0 behaves as 1).
//!
//! **What is ignored.** Rotation, as in the linear cast: each body keeps its angle at `t = 0`.
//! The angular cast is the version that bounds turning.
//!
//! Conventions (design section 2): world frame, y-up; normals from A towards B; distances
//! signed.

use super::angular_cast::{floored_tolerance, motion_scale};
use super::cast::{CastSettings, CastStatus, MovingBody};
use super::distance::TOUCH_RELATIVE;
use super::linear_cast::{translated_at, translated_pose_at, Ray};
use super::{contact, DVec2, Pose};

/// One distance query of the cast, with everything figure 6 draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IterativeStep {
    /// The current estimate `λ` of the time of impact.
    pub t: f64,
    /// The estimate in configuration space, `(v_A − v_B)·λ` on the ray (black point).
    pub estimate: DVec2,
    /// The point of `MD(0)` nearest the estimate, `estimate + distance·normal` (green point).
    pub closest: DVec2,
    /// The exact signed distance between the bodies at `λ`.
    pub distance: f64,
    /// Unit, from A towards B (world frame; also the direction from the estimate to the
    /// closest MD point).
    pub normal: DVec2,
    /// Where the ray crosses the supporting line through `closest` across `normal` (red point),
    /// configuration space. `None` when the cast stopped before computing it (hit, overlap, or
    /// moving away).
    pub next_estimate: Option<DVec2>,
    /// The time of `next_estimate` (may exceed 1, then the cast is a miss).
    pub next_t: Option<f64>,
}

/// The result of [`iterative_cast`].
#[derive(Clone, Debug, PartialEq)]
pub struct IterativeCast {
    /// How it stopped (see the module doc).
    pub status: CastStatus,
    /// The time of impact: `≤` the true one, the bodies within `settings.tolerance` there for a
    /// hit; 0 overlapping; **1 for a miss**; the last safe estimate otherwise.
    pub toi: f64,
    /// The normal (A towards B) at `toi`: of the last query, or for a hit landed exactly on
    /// the contact, of the query before (see the code). `None` for a miss.
    pub normal: Option<DVec2>,
    /// The ray the estimate moves along (configuration space).
    pub ray: Ray,
    /// Every distance query, in order.
    pub steps: Vec<IterativeStep>,
    /// A's pose at `toi` (translation only: angle unchanged).
    pub pose_a_at_toi: Pose,
    /// B's pose at `toi`.
    pub pose_b_at_toi: Pose,
}

/// Van den Bergen's iterative cast of `a` and `b` translating over `t ∈ [0, 1]` (rotation
/// ignored). See the module doc.
pub fn iterative_cast(a: &MovingBody, b: &MovingBody, settings: &CastSettings) -> IterativeCast {
    let d = a.velocity - b.velocity;
    let max = settings.max_iterations.max(1) as usize;
    // The same floor as conservative advancement: below it a distance is rounding noise.
    let scale = motion_scale(a, b);
    let tolerance = floored_tolerance(settings, scale);
    let mut steps: Vec<IterativeStep> = Vec::new();
    let mut lambda = 0.0_f64;
    let finish = |status: CastStatus, toi: f64, normal: Option<DVec2>, steps| IterativeCast {
        status,
        toi,
        normal,
        ray: Ray::of_motion(a, b),
        steps,
        pose_a_at_toi: translated_pose_at(a, toi),
        pose_b_at_toi: translated_pose_at(b, toi),
    };
    loop {
        let c = contact(&translated_at(a, lambda), &translated_at(b, lambda));
        let estimate = d * lambda;
        let mut step = IterativeStep {
            t: lambda,
            estimate,
            closest: estimate + c.distance * c.normal,
            distance: c.distance,
            normal: c.normal,
            next_estimate: None,
            next_t: None,
        };
        if steps.is_empty() && c.distance <= 0.0 {
            steps.push(step);
            return finish(CastStatus::Overlapping, 0.0, Some(c.normal), steps);
        }
        if c.distance < tolerance {
            // Landed exactly on the contact (a face met face-on): the query's normal there is
            // the nearest edge's, which on a flat MD (a segment seen edge-on, two edges through
            // the same points) may face away from the ray. The jump that landed here crossed
            // the supporting line of the previous normal: that is the contact's normal.
            let normal = match steps.last() {
                Some(prev) if c.distance.abs() <= TOUCH_RELATIVE * scale => prev.normal,
                _ => c.normal,
            };
            steps.push(step);
            return finish(CastStatus::Hit, lambda, Some(normal), steps);
        }
        let approach = d.dot(c.normal);
        if approach <= 0.0 {
            steps.push(step);
            return finish(CastStatus::Miss, 1.0, None, steps);
        }
        let next = lambda + c.distance / approach;
        // A ray that barely approaches (a normal almost across the motion) may reach the plane
        // only at an infinite time or estimate: that is a miss, with no next step to record.
        if (d * next).is_finite() {
            step.next_t = Some(next);
            step.next_estimate = Some(d * next);
        }
        steps.push(step);
        if next > 1.0 {
            return finish(CastStatus::Miss, 1.0, None, steps);
        }
        if next <= lambda {
            return finish(CastStatus::NoProgress, lambda, Some(c.normal), steps);
        }
        lambda = next;
        if steps.len() >= max {
            return finish(CastStatus::OutOfIterations, lambda, Some(c.normal), steps);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::angular_cast::ROUNDING_RELATIVE;
    use crate::geometry::Shape;

    fn circle(x: f64, y: f64, vx: f64, vy: f64) -> MovingBody {
        MovingBody {
            local: Shape::Circle { radius: 1.0 }.to_convex().unwrap().0,
            pose: Pose::new(DVec2::new(x, y), 0.0),
            velocity: DVec2::new(vx, vy),
            angular_velocity: 0.0,
        }
    }

    #[test]
    fn circles_known_answer_with_the_figure_points() {
        let (a, b) = (circle(0.0, 0.0, 0.0, 0.0), circle(5.0, 1.0, -10.0, 0.0));
        let s = CastSettings::default();
        let c = iterative_cast(&a, &b, &s);
        let want = (5.0 - 3f64.sqrt()) / 10.0;
        assert_eq!(c.status, CastStatus::Hit);
        assert!(
            c.toi <= want && want - c.toi < 1e-3,
            "toi {} want {want}",
            c.toi
        );
        // First iteration by hand: the MD is the disc of radius 2 around (5, 1); from the
        // origin the nearest point is 2 short of √26 along (5, 1)/√26.
        let first = c.steps[0];
        let n = DVec2::new(5.0, 1.0) / 26f64.sqrt();
        assert_eq!(first.t, 0.0);
        assert!((first.distance - (26f64.sqrt() - 2.0)).abs() < 1e-12);
        assert!((first.normal - n).length() < 1e-12);
        assert!((first.closest - n * (26f64.sqrt() - 2.0)).length() < 1e-12);
        // The ray (10, 0)·t crosses the line x·n = √26 − 2 at t = (√26 − 2)/(10·n.x).
        let t1 = (26f64.sqrt() - 2.0) / (10.0 * n.x);
        assert!((first.next_t.unwrap() - t1).abs() < 1e-12);
        assert!((first.next_estimate.unwrap() - DVec2::new(10.0 * t1, 0.0)).length() < 1e-12);
        // The estimates increase and never pass the true time.
        for w in c.steps.windows(2) {
            assert!(w[0].t < w[1].t && w[1].t <= want);
        }
    }

    #[test]
    fn stops() {
        let s = CastSettings::default();
        let a = circle(0.0, 0.0, 0.0, 0.0);
        let away = iterative_cast(&a, &circle(5.0, 0.0, 1.0, 0.0), &s);
        assert_eq!(
            (away.status, away.toi, away.steps.len()),
            (CastStatus::Miss, 1.0, 1)
        );
        let short = iterative_cast(&a, &circle(5.0, 0.0, -1.0, 0.0), &s);
        assert_eq!(short.status, CastStatus::Miss);
        assert_eq!(short.steps[0].next_t, Some(3.0));
        let over = iterative_cast(&a, &circle(1.0, 0.0, 1.0, 0.0), &s);
        assert_eq!((over.status, over.toi), (CastStatus::Overlapping, 0.0));
        // Head on the first jump is exact: the second query finds distance 0.
        let head = iterative_cast(&a, &circle(5.0, 0.0, -6.0, 0.0), &s);
        assert_eq!(head.status, CastStatus::Hit);
        assert_eq!(head.toi, 0.5);
        assert_eq!(head.steps.len(), 2);
        // One query allowed, far from the target: out of iterations at the first red point.
        let few = CastSettings {
            tolerance: 1e-3,
            max_iterations: 1,
        };
        let out = iterative_cast(&a, &circle(5.0, 1.0, -10.0, 0.0), &few);
        assert_eq!(out.status, CastStatus::OutOfIterations);
        assert_eq!(Some(out.toi), out.steps[0].next_t);
        // A tolerance of 0 on a tangent path (B's disc grazes A's at t = 0.5): the distance
        // shrinks like the square of the time left, and would reach rounding noise before 0;
        // the floor of 1e-10 of the scene's size (here 1 + √29 + 1) ends it as a hit.
        let none = CastSettings {
            tolerance: 0.0,
            max_iterations: 10_000,
        };
        let crawl = iterative_cast(&a, &circle(5.0, 2.0, -10.0, 0.0), &none);
        assert_eq!(crawl.status, CastStatus::Hit);
        assert!(crawl.steps.len() < 100, "{}", crawl.steps.len());
        assert!(crawl.toi <= 0.5);
        let last = crawl.steps.last().unwrap().distance;
        assert!(
            last > 0.0 && last < ROUNDING_RELATIVE * (2.0 + 29f64.sqrt()),
            "{last}"
        );
    }
}

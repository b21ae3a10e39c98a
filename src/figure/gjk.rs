//! The `gjk` demo: GJK walking a simplex of Minkowski-difference points towards the origin, as
//! Box2D's samples and the web tutorials animate it. One step per iteration.
//!
//! Configuration space: the MD faintly (its edges still coloured by source), the origin, and
//! the iteration's simplex (1 to 3 points, the newest ringed, each named by its pair
//! `b_j - a_i`), the part of it that is kept (solid), its point `v` nearest the origin, the
//! search direction `d` from `v` towards the origin, and the support point `w` along `d` with
//! its pair. `|v|` is an upper bound on the core distance (the orange arc); `w`'s supporting
//! line keeps the whole MD on its far side, so its distance from the origin is a lower bound
//! (the teal line, and the arc of the best lower bound so far). Earlier `v`s trace the walk.
//! When the simplex encloses the origin the cores overlap (or touch) and GJK hands its simplex
//! to EPA (the `epa` demo).
//!
//! World: the core vertices `a_i`, `b_j` behind each simplex point (and behind `w`), with the
//! arrow `a_i → b_j` that each MD point is, and the witness points — the same weighted
//! combination of those vertices as `v` is of the simplex points — joined by a line, as Box2D's
//! "draw simplex" does. For rounded bodies GJK measures the cores (dashed); on the last step the
//! radii are subtracted: the witness points move out along the normal by each radius.
//!
//! The plot under the panes shows both bounds closing on each other; the table lists every
//! iteration.

use super::common::{self, num, vec};
use super::pairs::{self, pair_name, pair_names};
use super::style::{self, OPAQUE};
use super::{Cell, Figure, LegendEntry, Mark, Parts, Plot, PlotLabels, Readout, Stroke, Table};
use crate::geometry::epa::{gjk_epa_contact, ContactMethod, GjkEpa};
use crate::geometry::gjk::{same_point, GjkStep, GjkTermination, GJK_MAX_ITERATIONS};
use crate::geometry::minkowski::MdVertex;
use crate::geometry::DVec2;
use crate::palette;
use crate::scene::{PathError, Scene};

/// The figure at iteration `step` (clamped to the trace).
pub fn build(scene: &Scene, step: usize) -> Result<Figure, PathError> {
    Ok(super::assemble(&Computed::new(scene, step)?))
}

/// What the figure shows, computed once.
struct Computed {
    placed: common::Placed,
    /// GJK on the cores (and EPA when they overlap), with every iteration.
    run: GjkEpa,
    /// The iteration shown.
    k: usize,
    /// The length of small arrows, from the bodies' size.
    len: f64,
    /// Where the labels in B ⊖ A go.
    labels: pairs::Inward,
}

/// What one iteration did, in the order GJK decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// The closed simplex contains the origin: the cores overlap (or touch).
    Enclosed,
    /// The simplex comes within rounding of the origin: the cores touch.
    Touching,
    /// `|v|` did not shrink: GJK stops with the simplex before.
    NoProgress,
    /// `w` is no nearer the origin than `v`: `v` is the MD's nearest point.
    Converged,
    /// `w` joins the simplex.
    Added,
    /// `w` would join, but the iterations are used up.
    OutOfIterations,
}

/// What iteration `k` of `steps` did, given how the run ended.
fn verdict(steps: &[GjkStep], k: usize, termination: GjkTermination) -> Verdict {
    let s = &steps[k];
    if s.direction.is_none() {
        return if s.closest == DVec2::ZERO {
            Verdict::Enclosed
        } else {
            Verdict::Touching
        };
    }
    if k + 1 < steps.len() {
        return Verdict::Added;
    }
    match (s.support, termination) {
        (None, _) => Verdict::NoProgress,
        (Some(_), GjkTermination::OutOfIterations) => Verdict::OutOfIterations,
        _ => Verdict::Converged,
    }
}

/// What an iteration did, in a few words (a read-out's width).
fn verdict_words(v: Verdict, kept: usize) -> String {
    match v {
        Verdict::Enclosed => "origin enclosed: the cores meet".into(),
        Verdict::Touching => "origin on the simplex: touching".into(),
        Verdict::NoProgress => "|v| did not shrink: stop".into(),
        Verdict::Converged => "w no nearer than v: done".into(),
        Verdict::Added => format!("w added: a simplex of {}", kept + 1),
        Verdict::OutOfIterations => format!("out of iterations ({GJK_MAX_ITERATIONS})"),
    }
}

/// How the run ended, in a few words.
fn termination_words(t: GjkTermination) -> &'static str {
    match t {
        GjkTermination::Converged => "converged: the distance is exact",
        GjkTermination::Overlapping => "overlap: EPA takes over",
        GjkTermination::NoProgress => "no progress (rounding)",
        GjkTermination::OutOfIterations => "out of iterations",
        GjkTermination::Empty => "a core has no vertices",
        GjkTermination::Bounded => "stopped: the bounds sufficed",
    }
}

/// The part of a simplex that is kept, in words.
fn kept_words(kept: &[MdVertex]) -> String {
    let what = match kept.len() {
        1 => "vertex",
        2 => "edge",
        _ => "triangle",
    };
    format!("{what} {}", pair_names(kept))
}

/// The upper bound `|v|` and the best lower bound after step `s` (NaN before there is one),
/// for the table and the plot.
fn bounds(s: &GjkStep) -> (f64, f64) {
    (s.closest.length(), s.best_lower_bound.unwrap_or(f64::NAN))
}

/// The gap between the bounds, once the lower one says something (is positive); else NaN.
fn bounds_gap(upper: f64, lower: f64) -> f64 {
    if lower > 0.0 {
        upper - lower
    } else {
        f64::NAN
    }
}

impl Computed {
    fn new(scene: &Scene, step: usize) -> Result<Computed, PathError> {
        let placed = common::Placed::new(scene)?;
        let run = gjk_epa_contact(&placed.a, &placed.b);
        let k = step.min(run.gjk.steps.len().max(1) - 1);
        Ok(Computed {
            len: common::arrow_length(&placed.a, &placed.b),
            labels: pairs::Inward::new(&placed.md),
            placed,
            run,
            k,
        })
    }

    /// The iteration shown (none when a core is empty).
    fn step(&self) -> Option<&GjkStep> {
        self.run.gjk.steps.get(self.k)
    }

    fn last(&self) -> bool {
        self.k + 1 >= self.run.gjk.steps.len()
    }

    /// On the last step, when GJK's distance is the answer: the rounding and the answer are
    /// drawn.
    fn answered(&self) -> bool {
        self.last() && self.run.method == ContactMethod::Gjk
    }

    fn radii(&self) -> f64 {
        self.placed.a.radius + self.placed.b.radius
    }

    /// The simplex in configuration space: the whole of it dashed (filled when a triangle), the
    /// points dropped faint, the kept part solid, the newest point ringed, each named.
    fn simplex_marks(&self, s: &GjkStep) -> Vec<Mark> {
        let color = palette::SIMPLEX;
        let pts: Vec<DVec2> = s.simplex.iter().map(|p| p.point).collect();
        let mut c = Vec::new();
        match pts.len() {
            3 => c.push(Mark::Polygon {
                points: pts.clone(),
                stroke: Some(Stroke::dashed(color, style::SIMPLEX_WIDTH)),
                fill: Some(color.with_alpha(style::SIMPLEX_FILL_ALPHA)),
                convex: true,
            }),
            2 => c.push(Mark::segment(
                pts[0],
                pts[1],
                Stroke::dashed(color, style::SIMPLEX_WIDTH),
            )),
            _ => {}
        }
        let kept: Vec<DVec2> = s.reduced.iter().map(|p| p.point).collect();
        match kept.len() {
            2 => c.push(Mark::segment(
                kept[0],
                kept[1],
                Stroke::solid(color, style::KEPT_FEATURE_WIDTH),
            )),
            3 => c.push(Mark::Polygon {
                points: kept.clone(),
                stroke: Some(Stroke::solid(color, style::KEPT_FEATURE_WIDTH)),
                fill: None,
                convex: true,
            }),
            _ => {}
        }
        if let Some(newest) = s.simplex.last() {
            c.push(Mark::dot(
                newest.point,
                color.with_alpha(style::DROPPED_ALPHA),
                style::NEWEST_HALO_DOT,
            ));
        }
        // Large shapes put the simplex points and `w` a few pixels apart: their pairs are named
        // in the read-outs only, the newest point by its ring.
        let named = pairs::names_every_vertex(&self.placed.a, &self.placed.b);
        for (i, p) in s.simplex.iter().enumerate() {
            let is_kept = s.reduced.iter().any(|q| same_point(p, q));
            let alpha = if is_kept {
                OPAQUE
            } else {
                style::DROPPED_ALPHA
            };
            c.push(Mark::dot(
                p.point,
                color.with_alpha(alpha),
                style::SIMPLEX_POINT_DOT,
            ));
            let newest = i + 1 == s.simplex.len() && s.simplex.len() > 1;
            if named {
                c.push(self.labels.label(
                    p.point,
                    format!("{}{}", pair_name(p), if newest { " new" } else { "" }),
                    color.with_alpha(alpha),
                    style::NAME_ABOVE,
                ));
            }
        }
        c
    }

    /// The walk so far: the `v` of every iteration up to this one, joined, earlier ones faint.
    fn walk(&self) -> Vec<Mark> {
        let steps = &self.run.gjk.steps[..=self.k];
        let faint = palette::UPPER_BOUND.with_alpha(style::EARLIER_POINT_ALPHA);
        let mut c = Vec::new();
        if steps.len() > 1 {
            c.push(Mark::Polyline {
                points: steps.iter().map(|s| s.closest).collect(),
                stroke: Stroke::solid(faint, style::GUIDE_WIDTH),
            });
        }
        for s in &steps[..steps.len() - 1] {
            c.push(Mark::dot(s.closest, faint, style::EARLIER_POINT_DOT));
        }
        c
    }

    /// The lower bound `w` gives: its supporting line across `d` (the whole MD on its far
    /// side), and where that line crosses the way from the origin to `v`, when on that way — at
    /// `|v| − gap` from the origin, while `v` is at `|v|`.
    fn lower_bound_marks(&self, s: &GjkStep) -> Vec<Mark> {
        let (Some(w), Some(d), Some(gap)) = (s.support, s.direction, s.gap) else {
            return Vec::new();
        };
        let mut c = vec![Mark::Line {
            point: w.point,
            direction: d.perp(),
            stroke: Stroke::dashed(palette::LOWER_BOUND, style::HELPER_WIDTH),
        }];
        if gap > 0.0 && gap < s.closest.length() {
            c.push(Mark::dot(
                s.closest + d * gap,
                palette::LOWER_BOUND,
                style::BOUND_DOT,
            ));
        }
        c
    }

    /// The search direction from `v` towards the origin (at least a short arrow long), and the
    /// support point `w` along it with its pair.
    fn search_marks(&self, s: &GjkStep) -> Vec<Mark> {
        let mut c = Vec::new();
        if let Some(d) = s.direction {
            let reach = s.closest.length().max(style::SEARCH_ARROW_MIN * self.len);
            let to = s.closest + d * reach;
            c.extend([
                Mark::arrow(
                    s.closest,
                    to,
                    Stroke::solid(palette::SEARCH_DIRECTION, style::CONSTRUCTION_WIDTH),
                ),
                Mark::label(
                    s.closest.lerp(to, style::SEARCH_LABEL_AT),
                    "d",
                    palette::SEARCH_DIRECTION,
                    style::SEARCH_LABEL,
                ),
            ]);
        }
        if let Some(w) = s.support {
            c.extend([
                Mark::dot(w.point, palette::SUPPORT_POINT, style::STEP_POINT_DOT),
                self.labels.label(
                    w.point,
                    if pairs::names_every_vertex(&self.placed.a, &self.placed.b) {
                        format!("w = {}", pair_name(&w))
                    } else {
                        "w".to_string()
                    },
                    palette::SUPPORT_POINT,
                    style::NOTE_BELOW,
                ),
            ]);
        }
        c
    }

    /// The step's read-outs of the simplex, `v`, `w` and the bounds.
    fn step_readouts(&self, s: &GjkStep) -> Vec<Readout> {
        let (upper, lower) = bounds(s);
        let v = verdict(&self.run.gjk.steps, self.k, self.run.gjk.termination);
        vec![
            Readout::new("simplex", pair_names(&s.simplex)),
            Readout::new("kept (nearest the origin)", kept_words(&s.reduced)),
            Readout::new("v (nearest the origin)", vec(s.closest)),
            Readout::new("upper bound |v|", num(upper)),
            Readout::new(
                "lower bound (best so far)",
                match s.best_lower_bound {
                    None => "none yet".into(),
                    Some(l) if l <= 0.0 => format!("{} (says nothing yet)", num(l)),
                    Some(l) => num(l),
                },
            ),
            Readout::new("gap (upper - lower)", {
                let gap = bounds_gap(upper, lower);
                if gap.is_nan() {
                    "none yet".into()
                } else {
                    num(gap)
                }
            }),
            Readout::new(
                "support w",
                s.support.map_or("none".into(), |w| {
                    format!("{} at {}", pair_name(&w), vec(w.point))
                }),
            ),
            Readout::new("this iteration", verdict_words(v, s.reduced.len())),
        ]
    }

    /// The run's answer: the core distance, the radii and the bodies' distance.
    fn answer_readouts(&self) -> Vec<Readout> {
        let (g, c) = (&self.run.gjk, &self.run.contact);
        let mut r = vec![Readout::new("status", termination_words(g.termination))];
        if self.radii() > 0.0 || g.closest.is_none() {
            r.push(Readout::new(
                "core distance",
                match (&g.closest, self.run.method) {
                    (Some(d), _) => num(d.distance),
                    (None, ContactMethod::Epa) => "none: the cores overlap".into(),
                    (None, _) => "unsettled: exact contact used".into(),
                },
            ));
        }
        if self.radii() > 0.0 {
            r.push(Readout::new("radii rA + rB", num(self.radii())));
        }
        let how = match self.run.method {
            ContactMethod::Gjk if self.radii() > 0.0 => "distance (core - radii)",
            ContactMethod::Gjk => "distance",
            ContactMethod::Epa => "distance (by EPA)",
            _ => "distance (exact)",
        };
        r.extend([
            Readout::new(how, num(c.distance)),
            Readout::new("normal (A to B)", vec(c.normal)),
        ]);
        r
    }
}

impl Parts for Computed {
    fn steps(&self) -> (usize, usize) {
        (self.run.gjk.steps.len().max(1), self.k)
    }

    /// The bodies (their cores dashed when rounded), the vertices behind the simplex and behind
    /// `w`, the witness points, and on the last step of an answer the rounding and the gap.
    fn world(&self) -> Vec<Mark> {
        let (a, b) = (&self.placed.a, &self.placed.b);
        let mut w = self.placed.bodies();
        w.extend(pairs::cores(a, b));
        let Some(s) = self.step() else {
            return w;
        };
        // Each vertex named once: a vertex both behind the simplex and behind w is named with
        // the simplex.
        let mut named = Vec::new();
        w.extend(pairs::pairs_in_world(
            a,
            b,
            &s.simplex,
            (palette::SIMPLEX, style::PAIR_ARROW_ALPHA),
            &mut named,
        ));
        if let Some(p) = s.support {
            w.extend(pairs::pairs_in_world(
                a,
                b,
                &[p],
                (palette::SUPPORT_POINT, OPAQUE),
                &mut named,
            ));
        }
        let (core_a, core_b) = pairs::weighted_witnesses(a, b, &s.reduced, &s.weights);
        w.extend(pairs::witnesses(core_a, core_b));
        if self.answered() {
            let c = &self.run.contact;
            w.extend(pairs::rounding_in_world(c, (a, core_a), (b, core_b)));
            w.push(common::minimum_translation_world(c));
        }
        w
    }

    /// The faint MD, the walk of `v`, the bounds, the simplex, `d` and `w`, `v`, the rounding on
    /// the last step, and the origin (said to be enclosed when it is).
    fn config(&self) -> Vec<Mark> {
        let mut c = common::minkowski(&self.placed.md, style::FAINT_MD_ALPHA);
        let Some(s) = self.step() else {
            c.push(common::origin());
            return c;
        };
        c.extend(self.walk());
        c.extend(self.lower_bound_marks(s));
        c.extend(self.simplex_marks(s));
        if self.answered() && self.radii() > 0.0 {
            let answer = &self.run.contact;
            c.extend(pairs::rounding_in_config(
                answer,
                s.closest,
                format!("less rA + rB: {}", num(answer.distance)),
                self.labels,
            ));
        }
        c.extend(self.search_marks(s));
        c.extend([
            Mark::dot(s.closest, palette::UPPER_BOUND, style::STEP_POINT_DOT),
            Mark::label(s.closest, "v", palette::UPPER_BOUND, style::V_LABEL),
            common::origin(),
        ]);
        match verdict(&self.run.gjk.steps, self.k, self.run.gjk.termination) {
            Verdict::Enclosed => c.push(self.labels.label(
                DVec2::ZERO,
                "origin enclosed".into(),
                palette::TEXT,
                style::NOTE_BELOW,
            )),
            Verdict::Touching => c.push(self.labels.label(
                DVec2::ZERO,
                "origin touched".into(),
                palette::TEXT,
                style::NOTE_BELOW,
            )),
            _ => {}
        }
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let n = self.run.gjk.steps.len();
        let mut r = vec![Readout::new(
            "iteration",
            format!("{} of {n}", (self.k + 1).min(n)),
        )];
        if let Some(s) = self.step() {
            r.extend(self.step_readouts(s));
        }
        if self.run.gjk.termination == GjkTermination::Overlapping {
            r.push(Readout::new(
                "hand-over",
                "EPA grows this simplex (demo epa)",
            ));
        }
        r.extend(self.answer_readouts());
        r
    }

    fn legend(&self) -> Vec<LegendEntry> {
        let mut marks = self.world();
        marks.extend(self.config());
        common::legend_of_drawn(
            [
                (
                    palette::SIMPLEX,
                    "the simplex (ring: newest; solid: kept) and, in the world, its pairs",
                ),
                (
                    palette::UPPER_BOUND,
                    "v, the simplex point nearest the origin: |v| is the upper bound",
                ),
                (
                    palette::LOWER_BOUND,
                    "lower bound: the MD lies beyond w's line (dot: how far)",
                ),
                (
                    palette::SEARCH_DIRECTION,
                    "d, the search direction from v towards the origin",
                ),
                (
                    palette::SUPPORT_POINT,
                    "w, the support point along d, and its pair a_i, b_j",
                ),
                (
                    palette::WITNESS,
                    "witness points on A and B, by the simplex's weights",
                ),
                (
                    palette::ROUNDING,
                    "the radii rA + rB, subtracted from the core distance",
                ),
                (palette::MTV, pairs::answer_meaning(&self.run.contact)),
            ],
            &marks,
        )
    }

    /// One row per iteration: the simplex's size, the bounds, `v` and `w`.
    fn table(&self) -> Option<Table> {
        Some(Table {
            columns: [
                "simplex points",
                "upper |v|",
                "lower",
                "gap",
                "v x",
                "v y",
                "w x",
                "w y",
            ]
            .map(String::from)
            .to_vec(),
            rows: self
                .run
                .gjk
                .steps
                .iter()
                .map(|s| {
                    let (upper, lower) = bounds(s);
                    let w = s.support.map(|w| w.point);
                    vec![
                        Cell::Count(s.simplex.len()),
                        Cell::Number(upper),
                        Cell::maybe(s.best_lower_bound),
                        Cell::maybe(Some(bounds_gap(upper, lower)).filter(|g| !g.is_nan())),
                        Cell::Number(s.closest.x),
                        Cell::Number(s.closest.y),
                        Cell::maybe(w.map(|w| w.x)),
                        Cell::maybe(w.map(|w| w.y)),
                    ]
                })
                .collect(),
            plot: Plot::Bounds { lower: 2, upper: 1 },
            labels: PlotLabels {
                title: "GJK: upper and lower bound on the core distance",
                x: "iteration",
                y: "distance",
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::common::{check_readouts, dots_in, labels_in, readout_of};
    use crate::geometry::contact;

    const APART: &str = include_str!("../../scenes/gjk_polygons_apart.json");
    const THROUGH_ORIGIN: &str = include_str!("../../scenes/gjk_segment_through_origin.json");
    const ROUNDED: &str = include_str!("../../scenes/gjk_circle_vs_capsule.json");
    const LARGE: &str = include_str!("../../scenes/gjk_1000_gons_apart.json");

    fn close(a: DVec2, b: DVec2) -> bool {
        (a - b).length() < 1e-9
    }

    /// Two equal boxes, B half a box right of A: by hand, GJK's first point is b0 − a1 =
    /// (−0.5, −1) − (1, −1) = (−1.5, 0), its search goes +x to b1 − a0 = (1.5, −1) − (−1, −1) =
    /// (2.5, 0), and the segment between them runs through the origin, 1.5 from one end and 2.5
    /// from the other: weights 5/8 and 3/8, and the witness points both (0.25, −1), a point of
    /// both boxes' bottom sides.
    #[test]
    fn a_segment_through_the_origin_by_hand() {
        let s = Scene::from_str(THROUGH_ORIGIN, "t.json").unwrap();
        let f = build(&s, 0).unwrap();
        assert_eq!((f.steps, f.step), (2, 0));
        let (v, w) = (DVec2::new(-1.5, 0.0), DVec2::new(2.5, 0.0));
        let step_dots = |c| dots_in(&f.config, c, style::STEP_POINT_DOT);
        assert_eq!(step_dots(palette::UPPER_BOUND), vec![v]);
        assert_eq!(step_dots(palette::SUPPORT_POINT), vec![w]);
        check_readouts(
            &f,
            &[
                ("simplex", "b0-a1"),
                ("upper bound |v|", "1.5000"),
                ("lower bound (best so far)", "-2.5000 (says nothing yet)"),
                ("gap (upper - lower)", "none yet"),
                ("support w", "b1-a0 at (2.5000, 0.0000)"),
                ("this iteration", "w added: a simplex of 2"),
            ],
        );
        // The search direction runs from v to the origin.
        assert_eq!(
            common::arrows_in(&f.config, palette::SEARCH_DIRECTION),
            vec![(v, DVec2::ZERO)]
        );
        // w's pair in the world: a0 = (−1, −1) and b1 = (1.5, −1).
        assert_eq!(
            dots_in(&f.world, palette::SUPPORT_POINT, style::PAIR_VERTEX_DOT),
            vec![DVec2::new(-1.0, -1.0), DVec2::new(1.5, -1.0)]
        );
        assert!(labels_in(&f.config).contains(&"w = b1-a0"));

        let f = build(&s, 1).unwrap();
        check_readouts(
            &f,
            &[
                ("simplex", "b0-a1, b1-a0"),
                ("kept (nearest the origin)", "edge b0-a1, b1-a0"),
                ("upper bound |v|", "0.0000"),
                ("support w", "none"),
                ("this iteration", "origin enclosed: the cores meet"),
                ("hand-over", "EPA grows this simplex (demo epa)"),
                ("distance (by EPA)", "-1.5000"),
            ],
        );
        assert!(labels_in(&f.config).contains(&"origin enclosed"));
        assert!(labels_in(&f.config).contains(&"b1-a0 new"));
        let bodies = s.bodies().unwrap();
        let g = gjk_epa_contact(&bodies.a, &bodies.b);
        assert_eq!(g.gjk.steps[1].weights, vec![0.625, 0.375]);
        let witness = dots_in(&f.world, palette::WITNESS, style::WITNESS_DOT);
        assert_eq!(witness.len(), 2);
        assert!(witness.iter().all(|w| close(*w, DVec2::new(0.25, -1.0))));
        // No search on the last step: no direction, no w, and the legend says nothing of them.
        assert!(common::arrows_in(&f.config, palette::SEARCH_DIRECTION).is_empty());
        let said = |c| f.legend.iter().any(|l| l.color == c);
        assert!(!said(palette::SEARCH_DIRECTION) && !said(palette::SUPPORT_POINT));
        common::check_legend_is_drawn(&f, "through the origin");
    }

    /// Every iteration draws the trace's simplex, v and w, reads out its bounds, and the bounds
    /// hold the exact distance between them; the last step ends on the exact contact.
    #[test]
    fn every_iteration_draws_the_trace_and_the_bounds_hold_the_distance() {
        let s = Scene::from_str(APART, "apart.json").unwrap();
        let bodies = s.bodies().unwrap();
        let (a, b) = (&bodies.a, &bodies.b);
        let run = gjk_epa_contact(a, b);
        let exact = contact(a, b);
        let steps = &run.gjk.steps;
        assert!(steps.len() >= 3, "{} iterations", steps.len());
        assert!(steps
            .iter()
            .any(|s| s.simplex.len() == 3 && s.reduced.len() == 2));
        for (k, st) in steps.iter().enumerate() {
            let f = build(&s, k).unwrap();
            assert_eq!((f.steps, f.step), (steps.len(), k));
            let step_dots = |c| dots_in(&f.config, c, style::STEP_POINT_DOT);
            assert_eq!(step_dots(palette::UPPER_BOUND), vec![st.closest]);
            let w = st.support.unwrap();
            assert_eq!(step_dots(palette::SUPPORT_POINT), vec![w.point]);
            // The simplex: the kept points opaque, the dropped ones faint, the newest ringed.
            let points = |alpha| {
                let c = palette::SIMPLEX.with_alpha(alpha);
                dots_in(&f.config, c, style::SIMPLEX_POINT_DOT)
            };
            let kept: Vec<DVec2> = st.reduced.iter().map(|p| p.point).collect();
            let mut drawn = points(OPAQUE);
            assert_eq!(drawn.len(), kept.len());
            assert!(kept.iter().all(|p| drawn.contains(p)));
            drawn.extend(points(style::DROPPED_ALPHA));
            assert_eq!(drawn.len(), st.simplex.len());
            let halo = palette::SIMPLEX.with_alpha(style::DROPPED_ALPHA);
            assert_eq!(
                dots_in(&f.config, halo, style::NEWEST_HALO_DOT),
                vec![st.simplex.last().unwrap().point]
            );
            let (upper, lower) = (st.closest.length(), st.best_lower_bound.unwrap());
            assert!(lower <= exact.distance + 1e-12 && exact.distance <= upper + 1e-12);
            check_readouts(
                &f,
                &[
                    ("upper bound |v|", &num(upper)),
                    ("v (nearest the origin)", &vec(st.closest)),
                    ("simplex", &pair_names(&st.simplex)),
                ],
            );
            if lower > 0.0 {
                check_readouts(
                    &f,
                    &[
                        ("lower bound (best so far)", &num(lower)),
                        ("gap (upper - lower)", &num(upper - lower)),
                    ],
                );
            }
            let table = f.table.as_ref().unwrap();
            assert_eq!(table.plot, Plot::Bounds { lower: 2, upper: 1 });
            assert_eq!(
                (&table.rows[k][1], &table.rows[k][2]),
                (&Cell::Number(upper), &Cell::maybe(st.best_lower_bound))
            );
            // The witness points are the weights applied to the vertices behind the kept part.
            let (pa, pb) = pairs::weighted_witnesses(a, b, &st.reduced, &st.weights);
            assert_eq!(
                dots_in(&f.world, palette::WITNESS, style::WITNESS_DOT),
                vec![pa, pb]
            );
            common::check_legend_is_drawn(&f, &format!("step {k}"));
            let last = k + 1 == steps.len();
            assert_eq!(!common::arrows_in(&f.world, palette::MTV).is_empty(), last);
            let said = if last {
                "w no nearer than v: done".to_string()
            } else {
                format!("w added: a simplex of {}", st.reduced.len() + 1)
            };
            assert_eq!(readout_of(&f, "this iteration"), said);
        }
        let f = build(&s, 999).unwrap();
        assert_eq!(f.step, steps.len() - 1);
        let gap = common::arrows_in(&f.world, palette::MTV);
        assert_eq!(gap.len(), 1);
        assert!(close(gap[0].0, exact.point_a) && close(gap[0].1, exact.point_b));
        check_readouts(
            &f,
            &[
                ("distance", &num(exact.distance)),
                ("status", "converged: the distance is exact"),
            ],
        );
    }

    /// A circle's centre against a capsule's segment: the core distance is the centre's
    /// distance from the segment, worked out here by hand, and the last step subtracts the
    /// radii, in both panes.
    #[test]
    fn rounded_bodies_measure_the_cores_then_subtract_the_radii() {
        let s = Scene::from_str(ROUNDED, "rounded.json").unwrap();
        let bodies = s.bodies().unwrap();
        let (centre, turn) = (s.a.position, s.b.angle_deg.to_radians());
        let along = DVec2::from_angle(turn);
        let rel = centre - s.b.position;
        assert!(rel.dot(along).abs() < 1.5, "the centre faces the segment");
        let core = rel.perp_dot(along).abs();
        let f = build(&s, 99).unwrap();
        check_readouts(
            &f,
            &[
                ("core distance", &num(core)),
                ("radii rA + rB", "1.0000"),
                ("distance (core - radii)", &num(core - 1.0)),
            ],
        );
        // The cores drawn dashed: the capsule's segment, the circle's centre.
        let b_core = &bodies.b.vertices;
        assert!(f.world.contains(&Mark::segment(
            b_core[0],
            b_core[1],
            Stroke::dashed(palette::SHAPE_B, style::CORE_WIDTH)
        )));
        assert_eq!(
            dots_in(&f.world, palette::SHAPE_A, style::CORE_POINT_WORLD_DOT),
            vec![centre]
        );
        // The rounding: in the world from each core witness out by its radius; in B ⊖ A from
        // v the radii's sum towards the origin, ending at distance · normal.
        let c = contact(&bodies.a, &bodies.b);
        let rounding = common::segments_in(&f.world, palette::ROUNDING, style::HELPER_WIDTH);
        assert_eq!(rounding.len(), 2);
        assert!(close(rounding[0].0, centre) && close(rounding[0].1, c.point_a));
        assert!(((rounding[1].0 - rounding[1].1).length() - 0.4).abs() < 1e-9);
        let end = dots_in(&f.config, palette::ROUNDING, style::NEAREST_POINT_DOT);
        assert_eq!(end.len(), 1);
        assert!(close(end[0], c.distance * c.normal));
        common::check_legend_is_drawn(&f, "rounded");
        assert!(f.legend.iter().any(|l| l.color == palette::ROUNDING));
        // Before the last step nothing is subtracted yet.
        let f = build(&s, 0).unwrap();
        assert!(dots_in(&f.config, palette::ROUNDING, style::NEAREST_POINT_DOT).is_empty());
        assert!(!f.legend.iter().any(|l| l.color == palette::ROUNDING));
    }

    /// Two 1,000-gons take a handful of iterations; their crowded simplex points go unnamed in
    /// the pane (the read-outs name them) and `w` is just `w`.
    #[test]
    fn large_polygons_take_a_handful_of_iterations() {
        let s = Scene::from_str(LARGE, "large.json").unwrap();
        let f = build(&s, 1).unwrap();
        assert!((3..=12).contains(&f.steps), "{} iterations", f.steps);
        let names: Vec<&str> = labels_in(&f.config)
            .into_iter()
            .filter(|t| t.starts_with('b'))
            .collect();
        assert!(names.is_empty(), "{names:?}");
        assert!(labels_in(&f.config).contains(&"w"));
        let simplex = f.readouts.iter().find(|r| r.name == "simplex").unwrap();
        assert!(simplex.value.contains(", b"), "{}", simplex.value);
    }

    #[test]
    fn bodies_without_radii_show_no_rounding() {
        common::check_no_rounding_without_radii(APART, build);
    }

    #[test]
    fn every_scene_builds_with_its_legend_drawn_at_every_step() {
        common::check_on_every_scene(build);
        common::check_legend_on_test_scenes(build);
    }

    #[test]
    fn every_scene_gives_a_drawable_figure_at_any_step() {
        common::check_drawable_on_test_scenes(build);
    }
}

//! The `epa` demo: when the cores overlap, EPA grows a polygon of Minkowski-difference points —
//! the polytope — inside the MD from GJK's last simplex until its edge nearest the origin lies
//! on the MD's boundary. One step per iteration.
//!
//! Configuration space: the MD faintly (edges coloured by source), the polytope (the last one
//! dashed inside it), its edge nearest the origin with that edge's outward normal and distance
//! (a lower bound on the depth: the polytope is inside the MD), the support point `w` along the
//! normal with its pair `b_j - a_i`, its supporting line (the MD reaches no farther along the
//! normal, so its distance is an upper bound), the gap between the two lines that decides
//! whether EPA stops, and the edges the polytope gains next. On the last step, the answer: the
//! minimum translation from the origin to the MD's boundary.
//!
//! World: the vertices behind `w`, the witness points on the nearest edge, and on the last step
//! how B moves out (the depth along the normal). For rounded bodies EPA works on the cores
//! (dashed); the radii add to the core depth.
//!
//! On scenes where the cores do not overlap EPA has nothing to do: the figure says so and shows
//! GJK's answer. When the core MD has no area (two parallel segments, concentric circles) there
//! is no polytope either, and the answer comes from the MD's line.

use super::common::{self, num, vec};
use super::pairs::{self, pair_name};
use super::style::{self, OPAQUE};
use super::{Cell, Figure, LegendEntry, Mark, Parts, Plot, PlotLabels, Readout, Stroke, Table};
use crate::geometry::epa::{gjk_epa_contact, ContactMethod, Epa, EpaStep, EpaTermination, GjkEpa};
use crate::geometry::gjk::witnesses;
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
    /// GJK on the cores, then EPA when they overlap, with every iteration.
    run: GjkEpa,
    /// The iteration shown (0 when EPA has none).
    k: usize,
    /// The length of small arrows, from the bodies' size.
    len: f64,
    /// Where the labels in B ⊖ A go.
    labels: pairs::Inward,
}

/// The nearest edge of an iteration's polytope, as its two MD points.
fn nearest_edge(s: &EpaStep) -> [MdVertex; 2] {
    let n = s.polytope.len();
    [
        s.polytope[s.closest_edge],
        s.polytope[(s.closest_edge + 1) % n],
    ]
}

/// How EPA ended, in words.
fn termination_words(t: EpaTermination) -> &'static str {
    match t {
        EpaTermination::Converged => "converged: the edge is on the MD",
        EpaTermination::DegenerateMd => "flat core MD: no polytope",
        EpaTermination::OriginOutside => "the simplex misses the origin",
        EpaTermination::NoProgress => "no progress (rounding)",
        EpaTermination::OutOfIterations => "out of iterations",
    }
}

impl Computed {
    fn new(scene: &Scene, step: usize) -> Result<Computed, PathError> {
        let placed = common::Placed::new(scene)?;
        let run = gjk_epa_contact(&placed.a, &placed.b);
        let steps = run.epa.as_ref().map_or(0, |e| e.steps.len());
        Ok(Computed {
            len: common::arrow_length(&placed.a, &placed.b),
            labels: pairs::Inward::new(&placed.md),
            k: step.min(steps.max(1) - 1),
            placed,
            run,
        })
    }

    /// EPA's run, when it has iterations to show.
    fn epa(&self) -> Option<&Epa> {
        self.run.epa.as_ref().filter(|e| !e.steps.is_empty())
    }

    /// The iteration shown, if EPA has any.
    fn step(&self) -> Option<&EpaStep> {
        self.epa().map(|e| &e.steps[self.k])
    }

    /// On the last step (or the only one, without iterations) the answer is drawn.
    fn last(&self) -> bool {
        self.epa().is_none_or(|e| self.k + 1 == e.steps.len())
    }

    fn radii(&self) -> f64 {
        self.placed.a.radius + self.placed.b.radius
    }

    /// The point of the core MD's boundary nearest the origin, as the answer has it.
    fn core_point(&self) -> DVec2 {
        let c = &self.run.contact;
        (c.distance + self.radii()) * c.normal
    }

    /// The polytope: the last iteration's dashed and faint inside it, this one filled, its
    /// vertices, and at step 0 the points grown onto GJK's simplex named as such.
    fn polytope_marks(&self, e: &Epa, s: &EpaStep) -> Vec<Mark> {
        let color = palette::POLYTOPE;
        let mut c = Vec::new();
        if self.k > 0 {
            c.push(Mark::Polygon {
                points: e.steps[self.k - 1]
                    .polytope
                    .iter()
                    .map(|p| p.point)
                    .collect(),
                stroke: Some(Stroke::dashed(
                    color.with_alpha(style::DROPPED_ALPHA),
                    style::SIMPLEX_WIDTH,
                )),
                fill: None,
                convex: true,
            });
        }
        c.push(Mark::Polygon {
            points: s.polytope.iter().map(|p| p.point).collect(),
            stroke: Some(Stroke::solid(color, style::POLYTOPE_WIDTH)),
            fill: Some(color.with_alpha(style::SIMPLEX_FILL_ALPHA)),
            convex: true,
        });
        for p in &s.polytope {
            c.push(Mark::dot(p.point, color, style::SIMPLEX_POINT_DOT));
        }
        if self.k == 0 {
            for p in &e.grown {
                c.push(
                    self.labels
                        .label(p.point, "grown".into(), color, style::NOTE_BELOW),
                );
            }
        }
        c
    }

    /// The nearest edge, its distance from the origin and its outward normal (the lower
    /// bound), `w`'s supporting line (the upper bound), the gap between them, the edges the
    /// polytope gains next, and `w` with its pair.
    fn search_marks(&self, s: &EpaStep) -> Vec<Mark> {
        let [p, q] = nearest_edge(s);
        let n = s.edge_normal;
        let foot = n * s.edge_distance;
        let lower = palette::LOWER_BOUND;
        let mut c = vec![
            Mark::segment(
                p.point,
                q.point,
                Stroke::solid(lower, style::NEAREST_EDGE_WIDTH),
            ),
            Mark::segment(
                DVec2::ZERO,
                foot,
                Stroke::solid(lower, style::CONSTRUCTION_WIDTH),
            ),
            Mark::arrow(
                foot,
                foot + n * style::EDGE_NORMAL_LENGTH * self.len,
                Stroke::solid(lower, style::HELPER_WIDTH),
            ),
            Mark::Line {
                point: s.support.point,
                direction: n.perp(),
                stroke: Stroke::dashed(palette::UPPER_BOUND, style::HELPER_WIDTH),
            },
            Mark::segment(
                foot,
                foot + n * s.gap,
                Stroke::solid(palette::SUPPORT_POINT, style::EPA_GAP_WIDTH),
            ),
        ];
        if !self.last() {
            c.push(Mark::Polyline {
                points: vec![p.point, s.support.point, q.point],
                stroke: Stroke::dashed(palette::POLYTOPE, style::POLYTOPE_WIDTH),
            });
        }
        // Large shapes put the polytope's points close together: only w is named there.
        let named = pairs::names_every_vertex(&self.placed.a, &self.placed.b);
        for end in [p, q].into_iter().filter(|_| named) {
            c.push(self.labels.label(
                end.point,
                pair_name(&end),
                palette::POLYTOPE,
                style::NAME_ABOVE,
            ));
        }
        c.extend([
            Mark::dot(
                s.support.point,
                palette::SUPPORT_POINT,
                style::STEP_POINT_DOT,
            ),
            self.labels.label(
                s.support.point,
                format!("w = {}", pair_name(&s.support)),
                palette::SUPPORT_POINT,
                style::NOTE_BELOW,
            ),
        ]);
        c
    }

    /// The answer in configuration space: the minimum translation from the origin to the MD's
    /// boundary, and for rounded bodies the radii from the core MD's boundary out to it.
    fn answer_config(&self) -> Vec<Mark> {
        let c = &self.run.contact;
        let mut marks = Vec::new();
        if self.radii() > 0.0 {
            let text = if self.run.epa.is_some() {
                format!("plus rA + rB: {}", num(-c.distance))
            } else {
                format!("less rA + rB: {}", num(c.distance))
            };
            marks.extend(pairs::rounding_in_config(
                c,
                self.core_point(),
                text,
                self.labels,
            ));
        }
        marks.push(common::minimum_translation_config(c));
        marks
    }

    /// The step's read-outs: the polytope, its nearest edge, `w`, the bounds and the gap.
    fn step_readouts(&self, e: &Epa, s: &EpaStep) -> Vec<Readout> {
        let [p, q] = nearest_edge(s);
        let verdict = if self.k + 1 < e.steps.len() {
            format!("w beyond: a polytope of {}", s.polytope.len() + 1)
        } else {
            match e.termination {
                EpaTermination::Converged => "w on the edge's line: done".into(),
                t => termination_words(t).to_string(),
            }
        };
        let mut r = vec![
            Readout::new("iteration", format!("{} of {}", self.k + 1, e.steps.len())),
            Readout::new(
                "polytope",
                common::count(s.polytope.len(), "vertex", "vertices"),
            ),
        ];
        if self.k == 0 && !e.grown.is_empty() {
            r.push(Readout::new(
                "start",
                format!(
                    "GJK's {} + {} grown",
                    common::count(e.simplex.len(), "point", "points"),
                    e.grown.len()
                ),
            ));
        }
        r.extend([
            Readout::new(
                "nearest edge",
                format!("{} to {}", pair_name(&p), pair_name(&q)),
            ),
            Readout::new("edge normal (outward)", vec(s.edge_normal)),
            Readout::new("lower bound (edge distance)", num(s.edge_distance)),
            Readout::new(
                "support w",
                format!("{} at {}", pair_name(&s.support), vec(s.support.point)),
            ),
            Readout::new("gap (w beyond the edge)", num(s.gap)),
            Readout::new("upper bound (best so far)", num(s.best_upper_bound)),
            Readout::new("this iteration", verdict),
        ]);
        r
    }

    /// Why there are no iterations to show, in one line.
    fn why_no_iterations(&self) -> String {
        match (&self.run.epa, self.run.method) {
            (Some(e), _) => termination_words(e.termination).into(),
            (None, ContactMethod::Gjk) => "not run: the cores are apart".into(),
            (None, ContactMethod::Empty) => "not run: a core is empty".into(),
            (None, _) => "not run: exact contact used".into(),
        }
    }

    /// The answer: the core depth (or distance), the radii, the bodies' distance and normal.
    fn answer_readouts(&self) -> Vec<Readout> {
        let c = &self.run.contact;
        let core = c.distance + self.radii();
        let mut r = vec![if self.run.epa.is_some() {
            Readout::new("core depth", num(-core))
        } else {
            Readout::new("core distance (GJK)", num(core))
        }];
        if self.radii() > 0.0 {
            r.push(Readout::new("radii rA + rB", num(self.radii())));
        }
        r.extend(common::contact_readouts(c));
        r
    }
}

impl Parts for Computed {
    fn steps(&self) -> (usize, usize) {
        (self.epa().map_or(1, |e| e.steps.len()), self.k)
    }

    /// The bodies (cores dashed when rounded), the vertices behind `w`, the witness points of
    /// the nearest edge, and on the last step how B moves out.
    fn world(&self) -> Vec<Mark> {
        let (a, b) = (&self.placed.a, &self.placed.b);
        let mut w = self.placed.bodies();
        w.extend(pairs::cores(a, b));
        let c = &self.run.contact;
        let (core_a, core_b) = match self.step() {
            Some(s) => {
                w.extend(pairs::pairs_in_world(
                    a,
                    b,
                    &[s.support],
                    (palette::SUPPORT_POINT, OPAQUE),
                    &mut Vec::new(),
                ));
                witnesses(a, b, &nearest_edge(s))
            }
            None => (
                c.point_a - c.normal * a.radius,
                c.point_b + c.normal * b.radius,
            ),
        };
        w.extend(pairs::witnesses(core_a, core_b));
        if self.last() {
            w.extend(pairs::rounding_in_world(c, (a, core_a), (b, core_b)));
            let mtv = common::minimum_translation_world(c);
            if let Mark::Arrow { from, to, .. } = &mtv {
                let said = if c.distance < 0.0 {
                    format!("depth {}", num(-c.distance))
                } else {
                    format!("distance {}", num(c.distance))
                };
                w.push(Mark::label(
                    (*from + *to) / 2.0,
                    said,
                    palette::MTV,
                    style::ANSWER_LABEL,
                ));
            }
            w.push(mtv);
        }
        w
    }

    /// The faint MD, the polytope, the nearest edge and `w` with the bounds, the answer on the
    /// last step, and the origin.
    fn config(&self) -> Vec<Mark> {
        let mut c = common::minkowski(&self.placed.md, style::FAINT_MD_ALPHA);
        if let (Some(e), Some(s)) = (self.epa(), self.step()) {
            c.extend(self.polytope_marks(e, s));
            c.extend(self.search_marks(s));
        }
        if self.last() {
            c.extend(self.answer_config());
        }
        c.push(common::origin());
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let mut r = match (self.epa(), self.step()) {
            (Some(e), Some(s)) => self.step_readouts(e, s),
            _ => vec![Readout::new("EPA", self.why_no_iterations())],
        };
        if let Some(e) = self.epa() {
            r.push(Readout::new("status", termination_words(e.termination)));
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
                    palette::POLYTOPE,
                    "the polytope (dashed: the last one, and the edges it gains)",
                ),
                (
                    palette::LOWER_BOUND,
                    "nearest edge, its normal and distance: the lower bound",
                ),
                (
                    palette::UPPER_BOUND,
                    "w's line: the depth is at most its distance (upper bound)",
                ),
                (
                    palette::SUPPORT_POINT,
                    "w, the support point along the normal, its pair, the gap",
                ),
                (
                    palette::WITNESS,
                    "witness points on A and B, from the nearest edge",
                ),
                (
                    palette::ROUNDING,
                    "the radii rA + rB, added to the core depth",
                ),
                (palette::MTV, pairs::answer_meaning(&self.run.contact)),
            ],
            &marks,
        )
    }

    /// One row per iteration: the polytope's size, the bounds, the gap, the normal, `w`.
    fn table(&self) -> Option<Table> {
        let e = self.epa()?;
        Some(Table {
            columns: [
                "vertices",
                "lower (edge)",
                "upper",
                "gap",
                "normal x",
                "normal y",
                "w x",
                "w y",
            ]
            .map(String::from)
            .to_vec(),
            rows: e
                .steps
                .iter()
                .map(|s| {
                    std::iter::once(Cell::Count(s.polytope.len()))
                        .chain(
                            [
                                s.edge_distance,
                                s.best_upper_bound,
                                s.gap,
                                s.edge_normal.x,
                                s.edge_normal.y,
                                s.support.point.x,
                                s.support.point.y,
                            ]
                            .map(Cell::Number),
                        )
                        .collect()
                })
                .collect(),
            plot: Plot::Bounds { lower: 1, upper: 2 },
            labels: PlotLabels {
                title: "EPA: lower and upper bound on the core depth",
                x: "iteration",
                y: "depth",
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::common::{check_readouts, dots_in, segments_in};
    use crate::geometry::contact;

    const THROUGH_ORIGIN: &str = include_str!("../../scenes/gjk_segment_through_origin.json");
    const OVERLAPPING: &str = include_str!("../../scenes/epa_polygons_overlapping.json");
    const ROUNDED: &str = include_str!("../../scenes/epa_capsule_through_box.json");
    const APART: &str = include_str!("../../scenes/gjk_polygons_apart.json");

    /// Two equal boxes overlapping by 1.5 along x (A spans x ∈ [−1, 1], B [−0.5, 1.5]) and by 2
    /// along y: GJK hands over the segment from (−1.5, 0) to (2.5, 0) through the origin, EPA
    /// grows it by one point to a triangle whose nearest edge is that segment (distance 0), and
    /// ends on the MD's side x = −1.5: depth 1.5, B moves +x.
    #[test]
    fn the_segment_through_the_origin_grows_and_ends_on_the_side_by_hand() {
        let s = Scene::from_str(THROUGH_ORIGIN, "t.json").unwrap();
        let f = build(&s, 0).unwrap();
        assert_eq!(f.steps, 4);
        check_readouts(
            &f,
            &[
                ("start", "GJK's 2 points + 1 grown"),
                ("polytope", "3 vertices"),
                ("lower bound (edge distance)", "0.0000"),
            ],
        );
        let edge = segments_in(&f.config, palette::LOWER_BOUND, style::NEAREST_EDGE_WIDTH);
        assert_eq!(edge.len(), 1);
        let ends = [edge[0].0, edge[0].1];
        assert!(ends.contains(&DVec2::new(-1.5, 0.0)) && ends.contains(&DVec2::new(2.5, 0.0)));
        assert!(common::labels_in(&f.config).contains(&"grown"));
        let f = build(&s, 99).unwrap();
        assert_eq!(f.step, 3);
        check_readouts(
            &f,
            &[
                ("lower bound (edge distance)", "1.5000"),
                ("upper bound (best so far)", "1.5000"),
                ("gap (w beyond the edge)", "0.0000"),
                ("this iteration", "w on the edge's line: done"),
                ("core depth", "1.5000"),
                ("normal", "(1.0000, 0.0000)"),
                ("separation", "(1.5000, 0.0000)"),
            ],
        );
        assert_eq!(
            common::arrows_in(&f.config, palette::MTV),
            vec![(DVec2::ZERO, DVec2::new(-1.5, 0.0))]
        );
        // In the world B moves out by 1.5 along +x.
        let out = common::arrows_in(&f.world, palette::MTV);
        assert_eq!(out.len(), 1);
        assert!((out[0].1 - out[0].0 - DVec2::new(1.5, 0.0)).length() < 1e-12);
    }

    /// Every iteration draws the trace's polytope, nearest edge and w; its bounds bracket the
    /// exact depth, and the table and plot carry them.
    #[test]
    fn every_iteration_draws_the_trace_and_its_bounds_bracket_the_depth() {
        for text in [OVERLAPPING, ROUNDED, THROUGH_ORIGIN] {
            let s = Scene::from_str(text, "epa.json").unwrap();
            let bodies = s.bodies().unwrap();
            let (a, b) = (&bodies.a, &bodies.b);
            let run = gjk_epa_contact(a, b);
            let e = run.epa.as_ref().unwrap();
            let core_depth = -contact(a, b).distance - a.radius - b.radius;
            assert!(e.steps.len() >= 2);
            for (k, st) in e.steps.iter().enumerate() {
                let f = build(&s, k).unwrap();
                assert_eq!((f.steps, f.step), (e.steps.len(), k));
                let [p, q] = nearest_edge(st);
                assert_eq!(
                    segments_in(&f.config, palette::LOWER_BOUND, style::NEAREST_EDGE_WIDTH),
                    vec![(p.point, q.point)]
                );
                let polytope: Vec<DVec2> = st.polytope.iter().map(|p| p.point).collect();
                assert_eq!(
                    dots_in(&f.config, palette::POLYTOPE, style::SIMPLEX_POINT_DOT),
                    polytope
                );
                assert_eq!(
                    dots_in(&f.config, palette::SUPPORT_POINT, style::STEP_POINT_DOT),
                    vec![st.support.point]
                );
                // The gap: from the edge's line out along the normal to w's line.
                let foot = st.edge_normal * st.edge_distance;
                assert_eq!(
                    segments_in(&f.config, palette::SUPPORT_POINT, style::EPA_GAP_WIDTH),
                    vec![(foot, foot + st.edge_normal * st.gap)]
                );
                assert!(st.edge_distance <= core_depth + 1e-9);
                assert!(core_depth <= st.best_upper_bound + 1e-9);
                check_readouts(
                    &f,
                    &[
                        ("lower bound (edge distance)", &num(st.edge_distance)),
                        ("upper bound (best so far)", &num(st.best_upper_bound)),
                        ("gap (w beyond the edge)", &num(st.gap)),
                    ],
                );
                let table = f.table.as_ref().unwrap();
                assert_eq!(table.plot, Plot::Bounds { lower: 1, upper: 2 });
                assert_eq!(
                    &table.rows[k][1..3],
                    &[
                        Cell::Number(st.edge_distance),
                        Cell::Number(st.best_upper_bound)
                    ]
                );
                let last = k + 1 == e.steps.len();
                assert_eq!(!common::arrows_in(&f.config, palette::MTV).is_empty(), last);
                common::check_legend_is_drawn(&f, &format!("step {k}"));
            }
        }
    }

    /// On apart cores EPA does not run: one step, said so, and GJK's answer drawn.
    #[test]
    fn apart_cores_say_so_and_show_gjks_answer() {
        let s = Scene::from_str(APART, "apart.json").unwrap();
        let bodies = s.bodies().unwrap();
        let gjk = gjk_epa_contact(&bodies.a, &bodies.b).contact;
        let exact = contact(&bodies.a, &bodies.b);
        assert!((gjk.distance - exact.distance).abs() < 1e-12);
        let f = build(&s, 3).unwrap();
        assert_eq!((f.steps, f.step), (1, 0));
        assert!(f.table.is_none());
        check_readouts(
            &f,
            &[
                ("EPA", "not run: the cores are apart"),
                ("core distance (GJK)", &num(exact.distance)),
            ],
        );
        assert_eq!(
            common::arrows_in(&f.config, palette::MTV),
            vec![(DVec2::ZERO, gjk.md_point())]
        );
        assert!(f
            .legend
            .iter()
            .any(|l| l.meaning == "the answer: the gap from A's witness point to B's"));
        assert!(!f.legend.iter().any(|l| l.color == palette::POLYTOPE));
        common::check_legend_is_drawn(&f, "apart");
    }

    #[test]
    fn bodies_without_radii_show_no_rounding() {
        common::check_no_rounding_without_radii(OVERLAPPING, build);
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

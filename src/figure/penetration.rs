//! The `penetration` demo (first article: OBB vs OBB, polygon vs polygon): B ⊖ A with its edges
//! coloured by source, the origin, the minimum translation in blue, and the article's edge scan
//! step by step.
//!
//! Steps: one per (edge, support vertex) pair the scan examines, in its order (A's edges, then
//! B's; both support vertices of an edge when two tie, one step each), then a last step with
//! the answer and the pair it came from. At a pair the world shows the edge thick in its body's
//! colour, its outward normal, and the other body's support vertex along the reversed normal
//! (and the vertex tied with it); configuration space shows the MD edge the pair makes, its
//! line, and the origin's distance to the edge: to the edge itself, clamped at its ends, which
//! is not the distance to its line when the origin projects past an end (the article's reader's
//! case, `scenes/regression_tilted_box_over_apex.json`). A pair whose face distance is at least
//! the rounding is a separating axis: A and B are apart, and a scan for penetration alone stops
//! there (the article's early exit); this one goes on, because it also wants the distance. The
//! minimum translation stays drawn at every step: it is where the scan ends up.

use super::common::{self, num, vec};
use super::style;
use super::{Cell, Figure, LegendEntry, Mark, Parts, Plot, PlotLabels, Readout, Stroke, Table};
use crate::geometry::distance::contact_from_md;
use crate::geometry::edge_scan::{edge_scan, EdgeScan, EdgeScanStep};
use crate::geometry::{length, unit, Contact, Convex, DVec2, Source};
use crate::palette;
use crate::scene::{PathError, Scene};
use std::ops::Range;

/// The figure at step `step` (clamped): a pair of the scan, or after the last pair the answer.
pub fn build(scene: &Scene, step: usize) -> Result<Figure, PathError> {
    Ok(super::assemble(&Computed::new(scene, step)?))
}

/// The origin's foot on an MD edge's line counts as past the edge's end when it is further from
/// the clamped point than this fraction of the edge's length (less is rounding of the clamp).
const PAST_END_RELATIVE: f64 = 1e-9;

/// What the scan keeps track of after some of its pairs, by index into its trace: the least
/// negative and the least positive distance (the article's two running values, except that its
/// `leastPenetratingDist` also takes positive distances: the same answer, since any distance
/// ≥ 0 makes the least positive the answer), the first separating axis, the largest face
/// distance.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Running {
    /// The pair with the largest negative distance so far (the least penetration).
    least_negative: Option<usize>,
    /// The pair with the smallest distance ≥ 0 so far (the least positive).
    least_positive: Option<usize>,
    /// The first pair whose edge's line separates A and B (face distance ≥ the rounding).
    separating: Option<usize>,
    /// The pair with the largest face distance so far: the best separating axis when it
    /// separates (a lower bound on the cores' distance, not the distance itself).
    largest_face: Option<usize>,
}

impl Running {
    /// The state after each pair of `steps` in turn, with the scan's own comparisons: a later
    /// pair replaces an earlier one only when strictly better.
    fn each(steps: &[EdgeScanStep], rounding: f64) -> Vec<Running> {
        let mut r = Running::default();
        let mut out = Vec::with_capacity(steps.len());
        for (i, s) in steps.iter().enumerate() {
            if s.distance >= 0.0 {
                if r.least_positive
                    .is_none_or(|j| s.distance < steps[j].distance)
                {
                    r.least_positive = Some(i);
                }
            } else if r
                .least_negative
                .is_none_or(|j| s.distance > steps[j].distance)
            {
                r.least_negative = Some(i);
            }
            if r.separating.is_none() && separates(s, rounding) {
                r.separating = Some(i);
            }
            if r.largest_face
                .is_none_or(|j| s.face_distance > steps[j].face_distance)
            {
                r.largest_face = Some(i);
            }
            out.push(r);
        }
        out
    }

    /// The pair the scan would answer with if it stopped here: the least positive once there
    /// is one (A and B apart), else the least negative.
    fn best(&self) -> Option<usize> {
        self.least_positive.or(self.least_negative)
    }
}

/// Whether a pair's edge line separates the shapes: its face distance (of the cores) is at
/// least the sum of the radii.
fn separates(s: &EdgeScanStep, rounding: f64) -> bool {
    s.face_distance >= rounding
}

/// "A" or "B".
fn whose(s: Source) -> &'static str {
    match s {
        Source::A => "A",
        Source::B => "B",
    }
}

/// "A's edge 2 with B's vertex 0".
fn pair_words(s: &EdgeScanStep) -> String {
    format!(
        "{}'s edge {} with {}'s vertex {}",
        whose(s.edge_of),
        s.edge,
        whose(s.edge_of.other()),
        s.vertex
    )
}

/// A pair as the read-outs name it, counted from 1 as the steps are.
fn pair_number(i: usize) -> String {
    format!("pair {}", i + 1)
}

/// A distance and the pair it came from: "0.0537 (pair 2)", or `none`.
fn distance_of(steps: &[EdgeScanStep], i: Option<usize>, none: &str) -> String {
    match i {
        Some(i) => format!("{} ({})", num(steps[i].distance), pair_number(i)),
        None => none.into(),
    }
}

/// A face distance and the pair it came from: "0.0537 (pair 3)", or `none`.
fn face_of(steps: &[EdgeScanStep], i: Option<usize>) -> String {
    match i {
        Some(i) => format!("{} ({})", num(steps[i].face_distance), pair_number(i)),
        None => "none".into(),
    }
}

/// The scan's running values as read-outs: the least negative and least positive distances and
/// the largest face distance, each with its pair; `so_far` at a pair, else at the answer.
fn running_readouts(steps: &[EdgeScanStep], r: &Running, so_far: bool) -> [Readout; 3] {
    let (suffix, no_negative, no_positive) = if so_far {
        (" so far", "none yet", "none yet")
    } else {
        ("", "none: A and B are apart", "none: they overlap")
    };
    [
        Readout::new(
            format!("least negative{suffix}"),
            distance_of(steps, r.least_negative, no_negative),
        ),
        Readout::new(
            format!("least positive{suffix}"),
            distance_of(steps, r.least_positive, no_positive),
        ),
        Readout::new(
            format!("largest face distance{suffix}"),
            face_of(steps, r.largest_face),
        ),
    ]
}

/// The origin's foot on the line of the MD edge `(p, q)`, and whether it lies past the edge's
/// ends (further from `closest`, the origin's clamped projection, than rounding). An edge too
/// short to have a direction has its clamped point as its foot.
fn foot_on_line(md_edge: (DVec2, DVec2), closest: DVec2) -> (DVec2, bool) {
    let (p, q) = md_edge;
    let Some(u) = unit(q - p) else {
        return (closest, false);
    };
    let foot = p - u * p.dot(u);
    let past = length(foot - closest) > PAST_END_RELATIVE * length(q - p);
    (foot, past)
}

/// The infinite line through `p` and `q`, if they are apart.
fn line_through(p: DVec2, q: DVec2, stroke: Stroke) -> Option<Mark> {
    unit(q - p).map(|direction| Mark::Line {
        point: p,
        direction,
        stroke,
    })
}

/// What the figure shows, computed once.
struct Computed {
    placed: common::Placed,
    /// The exact contact on the merged MD.
    contact: Contact,
    /// The first article's scan of (edge, support vertex) pairs.
    scan: EdgeScan,
    /// The step shown: a pair's index in the scan, or the number of pairs for the answer.
    k: usize,
    /// The scan's state after each pair.
    each: Vec<Running>,
    /// The scan's state after the pair shown (after all of them at the answer).
    running: Running,
    /// The sum of the radii: what the answer subtracts from the cores' distance.
    rounding: f64,
    /// The length of the edge normal's arrow, from the bodies' size.
    len: f64,
}

impl Computed {
    fn new(scene: &Scene, step: usize) -> Result<Computed, PathError> {
        let placed = common::Placed::new(scene)?;
        let (a, b) = (&placed.a, &placed.b);
        let scan = edge_scan(a, b);
        let k = step.min(scan.steps.len());
        let rounding = a.radius + b.radius;
        let each = Running::each(&scan.steps, rounding);
        Ok(Computed {
            contact: contact_from_md(&placed.md, a, b),
            running: each.get(k).or(each.last()).copied().unwrap_or_default(),
            each,
            len: common::arrow_length(a, b),
            scan,
            k,
            rounding,
            placed,
        })
    }

    /// The pair shown, or `None` at the answer.
    fn pair(&self) -> Option<&EdgeScanStep> {
        self.scan.steps.get(self.k)
    }

    /// The edge/support-vertex pair the scan settled on, if any.
    fn chosen(&self) -> Option<EdgeScanStep> {
        self.scan.chosen.map(|i| self.scan.steps[i])
    }

    /// The body whose edge a pair takes, and the other (whose vertex it takes).
    fn owner_and_other(&self, edge_of: Source) -> (&Convex, &Convex) {
        match edge_of {
            Source::A => (&self.placed.a, &self.placed.b),
            Source::B => (&self.placed.b, &self.placed.a),
        }
    }

    /// The pairs of the same edge as pair `i`: more than one when support vertices tie.
    fn same_edge(&self, i: usize) -> Range<usize> {
        let steps = &self.scan.steps;
        let same =
            |j: usize| steps[j].edge_of == steps[i].edge_of && steps[j].edge == steps[i].edge;
        let start = (0..i).rev().take_while(|&j| same(j)).last().unwrap_or(i);
        let end = (i..steps.len())
            .take_while(|&j| same(j))
            .last()
            .unwrap_or(i)
            + 1;
        start..end
    }

    /// The answer step's world: the bodies, the chosen pair (the edge thick in its shape's
    /// colour, the vertex a dot), and how B moves out.
    fn answer_world(&self) -> Vec<Mark> {
        let mut w = self.placed.bodies();
        if let Some(step) = self.chosen() {
            let (owner, other) = self.owner_and_other(step.edge_of);
            let (p, q) = owner.edge(step.edge);
            w.push(Mark::segment(
                p,
                q,
                Stroke::solid(common::body_color(step.edge_of), style::FEATURE_EDGE_WIDTH),
            ));
            w.push(Mark::dot(
                other.vertices[step.vertex],
                palette::MTV,
                style::SUPPORT_VERTEX_DOT,
            ));
        }
        w.push(common::minimum_translation_world(&self.contact));
        w
    }

    /// A pair's world: the bodies, how B moves out (where the scan ends up), the edge's line
    /// when it separates, the edge, its normal, the support vertex and any tied with it.
    fn pair_world(&self, s: &EdgeScanStep) -> Vec<Mark> {
        let (owner, other) = self.owner_and_other(s.edge_of);
        let (p, q) = owner.edge(s.edge);
        let n = owner.edge_normal(s.edge);
        let mut w = self.placed.bodies();
        w.push(common::minimum_translation_world(&self.contact));
        if separates(s, self.rounding) {
            // Tangent to the owner's rounded outline; the other body lies beyond it.
            let offset = n * owner.radius;
            w.extend(line_through(
                p + offset,
                q + offset,
                Stroke::dashed(palette::SEPARATING_LINE, style::SEPARATING_LINE_WIDTH),
            ));
        }
        let from = p.lerp(q, style::EDGE_NORMAL_AT);
        w.extend([
            Mark::segment(
                p,
                q,
                Stroke::solid(common::body_color(s.edge_of), style::FEATURE_EDGE_WIDTH),
            ),
            Mark::arrow(
                from,
                from + n * self.len,
                Stroke::solid(palette::SCAN_PAIR, style::HELPER_WIDTH),
            ),
        ]);
        let vertex_color = common::body_color(s.edge_of.other());
        for j in self.same_edge(self.k) {
            let v = self.scan.steps[j].vertex;
            if v != s.vertex {
                w.push(Mark::dot(
                    other.vertices[v],
                    vertex_color,
                    style::TIED_VERTEX_DOT,
                ));
            }
        }
        let at = other.vertices[s.vertex];
        w.extend([
            Mark::dot(at, vertex_color, style::SUPPORT_VERTEX_DOT),
            Mark::label(
                at,
                format!("{}{}", s.edge_of.other().as_str(), s.vertex),
                palette::TEXT,
                style::POINT_NAME_LABEL,
            ),
        ]);
        w
    }

    /// The answer step's configuration space: the MD with its edges coloured by source, the MD
    /// edge of the chosen pair (dashed), the minimum translation.
    fn answer_config(&self) -> Vec<Mark> {
        let mut c = self.placed.minkowski();
        if let Some(step) = self.chosen() {
            c.push(Mark::segment(
                step.md_edge.0,
                step.md_edge.1,
                Stroke::dashed(palette::MTV, style::CONSTRUCTION_WIDTH),
            ));
        }
        c.push(common::minimum_translation_config(&self.contact));
        c.push(common::origin());
        c
    }

    /// A pair's configuration space: the MD, the minimum translation, the pair's MD edge and
    /// its line, the best pair's nearest point so far, and the origin's distance to the edge
    /// (and to its line, dashed, when the edge ends short of the foot).
    fn pair_config(&self, s: &EdgeScanStep) -> Vec<Mark> {
        let (p, q) = s.md_edge;
        let mut c = self.placed.minkowski();
        c.push(common::minimum_translation_config(&self.contact));
        c.extend(line_through(
            p,
            q,
            Stroke::dashed(
                palette::SCAN_PAIR.with_alpha(style::GUIDE_ALPHA),
                style::GUIDE_WIDTH,
            ),
        ));
        c.push(Mark::segment(
            p,
            q,
            Stroke::solid(common::body_color(s.edge_of), style::FEATURE_EDGE_WIDTH),
        ));
        if let Some(best) = self.running.best() {
            c.push(Mark::dot(
                self.scan.steps[best].closest,
                palette::SCAN_BEST,
                style::SCAN_BEST_DOT,
            ));
        }
        let (foot, past) = foot_on_line(s.md_edge, s.closest);
        if past {
            c.extend([
                Mark::segment(
                    DVec2::ZERO,
                    foot,
                    Stroke::dashed(palette::SCAN_PAIR, style::GUIDE_WIDTH),
                ),
                Mark::label(
                    foot,
                    format!("face {}", num(s.face_distance)),
                    palette::TEXT,
                    style::FACE_DISTANCE_LABEL,
                ),
            ]);
        }
        c.extend([
            Mark::segment(
                DVec2::ZERO,
                s.closest,
                Stroke::solid(palette::SCAN_PAIR, style::CONSTRUCTION_WIDTH),
            ),
            Mark::dot(s.closest, palette::SCAN_PAIR, style::STEP_POINT_DOT),
            Mark::label(
                s.closest,
                format!("d = {}", num(s.distance)),
                palette::TEXT,
                style::DISTANCE_LABEL,
            ),
            common::origin(),
        ]);
        c
    }

    /// The read-outs at a pair: which pair, its distances, the scan's state after it.
    fn pair_readouts(&self, s: &EdgeScanStep) -> Vec<Readout> {
        let steps = &self.scan.steps;
        let (owner, _) = self.owner_and_other(s.edge_of);
        let tied: Vec<String> = self
            .same_edge(self.k)
            .map(|j| steps[j].vertex.to_string())
            .collect();
        let other = whose(s.edge_of.other());
        let support = match tied.len() {
            1 => format!("{other}'s vertex {}", s.vertex),
            _ => format!("{other}'s vertices {} (tied)", tied.join(", ")),
        };
        let (_, past) = foot_on_line(s.md_edge, s.closest);
        let r = &self.running;
        let here = separates(s, self.rounding);
        let at_least = if self.rounding > 0.0 { "r" } else { "0" };
        let best = r.best().unwrap_or(self.k);
        let verdict = if best == self.k {
            "the best pair so far".to_string()
        } else if here {
            format!("apart, but {} is nearer", pair_number(best))
        } else if steps[best].distance > 0.0 {
            format!("A and B are apart ({})", pair_number(best))
        } else if steps[best].distance == 0.0 {
            format!("A and B touch ({})", pair_number(best))
        } else {
            format!("{} penetrates less", pair_number(best))
        };
        let early_exit = match r.separating {
            None => "not yet: no separating axis".to_string(),
            Some(i) if i == self.k => "here: this edge separates".to_string(),
            Some(i) => format!("at {}", pair_number(i)),
        };
        let mut out = vec![
            Readout::new(
                format!("{} of {}", pair_number(self.k), steps.len()),
                pair_words(s),
            ),
            Readout::new("support vertices along -n", support),
            Readout::new("edge normal n", vec(owner.edge_normal(s.edge))),
            Readout::new("face distance (to its line)", num(s.face_distance)),
            Readout::new("signed distance (to the edge)", num(s.distance)),
            Readout::new(
                "origin's projection",
                if past {
                    "past the edge's end: clamped"
                } else {
                    "on the MD edge"
                },
            ),
            Readout::new(
                "separates A and B",
                if here {
                    format!("yes: face distance >= {at_least}")
                } else {
                    format!("no: face distance < {at_least}")
                },
            ),
        ];
        out.extend(running_readouts(steps, r, true));
        out.extend([
            Readout::new("this pair", verdict),
            Readout::new("early exit (penetration only)", early_exit),
        ]);
        if self.rounding > 0.0 {
            out.push(Readout::new(
                "rounding r = rA + rB",
                format!("{}; answer = core - r", num(self.rounding)),
            ));
        }
        out
    }

    /// The read-outs at the answer: the chosen pair, the contact, how the scan went.
    fn answer_readouts(&self) -> Vec<Readout> {
        let steps = &self.scan.steps;
        let mut r = Vec::new();
        if let Some(step) = self.chosen() {
            r.push(Readout::new("edge scan", pair_words(&step)));
        }
        let ties = steps
            .windows(2)
            .filter(|w| w[0].edge_of == w[1].edge_of && w[0].edge == w[1].edge)
            .count();
        r.extend(common::contact_readouts(&self.contact));
        r.push(Readout::new("pairs examined", steps.len().to_string()));
        r.push(Readout::new(
            "edges with tied support vertices",
            ties.to_string(),
        ));
        if !steps.is_empty() {
            let run = &self.running;
            r.extend(running_readouts(steps, run, false));
            r.push(Readout::new(
                "first separating axis",
                match run.separating {
                    Some(i) => pair_number(i),
                    None => "none: A and B overlap".into(),
                },
            ));
        }
        r
    }
}

impl Parts for Computed {
    fn steps(&self) -> (usize, usize) {
        (self.scan.steps.len() + 1, self.k)
    }

    fn world(&self) -> Vec<Mark> {
        match self.pair() {
            Some(s) => self.pair_world(s),
            None => self.answer_world(),
        }
    }

    fn config(&self) -> Vec<Mark> {
        match self.pair() {
            Some(s) => self.pair_config(s),
            None => self.answer_config(),
        }
    }

    fn readouts(&self) -> Vec<Readout> {
        match self.pair() {
            Some(s) => self.pair_readouts(s),
            None => self.answer_readouts(),
        }
    }

    fn legend(&self) -> Vec<LegendEntry> {
        let Some(s) = self.pair() else {
            return common::legend_with([(
                palette::MTV,
                "minimum translation; dashed: the MD edge of the chosen pair",
            )]);
        };
        let mut own = vec![
            (palette::MTV, "minimum translation: where the scan ends"),
            (
                palette::SCAN_PAIR,
                "this pair: edge normal n; distance to its MD edge",
            ),
            (
                palette::SCAN_BEST,
                "the best pair so far: its nearest point",
            ),
        ];
        if separates(s, self.rounding) {
            own.push((
                palette::SEPARATING_LINE,
                "this edge's line separates A and B",
            ));
        }
        common::legend_with(own)
    }

    /// One row per pair (which edge and vertex, its distances, the scan's state after it), then
    /// the answer's row; `None` when there is no pair (two circles).
    fn table(&self) -> Option<Table> {
        let steps = &self.scan.steps;
        if steps.is_empty() {
            return None;
        }
        let distance = |i: Option<usize>| Cell::maybe(i.map(|i| steps[i].distance));
        let face = |i: Option<usize>| Cell::maybe(i.map(|i| steps[i].face_distance));
        // A's edge, B's vertex, B's edge, A's vertex: two of the four, the others empty. They
        // count from 0, as the read-outs and the vertex labels do.
        let indices = |s: &EdgeScanStep| {
            let (e, v) = (Cell::Index(s.edge), Cell::Index(s.vertex));
            match s.edge_of {
                Source::A => [e, v, Cell::None, Cell::None],
                Source::B => [Cell::None, Cell::None, e, v],
            }
        };
        let mut rows: Vec<Vec<Cell>> = (0..steps.len())
            .map(|i| {
                let s = &steps[i];
                let run = self.each[i];
                let mut row = Vec::with_capacity(11);
                row.extend(indices(s));
                row.extend([
                    Cell::Number(s.face_distance),
                    Cell::Number(s.distance),
                    Cell::YesNo(run.best() == Some(i)),
                    distance(run.least_negative),
                    distance(run.least_positive),
                    face(run.largest_face),
                    Cell::YesNo(separates(s, self.rounding)),
                ]);
                row
            })
            .collect();
        let all = self.each.last().copied().unwrap_or_default();
        let mut answer = self
            .chosen()
            .map_or([const { Cell::None }; 4], |s| indices(&s))
            .to_vec();
        answer.extend([
            Cell::None,
            Cell::Number(self.contact.distance),
            Cell::None,
            distance(all.least_negative),
            distance(all.least_positive),
            face(all.largest_face),
            Cell::None,
        ]);
        rows.push(answer);
        Some(Table {
            columns: [
                "A's edge",
                "B's vertex",
                "B's edge",
                "A's vertex",
                "face distance",
                "distance",
                "best so far",
                "least negative so far",
                "least positive so far",
                "largest face distance so far",
                "separating axis",
            ]
            .map(String::from)
            .to_vec(),
            rows,
            plot: Plot::Bars(5),
            labels: PlotLabels {
                title: "Edge scan: the signed distance of each pair, the answer last",
                x: "pair",
                y: "distance",
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::closest_on_segment;
    use crate::report::scene_report;

    const OBB: &str = include_str!("../../scenes/obb_vs_obb.json");
    const TOUCHING: &str = include_str!("../../scenes/box_vs_box_touching.json");
    const APEX: &str = include_str!("../../scenes/regression_tilted_box_over_apex.json");

    fn scene(text: &str) -> Scene {
        Scene::from_str(text, "test.json").unwrap()
    }

    /// The value of the read-out `name`; a failure naming the read-outs there are.
    fn readout<'a>(f: &'a Figure, name: &str) -> &'a str {
        f.readouts
            .iter()
            .find(|r| r.name == name)
            .map(|r| r.value.as_str())
            .unwrap_or_else(|| panic!("no read-out {name:?} in {:?}", f.readouts))
    }

    /// Asserts the read-outs `expected`, (name, value) each.
    fn expect(f: &Figure, expected: &[(&str, &str)]) {
        for (name, value) in expected {
            assert_eq!(readout(f, name), *value, "read-out {name:?}");
        }
    }

    fn close(p: DVec2, q: DVec2) -> bool {
        (p - q).length() < 1e-12
    }

    fn separating_lines(marks: &[Mark]) -> usize {
        marks
            .iter()
            .filter(|m| matches!(m, Mark::Line { stroke, .. } if stroke.color == palette::SEPARATING_LINE))
            .count()
    }

    #[test]
    fn aligned_boxes_step_through_every_pair_then_the_answer() {
        // A: half extents (1, 0.5) at (-0.8, 0), corners a0 (-1.8, -0.5) a1 (0.2, -0.5)
        // a2 (0.2, 0.5) a3 (-1.8, 0.5). B: (0.6, 0.6) at (0.6, 0.2), corners b0 (0, -0.4)
        // b1 (1.2, -0.4) b2 (1.2, 0.8) b3 (0, 0.8). Every edge has two support vertices.
        let s = scene(OBB);
        let first = build(&s, 0).unwrap();
        assert_eq!(
            (first.steps, first.step),
            (17, 0),
            "16 pairs, then the answer"
        );

        // Pair 1: A's bottom edge, normal (0, -1); B's top corners tie along (0, 1).
        let f = &first;
        expect(
            f,
            &[
                ("pair 1 of 16", "A's edge 0 with B's vertex 2"),
                ("support vertices along -n", "B's vertices 2, 3 (tied)"),
                ("edge normal n", "(0.0000, -1.0000)"),
                ("face distance (to its line)", "-1.3000"),
            ],
        );
        // The MD edge b2 - a0 .. b2 - a1 = (3, 1.3) .. (1, 1.3): its line is 1.3 from the
        // origin, but the edge ends at x = 1, so the clamped distance is sqrt(1 + 1.69).
        assert_eq!(
            readout(f, "signed distance (to the edge)"),
            num(-(2.69f64).sqrt())
        );
        expect(
            f,
            &[
                ("origin's projection", "past the edge's end: clamped"),
                ("separates A and B", "no: face distance < 0"),
                ("least negative so far", "-1.6401 (pair 1)"),
                ("least positive so far", "none yet"),
                ("this pair", "the best pair so far"),
                (
                    "early exit (penetration only)",
                    "not yet: no separating axis",
                ),
            ],
        );
        // World: the edge thick in red, its normal, B's vertex 2 and the tied vertex 3 in green.
        let placed = common::Placed::new(&s).unwrap();
        let (a, b) = (&placed.a.vertices, &placed.b.vertices);
        let (a0, a1) = (a[0], a[1]);
        assert!(close(a0, DVec2::new(-1.8, -0.5)) && close(a1, DVec2::new(0.2, -0.5)));
        assert!(close(b[2], DVec2::new(1.2, 0.8)) && close(b[3], DVec2::new(0.0, 0.8)));
        let edge = common::segments_in(&f.world, palette::SHAPE_A, style::FEATURE_EDGE_WIDTH);
        assert!(
            edge.len() == 1 && close(edge[0].0, a0) && close(edge[0].1, a1),
            "{edge:?}"
        );
        let normals = common::arrows_in(&f.world, palette::SCAN_PAIR);
        assert_eq!(normals.len(), 1);
        let (from, to) = normals[0];
        assert!(close(from, a0.lerp(a1, style::EDGE_NORMAL_AT)));
        assert!((to - from)
            .normalize()
            .abs_diff_eq(DVec2::new(0.0, -1.0), 1e-12));
        assert!(f.world.contains(&Mark::dot(
            b[2],
            palette::SHAPE_B,
            style::SUPPORT_VERTEX_DOT
        )));
        assert!(f
            .world
            .contains(&Mark::dot(b[3], palette::SHAPE_B, style::TIED_VERTEX_DOT)));
        assert_eq!(separating_lines(&f.world), 0);
        // Configuration space: the pair's MD edge, the origin's clamped distance to it, and
        // dashed, to its line.
        let md = common::segments_in(&f.config, palette::SHAPE_A, style::FEATURE_EDGE_WIDTH);
        assert!(close(md[0].0, DVec2::new(3.0, 1.3)) && close(md[0].1, DVec2::new(1.0, 1.3)));
        let d = common::segments_in(&f.config, palette::SCAN_PAIR, style::CONSTRUCTION_WIDTH);
        assert!(d.len() == 1 && d[0].0 == DVec2::ZERO && close(d[0].1, DVec2::new(1.0, 1.3)));
        let foot = common::segments_in(&f.config, palette::SCAN_PAIR, style::GUIDE_WIDTH);
        assert!(
            foot.len() == 1 && close(foot[0].1, DVec2::new(0.0, 1.3)),
            "{foot:?}"
        );
        assert!(common::labels_in(&f.config).contains(&"face -1.3000"));
        assert!(common::labels_in(&f.config).contains(&"d = -1.6401"));
        // The best pair so far is this one: the ring round its nearest point.
        let best = Mark::dot(b[2] - a1, palette::SCAN_BEST, style::SCAN_BEST_DOT);
        assert!(f.config.contains(&best));

        // Pair 2: the same edge with the tied vertex 3; the origin's foot is on the MD edge.
        let f = build(&s, 1).unwrap();
        expect(
            &f,
            &[
                ("pair 2 of 16", "A's edge 0 with B's vertex 3"),
                ("signed distance (to the edge)", "-1.3000"),
                ("origin's projection", "on the MD edge"),
                ("least negative so far", "-1.3000 (pair 2)"),
            ],
        );
        assert!(common::segments_in(&f.config, palette::SCAN_PAIR, style::GUIDE_WIDTH).is_empty());

        // Pair 4: A's right edge with B's vertex 0: 0.2 deep, the least penetration, kept to
        // the end.
        let f = build(&s, 3).unwrap();
        expect(
            &f,
            &[
                ("pair 4 of 16", "A's edge 1 with B's vertex 0"),
                ("support vertices along -n", "B's vertices 3, 0 (tied)"),
                ("signed distance (to the edge)", "-0.2000"),
                ("least negative so far", "-0.2000 (pair 4)"),
            ],
        );
        let f = build(&s, 4).unwrap();
        assert_eq!(readout(&f, "this pair"), "pair 4 penetrates less");

        // The answer: the pair the scan settled on, as before the steps.
        let f = build(&s, 16).unwrap();
        let past_end = build(&s, usize::MAX).unwrap();
        assert_eq!(
            (&f.world, &f.config, &f.readouts, f.step),
            (&past_end.world, &past_end.config, &past_end.readouts, 16),
            "past the end: the answer"
        );
        expect(
            &f,
            &[
                ("edge scan", "A's edge 1 with B's vertex 0"),
                ("distance", "-0.2000"),
                ("least negative", "-0.2000 (pair 4)"),
                ("first separating axis", "none: A and B overlap"),
            ],
        );
        let edge = common::segments_in(&f.world, palette::SHAPE_A, style::FEATURE_EDGE_WIDTH);
        assert_eq!(edge, vec![(a1, a[2])]);
        assert!(f
            .world
            .contains(&Mark::dot(b[0], palette::MTV, style::SUPPORT_VERTEX_DOT)));
        assert!(common::arrows_in(&f.world, palette::SCAN_PAIR).is_empty());
        let t = f.table.as_ref().unwrap();
        assert_eq!(t.rows.len(), 17);
        assert_eq!(
            t.rows[16][5].text(),
            "-0.2000",
            "the answer's row: its distance"
        );
    }

    #[test]
    fn touching_boxes_find_the_separating_axis_at_distance_zero() {
        // A's right side lies on B's left: A's edge 1 against B's vertices 3 and 0 (tied) has
        // face distance exactly 0, the first separating axis.
        let s = scene(TOUCHING);
        let f = build(&s, 1).unwrap();
        assert_eq!(readout(&f, "separates A and B"), "no: face distance < 0");
        assert_eq!(separating_lines(&f.world), 0);
        let f = build(&s, 2).unwrap();
        expect(
            &f,
            &[
                ("pair 3 of 16", "A's edge 1 with B's vertex 3"),
                ("face distance (to its line)", "0.0000"),
                ("signed distance (to the edge)", "0.2500"),
                ("separates A and B", "yes: face distance >= 0"),
                ("early exit (penetration only)", "here: this edge separates"),
                ("least positive so far", "0.2500 (pair 3)"),
            ],
        );
        assert_eq!(separating_lines(&f.world), 1);
        assert!(f.legend.iter().any(|l| l.color == palette::SEPARATING_LINE));
        let f = build(&s, 3).unwrap();
        expect(
            &f,
            &[
                ("signed distance (to the edge)", "0.0000"),
                ("least positive so far", "0.0000 (pair 4)"),
                ("early exit (penetration only)", "at pair 3"),
            ],
        );
        let f = build(&s, 4).unwrap();
        assert_eq!(readout(&f, "this pair"), "A and B touch (pair 4)");
        let f = build(&s, usize::MAX).unwrap();
        expect(
            &f,
            &[("distance", "0.0000"), ("first separating axis", "pair 3")],
        );
    }

    #[test]
    fn the_readers_pair_is_drawn_and_is_not_the_answer() {
        // The first article's reader: the box's bottom edge (B's edge 0) against the triangle's
        // apex (A's vertex 2), a tiny face distance. The shapes are apart, and the scan's
        // distance to that MD edge is not its face distance: the apex lies past the end of the
        // bottom edge, so the nearest point of the edge is its corner.
        let s = scene(APEX);
        let placed = common::Placed::new(&s).unwrap();
        let (apex, (c0, c1)) = (placed.a.vertices[2], placed.b.edge(0));
        let n = placed.b.edge_normal(0);
        let to_line = (apex - c0).dot(n);
        let to_edge = (apex - closest_on_segment(c0, c1, apex).0).length();
        assert!(
            to_line > 0.0 && to_line < 0.25 * to_edge,
            "{to_line} {to_edge}"
        );

        let f = build(&s, 3).unwrap();
        assert_eq!(readout(&f, "pair 4 of 7"), "B's edge 0 with A's vertex 2");
        assert_eq!(readout(&f, "face distance (to its line)"), num(to_line));
        assert_eq!(readout(&f, "signed distance (to the edge)"), num(to_edge));
        expect(
            &f,
            &[
                ("origin's projection", "past the edge's end: clamped"),
                ("separates A and B", "yes: face distance >= 0"),
                ("this pair", "apart, but pair 3 is nearer"),
                ("early exit (penetration only)", "at pair 3"),
            ],
        );
        // The pair drawn plainly: the bottom edge thick in green, the apex in red, the edge's
        // line separating the shapes; in B ⊖ A both distances labelled.
        let edge = common::segments_in(&f.world, palette::SHAPE_B, style::FEATURE_EDGE_WIDTH);
        assert!(close(edge[0].0, c0) && close(edge[0].1, c1));
        let apex_dot = Mark::dot(apex, palette::SHAPE_A, style::SUPPORT_VERTEX_DOT);
        assert!(f.world.contains(&apex_dot));
        assert_eq!(separating_lines(&f.world), 1);
        let l = common::labels_in(&f.config);
        assert!(
            l.contains(&format!("face {}", num(to_line)).as_str()),
            "{l:?}"
        );
        assert!(
            l.contains(&format!("d = {}", num(to_edge)).as_str()),
            "{l:?}"
        );

        // Pair 3, A's left edge against the box's lowest corner, separates first and is nearer.
        let f = build(&s, 2).unwrap();
        expect(
            &f,
            &[
                ("pair 3 of 7", "A's edge 2 with B's vertex 1"),
                ("early exit (penetration only)", "here: this edge separates"),
            ],
        );
        let f = build(&s, usize::MAX).unwrap();
        let r = scene_report(&s).unwrap();
        assert_eq!(readout(&f, "edge scan"), "A's edge 2 with B's vertex 1");
        assert_eq!(readout(&f, "distance"), num(r.distance));
        assert_eq!(
            readout(&f, "least positive"),
            format!("{} (pair 3)", num(r.distance))
        );
        assert_eq!(
            readout(&f, "largest face distance"),
            format!("{} (pair 3)", num(r.distance))
        );
    }

    #[test]
    fn the_blue_arrow_is_the_reports_minimum_translation_at_every_step() {
        let s = scene(OBB);
        let r = scene_report(&s).unwrap();
        let md_point = DVec2::from(r.normal) * r.distance;
        for step in 0..17 {
            let f = build(&s, step).unwrap();
            let arrows = common::arrows_in(&f.config, palette::MTV);
            assert_eq!(arrows, vec![(DVec2::ZERO, md_point)]);
            // One blue arrow in the world too: how B moves out of A.
            let world_arrows: Vec<DVec2> = common::arrows_in(&f.world, palette::MTV)
                .iter()
                .map(|(from, to)| *to - *from)
                .collect();
            assert_eq!(world_arrows, vec![DVec2::from(r.separation)]);
            // The MD's edges in the sources' colours: the aligned boxes make eight, four of each.
            let coloured = |c| common::md_edges_in(&f.config, c);
            assert_eq!(
                (coloured(palette::SHAPE_A), coloured(palette::SHAPE_B)),
                (4, 4)
            );
            assert!(f.config.contains(&common::origin()));
        }
        let f = build(&s, 16).unwrap();
        assert_eq!(readout(&f, "edges with tied support vertices"), "8");
    }

    /// Every colour a figure draws with (strokes, fills, dots), at full strength.
    fn colours_drawn(f: &Figure) -> Vec<palette::Rgba> {
        let mut out = Vec::new();
        for m in f.world.iter().chain(&f.config) {
            match m {
                Mark::Polygon { stroke, fill, .. } | Mark::Circle { stroke, fill, .. } => {
                    out.extend(stroke.map(|s| s.color));
                    out.extend(*fill);
                }
                Mark::Segment { stroke, .. }
                | Mark::Arrow { stroke, .. }
                | Mark::Line { stroke, .. }
                | Mark::Polyline { stroke, .. } => out.push(stroke.color),
                Mark::Point { color, .. } | Mark::Interval { color, .. } => out.push(*color),
                Mark::Label { .. } => {}
            }
        }
        out.iter().map(|c| c.with_alpha(style::OPAQUE)).collect()
    }

    /// The steps a test looks at: all of them for a short scan, else the first pairs, every
    /// 97th, the last pairs and the answer.
    fn steps_to_check(steps: usize) -> Vec<usize> {
        if steps <= 64 {
            (0..steps).collect()
        } else {
            (0..8)
                .chain((8..steps - 8).step_by(97))
                .chain(steps - 8..steps)
                .collect()
        }
    }

    #[test]
    fn every_step_draws_its_legend_and_keeps_the_scans_running_values() {
        for (name, s) in common::every_scene() {
            let placed = common::Placed::new(&s).unwrap();
            let scan = edge_scan(&placed.a, &placed.b);
            let pairs = &scan.steps;
            let last = build(&s, usize::MAX).unwrap();
            assert_eq!(last.steps, pairs.len() + 1, "{name}");
            let table = last.table.as_ref();
            assert_eq!(table.is_some(), !pairs.is_empty(), "{name}");
            // The running values recomputed plainly: the largest negative and the smallest
            // non-negative distance among the pairs up to k.
            let upto = |k: usize| &pairs[..=k];
            let least_negative = |k: usize| {
                upto(k)
                    .iter()
                    .map(|p| p.distance)
                    .filter(|&d| d < 0.0)
                    .fold(f64::NAN, f64::max)
            };
            let least_positive = |k: usize| {
                upto(k)
                    .iter()
                    .map(|p| p.distance)
                    .filter(|&d| d >= 0.0)
                    .fold(f64::NAN, f64::min)
            };
            let cell = |x: f64| Cell::maybe(Some(x).filter(|x| !x.is_nan()));
            if let Some(t) = table {
                assert_eq!(t.rows.len(), pairs.len() + 1, "{name}");
                for (k, row) in t.rows[..pairs.len()].iter().enumerate() {
                    assert_eq!(row[7], cell(least_negative(k)), "{name} pair {}", k + 1);
                    assert_eq!(row[8], cell(least_positive(k)), "{name} pair {}", k + 1);
                    assert_eq!(row[5], Cell::Number(pairs[k].distance), "{name}");
                }
            }
            for k in steps_to_check(pairs.len() + 1) {
                let f = build(&s, k).unwrap();
                assert_eq!(f.step, k, "{name}");
                let drawn = colours_drawn(&f);
                for e in &f.legend {
                    assert!(
                        drawn.contains(&e.color.with_alpha(style::OPAQUE)),
                        "{name} step {}: legend entry {:?} not drawn",
                        k + 1,
                        e.meaning
                    );
                }
                if k < pairs.len() {
                    let shown = |x: f64, none: &str, pair: Option<usize>| match pair {
                        Some(i) if !x.is_nan() => format!("{} (pair {})", num(x), i + 1),
                        _ => none.to_string(),
                    };
                    let index_of = |x: f64| upto(k).iter().position(|p| p.distance == x);
                    let (neg, pos) = (least_negative(k), least_positive(k));
                    assert_eq!(
                        readout(&f, &format!("pair {} of {}", k + 1, pairs.len())),
                        pair_words(&pairs[k]),
                        "{name}"
                    );
                    assert_eq!(
                        readout(&f, "least negative so far"),
                        shown(neg, "none yet", index_of(neg)),
                        "{name} pair {}",
                        k + 1
                    );
                    assert_eq!(
                        readout(&f, "least positive so far"),
                        shown(pos, "none yet", index_of(pos)),
                        "{name} pair {}",
                        k + 1
                    );
                }
            }
            // After the last pair the running values are the scan's own.
            let run = Running::each(pairs, placed.a.radius + placed.b.radius);
            if let Some(end) = run.last() {
                assert_eq!(end.best(), scan.chosen, "{name}");
                assert_eq!(end.least_positive, scan.least_positive, "{name}");
            }
        }
    }

    #[test]
    fn every_scene_gives_a_figure_whose_legend_explains_it() {
        common::check_on_every_scene(build);
    }

    #[test]
    fn every_scene_gives_a_drawable_figure_at_any_step() {
        common::check_drawable_on_test_scenes(build);
    }
}

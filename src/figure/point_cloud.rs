//! The `point_cloud` demo (fourth article): B ⊖ A built the slow, plain way. Every vertex of A
//! subtracted from every vertex of B gives n·m points; wrapping walks round their outermost
//! points, accepting a line to the next point only when it leaves no point on its outer side;
//! the average of the hull's vertices is inside it, and the segment from there to the origin
//! crosses an edge exactly when the origin is outside (no collision). When the shapes overlap,
//! the ray along B's velocity (relative to A) meets the edge the origin came in through, and
//! the exit vector = projection on that edge (grey) − origin-to-edge (blue) moves B back out.
//!
//! Steps: one per candidate line the wrapping tries (the hull so far, the candidate, the points
//! that refuse it), then a last step with the finished hull, the interior-point test and the
//! exit vector. The table has one row per candidate.

use super::common::{self, num, vec};
use super::style;
use super::{Cell, Figure, LegendEntry, Mark, Parts, Plot, Readout, Stroke, Table};
use crate::geometry::exit_vector::{
    exit_vector, interior_point_test, ExitVector, InteriorPointTest,
};
use crate::geometry::minkowski::{point_cloud_difference, CloudPoint, PointCloudMd};
use crate::geometry::wrapping::{wrap_cloud, CandidateVerdict, WrapEnd, WrapStep, Wrapping};
use crate::geometry::{orient, Convex, DVec2, Pose, Source};
use crate::palette::{self, Rgba};
use crate::scene::{PathError, Scene};

fn verdict_words(v: CandidateVerdict) -> &'static str {
    match v {
        CandidateVerdict::Splits => "splits the points: refused",
        CandidateVerdict::Clockwise => "points on its outer (right) side: refused",
        CandidateVerdict::NotFarthest => "another point further along it: refused",
        CandidateVerdict::Edge => "no point outside: a hull edge",
    }
}

/// A difference point's name, `b_j − a_i` as "bj-ai" (labels, read-outs and the table alike).
fn point_name(q: &CloudPoint) -> String {
    format!("b{}-a{}", q.b, q.a)
}

/// Past this many difference points the cloud is not drawn or wrapped: wrapping costs
/// (n·m)·(n + m), and the points would hide each other (two 64-gons make 4,096).
pub const MAX_CLOUD_POINTS: usize = 4096;
/// Past this many difference points they are not labelled one by one.
pub const MAX_LABELLED_POINTS: usize = 400;
/// A shape with more vertices than this does not have them named in the world pane.
pub const MAX_NAMED_VERTICES: usize = 40;

/// The fourth article's worked example: its first and second polygon (in the world, as the
/// scene `point_cloud_triangles.json` places A and B), and the one difference it prints wrong:
/// `first[1] − second[1]`, (3,1) − (4,1), printed as (−3, 0).
const ARTICLE_FIRST: [DVec2; 3] = [
    DVec2::new(1.0, 1.0),
    DVec2::new(3.0, 1.0),
    DVec2::new(2.0, 2.0),
];
const ARTICLE_SECOND: [DVec2; 3] = [
    DVec2::new(2.0, 1.0),
    DVec2::new(4.0, 1.0),
    DVec2::new(3.0, 2.0),
];
const ARTICLE_PRINTED: DVec2 = DVec2::new(-3.0, 0.0);

/// The article's misprint, when A and B are its example: the cloud point the misprinted pair
/// gives here (`b − a`), and the right value of the article's `a − b`, computed from the
/// vertices.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Misprint {
    /// Index into the cloud.
    point: usize,
    /// What the article's subtraction `a − b` really gives.
    right: DVec2,
}

/// The misprint if A's vertices are the article's first polygon and B's its second.
fn misprint(a: &Convex, b: &Convex, cloud: &PointCloudMd) -> Option<Misprint> {
    let same =
        |vs: &[DVec2], of: &[DVec2; 3]| vs.len() == of.len() && of.iter().all(|p| vs.contains(p));
    if a.radius != 0.0 || b.radius != 0.0 {
        return None;
    }
    if !same(&a.vertices, &ARTICLE_FIRST) || !same(&b.vertices, &ARTICLE_SECOND) {
        return None;
    }
    let point = cloud.points.iter().position(|p| {
        a.vertices[p.a] == ARTICLE_FIRST[1] && b.vertices[p.b] == ARTICLE_SECOND[1]
    })?;
    let p = cloud.points[point];
    Some(Misprint {
        point,
        right: a.vertices[p.a] - b.vertices[p.b],
    })
}

/// A small vector as the article writes it: `(3, 1)`, no trailing zeros.
fn plain(v: DVec2) -> String {
    format!("({}, {})", v.x + 0.0, v.y + 0.0)
}

/// The figure when the cloud is too large to show: the bodies, the MD as the edge merge builds
/// it, and a read-out that says why.
fn too_large(placed: &common::Placed) -> Figure {
    let (a, b) = (&placed.a, &placed.b);
    let mut f = Figure {
        world: placed.bodies(),
        config: placed.minkowski(),
        steps: 1,
        ..Figure::default()
    };
    f.config.push(common::origin());
    let (n, m) = (a.vertices.len(), b.vertices.len());
    f.readout("difference points", format!("{n} x {m} = {}", n * m));
    f.readout(
        "wrapping",
        format!(
            "not shown: more than {MAX_CLOUD_POINTS} points (this is why the MD is built by \
             merging edges, in n + m steps)"
        ),
    );
    f.legend.extend(common::standard_legend());
    f
}

fn moved(shape: &Convex, d: DVec2) -> Convex {
    shape.transformed(&Pose::new(d, 0.0))
}

/// The figure at `step`: steps `0 … k−1` are the wrapping's candidates, step `k` the result.
pub fn build(scene: &Scene, step: usize) -> Result<Figure, PathError> {
    let placed = common::Placed::new(scene)?;
    if placed.a.vertices.len() * placed.b.vertices.len() > MAX_CLOUD_POINTS {
        return Ok(too_large(&placed));
    }
    Ok(super::assemble(&Computed::new(scene, placed, step)))
}

/// What the figure shows, computed once.
struct Computed {
    placed: common::Placed,
    cloud: PointCloudMd,
    wrap: Wrapping,
    /// The step shown: a candidate of the wrapping, or the last step (the result).
    step: usize,
    /// The candidate this step tries (none on the last step).
    candidate: Option<WrapStep>,
    /// The hull so far: the start and every accepted candidate before this step.
    so_far: Vec<DVec2>,
    /// The interior-point test and the exit vector, on the finished hull.
    test: Option<InteriorPointTest>,
    exit: Option<ExitVector>,
    /// B's velocity relative to A.
    rel: DVec2,
    /// The article's misprinted difference, when A and B are its example.
    misprint: Option<Misprint>,
}

impl Computed {
    fn new(scene: &Scene, placed: common::Placed, step: usize) -> Computed {
        let cloud = point_cloud_difference(&placed.a, &placed.b);
        let wrap = wrap_cloud(&cloud);
        let step = step.min(wrap.steps.len());
        let candidate = wrap.steps.get(step).copied();
        let mut so_far: Vec<DVec2> = wrap
            .start
            .map(|s| cloud.points[s].point)
            .into_iter()
            .collect();
        for s in wrap.steps[..step].iter().filter(|s| s.accepted) {
            so_far.push(s.to_point);
        }
        let rel = scene.b.velocity - scene.a.velocity;
        Computed {
            misprint: misprint(&placed.a, &placed.b, &cloud),
            test: interior_point_test(&wrap.hull),
            exit: exit_vector(&wrap.hull, rel),
            placed,
            cloud,
            wrap,
            step,
            candidate,
            so_far,
            rel,
        }
    }

    /// Whether the step shown is the last, the result.
    fn last(&self) -> bool {
        self.candidate.is_none()
    }

    /// The hull: finished on the last step, else as far as it has come.
    fn hull(&self) -> Option<Mark> {
        if self.last() {
            (self.wrap.hull.len() >= 2).then(|| Mark::Polygon {
                points: self.wrap.hull.clone(),
                stroke: Some(Stroke::solid(palette::WRAP_EDGE, style::ANSWER_WIDTH)),
                fill: Some(palette::WRAP_EDGE.with_alpha(style::HULL_FILL_ALPHA)),
                convex: true,
            })
        } else {
            (self.so_far.len() >= 2).then(|| Mark::Polyline {
                points: self.so_far.clone(),
                stroke: Stroke::solid(palette::WRAP_EDGE, style::ANSWER_WIDTH),
            })
        }
    }

    /// The candidate line (extended, dashed) and the candidate from its start to its end, in
    /// the colour of its verdict.
    fn candidate_marks(&self, c: &WrapStep) -> [Mark; 2] {
        let color = if c.accepted {
            palette::WRAP_EDGE
        } else {
            palette::WRAP_REFUSED
        };
        [
            Mark::Line {
                point: c.from_point,
                direction: (c.to_point - c.from_point).normalize_or_zero(),
                stroke: Stroke::dashed(color.with_alpha(style::GUIDE_ALPHA), style::GUIDE_WIDTH),
            },
            Mark::arrow(
                c.from_point,
                c.to_point,
                Stroke::solid(color, style::CONSTRUCTION_WIDTH),
            ),
        ]
    }

    /// Every difference point (those that refuse the candidate in its colour), each distinct
    /// point named by every pair that lands there (for a small cloud).
    fn cloud_points(&self) -> Vec<Mark> {
        let points = &self.cloud.points;
        let mut c = Vec::new();
        for (k, cp) in points.iter().enumerate() {
            // During the wrapping, the points on the candidate's outer (right) side refuse it.
            let refuses = self.candidate.is_some_and(|c| {
                k != c.from && k != c.to && orient(c.from_point, c.to_point, cp.point) < 0.0
            });
            c.push(Mark::dot(
                cp.point,
                if refuses {
                    palette::WRAP_REFUSED
                } else {
                    palette::CLOUD_POINT
                },
                style::CLOUD_POINT_DOT,
            ));
            if points.len() <= MAX_LABELLED_POINTS
                && points[..k].iter().all(|q| q.point != cp.point)
            {
                let names: Vec<String> = points
                    .iter()
                    .filter(|q| q.point == cp.point)
                    .map(point_name)
                    .collect();
                c.push(Mark::label(
                    cp.point,
                    names.join(" = "),
                    palette::CLOUD_POINT,
                    style::POINT_NAME_LABEL,
                ));
            }
        }
        c
    }

    /// The article's misprint where its pair lands: a ring round the point and what the
    /// article printed against what the pair gives.
    fn misprint_marks(&self) -> Vec<Mark> {
        let Some(m) = self.misprint else {
            return vec![];
        };
        let at = self.cloud.points[m.point].point;
        vec![
            Mark::dot(at, palette::ERRATUM, style::ERRATUM_DOT),
            Mark::label(
                at,
                self.misprint_words(),
                palette::ERRATUM,
                style::ERRATUM_LABEL,
            ),
        ]
    }

    /// The misprint in a few words beside the point (the read-out gives the pair and the sum):
    /// what the article printed for the point drawn here. Short, so that it fits a narrow pane.
    fn misprint_words(&self) -> String {
        format!("article: printed {}", plain(ARTICLE_PRINTED))
    }

    /// The interior point, its segment to the origin, and the hull edge it crosses.
    fn interior_test(&self, t: &InteriorPointTest) -> Vec<Mark> {
        let hull = &self.wrap.hull;
        let mut c = vec![
            Mark::segment(
                t.interior,
                DVec2::ZERO,
                Stroke::solid(palette::INTERIOR_POINT, style::CONSTRUCTION_WIDTH),
            ),
            Mark::dot(
                t.interior,
                palette::INTERIOR_POINT,
                style::INTERIOR_POINT_DOT,
            ),
        ];
        if let Some(x) = t.crossing {
            c.extend([
                Mark::segment(
                    hull[x.edge],
                    hull[(x.edge + 1) % hull.len()],
                    Stroke::solid(palette::INTERIOR_POINT, style::CROSSED_EDGE_WIDTH),
                ),
                Mark::dot(x.point, palette::WRAP_REFUSED, style::CROSSING_DOT),
            ]);
        }
        c
    }

    /// The exit construction in B ⊖ A: the entered edge, the velocity, origin to the edge
    /// (blue), its projection on the edge (grey) and the exit vector (green) between them.
    fn exit_construction(e: &ExitVector) -> [Mark; 5] {
        [
            Mark::segment(
                e.edge_points.0,
                e.edge_points.1,
                Stroke::solid(
                    palette::EXIT_TO_EDGE.with_alpha(style::ENTERED_EDGE_ALPHA),
                    style::ENTERED_EDGE_WIDTH,
                ),
            ),
            arrow(
                DVec2::ZERO,
                e.velocity,
                palette::EXIT_VELOCITY,
                style::CONSTRUCTION_WIDTH,
            ),
            arrow(
                DVec2::ZERO,
                e.origin_to_edge,
                palette::EXIT_TO_EDGE,
                style::ANSWER_WIDTH,
            ),
            arrow(
                DVec2::ZERO,
                e.projection,
                palette::EXIT_PROJECTION,
                style::ANSWER_WIDTH,
            ),
            arrow(
                e.origin_to_edge,
                e.origin_to_edge + e.exit,
                palette::EXIT,
                style::ANSWER_WIDTH,
            ),
        ]
    }

    /// In the world: B moved by the exit vector, the exit, and the velocity B came in with.
    fn exit_in_world(&self, e: &ExitVector) -> [Mark; 3] {
        let b = &self.placed.b;
        [
            Mark::Polygon {
                points: moved(b, e.exit).outline(style::ARC_STEP),
                stroke: Some(Stroke::dashed(palette::EXIT, style::MOVED_BODY_WIDTH)),
                fill: None,
                convex: true,
            },
            arrow(
                b.centroid(),
                b.centroid() + e.exit,
                palette::EXIT,
                style::ANSWER_WIDTH,
            ),
            arrow(
                b.centroid() - e.velocity,
                b.centroid(),
                palette::EXIT_VELOCITY,
                style::HELPER_WIDTH,
            ),
        ]
    }
}

/// A solid arrow of the exit construction.
fn arrow(from: DVec2, to: DVec2, color: Rgba, width: f32) -> Mark {
    Mark::arrow(from, to, Stroke::solid(color, width))
}

impl Parts for Computed {
    fn steps(&self) -> (usize, usize) {
        (self.wrap.steps.len() + 1, self.step)
    }

    /// The bodies with their vertex names, the pair of vertices behind the candidate's far
    /// point, and on the last step B moved by the exit vector.
    fn world(&self) -> Vec<Mark> {
        let (a, b) = (&self.placed.a, &self.placed.b);
        let mut w = self.placed.bodies();
        for (shape, which, name) in [(a, Source::A, "a"), (b, Source::B, "b")] {
            if shape.vertices.len() > MAX_NAMED_VERTICES {
                continue; // too many to name them all
            }
            for (i, v) in shape.vertices.iter().enumerate() {
                w.push(Mark::label(
                    *v,
                    format!("{name}{i}"),
                    common::body_color(which),
                    style::POINT_NAME_LABEL,
                ));
            }
        }
        if let Some(c) = &self.candidate {
            let cp = self.cloud.points[c.to];
            for (shape, i) in [(a, cp.a), (b, cp.b)] {
                w.push(Mark::dot(
                    shape.vertices[i],
                    palette::CLOUD_POINT,
                    style::PAIR_VERTEX_DOT,
                ));
            }
        }
        if self.last() {
            if let Some(e) = &self.exit {
                w.extend(self.exit_in_world(e));
            }
        }
        w
    }

    /// The exact MD faintly for comparison, the hull, the candidate, the cloud, and on the last
    /// step the interior-point test and the exit construction.
    fn config(&self) -> Vec<Mark> {
        let mut c = common::minkowski(&self.placed.md, style::REFERENCE_MD_ALPHA);
        c.extend(self.hull());
        if let Some(cand) = &self.candidate {
            c.extend(self.candidate_marks(cand));
        }
        c.extend(self.misprint_marks());
        c.extend(self.cloud_points());
        if self.last() {
            if let Some(t) = &self.test {
                c.extend(self.interior_test(t));
            }
            if let Some(e) = &self.exit {
                c.extend(Self::exit_construction(e));
            }
        }
        c.push(common::origin());
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let (a, b) = (&self.placed.a, &self.placed.b);
        let (cloud, wrap) = (&self.cloud, &self.wrap);
        let (n, m) = (a.vertices.len(), b.vertices.len());
        let (tried, hull) = (wrap.steps.len(), wrap.hull.len());
        let closed = if wrap.end == WrapEnd::Closed {
            ""
        } else {
            " (not closed)"
        };
        let mut r = vec![
            Readout::new(
                "difference points",
                format!("{n} x {m} = {}", cloud.points.len()),
            ),
            Readout::new(
                "wrapping",
                format!(
                    "{}, {}{closed}",
                    common::count(tried, "candidate", "candidates"),
                    common::count(hull, "hull vertex", "hull vertices")
                ),
            ),
        ];
        if let Some(c) = self.candidate {
            let pair = |k: usize| point_name(&cloud.points[k]);
            r.extend([
                Readout::new(
                    format!("candidate {} of {}", self.step + 1, wrap.steps.len()),
                    format!("{} to {}", pair(c.from), pair(c.to)),
                ),
                Readout::new(
                    "points left / right / on it",
                    format!(
                        "{} / {} / {}",
                        c.points_left, c.points_right, c.points_on_line
                    ),
                ),
                Readout::new("verdict", verdict_words(c.verdict)),
                Readout::new(
                    "hull so far",
                    common::count(self.so_far.len(), "vertex", "vertices"),
                ),
            ]);
        }
        if let Some(t) = &self.test {
            r.extend([
                Readout::new("interior point (average)", vec(t.interior)),
                Readout::new(
                    "segment to the origin",
                    match t.crossing {
                        Some(c) => format!("crosses edge {}: no collision", c.edge),
                        None if t.on_boundary => "ends on the boundary: touching".into(),
                        None if t.colliding => "stays inside: collision".into(),
                        None => "no collision".into(),
                    },
                ),
            ]);
        }
        if a.radius > 0.0 || b.radius > 0.0 {
            r.push(Readout::new(
                "rounding",
                "ignored: the cloud is of core vertices",
            ));
        }
        if let Some(m) = &self.misprint {
            // The article lists a − b, this pane's points mirrored through the origin.
            let p = self.cloud.points[m.point];
            let (va, vb) = (self.placed.a.vertices[p.a], self.placed.b.vertices[p.b]);
            r.push(Readout::new(
                "article's misprint (a - b)",
                format!(
                    "{} - {} = {}, printed {}",
                    plain(va),
                    plain(vb),
                    plain(m.right),
                    plain(ARTICLE_PRINTED)
                ),
            ));
        }
        r.push(Readout::new("velocity of B relative to A", vec(self.rel)));
        match &self.exit {
            Some(e) => r.extend([
                Readout::new("entered through hull edge", e.edge.to_string()),
                Readout::new("origin to edge (blue)", vec(e.origin_to_edge)),
                Readout::new("projection on the edge (grey)", vec(e.projection)),
                Readout::new("exit = grey - blue (green)", vec(e.exit)),
                Readout::new(
                    "after the exit",
                    if e.foot_on_edge {
                        "just touching".to_string()
                    } else {
                        format!("apart by {}", num(e.gap_after))
                    },
                ),
            ]),
            None => r.push(Readout::new(
                "exit vector",
                if self.test.is_some_and(|t| t.colliding) {
                    "none: no velocity to go back along"
                } else {
                    "none: not colliding"
                },
            )),
        }
        r
    }

    fn legend(&self) -> Vec<LegendEntry> {
        let shown = |(c, _): &(Rgba, &str)| *c != palette::ERRATUM || self.misprint.is_some();
        common::legend_with(
            [
            (
                palette::CLOUD_POINT,
                "a difference point b_j - a_i; in the world the pair behind the candidate's end",
            ),
            (
                palette::WRAP_EDGE,
                "the hull by wrapping (so far), an accepted candidate",
            ),
            (
                palette::WRAP_REFUSED,
                "a refused candidate and the points outside it",
            ),
            (
                palette::INTERIOR_POINT,
                "interior point, its segment to the origin, the edge it crosses",
            ),
            (palette::EXIT_VELOCITY, "velocity of B relative to A"),
            (
                palette::ERRATUM,
                "the difference the article misprints",
            ),
            (palette::EXIT_TO_EDGE, "origin to the entered edge"),
            (palette::EXIT_PROJECTION, "its projection on the edge"),
            (
                palette::EXIT,
                "exit vector = grey - blue; dashed: B moved by it",
            ),
            ]
            .into_iter()
            .filter(shown),
        )
    }

    /// One row per candidate the wrapping tried (the table's `#` is the candidate).
    fn table(&self) -> Option<Table> {
        Some(Table {
            columns: [
                "from", "to", "left", "right", "on line", "verdict", "accepted",
            ]
            .map(String::from)
            .to_vec(),
            rows: self
                .wrap
                .steps
                .iter()
                .map(|s| {
                    vec![
                        // The points by name, as the read-outs and labels give them.
                        Cell::Name(point_name(&self.cloud.points[s.from])),
                        Cell::Name(point_name(&self.cloud.points[s.to])),
                        Cell::Count(s.points_left),
                        Cell::Count(s.points_right),
                        Cell::Count(s.points_on_line),
                        Cell::Word(verdict_words(s.verdict)),
                        Cell::YesNo(s.accepted),
                    ]
                })
                .collect(),
            plot: Plot::None,
            labels: Default::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::Rgba;
    use crate::report::scene_report;

    const TRIANGLES: &str = include_str!("../../scenes/point_cloud_triangles.json");
    const SLIDE: &str = include_str!("../../scenes/point_cloud_exit_slide.json");

    #[test]
    fn a_cloud_too_large_to_wrap_says_so_and_shows_the_merged_md() {
        let scene = Scene::load(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenes/large_polygons_1000.json"
        ))
        .unwrap();
        let f = build(&scene, 5).unwrap();
        assert_eq!((f.steps, f.step), (1, 0));
        assert!(f
            .readouts
            .iter()
            .any(|r| r.name == "wrapping" && r.value.starts_with("not shown")));
        assert!(f
            .readouts
            .iter()
            .any(|r| r.value == "1000 x 1000 = 1000000"));
        assert_eq!(common::md_edges_in(&f.config, palette::SHAPE_A), 1000);
        assert!(!f
            .config
            .iter()
            .any(|m| matches!(m, Mark::Point { color, .. } if *color == palette::CLOUD_POINT)));
    }

    fn arrow(marks: &[Mark], color: Rgba) -> Option<(DVec2, DVec2)> {
        let v = common::arrows_in(marks, color);
        assert!(v.len() <= 1, "{v:?}");
        v.first().copied()
    }

    fn sorted(mut v: Vec<DVec2>) -> Vec<DVec2> {
        v.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
        v
    }

    fn check(text: &str, name: &str) {
        let scene = Scene::from_str(text, name).unwrap();
        let r = scene_report(&scene).unwrap();
        let bodies = scene.bodies().unwrap();
        let first = build(&scene, 0).unwrap();
        assert!(first.steps > 1);
        let table = first.table.as_ref().unwrap();
        assert_eq!(table.rows.len(), first.steps - 1);
        let f = build(&scene, usize::MAX).unwrap();
        assert_eq!(f.step, f.steps - 1);

        // All n·m difference points.
        let cloud: Vec<DVec2> = f
            .config
            .iter()
            .filter_map(|m| match m {
                Mark::Point { at, color, .. } if *color == palette::CLOUD_POINT => Some(*at),
                _ => None,
            })
            .collect();
        let mut expected = Vec::new();
        for pa in &bodies.a.vertices {
            for pb in &bodies.b.vertices {
                expected.push(*pb - *pa);
            }
        }
        assert_eq!(sorted(cloud), sorted(expected));

        // The wrapped hull is the report's B ⊖ A.
        let hull = f
            .config
            .iter()
            .find_map(|m| match m {
                Mark::Polygon {
                    points,
                    stroke: Some(s),
                    ..
                } if s.color == palette::WRAP_EDGE => Some(points.clone()),
                _ => None,
            })
            .unwrap();
        let md: Vec<DVec2> = r
            .minkowski_difference
            .vertices
            .iter()
            .map(|v| DVec2::from(*v))
            .collect();
        assert_eq!(sorted(hull), sorted(md));

        // The interior segment ends at the origin; the read-out agrees with the report.
        assert!(f.config.iter().any(|m| matches!(m,
            Mark::Segment { to, stroke, .. } if *to == DVec2::ZERO && stroke.color == palette::INTERIOR_POINT)));
        let said = &f
            .readouts
            .iter()
            .find(|x| x.name == "segment to the origin")
            .unwrap()
            .value;
        assert_eq!(said.contains("no collision"), !r.intersecting, "{said}");

        // The exit construction: grey − blue = green, and B moved by it no longer overlaps.
        let v = arrow(&f.config, palette::EXIT_VELOCITY).unwrap();
        let blue = arrow(&f.config, palette::EXIT_TO_EDGE).unwrap();
        let grey = arrow(&f.config, palette::EXIT_PROJECTION).unwrap();
        let green = arrow(&f.config, palette::EXIT).unwrap();
        assert_eq!(v.1, scene.b.velocity - scene.a.velocity);
        assert_eq!(blue.0, DVec2::ZERO);
        assert!((blue.1.normalize() - v.1.normalize()).length() < 1e-12);
        assert!(((green.1 - green.0) - (grey.1 - blue.1)).length() < 1e-12);
        let exit = green.1 - green.0;
        let world = arrow(&f.world, palette::EXIT).unwrap();
        assert!(((world.1 - world.0) - exit).length() < 1e-12);
        let after = crate::geometry::contact(&bodies.a, &moved(&bodies.b, exit));
        assert!(after.distance > -1e-9, "{after:?}");
        assert!(f.config.contains(&common::origin()));
    }

    #[test]
    fn the_articles_triangles() {
        check(TRIANGLES, "point_cloud_triangles.json");
    }

    #[test]
    fn the_articles_misprint_is_marked_where_its_pair_lands() {
        let scene = Scene::from_str(TRIANGLES, "point_cloud_triangles.json").unwrap();
        for step in [0, usize::MAX] {
            let f = build(&scene, step).unwrap();
            // (3,1) of A and (4,1) of B: b − a = (1, 0) here, a − b = (−1, 0) in the article.
            let ring: Vec<DVec2> = f
                .config
                .iter()
                .filter_map(|m| match m {
                    Mark::Point { at, color, .. } if *color == palette::ERRATUM => Some(*at),
                    _ => None,
                })
                .collect();
            assert_eq!(ring, vec![DVec2::new(1.0, 0.0)]);
            let note = common::labels_in(&f.config)
                .into_iter()
                .find(|l| l.starts_with("article:"))
                .expect("no note on the misprint");
            assert_eq!(note, "article: printed (-3, 0)");
            assert!(f
                .readouts
                .iter()
                .any(|r| r.name == "article's misprint (a - b)"
                    && r.value == "(3, 1) - (4, 1) = (-1, 0), printed (-3, 0)"));
            assert!(f.legend.iter().any(|l| l.color == palette::ERRATUM));
        }
        // Any other pair of shapes: no such mark.
        let slide = Scene::from_str(SLIDE, "point_cloud_exit_slide.json").unwrap();
        let f = build(&slide, usize::MAX).unwrap();
        assert!(!f
            .config
            .iter()
            .any(|m| matches!(m, Mark::Point { color, .. } if *color == palette::ERRATUM)));
        assert!(!f.legend.iter().any(|l| l.color == palette::ERRATUM));
    }

    #[test]
    fn a_slide_down_a_ramp() {
        check(SLIDE, "point_cloud_exit_slide.json");
    }

    #[test]
    fn every_scene_builds_with_its_colours_explained() {
        crate::figure::common::check_on_every_scene(build);
    }
}

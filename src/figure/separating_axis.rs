//! The `separating_axis` demo (third article, "When two hearts collide", in 2D): bounding boxes
//! first, then a line with A on one side and B on the other, from a face of either shape or from
//! an edge/vertex pair; the line found is kept and tried first on the next frame.
//!
//! The steps are frames of the scene's motion (`t = 0 … 1`): at each frame the search gets the
//! line the previous frame found, and the figure says whether it still separates or a new search
//! was needed. A scene without motion has one frame and nothing cached. Concave outlines are
//! drawn as given (dashed) round the convex hull that actually collides, with the dropped
//! vertices marked. In configuration space the line becomes a supporting line of B ⊖ A with the
//! origin on the other side.

use super::common::{self, num, vec};
use super::style::{self, OPAQUE};
use super::{Cell, Figure, LegendEntry, Mark, Parts, Plot, Readout, Stroke, Table};
use crate::geometry::hull::{convex_hull, is_strictly_convex_ccw, HullNote};
use crate::geometry::minkowski::{minkowski_difference, MinkowskiDifference};
use crate::geometry::sat::CacheOutcome;
use crate::geometry::separating_plane::{
    find_separating_line, CachedPlane, PlaneSearch, PlaneSource, Verdict,
};
use crate::geometry::{Convex, DVec2, Source};
use crate::palette;
use crate::scene::{Body, Moment, PathError, Scene, ShapeSpec};

/// Frames of the motion shown when the bodies move.
pub const FRAMES: usize = 9;

/// One frame: its time, the bodies then, and the search with last frame's line.
pub struct Frame {
    pub t: f64,
    pub a: Convex,
    pub b: Convex,
    pub cached: Option<CachedPlane>,
    pub search: PlaneSearch,
}

/// Every frame of the motion, each search seeded with the previous frame's line.
pub fn frames(scene: &Scene) -> Result<Vec<Frame>, PathError> {
    let (la, _) = scene.a.local_convex(Source::A)?;
    let (lb, _) = scene.b.local_convex(Source::B)?;
    let n = if scene.has_motion() { FRAMES } else { 1 };
    let mut out: Vec<Frame> = Vec::with_capacity(n);
    let mut cached = None;
    for k in 0..n {
        let t = if n == 1 {
            0.0
        } else {
            k as f64 / (n - 1) as f64
        };
        let a = la.transformed(&scene.a.pose_at(t));
        let b = lb.transformed(&scene.b.pose_at(t));
        let search = find_separating_line(&a, &b, cached);
        let next = search.found().map(|s| s.to_cache());
        out.push(Frame {
            t,
            a,
            b,
            cached,
            search,
        });
        cached = next;
    }
    Ok(out)
}

/// A plane source in words.
pub fn source_words(s: &PlaneSource) -> String {
    let up = |x: &Source| x.as_str().to_uppercase();
    match s {
        PlaneSource::Face { of, edge } => format!("face: {}'s edge {edge}", up(of)),
        PlaneSource::EdgeVertex { a, b } => format!("edge/vertex: A's vertex {a}, B's vertex {b}"),
        PlaneSource::NearestVertices { a, b } => {
            format!("nearest vertices: A's {a}, B's {b}")
        }
    }
}

/// The features a line came from, drawn on the bodies.
fn feature_marks(a: &Convex, b: &Convex, s: &PlaneSource) -> Vec<Mark> {
    match *s {
        PlaneSource::Face { of, edge } => {
            let shape = if of == Source::A { a } else { b };
            if edge < shape.edge_count() {
                let (p, q) = shape.edge(edge);
                vec![Mark::segment(
                    p,
                    q,
                    Stroke::solid(palette::SEPARATING_LINE, style::FEATURE_EDGE_WIDTH),
                )]
            } else {
                vec![]
            }
        }
        PlaneSource::EdgeVertex { a: ia, b: ib }
        | PlaneSource::NearestVertices { a: ia, b: ib } => [a.vertices.get(ia), b.vertices.get(ib)]
            .into_iter()
            .flatten()
            .map(|p| Mark::dot(*p, palette::SEPARATING_LINE, style::FEATURE_VERTEX_DOT))
            .collect(),
    }
}

/// A body's outline as the file gives it, if it is a polygon the hull changed: the input
/// outline in the world at `t`, and the input vertices the hull left inside.
fn concave_outline(body: &Body, t: f64) -> Option<(Vec<DVec2>, Vec<DVec2>)> {
    let ShapeSpec::Polygon { vertices, .. } = &body.shape else {
        return None;
    };
    // An outline already convex (the usual case) has no vertex inside its hull.
    if is_strictly_convex_ccw(vertices) {
        return None;
    }
    let hull = convex_hull(vertices);
    let inside: Vec<usize> = hull
        .notes
        .iter()
        .filter_map(|n| match n {
            HullNote::Inside { index } => Some(*index),
            _ => None,
        })
        .collect();
    if inside.is_empty() {
        return None;
    }
    let pose = body.pose_at(t);
    let outline = vertices.iter().map(|v| pose.apply(*v)).collect();
    let dropped = inside.iter().map(|&i| pose.apply(vertices[i])).collect();
    Some((outline, dropped))
}

fn cache_words(c: CacheOutcome) -> &'static str {
    match c {
        CacheOutcome::None => "none",
        CacheOutcome::StillSeparates => "still separates: one test",
        CacheOutcome::NoLongerSeparates => "no longer separates: search again",
    }
}

/// The figure at `step` (one step per frame of the motion).
pub fn build(scene: &Scene, step: usize) -> Result<Figure, PathError> {
    Ok(super::assemble(&Computed::new(scene, step)?))
}

/// A body's concave outline as the file gives it, at the frame's time.
struct Concave {
    which: Source,
    outline: Vec<DVec2>,
    /// The input vertices the hull leaves inside.
    dropped: Vec<DVec2>,
}

/// What the figure shows, computed once.
struct Computed {
    all: Vec<Frame>,
    /// The frame shown.
    step: usize,
    /// The MD at that frame.
    md: MinkowskiDifference,
    /// The bodies whose outline the hull changed.
    concave: Vec<Concave>,
}

impl Computed {
    fn new(scene: &Scene, step: usize) -> Result<Computed, PathError> {
        let all = frames(scene)?;
        let step = step.min(all.len() - 1);
        let fr = &all[step];
        let concave = [(&scene.a, Source::A), (&scene.b, Source::B)]
            .into_iter()
            .filter_map(|(body, which)| {
                concave_outline(body, fr.t).map(|(outline, dropped)| Concave {
                    which,
                    outline,
                    dropped,
                })
            })
            .collect();
        Ok(Computed {
            md: minkowski_difference(&fr.a, &fr.b),
            all,
            step,
            concave,
        })
    }

    /// The frame shown.
    fn frame(&self) -> &Frame {
        &self.all[self.step]
    }

    /// Last frame's line, rebuilt on this frame's shapes, in the colour of whether it still
    /// separates.
    fn cached_line(&self) -> Option<Mark> {
        let t = self.frame().search.tries.iter().find(|t| t.cached)?;
        let line = t.line?;
        let ok = t.verdict == Verdict::Separates;
        Some(Mark::Line {
            point: line.point,
            direction: line.normal.perp(),
            stroke: Stroke::dashed(
                if ok {
                    palette::CACHE_HOLDS
                } else {
                    palette::CACHE_FAILS
                },
                style::SEPARATING_LINE_WIDTH,
            ),
        })
    }
}

impl Parts for Computed {
    fn steps(&self) -> (usize, usize) {
        (self.all.len(), self.step)
    }

    fn bodies_at(&self) -> Moment {
        Moment::turned(self.frame().t)
    }

    fn step_times(&self) -> Option<Vec<f64>> {
        (self.all.len() > 1).then(|| self.all.iter().map(|f| f.t).collect())
    }

    /// The bounding boxes, the bodies (their hulls), the given outlines, last frame's line, and
    /// the line found with its normal and the features it came from.
    fn world(&self) -> Vec<Mark> {
        let fr = self.frame();
        let s = &fr.search;
        let mut w = Vec::new();
        for ((lo, hi), which) in [(s.aabb_a, Source::A), (s.aabb_b, Source::B)] {
            w.push(Mark::Polygon {
                points: vec![lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)],
                stroke: Some(Stroke::dashed(
                    common::body_color(which).with_alpha(style::BOUNDING_BOX_ALPHA),
                    style::BOUNDING_BOX_WIDTH,
                )),
                fill: None,
                convex: true,
            });
        }
        w.extend(common::bodies(&fr.a, &fr.b));
        for c in &self.concave {
            w.push(Mark::Polygon {
                points: c.outline.clone(),
                stroke: Some(Stroke::dashed(
                    palette::CONCAVE_INPUT,
                    style::GIVEN_OUTLINE_WIDTH,
                )),
                fill: None,
                convex: false,
            });
            w.extend(
                c.dropped
                    .iter()
                    .map(|p| Mark::dot(*p, palette::CONCAVE_INPUT, style::DROPPED_VERTEX_DOT)),
            );
        }
        if let Some(found) = s.found() {
            let l = found.line;
            w.extend([
                Mark::Line {
                    point: l.point,
                    direction: l.normal.perp(),
                    stroke: Stroke::solid(palette::SEPARATING_LINE, style::SEPARATING_LINE_WIDTH),
                },
                Mark::arrow(
                    l.point,
                    l.point
                        + l.normal
                            * style::SEPARATING_NORMAL_SHARE
                            * found.gap.max(style::SEPARATING_NORMAL_MIN_GAP),
                    Stroke::solid(palette::SEPARATING_LINE, style::HELPER_WIDTH),
                ),
            ]);
            w.extend(feature_marks(&fr.a, &fr.b, &found.source));
        }
        // Over the line found: a cached line that still separates is that line, its dashes
        // drawn on it.
        w.extend(self.cached_line());
        w
    }

    /// B ⊖ A and the line found as its supporting line: in B ⊖ A every point projects to at
    /// least the gap, so the line n·x = gap supports the MD, the origin (0) on its other side.
    fn config(&self) -> Vec<Mark> {
        let mut c = common::minkowski(&self.md, OPAQUE);
        if let Some(found) = self.frame().search.found() {
            let l = found.line;
            let p = l.normal * found.gap;
            c.extend([
                Mark::Line {
                    point: p,
                    direction: l.normal.perp(),
                    stroke: Stroke::solid(palette::SEPARATING_LINE, style::SEPARATING_LINE_WIDTH),
                },
                Mark::arrow(
                    DVec2::ZERO,
                    p,
                    Stroke::dashed(palette::SEPARATING_LINE, style::HELPER_WIDTH),
                ),
            ]);
        }
        c.push(common::origin());
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let (fr, steps) = (self.frame(), self.all.len());
        let s = &fr.search;
        let mut r = Vec::new();
        if steps > 1 {
            r.push(Readout::new(
                "frame",
                format!("{} of {}, t = {}", self.step + 1, steps, num(fr.t)),
            ));
        }
        r.extend([
            Readout::new(
                "bounding boxes",
                if s.aabbs_overlap {
                    "overlap: look for a line"
                } else {
                    "apart: no collision"
                },
            ),
            Readout::new(
                "last frame's line",
                match &fr.cached {
                    Some(c) => format!("{}, {}", source_words(&c.source), cache_words(s.cache)),
                    None if steps == 1 => "none: the scene does not move".into(),
                    None => "none: last frame had no line".into(),
                },
            ),
            Readout::new("candidates tried", s.tries.len().to_string()),
        ]);
        match s.found() {
            Some(found) => r.extend([
                Readout::new("separated by", source_words(&found.source)),
                Readout::new("gap across the line", num(found.gap)),
                Readout::new("line normal (A to B)", vec(found.line.normal)),
            ]),
            None => r.push(Readout::new("separated by", "nothing: the shapes collide")),
        }
        r.extend(self.concave.iter().map(|c| {
            Readout::new(
                "outline",
                format!(
                    "{}: concave, {} inside its hull",
                    c.which.as_str().to_uppercase(),
                    common::count(c.dropped.len(), "vertex", "vertices")
                ),
            )
        }));
        r
    }

    fn legend(&self) -> Vec<LegendEntry> {
        let boxes = palette::SHAPE_A.with_alpha(style::BOUNDING_BOX_ALPHA);
        common::legend_with([
            (
                palette::SEPARATING_LINE,
                "the separating line, its normal and the features it came from",
            ),
            (
                palette::CACHE_HOLDS,
                "dashed: last frame's line, still separating (kept, over the line found)",
            ),
            (
                palette::CACHE_FAILS,
                "dashed: last frame's line, no longer separating",
            ),
            (
                palette::CONCAVE_INPUT,
                "dashed: a concave outline as given; dots: vertices the hull drops",
            ),
            (boxes, "dashed boxes: A's and B's bounding boxes"),
        ])
    }

    /// One row per frame (the table's `#` is the frame): its time, whether last frame's line
    /// held, the candidates tried, the gap. The plot counts the tries: one where the cached
    /// line held, the whole search where it did not.
    fn table(&self) -> Option<Table> {
        Some(Table {
            columns: ["t", "cache holds", "tries", "separated", "gap"]
                .map(String::from)
                .to_vec(),
            rows: self
                .all
                .iter()
                .map(|x| {
                    vec![
                        Cell::Number(x.t),
                        match x.search.cache {
                            CacheOutcome::None => Cell::None,
                            CacheOutcome::StillSeparates => Cell::YesNo(true),
                            CacheOutcome::NoLongerSeparates => Cell::YesNo(false),
                        },
                        Cell::Count(x.search.tries.len()),
                        Cell::YesNo(x.search.found().is_some()),
                        Cell::maybe(x.search.found().map(|s| s.gap)),
                    ]
                })
                .collect(),
            plot: Plot::Counts(2),
            labels: super::PlotLabels {
                title: "Candidate lines tried at each frame",
                x: "frame",
                y: "tries",
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::scene_report;

    const HEARTS: &str = include_str!("../../scenes/separating_axis_frames.json");
    const DENTED: &str = include_str!("../../scenes/polygon_vs_box_apart.json");

    fn lines(marks: &[Mark], color: crate::palette::Rgba) -> Vec<(DVec2, DVec2)> {
        marks
            .iter()
            .filter_map(|m| match m {
                Mark::Line {
                    point,
                    direction,
                    stroke,
                } if stroke.color == color => Some((*point, *direction)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_line_separates_the_cache_is_reported_and_the_hull_is_drawn() {
        let scene = Scene::from_str(HEARTS, "separating_axis_frames.json").unwrap();
        let all = frames(&scene).unwrap();
        assert_eq!(all.len(), FRAMES);
        // At t = 0 the line found agrees with the report: the shapes are apart.
        let r = scene_report(&scene).unwrap();
        assert!(!r.intersecting && r.warnings.is_empty());
        let f0 = build(&scene, 0).unwrap();
        let world = lines(&f0.world, palette::SEPARATING_LINE);
        assert_eq!(world.len(), 1);
        let (p, d) = world[0];
        let n = DVec2::new(d.y, -d.x); // perp reversed: back to the normal
        let bodies = scene.bodies().unwrap();
        // A on the back side (a face of A lies on the line), B beyond it (or on it, for a face
        // of B), and never both on the line: the gap is positive.
        assert!(bodies.a.vertices.iter().all(|v| n.dot(*v - p) <= 1e-12));
        assert!(bodies.b.vertices.iter().all(|v| n.dot(*v - p) >= -1e-12));
        // In B ⊖ A the line supports the MD: every MD point at least the gap, which is at least
        // the report's distance... no more than it.
        let gap = all[0].search.found().unwrap().gap;
        assert!(
            gap > 0.0 && gap <= r.distance + 1e-12,
            "{gap} {}",
            r.distance
        );
        // The frames go from a line that holds, to one that has to be searched again, to a
        // collision at the end.
        let outcomes: Vec<CacheOutcome> = all.iter().map(|x| x.search.cache).collect();
        assert!(
            outcomes.contains(&CacheOutcome::StillSeparates),
            "{outcomes:?}"
        );
        assert!(
            outcomes.contains(&CacheOutcome::NoLongerSeparates),
            "{outcomes:?}"
        );
        assert!(all.last().unwrap().search.found().is_none());
        for (k, x) in all.iter().enumerate() {
            let f = build(&scene, k).unwrap();
            let holds = lines(&f.world, palette::CACHE_HOLDS).len();
            let fails = lines(&f.world, palette::CACHE_FAILS).len();
            match x.search.cache {
                CacheOutcome::StillSeparates => assert_eq!((holds, fails), (1, 0)),
                CacheOutcome::NoLongerSeparates => assert_eq!((holds, fails), (0, 1)),
                CacheOutcome::None => assert_eq!((holds, fails), (0, 0)),
            }
            let found = lines(&f.world, palette::SEPARATING_LINE).len();
            assert_eq!(found, x.search.found().is_some() as usize);
        }
        assert_eq!(f0.table.as_ref().unwrap().rows.len(), FRAMES);
        assert_eq!(build(&scene, 100).unwrap().step, FRAMES - 1);
    }

    #[test]
    fn a_dented_outline_is_drawn_round_its_hull() {
        let scene = Scene::from_str(DENTED, "polygon_vs_box_apart.json").unwrap();
        let f = build(&scene, 5).unwrap();
        let r = scene_report(&scene).unwrap();
        assert_eq!((f.steps, f.step), (1, 0), "a scene at rest has one frame");
        let ShapeSpec::Polygon { vertices, .. } = &scene.a.shape else {
            panic!("a polygon");
        };
        let pose = scene.a.pose();
        let given: Vec<DVec2> = vertices.iter().map(|v| pose.apply(*v)).collect();
        assert!(f.world.contains(&Mark::Polygon {
            points: given.clone(),
            stroke: Some(Stroke::dashed(
                palette::CONCAVE_INPUT,
                style::GIVEN_OUTLINE_WIDTH
            )),
            fill: None,
            convex: false,
        }));
        // The dropped vertex is the one the report warns about.
        assert_eq!(r.warnings.len(), 1);
        assert!(r.warnings[0].starts_with("a.shape.vertices[3]"));
        assert!(f.world.iter().any(|m| matches!(m,
            Mark::Point { at, color, .. } if *color == palette::CONCAVE_INPUT && *at == given[3])));
        // The body drawn is the hull: one vertex fewer.
        let bodies = scene.bodies().unwrap();
        assert_eq!(bodies.a.vertices.len(), vertices.len() - 1);
        assert!(f
            .world
            .contains(&common::body(&bodies.a, Source::A, OPAQUE)));
        // Apart, a line is found; nothing was cached.
        assert!(!r.intersecting);
        assert_eq!(lines(&f.world, palette::SEPARATING_LINE).len(), 1);
        assert!(f
            .readouts
            .iter()
            .any(|x| x.name == "last frame's line" && x.value.starts_with("none")));
    }

    #[test]
    fn every_scene_builds_with_its_colours_explained() {
        crate::figure::common::check_on_every_scene(build);
    }
}

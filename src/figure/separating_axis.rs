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
use super::{Figure, Mark, Stroke, Table};
use crate::geometry::hull::{convex_hull, is_strictly_convex_ccw, HullNote};
use crate::geometry::minkowski::minkowski_difference;
use crate::geometry::sat::CacheOutcome;
use crate::geometry::separating_plane::{
    find_separating_line, CachedPlane, PlaneSearch, PlaneSource, Verdict,
};
use crate::geometry::{Convex, DVec2, Source};
use crate::palette;
use crate::scene::{Body, PathError, Scene, ShapeSpec};

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

/// Whether the scene moves at all.
fn moves(scene: &Scene) -> bool {
    [&scene.a, &scene.b]
        .iter()
        .any(|b| b.velocity != DVec2::ZERO || b.angular_velocity_deg != 0.0)
}

/// Every frame of the motion, each search seeded with the previous frame's line.
pub fn frames(scene: &Scene) -> Result<Vec<Frame>, PathError> {
    let (la, _) = scene.a.local_convex(Source::A)?;
    let (lb, _) = scene.b.local_convex(Source::B)?;
    let n = if moves(scene) { FRAMES } else { 1 };
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
fn feature_marks(out: &mut Vec<Mark>, a: &Convex, b: &Convex, s: &PlaneSource) {
    match *s {
        PlaneSource::Face { of, edge } => {
            let shape = if of == Source::A { a } else { b };
            if edge < shape.edge_count() {
                let (p, q) = shape.edge(edge);
                out.push(Mark::segment(
                    p,
                    q,
                    Stroke::solid(palette::SEPARATING_LINE, style::FEATURE_EDGE_WIDTH),
                ));
            }
        }
        PlaneSource::EdgeVertex { a: ia, b: ib }
        | PlaneSource::NearestVertices { a: ia, b: ib } => {
            for p in [a.vertices.get(ia), b.vertices.get(ib)]
                .into_iter()
                .flatten()
            {
                out.push(Mark::dot(
                    *p,
                    palette::SEPARATING_LINE,
                    style::FEATURE_VERTEX_DOT,
                ));
            }
        }
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
    let all = frames(scene)?;
    let steps = all.len();
    let step = step.min(steps - 1);
    let fr = &all[step];
    let (a, b) = (&fr.a, &fr.b);
    let s = &fr.search;
    let mut f = Figure {
        steps,
        step,
        ..Figure::default()
    };

    // World: the bounding boxes, the given outlines, the bodies (their hulls).
    for ((lo, hi), which) in [(s.aabb_a, Source::A), (s.aabb_b, Source::B)] {
        f.world.push(Mark::Polygon {
            points: vec![lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)],
            stroke: Some(Stroke::dashed(
                common::body_color(which).with_alpha(style::BOUNDING_BOX_ALPHA),
                style::BOUNDING_BOX_WIDTH,
            )),
            fill: None,
            convex: true,
        });
    }
    f.world.push(common::body(a, Source::A, OPAQUE));
    f.world.push(common::body(b, Source::B, OPAQUE));
    let mut concave = Vec::new();
    for (body, which) in [(&scene.a, Source::A), (&scene.b, Source::B)] {
        if let Some((outline, dropped)) = concave_outline(body, fr.t) {
            f.world.push(Mark::Polygon {
                points: outline,
                stroke: Some(Stroke::dashed(
                    palette::CONCAVE_INPUT,
                    style::GIVEN_OUTLINE_WIDTH,
                )),
                fill: None,
                convex: false,
            });
            for p in &dropped {
                f.world.push(Mark::dot(
                    *p,
                    palette::CONCAVE_INPUT,
                    style::DROPPED_VERTEX_DOT,
                ));
            }
            concave.push(format!(
                "{}: concave, {} vertex(es) inside its hull",
                which.as_str().to_uppercase(),
                dropped.len()
            ));
        }
    }

    // Last frame's line, rebuilt on this frame's shapes.
    if let Some(t) = s.tries.iter().find(|t| t.cached) {
        if let Some(line) = t.line {
            let ok = t.verdict == Verdict::Separates;
            f.world.push(Mark::Line {
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
            });
        }
    }

    // The line found, its features, and its normal.
    let md = minkowski_difference(a, b);
    f.config.extend(common::minkowski(&md, OPAQUE));
    if let Some(found) = s.found() {
        let l = found.line;
        f.world.push(Mark::Line {
            point: l.point,
            direction: l.normal.perp(),
            stroke: Stroke::solid(palette::SEPARATING_LINE, style::SEPARATING_LINE_WIDTH),
        });
        f.world.push(Mark::arrow(
            l.point,
            l.point
                + l.normal
                    * style::SEPARATING_NORMAL_SHARE
                    * found.gap.max(style::SEPARATING_NORMAL_MIN_GAP),
            Stroke::solid(palette::SEPARATING_LINE, style::HELPER_WIDTH),
        ));
        feature_marks(&mut f.world, a, b, &found.source);
        // In B ⊖ A every point projects to at least the gap: the line n·x = gap supports the
        // MD, the origin (0) on its other side.
        let p = l.normal * found.gap;
        f.config.push(Mark::Line {
            point: p,
            direction: l.normal.perp(),
            stroke: Stroke::solid(palette::SEPARATING_LINE, style::SEPARATING_LINE_WIDTH),
        });
        f.config.push(Mark::arrow(
            DVec2::ZERO,
            p,
            Stroke::dashed(palette::SEPARATING_LINE, style::HELPER_WIDTH),
        ));
    }
    f.config.push(common::origin());

    // Read-outs.
    if steps > 1 {
        f.readout(
            "frame",
            format!("{} of {}, t = {}", step + 1, steps, num(fr.t)),
        );
    }
    f.readout(
        "bounding boxes",
        if s.aabbs_overlap {
            "overlap: look for a line"
        } else {
            "apart: no collision"
        },
    );
    f.readout(
        "last frame's line",
        match &fr.cached {
            Some(c) => format!("{}, {}", source_words(&c.source), cache_words(s.cache)),
            None if steps == 1 => "none: the scene does not move".into(),
            None => "none: last frame had no line".into(),
        },
    );
    f.readout("candidates tried", s.tries.len().to_string());
    match s.found() {
        Some(found) => {
            f.readout("separated by", source_words(&found.source));
            f.readout("gap across the line", num(found.gap));
            f.readout("line normal (A to B)", vec(found.line.normal));
        }
        None => f.readout("separated by", "nothing: the shapes collide"),
    }
    for c in concave {
        f.readout("outline", c);
    }
    f.table = Some(Table {
        columns: ["frame", "t", "cache holds", "tries", "separated", "gap"]
            .map(String::from)
            .to_vec(),
        rows: all
            .iter()
            .enumerate()
            .map(|(k, x)| {
                vec![
                    k as f64,
                    x.t,
                    match x.search.cache {
                        CacheOutcome::None => f64::NAN,
                        CacheOutcome::StillSeparates => 1.0,
                        CacheOutcome::NoLongerSeparates => 0.0,
                    },
                    x.search.tries.len() as f64,
                    if x.search.found().is_some() { 1.0 } else { 0.0 },
                    x.search.found().map_or(f64::NAN, |s| s.gap),
                ]
            })
            .collect(),
        distance_column: None,
    });

    f.legend.extend(common::standard_legend());
    f.legend(
        palette::SEPARATING_LINE,
        "the separating line, its normal and the features it came from",
    );
    f.legend(
        palette::CACHE_HOLDS,
        "dashed: last frame's line, still separating",
    );
    f.legend(
        palette::CACHE_FAILS,
        "dashed: last frame's line, no longer separating",
    );
    f.legend(
        palette::CONCAVE_INPUT,
        "dashed: a concave outline as given; dots: vertices the hull drops",
    );
    f.legend(
        palette::SHAPE_A.with_alpha(style::BOUNDING_BOX_ALPHA),
        "dashed boxes: A's and B's bounding boxes",
    );
    Ok(f)
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

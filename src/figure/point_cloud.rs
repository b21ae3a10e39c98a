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
use super::style::{self, OPAQUE};
use super::{Figure, Mark, Stroke, Table};
use crate::geometry::exit_vector::{exit_vector, interior_point_test};
use crate::geometry::minkowski::{minkowski_difference, point_cloud_difference};
use crate::geometry::wrapping::{wrap_cloud, CandidateVerdict, WrapEnd};
use crate::geometry::{orient, Convex, DVec2, Pose, Source};
use crate::palette;
use crate::scene::{PathError, Scene};

fn verdict_words(v: CandidateVerdict) -> &'static str {
    match v {
        CandidateVerdict::Splits => "splits the points: refused",
        CandidateVerdict::Clockwise => "points on its outer (right) side: refused",
        CandidateVerdict::NotFarthest => "another point further along it: refused",
        CandidateVerdict::Edge => "no point outside: a hull edge",
    }
}

fn verdict_code(v: CandidateVerdict) -> f64 {
    match v {
        CandidateVerdict::Splits => 0.0,
        CandidateVerdict::Clockwise => 1.0,
        CandidateVerdict::NotFarthest => 2.0,
        CandidateVerdict::Edge => 3.0,
    }
}

/// Past this many difference points the cloud is not drawn or wrapped: wrapping costs
/// (n·m)·(n + m), and the points would hide each other (two 64-gons make 4,096).
pub const MAX_CLOUD_POINTS: usize = 4096;
/// Past this many difference points they are not labelled one by one.
pub const MAX_LABELLED_POINTS: usize = 400;
/// A shape with more vertices than this does not have them named in the world pane.
pub const MAX_NAMED_VERTICES: usize = 40;

/// The figure when the cloud is too large to show: the bodies, the MD as the edge merge builds
/// it, and a read-out that says why.
fn too_large(a: &Convex, b: &Convex) -> Figure {
    let mut f = common::plain(a, b);
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
    let bodies = scene.bodies()?;
    let (a, b) = (&bodies.a, &bodies.b);
    let (n, m) = (a.vertices.len(), b.vertices.len());
    if n * m > MAX_CLOUD_POINTS {
        return Ok(too_large(a, b));
    }
    let cloud = point_cloud_difference(a, b);
    let wrap = wrap_cloud(&cloud);
    let points: Vec<DVec2> = cloud.points.iter().map(|p| p.point).collect();
    let steps = wrap.steps.len() + 1;
    let step = step.min(steps - 1);
    let last = step == steps - 1;
    let mut f = Figure {
        steps,
        step,
        ..Figure::default()
    };

    // World: the bodies with their vertex numbers.
    f.world.push(common::body(a, Source::A, OPAQUE));
    f.world.push(common::body(b, Source::B, OPAQUE));
    for (shape, which, name) in [(a, Source::A, "a"), (b, Source::B, "b")] {
        if shape.vertices.len() > MAX_NAMED_VERTICES {
            continue; // too many to name them all
        }
        for (i, v) in shape.vertices.iter().enumerate() {
            f.world.push(Mark::label(
                *v,
                format!("{name}{i}"),
                common::body_color(which),
                style::POINT_NAME_LABEL,
            ));
        }
    }

    // Configuration space: the exact MD faintly, for comparison, then the cloud.
    f.config.extend(common::minkowski(
        &minkowski_difference(a, b),
        style::REFERENCE_MD_ALPHA,
    ));

    let candidate = (!last).then(|| wrap.steps[step]);
    // The hull so far: the start and every accepted candidate before this step.
    let upto = if last { wrap.steps.len() } else { step };
    let mut so_far: Vec<DVec2> = wrap.start.map(|s| points[s]).into_iter().collect();
    for s in wrap.steps[..upto].iter().filter(|s| s.accepted) {
        so_far.push(s.to_point);
    }
    if last {
        if wrap.hull.len() >= 2 {
            f.config.push(Mark::Polygon {
                points: wrap.hull.clone(),
                stroke: Some(Stroke::solid(palette::WRAP_EDGE, style::ANSWER_WIDTH)),
                fill: Some(palette::WRAP_EDGE.with_alpha(style::HULL_FILL_ALPHA)),
                convex: true,
            });
        }
    } else if so_far.len() >= 2 {
        f.config.push(Mark::Polyline {
            points: so_far.clone(),
            stroke: Stroke::solid(palette::WRAP_EDGE, style::ANSWER_WIDTH),
        });
    }
    if let Some(c) = candidate {
        let color = if c.accepted {
            palette::WRAP_EDGE
        } else {
            palette::WRAP_REFUSED
        };
        f.config.push(Mark::Line {
            point: c.from_point,
            direction: (c.to_point - c.from_point).normalize_or_zero(),
            stroke: Stroke::dashed(color.with_alpha(style::GUIDE_ALPHA), style::GUIDE_WIDTH),
        });
        f.config.push(Mark::arrow(
            c.from_point,
            c.to_point,
            Stroke::solid(color, style::CONSTRUCTION_WIDTH),
        ));
        // The pair of vertices behind the candidate's far point.
        let cp = cloud.points[c.to];
        for (shape, i) in [(a, cp.a), (b, cp.b)] {
            f.world.push(Mark::dot(
                shape.vertices[i],
                palette::CLOUD_POINT,
                style::PAIR_VERTEX_DOT,
            ));
        }
    }
    for (k, cp) in cloud.points.iter().enumerate() {
        // During the wrapping, the points on the candidate's outer (right) side refuse it.
        let refuses = candidate.is_some_and(|c| {
            k != c.from && k != c.to && orient(c.from_point, c.to_point, cp.point) < 0.0
        });
        f.config.push(Mark::dot(
            cp.point,
            if refuses {
                palette::WRAP_REFUSED
            } else {
                palette::CLOUD_POINT
            },
            style::CLOUD_POINT_DOT,
        ));
        // One label per distinct point, naming every pair that lands there (for a small cloud).
        if cloud.points.len() <= MAX_LABELLED_POINTS
            && cloud.points[..k].iter().all(|q| q.point != cp.point)
        {
            let names: Vec<String> = cloud
                .points
                .iter()
                .filter(|q| q.point == cp.point)
                .map(|q| format!("b{}-a{}", q.b, q.a))
                .collect();
            f.config.push(Mark::label(
                cp.point,
                names.join(" = "),
                palette::CLOUD_POINT,
                style::POINT_NAME_LABEL,
            ));
        }
    }

    // The interior-point test and the exit vector, on the finished hull.
    let test = interior_point_test(&wrap.hull);
    let rel = scene.b.velocity - scene.a.velocity;
    let exit = exit_vector(&wrap.hull, rel);
    if last {
        if let Some(t) = &test {
            f.config.push(Mark::segment(
                t.interior,
                DVec2::ZERO,
                Stroke::solid(palette::INTERIOR_POINT, style::CONSTRUCTION_WIDTH),
            ));
            f.config.push(Mark::dot(
                t.interior,
                palette::INTERIOR_POINT,
                style::INTERIOR_POINT_DOT,
            ));
            if let Some(c) = t.crossing {
                let (p, q) = (wrap.hull[c.edge], wrap.hull[(c.edge + 1) % wrap.hull.len()]);
                f.config.push(Mark::segment(
                    p,
                    q,
                    Stroke::solid(palette::INTERIOR_POINT, style::CROSSED_EDGE_WIDTH),
                ));
                f.config.push(Mark::dot(
                    c.point,
                    palette::WRAP_REFUSED,
                    style::CROSSING_DOT,
                ));
            }
        }
        if let Some(e) = &exit {
            let arrow = |from, to, color, width| Mark::Arrow {
                from,
                to,
                stroke: Stroke::solid(color, width),
            };
            f.config.push(Mark::segment(
                e.edge_points.0,
                e.edge_points.1,
                Stroke::solid(
                    palette::EXIT_TO_EDGE.with_alpha(style::ENTERED_EDGE_ALPHA),
                    style::ENTERED_EDGE_WIDTH,
                ),
            ));
            f.config.push(arrow(
                DVec2::ZERO,
                e.velocity,
                palette::EXIT_VELOCITY,
                style::CONSTRUCTION_WIDTH,
            ));
            f.config.push(arrow(
                DVec2::ZERO,
                e.origin_to_edge,
                palette::EXIT_TO_EDGE,
                style::ANSWER_WIDTH,
            ));
            f.config.push(arrow(
                DVec2::ZERO,
                e.projection,
                palette::EXIT_PROJECTION,
                style::ANSWER_WIDTH,
            ));
            f.config.push(arrow(
                e.origin_to_edge,
                e.origin_to_edge + e.exit,
                palette::EXIT,
                style::ANSWER_WIDTH,
            ));
            // World: B moved by the exit vector.
            let out = moved(b, e.exit);
            f.world.push(Mark::Polygon {
                points: out.outline(style::ARC_STEP),
                stroke: Some(Stroke::dashed(palette::EXIT, style::MOVED_BODY_WIDTH)),
                fill: None,
                convex: true,
            });
            f.world.push(arrow(
                b.centroid(),
                b.centroid() + e.exit,
                palette::EXIT,
                style::ANSWER_WIDTH,
            ));
            f.world.push(arrow(
                b.centroid() - e.velocity,
                b.centroid(),
                palette::EXIT_VELOCITY,
                style::HELPER_WIDTH,
            ));
        }
    }
    f.config.push(common::origin());

    // Read-outs.
    f.readout(
        "difference points",
        format!(
            "{} x {} = {}",
            a.vertices.len(),
            b.vertices.len(),
            points.len()
        ),
    );
    f.readout(
        "wrapping",
        format!(
            "{} candidates, {} hull vertices{}",
            wrap.steps.len(),
            wrap.hull.len(),
            if wrap.end == WrapEnd::Closed {
                ""
            } else {
                " (not closed)"
            }
        ),
    );
    if let Some(c) = candidate {
        f.readout(
            format!("candidate {} of {}", step + 1, wrap.steps.len()),
            format!(
                "b{}-a{} to b{}-a{}",
                cloud.points[c.from].b,
                cloud.points[c.from].a,
                cloud.points[c.to].b,
                cloud.points[c.to].a
            ),
        );
        f.readout(
            "points left / right / on it",
            format!(
                "{} / {} / {}",
                c.points_left, c.points_right, c.points_on_line
            ),
        );
        f.readout("verdict", verdict_words(c.verdict));
        f.readout("hull so far", format!("{} vertices", so_far.len()));
    }
    if let Some(t) = &test {
        f.readout("interior point (average)", vec(t.interior));
        f.readout(
            "segment to the origin",
            match t.crossing {
                Some(c) => format!("crosses edge {}: no collision", c.edge),
                None if t.on_boundary => "ends on the boundary: touching".into(),
                None if t.colliding => "stays inside: collision".into(),
                None => "no collision".into(),
            },
        );
    }
    if a.radius > 0.0 || b.radius > 0.0 {
        f.readout("rounding", "ignored: the cloud is of core vertices");
    }
    f.readout("velocity of B relative to A", vec(rel));
    match &exit {
        Some(e) => {
            f.readout("entered through hull edge", e.edge.to_string());
            f.readout("origin to edge (blue)", vec(e.origin_to_edge));
            f.readout("projection on the edge (grey)", vec(e.projection));
            f.readout("exit = grey - blue (green)", vec(e.exit));
            f.readout(
                "after the exit",
                if e.foot_on_edge {
                    "just touching".to_string()
                } else {
                    format!("apart by {}", num(e.gap_after))
                },
            );
        }
        None => f.readout(
            "exit vector",
            if test.is_some_and(|t| t.colliding) {
                "none: no velocity to go back along"
            } else {
                "none: not colliding"
            },
        ),
    }
    f.table = Some(Table {
        columns: [
            "candidate",
            "from",
            "to",
            "left",
            "right",
            "on line",
            "verdict (0 splits 1 clockwise 2 not farthest 3 edge)",
            "accepted",
        ]
        .map(String::from)
        .to_vec(),
        rows: wrap
            .steps
            .iter()
            .enumerate()
            .map(|(k, s)| {
                vec![
                    k as f64,
                    s.from as f64,
                    s.to as f64,
                    s.points_left as f64,
                    s.points_right as f64,
                    s.points_on_line as f64,
                    verdict_code(s.verdict),
                    s.accepted as u8 as f64,
                ]
            })
            .collect(),
        distance_column: None,
    });

    f.legend.extend(common::standard_legend());
    f.legend(
        palette::CLOUD_POINT,
        "a difference point b_j - a_i; in the world the pair behind the candidate's end",
    );
    f.legend(
        palette::WRAP_EDGE,
        "the hull by wrapping (so far), an accepted candidate",
    );
    f.legend(
        palette::WRAP_REFUSED,
        "a refused candidate and the points outside it",
    );
    f.legend(
        palette::INTERIOR_POINT,
        "interior point, its segment to the origin, the edge it crosses",
    );
    f.legend(palette::EXIT_VELOCITY, "velocity of B relative to A");
    f.legend(palette::EXIT_TO_EDGE, "origin to the entered edge");
    f.legend(palette::EXIT_PROJECTION, "its projection on the edge");
    f.legend(
        palette::EXIT,
        "exit vector = grey - blue; dashed: B moved by it",
    );
    Ok(f)
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
    fn a_slide_down_a_ramp() {
        check(SLIDE, "point_cloud_exit_slide.json");
    }

    #[test]
    fn every_scene_builds_with_its_colours_explained() {
        crate::figure::common::check_on_every_scene(build);
    }
}

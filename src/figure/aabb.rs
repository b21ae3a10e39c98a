//! The `aabb` demo (first article's AABB vs AABB; the second article's whole method): two
//! axis-aligned boxes given by centre and half extents, their difference B ⊖ A — itself a box
//! from `minB − maxA` to `maxB − minA` — the origin, the point of the difference's bounds
//! nearest the origin, and the push-out that moves A clear.
//!
//! A body that is not an axis-aligned box is tested through its bounding box (the first
//! article's use of AABBs: bound a complex object, test the boxes first); the read-outs say so
//! and the boxes are drawn dashed round the bodies.

use super::common::{self, num, vec};
use super::style::{self, OPAQUE};
use super::{Figure, Mark, Stroke};
use crate::geometry::minkowski::minkowski_difference;
use crate::geometry::separating_plane::aabb_of;
use crate::geometry::special::{aabb_difference, Aabb, Side};
use crate::geometry::{Convex, DVec2, Source};
use crate::palette;
use crate::scene::{PathError, Scene};

/// The world bounding box of a body as an [`Aabb`], and whether the body *is* that box.
pub fn bounding_aabb(shape: &Convex) -> (Aabb, bool) {
    let (lo, hi) = aabb_of(shape);
    let aabb = Aabb::new((lo + hi) / 2.0, (hi - lo) / 2.0);
    let box_area = (hi - lo).x * (hi - lo).y;
    let exact = shape.radius == 0.0
        && shape.vertices.len() == 4
        && (shape.area() - box_area).abs() <= 1e-12 * box_area.max(1.0);
    (aabb, exact)
}

/// The side's name as the read-outs and labels spell it (y up: `max y` is the top).
fn side_name(s: Side) -> &'static str {
    match s {
        Side::MinX => "min x (left)",
        Side::MaxX => "max x (right)",
        Side::MaxY => "max y (top)",
        Side::MinY => "min y (bottom)",
    }
}

/// The figure (no iterations: one step).
pub fn build(scene: &Scene, _step: usize) -> Result<Figure, PathError> {
    let bodies = scene.bodies()?;
    let (a, b) = (&bodies.a, &bodies.b);
    let (box_a, exact_a) = bounding_aabb(a);
    let (box_b, exact_b) = bounding_aabb(b);
    let d = aabb_difference(&box_a, &box_b);
    let c = d.contact;
    let mut f = Figure {
        steps: 1,
        ..Figure::default()
    };

    // World: the bodies, their boxes (dashed when a body is not its own box), the centres and
    // half extents.
    f.world.push(common::body(a, Source::A, OPAQUE));
    f.world.push(common::body(b, Source::B, OPAQUE));
    for (bx, exact, which) in [(&box_a, exact_a, Source::A), (&box_b, exact_b, Source::B)] {
        let col = common::body_color(which);
        if !exact {
            f.world.push(Mark::Polygon {
                points: bx.to_convex().vertices,
                stroke: Some(Stroke::dashed(col, style::BOUNDING_BOX_WIDTH)),
                fill: None,
                convex: true,
            });
        }
        let h = bx.half_extents;
        for end in [
            bx.centre + DVec2::new(h.x, 0.0),
            bx.centre + DVec2::new(0.0, h.y),
        ] {
            f.world.push(Mark::Arrow {
                from: bx.centre,
                to: end,
                stroke: Stroke::solid(palette::HALF_EXTENT, style::HELPER_WIDTH),
            });
        }
        f.world.push(Mark::Point {
            at: bx.centre,
            color: col,
            size: style::BOX_CENTRE_DOT,
        });
        f.world.push(Mark::Label {
            at: bx.centre,
            text: format!(
                "h{} = {}",
                if which == Source::A { "A" } else { "B" },
                vec(h)
            ),
            color: palette::TEXT,
            offset: style::HALF_EXTENT_LABEL,
        });
    }

    // Push-out (the second article): overlapping, A moved by the closest point clears B. Apart,
    // the gap between the witness points.
    let push = Stroke::solid(palette::MTV, style::ANSWER_WIDTH);
    match d.push_out {
        Some(p) => {
            let moved = Aabb::new(box_a.centre + p, box_a.half_extents);
            f.world.push(Mark::Polygon {
                points: moved.to_convex().vertices,
                stroke: Some(Stroke::dashed(palette::SHAPE_A, style::MOVED_BODY_WIDTH)),
                fill: None,
                convex: true,
            });
            f.world.push(Mark::Arrow {
                from: box_a.centre,
                to: box_a.centre + p,
                stroke: push,
            });
        }
        None => f.world.push(Mark::Arrow {
            from: c.point_a,
            to: c.point_b,
            stroke: push,
        }),
    }

    // Configuration space: the MD box, the four side candidates, the nearest boundary point.
    let md_a = box_a.to_convex();
    let md_b = box_b.to_convex();
    f.config.extend(common::minkowski(
        &minkowski_difference(&md_a, &md_b),
        OPAQUE,
    ));
    for (i, s) in d.sides.iter().enumerate() {
        let chosen = i == d.nearest_side && d.contains_origin;
        if !chosen {
            f.config.push(Mark::Segment {
                from: DVec2::ZERO,
                to: s.point,
                stroke: Stroke::dashed(palette::SIDE_CANDIDATE, style::CONSTRUCTION_WIDTH),
            });
        }
        f.config.push(Mark::Label {
            at: s.point,
            text: num(s.distance),
            color: palette::SIDE_CANDIDATE,
            offset: style::SIDE_DISTANCE_LABEL,
        });
    }
    let md_centre_h = d.md_half_extents;
    for end in [
        d.md_centre + DVec2::new(md_centre_h.x, 0.0),
        d.md_centre + DVec2::new(0.0, md_centre_h.y),
    ] {
        f.config.push(Mark::Arrow {
            from: d.md_centre,
            to: end,
            stroke: Stroke::solid(palette::HALF_EXTENT, style::HELPER_WIDTH),
        });
    }
    f.config.push(Mark::Label {
        at: d.md_min,
        text: "minB - maxA".into(),
        color: palette::TEXT,
        offset: style::MD_MIN_LABEL,
    });
    f.config.push(Mark::Label {
        at: d.md_max,
        text: "maxB - minA".into(),
        color: palette::TEXT,
        offset: style::MD_MAX_LABEL,
    });
    f.config.push(Mark::Arrow {
        from: DVec2::ZERO,
        to: d.closest_point,
        stroke: push,
    });
    f.config.push(Mark::Point {
        at: d.closest_point,
        color: palette::MTV,
        size: style::NEAREST_POINT_DOT,
    });
    f.config.push(common::origin());

    // Read-outs.
    if !(exact_a && exact_b) {
        f.readout(
            "bodies",
            "not both axis-aligned boxes: their bounding boxes are tested",
        );
    }
    f.readout(
        "origin in B - A",
        if d.contains_origin {
            "yes: the boxes overlap"
        } else {
            "no: the boxes are apart"
        },
    );
    f.readout("B - A min (minB - maxA)", vec(d.md_min));
    f.readout("B - A max (maxB - minA)", vec(d.md_max));
    f.readout("B - A half extents (hA + hB)", vec(d.md_half_extents));
    let s = d.sides[d.nearest_side];
    if d.contains_origin {
        f.readout(
            "nearest side",
            format!("{}, {} away", side_name(s.side), num(s.distance)),
        );
    }
    f.readout("closest point on the bounds", vec(d.closest_point));
    match d.push_out {
        Some(p) => f.readout("push-out (add to A)", vec(p)),
        None => f.readout("push-out", "none: not overlapping"),
    }
    f.readout("distance", num(c.distance));
    f.readout("normal", vec(c.normal));
    f.readout("separation (moves B) = -push-out", vec(c.separation()));

    common::standard_legend(&mut f);
    f.legend(
        palette::MTV,
        "closest point of B - A to the origin = the push-out of A (apart: the gap)",
    );
    f.legend(palette::HALF_EXTENT, "half extents (of A, B, and B - A)");
    f.legend(
        palette::SIDE_CANDIDATE,
        "the origin's distance to each side of B - A (the nearest wins)",
    );
    f.legend(palette::SHAPE_A, "dashed red box: A after the push-out");
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::scene_report;

    const PUSH: &str = include_str!("../../scenes/aabb_push_out.json");
    const APART: &str = include_str!("../../scenes/box_vs_box_parallel_edges_apart.json");

    #[test]
    fn the_push_out_is_the_reports_md_point_and_clears_a() {
        let scene = Scene::from_str(PUSH, "aabb_push_out.json").unwrap();
        let f = build(&scene, 3).unwrap();
        let r = scene_report(&scene).unwrap();
        assert!(r.intersecting);
        let md_point = DVec2::from(r.normal) * r.distance;
        // Configuration space: origin → closest point of the bounds = the report's MD point.
        let cfg = common::arrows_in(&f.config, palette::MTV);
        assert_eq!(cfg.len(), 1, "{cfg:?}");
        assert!((cfg[0].1 - md_point).length() < 1e-12, "{cfg:?} {md_point}");
        // World: A's push-out is minus the report's separation.
        let world = common::arrows_in(&f.world, palette::MTV);
        assert_eq!(world.len(), 1);
        let push = world[0].1 - world[0].0;
        assert!((push + DVec2::from(r.separation)).length() < 1e-12);
        // A moved by it just touches B.
        let bodies = scene.bodies().unwrap();
        let moved = Convex {
            vertices: bodies.a.vertices.iter().map(|v| *v + push).collect(),
            radius: 0.0,
        };
        assert!(crate::geometry::contact(&moved, &bodies.b).distance.abs() < 1e-12);
        // The MD is the box from minB − maxA to maxB − minA, with four edges of each colour.
        let coloured = |c| common::md_edges_in(&f.config, c);
        assert_eq!(
            (coloured(palette::SHAPE_A), coloured(palette::SHAPE_B)),
            (4, 4)
        );
        assert!(f.config.contains(&common::origin()));
        assert!(!f.readouts.iter().any(|x| x.name == "bodies"));
        assert_eq!(f.steps, 1);
    }

    #[test]
    fn apart_the_arrow_is_the_gap_and_there_is_no_push_out() {
        let scene = Scene::from_str(APART, "apart.json").unwrap();
        let f = build(&scene, 0).unwrap();
        let r = scene_report(&scene).unwrap();
        assert!(!r.intersecting);
        let cfg = common::arrows_in(&f.config, palette::MTV);
        let md_point = DVec2::from(r.normal) * r.distance;
        assert!((cfg[0].1 - md_point).length() < 1e-12);
        assert!(f
            .readouts
            .iter()
            .any(|x| x.name == "push-out" && x.value.starts_with("none")));
        assert!(!f
            .world
            .iter()
            .any(|m| matches!(m, Mark::Polygon { stroke: Some(s), .. } if s.dashed)));
    }

    #[test]
    fn every_scene_builds_with_its_colours_explained() {
        crate::figure::common::check_on_every_scene(build);
    }
}

//! The `circle_box` demo (first article: circle vs AABB, then vs OBB): take V from the box's
//! centre to the circle's centre, clamp it to the box's half extents in the box's own frame,
//! and the clamped point Bc is the point of the box nearest the circle. The distance is
//! `|V − Bc| − r`.
//!
//! Drawn: the four side lines of the box extended (they cut the plane into the nine clamp
//! regions), the region the circle's centre is in (the article's clamped region), V, Bc, the
//! segment from Bc to the centre, and the signed distance as the blue minimum translation. In
//! configuration space B ⊖ A is the box grown by the radius; the segment from the origin to its
//! core is `V − Bc` seen from the other side.
//!
//! With the centre inside the box, clamping changes nothing and the article's formula says
//! `−r` whatever the depth; the geometry pushes out through the nearest face instead, and the
//! read-outs show both (see [`crate::geometry::special`]).

use super::common::{self, num, vec};
use super::style::{self, OPAQUE};
use super::{Figure, Mark, Stroke};
use crate::geometry::minkowski::minkowski_difference;
use crate::geometry::special::{
    obb_circle, swap_roles, Circle, Clamp, Obb, ObbCircle, RegionKind, Side,
};
use crate::geometry::{contact, Convex, DVec2, Source};
use crate::palette;
use crate::scene::{Body, PathError, Scene, ShapeSpec};

/// The box and the circle of the scene, if it has one of each, and which body is the box.
fn box_and_circle(scene: &Scene, a: &Convex, b: &Convex) -> Option<(Obb, Circle, Source)> {
    let as_box = |body: &Body| match body.shape {
        ShapeSpec::Box { half_extents } => Some(Obb::new(
            body.position,
            half_extents,
            body.angle_deg.to_radians(),
        )),
        _ => None,
    };
    let as_circle = |c: &Convex| {
        (c.vertices.len() == 1).then(|| Circle {
            centre: c.vertices[0],
            radius: c.radius,
        })
    };
    match (
        as_box(&scene.a),
        as_circle(b),
        as_circle(a),
        as_box(&scene.b),
    ) {
        (Some(bx), Some(c), _, _) => Some((bx, c, Source::A)),
        (_, _, Some(c), Some(bx)) => Some((bx, c, Source::B)),
        _ => None,
    }
}

fn region_words(kind: RegionKind) -> &'static str {
    match kind {
        RegionKind::Inside => "inside the box: nothing clamped",
        RegionKind::Edge => "beside a side: one coordinate clamped",
        RegionKind::Corner => "beyond a corner: both coordinates clamped",
    }
}

fn face_name(s: Side) -> &'static str {
    match s {
        Side::MinX => "-x",
        Side::MaxX => "+x",
        Side::MaxY => "+y",
        Side::MinY => "-y",
    }
}

/// The range a clamp region covers along one axis of the box's frame (`reach` beyond the box).
fn region_range(c: Clamp, h: f64, reach: f64) -> (f64, f64) {
    match c {
        Clamp::Low => (-h - reach, -h),
        Clamp::Within => (-h, h),
        Clamp::High => (h, h + reach),
    }
}

/// The marks of the clamp in the world: under the bodies the side lines and the region; over
/// them V, Bc and the distance segment.
fn clamp_marks(bx: &Obb, circle: &Circle, oc: &ObbCircle) -> (Vec<Mark>, Vec<Mark>) {
    let (mut under, mut over) = (Vec::new(), Vec::new());
    let pose = bx.pose();
    let h = bx.half_extents;
    let bs = &oc.box_space;
    // The side lines, extended: the nine regions.
    for (p, d) in [
        (DVec2::new(-h.x, 0.0), DVec2::Y),
        (DVec2::new(h.x, 0.0), DVec2::Y),
        (DVec2::new(0.0, -h.y), DVec2::X),
        (DVec2::new(0.0, h.y), DVec2::X),
    ] {
        under.push(Mark::Line {
            point: pose.apply(p),
            direction: pose.rotate(d),
            stroke: Stroke::dashed(palette::AXES, style::GUIDE_WIDTH),
        });
    }
    // The region the centre is in, reaching a little past the circle.
    let reach = (bs.offset - bs.clamped).length()
        + circle.radius
        + style::CLAMP_REGION_MARGIN * h.min_element();
    let (x0, x1) = region_range(bs.region.x, h.x, reach);
    let (y0, y1) = region_range(bs.region.y, h.y, reach);
    under.push(Mark::Polygon {
        points: [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            .iter()
            .map(|&(x, y)| pose.apply(DVec2::new(x, y)))
            .collect(),
        stroke: None,
        fill: Some(palette::CLAMP_REGION),
        convex: true,
    });
    // V from the box's centre to the circle's centre, and its clamped version Bc.
    over.push(Mark::Arrow {
        from: bx.centre,
        to: circle.centre,
        stroke: Stroke::solid(palette::TEXT, style::HELPER_WIDTH),
    });
    over.push(Mark::Label {
        at: bx.centre.lerp(circle.centre, style::VECTOR_NAME_AT),
        text: "V".into(),
        color: palette::TEXT,
        offset: style::VECTOR_NAME_LABEL,
    });
    over.push(Mark::Arrow {
        from: bx.centre,
        to: oc.clamped_world,
        stroke: Stroke::solid(palette::CLAMPED, style::CONSTRUCTION_WIDTH),
    });
    over.push(Mark::Point {
        at: oc.clamped_world,
        color: palette::CLAMPED,
        size: style::CLAMPED_DOT,
    });
    over.push(Mark::Label {
        at: oc.clamped_world,
        text: "Bc".into(),
        color: palette::CLAMPED,
        offset: style::CLAMPED_LABEL,
    });
    if bs.nearest_face.is_some() {
        // Inside: the point the geometry uses instead, on the nearest face.
        over.push(Mark::Point {
            at: oc.closest_world,
            color: palette::MTV,
            size: style::NEAREST_POINT_DOT,
        });
    }
    over.push(Mark::Segment {
        from: oc.closest_world,
        to: circle.centre,
        stroke: Stroke::dashed(palette::CLAMPED, style::HELPER_WIDTH),
    });
    (under, over)
}

/// The figure (no iterations: one step).
pub fn build(scene: &Scene, _step: usize) -> Result<Figure, PathError> {
    let bodies = scene.bodies()?;
    let (a, b) = (&bodies.a, &bodies.b);
    let md = minkowski_difference(a, b);
    let mut f = Figure {
        steps: 1,
        ..Figure::default()
    };
    let pair = box_and_circle(scene, a, b);
    let (under, over) = match &pair {
        Some((bx, circle, _)) => clamp_marks(bx, circle, &obb_circle(bx, circle)),
        None => (vec![], vec![]),
    };
    f.world.extend(under);
    f.world.push(common::body(a, Source::A, OPAQUE));
    f.world.push(common::body(b, Source::B, OPAQUE));
    f.world.extend(over);
    f.config.extend(common::minkowski(&md, OPAQUE));

    let c = match &pair {
        Some((bx, circle, box_is)) => {
            let oc = obb_circle(bx, circle);
            let bs = &oc.box_space;
            // Configuration space: the core of B ⊖ A nearest the origin is the circle's centre
            // minus the box's closest point (or its negative with the roles swapped).
            let core = match box_is {
                Source::A => circle.centre - oc.closest_world,
                Source::B => oc.closest_world - circle.centre,
            };
            f.config.push(Mark::Segment {
                from: DVec2::ZERO,
                to: core,
                stroke: Stroke::dashed(palette::CLAMPED, style::HELPER_WIDTH),
            });
            f.config.push(Mark::Point {
                at: core,
                color: palette::CLAMPED,
                size: style::CORE_POINT_DOT,
            });
            f.readout(
                "box",
                if *box_is == Source::A {
                    "A (circle B)"
                } else {
                    "B (circle A): roles swapped"
                },
            );
            f.readout("region of the centre", region_words(bs.region.kind()));
            f.readout("V (box frame)", vec(bs.offset));
            f.readout("Bc = V clamped to the half extents", vec(bs.clamped));
            f.readout("|V - Bc|", num((bs.offset - bs.clamped).length()));
            f.readout("r", num(circle.radius));
            f.readout("article: |V - Bc| - r", num(bs.article_distance));
            if let Some(face) = bs.nearest_face {
                f.readout(
                    "centre inside: leaves through",
                    format!(
                        "face {} at depth {} (the article's formula says -r)",
                        face_name(face.side),
                        num(face.distance)
                    ),
                );
            }
            match box_is {
                Source::A => oc.contact,
                Source::B => swap_roles(oc.contact),
            }
        }
        None => {
            f.readout(
                "this demo",
                "needs a box and a circle: the general contact is shown",
            );
            contact(a, b)
        }
    };

    common::minimum_translation(&mut f, &c);
    f.config.push(common::origin());
    f.readout("intersecting", if c.intersecting() { "yes" } else { "no" });
    f.readout("distance", num(c.distance));
    f.readout("normal", vec(c.normal));
    f.readout("separation", vec(c.separation()));

    common::standard_legend(&mut f);
    f.legend(
        palette::CLAMP_REGION.with_alpha(OPAQUE),
        "the clamp region of the circle's centre",
    );
    f.legend(
        palette::AXES,
        "dashed: the box's side lines, cutting the plane into nine clamp regions",
    );
    f.legend(palette::TEXT, "V: box centre to circle centre");
    f.legend(
        palette::CLAMPED,
        "Bc, V clamped to the box; dashed: Bc to the centre (in B - A: origin to the core)",
    );
    f.legend(
        palette::MTV,
        "minimum translation (apart: the gap); dot: the face point used when the centre is inside",
    );
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::scene_report;

    const OBB: &str = include_str!("../../scenes/circle_box_obb_corner.json");
    const INSIDE: &str = include_str!("../../scenes/circle_box_centre_inside.json");

    fn blue_config_arrow(f: &Figure) -> DVec2 {
        let v: Vec<DVec2> = f
            .config
            .iter()
            .filter_map(|m| match m {
                Mark::Arrow { from, to, stroke } if stroke.color == palette::MTV => {
                    assert_eq!(*from, DVec2::ZERO);
                    Some(*to)
                }
                _ => None,
            })
            .collect();
        assert_eq!(v.len(), 1);
        v[0]
    }

    fn readout<'a>(f: &'a Figure, name: &str) -> &'a str {
        &f.readouts.iter().find(|r| r.name == name).unwrap().value
    }

    #[test]
    fn corner_region_clamps_both_and_agrees_with_the_report() {
        let scene = Scene::from_str(OBB, "circle_box_obb_corner.json").unwrap();
        let f = build(&scene, 0).unwrap();
        let r = scene_report(&scene).unwrap();
        let md_point = DVec2::from(r.normal) * r.distance;
        assert!((blue_config_arrow(&f) - md_point).length() < 1e-12);
        assert_eq!(readout(&f, "distance"), num(r.distance));
        assert_eq!(
            readout(&f, "region of the centre"),
            region_words(RegionKind::Corner)
        );
        // Bc is the report's witness point on the box (A), outside the box.
        let bc = f
            .world
            .iter()
            .find_map(|m| match m {
                Mark::Point { at, color, .. } if *color == palette::CLAMPED => Some(*at),
                _ => None,
            })
            .unwrap();
        assert!((bc - DVec2::from(r.closest_points.a)).length() < 1e-12);
        // Outside, the article's distance is the true one.
        assert_eq!(readout(&f, "article: |V - Bc| - r"), num(r.distance));
        assert!(f.config.contains(&common::origin()));
    }

    #[test]
    fn centre_inside_the_article_says_minus_r_and_the_face_push_is_deeper() {
        let scene = Scene::from_str(INSIDE, "circle_box_centre_inside.json").unwrap();
        let f = build(&scene, 0).unwrap();
        let r = scene_report(&scene).unwrap();
        let radius = match scene.b.shape {
            ShapeSpec::Circle { radius } => radius,
            _ => unreachable!(),
        };
        assert_eq!(readout(&f, "article: |V - Bc| - r"), num(-radius));
        assert_eq!(readout(&f, "distance"), num(r.distance));
        assert!(r.distance < -radius);
        let world_push: Vec<DVec2> = common::arrows_in(&f.world, palette::MTV)
            .iter()
            .map(|(from, to)| *to - *from)
            .collect();
        assert_eq!(world_push.len(), 1);
        assert!((world_push[0] - DVec2::from(r.separation)).length() < 1e-12);
        assert!(f
            .readouts
            .iter()
            .any(|x| x.name == "centre inside: leaves through"));
    }

    #[test]
    fn every_scene_builds_with_its_colours_explained() {
        crate::figure::common::check_on_every_scene(build);
    }
}

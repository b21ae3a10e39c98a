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
use super::{Figure, LegendEntry, Mark, Parts, Readout, Stroke};
use crate::geometry::special::{
    obb_circle, swap_roles, Circle, Clamp, Obb, ObbCircle, RegionKind, Side,
};
use crate::geometry::{contact, Contact, Convex, DVec2, Source};
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

/// The figure (no iterations: one step).
pub fn build(scene: &Scene, _step: usize) -> Result<Figure, PathError> {
    Ok(super::assemble(&Computed::new(scene)?))
}

/// The scene's box and circle with the clamp between them.
struct Pair {
    bx: Obb,
    circle: Circle,
    /// Which body is the box.
    box_is: Source,
    clamp: ObbCircle,
}

/// What the figure shows, computed once.
struct Computed {
    placed: common::Placed,
    /// The box and the circle, when the scene has one of each.
    pair: Option<Pair>,
    /// The clamp's contact with A and B in their roles, else the general one.
    contact: Contact,
}

impl Computed {
    fn new(scene: &Scene) -> Result<Computed, PathError> {
        let placed = common::Placed::new(scene)?;
        let (a, b) = (&placed.a, &placed.b);
        let pair = box_and_circle(scene, a, b).map(|(bx, circle, box_is)| Pair {
            clamp: obb_circle(&bx, &circle),
            bx,
            circle,
            box_is,
        });
        let contact = match &pair {
            Some(p) => match p.box_is {
                Source::A => p.clamp.contact,
                Source::B => swap_roles(p.clamp.contact),
            },
            None => contact(a, b),
        };
        Ok(Computed {
            placed,
            pair,
            contact,
        })
    }
}

impl Pair {
    /// Under the bodies: the box's side lines extended (the nine clamp regions) and the region
    /// the circle's centre is in.
    fn under(&self) -> Vec<Mark> {
        let pose = self.bx.pose();
        let h = self.bx.half_extents;
        let bs = &self.clamp.box_space;
        let mut out: Vec<Mark> = [
            (DVec2::new(-h.x, 0.0), DVec2::Y),
            (DVec2::new(h.x, 0.0), DVec2::Y),
            (DVec2::new(0.0, -h.y), DVec2::X),
            (DVec2::new(0.0, h.y), DVec2::X),
        ]
        .into_iter()
        .map(|(p, d)| Mark::Line {
            point: pose.apply(p),
            direction: pose.rotate(d),
            stroke: Stroke::dashed(palette::AXES, style::GUIDE_WIDTH),
        })
        .collect();
        // The region reaches a little past the circle.
        let reach = (bs.offset - bs.clamped).length()
            + self.circle.radius
            + style::CLAMP_REGION_MARGIN * h.min_element();
        let (x0, x1) = region_range(bs.region.x, h.x, reach);
        let (y0, y1) = region_range(bs.region.y, h.y, reach);
        out.push(Mark::Polygon {
            points: [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                .iter()
                .map(|&(x, y)| pose.apply(DVec2::new(x, y)))
                .collect(),
            stroke: None,
            fill: Some(palette::CLAMP_REGION),
            convex: true,
        });
        out
    }

    /// Over the bodies: V from the box's centre to the circle's, Bc (V clamped), and the
    /// distance segment from the box's closest point to the centre.
    fn over(&self) -> Vec<Mark> {
        let (bx, circle, oc) = (&self.bx, &self.circle, &self.clamp);
        let mut out = vec![
            Mark::arrow(
                bx.centre,
                circle.centre,
                Stroke::solid(palette::TEXT, style::HELPER_WIDTH),
            ),
            Mark::label(
                bx.centre.lerp(circle.centre, style::VECTOR_NAME_AT),
                "V",
                palette::TEXT,
                style::VECTOR_NAME_LABEL,
            ),
            Mark::arrow(
                bx.centre,
                oc.clamped_world,
                Stroke::solid(palette::CLAMPED, style::CONSTRUCTION_WIDTH),
            ),
            Mark::dot(oc.clamped_world, palette::CLAMPED, style::CLAMPED_DOT),
            Mark::label(
                oc.clamped_world,
                "Bc",
                palette::CLAMPED,
                style::CLAMPED_LABEL,
            ),
        ];
        if oc.box_space.nearest_face.is_some() {
            // Inside: the point the geometry uses instead, on the nearest face.
            out.push(Mark::dot(
                oc.closest_world,
                palette::MTV,
                style::NEAREST_POINT_DOT,
            ));
        }
        out.push(Mark::segment(
            oc.closest_world,
            circle.centre,
            Stroke::dashed(palette::CLAMPED, style::HELPER_WIDTH),
        ));
        out
    }

    /// The core point of B ⊖ A nearest the origin: the circle's centre minus the box's closest
    /// point (or its negative with the roles swapped).
    fn core_point(&self) -> DVec2 {
        match self.box_is {
            Source::A => self.circle.centre - self.clamp.closest_world,
            Source::B => self.clamp.closest_world - self.circle.centre,
        }
    }

    fn readouts(&self) -> Vec<Readout> {
        let bs = &self.clamp.box_space;
        let mut r = vec![
            Readout::new(
                "box",
                if self.box_is == Source::A {
                    "A (circle B)"
                } else {
                    "B (circle A): roles swapped"
                },
            ),
            Readout::new("region of the centre", region_words(bs.region.kind())),
            Readout::new("V (box frame)", vec(bs.offset)),
            Readout::new("Bc = V clamped to the half extents", vec(bs.clamped)),
            Readout::new("|V - Bc|", num((bs.offset - bs.clamped).length())),
            Readout::new("r", num(self.circle.radius)),
            Readout::new("article: |V - Bc| - r", num(bs.article_distance)),
        ];
        if let Some(face) = bs.nearest_face {
            r.push(Readout::new(
                "centre inside: leaves through",
                format!(
                    "face {} at depth {} (the article's formula says -r)",
                    face_name(face.side),
                    num(face.distance)
                ),
            ));
        }
        r
    }
}

impl Parts for Computed {
    /// Under the bodies the side lines and the clamp region; over them V, Bc and the distance
    /// segment; the minimum translation.
    fn world(&self) -> Vec<Mark> {
        let mut w = self.pair.as_ref().map_or(vec![], Pair::under);
        w.extend(self.placed.bodies());
        w.extend(self.pair.as_ref().map_or(vec![], Pair::over));
        w.push(common::minimum_translation_world(&self.contact));
        w
    }

    /// B ⊖ A (the box grown by the radius), the segment from the origin to its core (`V − Bc`
    /// seen from the other side), the minimum translation.
    fn config(&self) -> Vec<Mark> {
        let mut c = self.placed.minkowski();
        if let Some(p) = &self.pair {
            let core = p.core_point();
            c.push(Mark::segment(
                DVec2::ZERO,
                core,
                Stroke::dashed(palette::CLAMPED, style::HELPER_WIDTH),
            ));
            c.push(Mark::dot(core, palette::CLAMPED, style::CORE_POINT_DOT));
        }
        c.push(common::minimum_translation_config(&self.contact));
        c.push(common::origin());
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let mut r = match &self.pair {
            Some(p) => p.readouts(),
            None => vec![Readout::new(
                "this demo",
                "needs a box and a circle: the general contact is shown",
            )],
        };
        r.extend(common::contact_readouts(&self.contact));
        r
    }

    fn legend(&self) -> Vec<LegendEntry> {
        common::legend_with([
            (palette::CLAMP_REGION.with_alpha(OPAQUE), "the clamp region of the circle's centre"),
            (palette::AXES, "dashed: the box's side lines, cutting the plane into nine clamp regions"),
            (palette::TEXT, "V: box centre to circle centre"),
            (palette::CLAMPED, "Bc, V clamped to the box; dashed: Bc to the centre (in B - A: origin to the core)"),
            (palette::MTV, "minimum translation (apart: the gap); dot: the face point used when the centre is inside"),
        ])
    }
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

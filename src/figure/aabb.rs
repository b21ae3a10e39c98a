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
use super::{Figure, LegendEntry, Mark, Parts, Readout, Stroke};
use crate::geometry::minkowski::{minkowski_difference, MinkowskiDifference};
use crate::geometry::separating_plane::aabb_of;
use crate::geometry::special::{aabb_difference, Aabb, AabbDifference, Side};
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
    Ok(super::assemble(&Computed::new(scene)?))
}

/// What the figure shows, computed once.
struct Computed {
    a: Convex,
    b: Convex,
    /// The bodies' bounding boxes, and whether each body is its box.
    box_a: (Aabb, bool),
    box_b: (Aabb, bool),
    /// The boxes' difference B ⊖ A with the origin's distances to its sides.
    d: AabbDifference,
    /// The same difference as an MD, for its edges coloured by source.
    md: MinkowskiDifference,
}

impl Computed {
    fn new(scene: &Scene) -> Result<Computed, PathError> {
        let bodies = scene.bodies()?;
        let (a, b) = (bodies.a, bodies.b);
        let box_a = bounding_aabb(&a);
        let box_b = bounding_aabb(&b);
        Ok(Computed {
            d: aabb_difference(&box_a.0, &box_b.0),
            md: minkowski_difference(&box_a.0.to_convex(), &box_b.0.to_convex()),
            a,
            b,
            box_a,
            box_b,
        })
    }

    fn both_exact(&self) -> bool {
        self.box_a.1 && self.box_b.1
    }
}

/// The two half-extent arrows of a box from its centre, in both panes.
fn half_extents(centre: DVec2, h: DVec2) -> [Mark; 2] {
    [DVec2::new(h.x, 0.0), DVec2::new(0.0, h.y)].map(|e| {
        Mark::arrow(
            centre,
            centre + e,
            Stroke::solid(palette::HALF_EXTENT, style::HELPER_WIDTH),
        )
    })
}

impl Parts for Computed {
    /// The bodies, their boxes (dashed when a body is not its own box), the centres and half
    /// extents, and the push-out (the second article): overlapping, A moved by the closest point
    /// clears B; apart, the gap between the witness points.
    fn world(&self) -> Vec<Mark> {
        let mut w = common::bodies(&self.a, &self.b);
        for ((bx, exact), which) in [(&self.box_a, Source::A), (&self.box_b, Source::B)] {
            let col = common::body_color(which);
            if !exact {
                w.push(Mark::Polygon {
                    points: bx.to_convex().vertices,
                    stroke: Some(Stroke::dashed(col, style::BOUNDING_BOX_WIDTH)),
                    fill: None,
                    convex: true,
                });
            }
            w.extend(half_extents(bx.centre, bx.half_extents));
            w.push(Mark::dot(bx.centre, col, style::BOX_CENTRE_DOT));
            w.push(Mark::label(
                bx.centre,
                format!(
                    "h{} = {}",
                    if which == Source::A { "A" } else { "B" },
                    vec(bx.half_extents)
                ),
                palette::TEXT,
                style::HALF_EXTENT_LABEL,
            ));
        }
        let push = Stroke::solid(palette::MTV, style::ANSWER_WIDTH);
        let box_a = &self.box_a.0;
        match self.d.push_out {
            Some(p) => {
                let moved = Aabb::new(box_a.centre + p, box_a.half_extents);
                w.push(Mark::Polygon {
                    points: moved.to_convex().vertices,
                    stroke: Some(Stroke::dashed(palette::SHAPE_A, style::MOVED_BODY_WIDTH)),
                    fill: None,
                    convex: true,
                });
                w.push(Mark::arrow(box_a.centre, box_a.centre + p, push));
            }
            None => w.push(Mark::arrow(
                self.d.contact.point_a,
                self.d.contact.point_b,
                push,
            )),
        }
        w
    }

    /// The MD box, the four side candidates, its half extents and corners, the nearest boundary
    /// point.
    fn config(&self) -> Vec<Mark> {
        let d = &self.d;
        let mut c = common::minkowski(&self.md, OPAQUE);
        for (i, s) in d.sides.iter().enumerate() {
            let chosen = i == d.nearest_side && d.contains_origin;
            if !chosen {
                c.push(Mark::segment(
                    DVec2::ZERO,
                    s.point,
                    Stroke::dashed(palette::SIDE_CANDIDATE, style::CONSTRUCTION_WIDTH),
                ));
            }
            c.push(Mark::label(
                s.point,
                num(s.distance),
                palette::SIDE_CANDIDATE,
                style::SIDE_DISTANCE_LABEL,
            ));
        }
        c.extend(half_extents(d.md_centre, d.md_half_extents));
        c.extend([
            Mark::label(d.md_min, "minB - maxA", palette::TEXT, style::MD_MIN_LABEL),
            Mark::label(d.md_max, "maxB - minA", palette::TEXT, style::MD_MAX_LABEL),
            common::answer_arrow(DVec2::ZERO, d.closest_point, palette::MTV),
            Mark::dot(d.closest_point, palette::MTV, style::NEAREST_POINT_DOT),
            common::origin(),
        ]);
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let d = &self.d;
        let c = &d.contact;
        let mut r = Vec::new();
        if !self.both_exact() {
            r.push(Readout::new(
                "bodies",
                "not both axis-aligned boxes: their bounding boxes are tested",
            ));
        }
        r.extend([
            Readout::new(
                "origin in B - A",
                if d.contains_origin {
                    "yes: the boxes overlap"
                } else {
                    "no: the boxes are apart"
                },
            ),
            Readout::new("B - A min (minB - maxA)", vec(d.md_min)),
            Readout::new("B - A max (maxB - minA)", vec(d.md_max)),
            Readout::new("B - A half extents (hA + hB)", vec(d.md_half_extents)),
        ]);
        let s = d.sides[d.nearest_side];
        if d.contains_origin {
            r.push(Readout::new(
                "nearest side",
                format!("{}, {} away", side_name(s.side), num(s.distance)),
            ));
        }
        r.push(Readout::new(
            "closest point on the bounds",
            vec(d.closest_point),
        ));
        r.push(match d.push_out {
            Some(p) => Readout::new("push-out (add to A)", vec(p)),
            None => Readout::new("push-out", "none: not overlapping"),
        });
        r.extend([
            Readout::new("distance", num(c.distance)),
            Readout::new("normal", vec(c.normal)),
            Readout::new("separation (moves B) = -push-out", vec(c.separation())),
        ]);
        r
    }

    fn legend(&self) -> Vec<LegendEntry> {
        common::legend_with([
            (
                palette::MTV,
                "closest point of B - A to the origin = the push-out of A (apart: the gap)",
            ),
            (palette::HALF_EXTENT, "half extents (of A, B, and B - A)"),
            (
                palette::SIDE_CANDIDATE,
                "the origin's distance to each side of B - A (the nearest wins)",
            ),
            (palette::SHAPE_A, "dashed red box: A after the push-out"),
        ])
    }
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
        let moved = Convex::new(bodies.a.vertices.iter().map(|v| *v + push).collect(), 0.0);
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

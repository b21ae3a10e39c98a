//! The `penetration` demo (first article: OBB vs OBB, polygon vs polygon): B ⊖ A with its edges
//! coloured by source, the origin, the minimum translation in blue, and the edge/support-vertex
//! pair the article's scan settled on.

use super::common::{self, num, vec};
use super::style::{self, OPAQUE};
use super::{Figure, Mark, Stroke};
use crate::geometry::distance::contact_from_md;
use crate::geometry::edge_scan::edge_scan;
use crate::geometry::minkowski::minkowski_difference;
use crate::geometry::Source;
use crate::palette;
use crate::scene::{PathError, Scene};

/// The figure (no iterations: one step).
pub fn build(scene: &Scene, _step: usize) -> Result<Figure, PathError> {
    let bodies = scene.bodies()?;
    let (a, b) = (&bodies.a, &bodies.b);
    let md = minkowski_difference(a, b);
    let c = contact_from_md(&md, a, b);
    let scan = edge_scan(a, b);
    let mut f = Figure {
        steps: 1,
        ..Figure::default()
    };

    f.world.push(common::body(a, Source::A, OPAQUE));
    f.world.push(common::body(b, Source::B, OPAQUE));
    f.config.extend(common::minkowski(&md, OPAQUE));

    // The pair the scan chose: the edge thick in its shape's colour, the vertex a dot, and the
    // MD edge they make dashed in blue.
    if let Some(step) = scan.chosen.map(|i| scan.steps[i]) {
        let (owner, other) = match step.edge_of {
            Source::A => (a, b),
            Source::B => (b, a),
        };
        let (p, q) = owner.edge(step.edge);
        f.world.push(Mark::Segment {
            from: p,
            to: q,
            stroke: Stroke::solid(common::body_color(step.edge_of), style::FEATURE_EDGE_WIDTH),
        });
        f.world.push(Mark::Point {
            at: other.vertices[step.vertex],
            color: palette::MTV,
            size: style::SUPPORT_VERTEX_DOT,
        });
        f.config.push(Mark::Segment {
            from: step.md_edge.0,
            to: step.md_edge.1,
            stroke: Stroke::dashed(palette::MTV, style::CONSTRUCTION_WIDTH),
        });
        let whose = |s: Source| if s == Source::A { "A" } else { "B" };
        f.readout(
            "edge scan",
            format!(
                "{}'s edge {} with {}'s vertex {}",
                whose(step.edge_of),
                step.edge,
                whose(step.edge_of.other()),
                step.vertex
            ),
        );
    }

    common::minimum_translation(&mut f, &c);
    f.config.push(common::origin());

    let ties = scan
        .steps
        .windows(2)
        .filter(|w| w[0].edge_of == w[1].edge_of && w[0].edge == w[1].edge)
        .count();
    f.readout("intersecting", if c.intersecting() { "yes" } else { "no" });
    f.readout("distance", num(c.distance));
    f.readout("normal", vec(c.normal));
    f.readout("separation", vec(c.separation()));
    f.readout("pairs examined", scan.steps.len().to_string());
    f.readout("edges with tied support vertices", ties.to_string());

    common::standard_legend(&mut f);
    f.legend(
        palette::MTV,
        "minimum translation; dashed: the MD edge of the chosen pair",
    );
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::DVec2;
    use crate::report::scene_report;

    const OBB: &str = include_str!("../../scenes/obb_vs_obb.json");

    #[test]
    fn the_blue_arrow_is_the_reports_minimum_translation() {
        let scene = Scene::from_str(OBB, "obb_vs_obb.json").unwrap();
        let f = build(&scene, 0).unwrap();
        let r = scene_report(&scene).unwrap();
        let md_point = DVec2::from(r.normal) * r.distance;
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
        assert!(f
            .readouts
            .iter()
            .any(|r| r.name == "edges with tied support vertices" && r.value == "8"));
        assert_eq!(f.steps, 1);
    }
}

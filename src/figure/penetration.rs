//! The `penetration` demo (first article: OBB vs OBB, polygon vs polygon): B ⊖ A with its edges
//! coloured by source, the origin, the minimum translation in blue, and the edge/support-vertex
//! pair the article's scan settled on.

use super::common;
use super::style;
use super::{Figure, LegendEntry, Mark, Parts, Readout, Stroke};
use crate::geometry::distance::contact_from_md;
use crate::geometry::edge_scan::{edge_scan, EdgeScan, EdgeScanStep};
use crate::geometry::{Contact, Source};
use crate::palette;
use crate::scene::{PathError, Scene};

/// The figure (no iterations: one step).
pub fn build(scene: &Scene, _step: usize) -> Result<Figure, PathError> {
    Ok(super::assemble(&Computed::new(scene)?))
}

/// What the figure shows, computed once.
struct Computed {
    placed: common::Placed,
    /// The exact contact on the merged MD.
    contact: Contact,
    /// The first article's scan of (edge, support vertex) pairs.
    scan: EdgeScan,
}

impl Computed {
    fn new(scene: &Scene) -> Result<Computed, PathError> {
        let placed = common::Placed::new(scene)?;
        let (a, b) = (&placed.a, &placed.b);
        Ok(Computed {
            contact: contact_from_md(&placed.md, a, b),
            scan: edge_scan(a, b),
            placed,
        })
    }

    /// The edge/support-vertex pair the scan settled on, if any.
    fn chosen(&self) -> Option<EdgeScanStep> {
        self.scan.chosen.map(|i| self.scan.steps[i])
    }
}

impl Parts for Computed {
    /// The bodies, the chosen pair (the edge thick in its shape's colour, the vertex a dot), and
    /// how B moves out.
    fn world(&self) -> Vec<Mark> {
        let mut w = self.placed.bodies();
        if let Some(step) = self.chosen() {
            let (owner, other) = match step.edge_of {
                Source::A => (&self.placed.a, &self.placed.b),
                Source::B => (&self.placed.b, &self.placed.a),
            };
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

    /// The MD with its edges coloured by source, the MD edge the chosen pair makes (dashed), the
    /// minimum translation.
    fn config(&self) -> Vec<Mark> {
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

    fn readouts(&self) -> Vec<Readout> {
        let mut r = Vec::new();
        if let Some(step) = self.chosen() {
            let whose = |s: Source| if s == Source::A { "A" } else { "B" };
            r.push(Readout::new(
                "edge scan",
                format!(
                    "{}'s edge {} with {}'s vertex {}",
                    whose(step.edge_of),
                    step.edge,
                    whose(step.edge_of.other()),
                    step.vertex
                ),
            ));
        }
        let ties = self
            .scan
            .steps
            .windows(2)
            .filter(|w| w[0].edge_of == w[1].edge_of && w[0].edge == w[1].edge)
            .count();
        r.extend(common::contact_readouts(&self.contact));
        r.push(Readout::new(
            "pairs examined",
            self.scan.steps.len().to_string(),
        ));
        r.push(Readout::new(
            "edges with tied support vertices",
            ties.to_string(),
        ));
        r
    }

    fn legend(&self) -> Vec<LegendEntry> {
        common::legend_with([(
            palette::MTV,
            "minimum translation; dashed: the MD edge of the chosen pair",
        )])
    }
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

//! The two panes linked: every vertex and edge of B ⊖ A was made by a feature of each body, and
//! pointing at one side shows the other.
//!
//! A vertex of the difference is `b_j − a_i`: vertex `j` of B minus vertex `i` of A. An edge is
//! an edge of B moved by minus a vertex of A, or an edge of A (reversed) moved by a vertex of B
//! ([`MdEdge`]). Pointing at a feature of the difference highlights, in the world, the edge of
//! one body and the vertex of the other that made it; pointing at a vertex or an edge of a body
//! highlights every feature of the difference it made. The features are those of the cores
//! (a rounded body is its core polygon grown by its radius, and so is the difference).
//!
//! Finding the feature under the pointer and the marks of a highlight are linear in the number
//! of vertices, so two 1,000-gons cost a few thousand distance tests a frame.

use crate::figure::{Mark, Stroke};
use crate::geometry::minkowski::{minkowski_difference, MdEdge, MinkowskiDifference};
use crate::geometry::{closest_on_segment, Convex, DVec2, Source};
use crate::palette;
use serde_json::{json, Value};

/// A feature of either pane that the other pane's features are linked to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// The vertex `b − a` of the difference (vertex `b` of B minus vertex `a` of A).
    MdVertex { a: usize, b: usize },
    /// An edge of the difference and what made it.
    MdEdge(MdEdge),
    /// Vertex `i` of a body's core.
    Vertex(Source, usize),
    /// Edge `i` of a body's core (from its vertex `i` to the next).
    Edge(Source, usize),
}

fn side(which: Source) -> &'static str {
    match which {
        Source::A => "A",
        Source::B => "B",
    }
}

fn vertex_name(which: Source, i: usize) -> String {
    match which {
        Source::A => format!("a{i}"),
        Source::B => format!("b{i}"),
    }
}

impl Feature {
    /// The feature in words, as the highlight's label gives it.
    pub fn words(self) -> String {
        match self {
            Feature::MdVertex { a, b } => format!("b{b} \u{2212} a{a}"),
            Feature::MdEdge(e) => format!(
                "edge {} of {} with vertex {} of {}",
                e.edge,
                side(e.source),
                e.vertex,
                side(e.source.other())
            ),
            Feature::Vertex(w, i) => format!("vertex {i} of {} ({})", side(w), vertex_name(w, i)),
            Feature::Edge(w, i) => format!("edge {i} of {}", side(w)),
        }
    }

    /// The feature as a scene's `view` keeps it (`"pinned"`).
    pub fn to_json(self) -> Value {
        match self {
            Feature::MdVertex { a, b } => json!({"md_vertex": {"a": a, "b": b}}),
            Feature::MdEdge(e) => json!({"md_edge": {
                "source": e.source.as_str(), "edge": e.edge, "vertex": e.vertex}}),
            Feature::Vertex(w, i) => json!({"vertex": {"body": w.as_str(), "index": i}}),
            Feature::Edge(w, i) => json!({"edge": {"body": w.as_str(), "index": i}}),
        }
    }

    /// What [`Feature::to_json`] wrote; anything else is `None`.
    pub fn from_json(v: &Value) -> Option<Feature> {
        let n = |v: &Value, k: &str| v.get(k)?.as_u64().and_then(|x| usize::try_from(x).ok());
        let body = |v: &Value, k: &str| match v.get(k)?.as_str()? {
            "a" => Some(Source::A),
            "b" => Some(Source::B),
            _ => None,
        };
        if let Some(m) = v.get("md_vertex") {
            return Some(Feature::MdVertex {
                a: n(m, "a")?,
                b: n(m, "b")?,
            });
        }
        if let Some(m) = v.get("md_edge") {
            return Some(Feature::MdEdge(MdEdge {
                source: body(m, "source")?,
                edge: n(m, "edge")?,
                vertex: n(m, "vertex")?,
            }));
        }
        if let Some(m) = v.get("vertex") {
            return Some(Feature::Vertex(body(m, "body")?, n(m, "index")?));
        }
        let m = v.get("edge")?;
        Some(Feature::Edge(body(m, "body")?, n(m, "index")?))
    }
}

/// What the linking needs of a figure: the bodies as the world pane draws them, and the
/// difference as configuration space draws it (of the bodies at the moment it shows, which is
/// not always the world's: the iterative cast draws the bodies moved, the difference at the
/// start).
#[derive(Clone, Debug)]
pub struct Linked {
    pub a: Convex,
    pub b: Convex,
    pub md: MinkowskiDifference,
}

/// How wide the highlight's halo is drawn over an edge, and how large over a vertex, pixels.
const HALO_WIDTH: f32 = 9.0;
const HALO_DOT: f32 = 18.0;
/// Offset of a highlight's label from its point, pixels.
const LABEL_OFFSET: (f32, f32) = (12.0, -14.0);

/// The distance from `p` to the segment `u`–`v`.
fn to_segment(p: DVec2, u: DVec2, v: DVec2) -> f64 {
    (p - closest_on_segment(u, v, p).0).length()
}

/// Whether `d`, a distance to a core feature, is near the feature or near the rounded outline
/// `radius` beyond it.
fn near(d: f64, radius: f64, grab: f64) -> bool {
    d <= grab || (radius > 0.0 && (d - radius).abs() <= grab)
}

fn halo_edge(u: DVec2, v: DVec2) -> Mark {
    Mark::Segment {
        from: u,
        to: v,
        stroke: Stroke::solid(palette::LINKED.with_alpha(LINK_ALPHA), HALO_WIDTH),
    }
}

fn halo_dot(p: DVec2) -> Mark {
    Mark::dot(p, palette::LINKED.with_alpha(LINK_ALPHA), HALO_DOT)
}

fn label(p: DVec2, text: String) -> Mark {
    Mark::label(p, text, palette::TEXT, LABEL_OFFSET)
}

/// The halo's opacity: the feature shows through it.
const LINK_ALPHA: u8 = 170;

impl Linked {
    /// The linking of bodies drawn as `world` (A, B) and a difference of the bodies `md_of`.
    pub fn new(world: (&Convex, &Convex), md_of: (&Convex, &Convex)) -> Linked {
        Linked {
            a: world.0.clone(),
            b: world.1.clone(),
            md: minkowski_difference(md_of.0, md_of.1),
        }
    }

    /// The linking of `figure` of `scene`: the bodies where the figure draws them, the
    /// difference of the bodies at the moment it draws it; `None` when the bodies are invalid.
    pub fn of_figure(
        scene: &crate::scene::Scene,
        figure: &crate::figure::Figure,
    ) -> Option<Linked> {
        let world = scene.at(figure.bodies_at).bodies().ok()?;
        // Most figures draw the difference of the bodies they draw: built once.
        let md = if figure.md_at == figure.bodies_at {
            None
        } else {
            Some(scene.at(figure.md_at).bodies().ok()?)
        };
        let of = md.as_ref().unwrap_or(&world);
        Some(Linked::new((&world.a, &world.b), (&of.a, &of.b)))
    }

    /// The highlight of `feature` in both panes, configuration space as `convention` shows it.
    pub fn marks_shown(
        &self,
        feature: Feature,
        convention: crate::view::convention::Convention,
    ) -> [Vec<Mark>; 2] {
        let [world, mut config] = self.marks(feature);
        convention.apply_to_config(&mut config);
        [world, config]
    }

    fn body(&self, which: Source) -> &Convex {
        match which {
            Source::A => &self.a,
            Source::B => &self.b,
        }
    }

    /// The feature of the difference within `grab` world units of `p` (configuration space, as
    /// computed: B ⊖ A): a vertex before an edge.
    pub fn feature_in_config(&self, p: DVec2, grab: f64) -> Option<Feature> {
        let md = &self.md;
        let r = md.radius;
        let vertex = md
            .vertices
            .iter()
            .map(|v| (v, (v.point - p).length()))
            .filter(|(_, d)| near(*d, r, grab))
            .min_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((v, _)) = vertex {
            return Some(Feature::MdVertex { a: v.a, b: v.b });
        }
        (0..md.edges.len())
            .map(|i| {
                let (u, v) = md.edge_points(i);
                (i, to_segment(p, u, v))
            })
            .filter(|(_, d)| near(*d, r, grab))
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(i, _)| Feature::MdEdge(md.edges[i]))
    }

    /// The feature of a body within `grab` world units of `p` (the world pane): a vertex before
    /// an edge, B's before A's.
    pub fn feature_in_world(&self, p: DVec2, grab: f64) -> Option<Feature> {
        for which in [Source::B, Source::A] {
            let s = self.body(which);
            let vertex = s
                .vertices
                .iter()
                .enumerate()
                .map(|(i, v)| (i, (*v - p).length()))
                .filter(|(_, d)| near(*d, s.radius, grab))
                .min_by(|x, y| x.1.total_cmp(&y.1));
            if let Some((i, _)) = vertex {
                return Some(Feature::Vertex(which, i));
            }
        }
        for which in [Source::B, Source::A] {
            let s = self.body(which);
            let edge = (0..s.edge_count())
                .map(|i| {
                    let (u, v) = s.edge(i);
                    (i, to_segment(p, u, v))
                })
                .filter(|(_, d)| near(*d, s.radius, grab))
                .min_by(|x, y| x.1.total_cmp(&y.1));
            if let Some((i, _)) = edge {
                return Some(Feature::Edge(which, i));
            }
        }
        None
    }

    /// The marks of `feature`'s highlight: in the world (the body features) and in
    /// configuration space (the difference's features, as computed: B ⊖ A), each labelled.
    pub fn marks(&self, feature: Feature) -> [Vec<Mark>; 2] {
        let (mut world, mut config) = (Vec::new(), Vec::new());
        let md = &self.md;
        let vertex_of = |which: Source, i: usize| self.body(which).vertices.get(i).copied();
        let edge_of = |which: Source, i: usize| {
            let s = self.body(which);
            (i < s.edge_count()).then(|| s.edge(i))
        };
        let world_vertex = |which: Source, i: usize, out: &mut Vec<Mark>| {
            if let Some(p) = vertex_of(which, i) {
                out.push(halo_dot(p));
                out.push(label(p, vertex_name(which, i)));
            }
        };
        match feature {
            Feature::MdVertex { a, b } => {
                for v in md.vertices.iter().filter(|v| v.a == a && v.b == b) {
                    config.push(halo_dot(v.point));
                    config.push(label(v.point, feature.words()));
                }
                world_vertex(Source::A, a, &mut world);
                world_vertex(Source::B, b, &mut world);
            }
            Feature::MdEdge(e) => {
                if let Some(i) = md.edges.iter().position(|x| *x == e) {
                    let (u, v) = md.edge_points(i);
                    config.push(halo_edge(u, v));
                    config.push(label((u + v) / 2.0, feature.words()));
                }
                if let Some((u, v)) = edge_of(e.source, e.edge) {
                    world.push(halo_edge(u, v));
                    world.push(label(
                        (u + v) / 2.0,
                        format!("edge {} of {}", e.edge, side(e.source)),
                    ));
                }
                world_vertex(e.source.other(), e.vertex, &mut world);
            }
            Feature::Vertex(which, i) => {
                if let Some(p) = vertex_of(which, i) {
                    world.push(halo_dot(p));
                    world.push(label(p, feature.words()));
                }
                // The difference's vertices it is part of, and the edges of the other body it
                // moved there.
                let of = |v: &crate::geometry::minkowski::MdVertex| match which {
                    Source::A => v.a,
                    Source::B => v.b,
                };
                for v in md.vertices.iter().filter(|v| of(v) == i) {
                    config.push(halo_dot(v.point));
                }
                for (k, e) in md.edges.iter().enumerate() {
                    if e.source == which.other() && e.vertex == i {
                        let (u, v) = md.edge_points(k);
                        config.push(halo_edge(u, v));
                    }
                }
            }
            Feature::Edge(which, i) => {
                if let Some((u, v)) = edge_of(which, i) {
                    world.push(halo_edge(u, v));
                    world.push(label((u + v) / 2.0, feature.words()));
                }
                for (k, e) in md.edges.iter().enumerate() {
                    if e.source == which && e.edge == i {
                        let (u, v) = md.edge_points(k);
                        config.push(halo_edge(u, v));
                    }
                }
            }
        }
        [world, config]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Scene;

    fn linked(file: &str) -> Linked {
        let s = Scene::load(format!("{}/scenes/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let b = s.bodies().unwrap();
        Linked::new((&b.a, &b.b), (&b.a, &b.b))
    }

    #[test]
    fn pointing_at_a_vertex_of_the_difference_names_its_pair_and_shows_both_vertices() {
        let l = linked("polygon_vs_polygon_apart.json");
        for v in &l.md.vertices {
            let f = l
                .feature_in_config(v.point + DVec2::new(1e-3, 0.0), 0.01)
                .unwrap();
            assert_eq!(f, Feature::MdVertex { a: v.a, b: v.b });
            // The vertex is b − a exactly.
            assert_eq!(v.point, l.b.vertices[v.b] - l.a.vertices[v.a]);
            let [world, config] = l.marks(f);
            let dots = crate::figure::common::dots_in(
                &world,
                palette::LINKED.with_alpha(LINK_ALPHA),
                HALO_DOT,
            );
            assert_eq!(dots, vec![l.a.vertices[v.a], l.b.vertices[v.b]]);
            assert!(crate::figure::common::labels_in(&config)
                .contains(&format!("b{} \u{2212} a{}", v.b, v.a).as_str()));
        }
    }

    #[test]
    fn every_edge_of_a_body_made_an_edge_of_the_difference() {
        let l = linked("polygon_vs_polygon_overlapping.json");
        for which in [Source::A, Source::B] {
            let s = l.body(which);
            for i in 0..s.edge_count() {
                let (u, v) = s.edge(i);
                let f = l.feature_in_world((u + v) / 2.0, 1e-3).unwrap();
                assert_eq!(f, Feature::Edge(which, i));
                let [_, config] = l.marks(f);
                let halos = crate::figure::common::segments_in(
                    &config,
                    palette::LINKED.with_alpha(LINK_ALPHA),
                    HALO_WIDTH,
                );
                assert_eq!(halos.len(), 1, "{which:?} edge {i}");
                // The difference's edge is the body's edge, reversed for A.
                let (p, q) = halos[0];
                let d = if which == Source::A { u - v } else { v - u };
                assert!(((q - p) - d).length() < 1e-9);
            }
        }
    }

    #[test]
    fn an_edge_of_the_difference_shows_the_edge_and_the_vertex_that_made_it() {
        let l = linked("polygon_vs_box_overlapping.json");
        for (i, e) in l.md.edges.iter().enumerate() {
            let (u, v) = l.md.edge_points(i);
            let f = l.feature_in_config((u + v) / 2.0, 1e-6).unwrap();
            assert_eq!(f, Feature::MdEdge(*e));
            let [world, _] = l.marks(f);
            let (su, sv) = l.body(e.source).edge(e.edge);
            let halos = crate::figure::common::segments_in(
                &world,
                palette::LINKED.with_alpha(LINK_ALPHA),
                HALO_WIDTH,
            );
            assert_eq!(halos, vec![(su, sv)]);
            // The difference's edge is that edge moved by the other body's vertex.
            let other = l.body(e.source.other()).vertices[e.vertex];
            let moved = match e.source {
                Source::B => (su - other, sv - other),
                Source::A => (other - su, other - sv),
            };
            assert!((moved.0 - u).length() < 1e-9 && (moved.1 - v).length() < 1e-9);
            assert!(f.words().starts_with(&format!("edge {} of", e.edge)));
        }
    }

    #[test]
    fn a_feature_reads_back_from_the_view_and_nonsense_does_not() {
        for f in [
            Feature::MdVertex { a: 2, b: 7 },
            Feature::MdEdge(MdEdge {
                source: Source::A,
                edge: 3,
                vertex: 1,
            }),
            Feature::Vertex(Source::B, 0),
            Feature::Edge(Source::A, 5),
        ] {
            assert_eq!(Feature::from_json(&f.to_json()), Some(f));
        }
        for junk in [
            json!(null),
            json!({"md_vertex": {"a": -1, "b": 2}}),
            json!({"edge": {"body": "c", "index": 1}}),
            json!({"vertex": {"body": "a"}}),
        ] {
            assert_eq!(Feature::from_json(&junk), None, "{junk}");
        }
    }

    #[test]
    fn two_thousand_gons_are_searched_in_one_pass() {
        let l = linked("large_polygons_1000.json");
        let v = &l.md.vertices[l.md.vertices.len() / 3];
        assert_eq!(
            l.feature_in_config(v.point, 1e-9),
            Some(Feature::MdVertex { a: v.a, b: v.b })
        );
        let [world, config] = l.marks(Feature::Vertex(Source::A, v.a));
        assert!(!world.is_empty() && !config.is_empty());
    }
}

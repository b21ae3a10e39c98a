//! Marks that GJK's and EPA's figures share: Minkowski-difference points that know the pair of
//! core vertices behind them (`b_j - a_i`, parry's `CSOPoint`), those vertices in the world, the
//! cores of rounded bodies (what both algorithms measure), the witness points, the rounding
//! step that turns the cores' answer into the bodies'.

use super::common;
use super::point_cloud::MAX_NAMED_VERTICES;
use super::style;
use super::{Mark, Stroke};
use crate::geometry::minkowski::{MdVertex, MinkowskiDifference};
use crate::geometry::{Contact, Convex, DVec2, Source};
use crate::palette::{self, Rgba};

/// An MD point's name: the vertices of B and of A that made it, `b3-a1`.
pub fn pair_name(p: &MdVertex) -> String {
    format!("b{}-a{}", p.b, p.a)
}

/// The names of several MD points, in order: `b1-a0, b2-a0`.
pub fn pair_names(points: &[MdVertex]) -> String {
    points.iter().map(pair_name).collect::<Vec<_>>().join(", ")
}

/// Places configuration-space labels on the side of their point towards the middle of the MD:
/// the view fits the points, not their text, so a name written outwards from a point at the
/// MD's right edge would leave the pane.
#[derive(Clone, Copy, Debug)]
pub struct Inward {
    middle_x: f64,
}

impl Inward {
    pub fn new(md: &MinkowskiDifference) -> Inward {
        let (lo, hi) = md
            .points()
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                (lo.min(p.x), hi.max(p.x))
            });
        Inward {
            middle_x: if lo <= hi { (lo + hi) / 2.0 } else { 0.0 },
        }
    }

    /// `text` beside `at` towards the MD's middle, `down` pixels below it.
    pub fn label(&self, at: DVec2, text: String, color: Rgba, down: f32) -> Mark {
        let right = at.x <= self.middle_x;
        let x = if right {
            style::INWARD_LABEL_GAP
        } else {
            -style::INWARD_LABEL_GAP - style::LABEL_CHAR_WIDTH * text.chars().count() as f32
        };
        Mark::label(at, text, color, (x, down))
    }
}

/// Whether the figures name every vertex they single out: not on shapes with more than
/// [`MAX_NAMED_VERTICES`] (the point cloud's limit), whose neighbouring vertices' names would
/// pile up.
pub fn names_every_vertex(a: &Convex, b: &Convex) -> bool {
    a.vertices.len().max(b.vertices.len()) <= MAX_NAMED_VERTICES
}

/// In the world, for each MD point of `points`: the core vertices `a_i` of A and `b_j` of B
/// behind it as dots in `color`, each named once (on shapes of few vertices, see
/// [`names_every_vertex`]), and the arrow from `a_i` to `b_j` (the vector `b_j − a_i` the point
/// is), at `arrow_alpha`. A vertex already in `named` (by an earlier call for the same pane)
/// is not named again.
pub fn pairs_in_world(
    a: &Convex,
    b: &Convex,
    points: &[MdVertex],
    (color, arrow_alpha): (Rgba, u8),
    named: &mut Vec<(Source, usize)>,
) -> Vec<Mark> {
    let mut marks = Vec::new();
    let names = names_every_vertex(a, b);
    for p in points {
        let (pa, pb) = (a.vertices[p.a], b.vertices[p.b]);
        marks.push(Mark::arrow(
            pa,
            pb,
            Stroke::solid(color.with_alpha(arrow_alpha), style::GUIDE_WIDTH),
        ));
        for (which, i, at) in [(Source::A, p.a, pa), (Source::B, p.b, pb)] {
            marks.push(Mark::dot(at, color, style::PAIR_VERTEX_DOT));
            if names && !named.contains(&(which, i)) {
                named.push((which, i));
                let name = match which {
                    Source::A => format!("a{i}"),
                    Source::B => format!("b{i}"),
                };
                marks.push(Mark::label(at, name, color, style::POINT_NAME_LABEL));
            }
        }
    }
    marks
}

/// The core of each rounded body, dashed in its colour inside its outline (a circle's core, its
/// centre, as a dot): what GJK and EPA measure. Nothing for a body without a radius.
pub fn cores(a: &Convex, b: &Convex) -> Vec<Mark> {
    let mut marks = Vec::new();
    for (shape, which) in [(a, Source::A), (b, Source::B)] {
        if shape.radius <= 0.0 {
            continue;
        }
        let color = common::body_color(which);
        match shape.vertices.len() {
            1 => marks.push(Mark::dot(
                shape.vertices[0],
                color,
                style::CORE_POINT_WORLD_DOT,
            )),
            2 => marks.push(Mark::segment(
                shape.vertices[0],
                shape.vertices[1],
                Stroke::dashed(color, style::CORE_WIDTH),
            )),
            _ => marks.push(Mark::Polygon {
                points: shape.vertices.clone(),
                stroke: Some(Stroke::dashed(color, style::CORE_WIDTH)),
                fill: None,
                convex: true,
            }),
        }
    }
    marks
}

/// The witness points on A's and B's cores behind the point `Σ weights[i] · feature[i]` of the
/// core MD: the same combination of the vertices behind the feature's points.
pub fn weighted_witnesses(
    a: &Convex,
    b: &Convex,
    feature: &[MdVertex],
    weights: &[f64],
) -> (DVec2, DVec2) {
    feature
        .iter()
        .zip(weights)
        .fold((DVec2::ZERO, DVec2::ZERO), |(pa, pb), (p, w)| {
            (pa + a.vertices[p.a] * *w, pb + b.vertices[p.b] * *w)
        })
}

/// The witness points as dots joined by a line, as Box2D's samples draw a simplex's.
pub fn witnesses(pa: DVec2, pb: DVec2) -> [Mark; 3] {
    [
        Mark::segment(pa, pb, Stroke::solid(palette::WITNESS, style::HELPER_WIDTH)),
        Mark::dot(pa, palette::WITNESS, style::WITNESS_DOT),
        Mark::dot(pb, palette::WITNESS, style::WITNESS_DOT),
    ]
}

/// What the answer's arrow (the minimum translation's colour) shows, for the legend: the gap
/// between the witness points when apart, how B moves out when overlapping.
pub fn answer_meaning(c: &Contact) -> &'static str {
    if c.distance < 0.0 {
        "the answer: how B moves out (the depth along the normal)"
    } else {
        "the answer: the gap from A's witness point to B's"
    }
}

/// The rounding in the world: from the core witness points out along the normal by each body's
/// radius to the witness points of the rounded bodies (`c`); nothing for a body without a
/// radius (its core witness point may differ from `c`'s by rounding, which is no step to draw).
pub fn rounding_in_world(
    c: &Contact,
    (a, core_a): (&Convex, DVec2),
    (b, core_b): (&Convex, DVec2),
) -> Vec<Mark> {
    let stroke = Stroke::solid(palette::ROUNDING, style::HELPER_WIDTH);
    [(a.radius, core_a, c.point_a), (b.radius, core_b, c.point_b)]
        .into_iter()
        .filter(|(radius, _, _)| *radius > 0.0)
        .map(|(_, core, rounded)| Mark::segment(core, rounded, stroke))
        .collect()
}

/// The rounding in configuration space: from the core MD's point nearest the origin to the
/// rounded MD's (`c.md_point()`), the radii's sum long, with `text` (the rounded answer) at its
/// end.
/// Drawn as a wide faint band, so that the way to the origin drawn over it stays readable.
pub fn rounding_in_config(
    c: &Contact,
    core_point: DVec2,
    text: String,
    labels: Inward,
) -> [Mark; 3] {
    let end = c.md_point();
    [
        Mark::segment(
            core_point,
            end,
            Stroke::solid(
                palette::ROUNDING.with_alpha(style::ROUNDING_BAND_ALPHA),
                style::ROUNDING_BAND_WIDTH,
            ),
        ),
        Mark::dot(end, palette::ROUNDING, style::NEAREST_POINT_DOT),
        labels.label(end, text, palette::ROUNDING, style::NOTE_BELOW),
    ]
}

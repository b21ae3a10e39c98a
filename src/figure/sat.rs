//! The `sat` demo (the SAT article): every axis the separating-axis test tries, with A's and
//! B's projections on it, their overlap or gap, the interval A sweeps with the relative
//! velocity, and the minimum translation vector.
//!
//! Each axis is drawn as an arrow beside the shapes, perpendicular offset so that a point's
//! projection lands straight across from it; A's interval on one side of the arrow, B's on the
//! other, the swept interval further out. In configuration space the same axis carries the
//! projection of B ⊖ A, `[minB − maxA, maxB − minA]`, and the origin's projection 0: the axis
//! separates exactly when 0 is outside that interval.
//!
//! The steps walk through the axes (the step's axis is drawn strong, with its projection lines
//! and numbers); the table has one row per axis. When the shapes move, the article's swept
//! test can claim a hit that never happens (every axis overlaps, but at different times): the
//! read-outs compare its claim with the exact first contact and say so.

use super::common::{self, num, vec};
use super::style::{self, OPAQUE};
use super::{Cell, Figure, LegendEntry, Mark, Parts, Plot, PlotLabels, Readout, Stroke, Table};
use crate::geometry::sat::{
    article_polygon_collision, check_claim_of, project, sat_with, ArticleAnswer, AxisOrigin, Sat,
    SatAxis, SatOptions, SweptCheck,
};
use crate::geometry::support::HintedSupport;
use crate::geometry::{unit, Convex, DVec2, Pose, Source};
use crate::palette::{self, Rgba};
use crate::scene::{PathError, Scene};
use std::ops::Range;

/// At most this many axes are drawn: all of them for small polygons; for large ones the step's
/// axis and its neighbours (two thousand nearly parallel axes of two 1,000-gons would bury the
/// shapes in a black ring). The table still lists every axis.
pub const MAX_DRAWN_AXES: usize = 48;
/// Up to this many axes every axis line carries its name; beyond, only the step's.
const MAX_LABELLED_AXES: usize = 16;

/// Where an axis comes from, in words.
pub fn axis_words(origin: &AxisOrigin) -> String {
    match origin {
        AxisOrigin::Edge { of, edge } => {
            format!("normal of {}'s edge {edge}", of.as_str().to_uppercase())
        }
        AxisOrigin::NearestVertices { a, b } => {
            format!("A's vertex {a} to B's vertex {b} (nearest pair)")
        }
        AxisOrigin::CentreLine => "the centre line".into(),
        AxisOrigin::Cached => "the cached axis".into(),
    }
}

/// Where the axis lines of the axes `which` go: a point `k · perp(axis)` beyond every vertex of `parts` (grown by
/// `radius`), so that the axis' line runs beside the shapes; parallel axes are stacked further
/// out.
///
/// The parts are convex and the axes come in order around each shape, so a hinted support walk
/// per part finds the farthest vertices in a few steps per axis, not a scan of every vertex.
fn axis_bases(
    axes: &[SatAxis],
    which: Range<usize>,
    parts: &[Convex],
    radius: f64,
    gap: f64,
) -> Vec<DVec2> {
    let mut supports: Vec<HintedSupport> = parts.iter().map(HintedSupport::new).collect();
    which
        .map(|i| {
            let x = &axes[i];
            // Earlier axes along the same direction push this one further out.
            let stacked = axes[..i]
                .iter()
                .filter(|y| y.axis.dot(x.axis) > 1.0 - 1e-9)
                .count();
            let p = x.axis.perp();
            let beyond = supports
                .iter_mut()
                .map(|s| s.value(p))
                .fold(f64::NEG_INFINITY, f64::max)
                + radius;
            p * (beyond + gap * (1.0 + stacked as f64))
        })
        .collect()
}

/// The axes drawn at `step`: every one when there are at most [`MAX_DRAWN_AXES`], else a window
/// of that many around the step.
pub fn drawn_axes(count: usize, step: usize) -> Range<usize> {
    if count <= MAX_DRAWN_AXES {
        return 0..count;
    }
    let start = step
        .saturating_sub(MAX_DRAWN_AXES / 2)
        .min(count - MAX_DRAWN_AXES);
    start..start + MAX_DRAWN_AXES
}

/// A row of the table: the axis is the row's number (the table's `#` counts from 1, as the
/// read-outs and labels name the axes).
fn axis_row(x: &SatAxis) -> Vec<Cell> {
    let mut row = Vec::with_capacity(11);
    row.extend(
        [
            x.axis.x, x.axis.y, x.a.min, x.a.max, x.b.min, x.b.max, x.distance, x.overlap,
        ]
        .map(Cell::Number),
    );
    if let Some(sw) = x.swept {
        row.extend([sw.a.min, sw.a.max, sw.distance].map(Cell::Number));
    }
    row
}

/// The overlap (or gap) of two intervals as an interval on the axis line, and its colour.
fn overlap_interval(a: (f64, f64), b: (f64, f64)) -> (f64, f64, f32, Rgba) {
    let (lo, hi) = (a.0.max(b.0), a.1.min(b.1));
    if lo <= hi {
        (lo, hi, style::INTERVAL_ON_AXIS, palette::SAT_OVERLAP)
    } else {
        (hi, lo, style::INTERVAL_ON_AXIS, palette::SAT_GAP)
    }
}

/// A shape moved by `d`.
fn moved(shape: &Convex, d: DVec2) -> Convex {
    shape.transformed(&Pose::new(d, 0.0))
}

/// The figure at `step` (one step per axis).
pub fn build(scene: &Scene, step: usize) -> Result<Figure, PathError> {
    Ok(super::assemble(&Computed::new(scene, step)?))
}

/// The article's push counts as longer than the shortest beyond this, relative to the axis
/// spacing (about the scene's size): rounding must not make a tie look like a mistake.
const ARTICLE_AGREEMENT: f64 = 1e-9;

/// What the figure shows, computed once.
struct Computed {
    placed: common::Placed,
    /// A's velocity relative to B, as the report has it, and whether it is not zero.
    rel: DVec2,
    moving: bool,
    s: Sat,
    /// Whether the swept test's claim holds (with motion).
    check: Option<SweptCheck>,
    /// The step shown: the axis drawn strong.
    step: usize,
    /// The axes drawn, and where their lines go in each pane.
    drawn: Range<usize>,
    world_bases: Vec<DVec2>,
    config_bases: Vec<DVec2>,
    /// The spacing of the axis lines, from the scene's size.
    gap: f64,
    /// What the article's own code answers, for sharp polygons.
    article: Option<ArticleAnswer>,
}

impl Computed {
    fn new(scene: &Scene, step: usize) -> Result<Computed, PathError> {
        let placed = common::Placed::new(scene)?;
        let (a, b, md) = (&placed.a, &placed.b, &placed.md);
        let rel = scene.a.velocity - scene.b.velocity;
        let moving = rel != DVec2::ZERO;
        let s = sat_with(
            a,
            b,
            &SatOptions {
                relative_velocity: moving.then_some(rel),
                cached_axis: None,
            },
        );
        let step = step.min(s.axes.len().max(1) - 1);

        // Scale of the scene, for the spacing of the axis lines.
        let mut world_points: Vec<DVec2> = a.vertices.iter().chain(&b.vertices).copied().collect();
        if moving {
            world_points.extend(a.vertices.iter().map(|v| *v + rel));
        }
        let (lo, hi) = world_points.iter().fold(
            (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY)),
            |(lo, hi), v| (lo.min(*v), hi.max(*v)),
        );
        let span = (hi - lo).max_element() + 2.0 * a.radius.max(b.radius);
        let gap = style::AXIS_GAP * span.max(1e-9);

        // The axis lines clear A, B and A moved (world); B ⊖ A, the origin and B ⊖ A moved by
        // −rel (configuration space).
        let shifted = |vertices: &[DVec2], d: DVec2| {
            Convex::new(vertices.iter().map(|v| *v + d).collect(), 0.0)
        };
        let mut world_parts = vec![a.clone(), b.clone()];
        let md_core = shifted(&md.strict_vertices(), DVec2::ZERO);
        let mut config_parts = vec![Convex::circle(DVec2::ZERO, 0.0), md_core.clone()];
        if moving {
            world_parts.push(shifted(&a.vertices, rel));
            config_parts.push(shifted(&md_core.vertices, -rel));
        }
        let drawn = drawn_axes(s.axes.len(), step);
        let world_bases = axis_bases(
            &s.axes,
            drawn.clone(),
            &world_parts,
            a.radius.max(b.radius),
            gap,
        );
        let config_bases = axis_bases(&s.axes, drawn.clone(), &config_parts, md.radius, gap);
        Ok(Computed {
            article: article_polygon_collision(a, b, rel),
            check: check_claim_of(&s, a, b),
            placed,
            rel,
            moving,
            s,
            step,
            drawn,
            world_bases,
            config_bases,
            gap,
        })
    }

    /// The axis the swept test never tries, the normal of the relative velocity (with motion):
    /// along it A's interval does not move, so when it misses B's the shapes never meet. Its
    /// unit normal, the gap there (negative: overlap), and the separating line along the
    /// velocity in the middle of the gap, as a point on it.
    fn velocity_normal(&self) -> Option<(DVec2, f64, DVec2)> {
        if !self.moving {
            return None;
        }
        let (a, b) = (&self.placed.a, &self.placed.b);
        // A velocity with no direction (not finite) gives no axis.
        let n = unit(self.rel.perp())?;
        let (ia, ib) = (project(a, n), project(b, n));
        let (gap, mid) = if ib.min - ia.max >= ia.min - ib.max {
            (ib.min - ia.max, (ia.max + ib.min) / 2.0)
        } else {
            (ia.min - ib.max, (ib.max + ia.min) / 2.0)
        };
        let c = (a.centroid() + b.centroid()) / 2.0;
        let at = c + n * (mid - c.dot(n));
        (gap.is_finite() && at.is_finite()).then_some((n, gap, at))
    }

    /// The article's push of A when the shapes overlap and it is not the shortest (one
    /// shape's interval holds the other's, and its code picked the long side), with the
    /// shortest push of A (minus the MTV, which moves B).
    fn article_too_long(&self) -> Option<(ArticleAnswer, DVec2)> {
        let (art, m) = (self.article?, self.s.mtv?);
        let tol = ARTICLE_AGREEMENT * self.gap.max(1.0);
        (art.will_intersect && art.distance > m.depth + tol).then_some((art, -m.vector))
    }

    /// The drawn axes with their index and their line's place in the world and in B ⊖ A.
    fn drawn(&self) -> impl Iterator<Item = (usize, &SatAxis, DVec2, DVec2)> {
        self.drawn.clone().map(|i| {
            let k = i - self.drawn.start;
            (
                i,
                &self.s.axes[i],
                self.world_bases[k],
                self.config_bases[k],
            )
        })
    }

    /// The strength of axis `i`'s marks: full for the step's axis, faint for the others.
    fn axis_alpha(&self, i: usize) -> u8 {
        if i == self.step {
            OPAQUE
        } else {
            style::OTHER_AXIS_ALPHA
        }
    }

    /// An axis' name (axes count from 1, as the steps do): with its distance for the step's
    /// axis; faint axes only when few, as many nearly parallel labels pile up unreadably.
    fn axis_label(&self, i: usize, x: &SatAxis) -> String {
        if i == self.step {
            format!("axis {}: {}", i + 1, num(x.distance))
        } else if self.s.axes.len() <= MAX_LABELLED_AXES {
            format!("axis {}", i + 1)
        } else {
            String::new()
        }
    }

    /// A's end of the motion (relative to B) faint with the path there, and A at the exact
    /// first contact: everything under the bodies.
    fn motion(&self) -> Vec<Mark> {
        let (a, rel) = (&self.placed.a, self.rel);
        let mut w = Vec::new();
        if self.moving {
            w.extend([
                common::body(&moved(a, rel), Source::A, style::SWEPT_END_ALPHA),
                Mark::segment(
                    a.centroid(),
                    a.centroid() + rel,
                    Stroke::dashed(
                        palette::SHAPE_A.with_alpha(style::PATH_ALPHA),
                        style::HELPER_WIDTH,
                    ),
                ),
            ]);
        }
        if self.moving {
            w.push(common::swept_mark(a, rel));
        }
        if let Some(t) = self.check.and_then(|c| c.first_contact) {
            w.push(Mark::Polygon {
                points: moved(a, rel * t).outline(style::ARC_STEP),
                stroke: Some(Stroke::dashed(palette::HIT_POSE, style::MOVED_BODY_WIDTH)),
                fill: None,
                convex: true,
            });
        }
        w
    }

    /// One drawn axis' marks, with its line at `base`: the arrow, the intervals (`(lo, hi,
    /// offset, colour)`) and its name; the step's axis strong, the others faint.
    fn axis_marks(
        &self,
        i: usize,
        x: &SatAxis,
        base: DVec2,
        intervals: &[(f64, f64, f32, Rgba)],
    ) -> Vec<Mark> {
        let (axis, strong, label) = (x.axis, i == self.step, self.axis_label(i, x));
        let (pad, alpha) = (self.gap * style::AXIS_PAD, self.axis_alpha(i));
        let mut out = Vec::new();
        let lo = intervals.iter().map(|x| x.0).fold(f64::INFINITY, f64::min) - pad;
        let hi = intervals
            .iter()
            .map(|x| x.1)
            .fold(f64::NEG_INFINITY, f64::max)
            + pad;
        out.push(Mark::arrow(
            base + axis * lo,
            base + axis * hi,
            Stroke::solid(
                palette::SAT_AXIS.with_alpha(alpha),
                if strong {
                    style::AXIS_WIDTH
                } else {
                    style::OTHER_AXIS_WIDTH
                },
            ),
        ));
        for &(min, max, offset, color) in intervals {
            out.push(Mark::Interval {
                origin: base,
                axis,
                min,
                max,
                offset,
                color: color.with_alpha(common::scaled_alpha(color.3, alpha)),
            });
        }
        if !label.is_empty() {
            out.push(Mark::label(
                base + axis * hi,
                label,
                palette::TEXT.with_alpha(alpha),
                style::AXIS_LABEL,
            ));
        }
        out
    }

    /// The readouts of the step's axis.
    fn step_axis_readouts(&self) -> Vec<Readout> {
        let x = &self.s.axes[self.step];
        let mut r = vec![
            Readout::new(
                format!("axis {}", self.step + 1),
                format!("{} {}", vec(x.axis), axis_words(&x.origin)),
            ),
            Readout::new(
                "  A projection",
                format!("[{}, {}]", num(x.a.min), num(x.a.max)),
            ),
            Readout::new(
                "  B projection",
                format!("[{}, {}]", num(x.b.min), num(x.b.max)),
            ),
            Readout::new(
                "  interval distance",
                format!(
                    "{} ({})",
                    num(x.distance),
                    if x.distance > 0.0 { "gap" } else { "overlap" }
                ),
            ),
        ];
        if let Some(sw) = x.swept {
            r.extend([
                Readout::new(
                    "  swept A (velocity adds)",
                    format!(
                        "[{}, {}] ({})",
                        num(sw.a.min),
                        num(sw.a.max),
                        num(sw.velocity_projection)
                    ),
                ),
                Readout::new(
                    "  swept distance",
                    format!(
                        "{} ({})",
                        num(sw.distance),
                        if sw.will_intersect {
                            "overlap: no proof of a miss"
                        } else {
                            "gap: they never meet"
                        }
                    ),
                ),
            ]);
        }
        r
    }

    /// The readouts of the swept test against the exact first contact.
    fn swept_readouts(&self) -> Vec<Readout> {
        let (Some(sw), Some(c)) = (self.s.swept, self.check) else {
            return vec![Readout::new(
                "relative velocity (A - B)",
                "none: static test only",
            )];
        };
        let claim = match sw.separating_axis {
            Some(i) => format!("axis {}'s swept intervals miss: no hit", i + 1),
            None => "every swept interval overlaps: claims a hit".into(),
        };
        let mut r = vec![
            Readout::new("relative velocity (A - B)", vec(self.rel)),
            Readout::new("swept test", claim),
            Readout::new(
                "exact first contact",
                c.first_contact
                    .map_or("never".to_string(), |t| format!("t = {}", num(t))),
            ),
        ];
        if c.claim_is_false {
            r.extend([
                Readout::new("swept claim", "FALSE ALARM: no hit happens"),
                Readout::new("why", "the axes overlap at different times"),
            ]);
        } else if c.swept_claims_hit {
            r.push(Readout::new("swept claim", "true: they do meet"));
        }
        if let Some((_, gap, _)) = self.velocity_normal() {
            r.push(Readout::new(
                "velocity's normal (never tried)",
                if gap > 0.0 {
                    format!("separates, gap {}: with it, no hit", num(gap))
                } else {
                    format!("overlaps by {}: no help here", num(-gap))
                },
            ));
        }
        r
    }
}

impl Parts for Computed {
    fn steps(&self) -> (usize, usize) {
        (self.s.axes.len().max(1), self.step)
    }

    /// A's motion, the bodies, every drawn axis with A's and B's projections (and A's swept
    /// one), the step's projection lines, the MTV or the separating line, and the warning when
    /// the swept test claims a hit that does not happen.
    fn world(&self) -> Vec<Mark> {
        let (a, b) = (&self.placed.a, &self.placed.b);
        let mut w = self.motion();
        w.extend(self.placed.bodies());
        for (i, x, base, _) in self.drawn() {
            let ia = (x.a.min, x.a.max);
            let ib = (x.b.min, x.b.max);
            let mut intervals = vec![
                (ia.0, ia.1, style::INTERVAL_A_OFFSET, palette::SHAPE_A),
                (ib.0, ib.1, style::INTERVAL_B_OFFSET, palette::SHAPE_B),
                overlap_interval(ia, ib),
            ];
            if let Some(sw) = x.swept {
                intervals.push((
                    sw.a.min,
                    sw.a.max,
                    style::INTERVAL_SWEPT_OFFSET,
                    palette::SAT_SWEPT,
                ));
            }
            w.extend(self.axis_marks(i, x, base, &intervals));
            if i == self.step {
                // Projection lines from the extreme points of each shape to the axis.
                for (shape, color) in [(a, palette::SHAPE_A), (b, palette::SHAPE_B)] {
                    for dir in [x.axis, -x.axis] {
                        let p = shape.support_point(dir);
                        w.push(Mark::segment(
                            p,
                            base + x.axis * p.dot(x.axis),
                            Stroke::dashed(
                                color.with_alpha(style::GUIDE_ALPHA),
                                style::GUIDE_WIDTH,
                            ),
                        ));
                    }
                }
            }
        }
        // The MTV (moves B), or the first separating axis' line: perpendicular to the axis, in
        // the middle of the gap.
        if let Some(m) = self.s.mtv {
            let from = b.centroid();
            w.push(common::answer_arrow(from, from + m.vector, palette::MTV));
        }
        if let Some(i) = self.s.separating_axis {
            let x = &self.s.axes[i];
            let mid = (x.a.max.min(x.b.max) + x.a.min.max(x.b.min)) / 2.0;
            let c = (a.centroid() + b.centroid()) / 2.0;
            w.push(Mark::Line {
                point: c + x.axis * (mid - c.dot(x.axis)),
                direction: x.axis.perp(),
                stroke: Stroke::dashed(palette::SAT_GAP, style::HELPER_WIDTH),
            });
        }
        if let Some((art, shortest)) = self.article_too_long() {
            let from = a.centroid();
            w.extend([
                Mark::arrow(
                    from,
                    from + art.push_a,
                    Stroke::dashed(palette::ARTICLE_PUSH, style::ANSWER_WIDTH),
                ),
                Mark::label(
                    from + art.push_a,
                    format!("article: {}", num(art.distance)),
                    palette::ARTICLE_PUSH,
                    style::ARTICLE_PUSH_LABEL,
                ),
                common::answer_arrow(from, from + shortest, palette::MTV),
                Mark::label(
                    from + shortest,
                    format!("shortest: {}", num(shortest.length())),
                    palette::MTV,
                    style::ARTICLE_PUSH_LABEL,
                ),
            ]);
        }
        // The axis never tried, where it separates: its line along the velocity.
        if let Some((n, gap, at)) = self.velocity_normal().filter(|v| v.1 > 0.0) {
            w.push(Mark::Line {
                point: at,
                direction: -n.perp(),
                stroke: Stroke::dashed(palette::VELOCITY_NORMAL, style::HELPER_WIDTH),
            });
            // Named where A's motion ends, along the line: clear of the bodies it runs between.
            let along = -n.perp();
            let named = at + along * (a.centroid() + self.rel - at).dot(along);
            w.push(Mark::label(
                named,
                format!("untried axis: gap {}", num(gap)),
                palette::VELOCITY_NORMAL,
                style::FALSE_CLAIM_LABEL,
            ));
        }
        if self.check.is_some_and(|c| c.claim_is_false) && self.s.swept.is_some() {
            w.push(Mark::label(
                a.centroid() + self.rel,
                "claimed hit never happens",
                palette::SAT_FALSE_CLAIM,
                style::FALSE_CLAIM_LABEL,
            ));
        }
        w
    }

    /// B ⊖ A, every drawn axis with the MD's projection `[minB − maxA, maxB − minA]` (and
    /// moved by −rel, the swept one) and the origin's, 0, and the MTV.
    fn config(&self) -> Vec<Mark> {
        let mut c = self.placed.minkowski();
        for (i, x, _, base) in self.drawn() {
            let mut intervals = vec![(
                x.b.min - x.a.max,
                x.b.max - x.a.min,
                style::INTERVAL_B_OFFSET,
                palette::MD_FILL.with_alpha(OPAQUE),
            )];
            if let Some(sw) = x.swept {
                intervals.push((
                    x.b.min - sw.a.max,
                    x.b.max - sw.a.min,
                    style::INTERVAL_SWEPT_OFFSET,
                    palette::SAT_SWEPT,
                ));
            }
            // The origin's projection, 0 on the axis, must reach the arrow.
            intervals.push((0.0, 0.0, style::INTERVAL_ON_AXIS, palette::ORIGIN));
            c.extend(self.axis_marks(i, x, base, &intervals));
            let strong = i == self.step;
            c.push(Mark::dot(
                base,
                palette::ORIGIN.with_alpha(self.axis_alpha(i)),
                style::ORIGIN_PROJECTION_DOT,
            ));
            if strong {
                c.push(Mark::segment(
                    DVec2::ZERO,
                    base,
                    Stroke::dashed(
                        palette::ORIGIN.with_alpha(style::GUIDE_ALPHA),
                        style::GUIDE_WIDTH,
                    ),
                ));
            }
        }
        if let Some(m) = self.s.mtv {
            c.push(common::answer_arrow(DVec2::ZERO, -m.vector, palette::MTV));
        }
        c.push(common::origin());
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let (s, drawn) = (&self.s, &self.drawn);
        let mut r = vec![
            Readout::new(
                "axes",
                if drawn.len() < s.axes.len() {
                    format!(
                        "{} (drawn: {}–{}, around the step)",
                        s.axes.len(),
                        drawn.start + 1,
                        drawn.end
                    )
                } else {
                    s.axes.len().to_string()
                },
            ),
            Readout::new(
                "intersecting",
                if s.intersecting {
                    "yes: every axis overlaps"
                } else {
                    "no"
                },
            ),
            match s.separating_axis {
                Some(i) => Readout::new(
                    "first separating axis",
                    format!(
                        "axis {} (found after {})",
                        i + 1,
                        common::count(s.axes_until_answer, "axis", "axes")
                    ),
                ),
                None => Readout::new("first separating axis", "none"),
            },
        ];
        match s.mtv {
            Some(m) => r.extend([
                Readout::new("MTV (moves B)", vec(m.vector)),
                Readout::new(
                    "MTV axis, depth",
                    format!("axis {}, {}", m.axis + 1, num(m.depth)),
                ),
            ]),
            None => r.push(Readout::new(
                "largest gap (at most the distance)",
                num(s.distance),
            )),
        }
        if let (Some(art), Some(m)) = (self.article, s.mtv) {
            if art.will_intersect {
                r.push(Readout::new(
                    "article's code: push of A",
                    format!("{}, length {}", vec(art.push_a), num(art.distance)),
                ));
                r.push(Readout::new(
                    "shortest push of A (-MTV)",
                    format!("{}, length {}", vec(-m.vector), num(m.depth)),
                ));
                if self.article_too_long().is_some() {
                    r.push(Readout::new(
                        "article's answer",
                        "not the shortest (side picked by the minima)",
                    ));
                }
            }
        }
        r.extend(self.step_axis_readouts());
        r.extend(self.swept_readouts());
        r
    }

    fn legend(&self) -> Vec<LegendEntry> {
        let own = [
            (
                palette::SAT_AXIS,
                "an axis (the step's strong, the others faint)",
            ),
            (
                palette::SAT_OVERLAP,
                "the intervals' overlap (on the axis line)",
            ),
            (
                palette::SAT_GAP,
                "the intervals' gap; dashed: the separating line",
            ),
            (
                palette::SAT_SWEPT,
                "A's interval swept by the relative velocity (in B - A: the MD's); dashed: \
                 A's sweep",
            ),
            (
                palette::VELOCITY_NORMAL,
                "the untried axis, the velocity's normal: the line along the velocity it separates by",
            ),
            (
                palette::HIT_POSE,
                "A at the exact first contact (B held still)",
            ),
            (
                palette::MTV,
                "minimum translation vector (moves B; in B - A to the boundary)",
            ),
            (
                palette::ARTICLE_PUSH,
                "the article's code's push of A, longer than the shortest",
            ),
        ];
        // The swept interval and A at the first contact are drawn only with motion; the
        // article's push only where it is too long.
        let motion_only = [palette::SAT_SWEPT, palette::HIT_POSE];
        let too_long = self.article_too_long().is_some();
        common::legend_with(
            own.into_iter()
                .filter(|(c, _)| self.moving || !motion_only.contains(c))
                .filter(|(c, _)| too_long || *c != palette::ARTICLE_PUSH),
        )
    }

    /// One row per axis (every axis, drawn or not).
    fn table(&self) -> Option<Table> {
        const DISTANCE: usize = 6;
        let mut columns: Vec<String> = [
            "axis x", "axis y", "A min", "A max", "B min", "B max", "distance", "overlap",
        ]
        .iter()
        .map(|c| c.to_string())
        .collect();
        if self.moving {
            columns.extend(["swept A min", "swept A max", "swept distance"].map(String::from));
        }
        Some(Table {
            columns,
            rows: self.s.axes.iter().map(axis_row).collect(),
            plot: Plot::Bars(DISTANCE),
            labels: PlotLabels {
                title: "SAT: the interval distance on each axis",
                x: "axis",
                y: "distance",
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containment_shows_the_articles_longer_push_beside_the_shortest() {
        let scene = Scene::load(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenes/sat_containment.json"
        ))
        .unwrap();
        let bodies = scene.bodies().unwrap();
        let (a, b) = (&bodies.a, &bodies.b);
        // One holds the other: every vertex of B inside A.
        assert!(b
            .vertices
            .iter()
            .all(|v| crate::geometry::contact(a, &Convex::circle(*v, 0.0)).distance < 0.0));
        let art = article_polygon_collision(a, b, DVec2::ZERO).unwrap();
        let m = sat_with(a, b, &SatOptions::default()).mtv.unwrap();
        assert!(art.distance > m.depth + 0.5, "{art:?} {m:?}");
        let f = build(&scene, 0).unwrap();
        let dashed: Vec<(DVec2, DVec2)> = f
            .world
            .iter()
            .filter_map(|mk| match mk {
                Mark::Arrow { from, to, stroke } if stroke.color == palette::ARTICLE_PUSH => {
                    Some((*from, *to))
                }
                _ => None,
            })
            .collect();
        assert_eq!(dashed, vec![(a.centroid(), a.centroid() + art.push_a)]);
        assert!(common::arrows_in(&f.world, palette::MTV)
            .contains(&(a.centroid(), a.centroid() - m.vector)));
        let said = |name: &str| {
            f.readouts
                .iter()
                .find(|r| r.name == name)
                .unwrap_or_else(|| panic!("no {name}: {:?}", f.readouts))
                .value
                .clone()
        };
        assert!(said("article's code: push of A").ends_with(&num(art.distance)));
        assert!(said("shortest push of A (-MTV)").ends_with(&num(m.depth)));
        assert!(said("article's answer").starts_with("not the shortest"));
        assert!(f.legend.iter().any(|l| l.color == palette::ARTICLE_PUSH));

        // Where the article's code finds the shortest push, nothing is said against it.
        let plain = Scene::load(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenes/sat_projections.json"
        ))
        .unwrap();
        let f = build(&plain, 0).unwrap();
        assert!(!f.readouts.iter().any(|r| r.name == "article's answer"));
        assert!(!f.legend.iter().any(|l| l.color == palette::ARTICLE_PUSH));
    }

    /// The definition `axis_bases` keeps: a scan of every point per axis and of every earlier
    /// axis for the stacking.
    fn axis_bases_by_scan(axes: &[SatAxis], points: &[DVec2], radius: f64, gap: f64) -> Vec<DVec2> {
        (0..axes.len())
            .map(|i| {
                let p = axes[i].axis.perp();
                let beyond = points
                    .iter()
                    .map(|v| v.dot(p))
                    .fold(f64::NEG_INFINITY, f64::max)
                    + radius;
                let stacked = axes[..i]
                    .iter()
                    .filter(|y| y.axis.dot(axes[i].axis) > 1.0 - 1e-9)
                    .count();
                p * (beyond + gap * (1.0 + stacked as f64))
            })
            .collect()
    }

    #[test]
    fn large_polygons_draw_the_axes_around_the_step_and_list_them_all() {
        let scene = Scene::from_str(
            include_str!("../../scenes/large_polygons_1000.json"),
            "large_polygons_1000.json",
        )
        .unwrap();
        let r = scene_report(&scene).unwrap();
        let count = r.sat.axes.len();
        assert!(count > 2 * MAX_DRAWN_AXES, "{count} axes");
        for step in [0, 5, count / 2, count - 1] {
            let f = build(&scene, step).unwrap();
            let drawn = drawn_axes(count, step);
            assert_eq!(drawn.len(), MAX_DRAWN_AXES);
            assert!(drawn.contains(&step));
            // One A interval per drawn axis, on exactly the drawn axes.
            let a_intervals: Vec<DVec2> = f
                .world
                .iter()
                .filter_map(|m| match m {
                    Mark::Interval { axis, color, .. }
                        if color.0 == palette::SHAPE_A.0 && color.1 == palette::SHAPE_A.1 =>
                    {
                        Some(*axis)
                    }
                    _ => None,
                })
                .collect();
            let expected: Vec<DVec2> = drawn
                .clone()
                .map(|i| DVec2::from(r.sat.axes[i].axis))
                .collect();
            assert_eq!(a_intervals, expected, "step {step}");
            assert_eq!(f.table.as_ref().unwrap().rows.len(), count);
            let said = &f.readouts.iter().find(|x| x.name == "axes").unwrap().value;
            assert!(
                // Axes count from 1 in the read-outs, as in the labels and the table.
                said.contains(&format!("{}–{}", drawn.start + 1, drawn.end)),
                "{said}"
            );
        }
    }

    #[test]
    fn axis_bases_equal_the_scans_definition() {
        use crate::geometry::testing::{boxed, regular_polygon};
        let cases = [
            // Exactly aligned boxes: parallel axes to stack, and a cached axis among them.
            (
                boxed(1.0, 0.5, 0.0, 0.0, 0.0),
                boxed(0.5, 0.5, 1.2, 0.3, 0.0),
                Some(DVec2::X),
            ),
            (
                boxed(1.0, 0.5, 0.0, 0.0, 90.0),
                boxed(0.5, 0.5, 1.2, 0.3, 180.0),
                Some(-DVec2::Y),
            ),
            (
                regular_polygon(1024, 1.0, DVec2::ZERO, 0.0),
                regular_polygon(1024, 1.0, DVec2::new(1.5, 0.2), 0.0),
                Some(DVec2::new(-1.0, 1e-12)),
            ),
            (
                regular_polygon(7, 1.0, DVec2::new(1e6, 0.0), 0.3),
                regular_polygon(300, 2.0, DVec2::new(1e6 + 2.0, 1.0), 0.0),
                None,
            ),
        ];
        for (a, b, cached) in cases {
            let s = sat_with(
                &a,
                &b,
                &SatOptions {
                    relative_velocity: None,
                    cached_axis: cached,
                },
            );
            let mut points: Vec<DVec2> = a.vertices.iter().chain(&b.vertices).copied().collect();
            points.push(DVec2::ZERO);
            let parts = [a.clone(), b.clone(), Convex::circle(DVec2::ZERO, 0.0)];
            let fast = axis_bases(&s.axes, 0..s.axes.len(), &parts, 0.25, 0.5);
            assert_eq!(fast, axis_bases_by_scan(&s.axes, &points, 0.25, 0.5));
            assert!(fast.len() == s.axes.len() && !fast.is_empty());
        }
    }
    use crate::report::scene_report;

    const FALSE_ALARM: &str = include_str!("../../scenes/sat_swept_false_alarm.json");
    const OVERLAP: &str = include_str!("../../scenes/sat_projections.json");

    /// The intervals of a colour drawn on the axis line of `axis`.
    fn intervals(marks: &[Mark], axis: DVec2, color: Rgba) -> Vec<(f64, f64)> {
        marks
            .iter()
            .filter_map(|m| match m {
                Mark::Interval {
                    axis: x,
                    min,
                    max,
                    color: c,
                    ..
                } if *x == axis && c.with_alpha(OPAQUE) == color => Some((*min, *max)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_axis_carries_the_reports_projections_and_the_mtv() {
        let scene = Scene::from_str(OVERLAP, "sat_projections.json").unwrap();
        let r = scene_report(&scene).unwrap();
        let f = build(&scene, 99).unwrap();
        assert_eq!(f.steps, r.sat.axes.len());
        assert_eq!(f.step, f.steps - 1);
        for x in &r.sat.axes {
            let axis = DVec2::from(x.axis);
            // Axes along the same direction (parallel edges of A and B) are drawn each.
            let same: Vec<_> = r.sat.axes.iter().filter(|y| y.axis == x.axis).collect();
            assert_eq!(
                intervals(&f.world, axis, palette::SHAPE_A),
                same.iter().map(|y| (y.a[0], y.a[1])).collect::<Vec<_>>()
            );
            assert_eq!(
                intervals(&f.world, axis, palette::SHAPE_B),
                same.iter().map(|y| (y.b[0], y.b[1])).collect::<Vec<_>>()
            );
            assert_eq!(
                intervals(&f.config, axis, palette::MD_FILL.with_alpha(OPAQUE)),
                same.iter()
                    .map(|y| (y.b[0] - y.a[1], y.b[1] - y.a[0]))
                    .collect::<Vec<_>>()
            );
        }
        let mtv = DVec2::from(r.sat.mtv.expect("overlapping"));
        let blue: Vec<DVec2> = common::arrows_in(&f.world, palette::MTV)
            .iter()
            .map(|(from, to)| *to - *from)
            .collect();
        assert_eq!(blue.len(), 1);
        assert!((blue[0] - mtv).length() < 1e-12);
        // For polygons the SAT's MTV is the exact separation.
        assert!((mtv - DVec2::from(r.separation)).length() < 1e-9);
        let t = f.table.as_ref().unwrap();
        assert_eq!(t.rows.len(), r.sat.axes.len());
    }

    #[test]
    fn the_false_alarm_is_drawn_and_said() {
        let scene = Scene::from_str(FALSE_ALARM, "sat_swept_false_alarm.json").unwrap();
        let r = scene_report(&scene).unwrap();
        let sw = r.sat.swept.as_ref().unwrap();
        assert!(sw.swept_claims_hit && sw.claim_is_false && sw.first_contact.is_none());
        let f = build(&scene, 0).unwrap();
        for x in &r.sat.axes {
            let same: Vec<_> = r.sat.axes.iter().filter(|y| y.axis == x.axis).collect();
            assert_eq!(
                intervals(&f.world, DVec2::from(x.axis), palette::SAT_SWEPT),
                same.iter()
                    .map(|y| (y.swept_a.unwrap()[0], y.swept_a.unwrap()[1]))
                    .collect::<Vec<_>>()
            );
            assert_eq!(x.will_intersect, Some(true));
        }
        assert!(f
            .readouts
            .iter()
            .any(|x| x.name == "swept claim" && x.value.starts_with("FALSE ALARM")));
        assert!(f
            .world
            .iter()
            .any(|m| matches!(m, Mark::Label { color, .. } if *color == palette::SAT_FALSE_CLAIM)));
        // No contact, so no A′.
        assert!(!f.world.iter().any(
            |m| matches!(m, Mark::Polygon { stroke: Some(s), .. } if s.color == palette::HIT_POSE)
        ));
    }

    #[test]
    fn every_scene_builds_with_its_colours_explained() {
        crate::figure::common::check_on_every_scene(build);
    }
}

//! What every demo draws and says the same way: the bodies, the Minkowski difference with its
//! edges coloured by source, the origin, the minimum translation, the legend entries for them,
//! and numbers as the read-outs print them.

use super::style::{self, ARC_STEP, BODY_FILL_ALPHA, BODY_WIDTH, OPAQUE};
use super::{Figure, LegendEntry, Mark, Readout, Stroke};
use crate::geometry::cast::CastStatus;
use crate::geometry::minkowski::{minkowski_difference, MinkowskiDifference};
use crate::geometry::{Contact, Convex, DVec2, Source};
use crate::palette::{self, Rgba};
use crate::scene::{PathError, Scene};

/// The colour of body `which`.
pub fn body_color(which: Source) -> Rgba {
    match which {
        Source::A => palette::SHAPE_A,
        Source::B => palette::SHAPE_B,
    }
}

/// An alpha scaled by another: `alpha` at the strength `by` (255 leaves it as it is).
pub fn scaled_alpha(alpha: u8, by: u8) -> u8 {
    ((alpha as u16 * by as u16) / 255) as u8
}

/// A body's outline (rounded where it has a radius), filled in its colour. `alpha` scales the
/// whole mark: [`OPAQUE`] for the body itself, less for ghosts of other times.
pub fn body(shape: &Convex, which: Source, alpha: u8) -> Mark {
    let c = body_color(which);
    let stroke = Some(Stroke::solid(c.with_alpha(alpha), BODY_WIDTH));
    let fill = Some(c.with_alpha(scaled_alpha(BODY_FILL_ALPHA, alpha)));
    match shape.vertices.len() {
        1 => Mark::Circle {
            centre: shape.vertices[0],
            radius: shape.radius,
            stroke,
            fill,
        },
        _ => Mark::Polygon {
            points: shape.outline(ARC_STEP),
            stroke,
            fill,
            convex: true,
        },
    }
}

/// The MD: its rounded outline filled grey, then every core edge in the colour of the shape it
/// came from (the first article's red and green edges). `alpha` as in [`body`].
pub fn minkowski(md: &MinkowskiDifference, alpha: u8) -> Vec<Mark> {
    let mut marks = Vec::with_capacity(md.edges.len() + 2);
    let core = Convex::new(md.strict_vertices(), md.radius);
    let stroke = Some(Stroke::solid(
        palette::AXES.with_alpha(alpha),
        style::MD_OUTLINE_WIDTH,
    ));
    let fill = Some(palette::MD_FILL.with_alpha(scaled_alpha(palette::MD_FILL.3, alpha)));
    if core.vertices.len() == 1 {
        marks.push(Mark::Circle {
            centre: core.vertices[0],
            radius: md.radius,
            stroke,
            fill,
        });
    } else {
        marks.push(Mark::Polygon {
            points: core.outline(ARC_STEP),
            stroke,
            fill,
            convex: true,
        });
    }
    for (i, e) in md.edges.iter().enumerate() {
        let (from, to) = md.edge_points(i);
        marks.push(Mark::Segment {
            from,
            to,
            stroke: Stroke::solid(body_color(e.source).with_alpha(alpha), style::MD_EDGE_WIDTH),
        });
    }
    marks
}

/// The origin of configuration space: a black dot.
pub fn origin() -> Mark {
    Mark::dot(DVec2::ZERO, palette::ORIGIN, style::ORIGIN_DOT)
}

/// A demo's legend: the [`standard_legend`], then its own colours and what they mean.
pub fn legend_with<'a>(own: impl IntoIterator<Item = (Rgba, &'a str)>) -> Vec<LegendEntry> {
    let mut legend = standard_legend();
    legend.extend(own.into_iter().map(|(c, m)| LegendEntry::new(c, m)));
    legend
}

/// A demo's legend as [`legend_with`], but of its own entries only those whose colour is drawn
/// among `marks` (alpha aside): a legend that changes with the step names nothing that is not
/// on screen.
pub fn legend_of_drawn<'a>(
    own: impl IntoIterator<Item = (Rgba, &'a str)>,
    marks: &[Mark],
) -> Vec<LegendEntry> {
    let drawn = drawn_colors(marks);
    legend_with(own.into_iter().filter(|(c, _)| is_drawn(*c, &drawn)))
}

/// The colours `marks` are drawn in (see [`mark_colors`]), made opaque.
pub fn drawn_colors<'a>(marks: impl IntoIterator<Item = &'a Mark>) -> Vec<Rgba> {
    marks
        .into_iter()
        .flat_map(mark_colors)
        .map(|c| c.with_alpha(OPAQUE))
        .collect()
}

/// Whether `color` (alpha aside) is among `drawn` ([`drawn_colors`]): a legend entry in it
/// names something on screen.
pub fn is_drawn(color: Rgba, drawn: &[Rgba]) -> bool {
    drawn.contains(&color.with_alpha(OPAQUE))
}

/// The colours a mark is drawn in: its outline's and its fill's, a dot's, an interval's, a
/// label's text.
pub fn mark_colors(mark: &Mark) -> Vec<Rgba> {
    match mark {
        Mark::Polygon { stroke, fill, .. } | Mark::Circle { stroke, fill, .. } => {
            stroke.map(|s| s.color).into_iter().chain(*fill).collect()
        }
        Mark::Segment { stroke, .. }
        | Mark::Arrow { stroke, .. }
        | Mark::Line { stroke, .. }
        | Mark::Polyline { stroke, .. } => vec![stroke.color],
        Mark::Point { color, .. } | Mark::Interval { color, .. } | Mark::Label { color, .. } => {
            vec![*color]
        }
    }
}

/// The legend entries every demo shares: A, B, the MD's edges, the origin.
pub fn standard_legend() -> Vec<LegendEntry> {
    vec![
        LegendEntry::new(palette::SHAPE_A, "A, and MD edges that come from A"),
        LegendEntry::new(palette::SHAPE_B, "B, and MD edges that come from B"),
        LegendEntry::new(
            palette::MD_FILL.with_alpha(OPAQUE),
            "B \u{2296} A, the Minkowski difference",
        ),
        LegendEntry::new(
            palette::ORIGIN,
            "the origin: inside the MD exactly when A and B overlap",
        ),
    ]
}

/// The plot of a cast's table: the distance left against the iteration.
pub const CAST_PLOT: super::PlotLabels = super::PlotLabels {
    title: "Cast: the distance left (log scale) and the time reached",
    x: "iteration",
    y: "distance",
};

/// A number as the read-outs show it: 4 decimals, no `-0`.
pub fn num(x: f64) -> String {
    if x.is_finite() {
        format!("{:.4}", x + 0.0).replace("-0.0000", "0.0000")
    } else {
        format!("{x}")
    }
}

/// A vector as the read-outs show it.
pub fn vec(v: DVec2) -> String {
    format!("({}, {})", num(v.x), num(v.y))
}

/// `n` things, the noun singular or plural as `n` asks ("1 vertex", "3 vertices").
pub fn count(n: usize, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// How a cast ended, as a phrase for people (`report` keeps [`CastStatus::as_str`]'s
/// machine words).
pub fn cast_status_words(status: CastStatus) -> &'static str {
    match status {
        CastStatus::Hit => "hit",
        CastStatus::Miss => "miss",
        CastStatus::Overlapping => "overlapping at the start",
        CastStatus::OutOfIterations => "out of iterations",
        CastStatus::NoProgress => "no progress",
    }
}

/// A cast's time of impact as the read-outs show it: the time on a hit (0 when already
/// overlapping); on a miss none; when the cast stopped early, that it was not reached and how
/// far the motion is known to be free.
pub fn toi_words(status: CastStatus, toi: f64) -> String {
    match status {
        CastStatus::Hit | CastStatus::Overlapping => num(toi),
        CastStatus::Miss => "none: no contact before t = 1".into(),
        CastStatus::OutOfIterations | CastStatus::NoProgress => {
            format!("not reached: free up to t = {}", num(toi))
        }
    }
}

/// A yes-or-no fact as the read-outs show it.
pub fn yes_no(fact: bool) -> &'static str {
    if fact {
        "yes"
    } else {
        "no"
    }
}

/// The read-outs of a contact: whether A and B overlap, the signed distance, the normal (A to
/// B) and the separation (moves B).
pub fn contact_readouts(c: &Contact) -> Vec<Readout> {
    vec![
        Readout::new("intersecting", yes_no(c.intersecting())),
        Readout::new("distance", num(c.distance)),
        Readout::new("normal", vec(c.normal)),
        Readout::new("separation", vec(c.separation())),
    ]
}

/// The two bodies, A then B, at full strength.
pub fn bodies(a: &Convex, b: &Convex) -> Vec<Mark> {
    vec![body(a, Source::A, OPAQUE), body(b, Source::B, OPAQUE)]
}

/// The two bodies where the scene places them (at `t = 0`), and their MD: what a demo without
/// motion draws on.
pub struct Placed {
    pub a: Convex,
    pub b: Convex,
    pub md: MinkowskiDifference,
}

impl Placed {
    pub fn new(scene: &Scene) -> Result<Placed, PathError> {
        let bodies = scene.bodies()?;
        let md = minkowski_difference(&bodies.a, &bodies.b);
        Ok(Placed {
            a: bodies.a,
            b: bodies.b,
            md,
        })
    }

    /// The bodies, A then B, at full strength.
    pub fn bodies(&self) -> Vec<Mark> {
        bodies(&self.a, &self.b)
    }

    /// The MD, its edges coloured by source, at full strength.
    pub fn minkowski(&self) -> Vec<Mark> {
        minkowski(&self.md, OPAQUE)
    }
}

/// A one-step figure with the two bodies in the world and their MD (edges coloured by source)
/// in configuration space: what a demo adds its own marks to.
pub fn plain(a: &Convex, b: &Convex) -> Figure {
    let mut f = Figure {
        steps: 1,
        ..Figure::default()
    };
    f.world.extend(bodies(a, b));
    f.config
        .extend(minkowski(&minkowski_difference(a, b), OPAQUE));
    f
}

/// An arrow of what a demo finds (a translation, a normal, a distance along it), in `color`.
pub fn answer_arrow(from: DVec2, to: DVec2, color: Rgba) -> Mark {
    Mark::arrow(from, to, Stroke::solid(color, style::ANSWER_WIDTH))
}

/// The minimum translation in the world: how B moves to leave A (or, apart, the gap from A's
/// witness to B's).
pub fn minimum_translation_world(c: &Contact) -> Mark {
    let (from, to) = if c.distance < 0.0 {
        (c.point_b, c.point_b + c.separation())
    } else {
        (c.point_a, c.point_b)
    };
    answer_arrow(from, to, palette::MTV)
}

/// The minimum translation in configuration space: from the origin to the MD's nearest
/// boundary point.
pub fn minimum_translation_config(c: &Contact) -> Mark {
    answer_arrow(DVec2::ZERO, c.md_point(), palette::MTV)
}

/// A shape's outline in any colour (A′ in pink, a body at another time): filled faintly when
/// solid, unfilled when `dashed`. `alpha` scales the whole mark as in [`body`].
pub fn outline_in(shape: &Convex, color: Rgba, alpha: u8, dashed: bool) -> Mark {
    let c = color.with_alpha(alpha);
    let (stroke, fill) = if dashed {
        (Stroke::dashed(c, style::DASHED_BODY_WIDTH), None)
    } else {
        let f = scaled_alpha(BODY_FILL_ALPHA, alpha);
        (Stroke::solid(c, BODY_WIDTH), Some(color.with_alpha(f)))
    };
    match shape.vertices.len() {
        1 => Mark::Circle {
            centre: shape.vertices[0],
            radius: shape.radius,
            stroke: Some(stroke),
            fill,
        },
        _ => Mark::Polygon {
            points: shape.outline(ARC_STEP),
            stroke: Some(stroke),
            fill,
            convex: true,
        },
    }
}

/// A body's velocity arrow over the whole motion (from its position at `t = 0` to where it is
/// at `t = 1`), in its colour, as the editing handle draws it; nothing when it is at rest.
pub fn velocity_arrow(position: DVec2, velocity: DVec2, which: Source) -> Option<Mark> {
    (velocity != DVec2::ZERO).then(|| {
        Mark::arrow(
            position,
            position + velocity,
            Stroke::solid(body_color(which), style::VELOCITY_WIDTH),
        )
    })
}

/// The region `a` sweeps moving by `d`: the hull of its core and the core moved by `d`, with its
/// radius (the first article's swept shape, conv(A ∪ (A + d))).
pub fn swept_hull(a: &Convex, d: DVec2) -> Convex {
    let mut points = a.vertices.clone();
    points.extend(a.vertices.iter().map(|p| *p + d));
    let hull = crate::geometry::hull::convex_hull(&points);
    Convex::new(
        if hull.vertices.is_empty() {
            a.vertices.clone()
        } else {
            hull.vertices
        },
        a.radius,
    )
}

/// [`swept_hull`] drawn: dashed in the colour of swept things, faintly filled.
pub fn swept_mark(a: &Convex, d: DVec2) -> Mark {
    let swept = swept_hull(a, d);
    let mut m = outline_in(&swept, palette::SAT_SWEPT, OPAQUE, true);
    if let Mark::Polygon { fill, .. } | Mark::Circle { fill, .. } = &mut m {
        *fill = Some(palette::SAT_SWEPT.with_alpha(style::SWEPT_FILL_ALPHA));
    }
    m
}

/// A length for small arrows (normals) that suits the bodies' size: half the larger body's
/// reach from its core's centroid, or 1 for points.
pub fn arrow_length(a: &Convex, b: &Convex) -> f64 {
    let reach = |c: &Convex| c.max_distance_from(c.centroid());
    let r = 0.5 * reach(a).max(reach(b));
    if r > 0.0 && r.is_finite() {
        r
    } else {
        1.0
    }
}

/// Tests: the `*.json` scenes in `dir` (under the crate root), by file name, with their
/// names; a file that does not load is skipped, or a failure when `must_load`.
#[cfg(test)]
fn scenes_in(dir: &str, must_load: bool) -> Vec<(String, crate::scene::Scene)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for p in paths {
        match crate::scene::Scene::load(&p) {
            Ok(s) => out.push((p.display().to_string(), s)),
            Err(e) => assert!(!must_load, "{e}"),
        }
    }
    out
}

/// Every scene a figure test can load: the ones in `scenes/` and the extreme ones in
/// `tests/extreme/` (name, scene). Files that do not load are skipped.
#[cfg(test)]
pub fn test_scenes() -> Vec<(String, crate::scene::Scene)> {
    let mut out = scenes_in("scenes", false);
    out.extend(scenes_in("tests/extreme", false));
    out
}

/// Tests: a demo's figure on every scene of [`test_scenes`] at steps 0, 1, 3 and far past the
/// end: it builds, the step is clamped, the table has a row per step, every mark is finite.
#[cfg(test)]
pub fn check_drawable_on_test_scenes(
    build: fn(&crate::scene::Scene, usize) -> Result<Figure, crate::scene::PathError>,
) {
    let scenes = test_scenes();
    assert!(scenes.len() > 30);
    for (name, scene) in &scenes {
        for step in [0, 1, 3, usize::MAX] {
            let f = build(scene, step).unwrap();
            assert!(f.step < f.steps, "{name}");
            assert!(f.steps == 1 || f.table.as_ref().unwrap().rows.len() == f.steps);
            for m in f.world.iter().chain(&f.config) {
                assert!(mark_is_finite(m), "{name} step {step}: {m:?}");
            }
        }
    }
}

/// Whether every coordinate and size of `mark` is finite (what the renderer can draw).
#[cfg(test)]
pub fn mark_is_finite(mark: &Mark) -> bool {
    let ok = |p: &DVec2| p.is_finite();
    match mark {
        Mark::Polygon { points, .. } | Mark::Polyline { points, .. } => points.iter().all(ok),
        Mark::Circle { centre, radius, .. } => ok(centre) && radius.is_finite(),
        Mark::Segment { from, to, .. } | Mark::Arrow { from, to, .. } => ok(from) && ok(to),
        Mark::Point { at, .. } | Mark::Label { at, .. } => ok(at),
        Mark::Interval {
            origin,
            axis,
            min,
            max,
            ..
        } => ok(origin) && ok(axis) && min.is_finite() && max.is_finite(),
        Mark::Line {
            point, direction, ..
        } => ok(point) && ok(direction),
    }
}

/// Tests: every scene in `scenes/`, loaded (each must), with its file name.
#[cfg(test)]
pub fn every_scene() -> Vec<(String, crate::scene::Scene)> {
    scenes_in("scenes", true)
}

/// Tests: a demo's figure on every scene, at its first and a far step: the step is clamped,
/// the origin is drawn, the legend explains every colour of the demo's own marks.
#[cfg(test)]
pub fn check_on_every_scene(
    build: fn(&crate::scene::Scene, usize) -> Result<Figure, crate::scene::PathError>,
) {
    for (name, scene) in every_scene() {
        for step in [0, 1, usize::MAX] {
            let f = build(&scene, step).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert!(f.steps >= 1, "{name}");
            assert!(f.step < f.steps, "{name}: step {} of {}", f.step, f.steps);
            assert!(f.config.contains(&origin()), "{name}");
            assert!(!f.world.is_empty(), "{name}");
            let explained = |c: Rgba| {
                f.legend
                    .iter()
                    .any(|l| l.color.with_alpha(OPAQUE) == c.with_alpha(OPAQUE))
            };
            for m in f.world.iter().chain(&f.config) {
                let c = match m {
                    Mark::Segment { stroke, .. }
                    | Mark::Arrow { stroke, .. }
                    | Mark::Line { stroke, .. }
                    | Mark::Polyline { stroke, .. } => stroke.color,
                    Mark::Point { color, .. } | Mark::Interval { color, .. } => *color,
                    _ => continue,
                };
                assert!(
                    explained(c),
                    "{name}: {m:?} has a colour the legend does not explain"
                );
            }
            if f.steps > 1 {
                let t = f
                    .table
                    .as_ref()
                    .unwrap_or_else(|| panic!("{name}: no table"));
                assert!(
                    !t.rows.is_empty() && t.rows.iter().all(|r| r.len() == t.columns.len()),
                    "{name}"
                );
            }
        }
    }
}

/// Tests: every entry of a figure's legend names something drawn in it — some mark of the
/// world or of configuration space is in the entry's colour (alpha aside).
#[cfg(test)]
pub fn check_legend_is_drawn(f: &Figure, what: &str) {
    let drawn = drawn_colors(f.world.iter().chain(&f.config));
    for entry in &f.legend {
        assert!(
            is_drawn(entry.color, &drawn),
            "{what}: the legend's {entry:?} names nothing drawn"
        );
    }
}

/// Tests: [`check_legend_is_drawn`] on every scene of [`test_scenes`], at each of its first
/// twenty steps.
#[cfg(test)]
pub fn check_legend_on_test_scenes(
    build: fn(&crate::scene::Scene, usize) -> Result<Figure, crate::scene::PathError>,
) {
    for (name, scene) in test_scenes() {
        let steps = build(&scene, 0).unwrap().steps;
        for k in 0..steps.min(20) {
            let f = build(&scene, k).unwrap();
            check_legend_is_drawn(&f, &format!("{name} step {k}"));
        }
    }
}

/// Tests: the value of the read-out `name` (a failure lists them all when there is none).
#[cfg(test)]
pub fn readout_of<'a>(f: &'a Figure, name: &str) -> &'a str {
    match f.readouts.iter().find(|r| r.name == name) {
        Some(r) => &r.value,
        None => panic!("no read-out {name}: {:?}", f.readouts),
    }
}

/// Tests: each read-out `(name, value)` of `expected` reads so.
#[cfg(test)]
pub fn check_readouts(f: &Figure, expected: &[(&str, &str)]) {
    for (name, value) in expected {
        assert_eq!(readout_of(f, name), *value, "read-out {name}");
    }
}

/// Tests: the dots among `marks` in `color` (alpha included) and `size`, in drawing order.
#[cfg(test)]
pub fn dots_in(marks: &[Mark], color: Rgba, size: f32) -> Vec<DVec2> {
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Point {
                at,
                color: c,
                size: z,
            } if *c == color && *z == size => Some(*at),
            _ => None,
        })
        .collect()
}

/// Tests: the segments among `marks` in `color` and `width`, as (from, to), in drawing order.
#[cfg(test)]
pub fn segments_in(marks: &[Mark], color: Rgba, width: f32) -> Vec<(DVec2, DVec2)> {
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Segment { from, to, stroke }
                if stroke.color == color && stroke.width == width =>
            {
                Some((*from, *to))
            }
            _ => None,
        })
        .collect()
}

/// Tests: bodies without radii have no rounding to show, at any pose and step of `build`: B of
/// `scene` is moved and turned over 60 poses, and no mark nor legend entry is in the rounding's
/// colour (core witness points can differ from the answer's by rounding error, which must draw
/// nothing).
#[cfg(test)]
pub fn check_no_rounding_without_radii(
    scene: &str,
    build: impl Fn(&Scene, usize) -> Result<Figure, PathError>,
) {
    let mut s = Scene::from_str(scene, "s.json").unwrap();
    let start = s.b.position;
    for k in 0..60 {
        let f = k as f64;
        s.b.position = start * (f / 30.0 - 1.0) + DVec2::new((f * 0.7).sin(), (f * 1.3).cos());
        s.b.angle_deg = f * 13.0;
        for step in 0..build(&s, 0).unwrap().steps {
            let f = build(&s, step).unwrap();
            let drawn = drawn_colors(f.world.iter().chain(&f.config));
            assert!(!is_drawn(palette::ROUNDING, &drawn), "pose {k} step {step}");
            assert!(!f.legend.iter().any(|l| l.color == palette::ROUNDING));
        }
    }
}

/// Tests: the texts of the labels among `marks`, in drawing order.
#[cfg(test)]
pub fn labels_in(marks: &[Mark]) -> Vec<&str> {
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Label { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// Tests: the arrows among `marks` drawn in `color`, as (from, to), in drawing order.
#[cfg(test)]
pub fn arrows_in(marks: &[Mark], color: Rgba) -> Vec<(DVec2, DVec2)> {
    marks
        .iter()
        .filter_map(|m| match m {
            Mark::Arrow { from, to, stroke } if stroke.color == color => Some((*from, *to)),
            _ => None,
        })
        .collect()
}

/// Tests: how many MD edges (the segments of [`minkowski`], [`style::MD_EDGE_WIDTH`] wide) among
/// `marks` are drawn in `color`.
#[cfg(test)]
pub fn md_edges_in(marks: &[Mark], color: Rgba) -> usize {
    marks
        .iter()
        .filter(|m| matches!(m, Mark::Segment { stroke, .. } if stroke.color == color && stroke.width == style::MD_EDGE_WIDTH))
        .count()
}

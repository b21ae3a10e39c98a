//! The figure layer: for a scene, a demo and a step, what to draw and what to read out.
//!
//! A [`Figure`] is plain data: for each pane (the world, configuration space) a list of
//! [`Mark`]s in world units, plus the read-outs, the legend, the iteration table and the step
//! count. The window's renderer and the SVG writer draw marks and nothing else; neither
//! recomputes geometry. Tests assert on marks.
//!
//! One file per demo builds its figure (`penetration.rs`, `sat.rs`, …); [`build`] dispatches.
//! Each demo computes what it shows once, for the step, into a plain struct, and reads it in
//! parts (see `Parts` below): the world pane, configuration space, the read-outs, the legend and
//! the table, each its own function. Marks every demo draws alike are in [`common`]; every
//! pixel size, offset and alpha is named in [`style`], colours in [`crate::palette`].

pub mod aabb;
pub mod angular_cast;
pub mod circle_box;
pub mod circle_circle;
pub mod common;
pub mod compare;
pub mod epa;
pub mod gjk;
pub mod iterative_cast;
pub mod linear_cast;
pub mod moment;
pub mod pairs;
pub mod penetration;
pub mod point_cloud;
pub mod sat;
pub mod separating_axis;
pub mod style;

use crate::geometry::DVec2;
use crate::palette::Rgba;
use crate::scene::{Demo, Moment, PathError, Scene};

/// How a mark's outline is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    pub color: Rgba,
    /// In pixels (the renderer keeps it constant under zoom).
    pub width: f32,
    pub dashed: bool,
}

impl Stroke {
    pub const fn solid(color: Rgba, width: f32) -> Stroke {
        Stroke {
            color,
            width,
            dashed: false,
        }
    }

    pub const fn dashed(color: Rgba, width: f32) -> Stroke {
        Stroke {
            color,
            width,
            dashed: true,
        }
    }
}

/// One thing to draw, in world units (y-up) of its pane. Sizes in pixels stay constant under
/// zoom; sizes in world units scale with it.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A closed outline, optionally filled (convex or not: the renderer triangulates by fan
    /// only when `convex`).
    Polygon {
        points: Vec<DVec2>,
        stroke: Option<Stroke>,
        fill: Option<Rgba>,
        convex: bool,
    },
    /// An open line through the points.
    Polyline { points: Vec<DVec2>, stroke: Stroke },
    /// A circle of `radius` world units.
    Circle {
        centre: DVec2,
        radius: f64,
        stroke: Option<Stroke>,
        fill: Option<Rgba>,
    },
    /// A straight segment.
    Segment {
        from: DVec2,
        to: DVec2,
        stroke: Stroke,
    },
    /// A segment with an arrow head at `to`.
    Arrow {
        from: DVec2,
        to: DVec2,
        stroke: Stroke,
    },
    /// A dot of `size` pixels across.
    Point { at: DVec2, color: Rgba, size: f32 },
    /// An interval `[min, max]` along the unit `axis` through `origin` (projections onto a
    /// separating axis), drawn `offset` pixels to the side of the axis line.
    Interval {
        origin: DVec2,
        axis: DVec2,
        min: f64,
        max: f64,
        offset: f32,
        color: Rgba,
    },
    /// An infinite line through `point` along the unit `direction` (a separating line, an
    /// axis).
    Line {
        point: DVec2,
        direction: DVec2,
        stroke: Stroke,
    },
    /// Text anchored at a world point, offset in pixels.
    Label {
        at: DVec2,
        text: String,
        color: Rgba,
        offset: (f32, f32),
    },
}

impl Mark {
    /// A dot of `size` pixels across.
    pub fn dot(at: DVec2, color: Rgba, size: f32) -> Mark {
        Mark::Point { at, color, size }
    }

    /// Text at a world point, `offset` pixels right and down from it.
    pub fn label(at: DVec2, text: impl Into<String>, color: Rgba, offset: (f32, f32)) -> Mark {
        Mark::Label {
            at,
            text: text.into(),
            color,
            offset,
        }
    }

    pub fn segment(from: DVec2, to: DVec2, stroke: Stroke) -> Mark {
        Mark::Segment { from, to, stroke }
    }

    pub fn arrow(from: DVec2, to: DVec2, stroke: Stroke) -> Mark {
        Mark::Arrow { from, to, stroke }
    }
}

/// Which pane a mark belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaneId {
    World,
    Config,
}

/// One named number or fact, as the read-out panel lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Readout {
    pub name: String,
    pub value: String,
}

impl Readout {
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Readout {
        Readout {
            name: name.into(),
            value: value.into(),
        }
    }
}

/// A colour and what it means, for the legend.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    pub color: Rgba,
    pub meaning: String,
}

impl LegendEntry {
    pub fn new(color: Rgba, meaning: impl Into<String>) -> LegendEntry {
        LegendEntry {
            color,
            meaning: meaning.into(),
        }
    }
}

/// What the plot under the panes draws, by column of a [`Table`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Plot {
    /// No plot: the table has no column worth plotting.
    #[default]
    None,
    /// A lower and an upper bound on one quantity (GJK's distance, EPA's depth) against the
    /// iteration, on a linear scale, closing on each other; a negative (or missing) bound says
    /// nothing and is left out.
    Bounds { lower: usize, upper: usize },
    /// One bar per row of a column of signed values (overlap below zero, gap above), on a
    /// linear scale. For a scan whose rows are alternatives, not approximations: SAT's axes,
    /// the edge scan's pairs.
    Bars(usize),
    /// One bar per row of a column of counts (how much work each row took), on a linear scale
    /// from zero.
    Counts(usize),
    /// A cast's progress against the iteration: the distance left (`distance`, its magnitude
    /// on a log scale, hollow where not positive) above the time reached (`t`, linear), which
    /// climbs to the time of impact.
    Cast { distance: usize, t: usize },
}

/// What a plot shows, in words: its title and what its axes measure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlotLabels {
    pub title: &'static str,
    /// Along the bottom: what a row is ("iteration", "axis", "pair").
    pub x: &'static str,
    /// Up the side: what the heights are.
    pub y: &'static str,
}

/// One cell of a [`Table`], typed so each kind reads as it should: counts as whole numbers,
/// facts as yes or no, outcomes as words, measures as decimals, and nothing as a dash. The
/// window shows [`Cell::text`]; CSV writes exact values (`crate::export::csv`); plots read
/// [`Cell::number`].
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// How many of something (simplex points, candidates tried).
    Count(usize),
    /// Which one of something, numbered as the window numbers it (from 1 where the read-outs
    /// and labels count from 1, from 0 where they count from 0: the builder decides).
    Index(usize),
    YesNo(bool),
    /// An outcome in words ("a hull edge", "still separates").
    Word(&'static str),
    /// A name built from the scene ("b2-a1").
    Name(String),
    /// A measure (a distance, a coordinate, a time). Not NaN: a missing value is
    /// [`Cell::None`].
    Number(f64),
    /// No value here (no next step, the other shape's column).
    None,
}

impl Cell {
    /// A measure that may be missing.
    pub fn maybe(x: Option<f64>) -> Cell {
        x.map_or(Cell::None, Cell::Number)
    }

    /// The cell as the window's table shows it: numbers as the read-outs show them
    /// ([`common::num`], 4 decimals; rounding noise like −4.4e-16 reads 0.0000).
    pub fn text(&self) -> String {
        match self {
            Cell::Count(n) | Cell::Index(n) => n.to_string(),
            Cell::YesNo(b) => common::yes_no(*b).to_string(),
            Cell::Word(w) => w.to_string(),
            Cell::Name(w) => w.clone(),
            Cell::Number(x) => common::num(*x),
            Cell::None => "\u{2013}".to_string(),
        }
    }

    /// At least the number of characters of [`Cell::text`], and at most one more, without
    /// formatting it: a table of thousands of rows sizes its columns from this every frame and
    /// formats only the rows in view.
    pub fn width(&self) -> usize {
        let digits = |n: f64| {
            // The digits of the integer part of a non-negative number (at least one).
            if n < 10.0 {
                1
            } else {
                n.log10().floor() as usize + 1
            }
        };
        match self {
            Cell::Count(n) | Cell::Index(n) => digits(*n as f64),
            Cell::YesNo(b) => common::yes_no(*b).chars().count(),
            Cell::Word(w) => w.chars().count(),
            Cell::Name(w) => w.chars().count(),
            // A sign, the integer digits after rounding to 4 decimals (rounding up can add
            // one), the point and 4 decimals; `inf`, `-inf` or `NaN` otherwise.
            Cell::Number(x) if x.is_finite() => {
                usize::from(*x < 0.0) + digits(x.abs() + 0.00005) + 5
            }
            Cell::Number(x) => format!("{x}").chars().count(),
            Cell::None => 1,
        }
    }

    /// The measure or count in the cell, for a plot; `None` for every other kind (an index
    /// names a row, a word is no height).
    pub fn number(&self) -> Option<f64> {
        match self {
            Cell::Number(x) => Some(*x),
            Cell::Count(n) => Some(*n as f64),
            _ => None,
        }
    }
}

/// The rows of a traced algorithm (its iterations, or the alternatives a scan tries), one row
/// each, for the table, the plot and CSV.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
    /// What the plot under the panes draws.
    pub plot: Plot,
    /// The plot's title and axes.
    pub labels: PlotLabels,
}

impl Table {
    /// A column's measures, `None` where a row has no number there.
    pub fn numbers(&self, col: usize) -> Vec<Option<f64>> {
        self.rows
            .iter()
            .map(|r| r.get(col).and_then(Cell::number))
            .collect()
    }
}

/// Everything a demo shows for one step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Figure {
    /// Marks of the world pane, drawn in order (later on top).
    pub world: Vec<Mark>,
    /// Marks of the configuration-space pane (B ⊖ A), drawn in order.
    pub config: Vec<Mark>,
    pub readouts: Vec<Readout>,
    pub legend: Vec<LegendEntry>,
    /// How many steps the demo's trace has (1 for a demo without iterations).
    pub steps: usize,
    /// The step shown (clamped to `steps − 1`).
    pub step: usize,
    /// One row per step, when the demo has a trace.
    pub table: Option<Table>,
    /// The time of the motion at which the world pane draws the bodies (0 unless the step is a
    /// moment of the motion: a cast's iteration, a frame): the editing handles sit round the
    /// bodies as drawn.
    pub bodies_at: Moment,
    /// For a demo whose steps are moments of the motion, the time of each step (the time
    /// scrubber's ticks).
    pub step_times: Option<Vec<f64>>,
    /// The moment whose bodies the difference in configuration space is of (the bodies' own,
    /// [`Figure::bodies_at`], unless the demo says otherwise).
    pub md_at: Moment,
}

impl Figure {
    pub fn marks(&self, pane: PaneId) -> &[Mark] {
        match pane {
            PaneId::World => &self.world,
            PaneId::Config => &self.config,
        }
    }

    pub fn readout(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.readouts.push(Readout::new(name, value));
    }

    pub fn legend(&mut self, color: Rgba, meaning: impl Into<String>) {
        self.legend.push(LegendEntry::new(color, meaning));
    }
}

/// A demo's figure in parts. A demo computes what it shows for one step once, into a plain
/// struct, and implements these on it; each part only reads. The marks of a pane are in
/// drawing order (later on top).
trait Parts {
    /// How many steps the demo's trace has, and the step shown (clamped to the trace).
    fn steps(&self) -> (usize, usize) {
        (1, 0)
    }
    /// The world pane: the bodies and what the demo draws on them.
    fn world(&self) -> Vec<Mark>;
    /// The configuration-space pane: B ⊖ A, the origin and what the demo draws there.
    fn config(&self) -> Vec<Mark>;
    fn readouts(&self) -> Vec<Readout>;
    fn legend(&self) -> Vec<LegendEntry>;
    /// One row per step, for a demo with a trace.
    fn table(&self) -> Option<Table> {
        None
    }
    /// The time of the motion the world pane draws the bodies at.
    fn bodies_at(&self) -> Moment {
        Moment::default()
    }
    /// The time of each step, when the steps are moments of the motion.
    fn step_times(&self) -> Option<Vec<f64>> {
        None
    }
    /// The moment the difference drawn in configuration space is of.
    fn md_at(&self) -> Moment {
        self.bodies_at()
    }
}

/// The figure made of a demo's parts.
fn assemble(parts: &impl Parts) -> Figure {
    let (steps, step) = parts.steps();
    Figure {
        world: parts.world(),
        config: parts.config(),
        readouts: parts.readouts(),
        legend: parts.legend(),
        steps,
        step,
        table: parts.table(),
        bodies_at: parts.bodies_at(),
        step_times: parts.step_times(),
        md_at: parts.md_at(),
    }
}

/// The figure of `demo` for `scene` at `step` (clamped to the trace). A scene whose bodies are
/// invalid gives the error that names the place.
/// Its legend lists only what the step draws: an entry whose colour no mark of either pane is
/// drawn in is left out (a demo's legend names everything it can draw; a scene and a step draw
/// some of it).
pub fn build(scene: &Scene, demo: Demo, step: usize) -> Result<Figure, PathError> {
    Ok(legend_of_drawn(build_any(scene, demo, step)?))
}

/// The figure of the moment `t` of the scene's motion ([`moment`]): the bodies and their
/// difference then, the exact contact then. Its legend lists what it draws, as [`build`]'s.
pub fn at_time(scene: &Scene, t: f64) -> Result<Figure, PathError> {
    at_time_with(scene, t, moment::first_contact(scene)?)
}

/// [`at_time`] for a scene whose first contact is known already (the window's timeline asks
/// for a moment each frame it is dragged; the first contact is of the whole motion).
pub fn at_time_with(
    scene: &Scene,
    t: f64,
    first: moment::FirstContact,
) -> Result<Figure, PathError> {
    Ok(legend_of_drawn(moment::build(scene, t, first)?))
}

/// `f` with only the legend entries whose colour some mark is drawn in.
fn legend_of_drawn(mut f: Figure) -> Figure {
    let drawn = common::drawn_colors(f.world.iter().chain(&f.config));
    f.legend.retain(|e| common::is_drawn(e.color, &drawn));
    f
}

/// The figure as the demo builds it.
fn build_any(scene: &Scene, demo: Demo, step: usize) -> Result<Figure, PathError> {
    match demo {
        Demo::CircleCircle => circle_circle::build(scene, step),
        Demo::Aabb => aabb::build(scene, step),
        Demo::CircleBox => circle_box::build(scene, step),
        Demo::Penetration => penetration::build(scene, step),
        Demo::Sat => sat::build(scene, step),
        Demo::LinearCast => linear_cast::build(scene, step),
        Demo::IterativeCast => iterative_cast::build(scene, step),
        Demo::AngularCast => angular_cast::build(scene, step),
        Demo::PointCloud => point_cloud::build(scene, step),
        Demo::SeparatingAxis => separating_axis::build(scene, step),
        Demo::Gjk => gjk::build(scene, step),
        Demo::Epa => epa::build(scene, step),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::csv::table_csv;

    /// A cell's width is its text's length in characters, or one more: never less (a column
    /// sized from it never clips), on the numbers where formatting to 4 decimals adds a digit
    /// or drops a sign, and on random ones of every size.
    #[test]
    fn a_cells_width_bounds_its_text() {
        let mut cells = vec![
            Cell::None,
            Cell::YesNo(true),
            Cell::YesNo(false),
            Cell::Word("a hull edge"),
            Cell::Name("b2-a1".to_string()),
        ];
        for n in [0usize, 1, 9, 10, 99, 100, 999, 1000, 12345, usize::MAX] {
            cells.extend([Cell::Count(n), Cell::Index(n)]);
        }
        let edges = [
            0.0,
            -0.0,
            9.99994,
            9.99995,
            9.99996,
            99.99995,
            0.99995,
            -0.00004,
            -0.00005,
            -0.00006,
            -9.99995,
            1e15,
            1e16 + 7.0,
            1e300,
            -1e300,
            4.4e-16,
            -4.4e-16,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MAX,
            f64::MIN_POSITIVE,
        ];
        cells.extend(edges.map(Cell::Number));
        let mut rng = crate::geometry::testing::XorShift(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let magnitude = 10f64.powf(rng.unit() * 40.0 - 20.0);
            let sign = if rng.unit() < 0.5 { -1.0 } else { 1.0 };
            cells.push(Cell::Number(sign * magnitude));
        }
        for c in &cells {
            let chars = c.text().chars().count();
            let w = c.width();
            assert!(
                w == chars || w == chars + 1,
                "{c:?}: width {w}, text {:?}",
                c.text()
            );
        }
    }

    /// Every shipped scene, in its own demo at its first, a middle and its last step: each
    /// legend entry names something drawn (a mark in its colour).
    #[test]
    fn every_legend_entry_of_every_scene_is_drawn() {
        for entry in std::fs::read_dir(format!("{}/scenes", env!("CARGO_MANIFEST_DIR"))).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let scene = Scene::load(&path).unwrap();
            let steps = build(&scene, scene.demo, 0).unwrap().steps;
            for step in [0, steps / 2, steps - 1] {
                let f = build(&scene, scene.demo, step).unwrap();
                common::check_legend_is_drawn(&f, &format!("{} step {}", path.display(), step + 1));
            }
        }
    }

    /// The kind of a cell, to say what a column holds.
    fn kind(c: &Cell) -> &'static str {
        match c {
            Cell::Count(_) => "count",
            Cell::Index(_) => "index",
            Cell::YesNo(_) => "yes/no",
            Cell::Word(_) => "word",
            Cell::Name(_) => "name",
            Cell::Number(_) => "number",
            Cell::None => "none",
        }
    }

    fn table(file: &str, demo: Demo) -> Table {
        let path = format!("{}/scenes/{file}", env!("CARGO_MANIFEST_DIR"));
        let scene = Scene::load(std::path::Path::new(&path)).unwrap();
        build(&scene, demo, 0)
            .unwrap()
            .table
            .unwrap_or_else(|| panic!("{file}: {demo:?} has no table"))
    }

    /// Each demo with a trace: its scene, its CSV header, the kinds of its first row, its plot
    /// and the plot's axes.
    #[allow(clippy::type_complexity)]
    const DEMOS: &[(&str, Demo, &str, &[&str], Plot, (&str, &str))] = &[
        (
            "sat_projections.json",
            Demo::Sat,
            "step,axis x,axis y,A min,A max,B min,B max,distance,overlap",
            &["number"; 8],
            Plot::Bars(6),
            ("axis", "distance"),
        ),
        (
            "polygon_vs_polygon_overlapping.json",
            Demo::Penetration,
            "step,A's edge,B's vertex,B's edge,A's vertex,face distance,distance,best so far,\
             least negative so far,least positive so far,largest face distance so far,\
             separating axis",
            &[
                "index", "index", "none", "none", "number", "number", "yes/no", "number", "none",
                "number", "yes/no",
            ],
            Plot::Bars(5),
            ("pair", "distance"),
        ),
        (
            "iterative_cast_circles.json",
            Demo::IterativeCast,
            "step,t,distance,normal x,normal y,next t",
            &["number"; 5],
            Plot::Cast { distance: 1, t: 0 },
            ("iteration", "distance"),
        ),
        (
            "angular_cast_slow_spin.json",
            Demo::AngularCast,
            "step,t,distance,bound,dt",
            &["number"; 4],
            Plot::Cast { distance: 1, t: 0 },
            ("iteration", "distance"),
        ),
        (
            "point_cloud_triangles.json",
            Demo::PointCloud,
            "step,from,to,left,right,on line,verdict,accepted",
            &["name", "name", "count", "count", "count", "word", "yes/no"],
            Plot::None,
            ("", ""),
        ),
        (
            "separating_axis_frames.json",
            Demo::SeparatingAxis,
            "step,t,cache holds,tries,separated,gap",
            &["number", "none", "count", "yes/no", "number"],
            Plot::Counts(2),
            ("frame", "tries"),
        ),
        (
            "gjk_polygons_apart.json",
            Demo::Gjk,
            "step,simplex points,upper |v|,lower,gap,v x,v y,w x,w y",
            &[
                "count", "number", "number", "number", "number", "number", "number", "number",
            ],
            Plot::Bounds { lower: 2, upper: 1 },
            ("iteration", "distance"),
        ),
        (
            "epa_polygons_overlapping.json",
            Demo::Epa,
            "step,vertices,lower (edge),upper,gap,normal x,normal y,w x,w y",
            &[
                "count", "number", "number", "number", "number", "number", "number", "number",
            ],
            Plot::Bounds { lower: 1, upper: 2 },
            ("iteration", "depth"),
        ),
    ];

    #[test]
    fn every_table_has_typed_columns_and_says_what_it_plots() {
        for (file, demo, _, kinds, plot, (x, y)) in DEMOS {
            let t = table(file, *demo);
            let first: Vec<&str> = t.rows[0].iter().map(kind).collect();
            assert_eq!(first, *kinds, "{file} {demo:?}: the first row's kinds");
            // A column keeps its kind down the table (or is empty).
            for row in &t.rows {
                for (c, k) in row.iter().zip(*kinds) {
                    assert!(
                        kind(c) == *k || matches!(c, Cell::None) || *k == "none",
                        "{file} {demo:?}: {c:?} in a column of {k}"
                    );
                }
            }
            assert_eq!(t.plot, *plot, "{file} {demo:?}");
            assert_eq!((t.labels.x, t.labels.y), (*x, *y), "{file} {demo:?}");
            assert_eq!(
                t.labels.title.is_empty(),
                *plot == Plot::None,
                "{file} {demo:?}"
            );
            // The plotted columns hold numbers.
            let cols = match *plot {
                Plot::None => vec![],
                Plot::Bars(c) | Plot::Counts(c) => vec![c],
                Plot::Bounds { lower, upper } => vec![lower, upper],
                Plot::Cast { distance, t } => vec![distance, t],
            };
            for c in cols {
                assert!(
                    t.numbers(c).iter().any(Option::is_some),
                    "{file} {demo:?}: column {c} has no number to plot"
                );
            }
            // No column header carries a legend of codes.
            assert!(t
                .columns
                .iter()
                .all(|c| !c.contains('(') || c == "lower (edge)"));
        }
    }

    /// The CSV gives each cell back: exact numbers, whole numbers, words.
    #[test]
    fn every_table_round_trips_through_csv() {
        for (file, demo, header, _, _, _) in DEMOS {
            let t = table(file, *demo);
            let text = table_csv(&t);
            let lines: Vec<&str> = text.split("\r\n").collect();
            assert_eq!(lines[0], *header, "{file} {demo:?}");
            for (i, (line, row)) in lines[1..].iter().zip(&t.rows).enumerate() {
                let fields: Vec<&str> = line.split(',').collect();
                assert_eq!(fields[0], (i + 1).to_string());
                for (f, c) in fields[1..].iter().zip(row) {
                    let back = match c {
                        Cell::Number(x) => f.parse::<f64>().ok() == Some(*x + 0.0),
                        Cell::Count(n) | Cell::Index(n) => *f == n.to_string(),
                        Cell::YesNo(b) => *f == if *b { "yes" } else { "no" },
                        Cell::Word(w) => f == w,
                        Cell::Name(w) => f == w,
                        Cell::None => f.is_empty(),
                    };
                    assert!(back, "{file} {demo:?} row {}: {f:?} for {c:?}", i + 1);
                }
            }
        }
    }

    #[test]
    fn cells_read_as_the_readouts_do() {
        assert_eq!(Cell::Number(-4.4e-16).text(), "0.0000");
        assert_eq!(Cell::Number(-0.73590168).text(), "-0.7359");
        assert_eq!(Cell::Count(39).text(), "39");
        assert_eq!(Cell::Index(3).text(), "3");
        assert_eq!(Cell::YesNo(true).text(), "yes");
        assert_eq!(Cell::Word("a hull edge").text(), "a hull edge");
        assert_eq!(Cell::None.text(), "\u{2013}");
        assert_eq!(Cell::Count(39).number(), Some(39.0), "plots read counts");
        assert_eq!(
            Cell::Index(1).number(),
            None,
            "plots read measures and counts only"
        );
        assert_eq!(Cell::maybe(None), Cell::None);
    }

    /// A demo whose steps are moments of the motion gives each step's time: the table's `t`,
    /// and the time its bodies are drawn at.
    #[test]
    fn step_times_are_the_tables_times_and_the_bodies_are_drawn_then() {
        let mut checked = 0;
        for (name, scene) in common::every_scene() {
            for demo in [Demo::IterativeCast, Demo::AngularCast, Demo::SeparatingAxis] {
                let f = build(&scene, demo, 0).unwrap();
                let Some(times) = &f.step_times else {
                    assert_eq!(f.steps, 1, "{name} {demo:?}: steps without times");
                    continue;
                };
                assert_eq!(times.len(), f.steps, "{name} {demo:?}");
                let t = f.table.as_ref().unwrap();
                assert_eq!(t.columns[0], "t");
                let column: Vec<f64> = t.numbers(0).into_iter().map(Option::unwrap).collect();
                assert_eq!(&column, times, "{name} {demo:?}");
                for step in [0, f.steps / 2, f.steps - 1] {
                    let g = build(&scene, demo, step).unwrap();
                    assert_eq!(g.bodies_at.t, times[step], "{name} {demo:?} step {step}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }

    /// No table repeats the row number in a column of its own (the `#` is the step: an axis, a
    /// frame, a candidate); the edge scan's edges and vertices count from 0, as its read-outs do.
    #[test]
    fn indices_agree_with_the_readouts() {
        for (file, demo, ..) in DEMOS {
            let t = table(file, *demo);
            let repeats = (0..t.columns.len()).any(|c| {
                t.rows.len() > 1
                    && t.rows
                        .iter()
                        .enumerate()
                        .all(|(i, r)| matches!(r[c], Cell::Index(n) if n == i + 1))
            });
            assert!(!repeats, "{file} {demo:?}: a column repeats the row number");
        }
        let t = table("polygon_vs_polygon_overlapping.json", Demo::Penetration);
        assert!(t.rows.iter().any(|r| r[0] == Cell::Index(0)));
    }
}

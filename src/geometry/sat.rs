//! The separating-axis test (SAT) of the second article, static and moving, with every axis
//! recorded.
//!
//! **The idea.** Two convex shapes are apart exactly when some line separates them, and for
//! convex polygons it is enough to try the lines parallel to their edges: project both shapes
//! onto each edge's normal (the *axis*) and compare the two intervals. If one axis shows a gap,
//! the shapes are apart; if every axis shows an overlap, they intersect, and the axis with the
//! smallest overlap gives the minimum translation vector (MTV). In the configuration space each
//! axis is a face normal of B ⊖ A, and the interval distance along it is how far the origin lies
//! outside (or inside) that face.
//!
//! **Rounded shapes.** A shape here is a core polygon plus a radius ([`Convex`]); rounding widens
//! each projected interval by the radius on both ends. The edge normals then no longer suffice:
//! the rounded B ⊖ A also has round corners, whose normals point from the origin towards an MD
//! vertex, i.e. along `b_j − a_i` for some pair of core vertices. One such axis is enough: the
//! pair of core vertices nearest each other. The axes used, per pair of cores:
//!
//! | cores | axes |
//! |---|---|
//! | two sharp polygons (radius 0) | the edge normals of A and B (the article's set) |
//! | polygons, at least one rounded | the edge normals + the nearest-vertices axis |
//! | a segment and anything | its one normal + the other's edge normals + the nearest-vertices axis |
//! | a point (circle) and a polygon or segment | the other's edge normals + the line from the centre to the other's nearest vertex |
//! | two points (two circles) | the centre line |
//!
//! In words: every edge normal of a core with at least three vertices (outward); the one normal
//! of a segment core (its edge 0; edge 1 is the same line); and, whenever a radius is positive
//! or a core has fewer than three vertices, the **nearest-vertices axis** from A's core vertex
//! to B's core vertex nearest it (for a circle: from the other shape's nearest vertex to the
//! centre, oriented from A to B; for two circles: the centre line, +x if the centres coincide).
//!
//! **How exact.** Any axis gives a valid test (a gap on it proves the shapes apart) and an
//! overlap no smaller than the true depth. With the set above, the largest interval distance is
//! the exact signed distance whenever the exact contact normal is among the axes:
//! * two sharp polygons (radius 0, at least three vertices each): overlapping, the exact normal is
//!   an MD face normal, so depth and MTV are exact; apart, only a **lower bound** of the gap
//!   (the article's axes miss the vertex-to-vertex direction), but `intersecting` is exact;
//! * with the nearest-vertices axis (rounded or degenerate cores): exact in both cases in exact
//!   arithmetic, because the nearest point of the (rounded) MD is either on a face, whose normal
//!   is an edge normal, or at a round corner, whose core vertex pair is the nearest pair (any
//!   vertex pair is at least as far apart as the nearest points). The article's edge normals
//!   alone are *not* exact for rounded shapes: a circle near a box corner overlaps on every edge
//!   axis while apart. Seeded tests check all kinds of shapes against [`super::contact`] to
//!   1e-9; in floating point, cases within about 1e-9 of touching can go either way.
//!
//! **Moving shapes (the article's second step).** Given the velocity of **A relative to B**
//! (`velocity_a − velocity_b`, the article's convention), each axis also gets A's interval
//! extended by the velocity's projection: the interval A sweeps over `t ∈ [0, 1]`. If the swept
//! interval still misses B's on some axis, the shapes never meet. If every swept interval
//! overlaps, the article concludes "will intersect" — and that claim **can be false**: the swept
//! intervals may overlap on each axis at different times. [`SweptResult::swept_claims_hit`] is
//! that claim, never called the truth; [`check_swept_claim`] compares it with an exact first
//! contact time ([`first_contact_time`]). (The missing axis is the normal of the velocity: with
//! it the swept test would be exact for polygons.)
//!
//! **Frame coherence.** A separating axis found last frame often still separates: pass it as
//! `cached_axis`, it becomes axis 0, and [`CacheOutcome`] says whether it still separates. Every
//! axis is still recorded (the figure draws them all); [`Sat::axes_until_answer`] says how many
//! the article's early exit would have needed.
//!
//! **Two changes to the article's code:**
//! * its interval distance picks the side by comparing the minima, so when one interval contains
//!   the other it reports a push that is not the shortest; here the signed distance is the
//!   larger of the two one-sided gaps, and the push goes the shorter way (pinned by the test
//!   `article_interval_distance_fix_containment_pushes_the_short_way`);
//! * it orients the MTV by the centres of the shapes and applies it to A; here the orientation
//!   comes from the same one-sided gap (the side B must go to with the least travel), and the
//!   MTV moves B, as everywhere in this program. Negate it to push A instead.
//!
//! Conventions (design section 2): world frame, y-up; every normal and the MTV point from A
//! towards B, and the MTV is the translation of **B** that leaves the shapes just touching (the
//! same as [`Contact::separation`](super::Contact::separation)); distances are signed, `> 0` a
//! gap, `< 0` an overlap; touching counts as intersecting.

use super::cast::MovingBody;
use super::distance::DEGENERATE_NORMAL;
use super::linear_cast::linear_cast;
use super::support::HintedSupport;
use super::{Convex, DVec2, Pose, Source};

/// A closed interval `[min, max]` on an axis (world units along the unit axis).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub min: f64,
    pub max: f64,
}

impl Interval {
    /// The signed distance from this interval to `other`: the larger of the two one-sided gaps
    /// `other.min − self.max` and `self.min − other.max`. `> 0` a gap, `≤ 0` they share a point;
    /// `−distance` is then the shortest push of `other` that separates them.
    pub fn distance_to(&self, other: &Interval) -> f64 {
        (other.min - self.max).max(self.min - other.max)
    }
}

/// What the article's `PolygonCollision` answers, computed step for step as its code does
/// (see [`article_polygon_collision`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArticleAnswer {
    /// Its "are they intersecting now": no axis showed a gap.
    pub intersect: bool,
    /// Its "will they intersect": no swept interval showed a gap.
    pub will_intersect: bool,
    /// The axis it kept (unit, turned so A's centre lies on its positive side of B's).
    pub axis: DVec2,
    /// The interval distance it kept: the smallest `|distance|` over the axes it tried.
    pub distance: f64,
    /// Its "minimum translation vector", which it applies to **A**: `axis · distance` when it
    /// says they will intersect, else zero.
    pub push_a: DVec2,
}

/// The second article's `PolygonCollision(A, B, velocity)` on two sharp polygons, as its code
/// computes it, for showing beside the true answer; `None` unless both cores are polygons of
/// three or more vertices and neither is rounded (its code takes polygons only).
///
/// What its code does, kept here: the axes are `(−e.y, e.x)` normalised for each edge
/// `e = p[i+1] − p[i]` of A then of B (with this program's counter-clockwise vertices they
/// point inward); the interval distance picks its side by comparing the minima (`minA < minB`:
/// `minB − maxA`, else `minA − maxB`), taken on A's interval swept by `velocity` (A's velocity
/// relative to B); the loop stops at the first axis where both the static and the swept
/// intervals show a gap; it keeps the first axis of smallest `|distance|` and turns it so that
/// `(centre A − centre B) · axis ≥ 0`, a centre being the mean of the vertices. When one
/// shape's interval contains the other's, the side the minima pick need not be the short one,
/// so its push can be longer than the shortest (the module doc's first change).
pub fn article_polygon_collision(a: &Convex, b: &Convex, velocity: DVec2) -> Option<ArticleAnswer> {
    let polygon = |c: &Convex| c.radius == 0.0 && c.vertices.len() >= 3;
    if !polygon(a) || !polygon(b) {
        return None;
    }
    let project = |c: &Convex, axis: DVec2| {
        c.vertices
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                let d = p.dot(axis);
                (lo.min(d), hi.max(d))
            })
    };
    let interval_distance = |(min_a, max_a): (f64, f64), (min_b, max_b): (f64, f64)| {
        if min_a < min_b {
            min_b - max_a
        } else {
            min_a - max_b
        }
    };
    let centre = |c: &Convex| c.vertices.iter().sum::<DVec2>() / c.vertices.len() as f64;
    let edges = |c: &Convex| -> Vec<DVec2> {
        let n = c.vertices.len();
        (0..n)
            .map(|i| c.vertices[(i + 1) % n] - c.vertices[i])
            .collect()
    };
    let mut answer = ArticleAnswer {
        intersect: true,
        will_intersect: true,
        axis: DVec2::ZERO,
        distance: f64::INFINITY,
        push_a: DVec2::ZERO,
    };
    for edge in edges(a).into_iter().chain(edges(b)) {
        let axis = DVec2::new(-edge.y, edge.x).normalize_or_zero();
        let (mut ia, ib) = (project(a, axis), project(b, axis));
        if interval_distance(ia, ib) > 0.0 {
            answer.intersect = false;
        }
        let v = axis.dot(velocity);
        if v < 0.0 {
            ia.0 += v;
        } else {
            ia.1 += v;
        }
        let swept = interval_distance(ia, ib);
        if swept > 0.0 {
            answer.will_intersect = false;
        }
        if !answer.intersect && !answer.will_intersect {
            break;
        }
        if swept.abs() < answer.distance {
            answer.distance = swept.abs();
            answer.axis = if (centre(a) - centre(b)).dot(axis) < 0.0 {
                -axis
            } else {
                axis
            };
        }
    }
    if answer.will_intersect {
        answer.push_a = answer.axis * answer.distance;
    }
    Some(answer)
}

/// Where an axis comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AxisOrigin {
    /// The outward normal of core edge `edge` of shape `of` (for a segment core, edge 0).
    Edge { of: Source, edge: usize },
    /// From A's core vertex `a` towards B's core vertex `b`, the nearest pair (the round
    /// corner's normal; for a circle, nearest vertex to centre).
    NearestVertices { a: usize, b: usize },
    /// Two point cores: the line from A's centre to B's centre.
    CentreLine,
    /// The axis passed in as `cached_axis` (last frame's separating axis).
    Cached,
}

/// The article's moving step on one axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweptAxis {
    /// The velocity of A relative to B projected on the axis.
    pub velocity_projection: f64,
    /// A's interval extended by that projection: what A covers over `t ∈ [0, 1]`.
    pub a: Interval,
    /// Signed distance from the swept interval to B's (`> 0` a gap).
    pub distance: f64,
    /// `distance ≤ 0`: this axis does not rule out a hit.
    pub will_intersect: bool,
}

/// One axis tried, with everything a figure needs to draw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SatAxis {
    /// Unit axis, world frame.
    pub axis: DVec2,
    pub origin: AxisOrigin,
    /// A's projection (core projection widened by A's radius).
    pub a: Interval,
    /// B's projection (core projection widened by B's radius).
    pub b: Interval,
    /// Signed interval distance, [`Interval::distance_to`] from A to B: `> 0` a gap, `< 0` an
    /// overlap.
    pub distance: f64,
    /// `max(0, −distance)`: how far B must move along this axis to separate (the shortest push,
    /// not the length of the shared part when one interval contains the other).
    pub overlap: f64,
    /// `±axis`, the way B would move along this axis to separate: from A towards B.
    pub normal: DVec2,
    /// The velocity-extended test, when a velocity was given.
    pub swept: Option<SweptAxis>,
}

/// Whether last frame's axis still separates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CacheOutcome {
    /// No cached axis was given (or it was zero or not finite).
    None,
    /// The cached axis (axis 0) still shows a gap.
    StillSeparates,
    /// It shows an overlap or a touch now; the other axes decide.
    NoLongerSeparates,
}

/// The minimum translation vector.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mtv {
    /// Index into [`Sat::axes`] of the axis with the least overlap.
    pub axis: usize,
    /// Unit, from A towards B.
    pub normal: DVec2,
    /// The overlap along it, `≥ 0` (0 when touching).
    pub depth: f64,
    /// `depth · normal`: the translation of B that leaves the shapes just touching.
    pub vector: DVec2,
}

/// The moving test's overall answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweptResult {
    /// The velocity of A relative to B that was projected.
    pub velocity: DVec2,
    /// The article's "will intersect": every swept interval overlaps B's. A claim, not the
    /// truth — see [`check_swept_claim`].
    pub swept_claims_hit: bool,
    /// The first axis whose swept interval still misses B's (proof that they never meet).
    pub separating_axis: Option<usize>,
}

/// Everything the test looked at and what it concluded.
#[derive(Clone, Debug, PartialEq)]
pub struct Sat {
    /// Every axis, in order: the cached one (if any), A's edges, B's edges, then the
    /// nearest-vertices or centre-line axis.
    pub axes: Vec<SatAxis>,
    pub cache: CacheOutcome,
    /// The first axis (in order) with a gap, where the article's loop would stop; `None` when
    /// every axis overlaps or touches.
    pub separating_axis: Option<usize>,
    /// How many axes the article's early exit would have tested before knowing the answer: up to
    /// and including the first separating axis, or all of them.
    pub axes_until_answer: usize,
    /// Whether the closed shapes share a point: interval distance `≤ 0` on every axis.
    pub intersecting: bool,
    /// The axis with the largest interval distance.
    pub best_axis: usize,
    /// Its interval distance: minus the penetration depth when intersecting; when apart a lower
    /// bound of the gap (exact with the nearest-vertices axis, see the module doc).
    pub distance: f64,
    /// The MTV when intersecting (a zero vector when touching), `None` when apart.
    pub mtv: Option<Mtv>,
    /// The moving test, when a velocity was given.
    pub swept: Option<SweptResult>,
}

/// Optional inputs of [`sat_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SatOptions {
    /// The velocity of A relative to B (`velocity_a − velocity_b`, world units per the cast's
    /// unit of time): turns on the article's moving test.
    pub relative_velocity: Option<DVec2>,
    /// Last frame's separating axis (any length, either sign): tried first.
    pub cached_axis: Option<DVec2>,
}

/// The static SAT of two world-space shapes.
pub fn sat(a: &Convex, b: &Convex) -> Sat {
    sat_with(a, b, &SatOptions::default())
}

/// The SAT with the article's moving test: `relative_velocity` is A's velocity relative to B.
pub fn sat_moving(a: &Convex, b: &Convex, relative_velocity: DVec2) -> Sat {
    sat_with(
        a,
        b,
        &SatOptions {
            relative_velocity: Some(relative_velocity),
            cached_axis: None,
        },
    )
}

/// The SAT with every option (see [`SatOptions`]).
pub fn sat_with(a: &Convex, b: &Convex, options: &SatOptions) -> Sat {
    let cached = options
        .cached_axis
        .and_then(|c| c.try_normalize())
        .map(|axis| (axis, AxisOrigin::Cached));
    let candidates: Vec<(DVec2, AxisOrigin)> = cached.into_iter().chain(axis_set(a, b)).collect();

    // The axes come in order around each shape, so each projection starts from the last.
    let (mut sa, mut sb) = (HintedSupport::new(a), HintedSupport::new(b));
    let axes: Vec<SatAxis> = candidates
        .iter()
        .map(|&(axis, origin)| {
            measure_axis(&mut sa, &mut sb, axis, origin, options.relative_velocity)
        })
        .collect();

    let separating_axis = axes.iter().position(|x| x.distance > 0.0);
    let axes_until_answer = separating_axis.map_or(axes.len(), |i| i + 1);
    let intersecting = separating_axis.is_none();
    // Largest interval distance; the first of equal ones wins (axes are never empty: a point
    // pair has its centre line).
    let best_axis = (0..axes.len())
        .reduce(|best, i| {
            if axes[i].distance > axes[best].distance {
                i
            } else {
                best
            }
        })
        .unwrap_or(0);
    let distance = axes[best_axis].distance;
    let mtv = intersecting.then(|| {
        let x = &axes[best_axis];
        Mtv {
            axis: best_axis,
            normal: x.normal,
            depth: x.overlap,
            vector: x.overlap * x.normal,
        }
    });
    let cache = match cached {
        None => CacheOutcome::None,
        Some(_) if axes[0].distance > 0.0 => CacheOutcome::StillSeparates,
        Some(_) => CacheOutcome::NoLongerSeparates,
    };
    let swept = options.relative_velocity.map(|velocity| {
        let separating = axes
            .iter()
            .position(|x| x.swept.is_some_and(|s| !s.will_intersect));
        SweptResult {
            velocity,
            swept_claims_hit: separating.is_none(),
            separating_axis: separating,
        }
    });
    Sat {
        axes,
        cache,
        separating_axis,
        axes_until_answer,
        intersecting,
        best_axis,
        distance,
        mtv,
        swept,
    }
}

/// The axes of the module doc's table, in order: A's edges, B's edges, then the
/// nearest-vertices (or centre-line) axis when needed.
pub fn axis_set(a: &Convex, b: &Convex) -> Vec<(DVec2, AxisOrigin)> {
    let mut axes = Vec::new();
    for (of, shape) in [(Source::A, a), (Source::B, b)] {
        // A segment's edge 1 is edge 0 reversed: the same axis.
        let edges = if shape.vertices.len() == 2 {
            1
        } else {
            shape.edge_count()
        };
        for edge in 0..edges {
            axes.push((shape.edge_normal(edge), AxisOrigin::Edge { of, edge }));
        }
    }
    let sharp_polygons =
        a.radius == 0.0 && b.radius == 0.0 && a.vertices.len() >= 3 && b.vertices.len() >= 3;
    if !sharp_polygons {
        let (ia, ib) = nearest_vertices(a, b);
        let axis = (b.vertices[ib] - a.vertices[ia])
            .try_normalize()
            .unwrap_or(DEGENERATE_NORMAL);
        let origin = if a.vertices.len() == 1 && b.vertices.len() == 1 {
            AxisOrigin::CentreLine
        } else {
            AxisOrigin::NearestVertices { a: ia, b: ib }
        };
        axes.push((axis, origin));
    }
    axes
}

/// The pair of core vertices (index in A, index in B) nearest each other; the first of tied
/// pairs.
pub fn nearest_vertices(a: &Convex, b: &Convex) -> (usize, usize) {
    let mut best = (0, 0);
    let mut best_d2 = f64::INFINITY;
    for (i, &p) in a.vertices.iter().enumerate() {
        for (j, &q) in b.vertices.iter().enumerate() {
            let d2 = (q - p).length_squared();
            if d2 < best_d2 {
                best_d2 = d2;
                best = (i, j);
            }
        }
    }
    best
}

/// A shape's projection on a unit axis, widened by its radius.
pub fn project(shape: &Convex, axis: DVec2) -> Interval {
    project_hinted(&mut HintedSupport::new(shape), axis)
}

/// [`project`] for one of many axes in turn, starting from the last one's extremes.
fn project_hinted(support: &mut HintedSupport, axis: DVec2) -> Interval {
    let (lo, hi) = support.interval(axis);
    let radius = support.shape().radius;
    Interval {
        min: lo - radius,
        max: hi + radius,
    }
}

fn measure_axis(
    a: &mut HintedSupport,
    b: &mut HintedSupport,
    axis: DVec2,
    origin: AxisOrigin,
    velocity: Option<DVec2>,
) -> SatAxis {
    let ia = project_hinted(a, axis);
    let ib = project_hinted(b, axis);
    // B beyond A along +axis, or beyond along −axis: the larger one-sided gap is the distance,
    // and its side is the way B should move.
    let above = ib.min - ia.max;
    let below = ia.min - ib.max;
    let (distance, normal) = if above >= below {
        (above, axis)
    } else {
        (below, -axis)
    };
    let swept = velocity.map(|v| {
        let s = v.dot(axis);
        let a = Interval {
            min: ia.min + s.min(0.0),
            max: ia.max + s.max(0.0),
        };
        let distance = a.distance_to(&ib);
        SweptAxis {
            velocity_projection: s,
            a,
            distance,
            will_intersect: distance <= 0.0,
        }
    });
    SatAxis {
        axis,
        origin,
        a: ia,
        b: ib,
        distance,
        overlap: (-distance).max(0.0),
        normal,
        swept,
    }
}

/// How the exact first contact time was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TruthMethod {
    /// Sharp cores: per axis, the times at which the (translating) intervals overlap, intersected
    /// over all axes. Exact, because for translation the axis set does not change with time.
    AxisTimeIntervals,
    /// Rounded shapes: the linear cast, the ray from the origin along the relative motion
    /// against the rounded B ⊖ A (its core edges as capsules, its vertices as discs), in closed
    /// form ([`crate::geometry::linear_cast`]).
    RayAgainstRoundedMd,
}

/// The article's moving claim next to the truth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweptCheck {
    /// What the swept intervals claim (every axis overlaps).
    pub swept_claims_hit: bool,
    /// The exact first time of contact in `[0, 1]` (0 if intersecting at the start), `None` if
    /// the shapes never touch during the motion.
    pub first_contact: Option<f64>,
    pub method: TruthMethod,
    /// The swept test claims a hit that never happens. (The opposite cannot occur: a gap between
    /// swept intervals is a proof.)
    pub claim_is_false: bool,
}

/// Run the moving SAT and check its claim against the exact first contact time.
/// `relative_velocity` is A's velocity relative to B, as in [`sat_moving`].
pub fn check_swept_claim(a: &Convex, b: &Convex, relative_velocity: DVec2) -> SweptCheck {
    check_claim_of(&sat_moving(a, b, relative_velocity), a, b)
        .expect("sat_moving runs the moving test")
}

/// [`check_swept_claim`] for a SAT already run (with [`sat_with`]) on `a` and `b` with a
/// velocity; `None` when it ran without one.
pub fn check_claim_of(sat: &Sat, a: &Convex, b: &Convex) -> Option<SweptCheck> {
    let swept = sat.swept?;
    let claims = swept.swept_claims_hit;
    let (first_contact, method) = first_contact_time(a, b, swept.velocity);
    Some(SweptCheck {
        swept_claims_hit: claims,
        first_contact,
        method,
        claim_is_false: claims && first_contact.is_none(),
    })
}

/// The exact first time `t ∈ [0, 1]` at which A, moving by `relative_velocity · t` (B still),
/// touches B; `None` if never. Touching counts. See [`TruthMethod`] for how.
pub fn first_contact_time(
    a: &Convex,
    b: &Convex,
    relative_velocity: DVec2,
) -> (Option<f64>, TruthMethod) {
    if a.radius == 0.0 && b.radius == 0.0 {
        (
            axis_time_intervals(a, b, relative_velocity),
            TruthMethod::AxisTimeIntervals,
        )
    } else {
        (
            ray_against_rounded_md(a, b, relative_velocity),
            TruthMethod::RayAgainstRoundedMd,
        )
    }
}

/// Time-interval SAT for sharp cores. The axes: every edge normal; for a segment core also its
/// direction; for two point cores x and y. With them, "every interval overlaps" is exactly
/// "the shapes share a point" at every instant (the axes are the face normals of B ⊖ A, plus
/// its direction when it is a segment, plus two axes when it is a point).
fn axis_time_intervals(a: &Convex, b: &Convex, v: DVec2) -> Option<f64> {
    let mut axes: Vec<DVec2> = Vec::new();
    for shape in [a, b] {
        for e in 0..shape.edge_count() {
            axes.push(shape.edge_normal(e));
        }
        if shape.vertices.len() == 2 {
            axes.push((shape.vertices[1] - shape.vertices[0]).normalize());
        }
    }
    if a.vertices.len() == 1 && b.vertices.len() == 1 {
        axes.push(DVec2::X);
        axes.push(DVec2::Y);
    }
    let (mut enter, mut exit) = (0.0_f64, 1.0_f64);
    let (mut sa, mut sb) = (HintedSupport::new(a), HintedSupport::new(b));
    for u in axes {
        let ia = project_hinted(&mut sa, u);
        let ib = project_hinted(&mut sb, u);
        // A(t) = [ia.min + s·t, ia.max + s·t] meets B when lo ≤ s·t ≤ hi.
        let (lo, hi) = (ib.min - ia.max, ib.max - ia.min);
        let s = v.dot(u);
        if s == 0.0 {
            if lo > 0.0 || hi < 0.0 {
                return None;
            }
            continue;
        }
        let (t0, t1) = if s > 0.0 {
            (lo / s, hi / s)
        } else {
            (hi / s, lo / s)
        };
        enter = enter.max(t0);
        exit = exit.min(t1);
        if enter > exit {
            return None;
        }
    }
    Some(enter)
}

/// The linear cast (the ray from the origin along the relative motion against the rounded
/// B ⊖ A, in closed form) with A moving by `v` and B still: the first time of contact, or `None`.
fn ray_against_rounded_md(a: &Convex, b: &Convex, v: DVec2) -> Option<f64> {
    let moving = MovingBody {
        velocity: v,
        ..MovingBody::at_rest(a.clone(), Pose::default())
    };
    let cast = linear_cast(&moving, &MovingBody::at_rest(b.clone(), Pose::default()));
    cast.status.is_hit().then_some(cast.toi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Convex {
        Convex::new(
            vec![
                DVec2::new(x0, y0),
                DVec2::new(x1, y0),
                DVec2::new(x1, y1),
                DVec2::new(x0, y1),
            ],
            0.0,
        )
    }

    #[test]
    fn article_interval_distance_fix_containment_pushes_the_short_way() {
        // A = [0, 10] contains B = [1, 2] on x: the article would push 9; the short way is 2.
        let a = rect(0.0, 0.0, 10.0, 10.0);
        let b = rect(1.0, 4.0, 2.0, 6.0);
        let s = sat(&a, &b);
        let x = &s.axes[0]; // A's bottom edge: axis −y
        assert_eq!(x.axis, DVec2::new(0.0, -1.0));
        let m = s.mtv.unwrap();
        assert_eq!(m.depth, 2.0, "mtv {m:?}");
        assert_eq!(m.vector, DVec2::new(-2.0, 0.0));
    }

    #[test]
    fn the_articles_code_pushes_the_long_way_when_one_shape_contains_the_other() {
        // A triangle holding a small triangle near its long bottom edge: neither has an edge
        // whose axis faces down, so the article's minima comparison never sees the short side.
        let tri = |p: [[f64; 2]; 3]| Convex::new(p.iter().map(|&v| DVec2::from(v)).collect(), 0.0);
        let a = tri([[-4.0, -2.0], [4.0, -2.0], [0.0, 4.0]]);
        let b = tri([[-1.0, -1.5], [1.0, -1.5], [0.0, -0.5]]);
        let art = article_polygon_collision(&a, &b, DVec2::ZERO).unwrap();
        assert!(art.intersect && art.will_intersect);
        let m = sat(&a, &b).mtv.unwrap();
        // The shortest push takes B out through the bottom edge: 1.5 (A moves up by as much).
        assert!((m.depth - 1.5).abs() < 1e-12, "{m:?}");
        assert!((art.distance - 5.5 / 2f64.sqrt()).abs() < 1e-12, "{art:?}");
        assert!((art.axis - DVec2::new(1.0, 1.0).normalize()).length() < 1e-12);
        assert_eq!(art.push_a, art.axis * art.distance);
        // A box contains nothing on its own axes the long way: both sides are tried.
        let big = rect(-3.0, -2.0, 3.0, 2.0);
        let small = rect(1.5, 0.0, 2.5, 1.0);
        let art = article_polygon_collision(&big, &small, DVec2::ZERO).unwrap();
        assert_eq!(art.distance, sat(&big, &small).mtv.unwrap().depth);
        // Round shapes are not the article's.
        assert_eq!(
            article_polygon_collision(&Convex::circle(DVec2::ZERO, 1.0), &big, DVec2::ZERO),
            None
        );
    }

    #[test]
    fn both_truth_methods_agree_on_a_sharp_example() {
        let a = rect(0.0, 0.0, 1.0, 1.0);
        let b = rect(3.0, 0.5, 4.0, 1.5);
        let v = DVec2::new(4.0, 0.0);
        let t1 = axis_time_intervals(&a, &b, v).unwrap();
        let t2 = ray_against_rounded_md(&a, &b, v).unwrap();
        assert!(
            (t1 - 0.5).abs() < 1e-15 && (t2 - 0.5).abs() < 1e-15,
            "{t1} {t2}"
        );
    }
}

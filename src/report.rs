//! The `report` output, format 1 (design section 5): one JSON object describing how the two
//! bodies of a scene stand towards each other. Vectors are `[x, y]` in world coordinates.
//!
//! Only what has been computed is printed: fields for queries not implemented yet are left out,
//! never filled with placeholders.

use crate::geometry::angular_cast::angular_cast;
use crate::geometry::cast::CastStatus;
use crate::geometry::epa::{gjk_epa_contact, Epa, EpaTermination};
use crate::geometry::gjk::{Gjk, GjkTermination};
use crate::geometry::iterative_cast::iterative_cast;
use crate::geometry::linear_cast::linear_cast;
use crate::geometry::minkowski::minkowski_difference;
use crate::geometry::sat::{first_contact_time, sat_with, AxisOrigin, SatOptions};
use crate::geometry::{distance::contact_from_md, Convex, DVec2, Source};
use crate::scene::{PathError, Scene};
use serde::Serialize;

/// The report for one scene. Field order is the design's.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub format: u32,
    pub intersecting: bool,
    pub distance: f64,
    pub normal: [f64; 2],
    pub separation: [f64; 2],
    pub closest_points: ClosestPoints,
    pub minkowski_difference: MdReport,
    pub sat: SatReport,
    /// GJK on the cores (radii not subtracted), every iteration.
    pub gjk: GjkReport,
    /// EPA on the cores, every iteration; null unless GJK found the cores overlapping (or
    /// touching: the origin in the closed core MD, depth 0).
    pub epa: Option<EpaReport>,
    /// Present for a scene (the bodies' motion); absent for two bare shapes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub linear_cast: Option<CastReport>,
    /// van den Bergen's iterative cast (translation only), every iteration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterative_cast: Option<CastReport>,
    /// Angular + linear conservative advancement, every iteration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conservative_advancement: Option<CastReport>,
    pub warnings: Vec<String>,
}

/// How a cast over `t ∈ [0, 1]` ended.
#[derive(Clone, Debug, Serialize)]
pub struct CastReport {
    /// The bodies meet by `t = 1` (a hit, or overlapping at the start).
    pub hit: bool,
    /// The time of impact; 0 when overlapping at the start; for a miss 1, and for a cast that
    /// stopped early the last time known to be safe.
    pub toi: f64,
    /// Unit, from A towards B, at the time of impact (null when there is none).
    pub normal: Option<[f64; 2]>,
    /// `hit`, `miss`, `overlapping`, `out_of_iterations` or `no_progress`.
    pub status: &'static str,
    /// Every iteration of an iterative cast (absent for the linear cast, which has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<Vec<IterationReport>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct IterationReport {
    pub t: f64,
    /// The exact distance at `t` (for the iterative cast: from the estimate to the MD).
    pub distance: f64,
    pub normal: [f64; 2],
    /// The step to the next iteration (conservative advancement's Δt).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<f64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ClosestPoints {
    pub a: [f64; 2],
    pub b: [f64; 2],
}

#[derive(Clone, Debug, Serialize)]
pub struct MdReport {
    /// Core polygon of B ⊖ A, counter-clockwise from its lowest-then-leftmost vertex, with no
    /// two consecutive edges on one line (where both shapes have parallel edges, the one MD
    /// edge is reported with the source of its longer part).
    pub vertices: Vec<[f64; 2]>,
    /// The rounding radius (sum of the shapes' radii).
    pub radius: f64,
    /// For each edge i (vertex i to i + 1): `"a"` or `"b"`, the shape it came from.
    pub edge_sources: Vec<&'static str>,
}

/// GJK between the cores: the points are on the core MD B ⊖ A (radii not subtracted).
#[derive(Clone, Debug, Serialize)]
pub struct GjkReport {
    /// `converged`, `overlapping` (the cores overlap or touch), `no_progress` or
    /// `out_of_iterations`.
    pub status: &'static str,
    /// The core distance, `> 0`; null when the cores overlap or touch (and when GJK stopped
    /// without settling it, which its status then says).
    pub distance: Option<f64>,
    pub iterations: Vec<GjkIterationReport>,
}

/// One GJK iteration ([`crate::geometry::gjk::GjkStep`]).
#[derive(Clone, Debug, Serialize)]
pub struct GjkIterationReport {
    /// The 1 to 3 core MD points the iteration starts from, the newest last.
    pub simplex: Vec<[f64; 2]>,
    /// The simplex's point nearest the origin, `v`.
    pub closest: [f64; 2],
    /// Unit, from `v` towards the origin; null when the origin is enclosed or touched.
    pub direction: Option<[f64; 2]>,
    /// The core MD's support point along `direction`; null when there was no search.
    pub support: Option<[f64; 2]>,
    /// The lower bound on the core distance the support point gives (negative when the support
    /// point lies beyond the origin); null without a support point.
    pub lower_bound: Option<f64>,
    /// `|closest|`, an upper bound on the core distance.
    pub upper_bound: f64,
}

/// EPA on overlapping (or touching) cores.
#[derive(Clone, Debug, Serialize)]
pub struct EpaReport {
    /// `converged`, `no_progress`, `out_of_iterations`, or `degenerate_md` (the core MD has no
    /// area: no polytope, no iterations, depth 0).
    pub status: &'static str,
    /// The core penetration depth (`≥ 0` up to rounding); the core distance is its negative.
    /// Null, with `normal`, only if EPA had no answer (`origin_outside`, which GJK's hand-over
    /// never gives).
    pub depth: Option<f64>,
    /// Unit, from A towards B: moving B by `depth · normal` leaves the cores touching.
    pub normal: Option<[f64; 2]>,
    pub iterations: Vec<EpaIterationReport>,
}

/// One EPA iteration ([`crate::geometry::epa::EpaStep`]).
#[derive(Clone, Debug, Serialize)]
pub struct EpaIterationReport {
    /// The polytope (core MD points), counter-clockwise.
    pub polytope: Vec<[f64; 2]>,
    /// Its edge nearest the origin.
    pub edge: [[f64; 2]; 2],
    /// That edge's distance from the origin: a lower bound on the core depth.
    pub edge_distance: f64,
    /// The core MD's support point along the edge's outward normal.
    pub support: [f64; 2],
    /// The upper bound on the core depth the support point gives.
    pub upper_bound: f64,
}

/// The separating-axis test: every axis with both projections.
#[derive(Clone, Debug, Serialize)]
pub struct SatReport {
    pub axes: Vec<SatAxisReport>,
    /// The first axis whose projections do not overlap (unit, pointing from A towards B), or
    /// null when every axis overlaps.
    pub separating_axis: Option<[f64; 2]>,
    /// The minimum translation vector, moving B (null when apart).
    pub mtv: Option<[f64; 2]>,
    /// Present when A and B move relative to each other (velocities in the scene).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swept: Option<SweptReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SatAxisReport {
    pub axis: [f64; 2],
    /// A's projection `[min, max]` on the axis.
    pub a: [f64; 2],
    /// B's projection.
    pub b: [f64; 2],
    /// How much the projections overlap (0 when they do not).
    pub overlap: f64,
    /// Signed gap between the projections (negative: overlap).
    pub distance: f64,
    /// Where the axis comes from: `"a edge 2"`, `"b edge 0"`, `"nearest vertices a 1 b 3"`,
    /// `"centre line"`.
    pub source: String,
    /// The moving test on this axis: A's projection extended by the relative velocity.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swept_a: Option<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub will_intersect: Option<bool>,
}

/// The second article's moving test and whether its claim holds.
#[derive(Clone, Debug, Serialize)]
pub struct SweptReport {
    /// A's velocity relative to B (`velocity_a − velocity_b`), over t ∈ [0, 1].
    pub relative_velocity: [f64; 2],
    /// What the swept intervals claim: every axis overlaps at some time.
    pub swept_claims_hit: bool,
    /// The exact first time of contact in [0, 1], or null if they never touch.
    pub first_contact: Option<f64>,
    /// The swept test claims a hit that never happens.
    pub claim_is_false: bool,
}

fn axis_source(origin: &AxisOrigin) -> String {
    match origin {
        AxisOrigin::Edge { of, edge } => format!("{} edge {edge}", of.as_str()),
        AxisOrigin::NearestVertices { a, b } => format!("nearest vertices a {a} b {b}"),
        AxisOrigin::CentreLine => "centre line".to_string(),
        AxisOrigin::Cached => "cached".to_string(),
    }
}

/// The SAT part of the report; `relative_velocity` is A's relative to B.
pub fn sat_report(a: &Convex, b: &Convex, relative_velocity: DVec2) -> SatReport {
    let moving = relative_velocity != DVec2::ZERO;
    let s = sat_with(
        a,
        b,
        &SatOptions {
            relative_velocity: moving.then_some(relative_velocity),
            cached_axis: None,
        },
    );
    let swept = s.swept.map(|w| {
        let (first_contact, _) = first_contact_time(a, b, relative_velocity);
        SweptReport {
            relative_velocity: vec2(relative_velocity),
            swept_claims_hit: w.swept_claims_hit,
            first_contact,
            claim_is_false: w.swept_claims_hit && first_contact.is_none(),
        }
    });
    SatReport {
        axes: s
            .axes
            .iter()
            .map(|x| SatAxisReport {
                axis: vec2(x.axis),
                a: vec2(DVec2::new(x.a.min, x.a.max)),
                b: vec2(DVec2::new(x.b.min, x.b.max)),
                overlap: x.overlap + 0.0,
                distance: x.distance + 0.0,
                source: axis_source(&x.origin),
                swept_a: x.swept.map(|w| vec2(DVec2::new(w.a.min, w.a.max))),
                will_intersect: x.swept.map(|w| w.will_intersect),
            })
            .collect(),
        separating_axis: s.separating_axis.map(|i| vec2(s.axes[i].normal)),
        mtv: s.mtv.map(|m| vec2(m.vector)),
        swept,
    }
}

/// The report's name for how GJK stopped. `empty` (a core without vertices) and `bounded` (a
/// caller's early stop) cannot come from a scene's full run.
fn gjk_status(t: GjkTermination) -> &'static str {
    match t {
        GjkTermination::Converged => "converged",
        GjkTermination::Overlapping => "overlapping",
        GjkTermination::NoProgress => "no_progress",
        GjkTermination::OutOfIterations => "out_of_iterations",
        GjkTermination::Empty => "empty",
        GjkTermination::Bounded => "bounded",
    }
}

/// The report's name for how EPA stopped. `origin_outside` cannot follow GJK's hand-over.
fn epa_status(t: EpaTermination) -> &'static str {
    match t {
        EpaTermination::Converged => "converged",
        EpaTermination::DegenerateMd => "degenerate_md",
        EpaTermination::OriginOutside => "origin_outside",
        EpaTermination::NoProgress => "no_progress",
        EpaTermination::OutOfIterations => "out_of_iterations",
    }
}

/// The GJK section: every recorded iteration, with the bounds the algorithm computed.
pub fn gjk_report(g: &Gjk) -> GjkReport {
    GjkReport {
        status: gjk_status(g.termination),
        distance: g.closest.map(|c| c.distance + 0.0),
        iterations: g
            .steps
            .iter()
            .map(|s| GjkIterationReport {
                simplex: s.simplex.iter().map(|p| vec2(p.point)).collect(),
                closest: vec2(s.closest),
                direction: s.direction.map(vec2),
                support: s.support.map(|p| vec2(p.point)),
                lower_bound: s.lower_bound().map(|x| x + 0.0),
                upper_bound: s.upper_bound() + 0.0,
            })
            .collect(),
    }
}

/// The EPA section: every recorded iteration, with the bounds the algorithm computed.
pub fn epa_report(e: &Epa) -> EpaReport {
    EpaReport {
        status: epa_status(e.termination),
        depth: e.penetration.map(|p| p.depth + 0.0),
        normal: e.penetration.map(|p| vec2(p.normal)),
        iterations: e
            .steps
            .iter()
            .map(|s| EpaIterationReport {
                polytope: s.polytope.iter().map(|p| vec2(p.point)).collect(),
                edge: s.edge().map(|p| vec2(p.point)),
                edge_distance: s.edge_distance + 0.0,
                support: vec2(s.support.point),
                upper_bound: s.upper_bound() + 0.0,
            })
            .collect(),
    }
}

/// `[x, y]`, with −0 written as 0 so that a reader never sees `-0.0`.
pub fn vec2(v: DVec2) -> [f64; 2] {
    [v.x + 0.0, v.y + 0.0]
}

/// The discrete part of the report for two world-space shapes; `relative_velocity` is A's
/// velocity relative to B (for the moving separating-axis test).
pub fn report(a: &Convex, b: &Convex, relative_velocity: DVec2, warnings: Vec<String>) -> Report {
    let md = minkowski_difference(a, b);
    let c = contact_from_md(&md, a, b);
    let traced = gjk_epa_contact(a, b);
    Report {
        format: 1,
        intersecting: c.intersecting(),
        distance: c.distance + 0.0,
        normal: vec2(c.normal),
        separation: vec2(c.separation()),
        closest_points: ClosestPoints {
            a: vec2(c.point_a),
            b: vec2(c.point_b),
        },
        minkowski_difference: {
            let merged = md.merged_collinear();
            MdReport {
                vertices: merged.vertices.iter().map(|v| vec2(v.point)).collect(),
                radius: merged.radius,
                edge_sources: merged.edges.iter().map(|e| e.source.as_str()).collect(),
            }
        },
        sat: sat_report(a, b, relative_velocity),
        gjk: gjk_report(&traced.gjk),
        epa: traced.epa.as_ref().map(epa_report),
        linear_cast: None,
        iterative_cast: None,
        conservative_advancement: None,
        warnings,
    }
}

/// The report for a loaded scene: both bodies at their poses, the hull warnings, and the moving
/// separating-axis test when the bodies move relative to each other.
pub fn scene_report(scene: &Scene) -> Result<Report, PathError> {
    let bodies = scene.bodies()?;
    let warnings = bodies.warnings.iter().map(|w| w.to_string()).collect();
    let relative_velocity = scene.a.velocity - scene.b.velocity;
    let mut r = report(&bodies.a, &bodies.b, relative_velocity, warnings);
    let (ma, mb) = (scene.a.moving(Source::A)?, scene.b.moving(Source::B)?);
    let settings = scene.settings.cast_settings();
    let status = |s: CastStatus| (s.is_hit(), s.as_str());

    let lin = linear_cast(&ma, &mb);
    r.linear_cast = Some(CastReport {
        hit: status(lin.status).0,
        toi: lin.toi + 0.0,
        normal: lin.normal.map(vec2),
        status: status(lin.status).1,
        iterations: None,
    });

    let it = iterative_cast(&ma, &mb, &settings);
    r.iterative_cast = Some(CastReport {
        hit: status(it.status).0,
        toi: it.toi + 0.0,
        normal: it.normal.map(vec2),
        status: status(it.status).1,
        iterations: Some(
            it.steps
                .iter()
                .map(|s| IterationReport {
                    t: s.t + 0.0,
                    distance: s.distance + 0.0,
                    normal: vec2(s.normal),
                    step: s.next_t.map(|n| n - s.t),
                })
                .collect(),
        ),
    });

    let ca = angular_cast(&ma, &mb, &settings);
    r.conservative_advancement = Some(CastReport {
        hit: status(ca.status).0,
        toi: ca.toi + 0.0,
        normal: (ca.status != CastStatus::Miss).then(|| vec2(ca.normal)),
        status: status(ca.status).1,
        iterations: Some(
            ca.iterations
                .iter()
                .map(|s| IterationReport {
                    t: s.t + 0.0,
                    distance: s.distance + 0.0,
                    normal: vec2(s.normal),
                    step: s.step,
                })
                .collect(),
        ),
    });
    Ok(r)
}

impl Report {
    /// The JSON `minkowski-lab report` prints: vectors on one line, fields in the design's
    /// order.
    pub fn to_json(&self) -> String {
        crate::json_text::pretty(&serde_json::to_value(self).expect("a report is plain data"))
    }
}

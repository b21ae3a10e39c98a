//! The comparison table: one scene through every method that answers the same question, side by
//! side, with the answers that disagree marked.
//!
//! Two questions, two tables:
//! * **Do A and B overlap, how far apart or how deep, along which normal?** The exact contact on
//!   the merged MD is the reference; the first article's edge scan, GJK + EPA, SAT and the
//!   fourth article's point cloud (gift-wrapped n·m differences, interior-point test) answer
//!   it too.
//! * **When do they first touch?** The linear cast is exact (translation only) and is the
//!   reference for the iterative cast (same motion, within the tolerance, never late).
//!   Conservative advancement also turns the bodies: when either spins its answer is to a
//!   different question, and the table says so rather than marking it.
//!
//! "Disagrees" means beyond rounding: distances further apart than [`DISTANCE_AGREEMENT`] of
//! the scene's size; a normal only when it is not an equally good answer (on a tie between
//! parallel faces several normals give the same depth, and none of them is wrong).

use super::common;
use crate::geometry::angular_cast::angular_cast;
use crate::geometry::cast::CastStatus;
use crate::geometry::epa::{gjk_epa_contact, ContactMethod};
use crate::geometry::exit_vector::interior_point_test;
use crate::geometry::iterative_cast::iterative_cast;
use crate::geometry::linear_cast::linear_cast;
use crate::geometry::minkowski::point_cloud_difference;
use crate::geometry::sat::{project, sat};
use crate::geometry::wrapping::wrap_cloud;
use crate::geometry::{contact, edge_scan::edge_scan, Contact, Convex, DVec2, Source};
use crate::scene::{PathError, Scene};

/// Distances (and gaps along a normal) this close, relative to the scene's size, agree.
pub const DISTANCE_AGREEMENT: f64 = 1e-9;
/// Times of impact later than the exact one by more than this disagree (in `t`).
pub const TIME_AGREEMENT: f64 = 1e-9;

/// The point cloud is wrapped only when `n·m·(n + m)` is at most this (two 100-gons: 4·10⁶).
pub const MAX_WRAPPING_WORK: usize = 5_000_000;

/// A method the comparison runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exact contact on the merged MD: the reference of the contact table.
    Exact,
    /// The first article's edge/support-vertex scan.
    EdgeScan,
    GjkEpa,
    Sat,
    /// The fourth article's gift-wrapped n·m differences and interior-point test.
    PointCloud,
    /// The exact ray against the MD: the reference of the cast table.
    LinearCast,
    IterativeCast,
    ConservativeAdvancement,
}

impl Method {
    /// The method's name as the table shows it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact (nearest MD edge)",
            Method::EdgeScan => "edge scan",
            Method::GjkEpa => "GJK / EPA",
            Method::Sat => "SAT",
            Method::PointCloud => "point cloud",
            Method::LinearCast => "linear cast",
            Method::IterativeCast => "iterative cast",
            Method::ConservativeAdvancement => "conservative advancement",
        }
    }
}

/// An answer of a row that can disagree with the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Intersecting,
    Distance,
    Normal,
    Status,
    Toi,
}

/// One method's answer to "do they overlap, and by how much".
#[derive(Clone, Debug, PartialEq)]
pub struct ContactRow {
    pub method: Method,
    pub intersecting: bool,
    /// Signed distance (negative: depth); `None` when the method does not measure it.
    pub distance: Option<f64>,
    pub normal: Option<DVec2>,
    /// How the method got there, in a few words.
    pub note: String,
    /// Which of `intersecting`, `distance`, `normal` disagree with the reference (first row).
    pub disagrees: Vec<Answer>,
}

/// One cast's answer to "when do they first touch".
#[derive(Clone, Debug, PartialEq)]
pub struct CastRow {
    pub method: Method,
    pub status: CastStatus,
    pub toi: f64,
    pub normal: Option<DVec2>,
    /// Distance queries made (0 for the linear cast, which makes none).
    pub iterations: usize,
    pub note: String,
    /// Which of `status`, `toi` disagree with the linear cast.
    pub disagrees: Vec<Answer>,
}

/// Both tables for a scene.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub contact: Vec<ContactRow>,
    pub casts: Vec<CastRow>,
}

/// B's gap from A along the unit `n` as the projections see it (negative: the overlap B must
/// move along `n` to clear A).
fn gap_along(a: &Convex, b: &Convex, n: DVec2) -> f64 {
    project(b, n).min - project(a, n).max
}

/// Which of a contact row's answers disagree with the exact contact of `a` and `b` (see the
/// module doc); `tol` is the distance agreement for this scene.
fn contact_disagreements(
    row: &ContactRow,
    exact: &Contact,
    a: &Convex,
    b: &Convex,
    tol: f64,
) -> Vec<Answer> {
    let mut out = vec![];
    let approximate_gap = row.method == Method::Sat && !row.intersecting;
    let cores_only = row.method == Method::PointCloud && (a.radius > 0.0 || b.radius > 0.0);
    if row.intersecting != (exact.distance <= 0.0) && !cores_only {
        out.push(Answer::Intersecting);
    }
    if let Some(d) = row.distance {
        // SAT's gap apart is along one axis: never more than the true distance.
        let off = if approximate_gap {
            d > exact.distance + tol
        } else {
            (d - exact.distance).abs() > tol
        };
        if off {
            out.push(Answer::Distance);
        }
    }
    if let (Some(n), false) = (row.normal, approximate_gap) {
        let same = (n - exact.normal).length() <= 1e-9;
        let as_good = (gap_along(a, b, n) - exact.distance).abs() <= tol;
        if !same && !as_good {
            out.push(Answer::Normal);
        }
    }
    out
}

/// Which of a cast row's answers disagree with the linear cast's `exact` row: a different
/// verdict once finished, or a time of impact after the exact one.
fn cast_disagreements(row: &CastRow, exact: &CastRow) -> Vec<Answer> {
    let mut out = vec![];
    let finished = matches!(
        row.status,
        CastStatus::Hit | CastStatus::Miss | CastStatus::Overlapping
    );
    if finished && row.status.is_hit() != exact.status.is_hit() {
        out.push(Answer::Status);
    }
    if row.toi > exact.toi + TIME_AGREEMENT {
        out.push(Answer::Toi);
    }
    out
}

/// Which route GJK + EPA took, in words.
fn method_words(m: ContactMethod) -> &'static str {
    match m {
        ContactMethod::Gjk => "GJK (cores apart)",
        ContactMethod::Epa => "EPA (cores overlap)",
        ContactMethod::ExactFallback => "exact contact (EPA had no answer)",
        ContactMethod::Empty => "a core is empty",
    }
}

/// Runs every method on `scene` (bodies at t = 0 for the contact table; the scene's motion for
/// the casts).
pub fn compare(scene: &Scene) -> Result<Comparison, PathError> {
    let bodies = scene.bodies()?;
    let (a, b) = (&bodies.a, &bodies.b);
    let scale = a.extent().max(b.extent()).max(1.0);
    let tol = DISTANCE_AGREEMENT * scale;

    let exact = contact(a, b);
    let scan = edge_scan(a, b);
    let ge = gjk_epa_contact(a, b);
    let s = sat(a, b);

    let mut contact_rows = vec![
        ContactRow {
            method: Method::Exact,
            intersecting: exact.distance <= 0.0,
            distance: Some(exact.distance),
            normal: Some(exact.normal),
            note: "the reference".into(),
            disagrees: vec![],
        },
        ContactRow {
            method: Method::EdgeScan,
            intersecting: scan.contact.distance <= 0.0,
            distance: Some(scan.contact.distance),
            normal: Some(scan.contact.normal),
            note: common::count(scan.steps.len(), "edge/vertex pair", "edge/vertex pairs"),
            disagrees: vec![],
        },
        ContactRow {
            method: Method::GjkEpa,
            intersecting: ge.contact.distance <= 0.0,
            distance: Some(ge.contact.distance),
            normal: Some(ge.contact.normal),
            note: format!(
                "{}: {} + {}",
                method_words(ge.method),
                common::count(ge.gjk.steps.len(), "GJK step", "GJK steps"),
                common::count(
                    ge.epa.as_ref().map_or(0, |e| e.steps.len()),
                    "EPA step",
                    "EPA steps"
                )
            ),
            disagrees: vec![],
        },
        ContactRow {
            method: Method::Sat,
            intersecting: s.intersecting,
            distance: Some(s.distance),
            normal: Some(s.axes[s.best_axis].normal),
            note: if s.intersecting {
                format!(
                    "{}; depth on the best one",
                    common::count(s.axes.len(), "axis", "axes")
                )
            } else {
                format!(
                    "{}; apart, the gap on one axis (a lower bound)",
                    common::count(s.axes.len(), "axis", "axes")
                )
            },
            disagrees: vec![],
        },
    ];
    // The point cloud knows only the cores' corners: it decides overlap of the cores, exact for
    // sharp shapes; with rounding it cannot say. Wrapping costs (n·m)·(n + m): skipped when
    // that is beyond what a frame can spend.
    let (n, m) = (a.vertices.len(), b.vertices.len());
    if n * m * (n + m) <= MAX_WRAPPING_WORK {
        let cloud = point_cloud_difference(a, b);
        let wrapped = wrap_cloud(&cloud);
        let inside = interior_point_test(&wrapped.hull);
        let rounded = a.radius > 0.0 || b.radius > 0.0;
        let note = format!(
            "{}, hull of {}{}",
            common::count(cloud.points.len(), "difference", "differences"),
            common::count(wrapped.hull.len(), "vertex", "vertices"),
            if rounded {
                "; cores only (rounding ignored)"
            } else {
                ""
            }
        );
        contact_rows.push(ContactRow {
            method: Method::PointCloud,
            intersecting: inside.is_some_and(|t| t.colliding || t.on_boundary),
            distance: None,
            normal: None,
            note,
            disagrees: vec![],
        });
    }

    for row in contact_rows.iter_mut().skip(1) {
        row.disagrees = contact_disagreements(row, &exact, a, b, tol);
    }

    let (ma, mb) = (scene.a.moving(Source::A)?, scene.b.moving(Source::B)?);
    let settings = scene.settings.cast_settings();
    let lin = linear_cast(&ma, &mb);
    let it = iterative_cast(&ma, &mb, &settings);
    let ca = angular_cast(&ma, &mb, &settings);
    let turning = ma.angular_velocity != 0.0 || mb.angular_velocity != 0.0;
    let mut casts = vec![
        CastRow {
            method: Method::LinearCast,
            status: lin.status,
            toi: lin.toi,
            normal: lin.normal,
            iterations: 0,
            note: "exact ray vs MD; rotation ignored".into(),
            disagrees: vec![],
        },
        CastRow {
            method: Method::IterativeCast,
            status: it.status,
            toi: it.toi,
            normal: it.normal,
            iterations: it.steps.len(),
            note: format!(
                "within {} in distance; rotation ignored",
                settings.tolerance
            ),
            disagrees: vec![],
        },
        CastRow {
            method: Method::ConservativeAdvancement,
            status: ca.status,
            toi: ca.toi,
            normal: (ca.status != CastStatus::Miss).then_some(ca.normal),
            iterations: ca.iterations.len(),
            note: if turning {
                "with rotation: a different motion, not compared".into()
            } else {
                format!("within {} in distance", ca.tolerance)
            },
            disagrees: vec![],
        },
    ];
    let (reference, others) = casts.split_first_mut().expect("three rows");
    for row in others {
        if !(row.method == Method::ConservativeAdvancement && turning) {
            row.disagrees = cast_disagreements(row, reference);
        }
    }
    Ok(Comparison {
        contact: contact_rows,
        casts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(text: &str) -> Scene {
        Scene::from_str(text, "s.json").unwrap()
    }

    #[test]
    fn every_method_agrees_on_the_articles_obb_demo() {
        let c = compare(&scene(include_str!("../../scenes/obb_vs_obb.json"))).unwrap();
        assert_eq!(c.contact.len(), 5);
        for row in &c.contact {
            assert!(row.disagrees.is_empty(), "{row:?}");
            assert!(row.intersecting, "{row:?}");
        }
        assert_eq!(c.casts.len(), 3);
    }

    #[test]
    fn every_scene_compares_without_disagreement_beyond_the_known_ones() {
        // The methods are exact (SAT's gap apart is a bound, the point cloud ignores rounding):
        // on every shipped scene nothing is marked, except where the scene says it shows one.
        for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenes")).unwrap() {
            let path = entry.unwrap().path();
            let s = Scene::load(&path).unwrap();
            let c = compare(&s).unwrap();
            for row in &c.contact {
                assert!(row.disagrees.is_empty(), "{}: {row:?}", path.display());
            }
            for row in &c.casts {
                assert!(row.disagrees.is_empty(), "{}: {row:?}", path.display());
            }
        }
    }

    #[test]
    fn wrong_answers_are_marked_and_ties_are_not() {
        let s = scene(include_str!("../../scenes/obb_vs_obb.json"));
        let bodies = s.bodies().unwrap();
        let (a, b) = (&bodies.a, &bodies.b);
        let exact = contact(a, b);
        let c = compare(&s).unwrap();
        let mut row = c.contact[1].clone();
        assert!(contact_disagreements(&row, &exact, a, b, 1e-9).is_empty());
        row.intersecting = !row.intersecting;
        row.distance = Some(exact.distance + 0.01);
        row.normal = Some(DVec2::from_angle(0.3).rotate(exact.normal));
        assert_eq!(
            contact_disagreements(&row, &exact, a, b, 1e-9),
            vec![Answer::Intersecting, Answer::Distance, Answer::Normal]
        );
        // The aligned boxes tie: the opposite axis's normal may give the same depth. A normal
        // is marked only when its depth differs.
        let other = exact.normal.perp();
        row = c.contact[1].clone();
        row.normal = Some(other);
        let ties = (gap_along(a, b, other) - exact.distance).abs() <= 1e-9;
        assert_eq!(
            contact_disagreements(&row, &exact, a, b, 1e-9).is_empty(),
            ties
        );

        let mut late = c.casts[1].clone();
        let exact_cast = CastRow {
            status: CastStatus::Hit,
            toi: 0.5,
            ..c.casts[0].clone()
        };
        late.status = CastStatus::Hit;
        late.toi = 0.5 + 1e-6;
        assert_eq!(cast_disagreements(&late, &exact_cast), vec![Answer::Toi]);
        late.status = CastStatus::Miss;
        late.toi = 0.4;
        assert_eq!(cast_disagreements(&late, &exact_cast), vec![Answer::Status]);
        late.status = CastStatus::OutOfIterations;
        assert!(cast_disagreements(&late, &exact_cast).is_empty());
    }
}

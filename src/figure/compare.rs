//! The comparison table: one scene through every method that answers the same question, side by
//! side, with the answers that disagree marked.
//!
//! Two questions, two tables:
//! * **Do A and B overlap, how far apart or how deep, along which normal?** The exact contact on
//!   the merged MD is the reference; the first article's edge scan, GJK + EPA, SAT and the
//!   fourth article's point cloud (gift-wrapped n·m differences, interior-point test) answer
//!   it too.
//! * **When do they first touch?** For two circles, or two axis-aligned boxes that do not turn,
//!   the time of impact has a closed form, and that is the reference; otherwise the linear cast
//!   (exact, translation only) is. The iterative cast answers within its tolerance, never late.
//!   Conservative advancement also turns the bodies: when either spins its answer is to a
//!   different question, and the table says so rather than marking it. The third article's
//!   swept SAT answers only "will they meet", and can claim a hit that never happens.
//!
//! Two rows are there to be wrong in the cases the articles discuss: the nearest MD edge *line*
//! (face distances alone, the reading of the first article's reader: past an edge's end the
//! line is nearer than the edge) and the swept SAT (axes overlapping at different times). Each
//! row's note says why it disagrees, where it does.
//!
//! "Disagrees" means beyond rounding: distances further apart than [`DISTANCE_AGREEMENT`] of
//! the scene's size; a normal only when it is not an equally good answer (on a tie between
//! parallel faces several normals give the same depth, and none of them is wrong).

use super::common;
use crate::geometry::angular_cast::angular_cast;
use crate::geometry::cast::CastStatus;
use crate::geometry::edge_scan::EdgeScanStep;
use crate::geometry::epa::{gjk_epa_contact, ContactMethod};
use crate::geometry::exit_vector::interior_point_test;
use crate::geometry::iterative_cast::iterative_cast;
use crate::geometry::linear_cast::linear_cast;
use crate::geometry::minkowski::point_cloud_difference;
use crate::geometry::sat::{check_claim_of, project, sat};
use crate::geometry::wrapping::wrap_cloud;
use crate::geometry::{
    contact,
    edge_scan::{edge_scan, EdgeScan},
    Contact, Convex, DVec2, Source,
};
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
    /// The nearest MD edge's line, by face distances alone (unclamped).
    FaceDistances,
    GjkEpa,
    Sat,
    /// The fourth article's gift-wrapped n·m differences and interior-point test.
    PointCloud,
    /// The closed-form time of impact of two circles or two axis-aligned boxes: the reference
    /// of the cast table when it applies.
    Analytic,
    /// The exact ray against the MD: the reference of the cast table otherwise.
    LinearCast,
    /// The third article's swept SAT: only "will they meet".
    SweptSat,
    IterativeCast,
    ConservativeAdvancement,
}

impl Method {
    /// The method's name as the table shows it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact (nearest MD edge)",
            Method::EdgeScan => "edge scan",
            Method::FaceDistances => "nearest edge line",
            Method::GjkEpa => "GJK / EPA",
            Method::Sat => "SAT",
            Method::PointCloud => "point cloud",
            Method::Analytic => "closed form",
            Method::LinearCast => "linear cast",
            Method::SweptSat => "swept SAT",
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
    /// The time of impact (`None` for the swept SAT, which gives no time).
    pub toi: Option<f64>,
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
    if let (Some(t), Some(e)) = (row.toi, exact.toi) {
        if t > e + TIME_AGREEMENT {
            out.push(Answer::Toi);
        }
    }
    out
}

/// The nearest MD edge's *line*, by face distances alone: the smallest face distance not below
/// zero (apart), else the largest (the least penetration), minus the rounding. Past an edge's
/// end its line is nearer than the edge, so apart this can be short of the distance: the note
/// says by how much and where. `None` for two points (no edges).
fn face_distance_row(scan: &EdgeScan, rounding: f64, tol: f64) -> Option<ContactRow> {
    let steps = &scan.steps;
    let by = |x: &&EdgeScanStep, y: &&EdgeScanStep| x.face_distance.total_cmp(&y.face_distance);
    let pick = steps
        .iter()
        .filter(|s| s.face_distance >= 0.0)
        .min_by(by)
        .or_else(|| steps.iter().max_by(by))?;
    let k = steps.iter().position(|s| std::ptr::eq(s, pick))?;
    let distance = pick.face_distance - rounding;
    let short = pick.face_distance >= 0.0 && pick.distance > pick.face_distance + tol;
    let note = if short {
        format!(
            "the smallest face distance, {} (pair {}), is to the edge's line; the origin projects \
             past that edge's end, {} from the edge itself: a face distance is a lower bound",
            common::num(pick.face_distance),
            k + 1,
            common::num(pick.distance)
        )
    } else {
        "the nearest MD edge's line (face distances alone)".to_string()
    };
    Some(ContactRow {
        method: Method::FaceDistances,
        intersecting: distance <= 0.0,
        distance: Some(distance),
        normal: None,
        note,
        disagrees: vec![],
    })
}

/// The closed-form time of impact of `scene`'s bodies, when they are two circles or two boxes
/// that stay axis-aligned (no turn, angles multiples of 90°): a quadratic for the circles, the
/// slab entry times for the boxes. `None` for any other pair.
pub fn analytic_cast(scene: &Scene) -> Option<CastRow> {
    use crate::scene::ShapeSpec;
    let (a, b) = (&scene.a, &scene.b);
    if a.angular_velocity_deg != 0.0 || b.angular_velocity_deg != 0.0 {
        return None;
    }
    // B relative to A: where it starts, how it moves.
    let (d, w) = (b.position - a.position, b.velocity - a.velocity);
    let row = |status, toi: f64, normal: Option<DVec2>, note: &str| CastRow {
        method: Method::Analytic,
        status,
        toi: Some(toi),
        normal,
        iterations: 0,
        note: note.to_string(),
        disagrees: vec![],
    };
    match (&a.shape, &b.shape) {
        (ShapeSpec::Circle { radius: ra }, ShapeSpec::Circle { radius: rb }) => {
            // |d + w t| = ra + rb: the smaller root of a quadratic.
            let r = ra + rb;
            let note = "|d + w t| = rA + rB, the smaller root";
            if d.length() <= r {
                return Some(row(CastStatus::Overlapping, 0.0, None, note));
            }
            let (qa, qb, qc) = (w.dot(w), 2.0 * d.dot(w), d.dot(d) - r * r);
            let disc = qb * qb - 4.0 * qa * qc;
            if qa == 0.0 || disc < 0.0 {
                return Some(row(CastStatus::Miss, 1.0, None, note));
            }
            let t = (-qb - disc.sqrt()) / (2.0 * qa);
            Some(if (0.0..=1.0).contains(&t) {
                row(CastStatus::Hit, t, Some((d + w * t) / r), note)
            } else {
                row(CastStatus::Miss, 1.0, None, note)
            })
        }
        (ShapeSpec::Box { half_extents: ha }, ShapeSpec::Box { half_extents: hb }) => {
            let quarter = |deg: f64| {
                let q = deg / 90.0;
                (q == q.round()).then_some(q.round().rem_euclid(2.0) == 1.0)
            };
            let (sa, sb) = (quarter(a.angle_deg)?, quarter(b.angle_deg)?);
            let ext = |h: DVec2, swapped: bool| if swapped { DVec2::new(h.y, h.x) } else { h };
            let h = ext(*ha, sa) + ext(*hb, sb);
            let note = "boxes: the latest entry of the x and y slabs, before the first exit";
            // Per axis: when |d + w t| ≤ h starts and ends.
            let (mut enter, mut exit, mut axis) = (f64::NEG_INFINITY, f64::INFINITY, None);
            for (k, (dk, wk, hk)) in [(d.x, w.x, h.x), (d.y, w.y, h.y)].into_iter().enumerate() {
                if wk == 0.0 {
                    if dk.abs() > hk {
                        return Some(row(CastStatus::Miss, 1.0, None, note));
                    }
                    continue;
                }
                let (t0, t1) = ((-hk - dk) / wk, (hk - dk) / wk);
                let (t0, t1) = (t0.min(t1), t0.max(t1));
                if t0 > enter {
                    (enter, axis) = (t0, Some(k));
                }
                exit = exit.min(t1);
            }
            if enter <= 0.0 && exit >= 0.0 {
                return Some(row(CastStatus::Overlapping, 0.0, None, note));
            }
            Some(if enter <= exit && (0.0..=1.0).contains(&enter) {
                let normal = axis.map(|k| {
                    let c = (d + w * enter)[k].signum();
                    if k == 0 {
                        DVec2::new(c, 0.0)
                    } else {
                        DVec2::new(0.0, c)
                    }
                });
                row(CastStatus::Hit, enter, normal, note)
            } else {
                row(CastStatus::Miss, 1.0, None, note)
            })
        }
        _ => None,
    }
}

/// The swept SAT's answer as a cast row: a hit when every swept interval overlaps (it gives no
/// time), a miss when one misses; its note says when the claim is false and why.
fn swept_sat_row(a: &Convex, b: &Convex, rel: DVec2) -> CastRow {
    let moving = crate::geometry::sat::sat_moving(a, b, rel);
    let check = check_claim_of(&moving, a, b).expect("run with a velocity");
    let note = if check.claim_is_false {
        "claims a hit: every swept interval overlaps, but on different axes at different times; \
         the velocity's normal, never tried, separates"
            .to_string()
    } else if check.swept_claims_hit {
        "every swept interval overlaps: a hit (it gives no time)".to_string()
    } else {
        "a swept interval misses: no hit".to_string()
    };
    CastRow {
        method: Method::SweptSat,
        status: if check.swept_claims_hit {
            CastStatus::Hit
        } else {
            CastStatus::Miss
        },
        toi: None,
        normal: None,
        iterations: moving.axes.len(),
        note,
        disagrees: vec![],
    }
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
    ];
    contact_rows.extend(face_distance_row(&scan, a.radius + b.radius, tol));
    contact_rows.extend([
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
    ]);
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
    let rel = ma.velocity - mb.velocity;
    let mut casts: Vec<CastRow> = analytic_cast(scene).into_iter().collect();
    casts.extend([
        CastRow {
            method: Method::LinearCast,
            status: lin.status,
            toi: Some(lin.toi),
            normal: lin.normal,
            iterations: 0,
            note: "exact ray vs MD; rotation ignored".into(),
            disagrees: vec![],
        },
        CastRow {
            method: Method::IterativeCast,
            status: it.status,
            toi: Some(it.toi),
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
            toi: Some(ca.toi),
            normal: (ca.status != CastStatus::Miss).then_some(ca.normal),
            iterations: ca.iterations.len(),
            note: if turning {
                "with rotation: a different motion, not compared".into()
            } else {
                format!("within {} in distance", ca.tolerance)
            },
            disagrees: vec![],
        },
    ]);
    if rel != DVec2::ZERO {
        casts.push(swept_sat_row(a, b, rel));
    }
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
        assert_eq!(c.contact.len(), 6);
        for row in &c.contact {
            assert!(row.disagrees.is_empty(), "{row:?}");
            assert!(row.intersecting, "{row:?}");
        }
        // The closed form (two axis-aligned boxes) and the three casts; no motion, no swept SAT.
        assert_eq!(c.casts.len(), 4);
        assert_eq!(c.casts[0].method, Method::Analytic);
    }

    #[test]
    fn every_scene_compares_without_disagreement_beyond_the_known_ones() {
        // The methods are exact (SAT's gap apart is a bound, the point cloud ignores rounding):
        // on every shipped scene nothing is marked but the two rows that are there to be wrong,
        // and those only with a note that says why.
        let mut shown = Vec::new();
        for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenes")).unwrap() {
            let path = entry.unwrap().path();
            let s = Scene::load(&path).unwrap();
            let c = compare(&s).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            for row in &c.contact {
                if row.method == Method::FaceDistances && !row.disagrees.is_empty() {
                    assert!(row.note.contains("lower bound"), "{name}: {row:?}");
                    shown.push((name.clone(), row.method));
                    continue;
                }
                assert!(row.disagrees.is_empty(), "{name}: {row:?}");
            }
            for row in &c.casts {
                if row.method == Method::SweptSat && !row.disagrees.is_empty() {
                    assert!(row.note.contains("different times"), "{name}: {row:?}");
                    shown.push((name.clone(), row.method));
                    continue;
                }
                assert!(row.disagrees.is_empty(), "{name}: {row:?}");
            }
        }
        // The reader's case: the line of the box's bottom edge is 0.0110 from the origin, the
        // edge itself 0.0539, the shapes 0.0537 apart (as the scene's text says).
        let tilted = Scene::load(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenes/regression_tilted_box_over_apex.json"
        ))
        .unwrap();
        let c = compare(&tilted).unwrap();
        let line = c.contact.iter().find(|r| r.method == Method::FaceDistances);
        assert_eq!(
            line.and_then(|r| r.distance).map(common::num).as_deref(),
            Some("0.0110")
        );
        assert_eq!(
            c.contact[0].distance.map(common::num).as_deref(),
            Some("0.0537")
        );
        // The two the articles discuss, each in its own scene.
        for known in [
            (
                "regression_tilted_box_over_apex.json",
                Method::FaceDistances,
            ),
            ("sat_swept_false_alarm.json", Method::SweptSat),
        ] {
            assert!(
                shown.contains(&(known.0.to_string(), known.1)),
                "{known:?} not shown: {shown:?}"
            );
        }
    }

    #[test]
    fn the_closed_form_times_of_impact_are_the_references_and_the_casts_agree() {
        let circles = scene(include_str!(
            "../../scenes/circles_known_time_of_impact.json"
        ));
        let c = compare(&circles).unwrap();
        assert_eq!(c.casts[0].method, Method::Analytic);
        assert_eq!(c.casts[0].status, CastStatus::Hit);
        let lin = c
            .casts
            .iter()
            .find(|r| r.method == Method::LinearCast)
            .unwrap();
        assert!(
            (lin.toi.unwrap() - c.casts[0].toi.unwrap()).abs() < 1e-12,
            "{lin:?} {:?}",
            c.casts[0]
        );
        // Two boxes, axis-aligned (one turned a quarter), B coming from the upper right.
        let mut boxes = circles.clone();
        boxes.a.shape = crate::scene::ShapeSpec::Box {
            half_extents: DVec2::new(1.0, 0.5),
        };
        boxes.b.shape = crate::scene::ShapeSpec::Box {
            half_extents: DVec2::new(0.25, 0.75),
        };
        boxes.b.angle_deg = 90.0;
        boxes.a.position = DVec2::ZERO;
        boxes.b.position = DVec2::new(4.0, 3.0);
        boxes.a.velocity = DVec2::ZERO;
        boxes.b.velocity = DVec2::new(-4.0, -3.0);
        let c = compare(&boxes).unwrap();
        let (exact, lin) = (&c.casts[0], &c.casts[1]);
        assert_eq!(
            (exact.method, lin.method),
            (Method::Analytic, Method::LinearCast)
        );
        // x: |4 - 4t| <= 1.75 from t = 0.5625; y: |3 - 3t| <= 0.75 from t = 0.75.
        assert!((exact.toi.unwrap() - 0.75).abs() < 1e-12, "{exact:?}");
        assert_eq!(exact.normal, Some(DVec2::new(0.0, 1.0)));
        assert!(
            (lin.toi.unwrap() - exact.toi.unwrap()).abs() < 1e-9,
            "{lin:?}"
        );
        assert!(c.casts.iter().all(|r| r.disagrees.is_empty()), "{c:?}");
        // Turned off the axes, or turning: no closed form here.
        boxes.b.angle_deg = 30.0;
        assert!(analytic_cast(&boxes).is_none());
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
            toi: Some(0.5),
            ..c.casts[0].clone()
        };
        late.status = CastStatus::Hit;
        late.toi = Some(0.5 + 1e-6);
        assert_eq!(cast_disagreements(&late, &exact_cast), vec![Answer::Toi]);
        late.status = CastStatus::Miss;
        late.toi = Some(0.4);
        assert_eq!(cast_disagreements(&late, &exact_cast), vec![Answer::Status]);
        late.status = CastStatus::OutOfIterations;
        assert!(cast_disagreements(&late, &exact_cast).is_empty());
    }
}

//! The fast query tier: what a program calls, many times a frame, when it wants only the
//! answer. Nothing here is traced: no iteration is recorded, nothing is drawn from it.
//!
//! * [`contact`]: the signed distance, normal and witness points ([`contact_by`] also says
//!   which [`Route`] answered), as the traced [`super::contact`] (the MD scan) and
//!   [`super::epa::gjk_epa_contact`] give them.
//! * [`distance`]: the unsigned distance, 0 when the shapes touch or overlap.
//! * [`linear_time_of_impact`] ([`translating`]): when two translating shapes first touch, as
//!   the traced [`super::linear_cast::linear_cast`] finds it.
//! * [`angular_time_of_impact`] ([`rotating`]): when two bodies that translate and turn first
//!   come within a tolerance, as the traced [`super::angular_cast::angular_cast`] finds it.
//!
//! Each gives its traced counterpart's answer up to rounding (the rotating one: within the
//! tolerance, never after the contact), and the tests hold each to it and to parry2d-f64. The
//! figures, the `report` and the articles' demos do not come from here: they use the traced
//! algorithms of the articles, one per file in [`super`], whose iterations are what they draw.
//! The shortcuts taken here (a route chosen by the cores' sizes, GJK stopped as soon as its
//! bounds decide) leave nothing worth drawing.
//!
//! No algorithm is written twice: these queries run the traced ones' machinery with nothing
//! recorded ([`super::trace::NoTrace`]), namely the support searches ([`super::support`]), GJK
//! and EPA ([`super::gjk`], [`super::epa`]) and the loop of conservative advancement
//! ([`super::angular_cast`]).
//!
//! # Distance and contact: the cheapest route
//!
//! [`contact`] and [`distance`] answer as [`super::contact`] does (up to rounding), each by the
//! cheapest route for its pair of cores, as parry's query dispatcher does for its pairs of
//! shapes.
//!
//! | cores | route ([`Route`]) |
//! |---|---|
//! | two points (two circles) | the closed form of [`circle_circle`] |
//! | at most [`FACE_TEST_MAX`] vertices each, one of them with an area | [the face test](mod@face_test) |
//! | anything else, or pairs the face test leaves to GJK | GJK, then EPA when the cores overlap ([`gjk_epa`], untraced) |
//!
//! [`distance`] needs no depth: on the GJK route, a point strictly inside both cores (halfway
//! between their rough centres, O(log n) per core) settles a deep overlap before GJK starts the
//! walk that would enclose the origin.

pub mod face_test;
mod inside;
pub mod rotating;
pub mod translating;

pub use rotating::{angular_time_of_impact, AngularImpact};
pub use translating::{linear_time_of_impact, LinearImpact};

use super::distance::Contact;
use super::epa::{gjk_epa, ContactMethod};
use super::gjk::gjk_distance;
use super::special::{circle_circle, Circle};
use super::{Convex, DVec2};
use face_test::{face_test, Faces};
use inside::surely_overlapping;

/// Cores with more vertices than this go to GJK. The face test looks at every face of both
/// cores, O(n + m) in all, where each of GJK's support searches is O(log n): on small cores the
/// face test does less work than GJK (and EPA) on apart, touching and deep pairs alike, on large
/// ones more. The limit sits where the two meet on the benchmark's pairs.
pub const FACE_TEST_MAX: usize = 32;

/// Which computation answered a [`contact_by`] query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// Two point cores: the closed form for two circles.
    Circles,
    /// The face test settled it: the cores overlap, or a face measured the gap.
    Faces,
    /// GJK and EPA (untraced); how they ended.
    Gjk(ContactMethod),
}

/// The signed contact of two shapes in world space (design section 2's conventions), by the
/// cheapest route for the pair (see the module doc).
pub fn contact(a: &Convex, b: &Convex) -> Contact {
    contact_by(a, b).0
}

/// [`contact`] and the route that answered it.
pub fn contact_by(a: &Convex, b: &Convex) -> (Contact, Route) {
    match route(a, b) {
        Start::Circles(centre_a, centre_b) => {
            let circle = |centre, radius| Circle { centre, radius };
            let c = circle_circle(&circle(centre_a, a.radius), &circle(centre_b, b.radius));
            (c.contact, Route::Circles)
        }
        Start::Faces => match face_test::<true>(a, b) {
            Faces::Settled(found) => {
                let f = found.contact();
                (
                    Contact::from_core(f.gap, f.normal, f.core_a, f.core_b, a.radius, b.radius),
                    Route::Faces,
                )
            }
            // (Never: measured, the face test always has a deepest face.)
            Faces::Overlapping | Faces::Unmeasured => by_gjk(a, b),
        },
        Start::Gjk => by_gjk(a, b),
    }
}

fn by_gjk(a: &Convex, b: &Convex) -> (Contact, Route) {
    let (c, method) = gjk_epa(a, b);
    (c, Route::Gjk(method))
}

/// The unsigned distance of two shapes in world space: 0 when they touch or overlap, `+∞` when
/// a core is empty (parry's `distance`), by the cheapest route for the pair.
pub fn distance(a: &Convex, b: &Convex) -> f64 {
    let core_distance = match route(a, b) {
        Start::Circles(centre_a, centre_b) => super::length(centre_b - centre_a),
        // Deeply overlapping cores need neither the faces nor GJK.
        Start::Gjk if surely_overlapping(&a.vertices, &b.vertices) => return 0.0,
        Start::Faces => match face_test::<false>(a, b) {
            Faces::Settled(found) => found.gap(),
            Faces::Overlapping => return 0.0,
            Faces::Unmeasured => return gjk_distance(a, b),
        },
        Start::Gjk => return gjk_distance(a, b),
    };
    // As `Contact::from_core` subtracts them: `distance` is `contact`'s distance, clamped.
    (core_distance - a.radius - b.radius).max(0.0)
}

/// Where a query starts, from the cores' vertex counts.
enum Start {
    Circles(DVec2, DVec2),
    Faces,
    Gjk,
}

fn route(a: &Convex, b: &Convex) -> Start {
    match (&a.vertices[..], &b.vertices[..]) {
        (&[centre_a], &[centre_b]) => Start::Circles(centre_a, centre_b),
        (va, vb)
            if !va.is_empty()
                && !vb.is_empty()
                && va.len().max(vb.len()) >= 3
                && va.len() <= FACE_TEST_MAX
                && vb.len() <= FACE_TEST_MAX =>
        {
            Start::Faces
        }
        _ => Start::Gjk,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::{body, boxed, near, near_v, regular_polygon};
    use crate::geometry::{contact as exact, Shape};

    /// `contact_by` answers by `route`, as the exact contact does, and `distance` is its
    /// distance clamped at 0.
    pub(super) fn agrees(a: &Convex, b: &Convex, route: Route) -> Contact {
        let (c, by) = contact_by(a, b);
        let e = exact(a, b);
        assert_eq!(by, route, "{c:?}");
        assert!(near(c.distance, e.distance), "{c:?} vs exact {e:?}");
        assert!(near_v(c.normal, e.normal), "{c:?} vs exact {e:?}");
        assert!(
            near_v(c.point_b - c.point_a, c.distance * c.normal),
            "{c:?}"
        );
        assert!(near(distance(a, b), c.distance.max(0.0)), "{c:?}");
        c
    }

    #[test]
    fn each_pair_of_cores_takes_its_route() {
        let circle = |x: f64| body(Shape::Circle { radius: 0.5 }, x, 0.0, 0.0);
        let capsule = |x: f64, deg: f64| {
            let shape = Shape::Capsule {
                half_length: 1.0,
                radius: 0.2,
            };
            body(shape, x, 0.0, deg)
        };
        agrees(&circle(0.0), &circle(2.0), Route::Circles);
        agrees(&boxed(1.0, 1.0, 0.0, 0.0, 0.0), &circle(3.0), Route::Faces);
        agrees(
            &capsule(0.0, 30.0),
            &capsule(0.5, 30.0),
            Route::Gjk(ContactMethod::Gjk),
        );
        agrees(
            &capsule(0.0, 30.0),
            &capsule(0.1, -30.0),
            Route::Gjk(ContactMethod::Epa),
        );
        let big = regular_polygon(FACE_TEST_MAX + 1, 1.0, DVec2::ZERO, 0.0);
        let small = regular_polygon(FACE_TEST_MAX, 1.0, DVec2::new(3.0, 0.0), 0.1);
        agrees(&big, &small, Route::Gjk(ContactMethod::Gjk));
        agrees(&small, &big, Route::Gjk(ContactMethod::Gjk));
        let small_too = regular_polygon(FACE_TEST_MAX, 1.0, DVec2::new(-3.0, 0.0), 0.2);
        agrees(&small, &small_too, Route::Faces);
    }
}

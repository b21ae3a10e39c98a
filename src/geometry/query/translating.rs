//! The linear time of impact as a program asks for it: when two translating shapes first
//! touch, and the normal there, by Gino van den Bergen's GJK ray cast ("Ray Casting against
//! General Convex Objects with Application to Continuous Collision Detection", 2004) on the
//! same support searches as GJK. Untraced.
//!
//! [`crate::geometry::linear_cast`] answers the same question for the figure: it builds the
//! whole MD and tests every edge, which is what the demo draws, at O(n + m) per cast. Here the
//! MD is never built: O(log n) per iteration, and nothing recorded.
//!
//! **The idea.** The ray from the origin along `d = v_A − v_B` (the linear cast's ray) meets the
//! core MD `C = B ⊖ A` (grown by the summed radius `r`) at the time of impact. Keep a point `x`
//! on the ray, starting at the origin, and a simplex of points of `C` whose nearest point to `x`
//! is `c`; `v = x − c` points from `C` towards `x`. The support point `p` of `C` along `v` gives
//! the supporting line `v · y = v · p` with all of `C` behind it. When that line (pushed out by
//! `r`) lies strictly between `C` and `x`, the ray cannot reach `C` before the line: move `x` to
//! where the ray crosses it (or report a miss when the ray does not approach it, or crosses it
//! after `t = 1`). Then add `p` to the simplex, and find the nearest point to the new `x` as GJK
//! does. It stops when `x` is on `C` (within rounding, [`GJK_TOUCH_RELATIVE`] of the largest
//! coordinate of the vertices met, plus `r`).
//!
//! `x` only ever moves up to a supporting line, so it never passes the true time of impact.
//! For polygons each step lands on the line of an MD edge or passes an MD vertex's support, and
//! the cast ends on the entry edge's line: the time is exact up to rounding, like the linear
//! cast's. For rounded shapes the discs at the MD's vertices would be approached step by step
//! (as conservative advancement does), slowly where the ray meets a disc at a glancing angle.
//! Once a step finds the same vertex again, the cast aims at where the ray meets that vertex's
//! disc (or passes it) and, where the vertex is the support that way, ends there: on the disc,
//! exact up to rounding, or with a miss ([`disc_finish`]).
//!
//! **Passing by.** A ray that passes close by the MD takes those steps many iterations to prove
//! a miss: each line x moves up to turns only a little further towards the ray, as x closes in
//! on where the ray passes nearest. Where, as x first moves, the simplex and the new support
//! all lie clear of the ray's line (by more than the radii), on the side away from the MD's
//! middle, the MD's support across the ray (square to it, towards the line) decides at once:
//! clear of the line too, the whole MD is, and the ray misses; otherwise it is a point of the MD
//! on or past the line, and joins the simplex. One support search, tried once: a ray that hits
//! mostly has a point past its line among the first (and the search is not made), and one
//! that moves away mostly ends at the first step.
//!
//! **Entering through a stretch.** Near the end of a hit, x is mostly nearest an edge of the
//! simplex whose two ends share a vertex of one core: between them the MD's boundary is then
//! the other core's faces, moved by that vertex. Where the ray's line crosses the edge, it
//! enters the MD through one of those faces, found by a bisection on which side of the line the
//! stretch's vertices lie ([`stretch_entry`]): exact, where GJK's steps would close in on it a
//! support search at a time. Polygons only (no radii), and only once x has moved (x lies on a
//! supporting line then, so not inside the MD).
//!
//! **Small polygons** (no rounding, at most [`FACE_TEST_MAX`] vertices each) are cast by the
//! MD's faces instead ([`faces_impact`]): every edge of the MD is an edge of A or of B, so its
//! boundary can be walked face by face without building it. One scan of each core finds the
//! MD's extremes across the ray's line and along it, which prove most misses at once; a walk
//! from the extreme to where the ray's line crosses the faces it approaches finds the face it
//! enters through, checked by one more scan.
//!
//! **Starting in contact.** As in the linear cast, bodies that touch or overlap at `t = 0` give
//! [`CastStatus::Overlapping`], time 0 and the contact normal there ([`super::contact`]).
//!
//! **At rest.** Bodies moving together (no relative motion) miss unless they start in contact:
//! where each core's tip, its vertex farthest towards the other's middle, shows them apart
//! along the line of middles (by more than the radii), that is the answer, after two support
//! searches ([`apart_at_rest`]); else the routes above decide, as for any motion.
//!
//! **What is ignored.** Rotation, as in the linear cast.

use super::boundary::MdWalk;
use super::closed_form::centred_box;
use super::{outward, Tips, FACE_TEST_MAX, GRAZING};
use crate::geometry::cast::CastStatus;
use crate::geometry::gjk::{
    counter_clockwise, md_support_beyond_edge, md_support_met, nearest_of_simplex,
    nonzero_direction, same_point, vertices_extent, Nearest, SharedArc, Simplex,
    GJK_MAX_ITERATIONS, GJK_TOUCH_RELATIVE,
};
use crate::geometry::minkowski::MdVertex;
use crate::geometry::support::{CoreShape, Posed, BISECT_FROM};
use crate::geometry::{closest_on_segment, unit, Convex, DVec2, Placement};
use arrayvec::ArrayVec;

/// When two translating shapes first touch, as [`linear_time_of_impact`] found it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearImpact {
    /// [`CastStatus::Hit`], [`CastStatus::Miss`] or [`CastStatus::Overlapping`]; in principle
    /// [`CastStatus::OutOfIterations`] (never seen: polygons end in finitely many steps, and
    /// rounded shapes within a handful).
    pub status: CastStatus,
    /// The time of impact in `[0, 1]` for a hit; 0 when overlapping at the start; 1 for a miss (as
    /// [`crate::geometry::linear_cast::LinearCast::toi`]); the last safe time when out of
    /// iterations.
    pub toi: f64,
    /// The contact normal at the time of impact, unit, from A towards B; the contact normal at
    /// `t = 0` when overlapping; `None` for a miss.
    pub normal: Option<DVec2>,
}

impl LinearImpact {
    const MISS: LinearImpact = LinearImpact {
        status: CastStatus::Miss,
        toi: 1.0,
        normal: None,
    };
}

/// The first time in `[0, 1]` at which `a` and `b`, each in its own frame and placed at `t = 0`
/// by its pose (as [`super::contact`] takes them), translating with velocities `velocity_a`
/// and `velocity_b` (world space), touch, and the normal there (world space): the answer of
/// [`crate::geometry::linear_cast::linear_cast`] without building the MD. In closed form: two
/// circles (a quadratic), two boxes in their own frames (the separating axes in motion), a
/// circle and a box (the slabs of the box grown by the radii, then its rounded corner),
/// circles and capsules against capsules (the ray against their MD of at most four vertices,
/// grown). Two small polygons by the MD's faces, other pairs by the GJK ray cast of the module
/// doc, in A's frame (B seen from there: no vertex moved, but a small polygon's few). Shapes
/// moving together (at rest relative to each other) miss once their tips show them apart.
///
/// Inlined into the caller: two circles take fewer operations than the call itself, which
/// passes the two placements as copies on the stack that the callee reads back at once.
#[inline]
pub fn linear_time_of_impact(
    a: &Convex,
    at_a: impl Into<Placement>,
    velocity_a: DVec2,
    b: &Convex,
    at_b: impl Into<Placement>,
    velocity_b: DVec2,
) -> LinearImpact {
    let (at_a, at_b) = (at_a.into(), at_b.into());
    if let (&[centre_a], &[centre_b]) = (&a.vertices[..], &b.vertices[..]) {
        // Two circles: in the world at once.
        let (ca, cb) = (at_a.apply(centre_a), at_b.apply(centre_b));
        let radii = a.radius + b.radius;
        if let Some(impact) = circles_impact(ca, cb, velocity_a - velocity_b, radii) {
            return impact;
        }
    }
    routed_impact(a, at_a, velocity_a, b, at_b, velocity_b)
}

/// [`linear_time_of_impact`] past two circles, in A's frame. Out of line: two circles are
/// answered in a few operations, and this part's frame would cost them as much again.
#[inline(never)]
fn routed_impact(
    a: &Convex,
    at_a: Placement,
    velocity_a: DVec2,
    b: &Convex,
    at_b: Placement,
    velocity_b: DVec2,
) -> LinearImpact {
    let b_in_a = at_b.relative_to(&at_a);
    // The motion of A relative to B, in A's frame.
    let d = at_a.rotate_back(velocity_a - velocity_b);
    let (boxed_a, boxed_b) = (centred_box(&a.vertices), centred_box(&b.vertices));
    let radii = a.radius + b.radius;
    let impact = match (&a.vertices[..], &b.vertices[..], boxed_a, boxed_b) {
        (&[_], &[_], ..) => None, // touching or overlapping at the start (above)
        (.., Some(ha), Some(hb)) if radii == 0.0 => boxes_impact(ha, hb, &b_in_a, d),
        // A point against a box: the point's ray against the box grown by the radii, in the
        // box's frame.
        (&[centre], _, _, Some(h)) => {
            let p = b_in_a.apply_inverse(centre);
            point_box_impact(p, b_in_a.rotate_back(d), h, radii).map(|impact| LinearImpact {
                // Out of the box towards A: from A towards B is the other way, in A's frame.
                normal: impact.normal.map(|n| -b_in_a.rotate(n)),
                ..impact
            })
        }
        (_, &[centre], Some(h), _) => point_box_impact(b_in_a.apply(centre), -d, h, radii),
        // At rest relative to each other, and shown apart: a miss.
        _ if d == DVec2::ZERO && apart_at_rest(a, b, b_in_a, radii) => Some(LinearImpact::MISS),
        // Circles and capsules against capsules: their core MD has at most four vertices.
        (&[a0, a1], &[b0], ..) => rounded_md_impact(&[a0, a1], &[b_in_a.apply(b0)], d, radii),
        (va @ ([_] | [_, _]), &[b0, b1], ..) => {
            rounded_md_impact(va, &[b_in_a.apply(b0), b_in_a.apply(b1)], d, radii)
        }
        (va, vb, ..) if radii == 0.0 && polygon_faces(va.len()) && polygon_faces(vb.len()) => {
            faces_impact(va, vb, &b_in_a, d).unwrap_or_else(|LeftToGjk| {
                ray_cast(a, &Posed::placed(b, b_in_a), d, -b_in_a.position)
            })
        }
        _ => ray_cast(a, &Posed::placed(b, b_in_a), d, -b_in_a.position),
    };
    match impact {
        Some(impact) => LinearImpact {
            normal: impact.normal.map(|n| at_a.rotate(n)),
            ..impact
        },
        // In contact at t = 0: the contact's own normal, as the linear cast gives.
        None => LinearImpact {
            status: CastStatus::Overlapping,
            toi: 0.0,
            normal: Some(super::contact(a, at_a, b, at_b).normal),
        },
    }
}

/// Whether two shapes at rest relative to each other (no relative motion: a miss unless they
/// touch at the start) are shown apart by their tips, as the face test finds them
/// ([`super::Tips`]): each core's vertex farthest towards the other's middle, the two further
/// apart along the line of middles than the radii, by more than rounding ([`GRAZING`] of
/// their coordinates). Two support searches, where the routes below would measure the pair;
/// `false` leaves it to them.
fn apart_at_rest(a: &Convex, b: &Convex, b_in_a: Placement, radii: f64) -> bool {
    let tips = Tips::of(a, b, b_in_a);
    let tip_a = a.vertices[tips.tips[0]];
    let margin = GRAZING * tip_a.abs().max((tip_a + tips.point).abs()).max_element();
    tips.gap() > (radii + margin) * tips.towards.0.length()
}

/// Whether a polygon core of `n` vertices is cast by its faces ([`faces_impact`]): it has
/// faces (three vertices or more), and few enough that looking at every one costs less than
/// GJK's iterations.
fn polygon_faces(n: usize) -> bool {
    (3..=FACE_TEST_MAX).contains(&n)
}

/// Two polygon cores (no rounding), `a` in its own frame and `b` placed there by `b_in_a`, A
/// moving by `d` relative to B: the ray from the origin along `d` against their MD, by its
/// faces. Each edge of the MD is an edge of A (turned round) or of B, in the order of their
/// directions, and the vertex between two faces is B's vertex less A's, so the MD's boundary
/// can be walked without building it ([`Chain`]).
///
/// The ray's line crosses the MD, if at all, once on its front (the faces it approaches, from
/// the MD's extreme left of the line to its extreme right) and once on its back. Those
/// extremes are the cores' along the line's normal, one scan of each: where the MD lies wholly
/// on one side of the line, the ray passes by (and where it lies wholly behind the origin
/// along the ray, found by the same scans, the ray moves away). Otherwise a walk along the
/// front from its left end finds the face whose ends lie either side of the line; the point
/// where the ray meets it is a point of the MD (between two of its vertices) on a line that
/// supports the MD (the face's), so where the origin is beyond that line the ray enters there,
/// at `t = gap / approach`: a hit when that is at most 1, a miss after. Where the origin is not
/// beyond it, the same walk along the back tells a start in the MD (`Ok(None)`, touching
/// included) from a ray that moves away. Where the bodies' positions move apart, the back is
/// walked first. Exact up to rounding, as the linear cast; O(n + m), mostly a quarter of the
/// faces.
///
/// The face that decides is checked by a scan of both cores ([`Decisive::holds`]): its gap
/// must be the least, not where rounding misled the walk between two near-duplicate vertices,
/// and its line must support its own core; a face that fails leaves the pair to GJK.
///
/// The gaps are products of an edge and a distance, unscaled: [`LeftToGjk`] when an edge, a
/// gap or a speed lies outside [`FACES_RANGE`], where such a product could underflow (a gap of
/// 10⁻¹⁶⁰ read as touching) or overflow. The GJK ray cast, which rescales, decides.
fn faces_impact(
    a: &[DVec2],
    b: &[DVec2],
    b_in_a: &Placement,
    d: DVec2,
) -> Result<Option<LinearImpact>, LeftToGjk> {
    let [of_a, of_b] = extremes_across(a, b, b_in_a, d)?;
    // The MD (B less A) wholly on one side of the ray's line, or behind the origin along it.
    if of_b.most.1 - of_a.least.1 < 0.0
        || of_b.least.1 - of_a.most.1 > 0.0
        || of_b.ahead - of_a.behind < 0.0
    {
        return Ok(Some(LinearImpact::MISS));
    }
    let mut placed = ArrayVec::new();
    place(b, b_in_a, &mut placed);
    let sides = Faces::sides(a, &placed);
    // The MD's vertices extreme across the line: B's most less A's least, and the other way.
    let left = (of_a.least.0, of_b.most.0);
    let right = (of_a.most.0, of_b.least.0);
    let front = || {
        Chain {
            sides: &sides,
            ray: d,
        }
        .crossing(left)
    };
    let back = || {
        Chain {
            sides: &sides,
            ray: -d,
        }
        .crossing(right)
    };
    // The origin beyond the face where the ray's line crosses the back: it moves away.
    let behind = |face: Decisive| -> Result<Option<LinearImpact>, LeftToGjk> {
        if !face.holds(&sides) {
            return Err(LeftToGjk);
        }
        Ok(Some(LinearImpact::MISS))
    };
    let moving_apart = d.dot(b_in_a.position) < 0.0;
    if moving_apart {
        let (face, _) = back()?;
        if face.gap > 0.0 {
            return behind(face);
        }
    }
    let (face, approach) = front()?;
    if face.gap <= 0.0 {
        // Not beyond the front: in the MD at the start, or beyond its back.
        if !moving_apart {
            let (back_face, _) = back()?;
            if back_face.gap > 0.0 {
                return behind(back_face);
            }
        }
        return Ok(None);
    }
    // The line supports the MD and the ray meets it on the MD, at the gap over the approach.
    if !face.holds(&sides) {
        return Err(LeftToGjk);
    }
    let toi = face.gap / approach;
    Ok(Some(if toi <= 1.0 {
        LinearImpact {
            status: CastStatus::Hit,
            toi,
            normal: unit(face.normal(&sides) * sides[face.side].towards_b),
        }
    } else {
        LinearImpact::MISS
    }))
}

/// Each core's [`Extremes`] across the line along `d` and along it, for [`faces_impact`]
/// (`a` in its own frame, `b`'s values those of its vertices placed in A's frame by `b_in_a`,
/// worked out in B's own), or [`LeftToGjk`] where a coordinate or the motion leaves
/// [`FACES_REACH`] (their magnitudes summed: a NaN or an infinity stays one) or the motion
/// is shorter than [`FACES_RANGE`]'s first bound.
#[inline(always)]
fn extremes_across(
    a: &[DVec2],
    b: &[DVec2],
    b_in_a: &Placement,
    d: DVec2,
) -> Result<[Extremes; 2], LeftToGjk> {
    // The normal of the line, to its left.
    let across = d.perp();
    let mut extremes = [Extremes::NONE; 2];
    let mut reach = [DVec2::ZERO; 2];
    let axes = [
        (across, d, 0.0, 0.0),
        (
            b_in_a.rotate_back(across),
            b_in_a.rotate_back(d),
            b_in_a.position.dot(across),
            b_in_a.position.dot(d),
        ),
    ];
    for (side, core) in [a, b].into_iter().enumerate() {
        let (across, along, across_0, along_0) = axes[side];
        for (k, &v) in core.iter().enumerate() {
            reach[side] += v.abs();
            extremes[side].add(k, across_0 + v.dot(across), along_0 + v.dot(along));
        }
    }
    // Every coordinate of A's and of B's placed in A's frame within reach.
    let placed_reach = reach[1].x + reach[1].y + b_in_a.position.abs().max_element();
    let fits = reach[0].x <= FACES_REACH
        && reach[0].y <= FACES_REACH
        && placed_reach <= FACES_REACH
        && d.abs().max_element() >= FACES_RANGE.0
        && d.abs().max_element() <= FACES_REACH;
    if fits {
        Ok(extremes)
    } else {
        Err(LeftToGjk)
    }
}

/// B's vertices placed in A's frame (into an empty `placed`), for the walks. Nothing more is
/// written (`polygon_faces` bounds their count): an array of `FACE_TEST_MAX` zeros first, 512
/// bytes on the stack, slowed a whole run's casts by up to a half for some positions of the
/// stack (shifting it by the size of the environment, address randomisation off, reproduces
/// it); a vector returned by value is copied.
fn place(b: &[DVec2], b_in_a: &Placement, placed: &mut ArrayVec<DVec2, FACE_TEST_MAX>) {
    for &v in b {
        placed.push(b_in_a.apply(v));
    }
}

/// The magnitudes [`faces_impact`] takes: the deciding face's edge and the motion no shorter
/// than the first (in their larger component), a face's gap and speed (each times the edge's
/// length) no larger than the second ([`FACES_REACH`] sees to that), and the deciding face's
/// speed no smaller than its inverse. A gap of 10⁻¹⁵⁰ or more then keeps its sign and digits
/// (its product with the edge is 10⁻²⁵⁰ or more), and the time's division keeps its digits.
const FACES_RANGE: (f64, f64) = (1e-100, 1e200);

/// The largest coordinate [`faces_impact`] takes (of a vertex, in A's frame, or of the motion;
/// it bounds a core's magnitudes summed, which also catches a NaN): an edge or a vertex of the
/// MD is then at most twice as large in each component, and a product of two of them at most
/// `8·FACES_REACH²`, within [`FACES_RANGE`].
const FACES_REACH: f64 = 1e99;

/// A pair [`faces_impact`] cannot settle: a polygon too large, too small or too far off for
/// its unscaled products, or a walk misled by rounding.
#[derive(Debug)]
struct LeftToGjk;

/// One core's faces against the other core, for [`Chain`]: `towards_b` is the sign that turns
/// the faces' outward normals into normals from A towards B.
struct Faces<'a> {
    faces: &'a [DVec2],
    other: &'a [DVec2],
    towards_b: f64,
}

impl<'a> Faces<'a> {
    /// A's faces against B and B's against A, both cores in A's frame.
    fn sides(a: &'a [DVec2], b: &'a [DVec2]) -> [Faces<'a>; 2] {
        [
            Faces {
                faces: a,
                other: b,
                towards_b: 1.0,
            },
            Faces {
                faces: b,
                other: a,
                towards_b: -1.0,
            },
        ]
    }

    /// Face `i`'s first vertex and outward normal (as long as the edge).
    #[inline]
    fn face(&self, i: usize) -> (DVec2, DVec2) {
        let (faces, n) = (self.faces, self.faces.len());
        let p = faces[i];
        (p, outward(faces[if i + 1 == n { 0 } else { i + 1 }] - p))
    }
}

/// A face that decided [`faces_impact`]'s answer: face `i` of `sides[side]`, and the least
/// `normal · (y − p)` its walk found over the other core's vertices `y`.
#[derive(Clone, Copy)]
struct Decisive {
    side: usize,
    i: usize,
    gap: f64,
}

impl Decisive {
    fn normal(&self, sides: &[Faces; 2]) -> DVec2 {
        sides[self.side].face(self.i).1
    }

    /// Whether the face's line supports its own core (no vertex beyond it) and no vertex of
    /// the other core lies deeper than the walk found. The first holds for every face of a
    /// convex core, but a core placed in the other's frame is convex only up to rounding: where
    /// it has faces as short as that rounding (near-duplicate vertices far from A's position),
    /// a face's line can turn far enough that the core's far end lies beyond it, and its
    /// half-plane would cut into the MD.
    fn holds(&self, sides: &[Faces; 2]) -> bool {
        let side = &sides[self.side];
        let (p, normal) = side.face(self.i);
        side.faces.iter().all(|&v| normal.dot(v - p) <= 0.0)
            && side.other.iter().all(|&y| normal.dot(y - p) >= self.gap)
    }
}

/// A core's vertices extreme across the ray's line and along the ray, for [`faces_impact`].
#[derive(Clone, Copy)]
struct Extremes {
    /// The vertex least across the line, and its value (`v · d.perp()`).
    least: (usize, f64),
    /// The vertex most across the line, and its value.
    most: (usize, f64),
    /// The least and the most value along the ray (`v · d`).
    behind: f64,
    ahead: f64,
}

impl Extremes {
    const NONE: Extremes = Extremes {
        least: (0, f64::INFINITY),
        most: (0, f64::NEG_INFINITY),
        behind: f64::INFINITY,
        ahead: f64::NEG_INFINITY,
    };

    #[inline]
    fn add(&mut self, k: usize, across: f64, along: f64) {
        if across < self.least.1 {
            self.least = (k, across);
        }
        if across > self.most.1 {
            self.most = (k, across);
        }
        self.behind = if along < self.behind {
            along
        } else {
            self.behind
        };
        self.ahead = if along > self.ahead {
            along
        } else {
            self.ahead
        };
    }
}

/// A walk along the MD's boundary for [`faces_impact`], on the side that `ray` approaches.
struct Chain<'a> {
    sides: &'a [Faces<'a>; 2],
    ray: DVec2,
}

impl Chain<'_> {
    /// From the MD's vertex `(i, j)` (A's vertex `i`, B's `j`) most to the left of the ray's
    /// line (along `ray.perp()`), counter-clockwise round the MD along the faces whose lines
    /// the ray approaches, the face whose end lies on the line or right of it: that face, its
    /// gap (the origin's distance beyond its line, times the edge's length: the least `n · (y −
    /// p)` over the other core's vertices `y`, for its own outward `n` and vertex `p`) and the
    /// rate the ray approaches its line (times the edge's length). The MD's faces are A's
    /// edges turned round and B's edges, merged by their directions: the next is A's where
    /// B's turns right from it (rotating calipers: [`MdWalk`]). [`LeftToGjk`] where the walk
    /// reaches the faces the ray moves away from first (rounding: the MD's extremes put the
    /// line across it), or a face's products could leave [`FACES_RANGE`].
    fn crossing(&self, start: (usize, usize)) -> Result<(Decisive, f64), LeftToGjk> {
        let (a, b) = (self.sides[0].faces, self.sides[1].faces);
        let across = self.ray.perp();
        let mut walk = MdWalk::from(a, b, start);
        let mut front = false; // a face the ray approaches seen
        for _ in 0..a.len() + b.len() {
            let f = walk.next_face();
            let normal = f.normal();
            let approach = -normal.dot(self.ray);
            if approach <= 0.0 {
                // Square to the ray at the start of the front (skipped), or past its end.
                if front {
                    return Err(LeftToGjk);
                }
                continue;
            }
            front = true;
            if across.dot(f.end) <= 0.0 {
                let gap = -normal.dot(f.start);
                // Its products' range (with [`FACES_REACH`]'s): see [`FACES_RANGE`].
                let short = normal.x.abs() < FACES_RANGE.0 && normal.y.abs() < FACES_RANGE.0;
                if short || approach < FACES_RANGE.1.recip() {
                    return Err(LeftToGjk);
                }
                let face = Decisive {
                    side: f.side,
                    i: f.index(),
                    gap,
                };
                return Ok((face, approach));
            }
        }
        Err(LeftToGjk)
    }
}

/// Two discs, centres `centre_a` and `centre_b` and radii summing to `radii`, A moving by `d`
/// relative to B: the first `t ∈ [0, 1]` with `|centre_b − centre_a − d·t| = radii`, the root
/// of a quadratic, or `None` when they touch or overlap at `t = 0`.
#[inline]
fn circles_impact(centre_a: DVec2, centre_b: DVec2, d: DVec2, radii: f64) -> Option<LinearImpact> {
    // B's centre seen from A's moves by −d.
    let start = centre_b - centre_a;
    let apart = crate::geometry::length(start);
    if apart <= radii {
        return None;
    }
    if let Some(toi) = disc_entry(start, apart, -d, radii) {
        if toi <= 1.0 {
            // (Not `/ radii`: a radius of 10⁻¹⁵ is below the rounding of centres 35 apart.)
            let between = start - d * toi;
            let normal = Some(between / crate::geometry::length(between)).filter(|n| n.is_finite());
            return Some(LinearImpact {
                status: CastStatus::Hit,
                toi,
                normal,
            });
        }
    }
    Some(LinearImpact::MISS)
}

/// The first time a point at `offset` from a disc's centre (`apart` = `|offset|`, outside it),
/// moving by `velocity` per unit of time, reaches the disc of `radius`: [`DiscPath::entry`].
#[inline]
pub(super) fn disc_entry(offset: DVec2, apart: f64, velocity: DVec2, radius: f64) -> Option<f64> {
    DiscPath::of(offset, apart, velocity, radius).entry()
}

/// A point at `offset` from a disc's centre (`apart` = `|offset|`), moving by `velocity` per
/// unit of time, against the disc of `radius`: the terms of `|offset + velocity·t| = radius`,
/// whose roots are the times it enters and leaves the disc, in the forms that subtract no
/// nearly equal numbers. The constant term is a product, not a difference of squares: with the
/// point far off for the disc's size (10⁶ against 6), `|offset|² − radius²` loses the digits
/// that place the contact. So is the discriminant, `|v|²·radius² − (offset × v)²` (Lagrange's
/// identity turns `(offset·v)² − |v|²·(|offset|² − radius²)` into it): its terms are of the
/// disc's size, where the other form's are of the distance's, squared, and their rounding would
/// move the line the point passes on by `ε·|offset|²/radius` (more than the disc, for a point
/// 10⁸ away and a disc of 1.5: a hit read as a miss; `tests/angular_cast.rs` keeps such cases).
#[derive(Clone, Copy)]
pub(super) struct DiscPath {
    /// `|offset|² − radius²`, as a product.
    room: f64,
    /// `−offset·velocity`: positive while the point approaches the centre.
    closing: f64,
    /// `|velocity|`.
    speed: f64,
    /// The discriminant (negative where the point passes wide).
    discriminant: f64,
}

impl DiscPath {
    #[inline]
    pub(super) fn of(offset: DVec2, apart: f64, velocity: DVec2, radius: f64) -> DiscPath {
        Self::moving(
            offset,
            apart,
            (velocity, crate::geometry::length(velocity)),
            radius,
        )
    }

    /// [`DiscPath::of`] with the velocity's length (`speed`) given.
    #[inline]
    pub(super) fn moving(
        offset: DVec2,
        apart: f64,
        (velocity, speed): (DVec2, f64),
        radius: f64,
    ) -> DiscPath {
        let (rim, across) = (speed * radius, offset.perp_dot(velocity).abs());
        DiscPath {
            room: (apart - radius) * (apart + radius),
            closing: -offset.dot(velocity),
            speed,
            discriminant: (rim - across) * (rim + across),
        }
    }

    /// The first time the point, outside the disc, reaches it: the smaller root. `None` when
    /// the point does not approach, or passes wide (a NaN anywhere too).
    #[inline]
    pub(super) fn entry(&self) -> Option<f64> {
        let DiscPath {
            room,
            closing,
            discriminant,
            ..
        } = *self;
        (closing > 0.0 && discriminant >= 0.0).then(|| room / (closing + discriminant.sqrt()))
    }

    /// The last time the point is within the disc: the larger root (by the roots' product
    /// where the point moves away from the centre). From then on the point's distance from the
    /// centre, convex in time, stays above `radius`. NaN where the point passes wide, infinite
    /// or NaN where it does not move; before 0 where it left in the past.
    #[inline]
    pub(super) fn exit(&self) -> f64 {
        let root = self.discriminant.sqrt();
        if self.closing > 0.0 {
            (self.closing + root) / (self.speed * self.speed)
        } else {
            self.room / (self.closing - root)
        }
    }
}

/// Two boxes `[−ha, ha]` (A, in its frame) and `[−hb, hb]` (placed in A's frame by `b_in_a`), A
/// moving by `d` relative to B: the separating-axis test in motion (the second article's, on the
/// four side directions, each standing for a box's two opposite sides). Along each axis the
/// boxes overlap for an interval of time; they touch first when the last of those intervals
/// begins, and not at all when the intervals do not meet in `[0, 1]`. Exact for boxes: every
/// MD edge is parallel to a side of one of them. `None` when they touch or overlap at `t = 0`.
fn boxes_impact(ha: DVec2, hb: DVec2, b_in_a: &Placement, d: DVec2) -> Option<LinearImpact> {
    let (p, r) = (b_in_a.position, b_in_a.rotation);
    let (c, s) = (r.x.abs(), r.y.abs());
    // Each axis (A's frame) and the sum of the boxes' half-widths along it.
    let axes = [
        (DVec2::X, ha.x + hb.x * c + hb.y * s),
        (DVec2::Y, ha.y + hb.x * s + hb.y * c),
        (r, hb.x + ha.x * c + ha.y * s),
        (r.perp(), hb.y + ha.x * s + ha.y * c),
    ];
    // B's centre relative to A's moves by −d.
    let Some((enter, normal)) = slabs(axes.map(|(u, reach)| (u, p.dot(u), -d.dot(u), reach)))
    else {
        return Some(LinearImpact::MISS);
    };
    (enter > 0.0).then_some(LinearImpact {
        status: CastStatus::Hit,
        toi: enter,
        normal: Some(normal),
    })
}

/// Slabs in motion: for each `(u, at, speed, reach)`, a point at `at + speed·t` along the unit
/// axis `u` is within the slab `[−reach, reach]` for an interval of time. The time all the
/// intervals have begun, and the slab's side met then (`±u`, outward); `None` when they never
/// meet in `[0, 1]` (the start may be before 0: within every slab at `t = 0`).
fn slabs(axes: impl IntoIterator<Item = (DVec2, f64, f64, f64)>) -> Option<(f64, DVec2)> {
    let (mut enter, mut exit) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut side = DVec2::ZERO;
    for (u, at, speed, reach) in axes {
        if speed == 0.0 {
            if at.abs() > reach {
                return None;
            }
            continue;
        }
        let (t0, t1) = ((-reach - at) / speed, (reach - at) / speed);
        let (low, high) = if t0 < t1 { (t0, t1) } else { (t1, t0) };
        if low > enter {
            enter = low;
            side = if at + speed * low > 0.0 { u } else { -u };
        }
        exit = exit.min(high);
    }
    let never = exit < 0.0 || enter > exit || enter > 1.0 || enter.is_nan();
    (!never).then_some((enter, side))
}

/// A point at `p` moving by `v` against the box `[−h, h]` grown by `radius` (in the box's frame):
/// the first time in `[0, 1]` it reaches the grown box, and the box's outward normal there.
/// The ray enters the box grown square first (slabs); where that entry falls beyond a corner,
/// the rounded corner is a circle about it, met later or not at all (a ray that misses it
/// misses the sides' bands too: to reach one from the corner's square it crosses the circle).
/// `None` when the point is within the grown box at `t = 0`.
fn point_box_impact(p: DVec2, v: DVec2, h: DVec2, radius: f64) -> Option<LinearImpact> {
    let beyond = p.abs() - h;
    if beyond.max_element() <= 0.0 || beyond.max(DVec2::ZERO).length() <= radius {
        return None;
    }
    let grown = h + DVec2::splat(radius);
    let axes = [(DVec2::X, p.x, v.x, grown.x), (DVec2::Y, p.y, v.y, grown.y)];
    let Some((enter, normal)) = slabs(axes) else {
        return Some(LinearImpact::MISS);
    };
    // (Inside the grown square at the start, outside the grown box: beyond a corner already.)
    let entry = p + v * enter.max(0.0);
    if enter >= 0.0 && (entry.x.abs() <= h.x || entry.y.abs() <= h.y) {
        return Some(LinearImpact {
            status: CastStatus::Hit,
            toi: enter,
            normal: Some(normal),
        });
    }
    // Beyond a corner: the circle of `radius` about it.
    let corner = DVec2::new(h.x.copysign(entry.x), h.y.copysign(entry.y));
    let start = p - corner;
    if let Some(toi) = disc_entry(start, crate::geometry::length(start), v, radius) {
        if toi <= 1.0 {
            let out = start + v * toi;
            return Some(LinearImpact {
                status: CastStatus::Hit,
                toi,
                normal: unit(out),
            });
        }
    }
    Some(LinearImpact::MISS)
}

/// Cores of one or two vertices (points and segments: circles and capsules), B's placed in A's
/// frame, A moving by `d` relative to B: where the ray from the origin along `d` first meets
/// their MD (a point, a segment or a parallelogram) grown by `radii`, in closed form. The grown
/// MD is the union of the MD, a disc about each vertex and a band along each edge, so the ray
/// first meets it on a disc or on the outer side of a band: the least of the discs' first
/// meetings and the crossings of each edge moved out by `radii` to either side (the inner one
/// lies inside the grown MD, never first). `None` when the cores are within `radii` at the
/// start (or cross).
fn rounded_md_impact(a: &[DVec2], b: &[DVec2], d: DVec2, radii: f64) -> Option<LinearImpact> {
    // The MD B ⊖ A, its vertices in order round it (either way).
    let mut md = [DVec2::ZERO; 4];
    let n = match (a, b) {
        (&[a0], &[b0]) => {
            md[0] = b0 - a0;
            1
        }
        (&[a0], &[b0, b1]) => {
            md[..2].copy_from_slice(&[b0 - a0, b1 - a0]);
            2
        }
        (&[a0, a1], &[b0]) => {
            md[..2].copy_from_slice(&[b0 - a0, b0 - a1]);
            2
        }
        (&[a0, a1], &[b0, b1]) => {
            md = [b0 - a0, b1 - a0, b1 - a1, b0 - a1];
            4
        }
        _ => unreachable!("points and segments only"),
    };
    let md = &md[..n];
    // In contact at the start: the origin within `radii` of the MD (or inside it).
    if origin_within(md, radii) {
        return None;
    }
    let mut best: Option<(f64, DVec2)> = None;
    let mut consider = |t: f64, out: DVec2| {
        if (0.0..=1.0).contains(&t) && best.is_none_or(|(b, _)| t < b) {
            best = Some((t, out));
        }
    };
    for &v in md {
        // The origin, at −v from the vertex, moving by d.
        if let Some(t) = disc_entry(-v, crate::geometry::length(v), d, radii) {
            if let Some(out) = unit(d * t - v) {
                consider(t, out);
            }
        }
    }
    for i in 0..n {
        let (p, q) = (md[i], md[(i + 1) % n]);
        let Some(normal) = unit((q - p).perp()) else {
            continue;
        };
        for side in [normal, -normal] {
            // The edge moved out by `radii` along `side`: the line `side · y = level`. The
            // origin lies beyond it (`0 > level`) and the ray moves towards it.
            let (level, speed) = (side.dot(p) + radii, side.dot(d));
            if !(level < 0.0 && speed < 0.0) {
                continue;
            }
            let t = level / speed;
            let x = d * t - side * radii; // on the edge's own line
                                          // Within the edge.
            let along = (x - p).dot(q - p);
            if (0.0..=(q - p).length_squared()).contains(&along) {
                consider(t, side);
            }
        }
    }
    Some(match best {
        Some((toi, out)) => LinearImpact {
            status: CastStatus::Hit,
            toi,
            normal: Some(-out),
        },
        None => LinearImpact::MISS,
    })
}
/// Whether the origin lies within `radii` of the MD `md` (a point, a segment, or a parallelogram
/// with its vertices in order round it), or inside it.
fn origin_within(md: &[DVec2], radii: f64) -> bool {
    let n = md.len();
    let edges = || (0..n).map(|i| (md[i], md[(i + 1) % n]));
    let near = |(p, q): (DVec2, DVec2)| closest_on_segment(p, q, DVec2::ZERO).0.length() <= radii;
    if n == 1 {
        return md[0].length() <= radii;
    }
    // Inside a parallelogram: on the same side of every edge.
    let sides = edges().map(|(p, q)| (q - p).perp_dot(-p));
    let inside = n > 2 && (sides.clone().all(|x| x > 0.0) || sides.clone().all(|x| x < 0.0));
    inside || edges().any(near)
}

/// The GJK ray cast of the module doc, in the frame `a` and `b` are given in, A moving by `d`
/// relative to B, starting from the MD's support along `start` (from B's position towards
/// A's, say); `None` when they touch or overlap at `t = 0`.
#[inline(never)] // kept out of the two circles' few operations
fn ray_cast(
    a: &impl CoreShape,
    b: &impl CoreShape,
    d: DVec2,
    start: DVec2,
) -> Option<LinearImpact> {
    if a.vertex_count() == 0 || b.vertex_count() == 0 {
        return Some(LinearImpact::MISS);
    }
    let margin = a.radius() + b.radius();
    // Rounding of an MD point is relative to the coordinates of the two vertices it is the
    // difference of, and of the distances to the discs of rounded shapes to their radius: the
    // scale is the largest of those met so far (the point on the ray stays within the MD's
    // reach: it stops on it, whatever the speed). No pass over the cores to bound them first:
    // on small polygons that cost as much as the cast.
    let mut scale = margin.max(f64::MIN_POSITIVE);
    let mut support = |(point, extent): (MdVertex, f64)| {
        scale = scale.max(extent);
        (point, margin + GJK_TOUCH_RELATIVE * scale)
    };

    let (first, mut touch) = support(md_support_met(a, b, nonzero_direction(start)));
    let mut simplex = Simplex::of(&[first]);
    let (mut lambda, mut x) = (0.0, DVec2::ZERO);
    let mut v = x - first.point;
    let mut first_move = true;
    // The outward MD normal of the last supporting line the ray was moved up to.
    let mut outward: Option<DVec2> = None;
    let mut on_md = false;
    for _ in 0..GJK_MAX_ITERATIONS {
        // Rescaled where its square would underflow: right for vectors of 10⁻¹⁶⁰ too.
        let length = crate::geometry::length(v);
        if length <= touch {
            on_md = true;
            break;
        }
        // x nearest an edge of the simplex whose ends share a vertex of one core: the ray may
        // enter through the faces of the other core between them ([`stretch_entry`]). Only once
        // x has moved: it lies on a supporting line then, so outside the MD (or on it), where
        // at the start it may be inside.
        if let [p, q] = simplex[..] {
            if margin == 0.0 && outward.is_some() && (p.a == q.a || p.b == q.b) {
                if let Some(end) = stretch_entry(a, b, (&p, &q), v, d, lambda) {
                    return Some(end);
                }
            }
        }
        let p;
        (p, touch) = support(match simplex[..] {
            // x nearest an edge of the simplex: the support lies on the MD's boundary between
            // the edge's ends, as in GJK, and each core's search bisects the arc of its
            // vertices between theirs first.
            // (Small polygons are scanned whatever the arc.)
            [p, q] if a.vertex_count().max(b.vertex_count()) >= BISECT_FROM => {
                support_on_arc(a, b, v, p, q)
            }
            _ => md_support_met(a, b, v),
        });
        let ahead = v.dot(x - p.point) - margin * length; // how far x is beyond the line, × |v|
        let mut moved = false;
        if ahead > 0.0 {
            let closing = v.dot(d);
            if closing >= 0.0 {
                return Some(LinearImpact::MISS); // the ray does not approach the line
            }
            let next = lambda - ahead / closing;
            // Past the motion (or an overflowing time, for a motion of 10⁻³²³): never there.
            if !(0.0..=1.0).contains(&next) {
                return Some(LinearImpact::MISS);
            }
            moved = next > lambda;
            (lambda, x) = (next, d * next);
            // Made unit once, at the end.
            outward = Some(v);
            // Passing by (module doc): at x's first move, the simplex and the support lie
            // clear of the ray's line, on the side away from the MD's middle; the MD's support
            // across the ray shows whether all of it does.
            if first_move {
                first_move = false;
                let across = d.perp() * d.perp().dot(start).signum();
                // How far a point lies beyond the line (× |across|) must pass the radii;
                // squared, no root. Overflow or underflow reads as not clear: the cast goes on.
                let reach = margin * margin * across.length_squared();
                let clear = |p: &MdVertex| {
                    let beyond = across.dot(-p.point);
                    beyond > 0.0 && beyond * beyond > reach
                };
                if clear(&p) && simplex.iter().all(clear) {
                    let (side, extent) = md_support_met(a, b, across);
                    if clear(&side) {
                        return Some(LinearImpact::MISS);
                    }
                    // A point of the MD on or past the ray's line: an edge from a point clear
                    // of it to this one spans the stretch where the ray enters, if it does.
                    // (Room is left for p.)
                    touch = support((side, extent)).1;
                    if simplex.len() < 2 && !simplex.iter().any(|q| same_point(q, &side)) {
                        simplex.push(side);
                    }
                }
            }
        }
        let known = simplex.iter().any(|q| same_point(q, &p));
        // Rounded shapes: x moved up to a line of the simplex's one vertex again, closing in
        // on that vertex's disc. A ray meeting the disc at a glancing angle comes only a little
        // nearer at each such step; [`disc_finish`] ends the cast on the disc at once where it
        // can.
        if margin > 0.0 && known && moved && simplex.len() == 1 {
            if let Some(end) = disc_finish(a, b, &simplex[0], d, lambda, touch) {
                return Some(end);
            }
        }
        if known && !moved {
            // Nothing new, and x did not move. In exact arithmetic that cannot happen while x
            // is farther than the radius from the MD: a simplex point lies no farther along v
            // than the simplex's nearest point, so its line would be ahead of x. Here x is
            // within rounding of the MD.
            on_md = true;
            break;
        }
        if !known {
            simplex.push(p);
        }
        // The nearest point of the simplex to x, as GJK finds the nearest to the origin: on
        // the simplex moved by −x.
        let mut moved_simplex = simplex;
        moved_simplex.iter_mut().for_each(|q| q.point -= x);
        match nearest_of_simplex(&moved_simplex) {
            Nearest::Enclosed(_) => v = DVec2::ZERO,
            Nearest::Outside {
                reduced, closest, ..
            } => {
                v = -closest;
                // The points kept, as they were (adding x back would round them).
                let before = simplex;
                simplex = Simplex::EMPTY;
                for r in reduced.iter() {
                    if let Some(q) = before.iter().find(|q| (q.a, q.b) == (r.a, r.b)) {
                        simplex.push(*q);
                    }
                }
            }
        }
    }
    match outward.and_then(unit) {
        _ if !on_md => Some(LinearImpact {
            status: CastStatus::OutOfIterations,
            toi: lambda,
            normal: outward.map(|n| -n),
        }),
        Some(n) => Some(LinearImpact {
            status: CastStatus::Hit,
            toi: lambda,
            normal: Some(-n),
        }),
        None => None,
    }
}

/// Where the ray from the origin along `d` enters the core MD of `a` and `b` (no radii) through
/// the stretch of its boundary between simplex points `p` and `q` on the side of `v` (the way
/// from the edge to the ray's point at `lambda`), where the two share a vertex of one core: the
/// other core's faces between theirs, moved by that vertex (GJK's [`SharedArc`]). Where the
/// ray's line crosses the edge from `p` to `q`, it crosses the stretch once, before it: the
/// face it crosses is where one vertex of the stretch lies on the other side of the line from
/// the first, a bisection. `None` where the ends share no vertex, where the line does not cross
/// the edge, or where rounding makes the answer doubtful (the time before `lambda`, or the line
/// along the face).
#[inline(never)]
fn stretch_entry(
    a: &impl CoreShape,
    b: &impl CoreShape,
    (p, q): (&MdVertex, &MdVertex),
    v: DVec2,
    d: DVec2,
    lambda: f64,
) -> Option<LinearImpact> {
    // `v` looks from the edge towards x as GJK's direction looks towards the origin.
    let (from, to) = counter_clockwise(p, q, v);
    let arc = SharedArc::of(a, b, from, to)?;
    crossing(arc.len, |k| arc.point(k).point, d, lambda)
}

/// [`stretch_entry`] on the stretch's points `at(0)` to `at(k)`, counter-clockwise on the MD.
fn crossing(k: usize, at: impl Fn(usize) -> DVec2, d: DVec2, lambda: f64) -> Option<LinearImpact> {
    use crate::geometry::first_not;
    // Which side of the ray's line a point lies on (× |d|).
    let side = |y: DVec2| d.perp_dot(y);
    let start = side(at(0));
    let end = side(at(k));
    // (Not `start * end < 0.0`: the product of two tiny sides may underflow.)
    let crosses = start < 0.0 && end > 0.0 || start > 0.0 && end < 0.0;
    if !crosses {
        return None;
    }
    // The first point past the line (or on it): the line crosses the stretch once.
    let j = 1 + first_not(k - 1, |i| {
        let s = side(at(i + 1));
        s < 0.0 && start < 0.0 || s > 0.0 && start > 0.0
    });
    let (c, edge) = (at(j - 1), at(j) - at(j - 1));
    // d·t on the face's line: t (d × edge) = c × edge. Unscaled products: where they could have
    // overflowed or lost digits below the normal range, the GJK steps (which rescale) go on.
    let (across, along) = (c.perp_dot(edge), d.perp_dot(edge));
    let normal_range = f64::MIN_POSITIVE / f64::EPSILON..f64::MAX;
    if !normal_range.contains(&along.abs()) || !across.is_finite() {
        return None;
    }
    let t = across / along;
    if t < lambda {
        return None;
    }
    if t > 1.0 {
        return Some(LinearImpact::MISS);
    }
    // The face's outward normal (the counter-clockwise edge turned clockwise) is the MD's; from
    // A towards B is the other way.
    unit(DVec2::new(edge.y, -edge.x)).map(|n| LinearImpact {
        status: CastStatus::Hit,
        toi: t,
        normal: Some(-n),
    })
}

/// The MD's support along `dir` (with the largest coordinate magnitude of its two vertices),
/// where it lies on the MD's boundary between `p` and `q`, on `dir`'s side: each core's search
/// bisects the arc of its vertices between theirs first ([`md_support_beyond_edge`]). Out of
/// line: inlined, [`ray_cast`]'s loop took more instructions on every cast.
#[inline(never)]
fn support_on_arc(
    a: &impl CoreShape,
    b: &impl CoreShape,
    dir: DVec2,
    p: MdVertex,
    q: MdVertex,
) -> (MdVertex, f64) {
    let point = md_support_beyond_edge(a, b, dir, &p, &q);
    (point, vertices_extent(a, b, &point))
}

/// The end of [`ray_cast`]'s cast where the nearest MD point to the ray's point (at time
/// `lambda`) is the MD vertex `vertex`, the MD grown by the radii of `a` and `b` (`touch`: that
/// plus rounding). From the vertex, aim at where the ray from the origin along `d` first meets
/// the vertex's disc, or, where it passes the disc, across the ray at its line. Where the
/// vertex is the MD's support along that aim, the line through it across the aim supports the
/// MD, and the disc's edge is the grown MD's there: the ray, entering the disc, enters the grown
/// MD (the hit). Across the ray, the support's line, pushed out by the radii, keeps the whole
/// ray off the grown MD where it lies wider of the ray's line than `touch` (a miss). `None`
/// otherwise: the cast goes on. Out of line, and only where x is closing in on a disc: its
/// roots and divisions, inlined, were worked out on every step of every cast.
#[inline(never)]
fn disc_finish(
    a: &impl CoreShape,
    b: &impl CoreShape,
    vertex: &MdVertex,
    d: DVec2,
    lambda: f64,
    touch: f64,
) -> Option<LinearImpact> {
    let radius = a.radius() + b.radius();
    let v = vertex.point;
    let closing = v.dot(d);
    if closing.is_nan() || closing <= 0.0 {
        return None; // moving away from the vertex: the step along `v` shows the miss
    }
    let entry = disc_entry(-v, crate::geometry::length(v), d, radius);
    let aim = match entry {
        Some(t) => d * t - v,
        None => d * (closing / d.length_squared()) - v,
    };
    let (support, _) = md_support_met(a, b, aim);
    match entry {
        Some(t) if t > lambda && same_point(&support, vertex) => Some(if t <= 1.0 {
            LinearImpact {
                status: CastStatus::Hit,
                toi: t,
                normal: unit(-aim),
            }
        } else {
            LinearImpact::MISS
        }),
        // The aim is across the ray: where the line of the MD's support that way, pushed out by
        // the radius, lies wider of the ray's line than rounding, the ray misses.
        None if aim.dot(d * lambda - support.point) > touch * crate::geometry::length(aim) => {
            Some(LinearImpact::MISS)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::XorShift;
    use std::f64::consts::TAU;

    /// A convex polygon of `n` vertices at random angles on an ellipse `w` by `h` (half-axes),
    /// counter-clockwise, in its own frame.
    fn polygon(n: usize, w: f64, h: f64, rng: &mut XorShift) -> Vec<DVec2> {
        let mut angles: Vec<f64> = (0..n).map(|_| rng.unit() * TAU).collect();
        angles.sort_by(f64::total_cmp);
        angles
            .iter()
            .map(|t| DVec2::new(t.cos() * w, t.sin() * h))
            .collect()
    }

    #[test]
    fn faces_cast_known_answers() {
        // A triangle moving right onto a pentagon whose flat side faces it, 3 away (after the
        // tips' reach): contact at t = 0.5 on the pentagon's side, normal +x.
        let tri = [
            DVec2::new(-1.0, -1.0),
            DVec2::new(1.0, 0.0),
            DVec2::new(-1.0, 1.0),
        ];
        let pentagon: Vec<DVec2> = (0..5)
            .map(|k| DVec2::from_angle(TAU * (k as f64 + 2.0) / 5.0))
            .collect();
        let side = pentagon[0].x; // its side from vertex 0 to 1, at x = −cos 36°, faces left
        let b_in_a = Placement::new(DVec2::new(4.0 - side, 0.0), 0.0);
        let hit = faces_impact(&tri, &pentagon, &b_in_a, DVec2::new(6.0, 0.0))
            .unwrap()
            .unwrap();
        assert_eq!(hit.status, CastStatus::Hit);
        assert!((hit.toi - 0.5).abs() < 1e-12, "{hit:?}");
        assert!((hit.normal.unwrap() - DVec2::X).length() < 1e-12, "{hit:?}");
        // Too short a motion, moving away, and passing by: misses.
        for d in [
            DVec2::new(2.9, 0.0),
            DVec2::new(-6.0, 0.0),
            DVec2::new(6.0, 8.0),
        ] {
            let miss = faces_impact(&tri, &pentagon, &b_in_a, d).unwrap().unwrap();
            assert_eq!(miss, LinearImpact::MISS, "{d}");
        }
        // Touching (the tip on the side) and overlapping at the start: no cast.
        let touching = Placement::new(DVec2::new(1.0 - side, 0.0), 0.0);
        assert_eq!(
            faces_impact(&tri, &pentagon, &touching, DVec2::X).unwrap(),
            None
        );
        let overlapping = Placement::new(DVec2::new(0.5 - side, 0.3), 1.0);
        assert_eq!(
            faces_impact(&tri, &pentagon, &overlapping, -DVec2::X).unwrap(),
            None
        );
    }

    /// Shapes of every kind moving together (the same velocity: at rest relative to each other)
    /// miss unless they touch at the start, as the traced linear cast says; most apart are
    /// shown so by their tips alone ([`apart_at_rest`]).
    #[test]
    fn shapes_at_rest_relative_to_each_other_miss_unless_they_touch() {
        use crate::geometry::cast::MovingBody;
        use crate::geometry::linear_cast::linear_cast;
        use crate::geometry::{contact, Pose, Shape};
        let mut rng = XorShift(0x5717_7e57);
        let shape = |rng: &mut XorShift| {
            let size = 0.2 + rng.unit();
            let shape = match (rng.unit() * 5.0) as usize {
                0 => Shape::Circle { radius: size },
                1 => Shape::Capsule {
                    half_length: size,
                    radius: 0.1 + 0.3 * rng.unit(),
                },
                2 => Shape::Box {
                    half_extents: DVec2::new(size, 0.1 + rng.unit()),
                },
                k => Shape::Polygon {
                    vertices: polygon(3 + (rng.unit() * 40.0) as usize, size, 0.3, rng),
                    radius: if k == 3 { 0.0 } else { 0.2 * rng.unit() },
                },
            };
            shape.to_convex().unwrap().0
        };
        let (mut apart, mut shown) = (0, 0);
        for round in 0..2_000 {
            let (a, b) = (shape(&mut rng), shape(&mut rng));
            let velocity = DVec2::new(rng.unit() - 0.5, rng.unit() - 0.5) * 4.0;
            let pose_a = Pose::new(DVec2::new(rng.unit(), rng.unit()) * 10.0, rng.unit() * TAU);
            let pose_b = Pose::new(
                pose_a.position + DVec2::from_angle(rng.unit() * TAU) * 4.0 * rng.unit(),
                rng.unit() * TAU,
            );
            let cast = linear_time_of_impact(&a, pose_a, velocity, &b, pose_b, velocity);
            let body = |local: &Convex, pose| MovingBody {
                local: local.clone(),
                pose,
                velocity,
                angular_velocity: 0.0,
            };
            let exact = linear_cast(&body(&a, pose_a), &body(&b, pose_b));
            let gap = contact(&a.transformed(&pose_a), &b.transformed(&pose_b)).distance;
            let what = format!("{round}: {cast:?} vs {exact:?}, apart {gap}");
            assert_eq!(cast.status, exact.status, "{what}");
            let expected = if gap > 0.0 {
                CastStatus::Miss
            } else {
                CastStatus::Overlapping
            };
            assert_eq!(cast.status, expected, "{what}");
            if gap > 0.0 {
                apart += 1;
                let b_in_a = Placement::from(pose_b).relative_to(&Placement::from(pose_a));
                shown += usize::from(apart_at_rest(&a, &b, b_in_a, a.radius + b.radius));
            }
        }
        assert!(
            shown * 10 >= apart * 9,
            "{shown} of {apart} shown apart by the tips"
        );
    }

    /// Polygons 10⁻¹²⁰ across: the faces' unscaled products would underflow (a gap read as
    /// touching), so the GJK ray cast answers, and sees the gap.
    #[test]
    fn tiny_polygons_go_to_the_gjk_ray_cast() {
        let s = 1e-120;
        let tri: Vec<DVec2> = [(-1.0, -1.0), (1.0, 0.0), (-1.0, 1.0)]
            .map(|(x, y)| DVec2::new(x, y) * s)
            .to_vec();
        let b_in_a = Placement::new(DVec2::new(3.0 * s, 0.0), 0.0);
        assert!(faces_impact(&tri, &tri, &b_in_a, DVec2::new(2.0 * s, 0.0)).is_err());
        let core = Convex::new(tri, 0.0);
        let cast = linear_time_of_impact(
            &core,
            Placement::IDENTITY,
            DVec2::new(2.0 * s, 0.0),
            &core,
            b_in_a,
            DVec2::ZERO,
        );
        assert_eq!(cast.status, CastStatus::Hit, "{cast:?}");
        assert!((cast.toi - 0.5).abs() < 1e-9, "{cast:?}");
    }

    /// Where the walk along the MD meets ties: two squares side by side, their faces parallel
    /// (so A's and B's edges come in the same directions), sliding along one axis, with B
    /// placed so that the ray's line runs through the MD's middle, through one of its vertices,
    /// along one of its faces, or a hair outside it. The face cast answers each as the figure's
    /// exact cast does (a face met edge on, or corner to corner, is a hit).
    #[test]
    fn faces_cast_meets_ties_as_the_exact_cast() {
        use crate::geometry::cast::MovingBody;
        use crate::geometry::linear_cast::linear_cast;
        use crate::geometry::Pose;
        let square: Vec<DVec2> = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
            .map(|(x, y)| DVec2::new(x, y))
            .to_vec();
        let core = Convex::new(square.clone(), 0.0);
        let body = |pose: Pose, velocity: DVec2| MovingBody {
            local: core.clone(),
            pose,
            velocity,
            angular_velocity: 0.0,
        };
        let mut seen = [0; 2];
        for axis in [DVec2::X, DVec2::Y, -DVec2::X, -DVec2::Y] {
            for offset in [0.0, 0.25, 0.5, 1.0, -1.0, 1.0 + 1e-9, -1.0 - 1e-9, 1.5] {
                for (apart, speed) in [(3.0, 5.0), (3.0, 1.5), (3.0, -5.0)] {
                    let at = axis * apart + axis.perp() * offset;
                    let b_in_a = Placement::new(at, 0.0);
                    let d = axis * speed;
                    let faces = faces_impact(&square, &square, &b_in_a, d).unwrap().unwrap();
                    let exact = linear_cast(
                        &body(Pose::new(DVec2::ZERO, 0.0), d),
                        &body(Pose::new(at, 0.0), DVec2::ZERO),
                    );
                    let what = format!("axis {axis} offset {offset} speed {speed}: {faces:?}");
                    assert_eq!(faces.status, exact.status, "{what} vs {exact:?}");
                    if faces.status == CastStatus::Hit {
                        seen[0] += 1;
                        assert!((faces.toi - exact.toi).abs() < 1e-12, "{what}");
                        assert_eq!(faces.normal, Some(axis), "{what}");
                    } else {
                        seen[1] += 1;
                    }
                }
            }
        }
        assert_eq!(seen, [20, 76], "hits, misses");
    }

    /// The face cast and the GJK ray cast are two computations of one answer: on random
    /// polygons of 3 to 32 vertices, turned and moved at random, that hit head on, miss wide,
    /// move apart or start overlapping, they agree on the status, the time and the normal.
    #[test]
    fn faces_cast_matches_the_gjk_ray_cast() {
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut seen = [0; 3];
        for case in 0..3000 {
            let (n, m) = (3 + case % 30, 3 + (case / 7) % 30);
            let a = polygon(n, 0.5 + rng.unit(), 0.2 + rng.unit(), &mut rng);
            let b = polygon(m, 0.5 + rng.unit(), 0.2 + rng.unit(), &mut rng);
            let reach = 4.0; // more than both polygons' radii together
            let away = DVec2::from_angle(rng.unit() * TAU);
            let kind = case % 4;
            let apart = if kind == 3 {
                0.5 * rng.unit()
            } else {
                reach + 3.0 * rng.unit()
            };
            let b_in_a = Placement::new(away * apart, rng.unit() * TAU);
            // B's centre seen from A's moves by −d: towards A, wide of it, or away.
            let d = match kind {
                0 => away * (apart + 1.0),
                1 => away * apart + away.perp() * (2.0 * reach),
                _ => -away * (1.0 + rng.unit()),
            };
            let (a_core, b_core) = (Convex::new(a.clone(), 0.0), Convex::new(b.clone(), 0.0));
            let faces = faces_impact(&a, &b, &b_in_a, d).unwrap();
            let gjk = ray_cast(
                &a_core,
                &Posed::placed(&b_core, b_in_a),
                d,
                -b_in_a.position,
            );
            let what = format!("case {case}: {faces:?} vs {gjk:?}");
            match (faces, gjk) {
                (None, None) => seen[2] += 1,
                (Some(f), Some(g)) => {
                    assert_eq!(f.status, g.status, "{what}");
                    assert!((f.toi - g.toi).abs() < 1e-9, "{what}");
                    if f.status == CastStatus::Hit {
                        seen[0] += 1;
                        assert!(
                            (f.normal.unwrap() - g.normal.unwrap()).length() < 1e-6,
                            "{what}"
                        );
                    } else {
                        seen[1] += 1;
                    }
                }
                _ => panic!("{what}"),
            }
        }
        assert!(
            seen.iter().all(|&k| k > 500),
            "hits, misses, overlaps: {seen:?}"
        );
    }

    /// A circle sweeping past a pentagon's corner at a glancing angle meets the disc about the
    /// corner: the cast ends on that disc, at its exact time and normal (step by step, the
    /// supporting lines would close in on it from outside and stop within the touch tolerance,
    /// their normal turned by about 10⁻⁶), and a path that passes the disc by 10⁻⁹ misses.
    #[test]
    fn a_glancing_ray_ends_on_the_corners_disc() {
        let pentagon = Convex::new(
            (0..5)
                .map(|k| DVec2::from_angle(TAU * k as f64 / 5.0))
                .collect(),
            0.0,
        );
        let circle = Convex::new(vec![DVec2::ZERO], 0.5);
        let corner = pentagon.vertices[0]; // (1, 0): its normal cone spans ±36° about +x
        for (offset, start_y) in [(1e-4, -3.0), (1e-2, -2.0), (0.05, -2.5), (1e-7, -3.0)] {
            // The circle's centre moves up the line x = 1 + 0.5 − offset.
            let x = corner.x + 0.5 - offset;
            let velocity = DVec2::new(0.0, 6.0);
            let at_a = Placement::new(DVec2::new(x, start_y), 0.7);
            let cast = linear_time_of_impact(
                &circle,
                at_a,
                velocity,
                &pentagon,
                Placement::IDENTITY,
                DVec2::ZERO,
            );
            // Where the centre is 0.5 from the corner, below it.
            let y = -((0.5 - (x - corner.x)) * (0.5 + (x - corner.x))).sqrt();
            let toi = (y - start_y) / velocity.y;
            let normal = (corner - DVec2::new(x, y)) / 0.5; // from A towards B
            assert_eq!(cast.status, CastStatus::Hit, "{offset}: {cast:?}");
            assert!(
                (cast.toi - toi).abs() < 1e-12,
                "{offset}: {cast:?} vs {toi}"
            );
            let off = (cast.normal.unwrap() - normal).length();
            assert!(off < 1e-12, "{offset}: {cast:?} vs {normal}: {off:e}");
            // Passing by 10⁻⁹: a miss.
            let wide = Placement::new(DVec2::new(corner.x + 0.5 + 1e-9, start_y), 0.7);
            let miss = linear_time_of_impact(
                &circle,
                wide,
                velocity,
                &pentagon,
                Placement::IDENTITY,
                DVec2::ZERO,
            );
            assert_eq!(miss, LinearImpact::MISS, "{offset}");
        }
    }

    /// Rays that pass a large polygon's MD a hair wide of it miss, and a hair inside hit, as the
    /// figure's exact cast finds: the MD's support across the ray proves the first at once
    /// (module doc, "Passing by"), and must never take the second for one. Polygons of 40 to 256
    /// vertices (the GJK ray cast's) against small polygons, circles and capsules, posed and
    /// moving at random, offsets of 10⁻⁷ to 10⁻² either side.
    #[test]
    fn rays_a_hair_wide_miss_and_a_hair_inside_hit() {
        use crate::geometry::cast::MovingBody;
        use crate::geometry::linear_cast::linear_cast;
        use crate::geometry::Pose;
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        let mut seen = [0; 2];
        for case in 0..600 {
            let n = [40, 64, 256][case % 3];
            let a = Convex::new(
                polygon(n, 0.5 + rng.unit(), 0.1 + rng.unit(), &mut rng),
                if case % 2 == 0 { 0.0 } else { 0.1 },
            );
            let b = match (case / 3) % 3 {
                0 => Convex::new(
                    polygon(3 + case % 6, 0.2 + rng.unit(), 0.2 + rng.unit(), &mut rng),
                    0.0,
                ),
                1 => Convex::new(vec![DVec2::ZERO], 0.1 + rng.unit()),
                _ => Convex::new(
                    vec![DVec2::new(-0.5, 0.0), DVec2::new(0.5, 0.0)],
                    0.05 + 0.3 * rng.unit(),
                ),
            };
            let pose_a = Pose::new(DVec2::new(rng.unit(), rng.unit()) * 6.0, rng.unit() * TAU);
            let angle_b = rng.unit() * TAU;
            // B passes A along `along`, starting well behind it, shifted across to pass its MD
            // `offset` wide (or inside, negative) of the radii.
            let along = DVec2::from_angle(rng.unit() * TAU);
            let across = along.perp();
            let behind = pose_a.position - along * 6.0;
            let world = |core: &Convex, pose: Pose| -> Vec<DVec2> {
                core.vertices.iter().map(|&v| pose.apply(v)).collect()
            };
            let (wa, wb) = (world(&a, pose_a), world(&b, Pose::new(behind, angle_b)));
            // The MD B ⊖ A's least extent across the motion, brute force.
            let least = wb
                .iter()
                .flat_map(|&u| wa.iter().map(move |&v| (u - v).dot(across)))
                .fold(f64::INFINITY, f64::min);
            let offset = [1e-7, 1e-4, 1e-2][case % 3] * if case % 4 < 2 { 1.0 } else { -1.0 };
            let shift = offset + a.radius + b.radius - least;
            let pose_b = Pose::new(behind + across * shift, angle_b);
            let drift = DVec2::new(rng.unit() - 0.5, rng.unit() - 0.5);
            let body = |local: &Convex, pose: Pose, velocity: DVec2| MovingBody {
                local: local.clone(),
                pose,
                velocity,
                angular_velocity: 0.0,
            };
            let (ma, mb) = (
                body(&a, pose_a, drift),
                body(&b, pose_b, drift + along * 12.0),
            );
            let exact = linear_cast(&ma, &mb);
            let fast = linear_time_of_impact(&a, pose_a, ma.velocity, &b, pose_b, mb.velocity);
            let what = format!(
                "case {case} offset {offset:e}: {fast:?} vs {:?} at {} normal {:?}",
                exact.status, exact.toi, exact.normal
            );
            assert_eq!(fast.status, exact.status, "{what}");
            if offset > 0.0 {
                assert_eq!(fast, LinearImpact::MISS, "{what}");
                seen[0] += 1;
            } else {
                assert_eq!(fast.status, CastStatus::Hit, "{what}");
                assert!((fast.toi - exact.toi).abs() < 1e-9, "{what}");
                let normal = (fast.normal.unwrap() - exact.normal.unwrap()).length();
                assert!(normal < 1e-6, "{what}");
                seen[1] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k > 250), "misses, hits: {seen:?}");
    }
}

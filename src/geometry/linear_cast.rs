//! The linear cast: when do two translating shapes first touch? A ray from the origin against the
//! Minkowski difference, in closed form.
//!
//! **The idea** (the first article's "continuous linear" section, figure 5). Translating a body
//! translates the MD: at time `t` the MD of the moved bodies is
//!
//! ```text
//! B(t) ⊖ A(t) = MD(0) + (v_B − v_A)·t
//! ```
//!
//! and the bodies touch when the origin is on it, that is when `(v_A − v_B)·t` is on `MD(0)`.
//! So the whole question is a ray cast: from the origin, along **`d = v_A − v_B`** (the velocity
//! of A as seen from B), against the MD built once at `t = 0`. The ray's end (`t = 1`) is `d`
//! itself; the first hit parameter is the time of impact. In the article's demo B stands still
//! and A is swept along its velocity, which is exactly this ray.
//!
//! **Which edges to test.** Entering a convex polygon, a ray crosses an edge whose outward normal
//! points against it (`d · n < 0`). Edges with `d · n ≥ 0` face away from the ray (or lie along
//! it) and are culled, as the article suggests; the trace keeps both kinds so the figure can draw
//! which were skipped. For a front-facing edge the crossing is decided with exact orientation
//! tests (does the ray's line separate the edge's ends?), so a ray through an MD vertex is not
//! lost between two edges.
//!
//! **Rounded shapes.** The MD of two rounded shapes is the core MD dilated by the summed radius
//! `r`: every edge pushed out by `r` along its normal, joined by a disc of radius `r` at every
//! vertex (a capsule per edge). The ray is tested against each pushed-out edge (culled the same
//! way) and each vertex disc (never culled: a disc faces every way); each is a closed formula, so
//! the answer is exact up to floating point.
//!
//! **What is ignored.** Rotation: the bodies keep their angles at `t = 0` even if their
//! `angular_velocity` is not zero (the angular cast handles turning bodies).
//!
//! **Starting in contact.** When the exact [`contact`] at `t = 0` has `distance ≤ 0` (touching
//! counts, as in [`Contact::intersecting`](super::Contact::intersecting)) the cast reports
//! [`CastStatus::Overlapping`] with time of impact 0, whatever the velocities — also when
//! touching bodies are moving apart. The article's caveat is that the ray test cannot start
//! inside; the design asks for `overlapping` and 0 there, and the same rule for touching keeps
//! this cast, the iterative cast and the sampled oracle of the tests in agreement.
//!
//! **AABBs.** [`aabb_cast`] is the second article's promised follow-up: the MD of two
//! axis-aligned boxes ([`Aabb`], from [`special`](super::special)) is an axis-aligned box, and a
//! ray against a box is the slab method.
//!
//! Conventions (design section 2): world frame, y-up; configuration space is the plane of
//! `B ⊖ A` at `t = 0`; normals point from A towards B.

use super::cast::{CastStatus, MovingBody};
use super::distance::md_edge_normal;
use super::minkowski::{minkowski_difference, MinkowskiDifference};
use super::special::Aabb;
use super::{contact, cross, orient, Convex, DVec2, Pose};

/// The ray of a cast in configuration space: from `origin` along `direction` for `length` world
/// units. Its end is where the origin would be carried by the whole motion (`t = 1`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    /// Always the origin of configuration space (kept so the figure need not know that).
    pub origin: DVec2,
    /// Unit direction of `v_A − v_B`; zero when there is no relative motion.
    pub direction: DVec2,
    /// `|v_A − v_B|`: the ray's length for `t ∈ [0, 1]`.
    pub length: f64,
}

impl Ray {
    /// The ray of the relative motion of two bodies: along `v_A − v_B`.
    pub fn of_motion(a: &MovingBody, b: &MovingBody) -> Ray {
        let d = a.velocity - b.velocity;
        Ray {
            origin: DVec2::ZERO,
            direction: d.normalize_or_zero(),
            length: d.length(),
        }
    }

    /// The point reached at time `t` (configuration space).
    pub fn at(&self, t: f64) -> DVec2 {
        self.origin + self.direction * (self.length * t)
    }

    /// The end of the ray, `t = 1`.
    pub fn end(&self) -> DVec2 {
        self.at(1.0)
    }
}

/// One MD edge as the cast saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeTest {
    /// Index of the MD edge (`md.edges[edge]`, from vertex `edge` to `edge + 1`).
    pub edge: usize,
    /// The edge's outward unit normal (configuration space).
    pub normal: DVec2,
    /// Back-facing or edge-on (`d · normal ≥ 0`): not tested.
    pub culled: bool,
    /// For a tested edge, the ray parameter `t ≥ 0` where the ray crosses it (pushed out by the
    /// radius for rounded shapes); may exceed 1 (past the end of the motion). `None` when culled
    /// or when the ray passes beside it.
    pub hit: Option<f64>,
}

/// One MD vertex as the cast saw it: the disc of the MD's radius around it for rounded shapes,
/// the bare point for sharp ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VertexTest {
    /// Index of the MD vertex; the disc has the MD's radius around it (zero: the point).
    pub vertex: usize,
    /// The ray parameter `t ≥ 0` where the ray enters the disc, or passes exactly through the
    /// point (may exceed 1); `None` if it passes beside it.
    pub hit: Option<f64>,
}

/// What the ray hit first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HitFeature {
    /// MD edge `i` (pushed out by the radius when rounded).
    Edge(usize),
    /// The disc around MD vertex `i` (rounded shapes).
    Vertex(usize),
}

/// The result of [`linear_cast`].
#[derive(Clone, Debug, PartialEq)]
pub struct LinearCast {
    /// [`CastStatus::Hit`], [`CastStatus::Miss`] or [`CastStatus::Overlapping`].
    pub status: CastStatus,
    /// The time of impact in `[0, 1]` for a hit; 0 when overlapping at the start; **1 for a
    /// miss** (the bodies travel the whole motion untouched; see `ray_toi` for where the
    /// unbounded ray would hit).
    pub toi: f64,
    /// The first hit parameter of the unbounded ray (`≥ 0`, may exceed 1); `None` when the ray
    /// never meets the MD or the bodies overlap at the start.
    pub ray_toi: Option<f64>,
    /// The feature of the MD hit first (for a hit).
    pub feature: Option<HitFeature>,
    /// Where the ray meets the MD: `(v_A − v_B)·toi`, configuration space, on the boundary of
    /// `MD(0)` (for a hit).
    pub hit_point: Option<DVec2>,
    /// The contact normal at the time of impact: unit, from A towards B, world frame (minus the
    /// MD's outward normal at the hit point). For a hit; when overlapping, the contact normal
    /// at `t = 0`; `None` for a miss.
    pub normal: Option<DVec2>,
    /// Where the bodies touch at the time of impact, world frame (for a hit). When they meet
    /// face to face, the point under the ray.
    pub contact_point: Option<DVec2>,
    /// A's pose at `toi`: `position + velocity·toi`, angle unchanged (the pink A′).
    pub pose_a_at_hit: Pose,
    /// B's pose at `toi`, likewise.
    pub pose_b_at_hit: Pose,
    /// The core MD at `t = 0` (B ⊖ A), with its radius: what the ray was cast against.
    pub md: MinkowskiDifference,
    /// The ray (configuration space).
    pub ray: Ray,
    /// Every MD edge, in order: culled or tested, and its hit. Empty when overlapping.
    pub edges: Vec<EdgeTest>,
    /// Every MD vertex (its disc for rounded shapes, the point itself for sharp ones). Empty
    /// when overlapping.
    pub vertices: Vec<VertexTest>,
}

/// The pose of `body` at time `t` under translation only: `position + velocity·t`, angle at
/// `t = 0` (the linear and iterative casts ignore `angular_velocity`).
pub fn translated_pose_at(body: &MovingBody, t: f64) -> Pose {
    Pose::new(body.pose.position + body.velocity * t, body.pose.angle)
}

/// The body's shape in world space at time `t` under translation only (see
/// [`translated_pose_at`]).
pub fn translated_at(body: &MovingBody, t: f64) -> Convex {
    body.local.transformed(&translated_pose_at(body, t))
}

/// The first time in `[0, 1]` at which `a` and `b`, translating with their velocities (rotation
/// ignored), touch: a ray from the origin along `v_A − v_B` against `B ⊖ A` at `t = 0`. See the
/// module doc.
pub fn linear_cast(a: &MovingBody, b: &MovingBody) -> LinearCast {
    let (wa, wb) = (translated_at(a, 0.0), translated_at(b, 0.0));
    let md = minkowski_difference(&wa, &wb);
    let ray = Ray::of_motion(a, b);
    let d = a.velocity - b.velocity;
    let mut out = LinearCast {
        status: CastStatus::Overlapping,
        toi: 0.0,
        ray_toi: None,
        feature: None,
        hit_point: None,
        normal: None,
        contact_point: None,
        pose_a_at_hit: translated_pose_at(a, 0.0),
        pose_b_at_hit: translated_pose_at(b, 0.0),
        md,
        ray,
        edges: Vec::new(),
        vertices: Vec::new(),
    };
    let start = contact(&wa, &wb);
    if start.distance <= 0.0 {
        // Touching or overlapping already: the contact's own normal, as the other casts give.
        out.normal = Some(start.normal);
        return out;
    }
    let md = &out.md;
    let r = md.radius;
    let mut best: Option<(f64, HitFeature, DVec2)> = None; // (t, feature, outward normal)
                                                           // The earliest hit so far wins; on a tie the feature met first in the scan stays.
    let keep = |best: &mut Option<(f64, HitFeature, DVec2)>, t, feature, normal| {
        if let Some(t) = t {
            if best.is_none_or(|(bt, _, _)| t < bt) {
                *best = Some((t, feature, normal));
            }
        }
    };
    // A motion so slow that the ray parameter of a hit overflows (1e-323 per frame against a
    // gap of 0.1) never gets there: such a hit is no hit.
    for i in 0..md.edges.len() {
        let normal = md_edge_normal(md, i, &wa, &wb);
        let culled = d.dot(normal) >= 0.0;
        let (p, q) = md.edge_points(i);
        let hit = if culled {
            None
        } else if r > 0.0 {
            ray_offset_edge(d, p, q, normal, r)
        } else {
            ray_edge(d, p, q)
        }
        .filter(|t| t.is_finite());
        keep(&mut best, hit, HitFeature::Edge(i), normal);
        out.edges.push(EdgeTest {
            edge: i,
            normal,
            culled,
            hit,
        });
    }
    // Sharp MDs: a ray that reaches a vertex of a polygon crosses a front edge there too (the
    // edge test is closed), so the vertices only decide when no edge was met: a flat MD with
    // the ray along it, or a single point.
    let vertices_decide = r > 0.0 || best.is_none();
    for (k, v) in md.vertices.iter().enumerate() {
        let hit = if r > 0.0 {
            ray_disc(d, v.point, r)
        } else {
            ray_point(d, v.point)
        }
        .filter(|t| t.is_finite());
        // A disc's outward normal at the entry point; a sharp vertex met head-on (its normal
        // cone holds −d: the ray reached it without crossing a front edge first) faces the ray.
        let normal = match hit {
            Some(t) if r > 0.0 => (d * t - v.point).normalize_or(-ray.direction),
            Some(_) => -ray.direction,
            None => DVec2::ZERO,
        };
        if vertices_decide {
            keep(&mut best, hit, HitFeature::Vertex(k), normal);
        }
        out.vertices.push(VertexTest { vertex: k, hit });
    }
    out.ray_toi = best.map(|(t, _, _)| t);
    match best {
        Some((t, feature, outward)) if t <= 1.0 => {
            let hit_point = d * t;
            let normal = -outward;
            let (core_a, _) = core_witnesses(md, &wa, &wb, feature, hit_point);
            out.status = CastStatus::Hit;
            out.toi = t;
            out.feature = Some(feature);
            out.hit_point = Some(hit_point);
            out.normal = Some(normal);
            out.contact_point = Some(core_a + a.velocity * t + normal * wa.radius);
            out.pose_a_at_hit = translated_pose_at(a, t);
            out.pose_b_at_hit = translated_pose_at(b, t);
        }
        _ => {
            out.status = CastStatus::Miss;
            out.toi = 1.0;
            out.pose_a_at_hit = translated_pose_at(a, 1.0);
            out.pose_b_at_hit = translated_pose_at(b, 1.0);
        }
    }
    out
}

/// Where the ray `d·t` crosses the sharp segment `[p, q]`, for `t ≥ 0`. Whether the ray's line
/// meets the closed segment is decided exactly (the line through the origin separates or
/// touches the ends); the parameter is then `cross(q − p, p) / cross(q − p, d)`.
fn ray_edge(d: DVec2, p: DVec2, q: DVec2) -> Option<f64> {
    let (sp, sq) = (orient(DVec2::ZERO, d, p), orient(DVec2::ZERO, d, q));
    if (sp > 0.0 && sq > 0.0) || (sp < 0.0 && sq < 0.0) {
        return None;
    }
    let e = q - p;
    let den = cross(e, d);
    if den == 0.0 {
        return None;
    }
    let t = cross(e, p) / den;
    (t >= 0.0).then_some(t)
}

/// Where the ray `d·t` crosses segment `[p, q]` pushed out by `r` along its outward unit
/// `normal`, for `t ≥ 0` (the flat side of the edge's capsule; its round ends are the vertex
/// discs). The segment's direction is taken from the normal, so it agrees with it exactly.
fn ray_offset_edge(d: DVec2, p: DVec2, q: DVec2, normal: DVec2, r: f64) -> Option<f64> {
    let dn = d.dot(normal);
    if dn >= 0.0 {
        return None;
    }
    // (d·t − p)·n = r  ⇒  t = (p·n + r) / (d·n).
    let t = (p.dot(normal) + r) / dn;
    if t < 0.0 {
        return None;
    }
    let along = normal.perp(); // the edge's direction, p → q
    let s = (d * t - p).dot(along);
    let len = (q - p).dot(along);
    (s >= 0.0 && s <= len).then_some(t)
}

/// Where the ray `d·t` passes exactly through the point `c`, for `t > 0`: decided with the exact
/// orientation test, so a ray beside the point by any amount, however small, misses it. This is
/// how a ray meets a sharp MD that has no front-facing edge to cross: a segment (two parallel
/// edges, both edge-on when the motion runs along it) or a single point.
fn ray_point(d: DVec2, c: DVec2) -> Option<f64> {
    let along = d.dot(c);
    if along <= 0.0 || orient(DVec2::ZERO, d, c) != 0.0 {
        return None;
    }
    Some(along / d.length_squared())
}

/// Where the ray `d·t` enters the disc of radius `r` around `c`, for `t ≥ 0`; the origin is
/// outside it. The smaller root of `|d·t − c|² = r²`, written as `c' / (b + √disc)` so that it
/// does not cancel when the ray is nearly tangent or the disc is near the origin.
fn ray_disc(d: DVec2, c: DVec2, r: f64) -> Option<f64> {
    let aa = d.length_squared();
    let bb = d.dot(c);
    let cc = c.length_squared() - r * r;
    if aa == 0.0 || bb <= 0.0 || cc < 0.0 {
        return None;
    }
    let disc = bb * bb - aa * cc;
    if disc < 0.0 {
        return None;
    }
    Some(cc / (bb + disc.sqrt()))
}

/// The core points of A and B (world, `t = 0`) behind the MD point `x` on `feature`.
fn core_witnesses(
    md: &MinkowskiDifference,
    a: &Convex,
    b: &Convex,
    feature: HitFeature,
    x: DVec2,
) -> (DVec2, DVec2) {
    let n = md.vertices.len();
    match feature {
        HitFeature::Vertex(k) => {
            let v = md.vertices[k];
            (a.vertices[v.a], b.vertices[v.b])
        }
        HitFeature::Edge(i) => {
            let (v0, v1) = (md.vertices[i], md.vertices[(i + 1) % n]);
            let (p, q) = (v0.point, v1.point);
            let len2 = (q - p).length_squared();
            let s = if len2 > 0.0 {
                ((x - p).dot(q - p) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (
                a.vertices[v0.a].lerp(a.vertices[v1.a], s),
                b.vertices[v0.b].lerp(b.vertices[v1.b], s),
            )
        }
    }
}

/// The result of [`aabb_cast`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AabbCast {
    /// [`CastStatus::Hit`], [`CastStatus::Miss`] or [`CastStatus::Overlapping`].
    pub status: CastStatus,
    /// As in [`LinearCast::toi`]: the time of impact, 0 overlapping, 1 for a miss.
    pub toi: f64,
    /// The first hit of the unbounded ray (may exceed 1), as in [`LinearCast::ray_toi`].
    pub ray_toi: Option<f64>,
    /// The contact normal at the hit, from A towards B: `±x` or `±y`. When the ray enters
    /// exactly through a corner of the MD box, the x axis is reported.
    pub normal: Option<DVec2>,
    /// The MD box B ⊖ A, configuration space: centre `c_B − c_A`, half extents `h_A + h_B`.
    pub md: Aabb,
}

/// The swept AABB test: boxes `a` and `b` moving with `va` and `vb` over `t ∈ [0, 1]`. The ray
/// from the origin along `va − vb` against the MD box, by slabs: on each axis the ray is inside
/// the box's slab for an interval of `t`; it is inside the box where all intervals overlap, and
/// enters at the latest entry. Touching at the start counts as overlapping (closed box), as in
/// [`linear_cast`], with which it agrees on unrotated boxes.
pub fn aabb_cast(a: &Aabb, va: DVec2, b: &Aabb, vb: DVec2) -> AabbCast {
    let md = Aabb::new(b.centre - a.centre, a.half_extents + b.half_extents);
    let mut out = AabbCast {
        status: CastStatus::Overlapping,
        toi: 0.0,
        ray_toi: None,
        normal: None,
        md,
    };
    let (lo, hi) = (b.min() - a.max(), b.max() - a.min());
    if lo.cmple(DVec2::ZERO).all() && hi.cmpge(DVec2::ZERO).all() {
        return out;
    }
    out.status = CastStatus::Miss;
    out.toi = 1.0;
    let d = va - vb;
    let (mut enter, mut exit) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut normal = DVec2::ZERO;
    for (k, axis) in [(0, DVec2::X), (1, DVec2::Y)] {
        let (lo, hi, dk) = (lo[k], hi[k], d[k]);
        if dk == 0.0 {
            if lo > 0.0 || hi < 0.0 {
                return out;
            }
            continue;
        }
        let (t0, t1) = if dk > 0.0 {
            (lo / dk, hi / dk)
        } else {
            (hi / dk, lo / dk)
        };
        if t0 > enter {
            enter = t0;
            normal = axis * dk.signum();
        }
        exit = exit.min(t1);
    }
    if enter > exit || enter < 0.0 {
        return out;
    }
    out.ray_toi = Some(enter);
    if enter <= 1.0 {
        out.status = CastStatus::Hit;
        out.toi = enter;
        out.normal = Some(normal);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    fn moving(shape: Shape, x: f64, y: f64, deg: f64, vx: f64, vy: f64) -> MovingBody {
        MovingBody {
            local: shape.to_convex().unwrap().0,
            pose: Pose::new(DVec2::new(x, y), deg.to_radians()),
            velocity: DVec2::new(vx, vy),
            angular_velocity: 0.0,
        }
    }

    fn unit_box() -> Shape {
        Shape::Box {
            half_extents: DVec2::ONE,
        }
    }

    #[test]
    fn circles_known_answer() {
        // MD: a disc of radius 2 around (5, 1); ray along (10, 0): (10t − 5)² + 1 = 4.
        let a = moving(Shape::Circle { radius: 1.0 }, 0.0, 0.0, 0.0, 0.0, 0.0);
        let b = moving(Shape::Circle { radius: 1.0 }, 5.0, 1.0, 0.0, -10.0, 0.0);
        let c = linear_cast(&a, &b);
        let want = (5.0 - 3f64.sqrt()) / 10.0;
        assert_eq!(c.status, CastStatus::Hit);
        assert!((c.toi - want).abs() < 1e-12, "toi {} want {want}", c.toi);
        assert_eq!(c.feature, Some(HitFeature::Vertex(0)));
        // Normal from A to B at the hit: from (0,0) to B's centre at the toi, (√3, 1).
        let n = c.normal.unwrap();
        assert!(
            (n - DVec2::new(3f64.sqrt(), 1.0) / 2.0).length() < 1e-12,
            "{n}"
        );
        // They touch one radius from A's centre along the normal.
        assert!((c.contact_point.unwrap() - n).length() < 1e-12);
        assert!((c.pose_b_at_hit.position - DVec2::new(3f64.sqrt(), 1.0)).length() < 1e-12);
        assert_eq!(c.ray.length, 10.0);
        assert_eq!(c.ray.direction, DVec2::X);
    }

    #[test]
    fn boxes_head_on_cull_the_back_faces() {
        // Unit boxes, B at x = 5 coming at 4 per unit time: the gap 3 closes at t = 3/4.
        let a = moving(unit_box(), 0.0, 0.0, 0.0, 0.0, 0.0);
        let b = moving(unit_box(), 5.0, 0.0, 0.0, -4.0, 0.0);
        let c = linear_cast(&a, &b);
        assert_eq!(c.status, CastStatus::Hit);
        assert_eq!(c.toi, 0.75);
        assert_eq!(c.normal, Some(DVec2::X));
        assert_eq!(c.hit_point, Some(DVec2::new(3.0, 0.0)));
        // The ray runs along +x: only the MD's left side (outward −x) faces it. The merge splits
        // it into a piece from B and a piece from A, so exactly two edges are tested.
        let tested: Vec<_> = c.edges.iter().filter(|e| !e.culled).collect();
        assert!(tested.iter().all(|e| e.normal == -DVec2::X), "{tested:?}");
        assert_eq!(tested.len(), 2);
        assert!(c.edges.iter().filter(|e| e.culled).all(|e| e.hit.is_none()));
        assert_eq!(c.pose_b_at_hit.position, DVec2::new(2.0, 0.0));
        assert_eq!(c.contact_point.unwrap().x, 1.0);
        // Every sharp vertex is tested too; none is met before the face.
        assert_eq!(c.vertices.len(), c.md.vertices.len());
        assert!(c.vertices.iter().all(|v| v.hit.is_none_or(|t| t >= 0.75)));
    }

    #[test]
    fn box_at_forty_five_degrees_corner_first() {
        // B is a unit box turned 45°, its left corner at 5 − √2; A a unit box at rest. Moving
        // left at 4 per unit, the corner meets A's right face x = 1 at t = (4 − √2)/4.
        let a = moving(unit_box(), 0.0, 0.0, 0.0, 0.0, 0.0);
        let b = moving(unit_box(), 5.0, 0.0, 45.0, -4.0, 0.0);
        let c = linear_cast(&a, &b);
        let want = (4.0 - 2f64.sqrt()) / 4.0;
        assert!((c.toi - want).abs() < 1e-12, "toi {} want {want}", c.toi);
        assert!((c.contact_point.unwrap() - DVec2::new(1.0, 0.0)).length() < 1e-12);
        assert!((c.normal.unwrap() - DVec2::X).length() < 1e-12);
    }

    #[test]
    fn capsule_falls_onto_a_box() {
        // Capsule (half length 1, radius 0.5) 3 above a unit box, falling 4 per unit: its lowest
        // point (y = 2.5) reaches the box's top (y = 1) at t = 1.5/4.
        let a = moving(unit_box(), 0.0, 0.0, 0.0, 0.0, 0.0);
        let b = moving(
            Shape::Capsule {
                half_length: 1.0,
                radius: 0.5,
            },
            0.5,
            3.0,
            0.0,
            0.0,
            -4.0,
        );
        let c = linear_cast(&a, &b);
        assert_eq!(c.status, CastStatus::Hit);
        assert!((c.toi - 0.375).abs() < 1e-12, "{}", c.toi);
        assert!((c.normal.unwrap() - DVec2::Y).length() < 1e-12);
        assert!(matches!(c.feature, Some(HitFeature::Edge(_))));
        assert!((c.contact_point.unwrap().y - 1.0).abs() < 1e-12);
    }

    #[test]
    fn overlapping_touching_and_still() {
        let a = moving(unit_box(), 0.0, 0.0, 0.0, 0.0, 0.0);
        // Overlapping, and touching while moving apart: both overlap at t = 0.
        for (x, v) in [(1.5, -1.0), (2.0, 1.0)] {
            let c = linear_cast(&a, &moving(unit_box(), x, 0.0, 0.0, v, 0.0));
            assert_eq!(c.status, CastStatus::Overlapping);
            assert_eq!(c.toi, 0.0);
            assert!(c.edges.is_empty());
        }
        // No relative motion: a miss, every edge culled, toi 1.
        let c = linear_cast(&a, &moving(unit_box(), 3.0, 0.0, 0.0, 0.0, 0.0));
        assert_eq!(c.status, CastStatus::Miss);
        assert_eq!(c.toi, 1.0);
        assert!(c.edges.iter().all(|e| e.culled));
    }

    #[test]
    fn miss_short_of_the_target_reports_the_unbounded_hit() {
        let a = moving(unit_box(), 0.0, 0.0, 0.0, 0.0, 0.0);
        let c = linear_cast(&a, &moving(unit_box(), 6.0, 0.0, 0.0, -2.0, 0.0));
        assert_eq!(c.status, CastStatus::Miss);
        assert_eq!(c.toi, 1.0);
        assert_eq!(c.ray_toi, Some(2.0));
        assert_eq!(c.pose_b_at_hit.position, DVec2::new(4.0, 0.0));
        assert_eq!(c.normal, None);
    }

    #[test]
    fn aabb_slabs_agree_with_the_general_cast() {
        let a = Aabb::new(DVec2::ZERO, DVec2::ONE);
        let b = Aabb::new(DVec2::new(5.0, 0.5), DVec2::new(1.0, 0.5));
        let c = aabb_cast(&a, DVec2::ZERO, &b, DVec2::new(-4.0, 0.0));
        assert_eq!(c.status, CastStatus::Hit);
        assert_eq!(c.toi, 0.75);
        assert_eq!(c.normal, Some(DVec2::X));
        let g = linear_cast(
            &moving(unit_box(), 0.0, 0.0, 0.0, 0.0, 0.0),
            &moving(
                Shape::Box {
                    half_extents: DVec2::new(1.0, 0.5),
                },
                5.0,
                0.5,
                0.0,
                -4.0,
                0.0,
            ),
        );
        assert_eq!(g.toi, c.toi);
        assert_eq!(g.normal, c.normal);
        // Moving up and away: a miss; overlapping at the start: toi 0.
        let m = aabb_cast(&a, DVec2::ZERO, &b, DVec2::new(0.0, 3.0));
        assert_eq!((m.status, m.toi, m.ray_toi), (CastStatus::Miss, 1.0, None));
        let o = aabb_cast(&a, DVec2::ZERO, &a, DVec2::X);
        assert_eq!((o.status, o.toi), (CastStatus::Overlapping, 0.0));
    }
}

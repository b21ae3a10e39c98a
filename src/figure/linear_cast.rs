//! The `linear_cast` demo (first article, "continuous linear", figure 5): two bodies that only
//! translate meet when the origin, carried along the relative motion `v_A − v_B`, enters
//! B ⊖ A. So the time of impact is a ray cast from the origin against the MD built once at
//! `t = 0`.
//!
//! Configuration space: the MD, the origin, the ray (solid up to the hit, dashed past it), the
//! MD edges the ray was tested against (solid, in their source's colour) and the back-facing
//! ones it skipped (faded and dashed), the edge or vertex disc it hit, the hit point and the
//! contact normal there. World: A and B at `t = 0` with their velocity arrows, A′ (pink) and B
//! at the time of impact, the contact point and normal. One step: the cast has no iterations.

use super::common::{self, num, vec};
use super::style::{self, OPAQUE};
use super::{Figure, LegendEntry, Mark, Parts, Readout, Stroke};
use crate::geometry::cast::{CastStatus, MovingBody};
use crate::geometry::linear_cast::{linear_cast, translated_at, HitFeature, LinearCast};
use crate::geometry::{contact, Convex, DVec2, Source};
use crate::palette;
use crate::scene::{PathError, Scene};

/// An unbounded ray that would hit later than this (in units of the motion) is not drawn on to
/// its hit: it would push the view far away.
pub const FAR_RAY_TOI: f64 = 4.0;

/// The figure (no iterations: one step).
pub fn build(scene: &Scene, _step: usize) -> Result<Figure, PathError> {
    Ok(super::assemble(&Computed::new(scene)?))
}

/// What the figure shows, computed once.
struct Computed {
    ma: MovingBody,
    mb: MovingBody,
    cast: LinearCast,
    /// The bodies at `t = 0`.
    a0: Convex,
    b0: Convex,
    /// The length of the normal arrows, from the bodies' size.
    len: f64,
}

/// What checking frames alone would see (the first article's discrete detection): whether the
/// bodies overlap at the start and at the end of the motion, whether A's sweep relative to B
/// meets B, and whether the bodies pass through each other unseen.
struct Frames {
    at_start: bool,
    at_end: bool,
    swept_meets: bool,
    tunnels: bool,
}

impl Computed {
    fn frames(&self) -> Frames {
        let overlap = |a: &Convex, b: &Convex| contact(a, b).distance <= 0.0;
        let (a1, b1) = (translated_at(&self.ma, 1.0), translated_at(&self.mb, 1.0));
        let rel = self.ma.velocity - self.mb.velocity;
        let (at_start, at_end) = (overlap(&self.a0, &self.b0), overlap(&a1, &b1));
        Frames {
            at_start,
            at_end,
            swept_meets: overlap(&common::swept_hull(&self.a0, rel), &self.b0),
            tunnels: self.cast.status == CastStatus::Hit && !at_start && !at_end,
        }
    }

    /// The bodies at `t = 1` (the next frame), faint and dashed, where they move.
    fn next_frame(&self) -> Vec<Mark> {
        let mut w = Vec::new();
        for (m, which) in [(&self.ma, Source::A), (&self.mb, Source::B)] {
            if m.velocity != DVec2::ZERO {
                let end = translated_at(m, 1.0);
                let c = common::body_color(which);
                w.push(common::outline_in(&end, c, style::MISS_END_ALPHA, true));
                w.push(Mark::label(
                    m.pose.position + m.velocity,
                    "t = 1",
                    c,
                    style::MISS_LABEL,
                ));
            }
        }
        w
    }

    fn new(scene: &Scene) -> Result<Computed, PathError> {
        let (ma, mb) = (scene.a.moving(Source::A)?, scene.b.moving(Source::B)?);
        let (a0, b0) = (translated_at(&ma, 0.0), translated_at(&mb, 0.0));
        Ok(Computed {
            cast: linear_cast(&ma, &mb),
            len: common::arrow_length(&a0, &b0),
            ma,
            mb,
            a0,
            b0,
        })
    }

    /// Where the cast leaves the bodies: on a hit A′ (pink) and B if it moves (dashed); on a
    /// miss each moving body at `t = 1`, dashed.
    fn end_poses(&self) -> Vec<Mark> {
        let cast = &self.cast;
        let a_end = self.ma.local.transformed(&cast.pose_a_at_hit);
        let b_end = self.mb.local.transformed(&cast.pose_b_at_hit);
        let mut w = Vec::new();
        match cast.status {
            CastStatus::Hit => {
                if self.mb.velocity != DVec2::ZERO {
                    w.push(common::outline_in(
                        &b_end,
                        palette::SHAPE_B,
                        style::AHEAD_ALPHA,
                        true,
                    ));
                    w.push(Mark::label(
                        cast.pose_b_at_hit.position,
                        "B at the hit",
                        palette::SHAPE_B,
                        style::NOTE_LABEL,
                    ));
                }
                w.push(common::outline_in(&a_end, palette::HIT_POSE, OPAQUE, false));
                w.push(Mark::label(
                    cast.pose_a_at_hit.position,
                    format!("A\u{2032}  t = {}", num(cast.toi)),
                    palette::TEXT,
                    style::TIME_LABEL,
                ));
            }
            CastStatus::Miss => {
                for (shape, m, which, pose) in [
                    (&a_end, &self.ma, Source::A, cast.pose_a_at_hit),
                    (&b_end, &self.mb, Source::B, cast.pose_b_at_hit),
                ] {
                    if m.velocity != DVec2::ZERO {
                        let c = common::body_color(which);
                        w.push(common::outline_in(shape, c, style::MISS_END_ALPHA, true));
                        w.push(Mark::label(
                            pose.position,
                            "t = 1, untouched",
                            c,
                            style::MISS_LABEL,
                        ));
                    }
                }
            }
            _ => {}
        }
        w
    }

    /// The MD, its core edges as the cast saw them: tested ones solid in their source's colour,
    /// back-facing ones faded and dashed, each with a short outward normal at its middle (the
    /// culling test is that normal's sign against the ray).
    fn md_as_tested(&self) -> Vec<Mark> {
        let md = &self.cast.md;
        if self.cast.edges.is_empty() {
            return common::minkowski(md, OPAQUE);
        }
        // The MD's rounded outline and fill only: the edges follow.
        let mut c: Vec<Mark> = common::minkowski(md, OPAQUE).into_iter().take(1).collect();
        for e in &self.cast.edges {
            let (p, q) = md.edge_points(e.edge);
            let color = common::body_color(md.edges[e.edge].source);
            let faded = color.with_alpha(style::CULLED_ALPHA);
            let (edge, normal) = if e.culled {
                (
                    Stroke::dashed(faded, style::CULLED_EDGE_WIDTH),
                    Stroke::dashed(faded, style::GUIDE_WIDTH),
                )
            } else {
                (
                    Stroke::solid(color, style::MD_EDGE_WIDTH),
                    Stroke::solid(color, style::HELPER_WIDTH),
                )
            };
            let mid = (p + q) * 0.5;
            c.extend([
                Mark::segment(p, q, edge),
                Mark::arrow(
                    mid,
                    mid + e.normal * (style::EDGE_NORMAL_LENGTH * self.len),
                    normal,
                ),
            ]);
        }
        c
    }

    /// The feature the ray hits first: the edge pushed out by the radius, or the corner's disc.
    fn hit_feature(&self) -> Option<Mark> {
        let md = &self.cast.md;
        match self.cast.feature? {
            HitFeature::Edge(i) => {
                let (p, q) = md.edge_points(i);
                let n = self.cast.edges[i].normal * md.radius;
                Some(Mark::segment(
                    p + n,
                    q + n,
                    Stroke::solid(
                        common::body_color(md.edges[i].source),
                        style::FEATURE_EDGE_WIDTH,
                    ),
                ))
            }
            HitFeature::Vertex(k) => Some(Mark::Circle {
                centre: md.vertices[k].point,
                radius: md.radius,
                stroke: Some(Stroke::dashed(palette::CAST_RAY, style::HELPER_WIDTH)),
                fill: None,
            }),
        }
    }

    /// The ray over the whole motion: on a hit dashed, with the part travelled before the hit
    /// solid; on a miss solid, with where the unbounded ray would hit if that is not far.
    fn ray(&self) -> Vec<Mark> {
        let (cast, ray) = (&self.cast, &self.cast.ray);
        let mut c = Vec::new();
        if ray.length > 0.0 {
            let end = ray.end();
            match (cast.status, cast.hit_point) {
                (CastStatus::Hit, Some(hit)) => c.extend([
                    Mark::arrow(
                        ray.origin,
                        end,
                        Stroke::dashed(palette::CAST_RAY, style::RAY_MOTION_WIDTH),
                    ),
                    Mark::segment(
                        ray.origin,
                        hit,
                        Stroke::solid(palette::CAST_RAY, style::RAY_WIDTH),
                    ),
                ]),
                (CastStatus::Miss, _) => {
                    c.push(Mark::arrow(
                        ray.origin,
                        end,
                        Stroke::solid(palette::CAST_RAY, style::RAY_WIDTH),
                    ));
                    if let Some(t) = cast.ray_toi.filter(|&t| t <= FAR_RAY_TOI) {
                        let later = ray.at(t);
                        c.extend([
                            Mark::segment(
                                end,
                                later,
                                Stroke::dashed(palette::CAST_RAY, style::GUIDE_WIDTH),
                            ),
                            Mark::label(
                                later,
                                format!("would hit at t = {}", num(t)),
                                palette::CAST_RAY,
                                style::NOTE_LABEL,
                            ),
                        ]);
                    }
                }
                _ => c.push(Mark::arrow(
                    ray.origin,
                    end,
                    Stroke::dashed(palette::CAST_RAY, style::RAY_MOTION_WIDTH),
                )),
            }
            c.push(Mark::label(
                end,
                "t = 1",
                palette::CAST_RAY,
                style::TIME_LABEL,
            ));
        }
        c
    }
}

impl Parts for Computed {
    /// A and B at `t = 0`, where the cast leaves them, both velocities, the contact point and
    /// normal.
    fn world(&self) -> Vec<Mark> {
        // Under the bodies: A's sweep relative to B, and on a hit the next frame (t = 1), the
        // first article's two frames that a check of frames alone would look at.
        let mut w = Vec::new();
        let rel = self.ma.velocity - self.mb.velocity;
        if rel != DVec2::ZERO {
            w.push(common::swept_mark(&self.a0, rel));
        }
        if self.cast.status == CastStatus::Hit {
            w.extend(self.next_frame());
        }
        w.extend(common::bodies(&self.a0, &self.b0));
        w.extend(self.end_poses());
        for (m, which) in [(&self.ma, Source::A), (&self.mb, Source::B)] {
            w.extend(common::velocity_arrow(m.pose.position, m.velocity, which));
        }
        if let (Some(p), Some(n)) = (self.cast.contact_point, self.cast.normal) {
            w.extend([
                common::answer_arrow(p, p + n * self.len, palette::CAST_NORMAL),
                Mark::dot(p, palette::HIT_POSE, style::CONTACT_DOT),
                Mark::dot(p, palette::TEXT, style::CONTACT_CENTRE_DOT),
            ]);
        }
        w
    }

    /// The MD with its tested and culled edges, the feature hit, the ray, the hit point and the
    /// normal there.
    fn config(&self) -> Vec<Mark> {
        let cast = &self.cast;
        let mut c = self.md_as_tested();
        c.extend(self.hit_feature());
        c.extend(self.ray());
        if let (Some(hit), Some(n)) = (cast.hit_point, cast.normal) {
            c.extend([
                common::answer_arrow(hit, hit + n * self.len, palette::CAST_NORMAL),
                Mark::dot(hit, palette::HIT_POSE, style::HIT_POINT_DOT),
                Mark::label(
                    hit,
                    format!("hit, t = {}", num(cast.toi)),
                    palette::TEXT,
                    style::HIT_LABEL,
                ),
            ]);
        }
        c.push(common::origin());
        c
    }

    fn readouts(&self) -> Vec<Readout> {
        let cast = &self.cast;
        let or_none = |v: Option<DVec2>| v.map_or("none".into(), vec);
        let frames = self.frames();
        let mut r = vec![
            Readout::new(
                "overlap at t = 0, at t = 1",
                format!(
                    "{}, {}",
                    common::yes_no(frames.at_start),
                    common::yes_no(frames.at_end)
                ),
            ),
            Readout::new("A's sweep meets B", common::yes_no(frames.swept_meets)),
        ];
        if frames.tunnels {
            r.push(Readout::new(
                "tunnelling",
                "yes: a check of the frames at t = 0 and t = 1 alone misses this hit",
            ));
        }
        r.extend([
            Readout::new("status", status_text(cast)),
            Readout::new("time of impact", common::toi_words(cast.status, cast.toi)),
            Readout::new(
                "relative motion vA - vB",
                vec(cast.ray.direction * cast.ray.length),
            ),
            Readout::new("hit point (B - A space)", or_none(cast.hit_point)),
            Readout::new("normal (A to B)", or_none(cast.normal)),
            Readout::new("contact point (world)", or_none(cast.contact_point)),
        ]);
        if !cast.edges.is_empty() {
            let culled = cast.edges.iter().filter(|e| e.culled).count();
            r.push(Readout::new(
                "MD edges",
                format!(
                    "{} tested, {} culled as back-facing",
                    cast.edges.len() - culled,
                    culled
                ),
            ));
        }
        if let Some(feature) = cast.feature {
            r.push(Readout::new(
                "hit feature",
                match feature {
                    HitFeature::Edge(i) => {
                        let s = cast.md.edges[i].source;
                        format!("MD edge {i} (from {})", s.as_str().to_uppercase())
                    }
                    HitFeature::Vertex(k) => format!("the rounded corner at MD vertex {k}"),
                },
            ));
        }
        if cast.status == CastStatus::Miss {
            r.push(Readout::new(
                "unbounded ray meets the MD at",
                cast.ray_toi
                    .map_or("never".into(), |t| format!("t = {}", num(t))),
            ));
        }
        r
    }

    /// A′ and the normal only when there is a hit.
    fn legend(&self) -> Vec<LegendEntry> {
        let hit = self.cast.status == CastStatus::Hit;
        common::legend_with(
            [
                (
                    palette::SHAPE_A.with_alpha(style::CULLED_ALPHA),
                    "faded dashed MD edges: back-facing to the ray, culled (not tested)",
                ),
                (
                    palette::CAST_RAY,
                    "the ray: origin along vA - vB to t = 1; dashed past the hit",
                ),
                (
                    palette::SAT_SWEPT,
                    "A's sweep relative to B over the motion: conv(A, A + vA - vB)",
                ),
            ]
            .into_iter()
            .chain(
                [
                    (
                        palette::HIT_POSE,
                        "A\u{2032}: A at the time of impact; the hit point in B \u{2296} A",
                    ),
                    (
                        palette::CAST_NORMAL,
                        "contact normal at the hit (A towards B)",
                    ),
                ]
                .into_iter()
                .filter(|_| hit),
            ),
        )
    }
}

/// One line on how the cast ended.
fn status_text(cast: &LinearCast) -> String {
    match cast.status {
        CastStatus::Hit => "hit: the ray enters B - A before t = 1".into(),
        CastStatus::Miss if cast.ray.length == 0.0 => {
            "miss: no relative motion, the origin stays outside".into()
        }
        CastStatus::Miss => match cast.ray_toi {
            Some(_) => "miss: the ray reaches B - A only after t = 1".into(),
            None => "miss: the ray passes B - A by".into(),
        },
        CastStatus::Overlapping => {
            "overlapping at t = 0 (toi 0): the origin is already in B - A".into()
        }
        other => common::cast_status_words(other).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::linear_cast::translated_at;
    use crate::geometry::outward_normal;
    use crate::report::scene_report;

    const CIRCLES: &str = include_str!("../../scenes/circles_known_time_of_impact.json");
    const BOXES: &str = include_str!("../../scenes/linear_cast_box_meets_wedge.json");

    fn points_of(f: &Figure, color: palette::Rgba, config: bool) -> Vec<DVec2> {
        let marks = if config { &f.config } else { &f.world };
        marks
            .iter()
            .filter_map(|m| match m {
                Mark::Point { at, color: c, .. } if *c == color => Some(*at),
                _ => None,
            })
            .collect()
    }

    fn readout<'a>(f: &'a Figure, name: &str) -> &'a str {
        &f.readouts.iter().find(|r| r.name == name).unwrap().value
    }

    /// A′ is pink at the report's time of impact, the hit point is the ray at that time, and the
    /// read-outs agree with the report.
    fn check_hit(text: &str, name: &str) -> Figure {
        let scene = Scene::from_str(text, name).unwrap();
        let f = build(&scene, 3).unwrap();
        let r = scene_report(&scene).unwrap();
        let lc = r.linear_cast.as_ref().unwrap();
        assert_eq!(lc.status, "hit");
        let rel = scene.a.velocity - scene.b.velocity;
        assert_eq!(points_of(&f, palette::HIT_POSE, true).len(), 1);
        let hit = points_of(&f, palette::HIT_POSE, true)[0];
        assert!(
            (hit - rel * lc.toi).length() < 1e-9,
            "{hit} vs {}",
            rel * lc.toi
        );
        let ma = scene.a.moving(Source::A).unwrap();
        let want = common::outline_in(
            &translated_at(&ma, lc.toi),
            palette::HIT_POSE,
            OPAQUE,
            false,
        );
        assert!(
            f.world.contains(&want),
            "no pink A\u{2032} at t = {}",
            lc.toi
        );
        // The normal arrow at the hit is the report's normal.
        let n = DVec2::from(lc.normal.unwrap());
        assert!(f.config.iter().any(|m| matches!(m,
            Mark::Arrow { from, to, stroke } if stroke.color == palette::CAST_NORMAL
                && *from == hit && ((*to - *from).normalize() - n).length() < 1e-9)));
        assert_eq!(readout(&f, "time of impact"), num(lc.toi));
        assert!(readout(&f, "status").starts_with("hit"));
        assert!(f.config.contains(&common::origin()));
        assert_eq!(f.steps, 1);
        f
    }

    #[test]
    fn circles_hit_where_the_report_says() {
        let f = check_hit(CIRCLES, "circles_known_time_of_impact.json");
        // (5 − √3)/10 by hand.
        assert_eq!(
            readout(&f, "time of impact"),
            num((5.0 - 3f64.sqrt()) / 10.0)
        );
    }

    #[test]
    fn boxes_draw_front_edges_solid_and_back_edges_culled() {
        let f = check_hit(BOXES, "linear_cast_box_meets_wedge.json");
        let scene = Scene::from_str(BOXES, "b.json").unwrap();
        let d = scene.a.velocity - scene.b.velocity;
        // Every MD edge is drawn once, 3 px solid when facing the ray, dashed when not; the
        // facing is checked here from the drawn segment itself (the MD is counter-clockwise).
        let (mut tested, mut culled) = (0, 0);
        for m in &f.config {
            if let Mark::Segment { from, to, stroke } = m {
                let facing = d.dot(outward_normal(*from, *to).unwrap()) < 0.0;
                if stroke.width == style::MD_EDGE_WIDTH && !stroke.dashed {
                    assert!(facing, "a solid edge faces away from the ray");
                    tested += 1;
                } else if stroke.dashed && stroke.color.3 == style::CULLED_ALPHA {
                    assert!(!facing, "a culled edge faces the ray");
                    culled += 1;
                }
            }
        }
        assert!(
            tested >= 1 && culled >= 2,
            "{tested} tested, {culled} culled"
        );
        let bodies = scene.bodies().unwrap();
        let md = crate::geometry::minkowski::minkowski_difference(&bodies.a, &bodies.b);
        assert_eq!(tested + culled, md.edges.len());
        assert_eq!(
            readout(&f, "MD edges"),
            format!("{tested} tested, {culled} culled as back-facing")
        );
    }

    #[test]
    fn a_miss_draws_no_pink_and_overlap_says_so() {
        let mut scene = Scene::from_str(BOXES, "b.json").unwrap();
        scene.a.velocity = -scene.a.velocity;
        let f = build(&scene, 0).unwrap();
        assert_eq!(
            scene_report(&scene).unwrap().linear_cast.unwrap().status,
            "miss"
        );
        assert!(points_of(&f, palette::HIT_POSE, true).is_empty());
        assert!(readout(&f, "status").starts_with("miss"));
        scene.a.position = scene.b.position;
        let f = build(&scene, 0).unwrap();
        assert!(readout(&f, "status").starts_with("overlapping"));
        assert_eq!(readout(&f, "time of impact"), num(0.0));
    }

    #[test]
    fn every_scene_gives_a_drawable_figure_at_any_step() {
        common::check_drawable_on_test_scenes(build);
    }
}

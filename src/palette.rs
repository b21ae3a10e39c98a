//! Every colour the product draws, in one place, named for what it shows (the articles'
//! choices, design section 2). Plain RGBA bytes: the window and the SVG writer both read them.

/// An sRGB colour with alpha, 0–255 each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    /// The same colour with another alpha.
    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }
}

/// Shape A, and MD edges that come from A.
pub const SHAPE_A: Rgba = Rgba(214, 39, 40, 255);
/// Shape B, and MD edges that come from B.
pub const SHAPE_B: Rgba = Rgba(44, 160, 44, 255);
/// The origin of configuration space.
pub const ORIGIN: Rgba = Rgba(0, 0, 0, 255);
/// The minimum translation vector.
pub const MTV: Rgba = Rgba(31, 119, 220, 255);
/// The pose of A at the time of impact (A′).
pub const HIT_POSE: Rgba = Rgba(240, 120, 200, 255);
/// Iterative cast: the current estimate.
pub const ESTIMATE: Rgba = Rgba(0, 0, 0, 255);
/// Iterative cast: the closest point of the MD.
pub const CLOSEST_MD_POINT: Rgba = Rgba(44, 160, 44, 255);
/// Iterative cast: the next estimate (ray ∩ plane).
pub const NEXT_ESTIMATE: Rgba = Rgba(214, 39, 40, 255);
/// Exit-vector figure: the velocity.
pub const EXIT_VELOCITY: Rgba = Rgba(214, 39, 40, 255);
/// Exit-vector figure: origin to edge.
pub const EXIT_TO_EDGE: Rgba = Rgba(31, 119, 220, 255);
/// Exit-vector figure: the projection onto the edge.
pub const EXIT_PROJECTION: Rgba = Rgba(128, 128, 128, 255);
/// Exit-vector figure: the exit vector.
pub const EXIT: Rgba = Rgba(44, 160, 44, 255);
/// The Minkowski difference's fill.
pub const MD_FILL: Rgba = Rgba(120, 120, 140, 40);
/// Background and the light grid.
pub const BACKGROUND: Rgba = Rgba(250, 250, 247, 255);
pub const GRID: Rgba = Rgba(225, 225, 220, 255);
pub const AXES: Rgba = Rgba(180, 180, 175, 255);
/// Text.
pub const TEXT: Rgba = Rgba(30, 30, 30, 255);
/// A cast's ray in configuration space: from the origin along the relative motion `v_A − v_B`.
pub const CAST_RAY: Rgba = Rgba(70, 70, 95, 255);
/// A cast's contact normal (from A towards B), at the hit or at an iteration.
pub const CAST_NORMAL: Rgba = Rgba(255, 127, 14, 255);
/// Half extents of a box (AABB demo). The first article draws them in red; this is a darker
/// red than A's, so a half extent stays visible drawn over A's red outline and fill, and A
/// and B stay told apart by their own red and green.
pub const HALF_EXTENT: Rgba = Rgba(140, 0, 0, 255);
/// AABB demo: the origin's distances to the sides of B ⊖ A (the closest-point candidates).
pub const SIDE_CANDIDATE: Rgba = Rgba(150, 70, 170, 255);
/// Circle vs box: the clamp region the circle's centre is in (the first article's red region).
pub const CLAMP_REGION: Rgba = Rgba(230, 80, 60, 40);
/// Circle vs box: Bc, the circle's centre clamped to the box.
pub const CLAMPED: Rgba = Rgba(200, 60, 20, 255);
/// SAT: an axis line.
pub const SAT_AXIS: Rgba = Rgba(90, 90, 90, 255);
/// SAT: where two projections overlap.
pub const SAT_OVERLAP: Rgba = Rgba(120, 60, 160, 255);
/// SAT: the gap between two projections, and the separating line.
pub const SAT_GAP: Rgba = Rgba(20, 150, 160, 255);
/// SAT: A's projection extended by the relative velocity (the article's moving test).
pub const SAT_SWEPT: Rgba = Rgba(245, 150, 60, 255);
/// SAT: the warning that the swept test claims a hit that never happens.
pub const SAT_FALSE_CLAIM: Rgba = Rgba(200, 0, 0, 255);
/// SAT: the push of A the article's own code answers, where it is longer than the shortest.
pub const ARTICLE_PUSH: Rgba = Rgba(200, 0, 0, 255);
/// Separating axis: the separating line found and the features it came from.
pub const SEPARATING_LINE: Rgba = Rgba(20, 150, 160, 255);
/// Separating axis: last frame's line, still separating.
pub const CACHE_HOLDS: Rgba = Rgba(60, 170, 90, 255);
/// Separating axis: last frame's line, no longer separating.
pub const CACHE_FAILS: Rgba = Rgba(230, 120, 30, 255);
/// A concave outline as the file gives it (its convex hull is what collides).
pub const CONCAVE_INPUT: Rgba = Rgba(110, 70, 40, 255);
/// Point cloud: a difference point b_j − a_i.
pub const CLOUD_POINT: Rgba = Rgba(60, 60, 70, 255);
/// Point cloud: the hull found by wrapping, and an accepted candidate line.
pub const WRAP_EDGE: Rgba = Rgba(20, 150, 160, 255);
/// Point cloud: a refused candidate line and the points outside it.
pub const WRAP_REFUSED: Rgba = Rgba(230, 120, 30, 255);
/// Point cloud: the interior point, its segment to the origin, the edge it crosses. The fourth
/// article draws the point in red; a crimson, bluer and darker than A's red (which the same
/// figure uses for the velocity), so the three do not blur into one.
pub const INTERIOR_POINT: Rgba = Rgba(170, 0, 80, 255);
/// An article's misprint, marked where it applies (the point-cloud article's worked example).
pub const ERRATUM: Rgba = Rgba(230, 0, 120, 255);
/// Edge scan: the pair being examined — its edge's normal, the origin's distance to its MD edge.
pub const SCAN_PAIR: Rgba = Rgba(140, 50, 190, 255);
/// Edge scan: the best pair so far, what the scan would answer if it stopped here.
pub const SCAN_BEST: Rgba = Rgba(235, 150, 0, 255);
/// GJK: the simplex (its kept part solid) and the core vertices behind its points.
pub const SIMPLEX: Rgba = Rgba(128, 64, 192, 255);
/// EPA: the polytope growing inside the MD, and the edges it is about to gain.
pub const POLYTOPE: Rgba = Rgba(128, 64, 192, 255);
/// GJK and EPA: the support point `w` found in an iteration, the pair of core vertices behind
/// it, and (EPA) how far it lies beyond the nearest edge.
pub const SUPPORT_POINT: Rgba = Rgba(200, 30, 120, 255);
/// GJK: the search direction from `v` towards the origin.
pub const SEARCH_DIRECTION: Rgba = Rgba(70, 70, 70, 255);
/// A lower bound and what gives it: GJK's supporting line through `w` (and where it crosses
/// the way from the origin to `v`), EPA's nearest polytope edge; its line in the plot of the
/// bounds.
pub const LOWER_BOUND: Rgba = Rgba(0, 150, 160, 255);
/// An upper bound and what gives it: GJK's `v` (`|v|`) and the walk of earlier `v`s, EPA's
/// supporting line through `w`; its line in the plot of the bounds.
pub const UPPER_BOUND: Rgba = Rgba(230, 115, 0, 255);
/// GJK and EPA: the witness points on A and B, joined (Box2D's "draw simplex").
pub const WITNESS: Rgba = Rgba(120, 70, 20, 255);
/// Rounded shapes: the radii added to (or taken from) the cores' answer.
pub const ROUNDING: Rgba = Rgba(128, 128, 128, 255);
/// The difference at `t = 0` behind the one at a later moment (the time scrubber), dashed.
pub const EARLIER_MD: Rgba = Rgba(95, 95, 125, 255);
/// The panes linked: the feature pointed at and the features of the other pane it made (a
/// translucent halo over them).
pub const LINKED: Rgba = Rgba(255, 230, 0, 255);
/// The axis the article's swept test never tries: the normal of the relative velocity, and the
/// separating line along the velocity it gives.
pub const VELOCITY_NORMAL: Rgba = Rgba(0, 110, 200, 255);

#[cfg(test)]
mod tests {
    use super::*;

    /// Red as the articles mean it: red well above green and blue.
    fn is_red(c: Rgba) -> bool {
        c.0 as u16 >= 2 * c.1 as u16 && c.0 as u16 >= 2 * c.2 as u16 && c.0 >= 120
    }

    /// How far apart two colours are (sum of channel differences).
    fn apart(p: Rgba, q: Rgba) -> u16 {
        (p.0.abs_diff(q.0) as u16) + (p.1.abs_diff(q.1) as u16) + (p.2.abs_diff(q.2) as u16)
    }

    #[test]
    fn the_articles_reds_are_red_yet_not_shape_as_red() {
        for (name, c) in [
            ("HALF_EXTENT", HALF_EXTENT),
            ("INTERIOR_POINT", INTERIOR_POINT),
        ] {
            assert!(is_red(c), "{name} {c:?} is not red");
            assert!(apart(c, SHAPE_A) >= 90, "{name} {c:?} too close to A's red");
            assert!(
                apart(c, SHAPE_B) >= 200,
                "{name} {c:?} too close to B's green"
            );
        }
        assert!(apart(INTERIOR_POINT, EXIT_VELOCITY) >= 90);
    }
}

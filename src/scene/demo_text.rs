//! What each demo is called in words, which article it recreates, and what its two panes show:
//! the text the side panel and the pictures put beside the figure. [`Demo::as_str`] stays the
//! code name that scene files and the command line use.

use super::Demo;

/// The first article, which most demos recreate.
const FIRTH: &str = "\u{201c}Collision detection for dummies\u{201d}, Paul Firth";

impl Demo {
    /// The demo's name in words, for the demo list.
    pub fn title(self) -> &'static str {
        match self {
            Demo::CircleCircle => "Circle vs circle",
            Demo::Aabb => "Box vs box (axis-aligned)",
            Demo::CircleBox => "Circle vs box",
            Demo::Penetration => "Minimum translation (polygons)",
            Demo::Sat => "Separating axes (SAT)",
            Demo::LinearCast => "Linear cast (ray vs B \u{2212} A)",
            Demo::IterativeCast => "Iterative cast (van den Bergen)",
            Demo::AngularCast => "Turning cast (conservative advancement)",
            Demo::PointCloud => "Difference of all vertex pairs",
            Demo::SeparatingAxis => "Separating plane, cached",
            Demo::Gjk => "GJK distance",
            Demo::Epa => "EPA penetration depth",
        }
    }

    /// The article (title, author) the demo recreates; for GJK and EPA, which the articles do
    /// not cover, the algorithm's authors.
    pub fn article(self) -> &'static str {
        match self {
            Demo::CircleCircle
            | Demo::CircleBox
            | Demo::Penetration
            | Demo::LinearCast
            | Demo::IterativeCast
            | Demo::AngularCast => FIRTH,
            Demo::Aabb => {
                "\u{201c}Collision detection for dummies\u{201d}, Paul Firth, and \u{201c}Simple \
                 AABB collision detection using the Minkowski difference\u{201d}, Kenton Hamaluik"
            }
            Demo::Sat => "\u{201c}2D polygon collision detection\u{201d}, Laurent Cozic",
            Demo::PointCloud => {
                "\u{201c}Minkowski collisions: I want my game to have slopes!\u{201d}, the Centure \
                 game's blog"
            }
            Demo::SeparatingAxis => "\u{201c}When two hearts collide\u{201d}, Jeff Lander",
            Demo::Gjk => {
                "the distance algorithm of Gilbert, Johnson and Keerthi (not one of the five articles)"
            }
            Demo::Epa => {
                "the expanding polytope algorithm of Gino van den Bergen (not one of the five articles)"
            }
        }
    }

    /// What the two panes show for this demo, in a few sentences (the same for every scene).
    pub fn looking_at(self) -> &'static str {
        match self {
            Demo::CircleCircle => {
                "Left, the two circles; right, B \u{2212} A, one circle whose radius is the sum of \
                 the two. They overlap exactly when the black origin lies inside it. The arrow \
                 from the origin to its rim is the shortest move of B that parts them."
            }
            Demo::Aabb => {
                "Left, both boxes with their half extents marked. Right, B \u{2212} A is again a \
                 box, from minB \u{2212} maxA to maxB \u{2212} minA. The nearest of its four \
                 sides to the origin gives the push-out when the origin is inside."
            }
            Demo::CircleBox => {
                "Left, the circle's centre is clamped to the box: the point of the box nearest \
                 it. The shaded band is the region the clamp acts in. The circle touches the box \
                 when that point lies within its radius; right, the same in B \u{2212} A."
            }
            Demo::Penetration => {
                "Right, B \u{2212} A with each edge coloured by the shape it comes from, red A, \
                 green B. The blue arrow is the shortest way from the origin out of it: the \
                 minimum translation. Step through the edges to see each one's support vertex \
                 and its distance to the origin."
            }
            Demo::Sat => {
                "Each grey line is an axis, the normal of an edge. Both shapes are projected \
                 onto it as intervals: a gap on any axis means they are apart. When every axis \
                 overlaps, the smallest overlap gives the push apart; the orange interval is A \
                 extended by its motion."
            }
            Demo::LinearCast => {
                "Right, a ray leaves the origin along the relative motion and enters B \u{2212} A \
                 where the shapes first touch. Left, the pink outline is A at that moment. Edges \
                 facing away from the ray cannot be hit and are left out."
            }
            Demo::IterativeCast => {
                "Each step moves the black estimate along the ray of the relative motion. The \
                 green dot is the nearest point of B \u{2212} A to it, with its normal; where the \
                 ray meets that normal's plane is the next estimate, red. The steps close in on \
                 the time of impact."
            }
            Demo::AngularCast => {
                "A turns and moves at once; the faint outlines are its poses at each iteration. \
                 Each step measures the distance, bounds how fast it can shrink (turning adds \
                 radius times angular speed) and advances by distance over bound, never past the \
                 contact."
            }
            Demo::PointCloud => {
                "Right, every vertex of B minus every vertex of A, one dot per pair. The steps \
                 wrap a hull round the outermost dots. A segment from a point inside the hull to \
                 the origin tells whether the origin is inside, and the ray along the velocity \
                 gives the exit vector."
            }
            Demo::SeparatingAxis => {
                "Left, the line that separates the shapes, built from a face of one or from an \
                 edge of one and a vertex of the other, with both bounding boxes. The cached line \
                 from the last frame is tried first: it is green while it still separates."
            }
            Demo::Gjk => {
                "Right, the simplex (a point, an edge or a triangle of B \u{2212} A) at each \
                 iteration, its point nearest the origin and the search direction. Each support \
                 point raises the lower bound while the nearest point lowers the upper one; left, \
                 the witness points on A and B."
            }
            Demo::Epa => {
                "When the cores overlap, a polygon inside B \u{2212} A grows from GJK's last \
                 simplex. Each step takes the polygon's edge nearest the origin and adds the \
                 support point beyond it, until the edge lies on B \u{2212} A: then its distance \
                 is the depth."
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_has_a_title_an_article_and_what_its_panes_show() {
        for d in Demo::ALL {
            for (what, text) in [
                ("title", d.title()),
                ("article", d.article()),
                ("looking_at", d.looking_at()),
            ] {
                assert!(!text.trim().is_empty(), "{} has no {what}", d.as_str());
                assert!(
                    !text.contains('_'),
                    "{} {what} has a code name in it: {text}",
                    d.as_str()
                );
            }
            let sentences = d.looking_at().matches(". ").count() + 1;
            assert!((2..=4).contains(&sentences), "{}: {sentences}", d.as_str());
        }
        let titles: std::collections::HashSet<_> = Demo::ALL.iter().map(|d| d.title()).collect();
        assert_eq!(titles.len(), Demo::ALL.len(), "two demos share a title");
    }
}

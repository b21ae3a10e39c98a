//! Which way configuration space is shown: B − A (this program's files, `report` and the code,
//! the first article) or A − B (the point-cloud article, parry's CSO and most GJK texts).
//!
//! The difference is always computed as B − A. Showing A − B is a view setting only: the
//! configuration-space pane's marks are mirrored through the origin (A − B = −(B − A)), so every
//! vector drawn there (the penetration vector, the exit vector, the ray) points the other way,
//! and the words that name a side of the difference follow: the pane's title, the pairs
//! `b1-a3` that become `a3-b1`, "B − A" and "vA − vB" in the legend. The read-outs keep the
//! numbers of `report` (B − A); [`Convention::note`] says so.

use crate::figure::{Figure, Mark};
use crate::geometry::Source;

/// Which difference configuration space shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// B − A, as computed (the default).
    #[default]
    BMinusA,
    /// A − B: B − A mirrored through the origin.
    AMinusB,
}

impl Convention {
    /// The name on the command line and in a scene's `view`: `b-a` or `a-b`.
    pub fn as_str(self) -> &'static str {
        match self {
            Convention::BMinusA => "b-a",
            Convention::AMinusB => "a-b",
        }
    }

    pub fn from_name(s: &str) -> Option<Convention> {
        match s {
            "b-a" => Some(Convention::BMinusA),
            "a-b" => Some(Convention::AMinusB),
            _ => None,
        }
    }

    /// The other one.
    pub fn toggled(self) -> Convention {
        match self {
            Convention::BMinusA => Convention::AMinusB,
            Convention::AMinusB => Convention::BMinusA,
        }
    }

    /// The difference in words, as the pane's title gives it.
    pub fn difference(self) -> &'static str {
        match self {
            Convention::BMinusA => "B \u{2212} A",
            Convention::AMinusB => "A \u{2212} B",
        }
    }

    /// The body a drag in configuration space moves, so that the difference shown follows the
    /// mouse one to one: B for B − A, A for A − B.
    pub fn moved_in_config(self) -> Source {
        match self {
            Convention::BMinusA => Source::B,
            Convention::AMinusB => Source::A,
        }
    }

    /// The configuration-space pane's title.
    pub fn pane_title(self) -> String {
        format!("Configuration space: {}", self.difference())
    }

    /// What changed sign, in one line, when the picture is mirrored (nothing for B − A).
    pub fn note(self) -> Option<&'static str> {
        match self {
            Convention::BMinusA => None,
            Convention::AMinusB => Some(
                "Configuration space shows A \u{2212} B: B \u{2212} A mirrored through the \
                 origin. Every vector drawn there (penetration, exit, the ray, the normal) points \
                 the other way, and the pairs read a_i-b_j. The read-outs, files and report \
                 stay B \u{2212} A.",
            ),
        }
    }

    /// `figure` as this convention shows it: for A − B its configuration-space marks mirrored
    /// through the origin, and the labels and legend naming the difference the other way.
    pub fn apply(self, figure: &mut Figure) {
        if self == Convention::BMinusA {
            return;
        }
        self.apply_to_config(&mut figure.config);
        for e in &mut figure.legend {
            e.meaning = reword(&e.meaning);
        }
    }

    /// Configuration-space `marks` (as computed: B − A) as this convention shows them.
    pub fn apply_to_config(self, marks: &mut [Mark]) {
        if self == Convention::AMinusB {
            marks.iter_mut().for_each(mirror);
        }
    }

    /// A configuration-space point as computed (B − A) from the point `p` as shown.
    pub fn computed(self, p: crate::geometry::DVec2) -> crate::geometry::DVec2 {
        match self {
            Convention::BMinusA => p,
            Convention::AMinusB => -p,
        }
    }
}

/// `m` mirrored through the origin, its text reworded.
fn mirror(m: &mut Mark) {
    match m {
        Mark::Polygon { points, .. } | Mark::Polyline { points, .. } => {
            points.iter_mut().for_each(|p| *p = -*p)
        }
        Mark::Circle { centre, .. } => *centre = -*centre,
        Mark::Segment { from, to, .. } | Mark::Arrow { from, to, .. } => {
            *from = -*from;
            *to = -*to;
        }
        Mark::Point { at, .. } => *at = -*at,
        Mark::Interval { origin, axis, .. } => {
            // The projections of −p on −axis are those of p on axis: the interval keeps its
            // numbers and moves with its axis.
            *origin = -*origin;
            *axis = -*axis;
        }
        Mark::Line {
            point, direction, ..
        } => {
            *point = -*point;
            *direction = -*direction;
        }
        Mark::Label { at, text, .. } => {
            *at = -*at;
            *text = reword(text);
        }
    }
}

/// `text` with the sides of the difference swapped: "B − A" ↔ "A − B", "vA − vB" ↔ "vB − vA"
/// (with a minus sign, a hyphen or ⊖), and the pair `bJ-aI` ↔ `aI-bJ`.
pub fn reword(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        // A name starts a word ("sub1-a2" holds no pair).
        let starts_word = i == 0 || !chars[i - 1].is_alphanumeric();
        if let Some((swapped, used)) = starts_word.then(|| swap_at(&chars[i..])).flatten() {
            out.push_str(&swapped);
            i += used;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// A difference of two named sides at the start of `s` (see [`reword`]), swapped, and how many
/// characters it took.
fn swap_at(s: &[char]) -> Option<(String, usize)> {
    // The first side: "A", "B", "vA", "vB", or a pair name "b12" / "a3".
    let (first, n1) = side(s)?;
    // The minus between: "-" or " − " / " - ".
    let (minus, n2) = minus(&s[n1..])?;
    let (second, n3) = side(&s[n1 + n2..])?;
    let kinds = (first.kind(), second.kind());
    let ok = matches!(
        kinds,
        (Kind::Body('A'), Kind::Body('B'))
            | (Kind::Body('B'), Kind::Body('A'))
            | (Kind::Velocity('A'), Kind::Velocity('B'))
            | (Kind::Velocity('B'), Kind::Velocity('A'))
            | (Kind::Vertex('a'), Kind::Vertex('b'))
            | (Kind::Vertex('b'), Kind::Vertex('a'))
    );
    // A pair name must not run on into more letters or digits ("b1-a2x" is not a pair).
    let end = n1 + n2 + n3;
    let word_goes_on = s.get(end).is_some_and(|c| c.is_alphanumeric());
    (ok && !word_goes_on).then(|| (format!("{}{minus}{}", second.text, first.text), end))
}

struct Side {
    text: String,
}

enum Kind {
    Body(char),
    Velocity(char),
    Vertex(char),
    Other,
}

impl Side {
    fn kind(&self) -> Kind {
        let c: Vec<char> = self.text.chars().collect();
        match c.as_slice() {
            [b @ ('A' | 'B')] => Kind::Body(*b),
            ['v', b @ ('A' | 'B')] => Kind::Velocity(*b),
            [v @ ('a' | 'b'), rest @ ..]
                if !rest.is_empty() && rest.iter().all(|d| d.is_ascii_digit()) =>
            {
                Kind::Vertex(*v)
            }
            _ => Kind::Other,
        }
    }
}

/// A side's name at the start of `s`: a letter (or `v` and a letter), then any digits.
fn side(s: &[char]) -> Option<(Side, usize)> {
    let mut n = 0;
    if s.first() == Some(&'v') && matches!(s.get(1), Some('A' | 'B')) {
        n = 2;
    } else if matches!(s.first(), Some('A' | 'B' | 'a' | 'b')) {
        n = 1;
        while s.get(n).is_some_and(|c| c.is_ascii_digit()) {
            n += 1;
        }
    }
    (n > 0).then(|| {
        (
            Side {
                text: s[..n].iter().collect(),
            },
            n,
        )
    })
}

/// The minus between two sides at the start of `s`, as written, and its length.
fn minus(s: &[char]) -> Option<(String, usize)> {
    for m in [
        " \u{2212} ",
        " - ",
        " \u{2296} ",
        "\u{2212}",
        "-",
        "\u{2296}",
    ] {
        let m: Vec<char> = m.chars().collect();
        if s.starts_with(&m) {
            return Some((m.iter().collect(), m.len()));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::DVec2;
    use crate::palette;

    #[test]
    fn words_naming_a_side_swap_and_nothing_else_does() {
        for (before, after) in [
            ("b4-a1", "a1-b4"),
            ("w = b12-a3 new", "w = a3-b12 new"),
            ("b0-a0 = b1-a1", "a0-b0 = a1-b1"),
            ("B \u{2296} A", "A \u{2296} B"),
            (
                "B \u{2212} A, the Minkowski difference",
                "A \u{2212} B, the Minkowski difference",
            ),
            (
                "the ray: origin along vA - vB to t = 1",
                "the ray: origin along vB - vA to t = 1",
            ),
            (
                "closest point of B - A to the origin",
                "closest point of A - B to the origin",
            ),
            // Not differences of the two sides.
            ("A - A", "A - A"),
            ("b1-b2", "b1-b2"),
            ("A's edge 2", "A's edge 2"),
            ("b4-a1x", "b4-a1x"),
            ("t = 0.5 - 0.25", "t = 0.5 - 0.25"),
            ("a b-a", "a b-a"),
            ("sub1-a2", "sub1-a2"),
        ] {
            assert_eq!(reword(before), after, "{before}");
            // Swapping twice gives the text back.
            assert_eq!(reword(&reword(before)), before, "{before}");
        }
    }

    #[test]
    fn a_minus_b_mirrors_configuration_space_and_leaves_the_world() {
        let mut f = Figure::default();
        f.world
            .push(Mark::dot(DVec2::new(1.0, 2.0), palette::TEXT, 4.0));
        f.config.push(Mark::arrow(
            DVec2::ZERO,
            DVec2::new(1.0, -2.0),
            crate::figure::Stroke::solid(palette::MTV, 2.0),
        ));
        f.config.push(Mark::label(
            DVec2::new(3.0, 1.0),
            "b2-a0",
            palette::TEXT,
            (4.0, 0.0),
        ));
        f.legend(palette::TEXT, "B \u{2212} A");
        let before = f.clone();
        Convention::BMinusA.apply(&mut f);
        assert_eq!(f, before);
        Convention::AMinusB.apply(&mut f);
        assert_eq!(f.world, before.world);
        let Mark::Arrow { from, to, .. } = &f.config[0] else {
            panic!()
        };
        assert_eq!((*from, *to), (DVec2::ZERO, DVec2::new(-1.0, 2.0)));
        let Mark::Label { at, text, .. } = &f.config[1] else {
            panic!()
        };
        assert_eq!((*at, text.as_str()), (DVec2::new(-3.0, -1.0), "a0-b2"));
        assert_eq!(f.legend[0].meaning, "A \u{2212} B");
        // Mirrored twice, the figure is back.
        Convention::AMinusB.apply(&mut f);
        assert_eq!(f, before);
    }

    fn polygon_from(points: &[(f64, f64)], radius: f64) -> Option<crate::geometry::Convex> {
        let shape = crate::geometry::Shape::Polygon {
            vertices: points.iter().map(|&(x, y)| DVec2::new(x, y)).collect(),
            radius,
        };
        shape.to_convex().ok().map(|(c, _)| c)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// A − B shown is exactly B − A reflected through the origin: the difference computed
        /// the other way round (A's points minus B's) has exactly the mirrored vertices, and
        /// the picture's marks are exactly the negated ones.
        #[test]
        fn the_mirrored_difference_is_the_exact_reflection(
            pa in proptest::collection::vec((-10.0..10.0f64, -10.0..10.0f64), 1..24),
            pb in proptest::collection::vec((-10.0..10.0f64, -10.0..10.0f64), 1..24),
            ra in proptest::prop_oneof![proptest::strategy::Just(0.0), 0.0..2.0f64],
            rb in proptest::prop_oneof![proptest::strategy::Just(0.0), 0.0..2.0f64],
        ) {
            use crate::geometry::minkowski::minkowski_difference;
            let (Some(a), Some(b)) = (polygon_from(&pa, ra), polygon_from(&pb, rb)) else {
                return Ok(());
            };
            let b_minus_a = minkowski_difference(&a, &b);
            let a_minus_b = minkowski_difference(&b, &a);
            let mut mirrored: Vec<(f64, f64)> =
                b_minus_a.strict_vertices().iter().map(|p| (-p.x, -p.y)).collect();
            let mut direct: Vec<(f64, f64)> =
                a_minus_b.strict_vertices().iter().map(|p| (p.x, p.y)).collect();
            mirrored.sort_by(|p, q| p.partial_cmp(q).unwrap());
            direct.sort_by(|p, q| p.partial_cmp(q).unwrap());
            proptest::prop_assert_eq!(mirrored, direct);
            proptest::prop_assert_eq!(b_minus_a.radius, a_minus_b.radius);

            let shown = crate::figure::common::plain(&a, &b);
            let mut flipped = shown.clone();
            Convention::AMinusB.apply(&mut flipped);
            for (m, f) in shown.config.iter().zip(&flipped.config) {
                let (mut p, mut q) = (Vec::new(), Vec::new());
                crate::view::fit::mark_points(m, &mut p);
                crate::view::fit::mark_points(f, &mut q);
                // As sets: a circle's two corners swap places when mirrored.
                let key = |v: &DVec2| (v.x, v.y);
                let mut negated: Vec<(f64, f64)> = p.iter().map(|v| key(&-*v)).collect();
                let mut q: Vec<(f64, f64)> = q.iter().map(key).collect();
                negated.sort_by(|u, w| u.partial_cmp(w).unwrap());
                q.sort_by(|u, w| u.partial_cmp(w).unwrap());
                proptest::prop_assert_eq!(negated, q);
            }
        }
    }
}

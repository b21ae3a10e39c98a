//! Meshes the window builds itself where egui's own shapes cost a software rasterizer (Mesa's
//! llvmpipe, what a VM or a remote desktop gives) more than the rest of a frame (issue 26):
//!
//! * [`convex_fill`]: a convex polygon filled with egui's smoothed edge, but cut into triangles
//!   that halve its outline level by level instead of fanning from one corner;
//! * [`stroke`]: a path whose segments each have their own colour (an MD's edges, coloured by
//!   the shape they come from) as one mesh, joined as egui joins a path, after [`for_display`]
//!   has merged the segments no pixel can tell apart; one quad a segment, its sides smoothed
//!   by the window's shader rather than by two more slivers of triangles;
//! * [`pixel_line`]: a level or upright line whose sides lie on pixel edges (a grid line) as a
//!   fill's quads, the same pixels without the stroke shader's work at each.
//!
//! Everything here is in egui's points; `pixel` is one screen pixel in points.

use egui_macroquad::egui::{self, Color32, Mesh, Pos2, Vec2};

/// How far (pixels) a merged segment may stray from the points it replaces.
pub const MERGE_TOLERANCE_PX: f32 = 0.1;
/// Segments of different colours are merged only when each is shorter than a pixel (so no
/// pixel shows one of them alone), into a segment no longer than this (pixels), drawn in their
/// colours' mean weighted by length: what a pixel covering them shows.
pub const BLEND_PX: f32 = 3.0;
/// The most segments merged into one.
const MAX_MERGED: usize = 64;
/// The longest mitre, in half widths (SVG's default limit): a joint sharper than that (a turn
/// of more than about 151°) is drawn as two strokes with square ends.
const MITRE_LIMIT: f32 = 4.0;

/// A convex polygon filled as egui fills one, its edge smoothed over `feathering` (not smoothed
/// if that is 0), added to `mesh` in triangles that halve the outline level by level. A fan from
/// one corner makes slivers across the whole polygon, and a tiled rasterizer sets each sliver up
/// in every tile it crosses: for a 2,000-edge MD that cost more than the rest of the frame. The
/// halving's triangles are as many (n − 2), most of them small, along the outline.
pub fn convex_fill(points: &[Pos2], color: Color32, feathering: f32, mesh: &mut Mesh) {
    let n = points.len();
    if n < 3 || color == Color32::TRANSPARENT {
        return;
    }
    let twice_area: f32 = (0..n)
        .map(|i| {
            let (p, q) = (points[i], points[(i + 1) % n]);
            p.x * q.y - p.y * q.x
        })
        .sum();
    let outward = if twice_area < 0.0 { -1.0 } else { 1.0 };
    let normal = |i: usize| right_of(points[(i + 1) % n] - points[i]) * outward;
    let smoothed = feathering > 0.0;
    // Each point's vertices: inside, then (smoothed) outside.
    let stride = if smoothed { 2 } else { 1 };
    mesh.reserve_vertices(stride * n);
    mesh.reserve_triangles(if smoothed { 3 * n } else { n });
    let base = mesh.vertices.len() as u32;
    let inner = |i: usize| base + (stride * i) as u32;
    if smoothed {
        // Each point's normal as egui's paths make it: the mean of its edges' (a mitre), a
        // repeated point taking its neighbour's; but no longer than the mitre limit, so that a
        // needle's tip is smoothed less than its sides rather than spiked.
        let mut before = normal(n - 1);
        for (i, &p) in points.iter().enumerate() {
            let mut after = normal(i);
            if before == Vec2::ZERO {
                before = after;
            } else if after == Vec2::ZERO {
                after = before;
            }
            let mean = (before + after) / 2.0;
            let half = 0.5 * feathering * mean / mean.length_sq().max(MITRE_LIMIT.powi(-2));
            mesh.colored_vertex(p - half, color);
            mesh.colored_vertex(p + half, Color32::TRANSPARENT);
            before = after;
        }
        let outer = |i: usize| inner(i) + 1;
        for i in 0..n {
            let j = (i + 1) % n;
            mesh.add_triangle(inner(i), outer(i), outer(j));
            mesh.add_triangle(inner(i), outer(j), inner(j));
        }
    } else {
        for &p in points {
            mesh.colored_vertex(p, color);
        }
    }
    // The inside: cut off every other corner of the outline, then of what is left, and so on.
    let mut ring: Vec<usize> = (0..n).collect();
    while ring.len() >= 3 {
        let m = ring.len();
        let mut left = Vec::with_capacity(m / 2 + 1);
        let mut k = 0;
        while k + 2 < m {
            mesh.add_triangle(inner(ring[k]), inner(ring[k + 1]), inner(ring[k + 2]));
            left.push(ring[k]);
            k += 2;
        }
        if k + 2 == m {
            mesh.add_triangle(inner(ring[k]), inner(ring[k + 1]), inner(ring[0]));
        }
        left.push(ring[k]);
        ring = left;
    }
}

/// The unit normal to the right of `d` in egui's y-down screen (zero for a zero `d`).
fn right_of(d: Vec2) -> Vec2 {
    let d = d.normalized();
    egui::vec2(d.y, -d.x)
}

/// The mitre of two unit normals: their mean over its length squared, so that a point offset
/// along it by `w` lies `w` from both edges' lines. `None` past the [`MITRE_LIMIT`].
fn mitre(before: Vec2, after: Vec2) -> Option<Vec2> {
    let mean = (before + after) / 2.0;
    let length_sq = mean.length_sq();
    (length_sq >= MITRE_LIMIT.powi(-2)).then(|| mean / length_sq)
}

/// A path of segments `points[i] → points[i + 1]` with colours `colours[i]`, merged for the
/// screen: consecutive segments become one where the one strays less than
/// [`MERGE_TOLERANCE_PX`] from the points it drops, and, if their colours differ, where each is
/// shorter than a pixel and together they span at most [`BLEND_PX`] (the merged segment takes
/// their colours' mean, weighted by length). Repeated points are dropped. The ends stay.
pub fn for_display(points: &[Pos2], colours: &[Color32], pixel: f32) -> (Vec<Pos2>, Vec<Color32>) {
    debug_assert_eq!(colours.len() + 1, points.len());
    // Without repeated points (a zero-length segment shows nothing, its colour neither).
    let mut pts = Vec::with_capacity(points.len());
    let mut cols = Vec::with_capacity(colours.len());
    for (i, &p) in points.iter().enumerate() {
        if i == 0 || p != *pts.last().expect("a first point") {
            if i > 0 {
                cols.push(colours[i - 1]);
            }
            pts.push(p);
        }
    }
    let m = pts.len();
    let tolerance = MERGE_TOLERANCE_PX * pixel;
    let blend_span = BLEND_PX * pixel;
    let mut out_points = vec![pts[0]];
    let mut out_colours = Vec::new();
    let mut a = 0;
    while a + 1 < m {
        let mut e = a + 1;
        let mut one_colour = true;
        let mut all_short = (pts[e] - pts[a]).length() < pixel;
        while e + 1 < m && e - a < MAX_MERGED {
            let next = e + 1;
            let same = one_colour && cols[next - 1] == cols[a];
            let short = all_short && (pts[next] - pts[e]).length() < pixel;
            let chord = pts[next] - pts[a];
            let length = chord.length();
            if !(same || (short && length <= blend_span)) {
                break;
            }
            let near = (a + 1..next).all(|k| {
                let w = pts[k] - pts[a];
                let along = w.dot(chord);
                (w.x * chord.y - w.y * chord.x).abs() <= tolerance * length
                    && (0.0..=length * length).contains(&along)
            });
            if !near {
                break;
            }
            (e, one_colour, all_short) = (next, same, short);
        }
        out_points.push(pts[e]);
        out_colours.push(if one_colour {
            cols[a]
        } else {
            mean_colour(&pts[a..=e], &cols[a..e])
        });
        a = e;
    }
    (out_points, out_colours)
}

/// The points of a path of one colour merged for the screen as [`for_display`] merges them;
/// a closed path's first point stays, and the path is returned without it repeated.
pub fn outline_for_display(points: &[Pos2], closed: bool, pixel: f32) -> Vec<Pos2> {
    let mut path = points.to_vec();
    if closed {
        path.extend(points.first());
    }
    let one_colour = vec![Color32::WHITE; path.len().saturating_sub(1)];
    let (mut kept, _) = for_display(&path, &one_colour, pixel);
    if closed && kept.len() > 1 {
        kept.pop();
    }
    kept
}

/// The dashes of the line from `p` to `q`: `dash` long with `gap` between, the first at `p`,
/// the last cut at `q`.
pub fn dashes(p: Pos2, q: Pos2, dash: f32, gap: f32) -> Vec<(Pos2, Pos2)> {
    let length = (q - p).length();
    if !(length > 0.0 && dash > 0.0 && gap >= 0.0) {
        return Vec::new();
    }
    let along = (q - p) / length;
    let mut out = Vec::with_capacity((length / (dash + gap)) as usize + 1);
    let mut at = 0.0;
    while at < length {
        out.push((p + along * at, p + along * (at + dash).min(length)));
        at += dash + gap;
    }
    out
}

/// A horizontal or vertical segment `width` wide moved onto the pixel grid as egui moves one,
/// so that it is crisp: its middle on a pixel's centre when it is an odd number of pixels wide
/// (or thinner than one), between two pixels when even. Other segments stay as they are.
pub fn on_pixels(mut ends: [Pos2; 2], width: f32) -> [Pos2; 2] {
    let odd = width <= 1.0 || (width.round() as i64) % 2 == 1;
    let snap = |c: f32| if odd { c.floor() + 0.5 } else { c.round() };
    if ends[0].x == ends[1].x {
        let x = snap(ends[0].x);
        (ends[0].x, ends[1].x) = (x, x);
    }
    if ends[0].y == ends[1].y {
        let y = snap(ends[0].y);
        (ends[0].y, ends[1].y) = (y, y);
    }
    ends
}

/// Whether the segment `ends`, `width` wide, has its sides on pixel edges: horizontal or
/// vertical, a whole number of pixels wide, its middle where [`on_pixels`] puts it. Then
/// [`pixel_line`] paints it as [`stroke`] does.
pub fn on_pixel_edges(ends: [Pos2; 2], width: f32) -> bool {
    let whole = width >= 1.0 && width.fract() == 0.0;
    let edge = |c: f32| (c - width / 2.0).fract() == 0.0;
    let level = ends[0].y == ends[1].y && edge(ends[0].y);
    let upright = ends[0].x == ends[1].x && edge(ends[0].x);
    whole && ends[0] != ends[1] && (level || upright)
}

/// A segment whose sides lie on pixel edges ([`on_pixel_edges`]) as a fill's triangles, for
/// the window's fill shader: [`stroke`]'s smoothing across it covers no pixel outside it and
/// all of every pixel inside, so the same pixels take the same paint, without the stroke
/// shader's work at each of them (most of what a grid cost a software rasterizer). Its ends
/// fade over `feathering` past them as a stroke's do.
pub fn pixel_line(ends: [Pos2; 2], colour: Color32, width: f32, feathering: f32, mesh: &mut Mesh) {
    let [p, q] = ends;
    let along = (q - p).normalized();
    let side = right_of(q - p) * (width / 2.0);
    let base = mesh.vertices.len() as u32;
    let rows = [
        (p - along * feathering, Color32::TRANSPARENT),
        (p, colour),
        (q, colour),
        (q + along * feathering, Color32::TRANSPARENT),
    ];
    for (at, c) in rows {
        mesh.colored_vertex(at + side, c);
        mesh.colored_vertex(at - side, c);
    }
    for r in 0..3 {
        let a = base + 2 * r;
        mesh.add_triangle(a, a + 1, a + 2);
        mesh.add_triangle(a + 1, a + 2, a + 3);
    }
}

/// The mean of the colours of the segments through `points`, weighted by their lengths.
fn mean_colour(points: &[Pos2], colours: &[Color32]) -> Color32 {
    let mut sum = [0.0f32; 4];
    let mut total = 0.0;
    for (i, c) in colours.iter().enumerate() {
        let w = (points[i + 1] - points[i]).length();
        for (s, x) in sum.iter_mut().zip(c.to_array()) {
            *s += w * f32::from(x);
        }
        total += w;
    }
    let [r, g, b, a] = sum.map(|s| (s / total).round().clamp(0.0, 255.0) as u8);
    Color32::from_rgba_premultiplied(r, g, b, a)
}

/// The path through `points` stroked `width` wide, segment `i` in `colours[i]`, its edges
/// smoothed over `feathering`, added to `mesh`: mitred joints (a colour changes at the joint),
/// ends smoothed past the last point. A path whose last point is its first is closed. A joint
/// past the [`MITRE_LIMIT`] gets two square ends instead.
///
/// Each segment is one quad across the whole stroke, smoothing included: its vertices carry, in
/// `uv`, how far across the stroke they are (see [`across`]), from which the window's shader
/// smooths the sides at every pixel. Drawn as egui draws a path, the smoothing would be two more
/// quads a segment, each a sliver: three times the triangles, which a software rasterizer sets
/// up one by one, and most of what a path of thousands of points cost a frame (issue 26). An end
/// is smoothed along the path by one more quad fading to transparent.
pub fn stroke(points: &[Pos2], colours: &[Color32], width: f32, feathering: f32, mesh: &mut Mesh) {
    let n = points.len();
    if n < 2 || colours.len() + 1 != n || feathering <= 0.0 {
        return;
    }
    // A line thinner than the smoothing is drawn as egui draws one: a ridge two smoothing
    // widths across, fainter by its width.
    let (outer, opacity) = if width <= 0.9 * feathering {
        (feathering, width / feathering)
    } else {
        (0.5 * (width + feathering), 1.0)
    };
    let side = outer / feathering;
    let closed = n > 3 && points[0] == points[n - 1];
    let normal = |s: usize| right_of(points[s + 1] - points[s]);
    // The mitre at point `i` between segments `i − 1` and `i`, if the path joins there.
    let joint = |i: usize| -> Option<Vec2> {
        let before = match i {
            0 if closed => n - 2,
            0 => return None,
            _ if i == n - 1 => return None,
            _ => i - 1,
        };
        mitre(normal(before), normal(i))
    };
    mesh.reserve_vertices(4 * n);
    mesh.reserve_triangles(4 * n);
    // The two vertices across the stroke at `p` along `nrm`, pushed `back`, in colour `c`.
    let pair = |mesh: &mut Mesh, p: Pos2, nrm: Vec2, back: Vec2, c: Color32| -> u32 {
        let idx = mesh.vertices.len() as u32;
        for (sign, q) in [
            (1.0, p + nrm * outer + back),
            (-1.0, p - nrm * outer + back),
        ] {
            mesh.vertices.push(egui::epaint::Vertex {
                pos: q,
                uv: across(sign * side, side),
                color: c,
            });
        }
        idx
    };
    let quad = |mesh: &mut Mesh, a: u32, b: u32| {
        mesh.add_triangle(a, a + 1, b);
        mesh.add_triangle(a + 1, b, b + 1);
    };
    // A square end at `p`, smoothed over `feathering` past it, `out` pointing away from the
    // stroke: the pair the segment starts or ends with.
    let end = |mesh: &mut Mesh, p: Pos2, nrm: Vec2, out: Vec2, c: Color32| -> u32 {
        let faded = pair(mesh, p, nrm, out * feathering, Color32::TRANSPARENT);
        let g = pair(mesh, p, nrm, Vec2::ZERO, c);
        quad(mesh, faded, g);
        g
    };
    let colour = |s: usize| {
        if opacity < 1.0 {
            colours[s].gamma_multiply(opacity)
        } else {
            colours[s]
        }
    };
    // The pair that ends the last segment, with its colour, to start the next one from.
    let mut last_end: Option<(u32, Color32)> = None;
    let mut first_start = None;
    for s in 0..n - 1 {
        let (p, q, c) = (points[s], points[s + 1], colour(s));
        let along = (q - p).normalized();
        let start = match (last_end, joint(s)) {
            (Some((g, last)), Some(_)) if last == c => g,
            (_, Some(m)) => pair(mesh, p, m, Vec2::ZERO, c),
            (_, None) => end(mesh, p, normal(s), -along, c),
        };
        first_start.get_or_insert(start);
        let last = s + 1 == n - 1;
        let end_mitre = match (last, closed) {
            (false, _) => joint(s + 1),
            (true, true) => joint(0),
            (true, false) => None,
        };
        let finish = match (end_mitre, first_start) {
            // A closed path's last segment ends where its first starts.
            (Some(_), Some(g)) if last && colour(0) == c => g,
            (Some(m), _) => pair(mesh, q, m, Vec2::ZERO, c),
            (None, _) => end(mesh, q, normal(s), along, c),
        };
        quad(mesh, start, finish);
        last_end = Some((finish, c));
    }
}

/// What a stroke's vertex carries in `uv` for the window's shader: `t`, its signed distance
/// across from the stroke's middle, and `side`, the distance from the middle to where the
/// smoothing ends, both in smoothing widths. The shader multiplies the colour by
/// `clamp(1 + (side − 1) − |t|, 0, 1)`: 1 within `side − 1` of the middle, falling to 0 at
/// `side`. egui's own vertices (`uv` zero: fills) are left as they are.
pub fn across(t: f32, side: f32) -> Pos2 {
    egui::pos2(t, side - 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: Color32 = Color32::from_rgb(200, 0, 0);
    const GREEN: Color32 = Color32::from_rgb(0, 160, 0);

    fn area(mesh: &Mesh) -> f32 {
        mesh.indices
            .chunks_exact(3)
            .map(|t| {
                let [a, b, c] = [0, 1, 2].map(|k| mesh.vertices[t[k] as usize].pos);
                ((b - a).x * (c - a).y - (b - a).y * (c - a).x).abs() / 2.0
            })
            .sum()
    }

    fn regular(n: usize, r: f32) -> Vec<Pos2> {
        (0..n)
            .map(|i| {
                let a = std::f32::consts::TAU * i as f32 / n as f32;
                egui::pos2(300.0 + r * a.cos(), 200.0 + r * a.sin())
            })
            .collect()
    }

    #[test]
    fn a_convex_fill_covers_the_polygon_once_with_its_smoothed_edge() {
        for n in [3, 4, 5, 7, 64, 1000] {
            let pts = regular(n, 100.0);
            // After something else in the mesh, as the window's canvas adds its marks.
            let mut mesh = Mesh::default();
            convex_fill(&regular(3, 5.0), GREEN, 1.0, &mut mesh);
            let before = (mesh.vertices.len(), mesh.indices.len());
            convex_fill(&pts, RED, 1.0, &mut mesh);
            assert!(mesh.is_valid());
            let mesh = Mesh {
                indices: mesh.indices[before.1..].to_vec(),
                ..mesh
            };
            assert!(mesh.indices.iter().all(|&i| i as usize >= before.0));
            assert_eq!(mesh.indices.len() / 3, (n - 2) + 2 * n, "n = {n}");
            // The inside's triangles (after the ring's) tile the polygon without overlap:
            // their areas add up to the polygon's (the inner points are half a pixel in).
            let inside = Mesh {
                indices: mesh.indices[6 * n..].to_vec(),
                ..mesh.clone()
            };
            let half_turn = std::f32::consts::PI / n as f32;
            let apothem = 100.0 * half_turn.cos() - 0.5;
            let polygon = n as f32 * apothem * apothem * half_turn.tan();
            assert!((area(&inside) - polygon).abs() < 1e-3 * polygon, "n = {n}");
            // No sliver fans out across the polygon: the triangles are mostly small.
            let longest = |t: &[u32]| {
                let [a, b, c] = [0, 1, 2].map(|k| mesh.vertices[t[k] as usize].pos);
                [(a - b).length(), (b - c).length(), (c - a).length()]
                    .into_iter()
                    .fold(0.0, f32::max)
            };
            let long = mesh.indices[6 * n..]
                .chunks_exact(3)
                .filter(|t| longest(t) > 100.0)
                .count();
            if n >= 64 {
                // A fan from one corner would have a third of them longer than the radius.
                assert!(
                    long <= 12,
                    "n = {n}: {long} triangles longer than the radius"
                );
            }
        }
        // Either winding: the outer ring is outside.
        let mut pts = regular(8, 50.0);
        pts.reverse();
        let mut mesh = Mesh::default();
        convex_fill(&pts, RED, 1.0, &mut mesh);
        let centre = egui::pos2(300.0, 200.0);
        for pair in mesh.vertices.chunks_exact(2) {
            assert!((pair[1].pos - centre).length() > (pair[0].pos - centre).length());
            assert_eq!(pair[1].color, Color32::TRANSPARENT);
        }
    }

    #[test]
    fn segments_no_pixel_tells_apart_are_merged_in_their_mean_colour() {
        // 2,000 edges of a circle 300 pixels across, alternating colours: each under a pixel.
        let mut pts = regular(2000, 150.0);
        pts.push(pts[0]);
        let cols: Vec<Color32> = (0..2000)
            .map(|i| if i % 2 == 0 { RED } else { GREEN })
            .collect();
        let (p, c) = for_display(&pts, &cols, 1.0);
        assert_eq!(p.len(), c.len() + 1);
        assert!(p.len() < 2000 / 4, "{} points", p.len());
        assert_eq!((p[0], *p.last().unwrap()), (pts[0], pts[2000]));
        // Each merged colour is a mix of the two, and over the whole path an even one.
        let (mut red, mut green, mut length) = (0.0, 0.0, 0.0);
        for (i, w) in p.windows(2).enumerate() {
            let l = (w[1] - w[0]).length();
            assert!(l <= BLEND_PX + 1e-3);
            let [r, g, b, a] = c[i].to_array();
            let mix = f32::from(r) / 200.0;
            assert!(
                (f32::from(g) - (1.0 - mix) * 160.0).abs() <= 1.0,
                "{:?}",
                c[i]
            );
            assert_eq!((b, a), (0, 255));
            (red, green, length) = (red + l * f32::from(r), green + l * f32::from(g), length + l);
        }
        assert!((red / length - 100.0).abs() < 2.0 && (green / length - 80.0).abs() < 2.0);
        // Every kept point is one of the path's, in order.
        let mut k = 0;
        for q in &p {
            k += pts[k..]
                .iter()
                .position(|x| x == q)
                .expect("a point of the path");
        }
        // The same circle four times larger: every edge over a pixel keeps its own colour.
        let big: Vec<Pos2> = pts.iter().map(|q| (q.to_vec2() * 4.0).to_pos2()).collect();
        let (p, c) = for_display(&big, &cols, 1.0);
        assert_eq!(p.len(), 2001);
        assert_eq!(c, cols);
        // One colour: merged as far as the path stays within a tenth of a pixel.
        let one = vec![RED; 2000];
        let (p, c) = for_display(&pts, &one, 1.0);
        assert!(c.iter().all(|&x| x == RED));
        for w in p.windows(2) {
            // A chord of 150-pixel radius strays (length² / 8r) at most the tolerance.
            let l = (w[1] - w[0]).length();
            assert!(l * l / (8.0 * 150.0) <= MERGE_TOLERANCE_PX * 1.05, "{l}");
        }
        assert!(p.len() < 200, "{}", p.len());
    }

    #[test]
    fn dashes_start_at_the_start_and_stop_at_the_end() {
        let d = dashes(egui::pos2(0.0, 0.0), egui::pos2(20.0, 0.0), 6.0, 4.0);
        let xs: Vec<(f32, f32)> = d.iter().map(|(a, b)| (a.x, b.x)).collect();
        assert_eq!(xs, vec![(0.0, 6.0), (10.0, 16.0)]);
        let d = dashes(egui::pos2(0.0, 0.0), egui::pos2(0.0, 13.0), 6.0, 4.0);
        assert_eq!(d.last().map(|(a, b)| (a.y, b.y)), Some((10.0, 13.0)));
        assert!(dashes(egui::pos2(1.0, 1.0), egui::pos2(1.0, 1.0), 6.0, 4.0).is_empty());
    }

    #[test]
    fn level_lines_sit_on_the_pixel_grid() {
        let [a, b] = on_pixels([egui::pos2(3.0, 10.2), egui::pos2(50.0, 10.2)], 1.0);
        assert_eq!((a.y, b.y, a.x, b.x), (10.5, 10.5, 3.0, 50.0));
        let [a, _] = on_pixels([egui::pos2(7.7, 0.0), egui::pos2(7.7, 9.0)], 2.0);
        assert_eq!(a.x, 8.0);
        let [a, _] = on_pixels([egui::pos2(7.7, 0.0), egui::pos2(7.7, 9.0)], 3.0);
        assert_eq!(a.x, 7.5);
        let slanted = [egui::pos2(0.3, 0.3), egui::pos2(5.2, 9.9)];
        assert_eq!(on_pixels(slanted, 1.0), slanted);
    }

    #[test]
    fn a_corner_is_never_merged_away() {
        let pts = [
            egui::pos2(0.0, 0.0),
            egui::pos2(0.5, 0.0),
            egui::pos2(0.5, 0.5),
            egui::pos2(0.0, 0.5),
        ];
        let (p, _) = for_display(&pts, &[RED; 3], 1.0);
        assert_eq!(p, pts.to_vec());
        // Repeated points go, and the colour of the empty segment with them.
        let pts = [
            egui::pos2(0.0, 0.0),
            egui::pos2(0.0, 0.0),
            egui::pos2(5.0, 0.0),
        ];
        let (p, c) = for_display(&pts, &[RED, GREEN], 1.0);
        assert_eq!((p.len(), c), (2, vec![GREEN]));
    }

    #[test]
    fn a_line_on_pixel_edges_is_painted_as_its_stroke() {
        let pixels = |mesh: &Mesh| -> Vec<f32> {
            (-6..26)
                .flat_map(|y| (-6..26).map(move |x| (x, y)))
                .map(|(x, y)| painted_at(mesh, egui::pos2(x as f32 + 0.5, y as f32 + 0.5)))
                .collect()
        };
        for width in [1.0, 2.0, 3.0, 4.0] {
            for (from, to) in [((0.3, 7.2), (17.6, 7.2)), ((9.7, 19.1), (9.7, 2.25))] {
                let ends = on_pixels([egui::pos2(from.0, from.1), egui::pos2(to.0, to.1)], width);
                assert!(on_pixel_edges(ends, width), "{width} {ends:?}");
                let (mut as_stroke, mut as_fill) = (Mesh::default(), Mesh::default());
                stroke(&ends, &[RED], width, 1.0, &mut as_stroke);
                pixel_line(ends, RED, width, 1.0, &mut as_fill);
                assert!(as_fill.is_valid());
                assert!(as_fill
                    .vertices
                    .iter()
                    .all(|v| v.uv == egui::pos2(0.0, 0.0)));
                let (a, b) = (pixels(&as_stroke), pixels(&as_fill));
                assert!(a.contains(&1.0) && a.iter().any(|&p| p > 0.0 && p < 1.0));
                for (i, (a, b)) in a.iter().zip(&b).enumerate() {
                    assert!((a - b).abs() < 1e-5, "{width} {ends:?} pixel {i}: {a} {b}");
                }
            }
        }
        // Not on pixel edges: a slanting line, half a pixel's width, a middle off the grid.
        let level = [egui::pos2(0.0, 7.5), egui::pos2(10.0, 7.5)];
        assert!(on_pixel_edges(level, 1.0));
        assert!(!on_pixel_edges(level, 1.5));
        assert!(!on_pixel_edges(level, 2.0));
        assert!(!on_pixel_edges([level[0], egui::pos2(10.0, 8.5)], 1.0));
        assert!(!on_pixel_edges([level[0], level[0]], 1.0));
    }

    /// What the window's shader paints at `p` (its opacity): the triangle of `mesh` around `p`,
    /// its colour's alpha and `uv` interpolated, times the smoothing across a stroke.
    fn painted_at(mesh: &Mesh, p: Pos2) -> f32 {
        let cross = |a: Pos2, b: Pos2, c: Pos2| (b - a).x * (c - a).y - (b - a).y * (c - a).x;
        for t in mesh.indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|k| mesh.vertices[t[k] as usize]);
            let whole = cross(a.pos, b.pos, c.pos);
            if whole == 0.0 {
                continue;
            }
            let w = [
                cross(p, b.pos, c.pos) / whole,
                cross(a.pos, p, c.pos) / whole,
                cross(a.pos, b.pos, p) / whole,
            ];
            if w.iter().any(|&x| x < 0.0) {
                continue;
            }
            let mix = |f: &dyn Fn(&egui::epaint::Vertex) -> f32| {
                w[0] * f(&a) + w[1] * f(&b) + w[2] * f(&c)
            };
            let alpha = mix(&|v| f32::from(v.color.a()) / 255.0);
            let (t, rest) = (mix(&|v| v.uv.x), mix(&|v| v.uv.y));
            return alpha * (1.0 + rest - t.abs()).clamp(0.0, 1.0);
        }
        0.0
    }

    /// The paint over the square from `lo` to `hi`, sampled every `step`.
    fn paint_over(mesh: &Mesh, lo: Pos2, hi: Pos2, step: f32) -> f32 {
        let mut sum = 0.0;
        let mut y = lo.y + step / 2.0;
        while y < hi.y {
            let mut x = lo.x + step / 2.0;
            while x < hi.x {
                sum += painted_at(mesh, egui::pos2(x, y));
                x += step;
            }
            y += step;
        }
        sum * step * step
    }

    #[test]
    fn a_stroke_is_as_wide_as_its_pen_with_colours_by_segment() {
        let mut mesh = Mesh::default();
        let pts = [
            egui::pos2(0.0, 0.0),
            egui::pos2(10.0, 0.0),
            egui::pos2(10.0, 10.0),
        ];
        stroke(&pts, &[RED, GREEN], 3.0, 1.0, &mut mesh);
        assert!(mesh.is_valid());
        // Every vertex lies where the smoothing ends: 2 (half the width and half the
        // smoothing) from the path's lines, the mitre's on both, the ends' faded ones 1 (the
        // smoothing) past the ends; the others take their segment's colour.
        for v in &mesh.vertices {
            let to_first = v.pos.y.abs();
            let to_second = (v.pos.x - 10.0).abs();
            if v.color == Color32::TRANSPARENT {
                assert!(v.pos.x == -1.0 || v.pos.y == 11.0, "{v:?}");
            } else {
                assert!(v.color == RED || v.color == GREEN);
            }
            assert!(
                (to_first - 2.0).abs() < 1e-4 || (to_second - 2.0).abs() < 1e-4,
                "{v:?}"
            );
            assert_eq!(v.uv, across(2.0 * v.uv.x.signum(), 2.0), "{v:?}");
        }
        let count = |c: Color32| mesh.vertices.iter().filter(|v| v.color == c).count();
        assert_eq!((count(RED), count(GREEN)), (4, 4));
        // One quad a segment and one an end.
        assert_eq!(mesh.indices.len() / 3, 2 * 2 + 2 * 2);
        // Full paint on the path and within 1 of it, none 2 from it.
        for (p, paint) in [((5.0, 0.0), 1.0), ((5.0, 0.9), 1.0), ((5.0, -1.5), 0.5)] {
            let at = painted_at(&mesh, egui::pos2(p.0, p.1));
            assert!((at - paint).abs() < 1e-4, "{p:?}: {at}");
        }
        assert_eq!(painted_at(&mesh, egui::pos2(5.0, 2.01)), 0.0);
        // As much paint as a pen 3 wide along the path's 20, and the two smoothed ends' half
        // of 3 each.
        let paint = paint_over(&mesh, egui::pos2(-2.0, -3.0), egui::pos2(13.0, 12.0), 0.02);
        assert!((paint - (3.0 * 20.0 + 3.0)).abs() < 0.1, "{paint}");
        // A line thinner than the smoothing: a fainter ridge, with as much paint as its width.
        let mut thin = Mesh::default();
        stroke(&pts[..2], &[RED], 0.5, 1.0, &mut thin);
        let paint = paint_over(&thin, egui::pos2(-2.0, -2.0), egui::pos2(12.0, 2.0), 0.01);
        assert!((paint - 0.5 * (10.0 + 1.0)).abs() < 0.05, "{paint}");
        // A closed path joins its ends with a mitre: no square ends, so no end quads.
        let mut closed = Mesh::default();
        let square = [
            egui::pos2(0.0, 0.0),
            egui::pos2(10.0, 0.0),
            egui::pos2(10.0, 10.0),
            egui::pos2(0.0, 10.0),
            egui::pos2(0.0, 0.0),
        ];
        stroke(&square, &[RED; 4], 3.0, 1.0, &mut closed);
        assert_eq!(closed.indices.len() / 3, 4 * 2);
        assert_eq!(closed.vertices.len(), 4 * 2);
        // A reversal is not mitred to infinity: two square ends.
        let mut back = Mesh::default();
        let there_and_back = [
            egui::pos2(0.0, 0.0),
            egui::pos2(10.0, 0.0),
            egui::pos2(0.0, 0.1),
        ];
        stroke(&there_and_back, &[RED, RED], 3.0, 1.0, &mut back);
        assert!(back
            .vertices
            .iter()
            .all(|v| v.pos.x.abs() < 20.0 && v.pos.y.abs() < 20.0));
    }
}

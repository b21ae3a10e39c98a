//! The view as SVG: the same marks the window draws, written as SVG elements, with no window.
//!
//! A [`Sheet`] is what the window shows, as plain data: the left column (the scene's title,
//! facts, read-outs and legend) and the panes, each a camera and its marks (grid, figure,
//! handles and title, as the window's renderer gets them). [`write()`] maps every mark through
//! its pane's camera exactly as the renderer does (pixel stroke widths, dashes, arrow heads,
//! intervals beside their axis, infinite lines cut at the pane's edges, labels anchored
//! left-centre) and clips each pane to its rectangle. Nothing here computes geometry.

use crate::app::camera::{Camera, ScreenRect};
// The renderer's constants and its (pure) path thinning: the SVG draws what the window draws.
use crate::app::render::{
    decimated, CIRCLE_DOT_PX, DASH_PX, GAP_PX, HEAD_HALF_PX, HEAD_LEN_PX, INTERVAL_PX, LABEL_SIZE,
    TICK_PX,
};
use crate::figure::{LegendEntry, Mark, Readout, Stroke};
use crate::geometry::DVec2;
use crate::palette::{self, Rgba};
use glam::Vec2;
use std::fmt::Write;

/// One pane: its camera (whose rectangle places it on the sheet) and its marks, drawn in order.
#[derive(Clone, Debug)]
pub struct SheetPane {
    pub camera: Camera,
    pub marks: Vec<Mark>,
}

/// Everything the SVG shows.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// Size of the picture, pixels.
    pub width: f32,
    pub height: f32,
    /// Width of the left column, pixels (the panes sit right of it).
    pub column_width: f32,
    pub title: String,
    /// Lines of text under the title (the file, the demo and step, the description, warnings),
    /// wrapped to the column.
    pub lines: Vec<String>,
    pub readouts: Vec<Readout>,
    pub legend: Vec<LegendEntry>,
    pub panes: Vec<SheetPane>,
}

/// The left column's background and the line at its edge.
pub const COLUMN_FILL: Rgba = Rgba(242, 242, 240, 255);
/// Text sizes in the left column, pixels.
pub const TITLE_SIZE: f32 = 18.0;
pub const TEXT_SIZE: f32 = 13.0;
/// Space between lines of text, as a multiple of the size.
const LEADING: f32 = 1.35;
/// Padding of the left column, pixels.
const PAD: f32 = 12.0;

/// `#rrggbb` of a palette colour.
pub fn hex(c: Rgba) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// Text escaped for XML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate with two decimals (a hundredth of a pixel), `-0.00` written `0.00`.
fn n(v: f32) -> String {
    let s = format!("{v:.2}");
    if s == "-0.00" {
        "0.00".into()
    } else {
        s
    }
}

fn fill_attrs(c: Rgba) -> String {
    if c.3 == 255 {
        format!("fill=\"{}\"", hex(c))
    } else {
        format!(
            "fill=\"{}\" fill-opacity=\"{:.3}\"",
            hex(c),
            c.3 as f32 / 255.0
        )
    }
}

fn stroke_attrs(s: &Stroke) -> String {
    let mut a = format!(
        "stroke=\"{}\" stroke-width=\"{}\"",
        hex(s.color),
        n(s.width)
    );
    if s.color.3 != 255 {
        let _ = write!(a, " stroke-opacity=\"{:.3}\"", s.color.3 as f32 / 255.0);
    }
    if s.dashed {
        let _ = write!(a, " stroke-dasharray=\"{} {}\"", n(DASH_PX), n(GAP_PX));
    } else if s.width >= 2.0 {
        // The renderer rounds the joints of thick solid paths.
        a.push_str(" stroke-linejoin=\"round\" stroke-linecap=\"round\"");
    }
    a
}

fn points_attr(pts: &[Vec2]) -> String {
    let v: Vec<String> = pts
        .iter()
        .map(|p| format!("{},{}", n(p.x), n(p.y)))
        .collect();
    v.join(" ")
}

fn finite(pts: &[Vec2]) -> bool {
    pts.iter().all(|p| p.is_finite())
}

fn line(out: &mut String, p: Vec2, q: Vec2, attrs: &str) {
    if finite(&[p, q]) {
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {attrs}/>",
            n(p.x),
            n(p.y),
            n(q.x),
            n(q.y)
        );
    }
}

fn dot(out: &mut String, c: Vec2, r: f32, color: Rgba) {
    if c.is_finite() {
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {}/>",
            n(c.x),
            n(c.y),
            n(r),
            fill_attrs(color)
        );
    }
}

/// `text` at `p`, anchored left-centre.
fn text(out: &mut String, p: Vec2, t: &str, size: f32, color: Rgba, extra: &str) {
    if p.is_finite() {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" dominant-baseline=\"central\" {}{extra}>{}</text>",
            n(p.x),
            n(p.y),
            n(size),
            fill_attrs(color),
            escape(t)
        );
    }
}

/// The part of the infinite line through `p` along `d` (screen, unit) inside `r`, if any.
pub fn clip_line(p: Vec2, d: Vec2, r: ScreenRect) -> Option<(Vec2, Vec2)> {
    let (mut t0, mut t1) = (f32::NEG_INFINITY, f32::INFINITY);
    for (pc, dc, lo, hi) in [(p.x, d.x, r.x, r.x + r.w), (p.y, d.y, r.y, r.y + r.h)] {
        if dc.abs() < 1e-12 {
            if pc < lo || pc > hi {
                return None;
            }
        } else {
            let (a, b) = ((lo - pc) / dc, (hi - pc) / dc);
            t0 = t0.max(a.min(b));
            t1 = t1.min(a.max(b));
        }
    }
    (t0 <= t1 && t0.is_finite() && t1.is_finite()).then(|| (p + d * t0, p + d * t1))
}

/// One mark as SVG elements, through `camera`.
pub fn mark(out: &mut String, m: &Mark, camera: &Camera) {
    let screen = |p: DVec2| camera.to_screen(p);
    match m {
        Mark::Polygon {
            points,
            stroke,
            fill,
            ..
        } => {
            let pts = decimated(points.iter().map(|&p| screen(p)), true);
            if pts.len() < 2 || !finite(&pts) {
                return;
            }
            let f = fill.map_or("fill=\"none\"".into(), fill_attrs);
            let s = stroke.as_ref().map_or(String::new(), stroke_attrs);
            let _ = writeln!(out, "<polygon points=\"{}\" {f} {s}/>", points_attr(&pts));
        }
        Mark::Polyline { points, stroke } => {
            let pts = decimated(points.iter().map(|&p| screen(p)), false);
            if pts.len() < 2 || !finite(&pts) {
                return;
            }
            let _ = writeln!(
                out,
                "<polyline points=\"{}\" fill=\"none\" {}/>",
                points_attr(&pts),
                stroke_attrs(stroke)
            );
        }
        Mark::Circle {
            centre,
            radius,
            stroke,
            fill,
        } => {
            let c = screen(*centre);
            let r = (*radius * camera.scale) as f32;
            if !(r.is_finite() && c.is_finite()) {
                return;
            }
            if r < 1.0 {
                if let Some(col) = stroke.map(|s| s.color).or(*fill) {
                    dot(out, c, CIRCLE_DOT_PX, col);
                }
                return;
            }
            let f = fill.map_or("fill=\"none\"".into(), fill_attrs);
            let s = stroke.as_ref().map_or(String::new(), stroke_attrs);
            let _ = writeln!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {f} {s}/>",
                n(c.x),
                n(c.y),
                n(r)
            );
        }
        Mark::Segment { from, to, stroke } => {
            line(out, screen(*from), screen(*to), &stroke_attrs(stroke));
        }
        Mark::Arrow { from, to, stroke } => {
            let (p, q) = (screen(*from), screen(*to));
            let d = q - p;
            let len = d.length();
            if !len.is_finite() {
                return;
            }
            if len < 0.5 {
                dot(out, q, stroke.width, stroke.color);
                return;
            }
            let u = d / len;
            let head = HEAD_LEN_PX.min(len * 0.6);
            line(out, p, q - u * head * 0.8, &stroke_attrs(stroke));
            let nrm =
                Vec2::new(-u.y, u.x) * (HEAD_HALF_PX * head / HEAD_LEN_PX + stroke.width * 0.3);
            let base = q - u * head;
            let _ = writeln!(
                out,
                "<polygon points=\"{}\" {}/>",
                points_attr(&[q, base + nrm, base - nrm]),
                fill_attrs(stroke.color)
            );
        }
        Mark::Point { at, color, size } => dot(out, screen(*at), size / 2.0, *color),
        Mark::Interval {
            origin,
            axis,
            min,
            max,
            offset,
            color,
        } => {
            let (p, q) = (
                screen(*origin + *axis * *min),
                screen(*origin + *axis * *max),
            );
            let s_axis = Vec2::new(axis.x as f32, -axis.y as f32).normalize_or_zero();
            let side = Vec2::new(s_axis.y, -s_axis.x);
            let (p, q) = (p + side * *offset, q + side * *offset);
            line(
                out,
                p,
                q,
                &format!(
                    "stroke=\"{}\" stroke-width=\"{}\"",
                    hex(*color),
                    n(INTERVAL_PX)
                ),
            );
            for e in [p, q] {
                line(
                    out,
                    e + side * TICK_PX,
                    e - side * TICK_PX,
                    &format!("stroke=\"{}\" stroke-width=\"1.50\"", hex(*color)),
                );
            }
        }
        Mark::Line {
            point,
            direction,
            stroke,
        } => {
            let p = screen(*point);
            let d = Vec2::new(direction.x as f32, -direction.y as f32).normalize_or_zero();
            if d == Vec2::ZERO || !p.is_finite() {
                return;
            }
            if let Some((a, b)) = clip_line(p, d, camera.rect) {
                line(out, a, b, &stroke_attrs(stroke));
            }
        }
        Mark::Label {
            at,
            text: t,
            color,
            offset,
        } => {
            let p = screen(*at) + Vec2::new(offset.0, offset.1);
            text(out, p, t, LABEL_SIZE, *color, "");
        }
    }
}

/// `s` broken into lines of at most about `width` pixels of `size`-pixel text (an estimate:
/// the writer cannot measure the viewer's font).
pub fn wrap(s: &str, width: f32, size: f32) -> Vec<String> {
    let max = ((width / (size * 0.55)) as usize).max(8);
    let mut lines = Vec::new();
    for para in s.lines() {
        let mut cur = String::new();
        for word in para.split_whitespace() {
            if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > max {
                lines.push(std::mem::take(&mut cur));
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(word);
        }
        lines.push(cur);
    }
    lines
}

/// The left column's text: title, lines, read-outs (name, then the value in monospace),
/// legend (a coloured square and its meaning). Returns how far down it reaches, pixels.
fn column(out: &mut String, sheet: &Sheet) -> f32 {
    let w = sheet.column_width;
    let inner = w - 2.0 * PAD;
    let step = TEXT_SIZE * LEADING;
    let mut y = PAD + TITLE_SIZE / 2.0 + 4.0;
    for l in wrap(&sheet.title, inner, TITLE_SIZE) {
        text(
            out,
            Vec2::new(PAD, y),
            &l,
            TITLE_SIZE,
            palette::TEXT,
            " font-weight=\"bold\"",
        );
        y += TITLE_SIZE * LEADING;
    }
    y += 4.0;
    for l in sheet.lines.iter().flat_map(|l| wrap(l, inner, TEXT_SIZE)) {
        text(out, Vec2::new(PAD, y), &l, TEXT_SIZE, palette::TEXT, "");
        y += step;
    }
    let rule = |out: &mut String, y: &mut f32| {
        *y += 4.0;
        line(
            out,
            Vec2::new(PAD, *y),
            Vec2::new(w - PAD, *y),
            &format!("stroke=\"{}\" stroke-width=\"1.00\"", hex(palette::GRID)),
        );
        *y += step;
    };
    if !sheet.readouts.is_empty() {
        rule(out, &mut y);
        let _ = writeln!(out, "<g id=\"readouts\">");
        let value_x = PAD + inner * 0.45;
        for r in &sheet.readouts {
            let name = wrap(&r.name, inner * 0.45 - 6.0, TEXT_SIZE);
            let value = wrap(&r.value, inner * 0.55, TEXT_SIZE);
            // The name's lines in the text face, the value's beside them in monospace.
            for (x, lines, face) in [
                (PAD, &name, ""),
                (value_x, &value, " font-family=\"monospace\""),
            ] {
                for (i, l) in lines.iter().enumerate() {
                    let at = Vec2::new(x, y + i as f32 * step);
                    text(out, at, l, TEXT_SIZE, palette::TEXT, face);
                }
            }
            y += name.len().max(value.len()) as f32 * step;
        }
        let _ = writeln!(out, "</g>");
    }
    if !sheet.legend.is_empty() {
        rule(out, &mut y);
        let _ = writeln!(out, "<g id=\"legend\">");
        for e in &sheet.legend {
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"12.00\" height=\"12.00\" rx=\"2.00\" {}/>",
                n(PAD),
                n(y - 6.0),
                fill_attrs(e.color)
            );
            for l in wrap(&e.meaning, inner - 20.0, TEXT_SIZE) {
                text(
                    out,
                    Vec2::new(PAD + 20.0, y),
                    &l,
                    TEXT_SIZE,
                    palette::TEXT,
                    "",
                );
                y += step;
            }
        }
        let _ = writeln!(out, "</g>");
    }
    y
}

/// The sheet as an SVG document. A left column too long for the sheet makes the picture taller
/// (the panes keep their place and size).
pub fn write(sheet: &Sheet) -> String {
    let mut text_column = String::new();
    let bottom = column(&mut text_column, sheet) + PAD;
    let height = sheet.height.max(bottom.ceil());
    let mut out = String::new();
    let _ = writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">",
        w = n(sheet.width),
        h = n(height)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&sheet.title));
    let _ = writeln!(out, "<defs>");
    for (i, p) in sheet.panes.iter().enumerate() {
        let r = p.camera.rect;
        let _ = writeln!(
            out,
            "<clipPath id=\"pane{i}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>",
            n(r.x),
            n(r.y),
            n(r.w),
            n(r.h)
        );
    }
    let _ = writeln!(out, "</defs>");
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" {}/>",
        n(sheet.width),
        n(height),
        fill_attrs(palette::BACKGROUND)
    );
    let w = sheet.column_width;
    let _ = writeln!(
        out,
        "<g id=\"column\">\n<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" {}/>",
        n(w),
        n(height),
        fill_attrs(COLUMN_FILL)
    );
    line(
        &mut out,
        Vec2::new(w, 0.0),
        Vec2::new(w, height),
        &format!("stroke=\"{}\" stroke-width=\"1.00\"", hex(palette::AXES)),
    );
    out.push_str(&text_column);
    let _ = writeln!(out, "</g>");
    for (i, p) in sheet.panes.iter().enumerate() {
        let _ = writeln!(out, "<g id=\"pane{i}-marks\" clip-path=\"url(#pane{i})\">");
        for m in &p.marks {
            mark(&mut out, m, &p.camera);
        }
        let _ = writeln!(out, "</g>");
    }
    // The line between neighbouring panes, as the window draws it.
    for p in sheet.panes.iter().skip(1) {
        let r = p.camera.rect;
        line(
            &mut out,
            Vec2::new(r.x, r.y),
            Vec2::new(r.x, r.y + r.h),
            &format!("stroke=\"{}\" stroke-width=\"2.00\"", hex(palette::AXES)),
        );
    }
    let _ = writeln!(out, "</svg>");
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A minimal XML well-formedness check: every tag closes in order, attributes are quoted,
    /// no bare `&` or `<` in text, exactly one root.
    pub(crate) fn check_xml(doc: &str) -> Result<Vec<String>, String> {
        let mut stack: Vec<String> = Vec::new();
        let mut seen = Vec::new();
        let mut roots = 0;
        let mut rest = doc.trim_start();
        if let Some(r) = rest.strip_prefix("<?xml") {
            rest = &r[r.find("?>").ok_or("unclosed declaration")? + 2..];
        }
        while !rest.is_empty() {
            let lt = rest.find('<').unwrap_or(rest.len());
            let content = &rest[..lt];
            check_text(content)?;
            if !content.trim().is_empty() && stack.is_empty() {
                return Err(format!("text outside the root: {content:?}"));
            }
            rest = &rest[lt..];
            if rest.is_empty() {
                break;
            }
            let gt = rest.find('>').ok_or("unclosed tag")?;
            let tag = &rest[1..gt];
            rest = &rest[gt + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or(format!("stray </{name}>"))?;
                if open != name.trim() {
                    return Err(format!("<{open}> closed by </{name}>"));
                }
                continue;
            }
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name = body
                .split_whitespace()
                .next()
                .ok_or("empty tag")?
                .to_string();
            check_attributes(&body[name.len()..])?;
            if stack.is_empty() {
                roots += 1;
            }
            seen.push(name.clone());
            if !self_closing {
                stack.push(name);
            }
        }
        if !stack.is_empty() {
            return Err(format!("unclosed: {stack:?}"));
        }
        if roots != 1 {
            return Err(format!("{roots} root elements"));
        }
        Ok(seen)
    }

    fn check_text(t: &str) -> Result<(), String> {
        let mut s = t;
        while let Some(i) = s.find('&') {
            let end = s[i..].find(';').ok_or(format!("bare & in {t:?}"))?;
            let ent = &s[i + 1..i + end];
            if !["amp", "lt", "gt", "quot", "apos"].contains(&ent) && !ent.starts_with('#') {
                return Err(format!("unknown entity &{ent};"));
            }
            s = &s[i + end..];
        }
        Ok(())
    }

    fn check_attributes(mut s: &str) -> Result<(), String> {
        loop {
            s = s.trim_start();
            if s.is_empty() {
                return Ok(());
            }
            let eq = s
                .find('=')
                .ok_or(format!("attribute without value: {s:?}"))?;
            let name = s[..eq].trim();
            if name.is_empty() || name.contains(char::is_whitespace) {
                return Err(format!("bad attribute name {name:?}"));
            }
            let v = s[eq + 1..].trim_start();
            let q = v.chars().next().ok_or("missing value")?;
            if q != '"' && q != '\'' {
                return Err(format!("unquoted value of {name}"));
            }
            let close = v[1..].find(q).ok_or("unclosed value")?;
            let value = &v[1..1 + close];
            check_text(value)?;
            if value.contains('<') || value.contains("NaN") || value.contains("inf") {
                return Err(format!("bad value {name}={value:?}"));
            }
            s = &v[close + 2..];
        }
    }

    /// The contents of every `<text>`, joined by spaces (wrapped lines join up again).
    pub(crate) fn text_of(doc: &str) -> String {
        doc.split("<text")
            .skip(1)
            .filter_map(|t| {
                let start = t.find('>')? + 1;
                let end = t.find("</text>")?;
                Some(&t[start..end])
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn cam() -> Camera {
        Camera {
            rect: ScreenRect::new(100.0, 0.0, 400.0, 300.0),
            centre: DVec2::ZERO,
            scale: 50.0,
        }
    }

    fn every_kind() -> Vec<Mark> {
        let s = Stroke::solid(palette::SHAPE_A, 2.0);
        vec![
            Mark::Polygon {
                points: vec![DVec2::ZERO, DVec2::X, DVec2::Y],
                stroke: Some(Stroke::dashed(palette::SHAPE_B, 1.5)),
                fill: Some(palette::MD_FILL),
                convex: true,
            },
            Mark::Polyline {
                points: vec![DVec2::ZERO, DVec2::new(1.0, 1.0), DVec2::new(2.0, 0.0)],
                stroke: s,
            },
            Mark::Circle {
                centre: DVec2::new(1.0, 1.0),
                radius: 0.5,
                stroke: Some(s),
                fill: None,
            },
            Mark::Segment {
                from: DVec2::ZERO,
                to: DVec2::new(-1.0, 0.0),
                stroke: s,
            },
            Mark::Arrow {
                from: DVec2::ZERO,
                to: DVec2::new(2.0, 0.0),
                stroke: Stroke::solid(palette::MTV, 2.0),
            },
            Mark::Point {
                at: DVec2::ZERO,
                color: palette::ORIGIN,
                size: 8.0,
            },
            Mark::Interval {
                origin: DVec2::ZERO,
                axis: DVec2::X,
                min: -1.0,
                max: 1.0,
                offset: 10.0,
                color: palette::SAT_OVERLAP,
            },
            Mark::Line {
                point: DVec2::new(0.0, 1.0),
                direction: DVec2::X,
                stroke: Stroke::solid(palette::SEPARATING_LINE, 1.0),
            },
            Mark::Label {
                at: DVec2::ZERO,
                text: "B \u{2296} A <&>".into(),
                color: palette::TEXT,
                offset: (4.0, -8.0),
            },
        ]
    }

    fn sheet(marks: Vec<Mark>) -> Sheet {
        Sheet {
            width: 600.0,
            height: 300.0,
            column_width: 100.0,
            title: "A & B".into(),
            lines: vec!["demo: sat".into()],
            readouts: vec![Readout::new("distance", "-0.25")],
            legend: vec![LegendEntry {
                color: palette::MTV,
                meaning: "minimum translation <blue>".into(),
            }],
            panes: vec![SheetPane {
                camera: cam(),
                marks,
            }],
        }
    }

    fn one(m: Mark) -> String {
        let mut s = String::new();
        mark(&mut s, &m, &cam());
        s
    }

    #[test]
    fn the_document_is_well_formed_and_has_every_kind() {
        let doc = write(&sheet(every_kind()));
        let tags = check_xml(&doc).unwrap_or_else(|e| panic!("{e}\n{doc}"));
        for t in [
            "svg", "clipPath", "polygon", "polyline", "circle", "line", "text", "rect",
        ] {
            assert!(tags.iter().any(|x| x == t), "no <{t}>");
        }
        for c in [
            palette::SHAPE_A,
            palette::SHAPE_B,
            palette::MTV,
            palette::SAT_OVERLAP,
            palette::SEPARATING_LINE,
            palette::BACKGROUND,
        ] {
            assert!(doc.contains(&hex(c)), "colour {} missing", hex(c));
        }
        assert!(doc.contains("B \u{2296} A &lt;&amp;&gt;"));
        assert!(doc.contains(">distance</text>") && doc.contains(">-0.25</text>"));
        assert!(text_of(&doc).contains("minimum translation &lt;blue&gt;"));
        assert!(doc.contains("clip-path=\"url(#pane0)\""));
    }

    #[test]
    fn each_kind_makes_its_element() {
        let kinds = every_kind();
        let expect = [
            "<polygon",
            "<polyline",
            "<circle",
            "<line",
            "<polygon", // the arrow head
            "<circle",
            "<line",
            "<line",
            "<text",
        ];
        for (m, e) in kinds.into_iter().zip(expect) {
            let s = one(m.clone());
            assert!(
                s.starts_with(e) || s.contains(&format!("\n{e}")),
                "{m:?}: {s}"
            );
        }
    }

    #[test]
    fn coordinates_go_through_the_camera() {
        // World (1, 1) is 50 px right of and 50 px above the pane centre (300, 150).
        let s = one(Mark::Point {
            at: DVec2::new(1.0, 1.0),
            color: palette::ORIGIN,
            size: 6.0,
        });
        assert!(s.contains("cx=\"350.00\" cy=\"100.00\" r=\"3.00\""), "{s}");
        let s = one(Mark::Circle {
            centre: DVec2::ZERO,
            radius: 2.0,
            stroke: Some(Stroke::solid(palette::SHAPE_B, 1.0)),
            fill: None,
        });
        assert!(
            s.contains("cx=\"300.00\" cy=\"150.00\" r=\"100.00\""),
            "{s}"
        );
        let s = one(Mark::Label {
            at: DVec2::new(-1.0, 0.0),
            text: "x".into(),
            color: palette::TEXT,
            offset: (5.0, -10.0),
        });
        assert!(s.contains("x=\"255.00\" y=\"140.00\""), "{s}");
    }

    #[test]
    fn dashes_arrows_and_intervals_look_as_in_the_window() {
        let s = one(Mark::Segment {
            from: DVec2::ZERO,
            to: DVec2::X,
            stroke: Stroke::dashed(palette::MTV, 1.0),
        });
        assert!(s.contains("stroke-dasharray=\"7.00 5.00\""), "{s}");
        // The arrow: a shaft that stops short of the tip and a head whose point is the tip.
        let s = one(Mark::Arrow {
            from: DVec2::ZERO,
            to: DVec2::new(2.0, 0.0),
            stroke: Stroke::solid(palette::MTV, 2.0),
        });
        assert!(
            s.contains("<line x1=\"300.00\" y1=\"150.00\" x2=\"391.20\""),
            "{s}"
        );
        assert!(s.contains("<polygon points=\"400.00,150.00 389.00,"), "{s}");
        // The interval sits 10 px to the left of its axis (above, for the x axis).
        let s = one(Mark::Interval {
            origin: DVec2::ZERO,
            axis: DVec2::X,
            min: -1.0,
            max: 1.0,
            offset: 10.0,
            color: palette::SAT_OVERLAP,
        });
        assert!(
            s.contains("x1=\"250.00\" y1=\"140.00\" x2=\"350.00\" y2=\"140.00\""),
            "{s}"
        );
        assert_eq!(s.matches("<line").count(), 3, "a bar and two ticks: {s}");
    }

    #[test]
    fn infinite_lines_are_cut_at_the_pane() {
        let s = one(Mark::Line {
            point: DVec2::new(0.0, 1.0),
            direction: DVec2::X,
            stroke: Stroke::solid(palette::GRID, 1.0),
        });
        assert!(
            s.contains("x1=\"100.00\" y1=\"100.00\" x2=\"500.00\" y2=\"100.00\""),
            "{s}"
        );
        // A diagonal through the centre ends on the pane's edges.
        let (a, b) = clip_line(
            Vec2::new(300.0, 150.0),
            Vec2::new(1.0, 1.0).normalize(),
            cam().rect,
        )
        .unwrap();
        assert!((a - Vec2::new(150.0, 0.0)).length() < 1e-3, "{a}");
        assert!((b - Vec2::new(450.0, 300.0)).length() < 1e-3, "{b}");
        // A line that misses the pane is not written.
        let s = one(Mark::Line {
            point: DVec2::new(0.0, 100.0),
            direction: DVec2::X,
            stroke: Stroke::solid(palette::GRID, 1.0),
        });
        assert!(s.is_empty(), "{s}");
    }

    #[test]
    fn non_finite_marks_are_left_out() {
        let s = one(Mark::Segment {
            from: DVec2::new(f64::NAN, 0.0),
            to: DVec2::X,
            stroke: Stroke::solid(palette::MTV, 1.0),
        });
        assert!(s.is_empty(), "{s}");
        let doc = write(&sheet(vec![Mark::Point {
            at: DVec2::new(f64::INFINITY, 0.0),
            color: palette::ORIGIN,
            size: 4.0,
        }]));
        check_xml(&doc).unwrap();
    }

    #[test]
    fn wrapping_keeps_words_whole() {
        let w = wrap("one two three four five six", 60.0, 10.0);
        assert!(w.len() > 1);
        assert_eq!(w.join(" "), "one two three four five six");
        assert!(wrap("", 100.0, 10.0).is_empty());
    }
}

//! The view as SVG, with no window: a [`Canvas`] that writes each primitive the painter hands it
//! as an SVG element, and [`document`], the whole picture of a [`Sheet`].
//!
//! Nothing here decides what a mark looks like (that is `view::paint`, shared with the window):
//! a line is a `<line>`, a path a `<polyline>` or `<polygon>`, dashes a `stroke-dasharray`,
//! round joins `stroke-linejoin="round"`, a clipped group a `<g clip-path>` whose `<clipPath>`
//! goes in `<defs>`. Coordinates are written with two decimals (a hundredth of a pixel).

use crate::palette::Rgba;
use crate::view::camera::ScreenRect;
use crate::view::paint::{Canvas, Pen, TextStyle, DASH_PX, GAP_PX};
use crate::view::sheet::{self, Sheet};
use glam::Vec2;
use std::fmt::Write;

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

/// A coordinate with two decimals, `-0.00` written `0.00`.
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

fn pen_attrs(p: &Pen) -> String {
    let mut a = format!(
        "stroke=\"{}\" stroke-width=\"{}\"",
        hex(p.color),
        n(p.width)
    );
    if p.color.3 != 255 {
        let _ = write!(a, " stroke-opacity=\"{:.3}\"", p.color.3 as f32 / 255.0);
    }
    if p.dashed {
        let _ = write!(a, " stroke-dasharray=\"{} {}\"", n(DASH_PX), n(GAP_PX));
    } else if p.round {
        a.push_str(" stroke-linejoin=\"round\" stroke-linecap=\"round\"");
    }
    a
}

/// The fill and stroke attributes of a shape, space-separated.
fn paint_attrs(fill: Option<Rgba>, pen: Option<Pen>) -> String {
    let f = fill.map_or("fill=\"none\"".into(), fill_attrs);
    match pen {
        Some(p) => format!("{f} {}", pen_attrs(&p)),
        None => f,
    }
}

fn points_attr(pts: &[Vec2]) -> String {
    let v: Vec<String> = pts
        .iter()
        .map(|p| format!("{},{}", n(p.x), n(p.y)))
        .collect();
    v.join(" ")
}

/// A canvas that collects SVG elements; [`SvgCanvas::finish`] makes the document.
#[derive(Default)]
pub struct SvgCanvas {
    defs: String,
    body: String,
}

impl SvgCanvas {
    /// The SVG document of `width` × `height` pixels titled `title`, holding what was painted.
    pub fn finish(self, width: f32, height: f32, title: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">",
            w = n(width),
            h = n(height)
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        let _ = writeln!(out, "<defs>\n{}</defs>", self.defs);
        out.push_str(&self.body);
        let _ = writeln!(out, "</svg>");
        out
    }
}

impl Canvas for SvgCanvas {
    fn begin_group(&mut self, id: &str, clip: Option<(&str, ScreenRect)>) {
        let id = escape(id);
        match clip {
            Some((clip_id, r)) => {
                let clip_id = escape(clip_id);
                let _ = writeln!(
                    self.defs,
                    "<clipPath id=\"{clip_id}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" \
                     height=\"{}\"/></clipPath>",
                    n(r.x),
                    n(r.y),
                    n(r.w),
                    n(r.h)
                );
                let _ = writeln!(self.body, "<g id=\"{id}\" clip-path=\"url(#{clip_id})\">");
            }
            None => {
                let _ = writeln!(self.body, "<g id=\"{id}\">");
            }
        }
    }

    fn end_group(&mut self) {
        let _ = writeln!(self.body, "</g>");
    }

    fn line(&mut self, p: Vec2, q: Vec2, pen: Pen) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {}/>",
            n(p.x),
            n(p.y),
            n(q.x),
            n(q.y),
            pen_attrs(&pen)
        );
    }

    fn polyline(&mut self, points: &[Vec2], pen: Pen) {
        let _ = writeln!(
            self.body,
            "<polyline points=\"{}\" fill=\"none\" {}/>",
            points_attr(points),
            pen_attrs(&pen)
        );
    }

    fn polygon(&mut self, points: &[Vec2], fill: Option<Rgba>, pen: Option<Pen>) {
        let _ = writeln!(
            self.body,
            "<polygon points=\"{}\" {}/>",
            points_attr(points),
            paint_attrs(fill, pen)
        );
    }

    fn circle(&mut self, c: Vec2, r: f32, fill: Option<Rgba>, pen: Option<Pen>) {
        let _ = writeln!(
            self.body,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {}/>",
            n(c.x),
            n(c.y),
            n(r),
            paint_attrs(fill, pen)
        );
    }

    fn dot(&mut self, c: Vec2, r: f32, color: Rgba) {
        self.circle(c, r, Some(color), None);
    }

    fn text(&mut self, at: Vec2, text: &str, style: TextStyle) {
        let mut extra = String::new();
        if style.monospace {
            extra.push_str(" font-family=\"monospace\"");
        }
        if style.bold {
            extra.push_str(" font-weight=\"bold\"");
        }
        let _ = writeln!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" dominant-baseline=\"central\" {}{extra}>{}</text>",
            n(at.x),
            n(at.y),
            n(style.size),
            fill_attrs(style.color),
            escape(text)
        );
    }

    fn rect(&mut self, r: ScreenRect, corner: f32, fill: Rgba) {
        let rounded = if corner > 0.0 {
            format!(" rx=\"{}\"", n(corner))
        } else {
            String::new()
        };
        let _ = writeln!(
            self.body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{rounded} {}/>",
            n(r.x),
            n(r.y),
            n(r.w),
            n(r.h),
            fill_attrs(fill)
        );
    }
}

/// The sheet as an SVG document. A left column too long for the sheet makes the picture taller
/// (the panes keep their place and size).
pub fn document(sheet: &Sheet) -> String {
    let mut canvas = SvgCanvas::default();
    sheet::paint_sheet(sheet, &mut canvas);
    canvas.finish(sheet.width, sheet::height(sheet), &sheet.title)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::figure::{Mark, Stroke};
    use crate::geometry::DVec2;
    use crate::palette;
    use crate::view::camera::Camera;
    use crate::view::paint::tests::every_kind;
    use crate::view::paint::PanePicture;

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
            size: 1.0,
        }
    }

    fn sheet(marks: Vec<Mark>) -> Sheet {
        let mut s = crate::view::sheet::tests::sheet(1);
        s.panes = vec![PanePicture {
            camera: cam(),
            marks,
        }];
        s
    }

    fn one(m: Mark) -> String {
        let mut c = SvgCanvas::default();
        crate::view::paint::paint(&[m], &cam(), &mut c);
        c.body
    }

    #[test]
    fn the_document_is_well_formed_and_has_every_kind() {
        let doc = document(&sheet(every_kind()));
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
        assert!(doc.contains(">name 0</text>") && doc.contains(">-0.25</text>"));
        assert!(text_of(&doc).contains("minimum translation &lt;blue&gt;"));
        assert!(doc.contains("clip-path=\"url(#pane0)\""));
        assert!(doc.contains("<clipPath id=\"pane0\">"));
    }

    #[test]
    fn each_kind_makes_its_element() {
        let expect = [
            "<polygon",
            "<polyline",
            "<circle",
            "<line",
            "<line", // the arrow's shaft, then its head
            "<circle",
            "<line",
            "<line",
            "<text",
        ];
        for (m, e) in every_kind().into_iter().zip(expect) {
            let s = one(m.clone());
            assert!(s.starts_with(e), "{m:?}: {s}");
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
        let s = one(Mark::Label {
            at: DVec2::new(-1.0, 0.0),
            text: "x".into(),
            color: palette::TEXT,
            offset: (5.0, -10.0),
        });
        assert!(s.contains("x=\"255.00\" y=\"140.00\""), "{s}");
    }

    #[test]
    fn dashes_arrow_heads_and_square_intervals() {
        let s = one(Mark::Segment {
            from: DVec2::ZERO,
            to: DVec2::X,
            stroke: Stroke::dashed(palette::MTV, 1.0),
        });
        assert!(s.contains("stroke-dasharray=\"7.00 5.00\""), "{s}");
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
        let s = one(Mark::Interval {
            origin: DVec2::ZERO,
            axis: DVec2::X,
            min: -1.0,
            max: 1.0,
            offset: 10.0,
            color: palette::SAT_OVERLAP.with_alpha(128),
        });
        assert!(
            s.contains("x1=\"250.00\" y1=\"140.00\" x2=\"350.00\" y2=\"140.00\""),
            "{s}"
        );
        assert!(s.contains("stroke-opacity=\"0.502\""), "{s}");
        assert!(!s.contains("round"), "{s}");
    }

    #[test]
    fn nothing_non_finite_reaches_the_document() {
        let doc = document(&sheet(vec![Mark::Point {
            at: DVec2::new(f64::INFINITY, 0.0),
            color: palette::ORIGIN,
            size: 4.0,
        }]));
        check_xml(&doc).unwrap();
    }
}

//! The view as one picture: a left column (the scene's title, what is shown, the read-outs and
//! the legend) beside the panes, as the SVG export and `render` draw it.
//!
//! In the window the column is egui's side panel; here it is laid out with estimated text
//! widths (a picture cannot measure the viewer's font) and painted on any [`Canvas`].

use super::camera::ScreenRect;
use super::convention::Convention;
use super::paint::{paint_panes, Canvas, PanePicture, Pen, TextStyle};
use super::panes::{Panes, Shown};
use crate::figure::{Figure, LegendEntry, Readout};
use crate::palette::{self, Rgba};
use crate::scene::{Demo, Scene};
use glam::Vec2;
use std::path::Path;

/// Width of the left column, pixels (about what the side panel takes in the window).
pub const COLUMN_WIDTH: f32 = 342.0;
/// The left column's background.
pub const COLUMN_FILL: Rgba = Rgba(242, 242, 240, 255);
/// Text sizes in the left column, pixels.
pub const TITLE_SIZE: f32 = 18.0;
pub const TEXT_SIZE: f32 = 13.0;
/// Space between lines of text, as a multiple of the size.
const LEADING: f32 = 1.35;
/// Padding of the left column, pixels.
const PAD: f32 = 12.0;
/// The read-outs' names take this share of the column's inner width, their values the rest.
const NAME_SHARE: f32 = 0.45;
/// The legend's colour squares: side and corner radius, and the text's indent, pixels.
const SWATCH_PX: f32 = 12.0;
const SWATCH_CORNER_PX: f32 = 2.0;
const SWATCH_INDENT_PX: f32 = 20.0;
/// Width of the rules in the column and of the line at its edge, pixels.
const RULE_PX: f32 = 1.0;

/// Everything the picture shows.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// Size of the picture, pixels (a column too long makes it taller).
    pub width: f32,
    pub height: f32,
    /// Width of the left column, pixels (the panes sit right of it).
    pub column_width: f32,
    pub title: String,
    /// Lines of text under the title (the file, the demo and step, the description, warnings).
    pub lines: Vec<String>,
    pub readouts: Vec<Readout>,
    pub legend: Vec<LegendEntry>,
    pub panes: Vec<PanePicture>,
}

impl Sheet {
    /// The picture of `panes` as laid out, showing `shown`, with a column as wide as the room
    /// left of them and `lines` under the title.
    pub fn of(panes: &Panes, shown: &Shown, lines: Vec<String>) -> Sheet {
        let (w, c) = (panes.world.rect, panes.config.rect);
        let figure = shown.figure;
        Sheet {
            width: c.x + c.w,
            height: (w.y + w.h).max(c.y + c.h),
            column_width: w.x,
            title: shown.scene.title.clone(),
            lines,
            readouts: figure.map(|f| f.readouts.clone()).unwrap_or_default(),
            legend: figure.map(|f| f.legend.clone()).unwrap_or_default(),
            panes: panes.picture(shown),
        }
    }
}

/// The lines under the title: the file (if any), the demo's name and step (counted from 1), the
/// article it recreates, the scene's description (under its own demo only), what the panes show, then why the figure could not be built and the scene's warnings.
pub fn caption(
    scene: &Scene,
    path: Option<&Path>,
    demo: Demo,
    figure: Result<&Figure, &str>,
    warnings: &[String],
    convention: Convention,
    time: Option<f64>,
) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(p) = path {
        lines.push(p.display().to_string());
    }
    lines.push(match figure {
        _ if time.is_some() => format!(
            "The motion at t = {}",
            crate::figure::common::num(time.unwrap_or_default())
        ),
        Ok(f) if f.steps > 1 => {
            format!("{}, step {} of {}", demo.title(), f.step + 1, f.steps)
        }
        _ => demo.title().to_string(),
    });
    lines.push(format!("Recreates {}.", demo.article()));
    // The scene's description is written for its own demo; under another it would name marks
    // that are not drawn.
    match &scene.description {
        Some(d) if demo == scene.demo => lines.push(d.clone()),
        Some(_) => lines.push(format!(
            "(The scene's notes are for \u{201c}{}\u{201d} and are left out.)",
            scene.demo.title()
        )),
        None => {}
    }
    let looking_at = match time {
        Some(_) => crate::figure::moment::LOOKING_AT,
        None => demo.looking_at(),
    };
    lines.push(format!("What you are looking at: {looking_at}"));
    lines.extend(convention.note().map(String::from));
    if let Err(e) = figure {
        lines.push(e.to_string());
    }
    lines.extend(warnings.iter().map(|w| format!("warning: {w}")));
    lines
}

/// `s` broken into lines of at most about `width` pixels of `size`-pixel text (an estimate:
/// the picture cannot measure the viewer's font).
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

/// One thing in the column, placed.
enum Item {
    Text {
        at: Vec2,
        text: String,
        style: TextStyle,
    },
    Rule(f32),
    Swatch(f32, Rgba),
    Begin(&'static str),
    End,
}

/// The column's items and how far down they reach, pixels.
fn column(sheet: &Sheet) -> (Vec<Item>, f32) {
    let w = sheet.column_width;
    let inner = w - 2.0 * PAD;
    let step = TEXT_SIZE * LEADING;
    let text = TextStyle::plain(TEXT_SIZE, palette::TEXT);
    let mut items = Vec::new();
    let mut y = PAD + TITLE_SIZE / 2.0 + 4.0;
    for l in wrap(&sheet.title, inner, TITLE_SIZE) {
        items.push(Item::Text {
            at: Vec2::new(PAD, y),
            text: l,
            style: TextStyle {
                bold: true,
                ..TextStyle::plain(TITLE_SIZE, palette::TEXT)
            },
        });
        y += TITLE_SIZE * LEADING;
    }
    y += 4.0;
    for l in sheet.lines.iter().flat_map(|l| wrap(l, inner, TEXT_SIZE)) {
        items.push(Item::Text {
            at: Vec2::new(PAD, y),
            text: l,
            style: text,
        });
        y += step;
    }
    let rule = |items: &mut Vec<Item>, y: &mut f32| {
        *y += 4.0;
        items.push(Item::Rule(*y));
        *y += step;
    };
    if !sheet.readouts.is_empty() {
        rule(&mut items, &mut y);
        items.push(Item::Begin("readouts"));
        let value_x = PAD + inner * NAME_SHARE;
        for r in &sheet.readouts {
            let name = wrap(&r.name, inner * NAME_SHARE - 6.0, TEXT_SIZE);
            let value = wrap(&r.value, inner * (1.0 - NAME_SHARE), TEXT_SIZE);
            // The name's lines in the text face, the value's beside them in monospace.
            for (x, lines, monospace) in [(PAD, &name, false), (value_x, &value, true)] {
                for (i, l) in lines.iter().enumerate() {
                    items.push(Item::Text {
                        at: Vec2::new(x, y + i as f32 * step),
                        text: l.clone(),
                        style: TextStyle { monospace, ..text },
                    });
                }
            }
            y += name.len().max(value.len()) as f32 * step;
        }
        items.push(Item::End);
    }
    if !sheet.legend.is_empty() {
        rule(&mut items, &mut y);
        items.push(Item::Begin("legend"));
        for e in &sheet.legend {
            items.push(Item::Swatch(y, e.color));
            for l in wrap(&e.meaning, inner - SWATCH_INDENT_PX, TEXT_SIZE) {
                items.push(Item::Text {
                    at: Vec2::new(PAD + SWATCH_INDENT_PX, y),
                    text: l,
                    style: text,
                });
                y += step;
            }
        }
        items.push(Item::End);
    }
    (items, y)
}

/// How tall the picture of `sheet` is: its height, or more when the column needs it.
pub fn height(sheet: &Sheet) -> f32 {
    sheet.height.max((column(sheet).1 + PAD).ceil())
}

/// Paints the whole picture (background, column, panes) on `canvas`, [`height`] tall.
pub fn paint_sheet(sheet: &Sheet, canvas: &mut impl Canvas) {
    let (items, _) = column(sheet);
    let h = height(sheet);
    let w = sheet.column_width;
    canvas.rect(
        ScreenRect::new(0.0, 0.0, sheet.width, h),
        0.0,
        palette::BACKGROUND,
    );
    canvas.begin_group("column", None);
    canvas.rect(ScreenRect::new(0.0, 0.0, w, h), 0.0, COLUMN_FILL);
    canvas.line(
        Vec2::new(w, 0.0),
        Vec2::new(w, h),
        Pen::square(palette::AXES, RULE_PX),
    );
    for item in items {
        match item {
            Item::Text { at, text, style } => canvas.text(at, &text, style),
            Item::Rule(y) => canvas.line(
                Vec2::new(PAD, y),
                Vec2::new(w - PAD, y),
                Pen::square(palette::GRID, RULE_PX),
            ),
            Item::Swatch(y, color) => canvas.rect(
                ScreenRect::new(PAD, y - SWATCH_PX / 2.0, SWATCH_PX, SWATCH_PX),
                SWATCH_CORNER_PX,
                color,
            ),
            Item::Begin(id) => canvas.begin_group(id, None),
            Item::End => canvas.end_group(),
        }
    }
    canvas.end_group();
    paint_panes(&sheet.panes, canvas);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::view::paint::tests::Recorder;

    /// A sheet of `readouts` read-outs, one legend entry and no panes.
    pub(crate) fn sheet(readouts: usize) -> Sheet {
        Sheet {
            width: 600.0,
            height: 300.0,
            column_width: 100.0,
            title: "A & B".into(),
            lines: vec!["demo: sat".into()],
            readouts: (0..readouts)
                .map(|i| Readout::new(format!("name {i}"), "-0.25"))
                .collect(),
            legend: vec![LegendEntry {
                color: palette::MTV,
                meaning: "minimum translation <blue>".into(),
            }],
            panes: vec![],
        }
    }

    #[test]
    fn wrapping_keeps_words_whole() {
        let w = wrap("one two three four five six", 60.0, 10.0);
        assert!(w.len() > 1);
        assert_eq!(w.join(" "), "one two three four five six");
        assert!(wrap("", 100.0, 10.0).is_empty());
    }

    #[test]
    fn a_long_column_makes_the_picture_taller() {
        assert_eq!(height(&sheet(2)), 300.0);
        let tall = height(&sheet(60));
        assert!(tall > 300.0, "{tall}");
        let mut r = Recorder::default();
        paint_sheet(&sheet(60), &mut r);
        assert!(r.0[0].contains(&format!("h: {tall:?}")), "{}", r.0[0]);
        for id in ["column", "readouts", "legend"] {
            assert!(r
                .0
                .iter()
                .any(|l| l.starts_with(&format!("group {id} None"))));
        }
    }
}

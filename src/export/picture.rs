//! `render`'s pictures: what it is asked to draw ([`Picture`]) and the SVG of it, made with no
//! window: the panes laid out right of a column as wide as the window's side panel, their
//! cameras fitted as the window fits them at start, painted by the same painter.

use super::svg;
use crate::figure;
use crate::scene::{Demo, PathError, Scene};
use crate::view::camera::ScreenRect;
use crate::view::convention::Convention;
use crate::view::link::{Feature, Linked};
use crate::view::panes::{Panes, Shown, FIT_PASSES};
use crate::view::sheet::{self, Sheet, COLUMN_WIDTH};
use std::path::PathBuf;

/// The picture's size when none is given, pixels.
pub const DEFAULT_SIZE: (u32, u32) = (1400, 860);

/// What `render` draws: the scene (from `path`), the demo and step to show, the picture's size.
#[derive(Clone, Debug)]
pub struct Picture {
    pub scene: Scene,
    pub path: Option<PathBuf>,
    pub demo: Demo,
    /// The step shown, from 0 (clamped to the trace).
    pub step: usize,
    pub size: (u32, u32),
    /// Which way configuration space is shown.
    pub convention: Convention,
    /// The moment of the motion to draw in place of the step (`render --time`).
    pub time: Option<f64>,
    /// The feature whose linked highlight is drawn (a scene's saved `view` pins it).
    pub pinned: Option<Feature>,
}

impl Picture {
    /// The picture as a sheet: the figure, the panes fitted to it, the column's text.
    pub fn sheet(&self) -> Result<Sheet, PathError> {
        let mut figure = match self.time {
            Some(t) => figure::at_time(&self.scene, t)?,
            None => figure::build(&self.scene, self.demo, self.step)?,
        };
        self.convention.apply(&mut figure);
        let bodies = self.scene.bodies()?;
        let warnings: Vec<String> = bodies.warnings.iter().map(|w| w.to_string()).collect();
        let [world, config] = match (self.pinned, Linked::of_figure(&self.scene, &figure)) {
            (Some(f), Some(l)) => l.marks_shown(f, self.convention),
            _ => [Vec::new(), Vec::new()],
        };
        let shown = Shown {
            scene: &self.scene,
            figure: Some(&figure),
            drawn: (&self.scene, Some((&bodies.a, &bodies.b))),
            selected: None,
            handles_of: [false; 2],
            editing: false,
            convention: self.convention,
            linked: [&world, &config],
        };
        let (w, h) = (self.size.0 as f32, self.size.1 as f32);
        let mut panes = Panes::default();
        panes.layout(ScreenRect::new(COLUMN_WIDTH, 0.0, w - COLUMN_WIDTH, h));
        for _ in 0..FIT_PASSES {
            panes.fit(&shown);
        }
        let lines = sheet::caption(
            &self.scene,
            self.path.as_deref(),
            self.demo,
            Ok(&figure),
            &warnings,
            self.convention,
            self.time,
        );
        Ok(Sheet::of(&panes, &shown, lines))
    }

    /// The picture as an SVG document.
    pub fn svg(&self) -> Result<String, PathError> {
        Ok(svg::document(&self.sheet()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::svg::tests::{check_xml, text_of};
    use crate::palette;
    use crate::view::fit::content_bounds;

    fn picture(file: &str) -> Picture {
        let path = PathBuf::from("scenes").join(file);
        let scene = Scene::load(&path).unwrap();
        Picture {
            demo: scene.demo,
            scene,
            path: Some(path),
            step: 0,
            size: DEFAULT_SIZE,
            convention: Convention::BMinusA,
            time: None,
            pinned: None,
        }
    }

    #[test]
    fn the_svg_has_both_panes_the_column_and_the_figure() {
        let p = picture("obb_vs_obb.json");
        let doc = p.svg().unwrap();
        check_xml(&doc).unwrap();
        assert!(doc.contains("id=\"pane0-marks\"") && doc.contains("id=\"pane1-marks\""));
        assert!(doc.contains(">World</text>"));
        assert!(doc.contains("Configuration space: B \u{2212} A"));
        assert!(doc.contains(&svg::escape(&p.scene.title)));
        let fig = figure::build(&p.scene, p.demo, 0).unwrap();
        let text = text_of(&doc);
        for e in &fig.legend {
            assert!(doc.contains(&svg::hex(e.color)), "legend colour missing");
            assert!(text.contains(&svg::escape(&e.meaning)), "{}", e.meaning);
        }
        for r in &fig.readouts {
            assert!(text.contains(&svg::escape(&r.name)), "{}", r.name);
            assert!(text.contains(&svg::escape(&r.value)), "{}", r.value);
        }
        assert!(doc.contains(&svg::hex(palette::SHAPE_A)));
        assert!(doc.contains(&svg::hex(palette::SHAPE_B)));
    }

    #[test]
    fn the_cameras_fit_the_content_inside_the_panes() {
        let p = picture("iterative_cast_circles.json");
        let sheet = p.sheet().unwrap();
        assert_eq!((sheet.width, sheet.height), (1400.0, 860.0));
        assert_eq!(sheet.panes.len(), 2);
        for pane in &sheet.panes {
            let (lo, hi) = content_bounds(&pane.marks, &[]).unwrap();
            let r = pane.camera.rect;
            for q in [lo, hi] {
                let s = pane.camera.to_screen(q);
                assert!(
                    s.x >= r.x - 1.0 && s.x <= r.x + r.w + 1.0,
                    "{s} outside {r:?}"
                );
                assert!(
                    s.y >= r.y - 1.0 && s.y <= r.y + r.h + 1.0,
                    "{s} outside {r:?}"
                );
            }
        }
        // Both panes side by side right of the column.
        assert_eq!(sheet.panes[0].camera.rect.x, COLUMN_WIDTH);
        assert_eq!(
            sheet.panes[1].camera.rect.x,
            COLUMN_WIDTH + sheet.panes[0].camera.rect.w
        );
    }

    /// Every scene at its first, a middle and its last step, at the default size and at
    /// 1024×640: no pane label overlaps another or leaves its pane (text boxes estimated from
    /// the font size, as `view::labels` places them).
    #[test]
    fn pane_labels_stay_apart_and_inside_their_panes() {
        let mut problems = Vec::new();
        let mut checked = 0;
        for entry in std::fs::read_dir("scenes").unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let mut p = picture(path.file_name().unwrap().to_str().unwrap());
            let steps = figure::build(&p.scene, p.demo, 0).unwrap().steps;
            // Both conventions at the default size (A − B mirrors every label of configuration
            // space), B − A also at 1024×640.
            for (size, convention) in [
                (DEFAULT_SIZE, Convention::BMinusA),
                (DEFAULT_SIZE, Convention::AMinusB),
                ((1024, 640), Convention::BMinusA),
            ] {
                for step in [0, steps / 2, steps - 1] {
                    (p.size, p.step, p.convention) = (size, step, convention);
                    for pane in p.sheet().unwrap().panes {
                        checked += 1;
                        for problem in crate::view::labels::problems(&pane.marks, &pane.camera) {
                            problems.push(format!(
                                "{} step {} at {size:?} as {}: {problem}",
                                path.display(),
                                step + 1,
                                convention.as_str()
                            ));
                        }
                    }
                }
            }
        }
        assert!(checked > 200, "{checked}");
        assert!(
            problems.is_empty(),
            "{} problems:\n{}",
            problems.len(),
            problems.join("\n")
        );
    }

    #[test]
    fn every_scene_makes_a_well_formed_svg() {
        for entry in std::fs::read_dir("scenes").unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let p = picture(path.file_name().unwrap().to_str().unwrap());
            let doc = p.svg().unwrap();
            check_xml(&doc).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        }
    }
}

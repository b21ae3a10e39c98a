//! Pictures of the window: `render` (a PNG made by the real window, or an SVG made with no
//! window at all) and the panel's exports (PNG, SVG, CSV beside the scene file).
//!
//! A PNG is what the window shows: the normal app, run for [`PICTURE_FRAMES`] frames so egui
//! has settled its layout and the cameras are fitted, then the framebuffer is saved. An SVG is
//! the same view as data: the app is laid out without a window (`App::layout` on the room the
//! panel would leave), its cameras fitted the same way, and `App::sheet` hands the marks of
//! each pane (grid, figure, handles, title) with the read-outs and legend to the SVG writer.

use super::{panels, render, App, START_FIT_FRAMES};
use crate::atomic_write::write_atomic;
use crate::export::{self, csv, svg};
use crate::figure::PaneId;
use crate::palette;
use crate::scene::{Demo, Scene};
use egui_macroquad::egui;
use macroquad::prelude::{get_screen_data, next_frame, Conf};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Frames the window runs before its picture is taken: the cameras fit during the first
/// [`START_FIT_FRAMES`], and egui settles the panel's width and its text over the first few.
pub const PICTURE_FRAMES: u32 = START_FIT_FRAMES + 6;
/// Width of the SVG's left column, pixels (about what the side panel takes in the window).
pub const SVG_COLUMN_WIDTH: f32 = panels::PANEL_WIDTH + 12.0;
/// The picture's size when none is given.
pub const DEFAULT_SIZE: (u32, u32) = (1400, 860);

/// What `render` makes: the scene (from `path`), the demo and step to show, the picture's size.
#[derive(Clone, Debug)]
pub struct Picture {
    pub scene: Scene,
    pub path: Option<PathBuf>,
    pub demo: Demo,
    pub step: usize,
    pub size: (u32, u32),
}

impl App {
    /// The app showing `p`'s demo at its step, for a picture.
    fn for_picture(p: &Picture) -> App {
        let mut app = App::new(p.scene.clone(), p.path.clone());
        app.demo = p.demo;
        app.step = p.step;
        app.picture = true;
        app.update_figure();
        app
    }

    /// Where an export of the current view goes by default (`with_step`: the file name says
    /// the step, as pictures do; the table covers every step).
    pub(super) fn export_path(&self, ext: &str, with_step: bool) -> PathBuf {
        export::default_path(
            self.path.as_deref(),
            self.demo,
            with_step.then_some(self.step),
            ext,
        )
    }

    /// The view as the SVG writer gets it: the panes as laid out now, with their cameras, and
    /// the left column of the panel's width.
    pub(crate) fn sheet(&self) -> svg::Sheet {
        let (w, c) = (self.world.rect, self.config.rect);
        let mut lines = Vec::new();
        if let Some(p) = &self.path {
            lines.push(p.display().to_string());
        }
        let steps = self.steps();
        lines.push(if steps > 1 {
            format!(
                "demo {}, step {} of {steps}",
                self.demo.as_str(),
                self.step + 1
            )
        } else {
            format!("demo {}", self.demo.as_str())
        });
        if let Some(d) = &self.scene.description {
            lines.push(d.clone());
        }
        if let Some(cache) = &self.cache {
            if let Err(e) = &cache.figure {
                lines.push(e.clone());
            }
            lines.extend(cache.warnings.iter().map(|w| format!("warning: {w}")));
        }
        let fig = self.figure();
        svg::Sheet {
            width: c.x + c.w,
            height: (w.y + w.h).max(c.y + c.h),
            column_width: w.x,
            title: self.scene.title.clone(),
            lines,
            readouts: fig.map(|f| f.readouts.clone()).unwrap_or_default(),
            legend: fig.map(|f| f.legend.clone()).unwrap_or_default(),
            panes: [PaneId::World, PaneId::Config]
                .into_iter()
                .map(|pane| svg::SheetPane {
                    camera: *self.camera(pane),
                    marks: self.view_marks(pane),
                })
                .collect(),
        }
    }

    /// Writes the view as SVG beside the scene file; the status line says where, the banner
    /// why not.
    pub(super) fn export_svg(&mut self) {
        let path = self.export_path("svg", true);
        match write_atomic(&path, svg::write(&self.sheet()).as_bytes()) {
            Ok(()) => self.status = format!("SVG written to {}", path.display()),
            Err(e) => self.banner = Some(format!("No SVG written: {e}")),
        }
    }

    /// Writes the iteration table as CSV beside the scene file.
    pub(super) fn export_csv(&mut self) {
        let Some(table) = self.figure().and_then(|f| f.table.as_ref()) else {
            self.banner = Some(format!(
                "No CSV written: the {} demo has no iteration table.",
                self.demo.as_str()
            ));
            return;
        };
        let text = csv::table_csv(table);
        let path = self.export_path("csv", false);
        match write_atomic(&path, text.as_bytes()) {
            Ok(()) => self.status = format!("CSV written to {}", path.display()),
            Err(e) => self.banner = Some(format!("No CSV written: {e}")),
        }
    }
}

/// The SVG of `p`, made without a window: the panes laid out right of a column as wide as the
/// panel, the cameras fitted as the window fits them at start.
pub fn picture_svg(p: &Picture) -> String {
    let mut app = App::for_picture(p);
    let (w, h) = (p.size.0 as f32, p.size.1 as f32);
    app.layout(egui::Rect::from_min_max(
        egui::pos2(SVG_COLUMN_WIDTH, 0.0),
        egui::pos2(w, h),
    ));
    // As in the window: the handles' pixel offsets depend on the zoom, so fit a few times.
    for _ in 0..START_FIT_FRAMES {
        app.fit();
    }
    svg::write(&app.sheet())
}

/// Saves the window's framebuffer as a PNG at `path`, atomically.
pub fn save_screen_png(path: &Path) -> Result<(), String> {
    let image = get_screen_data();
    let bytes =
        export::png::encode_bottom_up(image.width as u32, image.height as u32, &image.bytes)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    write_atomic(path, &bytes).map_err(|e| e.to_string())
}

/// On Linux a window needs an X (or Wayland) display: without one, say how to get one rather
/// than fail inside the windowing library.
fn check_display() -> Result<(), String> {
    let set = |v: &str| std::env::var_os(v).is_some_and(|x| !x.is_empty());
    if cfg!(target_os = "linux") && !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
        return Err(
            "a PNG is drawn by the window, and there is no display to open it on \
                    (DISPLAY is not set): run under `xvfb-run -a -s \"-screen 0 1600x1000x24\"`, \
                    or write an .svg, which needs no window"
                .into(),
        );
    }
    Ok(())
}

/// Opens a window of `p.size` on the app showing `p`, saves it as a PNG at `out` once it has
/// settled, and closes. The window is not resizable and ignores the screen's scale factor, so
/// the PNG has exactly the size asked for.
pub fn run_picture(p: Picture, out: PathBuf) -> Result<(), String> {
    check_display()?;
    let conf = Conf {
        window_title: format!("minkowski-lab \u{2014} {}", p.scene.title),
        window_width: p.size.0 as i32,
        window_height: p.size.1 as i32,
        high_dpi: false,
        window_resizable: false,
        sample_count: 4,
        ..Default::default()
    };
    let result: Arc<Mutex<Option<Result<(), String>>>> = Arc::new(Mutex::new(None));
    let done = result.clone();
    let mut app = App::for_picture(&p);
    let size = p.size;
    macroquad::Window::from_config(conf, async move {
        let mut frames = 0;
        loop {
            render::clear(palette::BACKGROUND);
            egui_macroquad::ui(|ctx| app.frame(ctx));
            egui_macroquad::draw();
            frames += 1;
            if frames == PICTURE_FRAMES {
                let got = (
                    macroquad::prelude::screen_width() as u32,
                    macroquad::prelude::screen_height() as u32,
                );
                if got != size {
                    eprintln!(
                        "warning: the window is {}x{}, not the {}x{} asked for",
                        got.0, got.1, size.0, size.1
                    );
                }
                *done.lock().expect("not poisoned") = Some(save_screen_png(&out));
                macroquad::miniquad::window::order_quit();
            }
            next_frame().await;
        }
    });
    let r = result.lock().expect("not poisoned").take();
    r.unwrap_or_else(|| Err("the window closed before the picture was taken".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(file: &str) -> Picture {
        let path = PathBuf::from("scenes").join(file);
        let scene = Scene::load(&path).unwrap();
        Picture {
            demo: scene.demo,
            scene,
            path: Some(path),
            step: 0,
            size: DEFAULT_SIZE,
        }
    }

    #[test]
    fn the_svg_has_both_panes_the_column_and_the_figure() {
        let p = picture("obb_vs_obb.json");
        let doc = picture_svg(&p);
        assert!(doc.starts_with("<?xml") && doc.trim_end().ends_with("</svg>"));
        assert!(doc.contains("id=\"pane0-marks\"") && doc.contains("id=\"pane1-marks\""));
        assert!(doc.contains(">World</text>"));
        assert!(doc.contains("Configuration space: B \u{2212} A"));
        assert!(doc.contains(&crate::export::svg::escape(&p.scene.title)));
        let fig = crate::figure::build(&p.scene, p.demo, 0).unwrap();
        let text = crate::export::svg::tests::text_of(&doc);
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
    fn the_svg_cameras_fit_the_content_inside_the_panes() {
        let p = picture("iterative_cast_circles.json");
        let mut app = App::for_picture(&p);
        app.layout(egui::Rect::from_min_max(
            egui::pos2(SVG_COLUMN_WIDTH, 0.0),
            egui::pos2(1400.0, 860.0),
        ));
        for _ in 0..START_FIT_FRAMES {
            app.fit();
        }
        let sheet = app.sheet();
        assert_eq!((sheet.width, sheet.height), (1400.0, 860.0));
        assert_eq!(sheet.panes.len(), 2);
        for (pane, id) in sheet.panes.iter().zip([PaneId::World, PaneId::Config]) {
            let (lo, hi) = super::super::fit::content_bounds(app.pane_marks(id), &[]).unwrap();
            let r = pane.camera.rect;
            for q in [lo, hi] {
                let s = pane.camera.to_screen(q);
                assert!(s.x >= r.x && s.x <= r.x + r.w, "{id:?}: {s} outside {r:?}");
                assert!(s.y >= r.y && s.y <= r.y + r.h, "{id:?}: {s} outside {r:?}");
            }
        }
        // Both panes side by side right of the column.
        assert_eq!(sheet.panes[0].camera.rect.x, SVG_COLUMN_WIDTH);
        assert_eq!(
            sheet.panes[1].camera.rect.x,
            SVG_COLUMN_WIDTH + sheet.panes[0].camera.rect.w
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
            let doc = picture_svg(&p);
            assert!(!doc.contains("NaN") && !doc.contains("inf\""), "{path:?}");
            assert_eq!(doc.matches("<g").count(), doc.matches("</g>").count());
        }
    }

    #[test]
    fn exports_go_beside_the_scene_and_say_so() {
        let dir = std::env::temp_dir().join(format!("mlab-picture-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let scene_path = dir.join("ic.json");
        std::fs::copy("scenes/iterative_cast_circles.json", &scene_path).unwrap();
        let scene = Scene::load(&scene_path).unwrap();
        let mut app = App::from_file(scene, scene_path);
        app.update_figure();
        app.layout(egui::Rect::from_min_max(
            egui::pos2(300.0, 0.0),
            egui::pos2(1000.0, 600.0),
        ));
        app.fit();
        app.apply(panels::Command::ExportSvg);
        let svg_path = dir.join("ic-iterative_cast-step0.svg");
        assert!(
            app.status.contains(&svg_path.display().to_string()),
            "{}",
            app.status
        );
        assert!(std::fs::read_to_string(&svg_path)
            .unwrap()
            .contains("</svg>"));
        app.apply(panels::Command::ExportCsv);
        let csv_path = dir.join("ic-iterative_cast.csv");
        let text = std::fs::read_to_string(&csv_path).unwrap();
        let table = app.figure().unwrap().table.clone().unwrap();
        assert_eq!(text.lines().count(), table.rows.len() + 1);
        assert!(app.banner.is_none());
        // A demo without a table says so in the banner.
        app.apply(panels::Command::Demo(Demo::Penetration));
        app.update_figure();
        app.apply(panels::Command::ExportCsv);
        assert!(app.banner.as_ref().unwrap().contains("no iteration table"));
        // A folder that is gone: the banner names the path.
        std::fs::remove_dir_all(&dir).unwrap();
        app.banner = None;
        app.apply(panels::Command::ExportSvg);
        assert!(app.banner.as_ref().unwrap().contains("No SVG written"));
    }
}

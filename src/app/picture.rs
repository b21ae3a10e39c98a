//! `render` of a PNG: the real window, opened for a moment on the app showing the picture, run
//! for [`PICTURE_FRAMES`] frames so egui has settled its layout and the cameras are fitted, then
//! its framebuffer saved and the window closed. (An SVG needs no window: `export::picture`.)

use super::{canvas, App};
use crate::atomic_write::write_atomic;
use crate::export::{self, picture::Picture};
use crate::palette;
use crate::view::panes::FIT_PASSES;
use macroquad::prelude::{get_screen_data, next_frame, Conf};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Frames the window runs before its picture is taken: the cameras fit during the first
/// [`FIT_PASSES`], and egui settles the panel's width and its text over the first few.
pub const PICTURE_FRAMES: u32 = FIT_PASSES + 6;

/// The window's framebuffer as PNG bytes.
pub fn screen_png() -> Result<Vec<u8>, String> {
    let image = get_screen_data();
    export::png::encode_bottom_up(image.width as u32, image.height as u32, &image.bytes)
        .map_err(|e| e.to_string())
}

/// Saves the window's framebuffer as a PNG at `path`, atomically.
pub fn save_screen_png(path: &Path) -> Result<(), String> {
    let bytes = screen_png().map_err(|e| format!("{}: {e}", path.display()))?;
    write_atomic(path, &bytes).map_err(|e| e.to_string())
}

/// Opens a window of `p.size` on the app showing `p`, saves it as a PNG at `out` once it has
/// settled, and closes. The window is not resizable and ignores the screen's scale factor, so
/// the PNG has exactly the size asked for.
pub fn run_picture(p: Picture, out: PathBuf) -> Result<(), String> {
    if let Some(problem) = super::platform::display_problem("a PNG is drawn by the window; it") {
        return Err(problem);
    }
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
    let size = p.size;
    let mut app = App::for_picture(p);
    macroquad::Window::from_config(conf, async move {
        let mut frames = 0;
        loop {
            canvas::clear(palette::BACKGROUND);
            egui_macroquad::ui(|ctx| app.frame(ctx));
            app.paint_under_egui();
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
    use crate::scene::{Demo, Scene};

    #[test]
    fn exports_go_beside_the_scene_and_say_so() {
        let dir = std::env::temp_dir().join(format!("mlab-picture-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let scene_path = dir.join("ic.json");
        std::fs::copy("scenes/iterative_cast_circles.json", &scene_path).unwrap();
        let scene = Scene::load(&scene_path).unwrap();
        let mut app = App::from_file(scene, scene_path);
        app.update_figure();
        app.view.panes.layout(crate::view::camera::ScreenRect::new(
            300.0, 0.0, 700.0, 600.0,
        ));
        app.fit();
        app.apply(super::super::Command::ExportSvg);
        let svg_path = dir.join("ic-iterative_cast-step1.svg");
        let status = app.dialogs.status.clone();
        assert!(status.contains(&svg_path.display().to_string()), "{status}");
        assert!(std::fs::read_to_string(&svg_path)
            .unwrap()
            .contains("</svg>"));
        app.apply(super::super::Command::ExportCsv);
        let csv_path = dir.join("ic-iterative_cast.csv");
        let text = std::fs::read_to_string(&csv_path).unwrap();
        let table = app.figure().unwrap().table.clone().unwrap();
        assert_eq!(text.lines().count(), table.rows.len() + 1);
        assert!(app.dialogs.banner.is_none());
        // A demo without a table says so in the banner.
        app.apply(super::super::Command::Demo(Demo::Penetration));
        app.update_figure();
        app.apply(super::super::Command::ExportCsv);
        let banner = app.dialogs.banner.clone().unwrap();
        assert!(banner.contains("no iteration table"), "{banner}");
        // A folder that is gone: the banner names the path.
        std::fs::remove_dir_all(&dir).unwrap();
        app.dialogs.banner = None;
        app.apply(super::super::Command::ExportSvg);
        let banner = app.dialogs.banner.clone().unwrap();
        assert!(banner.contains("No SVG written"), "{banner}");
        assert!(banner.contains(&dir.display().to_string()), "{banner}");
    }
}

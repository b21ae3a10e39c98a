//! The floor a frame of the app is measured against (issue 26): an egui-macroquad program that
//! draws what any such tool draws and nothing more: a side panel of 30 rows of controls and
//! values, a grid, and two filled boxes with outlines, in a window the app's size. It times its
//! frames as the app does with `MINKOWSKI_LAB_MEASURE_FRAMES` (`app::frame_meter`), the boxes
//! turning each frame, and prints the same report.
//!
//! Run, on a display (Xvfb will do): `MINKOWSKI_LAB_MEASURE_FRAMES=150 cargo bench --bench
//! frame_floor`. Without the variable it times 150 frames.

use egui_macroquad::egui;
use macroquad::prelude::*;
use minkowski_lab::app::frame_meter::FrameMeter;
use minkowski_lab::sys::stopwatch;

fn conf() -> Conf {
    Conf {
        window_title: "frame floor".into(),
        // The app's window.
        window_width: 1400,
        window_height: 860,
        high_dpi: true,
        ..Default::default()
    }
}

#[macroquad::main(conf)]
async fn main() {
    let mut meter = FrameMeter::from_env().unwrap_or_else(|| FrameMeter::new(150));
    let mut angle = 0.0f32;
    let mut values = [0.5f32; 10];
    loop {
        let frame = stopwatch();
        clear_background(Color::from_rgba(250, 250, 247, 255));
        let phase = stopwatch();
        egui_macroquad::ui(|ctx| {
            egui::SidePanel::left("panel").show(ctx, |ui| {
                for i in 0..30 {
                    match i % 3 {
                        0 => {
                            ui.label(format!("row {i}: a label with some words in it"));
                        }
                        1 => {
                            ui.add(egui::Slider::new(&mut values[i % 10], 0.0..=1.0));
                        }
                        _ => {
                            ui.horizontal(|ui| {
                                ui.label(format!("value {i}"));
                                ui.monospace(format!("{:.4}", angle * i as f32));
                            });
                        }
                    }
                }
            });
        });
        // The grid and the boxes, in the rest of the window.
        let (w, h) = (screen_width(), screen_height());
        let left = 300.0;
        let grid = Color::from_rgba(220, 220, 215, 255);
        let mut x = left;
        while x < w {
            draw_line(x, 0.0, x, h, 1.0, grid);
            x += 40.0;
        }
        let mut y = 0.0;
        while y < h {
            draw_line(left, y, w, y, 1.0, grid);
            y += 40.0;
        }
        for (i, (cx, colour)) in [(left + 300.0, RED), (left + 650.0, GREEN)]
            .into_iter()
            .enumerate()
        {
            let turn = angle + i as f32;
            let corners: Vec<Vec2> = [
                (-120.0, -60.0),
                (120.0, -60.0),
                (120.0, 60.0),
                (-120.0, 60.0),
            ]
            .iter()
            .map(|&(x, y)| vec2(cx, h / 2.0) + Vec2::from_angle(turn).rotate(vec2(x, y)))
            .collect();
            let fill = Color { a: 0.25, ..colour };
            draw_triangle(corners[0], corners[1], corners[2], fill);
            draw_triangle(corners[0], corners[2], corners[3], fill);
            for k in 0..4 {
                let (p, q) = (corners[k], corners[(k + 1) % 4]);
                draw_line(p.x, p.y, q.x, q.y, 2.0, colour);
            }
        }
        let app_ms = phase.millis();
        let phase = stopwatch();
        egui_macroquad::draw();
        let draw_ms = phase.millis();
        let phase = stopwatch();
        next_frame().await;
        let present_ms = phase.millis();
        angle += 0.5f32.to_radians();
        if meter.record([app_ms, draw_ms, present_ms, frame.millis()]) {
            print!("{}", meter.report());
            return;
        }
    }
}

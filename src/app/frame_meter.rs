//! Where a frame's time goes (issue 26): with `MINKOWSKI_LAB_MEASURE_FRAMES=N` set, the window
//! draws frames back to back, body B turning by half a degree each frame as it would while a
//! person turns it (so the figure is rebuilt every frame), and after a few frames to settle it
//! times `N` of them. Then it prints the median and the 90th percentile of each phase and
//! closes without asking:
//!
//! * **app**: `egui_macroquad::ui`: the app's logic, the figure rebuilt, egui's panels laid out
//!   and the figure painted into egui's shapes;
//! * **tessellate + submit**: `egui_macroquad::draw`: egui's shapes made into triangles and
//!   handed to the GPU;
//! * **present**: `next_frame`: the frame finished and shown (with software GL, Mesa's
//!   llvmpipe, the triangles are drawn here);
//! * **frame**: all of it, one frame to the next.
//!
//! `benches/frame_floor.rs` prints the same for a program that draws only egui's side panel, a
//! grid and two boxes: the floor a frame of this app is measured against (BENCHMARKS.md).

/// The variable that asks for a measurement, and how many frames.
pub const VARIABLE: &str = "MINKOWSKI_LAB_MEASURE_FRAMES";

/// Frames drawn before the timing starts: the first ones fit the cameras and lay out egui.
const SETTLE: u32 = 20;

/// The phases of a frame, in milliseconds.
pub const PHASES: [&str; 4] = ["app", "tessellate + submit", "present", "frame"];

/// Frames timed so far, and how many are wanted.
#[derive(Debug)]
pub struct FrameMeter {
    wanted: u32,
    seen: u32,
    times: Vec<[f32; 4]>,
}

impl FrameMeter {
    /// A meter when the variable asks for one (a positive number of frames).
    pub fn from_env() -> Option<FrameMeter> {
        let wanted = std::env::var(VARIABLE).ok()?.trim().parse::<u32>().ok()?;
        (wanted > 0).then(|| FrameMeter::new(wanted))
    }

    pub fn new(wanted: u32) -> FrameMeter {
        FrameMeter {
            wanted,
            seen: 0,
            times: Vec::new(),
        }
    }

    /// One frame's phases (ms); `true` once enough frames are timed.
    pub fn record(&mut self, phases: [f32; 4]) -> bool {
        self.seen += 1;
        if self.seen > SETTLE {
            self.times.push(phases);
        }
        self.times.len() as u32 >= self.wanted
    }

    /// One line per phase: its median and 90th percentile over the frames timed.
    pub fn report(&self) -> String {
        let mut out = format!("{} frames\n", self.times.len());
        for (i, name) in PHASES.iter().enumerate() {
            let mut v: Vec<f32> = self.times.iter().map(|t| t[i]).collect();
            v.sort_by(f32::total_cmp);
            let at = |q: f32| {
                v.get(((v.len() as f32 - 1.0) * q).round() as usize)
                    .copied()
            };
            let (median, p90) = (at(0.5).unwrap_or(0.0), at(0.9).unwrap_or(0.0));
            out += &format!("{name}: median {median:.2} ms, p90 {p90:.2} ms\n");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_settling_frames_are_not_timed_and_the_median_is_the_middle_one() {
        let mut m = FrameMeter::new(3);
        for i in 0..SETTLE {
            assert!(!m.record([100.0 + i as f32; 4]));
        }
        assert!(!m.record([1.0, 2.0, 3.0, 6.0]));
        assert!(!m.record([5.0, 2.0, 3.0, 10.0]));
        assert!(m.record([3.0, 2.0, 3.0, 8.0]));
        let r = m.report();
        assert!(r.starts_with("3 frames\n"), "{r}");
        assert!(r.contains("app: median 3.00 ms"), "{r}");
        assert!(r.contains("frame: median 8.00 ms, p90 10.00 ms"), "{r}");
    }
}

//! The standard-library calls that panic in a browser page (`wasm32-unknown-unknown`: the
//! process id, the temporary folder, the monotonic clock; a panic ends the page), in one place
//! with what a page uses instead. Every other module asks here. (What the app needs from the
//! machine, files and links and recovery, is `app::host`.)

/// A tag for this run of the program, for names of files it writes beside others' (the process
/// id; 0 in a browser, which has one page per tab and no processes to tell apart).
pub fn run_tag() -> u32 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::process::id()
    }
    #[cfg(target_arch = "wasm32")]
    {
        0
    }
}

/// A folder for the program's own files when no better one is known: the system's temporary
/// folder; in a browser a fixed path (files there fail with an error, never a panic).
pub fn scratch_dir() -> std::path::PathBuf {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::temp_dir()
    }
    #[cfg(target_arch = "wasm32")]
    {
        std::path::PathBuf::from("/tmp")
    }
}

/// A clock for measuring how long something took: `stopwatch()` now, then
/// [`Stopwatch::millis`]. In a browser it reads macroquad's clock.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    #[cfg(not(target_arch = "wasm32"))]
    start: std::time::Instant,
    #[cfg(target_arch = "wasm32")]
    start: f64,
}

pub fn stopwatch() -> Stopwatch {
    Stopwatch {
        #[cfg(not(target_arch = "wasm32"))]
        start: std::time::Instant::now(),
        #[cfg(target_arch = "wasm32")]
        start: macroquad::time::get_time(),
    }
}

impl Stopwatch {
    /// Milliseconds since the stopwatch started.
    pub fn millis(&self) -> f32 {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.start.elapsed().as_secs_f32() * 1000.0
        }
        #[cfg(target_arch = "wasm32")]
        {
            ((macroquad::time::get_time() - self.start) * 1000.0) as f32
        }
    }
}

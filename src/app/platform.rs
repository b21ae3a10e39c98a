//! What the window needs from the machine it runs on, checked before a window is opened.

use std::path::Path;

/// The X server's screen the README and the messages suggest: larger than the window.
pub const XVFB_SCREEN: &str = "-screen 0 1600x1000x24";

/// Why no window can be opened here, in one line that says how to get one, or `None`.
///
/// On Linux a window needs an X (or Wayland) display: `DISPLAY` or `WAYLAND_DISPLAY` set, and
/// for a local X display (`:N`) its socket present. Without this check the windowing library
/// stops the program with a backtrace.
pub fn display_problem(what: &str) -> Option<String> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let var = |v: &str| std::env::var(v).ok().filter(|x| !x.is_empty());
    if var("WAYLAND_DISPLAY").is_some() {
        return None;
    }
    let why = match var("DISPLAY") {
        None => "DISPLAY is not set".to_string(),
        Some(d) => {
            let local = d.strip_prefix(':').and_then(|n| n.split('.').next());
            match local {
                Some(n) if !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() => {
                    format!("no X server answers on DISPLAY={d}")
                }
                _ => return None,
            }
        }
    };
    Some(format!(
        "{what} needs a display, and there is none ({why}): run it under a virtual one with \
         `xvfb-run -a -s \"{XVFB_SCREEN}\" ...` (Debian: apt-get install xvfb libgl1-mesa-dri), \
         or draw an SVG with no window: `minkowski-lab render SCENE -o out.svg`"
    ))
}

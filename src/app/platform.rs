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

use std::time::Duration;

/// Whether the window sleeps at rest (miniquad's blocking event loop). Only where the waker
/// below covers what that loop does not wake for: on Linux's X11. Elsewhere the window draws
/// every frame, as it always did.
pub const SLEEPS_AT_REST: bool = cfg!(target_os = "linux");

/// Points the panels scroll per mouse-wheel notch that egui is not told about. miniquad's X11
/// backend reports a notch as 1.0 and egui-macroquad divides every wheel delta by 90 (for
/// backends that report 120 a notch), so on Linux the side panel and the demo list would move
/// half a point a notch; [`scroll_makeup`] adds the rest. Elsewhere egui scrolls as it is.
const WHEEL_POINTS_PER_NOTCH: f32 = if cfg!(all(target_os = "linux", not(target_arch = "wasm32"))) {
    50.0
} else {
    0.0
};

/// The scroll to add to egui's input this frame for the wheel `notches` (see
/// [`WHEEL_POINTS_PER_NOTCH`]).
pub fn scroll_makeup(notches: (f32, f32)) -> (f32, f32) {
    let (x, y) = notches;
    if x.is_finite() && y.is_finite() {
        (x * WHEEL_POINTS_PER_NOTCH, y * WHEEL_POINTS_PER_NOTCH)
    } else {
        (0.0, 0.0)
    }
}

/// How often the waker lets the window look round while nothing else wakes it: a close request
/// or a dropped file (which the blocking event loop does not wake for) and a file changed on
/// disk are seen within this long.
pub const IDLE_WAKE: Duration = Duration::from_millis(1000);
/// How often it does so while a person is at work ([`ACTIVE_FOR`] since the last input).
pub const ACTIVE_WAKE: Duration = Duration::from_millis(100);
pub const ACTIVE_FOR: Duration = Duration::from_millis(1500);

/// Starts a thread that wakes the window titled `title`: every [`ACTIVE_WAKE`] for a while
/// after input ([`note_activity`]), else every [`IDLE_WAKE`].
///
/// The window sleeps until an event comes (`blocking_event_loop`), so at rest it costs nothing.
/// But miniquad's X11 loop does not wake for a close request or a dropped file; and when events
/// come in while a frame is drawn, it takes them together with the next one, waiting for it
/// (a key pressed during a frame waits for the next key). Its `schedule_update` cannot safely be
/// called from another thread (its loop `try_lock`s the same mutex and unwraps). So the thread,
/// on an X connection of its own, sends the window a pointer-motion event at the pointer's own
/// place: the loop wakes, macroquad schedules a frame for it, and the frame sees whatever is
/// waiting. Without an X display (or libX11) nothing is started.
#[cfg(target_os = "linux")]
pub fn start_waker(title: String) {
    std::thread::spawn(move || unsafe { x11::wake(&title) });
}

/// Elsewhere there is no waker.
#[cfg(not(target_os = "linux"))]
pub fn start_waker(_title: String) {}

/// Milliseconds from the waker's start to the last frame that had input (0: none yet).
#[cfg(target_os = "linux")]
static LAST_ACTIVE_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
#[cfg(target_os = "linux")]
static CLOCK: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

#[cfg(target_os = "linux")]
fn now_ms() -> u64 {
    CLOCK
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_millis() as u64
}

/// Tells the waker that a person is at work (a frame had input): it wakes the window often for
/// a while, so input that comes during a frame is not left waiting.
#[cfg(target_os = "linux")]
pub fn note_activity() {
    LAST_ACTIVE_MS.store(now_ms().max(1), std::sync::atomic::Ordering::Relaxed);
}

#[cfg(not(target_os = "linux"))]
pub fn note_activity() {}

#[cfg(target_os = "linux")]
mod x11 {
    use std::os::raw::c_int;
    use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};
    use x11_dl::xlib::{self, Display, XErrorEvent, Xlib};

    /// The waker's own connection, whose errors (a window closed under it) are not fatal.
    static OURS: AtomicPtr<Display> = AtomicPtr::new(std::ptr::null_mut());
    /// An error came on the waker's connection since the flag was last cleared.
    static FAILED: AtomicBool = AtomicBool::new(false);
    type Handler = unsafe extern "C" fn(*mut Display, *mut XErrorEvent) -> c_int;
    /// The error handler before ours, for every other connection (miniquad's).
    static PREVIOUS: std::sync::OnceLock<Option<Handler>> = std::sync::OnceLock::new();

    /// Xlib's error handler is one for the process. Errors on the waker's connection set
    /// [`FAILED`]; any other connection's go to the handler there was before (by default,
    /// Xlib's, which ends the program as it always did).
    unsafe extern "C" fn on_error(display: *mut Display, event: *mut XErrorEvent) -> c_int {
        if display == OURS.load(Ordering::Relaxed) {
            FAILED.store(true, Ordering::Relaxed);
            return 0;
        }
        match PREVIOUS.get() {
            Some(Some(previous)) => previous(display, event),
            _ => 0,
        }
    }

    pub unsafe fn wake(title: &str) {
        let Ok(x) = Xlib::open() else {
            return;
        };
        let display = (x.XOpenDisplay)(std::ptr::null());
        if display.is_null() {
            return;
        }
        OURS.store(display, Ordering::Relaxed);
        let mut window = 0;
        let mut handler_set = false;
        let mut last_nudge = 0;
        loop {
            std::thread::sleep(super::ACTIVE_WAKE / 2);
            let now = super::now_ms();
            let active = super::LAST_ACTIVE_MS.load(Ordering::Relaxed);
            let busy = active > 0 && now - active.min(now) < super::ACTIVE_FOR.as_millis() as u64;
            let period = if busy {
                super::ACTIVE_WAKE
            } else {
                super::IDLE_WAKE
            };
            if now - last_nudge < period.as_millis() as u64 {
                continue;
            }
            last_nudge = now;
            if window == 0 {
                window = find_window(&x, display, title);
                if window == 0 {
                    continue;
                }
            }
            // Set once the window exists: miniquad sets and clears a handler of its own while
            // it creates the window.
            if !handler_set {
                let previous = (x.XSetErrorHandler)(Some(on_error));
                let _ = PREVIOUS.set(previous);
                handler_set = true;
            }
            FAILED.store(false, Ordering::Relaxed);
            nudge(&x, display, window);
            (x.XSync)(display, xlib::False);
            if FAILED.load(Ordering::Relaxed) {
                window = 0; // gone: look for it again
            }
        }
    }

    /// The top-level window whose `_NET_WM_NAME` (UTF-8, as miniquad sets it) is `title`, or 0.
    unsafe fn find_window(x: &Xlib, display: *mut Display, title: &str) -> xlib::Window {
        let name = (x.XInternAtom)(display, c"_NET_WM_NAME".as_ptr(), xlib::False);
        let utf8 = (x.XInternAtom)(display, c"UTF8_STRING".as_ptr(), xlib::False);
        let root = (x.XDefaultRootWindow)(display);
        let (mut root_out, mut parent) = (0, 0);
        let mut children: *mut xlib::Window = std::ptr::null_mut();
        let mut n = 0;
        let listed = (x.XQueryTree)(
            display,
            root,
            &mut root_out,
            &mut parent,
            &mut children,
            &mut n,
        );
        if listed == 0 || children.is_null() {
            return 0;
        }
        let mut found = 0;
        for &w in std::slice::from_raw_parts(children, n as usize) {
            let (mut kind, mut format, mut items, mut after) = (0, 0, 0, 0);
            let mut data: *mut u8 = std::ptr::null_mut();
            let read = (x.XGetWindowProperty)(
                display,
                w,
                name,
                0,
                4096,
                xlib::False,
                utf8,
                &mut kind,
                &mut format,
                &mut items,
                &mut after,
                &mut data,
            );
            if read == xlib::Success as c_int && !data.is_null() {
                let bytes = std::slice::from_raw_parts(data, items as usize);
                let same = format == 8 && bytes == title.as_bytes();
                (x.XFree)(data.cast());
                if same {
                    found = w;
                    break;
                }
            }
        }
        (x.XFree)(children.cast());
        found
    }

    /// Sends `window` a pointer-motion event where the pointer is.
    unsafe fn nudge(x: &Xlib, display: *mut Display, window: xlib::Window) {
        let (mut root, mut child) = (0, 0);
        let (mut rx, mut ry, mut wx, mut wy) = (0, 0, 0, 0);
        let mut mask = 0;
        (x.XQueryPointer)(
            display, window, &mut root, &mut child, &mut rx, &mut ry, &mut wx, &mut wy, &mut mask,
        );
        let mut event: xlib::XEvent = std::mem::zeroed();
        event.motion = xlib::XMotionEvent {
            type_: xlib::MotionNotify,
            serial: 0,
            send_event: xlib::True,
            display,
            window,
            root,
            subwindow: 0,
            time: xlib::CurrentTime,
            x: wx,
            y: wy,
            x_root: rx,
            y_root: ry,
            state: mask,
            is_hint: 0,
            same_screen: xlib::True,
        };
        (x.XSendEvent)(
            display,
            window,
            xlib::False,
            xlib::PointerMotionMask,
            &mut event,
        );
    }
}

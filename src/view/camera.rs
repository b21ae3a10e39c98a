//! One pane's camera: which part of the world the pane shows, and at what zoom.
//!
//! The only place where world units meet pixels. World coordinates are y-up (design section
//! 2); screen coordinates are logical pixels, y-down, origin at the window's top-left. A camera
//! maps the world point `centre` to the middle of its pane's rectangle and scales by `scale`
//! pixels per world unit, flipping y.

use crate::geometry::DVec2;
use glam::Vec2;

/// Closest zoom-out: a thousandth of a pixel per world unit (a scene of a million units fits).
pub const MIN_SCALE: f64 = 1e-3;
/// Closest zoom-in: a million pixels per world unit, far below anything worth seeing but well
/// above where f32 screen coordinates lose precision for sensible scenes.
pub const MAX_SCALE: f64 = 1e6;
/// Room left around the content when fitting, in pixels (the pane title sits in the top part).
pub const FIT_MARGIN: f32 = 40.0;
/// Pixels per world unit when there is nothing to fit.
pub const DEFAULT_SCALE: f64 = 100.0;

/// A rectangle on screen in logical pixels (y-down).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ScreenRect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl ScreenRect {
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> ScreenRect {
        ScreenRect { x, y, w, h }
    }

    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.x < self.x + self.w && p.y >= self.y && p.y < self.y + self.h
    }

    pub fn centre(&self) -> Vec2 {
        Vec2::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    pub fn min(&self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }

    pub fn max(&self) -> Vec2 {
        Vec2::new(self.x + self.w, self.y + self.h)
    }
}

/// World ↔ screen for one pane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The pane's rectangle on screen (updated every frame by the app).
    pub rect: ScreenRect,
    /// The world point shown in the middle of `rect`.
    pub centre: DVec2,
    /// Pixels per world unit, in `MIN_SCALE..=MAX_SCALE`.
    pub scale: f64,
    /// How large the marks sized in pixels are drawn (stroke widths, dots, arrow heads, label
    /// offsets and text, the handles): 1 normally, more in presentation mode, so that all of
    /// them grow together.
    pub size: f32,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            rect: ScreenRect::new(0.0, 0.0, 1.0, 1.0),
            centre: DVec2::ZERO,
            scale: DEFAULT_SCALE,
            size: 1.0,
        }
    }
}

impl Camera {
    /// The screen point (logical pixels, y-down) of world point `p` (y-up).
    pub fn to_screen(&self, p: DVec2) -> Vec2 {
        let d = (p - self.centre) * self.scale;
        self.rect.centre() + Vec2::new(d.x as f32, -d.y as f32)
    }

    /// The world point under screen point `s`; the inverse of [`Camera::to_screen`].
    pub fn to_world(&self, s: Vec2) -> DVec2 {
        let d = s - self.rect.centre();
        self.centre + DVec2::new(d.x as f64, -d.y as f64) / self.scale
    }

    /// A length in pixels, at the camera's mark [`Camera::size`], as world units.
    pub fn px(&self, pixels: f32) -> f64 {
        (pixels * self.size) as f64 / self.scale
    }

    /// Zooms by `factor` (> 1 zooms in) keeping the world point under `s` where it is.
    pub fn zoom_at(&mut self, s: Vec2, factor: f64) {
        let before = self.to_world(s);
        self.scale = (self.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
        let after = self.to_world(s);
        self.centre += before - after;
    }

    /// Moves the view with the mouse: the content follows a drag of `delta` pixels.
    pub fn pan(&mut self, delta: Vec2) {
        self.centre -= DVec2::new(delta.x as f64, -delta.y as f64) / self.scale;
    }

    /// The world rectangle `(min, max)` the pane shows.
    pub fn visible(&self) -> (DVec2, DVec2) {
        let a = self.to_world(self.rect.min());
        let b = self.to_world(self.rect.max());
        (a.min(b), a.max(b))
    }

    /// Shows the world box `lo..hi` as large as fits with [`FIT_MARGIN`] pixels around it, grown
    /// as the marks are (`size`: on a screen of two pixels a point the margin is as wide as on
    /// one, and in presentation mode it keeps the larger labels clear of the edges). A box of
    /// zero size keeps the current scale and centres on it.
    pub fn fit(&mut self, lo: DVec2, hi: DVec2) {
        if !(lo.is_finite() && hi.is_finite()) || lo.x > hi.x || lo.y > hi.y {
            return;
        }
        let size = hi - lo;
        let margin = FIT_MARGIN * self.size;
        let room_w = (self.rect.w - 2.0 * margin).max(10.0) as f64;
        let room_h = (self.rect.h - 2.0 * margin).max(10.0) as f64;
        let sx = if size.x > 0.0 {
            room_w / size.x
        } else {
            f64::INFINITY
        };
        let sy = if size.y > 0.0 {
            room_h / size.y
        } else {
            f64::INFINITY
        };
        let s = sx.min(sy);
        if s.is_finite() {
            self.scale = s.clamp(MIN_SCALE, MAX_SCALE);
        }
        self.centre = (lo + hi) / 2.0;
    }
}

/// The smallest box holding every point, or `None` for no points.
pub fn bounds(points: impl IntoIterator<Item = DVec2>) -> Option<(DVec2, DVec2)> {
    points
        .into_iter()
        .filter(|p| p.is_finite())
        .fold(None, |acc, p| match acc {
            None => Some((p, p)),
            Some((lo, hi)) => Some((lo.min(p), hi.max(p))),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cam() -> Camera {
        Camera {
            rect: ScreenRect::new(100.0, 50.0, 400.0, 300.0),
            centre: DVec2::new(1.0, 2.0),
            scale: 50.0,
            size: 1.0,
        }
    }

    #[test]
    fn centre_maps_to_middle_and_y_flips() {
        let c = cam();
        assert_eq!(c.to_screen(DVec2::new(1.0, 2.0)), Vec2::new(300.0, 200.0));
        // One unit up in the world is 50 pixels up on screen.
        assert_eq!(c.to_screen(DVec2::new(1.0, 3.0)), Vec2::new(300.0, 150.0));
        assert_eq!(c.to_screen(DVec2::new(2.0, 2.0)), Vec2::new(350.0, 200.0));
    }

    #[test]
    fn to_world_inverts_to_screen() {
        let c = cam();
        for p in [DVec2::new(-3.5, 0.25), DVec2::new(7.0, -1.0), DVec2::ZERO] {
            let back = c.to_world(c.to_screen(p));
            assert!((back - p).length() < 1e-4, "{p} came back as {back}");
        }
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let mut c = cam();
        let s = Vec2::new(420.0, 90.0);
        let before = c.to_world(s);
        c.zoom_at(s, 1.7);
        let after = c.to_world(s);
        assert!(
            (before - after).length() < 1e-9,
            "{before} moved to {after}"
        );
        assert!((c.scale - 85.0).abs() < 1e-9, "scale {}", c.scale);
    }

    #[test]
    fn zoom_is_clamped() {
        let mut c = cam();
        c.zoom_at(Vec2::ZERO, 1e30);
        assert_eq!(c.scale, MAX_SCALE);
        c.zoom_at(Vec2::ZERO, 1e-60);
        assert_eq!(c.scale, MIN_SCALE);
    }

    #[test]
    fn pan_moves_content_with_the_mouse() {
        let mut c = cam();
        let p = DVec2::new(0.0, 0.0);
        let s0 = c.to_screen(p);
        c.pan(Vec2::new(30.0, -20.0));
        let s1 = c.to_screen(p);
        assert!(
            (s1 - s0 - Vec2::new(30.0, -20.0)).length() < 1e-3,
            "{s0} -> {s1}"
        );
    }

    #[test]
    fn fit_shows_the_whole_box_inside_the_margin() {
        let mut c = cam();
        let (lo, hi) = (DVec2::new(-2.0, -1.0), DVec2::new(6.0, 1.0));
        c.fit(lo, hi);
        for p in [lo, hi] {
            let s = c.to_screen(p);
            assert!(s.x >= 100.0 + FIT_MARGIN - 1e-3 && s.x <= 500.0 - FIT_MARGIN + 1e-3);
            assert!(s.y >= 50.0 + FIT_MARGIN - 1e-3 && s.y <= 350.0 - FIT_MARGIN + 1e-3);
        }
        // Width is the binding side: 8 units over 320 px.
        assert!((c.scale - 40.0).abs() < 1e-9, "scale {}", c.scale);
        // Marks twice as large (a screen of two pixels a point): the margin too.
        c.size = 2.0;
        c.fit(lo, hi);
        assert!((c.scale - 30.0).abs() < 1e-9, "scale {}", c.scale);
    }

    #[test]
    fn fit_of_a_point_keeps_the_scale() {
        let mut c = cam();
        c.fit(DVec2::new(3.0, 3.0), DVec2::new(3.0, 3.0));
        assert_eq!(c.scale, 50.0);
        assert_eq!(c.centre, DVec2::new(3.0, 3.0));
    }

    #[test]
    fn bounds_of_points() {
        assert_eq!(bounds(Vec::<DVec2>::new()), None);
        let b = bounds([DVec2::new(1.0, -2.0), DVec2::new(-1.0, 3.0)]);
        assert_eq!(b, Some((DVec2::new(-1.0, -2.0), DVec2::new(1.0, 3.0))));
    }
}

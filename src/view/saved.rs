//! The window's own state kept in a scene file's `view` object (design §4 allows any object
//! there): each pane's camera, the split, the demo and step shown, and which way configuration
//! space is shown (`"b-a"` or `"a-b"`), and the moment of the motion shown in place of the step
//! (`"time"`, when one is), and the pinned feature of the linked panes (`"pinned"`, see
//! [`crate::view::link::Feature::to_json`]). Saving writes it;
//! opening a file that has it shows the scene as it was saved, instead of fitting anew.
//!
//! ```json
//! "view": { "demo": "angular_cast", "step": 3, "split": 0.5, "convention": "a-b",
//!           "world":  { "centre": [0.1, 0.0], "scale": 96.5, "rect": [330, 0, 535, 860] },
//!           "config": { "centre": [1.0, 0.0], "scale": 80.0, "rect": [865, 0, 535, 860] } }
//! ```
//!
//! `scale` is the pane's logical pixels (a screen's pixels over its scale: one on most screens,
//! two on a Retina display or in a browser at 200 %) per world unit, so a view saved on one
//! screen opens at the same size on another. `rect` is the pane on screen in logical pixels
//! (x, y, width, height) when saved: not read back (the window lays its panes out anew), it
//! lets a tool map world points to the pixels of that window. Anything unreadable in `view` is
//! ignored, never an error.

use super::camera::{Camera, MAX_SCALE, MIN_SCALE};
use super::convention::Convention;
use super::link::Feature;
use super::panes::Panes;
use crate::geometry::DVec2;
use crate::scene::Demo;
use serde_json::{json, Value};

/// What the window shows, as saved.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub demo: Option<Demo>,
    pub step: Option<usize>,
    pub split: Option<f32>,
    /// Which way configuration space is shown: `"b-a"` or `"a-b"`.
    pub convention: Option<Convention>,
    /// The moment of the motion shown in place of the step, in `[0, 1]`.
    pub time: Option<f64>,
    /// The feature whose linked highlight is pinned.
    pub pinned: Option<Feature>,
    /// Each pane's camera centre and scale.
    pub world: Option<(DVec2, f64)>,
    pub config: Option<(DVec2, f64)>,
}

/// A camera as saved: its scale and rectangle in logical pixels, the screen's over `screen`.
fn camera_json(c: &Camera, screen: f32) -> Value {
    let r = c.rect;
    json!({
        "centre": [c.centre.x, c.centre.y],
        "scale": c.scale / f64::from(screen),
        "rect": [r.x / screen, r.y / screen, r.w / screen, r.h / screen],
    })
}

/// What the window shows, to save beside the panes: the demo and step, the convention, the
/// moment of the motion shown in place of the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Showing {
    pub demo: Demo,
    pub step: usize,
    pub convention: Convention,
    pub time: Option<f64>,
    pub pinned: Option<Feature>,
}

/// The `view` object for the window's state: what it is `showing` in `panes`, laid out in the
/// pixels of a screen of `screen` pixels to a logical one.
pub fn to_json(showing: Showing, panes: &Panes, screen: f32) -> Value {
    let mut v = json!({
        "demo": showing.demo.as_str(),
        "step": showing.step,
        "split": panes.split,
        "convention": showing.convention.as_str(),
        "world": camera_json(&panes.world, screen),
        "config": camera_json(&panes.config, screen),
    });
    if let Some(t) = showing.time {
        v["time"] = json!(t);
    }
    if let Some(f) = showing.pinned {
        v["pinned"] = f.to_json();
    }
    v
}

fn camera_of(v: &Value) -> Option<(DVec2, f64)> {
    let c = v.get("centre")?.as_array()?;
    let centre = DVec2::new(c.first()?.as_f64()?, c.get(1)?.as_f64()?);
    let scale = v.get("scale")?.as_f64()?;
    (centre.is_finite() && (MIN_SCALE..=MAX_SCALE).contains(&scale)).then_some((centre, scale))
}

/// What can be read of a `view` object; every part is optional.
pub fn from_json(v: &Value) -> View {
    View {
        demo: v
            .get("demo")
            .and_then(Value::as_str)
            .and_then(Demo::from_name),
        step: v
            .get("step")
            .and_then(Value::as_u64)
            .and_then(|s| usize::try_from(s).ok()),
        split: v
            .get("split")
            .and_then(Value::as_f64)
            .filter(|s| s.is_finite())
            .map(|s| s as f32),
        convention: v
            .get("convention")
            .and_then(Value::as_str)
            .and_then(Convention::from_name),
        time: v
            .get("time")
            .and_then(Value::as_f64)
            .filter(|t| (0.0..=1.0).contains(t)),
        pinned: v.get("pinned").and_then(Feature::from_json),
        world: v.get("world").and_then(camera_of),
        config: v.get("config").and_then(camera_of),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::camera::ScreenRect;

    #[test]
    fn a_view_reads_back_what_was_written_and_ignores_nonsense() {
        let cam = |x: f64, s: f64| Camera {
            rect: ScreenRect::new(330.0, 0.0, 500.0, 860.0),
            centre: DVec2::new(x, -1.0),
            scale: s,
            size: 1.0,
        };
        let panes = Panes {
            world: cam(0.5, 90.0),
            config: cam(2.0, 40.0),
            split: 0.4,
        };
        let showing = Showing {
            demo: Demo::AngularCast,
            step: 3,
            convention: Convention::AMinusB,
            time: Some(0.25),
            pinned: Some(Feature::Vertex(crate::geometry::Source::B, 2)),
        };
        let v = to_json(showing, &panes, 1.0);
        assert_eq!(v["world"]["rect"], json!([330.0, 0.0, 500.0, 860.0]));
        assert_eq!(
            from_json(&v),
            View {
                demo: Some(Demo::AngularCast),
                step: Some(3),
                split: Some(0.4),
                convention: Some(Convention::AMinusB),
                time: Some(0.25),
                pinned: Some(Feature::Vertex(crate::geometry::Source::B, 2)),
                world: Some((DVec2::new(0.5, -1.0), 90.0)),
                config: Some((DVec2::new(2.0, -1.0), 40.0)),
            }
        );
        let junk = json!({"demo": "nope", "step": -1, "world": {"centre": [1], "scale": 5},
                          "config": {"centre": [0, 0], "scale": 1e300}, "convention": "b+a",
                          "time": 1.5});
        let read = from_json(&junk);
        assert_eq!(
            (
                read.demo,
                read.step,
                read.world,
                read.config,
                read.convention
            ),
            (None, None, None, None, None)
        );
        assert_eq!((read.time, read.pinned), (None, None));
        assert_eq!(from_json(&json!("not an object")).split, None);
        // On a screen of two pixels a point, the same panes are saved in logical pixels.
        let v = to_json(showing, &panes, 2.0);
        assert_eq!(v["world"]["rect"], json!([165.0, 0.0, 250.0, 430.0]));
        assert_eq!(from_json(&v).world, Some((DVec2::new(0.5, -1.0), 45.0)));
        assert_eq!(from_json(&v).config, Some((DVec2::new(2.0, -1.0), 20.0)));
    }
}

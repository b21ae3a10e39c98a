//! Which demo is shown, at which step of its trace, and playing through the steps; or, in
//! place of a step, a moment of the scene's motion (the time scrubber), and playing through
//! the motion.

use crate::scene::Demo;

/// Playback speeds a person can pick, steps per second.
pub const MIN_SPEED: f32 = 0.25;
pub const MAX_SPEED: f32 = 30.0;
/// The speed at start, steps per second.
pub const DEFAULT_SPEED: f32 = 2.0;
/// How long playing the whole motion (`t` from 0 to 1) takes, seconds.
pub const MOTION_SECONDS: f64 = 4.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Playback {
    pub demo: Demo,
    /// The step shown, from 0 (the figure clamps it to its trace).
    pub step: usize,
    pub playing: bool,
    /// Steps per second while playing.
    pub speed: f32,
    /// Steps owed since the last one shown, while playing.
    clock: f32,
    /// The moment of the motion shown in place of the step, if any.
    pub time: Option<f64>,
    /// Whether the motion plays (the time moves on).
    pub time_playing: bool,
}

impl Playback {
    /// `demo` at its first step, paused.
    pub fn new(demo: Demo) -> Playback {
        Playback {
            demo,
            step: 0,
            playing: false,
            speed: DEFAULT_SPEED,
            clock: 0.0,
            time: None,
            time_playing: false,
        }
    }

    /// Shows `demo` from its first step, paused, at the same speed.
    pub fn restart(&mut self, demo: Demo) {
        *self = Playback {
            speed: self.speed,
            ..Playback::new(demo)
        };
    }

    /// Shows `demo` from its first step (nothing changes when it is shown already).
    pub fn show_demo(&mut self, demo: Demo) {
        if demo != self.demo {
            self.restart(demo);
        }
    }

    /// Shows step `step` of a trace of `steps`, paused (and the demo, not a moment).
    pub fn show_step(&mut self, step: usize, steps: usize) {
        self.step = step.min(steps.saturating_sub(1));
        self.playing = false;
        self.show_time(None);
    }

    /// Shows the moment `t` of the motion (clamped to `[0, 1]`) in place of the step, or the
    /// demo again (`None`); the motion pauses.
    pub fn show_time(&mut self, t: Option<f64>) {
        self.time = t.map(crate::figure::moment::clamp_time);
        self.time_playing = false;
    }

    /// Plays or pauses the motion; playing from its end (or from the demo) starts at `t = 0`.
    pub fn toggle_time(&mut self) {
        let playing = !self.time_playing;
        if playing && self.time.is_none_or(|t| t >= 1.0) {
            self.time = Some(0.0);
        }
        self.playing = false;
        self.time_playing = playing;
    }

    /// Moves the motion on by `dt` seconds of play, stopping at its end.
    pub fn advance_time(&mut self, dt: f32) {
        if let (true, Some(t)) = (self.time_playing, self.time) {
            let next = (t + dt as f64 / MOTION_SECONDS).min(1.0);
            self.time = Some(next);
            self.time_playing = next < 1.0;
        }
    }

    pub fn set_speed(&mut self, speed: f32) {
        self.speed = speed.clamp(MIN_SPEED, MAX_SPEED);
    }

    /// Plays or pauses a trace of `steps`; playing from the last step starts again at the first.
    pub fn toggle(&mut self, steps: usize) {
        if steps <= 1 {
            return;
        }
        if !self.playing && self.step + 1 >= steps {
            self.step = 0;
        }
        self.playing = !self.playing;
        self.clock = 0.0;
        // Playing the steps shows the demo.
        self.show_time(None);
    }

    /// Moves on by `dt` seconds of play through a trace of `steps`, stopping at the last step.
    pub fn advance(&mut self, dt: f32, steps: usize) {
        if !self.playing {
            return;
        }
        let last = steps.saturating_sub(1);
        self.clock += dt * self.speed;
        while self.clock >= 1.0 {
            self.clock -= 1.0;
            if self.step >= last {
                self.playing = false;
                break;
            }
            self.step += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_advances_by_the_speed_and_stops_at_the_last_step() {
        let mut p = Playback::new(Demo::AngularCast);
        p.toggle(4);
        assert!(p.playing);
        p.advance(0.75, 4); // 1.5 steps at 2 a second
        assert_eq!(p.step, 1);
        p.advance(5.0, 4);
        assert_eq!((p.step, p.playing), (3, false));
        // From the last step, play starts again at the first.
        p.toggle(4);
        assert_eq!((p.step, p.playing), (0, true));
        // A demo of one step does not play.
        let mut one = Playback::new(Demo::Penetration);
        one.toggle(1);
        assert!(!one.playing);
    }

    #[test]
    fn a_new_demo_starts_at_its_first_step_and_keeps_the_speed() {
        let mut p = Playback::new(Demo::Sat);
        p.set_speed(100.0);
        assert_eq!(p.speed, MAX_SPEED);
        p.show_step(7, 5);
        assert_eq!(p.step, 4);
        p.show_demo(Demo::Sat);
        assert_eq!(p.step, 4, "the same demo is no change");
        p.show_demo(Demo::LinearCast);
        assert_eq!((p.demo, p.step, p.speed), (Demo::LinearCast, 0, MAX_SPEED));
    }

    #[test]
    fn the_motion_plays_to_its_end_and_a_step_leaves_it() {
        let mut p = Playback::new(Demo::IterativeCast);
        p.toggle_time();
        assert_eq!((p.time, p.time_playing), (Some(0.0), true));
        p.advance_time((MOTION_SECONDS / 2.0) as f32);
        assert_eq!(p.time, Some(0.5));
        p.advance_time(100.0);
        assert_eq!((p.time, p.time_playing), (Some(1.0), false));
        // From the end it plays again from the start.
        p.toggle_time();
        assert_eq!(p.time, Some(0.0));
        p.show_time(Some(7.0));
        assert_eq!((p.time, p.time_playing), (Some(1.0), false));
        // A step shows the demo again.
        p.show_step(2, 5);
        assert_eq!((p.time, p.step), (None, 2));
        p.show_time(Some(f64::NAN));
        assert_eq!(p.time, Some(0.0));
        p.toggle(5);
        assert_eq!(p.time, None, "playing the steps shows the demo");
    }
}

//! Which demo is shown, at which step of its trace, and playing through the steps.

use crate::scene::Demo;

/// Playback speeds a person can pick, steps per second.
pub const MIN_SPEED: f32 = 0.25;
pub const MAX_SPEED: f32 = 30.0;
/// The speed at start, steps per second.
pub const DEFAULT_SPEED: f32 = 2.0;

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

    /// Shows step `step` of a trace of `steps`, paused.
    pub fn show_step(&mut self, step: usize, steps: usize) {
        self.step = step.min(steps.saturating_sub(1));
        self.playing = false;
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
}

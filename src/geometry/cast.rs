//! What every continuous query shares: bodies in motion over `t ∈ [0, 1]`, the settings, and how
//! a cast ended.
//!
//! Motion (design section 2): `position(t) = position + velocity·t`,
//! `angle(t) = angle + angular_velocity·t`, each body rotating about its own position.

use super::{Convex, DVec2, Pose};

/// A body in motion: its shape in its own frame, its pose at `t = 0` and its velocities.
#[derive(Clone, Debug, PartialEq)]
pub struct MovingBody {
    /// Core + radius in the body's own frame.
    pub local: Convex,
    /// The pose at `t = 0`.
    pub pose: Pose,
    /// World units per unit of `t`.
    pub velocity: DVec2,
    /// Radians per unit of `t`, counter-clockwise.
    pub angular_velocity: f64,
}

impl MovingBody {
    /// A body that does not move.
    pub fn at_rest(local: Convex, pose: Pose) -> Self {
        MovingBody {
            local,
            pose,
            velocity: DVec2::ZERO,
            angular_velocity: 0.0,
        }
    }

    /// The pose at time `t`.
    pub fn pose_at(&self, t: f64) -> Pose {
        Pose::new(
            self.pose.position + self.velocity * t,
            self.pose.angle + self.angular_velocity * t,
        )
    }

    /// The shape in world space at time `t`.
    pub fn world_at(&self, t: f64) -> Convex {
        self.local.transformed(&self.pose_at(t))
    }

    /// Mirtich's `r`: the largest distance of the rounded shape from its rotation centre (the
    /// body's position), so that a turn by `Δθ` moves no point further than `r·|Δθ|`.
    pub fn max_radius(&self) -> f64 {
        self.local.max_distance_from(DVec2::ZERO)
    }
}

/// The scene's settings for iterative casts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastSettings {
    /// A cast stops when the distance is below this (world units).
    pub tolerance: f64,
    /// A cast stops after this many iterations, whatever the distance.
    pub max_iterations: u32,
}

impl Default for CastSettings {
    fn default() -> Self {
        CastSettings {
            tolerance: 1e-3,
            max_iterations: 64,
        }
    }
}

/// How a cast ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastStatus {
    /// The bodies meet at the reported time of impact: exactly for the linear cast; for the
    /// iterative cast and conservative advancement, the iteration converged to within the
    /// tolerance (the "converged" is this status, printed `hit` as design §5 shows).
    Hit,
    /// They do not meet for `t ∈ [0, 1]` (moving apart, or the time of impact is past 1). Every
    /// cast then reports time 1 (the whole motion is free) and no normal.
    Miss,
    /// They already overlap at `t = 0`: time of impact 0.
    Overlapping,
    /// The iteration limit was reached before the tolerance; the time is the last safe one, the
    /// normal the last one measured.
    OutOfIterations,
    /// The steps became too small to make progress (the cast crawls); the time is the last
    /// safe one, the normal the last one measured.
    NoProgress,
}

impl CastStatus {
    /// The name `report` prints: `hit`, `miss`, `overlapping`, `out_of_iterations`,
    /// `no_progress`.
    pub fn as_str(self) -> &'static str {
        match self {
            CastStatus::Hit => "hit",
            CastStatus::Miss => "miss",
            CastStatus::Overlapping => "overlapping",
            CastStatus::OutOfIterations => "out_of_iterations",
            CastStatus::NoProgress => "no_progress",
        }
    }

    /// Whether the bodies touch at the reported time (a hit, or overlapping at the start).
    pub fn is_hit(self) -> bool {
        matches!(self, CastStatus::Hit | CastStatus::Overlapping)
    }
}

//! The two panes side by side, the world and configuration space: where they are on screen,
//! what each camera shows, and every mark each pane draws.
//!
//! A pane draws, in order: the grid, the figure's marks, the editing handles (the world pane
//! only) and its title. The window and the pictures ask [`Panes::picture`] for exactly these,
//! so what is exported is what is on screen.

use super::camera::{Camera, ScreenRect};
use super::convention::Convention;
use super::fit::content_bounds;
use super::paint::PanePicture;
use super::{grid, handles, labels};
use crate::figure::{Figure, Mark, PaneId};
use crate::geometry::{Convex, DVec2, Source};
use crate::palette;
use crate::scene::Scene;
use glam::Vec2;

/// The split between the panes stays within this fraction of the room from either side.
pub const MIN_SPLIT: f32 = 0.2;
/// Where a pane's title sits, pixels right of and below the pane's top-left corner (the
/// camera's fit margin keeps content clear of it).
pub const TITLE_OFFSET: (f32, f32) = (12.0, 16.0);
/// How many times fitting is repeated to settle: the handles sit a fixed number of pixels from
/// the bodies, so the content's bounds in world units change with the zoom a fit picks.
pub const FIT_PASSES: u32 = 4;

/// What the panes show: a scene's figure, and what the editing handles need.
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a> {
    pub scene: &'a Scene,
    /// The figure of the demo and step shown (`None` when it could not be built).
    pub figure: Option<&'a Figure>,
    /// The scene with its bodies where the world pane draws them (the figure's
    /// [`Figure::bodies_at`]), and their world shapes there when valid: the handles are placed
    /// round them.
    pub drawn: (&'a Scene, Option<(&'a Convex, &'a Convex)>),
    /// The polygon vertex selected for editing, ringed.
    pub selected: Option<(Source, usize)>,
    /// The bodies (A, B) whose editing handles are drawn: the one under the pointer, being
    /// dragged or with a selected vertex. Handles stay quiet otherwise, and in pictures.
    pub handles_of: [bool; 2],
    /// Whether handles can appear at all (the window, not a picture): then the panes are
    /// fitted to every body's handles, so that pointing at a body never moves the view.
    pub editing: bool,
    /// Which way configuration space is shown (the figure is already mirrored for A − B; the
    /// pane's title says which).
    pub convention: Convention,
    /// The panes linked: the highlight of the feature pointed at or pinned, in each pane (world,
    /// configuration space as shown), drawn over the figure.
    pub linked: [&'a [Mark]; 2],
}

impl Shown<'_> {
    /// The figure's marks of `pane`.
    pub fn figure_marks(&self, pane: PaneId) -> &[Mark] {
        self.figure.map_or(&[], |f| f.marks(pane))
    }

    /// The editing handles' marks, placed for `camera` (the world pane's), of the bodies
    /// [`Shown::handles_of`] names.
    pub fn handle_marks(&self, camera: &Camera) -> Vec<Mark> {
        self.handles(camera, self.handles_of)
    }

    /// The handles of bodies `of` (A, B).
    fn handles(&self, camera: &Camera, of: [bool; 2]) -> Vec<Mark> {
        match self.drawn {
            (scene, Some((a, b))) => handles::marks(scene, [a, b], camera, self.selected, of),
            _ => vec![],
        }
    }
}

/// The panes' cameras and where they split.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Panes {
    pub world: Camera,
    pub config: Camera,
    /// Where the panes split, as a fraction of the room they share.
    pub split: f32,
}

impl Default for Panes {
    fn default() -> Self {
        Panes {
            world: Camera::default(),
            config: Camera::default(),
            split: 0.5,
        }
    }
}

impl Panes {
    pub fn camera(&self, pane: PaneId) -> &Camera {
        match pane {
            PaneId::World => &self.world,
            PaneId::Config => &self.config,
        }
    }

    pub fn camera_mut(&mut self, pane: PaneId) -> &mut Camera {
        match pane {
            PaneId::World => &mut self.world,
            PaneId::Config => &mut self.config,
        }
    }

    /// Lays the panes out side by side in `room`, split at [`Panes::split`].
    pub fn layout(&mut self, room: ScreenRect) {
        let w1 = (room.w * self.split).round();
        self.world.rect = ScreenRect::new(room.x, room.y, w1, room.h);
        self.config.rect = ScreenRect::new(room.x + w1, room.y, room.w - w1, room.h);
    }

    /// The room both panes share.
    pub fn room(&self) -> ScreenRect {
        let r = self.world.rect;
        ScreenRect::new(r.x, r.y, r.w + self.config.rect.w, r.h)
    }

    /// Draws both panes' marks sized in pixels `size` times larger (see [`Camera::size`]).
    pub fn set_mark_size(&mut self, size: f32) {
        self.world.size = size;
        self.config.size = size;
    }

    /// Sets the split from the screen x of the line between the panes, kept within
    /// [`MIN_SPLIT`] of either side.
    pub fn split_at(&mut self, x: f32) {
        let room = self.room();
        if room.w > 0.0 {
            self.split = ((x - room.x) / room.w).clamp(MIN_SPLIT, 1.0 - MIN_SPLIT);
        }
    }

    /// The pane under screen point `p`.
    pub fn pane_at(&self, p: Vec2) -> Option<PaneId> {
        [PaneId::World, PaneId::Config]
            .into_iter()
            .find(|&pane| self.camera(pane).rect.contains(p))
    }

    /// Fits both cameras to their content once (see [`FIT_PASSES`]): the world to the figure
    /// and the handles, configuration space to the figure and the origin.
    pub fn fit(&mut self, shown: &Shown) {
        let [world, config] = self.content(shown);
        if let Some((lo, hi)) = world {
            self.world.fit(lo, hi);
        }
        if let Some((lo, hi)) = config {
            self.config.fit(lo, hi);
        }
    }

    /// Whether both panes show all of their content (what [`Panes::fit`] would fit to).
    pub fn show_all(&self, shown: &Shown) -> bool {
        let [world, config] = self.content(shown);
        [(world, &self.world), (config, &self.config)]
            .into_iter()
            .all(|(content, cam)| {
                let (lo, hi) = cam.visible();
                content.is_none_or(|(a, b)| a.cmpge(lo).all() && b.cmple(hi).all())
            })
    }

    /// The world box of each pane's content: the world's figure and handles, configuration
    /// space's figure and the origin.
    fn content(&self, shown: &Shown) -> [Option<(DVec2, DVec2)>; 2] {
        // In the window every body's handles, shown or not: pointing at a body does not move
        // the view. A picture has none.
        let mut handles = Vec::new();
        for m in shown.handles(&self.world, [shown.editing; 2]) {
            super::fit::mark_points(&m, &mut handles);
        }
        [
            content_bounds(shown.figure_marks(PaneId::World), &handles),
            content_bounds(shown.figure_marks(PaneId::Config), &[DVec2::ZERO]),
        ]
    }

    /// Everything `pane` draws, in order: the grid, the figure's marks, the handles (in the
    /// world) and the pane's title, with the labels placed apart ([`labels::place`]).
    pub fn marks(&self, shown: &Shown, pane: PaneId) -> Vec<Mark> {
        let cam = self.camera(pane);
        let mut marks = grid::marks(cam);
        let grid = 0..marks.len();
        marks.extend_from_slice(shown.figure_marks(pane));
        marks.extend_from_slice(shown.linked[pane as usize]);
        if pane == PaneId::World {
            marks.extend(shown.handle_marks(cam));
        }
        let figure = grid.end..marks.len();
        let title = match pane {
            PaneId::World => "World".to_string(),
            PaneId::Config => shown.convention.pane_title(),
        };
        marks.push(Mark::Label {
            at: cam.to_world(Vec2::new(cam.rect.x, cam.rect.y)),
            text: title,
            color: palette::TEXT,
            offset: TITLE_OFFSET,
        });
        let title = figure.end..marks.len();
        labels::place(&mut marks, cam, title, figure, grid);
        marks
    }

    /// Both panes as they are painted.
    pub fn picture(&self, shown: &Shown) -> Vec<PanePicture> {
        [PaneId::World, PaneId::Config]
            .into_iter()
            .map(|pane| PanePicture {
                camera: *self.camera(pane),
                marks: self.marks(shown, pane),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene() -> Scene {
        Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "obb.json").unwrap()
    }

    #[test]
    fn the_panes_split_the_room_and_the_split_stays_in_range() {
        let mut p = Panes::default();
        p.layout(ScreenRect::new(300.0, 0.0, 1000.0, 800.0));
        assert_eq!(p.world.rect, ScreenRect::new(300.0, 0.0, 500.0, 800.0));
        assert_eq!(p.config.rect, ScreenRect::new(800.0, 0.0, 500.0, 800.0));
        assert_eq!(p.pane_at(Vec2::new(900.0, 10.0)), Some(PaneId::Config));
        assert_eq!(p.pane_at(Vec2::new(10.0, 10.0)), None);
        p.split_at(310.0);
        assert_eq!(p.split, MIN_SPLIT);
        p.split_at(1050.0);
        assert_eq!(p.split, 0.75);
    }

    #[test]
    fn a_fit_shows_the_figure_and_the_handles_inside_each_pane() {
        let s = scene();
        let f = crate::figure::build(&s, s.demo, 0).unwrap();
        let bodies = s.bodies().unwrap();
        let shown = Shown {
            scene: &s,
            figure: Some(&f),
            drawn: (&s, Some((&bodies.a, &bodies.b))),
            selected: None,
            handles_of: [true; 2],
            editing: true,
            convention: Convention::BMinusA,
            linked: [&[], &[]],
        };
        let mut p = Panes::default();
        p.layout(ScreenRect::new(342.0, 0.0, 1058.0, 860.0));
        for _ in 0..FIT_PASSES {
            p.fit(&shown);
        }
        for pane in [PaneId::World, PaneId::Config] {
            let cam = p.camera(pane);
            let mut marks = shown.figure_marks(pane).to_vec();
            if pane == PaneId::World {
                marks.extend(shown.handle_marks(cam));
            }
            let (lo, hi) = content_bounds(&marks, &[]).unwrap();
            for q in [lo, hi] {
                assert!(cam.rect.contains(cam.to_screen(q)), "{pane:?}: {q}");
            }
        }
        let pictures = p.picture(&shown);
        assert_eq!(pictures.len(), 2);
        assert!(pictures[1].marks.contains(&crate::figure::common::origin()));
    }
}

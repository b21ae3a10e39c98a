//! Undo and redo: a stack of scene snapshots, one entry per completed edit.
//!
//! An edit may take many frames (a drag, a number dragged in the panel). Its first change calls
//! [`History::begin`] with the scene as it was before; when it ends, [`History::commit`] keeps
//! that snapshot if the scene really changed. Undo swaps the current scene with the last
//! snapshot; redo swaps it back. A new edit clears the redo stack.

use crate::scene::Scene;

/// Most edits kept; the oldest are dropped beyond this (a scene is small, but two
/// 1,000-vertex polygons times thousands of edits would not be).
pub const MAX_UNDO: usize = 500;

#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Scene>,
    redo: Vec<Scene>,
    /// The scene before the edit in progress, if one is.
    pending: Option<Scene>,
}

impl History {
    /// Marks the start of an edit of `before` (the scene as it is now). Later calls during the
    /// same edit are ignored.
    pub fn begin(&mut self, before: &Scene) {
        if self.pending.is_none() {
            self.pending = Some(before.clone());
        }
    }

    /// Whether an edit is in progress.
    pub fn editing(&self) -> bool {
        self.pending.is_some()
    }

    /// Ends the edit in progress: if `now` differs from the scene at its start, that scene
    /// becomes one undo step. Returns whether a step was recorded.
    pub fn commit(&mut self, now: &Scene) -> bool {
        match self.pending.take() {
            Some(before) if before != *now => {
                self.undo.push(before);
                if self.undo.len() > MAX_UNDO {
                    self.undo.remove(0);
                }
                self.redo.clear();
                true
            }
            _ => false,
        }
    }

    /// Records a finished edit in one go (`before` → `now`).
    pub fn record(&mut self, before: &Scene, now: &Scene) -> bool {
        self.pending = None;
        self.begin(before);
        self.commit(now)
    }

    /// Steps back: `scene` becomes the snapshot before the last edit. An edit in progress is
    /// committed first, so it is what gets undone. Returns whether anything changed.
    pub fn undo(&mut self, scene: &mut Scene) -> bool {
        self.commit(scene);
        match self.undo.pop() {
            Some(prev) => {
                self.redo.push(std::mem::replace(scene, prev));
                true
            }
            None => false,
        }
    }

    /// Steps forward again after [`History::undo`]. Returns whether anything changed.
    pub fn redo(&mut self, scene: &mut Scene) -> bool {
        self.commit(scene);
        match self.redo.pop() {
            Some(next) => {
                self.undo.push(std::mem::replace(scene, next));
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Forgets everything (a new scene was opened).
    pub fn clear(&mut self) {
        *self = History::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::DVec2;

    fn scene() -> Scene {
        Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "obb.json").unwrap()
    }

    fn moved(s: &Scene, x: f64) -> Scene {
        let mut t = s.clone();
        t.b.position = DVec2::new(x, 0.0);
        t
    }

    #[test]
    fn a_drag_is_one_step_however_many_frames() {
        let s0 = scene();
        let mut h = History::default();
        let mut s = s0.clone();
        for x in [1.0, 2.0, 3.0] {
            h.begin(&s);
            s = moved(&s, x);
        }
        assert!(h.commit(&s));
        assert!(h.undo(&mut s));
        assert_eq!(s, s0);
        assert!(!h.undo(&mut s), "only one step was recorded");
        assert!(h.redo(&mut s));
        assert_eq!(s.b.position, DVec2::new(3.0, 0.0));
    }

    #[test]
    fn an_edit_that_changes_nothing_is_not_recorded() {
        let s = scene();
        let mut h = History::default();
        h.begin(&s);
        assert!(!h.commit(&s));
        assert!(!h.can_undo());
    }

    #[test]
    fn a_new_edit_clears_redo() {
        let mut s = scene();
        let mut h = History::default();
        let s1 = moved(&s, 1.0);
        h.record(&s, &s1);
        s = s1;
        h.undo(&mut s);
        assert!(h.can_redo());
        let s2 = moved(&s, 2.0);
        h.record(&s, &s2);
        assert!(!h.can_redo());
    }

    #[test]
    fn undo_commits_the_edit_in_progress_first() {
        let s0 = scene();
        let mut h = History::default();
        h.begin(&s0);
        let mut s = moved(&s0, 5.0);
        assert!(h.undo(&mut s));
        assert_eq!(s, s0);
    }

    #[test]
    fn history_is_bounded() {
        let mut s = scene();
        let mut h = History::default();
        for i in 0..(MAX_UNDO + 10) {
            let n = moved(&s, i as f64 + 0.5);
            h.record(&s, &n);
            s = n;
        }
        let mut count = 0;
        while h.undo(&mut s) {
            count += 1;
        }
        assert_eq!(count, MAX_UNDO);
    }
}

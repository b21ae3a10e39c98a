//! The scene being edited: the scene itself, the file it came from, the copy last saved, its
//! undo history and the vertex selected for editing.
//!
//! Every change of the scene goes through [`Document::set_scene`], which bumps a revision number
//! that caches compare. Edits that are complete at once (a vertex added or deleted) are recorded
//! in the history here; edits that take many frames (a drag, a number dragged in the panel) are
//! begun and committed by the app.

use super::history::History;
use crate::geometry::{DVec2, Source};
use crate::scene::{Scene, ShapeSpec};
use crate::view::handles::body_mut;
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub struct Document {
    pub scene: Scene,
    /// Bumped on every change of `scene`.
    pub rev: u64,
    /// The file the scene came from and saves to (`None`: the built-in scene).
    pub path: Option<PathBuf>,
    /// The scene as last loaded or saved, for the unsaved-changes star.
    pub saved: Scene,
    pub history: History,
    /// The scene was restored from a recovery file and not saved since: it counts as unsaved
    /// even where it equals the file on disk.
    pub recovered_unsaved: bool,
    /// The polygon vertex last clicked (Delete removes it).
    pub selected: Option<(Source, usize)>,
}

impl Document {
    /// The document of `scene`, loaded from `path` (or built in), unchanged.
    pub fn new(scene: Scene, path: Option<PathBuf>) -> Document {
        Document {
            saved: scene.clone(),
            scene,
            rev: 0,
            path,
            history: History::default(),
            recovered_unsaved: false,
            selected: None,
        }
    }

    /// `scene`, from `path`, in place of the current one: a fresh history, nothing selected.
    pub fn replace(&mut self, scene: Scene, path: Option<PathBuf>) {
        self.saved = scene.clone();
        self.history.clear();
        self.selected = None;
        self.recovered_unsaved = false;
        self.scene = scene;
        self.rev += 1;
        self.path = path;
    }

    /// Replaces the scene (an edit, an undo); the same scene again is no change.
    pub fn set_scene(&mut self, scene: Scene) {
        if scene != self.scene {
            self.scene = scene;
            self.rev += 1;
        }
    }

    /// Whether there are changes that are not saved.
    pub fn dirty(&self) -> bool {
        self.scene != self.saved || self.recovered_unsaved
    }

    /// The scene's title, with a star while unsaved.
    pub fn title(&self) -> String {
        let star = if self.dirty() { " *" } else { "" };
        format!("{}{star}", self.scene.title)
    }

    /// The scene was saved to `path` as it is now.
    pub fn saved_to(&mut self, path: PathBuf) {
        self.saved = self.scene.clone();
        self.path = Some(path);
        self.recovered_unsaved = false;
    }

    /// Applies `edit` to a copy of the scene and keeps it, as one undo step, if the result is
    /// a valid scene. `Err` says why not (`None`: the edit did not apply).
    fn edit(&mut self, edit: impl FnOnce(&mut Scene) -> bool) -> Result<(), Option<String>> {
        let mut s = self.scene.clone();
        if !edit(&mut s) {
            return Err(None);
        }
        s.validate().map_err(|e| Some(e.problem))?;
        self.history.record(&self.scene, &s);
        self.set_scene(s);
        Ok(())
    }

    /// Removes the selected polygon vertex, if the outline left is still a valid shape. Returns
    /// what to tell the person, if anything.
    pub fn delete_selected_vertex(&mut self) -> Option<String> {
        let (which, i) = self.selected?;
        let done = self.edit(|s| match &mut body_mut(s, which).shape {
            ShapeSpec::Polygon { vertices, .. } if i < vertices.len() && vertices.len() > 1 => {
                vertices.remove(i);
                true
            }
            _ => false,
        });
        match done {
            Ok(()) => {
                self.selected = None;
                Some("Vertex deleted".into())
            }
            Err(Some(why)) => Some(format!("Not deleted: {why}")),
            Err(None) => None,
        }
    }

    /// Adds a vertex to a polygon's outline after vertex `after`, at `local` (the body's
    /// frame), and selects it.
    pub fn insert_vertex(&mut self, which: Source, after: usize, local: DVec2) -> Option<String> {
        let done = self.edit(|s| match &mut body_mut(s, which).shape {
            ShapeSpec::Polygon { vertices, .. } if after < vertices.len() => {
                vertices.insert(after + 1, local);
                true
            }
            _ => false,
        });
        done.ok().map(|()| {
            self.selected = Some((which, after + 1));
            "Vertex added".into()
        })
    }

    /// Steps back one edit; says what happened.
    pub fn undo(&mut self) -> &'static str {
        let mut s = self.scene.clone();
        if self.history.undo(&mut s) {
            self.set_scene(s);
            "Undone"
        } else {
            "Nothing to undo"
        }
    }

    /// Steps forward again; says what happened.
    pub fn redo(&mut self) -> &'static str {
        let mut s = self.scene.clone();
        if self.history.redo(&mut s) {
            self.set_scene(s);
            "Redone"
        } else {
            "Nothing to redo"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Document {
        let s = Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "obb.json").unwrap();
        Document::new(s, None)
    }

    /// The document with B's shape replaced by the polygon through `points`.
    fn with_b_polygon(d: &mut Document, points: [(f64, f64); 4]) {
        let mut s = d.scene.clone();
        s.b.shape = ShapeSpec::Polygon {
            vertices: points.iter().map(|&(x, y)| DVec2::new(x, y)).collect(),
            radius: 0.0,
        };
        d.replace(s, None);
    }

    fn count(d: &Document) -> usize {
        match &d.scene.b.shape {
            ShapeSpec::Polygon { vertices, .. } => vertices.len(),
            _ => 0,
        }
    }

    #[test]
    fn changes_bump_the_revision_and_mark_the_scene_unsaved() {
        let mut d = doc();
        assert!(!d.dirty());
        let rev = d.rev;
        d.set_scene(d.scene.clone());
        assert_eq!(d.rev, rev, "the same scene is no change");
        let mut s = d.scene.clone();
        s.a.angle_deg = 30.0;
        d.history.begin(&d.scene);
        d.set_scene(s);
        d.history.commit(&d.scene);
        assert!(d.rev > rev && d.dirty() && d.title().ends_with(" *"));
        assert_eq!(d.undo(), "Undone");
        assert!(!d.dirty());
        assert_eq!(d.undo(), "Nothing to undo");
        assert_eq!(d.redo(), "Redone");
    }

    #[test]
    fn vertices_are_added_and_deleted_as_undoable_edits() {
        let mut d = doc();
        with_b_polygon(&mut d, [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
        d.insert_vertex(Source::B, 0, DVec2::new(0.5, -0.2));
        assert_eq!((count(&d), d.selected), (5, Some((Source::B, 1))));
        assert_eq!(
            d.delete_selected_vertex().as_deref(),
            Some("Vertex deleted")
        );
        assert_eq!((count(&d), d.selected), (4, None));
        d.undo();
        assert_eq!(count(&d), 5);
        d.undo();
        assert_eq!(count(&d), 4);
        assert!(!d.dirty());
        // Deleting down to three collinear points is refused with the reason.
        with_b_polygon(&mut d, [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (2.0, 0.0)]);
        d.selected = Some((Source::B, 2));
        let said = d.delete_selected_vertex().unwrap();
        assert_eq!(count(&d), 4);
        assert!(said.starts_with("Not deleted"), "{said}");
        // Nothing selected, nothing happens.
        d.selected = None;
        assert_eq!(d.delete_selected_vertex(), None);
    }
}

//! What the window and the pictures say is in words: every demo has a name, the article it
//! recreates and what its panes show; no read-out, legend line, comparison note or caption of
//! any shipped scene, under any demo, at any step, shows a code name (`out_of_iterations`) or a
//! lazy plural ("1 vertex(es)"). `report` keeps its machine words (tested in report_cli.rs).

use minkowski_lab::figure::{self, common, compare};
use minkowski_lab::geometry::cast::CastStatus;
use minkowski_lab::scene::{Demo, Scene};
use minkowski_lab::view::convention::Convention;
use minkowski_lab::view::sheet;
use std::path::PathBuf;

fn scenes() -> Vec<(PathBuf, Scene)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("scenes")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let s = Scene::load(&p).unwrap_or_else(|e| panic!("{e}"));
            (p, s)
        })
        .collect()
}

/// What is wrong with `text` as words for people, if anything: a `snake_case` code name or a
/// plural left to the reader.
fn not_words(text: &str) -> Option<String> {
    for token in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        // Subscripts such as `b_j` are maths; words joined by `_` are a code name.
        let t = token.trim_matches('_');
        if t.contains('_') && t.split('_').all(|part| part.chars().count() >= 2) {
            return Some(format!("code name {t:?}"));
        }
    }
    ["(es)", "(s)"]
        .into_iter()
        .find(|p| text.contains(p))
        .map(|p| format!("plural left open {p:?}"))
}

#[test]
fn the_word_check_catches_what_it_is_for() {
    assert!(not_words("status out_of_iterations").is_some());
    assert!(not_words("A: concave, 1 vertex(es) inside").is_some());
    assert!(not_words("3 axis(s)").is_some());
    assert!(not_words("out of iterations, 1 vertex, B \u{2212} A, b_j - a_i").is_none());
}

#[test]
fn every_demo_has_a_name_an_article_and_what_you_see() {
    for d in Demo::ALL {
        for text in [d.title(), d.article(), d.looking_at()] {
            assert!(!text.trim().is_empty(), "{}", d.as_str());
            assert_eq!(not_words(text), None, "{}: {text}", d.as_str());
        }
        assert_ne!(
            d.title(),
            d.as_str(),
            "the list shows words, not the code name"
        );
    }
}

#[test]
fn cast_statuses_read_as_phrases() {
    for s in [
        CastStatus::Hit,
        CastStatus::Miss,
        CastStatus::Overlapping,
        CastStatus::OutOfIterations,
        CastStatus::NoProgress,
    ] {
        let w = common::cast_status_words(s);
        assert_eq!(not_words(w), None, "{w}");
    }
    assert_eq!(
        common::cast_status_words(CastStatus::OutOfIterations),
        "out of iterations"
    );
    // report keeps the machine word.
    assert_eq!(CastStatus::OutOfIterations.as_str(), "out_of_iterations");
}

#[test]
fn no_readout_of_any_scene_at_any_step_shows_a_code_name() {
    let mut checked = 0;
    for (path, scene) in scenes() {
        for demo in Demo::ALL {
            let Ok(first) = figure::build(&scene, demo, 0) else {
                continue;
            };
            for step in 0..first.steps {
                let f = figure::build(&scene, demo, step).unwrap();
                let texts = f
                    .readouts
                    .iter()
                    .flat_map(|r| [&r.name, &r.value])
                    .chain(f.legend.iter().map(|l| &l.meaning));
                for t in texts {
                    if let Some(why) = not_words(t) {
                        panic!(
                            "{}, demo {}, step {}: {why} in {t:?}",
                            path.display(),
                            demo.as_str(),
                            step + 1
                        );
                    }
                    checked += 1;
                }
            }
            let lines = sheet::caption(
                &scene,
                None,
                demo,
                Ok(&first),
                &[],
                Convention::BMinusA,
                None,
            );
            // The scene's own description may name code on purpose (a library function, a
            // file); the lines the program writes may not.
            for l in lines
                .iter()
                .filter(|l| Some(*l) != scene.description.as_ref())
            {
                assert_eq!(not_words(l), None, "{} caption: {l}", path.display());
            }
        }
        let c = compare::compare(&scene).unwrap();
        let notes = c
            .contact
            .iter()
            .map(|r| r.note.clone())
            .chain(c.casts.iter().map(|r| r.note.clone()))
            .chain(
                c.casts
                    .iter()
                    .map(|r| common::cast_status_words(r.status).to_string()),
            );
        for n in notes {
            assert_eq!(not_words(&n), None, "{} compare: {n}", path.display());
        }
    }
    assert!(checked > 1000, "only {checked} texts checked");
}

#[test]
fn a_scene_shown_under_another_demo_leaves_its_notes_out_of_the_caption() {
    let (_, scene) = scenes()
        .into_iter()
        .find(|(_, s)| s.demo == Demo::Penetration && s.description.is_some())
        .unwrap();
    let d = scene.description.clone().unwrap();
    let own = figure::build(&scene, Demo::Penetration, 0).unwrap();
    let lines = sheet::caption(
        &scene,
        None,
        Demo::Penetration,
        Ok(&own),
        &[],
        Convention::BMinusA,
        None,
    );
    assert!(lines.contains(&d));
    assert!(lines
        .iter()
        .any(|l| l.contains(Demo::Penetration.looking_at())));
    assert!(lines
        .iter()
        .any(|l| l.contains(Demo::Penetration.article())));
    let other = figure::build(&scene, Demo::Gjk, 0).unwrap();
    let lines = sheet::caption(
        &scene,
        None,
        Demo::Gjk,
        Ok(&other),
        &[],
        Convention::BMinusA,
        None,
    );
    assert!(!lines.contains(&d), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains(Demo::Gjk.looking_at())));
}

//! Crash safety without a window: with the app's panic hook installed, a panic writes the scene
//! last handed to it to a recovery file, and the next start finds it (restoring and discarding
//! it are tested on the `App` itself, in `src/app/mod.rs`). One test: the hook and the
//! recovery folder are per process.

use minkowski_lab::app::recovery;
use minkowski_lab::scene::Scene;
use std::path::Path;

#[test]
fn a_panic_writes_the_scene_and_the_next_start_finds_it() {
    let dir = std::env::temp_dir().join(format!("mlab-recovery-hook-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::env::set_var(recovery::DIR_VARIABLE, &dir);
    assert_eq!(recovery::dir(), dir);
    assert_eq!(recovery::find(), None);

    // The panics below are deliberate: their messages are kept off the terminal (the recovery
    // hook calls the hook it replaced, this one); any other panic is printed.
    std::panic::set_hook(Box::new(|info| {
        let deliberate = [
            "before any scene",
            "saved scene",
            "simulated failure in a frame",
        ];
        let message = info.payload().downcast_ref::<&str>().copied().unwrap_or("");
        if !deliberate.iter().any(|d| message.starts_with(d)) {
            eprintln!("{info}");
        }
    }));
    // Nothing remembered yet: a panic writes nothing.
    recovery::install_hook();
    assert!(std::panic::catch_unwind(|| panic!("before any scene")).is_err());
    assert_eq!(recovery::find(), None);

    // A scene as it is on disk: nothing to recover.
    let mut scene = Scene::load("scenes/obb_vs_obb.json").unwrap();
    recovery::remember(&scene, Some(Path::new("scenes/obb_vs_obb.json")), false);
    assert!(std::thread::spawn(|| panic!("saved scene")).join().is_err());
    assert_eq!(recovery::find(), None);

    scene.a.angle_deg = 33.0; // an unsaved edit
    recovery::remember(&scene, Some(Path::new("scenes/obb_vs_obb.json")), true);
    let panicked = std::thread::spawn(|| panic!("simulated failure in a frame")).join();
    assert!(panicked.is_err());

    let found = recovery::find().expect("the hook wrote a recovery file");
    assert_eq!(found.scene, scene);
    assert_eq!(
        found.origin.as_deref(),
        Some(Path::new("scenes/obb_vs_obb.json"))
    );
    assert!(
        found
            .panic
            .starts_with("simulated failure in a frame at tests/recovery.rs:"),
        "{}",
        found.panic
    );
    // It is an ordinary scene file.
    assert!(Scene::load(found.file.as_ref().unwrap()).is_ok());
    found.delete().unwrap();
    assert_eq!(recovery::find(), None);
    std::fs::remove_dir_all(&dir).unwrap();
}

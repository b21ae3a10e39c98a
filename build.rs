//! Compiles the shipped scenes (`scenes/*.json`) into the program: the web page has no folder
//! to list them from, and the window opens its built-in scene from the same list.

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=scenes");
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("scenes");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the scenes/ folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    let mut out = String::from(
        "/// Every shipped scene, `(file name, JSON text)`, by file name (written by build.rs).\n\
         pub const SCENES: &[(&str, &str)] = &[\n",
    );
    for n in &names {
        out += &format!("    ({n:?}, include_str!({:?})),\n", dir.join(n));
    }
    out += "];\n";
    let target = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("built_in_scenes.rs");
    std::fs::write(target, out).expect("writing the list of built-in scenes");
}

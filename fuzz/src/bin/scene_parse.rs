//! Fuzz target: any bytes as a scene file (see `checks::scene_bytes`).

#[cfg(feature = "afl")]
fn main() {
    afl::fuzz!(|data: &[u8]| {
        minkowski_lab_fuzz::checks::scene_bytes(data);
    });
}

#[cfg(not(feature = "afl"))]
fn main() {
    minkowski_lab_fuzz::driver::main(
        "scene_parse",
        minkowski_lab_fuzz::checks::scene_bytes,
        minkowski_lab_fuzz::driver::JSON_TOKENS,
    );
}

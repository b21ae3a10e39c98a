//! Fuzz target: bytes as a recipe for two shapes, their poses, velocities and the settings;
//! every query and cast runs on them (see `checks::geometry_bytes`).

#[cfg(feature = "afl")]
fn main() {
    afl::fuzz!(|data: &[u8]| {
        minkowski_lab_fuzz::checks::geometry_bytes(data);
    });
}

#[cfg(not(feature = "afl"))]
fn main() {
    minkowski_lab_fuzz::driver::main("geometry", minkowski_lab_fuzz::checks::geometry_bytes, &[]);
}

//! The fuzz targets' shared parts: the checks (one file with the main package's regression
//! test, so that a found input is replayed by exactly what found it) and the stand-alone
//! driver used when AFL is not at hand.

#[path = "../../tests/fuzz_checks/mod.rs"]
pub mod checks;

pub mod driver;

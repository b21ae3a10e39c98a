pub mod geometry;
pub mod scene;

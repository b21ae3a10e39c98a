//! Changing a body's shape from the panel: switching its type while keeping about its size, and
//! making regular polygons (how a person gets a 1,000-gon without typing it).

use crate::geometry::DVec2;
use crate::scene::ShapeSpec;

/// The most vertices the panel's regular-polygon maker offers.
pub const MAX_REGULAR_VERTICES: usize = 4096;

/// How far the shape reaches from its origin along x and along y (rounding included): the
/// half-extents of its bounding box about the body's origin.
fn half_extents(spec: &ShapeSpec) -> DVec2 {
    match spec {
        ShapeSpec::Circle { radius } => DVec2::splat(*radius),
        ShapeSpec::Box { half_extents } => half_extents.abs(),
        ShapeSpec::Capsule {
            half_length,
            radius,
        } => DVec2::new(half_length + radius, *radius),
        ShapeSpec::Polygon { vertices, radius } => {
            vertices.iter().fold(DVec2::ZERO, |m, v| m.max(v.abs())) + DVec2::splat(*radius)
        }
    }
}

/// `spec` as a shape of type `to` (one of [`ShapeSpec::TYPES`]) of about the same size: the
/// same bounding box where the new type can have it, a circle of the box's mean half-extent.
/// A capsule turned polygon keeps its exact outline (a segment with a radius); a box or polygon
/// turned polygon keeps its corners. An unknown type leaves the shape as it is.
pub fn switch_type(spec: &ShapeSpec, to: &str) -> ShapeSpec {
    if spec.type_name() == to {
        return spec.clone();
    }
    let h = half_extents(spec).max(DVec2::splat(0.05));
    match to {
        "circle" => ShapeSpec::Circle {
            radius: 0.5 * (h.x + h.y),
        },
        "box" => ShapeSpec::Box { half_extents: h },
        "capsule" => {
            // Along the longer side; the round ends take the shorter half-extent.
            let (long, short) = (h.max_element(), h.min_element());
            ShapeSpec::Capsule {
                half_length: (long - short).max(0.5 * short),
                radius: short,
            }
        }
        "polygon" => match spec {
            ShapeSpec::Capsule {
                half_length,
                radius,
            } => ShapeSpec::Polygon {
                vertices: vec![DVec2::new(-half_length, 0.0), DVec2::new(*half_length, 0.0)],
                radius: *radius,
            },
            ShapeSpec::Circle { radius } => regular_polygon(6, *radius),
            _ => ShapeSpec::Polygon {
                vertices: vec![
                    DVec2::new(-h.x, -h.y),
                    DVec2::new(h.x, -h.y),
                    DVec2::new(h.x, h.y),
                    DVec2::new(-h.x, h.y),
                ],
                radius: 0.0,
            },
        },
        _ => spec.clone(),
    }
}

/// A regular polygon of `n` vertices (clamped to 3..=[`MAX_REGULAR_VERTICES`]) on the circle
/// of `radius` about the origin, counter-clockwise from the +x axis, sharp.
pub fn regular_polygon(n: usize, radius: f64) -> ShapeSpec {
    let n = n.clamp(3, MAX_REGULAR_VERTICES);
    let vertices = (0..n)
        .map(|i| DVec2::from_angle(std::f64::consts::TAU * i as f64 / n as f64) * radius)
        .collect();
    ShapeSpec::Polygon {
        vertices,
        radius: 0.0,
    }
}

/// The size of `spec` for the regular-polygon maker: its reach from the origin.
pub fn reach(spec: &ShapeSpec) -> f64 {
    match spec {
        ShapeSpec::Polygon { vertices, radius } => {
            vertices.iter().map(|v| v.length()).fold(0.0, f64::max) + radius
        }
        _ => half_extents(spec).length(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Body, Scene};

    fn valid(spec: &ShapeSpec) -> bool {
        let mut s =
            Scene::from_str(include_str!("../../scenes/obb_vs_obb.json"), "x.json").unwrap();
        s.a = Body::at_rest(spec.clone(), DVec2::ZERO);
        s.validate().is_ok() && s.bodies().is_ok()
    }

    #[test]
    fn every_switch_gives_a_valid_shape_of_the_asked_type_and_size() {
        let shapes = [
            ShapeSpec::Circle { radius: 1.0 },
            ShapeSpec::Box {
                half_extents: DVec2::new(2.0, 0.5),
            },
            ShapeSpec::Capsule {
                half_length: 1.5,
                radius: 0.5,
            },
            regular_polygon(7, 1.2),
        ];
        for from in &shapes {
            for to in ShapeSpec::TYPES {
                let s = switch_type(from, to);
                assert_eq!(s.type_name(), to, "{from:?} → {to}");
                assert!(valid(&s), "{from:?} → {s:?}");
                // About the same size: the bounding boxes' larger sides within a factor of 2.
                let (a, b) = (
                    half_extents(from).max_element(),
                    half_extents(&s).max_element(),
                );
                assert!(b <= 2.0 * a && a <= 2.0 * b, "{from:?} → {s:?}");
            }
        }
    }

    #[test]
    fn a_box_keeps_its_box_and_a_capsule_its_outline_as_polygons() {
        let b = ShapeSpec::Box {
            half_extents: DVec2::new(2.0, 0.5),
        };
        assert_eq!(switch_type(&switch_type(&b, "polygon"), "box"), b);
        let c = ShapeSpec::Capsule {
            half_length: 1.5,
            radius: 0.5,
        };
        let p = switch_type(&c, "polygon");
        assert_eq!(
            p,
            ShapeSpec::Polygon {
                vertices: vec![DVec2::new(-1.5, 0.0), DVec2::new(1.5, 0.0)],
                radius: 0.5
            }
        );
        assert_eq!(switch_type(&p, "capsule"), c);
    }

    #[test]
    fn regular_polygons_are_convex_and_clamped() {
        let ShapeSpec::Polygon { vertices, .. } = regular_polygon(1000, 2.0) else {
            panic!()
        };
        assert_eq!(vertices.len(), 1000);
        assert!(vertices.iter().all(|v| (v.length() - 2.0).abs() < 1e-12));
        assert!(valid(&regular_polygon(1000, 2.0)));
        let ShapeSpec::Polygon { vertices, .. } = regular_polygon(1, 1.0) else {
            panic!()
        };
        assert_eq!(vertices.len(), 3);
        assert!((reach(&regular_polygon(5, 1.5)) - 1.5).abs() < 1e-12);
    }
}

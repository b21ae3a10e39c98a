use minkowski_lab::geometry::*;
#[test]
fn scratch() {
    let ngon = |n: usize, r: f64, ph: f64| Convex {
        vertices: (0..n)
            .map(|i| DVec2::from_angle(ph + std::f64::consts::TAU * i as f64 / n as f64) * r)
            .collect(),
        radius: 0.0,
    };
    let (a, b) = (ngon(8, 1.0, 0.1), ngon(8, 0.8, 0.3));
    let pa = Placement::new(DVec2::new(1.0, 2.0), 0.4);
    let pb = Placement::new(DVec2::new(4.0, 2.3), 1.1);
    let mut acc = 0.0;
    let t = std::time::Instant::now();
    for i in 0..3_000_000u64 {
        let v = DVec2::new(-3.0, 0.6 + (i % 7) as f64 * 0.3);
        acc +=
            query::linear_time_of_impact(std::hint::black_box(&a), pa, DVec2::ZERO, &b, pb, v).toi;
    }
    println!("{acc} {:?}", t.elapsed() / 3_000_000);
}

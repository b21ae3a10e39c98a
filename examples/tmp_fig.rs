use minkowski_lab::figure;
use minkowski_lab::scene::{Demo, Scene};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let t = std::time::Instant::now();
    let scene = Scene::load(std::path::Path::new(&path)).unwrap();
    println!("load {:?}", t.elapsed());
    for d in Demo::ALL {
        let t = std::time::Instant::now();
        let f = figure::build(&scene, d, 0).unwrap();
        println!(
            "{:16} {:?} marks {}",
            d.as_str(),
            t.elapsed(),
            f.world.len() + f.config.len()
        );
        if d == Demo::CircleCircle {
            kinds(&f);
        }
    }
}
#[allow(dead_code)]
fn kinds(f: &figure::Figure) {
    let mut m = std::collections::BTreeMap::new();
    for x in f.world.iter().chain(&f.config) {
        let k = format!("{:?}", x);
        let k = k.split([' ', '{', '(']).next().unwrap().to_string();
        *m.entry(k).or_insert(0) += 1;
    }
    println!("{m:?}");
}

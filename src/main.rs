fn main() {
    eprintln!("minkowski-lab: the command line is not written yet");
    std::process::exit(2);
}

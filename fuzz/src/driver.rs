//! A stand-alone fuzz driver, for when AFL is not at hand: random mutations of a seed corpus,
//! without coverage feedback (so weaker than AFL, which FUZZING.md uses for the stated numbers).
//!
//! ```text
//! TARGET FILE...                       replay these inputs, report which fail
//! TARGET [--runs N] [--seed S] DIR...  mutate the files in the DIRs N times (default 100000)
//! ```
//!
//! Failing inputs are written to `artifacts/TARGET/` (under the current directory). An input
//! that runs longer than [`HANG_SECONDS`] is written there too and the program aborts: a hang
//! is a failure, like a panic.

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// An input running longer than this counts as a hang.
pub const HANG_SECONDS: u64 = 20;

/// Bytes and words that matter to a JSON scene file.
pub const JSON_TOKENS: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"\"",
    b"\\u0000",
    b"\\ud800",
    b"-0",
    b"1e308",
    b"1e309",
    b"-1e-400",
    b"1e6",
    b"1000000.0000001",
    b"4294967296",
    b"18446744073709551616",
    b"0.1e-9",
    b"NaN",
    b"null",
    b"true",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\"type\": \"polygon\", \"vertices\": [[0, 0], [0, 0]]",
    b"\"radius\": 0",
    b"\"view\": {}",
    b"\"extra\": []",
    b"\"max_iterations\": 1000000",
    b"\"tolerance\": 1e-300",
    b"\"angular_velocity_deg\": 1e6",
    b"[[1e6, 1e6], [1e6, 1.000000000001e6], [-1e6, 1e6]]",
];

/// A small, fast, seeded generator (xorshift*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(rng: &mut Rng, input: &mut Vec<u8>, corpus: &[Vec<u8>], tokens: &[&[u8]]) {
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(input.len() + 1);
        match rng.below(9) {
            0 if at < input.len() => input[at] ^= 1 << rng.below(8),
            1 if at < input.len() => input[at] = rng.next() as u8,
            2 => input.insert(at, rng.next() as u8),
            3 if at < input.len() => {
                let end = (at + 1 + rng.below(16)).min(input.len());
                input.drain(at..end);
            }
            4 if !tokens.is_empty() => {
                let t = tokens[rng.below(tokens.len())];
                input.splice(at..at, t.iter().copied());
            }
            5 if at < input.len() => {
                // Copy a chunk of the input elsewhere in it.
                let end = (at + 1 + rng.below(32)).min(input.len());
                let chunk = input[at..end].to_vec();
                let to = rng.below(input.len() + 1);
                input.splice(to..to, chunk);
            }
            6 if !corpus.is_empty() => {
                // Splice with another input.
                let other = &corpus[rng.below(corpus.len())];
                let from = rng.below(other.len() + 1);
                let end = (from + rng.below(64)).min(other.len());
                input.truncate(at);
                input.extend_from_slice(&other[from..end]);
            }
            7 if at < input.len() => {
                // A digit changed: numbers are most of a scene.
                input[at] = b"0123456789-.e"[rng.below(13)];
            }
            _ => input.truncate(at),
        }
        if input.len() > 1 << 16 {
            input.truncate(1 << 16);
        }
    }
}

fn files_in(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = vec![];
    for p in paths {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            entries.sort();
            out.extend(entries.into_iter().filter(|e| e.is_file()));
        } else {
            out.push(p.clone());
        }
    }
    out
}

fn save_artifact(target: &str, kind: &str, input: &[u8]) -> PathBuf {
    let dir = Path::new("artifacts").join(target);
    let _ = std::fs::create_dir_all(&dir);
    // FNV-1a: a stable name per input.
    let hash = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let path = dir.join(format!("{kind}-{hash:016x}"));
    let _ = std::fs::write(&path, input);
    path
}

/// Runs the driver for `target` with `check`, reading the command line.
pub fn main(target: &'static str, check: fn(&[u8]), tokens: &[&[u8]]) {
    let mut runs: u64 = 100_000;
    let mut seed: u64 = 0x5eed_1234_abcd_0001;
    let mut paths = vec![];
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => runs = args.next().and_then(|v| v.parse().ok()).expect("--runs N"),
            "--seed" => seed = args.next().and_then(|v| v.parse().ok()).expect("--seed S"),
            _ => paths.push(PathBuf::from(a)),
        }
    }
    let replay = !paths.is_empty() && paths.iter().all(|p| p.is_file());
    let files = files_in(&paths);
    let corpus: Vec<Vec<u8>> = files.iter().filter_map(|f| std::fs::read(f).ok()).collect();

    // The watchdog: the input being run and when it started.
    let current: Arc<Mutex<Vec<u8>>> = Arc::default();
    let started = Arc::new(AtomicU64::new(0));
    let clock = Instant::now();
    {
        let (current, started) = (current.clone(), started.clone());
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_secs(1));
            let s = started.load(Ordering::Relaxed);
            let now = clock.elapsed().as_millis() as u64;
            if s != 0 && now.saturating_sub(s) > HANG_SECONDS * 1000 {
                let input = current.lock().map(|c| c.clone()).unwrap_or_default();
                let path = save_artifact(target, "hang", &input);
                eprintln!(
                    "{target}: an input ran longer than {HANG_SECONDS} s: {}",
                    path.display()
                );
                std::process::abort();
            }
        });
    }
    let run = |input: &[u8]| -> Result<(), String> {
        *current.lock().unwrap() = input.to_vec();
        started.store(clock.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
        let r = panic::catch_unwind(AssertUnwindSafe(|| check(input)));
        started.store(0, Ordering::Relaxed);
        r.map_err(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        })
    };
    // Panics are counted and their inputs kept; their messages are printed once each.
    panic::set_hook(Box::new(|_| {}));

    if replay {
        let mut failed = 0;
        for (f, input) in files.iter().zip(&corpus) {
            if let Err(message) = run(input) {
                failed += 1;
                println!("FAIL {}: {message}", f.display());
            } else {
                println!("ok   {}", f.display());
            }
        }
        println!("{target}: {} inputs replayed, {failed} failed", files.len());
        std::process::exit(i32::from(failed > 0));
    }

    let mut rng = Rng(seed | 1);
    let seeds = if corpus.is_empty() {
        vec![vec![]]
    } else {
        corpus.clone()
    };
    let mut messages: Vec<String> = vec![];
    let mut failures = 0u64;
    for i in 0..runs {
        let mut input = seeds[rng.below(seeds.len())].clone();
        mutate(&mut rng, &mut input, &seeds, tokens);
        if let Err(message) = run(&input) {
            failures += 1;
            let path = save_artifact(target, "crash", &input);
            let first_line = message.lines().next().unwrap_or("").to_string();
            if !messages.contains(&first_line) {
                println!(
                    "{target}: run {i}: {first_line}\n  input: {}",
                    path.display()
                );
                messages.push(first_line);
            }
        }
        if (i + 1) % 100_000 == 0 {
            println!(
                "{target}: {} runs, {failures} failed, {:.0} s",
                i + 1,
                clock.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "{target}: {runs} runs from {} seeds (seed {seed}), {failures} failed, {:.0} s",
        seeds.len(),
        clock.elapsed().as_secs_f64()
    );
    std::process::exit(i32::from(failures > 0));
}

//! How long a Swiss round takes to pair by the Dutch system, and — given
//! bbpPairings — how long bbpPairings takes on the same file, run in
//! turn so that both see the same machine:
//!
//! ```sh
//! cargo run --release -p novuss-bench --example swiss -- \
//!     [--bbp PATH] [--runs 5] [--json] [FILE.trf ...]
//! ```
//!
//! Without files it pairs the committed 500-player tournament before its
//! rounds 1 and 5 (crates/novuss-club/tests/club/fixtures/s500-p500*.trf,
//! made by bbpPairings' generator). For each file it prints the players,
//! the fastest and median time of ours and of bbpPairings (its whole
//! process: reading, pairing, writing), their ratio, and whether the two
//! pairings are the same.
//!
//! `--pair FILE -p OUT` only pairs FILE and writes the pairing as
//! bbpPairings does (the number of pairs, then `white black` lines, the
//! bye as `player 0`): scripts/swiss-compare can then compare without a
//! server build.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use novuss_club::pair_dutch;
use novuss_club::trf;

struct Figures {
    file: String,
    players: usize,
    ours: Vec<Duration>,
    theirs: Vec<Duration>,
    same: Option<bool>,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn median(v: &[Duration]) -> Duration {
    let mut v = v.to_vec();
    v.sort();
    v[v.len() / 2]
}

fn ours(text: &str) -> (Duration, String) {
    let start = Instant::now();
    let t = trf::parse(text).expect("a valid TRF file");
    let field = t.field().expect("a round to pair");
    let p = pair_dutch(&field).expect("a pairing");
    let took = start.elapsed();
    let mut out = format!("{}\n", p.pairs.len() + p.bye.is_some() as usize);
    for (w, b) in &p.pairs {
        out.push_str(&format!("{} {}\n", w.0, b.0));
    }
    if let Some(b) = p.bye {
        out.push_str(&format!("{} 0\n", b.0));
    }
    (took, out)
}

fn theirs(bbp: &Path, file: &Path) -> (Duration, String) {
    let out = std::env::temp_dir().join(format!("swiss-bench-{}.out", std::process::id()));
    let start = Instant::now();
    let status = Command::new(bbp)
        .arg("--dutch")
        .arg(file)
        .arg("-p")
        .arg(&out)
        .status()
        .expect("bbpPairings runs");
    let took = start.elapsed();
    assert!(status.success(), "bbpPairings failed on {}", file.display());
    let text = std::fs::read_to_string(&out).expect("bbpPairings' output");
    let _ = std::fs::remove_file(&out);
    (took, text)
}

/// Pairs the one file given and writes bbpPairings' output format.
fn pair_to_file(files: &[PathBuf], out: Option<&Path>) {
    let (Some(file), Some(out)) = (files.first(), out) else {
        eprintln!("usage: swiss --pair FILE.trf -p OUT");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            std::process::exit(1);
        }
    };
    let paired = trf::parse(&text)
        .map_err(|e| e.to_string())
        .and_then(|t| t.field().map_err(|e| e.to_string()))
        .and_then(|f| pair_dutch(&f).map_err(|e| e.to_string()));
    match paired {
        Ok(_) => {
            let (_, written) = ours(&text);
            if let Err(e) = std::fs::write(out, written) {
                eprintln!("{}: {e}", out.display());
                std::process::exit(1);
            }
        }
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            std::process::exit(1);
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut bbp = None;
    let mut runs = 5usize;
    let mut json = false;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut pair_only = false;
    let mut out: Option<PathBuf> = None;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--pair" => pair_only = true,
            "-p" => out = args.next().map(PathBuf::from),
            "--bbp" => bbp = args.next().map(PathBuf::from),
            "--runs" => runs = args.next().and_then(|r| r.parse().ok()).unwrap_or(5).max(1),
            "--json" => json = true,
            f => files.push(PathBuf::from(f)),
        }
    }
    if pair_only {
        pair_to_file(&files, out.as_deref());
        return;
    }
    if files.is_empty() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../novuss-club/tests/club/fixtures");
        files = vec![dir.join("s500-p500-r1.trf"), dir.join("s500-p500-r5.trf")];
    }
    let mut all = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("the TRF file");
        let players = trf::parse(&text).expect("a valid TRF file").players.len();
        let mut f = Figures {
            file: file.display().to_string(),
            players,
            ours: Vec::new(),
            theirs: Vec::new(),
            same: None,
        };
        for _ in 0..runs {
            let (t, mine) = ours(&text);
            f.ours.push(t);
            if let Some(bbp) = &bbp {
                let (t, other) = theirs(bbp, file);
                f.theirs.push(t);
                let same = mine.split_whitespace().eq(other.split_whitespace());
                f.same = Some(f.same.unwrap_or(true) && same);
            }
        }
        all.push(f);
    }
    if json {
        let rows: Vec<String> = all
            .iter()
            .map(|f| {
                let theirs = if f.theirs.is_empty() {
                    "null".to_string()
                } else {
                    format!("{:.1}", ms(median(&f.theirs)))
                };
                format!(
                    "{{\"file\":{:?},\"players\":{},\"runs\":{},\"ours_ms\":{:.1},\"bbp_ms\":{},\"same\":{}}}",
                    f.file,
                    f.players,
                    f.ours.len(),
                    ms(median(&f.ours)),
                    theirs,
                    f.same.map(|s| s.to_string()).unwrap_or("null".into())
                )
            })
            .collect();
        println!("[{}]", rows.join(","));
        return;
    }
    for f in &all {
        print!(
            "{}: {} players, ours {:.1} ms (fastest {:.1})",
            f.file,
            f.players,
            ms(median(&f.ours)),
            ms(*f.ours.iter().min().expect("a run"))
        );
        if !f.theirs.is_empty() {
            print!(
                ", bbpPairings {:.1} ms (fastest {:.1}), ours/theirs {:.2}, same pairing: {}",
                ms(median(&f.theirs)),
                ms(*f.theirs.iter().min().expect("a run")),
                ms(median(&f.ours)) / ms(median(&f.theirs)),
                f.same.unwrap_or(false)
            );
        }
        println!();
    }
}

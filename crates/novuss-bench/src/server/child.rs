//! The server as a separate process: the running program (the `novuss`
//! binary) started again as `novuss serve` on a loopback port. The load modes measure it from
//! outside, so that the clients' own work does not run on the server's
//! threads, and its memory is the process's own (`/proc/PID/status`).

use std::io::BufRead;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::BenchError;
use crate::client::http;

/// A running `novuss serve`; killed when dropped.
pub struct Child {
    process: std::process::Child,
    /// Where it listens (always loopback).
    pub addr: SocketAddr,
    /// From starting the process until it printed its address, ms.
    pub startup_ms: f64,
}

/// How long the process may take to print its address (it migrates the
/// database first, which takes milliseconds).
const START_LIMIT: Duration = Duration::from_secs(60);

impl Child {
    /// Starts `novuss serve` on 127.0.0.1, any free port, over `data_dir`,
    /// with the server's default limits.
    pub fn start(data_dir: &Path) -> Result<Child, BenchError> {
        Child::start_with(data_dir, &[])
    }

    /// The same, with `serve`'s further options `args`.
    pub fn start_with(data_dir: &Path, args: &[&str]) -> Result<Child, BenchError> {
        let exe = std::env::current_exe().map_err(BenchError::Exe)?;
        let t = Instant::now();
        let mut process = Command::new(exe)
            .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
            .arg(data_dir)
            .args(args)
            .env("RUST_LOG", "error")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(BenchError::Spawn)?;
        let out = process.stdout.take().ok_or(BenchError::NoOutput)?;
        // The first line names the address; read it on a thread so that a
        // process that never prints cannot hang the benchmark.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = std::io::BufReader::new(out);
            let mut line = String::new();
            let _ = reader.read_line(&mut line);
            let _ = tx.send(line);
            // Keep reading so the server never blocks on a full pipe.
            let mut sink = String::new();
            while reader.read_line(&mut sink).map(|n| n > 0).unwrap_or(false) {
                sink.clear();
            }
        });
        let line = rx.recv_timeout(START_LIMIT).unwrap_or_default();
        let startup_ms = t.elapsed().as_secs_f64() * 1e3;
        let addr = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("http://"))
            .and_then(|w| w.trim_end_matches('/').parse::<SocketAddr>().ok());
        let mut child = Child {
            process,
            addr: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            startup_ms,
        };
        match addr {
            Some(a) => {
                child.addr = http::loopback(a)?;
                Ok(child)
            }
            None => Err(BenchError::NoAddress(Some(line))),
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.process.id()
    }

    /// The process's resident memory now, bytes (`VmRSS`).
    pub fn rss_bytes(&self) -> Result<u64, BenchError> {
        rss_of(&format!("/proc/{}/status", self.pid()))
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// `VmRSS` of a `/proc/…/status` file, bytes.
fn rss_of(path: &str) -> Result<u64, BenchError> {
    let text = std::fs::read_to_string(path).map_err(|error| BenchError::Memory {
        path: path.to_owned(),
        error,
    })?;
    text.lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .map(|kb| kb * 1024)
        .ok_or_else(|| BenchError::NoRss(path.to_owned()))
}

/// This process's soft limit on open files (`/proc/self/limits`), if
/// it can be read; `None` when unlimited or unreadable.
pub fn open_file_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line.trim_start_matches("Max open files")
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

//! What an operator watches (issue 34, "Watched"; docs/deploy.md,
//! "Watching"): `/metrics` in the OpenMetrics text format that Prometheus
//! scrapes, written by the Prometheus project's own client crate.
//!
//! One set of metrics per process: each instance of a site is scraped on
//! its own, and its figures are its own (games it holds, its sockets, the
//! notices it heard, the leases it took). Counters and histograms are
//! moved where things happen (a stroke, a commit, a refusal sent, a rate
//! limit hit, a socket opened, a notice heard, a lease asked for); what is
//! a state (games in memory, heavy work waiting, database connections in
//! use) is read when the metrics are.
//!
//! Nothing a person typed is a label: the labels are the server's own
//! words (a refusal's code, a limit's name), so that the number of series
//! stays small whatever clients send.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use crate::error::Code;

/// The content type of [`text`]: OpenMetrics 1.0, which Prometheus reads.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// A refusal's label: its code, as clients read it.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabel {
    code: &'static str,
}

/// A rate limit's label: which limit.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct LimitLabel {
    limit: &'static str,
}

/// A lease asked for, and whether this instance got it.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct LeaseLabel {
    held: &'static str,
}

/// The process's metrics.
struct Metrics {
    registry: Registry,
    strokes: Counter,
    stroke_seconds: Histogram,
    commit_seconds: Histogram,
    refusals: Family<CodeLabel, Counter>,
    rate_limited: Family<LimitLabel, Counter>,
    sockets: Gauge,
    notices: Counter,
    leases: Family<LeaseLabel, Counter>,
    games_in_memory: Gauge,
    work_running: Gauge,
    work_waiting: Gauge,
    db_connections: Gauge,
    db_idle: Gauge,
}

/// Seconds from 0.1 ms to about 6.5 s, doubling: a stroke takes well
/// under a millisecond of a core, a commit a few on a disk, and anything
/// past a second is what an alert is for.
fn buckets() -> impl Iterator<Item = f64> {
    exponential_buckets(0.000_1, 2.0, 17)
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| {
    let mut r = Registry::with_prefix("novuss");
    let m = Metrics {
        strokes: Counter::default(),
        stroke_seconds: Histogram::new(buckets()),
        commit_seconds: Histogram::new(buckets()),
        refusals: Family::default(),
        rate_limited: Family::default(),
        sockets: Gauge::default(),
        notices: Counter::default(),
        leases: Family::default(),
        games_in_memory: Gauge::default(),
        work_running: Gauge::default(),
        work_waiting: Gauge::default(),
        db_connections: Gauge::default(),
        db_idle: Gauge::default(),
        registry: Registry::default(),
    };
    r.register("strokes", "Strokes played and stored", m.strokes.clone());
    r.register(
        "stroke_seconds",
        "A stroke inside the server: checked, simulated, judged, stored and told",
        m.stroke_seconds.clone(),
    );
    r.register(
        "commit_seconds",
        "Storing one game event, as the game waits for it (the writer's batch included)",
        m.commit_seconds.clone(),
    );
    r.register(
        "refusals",
        "Refusals sent to clients, by code",
        m.refusals.clone(),
    );
    r.register(
        "rate_limited",
        "Requests refused by a rate limit, by limit",
        m.rate_limited.clone(),
    );
    r.register("sockets", "Game WebSockets open", m.sockets.clone());
    r.register(
        "notices",
        "Notices heard from other instances sharing the database",
        m.notices.clone(),
    );
    r.register(
        "leases",
        "Game leases asked for (computer turns, clocks), by whether this instance got them",
        m.leases.clone(),
    );
    r.register(
        "games_in_memory",
        "Games held in memory",
        m.games_in_memory.clone(),
    );
    r.register(
        "work_running",
        "Heavy requests (hints, analyses, replays, records, pairings) running",
        m.work_running.clone(),
    );
    r.register(
        "work_waiting",
        "Heavy requests waiting for a slot",
        m.work_waiting.clone(),
    );
    r.register(
        "db_connections",
        "Database connections open for reads",
        m.db_connections.clone(),
    );
    r.register("db_idle", "Of those, idle", m.db_idle.clone());
    // The series known in advance are there from the start, at 0, so
    // that an alert on their rate sees them before the first hit.
    for limit in LIMITS {
        let _ = m.rate_limited.get_or_create(&LimitLabel { limit });
    }
    for held in ["yes", "no"] {
        let _ = m.leases.get_or_create(&LeaseLabel { held });
    }
    Metrics { registry: r, ..m }
});

/// The rate limits counted: new games and uploads per address or person,
/// sign-ins, a table link's steps, uploads' bytes, and connections (all,
/// and per address).
const LIMITS: [&str; 6] = [
    "create",
    "sign_in",
    "table",
    "upload",
    "connections",
    "connections_per_address",
];

/// A stroke stored, which took `took` inside the server.
pub fn stroke(took: Duration) {
    METRICS.strokes.inc();
    METRICS.stroke_seconds.observe(took.as_secs_f64());
}

/// An event stored, which the game waited `took` for.
pub fn commit(took: Duration) {
    METRICS.commit_seconds.observe(took.as_secs_f64());
}

/// A refusal sent, with `code`.
pub fn refused(code: Code) {
    METRICS
        .refusals
        .get_or_create(&CodeLabel {
            code: code_name(code),
        })
        .inc();
}

/// A request refused by limit `limit`, one of [`LIMITS`].
pub fn rate_limited(limit: &'static str) {
    debug_assert!(LIMITS.contains(&limit), "{limit} is not a known limit");
    METRICS
        .rate_limited
        .get_or_create(&LimitLabel { limit })
        .inc();
}

/// A notice heard from another instance.
pub fn notice() {
    METRICS.notices.inc();
}

/// A game's lease asked for: `held` if this instance has it.
pub fn lease(held: bool) {
    let held = if held { "yes" } else { "no" };
    METRICS.leases.get_or_create(&LeaseLabel { held }).inc();
}

/// An open game socket, counted until dropped.
pub struct SocketOpen(());

impl SocketOpen {
    /// A socket opened.
    pub fn new() -> SocketOpen {
        METRICS.sockets.inc();
        SocketOpen(())
    }
}

impl Default for SocketOpen {
    fn default() -> Self {
        SocketOpen::new()
    }
}

impl Drop for SocketOpen {
    fn drop(&mut self) {
        METRICS.sockets.dec();
    }
}

/// What is a state, read when the metrics are.
#[derive(Clone, Copy, Debug, Default)]
pub struct Now {
    /// Games held in memory.
    pub games_in_memory: usize,
    /// Heavy requests running.
    pub work_running: usize,
    /// Heavy requests waiting.
    pub work_waiting: usize,
    /// Read connections open.
    pub db_connections: u32,
    /// Of those, idle.
    pub db_idle: usize,
}

/// The metrics as OpenMetrics text, the states in `now` with them.
pub fn text(now: Now) -> String {
    let m = &*METRICS;
    let set = |g: &Gauge, v: u64| g.set(i64::try_from(v).unwrap_or(i64::MAX));
    set(&m.games_in_memory, now.games_in_memory as u64);
    set(&m.work_running, now.work_running as u64);
    set(&m.work_waiting, now.work_waiting as u64);
    set(&m.db_connections, u64::from(now.db_connections));
    set(&m.db_idle, now.db_idle as u64);
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = prometheus_client::encoding::text::encode(&mut out, &m.registry);
    out
}

/// A code as clients read it (`rate_limited`): the wire's own name.
fn code_name(code: Code) -> &'static str {
    // The codes are a fixed set of unit variants: each is a string.
    match serde_json::to_value(code) {
        Ok(serde_json::Value::String(s)) => intern(s),
        _ => "unknown",
    }
}

/// `s` as a `&'static str`, each distinct code leaked once: there are a
/// few dozen, fixed at compile time.
fn intern(s: String) -> &'static str {
    static NAMES: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    let mut names = NAMES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(n) = names.iter().find(|n| **n == s) {
        return n;
    }
    let n: &'static str = Box::leak(s.into_boxed_str());
    names.push(n);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_has_every_metric_and_counts_what_happened() {
        refused(Code::RateLimited);
        refused(Code::RateLimited);
        rate_limited("create");
        stroke(Duration::from_micros(300));
        let text = text(Now {
            games_in_memory: 3,
            ..Now::default()
        });
        assert!(text.ends_with("# EOF\n"), "{text}");
        assert!(text.contains("novuss_games_in_memory 3\n"), "{text}");
        assert!(
            text.lines()
                .any(|l| l.starts_with("novuss_refusals_total{code=\"rate_limited\"} ")),
            "{text}"
        );
        assert!(
            text.contains("# TYPE novuss_stroke_seconds histogram\n"),
            "{text}"
        );
        assert!(
            text.contains("novuss_rate_limited_total{limit=\"create\"}"),
            "{text}"
        );
        // One name per code, however often it is asked for.
        assert!(std::ptr::eq(
            code_name(Code::RateLimited),
            code_name(Code::RateLimited)
        ));
    }
}

//! `novuss serve`, the default command: the game in a browser.

use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::time::Duration;

use crate::database::Where;
use novuss_server::Rate;
use novuss_server::Timing;
use novuss_server::UploadQuota;
use novuss_server::{Cidr, Config, FrontDoor, MetricsAt, Server, StartError};
use novuss_server::{Listening, MAX_CONNECTIONS, PER_ADDRESS};

/// Why `novuss serve` could not serve, or stopped with an error.
///
/// Its `Display` is the one line of English that `novuss` prints after
/// `error: `, the cause's own words included (so
/// [`std::error::Error::source`] gives none).
#[derive(Debug)]
#[non_exhaustive]
pub enum ServeError {
    /// The asynchronous runtime could not start.
    Runtime(std::io::Error),
    /// The server could not start: its address, its database or its front
    /// door.
    Start(StartError),
    /// The server failed while serving.
    Run(std::io::Error),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Runtime(e) => write!(f, "cannot start the runtime: {e}"),
            ServeError::Start(e) => write!(f, "{e}"),
            ServeError::Run(e) => write!(f, "the server failed: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// Where the server listens unless told otherwise.
pub const DEFAULT_ADDR: SocketAddr = SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 8080));

/// `--max-connections` unless told otherwise: the listening loop's own
/// default.
const DEFAULT_MAX_CONNECTIONS: u32 = {
    assert!(MAX_CONNECTIONS <= u32::MAX as usize);
    MAX_CONNECTIONS as u32
};

/// `--max-connections-per-address` unless told otherwise.
const DEFAULT_PER_ADDRESS: u32 = {
    assert!(PER_ADDRESS <= u32::MAX as usize);
    PER_ADDRESS as u32
};

/// `novuss serve`'s options.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct ServeArgs {
    /// The address to listen on (port 0: any free port).
    #[arg(long, env = "NOVUSS_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The database.
    #[command(flatten)]
    pub database: Where,
    /// A host name players may open the server by, besides its IP
    /// addresses and localhost, e.g. --host novuss.lan (repeatable;
    /// NOVUSS_HOSTS takes a comma-separated list). Requests naming any
    /// other host are refused.
    #[arg(
        long = "host",
        value_name = "NAME",
        env = "NOVUSS_HOSTS",
        value_delimiter = ','
    )]
    pub hosts: Vec<String>,
    /// Another site whose pages may use this server: its origin, the
    /// scheme and host with the port unless it is the scheme's default,
    /// e.g. <https://novuss.example> (repeatable; NOVUSS_ALLOW_ORIGINS
    /// takes a comma-separated list).
    #[arg(
        long = "allow-origin",
        value_name = "URL",
        env = "NOVUSS_ALLOW_ORIGINS",
        value_delimiter = ','
    )]
    pub allow_origins: Vec<String>,
    /// The most connections open at once, WebSockets included (lowered to
    /// what the open-file limit allows); more are answered 503.
    #[arg(long, env = "NOVUSS_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,
    /// The most connections open at once from one client address (an
    /// IPv6 address by its /64), WebSockets and requests still sending
    /// their body included; more are answered 503.
    #[arg(long, env = "NOVUSS_MAX_CONNECTIONS_PER_ADDRESS",
          default_value_t = DEFAULT_PER_ADDRESS,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections_per_address: u32,
    /// How long a request's head may take to arrive, in milliseconds; also
    /// how long an idle connection is kept open.
    #[arg(long, env = "NOVUSS_HEADER_TIMEOUT_MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout_ms: u64,
    /// New games and uploaded records allowed per client address and
    /// minute, on average (0: no limit).
    #[arg(long, env = "NOVUSS_CREATE_PER_MINUTE", default_value_t = Rate::default().per_minute)]
    pub create_per_minute: u32,
    /// How many of those one address may make at once.
    #[arg(long, env = "NOVUSS_CREATE_BURST", default_value_t = Rate::default().burst,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub create_burst: u32,
    /// KiB that uploaded records may store per client address an hour.
    #[arg(long, env = "NOVUSS_UPLOAD_KIB_PER_HOUR",
          default_value_t = UploadQuota::default().kib_per_hour,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub upload_kib_per_hour: u32,
    /// KiB that one person's uploaded records may store in all.
    #[arg(long, env = "NOVUSS_UPLOAD_KIB_PER_PERSON",
          default_value_t = UploadQuota::default().kib_per_person,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub upload_kib_per_person: u32,
    /// Mark the identity cookie `Secure`, so that browsers send it over
    /// HTTPS only: for a server behind a TLS reverse proxy.
    #[arg(long, env = "NOVUSS_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// A reverse proxy in front of the server, by its address or a range
    /// (127.0.0.1, 10.0.0.0/8, fd00::/64; repeatable;
    /// NOVUSS_TRUSTED_PROXIES takes a comma-separated list). From these
    /// only, each request's client address is read from `Forwarded` or
    /// `X-Forwarded-For` (the right-most address that is not one of
    /// them) and its scheme from `X-Forwarded-Proto` (cookies set over
    /// https are `Secure`); see docs/deploy.md.
    #[arg(
        long = "trusted-proxy",
        value_name = "CIDR",
        env = "NOVUSS_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    pub trusted_proxies: Vec<Cidr>,
    /// How long a player may be away on their turn, in a game between
    /// people, before the opponent may claim the set or the match (`60s`,
    /// `2min`); 10 s after their page said goodbye, if shorter.
    #[arg(long, env = "NOVUSS_ABSENCE_GRACE", default_value = "60s",
          value_parser = duration)]
    pub absence_grace: Duration,
    /// How long a game nobody touches stays open before it ends as
    /// abandoned (`30days`, `12h`).
    #[arg(long, env = "NOVUSS_ABANDON_AFTER", default_value = "30days",
          value_parser = duration)]
    pub abandon_after: Duration,
    /// How long a WebSocket may stay silent before the server pings it;
    /// one that answers nothing for as long again is closed (`30s`).
    #[arg(long, env = "NOVUSS_SOCKET_PING", default_value = "30s",
          value_parser = duration)]
    pub socket_ping: Duration,
    /// Serve Prometheus's `/metrics` on this address of its own (port 0:
    /// any free port), for the operator's network only; see
    /// docs/deploy.md, "Watching".
    #[arg(long, env = "NOVUSS_METRICS_ADDR", conflicts_with = "metrics_on_main")]
    pub metrics_addr: Option<SocketAddr>,
    /// Serve `/metrics` beside the game, on its address, to anyone who
    /// can reach it.
    #[arg(long, env = "NOVUSS_METRICS_ON_MAIN")]
    pub metrics_on_main: bool,
    /// How log lines are written to standard error: `text` for people,
    /// `json` (one object a line, with the request's id and the game's)
    /// for a log collector.
    #[arg(long, env = "NOVUSS_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

/// How log lines are written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// Lines for people (colours on a terminal).
    #[default]
    Text,
    /// One JSON object a line.
    Json,
}

/// A duration as people write it (`60s`, `2min`, `30days`), at least a
/// second.
fn duration(text: &str) -> Result<Duration, String> {
    let d = humantime::parse_duration(text).map_err(|e| e.to_string())?;
    if d < Duration::from_secs(1) {
        return Err("at least 1s".to_owned());
    }
    Ok(d)
}

impl ServeArgs {
    /// The options with every default, as if none were given.
    pub fn defaults() -> ServeArgs {
        let rate = Rate::default();
        ServeArgs {
            addr: DEFAULT_ADDR,
            database: Where::default(),
            hosts: Vec::new(),
            allow_origins: Vec::new(),
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_connections_per_address: DEFAULT_PER_ADDRESS,
            header_timeout_ms: 10_000,
            create_per_minute: rate.per_minute,
            create_burst: rate.burst,
            upload_kib_per_hour: UploadQuota::default().kib_per_hour,
            upload_kib_per_person: UploadQuota::default().kib_per_person,
            secure_cookies: false,
            trusted_proxies: Vec::new(),
            absence_grace: Timing::DEFAULT.absence_grace,
            abandon_after: Timing::DEFAULT.abandon_after,
            socket_ping: Timing::DEFAULT.socket_ping,
            metrics_addr: None,
            metrics_on_main: false,
            log_format: LogFormat::Text,
        }
    }

    /// Where `/metrics` is served.
    pub fn metrics(&self) -> MetricsAt {
        match (self.metrics_addr, self.metrics_on_main) {
            (Some(addr), _) => MetricsAt::Addr(addr),
            (None, true) => MetricsAt::Main,
            (None, false) => MetricsAt::Off,
        }
    }

    /// The time limits these options describe.
    pub fn timing(&self) -> Timing {
        Timing {
            abandon_after: self.abandon_after,
            socket_ping: self.socket_ping,
            ..Timing::DEFAULT.with_grace(self.absence_grace)
        }
    }

    /// The front door these options describe.
    pub fn front_door(&self) -> FrontDoor {
        FrontDoor {
            hosts: self.hosts.clone(),
            allow_origins: self.allow_origins.clone(),
            listening: Listening {
                header_timeout: Duration::from_millis(self.header_timeout_ms),
                max_connections: usize::try_from(self.max_connections).unwrap_or(usize::MAX),
                per_address: usize::try_from(self.max_connections_per_address)
                    .unwrap_or(usize::MAX),
            },
            create_rate: Rate {
                per_minute: self.create_per_minute,
                burst: self.create_burst,
            },
            upload_quota: UploadQuota {
                kib_per_hour: self.upload_kib_per_hour,
                kib_per_person: self.upload_kib_per_person,
            },
            secure_cookies: self.secure_cookies,
            trusted_proxies: self.trusted_proxies.clone(),
        }
    }
}

/// Serves until Ctrl-C (or SIGTERM). Prints the address to open on
/// standard output; logs go to standard error (`RUST_LOG` filters them).
pub fn serve(args: ServeArgs) -> Result<String, ServeError> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    use std::io::IsTerminal;
    let _ = match args.log_format {
        LogFormat::Text => tracing_subscriber::fmt()
            .with_env_filter(filter)
            // Colours for a terminal, plain text for a log file.
            .with_ansi(std::io::stderr().is_terminal())
            .with_writer(std::io::stderr)
            .try_init(),
        // One object a line: the message and its fields, the level, the
        // time, and the fields of the spans it is in (the request's id,
        // the game's), flattened into `span`.
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .with_env_filter(filter)
            .with_current_span(true)
            .with_span_list(false)
            .with_writer(std::io::stderr)
            .try_init(),
    };
    // Every connection is a file descriptor: allow as many as the system
    // lets this process have.
    match novuss_server::raise_open_files() {
        Ok(Some(n)) => tracing::info!(open_files = n, "open-file limit"),
        Ok(None) => {}
        Err(e) => tracing::warn!("cannot raise the open-file limit: {e}"),
    }
    let door = args.front_door();
    let timing = args.timing();
    let metrics = args.metrics();
    let config = Config {
        addr: args.addr,
        database: args.database.named(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async {
        let server = Server::bind(&config)
            .await
            .and_then(|s| s.with_front_door(door))
            .map(|s| s.with_timing(timing))
            .map_err(ServeError::Start)?
            .with_metrics(metrics)
            .await
            .map_err(ServeError::Start)?;
        tracing::info!(database = %config.database, "database open");
        {
            // Written by hand, not println!: a closed standard output must
            // not stop the server.
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(
                out,
                "Novuss is ready: open {} in a browser (Ctrl-C stops it)",
                server.url()
            );
            if let Some(addr) = server.metrics_addr() {
                tracing::info!(%addr, "metrics served");
                let _ = writeln!(out, "Metrics: http://{addr}/metrics");
            }
            let _ = out.flush();
        }
        server.run(stop_signal()).await.map_err(ServeError::Run)
    })?;
    Ok("Novuss stopped; every stroke is stored.".to_owned())
}

async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Serve {
        #[command(flatten)]
        args: ServeArgs,
    }

    #[test]
    fn the_defaults_are_the_flags_defaults() {
        // Only when no NOVUSS_ variable is set: the flags read them.
        if std::env::vars().any(|(k, _)| k.starts_with("NOVUSS_")) {
            return;
        }
        let parsed = Serve::try_parse_from(["serve"]).unwrap().args;
        assert_eq!(parsed, ServeArgs::defaults());
        assert_eq!(parsed.front_door(), FrontDoor::default());
        assert_eq!(parsed.timing(), Timing::DEFAULT);
    }

    #[test]
    fn hosts_and_origins_repeat_or_come_comma_separated() {
        let parsed = Serve::try_parse_from([
            "serve",
            "--host",
            "a.lan,b.lan",
            "--host",
            "c.lan",
            "--allow-origin",
            "https://x.example",
        ])
        .unwrap()
        .args;
        assert_eq!(parsed.hosts, ["a.lan", "b.lan", "c.lan"]);
        assert_eq!(parsed.allow_origins, ["https://x.example"]);
        assert!(Serve::try_parse_from(["serve", "--max-connections", "0"]).is_err());
        let timed =
            Serve::try_parse_from(["serve", "--absence-grace", "5s", "--abandon-after", "2days"])
                .unwrap()
                .args
                .timing();
        assert_eq!(timed.absence_grace, Duration::from_secs(5));
        assert_eq!(
            timed.bye_grace,
            Duration::from_secs(5),
            "never longer than the grace"
        );
        assert_eq!(timed.abandon_after, Duration::from_secs(2 * 86_400));
        assert!(Serve::try_parse_from(["serve", "--absence-grace", "10ms"]).is_err());
        assert!(Serve::try_parse_from(["serve", "--abandon-after", "soon"]).is_err());
    }

    #[test]
    fn trusted_proxies_repeat_or_come_comma_separated_and_must_be_ranges() {
        let parsed = Serve::try_parse_from([
            "serve",
            "--trusted-proxy",
            "127.0.0.1,10.0.0.0/8",
            "--trusted-proxy",
            "fd00::/64",
        ])
        .unwrap()
        .args;
        let shown: Vec<String> = parsed.trusted_proxies.iter().map(Cidr::to_string).collect();
        assert_eq!(shown, ["127.0.0.1/32", "10.0.0.0/8", "fd00::/64"]);
        assert_eq!(parsed.front_door().trusted_proxies, parsed.trusted_proxies);
        let e = Serve::try_parse_from(["serve", "--trusted-proxy", "10.0.0.1/8"])
            .err()
            .expect("a range with host bits is refused")
            .to_string();
        assert!(
            e.contains("--trusted-proxy") && e.contains("10.0.0.0/8"),
            "{e}"
        );
    }
}

//! `novuss serve`, the default command: the game in a browser.

use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::path::PathBuf;

use novuss_server::{Config, Server};

/// Where the server listens unless told otherwise.
pub const DEFAULT_ADDR: SocketAddr = SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 8080));

/// The per-user data directory, or `./novuss-data` where there is none.
pub fn default_data_dir() -> PathBuf {
    dirs::data_dir().map_or_else(|| PathBuf::from("novuss-data"), |d| d.join("novuss"))
}

/// Serves until Ctrl-C (or SIGTERM). Prints the address to open on
/// standard output; logs go to standard error (`RUST_LOG` filters them).
pub fn serve(addr: SocketAddr, data_dir: Option<PathBuf>) -> Result<String, String> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    use std::io::IsTerminal;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        // Colours for a terminal, plain text for a log file.
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
    let config = Config {
        addr,
        data_dir: data_dir.unwrap_or_else(default_data_dir),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let server = Server::bind(&config).await.map_err(|e| e.to_string())?;
        tracing::info!(data = %config.data_dir.display(), "database open");
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
            let _ = out.flush();
        }
        server
            .run(stop_signal())
            .await
            .map_err(|e| format!("the server failed: {e}"))
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

pub mod accounts;
pub mod chat;
pub mod db;
pub mod live;
pub mod metrics;
pub mod play;
pub mod server;

/// Runs `f` to its end on a runtime of its own: the tests are threads,
/// and a few of their steps (a database read, a socket bound to an
/// address) are async.
pub fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

/// The `novuss` binary the tests drive: the one Cargo built for them, or
/// `NOVUSS_BIN` when set (as the browser tests take it), so that a copy
/// can be tested while another build replaces the one in `target/`.
pub fn novuss() -> std::path::PathBuf {
    std::env::var_os("NOVUSS_BIN")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_novuss").into())
}

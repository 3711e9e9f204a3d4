pub mod accounts;
pub mod chat;
pub mod db;
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

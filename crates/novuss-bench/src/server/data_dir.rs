//! A new, empty data directory for a server under test, in the system's
//! temporary directory: the benchmark never touches a real server's data.

use std::future::Future;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use super::BenchError;

/// A new directory, named after this process and a count so that the
/// modes' several servers in one run each get their own.
pub fn data_dir() -> Result<PathBuf, BenchError> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "novuss-bench-server-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    // A directory left by an earlier run with the same process id.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|error| BenchError::DataDir {
        dir: dir.clone(),
        error,
    })?;
    Ok(dir)
}

/// Runs a mode's `measure` on a runtime of its own over a new data
/// directory ([`data_dir`]), removed afterwards whatever the figures: what
/// every mode that starts a server as a process does.
pub fn measured<T, F>(measure: impl FnOnce(PathBuf) -> F) -> Result<T, BenchError>
where
    F: Future<Output = Result<T, BenchError>>,
{
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(BenchError::Runtime)?;
    let dir = data_dir()?;
    let figures = runtime.block_on(measure(dir.clone()));
    let _ = std::fs::remove_dir_all(&dir);
    figures
}

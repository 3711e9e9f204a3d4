//! Each request's span (issue 34, "Watched": "logs … with the request and
//! game ids"): a new id for the request, given back to the client as
//! `x-request-id` so that an operator finds a complaint's log lines, and
//! the request's method and the start of its path. Every line logged while
//! the request is served carries them (with `--log-format json`, as the
//! line's `span` fields).
//!
//! The whole path is not logged: a table link's path is its secret
//! (`/api/tables/{link}`), and no secret goes to a log. The first two
//! segments (`/api/tables`, `/api/games`) tell what was asked; the game's
//! own lines name the game.

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

/// A request's id: 64 random bits, as hex.
fn request_id() -> String {
    let mut id = [0u8; 8];
    // Without randomness the id is still one of this process's.
    if getrandom::fill(&mut id).is_err() {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        id = NEXT
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            .to_be_bytes();
    }
    hex::encode(id)
}

/// What a path is about: its first two segments (`/api/games`), `/` for
/// the pages.
fn about(path: &str) -> &str {
    let mut ends = path.match_indices('/').map(|(i, _)| i).skip(2);
    match ends.next() {
        Some(end) => &path[..end],
        None => path,
    }
}

/// Serves `req` inside its span, and names the id in the answer.
pub async fn traced(req: Request, next: Next) -> Response {
    let id = request_id();
    let span = tracing::info_span!(
        "request",
        request = %id,
        method = %req.method(),
        about = about(req.uri().path()),
    );
    let mut res = next.run(req).instrument(span).await;
    if let Ok(v) = HeaderValue::from_str(&id) {
        res.headers_mut().insert("x-request-id", v);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_logged_by_its_first_two_segments_only() {
        assert_eq!(about("/api/tables/0123.1.1.abcdef"), "/api/tables");
        assert_eq!(about("/api/games"), "/api/games");
        assert_eq!(about("/api/games/abc/ws"), "/api/games");
        assert_eq!(about("/"), "/");
        assert_eq!(about("/table.html"), "/table.html");
        assert_eq!(request_id().len(), 16);
        assert_ne!(request_id(), request_id());
    }
}

//! The web client, embedded in the binary from `web/` (plain ES modules,
//! no build step): one file to ship, and the page loads nothing from
//! anywhere else.

use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::error::{Code, Failure};

#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
struct Assets;

/// The file at `uri`'s path (`/` is `index.html`), or 404. Files answer
/// GET and HEAD only (the router leaves HEAD's body out); anything else is
/// `405 method_not_allowed`.
pub async fn asset(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        let mut res = Failure::new(
            Code::MethodNotAllowed,
            format!("{method} on a file of the web client: only GET and HEAD"),
        )
        .into_response();
        res.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return res;
    }
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    match Assets::get(path) {
        Some(file) => {
            let etag = hex(&file.metadata.sha256_hash());
            (
                [
                    (header::CONTENT_TYPE, file.metadata.mimetype().to_owned()),
                    // Revalidate every time: the files change with the
                    // binary, and the check costs one small request.
                    (header::CACHE_CONTROL, "no-cache".to_owned()),
                    (header::ETAG, format!("\"{etag}\"")),
                ],
                file.data,
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// Every embedded file's path and size, for the page-weight figure.
pub fn files() -> Vec<(String, usize)> {
    Assets::iter()
        .filter_map(|p| Assets::get(&p).map(|f| (p.to_string(), f.data.len())))
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

//! Request bodies, read by extractors that turn every rejection into the
//! server's own error body (docs/protocol.md, "Errors"), so that no handler
//! parses a body by hand.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use crate::error::{Code, Failure};

/// A body of at most `LIMIT` bytes (the route's `DefaultBodyLimit` must be
/// the same), as bytes.
pub struct Body<const LIMIT: usize>(pub Bytes);

/// A JSON body of at most [`crate::http::MAX_BODY`] bytes, as `T`.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, const LIMIT: usize> FromRequest<S> for Body<LIMIT> {
    type Rejection = Failure;

    async fn from_request(request: Request, state: &S) -> Result<Self, Failure> {
        Bytes::from_request(request, state)
            .await
            .map(Body)
            .map_err(|e| refusal(&e, LIMIT))
    }
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = Failure;

    async fn from_request(request: Request, state: &S) -> Result<Self, Failure> {
        let Body(bytes) = Body::<{ crate::http::MAX_BODY }>::from_request(request, state).await?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| {
            Failure::new(
                Code::BadMessage,
                format!("the body is not a valid request: {e}"),
            )
        })
    }
}

/// The refusal for a body that could not be read.
fn refusal(e: &BytesRejection, limit: usize) -> Failure {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        Failure::new(Code::TooLarge, format!("the body is over {limit} bytes"))
    } else if timed_out(e) {
        Failure::new(Code::BadMessage, "the body did not arrive in time")
    } else {
        Failure::new(Code::BadMessage, e.body_text())
    }
}

/// Whether reading the body stopped at the body-read timeout.
fn timed_out(e: &BytesRejection) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(s) = source {
        if s.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        source = s.source();
    }
    false
}

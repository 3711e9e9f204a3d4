//! Request bodies, read by extractors that turn every rejection into the
//! server's own error body (docs/protocol.md, "Errors"), so that no handler
//! parses a body by hand.

use axum::body::{Bytes, HttpBody};
use axum::extract::{FromRequest, Request};
use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use tokio::time::Instant;

use crate::error::{Code, Failure};

/// The largest request body, bytes.
pub const MAX_BODY: usize = 64 * 1024;

/// When a request's body must have arrived whole: set as the request
/// comes in ([`crate::routes::router`]), a fixed time after its head. A request
/// without one (made in-process, by a test) gets
/// [`crate::net::listen::HEADER_TIMEOUT`] from when its body is first read.
///
/// Why a deadline and not tower-http's `RequestBodyTimeout`: that one
/// times the gap between two pieces of the body, so a body sent a byte
/// every few seconds never ends.
#[derive(Clone, Copy, Debug)]
pub struct BodyDeadline(pub Instant);

/// A body of at most `LIMIT` bytes, as bytes.
pub struct Body<const LIMIT: usize>(pub Bytes);

/// A JSON body of at most [`MAX_BODY`] bytes, as `T`.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, const LIMIT: usize> FromRequest<S> for Body<LIMIT> {
    type Rejection = Failure;

    async fn from_request(request: Request, _: &S) -> Result<Self, Failure> {
        read(request, LIMIT).await.map(Body)
    }
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = Failure;

    async fn from_request(request: Request, state: &S) -> Result<Self, Failure> {
        let Body(bytes) = Body::<{ MAX_BODY }>::from_request(request, state).await?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| {
            Failure::new(
                Code::BadMessage,
                format!("the body is not a valid request: {e}"),
            )
        })
    }
}

/// Reads `request`'s body, at most `limit` bytes, by its deadline.
///
/// Each piece is copied into one buffer and dropped at once. A piece
/// hyper hands over shares the connection's read buffer (kilobytes), so
/// keeping the pieces, as collecting a body into a list of them does,
/// made a body sent a byte at a time cost about 4 kB of memory per byte.
/// Copied, a body costs at most twice its bytes (the buffer's growth),
/// and all of it is freed when the request ends.
async fn read(request: Request, limit: usize) -> Result<Bytes, Failure> {
    let deadline = request.extensions().get::<BodyDeadline>().map_or_else(
        || Instant::now() + crate::net::listen::HEADER_TIMEOUT,
        |d| d.0,
    );
    let body = request.into_body();
    let announced = usize::try_from(HttpBody::size_hint(&body).lower());
    let mut pieces = body.into_data_stream();
    let mut whole: Vec<u8> = Vec::new();
    // A `Content-Length` over the limit is refused without keeping a
    // byte of the body.
    let mut over = !announced.is_ok_and(|n| n <= limit);
    let reading = async {
        while let Some(piece) = pieces.next().await {
            let Ok(piece) = piece else {
                return Err(Failure::new(Code::BadMessage, "the body could not be read"));
            };
            // Once over the limit, the rest is read and dropped: a client
            // may go on sending what it announced, and would not read the
            // refusal if the connection were closed under it.
            if over || whole.len() + piece.len() > limit {
                over = true;
                whole = Vec::new();
                continue;
            }
            whole.extend_from_slice(&piece);
        }
        Ok(())
    };
    let read = tokio::time::timeout_at(deadline, reading).await;
    if over {
        return Err(Failure::new(
            Code::TooLarge,
            format!("the body is over {limit} bytes"),
        ));
    }
    match read {
        Ok(Ok(())) => Ok(Bytes::from(whole)),
        Ok(Err(f)) => Err(f),
        Err(_) => Err(Failure::new(
            Code::BadMessage,
            "the body did not arrive in time",
        )),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use axum::body::Body as HttpBody;
    use axum::http::{header, Request};
    use tower::ServiceExt;

    use crate::hub::Hub;
    use crate::limits::{Limiter, Rate};
    use crate::net::guard::Guard;
    use crate::store::Store;

    /// `POST /api/games` with `body` through the whole router: the status,
    /// the code and the detail.
    async fn create(body: &str) -> (u16, String, String) {
        let hub = Hub::new(Store::memory().await.unwrap());
        let (_stop, stopped) = tokio::sync::watch::channel(false);
        let app = crate::routes::router(
            hub,
            stopped,
            Arc::new(Guard::default()),
            Arc::new(Limiter::new(Rate::default())),
            Duration::from_secs(10),
            false,
        );
        let request = Request::post("/api/games")
            .header(header::HOST, "127.0.0.1")
            .header(header::CONTENT_TYPE, "application/json")
            .body(HttpBody::from(body.to_owned()))
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        let text = |k: &str| v[k].as_str().unwrap_or_default().to_owned();
        (status, text("code"), text("detail"))
    }

    /// A new game with `format`, `profile` and the computer's `level` as
    /// given (JSON values).
    fn new_game(format: &str, profile: &str, level: &str) -> String {
        format!(
            r#"{{"format":{format},"profile":{profile},"sets":1,
            "players":[{{"kind":"human"}},{{"kind":"computer","level":{level}}}]}}"#
        )
    }

    #[tokio::test]
    async fn a_name_off_its_list_is_bad_setup_and_a_name_not_text_is_bad_message() {
        let good = ("\"singles\"", "\"lnf-2017\"", "\"greedy\"");
        let (status, code, detail) = create(&new_game(good.0, good.1, good.2)).await;
        assert_eq!((status, code.as_str()), (201, ""), "{detail}");
        for (body, words) in [
            (
                new_game("\"triples\"", good.1, good.2),
                r#"unknown format "triples": singles, doubles or four_player"#,
            ),
            (
                new_game(good.0, "\"x\"", good.2),
                r#"unknown profile "x": one of lnf-2017, australia-1992, koroona"#,
            ),
            (
                new_game(good.0, good.1, "\"god\""),
                r#"unknown level "god": one of greedy, novice, beginner, amateur, club, league, expert, master"#,
            ),
        ] {
            let (status, code, detail) = create(&body).await;
            assert_eq!((status, code.as_str()), (400, "bad_setup"), "{body}");
            assert_eq!(detail, words);
        }
        for body in [
            new_game("3", good.1, good.2),
            new_game(good.0, "null", good.2),
            new_game(good.0, good.1, "[\"greedy\"]"),
        ] {
            let (status, code, detail) = create(&body).await;
            assert_eq!((status, code.as_str()), (400, "bad_message"), "{body}");
            assert!(detail.starts_with("the body is not a valid request: invalid type"));
        }
    }
}

//! The rate limit's layer over the routes that make something lasting
//! (new games, uploads): the buckets themselves are [`crate::limits`].

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{Code, Failure};
use crate::limits::{key_for, Limiter};

/// Refuses a request over its client address's rate, or over its
/// person's (layered over the routes that create something): one person
/// may come from many addresses, and many people from one (a club's
/// network; every client of a reverse proxy not named with
/// `--trusted-proxy`). The address is the client's that
/// [`crate::net::listen`] put in the request (a trusted proxy's client,
/// [`crate::net::forwarded`]); without one (a router served by something
/// else) it lets the request pass.
pub async fn limit(State(limiter): State<Arc<Limiter>>, req: Request, next: Next) -> Response {
    let Some(ConnectInfo(peer)) = req.extensions().get::<ConnectInfo<SocketAddr>>().copied() else {
        return next.run(req).await;
    };
    let now = Instant::now();
    let person = req
        .extensions()
        .get::<crate::people::identity::Visitor>()
        .and_then(|v| v.person.as_ref())
        .map(|p| key_for(p.as_str()));
    let taken = limiter
        .take(peer.ip(), now)
        .and_then(|()| person.map_or(Ok(()), |key| limiter.take(key, now)));
    match taken {
        Ok(()) => next.run(req).await,
        Err(wait) => {
            crate::metrics::rate_limited("create");
            let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
            let mut res = Failure::new(
                Code::RateLimited,
                format!("too many new games or uploads from this address or person: try again in {secs} s"),
            )
            .into_response();
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
            res
        }
    }
}

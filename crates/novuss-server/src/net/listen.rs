//! Accepting connections, with limits that a stranger on the network
//! cannot push past.
//!
//! `axum::serve` keeps every connection as long as the client likes and
//! accepts as many as come, so one client opening sockets and sending
//! nothing (or half a request) could hold every file descriptor of the
//! process. This loop serves HTTP/1.1 with hyper directly instead:
//!
//! - **Header-read timeout** ([`Listening::header_timeout`]): a request's
//!   head must arrive within it, counted from when the connection starts
//!   waiting for a request. That is also the idle keep-alive timeout: a
//!   connection that sends no next request in that time is closed. Once a
//!   connection is upgraded to a WebSocket it is the game's, and no timeout
//!   of this loop applies.
//! - **Connection cap** ([`Listening::max_connections`], never above what
//!   the open-file limit leaves, see [`connection_cap`]): every open socket,
//!   WebSockets included, holds a permit until it closes. A connection over
//!   the cap gets a short `503` (`busy`, `Retry-After: 5`) and is closed.
//! - **Connection cap per address** ([`Listening::per_address`]): one
//!   address (an IPv6 one by its /64, as the rate limits count) holds at
//!   most this many of those permits, WebSockets and requests whose body
//!   is still coming included, so that one client cannot take every
//!   connection from everyone else. Over it, the same short `503`.
//! - **The client's address** goes into every request as
//!   [`ConnectInfo<SocketAddr>`](axum::extract::ConnectInfo), for rate
//!   limits and fairness: the peer's, unless the peer is a trusted reverse
//!   proxy (`--trusted-proxy`), which names the client in a header
//!   ([`crate::net::forwarded`]; the port is then 0). Everything counted
//!   per address (the rate limits, sign-ins, the lobby, heavy work,
//!   uploads) reads it there, so it counts real clients.
//! - **Behind a trusted proxy**, the connection cap per address cannot
//!   be counted when a connection is accepted: all of them come from the
//!   proxy, and who each request is for is only known once its head is
//!   read (a proxy may even carry the requests of several clients over
//!   one connection, one after another). So a trusted proxy's connections
//!   hold none of its address's share; instead each request through it
//!   holds one of its client's share from its head until its answer is
//!   sent whole (a server-sent stream for as long as it lasts), and a
//!   WebSocket for as long as it is open. A client over its share is
//!   answered the same `503`, the proxy's connection staying open. The
//!   total cap still counts every connection of the proxy.
//!
//! Shutting down stops accepting, lets requests in flight finish, closes
//! idle connections at once and silent or half-sent ones after a second;
//! [`crate::Server::run`] bounds the wait.

use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderValue, Response, StatusCode};
use axum::Router;
use hyper::body::{Frame, Incoming, SizeHint};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

use crate::held::{Held, Share};
use crate::net::forwarded::{self, Proxies, Told};

/// The default header-read (and keep-alive idle) timeout.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The default cap on open connections: the 20,000 idle sockets a server
/// should hold (issue 22) and room beside them for everyone else's
/// requests. An idle WebSocket costs the server about 10 kB
/// (docs/benchmarks.md, "Idle sockets"), so 25,000 of them are about a
/// quarter of a gigabyte: the cap guards the file descriptors more than
/// the memory.
pub const MAX_CONNECTIONS: usize = 25_000;

/// The default cap on open connections from one address (an IPv6 /64):
/// a club's whole network behind one address (a phone or two and a few
/// tabs each for dozens of people) fits, and a hundred such clients still
/// leave the total cap far from full.
pub const PER_ADDRESS: usize = 256;

/// File descriptors kept out of the connection cap: the database, the
/// listener, the answers to connections over the cap (32 at most), logs,
/// the runtime.
pub const FD_MARGIN: u64 = 128;

/// At most this many over-the-cap connections are answered at once; more
/// are closed without an answer.
const REFUSING: usize = 32;

/// How long an over-the-cap connection may take to be answered.
const REFUSAL_TIME: Duration = Duration::from_secs(2);

/// How long a connection may take to finish at shutdown when no handler
/// is working on a request of it (a silent one, half a request, the end of
/// an answer being sent).
const GRACE: Duration = Duration::from_secs(1);

/// Counts a request a handler is working on, until dropped.
struct Working(Arc<AtomicUsize>);

impl Working {
    fn new(count: &Arc<AtomicUsize>) -> Working {
        count.fetch_add(1, Ordering::AcqRel);
        Working(count.clone())
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What a connection over the cap is told before it is closed.
const FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
content-type: application/json\r\n\
retry-after: 5\r\n\
connection: close\r\n\
content-length: 86\r\n\
\r\n\
{\"code\":\"busy\",\"detail\":\"the server has too many connections open: try again shortly\"}";

/// What a connection over its address's cap is told before it is closed.
const FULL_FOR_YOU: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
content-type: application/json\r\n\
retry-after: 5\r\n\
connection: close\r\n\
content-length: 92\r\n\
\r\n\
{\"code\":\"busy\",\"detail\":\"too many connections are open from your address: close some first\"}";

/// The body of [`FULL_FOR_YOU`], for a request through a trusted proxy
/// whose client is over its share (the proxy's connection stays open).
const FOR_YOU_BODY: &str =
    "{\"code\":\"busy\",\"detail\":\"too many connections are open from your address: close some first\"}";

/// How the loop treats connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listening {
    /// How long a request's head may take to arrive; also how long an idle
    /// keep-alive connection stays open.
    pub header_timeout: Duration,
    /// The most connections open at once (lowered to what the open-file
    /// limit allows).
    pub max_connections: usize,
    /// The most connections open at once from one address (an IPv6 /64).
    pub per_address: usize,
}

impl Default for Listening {
    fn default() -> Listening {
        Listening {
            header_timeout: HEADER_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            per_address: PER_ADDRESS,
        }
    }
}

/// Raises this process's soft limit on open files to its hard limit (on
/// Unix; elsewhere it does nothing) and returns the soft limit now in
/// force, if there is one.
pub fn raise_open_files() -> io::Result<Option<u64>> {
    #[cfg(unix)]
    {
        if !rlimit::Resource::NOFILE.is_supported() {
            return Ok(None);
        }
        rlimit::increase_nofile_limit(u64::MAX).map(Some)
    }
    #[cfg(not(unix))]
    {
        Ok(None)
    }
}

/// The soft limit on open files, where there is one.
pub fn open_files() -> Option<u64> {
    #[cfg(unix)]
    {
        rlimit::Resource::NOFILE.get().ok().map(|(soft, _)| soft)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// `wanted`, lowered so that the open-file limit `files` (if any) keeps
/// [`FD_MARGIN`] descriptors for everything else (half of it when it is
/// that small); at least 1.
pub fn connection_cap(wanted: usize, files: Option<u64>) -> usize {
    let room = match files {
        Some(f) if f > 2 * FD_MARGIN => f - FD_MARGIN,
        Some(f) => f / 2,
        None => u64::MAX,
    };
    let room = usize::try_from(room).unwrap_or(usize::MAX);
    wanted.min(room).max(1)
}

/// Shares of clients' caps that a connection holds until it closes: its
/// peer's, taken when it was accepted; or, through a trusted proxy, the
/// client's of the WebSocket it became.
type Slots = Arc<Mutex<Vec<Share<IpAddr>>>>;

/// A socket that holds its connection permit until it is dropped, even
/// after hyper hands it over to a WebSocket.
struct Counted {
    stream: TcpStream,
    _permit: OwnedSemaphorePermit,
    _slots: Slots,
}

/// An answer's body that holds its client's share until it is sent whole
/// (or dropped, when the client goes away first).
struct Holding {
    body: Body,
    _slot: Share<IpAddr>,
}

impl hyper::body::Body for Holding {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// The answer to a request through a trusted proxy whose client holds its
/// whole share of connections already.
fn full_for_you() -> Response<Body> {
    crate::metrics::rate_limited("connections_per_address");
    let mut res = Response::new(Body::from(FOR_YOU_BODY));
    *res.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    res
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Errors of `accept` that concern one connection only, not the listener.
fn one_connection(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Serves `app` on `listener` until `shutdown` completes; then stops
/// accepting, closes idle connections, and returns once every request in
/// flight is answered (WebSockets are the app's to close). The headers of
/// `proxies` name the clients of the requests they pass on.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    settings: Listening,
    proxies: Proxies,
    shutdown: impl Future<Output = ()> + Send,
) {
    let files = open_files();
    let cap = connection_cap(settings.max_connections, files);
    // The default cap is a ceiling, not a request: a system whose
    // open-file limit is lower is told, not warned.
    if cap < settings.max_connections && settings.max_connections != MAX_CONNECTIONS {
        tracing::warn!(
            wanted = settings.max_connections,
            cap,
            open_files = files,
            "the open-file limit lowers the connection cap"
        );
    }
    tracing::info!(
        cap,
        open_files = files,
        timeout = ?settings.header_timeout,
        "accepting connections"
    );
    let permits = Arc::new(Semaphore::new(cap));
    let per_address = settings.per_address.clamp(1, cap);
    // Each address's open connections, by its key (an IPv6 one by /64).
    let addresses: Arc<Held<IpAddr>> = Arc::default();
    let proxies = Arc::new(proxies);
    let refusing = Arc::new(Semaphore::new(REFUSING));
    // Every connection task holds a `done` receiver; `finished.closed()`
    // completes when the last one is dropped.
    let (finished, done) = watch::channel(());
    let (stop, stopping) = watch::channel(false);
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(settings.header_timeout)
        .keep_alive(true);
    let http = Arc::new(http);
    let mut shutdown = pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) if one_connection(&e) => continue,
            Err(e) => {
                // Out of file descriptors, most likely: wait for some to
                // close rather than spin.
                tracing::warn!("cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // Each message is written whole and should leave at once: without
        // this, Nagle's algorithm holds a small write back until the
        // previous one is acknowledged, and the client's delayed
        // acknowledgement turns that into a 40 ms stall now and then.
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(%peer, "cannot set TCP_NODELAY: {e}");
        }
        // A trusted proxy's connections are counted per client, request
        // by request, below.
        let proxied = proxies.trusts(peer.ip());
        let slots: Slots = Arc::default();
        if !proxied {
            let Some(slot) = addresses.take(crate::limits::key_of(peer.ip()), per_address) else {
                tracing::debug!(%peer, "connection refused: its address holds its share");
                crate::metrics::rate_limited("connections_per_address");
                refuse(stream, &refusing, FULL_FOR_YOU);
                continue;
            };
            slots
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(slot);
        }
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            tracing::debug!(%peer, "connection refused: the server is full");
            crate::metrics::rate_limited("connections");
            refuse(stream, &refusing, FULL);
            continue;
        };
        let io = TokioIo::new(Counted {
            stream,
            _permit: permit,
            _slots: slots.clone(),
        });
        let app = app.clone();
        let proxies = proxies.clone();
        let addresses = addresses.clone();
        // How many of this connection's requests a handler is working on.
        let working = Arc::new(AtomicUsize::new(0));
        let counting = working.clone();
        let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
            let mut req = req.map(Body::new);
            let seen = forwarded::seen(peer.ip(), req.headers(), &proxies);
            let client = if proxied {
                SocketAddr::new(seen.client, 0)
            } else {
                peer
            };
            req.extensions_mut().insert(ConnectInfo(client));
            if let Some(https) = seen.https {
                req.extensions_mut().insert(Told { https });
            }
            let slot = if proxied {
                addresses.take(crate::limits::key_of(seen.client), per_address)
            } else {
                None
            };
            let over = proxied && slot.is_none();
            let on_it = Working::new(&counting);
            let answer = app.clone().oneshot(req);
            let slots = slots.clone();
            async move {
                if over {
                    tracing::debug!(%peer, client = %seen.client, "request refused: its client holds its share");
                    return Ok::<_, std::convert::Infallible>(full_for_you());
                }
                let mut res = answer.await?;
                drop(on_it);
                if seen.https == Some(true) {
                    forwarded::mark_cookies_secure(res.headers_mut());
                }
                if let Some(slot) = slot {
                    if res.status() == StatusCode::SWITCHING_PROTOCOLS {
                        // The connection is the client's WebSocket now.
                        slots
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push(slot);
                    } else {
                        res = res.map(|body| Body::new(Holding { body, _slot: slot }));
                    }
                }
                Ok(res)
            }
        });
        let http = http.clone();
        let mut stopping = stopping.clone();
        let done = done.clone();
        tokio::spawn(async move {
            let mut conn = pin!(http.serve_connection(io, service).with_upgrades());
            // Set once shutting down: when it fires, a connection no
            // handler is working on (silent, half a request, or an answer
            // still being sent after `GRACE`) is dropped.
            let mut grace: Option<Pin<Box<tokio::time::Sleep>>> = None;
            loop {
                tokio::select! {
                    r = conn.as_mut() => {
                        if let Err(e) = r {
                            tracing::trace!(%peer, "connection ended: {e}");
                        }
                        break;
                    }
                    _ = stopping.wait_for(|s| *s), if grace.is_none() => {
                        // Idle keep-alive connections close now, the others
                        // after the request they are on.
                        conn.as_mut().graceful_shutdown();
                        grace = Some(Box::pin(tokio::time::sleep(GRACE)));
                    }
                    () = async { grace.as_mut().expect("set").await }, if grace.is_some() => {
                        if working.load(Ordering::Acquire) == 0 {
                            break;
                        }
                        grace = Some(Box::pin(tokio::time::sleep(GRACE / 10)));
                    }
                }
            }
            drop(done);
        });
    }
    drop(listener);
    let _ = stop.send(true);
    drop(done);
    finished.closed().await;
}

/// Answers a connection over the cap with [`FULL`] and closes it, without
/// holding up the accept loop; when too many are being answered already,
/// just closes it.
fn refuse(mut stream: TcpStream, refusing: &Arc<Semaphore>, answer: &'static [u8]) {
    let Ok(permit) = refusing.clone().try_acquire_owned() else {
        return;
    };
    tokio::spawn(async move {
        let _permit = permit;
        let _ = tokio::time::timeout(REFUSAL_TIME, async {
            stream.write_all(answer).await?;
            stream.shutdown().await?;
            // Read what the client sent until it closes, so that closing
            // with unread data does not reset the connection before the
            // client has read the answer.
            let mut sink = [0u8; 1024];
            while stream.read(&mut sink).await? > 0 {}
            Ok::<(), io::Error>(())
        })
        .await;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_leaves_room_under_the_open_file_limit() {
        assert_eq!(connection_cap(10_000, None), 10_000);
        assert_eq!(connection_cap(10_000, Some(1_048_576)), 10_000);
        assert_eq!(
            connection_cap(10_000, Some(1024)),
            1024 - FD_MARGIN as usize
        );
        assert_eq!(connection_cap(10_000, Some(200)), 100);
        assert_eq!(connection_cap(3, Some(1024)), 3);
        assert_eq!(connection_cap(0, Some(1024)), 1);
        assert_eq!(connection_cap(10, Some(0)), 1);
    }

    #[test]
    fn the_full_answers_are_well_formed() {
        assert!(FULL_FOR_YOU.ends_with(FOR_YOU_BODY.as_bytes()));
        for answer in [FULL, FULL_FOR_YOU] {
            let text = std::str::from_utf8(answer).unwrap();
            let (head, body) = text.split_once("\r\n\r\n").unwrap();
            assert!(head.contains(&format!("content-length: {}", body.len())));
            let v: serde_json::Value = serde_json::from_str(body).unwrap();
            assert_eq!(v["code"], "busy");
        }
    }

    #[test]
    fn one_64_is_one_address_and_ipv4_in_ipv6_is_ipv4() {
        let addresses: Held<IpAddr> = Held::default();
        let key = |s: &str| crate::limits::key_of(s.parse().unwrap());
        let _held = addresses.take(key("2001:db8:1:2::1"), 1).unwrap();
        assert!(addresses.take(key("2001:db8:1:2:ffff::9"), 1).is_none());
        assert!(addresses.take(key("2001:db8:1:3::1"), 1).is_some());
        let _v4 = addresses.take(key("192.0.2.7"), 1).unwrap();
        assert!(addresses.take(key("::ffff:192.0.2.7"), 1).is_none());
    }
}

//! The heavy requests' share of the machine: hints, analyses, replays,
//! record downloads, uploads and aims each cost from milliseconds to
//! seconds of a core, so they run on blocking threads, a few at a time.
//!
//! A client has one heavy request at a time, running or waiting: a second
//! is answered `busy` at once. When every slot is taken, a request waits
//! in line for one, first come first served, at most [`WAIT`] (then
//! `busy`). One request per client in a first-come line is a turn each: a
//! client looping replays gets its next one after everyone who asked
//! meanwhile, so a flood slows the flooder, and another client waits at
//! most for the requests already running. The line is bounded
//! ([`LINE`]): beyond it, `busy` at once.
//!
//! A client is its network address: behind a reverse proxy, the one the
//! proxy names when it is trusted (`--trusted-proxy`, docs/deploy.md);
//! behind one that is not, every client shares the proxy's address, and
//! the bound per client becomes the bound for all (docs/protocol.md,
//! "Limits").

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::{Code, Failure};
use crate::held::{Held, Share};

/// Who asks: the peer's address, when the server knows it (requests made
/// in-process, by tests and benchmarks, have none and share one slot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Client(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Infallible> {
        Ok(Client(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}

/// The longest a heavy request waits for a slot before it is answered
/// `busy`: a few of the longest requests (a long game's replay takes
/// about a second of a core).
pub const WAIT: Duration = Duration::from_secs(10);

/// The most heavy requests waiting for a slot at once (each of another
/// client): beyond it, `busy` at once, so that the line, and what waits in
/// it, stays small.
pub const LINE: usize = 64;

/// How much heavy work runs at once.
pub struct Work {
    slots: Arc<Semaphore>,
    /// How many slots there are.
    size: usize,
    per_client: usize,
    /// Each client's requests, running or waiting.
    clients: Held<Client>,
    /// Requests waiting for a slot.
    waiting: Arc<AtomicUsize>,
}

/// Counts a request waiting in line, until dropped.
struct InLine(Arc<AtomicUsize>);

impl Drop for InLine {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A client's place for a heavy request, waiting for its slot.
pub struct Queued {
    place: Share<Client>,
    slots: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    what: &'static str,
}

impl Queued {
    /// The slot, when this request's turn comes; `busy` if the line is
    /// full or the turn does not come within `wait`.
    pub async fn turn(self, wait: Duration) -> Result<Ticket, Failure> {
        if let Ok(slot) = self.slots.clone().try_acquire_owned() {
            return Ok(Ticket {
                _slot: slot,
                _place: self.place,
            });
        }
        let what = self.what;
        let busy = || {
            Failure::new(
                Code::Busy,
                format!(
                    "the server is busy with other requests: ask for the {what} again in a moment"
                ),
            )
        };
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= LINE {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(busy());
        }
        let _in_line = InLine(self.waiting.clone());
        // tokio's semaphore hands its permits out in the order they were
        // asked for: the line is first come, first served.
        match tokio::time::timeout(wait, self.slots.clone().acquire_owned()).await {
            Ok(Ok(slot)) => Ok(Ticket {
                _slot: slot,
                _place: self.place,
            }),
            _ => Err(busy()),
        }
    }
}

/// A heavy request's place: while it is held, the request runs.
pub struct Ticket {
    _slot: OwnedSemaphorePermit,
    _place: Share<Client>,
}

impl Ticket {
    /// Runs `f` (the `what` this ticket was taken for) on a blocking
    /// thread, holding the ticket until it is done.
    pub async fn run<T: Send + 'static>(
        self,
        what: &str,
        f: impl FnOnce() -> Result<T, Failure> + Send + 'static,
    ) -> Result<T, Failure> {
        let done = tokio::task::spawn_blocking(move || {
            let _ticket = self;
            f()
        })
        .await;
        done.map_err(|e| Failure::internal(&format!("the {what} failed"), &e))?
    }
}

impl Work {
    /// `slots` heavy requests at once, `per_client` of them (running or
    /// waiting) for one client.
    pub fn new(slots: usize, per_client: usize) -> Work {
        Work {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            size: slots.max(1),
            per_client: per_client.max(1),
            clients: Held::default(),
            waiting: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// For a server on `cores` cores: half of them for heavy work, so that
    /// strokes, which take well under a millisecond of a core each, always
    /// find one free; one request at a time per client.
    pub fn for_cores(cores: usize) -> Work {
        Work::new(cores.div_ceil(2), 1)
    }

    /// Heavy requests running now, and waiting for a slot: what
    /// `/metrics` shows.
    pub fn in_use(&self) -> (usize, usize) {
        let running = self.size.saturating_sub(self.slots.available_permits());
        (running, self.waiting.load(Ordering::Acquire))
    }

    /// A slot for `client`'s heavy request, when its turn comes;
    /// `busy` if the client has one already, the line is full, or the
    /// turn does not come within [`WAIT`].
    pub async fn admit(&self, client: Client, what: &'static str) -> Result<Ticket, Failure> {
        self.queue(client, what)?.turn(WAIT).await
    }

    /// `client`'s place for a heavy request, taken at once (`busy` if the
    /// client has one already); [`Queued::turn`] waits for its slot.
    pub fn queue(&self, client: Client, what: &'static str) -> Result<Queued, Failure> {
        let Some(place) = self.clients.take(client, self.per_client) else {
            return Err(Failure::new(
                Code::Busy,
                format!("one {what} at a time: wait for the last one's answer"),
            ));
        };
        Ok(Queued {
            place,
            slots: self.slots.clone(),
            waiting: self.waiting.clone(),
            what,
        })
    }

    /// Runs `f` on a blocking thread under a ticket for `client`.
    pub async fn run<T: Send + 'static>(
        &self,
        client: Client,
        what: &'static str,
        f: impl FnOnce() -> Result<T, Failure> + Send + 'static,
    ) -> Result<T, Failure> {
        self.admit(client, what).await?.run(what, f).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(last: u8) -> Client {
        Client(Some([10, 0, 0, last].into()))
    }

    #[tokio::test]
    async fn a_client_gets_one_place_and_the_others_wait_their_turn() {
        let work = Work::new(2, 1);
        let (a, b, c) = (client(1), client(2), client(3));
        let first = work.admit(a, "hint").await.unwrap();
        assert_eq!(work.admit(a, "hint").await.err().unwrap().code, Code::Busy);
        let second = work.admit(b, "hint").await.unwrap();
        // Every slot taken: c waits, and is refused when its wait is over.
        let refused = work
            .queue(c, "hint")
            .unwrap()
            .turn(Duration::from_millis(20))
            .await;
        assert_eq!(refused.err().unwrap().code, Code::Busy);
        // c waits again; a's slot, freed, is c's.
        let (third, ()) = tokio::join!(work.admit(c, "hint"), async { drop(first) });
        let third = third.unwrap();
        drop((second, third));
        assert_eq!(work.clients.holders(), 0);
        assert_eq!(work.waiting.load(Ordering::Acquire), 0);
        let _again = work.admit(a, "hint").await.unwrap();
    }

    /// A flooder asking again as soon as it is answered does not get the
    /// slot back while another client waits for it: the one who asked
    /// meanwhile goes first.
    #[tokio::test]
    async fn a_freed_slot_goes_to_whoever_waited_not_to_the_flooder() {
        let work = Arc::new(Work::new(1, 1));
        let (flooder, other) = (client(1), client(2));
        let running = work.admit(flooder, "replay").await.unwrap();
        let w = work.clone();
        let theirs = tokio::spawn(async move { w.admit(other, "record").await });
        while work.waiting.load(Ordering::Acquire) < 1 {
            tokio::task::yield_now().await;
        }
        drop(running);
        // The flooder asks again at once: the slot is the other's.
        let again = work
            .queue(flooder, "replay")
            .unwrap()
            .turn(Duration::from_millis(50))
            .await;
        assert_eq!(again.err().unwrap().code, Code::Busy);
        let theirs = theirs.await.unwrap().expect("the other client's turn");
        // Once the other's request is done, the flooder goes on.
        let (next, ()) = tokio::join!(work.admit(flooder, "replay"), async { drop(theirs) });
        assert!(next.is_ok());
    }

    #[tokio::test]
    async fn the_line_is_bounded() {
        let work = Arc::new(Work::new(1, 1));
        let _running = work.admit(client(0), "replay").await.unwrap();
        let mut waiting = Vec::new();
        for k in 0..LINE {
            let w = work.clone();
            let c = Client(Some([10, 1, (k / 250) as u8, (k % 250) as u8].into()));
            waiting.push(tokio::spawn(
                async move { w.admit(c, "replay").await.is_ok() },
            ));
        }
        while work.waiting.load(Ordering::Acquire) < LINE {
            tokio::task::yield_now().await;
        }
        let t = std::time::Instant::now();
        let over = work.admit(client(9), "replay").await;
        assert_eq!(over.err().unwrap().code, Code::Busy);
        assert!(t.elapsed() < WAIT / 2, "refused at once");
        for w in waiting {
            w.abort();
        }
    }
}

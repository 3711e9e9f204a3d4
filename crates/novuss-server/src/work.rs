//! The heavy requests' share of the machine: hints, analyses, replays,
//! record downloads and uploads each cost from milliseconds to seconds of a
//! core, so they run on blocking threads, a few at a time, and at most one
//! at a time per client. A request beyond either bound is answered `busy`
//! at once instead of queueing: a client flooding them costs others at
//! most the bound's share of the cores, and its own requests are the ones
//! refused.
//!
//! A client is its network address; behind a reverse proxy every client
//! shares the proxy's address, and the bound per client becomes the bound
//! for all (docs/protocol.md, "Limits").

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::{Code, Failure};

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

/// How much heavy work runs at once.
pub struct Work {
    slots: Arc<Semaphore>,
    per_client: usize,
    running: Arc<Mutex<HashMap<Client, usize>>>,
}

/// A heavy request's place: while it is held, the request runs.
pub struct Ticket {
    _slot: OwnedSemaphorePermit,
    client: Client,
    running: Arc<Mutex<HashMap<Client, usize>>>,
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

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = running.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                running.remove(&self.client);
            }
        }
    }
}

impl Work {
    /// `slots` heavy requests at once, `per_client` of them for one client.
    pub fn new(slots: usize, per_client: usize) -> Work {
        Work {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            per_client: per_client.max(1),
            running: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// For a server on `cores` cores: half of them for heavy work, so that
    /// strokes, which take well under a millisecond of a core each, always
    /// find one free; one request at a time per client.
    pub fn for_cores(cores: usize) -> Work {
        Work::new(cores.div_ceil(2), 1)
    }

    /// A place for `client`'s heavy request, or `busy` at once.
    pub fn admit(&self, client: Client, what: &str) -> Result<Ticket, Failure> {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = running.get(&client).copied().unwrap_or(0);
        if mine >= self.per_client {
            return Err(Failure::new(
                Code::Busy,
                format!("one {what} at a time: wait for the last one's answer"),
            ));
        }
        let Ok(slot) = self.slots.clone().try_acquire_owned() else {
            return Err(Failure::new(
                Code::Busy,
                format!(
                    "the server is busy with other requests: ask for the {what} again in a moment"
                ),
            ));
        };
        *running.entry(client).or_default() += 1;
        Ok(Ticket {
            _slot: slot,
            client,
            running: self.running.clone(),
        })
    }

    /// Runs `f` on a blocking thread under a ticket for `client`.
    pub async fn run<T: Send + 'static>(
        &self,
        client: Client,
        what: &str,
        f: impl FnOnce() -> Result<T, Failure> + Send + 'static,
    ) -> Result<T, Failure> {
        self.admit(client, what)?.run(what, f).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_gets_one_place_and_the_others_the_rest() {
        let work = Work::new(2, 1);
        let a = Client(Some([10, 0, 0, 1].into()));
        let b = Client(Some([10, 0, 0, 2].into()));
        let c = Client(Some([10, 0, 0, 3].into()));
        let first = work.admit(a, "hint").unwrap();
        assert_eq!(work.admit(a, "hint").err().unwrap().code, Code::Busy);
        let second = work.admit(b, "hint").unwrap();
        assert_eq!(
            work.admit(c, "hint").err().unwrap().code,
            Code::Busy,
            "every place taken"
        );
        drop(first);
        let third = work.admit(c, "hint").unwrap();
        drop((second, third));
        assert!(work.running.lock().unwrap().is_empty());
        let _again = work.admit(a, "hint").unwrap();
    }
}

//! Who is who (docs/protocol.md, "Who is who"): a visitor is a person at
//! once, without signing up. Their browser holds a random secret in an
//! HttpOnly cookie; the server keeps only the secret's SHA-256, so a copy
//! of the database lets nobody act as anyone.
//!
//! A fast hash is right for these secrets, unlike passwords: each is 256
//! random bits from the operating system, so there is nothing to guess
//! and nothing for a slow hash to slow down.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use tokio::sync::watch;

use crate::error::{Code, Failure};
use crate::ids::{PersonId, Secret};
use crate::store::{Store, StoreError};

/// The cookie that holds a visitor's secret.
pub const COOKIE: &str = "novuss_id";

/// How long a browser keeps the cookie: 400 days, the most browsers
/// allow; it is renewed whenever the person creates or joins a game.
const COOKIE_AGE: u64 = 400 * 24 * 3600;

/// Sessions remembered in memory, so that a request rarely reads the
/// database to learn who sent it.
const CACHED: usize = 100_000;

/// Who sent a request: the person their cookie names, if it names one.
#[derive(Clone, Debug, Default)]
pub struct Visitor {
    /// The person, if the cookie holds a live session.
    pub person: Option<PersonId>,
}

impl<S: Send + Sync> FromRequestParts<S> for Visitor {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Visitor, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Visitor>()
            .cloned()
            .unwrap_or_default())
    }
}

/// The people of one server: sessions looked up through a cache.
pub struct People {
    store: Store,
    cache: Mutex<HashMap<String, PersonId>>,
    secure: AtomicBool,
    /// Counts the sessions ended ([`People::forget`]): a lookup that read a
    /// session from the database while one ended does not cache it, so a
    /// dead session is never put back into the cache after its eviction.
    ended: AtomicU64,
    /// The sockets open under each session (by its hash), told when it
    /// ends so that they close ([`People::watch_session`]).
    sockets: Mutex<HashMap<String, watch::Sender<bool>>>,
}

/// A socket's hold on the session it was opened with: [`SessionWatch::ended`]
/// completes when that session ends (signed out, or ended by a password
/// change or a sign-in elsewhere).
pub struct SessionWatch {
    people: Arc<People>,
    hash: String,
    rx: Option<watch::Receiver<bool>>,
    gone: bool,
}

impl SessionWatch {
    /// Completes once the session has ended.
    pub async fn ended(&mut self) {
        if self.gone {
            return;
        }
        match &mut self.rx {
            // Told, or its sender dropped: either way it ended.
            Some(rx) => {
                let _ = rx.wait_for(|ended| *ended).await;
            }
            None => std::future::pending().await,
        }
        self.gone = true;
    }
}

impl Drop for SessionWatch {
    fn drop(&mut self) {
        drop(self.rx.take());
        let mut sockets = self.people.sockets();
        if sockets
            .get(&self.hash)
            .is_some_and(|tx| tx.receiver_count() == 0)
        {
            sockets.remove(&self.hash);
        }
    }
}

impl People {
    /// Over `store`; cookies marked `Secure` when `secure` (a server
    /// behind TLS).
    pub fn new(store: Store, secure: bool) -> People {
        People {
            store,
            cache: Mutex::new(HashMap::new()),
            secure: AtomicBool::new(secure),
            ended: AtomicU64::new(0),
            sockets: Mutex::new(HashMap::new()),
        }
    }

    fn sockets(&self) -> std::sync::MutexGuard<'_, HashMap<String, watch::Sender<bool>>> {
        self.sockets.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A socket opened with the session `secret` watches for its end.
    pub async fn watch_session(self: &Arc<Self>, secret: &Secret) -> SessionWatch {
        let hash = secret.hash();
        let rx = self
            .sockets()
            .entry(hash.clone())
            .or_insert_with(|| watch::channel(false).0)
            .subscribe();
        let mut w = SessionWatch {
            people: self.clone(),
            hash,
            rx: Some(rx),
            gone: false,
        };
        // A session that ended between the request's look-up and now was
        // forgotten before this watch began: asked again (a failure of the
        // database is not taken for an end).
        if matches!(self.recognise(secret).await, Ok(None)) {
            w.gone = true;
        }
        w
    }

    /// Whether cookies are marked `Secure` (a server behind TLS).
    pub fn secure(&self) -> bool {
        self.secure.load(Ordering::Relaxed)
    }

    /// Marks cookies `Secure` from now on (a server behind TLS), or not.
    pub fn set_secure(&self, secure: bool) {
        self.secure.store(secure, Ordering::Relaxed);
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<String, PersonId>> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The person whose session secret is `secret`, if any.
    pub async fn recognise(&self, secret: &Secret) -> Result<Option<PersonId>, StoreError> {
        let hash = secret.hash();
        if let Some(p) = self.cache().get(&hash) {
            return Ok(Some(p.clone()));
        }
        let ended = self.ended.load(Ordering::Acquire);
        let found = self.store.session(&hash).await?;
        if let Some(p) = &found {
            let mut cache = self.cache();
            if self.ended.load(Ordering::Acquire) != ended {
                return Ok(found);
            }
            if cache.len() >= CACHED {
                cache.clear();
            }
            cache.insert(hash, p.clone());
        }
        Ok(found)
    }

    /// The visitor's person, made now if they have none: the person and
    /// the cookie to send when one was made.
    pub async fn ensure(
        &self,
        visitor: &Visitor,
    ) -> Result<(PersonId, Option<HeaderValue>), Failure> {
        if let Some(p) = &visitor.person {
            return Ok((p.clone(), None));
        }
        let person = PersonId::random();
        let secret = Secret::random();
        self.store
            .create_person(&person, &secret.hash(), crate::store::now())
            .await?;
        tracing::info!(%person, "new person");
        Ok((person, Some(self.cookie(&secret))))
    }

    /// Forgets the sessions whose secrets hash to `hashes` (their rows
    /// are deleted already), so that they are not recognised again.
    pub fn forget(&self, hashes: &[String]) {
        let mut cache = self.cache();
        // Counted under the cache's lock: a lookup that started before
        // sees the change when it comes to insert.
        self.ended.fetch_add(1, Ordering::AcqRel);
        for h in hashes {
            cache.remove(h);
        }
        drop(cache);
        // Their sockets close.
        let mut sockets = self.sockets();
        for h in hashes {
            if let Some(tx) = sockets.remove(h) {
                tx.send_replace(true);
            }
        }
    }

    /// `person` was forgotten (on this instance or another): whatever
    /// sessions of theirs this server still holds are forgotten too, and
    /// their sockets close.
    pub fn forget_person(&self, person: &PersonId) {
        let hashes: Vec<String> = self
            .cache()
            .iter()
            .filter(|(_, p)| *p == person)
            .map(|(h, _)| h.clone())
            .collect();
        self.forget(&hashes);
    }

    /// The `Set-Cookie` value that makes the browser drop its secret.
    pub fn cleared_cookie(&self) -> HeaderValue {
        let secure = if self.secure.load(Ordering::Relaxed) {
            "; Secure"
        } else {
            ""
        };
        let text = format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}");
        HeaderValue::from_str(&text).expect("a cookie of fixed words is a header value")
    }

    /// The `Set-Cookie` value that hands `secret` to its browser.
    pub fn cookie(&self, secret: &Secret) -> HeaderValue {
        let secure = if self.secure.load(Ordering::Relaxed) {
            "; Secure"
        } else {
            ""
        };
        let text = format!(
            "{COOKIE}={}; Path=/; Max-Age={COOKIE_AGE}; HttpOnly; SameSite=Lax{secure}",
            secret.reveal()
        );
        // Hex digits and fixed words only: always a valid header value.
        HeaderValue::from_str(&text).expect("a cookie of hex digits is a header value")
    }
}

/// The session secret in a request's cookies, if one is there and well
/// formed.
pub fn secret_in(headers: &HeaderMap) -> Option<Secret> {
    cookie_in(headers, COOKIE).and_then(Secret::parse)
}

/// The value of the cookie called `name` in a request's headers, if it
/// has one (trimmed; the first, if several are so called).
pub fn cookie_in<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.trim())
}

/// Middleware: learns who sent each request from its cookie and puts a
/// [`Visitor`] in the request for the handlers. An unknown or malformed
/// cookie is a visitor with no person yet, not an error; a database
/// failure is answered as one, without the database's words.
pub async fn recognise(
    State(people): State<Arc<People>>,
    mut request: Request,
    next: Next,
) -> Result<Response, Failure> {
    let person = match secret_in(request.headers()) {
        None => None,
        Some(secret) => match people.recognise(&secret).await {
            Ok(person) => person,
            // A session row that cannot be read names nobody: the cookie
            // is unknown, as a forged one is (the visitor becomes a new
            // person when they act). The database failing is still a
            // failure.
            Err(e @ StoreError::Damaged { .. }) => {
                tracing::warn!("a session is damaged and taken for an unknown cookie: {e}");
                None
            }
            Err(e) => {
                return Err(Failure::logged(
                    Code::Storage,
                    "the database failed; nothing was stored",
                    &e,
                ))
            }
        },
    };
    request.extensions_mut().insert(Visitor { person });
    Ok(next.run(request).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_fresh_hex_and_hide_in_logs() {
        let (a, b) = (Secret::random(), Secret::random());
        assert_ne!(a, b);
        assert_eq!(a.reveal().len(), 64);
        assert_eq!(Secret::parse(a.reveal()), Some(a.clone()));
        assert_eq!(format!("{a:?}"), "Secret(…)");
        assert_eq!(a.hash().len(), 64);
        assert_ne!(a.hash(), a.reveal());
        for bad in ["", "zz", &a.reveal().to_uppercase(), &a.reveal()[1..]] {
            assert_eq!(Secret::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_session_cookie_is_found_among_others() {
        let s = Secret::random();
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("a=1; {COOKIE}={}; b=2", s.reveal())).unwrap(),
        );
        assert_eq!(secret_in(&h), Some(s));
        h.insert(header::COOKIE, HeaderValue::from_static("novuss_id=nothex"));
        assert_eq!(secret_in(&h), None);
    }
}

//! Optional accounts (docs/protocol.md, "Accounts"): a person may choose a
//! user name and a password, and sign in with them on other devices to be
//! the same person there, with the same games and seats. Nobody needs one:
//! playing the computer, hot-seat and games by invitation work without.
//!
//! An account is the person who made it: registering keeps the person's
//! id, so every seat they hold stays theirs. A session is what it was
//! before accounts, a random secret in the `novuss_id` cookie stored as its
//! SHA-256 (`identity.rs`); signing in only makes a new one for the
//! account's person.
//!
//! Passwords are hashed with Argon2id (RustCrypto's `argon2` crate: the
//! algorithm OWASP recommends first, in the PHC string format that carries
//! its own random salt and parameters). Hashing is slow on purpose, so it
//! runs on blocking threads, a few at a time ([`HASHING_AT_ONCE`]): a
//! flood of sign-ins queues for those permits instead of taking the cores
//! from games. Sign-ins, registrations and password changes are limited
//! per address; sign-ins also per address and user name, and per user
//! name from every address together; password changes also per session;
//! all with the server's token buckets ([`crate::limits::Limiter`]). A
//! device that was signed in to the account before (its session, or the
//! device cookie every sign-in leaves) signs in held to its address's
//! limit only: the name is limited per pair and not locked, so a guesser
//! elsewhere, or at the same address, cannot lock the owner out of a
//! device they used; only a new device waits, and is told for how long.
//!
//! Whether a user name has an account is no secret: registering must say
//! that a name is taken, so signing in says that a name has no account
//! (`unknown_username`), both at once and without hashing, under the same
//! limit per address.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::from_fn;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use tokio::sync::Semaphore;

use crate::competitions::Desk;
use crate::error::{Code, Failure};
use crate::hub::Hub;
use crate::ids::{PersonId, Secret};
use crate::limits::{Limiter, Rate};
use crate::net::body::JsonBody;
use crate::people::identity::{secret_in, Visitor};
use crate::store::{AccountRow, NewAccount, Registered};
use crate::wire::http::accounts::{Credentials, ForgetMe, Password, PasswordChange};
use crate::wire::http::people::{Account, Me};

/// Password hashes computed at once, at most. Each takes 19 MiB and tens of
/// milliseconds of one core; two leave the other cores to the games.
pub const HASHING_AT_ONCE: usize = 2;

/// How long a request waits for a hashing permit before it is told the
/// server is busy.
const HASHING_WAIT: Duration = Duration::from_secs(10);

/// Sign-ins and registrations per address: 20 at once, then 20 a minute.
pub const PER_ADDRESS: Rate = Rate {
    per_minute: 20,
    burst: 20,
};

/// Sign-ins per address and user name (and password changes per session):
/// 10 at once, then 5 a minute. A guesser at one address is held to this
/// for one name; the name's owner elsewhere, or on a known device, is not.
pub const PER_PAIR: Rate = Rate {
    per_minute: 5,
    burst: 10,
};

/// Sign-ins per user name from every address together: 60 at once, then
/// 30 a minute, so that a name cannot be guessed at quickly from many
/// addresses. A device that was signed in to the account before is not
/// held to it (only to [`PER_ADDRESS`]): guessers at many
/// addresses may hold a name's new devices back, never its known ones.
pub const PER_NAME: Rate = Rate {
    per_minute: 30,
    burst: 60,
};

/// The cookie a device keeps once it has signed in to an account, to be
/// known at its next sign-in even after signing out.
pub const DEVICE_COOKIE: &str = "novuss_device";

/// The shortest and longest user names, in characters.
pub const USERNAME_LEN: (usize, usize) = (3, 24);

/// The shortest and longest passwords, in characters.
pub const PASSWORD_LEN: (usize, usize) = (8, 128);

/// Argon2id with OWASP's first recommendation (Password Storage Cheat
/// Sheet): m = 19 MiB (19,456 KiB), t = 2 passes, p = 1 lane; a 32-byte
/// output.
fn argon2() -> Argon2<'static> {
    // Fixed values inside Argon2's ranges: `Params::new` cannot refuse them.
    let params = Params::new(19 * 1024, 2, 1, Some(32)).expect("OWASP's Argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The accounts' share of the server: the hub (its store and people), the
/// hashing permits and the rate limits.
pub struct Accounts {
    hub: Arc<Hub>,
    /// The competitions held here, read again when forgetting a person
    /// rewrote their entries.
    desk: Arc<Desk>,
    hashing: Semaphore,
    by_address: Limiter,
    by_pair: Limiter,
    by_name: Limiter,
}

/// A user name's stored key, or why it cannot be one. Only ASCII letters
/// are taken, so that case-folding is exact and no two names look alike
/// in different scripts.
pub fn username_key(name: &str) -> Result<String, Failure> {
    let n = name.chars().count();
    let ok_chars = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if n < USERNAME_LEN.0 || n > USERNAME_LEN.1 || !ok_chars {
        return Err(Failure::new(
            Code::BadUsername,
            "a user name is 3 to 24 letters (a-z), digits, '_' or '-'",
        ));
    }
    Ok(name.to_ascii_lowercase())
}

/// Whether `password` may be one: 8 to 128 characters, anything else free.
pub fn check_password(password: &Password) -> Result<(), Failure> {
    let n = password.0.chars().count();
    if n < PASSWORD_LEN.0 || n > PASSWORD_LEN.1 {
        return Err(Failure::new(
            Code::BadPassword,
            "a password is 8 to 128 characters",
        ));
    }
    Ok(())
}

/// The client's address, when the server was reached through
/// [`crate::net::listen`] (which puts it in every request).
pub struct Peer(Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Peer, Self::Rejection> {
        Ok(Peer(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}

/// The limiter's key for a user name: its SHA-256 as the /64 network of an
/// IPv6 address, since the limiter counts IPv6 addresses by their /64 (a
/// bucket per name, in a limiter of names alone, bounded as for addresses).
fn name_key(key: &str) -> IpAddr {
    crate::limits::key_for(key)
}

/// The limiter's key for a user name tried from `ip`: the address (an IPv6
/// one by its /64, as the limits count addresses) and the name together.
fn pair_key(ip: IpAddr, key: &str) -> IpAddr {
    let network = crate::limits::key_of(ip);
    crate::limits::key_for(&format!("{network}\n{key}"))
}

/// The device cookie's value for `account`: a hash of its person and its
/// password's hash, so it is worth nothing elsewhere and stops being
/// known when the password changes.
fn device_token(account: &AccountRow) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"novuss device\n");
    h.update(account.person.as_str().as_bytes());
    h.update(b"\n");
    h.update(account.password_hash.as_bytes());
    hex::encode(h.finalize())
}

/// The device cookie a request carries, if any.
fn device_in(headers: &HeaderMap) -> Option<String> {
    crate::people::identity::cookie_in(headers, DEVICE_COOKIE).map(str::to_owned)
}

/// Whether `a` and `b` are equal, in a time that does not depend on where
/// they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// Whether the request comes from a device signed in to `account` before:
/// its session is the account's, or it holds the account's device cookie.
fn known_device(visitor: &Visitor, headers: &HeaderMap, account: &AccountRow) -> bool {
    let signed_in = visitor.person.as_ref() == Some(&account.person);
    let cookie =
        device_in(headers).is_some_and(|c| same(c.as_bytes(), device_token(account).as_bytes()));
    signed_in || cookie
}

/// A request over a rate limit: how long until there is room, and for what.
pub struct Limited(Duration, &'static str);

impl IntoResponse for Limited {
    fn into_response(self) -> Response {
        crate::metrics::rate_limited("sign_in");
        let secs = self.0.as_secs_f64().ceil().max(1.0) as u64;
        let mut res = Failure::new(
            Code::RateLimited,
            format!("too many {}: try again in {secs} s", self.1),
        )
        .into_response();
        res.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        res
    }
}

fn wrong_password() -> Failure {
    Failure::new(Code::WrongPassword, "wrong password")
}

fn unknown_username() -> Failure {
    Failure::new(Code::UnknownUsername, "no account has that user name")
}

fn not_signed_in() -> Failure {
    Failure::new(
        Code::NotSignedIn,
        "only a person signed in to an account may do that",
    )
}

/// What every account route answers: who the browser is now, as
/// `GET /api/me` says it.
fn me(person: Option<&PersonId>, name: Option<String>, username: Option<&str>) -> Response {
    Json(Me {
        person: person.cloned(),
        name,
        account: username.map(|u| Account {
            username: u.to_owned(),
        }),
    })
    .into_response()
}

impl Accounts {
    /// The accounts of `hub`'s people.
    pub fn new(hub: Arc<Hub>, desk: Arc<Desk>) -> Accounts {
        Accounts {
            hub,
            desk,
            hashing: Semaphore::new(HASHING_AT_ONCE),
            by_address: Limiter::new(PER_ADDRESS),
            by_pair: Limiter::new(PER_PAIR),
            by_name: Limiter::new(PER_NAME),
        }
    }

    fn limit_address(&self, peer: &Peer) -> Result<(), Limited> {
        match peer.0 {
            Some(ip) => self
                .by_address
                .take(ip, Instant::now())
                .map_err(|w| Limited(w, "sign-ins from this address")),
            None => Ok(()),
        }
    }

    fn limit_pair(&self, peer: &Peer, key: &str) -> Result<(), Limited> {
        match peer.0 {
            Some(ip) => self
                .by_pair
                .take(pair_key(ip, key), Instant::now())
                .map_err(|w| Limited(w, "sign-ins to this user name from this address")),
            None => Ok(()),
        }
    }

    /// A signed-in session's password changes, in the pairs' limiter (a
    /// bucket per session, apart from every address and name pair).
    fn limit_session(&self, headers: &HeaderMap, person: &PersonId) -> Result<(), Limited> {
        let key = match secret_in(headers) {
            Some(secret) => format!("session\n{}", secret.hash()),
            None => format!("person\n{}", person.as_str()),
        };
        self.by_pair
            .take(crate::limits::key_for(&key), Instant::now())
            .map_err(|w| Limited(w, "password changes on this device"))
    }

    fn limit_name(&self, key: &str) -> Result<(), Limited> {
        self.by_name
            .take(name_key(key), Instant::now())
            .map_err(|w| Limited(w, "sign-ins to this user name"))
    }

    /// Runs `work` on a blocking thread once a hashing permit is free.
    async fn hashing<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Failure> {
        let permit = tokio::time::timeout(HASHING_WAIT, self.hashing.acquire())
            .await
            .map_err(|_| Failure::new(Code::Busy, "too many sign-ins at once: try again"))?
            .map_err(|e| Failure::internal("the hashing permits are closed", &e))?;
        let out = tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| Failure::internal("hashing a password failed", &e))?;
        drop(permit);
        Ok(out)
    }

    /// The PHC string of `password`, with a fresh random salt.
    async fn hash(&self, password: Password) -> Result<String, Failure> {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)
            .map_err(|e| Failure::internal("the random source failed", &e))?;
        self.hashing(move || {
            let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
            argon2()
                .hash_password(password.0.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| e.to_string())
        })
        .await?
        .map_err(|e| Failure::internal("hashing a password failed", &e))
    }

    /// Whether `password` is the one `phc` was made from.
    async fn verify(&self, password: Password, phc: String) -> Result<bool, Failure> {
        self.hashing(move || match PasswordHash::new(&phc) {
            Ok(parsed) => Ok(argon2()
                .verify_password(password.0.as_bytes(), &parsed)
                .is_ok()),
            Err(e) => Err(e.to_string()),
        })
        .await?
        .map_err(|e| Failure::internal("a stored password hash cannot be read", &e))
    }

    /// The `Set-Cookie` value that leaves `account`'s device cookie.
    /// The `Set-Cookie` value that makes the browser drop its device
    /// cookie.
    fn cleared_device_cookie(&self) -> HeaderValue {
        let secure = if self.hub.people().secure() {
            "; Secure"
        } else {
            ""
        };
        let text = format!(
            "{DEVICE_COOKIE}=; Path=/api/account; Max-Age=0; HttpOnly; SameSite=Strict{secure}"
        );
        HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static(""))
    }

    fn device_cookie(&self, account: &AccountRow) -> HeaderValue {
        let secure = if self.hub.people().secure() {
            "; Secure"
        } else {
            ""
        };
        let text = format!(
            "{DEVICE_COOKIE}={}; Path=/api/account; Max-Age={}; HttpOnly; SameSite=Strict{secure}",
            device_token(account),
            400 * 24 * 3600
        );
        // Hex digits and fixed words only: always a valid header value.
        HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static(""))
    }

    async fn name_of(&self, person: &PersonId) -> Result<Option<String>, Failure> {
        Ok(self.hub.store().person_name(person).await?.flatten())
    }
}

/// The account routes, each a `POST` with a JSON body (the front door's
/// `application/json` check: a form of another site cannot send one).
pub fn routes(accounts: Arc<Accounts>) -> Router {
    Router::new()
        .route("/api/account/register", post(register))
        .route("/api/account/signin", post(sign_in))
        .route("/api/account/signout", post(sign_out))
        .route("/api/account/password", post(change_password))
        .route("/api/me/forget", post(forget_me))
        .route_layer(from_fn(crate::net::guard::json_only))
        .with_state(accounts)
}

/// `POST /api/account/register`: the visitor's person becomes an account
/// (a visitor with no person gets a new one), with a new session.
pub async fn register(
    State(a): State<Arc<Accounts>>,
    peer: Peer,
    visitor: Visitor,
    JsonBody(c): JsonBody<Credentials>,
) -> Result<Response, Response> {
    a.limit_address(&peer)
        .map_err(IntoResponse::into_response)?;
    let key = username_key(&c.username).map_err(IntoResponse::into_response)?;
    a.hub
        .words()
        .check(&c.username, "a user name")
        .map_err(IntoResponse::into_response)?;
    check_password(&c.password).map_err(IntoResponse::into_response)?;
    let store = a.hub.store();
    let fail = |f: Failure| f.into_response();
    if let Some(p) = &visitor.person {
        if store
            .account(p)
            .await
            .map_err(Failure::from)
            .map_err(fail)?
            .is_some()
        {
            return Err(fail(Failure::new(
                Code::AlreadyAccount,
                "this person has an account already",
            )));
        }
    }
    // Checked before the slow hash too (and again when storing).
    let taken = || Failure::new(Code::UsernameTaken, "another account has that user name");
    if store
        .account_named(&key)
        .await
        .map_err(Failure::from)
        .map_err(fail)?
        .is_some()
    {
        return Err(fail(taken()));
    }
    let hash = a.hash(c.password).await.map_err(fail)?;
    let (person, new_person) = match &visitor.person {
        Some(p) => (p.clone(), false),
        None => (PersonId::random(), true),
    };
    let secret = Secret::random();
    let done = store
        .register(&NewAccount {
            person: &person,
            new_person,
            username: &c.username,
            username_key: &key,
            password_hash: &hash,
            session_hash: &secret.hash(),
            now: crate::store::now(),
        })
        .await
        .map_err(Failure::from)
        .map_err(fail)?;
    match done {
        Registered::NameTaken => return Err(fail(taken())),
        Registered::AlreadyAccount => {
            return Err(fail(Failure::new(
                Code::AlreadyAccount,
                "this person has an account already",
            )))
        }
        Registered::Done { ended } => a.hub.people().forget(&ended),
    }
    // Only the person is logged: the user name is theirs to keep private.
    tracing::info!(%person, "new account");
    let name = a.name_of(&person).await.map_err(fail)?;
    let mut res = me(Some(&person), name, Some(&c.username));
    *res.status_mut() = StatusCode::CREATED;
    res.headers_mut()
        .append(header::SET_COOKIE, a.hub.people().cookie(&secret));
    let account = AccountRow {
        person: person.clone(),
        username: c.username.clone(),
        password_hash: hash,
    };
    res.headers_mut()
        .append(header::SET_COOKIE, a.device_cookie(&account));
    Ok(res)
}

/// `POST /api/account/signin`: a new session for the account's person. The
/// device's session before ends; an anonymous person's seats move to the
/// account (see [`crate::store::Store::sign_in`]).
pub async fn sign_in(
    State(a): State<Arc<Accounts>>,
    peer: Peer,
    visitor: Visitor,
    headers: HeaderMap,
    JsonBody(c): JsonBody<Credentials>,
) -> Result<Response, Response> {
    a.limit_address(&peer)
        .map_err(IntoResponse::into_response)?;
    let fail = |f: Failure| f.into_response();
    // A name that cannot be one has no account. Whether a name has one is
    // told at once, as registering tells that it is taken.
    let Some(key) = username_key(&c.username).ok() else {
        return Err(fail(unknown_username()));
    };
    let Some(account) = a
        .hub
        .store()
        .account_named(&key)
        .await
        .map_err(Failure::from)
        .map_err(fail)?
    else {
        return Err(fail(unknown_username()));
    };
    // A device signed in before is held to the limits of its address
    // only; any other, to the name's from every address too.
    if !known_device(&visitor, &headers, &account) {
        a.limit_pair(&peer, &key)
            .map_err(IntoResponse::into_response)?;
        a.limit_name(&key).map_err(IntoResponse::into_response)?;
    }
    if !a
        .verify(c.password, account.password_hash.clone())
        .await
        .map_err(fail)?
    {
        return Err(fail(wrong_password()));
    }
    // Told only to one who knows the password: a closed account's name is
    // not a secret, but its state is its owner's to learn.
    let standing = a
        .hub
        .store()
        .standing(&account.person)
        .await
        .map_err(Failure::from)
        .map_err(fail)?;
    crate::policy::may_sign_in(&standing).map_err(fail)?;
    let person = account.person.clone();
    let previous = visitor
        .person
        .as_ref()
        .and_then(|_| secret_in(&headers))
        .map(|s| s.hash());
    let secret = Secret::random();
    let done = a
        .hub
        .store()
        .sign_in(
            &person,
            &secret.hash(),
            previous.as_deref(),
            crate::store::now(),
        )
        .await
        .map_err(Failure::from)
        .map_err(fail)?;
    if let Some(h) = done.ended {
        a.hub.people().forget(&[h]);
    }
    if !done.moved.is_empty() {
        tracing::info!(%person, seats = done.moved.len(), "an anonymous person's seats moved to their account");
        a.hub.reseated(&person, &done.moved).await.map_err(fail)?;
    }
    if done.rated {
        // Their rated results moved with the seats: every rating is built
        // again from the results, in order. The sign-in is done either
        // way; a failure leaves what `novuss ratings recompute --write`
        // puts right.
        match crate::ratings::rerate(a.hub.store()).await {
            Ok(report) => {
                tracing::info!(%person, changes = report.changes, "ratings rebuilt after results moved")
            }
            Err(e) => tracing::error!(%person, "ratings not rebuilt after results moved: {e}"),
        }
    }
    let name = a.name_of(&person).await.map_err(fail)?;
    let mut res = me(Some(&person), name, Some(&account.username));
    res.headers_mut()
        .append(header::SET_COOKIE, a.hub.people().cookie(&secret));
    res.headers_mut()
        .append(header::SET_COOKIE, a.device_cookie(&account));
    Ok(res)
}

/// `POST /api/account/signout`: this session ends and the browser forgets
/// its cookie. Only an account's session may end so: an anonymous person's
/// cookie is all that holds their games.
pub async fn sign_out(
    State(a): State<Arc<Accounts>>,
    visitor: Visitor,
    headers: HeaderMap,
) -> Result<Response, Failure> {
    let Some(person) = &visitor.person else {
        return Err(not_signed_in());
    };
    if a.hub.store().account(person).await?.is_none() {
        return Err(not_signed_in());
    }
    if let Some(secret) = secret_in(&headers) {
        let hash = secret.hash();
        a.hub.store().end_session(&hash).await?;
        a.hub.people().forget(&[hash]);
    }
    let mut res = me(None, None, None);
    res.headers_mut()
        .append(header::SET_COOKIE, a.hub.people().cleared_cookie());
    Ok(res)
}

/// `POST /api/account/password`: a new password, given the old one; every
/// other session of the account ends.
pub async fn change_password(
    State(a): State<Arc<Accounts>>,
    peer: Peer,
    visitor: Visitor,
    headers: HeaderMap,
    JsonBody(c): JsonBody<PasswordChange>,
) -> Result<Response, Response> {
    let fail = |f: Failure| f.into_response();
    let Some(person) = &visitor.person else {
        return Err(fail(not_signed_in()));
    };
    let Some(account) = a
        .hub
        .store()
        .account(person)
        .await
        .map_err(Failure::from)
        .map_err(fail)?
    else {
        return Err(fail(not_signed_in()));
    };
    a.limit_address(&peer)
        .map_err(IntoResponse::into_response)?;
    // Signed in: a known device. Its guesses at the current password are
    // counted per session, not per address and name, so that a stranger
    // guessing at the name's sign-in from the same address (one home
    // network, one mobile carrier's) cannot stop the owner changing it.
    a.limit_session(&headers, person)
        .map_err(IntoResponse::into_response)?;
    check_password(&c.new).map_err(fail)?;
    if !a
        .verify(c.old, account.password_hash.clone())
        .await
        .map_err(fail)?
    {
        return Err(fail(wrong_password()));
    }
    let hash = a.hash(c.new).await.map_err(fail)?;
    let keep = secret_in(&headers).map(|s| s.hash()).unwrap_or_default();
    let ended = a
        .hub
        .store()
        .set_password(person, &hash, &keep)
        .await
        .map_err(Failure::from)
        .map_err(fail)?
        .ok_or_else(|| fail(not_signed_in()))?;
    a.hub.people().forget(&ended);
    tracing::info!(%person, ended = ended.len(), "a password changed");
    let name = a.name_of(person).await.map_err(fail)?;
    let mut res = me(Some(person), name, Some(&account.username));
    // The device cookies made from the old password are known no more;
    // this device gets one of the new.
    let changed = AccountRow {
        password_hash: hash,
        ..account
    };
    res.headers_mut()
        .append(header::SET_COOKIE, a.device_cookie(&changed));
    Ok(res)
}

/// `POST /api/me/forget`: the visitor's person is forgotten (issue 34,
/// "People's data is theirs"; docs/privacy.md). An account's password is
/// asked again; an anonymous person's cookie is all that holds them. The
/// games they were playing against people end (`hub/forget.rs`); their
/// name, account, sessions and chat lines' words go; the browser drops
/// both cookies. Answers `GET /api/me` as it now stands: nobody.
pub async fn forget_me(
    State(a): State<Arc<Accounts>>,
    peer: Peer,
    visitor: Visitor,
    headers: HeaderMap,
    JsonBody(f): JsonBody<ForgetMe>,
) -> Result<Response, Response> {
    let fail = |f: Failure| f.into_response();
    let nobody = || Failure::new(Code::UnknownPlayer, "this browser holds nobody to forget");
    let Some(person) = &visitor.person else {
        return Err(fail(nobody()));
    };
    let account = a
        .hub
        .store()
        .account(person)
        .await
        .map_err(Failure::from)
        .map_err(fail)?;
    if let Some(account) = account {
        a.limit_address(&peer)
            .map_err(IntoResponse::into_response)?;
        a.limit_session(&headers, person)
            .map_err(IntoResponse::into_response)?;
        let Some(password) = f.password else {
            return Err(fail(wrong_password()));
        };
        if !a
            .verify(password, account.password_hash)
            .await
            .map_err(fail)?
        {
            return Err(fail(wrong_password()));
        }
    }
    let forgotten = a
        .hub
        .forget(person)
        .await
        .map_err(fail)?
        .ok_or_else(|| fail(nobody()))?;
    // Before the answer: a page the person (or anyone) opens next reads
    // the competitions without their name. Other servers sharing the
    // database hear of it from the store's notices.
    a.desk.rewritten(&forgotten.competitions).await;
    let mut res = me(None, None, None);
    res.headers_mut()
        .append(header::SET_COOKIE, a.hub.people().cleared_cookie());
    res.headers_mut()
        .append(header::SET_COOKIE, a.cleared_device_cookie());
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_names_are_short_plain_and_case_folded() {
        assert_eq!(username_key("Anna_B-2").unwrap(), "anna_b-2");
        for bad in [
            "ab",
            "",
            &"a".repeat(25),
            "an na",
            "anna!",
            "jānis",
            "a\u{0}b",
        ] {
            assert_eq!(
                username_key(bad).unwrap_err().code,
                Code::BadUsername,
                "{bad:?}"
            );
        }
        assert!(username_key(&"a".repeat(24)).is_ok());
    }

    #[test]
    fn passwords_are_8_to_128_characters_and_never_printed() {
        let p = |s: &str| Password(s.to_owned());
        assert!(check_password(&p("12345678")).is_ok());
        assert!(check_password(&p(&"ā".repeat(128))).is_ok());
        for bad in ["", "1234567", &"x".repeat(129)] {
            assert_eq!(check_password(&p(bad)).unwrap_err().code, Code::BadPassword);
        }
        assert_eq!(format!("{:?}", p("hunter22")), "Password(…)");
    }

    #[test]
    fn names_have_buckets_apart_from_each_other() {
        assert_eq!(name_key("anna"), name_key("anna"));
        assert_ne!(name_key("anna"), name_key("janis"));
    }

    #[test]
    fn hashes_are_argon2id_with_owasp_parameters_and_verify() {
        let salt = SaltString::encode_b64(&[7u8; 16]).unwrap();
        let phc = argon2()
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        let parsed = PasswordHash::new(&phc).unwrap();
        assert!(argon2().verify_password(b"correct horse", &parsed).is_ok());
        assert!(argon2().verify_password(b"correct horsf", &parsed).is_err());
    }
}

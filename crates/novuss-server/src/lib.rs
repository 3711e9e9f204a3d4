//! The novuss server: games of Novuss over HTTP and WebSocket
//! (docs/protocol.md), stored in SQLite or PostgreSQL, with the web client
//! embedded.
//!
//! The server is authoritative. A client sends what a player does; one
//! policy decides whether that client may ask it (`policy.rs`); the game's
//! room checks it against the game, simulates and judges it with the core,
//! stores the event, and only then tells every client of the game, with
//! the exact motion and the verdict.
//!
//! The modules are private; this page lists all the crate offers: the
//! server and how to start it ([`Server`], [`Config`], [`FrontDoor`]), and
//! the few types the `novuss` binary, its benchmarks and its tests use.
//! docs/architecture.md ("The server") maps the modules: the leaves (ids,
//! errors, the Glicko-2 arithmetic, limits, offers, the event feed), the
//! store, the features (people, chat, ratings, a game and its room), the
//! hub that holds the games in memory, the lobby over the hub, and the
//! network's edge (`net/`).

#![warn(missing_docs)]

mod chat;
mod competitions;
mod error;
mod feed;
mod game;
mod glicko;
#[cfg(test)]
mod golden;
mod held;
mod hub;
mod ids;
mod limits;
mod lobby;
mod metrics;
mod moderation;
mod net;
mod offers;
mod people;
mod policy;
mod ratings;
mod routes;
mod series;
mod store;
mod table_ratings;
mod wire;
mod wordlist;

pub use error::{Code, Failure};
pub use game::clock::Timing;
pub use game::room::Play;
pub use game::setup::NewGame;
pub use hub::{Hub, UploadQuota};
pub use ids::{GameId, PersonId};
pub use limits::Rate;
pub use net::accounts::username_key;
pub use net::forwarded::{Cidr, CidrError};
pub use net::listen::{open_files, raise_open_files, Listening, MAX_CONNECTIONS, PER_ADDRESS};
pub use net::web::files as web_files;
pub use people::identity::Visitor;
pub use ratings::{recompute, Report};
pub use store::now;
pub use store::{backup_sqlite, restore_sqlite, BackupError, Contents, Copied, Restored};
pub use store::{Append, Heard, NewRow, Notice, Shared, Store, StoreError, LEASE};
pub use store::{WordLang, WordRow, WordsAdded, WordsRemoved};
pub use table_ratings::{recompute as recompute_tables, TableReport};
pub use wire::ws_in::StrokeRequest;
pub use wordlist::matching::{entry as word_entry, EntryError};
pub use wordlist::REFRESH as WORD_LIST_REFRESH;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::limits::Limiter;
use crate::net::guard::{Guard, GuardError};

/// Where the server listens and keeps its data.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// The database.
    pub database: Database,
}

/// Which database a server keeps its games in.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Database {
    /// SQLite: `novuss.sqlite3` in this directory (the default).
    Dir(PathBuf),
    /// A database URL: `postgres://…` (PostgreSQL, which several servers
    /// may share) or `sqlite://PATH`.
    Url(String),
}

impl Database {
    /// Opens it, creating and migrating it.
    pub async fn open(&self) -> Result<Store, StoreError> {
        match self {
            Database::Dir(dir) => Store::open(dir).await,
            Database::Url(url) => Store::connect(url).await,
        }
    }
}

/// Where it is, without the password a URL may hold: this is what logs
/// and error messages show.
impl std::fmt::Display for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Dir(dir) => write!(f, "{}", dir.display()),
            Database::Url(text) => match url::Url::parse(text) {
                Ok(mut u) => {
                    if u.password().is_some() {
                        let _ = u.set_password(Some("****"));
                    }
                    // Query parameters may carry a password too.
                    u.set_query(None);
                    write!(f, "{u}")
                }
                Err(_) => f.write_str("(a database URL that cannot be read)"),
            },
        }
    }
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Database({self})")
    }
}

/// What the server accepts from the network, and from whom
/// (docs/protocol.md, "Refusals"). The default answers only for IP
/// addresses and `localhost`, to its own pages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrontDoor {
    /// Host names accepted in `Host`, besides IP addresses and
    /// `localhost` (`--host`).
    pub hosts: Vec<String>,
    /// Other sites whose pages may use the server, as
    /// `http(s)://host[:port]` (`--allow-origin`).
    pub allow_origins: Vec<String>,
    /// The header-read timeout and the connection cap.
    pub listening: Listening,
    /// New games and uploads per client address.
    pub create_rate: Rate,
    /// What uploaded records may store, per address an hour and per
    /// person.
    pub upload_quota: hub::UploadQuota,
    /// Whether identity cookies are marked `Secure` (sent over HTTPS
    /// only): for a server behind a TLS reverse proxy
    /// (`--secure-cookies`).
    pub secure_cookies: bool,
    /// The reverse proxies whose `Forwarded`, `X-Forwarded-For` and
    /// `X-Forwarded-Proto` headers are believed: they name each request's
    /// client (for every limit per address) and the scheme the browser
    /// used (a cookie set over HTTPS is `Secure`), docs/deploy.md
    /// (`--trusted-proxy`). From anyone else those headers are ignored.
    pub trusted_proxies: Vec<Cidr>,
}

/// Where `/metrics` is served (docs/deploy.md, "Watching").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum MetricsAt {
    /// Nowhere (the default).
    #[default]
    Off,
    /// Beside the game, on its address (`--metrics-on-main`).
    Main,
    /// On an address of its own, for the operator's network
    /// (`--metrics-addr`).
    Addr(SocketAddr),
}

/// Why the server could not start.
#[derive(Debug)]
#[non_exhaustive]
pub enum StartError {
    /// The address cannot be listened on.
    Bind(SocketAddr, std::io::Error),
    /// The database cannot be opened or migrated.
    Store(Database, StoreError),
    /// A host name or origin of the [`FrontDoor`] that is not one.
    FrontDoor(GuardError),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Bind(a, e) => write!(f, "cannot listen on {a}: {e}"),
            StartError::Store(d @ Database::Dir(_), e) => {
                write!(f, "cannot open the database in {d}: {e}")
            }
            StartError::Store(d, e) => write!(f, "cannot open the database {d}: {e}"),
            StartError::FrontDoor(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// How often games nobody holds are forgotten (they reload from the
/// database when opened again).
const EVICT_EVERY: Duration = Duration::from_secs(120);

/// A server bound to its address, its database open.
pub struct Server {
    listener: TcpListener,
    hub: Arc<Hub>,
    addr: SocketAddr,
    door: FrontDoor,
    guard: Arc<Guard>,
    /// Whether `/metrics` is beside the game.
    metrics_here: bool,
    /// `/metrics`'s own address, bound.
    metrics: Option<TcpListener>,
}

impl Server {
    /// Opens the database (creating and migrating it) and binds, with the
    /// default [`FrontDoor`].
    pub async fn bind(config: &Config) -> Result<Server, StartError> {
        let store = config
            .database
            .open()
            .await
            .map_err(|e| StartError::Store(config.database.clone(), e))?;
        Server::with_store(config.addr, store).await
    }

    /// Binds with an open store.
    pub async fn with_store(addr: SocketAddr, store: Store) -> Result<Server, StartError> {
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| StartError::Bind(addr, e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| StartError::Bind(addr, e))?;
        // A rated match whose last event was stored by a server that died
        // before it stored the ratings is settled now, before anyone plays.
        match ratings::settle_pending(&store).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(games = n, "finished rated games settled at start"),
            Err(e) => tracing::error!("rated games could not be settled at start: {e}"),
        }
        // Likewise a rated competition on real tables finished by a
        // server that died before it rated it.
        match table_ratings::rate_pending(&store).await {
            Ok(false) => {}
            Ok(true) => tracing::info!("real-table ratings rated at start"),
            Err(e) => tracing::error!("real-table ratings could not be rated at start: {e}"),
        }
        let hub = Hub::new(store);
        // The word list is in force from the first request; a database
        // that cannot give it now is tried again every few seconds.
        if let Err(e) = hub.words().refresh(hub.store()).await {
            tracing::error!("the word list could not be read at start: {e}");
        }
        Ok(Server {
            listener,
            hub,
            addr,
            door: FrontDoor::default(),
            guard: Arc::new(Guard::default()),
            metrics_here: false,
            metrics: None,
        })
    }

    /// The same server with `/metrics` served `at`; an error if its own
    /// address cannot be listened on.
    pub async fn with_metrics(mut self, at: MetricsAt) -> Result<Server, StartError> {
        self.metrics_here = at == MetricsAt::Main;
        self.metrics = match at {
            MetricsAt::Addr(addr) => Some(
                TcpListener::bind(addr)
                    .await
                    .map_err(|e| StartError::Bind(addr, e))?,
            ),
            _ => None,
        };
        Ok(self)
    }

    /// Where `/metrics` is served on its own address, if it is.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// The same server behind `door` instead of the default; an error if
    /// one of its host names or origins is not one.
    pub fn with_front_door(mut self, door: FrontDoor) -> Result<Server, StartError> {
        let guard = Guard::new(&door.hosts, &door.allow_origins).map_err(StartError::FrontDoor)?;
        self.guard = Arc::new(guard.over_https(door.secure_cookies));
        self.hub.people().set_secure(door.secure_cookies);
        self.hub.set_upload_quota(door.upload_quota);
        self.door = door;
        Ok(self)
    }

    /// The same server with other time limits than
    /// [`Timing::DEFAULT`].
    pub fn with_timing(self, timing: Timing) -> Server {
        self.hub.set_timing(timing);
        self
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address to open in a browser.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The games.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// Serves until `shutdown` completes, then closes every WebSocket,
    /// waits (at most a few seconds) for requests in flight, and closes the
    /// database. A stroke is committed before it is acknowledged, so
    /// stopping at any moment loses nothing acknowledged.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let (stop, stopped) = watch::channel(false);
        let limiter = Arc::new(Limiter::new(self.door.create_rate));
        let app = routes::router(
            self.hub.clone(),
            stopped,
            self.guard.clone(),
            limiter,
            self.door.listening.header_timeout,
            self.metrics_here,
        );
        // `/metrics` on its own address: plain HTTP for the operator's
        // scraper, none of the game's routes.
        let metrics = self.metrics.map(|listener| {
            let app = net::metrics::router(self.hub.clone());
            tokio::spawn(async move {
                if let Err(e) = axum::serve(listener, app).await {
                    tracing::error!("the metrics address stopped: {e}");
                }
            })
        });
        let (done_tx, done_rx) = tokio::sync::oneshot::channel::<()>();
        let graceful = async move {
            shutdown.await;
            tracing::info!("shutting down");
            let _ = stop.send(true);
            let _ = done_tx.send(());
        };
        let serve = tokio::spawn(net::listen::serve(
            self.listener,
            app,
            self.door.listening,
            net::forwarded::Proxies::new(&self.door.trusted_proxies),
            graceful,
        ));
        let words = tokio::spawn(
            self.hub
                .words()
                .clone()
                .keep_fresh(self.hub.store().clone()),
        );
        let hub = self.hub.clone();
        let sweeper = tokio::spawn(async move {
            let mut every = tokio::time::interval(EVICT_EVERY);
            loop {
                every.tick().await;
                let n = hub.evict_idle();
                if n > 0 {
                    tracing::debug!(forgotten = n, kept = hub.in_memory(), "idle games");
                }
            }
        });
        let hub = self.hub.clone();
        let abandoner = tokio::spawn(async move {
            // A game is abandoned within a tenth of the period after it
            // falls due (at least every second, at most every hour); the
            // first sweep runs at start, for games that fell due while
            // the server was down.
            let period = hub.timing().abandon_after / 10;
            let period = period.clamp(Duration::from_secs(1), Duration::from_secs(3600));
            let mut every = tokio::time::interval(period);
            loop {
                every.tick().await;
                // Each sweep takes a few; more wait for the next.
                hub.abandon_untouched().await;
            }
        });
        // Over a database other instances share (PostgreSQL), they may
        // serve the same games: this one says it is alive (its players'
        // presence counts while it is), and what the others store is
        // heard and followed.
        let others = match self.hub.store().shared().cloned() {
            Some(shared) => with_the_others(&self.hub, shared).await,
            None => Vec::new(),
        };
        let _ = done_rx.await;
        if let Some(m) = metrics {
            m.abort();
        }
        sweeper.abort();
        abandoner.abort();
        words.abort();
        for task in others {
            task.abort();
        }
        // Connections that do not finish in time are dropped: nothing
        // unacknowledged is lost, and the process must stop.
        let _ = tokio::time::timeout(Duration::from_secs(5), serve).await;
        self.hub.store().close().await;
        Ok(())
    }
}

/// Starts what an instance over a `shared` database does beside serving
/// `hub`'s games: its heartbeat, every [`store::HEARTBEAT`], and the
/// follower of what every instance stores. They run until aborted.
async fn with_the_others(hub: &Arc<Hub>, shared: Shared) -> Vec<tokio::task::JoinHandle<()>> {
    let beating = shared.clone();
    let heart = tokio::spawn(async move {
        let mut every = tokio::time::interval(store::HEARTBEAT);
        loop {
            every.tick().await;
            if let Err(e) = beating.heartbeat(game::clock::now_ms()).await {
                tracing::warn!("the heartbeat could not be stored: {e}");
            }
        }
    });
    let listener = shared.listen().await;
    let follower = tokio::spawn(hub.clone().follow_notices(listener));
    vec![heart, follower]
}

#[cfg(test)]
mod database_tests {
    use super::Database;

    #[test]
    fn a_database_is_shown_without_its_password() {
        let url = Database::Url("postgres://novuss:s3cret@db.example:5432/games?password=x".into());
        let shown = url.to_string();
        assert_eq!(shown, "postgres://novuss:****@db.example:5432/games");
        assert!(!format!("{url:?}").contains("s3cret"));
        let plain = Database::Url("postgres://novuss@127.0.0.1:5432/games".into());
        assert_eq!(plain.to_string(), "postgres://novuss@127.0.0.1:5432/games");
        let dir = Database::Dir("/var/lib/novuss".into());
        assert_eq!(dir.to_string(), "/var/lib/novuss");
        let junk = Database::Url("not a url with s3cret".into());
        assert!(!junk.to_string().contains("s3cret"));
    }
}

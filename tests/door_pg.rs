//! Several servers over one PostgreSQL when the database misbehaves
//! (issue 29, points 5 and 16; docs/scaling.md): a listening connection
//! that goes silent (its backend frozen with SIGSTOP, as a NAT or a
//! firewall dropping it would leave it) is noticed and replaced, and its
//! server shows what it missed; a player shown a stroke late still gets a
//! whole stroke clock; while PostgreSQL is unreachable a stroke is
//! refused as `storage` within about a second, and nothing acknowledged
//! is lost.
//!
//! These need the tests' PostgreSQL server (`NOVUSS_TEST_POSTGRES`, which
//! `scripts/test` always starts); they run in both passes of the tests.
//! Freezing a backend needs the right to signal PostgreSQL's processes
//! (the tests run as root, or as PostgreSQL's own user).

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::server::follow;
use crate::support::play::{choose, mirror, stroke_request};
use crate::support::server::{
    data_dir, needs_postgres, new_database, path, postgres_server, Person, Running,
};
use crate::support::{block_on, db};
use novuss_core::seat::Seat;
use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A set where one person plays both seats.
const HOT_SEAT: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human"}]}"#;

/// Singles between the creator (south) and a person they invite, with a
/// 15 s stroke clock.
const CLOCKED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"stroke_clock":15,
    "casual":false,"players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

/// The process ids of the backends listening (`LISTEN …` their last
/// statement) on the database of `url`.
fn listeners(url: &str) -> Vec<i32> {
    let admin = postgres_server().expect("PostgreSQL");
    let name = url.rsplit('/').next().unwrap().to_owned();
    block_on(async {
        use sqlx::{Connection, Row};
        let mut c = sqlx::PgConnection::connect(&admin).await.unwrap();
        let rows = sqlx::query(
            "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%' ORDER BY pid",
        )
        .bind(name)
        .fetch_all(&mut c)
        .await
        .unwrap();
        rows.iter().map(|r| r.get::<i32, _>("pid")).collect()
    })
}

/// Waits (10 s at most) until the database of `url` has a listener that
/// is not one of `known`, and returns it.
fn new_listener(url: &str, known: &[i32]) -> i32 {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(pid) = listeners(url).into_iter().find(|p| !known.contains(p)) {
            return pid;
        }
        assert!(Instant::now() < deadline, "no new listener within 10 s");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn signal(pid: i32, sig: &str) -> bool {
    std::process::Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .is_ok_and(|s| s.success())
}

/// A PostgreSQL backend frozen with SIGSTOP: its socket stays open and
/// says nothing, as a connection silently dropped by the network would.
/// Thawed when dropped, also when the test fails.
struct Frozen(i32);

impl Frozen {
    fn new(pid: i32) -> Frozen {
        assert!(
            signal(pid, "-STOP"),
            "backend {pid} could not be frozen (run as root)"
        );
        Frozen(pid)
    }
}

impl Drop for Frozen {
    fn drop(&mut self) {
        signal(self.0, "-CONT");
    }
}

/// Two servers over one new database, the first started (and its
/// listener found) before the second: the first's listening backend.
fn two_servers(url: &str, dirs: &[tempfile::TempDir]) -> (Running, i32, Running) {
    let a = Running::start_on(&path(&dirs[0]), Some(url), &[]);
    let a_listener = new_listener(url, &[]);
    let b = Running::start_on(&path(&dirs[1]), Some(url), &[]);
    new_listener(url, &[a_listener]);
    (a, a_listener, b)
}

/// What a read with a deadline found.
enum Got {
    Message(Value),
    Closed(String),
    Nothing,
}

/// A game's WebSocket whose reads give up at a deadline.
struct Live {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Live {
    fn open(server: &Running, person: Option<&Person<'_>>, id: &str) -> Live {
        Live::try_open(server, person, id).unwrap_or_else(|e| panic!("the socket opens: {e}"))
    }

    /// Opens the socket, or says why the server refused it.
    fn try_open(server: &Running, person: Option<&Person<'_>>, id: &str) -> Result<Live, String> {
        use tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://127.0.0.1:{}/api/games/{id}/ws", server.port())
            .into_client_request()
            .unwrap();
        if let Some(c) = person.and_then(Person::cookie) {
            request.headers_mut().insert("cookie", c.parse().unwrap());
        }
        let (ws, _) = match tungstenite::connect(request) {
            Ok(ws) => ws,
            Err(tungstenite::Error::Http(r)) => {
                let body = r.body().as_deref().map(String::from_utf8_lossy);
                return Err(format!("{} {}", r.status(), body.unwrap_or_default()));
            }
            Err(e) => return Err(e.to_string()),
        };
        let mut live = Live { ws };
        live.send(&json!({"type": "hello"}));
        match live.read_until(Instant::now() + Duration::from_secs(10)) {
            Got::Message(m) if m["type"] == "state" => Ok(live),
            Got::Message(m) => Err(m.to_string()),
            Got::Closed(c) => Err(c),
            Got::Nothing => Err("no answer to hello within 10 s".into()),
        }
    }

    fn send(&mut self, v: &Value) {
        self.ws.send(Message::text(v.to_string())).unwrap();
    }

    /// The next message, if one comes before `deadline`.
    fn next_until(&mut self, deadline: Instant) -> Option<Value> {
        match self.read_until(deadline) {
            Got::Message(m) => Some(m),
            Got::Closed(c) => panic!("the server closed the socket: {c}"),
            Got::Nothing => None,
        }
    }

    /// The next message, or the socket closed, if either comes before
    /// `deadline`.
    fn read_until(&mut self, deadline: Instant) -> Got {
        loop {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                return Got::Nothing;
            };
            if let MaybeTlsStream::Plain(s) = self.ws.get_ref() {
                s.set_read_timeout(Some(left.max(Duration::from_millis(1))))
                    .unwrap();
            }
            match self.ws.read() {
                Ok(Message::Text(t)) => {
                    return Got::Message(serde_json::from_str(t.as_str()).unwrap())
                }
                Ok(Message::Close(c)) => return Got::Closed(format!("{c:?}")),
                Ok(_) => {}
                Err(e) if crate::support::server::timed_out(&e) => {}
                Err(e) => return Got::Closed(e.to_string()),
            }
        }
    }

    /// The next message of `kind` before `deadline`, skipping others.
    fn next_of_until(&mut self, kind: &str, deadline: Instant) -> Option<Value> {
        loop {
            let m = self.next_until(deadline)?;
            if m["type"] == kind {
                return Some(m);
            }
        }
    }
}

#[test]
fn a_frozen_listener_is_replaced_and_its_server_shows_what_it_missed() {
    if !needs_postgres() {
        return;
    }
    let dirs = vec![data_dir(), data_dir()];
    let url = new_database(&path(&dirs[0]));
    let (a_server, a_listener, b_server) = two_servers(&url, &dirs);
    let anna = b_server.person();
    let id = anna.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut watcher = Live::open(&a_server, None, &id);
    let mut ws = anna.socket(&id);
    ws.send(&json!({"type": "hello"}));
    assert_eq!(ws.next_reply()["type"], "state");

    // The first server's listening connection goes silent; five strokes
    // are stored by the second.
    let frozen = Frozen::new(a_listener);
    let mut local = mirror(HOT_SEAT);
    let mut stored = Vec::new();
    let began = Instant::now();
    for event in 0..5 {
        let seat = local.set().seat_to_play();
        ws.send(&stroke_request(event, seat, &choose(&local, event)));
        let m = ws.next_of("stroke");
        assert_eq!(m["event"], event + 1, "{m}");
        follow(&mut local, &m);
        stored.push(m);
        if local.set().is_over() {
            break;
        }
    }
    // The watcher on the first server is shown every one of them, in
    // order, within a few seconds.
    let deadline = began + Duration::from_secs(12);
    for m in &stored {
        let shown = watcher.next_of_until("stroke", deadline);
        let after = began.elapsed();
        let shown = shown.unwrap_or_else(|| {
            panic!(
                "event {} was not shown by the server whose listener is frozen within {:?}",
                m["event"],
                deadline - began
            )
        });
        assert_eq!(shown, *m, "the same event as on the other server");
        eprintln!("event {} shown after {after:?}", m["event"]);
    }
    // A new listener replaced the silent one.
    let replaced = listeners(&url);
    assert!(replaced.len() >= 3, "a third listener: {replaced:?}");
    drop(frozen);
}

#[test]
fn a_player_shown_a_stroke_late_still_gets_a_whole_stroke_clock() {
    if !needs_postgres() {
        return;
    }
    let dirs = vec![data_dir(), data_dir()];
    let url = new_database(&path(&dirs[0]));
    let (a_server, a_listener, b_server) = two_servers(&url, &dirs);
    let anna = a_server.person();
    let created = anna.create(CLOCKED);
    let id = created["id"].as_str().unwrap().to_owned();
    let janis = b_server.person();
    janis.join_invite(&created, 0);
    let mut a = Live::open(&a_server, Some(&anna), &id);
    let mut j = janis.socket(&id);
    j.send(&json!({"type": "hello"}));
    assert_eq!(j.next_reply()["type"], "state");

    // Anna (south) strokes on her server, which hears everything.
    let mut local = mirror(CLOCKED);
    assert_eq!(local.set().seat_to_play(), Seat::South);
    let s = choose(&local, 0);
    a.send(&stroke_request(0, Seat::South, &s));
    let m = a
        .next_of_until("stroke", Instant::now() + Duration::from_secs(10))
        .expect("anna's stroke");
    follow(&mut local, &m);
    assert_eq!(j.next_of("stroke"), m);
    assert_eq!(
        local.set().seat_to_play(),
        Seat::North,
        "Anna pocketed a disc and strokes again: choose another seed"
    );

    // Anna's server goes deaf; Janis strokes on his: Anna's clock starts
    // as stored, but her server has not shown her the stroke.
    let frozen = Frozen::new(a_listener);
    let seat = local.set().seat_to_play();
    j.send(&stroke_request(1, seat, &choose(&local, 1)));
    let stroked = j.next_of("stroke");
    let stored_at = Instant::now();
    assert_eq!(stroked["event"], 2, "{stroked}");
    let shown = a
        .next_of_until("stroke", stored_at + Duration::from_secs(12))
        .expect("the stroke is shown on the deaf server within 12 s");
    let seen = Instant::now();
    assert_eq!(shown, stroked);
    eprintln!("shown {:?} after it was stored", seen - stored_at);
    assert!(
        seen - stored_at > Duration::from_secs(1),
        "the listener was deaf, so the stroke came late"
    );
    follow(&mut local, &shown);
    assert_ne!(
        local.set().seat_to_play(),
        seat,
        "Janis pocketed a disc and strokes again: choose another seed"
    );

    // Anna does nothing: she is timed out, but only a whole clock after
    // her server showed her the stroke.
    let called = a
        .next_of_until("called", seen + Duration::from_secs(25))
        .expect("a time-out within 25 s");
    let out = seen.elapsed();
    assert_eq!(called["call"], "time_out", "{called}");
    assert_eq!(called["event"], 3, "{called}");
    assert_eq!(called["seat"], "south", "{called}");
    eprintln!("timed out {out:?} after the stroke was shown");
    assert!(
        out >= Duration::from_millis(14_500),
        "Anna had only {out:?} of her 15 s clock after her server showed her the stroke"
    );
    assert_eq!(
        j.next_of("called"),
        called,
        "the same event on both servers"
    );
    drop(frozen);
}

/// A TCP proxy in front of the tests' PostgreSQL: `down` cuts every
/// connection through it and refuses new ones, as a stopped or
/// unreachable database would; `up` lets them through again.
struct Proxy {
    port: u16,
    down: Arc<AtomicBool>,
    /// Whether nothing listens on the port.
    closed: Arc<AtomicBool>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    fn start(to: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        listener.set_nonblocking(true).unwrap();
        let down = Arc::new(AtomicBool::new(false));
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let closed = Arc::new(AtomicBool::new(false));
        let (d, o, c) = (down.clone(), open.clone(), closed.clone());
        std::thread::spawn(move || {
            // Down, nothing listens on the port: connections are refused,
            // as by a stopped database.
            let mut listening = Some(listener);
            loop {
                if d.load(Ordering::SeqCst) {
                    listening = None;
                    c.store(true, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                    continue;
                }
                let Some(listener) = &listening else {
                    listening = TcpListener::bind(("127.0.0.1", port)).ok();
                    c.store(listening.is_none(), Ordering::SeqCst);
                    if let Some(l) = &listening {
                        l.set_nonblocking(true).unwrap();
                    }
                    continue;
                };
                let client = match listener.accept() {
                    Ok((client, _)) => client,
                    Err(_) => {
                        std::thread::sleep(Duration::from_millis(5));
                        continue;
                    }
                };
                client.set_nonblocking(false).unwrap();
                let Ok(server) = TcpStream::connect(&to) else {
                    continue;
                };
                {
                    let mut open = o.lock().unwrap();
                    open.push(client.try_clone().unwrap());
                    open.push(server.try_clone().unwrap());
                }
                for (mut from, mut into) in [
                    (client.try_clone().unwrap(), server.try_clone().unwrap()),
                    (server, client),
                ] {
                    std::thread::spawn(move || {
                        let mut buf = [0u8; 16 * 1024];
                        while let Ok(n) = from.read(&mut buf) {
                            if n == 0 || into.write_all(&buf[..n]).is_err() {
                                break;
                            }
                        }
                        let _ = into.shutdown(Shutdown::Both);
                        let _ = from.shutdown(Shutdown::Both);
                    });
                }
            }
        });
        Proxy {
            port,
            down,
            closed,
            open,
        }
    }

    fn down(&self) {
        self.down.store(true, Ordering::SeqCst);
        let deadline = Instant::now() + Duration::from_secs(5);
        while !self.closed.load(Ordering::SeqCst) {
            assert!(Instant::now() < deadline, "the proxy stops listening");
            std::thread::sleep(Duration::from_millis(1));
        }
        for s in self.open.lock().unwrap().drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }

    fn up(&self) {
        self.down.store(false, Ordering::SeqCst);
    }
}

#[test]
fn while_postgresql_is_down_a_stroke_is_refused_as_storage_within_a_second() {
    if !needs_postgres() {
        return;
    }
    let dirs = [data_dir(), data_dir()];
    let direct = new_database(&path(&dirs[0]));
    // postgres://USER@HOST:PORT/NAME, through the proxy.
    let (base, name) = direct.rsplit_once('/').unwrap();
    let (head, port) = base.rsplit_once(':').unwrap();
    let host = head.rsplit('@').next().unwrap();
    let proxy = Proxy::start(format!("{host}:{port}"));
    let url = format!("{head}:{}/{name}", proxy.port);
    let a_server = Running::start_on(&path(&dirs[0]), Some(&url), &[]);
    let b_server = Running::start_on(&path(&dirs[1]), Some(&url), &[]);
    let anna = a_server.person();
    let id = anna.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut ws = Live::open(&a_server, Some(&anna), &id);
    let mut local = mirror(HOT_SEAT);
    let mut event = 0;
    let stroke = |ws: &mut Live, local: &mut novuss_core::play::game::Game, event: u64| {
        let seat = local.set().seat_to_play();
        ws.send(&stroke_request(event, seat, &choose(local, event)));
    };
    for _ in 0..2 {
        stroke(&mut ws, &mut local, event);
        let m = ws
            .next_of_until("stroke", Instant::now() + Duration::from_secs(10))
            .expect("acknowledged");
        follow(&mut local, &m);
        event += 1;
        if local.set().is_over() {
            break;
        }
    }

    // PostgreSQL goes away. A new game is refused as `storage`, soon;
    // so is each stroke. The first write on a connection cut under it
    // cannot know whether it was stored, so the game is read again (and
    // its sockets closed, to connect again, as the page does); a socket
    // that cannot open while the database is down is refused too.
    proxy.down();
    let mut slowest = Duration::ZERO;
    let sent = Instant::now();
    let (status, body) = anna.post("/api/games", HOT_SEAT);
    let took = sent.elapsed();
    eprintln!("new game refused after {took:?}: {status} {body}");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains(r#""code":"storage""#), "{body}");
    slowest = slowest.max(took);
    let mut socket = Some(ws);
    let mut refusals = 0;
    // Once the connections cut are dropped, each request waits for a
    // new one, which the database refuses.
    while refusals < 6 {
        let sent = Instant::now();
        let mut live = match socket.take() {
            Some(live) => live,
            None => match Live::try_open(&a_server, Some(&anna), &id) {
                Ok(live) => live,
                Err(refused) => {
                    let took = sent.elapsed();
                    eprintln!("socket refused after {took:?}: {refused}");
                    assert!(refused.contains("storage"), "{refused}");
                    slowest = slowest.max(took);
                    refusals += 1;
                    continue;
                }
            },
        };
        let sent = Instant::now();
        stroke(&mut live, &mut local, event);
        let reply = loop {
            match live.read_until(sent + Duration::from_secs(15)) {
                Got::Message(m)
                    if m["type"] == "timers" || m["type"] == "seats" || m["type"] == "thinking" => {
                }
                Got::Message(m) => break Some(m),
                Got::Closed(_) => break None,
                Got::Nothing => panic!("no answer within 15 s"),
            }
        };
        let took = sent.elapsed();
        eprintln!("stroke answered after {took:?}: {reply:?}");
        slowest = slowest.max(took);
        if let Some(reply) = reply {
            assert_eq!(reply["type"], "error", "{reply}");
            assert_eq!(reply["code"], "storage", "{reply}");
            assert!(
                !reply["detail"].to_string().to_lowercase().contains("pool"),
                "no internal error text: {reply}"
            );
            refusals += 1;
            socket = Some(live);
        }
    }
    assert!(
        slowest <= Duration::from_millis(1_500),
        "a request waited {slowest:?} for a database that is down"
    );
    // The other server says it should not be sent players (readiness),
    // though its process answers (liveness).
    let (status, ready) = b_server.get("/api/ready");
    assert_eq!(status, 503, "{ready}");
    let ready: Value = serde_json::from_str(&ready).unwrap();
    assert_eq!(
        (&ready["ready"], &ready["database"]),
        (&json!(false), &json!("no answer")),
        "{ready}"
    );
    assert_eq!(b_server.get("/api/health").0, 200);
    let mut ws = match socket {
        Some(live) => live,
        None => {
            proxy.up();
            Live::open(&a_server, Some(&anna), &id)
        }
    };

    // It comes back: the same stroke is taken, both servers show it, and
    // every acknowledged stroke is stored, once.
    proxy.up();
    let deadline = Instant::now() + Duration::from_secs(15);
    let m = loop {
        stroke(&mut ws, &mut local, event);
        let m = loop {
            let m = ws
                .next_until(deadline)
                .expect("play goes on once the database is back");
            if m["type"] == "stroke" || m["type"] == "error" {
                break m;
            }
        };
        if m["type"] == "stroke" {
            break m;
        }
        assert_eq!(m["code"], "storage", "{m}");
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(m["event"], event + 1, "{m}");
    // The other server, which lost the database too, shows the game as
    // stored once it answers again.
    let deadline = Instant::now() + Duration::from_secs(15);
    while b_server.state(&id)["event"] != m["event"] {
        assert!(
            Instant::now() < deadline,
            "the other server shows the stroke"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(
        db::stored_event(&path(&dirs[0]).join("novuss.sqlite3"), &id),
        Some(event as i64 + 1)
    );
    // Ready again.
    let (status, ready) = b_server.get("/api/ready");
    assert_eq!(status, 200, "{ready}");
}

//! The server's front door, as a stranger meets it: the real binary on a
//! loopback port, spoken to over raw TCP where a browser or an attacker
//! would send what an HTTP library would not (README, "serving to other
//! machines"; docs/protocol.md, "Refusals").

use std::io::{Read, Write};
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::support::server::{data_dir, path, Reply, Running};
use serde_json::{json, Value};
use tungstenite::client::IntoClientRequest;

const HOT_SEAT: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human","name":"Anna"},{"kind":"human","name":"Jānis"}]}"#;

/// `GET path` with `host` in the Host header.
fn get_as(server: &Running, host: &str, path: &str) -> Reply {
    server.raw(&format!(
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    ))
}

/// `POST path` with `body` and further header lines `extra` (each ending
/// in CRLF).
fn post_raw(server: &Running, path: &str, extra: &str, body: &str) -> Reply {
    server.raw(&format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        server.host,
        body.len()
    ))
}

/// The games stored (those of every person: a request without a cookie
/// makes a new person, whose games the list shows only to them).
fn games(server: &Running) -> usize {
    crate::support::db::count(
        &server.data.join("novuss.sqlite3"),
        "SELECT COUNT(*) FROM games",
    ) as usize
}

fn refused(reply: &Reply, status: u16, code: &str) {
    assert_eq!(reply.status, status, "{reply:?}");
    assert_eq!(reply.json()["code"], code, "{reply:?}");
    assert!(reply.json()["detail"].is_string(), "{reply:?}");
}

#[test]
fn only_requests_that_name_this_server_are_answered() {
    let dir = data_dir();
    let server = Running::start_with(&path(&dir), &["--host", "novuss.test"]);
    let port = server.port();
    for host in [
        format!("127.0.0.1:{port}"),
        "127.0.0.1".to_owned(),
        format!("localhost:{port}"),
        "LOCALHOST".to_owned(),
        format!("[::1]:{port}"),
        format!("novuss.test:{port}"),
        "Novuss.Test".to_owned(),
    ] {
        let r = get_as(&server, &host, "/api/health");
        assert_eq!(r.status, 200, "{host}: {r:?}");
        assert_eq!(get_as(&server, &host, "/").status, 200, "{host}");
    }
    // A rebinding page's requests carry the attacker's name.
    for host in [
        "evil.example".to_owned(),
        format!("evil.example:{port}"),
        "localhost.evil.example".to_owned(),
        "127.0.0.1.evil.example".to_owned(),
        "other.test".to_owned(),
    ] {
        refused(&get_as(&server, &host, "/api/health"), 421, "bad_host");
        refused(&get_as(&server, &host, "/"), 421, "bad_host");
    }
    // HTTP/1.1 without Host, and an absolute URI naming another host.
    let r = server.raw("GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n");
    refused(&r, 421, "bad_host");
    let r = server.raw(&format!(
        "GET http://evil.example/api/health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    ));
    refused(&r, 421, "bad_host");
    // Nothing was created by any of them, and the server still answers.
    assert_eq!(games(&server), 0);
}

#[test]
fn pages_of_other_sites_can_neither_open_sockets_nor_create_games() {
    let dir = data_dir();
    let server = Running::start_with(&path(&dir), &["--allow-origin", "https://friend.test"]);
    let own = format!("http://{}", server.host);
    // This server's host and port, another scheme: another origin.
    let other_scheme = format!("https://{}", server.host);
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let ws = |origin: Option<&str>| {
        let mut req = format!("ws://{}/api/games/{id}/ws", server.host)
            .into_client_request()
            .unwrap();
        if let Some(o) = origin {
            req.headers_mut().insert("origin", o.parse().unwrap());
        }
        tungstenite::connect(req)
    };
    for foreign in [
        "http://evil.example",
        "null",
        "http://127.0.0.1:1",
        &other_scheme,
    ] {
        match ws(Some(foreign)) {
            Err(tungstenite::Error::Http(res)) => {
                assert_eq!(res.status().as_u16(), 403, "{foreign}");
                let body: Value = serde_json::from_slice(res.body().as_deref().unwrap()).unwrap();
                assert_eq!(body["code"], "bad_origin");
            }
            other => panic!("{foreign}: the socket opened: {:?}", other.map(|_| ())),
        }
    }
    for fine in [Some(own.as_str()), Some("https://friend.test"), None] {
        let (mut socket, _) = ws(fine).unwrap_or_else(|e| panic!("{fine:?}: {e}"));
        socket
            .send(tungstenite::Message::text(
                json!({"type": "hello", "since": null}).to_string(),
            ))
            .unwrap();
        let reply = socket.read().unwrap();
        let reply: Value = serde_json::from_str(reply.to_text().unwrap()).unwrap();
        assert_eq!(reply["type"], "state", "{fine:?}");
    }

    let before = games(&server);
    let json = "Content-Type: application/json\r\n";
    for foreign in [
        "http://evil.example",
        "null",
        "https://127.0.0.1",
        "http://friend.test",
        &other_scheme,
    ] {
        let r = post_raw(
            &server,
            "/api/games",
            &format!("{json}Origin: {foreign}\r\n"),
            HOT_SEAT,
        );
        refused(&r, 403, "bad_origin");
    }
    assert_eq!(games(&server), before, "no game was made");
    for fine in [own.as_str(), "https://friend.test"] {
        let r = post_raw(
            &server,
            "/api/games",
            &format!("{json}Origin: {fine}\r\n"),
            HOT_SEAT,
        );
        assert_eq!(r.status, 201, "{fine}: {r:?}");
    }
    assert_eq!(games(&server), before + 2);
    // Reading needs no Origin check: a page cannot read the answer anyway.
    let r = server.raw(&format!(
        "GET /api/games HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\nConnection: close\r\n\r\n",
        server.host
    ));
    assert_eq!(r.status, 200, "{r:?}");
}

#[test]
fn json_routes_take_only_json() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let before = games(&server);
    // What a cross-site form or a "simple" fetch can send.
    for extra in [
        "Content-Type: text/plain\r\n",
        "Content-Type: text/plain;charset=UTF-8\r\n",
        "Content-Type: application/x-www-form-urlencoded\r\n",
        "Content-Type: multipart/form-data; boundary=x\r\n",
        "",
    ] {
        let r = post_raw(&server, "/api/games", extra, HOT_SEAT);
        refused(&r, 415, "bad_content_type");
        let r = post_raw(&server, "/api/records", extra, "{}");
        refused(&r, 415, "bad_content_type");
        let r = post_raw(&server, &format!("/api/games/{id}/analysis"), extra, "{}");
        refused(&r, 415, "bad_content_type");
    }
    assert_eq!(games(&server), before, "no game was made");
    let r = post_raw(
        &server,
        "/api/games",
        "Content-Type: Application/JSON; charset=utf-8\r\n",
        HOT_SEAT,
    );
    assert_eq!(r.status, 201, "{r:?}");
    assert_eq!(games(&server), before + 1);
}

#[test]
fn files_answer_get_and_head_only() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    for (method, path) in [
        ("POST", "/"),
        ("POST", "/index.html"),
        ("PUT", "/app.js"),
        ("DELETE", "/index.html"),
        ("PATCH", "/no-such-file"),
    ] {
        let r = server.raw(&format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            server.host
        ));
        refused(&r, 405, "method_not_allowed");
        assert_eq!(r.header("allow"), Some("GET, HEAD"), "{method} {path}");
    }
    let get = get_as(&server, &server.host, "/index.html");
    assert_eq!(get.status, 200);
    let head = server.raw(&format!(
        "HEAD /index.html HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.host
    ));
    assert_eq!(head.status, 200, "{head:?}");
    assert_eq!(head.body, "", "HEAD has no body");
    assert_eq!(
        head.header("content-length"),
        Some(get.body.len().to_string().as_str())
    );
}

/// How long `s` stays open without the client sending more, or `None` if
/// it is still open after `bound`.
fn closed_within(s: &mut std::net::TcpStream, bound: Duration) -> Option<Duration> {
    let t = Instant::now();
    s.set_read_timeout(Some(bound)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return Some(t.elapsed()),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return Some(t.elapsed()),
            Err(_) => return None,
        }
        if t.elapsed() > bound {
            return None;
        }
    }
}

#[test]
fn silent_half_sent_and_idle_connections_are_closed_but_sockets_stay() {
    let dir = data_dir();
    let server = Running::start_with(&path(&dir), &["--header-timeout-ms", "400"]);
    let bound = Duration::from_secs(10);
    // Nothing at all.
    let mut silent = server.connect();
    let t = closed_within(&mut silent, bound).expect("the silent connection is closed");
    assert!(t >= Duration::from_millis(300), "{t:?}");
    // Half a request.
    let mut half = server.connect();
    half.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n", server.host).as_bytes())
        .unwrap();
    closed_within(&mut half, bound).expect("the half request is dropped");
    // A whole head, then a body that never comes: answered and dropped
    // when the body is not there in time, and nothing is created.
    let games = server.get("/api/games").1;
    let mut trickle = server.connect();
    trickle
        .write_all(
            format!(
                "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{{\"format\"",
                server.host
            )
            .as_bytes(),
        )
        .unwrap();
    let r = Reply::read(&mut trickle);
    refused(&r, 400, "bad_message");
    assert_eq!(server.get("/api/games").1, games);
    // One request answered, then nothing: the idle keep-alive ends too.
    let mut idle = server.connect();
    idle.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n\r\n", server.host).as_bytes())
        .unwrap();
    closed_within(&mut idle, bound).expect("the idle connection is closed");

    // A WebSocket is long-lived: it outlives the timeout many times over.
    let id = server.create(
        r#"{"format":"singles","profile":"lnf-2017","sets":1,
        "players":[{"kind":"human","name":"A"},{"kind":"human","name":"B"}]}"#,
    )["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut socket = server.socket(&id);
    sleep(Duration::from_millis(1500));
    socket.send(&json!({"type": "hello", "since": null}));
    assert_eq!(socket.next_reply()["type"], "state");
    sleep(Duration::from_millis(1500));
    socket.send(&json!({"type": "hello", "since": null}));
    assert_eq!(socket.next_reply()["type"], "state");
}

#[test]
fn the_connection_cap_refuses_clearly_and_lets_a_client_in_once_one_closes() {
    let dir = data_dir();
    let server = Running::start_with(
        &path(&dir),
        &["--max-connections", "3", "--header-timeout-ms", "30000"],
    );
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    // A WebSocket counts as long as it is open, as do two silent sockets.
    let mut socket = server.socket(&id);
    socket.send(&json!({"type": "hello", "since": null}));
    assert_eq!(socket.next_reply()["type"], "state");
    let first = server.connect();
    let _second = server.connect();
    // The fourth is told, and closed.
    let mut over = server.connect();
    over.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n\r\n", server.host).as_bytes())
        .unwrap();
    let r = Reply::read(&mut over);
    refused(&r, 503, "busy");
    assert_eq!(r.header("retry-after"), Some("5"));
    assert_eq!(r.header("connection"), Some("close"));
    let length = r.body.len().to_string();
    assert_eq!(r.header("content-length"), Some(length.as_str()));
    // The socket still works.
    socket.send(&json!({"type": "hello", "since": null}));
    assert_eq!(socket.next_reply()["type"], "state");
    // One closes: a client gets in (the server notices the close at once,
    // but give it a moment).
    drop(first);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let r = get_as(&server, &server.host, "/api/health");
        if r.status == 200 {
            break;
        }
        assert_eq!(r.status, 503, "{r:?}");
        assert!(
            Instant::now() < deadline,
            "no room after a connection closed"
        );
        sleep(Duration::from_millis(50));
    }
}

#[test]
fn creating_is_rate_limited_per_address() {
    let dir = data_dir();
    let server = Running::start_with(
        &path(&dir),
        &["--create-burst", "3", "--create-per-minute", "2"],
    );
    for _ in 0..3 {
        server.create(HOT_SEAT);
    }
    let r = post_raw(
        &server,
        "/api/games",
        "Content-Type: application/json\r\n",
        HOT_SEAT,
    );
    refused(&r, 429, "rate_limited");
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=30).contains(&wait), "{wait}");
    // Uploads share the allowance; reading and playing do not count.
    let r = post_raw(
        &server,
        "/api/records",
        "Content-Type: application/json\r\n",
        "{}",
    );
    refused(&r, 429, "rate_limited");
    assert_eq!(games(&server), 3);
    assert_eq!(server.get("/api/health").0, 200);
}

#[cfg(unix)]
#[test]
fn stopping_does_not_wait_for_silent_connections() {
    let dir = data_dir();
    let mut server = Running::start(&path(&dir));
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut socket = server.socket(&id);
    socket.send(&json!({"type": "hello", "since": null}));
    assert_eq!(socket.next_reply()["type"], "state");
    let _silent = server.connect();
    let mut half = server.connect();
    half.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n", server.host).as_bytes())
        .unwrap();
    let mut idle = server.connect();
    idle.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n\r\n", server.host).as_bytes())
        .unwrap();
    let mut buf = [0u8; 1024];
    assert!(idle.read(&mut buf).unwrap() > 0, "answered");
    // Within the header timeout (10 s) and Server::run's 5 s bound.
    let (status, took) = server
        .terminate(Duration::from_secs(20))
        .expect("the server stops");
    assert!(status.success(), "{status:?}");
    assert!(took < Duration::from_secs(4), "{took:?}");
}

/// An answer sent before the request's body is read (here `413`, the body
/// being over the 8 MiB limit of uploads) reaches the client, which may go
/// on sending the body it announced: the connection is not reset under
/// it.
#[test]
fn a_refusal_before_the_body_is_read_still_reaches_the_client() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let mut s = server.connect();
    s.set_write_timeout(Some(Duration::from_secs(30))).unwrap();
    let size = 9 << 20;
    write!(
        s,
        "POST /api/records HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {size}\r\n\r\n",
        server.host
    )
    .unwrap();
    let chunk = vec![b' '; 64 * 1024];
    for k in 0..size / chunk.len() {
        s.write_all(&chunk)
            .expect("the server takes the whole body");
        if k == 0 {
            // A client slower than the server: the answer is sent, and
            // the server has read all there was, before the rest comes.
            sleep(Duration::from_millis(300));
        }
    }
    let r = Reply::read(&mut s);
    refused(&r, 413, "too_large");
}

/// A `POST` of `body` to `path` from the local address `from`, with
/// `cookie` if given: the status.
fn post_from(server: &Running, from: &str, path: &str, body: &str, cookie: Option<&str>) -> u16 {
    server.post_from(from, path, body, cookie).status
}

/// Creating is limited per address and per person: a person who used up
/// their share cannot go on from another address, while someone else
/// there can.
#[test]
fn creating_is_limited_per_address_and_per_person() {
    let dir = data_dir();
    let server = Running::start_with(
        &path(&dir),
        &["--create-per-minute", "1", "--create-burst", "3"],
    );
    let challenge = r#"{"format":"singles","profile":"lnf-2017","sets":1}"#;
    let anna = server.person();
    // Choosing a name makes her a person (and counts as one request).
    assert_eq!(anna.post("/api/me", r#"{"name":"Anna"}"#).0, 200);
    for _ in 0..2 {
        assert_eq!(anna.post("/api/lobby/challenges", challenge).0, 201);
    }
    assert_eq!(anna.post("/api/lobby/challenges", challenge).0, 429);
    // Her address's share is used up (3 requests), her own not yet (2):
    // from another address she has one more, then none.
    let cookie = anna.cookie().unwrap();
    let from_two = || {
        post_from(
            &server,
            "127.0.0.2",
            "/api/lobby/challenges",
            challenge,
            Some(&cookie),
        )
    };
    assert_eq!(from_two(), 201);
    assert_eq!(
        from_two(),
        429,
        "the person's own share is used up wherever they come from"
    );
    assert_eq!(
        post_from(
            &server,
            "127.0.0.2",
            "/api/lobby/challenges",
            challenge,
            None
        ),
        201,
        "someone else at another address is not held back"
    );
}

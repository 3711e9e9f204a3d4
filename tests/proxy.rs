//! Behind a reverse proxy (docs/deploy.md): Debian's nginx on loopback, with
//! the configuration docs/deploy.md gives (less its TLS), in front of real
//! `novuss serve` processes started with `--trusted-proxy 127.0.0.1`. The
//! clients connect from other loopback addresses (127.0.0.2, 127.0.0.3, …,
//! each socket bound before it connects), so that nginx forwards each
//! one's own address and the server can tell them apart.
//!
//! nginx runs in the foreground as one process (`master_process off`),
//! with its configuration, pid file, logs and temporary files in a
//! directory of its own, and no system file read. Without nginx (it is
//! Debian's `nginx` package, which `scripts/test` installs) these tests say
//! so and do not run, as the PostgreSQL ones do without PostgreSQL; the one
//! with two instances needs PostgreSQL too (`NOVUSS_TEST_POSTGRES`).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;

use crate::server::follow;
use crate::support::play::{choose, mirror, stroke_request};
use crate::support::server::{
    connect_from_to, data_dir, needs_postgres, new_database, path, Reply, Running, Socket,
};
use novuss_core::seat::Seat;

/// The public name the proxy serves, as a browser would ask for it.
const PUBLIC: &str = "public.name";

/// What each server is started with: nginx, on 127.0.0.1, is trusted, and
/// the public name is answered for.
const BEHIND: [&str; 4] = ["--trusted-proxy", "127.0.0.1", "--host", PUBLIC];

/// A singles set between the creator (south) and a person they invite.
const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

/// A game against the computer, for the limits (cheap to make).
const ALONE: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"computer","level":"greedy"}]}"#;

/// nginx's configuration around docs/deploy.md's: `{DIR}` its
/// directory, `{HTTP}` the `http` part the documentation gives (see
/// [`documented`]).
const CONFIG: &str = r#"daemon off;
master_process off;
pid {DIR}/nginx.pid;
error_log {DIR}/error.log warn;
events {
    worker_connections 1024;
}
http {
    access_log off;
    client_body_temp_path {DIR}/body;
    proxy_temp_path {DIR}/proxy;
    fastcgi_temp_path {DIR}/fastcgi;
    uwsgi_temp_path {DIR}/uwsgi;
    scgi_temp_path {DIR}/scgi;

{HTTP}
}
"#;

/// The `http` part of docs/deploy.md's nginx configuration as this test
/// runs it, so that the documentation is what is tested: its `upstream`
/// with `upstreams` (`127.0.0.1:PORT` each) in place of its instances,
/// each with the documented `server` parameters; its `map`; and its TLS
/// `server`, listening on `127.0.0.1:port` without TLS (no `ssl_*`
/// directives); the redirect from port 80 is left out.
fn documented(upstreams: &[&str], port: u16) -> String {
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/deploy.md"),
    )
    .unwrap();
    let from = docs
        .find("## nginx")
        .expect("docs/deploy.md has its nginx part");
    let open = from + docs[from..].find("```nginx\n").expect("an nginx block") + "```nginx\n".len();
    let text = &docs[open..open + docs[open..].find("```").expect("the block ends")];
    // The top-level blocks, by their braces.
    let mut blocks: Vec<Vec<&str>> = Vec::new();
    let mut depth = 0;
    for line in text.lines() {
        if depth == 0 && line.trim().is_empty() {
            continue;
        }
        if depth == 0 {
            blocks.push(Vec::new());
        }
        blocks.last_mut().unwrap().push(line);
        depth += line.matches('{').count();
        depth -= line.matches('}').count();
    }
    let mut http = String::new();
    for block in &blocks {
        let head = block[0].trim();
        if head.starts_with("upstream ") {
            let first = block[1].trim().trim_end_matches(';');
            let params: Vec<&str> = first.split_whitespace().skip(2).collect();
            assert!(first.starts_with("server "), "{first}");
            http += &format!("{}\n", block[0]);
            for u in upstreams {
                http += &format!("    server {u} {};\n", params.join(" "));
            }
            http += "}\n";
        } else if head.starts_with("map ") {
            http += &(block.join("\n") + "\n");
        } else if head == "server {"
            && block
                .iter()
                .any(|l| l.trim().starts_with("ssl_certificate"))
        {
            for line in block {
                let t = line.trim();
                if t.starts_with("listen ") {
                    http += &format!("    listen 127.0.0.1:{port};\n");
                } else if !t.starts_with("ssl_") {
                    http += &format!("{line}\n");
                }
            }
        } else {
            assert!(
                head == "server {",
                "a block this test does not know: {head}"
            );
        }
    }
    assert!(
        http.contains("location / {") && http.contains("upstream "),
        "{http}"
    );
    http.lines().map(|l| format!("    {l}\n")).collect()
}

/// The nginx binary: `NOVUSS_NGINX`, else Debian's. `None`, said on
/// stderr, when there is none.
fn nginx_binary() -> Option<PathBuf> {
    let bin = std::env::var_os("NOVUSS_NGINX")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/sbin/nginx"));
    if bin.is_file() {
        return Some(bin);
    }
    eprintln!(
        "NOT RUN: needs nginx ({}; scripts/test installs Debian's nginx)",
        bin.display()
    );
    None
}

/// A running nginx in front of some servers.
struct Nginx {
    child: Child,
    /// `127.0.0.1:PORT`
    addr: String,
    port: u16,
    dir: tempfile::TempDir,
}

impl Nginx {
    /// Starts `bin` in front of the servers at `upstreams`
    /// (`127.0.0.1:PORT` each) on a free loopback port.
    fn start(bin: &PathBuf, upstreams: &[&str]) -> Nginx {
        let dir = tempfile::tempdir().unwrap();
        // A port found free may be taken before nginx binds it: a few
        // tries, each told by nginx's own exit.
        for _ in 0..5 {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port();
            let config = CONFIG
                .replace("{DIR}", &dir.path().display().to_string())
                .replace("{HTTP}", documented(upstreams, port).trim_end());
            let file = dir.path().join("nginx.conf");
            std::fs::write(&file, config).unwrap();
            let mut child = Command::new(bin)
                .arg("-p")
                .arg(dir.path())
                .arg("-c")
                .arg(&file)
                .arg("-e")
                .arg(dir.path().join("error.log"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("nginx starts");
            let addr = format!("127.0.0.1:{port}");
            let deadline = Instant::now() + Duration::from_secs(20);
            loop {
                if let Some(status) = child.try_wait().unwrap() {
                    let log =
                        std::fs::read_to_string(dir.path().join("error.log")).unwrap_or_default();
                    assert!(
                        log.contains("Address already in use"),
                        "nginx stopped ({status}): {log}"
                    );
                    break;
                }
                if TcpStream::connect(&addr).is_ok() {
                    return Nginx {
                        child,
                        addr,
                        port,
                        dir,
                    };
                }
                assert!(Instant::now() < deadline, "nginx listens within 20 s");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        panic!("no free port for nginx in 5 tries");
    }

    /// A browser at the loopback address `from`, on the proxy's public
    /// name.
    fn client(&self, from: &'static str) -> Client<'_> {
        Client {
            from,
            to: &self.addr,
            host: format!("{PUBLIC}:{}", self.port),
            cookie: None,
        }
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let log = std::fs::read_to_string(self.dir.path().join("error.log"));
            eprintln!("nginx's error log: {}", log.unwrap_or_default());
        }
    }
}

/// One client: its own loopback address and cookie, talking to `to` (the
/// proxy, or a server directly) as a browser on `http://{host}/` would.
struct Client<'a> {
    from: &'static str,
    to: &'a str,
    host: String,
    cookie: Option<String>,
}

/// A chunked body put back together; any other body as it is.
fn body_of(reply: &Reply) -> String {
    let chunked = reply
        .header("transfer-encoding")
        .is_some_and(|t| t.eq_ignore_ascii_case("chunked"));
    if !chunked {
        return reply.body.clone();
    }
    let mut out = String::new();
    let mut rest = reply.body.as_str();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

impl Client<'_> {
    /// `method path` with a JSON `body`, as a page of this site sends it
    /// (its `Origin`), with `extra` headers, on a connection of its own:
    /// the status and the body as JSON (`null` if none), keeping the
    /// session cookie it hands out, and the whole answer.
    fn send(
        &mut self,
        method: &str,
        path: &str,
        body: &str,
        extra: &[(&str, &str)],
    ) -> (u16, Value, Reply) {
        let mut s = connect_from_to(self.from, self.to);
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n\
             Content-Type: application/json\r\nContent-Length: {n}\r\nConnection: close\r\n",
            host = self.host,
            n = body.len()
        );
        if let Some(c) = &self.cookie {
            head.push_str(&format!("Cookie: {c}\r\n"));
        }
        for (name, value) in extra {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        s.write_all(format!("{head}\r\n{body}").as_bytes()).unwrap();
        let reply = Reply::read(&mut s);
        for line in reply.head.lines() {
            if let Some((name, value)) = line.split_once(':') {
                let value = value.trim();
                if name.eq_ignore_ascii_case("set-cookie") && value.starts_with("novuss_id=") {
                    self.cookie = value.split(';').next().map(str::to_owned);
                }
            }
        }
        let json = serde_json::from_str(&body_of(&reply)).unwrap_or(Value::Null);
        (reply.status, json, reply)
    }

    /// Creates a game vs the computer as a new browser at the same
    /// address (no cookie: the limit per person does not come in), with
    /// `extra` headers: the status and the body.
    fn create_anew(&mut self, extra: &[(&str, &str)]) -> (u16, Value) {
        self.cookie = None;
        let (status, json, _) = self.send("POST", "/api/games", ALONE, extra);
        (status, json)
    }

    fn post(&mut self, path: &str, body: &str) -> (u16, Value) {
        let (status, json, _) = self.send("POST", path, body, &[]);
        (status, json)
    }

    fn get(&mut self, path: &str) -> (u16, Value) {
        let (status, json, _) = self.send("GET", path, "", &[]);
        (status, json)
    }

    /// Opens game `id`'s WebSocket, or the status and body it was refused
    /// with.
    fn try_socket(&self, id: &str) -> Result<Socket, (u16, String)> {
        let stream = connect_from_to(self.from, self.to);
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let mut request = format!("ws://{}/api/games/{id}/ws", self.host)
            .into_client_request()
            .unwrap();
        let origin = format!("http://{}", self.host);
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
        if let Some(c) = &self.cookie {
            request.headers_mut().insert("cookie", c.parse().unwrap());
        }
        match tungstenite::client(request, MaybeTlsStream::Plain(stream)) {
            Ok((ws, _)) => Ok(Socket::over(ws)),
            Err(tungstenite::HandshakeError::Failure(tungstenite::Error::Http(res))) => {
                let body = String::from_utf8_lossy(res.body().as_deref().unwrap_or_default());
                Err((res.status().as_u16(), body.into_owned()))
            }
            Err(e) => panic!("the socket's handshake failed: {e}"),
        }
    }

    fn socket(&self, id: &str) -> Socket {
        self.try_socket(id)
            .unwrap_or_else(|(status, body)| panic!("the socket opens: {status} {body}"))
    }
}

/// The state the server sends after `hello`.
fn hello(ws: &mut Socket) -> Value {
    ws.send(&json!({"type": "hello"}));
    let m = ws.next_reply();
    assert_eq!(m["type"], "state", "{m}");
    m
}

/// Plays `strokes` strokes of the greedy player from event `event`, each
/// sent by the player whose turn it is, both seeing the same event; the
/// last event, or sooner if the set ends.
fn play(
    local: &mut novuss_core::play::game::Game,
    south: &mut Socket,
    north: &mut Socket,
    mut event: u64,
    strokes: u64,
) -> (u64, Value) {
    let mut last = Value::Null;
    for _ in 0..strokes {
        if local.set().is_over() {
            break;
        }
        let seat = local.set().seat_to_play();
        let s = choose(local, event);
        let by = if seat == Seat::South {
            &mut *south
        } else {
            &mut *north
        };
        by.send(&stroke_request(event, seat, &s));
        let seen = [south.next_reply(), north.next_reply()];
        assert_eq!(seen[0]["type"], "stroke", "{}", seen[0]);
        assert_eq!(seen[0]["event"], event + 1);
        assert_eq!(seen[0], seen[1], "both players see the same event");
        follow(local, &seen[0]);
        last = seen[0].clone();
        event += 1;
    }
    (event, last)
}

#[test]
fn a_game_through_nginx_goes_on_when_one_of_two_instances_is_killed() {
    let Some(bin) = nginx_binary() else {
        return;
    };
    if !needs_postgres() {
        return;
    }
    let dirs = [data_dir(), data_dir()];
    let url = new_database(&path(&dirs[0]));
    let first = Running::start_on(&path(&dirs[0]), Some(&url), &BEHIND);
    let second = Running::start_on(&path(&dirs[1]), Some(&url), &BEHIND);
    let nginx = Nginx::start(&bin, &[&first.host, &second.host]);

    // Two people, each at their own address, through the proxy only:
    // one creates a game, the other takes the invitation.
    let mut anna = nginx.client("127.0.0.2");
    let mut janis = nginx.client("127.0.0.3");
    let (status, created) = anna.post("/api/games", INVITED);
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap();
    let (status, joined) = janis.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{joined}");
    let mut a = anna.socket(&id);
    let mut seats = hello(&mut a)["state"]["seats"].clone();
    while seats[1]["holder"] != "person" {
        seats = a.next_of("seats")["seats"].clone();
    }
    let mut j = janis.socket(&id);
    assert_eq!(hello(&mut j)["event"], 0);

    // Strokes over WebSockets through the proxy, whichever instance each
    // socket landed on.
    let mut local = mirror(INVITED);
    let (event, _) = play(&mut local, &mut a, &mut j, 0, 6);
    assert_eq!(event, 6, "six strokes before the set could end");

    // One instance dies (SIGKILL). The players open the game again through
    // the same proxy, which now reaches only the other, and play on.
    drop((a, j));
    first.kill();
    let mut a = anna.socket(&id);
    assert_eq!(
        hello(&mut a)["event"],
        event,
        "nothing acknowledged is lost"
    );
    let mut j = janis.socket(&id);
    assert_eq!(hello(&mut j)["event"], event);
    let (after, last) = play(&mut local, &mut a, &mut j, event, 6);
    assert!(after > event, "the game went on through the other instance");
    let (status, state) = anna.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{state}");
    assert_eq!(
        state["set"], last["state"]["set"],
        "what is stored is what was seen"
    );
    drop(second);
}

/// A server behind nginx, on any database: new games limited to 2 at once
/// per client (then 1 a minute), 2 connections per client.
fn limited_server(dir: &tempfile::TempDir) -> Running {
    let mut args: Vec<&str> = BEHIND.to_vec();
    args.extend([
        "--create-burst",
        "2",
        "--create-per-minute",
        "1",
        "--max-connections-per-address",
        "2",
    ]);
    Running::start_with(&path(dir), &args)
}

#[test]
fn through_nginx_each_client_has_its_own_limits() {
    let Some(bin) = nginx_binary() else {
        return;
    };
    let dir = data_dir();
    let server = limited_server(&dir);
    let nginx = Nginx::start(&bin, &[&server.host]);
    let mut anna = nginx.client("127.0.0.2");
    let mut janis = nginx.client("127.0.0.3");

    // Anna uses her two new games; the third is refused, and what she
    // writes in the forwarding headers herself does not make her someone
    // else: nginx appends the address she came from, and clears
    // `Forwarded`.
    for _ in 0..2 {
        let (status, body) = anna.create_anew(&[]);
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = anna.create_anew(&[]);
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], "rate_limited");
    for spoof in [
        ("X-Forwarded-For", "127.0.0.9"),
        ("Forwarded", "for=127.0.0.9"),
        ("X-Forwarded-For", "127.0.0.9, 127.0.0.8"),
    ] {
        let (status, body) = anna.create_anew(&[spoof]);
        assert_eq!(status, 429, "{spoof:?}: {body}");
    }
    // Janis, through the same proxy, is not held back by her.
    let (status, body) = janis.create_anew(&[]);
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_str().unwrap().to_owned();

    // A server-sent stream comes through as it is written (nginx does not
    // buffer it): the lobby's first event, at once.
    let mut s = connect_from_to(janis.from, &nginx.addr);
    write!(
        s,
        "GET /api/lobby/live HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        janis.host
    )
    .unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("event: lobby") {
        let n = s
            .read(&mut buf)
            .expect("the stream's first event within 30 s");
        assert!(
            n > 0,
            "the stream ended: {}",
            String::from_utf8_lossy(&seen)
        );
        seen.extend_from_slice(&buf[..n]);
    }
    drop(s);

    // Connections: two WebSockets are all Anna may hold; a third is
    // refused, while Janis still opens one. Counted by the client nginx
    // names, not as nginx's own connections, which are all from
    // 127.0.0.1.
    let held = [anna.socket(&id), anna.socket(&id)];
    let (status, body) = anna.try_socket(&id).err().expect("a third is refused");
    assert_eq!(status, 503, "{body}");
    assert!(
        body.contains("too many connections are open from your address"),
        "{body}"
    );
    let mut watching = janis.socket(&id);
    assert_eq!(hello(&mut watching)["state"]["id"], id.as_str());
    // Once one of Anna's closes, she may open another (the server notices
    // the close a moment after the proxy does).
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match anna.try_socket(&id) {
            Ok(_) => break,
            Err((503, _)) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(other) => panic!("her sockets were given back: {other:?}"),
        }
    }
}

#[test]
fn forwarding_headers_count_only_from_a_trusted_proxy() {
    let dir = data_dir();
    let server = limited_server(&dir);
    let host = format!("{PUBLIC}:{}", server.port());
    // A stranger at 127.0.0.4 sends X-Forwarded-For itself, directly to
    // the server: ignored. Each new game counts against 127.0.0.4,
    // whatever address it claims.
    let mut stranger = Client {
        from: "127.0.0.4",
        to: &server.host,
        host: host.clone(),
        cookie: None,
    };
    for (k, claimed) in ["127.0.0.20", "127.0.0.21", "127.0.0.22"]
        .iter()
        .enumerate()
    {
        let xff = [
            ("X-Forwarded-For", *claimed),
            ("Forwarded", "for=127.0.0.23"),
        ];
        let (status, body) = stranger.create_anew(&xff);
        assert_eq!(status, if k < 2 { 201 } else { 429 }, "{claimed}: {body}");
    }
    // The same headers from the trusted proxy's address (127.0.0.1) are
    // believed: the clients they name each have their own limit.
    let mut proxy = Client {
        from: "127.0.0.1",
        ..stranger
    };
    for claimed in ["127.0.0.20", "127.0.0.21", "127.0.0.22"] {
        let (status, body) = proxy.create_anew(&[("X-Forwarded-For", claimed)]);
        assert_eq!(status, 201, "{claimed}: {body}");
    }
}

#[test]
fn https_forwarded_by_the_proxy_makes_cookies_secure_and_https_pages_this_sites() {
    let dir = data_dir();
    let server = Running::start_with(&path(&dir), &BEHIND);
    // A page of https://public.name, its request passed on by the proxy
    // (127.0.0.1), which says the browser used HTTPS.
    let mut browser = Client {
        from: "127.0.0.1",
        to: &server.host,
        host: PUBLIC.to_owned(),
        cookie: None,
    };
    let https_page = [
        ("X-Forwarded-For", "127.0.0.5"),
        ("X-Forwarded-Proto", "https"),
    ];
    let origin_https = |c: &mut Client<'_>, extra: &[(&str, &str)]| {
        // `send` names the page http://public.name: this one is https.
        let mut s = connect_from_to(c.from, c.to);
        let mut head = format!(
            "POST /api/games HTTP/1.1\r\nHost: {PUBLIC}\r\nOrigin: https://{PUBLIC}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
            ALONE.len()
        );
        for (name, value) in extra {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        s.write_all(format!("{head}\r\n{ALONE}").as_bytes())
            .unwrap();
        Reply::read(&mut s)
    };
    let created = origin_https(&mut browser, &https_page);
    assert_eq!(created.status, 201, "{created:?}");
    let cookie = created.header("set-cookie").expect("a new person's cookie");
    assert!(cookie.starts_with("novuss_id="), "{cookie}");
    assert!(
        cookie.ends_with("; Secure"),
        "sent back over HTTPS only: {cookie}"
    );
    // Over plain HTTP, as the proxy says, the cookie is not Secure (the
    // browser would never send it back) and an https page is another
    // site.
    let (status, body, plain) = browser.send(
        "POST",
        "/api/games",
        ALONE,
        &[("X-Forwarded-Proto", "http")],
    );
    assert_eq!(status, 201, "{body}");
    let cookie = plain.header("set-cookie").expect("a new person's cookie");
    assert!(!cookie.contains("Secure"), "{cookie}");
    let refused = origin_https(&mut browser, &[("X-Forwarded-Proto", "http")]);
    assert_eq!(refused.status, 403, "{refused:?}");
    // Nor does a stranger who says "https" directly count.
    let mut stranger = Client {
        from: "127.0.0.6",
        ..browser
    };
    let refused = origin_https(&mut stranger, &https_page);
    assert_eq!(refused.status, 403, "{refused:?}");
    assert!(refused.body.contains("bad_origin"), "{refused:?}");
}

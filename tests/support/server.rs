//! A real `novuss serve` for tests: the binary, on a free loopback port,
//! with its own database directory, driven over HTTP and WebSocket.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A running server.
pub struct Running {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    /// `127.0.0.1:PORT`
    pub host: String,
    /// The cookie of the person the server's own methods act as (set by
    /// the first answer that hands one out), as one browser would keep it.
    jar: Jar,
    /// The database directory.
    pub data: PathBuf,
    /// The database's URL, when it is not SQLite in `data`.
    database: Option<String>,
    /// `serve`'s further options.
    args: Vec<String>,
    /// The rest of its standard output, after the line with its address.
    out: BufReader<std::process::ChildStdout>,
}

/// A browser's cookie jar, for the one cookie the server hands out. The
/// server's own jar is kept in a file beside its database, so that a
/// server started again on the same data is used from the same browser.
#[derive(Default)]
pub struct Jar {
    cookie: Mutex<Option<String>>,
    file: Option<PathBuf>,
}

impl Jar {
    fn in_file(file: PathBuf) -> Jar {
        let cookie = std::fs::read_to_string(&file).ok();
        Jar {
            cookie: Mutex::new(cookie),
            file: Some(file),
        }
    }

    fn cookie(&self) -> Option<String> {
        self.cookie.lock().unwrap().clone()
    }

    /// Keeps the `novuss_id=…` of a `Set-Cookie` answer.
    fn keep(&self, set_cookie: Option<&str>) {
        if let Some(c) = set_cookie.and_then(|c| c.split(';').next()) {
            *self.cookie.lock().unwrap() = Some(c.to_owned());
            if let Some(f) = &self.file {
                std::fs::write(f, c).unwrap();
            }
        }
    }
}

/// An answer's status and its body as JSON (`null` when it is none).
pub fn json_answer(answer: (u16, String)) -> (u16, serde_json::Value) {
    (
        answer.0,
        serde_json::from_str(&answer.1).unwrap_or(serde_json::Value::Null),
    )
}

/// The session's `Set-Cookie` of an answer (it may set the device's too).
fn session_cookie(h: &ureq::http::HeaderMap) -> Option<&str> {
    h.get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("novuss_id="))
}

/// Another person at another browser: their own cookie jar.
pub struct Person<'a> {
    server: &'a Running,
    jar: Jar,
}

impl Person<'_> {
    /// Takes invited seat `k` (of `invites`, in order) of the game whose
    /// creation answered `created`, as one opening that link would;
    /// panics unless it is taken.
    pub fn join_invite(&self, created: &Value, k: usize) {
        let id = created["id"].as_str().expect("a game's id");
        let invite = created["invites"][k]["invite"]
            .as_str()
            .expect("an invitation");
        let (status, body) = self.post(
            &format!("/api/games/{id}/join"),
            &serde_json::json!({ "invite": invite }).to_string(),
        );
        assert_eq!(status, 200, "{body}");
    }

    /// Registers an account named `username` with `password`; panics
    /// unless it is made.
    pub fn register(&self, username: &str, password: &str) {
        let (status, body) = self.post(
            "/api/account/register",
            &serde_json::json!({"username": username, "password": password}).to_string(),
        );
        assert_eq!(status, 201, "{body}");
    }

    /// This person's public id, as `GET /api/me` gives it; panics if the
    /// server holds nobody for them.
    pub fn id(&self) -> String {
        let (status, me) = json_answer(self.get("/api/me"));
        assert_eq!(status, 200, "{me}");
        me["person"].as_str().expect("a person").to_owned()
    }

    /// Asks competition `id` for `change` (`POST /api/competitions/{id}/changes`)
    /// as this person: the status and the answer as JSON.
    pub fn try_change(&self, id: &str, change: Value) -> (u16, Value) {
        json_answer(self.post(
            &format!("/api/competitions/{id}/changes"),
            &change.to_string(),
        ))
    }

    /// [`Person::try_change`], which must be taken: the competition after it.
    pub fn change(&self, id: &str, change: Value) -> Value {
        let asked = change.to_string();
        let (status, now) = self.try_change(id, change);
        assert_eq!(status, 200, "{asked} → {now}");
        now
    }

    /// `GET path` with this person's cookie.
    pub fn get(&self, path: &str) -> (u16, String) {
        self.server.get_as(&self.jar, path)
    }

    /// `POST path` with this person's cookie.
    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        self.server.post_as(&self.jar, path, body)
    }

    /// `POST path` of `bytes` sent as `kind` (a file: a list of players,
    /// a workbook) with this person's cookie.
    pub fn upload(&self, path: &str, kind: &str, bytes: &[u8]) -> (u16, String) {
        let mut request = Running::agent()
            .post(format!(
                "{}{}",
                self.server.url,
                path.trim_start_matches('/')
            ))
            .header("content-type", kind);
        if let Some(c) = self.jar.cookie() {
            request = request.header("cookie", c);
        }
        let mut r = request.send(bytes).expect("the request is answered");
        self.jar.keep(session_cookie(r.headers()));
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().unwrap_or_default())
    }

    /// `DELETE path` with this person's cookie.
    pub fn delete(&self, path: &str) -> (u16, String) {
        let server = self.server;
        let mut request =
            Running::agent().delete(format!("{}{}", server.url, path.trim_start_matches('/')));
        if let Some(c) = self.jar.cookie() {
            request = request.header("cookie", c);
        }
        let mut r = request.call().expect("the request is answered");
        self.jar.keep(session_cookie(r.headers()));
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().unwrap_or_default())
    }

    /// Game `id`'s row in the list of games (`GET /api/games`) as this
    /// person sees it, if it is listed.
    pub fn listed(&self, id: &str) -> Option<serde_json::Value> {
        row_of(self.get("/api/games"), id)
    }

    /// Creates a game as this person; returns its state.
    pub fn create(&self, body: &str) -> Value {
        let (status, text) = self.post("/api/games", body);
        assert_eq!(status, 201, "{text}");
        serde_json::from_str(&text).unwrap()
    }

    /// Opens a game's WebSocket with this person's cookie.
    pub fn socket(&self, id: &str) -> Socket {
        self.server.socket_as(&self.jar, id)
    }

    /// This person's cookie, if the server gave them one.
    pub fn cookie(&self) -> Option<String> {
        self.jar.cookie()
    }
}

/// The file, in a test server's directory, that names the PostgreSQL
/// database it uses.
pub const PG_URL_FILE: &str = "test-database-url";

/// Whether this run of the tests is against PostgreSQL
/// (`NOVUSS_TEST_BACKEND=postgres`; SQLite otherwise).
pub fn on_postgres() -> bool {
    std::env::var("NOVUSS_TEST_BACKEND").is_ok_and(|b| b == "postgres")
}

/// The PostgreSQL server the tests may use (`NOVUSS_TEST_POSTGRES`, a URL
/// of its `postgres` database; `scripts/test` starts a throw-away one).
pub fn postgres_server() -> Option<String> {
    std::env::var("NOVUSS_TEST_POSTGRES").ok()
}

/// The PostgreSQL database of the test server whose directory is `dir`,
/// when the tests run against PostgreSQL ([`on_postgres`]): each test
/// directory gets a new database of its own, kept for a restart on the
/// same directory. `None`: SQLite in `dir`.
pub fn postgres(dir: &Path) -> Option<String> {
    if !on_postgres() {
        return None;
    }
    if let Ok(url) = std::fs::read_to_string(dir.join(PG_URL_FILE)) {
        return Some(url);
    }
    Some(new_database(dir))
}

/// A new, empty database on the tests' PostgreSQL server, its URL kept in
/// `dir`.
pub fn new_database(dir: &Path) -> String {
    let admin = postgres_server().expect(
        "NOVUSS_TEST_POSTGRES names the PostgreSQL server of the tests (scripts/test starts one)",
    );
    let name = format!(
        "t_{:016x}",
        rand::random::<u64>() ^ u64::from(std::process::id())
    );
    crate::support::block_on(async {
        use sqlx::{Connection, Executor};
        let mut c = sqlx::PgConnection::connect(&admin)
            .await
            .expect("NOVUSS_TEST_POSTGRES names a PostgreSQL server that answers");
        c.execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .expect("a test database is created");
    });
    let base = admin.rsplit_once('/').expect("a URL with a database").0;
    let url = format!("{base}/{name}");
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join(PG_URL_FILE), &url).unwrap();
    url
}

/// Whether this run is against PostgreSQL, for a test of SQLite's own
/// file (its pages, a full disk under it), which then says why it does
/// not run here: the SQLite pass of the same tests runs it.
/// Whether a test that needs PostgreSQL can run: with none given
/// (`NOVUSS_TEST_POSTGRES`), it says so and is not run.
pub fn needs_postgres() -> bool {
    if postgres_server().is_none() {
        eprintln!("NOT RUN: needs PostgreSQL (NOVUSS_TEST_POSTGRES; scripts/test starts one)");
        return false;
    }
    true
}

pub fn sqlite_file_test(what: &str) -> bool {
    if on_postgres() {
        eprintln!("SQLite only ({what}): run by the SQLite pass, not against PostgreSQL");
        return false;
    }
    true
}

impl Running {
    /// Starts the binary with its database in `dir`.
    pub fn start(dir: &Path) -> Running {
        Running::start_with(dir, &[])
    }

    /// Starts the binary with its database in `dir` and `serve`'s further
    /// options `args`.
    pub fn start_with(dir: &Path, args: &[&str]) -> Running {
        Running::start_on(dir, postgres(dir).as_deref(), args)
    }

    /// Starts the binary over the database `url` (`None`: SQLite in
    /// `dir`), its cookie jar in `dir`, with `serve`'s further options
    /// `args`: several may share one PostgreSQL database.
    pub fn start_on(dir: &Path, url: Option<&str>, args: &[&str]) -> Running {
        Running::start_logging(dir, url, args, None)
    }

    /// [`Running::start_on`], its log (at `info`) written to `log` if
    /// given, else left to this process's standard error (at `warn`).
    pub fn start_logging(
        dir: &Path,
        url: Option<&str>,
        args: &[&str],
        log: Option<&Path>,
    ) -> Running {
        let database = url.map(str::to_owned);
        let mut command = Command::new(crate::support::novuss());
        command.args(["serve", "--addr", "127.0.0.1:0"]);
        match url {
            Some(url) => command.arg("--database").arg(url),
            None => command.arg("--data-dir").arg(dir),
        };
        let (level, stderr) = match log {
            Some(file) => (
                "info",
                Stdio::from(std::fs::File::create(file).expect("a log file")),
            ),
            None => ("warn", Stdio::inherit()),
        };
        let mut child = command
            .args(args)
            .env("RUST_LOG", level)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the server starts");
        let mut out = BufReader::new(child.stdout.take().expect("its standard output"));
        let mut line = String::new();
        out.read_line(&mut line).expect("a first line");
        let start = line.find("http://").expect("the line gives the address");
        let url = line[start..].split_whitespace().next().unwrap().to_owned();
        let host = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        Running {
            child,
            url,
            host,
            jar: Jar::in_file(dir.join("test-browser-cookie")),
            data: dir.to_path_buf(),
            database,
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            out,
        }
    }

    /// The next line of its standard output after the address's (the
    /// metrics' address, when it has one of its own).
    pub fn next_line(&mut self) -> String {
        let mut line = String::new();
        self.out.read_line(&mut line).expect("another line");
        line
    }

    /// Another person, at another browser, with no cookie yet.
    pub fn person(&self) -> Person<'_> {
        Person {
            server: self,
            jar: Jar::default(),
        }
    }

    /// The person whose browser holds `cookie` (`novuss_id=…`), as after
    /// a restart of the server.
    pub fn person_with(&self, cookie: &str) -> Person<'_> {
        Person {
            server: self,
            jar: Jar {
                cookie: Mutex::new(Some(cookie.to_owned())),
                file: None,
            },
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The server's resident memory now, in kB (Linux's `VmRSS`).
    pub fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS in kB")
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.host.rsplit(':').next().unwrap().parse().unwrap()
    }

    /// A new TCP connection to the server.
    pub fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(&self.host).expect("the server accepts");
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s
    }

    /// A new TCP connection to the server from the loopback address
    /// `from` (Linux answers on all of 127.0.0.0/8): another client, as
    /// the server counts clients.
    pub fn connect_from(&self, from: &str) -> TcpStream {
        connect_from_to(from, &self.host)
    }

    /// `POST path` with the JSON `body` from the loopback address `from`,
    /// with `cookie` (`name=value; …`) if given, on a connection of its
    /// own: the answer.
    pub fn post_from(&self, from: &str, path: &str, body: &str, cookie: Option<&str>) -> Reply {
        let mut s = self.connect_from(from);
        let cookie = cookie
            .map(|c| format!("Cookie: {c}\r\n"))
            .unwrap_or_default();
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n{cookie}\
             Content-Length: {n}\r\nConnection: close\r\n\r\n{body}",
            host = self.host,
            n = body.len()
        );
        s.write_all(request.as_bytes()).unwrap();
        Reply::read(&mut s)
    }

    /// Sends `request` (bytes as they go on the wire, which should ask for
    /// `Connection: close`) on a new connection and reads the answer until
    /// the server closes it.
    pub fn raw(&self, request: &str) -> Reply {
        let mut s = self.connect();
        s.write_all(request.as_bytes()).unwrap();
        Reply::read(&mut s)
    }

    /// Asks the server to stop (SIGTERM, as `kill` does) and waits at
    /// most `bound` for it to exit: its exit status and how long it took,
    /// or `None` if it is still running.
    #[cfg(unix)]
    pub fn terminate(&mut self, bound: Duration) -> Option<(std::process::ExitStatus, Duration)> {
        let t = Instant::now();
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        while t.elapsed() < bound {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some((status, t.elapsed()));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// Kills the process at once (SIGKILL: no shutdown code runs).
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Kills the process at once (SIGKILL: no shutdown code runs) and
    /// starts the server again on the same database with the same
    /// options: what a crash and a restart leave.
    pub fn restart(self) -> Running {
        let (data, database, args) = (self.data.clone(), self.database.clone(), self.args.clone());
        self.kill();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Running::start_on(&data, database.as_deref(), &args)
    }

    /// Game `id`'s row in the list of games (`GET /api/games`, as this
    /// server's own person sees it), if it is listed.
    pub fn listed(&self, id: &str) -> Option<serde_json::Value> {
        row_of(self.get("/api/games"), id)
    }

    /// An HTTP agent that returns error statuses as responses.
    fn agent() -> ureq::Agent {
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into()
    }

    /// `GET path` as the server's own person: status and body.
    pub fn get(&self, path: &str) -> (u16, String) {
        self.get_as(&self.jar, path)
    }

    /// `POST path` with `body` as the server's own person: status and
    /// body.
    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        self.post_as(&self.jar, path, body)
    }

    fn get_as(&self, jar: &Jar, path: &str) -> (u16, String) {
        let mut request =
            Running::agent().get(format!("{}{}", self.url, path.trim_start_matches('/')));
        if let Some(c) = jar.cookie() {
            request = request.header("cookie", c);
        }
        let mut r = request.call().expect("the request is answered");
        jar.keep(session_cookie(r.headers()));
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().unwrap_or_default())
    }

    fn post_as(&self, jar: &Jar, path: &str, body: &str) -> (u16, String) {
        let mut request = Running::agent()
            .post(format!("{}{}", self.url, path.trim_start_matches('/')))
            .header("content-type", "application/json");
        if let Some(c) = jar.cookie() {
            request = request.header("cookie", c);
        }
        let mut r = request.send(body).expect("the request is answered");
        jar.keep(session_cookie(r.headers()));
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().unwrap_or_default())
    }

    /// Creates a game; returns its state.
    pub fn create(&self, body: &str) -> Value {
        let (status, text) = self.post("/api/games", body);
        assert_eq!(status, 201, "{text}");
        serde_json::from_str(&text).unwrap()
    }

    /// A game's state by HTTP.
    pub fn state(&self, id: &str) -> Value {
        let (status, text) = self.get(&format!("/api/games/{id}"));
        assert_eq!(status, 200, "{text}");
        serde_json::from_str(&text).unwrap()
    }

    /// Opens a game's WebSocket as the server's own person.
    pub fn socket(&self, id: &str) -> Socket {
        self.socket_as(&self.jar, id)
    }

    /// Opens a game's WebSocket as nobody: no cookie, a spectator.
    pub fn watch(&self, id: &str) -> Socket {
        self.socket_as(&Jar::default(), id)
    }

    fn socket_as(&self, jar: &Jar, id: &str) -> Socket {
        use tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{}/api/games/{id}/ws", self.host)
            .into_client_request()
            .unwrap();
        if let Some(c) = jar.cookie() {
            request.headers_mut().insert("cookie", c.parse().unwrap());
        }
        let (ws, _) = tungstenite::connect(request).expect("the socket opens");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
        }
        Socket { ws }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer read off a raw connection.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The header lines, as sent.
    pub head: String,
    /// The body, as sent (not de-chunked).
    pub body: String,
}

impl Reply {
    /// Reads an answer from `s` until the server closes the connection
    /// (or its read timeout passes).
    pub fn read(s: &mut TcpStream) -> Reply {
        let mut bytes = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            match s.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => bytes.extend_from_slice(&buf[..n]),
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        Reply {
            status,
            head: head.to_owned(),
            body: body.to_owned(),
        }
    }

    /// A header's value (the first, by case-insensitive name).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }

    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {self:?}"))
    }
}

/// A new TCP connection from the loopback address `from` to `to`
/// (`127.0.0.1:PORT`), blocking, with a read timeout of 30 s.
pub fn connect_from_to(from: &str, to: &str) -> TcpStream {
    let stream = crate::support::block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
        socket.connect(to.parse().unwrap()).await.unwrap()
    });
    let stream = stream.into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    stream.set_nodelay(true).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream
}

/// Whether a socket's read stopped at its read timeout (nothing came),
/// rather than failing.
pub fn timed_out(e: &tungstenite::Error) -> bool {
    matches!(e, tungstenite::Error::Io(e) if matches!(
        e.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    ))
}

/// A game's WebSocket.
pub struct Socket {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
}

/// The longest a test waits for a socket's next message.
pub const MESSAGE_WAIT: Duration = Duration::from_secs(120);

impl Socket {
    /// A game's WebSocket opened some other way (through a proxy, from a
    /// chosen address).
    pub fn over(ws: WebSocket<MaybeTlsStream<TcpStream>>) -> Socket {
        Socket { ws }
    }

    /// Sends a JSON value.
    pub fn send(&mut self, v: &Value) {
        self.ws.send(Message::text(v.to_string())).unwrap();
    }

    /// Sends raw text.
    pub fn send_text(&mut self, s: &str) {
        self.ws.send(Message::text(s.to_owned())).unwrap();
    }

    /// Sends a binary frame.
    pub fn send_binary(&mut self, b: &[u8]) {
        self.ws.send(Message::binary(b.to_vec())).unwrap();
    }

    /// The next JSON message. The server's pings keep a socket open, so
    /// the read timeout alone would wait for ever for a message that never
    /// comes: a test fails after [`MESSAGE_WAIT`] of pings only.
    /// Reads until the server closes the socket: its close code (0: the
    /// connection dropped), or `None` if it stays open for `within`.
    pub fn closed_within(&mut self, within: Duration) -> Option<u16> {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            match self.ws.read() {
                Ok(Message::Close(frame)) => return Some(frame.map_or(0, |f| u16::from(f.code))),
                Ok(_) => {}
                Err(e) if timed_out(&e) => {}
                Err(_) => return Some(0),
            }
        }
        None
    }

    pub fn next(&mut self) -> Value {
        let deadline = Instant::now() + MESSAGE_WAIT;
        loop {
            match self.ws.read().expect("a message within the timeout") {
                Message::Text(t) => return serde_json::from_str(t.as_str()).unwrap(),
                Message::Close(c) => panic!("the server closed the socket: {c:?}"),
                _ => assert!(
                    Instant::now() < deadline,
                    "no message within {MESSAGE_WAIT:?}, only pings"
                ),
            }
        }
    }

    /// The next message of `kind`, skipping others (such as `thinking`).
    pub fn next_of(&mut self, kind: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(300);
        loop {
            let m = self.next();
            if m["type"] == kind {
                return m;
            }
            assert!(Instant::now() < deadline, "no {kind} message");
        }
    }

    /// The next message that is neither `thinking`, `seats` (who is
    /// connected), `timers` (the clocks), `watchers` (how many watch) nor
    /// `moving` (how long ago a stroke was made): an event, a state, a
    /// hint or an error.
    pub fn next_reply(&mut self) -> Value {
        let deadline = Instant::now() + Duration::from_secs(300);
        loop {
            assert!(Instant::now() < deadline, "no reply, only notices");
            let m = self.next();
            if super::chat::is_chat(&m) {
                continue;
            }
            if m["type"] != "thinking"
                && m["type"] != "seats"
                && m["type"] != "timers"
                && m["type"] != "watchers"
                && m["type"] != "moving"
            {
                return m;
            }
        }
    }
}

/// A fresh directory for a database.
pub fn data_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// The path of a directory.
pub fn path(d: &tempfile::TempDir) -> PathBuf {
    d.path().to_owned()
}

/// Game `id`'s row in the answer `(status, body)` to `GET /api/games`.
fn row_of((status, body): (u16, String), id: &str) -> Option<serde_json::Value> {
    assert_eq!(status, 200, "{body}");
    let list: serde_json::Value = serde_json::from_str(&body).expect("the list is JSON");
    list.as_array()
        .expect("the list is an array")
        .iter()
        .find(|g| g["id"] == id)
        .cloned()
}

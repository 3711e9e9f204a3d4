//! For the accounts' tests: a real `novuss serve` whose log is kept in a
//! file (to search it for what must never be written there), browsers
//! that keep, replace and drop their cookie as the server says, and the
//! database read behind the server's back.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A running server that logs everything at `debug` into a file.
pub struct Logged {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    host: String,
    log: PathBuf,
    /// The database directory.
    pub data: PathBuf,
}

impl Logged {
    /// Starts the binary with its database and its log in `dir`.
    pub fn start(dir: &Path) -> Logged {
        let log = dir.join("server.log");
        let mut child = Command::new(crate::support::novuss())
            .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
            .arg(dir)
            .env("RUST_LOG", "debug")
            .stdout(Stdio::piped())
            .stderr(File::create(&log).expect("a log file"))
            .spawn()
            .expect("the server starts");
        let out = child.stdout.take().expect("its standard output");
        let mut line = String::new();
        BufReader::new(out)
            .read_line(&mut line)
            .expect("a first line");
        let start = line.find("http://").expect("the line gives the address");
        let url = line[start..].split_whitespace().next().unwrap().to_owned();
        let host = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        Logged {
            child,
            url,
            host,
            log,
            data: dir.to_path_buf(),
        }
    }

    /// A new browser, with no cookie yet.
    pub fn browser(&self) -> Browser<'_> {
        Browser {
            server: self,
            cookie: Mutex::new(None),
        }
    }

    /// Everything the server logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The database's path.
    pub fn db(&self) -> PathBuf {
        self.data.join("novuss.sqlite3")
    }

    /// The bytes of every file of the database (the main file and its
    /// write-ahead log), as they lie on the disk.
    pub fn database_bytes(&self) -> Vec<u8> {
        let mut all = Vec::new();
        for f in std::fs::read_dir(&self.data).unwrap() {
            let p = f.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with("novuss.sqlite3") {
                all.extend(std::fs::read(&p).unwrap_or_default());
            }
        }
        all
    }
}

impl Drop for Logged {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: the status, the body as JSON (null if it is not), and the
/// `Set-Cookie` header, if any.
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The body.
    pub body: Value,
    /// `Set-Cookie`, as sent.
    pub set_cookie: Option<String>,
    /// `Retry-After`, as sent.
    pub retry_after: Option<String>,
}

impl Answer {
    /// The error code of a refusal.
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }
}

/// One browser: the `novuss_id` cookie it holds, kept, replaced and
/// dropped (`Max-Age=0`) as the server says.
pub struct Browser<'a> {
    server: &'a Logged,
    cookie: Mutex<Option<String>>,
}

impl Browser<'_> {
    /// The cookie it holds, as `novuss_id=…`.
    pub fn cookie(&self) -> Option<String> {
        self.cookie.lock().unwrap().clone()
    }

    /// Makes it hold `cookie` (an old one kept aside, say).
    pub fn set_cookie(&self, cookie: Option<String>) {
        *self.cookie.lock().unwrap() = cookie;
    }

    fn agent() -> ureq::Agent {
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into()
    }

    fn keep(&self, set_cookie: Option<&str>) {
        let Some(c) = set_cookie else { return };
        let pair = c.split(';').next().unwrap_or("").trim().to_owned();
        let gone = c.contains("Max-Age=0") || pair.ends_with('=');
        *self.cookie.lock().unwrap() = if gone { None } else { Some(pair) };
    }

    fn answer(&self, mut r: ureq::http::Response<ureq::Body>) -> Answer {
        let header = |n: &str| {
            r.headers()
                .get(n)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        // The session's cookie (an answer may set the device's too).
        let set_cookie = r
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with("novuss_id="))
            .map(str::to_owned);
        let retry_after = header("retry-after");
        self.keep(set_cookie.as_deref());
        let status = r.status().as_u16();
        let text = r.body_mut().read_to_string().unwrap_or_default();
        Answer {
            status,
            body: serde_json::from_str(&text).unwrap_or(Value::Null),
            set_cookie,
            retry_after,
        }
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Answer {
        let mut request = Browser::agent().get(format!(
            "{}{}",
            self.server.url,
            path.trim_start_matches('/')
        ));
        if let Some(c) = self.cookie() {
            request = request.header("cookie", c);
        }
        self.answer(request.call().expect("the request is answered"))
    }

    /// `POST path` with a JSON `body`.
    pub fn post(&self, path: &str, body: &Value) -> Answer {
        self.post_raw(path, "application/json", &body.to_string())
    }

    /// `POST path` with `body` of `content_type`.
    pub fn post_raw(&self, path: &str, content_type: &str, body: &str) -> Answer {
        let mut request = Browser::agent()
            .post(format!(
                "{}{}",
                self.server.url,
                path.trim_start_matches('/')
            ))
            .header("content-type", content_type);
        if let Some(c) = self.cookie() {
            request = request.header("cookie", c);
        }
        self.answer(request.send(body).expect("the request is answered"))
    }

    /// Who the server takes this browser for (`GET /api/me`).
    pub fn me(&self) -> Value {
        let a = self.get("/api/me");
        assert_eq!(a.status, 200, "{}", a.body);
        a.body
    }

    /// Opens a game's WebSocket with this browser's cookie.
    pub fn socket(&self, id: &str) -> GameSocket {
        use tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{}/api/games/{id}/ws", self.server.host)
            .into_client_request()
            .unwrap();
        if let Some(c) = self.cookie() {
            request.headers_mut().insert("cookie", c.parse().unwrap());
        }
        let (ws, _) = tungstenite::connect(request).expect("the socket opens");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        }
        GameSocket { ws }
    }
}

/// A game's WebSocket.
pub struct GameSocket {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl GameSocket {
    /// Sends a JSON value.
    pub fn send(&mut self, v: &Value) {
        self.ws.send(Message::text(v.to_string())).unwrap();
    }

    /// The next message that is an event, a state or an error (not who is
    /// connected, not the computer thinking).
    pub fn next_reply(&mut self) -> Value {
        loop {
            match self.ws.read().expect("a message within the timeout") {
                Message::Text(t) => {
                    let m: Value = serde_json::from_str(t.as_str()).unwrap();
                    // What is not an answer: the computer thinking, who is
                    // connected, the clocks, how many watch, a stroke
                    // still moving, the chat.
                    let aside = ["thinking", "seats", "timers", "watchers", "moving"]
                        .contains(&m["type"].as_str().unwrap_or(""));
                    if !aside && !super::chat::is_chat(&m) {
                        return m;
                    }
                }
                Message::Close(c) => panic!("the server closed the socket: {c:?}"),
                _ => {}
            }
        }
    }
}

/// Every value of the first column `sql` selects, as text.
pub fn texts(db: &Path, sql: &str) -> Vec<String> {
    crate::support::block_on(async {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let mut c = sqlx::AnyConnection::connect(&crate::support::db::url_of(db))
            .await
            .expect("the database opens");
        let rows: Vec<(String,)> = sqlx::query_as(sql).fetch_all(&mut c).await.unwrap();
        rows.into_iter().map(|r| r.0).collect()
    })
}

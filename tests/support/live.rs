//! A follower of a live stream of server-sent events (the lobby's, a
//! competition's) on a raw connection: the answer's head, then its events
//! as they come (chunks undone, keep-alive comments skipped).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

use super::server::{Person, Running};

/// One follower of a stream of server-sent events.
pub struct Live {
    /// The answer's status.
    pub status: u16,
    /// The answer's head.
    pub head: String,
    reader: BufReader<TcpStream>,
    /// What came of the body and is not yet an event.
    text: String,
}

impl Live {
    /// Opens the stream `path` (with its query) on `stream` (a new
    /// connection to the server at `host`), with `cookie`.
    pub fn open_on(stream: TcpStream, host: &str, cookie: Option<String>, path: &str) -> Live {
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let mut s = stream;
        let cookie = cookie
            .map(|c| format!("Cookie: {c}\r\n"))
            .unwrap_or_default();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n{cookie}\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(s);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("the answer's head");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push_str(&line);
        }
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        Live {
            status,
            head,
            reader,
            text: String::new(),
        }
    }

    /// `person` follows the stream `path` of `server`.
    pub fn follow(server: &Running, person: &Person, path: &str) -> Live {
        let live = Live::open_on(server.connect(), &server.host, person.cookie(), path);
        assert_eq!(live.status, 200, "{}", live.head);
        assert!(
            live.head
                .to_ascii_lowercase()
                .contains("content-type: text/event-stream"),
            "{}",
            live.head
        );
        live
    }

    /// The next event: its name and its data as JSON. Panics if none
    /// comes within the read timeout or the stream ends.
    pub fn next(&mut self) -> (String, Value) {
        loop {
            if let Some(end) = self.text.find("\n\n") {
                let block: String = self.text.drain(..end + 2).collect();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        name = v.trim().to_owned();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim_start());
                    }
                }
                if data.is_empty() {
                    // A keep-alive comment.
                    continue;
                }
                return (name, serde_json::from_str(&data).expect("JSON data"));
            }
            // One chunk: its size in hex, the bytes, a line end.
            let mut size = String::new();
            self.reader.read_line(&mut size).expect("a chunk");
            let n = usize::from_str_radix(size.trim(), 16).expect("a chunk's size");
            assert!(n > 0, "the stream ended");
            let mut chunk = vec![0u8; n + 2];
            self.reader.read_exact(&mut chunk).expect("the chunk");
            self.text
                .push_str(std::str::from_utf8(&chunk[..n]).expect("UTF-8"));
        }
    }

    /// Whatever is left of the stream until it ends (the last chunk
    /// included, as sent).
    pub fn rest(&mut self) -> String {
        let mut rest = String::new();
        let _ = self.reader.read_to_string(&mut rest);
        rest
    }
}

//! One spectator following a competition's live page: a server-sent
//! event stream read off a raw connection, its chunks undone as they come,
//! and for each event the change number it brings and when it came.
//!
//! Only the number is read out of each event (the data's `"changes":`,
//! which the server writes near the start): the load tool must not spend
//! the cores it shares with the server parsing every copy of the
//! standings.

use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::watch;

use crate::client::http::{self, next_chunk, Chunk, HttpError};

/// What a follower saw.
#[derive(Debug, Default)]
pub struct Seen {
    /// Each event: the change number it brings, whether it was a `result`
    /// (else the whole competition), and when it had fully arrived.
    pub events: Vec<(u64, bool, Instant)>,
    /// Bytes of body read.
    pub bytes: u64,
    /// Why the stream ended early, if it did.
    pub failed: Option<String>,
}

/// An open stream, its head read.
pub struct Follower {
    tcp: TcpStream,
    /// Bytes read and not yet undone from their chunks.
    raw: Vec<u8>,
    /// The body so far that is not yet a whole event.
    body: Vec<u8>,
    seen: Seen,
}

impl Follower {
    /// Opens `path` on `addr` from `from`; the answer's head must be `200`.
    pub async fn open(
        addr: SocketAddr,
        from: Option<IpAddr>,
        path: &str,
    ) -> Result<Follower, String> {
        let mut tcp = http::connect(addr, from)
            .await
            .map_err(|e: HttpError| e.to_string())?;
        let ask =
            format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
        tcp.write_all(ask.as_bytes())
            .await
            .map_err(|e| format!("cannot send: {e}"))?;
        let mut f = Follower {
            tcp,
            raw: Vec::new(),
            body: Vec::new(),
            seen: Seen::default(),
        };
        let head_end = loop {
            if let Some(at) = f.raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break at;
            }
            if f.fill().await? == 0 {
                return Err("the stream closed before its head".into());
            }
        };
        let head = String::from_utf8_lossy(&f.raw[..head_end]).to_string();
        f.raw.drain(..head_end + 4);
        if head.split_whitespace().nth(1) != Some("200") {
            return Err(format!(
                "the stream was refused: {}",
                head.lines().next().unwrap_or("")
            ));
        }
        if !head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            return Err("the stream is not chunked".into());
        }
        Ok(f)
    }

    /// Reads more; the number of bytes (0 at the end).
    async fn fill(&mut self) -> Result<usize, String> {
        let mut buf = [0u8; 64 * 1024];
        let n = self
            .tcp
            .read(&mut buf)
            .await
            .map_err(|e| format!("cannot read: {e}"))?;
        self.raw.extend_from_slice(&buf[..n]);
        self.seen.bytes += n as u64;
        Ok(n)
    }

    /// Reads events until one brings change `last` or later (`None`
    /// while the last is not known); what was seen.
    pub async fn follow(mut self, mut last: watch::Receiver<Option<u64>>) -> Seen {
        loop {
            if let Err(e) = self.undo_chunks() {
                self.seen.failed = Some(e);
                return self.seen;
            }
            self.take_events();
            let newest = self.seen.events.last().map(|e| e.0);
            if let (Some(n), Some(last)) = (newest, *last.borrow_and_update()) {
                if n >= last {
                    return self.seen;
                }
            }
            tokio::select! {
                read = self.fill() => match read {
                    Ok(0) => {
                        self.seen.failed = Some("the stream ended".into());
                        return self.seen;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        self.seen.failed = Some(e);
                        return self.seen;
                    }
                },
                // The last change is known now: look again.
                _ = last.changed() => {}
            }
        }
    }

    /// Moves whole chunks from `raw` to `body`.
    fn undo_chunks(&mut self) -> Result<(), String> {
        loop {
            let used = match next_chunk(&self.raw).map_err(|e| e.to_string())? {
                Chunk::Data { data, used } => {
                    self.body.extend_from_slice(data);
                    used
                }
                Chunk::Last => return Err("the stream ended".into()),
                // The rest of the chunk is still on its way.
                Chunk::NoSize | Chunk::CutShort => return Ok(()),
            };
            self.raw.drain(..used);
        }
    }

    /// Takes every whole event out of `body`.
    fn take_events(&mut self) {
        let now = Instant::now();
        let mut from = 0;
        while let Some(at) = self.body[from..].windows(2).position(|w| w == b"\n\n") {
            let event = &self.body[from..from + at];
            from += at + 2;
            // A keep-alive comment has no data.
            let Some(changes) = changes_of(event) else {
                continue;
            };
            let result = event.starts_with(b"event: result") || event.starts_with(b"event:result");
            self.seen.events.push((changes, result, now));
        }
        self.body.drain(..from);
    }
}

/// The `"changes":N` of an event's data, looked for near its start.
fn changes_of(event: &[u8]) -> Option<u64> {
    const KEY: &[u8] = b"\"changes\":";
    let near = &event[..event.len().min(400)];
    let at = near.windows(KEY.len()).position(|w| w == KEY)? + KEY.len();
    let digits: Vec<u8> = event[at..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .copied()
        .collect();
    std::str::from_utf8(&digits).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_events_change_number_is_found_near_its_start() {
        assert_eq!(
            changes_of(b"event: result\ndata: {\"changes\":17,\"round\":1}"),
            Some(17)
        );
        assert_eq!(
            changes_of(b"event: competition\ndata: {\"id\":\"ab\",\"organiser\":\"cd\",\"created\":1,\"changes\":0,\"x\":1}"),
            Some(0)
        );
        assert_eq!(changes_of(b": keep-alive"), None);
    }
}

//! A small HTTP/1.1 client for a novuss server on this machine, written by
//! hand over a tokio `TcpStream` so that the `novuss` binary carries no HTTP
//! client library: one request per connection (`Connection: close`), the
//! whole answer read, chunked bodies decoded.
//!
//! Every request goes to a loopback address ([`loopback`] refuses any
//! other), names that address as its `Host`, sends no `Origin`, and marks a
//! body as `Content-Type: application/json`, as the server asks of a
//! browser's requests. A client may connect from another loopback address
//! than 127.0.0.1 ([`FLOOD_SOURCE`]), so that a server limiting requests per
//! address tells the flooding clients from the one they are meant to harm.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// Why a request got no answer, or none that could be read. Its `Display`
/// is a short English phrase; the load tool and the floods count these by
/// their words, so the words stay as they are.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HttpError {
    /// The address is off this machine: nothing was sent.
    #[error("{0} is not a loopback address: the benchmark talks only to 127.0.0.0/8 or ::1")]
    NotLoopback(SocketAddr),
    /// No connection could be made.
    #[error("cannot connect to {addr}: {error}")]
    Connect {
        /// The server's address.
        addr: SocketAddr,
        /// Why.
        #[source]
        error: std::io::Error,
    },
    /// The request could not be written.
    #[error("cannot send: {0}")]
    Send(#[source] std::io::Error),
    /// The answer could not be read to its end.
    #[error("cannot read the answer: {0}")]
    Read(#[source] std::io::Error),
    /// Nothing came back within the limit.
    #[error("no answer within {} s", .0.as_secs_f64())]
    Timeout(Duration),
    /// What came back has no end to its head.
    #[error("not an HTTP answer ({bytes} bytes)")]
    NotHttp {
        /// How many bytes came.
        bytes: usize,
    },
    /// The head's first line is not a status line.
    #[error("no status line in {head:.60}")]
    NoStatus {
        /// The head, as text.
        head: String,
    },
    /// A chunked body ends before a chunk's size line.
    #[error("a chunk without its size line")]
    NoChunkSize,
    /// A chunk's size that is not a hexadecimal number.
    #[error("a bad chunk size {0:?}")]
    BadChunkSize(String),
    /// A chunk shorter than its size says.
    #[error("a chunk cut short")]
    ChunkCutShort,
}

/// The address the flooding clients connect from (Linux answers on all of
/// 127.0.0.0/8); everyone else connects from 127.0.0.1.
pub const FLOOD_SOURCE: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

/// Refuses any address off this machine: the benchmark only ever talks to
/// the server it started (127.0.0.0/8 or ::1).
pub fn loopback(addr: SocketAddr) -> Result<SocketAddr, HttpError> {
    if addr.ip().is_loopback() {
        Ok(addr)
    } else {
        Err(HttpError::NotLoopback(addr))
    }
}

/// A connection to `addr`, from the loopback address `from` if given (and
/// of the same family), else from wherever the system chooses.
pub async fn connect(addr: SocketAddr, from: Option<IpAddr>) -> Result<TcpStream, HttpError> {
    let addr = loopback(addr)?;
    let failed = |error: std::io::Error| HttpError::Connect { addr, error };
    match from {
        Some(ip) if ip.is_loopback() && ip.is_ipv4() == addr.is_ipv4() => {
            let socket = if ip.is_ipv4() {
                TcpSocket::new_v4()
            } else {
                TcpSocket::new_v6()
            }
            .map_err(failed)?;
            socket.bind(SocketAddr::new(ip, 0)).map_err(failed)?;
            socket.connect(addr).await.map_err(failed)
        }
        _ => TcpStream::connect(addr).await.map_err(failed),
    }
}

/// An answer.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The body, decoded from chunks if it came in chunks.
    pub body: Vec<u8>,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
}

impl Reply {
    /// The first header called `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON, if it is.
    pub fn json(&self) -> Option<serde_json::Value> {
        serde_json::from_slice(&self.body).ok()
    }

    /// The error body's `code`, if it has one.
    pub fn code(&self) -> Option<String> {
        self.json()?.get("code")?.as_str().map(str::to_owned)
    }

    /// Whether the status is 2xx.
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// Sends `method path` (with `body` as JSON, if any) to `addr` and reads
/// the whole answer, within `limit`.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    limit: Duration,
) -> Result<Reply, HttpError> {
    request_from(None, addr, method, path, body, limit).await
}

/// [`request`], connecting from `from`.
pub async fn request_from(
    from: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    limit: Duration,
) -> Result<Reply, HttpError> {
    request_as(from, addr, method, path, body, None, limit).await
}

/// [`request_from`], sending `cookie` (`name=value`) as a browser that
/// holds it would.
pub async fn request_as(
    from: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    cookie: Option<&str>,
    limit: Duration,
) -> Result<Reply, HttpError> {
    let addr = loopback(addr)?;
    let exchange = async {
        let mut stream = connect(addr, from).await?;
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAccept: application/json\r\n"
        );
        if let Some(c) = cookie {
            head.push_str(&format!("Cookie: {c}\r\n"));
        }
        if let Some(b) = body {
            head.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                b.len()
            ));
        }
        head.push_str("\r\n");
        stream
            .write_all(head.as_bytes())
            .await
            .map_err(HttpError::Send)?;
        if let Some(b) = body {
            stream.write_all(b).await.map_err(HttpError::Send)?;
        }
        let mut raw = Vec::new();
        stream
            .read_to_end(&mut raw)
            .await
            .map_err(HttpError::Read)?;
        parse(&raw)
    };
    tokio::time::timeout(limit, exchange)
        .await
        .map_err(|_| HttpError::Timeout(limit))?
}

/// `request`, timed: the answer and the milliseconds until it was read.
pub async fn timed(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    limit: Duration,
) -> (Result<Reply, HttpError>, f64) {
    timed_from(None, addr, method, path, body, limit).await
}

/// [`timed`], connecting from `from`.
pub async fn timed_from(
    from: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    limit: Duration,
) -> (Result<Reply, HttpError>, f64) {
    let t = Instant::now();
    let reply = request_from(from, addr, method, path, body, limit).await;
    (reply, t.elapsed().as_secs_f64() * 1e3)
}

fn parse(raw: &[u8]) -> Result<Reply, HttpError> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or(HttpError::NotHttp { bytes: raw.len() })?;
    let head = String::from_utf8_lossy(&raw[..split]);
    let rest = &raw[split + 4..];
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or_else(|| HttpError::NoStatus {
            head: head.to_string(),
        })?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.to_ascii_lowercase().contains("chunked"));
    let body = if chunked {
        unchunk(rest)?
    } else {
        rest.to_vec()
    };
    Ok(Reply {
        status,
        body,
        headers,
    })
}

/// Decodes a chunked body.
fn unchunk(mut rest: &[u8]) -> Result<Vec<u8>, HttpError> {
    let mut body = Vec::new();
    loop {
        match next_chunk(rest)? {
            Chunk::Data { data, used } => {
                body.extend_from_slice(data);
                rest = &rest[used..];
            }
            Chunk::Last => return Ok(body),
            Chunk::NoSize => return Err(HttpError::NoChunkSize),
            Chunk::CutShort => return Err(HttpError::ChunkCutShort),
        }
    }
}

/// The first chunk of a chunked body (RFC 9112 7.1), as far as `buf`
/// holds it.
pub(crate) enum Chunk<'a> {
    /// A chunk's data, and how many bytes of `buf` it took (its size line
    /// and closing line break too).
    Data { data: &'a [u8], used: usize },
    /// The last chunk: the body is over.
    Last,
    /// Its size line has not all come.
    NoSize,
    /// Its data has not all come.
    CutShort,
}

/// Reads the chunk at the start of `buf`: a whole answer's reader treats
/// a part not come as an error, a stream's reader waits for more.
pub(crate) fn next_chunk(buf: &[u8]) -> Result<Chunk<'_>, HttpError> {
    let Some(end) = buf.windows(2).position(|w| w == b"\r\n") else {
        return Ok(Chunk::NoSize);
    };
    let size_text = String::from_utf8_lossy(&buf[..end]);
    let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
        .map_err(|_| HttpError::BadChunkSize(size_text.to_string()))?;
    if size == 0 {
        return Ok(Chunk::Last);
    }
    let start = end + 2;
    if buf.len() < start + size + 2 {
        return Ok(Chunk::CutShort);
    }
    Ok(Chunk::Data {
        data: &buf[start..start + size],
        used: start + size + 2,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_chunked_answers_are_read() {
        let r = parse(b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 17\r\n\r\n{\"code\":\"busy\"}\r\n").unwrap();
        assert_eq!(r.status, 503);
        assert_eq!(r.code().as_deref(), Some("busy"));
        let r = parse(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n",
        )
        .unwrap();
        assert_eq!(r.json().unwrap()["a"], 1);
    }

    #[test]
    fn errors_keep_their_words() {
        // The floods report these words, and runs are compared by them.
        assert_eq!(
            HttpError::Timeout(Duration::from_secs(30)).to_string(),
            "no answer within 30 s"
        );
        assert_eq!(
            parse(b"HTTP/1.1 200 OK\r\n\r").unwrap_err().to_string(),
            "not an HTTP answer (18 bytes)"
        );
        assert_eq!(
            parse(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                .unwrap_err()
                .to_string(),
            "a bad chunk size \"zz\""
        );
    }

    #[test]
    fn only_loopback_addresses_are_accepted() {
        assert!(loopback("127.0.0.1:80".parse().unwrap()).is_ok());
        assert!(loopback("127.3.2.1:80".parse().unwrap()).is_ok());
        assert!(loopback("[::1]:80".parse().unwrap()).is_ok());
        assert!(loopback("10.0.0.1:80".parse().unwrap()).is_err());
        assert!(loopback("192.168.1.1:80".parse().unwrap()).is_err());
    }
}

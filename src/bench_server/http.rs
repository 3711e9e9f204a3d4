//! A small HTTP/1.1 client for the benchmark's own server, written by hand
//! over a tokio `TcpStream` so that the binary carries no HTTP client
//! library: one request per connection (`Connection: close`), the whole
//! answer read, chunked bodies decoded.
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

/// The address the flooding clients connect from (Linux answers on all of
/// 127.0.0.0/8); everyone else connects from 127.0.0.1.
pub const FLOOD_SOURCE: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

/// Refuses any address off this machine: the benchmark only ever talks to
/// the server it started (127.0.0.0/8 or ::1).
pub fn loopback(addr: SocketAddr) -> Result<SocketAddr, String> {
    if addr.ip().is_loopback() {
        Ok(addr)
    } else {
        Err(format!(
            "{addr} is not a loopback address: the benchmark talks only to 127.0.0.0/8 or ::1"
        ))
    }
}

/// A connection to `addr`, from the loopback address `from` if given (and
/// of the same family), else from wherever the system chooses.
pub async fn connect(addr: SocketAddr, from: Option<IpAddr>) -> Result<TcpStream, String> {
    let addr = loopback(addr)?;
    let failed = |e: std::io::Error| format!("cannot connect to {addr}: {e}");
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
) -> Result<Reply, String> {
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
) -> Result<Reply, String> {
    let addr = loopback(addr)?;
    let exchange = async {
        let mut stream = connect(addr, from).await?;
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAccept: application/json\r\n"
        );
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
            .map_err(|e| format!("cannot send: {e}"))?;
        if let Some(b) = body {
            stream
                .write_all(b)
                .await
                .map_err(|e| format!("cannot send: {e}"))?;
        }
        let mut raw = Vec::new();
        stream
            .read_to_end(&mut raw)
            .await
            .map_err(|e| format!("cannot read the answer: {e}"))?;
        parse(&raw)
    };
    tokio::time::timeout(limit, exchange)
        .await
        .map_err(|_| format!("no answer within {} s", limit.as_secs_f64()))?
}

/// `request`, timed: the answer and the milliseconds until it was read.
pub async fn timed(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    limit: Duration,
) -> (Result<Reply, String>, f64) {
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
) -> (Result<Reply, String>, f64) {
    let t = Instant::now();
    let reply = request_from(from, addr, method, path, body, limit).await;
    (reply, t.elapsed().as_secs_f64() * 1e3)
}

fn parse(raw: &[u8]) -> Result<Reply, String> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("not an HTTP answer ({} bytes)", raw.len()))?;
    let head = String::from_utf8_lossy(&raw[..split]);
    let rest = &raw[split + 4..];
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or_else(|| format!("no status line in {head:.60}"))?;
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
fn unchunk(mut rest: &[u8]) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let end = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a chunk without its size line")?;
        let size_text = String::from_utf8_lossy(&rest[..end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| format!("a bad chunk size {size_text:?}"))?;
        rest = &rest[end + 2..];
        if size == 0 {
            return Ok(body);
        }
        if rest.len() < size + 2 {
            return Err("a chunk cut short".into());
        }
        body.extend_from_slice(&rest[..size]);
        rest = &rest[size + 2..];
    }
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
    fn only_loopback_addresses_are_accepted() {
        assert!(loopback("127.0.0.1:80".parse().unwrap()).is_ok());
        assert!(loopback("127.3.2.1:80".parse().unwrap()).is_ok());
        assert!(loopback("[::1]:80".parse().unwrap()).is_ok());
        assert!(loopback("10.0.0.1:80".parse().unwrap()).is_err());
        assert!(loopback("192.168.1.1:80".parse().unwrap()).is_err());
    }
}

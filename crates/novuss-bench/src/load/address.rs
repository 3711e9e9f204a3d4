//! Where the load test may go: a loopback server only, named by an
//! `http://` or `ws://` URL with an IP address (or `localhost`) and a port.
//! Anything else is refused before a single packet is sent, so that the
//! tool cannot be pointed at somebody else's server.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use super::LoadError;

/// What is wrong with a URL the load test was given.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum UrlProblem {
    /// Neither `http://` nor `ws://`.
    #[error("give http://HOST:PORT/ or ws://HOST:PORT/")]
    Scheme,
    /// A user name or password in it.
    #[error("no user name or password, please")]
    UserInfo,
    /// A host name other than `localhost`, or no port.
    #[error("the host must be an IP address or localhost, with a port")]
    Host,
    /// Port 0.
    #[error("port 0 is no server's port")]
    PortZero,
    /// An address off this machine.
    #[error(
        "{0} is not a loopback address; the load test only drives a server \
         on this machine (127.0.0.0/8 or ::1)"
    )]
    NotLoopback(IpAddr),
}

/// The server's address from `url`, if it is a loopback one.
pub fn parse(url: &str) -> Result<SocketAddr, LoadError> {
    let refuse = |problem| LoadError::Url {
        url: url.to_owned(),
        problem,
    };
    let rest = ["http://", "ws://"]
        .iter()
        .find_map(|scheme| url.strip_prefix(scheme))
        .ok_or_else(|| refuse(UrlProblem::Scheme))?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.contains('@') {
        return Err(refuse(UrlProblem::UserInfo));
    }
    let addr = if let Some(port) = authority.strip_prefix("localhost:") {
        port.parse::<u16>()
            .ok()
            .map(|p| SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), p))
    } else {
        authority.parse::<SocketAddr>().ok()
    };
    let addr = addr.ok_or_else(|| refuse(UrlProblem::Host))?;
    if addr.port() == 0 {
        return Err(refuse(UrlProblem::PortZero));
    }
    if !addr.ip().is_loopback() {
        return Err(refuse(UrlProblem::NotLoopback(addr.ip())));
    }
    Ok(addr)
}

/// The loopback address room `index` connects from: rooms are spread over
/// 127.0.0.2 to 127.0.0.254 (Linux answers on all of 127.0.0.0/8), so
/// that the server's per-address limit on new games counts each of them
/// apart. A server on ::1 is reached from wherever the system chooses.
pub fn source(server: SocketAddr, index: usize) -> Option<IpAddr> {
    if !server.is_ipv4() {
        return None;
    }
    let last = 2 + (index % SOURCES) as u8;
    Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, last)))
}

/// How many source addresses [`source`] spreads rooms over.
pub const SOURCES: usize = 253;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_urls_are_taken() {
        assert_eq!(
            parse("http://127.0.0.1:8080/").unwrap(),
            "127.0.0.1:8080".parse().unwrap()
        );
        assert_eq!(
            parse("ws://127.9.8.7:80/api").unwrap(),
            "127.9.8.7:80".parse().unwrap()
        );
        assert_eq!(
            parse("http://[::1]:3000").unwrap(),
            "[::1]:3000".parse().unwrap()
        );
        assert_eq!(
            parse("http://localhost:5000/").unwrap(),
            "127.0.0.1:5000".parse().unwrap()
        );
    }

    #[test]
    fn anything_else_is_refused() {
        for url in [
            "http://192.0.2.1:8080/",
            "http://10.0.0.1:80",
            "ws://[2001:db8::1]:80/",
            "http://example.com:80/",
            "https://127.0.0.1:443/",
            "http://127.0.0.1/",
            "http://127.0.0.1:0/",
            "http://user@127.0.0.1:80/",
            "127.0.0.1:8080",
            "",
        ] {
            assert!(parse(url).is_err(), "{url}");
        }
        assert_eq!(
            parse("http://192.0.2.1:8080/").unwrap_err().to_string(),
            "--url \"http://192.0.2.1:8080/\": 192.0.2.1 is not a loopback address; the load \
             test only drives a server on this machine (127.0.0.0/8 or ::1)"
        );
    }

    #[test]
    fn rooms_are_spread_over_loopback_sources() {
        let v4: SocketAddr = "127.0.0.1:80".parse().unwrap();
        assert_eq!(source(v4, 0), Some("127.0.0.2".parse().unwrap()));
        assert_eq!(source(v4, 252), Some("127.0.0.254".parse().unwrap()));
        assert_eq!(source(v4, 253), Some("127.0.0.2".parse().unwrap()));
        assert_eq!(source("[::1]:80".parse().unwrap(), 5), None);
    }
}

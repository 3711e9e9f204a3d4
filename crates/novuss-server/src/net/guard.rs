//! The checks every request passes before any handler sees it, so that a
//! page of another site, opened in a browser that can reach this server,
//! cannot use the player's browser against it.
//!
//! - **Host** ([`Guard::host_ok`]): a DNS rebinding attack points a name
//!   the attacker owns at this server's address, so that the attacker's
//!   page becomes "same origin" with it. The browser still sends that name
//!   in `Host`, so the server answers only for IP literals (rebinding needs
//!   a name), `localhost`, and the names it was given (`--host`); anything
//!   else is `421 bad_host`.
//! - **Origin** ([`Guard::origin_ok_over`]): browsers send `Origin` with every
//!   WebSocket upgrade and every request that can change something; it
//!   must be this server itself (its scheme, and the same host and port
//!   as `Host`) or a site named with `--allow-origin`, else
//!   `403 bad_origin`. The scheme is the one a trusted proxy says the
//!   browser used (`X-Forwarded-Proto`, [`crate::net::forwarded`]); else
//!   `https` behind a TLS proxy (`--secure-cookies`) and `http` otherwise.
//!   Behind a proxy, `Host` is the public name the proxy passes on
//!   (`--host public.name`). Programs that send
//!   no `Origin` (scripts, the tests, `curl`) are not browsers driven by
//!   another site, and pass.
//! - **Content type** ([`json_only`]): the JSON routes take only
//!   `application/json`, which a cross-site form or a "simple" `fetch`
//!   cannot send without the browser asking first (CORS preflight, which
//!   this server never grants). `415 bad_content_type` otherwise.

use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, Version};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{Code, Failure};
use crate::net::forwarded::Told;

/// The names and sites the server answers for, beyond its own addresses.
#[derive(Clone, Debug, Default)]
pub struct Guard {
    /// Host names accepted in `Host` (lower case, no trailing dot).
    hosts: Vec<String>,
    /// Sites whose pages may use the server (`--allow-origin`).
    origins: Vec<Site>,
    /// Whether browsers reach the server over HTTPS (through a TLS
    /// reverse proxy, `--secure-cookies`): its own pages' origins are
    /// then `https://`, else `http://`.
    https: bool,
}

/// A setting of the [`Guard`] that is not what it must be, with the text
/// given (trimmed).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GuardError {
    /// A `--host` that is not a bare host name (it has a port or a scheme,
    /// or characters no host name has).
    Host(String),
    /// An `--allow-origin` that is not `http(s)://host[:port]`.
    Origin(String),
}

impl std::fmt::Display for GuardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GuardError::Host(name) => {
                write!(f, "--host {name:?} is not a host name (no port, no scheme)")
            }
            GuardError::Origin(url) => write!(
                f,
                "--allow-origin {url:?} is not an origin such as https://example.org:8443"
            ),
        }
    }
}

impl std::error::Error for GuardError {}

/// A host and an optional port, as in `Host` or an origin.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Authority {
    /// Lower case; an IPv6 address in brackets, in its canonical form.
    host: String,
    /// Whether `host` is an IP address.
    ip: bool,
    port: Option<u16>,
}

/// An origin: scheme, host and port (the scheme's default filled in).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Site {
    https: bool,
    host: String,
    port: u16,
}

impl Guard {
    /// A guard that also accepts the host `names` (`--host`) and the
    /// origins `allow` (`--allow-origin`, such as `https://example.org`).
    /// Blank entries are skipped; the first that is not a host name or an
    /// `http(s)://host[:port]` origin is the error.
    pub fn new(names: &[String], allow: &[String]) -> Result<Guard, GuardError> {
        let mut hosts = Vec::new();
        for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
            match authority(name) {
                Some(a) if a.port.is_none() => hosts.push(a.host),
                _ => return Err(GuardError::Host(name.to_owned())),
            }
        }
        let mut origins = Vec::new();
        for url in allow.iter().map(|u| u.trim()).filter(|u| !u.is_empty()) {
            match site(url.trim_end_matches('/')) {
                Some(s) => origins.push(s),
                None => return Err(GuardError::Origin(url.to_owned())),
            }
        }
        Ok(Guard {
            hosts,
            origins,
            https: false,
        })
    }

    /// The same guard for a server that browsers reach over HTTPS
    /// (`https`) or plain HTTP.
    pub fn over_https(mut self, https: bool) -> Guard {
        self.https = https;
        self
    }

    /// Whether a `Host` value names this server: an IP literal, `localhost`,
    /// or a configured name, with any port.
    pub fn host_ok(&self, host: &str) -> bool {
        match authority(host) {
            Some(a) => a.ip || a.host == "localhost" || self.hosts.contains(&a.host),
            None => false,
        }
    }

    /// Whether a request with `Origin: origin` and `Host: host` comes from
    /// this server's own pages or an allowed site, the server's pages
    /// being served over its usual scheme. `null` never does.
    #[cfg(test)]
    pub fn origin_ok(&self, origin: &str, host: Option<&str>) -> bool {
        self.origin_ok_over(origin, host, self.https)
    }

    /// Whether a request with `Origin: origin` and `Host: host` comes from
    /// this server's own pages, served over HTTPS when `https`, or an
    /// allowed site.
    pub fn origin_ok_over(&self, origin: &str, host: Option<&str>, https: bool) -> bool {
        let Some(site) = site(origin) else {
            return false;
        };
        if self.origins.contains(&site) {
            return true;
        }
        let Some(host) = host.and_then(authority) else {
            return false;
        };
        // Scheme, host and port: a page of `https://host:port` is another
        // origin than this server's `http://host:port`.
        let default = if site.https { 443 } else { 80 };
        site.https == https && host.host == site.host && host.port.unwrap_or(default) == site.port
    }
}

/// Parses `host[:port]` (an IPv6 address in brackets).
fn authority(s: &str) -> Option<Authority> {
    let (host, ip, port) = if let Some(rest) = s.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        let v6: Ipv6Addr = inside.parse().ok()?;
        let port = match after {
            "" => None,
            p => port_of(p.strip_prefix(':')?)?,
        };
        (format!("[{v6}]"), true, port)
    } else {
        let (name, port) = match s.split_once(':') {
            Some((name, p)) => (name, port_of(p)?),
            None => (s, None),
        };
        if name.parse::<Ipv4Addr>().is_ok() {
            (name.to_owned(), true, port)
        } else {
            let name = name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase();
            let fine = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_');
            if name.is_empty() || !name.chars().all(fine) {
                return None;
            }
            (name, false, port)
        }
    };
    Some(Authority { host, ip, port })
}

/// A port: digits, at most 65535; empty is no port (RFC 3986 allows it).
fn port_of(p: &str) -> Option<Option<u16>> {
    if p.is_empty() {
        return Some(None);
    }
    if !p.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    p.parse().ok().map(Some)
}

/// Parses an origin, `http(s)://host[:port]`; `null` and anything with a
/// path are not origins.
fn site(s: &str) -> Option<Site> {
    let (scheme, rest) = s.split_once("://")?;
    let https = if scheme.eq_ignore_ascii_case("https") {
        true
    } else if scheme.eq_ignore_ascii_case("http") {
        false
    } else {
        return None;
    };
    let a = authority(rest)?;
    let port = a.port.unwrap_or(if https { 443 } else { 80 });
    Some(Site {
        https,
        host: a.host,
        port,
    })
}

/// Shortens what a client sent before it goes into a detail.
fn quoted(s: &str) -> String {
    let short: String = s.chars().take(80).collect();
    format!("{short:?}")
}

/// The one value of header `name`: `Ok(None)` when absent, `Err` when
/// repeated or not text.
fn single<'a>(headers: &'a HeaderMap, name: &header::HeaderName) -> Result<Option<&'a str>, ()> {
    let mut all = headers.get_all(name).iter();
    match (all.next(), all.next()) {
        (None, _) => Ok(None),
        (Some(v), None) => v.to_str().map(Some).map_err(|_| ()),
        (Some(_), Some(_)) => Err(()),
    }
}

/// The Host and Origin checks, on every request (layered over the whole
/// router).
pub async fn check(State(guard): State<Arc<Guard>>, req: Request, next: Next) -> Response {
    match refusal(&guard, &req) {
        Some(f) => f.into_response(),
        None => next.run(req).await,
    }
}

/// Why `req` may not pass, if it may not.
fn refusal(guard: &Guard, req: &Request) -> Option<Failure> {
    let bad_host = |detail: String| Some(Failure::new(Code::BadHost, detail));
    let host = match single(req.headers(), &header::HOST) {
        Ok(h) => h,
        Err(()) => return bad_host("more than one Host header, or one that is not text".into()),
    };
    match host {
        Some(h) if !guard.host_ok(h) => {
            return bad_host(format!(
                "this server does not answer for the host {}: use its IP address, localhost, \
                 or start it with --host NAME",
                quoted(h)
            ))
        }
        Some(_) => {}
        // HTTP/1.0 may leave Host out; HTTP/1.1 must send it (RFC 9112 3.2),
        // and HTTP/2 carries it in the URI.
        None if req.version() == Version::HTTP_11 => {
            return bad_host("an HTTP/1.1 request without a Host header".into())
        }
        None => {}
    }
    // A request in absolute form names its host in the URI too.
    if let Some(a) = req.uri().authority() {
        if !guard.host_ok(a.as_str()) {
            return bad_host(format!(
                "this server does not answer for the host {}",
                quoted(a.as_str())
            ));
        }
    }
    let method = req.method();
    let changes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let upgrade = req.headers().contains_key(header::UPGRADE);
    if changes || upgrade {
        let host = host.or_else(|| req.uri().authority().map(|a| a.as_str()));
        let https = req
            .extensions()
            .get::<Told>()
            .map_or(guard.https, |told| told.https);
        match single(req.headers(), &header::ORIGIN) {
            Ok(None) => {}
            Ok(Some(origin)) if guard.origin_ok_over(origin, host, https) => {}
            Ok(Some(origin)) => {
                return Some(Failure::new(
                    Code::BadOrigin,
                    format!(
                        "a page of {} may not use this server (start it with --allow-origin to allow one)",
                        quoted(origin)
                    ),
                ))
            }
            Err(()) => {
                return Some(Failure::new(
                    Code::BadOrigin,
                    "more than one Origin header, or one that is not text",
                ))
            }
        }
    }
    None
}

/// Whether a `Content-Type` value is JSON: `application/json`, any case,
/// parameters (`; charset=utf-8`) allowed.
pub fn is_json(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

/// Refuses a request to a JSON route whose body is not declared JSON
/// (layered over those routes only).
pub async fn json_only(req: Request, next: Next) -> Response {
    match single(req.headers(), &header::CONTENT_TYPE) {
        Ok(Some(t)) if is_json(t) => next.run(req).await,
        Ok(t) => Failure::new(
            Code::BadContentType,
            format!(
                "the body must be sent as application/json, not {}",
                t.map_or_else(|| "without a Content-Type".to_owned(), quoted)
            ),
        )
        .into_response(),
        Err(()) => Failure::new(
            Code::BadContentType,
            "more than one Content-Type header, or one that is not text",
        )
        .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard() -> Guard {
        Guard::new(
            &["Novuss.Example.".to_owned()],
            &["https://friend.example:8443/".to_owned()],
        )
        .unwrap()
    }

    #[test]
    fn ip_literals_localhost_and_configured_names_are_this_server() {
        let g = guard();
        for ok in [
            "127.0.0.1",
            "127.0.0.1:8080",
            "192.168.1.20:80",
            "[::1]",
            "[::1]:8080",
            "[fe80::1]:9",
            "localhost",
            "LOCALHOST:3000",
            "localhost.",
            "novuss.example",
            "NOVUSS.example:8080",
            "novuss.example.:1",
        ] {
            assert!(g.host_ok(ok), "{ok}");
        }
        for bad in [
            "",
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.evil.example",
            "::1",
            "[::1",
            "[::1]x",
            "127.0.0.1:99999",
            "127.0.0.1:8o",
            "user@127.0.0.1",
            "a b",
            "localhost:80:80",
        ] {
            assert!(!g.host_ok(bad), "{bad}");
        }
        assert!(!Guard::default().host_ok("novuss.example"));
    }

    #[test]
    fn an_origin_passes_when_it_is_this_server_or_allowed() {
        let g = guard();
        let same = [
            ("http://127.0.0.1:8080", "127.0.0.1:8080"),
            ("http://localhost", "localhost"),
            ("http://localhost", "localhost:80"),
            ("HTTP://Novuss.Example:8080", "novuss.example:8080"),
            ("http://[::1]:8080", "[0:0::1]:8080"),
        ];
        for (origin, host) in same {
            assert!(g.origin_ok(origin, Some(host)), "{origin} {host}");
        }
        assert!(g.origin_ok("https://friend.example:8443", Some("127.0.0.1")));
        assert!(g.origin_ok("https://friend.example:8443", None));
        let foreign = [
            ("null", "127.0.0.1:8080"),
            ("http://evil.example", "127.0.0.1:8080"),
            ("http://127.0.0.1:8081", "127.0.0.1:8080"),
            ("https://127.0.0.1:8080", "127.0.0.1"),
            ("http://localhost", "localhost:8080"),
            ("ftp://127.0.0.1:8080", "127.0.0.1:8080"),
            ("http://friend.example:8443", "127.0.0.1"),
            ("http://127.0.0.1:8080/page", "127.0.0.1:8080"),
        ];
        for (origin, host) in foreign {
            assert!(!g.origin_ok(origin, Some(host)), "{origin} {host}");
        }
        assert!(!g.origin_ok("http://127.0.0.1:8080", None));
        // The scheme counts: behind TLS only `https` pages are this
        // server's, and without it only `http` ones.
        assert!(!g.origin_ok("https://127.0.0.1:8080", Some("127.0.0.1:8080")));
        assert!(!g.origin_ok("https://novuss.example", Some("novuss.example")));
        let tls = guard().over_https(true);
        assert!(tls.origin_ok("https://novuss.example", Some("novuss.example")));
        assert!(tls.origin_ok("https://127.0.0.1:8080", Some("127.0.0.1:8080")));
        assert!(!tls.origin_ok("http://novuss.example", Some("novuss.example")));
        assert!(!tls.origin_ok("http://127.0.0.1:8080", Some("127.0.0.1:8080")));
        // A trusted proxy's word on the scheme, request by request.
        let public = Guard::new(&["public.name".to_owned()], &[]).unwrap();
        assert!(public.origin_ok_over("https://public.name", Some("public.name"), true));
        assert!(!public.origin_ok_over("http://public.name", Some("public.name"), true));
        assert!(public.origin_ok_over("http://public.name", Some("public.name"), false));
        assert!(!public.origin_ok_over("https://public.name", Some("public.name"), false));
        assert!(!public.origin_ok_over("https://evil.example", Some("public.name"), true));
    }

    #[test]
    fn the_scheme_a_trusted_proxy_told_decides_the_origin() {
        let request = |told: Option<bool>| {
            let mut req = Request::builder()
                .method(Method::POST)
                .uri("/api/games")
                .header(header::HOST, "public.name")
                .header(header::ORIGIN, "https://public.name")
                .body(axum::body::Body::empty())
                .unwrap();
            if let Some(https) = told {
                req.extensions_mut().insert(Told { https });
            }
            req
        };
        let g = Guard::new(&["public.name".to_owned()], &[]).unwrap();
        assert!(refusal(&g, &request(Some(true))).is_none());
        assert_eq!(
            refusal(&g, &request(None)).map(|f| f.code),
            Some(Code::BadOrigin),
            "without the proxy's word, the server's usual scheme: http"
        );
        assert_eq!(
            refusal(&g, &request(Some(false))).map(|f| f.code),
            Some(Code::BadOrigin)
        );
        let tls = g.over_https(true);
        assert!(refusal(&tls, &request(None)).is_none());
    }

    #[test]
    fn bad_settings_are_refused() {
        assert!(Guard::new(&["evil.example:80".into()], &[]).is_err());
        assert!(Guard::new(&["http://x".into()], &[]).is_err());
        assert!(Guard::new(&[], &["friend.example".into()]).is_err());
        assert!(Guard::new(&[], &["null".into()]).is_err());
        assert!(Guard::new(&[], &["https://friend.example/app".into()]).is_err());
    }

    #[test]
    fn a_bad_setting_is_named_with_the_flag_it_came_from() {
        let host = Guard::new(&[" a.lan ".into(), "evil.example:80".into()], &[]);
        assert_eq!(host.err(), Some(GuardError::Host("evil.example:80".into())));
        assert_eq!(
            GuardError::Host("evil.example:80".into()).to_string(),
            r#"--host "evil.example:80" is not a host name (no port, no scheme)"#
        );
        let origin = Guard::new(&[], &["null".into()]);
        assert_eq!(origin.err(), Some(GuardError::Origin("null".into())));
        assert_eq!(
            GuardError::Origin("null".into()).to_string(),
            r#"--allow-origin "null" is not an origin such as https://example.org:8443"#
        );
    }

    #[test]
    fn json_is_application_json_with_any_parameters() {
        assert!(is_json("application/json"));
        assert!(is_json("Application/JSON; charset=utf-8"));
        assert!(is_json(" application/json ;charset=UTF-8"));
        assert!(!is_json("text/plain"));
        assert!(!is_json("application/json-seq"));
        assert!(!is_json("application/x-www-form-urlencoded"));
        assert!(!is_json("multipart/form-data; boundary=x"));
        assert!(!is_json(""));
    }
}

//! Who a request really comes from when a reverse proxy (nginx, Caddy, a
//! load balancer) passes it on: the proxy's own address is the TCP peer,
//! and the client's is in a header the proxy adds.
//!
//! Those headers are only believed from a peer the operator named
//! (`--trusted-proxy CIDR`, a [`Cidr`]): anyone else could write them to
//! pass for anyone. From a trusted peer:
//!
//! - **The client's address** comes from `Forwarded` (RFC 7239, its
//!   `for=` parameters) when the request has one, else from
//!   `X-Forwarded-For`. Both list one hop per proxy, each proxy appending
//!   the address it was connected from; everything left of what our own
//!   proxies appended was written by the client and may be a lie. So the
//!   list is read from the right, skipping the hops that are themselves
//!   trusted proxies, and the first that is not is the client. A hop
//!   that hides its address (`unknown`, an obfuscated `_name`, RFC 7239
//!   section 6) or cannot be read stops the walk: the client is then the
//!   trusted proxy that wrote that hop (the peer, for the right-most),
//!   since nothing further left can be believed.
//! - **The scheme** the browser used (`https` or `http`) comes from
//!   `X-Forwarded-Proto`, else from the `proto=` of the `Forwarded`
//!   element the client's address was read from. A lie there harms only
//!   the liar (a cookie its own browser will not send back, an origin its
//!   own pages fail): another site's page cannot add the header to a
//!   browser's request without the browser asking this server first
//!   (CORS), which it never grants.
//!
//! Nothing here refuses a request: a header that cannot be read leaves
//! the peer's address, or the server's usual scheme.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

use axum::http::{header, HeaderMap, HeaderValue};

/// A range of addresses, `10.0.0.0/8` or `fd00::/64`; a bare address is
/// the range of that one address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cidr {
    net: IpAddr,
    bits: u8,
}

/// A `--trusted-proxy` that is not an address nor a range, with the text
/// given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CidrError(String);

impl std::fmt::Display for CidrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} is not an address nor a range of them such as 10.0.0.0/8 or fd00::/64",
            self.0
        )
    }
}

impl std::error::Error for CidrError {}

/// The first `bits` of a 128-bit number, the others cleared.
fn high_bits(n: u128, bits: u8, width: u8) -> u128 {
    let shift = u32::from(width - bits.min(width));
    if shift >= 128 {
        0
    } else {
        n >> shift << shift
    }
}

impl Cidr {
    /// The range's address and its prefix as numbers: 32 bits wide for
    /// IPv4, 128 for IPv6.
    fn parts(ip: IpAddr) -> (u128, u8) {
        match ip {
            IpAddr::V4(v4) => (u128::from(u32::from(v4)), 32),
            IpAddr::V6(v6) => (u128::from(v6), 128),
        }
    }

    /// Whether `ip` is in the range; an IPv4 address written as IPv6
    /// (`::ffff:10.0.0.1`, as a dual-stack listener sees IPv4 peers) is
    /// the IPv4 address.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        if ip.is_ipv4() != self.net.is_ipv4() {
            return false;
        }
        let (net, width) = Cidr::parts(self.net);
        let (n, _) = Cidr::parts(ip);
        high_bits(n, self.bits, width) == net
    }
}

impl FromStr for Cidr {
    type Err = CidrError;

    fn from_str(text: &str) -> Result<Cidr, CidrError> {
        let bad = || CidrError(text.to_owned());
        let t = text.trim();
        let (addr, bits) = match t.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (t, None),
        };
        let net: IpAddr = addr.parse::<IpAddr>().map_err(|_| bad())?.to_canonical();
        let width = if net.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => width,
            Some(b) if !b.is_empty() && b.bytes().all(|c| c.is_ascii_digit()) => b
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= width)
                .ok_or_else(bad)?,
            Some(_) => return Err(bad()),
        };
        let (n, _) = Cidr::parts(net);
        // `10.0.0.1/8` is most likely a slip for `10.0.0.0/8` or for
        // `10.0.0.1`: refused rather than guessed.
        if high_bits(n, bits, width) != n {
            return Err(bad());
        }
        Ok(Cidr { net, bits })
    }
}

impl std::fmt::Display for Cidr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.net, self.bits)
    }
}

/// The proxies whose headers are believed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proxies(Vec<Cidr>);

impl Proxies {
    /// The proxies in `ranges`.
    pub fn new(ranges: &[Cidr]) -> Proxies {
        Proxies(ranges.to_vec())
    }

    /// Whether `ip` is one of them.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|c| c.contains(ip))
    }
}

/// What a request says of its client, once the proxies' headers are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// The client's address (the peer's, unless a trusted proxy said
    /// otherwise).
    pub client: IpAddr,
    /// Whether the browser reached the proxy over HTTPS, when a trusted
    /// proxy said which; `None`: the server's usual scheme.
    pub https: Option<bool>,
}

/// A request's scheme as a trusted proxy told it, put among the
/// request's extensions for the front door's Origin check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Told {
    /// Whether the browser used HTTPS.
    pub https: bool,
}

/// One hop of a forwarding list: who connected to the proxy that wrote
/// it, and over which scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hop {
    /// `None`: hidden (`unknown`, or an obfuscated name).
    node: Option<IpAddr>,
    https: Option<bool>,
}

/// The client of a request that came from `peer` with `headers`, believing
/// the headers only when `proxies` trusts the peer.
pub fn seen(peer: IpAddr, headers: &HeaderMap, proxies: &Proxies) -> Seen {
    let peer = peer.to_canonical();
    if !proxies.trusts(peer) {
        return Seen {
            client: peer,
            https: None,
        };
    }
    let (client, element_https) = if headers.contains_key(header::FORWARDED) {
        walk(peer, &forwarded_hops(headers), proxies)
    } else {
        walk(peer, &x_forwarded_for_hops(headers), proxies)
    };
    Seen {
        client,
        https: x_forwarded_proto(headers).or(element_https),
    }
}

/// Reads `hops` from the right: the client and the scheme of the hop it
/// was read from (see the module's page).
fn walk(peer: IpAddr, hops: &[Option<Hop>], proxies: &Proxies) -> (IpAddr, Option<bool>) {
    let mut client = (peer, None);
    for hop in hops.iter().rev() {
        match hop {
            // Unreadable: whatever is left of it is unknown too.
            None => return (client.0, None),
            Some(Hop { node: None, https }) => return (client.0, *https),
            Some(Hop {
                node: Some(ip),
                https,
            }) => {
                client = (ip.to_canonical(), *https);
                if !proxies.trusts(client.0) {
                    return client;
                }
            }
        }
    }
    // Every hop is a trusted proxy: the left-most is the client.
    client
}

/// Every value of header `name` in order, each split at its top-level
/// commas (outside quoted strings); a value that is not text is one
/// unreadable entry.
fn list_items(headers: &HeaderMap, name: &header::HeaderName) -> Vec<Option<String>> {
    let mut items = Vec::new();
    for value in headers.get_all(name) {
        match value.to_str() {
            Ok(text) => items.extend(split_outside_quotes(text, ',').into_iter().map(Some)),
            Err(_) => items.push(None),
        }
    }
    items
}

/// `text` cut at each `sep` that is not inside a quoted string (where a
/// backslash escapes the next character); the pieces trimmed. An
/// unclosed quote makes the last piece unreadable, as it stays: its
/// opening quote fails the quoted-string check later.
fn split_outside_quotes(text: &str, sep: char) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    let (mut quoted, mut escaped) = (false, false);
    for c in text.chars() {
        if escaped {
            escaped = false;
        } else if quoted && c == '\\' {
            escaped = true;
        } else if c == '"' {
            quoted = !quoted;
        } else if c == sep && !quoted {
            pieces.push(current.trim().to_owned());
            current.clear();
            continue;
        }
        current.push(c);
    }
    pieces.push(current.trim().to_owned());
    pieces
}

/// `Forwarded`'s elements, left to right; `None` for one that cannot be
/// read.
fn forwarded_hops(headers: &HeaderMap) -> Vec<Option<Hop>> {
    list_items(headers, &header::FORWARDED)
        .into_iter()
        .map(|item| item.and_then(|text| forwarded_element(&text)))
        .collect()
}

/// One element of `Forwarded`: `for=…;proto=…;by=…;host=…` in any order
/// (RFC 7239 section 4), names in any case, each at most once. Without a
/// `for`, who connected is unknown.
fn forwarded_element(text: &str) -> Option<Hop> {
    let mut node: Option<Option<IpAddr>> = None;
    let mut https: Option<Option<bool>> = None;
    let mut seen_names: Vec<String> = Vec::new();
    for pair in split_outside_quotes(text, ';') {
        let (name, value) = pair.split_once('=')?;
        let name = name.trim().to_ascii_lowercase();
        if name.is_empty() || seen_names.contains(&name) {
            return None;
        }
        let value = unquote(value.trim())?;
        match name.as_str() {
            "for" => node = Some(forwarded_node(&value)?),
            "proto" => https = Some(scheme(&value)),
            _ => {}
        }
        seen_names.push(name);
    }
    Some(Hop {
        node: node.unwrap_or(None),
        https: https.unwrap_or(None),
    })
}

/// A parameter's value: a quoted string (its escapes undone) or a bare
/// token. A bare value may hold `:` and brackets, which RFC 7239 wants
/// quoted: a proxy that forgets the quotes still names the address.
fn unquote(value: &str) -> Option<String> {
    if let Some(inner) = value.strip_prefix('"') {
        let inner = inner.strip_suffix('"')?;
        let mut out = String::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.push(chars.next()?),
                '"' => return None,
                c => out.push(c),
            }
        }
        Some(out)
    } else {
        let token = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~:[]".contains(c);
        (!value.is_empty() && value.chars().all(token)).then(|| value.to_owned())
    }
}

/// A `for=` node (RFC 7239 section 6): an IPv4 address, an IPv6 one in
/// brackets, `unknown` or an obfuscated `_name`, each with an optional
/// port. `Some(None)`: a hidden node; `None`: not a node.
fn forwarded_node(value: &str) -> Option<Option<IpAddr>> {
    let (host, port) = if let Some(rest) = value.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        let v6: Ipv6Addr = inside.parse().ok()?;
        (Some(IpAddr::V6(v6)), port)
    } else {
        let (name, port) = match value.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (value, None),
        };
        if name.eq_ignore_ascii_case("unknown") || obfuscated(name) {
            (None, port)
        } else {
            let v4: Ipv4Addr = name.parse().ok()?;
            (Some(IpAddr::V4(v4)), port)
        }
    };
    if let Some(p) = port {
        let number = !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit());
        if !((number && p.parse::<u16>().is_ok()) || obfuscated(p)) {
            return None;
        }
    }
    Some(host)
}

/// An obfuscated identifier: `_` then letters, digits, `.`, `_` or `-`.
fn obfuscated(s: &str) -> bool {
    s.strip_prefix('_').is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
    })
}

/// `X-Forwarded-For`'s entries, left to right: addresses (IPv6 bare or in
/// brackets, either with a port), `unknown` for a hidden one; `None` for
/// one that cannot be read.
fn x_forwarded_for_hops(headers: &HeaderMap) -> Vec<Option<Hop>> {
    list_items(headers, &header::HeaderName::from_static("x-forwarded-for"))
        .into_iter()
        .map(|item| {
            let text = item?;
            let node = if text.eq_ignore_ascii_case("unknown") {
                None
            } else if let Ok(ip) = text.parse::<IpAddr>() {
                Some(ip)
            } else {
                // With a port: `192.0.2.1:4711`, `[2001:db8::1]:4711`.
                let addr: std::net::SocketAddr = text.parse().ok()?;
                Some(addr.ip())
            };
            Some(Hop { node, https: None })
        })
        .collect()
}

/// `X-Forwarded-Proto`: the left-most value, which the proxy nearest the
/// browser wrote when proxies append.
fn x_forwarded_proto(headers: &HeaderMap) -> Option<bool> {
    let name = header::HeaderName::from_static("x-forwarded-proto");
    let first = list_items(headers, &name).into_iter().next()??;
    scheme(&first)
}

/// Whether a scheme is HTTPS (`https`, `wss`) or plain (`http`, `ws`);
/// `None` for any other word.
fn scheme(word: &str) -> Option<bool> {
    match word.trim().to_ascii_lowercase().as_str() {
        "https" | "wss" => Some(true),
        "http" | "ws" => Some(false),
        _ => None,
    }
}

/// Marks every cookie an answer sets `Secure` (the browser reached the
/// proxy over HTTPS, so it sends them back over HTTPS only), unless it is
/// already.
pub fn mark_cookies_secure(headers: &mut HeaderMap) {
    let cookies: Vec<HeaderValue> = headers
        .get_all(header::SET_COOKIE)
        .iter()
        .cloned()
        .collect();
    if cookies.is_empty() {
        return;
    }
    headers.remove(header::SET_COOKIE);
    for cookie in cookies {
        let secure = cookie.to_str().is_ok_and(|text| {
            text.split(';')
                .skip(1)
                .any(|attribute| attribute.trim().eq_ignore_ascii_case("secure"))
        });
        let marked = if secure {
            cookie
        } else {
            let mut bytes = cookie.as_bytes().to_vec();
            bytes.extend_from_slice(b"; Secure");
            // A valid value with a few more valid bytes is valid.
            HeaderValue::from_bytes(&bytes).unwrap_or(cookie)
        };
        headers.append(header::SET_COOKIE, marked);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn proxies(ranges: &[&str]) -> Proxies {
        Proxies::new(
            &ranges
                .iter()
                .map(|r| r.parse().unwrap())
                .collect::<Vec<_>>(),
        )
    }

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(
                header::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        h
    }

    /// The client of a request from `peer` with `pairs`, behind the
    /// proxies 10.0.0.0/8 and fd00::/64.
    fn client(peer: &str, pairs: &[(&str, &str)]) -> IpAddr {
        seen(
            ip(peer),
            &headers(pairs),
            &proxies(&["10.0.0.0/8", "fd00::/64"]),
        )
        .client
    }

    #[test]
    fn ranges_are_read_and_slips_refused() {
        let c: Cidr = "10.0.0.0/8".parse().unwrap();
        assert!(c.contains(ip("10.255.1.2")));
        assert!(c.contains(ip("::ffff:10.1.2.3")), "IPv4 seen through IPv6");
        assert!(!c.contains(ip("11.0.0.1")));
        assert!(!c.contains(ip("::1")));
        let one: Cidr = "127.0.0.1".parse().unwrap();
        assert_eq!(one.to_string(), "127.0.0.1/32");
        assert!(one.contains(ip("127.0.0.1")) && !one.contains(ip("127.0.0.2")));
        let v6: Cidr = " fd00::/64 ".parse().unwrap();
        assert!(v6.contains(ip("fd00::1:2:3:4")));
        assert!(!v6.contains(ip("fd00:0:0:1::1")));
        let all: Cidr = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("192.0.2.1")) && !all.contains(ip("2001:db8::1")));
        assert!("::/0".parse::<Cidr>().unwrap().contains(ip("2001:db8::1")));
        assert_eq!("::ffff:10.0.0.0/8".parse::<Cidr>(), "10.0.0.0/8".parse());
        for bad in [
            "",
            "10.0.0.1/8",
            "10.0.0.0/33",
            "10.0.0.0/",
            "10.0.0.0/+8",
            "fd00::/129",
            "nginx.lan",
            "10.0.0.0/8/8",
            "[::1]",
        ] {
            let e = bad.parse::<Cidr>().unwrap_err();
            assert!(e.to_string().contains("such as 10.0.0.0/8"), "{bad}: {e}");
        }
    }

    #[test]
    fn headers_from_a_peer_not_trusted_are_ignored() {
        let h = [
            ("x-forwarded-for", "192.0.2.7"),
            ("forwarded", "for=192.0.2.8;proto=https"),
            ("x-forwarded-proto", "https"),
        ];
        let s = seen(ip("203.0.113.5"), &headers(&h), &proxies(&["10.0.0.0/8"]));
        assert_eq!(
            s,
            Seen {
                client: ip("203.0.113.5"),
                https: None
            }
        );
        // No proxies trusted at all: the default.
        let s = seen(ip("10.0.0.1"), &headers(&h), &Proxies::default());
        assert_eq!(s.client, ip("10.0.0.1"));
        assert_eq!(s.https, None);
    }

    #[test]
    fn x_forwarded_for_is_read_from_the_right_past_trusted_proxies() {
        assert_eq!(
            client("10.0.0.1", &[("x-forwarded-for", "192.0.2.7")]),
            ip("192.0.2.7")
        );
        // Many hops: two of ours (10.x) in front of the client.
        let many = "198.51.100.1, 192.0.2.7, 10.1.1.1, 10.2.2.2";
        assert_eq!(
            client("10.0.0.1", &[("x-forwarded-for", many)]),
            ip("192.0.2.7")
        );
        // The client wrote the left-most entries itself: never believed
        // past the first address that is not a trusted proxy.
        let spoofed = "10.9.9.9, 127.0.0.1, 192.0.2.7";
        assert_eq!(
            client("10.0.0.1", &[("x-forwarded-for", spoofed)]),
            ip("192.0.2.7")
        );
        // Several headers are one list, in order.
        let two = [
            ("x-forwarded-for", "203.0.113.9"),
            ("x-forwarded-for", "192.0.2.7, 10.3.3.3"),
        ];
        assert_eq!(client("10.0.0.1", &two), ip("192.0.2.7"));
        // Ports and IPv6, bare or in brackets.
        assert_eq!(
            client("10.0.0.1", &[("x-forwarded-for", "192.0.2.7:4711")]),
            ip("192.0.2.7")
        );
        assert_eq!(
            client("10.0.0.1", &[("x-forwarded-for", "2001:db8::7")]),
            ip("2001:db8::7")
        );
        assert_eq!(
            client(
                "10.0.0.1",
                &[("x-forwarded-for", "[2001:db8::7]:443, fd00::2")]
            ),
            ip("2001:db8::7")
        );
        assert_eq!(
            client("10.0.0.1", &[("x-forwarded-for", "::ffff:192.0.2.7")]),
            ip("192.0.2.7")
        );
        // Every hop a trusted proxy: the left-most.
        assert_eq!(
            client("10.0.0.1", &[("x-forwarded-for", "10.5.5.5, 10.6.6.6")]),
            ip("10.5.5.5")
        );
        // Through a trusted IPv6 peer, and an IPv4 peer seen through IPv6.
        assert_eq!(
            client("fd00::9", &[("x-forwarded-for", "192.0.2.7")]),
            ip("192.0.2.7")
        );
        assert_eq!(
            client("::ffff:10.0.0.1", &[("x-forwarded-for", "192.0.2.7")]),
            ip("192.0.2.7")
        );
    }

    #[test]
    fn a_hop_hidden_or_unreadable_leaves_the_proxy_that_wrote_it() {
        // Right-most unreadable: the peer.
        for junk in [
            "",
            "not an address",
            "192.0.2.7,",
            "192.0.2.300",
            "[2001:db8::1",
            "192.0.2.7;x",
        ] {
            assert_eq!(
                client("10.0.0.1", &[("x-forwarded-for", junk)]),
                ip("10.0.0.1"),
                "{junk:?}"
            );
        }
        assert_eq!(
            client("10.0.0.1", &[("x-forwarded-for", "unknown")]),
            ip("10.0.0.1")
        );
        // Left of a trusted hop: that hop's proxy, not what lies further left.
        assert_eq!(
            client(
                "10.0.0.1",
                &[("x-forwarded-for", "192.0.2.7, garbage, 10.4.4.4")]
            ),
            ip("10.4.4.4")
        );
        let mut h = HeaderMap::new();
        h.append(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"192.0.2.\xff").unwrap(),
        );
        let s = seen(ip("10.0.0.1"), &h, &proxies(&["10.0.0.0/8"]));
        assert_eq!(s.client, ip("10.0.0.1"), "a value that is not text");
    }

    #[test]
    fn forwarded_is_read_before_x_forwarded_for() {
        let f = |value: &str| client("10.0.0.1", &[("forwarded", value)]);
        assert_eq!(f("for=192.0.2.7"), ip("192.0.2.7"));
        assert_eq!(
            f("For=\"192.0.2.7:4711\";proto=https;by=10.0.0.1"),
            ip("192.0.2.7")
        );
        assert_eq!(
            f("for=\"[2001:db8:cafe::17]:4711\""),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(f("for=\"[2001:db8:cafe::17]\""), ip("2001:db8:cafe::17"));
        assert_eq!(
            f("for=[2001:db8:cafe::17]"),
            ip("2001:db8:cafe::17"),
            "quotes forgotten"
        );
        assert_eq!(
            f("for=\"192.0.2.7:_port\""),
            ip("192.0.2.7"),
            "an obfuscated port"
        );
        assert_eq!(
            f("for=\"\\192.0.2.7\""),
            ip("192.0.2.7"),
            "an escape in a quoted string"
        );
        // Many hops and several headers; spoofed left-most elements.
        assert_eq!(
            f("for=127.0.0.1, for=198.51.100.4, for=192.0.2.7;proto=https, for=10.2.2.2"),
            ip("192.0.2.7")
        );
        let two = [
            ("forwarded", "for=203.0.113.1"),
            ("forwarded", "for=192.0.2.7, for=10.3.3.3"),
        ];
        assert_eq!(client("10.0.0.1", &two), ip("192.0.2.7"));
        // A quoted comma or semicolon does not split.
        assert_eq!(f("for=192.0.2.7;by=\"a,b;c\""), ip("192.0.2.7"));
        // Forwarded wins over X-Forwarded-For when both come.
        let both = [
            ("x-forwarded-for", "198.51.100.9"),
            ("forwarded", "for=192.0.2.7"),
        ];
        assert_eq!(client("10.0.0.1", &both), ip("192.0.2.7"));
        // Hidden clients: the proxy that hid them.
        assert_eq!(f("for=_hidden"), ip("10.0.0.1"));
        assert_eq!(f("for=unknown"), ip("10.0.0.1"));
        assert_eq!(f("for=\"_gazonk:_p\""), ip("10.0.0.1"));
        assert_eq!(
            f("for=192.0.2.7, for=_hidden, for=10.4.4.4"),
            ip("10.4.4.4")
        );
        assert_eq!(f("proto=https"), ip("10.0.0.1"), "no for=: unknown");
        // Malformed: the proxy that wrote it.
        for junk in [
            "",
            "for",
            "for=",
            "for=192.0.2.7;for=198.51.100.1",
            "for=\"192.0.2.7",
            "for=\"192.0.2.7\"x",
            "for=2001:db8::1",
            "for=\"[2001:db8::1]:99999\"",
            "for=192.0.2.7:",
            "for=_",
            "for=192.0.2.7 198.51.100.1",
            "=192.0.2.7",
            "for=host.example",
        ] {
            assert_eq!(f(junk), ip("10.0.0.1"), "{junk:?}");
        }
        assert_eq!(
            f("for=192.0.2.7, for=\"unclosed, for=10.4.4.4"),
            ip("10.0.0.1")
        );
        assert_eq!(
            f("for=192.0.2.7, for=\"bad\"x, for=10.4.4.4"),
            ip("10.4.4.4")
        );
    }

    #[test]
    fn the_scheme_comes_from_x_forwarded_proto_or_the_clients_element() {
        let trusted = proxies(&["10.0.0.0/8"]);
        let https = |pairs: &[(&str, &str)]| seen(ip("10.0.0.1"), &headers(pairs), &trusted).https;
        assert_eq!(https(&[("x-forwarded-proto", "https")]), Some(true));
        assert_eq!(https(&[("x-forwarded-proto", "HTTP")]), Some(false));
        assert_eq!(
            https(&[("x-forwarded-proto", "https, http")]),
            Some(true),
            "the browser's side"
        );
        assert_eq!(https(&[("x-forwarded-proto", "gopher")]), None);
        assert_eq!(https(&[]), None);
        assert_eq!(
            https(&[("forwarded", "for=192.0.2.7;proto=https")]),
            Some(true)
        );
        // The proto of the element the client was read from, not of a
        // proxy between ours.
        assert_eq!(
            https(&[(
                "forwarded",
                "for=192.0.2.7;proto=https, for=10.1.1.1;proto=http"
            )]),
            Some(true)
        );
        assert_eq!(
            https(&[("forwarded", "for=_hidden;proto=https")]),
            Some(true)
        );
        assert_eq!(
            https(&[("forwarded", "for=192.0.2.7;proto=\"http\"")]),
            Some(false)
        );
        assert_eq!(https(&[("forwarded", "for=nonsense;proto=https")]), None);
        assert_eq!(
            https(&[
                ("forwarded", "for=192.0.2.7;proto=http"),
                ("x-forwarded-proto", "https")
            ]),
            Some(true),
            "X-Forwarded-Proto first"
        );
        // Never from a peer not trusted.
        let h = headers(&[("x-forwarded-proto", "https")]);
        assert_eq!(seen(ip("192.0.2.1"), &h, &trusted).https, None);
    }

    #[test]
    fn cookies_are_marked_secure_once() {
        let mut h = headers(&[
            ("set-cookie", "novuss_id=ab; Path=/; HttpOnly; SameSite=Lax"),
            (
                "set-cookie",
                "novuss_device=cd; Path=/api/account; secure; HttpOnly",
            ),
            ("content-type", "application/json"),
        ]);
        mark_cookies_secure(&mut h);
        let all: Vec<&str> = h
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|v| v.to_str().unwrap())
            .collect();
        assert_eq!(
            all,
            [
                "novuss_id=ab; Path=/; HttpOnly; SameSite=Lax; Secure",
                "novuss_device=cd; Path=/api/account; secure; HttpOnly"
            ]
        );
        assert_eq!(h[header::CONTENT_TYPE], "application/json");
        // A cookie whose value merely says "secure" is not marked already.
        let mut h = headers(&[("set-cookie", "secure=1")]);
        mark_cookies_secure(&mut h);
        assert_eq!(h[header::SET_COOKIE], "secure=1; Secure");
        let mut none = HeaderMap::new();
        mark_cookies_secure(&mut none);
        assert!(none.is_empty());
    }
}

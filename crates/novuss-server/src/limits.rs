//! A rate limit per client address on the requests that make something
//! lasting (a new game, an uploaded record): each stores rows in the
//! database for good, so one client must not be able to fill the disk or
//! crowd out everyone else.
//!
//! Each address has a token bucket ([`Rate`]: so many a minute, with a
//! burst). A refused request takes nothing and is answered
//! `429 rate_limited` with `Retry-After`. IPv6 addresses count by their
//! /64 network, since one machine usually holds a whole /64.
//!
//! The buckets live in a map that cannot grow without bound: a full bucket
//! is the same as no bucket, so full ones are swept out, and when the map
//! still holds [`MAX_KEYS`] addresses, every further address shares one
//! overflow bucket. A flood from many addresses then slows itself down
//! instead of growing the server's memory.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most addresses with a bucket of their own.
pub const MAX_KEYS: usize = 65_536;

/// How many requests an address may make: `per_minute` on average, up to
/// `burst` at once. A `per_minute` of 0 turns the limit off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Requests a minute, on average (0: no limit).
    pub per_minute: u32,
    /// Requests at once after a quiet spell (at least 1).
    pub burst: u32,
}

impl Default for Rate {
    /// 30 a minute, 10 at once.
    fn default() -> Rate {
        Rate {
            per_minute: 30,
            burst: 10,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

#[derive(Debug)]
struct Buckets {
    map: HashMap<IpAddr, Bucket>,
    /// Shared by the addresses that found the map full.
    overflow: Bucket,
    swept: Instant,
}

/// The buckets of every address.
#[derive(Debug)]
pub struct Limiter {
    rate: Rate,
    buckets: Mutex<Buckets>,
}

/// The key of an address: itself for IPv4 (and IPv4 mapped into IPv6),
/// its /64 network for IPv6.
pub fn key_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// The bucket key of something that is not an address (a person, an
/// account's name): the /64 IPv6 network its SHA-256 names. A limiter's
/// buckets are keyed by /64 networks (see `key_of`), so such a key shares
/// its bucket with no real address a client could come from but by a
/// 1 in 2^64 chance, and a limiter needs no second kind of key.
pub fn key_for(text: &str) -> IpAddr {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(text.as_bytes());
    let mut high = [0u8; 8];
    high.copy_from_slice(&digest[..8]);
    IpAddr::V6(std::net::Ipv6Addr::from(
        u128::from(u64::from_be_bytes(high)) << 64,
    ))
}

impl Limiter {
    /// Buckets filled at `rate`.
    pub fn new(rate: Rate) -> Limiter {
        let now = Instant::now();
        let burst = f64::from(rate.burst.max(1));
        Limiter {
            rate,
            buckets: Mutex::new(Buckets {
                map: HashMap::new(),
                overflow: Bucket {
                    tokens: burst,
                    at: now,
                },
                swept: now,
            }),
        }
    }

    #[cfg(test)]
    /// How many addresses hold a bucket now.
    pub fn tracked(&self) -> usize {
        self.buckets.lock().map_or(0, |b| b.map.len())
    }

    /// Takes one request's token for `ip` at `now`; `Err` is how long until
    /// there is one.
    pub fn take(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        self.take_n(ip, 1.0, now)
    }

    /// Takes `n` tokens for `ip` at `now` (a budget counted in other
    /// units than requests: bytes, say); `Err` is how long until there
    /// are that many (`Duration::MAX` if `n` is over the burst: never).
    pub fn take_n(&self, ip: IpAddr, n: f64, now: Instant) -> Result<(), Duration> {
        if self.rate.per_minute == 0 {
            return Ok(());
        }
        let per_s = f64::from(self.rate.per_minute) / 60.0;
        let burst = f64::from(self.rate.burst.max(1));
        // A bucket left alone this long is full again.
        let refill = Duration::from_secs_f64(burst / per_s);
        let filled = |b: &Bucket| {
            let dt = now.saturating_duration_since(b.at).as_secs_f64();
            (b.tokens + dt * per_s).min(burst)
        };
        let Ok(mut guard) = self.buckets.lock() else {
            return Ok(());
        };
        let buckets = &mut *guard;
        let key = key_of(ip);
        // Sweep once a refill time, or when the map is full (at most once a
        // second, so that a flood does not cost a sweep per request).
        let since = now.saturating_duration_since(buckets.swept);
        let full = buckets.map.len() >= MAX_KEYS && !buckets.map.contains_key(&key);
        if since >= refill || (full && since >= Duration::from_secs(1)) {
            buckets.map.retain(|_, b| filled(b) < burst);
            buckets.swept = now;
        }
        let bucket = if buckets.map.len() < MAX_KEYS || buckets.map.contains_key(&key) {
            buckets.map.entry(key).or_insert(Bucket {
                tokens: burst,
                at: now,
            })
        } else {
            &mut buckets.overflow
        };
        let tokens = filled(bucket);
        bucket.at = now;
        if tokens >= n {
            bucket.tokens = tokens - n;
            Ok(())
        } else if n > burst {
            bucket.tokens = tokens;
            Err(Duration::MAX)
        } else {
            bucket.tokens = tokens;
            Err(Duration::from_secs_f64((n - tokens) / per_s))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_burst_then_the_rate() {
        let l = Limiter::new(Rate {
            per_minute: 30,
            burst: 10,
        });
        let t = Instant::now();
        for _ in 0..10 {
            assert!(l.take(ip("192.0.2.1"), t).is_ok());
        }
        let wait = l.take(ip("192.0.2.1"), t).unwrap_err();
        assert!((wait.as_secs_f64() - 2.0).abs() < 1e-6, "{wait:?}");
        // Another address has its own bucket.
        assert!(l.take(ip("192.0.2.2"), t).is_ok());
        // One token every 2 s.
        let later = t + Duration::from_secs(2);
        assert!(l.take(ip("192.0.2.1"), later).is_ok());
        assert!(l.take(ip("192.0.2.1"), later).is_err());
    }

    #[test]
    fn ipv6_counts_by_its_64_and_mapped_ipv4_as_ipv4() {
        let l = Limiter::new(Rate {
            per_minute: 60,
            burst: 2,
        });
        let t = Instant::now();
        assert!(l.take(ip("2001:db8::1"), t).is_ok());
        assert!(l.take(ip("2001:db8::ffff:2"), t).is_ok());
        assert!(l.take(ip("2001:db8::3"), t).is_err());
        assert!(l.take(ip("2001:db8:0:1::1"), t).is_ok());
        assert!(l.take(ip("198.51.100.7"), t).is_ok());
        assert!(l.take(ip("::ffff:198.51.100.7"), t).is_ok());
        assert!(l.take(ip("198.51.100.7"), t).is_err());
    }

    #[test]
    fn the_map_stays_bounded_under_a_flood_of_addresses() {
        let l = Limiter::new(Rate {
            per_minute: 30,
            burst: 10,
        });
        let t = Instant::now();
        let n = MAX_KEYS as u32 + 5_000;
        let mut refused = 0;
        for k in 0..n {
            let a = IpAddr::V4((0x0a00_0000 + k).into());
            refused += usize::from(l.take(a, t).is_err());
        }
        assert_eq!(l.tracked(), MAX_KEYS);
        // The 5,000 late addresses shared one bucket of 10.
        assert_eq!(refused, 5_000 - 10);
        // Once their buckets refill they are swept, and new addresses get
        // their own again.
        let later = t + Duration::from_secs(21);
        assert!(l.take(ip("203.0.113.9"), later).is_ok());
        assert_eq!(l.tracked(), 1);
    }

    #[test]
    fn zero_per_minute_is_no_limit() {
        let l = Limiter::new(Rate {
            per_minute: 0,
            burst: 1,
        });
        let t = Instant::now();
        for _ in 0..100 {
            assert!(l.take(ip("192.0.2.1"), t).is_ok());
        }
    }
}

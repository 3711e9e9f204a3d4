//! A feed of numbered events with the last of them kept: what a client
//! that reconnects after event `n` needs (everything after `n`, if the
//! feed still has it all), and a channel for everyone following it live.
//! A game's room keeps one; the lobby and club play's live results can
//! keep theirs the same way.
//!
//! The feed keeps at most [`RECENT`] events and [`RECENT_BYTES`] bytes of
//! them, so that a long game costs the same memory as a short one; a
//! client further behind is sent the whole state instead.

use std::collections::VecDeque;
use std::sync::Arc;

use tokio::sync::broadcast;

/// How many events a feed keeps for clients that reconnect.
pub const RECENT: usize = 256;
/// At most this many bytes of them: a game's state is a few kilobytes, so
/// a long game keeps fewer events rather than more memory.
pub const RECENT_BYTES: usize = 512 * 1024;

/// Messages waiting for a slow follower before it is told it lagged.
const CHANNEL: usize = 64;

/// The last events and the live channel.
#[derive(Debug)]
pub struct Feed {
    recent: VecDeque<(u64, Arc<str>)>,
    /// Bytes of the messages in `recent`.
    bytes: usize,
    tx: broadcast::Sender<Arc<str>>,
}

impl Default for Feed {
    fn default() -> Feed {
        Feed {
            recent: VecDeque::new(),
            bytes: 0,
            tx: broadcast::channel(CHANNEL).0,
        }
    }
}

impl Feed {
    /// A receiver of every later message.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// Sends a message that is not an event (nobody is sent it again).
    pub fn announce(&self, message: Arc<str>) {
        let _ = self.tx.send(message);
    }

    /// Keeps event `event`'s message for followers that reconnect, and
    /// sends it to those following now.
    pub fn show(&mut self, event: u64, message: Arc<str>) {
        self.keep(event, message.clone());
        let _ = self.tx.send(message);
    }

    /// Keeps event `event`'s message for followers that reconnect.
    pub fn keep(&mut self, event: u64, message: Arc<str>) {
        self.bytes += message.len();
        self.recent.push_back((event, message));
        while self.recent.len() > RECENT || self.bytes > RECENT_BYTES {
            match self.recent.pop_front() {
                Some((_, m)) => self.bytes -= m.len(),
                None => break,
            }
        }
    }

    /// The messages of the events after `since`, the last being `last`,
    /// if the feed still has them all.
    pub fn since(&self, since: u64, last: u64) -> Option<Vec<Arc<str>>> {
        if since > last {
            return None;
        }
        if since == last {
            return Some(vec![]);
        }
        let first = self.recent.front()?.0;
        (first <= since + 1).then(|| {
            self.recent
                .iter()
                .filter(|(n, _)| *n > since)
                .map(|(_, m)| m.clone())
                .collect()
        })
    }

    /// Ends every follower's stream (they reconnect and start again).
    pub fn close(&mut self) {
        // Dropping the only sender closes every receiver.
        self.tx = broadcast::channel(1).0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_follower_behind_gets_what_it_missed_while_the_feed_has_it() {
        let mut feed = Feed::default();
        let mut rx = feed.subscribe();
        for n in 1..=RECENT as u64 + 10 {
            feed.show(n, Arc::from(format!("event {n}")));
        }
        let last = RECENT as u64 + 10;
        assert_eq!(feed.since(last, last), Some(vec![]));
        let missed = feed.since(last - 2, last).unwrap();
        assert_eq!(missed.len(), 2);
        assert_eq!(&*missed[1], format!("event {last}").as_str());
        assert_eq!(
            feed.since(5, last),
            None,
            "the first events are no longer kept"
        );
        assert_eq!(feed.since(last + 1, last), None, "from the future");
        use broadcast::error::TryRecvError;
        assert!(
            matches!(rx.try_recv(), Err(TryRecvError::Lagged(_))),
            "the slow follower is told it lagged"
        );
        feed.close();
        let mut left = 0;
        loop {
            match rx.try_recv() {
                Ok(_) => left += 1,
                Err(TryRecvError::Closed) => break,
                Err(e) => panic!("{e:?}"),
            }
        }
        assert_eq!(left, CHANNEL, "the newest messages, then the end");
    }

    #[test]
    fn the_feed_keeps_a_bounded_number_of_bytes() {
        let mut feed = Feed::default();
        let big: Arc<str> = Arc::from("x".repeat(RECENT_BYTES / 4 + 1));
        for n in 1..=8 {
            feed.keep(n, big.clone());
        }
        assert!(feed.bytes <= RECENT_BYTES);
        assert_eq!(feed.recent.len(), 3);
    }
}

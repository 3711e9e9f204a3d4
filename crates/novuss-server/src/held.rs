//! How many of something each holder has open now, each counted until its
//! guard is dropped: one address's connections (the listener's), one
//! client's heavy requests (the hub's heavy work). A holder with nothing open
//! takes no room, so the map is as large as what is open.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};

/// The counts, by holder.
pub struct Held<K: Eq + Hash + Clone>(Arc<Mutex<HashMap<K, usize>>>);

/// One of a holder's, counted until dropped.
pub struct Share<K: Eq + Hash + Clone> {
    counts: Arc<Mutex<HashMap<K, usize>>>,
    holder: K,
}

impl<K: Eq + Hash + Clone> Default for Held<K> {
    fn default() -> Held<K> {
        Held(Arc::new(Mutex::new(HashMap::new())))
    }
}

impl<K: Eq + Hash + Clone> Held<K> {
    /// One more for `holder`, if it holds fewer than `cap`. A panic
    /// elsewhere while the map was locked leaves it whole (each use is one
    /// change of one count), so a poisoned lock is taken as it is.
    pub fn take(&self, holder: K, cap: usize) -> Option<Share<K>> {
        let mut counts = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if counts.get(&holder).copied().unwrap_or(0) >= cap {
            return None;
        }
        *counts.entry(holder.clone()).or_default() += 1;
        Some(Share {
            counts: self.0.clone(),
            holder,
        })
    }

    #[cfg(test)]
    /// How many holders hold something now.
    pub fn holders(&self) -> usize {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).len()
    }
}

impl<K: Eq + Hash + Clone> Drop for Share<K> {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = counts.get_mut(&self.holder) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.holder);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_holder_takes_up_to_its_cap_and_gets_its_shares_back() {
        let held = Held::default();
        let mine: Vec<_> = (0..3).map(|_| held.take("a", 3).unwrap()).collect();
        assert!(held.take("a", 3).is_none());
        assert!(
            held.take("b", 3).is_some(),
            "another holder is not held back"
        );
        assert!(held.take("c", 0).is_none());
        assert_eq!(held.holders(), 1, "only a's, while b's share is dropped");
        drop(mine);
        assert_eq!(held.holders(), 0, "holders with nothing are forgotten");
        assert!(held.take("a", 3).is_some());
    }
}

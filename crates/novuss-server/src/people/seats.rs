//! Who may act for which player of a game (docs/protocol.md, "Seats"). A
//! person's seat is its holder's alone: only they stroke for it, resign
//! it, or call the game off from it. A computer's seat is nobody's. Being
//! a player at all (any seat) lets a person start the next set; taking
//! back and hints are for a game whose every person's seat is one
//! person's (against the computer, or hot-seat at one screen): between
//! people at different screens neither is offered, since a take-back
//! needs the opponent's consent and a hint would be help from outside the
//! table.

use std::collections::{HashMap, HashSet};

use novuss_core::PlayerId;
use serde::Serialize;

use crate::ids::PersonId;
use crate::store::{SeatRow, Shown};

/// Who holds one player's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// The computer plays it.
    Computer,
    /// A person holds it.
    Person(PersonId),
    /// It waits for the person an invitation goes to.
    Open,
    /// A game stored before there were people: nobody holds it until
    /// somebody acts in the game ([`Seats::unclaimed`]).
    Unclaimed,
}

/// The holders of a game's seats, by player, and who of them is connected.
#[derive(Clone, Debug, Default)]
pub struct Seats {
    holders: Vec<Holder>,
    /// Sockets open per person, on this game.
    present: HashMap<PersonId, u32>,
    /// The display names of the holders, as they chose them.
    names: HashMap<PersonId, String>,
    /// The holders forgotten at their request (they have no name).
    forgotten: HashSet<PersonId>,
    /// In a rated game, each holder's rating in its format.
    ratings: HashMap<PersonId, SeatRating>,
    /// When each player who is not connected left (milliseconds since
    /// 1970), and whether their page said goodbye: the absence grace
    /// counts from there.
    gone: HashMap<PersonId, Gone>,
}

/// When a player's last socket on a game closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gone {
    /// Milliseconds since 1970.
    pub at: i64,
    /// Whether their page said goodbye first (it was closed, not cut off).
    pub bye: bool,
}

/// A holder's rating in a rated game, as players and watchers see it
/// beside the name: the rating the game started from (what it stands at
/// now, until the game is rated), and once it is rated, how much it moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeatRating {
    /// The rating, rounded.
    pub rating: i64,
    /// Whether it is still provisional, the "?" of every page: fewer than
    /// the leaderboard's games in the format, or still uncertain
    /// (`crate::ratings::established`).
    pub provisional: bool,
    /// Once the match is over and rated: the rounded rating after it
    /// less the rounded rating before, so that "1500 +14" adds up to what
    /// the player's page then shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub change: Option<i64>,
}

/// One seat as every client sees it (in the state and `seats` messages).
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// `computer`, `person`, `open` (waiting for an invited person) or
    /// `unclaimed`.
    holder: &'static str,
    /// The holder's public id.
    #[serde(skip_serializing_if = "Option::is_none")]
    person: Option<PersonId>,
    /// The holder's display name, if they chose one.
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    /// In a rated game, the holder's rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<SeatRating>,
    /// Whether the holder has the game open now: in `seats` messages
    /// only, so that a game's state depends on what is stored alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    connected: Option<bool>,
    /// The holder was forgotten at their request: no name, and the pages
    /// say "a deleted player" (docs/privacy.md).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    forgotten: bool,
}

impl Seats {
    /// The holders of a game whose players are, in order, played by the
    /// computer or not (`computer`), with these stored seat `rows`. A
    /// person's seat without a row is [`Holder::Unclaimed`].
    pub fn new(computer: impl IntoIterator<Item = bool>, rows: &[SeatRow]) -> Seats {
        let holders = computer
            .into_iter()
            .enumerate()
            .map(|(k, computer)| match computer {
                true => Holder::Computer,
                false => match rows.iter().find(|r| r.player.index() == k) {
                    None => Holder::Unclaimed,
                    Some(SeatRow {
                        person: Some(p), ..
                    }) => Holder::Person(p.clone()),
                    Some(_) => Holder::Open,
                },
            })
            .collect();
        Seats {
            holders,
            present: HashMap::new(),
            names: HashMap::new(),
            forgotten: HashSet::new(),
            ratings: HashMap::new(),
            gone: HashMap::new(),
        }
    }

    /// The holder of `player`'s seat.
    pub fn holder(&self, player: PlayerId) -> Option<&Holder> {
        self.holders.get(player.index())
    }

    /// Every holder, by player.
    pub fn holders(&self) -> &[Holder] {
        &self.holders
    }

    /// The people holding seats, each once.
    pub fn people(&self) -> Vec<PersonId> {
        let mut out: Vec<PersonId> = self
            .holders
            .iter()
            .filter_map(|h| match h {
                Holder::Person(p) => Some(p.clone()),
                _ => None,
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The players nobody holds in a game stored before there were
    /// people, if every person's seat is so.
    pub fn unclaimed(&self) -> Option<Vec<PlayerId>> {
        let people: Vec<PlayerId> = (0..self.holders.len())
            .filter(|k| self.holders[*k] != Holder::Computer)
            .map(PlayerId)
            .collect();
        let all = people
            .iter()
            .all(|k| self.holders[k.index()] == Holder::Unclaimed);
        (all && !people.is_empty()).then_some(people)
    }

    /// Gives every unclaimed seat to `person` (once stored).
    pub fn claim(&mut self, person: &PersonId) {
        for h in &mut self.holders {
            if *h == Holder::Unclaimed {
                *h = Holder::Person(person.clone());
            }
        }
    }

    /// `person` took `player`'s open seat (once stored).
    pub fn seat(&mut self, player: PlayerId, person: &PersonId) {
        if let Some(h) = self.holders.get_mut(player.index()) {
            *h = Holder::Person(person.clone());
        }
    }

    /// The seats with their holders' display names.
    pub fn with_names(mut self, names: Vec<(PersonId, Shown)>) -> Seats {
        for (p, shown) in names {
            if shown.forgotten {
                self.forget(&p);
            } else {
                self.name(&p, shown.name);
            }
        }
        self
    }

    /// `person` was forgotten at their request: their seats keep their
    /// random id and lose their name. `false` if they hold none here.
    pub fn forget(&mut self, person: &PersonId) -> bool {
        self.names.remove(person);
        self.forgotten.insert(person.clone());
        self.is_player(Some(person))
    }

    /// Remembers a holder's display name; whether that changed it.
    pub fn name(&mut self, person: &PersonId, name: Option<String>) -> bool {
        if self.names.get(person) == name.as_ref() {
            return false;
        }
        match name {
            Some(n) => self.names.insert(person.clone(), n),
            None => self.names.remove(person),
        };
        true
    }

    /// Remembers a holder's rating (a rated game's).
    pub fn rate(&mut self, person: &PersonId, rating: SeatRating) {
        self.ratings.insert(person.clone(), rating);
    }

    /// Whether `person` holds any seat.
    pub fn is_player(&self, person: Option<&PersonId>) -> bool {
        person.is_some_and(|p| self.holders.contains(&Holder::Person(p.clone())))
    }

    /// Whether a seat still waits for an invited person: until none does,
    /// nobody strokes.
    pub fn waiting(&self) -> bool {
        self.holders.contains(&Holder::Open)
    }

    /// Whether people at more than one screen play: a second person, or a
    /// seat waiting for one.
    pub fn between_people(&self) -> bool {
        self.holders.contains(&Holder::Open) || self.people().len() > 1
    }

    /// A socket of `person` opened on the game: `true` if they were not
    /// connected before (the seats' presence changed).
    pub fn arrive(&mut self, person: &PersonId) -> bool {
        if !self.is_player(Some(person)) {
            return false;
        }
        self.gone.remove(person);
        let n = self.present.entry(person.clone()).or_default();
        *n += 1;
        *n == 1
    }

    /// A socket of `person` closed at `gone.at`: `true` if it was their
    /// last.
    pub fn leave(&mut self, person: &PersonId, gone: Gone) -> bool {
        match self.present.get_mut(person) {
            Some(n) if *n > 1 => {
                *n -= 1;
                false
            }
            Some(_) => {
                self.present.remove(person);
                self.gone.insert(person.clone(), gone);
                true
            }
            None => false,
        }
    }

    /// When `person`, not connected, left the game, if they did while
    /// this server ran.
    pub fn gone(&self, person: &PersonId) -> Option<Gone> {
        self.gone.get(person).copied()
    }

    /// Sockets the holders of seats have open on the game.
    pub fn sockets(&self) -> usize {
        self.present.values().map(|&n| n as usize).sum()
    }

    /// Whether any holder of a seat has the game open.
    pub fn anyone_here(&self) -> bool {
        !self.present.is_empty()
    }

    /// How many seats `person` holds.
    pub fn held_by(&self, person: &PersonId) -> usize {
        self.holders
            .iter()
            .filter(|h| matches!(h, Holder::Person(q) if q == person))
            .count()
    }

    /// Whether `person` has the game open.
    pub fn connected(&self, person: &PersonId) -> bool {
        self.present.contains_key(person)
    }

    /// The seats as clients see them, with who is connected if
    /// `presence`.
    pub fn view(&self, presence: bool) -> Vec<SeatView> {
        self.holders
            .iter()
            .map(|h| match h {
                Holder::Computer => SeatView::bare("computer"),
                Holder::Open => SeatView::bare("open"),
                Holder::Unclaimed => SeatView::bare("unclaimed"),
                Holder::Person(p) => SeatView {
                    holder: "person",
                    person: Some(p.clone()),
                    // A person goes by their own name in the one seat they
                    // hold; one playing every seat at one screen (hot-seat)
                    // has each named as it was typed in the new-game form.
                    name: (self.held_by(p) == 1)
                        .then(|| self.names.get(p).cloned())
                        .flatten(),
                    rating: self.ratings.get(p).copied(),
                    connected: presence.then(|| self.connected(p)),
                    forgotten: self.forgotten.contains(p),
                },
            })
            .collect()
    }
}

impl SeatView {
    fn bare(holder: &'static str) -> SeatView {
        SeatView {
            holder,
            person: None,
            name: None,
            rating: None,
            connected: None,
            forgotten: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(player: usize, person: Option<&PersonId>) -> SeatRow {
        SeatRow {
            player: PlayerId(player),
            person: person.cloned(),
            invite_hash: None,
        }
    }

    #[test]
    fn one_person_at_one_screen_holds_the_whole_table() {
        let a = PersonId::random();
        let seats = Seats::new([false, true], &[row(0, Some(&a))]);
        assert!(seats.is_player(Some(&a)));
        assert!(
            !seats.between_people(),
            "the computer is not a second person"
        );
        assert_eq!(seats.holder(PlayerId(1)), Some(&Holder::Computer));
        assert_eq!(seats.unclaimed(), None);
    }

    #[test]
    fn an_old_game_is_claimed_whole_by_whoever_acts_first() {
        let mut seats = Seats::new([false, false], &[]);
        assert_eq!(seats.unclaimed(), Some(vec![PlayerId(0), PlayerId(1)]));
        let a = PersonId::random();
        seats.claim(&a);
        assert_eq!(seats.unclaimed(), None);
        assert!(seats.is_player(Some(&a)));
        assert!(!seats.between_people(), "one person holds both seats");
    }

    #[test]
    fn presence_counts_sockets() {
        let a = PersonId::random();
        let mut seats = Seats::new([false, false], &[row(0, Some(&a)), row(1, None)]);
        assert!(
            seats.between_people(),
            "an open seat waits for a second person"
        );
        assert!(seats.arrive(&a));
        assert!(!seats.arrive(&a));
        let bye = Gone { at: 7, bye: true };
        assert!(!seats.leave(&a, bye));
        assert_eq!(seats.gone(&a), None, "one of two sockets is still open");
        assert!(seats.leave(&a, bye));
        assert_eq!(seats.gone(&a), Some(bye));
        assert!(!seats.anyone_here());
        assert!(seats.arrive(&a));
        assert_eq!(seats.gone(&a), None, "back: no longer gone");
        assert!(
            !seats.arrive(&PersonId::random()),
            "a watcher is not a seat's presence"
        );
    }
}

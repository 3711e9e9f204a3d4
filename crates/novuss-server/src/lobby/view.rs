//! The lobby as everyone sees it, kept a moment so that many looks cost
//! one read of the store, and each viewer's own view of it (which
//! challenges they may accept).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use novuss_core::rules::set::Format;

use super::terms::{standing_in, within, CHALLENGE_LIFE_SECS, LISTED, LOBBY_FRESH};
use crate::error::Failure;
use crate::game::listing;
use crate::game::setup::Setup;
use crate::hub::Hub;
use crate::ids::{GameId, PersonId};
use crate::store::{ChallengeRow, CurrentRow};
use crate::wire::http::games::Listed;
use crate::wire::http::lobby::{Challenge, LiveGame, View};

/// The lobby of one server: its games are the hub's, its challenges the
/// store's (so that a challenge made on another server over the same
/// database shows here at the next look).
pub struct Lobby {
    pub(super) hub: Arc<Hub>,
    /// The lobby as everyone sees it, kept a moment.
    kept: Kept,
}

/// Whether `viewer` (with their current `ratings`) may accept `c`: not
/// their own, and their rating in its range.
pub(super) fn acceptable_by(
    c: &Challenge,
    viewer: Option<&PersonId>,
    ratings: &[CurrentRow],
    now: i64,
) -> bool {
    match viewer {
        Some(v) if *v == c.creator => false,
        _ => within(
            standing_in(ratings, c.format, now).rating,
            c.min_rating,
            c.max_rating,
        ),
    }
}

/// The lobby as everyone sees it, kept for [`LOBBY_FRESH`].
#[derive(Default)]
struct Kept {
    /// When it was built, at which generation, and what it shows.
    kept: tokio::sync::Mutex<Option<(Instant, u64, Arc<Shown>)>>,
    /// Moved on whenever a challenge changes here: what was kept before
    /// is stale.
    generation: AtomicU64,
}

/// What everyone sees of the lobby as read from the store: its challenges
/// (`acceptable` is the viewer's, set for each) and live games (by id;
/// their watchers are counted at each look).
struct Shown {
    challenges: Vec<Challenge>,
    live: Vec<(GameId, Listed)>,
}

impl Lobby {
    /// The lobby over `hub`'s games and store.
    pub fn new(hub: Arc<Hub>) -> Arc<Lobby> {
        Arc::new(Lobby {
            hub,
            kept: Kept::default(),
        })
    }

    /// The games.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// `person`'s rating in `format`, and whether it is provisional (1500
    /// and provisional for someone not yet rated).
    pub async fn rating_of(
        &self,
        person: Option<&PersonId>,
        format: Format,
    ) -> Result<(f64, bool), Failure> {
        let ratings = self.ratings_read(person).await?;
        let r = standing_in(&ratings, format, crate::store::now());
        Ok((r.rating, r.provisional()))
    }

    /// `person`'s current ratings, every format's (none for nobody).
    pub(super) async fn ratings_read(
        &self,
        person: Option<&PersonId>,
    ) -> Result<Vec<CurrentRow>, Failure> {
        match person {
            None => Ok(Vec::new()),
            Some(p) => self.hub.store().ratings_of(p).await.map_err(Failure::from),
        }
    }

    /// The people kept apart from `person` (blocked either way): their
    /// challenges are not shown to each other.
    pub(super) async fn apart_read(
        &self,
        person: Option<&PersonId>,
    ) -> Result<Vec<PersonId>, Failure> {
        match person {
            None => Ok(Vec::new()),
            Some(p) => self.hub.store().apart_from(p).await.map_err(Failure::from),
        }
    }

    /// The lobby, as `viewer` sees it.
    pub async fn view(&self, viewer: Option<&PersonId>) -> Result<View, Failure> {
        let everyone = self.everyone().await?;
        // What is the viewer's own: one read of their ratings, whatever
        // the number of challenges.
        let mine = self.ratings_read(viewer).await?;
        let apart = self.apart_read(viewer).await?;
        Ok(personal(&everyone, viewer, &mine, &apart))
    }

    /// The lobby as everyone sees it now: what the store showed at most
    /// [`LOBBY_FRESH`] ago, with the watchers counted now (in memory: a
    /// look at the lobby shows who watches this instant). Nobody may
    /// accept any challenge in it: [`personal`] says who may.
    pub(super) async fn everyone(&self) -> Result<View, Failure> {
        let shown = self.shown().await?;
        let mut live: Vec<LiveGame> = shown
            .live
            .iter()
            .map(|(id, game)| LiveGame {
                game: game.clone(),
                watchers: self.watchers_of(id),
            })
            .collect();
        live.sort_by_key(|g| std::cmp::Reverse(g.watchers));
        Ok(View {
            challenges: shown.challenges.clone(),
            live,
        })
    }

    /// The lobby as the store shows it, at most [`LOBBY_FRESH`] old: built
    /// by one request while the others wait for it, so that a client
    /// asking for it in a loop costs a read of its own ratings a time,
    /// not a read of every challenger's (7.7 ms of a core for 200
    /// challenges before).
    async fn shown(&self) -> Result<Arc<Shown>, Failure> {
        let mut kept = self.kept.kept.lock().await;
        let generation = self.kept.generation.load(Ordering::Acquire);
        if let Some((at, gen, shown)) = kept.as_ref() {
            if *gen == generation && at.elapsed() < LOBBY_FRESH {
                return Ok(shown.clone());
            }
        }
        let store = self.hub.store();
        let since = crate::store::now() - CHALLENGE_LIFE_SECS;
        let rows = store.challenges(since, LISTED).await?;
        let mut challenges = Vec::new();
        for row in rows {
            if let Some(c) = self.challenge_view(&row).await? {
                challenges.push(c);
            }
        }
        let mut live = Vec::new();
        for row in store.live(LISTED).await? {
            let id = row.game.id.clone();
            if let Some(game) = listing::listed(row) {
                live.push((id, game));
            }
        }
        let shown = Arc::new(Shown { challenges, live });
        *kept = Some((Instant::now(), generation, shown.clone()));
        Ok(shown)
    }

    /// A challenge was made, withdrawn or a seat of one taken here: the
    /// next look at the lobby reads it again.
    pub(super) fn changed(&self) {
        self.kept.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// How many sockets not of its players are open on game `id` now (0
    /// for a game not in memory: nobody has it open).
    fn watchers_of(&self, id: &GameId) -> usize {
        // A room busy this instant is counted at the next look.
        self.hub
            .loaded(id)
            .and_then(|shared| shared.try_lock().ok().map(|r| r.audience()))
            .unwrap_or(0)
    }

    /// A stored challenge as the lobby lists it, nobody's to accept yet;
    /// none for one whose set-up cannot be read (nobody could play it).
    async fn challenge_view(&self, row: &ChallengeRow) -> Result<Option<Challenge>, Failure> {
        let Ok(setup) = serde_json::from_str::<Setup>(&row.setup) else {
            return Ok(None);
        };
        let creator = row.creator.clone();
        let format = setup.config.format;
        let (rating, provisional) = self.rating_of(Some(&creator), format).await?;
        Ok(Some(Challenge {
            id: row.game.clone(),
            created: row.created,
            creator,
            name: row.creator_name.clone(),
            rating: rating.round() as i64,
            provisional,
            format,
            profile: setup.config.profile,
            sets: setup.config.sets,
            match_format: setup.match_format(),
            rated: setup.rated,
            stroke_clock: setup.stroke_clock,
            min_rating: row.min_rating,
            max_rating: row.max_rating,
            open: row.open,
            acceptable: false,
        }))
    }
}

/// The lobby `everyone` sees, as `viewer` (whose current ratings are
/// `ratings`) sees it: which challenges they may accept.
pub(super) fn personal(
    everyone: &View,
    viewer: Option<&PersonId>,
    ratings: &[CurrentRow],
    apart: &[PersonId],
) -> View {
    let now = crate::store::now();
    let mut view = everyone.clone();
    // Blocked either way: neither sees the other's challenges.
    view.challenges.retain(|c| !apart.contains(&c.creator));
    for c in &mut view.challenges {
        c.acceptable = acceptable_by(c, viewer, ratings, now);
    }
    view
}

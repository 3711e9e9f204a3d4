//! The lobby (docs/protocol.md, "The lobby"): open challenges anyone may
//! accept, the public games being played with how many watch them, and
//! "play someone now", which pairs a visitor with the waiting challenge
//! nearest their rating or makes one for others to accept.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use novuss_core::rules::set::Format;
use novuss_core::PlayerId;
use serde::{Deserialize, Serialize};

use super::Hub;
use crate::error::{Code, Failure};
use crate::game::listing::{self, Listed};
use crate::game::setup::{NewGame, Setup};
use crate::ids::GameId;
use crate::ids::PersonId;
use crate::people::identity::Visitor;
use crate::store::{ChallengeRow, CurrentRow, OpenSeat};

/// Challenges older than this are no longer listed: their creator has
/// most likely gone (they may still send the game's invitation links).
pub const CHALLENGE_LIFE_SECS: i64 = 30 * 60;
/// How many challenges and live games the lobby lists at most.
const LISTED: u32 = 100;
/// How long the lobby as everyone sees it is kept: a look at it is at
/// most this old (and new as soon as a challenge changes here).
pub const LOBBY_FRESH: std::time::Duration = std::time::Duration::from_secs(1);

/// The lobby as everyone sees it, kept for [`LOBBY_FRESH`].
#[derive(Default)]
pub struct LobbyCache {
    /// When it was built, at which generation, and what it shows.
    kept: tokio::sync::Mutex<Option<(std::time::Instant, u64, Arc<Shown>)>>,
    /// Moved on whenever a challenge changes: what was kept before is
    /// stale.
    generation: AtomicU64,
}

/// What everyone sees of the lobby: its challenges (`acceptable` is the
/// viewer's, set for each) and live games (by id; their watchers are
/// counted at each look).
struct Shown {
    challenges: Vec<Challenge>,
    live: Vec<(GameId, Listed)>,
}
/// "Play someone now" takes a challenge whose creator's rating is at most
/// this far from the visitor's.
pub const NEAR: f64 = 300.0;
/// Ratings a range may name (wider than any Glicko-2 rating reaches).
const RATINGS: std::ops::RangeInclusive<i64> = 0..=4000;

/// A new challenge, as `POST /api/lobby/challenges` takes it: the game's
/// terms, and whom it is for.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewChallenge {
    /// `singles`, `doubles` or `four_player`.
    pub format: String,
    /// A rule profile's name.
    pub profile: String,
    /// 1, 3 or 5.
    pub sets: u32,
    /// Whether it moves ratings (then with no take-backs).
    #[serde(default)]
    pub rated: bool,
    /// Seconds a stroke, if the game has a clock.
    #[serde(default)]
    pub stroke_clock: Option<u32>,
    /// The acceptor's rating at least.
    #[serde(default)]
    pub min_rating: Option<i64>,
    /// The acceptor's rating at most.
    #[serde(default)]
    pub max_rating: Option<i64>,
}

impl NewChallenge {
    /// The game it makes: the creator at the first seat, every other seat
    /// open; listed for watchers; take-backs (by consent) unless rated.
    pub fn new_game(&self) -> Result<NewGame, Failure> {
        let bad = |why: String| Failure::new(Code::BadSetup, why);
        for r in [self.min_rating, self.max_rating].into_iter().flatten() {
            if !RATINGS.contains(&r) {
                return Err(bad(format!("a rating range of 0 to 4000, not {r}")));
            }
        }
        if let (Some(lo), Some(hi)) = (self.min_rating, self.max_rating) {
            if lo > hi {
                return Err(bad(format!("the range {lo}–{hi} is empty")));
            }
        }
        let players = match self.format.as_str() {
            "singles" => 2,
            _ => 4,
        };
        let mut seats = vec![serde_json::json!({"kind": "human"})];
        seats.extend((1..players).map(|_| serde_json::json!({"kind": "human", "invite": true})));
        let body = serde_json::json!({
            "format": self.format,
            "profile": self.profile,
            "sets": self.sets,
            "players": seats,
            "casual": !self.rated,
            "public": true,
            "rated": self.rated,
            "stroke_clock": self.stroke_clock,
        });
        let new: NewGame =
            serde_json::from_value(body).map_err(|e| bad(format!("not a challenge: {e}")))?;
        new.setup().map_err(|e| bad(e.to_string()))?;
        Ok(new)
    }
}

/// The lobby as `GET /api/lobby` answers it.
#[derive(Debug, Serialize)]
pub struct Lobby {
    /// Open challenges, newest first.
    pub challenges: Vec<Challenge>,
    /// Public games being played, the most watched first.
    pub live: Vec<Live>,
}

/// An open challenge.
#[derive(Clone, Debug, Serialize)]
pub struct Challenge {
    /// Its game.
    pub id: GameId,
    /// When it was made, seconds since 1970.
    pub created: i64,
    /// Who made it: their public id, name and rating in the format.
    pub creator: PersonId,
    /// Their display name, if they chose one.
    pub name: Option<String>,
    /// Their rating in the game's format.
    pub rating: i64,
    /// Whether their rating is still provisional.
    pub provisional: bool,
    /// `singles`, `doubles` or `four_player`.
    pub format: Format,
    /// The rule profile.
    pub profile: novuss_core::rules::profile::ProfileId,
    /// Sets.
    pub sets: u32,
    /// Whether it is rated.
    pub rated: bool,
    /// Seconds a stroke, if it has a clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stroke_clock: Option<u32>,
    /// The rating range asked of the acceptor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_rating: Option<i64>,
    /// The rating range asked of the acceptor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_rating: Option<i64>,
    /// Seats still open.
    pub open: u32,
    /// Whether the visitor may accept it (not theirs, in their range).
    pub acceptable: bool,
}

/// A public game being played.
#[derive(Debug, Serialize)]
pub struct Live {
    /// The game, as the list of games shows it.
    #[serde(flatten)]
    pub game: Listed,
    /// Sockets open on it that are not its players'.
    pub watchers: usize,
}

/// What "play someone now" did.
#[derive(Debug, Serialize)]
pub struct Quick {
    /// The game to open.
    pub id: String,
    /// The player the visitor plays, if they took a seat of a waiting
    /// challenge; none when a new challenge waits for someone else.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<u32>,
    /// Whether the game waits for an opponent.
    pub waiting: bool,
}

impl Hub {
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
    async fn ratings_read(&self, person: Option<&PersonId>) -> Result<Vec<CurrentRow>, Failure> {
        match person {
            None => Ok(Vec::new()),
            Some(p) => self.store.ratings_of(p).await.map_err(Failure::from),
        }
    }

    /// Makes a challenge of `creator`'s: a public game whose other seats
    /// are for whoever accepts it.
    pub async fn challenge(
        self: &Arc<Self>,
        new: &NewChallenge,
        creator: &PersonId,
    ) -> Result<crate::wire::http::games::Created, Failure> {
        let game = new.new_game()?;
        let created = self.create(&game, creator).await?;
        self.store
            .add_challenge(
                &created.id,
                creator,
                crate::store::now(),
                (new.min_rating, new.max_rating),
            )
            .await?;
        tracing::info!(game = %created.id, "challenge");
        self.lobby_changed();
        Ok(created)
    }

    /// The lobby, as `viewer` sees it.
    pub async fn lobby(&self, viewer: Option<&PersonId>) -> Result<Lobby, Failure> {
        let shown = self.lobby_shown().await?;
        // What is the viewer's own: one read of their ratings, whatever
        // the number of challenges.
        let mine = self.ratings_read(viewer).await?;
        let now = crate::store::now();
        let mut challenges = shown.challenges.clone();
        for c in &mut challenges {
            c.acceptable = match viewer {
                Some(v) if *v == c.creator => false,
                _ => within(
                    standing_in(&mine, c.format, now).rating,
                    c.min_rating,
                    c.max_rating,
                ),
            };
        }
        // Watchers are counted now, in memory: a look at the lobby shows
        // who watches this instant.
        let mut live: Vec<Live> = shown
            .live
            .iter()
            .map(|(id, game)| Live {
                game: game.clone(),
                watchers: self.watchers_of(id),
            })
            .collect();
        live.sort_by_key(|g| std::cmp::Reverse(g.watchers));
        Ok(Lobby { challenges, live })
    }

    /// The lobby as everyone sees it, at most [`LOBBY_FRESH`] old: built
    /// by one request while the others wait for it, so that a client
    /// asking for it in a loop costs a read of its own ratings a time,
    /// not a read of every challenger's (7.7 ms of a core for 200
    /// challenges before).
    async fn lobby_shown(&self) -> Result<Arc<Shown>, Failure> {
        let mut kept = self.lobby.kept.lock().await;
        let generation = self.lobby.generation.load(Ordering::Acquire);
        if let Some((at, gen, shown)) = kept.as_ref() {
            if *gen == generation && at.elapsed() < LOBBY_FRESH {
                return Ok(shown.clone());
            }
        }
        let since = crate::store::now() - CHALLENGE_LIFE_SECS;
        let rows = self.store.challenges(since, LISTED).await?;
        let mut challenges = Vec::new();
        for row in rows {
            if let Some(c) = self.challenge_view(&row, None).await? {
                challenges.push(c);
            }
        }
        let mut live = Vec::new();
        for row in self.store.live(LISTED).await? {
            let id = row.id.clone();
            if let Some(game) = listing::listed(row) {
                live.push((id, game));
            }
        }
        let shown = Arc::new(Shown { challenges, live });
        *kept = Some((std::time::Instant::now(), generation, shown.clone()));
        Ok(shown)
    }

    /// A challenge was made or a seat of one taken: the next look at the
    /// lobby reads it again.
    fn lobby_changed(&self) {
        self.lobby.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// How many sockets not of its players are open on game `id` now (0
    /// for a game not in memory: nobody has it open).
    fn watchers_of(&self, id: &GameId) -> usize {
        let loaded = self.loaded(id);
        // A room busy this instant is counted at the next look.
        loaded
            .and_then(|shared| shared.try_lock().ok().map(|r| r.audience()))
            .unwrap_or(0)
    }

    async fn challenge_view(
        &self,
        row: &ChallengeRow,
        viewer: Option<&PersonId>,
    ) -> Result<Option<Challenge>, Failure> {
        let Ok(setup) = serde_json::from_str::<Setup>(&row.setup) else {
            return Ok(None);
        };
        let creator = row.creator.clone();
        let format = setup.config.format;
        let (rating, provisional) = self.rating_of(Some(&creator), format).await?;
        let acceptable = match viewer {
            Some(v) if *v == creator => false,
            v => {
                let (mine, _) = self.rating_of(v, format).await?;
                in_range(mine, row)
            }
        };
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
            rated: setup.rated,
            stroke_clock: setup.stroke_clock,
            min_rating: row.min_rating,
            max_rating: row.max_rating,
            open: row.open,
            acceptable,
        }))
    }

    /// The visitor accepts challenge `id`: the lowest open seat is theirs
    /// if their rating is in its range. Returns the player, the person
    /// and a cookie for a visitor who just became one.
    pub async fn accept(
        self: &Arc<Self>,
        id: &GameId,
        visitor: &Visitor,
    ) -> Result<(PlayerId, PersonId, Option<axum::http::HeaderValue>), Failure> {
        let row = self.store.challenge(id).await?.ok_or_else(|| {
            Failure::new(Code::UnknownGame, format!("no challenge has the id {id}"))
        })?;
        if row.open == 0 {
            return Err(Failure::new(
                Code::SeatTaken,
                "somebody accepted it first: you may watch the game",
            ));
        }
        let setup: Setup = serde_json::from_str(&row.setup)
            .map_err(|e| Failure::logged(Code::Damaged, "a challenge cannot be read", &e))?;
        if let Some(p) = &visitor.person {
            if *p == row.creator {
                return Err(Failure::new(
                    Code::CannotAccept,
                    "a challenge is for someone else to accept",
                ));
            }
            let held = self.store.seats(id).await?;
            if held.iter().any(|s| s.person.as_ref() == Some(p)) {
                return Err(already_seated());
            }
        }
        let (mine, _) = self
            .rating_of(visitor.person.as_ref(), setup.config.format)
            .await?;
        if !in_range(mine, &row) {
            return Err(Failure::new(
                Code::OutOfRange,
                format!("a rating of {mine:.0} is outside the challenge's range"),
            ));
        }
        let (person, cookie) = self.people.ensure(visitor).await?;
        let at = crate::game::clock::now_ms();
        // The checks above are for a clear answer; the one that holds is
        // the statement's, which checks and takes at once.
        // On PostgreSQL, acceptors at once aim at the same lowest seat and
        // all but one find it taken: they try again for the next one.
        let mut tries = 0;
        let player = loop {
            tries += 1;
            match self.store.take_open_seat(id, &person, at).await? {
                OpenSeat::Seated(player) => break player,
                OpenSeat::AlreadySeated => return Err(already_seated()),
                OpenSeat::NoneOpen if tries < 4 => continue,
                OpenSeat::NoneOpen => {
                    return Err(Failure::new(
                        Code::SeatTaken,
                        "somebody accepted it first: you may watch the game",
                    ))
                }
            }
        };
        tracing::info!(game = %id, player = player.index(), %person, "challenge accepted");
        self.lobby_changed();
        self.seated(id, player, &person, at).await?;
        Ok((player, person, cookie))
    }

    /// "Play someone now": the open challenge in `new`'s format (and
    /// terms, rated or not) whose creator's rating is nearest the
    /// visitor's (within 300 points, `NEAR`), accepted; or, if none waits, a new
    /// challenge of those terms for the next person to come.
    pub async fn quick(
        self: &Arc<Self>,
        new: &NewChallenge,
        visitor: &Visitor,
    ) -> Result<(Quick, Option<axum::http::HeaderValue>), Failure> {
        let wanted = new
            .new_game()?
            .setup()
            .map_err(|e| Failure::new(Code::BadSetup, e.to_string()))?;
        let format = wanted.config.format;
        let (mine, _) = self.rating_of(visitor.person.as_ref(), format).await?;
        let since = crate::store::now() - CHALLENGE_LIFE_SECS;
        let mut best: Option<(f64, GameId)> = None;
        for row in self.store.challenges(since, LISTED).await? {
            let Ok(setup) = serde_json::from_str::<Setup>(&row.setup) else {
                continue;
            };
            let same = setup.config.format == format
                && setup.config.profile == wanted.config.profile
                && setup.config.sets == wanted.config.sets
                && setup.rated == wanted.rated
                && setup.stroke_clock == wanted.stroke_clock;
            let theirs = visitor.person.as_ref() == Some(&row.creator);
            if !same || theirs || !in_range(mine, &row) {
                continue;
            }
            let (rating, _) = self.rating_of(Some(&row.creator), format).await?;
            let gap = (rating - mine).abs();
            if gap <= NEAR && best.as_ref().is_none_or(|(g, _)| gap < *g) {
                best = Some((gap, row.game));
            }
        }
        if let Some((_, id)) = best {
            match self.accept(&id, visitor).await {
                Ok((player, _, cookie)) => {
                    let quick = Quick {
                        id: id.to_string(),
                        player: Some(player.index() as u32),
                        waiting: false,
                    };
                    return Ok((quick, cookie));
                }
                // Taken meanwhile: a challenge of one's own instead.
                Err(f) if f.code == Code::SeatTaken => {}
                Err(f) => return Err(f),
            }
        }
        let (person, cookie) = self.people.ensure(visitor).await?;
        let created = self.challenge(new, &person).await?;
        Ok((
            Quick {
                id: created.id.to_string(),
                player: None,
                waiting: true,
            },
            cookie,
        ))
    }
}

fn already_seated() -> Failure {
    Failure::new(Code::CannotAccept, "you hold a seat of this game already")
}

/// The rating in `format` among `ratings` (a person's current ones) at
/// `now`: widened by the idle time since the last rated game, as the
/// player's page shows it; 1500 and provisional for none.
fn standing_in(ratings: &[CurrentRow], format: Format, now: i64) -> crate::glicko::Rating {
    let current = ratings.iter().find(|r| r.format == format);
    crate::ratings::standing(current, now)
}

/// Whether `rating` is within the range `min`..=`max` (each optional).
fn within(rating: f64, min: Option<i64>, max: Option<i64>) -> bool {
    let r = rating.round() as i64;
    min.is_none_or(|lo| r >= lo) && max.is_none_or(|hi| r <= hi)
}

/// Whether `rating` is in `row`'s range.
fn in_range(rating: f64, row: &ChallengeRow) -> bool {
    within(rating, row.min_rating, row.max_rating)
}

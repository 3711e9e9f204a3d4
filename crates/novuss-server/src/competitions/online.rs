//! Competitions played on this server (issue 32; docs/competitions.md,
//! "Played on this server"): "an organiser may choose that a
//! competition's matches are played here". Each board of a round paired
//! becomes a game between the two entrants' seats, held by their persons
//! from the start (the first-named breaks first: the game's first seat),
//! of the competition's match format and stroke clock. When a game's match
//! ends, its result becomes the board's `result` change, stored as made by
//! the server ([`super::desk::SERVER`]); a player who has not opened their game
//! within the grace loses by forfeit (both absent: both lose); when the
//! last board of a round has its result and rounds remain, the next round
//! is paired and its games made, or, where the organiser set the rounds'
//! times (`next_round: scheduled`), at its time (round 1 too), or when
//! the round before ends if that is later.
//!
//! Everything this needs to go on after a restart is stored: the board's
//! game, its people, its deadline and who came (`competition_games`), so
//! that on start the deadlines are read again and a game that ended while
//! no server listened is taken then. With several servers over one
//! database the row of a board is written before its game is made, under
//! a unique key, so only one server makes each game; a result is taken by
//! the one server whose update marks the row settled. A row whose game
//! was never made (its server stopped between the two) gets its game
//! from the next server to look, with a fresh grace from then: the
//! deadline moved first, by the one server whose update finds the old
//! one, and a forfeit taken only while the stored deadline has passed.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use novuss_club::competition::{NextRound, Outcome, Play};
use novuss_club::Side;
use novuss_core::{MatchFormat, MatchResult};
use tokio::sync::{broadcast, Notify};

use super::desk::{server, Desk, Held};
use crate::error::{Code, Failure};
use crate::game::clock::now_ms;
use crate::game::setup::{NewGame, MAX_NAME};
use crate::game::view::Summary;
use crate::hub::{GameNews, Hub};
use crate::ids::{CompetitionId, GameId, PersonId};
use crate::store::{CompetitionGame, Store};
use crate::wire::http::competitions::Ask;

/// How long the grace task sleeps when no deadline is pending: it is
/// woken when games are made, so this only bounds how late a row written
/// by another server is seen.
const IDLE: Duration = Duration::from_secs(30);

/// The rules every game of a competition is played by (the federation's
/// rules, as the new-game form's default).
const PROFILE: &str = "lnf-2017";

/// Whether a competition of `setup`, created now, can be played on this
/// server: its match format one a game here plays (at most nine sets), its
/// stroke clock one a game here has, and its first round's set time, if
/// it has one, not yet past (a minute's leeway for a slow form); a
/// competition on tables always can.
pub fn check_setup(setup: &novuss_club::Setup) -> Result<(), Failure> {
    let Play::Online {
        stroke_clock,
        next_round,
        ..
    } = setup.play
    else {
        return Ok(());
    };
    if let Some(first) = next_round.due_ms(1) {
        if first < now_ms() - 60_000 {
            return Err(Failure::new(
                Code::BadSetup,
                "the first round's time has passed: a competition's rounds are set from now on",
            ));
        }
    }
    crate::game::setup::check_match_format(setup.format)
        .map_err(|e| Failure::new(Code::BadSetup, e.to_string()))?;
    if let Some(c) = stroke_clock {
        if !crate::game::setup::STROKE_CLOCKS.contains(&c) {
            return Err(Failure::new(
                Code::BadSetup,
                crate::game::setup::SetupError::StrokeClock(c).to_string(),
            ));
        }
    }
    Ok(())
}

/// A board's game as `GET /api/competitions/{id}/games` lists it
/// (docs/protocol.md, "Competitions played on this server").
#[derive(Clone, Debug, serde::Serialize)]
pub struct BoardGame {
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1.
    pub board: u32,
    /// The game, played or watched at `/#game={id}`.
    pub game: GameId,
    /// The people holding the first seat (breaks first) and the second.
    pub people: [PersonId; 2],
    /// Who has not opened the game by then (ms since 1970) loses by
    /// forfeit.
    pub deadline_ms: i64,
    /// Whether each side opened it in time.
    pub here: [bool; 2],
    /// Whether the board's result is taken.
    pub settled: bool,
}

impl From<CompetitionGame> for BoardGame {
    fn from(g: CompetitionGame) -> BoardGame {
        BoardGame {
            round: g.round,
            board: g.board,
            game: g.game,
            people: g.people,
            deadline_ms: g.deadline_ms,
            here: g.here,
            settled: g.settled,
        }
    }
}

/// Competitions played on this server: their games made, their results
/// taken, their forfeits and next rounds.
pub struct Online {
    hub: Arc<Hub>,
    desk: Arc<Desk>,
    /// Woken when games are made, so the grace task reads the new
    /// deadlines, and when a competition is created, so it reads its
    /// rounds' times.
    wake: Arc<Notify>,
    /// The scheduled rounds this server has tried to pair when their time
    /// came: each is tried once by the clock (a round that cannot be
    /// paired then is the desk's; one whose round before is still played
    /// is paired when that round's last game ends).
    tried: Mutex<HashSet<(CompetitionId, u32)>>,
}

impl Online {
    /// Starts listening to `hub`'s games and watching the graces; on
    /// start, what was left when the server last stopped is taken up
    /// (games not yet made, results not yet taken, deadlines passed).
    /// The tasks end with the returned value.
    pub fn start(hub: Arc<Hub>, desk: Arc<Desk>) -> Arc<Online> {
        let online = Arc::new(Online {
            hub,
            desk,
            wake: Arc::new(Notify::new()),
            tried: Mutex::new(HashSet::new()),
        });
        tokio::spawn(listen(Arc::downgrade(&online), online.hub.game_news()));
        tokio::spawn(graces(Arc::downgrade(&online), online.wake.clone()));
        online
    }

    fn store(&self) -> &Store {
        self.hub.store()
    }

    /// A competition was created here: its rounds' times, if it has
    /// them, are read now rather than at the next idle look.
    pub fn created(&self, held: &Held) {
        if held.view.competition.setup().play.online() {
            self.wake.notify_one();
        }
    }

    /// After a change made at the desk of competition `held`: a round
    /// paired gets its games; a result (a forfeit recorded, a result
    /// corrected) may complete the round.
    pub async fn after_desk_change(&self, held: &Held, ask: &Ask) {
        if !held.view.competition.setup().play.online() {
            return;
        }
        let id = &held.view.id;
        match ask {
            Ask::PairNext { .. } => self.ensure_games(id).await,
            Ask::Result { round, board, .. } => {
                // The desk decided the board: its game, if still played,
                // is called off, and nobody takes its result again.
                if let Ok(games) = self.store().competition_games(id).await {
                    if let Some(g) = games
                        .iter()
                        .find(|g| g.round == *round && g.board == *board && !g.settled)
                    {
                        if let Ok(true) = self.store().settle_competition_game(&g.game).await {
                            self.call_off(&g.game).await;
                        }
                    }
                }
                self.go_on(id).await;
            }
            _ => {}
        }
    }

    /// Whether the desk may make `ask` in competition `held` as played on
    /// this server: a score for a board whose game is still being played
    /// is refused (the game gives it; a forfeit may be recorded), and so
    /// is taking back a round whose games are made.
    pub async fn check_desk_change(&self, held: &Held, ask: &Ask) -> Result<(), Failure> {
        if !held.view.competition.setup().play.online() {
            return Ok(());
        }
        match *ask {
            Ask::Result {
                round,
                board,
                outcome: Outcome::Sets { .. },
            } => {
                let games = self.store().competition_games(&held.view.id).await?;
                let Some(g) = games.iter().find(|g| g.round == round && g.board == board) else {
                    return Ok(());
                };
                let over = self.store().game(&g.game).await?.is_none_or(|r| r.over);
                if !over && !g.settled {
                    return Err(Failure::of_competition(novuss_club::Refusal::GameRunning {
                        round,
                        board,
                    }));
                }
                Ok(())
            }
            Ask::Unpair { round } => {
                let games = self.store().competition_games(&held.view.id).await?;
                if let Some(g) = games.iter().find(|g| g.round == round) {
                    return Err(Failure::of_competition(novuss_club::Refusal::GameRunning {
                        round,
                        board: g.board,
                    }));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Makes the games of competition `id`'s last round that are not yet
    /// made: a row written first for each board (only one server writes
    /// it), then the game with that row's id.
    pub async fn ensure_games(&self, id: &CompetitionId) {
        if let Err(f) = self.try_ensure_games(id).await {
            tracing::warn!(competition = %id, "its games could not all be made: {}", f.detail);
        }
        self.wake.notify_one();
        // The pairing was pushed before its games were made: the pages
        // read the games again (another server's followers read them when
        // they next hear of the competition).
        self.desk.nudge(id);
    }

    async fn try_ensure_games(&self, id: &CompetitionId) -> Result<(), Failure> {
        let held = self.desk.view(id).await?;
        let competition = &held.view.competition;
        let Play::Online { grace_secs, .. } = competition.setup().play else {
            return Ok(());
        };
        let Some(round) = competition.rounds().last() else {
            return Ok(());
        };
        let made = self.store().competition_games(id).await?;
        for (k, b) in round.boards.iter().enumerate() {
            let board = k as u32 + 1;
            if let Some(g) = made
                .iter()
                .find(|g| g.round == round.number && g.board == board)
            {
                // Its row was written and the server stopped before the
                // game was made: made now, with a fresh grace from now
                // (stored first, so a restart keeps it), by the one
                // server whose update moved the deadline. The players
                // could not open a game that was not there: the old
                // deadline would forfeit them as it appears.
                if !g.settled && self.store().game(&g.game).await?.is_none() {
                    let fresh = CompetitionGame {
                        deadline_ms: now_ms() + i64::from(grace_secs) * 1000,
                        ..g.clone()
                    };
                    if self
                        .store()
                        .fresh_competition_grace(&g.game, g.deadline_ms, fresh.deadline_ms)
                        .await?
                    {
                        tracing::info!(competition = %id, round = g.round, board = g.board, game = %g.game, "a board's game made late, with a fresh grace");
                        self.make_game(&held, &fresh).await?;
                    }
                }
                continue;
            }
            // Decided by the pairing itself (a withdrawn entrant's match):
            // nothing to play.
            if b.outcome.is_some() {
                continue;
            }
            let person = |e| {
                competition
                    .entrants()
                    .get((e - 1) as usize)
                    .and_then(|l| l.entry.person.as_deref())
                    .and_then(PersonId::parse)
                    .ok_or_else(|| {
                        Failure::new(
                            Code::Damaged,
                            format!("entrant {e} of an online competition is nobody's"),
                        )
                    })
            };
            let now = now_ms();
            let g = CompetitionGame {
                competition: id.clone(),
                round: round.number,
                board,
                game: GameId::random(),
                people: [person(b.paired.first.0)?, person(b.paired.second.0)?],
                created_ms: now,
                deadline_ms: now + i64::from(grace_secs) * 1000,
                here: [false, false],
                settled: false,
            };
            if self.store().reserve_competition_game(&g).await? {
                self.make_game(&held, &g).await?;
            }
        }
        Ok(())
    }

    /// Makes board `g`'s game: the competition's match format and stroke
    /// clock, the two entrants' names, their persons holding the seats;
    /// listed for everyone to watch, unrated (the competition's results
    /// are its own), without take-backs.
    async fn make_game(&self, held: &Held, g: &CompetitionGame) -> Result<(), Failure> {
        let competition = &held.view.competition;
        let setup = competition.setup();
        let Play::Online { stroke_clock, .. } = setup.play else {
            return Ok(());
        };
        let round = &competition.rounds()[(g.round - 1) as usize];
        let b = &round.boards[(g.board - 1) as usize];
        // A forgotten person's entry has no name left: their seat is
        // shown by their person, as "Deleted player".
        let name = |e: u32| -> Option<String> {
            let n = &competition.entrants()[(e - 1) as usize].entry.name;
            let n = n.chars().take(MAX_NAME).collect::<String>();
            Some(n.trim().to_owned()).filter(|n| !n.is_empty())
        };
        let new: NewGame = serde_json::from_value(serde_json::json!({
            "format": "singles",
            "profile": PROFILE,
            "match_format": setup.format,
            "players": [
                {"kind": "human", "name": name(b.paired.first.0)},
                {"kind": "human", "name": name(b.paired.second.0)},
            ],
            "casual": false,
            "public": true,
            "stroke_clock": stroke_clock,
        }))
        .map_err(|e| Failure::internal("a competition's game could not be set up", &e))?;
        self.hub.create_for(g.game.clone(), &new, &g.people).await?;
        tracing::info!(competition = %g.competition, round = g.round, board = g.board, game = %g.game, "competition game made");
        Ok(())
    }

    /// Game `game` ended: if it is a competition's board whose result is
    /// not yet taken, its result is taken.
    async fn game_over(&self, game: &GameId) -> Result<(), Failure> {
        let Some(g) = self.store().competition_game_of(game).await? else {
            return Ok(());
        };
        if g.settled {
            return Ok(());
        }
        let Some(row) = self.store().game(game).await? else {
            return Ok(());
        };
        if !row.over {
            return Ok(());
        }
        let summary: Summary = serde_json::from_str(&row.summary)
            .map_err(|e| Failure::logged(Code::Damaged, "a game's summary cannot be read", &e))?;
        let held = self.desk.view(&g.competition).await?;
        let Some(outcome) = outcome_of(&summary, held.view.competition.setup().format) else {
            // Called off without a result (abandoned): the organiser
            // records what happened from the desk.
            tracing::warn!(competition = %g.competition, game = %game, "a competition game ended without a result");
            return Ok(());
        };
        if !self.store().settle_competition_game(game).await? {
            return Ok(()); // another server took it
        }
        self.record(&g, outcome).await;
        Ok(())
    }

    /// Stores `outcome` as board `g`'s result, made by the server, then
    /// goes on to the next round if it completed this one.
    async fn record(&self, g: &CompetitionGame, outcome: Outcome) {
        let ask = Ask::Result {
            round: g.round,
            board: g.board,
            outcome,
        };
        match self.desk.make(&g.competition, &server(), &ask, None).await {
            Ok(_) => {
                tracing::info!(competition = %g.competition, round = g.round, board = g.board, ?outcome, "competition game's result taken");
                self.go_on(&g.competition).await;
            }
            Err(f) => {
                tracing::error!(competition = %g.competition, round = g.round, board = g.board, "a game's result could not be stored: {}", f.detail);
            }
        }
    }

    /// Pairs competition `id`'s next round, and makes its games, while
    /// its last round is complete, rounds remain and the competition goes
    /// on by itself: after the last game (from round 2), or at the
    /// rounds' set times once the next one's has come (round 1 too). A
    /// round wholly decided by its pairing is complete at once, and the
    /// next one follows. A finished competition is no longer looked for.
    async fn go_on(&self, id: &CompetitionId) {
        for _ in 0..novuss_club::competition::MAX_SWISS_ROUNDS + 1 {
            let Ok(held) = self.desk.view(id).await else {
                return;
            };
            let c = &held.view.competition;
            let Play::Online { next_round, .. } = c.setup().play else {
                return;
            };
            if c.finished() {
                if let Err(e) = self.store().close_online_competition(id).await {
                    tracing::warn!(competition = %id, "not marked finished: {e}");
                }
                return;
            }
            let paired = c.rounds().len() as u32;
            if c.rounds().last().is_some_and(|r| !r.complete())
                || (paired > 0 && paired >= c.round_count())
            {
                return;
            }
            let next = paired + 1;
            let due = match next_round {
                NextRound::AfterLastGame => paired > 0,
                NextRound::ByOrganiser => false,
                NextRound::Scheduled { .. } => {
                    next_round.due_ms(next).is_some_and(|at| at <= now_ms())
                }
            };
            if !due {
                return;
            }
            let ask = Ask::PairNext { round: next };
            match self.desk.make(id, &server(), &ask, None).await {
                Ok(_) => {
                    tracing::info!(competition = %id, round = next, "next round paired");
                    self.ensure_games(id).await;
                }
                Err(f) => {
                    // Paired meanwhile by another server, or no pairing
                    // keeps the rules (fewer than two entrants at round
                    // 1's time): the organiser's desk then pairs.
                    tracing::warn!(competition = %id, round = next, "the next round was not paired: {}", f.detail);
                    return;
                }
            }
        }
    }

    /// Pairs the scheduled rounds whose time has come (each tried once by
    /// the clock on this server); returns the next round's time still to
    /// come (ms since 1970).
    async fn scheduled(&self) -> Result<Option<i64>, Failure> {
        let now = now_ms();
        let mut next: Option<i64> = None;
        for listed in self.store().open_online_competitions().await? {
            let Play::Online { next_round, .. } = listed.setup.play else {
                continue;
            };
            if !matches!(next_round, NextRound::Scheduled { .. }) {
                continue;
            }
            // One competition that cannot be read (its changes damaged)
            // holds up no other's rounds.
            let held = match self.desk.view(&listed.id).await {
                Ok(held) => held,
                Err(f) => {
                    tracing::warn!(competition = %listed.id, "its rounds' times cannot be read: {}", f.detail);
                    continue;
                }
            };
            let round = held.view.competition.rounds().len() as u32 + 1;
            let Some(at) = next_round.due_ms(round) else {
                continue;
            };
            if at > now {
                next = Some(next.map_or(at, |n| n.min(at)));
                continue;
            }
            let first_try = self
                .tried
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert((listed.id.clone(), round));
            if first_try {
                self.go_on(&listed.id).await;
            }
        }
        Ok(next)
    }

    /// `person` opened game `game`: if it is their competition game and
    /// its grace runs, they came.
    async fn arrived(&self, game: &GameId, person: &PersonId) -> Result<(), Failure> {
        // Read first: most games are no competition's, and a read costs
        // the writer nothing.
        let Some(g) = self.store().competition_game_of(game).await? else {
            return Ok(());
        };
        let side = g.people.iter().position(|p| p == person);
        let due = g.settled || now_ms() > g.deadline_ms;
        if side.is_none_or(|s| g.here[s]) || due {
            return Ok(());
        }
        self.store()
            .competition_player_here(game, person, now_ms())
            .await?;
        Ok(())
    }

    /// Forfeits every board whose grace ran out with a player absent;
    /// returns the next deadline still to come (ms since 1970).
    async fn forfeits(&self) -> Result<Option<i64>, Failure> {
        let now = now_ms();
        let mut next: Option<i64> = None;
        for g in self.store().unsettled_competition_games().await? {
            if g.here == [true, true] {
                continue;
            }
            if g.deadline_ms > now {
                next = Some(next.map_or(g.deadline_ms, |n| n.min(g.deadline_ms)));
                continue;
            }
            // Over already (a player came and the match was played out
            // quickly, or resigned): its result, not a forfeit.
            match self.store().game(&g.game).await? {
                Some(row) if row.over => {
                    self.game_over(&g.game).await?;
                    continue;
                }
                None => {
                    // Its row is written and the game not yet made (the
                    // server stopped between the two): made now, with a
                    // fresh grace, which the next look reads.
                    self.ensure_games(&g.competition).await;
                    continue;
                }
                Some(_) => {}
            }
            let outcome = match g.here {
                [true, false] => Outcome::Forfeit {
                    winner: Side::First,
                },
                [false, true] => Outcome::Forfeit {
                    winner: Side::Second,
                },
                _ => Outcome::BothAbsent,
            };
            // Only if the stored deadline has passed: another server may
            // have made the game late, with a fresh grace, since the row
            // was read.
            if !self.store().forfeit_competition_game(&g.game, now).await? {
                continue;
            }
            tracing::info!(competition = %g.competition, round = g.round, board = g.board, ?outcome, "a player did not come within the grace");
            self.call_off(&g.game).await;
            self.record(&g, outcome).await;
        }
        Ok(next)
    }

    /// Calls game `game` off (its board is decided without it).
    async fn call_off(&self, game: &GameId) {
        match self.hub.call_off(game).await {
            Ok(()) => {}
            Err(f) if f.code == Code::MatchOver => {}
            Err(f) => tracing::warn!(%game, "a forfeited game was not called off: {}", f.detail),
        }
    }

    /// On start: the games of open online competitions' last rounds made,
    /// the games that ended unheard taken, the next rounds paired.
    async fn recover(&self) -> Result<(), Failure> {
        for g in self.store().unsettled_competition_games().await? {
            if self.store().game(&g.game).await?.is_some_and(|r| r.over) {
                self.game_over(&g.game).await?;
            }
        }
        for c in self.store().open_online_competitions().await? {
            self.ensure_games(&c.id).await;
            self.go_on(&c.id).await;
        }
        Ok(())
    }
}

/// Hears the games that end and the seats opened on this server.
async fn listen(online: Weak<Online>, mut news: broadcast::Receiver<GameNews>) {
    loop {
        let heard = news.recv().await;
        let Some(online) = online.upgrade() else {
            return;
        };
        let done = match heard {
            Ok(GameNews::Over(game)) => online.game_over(&game).await,
            Ok(GameNews::Arrived(game, person)) => online.arrived(&game, &person).await,
            // Some news was missed: what ended is read from the store.
            Err(broadcast::error::RecvError::Lagged(_)) => online.recover().await,
            Err(broadcast::error::RecvError::Closed) => return,
        };
        if let Err(f) = done {
            tracing::warn!("a competition game's news was not taken: {}", f.detail);
        }
    }
}

/// Watches the graces and the rounds' times: sleeps until the next
/// deadline or round (or until games are made, or a competition created),
/// then forfeits whoever did not come and pairs the rounds due.
async fn graces(online: Weak<Online>, wake: Arc<Notify>) {
    if let Some(o) = online.upgrade() {
        if let Err(f) = o.recover().await {
            tracing::warn!(
                "the competitions' games could not be taken up: {}",
                f.detail
            );
        }
    }
    loop {
        let notified = wake.notified();
        let Some(o) = online.upgrade() else {
            return;
        };
        let deadline = match o.forfeits().await {
            Ok(at) => at,
            Err(f) => {
                tracing::warn!("the competitions' graces could not be read: {}", f.detail);
                None
            }
        };
        let due = match o.scheduled().await {
            Ok(at) => at,
            Err(f) => {
                tracing::warn!("the competitions' rounds could not be read: {}", f.detail);
                None
            }
        };
        let wait = match deadline.into_iter().chain(due).min() {
            Some(at) => {
                Duration::from_millis((at - now_ms()).clamp(0, IDLE.as_millis() as i64) as u64)
            }
            None => IDLE,
        };
        drop(o);
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = notified => {}
        }
    }
}

/// A finished game's match as a board's result: the sets as played when
/// the match ended by its format (a win, or a draw of a format that has
/// them); when it ended otherwise (a resignation, a claim against an
/// absent player), the winner is given the sets the format needs for
/// them to have won, as if the rest were played and lost by the other
/// side, or, where no score says that (six sets and the loser had 3), a
/// win without play. `None` for a game called off without a result.
fn outcome_of(summary: &Summary, format: MatchFormat) -> Option<Outcome> {
    if summary.aborted || summary.abandoned {
        return None;
    }
    let (a, b) = (
        *summary.score.first().unwrap_or(&0),
        *summary.score.get(1).unwrap_or(&0),
    );
    if summary.drawn {
        return Some(Outcome::Sets {
            first: a,
            second: b,
        });
    }
    let first_won = summary.winner?.index() == 0;
    let want = if first_won {
        MatchResult::First
    } else {
        MatchResult::Second
    };
    if format.check((a, b)) == Ok(want) {
        return Some(Outcome::Sets {
            first: a,
            second: b,
        });
    }
    let (mut won, lost) = if first_won { (a, b) } else { (b, a) };
    while won < novuss_core::play::match_format::MAX_SETS {
        won += 1;
        let score = if first_won { (won, lost) } else { (lost, won) };
        match format.standing(score) {
            Ok(None) => continue,
            Ok(Some(r)) if r == want => {
                return Some(Outcome::Sets {
                    first: score.0,
                    second: score.1,
                })
            }
            _ => break,
        }
    }
    Some(Outcome::Forfeit {
        winner: if first_won { Side::First } else { Side::Second },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(score: [u32; 2], winner: Option<usize>, drawn: bool) -> Summary {
        Summary {
            score: score.to_vec(),
            set_number: score[0] + score[1],
            strokes: 10,
            winner: winner.map(novuss_core::ContenderId),
            aborted: false,
            drawn,
            abandoned: false,
        }
    }

    #[test]
    fn a_match_played_out_is_its_score() {
        let six = MatchFormat::Sets(6);
        assert_eq!(
            outcome_of(&summary([4, 2], Some(0), false), six),
            Some(Outcome::Sets {
                first: 4,
                second: 2
            })
        );
        assert_eq!(
            outcome_of(&summary([3, 3], None, true), six),
            Some(Outcome::Sets {
                first: 3,
                second: 3
            })
        );
        assert_eq!(
            outcome_of(&summary([0, 1], Some(1), false), MatchFormat::BestOf(1)),
            Some(Outcome::Sets {
                first: 0,
                second: 1
            })
        );
    }

    #[test]
    fn a_resignation_gives_the_winner_the_sets_they_needed() {
        // Resigned at 1:2 in a best of five: the winner (second) needs 3.
        assert_eq!(
            outcome_of(&summary([1, 2], Some(1), false), MatchFormat::BestOf(5)),
            Some(Outcome::Sets {
                first: 1,
                second: 3
            })
        );
        // Resigned at 0:3 in six sets, by the leader: 4:3 is no result of
        // six sets, 3:3 is a draw: a win without play.
        assert_eq!(
            outcome_of(&summary([0, 3], Some(0), false), MatchFormat::Sets(6)),
            Some(Outcome::Forfeit {
                winner: Side::First
            })
        );
        let mut off = summary([1, 0], None, false);
        off.abandoned = true;
        assert_eq!(outcome_of(&off, MatchFormat::BestOf(3)), None);
    }
}

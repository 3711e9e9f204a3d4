//! A player's competitions (issue 32: "a player's page shows their
//! competition results beside their online games"; docs/competitions.md,
//! "On a player's page"): the competitions a person with an account is
//! entered in, found by the store's index (`store/entrants.rs`), each read
//! as it stands from the desk that holds competitions in memory, and the
//! person's part in it worked out from that: place, match points, wins,
//! draws and losses, how far the competition has gone.
//!
//! The work is bounded: at most [`LISTED`] competitions, each one view of
//! the desk (held, or read once and then held) and one pass over its
//! entrants, boards and standings.

use novuss_club::competition::Outcome;
use novuss_club::{Competition, Entrant, Side};

use crate::competitions::Desk;
use crate::error::{Code, Failure};
use crate::ids::PersonId;
use crate::store::Store;
use crate::wire::http::competitions::CompetitionView;
use crate::wire::http::player_competitions::{
    CompetitionStatus, EnteredCompetition, PlayerCompetitions,
};

/// Competitions listed on a player's page at most, the newest: as many as
/// the games beside them (`net::ratings::PLAYER_GAMES`).
pub const LISTED: u32 = 50;

/// The competitions `person` is entered in, newest first, with their part
/// in each. A competition that cannot be read (its stored changes
/// damaged) is left out and logged, so one bad competition does not hide
/// the rest.
pub async fn entered(
    desk: &Desk,
    store: &Store,
    person: &PersonId,
) -> Result<PlayerCompetitions, Failure> {
    let mut ids = store.competitions_of(person, LISTED + 1).await?;
    let more = ids.len() > LISTED as usize;
    ids.truncate(LISTED as usize);
    let mut competitions = Vec::with_capacity(ids.len());
    for id in ids {
        let held = match desk.view(&id).await {
            Ok(held) => held,
            Err(f) if matches!(f.code, Code::Damaged | Code::UnknownCompetition) => {
                tracing::warn!(competition = %id, person = %person, "left off a player's page: {}", f.detail);
                continue;
            }
            Err(f) => return Err(f),
        };
        match part_of(&held.view, person) {
            Some(part) => competitions.push(part),
            // The index says they entered; the competition does not list
            // them (it cannot happen while entries are only added).
            None => {
                tracing::warn!(competition = %id, person = %person, "indexed, but not an entrant");
            }
        }
    }
    Ok(PlayerCompetitions { competitions, more })
}

/// `person`'s part in the competition `view`, if they are entered in it
/// (their first entry, should they have two).
pub fn part_of(view: &CompetitionView, person: &PersonId) -> Option<EnteredCompetition> {
    let c = &view.competition;
    let listed = c
        .entrants()
        .iter()
        .find(|l| l.entry.person.as_deref() == Some(person.as_str()))?;
    let entrant = listed.entrant;
    let standing = view
        .standings
        .as_ref()
        .and_then(|s| s.rows.iter().find(|r| r.entrant == entrant));
    let (wins, draws, losses) = record(c, entrant);
    let setup = c.setup();
    Some(EnteredCompetition {
        id: view.id.clone(),
        name: setup.name.clone(),
        club: setup.club.clone(),
        starts: setup.starts,
        ends: setup.ends,
        created: view.created,
        system: setup.system,
        online: setup.play.online(),
        status: status(view),
        entrant,
        withdrawn_from: listed.withdrawn_from,
        place: standing.map(|s| s.place.clone()),
        entrants: c.entrants().len() as u32,
        points: standing.map_or(0, |s| s.points),
        wins,
        draws,
        losses,
    })
}

/// How far the competition has gone.
fn status(view: &CompetitionView) -> CompetitionStatus {
    let rounds = view.round_count;
    if view.finished {
        return CompetitionStatus::Finished { rounds };
    }
    match view.competition.rounds().last() {
        None => CompetitionStatus::EntriesOpen,
        Some(last) => CompetitionStatus::Round {
            round: last.number,
            rounds,
        },
    }
}

/// `entrant`'s wins, draws and losses over the boards whose results are
/// in: sets won against sets lost, a forfeit for the side that came, both
/// absent a loss for both (as the standings count it).
fn record(c: &Competition, entrant: Entrant) -> (u32, u32, u32) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for board in c.rounds().iter().flat_map(|r| &r.boards) {
        let side = if board.paired.first == entrant {
            Side::First
        } else if board.paired.second == entrant {
            Side::Second
        } else {
            continue;
        };
        let Some(outcome) = board.outcome else {
            continue;
        };
        let won = match outcome {
            // A team match's board points compare as a match's sets.
            Outcome::Sets { first, second } | Outcome::Team { first, second } => {
                let (mine, theirs) = match side {
                    Side::First => (first, second),
                    Side::Second => (second, first),
                };
                mine.cmp(&theirs)
            }
            Outcome::Decided { winner: None } => std::cmp::Ordering::Equal,
            Outcome::Decided { winner: Some(w) } | Outcome::Forfeit { winner: w } if w == side => {
                std::cmp::Ordering::Greater
            }
            Outcome::Decided { .. } => std::cmp::Ordering::Less,
            Outcome::Forfeit { .. } | Outcome::BothAbsent => std::cmp::Ordering::Less,
        };
        match won {
            std::cmp::Ordering::Greater => wins += 1,
            std::cmp::Ordering::Equal => draws += 1,
            std::cmp::Ordering::Less => losses += 1,
        }
    }
    (wins, draws, losses)
}

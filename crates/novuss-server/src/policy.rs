//! Who may do what in a game: the one place that answers it
//! (docs/architecture.md, "Who may do what"; docs/protocol.md, "Seats").
//!
//! Three questions are kept apart:
//! - **who is asking**, relative to what they ask about ([`Actor`]: the
//!   holder of the seat in question, another player of the game, a
//!   watcher, a stranger, or the computer);
//! - **what they ask** ([`Action`]);
//! - **the game they ask it of** ([`Situation`]: casual or rated, between
//!   people or against the computer, seats still open, the set and the
//!   match running or over).
//!
//! [`decide`] answers a request: `Ok`, or the refusal with its stable
//! code. Every route and WebSocket request about a game asks it before the
//! room checks the request against the game (a stale event number, a
//! stroke out of turn, a rule of the referee): those are the game's rules,
//! not a question of who may. [`may`] asks the same function for every
//! action and every actor of a game as it stands, and adds what the moment
//! allows; the result travels in the state to each page, which shows a
//! control only when its holder may use it, and keeps no copy of these
//! rules.
//!
//! The rules themselves, in words:
//! - a person's seat is its holder's alone: only they stroke for it,
//!   resign it, call the game off from it, claim from it or make offers
//!   from it; a computer's seat is nobody's;
//! - any player of the game starts the next set and asks for new
//!   invitation links;
//! - taking back at once, hints and, while the match is played, analyses
//!   are for a game whose every person's seat is one person's (against the
//!   computer, or hot-seat at one screen): between people at different
//!   screens a take-back needs the opponent's consent (an offer) and a
//!   hint or an analysis would be help from outside the table;
//! - strokes are taken back only in casual games, and between people only
//!   in casual unrated ones;
//! - between people the aiming tool is the stroking player's own aid, as a
//!   ruler at the table would be; against the computer anyone may use it;
//! - the players write in the players' chat room, everyone else with an
//!   identity in the watchers' room; only the game's creator changes the
//!   chat's settings;
//! - a challenge of the lobby is its creator's alone: only they withdraw
//!   it, and only while a seat waits for whoever accepts it;
//! - a competition is its organiser's and the arbiters' they name: only
//!   they change it ([`may_change_competition`]), and only the organiser
//!   names arbiters ([`may_name_arbiters`]); everyone may read and
//!   follow it; a table's link records its own board's match of the round
//!   being played, for its players, and nothing else
//!   ([`may_record_at_table`]);
//!   a series likewise ([`may_change_series`]);
//! - the site is its administrators' to moderate, and theirs alone
//!   ([`may_moderate`]): they are named from the command line, never
//!   through the site; a person they muted writes no chat line
//!   ([`may_chat`]), one they banned plays no rated game and uses no
//!   lobby ([`may_play_rated`]), and a closed account signs in no more
//!   ([`may_sign_in`]);
//! - a person may block another: then neither's challenge, invitation or
//!   chat line reaches the other ([`may_meet`]).

use novuss_core::PlayerId;
use serde::Serialize;

use crate::error::{Code, Failure};
use crate::ids::PersonId;
use crate::offers::OfferKind;
use crate::people::seats::{Holder, Seats};
use crate::wire::chat::Room as ChatRoom;

/// Who asks, relative to the seat their request is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Holds the seat in question; for a request about the whole game
    /// (the next set, a hint), holds any seat of it.
    Holder,
    /// Holds a seat of the game, but not the one in question.
    OtherPlayer,
    /// A person (with an identity) who holds no seat: a spectator.
    Watcher,
    /// Nobody the server knows: no identity.
    Stranger,
    /// The computer, for its own seat.
    Computer,
}

/// What the seat in question is, when a request is about one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// A person's (held, waiting for an invited person, or unclaimed).
    Person,
    /// The computer's.
    Computer,
    /// No seat is in question, or no player sits there.
    None,
}

/// Who asks: their role, what the seat in question is, and whether they
/// created the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Actor {
    /// Their role.
    pub role: Role,
    /// The seat in question.
    pub seat: SeatKind,
    /// Whether they created the game (its chat's settings are theirs).
    pub creator: bool,
}

impl Actor {
    /// `who`, asking about `player`'s seat (`None`: about the whole game,
    /// or a seat nobody plays from).
    pub fn toward(seats: &Seats, who: Option<&PersonId>, player: Option<PlayerId>) -> Actor {
        let holder = player.and_then(|p| seats.holder(p));
        let role = match (who, holder) {
            (Some(p), Some(Holder::Person(h))) if p == h => Role::Holder,
            (who, _) if seats.is_player(who) => {
                if holder.is_some() {
                    Role::OtherPlayer
                } else {
                    Role::Holder
                }
            }
            (Some(_), _) => Role::Watcher,
            (None, _) => Role::Stranger,
        };
        let seat = match holder {
            Some(Holder::Computer) => SeatKind::Computer,
            Some(_) => SeatKind::Person,
            None => SeatKind::None,
        };
        Actor {
            role,
            seat,
            creator: false,
        }
    }

    /// `who`, answering an offer made by `offerer`: a holder of a seat on
    /// the other side is the one asked ([`Role::Holder`]); a player of the
    /// offerer's side only is [`Role::OtherPlayer`].
    pub fn answering(
        seats: &Seats,
        who: Option<&PersonId>,
        other_side: impl IntoIterator<Item = PlayerId>,
    ) -> Actor {
        let answers = other_side.into_iter().any(
            |p| matches!((seats.holder(p), who), (Some(Holder::Person(h)), Some(me)) if h == me),
        );
        let role = match who {
            _ if answers => Role::Holder,
            who if seats.is_player(who) => Role::OtherPlayer,
            Some(_) => Role::Watcher,
            None => Role::Stranger,
        };
        Actor {
            role,
            seat: SeatKind::Person,
            creator: false,
        }
    }

    /// The same person, as the game's creator or not.
    pub fn created(mut self, creator: bool) -> Actor {
        self.creator = creator;
        self
    }

    /// The holder of `player`'s seat (for what each seat may do).
    fn holder_of(kind: SeatKind) -> Actor {
        Actor {
            role: Role::Holder,
            seat: kind,
            creator: false,
        }
    }

    /// A person holding no seat.
    fn watcher() -> Actor {
        Actor {
            role: Role::Watcher,
            seat: SeatKind::None,
            creator: false,
        }
    }

    fn plays(&self) -> bool {
        matches!(self.role, Role::Holder | Role::OtherPlayer)
    }
}

/// What is asked of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play a stroke for a seat.
    Stroke,
    /// Use the aiming tool for the seat to play.
    Aim,
    /// Take back the last stroke at once.
    TakeBack,
    /// Resign the match from a seat.
    Resign,
    /// Call the match off from a seat.
    Abort,
    /// Claim the set or match of an absent opponent, from a seat.
    Claim,
    /// Start the next set.
    NextSet,
    /// Offer something to the other side, from a seat.
    Offer(OfferKind),
    /// Answer the other side's offer.
    Answer(OfferKind),
    /// Write a line in a chat room (none named: the writer's own).
    Chat(Option<ChatRoom>),
    /// Allow or forbid free text in the chat.
    ChatSettings,
    /// Ask the computer for a hint.
    Hint,
    /// Analyse the game's strokes.
    Analysis,
    /// New invitation links for the seats still open.
    NewLinks,
    /// Withdraw an open challenge of the lobby (its game is called off):
    /// not a control of the game's page, so not in [`Action::SHOWN`].
    Withdraw,
}

impl Action {
    /// Every action a page may be offered, in the order capabilities list
    /// them.
    pub const SHOWN: [Action; 16] = [
        Action::Stroke,
        Action::Aim,
        Action::TakeBack,
        Action::Resign,
        Action::Abort,
        Action::Claim,
        Action::NextSet,
        Action::Offer(OfferKind::TakeBack),
        Action::Offer(OfferKind::Rematch),
        Action::Answer(OfferKind::TakeBack),
        Action::Answer(OfferKind::Rematch),
        Action::Chat(None),
        Action::ChatSettings,
        Action::Hint,
        Action::Analysis,
        Action::NewLinks,
    ];

    /// Its name in capabilities (docs/protocol.md, "What a client may
    /// do").
    pub fn name(self) -> &'static str {
        match self {
            Action::Stroke => "stroke",
            Action::Aim => "aim",
            Action::TakeBack => "take_back",
            Action::Resign => "resign",
            Action::Abort => "abort",
            Action::Claim => "claim",
            Action::NextSet => "next_set",
            Action::Offer(OfferKind::TakeBack) => "offer_take_back",
            Action::Offer(OfferKind::Rematch) => "offer_rematch",
            Action::Answer(OfferKind::TakeBack) => "answer_take_back",
            Action::Answer(OfferKind::Rematch) => "answer_rematch",
            Action::Chat(_) => "chat",
            Action::ChatSettings => "chat_settings",
            Action::Hint => "hint",
            Action::Analysis => "analysis",
            Action::NewLinks => "new_links",
            Action::Withdraw => "withdraw",
        }
    }
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A game as the policy sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    /// Whether strokes may be taken back (set when the game was made).
    pub casual: bool,
    /// Whether the match moves its players' ratings.
    pub rated: bool,
    /// Whether people at more than one screen play: a second person holds
    /// a seat, or a seat waits for one.
    pub between_people: bool,
    /// Whether a seat waits for its invited person.
    pub seats_open: bool,
    /// Whether the match is over (won, resigned, called off, claimed).
    pub match_over: bool,
    /// Whether nobody touched the game for the abandonment period.
    pub abandoned: bool,
    /// What only matters for [`may`]: the moment.
    pub now: Moment,
}

/// What the moment allows, beyond who may: used for capabilities only,
/// since a request is checked against the game itself by the room.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moment {
    /// Per player: what their seat is.
    pub seats: Vec<SeatKind>,
    /// Per player: the contender (side) they play for.
    pub sides: Vec<usize>,
    /// The player to stroke, while a set is played.
    pub to_play: Option<PlayerId>,
    /// Whether a set is over and the next one not started.
    pub between_sets: bool,
    /// Whether a person's stroke may be taken back at once.
    pub take_back: bool,
    /// The player whose own stroke is the last thing that happened.
    pub last_stroke_by: Option<PlayerId>,
    /// Whether the match may still be called off.
    pub abortable: bool,
    /// The offer waiting for an answer: what, and who made it.
    pub offer: Option<(OfferKind, PlayerId)>,
    /// Whether a rematch was made or declined already.
    pub rematch_settled: bool,
}

fn refuse(code: Code, why: impl Into<String>) -> Result<(), Failure> {
    Err(Failure::new(code, why))
}

fn not_a_player() -> Result<(), Failure> {
    refuse(
        Code::NotAPlayer,
        "only the game's players may do that: you are watching",
    )
}

/// May `actor` ask `action` of the game in `at`? The refusal carries its
/// stable code (docs/protocol.md, "Errors").
pub fn decide(actor: Actor, action: Action, at: &Situation) -> Result<(), Failure> {
    // The computer plays its own seat's strokes and does nothing else.
    if actor.role == Role::Computer {
        return match (action, actor.seat) {
            (Action::Stroke, SeatKind::Computer) => Ok(()),
            (Action::Chat(_), _) => person(None).map(|_| ()),
            _ => not_a_player(),
        };
    }
    match action {
        Action::Stroke => {
            own_seat(actor)?;
            if at.seats_open {
                return refuse(
                    Code::SeatsOpen,
                    "the game begins when every invited person has taken their seat",
                );
            }
            Ok(())
        }
        Action::Resign | Action::Abort | Action::Claim => own_seat(actor),
        Action::Aim => {
            if at.between_people {
                own_seat(actor)?;
            }
            Ok(())
        }
        Action::NextSet | Action::NewLinks => player(actor),
        Action::TakeBack => {
            alone(actor, at, "take-back")?;
            if !at.casual {
                return refuse(Code::NotCasual, "strokes are not taken back in this game");
            }
            Ok(())
        }
        Action::Hint => alone(actor, at, "hint"),
        Action::Analysis => {
            if at.between_people && !at.match_over {
                return refuse(
                    Code::NotBetweenPeople,
                    "no analysis while a game between people is played",
                );
            }
            Ok(())
        }
        Action::Offer(kind) => {
            own_seat(actor)?;
            if !at.between_people {
                return refuse(
                    Code::CannotOffer,
                    "offers are between people: take back, or start a game, at once",
                );
            }
            if kind == OfferKind::TakeBack && (!at.casual || at.rated) {
                return refuse(Code::NotCasual, "strokes are not taken back in this game");
            }
            Ok(())
        }
        Action::Answer(_) => match actor.role {
            Role::Holder => Ok(()),
            Role::OtherPlayer => refuse(Code::NotYourSeat, "only the other side answers an offer"),
            _ => not_a_player(),
        },
        Action::Chat(room) => match (actor.role, room) {
            (Role::Stranger | Role::Computer, _) => person(None).map(|_| ()),
            (Role::Holder | Role::OtherPlayer, None | Some(ChatRoom::Players)) => Ok(()),
            (Role::Holder | Role::OtherPlayer, Some(ChatRoom::Watchers)) => refuse(
                Code::BadMessage,
                "the players write in the players' room only",
            ),
            (Role::Watcher, None | Some(ChatRoom::Watchers)) => Ok(()),
            (Role::Watcher, Some(ChatRoom::Players)) => refuse(
                Code::NotAPlayer,
                "only the game's players write in the players' room",
            ),
        },
        Action::Withdraw => {
            if !actor.creator || actor.role != Role::Holder {
                return refuse(Code::NotCreator, "only its creator withdraws a challenge");
            }
            if !at.seats_open || at.match_over {
                return refuse(
                    Code::SeatTaken,
                    "it is no longer open: somebody accepted it, or its game is over",
                );
            }
            Ok(())
        }
        Action::ChatSettings => {
            if actor.creator && actor.role != Role::Stranger {
                Ok(())
            } else {
                refuse(
                    Code::NotCreator,
                    "only the game's creator changes its chat's settings",
                )
            }
        }
    }
}

/// What only a person (with an identity) may do needs one: writing in a
/// chat.
pub fn person(who: Option<&PersonId>) -> Result<&PersonId, Failure> {
    who.ok_or_else(|| {
        Failure::new(
            Code::NotAPerson,
            "only a person writes: become one (POST /api/me) and connect again",
        )
    })
}

/// The seat in question must be the asker's: its holder's alone.
fn own_seat(actor: Actor) -> Result<(), Failure> {
    match (actor.role, actor.seat) {
        (Role::Holder, _) => Ok(()),
        (Role::Watcher | Role::Stranger | Role::Computer, _) => not_a_player(),
        (Role::OtherPlayer, SeatKind::Computer) => {
            refuse(Code::ComputerSeat, "that seat is played by the computer")
        }
        (Role::OtherPlayer, _) => refuse(
            Code::NotYourSeat,
            "that seat is not yours: only its holder plays for it",
        ),
    }
}

/// Any player of the game.
fn player(actor: Actor) -> Result<(), Failure> {
    if actor.plays() {
        Ok(())
    } else {
        not_a_player()
    }
}

/// A player, in a game whose whole table is one person's.
fn alone(actor: Actor, at: &Situation, what: &str) -> Result<(), Failure> {
    player(actor)?;
    if at.between_people {
        return refuse(
            Code::NotBetweenPeople,
            format!("no {what} in a game between people"),
        );
    }
    Ok(())
}

/// What each client of a game may do: the holder of each player's seat, by
/// player, and a watcher. A page holding several seats (one person at one
/// screen) may do what any of them may.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct May {
    /// By player: what their seat's holder may do.
    pub players: Vec<Allowed>,
    /// What a person holding no seat may do.
    pub watcher: Allowed,
}

/// What one client may do: in this game at all (a page shows the control),
/// and now (the control can be used).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Allowed {
    /// What the game allows them, whatever the moment: a take-back in a
    /// casual game against the computer, a hint, a resignation.
    pub offered: Vec<Action>,
    /// What they may do now: its turn, its offer, its set over.
    pub now: Vec<Action>,
}

impl May {
    /// Whether it says nothing (a replay's states).
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }
}

/// What every client of the game in `at` may do: what [`decide`] allows
/// them, and of that what the moment permits.
pub fn may(at: &Situation) -> May {
    let allowed = |actor: Actor, player: Option<PlayerId>| {
        // The chat's settings are the creator's, which the page knows from
        // the chat's own settings message.
        let offered: Vec<Action> = Action::SHOWN
            .into_iter()
            .filter(|&a| a != Action::ChatSettings && decide(actor, a, at).is_ok())
            .collect();
        let now = offered
            .iter()
            .copied()
            .filter(|&a| allowed_now(a, player, at))
            .collect();
        Allowed { offered, now }
    };
    let players = (0..at.now.seats.len())
        .map(|k| match at.now.seats[k] {
            // Nobody holds the computer's seat.
            SeatKind::Computer => Allowed::default(),
            kind => allowed(Actor::holder_of(kind), Some(PlayerId(k))),
        })
        .collect();
    May {
        players,
        watcher: allowed(Actor::watcher(), None),
    }
}

/// Whether the moment allows `action` for `player`'s seat's holder (or a
/// watcher): a control the page shows is one that can succeed now.
fn allowed_now(action: Action, player: Option<PlayerId>, at: &Situation) -> bool {
    let now = &at.now;
    let person = player.is_some_and(|p| now.seats.get(p.index()) == Some(&SeatKind::Person));
    let live = !at.match_over && !at.abandoned;
    let side = |p: PlayerId| now.sides.get(p.index()).copied();
    match action {
        Action::Stroke => person && now.to_play.is_some() && now.to_play == player,
        Action::Aim => {
            // The aid is for whoever strokes, not for the audience.
            person
                && now
                    .to_play
                    .is_some_and(|p| now.seats.get(p.index()) == Some(&SeatKind::Person))
                && (!at.between_people || now.to_play == player)
        }
        Action::TakeBack => live && now.take_back,
        Action::Resign => person && live,
        Action::Abort => person && live && now.abortable,
        // A claim is against the absent player to stroke: the other side.
        Action::Claim => {
            person
                && live
                && at.between_people
                && now
                    .to_play
                    .is_some_and(|p| player.is_some_and(|me| side(p) != side(me)))
        }
        Action::NextSet => live && now.between_sets,
        Action::Offer(OfferKind::TakeBack) => {
            live && !now.between_sets && now.offer.is_none() && now.last_stroke_by == player
        }
        Action::Offer(OfferKind::Rematch) => {
            at.match_over
                && !at.abandoned
                && !at.seats_open
                && !now.rematch_settled
                && now.offer.is_none()
        }
        Action::Answer(kind) => match (now.offer, player) {
            (Some((k, by)), Some(me)) => k == kind && side(by) != side(me),
            _ => false,
        },
        Action::Hint => {
            live && now
                .to_play
                .is_some_and(|p| now.seats.get(p.index()) == Some(&SeatKind::Person))
        }
        Action::Analysis => true,
        Action::NewLinks | Action::Withdraw => at.seats_open && live,
        Action::Chat(_) | Action::ChatSettings => true,
    }
}

#[cfg(test)]
mod tests;

/// Who a person is to a competition: its organiser, an arbiter the
/// organiser named, or anyone else (a player, a spectator, nobody signed
/// in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Official {
    /// Created it.
    Organiser,
    /// Named by the organiser to change it too.
    Arbiter,
    /// Anyone else.
    Nobody,
}

/// Whether someone who is `official` to a competition may change it
/// (enter, withdraw, pair, enter and correct results, import a file of
/// players): its organiser and the arbiters they name (issue 32: "Only
/// the organiser (and the arbiters they name) can change a competition").
pub fn may_change_competition(official: Official) -> Result<(), Failure> {
    match official {
        Official::Organiser | Official::Arbiter => Ok(()),
        Official::Nobody => refuse(
            Code::NotOrganiser,
            "only the competition's organiser and its arbiters may change it",
        ),
    }
}

/// Whether a table link's holder may take a step recorded as `by`: as the
/// board's first- or second-named side, never as a referee (a referee's
/// confirmation makes a result stand alone, so it comes from the desk,
/// signed in: [`may_change_competition`]). What the link opens (its own
/// board of the round being played, nothing else) its signature decides
/// (`competitions/tables.rs`).
pub fn may_record_at_table(by: novuss_club::competition::Recorder) -> Result<(), Failure> {
    match by {
        novuss_club::competition::Recorder::First | novuss_club::competition::Recorder::Second => {
            Ok(())
        }
        novuss_club::competition::Recorder::Referee => refuse(
            Code::NotOrganiser,
            "a referee records at the desk, signed in; a table's link records for its players",
        ),
    }
}

/// Whether someone who is `official` to a competition may name or remove
/// its arbiters: its organiser alone (an arbiter naming others would
/// hand on what was lent to them).
pub fn may_name_arbiters(official: Official) -> Result<(), Failure> {
    match official {
        Official::Organiser => Ok(()),
        Official::Arbiter | Official::Nobody => refuse(
            Code::NotOrganiser,
            "only the competition's organiser names its arbiters",
        ),
    }
}

/// Whether `who` may change a series that `organiser` runs (its stages):
/// only its organiser may; everyone may read and follow it.
pub fn may_change_series(organiser: &PersonId, who: Option<&PersonId>) -> Result<(), Failure> {
    if who == Some(organiser) {
        Ok(())
    } else {
        refuse(
            Code::NotOrganiser,
            "only the series' organiser may change it",
        )
    }
}

/// Whether a person who stands as `standing` may moderate the site: a
/// site administrator alone (docs/moderation.md).
pub fn may_moderate(standing: &crate::store::Standing) -> Result<(), Failure> {
    if standing.admin {
        Ok(())
    } else {
        refuse(
            Code::NotAdmin,
            "only the site's administrators may moderate it",
        )
    }
}

/// Whether a person who stands as `standing` may write in a game's chat:
/// not while a moderator has them muted. (Where, the game decides:
/// [`decide`] with [`Action::Chat`].)
pub fn may_chat(standing: &crate::store::Standing) -> Result<(), Failure> {
    if standing.muted {
        refuse(Code::Muted, "a moderator muted you: you write no chat line")
    } else {
        Ok(())
    }
}

/// Whether a person who stands as `standing` may play a rated game or use
/// the lobby (make, accept or be paired by a challenge): not while a
/// moderator has them banned from both.
pub fn may_play_rated(standing: &crate::store::Standing) -> Result<(), Failure> {
    if standing.banned {
        refuse(
            Code::Banned,
            "a moderator banned you from rated play and the lobby",
        )
    } else {
        Ok(())
    }
}

/// Whether an account that stands as `standing` may sign in: not once a
/// moderator closed it.
pub fn may_sign_in(standing: &crate::store::Standing) -> Result<(), Failure> {
    if standing.closed {
        refuse(Code::AccountClosed, "a moderator closed this account")
    } else {
        Ok(())
    }
}

/// Whether two people may meet through a challenge or an invitation:
/// not when one of them blocked the other (`kept_apart`). Their chat lines
/// are kept from each other too, without a refusal: the writer's line
/// reaches everyone else (`chat/mod.rs`).
pub fn may_meet(kept_apart: bool) -> Result<(), Failure> {
    if kept_apart {
        refuse(
            Code::Blocked,
            "one of you blocked the other: no challenge, invitation or chat between you",
        )
    } else {
        Ok(())
    }
}

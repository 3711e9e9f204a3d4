//! The refusals a client can receive, as stable codes (docs/protocol.md,
//! "Errors"). The client words them in the player's language; `detail` is
//! English for logs and developers.
//!
//! A failure of the server itself (the database, a bug) never sends its
//! cause to the client: the cause is logged with a random error id, and the
//! client gets the code, a fixed sentence and that id, which an operator
//! finds in the log.

use axum::http::StatusCode;
use novuss_core::rules::referee::{PlayError, Refusal};
use serde::Serialize;

/// Why a request was refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Code {
    /// Not JSON, an unknown type, a missing or mistyped field.
    BadMessage,
    /// Over the size limit.
    TooLarge,
    /// A number that is NaN or infinite.
    NotFinite,
    /// A new game that cannot be set up.
    BadSetup,
    /// No game has that id.
    UnknownGame,
    /// No such API path.
    NoSuchPath,
    /// The game moved on past the event the client named.
    Stale,
    /// The seat is not the seat to play.
    NotYourTurn,
    /// The seat to play is the computer's.
    ComputerSeat,
    /// The set is over.
    SetOver,
    /// The striker may not be placed there.
    Placement,
    /// The striker would touch a disc.
    StrikerTouches,
    /// The cue may not rest there.
    Aim,
    /// The speed is out of range.
    Speed,
    /// Taking back in a game that is not casual.
    NotCasual,
    /// No human stroke to take back.
    NothingToTakeBack,
    /// `next_set` while a set is in play or after the match.
    NotBetweenSets,
    /// The match is over.
    MatchOver,
    /// A resignation nobody can make: no player sits at the seat, or the
    /// game has four contenders and no one opponent to hand it to.
    CannotResign,
    /// An abort after every side has stroked in the first set (the match
    /// has a result to play for), or from a seat that is not a person's.
    CannotAbort,
    /// The database failed: nothing was stored, and the game is as it
    /// was before the request.
    Storage,
    /// A stored game cannot be read back (its row or events are damaged);
    /// every other game plays on.
    Damaged,
    /// The computer is busy: ask again in a moment.
    Busy,
    /// The server failed (a bug): the game is unchanged.
    Internal,
    /// An uploaded record that is not a record, or cannot be played.
    BadRecord,
    /// An uploaded record whose verdicts or positions differ from a fresh
    /// simulation.
    RecordDiverges,
    /// A valid record that this server cannot hold as a game.
    UnsupportedRecord,
    /// A record played with other physics than this server's.
    OtherPhysics,
    /// The `Host` header names no host this server answers for (a DNS
    /// rebinding attempt, or a name missing from `--host`).
    BadHost,
    /// A WebSocket or state-changing request from a page of another site.
    BadOrigin,
    /// A JSON route's body not sent as `application/json`.
    BadContentType,
    /// Too many new games or uploads from one address: try again later.
    RateLimited,
    /// A method the path does not answer (static files: GET and HEAD).
    MethodNotAllowed,
    /// Only the game's players may do that; the visitor watches.
    NotAPlayer,
    /// The seat is another person's (or the computer's).
    NotYourSeat,
    /// Take-backs and hints need the whole table to be one person's; a
    /// game between people has neither.
    NotBetweenPeople,
    /// An invitation whose seat somebody else took first: the game may be
    /// watched instead.
    SeatTaken,
    /// An invitation opened by someone who holds another seat of its game
    /// (its creator, say): one person may not play both sides.
    AlreadySeated,
    /// An invitation that names no seat (mistyped, or replaced by a newer
    /// link).
    UnknownInvite,
    /// A display name that cannot be one.
    BadName,
    /// A stroke before every invited person has taken their seat.
    SeatsOpen,
    /// A claim before the absent player's grace has run out, or while
    /// they are here.
    TooEarly,
    /// A claim nobody can make: not the absent player's opponent, or a
    /// four-player game (no forfeits, no one opponent to hand a match to).
    CannotClaim,
    /// The game was abandoned: nothing more is played in it.
    Abandoned,
    /// An offer that cannot be made now: a rematch before the match is
    /// over or after one was made, an offer while another waits.
    CannotOffer,
    /// An answer to an offer nobody made (or that an event cleared).
    NoOffer,
    /// A rematch after the other side declined one for this game.
    RematchDeclined,
    /// A challenge its creator, or someone already seated, tries to
    /// accept.
    CannotAccept,
    /// A challenge for ratings the visitor's is not among.
    OutOfRange,
    /// A chat line from a visitor who is not a person yet: they become
    /// one (`POST /api/me`) and connect again.
    NotAPerson,
    /// A chat line that is empty after trimming.
    ChatEmpty,
    /// A chat line over 200 characters.
    ChatTooLong,
    /// A chat line with a control or direction character.
    ChatBadText,
    /// More chat lines than a person may write in a few seconds.
    ChatTooFast,
    /// More chat lines than a person may write in one game.
    ChatQuota,
    /// An upload over what its address may store in an hour, or over what
    /// its person may store in all.
    UploadQuota,
    /// Free text in a game whose creator switched it off (presets pass).
    FreeTextOff,
    /// A change of the chat's settings by someone other than the game's
    /// creator.
    NotCreator,
    /// A user name that cannot be one: 3–24 letters, digits, `_` or `-`.
    BadUsername,
    /// A password that cannot be one: 8–128 characters.
    BadPassword,
    /// Another account has that user name (whatever its case).
    UsernameTaken,
    /// The password is not the account's (to sign in, or the old one
    /// given to change it).
    WrongPassword,
    /// No account has that user name (registering tells a taken name as
    /// openly: `username_taken`).
    UnknownUsername,
    /// Only a person signed in to an account may do that.
    NotSignedIn,
    /// The person has an account already.
    AlreadyAccount,
    /// No person has that id (a player page).
    UnknownPlayer,
    /// Only a site administrator may do that (docs/moderation.md).
    NotAdmin,
    /// A moderator muted the person: they write no chat line.
    Muted,
    /// A moderator banned the person from rated play and the lobby.
    Banned,
    /// A moderator closed the account: it signs in no more.
    AccountClosed,
    /// No report has that id.
    UnknownReport,
    /// No chat line has that game and number (or it has no words left).
    UnknownLine,
    /// No moderator's action has that id.
    UnknownAction,
    /// The action was undone already, or what it names is not there.
    NothingToModerate,
    /// One of the two people blocked the other: no challenge, invitation
    /// or chat between them.
    Blocked,
    /// No competition has that id.
    UnknownCompetition,
    /// No table of a round being played has that link (mistyped,
    /// guessed, or revoked by the organiser).
    UnknownTable,
    /// No competition is organised by a club of that name.
    UnknownClub,
    /// Only the competition's organiser (and the arbiters they name) may
    /// change it; only its organiser names arbiters.
    NotOrganiser,
    /// The organiser named themselves an arbiter: they may change the
    /// competition already.
    OrganiserAsArbiter,
    /// The competition has as many arbiters as it may
    /// (`competitions::arbiters::MAX_ARBITERS`).
    TooManyArbiters,
    /// The competition refused the change: `refusal` says why, with the
    /// numbers a page words it with (docs/competitions.md, "Refusals").
    CompetitionRefused,
    /// No series has that id.
    UnknownSeries,
    /// The series refused its set-up or a change of its stages: `refusal`
    /// says why, with its own code and numbers (docs/competitions.md,
    /// "Series").
    SeriesRefused,
    /// A name or a free chat line holding a word of the operator's word
    /// list (docs/moderation.md, "Word list").
    WordNotAllowed,
}

/// A refusal with its English detail.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    /// What kind.
    pub code: Code,
    /// In English, for logs.
    pub detail: String,
    /// For a failure of the server itself: the id under which its cause
    /// was logged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_id: Option<String>,
    /// For [`Code::CompetitionRefused`]: the competition's reason, typed,
    /// with its own code and numbers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refusal: Option<novuss_club::Refusal>,
    /// For [`Code::SeriesRefused`]: the series' reason, sent as `refusal`
    /// too (a failure has one or the other, never both); boxed, so that
    /// every failure stays small.
    #[serde(rename = "refusal", skip_serializing_if = "Option::is_none")]
    pub series: Option<Box<crate::series::SeriesRefusal>>,
}

/// A new error id: 12 hex digits, enough to find one line in a log.
fn error_id() -> String {
    use rand::Rng;
    format!("{:012x}", rand::rng().random::<u64>() >> 16)
}

impl Failure {
    /// A refusal of `code`.
    pub fn new(code: Code, detail: impl Into<String>) -> Failure {
        Failure {
            code,
            detail: detail.into(),
            error_id: None,
            refusal: None,
            series: None,
        }
    }

    /// The refusal of a player's id that names nobody: one sentence for
    /// every route that takes one.
    pub fn unknown_player() -> Failure {
        Failure::new(Code::UnknownPlayer, "no player has that id")
    }

    /// A failure of the server's own (`code` is [`Code::Storage`],
    /// [`Code::Internal`] or [`Code::Damaged`]): `cause` goes to the log
    /// under a new error id, the client gets `what` and the id.
    pub fn logged(code: Code, what: &str, cause: &dyn std::fmt::Display) -> Failure {
        let id = error_id();
        tracing::error!(error_id = %id, "{what}: {cause}");
        Failure {
            code,
            detail: format!("{what} (error {id} in the server's log)"),
            error_id: Some(id),
            refusal: None,
            series: None,
        }
    }

    /// A bug of the server's: see [`Failure::logged`].
    pub fn internal(what: &str, cause: &dyn std::fmt::Display) -> Failure {
        Failure::logged(Code::Internal, what, cause)
    }

    /// The HTTP status for this refusal.
    pub fn status(&self) -> StatusCode {
        match self.code {
            Code::UnknownGame
            | Code::NoSuchPath
            | Code::UnknownPlayer
            | Code::UnknownUsername
            | Code::UnknownCompetition
            | Code::UnknownTable
            | Code::UnknownClub
            | Code::UnknownSeries
            | Code::UnknownReport
            | Code::UnknownLine
            | Code::UnknownAction => StatusCode::NOT_FOUND,
            Code::NotAdmin | Code::Muted | Code::Banned | Code::AccountClosed | Code::Blocked => {
                StatusCode::FORBIDDEN
            }
            Code::NothingToModerate => StatusCode::CONFLICT,
            Code::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Code::Storage | Code::Busy => StatusCode::SERVICE_UNAVAILABLE,
            Code::Internal | Code::Damaged => StatusCode::INTERNAL_SERVER_ERROR,
            Code::Stale => StatusCode::CONFLICT,
            Code::BadHost => StatusCode::MISDIRECTED_REQUEST,
            Code::BadOrigin => StatusCode::FORBIDDEN,
            Code::BadContentType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Code::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            Code::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Code::NotAPlayer | Code::NotYourSeat => StatusCode::FORBIDDEN,
            Code::NotCreator | Code::NotAPerson | Code::NotOrganiser => StatusCode::FORBIDDEN,
            Code::ChatTooFast | Code::ChatQuota => StatusCode::TOO_MANY_REQUESTS,
            Code::UploadQuota => StatusCode::FORBIDDEN,
            Code::SeatTaken | Code::AlreadySeated => StatusCode::CONFLICT,
            Code::UnknownInvite => StatusCode::NOT_FOUND,
            Code::WrongPassword | Code::NotSignedIn => StatusCode::UNAUTHORIZED,
            Code::UsernameTaken | Code::AlreadyAccount => StatusCode::CONFLICT,
            Code::OrganiserAsArbiter | Code::TooManyArbiters => StatusCode::CONFLICT,
            _ => StatusCode::BAD_REQUEST,
        }
    }

    /// The refusal for a stroke the core would not play.
    /// The competition's refusal of a change.
    pub fn of_competition(refusal: novuss_club::Refusal) -> Failure {
        Failure {
            code: Code::CompetitionRefused,
            detail: refusal.to_string(),
            error_id: None,
            refusal: Some(refusal),
            series: None,
        }
    }

    /// The failure of a stroke the referee or the engine refused.
    pub fn of_play(e: &PlayError) -> Failure {
        let code = match e.refusal() {
            Some(Refusal::SetOver) => Code::SetOver,
            Some(Refusal::MatchOver) => Code::MatchOver,
            Some(Refusal::OutOfTurn { .. }) => Code::NotYourTurn,
            Some(Refusal::Placement(_)) => Code::Placement,
            Some(Refusal::StrikerTouches(_)) => Code::StrikerTouches,
            Some(Refusal::Aim(_)) => Code::Aim,
            Some(Refusal::Speed { .. }) => Code::Speed,
            // The engine refusing its input (a position out of its limits)
            // is still the stroke's fault, never the server's.
            _ => Code::BadMessage,
        };
        Failure::new(code, e.to_string())
    }
}

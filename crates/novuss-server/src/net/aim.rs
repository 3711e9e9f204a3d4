//! `POST /api/games/{id}/aim`: the stroke that pockets a named disc, for
//! the page's "aim at a disc" tool (docs/protocol.md, "Aiming at a disc").
//!
//! The answer comes from [`novuss_ai::plan_pot_as`], the planner that also
//! describes the hint's strokes, so the tool never calls impossible what
//! the hint suggests, nor the reverse. Its chance is counted under the hand
//! of the level the page names (the level its hints are asked at), by the
//! tries the hint's figures are counted with, and the stroke of a hint
//! given at this event is offered first: the hinted stroke gets the same
//! chance in both. It reads the game and changes
//! nothing; the work runs on a blocking thread under the client's place
//! among the heavy requests ([`crate::hub::work`]), and is bounded by the
//! planner's own caps ([`novuss_ai::target::MAX_SCREEN`]).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use novuss_ai::{plan_pot_as, Aim, Ask, Level, NoAim, Route};
use novuss_core::rules::set::DiscId;
use novuss_core::seat::Seat;
use novuss_core::table::Corner;
use serde::{Deserialize, Serialize};

use crate::error::{Code, Failure};
use crate::game::setup::Controller;
use crate::hub::work::Client;
use crate::hub::Hub;
use crate::ids::GameId;
use crate::net::body::JsonBody;
use crate::policy::Action;
use crate::wire::pick::Pick;

/// What the page asks.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AimRequest {
    /// The event the page's picture is at.
    pub event: u64,
    /// The disc to pocket, by id.
    pub disc: u16,
    /// The pocket; absent for the best one.
    #[serde(default)]
    pub pocket: Option<Corner>,
    /// The route; absent for the best one.
    #[serde(default)]
    pub route: Option<Route>,
    /// The seat the page plays for; when given, it must be the seat to play.
    #[serde(default)]
    pub seat: Option<Seat>,
    /// The level whose hand the chance is counted under; absent: a club
    /// player's.
    #[serde(default)]
    pub hand: Option<Pick<Level>>,
}

/// Why there is no stroke, as the page words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The disc is not on the table.
    Gone,
    /// Another side's disc.
    NotOwn,
    /// A dark disc, and no rebound pockets it.
    Dark,
    /// Straight ways exist but other discs block them.
    Blocked,
    /// Nothing considered pockets it (there).
    Unreachable,
}

/// The answer: a plan, or the reason there is none.
#[derive(Clone, Debug, Serialize)]
pub struct AimAnswer {
    /// The event it was worked out for.
    pub event: u64,
    /// The seat to play.
    pub seat: Seat,
    /// The disc asked about.
    pub disc: DiscId,
    /// The stroke to play, if any.
    pub plan: Option<Aim>,
    /// The best stroke of each other pocket and route.
    pub others: Vec<Aim>,
    /// Why there is no plan.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
}

/// `POST /api/games/{id}/aim`
pub async fn aim(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    client: Client,
    visitor: crate::people::identity::Visitor,
    JsonBody(request): JsonBody<AimRequest>,
) -> Result<Response, Failure> {
    let answer = plan(
        &hub,
        &GameId::parse(&id)?,
        visitor.person.as_ref(),
        request,
        client,
    )
    .await?;
    Ok(Json(answer).into_response())
}

/// The plan for `request` in game `id`.
pub async fn plan(
    hub: &Arc<Hub>,
    id: &GameId,
    who: Option<&crate::ids::PersonId>,
    request: AimRequest,
    client: Client,
) -> Result<AimAnswer, Failure> {
    // Admitted before the position is copied, so that a refused request
    // costs nothing.
    let hand = match &request.hand {
        None => Level::Club,
        Some(pick) => pick.known().map_err(|name| {
            Failure::new(
                Code::BadMessage,
                format!(
                    "unknown level {name:?}: one of {}",
                    crate::game::setup::level_names().join(", ")
                ),
            )
        })?,
    };
    let ticket = hub.admit(client, "aim").await?;
    let shared = hub.room(id).await?;
    let (set, physics, seat, hinted) = {
        let room = shared.lock().await;
        // Between people the tool is the stroking player's own aid, as a
        // ruler at the table would be: nobody else's, watchers included.
        room.ask(who, Some(room.game().set().seat_to_play()), Action::Aim)?;
        if room.event() != request.event {
            return Err(Failure::new(
                Code::Stale,
                format!(
                    "the game is at event {}, not {}",
                    room.event(),
                    request.event
                ),
            ));
        }
        let set = room.game().set();
        if set.is_over() {
            return Err(Failure::new(Code::SetOver, "the set is over"));
        }
        let seat = set.seat_to_play();
        if request.seat.is_some_and(|s| s != seat) {
            return Err(Failure::new(
                Code::NotYourTurn,
                format!("it is {seat}'s turn"),
            ));
        }
        // The tool places a person's striker; the computer aims its own.
        let controller = room
            .game()
            .progress()
            .player_at(seat)
            .and_then(|p| room.setup().controllers.get(p.index()).copied())
            .unwrap_or(Controller::Human);
        if controller != Controller::Human {
            return Err(Failure::new(
                Code::ComputerSeat,
                format!("{seat} is played by the computer"),
            ));
        }
        (
            set.clone(),
            room.setup().physics,
            seat,
            room.hinted(request.event),
        )
    };
    let disc = DiscId(request.disc);
    if set.disc(disc).is_none() {
        return Err(Failure::new(
            Code::BadMessage,
            format!("the set has no disc {}", request.disc),
        ));
    }
    let ask = Ask {
        disc,
        pocket: request.pocket,
        route: request.route,
    };
    let event = request.event;
    ticket
        .run("aim", move || {
            let hand = hand.settings().noise;
            let hinted = hinted.map(|c| c.candidate());
            let (plan, others, reason) =
                match plan_pot_as(&set, &physics, &ask, &hand, hinted.as_ref()) {
                    Ok(aims) => (Some(aims.best), aims.others, None),
                    Err(why) => (None, Vec::new(), Some(reason(why)?)),
                };
            Ok(AimAnswer {
                event,
                seat,
                disc,
                plan,
                others,
                reason,
            })
        })
        .await
}

/// The page's reason for `why`, or the refusal for what was checked
/// before and cannot happen here.
fn reason(why: NoAim) -> Result<Reason, Failure> {
    match why {
        NoAim::Gone => Ok(Reason::Gone),
        NoAim::NotOwn => Ok(Reason::NotOwn),
        NoAim::Dark => Ok(Reason::Dark),
        NoAim::Blocked => Ok(Reason::Blocked),
        NoAim::Unreachable => Ok(Reason::Unreachable),
        NoAim::SetOver => Err(Failure::new(Code::SetOver, "the set is over")),
        NoAim::UnknownDisc => Err(Failure::new(Code::BadMessage, "the set has no such disc")),
        other => Err(Failure::internal("no aim could be planned", &other)),
    }
}

//! Clubs' routes (docs/protocol.md, "Clubs"): a club is the name its
//! competitions give as their organiser's, looked up without case or
//! Latvian marks (`novuss_club::competition::club_key`).

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use novuss_club::competition::{club_key, club_name};

use crate::competitions::LISTED;
use crate::error::{Code, Failure};
use crate::store::Store;
use crate::wire::http::clubs::Club;

/// The longest club name looked up, in bytes: a set-up's text is at most
/// 100 characters of up to 4 bytes; anything longer names no club and is
/// not worth a query.
const LONGEST: usize = 400;

/// `GET /api/clubs/{name}`: the club's competitions, newest first; a name
/// no competition gives is `404 unknown_club`.
pub async fn club(
    State(store): State<Store>,
    Path(name): Path<String>,
) -> Result<Response, Failure> {
    let unknown = || {
        Failure::new(
            Code::UnknownClub,
            "no competition is organised by that club",
        )
    };
    let key = club_key(&name);
    if key.is_empty() || name.len() > LONGEST {
        return Err(unknown());
    }
    let competitions = store.club_competitions(&key, LISTED).await?;
    if competitions.is_empty() {
        return Err(unknown());
    }
    let spellings = competitions.iter().filter_map(|c| c.setup.club.as_deref());
    let name = club_name(spellings).map_or(name, str::to_owned);
    Ok(Json(Club {
        name,
        competitions: competitions.into_iter().map(Into::into).collect(),
    })
    .into_response())
}

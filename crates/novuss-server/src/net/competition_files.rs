//! A competition's files' routes (docs/protocol.md, "Competitions' files");
//! what the files are is `competitions/files.rs`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use novuss_club::Change;

use crate::competitions::crosstable::crosstable;
use crate::competitions::files::{
    self, Table, ENTRIES_TYPES, MAX_COMPETITION_FILE, MAX_ENTRIES_FILE,
};
use crate::competitions::{officials, Desk, Held};
use crate::error::{Code, Failure};
use crate::ids::{CompetitionId, PersonId};
use crate::net::body::Body;
use crate::people::identity::Visitor;
use crate::store::{now, Store};
use crate::wire::http::competitions::{
    Ask, CompetitionFile, CompetitionView, EntriesImported, FiledChange, TeamAsk, TrfImport,
};

/// What the files' routes need: the desk the competitions' routes share
/// (so that an import is seen at once by every reader and follower), and
/// the store its changes are read from.
#[derive(Clone)]
pub struct FileRoutes {
    desk: Arc<Desk>,
    store: Store,
}

impl FileRoutes {
    /// Over `desk` and its `store`.
    pub fn new(desk: Arc<Desk>, store: Store) -> FileRoutes {
        FileRoutes { desk, store }
    }
}

/// The media type of a request's body, without its parameters.
fn media_type(headers: &HeaderMap) -> Option<String> {
    let t = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    Some(t.split(';').next()?.trim().to_ascii_lowercase())
}

/// Runs `work` on a blocking thread: reading a workbook or replaying a
/// competition is seconds of a core at worst, not an async task's.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| Failure::internal("reading the file failed", &e))?
}

/// Whether `who` may send competition `held` a file (its organiser or an
/// arbiter), sent as a type a file of `what` comes as: CSV, a
/// spreadsheet's type, or plain bytes, which no cross-site form can send.
async fn official_file(
    s: &FileRoutes,
    held: &Held,
    who: Option<&PersonId>,
    headers: &HeaderMap,
    what: &str,
) -> Result<(), Failure> {
    officials::may_change(&s.store, &held.view, who).await?;
    match media_type(headers) {
        Some(t) if ENTRIES_TYPES.contains(&t.as_str()) => Ok(()),
        t => Err(Failure::new(
            Code::BadContentType,
            format!(
                "{what} is sent as text/csv or a spreadsheet's type, not {}",
                t.as_deref().unwrap_or("without a Content-Type")
            ),
        )),
    }
}

/// `POST /api/competitions/{id}/entries`: the players of the file sent
/// (CSV, or an Excel or OpenDocument workbook), entered as one change by
/// the organiser, or none of them with the row and column at fault.
pub async fn entries(
    State(s): State<FileRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
    headers: HeaderMap,
    Body(bytes): Body<MAX_ENTRIES_FILE>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let held = s.desk.view(&id).await?;
    let who = visitor.person.as_ref();
    official_file(&s, &held, who, &headers, "a list of players").await?;
    let sheet = blocking(move || files::read_entries(&bytes)).await?;
    let (entered, ask) = match held
        .view
        .competition
        .enter_sheet(&sheet)
        .map_err(Failure::of_competition)?
    {
        Change::EnterList { entries } => (entries.len(), Ask::EnterList { entries }),
        Change::EnterTeams { teams } => (teams.len(), Ask::Team(TeamAsk::EnterTeams { teams })),
        _ => {
            return Err(Failure::internal(
                "a file was entered as neither a list nor teams",
                &"enter_sheet",
            ))
        }
    };
    let now = match s.desk.change(&id, who, &ask, None).await {
        Ok(now) => now,
        Err(f) => {
            // Refused on the second check (another change came first):
            // told at the file's row, against the competition as it is.
            let fresh = s.desk.view(&id).await?;
            return Err(files::told_in_file(f, &fresh.view.competition, &sheet));
        }
    };
    Ok(Json(EntriesImported {
        entered,
        competition: &now.json,
    })
    .into_response())
}

/// `POST /api/competitions/{id}/pairing`: the next round paired as the
/// file sent gives it (Swiss-Manager's pairing list, as CSV or on a
/// workbook's "EKSPORT" sheet), by the organiser or an arbiter; the
/// competition as it then stands, or nothing paired and the refusal at
/// the file's row and column.
pub async fn pairing(
    State(s): State<FileRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
    headers: HeaderMap,
    Body(bytes): Body<MAX_ENTRIES_FILE>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let held = s.desk.view(&id).await?;
    let who = visitor.person.as_ref();
    official_file(&s, &held, who, &headers, "a pairing").await?;
    // Played on this server, a round's games are made with its pairing:
    // that is the engine's to pair.
    if held.view.competition.setup().play.online() {
        return Err(Failure::of_competition(novuss_club::Refusal::NotAtTables));
    }
    let sheet = blocking(move || files::read_pairing(&bytes)).await?;
    let change = held
        .view
        .competition
        .pairing_of_file(&sheet)
        .map_err(Failure::of_competition)?;
    let now = s.desk.change(&id, who, &Ask::Made(change), None).await?;
    Ok(Json(&now.json).into_response())
}

/// A download: `bytes` of `media_type`, saved as the competition's name
/// and `what`.
fn download(bytes: Vec<u8>, media_type: &str, competition: &str, what: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, media_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                files::disposition(competition, what),
            ),
            (header::CACHE_CONTROL, "no-cache".to_owned()),
        ],
        bytes,
    )
        .into_response()
}

/// A table of competition `id`, made by `make`, as a CSV download named
/// `what`.
async fn table_csv(
    s: &FileRoutes,
    id: &str,
    make: fn(&CompetitionView) -> Result<Table, Failure>,
    what: &str,
) -> Result<Response, Failure> {
    let held = s.desk.view(&CompetitionId::parse(id)?).await?;
    let table = make(&held.view)?;
    let name = &held.view.competition.setup().name;
    Ok(download(
        files::csv(&table)?,
        "text/csv; charset=utf-8",
        name,
        what,
    ))
}

/// `GET /api/competitions/{id}/standings.csv`.
pub async fn standings_csv(
    State(s): State<FileRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    table_csv(&s, &id, files::standings_table, "standings.csv").await
}

/// `GET /api/competitions/{id}/results.csv`.
pub async fn results_csv(
    State(s): State<FileRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    table_csv(&s, &id, |v| Ok(files::results_table(v)), "results.csv").await
}

/// `GET /api/competitions/{id}/crosstable.csv`.
pub async fn crosstable_csv(
    State(s): State<FileRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    table_csv(&s, &id, |v| Ok(crosstable(v)), "crosstable.csv").await
}

/// `GET /api/competitions/{id}/standings.xlsx`.
pub async fn standings_xlsx(
    State(s): State<FileRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let held = s.desk.view(&CompetitionId::parse(&id)?).await?;
    let table = files::standings_table(&held.view)?;
    let name = held.view.competition.setup().name.clone();
    let bytes = blocking(move || files::xlsx(&table, "Standings")).await?;
    Ok(download(bytes, XLSX, &name, "standings.xlsx"))
}

/// `GET /api/competitions/{id}/competition.xlsx`: one workbook of the
/// standings, the results and the crosstable, a sheet each.
pub async fn workbook(
    State(s): State<FileRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let held = s.desk.view(&CompetitionId::parse(&id)?).await?;
    let standings = files::standings_table(&held.view)?;
    let results = files::results_table(&held.view);
    let cross = crosstable(&held.view);
    let name = held.view.competition.setup().name.clone();
    let bytes = blocking(move || {
        files::workbook(&[
            ("Standings", &standings),
            ("Results", &results),
            ("Crosstable", &cross),
        ])
    })
    .await?;
    Ok(download(bytes, XLSX, &name, "competition.xlsx"))
}

/// An Excel workbook's media type.
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// `GET /api/competitions/{id}/competition.trf`: FIDE's TRF-16.
pub async fn trf(State(s): State<FileRoutes>, Path(id): Path<String>) -> Result<Response, Failure> {
    let held = s.desk.view(&CompetitionId::parse(&id)?).await?;
    let text = held.view.competition.trf();
    let name = &held.view.competition.setup().name;
    Ok(download(
        text.into_bytes(),
        "text/plain; charset=utf-8",
        name,
        "competition.trf",
    ))
}

/// `GET /api/competitions/{id}/competition.json`: its set-up and stored
/// changes, versioned, as `POST /api/competitions/import` takes them.
pub async fn competition_json(
    State(s): State<FileRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let row = s.store.competition(&id).await?.ok_or_else(|| {
        Failure::new(
            Code::UnknownCompetition,
            format!("no competition has the id {id}"),
        )
    })?;
    let name = row.setup.name.clone();
    let changes = row
        .changes
        .into_iter()
        .map(|c| FiledChange {
            number: c.number,
            at: Some(c.at),
            change: c.change,
        })
        .collect();
    let file = files::competition_file(row.setup, changes);
    let bytes = serde_json::to_vec_pretty(&file)
        .map_err(|e| Failure::internal("the competition could not be written", &e))?;
    Ok(download(
        bytes,
        "application/json",
        &name,
        "competition.json",
    ))
}

/// `POST /api/competitions/import`: a new competition, organised by the
/// visitor (who must be signed in to an account), made from a
/// `competition.json`: every change is replayed and checked before
/// anything is stored (`201`, the competition).
pub async fn import(
    State(s): State<FileRoutes>,
    visitor: Visitor,
    Body(bytes): Body<MAX_COMPETITION_FILE>,
) -> Result<Response, Failure> {
    let person = organiser(&s, visitor).await?;
    let file: CompetitionFile = serde_json::from_slice(&bytes)
        .map_err(|e| Failure::new(Code::BadMessage, format!("not a competition's file: {e}")))?;
    stored(&s, &person, file).await
}

/// `POST /api/competitions/import/trf`: a TRF-16 file (Swiss-Manager's,
/// JaVaFo's, bbpPairings', or this server's own export) and the match
/// format its games were played in (TRF has none), made a new competition
/// organised by the visitor, as `competition.json` is.
pub async fn import_trf(
    State(s): State<FileRoutes>,
    visitor: Visitor,
    Body(bytes): Body<MAX_COMPETITION_FILE>,
) -> Result<Response, Failure> {
    let person = organiser(&s, visitor).await?;
    let asked: TrfImport = serde_json::from_slice(&bytes)
        .map_err(|e| Failure::new(Code::BadMessage, format!("not a TRF import: {e}")))?;
    let file = blocking(move || files::trf_competition_file(&asked.trf, asked.format)).await?;
    stored(&s, &person, file).await
}

/// The visitor, if a person signed in to an account (who alone may
/// organise a competition).
async fn organiser(s: &FileRoutes, visitor: Visitor) -> Result<PersonId, Failure> {
    let signed_in = match &visitor.person {
        Some(p) => s.store.account(p).await?.is_some(),
        None => false,
    };
    visitor.person.filter(|_| signed_in).ok_or_else(|| {
        Failure::new(
            Code::NotSignedIn,
            "only a person signed in to an account may organise a competition",
        )
    })
}

/// `file` replayed change by change, then stored as a new competition
/// organised by `person`: `201` and the competition.
async fn stored(
    s: &FileRoutes,
    person: &PersonId,
    file: CompetitionFile,
) -> Result<Response, Failure> {
    let (file, competition) = blocking(move || files::replayed(file)).await?;
    let id = CompetitionId::random();
    let created = now();
    s.store
        .add_competition(&id, person, created, competition.setup())
        .await?;
    for c in &file.changes {
        s.store
            .add_competition_change(&id, c.number, person, now(), &c.change)
            .await?;
    }
    let held = s.desk.view(&id).await?;
    Ok((StatusCode::CREATED, Json(&held.json)).into_response())
}

//! A person's data, theirs to take (issue 34, "People's data is theirs":
//! "download my data (JSON: games, chat lines, ratings, account)"): read
//! from every feature's statements at once, for `GET /api/me/data`. Only
//! what names this person is in it, and no secret: not a session's hash,
//! not the password's.

use crate::error::Failure;
use crate::ids::PersonId;
use crate::store::{now, Store};
use crate::wire::http::my_data::{
    MyAccount, MyChatLine, MyCompetition, MyData, MyGame, MyPerson, MyRating, MyRatingChange,
    MySession, MyTableRating,
};

/// The most games listed: more than anybody plays in years.
const GAMES: u32 = 100_000;

/// What the store holds of `person` (`None`: a browser the server knows
/// nothing of).
pub async fn my_data(store: &Store, person: Option<&PersonId>) -> Result<MyData, Failure> {
    let mut data = MyData::empty(now());
    let Some(person) = person else {
        return Ok(data);
    };
    let Some((created, name)) = store.person_row(person).await? else {
        return Ok(data);
    };
    let account = store.account(person).await?;
    data.person = Some(MyPerson {
        id: person.as_str().to_owned(),
        name,
        created,
    });
    data.account = account.map(|a| MyAccount {
        username: a.username,
    });
    data.sessions = store
        .sessions_of(person)
        .await?
        .into_iter()
        .map(|s| MySession {
            created: s.created,
            seen: s.seen,
        })
        .collect();
    data.games = store
        .games_of(person, Some(person), GAMES)
        .await?
        .into_iter()
        .map(|g| MyGame {
            id: g.id,
            created: g.created,
            updated: g.updated,
            events: g.event,
            over: g.over,
        })
        .collect();
    data.chat = store
        .lines_by(person)
        .await?
        .into_iter()
        .map(|l| MyChatLine {
            game: l.game,
            at: l.at,
            room: l.room,
            preset: l.preset,
            text: l.text,
        })
        .collect();
    data.ratings = store
        .ratings_of(person)
        .await?
        .into_iter()
        .map(|r| MyRating {
            format: r.format,
            rating: r.rating,
            games: r.games,
        })
        .collect();
    data.rating_history = store
        .changes_of(person)
        .await?
        .into_iter()
        .map(|c| MyRatingChange {
            game: c.game,
            format: c.format,
            at: c.at,
            before: c.before,
            after: c.after,
        })
        .collect();
    data.organised = store
        .competitions_by(person)
        .await?
        .into_iter()
        .map(|c| MyCompetition {
            id: c.id,
            name: c.setup.name,
            created: c.created,
        })
        .collect();
    data.entered = store.competitions_of(person, GAMES).await?;
    data.real_table = store
        .table_person(person.as_str())
        .await?
        .into_iter()
        .map(|(c, _)| MyTableRating {
            competition: c.competition,
            at: c.at,
            name: c.name,
            games: c.games,
            before: c.before,
            after: c.after,
        })
        .collect();
    Ok(data)
}

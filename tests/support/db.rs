//! The server's database read and changed behind its back, as a second
//! connection of the test's own: to check what is really stored, and to
//! damage it.
//!
//! Tests name the database by its SQLite file in the server's directory;
//! when the server was given a PostgreSQL database instead
//! ([`crate::support::server::postgres`]), its URL is in a file beside it
//! and that database is used. Statements use `$1` placeholders, which
//! both read.

use std::path::Path;

use super::block_on;

/// The database a server whose SQLite file would be `db` really uses.
pub fn url_of(db: &Path) -> String {
    let dir = db.parent().expect("the database file is in a directory");
    match std::fs::read_to_string(dir.join(crate::support::server::PG_URL_FILE)) {
        Ok(url) => url,
        Err(_) => format!("sqlite://{}", db.display()),
    }
}

/// Whether the server whose SQLite file would be `db` uses PostgreSQL.
pub fn is_postgres(db: &Path) -> bool {
    url_of(db).starts_with("postgres")
}

/// Runs `sql` on the database file `db`, binding `binds` in order.
pub fn execute(db: &Path, sql: &str, binds: &[&str]) {
    block_on(async {
        let mut c = connect(db, false).await;
        let mut q = sqlx::query(sql);
        for b in binds {
            q = q.bind(*b);
        }
        q.execute(&mut c).await.expect("the statement runs");
    });
}

/// Game `id`'s last event as stored (checked against its count of event
/// rows), or `None` if there is no such game.
pub fn stored_event(db: &Path, id: &str) -> Option<i64> {
    block_on(async {
        let mut c = connect(db, true).await;
        let row: Option<(i64,)> = sqlx::query_as("SELECT event FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut c)
            .await
            .unwrap();
        let events: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM events WHERE game_id = $1")
            .bind(id)
            .fetch_one(&mut c)
            .await
            .unwrap();
        if let Some((n,)) = row {
            assert_eq!(n, events.0, "the row and the events agree");
        }
        row.map(|r| r.0)
    })
}

/// The numbers (from 1) of the pages that hold the tables and indexes
/// `names` (SQLite's `dbstat` table).
pub fn pages_of(db: &Path, names: &[&str]) -> Vec<i64> {
    block_on(async {
        let mut c = connect(db, true).await;
        let list = names
            .iter()
            .map(|n| format!("'{n}'"))
            .collect::<Vec<_>>()
            .join(", ");
        let rows: Vec<(i64,)> =
            sqlx::query_as(&format!("SELECT pageno FROM dbstat WHERE name IN ({list})"))
                .fetch_all(&mut c)
                .await
                .unwrap();
        rows.into_iter().map(|r| r.0).collect()
    })
}

/// One number a query answers.
pub fn count(db: &Path, sql: &str) -> i64 {
    block_on(async {
        let mut c = connect(db, true).await;
        let n: (i64,) = sqlx::query_as(sql).fetch_one(&mut c).await.unwrap();
        n.0
    })
}

async fn connect(db: &Path, read_only: bool) -> sqlx::AnyConnection {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let url = url_of(db);
    let mode = if read_only && url.starts_with("sqlite") {
        "?mode=ro"
    } else {
        ""
    };
    sqlx::AnyConnection::connect(&format!("{url}{mode}"))
        .await
        .expect("the database opens")
}

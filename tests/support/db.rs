//! The server's database read and changed behind its back, as a second
//! connection of the test's own: to check what is really stored, and to
//! damage it.

use std::path::Path;

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
        let row: Option<(i64,)> = sqlx::query_as("SELECT event FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&mut c)
            .await
            .unwrap();
        let events: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM events WHERE game_id = ?")
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

/// The number of rows `sql` (a `SELECT COUNT(*)`) counts.
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

async fn connect(db: &Path, read_only: bool) -> sqlx::SqliteConnection {
    use sqlx::Connection;
    let mode = if read_only { "?mode=ro" } else { "" };
    sqlx::SqliteConnection::connect(&format!("sqlite://{}{mode}", db.display()))
        .await
        .expect("the database opens")
}

fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

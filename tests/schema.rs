//! The two backends' schemas agree: every table the SQLite migrations
//! make, PostgreSQL's make too, with the same columns, types, NULLs and
//! defaults, so that the store's one set of statements reads the same
//! values from either (docs/architecture.md, "Adding a column"). A
//! column added to one backend's migrations and not the other's fails
//! here, before any query finds it missing.
//!
//! It needs the tests' PostgreSQL server (`NOVUSS_TEST_POSTGRES`, which
//! `scripts/test` always starts), and runs in both passes of the tests.

use std::collections::BTreeMap;

use crate::support::block_on;
use crate::support::server::{data_dir, needs_postgres, new_database, path};

/// The tables only PostgreSQL has: what instances sharing one database
/// use (leases, presence per instance, heartbeats). One process serves
/// an SQLite file, and needs none of them.
const POSTGRES_ONLY: [&str; 3] = ["instances", "leases", "presence"];

/// A column as both backends can describe it: its declared type in
/// lower case, whether it may be NULL, and its default as written.
#[derive(Debug, PartialEq, Eq)]
struct Column {
    kind: String,
    nullable: bool,
    default: Option<String>,
}

/// Every table's columns, by table and column name.
type Schema = BTreeMap<String, BTreeMap<String, Column>>;

/// The schema the SQLite migrations leave in a new file.
async fn sqlite_schema(file: &std::path::Path) -> Schema {
    use sqlx::Connection;
    let url = format!("sqlite://{}", file.display());
    let store = novuss_server::Store::connect(&url)
        .await
        .expect("SQLite migrates");
    store.close().await;
    let mut c = sqlx::SqliteConnection::connect(&url)
        .await
        .expect("the file opens");
    let tables: Vec<(String,)> = sqlx::query_as(
        "SELECT name FROM sqlite_master WHERE type = 'table' \
         AND name NOT LIKE 'sqlite_%' AND name <> '_sqlx_migrations'",
    )
    .fetch_all(&mut c)
    .await
    .unwrap();
    let mut schema = Schema::new();
    for (table,) in tables {
        let rows: Vec<(i64, String, String, i64, Option<String>, i64)> =
            sqlx::query_as(&format!("PRAGMA table_info({table})"))
                .fetch_all(&mut c)
                .await
                .unwrap();
        let columns = rows
            .into_iter()
            .map(|(_, name, kind, not_null, default, key)| {
                // SQLite lets a primary key other than an INTEGER one be
                // NULL unless it says NOT NULL; PostgreSQL never does. The
                // store never writes a NULL key, so a key counts as NOT
                // NULL here, as PostgreSQL has it.
                let nullable = not_null == 0 && key == 0;
                let column = Column {
                    kind: kind.to_lowercase(),
                    nullable,
                    default,
                };
                (name, column)
            })
            .collect();
        schema.insert(table, columns);
    }
    schema
}

/// The schema the PostgreSQL migrations leave in a new database.
async fn postgres_schema(url: &str) -> Schema {
    use sqlx::Connection;
    let store = novuss_server::Store::connect(url)
        .await
        .expect("PostgreSQL migrates");
    store.close().await;
    let mut c = sqlx::PgConnection::connect(url)
        .await
        .expect("the database answers");
    let rows: Vec<(String, String, String, String, Option<String>)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text, data_type::text, is_nullable::text, \
         column_default::text FROM information_schema.columns \
         WHERE table_schema = 'public' AND table_name <> '_sqlx_migrations'",
    )
    .fetch_all(&mut c)
    .await
    .unwrap();
    let mut schema = Schema::new();
    for (table, name, kind, nullable, default) in rows {
        let column = Column {
            kind: kind.to_lowercase(),
            nullable: nullable == "YES",
            default,
        };
        schema.entry(table).or_default().insert(name, column);
    }
    schema
}

#[test]
fn both_backends_migrate_to_the_same_tables_and_columns() {
    if !needs_postgres() {
        return;
    }
    let dir = data_dir();
    let url = new_database(&path(&dir));
    let (lite, mut pg) = block_on(async {
        (
            sqlite_schema(&path(&dir).join("schema.sqlite3")).await,
            postgres_schema(&url).await,
        )
    });
    for table in POSTGRES_ONLY {
        assert!(
            !lite.contains_key(table),
            "{table} is SQLite's too: no longer only PostgreSQL's"
        );
        assert!(
            pg.remove(table).is_some(),
            "PostgreSQL has no table {table}"
        );
    }
    assert!(lite.contains_key("games"), "the schema was read: {lite:?}");
    let names = |s: &Schema| s.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&lite), names(&pg), "the same tables");
    for (table, columns) in &lite {
        let other = &pg[table];
        let names = |c: &BTreeMap<String, Column>| c.keys().cloned().collect::<Vec<_>>();
        assert_eq!(
            names(columns),
            names(other),
            "table {table}: the same columns (SQLite, PostgreSQL)"
        );
        for (name, column) in columns {
            assert_eq!(
                column, &other[name],
                "{table}.{name}: the same type, NULLs and default (SQLite, PostgreSQL)"
            );
        }
    }
}

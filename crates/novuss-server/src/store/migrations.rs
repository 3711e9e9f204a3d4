//! The migrations this binary knows, per backend, and how a server treats
//! a database that a newer version has already migrated further
//! (docs/backup.md, "Upgrades").
//!
//! sqlx refuses by default to start on a database that holds a migration
//! it was not built with (`VersionMissing`). During a rolling upgrade
//! over one PostgreSQL, the newer instance applies its migrations while
//! the older one still runs, and the older one may have to start again
//! (a crash, a roll-back): so both migrators ignore applied migrations
//! they do not know. That is safe only because every migration is
//! additive (a new table, a new column that may be NULL or has a
//! default): what an older binary reads and writes is still there. A
//! migration this binary knows but whose text differs, or one recorded
//! as failed, still stops the start.

use sqlx::migrate::Migrator;

/// SQLite's migrations (`migrations/sqlite`).
pub fn sqlite() -> Migrator {
    tolerant(sqlx::migrate!("./migrations/sqlite"))
}

/// PostgreSQL's migrations (`migrations/postgres`).
pub fn postgres() -> Migrator {
    tolerant(sqlx::migrate!("./migrations/postgres"))
}

/// `migrator`, starting on a database a newer version migrated further.
fn tolerant(mut migrator: Migrator) -> Migrator {
    migrator.set_ignore_missing(true);
    migrator
}

#[cfg(test)]
mod tests {
    use sqlx::sqlite::SqlitePoolOptions;

    /// A newer version's migration, recorded as sqlx records one.
    const NEWER: &str = "INSERT INTO _sqlx_migrations \
        (version, description, success, checksum, execution_time) \
        VALUES (990001, 'a newer version', TRUE, X'00', 1)";

    #[tokio::test]
    async fn a_newer_migration_stops_sqlx_by_default_but_not_the_server() {
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect("sqlite::memory:")
            .await
            .unwrap();
        super::sqlite().run(&pool).await.unwrap();
        sqlx::query(NEWER).execute(&pool).await.unwrap();
        // sqlx's own default: the database is refused.
        let strict = sqlx::migrate!("./migrations/sqlite").run(&pool).await;
        assert!(
            matches!(
                strict,
                Err(sqlx::migrate::MigrateError::VersionMissing(990001))
            ),
            "{strict:?}"
        );
        // The server's: it starts, and checks what it knows.
        super::sqlite().run(&pool).await.unwrap();
        sqlx::query("UPDATE _sqlx_migrations SET checksum = X'00' WHERE version = 1")
            .execute(&pool)
            .await
            .unwrap();
        assert!(matches!(
            super::sqlite().run(&pool).await,
            Err(sqlx::migrate::MigrateError::VersionMismatch(1))
        ));
    }
}

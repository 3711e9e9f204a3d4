//! The store's own tests, on SQLite (the integration tests run the
//! server over PostgreSQL too).

use super::*;
use crate::ids::{GameId, PersonId};

/// The `k`-th game id of a test.
fn id(k: u32) -> GameId {
    GameId::parse(&format!("{k:032x}")).expect("32 hex digits")
}

/// Stores a new game `g` at event 0, without seats.
async fn create(store: &Store, g: &GameId) {
    let game = NewRow {
        id: g,
        created: 1,
        setup: "{}",
        summary: "{}",
        public: true,
        seats: &[],
    };
    store.create(&game).await.unwrap();
}

#[tokio::test]
async fn a_database_named_by_url_is_sqlite_or_postgres_and_nothing_else() {
    let dir = std::env::temp_dir().join(format!("novuss-store-url-{}", std::process::id()));
    let file = dir.join("nested").join("games.sqlite3");
    let url = format!("sqlite://{}", file.display());
    let store = Store::connect(&url).await.unwrap();
    assert!(store.shared().is_none(), "SQLite");
    let g = id(0);
    let game = NewRow {
        id: &g,
        created: 1,
        setup: "{}",
        summary: "{}",
        public: true,
        seats: &[],
    };
    store.create(&game).await.unwrap();
    let append = |after| Append {
        game: &g,
        after,
        body: "{}",
        over: false,
        summary: "{}",
        at_ms: 5_000,
    };
    store.append(&append(0)).await.unwrap();
    assert!(matches!(
        store.append(&append(0)).await,
        Err(StoreError::Conflict)
    ));
    store.close().await;
    // The same file again: what was committed is there.
    let again = Store::connect(&url).await.unwrap();
    assert_eq!(again.stored_event(&g).await.unwrap(), Some(1));
    assert_eq!(again.events_after(&g, 0).await.unwrap().len(), 1);
    assert!(again.events_after(&g, 1).await.unwrap().is_empty());
    again.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    for bad in ["mysql://x/y", "novuss.sqlite3", ""] {
        assert!(
            matches!(
                Store::connect(bad).await,
                Err(StoreError::Database(sqlx::Error::Configuration(_)))
            ),
            "{bad}"
        );
    }
}

#[tokio::test]
async fn appends_sent_at_once_are_each_checked_and_stored_once() {
    let store = Store::memory().await.unwrap();
    let ids: Vec<GameId> = (0..40).map(id).collect();
    for id in &ids {
        create(&store, id).await;
    }
    // Forty games' first events at once, and a stale one for each
    // even game among them: every first event is stored once, and
    // each stale one alone is refused.
    let mut tasks = tokio::task::JoinSet::new();
    for (k, id) in ids.iter().enumerate() {
        for attempt in 0..(1 + usize::from(k % 2 == 0)) {
            let store = store.clone();
            let id = id.clone();
            tasks.spawn(async move {
                let body = format!("{{\"attempt\":{attempt}}}");
                let a = Append {
                    game: &id,
                    after: 0,
                    body: &body,
                    over: false,
                    summary: "{}",
                    at_ms: 1_000,
                };
                store.append(&a).await
            });
        }
    }
    let (mut stored, mut refused) = (0, 0);
    while let Some(done) = tasks.join_next().await {
        match done.unwrap() {
            Ok(()) => stored += 1,
            Err(StoreError::Conflict) => refused += 1,
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!((stored, refused), (40, 20));
    for id in &ids {
        assert_eq!(store.stored_event(id).await.unwrap(), Some(1));
        assert_eq!(store.events(id).await.unwrap().len(), 1);
    }
}

/// A rating row reads in `novuss ratings recompute`'s report as it is
/// stored: ids and names as text, the player as its number.
#[test]
fn a_rating_row_is_shown_as_stored() {
    use crate::glicko::{Outcome, Rating};
    use novuss_core::{Format, PlayerId};
    let person = PersonId::parse(&"a".repeat(32)).unwrap();
    let change = ChangeRow {
        seq: 3,
        game: id(1),
        person: person.clone(),
        player: PlayerId(1),
        format: Format::FourPlayer,
        at: 5,
        score: 0.5,
        result: Outcome::Draw,
        before: Rating::default(),
        after: Rating::default(),
    };
    let shown = format!("{change:?}");
    let expected = format!(
        "ChangeRow {{ seq: 3, game: \"{}\", person: \"{person}\", player: 1, format: \"four_player\", at: 5, score: 0.5, result: \"draw\", before: {:?}, after: {:?} }}",
        id(1),
        Rating::default(),
        Rating::default()
    );
    assert_eq!(shown, expected);
    let current = CurrentRow {
        person: person.clone(),
        format: Format::Singles,
        rating: Rating::default(),
        games: 2,
        at: 5,
    };
    assert!(format!("{current:?}").starts_with(&format!(
        "CurrentRow {{ person: \"{person}\", format: \"singles\", "
    )));
}

/// The checkpoint sequence number in a WAL file's header (bytes 12 to 15,
/// big-endian): SQLite adds one each time the log starts again.
fn log_restarts(wal: &std::path::Path) -> u32 {
    let bytes = std::fs::read(wal).unwrap_or_default();
    bytes
        .get(12..16)
        .map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

/// The events SQLite's database file holds by itself, without its log:
/// what checkpoints have copied into it.
async fn events_in_the_file_alone(file: &std::path::Path, dir: &std::path::Path) -> i64 {
    let copy = dir.join("alone.sqlite3");
    std::fs::copy(file, &copy).unwrap();
    let url = format!("sqlite://{}", copy.display());
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&url)
        .await
        .unwrap();
    let row = sqlx::query("SELECT COUNT(*) FROM events")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let n = read::int(&row, 0, "events").unwrap();
    let _ = sqlx::Connection::close(conn).await;
    for end in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(dir.join(format!("alone.sqlite3{end}")));
    }
    n
}

/// The writer never checkpoints (a checkpoint inside a commit held up
/// every stroke behind it); the checkpointer copies the log into the
/// file beside the writer's commits, and has the log started again once
/// it is long (`checkpoint.rs`).
#[tokio::test]
async fn a_files_log_is_copied_and_started_again_off_the_writer() {
    sqlx::any::install_default_drivers();
    let dir = std::env::temp_dir().join(format!("novuss-store-log-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("novuss.sqlite3");
    let wal = dir.join("novuss.sqlite3-wal");
    // Limits small enough for a test: a restart past 64 pages.
    let limits = checkpoint::Limits {
        period: std::time::Duration::from_millis(20),
        restart_at: 64,
        few: 8,
    };
    let store = Store::sqlite(
        connections::Connections::sqlite_file(&file, limits)
            .await
            .unwrap(),
    );
    let mut writer = store.write().await.unwrap();
    let auto = sqlx::query("PRAGMA wal_autocheckpoint")
        .fetch_one(&mut *writer)
        .await
        .unwrap();
    assert_eq!(
        read::int(&auto, 0, "pragma").unwrap(),
        0,
        "the writer never checkpoints"
    );
    drop(writer);
    let games: Vec<GameId> = (0..16).map(id).collect();
    for g in &games {
        create(&store, g).await;
    }
    // Rounds of sixteen strokes at once, each event 6 kB (two pages and
    // more), until the log has started again twice: at most 400 rounds
    // (40,000 pages), which is over a hundred restarts' worth.
    let body = format!("{{\"motion\":\"{}\"}}", "x".repeat(6_000));
    let mut rounds = 0u64;
    while log_restarts(&wal) < 2 && rounds < 400 {
        let mut tasks = tokio::task::JoinSet::new();
        for g in &games {
            let (store, g, body) = (store.clone(), g.clone(), body.clone());
            tasks.spawn(async move {
                let a = Append {
                    game: &g,
                    after: rounds,
                    body: &body,
                    over: false,
                    summary: "{}",
                    at_ms: 1_000,
                };
                store.append(&a).await
            });
        }
        while let Some(done) = tasks.join_next().await {
            done.unwrap().unwrap();
        }
        rounds += 1;
    }
    assert!(
        log_restarts(&wal) >= 2,
        "the log never started again in {rounds} rounds"
    );
    // What the writer committed reached the database file itself, with
    // the writer's own checkpoints off: the checkpointer copied it.
    let stored = (rounds * 16) as i64;
    let alone = events_in_the_file_alone(&file, &dir).await;
    assert!(alone > 0 && alone <= stored, "{alone} of {stored}");
    // Every event is there, in order.
    for g in &games {
        assert_eq!(store.stored_event(g).await.unwrap(), Some(rounds));
        assert_eq!(store.events(g).await.unwrap().len() as u64, rounds);
    }
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

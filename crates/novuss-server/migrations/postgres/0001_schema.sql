-- The whole schema for PostgreSQL, as the SQLite migrations 0001-0007
-- (crates/novuss-server/migrations/sqlite/) leave it: the same tables,
-- columns and types, so that the store's queries read the same values
-- from either backend. A PostgreSQL database has no history to replay,
-- so it starts from this one file; each later change is a migration of
-- its own in both directories.
--
-- What each table holds is explained beside the SQLite migration that
-- made it; here only what PostgreSQL does differently is said.

CREATE TABLE games (
    id       TEXT PRIMARY KEY,
    created  BIGINT NOT NULL,
    updated  BIGINT NOT NULL,
    setup    TEXT NOT NULL,
    event    BIGINT NOT NULL,
    over     BIGINT NOT NULL DEFAULT 0,
    summary  TEXT NOT NULL,
    public   BIGINT NOT NULL DEFAULT 1,
    turn_at  BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE events (
    game_id  TEXT NOT NULL REFERENCES games (id),
    number   BIGINT NOT NULL,
    at       BIGINT NOT NULL,
    body     TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);

CREATE INDEX games_by_update ON games (updated DESC);
-- The sweep for abandoned games reads the games not over by age.
CREATE INDEX games_open_by_update ON games (updated) WHERE over = 0;

CREATE TABLE people (
    id       TEXT PRIMARY KEY,
    name     TEXT,
    created  BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY,
    person_id   TEXT NOT NULL REFERENCES people (id),
    created     BIGINT NOT NULL,
    seen        BIGINT NOT NULL
);

CREATE INDEX sessions_by_person ON sessions (person_id);

CREATE TABLE seats (
    game_id      TEXT NOT NULL REFERENCES games (id),
    player       BIGINT NOT NULL,
    person_id    TEXT REFERENCES people (id),
    invite_hash  TEXT,
    PRIMARY KEY (game_id, player)
);

-- PostgreSQL, like SQLite, lets a unique index hold many NULLs.
CREATE UNIQUE INDEX seats_by_invite ON seats (invite_hash);
CREATE INDEX seats_by_person ON seats (person_id);

CREATE TABLE accounts (
    person_id      TEXT PRIMARY KEY REFERENCES people (id),
    username       TEXT NOT NULL,
    username_key   TEXT NOT NULL UNIQUE,
    password_hash  TEXT NOT NULL,
    created        BIGINT NOT NULL
);

CREATE TABLE rating_changes (
    seq                BIGINT NOT NULL,
    game_id            TEXT NOT NULL REFERENCES games (id),
    person_id          TEXT NOT NULL REFERENCES people (id),
    player             BIGINT NOT NULL,
    format             TEXT NOT NULL,
    at                 BIGINT NOT NULL,
    score              DOUBLE PRECISION NOT NULL,
    result             TEXT NOT NULL,
    rating_before      DOUBLE PRECISION NOT NULL,
    deviation_before   DOUBLE PRECISION NOT NULL,
    volatility_before  DOUBLE PRECISION NOT NULL,
    rating_after       DOUBLE PRECISION NOT NULL,
    deviation_after    DOUBLE PRECISION NOT NULL,
    volatility_after   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, person_id)
);

CREATE INDEX rating_changes_by_seq ON rating_changes (seq);
CREATE INDEX rating_changes_by_person ON rating_changes (person_id, seq);

CREATE TABLE ratings (
    person_id   TEXT NOT NULL REFERENCES people (id),
    format      TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (person_id, format)
);

CREATE INDEX ratings_by_format ON ratings (format, rating);

CREATE TABLE chat_lines (
    game_id    TEXT NOT NULL REFERENCES games (id),
    number     BIGINT NOT NULL,
    at         BIGINT NOT NULL,
    room       TEXT NOT NULL,
    person_id  TEXT NOT NULL REFERENCES people (id),
    player     BIGINT,
    preset     TEXT,
    body       TEXT,
    PRIMARY KEY (game_id, number)
);

CREATE INDEX chat_lines_by_author ON chat_lines (game_id, person_id);

CREATE TABLE chat_settings (
    game_id    TEXT PRIMARY KEY REFERENCES games (id),
    free_text  BIGINT NOT NULL
);

CREATE TABLE challenges (
    game_id     TEXT PRIMARY KEY REFERENCES games (id),
    creator     TEXT NOT NULL REFERENCES people (id),
    created     BIGINT NOT NULL,
    min_rating  BIGINT,
    max_rating  BIGINT
);

CREATE INDEX challenges_by_created ON challenges (created DESC);

-- Which instance runs a game's computer turns and clocks (several
-- servers over one database, docs/scaling.md): a lease its holder renews
-- while it serves the game, which another instance may take once it has
-- expired (`until`, ms since 1970). Only PostgreSQL has it: one SQLite
-- file is served by one process.
CREATE TABLE leases (
    game_id  TEXT PRIMARY KEY REFERENCES games (id),
    holder   TEXT NOT NULL,
    until    BIGINT NOT NULL
);

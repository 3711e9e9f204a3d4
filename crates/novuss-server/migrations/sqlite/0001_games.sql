-- Games and their numbered events. Plain SQL that PostgreSQL reads too
-- (TEXT and BIGINT), so a second backend needs no new schema design.

CREATE TABLE games (
    id       TEXT PRIMARY KEY,
    created  BIGINT NOT NULL,  -- seconds since 1970
    updated  BIGINT NOT NULL,
    setup    TEXT NOT NULL,    -- JSON: players, match configuration, physics, casual
    event    BIGINT NOT NULL,  -- the number of the game's last event (0: none yet)
    over     BIGINT NOT NULL DEFAULT 0,
    summary  TEXT NOT NULL     -- JSON: score and set number, for the list of games
);

CREATE TABLE events (
    game_id  TEXT NOT NULL REFERENCES games (id),
    number   BIGINT NOT NULL,
    at       BIGINT NOT NULL,  -- seconds since 1970
    body     TEXT NOT NULL,    -- JSON: what happened (a stroke as played, a take-back, a set started)
    PRIMARY KEY (game_id, number)
);

CREATE INDEX games_by_update ON games (updated DESC);

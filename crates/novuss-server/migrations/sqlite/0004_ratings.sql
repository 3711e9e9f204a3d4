-- Glicko-2 ratings (docs/protocol.md, "Ratings"). Plain SQL that
-- PostgreSQL reads too: DOUBLE PRECISION is REAL in SQLite, an exact
-- 64-bit float in both, so `novuss ratings recompute` can compare the
-- stored figures bit for bit. (The comments stay outside the statements:
-- SQLite keeps each statement's text in its schema, which should stay on
-- the database's first page.)

-- One row per rated game and person: the rating as the update used it
-- (after idle time widened its deviation) and as it left it.
--   seq     the order games were settled in, shared by the rows of one
--           game, so that a recomputation replays them in that order
--   player  the player of the game's set-up, from 0
--   format  singles, doubles or four_player
--   at      when the match ended, seconds since 1970
--   score   mean points against the opponents: 1, 0.5, 0 or between
--   result  win, draw or loss of the match
CREATE TABLE rating_changes (
    seq BIGINT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id),
    person_id TEXT NOT NULL REFERENCES people (id),
    player BIGINT NOT NULL,
    format TEXT NOT NULL,
    at BIGINT NOT NULL,
    score DOUBLE PRECISION NOT NULL,
    result TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    volatility_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    deviation_after DOUBLE PRECISION NOT NULL,
    volatility_after DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, person_id)
);

CREATE INDEX rating_changes_by_seq ON rating_changes (seq);
CREATE INDEX rating_changes_by_person ON rating_changes (person_id, seq);

-- Each person's rating per format now: the last change's "after", with
-- the time of that game (idle time counts from it) and how many rated
-- games made it.
CREATE TABLE ratings (
    person_id TEXT NOT NULL REFERENCES people (id),
    format TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (person_id, format)
);

CREATE INDEX ratings_by_format ON ratings (format, rating);

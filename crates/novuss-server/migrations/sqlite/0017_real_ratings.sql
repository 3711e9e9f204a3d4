-- Ratings for the real table (docs/competitions.md, "Ratings for the
-- real table"): a Glicko-2 pool of its own, moved by finished rated
-- singles competitions played on real tables, one rating period per
-- competition. Rebuilt whole from the competitions whenever one is
-- rated (table_ratings/mod.rs), so rows are replaced, never patched.

-- One row per rated competition, in the order they were rated (by day).
--   seq      its place in that order, from 1
--   at       its day (its last day, else its first, else when its last
--            change was stored), seconds since 1970
--   changes  how many changes it had when it was rated: one stored
--            since then (a result corrected) makes it rated again
--   name     its name then, for a player's history
CREATE TABLE table_rated (
    competition_id TEXT PRIMARY KEY REFERENCES competitions (id),
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    changes BIGINT NOT NULL,
    name TEXT NOT NULL
);

-- One row per rated competition and player who played in it: the
-- federation's own data model (the change per competition). A player is
-- keyed by player_id (a hash of their licence, or of their folded name
-- and birth year); the entry's columns are as that competition listed
-- them. The current rating is the latest row's "after" (no other table).
--   games   rated games (results with play) in the competition
--   points  1 a win, 0.5 a draw, summed
CREATE TABLE table_rating_changes (
    competition_id TEXT NOT NULL REFERENCES competitions (id),
    player_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    name TEXT NOT NULL,
    club TEXT,
    licence TEXT,
    category TEXT,
    birth_year BIGINT,
    person_id TEXT,
    games BIGINT NOT NULL,
    points DOUBLE PRECISION NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    volatility_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    deviation_after DOUBLE PRECISION NOT NULL,
    volatility_after DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (competition_id, player_id)
);

CREATE INDEX table_rating_changes_by_player ON table_rating_changes (player_id, seq);
CREATE INDEX table_rating_changes_by_person ON table_rating_changes (person_id, seq);

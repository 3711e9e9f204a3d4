-- Ratings for the real table: the same tables as the SQLite migration
-- 0017_real_ratings.sql, which explains them.
CREATE TABLE table_rated (
    competition_id TEXT PRIMARY KEY REFERENCES competitions (id),
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    changes BIGINT NOT NULL,
    name TEXT NOT NULL
);

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

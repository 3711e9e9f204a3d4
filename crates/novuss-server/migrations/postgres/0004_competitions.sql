-- Competitions (issue 32): the same tables as the SQLite migration
-- 0009_competitions.sql, which explains them.
CREATE TABLE competitions (
    id         TEXT PRIMARY KEY,
    organiser  TEXT NOT NULL REFERENCES people (id),
    created    BIGINT NOT NULL,
    setup      TEXT NOT NULL,
    changes    BIGINT NOT NULL
);

CREATE INDEX competitions_by_created ON competitions (created DESC);

CREATE TABLE competition_changes (
    competition_id  TEXT NOT NULL REFERENCES competitions (id),
    number          BIGINT NOT NULL,
    at              BIGINT NOT NULL,
    person_id       TEXT NOT NULL,
    body            TEXT NOT NULL,
    PRIMARY KEY (competition_id, number)
);

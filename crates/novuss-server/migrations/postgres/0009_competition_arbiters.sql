-- Arbiters: the same table as the SQLite migration
-- 0014_competition_arbiters.sql, which explains it.
CREATE TABLE competition_arbiters (
    competition_id  TEXT NOT NULL REFERENCES competitions (id),
    person_id       TEXT NOT NULL REFERENCES people (id),
    named_by        TEXT NOT NULL,
    named_at        BIGINT NOT NULL,
    PRIMARY KEY (competition_id, person_id)
);

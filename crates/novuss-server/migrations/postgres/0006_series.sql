-- Series (issue 32): the same tables as the SQLite migration
-- 0011_series.sql, which explains them.
CREATE TABLE series (
    id         TEXT PRIMARY KEY,
    organiser  TEXT NOT NULL REFERENCES people (id),
    created    BIGINT NOT NULL,
    setup      TEXT NOT NULL
);

CREATE INDEX series_by_created ON series (created DESC);

CREATE TABLE series_stages (
    series_id       TEXT NOT NULL REFERENCES series (id),
    stage           BIGINT NOT NULL,
    competition_id  TEXT NOT NULL REFERENCES competitions (id),
    PRIMARY KEY (series_id, stage),
    UNIQUE (series_id, competition_id)
);

-- Series (issue 32, "Series"; docs/competitions.md, "Series", "On the
-- server"): a season of stages, each a competition of the series'
-- organiser, in which a player's best N of M stages count. What is stored
-- is the set-up and which competition is which stage; the standings are
-- counted from the competitions as they stand, never stored.
CREATE TABLE series (
    id         TEXT PRIMARY KEY,
    organiser  TEXT NOT NULL REFERENCES people (id),
    created    BIGINT NOT NULL,   -- seconds since 1970
    setup      TEXT NOT NULL      -- the set-up, as JSON (the server's SeriesSetup)
);

CREATE INDEX series_by_created ON series (created DESC);

-- A stage is one place of the season (1 to M) and one competition: the
-- keys keep a place from being two competitions and a competition from
-- being two stages, even between two server instances.
CREATE TABLE series_stages (
    series_id       TEXT NOT NULL REFERENCES series (id),
    stage           BIGINT NOT NULL,
    competition_id  TEXT NOT NULL REFERENCES competitions (id),
    PRIMARY KEY (series_id, stage),
    UNIQUE (series_id, competition_id)
);

-- Competitions (issue 32; docs/competitions.md, "On the server"): a
-- competition is its set-up and the changes its organiser made, in order.
-- As a game is rebuilt from its events, a competition is rebuilt by
-- applying its changes again (novuss-club's Competition::apply): what is
-- stored is what happened, never a standings table that could disagree.
CREATE TABLE competitions (
    id         TEXT PRIMARY KEY,
    organiser  TEXT NOT NULL REFERENCES people (id),
    created    BIGINT NOT NULL,   -- seconds since 1970
    setup      TEXT NOT NULL,     -- the set-up, as JSON (novuss_club::Setup)
    changes    BIGINT NOT NULL    -- how many changes it has
);

CREATE INDEX competitions_by_created ON competitions (created DESC);

-- A change is written only as the next of its competition (number =
-- changes + 1, in the transaction that counts it), so two organisers' pages
-- (or two server instances) can never interleave changes: the second is
-- refused as stale, as a stroke is.
CREATE TABLE competition_changes (
    competition_id  TEXT NOT NULL REFERENCES competitions (id),
    number          BIGINT NOT NULL,
    at              BIGINT NOT NULL,   -- seconds since 1970
    person_id       TEXT NOT NULL,     -- who made it (the organiser, later an arbiter)
    body            TEXT NOT NULL,     -- the change, as JSON (novuss_club::Change)
    PRIMARY KEY (competition_id, number)
);

-- Arbiters (issue 32, "Bad input and trust": "Only the organiser (and the
-- arbiters they name) can change a competition"): people with accounts the
-- organiser names, who may make every change the organiser may except
-- naming arbiters. Who may change a competition is a matter of the
-- server's policy, not of what happened in the competition, so it is kept
-- here rather than in its changes (a competition moved to another server
-- keeps its results, not this server's people); the changes an arbiter
-- makes are stored under their id, as the organiser's are.
CREATE TABLE competition_arbiters (
    competition_id  TEXT NOT NULL REFERENCES competitions (id),
    person_id       TEXT NOT NULL REFERENCES people (id),
    named_by        TEXT NOT NULL,     -- the organiser who named them
    named_at        BIGINT NOT NULL,   -- seconds since 1970
    PRIMARY KEY (competition_id, person_id)
);

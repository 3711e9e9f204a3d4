-- Who has a game open, and on which instance (several servers over one
-- database, docs/scaling.md): each instance writes its own row when a
-- person's first socket on a game opens there and when their last one
-- closes. Another instance asks it before it grants a claim against an
-- absent player, who may be connected elsewhere.
--   sockets  0 or 1: whether the person has the game open on the instance
--   at       when that last changed, ms since 1970
CREATE TABLE presence (
    game_id    TEXT NOT NULL REFERENCES games (id),
    person_id  TEXT NOT NULL REFERENCES people (id),
    instance   TEXT NOT NULL,
    sockets    BIGINT NOT NULL,
    at         BIGINT NOT NULL,
    PRIMARY KEY (game_id, person_id, instance)
);

-- The instances alive: each writes `seen` (ms since 1970) every two
-- seconds, and a presence row counts only while its instance was seen in
-- the last ten, so that a killed instance's sockets stop counting.
CREATE TABLE instances (
    id    TEXT PRIMARY KEY,
    seen  BIGINT NOT NULL
);

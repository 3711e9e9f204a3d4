-- Open challenges in the lobby (docs/protocol.md, "The lobby"): a game
-- whose seats but its creator's are for whoever accepts from the lobby.
-- The game and its seats are stored as any game's; this row says it is
-- offered to everyone, with the rating range its creator asked for.
CREATE TABLE challenges (
    game_id     TEXT PRIMARY KEY REFERENCES games (id),
    creator     TEXT NOT NULL REFERENCES people (id),
    created     BIGINT NOT NULL,   -- seconds since 1970
    min_rating  BIGINT,            -- the acceptor's rating at least, if set
    max_rating  BIGINT             -- and at most
);

CREATE INDEX challenges_by_created ON challenges (created DESC);

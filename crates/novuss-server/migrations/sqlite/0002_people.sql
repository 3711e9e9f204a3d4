-- People, their sessions, and who holds each seat of a game
-- (docs/protocol.md, "Who is who"). Plain SQL that PostgreSQL reads too.

-- A person: an anonymous visitor until they choose an account. `id` is
-- public (it names them in games and on their page); what proves who
-- they are is a session's secret, held only by their browser.
CREATE TABLE people (
    id       TEXT PRIMARY KEY,
    name     TEXT,              -- the display name they chose, if any
    created  BIGINT NOT NULL    -- seconds since 1970
);

-- A session: the SHA-256 of the secret in the visitor's cookie. The
-- secret itself is never stored, so a copy of the database lets nobody
-- act as anyone.
CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY,
    person_id   TEXT NOT NULL REFERENCES people (id),
    created     BIGINT NOT NULL,
    seen        BIGINT NOT NULL
);

CREATE INDEX sessions_by_person ON sessions (person_id);

-- Who holds each person's seat of a game (player `player` of its set-up,
-- from 0). A seat waiting for an invited person has no holder and the
-- SHA-256 of its invite's secret; the hash stays once the seat is taken,
-- so that a second opening of the link is told the seat is taken.
-- Computer players have no row.
CREATE TABLE seats (
    game_id      TEXT NOT NULL REFERENCES games (id),
    player       BIGINT NOT NULL,
    person_id    TEXT REFERENCES people (id),
    invite_hash  TEXT,
    PRIMARY KEY (game_id, player)
);

CREATE UNIQUE INDEX seats_by_invite ON seats (invite_hash);
CREATE INDEX seats_by_person ON seats (person_id);

-- Whether the game is listed for everyone. Games stored before there
-- were people were all listed, and stay so; new games say.
ALTER TABLE games ADD COLUMN public BIGINT NOT NULL DEFAULT 1;

-- The chat of a game (docs/protocol.md, "Chat"). Plain SQL that
-- PostgreSQL reads too. Chat lines are not events: they never change a
-- game's event number, and a game is rebuilt without them.

-- One line: a preset phrase by its id, or free text (never both), in the
-- players' or the watchers' room. `number` counts a game's lines from 1.
CREATE TABLE chat_lines (
    game_id    TEXT NOT NULL REFERENCES games (id),
    number     BIGINT NOT NULL,
    at         BIGINT NOT NULL,          -- seconds since 1970
    room       TEXT NOT NULL,            -- 'players' or 'watchers'
    person_id  TEXT NOT NULL REFERENCES people (id),
    player     BIGINT,                   -- the author's player, from 0, in the players' room
    preset     TEXT,                     -- a preset phrase's id
    body       TEXT,                     -- free text, as plain text
    PRIMARY KEY (game_id, number)
);

CREATE INDEX chat_lines_by_author ON chat_lines (game_id, person_id);

-- A game's chat settings, once its creator changed them (no row: free
-- text allowed).
CREATE TABLE chat_settings (
    game_id    TEXT PRIMARY KEY REFERENCES games (id),
    free_text  BIGINT NOT NULL
);

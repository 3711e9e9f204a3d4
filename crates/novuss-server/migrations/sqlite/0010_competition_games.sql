-- Competitions played on this server (issue 32; docs/competitions.md,
-- "Played on this server"): each board of an online competition's round is
-- a game between the two entrants' seats. The row is written before its
-- game is made, and its key (competition, round, board) is unique, so that
-- of several servers over one database only the one that wrote it makes
-- the game; a restart finds every game, and every grace, here.
CREATE TABLE competition_games (
    competition_id  TEXT NOT NULL REFERENCES competitions (id),
    round           BIGINT NOT NULL,
    board           BIGINT NOT NULL,
    game_id         TEXT NOT NULL UNIQUE,  -- made after this row, with this id
    first_person    TEXT NOT NULL,         -- breaks first: the game's first seat
    second_person   TEXT NOT NULL,
    created_ms      BIGINT NOT NULL,       -- ms since 1970
    deadline_ms     BIGINT NOT NULL,       -- who has not opened the game by then loses by forfeit
    first_here      BIGINT NOT NULL DEFAULT 0,  -- 1 once the first opened it
    second_here     BIGINT NOT NULL DEFAULT 0,
    settled         BIGINT NOT NULL DEFAULT 0,  -- 1 once the board's result is taken (by one server)
    PRIMARY KEY (competition_id, round, board)
);

CREATE INDEX competition_games_open ON competition_games (settled, deadline_ms);

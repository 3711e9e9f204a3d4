-- Competitions played on this server (issue 32): the same table as the
-- SQLite migration 0010_competition_games.sql, which explains it.
CREATE TABLE competition_games (
    competition_id  TEXT NOT NULL REFERENCES competitions (id),
    round           BIGINT NOT NULL,
    board           BIGINT NOT NULL,
    game_id         TEXT NOT NULL UNIQUE,
    first_person    TEXT NOT NULL,
    second_person   TEXT NOT NULL,
    created_ms      BIGINT NOT NULL,
    deadline_ms     BIGINT NOT NULL,
    first_here      BIGINT NOT NULL DEFAULT 0,
    second_here     BIGINT NOT NULL DEFAULT 0,
    settled         BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (competition_id, round, board)
);

CREATE INDEX competition_games_open ON competition_games (settled, deadline_ms);

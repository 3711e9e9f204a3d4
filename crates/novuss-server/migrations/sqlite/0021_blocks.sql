-- People a person blocked (docs/moderation.md, "Blocks"): no challenge,
-- chat line or invitation passes between the two, either way.
--   at  when, seconds since 1970
CREATE TABLE blocks (
    blocker  TEXT NOT NULL REFERENCES people (id),
    blocked  TEXT NOT NULL REFERENCES people (id),
    at       BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);

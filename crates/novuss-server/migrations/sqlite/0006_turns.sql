-- When the turn in play began, in milliseconds since 1970: written with
-- each event, and when a person takes an invited seat (the game may then
-- begin). The stroke clock and the absence grace count from it, so a
-- restart resumes them rather than starting them again
-- (docs/protocol.md, "Clocks and absence"). 0 in games stored before:
-- their `updated` stands in.
ALTER TABLE games ADD COLUMN turn_at BIGINT NOT NULL DEFAULT 0;

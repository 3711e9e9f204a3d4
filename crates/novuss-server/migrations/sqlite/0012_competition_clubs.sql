-- The club that organises a competition (docs/competitions.md, "Clubs"):
-- its name is in the set-up; here is the name as it is looked up
-- (novuss_club::competition::club_key: lower-cased, the Latvian letters
-- without their marks, spaces collapsed), so that a club's page finds its
-- competitions without reading every set-up. A competition created before
-- clubs were named has none.
ALTER TABLE competitions ADD COLUMN club_key TEXT;

CREATE INDEX competitions_by_club ON competitions (club_key, created DESC);

-- Which people with accounts are entered in which competitions (issue 32,
-- "a player's page shows their competition results"; docs/competitions.md,
-- "On a player's page"): a player's page finds their competitions here
-- instead of reading every competition's changes. An entry names its
-- person only when the organiser entered them by user name or they
-- entered themselves (competitions/entering.rs).
--
-- A row is written in the transaction that stores the entry's change
-- (store/entrants.rs), so the index and the changes never disagree, on
-- one server or several over one database. A withdrawal keeps the row
-- (the entrant is still in the competition, withdrawn: the page says so);
-- an unpaired round changes no entry; a competition removed takes its rows
-- with it. Where the person stands is read from the competition itself
-- when the page asks, never stored here.
CREATE TABLE competition_entrants (
    competition_id  TEXT NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
    person_id       TEXT NOT NULL,
    PRIMARY KEY (competition_id, person_id)
);

CREATE INDEX competition_entrants_by_person ON competition_entrants (person_id);

-- The competitions stored before this migration: their entries are read
-- from the changes already stored, once, here, so that every server that
-- opens the database afterwards finds the index whole (doing it on each
-- start would read every change again on every start). Only changes that
-- mention a person are parsed; an entry names one at "$.entry.person"
-- (`enter`) or in "$.entries[*].person" (`enter_list`, which the server
-- never fills, read all the same).
INSERT OR IGNORE INTO competition_entrants (competition_id, person_id)
SELECT competition_id, json_extract(body, '$.entry.person')
FROM competition_changes
WHERE body LIKE '%"person"%' AND json_valid(body)
  AND json_extract(body, '$.change') = 'enter'
  AND json_extract(body, '$.entry.person') IS NOT NULL;

INSERT OR IGNORE INTO competition_entrants (competition_id, person_id)
SELECT c.competition_id, json_extract(e.value, '$.person')
FROM (
    SELECT competition_id, body FROM competition_changes
    WHERE body LIKE '%"person"%' AND json_valid(body)
      AND json_extract(body, '$.change') = 'enter_list'
) AS c, json_each(c.body, '$.entries') AS e
WHERE json_extract(e.value, '$.person') IS NOT NULL;

-- Which people with accounts are entered in which competitions: the same
-- table as the SQLite migration 0013_competition_entrants.sql, which
-- explains it, filled from the changes already stored in the same way.
CREATE TABLE competition_entrants (
    competition_id  TEXT NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
    person_id       TEXT NOT NULL,
    PRIMARY KEY (competition_id, person_id)
);

CREATE INDEX competition_entrants_by_person ON competition_entrants (person_id);

INSERT INTO competition_entrants (competition_id, person_id)
SELECT DISTINCT competition_id, person
FROM (
    SELECT c.competition_id, c.body::jsonb -> 'entry' ->> 'person' AS person
    FROM competition_changes c
    WHERE c.body LIKE '%"person"%' AND c.body::jsonb ->> 'change' = 'enter'
    UNION ALL
    SELECT c.competition_id, e ->> 'person'
    FROM competition_changes c,
         jsonb_array_elements(CASE WHEN c.body LIKE '%"person"%' AND c.body::jsonb ->> 'change' = 'enter_list'
                                   THEN c.body::jsonb -> 'entries' ELSE '[]'::jsonb END) AS e
) AS found
WHERE person IS NOT NULL
ON CONFLICT DO NOTHING;

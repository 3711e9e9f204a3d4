-- Open online competitions: the same column as the SQLite migration
-- 0015_open_online_competitions.sql, which explains it.
ALTER TABLE competitions ADD COLUMN online_open BIGINT NOT NULL DEFAULT 0;

UPDATE competitions SET online_open = 1
WHERE (setup::jsonb -> 'play' ->> 'kind') = 'online';

CREATE INDEX competitions_online_open ON competitions (online_open);

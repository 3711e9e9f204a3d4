-- Competitions played on this server that are not yet finished (issue 32;
-- docs/competitions.md, "Played on this server"): on start, and whenever
-- a scheduled round may be due, a server looks for them here rather than
-- among the newest competitions only (an online league created long ago
-- still plays its rounds). Set when one is created, cleared when its last
-- result is in.
ALTER TABLE competitions ADD COLUMN online_open BIGINT NOT NULL DEFAULT 0;

UPDATE competitions SET online_open = 1
WHERE json_extract(setup, '$.play.kind') = 'online';

CREATE INDEX competitions_online_open ON competitions (online_open);

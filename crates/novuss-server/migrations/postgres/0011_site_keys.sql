-- Keys the server makes once and keeps: the same table as the SQLite
-- migration 0016_site_keys.sql, which explains it.
CREATE TABLE site_keys (
    name  TEXT PRIMARY KEY,
    key   TEXT NOT NULL
);

-- Keys the server makes once and keeps (issue 33): `table_links` signs
-- the links of a competition's tables (competitions/tables.rs), so that
-- a link can be shown again, on the organiser's page and a printed card,
-- without the link being stored. Every server sharing the database signs
-- with the same key; the first to start makes it.
CREATE TABLE site_keys (
    name  TEXT PRIMARY KEY,
    key   TEXT NOT NULL
);

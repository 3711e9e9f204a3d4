-- The word list (docs/moderation.md, "Word list"): words no name and no
-- free chat line may contain, kept by the operator with `novuss words`.
--   word      as matched: lower case, diacritics and look-alikes folded;
--             ending in * for the words that begin with it
--   lang      the language it is a word of: en, lv or both (every entry
--             is checked against every text: both languages' readers see
--             each name and line)
--   added     when, seconds since 1970
--   added_by  who added it, as the command was told (the operator's login
--             by default)
CREATE TABLE word_list (
    word TEXT PRIMARY KEY,
    lang TEXT NOT NULL,
    added BIGINT NOT NULL,
    added_by TEXT NOT NULL
);
-- One row: how many times the list has changed. Each server reads it
-- every few seconds and reads the list again only when it moved, so that
-- a change made by the command reaches every server sharing the database
-- without a query per name or line.
CREATE TABLE word_list_version (
    id BIGINT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO word_list_version (id, version) VALUES (1, 0);

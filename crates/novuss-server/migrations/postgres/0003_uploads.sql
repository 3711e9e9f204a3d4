-- Uploaded records stored as games, counted against their uploader's
-- quota (docs/protocol.md, "Uploads"): the bytes each stores (its set-up
-- and events), whoever holds its seats later.
CREATE TABLE uploads (
    game_id    TEXT PRIMARY KEY REFERENCES games (id),
    person_id  TEXT NOT NULL,
    bytes      BIGINT NOT NULL,
    at         BIGINT NOT NULL    -- seconds since 1970
);

CREATE INDEX uploads_by_person ON uploads (person_id);

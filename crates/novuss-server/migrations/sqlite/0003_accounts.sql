-- Accounts (docs/protocol.md, "Accounts"): a person who chose a user name
-- and a password, so that they can sign in from other devices. The
-- account is keyed by the person, so that their games and seats, which
-- name the person, stay theirs. Plain SQL that PostgreSQL reads too.
CREATE TABLE accounts (
    person_id      TEXT PRIMARY KEY REFERENCES people (id),
    username       TEXT NOT NULL,          -- as they wrote it, shown back to them
    username_key   TEXT NOT NULL UNIQUE,   -- case-folded: unique whatever the case
    password_hash  TEXT NOT NULL,          -- Argon2id, a PHC string with its own salt
    created        BIGINT NOT NULL         -- seconds since 1970
);

-- People who asked to be forgotten (docs/privacy.md, "Deleting your
-- account"). Their row stays, so that the games, rating changes and
-- competitions that name their random id still read; its name is gone,
-- and so are their account, sessions and chat lines' words.
--   forgotten  when they were forgotten, seconds since 1970; NULL: never
ALTER TABLE people ADD COLUMN forgotten BIGINT;

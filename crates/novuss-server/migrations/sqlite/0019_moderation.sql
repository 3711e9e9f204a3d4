-- Moderation (docs/moderation.md; issue 34, "Moderated").

-- Site administrators, named from the command line only
-- (`novuss admin grant NAME`): an account's person.
CREATE TABLE admins (
    person_id  TEXT PRIMARY KEY REFERENCES people (id),
    granted    BIGINT NOT NULL    -- seconds since 1970
);

-- What a person is held to by the moderators, each since when (seconds
-- since 1970; NULL: not): muted writes no chat line; banned plays no
-- rated game and uses no lobby; closed signs in no more (their sessions
-- ended when it was closed). Each is undone by clearing it.
ALTER TABLE people ADD COLUMN muted BIGINT;
ALTER TABLE people ADD COLUMN banned BIGINT;
ALTER TABLE people ADD COLUMN closed BIGINT;

-- A chat line a moderator hid, since when; NULL: shown.
ALTER TABLE chat_lines ADD COLUMN hidden BIGINT;

-- What people report: a chat line, a player's name, or a player.
--   kind      'chat_line', 'name' or 'player'
--   person    whom it is about
--   game_id, line   the chat line reported (kind 'chat_line')
--   reason    'abuse', 'spam', 'cheating', 'name' or 'other'
--   note      the reporter's words, if any (at most 500 characters)
--   what      what was reported as it stood then: the line's words or
--             the name, so that the moderator reads what was seen
--   closed, closed_by, outcome   once a moderator dealt with it
CREATE TABLE reports (
    id         TEXT PRIMARY KEY,
    at         BIGINT NOT NULL,
    reporter   TEXT NOT NULL REFERENCES people (id),
    kind       TEXT NOT NULL,
    person     TEXT NOT NULL REFERENCES people (id),
    game_id    TEXT,
    line       BIGINT,
    reason     TEXT NOT NULL,
    note       TEXT,
    what       TEXT,
    closed     BIGINT,
    closed_by  TEXT,
    outcome    TEXT
);
CREATE INDEX reports_open ON reports (closed, at);
CREATE INDEX reports_person ON reports (person, at);

-- Every moderator's action, with who took it and why. An action is undone
-- by another (`undoes` names it); both stay. `seq` orders them as they
-- were stored (several in one second keep their order).
--   action    'hide_line', 'show_line', 'rename', 'mute', 'unmute',
--             'ban', 'unban', 'close', 'reopen'
--   name_before, name_after   the name before and after a rename
CREATE TABLE moderation_log (
    id         TEXT PRIMARY KEY,
    seq        BIGINT NOT NULL,
    at         BIGINT NOT NULL,
    admin      TEXT NOT NULL REFERENCES people (id),
    person     TEXT NOT NULL REFERENCES people (id),
    action     TEXT NOT NULL,
    game_id    TEXT,
    line       BIGINT,
    reason     TEXT NOT NULL,
    name_before TEXT,
    name_after TEXT,
    undoes     TEXT,
    undone_by  TEXT
);
CREATE INDEX moderation_log_person ON moderation_log (person, seq);
CREATE INDEX moderation_log_seq ON moderation_log (seq);

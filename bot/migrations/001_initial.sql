-- Matches: one row per match, the whole engine state as JSON.
CREATE TABLE matches (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    game             TEXT    NOT NULL,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    host_id          INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    seats            TEXT    NOT NULL,            -- JSON list of {"user_id", "name"}; seat order once active
    options          TEXT    NOT NULL,            -- JSON object
    seed             INTEGER NOT NULL,
    state            TEXT,                        -- JSON engine state; NULL in the lobby
    version          INTEGER NOT NULL DEFAULT 0,  -- number of actions applied
    board_message_id INTEGER,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
-- One live match per channel (a thread is a channel).
CREATE UNIQUE INDEX matches_live_channel ON matches (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX matches_guild ON matches (guild_id);

-- Append-only action log: replaying it from the seed rebuilds any match.
CREATE TABLE actions (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    version    INTEGER NOT NULL,   -- the match version this action produced
    seat       INTEGER NOT NULL,
    user_id    INTEGER,
    action     TEXT    NOT NULL,
    events     TEXT    NOT NULL,   -- JSON list of events
    created_at REAL    NOT NULL,
    PRIMARY KEY (match_id, version)
);

-- At most one pending reminder per match.
CREATE TABLE reminders (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id),
    due_at   REAL    NOT NULL,
    sent     INTEGER NOT NULL DEFAULT 0,  -- reminders already sent for this wait
    version  INTEGER NOT NULL             -- the match version the wait started at
);
CREATE INDEX reminders_due ON reminders (due_at);

CREATE TABLE channel_settings (
    channel_id        INTEGER PRIMARY KEY,
    reminder_delay    INTEGER NOT NULL,          -- seconds
    reminders_enabled INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE user_settings (
    user_id      INTEGER PRIMARY KEY,
    dm_reminders INTEGER NOT NULL DEFAULT 0
);

-- Results of finished matches, one row per seat, for /stats.
CREATE TABLE results (
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    seat        INTEGER NOT NULL,
    guild_id    INTEGER,
    game        TEXT    NOT NULL,
    user_id     INTEGER,
    score       INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX results_player ON results (guild_id, user_id);

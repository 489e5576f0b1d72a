-- Discord effects waiting to be delivered: written in the same transaction as the change that
-- needs them, delivered by the match's one writer for the match's latest version, then deleted.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('lobby', 'board', 'final', 'notice')),
    version    INTEGER NOT NULL,          -- the match version that asked for it
    payload    TEXT    NOT NULL,          -- JSON object
    created_at REAL    NOT NULL
);
CREATE INDEX outbox_match ON outbox (match_id, id);

-- The lobby message stays editable after the start ("Started. Seat order ...").
ALTER TABLE matches ADD COLUMN lobby_message_id INTEGER;

-- Start-up lists the live matches; it must not scan every match ever played.
CREATE INDEX matches_status ON matches (status);

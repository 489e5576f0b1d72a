-- The short "your turn" message of the turn in progress, deleted by the writer once the turn is
-- over (recorded, so a restarted bot still deletes it).
ALTER TABLE matches ADD COLUMN mention_message_id INTEGER;

-- Channels where `/<game> new` opens a thread unless told otherwise.
ALTER TABLE channel_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0;

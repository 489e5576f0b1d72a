-- See bot/migrations/005_quiet_channel.sql: the turn's "your turn" message, and channels whose
-- matches open in threads.
ALTER TABLE matches ADD COLUMN mention_message_id BIGINT;
ALTER TABLE channel_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0;

-- Channels may let an AI play for a player who stays absent after the last reminder.
ALTER TABLE channel_settings ADD COLUMN ai_takeover INTEGER NOT NULL DEFAULT 0;

-- See bot/migrations/006_async_play.sql: lobby expiry per channel, the turn ping per user, and
-- the live matches of a server.
ALTER TABLE channel_settings ADD COLUMN lobby_expiry INTEGER;
ALTER TABLE user_settings ADD COLUMN turn_ping TEXT NOT NULL DEFAULT 'channel';
CREATE INDEX matches_guild_live ON matches (guild_id) WHERE status IN ('lobby', 'active');

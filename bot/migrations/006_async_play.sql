-- A lobby nobody starts closes itself (its expiry is a row of `reminders` at the lobby's version):
-- this channel's delay in seconds (0: never; NULL: the bot's LOBBY_EXPIRY).
ALTER TABLE channel_settings ADD COLUMN lobby_expiry INTEGER;
-- Per user, the "your turn" mention: 'channel' (in the channel), 'mute' (none; reminders still
-- come) or 'dm' (by direct message).
ALTER TABLE user_settings ADD COLUMN turn_ping TEXT NOT NULL DEFAULT 'channel';
-- /match mine lists a user's live matches in a server.
CREATE INDEX matches_guild_live ON matches (guild_id) WHERE status IN ('lobby', 'active');

-- See bot/migrations/008_language.sql: a channel's language, the server's and each user's locale.
ALTER TABLE channel_settings ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN locale TEXT;
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    locale   TEXT
);

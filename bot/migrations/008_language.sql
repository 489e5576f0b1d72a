-- The languages of issue 35. A channel's posts are in the language chosen with `/settings
-- language` (NULL: the server's preferred locale, else English); the server's preferred locale is
-- remembered from the interactions that give it (Discord sends it with each one, never otherwise),
-- and each user's Discord locale too, for the direct messages nobody is there to ask for.
ALTER TABLE channel_settings ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN locale TEXT;
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    locale   TEXT
);

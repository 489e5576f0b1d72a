-- Ratings per game per server (OpenSkill's mu and sigma, see bot/ratings.py), changed in the
-- transaction that records a finished match's results. AI seats (no user) are never rated.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    played     INTEGER NOT NULL,   -- rated matches
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
-- A player's ratings in a server, for /stats.
CREATE INDEX ratings_player ON ratings (guild_id, user_id);

-- /match history and /match replay list a channel's last finished matches.
CREATE INDEX matches_channel_status ON matches (channel_id, status, updated_at);

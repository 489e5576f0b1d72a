-- Ratings per game per server (see bot/migrations/004_ratings_history.sql and bot/ratings.py).
CREATE TABLE ratings (
    guild_id   BIGINT           NOT NULL,
    game       TEXT             NOT NULL,
    user_id    BIGINT           NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    played     INTEGER          NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_player ON ratings (guild_id, user_id);

CREATE INDEX matches_channel_status ON matches (channel_id, status, updated_at);

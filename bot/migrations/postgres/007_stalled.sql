-- See bot/migrations/007_stalled.sql: the choice offered when a player stays away.
ALTER TABLE channel_settings ADD COLUMN stall_after INTEGER;
ALTER TABLE matches ADD COLUMN stalled INTEGER;

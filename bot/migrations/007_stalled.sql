-- Games that never stall for good: how long after the last reminder the other players are offered
-- to let an AI play the absent seat or to end the match (seconds; NULL: the channel's reminder
-- delay; 0: never), and the version of a match at which that choice was offered (NULL: none; a
-- move makes it obsolete, since the match is then at another version).
ALTER TABLE channel_settings ADD COLUMN stall_after INTEGER;
ALTER TABLE matches ADD COLUMN stalled INTEGER;

"""One person cannot flood the channel with boards or the workers with replays."""

from __future__ import annotations

from cogs.matches import BOARD_COOLDOWN
from tests.discord.helpers import make_world, start_match


async def test_match_board_has_a_per_person_cooldown(simcord_env):
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    first, second = world.players
    asked = await first.slash(world.channel, "match board")
    assert asked.ephemeral and "bottom" in asked.response.content
    again = await first.slash(world.channel, "match board")
    assert again.ephemeral and "again in" in again.response.content
    assert await world.bot.store.pending_effects(match_id) == [], "nothing recorded for the refused one"
    other = await second.slash(world.channel, "match board")
    assert "bottom" in other.response.content, "another person is not held back"
    await world.env.advance_time(BOARD_COOLDOWN + 1)
    later = await first.slash(world.channel, "match board")
    assert "bottom" in later.response.content

"""The writer finds effects nobody told it about (an answer lost after COMMIT, another process)."""

from __future__ import annotations

from bot.store import Effect
from cogs.writer import SWEEP
from tests.discord.helpers import live, make_world, start_match


async def test_effects_recorded_without_a_kick_are_delivered_within_a_sweep(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    store = world.bot.store
    # Recorded as by a call whose answer was lost: committed, but this process never kicked it.
    await store.add_effects(match.id, [Effect("board", {"bottom": True}, match.version)])
    await world.env.settle()
    assert await store.pending_effects(match.id), "nobody delivered it yet"
    await world.env.advance_time(SWEEP + 1)
    await world.bot.table.writer.idle()
    assert await store.pending_effects(match.id) == []
    moved = await live(world)
    assert moved.board_message_id != match.board_message_id, "the board was posted again at the bottom"

"""Races on PostgreSQL through SimCord, played step by step by holding a transaction's COMMIT."""

from __future__ import annotations

import random

import pytest

from tests.discord.helpers import make_first_choice, make_world, start_match
from tests.discord.test_outbox import assert_one_current_board, first_move
from tests.holdcommit import hold_outbox_commit


@pytest.fixture
def bot_database(pg_clean):
    return pg_clean


@pytest.fixture
def bot_settings() -> dict:
    return {"board_step_delay": 0.0}  # every board at once: the race is about the outbox only


async def test_a_move_committing_while_match_board_is_delivered_still_shows_its_board(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    store = world.bot.store
    member, panel = await first_move(world, random.Random(1))

    def wait(awaitable):
        return world.env.external_wait(awaitable, reason="a transaction is held before its COMMIT")

    hold = hold_outbox_commit(store, wait)
    original = store.finish_effects
    released = []

    async def finish_after_the_move_commits(*args, **kwargs):
        # The writer delivered the board of /match board; the move (its outbox id taken first)
        # commits now, after the writer read the outbox and before it records the delivery.
        if not released:
            released.append(True)
            await wait(hold.release())
        return await original(*args, **kwargs)

    store.finish_effects = finish_after_the_move_commits
    await make_first_choice(member, panel)  # the move: held before COMMIT
    assert hold.inside.is_set() and not hold.committed.is_set()
    asked = await world.players[1].slash(world.channel, "match board")
    assert asked.ephemeral
    await world.env.settle()
    await world.bot.table.writer.idle()
    assert released and hold.committed.is_set(), "the interleaving was played"
    match = await store.live_match(world.channel.id)
    assert match.version >= 1, "the move is in"
    assert await store.pending_effects(match.id) == []
    await assert_one_current_board(world, bottom=True)

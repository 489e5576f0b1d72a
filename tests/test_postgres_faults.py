"""Faults on a real PostgreSQL server: races played step by step, locks, a pool held by others."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Effect, open_store
from tests.holdcommit import hold_outbox_commit
from tests.test_store import move_of, new_active


@pytest.fixture
async def pg(pg_clean):
    store = open_store(pg_clean)
    await store.open()
    yield store
    await store.close()


async def test_an_effect_committed_after_the_writer_read_the_outbox_is_not_deleted(pg):
    """A move takes outbox id N and commits after /match board took N+1 and committed: the writer
    reads only N+1, and finishing it must leave N pending."""
    match = await new_active(pg)
    hold = hold_outbox_commit(pg)
    move = asyncio.create_task(pg.save_move(move_of(match, 0, "move"), 3.0))
    await hold.inside.wait()  # the move's effect has its id; not committed
    await pg.add_effects(match.id, [Effect("board", {"bottom": True}, 0)])  # /match board commits
    read = await pg.pending_effects(match.id)  # the writer reads the outbox
    assert [e.payload for e in read] == [{"bottom": True}]
    await hold.release()  # the move commits
    await move
    await pg.finish_effects(match.id, [e.id for e in read])  # the writer delivered what it read
    left = await pg.pending_effects(match.id)
    assert [e.payload for e in left] == [{"by": "move"}], "the move's board is still to be shown"
    assert left[0].id < read[0].id, "the interleaving happened: the pending effect has the smaller id"

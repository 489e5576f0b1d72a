"""Faults on a real PostgreSQL server: races played step by step, locks, a pool held by others."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.store import Effect, StoreBusy, Timeouts, open_store
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


# -- time limits: a lock held elsewhere, a pool held by other tasks


class Locker:
    """Another session, which holds the matches table when told (ACCESS EXCLUSIVE: not even reads
    go on) until it lets go."""

    def __init__(self, con: asyncpg.Connection) -> None:
        self.con, self.tr = con, None

    async def __call__(self) -> None:
        self.tr = self.con.transaction()
        await self.tr.start()
        await self.con.execute("LOCK TABLE matches IN ACCESS EXCLUSIVE MODE")

    async def release(self) -> None:
        if self.tr is not None:
            tr, self.tr = self.tr, None
            await tr.rollback()


@pytest.fixture
async def locked(pg_clean):
    con = await asyncpg.connect(pg_clean)
    locker = Locker(con)
    yield locker
    await locker.release()
    await con.close()


async def limited(url, **limits):
    store = open_store(url, timeouts=Timeouts(**limits))
    await store.open()
    return store


async def test_the_pool_connections_carry_the_server_time_limits(pg_clean):
    store = await limited(pg_clean, statement=7, lock=2.5, idle_in_transaction=30)
    try:
        rows = await store.fetch_raw(
            "SELECT current_setting('statement_timeout'), current_setting('lock_timeout'),"
            " current_setting('idle_in_transaction_session_timeout')"
        )
        assert tuple(rows[0]) == ("7s", "2500ms", "30s")
    finally:
        await store.close()


async def test_a_table_locked_by_another_session_is_a_busy_database_not_a_hang(pg_clean, locked):
    store = await limited(pg_clean, lock=0.3)
    try:
        match = await new_active(store)
        await locked()
        # The bound only catches a hang (no limit): the lock timeout answers in 0.3 s.
        with pytest.raises(StoreBusy) as read:
            await asyncio.wait_for(store.get_match(match.id), 30)
        with pytest.raises(StoreBusy) as write:
            await asyncio.wait_for(store.save_move(move_of(match, 0, "x"), 3.0), 30)
        assert not read.value.ambiguous and not write.value.ambiguous, "the server refused: nothing changed"
    finally:
        await store.close()


async def test_a_pool_held_by_other_tasks_answers_busy_and_recovers(pg_clean, locked):
    # No lock or statement limit: the two holders wait in the server, each on a connection of two.
    store = open_store(pg_clean, max_size=2, timeouts=Timeouts(acquire=0.3, lock=0, statement=0))
    await store.open()
    try:
        match = await new_active(store)
        await locked()
        holders = [asyncio.create_task(store.get_match(match.id)) for _ in range(2)]
        while store._p().get_idle_size() or store._p().get_size() < 2:
            await asyncio.sleep(0.02)  # until both holders have their connection
        with pytest.raises(StoreBusy, match="connection"):
            await asyncio.wait_for(store.get_match(match.id), 30)
        assert not any(h.done() for h in holders)
        # The other session lets go: the holders finish and the pool serves again.
        await locked.release()
        assert [m.id for m in await asyncio.gather(*holders)] == [match.id, match.id]
        assert (await store.get_match(match.id)).id == match.id
    finally:
        await store.close()

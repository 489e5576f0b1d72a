"""Faults on a real PostgreSQL server: races played step by step, locks, a pool held by others."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.service import MatchService
from bot.store import Effect, Seat, StoreBusy, Timeouts
from bot.stores import open_store
from tests.holdcommit import hold_outbox_commit
from tests.test_service import Clock, started
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


# -- a connection lost while a move waits in the server


class Cutter:
    """A TCP relay between the store and the server whose connections can be cut (as a network
    fault or a restarted proxy would): the client sees its connection closed at once, while the
    server's process goes on with what it was doing."""

    def __init__(self, port: int) -> None:
        self.port, self.links, self.relays = port, [], set()

    async def start(self) -> int:
        self.server = await asyncio.start_server(self.link, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def link(self, reader, writer) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.links += [writer, up_writer]
        for a, b in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self.relay(a, b))
            self.relays.add(task)
            task.add_done_callback(self.relays.discard)

    @staticmethod
    async def relay(reader, writer) -> None:
        with contextlib.suppress(OSError, ConnectionError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()

    def cut(self) -> None:
        for writer in self.links:
            writer.transport.abort()
        self.links = []

    async def close(self) -> None:
        self.cut()
        self.server.close()
        await self.server.wait_closed()


@pytest.fixture
async def cut_store(pg_clean):
    """A store whose connections go through a ``Cutter``, with a short lock limit."""
    parts = urlsplit(pg_clean)
    cutter = Cutter(parts.port)
    port = await cutter.start()
    store = open_store(
        urlunsplit(parts._replace(netloc=f"{parts.username}@127.0.0.1:{port}")), timeouts=Timeouts(lock=1.0)
    )
    await store.open()
    yield store, cutter
    await store.close()
    await cutter.close()


async def waiting_move(store, pg_url):
    """A move of a new match that waits in the server for the match's row, locked by another
    session: (the match, the move's task, the locking session and transaction)."""
    service = MatchService(store, clock=Clock(), seed_source=lambda: 42)
    match, state = await started(service, 2)
    seat = state.to_act()[0]
    other = await asyncpg.connect(pg_url)
    lock = other.transaction()
    await lock.start()
    await other.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match.id)
    move = asyncio.create_task(
        service.act(match.id, match.seats[seat].user_id, match.version, state.legal_actions(seat)[0].id)
    )
    while not await lock_waits(other):
        await asyncio.sleep(0.02)  # until the move waits for the lock
    return match, move, (other, lock)


async def lock_waits(con) -> int:
    """How many sessions of this database wait for a lock."""
    return await con.fetchval(
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
    )


async def test_a_move_saved_after_its_connection_was_lost_is_answered_as_made(cut_store, pg_clean):
    """Issue 34: the connection drops while the move waits for a row lock; the server's process goes
    on and saves the move once the lock is let go. The read-back waits for it: the move was made
    (before, it read back at once, found nothing and answered "may or may not have been saved")."""
    store, cutter = cut_store
    match, move, (other, lock) = await waiting_move(store, pg_clean)
    cutter.cut()
    await asyncio.sleep(0.2)
    await lock.rollback()  # the other session lets go: the lost move goes on, and commits
    outcome = await move
    assert outcome.match.version == match.version + 1
    assert (await store.get_match(match.id)).version == outcome.match.version
    await other.close()


async def test_a_lost_move_that_never_got_its_lock_is_answered_as_not_saved(cut_store, pg_clean):
    """The other session keeps the lock past the lock limit: the lost move fails in the server, and
    the answer is a plain "busy, nothing changed" (known for sure once the server is done with it)."""
    store, cutter = cut_store
    match, move, (other, lock) = await waiting_move(store, pg_clean)
    cutter.cut()
    with pytest.raises(StoreBusy) as busy:
        await move
    assert not busy.value.ambiguous, busy.value
    await lock.rollback()
    assert (await store.get_match(match.id)).version == match.version
    await other.close()


async def test_a_lost_write_other_than_a_move_is_answered_at_once(cut_store, pg_clean):
    """Only a move is read back (and so waits until the server is done with its lost write): any
    other lost write answers "busy" at once, while the server still runs it."""
    store, cutter = cut_store
    match, _ = await started(MatchService(store, clock=Clock(), seed_source=lambda: 42), 2)
    other = await asyncpg.connect(pg_clean)
    lock = other.transaction()
    await lock.start()
    await other.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match.id)
    taken = [Seat(s.user_id, s.name, "quick") for s in match.seats]
    write = asyncio.create_task(store.update_seats(match.id, match.seats, taken, "active", 1.0))
    while not await lock_waits(other):
        await asyncio.sleep(0.02)
    cutter.cut()
    with pytest.raises(StoreBusy) as busy:
        await write
    assert busy.value.ambiguous and not busy.value.settled
    assert await lock_waits(other) == 1, "answered while the server still waits (no settle wait)"
    await lock.rollback()
    await other.close()

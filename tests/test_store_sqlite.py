"""The SQLite store's own guarantees, beyond the suite both backends pass (tests/test_store.py).

Another process holding SQLite's write lock must not stop this process's reads (WAL readers need not
queue behind a writer), a write that cannot get the lock in time is a transient ``StoreBusy`` that
changed nothing, and a caller cancelled at any point never leaves a transaction half done.
A transaction is one function on aiosqlite's thread, run with aiosqlite's private
``Connection._execute``: what the store needs of it is checked here first, so that an aiosqlite
that changes it fails loudly.
"""

from __future__ import annotations

import asyncio
import inspect
import sys
import threading
import time

import aiosqlite
import pytest

from bot.store import ActionRow, Effect, Move, Seat, StaleVersion, StoreBusy
from bot.store_sqlite import SqliteStore, execute_on_thread_available

# Another process takes the write lock (BEGIN IMMEDIATE and a write), says so, and keeps it until
# it reads a line.
HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
db.execute("UPDATE matches SET updated_at = updated_at")
print("held", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
print("released", flush=True)
"""


class Holder:
    def __init__(self, path) -> None:
        self.path = str(path)

    async def __aenter__(self) -> Holder:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            HOLDER,
            self.path,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert (await self.proc.stdout.readline()).strip() == b"held"
        return self

    async def release(self) -> None:
        if self.proc.returncode is None and not self.proc.stdin.is_closing():
            self.proc.stdin.write(b"go\n")
            await self.proc.stdin.drain()
            assert (await self.proc.stdout.readline()).strip() == b"released"
            self.proc.stdin.close()
        await self.proc.wait()

    async def __aexit__(self, *exc) -> None:
        await self.release()


async def open_with_a_match(path, busy_timeout: float):
    store = SqliteStore(path, busy_timeout=busy_timeout)
    await store.open()
    seats = [Seat(1, "a"), Seat(2, "b")]
    match = await store.create_match("ikenokoi", 1, 1, 1, seats, {}, 7, 1.0)
    await store.start_match(match.id, seats, {"v": 0}, None, 2.0)
    return store, await store.get_match(match.id)


def move(match_id: int, expected: int) -> Move:
    return Move(
        match_id,
        expected,
        {"v": expected + 1},
        ActionRow(expected + 1, 0, 1, f"a{expected + 1}", [], 5.0),
        effects=[Effect("board", {}, expected + 1)],
    )


async def test_reads_go_on_while_a_write_waits_for_another_process(tmp_path):
    path = tmp_path / "db.sqlite3"
    store, match = await open_with_a_match(path, busy_timeout=120)
    try:
        async with Holder(path) as holder:
            write = asyncio.ensure_future(store.set_messages(match.id, board_message_id=77))
            for _ in range(20):  # the write is waiting for the other process's lock ...
                await asyncio.sleep(0.01)
                assert not write.done()
            # ... and reads of this process are answered meanwhile (before, they queued behind it).
            for _ in range(3):
                read = await asyncio.wait_for(store.get_match(match.id), timeout=60)
                assert read.board_message_id is None and read.version == match.version
            assert not write.done()
            await holder.release()
            await asyncio.wait_for(write, timeout=60)
        assert (await store.get_match(match.id)).board_message_id == 77
    finally:
        await store.close()


async def test_a_write_that_cannot_get_the_lock_in_time_is_busy_and_changes_nothing(tmp_path):
    path = tmp_path / "db.sqlite3"
    store, match = await open_with_a_match(path, busy_timeout=0.3)
    try:
        async with Holder(path):
            with pytest.raises(StoreBusy) as busy:
                await store.save_move(move(match.id, match.version), 3.0)
            assert not busy.value.ambiguous  # BEGIN IMMEDIATE failed: nothing was written
        after = await store.get_match(match.id)
        assert after.version == match.version and await store.actions(match.id) == []
        assert await store.pending_effects(match.id) == []
        await store.save_move(move(match.id, match.version), 3.0)  # the lock is free: it goes through
        assert (await store.get_match(match.id)).version == match.version + 1
    finally:
        await store.close()


async def test_a_cancelled_caller_never_leaves_a_transaction_half_done(tmp_path):
    """Cancelled after 0, 1, 2, ... turns of the event loop: wherever that falls (before BEGIN, between
    two statements, before COMMIT), the move is either wholly in or wholly out, and the store goes on."""
    store, match = await open_with_a_match(tmp_path / "db.sqlite3", busy_timeout=10)
    try:
        version = match.version
        outcomes = set()
        for turns in range(40):
            caller = asyncio.ensure_future(store.save_move(move(match.id, version), 3.0))
            for _ in range(turns):
                await asyncio.sleep(0)
            caller.cancel()
            try:
                await caller
                outcomes.add("answered")
            except asyncio.CancelledError:
                outcomes.add("cancelled")
            # The cancelled caller's transaction runs on to COMMIT or ROLLBACK: wait for it (it may
            # not have taken the store's lock yet), then the next write sees what it left.
            while store._running:
                await asyncio.sleep(0.01)
            await store.set_messages(match.id, board_message_id=turns)
            now = await store.get_match(match.id)
            rows = await store.actions(match.id, 1000)
            effects = await store.pending_effects(match.id)
            assert now.version in (version, version + 1)
            assert [r.version for r in rows] == list(range(1, now.version + 1))
            assert [e.version for e in effects] == list(range(1, now.version + 1))
            assert now.state == {"v": now.version} or now.version == 0
            version = now.version
        assert outcomes == {"answered", "cancelled"}
        assert version > 0  # some cancelled callers' moves were committed all the same
    finally:
        await store.close()


async def test_a_caller_cancelled_while_the_lock_is_held_elsewhere_still_commits(tmp_path):
    path = tmp_path / "db.sqlite3"
    store, match = await open_with_a_match(path, busy_timeout=120)
    try:
        async with Holder(path) as holder:
            caller = asyncio.ensure_future(store.save_move(move(match.id, match.version), 3.0))
            await asyncio.sleep(0.05)
            caller.cancel()
            with pytest.raises(asyncio.CancelledError):
                await caller
            await holder.release()
        # The transaction left behind retries BEGIN outside the store's lock (waiting between
        # tries), so another call may come first: wait until it has ended, by the wall clock.
        deadline = time.monotonic() + 60
        while store._running and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await store.set_messages(match.id, board_message_id=1)
        assert (await store.get_match(match.id)).version == match.version + 1
        assert [e.version for e in await store.pending_effects(match.id)] == [match.version + 1]
    finally:
        await store.close()


async def test_close_waits_for_a_transaction_whose_caller_left(tmp_path):
    path = tmp_path / "db.sqlite3"
    store, match = await open_with_a_match(path, busy_timeout=120)
    async with Holder(path) as holder:
        caller = asyncio.ensure_future(store.save_move(move(match.id, match.version), 3.0))
        await asyncio.sleep(0.05)
        caller.cancel()
        closing = asyncio.ensure_future(store.close())
        await asyncio.sleep(0.05)
        assert not closing.done()  # the move is still waiting for the lock
        await holder.release()
        await asyncio.wait_for(closing, timeout=60)
    store = SqliteStore(path)
    await store.open()
    try:
        assert (await store.get_match(match.id)).version == match.version + 1
    finally:
        await store.close()


async def test_aiosqlite_still_runs_a_function_on_its_thread_in_the_order_sent(tmp_path):
    """What the store takes from aiosqlite's private ``Connection._execute`` (bot/store_sqlite.py
    says why): ``_execute(fn, *args)`` runs ``fn(*args)`` on the connection's own thread (where its
    statements run), queued in the order of the public calls, before the caller first waits; and
    once queued it runs even if its caller is cancelled. If a new aiosqlite breaks any of it, this
    test fails first (pyproject.toml's bound on aiosqlite says which versions were checked)."""
    assert execute_on_thread_available(), f"aiosqlite {aiosqlite.__version__} has no Connection._execute"
    kinds = [p.kind for p in inspect.signature(aiosqlite.Connection._execute).parameters.values()]
    assert kinds[:3] == [
        inspect.Parameter.POSITIONAL_OR_KEYWORD,  # self
        inspect.Parameter.POSITIONAL_OR_KEYWORD,  # fn
        inspect.Parameter.VAR_POSITIONAL,  # *args
    ]
    db = await aiosqlite.connect(tmp_path / "x.sqlite3", isolation_level=None)
    try:
        await db.create_function("thread_id", 0, threading.get_ident)
        ((statements_thread,),) = await db.execute_fetchall("SELECT thread_id()")
        assert statements_thread != threading.get_ident()
        assert await db._execute(threading.get_ident) == statements_thread
        assert await db._execute(lambda a, b: a + b, 2, 3) == 5

        order: list[str] = []
        await db.create_function("mark", 1, order.append)
        await asyncio.gather(
            db.execute_fetchall("SELECT mark('a')"),
            db._execute(order.append, "b"),
            db.execute_fetchall("SELECT mark('c')"),
        )
        assert order == ["a", "b", "c"]

        # Queued at its first step, before it waits; cancelled afterwards, it still runs (the store
        # relies on this: a transaction once sent runs to COMMIT or ROLLBACK).
        started, ran = threading.Event(), []
        await db._execute(lambda: None)

        def slow() -> None:
            started.set()
            time.sleep(0.2)
            ran.append(True)

        caller = asyncio.ensure_future(db._execute(slow))
        await asyncio.sleep(0)  # its first step: queued
        caller.cancel()
        with pytest.raises(asyncio.CancelledError):
            await caller
        await db.execute_fetchall("SELECT 1")  # queued behind it
        assert started.is_set() and ran == [True]
    finally:
        await db.close()


async def test_a_statement_failing_after_the_compare_and_set_commits_nothing(tmp_path):
    """The compare-and-set succeeds, then a later statement of the same transaction fails (an action
    of that version is in the log already): the whole transaction is rolled back, the UPDATE too."""
    store, match = await open_with_a_match(tmp_path / "db.sqlite3", busy_timeout=10)
    try:
        await store.save_move(move(match.id, 0), 3.0)
        clash = move(match.id, 1)
        clash = Move(
            clash.match_id, 1, clash.state, ActionRow(1, 0, 1, "again", [], 5.0), effects=clash.effects
        )
        with pytest.raises(Exception, match=r"UNIQUE|PRIMARY"):
            await store.save_move(clash, 4.0)
        after = await store.get_match(match.id)
        assert after.version == 1 and after.state == {"v": 1}
        assert [r.action for r in await store.actions(match.id)] == ["a1"]
        assert [e.version for e in await store.pending_effects(match.id)] == [1]
        with pytest.raises(StaleVersion):  # and a stale one changes nothing either
            await store.save_move(move(match.id, 0), 5.0)
        assert (await store.get_match(match.id)).version == 1
        assert [e.version for e in await store.pending_effects(match.id)] == [1]
        await store.save_move(move(match.id, 1), 6.0)  # the connection is not left in a transaction
        assert (await store.get_match(match.id)).version == 2
    finally:
        await store.close()


async def test_reads_and_writes_sent_together_never_see_a_transaction_half_done(tmp_path):
    """Reads no longer wait for writes (a write is one item of the connection's queue): many moves
    and reads at once, every read sees a match whose state, log and outbox agree."""
    store, match = await open_with_a_match(tmp_path / "db.sqlite3", busy_timeout=10)
    try:
        seen = []

        async def look() -> None:
            now = await store.get_match(match.id)
            seen.append(now.version)
            assert now.state == {"v": now.version} or now.version == 0

        for version in range(10):
            await asyncio.gather(store.save_move(move(match.id, version), 3.0), *(look() for _ in range(5)))
        assert (await store.get_match(match.id)).version == 10
        assert [e.version for e in await store.pending_effects(match.id)] == list(range(1, 11))
        assert set(seen) <= set(range(11))
    finally:
        await store.close()

"""Hold a PostgreSQL store's transaction open just before its COMMIT, to play races step by step.

``hold_outbox_commit(store)`` makes the next transaction of ``store`` that inserts into the outbox
stop after its last statement, with its rows (and their ids) taken but not committed, until the
test lets it go. The store's own code runs unchanged: only the pool it reads through is wrapped.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable


class Hold:
    def __init__(self, wait: Callable[[Awaitable], Awaitable]) -> None:
        self.inside = asyncio.Event()  # the held transaction has run its statements
        self.gate = asyncio.Event()  # set by the test: commit now
        self.committed = asyncio.Event()
        self.armed = True
        self._wait = wait  # how the held task waits (SimCord: env.external_wait)

    async def hold(self) -> None:
        self.armed = False
        self.inside.set()
        await self._wait(self.gate.wait())

    async def release(self) -> None:
        """Let the held transaction commit and wait until it did."""
        self.gate.set()
        await self.committed.wait()


class _Con:
    """A connection that notes whether its transaction wrote to the outbox."""

    def __init__(self, con, hold: Hold) -> None:
        self._con, self._hold, self.outbox, self._in_tx = con, hold, False, False

    def __getattr__(self, name):
        attr = getattr(self._con, name)  # the store's one-statement calls and its transactions
        if name in ("execute", "executemany", "fetch", "fetchrow", "fetchval"):

            async def call(sql, *args, **kwargs):
                if "INSERT INTO outbox" in sql:
                    self.outbox = True
                    if not self._in_tx and self._hold.armed:
                        # One statement on its own: the same statement in a transaction held open.
                        async with self.transaction():
                            return await attr(sql, *args, **kwargs)
                return await attr(sql, *args, **kwargs)

            return call
        return attr

    @contextlib.asynccontextmanager
    async def transaction(self, **kwargs):
        self._in_tx = True
        try:
            async with self._con.transaction(**kwargs):
                yield
                held = self.outbox and self._hold.armed
                if held:
                    await self._hold.hold()
        finally:
            self._in_tx = False
        if held:
            self._hold.committed.set()


class _Pool:
    def __init__(self, pool, hold: Hold) -> None:
        self._pool, self._hold = pool, hold

    def __getattr__(self, name):
        return getattr(self._pool, name)

    async def acquire(self, **kwargs):
        return _Con(await self._pool.acquire(**kwargs), self._hold)

    async def release(self, con, **kwargs):
        await self._pool.release(con._con, **kwargs)


def hold_outbox_commit(store, wait: Callable[[Awaitable], Awaitable] | None = None) -> Hold:
    """Hold the next outbox-writing transaction of a PostgresStore before its COMMIT."""
    hold = Hold(wait or (lambda awaitable: awaitable))
    pool = store._p()
    store._p = lambda: _Pool(pool, hold)
    return hold

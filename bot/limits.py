"""Bounds on what one person can ask of the bot: cooldowns, and fair worker queues.

``FairPool`` runs CPU-bound work (pictures, replays) on a few threads, taking the next job from
each key (a person, or a match's public board) in turn, and refuses a key that already has
``per_key`` jobs queued or running. A burst from one person then waits behind itself: another
match's board starts after at most one job of each other key ahead of it, never behind the burst.
A job that must not be refused (a public board: the delivery of what the database says; a panel
after a move was saved) is queued under its key whatever that key's load, and still takes turns.

``Cooldowns`` says how long a person must wait before asking for one kind of thing again (a
board at the bottom, a replay, a repost): one use per ``per`` seconds, kept in memory (a cooldown
is a courtesy to everyone else, not a rule of the game: a restart may forget it).
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any


class Overloaded(Exception):
    """This key already has as many jobs waiting as it may; the message says what to do."""


class FairPool:
    def __init__(self, workers: int, per_key: int, name: str, refusal: str) -> None:
        self.workers, self.per_key, self.refusal = workers, per_key, refusal
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=name)
        self._queues: OrderedDict[Hashable, deque] = OrderedDict()  # keys in turn order
        self._load: dict[Hashable, int] = {}  # jobs queued or running, by key
        self._running = 0
        self._served: dict[Hashable, int] = {}  # when each key last had a job started
        self._starts = 0
        # Called with the key of every job as it starts (tests watch the order).
        self.on_start: Callable[[Hashable], None] | None = None

    def load(self, key: Hashable) -> int:
        return self._load.get(key, 0)

    def admits(self, key: Hashable) -> bool:
        """Whether a refusable job of this key would be queued now."""
        return self.load(key) < self.per_key

    def submit(
        self, key: Hashable, fn: Callable[..., Any], *args: Any, refusable: bool = True
    ) -> asyncio.Future:
        """Queue ``fn(*args)`` for this key's turn now (or raise ``Overloaded``: a refusable job of a
        key that has its share waiting already); the future is its result."""
        if refusable and not self.admits(key):
            raise Overloaded(self.refusal)
        future = asyncio.get_running_loop().create_future()
        self._load[key] = self.load(key) + 1
        self._queues.setdefault(key, deque()).append((fn, args, future, contextvars.copy_context()))
        self._pump()
        return future

    async def run(self, key: Hashable, fn: Callable[..., Any], *args: Any, refusable: bool = True) -> Any:
        """Run ``fn(*args)`` on a worker when it is this key's turn; ``Overloaded`` when the key has
        its share waiting already (unless the job is not ``refusable``)."""
        future = self.submit(key, fn, *args, refusable=refusable)
        try:
            return await future
        except asyncio.CancelledError:
            future.cancel()  # a job not started yet is skipped; one running finishes unheard
            raise

    def _pump(self) -> None:
        loop = asyncio.get_running_loop()
        while self._running < self.workers and self._queues:
            # The key served longest ago goes first (a key never served: first of all, in arrival order).
            key = min(self._queues, key=lambda k: self._served.get(k, -1))
            queue = self._queues[key]
            fn, args, future, context = queue.popleft()
            if not queue:
                del self._queues[key]
            self._starts += 1
            self._served[key] = self._starts
            if len(self._served) > 4096:
                self._served = {k: n for k, n in self._served.items() if k in self._load}
            if future.cancelled():
                self._done(key)
                continue
            self._running += 1
            if self.on_start is not None:
                self.on_start(key)
            # The job runs in the caller's context: its language (rendering/i18n.py) goes with it.
            work = loop.run_in_executor(self._pool, context.run, fn, *args)
            work.add_done_callback(lambda w, k=key, f=future: self._finished(k, f, w))

    def _done(self, key: Hashable) -> None:
        left = self.load(key) - 1
        if left > 0:
            self._load[key] = left
        else:
            self._load.pop(key, None)

    def _finished(self, key: Hashable, future: asyncio.Future, work: asyncio.Future) -> None:
        self._running -= 1
        self._done(key)
        if not future.done():
            if work.cancelled():
                future.cancel()
            elif work.exception() is not None:
                future.set_exception(work.exception())
            else:
                future.set_result(work.result())
        self._pump()

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _monotonic() -> float:
    return time.monotonic()  # looked up at each call: a simulated clock (SimCord) replaces it


class Cooldowns:
    """One use per ``per`` seconds of each kind, per person (or per person and match: any key)."""

    def __init__(self, per: dict[str, float], clock: Callable[[], float] = _monotonic) -> None:
        self.per, self.clock = per, clock
        self._last: dict[tuple[str, Hashable], float] = {}

    def wait(self, kind: str, who: Hashable) -> float:
        """0 and the use is counted, or the seconds left before this person may do it again."""
        now, per = self.clock(), self.per.get(kind, 0.0)
        last = self._last.get((kind, who))
        if last is not None and now - last < per:
            return per - (now - last)
        self._last[(kind, who)] = now
        if len(self._last) > 10_000:  # forget the uses whose cooldown is over
            self._last = {k: t for k, t in self._last.items() if now - t < self.per.get(k[0], 0.0)}
        return 0.0

    def forget(self, kind: str, who: Hashable) -> None:
        """Take back the use just counted (what it was for was refused: nothing was done)."""
        self._last.pop((kind, who), None)

"""Turn reminders that live in the database and survive restarts.

The scheduler sleeps until the earliest due reminder (or until the service says
the schedule changed), then fires it through the service, which records the
notice for the match's writer to post.
Time comes from the service's injectable clock; sleeping uses asyncio, so a
simulated clock (SimCord) advances it without real waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.service import MatchService
from bot.store import ALL_SHARDS, Match, Shards

log = logging.getLogger(__name__)

# on_takeover(match, seats whose absent players an AI now replaces: already saved, it only plays)
Takeover = Callable[[Match, list[int]], Awaitable[None]]
IDLE_WAIT = 3600.0


class ReminderScheduler:
    """Fires the reminders of the matches in guilds of ``shards`` (this process's shards)."""

    def __init__(self, service: MatchService, shards: Shards = ALL_SHARDS) -> None:
        self.service = service
        self.shards = shards
        self._task: asyncio.Task | None = None
        self._sleeping = False
        self._dirty = False
        self._woken = False
        self.on_takeover: Takeover = self._no_takeover
        service.on_reminder_change = self.wake

    async def _no_takeover(self, match: Match, seats: list[int]) -> None:
        log.warning("no takeover handler installed; match %s", match.id)

    def wake(self) -> None:
        """The schedule changed: recompute the next wake-up now."""
        self._dirty = True
        if self._sleeping and self._task is not None and not self._woken:
            # Interrupt only the sleep, never a reminder being sent.
            self._woken = True
            self._task.cancel()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="reminders")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
                next_at = await self.service.store.next_reminder_at(self.shards)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminder loop failed; retrying in a minute")
                next_at = self.service.clock() + 60
            wait = IDLE_WAIT if next_at is None else max(0.0, min(IDLE_WAIT, next_at - self.service.clock()))
            if self._dirty:
                self._dirty = False
                continue
            # A plain sleep (not an Event) so that a simulated clock can advance it.
            self._sleeping = True
            try:
                await asyncio.sleep(wait)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if not self._woken or task is None:
                    raise  # stopped, not woken
                task.uncancel()
                self._woken = False
            finally:
                self._sleeping = False
            self._dirty = False

    async def tick(self) -> int:
        """Fire every reminder that is due now; return how many were fired.

        Firing records the reminder's notice in the outbox (the match's writer posts it) and the
        next reminder, in one transaction that only one process can win. A wait after the last
        reminder later, the board offers the other players a choice for the absent ones, or, where
        the channel says so, an AI takes over their seats in that transaction and plays here.
        """
        fired = 0
        for reminder in await self.service.store.due_reminders(self.service.clock(), self.shards):
            try:
                takeover = await self.service.fire_reminder(reminder)
            except Exception:
                log.exception("reminder for match %s failed", reminder.match_id)
                continue
            fired += 1
            if takeover is not None:
                match, seats = takeover
                try:
                    await self.on_takeover(match, seats)
                except Exception:
                    log.exception("AI takeover failed for match %s", match.id)
        return fired

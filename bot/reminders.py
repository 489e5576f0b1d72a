"""Turn reminders that live in the database and survive restarts.

The scheduler sleeps until the earliest due reminder (or until the service says
the schedule changed), then asks ``notify`` to tell the players who must act.
Time comes from the service's injectable clock; sleeping uses asyncio, so a
simulated clock (SimCord) advances it without real waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.service import MAX_REMINDERS, MatchService
from bot.store import CorruptRow, Match, Reminder

log = logging.getLogger(__name__)

# notify(match, seats to act, which reminder: 1 for the first)
Notify = Callable[[Match, list[int], int], Awaitable[None]]
# on_takeover(match, seats whose absent players an AI now replaces)
Takeover = Callable[[Match, list[int]], Awaitable[None]]
IDLE_WAIT = 3600.0


class ReminderScheduler:
    def __init__(self, service: MatchService, notify: Notify) -> None:
        self.service = service
        self.notify = notify
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
                next_at = await self.service.store.next_reminder_at()
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
        """Send every reminder that is due now; return how many were sent.

        After the last reminder, where the channel allows it, an AI takes over the
        seats of the players who still have not acted, one delay later.
        """
        sent = 0
        store = self.service.store
        takeovers: list[tuple[Match, list[int]]] = []
        for reminder in await store.due_reminders(self.service.clock()):
            async with self.service.lock(reminder.match_id):
                try:
                    match = await store.get_match(reminder.match_id)
                except CorruptRow:
                    log.exception("reminder for unreadable match %s dropped", reminder.match_id)
                    match = None
                if (
                    match is None
                    or match.status != "active"
                    or match.damaged
                    or match.version != reminder.version
                ):
                    await store.delete_reminder(reminder.match_id)
                    continue
                seats = [s for s in self.service.state_of(match).to_act() if match.seats[s].ai is None]
                count = reminder.sent + 1
                takeover = await self.service.ai_takeover(match.channel_id)
                if count > MAX_REMINDERS:
                    await store.delete_reminder(match.id)
                    if takeover and seats:
                        takeovers.append((match, seats))
                    continue
                try:
                    await self.notify(match, seats, count)
                    sent += 1
                except Exception:
                    log.exception("could not send reminder for match %s", match.id)
                delay = await self.service.reminder_delay(match.channel_id)
                if delay is not None and (count < MAX_REMINDERS or takeover):
                    await store.put_reminder(
                        Reminder(match.id, self.service.clock() + delay, count, reminder.version)
                    )
                else:
                    await store.delete_reminder(match.id)
        for match, seats in takeovers:
            try:
                await self.on_takeover(match, seats)
            except Exception:
                log.exception("AI takeover failed for match %s", match.id)
        return sent

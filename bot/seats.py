"""The AI seats' play, apart from Discord: ``AiSeats`` drives every seat played by an AI (an AI
player, or an AI holding an absent player's seat) through the match service.

One background task per match thinks (the search runs in a worker thread, so the event loop keeps
answering clicks) and acts as the seat through ``MatchService.act_ai``, seat after seat, until a
person is to decide or the match is over. What it saves reaches Discord as everything else does,
through the service's effects (cogs/writer.py delivers them). The cogs' ``Table`` holds one and
schedules it after each change that may hand the turn to an AI.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.service import MatchService, ServiceError, StaleClick
from bot.store import CorruptRow, Match, StoreBusy
from games.ai import choose

log = logging.getLogger(__name__)

AI_RETRIES = 5  # unexpected failures in a row before an AI seat waits for the next start
AI_BACKOFF = 60.0  # the longest wait of an AI seat between two tries while the database is away


def store_busy(exc: BaseException) -> bool:
    return isinstance(exc, StoreBusy)


class AiSeats:
    """Drives the AI seats of the matches of this process.

    ``budget`` is the seconds of thought per decision; ``owns(guild_id)`` says whether this process
    plays the matches of a server (several processes share one database: bot/config.py's shards);
    ``transient(exc)`` whether a failure is worth trying again later, however often (the database
    busy or away; the cogs add Discord's bad moments: cogs/writer.py ``transient``)."""

    def __init__(
        self,
        service: MatchService,
        budget: float = 2.0,
        owns: Callable[[int | None], bool] = lambda guild_id: True,
        transient: Callable[[BaseException], bool] = store_busy,
    ) -> None:
        self.service = service
        self.budget = budget
        self.owns = owns
        self.transient = transient
        self._driving: set[int] = set()
        self._resume_needed = False  # the active matches could not be read to resume AI seats
        self._tasks: set[asyncio.Task] = set()

    def schedule(self, match_id: int) -> None:
        """Let the match's AI seats play in the background (nothing when one is playing already, or
        none is to act: the task then ends at once)."""
        if match_id not in self._driving:
            self._driving.add(match_id)
            task = asyncio.create_task(self._drive(match_id), name=f"ai-{match_id}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def resume(self) -> int:
        """Drive every AI seat that is to play in the active matches of this process's servers (at
        start-up and reconnect; again after the writer's next sweep while this could not be read)."""
        self._resume_needed = True  # until the matches were read
        matches = await self.service.store.active_matches()
        self._resume_needed = False
        resumed = 0
        for match in matches:
            try:
                if self.owns(match.guild_id) and self.service.ai_to_act(match):
                    self.schedule(match.id)
                    resumed += 1
            except Exception:
                log.exception("AI seats of match %s cannot resume", match.id)
        return resumed

    async def after_sweep(self) -> None:
        """The writer's sweep went through (the database answers): resume if that failed before."""
        if self._resume_needed:
            await self.resume()

    async def takeover(self, match: Match, seats: list[int]) -> None:
        """After the last reminder an AI took over the absent players' seats (the channel allows it,
        or one of the other players chose it): it plays now."""
        self.schedule(match.id)

    async def idle(self) -> None:
        """Wait until no AI seat is playing (the tasks scheduled meanwhile too)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _drive(self, match_id: int) -> None:
        failures = 0
        try:
            while True:
                try:
                    match = await self.service.get(match_id)
                    seats = self.service.ai_to_act(match)
                    if not seats:
                        return
                    seat = seats[0]
                    state = self.service.state_of(match)
                    action = await asyncio.to_thread(
                        choose,
                        state.copy(),
                        seat,
                        match.seats[seat].ai or "quick",
                        self.budget,
                        (match.seed + match.version) & 0xFFFFFFFF,
                    )
                    await self.service.act_ai(match.id, seat, match.version, action)
                    failures = 0
                except StaleClick:
                    continue  # someone else moved meanwhile: think again
                except (ServiceError, CorruptRow):
                    log.exception("AI player cannot play match %s", match_id)
                    return
                except Exception as exc:
                    failures += 1
                    if not self.transient(exc) and failures > AI_RETRIES:
                        # A fault of ours, not the database's or Discord's: trying on would repeat it.
                        log.exception("AI player of match %s stops after %d failures", match_id, failures)
                        return
                    # The database busy or away (however long): the seat keeps trying, at least
                    # once a minute, and plays as soon as it is back.
                    wait = min(AI_BACKOFF, 2.0**failures)
                    log.warning(
                        "AI player of match %s failed (%s); trying again in %.0f s", match_id, exc, wait
                    )
                    await asyncio.sleep(wait)
        finally:
            self._driving.discard(match_id)

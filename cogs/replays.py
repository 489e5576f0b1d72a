"""Replays: a finished match as an animated GIF, rebuilt from its seed and action log.

A replay draws up to a hundred pictures, so it is drawn on a worker of its own (boards never wait
for it), where each person has one replay on the way at most (others' wait behind one of theirs),
and a person asks for one at most every ``REPLAY_COOLDOWN`` seconds (``cogs.table``). A finished
match never changes: its replay is kept on disk beside the database by match and what it is drawn
from (a restart keeps it), and the last few in memory.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections import OrderedDict
from pathlib import Path

import discord

import rendering
from bot.config import DEFAULT_DATABASE
from bot.limits import FairPool, Overloaded
from bot.replay import Replay, ReplayError
from bot.replay import replay as make_replay
from bot.replay_cache import ReplayCache, replay_key
from bot.service import MatchService, ServiceError
from bot.store import Match

log = logging.getLogger(__name__)

REPLAYS_KEPT = 4  # finished matches never change: their last replays are kept, not drawn again


class Replays:
    def __init__(self, client: discord.Client, service: MatchService) -> None:
        self.service = service
        self.pool = FairPool(
            1, 1, "replay", "Your last replay is still being drawn: wait for it before asking for another."
        )
        settings = getattr(client, "settings", None)
        folder = Path(getattr(settings, "database_path", DEFAULT_DATABASE)).parent / "replays"
        self.cache = ReplayCache(folder)
        self._kept: OrderedDict[int, asyncio.Future[Replay]] = OrderedDict()

    def close(self) -> None:
        self.pool.shutdown()

    def forget(self) -> None:
        """Nothing kept in memory (as after a restart; the disk still has them)."""
        self._kept.clear()

    async def replay(self, match: Match, requester: int = 0) -> Replay:
        """The finished match as an animated GIF, rebuilt from its seed and action log in a worker."""
        if match.status != "finished":
            raise ServiceError("Only a finished match has a replay.")
        future = self._kept.get(match.id)
        if future is None or future.cancelled() or (future.done() and future.exception() is not None):
            future = asyncio.ensure_future(self._draw(match, requester))
            self._kept[match.id] = future
            while len(self._kept) > REPLAYS_KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(match.id)
        return await asyncio.shield(future)  # one click that gives up does not cancel it for others

    async def source(self, match: Match) -> tuple[list[tuple[int, str]], str]:
        """The steps the match's replay is drawn from, and its key on disk."""
        rows = await self.service.store.action_log(match.id)
        steps = [(r.seat, r.action) for r in rows]
        return steps, replay_key(match.game, match.seed, match.options, match.names, steps)

    async def _draw(self, match: Match, requester: int) -> Replay:
        steps, key = await self.source(match)
        kept = await asyncio.to_thread(self.cache.get, match.id, key)
        if kept is not None:
            return kept
        game = self.service.game(match.game)
        work = functools.partial(
            make_replay,
            game,
            len(match.seats),
            match.seed,
            match.options,
            steps,
            match.names,
            expected_state=match.state,
        )
        try:
            drawn = await self.pool.run(requester, work)
        except Overloaded as exc:
            raise ServiceError(str(exc)) from None
        except ReplayError:
            log.exception("match %s cannot be replayed", match.id)
            raise ServiceError("This match cannot be replayed, sorry: its log does not rebuild it.") from None
        await asyncio.to_thread(self.cache.put, match.id, key, drawn)
        return drawn

    async def file(self, match: Match, requester: int = 0) -> discord.File:
        replay = await self.replay(match, requester)
        game = self.service.game(match.game).title
        state = self.service.state_of(match)
        scores = state.scores()
        if state.is_over():
            end = "Winner: " + (" and ".join(match.seats[w].name for w in state.winners()) or "nobody") + "."
        else:
            end = "It ended with a resignation."
        description = (
            f"Replay of {game} match #{match.id}: {replay.turns} turns in {replay.frames} pictures. "
            f"Scores: {', '.join(f'{s.name} {scores[i]}' for i, s in enumerate(match.seats))}. {end}"
        )
        return discord.File(
            io.BytesIO(replay.data),
            filename=f"{match.game}-match-{match.id}-replay.gif",
            description=rendering.alt.clip(description),
        )

"""The one writer of a match's public messages: it delivers the outbox.

Every change to a match records the Discord effects it needs (the lobby, the
board, the final result, notices) in the same transaction as the change. The
writer delivers them from what the database says *now*: a board is always the
board of the latest version, however many moves were made meanwhile, and a
lobby always shows its latest players. There is one delivery task per match in
this process, so two deliveries of one match never interleave; a delivery that
failed is retried with a growing delay, and at start-up every pending effect is
delivered, so a kill at any point loses no board, result or lobby.

Delivery is at least once. What a kill between posting and recording could
double is reconciled from the channel's recent history when a match is
recovered: a board or lobby already posted is adopted or retired, a final
result already posted is not posted again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.service import format_event
from bot.store import KEEP, CorruptRow, Effect, Match

if TYPE_CHECKING:
    from cogs.table import Table

log = logging.getLogger(__name__)

HISTORY = 30  # messages of the channel looked at when a match is recovered
MAX_BACKOFF = 600.0


def component_ids(message: discord.Message) -> list[str]:
    ids = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                ids.append(custom_id)
    return ids


def transient(exc: BaseException) -> bool:
    """Worth trying again later (Discord or the network had a bad moment)."""
    if isinstance(exc, discord.DiscordServerError | discord.RateLimited):
        return True
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500 or exc.status == 429
    return isinstance(exc, aiohttp.ClientError | asyncio.TimeoutError | OSError | ConnectionError)


class Writer:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.service = table.service
        self.store = table.service.store
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        # Matches this process has delivered for since it started. The first delivery of a match
        # reads the channel's history, whoever asks for it (a click may come before the start-up
        # recovery): an earlier process may have died between posting and recording.
        self._known: set[int] = set()
        # Which guilds this process delivers for (shards); everything by default.
        self.owns: Callable[[int | None], bool] = lambda guild_id: True

    # -- scheduling

    def kick(self, match_id: int, recover: bool = False) -> None:
        """Deliver the match's pending effects soon (at once if no delivery is running)."""
        if match_id in self._tasks:
            self._again.add(match_id)
            return
        task = asyncio.create_task(self._run(match_id, recover), name=f"writer-{match_id}")
        self._tasks[match_id] = task

    async def recover(self) -> int:
        """At start-up: deliver every pending effect of the guilds this process serves."""
        pending = [mid for mid, guild in await self.store.matches_with_effects() if self.owns(guild)]
        for match_id in pending:
            self.kick(match_id, recover=True)
        return len(pending)

    async def idle(self) -> None:
        """Wait until no delivery is running (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def stop(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        for task in list(self._tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _run(self, match_id: int, recover: bool) -> None:
        failures = 0
        try:
            while True:
                self._again.discard(match_id)
                try:
                    await self.deliver(match_id, recover or match_id not in self._known)
                    self._known.add(match_id)
                    recover = False
                    failures = 0
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    if not transient(exc):
                        log.exception("delivery for match %s failed", match_id)
                    failures += 1
                    recover = True  # a message may have gone out before the failure
                    wait = min(MAX_BACKOFF, 2.0 * 2**failures)
                    log.warning("delivery for match %s failed (%s); again in %.0f s", match_id, exc, wait)
                    await asyncio.sleep(wait)
                    continue
                if match_id not in self._again:
                    return
        finally:
            self._tasks.pop(match_id, None)

    # -- delivery

    async def deliver(self, match_id: int, recover: bool = False) -> None:
        """Deliver every pending effect of the match, for its latest version, then mark them done."""
        effects = await self.store.pending_effects(match_id)
        if not effects:
            return
        try:
            match = await self.store.get_match(match_id)
        except CorruptRow:
            match = None
        if match is None or match.damaged:
            log.error("match %s cannot be read; its %d pending effects are dropped", match_id, len(effects))
            await self.store.finish_effects(match_id, effects[-1].id)
            return
        try:
            channel = await self.table.channel(match)
        except (discord.NotFound, discord.Forbidden):
            log.warning("channel of match %s is gone; %d effects dropped", match_id, len(effects))
            await self.store.finish_effects(match_id, effects[-1].id)
            return
        history = await self._history(channel) if recover else None
        last = {kind: max(e.id for e in effects if e.kind == kind) for kind in {e.kind for e in effects}}
        board_flags = {"mention": False, "bottom": False}
        for effect in effects:
            if effect.kind == "board":
                for flag in board_flags:
                    board_flags[flag] = board_flags[flag] or bool(effect.payload.get(flag))
            if effect.kind in ("lobby", "board") and effect.id != last[effect.kind]:
                await self.store.finish_effects(match_id, effect.id)  # a later one shows the latest
                continue
            try:
                await self._deliver_one(match, channel, effect, board_flags, history)
            except discord.Forbidden:
                log.warning("no permission to deliver %s of match %s; dropped", effect.kind, match_id)
                await self.store.finish_effects(match_id, effect.id)

    async def _deliver_one(self, match, channel, effect: Effect, board_flags: dict, history) -> None:
        done = self.store.finish_effects
        if effect.kind == "lobby":
            message_id = await self._show_lobby(match, channel, effect, history)
            await done(match.id, effect.id, lobby_message_id=message_id)
            match.lobby_message_id = message_id
        elif effect.kind == "board":
            message_id = KEEP
            if match.status == "active":
                message_id = await self._show_board(match, channel, board_flags, history)
                match.board_message_id = message_id
            await done(match.id, effect.id, board_message_id=message_id)
        elif effect.kind == "final":
            await self._show_final(match, channel, effect, history)
            await done(match.id, effect.id, board_message_id=None)
            match.board_message_id = None
        elif effect.kind == "notice":
            await self._show_notice(match, channel, effect)
            await done(match.id, effect.id)
        else:
            log.error("unknown effect %r of match %s dropped", effect.kind, match.id)
            await done(match.id, effect.id)

    async def _history(self, channel) -> list[discord.Message]:
        try:
            me = self.table.client.user
            return [m async for m in channel.history(limit=HISTORY) if me is None or m.author.id == me.id]
        except discord.HTTPException:
            log.info("cannot read the history of channel %s", getattr(channel, "id", "?"))
            return []

    # -- the lobby

    async def _show_lobby(self, match: Match, channel, effect: Effect, history) -> int | None:
        embed, view = self.table.lobby_message(match, effect.payload)
        message_id = match.lobby_message_id
        if message_id is None and history:
            marker = f"lb:join:{match.id}"
            found = [m for m in history if marker in component_ids(m)]
            if found:
                message_id = found[0].id
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(embed=embed, view=view)
                return message_id
            except discord.NotFound:
                if match.status != "lobby":
                    return None
        elif match.status != "lobby":
            return None  # never shown, and over already
        message = await channel.send(embed=embed, view=view)
        return message.id

    # -- the board

    async def _retire_strays(self, match: Match, history, keep: int | None) -> None:
        """Boards of this match posted but never recorded (a kill between the two) lose their buttons."""
        marker = f"bd:play:{match.id}:"
        for message in history or []:
            if message.id != keep and any(cid.startswith(marker) for cid in component_ids(message)):
                await self.table.retire(message.channel, message.id)

    async def _show_board(self, match: Match, channel, flags: dict, history) -> int:
        state = self.service.state_of(match)
        recent = await self.table.recent(match)
        old = match.board_message_id
        if history is not None:
            await self._retire_strays(match, history, keep=None if flags["bottom"] else old)
        if not flags["bottom"] and old is not None:
            embed, file, view = await self.table.board_message(match, state, recent)
            try:
                await channel.get_partial_message(old).edit(embed=embed, attachments=[file], view=view)
                return old
            except discord.NotFound:
                pass
        # A new board at the bottom: the old one loses its buttons first, so that at no moment do
        # two boards offer buttons (a kill in between leaves none, and this effect still pending).
        if old is not None:
            await self.table.retire(channel, old)
        embed, file, view = await self.table.board_message(match, state, recent)
        content = None
        if flags["mention"]:
            users = [self.table.seat_mention(match, s) for s in state.to_act() if match.seats[s].ai is None]
            content = f"{', '.join(users)}: your turn." if users else None
        message = await channel.send(content=content, embed=embed, file=file, view=view)
        return message.id

    # -- the end

    async def _show_final(self, match: Match, channel, effect: Effect, history) -> None:
        old = match.board_message_id
        if history is not None:
            await self._retire_strays(match, history, keep=None)
            title = self.table.final_title(match)
            if any(any(e.title == title for e in m.embeds) for m in history):
                if old is not None:
                    await self.table.retire(channel, old)
                return  # posted before the kill
        if old is not None:
            await self.table.retire(channel, old)
        if "abandoned_by" in effect.payload:
            await channel.send(embed=self.table.abandoned_message(match, effect.payload["abandoned_by"]))
        else:
            embed, file, view = await self.table.final_message(match, effect.payload)
            await channel.send(embed=embed, file=file, view=view)

    # -- notices

    async def _show_notice(self, match: Match, channel, effect: Effect) -> None:
        p = effect.payload
        names = match.names
        if "takeover" in p:
            seats = [s for s in p["takeover"] if 0 <= s < len(match.seats)]
            who = ", ".join(f"<@{match.seats[s].user_id}>" for s in seats)
            if who:
                await channel.send(
                    f"{who}: an AI now plays your seat in match #{match.id} after the last reminder. "
                    "Take it back at any time with /match return."
                )
        elif "returned" in p:
            seat = p["returned"]
            if 0 <= seat < len(match.seats):
                await channel.send(
                    f"<@{match.seats[seat].user_id}> is back and plays their own seat in match #{match.id} again.",
                    allowed_mentions=discord.AllowedMentions.none(),
                )
        elif "reminder" in p:
            if match.status != "active" or match.version != effect.version:
                return  # the player moved meanwhile: the reminder has nothing to say
            await self.table.send_reminder(
                match, channel, [int(s) for s in p.get("seats", [])], int(p["reminder"])
            )
        elif p.get("text"):
            await channel.send(format_event(str(p["text"]), names)[:2000])

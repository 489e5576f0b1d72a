"""The one writer of a match's public messages: it delivers the outbox.

Every change to a match records the Discord effects it needs (the lobby, the
board, the final result, notices) in the same transaction as the change. The
writer delivers them from what the database says *now*: a board is always the
board of the latest version, however many moves were made meanwhile, and a
lobby always shows its latest players.

The channel stays quiet: a match has one board message, edited in place as the
game goes on (``/match board`` moves it to the bottom), and one short "your
turn" message that pings the players who came to act and is deleted once their
turn is over (its id is recorded, so a restarted bot still deletes it); at the
end the result is posted and the board deleted. There is one delivery task per match in
this process, so two deliveries of one match never interleave; a delivery that
failed is retried with a growing delay, and at start-up every pending effect is
delivered, so a kill at any point loses no board, result or lobby.

Delivery is at least once. What a kill between posting and recording could
double is reconciled from the channel's recent history when a match is
recovered: a board or mention posted but never recorded is deleted, a lobby is
adopted, a final result already posted is not posted again.

Everything the channel sees is built in the channel's language (``/settings language``, else the
server's): a delivery runs under ``language(...)``, whoever kicked it (a delivery task copies the
context of the click that started it, in its person's language). A direct message is in its
reader's last Discord locale.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Awaitable, Callable

import aiohttp
import discord

from bot.mentions import slash
from bot.service import MatchService, format_event
from bot.store import KEEP, CorruptRow, Effect, Match, StoreBusy
from cogs.components import jump_url
from cogs.messages import Messages, component_ids, message_text
from cogs.panel import Panels
from games.text import event_text
from rendering import i18n
from rendering.i18n import _, language

log = logging.getLogger(__name__)

HISTORY = 30  # messages of the channel looked at when a match is recovered
MAX_BACKOFF = 600.0  # after an unexpected error (a bug, a refusal): rarely worth trying soon
TRANSIENT_BACKOFF = 60.0  # after Discord's or the database's bad moment: back soon after it passes
MAX_RETRY_AFTER = 3600.0  # the longest Retry-After believed
SWEEP = 60.0  # seconds between two looks at the outbox for effects nobody here was told about
GIVE_UP = 5  # unexpected failures in a row (not Discord's or the database's bad moment) of one match


def transient(exc: BaseException) -> bool:
    """Worth trying again later (Discord or the network had a bad moment)."""
    if isinstance(exc, discord.DiscordServerError | discord.RateLimited | StoreBusy):
        return True
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500 or exc.status == 429
    if isinstance(exc, sqlite3.OperationalError):
        return any(word in str(exc) for word in ("locked", "busy"))  # another process held the file
    return isinstance(exc, aiohttp.ClientError | asyncio.TimeoutError | OSError | ConnectionError)


def retry_after(exc: BaseException) -> float | None:
    """The seconds Discord asked us to wait (a 429's Retry-After), if it said."""
    if isinstance(exc, discord.RateLimited):
        return float(exc.retry_after)
    if isinstance(exc, discord.HTTPException) and exc.status == 429:
        headers = getattr(exc.response, "headers", None) or {}
        for value in (headers.get("Retry-After"), headers.get("X-RateLimit-Reset-After")):
            try:
                return float(value)
            except (TypeError, ValueError):
                continue
    return None


def retry_delay(exc: BaseException, failures: int) -> float:
    """Seconds before delivering again after the ``failures``-th failure in a row: what Discord
    asked for when it said, else a doubling delay, capped low for transient failures (a board must
    not appear many minutes after the bad moment passed)."""
    asked = retry_after(exc)
    if asked is not None:
        return min(MAX_RETRY_AFTER, max(0.0, asked))
    cap = TRANSIENT_BACKOFF if transient(exc) else MAX_BACKOFF
    return min(cap, 2.0 * 2**failures)


class Writer:
    def __init__(
        self, client: discord.Client, service: MatchService, messages: Messages, panels: Panels
    ) -> None:
        self.client = client
        self.service = service
        self.store = service.store
        self.messages = messages
        self.panels = panels
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        # Matches this process has delivered for since it started. The first delivery of a match
        # reads the channel's history, whoever asks for it (a click may come before the start-up
        # recovery): an earlier process may have died between posting and recording.
        self._known: set[int] = set()
        self._holds: dict[int, tuple[float, asyncio.TimerHandle | None]] = {}  # steps waiting
        # Matches whose delivery failed GIVE_UP times in a row for an unexpected reason: the sweep
        # leaves them (their effects stay pending); their next change, or a restart, tries again.
        self._given_up: set[int] = set()
        self._flush = False
        settings = getattr(client, "settings", None)
        self.step_delay: float = float(getattr(settings, "board_step_delay", 20.0))
        self.sweep: float = float(getattr(settings, "outbox_sweep", SWEEP))  # 0: no sweep
        # Which guilds this process delivers for (shards); everything by default.
        self.owns: Callable[[int | None], bool] = lambda guild_id: True
        self._sweeper: asyncio.Task | None = None
        # Called after each sweep that could read the outbox (the table resumes AI seats then).
        self.after_sweep: Callable[[], Awaitable[None]] | None = None

    # -- scheduling

    def kick(self, match_id: int, recover: bool = False) -> None:
        """Deliver the match's pending effects soon (at once if no delivery is running)."""
        if match_id in self._tasks:
            self._again.add(match_id)
            return
        task = asyncio.create_task(self._run(match_id, recover), name=f"writer-{match_id}")
        self._tasks[match_id] = task

    async def recover(self) -> int:
        """At start-up: deliver every pending effect of the guilds this process serves, and from
        then on look at the outbox every ``SWEEP`` seconds."""
        if self.sweep > 0 and (self._sweeper is None or self._sweeper.done()):
            self._sweeper = asyncio.create_task(self._sweep(), name="writer-sweep")
        pending = [mid for mid, guild in await self.store.matches_with_effects() if self.owns(guild)]
        for match_id in pending:
            self.kick(match_id, recover=True)
        return len(pending)

    async def _sweep(self) -> None:
        """Deliver effects nobody kicked: recorded by a call whose answer was lost (the database
        dropped the connection after COMMIT), by another process that died, or while this one's
        delivery had given up."""
        while True:
            await asyncio.sleep(self.sweep)
            try:
                for match_id, guild in await self.store.matches_with_effects():
                    if self.owns(guild) and match_id not in self._tasks and match_id not in self._given_up:
                        self.kick(match_id)
                if self.after_sweep is not None:
                    await self.after_sweep()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("looking for pending effects failed (%s); again in %.0f s", exc, self.sweep)

    async def idle(self) -> None:
        """Deliver what is pending now, steps within a turn too, and wait until no delivery runs."""
        self._flush = True
        try:
            for match_id in list(self._holds):
                self.kick(match_id)
            while self._tasks:
                await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)
        finally:
            self._flush = False

    def _held(self, match_id: int, effects: list[Effect], recover: bool) -> bool:
        """Whether to leave these effects for later: only steps within a turn wait (the board's
        picture changed, the turn did not), up to ``step_delay`` after the first of them, for the
        turn to pass; one upload then shows them all. A timer delivers them if the player pauses."""
        steps = bool(effects) and all(e.kind == "board" and e.payload.get("step") for e in effects)
        if recover or self._flush or self.step_delay <= 0 or not steps:
            self._forget_hold(match_id)
            return False
        loop = asyncio.get_running_loop()
        since, timer = self._holds.get(match_id, (loop.time(), None))
        left = since + self.step_delay - loop.time()
        if left <= 0:
            self._forget_hold(match_id)
            return False
        if timer is None:
            timer = loop.call_later(left, self.kick, match_id)
        self._holds[match_id] = (since, timer)
        return True

    def _forget_hold(self, match_id: int) -> None:
        held = self._holds.pop(match_id, None)
        if held is not None and held[1] is not None:
            held[1].cancel()

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._sweeper
            self._sweeper = None
        for match_id in list(self._holds):
            self._forget_hold(match_id)
        for task in list(self._tasks.values()):
            task.cancel()
        for task in list(self._tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _run(self, match_id: int, recover: bool) -> None:
        failures = unexpected = 0
        try:
            while True:
                self._again.discard(match_id)
                try:
                    await self.deliver(match_id, recover or match_id not in self._known)
                    self._known.add(match_id)
                    self._given_up.discard(match_id)
                    recover = False
                    failures = unexpected = 0
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    if not transient(exc):
                        log.exception("delivery for match %s failed", match_id)
                        unexpected += 1
                        if unexpected >= GIVE_UP:
                            await self._give_up(match_id)
                            return
                    failures += 1
                    recover = True  # a message may have gone out before the failure
                    wait = retry_delay(exc, failures)
                    log.warning("delivery for match %s failed (%s); again in %.0f s", match_id, exc, wait)
                    await asyncio.sleep(wait)
                    continue
                if match_id not in self._again:
                    return
        finally:
            self._tasks.pop(match_id, None)

    async def _give_up(self, match_id: int) -> None:
        """Stop trying a delivery that keeps failing for an unexpected reason (a bug, a damaged row
        read as valid): log it, and tell the channel once. The effects stay pending."""
        log.error(
            "delivery for match %s failed %d times in a row; given up until the match changes",
            match_id,
            GIVE_UP,
        )
        if match_id in self._given_up:
            return
        self._given_up.add(match_id)
        try:
            match = await self.store.get_match(match_id)
            if match is None:
                return
            channel = await self.channel(match)
            with language(await self.channel_language(match, channel)):
                text = _(
                    "I cannot show match #{id} any more: an error on my side keeps coming back (it is "
                    "logged for the bot's owner). Moves are still saved, and I try again at the next one; "
                    "the host can also end the match with {command}.",
                    id=match.id,
                    command=slash("match abandon"),
                )
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except Exception:
            log.exception("could not tell the channel of match %s that its delivery was given up", match_id)

    # -- delivery

    async def deliver(self, match_id: int, recover: bool = False) -> None:
        """Deliver every pending effect of the match, for its latest version, then mark them done."""
        effects = await self.store.pending_effects(match_id)
        if not effects or self._held(match_id, effects, recover):
            return
        try:
            match = await self.store.get_match(match_id)
        except CorruptRow:
            match = None
        if match is not None and match.damaged:
            # Only its end can be shown (the lobby closed, the abandonment posted: neither needs the
            # state or seats it lacks); the board and notices of a damaged match are dropped.
            ends = [e for e in effects if match.status == "abandoned" and e.kind in ("lobby", "final")]
            dropped = [e.id for e in effects if e not in ends]
            if dropped:
                log.error("match %s is damaged; %d pending effects are dropped", match_id, len(dropped))
                await self.store.finish_effects(match_id, dropped)
            effects = ends
        if match is None:
            log.error("match %s cannot be read; its %d pending effects are dropped", match_id, len(effects))
            await self.store.finish_effects(match_id, [e.id for e in effects])
            return
        if not effects:
            return
        try:
            channel = await self.channel(match)
        except (discord.NotFound, discord.Forbidden):
            log.warning("channel of match %s is gone; %d effects dropped", match_id, len(effects))
            await self.store.finish_effects(match_id, [e.id for e in effects])
            return
        with language(await self.channel_language(match, channel)):
            await self._deliver_all(match, channel, effects, recover)

    async def channel_language(self, match: Match, channel) -> str:
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        return await self.service.channel_language(match.channel_id, match.guild_id, parent)

    async def _deliver_all(self, match: Match, channel, effects: list[Effect], recover: bool) -> None:
        match_id = match.id
        history = await self._history(channel) if recover else None
        last = {kind: max(e.id for e in effects if e.kind == kind) for kind in {e.kind for e in effects}}
        board_flags: dict = {"mention": False, "bottom": False, "ping": set(), "withdraw": set()}
        for effect in effects:
            if effect.kind == "board":
                board_flags["mention"] = board_flags["mention"] or bool(effect.payload.get("mention"))
                board_flags["bottom"] = board_flags["bottom"] or bool(effect.payload.get("bottom"))
                board_flags["ping"].update(int(s) for s in effect.payload.get("ping") or [])
                board_flags["withdraw"].update(int(s) for s in effect.payload.get("withdraw") or [])
            if effect.kind in ("lobby", "board") and effect.id != last[effect.kind]:
                await self.store.finish_effects(match_id, [effect.id])  # a later one shows the latest
                continue
            try:
                await self._deliver_one(match, channel, effect, board_flags, history)
            except discord.Forbidden:
                log.warning("no permission to deliver %s of match %s; dropped", effect.kind, match_id)
                await self.store.finish_effects(match_id, [effect.id])

    async def _deliver_one(self, match, channel, effect: Effect, board_flags: dict, history) -> None:
        done = self.store.finish_effects
        if effect.kind == "lobby":
            message_id = await self._show_lobby(match, channel, effect, history)
            await done(match.id, [effect.id], lobby_message_id=message_id)
            match.lobby_message_id = message_id
        elif effect.kind == "board":
            if match.status == "active":
                board_id, mention_id = await self._show_board(match, channel, board_flags, history)
                await done(match.id, [effect.id], board_message_id=board_id, mention_message_id=mention_id)
                match.board_message_id, match.mention_message_id = board_id, mention_id
            else:
                await done(match.id, [effect.id])
        elif effect.kind == "final":
            await self._show_final(match, channel, effect, history)
            await done(match.id, [effect.id], board_message_id=None, mention_message_id=None)
            match.board_message_id = match.mention_message_id = None
        elif effect.kind == "notice":
            mention_id = await self._show_notice(match, channel, effect, history)
            await done(match.id, [effect.id], mention_message_id=mention_id)
            if mention_id is not KEEP:
                match.mention_message_id = mention_id
        else:
            log.error("unknown effect %r of match %s dropped", effect.kind, match.id)
            await done(match.id, [effect.id])

    async def channel(self, match: Match) -> discord.abc.Messageable:
        channel = self.client.get_channel(match.channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(match.channel_id)
        return channel  # type: ignore[return-value]

    async def _history(self, channel) -> list[discord.Message]:
        try:
            me = self.client.user
            return [m async for m in channel.history(limit=HISTORY) if me is None or m.author.id == me.id]
        except discord.HTTPException:
            log.info("cannot read the history of channel %s", getattr(channel, "id", "?"))
            return []

    async def _delete(self, channel, message_id: int | None) -> None:
        if message_id is None:
            return
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.NotFound:
            log.debug("message %s is gone already", message_id)

    # -- the lobby

    async def _show_lobby(self, match: Match, channel, effect: Effect, history) -> int | None:
        view = self.messages.lobby_message(match, effect.payload)
        message_id = match.lobby_message_id
        if message_id is None and history:
            marker = f"lb:join:{match.id}"
            found = [m for m in history if marker in component_ids(m)]
            if found:
                message_id = found[0].id
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(view=view)
                return message_id
            except discord.NotFound:
                if match.status != "lobby":
                    return None
        elif match.status != "lobby":
            return None  # never shown, and over already
        message = await channel.send(view=view, allowed_mentions=discord.AllowedMentions.none())
        return message.id

    # -- the board: one message per match, edited in place

    async def _delete_strays(self, match: Match, history, keep: int | None) -> None:
        """Boards of this match posted but never recorded (a kill between the two) are deleted."""
        marker = f"bd:play:{match.id}:"
        for message in history or []:
            if message.id != keep and any(cid.startswith(marker) for cid in component_ids(message)):
                await self._delete(message.channel, message.id)

    async def _show_board(self, match: Match, channel, flags: dict, history) -> tuple[int, int | None]:
        """Edit the board in place (a new one at the bottom when asked, or when it is gone), then
        tell the players who came to act. Returns the board's and the mention's message ids."""
        state = self.service.state_of(match)
        recent = await self.messages.recent(match)
        old = match.board_message_id
        if history is not None:
            await self._delete_strays(match, history, keep=old)
        board_id = None
        if not flags["bottom"] and old is not None:
            view, file = await self.messages.board_message(match, state, recent)
            try:
                await channel.get_partial_message(old).edit(view=view, attachments=[file])
                board_id = old
            except discord.NotFound:
                pass
            except discord.HTTPException as exc:
                if exc.status != 400:
                    raise
                log.info("board %s of match %s cannot be edited (%s); posted anew", old, match.id, exc)
        moved = board_id is None
        if moved:
            # The old board goes first, so that at no moment do two boards offer buttons (a kill
            # in between leaves none, and this effect still pending).
            await self._delete(channel, old)
            view, file = await self.messages.board_message(match, state, recent)
            message = await channel.send(
                view=view, file=file, allowed_mentions=discord.AllowedMentions.none()
            )
            board_id = message.id
        mention_id = match.mention_message_id
        if flags["mention"] or moved or history is not None:
            mention_id = await self._show_mention(match, channel, state, flags, board_id, history)
        try:
            if flags["ping"] or flags["withdraw"]:
                await self.panels.refresh(match, sorted(flags["ping"]), sorted(flags["withdraw"]))
            await self.panels.retract_undos(match)
        except Exception:
            log.exception("private panels of match %s not refreshed", match.id)
        return board_id, mention_id

    def _stray_mentions(self, match: Match, history, keep: int | None) -> list[discord.Message]:
        return [m for m in history or [] if m.id != keep and self.messages.is_mention(match, m)]

    async def _show_mention(self, match: Match, channel, state, flags: dict, board_id: int, history):
        """The short "your turn" message: a new one (a ping) for the seats that came to act, the
        old one deleted; edited (no ping) when only the link or the names changed."""
        old = match.mention_message_id
        for stray in self._stray_mentions(match, history, old):
            await self._delete(channel, stray.id)
        humans = [s for s in state.to_act() if match.seats[s].ai is None]
        ping = [s for s in humans if s in flags["ping"]]
        if not humans:
            await self._delete(channel, old)
            return None
        text = self.messages.mention_text(match, humans, board_id)
        if ping or old is None or flags["withdraw"]:
            # A step taken back (Undo) withdraws the message that called the next players: it is
            # deleted, and the new one pings nobody (the player who took it back knows).
            await self._delete(channel, old)
            # Each player chose how they are told (/notifications): a ping here, none, or a DM.
            told = await self._dm_turn(match, ping, board_id) if ping else []
            told_now = ping or ([] if flags["withdraw"] else humans)
            return await self._post_mention(match, channel, text, [s for s in told_now if s not in told])
        try:
            await channel.get_partial_message(old).edit(content=text)
            return old
        except discord.NotFound:
            return await self._post_mention(match, channel, text, humans)

    async def _dm_turn(self, match: Match, seats: list[int], board_id: int | None) -> list[int]:
        """Tell by DM the players who asked for it (and mute those who asked for no ping); returns
        the seats that are not to be pinged in the channel. A closed DM falls back to the ping."""
        users = {s: match.seats[s].user_id for s in seats if match.seats[s].user_id is not None}
        modes = await self.service.store.turn_pings(list(users.values())) if users else {}
        quiet = []
        for seat, user_id in users.items():
            mode = modes.get(user_id, "channel")
            if mode == "mute":
                quiet.append(seat)
            elif mode == "dm":
                try:
                    with language(await self.service.user_language(user_id)):
                        await self.messages.send_turn_dm(match, user_id, board_id)
                    quiet.append(seat)
                except discord.HTTPException:
                    log.info("turn DM to %s failed; pinging in the channel", user_id)
        return quiet

    async def _post_mention(self, match: Match, channel, text: str, seats: list[int]) -> int:
        users = [discord.Object(match.seats[s].user_id) for s in seats if match.seats[s].user_id]
        message = await channel.send(
            text,
            view=self.messages.mention_view(match),
            allowed_mentions=discord.AllowedMentions(users=users),
        )
        return message.id

    # -- the end

    async def _show_final(self, match: Match, channel, effect: Effect, history) -> None:
        """The result at the bottom; the board and the mention are deleted (the result shows the end)."""
        old = match.board_message_id
        if history is not None:
            await self._delete_strays(match, history, keep=old)
            for stray in self._stray_mentions(match, history, None):
                await self._delete(channel, stray.id)
            posted = self._final_posted(match, history)
        else:
            posted = False
        if not posted:
            if "abandoned_by" in effect.payload:
                payload = effect.payload
                view = self.messages.abandoned_message(
                    match, payload["abandoned_by"], payload.get("stalled", [])
                )
                file = None
            else:
                view, file = await self.messages.final_message(match, effect.payload)
            kwargs = {"file": file} if file is not None else {}
            await channel.send(view=view, allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        await self._delete(channel, old)
        await self._delete(channel, match.mention_message_id)
        self.panels.forget(match.id)

    def _final_posted(self, match: Match, history) -> bool:
        """Whether the match's end is in the channel already, whichever language it was posted in
        (the channel's may have changed since): a result by its buttons' ids, an abandonment (no
        buttons) by its title in any language the bot speaks."""
        marker = f"rs:{match.id}"
        titles = set()
        for code in (*i18n.available(), i18n.PSEUDO):
            with language(code):
                titles.add(self.messages.final_title(match))
        return any(
            marker in component_ids(m) or any(title in message_text(m) for title in titles) for m in history
        )

    # -- notices

    async def _show_notice(self, match: Match, channel, effect: Effect, history):
        """Send a notice; a reminder in the channel replaces the turn's mention (returns its id)."""
        p = effect.payload
        if "takeover" in p:
            seats = [s for s in p["takeover"] if 0 <= s < len(match.seats)]
            who = ", ".join(f"<@{match.seats[s].user_id}>" for s in seats)
            chooser = match.seat_of(p["by"]) if isinstance(p.get("by"), int) else None
            if who and chooser is not None:
                await channel.send(
                    _(
                        "{who}: an AI now plays your seat in match #{id}, as {name} chose. "
                        "Take it back at any time with {command}.",
                        who=who,
                        id=match.id,
                        name=match.shown_names[chooser],
                        command=slash("match return"),
                    )
                )
            elif who:
                await channel.send(
                    _(
                        "{who}: an AI now plays your seat in match #{id}, after the last reminder. "
                        "Take it back at any time with {command}.",
                        who=who,
                        id=match.id,
                        command=slash("match return"),
                    )
                )
        elif "stalled" in p:
            await self._offer_absent_choice(match, channel, effect)
        elif "returned" in p:
            seat = p["returned"]
            if 0 <= seat < len(match.seats):
                who = f"<@{match.seats[seat].user_id}>"
                await channel.send(
                    _("{who} is back and plays their own seat in match #{id} again.", who=who, id=match.id),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
        elif "reminder" in p:
            if match.status != "active" or match.version != effect.version:
                return KEEP  # the player moved meanwhile: the reminder has nothing to say
            seats = await self.send_reminder(match, [int(s) for s in p.get("seats", [])], int(p["reminder"]))
            if not seats:
                return KEEP
            old = match.mention_message_id
            for stray in self._stray_mentions(match, history, old):
                await self._delete(channel, stray.id)
            await self._delete(channel, old)
            text = self.messages.mention_text(
                match, seats, match.board_message_id, reminder=int(p["reminder"])
            )
            return await self._post_mention(match, channel, text, seats)
        elif p.get("text"):
            await channel.send(format_event(event_text(p), match.shown_names)[:2000])
        return KEEP

    async def _offer_absent_choice(self, match: Match, channel, effect: Effect) -> None:
        """The board now offers the choice (``absent_choice``): the other players are mentioned, and
        the absent players are told by DM if their reminders come that way, else mentioned too."""
        if match.status != "active" or match.version != effect.version:
            return  # someone moved meanwhile: the offer has lapsed
        p, seats = effect.payload, match.seats
        absent = [s for s in p.get("stalled", []) if 0 <= s < len(seats) and seats[s].user_id is not None]
        others = [s for s in p.get("others", []) if 0 <= s < len(seats) and seats[s].user_id is not None]
        link = jump_url(match, match.board_message_id)
        game = self.service.game(match.game).title
        told = []
        for seat in absent:
            user_id = seats[seat].user_id
            if not await self.store.dm_reminders(user_id):
                continue
            try:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                with language(await self.service.user_language(user_id)):
                    text = _(
                        "Your turn in {game} match #{id} has waited past the last reminder: the other "
                        "players may now let an AI play your seat until you come back ({command}), or "
                        "end the match without a result. Play now to keep it: {link}",
                        game=game,
                        id=match.id,
                        link=link,
                        command=slash("match return"),
                    )
                await user.send(text)
                told.append(seat)
            except discord.HTTPException:
                log.info("DM to absent player %s failed; mentioning them in the channel", user_id)
        away = ", ".join(f"<@{seats[s].user_id}>" for s in absent)
        pinged = others + [s for s in absent if s not in told]
        await channel.send(
            _(
                "{others}: match #{id} has waited for {away} past the last reminder. Any one of you may "
                "now let an AI play the seat until its player comes back, or end the match without a "
                "result: [on the board]({link}).",
                others=", ".join(f"<@{seats[s].user_id}>" for s in others),
                id=match.id,
                away=away,
                link=link,
            ),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(seats[s].user_id) for s in pinged]
            ),
        )

    async def send_reminder(self, match: Match, seats: list[int], count: int) -> list[int]:
        """Remind by DM the players who asked for it; returns the seats to remind in the channel."""
        link = jump_url(match, match.board_message_id)
        game = self.service.game(match.game).title
        in_channel = []
        for seat in seats:
            if not 0 <= seat < len(match.seats):
                continue
            s = match.seats[seat]
            if s.user_id is None or s.ai is not None:
                continue
            if await self.store.dm_reminders(s.user_id):
                try:
                    user = self.client.get_user(s.user_id) or await self.client.fetch_user(s.user_id)
                    with language(await self.service.user_language(s.user_id)):
                        text = _(
                            "Reminder ({count}/3): it is your turn in {game} match #{id}. The board: {link}",
                            count=count,
                            game=game,
                            id=match.id,
                            link=link,
                        )
                    await user.send(text)
                    continue
                except discord.HTTPException:
                    log.info("DM reminder to %s failed; falling back to the channel", s.user_id)
            in_channel.append(seat)
        return in_channel

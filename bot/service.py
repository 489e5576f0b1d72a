"""The match service: the one place that changes a match.

Acting on a match loads it, checks the user's seat and the version the button
was made for, applies the action through the engine, and saves the new state,
the action, the next reminder and the Discord effects the change needs (the
outbox: board, final result, lobby, notices) in one transaction, with a
compare-and-set on the version, before anything is answered. The store's
compare-and-set is the arbiter between processes; the per-match lock only
saves this process work. The cogs only translate Discord to these calls, and
deliver the effects from what the database says.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from bot import merge
from bot.names import plain
from bot.steps import forced_steps
from bot.store import (
    ActionRow,
    ChannelBusy,
    ChannelSettings,
    CorruptRow,
    Effect,
    Match,
    Move,
    Reminder,
    Result,
    Seat,
    StaleVersion,
    Store,
    StoreBusy,
)
from games import REGISTRY, Game, GameState, IllegalAction, IllegalSetup
from games.base import plural
from games.rng import Rng

log = logging.getLogger(__name__)

DEFAULT_REMINDER_DELAY = 12 * 3600
MIN_REMINDER_DELAY = 10 * 60
MAX_REMINDER_DELAY = 7 * 24 * 3600
MAX_REMINDERS = 3  # the first reminder and at most two repeats
DEFAULT_LOBBY_EXPIRY = 24 * 3600  # an unstarted lobby closes itself after this (LOBBY_EXPIRY)
MIN_LOBBY_EXPIRY = 10 * 60
MAX_LOBBY_EXPIRY = 30 * 24 * 3600
TURN_PINGS = ("channel", "mute", "dm")
# Parsed states kept (one per active match, roughly): a thousand busy channels never re-parse.
STATE_CACHE = 2048
MAX_OPEN_LOBBIES = 3  # per person and server


class ServiceError(Exception):
    """A refusal with a message for the person who asked. Nothing was changed."""


class LiveMatchExists(ServiceError):
    def __init__(self, match: Match) -> None:
        super().__init__("This channel already has a match in progress.")
        self.match = match


class StaleClick(ServiceError):
    """A button made for an older version of the match."""

    def __init__(self, match: Match) -> None:
        super().__init__("The game has moved on since this was shown.")
        self.match = match


@dataclass
class Outcome:
    """What an action did, for the cog to show."""

    match: Match
    state: GameState
    seat: int
    events: list[dict] = field(default_factory=list)  # of the action and the forced steps after it
    before_to_act: list[int] = field(default_factory=list)
    forced: int = 0  # steps applied at once after the action (the seats had no other choice)

    @property
    def turn_passed(self) -> bool:
        return self.state.to_act() != self.before_to_act

    @property
    def finished(self) -> bool:
        return self.match.status != "active"


def format_event(text: str, names: list[str]) -> str:
    """Fill ``{p0}``-style placeholders with player names."""
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return text


def human_seats(match: Match, seats: list[int]) -> list[int]:
    return [s for s in seats if 0 <= s < len(match.seats) and match.seats[s].ai is None]


class MatchService:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        registry: dict[str, Game] | None = None,
        seed_source: Callable[[], int] | None = None,
        lobby_expiry: int = DEFAULT_LOBBY_EXPIRY,
    ) -> None:
        self.store = store
        self.default_lobby_expiry = lobby_expiry
        self.clock = clock
        self.registry = registry if registry is not None else REGISTRY
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        # Locks live while someone holds or waits for them: finished matches leave nothing behind.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._channel_locks: weakref.WeakValueDictionary[Hashable, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        # Parsed states by (match id, version): a version names one state, in every process.
        self._states: OrderedDict[tuple[int, int], GameState] = OrderedDict()
        self.on_reminder_change: Callable[[], None] | None = None
        # Called with a match id after a commit that recorded effects for it (the writer's kick).
        self.on_effects: Callable[[int], None] | None = None

    # -- helpers

    def lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    def _channel_lock(self, key: Hashable) -> asyncio.Lock:
        """The lock of a channel (its id) or of a person's lobbies in a server (("host", guild, user))."""
        lock = self._channel_locks.get(key)
        if lock is None:
            lock = self._channel_locks[key] = asyncio.Lock()
        return lock

    def _effects_recorded(self, match_id: int) -> None:
        if self.on_effects is not None:
            self.on_effects(match_id)

    def game(self, key: str) -> Game:
        try:
            return self.registry[key]
        except KeyError:
            raise ServiceError(f"There is no game called {key!r}.") from None

    def state_of(self, match: Match) -> GameState:
        if match.damaged:
            raise CorruptRow(f"match {match.id} has a damaged state")
        if match.state is None:
            raise ServiceError("This match has not started yet.")
        key = (match.id, match.version)
        state = self._states.get(key)
        if state is None:
            try:
                state = self.game(match.game).load_state(match.state)
            except (KeyError, ValueError, TypeError, IndexError) as exc:
                raise CorruptRow(f"match {match.id} state cannot be loaded: {exc}") from exc
            self._remember(key, state)
        return state

    def _remember(self, key: tuple[int, int], state: GameState) -> None:
        self._states[key] = state
        self._states.move_to_end(key)
        while len(self._states) > STATE_CACHE:
            self._states.popitem(last=False)

    async def get(self, match_id: int) -> Match:
        match = await self.store.get_match(match_id)
        if match is None:
            raise ServiceError("That match no longer exists.")
        return match

    async def live(self, channel_id: int) -> Match:
        match = await self.store.live_match(channel_id)
        if match is None:
            raise ServiceError("There is no match in this channel. Start one with a game's `new` command.")
        return match

    # Channel settings are read where they are used (one indexed row), never cached: another
    # process may change them.

    async def reminder_delay(self, channel_id: int) -> int | None:
        """Seconds before a reminder in this channel, or None when reminders are off."""
        settings = await self.store.channel_settings(channel_id)
        if settings is None:
            return DEFAULT_REMINDER_DELAY
        return settings.reminder_delay if settings.reminders_enabled else None

    async def ai_takeover(self, channel_id: int) -> bool:
        settings = await self.store.channel_settings(channel_id)
        return bool(settings and settings.ai_takeover)

    async def settings_of(self, channel_id: int) -> ChannelSettings:
        """The channel's settings, or the defaults."""
        return await self.store.channel_settings(channel_id) or ChannelSettings(DEFAULT_REMINDER_DELAY, True)

    @staticmethod
    def stall_after(settings: ChannelSettings) -> int:
        """Seconds after the last reminder before an absent player's seat is decided (0: never)."""
        return settings.reminder_delay if settings.stall_after is None else settings.stall_after

    async def lobby_expiry(self, channel_id: int) -> int:
        """Seconds before an unstarted lobby of this channel closes itself (0: never)."""
        settings = await self.store.channel_settings(channel_id)
        if settings is None or settings.lobby_expiry is None:
            return self.default_lobby_expiry
        return settings.lobby_expiry

    async def _expiry_of(self, channel_id: int) -> float | None:
        delay = await self.lobby_expiry(channel_id)
        return self.clock() + delay if delay else None

    async def _reminder_for(self, match: Match, version: int) -> Reminder | None:
        delay = await self.reminder_delay(match.channel_id)
        if delay is None:
            return None
        return Reminder(match.id, self.clock() + delay, 0, version)

    def _changed_reminders(self) -> None:
        if self.on_reminder_change is not None:
            self.on_reminder_change()

    # -- lobby

    async def new_lobby(
        self,
        game_key: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict | None = None,
    ) -> Match:
        game = self.game(game_key)
        try:
            options = game.normalise_options(options)
        except IllegalSetup as exc:
            raise ServiceError(str(exc)) from None
        async with self._channel_lock(("host", guild_id, host_id)), self._channel_lock(channel_id):
            await self._check_open_lobbies(guild_id, host_id)
            existing = await self.store.live_match(channel_id)
            if existing is not None:
                raise LiveMatchExists(existing)
            try:
                match = await self.store.create_match(
                    game.key,
                    guild_id,
                    channel_id,
                    host_id,
                    [Seat(host_id, plain(host_name))],
                    options,
                    self.seed_source(),
                    self.clock(),
                    [Effect("lobby")],
                    expires_at=await self._expiry_of(channel_id),
                )
            except ChannelBusy:
                existing = await self.store.live_match(channel_id)
                if existing is None:
                    raise
                raise LiveMatchExists(existing) from None
        self._effects_recorded(match.id)
        self._changed_reminders()  # the lobby's expiry is on the reminders' schedule
        return match

    async def _check_open_lobbies(self, guild_id: int | None, host_id: int) -> None:
        """A person hosts at most ``MAX_OPEN_LOBBIES`` lobbies in a server at once (each may open a
        thread and blocks its channel until it starts or is cancelled)."""
        if guild_id is None:
            return
        hosted = [
            m
            for m in await self.store.live_matches_in(guild_id)
            if m.status == "lobby" and m.host_id == host_id
        ]
        if len(hosted) >= MAX_OPEN_LOBBIES:
            raise ServiceError(
                f"You already host {len(hosted)} open lobbies in this server, the most at once: "
                "start or cancel one of them first."
            )

    async def rematch(self, match_id: int, user_id: int, name: str) -> Match:
        """After a finished match: a new lobby in the same channel with the same players and options.

        The person who asks hosts it (they played in the match) and starts it as usual; the seats
        an AI held for an absent player go back to that player, AI players stay.
        """
        old = await self.get(match_id)
        if old.status != "finished":
            raise ServiceError("A rematch is offered once the match is over.")
        if all(s.user_id != user_id for s in old.seats):
            raise ServiceError("Only the players of this match can ask for a rematch.")
        host = next(s for s in old.seats if s.user_id == user_id)
        seats = [Seat(user_id, plain(name))]
        seats += [
            Seat(s.user_id, s.name, s.ai if s.user_id is None else None) for s in old.seats if s is not host
        ]
        async with self._channel_lock(("host", old.guild_id, user_id)), self._channel_lock(old.channel_id):
            await self._check_open_lobbies(old.guild_id, user_id)
            existing = await self.store.live_match(old.channel_id)
            if existing is not None:
                raise LiveMatchExists(existing)
            try:
                match = await self.store.create_match(
                    old.game,
                    old.guild_id,
                    old.channel_id,
                    user_id,
                    seats,
                    dict(old.options),
                    self.seed_source(),
                    self.clock(),
                    [Effect("lobby")],
                    expires_at=await self._expiry_of(old.channel_id),
                )
            except ChannelBusy:
                existing = await self.store.live_match(old.channel_id)
                if existing is None:
                    raise
                raise LiveMatchExists(existing) from None
        self._effects_recorded(match.id)
        self._changed_reminders()
        return match

    async def _lobby(self, match_id: int, damaged_ok: bool = False) -> Match:
        match = await self.get(match_id)
        if match.status != "lobby":
            raise ServiceError("This lobby is closed: the match has started or was cancelled.")
        if match.damaged and not damaged_ok:  # its seats or options cannot be read: cancel it only
            raise CorruptRow(f"lobby {match.id} has damaged seats or options")
        return match

    async def _change_lobby(self, match_id: int, change: Callable[[Match], None]) -> Match:
        """Apply ``change`` to the lobby's seats and save it, redoing it if another click won."""
        async with self.lock(match_id):
            for _ in range(20):
                match = await self._lobby(match_id)
                old = [Seat(s.user_id, s.name, s.ai) for s in match.seats]
                change(match)
                try:
                    await self.store.update_seats(
                        match.id, old, match.seats, "lobby", self.clock(), [Effect("lobby")]
                    )
                except StaleVersion:
                    continue  # another process changed the lobby: look again
                self._effects_recorded(match.id)
                return match
        raise ServiceError("The lobby is busy; try again.")

    async def join(self, match_id: int, user_id: int, name: str) -> Match:
        def change(match: Match) -> None:
            game = self.game(match.game)
            if match.seat_of(user_id) is not None:
                raise ServiceError("You are already in this lobby.")
            most = max(game.counts_for(match.options) or game.player_counts)
            if len(match.seats) >= most:
                raise ServiceError(f"The lobby is full ({plural(most, 'player')}).")
            match.seats.append(Seat(user_id, plain(name)))

        return await self._change_lobby(match_id, change)

    async def add_ai(self, match_id: int, user_id: int, level: str) -> Match:
        """The host adds a computer player of the given level to the lobby."""
        from games.ai import LEVELS

        if level not in LEVELS:
            raise ServiceError(f"There is no AI level {level!r}.")

        def change(match: Match) -> None:
            game = self.game(match.game)
            if user_id != match.host_id:
                raise ServiceError("Only the host can add AI players.")
            most = max(game.counts_for(match.options) or game.player_counts)
            if len(match.seats) >= most:
                raise ServiceError(f"The lobby is full ({plural(most, 'player')}).")
            number = sum(1 for s in match.seats if s.ai is not None) + 1
            match.seats.append(Seat(None, f"AI {number} ({level})", ai=level))

        return await self._change_lobby(match_id, change)

    async def remove_ai(self, match_id: int, user_id: int) -> Match:
        def change(match: Match) -> None:
            if user_id != match.host_id:
                raise ServiceError("Only the host can remove AI players.")
            ais = [i for i, s in enumerate(match.seats) if s.ai is not None]
            if not ais:
                raise ServiceError("There is no AI player in this lobby.")
            del match.seats[ais[-1]]

        return await self._change_lobby(match_id, change)

    async def leave(self, match_id: int, user_id: int) -> Match:
        def change(match: Match) -> None:
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("You are not in this lobby.")
            if user_id == match.host_id:
                raise ServiceError("The host cannot leave; cancel the lobby instead.")
            del match.seats[seat]

        return await self._change_lobby(match_id, change)

    async def cancel(self, match_id: int, user_id: int, can_manage: bool) -> Match:
        async with self.lock(match_id):
            match = await self._lobby(match_id, damaged_ok=True)
            if user_id != match.host_id and not can_manage:
                raise ServiceError("Only the host (or someone who can manage the channel) can cancel.")
            try:
                await self.store.end_match(
                    match.id, "abandoned", [], self.clock(), [Effect("lobby", {"cancelled_by": user_id})]
                )
            except StaleVersion:
                raise ServiceError("This lobby is closed: the match has started or was cancelled.") from None
            match.status = "abandoned"
        self._effects_recorded(match.id)
        return match

    async def start(self, match_id: int, user_id: int) -> tuple[Match, GameState]:
        async with self.lock(match_id):
            match = await self._lobby(match_id)
            game = self.game(match.game)
            if user_id != match.host_id:
                raise ServiceError("Only the host can start the match.")
            n = len(match.seats)
            if n not in game.player_counts:
                lo, hi = min(game.player_counts), max(game.player_counts)
                raise ServiceError(f"{game.title} needs {lo} to {hi} players; the lobby has {n}.")
            seats = list(match.seats)
            Rng(match.seed ^ 0x5EA75).shuffle(seats)  # seat order comes from the match seed
            try:
                state = game.new_state(n, match.seed, match.options)
            except IllegalSetup as exc:
                raise ServiceError(str(exc)) from None
            now = self.clock()
            forced = [
                ActionRow(i + 1, seat, None, action, events, now)
                for i, (seat, action, events) in enumerate(forced_steps(state))
            ]
            match.seats, match.status, match.version = seats, "active", len(forced)
            match.state = state.to_json()
            reminder = await self._reminder_for(match, match.version)
            ping = human_seats(match, state.to_act())
            effects = [Effect("lobby"), Effect("board", {"mention": True, "ping": ping}, match.version)]
            try:
                await self.store.start_match(match.id, seats, match.state, reminder, now, effects, forced)
            except StaleVersion:
                raise ServiceError("This lobby is closed: the match has started or was cancelled.") from None
            self._remember((match.id, match.version), state)
        self._changed_reminders()
        self._effects_recorded(match.id)
        return match, state

    # -- play

    @staticmethod
    def seat_for_user(match: Match, user_id: int) -> int:
        """The seat this person plays, or a refusal that says why they cannot act."""
        if match.damaged:  # its seats may be unreadable (left empty): say what is wrong
            raise CorruptRow(f"match {match.id} is damaged")
        seat = match.seat_of(user_id)
        if seat is None:
            if match.held_seat_of(user_id) is not None:
                raise ServiceError("An AI is playing your seat; take it back with /match return.")
            raise ServiceError("You are not playing in this match.")
        return seat

    async def act(self, match_id: int, user_id: int, version: int, action_id: str) -> Outcome:
        """A person acts through a button made for ``version`` of the match."""
        return await self._act(
            match_id, lambda match: self.seat_for_user(match, user_id), user_id, version, action_id
        )

    async def act_ai(self, match_id: int, seat: int, version: int, action_id: str) -> Outcome:
        """A computer seat acts (an AI player, or an AI holding an absent player's seat)."""

        def seat_for(match: Match) -> int:
            if not 0 <= seat < len(match.seats) or match.seats[seat].ai is None:
                raise ServiceError("That seat is not played by an AI.")
            return seat

        return await self._act(match_id, seat_for, None, version, action_id)

    async def _act(self, match_id, seat_for, user_id, version, action_id) -> Outcome:
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise ServiceError(
                    "This match is over." if match.status != "lobby" else "The match has not started."
                )
            seat = seat_for(match)
            if version != match.version:
                raise StaleClick(match)
            state = self.state_of(match)
            before = state.to_act()
            if seat not in before:
                raise ServiceError("It is not your turn.")
            work = self.game(match.game).load_state(match.state)  # the cached state stays untouched
            # A joined choice (bot/merge.py) is several steps of this seat, each logged as its own
            # action with the forced steps after it, all in this one transaction. The steps after
            # the first are logged like forced ones (no user, events marked "joined"): Undo takes
            # back the whole click.
            steps: list[tuple[int, str, int | None, list[dict], bool]] = []  # ..., forced
            path = merge.split(action_id)
            try:
                # Joined as bot/merge.py joins (a click's id is the client's word): at most
                # MAX_DEPTH steps, each but the last revealing nothing and leaving the turn here.
                if len(path) > merge.MAX_DEPTH:
                    raise IllegalAction("That move is not available any more.")
                for n, step in enumerate(path):
                    if n and (seat not in work.to_act() or not work.undoable(seat)):
                        raise IllegalAction("That move is not available any more.")
                    events = work.apply(seat, step)
                    if n:
                        events = [dict(e, joined=True) for e in events]
                    steps.append((seat, step, None if n else user_id, events, False))
                    steps += [(s, a, None, ev, True) for s, a, ev in forced_steps(work)]
            except IllegalAction as exc:
                raise ServiceError(str(exc)) from None
            outcome = await self._save(match, work, seat, steps, before, state.view(None))
        self._effects_recorded(match_id)
        return outcome

    async def undo(self, match_id: int, user_id: int, version: int) -> Outcome:
        """Take back the person's last decision (a whole joined choice, bot/merge.py), with the
        forced steps that followed it: a step within their turn, or the step that ended it while
        nobody else has decided since.

        Allowed while the engine says so (``undoable``: nothing revealed since, no other seat's
        decision). The log stays the one truth: the steps are deleted and the state is rebuilt
        from the seed and the log without them, checked step by step; the version still rises,
        so every button shown before (an Undo included) is stale. When the step had passed the
        turn, the board is shown at once and the players it had called are told no more.
        """
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise ServiceError("This match is not being played.")
            seat = self.seat_for_user(match, user_id)
            if version != match.version:
                raise StaleClick(match)
            state = self.state_of(match)
            if not state.undoable(seat):
                raise ServiceError(self._why_not_undoable(state, seat))
            rows = await self.store.action_log(match.id)
            mine = [i for i, r in enumerate(rows) if r.seat == seat and r.user_id == user_id]
            cut = mine[-1] if mine else None
            # Only steps without a choice (forced, of any seat) and the later steps of the same
            # click (a joined choice) may follow the step taken back: another person's move, or an
            # AI's, is not this person's to undo.
            if cut is None or any(
                r.user_id is not None
                or not all(e.get("forced") or (e.get("joined") and r.seat == seat) for e in r.events)
                for r in rows[cut + 1 :]
            ):
                raise ServiceError("There is nothing of yours to undo in this turn.")
            before = self._rebuild(match, rows[:cut], rows[cut:], seat)
            now = self.clock()
            new_version = match.version + 1
            reminder = await self._reminder_for(match, new_version)
            called = [s for s in state.to_act() if s not in before.to_act()]
            if called or seat not in state.to_act():
                # The step had passed the turn: the board and the "your turn" message say at once
                # whose turn it is again, and those it had called are told no more.
                payload = {"mention": True, "undo": seat, "withdraw": human_seats(match, called)}
            else:
                payload = {"step": True, "undo": seat}
            effects = [Effect("board", payload, new_version)]
            data = before.to_json()
            try:
                await self.store.undo_move(
                    match.id, match.version, rows[cut].version, data, reminder, now, effects
                )
            except StaleVersion:
                fresh = await self.store.get_match(match.id)
                raise StaleClick(fresh or match) from None
            match.state, match.version = data, new_version
            self._remember((match.id, new_version), before)
        self._changed_reminders()
        self._effects_recorded(match_id)
        undone = [e for r in rows[cut:] for e in r.events]
        return Outcome(match, before, seat, undone, state.to_act(), len(rows) - cut - 1)

    @staticmethod
    def _why_not_undoable(state: GameState, seat: int) -> str:
        if state.is_over():
            return "The game is over: nothing can be undone."
        return (
            "Your last step cannot be undone: something new was shown since (a card, a draw, a "
            "random event), or another player has played since."
        )

    def _rebuild(self, match: Match, kept: list[ActionRow], undone: list[ActionRow], seat: int) -> GameState:
        """The state after ``kept`` (replayed from the seed), checking that replaying ``undone`` on
        it gives back the saved state and that none of those steps revealed anything."""
        game = self.game(match.game)
        state = game.new_state(len(match.seats), match.seed, match.options)
        try:
            for row in kept:
                state.apply(row.seat, row.action)
            before = state.copy()
            for row in undone:
                state.apply(row.seat, row.action)
                if not state.undoable(seat):
                    raise ServiceError("Those steps showed something new: they cannot be undone.")
        except IllegalAction as exc:
            log.error("match %s: the log does not replay (%s)", match.id, exc)
            raise ServiceError("This match's log does not replay: it cannot be undone.") from None
        if json.loads(json.dumps(state.to_json())) != match.state:
            log.error("match %s: the replayed log differs from the saved state", match.id)
            raise ServiceError("This match's log does not replay: it cannot be undone.")
        return before

    async def _save(self, match, state, seat, steps, before, public_before) -> Outcome:
        now = self.clock()
        rows = [
            ActionRow(match.version + 1 + n, s, user, action, events, now)
            for n, (s, action, user, events, _) in enumerate(steps)
        ]
        new_version = rows[-1].version
        results: list[Result] = []
        status = "active"
        reminder = None
        if state.is_over():
            status = "finished"
            results = self._results(match, state.scores(), state.winners())
        else:
            reminder = await self._reminder_for(match, new_version)
        after = state.to_act()
        if status == "finished":
            effects = [Effect("final", {}, new_version)]
        elif after != before:
            ping = human_seats(match, [s for s in after if s not in before])
            effects = [Effect("board", {"mention": True, "ping": ping}, new_version)]
        elif state.view(None) != public_before:
            # A public step within a turn: the board is edited once the player pauses or the turn passes.
            effects = [Effect("board", {"step": True}, new_version)]
        else:
            effects = []  # a private step within a turn: only the player's panel shows it
        data = state.to_json()
        move = Move(
            match.id, match.version, data, rows[0], status, reminder, results, effects, forced=rows[1:]
        )
        try:
            await self.store.save_move(move, now)
        except StaleVersion:
            fresh = await self.store.get_match(match.id)
            raise StaleClick(fresh or match) from None
        except StoreBusy as exc:
            # The connection dropped or the client gave up around the COMMIT: the move may be in.
            # Read it back; if it is, it is a success like any other (the caller kicks the writer).
            if not exc.ambiguous or not await self._saved(match, rows[0]):
                if exc.ambiguous and exc.settled:  # read back when the server was done: not in
                    raise StoreBusy(f"the move was not saved: {exc}") from exc
                raise
            log.warning(
                "match %s: the move to version %s was saved after all (%s)", match.id, new_version, exc
            )
        match.state, match.version, match.status = data, new_version, status
        self._remember((match.id, new_version), state)
        self._changed_reminders()
        all_events = [e for *_, events, _ in steps for e in events]
        return Outcome(match, state, seat, all_events, before, sum(1 for *_, forced in steps if forced))

    async def _saved(self, match: Match, row: ActionRow) -> bool:
        """Whether the action ``row`` (the first of a move from ``match.version``) is in the database."""
        try:
            fresh = await self.store.get_match(match.id)
            if fresh is None or fresh.version < row.version:
                return False
            rows = await self.store.actions(match.id, fresh.version - match.version)
        except StoreBusy as exc:
            raise StoreBusy(f"the move could not be confirmed: {exc}", ambiguous=True) from exc
        first = next((r for r in rows if r.version == row.version), None)
        return first is not None and (first.seat, first.user_id, first.action, first.created_at) == (
            row.seat,
            row.user_id,
            row.action,
            row.created_at,
        )

    @staticmethod
    def _results(match: Match, scores: list[int], winners: list[int]) -> list[Result]:
        return [Result(i, s.user_id, scores[i], i in winners) for i, s in enumerate(match.seats)]

    async def resign(self, channel_id: int, user_id: int) -> tuple[Match, list[int]]:
        """The player leaves the match; it ends, the best running score of the others wins (solo and
        co-op: it ends as a loss against the game, nobody wins)."""
        match = await self.live(channel_id)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "active":
                raise ServiceError("The match has not started; leave the lobby instead.")
            self.state_of(match)  # a damaged match is refused here
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("You are not playing in this match.")
            state = self.state_of(match)
            scores = state.scores()
            others = [i for i in range(len(match.seats)) if i != seat]
            if state.solo or not others:
                # Solo and co-op (Iwari against the Void): the players are one side against the
                # game, and a resignation is that side's loss; nobody at the table wins.
                winners = []
            else:
                best = max(scores[i] for i in others)
                winners = [i for i in others if scores[i] == best]
            effect = Effect("final", {"resigned": seat, "winners": winners}, match.version)
            try:
                await self.store.end_match(
                    match.id,
                    "finished",
                    self._results(match, scores, winners),
                    self.clock(),
                    [effect],
                    expected_version=match.version,
                )
            except StaleVersion:
                raise ServiceError("The match moved on meanwhile; try again.") from None
            match.status = "finished"
        self._changed_reminders()
        self._effects_recorded(match.id)
        return match, winners

    async def abandon(self, channel_id: int, user_id: int, can_manage: bool) -> Match:
        match = await self.live(channel_id)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status not in ("lobby", "active"):
                raise ServiceError("This match is already over.")
            if user_id != match.host_id and not can_manage:
                raise ServiceError(
                    "Only the host or someone who can manage this channel can abandon the match."
                )
            kind = "lobby" if match.status == "lobby" else "final"
            effect = Effect(kind, {"abandoned_by": user_id, "cancelled_by": user_id}, match.version)
            try:
                await self.store.end_match(match.id, "abandoned", [], self.clock(), [effect])
            except StaleVersion:
                raise ServiceError("This match is already over.") from None
            match.status = "abandoned"
        self._changed_reminders()
        self._effects_recorded(match.id)
        return match

    @staticmethod
    def absent_seats(match: Match, state: GameState) -> list[int]:
        """The seats the match waits for that their players play themselves."""
        return human_seats(match, state.to_act())

    @staticmethod
    def _held(match: Match, seats: list[int], level: str = "quick") -> tuple[list[Seat], list[Seat]]:
        """The match's seats now and with an AI of ``level`` holding ``seats`` for their players."""
        old = [Seat(s.user_id, s.name, s.ai) for s in match.seats]
        new = [Seat(s.user_id, s.name, level if i in seats else s.ai) for i, s in enumerate(match.seats)]
        return old, new

    async def choose_for_absent(self, match_id: int, user_id: int, version: int, choice: str) -> list[int]:
        """One of the other players decides for the absent ones, once the match offers it (a
        reminder recorded the offer at this ``version``): ``ai``, an AI plays their seats until they
        come back with /match return; ``end``, the match ends without a result. Any one of the
        other players decides, the first to choose (compared on the version in the transaction).
        Returns the absent seats."""
        if choice not in ("ai", "end"):
            raise ServiceError("Choose to let an AI play the seat or to end the match.")
        async with self.lock(match_id):
            match = await self.get(match_id)
            absent = self.check_absent_choice(match, user_id, version)
            if choice == "ai":
                old, new = self._held(match, absent)
                effects = [
                    Effect("notice", {"takeover": absent, "by": user_id}, version),
                    Effect("board", {}, version),
                ]
                update = self.store.update_seats(
                    match.id, old, new, "active", self.clock(), effects, expected_version=version
                )
            else:
                effect = Effect("final", {"abandoned_by": user_id, "stalled": absent}, version)
                update = self.store.end_match(
                    match.id, "abandoned", [], self.clock(), [effect], expected_version=version
                )
            try:
                await update
            except StaleVersion:
                raise ServiceError("The match moved on meanwhile: there is nothing to decide now.") from None
        self._changed_reminders()
        self._effects_recorded(match_id)
        return absent

    def check_absent_choice(self, match: Match, user_id: int, version: int) -> list[int]:
        """The absent seats, or a refusal saying why this person cannot choose for them now."""
        if match.status != "active":
            raise ServiceError("This match is over.")
        state = self.state_of(match)  # a damaged match is refused here
        absent = self.absent_seats(match, state)
        if match.stalled != version or match.version != version or not absent:
            raise ServiceError("The match moved on since this was offered: there is nothing to decide now.")
        seat = match.seat_of(user_id)
        if seat in absent:
            raise ServiceError("The match waits for you: press Play to take your turn.")
        if seat is None:
            raise ServiceError("Only the other players of this match can choose.")
        return absent

    async def return_seat(self, channel_id: int, user_id: int) -> Match:
        match = await self.live(channel_id)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "active":
                raise ServiceError("This match is not being played.")
            self.state_of(match)  # a damaged match is refused here
            seat = match.held_seat_of(user_id)
            if seat is None:
                if match.seat_of(user_id) is not None:
                    raise ServiceError("You already play your seat yourself.")
                raise ServiceError("You have no seat in this match.")
            old = [Seat(s.user_id, s.name, s.ai) for s in match.seats]
            match.seats[seat].ai = None
            reminder = await self._reminder_for(match, match.version)
            effects = [
                Effect("notice", {"returned": seat}, match.version),
                Effect("board", {}, match.version),
            ]
            try:
                await self.store.update_seats(
                    match.id, old, match.seats, "active", self.clock(), effects, reminder
                )
            except StaleVersion:
                raise ServiceError("The match changed meanwhile; try again.") from None
        if reminder is not None:
            self._changed_reminders()
        self._effects_recorded(match.id)
        return match

    async def request_board(self, channel_id: int) -> Match:
        """Someone asked for the board: the writer posts it again at the bottom."""
        match = await self.live(channel_id)
        if match.status != "active":
            raise ServiceError("The match has not started yet: the lobby is above.")
        self.state_of(match)  # a damaged match is refused here
        await self.store.add_effects(match.id, [Effect("board", {"bottom": True}, match.version)])
        self._effects_recorded(match.id)
        return match

    async def fire_reminder(self, reminder: Reminder) -> tuple[Match, list[int]] | None:
        """A due reminder: record its notice and the next reminder in one transaction.

        The channel's settings are read now, not when the reminder was written: one fired after a
        setting changed obeys the new one (reminders off, a longer delay, another stall setting).
        After the last reminder and the channel's ``stall_after``, an AI takes the absent players'
        seats at once where the channel has ``takeover`` on, else the other players are offered
        the choice (``choose_for_absent``). Returns the match and the seats an AI now plays, or
        None (nothing to take over, the reminder obsolete or already fired elsewhere).
        """
        try:
            match = await self.store.get_match(reminder.match_id)
        except CorruptRow:
            log.exception("reminder for unreadable match %s dropped", reminder.match_id)
            match = None
        if match is not None and match.status == "lobby":
            return await self._expire_lobby(match, reminder)
        if match is None or match.status != "active" or match.damaged or match.version != reminder.version:
            await self.store.fire_reminder(reminder, None)
            return None
        settings = await self.settings_of(match.channel_id)
        if not settings.reminders_enabled:
            await self.store.fire_reminder(reminder, None)
            return None
        now = self.clock()
        # The first reminder of a version waits from the match's last change: if the delay grew
        # since it was written, it comes later.
        if reminder.sent == 0 and match.updated_at + settings.reminder_delay > now:
            later = Reminder(match.id, match.updated_at + settings.reminder_delay, 0, reminder.version)
            if await self.store.fire_reminder(reminder, later):
                self._changed_reminders()
            return None
        seats = self.absent_seats(match, self.state_of(match))
        if reminder.sent >= MAX_REMINDERS:
            return await self._stalled(match, reminder, settings, seats)
        count = reminder.sent + 1
        wait = settings.reminder_delay if count < MAX_REMINDERS else self.stall_after(settings)
        following = Reminder(match.id, now + wait, count, reminder.version) if wait else None
        effects = [Effect("notice", {"reminder": count, "seats": seats}, match.version)] if seats else []
        if not await self.store.fire_reminder(reminder, following, effects):
            return None
        if effects:
            self._effects_recorded(match.id)
        return None

    async def _stalled(
        self, match: Match, reminder: Reminder, settings: ChannelSettings, absent: list[int]
    ) -> tuple[Match, list[int]] | None:
        """The last reminder's wait is over and the match still waits for ``absent``: an AI takes
        their seats (``takeover`` on), or the other players are offered the choice; each with the
        reminder's end in one transaction, at the reminder's version only."""
        others = [
            i for i, s in enumerate(match.seats) if s.ai is None and s.user_id is not None and i not in absent
        ]
        v = match.version
        if not absent or not self.stall_after(settings) or not (settings.ai_takeover or others):
            await self.store.fire_reminder(reminder, None)  # nobody to decide, or never (the setting)
            return None
        if settings.ai_takeover:
            seats = self._held(match, absent)
            effects = [Effect("notice", {"takeover": absent}, v), Effect("board", {}, v)]
            if not await self.store.fire_reminder(reminder, None, effects, seats=seats):
                return None
            match.seats = seats[1]
            self._effects_recorded(match.id)
            return match, absent
        effects = [Effect("notice", {"stalled": absent, "others": others}, v), Effect("board", {}, v)]
        if await self.store.fire_reminder(reminder, None, effects, stalled=True):
            self._effects_recorded(match.id)
        return None

    async def _expire_lobby(self, match: Match, reminder: Reminder) -> None:
        """A lobby nobody started in time closes itself, with a short post; only if it is still a
        lobby (the end compares the status in the transaction that also drops the expiry) and the
        channel's expiry, read now, says so (one changed since its reminder was written is obeyed:
        the reminder moves to the new time, or goes for 'never')."""
        delay = await self.lobby_expiry(match.channel_id)
        due = match.created_at + delay
        if not delay or due > self.clock():
            later = Reminder(match.id, due, 0, 0) if delay else None
            if await self.store.fire_reminder(reminder, later):
                self._changed_reminders()
            return None
        effects = [
            Effect("lobby", {"expired": True}, match.version),
            Effect("notice", {"text": self.expired_text(match, delay)}, match.version),
        ]
        try:
            await self.store.end_match(match.id, "abandoned", [], self.clock(), effects, from_status="lobby")
        except StaleVersion:
            return None  # started, cancelled or expired by another process meanwhile
        self._effects_recorded(match.id)
        return None

    def expired_text(self, match: Match, delay: int) -> str:
        title = self.registry[match.game].title if match.game in self.registry else match.game
        hours = max(1, round(delay / 3600)) if delay >= 3600 else None
        after = f"{hours} hour{'s' if hours != 1 else ''}" if hours else f"{max(1, delay // 60)} minutes"
        return (
            f"The {title} lobby closed itself: nobody started it within {after}. "
            f"Open a new one with `/{match.game} new`."
        )

    async def my_matches(self, guild_id: int, user_id: int) -> list[tuple[Match, bool]]:
        """The user's lobbies and active matches in this server, each with whether it waits for them."""
        out = []
        for match in await self.store.live_matches_in(guild_id):
            if all(s.user_id != user_id for s in match.seats):
                continue
            waits = False
            if match.status == "active" and not match.damaged:
                seat = match.seat_of(user_id)
                try:
                    waits = seat is not None and seat in self.state_of(match).to_act()
                except (CorruptRow, ServiceError):
                    waits = False
            out.append((match, waits))
        return out

    async def waiting_since(self, match: Match, seats: list[int]) -> float:
        """When the match began to wait for ``seats``: the time of the last step of another seat
        (their own steps of the turn do not restart the wait), or of the start."""
        rows = await self.store.actions(match.id, 40)
        for row in reversed(rows):
            if row.seat not in seats:
                return row.created_at
        return rows[0].created_at if rows else match.updated_at  # the oldest known step, or the start

    async def set_turn_ping(self, user_id: int, mode: str) -> None:
        if mode not in TURN_PINGS:
            raise ServiceError("Choose channel, mute or dm.")
        await self.store.put_turn_ping(user_id, mode)

    def ai_to_act(self, match: Match) -> list[int]:
        """Seats played by an AI that must decide now."""
        if match.status != "active" or match.damaged:
            return []
        return [s for s in self.state_of(match).to_act() if match.seats[s].ai is not None]

    async def log(self, channel_id: int, limit: int | None = None) -> tuple[Match, list[str]]:
        """The channel's live match and the public lines of its log (the last ``limit``, or all)."""
        match = await self.live(channel_id)
        return match, await self.log_lines(match, limit)

    async def log_lines(self, match: Match, limit: int | None = None) -> list[str]:
        """The public lines of a match's log, oldest first: the last ``limit`` steps', or all."""
        rows = await (
            self.store.action_log(match.id) if limit is None else self.store.actions(match.id, limit)
        )
        lines = []
        for row in rows:
            for ev in row.events:
                if "private_to" not in ev and ev.get("text"):
                    lines.append(format_event(ev["text"], match.shown_names))
        return lines if limit is None else lines[-limit:]

    async def finished_match(self, channel_id: int, match_id: int | None = None) -> Match:
        """A finished match of this channel: the one named, or the latest."""
        if match_id is None:
            last = await self.store.finished_matches(channel_id, 1)
            if not last:
                raise ServiceError("No match has finished in this channel yet.")
            return last[0].match
        match = await self.store.get_match(match_id)
        if match is None or match.channel_id != channel_id:
            raise ServiceError(f"Match #{match_id} was not played in this channel.")
        if match.status != "finished":
            raise ServiceError(f"Match #{match_id} has not finished: only a finished match has a replay.")
        return match

    # -- settings

    async def opens_threads(self, channel_id: int) -> bool:
        """Whether `/<game> new` in this channel opens a thread when not told otherwise."""
        settings = await self.store.channel_settings(channel_id)
        return bool(settings and settings.threads)

    async def set_reminders(
        self,
        channel_id: int,
        delay: int | None,
        enabled: bool | None,
        takeover: bool | None = None,
        threads: bool | None = None,
        lobby_expiry: int | None = None,
        stall_after: int | None = None,
    ) -> ChannelSettings:
        current = await self.settings_of(channel_id)
        if delay is not None:
            if not MIN_REMINDER_DELAY <= delay <= MAX_REMINDER_DELAY:
                raise ServiceError("The reminder delay must be between 10 minutes and 7 days.")
            current.reminder_delay = delay
        if enabled is not None:
            current.reminders_enabled = enabled
        if takeover is not None:
            current.ai_takeover = takeover
        if threads is not None:
            current.threads = threads
        if lobby_expiry is not None:
            if lobby_expiry and not MIN_LOBBY_EXPIRY <= lobby_expiry <= MAX_LOBBY_EXPIRY:
                raise ServiceError("The lobby expiry must be between 10 minutes and 30 days (0: never).")
            current.lobby_expiry = lobby_expiry
        if stall_after is not None:
            if stall_after and not MIN_REMINDER_DELAY <= stall_after <= MAX_LOBBY_EXPIRY:
                raise ServiceError(
                    "The wait before the others decide for an absent player must be between 10 minutes"
                    " and 30 days (0: never)."
                )
            current.stall_after = stall_after
        await self.store.put_channel_settings(channel_id, current)
        # The live match's reminder follows (the first of its current version, written in one
        # transaction while the match has the status read). A Start or a move meanwhile may have
        # written its own from the old settings: a reminder obeys the settings when it fires.
        live = await self.store.live_match(channel_id)
        due = None
        if live is not None and live.status == "active":
            due = self.clock() + current.reminder_delay if current.reminders_enabled else None
        elif live is not None and lobby_expiry is not None:  # the open lobby follows the new delay
            due = live.created_at + lobby_expiry if lobby_expiry else None
        else:
            return current
        if await self.store.replace_reminder(live.id, live.status, due):
            self._changed_reminders()
        return current

"""The match service's shared part: its refusals, what an action did, and the state every
concern of the service uses (the store, the clock, the locks, the parsed states, the channel's
settings as read)."""

from __future__ import annotations

import asyncio
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from bot.store import (
    ChannelSettings,
    CorruptRow,
    Match,
    Reminder,
    Result,
    Store,
)
from games import REGISTRY, Game, GameState
from games.text import T
from rendering.i18n import tr

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
    """A refusal with a message for the person who asked. Nothing was changed.

    The message is a message (``T``: an engine's refusal, ``IllegalAction``'s, passes as it is) or
    words said already (``_``); ``str()`` says it in the language of the moment, where it is shown
    (the person's), and ``args[0]`` keeps it."""

    def __str__(self) -> str:
        return str(tr(self.args[0])) if self.args else ""


class LiveMatchExists(ServiceError):
    def __init__(self, match: Match) -> None:
        super().__init__(T("This channel already has a match in progress."))
        self.match = match


class StaleClick(ServiceError):
    """A button made for an older version of the match."""

    def __init__(self, match: Match) -> None:
        super().__init__(T("The game has moved on since this was shown."))
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
    """Words of an engine (a message, or plain text) in the language of the moment, their
    ``{p0}``-style placeholders filled with player names."""
    text = tr(text)
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return text


def human_seats(match: Match, seats: list[int]) -> list[int]:
    return [s for s in seats if 0 <= s < len(match.seats) and match.seats[s].ai is None]


class ServiceBase:
    """What each concern of ``MatchService`` (bot/service/*.py) builds on."""

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
            raise ServiceError(T("There is no game called {name}.", name=repr(key))) from None

    def state_of(self, match: Match) -> GameState:
        if match.damaged:
            raise CorruptRow(f"match {match.id} has a damaged state")
        if match.state is None:
            raise ServiceError(T("This match has not started yet."))
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
            raise ServiceError(T("That match no longer exists."))
        return match

    async def live(self, channel_id: int) -> Match:
        match = await self.store.live_match(channel_id)
        if match is None:
            raise ServiceError(T("There is no match in this channel. Start one with a game's `new` command."))
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

    @staticmethod
    def _results(match: Match, scores: list[int], winners: list[int]) -> list[Result]:
        return [Result(i, s.user_id, scores[i], i in winners) for i, s in enumerate(match.seats)]

"""All persistence behind one narrow interface.

``Store`` is what the match service and the reminders need, and nothing else;
``SqliteStore`` (bot/store_sqlite.py) implements it on SQLite, the embedded
default, and ``PostgresStore`` (bot/store_postgres.py) on PostgreSQL, for
several bot processes sharing one database. ``open_store`` (bot/stores.py) picks one from the
setting. Cogs and games never see SQL.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from bot.ratings import Rating
from games import text

log = logging.getLogger(__name__)

LIVE = ("lobby", "active")


class ChannelBusy(Exception):
    """The channel already has a live match (lobby or active)."""


class StaleVersion(Exception):
    """The match changed since it was loaded (another process or click won)."""


class CorruptRow(Exception):
    """A stored row cannot be read back."""


class NewerDatabase(Exception):
    """The database was migrated by a newer version of the bot: this one does not know its schema."""


class StoreBusy(Exception):
    """The database did not answer in time (a lock held elsewhere, a timeout, every connection in
    use, the connection lost): a transient failure, worth trying again in a moment.

    ``ambiguous``: the call was a write whose COMMIT may have happened (the connection dropped or the
    client timed out after sending it); the caller reads back to learn whether it is in. Otherwise
    nothing was changed. ``settled``: the server had finished with that write when this was raised,
    so a read-back tells for sure (it is in, or it never will be).
    """

    def __init__(self, message: str, ambiguous: bool = False) -> None:
        super().__init__(message)
        self.ambiguous = ambiguous
        self.settled = False


class StoreFull(StoreBusy):
    """The database's disk (or its size limit) is full: the write was rolled back. Transient like
    a busy database (retried later by the writer and AI players), but a person is told why, and
    the owner reads it in the log (an error, logged when raised)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        log.error("the database's storage is full: %s", message)


@dataclass(frozen=True)
class Timeouts:
    """PostgreSQL time limits, in seconds (0: none). ``acquire``: waiting for a connection of the
    pool; ``command``: the client's limit on one call; ``statement``, ``lock`` and
    ``idle_in_transaction``: the server's ``statement_timeout``, ``lock_timeout`` and
    ``idle_in_transaction_session_timeout`` of every connection of the pool."""

    acquire: float = 5.0
    command: float = 15.0
    statement: float = 10.0
    lock: float = 3.0
    idle_in_transaction: float = 60.0


@dataclass
class Seat:
    user_id: int | None
    name: str
    ai: str | None = None  # an AI level for a computer seat

    def to_json(self) -> dict:
        return {"user_id": self.user_id, "name": self.name, "ai": self.ai}

    @property
    def shown_name(self) -> str:
        """The name to show, in the language of the moment (a computer seat's: ``bot.names.seat_name``);
        ``name`` is what is saved."""
        from bot.names import seat_name

        return seat_name(self.user_id, self.name, self.ai)

    @classmethod
    def from_json(cls, data: dict) -> Seat:
        return cls(user_id=data.get("user_id"), name=str(data.get("name", "?")), ai=data.get("ai"))


@dataclass
class Match:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    seats: list[Seat]
    options: dict
    seed: int
    state: dict | None
    version: int
    board_message_id: int | None
    created_at: float
    updated_at: float
    lobby_message_id: int | None = None
    mention_message_id: int | None = None  # the "your turn" message of the turn in progress
    damaged: bool = False  # the stored state cannot be read: the match can only be abandoned
    # The version at which the other players were offered to let an AI play an absent player's
    # seat or to end the match (the choice stands while the match is at that version).
    stalled: int | None = None

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user plays now (not one an AI has taken over)."""
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id and seat.ai is None:
                return i
        return None

    def held_seat_of(self, user_id: int) -> int | None:
        """The seat of this user that an AI is playing for them."""
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id and seat.ai is not None:
                return i
        return None

    @property
    def names(self) -> list[str]:
        """The players' names for pictures and alt text (a computer seat's in the language of the moment)."""
        return [s.shown_name for s in self.seats]

    @property
    def shown_names(self) -> list[str]:
        """The players' names for Discord text: markdown, mentions and links made inert."""
        from bot.names import shown

        return [shown(s.shown_name) for s in self.seats]


@dataclass
class ActionRow:
    version: int
    seat: int
    user_id: int | None
    action: str
    events: list[dict]
    created_at: float


@dataclass
class Reminder:
    match_id: int
    due_at: float
    sent: int
    version: int


@dataclass
class ChannelSettings:
    reminder_delay: int
    reminders_enabled: bool
    ai_takeover: bool = False
    threads: bool = False  # `/<game> new` opens a thread here unless told otherwise
    lobby_expiry: int | None = None  # seconds before an unstarted lobby closes (0: never; None: default)
    # seconds after the last reminder before the other players may let an AI play an absent
    # player's seat or end the match (0: never; None: the reminder delay)
    stall_after: int | None = None
    # the language of the channel's posts (a catalogue code, rendering/i18n.py; None: the server's)
    language: str | None = None


@dataclass
class Result:
    seat: int
    user_id: int | None
    score: int
    won: bool


@dataclass
class StatLine:
    game: str
    played: int
    won: int


@dataclass
class FinishedMatch:
    """A finished match with its results (one per seat, in seat order), for /match history."""

    match: Match
    results: list[Result]
    finished_at: float


@dataclass
class Effect:
    """A Discord effect a change needs (an outbox row), delivered later by the match's writer.

    ``lobby``: show the lobby as it is now; ``board``: show the board of the latest version, edited
    in place (``mention``: the turn passed, ``ping``: the seats that came to act, told by a short
    mention message that replaces the previous one; ``bottom``: move the board to the bottom);
    ``final``: the final result; ``notice``: a text (``text``, or a reminder for ``seats``).
    """

    kind: str
    payload: dict = field(default_factory=dict)
    version: int = 0
    id: int = 0
    match_id: int = 0


@dataclass
class Move:
    """Everything one action writes, saved in one transaction."""

    match_id: int
    expected_version: int
    state: dict
    action: ActionRow
    status: str = "active"
    reminder: Reminder | None = None  # None: clear the pending reminder
    results: list[Result] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    # Steps applied at once after ``action`` because the seat had no other choice (its versions follow).
    forced: list[ActionRow] = field(default_factory=list)


KEEP = object()  # "leave this column as it is"


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's rule: the shard a guild's events come through (direct messages: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards one process serves, of ``count``; ``ids`` None: all of them.

    A process fires reminders, drives AI seats and recovers pending effects only for the guilds
    it owns, so that several processes of one bot on one database never do one thing twice.
    """

    count: int = 1
    ids: tuple[int, ...] | None = None

    @property
    def everything(self) -> bool:
        return self.ids is None or set(range(self.count)) <= set(self.ids)

    def owns(self, guild_id: int | None) -> bool:
        return self.everything or shard_of(guild_id, self.count) in (self.ids or ())


ALL_SHARDS = Shards()


class Store(ABC):
    """Every method is one transaction: nothing another task or process does interleaves with it.

    Methods that change a match take the effects that change needs and record them in the same
    transaction; compare-and-set arguments (``expected_version``, ``old_seats``) make a change
    that lost a race raise ``StaleVersion`` and change nothing.
    """

    @abstractmethod
    async def open(self) -> None: ...
    @abstractmethod
    async def close(self) -> None: ...
    @abstractmethod
    async def check_writable(self) -> None:
        """Raise unless this process can write to the database (checked before logging in)."""

    # matches
    @abstractmethod
    async def create_match(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        seats: list[Seat],
        options: dict,
        seed: int,
        now: float,
        effects: list[Effect] = (),
        expires_at: float | None = None,
    ) -> Match:
        """A new lobby; ``expires_at``: when it closes itself unless started (a row of
        ``reminders`` at version 0, fired like a reminder)."""

    @abstractmethod
    async def live_matches_in(self, guild_id: int) -> list[Match]:
        """The server's lobbies and active matches (unreadable rows left out), oldest first."""

    @abstractmethod
    async def get_match(self, match_id: int) -> Match | None: ...
    @abstractmethod
    async def live_match(self, channel_id: int) -> Match | None: ...
    @abstractmethod
    async def update_seats(
        self,
        match_id: int,
        old_seats: list[Seat],
        seats: list[Seat],
        status: str,
        now: float,
        effects: list[Effect] = (),
        reminder: Reminder | None = None,
        expected_version: int | None = None,
    ) -> None:
        """Replace the seats ``old_seats`` of a match with this ``status`` (and, if given, at this
        version) by ``seats``, with the reminder and effects; else ``StaleVersion``."""

    @abstractmethod
    async def active_matches(self) -> list[Match]: ...
    @abstractmethod
    async def start_match(
        self,
        match_id: int,
        seats: list[Seat],
        state: dict,
        reminder: Reminder | None,
        now: float,
        effects: list[Effect] = (),
        forced: list[ActionRow] = (),
    ) -> None:
        """Start the lobby as a match at version ``len(forced)``: the forced steps of its start.
        ``reminder`` replaces the lobby's expiry (None: no reminder)."""

    @abstractmethod
    async def save_move(self, move: Move, now: float) -> None: ...
    @abstractmethod
    async def undo_move(
        self,
        match_id: int,
        expected_version: int,
        from_version: int,
        state: dict,
        reminder: Reminder | None,
        now: float,
        effects: list[Effect] = (),
    ) -> None:
        """Take back the logged steps from ``from_version`` on: delete them, save ``state`` (the
        match rebuilt without them) at version ``expected_version + 1`` (a version never goes
        back, so every button made before is stale), replace the reminder (None: clear it) and
        record the effects. ``StaleVersion`` if the match is not active at ``expected_version``."""

    @abstractmethod
    async def end_match(
        self,
        match_id: int,
        status: str,
        results: list[Result],
        now: float,
        effects: list[Effect] = (),
        expected_version: int | None = None,
        from_status: str | None = None,
    ) -> None:
        """End a live match (and its reminder); ``StaleVersion`` if it is not live, or not at
        ``expected_version``, or not in ``from_status`` when given."""

    @abstractmethod
    async def actions(self, match_id: int, limit: int = 20) -> list[ActionRow]: ...
    @abstractmethod
    async def action_log(self, match_id: int) -> list[ActionRow]:
        """Every action of the match, oldest first (a replay rebuilds the match from it and the seed)."""

    @abstractmethod
    async def finished_matches(self, channel_id: int, limit: int = 10) -> list[FinishedMatch]:
        """The channel's last finished matches (status 'finished'), the latest first."""

    # the outbox
    @abstractmethod
    async def add_effects(self, match_id: int, effects: list[Effect]) -> None: ...
    @abstractmethod
    async def pending_effects(self, match_id: int) -> list[Effect]: ...
    @abstractmethod
    async def finish_effects(
        self,
        match_id: int,
        ids: Iterable[int],
        board_message_id=KEEP,
        lobby_message_id=KEEP,
        mention_message_id=KEEP,
    ) -> None:
        """Delete exactly the effects ``ids`` (those delivered) and record the messages that
        delivered them. Never a range of ids: on PostgreSQL an id is taken at insert, not at commit,
        so an effect committed after the writer read the outbox may have a smaller id than one it
        delivered, and it must stay pending."""

    @abstractmethod
    async def set_messages(
        self, match_id: int, board_message_id=KEEP, lobby_message_id=KEEP, mention_message_id=KEEP
    ) -> None: ...
    @abstractmethod
    async def matches_with_effects(self) -> list[tuple[int, int | None]]:
        """(match id, guild id) of every match with effects still to deliver."""

    # reminders and settings
    @abstractmethod
    async def due_reminders(self, now: float, shards: Shards = ALL_SHARDS) -> list[Reminder]:
        """Reminders due by ``now`` of the matches in guilds of ``shards``, earliest first."""

    @abstractmethod
    async def next_reminder_at(self, shards: Shards = ALL_SHARDS) -> float | None: ...
    @abstractmethod
    async def put_reminder(self, reminder: Reminder) -> None: ...
    @abstractmethod
    async def delete_reminder(self, match_id: int) -> None: ...
    @abstractmethod
    async def replace_reminder(self, match_id: int, status: str, due_at: float | None) -> bool:
        """Give the match the first reminder of its current version, due at ``due_at`` (None: no
        reminder), only while it still has this ``status``, in one transaction; else change nothing
        and return False (it started or ended meanwhile: its own change wrote its reminder). The
        version is the one in the database at that moment, so a move meanwhile is no reason to
        read again."""

    @abstractmethod
    async def fire_reminder(
        self,
        due: Reminder,
        following: Reminder | None,
        effects: list[Effect] = (),
        *,
        seats: tuple[list[Seat], list[Seat]] | None = None,
        stalled: bool = False,
    ) -> bool:
        """Replace the reminder ``due`` by ``following`` (None: delete it) and record its effects,
        unless another task or process already did: then change nothing and return False.

        With ``seats`` (old, new), the match's seats become the new ones (an AI takes over absent
        players), and with ``stalled`` the match records that the choice was offered at ``due``'s
        version, both in the same transaction and only while the match is active at that version
        (with those old seats): else nothing is changed and the answer is False."""

    @abstractmethod
    async def channel_settings(self, channel_id: int) -> ChannelSettings | None: ...
    @abstractmethod
    async def put_channel_settings(self, channel_id: int, settings: ChannelSettings) -> None: ...
    @abstractmethod
    async def dm_reminders(self, user_id: int) -> bool: ...
    @abstractmethod
    async def put_dm_reminders(self, user_id: int, enabled: bool) -> None: ...
    @abstractmethod
    async def turn_pings(self, user_ids: list[int]) -> dict[int, str]:
        """How each user wants the "your turn" mention: 'channel' (the default), 'mute' or 'dm'."""

    @abstractmethod
    async def put_turn_ping(self, user_id: int, mode: str) -> None: ...

    @abstractmethod
    async def user_locale(self, user_id: int) -> str | None:
        """The Discord locale the user last spoke to the bot in (None: never seen)."""

    @abstractmethod
    async def put_user_locale(self, user_id: int, locale: str) -> None: ...

    @abstractmethod
    async def guild_locale(self, guild_id: int) -> str | None:
        """The server's preferred locale, as its last interaction gave it (None: never given)."""

    @abstractmethod
    async def put_guild_locale(self, guild_id: int, locale: str) -> None: ...

    # results and ratings
    #
    # ``save_move`` and ``end_match`` with results also update the ratings (table ``ratings``)
    # in the same transaction, when the match has a guild: read the rated players' current
    # (mu, sigma), call ``bot.ratings.rate(results, current)``, and upsert each new rating
    # with ``played + 1``.
    @abstractmethod
    async def stats(self, guild_id: int | None, user_id: int) -> list[StatLine]: ...
    @abstractmethod
    async def ratings(self, guild_id: int, user_id: int) -> list[Rating]:
        """The user's rating of every game they were rated in, in this server, by game."""

    @abstractmethod
    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        """The server's best players of a game: by ordinal (mu - 3 sigma) descending, then more
        rated matches first, then by user id."""


def migrations(backend: str = "sqlite") -> list[tuple[int, str, str]]:
    """(number, name, sql) of every migration of a backend, in order.

    SQLite's are bot/migrations/NNN_*.sql (where existing databases expect them), PostgreSQL's
    bot/migrations/postgres/NNN_*.sql; both backends keep the same numbers for the same change.
    """
    folder = resources.files("bot.migrations")
    if backend == "postgres":
        folder = folder / "postgres"
    elif backend != "sqlite":
        raise ValueError(f"unknown backend {backend!r}")
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), name, entry.read_text()))
    return sorted(found)


def refuse_unknown_migrations(done: Iterable[int], backend: str) -> None:
    """``NewerDatabase`` when the database records migrations this version of the bot lacks: a
    newer bot changed its tables, and this one would misread or damage them."""
    unknown = sorted(set(done) - {number for number, _, _ in migrations(backend)})
    if unknown:
        raise NewerDatabase(
            f"this database was migrated by a newer version of the bot (migration{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(map(str, unknown))} unknown to this one): run that version, or a backup of the "
            "database taken before it"
        )


def sql_statements(script: str) -> list[str]:
    """Split a migration into statements (so they can run inside one open transaction)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            if current.strip().strip(";").strip():
                statements.append(current.strip())
            current = ""
    if current.strip():
        statements.append(current.strip())
    return statements


def load_state(text: str | None) -> tuple[dict | None, bool]:
    """A stored state: (the state, False), or (None, True) when it cannot be read."""
    if text is None:
        return None, False
    try:
        state = json.loads(text)
    except ValueError:
        return None, True
    return (state, False) if isinstance(state, dict) else (None, True)


def seats_json(seats: list[Seat]) -> str:
    return json.dumps([s.to_json() for s in seats])


def load_seats(text: str | None) -> list[Seat] | None:
    """Stored seats, or None when they cannot be read (not a list of seats)."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return None
    if not isinstance(data, list) or not all(_seat_like(s) for s in data):
        return None
    return [Seat.from_json(s) for s in data]


def _seat_like(data: Any) -> bool:
    return (
        isinstance(data, dict)
        and (data.get("user_id") is None or type(data.get("user_id")) is int)
        and (data.get("ai") is None or isinstance(data.get("ai"), str))
    )


def load_options(text: str | None) -> dict | None:
    """Stored options, or None when they cannot be read (not a JSON object)."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return None
    return data if isinstance(data, dict) else None


def match_from_row(row) -> Match:
    """A match from a row read by column name; ``CorruptRow`` when it cannot be read.

    An unreadable state, seats or options value makes a ``damaged`` match (what cannot be read is
    left empty): it cannot go on, but it is found in its channel and can be abandoned, which frees
    the channel."""
    try:
        state, damaged = load_state(row["state"])
        seats, options = load_seats(row["seats"]), load_options(row["options"])
        damaged = damaged or seats is None or options is None
        return Match(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            status=row["status"],
            seats=seats if seats is not None else [],
            options=options if options is not None else {},
            seed=row["seed"],
            state=state,
            version=row["version"],
            board_message_id=row["board_message_id"],
            lobby_message_id=row["lobby_message_id"],
            mention_message_id=row["mention_message_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            damaged=damaged,
            stalled=row["stalled"],
        )
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptRow(f"match {row['id']} cannot be read: {exc}") from exc


def readable_matches(rows) -> list[Match]:
    """Matches from their rows, an unreadable row logged and left out."""
    out = []
    for row in rows:
        try:
            out.append(match_from_row(row))
        except CorruptRow:
            log.exception("skipping unreadable match row %s", row["id"])
    return out


def effect_from_row(row) -> Effect:
    try:
        payload = json.loads(row["payload"])
    except ValueError:
        payload = None
    if not isinstance(payload, dict):
        log.error("outbox row %s of match %s is unreadable", row["id"], row["match_id"])
        payload = {"unreadable": True}
    return Effect(row["kind"], payload, row["version"], row["id"], row["match_id"])


def dump_events(events: list[dict]) -> str:
    """The events of a step as saved: English in ``text``, the message in ``msg`` (issue 35)."""
    return json.dumps(text.dump_events(events))


def action_from_row(row) -> ActionRow:
    """A step of the log; events that cannot be read are logged and left out (the step itself is
    kept: replays and Undo replay the action, the board only shows its events)."""
    try:
        events = json.loads(row["events"])
    except (ValueError, TypeError):
        events = None
    if not isinstance(events, list) or not all(
        isinstance(e, dict) and isinstance(e.get("text", ""), str) for e in events
    ):
        log.error("the events of step %s of match %s are unreadable", row["version"], row["match_id"])
        events = []
    try:
        events = [{**e, "text": text.event_text(e)} if "msg" in e else e for e in events]
    except (TypeError, ValueError, KeyError, AttributeError):
        log.error("the words of step %s of match %s are unreadable", row["version"], row["match_id"])
        events = [{k: v for k, v in e.items() if k != "msg"} for e in events]
    return ActionRow(row["version"], row["seat"], row["user_id"], row["action"], events, row["created_at"])


def rating_from_row(row) -> Rating:
    return Rating(row["guild_id"], row["game"], row["user_id"], row["mu"], row["sigma"], row["played"])


def finished_from_rows(matches, results: dict[int, list]) -> list[FinishedMatch]:
    """Finished matches from their rows and their result rows by match id (an unreadable match row is
    logged and left out)."""
    out = []
    for row in matches:
        try:
            match = match_from_row(row)
        except CorruptRow:
            log.exception("skipping unreadable match row %s", row["id"])
            continue
        mine = results.get(row["id"], [])
        out.append(
            FinishedMatch(
                match,
                [Result(r["seat"], r["user_id"], r["score"], bool(r["won"])) for r in mine],
                mine[0]["finished_at"] if mine else row["updated_at"],
            )
        )
    return out


def is_postgres_url(url_or_path: str) -> bool:
    return str(url_or_path).startswith(("postgresql://", "postgres://"))


def redact(url_or_path: str) -> str:
    """A setting fit for a log or an error message (no password, in the user part or the query)."""
    from bot.redaction import redact_message

    return redact_message(str(url_or_path), str(url_or_path))


__all__ = [
    "ALL_SHARDS",
    "FinishedMatch",
    "Rating",
    "Shards",
    "Store",
    "StoreBusy",
    "Timeouts",
]

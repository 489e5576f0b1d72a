"""All persistence behind one narrow interface.

``Store`` is what the match service and the reminders need, and nothing else;
``SqliteStore`` implements it with aiosqlite. A PostgreSQL store implements the
same methods; cogs and games never see SQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

LIVE = ("lobby", "active")


class ChannelBusy(Exception):
    """The channel already has a live match (lobby or active)."""


class StaleVersion(Exception):
    """The match changed since it was loaded (another process or click won)."""


class CorruptRow(Exception):
    """A stored row cannot be read back."""


@dataclass
class Seat:
    user_id: int | None
    name: str
    ai: str | None = None  # an AI level for a computer seat

    def to_json(self) -> dict:
        return {"user_id": self.user_id, "name": self.name, "ai": self.ai}

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
    damaged: bool = False  # the stored state cannot be read: the match can only be abandoned

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
        return [s.name for s in self.seats]


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
class Effect:
    """A Discord effect a change needs (an outbox row), delivered later by the match's writer.

    ``lobby``: show the lobby as it is now; ``board``: show the board of the latest version
    (``mention``: the turn passed; ``bottom``: as a new message at the bottom); ``final``: the
    final result; ``notice``: a text (``text``, or a reminder for ``seats``).
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


KEEP = object()  # "leave this column as it is"


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
    ) -> Match: ...
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
    ) -> None: ...
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
    ) -> None: ...
    @abstractmethod
    async def save_move(self, move: Move, now: float) -> None: ...
    @abstractmethod
    async def end_match(
        self,
        match_id: int,
        status: str,
        results: list[Result],
        now: float,
        effects: list[Effect] = (),
        expected_version: int | None = None,
    ) -> None: ...
    @abstractmethod
    async def actions(self, match_id: int, limit: int = 20) -> list[ActionRow]: ...

    # the outbox
    @abstractmethod
    async def add_effects(self, match_id: int, effects: list[Effect]) -> None: ...
    @abstractmethod
    async def pending_effects(self, match_id: int) -> list[Effect]: ...
    @abstractmethod
    async def finish_effects(
        self, match_id: int, through_id: int, board_message_id=KEEP, lobby_message_id=KEEP
    ) -> None:
        """Delete the effects up to ``through_id`` and record the messages that delivered them."""

    @abstractmethod
    async def set_messages(self, match_id: int, board_message_id=KEEP, lobby_message_id=KEEP) -> None: ...
    @abstractmethod
    async def matches_with_effects(self) -> list[tuple[int, int | None]]:
        """(match id, guild id) of every match with effects still to deliver."""

    # reminders and settings
    @abstractmethod
    async def due_reminders(self, now: float) -> list[Reminder]: ...
    @abstractmethod
    async def next_reminder_at(self) -> float | None: ...
    @abstractmethod
    async def put_reminder(self, reminder: Reminder) -> None: ...
    @abstractmethod
    async def delete_reminder(self, match_id: int) -> None: ...
    @abstractmethod
    async def fire_reminder(
        self, due: Reminder, following: Reminder | None, effects: list[Effect] = ()
    ) -> bool:
        """Replace the reminder ``due`` by ``following`` (None: delete it) and record its effects,
        unless another task or process already did: then change nothing and return False."""

    @abstractmethod
    async def channel_settings(self, channel_id: int) -> ChannelSettings | None: ...
    @abstractmethod
    async def put_channel_settings(self, channel_id: int, settings: ChannelSettings) -> None: ...
    @abstractmethod
    async def dm_reminders(self, user_id: int) -> bool: ...
    @abstractmethod
    async def put_dm_reminders(self, user_id: int, enabled: bool) -> None: ...

    # results
    @abstractmethod
    async def stats(self, guild_id: int | None, user_id: int) -> list[StatLine]: ...


def _migrations() -> list[tuple[int, str, str]]:
    """(number, name, sql) of every file in bot/migrations, in order."""
    found = []
    for entry in resources.files("bot.migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), name, entry.read_text()))
    return sorted(found)


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


def _load_state(text: str | None) -> tuple[dict | None, bool]:
    if text is None:
        return None, False
    try:
        state = json.loads(text)
    except ValueError:
        return None, True
    return (state, False) if isinstance(state, dict) else (None, True)


def _seats_json(seats: list[Seat]) -> str:
    return json.dumps([s.to_json() for s in seats])


def _match_from_row(row: sqlite3.Row) -> Match:
    try:
        state, damaged = _load_state(row["state"])
        return Match(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            status=row["status"],
            seats=[Seat.from_json(s) for s in json.loads(row["seats"])],
            options=json.loads(row["options"]),
            seed=row["seed"],
            state=state,
            version=row["version"],
            board_message_id=row["board_message_id"],
            lobby_message_id=row["lobby_message_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            damaged=damaged,
        )
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptRow(f"match {row['id']} cannot be read: {exc}") from exc


class SqliteStore(Store):
    """SQLite through one aiosqlite connection.

    The connection is shared by every task of the process, so every method holds the store's
    lock for its whole transaction (or read): a second task's statements can never land inside
    it. Across processes, ``BEGIN IMMEDIATE`` takes SQLite's write lock (waiting up to the busy
    timeout), and the compare-and-set arguments decide races.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        await self._exec("PRAGMA busy_timeout=10000")  # first: the next statements may wait
        await self._exec("PRAGMA journal_mode=WAL")
        await self._exec("PRAGMA synchronous=NORMAL")
        await self._exec("PRAGMA foreign_keys=ON")
        await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def check_writable(self) -> None:
        async with self._tx():
            # Rewriting the header's user_version is a real write that changes nothing.
            row = await self._one("PRAGMA user_version")
            await self._exec(f"PRAGMA user_version = {int(row[0])}")

    async def _migrate(self) -> None:
        """Read and apply the schema version in one write transaction: processes may start at once."""
        async with self._tx():
            await self._exec(
                "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)"
            )
            done = {row[0] for row in await self._all("SELECT number FROM schema_migrations")}
            for number, name, sql in _migrations():
                if number in done:
                    continue
                log.info("applying migration %s", name)
                for statement in sql_statements(sql):
                    await self._exec(statement)
                await self._exec("INSERT INTO schema_migrations VALUES (?, ?)", (number, name))

    @contextlib.asynccontextmanager
    async def _tx(self):
        """One write transaction, holding the store's lock from BEGIN to COMMIT."""
        async with self._lock:
            await self._exec("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                await self._exec("ROLLBACK")
                raise
            await self._exec("COMMIT")

    async def _exec(self, sql: str, params: tuple = ()) -> aiosqlite.Cursor:
        """Run one statement to completion and close its cursor (rowcount and lastrowid stay readable)."""
        cur = await self.db.execute(sql, params)
        await cur.close()  # resets the statement, so a later COMMIT never sees it in progress
        return cur

    async def _all(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        async with self.db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def _one(self, sql: str, params: tuple = ()) -> sqlite3.Row | None:
        async with self.db.execute(sql, params) as cur:
            return await cur.fetchone()

    async def _read_all(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return await self._all(sql, params)

    async def _read_one(self, sql: str, params: tuple = ()) -> sqlite3.Row | None:
        async with self._lock:
            return await self._one(sql, params)

    async def _write(self, sql: str, params: tuple = ()) -> None:
        async with self._tx():
            await self._exec(sql, params)

    async def _add_effects(self, match_id: int, effects, now: float) -> None:
        for effect in effects:
            await self._exec(
                "INSERT INTO outbox (match_id, kind, version, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                (match_id, effect.kind, effect.version, json.dumps(effect.payload), now),
            )

    # -- matches

    async def create_match(
        self, game, guild_id, channel_id, host_id, seats, options, seed, now, effects=()
    ) -> Match:
        try:
            async with self._tx():
                cur = await self._exec(
                    "INSERT INTO matches (game, guild_id, channel_id, host_id, status, seats, options, seed,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                    (
                        game,
                        guild_id,
                        channel_id,
                        host_id,
                        _seats_json(seats),
                        json.dumps(options),
                        seed,
                        now,
                        now,
                    ),
                )
                match_id = cur.lastrowid
                await self._add_effects(match_id, effects, now)
                row = await self._one("SELECT * FROM matches WHERE id = ?", (match_id,))
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc
        return _match_from_row(row)

    async def get_match(self, match_id: int) -> Match | None:
        row = await self._read_one("SELECT * FROM matches WHERE id = ?", (match_id,))
        return _match_from_row(row) if row else None

    async def live_match(self, channel_id: int) -> Match | None:
        row = await self._read_one(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return _match_from_row(row) if row else None

    async def update_seats(self, match_id, old_seats, seats, status, now, effects=(), reminder=None) -> None:
        async with self._tx():
            cur = await self._exec(
                "UPDATE matches SET seats = ?, updated_at = ? WHERE id = ? AND status = ? AND seats = ?",
                (_seats_json(seats), now, match_id, status, _seats_json(old_seats)),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"match {match_id} changed meanwhile")
            if reminder is not None:
                await self._put_reminder(reminder)
            await self._add_effects(match_id, effects, now)

    async def active_matches(self) -> list[Match]:
        rows = await self._read_all("SELECT * FROM matches WHERE status = 'active' ORDER BY id")
        out = []
        for row in rows:
            try:
                out.append(_match_from_row(row))
            except CorruptRow:
                log.exception("skipping unreadable match row %s", row["id"])
        return out

    async def start_match(self, match_id, seats, state, reminder, now, effects=()) -> None:
        async with self._tx():
            cur = await self._exec(
                "UPDATE matches SET status = 'active', seats = ?, state = ?, version = 0, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (_seats_json(seats), json.dumps(state), now, match_id),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"match {match_id} is no longer a lobby")
            if reminder is not None:
                await self._put_reminder(reminder)
            await self._add_effects(match_id, effects, now)

    async def save_move(self, move: Move, now: float) -> None:
        async with self._tx():
            cur = await self._exec(
                "UPDATE matches SET state = ?, version = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (
                    json.dumps(move.state),
                    move.action.version,
                    move.status,
                    now,
                    move.match_id,
                    move.expected_version,
                ),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"match {move.match_id} moved on from version {move.expected_version}")
            a = move.action
            await self._exec(
                "INSERT INTO actions (match_id, version, seat, user_id, action, events, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (move.match_id, a.version, a.seat, a.user_id, a.action, json.dumps(a.events), a.created_at),
            )
            if move.reminder is not None:
                await self._put_reminder(move.reminder)
            else:
                await self._exec("DELETE FROM reminders WHERE match_id = ?", (move.match_id,))
            await self._insert_results(move.match_id, move.results, now)
            await self._add_effects(move.match_id, move.effects, now)

    async def _insert_results(self, match_id: int, results: list[Result], now: float) -> None:
        if not results:
            return
        row = await self._one("SELECT guild_id, game FROM matches WHERE id = ?", (match_id,))
        cur = await self.db.executemany(
            "INSERT OR REPLACE INTO results (match_id, seat, guild_id, game, user_id, score, won, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (match_id, r.seat, row["guild_id"], row["game"], r.user_id, r.score, int(r.won), now)
                for r in results
            ],
        )
        await cur.close()

    async def end_match(self, match_id, status, results, now, effects=(), expected_version=None) -> None:
        async with self._tx():
            sql = (
                "UPDATE matches SET status = ?, updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')"
            )
            params: tuple = (status, now, match_id)
            if expected_version is not None:
                sql += " AND version = ?"
                params += (expected_version,)
            cur = await self._exec(sql, params)
            if cur.rowcount != 1:
                raise StaleVersion(f"match {match_id} changed meanwhile")
            await self._exec("DELETE FROM reminders WHERE match_id = ?", (match_id,))
            await self._insert_results(match_id, results, now)
            await self._add_effects(match_id, effects, now)

    async def actions(self, match_id: int, limit: int = 20) -> list[ActionRow]:
        rows = await self._read_all(
            "SELECT * FROM actions WHERE match_id = ? ORDER BY version DESC LIMIT ?", (match_id, limit)
        )
        return [
            ActionRow(
                r["version"], r["seat"], r["user_id"], r["action"], json.loads(r["events"]), r["created_at"]
            )
            for r in reversed(rows)
        ]

    # -- the outbox

    async def add_effects(self, match_id: int, effects: list[Effect]) -> None:
        async with self._tx():
            await self._add_effects(match_id, effects, time.time())

    async def pending_effects(self, match_id: int) -> list[Effect]:
        rows = await self._read_all("SELECT * FROM outbox WHERE match_id = ? ORDER BY id", (match_id,))
        out = []
        for r in rows:
            try:
                payload = json.loads(r["payload"])
            except ValueError:
                payload = None
            if not isinstance(payload, dict):
                log.error("outbox row %s of match %s is unreadable; dropped", r["id"], match_id)
                payload = {"unreadable": True}
            out.append(Effect(r["kind"], payload, r["version"], r["id"], r["match_id"]))
        return out

    async def _set_messages(self, match_id: int, board_message_id, lobby_message_id) -> None:
        if board_message_id is not KEEP:
            await self._exec(
                "UPDATE matches SET board_message_id = ? WHERE id = ?", (board_message_id, match_id)
            )
        if lobby_message_id is not KEEP:
            await self._exec(
                "UPDATE matches SET lobby_message_id = ? WHERE id = ?", (lobby_message_id, match_id)
            )

    async def finish_effects(
        self, match_id, through_id, board_message_id=KEEP, lobby_message_id=KEEP
    ) -> None:
        async with self._tx():
            await self._exec("DELETE FROM outbox WHERE match_id = ? AND id <= ?", (match_id, through_id))
            await self._set_messages(match_id, board_message_id, lobby_message_id)

    async def set_messages(self, match_id, board_message_id=KEEP, lobby_message_id=KEEP) -> None:
        async with self._tx():
            await self._set_messages(match_id, board_message_id, lobby_message_id)

    async def matches_with_effects(self) -> list[tuple[int, int | None]]:
        rows = await self._read_all(
            "SELECT DISTINCT o.match_id, m.guild_id FROM outbox o JOIN matches m ON m.id = o.match_id"
            " ORDER BY o.match_id"
        )
        return [(r[0], r[1]) for r in rows]

    # -- reminders and settings

    async def due_reminders(self, now: float) -> list[Reminder]:
        rows = await self._read_all("SELECT * FROM reminders WHERE due_at <= ? ORDER BY due_at", (now,))
        return [Reminder(r["match_id"], r["due_at"], r["sent"], r["version"]) for r in rows]

    async def next_reminder_at(self) -> float | None:
        row = await self._read_one("SELECT MIN(due_at) FROM reminders")
        return row[0] if row else None

    async def _put_reminder(self, r: Reminder) -> None:
        await self._exec(
            "INSERT OR REPLACE INTO reminders (match_id, due_at, sent, version) VALUES (?, ?, ?, ?)",
            (r.match_id, r.due_at, r.sent, r.version),
        )

    async def put_reminder(self, reminder: Reminder) -> None:
        async with self._tx():
            await self._put_reminder(reminder)

    async def delete_reminder(self, match_id: int) -> None:
        await self._write("DELETE FROM reminders WHERE match_id = ?", (match_id,))

    async def fire_reminder(self, due: Reminder, following: Reminder | None, effects=()) -> bool:
        async with self._tx():
            cur = await self._exec(
                "DELETE FROM reminders WHERE match_id = ? AND due_at = ? AND sent = ? AND version = ?",
                (due.match_id, due.due_at, due.sent, due.version),
            )
            if cur.rowcount != 1:
                return False
            if following is not None:
                await self._put_reminder(following)
            await self._add_effects(due.match_id, effects, time.time())
            return True

    async def channel_settings(self, channel_id: int) -> ChannelSettings | None:
        row = await self._read_one("SELECT * FROM channel_settings WHERE channel_id = ?", (channel_id,))
        if row is None:
            return None
        return ChannelSettings(
            row["reminder_delay"], bool(row["reminders_enabled"]), bool(row["ai_takeover"])
        )

    async def put_channel_settings(self, channel_id: int, settings: ChannelSettings) -> None:
        await self._write(
            "INSERT OR REPLACE INTO channel_settings (channel_id, reminder_delay, reminders_enabled, ai_takeover)"
            " VALUES (?, ?, ?, ?)",
            (channel_id, settings.reminder_delay, int(settings.reminders_enabled), int(settings.ai_takeover)),
        )

    async def dm_reminders(self, user_id: int) -> bool:
        row = await self._read_one("SELECT dm_reminders FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(row and row[0])

    async def put_dm_reminders(self, user_id: int, enabled: bool) -> None:
        await self._write(
            "INSERT OR REPLACE INTO user_settings (user_id, dm_reminders) VALUES (?, ?)",
            (user_id, int(enabled)),
        )

    # -- results

    async def stats(self, guild_id: int | None, user_id: int) -> list[StatLine]:
        rows = await self._read_all(
            "SELECT game, COUNT(*) AS played, SUM(won) AS won FROM results"
            " WHERE guild_id IS ? AND user_id = ? GROUP BY game ORDER BY game",
            (guild_id, user_id),
        )
        return [StatLine(r["game"], r["played"], r["won"] or 0) for r in rows]

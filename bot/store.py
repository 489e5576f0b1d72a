"""All persistence behind one narrow interface.

``Store`` is what the match service and the reminders need, and nothing else;
``SqliteStore`` implements it with aiosqlite. A PostgreSQL store implements the
same methods; cogs and games never see SQL.
"""

from __future__ import annotations

import json
import logging
import sqlite3
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
class Move:
    """Everything one action writes, saved in one transaction."""

    match_id: int
    expected_version: int
    state: dict
    action: ActionRow
    status: str = "active"
    reminder: Reminder | None = None  # None: clear the pending reminder
    results: list[Result] = field(default_factory=list)


class Store(ABC):
    @abstractmethod
    async def open(self) -> None: ...
    @abstractmethod
    async def close(self) -> None: ...

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
    ) -> Match: ...
    @abstractmethod
    async def get_match(self, match_id: int) -> Match | None: ...
    @abstractmethod
    async def live_match(self, channel_id: int) -> Match | None: ...
    @abstractmethod
    async def update_lobby(self, match_id: int, seats: list[Seat], now: float) -> None: ...
    @abstractmethod
    async def update_seats(self, match_id: int, seats: list[Seat], now: float) -> None: ...
    @abstractmethod
    async def active_matches(self) -> list[Match]: ...
    @abstractmethod
    async def start_match(
        self, match_id: int, seats: list[Seat], state: dict, reminder: Reminder | None, now: float
    ) -> None: ...
    @abstractmethod
    async def save_move(self, move: Move, now: float) -> None: ...
    @abstractmethod
    async def end_match(self, match_id: int, status: str, results: list[Result], now: float) -> None: ...
    @abstractmethod
    async def set_board_message(self, match_id: int, message_id: int | None) -> None: ...
    @abstractmethod
    async def actions(self, match_id: int, limit: int = 20) -> list[ActionRow]: ...

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


def _load_state(text: str | None) -> tuple[dict | None, bool]:
    if text is None:
        return None, False
    try:
        state = json.loads(text)
    except ValueError:
        return None, True
    return (state, False) if isinstance(state, dict) else (None, True)


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
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            damaged=damaged,
        )
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptRow(f"match {row['id']} cannot be read: {exc}") from exc


class SqliteStore(Store):
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None

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
        await self._exec("PRAGMA journal_mode=WAL")
        await self._exec("PRAGMA synchronous=NORMAL")
        await self._exec("PRAGMA foreign_keys=ON")
        await self._exec("PRAGMA busy_timeout=5000")
        await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _migrate(self) -> None:
        await self._exec(
            "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)"
        )
        async with self.db.execute("SELECT number FROM schema_migrations") as cur:
            done = {row[0] for row in await cur.fetchall()}
        for number, name, sql in _migrations():
            if number in done:
                continue
            log.info("applying migration %s", name)
            # executescript commits first; the migration and its record go in one transaction.
            await self.db.executescript(
                f"BEGIN;\n{sql}\nINSERT INTO schema_migrations VALUES ({number}, '{name}');\nCOMMIT;"
            )

    async def _exec(self, sql: str, params: tuple = ()) -> aiosqlite.Cursor:
        """Run one statement to completion and close its cursor (rowcount and lastrowid stay readable)."""
        cur = await self.db.execute(sql, params)
        await cur.close()  # resets the statement, so a later COMMIT never sees it in progress
        return cur

    async def _one(self, sql: str, params: tuple = ()) -> sqlite3.Row | None:
        async with self.db.execute(sql, params) as cur:
            return await cur.fetchone()

    # -- matches

    async def create_match(self, game, guild_id, channel_id, host_id, seats, options, seed, now) -> Match:
        try:
            cur = await self._exec(
                "INSERT INTO matches (game, guild_id, channel_id, host_id, status, seats, options, seed,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (
                    game,
                    guild_id,
                    channel_id,
                    host_id,
                    json.dumps([s.to_json() for s in seats]),
                    json.dumps(options),
                    seed,
                    now,
                    now,
                ),
            )
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc
        match = await self.get_match(cur.lastrowid)
        assert match is not None
        return match

    async def get_match(self, match_id: int) -> Match | None:
        row = await self._one("SELECT * FROM matches WHERE id = ?", (match_id,))
        return _match_from_row(row) if row else None

    async def live_match(self, channel_id: int) -> Match | None:
        row = await self._one(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return _match_from_row(row) if row else None

    async def update_lobby(self, match_id: int, seats: list[Seat], now: float) -> None:
        await self._exec(
            "UPDATE matches SET seats = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
            (json.dumps([s.to_json() for s in seats]), now, match_id),
        )

    async def update_seats(self, match_id: int, seats: list[Seat], now: float) -> None:
        await self._exec(
            "UPDATE matches SET seats = ?, updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')",
            (json.dumps([s.to_json() for s in seats]), now, match_id),
        )

    async def active_matches(self) -> list[Match]:
        async with self.db.execute("SELECT * FROM matches WHERE status = 'active' ORDER BY id") as cur:
            rows = await cur.fetchall()
        out = []
        for row in rows:
            try:
                out.append(_match_from_row(row))
            except CorruptRow:
                log.exception("skipping unreadable match row %s", row["id"])
        return out

    async def start_match(self, match_id, seats, state, reminder, now) -> None:
        await self._exec("BEGIN IMMEDIATE")
        try:
            cur = await self._exec(
                "UPDATE matches SET status = 'active', seats = ?, state = ?, version = 0, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (json.dumps([s.to_json() for s in seats]), json.dumps(state), now, match_id),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"match {match_id} is no longer a lobby")
            if reminder is not None:
                await self._put_reminder(reminder)
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise

    async def save_move(self, move: Move, now: float) -> None:
        await self._exec("BEGIN IMMEDIATE")
        try:
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
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise

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

    async def end_match(self, match_id: int, status: str, results: list[Result], now: float) -> None:
        await self._exec("BEGIN IMMEDIATE")
        try:
            await self._exec(
                "UPDATE matches SET status = ?, updated_at = ? WHERE id = ?", (status, now, match_id)
            )
            await self._exec("DELETE FROM reminders WHERE match_id = ?", (match_id,))
            await self._insert_results(match_id, results, now)
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise

    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self._exec("UPDATE matches SET board_message_id = ? WHERE id = ?", (message_id, match_id))

    async def actions(self, match_id: int, limit: int = 20) -> list[ActionRow]:
        async with self.db.execute(
            "SELECT * FROM actions WHERE match_id = ? ORDER BY version DESC LIMIT ?", (match_id, limit)
        ) as cur:
            rows = await cur.fetchall()
        return [
            ActionRow(
                r["version"], r["seat"], r["user_id"], r["action"], json.loads(r["events"]), r["created_at"]
            )
            for r in reversed(rows)
        ]

    # -- reminders and settings

    async def due_reminders(self, now: float) -> list[Reminder]:
        async with self.db.execute(
            "SELECT * FROM reminders WHERE due_at <= ? ORDER BY due_at", (now,)
        ) as cur:
            rows = await cur.fetchall()
        return [Reminder(r["match_id"], r["due_at"], r["sent"], r["version"]) for r in rows]

    async def next_reminder_at(self) -> float | None:
        row = await self._one("SELECT MIN(due_at) FROM reminders")
        return row[0] if row else None

    async def _put_reminder(self, r: Reminder) -> None:
        await self._exec(
            "INSERT OR REPLACE INTO reminders (match_id, due_at, sent, version) VALUES (?, ?, ?, ?)",
            (r.match_id, r.due_at, r.sent, r.version),
        )

    async def put_reminder(self, reminder: Reminder) -> None:
        await self._put_reminder(reminder)

    async def delete_reminder(self, match_id: int) -> None:
        await self._exec("DELETE FROM reminders WHERE match_id = ?", (match_id,))

    async def channel_settings(self, channel_id: int) -> ChannelSettings | None:
        row = await self._one("SELECT * FROM channel_settings WHERE channel_id = ?", (channel_id,))
        if row is None:
            return None
        return ChannelSettings(
            row["reminder_delay"], bool(row["reminders_enabled"]), bool(row["ai_takeover"])
        )

    async def put_channel_settings(self, channel_id: int, settings: ChannelSettings) -> None:
        await self._exec(
            "INSERT OR REPLACE INTO channel_settings (channel_id, reminder_delay, reminders_enabled, ai_takeover)"
            " VALUES (?, ?, ?, ?)",
            (channel_id, settings.reminder_delay, int(settings.reminders_enabled), int(settings.ai_takeover)),
        )

    async def dm_reminders(self, user_id: int) -> bool:
        row = await self._one("SELECT dm_reminders FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(row and row[0])

    async def put_dm_reminders(self, user_id: int, enabled: bool) -> None:
        await self._exec(
            "INSERT OR REPLACE INTO user_settings (user_id, dm_reminders) VALUES (?, ?)",
            (user_id, int(enabled)),
        )

    # -- results

    async def stats(self, guild_id: int | None, user_id: int) -> list[StatLine]:
        async with self.db.execute(
            "SELECT game, COUNT(*) AS played, SUM(won) AS won FROM results"
            " WHERE guild_id IS ? AND user_id = ? GROUP BY game ORDER BY game",
            (guild_id, user_id),
        ) as cur:
            rows = await cur.fetchall()
        return [StatLine(r["game"], r["played"], r["won"] or 0) for r in rows]

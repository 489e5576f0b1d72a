"""The SQLite store: one file, one connection, one database thread.

Every method is one call on the store's own database thread: a write runs
``BEGIN IMMEDIATE``, its statements and ``COMMIT`` in that one call, so no
statement of another task can ever land inside it, and a cancelled caller
cannot leave it half done. Across processes, ``BEGIN IMMEDIATE`` takes SQLite's
write lock (waiting up to the busy timeout) and the compare-and-set arguments
decide races. WAL lets readers of other processes go on meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from bot import ratings as rating_model
from bot.ratings import Rating
from bot.store import (
    ALL_SHARDS,
    KEEP,
    ActionRow,
    ChannelBusy,
    ChannelSettings,
    CorruptRow,
    Effect,
    FinishedMatch,
    Match,
    Move,
    Reminder,
    Result,
    Shards,
    StaleVersion,
    StatLine,
    Store,
    action_from_row,
    effect_from_row,
    finished_from_rows,
    match_from_row,
    migrations,
    rating_from_row,
    readable_matches,
    seats_json,
    sql_statements,
)

log = logging.getLogger(__name__)

T = TypeVar("T")
Db = sqlite3.Connection


def _add_effects(db: Db, match_id: int, effects, now: float) -> None:
    db.executemany(
        "INSERT INTO outbox (match_id, kind, version, payload, created_at) VALUES (?, ?, ?, ?, ?)",
        [(match_id, e.kind, e.version, json.dumps(e.payload), now) for e in effects],
    )


def _put_reminder(db: Db, r: Reminder) -> None:
    db.execute(
        "INSERT OR REPLACE INTO reminders (match_id, due_at, sent, version) VALUES (?, ?, ?, ?)",
        (r.match_id, r.due_at, r.sent, r.version),
    )


def _insert_results(db: Db, match_id: int, results: list[Result], now: float) -> None:
    if not results:
        return
    row = db.execute("SELECT guild_id, game FROM matches WHERE id = ?", (match_id,)).fetchone()
    db.executemany(
        "INSERT OR REPLACE INTO results (match_id, seat, guild_id, game, user_id, score, won, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (match_id, r.seat, row["guild_id"], row["game"], r.user_id, r.score, int(r.won), now)
            for r in results
        ],
    )
    if row["guild_id"] is not None:
        _update_ratings(db, row["guild_id"], row["game"], results, now)


def _update_ratings(db: Db, guild_id: int, game: str, results: list[Result], now: float) -> None:
    """The rated players' new ratings, in the transaction of the results (bot/ratings.py decides)."""
    users = sorted({r.user_id for r in results if r.user_id is not None})
    if len(users) < 2:
        return
    marks = ", ".join("?" * len(users))
    current = {
        r["user_id"]: (r["mu"], r["sigma"])
        for r in db.execute(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *users),
        )
    }
    new = rating_model.rate(results, current)
    db.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, played, updated_at)"
        " VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, played = ratings.played + 1, updated_at = excluded.updated_at",
        [(guild_id, game, user, mu, sigma, now) for user, (mu, sigma) in new.items()],
    )


def _set_messages(db: Db, match_id: int, board_message_id, lobby_message_id, mention_message_id=KEEP) -> None:
    for column, value in (
        ("board_message_id", board_message_id),
        ("lobby_message_id", lobby_message_id),
        ("mention_message_id", mention_message_id),
    ):
        if value is not KEEP:
            db.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match_id))


def _insert_actions(db: Db, match_id: int, rows: list[ActionRow]) -> None:
    db.executemany(
        "INSERT INTO actions (match_id, version, seat, user_id, action, events, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (match_id, a.version, a.seat, a.user_id, a.action, json.dumps(a.events), a.created_at)
            for a in rows
        ],
    )


def _shard_filter(shards: Shards) -> tuple[str, tuple]:
    """SQL (on the matches alias ``m``) keeping the matches of guilds of ``shards``."""
    if shards.everything:
        return "", ()
    marks = ", ".join("?" for _ in shards.ids or ())
    return f" AND ((COALESCE(m.guild_id, 0) >> 22) % ?) IN ({marks})", (shards.count, *(shards.ids or ()))


class SqliteStore(Store):
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: Db | None = None
        self._thread: ThreadPoolExecutor | None = None

    # -- the database thread

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        if self._thread is None:
            raise RuntimeError("store is not open")
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    async def _read(self, fn: Callable[[Db], T]) -> T:
        return await self._call(lambda: fn(self._conn()))

    async def _tx(self, fn: Callable[[Db], T]) -> T:
        """Run ``fn`` as one write transaction, in one call on the database thread."""

        def run() -> T:
            db = self._conn()
            db.execute("BEGIN IMMEDIATE")
            try:
                result = fn(db)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return result

        return await self._call(run)

    def _conn(self) -> Db:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def open(self) -> None:
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")

        def connect() -> None:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.row_factory = sqlite3.Row
            db.execute("PRAGMA busy_timeout=10000")  # first: the next statements may have to wait
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA foreign_keys=ON")
            self._db = db

        try:
            await self._call(connect)
            await self._tx(self._migrate)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._thread is None:
            return
        if self._db is not None:
            await self._call(self._db.close)
            self._db = None
        self._thread.shutdown(wait=True)
        self._thread = None

    @staticmethod
    def _migrate(db: Db) -> None:
        """Read and apply the schema version in one write transaction: processes may start at once."""
        db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)"
        )
        done = {row[0] for row in db.execute("SELECT number FROM schema_migrations")}
        for number, name, sql in migrations():
            if number in done:
                continue
            log.info("applying migration %s", name)
            for statement in sql_statements(sql):
                db.execute(statement)
            db.execute("INSERT INTO schema_migrations VALUES (?, ?)", (number, name))

    async def check_writable(self) -> None:
        def rewrite(db: Db) -> None:
            # Rewriting the header's user_version is a real write that changes nothing.
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            db.execute(f"PRAGMA user_version = {version}")

        await self._tx(rewrite)

    # -- matches

    async def create_match(
        self, game, guild_id, channel_id, host_id, seats, options, seed, now, effects=(), expires_at=None
    ) -> Match:
        def create(db: Db) -> sqlite3.Row:
            cur = db.execute(
                "INSERT INTO matches (game, guild_id, channel_id, host_id, status, seats, options, seed,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (game, guild_id, channel_id, host_id, seats_json(seats), json.dumps(options), seed, now, now),
            )
            _add_effects(db, cur.lastrowid, effects, now)
            if expires_at is not None:
                _put_reminder(db, Reminder(cur.lastrowid, expires_at, 0, 0))
            return db.execute("SELECT * FROM matches WHERE id = ?", (cur.lastrowid,)).fetchone()

        try:
            row = await self._tx(create)
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc
        return match_from_row(row)

    async def get_match(self, match_id: int) -> Match | None:
        row = await self._read(
            lambda db: db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
        )
        return match_from_row(row) if row else None

    async def live_matches_in(self, guild_id: int) -> list[Match]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT * FROM matches WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id",
                (guild_id,),
            ).fetchall()
        )
        return readable_matches(rows)

    async def live_match(self, channel_id: int) -> Match | None:
        row = await self._read(
            lambda db: db.execute(
                "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
            ).fetchone()
        )
        return match_from_row(row) if row else None

    async def update_seats(self, match_id, old_seats, seats, status, now, effects=(), reminder=None) -> None:
        def update(db: Db) -> None:
            cur = db.execute(
                "UPDATE matches SET seats = ?, updated_at = ? WHERE id = ? AND status = ? AND seats = ?",
                (seats_json(seats), now, match_id, status, seats_json(old_seats)),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"match {match_id} changed meanwhile")
            if reminder is not None:
                _put_reminder(db, reminder)
            _add_effects(db, match_id, effects, now)

        await self._tx(update)

    async def active_matches(self) -> list[Match]:
        rows = await self._read(
            lambda db: db.execute("SELECT * FROM matches WHERE status = 'active' ORDER BY id").fetchall()
        )
        out = []
        for row in rows:
            try:
                out.append(match_from_row(row))
            except CorruptRow:
                log.exception("skipping unreadable match row %s", row["id"])
        return out

    async def start_match(self, match_id, seats, state, reminder, now, effects=(), forced=()) -> None:
        text = json.dumps(state)

        def start(db: Db) -> None:
            cur = db.execute(
                "UPDATE matches SET status = 'active', seats = ?, state = ?, version = ?, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (seats_json(seats), text, len(forced), now, match_id),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"match {match_id} is no longer a lobby")
            _insert_actions(db, match_id, list(forced))
            if reminder is not None:
                _put_reminder(db, reminder)
            else:
                db.execute("DELETE FROM reminders WHERE match_id = ?", (match_id,))
            _add_effects(db, match_id, effects, now)

        await self._tx(start)

    async def save_move(self, move: Move, now: float) -> None:
        rows = [move.action, *move.forced]
        state = json.dumps(move.state)

        def save(db: Db) -> None:
            cur = db.execute(
                "UPDATE matches SET state = ?, version = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (state, rows[-1].version, move.status, now, move.match_id, move.expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"match {move.match_id} moved on from version {move.expected_version}")
            _insert_actions(db, move.match_id, rows)
            if move.reminder is not None:
                _put_reminder(db, move.reminder)
            else:
                db.execute("DELETE FROM reminders WHERE match_id = ?", (move.match_id,))
            _insert_results(db, move.match_id, move.results, now)
            _add_effects(db, move.match_id, move.effects, now)

        await self._tx(save)

    async def undo_move(self, match_id, expected_version, from_version, state, reminder, now, effects=()):
        data = json.dumps(state)

        def undo(db: Db) -> None:
            cur = db.execute(
                "UPDATE matches SET state = ?, version = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (data, expected_version + 1, now, match_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"match {match_id} moved on from version {expected_version}")
            db.execute("DELETE FROM actions WHERE match_id = ? AND version >= ?", (match_id, from_version))
            if reminder is not None:
                _put_reminder(db, reminder)
            else:
                db.execute("DELETE FROM reminders WHERE match_id = ?", (match_id,))
            _add_effects(db, match_id, effects, now)

        await self._tx(undo)

    async def end_match(
        self, match_id, status, results, now, effects=(), expected_version=None, from_status=None
    ) -> None:
        def end(db: Db) -> None:
            sql = (
                "UPDATE matches SET status = ?, updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')"
            )
            params: tuple = (status, now, match_id)
            if expected_version is not None:
                sql += " AND version = ?"
                params += (expected_version,)
            if from_status is not None:
                sql += " AND status = ?"
                params += (from_status,)
            if db.execute(sql, params).rowcount != 1:
                raise StaleVersion(f"match {match_id} changed meanwhile")
            db.execute("DELETE FROM reminders WHERE match_id = ?", (match_id,))
            _insert_results(db, match_id, results, now)
            _add_effects(db, match_id, effects, now)

        await self._tx(end)

    async def actions(self, match_id: int, limit: int = 20) -> list[ActionRow]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT * FROM actions WHERE match_id = ? ORDER BY version DESC LIMIT ?", (match_id, limit)
            ).fetchall()
        )
        return [action_from_row(r) for r in reversed(rows)]

    async def action_log(self, match_id: int) -> list[ActionRow]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT * FROM actions WHERE match_id = ? ORDER BY version", (match_id,)
            ).fetchall()
        )
        return [action_from_row(r) for r in rows]

    async def finished_matches(self, channel_id: int, limit: int = 10) -> list[FinishedMatch]:
        def read(db: Db):
            matches = db.execute(
                "SELECT * FROM matches WHERE channel_id = ? AND status = 'finished'"
                " ORDER BY updated_at DESC, id DESC LIMIT ?",
                (channel_id, limit),
            ).fetchall()
            results = {}
            for m in matches:
                results[m["id"]] = db.execute(
                    "SELECT * FROM results WHERE match_id = ? ORDER BY seat", (m["id"],)
                ).fetchall()
            return matches, results

        matches, results = await self._read(read)
        return finished_from_rows(matches, results)

    # -- the outbox

    async def add_effects(self, match_id: int, effects: list[Effect]) -> None:
        await self._tx(lambda db: _add_effects(db, match_id, effects, time.time()))

    async def pending_effects(self, match_id: int) -> list[Effect]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT * FROM outbox WHERE match_id = ? ORDER BY id", (match_id,)
            ).fetchall()
        )
        return [effect_from_row(r) for r in rows]

    async def finish_effects(
        self, match_id, ids, board_message_id=KEEP, lobby_message_id=KEEP, mention_message_id=KEEP
    ) -> None:
        ids = [int(i) for i in ids]

        def finish(db: Db) -> None:
            # Exactly the delivered ones (see Store.finish_effects), as on PostgreSQL.
            db.executemany("DELETE FROM outbox WHERE match_id = ? AND id = ?", [(match_id, i) for i in ids])
            _set_messages(db, match_id, board_message_id, lobby_message_id, mention_message_id)

        await self._tx(finish)

    async def set_messages(
        self, match_id, board_message_id=KEEP, lobby_message_id=KEEP, mention_message_id=KEEP
    ) -> None:
        await self._tx(
            lambda db: _set_messages(db, match_id, board_message_id, lobby_message_id, mention_message_id)
        )

    async def matches_with_effects(self) -> list[tuple[int, int | None]]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT DISTINCT o.match_id, m.guild_id FROM outbox o JOIN matches m ON m.id = o.match_id"
                " ORDER BY o.match_id"
            ).fetchall()
        )
        return [(r[0], r[1]) for r in rows]

    # -- reminders and settings

    async def due_reminders(self, now: float, shards: Shards = ALL_SHARDS) -> list[Reminder]:
        where, params = _shard_filter(shards)
        rows = await self._read(
            lambda db: db.execute(
                "SELECT r.* FROM reminders r JOIN matches m ON m.id = r.match_id"
                f" WHERE r.due_at <= ?{where} ORDER BY r.due_at, r.match_id",
                (now, *params),
            ).fetchall()
        )
        return [Reminder(r["match_id"], r["due_at"], r["sent"], r["version"]) for r in rows]

    async def next_reminder_at(self, shards: Shards = ALL_SHARDS) -> float | None:
        if shards.everything:
            sql, params = "SELECT MIN(due_at) FROM reminders", ()
        else:
            where, params = _shard_filter(shards)
            sql = f"SELECT MIN(r.due_at) FROM reminders r JOIN matches m ON m.id = r.match_id WHERE 1{where}"
        row = await self._read(lambda db: db.execute(sql, params).fetchone())
        return row[0] if row else None

    async def put_reminder(self, reminder: Reminder) -> None:
        await self._tx(lambda db: _put_reminder(db, reminder))

    async def delete_reminder(self, match_id: int) -> None:
        await self._tx(lambda db: db.execute("DELETE FROM reminders WHERE match_id = ?", (match_id,)))

    async def fire_reminder(self, due: Reminder, following: Reminder | None, effects=()) -> bool:
        def fire(db: Db) -> bool:
            cur = db.execute(
                "DELETE FROM reminders WHERE match_id = ? AND due_at = ? AND sent = ? AND version = ?",
                (due.match_id, due.due_at, due.sent, due.version),
            )
            if cur.rowcount != 1:
                return False
            if following is not None:
                _put_reminder(db, following)
            _add_effects(db, due.match_id, effects, time.time())
            return True

        return await self._tx(fire)

    async def channel_settings(self, channel_id: int) -> ChannelSettings | None:
        row = await self._read(
            lambda db: db.execute(
                "SELECT * FROM channel_settings WHERE channel_id = ?", (channel_id,)
            ).fetchone()
        )
        if row is None:
            return None
        return ChannelSettings(
            row["reminder_delay"],
            bool(row["reminders_enabled"]),
            bool(row["ai_takeover"]),
            bool(row["threads"]),
            row["lobby_expiry"],
        )

    async def put_channel_settings(self, channel_id: int, settings: ChannelSettings) -> None:
        await self._tx(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO channel_settings"
                " (channel_id, reminder_delay, reminders_enabled, ai_takeover, threads, lobby_expiry)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    channel_id,
                    settings.reminder_delay,
                    int(settings.reminders_enabled),
                    int(settings.ai_takeover),
                    int(settings.threads),
                    settings.lobby_expiry,
                ),
            )
        )

    async def dm_reminders(self, user_id: int) -> bool:
        row = await self._read(
            lambda db: db.execute(
                "SELECT dm_reminders FROM user_settings WHERE user_id = ?", (user_id,)
            ).fetchone()
        )
        return bool(row and row[0])

    async def put_dm_reminders(self, user_id: int, enabled: bool) -> None:
        await self._tx(
            lambda db: db.execute(
                "INSERT INTO user_settings (user_id, dm_reminders) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders",
                (user_id, int(enabled)),
            )
        )

    async def turn_pings(self, user_ids: list[int]) -> dict[int, str]:
        ids = list(user_ids)
        rows = await self._read(
            lambda db: db.execute(
                f"SELECT user_id, turn_ping FROM user_settings WHERE user_id IN ({', '.join('?' * len(ids))})",
                ids,
            ).fetchall()
        )
        found = {r[0]: r[1] for r in rows}
        return {u: found.get(u, "channel") for u in ids}

    async def put_turn_ping(self, user_id: int, mode: str) -> None:
        await self._tx(
            lambda db: db.execute(
                "INSERT INTO user_settings (user_id, turn_ping) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET turn_ping = excluded.turn_ping",
                (user_id, mode),
            )
        )

    # -- results and ratings

    async def stats(self, guild_id: int | None, user_id: int) -> list[StatLine]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT game, COUNT(*) AS played, SUM(won) AS won FROM results"
                " WHERE guild_id IS ? AND user_id = ? GROUP BY game ORDER BY game",
                (guild_id, user_id),
            ).fetchall()
        )
        return [StatLine(r["game"], r["played"], r["won"] or 0) for r in rows]

    async def ratings(self, guild_id: int, user_id: int) -> list[Rating]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game", (guild_id, user_id)
            ).fetchall()
        )
        return [rating_from_row(r) for r in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
                " ORDER BY mu - 3 * sigma DESC, played DESC, user_id LIMIT ?",
                (guild_id, game, limit),
            ).fetchall()
        )
        return [rating_from_row(r) for r in rows]

    # -- for tests: run raw SQL on the store's own connection (e.g. to damage a row)

    async def execute_raw(self, sql: str, params: tuple = ()) -> None:
        await self._call(lambda: self._conn().execute(sql, params))

    async def fetch_raw(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        return await self._read(lambda db: db.execute(sql, params).fetchall())

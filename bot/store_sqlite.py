"""The SQLite store: one file, one aiosqlite connection (WAL, synchronous=NORMAL).

Every method is one transaction: a write sends ``BEGIN IMMEDIATE``, its statements and ``COMMIT``
to the connection while it holds the store's lock, so no statement of another task of this
process can land inside it (they share the one connection), and it runs as a task of its own,
shielded, so a cancelled caller cannot leave it half done: it goes on to COMMIT or ROLLBACK.
A transaction is two round trips to aiosqlite's thread: BEGIN IMMEDIATE with all its statements
in one batch, then COMMIT; under load the event loop's turns between round trips, not SQLite, are
what a transaction waits for. Across processes, ``BEGIN IMMEDIATE`` takes
SQLite's write lock and the compare-and-set arguments decide races. While another process holds
that lock the store does not sit on its connection waiting: it tries again every few
milliseconds (up to ``BUSY_TIMEOUT``) and lets this process's reads run in between (WAL readers
need not queue behind a writer); when the time is up the call fails with ``StoreBusy``, a
transient failure that changed nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot import ratings as rating_model
from bot.ratings import Rating
from bot.store import (
    ALL_SHARDS,
    KEEP,
    ActionRow,
    ChannelBusy,
    ChannelSettings,
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
    StoreBusy,
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
Db = aiosqlite.Connection

# How long a write waits for another process's write lock in all (as before; Discord's side
# defers a click that waits). Each try waits at most STATEMENT_BUSY_MS inside SQLite, holding the
# connection; between tries this process's reads go on.
BUSY_TIMEOUT = 10.0
STATEMENT_BUSY_MS = 5
RETRY_FIRST, RETRY_MAX = 0.002, 0.05


def _is_busy(exc: BaseException) -> bool:
    """SQLite's "database is locked" (another connection holds the lock), not a real error."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


@dataclass(frozen=True)
class _Sql:
    """One statement of a transaction's batch; ``many``: once for each of the ``params`` rows."""

    sql: str
    params: Any = ()
    many: bool = False

    def send(self, db: Db) -> list[Awaitable]:
        # Always execute_fetchall: its cursor lives and dies on the connection's thread. A cursor
        # dropped on the event loop's thread resets its statement there, and SQLite's statement
        # cache may be running that very statement for another transaction meanwhile (misuse).
        if self.many:
            return [db.execute_fetchall(self.sql, row) for row in self.params]
        return [db.execute_fetchall(self.sql, self.params)]


CHANGES = _Sql("SELECT changes()")  # right after a compare-and-set: the rows it changed


async def _send(db: Db, statements: list[_Sql]) -> list:
    """Send the statements at once: the connection's thread runs them back to back, in order, in one
    round trip (a round trip per statement costs an event-loop turn each, and under load those turns
    are what a transaction waits for). Every statement runs; the outcomes (each its rows, or the
    exception) include the failures, one per statement (the rows of a ``many`` one as a list)."""
    sends = [s.send(db) for s in statements]
    flat = await asyncio.gather(*(a for group in sends for a in group), return_exceptions=True)
    outcomes, i = [], 0
    for statement, group in zip(statements, sends, strict=True):
        part = flat[i : i + len(group)]
        i += len(group)
        failed = next((o for o in part if isinstance(o, BaseException)), None)
        outcomes.append(failed if failed is not None else (part if statement.many else part[0]))
    return outcomes


def _check(outcomes: list, cas: str | None = None) -> list:
    """Raise the first failure (the transaction is then rolled back). ``cas``: the first statement is
    a compare-and-set and the second ``CHANGES``: it must have changed exactly one row, else
    ``StaleVersion(cas)``."""
    if cas is not None and not isinstance(outcomes[1], BaseException) and outcomes[1][0][0] != 1:
        raise StaleVersion(cas)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return outcomes


async def _run(db: Db, statements: list[_Sql]) -> list:
    return _check(await _send(db, statements))


BEGIN = _Sql("BEGIN IMMEDIATE")
SAVEPOINT = _Sql("SAVEPOINT tx")


def _effects(match_id: int, effects, now: float) -> list[_Sql]:
    if not effects:
        return []
    return [
        _Sql(
            "INSERT INTO outbox (match_id, kind, version, payload, created_at) VALUES (?, ?, ?, ?, ?)",
            [(match_id, e.kind, e.version, json.dumps(e.payload), now) for e in effects],
            many=True,
        )
    ]


def _reminder(r: Reminder | None, match_id: int) -> _Sql:
    """Replace the match's reminder by ``r``, or delete it when None."""
    if r is None:
        return _Sql("DELETE FROM reminders WHERE match_id = ?", (match_id,))
    return _Sql(
        "INSERT OR REPLACE INTO reminders (match_id, due_at, sent, version) VALUES (?, ?, ?, ?)",
        (r.match_id, r.due_at, r.sent, r.version),
    )


def _actions(match_id: int, rows: list[ActionRow]) -> list[_Sql]:
    if not rows:
        return []
    return [
        _Sql(
            "INSERT INTO actions (match_id, version, seat, user_id, action, events, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (match_id, a.version, a.seat, a.user_id, a.action, json.dumps(a.events), a.created_at)
                for a in rows
            ],
            many=True,
        )
    ]


def _messages(match_id: int, board_message_id, lobby_message_id, mention_message_id=KEEP) -> list[_Sql]:
    return [
        _Sql(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match_id))
        for column, value in (
            ("board_message_id", board_message_id),
            ("lobby_message_id", lobby_message_id),
            ("mention_message_id", mention_message_id),
        )
        if value is not KEEP
    ]


async def _insert_results(db: Db, match_id: int, results: list[Result], now: float) -> None:
    """The results and the new ratings: at the end of a match only, so a few round trips more."""
    if not results:
        return
    (row,) = await db.execute_fetchall("SELECT guild_id, game FROM matches WHERE id = ?", (match_id,))
    insert = _Sql(
        "INSERT OR REPLACE INTO results (match_id, seat, guild_id, game, user_id, score, won, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (match_id, r.seat, row["guild_id"], row["game"], r.user_id, r.score, int(r.won), now)
            for r in results
        ],
        many=True,
    )
    await _run(db, [insert])
    if row["guild_id"] is not None:
        await _update_ratings(db, row["guild_id"], row["game"], results, now)


async def _update_ratings(db: Db, guild_id: int, game: str, results: list[Result], now: float) -> None:
    """The rated players' new ratings, in the transaction of the results (bot/ratings.py decides)."""
    users = sorted({r.user_id for r in results if r.user_id is not None})
    if len(users) < 2:
        return
    marks = ", ".join("?" * len(users))
    current = {
        r["user_id"]: (r["mu"], r["sigma"])
        for r in await db.execute_fetchall(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *users),
        )
    }
    new = rating_model.rate(results, current)
    upsert = _Sql(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, played, updated_at)"
        " VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, played = ratings.played + 1, updated_at = excluded.updated_at",
        [(guild_id, game, user, mu, sigma, now) for user, (mu, sigma) in new.items()],
        many=True,
    )
    await _run(db, [upsert])


def _shard_filter(shards: Shards) -> tuple[str, tuple]:
    """SQL (on the matches alias ``m``) keeping the matches of guilds of ``shards``."""
    if shards.everything:
        return "", ()
    marks = ", ".join("?" for _ in shards.ids or ())
    return f" AND ((COALESCE(m.guild_id, 0) >> 22) % ?) IN ({marks})", (shards.count, *(shards.ids or ()))


class SqliteStore(Store):
    def __init__(self, path: str | Path, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = str(path)
        self.busy_timeout = busy_timeout
        self._db: Db | None = None
        # One transaction at a time on the one connection, held from BEGIN to COMMIT/ROLLBACK.
        self._lock = asyncio.Lock()
        # Set while a transaction of this process has statements on the connection: a read sent
        # then would run inside it and could see rows that are then rolled back, so reads wait
        # for it. Otherwise reads need no lock: the connection's thread runs statements in the
        # order they were sent, so a read sent before a BEGIN runs before it.
        self._in_tx = False
        self._idle = asyncio.Event()
        self._idle.set()
        self._running: set[asyncio.Task] = set()  # transactions, awaited by close()

    # -- the connection

    def _conn(self) -> Db:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def _all(self, sql: str, params: Any = ()) -> list[sqlite3.Row]:
        # The read runs as a task of its own, like a transaction: a caller that waits for a task,
        # not for a bare future that aiosqlite's thread resolves, is work an event-loop supervisor
        # (SimCord's settlement in the tests) can see finish.
        return await asyncio.ensure_future(self._read(sql, params))

    async def _read(self, sql: str, params: Any) -> list[sqlite3.Row]:
        while self._in_tx:
            await self._idle.wait()
        # No await between the check above and the statement being sent (aiosqlite queues it
        # before it first waits), so no transaction can begin in between.
        return list(await self._conn().execute_fetchall(sql, params))

    async def _one(self, sql: str, params: Any = ()) -> sqlite3.Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    def _busy(self, on: bool) -> None:
        self._in_tx = on
        if on:
            self._idle.clear()
        else:
            self._idle.set()

    async def _tx(
        self,
        statements: list[_Sql],
        cas: str | None = None,
        then: Callable[[Db, list], Awaitable[T]] | None = None,
    ) -> T | list:
        """One write transaction: ``statements`` (``cas``: see ``_check``), then ``then(db,
        outcomes)`` for work that needs their answers (more round trips; its result is returned).
        It runs as a task of its own: a cancelled caller stops waiting for it, and it still runs to
        COMMIT or ROLLBACK."""
        if cas is not None:
            statements = [statements[0], CHANGES, *statements[1:]]
        task = asyncio.ensure_future(self._transaction(statements, cas, then))
        self._running.add(task)
        task.add_done_callback(self._done)
        return await asyncio.shield(task)

    def _done(self, task: asyncio.Task) -> None:
        self._running.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a failure whose caller left was rolled back, nothing to report

    async def _transaction(self, statements: list[_Sql], cas, then):
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.busy_timeout
        pause = RETRY_FIRST
        while True:
            async with self._lock:
                db = self._conn()
                self._busy(True)
                try:
                    # BEGIN IMMEDIATE and the statements in one round trip. Should BEGIN fail
                    # (another process holds the write lock), SAVEPOINT opens a transaction all
                    # the same, so the statements sent with it run inside one and are rolled back:
                    # nothing of them is ever committed on its own.
                    begun, saved, *outcomes = await _send(db, [BEGIN, SAVEPOINT, *statements])
                    if isinstance(begun, BaseException):
                        if db.in_transaction:
                            await db.execute_fetchall("ROLLBACK")
                        if not _is_busy(begun):
                            raise begun
                        if loop.time() >= deadline:
                            raise StoreBusy(
                                f"the database is busy: another process held its write lock for"
                                f" {self.busy_timeout:g} s ({begun})"
                            ) from begun
                    else:
                        try:
                            _check([saved])
                            result = _check(outcomes, cas)
                            if then is not None:
                                result = await then(db, outcomes)
                        except BaseException:
                            if db.in_transaction:  # some errors (disk full) end it already
                                await db.execute_fetchall("ROLLBACK")
                            raise
                        await db.execute_fetchall("COMMIT")
                        return result
                finally:
                    self._busy(False)
            # Another process holds the write lock: wait here, not on the connection, so that
            # this process's reads go on meanwhile (WAL readers need not queue behind a writer).
            await asyncio.sleep(pause)
            pause = min(RETRY_MAX, 2 * pause)

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            self._db.row_factory = sqlite3.Row
            # First: the next statements may have to wait (another process migrating or writing).
            # A PRAGMA returns a row: fetched, so that no statement stays in progress (COMMIT refuses).
            await self._db.execute_fetchall(f"PRAGMA busy_timeout={STATEMENT_BUSY_MS}")
            await self._pragma_with_retry("PRAGMA journal_mode=WAL")
            await self._db.execute_fetchall("PRAGMA synchronous=NORMAL")
            await self._db.execute_fetchall("PRAGMA foreign_keys=ON")
            await self._tx([], then=self._migrate)
        except BaseException:
            await self.close()
            raise

    async def _pragma_with_retry(self, sql: str) -> None:
        """Switching to WAL needs a moment without other writers (processes starting at once)."""
        deadline = asyncio.get_running_loop().time() + self.busy_timeout
        while True:
            try:
                await self._conn().execute_fetchall(sql)
                return
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc) or asyncio.get_running_loop().time() >= deadline:
                    raise
            await asyncio.sleep(RETRY_MAX)

    async def close(self) -> None:
        if self._db is None:
            return
        # A transaction whose caller was cancelled finishes first.
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)
        db, self._db = self._db, None
        await db.close()

    @staticmethod
    async def _migrate(db: Db, _) -> None:
        """Read and apply the schema version in one write transaction: processes may start at once."""
        await db.execute_fetchall(
            "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)"
        )
        done = {row[0] for row in await db.execute_fetchall("SELECT number FROM schema_migrations")}
        for number, name, sql in migrations():
            if number in done:
                continue
            log.info("applying migration %s", name)
            for statement in sql_statements(sql):
                await db.execute_fetchall(statement)  # to its end, whatever it returns
            await db.execute_fetchall("INSERT INTO schema_migrations VALUES (?, ?)", (number, name))

    async def check_writable(self) -> None:
        async def rewrite(db: Db, _) -> None:
            # Rewriting the header's user_version is a real write that changes nothing.
            ((version,),) = await db.execute_fetchall("PRAGMA user_version")
            await db.execute_fetchall(f"PRAGMA user_version = {int(version)}")

        await self._tx([], then=rewrite)

    @contextlib.asynccontextmanager
    async def snapshot(self):
        """For ``copy-db``: one read transaction (one snapshot of the file), yielding a function
        that reads rows in it. The other tasks of this process wait meanwhile."""
        async with self._lock:
            db = self._conn()
            self._busy(True)
            try:
                await db.execute_fetchall("BEGIN")
                try:
                    yield lambda sql, params=(): db.execute_fetchall(sql, params)
                finally:
                    await db.execute_fetchall("COMMIT")
            finally:
                self._busy(False)

    # -- matches

    async def create_match(
        self, game, guild_id, channel_id, host_id, seats, options, seed, now, effects=(), expires_at=None
    ) -> Match:
        insert = _Sql(
            "INSERT INTO matches (game, guild_id, channel_id, host_id, status, seats, options, seed,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
            (game, guild_id, channel_id, host_id, seats_json(seats), json.dumps(options), seed, now, now),
        )

        async def create(db: Db, outcomes: list) -> sqlite3.Row:
            ((match_id,),) = outcomes[1]
            expiry = (
                [_reminder(Reminder(match_id, expires_at, 0, 0), match_id)] if expires_at is not None else []
            )
            read = _Sql("SELECT * FROM matches WHERE id = ?", (match_id,))
            *_, (row,) = await _run(db, [*_effects(match_id, effects, now), *expiry, read])
            return row

        try:
            row = await self._tx([insert, _Sql("SELECT last_insert_rowid()")], then=create)
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc
        return match_from_row(row)

    async def get_match(self, match_id: int) -> Match | None:
        row = await self._one("SELECT * FROM matches WHERE id = ?", (match_id,))
        return match_from_row(row) if row else None

    async def live_matches_in(self, guild_id: int) -> list[Match]:
        rows = await self._all(
            "SELECT * FROM matches WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id",
            (guild_id,),
        )
        return readable_matches(rows)

    async def live_match(self, channel_id: int) -> Match | None:
        row = await self._one(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return match_from_row(row) if row else None

    async def update_seats(self, match_id, old_seats, seats, status, now, effects=(), reminder=None) -> None:
        update = _Sql(
            "UPDATE matches SET seats = ?, updated_at = ? WHERE id = ? AND status = ? AND seats = ?",
            (seats_json(seats), now, match_id, status, seats_json(old_seats)),
        )
        later = [_reminder(reminder, match_id)] if reminder is not None else []
        statements = [update, *later, *_effects(match_id, effects, now)]
        await self._tx(statements, cas=f"match {match_id} changed meanwhile")

    async def active_matches(self) -> list[Match]:
        return readable_matches(await self._all("SELECT * FROM matches WHERE status = 'active' ORDER BY id"))

    async def start_match(self, match_id, seats, state, reminder, now, effects=(), forced=()) -> None:
        update = _Sql(
            "UPDATE matches SET status = 'active', seats = ?, state = ?, version = ?, updated_at = ?"
            " WHERE id = ? AND status = 'lobby'",
            (seats_json(seats), json.dumps(state), len(forced), now, match_id),
        )
        statements = [
            update,
            *_actions(match_id, list(forced)),
            _reminder(reminder, match_id),  # replaces the lobby's expiry
            *_effects(match_id, effects, now),
        ]
        await self._tx(statements, cas=f"match {match_id} is no longer a lobby")

    async def save_move(self, move: Move, now: float) -> None:
        rows = [move.action, *move.forced]
        update = _Sql(
            "UPDATE matches SET state = ?, version = ?, status = ?, updated_at = ?"
            " WHERE id = ? AND version = ? AND status = 'active'",
            (
                json.dumps(move.state),
                rows[-1].version,
                move.status,
                now,
                move.match_id,
                move.expected_version,
            ),
        )
        statements = [
            update,
            *_actions(move.match_id, rows),
            _reminder(move.reminder, move.match_id),
            *_effects(move.match_id, move.effects, now),
        ]
        stale = f"match {move.match_id} moved on from version {move.expected_version}"

        async def results(db: Db, _) -> None:
            await _insert_results(db, move.match_id, move.results, now)

        await self._tx(statements, cas=stale, then=results if move.results else None)

    async def undo_move(self, match_id, expected_version, from_version, state, reminder, now, effects=()):
        update = _Sql(
            "UPDATE matches SET state = ?, version = ?, updated_at = ?"
            " WHERE id = ? AND version = ? AND status = 'active'",
            (json.dumps(state), expected_version + 1, now, match_id, expected_version),
        )
        statements = [
            update,
            _Sql("DELETE FROM actions WHERE match_id = ? AND version >= ?", (match_id, from_version)),
            _reminder(reminder, match_id),
            *_effects(match_id, effects, now),
        ]
        stale = f"match {match_id} moved on from version {expected_version}"
        await self._tx(statements, cas=stale)

    async def end_match(
        self, match_id, status, results, now, effects=(), expected_version=None, from_status=None
    ) -> None:
        sql = "UPDATE matches SET status = ?, updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')"
        params: tuple = (status, now, match_id)
        if expected_version is not None:
            sql += " AND version = ?"
            params += (expected_version,)
        if from_status is not None:
            sql += " AND status = ?"
            params += (from_status,)
        statements = [_Sql(sql, params), _reminder(None, match_id), *_effects(match_id, effects, now)]

        async def insert_results(db: Db, _) -> None:
            await _insert_results(db, match_id, results, now)

        await self._tx(statements, cas=f"match {match_id} changed meanwhile", then=insert_results)

    async def actions(self, match_id: int, limit: int = 20) -> list[ActionRow]:
        rows = await self._all(
            "SELECT * FROM actions WHERE match_id = ? ORDER BY version DESC LIMIT ?", (match_id, limit)
        )
        return [action_from_row(r) for r in reversed(rows)]

    async def action_log(self, match_id: int) -> list[ActionRow]:
        rows = await self._all("SELECT * FROM actions WHERE match_id = ? ORDER BY version", (match_id,))
        return [action_from_row(r) for r in rows]

    async def finished_matches(self, channel_id: int, limit: int = 10) -> list[FinishedMatch]:
        matches = await self._all(
            "SELECT * FROM matches WHERE channel_id = ? AND status = 'finished'"
            " ORDER BY updated_at DESC, id DESC LIMIT ?",
            (channel_id, limit),
        )
        ids = [m["id"] for m in matches]
        rows = await self._all(
            f"SELECT * FROM results WHERE match_id IN ({', '.join('?' * len(ids))}) ORDER BY seat", ids
        )
        # A match's results are written with its end, so a finished match read first has them all.
        results = {i: [r for r in rows if r["match_id"] == i] for i in ids}
        return finished_from_rows(matches, results)

    # -- the outbox

    async def add_effects(self, match_id: int, effects: list[Effect]) -> None:
        statements = _effects(match_id, effects, time.time())
        await self._tx(statements)

    async def pending_effects(self, match_id: int) -> list[Effect]:
        rows = await self._all("SELECT * FROM outbox WHERE match_id = ? ORDER BY id", (match_id,))
        return [effect_from_row(r) for r in rows]

    async def finish_effects(
        self, match_id, ids, board_message_id=KEEP, lobby_message_id=KEEP, mention_message_id=KEEP
    ) -> None:
        # Exactly the delivered ones (see Store.finish_effects), as on PostgreSQL.
        delete = _Sql(
            "DELETE FROM outbox WHERE match_id = ? AND id = ?", [(match_id, int(i)) for i in ids], many=True
        )
        statements = [delete, *_messages(match_id, board_message_id, lobby_message_id, mention_message_id)]
        await self._tx(statements)

    async def set_messages(
        self, match_id, board_message_id=KEEP, lobby_message_id=KEEP, mention_message_id=KEEP
    ) -> None:
        statements = _messages(match_id, board_message_id, lobby_message_id, mention_message_id)
        await self._tx(statements)

    async def matches_with_effects(self) -> list[tuple[int, int | None]]:
        rows = await self._all(
            "SELECT DISTINCT o.match_id, m.guild_id FROM outbox o JOIN matches m ON m.id = o.match_id"
            " ORDER BY o.match_id"
        )
        return [(r[0], r[1]) for r in rows]

    # -- reminders and settings

    async def due_reminders(self, now: float, shards: Shards = ALL_SHARDS) -> list[Reminder]:
        where, params = _shard_filter(shards)
        rows = await self._all(
            "SELECT r.* FROM reminders r JOIN matches m ON m.id = r.match_id"
            f" WHERE r.due_at <= ?{where} ORDER BY r.due_at, r.match_id",
            (now, *params),
        )
        return [Reminder(r["match_id"], r["due_at"], r["sent"], r["version"]) for r in rows]

    async def next_reminder_at(self, shards: Shards = ALL_SHARDS) -> float | None:
        if shards.everything:
            sql, params = "SELECT MIN(due_at) FROM reminders", ()
        else:
            where, params = _shard_filter(shards)
            sql = f"SELECT MIN(r.due_at) FROM reminders r JOIN matches m ON m.id = r.match_id WHERE 1{where}"
        row = await self._one(sql, params)
        return row[0] if row else None

    async def put_reminder(self, reminder: Reminder) -> None:
        await self._tx([_reminder(reminder, reminder.match_id)])

    async def delete_reminder(self, match_id: int) -> None:
        await self._tx([_reminder(None, match_id)])

    async def fire_reminder(self, due: Reminder, following: Reminder | None, effects=()) -> bool:
        delete = _Sql(
            "DELETE FROM reminders WHERE match_id = ? AND due_at = ? AND sent = ? AND version = ?",
            (due.match_id, due.due_at, due.sent, due.version),
        )
        later = [_reminder(following, due.match_id)] if following is not None else []
        statements = [delete, *later, *_effects(due.match_id, effects, time.time())]
        try:
            await self._tx(statements, cas="fired already")
        except StaleVersion:  # another process fired it (or a move replaced it): rolled back
            return False
        return True

    async def channel_settings(self, channel_id: int) -> ChannelSettings | None:
        row = await self._one("SELECT * FROM channel_settings WHERE channel_id = ?", (channel_id,))
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
            [
                _Sql(
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
            ]
        )

    async def dm_reminders(self, user_id: int) -> bool:
        row = await self._one("SELECT dm_reminders FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(row and row[0])

    async def put_dm_reminders(self, user_id: int, enabled: bool) -> None:
        await self._tx(
            [
                _Sql(
                    "INSERT INTO user_settings (user_id, dm_reminders) VALUES (?, ?)"
                    " ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders",
                    (user_id, int(enabled)),
                )
            ]
        )

    async def turn_pings(self, user_ids: list[int]) -> dict[int, str]:
        ids = list(user_ids)
        rows = await self._all(
            f"SELECT user_id, turn_ping FROM user_settings WHERE user_id IN ({', '.join('?' * len(ids))})",
            ids,
        )
        found = {r[0]: r[1] for r in rows}
        return {u: found.get(u, "channel") for u in ids}

    async def put_turn_ping(self, user_id: int, mode: str) -> None:
        await self._tx(
            [
                _Sql(
                    "INSERT INTO user_settings (user_id, turn_ping) VALUES (?, ?)"
                    " ON CONFLICT (user_id) DO UPDATE SET turn_ping = excluded.turn_ping",
                    (user_id, mode),
                )
            ]
        )

    # -- results and ratings

    async def stats(self, guild_id: int | None, user_id: int) -> list[StatLine]:
        rows = await self._all(
            "SELECT game, COUNT(*) AS played, SUM(won) AS won FROM results"
            " WHERE guild_id IS ? AND user_id = ? GROUP BY game ORDER BY game",
            (guild_id, user_id),
        )
        return [StatLine(r["game"], r["played"], r["won"] or 0) for r in rows]

    async def ratings(self, guild_id: int, user_id: int) -> list[Rating]:
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game", (guild_id, user_id)
        )
        return [rating_from_row(r) for r in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        rows = await self._all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, played DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        )
        return [rating_from_row(r) for r in rows]

    # -- for tests: run raw SQL on the store's own connection (e.g. to damage a row)

    async def execute_raw(self, sql: str, params: tuple = ()) -> None:
        await self._all(sql, params)  # one statement, committed by itself

    async def fetch_raw(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        return await self._all(sql, params)

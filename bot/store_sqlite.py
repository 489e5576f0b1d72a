"""The SQLite store: one file, one aiosqlite connection (WAL, synchronous=NORMAL).

Every write method is one transaction, run as one function on aiosqlite's own thread:
``BEGIN IMMEDIATE``, its statements and ``COMMIT`` (or ``ROLLBACK`` when a statement fails or a
compare-and-set finds the row changed) back to back, as one item of the connection's queue. So no
statement of another task of this process can land inside it (the thread runs one queue item at a
time, in the order they were sent), and a cancelled caller cannot leave it half done: once sent, the
function runs to its end whatever happens to the caller (and the transaction is a task of its own,
shielded, so that its retries go on too).

Why aiosqlite's private ``Connection._execute``: its public methods each run *one* sqlite3 call on
its thread, and whether a transaction ends in COMMIT or ROLLBACK depends on the outcomes of its
statements (a failed statement does not end an SQLite transaction; a COMMIT sent behind it would
commit the rest). With public calls only, a transaction is two round trips to the event loop with
the connection held meanwhile, and under load those turns of a busy loop serialised every write of
the process (bench/README.md, "where the time went"). ``_execute(fn, *args)`` is the method every
public one is built on: it queues ``fn`` for the connection's thread and resolves with its result.
``_on_thread`` is the one place it is used; the store refuses to open if it is gone, and
tests/test_store_sqlite.py checks its behaviour (the thread, the order, a cancelled awaiter).

Across processes, ``BEGIN IMMEDIATE`` takes SQLite's write lock and the compare-and-set arguments
decide races. While another process holds that lock the store does not sit on its connection
waiting: it tries again every few milliseconds (up to ``BUSY_TIMEOUT``) and lets this process's
reads run in between (WAL readers need not queue behind a writer); when the time is up the call
fails with ``StoreBusy``, a transient failure that changed nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import sqlite3
import time
from collections.abc import Callable
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
    StoreFull,
    action_from_row,
    dump_events,
    effect_from_row,
    finished_from_rows,
    match_from_row,
    migrations,
    rating_from_row,
    readable_matches,
    refuse_unknown_migrations,
    seats_json,
    sql_statements,
)

log = logging.getLogger(__name__)

T = TypeVar("T")
Db = sqlite3.Connection  # what a transaction's function gets, on aiosqlite's thread

# How long a write waits for another process's write lock in all (as before; Discord's side
# defers a click that waits). Each try waits at most STATEMENT_BUSY_MS inside SQLite, holding the
# connection; between tries this process's reads go on.
BUSY_TIMEOUT = 10.0
STATEMENT_BUSY_MS = 5
RETRY_FIRST, RETRY_MAX = 0.002, 0.05


def execute_on_thread_available() -> bool:
    """Whether aiosqlite still has the private ``Connection._execute(fn, *args)`` (see the module's
    docstring): a coroutine function queueing ``fn`` for the connection's thread."""
    execute = getattr(aiosqlite.Connection, "_execute", None)
    return execute is not None and inspect.iscoroutinefunction(execute)


def _is_busy(exc: BaseException) -> bool:
    """SQLite's "database is locked" (another connection holds the lock), not a real error."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


class _Busy:
    """What a try at a transaction gives back when another process held the write lock: BEGIN
    IMMEDIATE failed, nothing was done."""

    def __init__(self, exc: sqlite3.Error) -> None:
        self.exc = exc


def _attempt(db: Db, work: Callable[[Db], T]) -> T | _Busy:
    """One try at a write transaction, on the connection's thread: ``work`` between BEGIN
    IMMEDIATE and COMMIT, or ROLLBACK when it (or COMMIT) raises."""
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        if not _is_busy(exc):
            raise
        if db.in_transaction:  # not expected (BEGIN failed), but then nothing must stay open
            db.execute("ROLLBACK")
        return _Busy(exc)
    try:
        result = work(db)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # some errors (disk full) end it already
            db.execute("ROLLBACK")
        raise
    return result


def _changed_one(cursor: sqlite3.Cursor, stale: str) -> None:
    """A compare-and-set must have changed exactly one row, else the transaction is rolled back."""
    if cursor.rowcount != 1:
        raise StaleVersion(stale)


def _add_effects(db: Db, match_id: int, effects: list[tuple[str, int, str]], now: float) -> None:
    """``effects``: (kind, version, the payload's JSON) of each, encoded by the caller."""
    if effects:
        db.executemany(
            "INSERT INTO outbox (match_id, kind, version, payload, created_at) VALUES (?, ?, ?, ?, ?)",
            [(match_id, kind, version, payload, now) for kind, version, payload in effects],
        )


def _encoded(effects) -> list[tuple[str, int, str]]:
    # JSON on the event loop's thread, before anything is sent: a payload that cannot be encoded
    # fails the call there, and the connection's thread only runs SQL.
    return [(e.kind, e.version, json.dumps(e.payload)) for e in effects]


def _put_reminder(db: Db, match_id: int, r: Reminder | None) -> None:
    """Replace the match's reminder by ``r``, or delete it when None."""
    if r is None:
        db.execute("DELETE FROM reminders WHERE match_id = ?", (match_id,))
    else:
        db.execute(
            "INSERT OR REPLACE INTO reminders (match_id, due_at, sent, version) VALUES (?, ?, ?, ?)",
            (r.match_id, r.due_at, r.sent, r.version),
        )


def _action_rows(match_id: int, rows: list[ActionRow]) -> list[tuple]:
    return [
        (match_id, a.version, a.seat, a.user_id, a.action, dump_events(a.events), a.created_at) for a in rows
    ]


def _add_actions(db: Db, rows: list[tuple]) -> None:
    if rows:
        db.executemany(
            "INSERT INTO actions (match_id, version, seat, user_id, action, events, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


def _set_messages(db: Db, match_id: int, board_message_id, lobby_message_id, mention_message_id=KEEP) -> None:
    for column, value in (
        ("board_message_id", board_message_id),
        ("lobby_message_id", lobby_message_id),
        ("mention_message_id", mention_message_id),
    ):
        if value is not KEEP:
            db.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match_id))


def _insert_results(db: Db, match_id: int, results: list[Result], now: float) -> None:
    """The results and the new ratings, in the transaction that ends the match."""
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
        self._db: aiosqlite.Connection | None = None
        self._raw: sqlite3.Connection | None = None  # the same connection, for _on_thread only
        # copy-db's snapshot: one read transaction over many round trips. While it is open nothing
        # else may be sent (a write's BEGIN would fail inside it, a read would see the old snapshot),
        # so writes and reads wait for it. Otherwise nothing waits: every write is one queue item.
        self._lock = asyncio.Lock()  # one snapshot at a time
        self._in_snapshot = False
        self._no_snapshot = asyncio.Event()
        self._no_snapshot.set()
        self._running: set[asyncio.Task] = set()  # transactions, awaited by close()

    # -- the connection

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def _on_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the connection's thread, as one item of its queue (aiosqlite's
        private ``_execute``: see the module's docstring). It is queued before this first waits."""
        return await self._conn()._execute(fn, *args)

    async def _until_no_snapshot(self) -> None:
        while self._in_snapshot:
            await self._no_snapshot.wait()

    async def _all(self, sql: str, params: Any = ()) -> list[sqlite3.Row]:
        # The read runs as a task of its own, like a transaction: a caller that waits for a task,
        # not for a bare future that aiosqlite's thread resolves, is work an event-loop supervisor
        # (SimCord's settlement in the tests) can see finish.
        return await asyncio.ensure_future(self._read(sql, params))

    async def _read(self, sql: str, params: Any) -> list[sqlite3.Row]:
        await self._until_no_snapshot()
        # No await between the check above and the statement being queued (aiosqlite queues it
        # before it first waits), so no snapshot can begin in between.
        return list(await self._conn().execute_fetchall(sql, params))

    async def _one(self, sql: str, params: Any = ()) -> sqlite3.Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    async def _tx(self, work: Callable[[Db], T]) -> T:
        """One write transaction: ``work(db)`` between BEGIN IMMEDIATE and COMMIT, on the connection's
        thread (it must not touch the event loop). It runs as a task of its own: a cancelled caller
        stops waiting for it, and it still runs to COMMIT or ROLLBACK (retrying BEGIN meanwhile if
        another process holds the write lock)."""
        task = asyncio.ensure_future(self._transaction(work))
        self._running.add(task)
        task.add_done_callback(self._done)
        return await asyncio.shield(task)

    def _done(self, task: asyncio.Task) -> None:
        self._running.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a failure whose caller left was rolled back, nothing to report

    async def _transaction(self, work: Callable[[Db], T]) -> T:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.busy_timeout
        pause = RETRY_FIRST
        while True:
            await self._until_no_snapshot()
            try:
                outcome = await self._on_thread(_attempt, self._raw, work)
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_FULL:
                    raise StoreFull(f"the database file cannot grow ({exc})") from exc
                raise
            if not isinstance(outcome, _Busy):
                return outcome
            if loop.time() >= deadline:
                raise StoreBusy(
                    f"the database is busy: another process held its write lock for"
                    f" {self.busy_timeout:g} s ({outcome.exc})"
                ) from outcome.exc
            # Another process holds the write lock: wait here, not on the connection, so that
            # this process's reads go on meanwhile (WAL readers need not queue behind a writer).
            await asyncio.sleep(pause)
            pause = min(RETRY_MAX, 2 * pause)

    async def open(self) -> None:
        if not execute_on_thread_available():
            raise RuntimeError(
                f"aiosqlite {aiosqlite.__version__} has no Connection._execute, which the SQLite store"
                " runs its transactions with (bot/store_sqlite.py): install a version that has it"
            )
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        made: list[sqlite3.Connection] = []

        class Connection(sqlite3.Connection):  # sqlite3's own hook, to hold on to the connection
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, **kwargs)
                made.append(self)

        self._db = await aiosqlite.connect(self.path, isolation_level=None, factory=Connection)
        try:
            (self._raw,) = made
            self._db.row_factory = sqlite3.Row
            # First: the next statements may have to wait (another process migrating or writing).
            # A PRAGMA returns a row: fetched, so that no statement stays in progress (COMMIT refuses).
            await self._db.execute_fetchall(f"PRAGMA busy_timeout={STATEMENT_BUSY_MS}")
            await self._pragma_with_retry("PRAGMA journal_mode=WAL")
            await self._db.execute_fetchall("PRAGMA synchronous=NORMAL")
            await self._db.execute_fetchall("PRAGMA foreign_keys=ON")
            await self._tx(self._migrate)
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
        db, self._db, self._raw = self._db, None, None
        await db.close()

    @staticmethod
    def _migrate(db: Db) -> None:
        """Read and apply the schema version in one write transaction: processes may start at once."""
        db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)"
        )
        done = {row[0] for row in db.execute("SELECT number FROM schema_migrations").fetchall()}
        refuse_unknown_migrations(done, "sqlite")
        for number, name, sql in migrations():
            if number in done:
                continue
            log.info("applying migration %s", name)
            for statement in sql_statements(sql):
                db.execute(statement).fetchall()  # to its end, whatever it returns
            db.execute("INSERT INTO schema_migrations VALUES (?, ?)", (number, name))

    async def check_writable(self) -> None:
        def rewrite(db: Db) -> None:
            # Rewriting the header's user_version is a real write that changes nothing.
            ((version,),) = db.execute("PRAGMA user_version").fetchall()
            db.execute(f"PRAGMA user_version = {int(version)}").fetchall()

        await self._tx(rewrite)

    @contextlib.asynccontextmanager
    async def snapshot(self):
        """For ``copy-db``: one read transaction (one snapshot of the file), yielding a function
        that reads rows in it. The other tasks of this process wait meanwhile."""
        async with self._lock:
            db = self._conn()
            self._in_snapshot = True
            self._no_snapshot.clear()
            try:
                # Writes queued before this BEGIN run before it; none is queued after it until
                # the snapshot ends (they wait for it).
                await db.execute_fetchall("BEGIN")
                try:
                    yield lambda sql, params=(): db.execute_fetchall(sql, params)
                finally:
                    await db.execute_fetchall("COMMIT")
            finally:
                self._in_snapshot = False
                self._no_snapshot.set()

    # -- matches

    async def create_match(
        self, game, guild_id, channel_id, host_id, seats, options, seed, now, effects=(), expires_at=None
    ) -> Match:
        values = (game, guild_id, channel_id, host_id, seats_json(seats), json.dumps(options), seed, now, now)
        encoded = _encoded(effects)

        def create(db: Db) -> sqlite3.Row:
            cur = db.execute(
                "INSERT INTO matches (game, guild_id, channel_id, host_id, status, seats, options, seed,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                values,
            )
            match_id = cur.lastrowid
            _add_effects(db, match_id, encoded, now)
            if expires_at is not None:
                _put_reminder(db, match_id, Reminder(match_id, expires_at, 0, 0))
            (row,) = db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchall()
            return row

        try:
            row = await self._tx(create)
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

    async def update_seats(
        self, match_id, old_seats, seats, status, now, effects=(), reminder=None, expected_version=None
    ) -> None:
        sql = "UPDATE matches SET seats = ?, updated_at = ? WHERE id = ? AND status = ? AND seats = ?"
        values: tuple = (seats_json(seats), now, match_id, status, seats_json(old_seats))
        if expected_version is not None:
            sql += " AND version = ?"
            values += (expected_version,)
        encoded = _encoded(effects)

        def update(db: Db) -> None:
            cur = db.execute(sql, values)
            _changed_one(cur, f"match {match_id} changed meanwhile")
            if reminder is not None:
                _put_reminder(db, match_id, reminder)
            _add_effects(db, match_id, encoded, now)

        await self._tx(update)

    async def active_matches(self) -> list[Match]:
        return readable_matches(await self._all("SELECT * FROM matches WHERE status = 'active' ORDER BY id"))

    async def start_match(self, match_id, seats, state, reminder, now, effects=(), forced=()) -> None:
        values = (seats_json(seats), json.dumps(state), len(forced), now, match_id)
        actions = _action_rows(match_id, list(forced))
        encoded = _encoded(effects)

        def start(db: Db) -> None:
            cur = db.execute(
                "UPDATE matches SET status = 'active', seats = ?, state = ?, version = ?, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                values,
            )
            _changed_one(cur, f"match {match_id} is no longer a lobby")
            _add_actions(db, actions)
            _put_reminder(db, match_id, reminder)  # replaces the lobby's expiry
            _add_effects(db, match_id, encoded, now)

        await self._tx(start)

    async def save_move(self, move: Move, now: float) -> None:
        rows = [move.action, *move.forced]
        values = (
            json.dumps(move.state),
            rows[-1].version,
            move.status,
            now,
            move.match_id,
            move.expected_version,
        )
        actions = _action_rows(move.match_id, rows)
        encoded = _encoded(move.effects)
        stale = f"match {move.match_id} moved on from version {move.expected_version}"

        def save(db: Db) -> None:
            cur = db.execute(
                "UPDATE matches SET state = ?, version = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                values,
            )
            _changed_one(cur, stale)
            _add_actions(db, actions)
            _put_reminder(db, move.match_id, move.reminder)
            _add_effects(db, move.match_id, encoded, now)
            _insert_results(db, move.match_id, move.results, now)

        await self._tx(save)

    async def undo_move(self, match_id, expected_version, from_version, state, reminder, now, effects=()):
        values = (json.dumps(state), expected_version + 1, now, match_id, expected_version)
        encoded = _encoded(effects)

        def undo(db: Db) -> None:
            cur = db.execute(
                "UPDATE matches SET state = ?, version = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                values,
            )
            _changed_one(cur, f"match {match_id} moved on from version {expected_version}")
            db.execute("DELETE FROM actions WHERE match_id = ? AND version >= ?", (match_id, from_version))
            _put_reminder(db, match_id, reminder)
            _add_effects(db, match_id, encoded, now)

        await self._tx(undo)

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
        encoded = _encoded(effects)

        def end(db: Db) -> None:
            _changed_one(db.execute(sql, params), f"match {match_id} changed meanwhile")
            _put_reminder(db, match_id, None)
            _add_effects(db, match_id, encoded, now)
            _insert_results(db, match_id, results, now)

        await self._tx(end)

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
        encoded, now = _encoded(effects), time.time()
        await self._tx(lambda db: _add_effects(db, match_id, encoded, now))

    async def pending_effects(self, match_id: int) -> list[Effect]:
        rows = await self._all("SELECT * FROM outbox WHERE match_id = ? ORDER BY id", (match_id,))
        return [effect_from_row(r) for r in rows]

    async def finish_effects(
        self, match_id, ids, board_message_id=KEEP, lobby_message_id=KEEP, mention_message_id=KEEP
    ) -> None:
        # Exactly the delivered ones (see Store.finish_effects), as on PostgreSQL.
        delivered = [(match_id, int(i)) for i in ids]

        def finish(db: Db) -> None:
            db.executemany("DELETE FROM outbox WHERE match_id = ? AND id = ?", delivered)
            _set_messages(db, match_id, board_message_id, lobby_message_id, mention_message_id)

        await self._tx(finish)

    async def set_messages(
        self, match_id, board_message_id=KEEP, lobby_message_id=KEEP, mention_message_id=KEEP
    ) -> None:
        await self._tx(
            lambda db: _set_messages(db, match_id, board_message_id, lobby_message_id, mention_message_id)
        )

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
        await self._tx(lambda db: _put_reminder(db, reminder.match_id, reminder))

    async def delete_reminder(self, match_id: int) -> None:
        await self._tx(lambda db: _put_reminder(db, match_id, None))

    async def replace_reminder(self, match_id, status, due_at) -> bool:
        def replace(db: Db) -> bool:
            # Under the write lock (BEGIN IMMEDIATE): no start or move can come between.
            found = db.execute(
                "SELECT version FROM matches WHERE id = ? AND status = ?", (match_id, status)
            ).fetchone()
            if found is not None:
                reminder = None if due_at is None else Reminder(match_id, due_at, 0, found[0])
                _put_reminder(db, match_id, reminder)
            return found is not None

        return await self._tx(replace)

    async def fire_reminder(self, due, following, effects=(), *, seats=None, stalled=False) -> bool:
        encoded, now = _encoded(effects), time.time()

        def fire(db: Db) -> None:
            cur = db.execute(
                "DELETE FROM reminders WHERE match_id = ? AND due_at = ? AND sent = ? AND version = ?",
                (due.match_id, due.due_at, due.sent, due.version),
            )
            _changed_one(cur, "fired already")
            if seats is not None or stalled:
                old, new = (seats_json(s) for s in seats) if seats is not None else (None, None)
                cur = db.execute(
                    "UPDATE matches SET seats = COALESCE(?, seats),"
                    " stalled = CASE WHEN ? THEN version ELSE stalled END"
                    " WHERE id = ? AND status = 'active' AND version = ? AND seats = COALESCE(?, seats)",
                    (new, int(stalled), due.match_id, due.version, old),
                )
                _changed_one(cur, "the match changed meanwhile")
            if following is not None:
                _put_reminder(db, due.match_id, following)
            _add_effects(db, due.match_id, encoded, now)

        try:
            await self._tx(fire)
        except StaleVersion:  # another process fired it (or a move replaced it): rolled back
            return False
        return True

    async def _write(self, sql: str, params: tuple) -> None:
        """A transaction of one statement."""

        def write(db: Db) -> None:
            db.execute(sql, params)

        await self._tx(write)

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
            row["stall_after"],
            row["language"],
        )

    async def put_channel_settings(self, channel_id: int, settings: ChannelSettings) -> None:
        await self._write(
            "INSERT OR REPLACE INTO channel_settings"
            " (channel_id, reminder_delay, reminders_enabled, ai_takeover, threads, lobby_expiry, stall_after,"
            " language) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                channel_id,
                settings.reminder_delay,
                int(settings.reminders_enabled),
                int(settings.ai_takeover),
                int(settings.threads),
                settings.lobby_expiry,
                settings.stall_after,
                settings.language,
            ),
        )

    async def dm_reminders(self, user_id: int) -> bool:
        row = await self._one("SELECT dm_reminders FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(row and row[0])

    async def put_dm_reminders(self, user_id: int, enabled: bool) -> None:
        await self._write(
            "INSERT INTO user_settings (user_id, dm_reminders) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders",
            (user_id, int(enabled)),
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
        await self._write(
            "INSERT INTO user_settings (user_id, turn_ping) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET turn_ping = excluded.turn_ping",
            (user_id, mode),
        )

    async def user_locale(self, user_id: int) -> str | None:
        row = await self._one("SELECT locale FROM user_settings WHERE user_id = ?", (user_id,))
        return row[0] if row else None

    async def put_user_locale(self, user_id: int, locale: str) -> None:
        await self._write(
            "INSERT INTO user_settings (user_id, locale) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
            (user_id, locale),
        )

    async def guild_locale(self, guild_id: int) -> str | None:
        row = await self._one("SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return row[0] if row else None

    async def put_guild_locale(self, guild_id: int, locale: str) -> None:
        await self._write(
            "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
            (guild_id, locale),
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

"""The PostgreSQL store: several bot processes (on several machines) share one database.

Every method is one transaction on one connection of an asyncpg pool, with the same semantics
as the SQLite store, method for method: the compare-and-set on the version (moves) or on the
old seats (lobby and seat changes) is the arbiter between processes (``StaleVersion``), the
unique index of live matches per channel refuses a second lobby (``ChannelBusy``), the effects
of a change are written in its transaction, and a reminder is fired by one process only.

Under READ COMMITTED, an ``UPDATE ... WHERE version = $n`` that waits for a concurrent commit on
the same row re-reads the row and finds the version moved on: it updates nothing, and the loser
raises ``StaleVersion``. Nothing is cached in the process: every read is of the database.

Migrations (bot/migrations/postgres/) run in one transaction under a transaction-level advisory
lock, so processes that start at once apply them once, one after the other.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg

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
    Timeouts,
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
)

log = logging.getLogger(__name__)

T = TypeVar("T")
Con = asyncpg.Connection

# pg_advisory_xact_lock key of the migrations ("koitable" in ASCII).
MIGRATION_LOCK = 0x6B6F697461626C65
CONNECT_TIMEOUT = 10.0
MIGRATION_TIMEOUT = 3600.0
SETTLE_MAX = 10.0  # the longest wait for the server to finish a write whose connection was lost
SETTLE_POLL = 0.02

# Errors that end one statement or transaction, which is rolled back: nothing was changed.
_BUSY = (
    asyncpg.LockNotAvailableError,  # lock_timeout
    asyncpg.QueryCanceledError,  # statement_timeout
    asyncpg.IdleInTransactionSessionTimeoutError,
    asyncpg.TooManyConnectionsError,
    asyncpg.CannotConnectNowError,  # the server is starting or stopping
    asyncpg.SerializationError,
    asyncpg.DeadlockDetectedError,
)
# Errors after which a write may or may not have been committed: the connection went away, or the
# client gave up waiting, possibly after the server received the COMMIT.
_LOST = (
    TimeoutError,  # command_timeout
    asyncpg.PostgresConnectionError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.InterfaceError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    OSError,
    ConnectionError,
)


def _busy(exc: BaseException, write: bool = True) -> StoreBusy | None:
    """The transient failure a database error is (None: it is not one). A read that lost its
    connection changed nothing: only a write's loss is ambiguous."""
    if isinstance(exc, asyncpg.DiskFullError):
        return StoreFull(f"the database server's disk is full ({exc})")
    if isinstance(exc, _BUSY):
        return StoreBusy(f"the database is busy ({type(exc).__name__}: {exc})")
    if isinstance(exc, _LOST):
        return StoreBusy(f"the database did not answer ({type(exc).__name__}: {exc})", ambiguous=write)
    return None


def _ms(seconds: float) -> str:
    return str(round(seconds * 1000))


class _Unchanged(Exception):
    """Raised inside a transaction to roll it back when a compare found nothing to change."""


def _count(status: str) -> int:
    """Rows touched, from a command status such as ``UPDATE 1``."""
    try:
        return int(status.rsplit(" ", 1)[-1])
    except ValueError:
        return 0


async def _add_effects(con: Con, match_id: int, effects, now: float) -> None:
    if effects:
        await con.executemany(
            "INSERT INTO outbox (match_id, kind, version, payload, created_at) VALUES ($1, $2, $3, $4, $5)",
            [(match_id, e.kind, e.version, json.dumps(e.payload), now) for e in effects],
        )


async def _put_reminder(con: Con, r: Reminder) -> None:
    await con.execute(
        "INSERT INTO reminders (match_id, due_at, sent, version) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (match_id) DO UPDATE SET due_at = EXCLUDED.due_at, sent = EXCLUDED.sent,"
        " version = EXCLUDED.version",
        r.match_id,
        r.due_at,
        r.sent,
        r.version,
    )


async def _insert_results(con: Con, match_id: int, results: list[Result], now: float) -> None:
    if not results:
        return
    row = await con.fetchrow("SELECT guild_id, game FROM matches WHERE id = $1", match_id)
    await con.executemany(
        "INSERT INTO results (match_id, seat, guild_id, game, user_id, score, won, finished_at)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
        " ON CONFLICT (match_id, seat) DO UPDATE SET guild_id = EXCLUDED.guild_id, game = EXCLUDED.game,"
        " user_id = EXCLUDED.user_id, score = EXCLUDED.score, won = EXCLUDED.won,"
        " finished_at = EXCLUDED.finished_at",
        [
            (match_id, r.seat, row["guild_id"], row["game"], r.user_id, r.score, int(r.won), now)
            for r in results
        ],
    )
    if row["guild_id"] is not None:
        await _update_ratings(con, row["guild_id"], row["game"], results, now)


async def _update_ratings(con: Con, guild_id: int, game: str, results: list[Result], now: float) -> None:
    """The rated players' new ratings, in the transaction of the results (bot/ratings.py decides).

    Rating updates of one game in one server take turns (a transaction-level advisory lock): two
    matches of the same players finishing at once, in two processes, each start from the other's
    result, never both from the same old rating (nor both from none, for new players).
    """
    users = sorted({r.user_id for r in results if r.user_id is not None})
    if len(users) < 2:
        return
    await con.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended($1::bigint::text || ':' || $2, 0))", guild_id, game
    )
    current = {
        r["user_id"]: (r["mu"], r["sigma"])
        for r in await con.fetch(
            "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = $1 AND game = $2 AND user_id = ANY($3::bigint[])",
            guild_id,
            game,
            users,
        )
    }
    new = rating_model.rate(results, current)
    if new:
        await con.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, played, updated_at)"
            " VALUES ($1, $2, $3, $4, $5, 1, $6) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, played = ratings.played + 1,"
            " updated_at = EXCLUDED.updated_at",
            [(guild_id, game, user, mu, sigma, now) for user, (mu, sigma) in sorted(new.items())],
        )


async def _set_messages(
    con: Con, match_id: int, board_message_id, lobby_message_id, mention_message_id=KEEP
) -> None:
    """One UPDATE of the message ids given (KEEP: leave that column as it is)."""
    given = [
        (column, value)
        for column, value in (
            ("board_message_id", board_message_id),
            ("lobby_message_id", lobby_message_id),
            ("mention_message_id", mention_message_id),
        )
        if value is not KEEP
    ]
    if given:
        sets = ", ".join(f"{column} = ${i}" for i, (column, _) in enumerate(given, start=1))
        await con.execute(
            f"UPDATE matches SET {sets} WHERE id = ${len(given) + 1}", *(v for _, v in given), match_id
        )


async def _insert_actions(con: Con, match_id: int, rows) -> None:
    if rows:
        await con.executemany(
            "INSERT INTO actions (match_id, version, seat, user_id, action, events, created_at)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7)",
            [
                (match_id, a.version, a.seat, a.user_id, a.action, dump_events(a.events), a.created_at)
                for a in rows
            ],
        )


async def _keep_session(con: Con) -> None:
    """A connection back to the pool needs no reset query (one round trip saved per use): the
    store sets no session state, listens to nothing and takes only transaction-level advisory
    locks. asyncpg still rolls back a transaction left open."""


# A move that finishes nothing, as one statement (one round trip, atomic on its own): the
# compare-and-set UPDATE, and only if it matched, the action, the reminder and the effects.
SAVE_MOVE = """
WITH m AS (
    UPDATE matches SET state = $1, version = $2, status = $3, updated_at = $4
    WHERE id = $5 AND version = $6 AND status = 'active'
    RETURNING id
), a AS (
    INSERT INTO actions (match_id, version, seat, user_id, action, events, created_at)
    SELECT id, $2, $7, $8, $9, $10, $11 FROM m
), r AS (
    INSERT INTO reminders (match_id, due_at, sent, version)
    SELECT id, $12, $13, $14 FROM m WHERE $12::double precision IS NOT NULL
    ON CONFLICT (match_id) DO UPDATE SET due_at = EXCLUDED.due_at, sent = EXCLUDED.sent, version = EXCLUDED.version
), d AS (
    DELETE FROM reminders WHERE match_id IN (SELECT id FROM m) AND $12::double precision IS NULL
), o AS (
    INSERT INTO outbox (match_id, kind, version, payload, created_at)
    SELECT m.id, e.kind, e.version, e.payload, $4
    FROM m, unnest($15::text[], $16::int[], $17::text[]) WITH ORDINALITY AS e (kind, version, payload, n)
    ORDER BY e.n
)
SELECT count(*) FROM m
"""


def _shard_filter(shards: Shards, first: int) -> tuple[str, tuple]:
    """SQL (on the matches alias ``m``, parameters from ``$first``) for the guilds of ``shards``."""
    if shards.everything:
        return "", ()
    return (
        f" AND ((COALESCE(m.guild_id, 0) >> 22) % ${first}) = ANY(${first + 1}::int[])",
        (shards.count, list(shards.ids or ())),
    )


@contextlib.contextmanager
def _busy_errors(write: bool = True):
    """A timeout, a lock wait or a lost connection inside the block becomes ``StoreBusy``."""
    try:
        yield
    except StoreBusy:
        raise
    except Exception as exc:
        busy = _busy(exc, write)
        if busy is None:
            raise
        raise busy from exc


class PostgresStore(Store):
    def __init__(
        self, url: str, min_size: int = 1, max_size: int = 10, timeouts: Timeouts | None = None
    ) -> None:
        self.url = url
        self.timeouts = timeouts or Timeouts()
        self.min_size = min_size
        self.max_size = max_size
        self._pool: asyncpg.Pool | None = None

    # -- the pool

    def _p(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("store is not open")
        return self._pool

    @contextlib.asynccontextmanager
    async def _acquire(self):
        """A connection of the pool, waited for at most ``timeouts.acquire`` seconds."""
        pool = self._p()
        try:
            con = await pool.acquire(timeout=self.timeouts.acquire or None)
        except TimeoutError as exc:
            raise StoreBusy("every database connection is in use") from exc
        try:
            yield con
        finally:
            await pool.release(con)

    @contextlib.asynccontextmanager
    async def _call(self, write: bool, settle: bool = False):
        """A connection of the pool for one call; its failures become ``StoreBusy``.

        With ``settle``, a write whose connection was lost is settled before the caller hears of
        it: the server may still be running it (a statement waiting for a row lock goes on when
        its client is gone, and commits), so a read-back at once would not find a move that is
        saved a moment later ("may or may not have been saved"). Waiting until the server has
        finished with it makes the read-back tell. Only a move is read back (``save_move``); any
        other lost write is answered at once (the wait is up to the server's statement limit)."""
        pid = None
        try:
            with _busy_errors(write):
                async with self._acquire() as con:
                    pid = con.get_server_pid()
                    yield con
        except StoreBusy as busy:
            if settle and write and busy.ambiguous and pid is not None:
                busy.settled = await self._settle(pid)
            raise

    async def _settle(self, pid: int) -> bool:
        """Wait until the server process ``pid`` runs no statement (it is gone, or idle), at most
        the server's statement limit (a restarting server is asked again meanwhile); whether it
        finished."""
        deadline = time.monotonic() + min(self.timeouts.statement or SETTLE_MAX, SETTLE_MAX)
        while time.monotonic() < deadline:
            try:
                running = await self._one(
                    "fetchval",
                    "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND state = 'active'",
                    pid,
                )
            except StoreBusy:
                running = None
            if running == 0:
                return True
            await asyncio.sleep(SETTLE_POLL)
        log.warning("the server process %s of a lost write was still running after the wait", pid)
        return False

    async def _tx(self, fn: Callable[[Con], Awaitable[T]], settle: bool = False, **options) -> T:
        """Run ``fn`` as one transaction on one connection of the pool (``settle``: see ``_call``)."""
        async with (
            self._call(write=not options.get("readonly"), settle=settle) as con,
            con.transaction(**options),
        ):
            return await fn(con)

    async def _one(self, method: str, sql: str, *args, write: bool = False, settle: bool = False) -> Any:
        """One statement on its own (its own implicit transaction): a read unless ``write``."""
        async with self._call(write, settle) as con:
            return await getattr(con, method)(sql, *args)

    async def open(self) -> None:
        t = self.timeouts
        self._pool = await asyncpg.create_pool(
            self.url,
            min_size=self.min_size,
            max_size=self.max_size,
            timeout=CONNECT_TIMEOUT,
            reset=_keep_session,
            command_timeout=t.command or None,
            server_settings={
                "statement_timeout": _ms(t.statement),
                "lock_timeout": _ms(t.lock),
                "idle_in_transaction_session_timeout": _ms(t.idle_in_transaction),
            },
        )
        try:
            await self._tx(self._migrate)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @staticmethod
    async def _migrate(con: Con) -> None:
        """Apply what is missing, one process at a time (the lock ends with the transaction).

        Without the pool's time limits: a migration may rewrite a big table, and a process starting
        while another migrates waits for it."""
        for setting in ("statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout"):
            await con.execute(f"SET LOCAL {setting} = 0")
        await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK, timeout=MIGRATION_TIMEOUT)
        if await con.fetchval("SELECT to_regclass('schema_migrations')") is None:
            await con.execute(
                "CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)"
            )
        done = {row[0] for row in await con.fetch("SELECT number FROM schema_migrations")}
        refuse_unknown_migrations(done, "postgres")
        for number, name, sql in migrations("postgres"):
            if number in done:
                continue
            log.info("applying migration postgres/%s", name)
            # A script: the simple protocol runs every statement in it.
            await con.execute(sql, timeout=MIGRATION_TIMEOUT)
            await con.execute("INSERT INTO schema_migrations VALUES ($1, $2)", number, name)

    async def check_writable(self) -> None:
        # Rewriting a row to itself is a real write (refused on a read-only server or role).
        await self._tx(
            lambda con: con.execute(
                "UPDATE schema_migrations SET name = name"
                " WHERE number = (SELECT MAX(number) FROM schema_migrations)"
            )
        )

    # -- matches

    async def create_match(
        self, game, guild_id, channel_id, host_id, seats, options, seed, now, effects=(), expires_at=None
    ) -> Match:
        async def create(con: Con) -> asyncpg.Record:
            row = await con.fetchrow(
                "INSERT INTO matches (game, guild_id, channel_id, host_id, status, seats, options, seed,"
                " created_at, updated_at) VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $8, $9) RETURNING *",
                game,
                guild_id,
                channel_id,
                host_id,
                seats_json(seats),
                json.dumps(options),
                seed,
                now,
                now,
            )
            await _add_effects(con, row["id"], effects, now)
            if expires_at is not None:
                await _put_reminder(con, Reminder(row["id"], expires_at, 0, 0))
            return row

        try:
            row = await self._tx(create)
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name != "matches_live_channel":
                raise
            raise ChannelBusy(str(exc)) from exc
        return match_from_row(row)

    async def live_matches_in(self, guild_id: int) -> list[Match]:
        rows = await self._one(
            "fetch",
            "SELECT * FROM matches WHERE guild_id = $1 AND status IN ('lobby', 'active') ORDER BY id",
            guild_id,
        )
        return readable_matches(rows)

    async def get_match(self, match_id: int) -> Match | None:
        row = await self._one("fetchrow", "SELECT * FROM matches WHERE id = $1", match_id)
        return match_from_row(row) if row else None

    async def live_match(self, channel_id: int) -> Match | None:
        row = await self._one(
            "fetchrow",
            "SELECT * FROM matches WHERE channel_id = $1 AND status IN ('lobby', 'active')",
            channel_id,
        )
        return match_from_row(row) if row else None

    async def update_seats(
        self, match_id, old_seats, seats, status, now, effects=(), reminder=None, expected_version=None
    ) -> None:
        async def update(con: Con) -> None:
            done = await con.execute(
                "UPDATE matches SET seats = $1, updated_at = $2 WHERE id = $3 AND status = $4 AND seats = $5"
                " AND ($6::bigint IS NULL OR version = $6)",
                seats_json(seats),
                now,
                match_id,
                status,
                seats_json(old_seats),
                expected_version,
            )
            if _count(done) != 1:
                raise StaleVersion(f"match {match_id} changed meanwhile")
            if reminder is not None:
                await _put_reminder(con, reminder)
            await _add_effects(con, match_id, effects, now)

        await self._tx(update)

    async def active_matches(self) -> list[Match]:
        return readable_matches(
            await self._one("fetch", "SELECT * FROM matches WHERE status = 'active' ORDER BY id")
        )

    async def start_match(self, match_id, seats, state, reminder, now, effects=(), forced=()) -> None:
        text = json.dumps(state)

        async def start(con: Con) -> None:
            done = await con.execute(
                "UPDATE matches SET status = 'active', seats = $1, state = $2, version = $3, updated_at = $4"
                " WHERE id = $5 AND status = 'lobby'",
                seats_json(seats),
                text,
                len(forced),
                now,
                match_id,
            )
            if _count(done) != 1:
                raise StaleVersion(f"match {match_id} is no longer a lobby")
            await _insert_actions(con, match_id, list(forced))
            if reminder is not None:
                await _put_reminder(con, reminder)
            else:
                await con.execute("DELETE FROM reminders WHERE match_id = $1", match_id)
            await _add_effects(con, match_id, effects, now)

        await self._tx(start)

    async def save_move(self, move: Move, now: float) -> None:
        a = move.action
        state, events = json.dumps(move.state), dump_events(a.events)
        if not move.results and not move.forced:  # the common case: one statement
            r = move.reminder
            saved = await self._one(
                "fetchval",
                SAVE_MOVE,
                state,
                a.version,
                move.status,
                now,
                move.match_id,
                move.expected_version,
                a.seat,
                a.user_id,
                a.action,
                events,
                a.created_at,
                r.due_at if r is not None else None,
                r.sent if r is not None else 0,
                r.version if r is not None else 0,
                [e.kind for e in move.effects],
                [e.version for e in move.effects],
                [json.dumps(e.payload) for e in move.effects],
                write=True,
                settle=True,  # the service reads a lost move back
            )
            if saved != 1:
                raise StaleVersion(f"match {move.match_id} moved on from version {move.expected_version}")
            return

        async def save(con: Con) -> None:
            done = await con.execute(
                "UPDATE matches SET state = $1, version = $2, status = $3, updated_at = $4"
                " WHERE id = $5 AND version = $6 AND status = 'active'",
                state,
                (move.forced[-1] if move.forced else a).version,
                move.status,
                now,
                move.match_id,
                move.expected_version,
            )
            if _count(done) != 1:
                raise StaleVersion(f"match {move.match_id} moved on from version {move.expected_version}")
            await _insert_actions(con, move.match_id, [a, *move.forced])
            if move.reminder is not None:
                await _put_reminder(con, move.reminder)
            else:
                await con.execute("DELETE FROM reminders WHERE match_id = $1", move.match_id)
            await _insert_results(con, move.match_id, move.results, now)
            await _add_effects(con, move.match_id, move.effects, now)

        await self._tx(save, settle=True)  # the service reads a lost move back

    async def undo_move(self, match_id, expected_version, from_version, state, reminder, now, effects=()):
        data = json.dumps(state)

        async def undo(con: Con) -> None:
            done = await con.execute(
                "UPDATE matches SET state = $1, version = $2, updated_at = $3"
                " WHERE id = $4 AND version = $5 AND status = 'active'",
                data,
                expected_version + 1,
                now,
                match_id,
                expected_version,
            )
            if _count(done) != 1:
                raise StaleVersion(f"match {match_id} moved on from version {expected_version}")
            await con.execute(
                "DELETE FROM actions WHERE match_id = $1 AND version >= $2", match_id, from_version
            )
            if reminder is not None:
                await _put_reminder(con, reminder)
            else:
                await con.execute("DELETE FROM reminders WHERE match_id = $1", match_id)
            await _add_effects(con, match_id, effects, now)

        await self._tx(undo)

    async def end_match(
        self, match_id, status, results, now, effects=(), expected_version=None, from_status=None
    ) -> None:
        async def end(con: Con) -> None:
            sql = (
                "UPDATE matches SET status = $1, updated_at = $2"
                " WHERE id = $3 AND status IN ('lobby', 'active')"
            )
            params: tuple = (status, now, match_id)
            if expected_version is not None:
                params += (expected_version,)
                sql += f" AND version = ${len(params)}"
            if from_status is not None:
                params += (from_status,)
                sql += f" AND status = ${len(params)}"
            if _count(await con.execute(sql, *params)) != 1:
                raise StaleVersion(f"match {match_id} changed meanwhile")
            await con.execute("DELETE FROM reminders WHERE match_id = $1", match_id)
            await _insert_results(con, match_id, results, now)
            await _add_effects(con, match_id, effects, now)

        await self._tx(end)

    async def actions(self, match_id: int, limit: int = 20) -> list[ActionRow]:
        rows = await self._one(
            "fetch",
            "SELECT * FROM actions WHERE match_id = $1 ORDER BY version DESC LIMIT $2",
            match_id,
            limit,
        )
        return [action_from_row(r) for r in reversed(rows)]

    async def action_log(self, match_id: int) -> list[ActionRow]:
        rows = await self._one(
            "fetch", "SELECT * FROM actions WHERE match_id = $1 ORDER BY version", match_id
        )
        return [action_from_row(r) for r in rows]

    async def finished_matches(self, channel_id: int, limit: int = 10) -> list[FinishedMatch]:
        async def read(con: Con):
            matches = await con.fetch(
                "SELECT * FROM matches WHERE channel_id = $1 AND status = 'finished'"
                " ORDER BY updated_at DESC, id DESC LIMIT $2",
                channel_id,
                limit,
            )
            rows = await con.fetch(
                "SELECT * FROM results WHERE match_id = ANY($1::bigint[]) ORDER BY match_id, seat",
                [m["id"] for m in matches],
            )
            return matches, rows

        # One snapshot for both reads (REPEATABLE READ): results belong to the matches read.
        matches, rows = await self._tx(read, isolation="repeatable_read", readonly=True)
        results: dict[int, list] = {}
        for r in rows:
            results.setdefault(r["match_id"], []).append(r)
        return finished_from_rows(matches, results)

    # -- the outbox

    async def add_effects(self, match_id: int, effects: list[Effect]) -> None:
        await self._tx(lambda con: _add_effects(con, match_id, effects, time.time()))

    async def pending_effects(self, match_id: int) -> list[Effect]:
        rows = await self._one("fetch", "SELECT * FROM outbox WHERE match_id = $1 ORDER BY id", match_id)
        return [effect_from_row(r) for r in rows]

    async def finish_effects(
        self, match_id, ids, board_message_id=KEEP, lobby_message_id=KEEP, mention_message_id=KEEP
    ) -> None:
        ids = [int(i) for i in ids]

        async def finish(con: Con) -> None:
            await con.execute(
                "DELETE FROM outbox WHERE match_id = $1 AND id = ANY($2::bigint[])", match_id, ids
            )
            await _set_messages(con, match_id, board_message_id, lobby_message_id, mention_message_id)

        await self._tx(finish)

    async def set_messages(
        self, match_id, board_message_id=KEEP, lobby_message_id=KEEP, mention_message_id=KEEP
    ) -> None:
        await self._tx(
            lambda con: _set_messages(con, match_id, board_message_id, lobby_message_id, mention_message_id)
        )

    async def matches_with_effects(self) -> list[tuple[int, int | None]]:
        rows = await self._one(
            "fetch",
            "SELECT DISTINCT o.match_id, m.guild_id FROM outbox o JOIN matches m ON m.id = o.match_id"
            " ORDER BY o.match_id",
        )
        return [(r[0], r[1]) for r in rows]

    # -- reminders and settings

    async def due_reminders(self, now: float, shards: Shards = ALL_SHARDS) -> list[Reminder]:
        where, params = _shard_filter(shards, 2)
        rows = await self._one(
            "fetch",
            "SELECT r.* FROM reminders r JOIN matches m ON m.id = r.match_id"
            f" WHERE r.due_at <= $1{where} ORDER BY r.due_at, r.match_id",
            now,
            *params,
        )
        return [Reminder(r["match_id"], r["due_at"], r["sent"], r["version"]) for r in rows]

    async def next_reminder_at(self, shards: Shards = ALL_SHARDS) -> float | None:
        if shards.everything:
            return await self._one("fetchval", "SELECT MIN(due_at) FROM reminders")
        where, params = _shard_filter(shards, 1)
        return await self._one(
            "fetchval",
            f"SELECT MIN(r.due_at) FROM reminders r JOIN matches m ON m.id = r.match_id WHERE TRUE{where}",
            *params,
        )

    async def put_reminder(self, reminder: Reminder) -> None:
        await self._tx(lambda con: _put_reminder(con, reminder))

    async def delete_reminder(self, match_id: int) -> None:
        await self._tx(lambda con: con.execute("DELETE FROM reminders WHERE match_id = $1", match_id))

    async def replace_reminder(self, match_id, status, due_at) -> bool:
        async def replace(con: Con) -> bool:
            # FOR SHARE: a start or move of the match waits for this transaction, and one that
            # committed first is seen (the row is read again after the wait).
            version = await con.fetchval(
                "SELECT version FROM matches WHERE id = $1 AND status = $2 FOR SHARE", match_id, status
            )
            if version is None:
                return False
            if due_at is None:
                await con.execute("DELETE FROM reminders WHERE match_id = $1", match_id)
            else:
                await _put_reminder(con, Reminder(match_id, due_at, 0, version))
            return True

        return await self._tx(replace)

    async def fire_reminder(self, due, following, effects=(), *, seats=None, stalled=False) -> bool:
        async def fire(con: Con) -> bool:
            done = await con.execute(
                "DELETE FROM reminders WHERE match_id = $1 AND due_at = $2 AND sent = $3 AND version = $4",
                due.match_id,
                due.due_at,
                due.sent,
                due.version,
            )
            if _count(done) != 1:
                return False
            if seats is not None or stalled:
                old, new = (seats_json(s) for s in seats) if seats is not None else (None, None)
                done = await con.execute(
                    "UPDATE matches SET seats = COALESCE($1, seats),"
                    " stalled = CASE WHEN $2 THEN version ELSE stalled END"
                    " WHERE id = $3 AND status = 'active' AND version = $4 AND seats = COALESCE($5, seats)",
                    new,
                    stalled,
                    due.match_id,
                    due.version,
                    old,
                )
                if _count(done) != 1:
                    raise _Unchanged  # the reminder's delete is rolled back too
            if following is not None:
                await _put_reminder(con, following)
            await _add_effects(con, due.match_id, effects, time.time())
            return True

        try:
            return await self._tx(fire)
        except _Unchanged:
            return False

    async def channel_settings(self, channel_id: int) -> ChannelSettings | None:
        row = await self._one("fetchrow", "SELECT * FROM channel_settings WHERE channel_id = $1", channel_id)
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
        await self._tx(
            lambda con: con.execute(
                "INSERT INTO channel_settings"
                " (channel_id, reminder_delay, reminders_enabled, ai_takeover, threads, lobby_expiry,"
                " stall_after, language) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (channel_id)"
                " DO UPDATE SET"
                " reminder_delay = EXCLUDED.reminder_delay, reminders_enabled = EXCLUDED.reminders_enabled,"
                " ai_takeover = EXCLUDED.ai_takeover, threads = EXCLUDED.threads,"
                " lobby_expiry = EXCLUDED.lobby_expiry, stall_after = EXCLUDED.stall_after,"
                " language = EXCLUDED.language",
                channel_id,
                settings.reminder_delay,
                int(settings.reminders_enabled),
                int(settings.ai_takeover),
                int(settings.threads),
                settings.lobby_expiry,
                settings.stall_after,
                settings.language,
            )
        )

    async def dm_reminders(self, user_id: int) -> bool:
        value = await self._one(
            "fetchval", "SELECT dm_reminders FROM user_settings WHERE user_id = $1", user_id
        )
        return bool(value)

    async def put_dm_reminders(self, user_id: int, enabled: bool) -> None:
        await self._tx(
            lambda con: con.execute(
                "INSERT INTO user_settings (user_id, dm_reminders) VALUES ($1, $2)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_reminders = EXCLUDED.dm_reminders",
                user_id,
                int(enabled),
            )
        )

    async def turn_pings(self, user_ids: list[int]) -> dict[int, str]:
        ids = list(user_ids)
        rows = await self._one(
            "fetch", "SELECT user_id, turn_ping FROM user_settings WHERE user_id = ANY($1::bigint[])", ids
        )
        found = {r["user_id"]: r["turn_ping"] for r in rows}
        return {u: found.get(u, "channel") for u in ids}

    async def put_turn_ping(self, user_id: int, mode: str) -> None:
        await self._tx(
            lambda con: con.execute(
                "INSERT INTO user_settings (user_id, turn_ping) VALUES ($1, $2)"
                " ON CONFLICT (user_id) DO UPDATE SET turn_ping = EXCLUDED.turn_ping",
                user_id,
                mode,
            )
        )

    async def user_locale(self, user_id: int) -> str | None:
        return await self._one("fetchval", "SELECT locale FROM user_settings WHERE user_id = $1", user_id)

    async def put_user_locale(self, user_id: int, locale: str) -> None:
        await self._tx(
            lambda con: con.execute(
                "INSERT INTO user_settings (user_id, locale) VALUES ($1, $2)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = EXCLUDED.locale",
                user_id,
                locale,
            )
        )

    async def guild_locale(self, guild_id: int) -> str | None:
        return await self._one("fetchval", "SELECT locale FROM guild_settings WHERE guild_id = $1", guild_id)

    async def put_guild_locale(self, guild_id: int, locale: str) -> None:
        await self._tx(
            lambda con: con.execute(
                "INSERT INTO guild_settings (guild_id, locale) VALUES ($1, $2)"
                " ON CONFLICT (guild_id) DO UPDATE SET locale = EXCLUDED.locale",
                guild_id,
                locale,
            )
        )

    # -- results and ratings

    async def stats(self, guild_id: int | None, user_id: int) -> list[StatLine]:
        rows = await self._one(
            "fetch",
            "SELECT game, COUNT(*) AS played, SUM(won) AS won FROM results"
            " WHERE guild_id IS NOT DISTINCT FROM $1 AND user_id = $2 GROUP BY game ORDER BY game",
            guild_id,
            user_id,
        )
        return [StatLine(r["game"], r["played"], r["won"] or 0) for r in rows]

    async def ratings(self, guild_id: int, user_id: int) -> list[Rating]:
        rows = await self._one(
            "fetch",
            "SELECT * FROM ratings WHERE guild_id = $1 AND user_id = $2 ORDER BY game",
            guild_id,
            user_id,
        )
        return [rating_from_row(r) for r in rows]

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        rows = await self._one(
            "fetch",
            "SELECT * FROM ratings WHERE guild_id = $1 AND game = $2"
            f" ORDER BY mu - {rating_model.Z} * sigma DESC, played DESC, user_id LIMIT $3",
            guild_id,
            game,
            limit,
        )
        return [rating_from_row(r) for r in rows]

    # -- for tests: run raw SQL (``?`` placeholders, as on SQLite) in a transaction of its own

    async def execute_raw(self, sql: str, params: tuple = ()) -> None:
        await self._tx(lambda con: con.execute(_numbered(sql), *params))

    async def fetch_raw(self, sql: str, params: tuple = ()) -> list[Any]:
        return list(await self._one("fetch", _numbered(sql), *params))


def _numbered(sql: str) -> str:
    """``?`` placeholders as ``$1, $2, ...`` (raw test SQL is written once for both backends)."""
    parts = sql.split("?")
    out = parts[0]
    for i, part in enumerate(parts[1:], start=1):
        out += f"${i}{part}"
    return out

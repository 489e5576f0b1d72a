"""``python -m bot copy-db``: move a server that started on SQLite to PostgreSQL.

Every table of the SQLite database (matches, actions, reminders, settings, results, the outbox,
and whatever later migrations add) is copied into an empty, migrated PostgreSQL database in one
transaction: read from one SQLite snapshot, written with COPY, the row counts compared table by
table before the commit, and the identity sequences moved past the copied ids so that new
matches and effects get new ids. A target that holds any row is refused: nothing is merged.
Stop the bot before copying; start it with DATABASE_URL afterwards.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from bot.store_postgres import PostgresStore
from bot.store_sqlite import SqliteStore

log = logging.getLogger(__name__)

CHUNK = 2000
SKIP = {"schema_migrations"}


class CopyError(Exception):
    """The copy was refused or failed; nothing was written. The message says why."""


@dataclass
class Table:
    name: str
    columns: list[str]
    rows: int
    parents: set[str]


async def _source_tables(fetch) -> list[Table]:
    names = [
        r[0]
        for r in await fetch(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    tables = []
    for name in names:
        if name in SKIP:
            continue
        columns = [r[1] for r in await fetch(f'PRAGMA table_info("{name}")')]
        parents = {r[2] for r in await fetch(f'PRAGMA foreign_key_list("{name}")')} - {name}
        ((rows,),) = await fetch(f'SELECT COUNT(*) FROM "{name}"')
        tables.append(Table(name, columns, rows, parents))
    return _parents_first(tables)


def _parents_first(tables: list[Table]) -> list[Table]:
    done: list[Table] = []
    left = list(tables)
    while left:
        copied = {d.name for d in done}
        ready = [t for t in left if t.parents <= copied] or left[:1]  # a cycle: take one as it is
        for t in ready:
            done.append(t)
            left.remove(t)
    return done


def _convert(kind: str):
    """A function making a SQLite value fit a PostgreSQL column of type ``kind``."""
    if kind in ("double precision", "real", "numeric"):
        return lambda v: None if v is None else float(v)
    if kind in ("bigint", "integer", "smallint"):
        return lambda v: None if v is None else int(v)
    if kind == "boolean":
        return lambda v: None if v is None else bool(v)
    if kind in ("text", "character varying", "jsonb", "json"):
        return lambda v: None if v is None else (v.decode() if isinstance(v, bytes) else str(v))
    return lambda v: v


async def copy_database(source_path: str | Path, target_url: str) -> dict[str, int]:
    """Copy the SQLite database at ``source_path`` into the empty PostgreSQL database at
    ``target_url``; return the rows copied per table. ``CopyError`` when refused."""
    if not Path(source_path).is_file():
        raise CopyError(f"there is no SQLite database at {source_path}")
    source = SqliteStore(source_path)
    await source.open()  # applies SQLite's pending migrations: both sides at the latest schema
    try:
        target = PostgresStore(target_url, max_size=2)
        await target.open()
        try:
            return await _copy(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: SqliteStore, target: PostgresStore) -> dict[str, int]:
    # One read transaction: every table comes from the same snapshot of the file.
    async with source.snapshot() as fetch:
        tables = await _source_tables(fetch)
        async with target._p().acquire() as con, con.transaction():
            kinds: dict[str, dict[str, str]] = {}
            for row in await con.fetch(
                "SELECT table_name, column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = current_schema()"
            ):
                kinds.setdefault(row["table_name"], {})[row["column_name"]] = row["data_type"]
            for t in tables:
                if t.name not in kinds:
                    raise CopyError(f"table {t.name} has no counterpart in PostgreSQL (a migration missing?)")
                missing = set(t.columns) - set(kinds[t.name])
                if missing:
                    raise CopyError(f"table {t.name} lacks columns {sorted(missing)} in PostgreSQL")
            busy = [t.name for t in tables if await con.fetchval(f'SELECT EXISTS (SELECT 1 FROM "{t.name}")')]
            if busy:
                raise CopyError(
                    "the target database is not empty (rows in " + ", ".join(busy) + "); "
                    "copy-db only copies into a new, empty database"
                )
            # Nothing may write into these tables while the copy runs.
            names = ", ".join(f'"{t.name}"' for t in tables)
            await con.execute(f"LOCK TABLE {names} IN EXCLUSIVE MODE")
            copied = {}
            for t in tables:
                convert = [_convert(kinds[t.name][c]) for c in t.columns]
                last = 0
                while True:
                    cols = ", ".join(f'"{c}"' for c in t.columns)
                    sql = f'SELECT rowid, {cols} FROM "{t.name}" WHERE rowid > ? ORDER BY rowid LIMIT ?'
                    chunk = await fetch(sql, (last, CHUNK))
                    if not chunk:
                        break
                    last = chunk[-1][0]
                    records = [tuple(f(v) for f, v in zip(convert, row[1:], strict=True)) for row in chunk]
                    await con.copy_records_to_table(t.name, records=records, columns=t.columns)
                count = await con.fetchval(f'SELECT COUNT(*) FROM "{t.name}"')
                if count != t.rows:
                    raise CopyError(f"table {t.name}: {t.rows} rows in SQLite but {count} copied")
                copied[t.name] = count
            # New rows get ids after the copied ones.
            for row in await con.fetch(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND (is_identity = 'YES' OR column_default LIKE 'nextval%')"
            ):
                table, column = row["table_name"], row["column_name"]
                if table not in copied:
                    continue
                await con.execute(
                    f"SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'),"
                    f' GREATEST(COALESCE(MAX("{column}"), 0), 1), MAX("{column}") IS NOT NULL) FROM "{table}"'
                )
            return copied

"""Which store a setting opens: the backends depend on ``bot.store``'s interface, this module on them
(so neither imports the other back)."""

from __future__ import annotations

from bot.store import Store, is_postgres_url
from bot.store_sqlite import SqliteStore


def open_store(url_or_path: str, **options) -> Store:
    """The store for a setting, not opened yet: PostgreSQL for a ``postgresql://`` URL, else the
    SQLite file at that path (the embedded default)."""
    if is_postgres_url(url_or_path):
        from bot.store_postgres import PostgresStore  # asyncpg is loaded only for PostgreSQL

        return PostgresStore(str(url_or_path), **options)
    return SqliteStore(url_or_path)


def __getattr__(name: str):
    if name == "PostgresStore":  # imported when asked for: asyncpg is loaded only for PostgreSQL
        from bot.store_postgres import PostgresStore

        return PostgresStore
    raise AttributeError(name)


__all__ = ["SqliteStore", "open_store"]

"""Settings read from the environment (and a ``.env`` file beside the project)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

from bot.redaction import url_start
from bot.store import Shards, Timeouts, is_postgres_url

DEFAULT_DATABASE = "data/koi-table.sqlite3"


class ConfigError(Exception):
    """A setting is missing or malformed; the message tells the operator what to do."""


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    database_path: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # PostgreSQL (postgresql://user:password@host/db): several processes share it. Unset: SQLite.
    database_url: str | None = None
    # Sharding: this process runs the shards shard_ids of shard_count (unset: every shard, with
    # Discord's recommended count).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # Seconds the public board waits after a step within a turn before it is re-drawn: the steps
    # of a compound turn then cost one upload when the turn passes, not one each.
    board_step_delay: float = 20.0
    # Seconds between two looks of the writer at the outbox for effects nobody here was told
    # about (0: never; the tests whose simulated clock runs longer than this turn it off).
    outbox_sweep: float = 60.0
    # PostgreSQL time limits (seconds, 0: none): a lock held elsewhere or a lost server answers
    # "the database is busy, try again" instead of stalling every match of the process.
    database_timeouts: Timeouts = field(default_factory=Timeouts)
    # Seconds before a lobby nobody starts closes itself (0: never); /settings may change it per channel.
    lobby_expiry: int = 24 * 3600

    @property
    def database(self) -> str:
        """What ``bot.stores.open_store`` opens: the URL if set, else the SQLite path."""
        return self.database_url or self.database_path

    @property
    def store_options(self) -> dict:
        """What ``bot.stores.open_store`` takes besides the database (PostgreSQL's time limits)."""
        return {"timeouts": self.database_timeouts}

    @property
    def shards(self) -> Shards:
        """The guilds this process serves (reminders, AI seats, pending posts)."""
        if self.shard_count is None:
            return Shards()
        return Shards(self.shard_count, self.shard_ids)

    @classmethod
    def from_env(cls, env_file: str | os.PathLike | None = ".env") -> Settings:
        if env_file is not None and Path(env_file).exists():
            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}.")
        url = os.environ.get("DATABASE_URL", "").strip() or None
        if url is not None and not is_postgres_url(url):
            raise ConfigError(
                "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/db); "
                f"it begins with {url_start(url)!r}. "
                "Leave it empty to use the SQLite file at DATABASE_PATH."
            )
        count, ids = _shards(os.environ.get("SHARD_COUNT", ""), os.environ.get("SHARD_IDS", ""))
        delay = os.environ.get("BOARD_STEP_DELAY", "").strip()
        try:
            step_delay = float(delay) if delay else 20.0
            if not 0 <= step_delay <= 3600:
                raise ValueError(delay)
        except ValueError:
            raise ConfigError(
                f"BOARD_STEP_DELAY must be a number of seconds from 0 to 3600, not {delay!r}."
            ) from None
        expiry = os.environ.get("LOBBY_EXPIRY", "").strip()
        try:
            lobby_expiry = parse_duration(expiry) if expiry else 24 * 3600
        except ValueError:
            raise ConfigError(
                f"LOBBY_EXPIRY must be a duration like 24h, 90m or 2d (or seconds; 0: never), not {expiry!r}."
            ) from None
        return cls(
            lobby_expiry=lobby_expiry,
            board_step_delay=step_delay,
            database_timeouts=_timeouts(),
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            database_url=url,
            shard_count=count,
            shard_ids=ids,
        )


def parse_duration(text: str) -> int:
    """'90m', '12h', '2d', '1h30m' or plain seconds -> seconds; ValueError if malformed."""
    import re

    text = text.strip().lower().replace(" ", "")
    if text.isdigit():
        return int(text)
    parts = re.findall(r"(\d+(?:\.\d+)?)([smhd])", text)
    if not parts or "".join(n + u for n, u in parts) != text:
        raise ValueError(text)
    return int(sum(float(n) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[u] for n, u in parts))


def _shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    count_text, ids_text = count_text.strip(), ids_text.strip()
    count = None
    if count_text:
        if not count_text.isdigit() or int(count_text) < 1:
            raise ConfigError(f"SHARD_COUNT must be a positive number, not {count_text!r}.")
        count = int(count_text)
    if not ids_text:
        return count, None
    if count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT: the shards of how many?")
    parts = [p.strip() for p in ids_text.split(",") if p.strip()]
    if not parts or not all(p.isdigit() for p in parts):
        raise ConfigError(
            f"SHARD_IDS must be shard numbers separated by commas (e.g. 0,1), not {ids_text!r}."
        )
    ids = tuple(int(p) for p in parts)
    if len(set(ids)) != len(ids) or any(i >= count for i in ids):
        raise ConfigError(f"SHARD_IDS must be different numbers from 0 to {count - 1}, not {ids_text!r}.")
    return count, ids


# Environment variable, Timeouts field, the limit's meaning (for the error message).
TIMEOUT_SETTINGS = (
    ("DATABASE_ACQUIRE_TIMEOUT", "acquire", "waiting for a free connection of the pool"),
    ("DATABASE_COMMAND_TIMEOUT", "command", "the client's limit on one database call"),
    ("DATABASE_STATEMENT_TIMEOUT", "statement", "the server's statement_timeout"),
    ("DATABASE_LOCK_TIMEOUT", "lock", "the server's lock_timeout"),
    ("DATABASE_IDLE_TIMEOUT", "idle_in_transaction", "idle_in_transaction_session_timeout"),
)


def _timeouts() -> Timeouts:
    values = {}
    for name, key, meaning in TIMEOUT_SETTINGS:
        text = os.environ.get(name, "").strip()
        if not text:
            continue
        try:
            value = float(text)
            if not 0 <= value <= 3600:
                raise ValueError(text)
        except ValueError:
            raise ConfigError(
                f"{name} ({meaning}) must be a number of seconds from 0 (no limit) to 3600, not {text!r}."
            ) from None
        values[key] = value
    return Timeouts(**values)

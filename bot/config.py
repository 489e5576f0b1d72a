"""Settings read from the environment (and a ``.env`` file beside the project)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE = "data/koi-table.sqlite3"


class ConfigError(Exception):
    """A setting is missing or malformed; the message tells the operator what to do."""


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    database_path: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, env_file: str | os.PathLike | None = ".env") -> Settings:
        if env_file is not None and Path(env_file).exists():
            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}.")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
        )

"""``python -m bot`` runs the bot; ``python -m bot demo GAME`` plays an AI game offline."""

from __future__ import annotations

import logging
import sys

from bot.config import ConfigError, Settings

NO_TOKEN = """\
No Discord token found.

Copy .env.example to .env and set DISCORD_TOKEN to your bot's token
(Discord Developer Portal -> your application -> Bot -> Reset Token).
See README.md, "Create the bot application".
"""


def check_database(path: str) -> str | None:
    """Before logging in: the database can be created, migrated and written. Else what is wrong."""
    import asyncio
    import sqlite3

    from bot.store import SqliteStore

    async def check() -> None:
        store = SqliteStore(path)
        try:
            await store.open()  # creates the folder and the file, applies the migrations
            await store.check_writable()
        finally:
            await store.close()

    try:
        asyncio.run(check())
    except (OSError, sqlite3.Error) as exc:
        return (
            f"The database at DATABASE_PATH={path} cannot be used: {exc}.\n"
            "Set DATABASE_PATH in .env to a file in a folder this user can create and write."
        )
    return None


def main(argv: list[str]) -> int:
    if argv[:1] == ["demo"]:
        from bot.demo import main as demo

        return demo(argv[1:])
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr, end="")
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    problem = check_database(settings.database_path)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    from bot.core import create_bot

    bot = create_bot(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

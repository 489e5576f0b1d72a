"""``python -m bot`` runs the bot; ``python -m bot demo GAME`` plays an AI game offline;
``python -m bot copy-db --from PATH --to URL`` moves a SQLite database to PostgreSQL;
``python -m bot --help`` lists them."""

from __future__ import annotations

import argparse
import logging
import sys

from bot.config import ConfigError, Settings

NO_TOKEN = """\
No Discord token found.

Copy .env.example to .env and set DISCORD_TOKEN to your bot's token
(Discord Developer Portal -> your application -> Bot -> Reset Token).
See README.md, "Create the bot application".
"""


def check_database(url_or_path: str) -> str | None:
    """Before logging in: the database can be reached (created), migrated and written. Else what is wrong."""
    import asyncio
    import sqlite3

    from bot.store import NewerDatabase, is_postgres_url, redact
    from bot.stores import open_store

    async def check() -> None:
        store = open_store(url_or_path)
        try:
            await store.open()  # SQLite: creates the folder and the file; both: applies the migrations
            await store.check_writable()
        finally:
            await store.close()

    if is_postgres_url(url_or_path):
        import asyncpg

        from bot.redaction import redact_message

        try:
            asyncio.run(check())
        except NewerDatabase as exc:
            return f"The database at DATABASE_URL={redact(url_or_path)} cannot be used: {exc}. Nothing was changed."
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            return redact_message(
                f"The database at DATABASE_URL={redact(url_or_path)} cannot be used: "
                f"{type(exc).__name__}: {exc}.\n"
                "Check that PostgreSQL runs and accepts this user and password, that the database "
                "exists and that this user may create tables in it (or leave DATABASE_URL empty to "
                "use SQLite at DATABASE_PATH).",
                url_or_path,
            )
        return None
    try:
        asyncio.run(check())
    except NewerDatabase as exc:
        return f"The database at DATABASE_PATH={url_or_path} cannot be used: {exc}. Nothing was changed."
    except (OSError, sqlite3.Error) as exc:
        return (
            f"The database at DATABASE_PATH={url_or_path} cannot be used: {exc}.\n"
            "Set DATABASE_PATH in .env to a file in a folder this user can create and write."
        )
    return None


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m bot",
        usage="python -m bot [-h] [COMMAND ...]",
        description="Koi Table, a Discord bot for Iki, Iwari, Ike No Koi and Kigi. Without a command it "
        "runs the bot: the token and the other settings come from .env (see README.md).",
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    # The demo's own parser (bot/demo.py) reads its options: `python -m bot demo --help`.
    commands.add_parser(
        "demo",
        add_help=False,
        help="play a whole game between AI players offline and save its pictures (python -m bot demo --help)",
    )
    copy = commands.add_parser(
        "copy-db",
        prog="python -m bot copy-db",  # else argparse puts the top's whole usage line before it
        help="copy the SQLite database into a new, empty PostgreSQL database (stop the bot first)",
        description="Copy the SQLite database into a new, empty PostgreSQL database (stop the bot first).",
    )
    copy.add_argument("--from", dest="source", required=True, help="the SQLite file (DATABASE_PATH)")
    copy.add_argument("--to", dest="target", required=True, help="postgresql://user:password@host/db")
    return top


def copy_db(args: argparse.Namespace) -> int:
    import asyncio

    from bot.store import is_postgres_url, redact
    from bot.store_copy import CopyError, copy_database

    if not is_postgres_url(args.target):
        from bot.redaction import url_start

        print(
            f"--to must be a PostgreSQL URL (postgresql://user:password@host/db); "
            f"it begins with {url_start(args.target)!r}.",
            file=sys.stderr,
        )
        return 2
    import asyncpg

    from bot.store import NewerDatabase

    try:
        copied = asyncio.run(copy_database(args.source, args.target))
    except (CopyError, NewerDatabase) as exc:
        print(f"Nothing was copied: {exc}.", file=sys.stderr)
        return 2
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        from bot.redaction import redact_message

        print(
            redact_message(f"Nothing was copied: {type(exc).__name__}: {exc}.", args.target), file=sys.stderr
        )
        return 2
    for table, rows in copied.items():
        print(f"{table:<20} {rows:>9} rows")
    print(f"Copied and verified {sum(copied.values())} rows into {redact(args.target)}.")
    print("Set DATABASE_URL to it in .env and start the bot.")
    return 0


def main(argv: list[str]) -> int:
    args, rest = parser().parse_known_args(argv)  # --help prints the usage and exits 0
    if args.command == "demo":
        from bot.demo import main as demo

        return demo(rest)
    if rest:
        parser().error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "copy-db":
        return copy_db(args)
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        from bot.redaction import redact_text

        print(f"Configuration error: {redact_text(str(exc))}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr, end="")
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.redaction import install

    for handler in logging.getLogger().handlers:
        install(handler)  # no password or token in any log line, at any level
    problem = check_database(settings.database)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    from bot.core import create_bot

    bot = create_bot(settings)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

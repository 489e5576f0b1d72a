"""``python -m bot copy-db``: a server that started on SQLite moves to PostgreSQL and plays on.

A SQLite database with a finished match, an active one (with its reminder and pending posts), a
cancelled lobby and settings is copied; every row of every table arrives as it was; the bot
restarts on the copy and the active match is played to its end through SimCord.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys

import asyncpg

from bot.config import Settings
from bot.core import create_bot
from bot.store_postgres import PostgresStore
from tests.discord.helpers import (
    finish_through_the_service,
    make_world,
    open_lobby,
    play_one_action,
    play_to_the_end,
    start_match,
    text,
)


async def copy_db(source: str, target: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "copy-db",
        "--from",
        source,
        "--to",
        target,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    return proc.returncode, out.decode(), err.decode()


def sqlite_rows(path: str) -> dict[str, list[tuple]]:
    db = sqlite3.connect(path)
    names = [
        r[0]
        for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    out = {}
    for name in names:
        if name == "schema_migrations":
            continue
        columns = [r[1] for r in db.execute(f'PRAGMA table_info("{name}")')]
        cols = ", ".join(f'"{c}"' for c in columns)
        out[name] = (columns, sorted(db.execute(f'SELECT {cols} FROM "{name}"').fetchall(), key=repr))
    return out


async def postgres_rows(url: str, tables: dict) -> dict[str, list[tuple]]:
    con = await asyncpg.connect(url)
    try:
        out = {}
        for name, (columns, _) in tables.items():
            cols = ", ".join(f'"{c}"' for c in columns)
            rows = [tuple(r) for r in await con.fetch(f'SELECT {cols} FROM "{name}"')]
            out[name] = (columns, sorted(rows, key=repr))
        return out
    finally:
        await con.close()


async def test_copy_db_moves_every_row_and_the_game_goes_on_on_postgresql(simcord_env, db_path, pg_clean):
    env = simcord_env
    world = await make_world(env, 2)
    rng = random.Random(11)
    # On SQLite: a finished match, a cancelled lobby, and an active match with some moves.
    done_id = await start_match(world, "ikenokoi", 2)
    await finish_through_the_service(world.bot.service, done_id, rng)
    await world.bot.table.writer.idle()
    lobby = await open_lobby(world, world.players[0], "kigi")
    await world.players[0].click(lobby, label="Cancel")
    await world.bot.service.set_reminders(world.channel.id, 3600, True, takeover=True)
    await world.bot.store.put_dm_reminders(world.players[1].id, True)
    active_id = await start_match(world, "ikenokoi", 2)
    for _ in range(4):
        assert await play_one_action(world, rng)
    await world.bot.table.writer.idle()
    world.bot.service.on_effects = lambda match_id: None  # one post left pending in the outbox
    await world.bot.service.request_board(world.channel.id)
    before = sqlite_rows(db_path)
    assert before["outbox"][1] and before["reminders"][1] and before["results"][1]
    assert {len(rows) for _, rows in before.values()} != {0}

    code, out, err = await copy_db(db_path, pg_clean)
    assert code == 0, err
    assert "verified" in out and "matches" in out
    after = await postgres_rows(pg_clean, before)
    for name in before:
        assert after[name] == before[name], f"table {name} differs after the copy"

    code, _, err = await copy_db(db_path, pg_clean)
    assert code == 2 and "not empty" in err and "Traceback" not in err

    # The bot restarts on PostgreSQL: the pending board is delivered, the match goes on to its end.
    fresh = create_bot(Settings(token=None, database_url=pg_clean))
    await env.restart_bot(fresh)
    world.bot = fresh
    try:
        assert isinstance(fresh.store, PostgresStore)
        await fresh.table.writer.idle()
        assert await fresh.store.pending_effects(active_id) == []
        await play_to_the_end(world, rng)
        assert (await fresh.store.get_match(active_id)).status == "finished"
        played = [await fresh.store.stats(world.guild.id, p.id) for p in world.players]
        assert [s[0].played for s in played] == [2, 2], "the copied result and the new one"
        # New rows get new ids after the copied ones.
        lobby = await open_lobby(world, world.players[0], "iki")
        newest = await fresh.store.live_match(world.channel.id)
        assert newest.id > active_id and f"#{newest.id}" in text(lobby)
    finally:
        await fresh.reminders.stop()
        await fresh.store.close()


async def test_copy_db_refuses_a_missing_source_and_a_url_that_is_not_postgresql(tmp_path, pg_clean):
    code, _, err = await copy_db(str(tmp_path / "none.sqlite3"), pg_clean)
    assert code == 2 and "no SQLite database" in err
    assert not (tmp_path / "none.sqlite3").exists(), "nothing was created"
    code, _, err = await copy_db(str(tmp_path / "none.sqlite3"), str(tmp_path / "x.sqlite3"))
    assert code == 2 and "PostgreSQL URL" in err

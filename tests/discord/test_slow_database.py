"""A move saved while another process holds SQLite's write lock for 5 s: the click is
acknowledged within Discord's 3 s, and answered with the committed result once it is in."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tests.discord.helpers import make_first_choice
from tests.discord.test_outbox import first_move

HOLD = 5.0
pytestmark = pytest.mark.simcord(settle_timeout=15, shard_count=1)  # below the board's step timer


async def test_a_click_during_a_5_second_write_lock_is_deferred_then_answered(
    simcord_env, db_path, monkeypatch
):
    import discord

    from tests.discord.helpers import make_world, start_match

    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    member, panel = await first_move(world, None)
    before = (await world.bot.store.get_match(match_id)).version
    order: list[str] = []
    save_move, defer = world.bot.store.save_move, discord.InteractionResponse.defer

    async def saved(*args, **kwargs):
        await save_move(*args, **kwargs)
        order.append("saved")

    async def deferred(self, *args, **kwargs):
        order.append("acknowledged")
        return await defer(self, *args, **kwargs)

    world.bot.store.save_move = saved
    monkeypatch.setattr(discord.InteractionResponse, "defer", deferred)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sqlite3, sys, time
                db = sqlite3.connect({db_path!r}, isolation_level=None)
                db.execute("BEGIN IMMEDIATE")
                print("locked", flush=True)
                time.sleep({HOLD})
                db.execute("COMMIT")
                """
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        clicked = await make_first_choice(member, panel)
    finally:
        holder.wait(30)
    assert clicked.acknowledged
    assert clicked.deferred and order[:2] == ["acknowledged", "saved"], (
        f"acknowledged while the move waited for the lock, not after: {order}"
    )
    after = await world.bot.store.get_match(match_id)
    assert after.version > before, "the move is in, after the lock was let go"

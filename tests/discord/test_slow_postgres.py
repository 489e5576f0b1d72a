"""On PostgreSQL, an Undo behind a row lock held by another session is acknowledged within
Discord's 3 s, and answered once the lock is let go; /match mine and /<game> new under a table lock,
and a click whose connection is terminated, are answered "busy, try again"."""

from __future__ import annotations

import pytest

from bot.store import Timeouts
from tests.discord.helpers import make_world, text
from tests.discord.test_slow_database import a_step_to_undo, under_write_lock

HOLD = 4.0  # seconds the row stays locked when nothing acknowledges the click


@pytest.fixture
def bot_database(pg_clean):
    return pg_clean


@pytest.fixture
def bot_settings() -> dict:
    # The lock is waited for as long as it is held (the server's limit is not what is tested here).
    return {"board_step_delay": 0.0, "database_timeouts": Timeouts(lock=10)}


async def test_undo_behind_a_row_lock_is_acknowledged_then_taken_back(simcord_env, pg_clean, monkeypatch):
    world = await make_world(simcord_env, 2)
    match_id, stepped, player, panel, undo = await a_step_to_undo(world)
    lock = f"SELECT id FROM matches WHERE id = {match_id} FOR UPDATE"  # the row only: reads go on
    clicked = await under_write_lock(
        world, pg_clean, monkeypatch, lambda: player.click(panel, custom_id=undo), sql=lock, hold=HOLD
    )
    assert clicked.acknowledged
    assert "Taken back" in text(panel), "the panel shows the choice again, once saved"
    assert (await world.bot.store.get_match(match_id)).version == stepped + 1

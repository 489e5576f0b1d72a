"""A finished match's replay is drawn once: kept on disk by match and version, served after a
restart without drawing, and one person has one replay on the way at most."""

from __future__ import annotations

import pytest

from tests.discord.helpers import make_world, start_match
from tests.discord.test_replay import answer, final_message

pytestmark = pytest.mark.simcord(settle_timeout=30, shard_count=1)  # below the outbox sweep


@pytest.fixture
def bot_settings() -> dict:
    return {"board_step_delay": 0}  # no step timer within the settle timeout (tests/conftest.py)


async def test_a_replay_is_drawn_once_and_kept_on_disk(simcord_env, monkeypatch):
    import cogs.replays

    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    await world.players[1].slash(world.channel, "match resign")
    await world.bot.table.writer.idle()
    first = await world.players[0].click(final_message(world), label="Replay")
    (drawn,) = answer(first).attachments
    replays = world.bot.table.replays
    match = await world.bot.store.get_match(match_id)
    assert replays.cache.get(match.id, match.version) is not None, "kept on disk"
    replays.forget()  # as after a restart: nothing in memory

    def never(*args, **kwargs):
        raise AssertionError("drawn again")

    monkeypatch.setattr(cogs.replays, "make_replay", never)
    again = await world.players[1].click(final_message(world), label="Replay")
    (served,) = answer(again).attachments
    assert served.filename == drawn.filename and served.size == drawn.size

"""A finished match's replay is drawn once: kept on disk by match and what it is drawn from, served
after a restart without drawing (nor reading the log), never for another database's match of the
same number."""

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
    key = replays.key(match)
    assert replays.cache.get(match.id, key) is not None, "kept on disk"
    replays.forget()  # as after a restart: nothing in memory

    def never(*args, **kwargs):
        raise AssertionError("drawn again")

    monkeypatch.setattr(cogs.replays, "make_replay", never)

    async def no_log(match_id):
        raise AssertionError("the whole log read for a replay kept on disk")

    monkeypatch.setattr(world.bot.store, "action_log", no_log)
    again = await world.players[1].click(final_message(world), label="Replay")
    (served,) = answer(again).attachments
    assert served.filename == drawn.filename and served.size == drawn.size


async def test_a_database_reset_never_serves_the_old_match_ones_replay(simcord_env, monkeypatch):
    """Issue 34: the disk kept match #1's replay by id and version; after a database reset the new
    match #1 (other players) ended at the same version and Replay served the old one."""
    import cogs.replays

    world = await make_world(simcord_env, 4)
    seeds = iter([11, 12])
    world.bot.service.seed_source = lambda: next(seeds)
    await start_match(world, "ikenokoi", 2)
    await world.players[1].slash(world.channel, "match resign")
    await world.bot.table.writer.idle()
    await world.players[0].click(final_message(world), label="Replay")
    old = await world.bot.store.get_match(1)
    # The database is reset (the replays folder beside it stays): match numbers start again at 1.
    store = world.bot.store
    for table in ("results", "ratings", "actions", "outbox", "reminders", "matches", "sqlite_sequence"):
        await store.execute_raw(f"DELETE FROM {table}", ())
    world.bot.service._states.clear()
    world.bot.table.replays.forget()  # as after the restart that follows a reset
    world.players = world.players[2:]  # other players
    await start_match(world, "ikenokoi", 2)
    await world.players[1].slash(world.channel, "match resign")
    await world.bot.table.writer.idle()
    new = await world.bot.store.get_match(1)
    assert (new.id, new.version) == (old.id, old.version) and new.seed != old.seed, (
        "the same number and version"
    )
    drawn = []
    real = cogs.replays.make_replay

    def drawing(*args, **kwargs):
        drawn.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(cogs.replays, "make_replay", drawing)
    await world.players[0].click(final_message(world), label="Replay")
    assert len(drawn) == 1, "the new match's replay is drawn, not the old one served"

"""AI players in Discord: seats filled from the lobby, and absent players taken over after reminders."""

from __future__ import annotations

import random

import pytest

from tests.discord.helpers import board_message, custom_ids, make_world, open_lobby, play_one_action, text


async def test_one_human_against_two_ai_players(simcord_env):
    world = await make_world(simcord_env, 1)
    world.bot.table.ai.budget = 0.05
    human = world.players[0]
    lobby = await open_lobby(world, human, "ikenokoi")
    await human.select(lobby, ["quick"], custom_id=next(c for c in custom_ids(lobby) if c.startswith("la:")))
    await human.select(lobby, ["strong"], custom_id=next(c for c in custom_ids(lobby) if c.startswith("la:")))
    match = await world.bot.store.live_match(world.channel.id)
    assert [s.ai for s in match.seats] == [None, "quick", "strong"]
    await human.click(lobby, label="Start")
    rng = random.Random(2)
    for _ in range(500):
        match = await world.bot.store.live_match(world.channel.id)
        if match is None:
            break
        # Whenever the bot is idle, the AI seats have played: it is the human's turn.
        assert world.bot.service.state_of(match).to_act() == [match.seat_of(human.id)]
        assert await play_one_action(world, rng) or True
    else:
        pytest.fail("the game did not end")
    final = world.channel.last_message
    assert "is over" in text(final)
    assert "AI 1 (quick)" in text(final), "the result names the AI players"


async def test_only_the_host_adds_ai_and_not_past_the_maximum(simcord_env):
    world = await make_world(simcord_env, 2)
    host, guest = world.players
    lobby = await open_lobby(world, host, "kigi")
    select_id = next(c for c in custom_ids(lobby) if c.startswith("la:"))
    refused = await guest.select(lobby, ["quick"], custom_id=select_id)
    assert refused.ephemeral and "Only the host" in refused.response.content
    for _ in range(4):
        await host.select(lobby, ["quick"], custom_id=select_id)
    full = await host.select(lobby, ["quick"], custom_id=select_id)
    assert "full" in full.response.content
    await host.select(lobby, ["remove"], custom_id=select_id)
    match = await world.bot.store.live_match(world.channel.id)
    assert len(match.seats) == 4


async def test_ai_takes_over_an_absent_player_after_the_last_reminder(simcord_env):
    world = await make_world(simcord_env, 2)
    world.bot.table.ai.budget = 0.05
    await world.bot.service.set_reminders(world.channel.id, 3600, True, takeover=True)
    host, guest = world.players
    lobby = await open_lobby(world, host, "ikenokoi")
    await guest.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    match = await world.bot.store.live_match(world.channel.id)
    absent_seat = world.bot.service.state_of(match).to_act()[0]
    absent = next(p for p in world.players if p.id == match.seats[absent_seat].user_id)
    for _ in range(3):
        await simcord_env.advance_time(3600 + 1)
    match = await world.bot.store.live_match(world.channel.id)
    assert match.seats[absent_seat].ai is None, "no takeover before the last reminder's delay ran out"
    await simcord_env.advance_time(3600 + 1)
    match = await world.bot.store.live_match(world.channel.id)
    assert match is None or match.seats[absent_seat].ai == "quick"
    notice = [m for m in world.channel.history() if "an AI now plays your seat" in (m.content or "")]
    assert len(notice) == 1 and absent.mention in notice[0].content
    assert match is None or match.version > 0, "the AI played the absent player's turn"
    if match is not None:
        refused = await absent.click(board_message(world), label="Play")
        assert "/match return" in refused.response.content
        back = await absent.slash(world.channel, "match return")
        assert back.ephemeral and "your own seat" in back.response.content
        told = [m for m in world.channel.history() if "is back" in (m.content or "")]
        assert len(told) == 1 and absent.mention in told[0].content
        match = await world.bot.store.live_match(world.channel.id)
        assert match.seats[absent_seat].ai is None


async def test_takeover_is_off_by_default(simcord_env):
    world = await make_world(simcord_env, 2)
    await world.bot.service.set_reminders(world.channel.id, 3600, True)
    host, guest = world.players
    lobby = await open_lobby(world, host, "ikenokoi")
    await guest.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    started = (await world.bot.store.live_match(world.channel.id)).version
    for _ in range(6):
        await simcord_env.advance_time(3600 + 1)
    match = await world.bot.store.live_match(world.channel.id)
    assert all(s.ai is None for s in match.seats) and match.version == started


async def test_ai_seats_carry_on_after_a_restart(simcord_env, db_path, monkeypatch):
    from bot.config import Settings
    from bot.core import create_bot

    world = await make_world(simcord_env, 1)
    human = world.players[0]
    lobby = await open_lobby(world, human, "ikenokoi")
    select_id = next(c for c in custom_ids(lobby) if c.startswith("la:"))
    await human.select(lobby, ["quick"], custom_id=select_id)
    await human.select(lobby, ["quick"], custom_id=select_id)
    # The bot goes down before its AI seats get to move.
    monkeypatch.setattr(type(world.bot.table.ai), "schedule", lambda self, match_id: None)
    await human.click(lobby, label="Start")
    rng = random.Random(9)
    for _ in range(50):
        match = await world.bot.store.live_match(world.channel.id)
        if world.bot.service.ai_to_act(match):
            break
        await play_one_action(world, rng)
    waiting = await world.bot.store.live_match(world.channel.id)
    assert world.bot.service.ai_to_act(waiting), "an AI seat is to act when the bot stops"
    monkeypatch.undo()
    fresh = create_bot(Settings(token=None, database_path=db_path))
    await simcord_env.restart_bot(fresh)  # on_ready resumes the AI seats (quick: 0.3 s a move at most)
    await simcord_env.advance_time(1)
    after = await fresh.store.live_match(world.channel.id)
    assert after is None or after.version > waiting.version, "the AI seats moved after the restart"
    await fresh.reminders.stop()
    await fresh.store.close()


async def test_an_ai_seat_keeps_playing_after_a_transient_error(simcord_env, caplog):
    import sqlite3

    world = await make_world(simcord_env, 1)
    world.bot.table.ai.budget = 0.05
    human = world.players[0]
    service = world.bot.service
    real = service.act_ai
    failures = []

    async def flaky(*args, **kwargs):
        if not failures:
            failures.append(1)
            raise sqlite3.OperationalError("database is locked")  # another process held the file
        return await real(*args, **kwargs)

    service.act_ai = flaky
    lobby = await open_lobby(world, human, "ikenokoi")
    await human.select(lobby, ["quick"], custom_id=next(c for c in custom_ids(lobby) if c.startswith("la:")))
    await human.click(lobby, label="Start")
    match = await world.bot.store.live_match(world.channel.id)
    match_id = match.id
    rng = random.Random(9)
    for _ in range(40):  # the human plays until the AI's turn has come and failed once
        if failures or match is None:
            break
        await play_one_action(world, rng)
        match = await world.bot.store.live_match(world.channel.id)
    assert failures, "the AI seat was asked to act"
    await simcord_env.advance_time(60)
    match = await world.bot.store.get_match(match_id)  # the AI's move may have ended the game
    ai_seat = next(i for i, s in enumerate(match.seats) if s.ai)
    state = service.state_of(match)
    assert state.is_over() or ai_seat not in state.to_act(), "the AI played on after the error"
    assert any("trying again" in r.getMessage() for r in caplog.records if r.levelname == "WARNING")

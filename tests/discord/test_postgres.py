"""The real bot on PostgreSQL through SimCord: a match is played exactly as on SQLite."""

from __future__ import annotations

import random

import pytest

from bot.store_postgres import PostgresStore
from tests.discord.helpers import board_message, make_world, open_lobby, play_to_the_end, start_match, text


@pytest.fixture
def bot_database(pg_clean):
    return pg_clean


async def test_whole_game_of_ike_no_koi_on_postgresql(simcord_env):
    world = await make_world(simcord_env, 2)
    assert isinstance(world.bot.store, PostgresStore)
    match_id = await start_match(world, "ikenokoi", 2)
    board = board_message(world)
    mention = world.channel.last_message
    assert any(p.mention in (mention.content or "") for p in world.players), "the first player is mentioned"
    assert f"/{board.id}" in mention.content, "the mention links to the board"
    rng = random.Random(7)
    await play_to_the_end(world, rng)
    match = await world.bot.store.get_match(match_id)
    assert match.status == "finished"
    final = world.channel.last_message
    assert "is over" in text(final) and final.attachments[0].filename == "final.png"
    played = [await world.bot.store.stats(world.guild.id, p.id) for p in world.players]
    assert all(s and s[0].played == 1 for s in played) and sum(s[0].won for s in played) >= 1
    stats = await world.players[0].slash(world.channel, "stats")
    assert stats.ephemeral and "1 played" in stats.response.embeds[0].fields[0].value
    assert await world.bot.store.pending_effects(match_id) == [], "the writer delivered everything"


async def test_a_lobby_with_an_ai_seat_and_reminders_on_postgresql(simcord_env):
    world = await make_world(simcord_env, 2)
    world.bot.table.ai.budget = 0.05
    await world.bot.service.set_reminders(world.channel.id, 3600, True)
    host, guest = world.players
    lobby = await open_lobby(world, host, "ikenokoi")
    await guest.click(lobby, label="Join")
    refused = await guest.click(lobby, label="Start")
    assert refused.ephemeral and "Only the host" in refused.response.content
    await host.click(lobby, label="Start")
    match = await world.bot.store.live_match(world.channel.id)
    waiting = world.bot.service.state_of(match).to_act()[0]
    absent = next(p for p in world.players if p.id == match.seats[waiting].user_id)
    await simcord_env.advance_time(3600 + 1)
    reminders = [m for m in world.channel.history() if "reminder (1/3)" in (m.content or "")]
    assert len(reminders) == 1 and absent.mention in reminders[0].content


async def test_the_step_that_ended_a_turn_is_taken_back_on_postgresql(simcord_env):
    """Issue 32's last-step Undo, the ping withdrawn and the late Undo refused, on PostgreSQL."""
    from tests.discord import test_undo

    await test_undo.test_the_step_that_ended_a_turn_is_taken_back_and_the_next_players_ping_withdrawn(
        simcord_env
    )

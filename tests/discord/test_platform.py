"""The platform through the real bot: lobby, a whole game, restarts, refusals, reminders, secrets."""

from __future__ import annotations

import random

import pytest

from tests.discord.helpers import board_message, make_world, play_one_action, start_match


async def test_lobby_and_whole_game_of_ike_no_koi(simcord_env):
    world = await make_world(simcord_env, 3)
    match_id = await start_match(world, "ikenokoi", 3)
    board = board_message(world)
    assert board.embeds and board.embeds[0].image.url.startswith("attachment://")
    assert any(p.mention in (board.content or "") for p in world.players)
    rng = random.Random(7)
    for _ in range(2000):
        if not await play_one_action(world, rng):
            break
    else:
        pytest.fail("the game did not end")
    match = await world.bot.store.get_match(match_id)
    assert match.status == "finished"
    final = world.channel.last_message
    assert "is over" in final.embeds[0].title
    assert final.attachments and final.attachments[0].filename == "final.png"
    stats = await world.bot.store.stats(world.guild.id, world.players[0].id)
    assert stats and stats[0].played == 1

"""README.md's "Add a game", checked: a fifth game that lives in the tests (tests/toy: its engine,
its metadata, its presentation and rules summary, nothing else) is offered and played through the
real bot like the four games: its commands, /help, its lobby with an AI seat, its board and panel
words, to the final result."""

from __future__ import annotations

import random

import pytest

from bot.mentions import slash
from cogs.table import PLAY_COOLDOWN
from games import REGISTRY
from tests.discord.helpers import (
    board_message,
    components,
    custom_ids,
    gallery,
    make_world,
    open_lobby,
    play_one_action,
    text,
)
from tests.toy import GAME

pytestmark = pytest.mark.simcord(settle_timeout=15, shard_count=1)


@pytest.fixture
def bot_settings(monkeypatch) -> dict:
    # The toy joins the registry for this test only, before the bot builds its commands from it.
    monkeypatch.setitem(REGISTRY, GAME.key, GAME)
    return {"board_step_delay": 3600.0, "outbox_sweep": 0}


async def test_a_game_declared_in_its_own_files_is_played_through_the_bot(simcord_env):
    world = await make_world(simcord_env, 1)
    world.bot.table.ai.budget = 0.05
    human = world.players[0]

    helped = await human.slash(world.channel, "help")
    # its command as a mention, with the id Discord gave it when the tree was synced
    assert (
        "**Tricks** (2-4): play your highest card at the right moment, bank the bonus. "
        f"{slash('tricks new')}" in helped.response.content
    ) and slash("tricks new").startswith("</tricks new:")
    rules = await human.slash(world.channel, "tricks rules")
    assert "small game of hidden hands" in rules.response.embeds[0].description
    assert rules.response.attachments[0].description.startswith("A Tricks board under way")

    lobby = await open_lobby(world, human, "tricks", short=True)
    assert "Short: on" in text(lobby)
    await human.select(lobby, ["quick"], custom_id=next(c for c in custom_ids(lobby) if c.startswith("la:")))
    await human.click(lobby, label="Start")
    match = await world.bot.store.live_match(world.channel.id)
    assert match.options == {"short": True} and sorted(s.ai or "" for s in match.seats) == ["", "quick"]

    board = board_message(world)
    assert "Deck 0 · cards in hand:" in text(board), "the game's glance line"
    (picture,) = gallery(board)
    assert picture["description"].startswith("Tricks board. Turn of")
    opened = await human.click(board, label="Play")
    panel = opened.response or opened.followups[-1]
    assert any("**Your hand:**" in c.get("content", "") for c in components(panel)), "the game's facts"
    await world.env.advance_time(PLAY_COOLDOWN)  # Play again on the board: after its cooldown

    rng = random.Random(1)
    for _ in range(100):
        if not await play_one_action(world, rng):
            break
    else:
        pytest.fail("the game did not end")
    final = world.channel.last_message
    assert "is over" in text(final) and final.attachments
    assert (await world.bot.store.get_match(match.id)).status == "finished"

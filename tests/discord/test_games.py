"""Whole games of every game, from `/<game> new` to the final scores, through the real bot's buttons."""

from __future__ import annotations

import random

import pytest

from tests.discord.helpers import make_world, play_to_the_end, start_match, text

# A settle timeout must stay below the board's step timer (see bot_settings in tests/conftest.py).
pytestmark = pytest.mark.simcord(settle_timeout=15, shard_count=1)


@pytest.fixture
def bot_settings() -> dict:
    # No timer of the bot's may come due while a game is played. SimCord gives every timer a
    # real-time fallback: one still pending when the wall clock reaches it advances SimCord's clock
    # from a task of its own, in the middle of a click, and that click's settlement then times out
    # waiting for it. A whole game takes 40-60 s here alone and minutes on a busy machine, so:
    # - a turn's steps wait for the turn to pass (board_step_delay; tests/discord/test_quiet.py
    #   tests that timer on SimCord's clock);
    # - no outbox sweep (every 60 s by default: the 6-player Iwari and 4-player Iki games failed
    #   once they ran longer than that; tests/discord/test_faults_writer.py tests the sweep).
    return {"board_step_delay": 3600.0, "outbox_sweep": 0}


GAMES = [
    ("kigi", 3, {}),
    ("kigi", 2, {"advanced": True}),
    ("iwari", 2, {}),
    ("iwari", 4, {"map": "vast-lands", "feats": "union+honour"}),
    ("iki", 2, {}),
    ("iki", 4, {}),
    ("iwari", 1, {"mode": "solo"}),
    ("iwari", 2, {"mode": "coop"}),
    ("iwari", 6, {"map": "the-void", "worship": "contested"}),
]


@pytest.mark.parametrize(("game", "n", "options"), GAMES, ids=[f"{g}-{n}p" for g, n, _ in GAMES])
async def test_whole_game_through_buttons(simcord_env, game, n, options):
    world = await make_world(simcord_env, n)
    match_id = await start_match(world, game, n, **options)
    match = await world.bot.store.get_match(match_id)
    assert {k: match.options[k] for k in options} == options
    rng = random.Random(n)
    await play_to_the_end(world, rng)
    match = await world.bot.store.get_match(match_id)
    assert match.status == "finished"
    final = world.channel.last_message
    assert "is over" in text(final) and final.attachments
    state = world.bot.service.state_of(match)
    assert state.is_over()

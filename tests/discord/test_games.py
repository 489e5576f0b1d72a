"""Whole games of every game, from `/<game> new` to the final scores, through the real bot's buttons."""

from __future__ import annotations

import random

import pytest

from tests.discord.helpers import make_world, play_to_the_end, start_match, text

# A settle timeout must stay below the board's step timer (see bot_settings in tests/conftest.py).
pytestmark = pytest.mark.simcord(settle_timeout=15, shard_count=1)


@pytest.fixture
def bot_settings() -> dict:
    # A turn's steps wait for the turn to pass: a game of hundreds of clicks on a busy machine would
    # otherwise meet the step timer's real-time fallback in the middle of a click (tests/discord/
    # test_quiet.py tests that timer on SimCord's clock).
    return {"board_step_delay": 3600.0}


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

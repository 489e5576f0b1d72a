"""The final message says the score in words: one line per player with the game's scoring parts
(the engine's ``score_parts``), within Discord's limits; after a resignation, the totals only."""

from __future__ import annotations

import random
import re

import pytest

from tests.discord.helpers import finish_through_the_service, make_world, start_match, texts
from tests.discord.test_replay import final_message

pytestmark = pytest.mark.simcord(settle_timeout=60, shard_count=1)


@pytest.fixture
def bot_settings() -> dict:
    return {"board_step_delay": 0, "outbox_sweep": 0}


def score_lines(message) -> list[str]:
    block = next(t for t in texts(message) if t.startswith("**Final scores**"))
    assert len(block) <= 1500
    return block.splitlines()[1:]


@pytest.mark.parametrize(
    ("game", "n", "options", "first_part"),
    [
        ("iki", 2, {}, "iki track"),
        ("ikenokoi", 3, {}, "honour"),
        ("kigi", 2, {}, "points"),
        ("iwari", 3, {"feats": "all"}, "half journey"),
    ],
)
async def test_one_line_per_player_with_the_scoring_parts(simcord_env, game, n, options, first_part):
    world = await make_world(simcord_env, n)
    match_id = await start_match(world, game, n, **options)
    await finish_through_the_service(world.bot.service, match_id, random.Random(3))
    await world.bot.table.writer.idle()
    match = await world.bot.store.get_match(match_id)
    state = world.bot.service.state_of(match)
    parts = state.score_parts()
    lines = score_lines(final_message(world))
    assert len(lines) == n
    for line in lines:
        name, total, words = re.fullmatch(r"(?:🏆 )?(\w+): \*\*(-?\d+)\*\* = (.+)", line).groups()
        seat = match.names.index(name)
        assert int(total) == state.scores()[seat]
        assert words.startswith(first_part)
        assert words == " · ".join(f"{w} {p}" for w, p in parts[seat])
    if game == "iwari":
        assert "Feats" in lines[0]


async def test_a_resignation_gives_totals_only(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "kigi", 2)
    await world.players[1].slash(world.channel, "match resign")
    await world.bot.table.writer.idle()
    lines = score_lines(final_message(world))
    assert len(lines) == 2 and all(" = " not in line for line in lines)

"""Iwari's lobby: the solo/co-op difficulty in words, and no difficulty in a versus lobby."""

from __future__ import annotations

from tests.discord.helpers import live, make_world, open_lobby, texts


def options_line(lobby) -> str:
    (line,) = [t for t in texts(lobby) if t.startswith("**Options:**")]
    return line


async def test_a_coop_lobby_names_its_difficulty(simcord_env):
    world = await make_world(simcord_env, 2)
    lobby = await open_lobby(world, world.players[0], "iwari", mode="coop", difficulty="hard")
    line = options_line(lobby)
    assert "Difficulty: Hard (the Void needs 3 territories)" in line and "Mode: Co-op" in line
    assert (await live(world)).options["difficulty"] == "hard"


async def test_a_solo_lobby_defaults_to_normal(simcord_env):
    world = await make_world(simcord_env, 1)
    lobby = await open_lobby(world, world.players[0], "iwari", mode="solo")
    assert "Difficulty: Normal (the Void needs 3 territories)" in options_line(lobby)


async def test_a_lobby_names_the_count_of_a_map_with_its_own_levels(simcord_env):
    # Floating Lands solo asks the Void for one territory more at every level (data.MAP_LEVEL_SHIFT).
    world = await make_world(simcord_env, 1)
    lobby = await open_lobby(world, world.players[0], "iwari", mode="solo", map="floating-lands")
    line = options_line(lobby)
    assert "Difficulty: Normal (the Void needs 4 territories on this map; 3 on most)" in line


async def test_a_versus_lobby_does_not_show_the_difficulty(simcord_env):
    world = await make_world(simcord_env, 2)
    lobby = await open_lobby(world, world.players[0], "iwari")
    assert "Difficulty" not in options_line(lobby) and "Mode: Versus" in options_line(lobby)

"""Whole games in the pseudo-language ``en-XA`` (issue 35): no English left anywhere.

A short game of each of the four games is played through SimCord, every person's Discord locale
and the server's ``en-XA`` (the ``locales`` fixture), so the channel's posts and every person's
answers are in ``en_XA`` as the bot itself chooses them. Then everything the bot sent is read: the
contents, embeds, component labels, placeholders, options, text displays and alt texts of every
REST call (channel posts, edits, ephemeral answers and follow-ups, a thread's name), and every text
drawn on its pictures (``rendering.common.record_text``): no English word is left
(``tests/i18n_helpers.py``). Nothing is accented on its way in (unlike a check that takes the other layers as translated): a word
the bot says in English is found here whichever layer built it. SimCord enforces Discord's limits
(labels 80, options 100, placeholders 150, text displays), so a text the 40% longer pseudo-language
pushes past one fails the game.

The players' names are not ASCII words (Zoé, Ольга, さくら), so no name is mistaken for English.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from rendering import common
from rendering.rules import NAMES as EXAMPLE_NAMES
from tests.discord.helpers import custom_ids, live, lobby_button, make_world, open_lobby
from tests.discord.pseudo import after_the_end, english_said, play
from tests.i18n_helpers import english_left

pytestmark = pytest.mark.simcord(settle_timeout=15, shard_count=1)

GAMES = ["iki", "kigi", "ikenokoi", "iwari"]  # two players each; Iwari on its default map
NAMES = ("Zoé", "Ольга", "さくら")


@pytest.fixture
def bot_settings() -> dict:
    # A whole game runs longer than the bot's timers (see tests/discord/test_games.py).
    return {"board_step_delay": 3600.0, "outbox_sweep": 0}


@pytest.fixture
def drawn(monkeypatch):
    """Every text drawn on a picture, in whichever thread draws it (the bot draws in a pool)."""
    common.clear_text_caches()
    common.clear_picture_caches()
    monkeypatch.setattr(common, "_recording", SimpleNamespace(sizes=[]))
    yield common._recording.sizes
    common.clear_text_caches()
    common.clear_picture_caches()


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_game_in_pseudo_leaves_no_english(simcord_env, locales, drawn, game):
    world = await make_world(simcord_env, 2, NAMES)
    for member in world.players:
        locales.user(member, "en-XA")
    locales.guild(world.guild, "en-XA")
    host = world.players[0]
    await host.slash(world.channel, f"{game} rules")
    await host.slash(world.channel, "help")
    # The lobby: a computer player added (its name said in the channel's language), then removed.
    lobby = await open_lobby(world, host, game)
    ai_menu = next(cid for cid in custom_ids(lobby) if cid.startswith("la:"))
    await host.select(lobby, ["quick"], custom_id=ai_menu)
    assert [s.ai for s in (await live(world)).seats] == [None, "quick"]  # the lobby shows "AI 1 (quick)"
    await host.select(lobby, ["remove"], custom_id=ai_menu)
    await world.players[1].click(lobby, custom_id=lobby_button(lobby, "join"))
    await host.click(lobby, custom_id=lobby_button(lobby, "start"))
    await host.slash(world.channel, "match mine")
    await host.slash(world.channel, "match log")
    await play(world, random.Random(5))
    finished = await world.bot.store.finished_matches(world.channel.id, 1)
    assert finished and finished[0].match.status == "finished"
    await after_the_end(world, game, world.channel.last_message)

    left = english_said(simcord_env, NAMES)
    assert not left, "English left in what the bot sent:\n" + "\n".join(
        f"{where}: {words!r} -> {english}" for where, words, english in left[:40]
    )
    assert drawn, "the game's pictures were drawn"
    names = NAMES + tuple(EXAMPLE_NAMES)  # the rules pictures' example players
    pictures = sorted({text for _size, text in drawn if english_left(text, names)})
    assert not pictures, f"English left on pictures: {pictures[:40]}"

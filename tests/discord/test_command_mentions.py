"""Texts name commands as Discord command mentions (issue 35): ``</match mine:ID>`` shows each reader
the command in their language, clickable. The ids are the ones Discord returned when the tree was
synced or fetched (bot/mentions.py); until one is known, a command is written as code, in the
reader's language as the picker names it."""

from __future__ import annotations

import pytest

from bot import mentions
from tests.discord.helpers import make_world


@pytest.fixture(autouse=True)
def no_ids_left():
    """The ids are the process's: none from another test's Discord."""
    mentions.forget()
    yield
    mentions.forget()


async def ids_of(world) -> dict[str, int]:
    return {c.name: c.id for c in await world.bot.tree.fetch_commands()}


async def test_help_and_a_refusal_name_commands_as_mentions_once_synced(simcord_env):
    world = await make_world(simcord_env, 1)  # syncs the tree: Discord returns the ids
    ids = await ids_of(world)
    (alice,) = world.players
    help_text = (await alice.slash(world.channel, "help")).response.content
    for path in ("match mine", "match return", "match abandon", "notifications", "settings", "kigi new"):
        assert f"</{path}:{ids[path.split()[0]]}>" in help_text, path
    assert "`/match mine`" not in help_text and len(help_text) <= 2000
    refused = (await alice.slash(world.channel, "match mine")).response.content
    assert (
        refused == f"You are in no live match in this server. </help:{ids['help']}> shows how to start one."
    )


async def test_without_ids_commands_are_code_in_the_reader_s_language(simcord_env, locales):
    world = await make_world(simcord_env, 2)
    mentions.forget()  # as before the start's fetch, or with Discord not answering it
    alice, bob = world.players
    locales.user(bob, "fr")
    english = (await alice.slash(world.channel, "help")).response.content
    assert "`/match mine` your live matches" in english and "</" not in english
    french = (await bob.slash(world.channel, "help")).response.content
    assert "`/partie miennes`" in french and "`/aide`" not in french and "</" not in french
    refused = (await bob.slash(world.channel, "match mine")).response.content
    assert "`/aide`" in refused


async def test_the_bot_learns_the_ids_again_at_start(simcord_env):
    world = await make_world(simcord_env, 1)
    ids = await ids_of(world)
    mentions.forget()
    assert mentions.slash("match return") == "`/match return`"
    await world.bot.learn_command_ids()  # what setup_hook does when no development server is set
    assert mentions.slash("match return") == f"</match return:{ids['match']}>"
    assert mentions.slash("iwari rules") == f"</iwari rules:{ids['iwari']}>"


async def test_a_help_longer_than_a_message_comes_in_two(simcord_env, locales):
    """Mentions are longer than the names they replace: the pseudo-language's /help (40% longer
    than the English) passes 2000 characters, and comes as two messages cut between lines."""
    world = await make_world(simcord_env, 1)
    (alice,) = world.players
    locales.user(alice, "en-XA")
    shown = await alice.slash(world.channel, "help")
    parts = [shown.response, *shown.followups]
    assert len(parts) == 2 and all(p.ephemeral and len(p.content) <= 2000 for p in parts)
    assert "\n".join(p.content for p in parts).count("</match ") == 10

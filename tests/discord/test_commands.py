"""Small commands and the panel layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.mentions import slash
from cogs.common import rules_pages
from cogs.panel import MAX_ROWS, paginate, panel_rows
from games import REGISTRY, Action
from tests.discord.helpers import make_world

ROOT = Path(__file__).resolve().parents[2]


async def test_the_game_commands_are_as_users_know_them(simcord_env):
    """Each game's command group is built from its ``Game`` (cogs/games.py): the groups Discord
    receives (names, descriptions, options, choices) are those of the hand-written cogs they
    replaced, recorded in game_commands.json (a game added later need not be recorded)."""
    import json

    world = await make_world(simcord_env, 1)
    tree = world.bot.tree
    recorded = json.loads((Path(__file__).with_name("game_commands.json")).read_text())
    assert [tree.get_command(group["name"]).to_dict(tree) for group in recorded] == recorded


async def test_help_lists_every_game_with_its_command(simcord_env):
    world = await make_world(simcord_env, 1)
    result = await world.players[0].slash(world.channel, "help")
    text = result.response.content
    for game in REGISTRY.values():
        command = slash(f"{game.key} new")  # a mention of the synced command: </ikenokoi new:ID>
        assert command.startswith(f"</{game.key} new:")
        assert f"**{game.title}** ({game.players_words()}): {game.blurb} {command}" in text
    assert "**Iwari** (2-5, 6 on The Void; solo or co-op against the Void): tribes settle a new land." in text


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_rules_summaries(simcord_env, game):
    world = await make_world(simcord_env, 1)
    result = await world.players[0].slash(world.channel, f"{game} rules")
    assert result.ephemeral
    messages = [result.response, *result.followups]
    assert all(m.ephemeral for m in messages)
    shown = [m.embeds[0] for m in messages]
    assert all("how to play" in e.title and len(e.description) <= 4096 for e in shown)
    text = (ROOT / "cogs" / "rules" / f"{game}.md").read_text()
    assert "".join(e.description for e in shown).replace("\n", "") == text.strip().replace("\n", "")


def test_rules_pages_split_at_paragraphs():
    text = "\n\n".join(f"Paragraph {i}: " + "word " * 150 + "end." for i in range(20))
    pages = rules_pages(text, 1000)
    assert all(len(p) <= 1000 for p in pages) and len(pages) > 10
    assert "\n\n".join(pages) == text
    long = "line\n" * 600
    assert all(len(p) <= 1000 for p in rules_pages(long, 1000))


# Paragraphs of words and line breaks, some longer than a page, some lines longer than a page.
PARAGRAPHS = st.lists(
    st.lists(st.text("ab ", min_size=1, max_size=90), min_size=1, max_size=6).map("\n".join),
    min_size=1,
    max_size=12,
)


@given(PARAGRAPHS, st.integers(20, 120))
def test_rules_pages_never_exceed_the_limit_and_lose_nothing(paragraphs, limit):
    text = "\n\n".join(paragraphs).strip()
    pages = rules_pages(text, limit)
    assert all(0 < len(p) <= limit for p in pages)
    # Only the line breaks at a cut may go: the characters, in order, are all there.
    assert "".join(pages).replace("\n", "") == text.replace("\n", "")


async def test_sync_is_for_the_owner_only(simcord_env):
    world = await make_world(simcord_env, 1)
    bot_user = world.bot.user
    await world.players[0].send(world.channel, f"<@{bot_user.id}> sync")
    last = world.channel.last_message
    assert last.author.id == bot_user.id and "Only the bot's owner" in last.content
    # The refusal went through the command's error handler (SimCord records it; we inspect it here).
    assert [type(e).__name__ for e in simcord_env.errors] == ["NotOwner"]


def test_small_groups_are_buttons_and_big_ones_are_paged_selects():
    actions = [Action("draw", "Draw a card", "turn"), Action("stop", "Stop", "turn")]
    actions += [Action(f"cell:{i}", f"Cell {i}", "cell") for i in range(1, 131)]
    rows = panel_rows(actions)
    assert rows[0].kind == "buttons" and [a.id for a in rows[0].actions] == ["draw", "stop"]
    selects = rows[1:]
    assert all(r.kind == "select" and len(r.actions) <= 25 for r in selects)
    assert sum(len(r.actions) for r in selects) == 130
    pages = paginate(rows)
    assert len(pages) == 2 and all(len(p) <= MAX_ROWS - 1 for p in pages)
    assert [a.id for p in pages for r in p for a in r.actions] == [a.id for a in actions]


def test_one_page_when_it_fits():
    actions = [Action(f"t{i}", f"T{i} Forest", "territory") for i in range(12)]
    assert paginate(panel_rows(actions)) == [panel_rows(actions)]

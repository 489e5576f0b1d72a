"""The replay viewer (issue 32): a private message that steps through a match with ◀ ▶ and a menu,
the words of each step under its board; a finished match for anyone of the channel (with a player's
hand), a running one for its players only and as everyone sees it. And the paged /match log."""

from __future__ import annotations

import random
import re

import pytest

from bot.config import Settings
from bot.core import create_bot
from tests.discord.helpers import (
    board_message,
    components,
    custom_ids,
    finish_through_the_service,
    gallery,
    make_world,
    play_one_action,
    start_match,
    text,
)
from tests.discord.test_forged import forge
from tests.discord.test_replay import answer, final_message

pytestmark = pytest.mark.simcord(settle_timeout=60, shard_count=1)


@pytest.fixture
def bot_settings() -> dict:
    return {"board_step_delay": 0, "outbox_sweep": 0}


def step_of(message) -> tuple[int, int]:
    found = re.search(r"step (\d+) of (\d+)", text(message))
    assert found, text(message)
    return int(found[1]), int(found[2])


def button(message, label: str) -> str:
    return next(c["custom_id"] for c in components(message) if c.get("type") == 2 and c.get("label") == label)


def menu(message, prefix: str) -> dict:
    return next(c for c in components(message) if c.get("custom_id", "").startswith(prefix))


async def finished(world, game: str = "ikenokoi", n: int = 2, seed: int = 3) -> int:
    match_id = await start_match(world, game, n)
    await finish_through_the_service(world.bot.service, match_id, random.Random(seed))
    await world.bot.table.writer.idle()
    return match_id


async def test_stepping_forward_and_back_and_jumping_through_a_finished_match(simcord_env, db_path):
    world = await make_world(simcord_env, 3)
    alice, _, carol = world.players
    match_id = await finished(world)
    opened = await alice.click(final_message(world), label="Step through")
    viewer = answer(opened)
    assert viewer.flags.ephemeral
    assert step_of(viewer)[0] == 0 and "The set-up" in text(viewer)
    assert "With alice's hand" in text(viewer), "a player sees the replay with their own hand"
    assert [m["url"].rsplit("/", 1)[1] for m in gallery(viewer)] == ["step-0.png", "hand-0.png"], (
        "the board as everyone saw it, the player's own picture under it"
    )
    assert all(m["description"] for m in gallery(viewer)), "alt text"
    last = step_of(viewer)[1]
    # ▶ twice, ◀ once: the same private message changes.
    for expected in (1, 2, 1):
        label = "◀" if expected == 1 and step_of(viewer)[0] == 2 else "▶"
        await alice.click(viewer, custom_id=button(viewer, label))
        assert step_of(viewer) == (expected, last)
    assert re.search(r"Round 1 · after \w+'s turn 1", text(viewer))
    assert re.search(r"^- \S+ ", text(viewer), re.M), "the step's moves in words"
    # The menu: a round, then the end.
    jump = menu(viewer, "rj:")
    round_two = next(o for o in jump["options"] if o["label"] == "Round 2")
    await alice.select(viewer, [round_two["value"]], custom_id=jump["custom_id"])
    assert step_of(viewer)[0] == int(round_two["value"]) and "Round 2 · " in text(viewer)
    end = next(o for o in menu(viewer, "rj:")["options"] if o["label"].lower().endswith("the end"))
    await alice.select(viewer, [end["value"]], custom_id=menu(viewer, "rj:")["custom_id"])
    assert step_of(viewer) == (last, last) and "the end" in text(viewer)
    assert any(c.get("disabled") for c in components(viewer) if c.get("label") == "▶"), (
        "no step after the end"
    )
    # Whose hand: anyone of the channel may look at any player's, once the match is over.
    other = await carol.slash(world.channel, "match review", match=match_id)
    seen = answer(other)
    assert "As everyone saw it" in text(seen) and step_of(seen)[0] == 0
    assert [m["url"].rsplit("/", 1)[1] for m in gallery(seen)] == ["step-0.png"]
    whose = menu(seen, "rw:")
    bobs = next(o["value"] for o in whose["options"] if o["label"] == "With bob's hand")
    await carol.select(seen, [bobs], custom_id=whose["custom_id"])
    assert "With bob's hand" in text(seen)
    # The ids carry everything: after a restart, ▶ still works.
    settings = Settings(token=None, database_path=db_path, board_step_delay=0, outbox_sweep=0)
    await simcord_env.restart_bot(create_bot(settings))
    await carol.click(seen, custom_id=button(seen, "▶"))
    assert step_of(seen)[0] == 1 and "With bob's hand" in text(seen)
    # The GIF to share is still there.
    assert f"rp:{match_id}" in custom_ids(seen)
    await simcord_env.bot.reminders.stop()


async def test_a_running_match_is_shown_to_its_players_only_and_without_hands(simcord_env):
    world = await make_world(simcord_env, 3)
    _, bob, carol = world.players
    match_id = await start_match(world, "ikenokoi", 2)
    rng = random.Random(4)
    for _ in range(4):
        await play_one_action(world, rng)
    opened = await bob.slash(world.channel, "match review")
    viewer = answer(opened)
    now, last = step_of(viewer)
    assert now == last > 0, "a running match opens at its latest step"
    assert "As everyone saw it" in text(viewer) and not any(
        cid.startswith(("rw:", "rp:")) for cid in custom_ids(viewer)
    ), "no hands, no GIF before the end"
    await bob.click(viewer, custom_id=button(viewer, "◀"))
    assert step_of(viewer)[0] == last - 1
    # Someone who does not play it: refused, by the command and by a forged click.
    refused = await carol.slash(world.channel, "match review", match=match_id)
    assert "Only the players" in answer(refused).content
    own = (await carol.slash(world.channel, "match log")).response  # a private answer of carol's
    forged = await forge(carol, own, f"rv:{match_id}:1:x:n")
    assert "Only the players" in answer(forged).content
    # A player's hand before the end, and a step that is not there: refused, said why.
    again = await bob.slash(world.channel, "match review")
    assert "a moment ago" in answer(again).content, "opening the viewer has the view's cooldown"
    mine = viewer
    hands = await forge(bob, mine, f"rv:{match_id}:1:0:n")
    assert "hands are shown once the match is over" in answer(hands).content
    assert "With alice" not in text(mine)
    beyond = await forge(bob, mine, f"rv:{match_id}:9999:x:n")
    assert "not in match" in answer(beyond).content
    # A viewer id forged onto the public board never changes the board.
    board = board_message(world)
    before = text(board)
    onto_board = await forge(bob, board, f"rv:{match_id}:1:x:n")
    assert "belongs to a private answer" in answer(onto_board).content
    assert text(board_message(world)) == before


async def test_the_log_is_paged_through_the_whole_match(simcord_env):
    world = await make_world(simcord_env, 2)
    alice = world.players[0]
    match_id = await start_match(world, "iki", 2)
    service = world.bot.service
    rng = random.Random(1)
    for _ in range(80):  # a long stretch of the match, through the service
        match = await service.get(match_id)
        state = service.state_of(match)
        seat = state.to_act()[0]
        await service.act(
            match_id, match.seats[seat].user_id, match.version, rng.choice(state.legal_actions(seat)).id
        )
    await world.bot.table.writer.idle()
    lines = await service.log_lines(await service.get(match_id))
    assert len(lines) > 40
    result = await alice.slash(world.channel, "match log")
    page = result.response
    assert page.flags.ephemeral
    found = re.search(r"page (\d+) of (\d+)", page.content)
    assert found and found[1] == found[2], "the last page first"
    pages = int(found[2])
    assert pages >= 3
    seen = {pages: page.content}
    for n in range(pages - 1, 0, -1):
        await alice.click(page, label="◀")
        assert f"page {n} of {pages}" in page.content
        seen[n] = page.content
    assert any(c.get("disabled") for c in components(page) if c.get("label") == "◀")
    await alice.click(page, label="▶")
    assert f"page 2 of {pages}" in page.content
    shown = [line[2:] for n in sorted(seen) for line in seen[n].splitlines()[1:]]
    assert shown == lines, "every line of the log, in order, once"

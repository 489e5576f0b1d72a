"""Undo in the private panel, through SimCord: offered after a step that showed nothing, it takes
that step back (the state exactly as before, the board redrawn), and a stale Undo is refused."""

from __future__ import annotations

import json
import random

from bot import merge
from bot.service import forced_steps
from tests.discord.helpers import (
    board_message,
    components,
    custom_ids,
    live,
    make_world,
    member_of,
    play_one_action,
    start_match,
    text,
)
from tests.discord.test_forged import forge
from tests.games.test_ikenokoi_hidden import stops_with_a_first_lantern


def undoable_choice(state, seat) -> str | None:
    """A choice the panel offers after which the turn goes on and Undo is offered."""
    for choice in merge.choices(state, seat):
        work = state.copy()
        for step in merge.split(choice.id):
            work.apply(seat, step)
            forced_steps(work)
        if work.undoable(seat):
            return choice.id
    return None


async def test_undo_in_the_panel_takes_back_one_step_and_a_stale_undo_is_refused(simcord_env):
    world = await make_world(simcord_env, 3)
    await start_match(world, "iwari", 3)
    rng = random.Random(4)
    for _ in range(200):
        match = await live(world)
        state = world.bot.service.state_of(match)
        seat = state.to_act()[0]
        choice = undoable_choice(state, seat)
        if choice is not None:
            break
        assert await play_one_action(world, rng)
    else:
        raise AssertionError("no step that Undo can take back came up")
    player = member_of(world, match, seat)
    before = json.loads(json.dumps(state.to_json()))
    opened = await player.click(board_message(world), label="Play")
    panel = opened.response or opened.followups[-1]
    assert any(c.startswith("un:") for c in custom_ids(panel)) == state.undoable(seat)
    await choose(player, panel, choice)
    undos = [c for c in custom_ids(panel) if c.startswith("un:")]
    assert len(undos) == 1, "the panel offers Undo after a step that showed nothing"
    # A second panel of the same moment (Play pressed again) carries the same Undo. (A new panel
    # retires the older one: forgotten here, as after a restart, so that both stay to be clicked.)
    world.bot.table.panels.forget(match.id)
    second = await player.click(board_message(world), label="Play")
    other = second.response or second.followups[-1]
    assert undos[0] in custom_ids(other)
    world.bot.table.panels.forget(match.id)  # (else this click on the first retires the second)
    await player.click(panel, custom_id=undos[0])
    again = await live(world)
    assert world.bot.service.state_of(again).to_json() == before, "exactly the state before the step"
    assert "Taken back" in text(panel)
    stale = await player.click(other, custom_id=undos[0])
    assert stale.ephemeral and "out of date" in (stale.response or stale.followups[-1]).content
    assert (await live(world)).version == again.version, "the stale Undo changed nothing"
    await simcord_env.settle()
    await world.bot.table.writer.idle()
    assert f"bd:play:{again.id}:{again.version}" in custom_ids(board_message(world)), "the board is redrawn"


async def choose(player, panel, choice: str) -> None:
    """Click the button, or pick the menu option, of ``choice`` in the panel."""
    for c in components(panel):
        if c.get("custom_id", "").startswith("ac:") and c["custom_id"].split(":", 3)[3] == choice:
            await player.click(panel, custom_id=c["custom_id"])
            return
        if any(o["value"] == choice for o in c.get("options", [])):
            await player.select(panel, [choice], custom_id=c["custom_id"])
            return
    raise AssertionError(f"{choice} is not in the panel")


async def test_a_stop_that_shows_the_pool_offers_no_undo(simcord_env):
    """Issue 34: a Stop that keeps the seat's first lantern shows it the pool; neither the panel
    nor a forged click may take that Stop back."""
    world = await make_world(simcord_env, 2)
    world.bot.service.seed_source = lambda: 1
    await start_match(world, "ikenokoi", 2)
    service = world.bot.service
    rng = random.Random(1)
    for _ in range(300):
        match = await live(world)
        state = service.state_of(match)
        seat = state.to_act()[0]
        if stops_with_a_first_lantern(state, seat):
            break
        action = rng.choice(state.legal_actions(seat)).id
        await service.act(match.id, match.seats[seat].user_id, match.version, action)
    else:
        raise AssertionError("no Stop with a first lantern came up")
    player = member_of(world, match, seat)
    opened = await player.click(board_message(world), label="Play")
    panel = opened.response or opened.followups[-1]
    assert "Pool you see" not in text(panel)
    offered = [
        c["custom_id"].split(":", 3)[3] for c in components(panel) if c.get("custom_id", "").startswith("ac:")
    ]
    # A step that shows something is never joined to the next (bot/merge.py): Stop is its own button.
    assert "stop" in offered, f"Stop is joined to the next step as if it showed nothing: {offered}"
    await choose(player, panel, "stop")
    stopped = await live(world)
    assert seat in service.state_of(stopped).to_act(), "the seat places the river's Garden card next"
    assert "Pool you see" in text(panel), "the lantern shows the seat the pool"
    assert not [c for c in custom_ids(panel) if c.startswith("un:")], "no Undo after the pool was shown"
    forged = await forge(player, board_message(world), f"un:{stopped.id}:{stopped.version}")
    assert forged.ephemeral and "cannot be undone" in forged.response.content, forged.response.content
    assert (await live(world)).version == stopped.version, "the forged Undo changed nothing"

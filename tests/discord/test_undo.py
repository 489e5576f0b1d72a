"""Undo in the private panel, through SimCord: offered after a step that showed nothing, it takes
that step back (the state exactly as before, the board redrawn), and a stale Undo is refused."""

from __future__ import annotations

import json
import random

import pytest

from bot import merge
from bot.service import forced_steps
from tests.discord.helpers import (
    board_message,
    components,
    custom_ids,
    live,
    make_world,
    member_of,
    mentions,
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
        if work.undoable(seat) and seat in work.to_act():
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


# -- issue 32: the step that ended a turn, and Undo offered only when it works


def ends_the_turn_undoably(state, seat, visible: list[str]) -> str | None:
    """A choice of the panel (among ``visible``) that ends the seat's turn, revealing nothing, and
    calls a human seat next."""
    for choice in visible:
        work = state.copy()
        for step in merge.split(choice):
            work.apply(seat, step)
            forced_steps(work)
        if work.undoable(seat) and seat not in work.to_act():
            return choice
    return None


def panel_choices(panel) -> list[str]:
    """The choices the panel shows on its page: its buttons' and its menus' options."""
    out = []
    for c in components(panel):
        cid = c.get("custom_id", "")
        if cid.startswith("ac:"):
            out.append(cid.split(":", 3)[3])
        out += [o["value"] for o in c.get("options", [])] if cid.startswith("as:") else []
    return out


def pinged_by(env, message) -> set[int]:
    request = next(
        r
        for r in reversed(env.http_requests)
        if r.method == "POST" and (r.json or {}).get("content") == message.content
    )
    return {int(u) for u in (request.json.get("allowed_mentions") or {}).get("users", [])}


async def test_the_step_that_ended_a_turn_is_taken_back_and_the_next_players_ping_withdrawn(simcord_env):
    """Iki (most of its turns end with a step that reveals nothing): alice's last step passes the
    turn to bob, who is pinged and opens his panel; alice's closed panel offers Undo, which gives
    back exactly the state before the step: bob's ping is deleted (the new "your turn" message
    pings nobody), bob's panel says the turn went back, the board is redrawn. Once bob has played,
    alice's Undo is refused and changes nothing."""
    world = await make_world(simcord_env, 3)
    await start_match(world, "iki", 3)
    service, rng = world.bot.service, random.Random(5)
    for _ in range(300):
        await simcord_env.settle()
        await world.bot.table.writer.idle()
        match = await live(world)
        state = service.state_of(match)
        seat = state.to_act()[0]
        player = member_of(world, match, seat)
        await world.env.advance_time(10)  # Play's cooldown
        opened = await player.click(board_message(world), label="Play")
        panel = opened.response or opened.followups[-1]
        choice = ends_the_turn_undoably(state, seat, panel_choices(panel))
        if choice is not None:
            break
        await choose(player, panel, rng.choice(panel_choices(panel)))
    else:
        raise AssertionError("no step ending a turn that Undo can take back came up")
    before = json.loads(json.dumps(state.to_json()))
    await choose(player, panel, choice)
    ended = await live(world)
    nxt = service.state_of(ended).to_act()[0]
    assert nxt != seat
    assert "Done" in text(panel) and "Undo takes your last step back" in text(panel)
    (undo,) = [c for c in custom_ids(panel) if c.startswith("un:")]
    await simcord_env.settle()
    await world.bot.table.writer.idle()
    other = member_of(world, ended, nxt)
    (called,) = mentions(world)
    assert other.id in pinged_by(simcord_env, called), "the next player is pinged"
    await world.env.advance_time(10)
    opened = await other.click(board_message(world), label="Play")
    their_panel = opened.response or opened.followups[-1]
    assert panel_choices(their_panel), "the next player's panel shows their choice"

    await player.click(panel, custom_id=undo)
    again = await live(world)
    assert service.state_of(again).to_json() == before, "exactly the state before the step"
    assert "Taken back" in text(panel) and panel_choices(panel), "alice's panel shows her choice again"
    await simcord_env.settle()
    await world.bot.table.writer.idle()
    (mention,) = mentions(world)
    assert mention.id != called.id and called not in world.channel.history(), "the ping is withdrawn"
    assert player.mention in mention.content and other.mention not in mention.content
    assert pinged_by(simcord_env, mention) == set(), "the new message pings nobody"
    assert "not your turn" in text(their_panel) or "turn again" in text(their_panel)
    assert not panel_choices(their_panel), "bob's panel offers nothing any more"
    assert f"bd:play:{again.id}:{again.version}" in custom_ids(board_message(world)), "the board is redrawn"

    # alice plays the same step again, and bob plays his turn: alice's panel loses its Undo, and
    # the Undo clicked anyway (a forged click) is out of date.
    await choose(player, panel, choice)
    (undo,) = [c for c in custom_ids(panel) if c.startswith("un:")]
    await simcord_env.settle()
    await world.env.advance_time(10)
    assert await play_one_action(world, rng), "bob plays his turn through his panel"
    await simcord_env.settle()
    assert not [c for c in custom_ids(panel) if c.startswith("un:")], "the Undo is withdrawn"
    assert "Done" in text(panel) and "Undo" not in text(panel)
    after_bob = await live(world)
    late = await forge(player, board_message(world), undo)
    assert late.ephemeral and "out of date" in late.response.content, late.response.content
    assert (await live(world)).version == after_bob.version, "the late Undo changed nothing"


def called_with_forced_steps(log, seat: int) -> bool:
    """Whether the seat's turn began with steps without a choice (Iki's income, Kigi's only take)
    taken for it right after another seat's click: the moment the panel once offered an Undo that
    the service refused."""
    tail = []
    for row in reversed(log):
        if row.user_id is not None:
            return row.seat != seat and any(r.seat == seat for r in tail)
        tail.append(row)
    return False


@pytest.mark.parametrize("game", ["iki", "iwari", "ikenokoi", "kigi"])
async def test_undo_is_offered_in_the_panel_only_when_it_works(simcord_env, game):
    """Random games of three players: where a turn begins with forced steps after another seat's
    click, and wherever the engine offers Undo, the seat's panel (Play on the board) shows Undo
    exactly when the engine says so, and that Undo gives back the state before the seat's click."""
    world = await make_world(simcord_env, 3)
    service = world.bot.service
    service.seed_source = lambda: 3
    await start_match(world, game, 3)
    rng = random.Random(3)
    before_click: dict[int, dict] = {}
    looked = {"forced": 0, "undo": 0}
    for _ in range(1500):
        match = await live(world)
        if match is None or min(looked.values()) >= 2:
            break
        state = service.state_of(match)
        seat = state.to_act()[0]
        kind = "undo" if state.undoable(seat) else None
        if called_with_forced_steps(await service.store.action_log(match.id), seat):
            kind = "forced"
        if kind is not None and looked[kind] < 2:
            looked[kind] += 1
            player = member_of(world, match, seat)
            await world.env.advance_time(10)  # Play's cooldown
            opened = await player.click(board_message(world), label="Play")
            panel = opened.response or opened.followups[-1]
            undos = [c for c in custom_ids(panel) if c.startswith("un:")]
            assert bool(undos) == state.undoable(seat), (
                f"Undo shown: {undos}, undoable: {state.undoable(seat)}"
            )
            if undos:
                await player.click(panel, custom_id=undos[0])
                assert "Taken back" in text(panel), text(panel)
                taken = await live(world)
                assert service.state_of(taken).to_json() == before_click[seat]
                continue
        choice = rng.choice(merge.choices(state, seat)).id
        before_click[seat] = json.loads(json.dumps(state.to_json()))
        await service.act(match.id, match.seats[seat].user_id, match.version, choice)
    assert looked["undo"], "no Undo came up"
    assert looked["forced"] or game in ("iwari", "ikenokoi"), "no turn began with forced steps"

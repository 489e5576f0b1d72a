"""Damaged rows never lock a channel: a live match whose seats or options cannot be read is
ended by /match abandon; a step of the log that cannot be read does not freeze the board; a
delivery that keeps failing is given up with a word; a full disk is said."""

from __future__ import annotations

import random

import pytest

from cogs.writer import GIVE_UP
from tests.discord.helpers import (
    board_message,
    custom_ids,
    live,
    make_first_choice,
    make_world,
    member_of,
    open_lobby,
    play_one_action,
    start_match,
    text,
)


@pytest.mark.parametrize("column, value", [("seats", "not json"), ("options", "[1]")])
async def test_a_match_with_unreadable_seats_or_options_can_be_abandoned(simcord_env, column, value):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    host, other = world.players
    board = board_message(world)
    await world.bot.store.execute_raw(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match.id))
    clicked = await other.click(board, label="Play")
    answer = clicked.response or clicked.followups[-1]
    assert clicked.ephemeral and "damaged" in answer.content and "/match abandon" in answer.content
    done = await host.slash(world.channel, "match abandon")
    assert done.ephemeral and "is abandoned" in done.response.content, done.response.content
    await world.env.settle()
    await world.bot.table.writer.idle()
    assert await live(world) is None, "the channel is free"
    assert "was abandoned" in text(world.channel.history()[-1]), "the channel is told"
    assert board.id not in [m.id for m in world.channel.history()], "the board and its buttons are gone"
    await open_lobby(world, host, "kigi")  # a new match can begin here


async def test_a_lobby_with_unreadable_seats_is_refused_and_can_be_cancelled(simcord_env):
    world = await make_world(simcord_env, 2)
    host, other = world.players
    lobby = await open_lobby(world, host, "ikenokoi")
    match = await live(world)
    await world.bot.store.execute_raw("UPDATE matches SET seats = '[1, 2]' WHERE id = ?", (match.id,))
    joined = await other.click(lobby, label="Join")
    assert joined.ephemeral and "damaged" in (joined.response or joined.followups[-1]).content
    done = await host.slash(world.channel, "match abandon")
    assert "is abandoned" in done.response.content, done.response.content
    await world.env.settle()
    await world.bot.table.writer.idle()
    assert await live(world) is None
    closed = next(m for m in world.channel.history() if m.id == lobby.id)
    assert "Cancelled" in text(closed) and not [c for c in custom_ids(closed) if c.startswith("lb:")]


async def test_a_step_of_the_log_that_cannot_be_read_does_not_freeze_the_board(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    rng = random.Random(5)
    for _ in range(3):
        assert await play_one_action(world, rng)
    match = await live(world)
    await world.bot.store.execute_raw(
        "UPDATE actions SET events = '{broken' WHERE match_id = ? AND version = ?", (match.id, match.version)
    )
    for _ in range(3):
        assert await play_one_action(world, rng)
    await world.env.settle()
    await world.bot.table.writer.idle()
    now = await live(world)
    assert f"bd:play:{now.id}:{now.version}" in custom_ids(board_message(world)), "the board shows the latest"
    assert await world.bot.store.pending_effects(now.id) == []


async def test_a_delivery_that_keeps_failing_is_given_up_with_a_word_in_the_channel(simcord_env, monkeypatch):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    writer = world.bot.table.writer
    tries = []

    async def broken(*args, **kwargs):
        tries.append(1)
        raise RuntimeError("a bug in drawing this board")

    monkeypatch.setattr(writer.messages, "board_message", broken)
    match = await live(world)
    await world.players[1].slash(world.channel, "match board")  # the board, again at the bottom
    for _ in range(40):  # twenty minutes: the tries, then the sweeps that must leave it alone
        await world.env.advance_time(30)
    assert len(tries) == GIVE_UP, "a bounded number of tries"
    words = [m for m in world.channel.history() if f"cannot show match #{match.id}" in (m.content or "")]
    assert len(words) == 1 and "/match abandon" in words[0].content
    assert await world.bot.store.pending_effects(match.id), "what was not shown stays to be shown"
    monkeypatch.undo()
    await world.players[0].slash(world.channel, "match board")  # the next change tries again
    await world.env.settle()
    await writer.idle()
    now = await live(world)
    assert f"bd:play:{now.id}:{now.version}" in custom_ids(board_message(world))
    assert await world.bot.store.pending_effects(now.id) == []


async def test_a_move_on_a_full_disk_is_answered_with_the_storage_full(simcord_env):
    """Issue 34: a full disk got the generic apology ("something went wrong on our side")."""
    from tests.test_store import fill_the_disk

    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    await fill_the_disk(world.bot.store, "sqlite")
    for _ in range(100):  # until a move needs room (the file's pages may have some left)
        match = await live(world)
        seat = world.bot.service.state_of(match).to_act()[0]
        player = member_of(world, match, seat)
        opened = await player.click(board_message(world), label="Play")
        clicked = await make_first_choice(player, opened.response or opened.followups[-1])
        said = [m.content for m in [clicked.response, *clicked.followups] if m is not None and m.content]
        if any("storage is full" in s for s in said):
            break
        assert not any("went wrong" in s for s in said), said
    else:
        raise AssertionError("no move ever needed room")
    assert (await live(world)).version == match.version, "nothing was changed"

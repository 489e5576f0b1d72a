"""Damaged rows never lock a channel: a live match whose seats or options cannot be read is
ended by /match abandon; a step of the log that cannot be read does not freeze the board."""

from __future__ import annotations

import pytest

from tests.discord.helpers import board_message, custom_ids, live, make_world, open_lobby, start_match, text


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

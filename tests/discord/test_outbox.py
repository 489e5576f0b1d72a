"""Public messages come from the database: one live board, delivered after any crash."""

from __future__ import annotations

import asyncio
import random

import discord

from bot.config import Settings
from bot.core import create_bot
from bot.service import forced_steps
from tests.discord.helpers import (
    board_message,
    custom_ids,
    live,
    make_first_choice,
    make_world,
    mentions,
    open_lobby,
    play_one_action,
    start_match,
    text,
    texts,
)


def live_boards(world) -> list:
    """Public messages of the channel that still offer a Play button."""
    return [
        m
        for m in world.channel.history()
        if not m.flags.ephemeral and any(c.startswith("bd:play:") for c in custom_ids(m))
    ]


async def last_public_version(world, match) -> int:
    """The last version whose public picture or player to act differs from the one before."""
    game = world.bot.service.game(match.game)
    state = game.new_state(len(match.seats), match.seed, match.options)
    seen, last = (state.view(None), state.to_act()), 0
    for row in await world.bot.store.actions(match.id, 100_000):
        state.apply(row.seat, row.action)
        now = (state.view(None), state.to_act())
        if now != seen and row.version > 0:
            seen, last = now, row.version
    return last


async def assert_one_current_board(world, bottom: bool = False) -> None:
    """One board offers buttons, the recorded one, showing the latest public state; one mention
    (the recorded one) names the players to act and links to it."""
    match = await live(world)
    boards = live_boards(world)
    assert len(boards) == 1, f"{len(boards)} boards offer buttons"
    (board,) = boards
    assert board.id == match.board_message_id, "the live board is the recorded one"
    (play,) = [c for c in custom_ids(board) if c.startswith("bd:play:")]
    shown = int(play.rsplit(":", 1)[1])
    assert await last_public_version(world, match) <= shown <= match.version, "the live board is current"
    if bottom:
        others = [m for m in world.channel.history() if not m.flags.ephemeral and m not in mentions(world)]
        assert others[-1].id == board.id, "the live board is the bottom one"
    state = world.bot.service.state_of(match)
    (mention,) = mentions(world)
    assert mention.id == match.mention_message_id
    assert f"/{board.id}" in mention.content, "the mention links to the board"
    for seat in state.to_act():
        assert f"<@{match.seats[seat].user_id}>" in mention.content


def hold_boards(world) -> asyncio.Event:
    """Boards are drawn only when the test lets them: other clicks arrive while one is being posted."""
    table = world.bot.table
    original = table.messages.board_message
    gate = asyncio.Event()

    async def held(*args, **kwargs):
        await world.env.external_wait(gate.wait(), reason="the board is being drawn")
        return await original(*args, **kwargs)

    table.messages.board_message = held
    return gate


async def release(world, gate: asyncio.Event) -> None:
    gate.set()
    await world.env.settle()
    await world.bot.table.writer.idle()


async def first_move(world, rng):
    match = await live(world)
    state = world.bot.service.state_of(match)
    seat = state.to_act()[0]
    member = next(p for p in world.players if p.id == match.seats[seat].user_id)
    opened = await member.click(board_message(world), label="Play")
    return member, opened.response or opened.followups[-1]


async def test_a_move_racing_match_board_leaves_one_current_board_at_the_bottom(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    rng = random.Random(1)
    gate = hold_boards(world)
    member, panel = await first_move(world, rng)
    clicked = await make_first_choice(member, panel)
    assert clicked.acknowledged
    # The board of that move is still being drawn when someone asks for the board.
    asked = await world.players[1].slash(world.channel, "match board")
    assert asked.ephemeral
    await release(world, gate)
    await assert_one_current_board(world, bottom=True)


async def test_clicks_while_a_board_is_being_posted_leave_one_current_board(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    rng = random.Random(2)
    gate = hold_boards(world)
    first = (await live(world)).version
    # Every move lands while the previous move's board is still being drawn; Play on the board
    # that is still shown opens the current choice.
    for _ in range(6):
        assert await play_one_action(world, rng)
    assert (await live(world)).version >= first + 3, "the moves were made while the board was held"
    await release(world, gate)
    await assert_one_current_board(world)


async def restart(world, db_path):
    await world.env.restart_bot(create_bot(Settings(token=None, database_path=db_path)))
    world.bot = world.env.bot
    await world.bot.table.writer.idle()


def crash_before_delivery(world) -> None:
    """The process dies right after the commit: nothing of the outbox gets delivered."""
    world.bot.service.on_effects = lambda match_id: None


async def test_a_kill_after_a_saved_move_still_shows_its_board_after_the_restart(simcord_env, db_path):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    rng = random.Random(3)
    assert await play_one_action(world, rng)
    crash_before_delivery(world)
    assert await play_one_action(world, rng)
    match = await live(world)
    assert match.board_message_id is not None
    assert await world.bot.store.pending_effects(match.id), "the move's board is not delivered"
    await restart(world, db_path)
    await assert_one_current_board(world)
    assert await play_one_action(world, rng), "the game goes on from the recovered board"
    await world.bot.reminders.stop()
    await world.bot.store.close()


async def play_to_the_last_move(world, match_id: int, rng: random.Random):
    """Random moves through the service until the next one can end the game; its boards delivered.
    Returns the match, the seat to act and an action of it that ends the game."""
    service = world.bot.service
    while True:
        match = await service.get(match_id)
        state = service.state_of(match)
        seat = state.to_act()[0]
        last = [a for a in state.legal_actions(seat) if _ends(state, seat, a.id)]
        if last:
            break
        action = rng.choice(state.legal_actions(seat)).id
        await service.act(match_id, match.seats[seat].user_id, match.version, action)
    await world.env.settle()
    await world.bot.table.writer.idle()
    return match, seat, last[0].id


async def test_a_kill_after_the_last_move_still_posts_the_final_scores(simcord_env, db_path):
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    service = world.bot.service
    # Play until one action is left, then die right after saving the last one.
    match, seat, last = await play_to_the_last_move(world, match_id, random.Random(4))
    crash_before_delivery(world)
    await service.act(match_id, match.seats[seat].user_id, match.version, last)
    assert (await service.get(match_id)).status == "finished"
    assert not any("is over" in text(m) for m in world.channel.history())
    await restart(world, db_path)
    finals = [m for m in world.channel.history() if "is over" in text(m)]
    assert len(finals) == 1 and finals[0].attachments[0].filename == "final.png"
    assert live_boards(world) == [], "no board offers buttons after the end"
    assert mentions(world) == [], "the last mention is deleted"
    await world.bot.reminders.stop()
    await world.bot.store.close()


async def test_a_result_posted_before_a_kill_is_not_posted_again_in_the_channels_new_language(
    simcord_env, db_path, locales
):
    """The result was posted (in the server's language, en-XA) but the process died before marking
    it delivered; the channel's language changed meanwhile. Recovery finds the result by its
    buttons, whatever its words, and does not post it twice (issue 35)."""
    world = await make_world(simcord_env, 2)
    locales.guild(world.guild, "en-XA")
    match_id = await start_match(world, "ikenokoi", 2)
    service = world.bot.service
    match, seat, last = await play_to_the_last_move(world, match_id, random.Random(4))

    async def killed(*args, **kwargs):  # the process dies right after the result is posted
        return None

    world.bot.store.finish_effects = killed
    await service.act(match_id, match.seats[seat].user_id, match.version, last)
    await world.env.settle()
    await world.bot.table.writer.idle()
    assert await world.bot.store.pending_effects(match_id), "the result is not marked delivered"

    def results() -> list:
        return [m for m in world.channel.history() if f"rs:{match_id}" in custom_ids(m)]

    assert len(results()) == 1 and "is over" not in text(results()[0]), "posted once, in en-XA"
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = world.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    await mod.slash(world.channel, "settings", language="en")
    await restart(world, db_path)
    assert len(results()) == 1, "the result is not posted again"
    assert not await world.bot.store.pending_effects(match_id)
    await world.bot.reminders.stop()
    await world.bot.store.close()


def _ends(state, seat, action_id) -> bool:
    """Whether this action ends the game (with the forced steps the service applies after it)."""
    trial = state.copy()
    trial.apply(seat, action_id)
    forced_steps(trial)
    return trial.is_over()


async def test_a_kill_between_creating_a_lobby_and_posting_it(simcord_env, db_path):
    world = await make_world(simcord_env, 2)
    crash_before_delivery(world)
    result = await world.players[0].slash(world.channel, "ikenokoi new")
    assert result.ephemeral
    assert not [m for m in world.channel.history() if any(c.startswith("lb:") for c in custom_ids(m))]
    await restart(world, db_path)
    lobby = await open_lobby_message(world)
    await world.players[1].click(lobby, label="Join")
    await world.players[0].click(lobby, label="Start")
    await assert_one_current_board(world)
    await world.bot.reminders.stop()
    await world.bot.store.close()


async def open_lobby_message(world):
    from tests.discord.helpers import lobby_message

    return lobby_message(world)


async def test_a_kill_between_posting_a_board_and_recording_it_leaves_one_live_board(simcord_env, db_path):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    rng = random.Random(5)
    store = world.bot.store
    original = store.finish_effects

    async def die(*args, **kwargs):
        raise asyncio.CancelledError  # the process is gone before the board's id is saved

    store.finish_effects = die
    assert await play_one_action(world, rng)
    await world.bot.table.writer.stop()
    store.finish_effects = original
    assert len(live_boards(world)) >= 1
    await restart(world, db_path)
    await assert_one_current_board(world)
    await world.bot.reminders.stop()
    await world.bot.store.close()


async def test_a_lobby_shows_every_join(simcord_env):
    world = await make_world(simcord_env, 4)
    lobby = await open_lobby(world, world.players[0], "ikenokoi")
    for p in world.players[1:]:
        await p.click(lobby, label="Join")
    shown = next(m for m in world.channel.history() if m.id == lobby.id)
    assert "**Players (4/5)**\n1. alice\n2. bob\n3. carol\n4. dave" in texts(shown)

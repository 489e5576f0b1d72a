"""Saving while another process holds SQLite's write lock: every click and command that writes is
acknowledged within Discord's 3 s, and answered with the committed result once it is in.

The lock is held until the bot acknowledges the interaction (at most ``HOLD`` seconds): a handler
that acknowledged only after saving finds it let go after ``HOLD`` s, past SimCord's 3 s deadline
for a first answer (its clock follows the bot's retries), and the test says so."""

from __future__ import annotations

import subprocess
import sys

import discord
import pytest

from tests.discord.helpers import (
    board_message,
    custom_ids,
    lobby_message,
    make_first_choice,
    make_world,
    open_lobby,
    start_match,
    text,
)
from tests.discord.test_async_play import moderator
from tests.discord.test_outbox import first_move
from tests.discord.test_replay import final_message
from tests.discord.test_undo import choose, undoable_choice

HOLD = 6.0  # seconds the lock is held when nothing acknowledges the interaction
pytestmark = pytest.mark.simcord(settle_timeout=15, shard_count=1)  # below the board's step timer


class HeldWriteLock:
    """Another process holds a write lock until ``release`` (or ``HOLD`` s); ``released_by`` says
    which: "acknowledged" or "timeout". By default SQLite's; ``sql`` (PostgreSQL): the locks its
    statements take in a transaction of the database at ``db``."""

    def __init__(self, db: str, sql: str | None = None, hold: float = HOLD) -> None:
        if sql is None:
            lock = f"db = sqlite3.connect({db!r}, isolation_level=None)\ndb.execute('BEGIN IMMEDIATE')"
            let_go = "db.execute('COMMIT')"
        else:
            lock = (
                "import asyncio, asyncpg\nloop = asyncio.new_event_loop()\n"
                f"db = loop.run_until_complete(asyncpg.connect({db!r}))\n"
                "loop.run_until_complete(db.execute('BEGIN'))\n"
                f"loop.run_until_complete(db.execute({sql!r}))"
            )
            let_go = "loop.run_until_complete(db.execute('ROLLBACK'))"
        script = (
            f"import select, sqlite3, sys\n{lock}\nprint('locked', flush=True)\n"
            f"told, _, _ = select.select([sys.stdin], [], [], {hold})\n{let_go}\n"
            "print('acknowledged' if told else 'timeout', flush=True)\n"
        )
        self.process = subprocess.Popen(
            [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout.readline().strip() == "locked"
        self.released_by: str | None = None

    def release(self) -> None:
        if self.process.poll() is None and not self.process.stdin.closed:
            self.process.stdin.write("go\n")
            self.process.stdin.flush()

    def wait(self) -> str:
        self.process.wait(30)
        self.released_by = self.process.stdout.readline().strip()
        self.process.stdin.close()
        self.process.stdout.close()
        return self.released_by


async def under_write_lock(world, db_path, monkeypatch, act, **lock):
    """``act()`` (a click or command) while the write lock is held (``HeldWriteLock(db_path,
    **lock)``); it is let go as soon as the interaction is acknowledged. Returns the interaction's
    result, checked to be acknowledged in time (while the write waited for the lock)."""
    await world.env.settle()
    await world.bot.table.writer.idle()  # nothing of an earlier step still to be written
    lock = HeldWriteLock(db_path, **lock)
    defer = discord.InteractionResponse.defer

    async def deferred(self, *args, **kwargs):
        done = await defer(self, *args, **kwargs)
        lock.release()
        return done

    monkeypatch.setattr(discord.InteractionResponse, "defer", deferred)
    try:
        result = await act()
    finally:
        lock.release()
        released_by = lock.wait()
        monkeypatch.setattr(discord.InteractionResponse, "defer", defer)
    assert released_by == "acknowledged", "the interaction was first answered after the lock was let go"
    assert result.acknowledged, "answered within Discord's 3 s"
    return result


def said(result) -> str:
    """What the person was told after the acknowledgement (the deferred answer, or a follow-up)."""
    messages = [m for m in (result.response, *result.followups) if m is not None]
    return "\n".join(m.content or text(m.message) for m in messages)


async def test_a_move_is_acknowledged_then_answered(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    member, panel = await first_move(world, None)
    before = (await world.bot.store.get_match(match_id)).version
    await under_write_lock(world, db_path, monkeypatch, lambda: make_first_choice(member, panel))
    assert (await world.bot.store.get_match(match_id)).version > before, "the move is in"


async def a_step_to_undo(world):
    """A Kigi match whose first player took a step Undo can take back: (match id, its version,
    the player, their panel, the Undo's custom id)."""
    match_id = await start_match(world, "kigi", 2)  # every opening of Kigi offers such a step
    match = await world.bot.store.get_match(match_id)
    state = world.bot.service.state_of(match)
    seat = state.to_act()[0]
    player = next(p for p in world.players if p.id == match.seats[seat].user_id)
    opened = await player.click(board_message(world), label="Play")
    panel = opened.response or opened.followups[-1]
    await choose(player, panel, undoable_choice(state, seat))
    (undo,) = [c for c in custom_ids(panel) if c.startswith("un:")]
    return match_id, (await world.bot.store.get_match(match_id)).version, player, panel, undo


async def test_undo_is_acknowledged_then_shows_the_choice_again(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 2)
    match_id, stepped, player, panel, undo = await a_step_to_undo(world)
    await under_write_lock(world, db_path, monkeypatch, lambda: player.click(panel, custom_id=undo))
    assert "Taken back" in text(panel), "the panel shows the choice again, once saved"
    assert (await world.bot.store.get_match(match_id)).version == stepped + 1


async def test_join_is_acknowledged_then_saved(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 2)
    lobby = await open_lobby(world, world.players[0], "ikenokoi")
    joiner = world.players[1]
    await under_write_lock(world, db_path, monkeypatch, lambda: joiner.click(lobby, label="Join"))
    match = await world.bot.store.live_match(world.channel.id)
    assert [s.user_id for s in match.seats] == [world.players[0].id, joiner.id]


async def a_lobby_of_two(world):
    """(host, guest, lobby): an Ike No Koi lobby the second player joined."""
    host, guest = world.players
    lobby = await open_lobby(world, host, "ikenokoi")
    await guest.click(lobby, label="Join")
    return host, guest, lobby


async def test_start_is_acknowledged_then_saved(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 2)
    host, _, lobby = await a_lobby_of_two(world)
    await under_write_lock(world, db_path, monkeypatch, lambda: host.click(lobby, label="Start"))
    assert (await world.bot.store.live_match(world.channel.id)).status == "active"


async def test_add_ai_is_acknowledged_then_saved(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 1)
    host = world.players[0]
    lobby = await open_lobby(world, host, "ikenokoi")
    select = next(c for c in custom_ids(lobby) if c.startswith("la:"))
    await under_write_lock(
        world, db_path, monkeypatch, lambda: host.select(lobby, ["quick"], custom_id=select)
    )
    match = await world.bot.store.live_match(world.channel.id)
    assert [s.ai for s in match.seats] == [None, "quick"]


async def test_a_new_lobby_is_acknowledged_then_announced(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 1)
    host = world.players[0]
    result = await under_write_lock(
        world, db_path, monkeypatch, lambda: host.slash(world.channel, "ikenokoi new")
    )
    assert result.ephemeral and "lobby is open" in said(result)
    await world.env.settle()
    await world.bot.table.writer.idle()
    assert lobby_message(world) is not None


async def test_settings_are_acknowledged_then_shown(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 1)
    manager = await moderator(world)
    result = await under_write_lock(
        world, db_path, monkeypatch, lambda: manager.slash(world.channel, "settings", delay="3h")
    )
    assert result.ephemeral and "after 3 hours" in said(result)
    assert (await world.bot.store.channel_settings(world.channel.id)).reminder_delay == 3 * 3600


async def test_notifications_are_acknowledged_then_shown(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 1)
    person = world.players[0]
    result = await under_write_lock(
        world, db_path, monkeypatch, lambda: person.slash(world.channel, "notifications", turn="dm")
    )
    assert result.ephemeral and "a direct message" in said(result)
    assert (await world.bot.store.turn_pings([person.id]))[person.id] == "dm"


async def test_match_board_is_acknowledged_then_recorded(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    asker = world.players[1]
    result = await under_write_lock(
        world, db_path, monkeypatch, lambda: asker.slash(world.channel, "match board")
    )
    assert result.ephemeral and "bottom" in said(result)


async def test_resign_is_acknowledged_then_saved(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    quitter = world.players[1]
    result = await under_write_lock(
        world, db_path, monkeypatch, lambda: quitter.slash(world.channel, "match resign")
    )
    assert result.ephemeral and "You resigned" in said(result)
    assert (await world.bot.store.get_match(match_id)).status == "finished"


# The other handlers that write: the same, without a word more.


async def test_leave_and_cancel_are_acknowledged_then_saved(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 2)
    host, guest, lobby = await a_lobby_of_two(world)
    await under_write_lock(world, db_path, monkeypatch, lambda: guest.click(lobby, label="Leave"))
    match = await world.bot.store.live_match(world.channel.id)
    assert [s.user_id for s in match.seats] == [host.id]
    await under_write_lock(world, db_path, monkeypatch, lambda: host.click(lobby, label="Cancel"))
    assert (await world.bot.store.get_match(match.id)).status == "abandoned"


async def test_return_and_abandon_are_acknowledged_then_saved(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 2)
    host, other = world.players
    match_id = await start_match(world, "ikenokoi", 2)
    match = await world.bot.store.get_match(match_id)
    old, held = world.bot.service._held(match, [match.seat_of(other.id)])  # an AI plays their seat
    await world.bot.store.update_seats(match_id, old, held, "active", 0.0)
    result = await under_write_lock(
        world, db_path, monkeypatch, lambda: other.slash(world.channel, "match return")
    )
    assert "You play your own seat" in said(result)
    assert all(s.ai is None for s in (await world.bot.store.get_match(match_id)).seats)
    result = await under_write_lock(
        world, db_path, monkeypatch, lambda: host.slash(world.channel, "match abandon")
    )
    assert "is abandoned" in said(result)
    assert (await world.bot.store.get_match(match_id)).status == "abandoned"


async def test_rematch_is_acknowledged_then_opened(simcord_env, db_path, monkeypatch):
    world = await make_world(simcord_env, 2)
    alice, bob = world.players
    await start_match(world, "ikenokoi", 2)
    await bob.slash(world.channel, "match resign")
    await world.env.settle()
    await world.bot.table.writer.idle()
    final = final_message(world)
    result = await under_write_lock(world, db_path, monkeypatch, lambda: alice.click(final, label="Rematch"))
    assert result.followups[-1].ephemeral and "A rematch lobby" in said(result), "said privately"
    assert (await world.bot.store.live_match(world.channel.id)).status == "lobby"

"""Games that never stall for good, through SimCord with the simulated clock, on both stores: after
the last reminder and the channel's wait, the board offers the other players a choice (an AI plays
the absent seat until its player comes back, or the match ends without a result); the absent
player is told by DM or mention; the choice holds across a restart."""

from __future__ import annotations

import pytest

from bot.config import Settings
from bot.core import create_bot
from bot.service import MAX_REMINDERS
from tests.discord.helpers import (
    board_message,
    custom_ids,
    make_first_choice,
    make_world,
    start_match,
    text,
)
from tests.discord.test_async_play import moderator

HOUR = 3600


@pytest.fixture
def bot_database(database) -> str:
    return database  # SQLite and PostgreSQL (tests/conftest.py's backend parameter)


@pytest.fixture
def bot_settings() -> dict:
    return {"board_step_delay": 0, "outbox_sweep": 0}  # the clock moves: no timer of the writer's


def said(result) -> str:
    return " ".join(m.content or "" for m in [result.response, *result.followups])


def pinged(world, message) -> set[int]:
    """The users the message was allowed to ping (as Discord would notify them)."""
    request = next(
        r
        for r in reversed(world.env.http_requests)
        if r.method == "POST" and (r.json or {}).get("content") == message.content
    )
    return {int(u) for u in request.json["allowed_mentions"]["users"]}


def choice_ids(message) -> list[str]:
    return [c for c in custom_ids(message) if c.startswith("ab:")]


async def away_until_offered(world, players: int = 3):
    """A match of ``players`` with hourly reminders, left until the board offers the choice: (the
    match as started, the absent member, the other members)."""
    await world.bot.service.set_reminders(world.channel.id, HOUR, True)
    match_id = await start_match(world, "ikenokoi", players)
    match = await world.bot.store.get_match(match_id)
    (seat,) = world.bot.service.state_of(match).to_act()
    absent = next(p for p in world.players if p.id == match.seats[seat].user_id)
    others = [p for p in world.players[:players] if p is not absent]
    for _ in range(MAX_REMINDERS):
        await world.env.advance_time(HOUR + 1)
    assert choice_ids(board_message(world)) == [], "no choice at the last reminder yet"
    await world.env.advance_time(HOUR + 1)
    await world.bot.table.writer.idle()
    return match, absent, others


def offer_notice(world, match_id: int):
    (notice,) = [
        m for m in world.channel.history() if f"match #{match_id} has waited for" in (m.content or "")
    ]
    return notice


async def test_the_board_offers_the_others_a_choice_and_one_lets_an_ai_play(simcord_env):
    world = await make_world(simcord_env, 3)
    world.bot.table.ai.budget = 0.05
    match, absent, others = await away_until_offered(world)
    board = board_message(world)
    assert choice_ids(board) == [f"ab:ai:{match.id}:{match.version}", f"ab:end:{match.id}:{match.version}"]
    assert "did not come back after 3 reminders" in text(board)
    notice = offer_notice(world, match.id)
    assert pinged(world, notice) == {p.id for p in [*others, absent]}, "the others and the absent told"
    # The absent player and someone not in the match cannot choose.
    mine = await absent.click(board, label="Let an AI play the seat")
    assert mine.ephemeral and "waits for you" in said(mine)
    fan = world.guild.add_member(world.env.create_user("fan"))
    theirs = await fan.click(board, label="End without a result")
    assert theirs.ephemeral and "Only the other players" in said(theirs)
    # Any one of the others decides.
    chosen = await others[0].click(board, label="Let an AI play the seat")
    assert chosen.ephemeral and "An AI now plays" in said(chosen)
    await world.env.advance_time(1)
    await world.bot.table.writer.idle()
    after = await world.bot.store.get_match(match.id)
    assert after.held_seat_of(absent.id) is not None and after.version > match.version, "the AI played"
    told = [m for m in world.channel.history() if "an AI now plays your seat" in (m.content or "")]
    assert len(told) == 1 and absent.mention in told[0].content and "chose" in told[0].content
    assert choice_ids(board_message(world)) == [], "the board no longer offers it (a later click on an"
    # old copy is refused: tests/test_absent.py)
    back = await absent.slash(world.channel, "match return")
    assert "your own seat" in said(back)


async def test_the_choice_survives_a_restart_and_ends_the_match_without_a_result(simcord_env, database):
    world = await make_world(simcord_env, 2)
    match, absent, (other,) = await away_until_offered(world, players=2)
    assert absent.id in pinged(world, offer_notice(world, match.id)), "mentioned (no DM asked for)"
    url = database if "://" in database else None
    fresh = create_bot(Settings(token=None, database_path=database, database_url=url))
    await simcord_env.restart_bot(fresh)
    await simcord_env.advance_time(1)
    board = board_message(world)
    assert choice_ids(board), "the restarted bot's board still offers the choice"
    ask = await other.click(board, label="End without a result")
    assert ask.ephemeral and "cannot be taken back" in said(ask)
    assert (await fresh.store.get_match(match.id)).status == "active", "asked once more, nothing done"
    sure = await other.click(ask.response, label="Yes, end it without a result")
    assert "ended without a result" in said(sure)
    await fresh.table.writer.idle()
    ended = await fresh.store.get_match(match.id)
    assert ended.status == "abandoned" and await fresh.store.finished_matches(world.channel.id) == []
    final = [m for m in world.channel.history() if "without a result" in text(m) and not m.flags.ephemeral]
    assert final and "did not come back" in text(final[-1])
    await fresh.reminders.stop()
    await fresh.store.close()


async def test_the_absent_player_is_told_by_dm_and_coming_back_withdraws_the_offer(simcord_env):
    world = await make_world(simcord_env, 2)
    for p in world.players:
        await p.slash(world.channel, "notifications", reminders="dm")
    match, absent, (other,) = await away_until_offered(world, players=2)
    dms = [
        m for m in absent.user.dm_channel.history() if "end the match without a result" in (m.content or "")
    ]
    assert len(dms) == 1 and f"match #{match.id}" in dms[0].content
    notice = offer_notice(world, match.id)
    assert pinged(world, notice) == {other.id}, "the absent player was told by DM: not pinged here"
    offered = board_message(world)
    # They come back and play: the offer lapses.
    play = await absent.click(offered, label="Play")
    panel = play.followups[-1] if play.followups else play.response
    await make_first_choice(absent, panel)
    await world.bot.table.writer.idle()
    assert choice_ids(board_message(world)) == [], "the new board offers nothing"
    assert (await world.bot.store.get_match(match.id)).status == "active"


async def test_settings_show_and_change_when_the_others_may_decide(simcord_env):
    world = await make_world(simcord_env, 2)
    manager = await moderator(world)
    shown = await manager.slash(world.channel, "settings")
    assert "after **12 hours** more, the other players may let an AI play it" in said(shown)
    never = await manager.slash(world.channel, "settings", absent="never")
    assert "**nothing** happens" in said(never)
    bad = await manager.slash(world.channel, "settings", absent="1m")
    assert "between 10 minutes and 30 days" in said(bad)
    ai = await manager.slash(world.channel, "settings", absent="2h", takeover=True)
    assert "after **2 hours** more, an AI takes their seat" in said(ai)

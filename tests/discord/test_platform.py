"""The platform through the real bot: lobby, a whole game, restarts, refusals, reminders, secrets."""

from __future__ import annotations

import random

import pytest
from simcord.backend.errors import SetupError

from bot.config import Settings
from bot.core import create_bot
from cogs.table import PLAY_COOLDOWN
from tests.discord.helpers import (
    board_message,
    custom_ids,
    first_choice,
    gallery,
    live,
    make_choice,
    make_first_choice,
    make_world,
    member_of,
    open_lobby,
    play_one_action,
    play_to_the_end,
    start_match,
    text,
)


# A whole game without the outbox sweep: see tests/discord/test_games.py (a timer of the bot's that
# comes due on the wall clock in the middle of a click makes that click's settlement time out).
@pytest.mark.parametrize("bot_settings", [{"board_step_delay": 3600.0, "outbox_sweep": 0}])
async def test_whole_game_of_ike_no_koi_through_buttons(simcord_env):
    world = await make_world(simcord_env, 3)
    match_id = await start_match(world, "ikenokoi", 3)
    board = board_message(world)
    assert [m["url"].rsplit("/", 1)[1] for m in gallery(board)] == ["board.png"]
    mention = world.channel.last_message
    assert any(p.mention in mention.content for p in world.players), "the first player is mentioned"
    assert "your turn" in mention.content and f"/{board.id}" in mention.content
    rng = random.Random(7)
    await play_to_the_end(world, rng)
    match = await world.bot.store.get_match(match_id)
    assert match.status == "finished"
    final = world.channel.last_message
    assert "is over" in text(final)
    assert final.attachments and final.attachments[0].filename == "final.png"
    assert "**Final scores**" in text(final)
    played = [await world.bot.store.stats(world.guild.id, p.id) for p in world.players]
    assert all(s and s[0].played == 1 for s in played)
    assert sum(s[0].won for s in played) >= 1
    stats = await world.players[0].slash(world.channel, "stats")
    assert stats.ephemeral and "1 played" in stats.response.embeds[0].fields[0].value


async def test_lobby_rules(simcord_env):
    world = await make_world(simcord_env, 4)
    host, bob, carol, _ = world.players
    lobby = await open_lobby(world, host, "ikenokoi")
    refused = await host.click(lobby, label="Start")
    assert refused.ephemeral and "2 to 5 players" in refused.response.content
    await bob.click(lobby, label="Join")
    again = await bob.click(lobby, label="Join")
    assert again.ephemeral and "already" in again.response.content
    not_host = await bob.click(lobby, label="Start")
    assert not_host.ephemeral and "Only the host" in not_host.response.content
    await bob.click(lobby, label="Leave")
    match = await live(world)
    assert [s.user_id for s in match.seats] == [host.id]
    second = await carol.slash(world.channel, "kigi new")
    assert second.ephemeral and "already has a match" in second.response.content
    assert str(match.id) and "discord.com/channels" in second.response.content
    cancel = await carol.click(lobby, label="Cancel")
    assert cancel.ephemeral and "Only the host" in cancel.response.content
    await host.click(lobby, label="Cancel")
    assert await live(world) is None


async def test_match_in_a_new_thread(simcord_env):
    world = await make_world(simcord_env, 2)
    result = await world.players[0].slash(world.channel, "ikenokoi new", thread=True)
    assert result.ephemeral
    threads = world.channel.threads
    assert len(threads) == 1
    match = await world.bot.store.live_match(threads[0].id)
    assert match is not None and match.status == "lobby"
    assert await world.bot.store.live_match(world.channel.id) is None


async def test_foreign_wrong_turn_and_stale_clicks_change_nothing(simcord_env):
    world = await make_world(simcord_env, 4)
    await start_match(world, "ikenokoi", 3)
    outsider = world.players[3]
    match = await live(world)
    state = world.bot.service.state_of(match)
    active = state.to_act()[0]
    waiting = member_of(world, match, (active + 1) % 3)
    board = board_message(world)

    r = await outsider.click(board, label="Play")
    assert r.ephemeral and "not playing" in r.response.content
    r = await waiting.click(board, label="Play")
    assert r.ephemeral and "not your turn" in r.response.content
    assert (await live(world)).version == match.version

    # The active player opens the panel and plays until the turn passes.
    player = member_of(world, match, active)
    opened = await player.click(board, label="Play")
    panel = opened.response or opened.followups[-1]
    stale_id, stale_action = first_choice(panel)
    rng = random.Random(3)
    await world.env.advance_time(PLAY_COOLDOWN)  # Play again at the same moment: after its cooldown
    assert await play_one_action(world, rng)
    now = await live(world)
    assert now.version > match.version
    # The old board is retired or refused; an old panel button is refused and changes nothing.
    old = await world.bot.store.get_match(now.id)
    stale_version = int(stale_id.split(":")[2])
    assert stale_version < old.version
    with pytest.raises(Exception, match="moved on"):
        await world.bot.service.act(now.id, player.id, stale_version, stale_action)
    assert (await live(world)).version == old.version


async def test_restart_mid_game_old_buttons_still_work(simcord_env, db_path):
    world = await make_world(simcord_env, 3)
    await start_match(world, "ikenokoi", 3)
    rng = random.Random(11)
    for _ in range(3):
        await play_one_action(world, rng)
    before = await live(world)
    await simcord_env.restart_bot(create_bot(Settings(token=None, database_path=db_path)))
    world.bot = simcord_env.bot
    after = await live(world)
    assert after.version == before.version and after.state == before.state
    # The board posted before the restart still answers, and the game goes on.
    assert await play_one_action(world, rng)
    assert (await live(world)).version > before.version
    await world.bot.reminders.stop()
    await world.bot.store.close()


async def test_hidden_information_only_in_the_owners_ephemeral_messages(simcord_env):
    world = await make_world(simcord_env, 3)
    await start_match(world, "ikenokoi", 3)
    match = await live(world)
    state = world.bot.service.state_of(match)
    seat = state.to_act()[0]
    owner = member_of(world, match, seat)
    other = member_of(world, match, (seat + 1) % 3)
    secret = state.view(seat)
    assert secret != state.view(None)

    result = await owner.slash(world.channel, "match view")
    assert result.ephemeral
    private = result.response or result.followups[-1]
    assert private.attachments and private.attachments[0].filename == "private.png"
    visible_to_other = [m.id for m in world.channel.history(viewer=other)]
    assert private.id not in visible_to_other
    assert private.id in [m.id for m in world.channel.history(viewer=owner)]
    # Every public message is free of private pictures.
    for message in world.channel.history(viewer=other):
        if not message.flags.ephemeral:
            assert all(a.filename != "private.png" for a in message.attachments)


# Without the outbox sweep: advancing SimCord's clock by days would otherwise run a sweep (a read
# of the outbox) for every simulated minute, 2,160 of them in the last 36 hours, all within one
# advance's settle timeout (5 s of wall-clock time): 1.3 s here alone, past 5 s on a busy machine.
# Nothing here waits for the sweep (tests/discord/test_faults_writer.py tests it).
@pytest.mark.parametrize("bot_settings", [{"outbox_sweep": 0}])
async def test_reminders_fire_repeat_twice_then_stop(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    to_act = member_of(world, match, world.bot.service.state_of(match).to_act()[0])

    def reminders():
        return [m for m in world.channel.history() if "reminder" in (m.content or "")]

    def turn_messages():
        return [m for m in world.channel.history() if "your turn" in (m.content or "")]

    await simcord_env.advance_time(11 * 3600)
    assert reminders() == []
    await simcord_env.advance_time(3600 + 5)
    assert len(reminders()) == 1
    first = reminders()[0]
    assert to_act.mention in first.content and f"/{match.board_message_id}" in first.content
    # Each reminder replaces the turn's mention: one "your turn" message at a time.
    assert turn_messages() == [first] and "(1/3)" in first.content
    await simcord_env.advance_time(12 * 3600 + 5)
    assert [m.content.count("(2/3)") for m in turn_messages()] == [1]
    await simcord_env.advance_time(12 * 3600 + 5)
    assert [m.content.count("(3/3)") for m in turn_messages()] == [1]
    await simcord_env.advance_time(36 * 3600)
    assert [m.content.count("(3/3)") for m in turn_messages()] == [1], "no fourth reminder"
    assert (await live(world)).mention_message_id == turn_messages()[0].id


async def test_reminder_delay_setting_and_dm_with_fallback(simcord_env):
    import discord

    world = await make_world(simcord_env, 2)
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = world.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    with pytest.raises(SetupError, match="default-member-permissions"):  # /settings: managers only
        await world.players[0].slash(world.channel, "settings", delay="1h")
    bad = await mod.slash(world.channel, "settings", delay="5m")
    assert bad.ephemeral and "between 10 minutes" in bad.response.content
    malformed = await mod.slash(world.channel, "settings", delay="soon")
    assert "like 30m" in malformed.response.content
    ok = await mod.slash(world.channel, "settings", delay="1h")
    assert "after 1 hour without" in ok.response.content
    for p in world.players:
        r = await p.slash(world.channel, "notifications", reminders="dm")
        assert "direct message" in r.response.content
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = member_of(world, match, seat)
    await simcord_env.advance_time(3600 + 5)
    dms = [m for m in player.user.dm_channel.history() if "Reminder" in (m.content or "")]
    assert len(dms) == 1 and "your turn" in dms[0].content
    # DMs closed: the reminder falls back to the channel.
    simcord_env.inject_error(
        "POST", f"/channels/{player.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    await simcord_env.advance_time(3600 + 5)
    in_channel = [m for m in world.channel.history() if "reminder (2/3)" in (m.content or "")]
    assert len(in_channel) == 1 and player.mention in in_channel[0].content


async def test_match_commands(simcord_env):
    world = await make_world(simcord_env, 3)
    host, bob, carol = world.players
    none = await host.slash(world.channel, "match log")
    assert none.ephemeral and "no match" in none.response.content
    match_id = await start_match(world, "ikenokoi", 2)
    rng = random.Random(5)
    for _ in range(3):
        await play_one_action(world, rng)
    log = await host.slash(world.channel, "match log")
    assert log.ephemeral and f"Moves of match #{match_id}" in log.response.content
    board = await carol.slash(world.channel, "match board")
    assert board.ephemeral
    assert board_message(world).id == (await live(world)).board_message_id
    outsider_hand = await carol.slash(world.channel, "match view")
    assert "not playing" in (outsider_hand.response or outsider_hand.followups[-1]).content
    refused = await carol.slash(world.channel, "match abandon")
    assert "Only the host" in refused.response.content
    resign = await bob.slash(world.channel, "match resign")
    assert resign.ephemeral and "resigned" in resign.response.content
    assert await live(world) is None
    final = world.channel.last_message
    assert "is over" in text(final) and "resigned" in text(final)
    assert bob.mention in text(final)
    live_ids = sorted(c for m in world.channel.history() if not m.flags.ephemeral for c in custom_ids(m))
    assert live_ids == [f"rm:{match_id}", f"rp:{match_id}", f"rs:{match_id}"], (
        "only the result's Rematch, Replay and Step through stay"
    )
    stats = await world.bot.store.stats(world.guild.id, host.id)
    assert stats[0].won == 1


async def test_a_stale_panel_is_refused_with_the_current_choice(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = member_of(world, match, seat)
    board = board_message(world)
    first = await player.click(board, label="Play")
    old_panel = first.response or first.followups[-1]
    # As after a restart: this process forgot the first panel, so the second does not retire it.
    world.bot.table.panels.forget(match.id)
    await world.env.advance_time(PLAY_COOLDOWN)  # Play again at the same moment: after its cooldown
    second = await player.click(board, label="Play")
    new_panel = second.response or second.followups[-1]
    assert old_panel.id != new_panel.id
    # The first choice: the draw, or (when the opening draws left a card to place) a zone.
    choice = first_choice(new_panel)
    await make_choice(player, new_panel, *choice)
    version = (await live(world)).version
    assert version > match.version
    still_mine = seat in world.bot.service.state_of(await live(world)).to_act()
    result = await make_choice(player, old_panel, *choice)
    assert result.acknowledged
    assert (await live(world)).version == version, "a stale click changed the match"
    if still_mine:
        assert "moved on" in text(old_panel), "the old panel now shows the current choice"
    else:
        assert "out of date" in (result.response or result.followups[-1]).content


async def test_an_unexpected_error_is_apologised_for_and_changes_nothing(simcord_env, monkeypatch, caplog):
    from games.ikenokoi.state import IkeNoKoiState

    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = member_of(world, match, seat)
    opened = await player.click(board_message(world), label="Play")
    panel = opened.response or opened.followups[-1]

    def broken(self, seat, action_id):
        raise RuntimeError("boom")

    monkeypatch.setattr(IkeNoKoiState, "_do", broken)
    result = await make_first_choice(player, panel)
    apology = result.response or result.followups[-1]
    assert apology.ephemeral and "Sorry" in apology.content
    assert (await live(world)).version == match.version
    assert any(f"match {match.id}" in r.getMessage() for r in caplog.records if r.levelname == "ERROR")
    assert all("Traceback" not in (m.content or "") for m in world.channel.history())

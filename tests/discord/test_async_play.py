"""Async play through SimCord: lobbies that expire, /match mine, /settings, /notifications, /help."""

from __future__ import annotations

import random

import discord
import pytest
from simcord.backend.errors import SetupError

from cogs.table import PLAY_COOLDOWN
from tests.discord.helpers import (
    board_message,
    components,
    custom_ids,
    live,
    lobby_message,
    make_world,
    member_of,
    mentions,
    open_lobby,
    play_one_action,
    start_match,
    text,
)
from tests.discord.test_replay import answer


async def moderator(world):
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    return world.guild.add_member(world.env.create_user("mod"), roles=[mods])


async def test_settings_is_for_managers_and_sets_the_lobby_expiry(simcord_env):
    world = await make_world(simcord_env, 2)
    command = world.bot.tree.get_command("settings")
    assert command.default_permissions.manage_channels, "members who may not use it do not see it"
    assert world.bot.tree.get_command("reminders") is None, "renamed to /settings"
    with pytest.raises(SetupError, match="default-member-permissions"):  # Discord hides it
        await world.players[0].slash(world.channel, "settings", lobby_expiry="1h")
    mod = await moderator(world)
    shown = (await mod.slash(world.channel, "settings")).response.content
    assert "closes itself: **after 1 day without a Start**" in shown
    bad = await mod.slash(world.channel, "settings", lobby_expiry="1m")
    assert "between 10 minutes and 30 days" in bad.response.content
    ok = await mod.slash(world.channel, "settings", lobby_expiry="2h")
    assert "after 2 hours without a Start" in ok.response.content
    never = await mod.slash(world.channel, "settings", lobby_expiry="never")
    assert "closes itself: **never**" in never.response.content


async def test_a_lobby_nobody_starts_closes_itself_with_a_short_post(simcord_env):
    world = await make_world(simcord_env, 2)
    mod = await moderator(world)
    await mod.slash(world.channel, "settings", lobby_expiry="2h")
    lobby = await open_lobby(world, world.players[0], "kigi")
    await simcord_env.advance_time(2 * 3600 - 60)
    assert (await live(world)).status == "lobby"
    await simcord_env.advance_time(120)
    assert await live(world) is None, "the channel is free again"
    closed = next(m for m in world.channel.history() if m.id == lobby.id)
    assert "Closed: nobody pressed Start in time." in text(closed)
    assert not any(c.startswith("lb:join:") for c in custom_ids(closed)), "no Join button left"
    posts = [m for m in world.channel.history() if "The Kigi lobby closed itself" in (m.content or "")]
    assert len(posts) == 1 and "within 2 hours" in posts[0].content
    # A started match never expires.
    await start_match(world, "ikenokoi", 2)
    await simcord_env.advance_time(3 * 3600)
    assert (await live(world)).status == "active"


async def test_match_mine_lists_my_live_matches_here_and_whether_they_wait_for_me(simcord_env):
    world = await make_world(simcord_env, 2)
    alice, bob = world.players
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    other = world.guild.create_text_channel("other")
    await alice.slash(other, "kigi new")
    waiting = match.seats[world.bot.service.state_of(match).to_act()[0]].user_id
    mine = await alice.slash(world.channel, "match mine")
    assert mine.ephemeral
    lines = mine.response.content.splitlines()
    assert len(lines) == 2 and "Ike No Koi" in lines[0] and f"<#{world.channel.id}>" in lines[0]
    assert "Kigi" in lines[1] and "lobby" in lines[1] and f"<#{other.id}>" in lines[1]
    assert ("waiting for you" in lines[0]) == (waiting == alice.id)
    assert "<t:" in lines[0] and ":R>" in lines[0] and "https://discord.com/channels/" in lines[0]
    theirs = (await bob.slash(world.channel, "match mine")).response.content
    assert len(theirs.splitlines()) == 1 and ("waiting for you" in theirs) == (waiting == bob.id)
    outsider = world.guild.add_member(simcord_env.create_user("zed"))
    assert "no live match" in (await outsider.slash(world.channel, "match mine")).response.content


async def test_notifications_and_help(simcord_env):
    world = await make_world(simcord_env, 1)
    (alice,) = world.players
    shown = await alice.slash(world.channel, "notifications")
    assert shown.ephemeral and "a mention in the channel" in shown.response.content
    changed = await alice.slash(world.channel, "notifications", turn="dm", reminders="dm")
    assert "direct message with a Play button" in changed.response.content
    assert "reminders come by direct message" in changed.response.content
    assert await world.bot.store.turn_pings([alice.id]) == {alice.id: "dm"}
    help_text = (await alice.slash(world.channel, "help")).response.content
    for words in ("Iki", "Iwari", "Ike No Koi", "Kigi", "/match mine", "/settings", "/notifications", "Undo"):
        assert words in help_text
    assert len(help_text) <= 2000


async def test_the_turn_mention_carries_play_and_each_player_chooses_how_they_are_told(simcord_env):
    world = await make_world(simcord_env, 3)
    alice, bob, carol = world.players
    await bob.slash(world.channel, "notifications", turn="mute")
    await carol.slash(world.channel, "notifications", turn="dm")
    await start_match(world, "ikenokoi", 3)
    rng = random.Random(1)
    told = {p.id: [] for p in world.players}
    for _ in range(12):
        match = await live(world)
        seat = world.bot.service.state_of(match).to_act()[0]
        player = member_of(world, match, seat)
        (mention,) = mentions(world)
        board = text(board_message(world))
        assert f"**Waiting for {player.mention}** since <t:" in board and ":R>: " in board
        assert any(c.startswith(f"mp:{match.id}:") for c in custom_ids(mention)), "Play on the mention"
        request = next(
            r
            for r in reversed(simcord_env.http_requests)
            if r.method == "POST" and (r.json or {}).get("content") == mention.content
        )
        pinged = {int(u) for u in request.json["allowed_mentions"]["users"]}
        told[player.id].append(player.id in pinged)
        if player is carol:
            dms = [m for m in carol.user.dm_channel.history() if f"match #{match.id}" in (m.content or "")]
            assert dms and any(c.startswith(f"mp:{match.id}:") for c in custom_ids(dms[-1]))
        # Play on the mention opens the panel of the current choice.
        opened = await player.click(mention, label="Play")
        panel = opened.response or opened.followups[-1]
        assert opened.ephemeral and any(c.startswith(("ac:", "as:")) for c in custom_ids(panel))
        await world.env.advance_time(PLAY_COOLDOWN)  # Play again on the board: after its cooldown
        await play_one_action(world, rng)
    assert told[alice.id] and all(told[alice.id]), "alice is pinged in the channel"
    assert told[bob.id] and not any(told[bob.id]), "bob muted the ping"
    assert told[carol.id] and not any(told[carol.id]), "carol is told by DM instead"


async def test_the_lobby_shows_the_options_and_player_counts_of_its_mode(simcord_env):
    world = await make_world(simcord_env, 2)
    alice = world.players[0]
    versus = text(await open_lobby(world, alice, "iwari"))
    assert "(2-5 players)" in versus and "Difficulty" not in versus and "Feats" in versus
    await alice.click(lobby_message(world), label="Cancel")
    solo = text(await open_lobby(world, alice, "iwari", mode="solo"))
    assert "(1 player)" in solo and "Difficulty" in solo and "Feats" not in solo and "Draft" not in solo
    labels = [c.get("label") for c in components(lobby_message(world))]
    assert "Start" in labels and "Join" not in labels, "a solo lobby is full with its host"


async def test_last_moves_leave_out_the_display_refill(simcord_env):
    world = await make_world(simcord_env, 3)
    await start_match(world, "iwari", 3)
    rng = random.Random(2)
    refilled = False
    for _ in range(40):
        await play_one_action(world, rng)
        match = await live(world)
        rows = await world.bot.store.actions(match.id, 6)
        refilled = refilled or any(e.get("type") == "display" for r in rows for e in r.events)
        assert "The display is refilled" not in text(board_message(world))
    assert refilled, "the refill came up"
    _, lines = await world.bot.service.log(world.channel.id, 200)
    assert any("The display is refilled" in line for line in lines), "/match log keeps it"


async def test_a_player_who_left_the_server_cannot_play_through_an_old_turn_dm(simcord_env):
    world = await make_world(simcord_env, 2)
    alice, bob = world.players
    await alice.slash(world.channel, "notifications", turn="dm")
    await bob.slash(world.channel, "notifications", turn="dm")
    match_id = await start_match(world, "ikenokoi", 2)
    match = await live(world)
    player = member_of(world, match, world.bot.service.state_of(match).to_act()[0])
    (dm,) = [m for m in player.user.dm_channel.history() if f"match #{match_id}" in (m.content or "")]
    opened = await player.user.click(dm, label="Play")  # a member: the panel opens in the DM
    assert opened.ephemeral and any(c.startswith(("ac:", "as:")) for c in custom_ids(answer(opened)))
    world.bot.table.panels.forget(match_id)
    world.guild.remove_member(player)
    refused = await player.user.click(dm, label="Play")
    assert refused.ephemeral and "no longer a member" in answer(refused).content
    assert not any(c.startswith(("ac:", "as:")) for c in custom_ids(answer(refused))), "no panel"
    assert (await live(world)).version == match.version

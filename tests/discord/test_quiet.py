"""A quiet channel: one board edited in place, a "your turn" mention deleted after the turn,
steps without a choice taken at once, a panel that comes back by itself, and a rematch."""

from __future__ import annotations

import asyncio
import itertools
import random

import discord
import pytest

from bot.config import Settings
from bot.core import create_bot
from tests.discord.helpers import (
    board_message,
    components,
    custom_ids,
    live,
    make_first_choice,
    make_world,
    member_of,
    mentions,
    open_lobby,
    play_one_action,
    start_match,
    text,
    texts,
)


@pytest.fixture(autouse=True)
def fixed_seeds(simcord_bot):
    """The same deals on every run: these tests follow particular turns (a Sharing, forced draws)."""
    seeds = itertools.count(7)
    simcord_bot.service.seed_source = lambda: next(seeds)


def public(world, channel=None) -> list:
    return [m for m in (channel or world.channel).history() if not m.flags.ephemeral]


def posts(world) -> list:
    """Every message the bot posted in the channel (deleted ones too), from the REST log."""
    path = f"/channels/{world.channel.id}/messages"
    return [r for r in world.env.http_requests if r.method == "POST" and r.path == path]


async def test_steps_without_a_choice_are_taken_at_once_and_shown_in_the_last_moves(simcord_env):
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    match = await live(world)
    rows = await world.bot.store.actions(match_id)
    # Ike No Koi: the first two draws of a player without a lotus flower are no decision (and, with
    # the match's random seed, a river that forces more draws may follow: still no decision).
    assert len(rows) >= 2 and {r.action for r in rows} == {"draw"} and all(r.user_id is None for r in rows)
    assert match.version == len(rows)
    state = world.bot.service.state_of(match)
    seat = state.to_act()[0]
    assert len(state.legal_actions(seat)) > 1, "the player's first click is a real decision"
    board = board_message(world)
    assert "**Last moves**" in text(board) and "reveals Koi" in text(board)
    opened = await member_of(world, match, seat).click(board, label="Play")
    panel = opened.response or opened.followups[-1]
    assert {c.split(":", 3)[3] for c in custom_ids(panel) if c.startswith("ac:")} >= {"stop", "draw"}


async def test_the_board_text_says_what_a_turn_decides_on(simcord_env):
    """At phone width the picture's small text needs a tap: the river is also a line of text."""
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    state = world.bot.service.state_of(await live(world))
    river = ", ".join(f"Koi {k}" if str(k).isdigit() else k for k in state.view(None)["river"])
    lines = texts(board_message(world))
    assert any(line.startswith(f"River: {river} · pond ") for line in lines), lines


async def test_one_board_per_match_and_one_mention_at_a_time(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    board_id = (await live(world)).board_message_id
    rng = random.Random(8)
    seen_mentions = set()
    for _ in range(400):
        match = await live(world)
        if match is None:
            break
        assert match.board_message_id == board_id, "the board is edited in place, never posted again"
        (mention,) = mentions(world)
        assert mention.id == match.mention_message_id
        state = world.bot.service.state_of(match)
        assert member_of(world, match, state.to_act()[0]).mention in mention.content
        assert f"/{board_id}" in mention.content, "the mention links to the board"
        seen_mentions.add(mention.id)
        if not await play_one_action(world, rng):
            break
    assert await live(world) is None, "the game ended"
    assert len(seen_mentions) > 5, "the turn passed often, each time with a new mention"
    # At the end: the lobby (started) and the result; the board and the last mention are deleted.
    left = public(world)
    assert len(left) == 2 and "Started" in text(left[0]) and "is over" in text(left[1])
    assert mentions(world) == []
    boards = [
        r for r in posts(world) if any(c.get("type") == 17 for c in (r.json or {}).get("components", []))
    ]
    assert len(boards) == 3, "lobby, board and result: three cards in the whole game"
    assert len(posts(world)) == 3 + len(seen_mentions)


async def test_the_mention_of_a_finished_turn_is_deleted_and_the_next_player_pinged(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    first = world.bot.service.state_of(match).to_act()[0]
    (old,) = mentions(world)
    rng = random.Random(3)
    while (await live(world)).mention_message_id == old.id:
        assert await play_one_action(world, rng)
    match = await live(world)
    (new,) = mentions(world)
    assert new.id != old.id and old.id not in [m.id for m in public(world)], "the old mention is gone"
    now = world.bot.service.state_of(match).to_act()[0]
    assert now != first and member_of(world, match, now).mention in new.content
    request = next(r for r in posts(world) if (r.json or {}).get("content") == new.content)
    pinged = request.json["allowed_mentions"]["users"]
    assert [str(u) for u in pinged] == [str(member_of(world, match, now).id)], "only the new player is pinged"


async def test_match_board_moves_the_board_to_the_bottom_and_the_mention_follows(simcord_env):
    world = await make_world(simcord_env, 3)
    await start_match(world, "ikenokoi", 2)
    old = board_message(world)
    for i in range(3):
        await world.players[2].send(world.channel, f"chatting {i}")
    result = await world.players[2].slash(world.channel, "match board")
    assert result.ephemeral
    match = await live(world)
    board = board_message(world)
    assert board.id != old.id and board.id == match.board_message_id
    assert old.id not in [m.id for m in public(world)], "the old board is deleted, not left behind"
    assert public(world)[-1].id == board.id, "the board is at the bottom"
    (mention,) = mentions(world)
    assert f"/{board.id}" in mention.content, "the mention links to the moved board"


async def test_a_kill_between_posting_a_mention_and_recording_it_leaves_one_mention(simcord_env, db_path):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    store = world.bot.store
    original = store.finish_effects

    async def die(*args, **kwargs):
        if "mention_message_id" in kwargs:
            raise asyncio.CancelledError  # the process is gone before the new mention's id is saved
        return await original(*args, **kwargs)

    rng = random.Random(4)
    before = (await live(world)).mention_message_id
    store.finish_effects = die
    for _ in range(30):
        assert await play_one_action(world, rng)
        if any(m.id != before for m in mentions(world)):
            break
    await world.bot.table.writer.stop()
    store.finish_effects = original
    await world.env.restart_bot(create_bot(Settings(token=None, database_path=db_path)))
    world.bot = world.env.bot
    await world.bot.table.writer.idle()
    match = await live(world)
    (mention,) = mentions(world)
    assert mention.id == match.mention_message_id
    await world.bot.reminders.stop()
    await world.bot.store.close()


async def test_the_steps_of_a_turn_cost_one_upload_when_the_turn_passes(simcord_env):
    """Iki: a turn is several steps (move, business, done). The board waits while the player
    steps through it, and shows them all when the turn passes, with one upload."""
    world = await make_world(simcord_env, 2)
    await start_match(world, "iki", 2)
    service = world.bot.service
    path = f"/channels/{world.channel.id}/messages/{(await live(world)).board_message_id}"

    def uploads() -> int:
        return sum(
            1
            for r in world.env.http_requests
            if r.method == "PATCH"
            and r.path == path
            and any(
                isinstance(a.get("id"), int) and a["id"] < 100
                for a in (r.json or {}).get("attachments") or []
            )
        )

    rng = random.Random(2)
    turns = steps_within = 0
    paused = False
    while turns < 6:
        match = await live(world)
        seat = service.state_of(match).to_act()[0]
        player = member_of(world, match, seat)
        opened = await player.click(board_message(world), label="Play")
        panel = opened.response or opened.followups[-1]
        while True:
            before = uploads()
            choice = rng.choice([c for c in custom_ids(panel) if c.startswith("ac:")] or [None])
            if choice is None:
                select = next(c for c in components(panel) if c.get("custom_id", "").startswith("as:"))
                await player.select(
                    panel, [rng.choice(select["options"])["value"]], custom_id=select["custom_id"]
                )
            else:
                await player.click(panel, custom_id=choice)
            now = await live(world)
            if seat not in service.state_of(now).to_act():
                turns += 1
                assert uploads() == before + 1, "the turn's board is shown once"
                break
            steps_within += 1
            assert uploads() == before, "a step within the turn waits"
            if turns >= 3 and not paused:
                # A player who pauses mid-turn: the board catches up after the delay.
                await world.env.advance_time(world.bot.table.writer.step_delay + 1)
                assert uploads() == before + 1, "after a pause the board shows the step"
                paused = True
                before += 1
    assert steps_within > 0 and paused


async def test_the_panel_shows_the_next_choice_when_the_turn_comes_back(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = member_of(world, match, seat)
    opened = await player.click(board_message(world), label="Play")
    panel = opened.response or opened.followups[-1]
    # The opening draws of a random seed may leave a card to place first: choose until Stop shows.
    for _ in range(10):
        stop = next((c for c in custom_ids(panel) if c.endswith(":stop")), None)
        if stop:
            break
        await make_first_choice(player, panel)
        if seat not in world.bot.service.state_of(await live(world)).to_act():
            return  # the turn ended before a Stop was offered
    await player.click(panel, custom_id=stop)
    match = await live(world)
    if seat in world.bot.service.state_of(match).to_act():  # a Sharing may come back to them first
        return
    assert "Done" in text(panel) and not custom_ids(panel)
    other = member_of(world, match, world.bot.service.state_of(match).to_act()[0])
    opened = await other.click(board_message(world), label="Play")
    theirs = opened.response or opened.followups[-1]
    for _ in range(30):
        match = await live(world)
        if seat in world.bot.service.state_of(match).to_act():
            break
        stop = next((c for c in custom_ids(theirs) if c.endswith(":stop")), None)
        if stop:
            await other.click(theirs, custom_id=stop)
        else:
            await make_first_choice(other, theirs)
    match = await live(world)
    assert seat in world.bot.service.state_of(match).to_act()
    assert "Your turn" in text(panel), "the old panel shows the choice, no Play needed"
    current = (f"ac:{match.id}:{match.version}:", f"as:{match.id}:{match.version}:")
    assert any(c.startswith(current) for c in custom_ids(panel))
    result = await make_first_choice(player, panel)
    assert result.acknowledged and (await world.bot.store.get_match(match.id)).version > match.version


async def test_rematch_opens_a_lobby_with_the_same_players_and_options(simcord_env):
    world = await make_world(simcord_env, 4)
    host, bob, carol, outsider = world.players
    lobby = await open_lobby(world, host, "kigi", advanced=True)
    for p in (bob, carol):
        await p.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    old = await live(world)
    resign = await bob.slash(world.channel, "match resign")
    assert resign.ephemeral
    final = public(world)[-1]
    assert "is over" in text(final) and f"rm:{old.id}" in custom_ids(final)
    refused = await outsider.click(final, label="Rematch")
    assert refused.ephemeral and "Only the players" in refused.response.content
    asked = await carol.click(final, label="Rematch")
    assert asked.ephemeral and "rematch" in asked.response.content.lower()
    new = await live(world)
    assert new.id != old.id and new.status == "lobby" and new.channel_id == old.channel_id
    assert new.host_id == carol.id and new.options == old.options
    assert sorted(s.user_id for s in new.seats) == sorted(s.user_id for s in old.seats)
    shown = public(world)[-1]
    assert f"lb:join:{new.id}" in custom_ids(shown) and "Advanced: on" in text(shown)
    again = await host.click(final, label="Rematch")
    assert again.ephemeral and "already has a match" in again.response.content
    await carol.click(shown, label="Start")
    assert (await live(world)).status == "active"


async def test_the_lobby_shows_options_as_words(simcord_env):
    world = await make_world(simcord_env, 1)
    lobby = await open_lobby(world, world.players[0], "iwari", map="vast-lands", feats="union+honour")
    (options,) = [t for t in texts(lobby) if t.startswith("**Options:**")]
    assert "Map: The Vast Lands" in options and "Feats: Union + Honour" in options
    assert "Draft: off" in options and "False" not in options and "feats:" not in options


async def test_a_channel_can_open_every_match_in_a_thread(simcord_env):
    world = await make_world(simcord_env, 2)
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = world.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    help_text = (await mod.slash(world.channel, "settings")).response.content
    assert "threads" in help_text
    changed = await mod.slash(world.channel, "settings", threads=True)
    assert "in a thread" in changed.response.content
    host, guest = world.players
    opened = await host.slash(world.channel, "ikenokoi new")
    assert opened.ephemeral
    (thread,) = world.channel.threads
    match = await world.bot.store.live_match(thread.id)
    assert match is not None and isinstance(world.bot.get_channel(thread.id), discord.Thread)
    said = [
        m for m in public(world) if m.author.id == world.bot.user.id and m.type == discord.MessageType.default
    ]
    assert said == [], "nothing of the match in the channel itself"
    lobby = next(m for m in thread.history() if f"lb:join:{match.id}" in custom_ids(m))
    await guest.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    assert any(f"bd:play:{match.id}:" in c for m in thread.history() for c in custom_ids(m))
    assert mentions(world, thread), "the mention is in the thread too"
    # Told otherwise, a match opens in the channel itself.
    other = world.guild.create_text_channel("other")
    await mod.slash(other, "settings", threads=True)
    plain = await host.slash(other, "ikenokoi new", thread=False)
    assert plain.ephemeral and await world.bot.store.live_match(other.id) is not None

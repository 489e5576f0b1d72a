"""One person cannot flood the channel with boards, nor the workers with pictures or replays: a
per-person cooldown on /match board, Replay and My view, and picture workers that take turns."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from bot.limits import Overloaded
from cogs.messages import PICTURES_PER_PERSON, TOO_MANY_PICTURES, board_key, person_key
from cogs.table import BOARD_COOLDOWN, LEADERBOARD_COOLDOWN, PLAY_COOLDOWN, REPLAY_COOLDOWN, VIEW_COOLDOWN
from tests.discord.helpers import World, board_message, custom_ids, make_first_choice, make_world, start_match
from tests.discord.test_replay import answer, final_message


@pytest.fixture
def bot_settings() -> dict:
    return {"board_step_delay": 0, "outbox_sweep": 0}  # the clock moves: no timer of the writer's


async def test_match_board_has_a_per_person_cooldown(simcord_env):
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    first, second = world.players
    asked = await first.slash(world.channel, "match board")
    assert asked.ephemeral and "bottom" in asked.response.content
    again = await first.slash(world.channel, "match board")
    assert again.ephemeral and "again in" in again.response.content
    assert await world.bot.store.pending_effects(match_id) == [], "nothing recorded for the refused one"
    other = await second.slash(world.channel, "match board")
    assert "posted at the bottom of the channel a moment ago" in other.response.content
    await world.env.advance_time(BOARD_COOLDOWN + 1)
    later = await first.slash(world.channel, "match board")
    assert later.response.content == "The board is posted at the bottom of the channel."


async def test_ten_people_asking_for_the_board_at_once_make_one_repost(simcord_env):
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    await world.bot.table.writer.idle()
    spectators = [world.guild.add_member(world.env.create_user(f"fan{n}")) for n in range(10)]
    posts = len(world.channel.history())
    answers = [(await fan.slash(world.channel, "match board")).response.content for fan in spectators]
    assert answers[0] == "The board is posted at the bottom of the channel."
    assert all("posted at the bottom of the channel a moment ago" in a for a in answers[1:])
    await world.env.settle()
    await world.bot.table.writer.idle()
    assert len(world.channel.history()) - posts <= 2, "one board again (and its mention), not ten"
    board = board_message(world)
    assert board.id == (await world.bot.store.get_match(match_id)).board_message_id
    assert f"/{board.id}" in answers[-1], "the later ones are shown where it is"


async def test_the_leaderboard_is_posted_publicly_at_most_once_a_minute_per_channel(simcord_env):
    world = await make_world(simcord_env, 2)
    alice, bob = world.players
    await start_match(world, "ikenokoi", 2)
    await bob.slash(world.channel, "match resign")  # alice and bob are rated
    first = await alice.slash(world.channel, "leaderboard", game="ikenokoi")
    assert not first.ephemeral and first.response.embeds
    for person in (alice, bob):
        again = await person.slash(world.channel, "leaderboard", game="ikenokoi")
        assert again.ephemeral and again.response.embeds, "the same board, for who asked only"
        assert again.response.embeds[0].description == first.response.embeds[0].description
    await world.env.advance_time(LEADERBOARD_COOLDOWN)
    later = await bob.slash(world.channel, "leaderboard", game="ikenokoi")
    assert not later.ephemeral and later.response.embeds


async def test_play_opens_one_panel_per_moment_and_person_every_few_seconds(simcord_env):
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    match = await world.bot.store.get_match(match_id)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = next(p for p in world.players if p.id == match.seats[seat].user_id)
    first = await player.click(board_message(world), label="Play")
    assert answer(first).attachments, "the panel and its picture"
    again = await player.click(board_message(world), label="Play")
    assert refused_with_wait(again, PLAY_COOLDOWN)
    await world.env.advance_time(PLAY_COOLDOWN)
    later = await player.click(board_message(world), label="Play")
    assert answer(later).attachments


async def test_a_play_whose_panel_could_not_be_built_is_not_counted(simcord_env):
    """The cooldown is counted before the panel is built; a build that fails (here the picture
    workers refuse it, as when the person's pictures filled up meanwhile) takes the use back."""
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    match = await world.bot.store.get_match(match_id)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = next(p for p in world.players if p.id == match.seats[seat].user_id)
    panels = world.bot.table.panels
    build = panels.build

    async def refused_once(*args, **kwargs):
        panels.build = build
        raise Overloaded(TOO_MANY_PICTURES)

    panels.build = refused_once
    first = await player.click(board_message(world), label="Play")
    assert TOO_MANY_PICTURES in said(first) and not answer(first).attachments
    again = await player.click(board_message(world), label="Play")
    assert answer(again).attachments, "the panel at once, not 'again in 5 s'"


async def test_the_commands_count_their_cooldowns_in_the_bots_one_set(simcord_env):
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    asked = await world.players[0].slash(world.channel, "match board")
    assert "posted at the bottom" in said(asked)
    # (read, not asked: the test's clock is not the bot's simulated one)
    assert ("board", world.channel.id) in world.bot.table.cooldowns._last, "counted in the table's set"


def said(result) -> str:
    return " ".join(m.content or "" for m in [result.response, *result.followups])


def refused_with_wait(result, seconds: float) -> bool:
    """Answered privately with the wait, and nothing else (no picture, no follow-up)."""
    return (
        result.ephemeral
        and f"again in {seconds:.0f} s" in result.response.content
        and not result.response.attachments
        and not result.followups
    )


async def test_replay_has_a_per_person_cooldown(simcord_env):
    world = await make_world(simcord_env, 2)
    alice, bob = world.players
    await start_match(world, "ikenokoi", 2)
    await bob.slash(world.channel, "match resign")
    await world.bot.table.writer.idle()
    final = final_message(world)
    first = await alice.click(final, label="Replay")
    assert answer(first).attachments[0].filename.endswith(".gif")
    again = await alice.click(final, label="Replay")
    assert refused_with_wait(again, REPLAY_COOLDOWN)
    command = await alice.slash(world.channel, "match replay")
    assert refused_with_wait(command, REPLAY_COOLDOWN), "the command is the same replay"
    theirs = await bob.click(final, label="Replay")
    assert answer(theirs).attachments, "another person is not held back"
    await world.env.advance_time(REPLAY_COOLDOWN / 2)
    assert refused_with_wait(await alice.click(final, label="Replay"), REPLAY_COOLDOWN / 2)
    await world.env.advance_time(REPLAY_COOLDOWN / 2)
    later = await alice.click(final, label="Replay")
    assert answer(later).attachments[0].filename.endswith(".gif")


async def test_my_view_has_a_per_person_cooldown(simcord_env):
    world = await make_world(simcord_env, 2)
    alice, bob = world.players
    await start_match(world, "ikenokoi", 2)
    board = board_message(world)
    first = await alice.click(board, label="My view")
    assert answer(first).attachments[0].filename == "private.png"
    again = await alice.click(board, label="My view")
    assert refused_with_wait(again, VIEW_COOLDOWN)
    hand = await alice.slash(world.channel, "match view")
    assert refused_with_wait(hand, VIEW_COOLDOWN), "/match view is the same view"
    theirs = await bob.click(board, label="My view")
    assert answer(theirs).attachments, "another person is not held back"
    await world.env.advance_time(VIEW_COOLDOWN)
    later = await alice.click(board, label="My view")
    assert answer(later).attachments[0].filename == "private.png"


async def test_one_persons_burst_of_my_view_does_not_delay_another_matchs_board(simcord_env):
    """Alice clicks My view 20 times (waiting out the cooldown each time) while the picture workers
    are held; then Carol moves in another match. Released, the workers start that match's board
    after at most one job of each other key: Alice's burst waits behind itself."""
    world = await make_world(simcord_env, 4)
    alice, _, carol, dave = world.players
    match_a = await start_match(world, "ikenokoi", 2)
    elsewhere = World(
        world.env, world.bot, world.guild, world.guild.create_text_channel("other"), [carol, dave]
    )
    match_b = await start_match(elsewhere, "ikenokoi", 2)
    # Carol (or Dave) opens the panel of match B before the workers are held.
    b = await world.bot.store.get_match(match_b)
    mover = carol if b.seats[world.bot.service.state_of(b).to_act()[0]].user_id == carol.id else dave
    panel = answer(await mover.click(board_message(elsewhere), label="Play"))

    pictures = world.bot.table.messages.pictures
    started: list = []
    pictures.on_start = started.append
    release = asyncio.Event()
    submit, workers = pictures.submit, pictures.workers

    async def held(key, fn, *args, refusable=True):
        future = submit(key, fn, *args, refusable=refusable)  # queued (or refused) now, in order
        if not release.is_set():
            await world.env.external_wait(release.wait(), reason="the test holds the picture workers")
        if pictures.workers == 0:
            pictures.workers = workers
            pictures._pump()
        return await future

    pictures.workers = 0  # no job starts until the test lets them
    pictures.run = held
    board_a = board_message(world)
    version_a = (await world.bot.store.get_match(match_a)).version
    clicks = []
    for _ in range(20):
        clicks.append(await alice.click(board_a, label="My view"))
        await world.env.advance_time(VIEW_COOLDOWN)  # each click is past the cooldown
    waiting = [c for c in clicks if not c.followups and c.response.content != TOO_MANY_PICTURES]
    refused = [c for c in clicks if c.response.content == TOO_MANY_PICTURES]
    assert len(waiting) == PICTURES_PER_PERSON and len(refused) == 20 - PICTURES_PER_PERSON
    assert all(c.ephemeral and not c.response.attachments for c in refused), (
        "refused privately, nothing drawn"
    )
    assert pictures.load(person_key(alice.id)) == PICTURES_PER_PERSON

    await make_first_choice(mover, panel)  # saved; the writer of match B asks for its board
    assert pictures.load(board_key(match_b)) == 1, "the board of match B waits for a worker"
    release.set()
    await world.env.settle()

    first_board = started.index(board_key(match_b))
    ahead = Counter(started[:first_board])
    assert all(n <= 1 for n in ahead.values()), f"at most one job of each other key ahead: {started}"
    assert started.count(person_key(alice.id)) == PICTURES_PER_PERSON, "her burst was drawn, after"
    answered = [
        r
        for r in world.env.http_requests
        if r.method == "POST"
        and r.path.startswith("/webhooks/")
        and (r.json or {}).get("content", "").startswith(f"Your private view of match #{match_a}.")
    ]
    assert len(answered) == len(waiting), "each accepted click is answered"
    # Each newer My view retires the older (issue 32): only the last answer is left to see.
    assert answer(waiting[-1]).attachments[0].filename == "private.png"
    assert all(answer(click) is None for click in waiting[:-1]), "the older views are retired"
    b = await world.bot.store.get_match(match_b)
    assert f"bd:play:{match_b}:{b.version}" in custom_ids(board_message(elsewhere)), (
        "match B's board is current"
    )
    a = await world.bot.store.get_match(match_a)
    assert a.version == version_a, "nothing changed in Alice's match"

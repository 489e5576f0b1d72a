"""After the game: Replay on the final result and /match replay (under 10 MiB for the longest game of
each game), /match history, ratings through /leaderboard and /stats, and alt text on every upload."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.replay import DISCORD_LIMIT
from cogs.table import REPLAY_COOLDOWN
from games import REGISTRY
from rendering import DESCRIPTION_LIMIT
from tests.contract import random_log
from tests.discord.helpers import (
    custom_ids,
    finish_through_the_service,
    make_world,
    play_one_action,
    start_match,
    text,
)

# A replay draws up to a hundred pictures in its worker: give the bot time to settle. The board then
# shows every step at once (no step timer: see ``bot_settings`` in tests/conftest.py).
pytestmark = pytest.mark.simcord(settle_timeout=180, shard_count=1)


@pytest.fixture
def bot_settings() -> dict:
    return {"board_step_delay": 0, "outbox_sweep": 0}  # no timer within the long settle timeout


# The longest of 20 random games at the largest player count (bench/replay.py measures them).
LONGEST = [("ikenokoi", 5, 7), ("iki", 4, 1), ("iwari", 5, 7), ("kigi", 5, 15)]


async def act_the_log(service, match_id: int, key: str, n: int, seed: int, limit: int | None = None) -> None:
    """Play a random log through the service; the steps without a choice it takes by itself."""
    shadow = REGISTRY[key].new_state(n, seed, {})
    for seat, action in random_log(REGISTRY[key], n, seed)[0][:limit]:
        forced = len(shadow.legal_actions(seat)) == 1
        shadow.apply(seat, action)
        if forced:
            continue
        match = await service.get(match_id)
        await service.act(match_id, match.seats[seat].user_id, match.version, action)


def record_uploads(env) -> list[dict]:
    """Every file the bot uploads, as SimCord's CDN stores it (filename, description, size)."""
    uploads: list[dict] = []
    cdn = env.backend.cdn
    store = cdn.store_attachment

    def recording(*args, **kwargs):
        stored = store(*args, **kwargs)
        uploads.append(stored)
        return stored

    cdn.store_attachment = recording
    return uploads


def final_message(world):
    for message in reversed(world.channel.history()):
        if not message.flags.ephemeral and "is over" in text(message):
            return message
    raise AssertionError("no final result in the channel")


def answer(result):
    """The message a deferred (thinking) answer became."""
    return result.followups[-1] if result.followups else result.response


def gif_of(env, attachment) -> Image.Image:
    data = env.backend.cdn.get(attachment.url)
    assert data is not None and len(data) == attachment.size
    return Image.open(io.BytesIO(data))


async def play_log(world, key: str, n: int, seed: int) -> int:
    """A match of ``key`` opened and started through the lobby's buttons, played by the service."""
    world.bot.service.seed_source = lambda: seed
    match_id = await start_match(world, key, n)
    service = world.bot.service
    await act_the_log(service, match_id, key, n, seed)
    await world.bot.table.writer.idle()
    return match_id


@pytest.mark.parametrize(("key", "n", "seed"), LONGEST, ids=[k for k, _, _ in LONGEST])
async def test_replay_of_the_longest_game_is_under_discords_limit(simcord_env, key, n, seed):
    world = await make_world(simcord_env, n)
    uploads = record_uploads(simcord_env)
    match_id = await play_log(world, key, n, seed)
    match = await world.bot.store.get_match(match_id)
    assert match.status == "finished"
    final = final_message(world)
    assert f"rp:{match_id}" in custom_ids(final)
    result = await world.players[1].click(final, label="Replay")
    assert result.ephemeral
    (attachment,) = answer(result).attachments
    assert attachment.filename.endswith(".gif") and attachment.size < DISCORD_LIMIT
    assert attachment.description and f"match #{match_id}" in attachment.description
    with gif_of(simcord_env, attachment) as gif:
        assert gif.format == "GIF" and gif.is_animated and gif.n_frames >= 20
        assert gif.info.get("loop") == 0
    # Every picture the bot uploaded in the match (boards, the result, the replay) has alt text.
    assert len(uploads) >= 3
    for upload in uploads:
        assert upload["description"] and len(upload["description"]) <= DESCRIPTION_LIMIT, upload["filename"]
    boards = [u for u in uploads if u["filename"] in ("board.png", "final.png")]
    assert boards and all(u["description"].startswith(f"{REGISTRY[key].title} board.") for u in boards)
    # A second Replay is the kept picture, not drawn again.
    again = await world.players[0].click(final, label="Replay")
    assert answer(again).attachments[0].size == attachment.size


async def test_every_picture_of_a_game_played_through_buttons_has_alt_text(simcord_env):
    world = await make_world(simcord_env, 2)
    uploads = record_uploads(simcord_env)
    match_id = await start_match(world, "ikenokoi", 2)
    rng = random.Random(2)
    for _ in range(12):  # turns through Play and the private panel's buttons
        assert await play_one_action(world, rng)
    await finish_through_the_service(world.bot.service, match_id, rng)  # the rest, quicker
    await world.bot.table.writer.idle()
    names = {u["filename"] for u in uploads}
    assert {"board.png", "private.png", "final.png"} <= names
    for upload in uploads:
        assert upload["description"] and len(upload["description"]) <= DESCRIPTION_LIMIT
    private = [u["description"] for u in uploads if u["filename"] == "private.png"]
    # A seat's picture is described by the facts of its panel, in words.
    assert private and all(d.startswith("Your view of the Ike No Koi board.") for d in private)


async def test_match_history_replay_leaderboard_and_stats(simcord_env):
    world = await make_world(simcord_env, 2)
    alice, bob = world.players
    first = await play_log(world, "ikenokoi", 2, 3)
    second = await play_log(world, "ikenokoi", 2, 4)
    matches = [await world.bot.store.get_match(m) for m in (first, second)]
    states = [world.bot.service.state_of(m) for m in matches]

    result = await alice.slash(world.channel, "match history")
    assert result.ephemeral
    (embed,) = result.response.embeds
    assert [f.name for f in embed.fields] == [f"#{second} Ike No Koi", f"#{first} Ike No Koi"]
    for field, match, state in zip(embed.fields, reversed(matches), reversed(states), strict=True):
        assert field.value.startswith("<t:")
        for seat, s in enumerate(match.seats):
            assert f"{s.name} {state.scores()[seat]}" in field.value
        winner = match.seats[state.winners()[0]].name
        assert f"Winner: {winner}" in field.value and f"🏆 {winner}" in field.value

    # /match replay: the latest by default, or one named; only a finished match of this channel.
    result = await bob.slash(world.channel, "match replay")
    assert result.ephemeral and f"-match-{second}-replay.gif" in answer(result).attachments[0].filename
    # One replay per person every REPLAY_COOLDOWN seconds (on the simulated clock): asked again at
    # once, refused with the wait, nothing drawn; the next is served once the wait is over.
    again = await bob.slash(world.channel, "match replay", match=first, share=True)
    assert again.ephemeral and f"again in {REPLAY_COOLDOWN:.0f} s" in again.response.content
    assert not again.followups and not again.response.attachments
    await world.env.advance_time(REPLAY_COOLDOWN)
    result = await bob.slash(world.channel, "match replay", match=first, share=True)
    assert not result.ephemeral and f"-match-{first}-replay.gif" in answer(result).attachments[0].filename
    result = await bob.slash(world.channel, "match replay", match=9999)
    assert "was not played in this channel" in result.response.content
    other = world.guild.create_text_channel("elsewhere")
    result = await bob.slash(other, "match replay")
    assert "No match has finished in this channel" in result.response.content

    # Ratings: the winner of both is first on the leaderboard and rises in /stats.
    wins = {m.seats[s.winners()[0]].user_id for m, s in zip(matches, states, strict=True)}
    board = await world.bot.store.leaderboard(world.guild.id, "ikenokoi")
    assert [r.played for r in board] == [2, 2]
    assert board[0].ordinal > board[1].ordinal
    if len(wins) == 1:
        assert board[0].user_id in wins
    result = await alice.slash(world.channel, "leaderboard", game="ikenokoi")
    (embed,) = result.response.embeds
    lines = embed.description.splitlines()
    assert lines[0].startswith(f"1. <@{board[0].user_id}>: **{board[0].ordinal:.1f}**")
    assert lines[1].startswith(f"2. <@{board[1].user_id}>: **{board[1].ordinal:.1f}**")
    result = await alice.slash(world.channel, "leaderboard", game="kigi")
    assert "Nobody is rated in Kigi" in result.response.content
    result = await alice.slash(world.channel, "stats")
    (embed,) = result.response.embeds
    mine = next(r for r in board if r.user_id == alice.id)
    assert f"Rating **{mine.ordinal:.1f}** (2 rated)" in embed.fields[0].value


async def test_a_resigned_match_replays_to_the_resignation(simcord_env):
    world = await make_world(simcord_env, 2)
    match_id = await start_match(world, "ikenokoi", 2)
    service = world.bot.service
    await act_the_log(service, match_id, "ikenokoi", 2, (await service.get(match_id)).seed, limit=9)
    await world.players[1].slash(world.channel, "match resign")
    await world.bot.table.writer.idle()
    result = await world.players[0].click(final_message(world), label="Replay")
    (attachment,) = answer(result).attachments
    assert "It ended with a resignation." in attachment.description
    with gif_of(simcord_env, attachment) as gif:
        assert gif.n_frames >= 2

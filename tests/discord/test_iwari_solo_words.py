"""Iwari against the Void, in words (SimCord): the Void named wherever a tribe is named, its
territories against its target in the panel's facts, on the board and in /match mine, the result
saying who won and why, a solo lobby with only what a solo lobby needs; and the deciding player's
picture showing the territory in play large."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from rendering.common import HIGHLIGHT
from rendering.iwari import BOARD_SCALE
from tests.discord.helpers import (
    board_message,
    components,
    custom_ids,
    finish_through_the_service,
    live,
    make_world,
    member_of,
    open_lobby,
    start_match,
    text,
)

pytestmark = pytest.mark.simcord(settle_timeout=15, shard_count=1)

STANDING = re.compile(r"The Void: (\d+) of the (\d+) territor(y|ies) it needs")


async def open_panel(world, seat: int | None = None):
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0] if seat is None else seat
    opened = await member_of(world, match, seat).click(board_message(world), label="Play")
    return opened.response or opened.followups[-1]


async def test_a_solo_lobby_has_start_and_cancel_only(simcord_env):
    world = await make_world(simcord_env, 1)
    lobby = await open_lobby(world, world.players[0], "iwari", mode="solo")
    ids = custom_ids(lobby)
    assert [i.split(":")[1] for i in ids] == ["start", "cancel"], ids
    assert "Join" not in text(lobby) and "plays alone" in text(lobby)
    await world.players[0].click(lobby, label="Start")
    assert (await live(world)).status == "active"


async def test_a_coop_lobby_still_takes_a_second_player(simcord_env):
    world = await make_world(simcord_env, 2)
    lobby = await open_lobby(world, world.players[0], "iwari", mode="coop")
    ids = [i.split(":")[0] + ":" + i.split(":")[1] for i in custom_ids(lobby)]
    assert "lb:join" in ids and any(i.startswith("la:") for i in custom_ids(lobby))


async def test_solo_facts_board_and_mine_name_the_void_and_its_target(simcord_env):
    world = await make_world(simcord_env, 1)
    await start_match(world, "iwari", 1, mode="solo")
    service = world.bot.service
    rng = random.Random(3)
    # Play on until the Void holds tents on the map (the facts and the alt text name it there).
    for _ in range(200):
        match = await live(world)
        state = service.state_of(match)
        if any(t["tents"].count(1) for t in state.view(0)["territories"]):
            break
        await service.act(
            match.id, match.seats[0].user_id, match.version, rng.choice(state.legal_actions(0)).id
        )
    view = service.state_of(await live(world)).view(0)
    panel = await open_panel(world)
    facts = components(panel)[1]["content"]
    assert f"The Void: {view['void_territories']} of the 3 territories it needs" in facts, facts
    assert "Player 2" not in facts and "the Void" in facts.split("\n", 1)[1], facts
    (picture,) = panel.attachments
    assert "Player 2" not in picture.description and STANDING.search(picture.description)
    board = board_message(world)
    assert STANDING.search(text(board)), text(board)
    assert "Player 2" not in board.attachments[0].description
    mine = await world.players[0].slash(world.channel, "match mine")
    assert STANDING.search(mine.response.content), mine.response.content


@pytest.mark.parametrize(("mode", "n"), [("solo", 1), ("coop", 2)])
async def test_the_result_says_who_won_against_the_void_and_why(simcord_env, mode, n):
    world = await make_world(simcord_env, n)
    match_id = await start_match(world, "iwari", n, mode=mode)
    await finish_through_the_service(world.bot.service, match_id, random.Random(n))
    match = await world.bot.store.get_match(match_id)
    view = world.bot.service.state_of(match).view(None)
    world.bot.table.writer.kick(match_id)  # moves made without the bot: its writer is told
    await world.bot.table.writer.idle()
    final = world.channel.last_message
    words = text(final)
    assert "is over" in words and "Nobody wins" not in words, words
    assert "Final scores" not in words, "no 'alice: 0' against the Void: the outcome says it"
    held, target = view["void_territories"], view["void_target"]
    if view["void_won"]:
        why = view["void_won_by"] or f"it controlled {held} territories (it needed {target})"
        assert f"The Void wins: {why}." in words, words
    else:
        you = "You both win" if n == 2 else "You win"
        assert f"{you}: the Void controlled {held} territor" in words, words


async def test_the_deciding_players_picture_shows_the_territory_in_play_large(simcord_env):
    world = await make_world(simcord_env, 3)
    await start_match(world, "iwari", 3)
    service = world.bot.service
    match = await live(world)
    state = service.state_of(match)
    seat = state.to_act()[0]
    # The first territory: one Tent goes into an unexplored territory, the tent space comes next.
    territory = next(a for a in state.legal_actions(seat) if a.group == "territory")
    await service.act(match.id, match.seats[seat].user_id, match.version, territory.id)
    state = service.state_of(await live(world))
    view = state.view(seat)
    assert view["focus"] == [view["pending"]["territory"]] and view["pending"]["free_spaces"]
    panel = await open_panel(world, seat)
    picture = Image.open(io.BytesIO(await panel.attachments[0].read())).convert("RGB")
    # The territory in play is outlined in the highlight colour: on the whole map (the board) a
    # territory is at most 145 px wide; here it is drawn at least twice as large.
    pixels = picture.load()
    longest = 0
    for y in range(0, picture.height // 2):
        run = 0
        for x in range(picture.width):
            run = run + 1 if pixels[x, y] == HIGHLIGHT else 0
            longest = max(longest, run)
    assert longest >= 2 * 290 * BOARD_SCALE, longest
    for space in view["pending"]["free_spaces"]:
        assert space in components(panel)[1]["content"]

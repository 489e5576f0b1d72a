"""Rules help pictures: an example board drawn by the renderer, with numbered notes."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import rendering
from games import REGISTRY
from rendering import DESCRIPTION_LIMIT
from rendering.rules import (
    MAX_RATIO,
    WIDTH,
    example,
    example_view,
    note_size,
    notes,
    rules_description,
    rules_png,
)


def test_every_game_has_an_example():
    assert all(example(key) is not None for key in REGISTRY)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_the_example_is_a_game_under_way_drawn_small_with_its_notes(key):
    view = example_view(key)
    assert not view["over"] and view["to_act"]
    assert view == example_view(key)  # constructed the same every time
    start = REGISTRY[key].new_state(example(key).players, example(key).seed, {}).view(None)
    assert view != start  # pieces are out: there is something to point at
    board = rendering.draw(key, view, None)
    width = min(WIDTH, board.width)  # as wide as the board, at most WIDTH
    with Image.open(io.BytesIO(rules_png(key))) as picture:
        assert picture.format == "PNG" and picture.width == width and picture.height <= MAX_RATIO * width
        height = picture.height
    scale = width / board.width
    under = len(notes(key)) * (note_size(width) + 6)  # the notes take at least this under the board
    for x, y, _ in example(key).notes:
        assert 0 <= x < board.width and 0 <= y < board.height  # each marker is on the board
        assert y * scale < height - under  # and on the part of it that is shown
    text = rules_description(key)
    assert len(text) <= DESCRIPTION_LIMIT and all(
        f"{n}. {note}" in text for n, note in enumerate(notes(key), 1)
    )


@pytest.mark.parametrize("key", sorted(REGISTRY))
async def test_the_first_rules_page_carries_the_picture(simcord_env, key):
    from tests.discord.helpers import make_world

    world = await make_world(simcord_env, 1)
    result = await world.players[0].slash(world.channel, f"{key} rules")
    first = result.response
    (attachment,) = first.attachments
    assert attachment.filename == "rules.png" and attachment.description == rules_description(key)
    # a plain attachment, shown as wide as the message: not the embed's image (at most ~280 px tall)
    assert first.embeds[0].image.url is None
    assert all(not m.attachments for m in result.followups)  # the other pages are text

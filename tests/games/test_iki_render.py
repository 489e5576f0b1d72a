"""Iki pictures: smoke tests at the start, middle and end for every player count."""

from __future__ import annotations

import io
import random
import time

import pytest
from PIL import Image

from games import REGISTRY
from rendering import common, render

GAME = REGISTRY["iki"]
NAMES = ["Aiko", "Botan", "Chiyo", "Daisuke"]


def _play(n: int, seed: int, stop) -> object:
    s = GAME.new_state(n, seed)
    rng = random.Random(seed)
    while not s.is_over() and not stop(s):
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)).id)
    return s


MOMENTS = {
    "start": lambda s: True,
    "middle": lambda s: s.d["month"] >= 7 and s.d["phase"] == "B",
    "end": lambda s: False,
}


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_pictures_decode(n: int, moment: str) -> None:
    s = _play(n, 5 + n, MOMENTS[moment])
    for seat in (None, 0, n - 1):
        t = time.perf_counter()
        png = render("iki", s.view(seat), NAMES[:n])
        assert time.perf_counter() - t < 1.0
        image = Image.open(io.BytesIO(png))
        image.load()
        assert 1000 <= image.width <= 1400 and image.height >= 800
        assert len(png) > 20_000


def test_private_picture_adds_the_player_board() -> None:
    s = _play(4, 3, MOMENTS["middle"])
    public = Image.open(io.BytesIO(render("iki", s.view(None), NAMES)))
    private = Image.open(io.BytesIO(render("iki", s.view(2), NAMES)))
    assert private.height > public.height + 300


def test_picture_without_names() -> None:
    s = _play(2, 1, MOMENTS["end"])
    assert render("iki", s.view(None), None)[:8] == b"\x89PNG\r\n\x1a\n"


def test_cached_text_does_not_change_the_pictures() -> None:
    """Pictures drawn with warm caches (text, Nagaya panels) equal cold ones, in any order."""
    from rendering import iki

    views = []
    s = GAME.new_state(4, 21)
    rng = random.Random(21)
    k = 0
    while not s.is_over():
        if k % 60 < 3:  # consecutive moves too: panels kept from the previous picture
            views += [s.view(None), s.view(k % 4)]
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)).id)
        k += 1
    views.append(s.view(0))
    warm = [render("iki", v, NAMES) for v in views]
    common.clear_text_caches()
    iki._PANELS.clear()
    cold = [render("iki", v, NAMES) for v in reversed(views)]
    assert warm == cold[::-1]


def test_building_abilities_are_written_under_their_names() -> None:
    s = _play(2, 4, MOMENTS["start"])
    s.d["bavail"], s.d["bbox"] = [0, 1, 2, 3, 4, 5], [6, 7, 8, 9]  # the five buildings with an ability
    view = s.view(None)
    assert sum(1 for b in view["buildings"] if b["ability_text"]) == 5
    bare = {**view, "buildings": [{**b, "ability_text": ""} for b in view["buildings"]]}
    with_text = Image.open(io.BytesIO(render("iki", view, NAMES[:2])))
    without = Image.open(io.BytesIO(render("iki", bare, NAMES[:2])))
    assert with_text.height == without.height + 5 * 20  # room for the lines (the right column is the tallest)
    crop = (820, 0, 1240, with_text.height)
    assert with_text.crop(crop).tobytes() != without.crop(crop).tobytes()

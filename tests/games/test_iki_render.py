"""Iki pictures: smoke tests at the start, middle and end for every player count."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games import REGISTRY
from rendering import common, draw, render

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
        png = render("iki", s.view(seat), NAMES[:n])
        image = Image.open(io.BytesIO(png))
        image.load()
        assert image.format == "PNG" and image.width == 800 and 300 <= image.height <= 1.6 * 800


def _texts(view: dict) -> tuple[Image.Image, list[tuple[int, str]]]:
    with common.record_text() as texts:
        image = draw("iki", view, NAMES[: view["num_players"]])
    return image, texts


@pytest.mark.parametrize("n", [2, 4])
def test_every_text_is_readable_on_a_phone_and_spelled_out(n: int) -> None:
    """Shown 340 px wide (600 px tall at most) every text is 8 px or more, no picture is taller than
    1.6x its width, and no abbreviation of the old sheet is left."""
    s = GAME.new_state(n, 40 + n)
    rng = random.Random(n)
    k = 0
    while True:
        if k % 25 == 0 or s.is_over():
            for seat in (None, *s.to_act()[:1]):
                image, texts = _texts(s.view(seat))
                scale = min(340 / image.width, 600 / image.height)
                assert texts and min(size for size, _ in texts) * scale >= 8
                assert image.height <= 1.6 * image.width
                words = {w for _, text in texts for w in text.split()}
                assert not words & {"ff", "res.", "tobac.", "build.", "kobun"}  # "free Kobun": the pieces
                assert not any("ff+" in text or "->" in text for _, text in texts)
        if s.is_over():
            break
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)).id)
        k += 1


def test_the_private_picture_is_the_players_own_mat() -> None:
    s = _play(4, 3, MOMENTS["middle"])
    view = s.view(2)
    public = Image.open(io.BytesIO(render("iki", s.view(None), NAMES)))
    mat = Image.open(io.BytesIO(render("iki", view, NAMES)))
    assert mat.width == public.width and mat.height < public.height / 1.5  # the mat alone, zoomed
    assert render("iki", s.view(0), NAMES) != render("iki", view, NAMES)  # each seat its own mat
    _, texts = _texts(view)
    assert (26, "Chiyo's mat") in texts and "Aiko's mat" not in {t for _, t in texts}
    # another player's goods are not on my mat; mine are
    richer = {**view, "players": [dict(p) for p in view["players"]]}
    richer["players"][0]["mon"] += 5
    assert render("iki", richer, NAMES) == render("iki", view, NAMES)
    richer["players"][2]["mon"] += 5
    assert render("iki", richer, NAMES) != render("iki", view, NAMES)


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
    from rendering.iki import MARKET_H

    s = _play(2, 4, MOMENTS["start"])
    s.d["bavail"], s.d["bbox"] = [0, 1, 2, 3, 4, 5], [6, 7, 8, 9]  # the five buildings with an ability
    view = s.view(None)
    assert sum(1 for b in view["buildings"] if b["ability_text"]) == 5
    bare = {**view, "buildings": [{**b, "ability_text": ""} for b in view["buildings"]]}
    with_text = Image.open(io.BytesIO(render("iki", view, NAMES[:2])))
    without = Image.open(io.BytesIO(render("iki", bare, NAMES[:2])))
    assert with_text.height == without.height + 3 * (MARKET_H - 27)  # a second line in each row of two
    _, texts = _texts(view)
    assert all((20, b["ability_text"]) in texts for b in view["buildings"] if b["ability_text"])


def test_the_largest_board_fits_a_phone() -> None:
    """4 players, the 12 characters of a season unhired, every building an ability: still at most
    1.6x as tall as wide."""
    s = _play(4, 9, MOMENTS["start"])
    cards = [c for deck in s.d["decks"] for c in deck][:12]
    s.d["row"] = [[c, 1] for c in cards]
    s.d["bavail"] = [0, 1, 2, 3, 4, 5]
    view = s.view(None)
    assert len(view["row"]) == 12
    image = draw("iki", view, NAMES)
    assert image.height <= 1.6 * image.width

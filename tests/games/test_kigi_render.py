"""Kigi pictures: smoke tests at start, middle and end, public and private, for every player count."""

from __future__ import annotations

import io
import random
import time

import pytest
from PIL import Image

from games import REGISTRY
from rendering import common, render

GAME = REGISTRY["kigi"]
NAMES = ["Alice", "Bob", "Charlotte", "Dmitri", "Eve"]


def _play(n: int, seed: int, steps: int, advanced: bool = False, until: str | None = None):
    r = random.Random(seed)
    s = GAME.new_state(n, seed, {"advanced": advanced})
    k = 0
    while not s.is_over() and (k < steps or (until and s.phase != until)):
        seat = s.to_act()[0]
        acts = [a for a in s.legal_actions(seat) if a.id != "back"]
        s.apply(seat, r.choice(acts).id)
        k += 1
    return s


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("steps", [0, 50, 10_000])
def test_public_and_private_pictures(n: int, steps: int) -> None:
    s = _play(n, seed=n + steps, steps=steps)
    for seat in [None, *range(n)]:
        image = _decode(render("kigi", s.view(seat), NAMES[:n]))
        assert 1000 <= image.width <= 1400 and image.height > 300


@pytest.mark.parametrize("n", [2, 5])
@pytest.mark.parametrize("phase", ["tip", "bend"])
def test_placing_picture_is_the_tree_large(n: int, phase: str) -> None:
    s = _play(n, seed=11, steps=30, until=phase)
    assert s.phase == phase
    seat = s.to_act()[0]
    private = _decode(render("kigi", s.view(seat), NAMES[:n]))
    public = _decode(render("kigi", s.view(None), NAMES[:n]))
    assert private.width == 1200 and private.size != public.size
    # The numbered badges (tips, or the outlines to choose from) are drawn in the highlight colour.
    colours = {c for _n, c in private.getcolors(1 << 20)}
    assert (255, 214, 10) in colours


def test_the_picture_uses_the_engine_geometry() -> None:
    """The renderer's card width (for the readable-size rule) is the engine's."""
    from rendering import kigi

    assert GAME.new_state(2, 1, {}).view(None)["table"]["card_width"] == kigi.CARD_UNITS


def test_advanced_choice_picture() -> None:
    s = _play(3, seed=4, steps=0, advanced=True)
    image = _decode(render("kigi", s.view(0), NAMES[:3]))
    assert image.width == 1200
    _decode(render("kigi", s.view(None), None))


def test_rendering_is_fast() -> None:
    s = _play(5, seed=2, steps=80)
    start = time.perf_counter()
    render("kigi", s.view(None), NAMES)
    assert time.perf_counter() - start < 0.5


def test_cached_cards_and_text_do_not_change_the_pictures() -> None:
    """Pictures drawn with warm caches (text stamps, card sprites) equal cold ones, in any order."""
    from rendering import kigi

    views = []
    for n, advanced in ((2, False), (5, True)):
        s = GAME.new_state(n, 7, {"advanced": advanced})
        r = random.Random(7)
        k = 0
        while not s.is_over():
            if k % 16 < 2:  # consecutive moves too: panels kept from the previous picture
                views += [s.view(None)] + [s.view(seat) for seat in s.to_act()]
            seat = s.to_act()[0]
            s.apply(seat, r.choice(s.legal_actions(seat)).id)
            k += 1
        views.append(s.view(None))
    warm = [render("kigi", v, NAMES[: v["num_players"]]) for v in views]
    common.clear_text_caches()
    kigi._SPRITES.clear()
    kigi._PANELS.clear()
    cold = [render("kigi", v, NAMES[: v["num_players"]]) for v in reversed(views)]
    assert warm == cold[::-1]

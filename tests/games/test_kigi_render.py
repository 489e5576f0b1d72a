"""Kigi pictures: every position drawn for a phone, secrets only privately, the tree being placed on large."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from games import REGISTRY
from rendering import common, kigi, render

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


def _texts(view: dict, names=NAMES) -> tuple[Image.Image, list[tuple[int, str]]]:
    with common.record_text() as texts:
        image = kigi.draw(view, names[: view["num_players"]])
    return image, texts


def _assert_phone_readable(image: Image.Image, texts: list[tuple[int, str]]) -> None:
    """Shown 340 px wide (600 px tall at most), every text is at least 8 px; never taller than 1.6x wide."""
    shown = min(340 / image.width, 600 / image.height)
    small = [(size, text) for size, text in texts if size * shown < 8]
    assert not small, small
    assert image.height <= 1.6 * image.width


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("steps", [0, 50, 10_000])
def test_every_picture_reads_on_a_phone(n: int, steps: int) -> None:
    s = _play(n, seed=n + steps, steps=steps)
    for seat in [None, *range(n)]:
        image, texts = _texts(s.view(seat))
        _assert_phone_readable(image, texts)
        assert image.width == kigi.WIDTH and texts
        assert _decode(render("kigi", s.view(seat), NAMES[:n])).size == image.size


def test_the_picture_fits_the_trees() -> None:
    """No empty table: bare trunks make a short picture, grown trees a taller one."""
    start, _ = _texts(_play(3, seed=1, steps=0).view(None))
    grown, _ = _texts(_play(3, seed=1, steps=60).view(None))
    # At 600 px the words of three panels need two rows; bare trunks still leave the picture well
    # under the height a phone allows.
    assert start.height < 0.7 * kigi.MAX_HEIGHT
    assert grown.height > start.height


@pytest.mark.parametrize("n", [2, 5])
@pytest.mark.parametrize("phase", ["place"])
def test_placing_picture_is_the_tree_large(n: int, phase: str) -> None:
    s = _play(n, seed=11, steps=30, until=phase)
    assert s.phase == phase
    seat = s.to_act()[0]
    private, texts = _texts(s.view(seat))
    _assert_phone_readable(private, texts)
    public, _ = _texts(s.view(None))
    assert private.size != public.size
    # The numbered badges (tips, or the outlines to choose from) are drawn in the highlight colour,
    # one number per choice; the public picture has none of them.
    colours = {c for _n, c in private.getcolors(1 << 20)}
    assert (255, 214, 10) in colours
    choices = s.view(seat)["pending"]["choices"]
    assert {str(c["n"]) for c in choices} <= {t for _size, t in texts}
    assert any("choose" in t for _size, t in texts)
    assert not any(t.startswith("Card #") for _size, t in _texts(s.view(None))[1])


def test_a_full_tree_says_so_in_words() -> None:
    s = _play(4, seed=11, steps=40, until="place")
    seat = s.to_act()[0]
    for who in (None, seat):
        view = s.view(who)
        other = next(t for t in view["trees"] if t["owner"] != view["pending"]["tree"])
        _image, texts = _texts(view)
        assert not any("is full" in t for _size, t in texts)
        other["full"] = True
        _image, texts = _texts(view)
        assert f"{NAMES[other['owner']]}'s tree is full" in {t for _size, t in texts}


def test_blossoms_and_free_tips_are_ringed_in_white() -> None:
    """Under deuteranopia red and green blend into the brown bark: both are outlined in ink and white."""
    for paint in (lambda d: kigi.draw_feature(d, "red", 30, 30, 30), lambda d: kigi.tip_dot(d, 30, 30, 6)):
        image = Image.new("RGB", (60, 60), kigi.BARK)
        paint(ImageDraw.Draw(image))
        colours = {c for _n, c in image.getcolors(4096)}
        assert (255, 255, 255) in colours and common.INK in colours


def test_the_picture_uses_the_engine_geometry() -> None:
    """The renderer's card width (for the readable-size rule) is the engine's."""
    assert GAME.new_state(2, 1, {}).view(None)["table"]["card_width"] == kigi.CARD_UNITS


def test_advanced_choice_is_private() -> None:
    """The two commissions a seat was dealt are drawn only in its own picture."""
    s = _play(3, seed=4, steps=0, advanced=True)
    on_display = sum(c["kind"] == "commission" for c in s.view(None)["display"])
    private, texts = _texts(s.view(0))
    _assert_phone_readable(private, texts)
    public, public_texts = _texts(s.view(None))
    _assert_phone_readable(public, public_texts)
    assert [t for _size, t in texts].count("Commission") == on_display + 2
    assert [t for _size, t in public_texts].count("Commission") == on_display
    assert "Your commissions:" in {t for _size, t in texts} - {t for _size, t in public_texts}


def test_cached_cards_and_text_do_not_change_the_pictures() -> None:
    """Pictures drawn with warm caches (text stamps, card sprites) equal cold ones, in any order."""
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

"""Iwari pictures: every map, mode and player count drawn for a phone; private parts only privately."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games import REGISTRY
from rendering import common, iwari, render

GAME = REGISTRY["iwari"]
NAMES = [f"P{i}" for i in range(6)]


def positions(n: int, options: dict, seed: int) -> list:
    rng = random.Random(seed)
    s = GAME.new_state(n, seed, options)
    snaps = [s.copy()]
    step = 0
    while not s.is_over():
        s.apply(s.cur, rng.choice(s.legal_actions(s.cur)).id)
        step += 1
        if step == 60:
            snaps.append(s.copy())
    snaps.append(s)
    return snaps


def _texts(view: dict) -> tuple[Image.Image, list[tuple[int, str]]]:
    with common.record_text() as texts:
        image = iwari.draw(view, NAMES)
    return image, texts


def _assert_phone_readable(image: Image.Image, texts: list[tuple[int, str]]) -> None:
    """Shown 274 px wide (a picture in a Discord card on a phone; 600 px tall at most), every text
    is at least 8 px; never taller than 1.6x wide."""
    shown = min(274 / image.width, 600 / image.height)
    small = [(size, text) for size, text in texts if size * shown < 8]
    assert not small, small
    assert image.height <= 1.6 * image.width


CASES = [
    (2, {"map": "new-horizons", "feats": True}),
    (3, {"map": "vast-lands"}),
    (5, {"map": "glacial-mass", "feats": True, "expeditions": True, "worship": "golden"}),
    (6, {"map": "the-void", "feats": True, "worship": "contested"}),
    (4, {"map": "forgotten-island", "expeditions": True}),
    (5, {"map": "uncharted-paths", "courage": True, "feats": True}),
    (3, {"map": "long-road", "feats": True, "worship": "dead-ends"}),
    (4, {"map": "floating-lands"}),
    (1, {"map": "new-horizons", "mode": "solo"}),
    (2, {"map": "glacial-mass", "mode": "coop"}),
]


@pytest.mark.parametrize(("n", "options"), CASES, ids=[f"{o['map']}-{n}" for n, o in CASES])
def test_every_picture_reads_on_a_phone(n: int, options: dict) -> None:
    for state in positions(n, options, seed=n):
        for seat in (None, 0):
            image, texts = _texts(state.view(seat))
            _assert_phone_readable(image, texts)
            assert image.width == iwari.WIDTH
            png = render("iwari", state.view(seat), NAMES[:n])
            assert png[:8] == b"\x89PNG\r\n\x1a\n"
            assert Image.open(io.BytesIO(png)).size == image.size


def test_the_final_table_explains_its_columns() -> None:
    final = positions(3, {"map": "new-horizons"}, seed=3)[-1]
    _image, texts = _texts(final.view(None))
    words = {t for _size, t in texts}
    assert {"Total", "Half", "way", "Settle-", "ments", "Unused", "pieces"} <= words
    assert not {"Settl.", "Left"} & words
    assert any(t.startswith("Half way: Tents scored when the deck first ran out") for t in words)


def test_the_hand_is_drawn_only_in_its_owners_picture() -> None:
    s = GAME.new_state(3, 4, {})
    _public, public = _texts(s.view(None))
    _private, private = _texts(s.view(0))
    assert "Your hand" in {t for _size, t in private}
    assert "Your hand" not in {t for _size, t in public}
    cards = sum(s.view(0)["hand"].values())
    biome_words = set(iwari.BIOME_FILL) | {"Void"}
    shown = [t for _size, t in private if t in biome_words]
    public_shown = [t for _size, t in public if t in biome_words]
    assert len(shown) == len(public_shown) + cards
    # Seat 1's private picture differs from seat 0's (different hands).
    assert (
        iwari.draw(s.view(1), None).tobytes() != iwari.draw(s.view(0), None).tobytes()
        or s.hands[0] == s.hands[1]
    )


def test_a_chosen_territory_and_its_free_spaces_are_highlighted_privately() -> None:
    """While a seat chooses a tent space, only its picture rings the free spaces in the highlight colour."""
    rng = random.Random(5)
    s = GAME.new_state(3, 5, {})
    for _ in range(400):
        if s.phase == "space":
            break
        s.apply(s.cur, rng.choice(s.legal_actions(s.cur)).id)
    assert s.phase == "space"
    private = iwari.draw(s.view(s.cur), NAMES)
    public = iwari.draw(s.view(None), NAMES)
    height = iwari.map_height(s.view(None))

    def highlighted(image: Image.Image) -> int:
        on_map = image.crop((0, 0, image.width, height)).getcolors(1 << 20)
        return sum(k for k, colour in on_map if colour == common.HIGHLIGHT)

    assert highlighted(private) > 0 and not highlighted(public)
    _image, texts = _texts(s.view(s.cur))
    assert any("Choose a highlighted space" in t for _size, t in texts)


def test_the_deciding_seat_sees_the_territory_of_its_decision_large() -> None:
    """In play (pieces, then the tent space), the seat's view names the territory as its focus and its
    picture crops the map onto it, drawn larger than the board; nobody else's view has a focus."""
    s = GAME.new_state(3, 7, {})
    rng = random.Random(7)
    while s.phase != "space":
        s.apply(s.cur, rng.choice(s.legal_actions(s.cur)).id)
    mine = s.view(s.cur)
    assert mine["focus"] == [mine["pending"]["territory"]]
    assert all("focus" not in s.view(x) for x in (None, *(x for x in range(3) if x != s.cur)))
    image, texts = _texts(mine)
    _assert_phone_readable(image, texts)
    plain, _ = _texts({k: v for k, v in mine.items() if k != "focus"})  # the whole map
    table = plain.height - iwari.board_geo(mine["map"]).height
    zoom = iwari.focus_geo(mine["map"], mine["focus"], iwari.MAX_HEIGHT - table)
    assert zoom is not None and zoom.scale > 1.25 * iwari.BOARD_SCALE
    assert image.height == zoom.height + table and image.tobytes() != plain.tobytes()
    # Its free tent spaces are lettered (a text each); on the board an empty space is a plain dot.
    letters = {t for _size, t in texts if len(t) == 1 and t.islower()}
    assert {name[-1] for name in mine["pending"]["free_spaces"]} <= letters
    _public, public_texts = _texts(s.view(None))
    assert not {t for _size, t in public_texts if len(t) == 1 and t.islower()}


@pytest.mark.parametrize(("n", "options"), CASES, ids=[f"{o['map']}-{n}" for n, o in CASES])
def test_every_territory_is_named_in_words(n: int, options: dict) -> None:
    """Issue 30: a territory whose label on the map is only its number ("T1": the whole label would
    cover a space) is named in the legend of the patterns ("Tundra: T1, T7"), so every territory's
    biome is in words; the cards' words sit whole on their card with room around them. (The legend
    is the first note left out of a picture that would be too tall: 4-5 players with Expeditions.)"""
    view = GAME.new_state(n, n, options).view(None)
    _image, texts = _texts(view)
    shown = [t for _size, t in texts]
    if options.get("expeditions") and not any(": T" in t for t in shown):
        return
    for t in view["territories"]:
        number = t["label"].split()[0]
        in_legend = any(
            s.startswith(f"{t['biome']}: ") and number in s.split(": ", 1)[1].split(", ") for s in shown
        )
        assert t["label"] in shown or in_legend, f"{t['label']} is not named in words"
    for word in [*iwari.BIOME_FILL, "Void"]:
        assert common.text_length(word, iwari.TEXT) + 6 <= iwari.CARD_W - 8, word

"""Iki pictures: smoke tests at the start, middle and end for every player count."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games import REGISTRY
from rendering import common, draw, i18n, render

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
        assert image.format == "PNG" and image.width == 600 and 300 <= image.height <= 1.6 * 600


def _texts(view: dict) -> tuple[Image.Image, list[tuple[int, str]]]:
    with common.record_text() as texts:
        image = draw("iki", view, NAMES[: view["num_players"]])
    return image, texts


@pytest.mark.parametrize("n", [2, 4])
def test_every_text_is_readable_on_a_phone_and_spelled_out(n: int) -> None:
    """Shown 274 px wide (in a Discord card on a phone: bench/phone.py) every text is 8 px or more,
    no picture is taller than 1.6x its width, and no abbreviation of the old sheet is left."""
    s = GAME.new_state(n, 40 + n)
    rng = random.Random(n)
    k = 0
    while True:
        if k % 25 == 0 or s.is_over():
            for seat in (None, *s.to_act()[:1]):
                image, texts = _texts(s.view(seat))
                scale = 274 / image.width
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


def test_the_private_picture_of_a_player_who_waits_is_their_own_mat() -> None:
    s = _play(4, 3, MOMENTS["middle"])
    seat = next(k for k in range(4) if k not in s.to_act())
    view = s.view(seat)
    public = Image.open(io.BytesIO(render("iki", s.view(None), NAMES)))
    mat = Image.open(io.BytesIO(render("iki", view, NAMES)))
    assert mat.width == public.width and mat.height < public.height / 1.5  # the mat alone, zoomed
    other = next(k for k in range(4) if k not in s.to_act() and k != seat)
    assert render("iki", s.view(other), NAMES) != render("iki", view, NAMES)  # each seat its own mat
    _, texts = _texts(view)
    assert (22, f"{NAMES[seat]}'s mat") in texts and f"{NAMES[other]}'s mat" not in {t for _, t in texts}
    from games.iki import data as D
    from rendering.iki import TYPE_WORD

    # Retired characters of every type, the longest names: each name whole with its salary (issue 30:
    # in fifths of the width they were cut to "Wind chime..." at 274 px), on lines by type.
    longest = {}
    for k, c in enumerate(D.CHARACTERS):
        if len(c[0]) > len(D.CHARACTERS[longest.get(c[2], k)][0]) or c[2] not in longest:
            longest[c[2]] = k
    s.d["players"][seat]["retired"] = sorted(longest.values())
    retired = s.view(seat)["players"][seat]["retired"]
    image, texts = _texts(s.view(seat))
    shown = " ".join(t for _, t in texts)
    assert len(retired) == len(TYPE_WORD) and image.height <= 1.6 * image.width
    for c in retired:
        assert f"{c['name']} {c['salaries'][-1]}" in shown and f"{TYPE_WORD[c['type']]}: " in shown
    assert "…" not in shown
    # another player's goods are not on my mat; mine are
    richer = {**view, "players": [dict(p) for p in view["players"]]}
    richer["players"][other]["mon"] += 5
    assert render("iki", richer, NAMES) == render("iki", view, NAMES)
    richer["players"][seat]["mon"] += 5
    assert render("iki", richer, NAMES) != render("iki", view, NAMES)


def _street_decisions(n: int, seed: int) -> list:
    """(state copy, kind) at the first decision of each kind taken on main street."""
    s = GAME.new_state(n, seed)
    rng = random.Random(seed)
    found, kinds = [], set()
    while not s.is_over():
        seat = s.to_act()[0]
        acts = s.legal_actions(seat)
        kind = f"{s.d['phase']}/{s.d['step'].get('sub')}"
        if kind not in kinds and any(a.id[:2] in ("st", "mv", "sn", "ny") or a.id[0] == "h" for a in acts):
            kinds.add(kind)
            found.append((s.copy(), kind))
        s.apply(seat, rng.choice(acts).id)
    return found


@pytest.mark.parametrize("n", [2, 4])
def test_deciding_on_main_street_shows_the_street_with_the_options_marked(n: int) -> None:
    """Choosing a stall, hiring, moving or placing the Oyakata: the deciding player's picture is
    main street (not the mat), the stalls and shops the options name are the ones marked."""
    from rendering.iki import CHOSEN

    decisions = _street_decisions(n, 11 + n)
    kinds = {kind for _, kind in decisions}
    assert {"B/income", "B/hire_stall", "B/move", "start_nagaya/None", "NY/place"} <= kinds, kinds
    for s, kind in decisions:
        seat = s.to_act()[0]
        view = s.view(seat)
        image, texts = _texts(view)
        words = [t for _, t in texts]
        assert "Nagaya 1" in words and not any(t.endswith("'s mat") for t in words), kind
        acts = s.legal_actions(seat)
        marks = view["street_options"]
        stalls = {int(a.id[2:]) for a in acts if a.id.startswith("st")}
        assert stalls <= set(marks["stalls"]), kind
        S = view["stalls_per_nagaya"]
        for i in marks["stalls"]:  # each marked stall is named in the picture as its option names it
            name = f"{i // S + 1}.{i % S + 1}"
            if "card" not in view["stalls"][i]:
                assert any(t.startswith(name) for t in words), (kind, name)
                assert any(f"Stall {name}" in a.label for a in acts) or kind in (
                    "B/income",
                    "start_nagaya/None",
                )
        for shop, dist in marks["shops"].items():
            assert any(f"shop {int(shop) + 1}:" in a.label for a in acts), (kind, shop)
            if dist:
                assert f"move {dist}" in words, kind
        assert CHOSEN in {c for _, c in image.getcolors(1 << 16)}  # something is marked
        if kind == "B/income":  # what each character for hire does, to choose whom to hire
            assert all(any(t.startswith(c["name"]) for t in words) for c in view["row"])
            assert any("; pay " in t for t in words)
        others = s.view(next(k for k in range(n) if k != seat))
        assert any(t.endswith("'s mat") for _, t in _texts(others)[1])  # who waits sees their mat


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


def test_buildings_are_a_line_each_on_the_board() -> None:
    s = _play(2, 4, MOMENTS["start"])
    s.d["bavail"], s.d["bbox"] = [0, 1, 2, 3, 4, 5], [6, 7, 8, 9]
    view = s.view(None)
    _, texts = _texts(view)
    words = {t for _, t in texts}
    assert all(
        b["name"] in words and f"{b['wood']}, {b['mon']}: {b['iki']}" in words for b in view["buildings"]
    )


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


@pytest.mark.parametrize("tall", [False, True])
def test_oyakata_badges_leave_the_shop_name_whole(tall: bool) -> None:
    """Up to four Oyakata at one shop, on the board (two lines of words in two stalls' height) and
    in the street picture (a third line: the move's distance): no badge covers a pixel of the shop's
    words or of the next shop's (drawn 4 px below)."""
    from PIL import ImageChops, ImageDraw

    from games.iki.data import SHOP_NAMES, SHOPS
    from rendering import iki

    row_h = iki.TALL_ROW_H if tall else iki.ROW_H
    y0, y1 = 10, 10 + 2 * row_h - 4

    def shop(name: str, oyakata: int, shop: int) -> Image.Image:
        view = {"shops": [name] * 8, "players": [{"oyakata": shop if k < oyakata else -1} for k in range(4)]}
        image = Image.new("RGB", (iki.SHOP_W + 8, y1 + 2 * row_h), common.BACKGROUND)
        d = ImageDraw.Draw(image)
        iki._shop(d, view, shop, y0, y1, 3 if tall else None)
        iki._shop(d, {**view, "players": []}, shop, y1 + 4, y1 + 2 * row_h, None)  # the next shop
        return image

    def ink(a: Image.Image, b: Image.Image) -> set[tuple[int, int]]:
        box = ImageChops.difference(a, b).convert("L").point(lambda p: 255 if p else 0)
        w = box.width
        return {(i % w, i // w) for i, p in enumerate(box.getdata()) if p}

    def unnamed(k: int) -> Image.Image:  # the shop with no name in its box
        box, iki.SHOP_BOX = iki.SHOP_BOX, dict.fromkeys(iki.SHOP_BOX, " ")
        try:
            return shop(" ", 0, k)
        finally:
            iki.SHOP_BOX = box

    for k, key in enumerate(SHOPS):
        name = SHOP_NAMES[key]
        words = ink(shop(name, 0, k), unnamed(k))  # the name's pixels, both shops
        assert words
        for oyakata in range(1, 5):
            badges = ink(shop(name, oyakata, k), shop(name, 0, k))
            near = {(x + dx, y + dy) for x, y in badges for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            assert badges and not near & words, (name, oyakata)


def test_placing_the_neutral_character_shows_no_price() -> None:
    """2 players: the neutral character is placed for nothing and owned by no one, so its street
    picture names no stall's extra mon, no cost and no salary; a hire's stall choice does."""
    found = {}
    for seed in range(1, 6):
        s = GAME.new_state(2, seed)
        rng = random.Random(seed)
        while not s.is_over() and len(found) < 2:
            seat = s.to_act()[0]
            kind = (
                "neutral" if s.d["phase"] == "C_neutral" and "card" in s.d["step"] else s.d["step"].get("sub")
            )
            if kind in ("neutral", "hire_stall") and kind not in found:
                found[kind] = [t for _, t in _texts(s.view(seat))[1]]
            s.apply(seat, rng.choice(s.legal_actions(seat)).id)
    neutral, hire = found["neutral"], found["hire_stall"]
    assert "Placing" in neutral and "free, no owner" in neutral
    assert not any(t.endswith(" mon") or "; pay " in t for t in neutral), neutral
    assert any(t.endswith("+1 mon") or t.endswith("+2 mon") for t in hire) and any(
        "; pay " in t for t in hire
    )


@pytest.mark.parametrize("n", [2, 3, 4])
def test_street_options_are_the_places_the_legal_actions_name(n: int) -> None:
    """The view's street options (read from the engine's lists) name exactly the stalls and shops
    of the legal actions, at every step of random games: a stall choice, a Nagaya's outer stall,
    a hire's possible stalls, a move's shop and distance, a free placement."""
    from games.iki.view import street_options

    for seed in range(2):
        s = GAME.new_state(n, 70 + seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            acts = s.legal_actions(seat)
            stalls, shops = set(), {}
            for a in acts:
                kind, arg = a.id[:2], a.id[2:]
                if kind == "st":
                    stalls.add(int(arg))
                elif kind == "sn":
                    assert a.label == f"Nagaya {int(arg) + 1} (outer stall)"
                    stalls.add(int(arg) * s.S)
                elif kind == "mv":
                    shop = (s.d["players"][seat]["pos"] + int(arg)) % 8
                    assert f"to shop {shop + 1}:" in a.label
                    shops[str(shop)] = int(arg)
                elif kind == "ny":
                    shops[arg] = 0
                elif a.id[0] == "h":  # a hire: the stall choice that follows names its stalls
                    after = s.copy()
                    after.apply(seat, a.id)
                    stalls.update(int(b.id[2:]) for b in after.legal_actions(seat) if b.id.startswith("st"))
            assert street_options(s) == {"stalls": sorted(stalls), "shops": shops}
            s.apply(seat, rng.choice(acts).id)


@pytest.mark.parametrize("code", i18n.available())
def test_every_shop_s_name_fits_its_box_in_every_language(code: str) -> None:
    """A shop's number and name stand whole in its box on the board (two lines of SHOP_W - 10 px):
    a language whose full name is longer gives the box a shorter one (German, Spanish, French)."""
    from rendering.common import text_length
    from rendering.iki import SHOP_W, SMALL, shop_box_lines

    with i18n.language(code):
        for shop in range(8):
            lines = shop_box_lines(shop)
            assert lines[0].startswith(f"{shop + 1}") and len(lines) <= 2
            assert all(text_length(line, SMALL) <= SHOP_W - 10 for line in lines), (shop, lines)

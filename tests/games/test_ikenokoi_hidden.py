"""Ike No Koi: hidden information, determinize, conservation, the contract and the pictures."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image

from games import REGISTRY
from games.ikenokoi import data
from games.ikenokoi.data import LANTERN, LOTUS
from games.ikenokoi.state import IkeNoKoiState
from rendering import common, render
from tests.contract import play_random

GAME = REGISTRY["ikenokoi"]
ROOT = Path(__file__).resolve().parents[2]


def random_steps(st: IkeNoKoiState, steps: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    events: list[dict] = []
    for _ in range(steps):
        if st.is_over():
            break
        seat = st.to_act()[0]
        events += st.apply(seat, rng.choice(st.legal_actions(seat)).id)
    return events


def secret_text(st: IkeNoKoiState, seat: int) -> str:
    return data.CHALLENGES[st.secret[seat]]["text"]


# --- the secret challenge ------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_secret_challenge_only_in_own_view(n: int) -> None:
    st = GAME.new_state(n, 11)
    random_steps(st, 40, 11)
    assert not st.is_over()
    for s in range(n):
        text = secret_text(st, s)
        assert text in json.dumps(st.view(s))
        assert st.view(s)["secret_challenge"]["id"] == st.secret[s]
        for other in [None, *[t for t in range(n) if t != s]]:
            v = st.view(other)
            assert text not in json.dumps(v)
            assert v["players"][s]["challenge"] is None
        for t in range(n):
            assert text not in st.prompt(t)
            assert all(text not in a.label for a in st.legal_actions(t))
    # unused challenge cards appear nowhere
    for c in st.unused:
        for who in [None, *range(n)]:
            assert data.CHALLENGES[c]["text"] not in json.dumps(st.view(who))


def test_secrets_revealed_when_the_game_is_over() -> None:
    st = play_random(GAME, 3, 5, {})
    for s in range(3):
        assert st.view(None)["players"][s]["challenge"]["id"] == st.secret[s]


@pytest.mark.parametrize("seed", range(6))
def test_no_secret_in_public_events_of_a_whole_game(seed: int) -> None:
    n = 2 + seed % 4
    st = GAME.new_state(n, seed)
    secrets = [secret_text(st, s) for s in range(n)]
    rng = random.Random(seed)
    while not st.is_over():
        seat = st.to_act()[0]
        acts = st.legal_actions(seat)
        lotus = [a for a in acts if a.id == "lotus"]
        action = lotus[0] if lotus else rng.choice(acts)  # use every lotus flower: peeks to check
        for ev in st.apply(seat, action.id):
            if "private_to" in ev:
                continue
            dumped = json.dumps(ev)
            assert all(t not in dumped for t in secrets)
            assert ev["type"] != "peek"
        if not st.is_over():
            for who in [None, *range(n)]:
                v = st.view(who)
                for t in range(n):
                    if t != who:
                        assert v["players"][t]["challenge"] is None


# --- lotus peeks and the pool -----------------------------------------------------------


def test_peeked_cards_only_for_the_peeker() -> None:
    st = GAME.new_state(4, 2)
    st.pond.remove(LOTUS)
    st.lotus[0] = 1
    ev = st.apply(0, "lotus")
    peek = [data.KIND_NAMES[c] for c in st.pond[::-1][:2]]
    assert st.view(0)["peek"] == peek
    for who in [None, 1, 2, 3]:
        v = st.view(who)
        assert v["peek"] == []
    private = [e for e in ev if "private_to" in e]
    public = [e for e in ev if "private_to" not in e]
    assert len(private) == 1 and private[0]["private_to"] == 0 and private[0]["type"] == "peek"
    assert all("cards" not in e for e in public)
    # the order buttons and the prompt say nothing about the cards
    for a in st.legal_actions(0):
        assert all(p not in a.label.lower() for p in ("koi", "bamboo", "lantern", "bridge"))
    assert {a.id for a in st.legal_actions(0)} == {"order:keep", "order:swap"}
    st.apply(0, "order:swap")
    # seat 0 still knows them on later turns, nobody else does
    assert st.view(0)["peek"] == peek[::-1]
    assert st.view(1)["peek"] == []


def test_pool_hidden_without_lantern() -> None:
    st = GAME.new_state(3, 9)
    for who in [None, 0, 1, 2]:
        assert st.view(who)["pool"] is None
        assert st.view(who)["pool_size"] == 3
    st.pond.remove(LANTERN) if LANTERN in st.pond else st.pool.remove(LANTERN)
    st.lanterns[1] = 1
    st.pool = st.pool[:3] if len(st.pool) >= 3 else st.pool
    assert st.view(1)["pool"] == [data.KIND_NAMES[c] for c in st.pool]
    assert st.view(0)["pool"] is None and st.view(None)["pool"] is None


# --- determinize -----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_determinize_keeps_what_the_seat_sees(n: int) -> None:
    st = GAME.new_state(n, 21)
    random_steps(st, 30, 21)
    for seat in range(n):
        d = st.determinize(seat, 99)
        d.check_invariants()
        assert d.view(seat) == st.view(seat)
        assert d.secret[seat] == st.secret[seat] and d.common == st.common


def test_determinize_depends_only_on_the_view() -> None:
    st = GAME.new_state(4, 8)
    random_steps(st, 25, 8)
    seat = next(s for s in range(4) if not st.lanterns[s] and not st.known[s])
    others = [s for s in range(4) if s != seat]
    twin = st.copy()
    rng = random.Random(1)
    mixed = twin.pond + twin.pool
    rng.shuffle(mixed)
    twin.pond, twin.pool = mixed[: len(twin.pond)], mixed[len(twin.pond) :]
    hidden = twin.unused + [twin.secret[s] for s in others]
    rng.shuffle(hidden)
    for s in others:
        twin.secret[s] = hidden.pop()
    twin.unused = sorted(hidden)
    twin.known = [0] * 4
    twin.check_invariants()
    assert twin.to_json() != st.to_json()
    assert twin.view(seat) == st.view(seat)
    assert st.determinize(seat, 5).to_json() == twin.determinize(seat, 5).to_json()
    assert st.determinize(seat, 5).to_json() != st.determinize(seat, 6).to_json()


def test_determinize_keeps_peek_and_lantern_pool() -> None:
    st = GAME.new_state(3, 4)
    for c in (LOTUS, LANTERN):
        st.pond.remove(c)
    st.lotus[0] = 1
    st.lanterns[0] = 1
    st.apply(0, "lotus")
    st.apply(0, "order:keep")
    for seed in range(5):
        d = st.determinize(0, seed)
        assert d.pond[-2:] == st.pond[-2:] and d.pool == st.pool
    pools = {tuple(st.determinize(1, seed).pool) for seed in range(8)}
    assert len(pools) > 1  # seat 1 has no lantern: the pool is drawn again


def stops_with_a_first_lantern(st: IkeNoKoiState, seat: int) -> bool:
    """The seat holds no lantern, may Stop with a lantern in the river, and still has a decision
    after it (a bamboo or bridge to place)."""
    if "stop" not in {a.id for a in st.legal_actions(seat)} or LANTERN not in st.river or st.lanterns[seat]:
        return False
    after = st.copy()
    after.apply(seat, "stop")
    return seat in after.to_act()


def test_stop_that_shows_the_pool_cannot_be_undone() -> None:
    """Issue 34: a Stop that keeps the seat's first lantern shows it the pool; Undo would let it
    take the Stop back having seen the pool (and then draw on, knowing it)."""
    st, rng = GAME.new_state(2, 1), random.Random(1)
    while not stops_with_a_first_lantern(st, seat := st.to_act()[0]):
        st.apply(seat, rng.choice(st.legal_actions(seat)).id)
    assert st.view(seat)["pool"] is None
    st.apply(seat, "stop")
    assert seat in st.to_act() and st.phase == "place", "the seat places the river's Garden card next"
    assert st.view(seat)["pool"] == [data.KIND_NAMES[c] for c in st.pool]
    assert not st.undoable(seat)


# --- conservation ---------------------------------------------------------------------------


def test_check_invariants_catches_a_lost_or_extra_card() -> None:
    st = GAME.new_state(5, 1)
    st.check_invariants()
    st.pond.pop()
    with pytest.raises(AssertionError):
        st.check_invariants()
    st = GAME.new_state(2, 1)
    st.koi[0][5] += 1
    with pytest.raises(AssertionError):
        st.check_invariants()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_conservation_total(n: int) -> None:
    st = GAME.new_state(n, n)
    random_steps(st, 10_000, n)
    st.check_invariants()
    total = 67 if n <= 3 else 78
    placed = sum(sum(r) for r in st.koi) + sum(sum(r) for r in st.bamboo) + sum(st.lotus) + sum(st.lanterns)
    assert placed + len(st.discard) + len(st.pool) == total


# --- the contract -------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_contract_deep(n: int, seed: int) -> None:
    st = play_random(GAME, n, seed, {}, deep=True)
    assert st.is_over() and st.winners()


def test_action_ids_and_labels_fit_discord() -> None:
    for n in (2, 5):
        for seed in range(5):
            st = GAME.new_state(n, seed)
            rng = random.Random(seed)
            while not st.is_over():
                seat = st.to_act()[0]
                acts = st.legal_actions(seat)
                assert all(len(a.id) <= 20 for a in acts)
                for group in {a.group for a in acts}:
                    same = [a for a in acts if a.group == group]
                    assert len(same) <= 40
                    if len(same) <= 5:
                        assert all(len(a.label) <= 40 for a in same)  # shown as buttons
                st.apply(seat, rng.choice(acts).id)


# --- pictures and the rules summary --------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_render_start_mid_end(n: int) -> None:
    st = GAME.new_state(n, 30 + n)
    names = [f"Player {i}" for i in range(n)]
    for steps in (0, 40, 10_000):
        random_steps(st, steps, n)
        for seat in (None, 0):
            png = render("ikenokoi", st.view(seat), names)
            img = Image.open(io.BytesIO(png))
            img.load()
            assert img.width == 600 and 400 <= img.height <= 1.6 * 600
        assert render("ikenokoi", st.view(0), names) != render("ikenokoi", st.view(None), names)


def _texts(view: dict, names: list[str]) -> tuple[Image.Image, list[str], float]:
    """The picture, its texts and its smallest text as a phone shows it (274 px wide in a card:
    bench/phone.py)."""
    from rendering import draw

    with common.record_text() as texts:
        image = draw("ikenokoi", view, names)
    scale = 274 / image.width
    return image, [t for _, t in texts], min(size for size, _ in texts) * scale


@pytest.mark.parametrize("n", [3, 5])
def test_pictures_are_readable_on_a_phone_and_keep_secrets(n: int) -> None:
    """Every text is 8 px or more on a phone and no picture is taller than 1.6x its width; the
    secret challenge and the pool's faces are in the owner's picture only."""
    st = GAME.new_state(n, 60 + n)
    names = [f"Player {i}" for i in range(n)]
    st.pond.remove(LANTERN) if LANTERN in st.pond else st.pool.remove(LANTERN)
    st.lanterns[0] = 1  # seat 0 sees the pool
    for steps in (0, 30, 10_000):
        random_steps(st, steps, n + steps)
        for seat in (None, 0, 1):
            image, texts, smallest = _texts(st.view(seat), names)
            assert smallest >= 8 and image.height <= 1.6 * image.width
            joined = " ".join(texts)
            if st.is_over():
                continue  # the secrets are shown to all at the end
            assert (secret_text(st, 0) in joined) == (seat == 0)
            # the pool's faces only in the picture of a lantern's owner (seat 0 holds one)
            assert ("Pool (you see it)" in texts) == bool(st.view(seat)["pool"])
            assert bool(st.view(seat)["pool"]) == (seat is not None and st.lanterns[seat] > 0)


def test_the_deciding_players_picture_is_the_river_and_their_own_pond() -> None:
    """The panel's picture shows what the decision is about: the river and the player's own pond,
    large; the other ponds (on the board) only while an Exchange takes a card from one of them."""
    st = GAME.new_state(4, 12)
    names = ["Aiko", "Botan", "Chiyo", "Daisuke"]
    seen = set()
    for k in range(400):
        if st.is_over():
            break
        seat = st.to_act()[0]
        kind = st.view(seat)["decision"]["type"]
        _, texts, _ = _texts(st.view(seat), names)
        others = [n for s, n in enumerate(names) if s != seat]
        shown = [n for n in others if n in texts]
        assert any(t.startswith("River") for t in texts) and f"{names[seat]} (you)" in texts
        if kind == "exchange":
            assert shown == others, "an Exchange takes from another pond: every pond is shown"
        else:
            assert not shown, f"{kind}: only the deciding player's pond"
        seen.add(kind)
        st.apply(seat, random.Random(k).choice(st.legal_actions(seat)).id)
    assert {"turn", "share"} <= seen
    board, _, _ = _texts(st.view(None), names)
    assert board.width == 600


def test_cached_text_does_not_change_the_pictures() -> None:
    """Pictures drawn with warm text caches equal those drawn from cold caches, in any order."""
    from rendering import ikenokoi

    st = GAME.new_state(5, 77)
    names = ["Aiko", "Botan", "Chiyo", "Daisuke", "Emi"]
    views = []
    for k in range(24):  # pairs of consecutive moves: pontoons kept from the previous picture
        views += [st.view(None), st.view(st.to_act()[0])] if not st.is_over() else [st.view(None), st.view(1)]
        random_steps(st, 1 if k % 2 == 0 else 11, k)
    warm = [render("ikenokoi", v, names) for v in views]
    common.clear_text_caches()
    ikenokoi._PONTOONS.clear()
    cold = [render("ikenokoi", v, names) for v in reversed(views)]
    assert warm == cold[::-1]


def test_rules_summary_fits_an_embed() -> None:
    text = (ROOT / "cogs" / "rules" / "ikenokoi.md").read_text()
    assert 500 < len(text) <= 3500
    for word in ("Sharing", "Exchange", "bamboo", "bridge", "lantern", "lotus", "Honour"):
        assert word.lower() in text.lower()


def test_rules_summary_states_the_audit_rulings() -> None:
    text = " ".join((ROOT / "cogs" / "rules" / "ikenokoi.md").read_text().split())
    assert "need at least one card of each variety named" in text  # 0 = 0 is no collection
    assert "1 lotus for the 2, 3, 4; 2 for the 5, 6, 7; 3 for the 8, 9, 10; 4 for the 11" in text
    assert "a bamboo counts as one Koi card of its zone" in text  # the tie-break
    assert "zone 11: no bamboo or bridge goes there" in text


VIEW_KEYS = {
    "game", "seat", "num_players", "to_act", "scores", "over", "winners", "phase", "decision", "active",
    "turn", "river", "drawn", "share_next", "pond_size", "pool_size", "pool", "pool_taker", "discard",
    "grid", "varieties", "token_values", "leaders", "common_challenge", "players", "secret_challenge",
    "secret_points", "peek", "exchange", "prompt",
}  # fmt: skip


def test_view_keys_and_turn_state() -> None:
    st = GAME.new_state(3, 12)
    st.apply(0, "draw")
    for who in (None, 0, 1):
        v = st.view(who)
        assert set(v) == VIEW_KEYS
        assert v["game"] == "ikenokoi" and v["seat"] == who and v["num_players"] == 3
        assert v["decision"] == {"seat": 0, "type": "turn"} and v["active"] == 0
        assert len(v["river"]) == 1 and v["drawn"] == v["river"]
        assert v["pond_size"] == 67 - 3 - 1 and v["pool_size"] == 3
        assert set(v["players"][0]) == {"zones", "bridges", "lotus", "lanterns", "koi_cards", "tokens", "score",
                                         "challenge"}  # fmt: skip
        assert v["common_challenge"]["text"] == data.CHALLENGES[st.common]["text"]
    assert st.view(0)["prompt"] and st.view(None)["prompt"] == ""


@pytest.mark.parametrize("n", [3, 5])
def test_the_end_picture_shows_every_secret_challenge_whole(n: int) -> None:
    """At the end every player's secret challenge is in the result picture in full (it was cut to
    the width left beside the player's name), still within 1.6x the width."""
    longest = max(range(len(data.CHALLENGES)), key=lambda c: len(data.CHALLENGES[c]["text"]))
    for seed in range(3):
        st = GAME.new_state(n, 90 + seed)
        if longest in st.unused:  # the longest text, for the longest name
            st.unused[st.unused.index(longest)] = st.secret[0]
            st.unused.sort()
            st.secret[0] = longest
        random_steps(st, 10_000, seed)
        names = ["Bartholomew-Alexander"] + [f"Player {i}" for i in range(1, n)]
        for seat in (None, 1):
            image, texts, smallest = _texts(st.view(seat), names)
            assert smallest >= 8 and image.height <= 1.6 * image.width
            for p in st.view(None)["players"]:
                assert f"secret: {p['challenge']['text']}" in texts, p["challenge"]["text"]
        assert f"secret: {data.CHALLENGES[longest]['text']}" in texts or longest == st.common


def test_the_tokens_take_the_height_the_picture_leaves_them() -> None:
    from PIL import ImageDraw

    from rendering import ikenokoi

    view = GAME.new_state(3, 1).view(None)
    d = ImageDraw.Draw(Image.new("RGB", (600, 400)))
    assert ikenokoi._tokens(d, view, 50) == 50 + ikenokoi.TOKENS_H


def test_a_pontoon_says_its_score_and_what_it_holds_whole() -> None:
    """Each pontoon on the board shows its score beside the name (on a lotus disc), and under it
    its Koi, lotus flowers and lanterns, never cut; its bridges too when they fit (they are drawn
    as bars)."""
    import re

    from rendering import ikenokoi

    seen = 0
    for seed in range(3):
        st = GAME.new_state(5, 30 + seed)
        names = ["Bartholomew-Alexander", "bob", "carol", "dave", "erin"]
        for steps in (40, 40, 10_000):
            random_steps(st, steps, seed + steps)
            view = st.view(None)
            ikenokoi._PONTOONS.clear()  # every pontoon drawn, in seat order
            _, texts, _ = _texts(view, names)
            lines = [t for t in texts if re.match(r"\d+ Koi", t)]
            assert len(lines) == len(view["players"])
            for p, line in zip(view["players"], lines, strict=True):
                assert str(p["score"]["total"]) in texts
                assert line.startswith(f"{p['koi_cards']} Koi") and not line.endswith("…"), line
                if p["lotus"]:
                    assert f"{p['lotus']} flower" in line
                if p["lanterns"]:
                    assert f"{p['lanterns']} lantern" in line
                seen += bool(p["lotus"] and p["lanterns"])
    assert seen  # a pond with both, whose line was cut before


def test_the_river_names_every_garden_card_whole() -> None:
    """A Garden card in the river says its kind whole ("bamboo", "lantern" were cut on a phone)."""
    view = GAME.new_state(3, 1).view(None)
    kinds = ["bamboo", "lantern", "bridge", "lotus"]
    _, texts, smallest = _texts({**view, "river": kinds}, ["a", "b", "c"])
    assert all(k in texts for k in kinds) and smallest >= 8

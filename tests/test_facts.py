"""The panel's facts in words (rendering/facts.py): short enough for an alt text, about the seat's
own holdings, never another seat's secret."""

from __future__ import annotations

import random

import pytest

from games import REGISTRY
from rendering.alt import LIMIT
from rendering.facts import facts, plain

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
CASES = [(key, n, opts) for key, game in sorted(REGISTRY.items()) for n, opts in game.usual_setups()]


def views(key: str, n: int, options: dict, seed: int = 1):
    """(state, seat) at every step of a seeded random game."""
    state = REGISTRY[key].new_state(num_players=n, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)


@pytest.mark.parametrize(
    ("key", "n", "options"), CASES, ids=[f"{k}-{n}p-{i}" for i, (k, n, _) in enumerate(CASES)]
)
def test_facts_fit_an_alt_text_and_say_what_the_seat_holds(key, n, options):
    must = {  # what each game's facts always start from (a new game: nothing asked yet)
        "ikenokoi": "Your secret challenge:",
        "iki": "You hold:",
        "iwari": "Your hand:",
        "kigi": "Your tree:",
    }.get(key, "")
    for state, seat in views(key, n, options):
        text = facts(key, state.view(seat), NAMES[:n])
        assert text and len(text) <= LIMIT and len(plain(text)) <= LIMIT
        assert must in text or state.view(seat).get("phase") in ("setup", "choose", "draft")


def test_ikenokoi_facts_hold_no_other_secret_challenge():
    for state, seat in views("ikenokoi", 4, {}, seed=3):
        view = state.view(seat)
        text = facts("ikenokoi", view, NAMES[:4])
        mine = view["secret_challenge"]["text"]
        common = (view.get("common_challenge") or {}).get("text")
        others = {state.view(s)["secret_challenge"]["text"] for s in range(4) if s != seat} - {mine, common}
        assert not any(other in text for other in others)
        assert f"Worth {view['secret_points']} lotus" in text


def test_kigi_facts_name_the_card_being_placed():
    seen = 0
    for state, seat in views("kigi", 3, {}, seed=2):
        view = state.view(seat)
        pending = view.get("pending") or {}
        if pending.get("card") and pending.get("seat") == seat:
            text = facts("kigi", view, NAMES[:3])
            card = pending["card"]["id"].lstrip("t0")
            assert f"**Placing:** card {card} (" in text
            seen += 1
    assert seen


def test_iki_facts_say_what_each_building_does_when_building_is_a_choice():
    """The board gives a building one line (name and price): its ability is in the words of the
    panel of the player at the Builder, and only there."""
    seen = 0
    for state, seat in views("iki", 3, {}, seed=4):
        builds = any(a.id[0] == "b" and a.id[1:].isdigit() for a in state.legal_actions(seat))
        view = state.view(seat)
        text = facts("iki", view, NAMES[:3])
        shop = view["players"][seat]["oyakata"]
        at_builder = shop is not None and shop >= 0 and view["shop_keys"][shop] == "build"
        assert ("**To build:**" in text) <= at_builder  # (even unaffordable: what is there to build)
        if builds:
            seen += 1
            assert "**To build:**" in text
            assert all(b["ability_text"] in text for b in view["buildings"] if b["ability_text"])
    assert seen

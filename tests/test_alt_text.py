"""Alt text of pictures: written from the view, short enough for Discord, never a secret."""

from __future__ import annotations

import random

import pytest

from games import REGISTRY
from rendering import DESCRIPTION_LIMIT, describe

NAMES = ["alice", "bob", "carol", "dave", "erin"]


def playthrough(key: str, n: int, seed: int):
    game = REGISTRY[key]
    state = game.new_state(n, seed, {})
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
        yield state


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_view_has_a_short_description_of_turn_and_scores(key):
    n = max(c for c in REGISTRY[key].player_counts if c <= 5)
    for state in playthrough(key, n, 3):
        view = state.view(None)
        text = describe(key, view, NAMES[:n])
        assert 40 < len(text) <= DESCRIPTION_LIMIT
        assert text.startswith(f"{REGISTRY[key].title} board.")
        if state.is_over():
            assert "Game over." in text
        else:
            assert f"Turn of {NAMES[state.to_act()[0]]}" in text
        assert "Scores: " + ", ".join(f"{NAMES[s]} {score}" for s, score in enumerate(view["scores"])) in text
        assert "Your " not in text  # a public picture's text says nothing only a player may know


def test_a_private_description_names_its_viewer_and_their_hand():
    state = next(s for i, s in enumerate(playthrough("iwari", 3, 4)) if i == 10)
    text = describe("iwari", state.view(1), NAMES[:3])
    assert text.startswith("Iwari board, as bob sees it.") and "Your hand: " in text
    for card, count in state.view(1)["hand"].items():
        assert f"{count} {card}" in text
    assert "Your hand" not in describe("iwari", state.view(None), NAMES[:3])


def test_the_description_names_the_key_public_facts():
    iki = next(s for i, s in enumerate(playthrough("iki", 3, 5)) if i == 20).view(None)
    text = describe("iki", iki, NAMES[:3])
    assert f"Month {iki['month']}" in text and all(c["name"] in text for c in iki["row"])
    kigi = next(s for i, s in enumerate(playthrough("kigi", 3, 5)) if i == 9).view(None)
    text = describe("kigi", kigi, NAMES[:3])
    assert f"Deck: {kigi['deck_size']} cards" in text and "alice's tree" in text
    for c in kigi["display"]:
        assert (f"commission {c['text']}" if c["kind"] == "commission" else "Display: ") in text
    koi = next(s for i, s in enumerate(playthrough("ikenokoi", 3, 5)) if i == 12).view(None)
    text = describe("ikenokoi", koi, NAMES[:3])
    assert f"Pond: {koi['pond_size']} cards" in text and "River: " in text


def test_long_descriptions_are_cut_at_a_word():
    from rendering.alt import clip

    text = clip("word " * 400)
    assert len(text) <= DESCRIPTION_LIMIT and text.endswith("word…")


@pytest.mark.parametrize("n", [3, 5])
def test_the_end_of_ike_no_koi_says_every_secret_challenge_whole(n):
    """At the end the secret challenges are public: the alt text names each player's whole, with
    what it earned, within the limit Discord keeps (the ponds' details come after them)."""
    state = REGISTRY["ikenokoi"].new_state(n, 8)
    rng = random.Random(8)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    view = state.view(None)
    names = ["Bartholomew-Alexander", "bob", "carol", "dave", "erin"][:n]
    text = describe("ikenokoi", view, names)
    assert len(text) <= DESCRIPTION_LIMIT
    for seat, p in enumerate(view["players"]):
        lotus = p["score"]["secret"]
        assert f"{names[seat]}'s secret, {lotus} lotus: {p['challenge']['text']}" in text

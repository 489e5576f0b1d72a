"""Alt text of pictures: written from the view, short enough for Discord, never a secret."""

from __future__ import annotations

import random

import pytest

from games import REGISTRY
from rendering import DESCRIPTION_LIMIT, describe

NAMES = ["alice", "bob", "carol", "dave", "erin"]


def playthrough(key: str, n: int, seed: int, options: dict | None = None):
    game = REGISTRY[key]
    state = game.new_state(n, seed, options or {})
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
        yield state


SETUPS = [
    (key, n, opts) for key, game in sorted(REGISTRY.items()) for n, opts in game.usual_setups() if n <= 5
]


@pytest.mark.parametrize(
    ("key", "n", "options"), SETUPS, ids=[f"{k}-{n}p-{i}" for i, (k, n, _) in enumerate(SETUPS)]
)
def test_every_view_has_a_short_description_of_turn_and_scores(key, n, options):
    """Every declared set-up (names for up to five players): what each game's own sentences say is
    checked in its tests (tests/games/test_<key>.py)."""
    for state in playthrough(key, n, 3, options):
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


def test_long_descriptions_are_cut_at_a_word():
    from rendering.alt import clip

    text = clip("word " * 400)
    assert len(text) <= DESCRIPTION_LIMIT and text.endswith("word…")

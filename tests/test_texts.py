"""What players read: plural forms right, players named as the pictures name them."""

from __future__ import annotations

import random
import re

import pytest

from games import REGISTRY
from games.base import plural
from rendering import glance

WRONG = [
    re.compile(r"\(s\)|\(es\)"),  # "card(s)"
    re.compile(r"\b1 (cards|points|characters|territories|tips|tents|totems|hours|days|minutes)\b"),
    re.compile(r"\b(tree|player) [A-E]\b", re.I),  # a seat letter where the picture shows a name
]


def test_plural():
    assert plural(1, "card") == "1 card" and plural(2, "card") == "2 cards" and plural(0, "card") == "0 cards"
    assert plural(1, "territory", "territories") == "1 territory"
    assert plural(3, "territory", "territories") == "3 territories"


SETUPS = [(key, n, opts) for key, game in sorted(REGISTRY.items()) for n, opts in game.usual_setups()]


@pytest.mark.parametrize(
    ("key", "n", "options"), SETUPS, ids=[f"{k}-{n}p-{i}" for i, (k, n, _) in enumerate(SETUPS)]
)
def test_prompts_labels_and_log_read_right(key, n, options):
    """Every set-up the game declares, one random game each (the usual one, three)."""
    game = REGISTRY[key]
    texts: set[str] = set()
    for seed in range(3 if (n, options) == game.usual_setup() else 1):
        state = game.new_state(n, seed, options)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            texts.add(state.prompt(seat))
            actions = state.legal_actions(seat)
            texts.update(a.label for a in actions)
            texts.update(e.get("text", "") for e in state.apply(seat, rng.choice(actions).id))
    bad = sorted(t for t in texts if any(p.search(t) for p in WRONG))
    assert not bad, bad[:10]


def glance_after(key: str, steps: int = 10) -> tuple[str, dict]:
    """The glance line of the game's usual set-up after ``steps`` random moves, and its view (what
    a game's own tests check the line says: tests/games/test_<key>.py)."""
    game = REGISTRY[key]
    n, options = game.usual_setup()
    state = game.new_state(n, 11, options)
    rng = random.Random(2)
    for _ in range(steps):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    return glance(key, state.view(None)), state.view(None)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_the_glance_line_reads_the_public_view_only(key):
    """The line under the board's picture: short, about the board, the same whoever holds what."""
    line, view = glance_after(key)
    assert 0 < len(line) <= 300 and "\n" not in line
    assert glance(key, {**view, "over": True}) == ""

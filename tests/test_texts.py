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


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_prompts_labels_and_log_read_right(key):
    game = REGISTRY[key]
    texts: set[str] = set()
    for seed in range(3):
        n = 3 if 3 in game.player_counts else min(game.player_counts)
        state = game.new_state(n, seed, {})
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            texts.add(state.prompt(seat))
            actions = state.legal_actions(seat)
            texts.update(a.label for a in actions)
            texts.update(e.get("text", "") for e in state.apply(seat, rng.choice(actions).id))
    bad = sorted(t for t in texts if any(p.search(t) for p in WRONG))
    assert not bad, bad[:10]


def test_iki_log_lines_are_sentences():
    game = REGISTRY["iki"]
    state = game.new_state(2, 1, {})
    rng = random.Random(1)
    shop = []
    while not state.is_over() and len(shop) < 10:
        seat = state.to_act()[0]
        for e in state.apply(seat, rng.choice(state.legal_actions(seat)).id):
            if e.get("type") == "shop":
                shop.append(e["text"])
    assert shop and all(re.match(r"^\{p\d\} [a-z]", t) for t in shop), shop


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_the_glance_line_reads_the_public_view_only(key):
    """The line under the board's picture: short, about the board, the same whoever holds what."""
    game = REGISTRY[key]
    state = game.new_state(3, 11, {})
    rng = random.Random(2)
    for _ in range(10):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    line = glance(key, state.view(None))
    assert 0 < len(line) <= 300 and "\n" not in line
    word = {"ikenokoi": "River:", "iki": "For hire:", "iwari": "Display:", "kigi": "Display:"}[key]
    assert word in line
    assert glance(key, {**state.view(None), "over": True}) == ""

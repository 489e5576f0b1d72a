"""The engines' ``score_parts`` (the final message's one line per player): at the end of random games
of every game, each seat's parts add up to its score, in the game's own words; before the end (and
for a game won or lost against the Void) there are none."""

from __future__ import annotations

import pytest

from games import REGISTRY
from tests.contract import random_log

CASES = [
    ("iki", 3, {}, ["iki track", "character types", "fish", "tobacco", "buildings", "goods"]),
    ("ikenokoi", 4, {}, ["honour", "common", "secret", "lotus flowers"]),
    ("kigi", 3, {}, ["points", "commissions"]),
    ("iwari", 3, {}, ["half journey", "Tents", "Totems", "settlements"]),
    (
        "iwari",
        4,
        {"feats": True, "expeditions": True},
        ["half journey", "Tents", "Totems", "settlements", "Feats", "Expeditions"],
    ),
]


@pytest.mark.parametrize(("key", "n", "options", "words"), CASES)
def test_the_parts_add_up_to_the_final_scores(key, n, options, words):
    game = REGISTRY[key]
    for seed in range(3):
        log, state = random_log(game, n, seed, options)
        parts = state.score_parts()
        assert parts is not None and len(parts) == n
        for seat, mine in enumerate(parts):
            assert [w for w, _ in mine] == words
            assert sum(p for _, p in mine) == state.scores()[seat], (seed, seat, mine)
        before = game.new_state(n, seed, options)
        for seat, action in log[:-1]:
            before.apply(seat, action)
        assert before.score_parts() is None, "nothing split before the end"


def test_feats_are_split_off_the_tents_and_totems_they_multiplied():
    """With the base Feats on, some random game's Feats add points, taken from the Tents or Totems."""
    game = REGISTRY["iwari"]
    feats = []
    for seed in range(6):
        _, state = random_log(game, 3, seed, {"feats": True})
        feats += [dict(mine)["Feats"] for mine in state.score_parts()]
    assert any(f > 0 for f in feats) and all(f >= 0 for f in feats)


def test_a_game_against_the_void_has_no_parts():
    _, state = random_log(REGISTRY["iwari"], 1, 1, {"mode": "solo"})
    assert state.is_over() and state.score_parts() is None

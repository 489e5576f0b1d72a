"""bench/challenges.py: the per-card figures of a tiny seeded run add up, and the verdicts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from games.ikenokoi import data

_PATH = Path(__file__).resolve().parents[2] / "bench" / "challenges.py"
_SPEC = importlib.util.spec_from_file_location("bench_challenges", _PATH)
assert _SPEC and _SPEC.loader
challenges = importlib.util.module_from_spec(_SPEC)
sys.modules["bench_challenges"] = challenges  # dataclasses look their module up there
_SPEC.loader.exec_module(challenges)


@pytest.mark.parametrize("n", [2, 5])
def test_a_tiny_run_counts_every_holder_and_every_win(n: int) -> None:
    stats = challenges.measure(n, games=6, seed=3)
    assert stats.games == 6
    assert sum(s.held for s in stats.cards.values()) == 6 * n  # every seat holds one secret card
    assert sum(s.wins for s in stats.cards.values()) == pytest.approx(6)  # one win per game, shared
    assert challenges.measure(n, games=6, seed=3).cards == stats.cards  # seeded: the same figures
    lines = challenges.table(stats)
    assert len(lines) == 2 + len(data.CHALLENGES)


def test_verdicts_against_the_even_share() -> None:
    assert challenges.verdict(0.39, 2) == "PENALTY"  # below 0.8 / 2
    assert challenges.verdict(0.41, 2) == "ok"
    assert challenges.verdict(0.15, 5) == "PENALTY" and challenges.verdict(0.17, 5) == "ok"
    assert challenges.verdict(0.9, 2) == "SURE WIN"

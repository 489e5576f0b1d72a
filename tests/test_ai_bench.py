"""bench/tournament.py: the interval maths and a tiny run of the table."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

import pytest

from games import REGISTRY

_PATH = Path(__file__).resolve().parents[1] / "bench" / "tournament.py"
_SPEC = importlib.util.spec_from_file_location("bench_tournament", _PATH)
assert _SPEC and _SPEC.loader
tournament = importlib.util.module_from_spec(_SPEC)
sys.modules["bench_tournament"] = tournament  # dataclasses look their module up there
_SPEC.loader.exec_module(tournament)


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = tournament.wilson(8, 10)
    assert lo == pytest.approx(0.490, abs=1e-3) and hi == pytest.approx(0.943, abs=1e-3)
    lo, hi = tournament.wilson(10, 10)
    assert lo == pytest.approx(0.722, abs=1e-3) and hi == 1.0
    assert tournament.wilson(0, 0) == (0.0, 1.0)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SystemExit, match="Unknown game"):
        tournament.build_setups(tournament.parse_args(["--game", "chess"]))
    with pytest.raises(SystemExit, match="Bad matchup"):
        tournament.build_setups(tournament.parse_args(["--matchups", "strong:genius"]))


@pytest.mark.skipif(not REGISTRY, reason="no game registered yet")
def test_a_tiny_tournament_prints_a_table() -> None:
    key = sorted(REGISTRY)[0]
    args = tournament.parse_args(
        [
            "--game",
            key,
            "--players",
            "2",
            "--matchups",
            "quick:random",
            "--quick-budget",
            "0",
            "--quick-iterations",
            "1",
        ]
    )
    setups = tournament.build_setups(args)
    out = io.StringIO()
    results = tournament.run(setups, games=2, seed=1, jobs=1, out=out)
    table = out.getvalue().splitlines()
    assert "95% CI" in table[0] and table[2].startswith(key)
    assert len(results) == 1 and len(results[0][1]) == 2

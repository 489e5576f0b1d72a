"""Every bench runs: its smallest configuration, as a newcomer would start it (``python bench/X.py``).

No figure is checked (a bench measures, and this machine is shared): the point is that no bench
crashes on a set-up the engines refuse (Iwari's 6 players need The Void, 1 player plays solo),
on a renamed helper or on a changed bot. A new bench must add its smallest run to ``QUICK``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench._setups import setup_options
from games import REGISTRY, IllegalSetup

ROOT = Path(__file__).resolve().parents[1]
BENCHES = sorted(p.name for p in (ROOT / "bench").glob("*.py") if not p.name.startswith("_"))

# The smallest run of each bench: every game and player count it would play, a game or a few moves each.
QUICK: dict[str, list[list[str]]] = {
    "ai_work.py": [["--positions", "1", "--budget", "0.01"]],
    "games.py": [["--all-counts", "--games", "1"]],
    "move.py": [
        ["--moves", "2", "--max-seconds", "5"],
        ["iwari", "--players", "1", "--moves", "2"],
        ["iwari", "--compare", "HEAD", "--moves", "2"],
    ],
    "move_compare.py": [["--json", "--moves", "2", *sorted(REGISTRY)]],
    "tournament.py": [
        ["--games", "1", "--matchups", "quick:random", "--quick-budget", "0", "--quick-iterations", "1"]
    ],
    "load.py": [
        ["--levels", "1,2", "--moves", "4", "--backends", "sqlite"],
        ["--levels", "1,2", "--moves", "4", "--backends", "sqlite", "--compare", "HEAD", "--repeats", "1"],
    ],
    "replay.py": [["--seeds", "1"]],
    "review.py": [["ikenokoi", "--steps", "2"]],
    "challenges.py": [["--players", "2", "--games", "2"]],
    "quiet.py": [["--games", "ikenokoi", "--seeds", "1", "--policy", "random"]],
    "solo.py": [
        ["--maps", "new-horizons", "--modes", "solo,coop", "--games", "1", "--iterations", "2", "--why"]
    ],
    "kigi_table.py": [["--games", "8", "--timed", "2", "--ai-games", "0"]],
    "phone.py": [["--quick"]],
    "scripts.py": [["--quick"]],
    "screenshots.py": [["--games", "ikenokoi", "--players", "2", "--actions", "1"]],
}
NEEDS_CHROMIUM = {"screenshots.py"}


def test_every_bench_has_a_quick_run() -> None:
    missing = sorted(set(BENCHES) - set(QUICK))
    assert not missing, f"add the smallest run of {', '.join(missing)} to QUICK in {__file__}"
    assert not set(QUICK) - set(BENCHES), "QUICK names a bench that is gone"


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_player_count_has_a_set_up(key: str) -> None:
    game = REGISTRY[key]
    for n in game.player_counts:
        game.new_state(n, 1, setup_options(game, n))  # refused set-ups raise IllegalSetup
    assert setup_options(REGISTRY["iwari"], 6)["map"] == "the-void"
    assert setup_options(REGISTRY["iwari"], 1)["mode"] == "solo"
    with pytest.raises(IllegalSetup):
        setup_options(REGISTRY["iwari"], 6, {"map": "new-horizons"})  # what the caller fixed stays fixed


@pytest.mark.parametrize(
    ("bench", "args"),
    [
        pytest.param(name, args, id=f"{name} {' '.join(args)}")
        for name in sorted(QUICK)
        for args in QUICK[name]
    ],
)
def test_the_smallest_run_of_each_bench(bench: str, args: list[str], tmp_path: Path) -> None:
    if bench in NEEDS_CHROMIUM:
        pytest.importorskip(
            "playwright", reason='needs simcord[screenshot] (pip install "simcord[screenshot]")'
        )
        if not Path("/usr/bin/chromium").exists() and not shutil.which("chromium"):
            pytest.skip("needs Chromium (Debian: apt install chromium)")
        args = [*args, "--out", str(tmp_path)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / bench), *args],
        cwd=tmp_path,  # a bench must not depend on the folder it is started from
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, (
        f"{bench} {' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    )
    assert done.stdout.strip(), f"{bench} printed nothing"

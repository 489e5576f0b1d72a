"""The AI's work budget: engine steps per second of thread CPU time, and the time a move takes.

    python bench/ai_work.py                   # every game, 6 positions each, strong and quick
    python bench/ai_work.py kigi --positions 3 --budget 0.5

A budget (``budget_s``) buys ``budget_s * games.ai.WORK_PER_S[game]`` engine steps, so the same state,
seed and budget give the same move however busy the host (games/ai/__init__.py). This script plays
each game at its largest player count by random moves and, at a few positions, lets the AI decide
with the default budgets; it prints, per game and level, the steps a second of the search's own CPU
time (``time.thread_time``: what the figures in ``WORK_PER_S`` should match on this machine), and the
wall time of a move (median and worst), which a loaded host stretches up to the safety cap
(``WALL_CAP`` times the budget plus ``WALL_SLACK_S``).

A benchmark, not a test: nothing fails; the figures are what it prints.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games.ai as ai
from games import REGISTRY


def measure(key: str, positions: int, level: str, budget: float) -> tuple[float, list[float], int]:
    """(steps per CPU second, wall seconds per move, moves stopped by the cap) over ``positions``."""
    game = REGISTRY[key]
    n = max(game.counts_for({}))
    state = game.new_state(n, 1, {})
    r = random.Random(1)
    steps = cpu = 0.0
    walls = []
    capped = 0
    for k in range(positions):
        for _ in range(r.randrange(3, 25)):  # a few random moves between positions
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, r.choice(state.legal_actions(seat)).id)
        if state.is_over():
            break
        seat = state.to_act()[0]
        t0, w0 = time.thread_time(), time.perf_counter()
        d = ai.analyse(state, seat, level, budget_s=budget, seed=k)
        cpu += time.thread_time() - t0
        walls.append(time.perf_counter() - w0)
        steps += d.work
        limit = min(budget, ai.QUICK_BUDGET_S) if level == "quick" else budget
        capped += d.work < round(limit * ai.work_per_s(state)) and walls[-1] >= ai.WALL_CAP * limit
    return steps / max(cpu, 1e-9), walls, capped


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", default=sorted(REGISTRY))
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--budget", type=float, default=ai.DEFAULT_BUDGET_S, help="seconds of thought a move")
    args = parser.parse_args()
    print("game       level   budget  steps/CPU s  WORK_PER_S  move median  move worst  capped")
    for key in args.games:
        for level, budget in (("quick", args.budget), ("strong", args.budget)):
            rate, walls, capped = measure(key, args.positions, level, budget)
            print(
                f"{key:<10} {level:<7} {budget:>5.1f}s {rate:>12,.0f} {ai.WORK_PER_S.get(key, ai.DEFAULT_WORK_PER_S):>11,} "
                f"{statistics.median(walls):>10.2f}s {max(walls):>10.2f}s {capped:>7}"
            )


if __name__ == "__main__":
    main()

"""Pit AI levels against each other and against random play, for every game and player count.

    python bench/tournament.py                       # every game, every count, the default matchups
    python bench/tournament.py --game kigi --players 2,3 --games 40 --jobs 2
    python bench/tournament.py --matchups strong:quick --strong-iterations 300 --quick-iterations 40

A matchup ``A:B`` seats one A player among B players (A's seat rotates from
game to game, so first-player advantage evens out) and reports how often A is
among the winners, with a 95% Wilson score interval. An A no better than B
would win about the "even" share (1/players, a bit more when ties share wins).
"B won" counts the games some B player won, "nobody" those no seat won (Iwari's
third tribe winning a two-player game: both players lose).

Budgets are work (games.ai: a budget of seconds buys a fixed number of engine
steps per game), so the moves do not depend on how busy the machine is, only
the time they take: strong 0.5 s a move, quick its own cap of 0.3 s. An
iteration budget may cap them too, e.g. ``--strong-iterations 300``
(``--strong-budget 0``: no work budget, the iterations alone). "A s/move" is
the wall time of A's moves, which a loaded host stretches.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games.ai as ai
from bench._setups import setup_options
from games import REGISTRY, IllegalSetup
from games.ai import LEVELS, choose

DEFAULT_MATCHUPS = "strong:random,quick:random,strong:quick"


@dataclass(frozen=True)
class Setup:
    key: str
    players: int
    a: str
    b: str
    options: tuple[tuple[str, object], ...]
    budgets: tuple[tuple[str, float | None, int | None], ...]  # (level, budget_s, iterations)


@dataclass
class Result:
    won: bool
    b_won: bool
    shared: bool
    moves: int
    a_decisions: int
    a_seconds: float


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a binomial proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def play_one(setup: Setup, game_no: int, seed: int) -> Result:
    game = REGISTRY[setup.key]
    budgets = {level: (budget, iters) for level, budget, iters in setup.budgets}
    state = game.new_state(setup.players, seed + game_no, dict(setup.options))
    a_seat = game_no % setup.players
    moves = decisions = 0
    a_seconds = 0.0
    while not state.is_over():
        seats = state.to_act()
        # Simultaneous decisions are taken one at a time; nobody sees another's hidden choice.
        seat = seats[moves % len(seats)]
        level = setup.a if seat == a_seat else setup.b
        budget, iters = budgets[level]
        start = time.perf_counter()
        action = choose(state, seat, level, budget_s=budget, seed=seed * 7919 + moves, iterations=iters)
        if seat == a_seat:
            a_seconds += time.perf_counter() - start
            decisions += 1
        state.apply(seat, action)
        moves += 1
    winners = state.winners()
    return Result(
        won=a_seat in winners,
        b_won=any(s != a_seat for s in winners),
        shared=len(winners) > 1,
        moves=moves,
        a_decisions=decisions,
        a_seconds=a_seconds,
    )


def _play_many(args: tuple[Setup, list[int], int]) -> list[Result]:
    setup, game_nos, seed = args
    return [play_one(setup, g, seed) for g in game_nos]


def run(
    setups: list[Setup], games: int, seed: int, jobs: int, out=sys.stdout
) -> list[tuple[Setup, list[Result]]]:
    """Play every setup ``games`` times and print one table row per setup as it completes."""
    header = (
        f"{'game':<10} {'pl':>2}  {'A':<7} {'vs B':<7} {'games':>5} {'A won':>5} {'win rate':>8}  "
        f"{'95% CI':<15} {'even':>5}  {'B won':>5}  {'nobody':>6}  {'A s/move':>8}  {'moves':>5}"
    )
    print(header, file=out)
    print("-" * len(header), file=out, flush=True)
    results: list[tuple[Setup, list[Result]]] = []
    chunks = max(1, jobs) * 2
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else _Inline() as pool:
        for setup in setups:
            parts = [list(range(games))[i::chunks] for i in range(chunks)]
            tasks = [(setup, p, seed) for p in parts if p]
            done = [r for batch in pool.map(_play_many, tasks) for r in batch]
            results.append((setup, done))
            print(_row(setup, done), file=out, flush=True)
    return results


def _row(setup: Setup, done: list[Result]) -> str:
    wins = sum(r.won for r in done)
    lo, hi = wilson(wins, len(done))
    per_move = sum(r.a_seconds for r in done) / max(1, sum(r.a_decisions for r in done))
    moves = sum(r.moves for r in done) / max(1, len(done))
    ci = f"[{100 * lo:4.1f}, {100 * hi:5.1f}]"
    return (
        f"{setup.key:<10} {setup.players:>2}  {setup.a:<7} {setup.b:<7} {len(done):>5} {wins:>5} "
        f"{100 * wins / max(1, len(done)):>7.1f}%  {ci:<15} {100 / setup.players:>4.0f}%  "
        f"{sum(r.b_won for r in done):>5}  {sum(not (r.won or r.b_won) for r in done):>6}  "
        f"{per_move:>8.3f}  {moves:>5.0f}"
    )


class _Inline:
    """A stand-in for a process pool that runs everything here (jobs=1)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map(self, fn, items):
        return map(fn, items)


def _int_list(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="all", help="comma-separated game keys, or 'all' (default)")
    p.add_argument("--players", default="all", help="comma-separated player counts, or 'all' (default)")
    p.add_argument("--games", type=int, default=20, help="games per matchup and count (default 20)")
    p.add_argument("--matchups", default=DEFAULT_MATCHUPS, help=f"A:B pairs (default {DEFAULT_MATCHUPS})")
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (JSON value)"
    )
    p.add_argument(
        "--strong-budget",
        type=float,
        default=0.5,
        help="strong: seconds of work a move (engine steps, not wall time; default 0.5)",
    )
    p.add_argument(
        "--strong-iterations", type=int, default=None, help="strong: playouts per move (default: no cap)"
    )
    p.add_argument(
        "--quick-budget",
        type=float,
        default=0.3,
        help="quick: seconds of work a move (engine steps, not wall time; default 0.3)",
    )
    p.add_argument(
        "--quick-iterations", type=int, default=None, help="quick: playouts per move (default: its own)"
    )
    p.add_argument(
        "--wall-cap",
        type=float,
        default=None,
        help="the AI's wall-clock safety cap, in times a move's budget (default the bot's "
        "games.ai.WALL_CAP); a loaded host may hit the bot's cap and cut moves short",
    )
    p.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    p.add_argument(
        "--jobs", type=int, default=1, help="worker processes (default 1; this machine has 2 cores)"
    )
    return p.parse_args(argv)


def build_setups(args: argparse.Namespace) -> list[Setup]:
    import json

    keys = sorted(REGISTRY) if args.game == "all" else [k.strip() for k in args.game.split(",")]
    for key in keys:
        if key not in REGISTRY:
            raise SystemExit(f"Unknown game {key!r}; known: {', '.join(sorted(REGISTRY)) or 'none yet'}.")
    matchups = [tuple(m.split(":")) for m in args.matchups.split(",") if m]
    for m in matchups:
        if len(m) != 2 or not set(m) <= set(LEVELS):
            raise SystemExit(f"Bad matchup {':'.join(m)!r}; use A:B with levels from {', '.join(LEVELS)}.")
    options = []
    for item in args.option:
        name, _, value = item.partition("=")
        try:
            options.append((name, json.loads(value)))
        except json.JSONDecodeError:
            options.append((name, value))
    budgets = (
        ("random", None, 1),
        ("quick", args.quick_budget or None, args.quick_iterations),
        ("strong", args.strong_budget or None, args.strong_iterations),
    )
    for level, budget, iterations in budgets:
        if budget is None and iterations is None:
            raise SystemExit(f"{level}: give a time budget or an iteration budget.")
    setups = []
    # Matchup by matchup, so the headline figures (the first matchup) come first.
    for a, b in matchups:
        for key in keys:
            counts = REGISTRY[key].player_counts
            wanted = (
                list(counts) if args.players == "all" else [n for n in _int_list(args.players) if n in counts]
            )
            for n in wanted:
                if n < 2:  # a solo game has nobody to beat
                    continue
                try:  # the options given, and what this count needs besides (Iwari 6: The Void)
                    chosen = setup_options(REGISTRY[key], n, dict(options))
                except IllegalSetup as exc:
                    print(f"Skipped {key} with {n} players: {exc}", file=sys.stderr)
                    continue
                setups.append(Setup(key, n, a, b, tuple(chosen.items()), budgets))
    return setups


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.wall_cap is not None:
        ai.WALL_CAP = args.wall_cap  # read at each move; worker processes fork with it
    setups = build_setups(args)
    if not setups:
        print("Nothing to play: check --game and --players.", file=sys.stderr)
        return 2
    start = time.perf_counter()
    run(setups, args.games, args.seed, args.jobs)
    print(f"\n{len(setups)} matchups x {args.games} games in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Random whole-game playouts per game and player count: how fast the engines are.

    python bench/games.py                      # every game at its largest player count, ~3 s per path
    python bench/games.py kigi iwari --all-counts --seconds 2
    python bench/games.py iki --games 200      # a fixed number of games instead of a time budget

Each game is played from ``new_state(n, seed)`` to the end: at every step a seat
to act and one of its ``legal_actions`` are chosen with a seeded
``random.Random``. Two paths are timed on the same seeds:

* ``apply``: the checked path the bot uses (refuses illegal ids; recomputes the
  legal actions to check, unless the engine caches them);
* ``_do``:   the unchecked path AI search uses. It is only ever given ids taken
  from ``legal_actions`` here, so it is safe; the first game of every row is
  played on both paths and the final states compared, to show they agree.

A benchmark, not a test: a busy machine makes the figures smaller, nothing fails.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._setups import changed, setup_options
from games import REGISTRY, Game

MAX_STEPS = 100_000  # a playout longer than this is reported as a runaway game


class Runaway(Exception):
    pass


def playout(game: Game, players: int, seed: int, checked: bool, options: dict):
    """Play one random game; return (number of actions, final state)."""
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    steps = 0
    step = state.apply if checked else state._do
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat)).id
        step(seat, action)
        steps += 1
        if steps > MAX_STEPS:
            raise Runaway(
                f"{game.key} with {players} players: no end after {MAX_STEPS} actions (seed {seed})"
            )
    return steps, state


def measure(
    game: Game, players: int, options: dict, checked: bool, seconds: float, games: int | None, seed: int
):
    """Play games until the time budget (or the game count) is spent; return (games, actions, elapsed)."""
    played = actions = 0
    elapsed = 0.0
    while True:
        start = time.perf_counter()
        steps, _ = playout(game, players, seed + played, checked, options)
        elapsed += time.perf_counter() - start
        played += 1
        actions += steps
        if (games is not None and played >= games) or (games is None and elapsed >= seconds):
            return played, actions, elapsed


def paths_agree(game: Game, players: int, options: dict, seed: int) -> bool:
    _, a = playout(game, players, seed, True, options)
    _, b = playout(game, players, seed, False, options)
    # Only the checked path records whose last step may be undone (games/base.py), by design.
    a_json, b_json = a.to_json(), b.to_json()
    a_json.pop("undo_seat", None), b_json.pop("undo_seat", None)
    return a_json == b_json


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "keys", nargs="*", metavar="game", help=f"game keys (default: all of {', '.join(REGISTRY)})"
    )
    parser.add_argument("--all-counts", action="store_true", help="every player count, not only the largest")
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per row and path (default 3)")
    parser.add_argument(
        "--games", type=int, default=None, help="play this many games instead of a time budget"
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed (game i uses seed + i)")
    parser.add_argument("--no-do", action="store_true", help="time only the checked apply path")
    args = parser.parse_args(argv)

    keys = args.keys or list(REGISTRY)
    unknown = [k for k in keys if k not in REGISTRY]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(REGISTRY)}")

    paths = [("apply", True)] if args.no_do else [("apply", True), ("_do", False)]
    budget = f"{args.games} games" if args.games else f"{args.seconds:g} s"
    print(f"Random playouts, {budget} per row and path, seeds from {args.seed}. Noisy on a shared machine.")
    header = f"{'game':<10} {'players':>7} {'path':<5} {'games':>6} {'games/s':>8} {'actions/game':>12}"
    header += f" {'ms/game':>8} {'us/action':>9}  agree  set-up"
    print(header)
    print("-" * len(header))
    for key in keys:
        game = REGISTRY[key]
        counts = list(game.player_counts) if args.all_counts else [max(game.player_counts)]
        for n in counts:
            options = setup_options(game, n)  # e.g. Iwari: 6 players on The Void, 1 as solo
            try:
                agree = "yes" if args.no_do or paths_agree(game, n, options, args.seed) else "NO"
                for name, checked in paths:
                    played, actions, elapsed = measure(
                        game, n, options, checked, args.seconds, args.games, args.seed
                    )
                    print(
                        f"{key:<10} {n:>7} {name:<5} {played:>6} {played / elapsed:>8.1f}"
                        f" {actions / played:>12.1f} {1000 * elapsed / played:>8.2f}"
                        f" {1e6 * elapsed / actions:>9.1f}  {agree:<5}  {changed(game, options) or 'defaults'}",
                        flush=True,
                    )
            except Runaway as exc:
                print(f"{key:<10} {n:>7} RUNAWAY: {exc}", flush=True)
    print(
        "agree: the first game played on both paths ends in the same state (to_json equal, undo mark aside)."
    )
    print("set-up: the options that differ from the defaults (a count some options do not allow).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

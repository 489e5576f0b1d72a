"""How long does the replay viewer take per step, against the GIF per game?

    python bench/review.py                  # one random game per game at the largest count
    python bench/review.py --steps 20 kigi

For each game it plays a random whole game (seed 0, the options of ``bench/_setups.py``), then does
what the bot does (cogs/replays.py), in one thread: the viewer's rebuild of every step from seed and
log (once per version of a match; a finished match: once), a step (its view from the step's state,
the picture and its alt text: what a click waits for when the picture is not kept), for ``--steps``
steps spread over the game, as everyone saw it and with the first player's hand; then the GIF of the
same game (rebuild, draw, encode: what Replay waits for). Seconds, one process on a shared machine:
compare figures of one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])  # not bench/: bench/games.py is not `games`

import rendering  # noqa: E402
from bench._setups import setup_options  # noqa: E402
from bot.replay import replay, thin, timeline  # noqa: E402
from games import REGISTRY  # noqa: E402
from tests.contract import random_log  # noqa: E402

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


def step_seconds(game, built, step: int, seat: int | None) -> float:
    t0 = time.perf_counter()
    view = built.view(game, step, seat)
    rendering.render(game.key, view, NAMES)
    rendering.describe(game.key, view, NAMES)
    return time.perf_counter() - t0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", default=sorted(REGISTRY))
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    print(
        f"{'game':<9} {'n':>2} {'actions':>7} {'steps':>5} {'rebuild':>8} {'step':>6} {'worst':>6}"
        f" {'w/ hand':>7} {'GIF':>6}"
    )
    for key in args.games:
        game = REGISTRY[key]
        n = max(c for c in game.player_counts if c <= len(NAMES))
        options = setup_options(game, n)
        log, _ = random_log(game, n, args.seed, options)
        t0 = time.perf_counter()
        built = timeline(game, n, args.seed, options, log)
        rebuild = time.perf_counter() - t0
        picks = thin(len(built), args.steps)
        public = [step_seconds(game, built, s, None) for s in picks]
        hand = [step_seconds(game, built, s, 0) for s in picks]
        t0 = time.perf_counter()
        replay(game, n, args.seed, options, log, NAMES[:n])
        gif = time.perf_counter() - t0
        print(
            f"{key:<9} {n:>2} {len(log):>7} {len(built):>5} {rebuild:>7.2f}s"
            f" {statistics.median(public):>5.2f}s {max(public):>5.2f}s {statistics.median(hand):>6.2f}s"
            f" {gif:>5.1f}s"
        )


if __name__ == "__main__":
    main()

"""How large and how slow is a replay of the longest game of each game?

    python bench/replay.py                 # the longest of 20 random games per game, largest count
    python bench/replay.py --seeds 50 kigi

For each game it plays random whole games at the largest player count (seed 0..N-1), takes the
one with the most actions, rebuilds it from its seed and action log as the bot does for Replay,
and prints the actions, turns, frames kept, picture size, bytes of the GIF against Discord's
10 MiB, and the seconds to rebuild and to draw and encode (in one thread, as in the bot).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])  # not bench/: bench/games.py is not `games`

from bench._setups import setup_options  # noqa: E402
from bot.replay import DISCORD_LIMIT, animate, turn_views  # noqa: E402
from games import REGISTRY  # noqa: E402
from tests.contract import random_log  # noqa: E402

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", default=sorted(REGISTRY))
    p.add_argument("--seeds", type=int, default=20)
    args = p.parse_args()
    print(
        f"{'game':<9} {'n':>2} {'seed':>4} {'actions':>7} {'turns':>5} {'frames':>6} {'size':>9}"
        f" {'MiB':>6} {'of limit':>8} {'rebuild':>8} {'draw+gif':>8}"
    )
    for key in args.games:
        game = REGISTRY[key]
        n = max(c for c in game.player_counts if c <= len(NAMES))
        options = setup_options(game, n)  # e.g. Iwari: 6 players on The Void
        seed, log = max(
            ((s, random_log(game, n, s, options)[0]) for s in range(args.seeds)), key=lambda x: len(x[1])
        )
        t0 = time.perf_counter()
        views, _ = turn_views(game, n, seed, options, log)
        t1 = time.perf_counter()
        replay = animate(key, views, NAMES[:n])
        t2 = time.perf_counter()
        mib = len(replay.data) / 2**20
        print(
            f"{key:<9} {n:>2} {seed:>4} {len(log):>7} {replay.turns:>5} {replay.frames:>6}"
            f" {replay.width:>4}x{replay.height:<4} {mib:>6.2f} {len(replay.data) / DISCORD_LIMIT:>8.0%}"
            f" {t1 - t0:>7.2f}s {t2 - t1:>7.1f}s"
        )


if __name__ == "__main__":
    main()

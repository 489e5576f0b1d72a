"""The pictures of a move, drawn and encoded, on this code and on an older commit's, side by side.

    python bench/move.py --compare 05c4df1            # every game, 200 moves each
    python bench/move.py --compare 05c4df1 iki --moves 400

On every move the bot draws and encodes the public board (``view(None)``) and the private
picture of the seat to act (``view(seat)``), each with ``rendering.render`` (PNG). Per game at
its largest player count (Iwari's 6 on The Void, the only map for 6), a seeded random game is
played move by move (a finished game is followed by a new one) and both pictures are timed after
every move, as the bot draws them: consecutive moves, so the renderers' caches work as they do in
play. The older commit's code is taken with ``git archive`` into a temporary folder and this
script runs there on it, in a subprocess; this code runs in a subprocess too, so that both start
alike. Per game the two alternate (older, this, older, this) and each keeps the lower median of its
two runs. Times are the thread's CPU time (``time.thread_time``: drawing and encoding run in one
thread), so that the other processes of a shared machine weigh little on either side. The figure
is the median CPU time of a move's two pictures; the goal is this / older <= 0.6 for every game.
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_HERE = Path(__file__).resolve()
if sys.path[0] == str(_HERE.parent):  # run as a script: bench/games.py must not shadow `games`
    sys.path[0] = str(_HERE.parents[1])

GOAL = 0.6
ROUNDS = 2  # runs per side and game, alternating
NAMES = ["Akiko", "Benedikt", "Chiamaka", "Dmitri", "Esperanza", "Farouk"]


def costs(keys: list[str], moves: int, seed: int) -> dict:
    """Median ms of the public and the private picture of a move, per game, on the code imported."""
    import rendering
    from games import REGISTRY

    out = {}
    for key in keys:
        game = REGISTRY[key]
        players = max(game.player_counts)
        options = {"map": "the-void"} if key == "iwari" and players == 6 else {}
        names = NAMES[:players]
        rng = random.Random(seed)
        state = game.new_state(players, seed, options)
        public, private, sizes = [], [], []
        for _ in range(moves):
            if state.is_over():
                state = game.new_state(players, rng.getrandbits(30), options)
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)).id)
            viewer = state.to_act()[0] if state.to_act() else seat
            t0 = time.thread_time()
            png = rendering.render(key, state.view(None), names)
            t1 = time.thread_time()
            rendering.render(key, state.view(viewer), names)
            t2 = time.thread_time()
            public.append(1000 * (t1 - t0))
            private.append(1000 * (t2 - t1))
            sizes.append(len(png))
        out[key] = {
            "players": players,
            "public": statistics.median(public),
            "private": statistics.median(private),
            "move": statistics.median(a + b for a, b in zip(public, private, strict=True)),
            "png_kb": statistics.mean(sizes) / 1024,
        }
    return out


def _run(tree: Path, keys: list[str], moves: int, seed: int) -> dict:
    script = tree / "bench" / "move_compare.py"
    if script.resolve() != _HERE:
        shutil.copy(_HERE, script)  # this very script, run on the older code
    args = [sys.executable, str(script), "--json", "--moves", str(moves), "--seed", str(seed), *keys]
    done = subprocess.run(args, cwd=tree, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the pictures could not be drawn on {tree}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def compare(ref: str, keys: list[str], moves: int, seed: int) -> int:
    root = _HERE.parents[1]
    print(f"The pictures of a move (public board + private picture, drawn and PNG-encoded), {ref} vs this")
    print(
        f"code; {moves} moves per game at the largest player count; CPU ms, lower median of {ROUNDS} runs each."
    )
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as folder:
        archive = subprocess.run(["git", "archive", ref], cwd=root, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        best: dict[str, dict] = {"old": {}, "new": {}}
        for key in keys:  # per game, the two sides alternate: old, new, old, new
            for side, tree in (("old", Path(folder)), ("new", root)) * ROUNDS:
                got = _run(tree, [key], moves, seed)[key]
                kept = best[side].setdefault(key, got)
                best[side][key] = {m: min(kept[m], got[m]) for m in got}
            print(f"  {key}: done", flush=True)
    head = (
        f"| game | players | public {ref} | public now | private {ref} | private now | move {ref} | move now"
        " | now / before | PNG KB before / now | goal |"
    )
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    failed = []
    for k in keys:
        old, new = best["old"][k], best["new"][k]
        ratio = new["move"] / old["move"]
        ok = ratio <= GOAL
        if not ok:
            failed.append(k)
        lines.append(
            f"| {k} | {int(new['players'])} | {old['public']:.1f} ms | {new['public']:.1f} ms"
            f" | {old['private']:.1f} ms | {new['private']:.1f} ms | {old['move']:.1f} ms | {new['move']:.1f} ms"
            f" | {ratio:.2f}x | {old['png_kb']:.0f} / {new['png_kb']:.0f} | {'meets' if ok else 'MISSES'} <= {GOAL} |"
        )
    print()
    print("\n".join(lines))
    print()
    print("Every game meets the goal." if not failed else f"MISSED the {GOAL}x goal: {', '.join(failed)}")
    return 0


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("keys", nargs="+")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    print(json.dumps(costs(args.keys, args.moves, args.seed)))


if __name__ == "__main__":
    main()

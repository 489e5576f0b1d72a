"""Load: many matches clicked at the same moment through the real match service and store.

    python bench/load.py                      # 1, 10, 100, 1000 concurrently active matches
    python bench/load.py --compare 48f8f73    # the same load on an older commit too, side by side

Every match is an Ike No Koi match of 2 players on one SQLite file. A round clicks one legal move
in every match at once (``asyncio.gather``), as players in a thousand channels would; the figures
are failed clicks, moves per second over the whole run, and the p50/p99 time of one click (load,
check, apply, save). ``--compare REF`` runs this very script against the code of commit REF (taken
with ``git archive`` into a temporary folder) in a subprocess, so both sets of figures come from
one run on one machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


async def run_load(concurrency: int, moves: int, folder: str) -> dict:
    from bot.service import MatchService
    from bot.store import SqliteStore

    store = SqliteStore(os.path.join(folder, f"load-{concurrency}.sqlite3"))
    await store.open()
    service = MatchService(store, clock=time.time)
    ids = []
    for channel in range(1, concurrency + 1):
        lobby = await service.new_lobby("ikenokoi", 1, channel, channel * 10, "a")
        await service.join(lobby.id, channel * 10 + 1, "b")
        match, _ = await service.start(lobby.id, channel * 10)
        ids.append(match.id)
    latencies: list[float] = []
    failures: list[str] = []

    async def click(match_id: int, rng: random.Random) -> None:
        match = await service.get(match_id)
        state = service.state_of(match)
        if state.is_over():
            return
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat)).id
        start = time.perf_counter()
        try:
            await service.act(match.id, match.seats[seat].user_id, match.version, action)
        except Exception as exc:  # what a player would see as "Sorry, something went wrong"
            failures.append(f"{type(exc).__name__}: {exc}")
            return
        latencies.append(time.perf_counter() - start)

    rounds = max(1, moves // concurrency)
    began = time.perf_counter()
    for r in range(rounds):
        await asyncio.gather(*(click(mid, random.Random(mid * 7919 + r)) for mid in ids))
    elapsed = time.perf_counter() - began
    await store.close()
    latencies.sort()
    done = len(latencies)
    return {
        "matches": concurrency,
        "clicks": done + len(failures),
        "failed": len(failures),
        "moves_per_s": done / elapsed if elapsed else 0.0,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
        "p99_ms": 1000 * latencies[min(done - 1, int(done * 0.99))] if latencies else 0.0,
        "example_failure": failures[0] if failures else "",
    }


def measure(levels: list[int], moves: int) -> list[dict]:
    with tempfile.TemporaryDirectory() as folder:
        return [asyncio.run(run_load(n, moves, folder)) for n in levels]


def measure_at(ref: str, levels: list[int], moves: int) -> list[dict]:
    """The same load on the code of an older commit, in a subprocess."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        env = dict(os.environ, PYTHONPATH=folder)
        args = [sys.executable, str(Path(__file__)), "--json", "--moves", str(moves)]
        args += ["--levels", ",".join(map(str, levels))]
        done = subprocess.run(args, cwd=folder, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            # Commits before the store's own database thread need aiosqlite: pip install aiosqlite.
            raise SystemExit(f"the code of {ref} could not run:\n{done.stderr[-2000:]}")
        return json.loads(done.stdout)


def table(title: str, rows: list[dict]) -> str:
    lines = [title, f"{'matches':>8} {'clicks':>7} {'failed':>7} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8}"]
    for r in rows:
        lines.append(
            f"{r['matches']:>8} {r['clicks']:>7} {r['failed']:>7} {r['moves_per_s']:>9.0f}"
            f" {r['p50_ms']:>8.2f} {r['p99_ms']:>8.2f}"
        )
        if r["example_failure"]:
            lines.append(f"{'':>8} e.g. {r['example_failure'][:90]}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--levels", default="1,10,100,1000", help="concurrently active matches")
    parser.add_argument("--moves", type=int, default=2000, help="moves per level (rounds = moves/matches)")
    parser.add_argument("--compare", metavar="REF", help="also measure the code of this commit")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    if args.json:
        sys.path.insert(0, os.getcwd())
        print(json.dumps(measure(levels, args.moves)))
        return
    sys.path.insert(0, str(ROOT))
    if args.compare:
        print(table(f"before ({args.compare}):", measure_at(args.compare, levels, args.moves)))
        print()
    print(table("now:", measure(levels, args.moves)))


if __name__ == "__main__":
    main()

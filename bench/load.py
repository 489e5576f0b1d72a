"""Load: many matches clicked at the same moment through the real match service and store.

    python bench/load.py                      # SQLite, PostgreSQL 1 process, PostgreSQL 2 processes
    python bench/load.py --backends sqlite    # one column only (sqlite, pg1, pg2)
    python bench/load.py --postgres URL       # a server of yours (a role that may create databases)
    python bench/load.py --backends sqlite --compare 05c4df1   # SQLite then and now, interleaved

Every match is an Ike No Koi match of 2 players. A round clicks one legal move in every match at
once (``asyncio.gather``), as players in a thousand channels would; the figures are failed
clicks, moves per second over the whole run, and the p50/p99 time of one click (load, check,
apply, save). Columns:

- ``sqlite``: one process on one SQLite file (the embedded default);
- ``pg1``: one process on PostgreSQL (an asyncpg pool of 10 connections);
- ``pg2``: two processes (two OS processes, each with its own service and pool) on one
  PostgreSQL database, each clicking half of the matches, started at the same moment; moves/s is
  all moves over the slower process's time.

Without ``--postgres`` a throwaway PostgreSQL server is started for the run (tests/pgcluster.py,
with PostgreSQL's default durability: fsync and synchronous commit on) and removed afterwards.
SQLite runs in WAL mode with ``synchronous=NORMAL`` (no fsync per commit), as the bot runs it.
``--compare REF`` measures SQLite on the code of commit REF (taken with ``git archive`` into a
temporary folder) and on the code now, interleaved: for each repetition (``--repeats``, 3) and
level, one run of each side in a fresh subprocess, back to back, the order alternating; the table
gives each side's median and the median of the pairs' ratios. Run one after the other, the two
sides would see different noise from the rest of a shared machine (the ratio moved by 2x).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
BACKENDS = ("sqlite", "pg1", "pg2")
TITLES = {"sqlite": "SQLite, 1 process", "pg1": "PostgreSQL, 1 process", "pg2": "PostgreSQL, 2 processes"}


async def prepare(service, channels: range) -> list[int]:
    ids = []
    for channel in channels:
        lobby = await service.new_lobby("ikenokoi", 1, channel, channel * 10, "a")
        await service.join(lobby.id, channel * 10 + 1, "b")
        match, _ = await service.start(lobby.id, channel * 10)
        ids.append(match.id)
    return ids


async def click_rounds(service, ids: list[int], rounds: int) -> tuple[list[float], list[str], float]:
    """Click every match once per round, all at once; (latencies, failures, elapsed seconds)."""
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

    began = time.perf_counter()
    for r in range(rounds):
        await asyncio.gather(*(click(mid, random.Random(mid * 7919 + r)) for mid in ids))
    return latencies, failures, time.perf_counter() - began


def summary(concurrency: int, latencies: list[float], failures: list[str], elapsed: float) -> dict:
    latencies = sorted(latencies)
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


async def run_load(concurrency: int, moves: int, folder: str, url: str | None = None) -> dict:
    """One process: SQLite in ``folder``, or the PostgreSQL database at ``url``."""
    from bot.service import MatchService
    from bot.stores import open_store

    store = open_store(url or os.path.join(folder, f"load-{concurrency}.sqlite3"))
    await store.open()
    try:
        service = MatchService(store, clock=time.time)
        ids = await prepare(service, range(1, concurrency + 1))
        latencies, failures, elapsed = await click_rounds(service, ids, max(1, moves // concurrency))
    finally:
        await store.close()
    return summary(concurrency, latencies, failures, elapsed)


async def worker(url: str, first: int, count: int, rounds: int) -> None:
    """One of the two processes of ``pg2``: prepare its matches, say so, wait for "go", click."""
    from bot.service import MatchService
    from bot.stores import open_store

    store = open_store(url)
    await store.open()
    try:
        service = MatchService(store, clock=time.time)
        ids = await prepare(service, range(first, first + count))
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        latencies, failures, elapsed = await click_rounds(service, ids, rounds)
    finally:
        await store.close()
    print(
        json.dumps(
            {"latencies": latencies, "failures": failures[:5], "failed": len(failures), "elapsed": elapsed}
        )
    )


def run_two_processes(concurrency: int, moves: int, url: str) -> dict:
    half = [concurrency // 2, concurrency - concurrency // 2]
    rounds = max(1, moves // concurrency)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = []
    first = 1
    for count in half:
        args = [sys.executable, str(Path(__file__)), "--worker", url, str(first), str(count), str(rounds)]
        procs.append(
            subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        )
        first += count
    for p in procs:
        line = p.stdout.readline()
        if line.strip() != "ready":
            raise SystemExit(f"a worker failed to start: {line!r}")
    for p in procs:  # both start clicking at the same moment
        p.stdin.write("go\n")
        p.stdin.flush()
    outs = [json.loads(p.communicate(timeout=3600)[0].splitlines()[-1]) for p in procs]
    latencies = [x for out in outs for x in out["latencies"]]
    failures = [f for out in outs for f in out["failures"]]
    failures += [""] * (sum(out["failed"] for out in outs) - len(failures))
    return summary(concurrency, latencies, failures, max(out["elapsed"] for out in outs))


@contextlib.contextmanager
def postgres_server(url: str | None):
    """The admin URL of a server: the one given, or a throwaway durable one."""
    if url:
        yield url
        return
    sys.path.insert(0, str(ROOT))
    from tests.pgcluster import Cluster

    cluster = Cluster(durable=True)
    try:
        yield cluster.start()
    finally:
        cluster.stop()


def measure(
    levels: list[int], moves: int, backends: list[str], pg_url: str | None = None
) -> dict[str, list[dict]]:
    results: dict[str, list[dict]] = {b: [] for b in backends}
    if "sqlite" in backends:
        with tempfile.TemporaryDirectory() as folder:
            results["sqlite"] = [asyncio.run(run_load(n, moves, folder)) for n in levels]
    if not {"pg1", "pg2"} & set(backends):
        return results
    sys.path.insert(0, str(ROOT))
    from tests.pgcluster import create_database, drop_database

    with postgres_server(pg_url) as admin:
        for n in levels:
            for backend in ("pg1", "pg2"):
                if backend not in backends:
                    continue
                name = f"koi_load_{os.getpid()}_{backend}_{n}"
                url = asyncio.run(create_database(admin, name))
                try:
                    if backend == "pg1":
                        results[backend].append(asyncio.run(run_load(n, moves, "", url)))
                    else:
                        results[backend].append(run_two_processes(n, moves, url))
                finally:
                    asyncio.run(drop_database(admin, name))
    return results


@contextlib.contextmanager
def tree_at(ref: str):
    """The code of commit ``ref`` in a temporary folder (``git archive``)."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        yield folder


def measure_in(folder: Path | str, level: int, moves: int) -> dict:
    """One level of the SQLite load on the code in ``folder`` (this script's load, that folder's
    bot), in a fresh subprocess: both sides of a comparison start alike."""
    env = dict(os.environ, PYTHONPATH=str(folder))
    args = [sys.executable, str(Path(__file__)), "--json", "--moves", str(moves), "--levels", str(level)]
    done = subprocess.run(args, cwd=folder, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        # Commits before the store's own database thread need aiosqlite: pip install aiosqlite.
        raise SystemExit(f"the code in {folder} could not run:\n{done.stderr[-2000:]}")
    (row,) = json.loads(done.stdout)
    return row


def compare(ref: str, levels: list[int], moves: int, repeats: int) -> dict[int, dict]:
    """SQLite on the code of ``ref`` and now, interleaved: for every repetition and level one run of
    each, back to back, the order alternating (ABBA), so that both see the same noise from the rest
    of the machine. Per level: every run of both sides and the ratio of each pair."""
    runs: dict[int, dict] = {n: {"ref": [], "now": [], "ratios": []} for n in levels}
    with tree_at(ref) as folder:
        for rep in range(repeats):
            for i, n in enumerate(levels):
                sides = ["ref", "now"] if (rep + i) % 2 == 0 else ["now", "ref"]
                pair = {}
                for side in sides:
                    pair[side] = measure_in(folder if side == "ref" else ROOT, n, moves)
                    runs[n][side].append(pair[side])
                ref_speed = pair["ref"]["moves_per_s"]
                runs[n]["ratios"].append(pair["now"]["moves_per_s"] / ref_speed if ref_speed else 0.0)
                print(
                    f"  repetition {rep + 1}/{repeats}, {n:>4} matches: {ref} {ref_speed:7.0f} moves/s,"
                    f" now {pair['now']['moves_per_s']:7.0f} moves/s ({runs[n]['ratios'][-1]:.2f}x)",
                    file=sys.stderr,
                    flush=True,
                )
    return runs


def compare_table(ref: str, runs: dict[int, dict]) -> str:
    """Per level the median of each side's runs and the median of the pairs' ratios."""
    med = statistics.median
    head = (
        f"{'matches':>8} | {ref + ' moves/s':>15} {'p50 ms':>7} {'fail':>5} |"
        f" {'now moves/s':>11} {'p50 ms':>7} {'fail':>5} | {'ratio (median)':>14} | every pair"
    )
    lines = [head, "-" * len(head)]
    for n, r in runs.items():
        cells = []
        for side in ("ref", "now"):
            rows = r[side]
            width = 15 if side == "ref" else 11
            cells.append(
                f" {med(x['moves_per_s'] for x in rows):>{width}.0f} {med(x['p50_ms'] for x in rows):>7.2f}"
                f" {sum(x['failed'] for x in rows):>5} "
            )
        pairs = " ".join(f"{x:.2f}" for x in r["ratios"])
        lines.append(f"{n:>8} |" + "|".join(cells) + f"| {med(r['ratios']):>13.2f}x | {pairs}")
    failures = [x["example_failure"] for r in runs.values() for s in ("ref", "now") for x in r[s]]
    for text in [f for f in failures if f][:3]:
        lines.append(f"e.g. {text[:100]}")
    return "\n".join(lines)


def side_by_side(results: dict[str, list[dict]]) -> str:
    """One row per level, one column group (moves/s, p50, p99, failed) per backend."""
    backends = [b for b in BACKENDS if b in results]
    width = 31
    head = f"{'matches':>8} |" + "|".join(f" {TITLES[b]:<{width - 1}}" for b in backends)
    sub = f"{'':>8} |" + "|".join(
        f" {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'fail':>5} " for _ in backends
    )
    lines = [head, sub, "-" * len(sub)]
    for i, row in enumerate(results[backends[0]]):
        cells = []
        for b in backends:
            r = results[b][i]
            cells.append(
                f" {r['moves_per_s']:>8.0f} {r['p50_ms']:>7.2f} {r['p99_ms']:>7.2f} {r['failed']:>5} "
            )
        lines.append(f"{row['matches']:>8} |" + "|".join(cells))
    failures = [(b, r["example_failure"]) for b in backends for r in results[b] if r["example_failure"]]
    for b, text in failures[:3]:
        lines.append(f"{b}: e.g. {text[:100]}")
    return "\n".join(lines)


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        url, first, count, rounds = sys.argv[2], *map(int, sys.argv[3:6])
        sys.path.insert(0, str(ROOT))
        asyncio.run(worker(url, first, count, rounds))
        return
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--levels", default="1,10,100,1000", help="concurrently active matches")
    parser.add_argument("--moves", type=int, default=2000, help="moves per level (rounds = moves/matches)")
    parser.add_argument("--backends", default="sqlite,pg1,pg2", help="which columns: sqlite, pg1, pg2")
    parser.add_argument(
        "--postgres", metavar="URL", help="a PostgreSQL server to use (default: a throwaway one)"
    )
    parser.add_argument(
        "--compare", metavar="REF", help="SQLite on the code of this commit and now, interleaved"
    )
    parser.add_argument(
        "--repeats", type=int, default=3, help="with --compare: runs of each side per level (median)"
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    if args.json:  # what --compare reads from an older commit: the SQLite rows
        sys.path.insert(0, os.getcwd())
        print(json.dumps(measure(levels, args.moves, ["sqlite"])["sqlite"]))
        return
    sys.path.insert(0, str(ROOT))
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    unknown = set(backends) - set(BACKENDS)
    if unknown:
        raise SystemExit(f"unknown backends {sorted(unknown)}; choose from {', '.join(BACKENDS)}")
    if args.compare:
        runs = compare(args.compare, levels, args.moves, args.repeats)
        print(f"SQLite, {args.compare} and now, interleaved ({args.repeats} runs of each per level):")
        print(compare_table(args.compare, runs))
        backends = [b for b in backends if b != "sqlite"]  # measured just now
        if not backends:
            return
        print()
    print(side_by_side(measure(levels, args.moves, backends, args.postgres)))


if __name__ == "__main__":
    main()

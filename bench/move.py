"""What one move costs the bot, per game at its largest player count, against a floor.

    python bench/move.py                       # every game, 300 moves each (~10-40 s in all)
    python bench/move.py kigi --moves 1000
    python bench/move.py --compare 05c4df1     # the pictures of a move, this code vs 05c4df1's

A move is what the bot does on every click: ``await service.act(...)`` on a
real SQLite file (lock, load, seat and version check, apply, save state +
action + reminder in one transaction) and then the public board picture of the
new state, ``state.view(None)`` drawn and encoded as PNG exactly as
``rendering.render`` does (checked byte for byte at start-up). The seat and the
action are random (a seeded ``random.Random``); a finished match is replaced by
a new one in the same channel, its lobby set-up not timed.

The floor is the work no design can avoid, measured in the same loop so it
suffers the same noise: (a) PNG-encoding the very picture drawn (same settings,
no drawing), (b) committing one row (INSERT + COMMIT, WAL, synchronous=NORMAL,
on a database thread, as the store does) to another file in the same directory.

A benchmark, not a test: the machine is shared, figures are noisy, nothing fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rendering
from bench._setups import changed, setup_options
from bot.service import MatchService
from bot.stores import SqliteStore
from games import REGISTRY
from rendering.common import encode_png

RATIO_GOAL = 1.5
P99_GOAL_MS = 150.0
WARMUP_MOVES = 5
NAMES = ["Akiko", "Benedikt", "Chiamaka", "Dmitri", "Esperanza"]


def encode(image) -> bytes:
    """PNG bytes with rendering.render's settings (checked against it in ``check_encoding``)."""
    return encode_png(image)


def check_encoding(key: str, view: dict, names: list[str]) -> bool:
    return encode(rendering.draw(key, view, names)) == rendering.render(key, view, names)


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def plural(players: int) -> str:
    return f"{players} player{'' if players == 1 else 's'}"


class Table:
    """One channel of fake users playing one game on the service, match after match."""

    def __init__(self, service: MatchService, key: str, players: int, options: dict, channel_id: int) -> None:
        self.service, self.key, self.players, self.channel_id = service, key, players, channel_id
        self.options = options
        self.users = [(1000 + i, NAMES[i % len(NAMES)]) for i in range(players)]
        self.match = None
        self.state = None
        self.matches = 0

    async def new_match(self) -> None:
        host_id, host_name = self.users[0]
        lobby = await self.service.new_lobby(self.key, 1, self.channel_id, host_id, host_name, self.options)
        for user_id, name in self.users[1:]:
            await self.service.join(lobby.id, user_id, name)
        self.match, self.state = await self.service.start(lobby.id, host_id)
        self.matches += 1


class FloorDb:
    """One row committed per call, on a database thread of its own (the store's mechanism)."""

    def __init__(self, path: Path) -> None:
        self.thread = ThreadPoolExecutor(max_workers=1)
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, data TEXT NOT NULL)")

    def _commit(self, payload: str) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("INSERT INTO t (data) VALUES (?)", (payload,))
        self.db.execute("COMMIT")

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self.thread, self.db.close)
        self.thread.shutdown()


async def commit_one_row(db: FloorDb, payload: str) -> float:
    start = time.perf_counter()
    await asyncio.get_running_loop().run_in_executor(db.thread, db._commit, payload)
    return time.perf_counter() - start


async def bench_game(
    key: str, players: int, moves: int, max_seconds: float, seed: int, directory: Path
) -> dict:
    game = REGISTRY[key]
    options = setup_options(game, players)  # e.g. Iwari: 6 players on The Void, 1 as solo
    store = SqliteStore(directory / f"{key}.sqlite3")
    await store.open()
    floor_db = FloorDb(directory / f"{key}-floor.sqlite3")
    seeds = random.Random(seed)
    service = MatchService(store, seed_source=lambda: seeds.getrandbits(62))
    table = Table(service, key, players, options, channel_id=500 + seed)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {k: [] for k in ("move", "act", "view", "draw", "png", "commit")}
    same_png = None
    sizes: list[int] = []
    state_bytes: list[int] = []
    began = time.perf_counter()
    done = 0
    try:
        await table.new_match()
        names = table.match.names
        same_png = check_encoding(key, table.state.view(None), names)
        while done < moves + WARMUP_MOVES and time.perf_counter() - began < max_seconds:
            if table.match.status != "active":
                await table.new_match()
                names = table.match.names
            state, match = table.state, table.match
            seat = rng.choice(state.to_act())
            action = rng.choice(state.legal_actions(seat)).id
            t0 = time.perf_counter()
            outcome = await service.act(match.id, match.seats[seat].user_id, match.version, action)
            t1 = time.perf_counter()
            view = outcome.state.view(None)
            t2 = time.perf_counter()
            image = rendering.draw(key, view, names)
            t3 = time.perf_counter()
            png = encode(image)
            t4 = time.perf_counter()
            table.match, table.state = outcome.match, outcome.state
            payload = json.dumps(outcome.match.state)
            commit = await commit_one_row(floor_db, payload)
            done += 1
            if done <= WARMUP_MOVES:
                continue
            for name, value in (
                ("move", t4 - t0),
                ("act", t1 - t0),
                ("view", t2 - t1),
                ("draw", t3 - t2),
                ("png", t4 - t3),
                ("commit", commit),
            ):
                samples[name].append(1000 * value)
            sizes.append(len(png))
            state_bytes.append(len(payload))
    finally:
        await floor_db.close()
        await store.close()
    return {
        "key": key,
        "players": players,
        "setup": changed(game, options),
        "samples": samples,
        "matches": table.matches,
        "same_png": same_png,
        "png_kb": statistics.mean(sizes) / 1024 if sizes else 0.0,
        "state_kb": statistics.mean(state_bytes) / 1024 if state_bytes else 0.0,
        "image": f"{image.width}x{image.height}" if done else "?",
        "seconds": time.perf_counter() - began,
    }


def report(results: list[dict]) -> None:
    print()
    header = (
        f"{'game':<9} {'pl':>2} {'moves':>5} {'move p50':>8} {'p99':>6} | {'png':>5} {'commit':>6}"
        f" {'floor':>6} {'ratio':>5} | {'draw':>5} {'png':>5} {'svc':>5} {'view':>5} | picture"
    )
    print("All times in ms; p50 = median. floor = png p50 + commit p50; ratio = move p50 / floor.")
    print("Shares (right) are of the mean move time: draw (PIL drawing), png (encoding), svc (service.act),")
    print("view (state.view(None)).")
    print(header)
    print("-" * len(header))
    verdicts = []
    for r in results:
        s = r["samples"]
        if not s["move"]:
            print(f"{r['key']:<9} no moves measured")
            continue
        move50, move99 = statistics.median(s["move"]), pct(s["move"], 0.99)
        png50, commit50 = statistics.median(s["png"]), statistics.median(s["commit"])
        floor = png50 + commit50
        ratio = move50 / floor
        total = sum(s["move"])
        share = {k: 100 * sum(s[k]) / total for k in ("draw", "png", "act", "view")}
        print(
            f"{r['key']:<9} {r['players']:>2} {len(s['move']):>5} {move50:>8.1f} {move99:>6.1f} |"
            f" {png50:>5.1f} {commit50:>6.2f} {floor:>6.1f} {ratio:>5.2f} |"
            f" {share['draw']:>4.0f}% {share['png']:>4.0f}% {share['act']:>4.0f}% {share['view']:>4.0f}% |"
            f" {r['image']} {r['png_kb']:.0f} KB"
        )
        act50, act99 = statistics.median(s["act"]), pct(s["act"], 0.99)
        draw50, view50 = statistics.median(s["draw"]), statistics.median(s["view"])
        # What the move costs beyond the floor, by cause (medians).
        over = {"PIL drawing": draw50, "service beyond the bare commit": act50 - commit50, "view": view50}
        top = max(over, key=over.get)
        line = (
            f"{r['key']}: ratio {ratio:.2f} {'meets' if ratio <= RATIO_GOAL else 'MISSES'} the {RATIO_GOAL}x goal,"
            f" p99 {move99:.0f} ms {'meets' if move99 < P99_GOAL_MS else 'MISSES'} the {P99_GOAL_MS:.0f} ms goal."
        )
        if ratio > RATIO_GOAL:
            line += f" Above the floor it is mostly {top}: " + ", ".join(
                f"{k} {v:.1f}" for k, v in over.items()
            )
            line += " ms (p50)."
            if top == "PIL drawing":
                line += f" Drawing ({draw50:.1f} ms) dominates the excess, not the service or encoding."
        line += (
            f" service.act p50 {act50:.2f} ms / p99 {act99:.1f} ms = {act50 / commit50:.1f}x one bare commit"
            f" (state JSON {r['state_kb']:.1f} KB); {r['matches']} match(es) played."
        )
        if not r["same_png"]:
            line += (
                " WARNING: encode() no longer matches rendering.render's PNG settings; update bench/move.py."
            )
        verdicts.append(line)
    print()
    print(f"goal: move <= {RATIO_GOAL}x floor (png + commit)")
    print(f"goal: p99 < {P99_GOAL_MS:.0f} ms (5% of Discord's 3 s deadline)")
    print()
    for line in verdicts:
        print(line)


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-move-") as tmp:
        results = []
        for key in args.keys or list(REGISTRY):
            counts = REGISTRY[key].player_counts
            players = max(counts) if args.players is None else args.players
            if players not in counts:
                print(f"  {key}: not played by {players} (it takes {min(counts)}-{max(counts)})")
                continue
            result = await bench_game(key, players, args.moves, args.max_seconds, args.seed, Path(tmp))
            s = result["samples"]["move"]
            setup = f", {result['setup']}" if result["setup"] else ""
            print(
                f"  {key} ({plural(players)}{setup}): {len(s)} moves in {result['seconds']:.1f} s"
                + ("" if len(s) >= args.moves else " (stopped by --max-seconds)"),
                flush=True,
            )
            results.append(result)
        report(results)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("keys", nargs="*", metavar="game", help=f"game keys (default: {', '.join(REGISTRY)})")
    parser.add_argument("--moves", type=int, default=300, help="timed moves per game (default 300)")
    parser.add_argument("--max-seconds", type=float, default=12.0, help="stop a game after this (default 12)")
    parser.add_argument(
        "--players", type=int, default=None, help="player count (default: each game's largest)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--compare", metavar="REF", help="only the pictures of a move, on this code and on commit REF's"
    )
    args = parser.parse_args(argv)
    unknown = [k for k in args.keys if k not in REGISTRY]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(REGISTRY)}")
    if args.compare:  # see bench/move_compare.py
        from move_compare import compare

        moves = 200 if "--moves" not in (argv if argv is not None else sys.argv) else args.moves
        return compare(args.compare, args.keys or list(REGISTRY), moves, args.seed)
    count = "the largest player count" if args.players is None else plural(args.players)
    print(f"One move through MatchService + public picture, at {count}; {args.moves} moves")
    print("per game after a warm-up, SQLite file in a temp dir. Shared 2-core machine: figures are noisy.")
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Can a good player win Iwari's solo and co-op games? The strong AI plays the seats against the Void.

    python bench/solo.py                                  # every solo map, solo and co-op, 40 games each
    python bench/solo.py --maps floating-lands --modes solo --games 80 --iterations 2 --jobs 2
    python bench/solo.py --difficulty easy                # another level (or an old number: 4)
    python bench/solo.py --seeds evaluation --difficulty normal,easy,hard --games 100 --games-other 25

Seeds: ``--seeds tuning`` (the default, from 1001) for trying changes; ``--seeds evaluation``
(from 100001) only to measure, never to choose (issue 36: figures chosen on the seeds they were
measured on did not carry over). Seeds 1-400 were tuned on before (issue 23).

For each map, mode and level it plays whole games at that difficulty (option ``difficulty``,
default Normal: the Void needs 3 territories solo, 4 co-op, on some maps one more or fewer:
``data.MAP_LEVEL_SHIFT``) with every seat played by the project's
strong AI (``games.ai``: in these modes the careful player of ``games.iwari.ai.careful``, which the
planner ``games.ai.plan`` hands the move to: the turn's whole moves tried on one determinized
world and judged by a careful player's reading of the position), and prints:

- the players' win rate with a 95% Wilson score interval (the target reads its centre);
- the slowest move of the row: wall / CPU seconds (the wall time includes waiting for a core);
- the share of games ending by each end condition (the text of the engine's "The game ends:"
  event, grouped: all territories counted, 3 Void cards beside the board after Corruptions,
  the Void reached its target, a Void settlement, the Void's pieces ran out, ...);
- the mean number of turns and of territories the Void held at the end, and how the Void took
  them (mean per game): counted in a Corruption, when a territory filled up, or at the end
  (the game stops once the Void reaches its target, and every territory left is counted then;
  the Void wins every tie, also of an empty territory).
- with ``--why``: where the territories the Void took before the end came from, read at the
  start of the turn each fell (given up, or held and how many pieces short, whether the hand
  had a card of its biome, and whether the player's own Void cards made the Infection).

Budget: the bot gives the strong AI 2 s a move; the careful player needs well under a tenth of
that (one determinized world, about 1-3 s a whole game on the shared machine). Here the AI gets
an ITERATION budget instead (``--iterations``, no wall clock), which makes the figures
reproducible: game i of a row uses seed ``--seed + i`` for the deal and the AI.
The design note's target: a win rate between 20% and 80% on every map and mode at Normal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.tournament import wilson  # the same interval as the AI tournament
from games import REGISTRY
from games.ai import choose
from games.iwari.ai.careful import read
from games.iwari.ai.costs import NEVER
from games.iwari.data import void_target
from games.iwari.solo import SOLO_MAPS

# The seed sets (issue 36): tuning runs use seeds from 1001 (and seeds 1-400 were tuned on
# before, issue 23); the evaluation set, from 100001, is never used while tuning.
SEED_SETS = {"tuning": 1001, "evaluation": 100001}

# End reasons of the engine ("The game ends: ...") grouped by what ended the game.
END_GROUPS = (
    ("all counted", "all territories are counted"),
    ("3 Void cards aside", "Void cards lie beside the board"),
    ("Void target", "territories, its target"),
    ("Void settlement", "Void settlement"),
    ("Void pieces out", "the Void has no"),
    ("player pieces out", "has no piece left"),
    ("cards out", "no card can be drawn"),
    ("purple territory", "on the purple territory"),
)


def end_group(reason: str) -> str:
    for name, words in END_GROUPS:
        if words in reason:
            return name
    return reason or "?"


def play_one(job: tuple[str, str, int, int, str | int, float | None, bool]) -> tuple:
    """One game: (map, mode, won, end reason, turns, Void territories, seconds, how the Void took
    them, ``--why`` rows, the slowest move's wall and CPU seconds, difficulty, seed)."""
    map_key, mode, seed, iterations, difficulty, budget, explain = job
    game = REGISTRY["iwari"]
    n = 1 if mode == "solo" else 2
    state = game.new_state(n, seed, {"map": map_key, "mode": mode, "difficulty": difficulty})
    start = time.perf_counter()
    step = 0
    # Territories the Void took, by when they were counted: in a Corruption, when filled up,
    # at the end (every territory left is counted then; an empty one goes to the Void).
    taken = Counter()
    # ``--why``: before the end, the reading at the start of that turn.
    why: list[tuple[bool, int, bool, bool]] = []
    reading, hand = None, None
    worst_wall = worst_cpu = 0.0
    while not state.is_over():
        seat = state.to_act()[0]
        if explain and state.phase == "act":
            reading, hand = read(state, seat), list(state.hands[seat])
        wall, cpu = time.perf_counter(), time.process_time()
        action = choose(
            state, seat, "strong", budget_s=budget, seed=seed * 1000 + step, iterations=iterations
        )
        worst_wall = max(worst_wall, time.perf_counter() - wall)
        worst_cpu = max(worst_cpu, time.process_time() - cpu)
        when = "full"
        events = state.apply(seat, action)
        for ev in events:
            text = ev["text"]
            if "performs a Corruption" in text and when != "end":
                when = "corruption"
            elif "One Void card goes beside the board" in text and when != "end":
                when = "full"
            elif text.startswith("The game ends"):
                when = "end"
            elif "is counted: the Void takes" in text:
                taken[when] += 1
                if when != "end" and reading is not None:
                    t = state.board.short.index(ev["territory"])
                    held = t in reading.hold
                    short = int(min(reading.cost.get(t, NEVER), NEVER))
                    # The Infection was the seat's own when it played Void cards (the Void action).
                    why.append((held, short, hand[state.board.biome[t]] > 0, action[0] == "v"))
        step += 1
    view = state.view(None)
    return (
        map_key,
        mode,
        bool(state.winners()),
        view["end_reason"] or "",
        state.turn + 1,
        view["void_territories"],
        time.perf_counter() - start,
        (taken["corruption"], taken["full"], taken["end"]),
        why,
        worst_wall,
        worst_cpu,
        difficulty,
        seed,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--maps", default=",".join(SOLO_MAPS), help="comma-separated map keys")
    parser.add_argument("--modes", default="solo,coop")
    parser.add_argument("--games", type=int, default=40, help="games per map and mode at the first level")
    parser.add_argument(
        "--games-other", type=int, help="games per map and mode at the other levels (default: --games)"
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=1,
        help="strong AI iteration budget (the careful player uses one world)",
    )
    parser.add_argument("--budget", type=float, default=0.0, help="also a wall-clock cap per move (0: none)")
    parser.add_argument(
        "--difficulty",
        default="normal",
        help="comma-separated levels (easy, normal, hard, rulebook) or old numbers",
    )
    parser.add_argument(
        "--seeds",
        choices=sorted(SEED_SETS),
        default="tuning",
        help="the seed set: tuning (from 1001) or evaluation (from 100001, never tuned on)",
    )
    parser.add_argument("--seed", type=int, help="the first seed instead (overrides --seeds)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", help="also append each game's result to this file (JSON lines) as it ends")
    parser.add_argument(
        "--summary", help="only print the table of the games in these files (from --out), comma-separated"
    )
    parser.add_argument(
        "--why", action="store_true", help="also where the Void's territories came from (before the end)"
    )
    args = parser.parse_args()
    levels = [int(x) if x.isdigit() else x for x in args.difficulty.split(",")]  # a number: the old option
    maps, modes = args.maps.split(","), args.modes.split(",")
    budget = args.budget or None
    first = SEED_SETS[args.seeds] if args.seed is None else args.seed
    keys = [(m, mode, level) for level in levels for m in maps for mode in modes]
    if args.summary:
        results = [
            json.loads(line)
            for f in args.summary.split(",")
            for line in Path(f).read_text().splitlines()
            if line
        ]
        rows = {k: [r for r in results if row_key(r) == k] for k in keys}
        table({k: v for k, v in rows.items() if v})
        if args.why:
            why_table({k: v for k, v in rows.items() if v})
        return
    # Every row advances at its own pace (the first level's rows by --games, the others' by
    # --games-other): a run stopped early covers every row in proportion.
    other = args.games if args.games_other is None else args.games_other
    count = {level: args.games if level == levels[0] else other for level in levels}
    order = sorted(
        ((i + 1) / count[key[2]], k, i) for k, key in enumerate(keys) for i in range(count[key[2]])
    )
    jobs = [(*keys[k][:2], first + i, args.iterations, keys[k][2], budget, args.why) for _, k, i in order]
    print(
        f"Iwari solo/co-op: strong AI ({args.iterations} world(s) a decision"
        + (f", at most {budget} s" if budget else ", no wall clock")
        + f") as the players, {args.games} games per row (other levels {other}), difficulty"
        f" {args.difficulty}, seeds {first}-{first + max(count.values()) - 1}."
    )
    start = time.perf_counter()
    rows: dict[tuple, list] = {k: [] for k in keys}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(play_one, jobs, chunksize=1):
            rows[row_key(result)].append(result)
            if args.out:
                with Path(args.out).open("a") as out:
                    out.write(json.dumps(result) + "\n")
    table(rows)
    print(f"total {time.perf_counter() - start:.0f} s on {args.jobs} worker(s)")
    if args.why:
        why_table(rows)


def row_key(result) -> tuple:
    """(map, mode, difficulty) of a game's result (results saved before the levels: normal)."""
    return (result[0], result[1], result[11] if len(result) > 11 else "normal")


def table(rows: dict[tuple, list]) -> None:
    """The win rate with its 95% Wilson interval per row, and the slowest move of the row (wall
    and CPU seconds: the host is shared, so the wall time includes waiting for a core)."""
    head = (
        f"{'map':18} {'mode':5} {'level':6} {'target':>6} {'games':>5} {'win':>5} {'95% CI':>13} {'turns':>6}"
        f" {'void T':>6} {'s/game':>7} {'worst move':>12} {'V: corr/full/end':>16}  ends"
    )
    print(head)
    print("-" * len(head))
    for (m, mode, level), results in rows.items():
        k = len(results)
        wins = sum(r[2] for r in results)
        lo, hi = wilson(wins, k)
        ends = Counter(end_group(r[3]) for r in results)
        shares = ", ".join(f"{name} {100 * c / k:.0f}%" for name, c in ends.most_common())
        turns = sum(r[4] for r in results) / k
        void = sum(r[5] for r in results) / k
        secs = sum(r[6] for r in results) / k
        how = "/".join(f"{sum(r[7][i] for r in results) / k:.1f}" for i in range(3))
        worst = (
            f"{max(r[9] for r in results):.2f}/{max(r[10] for r in results):.2f}"
            if len(results[0]) > 10
            else "?"
        )
        target = void_target(mode, level, m)
        centre = (lo + hi) / 2
        flag = "" if level != "normal" or 0.2 <= centre <= 0.8 else "  <- centre outside 20-80%"
        print(
            f"{m:18} {mode:5} {level!s:6} {target:6} {k:5} {100 * wins / k:4.0f}% [{100 * lo:4.0f}%,{100 * hi:4.0f}%]"
            f" {turns:6.1f} {void:6.1f} {secs:7.1f} {worst:>12} {how:>16}  {shares}{flag}"
        )


def why_table(rows: dict[tuple, list]) -> None:
    """Where the territories the Void took before the end came from, read at the start of that
    turn: given up or held; for the held ones, the pieces they still needed (``careful.read``),
    whether the hand held a card of their biome, and whose Infection took them."""
    print()
    head = f"{'map':18} {'mode':5} {'given/game':>10} {'held/game':>9}  held: short 0/1/2/3+/lost   no card  by the player's Void cards"
    print(head)
    print("-" * len(head))
    for (m, mode, _level), results in rows.items():
        k = len(results)
        why = [w for r in results for w in (r[8] if len(r) > 8 else [])]
        held = [w for w in why if w[0]]
        shorts = Counter(min(w[1], 3) if w[1] < NEVER else "lost" for w in held)
        split = "/".join(str(shorts.get(x, 0)) for x in (0, 1, 2, 3, "lost"))
        nocard = sum(1 for w in held if not w[2])
        mine = sum(1 for w in held if w[3])
        print(
            f"{m:18} {mode:5} {(len(why) - len(held)) / k:10.1f} {len(held) / k:9.1f}  {split:>22}"
            f"   {nocard:4}/{len(held):<4} {mine:4}/{len(held)}"
        )


if __name__ == "__main__":
    main()

"""Ike No Koi: is every Challenge card fair to the player who holds it as a secret challenge?

    python bench/challenges.py                          # 4000 random games per player count, 2-5
    python bench/challenges.py --players 2 --games 20000
    python bench/challenges.py --level quick --quick-iterations 8 --games 150 --jobs 2   # AI play

Every game is played from ``new_state(n, seed + i)`` to the end. With ``--level random``
(the default) every seat picks uniformly among its legal actions with ``random.Random(seed + i)``;
with ``--level quick`` every seat is the quick AI (flat Monte Carlo on determinized worlds, so it
knows its own secret challenge and plays for it), which is slower by far.

For each player count and each Challenge card the table gives how many seats held it as their
secret challenge (``held``), the holder's win rate (a shared win counts 1/k for each of the k
winners), its 95% Wilson interval, the ratio of that rate to the even share 1/n, and the mean
lotus the card gave its holder at the end (for the Honour cards: what they added to the tokens).
The verdict flags a card whose holders win less than 0.8/n (``PENALTY``), more than 1.25/n
(``STRONG``) or at least 90% of their games (``SURE WIN``); a card is fair here when none applies. The common challenge is the same
for everybody and is not measured.

A benchmark, not a test: the figures are statistics of a seeded run; nothing fails.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import REGISTRY
from games.ai import choose
from games.ikenokoi import data

GAME = REGISTRY["ikenokoi"]
PENALTY = 0.8  # below PENALTY / n a card is a penalty
STRONG = 1.25  # above STRONG / n a card gives its holder too much (the design note's band: 0.8-1.25)
SURE_WIN = 0.9  # at or above this win rate a card is a sure win


@dataclass
class CardStats:
    held: int = 0
    wins: float = 0.0  # shared wins count 1/k
    points: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.held if self.held else 0.0


@dataclass
class CountStats:
    players: int
    games: int = 0
    cards: dict[int, CardStats] = field(
        default_factory=lambda: {c: CardStats() for c in range(len(data.CHALLENGES))}
    )

    def add(self, other: CountStats) -> None:
        self.games += other.games
        for c, s in other.cards.items():
            mine = self.cards[c]
            mine.held += s.held
            mine.wins += s.wins
            mine.points += s.points


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional successes allowed)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def verdict(rate: float, players: int) -> str:
    if rate < PENALTY / players:
        return "PENALTY"
    if rate >= SURE_WIN:
        return "SURE WIN"
    if rate > STRONG / players:
        return "STRONG"
    return "ok"


def play_game(
    players: int, seed: int, level: str, iterations: int | None
) -> tuple[list[int], list[int], list[int]]:
    """One whole game: (secret card per seat, winners, secret points per seat)."""
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if level == "random":
            action = rng.choice(state.legal_actions(seat)).id
        else:
            action = choose(
                state, seat, level, budget_s=None, seed=seed * 7919 + moves, iterations=iterations
            )
        state._do(seat, action)
        moves += 1
    final = state.breakdown(include_secret=True)
    return list(state.secret), state.winners(), [b["secret"] for b in final]


def _play_many(args: tuple[int, list[int], str, int | None]) -> CountStats:
    players, seeds, level, iterations = args
    out = CountStats(players)
    for seed in seeds:
        secrets, winners, points = play_game(players, seed, level, iterations)
        out.games += 1
        for seat, card in enumerate(secrets):
            st = out.cards[card]
            st.held += 1
            st.points += points[seat]
            if seat in winners:
                st.wins += 1 / len(winners)
    return out


def measure(
    players: int, games: int, seed: int, level: str = "random", iterations: int | None = None, jobs: int = 1
) -> CountStats:
    """Play ``games`` games at ``players`` (seeds seed .. seed + games - 1) and gather the card figures."""
    seeds = [seed + i for i in range(games)]
    chunks = max(1, jobs) * 4
    tasks = [(players, seeds[i::chunks], level, iterations) for i in range(chunks) if seeds[i::chunks]]
    total = CountStats(players)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_play_many, tasks):
                total.add(part)
    else:
        for task in tasks:
            total.add(_play_many(task))
    return total


def table(stats: CountStats) -> list[str]:
    n = stats.players
    head = (
        f"{'pl':>2} {'card':>4}  {'challenge':<48} {'held':>5} {'win rate':>8}  {'95% CI':<13} "
        f"{'x 1/n':>5} {'pts':>5}  verdict"
    )
    lines = [head, "-" * len(head)]
    for c, s in stats.cards.items():
        lo, hi = wilson(s.wins, s.held)
        text = data.CHALLENGES[c]["text"]
        text = text if len(text) <= 48 else text[:47] + "."
        lines.append(
            f"{n:>2} {c:>4}  {text:<48} {s.held:>5} {100 * s.rate:>7.1f}%  [{100 * lo:4.1f}, {100 * hi:4.1f}] "
            f"{s.rate * n:>5.2f} {s.points / max(1, s.held):>5.2f}  {verdict(s.rate, n) if s.held else '-'}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", default="2,3,4,5", help="comma-separated player counts (default 2,3,4,5)")
    p.add_argument("--games", type=int, default=4000, help="games per player count (default 4000)")
    p.add_argument("--seed", type=int, default=1, help="first seed (game i uses seed + i)")
    p.add_argument("--level", choices=("random", "quick", "strong"), default="random", help="who plays")
    p.add_argument("--quick-iterations", type=int, default=8, help="AI playouts per move (default 8)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1; 2 shared cores)")
    args = p.parse_args(argv)
    counts = [int(x) for x in args.players.split(",") if x.strip()]
    bad = [n for n in counts if n not in GAME.player_counts]
    if bad:
        p.error(f"Ike No Koi takes {min(GAME.player_counts)}-{max(GAME.player_counts)} players, not {bad}")
    iterations = None if args.level == "random" else args.quick_iterations
    who = "random play" if args.level == "random" else f"{args.level} AI, {iterations} playouts a move"
    print(f"Ike No Koi secret challenges, {args.games} games per count ({who}), seeds from {args.seed}.")
    print(
        f"Verdict: PENALTY below {PENALTY}/n, STRONG above {STRONG}/n, SURE WIN at {100 * SURE_WIN:.0f}% or more;"
        " pts = mean lotus."
    )
    flagged = 0
    for n in counts:
        start = time.perf_counter()
        stats = measure(n, args.games, args.seed, args.level, iterations, args.jobs)
        print()
        print("\n".join(table(stats)))
        flagged += sum(1 for s in stats.cards.values() if s.held and verdict(s.rate, n) != "ok")
        print(
            f"{n} players: {stats.games} games in {time.perf_counter() - start:.1f} s, even share {100 / n:.1f}%"
        )
    print(f"\n{flagged} card(s) flagged." if flagged else "\nEvery card is within 0.8-1.25 x 1/n.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

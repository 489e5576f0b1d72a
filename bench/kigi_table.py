"""Kigi's table: do trees freeze? Random games on the continuous table.

    python bench/kigi_table.py                  # 2,000 games: 250 per player count (2-5) x basic/advanced
    python bench/kigi_table.py --games 400      # fewer games for a quick look
    python bench/kigi_table.py --ai-games 2     # also let the AI (quick level) play whole games

Every game is played from ``new_state(n, seed, {"advanced": ...})`` to the end with a seeded
``random.Random`` choosing among the legal actions (``back`` included, as a person might). Whenever a
seat takes a tree card from the display (a **tree-card turn**), the script looks at every tree on the
table *before* the card is placed:

* a tree is **frozen** when it has a free tip (a tip nothing grows from and no other card lies on or
  against, ``rules.free_tips``) but no legal spot at all (``rules.room`` is empty: no bend, no finer
  turn and no point along any tip's edge fits; the view calls it "full");
* a **turn with a frozen tree** is a tree-card turn where some tree is frozen;
* a **discard while a spot exists** is a tree card discarded for lack of room while some tree still
  has a legal spot (any turn, any point), and **while a tip is free** while some tree has a free tip.

Every frozen tree is searched again by an independent brute force in floating point
(``tests/games/kigi_search.py``: every degree of a whole turn at every 10 units along every unused
tip's whole edge); a **frozen turn the search opens** is one where it finds a legal spot the engine
missed. Targets (issue 36, the third revision: a tree with no other spot offers cards turned to any
angle): 0 frozen turns the independent search opens, and no discard while a spot exists (issue 24's,
before: at most 0.05% of tree-card turns with a frozen tree). The first continuous model (stem on the
tip, five bends only) measured 0.22-0.30%; the second revision (turns up to 90 degrees) 0.05-0.07%;
the old grid model (one square cell per card) 104 of 1,200 tree-card turns; all printed as measured.
The script also places the audits' three-placement freezes on a bare tree and says what spots the
tree has left.

It also reports how many tree-card turns met a tree that only the third revision keeps open (its
spots all turned further than the second revision allowed), how many of the spots offered are further choices (a finer turn or a stem moved along
the edge, offered where no bend is legal) and how many tips only they keep alive, the other ways a tip
can be lost (a free tip with no legal spot on a tree that still has room elsewhere), how many spots a
tree-card turn offers, the time of a random whole game (the checked ``apply`` path, as the bot
plays), and whether the AI still plays Kigi to the end.

A benchmark, not a test: nothing fails; the figures are what it prints.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import REGISTRY
from games.kigi import rules, table
from games.kigi.data import TREE_CARDS
from games.kigi.table import Placed
from tests.games import kigi_search

OLD_FROZEN, OLD_TURNS = 104, 1200  # the grid model, measured before it was replaced (issue 13)
FIVE_BENDS = "0.22-0.30%"  # the first continuous model (five bends on the tip), 2026-12-01
WITHIN_90 = "0.05-0.07%"  # the second revision (turns up to 90 degrees), 2026-12-02
# The audits' freezes on a bare trunk (k1), (card, parent, the parent's tip, bend): issue 24's (cards
# with a single side tip placed low, five bends only) and issue 36's (full within 90 degrees).
FREEZES = {
    "issue 24": (
        ("t03", "k1", "left", "L30"),
        ("t18", "k1", "straight", "S"),
        ("t08", "t18", "right", "R60"),
    ),
    "issue 36": (
        ("t03", "k1", "straight", "L60"),
        ("t13", "t03", "left", "S"),
        ("t08", "k1", "right", "R30"),
    ),
}
_OPENED: dict[frozenset, bool] = {}  # a frozen tree (its cards) -> whether the independent search opens it


def opened(tree: rules.Tree) -> bool:
    """Whether the independent brute force finds a legal spot on a tree the engine calls full."""
    key = frozenset(tree.values())
    if key not in _OPENED:
        _OPENED[key] = kigi_search.has_room(tree)
    return _OPENED[key]


def play(n: int, advanced: bool, seed: int, tally: dict) -> None:
    game = REGISTRY["kigi"]
    state = game.new_state(n, seed, {"advanced": advanced})
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat)).id
        if action.startswith("take:") and action[5:] in TREE_CARDS:
            tally["turns"] += 1
            frozen = False
            free_anywhere = room_anywhere = False
            spots = 0
            for i in range(n):
                room = state.room(i)
                free = rules.free_tips(state.trees[i])
                free_anywhere = free_anywhere or bool(free)
                room_anywhere = room_anywhere or bool(room)
                spots += sum(len(v) for v in room.values())
                tally["extra_spots"] += sum(1 for v in room.values() for x in v if x.extra)
                tally["extra_tips"] += sum(1 for v in room.values() if v[0].extra)
                tally["tips_with_room"] += len(room)
                if free and not room:
                    frozen = True
                    tally["frozen_trees"] += 1
                    tally["opened_trees"] += opened(state.trees[i])
                wide = bool(room) and all(x.wide for v in room.values() for x in v)
                tally["wide_trees"] += wide
                tally["wide_spots"] += sum(len(v) for v in room.values()) if wide else 0
                # Free tips without a spot on a tree that still grows elsewhere: tips lost, not a freeze.
                tally["free_tips"] += len(free)
                tally["dead_tips"] += sum(1 for t in free if t.key not in room)
            tally["frozen_turns"] += frozen
            if frozen:
                tally["frozen_games"][seed] = tally["frozen_games"].get(seed, 0) + 1
            tally["spots"].append(spots)
            events = state.apply(seat, action)
            if any(e["type"] == "discard" for e in events):
                tally["discards"] += 1
                tally["discards_free"] += free_anywhere
                tally["discards_room"] += room_anywhere
            continue
        state.apply(seat, action)
    tally["games"] += 1


def freeze_check(name: str) -> str:
    """Place an audit's freeze and say what is left (checked by tests/games/test_kigi_table.py too)."""
    tree = rules.new_tree("k1")
    for cid, parent, tip_name, bend in FREEZES[name]:
        tip = next(t for t in rules.card_tips(tree[parent]) if t.name == tip_name)
        s = table.spot(tip, bend)
        tree[cid] = Placed(cid, s.x, s.y, s.heading, parent, tip_name)
    bends_only = [
        t.key
        for p in tree.values()
        for t in rules.card_tips(p)
        if t.key not in rules.used_tips(tree)
        and any(
            not table.problems(tree, table.spot(t, b), list(rules.card_icons(tree[t.card])))
            for b in table.BENDS
        )
    ]
    room = rules.room(tree)
    spots = [f"{c}'s {n} tip {x.bend}" for (c, n), v in room.items() for x in v]
    placed = ", ".join(f"{c} on {p}'s {n} tip {b}" for c, p, n, b in FREEZES[name])
    return (
        f"Three-placement freeze of {name} ({placed}): {len(bends_only)} tip(s) with a legal bend; legal "
        f"spots now: {', '.join(spots) or 'none'}; the independent search "
        f"{'finds a' if kigi_search.has_room(tree) else 'finds no'} legal spot."
    )


def whole_game_ms(games: int) -> list[float]:
    """Wall time of random whole games (apply path, as the bot plays), 2-5 players."""
    game = REGISTRY["kigi"]
    out = []
    for k in range(games):
        n = 2 + k % 4
        state = game.new_state(n, 10_000 + k, {"advanced": k % 8 >= 4})
        rng = random.Random(k)
        start = time.perf_counter()
        while not state.is_over():
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)).id)
        out.append((time.perf_counter() - start) * 1000)
    return out


def ai_games(count: int) -> list[str]:
    """Whole games with an AI (quick level, a small iteration budget) in every seat. The seed of each
    decision changes as the bot's does (its match seed plus the version): with one seed for the whole
    game, a decision between showing two trees can repeat itself for ever (the AI's values for
    "show the other tree" and for a spot on this one are within noise, and the same seed picks the
    same way back and forth)."""
    from games.ai import choose

    game = REGISTRY["kigi"]
    lines = []
    for k in range(count):
        n = 2 + k % 4
        state = game.new_state(n, 500 + k, {"advanced": bool(k % 2)})
        start = time.perf_counter()
        decisions = 0
        while not state.is_over():
            seat = state.to_act()[0]
            seed = (k * 100_003 + decisions) & 0xFFFFFFFF
            state.apply(seat, choose(state, seat, "quick", budget_s=None, seed=seed, iterations=40))
            decisions += 1
        took = time.perf_counter() - start
        lines.append(
            f"  AI game {k + 1}: {n} players, {'advanced' if k % 2 else 'basic'}, {decisions} decisions "
            f"in {took:.1f} s, scores {state.scores()}, winners {state.winners()}"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=2000, help="random games in all (split evenly)")
    parser.add_argument("--timed", type=int, default=200, help="random whole games to time")
    parser.add_argument("--ai-games", type=int, default=2, help="whole games played by the AI")
    args = parser.parse_args()

    setups = [(n, adv) for n in (2, 3, 4, 5) for adv in (False, True)]
    per = max(1, args.games // len(setups))
    print(f"Kigi table: {per * len(setups)} random games ({per} per player count and option), seeds from 1.")
    print()
    print(
        "players  game      games  tree turns  frozen turns   share  discards  (while a spot)  (while a tip free)"
        "  spots/turn  further"
    )
    total = {
        "games": 0,
        "turns": 0,
        "frozen_turns": 0,
        "frozen_trees": 0,
        "opened_trees": 0,
        "wide_trees": 0,
        "wide_spots": 0,
        "discards": 0,
        "discards_free": 0,
        "discards_room": 0,
        "free_tips": 0,
        "dead_tips": 0,
        "extra_spots": 0,
        "extra_tips": 0,
        "tips_with_room": 0,
        "spots": [],
    }
    frozen_games = []  # (players, advanced, seed, turns with a frozen tree)
    start = time.perf_counter()
    for n, adv in setups:
        tally = {k: ([] if k == "spots" else 0) for k in total}
        tally["frozen_games"] = {}
        for seed in range(1, per + 1):
            play(n, adv, seed, tally)
        frozen_games += [(n, adv, seed, k) for seed, k in tally.pop("frozen_games").items()]
        for k, v in tally.items():
            total[k] += v
        share = tally["frozen_turns"] / max(1, tally["turns"])
        print(
            f"{n:>7}  {'advanced' if adv else 'basic':<8} {tally['games']:>6} {tally['turns']:>11} "
            f"{tally['frozen_turns']:>13} {share:>7.3%} {tally['discards']:>9} {tally['discards_room']:>15} "
            f"{tally['discards_free']:>19} {statistics.mean(tally['spots']):>11.1f} "
            f"{tally['extra_spots'] / max(1, sum(tally['spots'])):>8.2%}"
        )
    elapsed = time.perf_counter() - start
    share = total["frozen_turns"] / max(1, total["turns"])
    print()
    print(
        f"All: {total['frozen_turns']} of {total['turns']} tree-card turns met a frozen tree ({share:.3%}; "
        f"turns up to 90 degrees: {WITHIN_90}; five bends only: {FIVE_BENDS}), {total['frozen_trees']} frozen "
        f"trees counted over those turns, {total['opened_trees']} of them opened by the independent search "
        "(every degree, every 10 units along every unused tip's edge; target 0)."
    )
    print(
        f"Trees kept open only by the third revision (every spot turned further than the second revision "
        f"allowed): {total['wide_trees']} over the tree-card turns, offering {total['wide_spots']} spots."
    )
    if frozen_games:
        games = "; ".join(
            f"{n} players, {'advanced' if adv else 'basic'}, seed {seed}: {k} turn{'s' * (k > 1)}"
            for n, adv, seed, k in frozen_games
        )
        print(f"Games that met a frozen tree: {games}.")
    print(
        f"Discarded for lack of room: {total['discards']}, of which {total['discards_room']} while some tree "
        f"had a legal spot (target 0) and {total['discards_free']} while some tree had a free tip."
    )
    print(
        f"Further choices (finer turns, stems moved along the edge): {total['extra_spots']} of "
        f"{sum(total['spots'])} spots offered ({total['extra_spots'] / max(1, sum(total['spots'])):.2%}); "
        f"{total['extra_tips']} of {total['tips_with_room']} tips with room were kept alive by them only."
    )
    for name in FREEZES:
        print(freeze_check(name))
    print(
        f"Free tips with no legal spot (lost to a neighbour, a feature or the edge) on trees that grow "
        f"elsewhere: {total['dead_tips']} of {total['free_tips']} free tips seen "
        f"({total['dead_tips'] / max(1, total['free_tips']):.1%})."
    )
    print(
        f"Old grid model, measured before: {OLD_FROZEN} of {OLD_TURNS} tree-card turns "
        f"({OLD_FROZEN / OLD_TURNS:.1%}) met a frozen tree; cards were discarded in 2-player games."
    )
    print(f"({elapsed:.0f} s for the survey, with the free-tip checks.)")
    print()
    times = sorted(whole_game_ms(args.timed))
    print(
        f"Random whole game (apply path, 2-5 players, {len(times)} games): median {statistics.median(times):.1f} ms, "
        f"p90 {times[int(len(times) * 0.9)]:.1f} ms, max {times[-1]:.1f} ms."
    )
    if args.ai_games:
        print()
        print("The AI (games.ai, quick level, 40 playouts per decision) plays whole games of Kigi:")
        for line in ai_games(args.ai_games):
            print(line)


if __name__ == "__main__":
    main()

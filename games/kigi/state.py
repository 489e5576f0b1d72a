"""The Kigi game state: setup, turns (take, tree, cell), scoring, pruning, the end.

Card counting for the conservation law (45 cards): every card is in exactly one
place - on a tree (trunks included), in a collection, held as a commission,
dealt for the advanced choice, on display, in the deck, the card being placed,
or removed from the game (unused trunks, cleared commissions, discarded tree
cards that fit nowhere).
"""

from __future__ import annotations

from functools import cache

from games.base import Action, GameState, event
from games.kigi import rules
from games.kigi.data import (
    CARDS,
    COMMISSION_BONUS,
    COMMISSIONS,
    DISPLAY_SIZE,
    FEATURE_ORDER,
    PRUNE_AT,
    TOTAL_CARDS,
    TREE_CARDS,
    TRUNKS,
)
from games.rng import Rng

CHOOSE, TAKE, TREE, CELL, OVER = "choose", "take", "tree", "cell", "over"
# Player letter marks, the same as the pictures' badges (labels and prompts carry no names).
MARKS = "ABCDE"
_SHORT = {
    "butterfly": "butterfly",
    "dragonfly": "dragonfly",
    "pink": "pink",
    "purple": "purple",
    "red": "red",
}


@cache
def describe(card_id: str) -> str:
    """Short text of a card for labels and events: 'card 12 (dragonfly, 2 pink)'."""
    card = CARDS[card_id]
    if card["kind"] == "commission":
        return f"commission: {card['text']}"
    if card["kind"] == "trunk":
        return "the trunk"
    parts = [f"{n} {_SHORT[f]}" if n > 1 else _SHORT[f] for f, n in card["features"].items()]
    return f"card {int(card_id[1:])} ({', '.join(parts)})"


def _tips_text(card_id: str) -> str:
    tips = CARDS[card_id]["tips"]
    return f"{len(tips)} tip{'s' if len(tips) > 1 else ''}"


class KigiState(GameState):
    def __init__(self) -> None:
        self.n = 0
        self.advanced = False
        self.rng = Rng(0)
        self.phase = TAKE
        self.current = 0
        self.trees: list[rules.Tree] = []
        self.collections: list[list[str]] = []
        self.held: list[list[str]] = []
        self.points: list[int] = []
        self.bonus: list[int] = []
        self.deck: list[str] = []  # top of the deck is the end of the list
        self.display: list[str] = []
        self.removed: list[str] = []
        self.dealt: list[list[str]] = []  # advanced game: the two commissions dealt to each seat
        self.chosen: list[str | None] = []
        self.pending_card: str | None = None
        self.pending_tree: int | None = None
        self.turn = 0
        # Cache of legal cells per tree: tree index -> ((edits, size), cells). Not state.
        self._free: dict[int, tuple[tuple[int, int], list]] = {}
        self._edits = 0

    # --- setup -----------------------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict) -> KigiState:
        s = cls()
        s.n = num_players
        s.advanced = bool(options.get("advanced", False))
        s.rng = Rng(seed)
        trunks = sorted(TRUNKS)
        s.rng.shuffle(trunks)
        s.trees = [rules.new_tree(trunks[i]) for i in range(num_players)]
        s.removed = sorted(trunks[num_players:])
        s.collections = [[] for _ in range(num_players)]
        s.held = [[] for _ in range(num_players)]
        s.points = [0] * num_players
        s.current = s.rng.randrange(num_players)
        commissions = sorted(COMMISSIONS)
        if s.advanced:
            s.rng.shuffle(commissions)
            s.dealt = [commissions[2 * i : 2 * i + 2] for i in range(num_players)]
            s.chosen = [None] * num_players
            commissions = commissions[2 * num_players :]
        s.deck = sorted(TREE_CARDS) + commissions
        s.rng.shuffle(s.deck)
        if s.advanced:
            s.phase = CHOOSE
        else:
            s._refill()
        return s

    # --- contract --------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == CHOOSE:
            return [i for i in range(self.n) if self.chosen[i] is None]
        return [self.current]

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        if self.phase == OVER:
            return [p + b for p, b in zip(self.points, self.bonus, strict=True)]
        return list(self.points)

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        totals = self.scores()
        best = max(totals)
        tied = [i for i in range(self.n) if totals[i] == best]
        reds = {i: rules.feature_count(self.trees[i], ("red",)) for i in tied}
        top = max(reds.values())
        return [i for i in tied if reds[i] == top]

    def free_cells(self, i: int) -> list[tuple[rules.Pos, rules.Pos, int]]:
        """Legal cells of tree ``i`` as (cell, parent, direction), numbered 1..n in this order."""
        key = (self._edits, len(self.trees[i]))
        hit = self._free.get(i)
        if hit is None or hit[0] != key:
            hit = (key, rules.legal_cells(self.trees[i]))
            self._free[i] = hit
        return hit[1]

    def legal_cells(self) -> list[tuple[rules.Pos, rules.Pos, int]]:
        """Legal cells of the tree chosen for the pending card."""
        return self.free_cells(self.pending_tree)

    def trees_with_room(self) -> list[int]:
        return [i for i in range(self.n) if self.free_cells(i)]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == CHOOSE:
            return [
                Action(f"keep:{c}", f"Keep {COMMISSIONS[c]['text']}", "commission") for c in self.dealt[seat]
            ]
        if self.phase == TAKE:
            acts = []
            for cid in self.display:
                card = CARDS[cid]
                if card["kind"] == "commission":
                    label = f"Commission: {card['text']}"
                else:
                    label = f"{describe(cid)[0].upper()}{describe(cid)[1:]}, {_tips_text(cid)}"
                acts.append(Action(f"take:{cid}", label[:80], "card"))
            return acts
        if self.phase == TREE:
            acts = []
            for i in range(self.n):
                cells = self.free_cells(i)
                if cells:
                    mine = " (yours)" if i == seat else ""
                    plural = "s" if len(cells) > 1 else ""
                    label = f"Tree {MARKS[i]}{mine}: {len(cells)} free cell{plural}"
                    acts.append(Action(f"tree:{i}", label, "tree"))
            return acts
        # CELL
        acts = []
        tree = self.trees[self.pending_tree]
        for n, (cell, parent, d) in enumerate(self.legal_cells(), start=1):
            where = f"{rules.RELATION[d]} {describe(tree[parent][0])}"
            pts = self._preview(cell, parent, d)
            label = f"Cell {n}: {where}" + (f", scores {pts}" if pts else "")
            if len(label) > 80:
                label = f"Cell {n}: {rules.RELATION[d]} card {int(tree[parent][0][1:])}" + (
                    f", scores {pts}" if pts else ""
                )
            acts.append(Action(f"cell:{n}", label, "cell"))
        acts.append(Action("back", "Back: choose another tree", "back"))
        return acts

    def _preview(self, cell: rules.Pos, parent: rules.Pos, d: int) -> int:
        tree = self.trees[self.pending_tree]
        cards = [self.pending_card] + [tree[p][0] for p in rules.line(tree, parent)]
        return sum(rules.score_line(cards).values())

    def prompt(self, seat: int) -> str:
        if self.phase == OVER:
            return "The game is over."
        if seat not in self.to_act():
            if self.phase == CHOOSE:
                return "Waiting for the others to keep a commission."
            return f"Waiting for player {MARKS[self.current]}."
        if self.phase == CHOOSE:
            return "Keep one of your two commissions; the other goes into the deck."
        if self.phase == TAKE:
            return "Take a card from the display."
        if self.phase == TREE:
            return f"Choose the tree to grow with {describe(self.pending_card)}."
        return (
            f"Choose a numbered cell on tree {MARKS[self.pending_tree]} for "
            f"{describe(self.pending_card)} (see your picture), or go back."
        )

    # --- moves -------------------------------------------------------------
    def _do(self, seat: int, action_id: str) -> list[dict]:
        kind, _, arg = action_id.partition(":")
        self.turn += 1
        if kind == "keep":
            return self._keep(seat, arg)
        if kind == "take":
            return self._take(seat, arg)
        if kind == "tree":
            self.pending_tree = int(arg)
            self.phase = CELL
            return [event(f"{{p{seat}}} chooses {{p{arg}}}'s tree.", type="tree", seat=seat, tree=int(arg))]
        if kind == "back":
            self.pending_tree = None
            self.phase = TREE
            return [event(f"{{p{seat}}} goes back to choosing a tree.", type="back", seat=seat)]
        return self._place(seat, int(arg))

    def _keep(self, seat: int, cid: str) -> list[dict]:
        self.chosen[seat] = cid
        events = [
            event(f"{{p{seat}}} has kept a commission.", type="keep", seat=seat),
            event(f"You keep {COMMISSIONS[cid]['text']}.", type="keep", private_to=seat, card=cid),
        ]
        if any(c is None for c in self.chosen):
            return events
        returned = []
        for i in range(self.n):
            self.held[i].append(self.chosen[i])
            returned += [c for c in self.dealt[i] if c != self.chosen[i]]
            events.append(
                event(f"{{p{i}}} keeps {COMMISSIONS[self.chosen[i]]['text']}.", type="reveal", seat=i)
            )
        self.dealt = [[] for _ in range(self.n)]
        self.deck += sorted(returned)
        self.rng.shuffle(self.deck)
        self.phase = TAKE
        events += self._refill()
        return events

    def _take(self, seat: int, cid: str) -> list[dict]:
        self.display.remove(cid)
        if CARDS[cid]["kind"] == "commission":
            self.held[seat].append(cid)
            events = [
                event(f"{{p{seat}}} keeps the {describe(cid)}.", type="commission", seat=seat, card=cid)
            ]
            return events + self._end_turn()
        events = [event(f"{{p{seat}}} takes {describe(cid)}.", type="take", seat=seat, card=cid)]
        if not self.trees_with_room():
            self.removed.append(cid)
            events.append(
                event(
                    f"{describe(cid).capitalize()} fits on no tree and is discarded.",
                    type="discard",
                    card=cid,
                )
            )
            return events + self._end_turn()
        self.pending_card = cid
        self.phase = TREE
        return events

    def _place(self, seat: int, number: int) -> list[dict]:
        owner = self.pending_tree
        tree = self.trees[owner]
        cell, parent, d = self.legal_cells()[number - 1]
        cid = self.pending_card
        tree[cell] = (cid, parent, d)
        self._edits += 1
        self.pending_card = self.pending_tree = None
        where = f"{rules.RELATION[d]} {describe(tree[parent][0])}"
        events = [
            event(
                f"{{p{seat}}} places {describe(cid)} on {{p{owner}}}'s tree, {where}.",
                type="place",
                seat=seat,
                tree=owner,
                card=cid,
                cell=list(cell),
            )
        ]
        line = rules.line(tree, cell)
        gained = rules.score_line([tree[p][0] for p in line])
        total = sum(gained.values())
        if total:
            self.points[seat] += total
            detail = ", ".join(f"{f} {n}" for f, n in gained.items())
            events.append(
                event(
                    f"{{p{seat}}} scores {total} ({detail}) along a line of {len(line)}.",
                    type="score",
                    seat=seat,
                    points=total,
                    features=gained,
                )
            )
        if total >= PRUNE_AT:
            pruned = rules.prune(tree, line)
            self._edits += 1
            self.collections[owner] += pruned
            extra = len(pruned) - len(line)
            more = f", {extra} of them cut off from the trunk" if extra else ""
            events.append(
                event(
                    f"{{p{owner}}} prunes {len(pruned)} cards into their collection{more}.",
                    type="prune",
                    seat=owner,
                    cards=pruned,
                )
            )
        return events + self._end_turn()

    def _refill(self) -> list[dict]:
        """Fill the display up to 3 from the deck; three commissions on display leave the game."""
        events = []
        before = set(self.display)
        while len(self.display) < DISPLAY_SIZE and self.deck:
            self.display.append(self.deck.pop())
        while sum(1 for c in self.display if CARDS[c]["kind"] == "commission") >= DISPLAY_SIZE:
            cleared, self.display = self.display, []
            self.removed += cleared
            texts = ", ".join(COMMISSIONS[c]["text"] for c in cleared)
            events.append(
                event(f"Three commissions on display leave the game: {texts}.", type="clear", cards=cleared)
            )
            while len(self.display) < DISPLAY_SIZE and self.deck:
                self.display.append(self.deck.pop())
        new = [c for c in self.display if c not in before]
        if new:
            texts = "; ".join(describe(c) for c in new)
            events.append(event(f"New on the display: {texts}.", type="refill", cards=new))
        return events

    def _end_turn(self) -> list[dict]:
        self.phase = TAKE
        events = self._refill()
        if not self.display:
            return events + self._finish()
        self.current = (self.current + 1) % self.n
        return events

    def commission_results(self) -> list[list[tuple[str, bool]]]:
        """For each seat, its commissions and whether each is met now (ties count as met)."""
        stats = [rules.tree_stats(self.trees[i], len(self.collections[i])) for i in range(self.n)]
        out = []
        for i in range(self.n):
            row = []
            for cid in self.held[i]:
                com = COMMISSIONS[cid]
                values = [s[com["stat"]] for s in stats]
                target = max(values) if com["most"] else min(values)
                row.append((cid, values[i] == target))
            out.append(row)
        return out

    def _finish(self) -> list[dict]:
        self.phase = OVER
        results = self.commission_results()
        self.bonus = [COMMISSION_BONUS * sum(met for _c, met in row) for row in results]
        events = []
        for i, row in enumerate(results):
            for cid, met in row:
                outcome = f"met: +{COMMISSION_BONUS}" if met else "not met"
                events.append(
                    event(
                        f"{{p{i}}}: {COMMISSIONS[cid]['text']}, {outcome}.", type="commission_result", seat=i
                    )
                )
        totals = self.scores()
        win = self.winners()
        names = " and ".join(f"{{p{i}}}" for i in win)
        events.append(
            event(f"Game over. {names} win{'s' if len(win) == 1 else ''}.", type="end", scores=totals)
        )
        return events

    # --- invariants and hidden information ----------------------------------
    def check_invariants(self) -> None:
        places = (
            [c for t in self.trees for (c, _p, _d) in t.values()]
            + [c for col in self.collections for c in col]
            + [c for h in self.held for c in h]
            + [c for d in self.dealt for c in d]
            + self.display
            + self.deck
            + self.removed
            + ([self.pending_card] if self.pending_card else [])
        )
        assert len(places) == TOTAL_CARDS, f"{len(places)} cards instead of {TOTAL_CARDS}"
        assert sorted(places) == sorted(CARDS), "a card is missing or doubled"
        for t in self.trees:
            assert t[(0, 0)][1] is None and CARDS[t[(0, 0)][0]]["kind"] == "trunk"
            for pos, (cid, parent, d) in t.items():
                assert pos[0] >= 0
                if parent is not None:
                    assert CARDS[cid]["kind"] == "tree" and parent in t
                    assert (parent[0] + rules.VECTORS[d][0], parent[1] + rules.VECTORS[d][1]) == pos
        assert (self.phase in (TREE, CELL)) == (self.pending_card is not None)
        assert (self.phase == CELL) == (self.pending_tree is not None)
        if self.phase == TAKE:
            assert self.display, "nothing to take during play"

    def copy(self) -> KigiState:
        """A fast copy for AI search (no JSON round trip); the same as load_state(to_json())."""
        s = KigiState()
        s.n, s.advanced, s.phase, s.current, s.turn = (
            self.n,
            self.advanced,
            self.phase,
            self.current,
            self.turn,
        )
        s.rng = Rng.from_json(self.rng.to_json())
        s.trees = [dict(t) for t in self.trees]
        s.collections = [list(c) for c in self.collections]
        s.held = [list(h) for h in self.held]
        s.points, s.bonus = list(self.points), list(self.bonus)
        s.deck, s.display, s.removed = list(self.deck), list(self.display), list(self.removed)
        s.dealt, s.chosen = [list(d) for d in self.dealt], list(self.chosen)
        s.pending_card, s.pending_tree = self.pending_card, self.pending_tree
        return s

    def determinize(self, seat: int, seed: int) -> KigiState:
        s = self.copy()
        rng = Rng(seed)
        if s.phase == CHOOSE:
            # Others' dealt pairs and the commissions in the deck are unknown to seat.
            pool = [c for c in s.deck if c in COMMISSIONS]
            for i in range(s.n):
                if i != seat:
                    pool += s.dealt[i]
            pool.sort()
            rng.shuffle(pool)
            for i in range(s.n):
                if i != seat:
                    s.dealt[i] = [pool.pop(), pool.pop()]
                    if s.chosen[i] is not None:
                        s.chosen[i] = s.dealt[i][0]
            s.deck = sorted(TREE_CARDS) + pool
        s.deck.sort()
        rng.shuffle(s.deck)
        s.rng = Rng(seed)
        return s

    # --- views and serialisation --------------------------------------------
    def _card_view(self, cid: str) -> dict:
        return dict(CARDS[cid])

    def _tree_view(self, i: int) -> dict:
        tree = self.trees[i]
        cards = []
        for (r, c), (cid, parent, d) in sorted(tree.items()):
            tips = []
            for td in rules.tip_directions(cid, d):
                tr, tc = r + rules.VECTORS[td][0], c + rules.VECTORS[td][1]
                tips.append([tr, tc])
            card = {
                "id": cid,
                "kind": CARDS[cid]["kind"],
                "row": r,
                "col": c,
                "dir": rules.DIR_NAMES[d],
                "parent": list(parent) if parent else None,
                "tips": list(CARDS[cid]["tips"]),
                "tip_cells": tips,
            }
            if CARDS[cid]["kind"] == "trunk":
                card["feature"] = CARDS[cid]["feature"]
            else:
                card["features"] = dict(CARDS[cid]["features"])
            cards.append(card)
        stats = rules.tree_stats(tree, len(self.collections[i]))
        free = [list(cell) for cell, _parent, _d in self.free_cells(i)]
        return {"owner": i, "trunk": tree[(0, 0)][0], "cards": cards, "stats": stats, "free_cells": free}

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator). Everything is public except the deck order and,
        while advanced-game commissions are being chosen, the other seats' dealt pairs and choices.

        Keys: game, seat, num_players, to_act, scores (points so far; at the end points + commission
        bonuses), over, winners, phase ("choose" | "take" | "tree" | "cell" | "over"), current (seat
        whose turn it is), advanced, points (placement points), projected_bonus (commission bonus per
        seat if the game ended now; final at the end), features (icon order), trees (per seat: owner,
        trunk, cards [{id, kind, row, col, dir, parent, tips, tip_cells, features | feature}], stats
        {collection, cards, branches, flowers, bugs, red}, free_cells [[row, col]...]), display (cards),
        deck_size, removed_count, commissions (per seat: held cards, face up, each with "met" now),
        collections (sizes), pending (None, or {seat, card, tree, trees, cells}; cells are numbered
        [{n, row, col, parent, parent_card, dir, points}] and only in the deciding seat's view),
        choosing (None, or {chosen: [bool per seat], dealt: own two cards, kept: own choice}).
        """
        results = self.commission_results()
        projected = [COMMISSION_BONUS * sum(met for _c, met in row) for row in results]
        v: dict = {
            "game": "kigi",
            "seat": seat,
            "num_players": self.n,
            "to_act": self.to_act(),
            "scores": self.scores(),
            "over": self.phase == OVER,
            "winners": self.winners(),
            "phase": self.phase,
            "current": self.current,
            "advanced": self.advanced,
            "points": list(self.points),
            "projected_bonus": projected,
            "features": list(FEATURE_ORDER),
            "trees": [self._tree_view(i) for i in range(self.n)],
            "display": [self._card_view(c) for c in self.display],
            "deck_size": len(self.deck),
            "removed_count": len(self.removed),
            "commissions": [[{**self._card_view(cid), "met": met} for cid, met in row] for row in results],
            "collections": [len(c) for c in self.collections],
            "pending": None,
            "choosing": None,
        }
        if self.phase == CHOOSE:
            v["choosing"] = {
                "chosen": [c is not None for c in self.chosen],
                "dealt": [self._card_view(c) for c in self.dealt[seat]] if seat is not None else [],
                "kept": self.chosen[seat] if seat is not None else None,
            }
        if self.phase in (TREE, CELL):
            pending: dict = {
                "seat": self.current,
                "card": self._card_view(self.pending_card),
                "tree": self.pending_tree,
                "trees": self.trees_with_room(),
                "cells": [],
            }
            if self.phase == CELL and seat == self.current:
                tree = self.trees[self.pending_tree]
                for n, (cell, parent, d) in enumerate(self.legal_cells(), start=1):
                    pending["cells"].append(
                        {
                            "n": n,
                            "row": cell[0],
                            "col": cell[1],
                            "parent": list(parent),
                            "parent_card": tree[parent][0],
                            "dir": rules.DIR_NAMES[d],
                            "points": self._preview(cell, parent, d),
                        }
                    )
            v["pending"] = pending
        return v

    def to_json(self) -> dict:
        return {
            "n": self.n,
            "advanced": self.advanced,
            "rng": self.rng.to_json(),
            "phase": self.phase,
            "current": self.current,
            "turn": self.turn,
            "trees": [
                [
                    [r, c, cid, d, *(parent if parent else [None, None])]
                    for (r, c), (cid, parent, d) in t.items()
                ]
                for t in self.trees
            ],
            "collections": [list(c) for c in self.collections],
            "held": [list(h) for h in self.held],
            "points": list(self.points),
            "bonus": list(self.bonus),
            "deck": list(self.deck),
            "display": list(self.display),
            "removed": list(self.removed),
            "dealt": [list(d) for d in self.dealt],
            "chosen": list(self.chosen),
            "pending_card": self.pending_card,
            "pending_tree": self.pending_tree,
        }

    @classmethod
    def from_json(cls, data: dict) -> KigiState:
        s = cls()
        s.n = data["n"]
        s.advanced = data["advanced"]
        s.rng = Rng.from_json(data["rng"])
        s.phase = data["phase"]
        s.current = data["current"]
        s.turn = data["turn"]
        s.trees = [
            {(r, c): (cid, (pr, pc) if pr is not None else None, d) for r, c, cid, d, pr, pc in t}
            for t in data["trees"]
        ]
        s.collections = [list(c) for c in data["collections"]]
        s.held = [list(h) for h in data["held"]]
        s.points = list(data["points"])
        s.bonus = list(data["bonus"])
        s.deck = list(data["deck"])
        s.display = list(data["display"])
        s.removed = list(data["removed"])
        s.dealt = [list(d) for d in data["dealt"]]
        s.chosen = list(data["chosen"])
        s.pending_card = data["pending_card"]
        s.pending_tree = data["pending_tree"]
        return s

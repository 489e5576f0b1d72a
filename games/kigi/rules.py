"""Pure helpers on one Kigi tree: its free tips, where a card may go, scoring, pruning, statistics.

A tree maps card ids to ``table.Placed`` (stem, heading, the parent and the
parent's tip it grew from), in the order the cards were placed; the trunk comes
first and has no parent. The geometry of placing lives in ``table``; this
module adds what the cards print (features, tips) and the chain of parents that
scoring and pruning follow.
"""

from __future__ import annotations

import math
from functools import lru_cache

from games.kigi import table
from games.kigi.data import BLOSSOM, BUGS, CARDS, FEATURE_ORDER, FLOWERS
from games.kigi.table import Placed, Spot, Tip, Tree

# Legal spots per tip, for the tips that have at least one: (card, tip name) -> spots, left to right.
Room = dict[tuple[str, str], tuple[Spot, ...]]


def new_tree(trunk_id: str) -> Tree:
    """A trunk standing on the table's edge, its stem at the origin, pointing away from the edge."""
    return {trunk_id: Placed(trunk_id, 0, 0, table.TRUNK_HEADING)}


def trunk_of(tree: Tree) -> str:
    return next(iter(tree))


def _feature_list(card_id: str) -> list[str]:
    card = CARDS[card_id]
    if card["kind"] == "trunk":
        return [card["feature"]]
    return [f for f, k in card["features"].items() for _i in range(k)]


@lru_cache(maxsize=100_000)
def card_tips(p: Placed) -> tuple[Tip, ...]:
    return tuple(table.tips(p, CARDS[p.card]["tips"]))


@lru_cache(maxsize=100_000)
def card_icons(p: Placed) -> tuple[tuple[str, int, int], ...]:
    return tuple(table.icons(p, _feature_list(p.card)))


def used_tips(tree: Tree) -> set[tuple[str, str]]:
    return {(p.parent, p.tip) for p in tree.values() if p.parent is not None}


def free_tips(tree: Tree) -> list[Tip]:
    """Tips nothing grows from and no other card lies on or against: where a tree could still grow."""
    used = used_tips(tree)
    return [
        t for p in tree.values() for t in card_tips(p) if t.key not in used and not table.tip_blocked(t, tree)
    ]


def _static(tip: Tip, parent: Placed, bends: tuple[str, ...] = tuple(table.BENDS)) -> list[table.Candidate]:
    """Candidates from ``tip`` among ``bends`` that stay on the table and cover no feature of the
    parent. Not kept: what is costly is kept per parent heading (``table._uncovered``), and keeping the
    spots of every stage of every tip cost hundreds of MB for little time."""
    return table.static_candidates(tip, bends, card_icons(parent))


def _free_of(
    tip: Tip,
    candidates: list[table.Candidate],
    others: list[tuple[table.Box, tuple[table.Point, ...]]],
    blocked: frozenset[table.Point] = frozenset(),
) -> tuple[Spot, ...]:
    """The spots among ``candidates`` that touch none of ``others`` (cards as (box, corners)), built.
    A candidate whose stem lies on a ``blocked`` point touches a card whichever way it is turned. The
    card a candidate touches is tried first for the next one (``others`` is reordered): neighbouring
    turns and points mostly touch the same card, and a hemmed-in tip has thousands of them."""
    g = table.TOUCH_GAP
    touch = table.outlines_touch
    out = []
    for c in candidates:
        _bend, _h, x, y, outline, (x0, y0, x1, y1) = c
        if (x, y) in blocked:
            continue
        corners = None
        for i, (box, other) in enumerate(others):
            if x0 > box[2] + g or box[0] > x1 + g or y0 > box[3] + g or box[1] > y1 + g:
                continue
            if corners is None:
                corners = tuple((x + dx, y + dy) for dx, dy in outline)
            if touch(corners, other):
                if i:
                    others.insert(0, others.pop(i))
                break
        else:
            out.append(table.build(tip, c, corners))
    return tuple(out)


def _blocked(tip: Tip, others: list[tuple[table.Box, tuple[table.Point, ...]]]) -> frozenset[table.Point]:
    """The points of the tip's edge that lie on or against another card: a card whose stem is there
    touches that card however it is turned (the stem is a point of its outline; nearer than
    TOUCH_GAP less 2, so that the corners' rounding cannot make it a touch the engine would not
    see)."""
    r = table.TOUCH_GAP - 2
    out = set()
    for x, y in table.edge_points(tip):
        for (x0, y0, x1, y1), other in others:
            if x0 - r <= x <= x1 + r and y0 - r <= y <= y1 + r and table.disc_meets_polygon(x, y, r, other):
                out.add((x, y))
                break
    return frozenset(out)


# How far from its tip a card grown from it can reach: its far corner (whichever way it is turned),
# with the stem moved to the end of the longest edge; cards further away than this (and the gap)
# cannot touch any spot of the tip.
_REACH = (
    math.isqrt(table.CARD_LENGTH**2 + table.HALF_WIDTH**2)
    + 1
    + table.FINE_SLIDE * max(table.EDGE_THIRDS.values())
)


def _near(tip: Tip, tree: Tree) -> tuple[Placed, ...]:
    """The cards other than the tip's own that a spot of the tip could come near."""
    r = _REACH + table.TOUCH_GAP
    out = []
    for cid, p in tree.items():
        if cid != tip.card:
            box = table.card_box(p.x, p.y, p.heading)
            if box[0] - r <= tip.x <= box[2] + r and box[1] - r <= tip.y <= box[3] + r:
                out.append(p)
    return tuple(out)


def _wide_spots(tree: Tree, tip: Tip) -> tuple[Spot, ...]:
    """The legal spots of ``tip`` among its choices of the last resort (``table.wide_candidates``):
    those of the first stage that has one. Searched only for a tree none of whose tips has a spot."""
    return _spots_among(tip, tree[tip.card], _near(tip, tree), wide=True)


def _tip_spots(tree: Tree, tip: Tip) -> tuple[Spot, ...]:
    """The legal spots of ``tip``: its first choices (the five bends) that are legal, or, when none is,
    the first stage of further choices (finer turns, then the stem moved along the edge, nearest
    first) that has a legal one. Empty: no turn and no point of the tip gives a legal spot."""
    return _spots_among(tip, tree[tip.card], _near(tip, tree))


@lru_cache(maxsize=50_000)
def _spots_among(tip: Tip, parent: Placed, near: tuple[Placed, ...], wide: bool = False) -> tuple[Spot, ...]:
    """``_tip_spots`` (``wide``: ``_wide_spots``) given the cards near the tip: the same neighbours
    give the same spots, so a tree searched again (after a pruning, a load, a copy) reuses what did
    not change."""
    others = [(table.card_box(p.x, p.y, p.heading), table.corners(p.x, p.y, p.heading)) for p in near]
    if not wide:
        found = _free_of(tip, _static(tip, parent), others)
        if found:
            return found
    blocked = _blocked(tip, others)
    for stage in table.wide_candidates(tip.name) if wide else table.further_candidates(tip.name):
        found = _free_of(tip, _static(tip, parent, stage), others, blocked)
        if found:
            return found
    return ()


def room(tree: Tree) -> Room:
    """Every legal spot of the tree, grouped by tip (tips without one are left out). Where no tip has
    one, the last resort of the third revision: every tip's spots turned to any angle at any point of
    its edge (``_wide_spots``)."""
    return _tips_room(tree, _tip_spots) or _tips_room(tree, _wide_spots)


def _tips_room(tree: Tree, search) -> Room:
    used = used_tips(tree)
    out: Room = {}
    for p in tree.values():
        for t in card_tips(p):
            if t.key not in used:
                spots = search(tree, t)
                if spots:
                    out[t.key] = spots
    return out


def room_after_growth(before: Room, tree: Tree, placed: Placed) -> Room:
    """``room(tree)`` for a tree that is the tree of ``before`` plus the card ``placed``, computed from
    ``before``: a new card only takes spots away (those it would touch, and its own tip's), and adds
    the spots of its own tips. A tip it leaves without a spot is searched again: its further choices
    (or a later stage of them) may still hold one. A tip that keeps some spots offers exactly those,
    as a fresh search would (earlier stages stay empty: spots are only ever taken away). A tree that
    had only spots of the last resort, or is left with none, is searched afresh (``room``)."""
    if any(s[0].wide for s in before.values()):
        return room(tree)
    out: Room = {}
    touches = table.touches
    for key, spots in before.items():
        if key == (placed.parent, placed.tip):
            continue
        kept = tuple(s for s in spots if not touches(s, placed))
        if not kept:
            kept = _tip_spots(tree, spots[0].tip)
        if kept:
            out[key] = kept
    for t in card_tips(placed):
        spots = _tip_spots(tree, t)
        if spots:
            out[t.key] = spots
    return out or _tips_room(tree, _wide_spots)


def ordered_tips(tree: Tree, r: Room) -> list[Tip]:
    """The tips with room, numbered in this order: left to right along the table, then upwards."""
    found = [s[0].tip for s in r.values()]
    return sorted(found, key=lambda t: (t.x, t.y, t.card, t.name))


def line(tree: Tree, card_id: str | None) -> list[str]:
    """The chain of cards from ``card_id`` down to the trunk, trunk excluded (None: empty)."""
    out = []
    while card_id is not None:
        p = tree[card_id]
        if p.parent is None:
            break
        out.append(card_id)
        card_id = p.parent
    return out


def score_line(cards: list[str] | tuple[str, ...]) -> dict[str, int]:
    """Points per feature: a feature present on every card of the line scores each instance."""
    return dict(_score_line(tuple(cards)))


@lru_cache(maxsize=100_000)
def _score_line(cards: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    return tuple(_scores(cards).items())


def _scores(cards: tuple[str, ...]) -> dict[str, int]:
    if not cards:
        return {}
    out = {}
    for feature in FEATURE_ORDER:
        total = 0
        for cid in cards:
            n = CARDS[cid]["features"].get(feature, 0)
            if not n:
                break
            total += n
        else:
            out[feature] = total
    return out


def prune(tree: Tree, cards: list[str]) -> list[str]:
    """Remove ``cards`` and every card no longer connected to the trunk; return the removed ids:
    the scoring line first, then the cut-off cards in the order they were placed.

    Connection is through the chain of parents (what a card grew from), as in the design note.
    """
    removed = set(cards)
    for cid, p in tree.items():  # parents come before their children
        if p.parent in removed:
            removed.add(cid)
    ordered = list(cards) + [cid for cid in tree if cid in removed and cid not in cards]
    for cid in ordered:
        del tree[cid]
    return ordered


def feature_count(tree: Tree, features: tuple[str, ...]) -> int:
    total = 0
    for cid, p in tree.items():
        if p.parent is not None:
            f = CARDS[cid]["features"]
            total += sum(f.get(x, 0) for x in features)
    return total


def branch_count(tree: Tree) -> int:
    """Branch ends: tree cards with no children."""
    parents = {p.parent for p in tree.values()}
    return sum(1 for cid, p in tree.items() if p.parent is not None and cid not in parents)


def tree_stats(tree: Tree, collection_size: int) -> dict[str, int]:
    return {
        "collection": collection_size,
        "cards": len(tree) - 1,
        "branches": branch_count(tree),
        "flowers": feature_count(tree, FLOWERS),
        "bugs": feature_count(tree, BUGS),
        "red": feature_count(tree, (BLOSSOM,)),
    }

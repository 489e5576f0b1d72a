"""Pure helpers on one Kigi tree: the grid model, legal cells, scoring, pruning.

A tree is a dict ``{(row, col): (card_id, parent_pos | None, direction)}``.
The trunk sits at (0, 0) with no parent and grows "up". Rows grow upwards from
the table's edge (row 0); row < 0 is off the table. A card's direction is the
one it grew in from its parent; its tips are left/straight/right relative to it.
"""

from __future__ import annotations

from games.kigi.data import BLOSSOM, BUGS, CARDS, FEATURE_ORDER, FLOWERS, MAX_COL, MIN_COL

Pos = tuple[int, int]
Cell = tuple[str, Pos | None, int]
Tree = dict[Pos, Cell]

# Directions clockwise from up: (d_row, d_col). Row +1 is away from the table's edge.
UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
DIR_NAMES = ["up", "right", "down", "left"]
VECTORS = [(1, 0), (0, 1), (-1, 0), (0, -1)]
# Relative tip -> turn applied to the growth direction.
TURN = {"straight": 0, "right": 1, "left": 3}
# Where a new card sits relative to its parent, for labels.
RELATION = ["above", "right of", "below", "left of"]


def new_tree(trunk_id: str) -> Tree:
    return {(0, 0): (trunk_id, None, UP)}


def tip_directions(card_id: str, direction: int) -> list[int]:
    """Absolute directions of the card's tips, given the direction it grew in."""
    return _TIP_DIRS[card_id][direction]


_TIP_DIRS = {
    cid: [[(d + TURN[t]) % 4 for t in card["tips"]] for d in range(4)]
    for cid, card in CARDS.items()
    if "tips" in card
}


def legal_cells(tree: Tree) -> list[tuple[Pos, Pos, int]]:
    """Every legal placement as (cell, parent cell, direction), sorted by row then column.

    A legal cell is free, next to a tip of its parent, on the table (row >= 0),
    within the table's width, and touches no card but the parent. So a legal
    cell has exactly one parent.
    """
    out = []
    for pos, (card_id, _parent, direction) in tree.items():
        r, c = pos
        for d in _TIP_DIRS[card_id][direction]:
            dr, dc = VECTORS[d]
            cr, cc = r + dr, c + dc
            if cr < 0 or cc < MIN_COL or cc > MAX_COL or (cr, cc) in tree:
                continue
            # The neighbours of the cell other than the parent (the one behind it) must be free.
            if (
                (d != DOWN and (cr + 1, cc) in tree)
                or (d != UP and (cr - 1, cc) in tree)
                or (d != LEFT and (cr, cc + 1) in tree)
                or (d != RIGHT and (cr, cc - 1) in tree)
            ):
                continue
            out.append(((cr, cc), pos, d))
    out.sort()
    return out


def line(tree: Tree, pos: Pos) -> list[Pos]:
    """The chain of cells from ``pos`` down to the trunk, trunk excluded."""
    out = []
    while pos is not None:
        _cid, parent, _ = tree[pos]
        if parent is None:
            break
        out.append(pos)
        pos = parent
    return out


def score_line(cards: list[str]) -> dict[str, int]:
    """Points per feature: a feature present on every card of the line scores each instance."""
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


def prune(tree: Tree, cells: list[Pos]) -> list[str]:
    """Remove ``cells`` and every card no longer connected to the trunk; return removed card ids.

    Connection is through the chain of parents (the line), as in the design note.
    """
    removed_pos = set(cells)
    changed = True
    while changed:
        changed = False
        for pos, (_cid, parent, _d) in tree.items():
            if pos not in removed_pos and parent is not None and parent in removed_pos:
                removed_pos.add(pos)
                changed = True
    # Order: the scoring line first, then the rest by position, for stable logs.
    ordered = list(cells) + sorted(removed_pos - set(cells))
    out = [tree[p][0] for p in ordered]
    for p in ordered:
        del tree[p]
    return out


def feature_count(tree: Tree, features: tuple[str, ...]) -> int:
    total = 0
    for cid, parent, _ in tree.values():
        if parent is not None:
            f = CARDS[cid]["features"]
            total += sum(f.get(x, 0) for x in features)
    return total


def branch_count(tree: Tree) -> int:
    """Branch ends: tree cards with no children."""
    parents = {parent for _cid, parent, _ in tree.values()}
    return sum(1 for pos, (_c, parent, _) in tree.items() if parent is not None and pos not in parents)


def tree_stats(tree: Tree, collection_size: int) -> dict[str, int]:
    return {
        "collection": collection_size,
        "cards": len(tree) - 1,
        "branches": branch_count(tree),
        "flowers": feature_count(tree, FLOWERS),
        "bugs": feature_count(tree, BUGS),
        "red": feature_count(tree, (BLOSSOM,)),
    }

"""An independent search for room on a Kigi tree: floating point, brute force, not games/kigi/table.py.

It reads only what a tree records (each card's stem, heading, parent and the parent's tip it grew
from), the cards' printed features and tips (games/kigi/data.py) and the model's dimensions (the
card's size, where the tips and the feature discs are printed, the gap that counts as touching, the
table's width), and works out the rulebook's sentence again by itself: a card grown from an unused
tip, its stem anywhere on that tip's edge, turned to any angle, is legal when it does not hang over
the table's edge nor beyond the tree's room along it, covers no feature of its parent, and comes
within the gap of no other card. The engine's search (rules.room) uses integers, fixed stages and
5-degree headings; this one tries every ``degrees`` degree at every ``units`` units along every
unused tip's whole edge, corner to corner. Slow (about 50,000 candidates a side tip at 1 degree and
10 units): meant for the few trees the engine calls full, and for tests.
"""

from __future__ import annotations

import math

from games.kigi import table
from games.kigi.data import CARDS

Pt = tuple[float, float]
_W = table.HALF_WIDTH
_L = table.CARD_LENGTH
_RADIUS = math.hypot(_L / 2, _W)  # from a card's centre to its corners
_EPS = 1e-6  # a card lying exactly along the table's edge or the width's end is on the table


def card(x: float, y: float, heading: float) -> list[Pt]:
    """A card's corners, counter-clockwise from the right end of its base."""
    c, s = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    return [(x + u * c - v * s, y + u * s + v * c) for u, v in ((0, -_W), (_L, -_W), (_L, _W), (0, _W))]


def _at(x: float, y: float, heading: float, u: float, v: float) -> Pt:
    c, s = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    return x + u * c - v * s, y + u * s + v * c


def gap(p: Pt, a: Pt, b: Pt) -> float:
    """From p to the segment a-b."""
    ex, ey, qx, qy = b[0] - a[0], b[1] - a[1], p[0] - a[0], p[1] - a[1]
    t = max(0.0, min(1.0, (ex * qx + ey * qy) / (ex * ex + ey * ey)))
    return math.hypot(qx - t * ex, qy - t * ey)


def inside(p: Pt, poly: list[Pt]) -> bool:
    return all(
        (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True)
    )


def _crossing(a: list[Pt], b: list[Pt]) -> bool:
    """Whether an edge of a crosses an edge of b (two cards laid across each other, no corner inside)."""

    def side(p: Pt, q: Pt, r: Pt) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    for p, q in zip(a, a[1:] + a[:1], strict=True):
        for r, s in zip(b, b[1:] + b[:1], strict=True):
            if side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0:
                return True
    return False


def distance(a: list[Pt], b: list[Pt]) -> float:
    """Between two card outlines, 0 if they overlap."""
    if any(inside(p, b) for p in a) or any(inside(p, a) for p in b) or _crossing(a, b):
        return 0.0
    out = math.inf
    for poly, other in ((a, b), (b, a)):
        for q, r in zip(poly, poly[1:] + poly[:1], strict=True):
            for p in other:
                out = min(out, gap(p, q, r))
    return out


def _features(card_id: str) -> int:
    c = CARDS[card_id]
    return 1 if c["kind"] == "trunk" else sum(c["features"].values())


def features_at(p: table.Placed) -> list[Pt]:
    """The centres of the card's printed feature discs on the table."""
    return [_at(p.x, p.y, p.heading, u, v) for u, v in table.ICON_LAYOUTS[_features(p.card)]]


# A tip's place on its card (u along the card from the stem, v to its left), the way a card grown from
# it points (degrees from the card's heading), and its edge: (u, v) at one end and the other.
_TIPS = {
    "left": ((table.SIDE_TIP, _W), 60, ((0, _W), (_L, _W))),
    "straight": ((_L, 0), 0, ((_L, -_W), (_L, _W))),
    "right": ((table.SIDE_TIP, -_W), -60, ((0, -_W), (_L, -_W))),
}


def unused_tips(tree: table.Tree) -> list[tuple[str, str]]:
    """(card, tip) of every printed tip nothing grows from."""
    used = {(p.parent, p.tip) for p in tree.values() if p.parent is not None}
    return [(cid, name) for cid in tree for name in CARDS[cid]["tips"] if (cid, name) not in used]


def edge_spots(
    tree: table.Tree,
    card_id: str,
    name: str,
    degrees: float = 1,
    units: float = 10,
    first: bool = False,
    turns: list[float] | None = None,
) -> list[tuple[float, float]]:
    """(turn from the tip's direction, offset from the tip along its edge) of every legal spot found
    on ``card_id``'s tip ``name``: every ``degrees`` from -180 to 180 (or the ``turns`` given) at every
    ``units`` along the whole edge (``first``: stop at the first found)."""
    parent = tree[card_id]
    (tu, tv), tip_turn, ((u0, v0), (u1, v1)) = _TIPS[name]
    length = math.hypot(u1 - u0, v1 - v0)
    du, dv = (u1 - u0) / length, (v1 - v0) / length
    lo = -math.hypot(tu - u0, tv - v0)  # the edge from one corner to the other, measured from the tip
    hi = math.hypot(u1 - tu, v1 - tv)
    icons = features_at(parent)
    others = [card(p.x, p.y, p.heading) for cid, p in tree.items() if cid != card_id]
    centres = [((c[0][0] + c[2][0]) / 2, (c[0][1] + c[2][1]) / 2) for c in others]
    direction = parent.heading + tip_turn
    if turns is None:
        turns = [-180 + (i + 1) * degrees for i in range(round(360 / degrees))]
    found = []
    k = lo
    while k <= hi + 1e-9:
        x, y = _at(parent.x, parent.y, parent.heading, tu + k * du, tv + k * dv)
        for turn in turns:
            corners = card(x, y, direction + turn)
            if min(py for _px, py in corners) < -_EPS:
                continue
            if max(abs(px) for px, _py in corners) > table.TABLE_HALF_WIDTH + _EPS:
                continue
            sides = list(zip(corners, corners[1:] + corners[:1], strict=True))
            if any(
                inside(f, corners) or min(gap(f, a, b) for a, b in sides) < table.ICON_RADIUS for f in icons
            ):
                continue
            cx = (corners[0][0] + corners[2][0]) / 2
            cy = (corners[0][1] + corners[2][1]) / 2
            if all(
                math.hypot(cx - ox, cy - oy) > 2 * _RADIUS + table.TOUCH_GAP
                or distance(corners, o) > table.TOUCH_GAP
                for o, (ox, oy) in zip(others, centres, strict=True)
            ):
                found.append((turn, k))
                if first:
                    return found
        k += units
    return found


def has_room(tree: table.Tree, degrees: float = 1, units: float = 10) -> bool:
    """Whether any unused tip of the tree takes a card: the search above, stopping at the first spot."""
    return any(edge_spots(tree, c, n, degrees, units, first=True) for c, n in unused_tips(tree))


def spot_is_legal(tree: table.Tree, s: table.Spot) -> bool:
    """Whether a spot the engine offers is legal by this module's own reckoning (its stem on its tip's
    edge, on the table, covering no feature of its parent, touching no other card)."""
    parent = tree[s.tip.card]
    (_tu, _tv), _turn, ((u0, v0), (u1, v1)) = _TIPS[s.tip.name]
    a, b = _at(parent.x, parent.y, parent.heading, u0, v0), _at(parent.x, parent.y, parent.heading, u1, v1)
    if gap((s.x, s.y), a, b) > 1:  # the stem on the edge (the engine rounds to whole units)
        return False
    corners = card(s.x, s.y, s.heading)
    if (
        min(py for _px, py in corners) < -1
        or max(abs(px) for px, _py in corners) > table.TABLE_HALF_WIDTH + 1
    ):
        return False
    sides = list(zip(corners, corners[1:] + corners[:1], strict=True))
    icons = features_at(parent)
    if any(inside(f, corners) or min(gap(f, p, q) for p, q in sides) < table.ICON_RADIUS - 1 for f in icons):
        return False
    return all(
        distance(corners, card(p.x, p.y, p.heading)) > table.TOUCH_GAP - 1
        for cid, p in tree.items()
        if cid != s.tip.card
    )

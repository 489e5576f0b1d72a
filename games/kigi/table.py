"""Kigi's table: cards as rectangles in continuous space, turned as they are placed.

The rulebook has no grid: "You may place it anywhere as long as the branches
touch. It may not cover a feature, directly touch more than one card, or hang
over the table." This module is that sentence in geometry, and nothing else.

Space. ``x`` runs along the table's edge, ``y`` away from it; ``y = 0`` is the
edge, so a card with any corner below 0 hangs over it. A player's tree may
spread ``TABLE_HALF_WIDTH`` either side of its trunk. The unit is a
thousandth of a card's width.

Cards. A card is a ``CARD_WIDTH`` x ``CARD_LENGTH`` rectangle that grows from
its **stem**, the middle of its base, in its **heading** (degrees counter-
clockwise from +x; 90 is straight away from the edge). In the card's own frame
``u`` runs from the stem along the heading and ``v`` to the card's left. A
card's branch ends in up to three **tips** on its edges: straight (the middle
of the far edge, pointing on), left and right (on the long sides at
``u = SIDE_TIP``, pointing forwards and out, ``TIP_TURN`` off the heading).
Its features are printed as discs of radius ``ICON_RADIUS`` in the lower
middle of the card (``ICON_LAYOUTS``); the trunk's picture sits where its
branches part.

Placing. A new card grows from a tip: its stem sits on the tip and it points
the tip's way, bent by one of ``BENDS`` (positive: to the left, i.e.
counter-clockwise). It is legal when it stays on the table (no corner below
the edge nor beyond the width), covers no feature of its parent (it may lie
over the parent's bare corners, as a real card would), and touches no card but
its parent: no other card comes within ``TOUCH_GAP`` of it. Cards placed later
may come to touch several; that stays legal (the rulebook's FAQ).

Exactness. Headings are multiples of 30 degrees, whose sines and cosines are
kept as integers scaled by ``SCALE``; every point is rounded once to an integer
when a card is placed, and every test below is integer arithmetic. So a tree
is stored as integers, survives JSON unchanged, and every machine computes the
same legal placements. Whether two cards touch is told by their shadows on the
six directions a card can have (``shadows``: exact for the ideal rectangles);
``polygons_meet`` is the general test on the rounded corners, and the tests
check that the two agree but for that one-unit rounding.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

# --- dimensions (table units: a thousandth of a card's width) ---------------------
CARD_WIDTH = 1000
CARD_LENGTH = 1400  # a poker card's proportions
HALF_WIDTH = CARD_WIDTH // 2
SIDE_TIP = 700  # how far up the long sides the left and right tips are
ICON_RADIUS = 110
TOUCH_GAP = 20  # cards closer than this touch (about a millimetre on a real card)
TABLE_HALF_WIDTH = 5500  # the room a tree has either side of its trunk: eleven cards wide

TIP_NAMES = ("left", "straight", "right")
TIP_TURN = {"left": 60, "straight": 0, "right": -60}  # a side tip points forwards and out
TIP_POINT = {"left": (SIDE_TIP, HALF_WIDTH), "straight": (CARD_LENGTH, 0), "right": (SIDE_TIP, -HALF_WIDTH)}

# Bends relative to the tip's direction, in the order they are offered (left to right).
BENDS = {"L60": 60, "L30": 30, "S": 0, "R30": -30, "R60": -60}
BEND_WORDS = {
    "L60": "bent sharply left",
    "L30": "bent left",
    "S": "straight on",
    "R30": "bent right",
    "R60": "bent sharply right",
}
_BEND_OF_TURN = {v: k for k, v in BENDS.items()}

# Feature discs in the card's frame (u along the card, v to its left), by number of features.
# They keep to the lower middle so that cards on the tips may lie over the upper corners.
ICON_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((950, 0),),  # the trunk: its one picture, where its branches part
    2: ((300, 0), (600, 0)),
    3: ((250, 0), (500, 0), (750, 0)),
    4: ((300, 130), (300, -130), (600, 130), (600, -130)),
    5: ((240, 130), (240, -130), (480, 0), (720, 130), (720, -130)),
}

TRUNK_HEADING = 90

# --- exact trigonometry -----------------------------------------------------------
SCALE = 1_000_000
_C30 = 866_025  # cos 30 degrees, rounded to SCALE
_COS = {
    0: SCALE,
    30: _C30,
    60: SCALE // 2,
    90: 0,
    120: -SCALE // 2,
    150: -_C30,
    180: -SCALE,
    210: -_C30,
    240: -SCALE // 2,
    270: 0,
    300: SCALE // 2,
    330: _C30,
}
_SIN = {h: _COS[(h - 90) % 360] for h in _COS}
HEADINGS = tuple(sorted(_COS))

Point = tuple[int, int]
Box = tuple[int, int, int, int]  # x0, y0, x1, y1
# A card's shadows on the six directions a card can have (0, 30 ... 150 degrees): (low, high) each,
# flattened, in SCALE units. Two rectangles lie apart exactly when their shadows part on one of
# their own directions (separating axes), so six interval comparisons tell whether two cards meet.
Shadows = tuple[int, ...]
_AXIS_ANGLES = (0, 30, 60, 90, 120, 150)


def _div(n: int) -> int:
    """n / SCALE rounded to the nearest integer (halves upwards): the one rounding of the model."""
    return (n + SCALE // 2) // SCALE


@cache
def offset(heading: int, u: int, v: int) -> Point:
    """Where the card-frame point (u, v) lies from the stem of a card with this heading."""
    c, s = _COS[heading], _SIN[heading]
    return _div(u * c - v * s), _div(u * s + v * c)


def _corners_local(grow: int = 0) -> tuple[Point, ...]:
    """The card's outline (counter-clockwise), grown by ``grow`` on every side."""
    w = HALF_WIDTH + grow
    return ((-grow, -w), (CARD_LENGTH + grow, -w), (CARD_LENGTH + grow, w), (-grow, w))


_OUTLINE = _corners_local()


# --- value types ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Placed:
    """A card on a tree: where its stem is, which way it points, what it grew from."""

    card: str
    x: int
    y: int
    heading: int
    parent: str | None = None  # None: the trunk
    tip: str | None = None  # the parent's tip it grew from


@dataclass(frozen=True, slots=True)
class Tip:
    """A branch tip: a point on a card's edge and the direction a card growing from it points."""

    card: str
    name: str  # left / straight / right, relative to the card's own heading
    x: int
    y: int
    direction: int

    @property
    def key(self) -> tuple[str, str]:
        return self.card, self.name


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a card would lie if grown from ``tip`` with ``bend``: one placement to choose."""

    tip: Tip
    bend: str
    heading: int
    corners: tuple[Point, ...]
    box: Box
    grown: Shadows  # shadows of the card grown by TOUCH_GAP all round: must meet no other card


Tree = dict[str, Placed]  # card id -> placement, in the order placed (the trunk first)


def _box(points: tuple[Point, ...]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def shadows(x: int, y: int, heading: int, grow: int = 0) -> Shadows:
    """The shadows of the card with its stem at (x, y) and this heading, grown by ``grow`` all round:
    on each direction, the shadow of its centre plus or minus its half-length and half-width
    projected (exact: the table values of the angles between heading and direction)."""
    dx, dy = offset(heading, CARD_LENGTH // 2, 0)
    cx, cy = x + dx, y + dy
    out = []
    for (ca, sa), reach in zip(_AXES, _reaches(heading, grow), strict=True):
        mid = cx * ca + cy * sa
        out += (mid - reach, mid + reach)
    return tuple(out)


_AXES = tuple((_COS[a], _SIN[a]) for a in _AXIS_ANGLES)


@cache
def _reaches(heading: int, grow: int) -> tuple[int, ...]:
    half_len, half_wid = CARD_LENGTH // 2 + grow, HALF_WIDTH + grow
    return tuple(
        half_len * abs(_COS[(heading - a) % 360]) + half_wid * abs(_SIN[(heading - a) % 360])
        for a in _AXIS_ANGLES
    )


def shadows_meet(a: Shadows, b: Shadows) -> bool:
    """Whether two cards' shadows overlap (or touch) on every direction: the cards meet."""
    return not (
        a[1] < b[0]
        or b[1] < a[0]
        or a[3] < b[2]
        or b[3] < a[2]
        or a[5] < b[4]
        or b[5] < a[4]
        or a[7] < b[6]
        or b[7] < a[6]
        or a[9] < b[8]
        or b[9] < a[8]
        or a[11] < b[10]
        or b[11] < a[10]
    )


def _outline(x: int, y: int, heading: int, local: tuple[Point, ...]) -> tuple[Point, ...]:
    out = []
    for u, v in local:
        dx, dy = offset(heading, u, v)
        out.append((x + dx, y + dy))
    return tuple(out)


# --- one card's shape ---------------------------------------------------------------
@lru_cache(maxsize=200_000)
def corners(x: int, y: int, heading: int) -> tuple[Point, ...]:
    """A card's four corners, counter-clockwise from the right end of its base."""
    return _outline(x, y, heading, _OUTLINE)


@lru_cache(maxsize=200_000)
def card_box(x: int, y: int, heading: int) -> Box:
    return _box(corners(x, y, heading))


@lru_cache(maxsize=200_000)
def card_shadows(x: int, y: int, heading: int) -> Shadows:
    return shadows(x, y, heading)


def tips(p: Placed, names: tuple[str, ...] | list[str]) -> list[Tip]:
    """The card's tips among ``names`` (the card's printed tips), in the order left, straight, right."""
    out = []
    for name in TIP_NAMES:
        if name in names:
            dx, dy = offset(p.heading, *TIP_POINT[name])
            out.append(Tip(p.card, name, p.x + dx, p.y + dy, (p.heading + TIP_TURN[name]) % 360))
    return out


def icons(p: Placed, features: list[str]) -> list[tuple[str, int, int]]:
    """Each printed feature of the card with the centre of its disc on the table."""
    out = []
    for f, (u, v) in zip(features, ICON_LAYOUTS[len(features)], strict=True):
        dx, dy = offset(p.heading, u, v)
        out.append((f, p.x + dx, p.y + dy))
    return out


def spot(tip: Tip, bend: str) -> Spot:
    return _spot(tip, bend)


@lru_cache(maxsize=200_000)
def _spot(tip: Tip, bend: str) -> Spot:
    heading = (tip.direction + BENDS[bend]) % 360
    outline = corners(tip.x, tip.y, heading)
    return Spot(tip, bend, heading, outline, _box(outline), shadows(tip.x, tip.y, heading, TOUCH_GAP))


def bend_between(tip: Tip, heading: int) -> str | None:
    """The bend that turns ``tip``'s direction into ``heading``, or None if no allowed bend does."""
    turn = (heading - tip.direction + 180) % 360 - 180
    return _BEND_OF_TURN.get(turn)


# --- integer predicates -------------------------------------------------------------
def _axes(poly: tuple[Point, ...]) -> list[Point]:
    out = []
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        out.append((y1 - y0, x0 - x1))
    return out


def polygons_meet(a: tuple[Point, ...], b: tuple[Point, ...]) -> bool:
    """Whether two convex polygons share a point (overlap or touch): no edge normal separates them.
    The general test; ``shadows_meet`` is its fast form for cards (tests check they agree)."""
    for ax, ay in _axes(a) + _axes(b):
        pa = [ax * x + ay * y for x, y in a]
        pb = [ax * x + ay * y for x, y in b]
        if max(pa) < min(pb) or max(pb) < min(pa):
            return False
    return True


def disc_meets_polygon(cx: int, cy: int, r: int, poly: tuple[Point, ...]) -> bool:
    """Whether the open disc of radius r around (cx, cy) shares a point with the convex polygon (CCW)."""
    inside = True
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        ex, ey = x1 - x0, y1 - y0
        px, py = cx - x0, cy - y0
        if ex * py - ey * px < 0:
            inside = False
        t = ex * px + ey * py
        ee = ex * ex + ey * ey
        if t <= 0:
            d2_num, d2_den = px * px + py * py, 1
        elif t >= ee:
            qx, qy = cx - x1, cy - y1
            d2_num, d2_den = qx * qx + qy * qy, 1
        else:
            cross = ex * py - ey * px
            d2_num, d2_den = cross * cross, ee
        if d2_num < r * r * d2_den:
            return True
    return inside


# --- the rules of placing -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Problems:
    """Why a spot is illegal (all false / empty: it is legal)."""

    over_edge: bool = False  # hangs over the table's edge
    beyond_width: bool = False  # beyond the tree's room along the edge
    covers: tuple[str, ...] = ()  # features of the parent it would cover
    touches: tuple[str, ...] = ()  # cards other than the parent it would touch

    def __bool__(self) -> bool:
        return self.over_edge or self.beyond_width or bool(self.covers) or bool(self.touches)


def on_table(s: Spot) -> bool:
    x0, y0, x1, _y1 = s.box
    return y0 >= 0 and x0 >= -TABLE_HALF_WIDTH and x1 <= TABLE_HALF_WIDTH


def covered_features(s: Spot, parent_icons: list[tuple[str, int, int]]) -> list[str]:
    x0, y0, x1, y1 = s.box
    r = ICON_RADIUS
    return [
        f
        for f, cx, cy in parent_icons
        if x0 - r < cx < x1 + r and y0 - r < cy < y1 + r and disc_meets_polygon(cx, cy, r, s.corners)
    ]


def touches(s: Spot, other: Placed) -> bool:
    """Whether the card at ``s`` would touch ``other`` (come within TOUCH_GAP of it)."""
    return shadows_meet(s.grown, card_shadows(other.x, other.y, other.heading))


def problems(tree: Tree, s: Spot, parent_icons: list[tuple[str, int, int]]) -> Problems:
    """Everything wrong with placing a card at ``s`` on ``tree`` (whose parent card has ``parent_icons``)."""
    x0, y0, x1, _y1 = s.box
    return Problems(
        over_edge=y0 < 0,
        beyond_width=x0 < -TABLE_HALF_WIDTH or x1 > TABLE_HALF_WIDTH,
        covers=tuple(covered_features(s, parent_icons)),
        touches=tuple(cid for cid, p in tree.items() if cid != s.tip.card and touches(s, p)),
    )


def tip_blocked(tip: Tip, tree: Tree) -> bool:
    """A tip under or against another card (within TOUCH_GAP of it) cannot take a card: not free."""
    for cid, p in tree.items():
        if cid == tip.card:
            continue
        x0, y0, x1, y1 = card_box(p.x, p.y, p.heading)
        g = TOUCH_GAP
        near = x0 - g <= tip.x <= x1 + g and y0 - g <= tip.y <= y1 + g
        if near and disc_meets_polygon(tip.x, tip.y, TOUCH_GAP, corners(p.x, p.y, p.heading)):
            return True
    return False

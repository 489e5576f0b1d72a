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

Placing. A new card grows from a tip: its stem meets the tip's edge and it
points the tip's way, turned by some degrees (positive: to the left, i.e.
counter-clockwise). The five ``BENDS`` (straight on, 30 and 60 degrees either
way, stem on the tip itself) are the first choices. Where none of them is
legal, a player at a real table would turn the card further or slide it along
the branch, so the tip offers further choices (``further_candidates``): finer
turns every 15 degrees up to 90 either way, then the stem moved along the
tip's edge by ``SLIDE_STEP`` at a time (the nearest points first); and where
none of those is legal either, the last resort: the stem moved a third of a step
at a time, turned every 5 degrees where it stood before (on the tip, whole
steps) and every 15 between. Where nothing of all this fits on any tip of a
tree, the third revision: any orientation, as the rulebook allows ("There is no
grid constraining the orientation of cards"), on every tip of that tree
(``wide_candidates``): every 5 degrees up to 90 at every point a third of a
step apart along the whole edge, corner to corner, then turned further, every
5 degrees up to 180 either way (back over the parent's bare end), the nearest
points first. A tree is full only when nothing of all this fits.
A choice is named by its **bend key**: the turn ("S", "L15" ... "L180", "R5"
... "R175"), and for a moved stem the signed number of steps, whole or in
thirds ("L45+2": two steps towards the parent's top along a side, or to the
parent's left along its top edge; "R45-4t": four thirds, one and a third steps
towards its base; no "/" nor ":", which the bot's action ids use as separators).

It is legal when it stays on the table (no corner below the edge nor beyond the
width), covers no feature of its parent (it may lie over the parent's bare
corners, as a real card would), and touches no card but its parent: no other
card comes within ``TOUCH_GAP`` of it, measured as the true distance between
the two outlines (corners are corners, not grown squares). Cards placed later
may come to touch several; that stays legal (the rulebook's FAQ).

Exactness. Headings are multiples of 5 degrees, whose sines and cosines are
kept as integers scaled by ``SCALE`` (written out in the source); every point is rounded once to an integer
when a card is placed, and every test below is integer arithmetic. So a tree
is stored as integers, survives JSON unchanged, and every machine computes the
same legal placements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from games.text import N, P, T

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

# The first choices of a tip, relative to its direction, in the order offered (left to right).
BENDS = {"L60": 60, "L30": 30, "S": 0, "R30": -30, "R60": -60}
BEND_WORDS = {
    "L60": P("kigi bend", "bent sharply left"),
    "L30": P("kigi bend", "bent left"),
    "S": P("kigi bend", "straight on"),
    "R30": P("kigi bend", "bent right"),
    "R60": P("kigi bend", "bent sharply right"),
}
# Further choices where no first choice is legal: every TURN_STEP degrees up to MAX_TURN either
# way, then the stem moved along the tip's edge SLIDE_STEP at a time (at most SLIDES steps a way).
# Where none of those is legal either, the last resort, the nearest points first: every FINE_STEP
# degrees with the stem on the tip or a whole number of steps along the edge, and every TURN_STEP
# degrees with the stem a third or two thirds of a step between those points (FINE_SLIDE). (Every
# 5 degrees at every third of a step costs twice as much for a handful more tips kept alive.)
# Then (the third revision: any orientation) every FINE_STEP degrees up to MAX_TURN at every point a
# third of a step apart along the whole edge (EDGE_THIRDS either way of the tip: corner to corner),
# and last every FINE_STEP degrees beyond MAX_TURN up to WIDE_TURN either way, nearest points first.
TURN_STEP = 15
FINE_STEP = 5
MAX_TURN = 90
WIDE_TURN = 180  # a half turn: "L180" (the same card as "R180", which is not a key)
TURNS = tuple(range(MAX_TURN, -MAX_TURN - 1, -TURN_STEP))  # left to right
FINE_TURNS = tuple(range(MAX_TURN, -MAX_TURN - 1, -FINE_STEP))  # left to right
# Beyond MAX_TURN, left to right: L180 (a half turn) ... L95, R95 ... R175.
WIDE_TURNS = tuple(range(WIDE_TURN, MAX_TURN, -FINE_STEP)) + tuple(
    range(-MAX_TURN - FINE_STEP, -WIDE_TURN, -FINE_STEP)
)
SLIDE_STEP = 150
FINE_SLIDE = SLIDE_STEP // 3  # a third of a step, so every point of the coarse search is one of these
SLIDES = {"left": 4, "straight": 3, "right": 4}  # the edge's length allows: sides 100..1300, top +-450
# The whole edge in thirds of a step either way of the tip: sides 0..1400 (the tip at 700), top +-500.
_SIDE_THIRDS = min(SIDE_TIP, CARD_LENGTH - SIDE_TIP) // FINE_SLIDE
EDGE_THIRDS = {"left": _SIDE_THIRDS, "straight": HALF_WIDTH // FINE_SLIDE, "right": _SIDE_THIRDS}
# A turn (a multiple of FINE_STEP up to WIDE_TURN, checked by parse_bend), then the steps along the
# edge: whole ("+2") or in thirds ("+4t": one and a third steps).
_BEND_RE = re.compile(r"^(S|[LR]([1-9]\d{0,2}))(?:([+-])([1-9]\d?)(t)?)?$")

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
# cos of 0, 5 ... 90 degrees, rounded to SCALE (written out, so no machine's cos can differ); the
# other quadrants follow by symmetry. The 15-degree values are those of every saved tree.
_QUADRANT = (
    SCALE, 996_195, 984_808, 965_926, 939_693, 906_308, 866_025, 819_152, 766_044, 707_107,
    642_788, 573_576, SCALE // 2, 422_618, 342_020, 258_819, 173_648, 87_156, 0,
)  # fmt: skip


def _cos_table() -> dict[int, int]:
    out = {}
    last = len(_QUADRANT) - 1
    for h in range(0, 360, FINE_STEP):
        q, r = divmod(h, 90)
        k = r // FINE_STEP
        c = (_QUADRANT[k], -_QUADRANT[last - k], -_QUADRANT[k], _QUADRANT[last - k])[q]
        out[h] = c
    return out


_COS = _cos_table()
_SIN = {h: _COS[(h - 90) % 360] for h in _COS}
HEADINGS = tuple(sorted(_COS))

Point = tuple[int, int]
Box = tuple[int, int, int, int]  # x0, y0, x1, y1


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


# --- bend keys ----------------------------------------------------------------------
def turn_name(turn: int) -> str:
    return "S" if turn == 0 else f"L{turn}" if turn > 0 else f"R{-turn}"


def bend_key(turn: int, steps: int | Fraction = 0) -> str:
    """The name of a choice: its turn, and for a stem moved along the edge the signed steps (whole,
    or in thirds of a step: "+4t")."""
    if not steps:
        return turn_name(turn)
    steps = Fraction(steps)
    if steps.denominator == 1:
        return f"{turn_name(turn)}{int(steps):+d}"
    if steps.denominator != 3:
        raise ValueError(f"not a third of a step: {steps}")
    return f"{turn_name(turn)}{steps.numerator:+d}t"


@cache
def parse_thirds(key: str) -> tuple[int, int]:
    """(turn in degrees, thirds of a step along the edge) of a bend key: ``parse_bend`` in integers."""
    turn, steps = parse_bend(key)
    return turn, int(steps * 3)


@cache
def parse_bend(key: str) -> tuple[int, Fraction]:
    """(turn in degrees, steps along the edge) of a bend key; ValueError if it names none."""
    m = _BEND_RE.match(key)
    if not m:
        raise ValueError(f"not a bend: {key!r}")
    name, degrees, sign, steps, thirds = m.groups()
    turn = 0 if name == "S" else int(degrees) * (1 if name[0] == "L" else -1)
    if degrees and (int(degrees) % FINE_STEP or turn not in _TURN_SET):
        raise ValueError(f"not a bend: {key!r}")
    if not steps:
        return turn, Fraction(0)
    n = Fraction(int(steps), 3 if thirds else 1) * (1 if sign == "+" else -1)
    if thirds and n.denominator != 3:  # "+3t" is written "+1"
        raise ValueError(f"not a bend: {key!r}")
    return turn, n


def _turn_words(turn: int) -> str:
    key = turn_name(turn)
    if key in BEND_WORDS:
        return BEND_WORDS[key]
    if turn > 0:
        return T("turned {degrees}° left", degrees=abs(turn))
    return T("turned {degrees}° right", degrees=abs(turn))


_TURN_SET = frozenset(FINE_TURNS + WIDE_TURNS)

_THIRDS = {0: "", 1: "⅓", 2: "⅔"}


def _steps_words(n: Fraction) -> str:
    """A number of steps in words: "1 step", "2 steps", "⅓ step", "1⅔ steps"."""
    whole, thirds = divmod(n.numerator * (3 // n.denominator), 3)
    text = f"{whole or ''}{_THIRDS[thirds]}" if thirds else f"{whole}"
    # the form of "step" follows the number: 1 or less is one step (⅓ step), more is several
    return N("{amount} step", "{amount} steps", 2 if n > 1 else 1, amount=text)


@cache
def bend_words(key: str, tip: str) -> str:
    """A choice in words, after the tip's name: "bent left"; "2 steps nearer its base, turned 45° right"."""
    turn, steps = parse_bend(key)
    words = _turn_words(turn)
    if not steps:
        return words
    amount = _steps_words(abs(steps))
    if tip == "straight":
        where = (
            T("{amount} to its left", amount=amount)
            if steps > 0
            else T("{amount} to its right", amount=amount)
        )
    else:
        where = (
            T("{amount} nearer its top", amount=amount)
            if steps > 0
            else T("{amount} nearer its base", amount=amount)
        )
    # TRANSLATORS: where a card's stem lies on a tip's edge, then how the card is turned
    return T("{where}, {turn}", where=where, turn=words)


# --- value types ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Placed:
    """A card on a tree: where its stem is, which way it points, what it grew from. ``legacy``: a card
    of a match saved by the grid model that found no legal spot when regrown, kept where it was put."""

    card: str
    x: int
    y: int
    heading: int
    parent: str | None = None  # None: the trunk
    tip: str | None = None  # the parent's tip it grew from
    legacy: bool = False


@dataclass(frozen=True, slots=True)
class Tip:
    """A branch tip: a point on a card's edge and the direction a card growing from it points.
    ``base`` is the card's own stem and heading (x, y, heading), from which the other points of the
    tip's edge are found (None: the tip alone, no point to slide to)."""

    card: str
    name: str  # left / straight / right, relative to the card's own heading
    x: int
    y: int
    direction: int
    base: tuple[int, int, int] | None = None

    @property
    def key(self) -> tuple[str, str]:
        return self.card, self.name


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a card would lie if grown from ``tip`` with ``bend``: one placement to choose."""

    tip: Tip
    bend: str  # the bend key: turn, and steps along the edge
    heading: int
    x: int  # the stem, where the card meets the tip's edge
    y: int
    corners: tuple[Point, ...]
    box: Box

    @property
    def extra(self) -> bool:
        """A further choice (finer turn or a moved stem), offered where no first choice is legal."""
        return self.bend not in BENDS

    @property
    def wide(self) -> bool:
        """A choice of the third revision (``wide_candidates``), offered where the tree has no other."""
        return self.bend in wide_bends(self.tip.name)


Tree = dict[str, Placed]  # card id -> placement, in the order placed (the trunk first)


def _box(points: tuple[Point, ...]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


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
    return tuple((x + dx, y + dy) for dx, dy in _shape(heading)[0])


@lru_cache(maxsize=200_000)
def card_box(x: int, y: int, heading: int) -> Box:
    return _box(corners(x, y, heading))


def tips(p: Placed, names: tuple[str, ...] | list[str]) -> list[Tip]:
    """The card's tips among ``names`` (the card's printed tips), in the order left, straight, right."""
    out = []
    for name in TIP_NAMES:
        if name in names:
            dx, dy = offset(p.heading, *TIP_POINT[name])
            direction = (p.heading + TIP_TURN[name]) % 360
            out.append(Tip(p.card, name, p.x + dx, p.y + dy, direction, (p.x, p.y, p.heading)))
    return out


def icons(p: Placed, features: list[str]) -> list[tuple[str, int, int]]:
    """Each printed feature of the card with the centre of its disc on the table."""
    out = []
    for f, (u, v) in zip(features, ICON_LAYOUTS[len(features)], strict=True):
        dx, dy = offset(p.heading, u, v)
        out.append((f, p.x + dx, p.y + dy))
    return out


def contact(tip: Tip, steps: int | Fraction) -> Point:
    """The point of the tip's edge ``steps`` slide steps (whole or thirds) from the tip (0: the tip)."""
    thirds = steps * 3
    if thirds != int(thirds):
        raise ValueError(f"no point {steps} steps from {tip.name} tip")
    return _contact(tip, int(thirds))


def _contact(tip: Tip, thirds: int) -> Point:
    """``contact`` with the steps in thirds."""
    if not thirds:
        return tip.x, tip.y
    if tip.base is None or abs(thirds) > EDGE_THIRDS[tip.name]:
        raise ValueError(f"no point {thirds}/3 steps from {tip.name} tip")
    bx, by, bh = tip.base
    u, v = TIP_POINT[tip.name]
    if tip.name == "straight":
        v += thirds * FINE_SLIDE
    else:
        u += thirds * FINE_SLIDE
    dx, dy = offset(bh, u, v)
    return bx + dx, by + dy


def edge_points(tip: Tip) -> dict[Point, int]:
    """Every point of the tip's edge a third of a step apart, corner to corner (the tip alone: the tip
    itself), with its thirds of a step from the tip."""
    if tip.base is None:
        return {(tip.x, tip.y): 0}
    n = EDGE_THIRDS[tip.name]
    return {_contact(tip, k): k for k in range(-n, n + 1)}


def spot(tip: Tip, bend: str) -> Spot:
    return _spot(tip, bend)


@lru_cache(maxsize=200_000)
def _spot(tip: Tip, bend: str) -> Spot:
    turn, thirds = parse_thirds(bend)
    heading = (tip.direction + turn) % 360
    x, y = _contact(tip, thirds)
    outline = corners(x, y, heading)
    return Spot(tip, bend, heading, x, y, outline, _box(outline))


@cache
def _shape(heading: int) -> tuple[tuple[Point, ...], Box]:
    """A card's corners and box from its stem, for this heading (``corners`` less the stem)."""
    outline = _outline(0, 0, heading, _OUTLINE)
    return outline, _box(outline)


# A spot not built yet: (bend, heading, stem x, stem y, corners less the stem, box).
Candidate = tuple[str, int, int, int, tuple[Point, ...], Box]


def static_spots(
    tip: Tip, bends: tuple[str, ...], parent_icons: tuple[tuple[str, int, int], ...]
) -> list[Spot]:
    """The spots of ``tip`` among ``bends`` that stay on the table and cover no feature of the parent
    (what does not depend on the other cards), as ``spot`` would give them."""
    return [build(tip, c) for c in static_candidates(tip, bends, parent_icons)]


def build(tip: Tip, c: Candidate, corners: tuple[Point, ...] | None = None) -> Spot:
    bend, heading, x, y, outline, box = c
    return Spot(tip, bend, heading, x, y, corners or tuple((x + dx, y + dy) for dx, dy in outline), box)


def static_candidates(
    tip: Tip, bends: tuple[str, ...], parent_icons: tuple[tuple[str, int, int], ...]
) -> list[Candidate]:
    """``static_spots`` before the spots are built (the search builds only the legal ones).

    Whether a spot covers a feature does not depend on where the parent lies: the spot and the
    features are the parent's stem plus the same integer offsets for every parent with that heading
    and that many features. So that part is worked out once (``_uncovered``) and each tip only adds
    its stem and tests the table's edge and width."""
    if tip.base is None:  # a tip given alone (no parent card): tested directly
        return [
            (s.bend, s.heading, s.x, s.y, _shape(s.heading)[0], s.box)
            for b in bends
            if on_table(s := spot(tip, b)) and not covered_features(s, list(parent_icons))
        ]
    bx, by, bh = tip.base
    rel = tuple((cx - bx, cy - by) for _f, cx, cy in parent_icons)
    out = []
    h = TABLE_HALF_WIDTH
    for bend, heading, cx, cy, outline, (ox0, oy0, ox1, oy1) in _uncovered(tip.name, bh, rel, bends):
        x, y = bx + cx, by + cy
        x0, y0, x1, y1 = x + ox0, y + oy0, x + ox1, y + oy1
        if y0 < 0 or x0 < -h or x1 > h:
            continue
        out.append((bend, heading, x, y, outline, (x0, y0, x1, y1)))
    return out


@lru_cache(maxsize=32768)
def _uncovered(name: str, heading: int, icons: tuple[Point, ...], bends: tuple[str, ...]) -> tuple:
    """For a parent with its stem at the origin, this heading and features at ``icons``: the choices
    among ``bends`` from its ``name`` tip that cover none of them, as (bend, heading, stem, corners
    and box from the stem)."""
    dx, dy = offset(heading, *TIP_POINT[name])
    tip = Tip("", name, dx, dy, (heading + TIP_TURN[name]) % 360, (0, 0, heading))
    r = ICON_RADIUS
    out = []
    for bend in bends:
        turn, thirds = parse_thirds(bend)
        h = (tip.direction + turn) % 360
        x, y = _contact(tip, thirds)
        outline, box = _shape(h)
        x0, y0, x1, y1 = x + box[0], y + box[1], x + box[2], y + box[3]
        pts = tuple((x + ex, y + ey) for ex, ey in outline)
        if not any(
            x0 - r < cx < x1 + r and y0 - r < cy < y1 + r and disc_meets_polygon(cx, cy, r, pts)
            for cx, cy in icons
        ):
            out.append((bend, h, x, y, outline, box))
    return tuple(out)


def further_candidates(tip_name: str, fine: bool = True) -> tuple[tuple[str, ...], ...]:
    """The further choices of a tip, in stages tried in turn when no first choice is legal: the finer
    turns with the stem on the tip, then every turn with the stem 1, 2 ... steps along the edge; then
    (``fine``, the last resort) the points a third of a step apart, the nearest first: every
    FINE_STEP degrees not tried yet where the stem was (on the tip, whole steps along the edge), every
    TURN_STEP degrees at the points between. (Then, for a tree where none of all this fits on any
    tip: ``wide_candidates``.)"""
    coarse, last, _wide = _further(tip_name)
    return coarse + last if fine else coarse


def wide_candidates(tip_name: str) -> tuple[tuple[str, ...], ...]:
    """The choices of a tip that a tree takes only when no tip of it has any other (the third
    revision: any orientation, as the rulebook allows), in stages tried in turn: every FINE_STEP
    degrees up to MAX_TURN not tried before at every point a third of a step apart along the whole
    edge, corner to corner; then every FINE_STEP degrees beyond MAX_TURN up to WIDE_TURN either way
    (the card turned back over its parent's bare end) at those points; the nearest points first."""
    return _further(tip_name)[2]


@cache
def wide_bends(tip_name: str) -> frozenset[str]:
    return frozenset(b for stage in wide_candidates(tip_name) for b in stage)


def _points(n: int) -> tuple[Fraction, ...]:
    """The points ``n`` thirds of a step either way of the tip: the tip itself, or one each way."""
    return (Fraction(n, 3), Fraction(-n, 3)) if n else (Fraction(0),)


@cache
def _further(tip_name: str) -> tuple[tuple[tuple[str, ...], ...], ...]:
    coarse = [tuple(bend_key(t) for t in TURNS if bend_key(t) not in BENDS)]
    for n in range(1, SLIDES[tip_name] + 1):
        coarse.append(tuple(bend_key(t, k) for k in (n, -n) for t in TURNS))
    tried = {b for stage in coarse for b in stage} | set(BENDS)
    fine = []
    for n in range(0, 3 * SLIDES[tip_name] + 1):
        turns = TURNS if n % 3 else FINE_TURNS  # 5-degree turns where the stem was, 15 in between
        stage = tuple(b for k in _points(n) for t in turns if (b := bend_key(t, k)) not in tried)
        fine.append(stage)
    tried |= {b for stage in fine for b in stage}
    wide = []
    for turns in (FINE_TURNS, WIDE_TURNS):
        for n in range(0, EDGE_THIRDS[tip_name] + 1):
            stage = tuple(b for k in _points(n) for t in turns if (b := bend_key(t, k)) not in tried)
            if stage:
                wide.append(stage)
    return tuple(coarse), tuple(fine), tuple(wide)


def bend_between(tip: Tip, heading: int, x: int | None = None, y: int | None = None) -> str | None:
    """The bend key that grows a card from ``tip`` with this heading (and its stem at (x, y), by
    default the tip itself), or None if no choice of that tip does."""
    turn = (heading - tip.direction + 179) % 360 - 179  # -175 ... 180: "L180", never "R180"
    if turn not in _TURN_SET:
        return None
    if x is None or (x, y) == (tip.x, tip.y):
        return bend_key(turn)
    if tip.base is None:
        return None
    for k in range(-EDGE_THIRDS[tip.name], EDGE_THIRDS[tip.name] + 1):
        if k and contact(tip, Fraction(k, 3)) == (x, y):
            return bend_key(turn, Fraction(k, 3))
    return None


# --- integer predicates -------------------------------------------------------------
def _axes(poly: tuple[Point, ...]) -> list[Point]:
    out = []
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        out.append((y1 - y0, x0 - x1))
    return out


def polygons_meet(a: tuple[Point, ...], b: tuple[Point, ...]) -> bool:
    """Whether two convex polygons share a point (overlap or touch): no edge normal separates them."""
    for ax, ay in _axes(a) + _axes(b):
        pa = [ax * x + ay * y for x, y in a]
        pb = [ax * x + ay * y for x, y in b]
        if max(pa) < min(pb) or max(pb) < min(pa):
            return False
    return True


def _near_segment(px: int, py: int, ax: int, ay: int, bx: int, by: int, g2: int) -> bool:
    """Whether (px, py) lies within sqrt(g2) of the segment a-b (exact, integers)."""
    ex, ey = bx - ax, by - ay
    qx, qy = px - ax, py - ay
    t = ex * qx + ey * qy
    if t <= 0:
        return qx * qx + qy * qy <= g2
    ee = ex * ex + ey * ey
    if t >= ee:
        rx, ry = px - bx, py - by
        return rx * rx + ry * ry <= g2
    c = ex * qy - ey * qx
    return c * c <= g2 * ee


def _quads_parted(a: tuple[Point, ...], b: tuple[Point, ...], g2: int) -> bool | None:
    """The edge-normal pass of ``polygons_within`` for two quadrilaterals: None if some normal parts
    them by more than sqrt(g2), else whether some normal parts them at all."""
    (a0x, a0y), (a1x, a1y), (a2x, a2y), (a3x, a3y) = a
    (b0x, b0y), (b1x, b1y), (b2x, b2y), (b3x, b3y) = b
    parted = False
    for x0, y0, x1, y1 in (
        (a0x, a0y, a1x, a1y),
        (a1x, a1y, a2x, a2y),
        (a2x, a2y, a3x, a3y),
        (a3x, a3y, a0x, a0y),
        (b0x, b0y, b1x, b1y),
        (b1x, b1y, b2x, b2y),
        (b2x, b2y, b3x, b3y),
        (b3x, b3y, b0x, b0y),
    ):
        ax = y1 - y0
        ay = x0 - x1
        p0 = ax * a0x + ay * a0y
        p1 = ax * a1x + ay * a1y
        p2 = ax * a2x + ay * a2y
        p3 = ax * a3x + ay * a3y
        q0 = ax * b0x + ay * b0y
        q1 = ax * b1x + ay * b1y
        q2 = ax * b2x + ay * b2y
        q3 = ax * b3x + ay * b3y
        d = min(q0, q1, q2, q3) - max(p0, p1, p2, p3)
        e = min(p0, p1, p2, p3) - max(q0, q1, q2, q3)
        if e > d:
            d = e
        if d > 0:
            if d * d > g2 * (ax * ax + ay * ay):
                return None
            parted = True
    return parted


def polygons_within(a: tuple[Point, ...], b: tuple[Point, ...], gap: int) -> bool:
    """Whether two convex polygons come within ``gap`` of each other: the true distance between the
    outlines (overlapping polygons are at distance 0). No separating edge normal: they meet. A normal
    that parts them by more than ``gap``: they are further apart than that. Otherwise two convex
    shapes apart are nearest at a corner of one and an edge of the other, so corners against edges
    both ways tell it exactly."""
    g2 = gap * gap
    if len(a) == 4 and len(b) == 4:  # cards: the same test unrolled (it is most of the time of a game)
        parted = _quads_parted(a, b, g2)
        if parted is None:
            return False
    else:
        parted = False
        for poly in (a, b):
            n = len(poly)
            for i in range(n):
                x0, y0 = poly[i]
                x1, y1 = poly[(i + 1) % n]
                ax, ay = y1 - y0, x0 - x1
                pa = [ax * x + ay * y for x, y in a]
                pb = [ax * x + ay * y for x, y in b]
                d = max(min(pb) - max(pa), min(pa) - max(pb))
                if d > 0:
                    if d * d > g2 * (ax * ax + ay * ay):
                        return False
                    parted = True
    if not parted:
        return True
    for p, q in ((a, b), (b, a)):
        edges = [(*q[i], *q[(i + 1) % len(q)]) for i in range(len(q))]
        for px, py in p:
            for ax, ay, bx, by in edges:
                if _near_segment(px, py, ax, ay, bx, by, g2):
                    return True
    return False


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
    """Whether the card at ``s`` would touch ``other``: come within TOUCH_GAP of it (true distance)."""
    return touches_outline(
        s, card_box(other.x, other.y, other.heading), corners(other.x, other.y, other.heading)
    )


def touches_outline(s: Spot, box: Box, outline: tuple[Point, ...]) -> bool:
    """``touches`` for a card given by its box and corners (a tree's cards, looked up once)."""
    ox0, oy0, ox1, oy1 = box
    x0, y0, x1, y1 = s.box
    g = TOUCH_GAP
    if x0 > ox1 + g or ox0 > x1 + g or y0 > oy1 + g or oy0 > y1 + g:
        return False
    return outlines_touch(s.corners, outline)


def outlines_touch(a: tuple[Point, ...], b: tuple[Point, ...]) -> bool:
    """Whether two cards (their corners) come within TOUCH_GAP of each other, boxes already near."""
    # Centres nearer than a card's width: the discs of radius (nearly) half a width inside both cards
    # overlap, so the cards do (the corners' rounding moves an edge by under a unit; 990, not 1000).
    cx = a[0][0] + a[2][0] - b[0][0] - b[2][0]  # twice the centres' distance, in each axis
    cy = a[0][1] + a[2][1] - b[0][1] - b[2][1]
    if cx * cx + cy * cy < _DEEP:
        return True
    return polygons_within(a, b, TOUCH_GAP)


_DEEP = (2 * (CARD_WIDTH - 10)) ** 2


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

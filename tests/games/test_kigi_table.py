"""Kigi's table (games/kigi/table.py): rotation, overlap, touching, covering a feature, the table's edge
and width, exactness - and the rulebook's example of placing a tree card."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import REGISTRY
from games.kigi import rules, table
from games.kigi.table import Placed, Problems
from tests.games import kigi_search as search

GAME = REGISTRY["kigi"]


def tip(tree: table.Tree, card: str, name: str) -> table.Tip:
    return next(t for t in rules.card_tips(tree[card]) if t.name == name)


def check(tree: table.Tree, card: str, name: str, bend: str) -> Problems:
    """What is wrong with a card grown from ``card``'s tip ``name`` with ``bend``."""
    return table.problems(tree, table.spot(tip(tree, card, name), bend), list(rules.card_icons(tree[card])))


def grow(tree: table.Tree, cid: str, parent: str, name: str, bend: str) -> None:
    assert not check(tree, parent, name, bend), f"{cid} from {parent}'s {name} tip, {bend}"
    t = tip(tree, parent, name)
    tree[cid] = Placed(cid, t.x, t.y, table.spot(t, bend).heading, parent, name)


# --- rotation -------------------------------------------------------------------
def test_rotation_by_quarter_turns_is_exact() -> None:
    assert table.offset(0, 1400, 500) == (1400, 500)  # heading 0: u along +x, v along +y
    assert table.offset(90, 1400, 500) == (-500, 1400)
    assert table.offset(180, 1400, 500) == (-1400, -500)
    assert table.offset(270, 1400, 500) == (500, -1400)


@pytest.mark.parametrize("heading", table.HEADINGS)
def test_rotation_keeps_lengths_and_angles(heading: int) -> None:
    x, y = table.offset(heading, 1000, 0)
    assert abs(math.hypot(x, y) - 1000) <= 1
    assert abs(math.degrees(math.atan2(y, x)) % 360 - heading) < 0.1 or (heading == 0 and abs(y) <= 1)
    # v is a quarter turn anticlockwise from u: to the card's left.
    vx, vy = table.offset(heading, 0, 1000)
    assert abs(x * vx + y * vy) <= 1000 and x * vy - y * vx > 0


def test_the_trunk_stands_on_the_edge() -> None:
    trunk = Placed("k1", 0, 0, 90)
    assert table.corners(0, 0, 90) == ((500, 0), (500, 1400), (-500, 1400), (-500, 0))
    tips = {t.name: (t.x, t.y, t.direction) for t in rules.card_tips(trunk)}
    side, turn = table.SIDE_TIP, table.TIP_TURN["left"]
    assert tips == {
        "left": (-500, side, 90 + turn),
        "straight": (0, 1400, 90),
        "right": (500, side, 90 - turn),
    }


def test_a_turned_card_carries_its_tips_and_features() -> None:
    card = Placed("t30", 0, 1400, 120)  # bent left from the trunk's straight tip
    corners = table.corners(0, 1400, 120)
    # The base runs through the stem; the far edge is a card's length away along the heading.
    assert corners[0] == (433, 1650) and corners[3] == (-433, 1150)
    straight = next(t for t in rules.card_tips(card) if t.name == "straight")
    assert (straight.x, straight.y, straight.direction) == (-700, 1400 + 1212, 120)
    for _f, x, y in rules.card_icons(card):  # every feature lies on the card
        assert table.disc_meets_polygon(x, y, 1, corners)


def test_bend_between_names_the_turn_from_a_tip() -> None:
    t = table.Tip("k1", "straight", 0, 1400, 90)
    assert [table.bend_between(t, h) for h in (150, 120, 90, 60, 30)] == ["L60", "L30", "S", "R30", "R60"]
    assert [table.bend_between(t, h) for h in (180, 165, 135, 105, 75, 45, 15, 0)] == [
        "L90", "L75", "L45", "L15", "R15", "R45", "R75", "R90"
    ]  # fmt: skip
    # Any orientation (the third revision): turned back up to a half turn, which is "L180" only.
    assert [table.bend_between(t, h) for h in (270, 190, 200, 355, 275)] == [
        "L180",
        "L100",
        "L110",
        "R95",
        "R175",
    ]
    assert table.bend_between(t, 91) is None and table.bend_between(t, 93) is None
    assert table.parse_bend("L180") == (180, 0) and table.parse_bend("R175-14t") == (-175, Fraction(-14, 3))
    for bad in ("R180", "L185", "L1800", "L95+15t", "S-11t"):
        with pytest.raises(ValueError):
            (table.parse_bend(bad), table.spot(t, bad) if "t" in bad else None)


def test_further_choices_slide_the_stem_along_the_tip_edge() -> None:
    trunk = Placed("k1", 0, 0, 90)
    right = tip(rules.new_tree("k1"), "k1", "right")
    straight = tip(rules.new_tree("k1"), "k1", "straight")
    # Along a side: towards the card's top (+) or its base (-), SLIDE_STEP at a time.
    assert table.contact(right, 0) == (500, table.SIDE_TIP)
    assert table.contact(right, 2) == (500, table.SIDE_TIP + 2 * table.SLIDE_STEP)
    assert table.contact(right, -4) == (500, 100)
    # Along the top edge: to the card's left (+) or right (-).
    assert table.contact(straight, 3) == (-450, 1400) and table.contact(straight, -1) == (150, 1400)
    with pytest.raises(ValueError):
        table.contact(straight, 4)  # off the edge
    s = table.spot(right, "L45-2")
    assert (s.x, s.y, s.heading) == (500, 400, (right.direction + 45) % 360) and s.extra
    assert table.bend_between(right, s.heading, s.x, s.y) == "L45-2"
    assert table.bend_between(right, s.heading, 501, 400) is None  # not a point of the edge
    assert not table.spot(right, "R30").extra
    stages = table.further_candidates("right")
    assert stages[0] == ("L90", "L75", "L45", "L15", "R15", "R45", "R75", "R90")
    coarse = table.further_candidates("right", fine=False)
    assert len(coarse) == 1 + table.SLIDES["right"] and all(len(x) == 26 for x in coarse[1:])
    assert coarse[1][:2] == ("L90+1", "L75+1") and coarse[1][13] == "L90-1"  # the nearest points first
    # The last resort, after all of those, a third of a step at a time along the edge (nearest
    # first): every 5 degrees not tried yet where the stem was (on the tip, whole steps), every 15
    # degrees at the points between.
    fine = stages[len(coarse) :]
    assert stages[: len(coarse)] == coarse and len(fine) == 1 + 3 * table.SLIDES["right"]
    assert fine[0][:3] == ("L85", "L80", "L70") and len(fine[0]) == 24  # 37 turns, less the 13 tried
    assert fine[1][:2] == ("L90+1t", "L75+1t") and fine[1][13] == "L90-1t" and len(fine[1]) == 26
    assert fine[3][:2] == ("L85+1", "L80+1") and len(fine[3]) == 48  # a whole step: 15-degree turns tried
    every = [b for stage in (tuple(table.BENDS), *stages) for b in stage]
    assert len(every) == len(set(every)) == 37 * (1 + 2 * 4) + 13 * 2 * 2 * 4
    # Action ids carry the key: never the bot's separators ("/" joins steps, ":" parts an id).
    assert all(b.isascii() and "/" not in b and ":" not in b for b in every)
    s = table.spot(right, "R45-4t")
    assert (s.x, s.y, s.heading) == (500, table.SIDE_TIP - 200, (right.direction - 45) % 360) and s.extra
    assert table.bend_between(right, s.heading, s.x, s.y) == "R45-4t"
    s = table.spot(right, "R35-1")
    assert (s.x, s.y, s.heading) == (500, table.SIDE_TIP - 150, (right.direction - 35) % 360) and s.extra
    assert table.bend_between(right, s.heading, s.x, s.y) == "R35-1"
    assert table.parse_bend("R90-3") == (-90, -3) and table.parse_bend("S") == (0, 0)
    assert table.parse_bend("L35+4t") == (35, Fraction(4, 3))
    for bad in ("L22", "X", "S+0", "L30+", "", "R185", "L92", "L05", "S+3t", "S+1/2", "S-4/3", "L5+t"):
        with pytest.raises(ValueError):
            table.parse_bend(bad)
    assert table.bend_words("L45-2", "right") == "2 steps nearer its base, turned 45° left"
    assert table.bend_words("S+1", "straight") == "1 step to its left, straight on"
    assert table.bend_words("R35-4t", "right") == "1⅓ steps nearer its base, turned 35° right"
    assert table.bend_words("L5+2t", "straight") == "⅔ step to its left, turned 5° left"
    assert trunk.legacy is False


# --- overlap and touching ---------------------------------------------------------
def test_polygons_meet_when_they_overlap_or_touch() -> None:
    square = ((0, 0), (100, 0), (100, 100), (0, 100))
    assert table.polygons_meet(square, ((50, 50), (150, 50), (150, 150), (50, 150)))  # overlap
    assert table.polygons_meet(square, ((100, 0), (200, 0), (200, 100), (100, 100)))  # a shared edge
    assert table.polygons_meet(square, ((100, 100), (200, 100), (200, 200), (100, 200)))  # a corner
    assert not table.polygons_meet(square, ((101, 0), (200, 0), (200, 100), (101, 100)))
    diamond = ((150, 60), (200, 110), (150, 160), (100, 110))  # apart, though the boxes overlap
    assert not table.polygons_meet(square, diamond)


card_st = st.tuples(st.integers(-3000, 3000), st.integers(0, 4000), st.sampled_from(table.HEADINGS))


def _float_distance(a: tuple, b: tuple) -> float:
    """Distance between two convex polygons in floating point, for checking the integer test."""

    def seg(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
        ex, ey = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)))
        return math.hypot(px - ax - t * ex, py - ay - t * ey)

    if table.polygons_meet(a, b):
        return 0.0
    return min(seg(*p, *q[i], *q[(i + 1) % 4]) for p_, q in ((a, b), (b, a)) for p in p_ for i in range(4))


@settings(max_examples=300, deadline=None)
@given(a=card_st, dx=st.integers(-2600, 2600), dy=st.integers(-2600, 2600), h=st.sampled_from(table.HEADINGS))
def test_touching_is_the_true_distance_between_the_outlines(a, dx, dy, h) -> None:
    """Two cards touch when their outlines come within TOUCH_GAP: the true distance, corners round."""
    ca, cb = table.corners(*a), table.corners(a[0] + dx, a[1] + dy, h)
    d = _float_distance(ca, cb)
    if abs(d - table.TOUCH_GAP) > 1e-6:
        assert table.polygons_within(ca, cb, table.TOUCH_GAP) == (d <= table.TOUCH_GAP), d


@settings(max_examples=300, deadline=None)
@given(a=card_st, dx=st.integers(-1500, 1500), dy=st.integers(-1500, 1500), h=st.sampled_from(table.HEADINGS))
def test_the_touch_test_of_a_spot_is_the_true_distance_too(a, dx, dy, h) -> None:
    """``touches_outline`` (what the search uses: boxes apart, centres nearer than a card's width,
    then the outlines) agrees with the distance between the outlines, cards deep in each other too."""
    s = table.spot(table.Tip("k1", "straight", a[0], a[1], a[2]), "S")
    other = table.corners(a[0] + dx, a[1] + dy, h)
    d = _float_distance(s.corners, other)
    if abs(d - table.TOUCH_GAP) > 1e-6:
        assert table.touches_outline(s, table._box(other), other) == (d <= table.TOUCH_GAP), d


@settings(max_examples=60, deadline=None)
@given(p=card_st, name=st.sampled_from(table.TIP_NAMES), features=st.integers(1, 5))
def test_static_spots_are_the_spots_on_the_table_that_cover_no_feature(p, name, features) -> None:
    """``static_spots`` (worked out once per heading and tip, then moved to the parent's stem) gives
    exactly the candidates ``on_table`` and ``covered_features`` keep, in order."""
    parent = Placed("t01", *p)
    tip = table.tips(parent, [name])[0]
    icons = tuple(table.icons(parent, ["pink"] * features))
    bends = tuple(table.BENDS) + tuple(b for stage in table.further_candidates(name) for b in stage)
    kept = [
        s
        for b in bends
        if table.on_table(s := table.spot(tip, b)) and not table.covered_features(s, list(icons))
    ]
    assert table.static_spots(tip, bends, icons) == kept


def test_cards_near_a_corner_are_apart_by_their_true_gap() -> None:
    """Diagonally off a corner, a gap of 22.6 (16 along each axis) is no touch; the old test grew the
    card as a square-cornered rectangle and called it touching."""
    trunk = Placed("k1", 0, 0, 90)  # its upper right corner at (500, 1400)
    assert table.corners(0, 0, 90)[1] == (500, 1400)
    far = table.spot(table.Tip("k1", "right", 516, 1916, 0), "S")  # a flat card, its corner at (516, 1416)
    assert far.corners[0] == (516, 1416) and math.hypot(16, 16) > table.TOUCH_GAP
    assert not table.touches(far, trunk)
    near = table.spot(table.Tip("k1", "right", 512, 1912, 0), "S")  # 17 off the corner: touches
    assert table.touches(near, trunk)


def test_cards_closer_than_the_gap_touch() -> None:
    tree = {"k1": Placed("k1", 0, 0, 90), "x": Placed("x", 3000, 0, 90)}  # a card 3000 to the right
    t = table.Tip("k1", "right", 500, 700, 0)
    s = table.spot(t, "S")  # a card lying flat from x = 500 to 1900
    assert not table.touches(s, tree["x"])
    for gap, touching in ((table.TOUCH_GAP + 1, False), (table.TOUCH_GAP - 1, True), (0, True), (-50, True)):
        other = Placed("x", 1900 + 500 + gap, 0, 90)  # its left edge at 1900 + gap
        assert table.touches(s, other) == touching, gap


def test_disc_meets_polygon() -> None:
    square = ((0, 0), (100, 0), (100, 100), (0, 100))
    assert table.disc_meets_polygon(50, 50, 1, square)  # the centre inside
    assert table.disc_meets_polygon(120, 50, 21, square) and not table.disc_meets_polygon(120, 50, 20, square)
    assert table.disc_meets_polygon(110, 110, 15, square) and not table.disc_meets_polygon(
        110, 110, 14, square
    )


# --- covering a feature, the table's edge and width ---------------------------------
def test_a_card_may_lie_over_its_parent_but_not_over_its_features() -> None:
    tree = rules.new_tree("k1")
    grow(tree, "t12", "k1", "straight", "S")  # butterfly, purple, red blossom (the red highest)
    # Bent sharply right from t12's left tip, the card lies up t12's left half, over the red blossom.
    assert check(tree, "t12", "left", "R60").covers == ("red",)
    # Straight on, it lies over t12's upper-left corner only: allowed.
    s = table.spot(tip(tree, "t12", "left"), "S")
    assert table.polygons_meet(s.corners, table.corners(*(lambda p: (p.x, p.y, p.heading))(tree["t12"])))
    assert not check(tree, "t12", "left", "S")


def test_the_table_edge() -> None:
    tree = rules.new_tree("k1")
    assert check(tree, "k1", "left", "L60").over_edge  # the trunk's left tip, bent down towards the edge
    assert check(tree, "k1", "right", "R60").over_edge
    assert not check(tree, "k1", "left", "S").over_edge


def test_the_table_width() -> None:
    tree = rules.new_tree("k1")
    grow(tree, "t01", "k1", "left", "L30")  # lies flat along the edge, pointing left
    grow(tree, "t06", "t01", "straight", "S")
    grow(tree, "t11", "t06", "straight", "S")
    assert tree["t11"].heading == 180
    p = check(tree, "t11", "straight", "S")  # a fourth card would reach past 5500 to the left
    assert p.beyond_width and not p.over_edge and not p.touches
    assert table.card_box(tree["t11"].x, tree["t11"].y, 180)[0] >= -table.TABLE_HALF_WIDTH


def test_a_tip_under_or_against_another_card_is_not_free() -> None:
    tree = rules.new_tree("k1")
    left = tip(tree, "k1", "left")
    assert left in rules.free_tips(tree) and not table.tip_blocked(left, tree)
    # A card lying over the trunk's left tip (put there by hand: pure geometry), then one just beside it.
    for x, blocked in (
        (-900, True),
        (-500 - 500 - table.TOUCH_GAP + 1, True),
        (-500 - 500 - table.TOUCH_GAP - 1, False),
    ):
        other = {**tree, "t01": Placed("t01", x, 200, 90, "k1", "straight")}
        assert table.tip_blocked(left, other) == blocked, x
        assert (left in rules.free_tips(other)) == (not blocked)


# --- the rulebook's example of placing a tree card ------------------------------------
def _example_tree() -> table.Tree:
    """A trunk, card 12 on it (butterfly, purple flower, red blossom), card 5 leaning left on card 12."""
    tree = rules.new_tree("k1")
    grow(tree, "t12", "k1", "straight", "S")
    grow(tree, "t05", "t12", "straight", "L30")
    return tree


def test_rulebook_placing_example() -> None:
    """You test a few locations for the card you took to see if they are legal."""
    tree = _example_tree()
    # One location hangs over the edge of the table, so it is illegal.
    over = check(tree, "k1", "right", "R60")
    assert over == Problems(over_edge=True)
    # Another visibly overlaps more than one card and partially covers a feature on the card
    # underneath (a red blossom), so it is illegal.
    both = check(tree, "t12", "left", "R60")
    assert both.covers == ("red",) and both.touches == ("t05",) and not both.over_edge
    # Another directly touches one card, doesn't cover a feature, and doesn't overhang the table:
    # it is allowed.
    good = check(tree, "t05", "straight", "S")
    assert not good
    s = table.spot(tip(tree, "t05", "straight"), "S")
    touched = [
        c for c, p in tree.items() if table.polygons_meet(s.corners, table.corners(p.x, p.y, p.heading))
    ]
    assert touched == ["t05"]
    # The engine offers exactly the legal ones.
    room = rules.room(tree)
    assert "R60" not in [x.bend for x in room[("k1", "right")]]
    assert "R60" not in [x.bend for x in room[("t12", "left")]]
    assert "S" in [x.bend for x in room[("t05", "straight")]]


def test_rulebook_placing_example_played() -> None:
    """You decide to place it in this last spot, extending a new branch from the card below."""
    s = GAME.new_state(2, 4, {})
    tree = s.trees[0]
    trunk = rules.trunk_of(tree)
    for cid, parent, name, bend in (("t12", trunk, "straight", "S"), ("t05", "t12", "straight", "L30")):
        s.deck.remove(cid) if cid in s.deck else s.display.remove(cid)
        t = tip(tree, parent, name)
        tree[cid] = Placed(cid, t.x, t.y, table.spot(t, bend).heading, parent, name)
    if "t30" in s.deck:
        s.deck.remove("t30")
        s.deck.append(s.display.pop())
        s.display.append("t30")
    s._rooms[0] = None
    s.check_invariants()
    me = s.current
    s.apply(me, "take:t30")
    if s.pending_tree != 0:
        s.apply(me, "tree:0")
    spots = [a.id for a in s.legal_actions(me)]
    assert f"place:{trunk}:right:S" in spots and "place:t12:left:L30" in spots
    assert "place:t12:left:R60" not in spots  # covers the red blossom
    s.apply(me, "place:t05:straight:S")
    placed = s.trees[0]["t30"]
    assert (placed.parent, placed.tip, placed.heading) == ("t05", "straight", 120)
    s.check_invariants()


# --- exactness ----------------------------------------------------------------------
def test_trees_are_integers_and_survive_json_exactly() -> None:
    from tests.contract import play_random

    s = play_random(GAME, 3, 11, {"advanced": False})
    data = s.to_json()
    assert json.loads(json.dumps(data)) == data
    for t in data["trees"]:
        for card, x, y, heading, _parent, _tip, *legacy in t:
            assert legacy in ([], [True])
            assert isinstance(x, int) and isinstance(y, int) and heading in table.HEADINGS, card
    twin = GAME.load_state(json.loads(json.dumps(data)))
    assert [rules.room(t) for t in twin.trees] == [rules.room(t) for t in s.trees]


# --- the third revision: any orientation where a tree has no other spot (issue 36) ----------------
# Trees that random play met with free tips and no spot under the second revision (bench/kigi_table.py's
# play, issue 24's survey: seeds 235, 239, 445, 469; fresh seeds 10060 and 10034), as they stood then:
# (players, advanced, seed) -> the cards after the trunk (card, stem x, y, heading, parent, its tip).
SURVEY_TREES = {
    (2, True, 235): [
        ("t13", 0, 1400, 150, "k1", "straight"),
        ("t23", -856, 1317, 210, "t13", "left"),
        ("t28", 500, 700, 0, "k1", "right"),
    ],
    (2, True, 239): [
        ("t18", 0, 1400, 90, "k1", "straight"),
        ("t01", 500, 2100, 330, "t18", "right"),
        ("t09", 1712, 1400, 0, "t01", "straight"),
        ("t29", 2412, 1900, 30, "t09", "left"),
        ("t11", 3624, 2600, 0, "t29", "straight"),
        ("t21", 3658, 2042, 270, "t29", "right"),
        ("t14", 3658, 642, 0, "t21", "straight"),
        ("t23", -500, 700, 180, "k1", "left"),
    ],
    (3, True, 445): [
        ("t28", 0, 1400, 90, "k3", "straight"),
        ("t29", 500, 2100, 330, "t28", "right"),
        ("t03", -500, 700, 180, "k3", "left"),
        ("t08", 1712, 1400, 270, "t29", "straight"),
    ],
    (2, True, 469): [
        ("t03", -500, 700, 150, "k1", "left"),
        ("t07", 0, 1400, 30, "k1", "straight"),
        ("t23", -1356, 617, 180, "t03", "left"),
        ("t06", 1212, 2100, 30, "t07", "straight"),
        ("t11", 2424, 2800, 0, "t06", "straight"),
        ("t21", 3824, 2800, 0, "t11", "straight"),
        ("t28", 856, 1317, 330, "t07", "right"),
    ],
    (3, True, 10060): [
        ("t28", 0, 1400, 60, "k1", "straight"),
        ("t22", 783, 1756, 30, "t28", "right"),
        ("t03", -500, 700, 180, "k1", "left"),
        ("t08", 1995, 2456, 30, "t22", "straight"),
        ("t23", 1639, 1673, 270, "t22", "right"),
        ("t18", 2851, 2373, 270, "t08", "right"),
    ],
    (4, False, 10034): [
        ("t11", 0, 1400, 30, "k1", "straight"),
        ("t16", 1212, 2100, 330, "t11", "straight"),
        ("t29", 2424, 1400, 270, "t16", "straight"),
        ("t09", 500, 550, 0, "k1", "right"),
        ("t23", -500, 700, 180, "k1", "left"),
    ],
}
# Issue 36's freeze on purpose, three placements on a bare tree: card 3 on the trunk's straight tip
# turned 60 left, card 13 on card 3's left tip straight on, card 8 on the trunk's right tip turned 30
# right. Under the second revision no tip had a spot, and in a 2-player game both trees could be
# frozen so in 6 placements, after which every tree card was discarded.
TRIO = [("t03", "k1", "straight", "L60"), ("t13", "t03", "left", "S"), ("t08", "k1", "right", "R30")]


def _survey_tree(trunk: str, rows: list[tuple]) -> table.Tree:
    return {trunk: Placed(trunk, 0, 0, table.TRUNK_HEADING), **{r[0]: Placed(*r) for r in rows}}


def _trio_tree() -> table.Tree:
    tree = rules.new_tree("k1")
    for cid, parent, name, bend in TRIO:
        grow(tree, cid, parent, name, bend)
    return tree


def _within_90(tree: table.Tree) -> list[str]:
    """Every legal spot of the second revision on any unused tip (five bends, further choices)."""
    used = rules.used_tips(tree)
    out = []
    for p in tree.values():
        for t in rules.card_tips(p):
            if t.key not in used:
                bends = tuple(table.BENDS) + tuple(b for s in table.further_candidates(t.name) for b in s)
                icons = list(rules.card_icons(p))
                out += [f"{t.key}:{b}" for b in bends if not table.problems(tree, table.spot(t, b), icons)]
    return out


def _trees() -> list[tuple[str, table.Tree]]:
    trees = [
        (f"seed {seed}", _survey_tree(rows[0][4], rows)) for (_n, _a, seed), rows in SURVEY_TREES.items()
    ]
    return [*trees, ("the trio", _trio_tree())]


@pytest.mark.parametrize("name, tree", _trees(), ids=lambda x: x if isinstance(x, str) else "")
def test_trees_full_within_90_degrees_take_a_card_turned_further_as_an_independent_search_finds(
    name: str, tree: table.Tree
) -> None:
    """Each tree the survey met frozen, and the trio frozen on purpose, had no spot within 90 degrees
    (checked here candidate by candidate with ``table.problems``). Now each offers spots turned
    further, and on exactly the tips where an independent search in floating point
    (tests/games/kigi_search.py: every 2 degrees of a whole turn, every 20 units along each unused
    tip's whole edge) finds one; every spot offered is legal by that search's own reckoning."""
    assert _within_90(tree) == [], name
    assert rules.free_tips(tree)
    room = rules.room(tree)
    assert room and all(s.wide for spots in room.values() for s in spots)
    assert all(search.spot_is_legal(tree, s) for spots in room.values() for s in spots)
    found = {key for key in search.unused_tips(tree) if search.edge_spots(tree, *key, 2, 20, first=True)}
    assert set(room) == found


def test_a_two_player_game_frozen_on_both_trees_plays_on() -> None:
    """A 2-player game with the trio on one tree and seed 10034's tree on the other: both had no spot
    within 90 degrees, so under the second revision every tree card was discarded from then on. Now
    the next card goes on a tree turned further, and the game plays to its end with no discard."""
    s = GAME.new_state(2, 7, {})
    shapes = [
        [(cid, None, parent, name, bend) for cid, parent, name, bend in TRIO],
        [(r[0], r, None, None, None) for r in SURVEY_TREES[(4, False, 10034)]],
    ]
    for i, rows in enumerate(shapes):
        tree = s.trees[i]
        trunk = rules.trunk_of(tree)
        for cid, row, parent, name, bend in rows:
            s.deck.remove(cid) if cid in s.deck else s.display.remove(cid)
            if row:  # a survey card, as it lay
                tree[cid] = Placed(*row[:4], trunk if row[4] == "k1" else row[4], row[5])
            else:
                parent = trunk if parent == "k1" else parent
                spot = table.spot(tip(tree, parent, name), bend)
                tree[cid] = Placed(cid, spot.x, spot.y, spot.heading, parent, name)
        s._rooms[i] = None
    while len(s.display) < 3:
        s.display.append(s.deck.pop())
    s.check_invariants()
    assert all(_within_90(t) == [] and rules.free_tips(t) for t in s.trees)
    assert all(s.room(i) for i in (0, 1))
    r = random.Random(7)
    while not s.is_over():
        seat = s.to_act()[0]
        events = s.apply(seat, r.choice(s.legal_actions(seat)).id)
        assert not any(e["type"] == "discard" for e in events)
        s.check_invariants()


# Matches saved by the second revision (games 235 and 10034 of the survey's play) when a tree was
# frozen: while taking a tree card, and just after, placing it on another tree.
FROZEN_SAVES = json.loads((Path(__file__).parent / "kigi_frozen_saves.json").read_text())


@pytest.mark.parametrize("k", range(len(FROZEN_SAVES)))
def test_a_match_saved_with_a_frozen_tree_loads_and_the_tree_takes_cards_again(k: int) -> None:
    """Saved when a tree had no spot within 90 degrees: the match loads as it was (the same state,
    the same spots on the other trees), the frozen tree now offers cards turned further (one tap away
    while placing), and the match plays on to its end."""
    save = FROZEN_SAVES[k]
    s = GAME.load_state(json.loads(json.dumps(save["state"])))
    s.check_invariants()
    assert s.to_json() == save["state"]
    (frozen,) = save["frozen"]
    assert _within_90(s.trees[frozen]) == [] and s.room(frozen)
    assert all(x.wide for spots in s.room(frozen).values() for x in spots)
    assert not any(x.wide for i in range(s.n) if i != frozen for spots in s.room(i).values() for x in spots)
    if save["phase"] == "place":
        assert s.pending_tree != frozen and f"tree:{frozen}" in [a.id for a in s.legal_actions(s.current)]
    r = random.Random(k)
    while not s.is_over():
        seat = s.to_act()[0]
        events = s.apply(seat, r.choice(s.legal_actions(seat)).id)
        assert not any(e["type"] == "discard" for e in events)
    s.check_invariants()


def _reference_room(tree: table.Tree) -> dict[tuple[str, str], list[str]]:
    """The rules of placing written out plainly with ``table.problems``: each unused tip's first stage
    (five bends, then each stage of further choices) with a legal spot; where no tip has one, each
    tip's first stage of the third revision's choices with one."""

    def first(t: table.Tip, stages: list[tuple[str, ...]]) -> list[str]:
        icons = list(rules.card_icons(tree[t.card]))
        for stage in stages:
            found = [b for b in stage if not table.problems(tree, table.spot(t, b), icons)]
            if found:
                return found
        return []

    used = rules.used_tips(tree)
    tips = [t for p in tree.values() for t in rules.card_tips(p) if t.key not in used]
    out = {t.key: first(t, [tuple(table.BENDS), *table.further_candidates(t.name)]) for t in tips}
    if not any(out.values()):
        out = {t.key: first(t, list(table.wide_candidates(t.name))) for t in tips}
    return {k: v for k, v in out.items() if v}


def test_the_search_offers_exactly_the_spots_the_rules_written_plainly_give() -> None:
    """``rules.room`` (static parts worked out once per heading, stems on an edge point under or
    against another card skipped, the card last touched tried first, kept up to date as cards are
    placed) gives exactly the spots of the plain rules: on the survey's trees, the trio, and the trees
    of a random game every fifth placement (the room kept up to date: after every placement)."""
    trees = [t for _name, t in _trees()]
    s = GAME.new_state(2, 1, {"advanced": True})
    r = random.Random(1)
    placed = 0
    while not s.is_over():
        seat = s.to_act()[0]
        act = r.choice(s.legal_actions(seat)).id
        s.apply(seat, act)
        if act.startswith("place:"):
            placed += 1
            trees += [dict(t) for t in s.trees] if placed % 5 == 0 else []
            assert all(s.room(i) == rules.room(s.trees[i]) for i in range(s.n))
    for tree in trees:
        assert {k: [x.bend for x in v] for k, v in rules.room(tree).items()} == _reference_room(tree)

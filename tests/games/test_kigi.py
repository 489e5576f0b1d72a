"""Kigi: every rule, the rulebook's examples and the FAQ as tests."""

from __future__ import annotations

import json

import pytest

from games import REGISTRY, IllegalAction
from games.kigi import rules
from games.kigi.data import CARDS, COMMISSIONS, TREE_CARDS, TRUNKS
from games.kigi.state import CELL, OVER, TAKE, TREE, KigiState
from tests.contract import play_random

GAME = REGISTRY["kigi"]
UP, RIGHT, DOWN, LEFT = rules.UP, rules.RIGHT, rules.DOWN, rules.LEFT


# --- helpers ---------------------------------------------------------------
def fresh(n: int = 2, seed: int = 1, advanced: bool = False) -> KigiState:
    s = GAME.new_state(n, seed, {"advanced": advanced})
    assert isinstance(s, KigiState)
    return s


def pull(s: KigiState, cid: str) -> None:
    """Take a card out of wherever it is (deck, display, removed) so a test can put it somewhere."""
    for pile in (s.deck, s.display, s.removed, *s.collections, *s.held):
        if cid in pile:
            pile.remove(cid)
            return
    raise AssertionError(f"{cid} is not free")


def grow(s: KigiState, owner: int, cells: list[tuple[int, int, str, int]]) -> None:
    """Put cards on a tree: (row, col, card, direction); the parent is the cell behind the direction."""
    tree = s.trees[owner]
    for r, c, cid, d in cells:
        pull(s, cid)
        dr, dc = rules.VECTORS[d]
        parent = (r - dr, c - dc)
        assert parent in tree, f"no parent for {cid}"
        tree[(r, c)] = (cid, parent, d)
    s.turn += 1


def set_display(s: KigiState, cards: list[str], deck_top: list[str] | None = None) -> None:
    """Show exactly ``cards``; ``deck_top`` lists the next cards to be drawn, first first."""
    for cid in s.display:
        s.deck.insert(0, cid)
    s.display = []
    for cid in cards:
        pull(s, cid)
        s.display.append(cid)
    for cid in deck_top or []:
        pull(s, cid)
    s.deck += list(reversed(deck_top or []))
    s.check_invariants()


def ids(s: KigiState, seat: int) -> list[str]:
    return [a.id for a in s.legal_actions(seat)]


def cell_id(s: KigiState, pos: tuple[int, int]) -> str:
    for n, (cell, _parent, _d) in enumerate(s.legal_cells(), start=1):
        if cell == pos:
            return f"cell:{n}"
    raise AssertionError(f"{pos} is not a legal cell: {[c for c, _p, _d in s.legal_cells()]}")


def place(s: KigiState, seat: int, cid: str, owner: int, pos: tuple[int, int]) -> list[dict]:
    """Take ``cid`` from the display and place it at ``pos`` on ``owner``'s tree."""
    s.current = seat
    events = s.apply(seat, f"take:{cid}")
    events += s.apply(seat, f"tree:{owner}")
    events += s.apply(seat, cell_id(s, pos))
    s.check_invariants()
    return events


def cells_of(s: KigiState, owner: int) -> set[tuple[int, int]]:
    return {c for c, _p, _d in rules.legal_cells(s.trees[owner])}


# --- setup -----------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup(n: int) -> None:
    s = fresh(n, seed=n)
    assert s.phase == TAKE and len(s.display) == 3 and len(s.deck) == 40 - 3
    trunks = [t[(0, 0)][0] for t in s.trees]
    assert len(set(trunks)) == n and all(t in TRUNKS for t in trunks)
    assert sorted(s.removed) == sorted(set(TRUNKS) - set(trunks))  # unused trunks leave the game
    assert s.to_act() == [s.current]
    assert sorted(a.id for a in s.legal_actions(s.current)) == sorted(f"take:{c}" for c in s.display)
    assert all(a.group == "card" for a in s.legal_actions(s.current))
    s.check_invariants()


def test_player_counts_and_options() -> None:
    assert list(GAME.player_counts) == [2, 3, 4, 5]
    assert GAME.options == {"advanced": [False, True]}


def test_start_player_is_random() -> None:
    assert len({fresh(4, seed).current for seed in range(40)}) == 4


def test_stand_in_deck_parameters() -> None:
    assert len(CARDS) == 45 and len(TRUNKS) == 5 and len(TREE_CARDS) == 30 and len(COMMISSIONS) == 10
    per_feature: dict[str, int] = {}
    sizes: dict[int, int] = {}
    tips: dict[int, int] = {}
    for card in TREE_CARDS.values():
        for f, k in card["features"].items():
            per_feature[f] = per_feature.get(f, 0) + k
        size = sum(card["features"].values())
        sizes[size] = sizes.get(size, 0) + 1
        tips[len(card["tips"])] = tips.get(len(card["tips"]), 0) + 1
    assert per_feature == dict.fromkeys(["butterfly", "dragonfly", "pink", "purple", "red"], 18)
    assert sizes == {2: 10, 3: 12, 4: 6, 5: 2}
    assert tips == {1: 12, 2: 12, 3: 6}
    stats = sorted((c["stat"], c["most"]) for c in COMMISSIONS.values())
    assert len(set(stats)) == 10


# --- orientation and placement rules -----------------------------------------
def test_tips_follow_the_growth_direction() -> None:
    # t30 has left, straight and right tips.
    assert rules.tip_directions("t30", UP) == [LEFT, UP, RIGHT]
    # Grown leftwards: straight further left, right tip above, left tip below.
    assert rules.tip_directions("t30", LEFT) == [DOWN, LEFT, UP]
    assert rules.tip_directions("t30", RIGHT) == [UP, RIGHT, DOWN]
    # The trunk offers its left, upper and right neighbours.
    assert cells_of(fresh(), 0) == {(0, -1), (1, 0), (0, 1)}


def test_only_tips_offer_cells() -> None:
    s = fresh()
    grow(s, 0, [(1, 0, "t01", UP)])  # t01: straight tip only
    assert cells_of(s, 0) == {(0, -1), (0, 1), (2, 0)}  # not (1, -1) nor (1, 1)


def test_no_cell_off_the_table() -> None:
    s = fresh()
    grow(s, 0, [(0, -1, "t03", LEFT)])  # t03 grew left; its only (left) tip points down, off the table
    assert all(r >= 0 for r, _c in cells_of(s, 0))
    assert (-1, -1) not in cells_of(s, 0)


def test_table_width() -> None:
    s = fresh()
    grow(s, 0, [(0, -1, "t01", LEFT), (0, -2, "t06", LEFT), (0, -3, "t11", LEFT), (0, -4, "t16", LEFT)])
    assert (0, -5) in cells_of(s, 0)
    grow(s, 0, [(0, -5, "t21", LEFT)])
    assert (0, -6) not in cells_of(s, 0)  # columns -5..5 only


def test_new_card_touches_only_its_parent() -> None:
    s = fresh()
    # t05 (three tips) above the trunk, t02 to the left of the trunk.
    grow(s, 0, [(1, 0, "t05", UP), (0, -1, "t02", LEFT)])
    cells = cells_of(s, 0)
    # (1, -1) is next to t05's left tip but also touches t02 below it: illegal.
    assert (1, -1) not in cells
    # Diagonal contact is not touching: (1, 1) is legal although (0, 1) is empty and (0, 0)... only parent t05.
    assert (1, 1) in cells and (2, 0) in cells


def test_later_cards_may_touch_several() -> None:
    s = fresh()
    set_display(s, ["t05", "t10", "t15"], ["t20"])
    place(s, s.current, "t05", 0, (1, 0))
    seat = s.current
    place(s, seat, "t10", 0, (1, -1))  # t05's left tip
    place(s, s.current, "t15", 0, (1, 1))  # t05's right tip
    # t05 now touches the trunk and two more cards: still legal, the new cards each touched one.
    tree = s.trees[0]
    neighbours = [(1 + dr, 0 + dc) for dr, dc in rules.VECTORS if (1 + dr, 0 + dc) in tree]
    assert len(neighbours) == 3
    # The trunk's left and right cells now touch t10 / t15 and are no longer legal.
    assert (0, -1) not in cells_of(s, 0) and (0, 1) not in cells_of(s, 0)


def test_direction_comes_from_the_attachment() -> None:
    s = fresh()
    set_display(s, ["t30", "t01", "t02"])
    place(s, s.current, "t30", 0, (0, 1))  # grows rightwards from the trunk
    cid, parent, d = s.trees[0][(0, 1)]
    assert (cid, parent, d) == ("t30", (0, 0), RIGHT)
    # Its tips: left = up (1,1), straight = right (0,2), right = down (off the table).
    assert {(1, 1), (0, 2)} <= cells_of(s, 0) and (-1, 1) not in cells_of(s, 0)


# --- the steps of a turn -----------------------------------------------------
def test_turn_in_steps_with_back() -> None:
    s = fresh(3, seed=5)
    set_display(s, ["t30", "t01", "t02"])
    me = s.current
    s.apply(me, "take:t30")
    assert s.phase == TREE and s.pending_card == "t30"
    acts = s.legal_actions(me)
    assert [a.id for a in acts] == ["tree:0", "tree:1", "tree:2"]
    assert {a.group for a in acts} == {"tree"}
    assert acts[me].label == f"Tree {'ABC'[me]} (yours): 3 free cells"
    s.apply(me, "tree:1")
    assert s.phase == CELL
    acts = s.legal_actions(me)
    assert [a.id for a in acts] == ["cell:1", "cell:2", "cell:3", "back"]
    # Numbered from the table's edge upwards, left to right.
    assert acts[0].label == "Cell 1: left of the trunk, scores 5"
    assert acts[1].label == "Cell 2: right of the trunk, scores 5"
    assert acts[2].label == "Cell 3: above the trunk, scores 5"
    s.check_invariants()
    s.apply(me, "back")
    assert s.phase == TREE and s.pending_tree is None
    s.apply(me, "tree:2")
    events = s.apply(me, "cell:3")
    assert s.trees[2][(1, 0)][0] == "t30"
    assert any(e["type"] == "place" for e in events)
    assert s.current == (me + 1) % 3 and s.phase == TAKE


def test_only_trees_with_room_are_offered() -> None:
    s = fresh(2)
    _block(s, 1)
    set_display(s, ["t30", "t05", "t10"])
    me = s.current
    s.apply(me, "take:t30")
    assert ids(s, me) == ["tree:0"]


def _block(s: KigiState, owner: int) -> None:
    """Fill a tree so that no legal cell remains (see test_card_that_fits_nowhere_is_discarded)."""
    if owner == 0:
        grow(s, 0, [(0, -1, "t03", LEFT), (0, 1, "t08", RIGHT), (1, 0, "t13", UP)])
    else:
        grow(s, owner, [(0, -1, "t23", LEFT), (0, 1, "t18", RIGHT), (1, 0, "t28", UP)])
    assert not rules.legal_cells(s.trees[owner])


def test_card_that_fits_nowhere_is_discarded() -> None:
    s = fresh(2)
    _block(s, 0)
    _block(s, 1)
    set_display(s, ["t30", "c01", "t05"], ["t10"])
    me = s.current
    events = s.apply(me, "take:t30")
    assert "t30" in s.removed
    assert any(e["type"] == "discard" and "discarded" in e["text"] for e in events)
    assert s.phase == TAKE and s.current == 1 - me and sorted(s.display) == ["c01", "t05", "t10"]
    s.check_invariants()


def test_commission_is_kept_face_up() -> None:
    s = fresh(3)
    set_display(s, ["c05", "t01", "t02"], ["t03"])
    me = s.current
    events = s.apply(me, "take:c05")
    assert s.held[me] == ["c05"] and s.phase == TAKE and s.current == (me + 1) % 3
    assert "Most branches on tree" in events[0]["text"]
    for seat in [None, 0, 1, 2]:
        assert s.view(seat)["commissions"][me][0]["id"] == "c05"


# --- scoring and pruning (rulebook examples) -----------------------------------
def _example_tree(s: KigiState, owner: int) -> None:
    """A line of cards that all show a dragonfly and a pink flower, plus two cards off the line."""
    grow(
        s,
        owner,
        [
            (1, 0, "t07", UP),  # dragonfly, pink; tips straight + right
            (2, 0, "t06", UP),  # dragonfly, pink; straight
            (3, 0, "t18", UP),  # dragonfly, pink, purple; right
            (3, 1, "t23", RIGHT),  # dragonfly, 2 pink, purple; left (= up, since it grew right)
            (1, 1, "t01", RIGHT),  # butterfly, red: hangs on t07's right tip, off the line
            (0, -1, "t16", LEFT),  # 2 dragonflies, purple: on the trunk, off the line
        ],
    )


def test_scoring_example_twelve_points() -> None:
    s = fresh(2, seed=3)
    _example_tree(s, 0)
    set_display(s, ["t30", "t02", "t04"], ["t05"])
    # The card just taken: a dragonfly, two pink flowers, two red blossoms.
    assert TREE_CARDS["t30"]["features"] == {"dragonfly": 1, "pink": 2, "red": 2}
    before = list(s.points)
    events = place(s, 0, "t30", 0, (4, 1))
    score = next(e for e in events if e["type"] == "score")
    # Dragonflies 1+1+1+1+1 = 5, pink 2+2+1+1+1 = 7; red stops at t23, the dragonflies of
    # t16 are not on the line.
    assert score["features"] == {"dragonfly": 5, "pink": 7}
    assert score["points"] == 12 and s.points[0] == before[0] + 12


def test_feature_missing_on_one_card_of_the_line_does_not_score() -> None:
    assert rules.score_line(["t30", "t23", "t06"]) == {"dragonfly": 3, "pink": 5}
    # t01 (butterfly, red) breaks both the dragonfly and the pink line; red reaches t30 and t01.
    assert rules.score_line(["t30", "t01"]) == {"red": 3}
    assert rules.score_line(["t01", "t30", "t06"]) == {}
    assert rules.score_line([]) == {}


def test_pruning_example_owner_collects_line_and_cut_off_cards() -> None:
    s = fresh(2, seed=3)
    _example_tree(s, 1)
    set_display(s, ["t30", "t02", "t04"], ["t05"])
    events = place(s, 0, "t30", 1, (4, 1))  # seat 0 adds to seat 1's tree
    assert s.points == [12, 0]  # the placing player scores
    prune = next(e for e in events if e["type"] == "prune")
    assert prune["seat"] == 1
    # The owner collects the scoring line, and t01 which hung only on the pruned t07.
    assert sorted(s.collections[1]) == sorted(["t30", "t23", "t18", "t06", "t07", "t01"])
    assert s.collections[0] == []
    # The trunk is never pruned; t16 stays, attached to the trunk.
    assert set(s.trees[1]) == {(0, 0), (0, -1)}
    assert CARDS[s.trees[1][(0, 0)][0]]["kind"] == "trunk"
    assert "cut off" in prune["text"]


def test_no_pruning_below_ten() -> None:
    s = fresh(2, seed=3)
    grow(s, 0, [(1, 0, "t07", UP)])
    set_display(s, ["t30", "t02", "t04"], ["t05"])
    place(s, 0, "t30", 0, (2, 0))
    assert s.points[0] == 2 + 3  # dragonfly 2, pink 3
    assert (2, 0) in s.trees[0] and s.collections[0] == []


def test_faq_score_on_anyones_tree_and_not_when_others_add_to_yours() -> None:
    s = fresh(2, seed=3)
    set_display(s, ["t30", "t02", "t04"], ["t05"])
    place(s, 1, "t30", 0, (1, 0))  # seat 1 adds to seat 0's tree
    assert s.points == [0, 5]


# --- display refill, commissions clear, the end ---------------------------------
def test_refill_one_card_from_the_deck() -> None:
    s = fresh(2)
    set_display(s, ["t01", "t02", "t03"], ["t04"])
    place(s, s.current, "t01", 0, (1, 0))
    assert sorted(s.display) == ["t02", "t03", "t04"]


def test_three_commissions_on_display_are_removed_and_replaced() -> None:
    s = fresh(2)
    set_display(s, ["c01", "c02", "t01"], ["c03", "c04", "c05", "c06", "t05", "t06", "t07"])
    events = place(s, s.current, "t01", 0, (1, 0))
    clears = [e for e in events if e["type"] == "clear"]
    # c01 c02 c03 are removed, then c04 c05 c06 come up and are removed too.
    assert len(clears) == 2
    assert {"c01", "c02", "c03", "c04", "c05", "c06"} <= set(s.removed)
    assert s.display == ["t05", "t06", "t07"]
    s.check_invariants()


def test_commission_clear_with_an_empty_deck_ends_the_game() -> None:
    s = fresh(2)
    set_display(s, ["c01", "c02", "t01"], ["c03"])
    rest = list(s.deck[:-1])
    for cid in rest:
        s.deck.remove(cid)
        s.removed.append(cid)
    assert s.deck == ["c03"]
    events = place(s, s.current, "t01", 0, (1, 0))
    assert s.is_over() and s.display == [] and any(e["type"] == "end" for e in events)
    s.check_invariants()


def _empty_deck(s: KigiState) -> None:
    for cid in list(s.deck):
        s.deck.remove(cid)
        s.removed.append(cid)


def test_game_ends_when_the_last_card_is_taken() -> None:
    s = fresh(2)
    set_display(s, ["t01", "t02"])
    _empty_deck(s)
    me = s.current
    place(s, me, "t01", 0, (1, 0))
    assert not s.is_over() and s.display == ["t02"]
    s.apply(1 - me, "take:t02")
    assert not s.is_over()  # the last card is still placed
    s.apply(1 - me, "tree:1")
    events = s.apply(1 - me, "cell:1")
    assert s.is_over() and s.phase == OVER and s.to_act() == []
    assert events[-1]["type"] == "end"
    with pytest.raises(IllegalAction):
        s.apply(me, "take:t02")


def test_bobs_commissions_example() -> None:
    s = fresh(2)
    bob, you = 0, 1
    for cid in ("c01", "c10", "c08"):  # most in collection, fewest bugs, fewest flowers
        pull(s, cid)
        s.held[bob].append(cid)
    for cid in ("c05", "c03"):  # most branches, most cards on tree
        pull(s, cid)
        s.held[you].append(cid)
    # Bob: two branches, two cards, 2 bugs, 0 flowers. You: one branch of three cards.
    grow(s, bob, [(0, -1, "t01", LEFT), (0, 1, "t03", RIGHT)])
    grow(s, you, [(1, 0, "t24", UP), (2, 0, "t25", UP), (3, 0, "t15", UP)])
    for seat in (bob, you):  # same collection size
        for cid in ("t20", "t21") if seat == bob else ("t22", "t26"):
            pull(s, cid)
            s.collections[seat].append(cid)
    results = dict(s.commission_results()[bob]), dict(s.commission_results()[you])
    assert results[0] == {"c01": True, "c10": True, "c08": True}  # the tie on collections counts
    assert results[1] == {"c05": False, "c03": True}
    assert s.view(None)["projected_bonus"] == [30, 10]
    # End the game: only the holders score; you also tie for most collection but hold no such card.
    s.points = [5, 5]
    set_display(s, ["t02"])
    _empty_deck(s)
    place(s, bob, "t02", bob, (1, 0))
    assert s.is_over()
    # t02 adds a dragonfly to Bob's tree: 3 bugs still fewer than your 8; branches now 3 vs 1.
    assert s.points == [5 + 2, 5]  # t02 alone on its line: dragonfly 1 + red 1
    assert s.scores() == [7 + 30, 5 + 10]
    assert s.winners() == [bob]


def test_tie_break_most_red_blossoms() -> None:
    s = fresh(2)
    grow(s, 0, [(1, 0, "t26", UP)])  # 2 red blossoms
    grow(s, 1, [(1, 0, "t21", UP), (0, 1, "t01", RIGHT)])  # 3 red blossoms
    s.points = [17, 20]  # t16 will score 3 for seat 0 (2 dragonflies, purple)
    set_display(s, ["t16"])  # no red
    _empty_deck(s)
    place(s, 0, "t16", 0, (0, -1))
    assert s.is_over()
    assert s.scores()[0] == s.scores()[1]
    assert s.winners() == [1]


def test_shared_win_when_tie_break_ties() -> None:
    s = fresh(2)
    s.points = [17, 20]
    set_display(s, ["t16"])
    _empty_deck(s)
    place(s, 0, "t16", 0, (0, -1))
    s_tot = s.scores()
    assert s_tot[0] == s_tot[1] and s.winners() == [0, 1]


# --- the advanced game -------------------------------------------------------
def test_advanced_choice_is_simultaneous_and_hidden() -> None:
    s = fresh(3, seed=9, advanced=True)
    assert s.to_act() == [0, 1, 2] and s.display == []
    mine = [c for c in s.dealt[0]]
    assert len(mine) == 2 and all(c in COMMISSIONS for c in mine)
    assert sorted(ids(s, 0)) == sorted(f"keep:{c}" for c in mine)
    assert {a.group for a in s.legal_actions(0)} == {"commission"}
    events = s.apply(0, f"keep:{mine[1]}")
    public = [e for e in events if "private_to" not in e]
    assert all(mine[1] not in json.dumps(e) for e in public)
    assert s.to_act() == [1, 2]
    for seat in (None, 1, 2):
        text = json.dumps(s.view(seat))
        assert mine[0] not in text and mine[1] not in text
    assert mine[1] in json.dumps(s.view(0))
    s.apply(2, f"keep:{s.dealt[2][0]}")
    events = s.apply(1, f"keep:{s.dealt[1][0]}")
    assert s.phase == TAKE and len(s.display) == 3 and s.held[0] == [mine[1]]
    assert mine[0] in s.deck or mine[0] in s.display or mine[0] in s.removed
    assert sum(e["type"] == "reveal" for e in events) == 3
    assert len(s.deck) + len(s.display) + len(s.removed) == 40 - 3 + (5 - 3)
    s.check_invariants()


def test_advanced_determinize_hides_others_commissions() -> None:
    a = fresh(3, seed=9, advanced=True)
    b = a.copy()
    assert isinstance(b, KigiState)
    # Swap seat 1's pair with commissions in the deck: seat 0 cannot tell the difference.
    deck_coms = [c for c in b.deck if c in COMMISSIONS]
    pair = b.dealt[1]
    b.dealt[1] = deck_coms[:2]
    b.deck = [c for c in b.deck if c not in deck_coms[:2]] + pair
    assert a.view(0) == b.view(0)
    assert a.determinize(0, 77).to_json() == b.determinize(0, 77).to_json()
    d = a.determinize(0, 77)
    assert d.dealt[0] == a.dealt[0]
    d.check_invariants()


# --- hidden information, determinize, views ------------------------------------
def test_views_hide_the_deck_order() -> None:
    s = fresh(3, seed=4)
    for seat in (None, 0, 1, 2):
        v = s.view(seat)
        text = json.dumps(v)
        assert "deck" not in {k for k in v if k != "deck_size"}
        assert v["deck_size"] == len(s.deck)
        hidden = [c for c in s.deck if c not in text]
        assert len(hidden) == len(s.deck)


def test_determinize_depends_only_on_the_view() -> None:
    a = fresh(3, seed=4)
    b = a.copy()
    assert isinstance(b, KigiState)
    b.deck.reverse()
    assert a.view(1) == b.view(1)
    assert a.determinize(1, 5).to_json() == b.determinize(1, 5).to_json()
    d = a.determinize(1, 5)
    assert sorted(d.deck) == sorted(a.deck) and d.display == a.display
    d.check_invariants()


def test_view_keys_and_pending_cells() -> None:
    s = fresh(2, seed=2)
    set_display(s, ["t30", "t01", "t02"])
    me = s.current
    v = s.view(None)
    for key in (
        "game",
        "seat",
        "num_players",
        "to_act",
        "scores",
        "over",
        "winners",
        "trees",
        "display",
        "deck_size",
        "commissions",
        "collections",
        "points",
        "projected_bonus",
        "pending",
    ):
        assert key in v, key
    assert v["trees"][0]["cards"][0]["kind"] == "trunk"
    s.apply(me, "take:t30")
    s.apply(me, "tree:0")
    mine = s.view(me)["pending"]
    assert mine["card"]["id"] == "t30" and mine["tree"] == 0
    assert [c["n"] for c in mine["cells"]] == [1, 2, 3]
    assert {(c["row"], c["col"]) for c in mine["cells"]} == {(0, -1), (0, 1), (1, 0)}
    assert all(c["points"] == 5 for c in mine["cells"])
    assert s.view(1 - me)["pending"]["cells"] == []


def test_conservation_counts_every_card() -> None:
    s = fresh(5, seed=8)
    s.check_invariants()
    s.deck.pop()
    with pytest.raises(AssertionError):
        s.check_invariants()


@pytest.mark.parametrize("n", [2, 5])
@pytest.mark.parametrize("advanced", [False, True])
def test_random_games_deep(n: int, advanced: bool) -> None:
    for seed in range(3):
        s = play_random(GAME, n, seed, {"advanced": advanced}, deep=True)
        assert s.is_over()
        held = sum(len(h) for h in s.held)
        assert held >= (n if advanced else 0)


def test_labels_and_ids_fit_discord() -> None:
    for seed in range(20):
        s = fresh(5, seed)
        import random

        r = random.Random(seed)
        while not s.is_over():
            for seat in s.to_act():
                for a in s.legal_actions(seat):
                    assert len(a.id) <= 20 and len(a.label) <= 80
                assert len(s.legal_actions(seat)) <= 25 or s.phase == CELL
            seat = s.to_act()[0]
            s.apply(seat, r.choice(s.legal_actions(seat)).id)


def test_rules_summary_fits_an_embed() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "cogs" / "rules" / "kigi.md").read_text()
    assert text.startswith("# Kigi") and len(text) <= 3500


def test_three_commissions_at_setup_are_cleared_too() -> None:
    s = fresh(2)
    for cid in list(s.display):
        s.deck.insert(0, cid)
    s.display = []
    for cid in ("t03", "t02", "t01", "c03", "c02", "c01"):  # drawn from the end: c01, c02, c03 first
        s.deck.remove(cid)
        s.deck.append(cid)
    events = s._refill()
    assert [e["type"] for e in events] == ["clear", "refill"]
    assert events[1]["cards"] == ["t01", "t02", "t03"]
    assert {"c01", "c02", "c03"} <= set(s.removed) and s.display == ["t01", "t02", "t03"]
    s.check_invariants()


def test_illegal_ids_leave_the_state_unchanged() -> None:
    s = fresh(3, seed=2)
    set_display(s, ["t30", "t01", "t02"])
    me = s.current
    other = (me + 1) % 3
    s.apply(me, "take:t30")
    s.apply(me, "tree:0")
    before = json.dumps(s.to_json(), sort_keys=True)
    for bad in ("cell:0", "cell:-1", "cell:4", "cell:x", "tree:1", "take:t01", "back:1", "keep:c01"):
        with pytest.raises(IllegalAction):
            s.apply(me, bad)
    with pytest.raises(IllegalAction):
        s.apply(other, "cell:1")
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_round_trip_in_the_middle_of_a_placement() -> None:
    s = fresh(4, seed=6)
    set_display(s, ["t30", "t01", "t02"])
    me = s.current
    s.apply(me, "take:t30")
    s.apply(me, "tree:2")
    twin = GAME.load_state(json.loads(json.dumps(s.to_json())))
    assert [a.id for a in twin.legal_actions(me)] == [a.id for a in s.legal_actions(me)]
    assert twin.view(me) == s.view(me)
    assert twin.apply(me, "cell:2") == s.apply(me, "cell:2")
    assert twin.to_json() == s.to_json()


def test_events_name_players_with_placeholders() -> None:
    s = fresh(2, seed=3)
    _example_tree(s, 1)
    set_display(s, ["t30", "t02", "t04"], ["t05"])
    events = place(s, 0, "t30", 1, (4, 1))
    texts = [e["text"] for e in events]
    assert texts[0] == "{p0} takes card 30 (dragonfly, 2 pink, 2 red)."
    assert texts[1] == "{p0} chooses {p1}'s tree."
    assert texts[2].startswith("{p0} places card 30 (dragonfly, 2 pink, 2 red) on {p1}'s tree, above card 23")
    assert "{p0} scores 12 (dragonfly 5, pink 7) along a line of 5." in texts
    assert "{p1} prunes 6 cards into their collection, 1 of them cut off from the trunk." in texts


def test_fast_copy_matches_the_json_round_trip() -> None:
    import random

    r = random.Random(3)
    s = fresh(4, seed=3, advanced=True)
    while not s.is_over():
        c = s.copy()
        assert c.to_json() == GAME.load_state(json.loads(json.dumps(s.to_json()))).to_json()
        seat = s.to_act()[0]
        action = r.choice(s.legal_actions(seat)).id
        c.apply(seat, action)
        s.apply(seat, action)
        assert c.to_json() == s.to_json()

"""Iki rules: one test per rule of the rulebook, its worked example, and the contract."""

from __future__ import annotations

import json
import random
import re

import pytest

from games import REGISTRY, IllegalAction
from games.iki import data as D
from games.iki.state import IkiState
from tests.contract import play_random

GAME = REGISTRY["iki"]


def card(name: str) -> int:
    return next(i for i, c in enumerate(D.CHARACTERS) if c[0] == name)


def bld(name: str) -> int:
    return next(i for i, b in enumerate(D.BUILDINGS) if b[0] == name)


def ids(state: IkiState, seat: int | None = None) -> list[str]:
    seat = state.to_act()[0] if seat is None else seat
    return [a.id for a in state.legal_actions(seat)]


def act(state: IkiState, aid: str) -> list[dict]:
    return state.apply(state.to_act()[0], aid)


def after_setup(n: int, seed: int = 1) -> IkiState:
    """A game at month 1, phase A, with the starting characters chosen by first choice."""
    s = GAME.new_state(n, seed)
    while s.d["phase"] in ("start_card", "start_nagaya"):
        act(s, ids(s)[0])
    return s


def empty_board(n: int = 4, seed: int = 1) -> IkiState:
    """Month 1, phase A, no characters on the board, every Kobun in its supply."""
    s = after_setup(n, seed)
    for i, x in enumerate(s.d["stalls"]):
        if x is not None:
            s._kill(i)
    for p in s.d["players"]:
        p["ff"] = 0
    return s


def take(s: IkiState, name: str) -> int:
    """Take a character out of wherever it is (deck, row, box), keeping mon conserved."""
    c = card(name)
    for where in [s.d["box"], *s.d["decks"], s.d["start_row"]]:
        if c in where:
            where.remove(c)
    for r in s.d["row"]:
        if r[0] == c:
            s.d["bank"] += r[1]
    s.d["row"] = [r for r in s.d["row"] if r[0] != c]
    return c


def put(s: IkiState, name: str, stall: int, owner: int, exp: int = 0) -> None:
    c = take(s, name)
    s.d["stalls"][stall] = ["c", c, owner, exp]
    if owner >= 0:
        s.d["players"][owner]["kobun"] -= 1


def clear_row(s: IkiState) -> None:
    for c, m in s.d["row"]:
        s.d["box"].append(c)
        s.d["bank"] += m
    s.d["row"] = []


def set_mon(s: IkiState, seat: int, mon: int) -> None:
    """Give or take mon through the bank, so conservation still holds."""
    s._mon(seat, mon - s.d["players"][seat]["mon"])


def to_business(s: IkiState, seat: int, shop: int) -> None:
    """Put ``seat`` at ``shop`` in phase B, ready to do business."""
    s.d["phase"] = "B"
    s.d["ikz"] = [None] * 5
    s.d["players"][seat]["pos"] = shop
    s.d["step"] = {"sub": "biz", "seat": seat, "space": 1, "shop": False, "char": False}
    s._cache = None


# ---------------------------------------------------------------- set-up
def test_setup_resources_and_components() -> None:
    s = GAME.new_state(4, 3)
    for p in s.d["players"]:
        assert (p["mon"], p["rice"], p["sandal"], p["kobun"], p["ff"], p["iki"]) == (8, 1, 1, 4, 0, 0)
    assert len(s.d["bavail"]) == 6 and len(s.d["bbox"]) == 4
    assert all(D.SEASON_TOKENS[t][1] == 1 for t in s.d["tokens"])
    assert [len(s.d["decks"][k]) for k in (1, 2, 3, 4)] == [14, 14, 14, 14]
    assert len(s.d["stalls"]) == 16 and len(s.d["fire_tiles"]) == 4
    assert len(D.CHARACTERS) == 60 and len(D.START_CARDS) == 4 and len(D.BUILDINGS) == 10
    # the first player's disc on top of the firefighting stack, then clockwise
    assert s.ff_order() == [0, 1, 2, 3]


def test_starting_characters_in_reverse_order_on_outer_stalls() -> None:
    s = GAME.new_state(3, 5)
    order = []
    while s.d["phase"] in ("start_card", "start_nagaya"):
        seat = s.to_act()[0]
        if s.d["phase"] == "start_card":
            order.append(seat)
            assert all(a.group == "start_card" for a in s.legal_actions(seat))
        else:
            assert {a.id for a in s.legal_actions(seat)} <= {"sn0", "sn1", "sn2", "sn3"}
        act(s, ids(s)[-1])
    assert order == [2, 1, 0]  # last player first, counter-clockwise
    placed = [(i, x) for i, x in enumerate(s.d["stalls"]) if x is not None]
    assert len(placed) == 3
    for i, x in placed:
        assert i % 4 == 0 and x[0] == "c" and x[3] == 0  # outer stall, Kobun on the first slot
    assert len(s.d["box"]) == 1  # the unchosen starting card returns to the box
    assert s.d["month"] == 1 and s.d["phase"] == "A"


def test_two_player_side_sun_first_and_three_stalls() -> None:
    s = GAME.new_state(2, 11)
    assert len(s.d["stalls"]) == 12
    sun = s.d["sun"]
    assert s.d["first"] == sun and s.ff_order()[0] == sun
    assert s.to_act() == [1 - sun]  # the last player chooses a starting character first
    # the centre stall is reached from both shops of its Nagaya
    assert s.reach(0) == (0, 1) and s.reach(1) == (1, 2)
    assert s.reach(6) == (9, 10) and s.reach(7) == (10, 11)


# ---------------------------------------------------------------- card set-up and phase A
def test_card_setup_reveals_four_of_the_season() -> None:
    s = after_setup(4)
    assert len(s.d["row"]) == 4 and all(D.CHARACTERS[c][1] == 1 for c, _ in s.d["row"])
    assert len(s.d["decks"][1]) == 10


def test_phase_a_in_firefighting_order_and_spaces_taken() -> None:
    s = after_setup(4)
    s.d["players"][2]["ff"] = 3
    s.d["order"] = s.ff_order()
    s._cache = None
    assert s.to_act() == [2]
    act(s, "ik0")
    assert "ik0" not in ids(s)
    assert s.to_act() == [0]


def test_two_player_blocking_tile_closes_a_space() -> None:
    s = after_setup(2)
    b = s.d["blocked"]
    assert b in (1, 2, 3, 4)
    assert f"ik{b}" not in ids(s)
    assert len(s.d["block"]) == 11


# ---------------------------------------------------------------- phase B
def test_phase_b_left_to_right_and_one_four_space() -> None:
    s = after_setup(3)
    order = s.ff_order()
    for sp in ("ik4", "ik0", "ik2"):
        act(s, sp)
    # space 1-4 acts first: 1 mon, no income/hiring, then moves 1 to 4
    seat = order[1]
    assert s.to_act() == [seat]
    assert s.d["players"][seat]["mon"] == 9
    assert s.d["step"]["sub"] == "move"
    assert [i for i in ids(s) if i.startswith("mv")] == [
        "mv1",
        "mv2",
        "mv3",
        "mv4",
        "mv5",
    ]  # 5 = with the sandal
    act(s, "mv2")
    act(s, "done")
    assert s.to_act() == [order[2]]  # then space 2
    act(s, "inc")
    act(s, "mv2")
    act(s, "done")
    assert s.to_act() == [order[0]]  # then space 4


def test_income_gives_four_mon() -> None:
    s = empty_board(2)
    s.d["phase"] = "B"
    s.d["step"] = {"sub": "income", "seat": 0, "space": 3}
    s._cache = None
    act(s, "inc")
    assert s.d["players"][0]["mon"] == 12 and s.d["step"]["sub"] == "move"


def test_hiring_pays_cost_minus_mons_on_card_plus_surcharge() -> None:
    s = empty_board(4)
    c = s.d["row"][0][0]
    s.d["row"][0][1] = 1
    s.d["bank"] -= 1
    cost = D.CHARACTERS[c][3]
    set_mon(s, 0, 20)
    s.d["phase"] = "B"
    s.d["step"] = {"sub": "income", "seat": 0, "space": 2}
    s._cache = None
    act(s, f"h{c}")
    assert s.d["step"]["sub"] == "hire_stall"
    assert len(ids(s)) == 16
    act(s, "st3")  # an inner corner: +2 mon
    assert s.d["players"][0]["mon"] == 20 - max(0, cost - 1) - 2
    assert s.d["stalls"][3] == ["c", c, 0, 0]
    assert s.d["players"][0]["kobun"] == 3
    assert c not in [r[0] for r in s.d["row"]]
    s.check_invariants()


def test_no_free_kobun_means_income() -> None:
    s = empty_board(4)
    s.d["players"][0]["kobun"] = 0
    for k in range(4):
        s.d["stalls"][k * 4] = [
            "c",
            card(["Rice carrier", "Cooper", "Noodle seller", "Fire warden"][k]),
            0,
            0,
        ]
    s.d["phase"] = "B"
    s.d["players"][0]["mon"] = 30
    s.d["step"] = {"sub": "income", "seat": 0, "space": 2}
    s._cache = None
    assert ids(s) == ["inc"]


def test_firefighting_bonus_on_hire_and_stack_top() -> None:
    s = empty_board(4)
    s._place_char(3, card("Fire warden"), 0)
    s.d["players"][1]["ff"] = 1
    assert s.d["players"][3]["ff"] == 1
    assert s.ff_order()[0] == 3  # the moved disc goes on top of the stack


def test_hire_needs_the_money() -> None:
    s = empty_board(4)
    set_mon(s, 0, 0)
    s.d["phase"] = "B"
    s.d["step"] = {"sub": "income", "seat": 0, "space": 2}
    s._cache = None
    cheap = [c for c, _ in s.d["row"] if D.CHARACTERS[c][3] == 0]
    assert ids(s) == ["inc"] + [f"h{c}" for c in cheap]


def test_retired_carter_adds_a_free_space() -> None:
    s = empty_board(4)
    s.d["players"][0]["retired"].append(take(s, "Carter"))
    s.d["players"][0]["sandal"] = 0
    s.d["phase"] = "B"
    s.d["step"] = {"sub": "move", "seat": 0, "space": 2}
    s._cache = None
    assert ids(s) == ["mv2", "mv3"]


def test_exact_movement_and_sandals() -> None:
    s = empty_board(4)
    s.d["phase"] = "B"
    s.d["players"][0]["sandal"] = 2
    s.d["players"][0]["pos"] = 2
    s.d["step"] = {"sub": "move", "seat": 0, "space": 3}
    s._cache = None
    assert ids(s) == ["mv3", "mv4", "mv5"]  # never fewer than the Ikizama says
    act(s, "mv5")
    assert s.d["players"][0]["pos"] == 7 and s.d["players"][0]["sandal"] == 0


def test_passing_the_mark_gives_experience_and_retires() -> None:
    s = empty_board(4)
    put(s, "Fan maker", 1, 0, exp=2)  # one step from retirement
    put(s, "Potter", 5, 0, exp=0)
    put(s, "Cooper", 9, 1, exp=0)
    s.d["phase"] = "B"
    s.d["players"][0]["pos"] = 6
    s.d["step"] = {"sub": "move", "seat": 0, "space": 3}
    s._cache = None
    act(s, "mv3")
    assert s.d["players"][0]["pos"] == 1
    assert s.d["stalls"][1] is None and card("Fan maker") in s.d["players"][0]["retired"]
    assert s.d["players"][0]["kobun"] == 3  # the retired character's Kobun came back
    assert s.d["stalls"][5][3] == 1
    assert s.d["stalls"][9][3] == 0  # other players' characters are untouched
    assert s.d["step"]["sub"] == "biz"
    s.check_invariants()


def test_business_with_shop_and_character_in_any_order() -> None:
    s = empty_board(4)
    put(s, "Water seller", 1, 1)  # pay 1 mon -> 1 rice
    to_business(s, 0, 0)  # rice shop, stalls 0 and 1
    assert "c1" in ids(s) and "xr2" in ids(s)
    act(s, "c1")
    assert s.d["players"][0]["rice"] == 2 and s.d["players"][0]["mon"] == 7
    assert s.d["stalls"][1][3] == 1  # another player's character gains experience
    assert "c1" not in ids(s) and "xr2" in ids(s)
    act(s, "xr2")
    assert s.d["players"][0]["rice"] == 4 and s.d["players"][0]["mon"] == 4
    assert s.d["phase"] != "B" or s.d["step"].get("seat") != 0 or s.d["step"]["sub"] != "biz"


def test_own_character_gains_no_experience() -> None:
    s = empty_board(4)
    put(s, "Seamstress", 0, 0)
    to_business(s, 0, 0)
    act(s, "c0")
    assert s.d["players"][0]["mon"] == 10 and s.d["stalls"][0][3] == 0


def test_business_retires_another_players_character() -> None:
    s = empty_board(4)
    put(s, "Bookseller", 2, 2, exp=1)  # 2 experience gains retire it
    to_business(s, 0, 1)
    act(s, "c2")
    assert s.d["players"][0]["iki"] == 2
    assert s.d["stalls"][2] is None and card("Bookseller") in s.d["players"][2]["retired"]
    assert s.d["players"][2]["kobun"] == 4


def test_shop_trades_need_the_price() -> None:
    s = empty_board(4)
    s.d["players"][0]["mon"] = 2
    to_business(s, 0, 0)
    assert "xr1" in ids(s) and "xr2" not in ids(s)


def test_one_fish_per_season_and_premium() -> None:
    s = empty_board(4)
    s.d["players"][0]["mon"] = 20
    to_business(s, 0, 3)
    fish = [i for i in ids(s) if i.startswith("t")]
    assert len(fish) == 2  # the cheap fish (identical, offered once) and the premium one
    act(s, fish[-1])
    s.d["step"]["shop"] = False
    s._cache = None
    assert not [i for i in ids(s) if i.startswith("t")]


# ---------------------------------------------------------------- phase C
def test_mon_on_leftover_cards_except_payday() -> None:
    s = empty_board(4)
    left = [c for c, _ in s.d["row"]]
    s._phase_c([])
    assert [m for c, m in s.d["row"] if c in left] == [1, 1, 1, 1]
    assert [m for c, m in s.d["row"] if c not in left] == [0, 0, 0, 0]  # month 2's new cards
    s.check_invariants()
    s.d["month"] = 3
    s._phase_c([])  # payday: no mon, the leftovers leave
    assert s.d["month"] == 4 and all(m == 0 for _, m in s.d["row"])
    s.check_invariants()


def test_harmony_rulebook_example() -> None:
    """2 Kobun on brown characters in a Nagaya with 3 brown characters score 6."""
    s = empty_board(4)
    put(s, "Cooper", 4, 0)
    put(s, "Tatami weaver", 5, 0)
    put(s, "Fan maker", 6, 1)
    put(s, "Seamstress", 7, 2)  # yellow: alone, no harmony
    assert s.harmony() == [6, 3, 0, 0]


def test_harmony_corner_group_counts_twice_and_not_with_two_players() -> None:
    s = empty_board(4)
    put(s, "Cooper", 3, 0)
    put(s, "Fan maker", 7, 1)
    assert s.harmony() == [2, 2, 0, 0]  # the 5th Nagaya: the four inner corners
    put(s, "Tatami weaver", 6, 1)
    assert s.harmony() == [2, 2 + 2 * 2, 0, 0]  # stall 7 scores in Nagaya 2 and in the corners
    s2 = empty_board(2)
    put(s2, "Cooper", 2, 0)
    put(s2, "Fan maker", 5, 1)
    assert s2.harmony() == [0, 0]


def test_payday_salaries_harmony_and_starvation() -> None:
    s = empty_board(4)
    s.d["month"] = 3
    clear_row(s)
    put(s, "Tempura seller", 0, 0, exp=1)  # salary (0, 2, 2, 3): 2
    put(s, "Potter", 1, 0, exp=0)  # 0
    s.d["players"][0]["retired"].append(take(s, "Swordsmith"))  # retired: top slot 3
    s.d["players"][0]["rice"] = 1
    s.d["players"][1]["rice"] = 0
    put(s, "Cooper", 4, 1)
    evs: list = []
    s._phase_c(evs)
    assert s.d["players"][0]["mon"] == 8 + 5
    assert s.d["players"][1]["mon"] == 8 + 0
    # seat 0 feeds one of two; seat 1 feeds none of one: both must remove
    assert s.d["phase"] == "C_feed"
    assert s.d["players"][0]["rice"] == 0
    first = s.to_act()[0]
    assert first == 0 and sorted(ids(s)) == ["rm0", "rm1"]
    act(s, "rm1")
    assert s.d["stalls"][1] is None and s.d["players"][0]["kobun"] == 3
    assert s.to_act() == [1]
    act(s, "rm4")
    assert s.d["phase"] == "A" and s.d["month"] == 4  # then the calendar moves on
    assert all(D.SEASON_TOKENS[t][1] == 2 for t in s.d["tokens"])  # the summer tokens
    s.check_invariants()


def test_payday_changes_season_and_removes_unhired() -> None:
    s = empty_board(4)
    s.d["month"] = 3
    left = [c for c, _ in s.d["row"]]
    s._phase_c([])
    assert all(c in s.d["box"] for c in left)
    assert s.d["decks"][1] == [] and s.d["month"] == 4
    assert len(s.d["row"]) == 4 and all(D.CHARACTERS[c][1] == 2 for c, _ in s.d["row"])
    s.check_invariants()


def _fire(s: IkiState, month: int, nagaya: int) -> list[dict]:
    s.d["month"] = month
    clear_row(s)
    s.d["fire_tiles"] = [nagaya] + [k for k in range(4) if k != nagaya]
    evs: list = []
    s._phase_c_fire(evs)
    return evs


def test_fire_stopped_by_enough_firefighting() -> None:
    s = empty_board(4)
    put(s, "Cooper", 4, 1)
    s.d["players"][1]["ff"] = 3
    _fire(s, 5, 1)  # strength 3
    assert s.d["stalls"][4] is not None


def test_fire_kills_and_spreads_weaker() -> None:
    s = empty_board(4)
    put(s, "Cooper", 8, 1)  # edge
    put(s, "Fan maker", 9, 2)
    put(s, "Potter", 10, 3)
    s.d["players"][1]["ff"] = 2  # < 3: burnt
    s.d["players"][2]["ff"] = 1  # < 2: burnt
    s.d["players"][3]["ff"] = 1  # >= 1: stops it
    _fire(s, 5, 2)
    assert s.d["stalls"][8] is None and s.d["stalls"][9] is None
    assert s.d["stalls"][10] is not None
    assert s.d["players"][1]["kobun"] == 4 and card("Cooper") in s.d["box"]
    assert s.d["fires"][-1]["burnt"] == [["c", card("Cooper"), 1], ["c", card("Fan maker"), 2]]
    s.check_invariants()


def test_fire_weakens_over_empty_stalls_and_dies_out() -> None:
    s = empty_board(4)
    put(s, "Potter", 15, 0)  # the inner corner of Nagaya 4
    _fire(s, 5, 3)  # 3 empty stalls: 3 -> 0 before the corner
    assert s.d["stalls"][15] is not None
    s2 = empty_board(4)
    put(s2, "Potter", 15, 0)
    _fire(s2, 11, 3)  # strength 5 reaches the corner with 2
    assert s2.d["stalls"][15] is None


def test_fire_two_players_one_weaker_and_neutral_always_burns() -> None:
    s = empty_board(2)
    put(s, "Cooper", 0, -1)
    s.d["players"][0]["ff"] = 9
    s.d["players"][1]["ff"] = 9
    evs = _fire(s, 5, 0)
    assert s.d["stalls"][0] is None
    assert s.d["fires"][-1]["strength"] == 2
    assert any(e["type"] == "fire" for e in evs)


def test_fire_burns_buildings_too() -> None:
    s = empty_board(4)
    b = s.d["bavail"][0]
    s.d["bavail"].remove(b)
    s.d["stalls"][0] = ["b", b, 1, 0]
    s.d["players"][1]["kobun"] -= 1
    _fire(s, 5, 0)
    assert s.d["stalls"][0] is None and b in s.d["bbox"] and s.d["players"][1]["kobun"] == 4


# ---------------------------------------------------------------- buildings
def test_build_pays_wood_mon_surcharge_and_places_a_kobun() -> None:
    s = empty_board(4)
    b = bld("Fire Watchtower")
    s.d["bavail"] = [b]
    s.d["bbox"] = [x for x in range(10) if x != b]
    s.d["players"][0]["wood"] = 2
    set_mon(s, 0, 5)
    to_business(s, 0, 7)
    act(s, f"b{b}")
    # 3 mon + 2 wood leaves 2 mon: the +2 corner is still affordable
    assert "st3" in ids(s) and "st2" in ids(s)
    act(s, "st2")  # +1 mon
    p = s.d["players"][0]
    assert (p["wood"], p["mon"], p["kobun"], s.ff(0)) == (0, 1, 3, 2)
    assert s.d["stalls"][2] == ["b", b, 0, 2]  # its firefighting bonus, apart from the base, lost if it burns
    # a building cannot be used by an Oyakata
    to_business(s, 1, 1)
    assert "c2" not in ids(s, 1)
    s.check_invariants()


def test_farmhouse_rice_at_payday_before_feeding() -> None:
    s = empty_board(4)
    s.d["month"] = 3
    b = bld("Farmhouse")
    for where in (s.d["bavail"], s.d["bbox"]):
        if b in where:
            where.remove(b)
    s.d["stalls"][0] = ["b", b, 0, 0]
    s.d["players"][0]["kobun"] -= 1
    put(s, "Cooper", 1, 0)
    put(s, "Potter", 2, 0)
    s.d["players"][0]["rice"] = 0
    s._phase_c([])
    assert s.d["phase"] == "A" and s.d["players"][0]["rice"] == 0  # 2 rice fed both
    assert s.d["stalls"][1] is not None and s.d["stalls"][2] is not None


def test_imperial_villa_iki_at_payday() -> None:
    s = empty_board(4)
    s.d["month"] = 6
    b = bld("Imperial Villa")
    for where in (s.d["bavail"], s.d["bbox"]):
        if b in where:
            where.remove(b)
    s.d["stalls"][0] = ["b", b, 2, 0]
    s.d["players"][2]["kobun"] -= 1
    s._phase_c([])
    assert s.d["players"][2]["iki"] == 2
    assert s.score_breakdown(2)["buildings"] == D.BUILDINGS[b][3]
    s.check_invariants()


# ---------------------------------------------------------------- 2 players: neutral
def test_two_player_neutral_character() -> None:
    s = empty_board(2)
    sun = s.d["sun"]
    s._phase_c([])  # month 1 (odd): the sun player places
    assert s.d["phase"] == "C_neutral" and s.to_act() == [sun]
    c = s.d["row"][0][0]
    mons = s.d["row"][0][1]
    bank = s.d["bank"]
    act(s, f"nc{c}")
    act(s, "st5")
    assert s.d["stalls"][5] == ["c", c, -1, 0]  # no owner, no Kobun
    assert s.d["bank"] == bank + mons  # its mon went back to the bank
    assert s.d["month"] == 2 and s.d["blocked"] is not None
    s.check_invariants()
    s._phase_c([])  # month 2 (even): the moon player places
    assert s.to_act() == [1 - sun]


def test_neutral_leaves_after_business_without_experience() -> None:
    s = empty_board(2)
    put(s, "Seamstress", 5, -1)  # stall 2.3, reached from shop 4 on the 2-player side
    to_business(s, 0, 3)
    act(s, "c5")
    assert s.d["players"][0]["mon"] == 10
    assert s.d["stalls"][5] is None and card("Seamstress") in s.d["box"]
    s.check_invariants()


def test_neutral_removed_when_no_stall_is_free() -> None:
    s = empty_board(2)
    names = [D.CHARACTERS[c][0] for c in D.SEASON_CARDS[4][:12]]
    for i, name in enumerate(names):
        put(s, name, i, -1)
    s._phase_c([])
    c = s.d["row"][0][0]
    assert ids(s)[0].startswith("nc") and "Remove" in s.legal_actions(s.to_act()[0])[0].label
    act(s, f"nc{c}")
    assert c in s.d["box"] and s.d["month"] == 2
    s.check_invariants()


def test_neutral_counts_for_harmony() -> None:
    s = empty_board(2)
    put(s, "Cooper", 0, 0)
    put(s, "Fan maker", 1, -1)
    assert s.harmony() == [2, 0]


# ---------------------------------------------------------------- New Year and end
def test_new_year_in_firefighting_order_then_the_end() -> None:
    s = empty_board(3)
    s.d["month"] = 12
    clear_row(s)
    s.d["players"][2]["ff"] = 4
    s._phase_c([])
    assert s.d["phase"] == "NY" and all(p["pos"] is None for p in s.d["players"])
    assert s.to_act() == [2]
    assert len(ids(s)) == 8
    act(s, "ny4")
    assert s.d["players"][2]["pos"] == 4 and s.d["step"]["sub"] == "biz"
    act(s, "done")
    act(s, "ny0")
    act(s, "done")
    act(s, "ny7")
    act(s, "done")
    assert s.is_over() and s.to_act() == [] and s.winners()


def test_end_scoring() -> None:
    s = empty_board(2)
    p = s.d["players"][0]
    p.update(iki=5, mon=9, wood=2, koban=1, sandal=4, rice=0)
    p["retired"] = [take(s, "Seamstress"), take(s, "Cooper"), take(s, "Puppeteer")]
    fish1 = next(t for t in s.d["tokens"] if D.SEASON_TOKENS[t][0] == "fish" and D.SEASON_TOKENS[t][4])
    fish2 = next(t for t in s.d["tfuture"] if D.SEASON_TOKENS[t][0] == "fish" and D.SEASON_TOKENS[t][1] == 2)
    pouch = [t for t in s.d["tokens"] if D.SEASON_TOKENS[t][0] == "pouch"][-1]
    pipe = next(t for t in s.d["tokens"] if D.SEASON_TOKENS[t][0] == "pipe")
    p["tokens"] = [fish1, fish2, pouch, pipe]
    b = bld("Merchant House")
    s.d["stalls"][0] = ["b", b, 0, 0]
    out = s.score_breakdown(0)
    assert out["track"] == 5
    assert out["types"] == 9  # yellow, brown, and the Puppeteer as a third type
    assert out["fish"] == 6 + D.SEASON_TOKENS[fish1][3]
    assert out["tobacco"] == 2 * D.SEASON_TOKENS[pouch][3]
    assert out["buildings"] == 2 + 12  # printed 2 + 3 per sandal
    assert out["resources"] == 3 + 2 + 2
    assert out["total"] == sum(v for k, v in out.items() if k != "total")


def test_tie_goes_to_firefighting_then_stack() -> None:
    s = empty_board(2)
    s.d["final"] = [{"total": 10}, {"total": 10}]
    s.d["phase"] = "over"
    s.d["players"][0]["ff"], s.d["players"][1]["ff"] = 2, 3
    assert s.winners() == [1]
    s.d["players"][0]["ff"] = 3
    s.d["players"][0]["stamp"], s.d["players"][1]["stamp"] = 9, 4
    assert s.winners() == [0]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_game_ends_after_thirteen_rounds(n: int) -> None:
    s = GAME.new_state(n, 42)
    rng = random.Random(1)
    months = set()
    while not s.is_over():
        months.add(s.d["month"])
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)).id)
    assert months == set(range(0, 14))
    assert s.d["final"] is not None and s.scores() == [f["total"] for f in s.d["final"]]


# ---------------------------------------------------------------- conservation and contract
def test_conservation_is_checked() -> None:
    s = after_setup(3)
    s.check_invariants()
    s.d["players"][0]["mon"] += 1
    with pytest.raises(AssertionError):
        s.check_invariants()
    s = after_setup(3)
    s.d["players"][0]["kobun"] += 1
    with pytest.raises(AssertionError):
        s.check_invariants()
    s = after_setup(3)
    s.d["box"].append(s.d["row"][0][0])
    with pytest.raises(AssertionError):
        s.check_invariants()


def test_illegal_actions_leave_the_state_unchanged() -> None:
    s = after_setup(4)
    before = json.dumps(s.to_json(), sort_keys=True)
    for bad in ("inc", "ik9", "mv1", "h0", "done"):
        with pytest.raises(IllegalAction):
            s.apply(s.to_act()[0], bad)
    with pytest.raises(IllegalAction):
        s.apply((s.to_act()[0] + 1) % 4, "ik1")
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_views_hide_deck_order_and_fire_tiles() -> None:
    s = after_setup(2)
    for seat in (None, 0, 1):
        v = s.view(seat)
        text = json.dumps(v)
        assert "decks" not in v and "fire_tiles" in v and isinstance(v["fire_tiles"], int)
        assert v["deck_counts"] == {"1": 10, "2": 14, "3": 14, "4": 14}
        for c in s.d["decks"][2]:
            assert f'"name": "{D.CHARACTERS[c][0]}"' not in text
        for key in ("game", "seat", "num_players", "to_act", "scores", "over", "winners"):
            assert key in v
        assert v["seat"] == seat


def test_determinize_redraws_only_hidden_things() -> None:
    s = after_setup(4, seed=9)
    a = s.determinize(0, 123)
    b = s.determinize(0, 123)
    assert a.to_json() == b.to_json()
    assert a.view(0) == s.view(0)
    for k in (1, 2, 3, 4):
        assert sorted(a.d["decks"][k]) == sorted(s.d["decks"][k])
    # the result does not depend on the true hidden order
    t = s.copy()
    t.d["decks"][2].reverse()
    t.d["fire_tiles"].reverse()
    assert t.determinize(0, 123).to_json() == a.to_json()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_deep_contract(n: int) -> None:
    for seed in range(2):
        s = play_random(GAME, n, seed, {}, deep=seed == 0)
        assert s.is_over()


def test_action_groups_are_small_and_ids_short() -> None:
    rng = random.Random(3)
    for n in (2, 4):
        s = GAME.new_state(n, 8)
        while not s.is_over():
            seat = s.to_act()[0]
            acts = s.legal_actions(seat)
            groups: dict[str, int] = {}
            for a in acts:
                assert len(a.id) <= 6
                groups[a.group] = groups.get(a.group, 0) + 1
            assert max(groups.values()) <= 25
            s.apply(seat, rng.choice(acts).id)


def test_the_glance_line_says_what_a_turn_decides_on():
    from tests.test_texts import glance_after

    line, _ = glance_after("iki")
    assert "For hire:" in line, line


def test_iki_log_lines_are_sentences():
    game = REGISTRY["iki"]
    state = game.new_state(2, 1, {})
    rng = random.Random(1)
    shop = []
    while not state.is_over() and len(shop) < 10:
        seat = state.to_act()[0]
        for e in state.apply(seat, rng.choice(state.legal_actions(seat)).id):
            if e.get("type") == "shop":
                shop.append(e["text"])
    assert shop and all(re.match(r"^\{p\d\} [a-z]", t) for t in shop), shop


def test_the_description_names_the_month_and_the_characters_for_hire():
    from rendering import describe
    from tests.test_alt_text import NAMES, playthrough

    iki = next(s for i, s in enumerate(playthrough("iki", 3, 5)) if i == 20).view(None)
    text = describe("iki", iki, NAMES[:3])
    assert f"Month {iki['month']}" in text and all(c["name"] in text for c in iki["row"])

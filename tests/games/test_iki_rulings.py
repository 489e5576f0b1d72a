"""Iki: the rulings added after play-testing the engine (shared/design/iki.md, the end).

Player placeholders in labels, firefighting raises that fit under the cap, the Fire
Watchtower's ongoing bonus, building amounts read from the data module, the fish limit
read from it, and no scratch key left in the saved state during a payday.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from games.iki import data as D
from games.iki.state import IkiState
from tests.games.test_iki import (
    GAME,
    act,
    bld,
    card,
    clear_row,
    empty_board,
    ids,
    put,
    set_mon,
    take,
    to_business,
)


def _place_building(s: IkiState, name: str, stall: int, owner: int) -> int:
    b = bld(name)
    for where in (s.d["bavail"], s.d["bbox"]):
        if b in where:
            where.remove(b)
    s.d["stalls"][stall] = ["b", b, owner, 0]
    s.d["players"][owner]["kobun"] -= 1
    return b


def _patch_building(monkeypatch: pytest.MonkeyPatch, name: str, amount: int) -> None:
    rows = [(*row[:5], amount) if row[0] == name else row for row in D.BUILDINGS]
    monkeypatch.setattr(D, "BUILDINGS", rows)


# ---------------------------------------------------------------- labels
def test_character_labels_name_players_as_placeholders() -> None:
    s = empty_board(4)
    put(s, "Water seller", 1, 2)  # seat 2's character behind the rice shop
    to_business(s, 0, 0)
    label = next(a.label for a in s.legal_actions(0) if a.id == "c1")
    assert "{p2}" in label and "P3" not in label
    assert label.startswith("Water seller ({p2}):")  # the bot writes the name in


@pytest.mark.parametrize("n", [2, 4])
def test_no_label_or_prompt_names_a_player_by_number(n: int) -> None:
    s = GAME.new_state(n, 17)
    rng = random.Random(17)
    numbered = re.compile(r"\bP\d\b")
    while not s.is_over():
        seat = s.to_act()[0]
        acts = s.legal_actions(seat)
        for a in acts:
            assert not numbered.search(a.label), a.label
            assert len(a.label) <= 80 and a.label.count("{") == a.label.count("}")
        assert not numbered.search(s.prompt(seat))
        s.apply(seat, rng.choice(acts).id)


# ---------------------------------------------------------------- firefighting
@pytest.mark.parametrize(
    ("ff", "offered"), [(0, ["xf1", "xf2"]), (8, ["xf1", "xf2"]), (9, ["xf1"]), (10, [])]
)
def test_fire_brigade_offers_only_raises_that_fit_under_the_cap(ff: int, offered: list[str]) -> None:
    assert D.MAX_FF == 10
    s = empty_board(4)
    set_mon(s, 0, 20)
    s.d["players"][0]["ff"] = ff
    to_business(s, 0, D.SHOPS.index("fire"))
    assert [i for i in ids(s) if i.startswith("xf")] == offered


def test_the_last_step_below_the_cap_costs_one_step() -> None:
    s = empty_board(4)
    set_mon(s, 0, 20)
    s.d["players"][0]["ff"] = 9
    to_business(s, 0, D.SHOPS.index("fire"))
    act(s, "xf1")
    assert s.d["players"][0]["ff"] == 10 and s.d["players"][0]["mon"] == 18  # 2 mon for +1


def test_a_character_raise_is_not_offered_at_the_cap() -> None:
    s = empty_board(4)
    put(s, "Firework maker", 1, 2)  # business: +1 firefighting, free
    to_business(s, 0, 0)
    s.d["players"][0]["ff"] = 10
    assert "c1" not in ids(s)
    s.d["players"][0]["ff"] = 9
    s._cache = None
    assert "c1" in ids(s)
    act(s, "c1")
    assert s.d["players"][0]["ff"] == 10


# ---------------------------------------------------------------- Fire Watchtower
def _build_watchtower(s: IkiState, seat: int, stall: int) -> None:
    b = bld("Fire Watchtower")
    s.d["bavail"] = [b]
    s.d["bbox"] = [x for x in range(len(D.BUILDINGS)) if x != b]
    s.d["players"][seat]["wood"] = 2
    set_mon(s, seat, 10)
    to_business(s, seat, D.SHOPS.index("build"))
    act(s, f"b{b}")
    act(s, f"st{stall}")


def _fire(s: IkiState, month: int, nagaya: int) -> list[dict]:
    s.d["month"] = month
    clear_row(s)
    s.d["fire_tiles"] = [nagaya] + [k for k in range(4) if k != nagaya]
    evs: list[dict] = []
    s._phase_c_fire(evs)
    return evs


def test_watchtower_bonus_counts_while_it_stands_and_is_lost_when_it_burns() -> None:
    s = empty_board(4)
    _build_watchtower(s, 1, 0)  # Nagaya 1, edge stall
    p = s.d["players"][1]
    assert s.ff(1) == 2 and p["ff"] == 0  # the bonus is apart from the base
    stamp = p["stamp"]
    _fire(s, 5, 1)  # another Nagaya: it stands, the bonus stays
    assert s.d["stalls"][0] is not None and s.ff(1) == 2
    _fire(s, 8, 0)  # strength 4 > 2: it burns and takes its bonus with it
    assert s.d["stalls"][0] is None and s.ff(1) == 0
    assert p["stamp"] > stamp  # the disc moved: it goes on top of its new stack
    s.check_invariants()


def test_watchtower_saves_itself_while_standing() -> None:
    s = empty_board(4)
    s.d["players"][1]["ff"] = 1
    _build_watchtower(s, 1, 0)
    _fire(s, 5, 0)  # strength 3 <= 1 + 2
    assert s.d["stalls"][0] is not None and s.ff(1) == 3


def test_watchtower_near_the_cap_counts_up_to_the_cap_and_leaves_the_base() -> None:
    s = empty_board(4)
    s.d["players"][1]["ff"] = 9
    _build_watchtower(s, 1, 0)
    assert s.ff(1) == 10 and s.d["stalls"][0][3] == 2 and s.d["players"][1]["ff"] == 9
    s._kill(0)  # as a fire would
    assert s.ff(1) == 9


def _hire_plus_two(s: IkiState, seat: int, stall: int) -> None:
    """Hire a character whose hiring bonus is +2 firefighting (the Firework maker)."""
    s._place_char(seat, take(s, "Firework maker"), stall)


@pytest.mark.parametrize("tower_first", [True, False])
def test_watchtower_and_a_hire_at_the_cap_in_either_order(tower_first: bool) -> None:
    """Base 8: the tower (+2) and a +2 hire make 10 in either order, and 10 stays once the tower
    burns (the base is 8 + 2 = 10 on its own); the order of hires never changes what is left."""
    s = empty_board(4)
    s.d["players"][1]["ff"] = 8
    if tower_first:
        _build_watchtower(s, 1, 0)
        assert s.ff(1) == 10
        _hire_plus_two(s, 1, 5)
    else:
        _hire_plus_two(s, 1, 5)
        assert s.ff(1) == 10
        _build_watchtower(s, 1, 0)
    assert s.ff(1) == 10 and s.d["players"][1]["ff"] == 10
    s.check_invariants()
    s._kill(0)  # the tower burns
    assert s.ff(1) == 10
    s.check_invariants()


def test_a_save_from_before_the_split_loads_with_the_base_apart() -> None:
    """An old save held base + what the tower added (capped) in "ff" and that amount in the stall."""
    s = empty_board(4)
    s.d["players"][1]["ff"] = 9
    _build_watchtower(s, 1, 0)
    old = s.to_json()
    old.pop("ffsplit")
    old["players"][1]["ff"] = 10  # 9 + the 1 the tower could add under the cap
    old["stalls"][0][3] = 1
    loaded = IkiState.load(old)
    assert loaded.d["players"][1]["ff"] == 9 and loaded.d["stalls"][0][3] == 2 and loaded.ff(1) == 10
    loaded.check_invariants()
    assert IkiState.load(loaded.to_json()).to_json() == loaded.to_json()  # converted once


def test_raises_bought_while_the_watchtower_stands_are_kept() -> None:
    s = empty_board(4)
    _build_watchtower(s, 1, 0)
    p = s.d["players"][1]
    to_business(s, 1, D.SHOPS.index("fire"))
    act(s, "xf2")
    assert s.ff(1) == 4
    _fire(s, 11, 0)  # strength 5 > 4
    assert s.d["stalls"][0] is None and s.ff(1) == 2 and p["ff"] == 2


# ---------------------------------------------------------------- amounts in the data module
def test_building_amounts_come_from_the_data_module(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, amount in (("Farmhouse", 3), ("Imperial Villa", 5), ("Merchant House", 2), ("Restaurant", 2)):
        _patch_building(monkeypatch, name, amount)
    s = empty_board(4)
    s.d["month"] = 3
    _place_building(s, "Farmhouse", 0, 0)
    _place_building(s, "Imperial Villa", 4, 1)
    _place_building(s, "Merchant House", 8, 2)
    _place_building(s, "Restaurant", 12, 3)
    s.d["players"][0]["rice"] = 0
    s._phase_c([])
    assert s.d["players"][0]["rice"] == 3 and s.d["players"][1]["iki"] == 5
    s.d["players"][2]["sandal"] = 4
    s.d["players"][3]["rice"] = 3
    assert s.score_breakdown(2)["buildings"] == D.BUILDINGS[bld("Merchant House")][3] + 2 * 4
    assert s.score_breakdown(3)["buildings"] == D.BUILDINGS[bld("Restaurant")][3] + 2 * 3


def test_watchtower_amount_comes_from_the_data_module(monkeypatch: pytest.MonkeyPatch) -> None:
    _patch_building(monkeypatch, "Fire Watchtower", 3)
    s = empty_board(4)
    _build_watchtower(s, 0, 0)
    assert s.ff(0) == 3


def test_views_describe_building_abilities_with_their_amounts() -> None:
    s = empty_board(4)
    s.d["bavail"] = [bld("Farmhouse"), bld("Fire Watchtower"), bld("Tea House")]
    s.d["bbox"] = [b for b in range(len(D.BUILDINGS)) if b not in s.d["bavail"]]
    texts = [b["ability_text"] for b in s.view(None)["buildings"]]
    assert texts == ["+2 rice each payday", "+2 firefighting while it stands", ""]


def test_fish_limit_per_season_comes_from_the_data_module(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty_board(4)
    set_mon(s, 0, 30)
    to_business(s, 0, D.SHOPS.index("fish"))
    act(s, next(i for i in ids(s) if i.startswith("t")))
    s.d["step"]["shop"] = False
    s._cache = None
    assert not [i for i in ids(s) if i.startswith("t")]  # one fish per season
    monkeypatch.setattr(D, "FISH_PER_SEASON", 2)
    s._cache = None
    assert [i for i in ids(s) if i.startswith("t")]


# ---------------------------------------------------------------- saved state
def _two_unfed(s: IkiState) -> None:
    s.d["month"] = 3
    clear_row(s)
    put(s, "Tempura seller", 0, 0)
    put(s, "Potter", 1, 0)
    put(s, "Cooper", 4, 1)
    put(s, "Fan maker", 5, 1)
    s.d["players"][0]["rice"] = 0
    s.d["players"][1]["rice"] = 1
    s._phase_c([])


def test_payday_removals_leave_no_scratch_key_in_the_saved_state() -> None:
    s = empty_board(4)
    _two_unfed(s)
    assert s.d["phase"] == "C_feed" and s.to_act() == [0] and s.d["step"]["left"] == 2
    saved = s.to_json()
    assert not any(k.startswith("_") for k in saved) and "_starve" not in json.dumps(saved)
    s2 = GAME.load_state(json.loads(json.dumps(saved)))
    for state in (s, s2):
        act(state, "rm0")
        act(state, "rm1")
        assert state.to_act() == [1] and state.d["step"]["left"] == 1
        assert "_starve" not in json.dumps(state.to_json())
        act(state, "rm4")
        assert state.d["phase"] == "A"
    assert s.to_json() == s2.to_json()


def test_a_game_saved_with_the_old_scratch_key_loads() -> None:
    s = empty_board(4)
    _two_unfed(s)
    old = s.to_json()
    old["step"] = {"left": old["step"]["left"]}
    old["_starve"] = {"1": 1}  # the layout saved before the counts moved into the step
    s2 = GAME.load_state(old)
    assert "_starve" not in s2.to_json()
    act(s2, "rm0")
    act(s2, "rm1")
    assert s2.to_act() == [1] and s2.d["step"]["left"] == 1


# ---------------------------------------------------------------- a fire that dies out
def test_a_fire_that_dies_out_reaches_no_further_space_and_spares_the_neutral_beyond() -> None:
    """Strength 2 (month 5, 2 players): the empty edge stall takes it to 1, the character behind
    burns and takes it to 0; the fire stops there, and the neutral in the next stall is not killed
    (the rulebook kills neutrals "by fires that reach their space")."""
    s = empty_board(2)
    put(s, "Cooper", 1, 0)
    put(s, "Potter", 2, -1)  # a neutral character
    evs = _fire(s, 5, 0)
    assert s.d["fires"][-1]["strength"] == 2
    assert s.d["stalls"][1] is None  # burnt: 2 > 0
    assert s.d["stalls"][2] is not None and s.d["stalls"][2][2] == -1  # the neutral stands
    assert s.d["fires"][-1]["burnt"] == [["c", card("Cooper"), 0]]
    assert [e["text"] for e in evs if e["type"] == "fire"][-1] == "The fire dies out."
    s.check_invariants()


def test_a_neutral_in_reach_of_the_fire_is_killed() -> None:
    """The same street one stall shorter: the fire reaches the neutral with strength 1 and kills it."""
    s = empty_board(2)
    put(s, "Potter", 1, -1)
    _fire(s, 5, 0)
    assert s.d["stalls"][1] is None and s.d["fires"][-1]["burnt"] == [["c", card("Potter"), -1]]

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
from tests.games.test_iki import GAME, act, bld, clear_row, empty_board, ids, put, set_mon, to_business


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


def _fire(s: IkiState, month: int, nagaya: int) -> None:
    s.d["month"] = month
    clear_row(s)
    s.d["fire_tiles"] = [nagaya] + [k for k in range(4) if k != nagaya]
    s._phase_c_fire([])


def test_watchtower_bonus_counts_while_it_stands_and_is_lost_when_it_burns() -> None:
    s = empty_board(4)
    _build_watchtower(s, 1, 0)  # Nagaya 1, edge stall
    p = s.d["players"][1]
    assert p["ff"] == 2
    stamp = p["stamp"]
    _fire(s, 5, 1)  # another Nagaya: it stands, the bonus stays
    assert s.d["stalls"][0] is not None and p["ff"] == 2
    _fire(s, 8, 0)  # strength 4 > 2: it burns and takes its bonus with it
    assert s.d["stalls"][0] is None and p["ff"] == 0
    assert p["stamp"] > stamp  # the disc moved: it goes on top of its new stack
    s.check_invariants()


def test_watchtower_saves_itself_while_standing() -> None:
    s = empty_board(4)
    s.d["players"][1]["ff"] = 1
    _build_watchtower(s, 1, 0)
    _fire(s, 5, 0)  # strength 3 <= 1 + 2
    assert s.d["stalls"][0] is not None and s.d["players"][1]["ff"] == 3


def test_watchtower_near_the_cap_loses_only_what_it_added() -> None:
    s = empty_board(4)
    s.d["players"][1]["ff"] = 9
    _build_watchtower(s, 1, 0)
    assert s.d["players"][1]["ff"] == 10 and s.d["stalls"][0][3] == 1
    s.d["stalls"][1] = None
    s._kill(0)  # as a fire would
    assert s.d["players"][1]["ff"] == 9


def test_raises_bought_while_the_watchtower_stands_are_kept() -> None:
    s = empty_board(4)
    _build_watchtower(s, 1, 0)
    p = s.d["players"][1]
    to_business(s, 1, D.SHOPS.index("fire"))
    act(s, "xf2")
    assert p["ff"] == 4
    _fire(s, 11, 0)  # strength 5 > 4
    assert s.d["stalls"][0] is None and p["ff"] == 2


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
    assert s.d["players"][0]["ff"] == 3


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

"""Ike No Koi: rules, Garden cards, Sharing, exchange and the end of the game."""

from __future__ import annotations

import json
import random

import pytest

from games import REGISTRY, IllegalAction
from games.ikenokoi import data
from games.ikenokoi.data import BAMBOO, BRIDGE, LANTERN, LOTUS
from games.ikenokoi.state import IkeNoKoiState

GAME = REGISTRY["ikenokoi"]


def make(n: int = 3, top: list[int] = (), pool: list[int] | None = None, seed: int = 1) -> IkeNoKoiState:
    """A fresh game whose pond yields ``top`` first (in order) and whose pool is ``pool``."""
    st = GAME.new_state(n, seed)
    cards = data.deck(n)
    for c in [*top, *(pool or [])]:
        cards.remove(c)
    if pool is None:
        pool = [2, 3, 4]
        for c in pool:
            cards.remove(c)
    st.pool = list(pool)
    st.pond = cards + list(top)[::-1]
    st.check_invariants()
    return st


def play(st: IkeNoKoiState, *ids: str) -> list[dict]:
    events = []
    for i in ids:
        seat = st.to_act()[0]
        events += st.apply(seat, i)
        st.check_invariants()
    return events


def ids(st: IkeNoKoiState) -> list[str]:
    return [a.id for a in st.legal_actions(st.to_act()[0])]


# --- setup -----------------------------------------------------------------


@pytest.mark.parametrize(("n", "total"), [(2, 67), (3, 67), (4, 78), (5, 78)])
def test_setup_counts(n: int, total: int) -> None:
    st = GAME.new_state(n, 42)
    assert len(st.pond) + len(st.pool) == total
    assert len(st.pool) == 3
    assert len(st.secret) == n and len(set([st.common, *st.secret])) == n + 1
    assert st.to_act() == [0]
    assert (11 in st.pond + st.pool) == (n >= 4)
    assert ("11" in st.view(None)["token_values"]) == (n >= 4)


def test_player_counts() -> None:
    assert list(GAME.player_counts) == [2, 3, 4, 5]


# --- a turn ----------------------------------------------------------------


def test_must_draw_two_before_stopping() -> None:
    st = make(3, top=[5, 7, 9])
    assert ids(st) == ["draw"]
    play(st, "draw")
    assert ids(st) == ["draw"]
    play(st, "draw")
    assert set(ids(st)) == {"draw", "stop"}
    play(st, "stop")
    assert st.koi[0][5] == 1 and st.koi[0][7] == 1
    assert st.to_act() == [1] and st.river == []


def test_stop_after_three() -> None:
    st = make(3, top=[5, 7, 9])
    play(st, "draw", "draw", "draw", "stop")
    assert [st.koi[0][v] for v in (5, 7, 9)] == [1, 1, 1]


def test_first_two_identical_keeps_both() -> None:
    st = make(3, top=[6, 6])
    ev = play(st, "draw", "draw")
    assert st.koi[0][6] == 2 and st.to_act() == [1]
    assert any("identical" in e["text"] for e in ev)


def test_four_different_keeps_all_then_exchange_offered() -> None:
    st = make(3, top=[4, 5, 6, 7, 8, 8])
    st.koi[1][9] = 1  # something to take
    st.pond.remove(9)
    play(st, "draw", "draw", "draw", "draw")
    assert [st.koi[0][v] for v in (4, 5, 6, 7)] == [1, 1, 1, 1]
    assert st.phase == "exchange"
    assert "exchange:skip" in ids(st) and "exchange:s1:z9" in ids(st)
    play(st, "exchange:skip")
    assert st.to_act() == [1]


def test_duplicate_triggers_sharing_in_order() -> None:
    st = make(4, top=[3, 5, 9, 5])
    play(st, "draw", "draw", "draw", "draw")
    assert st.phase == "share" and st.to_act() == [1]
    assert ids(st) == ["take:0", "take:1", "take:2"]  # one per kind: 3, 5, 9
    play(st, "take:2")  # seat 1 takes the 9
    assert st.to_act() == [2]
    play(st, "take:0")  # seat 2 takes the 3
    assert st.river == []
    # only 5s left: no choice, seat 3 then seat 0 (the active player) get them
    assert st.koi[1][9] == 1 and st.koi[2][3] == 1 and st.koi[3][5] == 1 and st.koi[0][5] == 1
    assert st.to_act() == [1] and st.phase == "turn"


def test_sharing_comes_round_to_active_player_at_two_players() -> None:
    st = make(2, top=[3, 5, 3])
    play(st, "draw", "draw", "draw")
    assert st.to_act() == [1]
    play(st, "take:1")  # the 5
    assert st.koi[1][5] == 1 and st.river == []
    # seat 0 then seat 1 take the 3s automatically
    assert st.koi[0][3] == 1 and st.koi[1][3] == 1 and st.to_act() == [1]


def test_illegal_actions_refused_and_state_unchanged() -> None:
    st = make(3, top=[5, 7])
    before = json.dumps(st.to_json(), sort_keys=True)
    for bad in ["stop", "take:0", "bamboo:5", "exchange:skip", "lotus", "order:swap"]:
        with pytest.raises(IllegalAction):
            st.apply(0, bad)
    with pytest.raises(IllegalAction):
        st.apply(1, "draw")
    assert json.dumps(st.to_json(), sort_keys=True) == before


def test_roundtrip() -> None:
    st = make(3, top=[5, 7, 5])
    play(st, "draw", "draw", "draw")
    twin = GAME.load_state(json.loads(json.dumps(st.to_json())))
    assert twin.to_json() == st.to_json()


def test_first_two_identical_gardens_each_placed() -> None:
    st = make(3, top=[BAMBOO, BAMBOO])
    play(st, "draw", "draw")
    assert st.phase == "place" and st.to_act() == [0]
    assert ids(st) == [f"bamboo:{v}" for v in range(2, 11)]  # zone 11 is out at 3 players
    play(st, "bamboo:4", "bamboo:9")
    assert st.bamboo[0][4] == 1 and st.bamboo[0][9] == 1 and st.to_act() == [1]


def test_sharing_starts_left_and_wraps_at_five_players() -> None:
    st = make(5, top=[2, 2, 3, 4, 5, 3], pool=[9, 9, 9])  # seat 0: 2 2 (kept); seat 1: 3 4 5 3
    play(st, "draw", "draw")
    assert st.to_act() == [1]
    play(st, "draw", "draw", "draw", "draw")
    order = []
    while st.phase == "share":
        seat = st.to_act()[0]
        order.append(seat)
        play(st, ids(st)[0])
    assert order == [2, 3, 4]  # the last card (a lone kind) goes to seat 0 without a choice
    assert st.river == [] and st.to_act() == [2]
    # seat 4 and seat 0 got the remaining cards; the active seat 1 got nothing (4 cards, 4 others)
    gained = [sum(st.koi[s][v] for v in (3, 4, 5)) for s in range(5)]
    assert gained == [1, 0, 1, 1, 1]


def _short_pond(n: int, pond: list[int], pool: list[int] | None = None) -> IkeNoKoiState:
    """A game near its end: the pond holds ``pond`` (drawn left to right), the rest is set aside."""
    st = GAME.new_state(n, 5)
    rest = data.deck(n)
    st.pool = list(pool if pool is not None else [])
    for c in [*pond, *st.pool]:
        rest.remove(c)
    st.pond = list(pond)[::-1]
    st.discard = rest  # out of play: only the conservation count cares
    st.check_invariants()
    return st


def test_single_last_card_is_kept_and_game_ends() -> None:
    st = _short_pond(3, [7])
    assert ids(st) == ["draw"]
    play(st, "draw")
    assert st.koi[0][7] == 1 and st.is_over() and st.winners()


def test_pond_runs_out_with_duplicate_shares_then_ends() -> None:
    st = _short_pond(3, [7, 8, 7])
    play(st, "draw", "draw", "draw")
    assert st.phase == "share" and st.to_act() == [1]
    play(st, "take:1")  # the 8
    assert st.is_over()
    assert st.koi[1][8] == 1 and st.koi[2][7] == 1 and st.koi[0][7] == 1


def test_last_card_fourth_different_still_offers_exchange() -> None:
    st = _short_pond(3, [2, 3, 4, 5])
    st.discard.remove(9)
    st.koi[1][9] = 1
    play(st, "draw", "draw", "draw", "draw")
    assert st.phase == "exchange" and not st.pond
    play(st, "exchange:skip")
    assert st.is_over()


def test_stop_not_offered_after_one_card_even_near_end() -> None:
    st = _short_pond(3, [2, 3])
    play(st, "draw")
    assert ids(st) == ["draw"]


# --- exchange ---------------------------------------------------------------


def _four_different(n: int = 3) -> IkeNoKoiState:
    st = make(n, top=[4, 5, 6, 7])
    play(st, "draw", "draw", "draw", "draw")
    return st


def test_exchange_take_one_give_two() -> None:
    st = make(3, top=[4, 5, 6, 7])
    st.pond.remove(9)
    st.koi[1][9] = 1
    play(st, "draw", "draw", "draw", "draw")
    assert set(ids(st)) == {"exchange:s1:z9", "exchange:skip"}
    play(st, "exchange:s1:z9")
    assert st.phase == "give" and ids(st) == ["give:z4", "give:z5", "give:z6", "give:z7"]
    ev = play(st, "give:z4")
    assert "give:z4" not in ids(st)  # only one 4 to give
    ev += play(st, "give:z6")
    assert st.koi[0][9] == 1 and st.koi[0][4] == 0 and st.koi[0][6] == 0
    assert st.koi[1][9] == 0 and st.koi[1][4] == 1 and st.koi[1][6] == 1
    assert st.to_act() == [1]
    assert any(e["type"] == "exchange" and e["given"] == [4, 6] for e in ev)


def test_exchange_cannot_take_from_bridged_zone() -> None:
    st = make(3, top=[4, 5, 6, 7])
    for v in (9, 10):
        st.pond.remove(v)
    st.koi[1][9] = 1
    st.koi[1][10] = 1
    st.bridges[1] = [[9, 10]]
    st.discard.append(BRIDGE)
    st.pond.remove(BRIDGE)
    play(st, "draw", "draw", "draw", "draw")
    # the only Koi of the opponents are protected: no exchange is offered
    assert st.to_act() == [1] and st.phase == "turn"


def test_no_exchange_without_two_koi_to_give() -> None:
    st = make(3, top=[BAMBOO, LOTUS, LANTERN, 8])
    st.pond.remove(9)
    st.koi[1][9] = 1
    play(st, "draw", "draw", "draw", "draw")
    play(st, "bamboo:8")
    assert st.koi[0][8] == 1 and st.phase == "turn" and st.to_act() == [1]


def test_no_exchange_when_opponents_have_no_koi() -> None:
    st = _four_different()
    assert st.phase == "turn" and st.to_act() == [1]


def test_garden_cards_never_exchanged() -> None:
    st = make(3, top=[4, 5, 6, 7])
    st.pond.remove(BAMBOO)
    st.bamboo[1][9] = 1  # a bamboo alone in zone 9 is not a Koi: nothing to take there
    st.pond.remove(LANTERN)
    st.lanterns[1] = 1
    play(st, "draw", "draw", "draw", "draw")
    assert st.phase == "turn" and st.to_act() == [1]


def test_exchange_after_bridge_among_the_four() -> None:
    st = make(3, top=[4, 5, 6, BRIDGE])
    st.pond.remove(9)
    st.koi[1][9] = 1
    play(st, "draw", "draw", "draw", "draw")
    assert st.phase == "place" and len(ids(st)) == 11  # 13 pairs, 2 of them at zone 11 (out)
    play(st, "bridge:4-5")
    assert st.phase == "exchange" and "exchange:s1:z9" in ids(st)


# --- Garden cards -------------------------------------------------------------


def test_bamboo_counts_for_majority() -> None:
    st = make(3)
    st.koi[0][7] = 2
    st.koi[1][7] = 2
    assert st.honour_leaders()[7] is None
    st.bamboo[1][7] = 1
    assert st.honour_leaders()[7] == 1


def test_bamboo_gained_in_sharing_is_placed_before_next_pick() -> None:
    st = make(3, top=[BAMBOO, 5, 5])
    play(st, "draw", "draw", "draw")
    assert st.to_act() == [1] and st.phase == "share"
    play(st, "take:0")  # seat 1 takes the bamboo
    assert st.phase == "place" and st.to_act() == [1]
    play(st, "bamboo:6")
    assert st.bamboo[1][6] == 1
    assert st.koi[2][5] == 1 and st.koi[0][5] == 1  # the two 5s went on round the table


def test_bridge_is_discarded_and_placed_on_adjacent_zones() -> None:
    st = make(3, top=[BRIDGE, 3])
    play(st, "draw", "draw", "stop")
    assert st.phase == "place"
    legal = ids(st)
    assert "bridge:2-3" in legal and "bridge:2-7" in legal and "bridge:6-7" not in legal
    assert "bridge:2-4" not in legal
    play(st, "bridge:2-7")
    assert st.bridges[0] == [[2, 7]] and st.discard.count(BRIDGE) == 1


def test_second_bridge_cannot_repeat_the_same_pair() -> None:
    st = make(3, top=[BRIDGE, 3])
    st.pond.remove(BRIDGE)
    st.discard.append(BRIDGE)
    st.bridges[0] = [[2, 3]]
    play(st, "draw", "draw", "stop")
    assert "bridge:2-3" not in ids(st) and len(ids(st)) == 10  # 13 pairs - 2 at zone 11 - 1 placed


@pytest.mark.parametrize(("n", "pairs"), [(2, 11), (3, 11), (4, 13), (5, 13)])
def test_no_bridge_to_zone_eleven_when_it_is_out(n: int, pairs: int) -> None:
    st = make(n, top=[BRIDGE, 3])
    play(st, "draw", "draw", "stop")
    legal = ids(st)
    assert len(legal) == pairs == len(data.ADJACENT_PAIRS) - (2 if n <= 3 else 0)
    assert ("bridge:10-11" in legal) == ("bridge:6-11" in legal) == (n >= 4)


def test_lantern_shows_pool_only_to_owner() -> None:
    st = make(3, top=[LANTERN, 3], pool=[9, 10, LOTUS])
    assert st.view(0)["pool"] is None
    play(st, "draw", "draw", "stop")
    assert st.lanterns[0] == 1
    assert st.view(0)["pool"] == ["9", "10", "lotus"]
    assert st.view(1)["pool"] is None and st.view(None)["pool"] is None


def test_two_lanterns_take_pool_before_honour_tokens() -> None:
    st = _short_pond(3, [2, 3], pool=[9, 9, LOTUS])
    st.discard.remove(LANTERN)
    st.discard.remove(LANTERN)
    st.lanterns[1] = 2
    st.discard.remove(9)
    st.koi[2][9] = 1  # seat 2 leads 9 ... until the pool arrives
    assert st.honour_leaders()[9] == 2
    ev = play(st, "draw", "draw")  # the pond is empty: the river is kept, the game ends
    assert st.is_over() and st.pool == []
    assert st.koi[1][9] == 2 and st.lotus[1] == 1
    assert st.honour_leaders()[9] == 1
    assert 9 in st.breakdown()[1]["tokens"]
    assert any(e["type"] == "pool" for e in ev)


def test_pool_bamboo_is_placed_at_the_end() -> None:
    st = _short_pond(3, [2, 3], pool=[BAMBOO, BRIDGE, 4])
    for _ in range(2):
        st.discard.remove(LANTERN)
    st.lanterns[2] = 2
    play(st, "draw", "draw")
    assert not st.is_over() and st.phase == "place" and st.to_act() == [2]
    play(st, "bamboo:4")
    assert st.is_over() and st.bamboo[2][4] == 1 and st.koi[2][4] == 1
    assert st.honour_leaders()[4] == 2


def test_one_lantern_does_not_take_pool() -> None:
    st = _short_pond(3, [2, 3], pool=[9, 9, 9])
    st.discard.remove(LANTERN)
    st.lanterns[1] = 1
    play(st, "draw", "draw")
    assert st.is_over() and st.pool == [9, 9, 9] and st.koi[1][9] == 0
    assert st.view(None)["pool"] == ["9", "9", "9"]  # revealed once the game is over


def test_lotus_kept_scores_one() -> None:
    st = make(3, top=[LOTUS, 3])
    before = st.scores()[0]
    play(st, "draw", "draw", "stop")
    assert st.lotus[0] == 1 and st.breakdown()[0]["lotus"] == 1
    assert st.scores()[0] >= before + 1


def test_lotus_peek_and_reorder() -> None:
    st = make(3, top=[LOTUS, 3, 8, 9])  # seat 0 keeps lotus + 3; seat 1 ...
    play(st, "draw", "draw", "stop")
    st.lotus[1] = 0
    # give seat 1 nothing; back to seat 0 after two quick turns
    play(st, "draw", "draw", "stop")  # seat 1: 8, 9
    assert st.to_act() == [2]
    st.active = 0  # test shortcut: seat 0 acts again
    top2 = [st.pond[-1], st.pond[-2]]
    assert "lotus" in ids(st)
    ev = play(st, "lotus")
    assert st.phase == "order" and set(ids(st)) == {"order:keep", "order:swap"}
    priv = [e for e in ev if e.get("private_to") == 0]
    assert priv and priv[0]["cards"] == top2
    assert all(e.get("private_to") == 0 or str(top2) not in json.dumps(e) for e in ev)
    assert st.view(0)["peek"] == [data.KIND_NAMES[c] for c in top2]
    play(st, "order:swap")
    assert [st.pond[-1], st.pond[-2]] == top2[::-1]
    assert st.view(0)["peek"] == [data.KIND_NAMES[c] for c in top2[::-1]]
    assert st.lotus[0] == 0 and st.discard.count(LOTUS) == 1
    play(st, "draw")
    assert st.river == [top2[1]]
    assert st.view(0)["peek"] == [data.KIND_NAMES[top2[0]]]  # the second stays known
    assert "lotus" not in ids(st)  # no lotus left


def test_lotus_between_draws() -> None:
    st = make(3, top=[2, 3])
    st.pond.remove(LOTUS)
    st.lotus[0] = 1
    play(st, "draw")
    assert "lotus" in ids(st)
    play(st, "lotus", "order:keep", "draw")
    assert st.river == [2, 3] and st.phase == "turn"


def test_lotus_with_one_pond_card_has_no_order_step() -> None:
    st = _short_pond(3, [6])
    st.discard.remove(LOTUS)
    st.lotus[0] = 1
    play(st, "lotus")
    assert st.phase == "turn" and st.view(0)["peek"] == ["6"] and ids(st) == ["draw"]


def test_lotus_not_usable_outside_own_turn() -> None:
    st = make(3, top=[5, 6])
    st.pond.remove(LOTUS)
    st.lotus[1] = 1
    with pytest.raises(IllegalAction):
        st.apply(1, "lotus")


def test_the_glance_line_says_what_a_turn_decides_on():
    from tests.test_texts import glance_after

    line, _ = glance_after("ikenokoi")
    assert "River:" in line, line


def test_the_description_names_the_pond_and_the_river():
    from rendering import describe
    from tests.test_alt_text import NAMES, playthrough

    koi = next(s for i, s in enumerate(playthrough("ikenokoi", 3, 5)) if i == 12).view(None)
    text = describe("ikenokoi", koi, NAMES[:3])
    assert f"Pond: {koi['pond_size']} cards" in text and "River: " in text


@pytest.mark.parametrize("n", [3, 5])
def test_the_end_of_ike_no_koi_says_every_secret_challenge_whole(n):
    """At the end the secret challenges are public: the alt text names each player's whole, with
    what it earned, within the limit Discord keeps (the ponds' details come after them)."""
    from rendering import DESCRIPTION_LIMIT, describe

    state = REGISTRY["ikenokoi"].new_state(n, 8)
    rng = random.Random(8)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    view = state.view(None)
    names = ["Bartholomew-Alexander", "bob", "carol", "dave", "erin"][:n]
    text = describe("ikenokoi", view, names)
    assert len(text) <= DESCRIPTION_LIMIT
    for seat, p in enumerate(view["players"]):
        lotus = p["score"]["secret"]
        assert f"{names[seat]}'s secret, {lotus} lotus: {p['challenge']['text']}" in text

"""Ike No Koi: rules, Garden cards, Sharing, exchange and the end of the game."""

from __future__ import annotations

import json

import pytest

from games import REGISTRY, IllegalAction
from games.ikenokoi import data
from games.ikenokoi.state import IkeNoKoiState

GAME = REGISTRY["ikenokoi"]


def make(n: int = 3, top: list[int] = (), pool: list[int] | None = None, seed: int = 1) -> IkeNoKoiState:
    """A fresh game whose pond yields ``top`` first (in order) and whose pool is ``pool``."""
    st = GAME.new_state(n, seed)
    cards = data.deck(n)
    for c in [*top, *(pool or [])]:
        cards.remove(c)
    if pool is None:
        pool, cards = cards[-3:], cards[:-3]
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

"""Iwari base game: set-up, placement rules, turn flow, scoring, end, Feats, hidden info."""

from __future__ import annotations

import json
import random

import pytest

from games import REGISTRY, IllegalAction, IllegalSetup
from games.iwari import feats
from games.iwari.board import get_board
from games.iwari.data import BIOME_CODES, CARD_COUNTS, MOUNTAIN_SYMBOLS, TENTS_PER_TRIBE
from games.iwari.maps import MAPS
from games.iwari.placement import Placement
from games.iwari.scoring import settlements, tent_points, totem_holders
from games.iwari.state import IwariState, card_total
from tests.contract import play_random

GAME = REGISTRY["iwari"]
NH = "new-horizons"


def new(n: int = 3, seed: int = 1, **opts) -> IwariState:
    return GAME.new_state(n, seed, {"map": NH, **opts})


def set_hand(s: IwariState, seat: int, cards: str) -> None:
    """Give a seat exactly these cards (codes T F G C D), swapping with the deck."""
    for b in range(5):
        s.deck += [b] * s.hands[seat][b]
    s.hands[seat] = [0] * 5
    for code in cards:
        b = BIOME_CODES.index(code)
        s.deck.remove(b)
        s.hands[seat][b] += 1
    s.known[seat] = [0] * 5
    s._cache = None


def set_display(s: IwariState, cards: list[int]) -> None:
    s.deck += s.display
    for b in cards:
        s.deck.remove(b)
    s.display = sorted(cards)
    s._cache = None


def sp(s: IwariState, name: str) -> int:
    return s.board.space_name.index(name)


def put_tents(s: IwariState, tribe: int, *names: str) -> None:
    for name in names:
        s.owner[sp(s, name)] = tribe
        s.tents_left[tribe] -= 1
    s._cache = None


def put_totems(s: IwariState, tribe: int, terr_id: int, k: int) -> None:
    s.totems[terr_id - 1][tribe] += k
    s.totems_left[tribe] -= k
    s._cache = None


def play(s: IwariState, seat: int, terr: str, combo: str, spaces: str = "") -> list[dict]:
    """Territory, pieces, spaces; steps with a single answer are skipped by the engine."""
    events = s.apply(seat, terr)
    if s.phase == "pieces":
        events += s.apply(seat, combo)
    else:
        assert s.pending is None or s.pending[1:] == [combo[1:].split("-")[0], combo.split("-")[1]]
    if s.phase == "space" and spaces:
        events += s.apply(seat, spaces)
    return events


def ids(s: IwariState, seat: int | None = None) -> list[str]:
    return [a.id for a in s.legal_actions(s.cur if seat is None else seat)]


# ---------------------------------------------------------------- maps and set-up
@pytest.mark.parametrize("key", ["new-horizons", "vast-lands"])
def test_map_parameters(key: str) -> None:
    b = get_board(key)
    assert b.num_territories == 12
    biomes = [b.biome.count(i) for i in range(5)]
    assert biomes == [3, 3, 2, 2, 2]  # more Tundra and Forest
    assert all(4 <= len(sp_) <= 7 for sp_ in b.spaces)
    assert b.num_spaces == 64
    assert 18 <= len(b.connections) <= 20
    water = sum(c.water for c in b.connections)
    assert 4 <= water <= 6
    for symbol in (1, 2, 3, 4):
        marked = [c for c in b.connections if c.mountain == symbol]
        assert len(marked) == 2 and not any(c.water for c in marked)
    # Each territory's Tent spaces are linked by roads, so settlements of 4+ fit in many places.
    for spaces in b.spaces:
        seen, todo = {spaces[0]}, [spaces[0]]
        while todo:
            for t in b.roads[todo.pop()]:
                if t in spaces and t not in seen:
                    seen.add(t)
                    todo.append(t)
        assert seen == set(spaces)
    crossing = sum(1 for s, r in enumerate(b.roads) for t in r if b.space_terr[t] != b.space_terr[s])
    assert crossing >= 10


@pytest.mark.parametrize(("n", "symbols", "deck"), [(2, 4, 47), (3, 3, 47), (4, 2, 52), (5, 1, 57)])
def test_setup_by_player_count(n: int, symbols: int, deck: int) -> None:
    s = new(n, seed=n)
    assert MOUNTAIN_SYMBOLS[n] == symbols
    assert len(s.mountains) == symbols
    assert sorted(s.board.connections[k].mountain for k in s.mountains) == list(range(1, symbols + 1))
    assert sum(card_total(n)) == deck
    assert len(s.deck) + len(s.display) + sum(map(sum, s.hands)) == deck
    assert all(sum(h) == 3 for h in s.hands)
    assert len(s.display) == 4
    assert s.num_tribes == (3 if n == 2 else n)
    assert s.cur == 0 and s.phase == "act"
    assert sum(CARD_COUNTS) == 57


def test_mountains_are_random_between_the_two_connections() -> None:
    seen = {tuple(new(2, seed=k).mountains) for k in range(30)}
    assert len(seen) > 1


def test_bad_setups_are_refused() -> None:
    with pytest.raises(IllegalSetup):
        GAME.new_state(1, 0, {})
    with pytest.raises(IllegalSetup):
        GAME.new_state(6, 0, {})  # 6 players only on The Void
    with pytest.raises(IllegalSetup):
        GAME.new_state(7, 0, {"map": "the-void"})


# ---------------------------------------------------------------- placement rules
def test_unexplored_territory_takes_exactly_one_tent() -> None:
    s = new()
    t2 = 1  # T2 Forest, empty
    assert s.placement.piece_options(0, t2) == ["T"]
    set_hand(s, 0, "FFC")
    assert s.placement.combos(0, t2, s.hands[0]) == [("T", "F", None)]
    set_hand(s, 0, "FCC")
    assert s.placement.combos(0, t2, s.hands[0]) == [("T", "F", None), ("T", "CC", None)]


def test_explored_territory_two_pieces_and_totem_limit() -> None:
    s = new()
    put_tents(s, 1, "2a")  # T2 explored by tribe 1, majority size 1
    opts = s.placement.piece_options(0, 1)
    assert opts == ["T", "M", "TT", "TM"]  # MM would exceed the limit of 1
    put_totems(s, 1, 2, 1)
    opts = s.placement.piece_options(0, 1)
    # Limit reached: a lone Totem is out, but a Tent first raises no limit for tribe 0 (1 Tent).
    assert "M" not in opts and "MM" not in opts and "TM" not in opts
    put_tents(s, 0, "2b")
    # Tribe 0 holds 1 Tent: placing a second raises the majority to 2, so Tent + Totem fits.
    assert "TM" in s.placement.piece_options(0, 1)
    assert "M" not in s.placement.piece_options(0, 1)


def test_no_totem_without_tents_and_no_tent_when_full() -> None:
    s = new()
    assert "M" not in s.placement.piece_options(0, 2)  # T3 unexplored
    put_tents(s, 1, "3a", "3b", "3c", "3d")  # T3 Coast full
    assert s.placement.piece_options(0, 2) == ["M", "MM"]
    put_totems(s, 1, 3, 4)
    assert s.placement.piece_options(0, 2) == []


def test_payments_wild_pairs_and_three_card_limit() -> None:
    pay = Placement.payments
    forest = BIOME_CODES.index("F")
    assert pay([0, 1, 0, 2, 0], forest, 1) == ["F", "CC"]
    assert pay([0, 1, 0, 2, 0], forest, 2) == ["FCC"]
    assert pay([0, 2, 0, 0, 0], forest, 2) == ["FF"]
    assert pay([2, 0, 0, 0, 0], forest, 2) == []  # two wilds would be 4 cards
    assert pay([0, 2, 0, 0, 0], forest, 1) == ["F"]  # a pair of Forest is no wild in Forest
    assert pay([0, 0, 1, 1, 1], forest, 1) == []


def test_territory_choices_only_where_a_play_exists() -> None:
    s = new()
    set_hand(s, 0, "TGD")
    terr = [a.id for a in s.legal_actions(0) if a.group == "territory"]
    want = [f"t{t + 1}" for t in range(12) if s.board.biome[t] in (0, 2, 4)]
    assert terr == want
    labels = {a.id: a.label for a in s.legal_actions(0)}
    assert labels["t1"] == "T1 Tundra"
    assert {"xT", "xG", "xD"} <= set(labels)


def test_play_steps_territory_pieces_spaces() -> None:
    s = new()
    put_tents(s, 1, "2a")
    set_hand(s, 0, "FFC")
    s.apply(0, "t2")
    assert s.phase == "pieces"
    got = ids(s)
    assert "cTT-FF" in got and "cTM-FF" in got and "cT-F" in got and "back" in got
    assert all(len(i) <= 80 for i in got)
    s.apply(0, "cTT-FF")
    assert s.phase == "space"
    spaces = [i for i in ids(s) if i.startswith("s")]
    assert len(spaces) == 10  # pairs of the 5 free spaces
    events = s.apply(0, "s2b2d")
    assert s.owner[sp(s, "2b")] == 0 and s.owner[sp(s, "2d")] == 0
    assert s.hands[0][BIOME_CODES.index("F")] == 0 and s.discard[BIOME_CODES.index("F")] == 2
    assert any("2 Tents (2b, 2d) in T2 Forest" in e["text"] for e in events)
    assert s.phase == "draw"
    s.check_invariants()


def test_single_choice_steps_are_taken_for_the_player() -> None:
    s = new()
    put_tents(s, 1, "3a", "3b", "3c")  # T3 Coast: one free space
    set_hand(s, 0, "CTD")
    s.apply(0, "t3")
    assert s.phase == "pieces"  # Tent or Totem: a real choice
    s.apply(0, "cT-C")
    assert s.owner[sp(s, "3d")] == 0  # the only free space, no question asked


def test_back_returns_to_the_territory_choice_a_bounded_number_of_times() -> None:
    s = new()
    set_hand(s, 0, "FCC")
    for _ in range(4):
        s.apply(0, "t2")
        s.apply(0, "back")
    s.apply(0, "t2")
    assert "back" not in ids(s)
    with pytest.raises(IllegalAction):
        s.apply(0, "back")


def test_totem_after_own_tent_in_the_same_turn() -> None:
    s = new()
    put_tents(s, 1, "2a")
    put_tents(s, 0, "2b")
    put_totems(s, 1, 2, 1)
    set_hand(s, 0, "FFT")
    s.apply(0, "t2")
    assert "cTM-FF" in ids(s) and "cM-F" not in ids(s)
    s.apply(0, "cTM-FF")
    s.apply(0, "s2c")
    assert s.totems[1] == [1, 1, 0] and s.placement.tent_counts(1)[0] == 2


def test_discard_and_draw() -> None:
    s = new()
    set_hand(s, 0, "TFG")
    set_display(s, [0, 1, 2, 3])
    s.apply(0, "xT")
    assert sum(s.hands[0]) == 2 and s.discard[0] == 1
    assert s.phase == "draw"
    assert ids(s) == ["dT", "dF", "dG", "dC", "deck"]
    s.apply(0, "dC")
    assert s.hands[0][3] == 1 and s.known[0][3] == 1
    assert s.cur == 1 and len(s.display) == 4  # refilled after the hand is full
    s.check_invariants()


def test_refill_each_draw_is_a_choice_in_any_order() -> None:
    s = new()
    set_hand(s, 0, "FCC")
    set_display(s, [1, 1, 2, 3])
    play(s, 0, "t2", "cT-CC", "s2a")
    assert s.phase == "draw" and s.cur == 0
    s.apply(0, "deck")
    assert s.phase == "draw"
    s.apply(0, "dG")
    assert s.cur == 1 and sum(s.hands[0]) == 3
    assert len(s.display) == 4


def two_to_draw(**opts) -> IwariState:
    """Seat 0 has played two cards and must take two: Forest, Forest, Glacier, Coast on display."""
    s = new(**opts)
    set_hand(s, 0, "FCC")
    set_display(s, [1, 1, 2, 3])
    play(s, 0, "t2", "cT-CC", "s2a")
    assert s.phase == "draw" and s.cur == 0 and sum(s.hands[0]) == 1
    return s


def same_as_steps(s: IwariState, whole: str, *steps: str) -> list[dict]:
    """``whole`` leaves the game as ``steps`` taken one by one would, with the same events."""
    one, apart = s.copy(), s.copy()
    events = one.apply(0, whole)
    assert events == [e for step in steps for e in apart.apply(0, step)]
    assert one.to_json() == apart.to_json()
    one.check_invariants()
    return events


def test_a_whole_refill_in_one_step() -> None:
    s = two_to_draw()
    assert ids(s) == ["dF", "dG", "dC", "deck", "r2", "rF1", "rG1", "rC1"]
    labels = {a.id: (a.label, a.group) for a in s.legal_actions(0)}
    assert labels["r2"] == ("Draw 2 from the deck", "refill")
    assert labels["rG1"] == ("Take Glacier, draw 1 from the deck", "refill")
    same_as_steps(s, "r2", "deck", "deck")
    events = same_as_steps(s, "rG1", "dG", "deck")
    assert [e["type"] for e in events if e.get("private_to") is None][:2] == ["draw", "draw"]
    s.apply(0, "rF1")
    assert s.cur == 1 and sum(s.hands[0]) == 3 and len(s.display) == 4
    # One card to take: the single draws are the whole refill; nothing more is offered.
    s.apply(1, "xT" if s.hands[1][0] else next(i for i in ids(s) if i[0] == "x"))
    assert s.phase == "draw" and not [i for i in ids(s) if i[0] == "r"]


def test_a_whole_refill_scores_half_journey_when_the_deck_runs_out_midway() -> None:
    s = two_to_draw()
    put_tents(s, 1, "5a", "5b")
    while len(s.deck) > 1:  # one card left: the second draw comes from the reshuffled discards
        s.discard[s.deck.pop()] += 1
    s._cache = None
    assert "r2" in ids(s)
    events = same_as_steps(s, "r2", "deck", "deck")
    assert any("half journey" in e["text"].lower() for e in events)
    s.apply(0, "r2")
    assert s.exhaustions == 1 and sum(s.hands[0]) == 3
    assert s.breakdown["half"][1] > 0 and s.score == s.breakdown["half"]


def test_a_whole_refill_is_offered_only_when_the_deck_holds_it() -> None:
    s = two_to_draw()
    s.exhaustions = 1  # after half journey the discards never come back: the deck is all there is
    while len(s.deck) > 1:
        s.discard[s.deck.pop()] += 1
    s._cache = None
    assert [i for i in ids(s) if i[0] == "r"] == ["rF1", "rG1", "rC1"]
    same_as_steps(s, "rC1", "dC", "deck")
    s.apply(0, "rC1")
    assert s.end_triggered and sum(s.hands[0]) == 3


def test_no_whole_refill_in_solo() -> None:
    s = GAME.new_state(1, 3, {"map": NH, "mode": "solo"})
    rng = random.Random(3)
    while not s.over:
        acts = s.legal_actions(s.cur)
        assert all(a.group != "refill" for a in acts)
        s.apply(s.cur, rng.choice(acts).id)


# ---------------------------------------------------------------- two players: the third tribe
def test_third_tribe_plays_after_the_players_action() -> None:
    s = new(2)
    set_hand(s, 0, "FFT")
    play(s, 0, "t2", "cT-F", "s2a")
    assert s.phase == "act" and s.neutral and s.tribe == 2
    got = ids(s)
    assert got and all(i.startswith("t") for i in got)  # no discard for the third tribe
    assert "t1" in got
    s.apply(0, "t1")
    s.apply(0, "s1c") if s.phase == "space" else None
    assert sum(1 for o in s.owner if o == 2) == 1
    assert s.phase == "draw" and not s.neutral
    s.check_invariants()


def test_third_tribe_skipped_without_cards_or_plays() -> None:
    s = new(2)
    put_tents(s, 1, "2a")
    set_hand(s, 0, "FFF")
    play(s, 0, "t2", "cTT-FF", "s2b2c")
    # One Forest left: the third tribe must use it.
    assert s.neutral
    s2 = new(2)
    put_tents(s2, 1, "2a")
    set_hand(s2, 0, "FFG")
    # Block every Glacier territory for the third tribe: full and at the Totem limit.
    for t in (4, 6):
        names = s2.board.spaces[t - 1]
        for x in names:
            s2.owner[x] = 1
            s2.tents_left[1] -= 1
        put_totems(s2, 1, t, len(names))
    play(s2, 0, "t2", "cTT-FF", "s2b2c")
    assert not s2.neutral and s2.phase == "draw"


def test_third_tribe_win_means_both_players_lose() -> None:
    s = new(2)
    s.score = [10, 12, 30]
    s.breakdown["half"] = [10, 12, 30]
    s.end_triggered = True
    s.cur = 1
    s.placement._final_scoring()
    assert s.over and s.neutral_won and s.winners() == []
    assert s.view(None)["neutral_won"] is True


def test_third_tribe_tied_with_a_player_does_not_beat_them() -> None:
    s = new(2)
    s.score = [30, 12, 30]
    s.breakdown["half"] = [30, 12, 30]
    s.placement._final_scoring()
    assert not s.neutral_won and s.winners() == [0]


# ---------------------------------------------------------------- scoring
def test_tent_scoring_rulebook_example() -> None:
    # Desert: Tundra tribe 3, Glaciers 2, Forest 1, Coast 1 -> 7 / 3 / 2 / 2.
    assert tent_points([3, 2, 1, 1]) == [7, 3, 2, 2]
    assert tent_points([0, 2, 2, 1]) == [0, 5, 5, 2]
    assert tent_points([0, 0, 0]) == [0, 0, 0]


def test_tent_scoring_on_the_board() -> None:
    s = new(4)
    put_tents(s, 0, "5a", "5b", "5c")
    put_tents(s, 1, "5d", "5e")
    put_tents(s, 2, "5f")
    put_tents(s, 3, "5g")
    assert s.placement._score_tents(multiply=False) == [7, 3, 2, 2]


def test_totem_connection_rulebook_example() -> None:
    # Glaciers territory: Glaciers tribe and Coast tribe tie; Tundra territory: Coast leads.
    glacier, tundra = [0, 1, 0, 1], [1, 0, 0, 2]
    assert totem_holders(glacier, tundra) == [3]
    s = new(4)
    s.mountains = []
    # Connection 10 joins T6 Glacier and T7 Tundra.
    put_tents(s, 0, "6a", "6b", "7a", "7b", "7c")
    s.totems[5] = [0, 1, 0, 1]
    s.totems[6] = [1, 0, 0, 2]
    s.totems_left = [7, 7, 8, 5]
    assert s.placement._score_totems() == [0, 0, 0, 5]


def test_mountain_blocks_a_connection() -> None:
    s = new(4)
    k = next(i for i, c in enumerate(s.board.connections) if c.mountain)
    c = s.board.connections[k]
    s.totems[c.a][0] = 1
    s.totems[c.b][0] = 1
    s.mountains = []
    assert s.placement._score_totems()[0] >= 2
    s.mountains = [k]
    before = s.placement._score_totems()[0]
    s.mountains = []
    assert before < s.placement._score_totems()[0]


def test_settlements_four_connected_tents_cross_borders() -> None:
    s = new()
    b = s.board
    # 1c-1d and the road 1d-5b, 1c-2a.
    put_tents(s, 0, "1c", "1d", "5b")
    assert settlements(b, s.owner, 0) == []
    put_tents(s, 0, "2a")
    groups = settlements(b, s.owner, 0)
    assert len(groups) == 1 and len(groups[0]) == 4
    assert s.placement._score_settlements()[0] == 4
    put_tents(s, 0, "2c")  # not connected to the group
    assert s.placement._score_settlements()[0] == 4


def test_half_journey_scoring_at_first_exhaustion() -> None:
    s = new()
    put_tents(s, 1, "5a", "5b")
    put_tents(s, 2, "5c")
    set_hand(s, 0, "")
    # Move all but one deck card to the discard pile.
    while len(s.deck) > 1:
        s.discard[s.deck.pop()] += 1
    s.phase = "draw"
    events = s.apply(0, "deck")
    assert s.exhaustions == 1
    assert s.breakdown["half"] == [0, 3, 2]
    assert s.score == [0, 3, 2]
    assert len(s.deck) > 0 and sum(s.discard) == 0
    assert any("half journey" in e["text"].lower() for e in events)


def test_second_exhaustion_ends_after_the_round() -> None:
    s = new(3)
    s.exhaustions = 1
    set_hand(s, 0, "FFT")
    while len(s.deck) > 1:
        s.discard[s.deck.pop()] += 1
    play(s, 0, "t2", "cT-F", "s2a")
    while s.cur == 0 and not s.over:
        s.apply(0, ids(s)[-1])
    assert s.end_triggered and not s.over and s.cur == 1
    assert s.view(None)["final_round"]
    rng = random.Random(0)
    while not s.over:
        s.apply(s.cur, rng.choice(ids(s)))
    assert s.over and s.exhaustions == 2
    assert sum(s.breakdown["tents"]) > 0


def test_out_of_tents_ends_after_the_round() -> None:
    s = new(3)
    names = [n for n in s.board.space_name if n[0] in "5679"][: TENTS_PER_TRIBE - 1]
    put_tents(s, 1, *names)
    assert s.tents_left[1] == 1
    s.cur = 1
    s.tribe = 1
    set_hand(s, 1, "FTT")
    play(s, 1, "t2", "cT-F", "s2a")
    assert s.end_triggered
    rng = random.Random(3)
    while s.cur == 1:
        s.apply(1, rng.choice(ids(s)))
    assert s.cur == 2 and not s.over
    while not s.over:
        assert s.cur == 2
        s.apply(2, rng.choice(ids(s)))


def test_tie_break_by_unused_pieces() -> None:
    s = new(3)
    s.score = [20, 20, 5]
    s.breakdown["half"] = [20, 20, 5]
    s.tents_left = [10, 12, 20]
    s.placement._final_scoring()
    assert s.winners() == [1]
    s = new(3)
    s.score = [20, 20, 5]
    s.breakdown["half"] = [20, 20, 5]
    s.placement._final_scoring()
    assert s.winners() == [0, 1]


# ---------------------------------------------------------------- Feats
def test_feats_rulebook_example_15_9() -> None:
    s = new(3, feats=True)
    put_tents(s, 0, "5a", "5b", "5c")
    put_tents(s, 2, "5d", "5e")
    s.feats = [["union", 0, "T5"], ["union", 2, "T5"]]
    assert feats.territory_multiplier(s, 4) == 3
    assert s.placement._score_tents(multiply=True) == [15, 0, 9]
    assert s.placement._score_tents(multiply=False) == [5, 0, 3]


def test_discovery_on_the_last_tent_space() -> None:
    s = new(3, feats=True)
    put_tents(s, 1, "3a", "3b", "3c")
    set_hand(s, 0, "CTT")
    s.apply(0, "t3")
    s.apply(0, "cT-C")
    assert s.phase == "feat"
    got = ids(s)
    assert "fT3" not in got and "fT1" in got and "fskip" in got
    s.apply(0, "fT5")
    assert s.feats == [["discovery", 0, "T5"]]
    assert feats.territory_multiplier(s, 4) == 2
    assert s.phase == "draw"


def test_union_on_completing_a_settlement() -> None:
    s = new(3, feats=True)
    put_tents(s, 0, "1c", "1d", "5b")
    set_hand(s, 0, "FTT")
    play(s, 0, "t2", "cT-F", "s2a")
    assert s.phase == "feat"
    assert sorted(i for i in ids(s) if i != "fskip") == ["fT1", "fT2", "fT5"]
    s.apply(0, "fT1")
    assert s.claims["union"] == [0]


def test_honour_and_respect_on_totem_majority_of_a_connection() -> None:
    s = new(3, feats=True)
    s.mountains = []
    put_tents(s, 1, "3a", "7a")
    put_totems(s, 0, 3, 1)  # T3 Coast
    set_hand(s, 0, "TTF")
    s.apply(0, "t7")
    s.apply(0, "cM-T")
    # Connection 7 (T3-T7) is by land.
    assert s.phase == "feat" and s.feat_queue[0][0] == "honour"
    assert ids(s) == ["fC7", "fskip"]
    s.apply(0, "fC7")
    assert (
        feats.connection_multiplier(s, next(k for k, c in enumerate(s.board.connections) if c.number == 7))
        == 2
    )
    s.totems[2][0] = 1
    assert s.placement._score_totems()[0] == 2 * 2
    # Respect: a water connection, T6-T7 (10).
    put_tents(s, 2, "6a")
    put_totems(s, 2, 6, 1)
    s2 = new(3, feats=True)
    s2.mountains = []
    put_tents(s2, 1, "6a", "7a")
    put_totems(s2, 0, 6, 1)
    set_hand(s2, 0, "TTF")
    s2.apply(0, "t7")
    s2.apply(0, "cM-T")
    assert s2.feat_queue[0][0] == "respect" and ids(s2) == ["fC10", "fskip"]
    s2.apply(0, "fskip")
    assert s2.feats == [] and s2.claims["respect"] == [0]


def test_feats_chosen_one_by_one() -> None:
    """Option feats takes any subset: here Discovery alone is in play, not Union."""
    assert GAME.options["feats"][:2] == [False, True] and len(GAME.options["feats"]) == 16
    s = new(3, feats="discovery")
    assert s.feat_kinds == ("discovery",)
    assert s.view(None)["feats_left"] == {"discovery": 2}
    # A settlement completed: no Union Feat (it is not in play).
    put_tents(s, 0, "1c", "1d", "5b")
    set_hand(s, 0, "FTT")
    play(s, 0, "t2", "cT-F", "s2a")
    assert not s.feat_queue and not s.claims["union"]
    # Filling the last tent space earns Discovery.
    s2 = new(3, feats="union+discovery")
    put_tents(s2, 1, "3a", "3b", "3c")
    set_hand(s2, 0, "CTT")
    play(s2, 0, "t3", "cT-C")
    assert s2.phase == "feat" and s2.feat_queue[0][0] == "discovery"
    # Honour alone: no Discovery for a full territory.
    s3 = new(3, feats="honour")
    put_tents(s3, 1, "3a", "3b", "3c")
    set_hand(s3, 0, "CTT")
    play(s3, 0, "t3", "cT-C")
    assert s3.phase == "draw" and not s3.claims["discovery"]
    with pytest.raises(IllegalSetup):
        new(3, feats="union+nonsense")


def test_feats_off_by_default() -> None:
    s = new(3)
    put_tents(s, 1, "3a", "3b", "3c")
    set_hand(s, 0, "CTT")
    s.apply(0, "t3")
    s.apply(0, "cT-C")
    assert s.phase == "draw" and not s.feat_queue


# ---------------------------------------------------------------- draft
def test_draft_from_the_last_seat() -> None:
    s = new(3, draft=True)
    assert s.phase == "draw" and s.cur == 2 and all(sum(h) == 0 for h in s.hands)
    assert s.prompt(2).startswith("Draft")
    first = s.display[0]
    s.apply(2, f"d{BIOME_CODES[first]}")
    s.apply(2, "deck")
    s.apply(2, "deck")
    assert sum(s.hands[2]) == 3 and s.cur == 1 and len(s.display) == 4
    rng = random.Random(1)
    while s.phase == "draw":
        s.apply(s.cur, rng.choice(ids(s)))
    assert s.cur == 0 and s.phase == "act" and all(sum(h) == 3 for h in s.hands)
    s.check_invariants()


# ---------------------------------------------------------------- hidden information, invariants
def test_views_hide_hands_and_deck_order() -> None:
    s = new(3, seed=5)
    names = ["Tundra", "Forest", "Glacier", "Coast", "Desert"]
    for seat in range(3):
        assert s.view(seat)["hand"] == {n: k for n, k in zip(names, s.hands[seat], strict=True) if k}
    assert "hand" not in s.view(None)
    for seat in (None, 1, 2):
        v = s.view(seat)
        assert v["deck"] == len(s.deck) and v["hand_sizes"] == [3, 3, 3]
        # The deck is a count; no list in the view is as long as the deck.
        assert not any(isinstance(x, list) and len(x) == len(s.deck) for x in v.values())
        assert "hands" not in v and "known" not in v


def test_pending_choice_only_in_the_players_view() -> None:
    s = new(3)
    set_hand(s, 0, "FCC")
    s.apply(0, "t2")
    s.apply(0, "cT-CC")
    assert s.view(0)["pending"]["cards"] == "2 Coast"
    assert "pending" not in s.view(1) and "pending" not in s.view(None)
    # The territory is still tentative (the player may go back): only their own picture shows it.
    assert s.view(0)["pending_territory"] == "T2"
    assert s.view(None)["pending_territory"] is None and s.view(1)["pending_territory"] is None
    s.apply(0, "back")
    assert s.view(0)["pending_territory"] is None


def test_a_half_chosen_play_is_the_players_own() -> None:
    """Issue 33: a territory chosen and pieces half-chosen show nobody else anything (the board's
    prompt and the public picture name the step the play started from), and the world dealt for
    another seat, which cannot know the play, starts it again."""
    s = new(3)
    set_hand(s, 0, "FCC")
    public, prompt = s.view(None), s.prompt(0)
    s.apply(0, "t2")
    assert s.view(0)["phase"] == "pieces" and s.view(1)["phase"] == "act"
    assert s.view(None) == public and s.prompt(0) == prompt
    s.apply(0, "cT-CC")
    assert s.phase == "space" and s.view(None) == public and s.prompt(0) == prompt
    world = s.determinize(1, 5)
    assert world.phase == "act" and world.pending is None
    assert world.view(1) == s.view(1) and world.view(None) == public and world.prompt(0) == prompt


def test_the_world_of_the_other_seat_lets_it_play_for_the_third_tribe() -> None:
    """Everyone sees a player's turn for the third tribe begin only when one of its cards can be
    played for it (else the turn says the third tribe cannot use them): a world dealt for the other
    seat gives it such a hand. Here a 1-card hand, which a plain deal leaves unplayable 11 times in
    40."""
    s = new(2, 20)
    rng = random.Random(20)
    while not (s.neutral and s.phase == "act" and s.cur == 0 and s.turn == 26):
        seat = s.to_act()[0]  # the game as recorded before the whole refills (group "refill")
        s.apply(seat, rng.choice([a for a in s.legal_actions(seat) if a.group != "refill"]).id)
    assert sum(s.hands[0]) == 1 and not any(s.known[0])
    for seed in range(40):
        world = s.determinize(1, seed)
        assert world.neutral and world.phase == "act" and world.legal_actions(0), seed
        assert world.view(1) == s.view(1) and world.view(None) == s.view(None)


def test_draw_events_private() -> None:
    s = new(3)
    set_hand(s, 0, "TFG")
    events = s.apply(0, "xT")
    if s.cur == 0:
        events = s.apply(0, "deck")
    priv = [e for e in events if "private_to" in e]
    assert priv and all(e["private_to"] == 0 for e in priv)
    public = [e for e in events if "private_to" not in e]
    assert all("You drew" not in e["text"] for e in public)


def test_determinize_depends_only_on_what_the_seat_sees() -> None:
    s = new(4, seed=9)
    t = IwariState(s.to_json())
    # Same public picture, different hidden cards: swap seat 1's hand with deck cards.
    pool = sorted(t.deck + [b for b in range(5) for _ in range(t.hands[1][b])])
    random.Random(4).shuffle(pool)
    t.hands[1] = [0] * 5
    for _ in range(3):
        t.hands[1][pool.pop()] += 1
    t.deck = pool
    assert s.view(0) == t.view(0)
    a, b = s.determinize(0, 77), t.determinize(0, 77)
    assert a.to_json() == b.to_json()
    assert a.hands[0] == s.hands[0] and a.display == s.display
    a.check_invariants()


def _after_spending_a_known_card(hidden: str) -> IwariState:
    """Seat 0 takes a Forest face up, then spends a Forest; ``hidden`` is the rest of its hand."""
    s = new(3, seed=3)
    set_hand(s, 0, "TGD")
    set_display(s, [1, 3, 3, 4])
    s.apply(0, "xT")
    s.apply(0, "dF")  # the Forest taken face up: public
    assert s.known[0][1] == 1
    while s.cur != 0:  # the others discard and draw from the deck
        seat = s.cur
        s.apply(seat, "x" + next(c for b, c in enumerate(BIOME_CODES) if s.hands[seat][b]))
        while s.phase == "draw" and s.cur == seat:
            s.apply(seat, "deck")
    # Same public history, different hidden cards: give seat 0 ``hidden`` beside the known Forest.
    pool = s.deck + [b for b in range(5) for _ in range(s.hands[0][b])]
    pool.remove(1)
    s.hands[0] = [0] * 5
    s.hands[0][1] = 1
    for code in hidden:
        pool.remove(BIOME_CODES.index(code))
        s.hands[0][BIOME_CODES.index(code)] += 1
    s.deck = sorted(pool)
    s._cache = None
    play(s, 0, "t2", "cT-F", "s2a")  # a Forest spent: which one, nobody else can tell
    return s


def test_spending_a_known_card_reveals_nothing_of_the_rest_of_the_hand() -> None:
    """Two hands with the same public history: same view and same determinize for another seat."""
    a = _after_spending_a_known_card("FG")  # another Forest, face down
    b = _after_spending_a_known_card("GD")  # no other Forest
    assert a.hands[0] != b.hands[0]
    assert a.known[0] == b.known[0] == [0, 0, 0, 0, 0]
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)
    forest_a = forest_b = 0
    for seed in range(200):
        da, db = a.determinize(1, seed), b.determinize(1, seed)
        assert da.hands[0] == db.hands[0]
        forest_a += da.hands[0][1] > 0
        forest_b += db.hands[0][1] > 0
    assert forest_a == forest_b < 200


def test_determinize_keeps_cards_known_from_the_display() -> None:
    s = new(3, seed=2)
    set_hand(s, 0, "TFG")
    set_display(s, [3, 3, 4, 4])
    s.apply(0, "xT")
    s.apply(0, "dC")
    d = s.determinize(1, 5)
    assert d.hands[0][3] >= 1
    d.check_invariants()


def test_invariants_catch_lost_cards_and_pieces() -> None:
    s = new(3)
    s.check_invariants()
    s.deck.pop()
    with pytest.raises(AssertionError):
        s.check_invariants()
    s = new(3)
    s.tents_left[0] -= 1
    with pytest.raises(AssertionError):
        s.check_invariants()


def test_illegal_actions_leave_the_state_unchanged() -> None:
    s = new(3)
    before = json.dumps(s.to_json(), sort_keys=True)
    for bad in ("t99", "cTT-FF", "s1a", "fskip", "dX", "xQ"):
        with pytest.raises(IllegalAction):
            s.apply(0, bad)
    with pytest.raises(IllegalAction):
        s.apply(1, ids(s)[0])
    assert json.dumps(s.to_json(), sort_keys=True) == before


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("key", list(MAPS))
def test_random_games(n: int, key: str) -> None:
    for seed in range(3):
        opts = {"map": key, "feats": seed % 2 == 1, "draft": seed == 2}
        s = play_random(GAME, n, seed, opts, deep=seed == 0)
        # Only a 2-player game that the third tribe won ends without a winning seat.
        assert s.over and (s.winners() or (n == 2 and s.view(None)["neutral_won"]))


def test_actions_fit_discord() -> None:
    rng = random.Random(11)
    for n in (2, 5):
        s = new(n, seed=n, feats=True)
        while not s.over:
            acts = s.legal_actions(s.cur)
            groups: dict[str, int] = {}
            for a in acts:
                groups[a.group] = groups.get(a.group, 0) + 1
                assert len(a.id) <= 12, a.id
            assert all(v <= 25 for v in groups.values()), groups
            s.apply(s.cur, rng.choice(acts).id)


def test_determinize_at_every_step_keeps_a_playable_state() -> None:
    for seed in range(6):
        n = 2 + seed % 4
        rng = random.Random(seed)
        s = GAME.new_state(n, seed, {"feats": seed % 2 == 0, "draft": seed % 3 == 0})
        while not s.is_over():
            for seat in range(n):
                d = s.determinize(seat, seed)
                d.check_invariants()
                assert d.view(seat)["hand"] == s.view(seat)["hand"]
                if not d.is_over():
                    assert d.legal_actions(d.to_act()[0])
            s.apply(s.cur, rng.choice(s.legal_actions(s.cur)).id)


def test_golden_playthrough() -> None:
    """A seeded random game: a rule change shows up here as a different result."""
    rng = random.Random(2024)
    s = GAME.new_state(3, 2024, {"feats": True, "map": "vast-lands"})
    steps = 0
    while not s.is_over():
        # The whole refills (newer) are the single draws taken together: left out, the same game.
        s.apply(s.cur, rng.choice([a for a in s.legal_actions(s.cur) if a.group != "refill"]).id)
        steps += 1
    assert steps == 208
    assert s.scores() == [30, 27, 26] and s.winners() == [0]
    assert s.breakdown == {
        "half": [8, 6, 9],
        "tents": [22, 13, 17],
        "totems": [0, 8, 0],
        "settlements": [0, 0, 0],
        "expeditions": [0, 0, 0],
    }
    assert s.feats == [["respect", 0, "C12"], ["honour", 1, "C5"], ["discovery", 0, "T2"]]


def test_the_glance_line_says_what_a_turn_decides_on():
    from tests.test_texts import glance_after

    line, _ = glance_after("iwari")
    assert "Display:" in line, line


def test_a_private_description_names_its_viewer_and_their_hand():
    from rendering import describe
    from tests.test_alt_text import NAMES, playthrough

    state = next(s for i, s in enumerate(playthrough("iwari", 3, 4)) if i == 10)
    text = describe("iwari", state.view(1), NAMES[:3])
    assert text.startswith("Iwari board, as bob sees it.") and "Your hand: " in text
    for card, count in state.view(1)["hand"].items():
        assert f"{count} {card}" in text
    assert "Your hand" not in describe("iwari", state.view(None), NAMES[:3])

"""Iwari on The Void map (Maps Atlas): 2-6 players, Void cards, Contested tokens, Determination, Worship 2.

Every bullet of the design note's "The Void map" section has a test here.
"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games import REGISTRY, IllegalSetup
from games.iwari import feats
from games.iwari.board import get_board
from games.iwari.data import CARD_COUNTS, VOID_CARD, VOID_CARDS
from games.iwari.maps import the_void
from games.iwari.scoring import settlements
from games.iwari.state import IwariState
from rendering import iwari, render
from tests.contract import play_random

GAME = REGISTRY["iwari"]
VOID = "the-void"
CODES = "TFGCDV"


def new(n: int = 3, seed: int = 1, **opts) -> IwariState:
    return GAME.new_state(n, seed, {"map": VOID, **opts})


def set_hand(s: IwariState, seat: int, cards: str) -> None:
    for c in range(6):
        s.deck += [c] * s.hands[seat][c]
    s.hands[seat] = [0] * 6
    for code in cards:
        s.deck.remove(CODES.index(code))
        s.hands[seat][CODES.index(code)] += 1
    s.known[seat] = [0] * 6
    s._cache = None


def sp(s: IwariState, name: str) -> int:
    return s.board.space_name.index(name)


def put(s: IwariState, tribe: int, *names: str) -> None:
    for name in names:
        s.owner[sp(s, name)] = tribe
        s.tents_left[tribe] -= 1
    s._cache = None


def ids(s: IwariState) -> list[str]:
    return [a.id for a in s.legal_actions(s.cur)]


# ---------------------------------------------------------------- the map and the set-up
def test_map_parameters() -> None:
    b = get_board(VOID)
    assert b.num_territories == 14 and b.num_spaces == 84
    assert all(b.biome.count(x) >= 2 for x in range(5))
    assert 22 <= len(b.connections) <= 24 and all(c.mountain == 0 for c in b.connections)
    assert not b.mountains and b.void_cards
    assert len(b.contested) == 6 and all(b.biome[x] != b.biome[y] for x, y in b.contested)
    assert all(any(c.a in pair and c.b in pair for c in b.connections) for pair in b.contested)
    # Settlements of 4+ fit in every territory (a road through its six spaces).
    assert all(
        len(settlements(b, [0 if b.space_terr[s] == t else -1 for s in range(84)], 0)) == 1 for t in range(14)
    )
    for t in the_void.TERRITORIES:
        x0, y0, x1, y1 = t["rect"]
        assert all(x0 < x < x1 and y0 < y < y1 for x, y in t["spaces"] + t["token_spots"])


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_at_every_count(n: int) -> None:
    s = new(n)
    removed = {2: 2, 3: 2, 4: 1, 5: 0, 6: 0}[n]
    total = len(s.deck) + len(s.display) + sum(map(sum, s.hands))
    assert total == sum(CARD_COUNTS) - 5 * removed + VOID_CARDS  # never a Void card removed
    assert s.mountains == [] and s.determination == n - 1  # the last player holds Determination
    assert s.contested == [-1] * 6 and s.num_tribes == n + (n == 2)
    s.check_invariants()


def test_player_counts_become_one_to_six() -> None:
    assert list(GAME.player_counts) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(IllegalSetup, match="6 players"):
        GAME.new_state(6, 1, {"map": "new-horizons"})


@pytest.mark.parametrize(
    ("n", "opts", "words"),
    [
        (1, {"mode": "solo"}, "solo or co-op"),
        (2, {"mode": "coop"}, "solo or co-op"),
        (4, {"expeditions": True}, "Expedition"),
    ],
)
def test_refusals(n: int, opts: dict, words: str) -> None:
    with pytest.raises(IllegalSetup, match=words):
        new(n, **opts)


def test_worship_variant_two_only_on_the_void() -> None:
    with pytest.raises(IllegalSetup, match="Void map"):
        GAME.new_state(3, 1, {"map": "vast-lands", "worship": "contested"})
    new(3, worship="contested", feats=True)  # base Feats are allowed here


# ---------------------------------------------------------------- Void cards
def test_two_void_cards_are_a_wild_card_anywhere() -> None:
    s = new(3)
    set_hand(s, 0, "VVT")
    assert "t4" in ids(s)
    s.apply(0, "t4")  # T4 Coast: no Coast card, the Void pair pays (the only way: chosen for you)
    assert s.pending[1:] == ["T", "VV"]
    s.apply(0, "s4a")
    assert s.owner[sp(s, "4a")] == 0 and s.discard[VOID_CARD] == 2


def test_a_single_void_card_places_nothing_but_can_be_discarded_or_taken() -> None:
    s = new(3)
    set_hand(s, 0, "VTF")
    # Only the Tundra and Forest territories: one Void card pays for nothing.
    tundra_forest = {f"t{t + 1}" for t in range(14) if s.board.biome[t] in (0, 1)}
    assert {a for a in ids(s) if a[0] == "t"} == tundra_forest
    assert "xV" in ids(s)
    s.deck += s.display
    for c in (VOID_CARD, 0, 1, 2):
        s.deck.remove(c)
    s.display = [0, 1, 2, VOID_CARD]
    s._cache = None
    s.apply(0, "xT")
    assert "dV" in ids(s)
    s.apply(0, "dV")
    s.check_invariants()


def test_void_cards_run_the_deck_out_like_any_card() -> None:
    s = new(3)
    rest = list(s.deck)
    rest.remove(VOID_CARD)
    for c in rest:
        s.discard[c] += 1
    s.deck = [VOID_CARD]  # the last card of the deck is a Void card
    s.check_invariants()
    s.apply(0, "x" + next(CODES[c] for c in range(5) if s.hands[0][c]))
    s.apply(0, "deck")
    assert s.exhaustions == 1 and s.hands[0][VOID_CARD] >= 1  # half journey
    assert s.deck and sum(s.discard) == 0  # the discards, Void cards too, are the new deck
    s.check_invariants()


# ---------------------------------------------------------------- Contested tokens
def test_contested_token_costs_two_cards_of_a_biome_it_touches() -> None:
    s = new(3)
    put(s, 1, "2a")  # T2 Forest explored
    set_hand(s, 0, "FFG")
    s.apply(0, "t2")
    got = ids(s)
    assert "cK-FF-1" in got  # token 1 lies between T1 Tundra and T2 Forest
    assert not any(a.startswith("cK-") and a != "cK-FF-1" for a in got)
    s.apply(0, "cK-FF-1")
    assert s.contested[0] == 1 and s.contested_owner[0] == 0
    assert s.placement.tent_counts(1) == [1, 1, 0] and s.owner.count(0) == 0  # not on a tent space
    assert s.view(None)["contested"][0] == {"id": 1, "between": ["T1", "T2"], "territory": "T2", "tribe": 0}
    s.check_invariants()


def test_contested_token_takes_no_wild_card_and_no_void_card() -> None:
    s = new(3)
    put(s, 1, "2a")
    set_hand(s, 0, "TTV")
    s.apply(0, "t2")  # a Tundra pair is a wild card for a Tent, never for the token
    assert ids(s) and not any(a.startswith("cK") for a in ids(s))
    s2 = new(3)
    put(s2, 1, "1a")
    set_hand(s2, 0, "TTF")
    s2.apply(0, "t1")  # into T1 with two Tundra: the same token, the other biome
    assert "cK-TT-1" in ids(s2)


def test_contested_tent_counts_for_majority_limit_and_scoring_not_settlements() -> None:
    s = new(3)
    put(s, 1, "2a")
    put(s, 0, "2b")
    s.contested[0], s.contested_owner[0] = 1, 0
    s.tents_left[0] -= 1
    assert s.placement.tent_counts(1) == [2, 1, 0]
    assert s.view(None)["territories"][1]["totem_limit"] == 2
    assert s.placement._score_tents(False)[0] == 3 and s.placement._score_tents(False)[1] == 2
    # Three Tents on spaces along the road + the token: 4 Tents of tribe 0, but no settlement.
    put(s, 0, "2c", "2d")
    assert settlements(s.board, s.owner, 0) == []
    s.check_invariants()


def test_contested_tent_is_not_a_tent_space_for_discovery() -> None:
    s = new(3, feats=True)
    put(s, 1, "2a", "2b", "2c", "2d", "2e")  # one space left in T2
    set_hand(s, 0, "FFG")
    s.apply(0, "t2")
    s.apply(0, "cK-FF-1")
    assert not s.claims["discovery"] and s.placement.free_spaces(1) == [sp(s, "2f")]


def test_third_card_adds_a_second_piece() -> None:
    s = new(3)
    put(s, 1, "2a")
    set_hand(s, 0, "FFF")
    s.apply(0, "t2")
    assert {"cKT-FFF-1", "cKM-FFF-1"} <= set(ids(s))
    s.apply(0, "cKT-FFF-1")
    s.apply(0, "s2b")
    assert s.placement.tent_counts(1) == [2, 1, 0] and s.contested[0] == 1


def test_a_flipped_token_never_moves_again() -> None:
    s = new(3)
    s.contested[0], s.contested_owner[0] = 1, 2
    s.tents_left[2] -= 1
    put(s, 1, "1a")
    set_hand(s, 0, "TTF")
    s.apply(0, "t1")
    assert not any(a.startswith("cK") for a in ids(s))


def test_in_an_unexplored_territory_the_token_tent_is_its_one_tent() -> None:
    s = new(3)
    s.determination = 2  # not seat 0
    set_hand(s, 0, "FFF")
    s.apply(0, "t2")
    got = ids(s)
    assert "cK-FF-1" in got and "cKT-FFF-1" not in got and "cTT-FF" not in got
    s.apply(0, "cK-FF-1")
    assert s.placement.tent_counts(1) == [1, 0, 0]


# ---------------------------------------------------------------- Determination
def test_determination_second_piece_when_exploring_then_passes_right() -> None:
    s = new(3)
    s.cur = s.tribe = 2  # the last player holds the token
    set_hand(s, 2, "FFG")
    s.apply(2, "t2")
    assert {"cTT-FF", "cTM-FF"} <= set(ids(s))
    s.apply(2, "cTT-FF")
    s.apply(2, ids(s)[0])
    assert s.placement.tent_counts(1)[2] == 2 and s.determination == 1  # to the previous player
    # Without the token: one Tent only in an unexplored territory.
    set_hand(s, 0, "GGF")
    s.cur = s.tribe = 0
    s.phase = "act"
    s._cache = None
    s.apply(0, "t3")
    assert "cTT-GG" not in ids(s)


def test_determination_is_optional() -> None:
    s = new(3)
    s.cur = s.tribe = 2
    set_hand(s, 2, "FFG")
    s.apply(2, "t2")
    assert "cT-F" in ids(s)
    s.apply(2, "cT-F")
    s.apply(2, ids(s)[0])
    assert s.determination == 2


def test_the_third_tribe_never_uses_determination() -> None:
    s = new(2)
    s.determination = 1
    s.cur = 1
    s.neutral, s.tribe = True, 2
    set_hand(s, 1, "FF")
    s.phase = "act"
    s._cache = None
    s.apply(1, "t2")
    assert "cTT-FF" not in ids(s)


# ---------------------------------------------------------------- Worship variant 2
def test_worship_contested_most_tents_on_tokens() -> None:
    s = new(3, worship="contested")
    for k, (where, tribe) in enumerate(((1, 0), (3, 0), (6, 1))):
        s.contested[k], s.contested_owner[k] = where, tribe
        s.tents_left[tribe] -= 1
    assert feats.worship_leader(s) == 0
    s.end_triggered = True
    s.cur = s.n - 1
    s.turns._end_turn()
    assert s.phase == "feat" and s.cur == 0
    assert sorted(ids(s)) == ["fT2", "fT4", "fskip"]  # contested territories with tribe 0's Tents
    base = s.placement._score_tents(False)[0]
    s.apply(0, "fT2")
    assert s.over and feats.territory_multiplier(s, 1) == 2 and s.breakdown["tents"][0] > base - 1
    t = new(3, worship="contested")
    for k, tribe in enumerate((0, 1)):
        t.contested[k], t.contested_owner[k] = t.board.contested[k][0], tribe
        t.tents_left[tribe] -= 1
    assert feats.worship_leader(t) is None  # a tie: discarded


def test_worship_contested_on_any_contested_territory_with_a_tent_of_the_leader() -> None:
    """Variant 2: the leader's Tent may stand on a tent space there, not only on a token."""
    s = new(3, worship="contested")
    b = s.board
    k = 0
    s.contested[k], s.contested_owner[k] = b.contested[k][0], 0  # the leader's one token
    s.tents_left[0] -= 1
    bordered = sorted({t for pair in b.contested for t in pair})
    elsewhere = next(t for t in bordered if t != b.contested[k][0])
    inland = next(t for t in range(b.num_territories) if t not in bordered)
    put(s, 0, b.space_name[b.spaces[elsewhere][0]], b.space_name[b.spaces[inland][0]])
    put(s, 1, b.space_name[b.spaces[elsewhere][1]])
    assert feats.worship_leader(s) == 0
    s.end_triggered = True
    s.cur = s.n - 1
    s.turns._end_turn()
    offered = sorted(ids(s))
    assert offered == sorted([f"fT{b.contested[k][0] + 1}", f"fT{elsewhere + 1}", "fskip"])
    assert f"fT{inland + 1}" not in offered  # no Contested token borders it
    s.apply(0, f"fT{elsewhere + 1}")
    assert s.over and feats.territory_multiplier(s, elsewhere) == 2


# ---------------------------------------------------------------- whole games, pictures
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games(n: int) -> None:
    for seed in range(2):
        opts = {"map": VOID, "feats": seed == 1, "worship": "contested" if seed else "none"}
        s = play_random(GAME, n, seed, opts, deep=seed == 0)
        assert s.over


def test_picture_at_six_players() -> None:
    s = new(6, seed=4, worship="contested")
    rng = random.Random(4)
    for _ in range(250):
        if s.is_over():
            break
        acts = s.legal_actions(s.cur)
        tokens = [a for a in acts if a.id.startswith("cK")]
        s.apply(s.cur, (tokens or acts)[0].id if tokens else rng.choice(acts).id)
    v = s.view(s.cur)
    assert any(c["territory"] for c in v["contested"])
    image = Image.open(io.BytesIO(render("iwari", v, [f"p{i}" for i in range(6)])))
    # The map whole (740 of 1200 px tall at the picture's width), the table under it.
    assert image.width == iwari.WIDTH and image.height > 740 * iwari.WIDTH / 1200

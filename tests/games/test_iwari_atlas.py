"""Iwari expansions: Expedition cards, Courage and Worship Feats, the Atlas maps, refusals."""

from __future__ import annotations

import io
import itertools
import json
import random

import pytest
from PIL import Image

from games import REGISTRY, IllegalSetup
from games.iwari import expeditions, feats
from games.iwari.board import get_board
from games.iwari.data import EXPEDITION_POINTS, EXPEDITIONS, EXPEDITIONS_IN_PLAY
from games.iwari.maps import MAPS
from games.iwari.scoring import settlements, tent_points
from games.iwari.state import IwariState
from rendering import render
from tests.contract import play_random
from tests.games.test_iwari import ids, play, put_tents, put_totems, set_hand, sp

GAME = REGISTRY["iwari"]
NH = "new-horizons"
ATLAS = ["long-road", "glacial-mass", "floating-lands", "forgotten-island", "uncharted-paths"]
UP = "uncharted-paths"
FI = "forgotten-island"
# New Horizons biomes: T1 Tundra, T2 Forest, T3 Coast, T4 Glacier, T5 Desert, T6 Glacier,
# T7 Tundra, T8 Forest, T9 Forest, T10 Coast, T11 Desert, T12 Tundra.


def new(n: int = 3, seed: int = 1, **opts) -> IwariState:
    return GAME.new_state(n, seed, {"map": NH, **opts})


def with_cards(s: IwariState, *mission_ids: int) -> IwariState:
    s.expeditions = [[m - 1, []] for m in mission_ids]
    return s


def done(s: IwariState, tribe: int, mission_id: int) -> bool:
    return expeditions.mission_done(s, tribe, EXPEDITIONS[mission_id - 1])


def conn(s: IwariState, number: int) -> int:
    return next(k for k, c in enumerate(s.board.connections) if c.number == number)


# ---------------------------------------------------------------- options and refusals
def test_options_offer_only_what_is_finished() -> None:
    opts = GAME.options
    assert opts["map"] == [
        "new-horizons",
        "vast-lands",
        "long-road",
        "glacial-mass",
        "floating-lands",
        "forgotten-island",
        "uncharted-paths",
        "the-void",
    ]
    assert opts["expeditions"] == [False, True]
    assert opts["courage"] == [False, True]
    assert opts["worship"] == ["none", "dead-ends", "golden", "contested"]
    assert list(GAME.player_counts) == [1, 2, 3, 4, 5, 6]
    assert opts["mode"] == ["versus", "solo", "coop"]
    assert set(opts) <= set(GAME.option_help)
    with pytest.raises(IllegalSetup):
        GAME.new_state(3, 0, {"map": "void"})
    with pytest.raises(IllegalSetup):
        GAME.new_state(3, 0, {"worship": "contested"})  # needs The Void map
    with pytest.raises(IllegalSetup):
        GAME.new_state(1, 0, {})  # 1 player: only in mode solo


def test_courage_needs_the_base_feats() -> None:
    with pytest.raises(IllegalSetup, match="Courage"):
        new(3, courage=True)
    assert new(3, courage=True, feats=True).opts["courage"]


def test_old_saved_games_load_without_the_new_keys() -> None:
    s = new(3, feats=True)
    data = s.to_json()
    del data["save_version"]
    for k in ("expeditions", "golden", "ending"):
        del data[k]
    for k in ("expeditions", "courage", "worship"):
        del data["opts"][k]
    del data["breakdown"]["expeditions"]
    for k in ("courage", "worship"):
        del data["claims"][k]
    old = GAME.load_state(data)
    assert old.expeditions == [] and old.opts["worship"] == "none"
    old.check_invariants()
    assert old.legal_actions(0)


# ---------------------------------------------------------------- Expedition cards
def test_expedition_setup_draws_three_of_sixteen() -> None:
    assert len(EXPEDITIONS) == 16 and [e["id"] for e in EXPEDITIONS] == list(range(1, 17))
    seen = set()
    for seed in range(20):
        s = new(3, seed, expeditions=True)
        cards = [m for m, a in s.expeditions]
        assert len(set(cards)) == EXPEDITIONS_IN_PLAY and all(a == [] for _, a in s.expeditions)
        seen.update(cards)
    assert len(seen) > 10
    assert new(3, 5).expeditions == []
    assert new(3, 5, expeditions=True).to_json() == new(3, 5, expeditions=True).to_json()


@pytest.mark.parametrize("biome", range(5))
def test_missions_1_to_5_four_tents_in_one_biome(biome: int) -> None:
    s = new(3)
    b = s.board
    spaces = [x for t in range(12) if b.biome[t] == biome for x in b.spaces[t]]
    put_tents(s, 0, *[b.space_name[x] for x in spaces[:3]])
    assert not done(s, 0, biome + 1)
    put_tents(s, 0, b.space_name[spaces[-1]])  # a different territory of the same biome counts too
    assert done(s, 0, biome + 1)
    assert not done(s, 1, biome + 1)
    assert not any(done(s, 0, m) for m in range(1, 6) if m != biome + 1)


def test_mission_6_a_tent_in_each_biome() -> None:
    s = new(3)
    put_tents(s, 0, "1a", "2a", "3a", "4a")  # Tundra, Forest, Coast, Glacier
    assert not done(s, 0, 6)
    put_tents(s, 0, "11a")  # Desert
    assert done(s, 0, 6)


def test_mission_7_tent_majority_in_three_territories_ties_count() -> None:
    s = new(3)
    put_tents(s, 0, "1a", "2a", "3a")
    put_tents(s, 1, "3b", "3c", "2b")
    assert not done(s, 0, 7)  # T1 only: T2 tied counts, T3 lost
    put_tents(s, 0, "4a")
    assert done(s, 0, 7)  # T1, T2 (tie), T4
    assert not done(s, 1, 7)


@pytest.mark.parametrize("biome", range(5))
def test_missions_8_to_12_two_totems_in_one_biome(biome: int) -> None:
    s = new(3)
    terrs = [t for t in range(12) if s.board.biome[t] == biome]
    put_totems(s, 0, terrs[0] + 1, 1)
    assert not done(s, 0, 8 + biome)
    put_totems(s, 0, terrs[1] + 1, 1)
    assert done(s, 0, 8 + biome)
    assert not any(done(s, 0, m) for m in range(8, 13) if m != 8 + biome)


def test_mission_13_a_totem_in_each_biome() -> None:
    s = new(3)
    for t in (1, 2, 3, 4):
        put_totems(s, 1, t, 1)
    assert not done(s, 1, 13)
    put_totems(s, 1, 5, 1)
    assert done(s, 1, 13) and not done(s, 0, 13)


def test_mission_14_totem_majority_in_three_territories() -> None:
    s = new(3)
    put_totems(s, 2, 1, 1)
    put_totems(s, 2, 2, 1)
    put_totems(s, 0, 3, 2)
    put_totems(s, 2, 3, 1)
    assert not done(s, 2, 14)
    put_totems(s, 2, 3, 1)  # now tied 2-2 in T3: ties count
    assert done(s, 2, 14) and not done(s, 0, 14)


def test_mission_15_a_settlement_of_five() -> None:
    s = new(3)
    put_tents(s, 0, "1a", "1b", "1c", "1d")
    assert settlements(s.board, s.owner, 0) and not done(s, 0, 15)
    put_tents(s, 0, "2a")  # 1c-2a road crosses the border
    assert done(s, 0, 15)


def test_mission_16_three_tents_on_road_crossings() -> None:
    s = new(3)
    crossings = {s.board.space_name[x] for x in s.board.crossings}
    assert {"1c", "1d", "2e"} <= crossings and "1a" not in crossings
    assert len(s.board.roads[sp(s, "1c")]) == 3
    put_tents(s, 0, "1c", "1d", "1a")
    assert not done(s, 0, 16)
    put_tents(s, 0, "2e")
    assert done(s, 0, 16)


def test_first_and_second_achiever_then_the_card_leaves() -> None:
    s = with_cards(new(3, expeditions=True), 1)  # 4 Tents in Tundra territories
    put_tents(s, 0, "1a", "1b", "1c")
    put_tents(s, 1, "7a", "7b", "7c")
    put_tents(s, 2, "12a", "12b", "12c")
    set_hand(s, 0, "TFF")
    events = play(s, 0, "t1", "cT-T", "s1d")
    assert s.score == [EXPEDITION_POINTS[0], 0, 0] == [4, 0, 0]
    assert s.breakdown["expeditions"] == [4, 0, 0]
    assert s.expeditions == [[0, [0]]]
    assert any(e["type"] == "expedition" for e in events)
    s.check_invariants()
    # The first achiever cannot score the same card again.
    expeditions._check_expeditions(s, 0)
    assert s.score[0] == 4
    # The second achiever scores 2 and the card leaves the game.
    put_tents(s, 1, "7d")
    expeditions._check_expeditions(s, 1)
    assert s.score[1] == 2 and s.expeditions == [[0, [0, 1]]]
    v = s.view(None)["expeditions"][0]
    assert v["removed"] and v["achievers"] == [0, 1] and v["points"] == [4, 2]
    assert v["text"] == "4 Tents in Tundra territories"
    # Nobody else can complete it.
    put_tents(s, 2, "12d")
    expeditions._check_expeditions(s, 2)
    assert s.score[2] == 0
    s.check_invariants()


def test_expeditions_are_checked_only_with_the_option() -> None:
    s = new(3)
    put_tents(s, 0, "1a", "1b", "1c")
    set_hand(s, 0, "TFF")
    play(s, 0, "t1", "cT-T", "s1d")
    assert s.score == [0, 0, 0] and s.view(None)["expeditions"] == []


def test_the_third_tribe_can_complete_an_expedition() -> None:
    s = with_cards(new(2, expeditions=True), 6)
    put_tents(s, 2, "1a", "2a", "3a", "4a")
    set_hand(s, 0, "FFD")
    s.apply(0, "xF")  # discard: the third tribe plays next with the remaining cards
    assert s.neutral and s.phase == "act"
    play(s, 0, "t11", "cT-D", "s11a")
    assert s.expeditions == [[5, [2]]] and s.score[2] == 4 and s.scores() == [0, 0]


# ---------------------------------------------------------------- Courage
def explore_all_but(s: IwariState, terr_id: int) -> None:
    for t in range(1, 13):
        if t != terr_id:
            put_tents(s, 1 + t % 2, f"{t}a")


def test_courage_goes_beside_a_feat_and_cancels_it() -> None:
    s = new(3, feats=True, courage=True)
    explore_all_but(s, 3)
    put_tents(s, 2, "5b")
    s.feats = [["discovery", 1, "T5"], ["honour", 2, "C4"]]
    assert feats.territory_multiplier(s, 4) == 2
    set_hand(s, 0, "CTT")
    events = play(s, 0, "t3", "cT-C", "s3b")
    assert any("Courage" in e["text"] for e in events)
    assert s.phase == "feat" and s.feat_queue[0][0] == "courage"
    assert ids(s) == ["fF0", "fF1", "fskip"]
    label = {a.id: a.label for a in s.legal_actions(0)}["fF0"]
    assert label == "Courage Feat beside the Discovery Feat on T5 Desert"
    s.apply(0, "fF0")
    assert s.feats[-1] == ["courage", 0, "F0"]
    assert feats.territory_multiplier(s, 4) == 1  # cancelled
    assert feats.connection_multiplier(s, conn(s, 4)) == 2  # untouched
    assert s.placement._score_tents(multiply=True)[2] == tent_points(s.placement.tent_counts(4))[2] + sum(
        tent_points(s.placement.tent_counts(t))[2] for t in range(12) if t != 4
    )
    assert [f["cancelled"] for f in s.view(None)["feats"]] == [True, False, False]
    assert s.claims["courage"] == [0]
    s.check_invariants()


def test_courage_is_discarded_without_a_feat_on_the_map() -> None:
    s = new(3, feats=True, courage=True)
    explore_all_but(s, 3)
    set_hand(s, 0, "CTT")
    events = play(s, 0, "t3", "cT-C", "s3b")
    assert s.claims["courage"] == [0] and s.feat_queue == [] and s.phase != "feat"
    assert any("discarded" in e["text"] for e in events)


def test_courage_needs_the_last_unexplored_territory() -> None:
    s = new(3, feats=True, courage=True)
    explore_all_but(s, 3)
    put_tents(s, 1, "4b")
    s.owner[sp(s, "6a")] = -1  # T6 unexplored too
    s.tents_left[1 + 6 % 2] += 1
    s.feats = [["discovery", 1, "T5"]]
    set_hand(s, 0, "CTT")
    play(s, 0, "t3", "cT-C", "s3b")
    assert s.claims["courage"] == []
    # A Tent added to an explored territory never earns it.
    s = new(3, feats=True, courage=True)
    explore_all_but(s, 0)
    s.feats = [["discovery", 1, "T5"]]
    set_hand(s, 0, "GGT")
    play(s, 0, "t4", "cT-G", "s4c")
    assert s.claims["courage"] == []


# ---------------------------------------------------------------- Worship
def finish(s: IwariState) -> None:
    """Trigger the end of the game at the end of the last seat's turn."""
    s.end_triggered = True
    s.cur = s.tribe = s.n - 1
    s.turns._end_turn()


def test_worship_dead_ends_majority_places_it_at_the_end() -> None:
    s = new(3, feats=True, worship="dead-ends")
    dead = [s.board.space_name[x] for x in s.board.dead_ends]
    assert {"1a", "1e", "2f", "3a"} <= set(dead) and "1c" not in dead
    put_tents(s, 1, "1a", "3a", "5c")
    put_tents(s, 0, "1e", "5b", "5d")
    assert feats.worship_leader(s) == 1
    finish(s)
    assert not s.over and s.phase == "feat" and s.to_act() == [1]
    assert ids(s, 1)[:2] == ["fT1", "fT2"] and len(ids(s, 1)) == 13
    assert "Worship" in s.prompt(1)
    base = s.placement._score_tents(multiply=True)
    s.apply(1, "fT5")
    assert s.over
    counts = s.placement.tent_counts(4)
    assert s.breakdown["tents"][1] == base[1] + tent_points(counts)[1]  # T5 doubled
    assert ["worship", 1, "T5"] in s.feats


def test_worship_tie_is_discarded_and_the_game_ends() -> None:
    s = new(3, worship="dead-ends")
    put_tents(s, 1, "1a")
    put_tents(s, 0, "1e")
    assert feats.worship_leader(s) is None
    finish(s)
    assert s.over and not any(f[0] == "worship" for f in s.feats)


def test_worship_golden_tokens_totem_majority_on_a_connection() -> None:
    s = new(3, 4, worship="golden")
    b = s.board
    assert len(s.golden) == 5 and sorted(b.biome[t] for t in s.golden) == [0, 1, 2, 3, 4]
    assert sorted(s.view(None)["golden"]) == sorted(b.short[t] for t in s.golden)
    g0, g1 = s.golden[0], s.golden[1]
    put_tents(s, 0, b.space_name[b.spaces[g0][0]], b.space_name[b.spaces[g1][0]])
    put_totems(s, 2, g0 + 1, 1)
    put_totems(s, 2, g1 + 1, 1)
    put_totems(s, 1, g1 + 1, 1)
    assert feats.worship_leader(s) == 2
    finish(s)
    assert s.phase == "feat" and s.to_act() == [2]
    options = ids(s, 2)
    assert all(o[1] == "C" for o in options[:-1])
    assert not any(o == f"fC{b.connections[k].number}" for k in s.mountains for o in options)
    k = next(k for k in range(len(b.connections)) if k not in s.mountains)
    s.apply(2, f"fC{b.connections[k].number}")
    assert s.over and feats.connection_multiplier(s, k) == 2


def test_worship_won_by_the_third_tribe_is_placed_by_the_last_player() -> None:
    s = new(2, worship="dead-ends")
    put_tents(s, 2, "1a", "3a")
    finish(s)
    assert s.phase == "feat" and s.to_act() == [1] and s.feat_queue[0][1] == 2
    assert "third tribe" in s.prompt(1)
    s.apply(1, "fskip")
    assert s.over


# ---------------------------------------------------------------- Atlas maps
@pytest.mark.parametrize("key", ATLAS)
def test_atlas_map_data(key: str) -> None:
    b = get_board(key)
    assert b.num_territories == 12 and b.num_spaces == 64
    # Every biome at least twice, but Floating Lands has exactly one Tundra territory (design note).
    assert all(b.biome.count(x) >= (1 if key == "floating-lands" and x == 0 else 2) for x in range(5))
    assert key != "floating-lands" or b.biome.count(0) == 1
    assert 18 <= len(b.connections) <= 20
    for symbol in (1, 2, 3, 4):
        assert len([c for c in b.connections if c.mountain == symbol]) == (2 if b.mountains else 0)
    # Settlements of 4+ fit in many places: every territory's spaces are linked by roads.
    for spaces in b.spaces:
        seen, todo = {spaces[0]}, [spaces[0]]
        while todo:
            for t in b.roads[todo.pop()]:
                if t in spaces and t not in seen:
                    seen.add(t)
                    todo.append(t)
        assert seen == set(spaces)
    assert len(b.crossings) >= 6 and len(b.dead_ends) >= 6


def test_long_road_purple_road_follows_roads_and_scores_as_a_territory() -> None:
    s = GAME.new_state(3, 1, {"map": "long-road"})
    b = s.board
    road = list(b.purple_road)
    assert len(road) >= 8
    assert all(y in b.roads[x] for x, y in itertools.pairwise(road))
    names = [b.space_name[x] for x in road]
    put_tents(s, 0, names[0], names[3], names[5])
    put_tents(s, 1, names[1], names[6])
    put_tents(s, 2, names[2])
    assert s.placement._score_purple_road() == [6, 3, 2]
    without = s.placement._score_tents(multiply=True)
    s.placement._final_scoring()
    assert [a - b_ for a, b_ in zip(s.breakdown["tents"], without, strict=True)] == [6, 3, 2]
    assert s.view(None)["purple_road"] == names
    # Other maps have no purple road.
    assert new(3).placement._score_purple_road() == [0, 0, 0]


def test_glacial_mass_connections_1_and_11_join_the_same_territories() -> None:
    s = GAME.new_state(5, 1, {"map": "glacial-mass"})
    b = s.board
    c1, c11 = b.connections[conn(s, 1)], b.connections[conn(s, 11)]
    assert {c1.a, c1.b} == {c11.a, c11.b}
    assert c1.water != c11.water  # one by land, one over water
    s.mountains = []
    put_tents(s, 0, b.space_name[b.spaces[c1.a][0]], b.space_name[b.spaces[c1.b][0]])
    put_totems(s, 0, c1.a + 1, 1)
    put_totems(s, 0, c1.b + 1, 1)
    assert s.placement._score_totems()[0] == 4  # both connections score 2
    # Honour (land) and Respect (water) can both be earned on the pair.
    s2 = GAME.new_state(5, 1, {"map": "glacial-mass", "feats": True})
    s2.mountains = []
    put_tents(s2, 1, b.space_name[b.spaces[c1.a][0]], b.space_name[b.spaces[c1.b][0]])
    put_totems(s2, 0, c1.a + 1, 1)
    s2.hands[0] = [0, 0, 0, 0, 0]
    s2.hands[0][b.biome[c1.b]] = 1
    s2._cache = None
    s2.pending = [c1.b, "M", "TFGCD"[b.biome[c1.b]]]
    s2.placement._commit([])
    assert [q[0] for q in s2.feat_queue] == ["honour", "respect"]
    assert s2.feat_queue[0][2] == ["C1"] and s2.feat_queue[1][2] == ["C11"]


def test_floating_lands_no_totems_on_tundra() -> None:
    s = GAME.new_state(3, 1, {"map": "floating-lands"})
    b = s.board
    tundra = [t for t in range(12) if b.biome[t] == 0]
    assert tundra and all(not b.totems_allowed[t] for t in tundra)
    t = tundra[0]
    names = [b.space_name[x] for x in b.spaces[t]]
    put_tents(s, 0, names[0], names[1])
    assert s.placement.piece_options(0, t) == ["T", "TT"]
    other = next(u for u in range(12) if b.biome[u] == 1)
    put_tents(s, 0, b.space_name[b.spaces[other][0]])
    assert "M" in s.placement.piece_options(0, other)
    assert s.view(None)["territories"][t]["totems_allowed"] is False


def test_floating_lands_connections_act_as_roads() -> None:
    s = GAME.new_state(3, 1, {"map": "floating-lands"})
    b = s.board
    assert b.connection_roads
    from games.iwari.maps import floating_lands

    # The map's own roads stay inside a territory; only connections join territories.
    by = {n: i for i, n in enumerate(b.space_name)}
    assert all(b.space_terr[by[x]] == b.space_terr[by[y]] for x, y in floating_lands.ROADS)
    x, y = b.conn_links[conn(s, 1)]
    assert b.space_terr[x] != b.space_terr[y] and y in b.roads[x]
    # A settlement across connection 1: two Tents on each side, linked by it.
    ax = next(z for z in b.roads[x] if b.space_terr[z] == b.space_terr[x])
    ay = next(z for z in b.roads[y] if b.space_terr[z] == b.space_terr[y])
    for z in (x, y, ax, ay):
        s.owner[z] = 0
    assert [len(g) for g in settlements(b, s.owner, 0)] == [4]
    # The same spaces on a map without connection roads are two groups of two.
    assert not get_board(NH).connection_roads


# ---------------------------------------------------------------- whole games, hidden info, pictures
@pytest.mark.parametrize("key", ATLAS)
def test_random_atlas_games_with_every_expansion(key: str) -> None:
    for n in (2, 3, 4, 5):
        opts = {
            "map": key,
            "feats": True,
            "expeditions": True,
            "courage": n % 2 == 0,
            "worship": ["dead-ends", "golden"][n % 2],
        }
        s = play_random(GAME, n, n, opts, deep=n == 3)
        assert s.over and sum(s.score) == sum(sum(v) for v in s.breakdown.values())


def test_views_keep_hands_secret_with_expansions() -> None:
    s = GAME.new_state(3, 9, {"map": "floating-lands", "expeditions": True, "worship": "golden"})
    for seat in (None, 1, 2):
        v = s.view(seat)
        assert "hand" not in v or v["seat"] == seat
        assert json.dumps(v)
    assert "hand" not in s.view(None)


@pytest.mark.parametrize("n", [2, 5])
@pytest.mark.parametrize("key", ATLAS)
def test_render_atlas_maps(key: str, n: int) -> None:
    rng = random.Random(n)
    opts = {"map": key, "feats": True, "expeditions": True, "courage": True, "worship": "golden"}
    s = GAME.new_state(n, n, opts)
    snaps = [s.view(0)]
    step = 0
    while not s.is_over():
        s.apply(s.cur, rng.choice(s.legal_actions(s.cur)).id)
        step += 1
        if step == 80:
            snaps.append(s.view(None))
    snaps.append(s.view(None))
    for v in snaps:
        png = render("iwari", v, [f"P{i}" for i in range(n)])
        image = Image.open(io.BytesIO(png))
        assert 600 <= image.width <= 1400 and len(png) > 20_000
    assert set(MAPS) >= set(ATLAS)


# ---------------------------------------------------------------- Forgotten Island
def fi(n: int = 3, seed: int = 1, **opts) -> IwariState:
    return GAME.new_state(n, seed, {"map": FI, **opts})


def test_forgotten_island_setup_ruins_and_no_mountains() -> None:
    for n in (2, 5):
        s = fi(n)
        assert s.mountains == []
        ruins = [s.board.space_name[x] for x in s.board.ruin_spaces]
        assert len(ruins) == 9 and "1c" in ruins
        assert all(s.owner[x] == -2 for x in s.board.ruin_spaces)
        assert s.ruins_kept == [0] * s.num_tribes and "ruins" in s.breakdown
        blocked = [c["number"] for c in s.view(None)["connections"] if c["blocked"]]
        assert blocked == [1, 3, 5, 7, 9, 11, 13, 16, 18]
        assert s.view(None)["territories"][0]["ruins"] == {"1c": "Glacier"}
        s.check_invariants()
    assert "ruins" not in new(3).breakdown


def test_a_ruin_is_replaced_with_two_cards_of_its_icon_and_kept() -> None:
    s = fi(3)
    set_hand(s, 0, "GGD")  # T1 is Desert; its Ruin (1c) shows Glacier
    s.apply(0, "t1")
    assert sorted(ids(s)) == ["back", "cR-GG", "cT-D", "cT-GG"]  # unexplored: one Tent only
    label = {a.id: a.label for a in s.legal_actions(0)}["cR-GG"]
    assert label == "1 Tent on a Ruin: pay 2 Glacier"
    events = s.apply(0, "cR-GG")  # the only Glacier Ruin of T1: placed at once
    assert s.owner[sp(s, "1c")] == 0 and s.ruins_kept == [1, 0, 0]
    assert s.tents_left[0] == 19 and s.hands[0] == [0, 0, 0, 0, 1]
    assert any("connection 1 is unlocked" in e["text"] for e in events)
    assert not s.placement.conn_blocked(conn(s, 1))
    s.check_invariants()


def test_ruins_take_no_wild_card_and_combine_with_a_second_piece() -> None:
    s = fi(3)
    put_tents(s, 1, "1a")
    set_hand(s, 0, "CCD")
    s.apply(0, "t1")
    assert not any(i.startswith("cR") for i in ids(s))  # two Coast are no Glacier pair
    s.apply(0, "back")
    set_hand(s, 0, "GGD")
    s.apply(0, "t1")
    assert {"cR-GG", "cRT-GGD", "cRM-GGD"} <= set(ids(s))
    s.apply(0, "cRT-GGD")
    assert s.phase == "space" and sorted(ids(s))[:2] == ["back", "s1c1b"]
    assert {a.id: a.label for a in s.legal_actions(0)}["s1c1b"] == "Ruin 1c + Tent space 1b"
    s.apply(0, "s1c1b")
    assert s.owner[sp(s, "1b")] == 0 and s.owner[sp(s, "1c")] == 0 and s.ruins_kept[0] == 1
    s.check_invariants()


def test_blocked_connections_do_not_score_or_earn_feats_until_unlocked() -> None:
    s = fi(3, feats=True)
    put_tents(s, 1, "1a", "2a")
    put_totems(s, 0, 1, 1)
    set_hand(s, 0, "TFF")
    s.apply(0, "t2")
    s.apply(0, "cM-T")  # majority on both sides of connection 1, still blocked: no Honour
    assert s.claims["honour"] == [] and s.phase != "feat"
    k = conn(s, 1)
    assert s.placement._score_totems()[0] == 0
    s.owner[sp(s, "1c")] = 2  # the Ruin replaced
    s.tents_left[2] -= 1
    s.ruins_kept[2] += 1
    assert s.placement._score_totems()[0] == 2 and not s.placement.conn_blocked(k)


def test_ruins_kept_score_one_point_each_at_the_end() -> None:
    s = fi(3)
    for name, tribe in (("1c", 0), ("3b", 0), ("2e", 2)):
        s.owner[sp(s, name)] = tribe
        s.tents_left[tribe] -= 1
        s.ruins_kept[tribe] += 1
    s.check_invariants()
    s.placement._final_scoring()
    assert s.breakdown["ruins"] == [2, 0, 1]


def test_no_discovery_while_a_ruin_is_left_in_the_territory() -> None:
    s = fi(3, feats=True)
    put_tents(s, 1, "1a", "1b", "1d")
    set_hand(s, 0, "DTT")
    play(s, 0, "t1", "cT-D", "s1e")
    assert s.claims["discovery"] == []  # 1c still holds its Ruin


def test_forgotten_island_connections_act_as_roads() -> None:
    s = fi(3)
    b = s.board
    assert b.connection_roads
    x, y = b.conn_links[conn(s, 2)]  # an open connection: T2-T3 over water
    assert y in b.roads[x] and b.space_terr[x] != b.space_terr[y]


# ---------------------------------------------------------------- The Uncharted Paths
# Biomes: T1 Forest, T2 Coast, T3 Tundra, T4 Desert, T5 Tundra, T6 Forest, T7 Glacier,
# T8 Coast, T9 Glacier, T10 Desert, T11 Tundra, T12 Forest.
def up(n: int = 3, seed: int = 1, **opts) -> IwariState:
    return GAME.new_state(n, seed, {"map": UP, **opts})


def test_uncharted_paths_setup() -> None:
    s = up(2)
    assert s.void_pool == 5 and s.void == [0] * 12 and s.mountains == []
    assert s.view(None)["void_pool"] == 5 and new(3).view(None)["void_pool"] is None


def test_move_a_void_totem_from_the_void_with_two_cards_of_the_destination() -> None:
    s = up(3)
    put_tents(s, 1, "7a")
    set_hand(s, 0, "GGT")
    s.apply(0, "t7")
    labels = {a.id: a.label for a in s.legal_actions(0)}
    assert labels["cV-GG-0"] == "Void Totem from the Void: pay 2 Glacier"
    assert not any(i.startswith("cV-TT") for i in labels)  # no wild card for the Void
    events = s.apply(0, "cV-GG-0")
    assert s.void_pool == 4 and s.void[6] == 1 and s.hands[0] == [1, 0, 0, 0, 0]
    assert any("Void Totem" in e["text"] for e in events)
    assert s.view(None)["territories"][6]["void_totems"] == 1
    s.check_invariants()


def test_move_a_void_totem_between_biomes_with_one_card_of_each() -> None:
    s = up(3)
    put_tents(s, 1, "7a", "5a", "3a")
    s.void_pool, s.void[6], s.void[2] = 3, 1, 1  # Void Totems in T7 (Glacier) and T3 (Tundra)
    set_hand(s, 0, "TGF")
    s.apply(0, "t5")  # Tundra
    got = [i for i in ids(s) if i.startswith("cV")]
    assert got == ["cV-TG-7"]  # from T7 (Glacier): one Tundra + one Glacier; not from T3 (same biome)
    assert {a.id: a.label for a in s.legal_actions(0)}[
        "cV-TG-7"
    ] == "Void Totem from T7: pay Tundra + Glacier"
    s.apply(0, "cV-TG-7")
    assert s.void[6] == 0 and s.void[4] == 1 and s.void_pool == 3
    s.check_invariants()


def test_void_totems_respect_the_totem_limit_and_take_a_second_piece() -> None:
    s = up(3)
    set_hand(s, 0, "GGG")
    assert "V" not in "".join(s.placement.piece_options(0, 6))  # unexplored: a single Tent only
    put_tents(s, 0, "7a")
    s.apply(0, "t7")
    got = set(ids(s))
    assert {"cV-GG-0", "cVT-GGG-0"} <= got
    assert "cVM-GGG-0" not in got  # 1 Tent: room for one Totem only
    s.apply(0, "cVT-GGG-0")
    assert s.phase == "space"
    s.apply(0, "s7b")
    assert s.void[6] == 1 and s.placement.tent_counts(6)[0] == 2
    s.check_invariants()
    s2 = up(3)
    put_tents(s2, 1, "7a")
    s2.void[6], s2.void_pool = 1, 4
    set_hand(s2, 0, "GGT")
    s2.apply(0, "t7")
    assert not any(i.startswith(("cV", "cM", "cTM")) for i in ids(s2))  # the limit of 1 is used


def test_void_totems_add_points_but_hold_no_majority() -> None:
    s = up(3)
    k = conn(s, 4)  # T1-T5
    c = s.board.connections[k]
    put_tents(s, 0, "1a", "5a")
    put_totems(s, 0, c.a + 1, 1)
    put_totems(s, 0, c.b + 1, 1)
    assert s.placement._score_totems()[0] == 2
    s.void[c.a], s.void_pool = 1, 4  # beyond the limit on purpose: scoring only
    assert s.placement._score_totems()[0] == 3
    s.void[c.b], s.void_pool = 2, 2
    assert s.placement._score_totems() == [5, 0, 0]

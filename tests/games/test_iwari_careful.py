"""The careful player of Iwari solo and co-op (games.iwari.ai.careful), the strong AI's policy there:
its reading of a position (the Void walk, the Void cards ahead, the cost of holding a
territory) and the decisions a careful player takes, on hand-built positions."""

from __future__ import annotations

import pytest

import games.ai as ai
from games import REGISTRY
from games.ai import analyse, choose
from games.iwari import void
from games.iwari.ai import careful
from games.iwari.data import CORRUPTION_CARDS, VOID_CARD
from games.iwari.state import IwariState

GAME = REGISTRY["iwari"]
TUNDRA, FOREST, GLACIER, COAST, DESERT = range(5)


def new(n: int = 1, seed: int = 3, **opts) -> IwariState:
    return GAME.new_state(n, seed, {"map": "new-horizons", "mode": "solo" if n == 1 else "coop", **opts})


def deal(s: IwariState, seat: int, cards: list[int]) -> None:
    """Give ``seat`` exactly these cards (from the deck; the old hand goes back into it)."""
    for c, k in enumerate(s.hands[seat]):
        s.deck += [c] * k
    s.hands[seat] = [0] * len(s.hands[seat])
    s.known[seat] = [0] * len(s.known[seat])
    for c in cards:
        s.deck.remove(c)
        s.hands[seat][c] += 1


def put(s: IwariState, t: int, tents: int = 0, ruins: int = 0, totems: int = 0, void_totems: int = 0) -> None:
    """Place pieces in territory index t: the players' (seat 0) and the Void's."""
    free = s.placement.free_spaces(t)
    for who, k in ((0, tents), (s.n, ruins)):
        for _ in range(k):
            s.owner[free.pop(0)] = who
            s.tents_left[who] -= 1
    for who, k in ((0, totems), (s.n, void_totems)):
        s.totems[t][who] += k
        s.totems_left[who] -= k
        s.stack[t] += [who] * k


def finish_turn(s: IwariState, seat: int = 0, seed: int = 5) -> list[str]:
    """Play the seat's turn with the careful player up to the draw; the texts of its events."""
    texts = []
    while not s.is_over() and s.to_act() == [seat] and s.phase != "draw":
        texts += [e["text"] for e in s.apply(seat, careful.careful_action(s, seat, seed))]
    return texts


def test_the_forecast_follows_the_pawn_and_counts_the_row() -> None:
    s = new()
    deal(s, 0, [TUNDRA, FOREST, VOID_CARD])
    conns = s.board.connections
    # The Void card in hand is played first (one Infection), then the draws bring more, one
    # Infection each here; the card that fills the row above the display is a Corruption.
    events = careful.forecast(s, 0, [1, 1, 1, 1, 1])
    assert [e[0] for e in events[:3]] == [(conns[k].a, conns[k].b) for k in range(3)]
    assert [e[1] for e in events[:CORRUPTION_CARDS]] == [False, False, False, True]
    # A Corruption counts its territories: the pawn never hits them again.
    corrupted = set(events[CORRUPTION_CARDS - 1][0])
    assert all(not (corrupted & set(e[0])) for e in events[CORRUPTION_CARDS:])
    # Two cards played together: one Infection; with the row at 3 the next card corrupts.
    s.void_row = 2
    assert [e[1] for e in careful.forecast(s, 0, [2, 1])] == [True, False]
    # The pawn passes connections whose two territories are counted.
    s.void_row = 0
    s.claimed[conns[0].a] = s.claimed[conns[0].b] = 0
    first = careful.forecast(s, 0, [1])[0][0]
    assert first and not ({conns[0].a, conns[0].b} >= set(first))


def test_the_player_can_steer_the_next_corruption() -> None:
    # Row at 2 and two Void cards in hand: played together they corrupt at the pawn, one by one
    # at the next connection. The reading tries both.
    s = new()
    deal(s, 0, [VOID_CARD, VOID_CARD, TUNDRA])
    s.void_row = 2
    ways = careful.plays_ahead(s, 0, careful.turns_left(s))
    corruption_at = set()
    for plays in ways:
        events = careful.forecast(s, 0, plays)
        corruption_at.add(next(i for i, e in enumerate(events) if e[1]))
    assert corruption_at == {0, 1}


def test_the_cost_of_holding_follows_the_hits_to_come() -> None:
    s = new()
    deal(s, 0, [TUNDRA, FOREST, GLACIER])
    t1 = s.board.short.index("T1")  # on connection 1, where the pawn starts
    put(s, t1, tents=1)
    assert careful.read(s, 0, plays=[]).cost[t1] == 0  # no Infection to come: one Tent holds it
    r = careful.read(s, 0, plays=[1.0])
    # One Infection: a Void Totem ties it (ties go to the Void): a Tent and a Totem more.
    assert r.hits[t1] == 1 and r.cost[t1] == 2
    # Filled while the players lead: counted at once for them, nothing to pay any more.
    t11 = s.board.short.index("T11")  # Desert, 4 tent spaces
    put(s, t11, tents=3, ruins=1)
    s.solo_rules._count(t11)
    assert s.claimed[t11] == 0 and t11 not in careful.read(s, 0).cost


def test_in_coop_the_totem_limit_is_one_players_majority() -> None:
    # Co-op: the two players' Tents count together for control, but the Totem limit is one
    # tribe's majority. One Tent each, a Ruin and a players' Totem: the limit (1) is full, so
    # the next Infection puts a Ruin (not a Void Totem): 2 Tents to 2 Ruins, the Void takes it.
    s = new(2)
    t1 = s.board.short.index("T1")  # on connection 1, where the pawn starts
    put(s, t1, tents=1, ruins=1, totems=1)
    s.owner[s.placement.free_spaces(t1)[0]] = 1  # the second player's Tent
    s.tents_left[1] -= 1
    assert not void._gets_totem(s, t1)
    r = careful.read(s, 0, plays=[1.0])
    assert r.hits[t1] == 1 and r.cost[t1] > 0
    sim = s.copy()
    if void._vplace(sim, t1):  # a tie of the closest spaces: the player chooses
        void._place_ruin(sim, t1, void.ruin_candidates(sim, [t1])[0])
    assert (
        sim.placement.tent_counts(t1)[sim.n] == 2 and sim.solo_rules.control(t1) == 1
    )  # what the reading foresaw: the Void controls it after the hit
    # The same counts with one player's two Tents: the limit is 2, a Void Totem, the players hold.
    solo = new(1)
    put(solo, t1, tents=2, ruins=1, totems=1)
    assert void._gets_totem(solo, t1) and careful.read(solo, 0, plays=[1.0]).cost[t1] == 0


def test_the_long_road_reads_the_ruins_to_come_on_the_purple_road() -> None:
    # The Long Road: an Infection's Ruin goes on the territory's free purple-road spaces first.
    # The players lead the road 3 to 2, but T6's Totem limit is full and the pawn is about to
    # hit it, and empty T5's purple spaces would take a Ruin too: they need a Tent more there.
    s = GAME.new_state(1, 3, {"map": "long-road", "mode": "solo"})
    b = s.board
    t5, t6 = b.short.index("T5"), b.short.index("T6")
    for name, who in (("6a", s.n), ("6b", s.n), ("1d", 0), ("10b", 0), ("10c", 0)):
        s.owner[b.space_name.index(name)] = who
        s.tents_left[who] -= 1
    s.totems[t6][s.n] = 2
    s.totems_left[s.n] -= 2
    s.stack[t6] = [s.n, s.n]
    s.pawn = 4  # connection 5: T2-T6
    deal(s, 0, [TUNDRA, FOREST, COAST])
    r = careful.read(s, 0)
    assert r.hits[t6] >= 1 and r.hits[t5] >= 1
    assert careful.purple_cost(s, r) == 1.0
    # A Tent in T5 goes on a purple space (5b), not the first free one (5a).
    s.apply(0, f"t{t5 + 1}")
    assert s.phase == "space" and "s5a" in {a.id for a in s.legal_actions(0)}
    assert careful.careful_action(s, 0, 5) in {"s5b", "s5c", "s5d"}


def test_void_pieces_go_into_a_given_up_territory() -> None:
    s = new()
    b = s.board
    t2, t8, t9 = (b.short.index(x) for x in ("T2", "T8", "T9"))  # the three Forest territories
    put(s, t2, ruins=3, void_totems=2)  # lost to the Void already: given up
    put(s, t8, tents=2, totems=1)  # held
    put(s, t9, tents=2, totems=1)  # held
    deal(s, 0, [TUNDRA, FOREST, GLACIER])
    r = careful.read(s, 0)
    assert t2 in r.give_up and t8 in r.hold and t9 in r.hold
    # The player's action with Tundra, then the Void action with Forest or Glacier: the Void's
    # piece goes to T2, never into a held Forest territory.
    texts = finish_turn(s)
    void = [x for x in texts if "for the Void" in x]
    assert void and all("T8" not in x and "T9" not in x for x in void), texts


def test_a_card_of_a_completely_explored_biome_skips_the_void_action() -> None:
    s = new()
    b = s.board
    explored = [t for t in range(b.num_territories) if b.biome[t] in (TUNDRA, GLACIER, DESERT)]
    for t in explored:
        put(s, t, tents=1)  # one Tent each: a Void Tent there would tie it
    deal(s, 0, [GLACIER, TUNDRA, DESERT])
    # One card for the player's action; of the two left, one skips the Void action (rule 1)
    # rather than giving the Void a piece in a territory the players hold.
    texts = finish_turn(s)
    assert any("to skip the Void action" in x for x in texts), texts
    assert all(s.placement.tent_counts(t)[s.n] == 0 for t in explored)


def test_the_strong_ai_plays_the_careful_player_deterministically_without_peeking() -> None:
    s = new(seed=11)
    a = choose(s, 0, "strong", budget_s=None, seed=4, iterations=1)
    assert a == choose(s, 0, "strong", budget_s=None, seed=4, iterations=1)
    d = analyse(s, 0, "strong", budget_s=2.0, seed=4)  # work: its worlds, stopped by the cap at the latest
    assert (
        d.action in {x.id for x in s.legal_actions(0)} and d.elapsed_s < ai.WALL_CAP * 2.0 + ai.WALL_SLACK_S
    )
    # The deck's order is hidden: dealing it otherwise changes nothing.
    other = s.copy()
    other.deck.reverse()
    assert choose(other, 0, "strong", budget_s=None, seed=4, iterations=1) == a
    # Co-op: each seat plays its own turn the same way.
    c = new(2, seed=11)
    seat = c.to_act()[0]
    assert c.policy(seat, 1) == careful.careful_action(c, seat, 1)
    # Versus has no policy: the tree search plays it.
    assert GAME.new_state(3, 1, {"map": "new-horizons"}).policy(0, 1) is None


def test_refills_from_the_deck_unless_the_display_holds_a_card_needed_now() -> None:
    s = new()
    t1 = s.board.short.index("T1")  # Tundra, on connection 1: the next Infection hits it
    put(s, t1, tents=1)
    deal(s, 0, [GLACIER, COAST])
    s.deck += s.display
    s.display = []
    for c in (COAST, DESERT, DESERT, TUNDRA):
        s.deck.remove(c)
        s.display.append(c)
    s.display.sort()
    s.phase = s.stage = "draw"  # refilling the hand after a turn
    assert t1 in careful.read(s, 0).hold
    # The hand lacks Tundra and T1 needs pieces before the next Infection: the Tundra card.
    assert careful.careful_action(s, 0, 1) == "dT"
    # Else from the deck: a card revealed in the display would be an Infection nobody chose.
    deal(s, 0, [TUNDRA, GLACIER])
    assert careful.careful_action(s, 0, 1) == "deck"


def test_uncharted_the_reading_plays_the_purple_territory_out_hit_by_hit() -> None:
    from games.iwari.ai.uncharted import pool_ahead

    s = GAME.new_state(1, 3, {"map": "uncharted-paths", "mode": "solo"})
    b = s.board
    conns = s.board.connections
    a, c = conns[s.pawn].a, conns[s.pawn].b  # the two territories the next Infection hits
    put(s, a, tents=2)  # room for two Totems: each hit sends a Void Totem to the purple territory
    # c is unexplored: the first hit puts a Ruin (the Void leads there, 1 Tent to 0), the next a
    # Void Totem on the purple territory.
    assert not any(s.placement.tent_counts(c))
    assert pool_ahead(s, [((a, c), False)] * 3) == [1, 3, 5]
    # The reading follows the pawn (connections 1, 2, 3): a Void Totem at each hit of a
    # territory explored before; with two there already, the 5th comes at the third Infection.
    assert careful.read(s, 0, plays=[1, 1, 1]).pool == 3
    s.void_pool = 2
    r = careful.read(s, 0, plays=[1, 1, 1])
    assert r.pool == 5 and r.pool_lost == 2
    s.void_pool = 0
    # A Totem limit kept full: a Ruin instead, and the territory takes no Void Totem any more
    # while the players keep the Tent majority (2 Tents to 1 Ruin, 2 Totems).
    put(s, a, totems=2)
    assert pool_ahead(s, [((a,), False)] * 3) == [0, 0, 0]
    assert s.placement.tent_counts(a)[s.n] == 0 and b.key == "uncharted-paths"


def test_uncharted_holding_a_territory_counts_the_void_totems_it_sends_away() -> None:
    from games.iwari.ai.costs import _cheapest
    from games.iwari.ai.uncharted import SENT, hold_cost

    # Two Tents of the players, nothing else, 4 free spaces, 3 hits to come. On the pieces alone
    # nothing is needed (each hit sends a Void Totem away and the territory stays as it is);
    # counting those, two Totems fill the Totem limit: the hits put Ruins, the Totems hold it.
    assert _cheapest(2, 0, 0, 0, 4, True, 3, True, 6, 5)[0] == 0
    assert hold_cost(2, 0, 0, 0, 4, True, 3, 6, 5, 2) == min(2.0, 3 * SENT)
    # No hit to come: nothing to add.
    assert hold_cost(2, 0, 0, 0, 4, True, 0, 6, 5, 2) == 0
    # Two Tents and a Totem, one hit: one player's two Tents leave room for a Totem more (a
    # Void Totem sent away, or a Totem to add); co-op, one Tent of each player: the limit (one
    # player's majority) is full, the hit puts a Ruin and the players still lead.
    assert hold_cost(2, 0, 1, 0, 4, True, 1, 6, 5, 2) == min(1.0, SENT)
    assert hold_cost(2, 0, 1, 0, 4, True, 1, 6, 5, 1) == 0


def test_uncharted_moves_a_void_totem_out_before_the_fifth_comes() -> None:
    s = GAME.new_state(1, 3, {"map": "uncharted-paths", "mode": "solo"})
    b = s.board
    t1, t5 = b.short.index("T1"), b.short.index("T5")  # Forest, Tundra
    s.pawn = next(k for k, c in enumerate(b.connections) if {c.a, c.b} == {t1, t5})
    put(s, t1, tents=2, totems=2)  # no room: the Infection puts a Ruin there
    put(s, t5, tents=2)  # room for two Totems
    s.totems_left[0] = 0  # no Totem of the players' left to fill it
    s.void_pool, s.totems_left[s.n] = 4, s.totems_left[s.n] - 4
    deal(s, 0, [TUNDRA, TUNDRA, VOID_CARD])
    assert careful.read(s, 0).pool_lost == 0  # the Void card in hand would bring the 5th
    # Two Tundra cards move a Void Totem from the purple territory into T5: the Infection the
    # Void card then brings sends one back, the 5th does not come.
    texts = finish_turn(s)
    assert any("moves a Void Totem" in x and "T5" in x for x in texts), texts
    assert not s.over and s.void_pool == 4 and s.void[t5] == 1


def test_the_pieces_a_hand_can_place_in_one_turn() -> None:
    s = new()
    t1 = s.board.short.index("T1")  # Tundra
    # Unexplored: one Tent, whatever the cards.
    assert careful.placeable(s, [2, 0, 0, 0, 0, 0], t1) == 1
    assert careful.placeable(s, [0, 0, 0, 0, 0, 3], t1) == 0  # Void cards are never wild
    put(s, t1, tents=1)
    assert careful.placeable(s, [2, 1, 0, 0, 0, 0], t1) == 2  # two pieces at most
    assert careful.placeable(s, [1, 2, 0, 0, 0, 0], t1) == 2  # a card of its biome and a pair
    assert careful.placeable(s, [0, 2, 1, 0, 0, 0], t1) == 1  # a pair of one colour is a wild
    assert careful.placeable(s, [0, 1, 1, 1, 0, 0], t1) == 0


def test_a_hand_without_the_cards_the_next_infection_calls_for_reads_worse() -> None:
    s = new()
    b = s.board
    t1, t2 = b.short.index("T1"), b.short.index("T2")
    conn = b.connections[s.pawn]
    assert {conn.a, conn.b} == {t1, t2}  # the next Infection hits T1 and T2
    put(s, t1, tents=1)
    deal(s, 0, [COAST, DESERT])
    r = careful.read(s, 0)
    assert t1 in r.hold and 0 < r.cost[t1] < careful.NEVER
    short = careful.shortfall(s, 0, r)
    assert short == r.cost[t1]  # nothing in hand goes into T1
    without = careful.evaluate(s, 0)
    deal(s, 0, [TUNDRA, TUNDRA])
    ready = max(0, r.cost[t1] - 2)
    assert careful.shortfall(s, 0, careful.read(s, 0)) == ready
    # The same board: only the hand differs, by the pieces it can put into T1 in time.
    assert careful.evaluate(s, 0) - without == pytest.approx(careful.READY * (short - ready))
    # The Uncharted Paths: a hit with room sends its Void Totem away, whatever the hand holds.
    u = GAME.new_state(1, 3, {"map": "uncharted-paths", "mode": "solo"})
    put(u, t1, tents=1)
    deal(u, 0, [COAST, DESERT])
    assert careful.shortfall(u, 0, careful.read(u, 0)) == 0

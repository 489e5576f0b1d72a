"""The AI in Iwari solo and co-op: the careful player's reading of a position (IwariState.plan,
estimate) and the planner the strong level uses there (games.ai.plan)."""

from __future__ import annotations

from games import REGISTRY
from games.ai import analyse, choose
from games.iwari import estimate
from games.iwari.ai.costs import _cheapest, _played_out
from games.iwari.data import CORRUPTION_CARDS, VOID_CARD
from games.iwari.state import IwariState

GAME = REGISTRY["iwari"]


def new(n: int = 1, seed: int = 3, **opts) -> IwariState:
    return GAME.new_state(n, seed, {"map": "new-horizons", "mode": "solo" if n == 1 else "coop", **opts})


def test_the_plan_follows_the_void_pawn_and_the_void_cards() -> None:
    s = new()
    s.hands[0][VOID_CARD] = 0
    s.display = [0, 1, 2, 3]
    plan = estimate.plan(s)
    conns = s.board.connections
    # From connection 1 in number order; no Void card out yet: the 4th revealed one corrupts.
    assert [e[0] for e in plan.events[:3]] == [(conns[k].a, conns[k].b) for k in range(3)]
    assert [e[1] for e in plan.events[:CORRUPTION_CARDS]] == [False, False, False, True]
    assert sum(e[1] for e in plan.events) == 3  # the 3rd Corruption ends the game
    # Three Void cards in the display: the very next one revealed is a Corruption ...
    s.display = [VOID_CARD, VOID_CARD, VOID_CARD, 0]
    assert estimate.plan(s).events[0][1]
    # ... unless the player holds a Void card: played above the display first, an Infection.
    s.hands[0][VOID_CARD] = 1
    assert [e[1] for e in estimate.plan(s).events[:2]] == [False, True]


def test_the_pawn_skips_connections_between_counted_territories() -> None:
    s = new()
    c = s.board.connections[0]
    s.claimed[c.a] = s.claimed[c.b] = 0
    events = estimate.plan(s).events
    assert all(set(e[0]) != {c.a, c.b} for e in events)
    assert all(c.a not in e[0] and c.b not in e[0] for e in events)  # counted: never hit again


def test_the_cost_of_holding_a_territory() -> None:
    # One Tent alone falls to one Infection (a Void Totem ties, ties go to the Void): it takes a
    # second Tent and a Totem to hold; with no Infection to come the Tent holds as it is.
    assert _cheapest(1, 0, 0, 0, 4, True, 0, False, 20, 8) == (0, 0)
    assert _cheapest(1, 0, 0, 0, 4, True, 1, False, 20, 8) == (2, 0)
    assert not _played_out(2, 0, 0, 0, 3, True, 1, False)[0]
    assert _played_out(2, 0, 1, 0, 3, True, 1, False)[0]
    # Filling the last spaces while ahead counts it at once: no Infection matters any more.
    assert _cheapest(2, 1, 1, 0, 1, True, 5, False, 20, 8) == (1, 0)
    # An empty territory with no Infection to come: one Tent.
    assert _cheapest(0, 0, 0, 0, 5, True, 0, False, 20, 8) == (1, 0)


def test_the_plan_holds_the_cheapest_territories_it_needs() -> None:
    s = new(difficulty="normal")
    plan = estimate.plan(s)
    assert plan.need == s.board.num_territories - 3 + 1
    assert len(plan.hold) == plan.need and set(plan.hold) | set(plan.give_up) == set(range(12))
    assert max(plan.cost[t] for t in plan.hold) <= min(plan.cost[t] for t in plan.give_up)
    e = s.estimate()
    assert e is not None and 0.0 < e[0] < 1.0


def test_strong_plays_the_careful_player_in_solo_and_is_deterministic() -> None:
    # The planner hands the move to the game's own careful player (IwariState.policy), which
    # plans on one determinized world.
    s = new()
    d = analyse(s, 0, "strong", budget_s=None, iterations=2, seed=5)
    assert d.iterations == 1 and d.action in {a.id for a in s.legal_actions(0)}
    assert choose(s, 0, "strong", budget_s=None, iterations=2, seed=5) == d.action


def test_coop_estimate_is_shared_and_versus_has_none() -> None:
    s = new(2)
    e = s.estimate()
    assert e is not None and len(e) == 2 and e[0] == e[1]
    assert GAME.new_state(3, 1, {"map": "new-horizons"}).estimate() is None


def test_a_whole_solo_game_with_the_planner() -> None:
    s = new(1, 7, difficulty="easy")
    step = 0
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, choose(s, seat, "strong", budget_s=None, iterations=1, seed=step))
        s.check_invariants()
        step += 1
    assert s.over and s.end_reason

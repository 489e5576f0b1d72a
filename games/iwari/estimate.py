"""Iwari solo and co-op: judging a position for the AI (the engine's ``estimate`` hook).

Random playouts of a solo game nearly always lose (a random player scatters the Void's pieces
and the Void wins every tie), so they tell a search little. ``estimate`` reads the board the
way a careful player does (``plan``):

1. The Void pawn's walk is known: from its connection, in number order, skipping connections
   whose two territories are counted. The Void cards above the display (played) and in the
   display (revealed) say how many Infections are left before the next Corruption (the 4th
   card of either pile), and the cards beside the board how many Corruptions are left before
   the end (the 3rd ends the game). So the plan lists the Infections to come, which two
   territories each one hits, and which ones are Corruptions (those two territories are
   counted then, and the pawn skips them afterwards).
2. For every territory not yet counted: the hits it will take before it is counted (at its
   Corruption, or at the end), and the cost of holding it, the fewest pieces the players must
   still add so that they control it after those hits (an Infection is played out on the counts:
   a Void Totem while the Totem limit has room, else a Ruin on a free space; a territory is
   counted the moment its last space fills, so filling it while ahead holds it too).
3. The players must hold N - target + 1 territories. The plan holds the cheapest of those still
   needed and gives up the others (the dumps for the Void's pieces); the slack is the pieces the
   players can still place (their supply, and the turns left to place them) less that cost.

The reward is the chance that the slack stays positive (a logistic curve in it), less the
map's own threats (a Void settlement growing towards a win, Void Totems on the purple
territory, Ruins ahead on the purple spaces or road). Versus games return None (their
playouts are informative).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from games.iwari import void
from games.iwari.ai.careful import careful_action
from games.iwari.ai.costs import NEVER, _cheapest, hits_until_counted, piece_counts
from games.iwari.common import FLOATING, FORGOTTEN, UNCHARTED
from games.iwari.data import (
    ASIDE_END,
    CORRUPTION_CARDS,
    FLOATING_VOID_SETTLEMENT_WIN,
    UNCHARTED_VOID_WIN,
    VOID_CARD,
    VOID_SETTLEMENT_WIN,
)

# Turns per Infection (about 69 cards, 12 of them Void cards, 2-3 cards used a turn) and pieces
# a turn places on average: what the players can still place before the end.
TURNS_PER_INFECTION = 1.3
PIECES_PER_TURN = 1.5
# Logistic scale of the slack (pieces): how sure a lead of a few pieces is.
SLACK_SCALE = 3.0
# Pieces the players can place before the next Infection comes (this turn's action), and
# between two Infections.
PIECES_NOW = 2.0
PIECES_PER_EVENT = PIECES_PER_TURN * TURNS_PER_INFECTION
MAX_EVENTS = 40
_COSTS: dict[tuple, tuple[int, int]] = {}  # _cheapest by its arguments


@dataclass
class Plan:
    """A careful player's reading of a solo/co-op position (see the module docstring)."""

    events: list[tuple[tuple[int, ...], bool]] = field(default_factory=list)  # (territories, Corruption)
    hits: dict[int, int] = field(default_factory=dict)  # open territory -> Infections until counted
    cost: dict[int, int] = field(default_factory=dict)  # open territory -> pieces to add to hold it
    hold: list[int] = field(default_factory=list)  # the territories the plan holds (cheapest first)
    give_up: list[int] = field(default_factory=list)  # the others: dumps for the Void's pieces
    need: int = 0  # territories the players must still win
    capacity: float = 0.0  # pieces the players can still place
    slack: float = 0.0  # capacity less the cost of the held territories, less the lateness
    late: float = 0.0  # pieces the held territories need before their first hit and cannot get in time
    pool_hits: int = 0  # The Uncharted Paths: Infections that will put a Void Totem on the purple territory


def estimate(state) -> list[float] | None:
    """GameState.estimate for solo/co-op: the chance the players hold the Void back."""
    if not state.solo:
        return None
    reading = plan(state)
    if reading.need > len(reading.cost) or state.claimed.count(1) >= state.target:
        return [0.0] * state.n
    chance = 1.0 / (1.0 + math.exp(-reading.slack / SLACK_SCALE))
    if reading.need <= 0:
        chance = 1.0
    # Small tie-breaks: territories the players already hold as things stand, and pieces kept.
    open_ = list(reading.cost)
    now = sum(1 for t in open_ if state.solo_rules.control(t) == 0) / max(1, len(open_))
    value = (1.0 - _threat(state, reading)) * (0.9 * chance + 0.1 * now)
    return [value] * state.n


def policy(state, seat: int, seed: int) -> str | None:
    """The strong AI's move in solo/co-op (``games.ai.plan``): the careful player of
    ``games.iwari.ai.careful``, which plans on a world dealt by ``determinize``. None in versus."""
    if not state.solo:
        return None
    return careful_action(state, seat, seed)


# ------------------------------------------------------------------ the plan
def plan(state) -> Plan:
    b = state.board
    plan = Plan()
    plan.events = _events_ahead(state)
    counted = {t for t in range(b.num_territories) if state.claimed[t] >= 0}
    open_ = [t for t in range(b.num_territories) if t not in counted]
    plan.hits, closed = hits_until_counted(plan.events, open_)
    tents = sum(state.tents_left[x] for x in range(state.n))
    totems = sum(state.totems_left[x] for x in range(state.n))
    for t in open_:
        cost, pool = _hold_cost(state, t, plan.hits[t], tents, totems)
        if t in closed and cost > PIECES_NOW + PIECES_PER_EVENT * closed[t]:
            cost = NEVER  # counted by a Corruption before the players can add that much
        plan.cost[t] = cost
        plan.pool_hits += pool
    held = state.claimed.count(0)
    plan.need = b.num_territories - state.target + 1 - held
    ranked = sorted(open_, key=lambda t: (plan.cost[t], plan.hits[t], t))
    plan.hold = ranked[: max(0, plan.need)]
    plan.give_up = ranked[max(0, plan.need) :]
    turns = TURNS_PER_INFECTION * len(plan.events) + 1
    plan.capacity = min(tents + totems, PIECES_PER_TURN * turns)
    # In time? A held territory needs its pieces before its first hit: taken in the order
    # of their first hits, the pieces needed so far against the pieces placeable by then.
    first = {t: len(plan.events) for t in plan.hold}
    for i in range(len(plan.events) - 1, -1, -1):
        for t in plan.events[i][0]:
            if t in first:
                first[t] = i
    need_so_far = 0.0
    for t in sorted(plan.hold, key=lambda t: first[t]):
        need_so_far += plan.cost[t]
        by_then = PIECES_NOW + PIECES_PER_EVENT * first[t]
        plan.late = max(plan.late, need_so_far - by_then)
    plan.slack = plan.capacity - sum(plan.cost[t] for t in plan.hold) - plan.late
    return plan


def _events_ahead(state) -> list[tuple[tuple[int, ...], bool]]:
    """The Infections to come until the last Corruption: open territories hit, and whether a Corruption."""
    conns = state.board.connections
    counted = [c >= 0 for c in state.claimed]

    def ok(k: int) -> bool:
        c = conns[k]
        return not (counted[c.a] and counted[c.b])

    # Where the Void cards come from: those in the players' hands are played (above the
    # display) first, then every Infection is a Void card revealed in the display (most are:
    # a careful player plays few). The 4th card of either pile makes a Corruption.
    piles = {"row": state.void_row, "display": state.display.count(VOID_CARD)}
    sources = ["row"] * sum(h[VOID_CARD] for h in state.hands[: state.n])
    corruptions = ASIDE_END - state.void_aside
    out: list[tuple[tuple[int, ...], bool]] = []
    p = state.pawn
    while corruptions > 0 and len(out) < MAX_EVENTS:
        for _ in range(len(conns)):
            if ok(p):
                break
            p = (p + 1) % len(conns)
        if not ok(p):
            break  # everything is counted
        c = conns[p]
        pile = sources[len(out)] if len(out) < len(sources) else "display"
        piles[pile] += 1
        corrupt = piles[pile] >= CORRUPTION_CARDS
        out.append((tuple(t for t in (c.a, c.b) if not counted[t]), corrupt))
        if corrupt:
            piles[pile] = 0
            counted[c.a] = counted[c.b] = True
            corruptions -= 1
        p = (p + 1) % len(conns)
    return out


def _hold_cost(state, t: int, hits: int, tents: int, totems: int) -> tuple[int, int]:
    """(pieces the players must add to control t after ``hits`` Infections, Void Totems sent to the purple territory)."""
    tp, tv, mp, mv, free, allowed, lead = piece_counts(state, t)
    uncharted = state.board.key == UNCHARTED
    key = (tp, tv, mp, mv, free, allowed, hits, uncharted, min(tents, 6), min(totems, 5), lead)
    if key not in _COSTS:
        _COSTS[key] = _cheapest(*key)
    return _COSTS[key]


def _threat(state, plan: Plan) -> float:
    """The map's own ways for the Void to win, as a share of the reward lost."""
    b = state.board
    threat = 0.0
    ruins = [s for s, o in enumerate(state.owner) if o == state.n]
    if ruins:
        win = FLOATING_VOID_SETTLEMENT_WIN if b.key == FLOATING else VOID_SETTLEMENT_WIN
        biggest = max(len(void._void_group(state, s)) for s in ruins)
        threat = max(threat, (biggest / win) ** 3)
    if b.key == UNCHARTED:
        ahead = state.void_pool + plan.pool_hits
        threat = max(threat, 1.0 / (1.0 + math.exp(-(ahead - UNCHARTED_VOID_WIN + 0.5))))
    purple = b.ruin_spaces if b.key == FORGOTTEN else b.purple_road
    if purple:
        lead = sum(1 for s in purple if state.owner[s] == state.n) - sum(
            1 for s in purple if 0 <= state.owner[s] < state.n
        )
        threat = max(threat, 1.0 / (1.0 + math.exp(-(lead - 0.5))) - 0.2)
    return min(1.0, threat)

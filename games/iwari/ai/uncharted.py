"""Iwari solo and co-op on The Uncharted Paths: the careful player's reading of the purple territory.

On this map an Infection that would put a Void Totem in a territory (it has a Tent and room
under its Totem limit) puts it on the purple territory instead, and the 5th there wins for the
Void. The territory keeps its room, so it sends a Totem there at every hit until the room is
filled (the players' Totems, a Void Totem placed in the Void action or moved out of the purple
territory); where there is no room the Infection puts a Ruin, which may open room (the Void's
Tents raise the limit where they lead). So the reading (``careful.read``) counts, besides the
pieces:

- per held territory (``hold_cost``): the Void Totems it sends away before it is counted, each
  as ``SENT`` pieces, in the cost of holding it; the cheapest way to hold it may then be to fill
  its Totem limit, taking the Ruins that come instead;
- for the others (``pool_reading``): the Void Totems the Infections ahead send away, played out
  hit by hit (``pool_ahead``), each as ``ARRIVAL`` pieces, the later ones weighing less (the
  players fill Totem limits meanwhile, the Void action's Void Totems among them); and after how
  many Infections the 5th would come.
"""

from __future__ import annotations

from functools import lru_cache

from games.iwari.ai.costs import _cheapest
from games.iwari.data import UNCHARTED_VOID_WIN

# A Void Totem a held territory sends to the purple territory before it is counted, in pieces
# (in the cost of holding it).
SENT = 1.0
# A Void Totem the Infections ahead send there from the other territories, in pieces, and the
# events after which its weight is halved.
ARRIVAL = 1.0
HORIZON = 3.0


def pool_ahead(st, events, sent: list | None = None) -> list[int]:
    """The Void Totems on the purple territory after each of the Infections ahead (``events``:
    ``(territories hit, is a Corruption)`` each, in order), if the players add nothing. ``sent``:
    also gets ``(event, territory)`` for each Void Totem sent there."""
    v = st.n
    b = st.board
    counts: dict[int, list[int]] = {}
    on: dict[int, int] = {}
    free: dict[int, int] = {}
    closed: set[int] = set()
    pool = st.void_pool
    stock = st.totems_left[v]
    out = []
    for i, (terrs, corrupt) in enumerate(events):
        for t in terrs:
            if t in closed:
                continue
            if t not in counts:
                counts[t] = st.placement.tent_counts(t)
                on[t] = sum(st.totems[t]) + st.void[t]
                free[t] = len(st.placement.free_spaces(t))
            c = counts[t]
            if sum(c) and b.totems_allowed[t] and on[t] + 1 <= max(c):
                if stock > 0:
                    stock -= 1
                    pool += 1
                    if sent is not None:
                        sent.append((i, t))
            elif free[t]:
                c[v] += 1
                free[t] -= 1
                if not free[t]:
                    closed.add(t)  # full: counted at once
        if corrupt:
            closed.update(terrs)
        out.append(pool)
    return out


def pool_reading(st, events, skip=()) -> tuple[int, int, float]:
    """(Void Totems on the purple territory after the Infections ahead, the event that brings
    the 5th there or -1, the Void Totems the Infections ahead send there from the territories not
    in ``skip``, the later ones weighing less)."""
    sent: list[tuple[int, int]] = []
    ahead = pool_ahead(st, events, sent)
    lost = next((i for i, p in enumerate(ahead) if p >= UNCHARTED_VOID_WIN), -1)
    pressure = sum(1 / (1 + i / HORIZON) for i, t in sent if t not in skip)
    return (ahead[-1] if ahead else st.void_pool), lost, pressure


@lru_cache(maxsize=1 << 16)
def hold_cost(
    tp: int,
    tv: int,
    mp: int,
    mv: int,
    free: int,
    allowed: bool,
    hits: int,
    tents: int,
    totems: int,
    lead: int,
) -> float:
    """The cost of holding a territory here: the fewest pieces the players must add so that they
    control it after ``hits`` Infections, plus ``SENT`` for each Void Totem it sends to the purple
    territory meanwhile (``costs._cheapest`` counts the pieces only, and so prefers the room
    that sends them). Counts as in ``estimate.piece_counts`` (``lead``: the most Tents of one
    player, the Totem limit; the Tents added go to that player); ties go to the Void."""
    return float(_cheapest(tp, tv, mp, mv, free, allowed, hits, True, tents, totems, lead, SENT)[0])

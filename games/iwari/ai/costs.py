"""Iwari solo and co-op: what holding a territory costs, on its counts alone.

Shared by the engine's ``estimate`` (``games.iwari.estimate``) and the careful player
(``games.iwari.ai.careful``): the hits each territory takes before it is counted, a territory's
counts, an Infection played out on them, and the fewest pieces the players must add to hold it.
"""

from __future__ import annotations

# The cost given to a territory the players cannot hold any more: large, but finite so that a
# losing position still ranks its moves.
NEVER = 12


def hits_until_counted(events, open_: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    """From the Infections ahead (``(territories, is a Corruption)`` each, in order): the hits each
    open territory takes before it is counted, and the event (a Corruption) that counts it."""
    hits = dict.fromkeys(open_, 0)
    closed: dict[int, int] = {}
    for i, (terrs, corruption) in enumerate(events):
        for t in terrs:
            if t not in closed:
                hits[t] += 1
        if corruption:
            for t in terrs:
                closed.setdefault(t, i)
    return hits, closed


def piece_counts(st, t: int) -> tuple[int, int, int, int, int, bool, int]:
    """A territory's counts: the players' Tents and Totems, the Void's Tents and Totems (its
    Void pieces included), the free spaces, whether Totems may stand there, and the most Tents
    one player has there (the Totem limit is one tribe's majority: in co-op the two players'
    Tents count together for control, not for the limit)."""
    v = st.n
    tp = tv = mp = lead = 0
    for x, k in enumerate(st.placement.tent_counts(t)):
        if x == v:
            tv += k
        else:
            tp += k
            lead = max(lead, k)
    for x, k in enumerate(st.totems[t]):
        if x != v:
            mp += k
    mv = st.totems[t][v] + st.void[t]
    return tp, tv, mp, mv, len(st.placement.free_spaces(t)), st.board.totems_allowed[t], lead


def _after_hits(
    tp: int,
    tv: int,
    mp: int,
    mv: int,
    free: int,
    allowed: bool,
    hits: int,
    uncharted: bool,
    lead: int | None = None,
) -> tuple[int, int, int, int, int]:
    """A territory's counts after ``hits`` Infections: (Ruins, Void Totems, free spaces, Ruins
    placed, Void Totems sent to the purple territory). An Infection puts a Void Totem while the
    Totem limit has room, else a Ruin on a free space; a full territory takes nothing more.

    Counts only: players' Tents/Totems ``tp``/``mp``, the Void's ``tv``/``mv``, ``free`` spaces,
    ``lead`` the most Tents of one player (the Totem limit; None: all of ``tp``, one player).
    """
    pool = placed = 0
    limit = max(tp if lead is None else lead, tv)
    for _ in range(hits):
        if not free:
            break
        if allowed and tp + tv and mp + mv + 1 <= limit:
            if uncharted:
                pool += 1  # The Uncharted Paths: the Void Totem goes on the purple territory
            else:
                mv += 1
        else:
            tv += 1
            free -= 1
            placed += 1
            limit = max(limit, tv)
    return tv, mv, free, placed, pool


def _played_out(
    tp: int,
    tv: int,
    mp: int,
    mv: int,
    free: int,
    allowed: bool,
    hits: int,
    uncharted: bool,
    lead: int | None = None,
) -> tuple[bool, int]:
    """Whether the players control a territory after ``hits`` Infections (``_after_hits``), and
    Void Totems sent away. A full territory is counted at once. Ties go to the Void."""
    tv, mv, _, _, pool = _after_hits(tp, tv, mp, mv, free, allowed, hits, uncharted, lead)
    return mp + (tp > tv) > mv + (tp <= tv), pool


def _cheapest(
    tp: int,
    tv: int,
    mp: int,
    mv: int,
    free: int,
    allowed: bool,
    hits: int,
    uncharted: bool,
    tents: int,
    totems: int,
    lead: int | None = None,
    sent: float = 0.0,
) -> tuple[float, int]:
    """``_hold_cost`` on the counts alone (cached: the same counts come up again and again).

    ``lead``: the most Tents of one player there (None: ``tp``); the Tents added go to that
    player, so they raise the Totem limit (in co-op one player builds a territory's majority).
    ``sent``: what each Void Totem the territory sends to the purple territory meanwhile costs,
    in pieces (The Uncharted Paths' careful player; 0: the pieces alone)."""
    best = NEVER
    pool_now = 0
    lead = tp if lead is None else lead
    if free == 0:
        return (0 if _played_out(tp, tv, mp, mv, 0, allowed, 0, uncharted, lead)[0] else NEVER), 0
    for a in range(min(free, tents, 6) + 1):
        for m in range(min(totems, 5) + 1 if allowed else 1):
            if a + m >= best:
                break
            if m and mp + mv + m > max(lead + a, tv):
                break  # the Totem limit
            holds, pool = _played_out(tp + a, tv, mp + m, mv, free - a, allowed, hits, uncharted, lead + a)
            if a == m == 0:
                pool_now = pool
            if holds:
                best = min(best, a + m + sent * pool)
    return best, pool_now

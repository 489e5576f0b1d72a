"""Pure scoring rules: Tent majorities, Totem connections, Settlements."""

from __future__ import annotations

from collections.abc import Sequence

from games.iwari.board import Board
from games.iwari.data import SETTLEMENT_MIN


def tent_points(counts: Sequence[int]) -> list[int]:
    """Points of one territory's Tent scoring, per tribe, from its Tent counts.

    The most Tents score every Tent there; each next rank scores the Tent count of
    the rank just above it. Ties share a rank and the next rank is not skipped.
    """
    ranks = sorted({c for c in counts if c > 0}, reverse=True)
    total = sum(counts)
    out = []
    for c in counts:
        if c <= 0:
            out.append(0)
        else:
            r = ranks.index(c)
            out.append(total if r == 0 else ranks[r - 1])
    return out


def totem_holders(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Tribes holding the Totem majority (ties included) in both territories of a connection."""
    ma, mb = max(a), max(b)
    if ma == 0 or mb == 0:
        return []
    return [x for x in range(len(a)) if a[x] == ma and b[x] == mb]


def road_groups(roads: Sequence[Sequence[int]], owner: Sequence[int], tribe: int) -> list[list[int]]:
    """Every group of the tribe's pieces connected along roads, of any size (lists of spaces)."""
    seen: set[int] = set()
    groups = []
    for s, o in enumerate(owner):
        if o != tribe or s in seen:
            continue
        group = [s]
        seen.add(s)
        i = 0
        while i < len(group):
            for t in roads[group[i]]:
                if owner[t] == tribe and t not in seen:
                    seen.add(t)
                    group.append(t)
            i += 1
        groups.append(group)
    return groups


def settlements(board: Board, owner: Sequence[int], tribe: int) -> list[list[int]]:
    """The tribe's groups of SETTLEMENT_MIN+ Tents connected along roads (lists of spaces)."""
    return [sorted(g) for g in road_groups(board.roads, owner, tribe) if len(g) >= SETTLEMENT_MIN]

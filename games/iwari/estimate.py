"""Iwari solo and co-op: judging a position for the AI (the engine's ``estimate`` hook)."""

from __future__ import annotations

import math

from games.iwari.common import (
    FLOATING,
    FORGOTTEN,
    UNCHARTED,
)
from games.iwari.data import (
    ASIDE_END,
    CORRUPTION_CARDS,
    FLOATING_VOID_SETTLEMENT_WIN,
    TENTS_PER_TRIBE,
    TOTEMS_PER_TRIBE,
    UNCHARTED_VOID_WIN,
    VOID_CARD,
    VOID_SETTLEMENT_WIN,
)

# Infections expected per territory over a whole game, and how many are played out on a
# territory's counts; the weight of the pieces kept in reserve.
INFECTION_HITS = 1.0
HOLD_HITS = 4
RESERVE_WEIGHT = 0.1


class EstimateMixin:
    """``estimate`` of IwariState (solo/co-op; versus returns None)."""

    def estimate(self) -> list[float] | None:
        """GameState.estimate for solo/co-op: how likely the players are to hold the Void back.

        Random playouts of a solo game nearly always lose (a random player scatters the Void's
        pieces and the Void wins every tie), so they tell a search little. This reads the board
        instead: each territory not yet counted is held by the players with a chance that
        grows with their lead in the count (Totems plus the virtual Totem of the Tent majority,
        and the Tent lead), the counted ones are settled; the chance that the Void ends below
        its target follows (independent territories), less the map's own threats (a Void
        settlement growing towards a win, Void Totems on the purple territory, Ruins ahead on the
        purple spaces or road). Half of the reward is that chance, half the share of territories
        the players are expected to hold (so that early moves, when every chance is small, still
        differ). Versus games return None (their playouts are informative).
        """
        if not self.solo:
            return None
        b = self.board
        # Infections still to come, per territory (fewer as the Corruptions pass); the next
        # connection of the Void pawn is hit first.
        lam = INFECTION_HITS * (ASIDE_END - self.void_aside) / ASIDE_END + 0.3
        seq = self._pawn_ahead(4)
        # A Corruption counts the territories where the pawn will lie when the 4th Void card
        # comes (one pawn step per Void card, the display's or the row's): those are judged on
        # the count as it stands, and so is everything the nearer the last Corruption is.
        need = CORRUPTION_CARDS - max(self.void_row, self.display.count(VOID_CARD))
        risk = dict.fromkeys(range(b.num_territories), 0.25 * self.void_aside)
        for j, w in ((need - 2, 0.2), (need, 0.2), (need - 1, 0.5)):
            if 0 <= j < len(seq):
                for t in seq[j]:
                    risk[t] = min(1.0, risk[t] + w)
        held: list[float] = []
        for t in range(b.num_territories):
            if self.claimed[t] >= 0:
                held.append(1.0 if self.claimed[t] == 0 else 0.0)
                continue
            soft = self._hold_chance(t, lam + (1.0 if t in (seq[0] if seq else ()) else 0.0))
            held.append((1.0 - risk[t]) * soft + risk[t] * (self.control(t) == 0))
        # P(the Void ends with fewer territories than its target): Poisson binomial.
        dist = [1.0]
        for p in held:
            nxt = [0.0] * (len(dist) + 1)
            for k, q in enumerate(dist):
                nxt[k] += q * p
                nxt[k + 1] += q * (1.0 - p)
            dist = nxt
        chance = sum(dist[: self.target])
        threat = 0.0
        ruins = [s for s, o in enumerate(self.owner) if o == self.n]
        if ruins:
            win = FLOATING_VOID_SETTLEMENT_WIN if b.key == FLOATING else VOID_SETTLEMENT_WIN
            biggest = max(len(self._void_group(s)) for s in ruins)
            threat = max(threat, (biggest / win) ** 3)
        if b.key == UNCHARTED:
            threat = max(threat, (self.void_pool / UNCHARTED_VOID_WIN) ** 2)
        purple = b.ruin_spaces if b.key == FORGOTTEN else b.purple_road
        if purple:
            lead = sum(1 for s in purple if self.owner[s] == self.n) - sum(
                1 for s in purple if 0 <= self.owner[s] < self.n
            )
            threat = max(threat, 1.0 / (1.0 + math.exp(-(lead - 0.5))) - 0.2)
        # Pieces kept in reserve can still take a territory: a piece spent must earn its place.
        reserve = sum(self.tents_left[x] + self.totems_left[x] for x in range(self.n))
        reserve /= self.n * (TENTS_PER_TRIBE + TOTEMS_PER_TRIBE)
        value = (1.0 - threat) * (0.3 * chance + 0.7 * sum(held) / len(held) + RESERVE_WEIGHT * reserve)
        return [value] * self.n

    def _pawn_ahead(self, k: int) -> list[tuple[int, ...]]:
        """The open territories of the next k connections the Void pawn will infect."""
        conns, out, p = self.board.connections, [], self.pawn
        for _ in range(len(conns)):
            if len(out) >= k:
                break
            if self._pawn_ok(p):
                c = conns[p]
                out.append(tuple(t for t in (c.a, c.b) if self.claimed[t] < 0))
            p = (p + 1) % len(conns)
        return out

    def _hold_chance(self, t: int, lam: float) -> float:
        """The chance that the players hold territory t after a Poisson(lam) number of Infections.

        Each Infection is played out on the counts alone (a Void Totem while the Totem limit
        has room, else a Ruin while a space is free; a full territory is counted and stays).
        """
        b, v = self.board, self.n
        tp = tv = mp = 0
        for x, k in enumerate(self.tent_counts(t)):
            if x == v:
                tv += k
            else:
                tp += k
        for x, k in enumerate(self.totems[t]):
            if x != v:
                mp += k
        mv = self.totems[t][v] + self.void[t]
        free = len(self.free_spaces(t))
        allowed = b.totems_allowed[t]
        # Now: the count as it stands (Totems and the virtual Totem), the Tent lead a tiebreak.
        lead = mp + (tp > tv) - mv - (tp <= tv)
        now = 1.0 / (1.0 + math.exp(-(1.2 * lead + 0.4 * (tp - tv) - 0.3)))
        weight, left, total = math.exp(-lam), 1.0, 0.0
        for h in range(HOLD_HITS + 1):
            holds = mp + (tp > tv) > mv + (tp <= tv)
            if h == HOLD_HITS:
                total += left * holds  # this many Infections or more
                break
            total += weight * holds
            left -= weight
            weight *= lam / (h + 1)
            if not free:
                continue  # counted when it filled up: nothing changes any more
            if allowed and tp + tv and mp + mv + 1 <= max(tp, tv):
                mv += 1  # a Void Totem
            else:
                tv += 1  # a Ruin
                free -= 1
        return 0.5 * now + 0.5 * total

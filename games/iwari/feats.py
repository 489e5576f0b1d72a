"""Iwari Feats: earning them, placing them, the multipliers they give, Courage and Worship.

Feats multiply the base Tent or Totem score of the territory or connection they stand on
(1 Feat x2, 2 x3, 3 x4, 4 x5); Courage cancels the multiplier of the Feat it is placed beside.
Worship is placed after the last turn, before the final scoring (dead-ends, golden, or The
Void's contested variant).
"""

from __future__ import annotations

from games.iwari.data import (
    FEAT_MULTIPLIER,
    FEAT_NAMES,
    FEAT_PAWNS,
)
from games.iwari.scoring import settlements, totem_holders


class FeatsMixin:
    """Feats of IwariState: the queue of earned Feats, placing, multipliers, Worship at the end."""

    # ------------------------------------------------------------------ earning and placing
    def _check_feats(
        self, tribe: int, t: int, spaces: list[int], totem: bool, explored: bool = False
    ) -> None:
        """Feats earned by this placement (``explored``: it explored territory t)."""
        b = self.board
        claims = self.claims
        kinds = self.feat_kinds
        discovery = claims["discovery"]
        if (
            "discovery" in kinds
            and spaces
            and all(self.owner[s] >= 0 for s in b.spaces[t])
            and len(discovery) < FEAT_PAWNS["discovery"]
            and tribe not in discovery
        ):
            # The turn's Tent(s) filled the last Tent space of the territory.
            discovery.append(tribe)
            self.feat_queue.append(
                ["discovery", tribe, [f"T{i + 1}" for i in range(b.num_territories) if i != t]]
            )
        if (
            "union" in kinds
            and spaces
            and len(claims["union"]) < FEAT_PAWNS["union"]
            and tribe not in claims["union"]
        ):
            new = set(spaces)
            terrs = sorted(
                {b.space_terr[s] for g in settlements(b, self.owner, tribe) if new.intersection(g) for s in g}
            )
            if terrs:
                claims["union"].append(tribe)
                self.feat_queue.append(["union", tribe, [f"T{i + 1}" for i in terrs]])
        if totem:
            for kind, water in (("honour", False), ("respect", True)):
                if kind not in kinds or len(claims[kind]) >= FEAT_PAWNS[kind]:
                    continue
                options = []
                for k in b.terr_connections[t]:
                    c = b.connections[k]
                    open_ = c.water == water and k not in self.mountains and not self.conn_blocked(k)
                    if open_ and tribe in totem_holders(self.totems[c.a], self.totems[c.b]):
                        options.append(f"C{c.number}")
                if options:
                    claims[kind].append(tribe)
                    self.feat_queue.append([kind, tribe, sorted(options, key=lambda o: int(o[1:]))])
        if (
            self.opts["courage"]
            and not claims["courage"]
            and explored
            and all(any(self.tent_counts(u)) for u in range(b.num_territories))
        ):
            # This Tent explored the last unexplored territory of the map.
            claims["courage"].append(tribe)
            self.feat_queue.append(["courage", tribe, []])
        for kind, tr, _ in self.feat_queue:
            self._log(f"{self._tribe_tag(tr)} earns the {FEAT_NAMES[kind]} Feat.", "feat", feat=kind)
        self._settle_queue()

    def _settle_queue(self) -> None:
        """Courage goes beside a Feat already on the map (chosen when its turn comes), else it is discarded."""
        while self.feat_queue and self.feat_queue[0][0] == "courage":
            cancelled = self.cancelled_feats()
            options = [f"F{i}" for i, f in enumerate(self.feats) if f[0] != "courage" and i not in cancelled]
            if options:
                self.feat_queue[0][2] = options
                return
            self.feat_queue.pop(0)
            self._log(
                "There is no Feat on the map to place the Courage Feat beside: it is discarded.", "feat"
            )

    def _place_feat(self, where: str) -> None:
        kind, tribe, _ = self.feat_queue.pop(0)
        if where == "skip":
            self._log(f"The {FEAT_NAMES[kind]} Feat is not placed and leaves the game.", "feat")
        else:
            sep = " " if where[0] == "F" else " on "
            self._log(
                f"{{p{self.cur}}} places the {FEAT_NAMES[kind]} Feat{sep}{self._where_label(where)}.", "feat"
            )
            self.feats.append([kind, tribe, where])
        self._settle_queue()
        if not self.feat_queue:
            if self.ending:
                self._final_scoring()
            else:
                self._advance()

    # ------------------------------------------------------------------ multipliers
    def cancelled_feats(self) -> set[int]:
        """Indices of the Feats whose multiplier a Courage Feat cancels."""
        return {int(w[1:]) for kind, _, w in self.feats if kind == "courage"}

    def _feat_count(self, tag: str) -> int:
        cancelled = self.cancelled_feats()
        return sum(1 for i, (kind, _, w) in enumerate(self.feats) if w == tag and i not in cancelled)

    def territory_multiplier(self, t: int) -> int:
        return FEAT_MULTIPLIER[self._feat_count(f"T{t + 1}")]

    def connection_multiplier(self, k: int) -> int:
        return FEAT_MULTIPLIER[self._feat_count(f"C{self.board.connections[k].number}")]

    def _feats_left(self) -> dict:
        left = {k: FEAT_PAWNS[k] - len(self.claims[k]) for k in self.feat_kinds}
        if self.opts["courage"]:
            left["courage"] = 1 - len(self.claims["courage"])
        if self.opts["worship"] != "none":
            left["worship"] = 0 if self.ending else 1
        return left

    # ------------------------------------------------------------------ worship (end of the game)
    def worship_leader(self) -> int | None:
        """The tribe that earns the Worship Feat at the end (None on a tie or nobody)."""
        variant = self.opts["worship"]
        if variant == "dead-ends":
            counts = [0] * self.num_tribes
            for s in self.board.dead_ends:
                if self.owner[s] >= 0:
                    counts[self.owner[s]] += 1
        elif variant == "golden":
            counts = [sum(self.totems[t][x] for t in self.golden) for x in range(self.num_tribes)]
        elif variant == "contested":
            counts = [0] * self.num_tribes
            for k, where in enumerate(self.contested):
                if where >= 0:
                    counts[self.contested_owner[k]] += 1
        else:
            return None
        best = max(counts)
        if best == 0 or counts.count(best) > 1:
            return None
        return counts.index(best)

    def _game_end(self) -> None:
        variant = self.opts["worship"]
        if variant != "none" and not self.ending:
            self.ending = True
            leader = self.worship_leader()
            if leader is None:
                self._log("Nobody holds the Worship majority alone: the Worship Feat is discarded.", "feat")
            else:
                b = self.board
                if variant == "dead-ends":
                    options = [f"T{t + 1}" for t in range(b.num_territories)]
                elif variant == "contested":
                    # Any contested territory (one a Contested token borders) where one of the
                    # leader's Tents lies, on a token or on a tent space (the rulebook's words).
                    contested = sorted({t for pair in b.contested for t in pair})
                    options = [f"T{t + 1}" for t in contested if self.tent_counts(t)[leader]]
                else:
                    options = [
                        f"C{c.number}"
                        for k, c in enumerate(b.connections)
                        if k not in self.mountains and not self.conn_blocked(k)
                    ]
                self.claims["worship"].append(leader)
                self.feat_queue.append(["worship", leader, options])
                self._log(f"{self._tribe_tag(leader)} earns the Worship Feat.", "feat", feat="worship")
                if leader < self.n:
                    self.cur = leader
                self.tribe = leader
                self.neutral = leader >= self.n
                self.pending = None
                self.phase = "feat"
                return
        self._final_scoring()

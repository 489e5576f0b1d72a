"""Iwari solo and co-op: the Void's own moves (Infection, Corruption, the Void pawn, Ruins).

Everything the Void does by itself runs from the task queue ``vq`` (``_run``) so that it can
stop for a player's choice (the order of an Infection's two territories, a Ruin's tied
closest space, the Void's tied free action) and go on afterwards. The rulings are in solo.py.
"""

from __future__ import annotations

from games.iwari.common import (
    FLOATING,
    UNCHARTED,
)
from games.iwari.data import (
    ASIDE_END,
    CORRUPTION_CARDS,
    SETTLEMENT_MIN,
    UNCHARTED_VOID_WIN,
    VOID_CARD,
)


class VoidMixin:
    """The Void's automated part of IwariState (solo/co-op only)."""

    # ------------------------------------------------------------------ the task queue
    def _run(self) -> None:
        """Run Void tasks until one needs a player's choice, or the game is over."""
        while self.vq and not self.over:
            task = self.vq.pop(0)
            kind = task[0]
            if kind == "voidturn":
                if self._start_void_turn():
                    return
            elif kind == "draw":
                if self._solo_draw():
                    return
            elif kind == "refill":
                self._solo_refill()
            elif kind == "next":
                if self._next_turn():
                    return
            elif kind == "infect":
                self._infect(corrupt=False)
            elif kind == "corrupt":
                self._infect(corrupt=True, source=task[1])
            elif kind == "halt":
                return  # end of a look-ahead (see _order_matters)
            elif kind == "order":
                a, b = task[1], task[2]
                if self._order_matters(a, b):
                    self.pending = [a, b]
                    self.phase = "order"
                    return
                self.vq[:0] = [["vplace", a], ["vplace", b]]
            elif kind == "vplace":
                if self._vplace(task[1]):
                    return
            elif kind == "tundra":
                if self._tundra_ruin(task[1]):
                    return
            elif kind == "count":
                self._count(task[1])
            elif kind == "pawn":
                self._move_pawn()
            elif kind == "collect":
                self._collect(task[1])
            elif kind == "vfree":
                self.pending = task[1]
                choices = self.vsettle_choices()
                self.pending = None
                self._log("The Void completes a settlement: a free Void action.", "settlement")
                if len(choices) == 1:
                    self.vq[:0] = [["vplace", choices[0]]]
                elif choices:
                    self.pending = task[1]
                    self.phase = "vsettle"
                    return
            elif kind == "pfree":
                tribe, group = task[1], task[2]
                if sum(1 for x in group if x not in self.used) < SETTLEMENT_MIN:
                    continue
                terrs = sorted({self.board.space_terr[x] for x in group})
                self.free_terrs = terrs
                save = (self.stage, self.tribe)
                self.stage, self.tribe = "free", tribe
                if self.free_territories():
                    self.free_group = group
                    self.phase = "free"
                    self._log(
                        f"{{p{tribe}}} completes a settlement and may take a free action.", "settlement"
                    )
                    return
                self.stage, self.tribe = save
                self.free_terrs = []
            elif kind == "voidwins":
                self._solo_end(task[1], void_wins=True)
            elif kind == "end":
                self._solo_end(task[1])
        if not self.over and not self.vq:
            # Nothing left to do: should not happen; end of a turn as a safety net.
            self.vq = [["next"]]
            self._run()

    def _start_void_turn(self) -> bool:
        hand = self.hands[self.cur]
        self.stage = "void"
        self.backs = 0
        if not sum(hand):
            self._log("No card left in hand: the Void's turn does not take place.", "void")
            return False
        self.phase = "void"
        self.neutral, self.tribe = True, self.n
        if self._solo_legal():
            return True
        self.neutral, self.tribe = False, self.cur
        self._log(f"The Void cannot use any of {{p{self.cur}}}'s cards this turn.", "void")
        return False

    # ------------------------------------------------------------------ infection and corruption
    def _pawn_ok(self, k: int) -> bool:
        c = self.board.connections[k]
        return self.claimed[c.a] < 0 or self.claimed[c.b] < 0

    def _infect(self, corrupt: bool, source: str = "") -> None:
        conns = self.board.connections
        for _ in range(len(conns)):
            if self._pawn_ok(self.pawn):
                break
            self.pawn = (self.pawn + 1) % len(conns)
        c = conns[self.pawn]
        what = "Corruption" if corrupt else "Infection"
        article = "a" if corrupt else "an"
        self._log(
            f"The Void performs {article} {what} at connection {c.number}.", "void", connection=c.number
        )
        open_ = [t for t in (c.a, c.b) if self.claimed[t] < 0]
        # Both open: the player chooses which is infected first when that changes the result.
        tasks: list[list] = [["order", *open_]] if len(open_) == 2 else [["vplace", t] for t in open_]
        if corrupt:
            tasks += [["count", c.a], ["count", c.b], ["pawn"], ["collect", source]]
        else:
            tasks.append(["pawn"])
        self.vq[:0] = tasks

    def _gets_totem(self, t: int) -> bool:
        counts = self.tent_counts(t)
        on = sum(self.totems[t]) + self.void[t]
        return bool(sum(counts)) and self.board.totems_allowed[t] and on + 1 <= max(counts)

    def _order_matters(self, a: int, b: int) -> bool:
        """Whether infecting a then b can end otherwise than b then a (ties resolved alike)."""
        v = self.n
        if self._gets_totem(a) and self._gets_totem(b) and self.totems_left[v] >= 2:
            return False  # two Void Totems: neither step sees the other
        outcomes = []
        for first, second in ((a, b), (b, a)):
            sim = type(self)(self.to_json())
            sim.vq = [["vplace", first], ["vplace", second], ["halt"]]
            sim._run()
            if sim.phase in ("ruin", "vsettle", "free"):
                return True  # a choice of the player's inside: let them choose the order too
            outcomes.append(
                (
                    sim.owner,
                    sim.totems,
                    sim.void,
                    sim.void_pool,
                    sim.claimed,
                    sim.used,
                    sim.over,
                    sim.neutral_won,
                )
            )
        return outcomes[0] != outcomes[1]

    def _move_pawn(self) -> None:
        conns = self.board.connections
        k = self.pawn
        for _ in range(len(conns)):
            k = (k + 1) % len(conns)
            if self._pawn_ok(k):
                break
        self.pawn = k

    def _collect(self, source: str) -> None:
        if source == "row":
            k, self.void_row = self.void_row, 0
        else:
            k = 0
            while VOID_CARD in self.display and k < CORRUPTION_CARDS:
                self.display.remove(VOID_CARD)
                k += 1
        self.void_aside += 1
        self.deck += [VOID_CARD] * (k - 1)
        self.rng.shuffle(self.deck)
        self._log(
            f"One Void card goes beside the board ({self.void_aside}); {k - 1} are shuffled into the deck.",
            "void",
        )
        if self.void_aside >= ASIDE_END:
            self._solo_end(f"{ASIDE_END} Void cards lie beside the board")

    # ------------------------------------------------------------------ the Void's pieces
    def _vplace(self, t: int) -> bool:
        """One Infection step in territory t: a Void Totem, else a Ruin. True: waits for a choice."""
        if self.claimed[t] >= 0:
            return False
        b, v = self.board, self.n
        counts = self.tent_counts(t)
        on = sum(self.totems[t]) + self.void[t]
        if sum(counts) and b.totems_allowed[t] and on + 1 <= max(counts):
            if not self.totems_left[v]:
                self._solo_end("the Void has no Totem left to place")
                return False
            if b.key == UNCHARTED:
                # The Uncharted Paths: the Void Totem goes on the purple territory instead.
                self.totems_left[v] -= 1
                self.void_pool += 1
                self._log(f"The Void places a Void Totem on the purple territory ({self.void_pool}).", "void")
                if self.void_pool >= UNCHARTED_VOID_WIN:
                    self.vq[:0] = [
                        [
                            "voidwins",
                            f"the Void placed its Totem number {self.void_pool} on the purple territory",
                        ]
                    ]
                return False
            self.totems[t][v] += 1
            self.totems_left[v] -= 1
            self.stack[t].append(v)
            self._log(f"The Void places a Void Totem in {b.label[t]}.", "void", territory=b.short[t])
            return False
        cands = self.ruin_candidates([t])
        if not cands:
            self._log(f"{b.label[t]} has no room for the Void.", "void")
            return False
        if not self.tents_left[v]:
            self._solo_end("the Void has no Ruin left to place")
            return False
        if len(cands) == 1:
            self._place_ruin(t, cands[0])
            return False
        self.pending = [t]
        self.phase = "ruin"
        return True

    def _tundra_ruin(self, t: int) -> bool:
        """Floating Lands: Tundra cards played in the player action put a Ruin on the Tundra."""
        b = self.board
        terrs = [u for u in range(b.num_territories) if b.biome[u] == 0 and self.claimed[u] < 0]
        terrs = [u for u in terrs if self.free_spaces(u)]
        if t in terrs:
            terrs = [t]  # the Tundra territory the cards were played in
        cands = self.ruin_candidates(terrs)
        if not cands:
            self._log("Tundra cards played, but no Tundra territory has room for a Ruin.", "void")
            return False
        if not self.tents_left[self.n]:
            self._solo_end("the Void has no Ruin left to place")
            return False
        self._log("Tundra cards were played: the Void places a Ruin on the Tundra.", "void")
        if len(cands) == 1:
            self._place_ruin(b.space_terr[cands[0]], cands[0])
            return False
        self.pending = sorted({b.space_terr[x] for x in cands})
        self.phase = "ruin"
        return True

    def _place_ruin(self, t: int, s: int) -> None:
        self.owner[s] = self.n
        self.tents_left[self.n] -= 1
        self._log(
            f"The Void places a Ruin on {self.board.space_name[s]}.", "void", territory=self.board.short[t]
        )
        self._after_tent(s, self.n)

    def _road_distance(self, targets: list[int]) -> dict[int, int]:
        """Road steps from the nearest Void Ruin to each space (BFS over all roads)."""
        ruins = [s for s, o in enumerate(self.owner) if o == self.n]
        dist = dict.fromkeys(ruins, 0)
        frontier = list(ruins)
        want = set(targets)
        while frontier and not want.issubset(dist):
            nxt = []
            for s in frontier:
                for u in self.board.roads[s]:
                    if u not in dist:
                        dist[u] = dist[s] + 1
                        nxt.append(u)
            frontier = nxt
        return dist

    def ruin_candidates(self, terrs: list[int]) -> list[int]:
        """Free spaces of these territories closest to a Void Ruin (the purple road first)."""
        free = [s for t in terrs for s in self.free_spaces(t)]
        road = [s for s in free if s in self.board.purple_road]
        if road:
            free = road
        if len(free) <= 1:
            return free
        dist = self._road_distance(free)
        best = min(dist.get(s, 10**6) for s in free)
        return [s for s in free if dist.get(s, 10**6) == best]

    def _void_group(self, s: int) -> list[int]:
        """The Void's settlement through s: along roads; on Floating Lands all Ruins on Tundra are adjacent."""
        b, v = self.board, self.n
        tundra = []
        if b.key == FLOATING:
            tundra = [x for x, o in enumerate(self.owner) if o == v and b.biome[b.space_terr[x]] == 0]
        group, seen, i = [s], {s}, 0
        while i < len(group):
            x = group[i]
            near = list(b.roads[x]) + (tundra if x in tundra else [])
            for u in near:
                if self.owner[u] == v and u not in seen:
                    seen.add(u)
                    group.append(u)
            i += 1
        return group

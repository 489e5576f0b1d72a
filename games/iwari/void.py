"""Iwari solo and co-op: the Void's own moves (Infection, Corruption, the Void pawn, Ruins).

Everything the Void does by itself runs from the task queue ``vq`` (``_run``) so that it can
stop for a player's choice (the order of an Infection's two territories, a Ruin's tied
closest space, the Void's tied free action) and go on afterwards. The rulings are in solo.py.
"""

from __future__ import annotations

from games.iwari.common import (
    FLOATING,
    UNCHARTED,
    seat_tag,
)
from games.iwari.data import (
    ASIDE_END,
    CORRUPTION_CARDS,
    SETTLEMENT_MIN,
    UNCHARTED_VOID_WIN,
    VOID_CARD,
)
from games.text import T


def _run(state) -> None:
    """Run Void tasks until one needs a player's choice, or the game is over."""
    while state.vq and not state.over:
        task = state.vq.pop(0)
        kind = task[0]
        if kind == "voidturn":
            if _start_void_turn(state):
                return
        elif kind == "draw":
            if state.solo_rules._solo_draw():
                return
        elif kind == "refill":
            state.solo_rules._solo_refill()
        elif kind == "next":
            if state.solo_rules._next_turn():
                return
        elif kind == "infect":
            _infect(state, corrupt=False)
        elif kind == "corrupt":
            _infect(state, corrupt=True, source=task[1])
        elif kind == "halt":
            return  # end of a look-ahead (see _order_matters)
        elif kind == "order":
            a, b = task[1], task[2]
            if _order_matters(state, a, b):
                state.pending = [a, b]
                state.phase = "order"
                return
            state.vq[:0] = [["vplace", a], ["vplace", b]]
        elif kind == "vplace":
            if _vplace(state, task[1]):
                return
        elif kind == "tundra":
            if _tundra_ruin(state, task[1]):
                return
        elif kind == "count":
            state.solo_rules._count(task[1])
        elif kind == "pawn":
            _move_pawn(state)
        elif kind == "collect":
            _collect(state, task[1])
        elif kind == "vfree":
            state.pending = task[1]
            choices = state.solo_rules.vsettle_choices()
            state.pending = None
            state._log(T("The Void completes a settlement: a free Void action."), "settlement")
            if len(choices) == 1:
                state.vq[:0] = [["vplace", choices[0]]]
            elif choices:
                state.pending = task[1]
                state.phase = "vsettle"
                return
        elif kind == "pfree":
            tribe, group = task[1], task[2]
            if sum(1 for x in group if x not in state.used) < SETTLEMENT_MIN:
                continue
            terrs = sorted({state.board.space_terr[x] for x in group})
            state.free_terrs = terrs
            save = (state.stage, state.tribe)
            state.stage, state.tribe = "free", tribe
            if state.solo_rules.free_territories():
                state.free_group = group
                state.phase = "free"
                state._log(
                    T("{p} completes a settlement and may take a free action.", p=seat_tag(tribe)),
                    "settlement",
                )
                return
            state.stage, state.tribe = save
            state.free_terrs = []
        elif kind == "voidwins":
            state.solo_rules._solo_end(task[1], void_wins=True)
        elif kind == "end":
            state.solo_rules._solo_end(task[1])
    if not state.over and not state.vq:
        # Nothing left to do: should not happen; end of a turn as a safety net.
        state.vq = [["next"]]
        _run(state)


def _start_void_turn(state) -> bool:
    hand = state.hands[state.cur]
    state.stage = "void"
    state.backs = 0
    if not sum(hand):
        state._log(T("No card left in hand: the Void's turn does not take place."), "void")
        return False
    state.phase = "void"
    state.neutral, state.tribe = True, state.n
    if state.solo_rules._solo_legal():
        return True
    state.neutral, state.tribe = False, state.cur
    state._log(T("The Void cannot use any of {p}'s cards this turn.", p=seat_tag(state.cur)), "void")
    return False


# ------------------------------------------------------------------ infection and corruption
def _pawn_ok(state, k: int) -> bool:
    c = state.board.connections[k]
    return state.claimed[c.a] < 0 or state.claimed[c.b] < 0


def _infect(state, corrupt: bool, source: str = "") -> None:
    conns = state.board.connections
    for _ in range(len(conns)):
        if _pawn_ok(state, state.pawn):
            break
        state.pawn = (state.pawn + 1) % len(conns)
    c = conns[state.pawn]
    if corrupt:
        text = T("The Void performs a Corruption at connection {n}.", n=c.number)
    else:
        text = T("The Void performs an Infection at connection {n}.", n=c.number)
    state._log(text, "void", connection=c.number)
    open_ = [t for t in (c.a, c.b) if state.claimed[t] < 0]
    # Both open: the player chooses which is infected first when that changes the result.
    tasks: list[list] = [["order", *open_]] if len(open_) == 2 else [["vplace", t] for t in open_]
    if corrupt:
        tasks += [["count", c.a], ["count", c.b], ["pawn"], ["collect", source]]
    else:
        tasks.append(["pawn"])
    state.vq[:0] = tasks


def _gets_totem(state, t: int) -> bool:
    counts = state.placement.tent_counts(t)
    on = sum(state.totems[t]) + state.void[t]
    return bool(sum(counts)) and state.board.totems_allowed[t] and on + 1 <= max(counts)


def _order_matters(state, a: int, b: int) -> bool:
    """Whether infecting a then b can end otherwise than b then a (ties resolved alike)."""
    v = state.n
    if _gets_totem(state, a) and _gets_totem(state, b) and state.totems_left[v] >= 2:
        return False  # two Void Totems: neither step sees the other
    outcomes = []
    for first, second in ((a, b), (b, a)):
        sim = type(state)(state.to_json())
        sim.vq = [["vplace", first], ["vplace", second], ["halt"]]
        _run(sim)
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


def _move_pawn(state) -> None:
    conns = state.board.connections
    k = state.pawn
    for _ in range(len(conns)):
        k = (k + 1) % len(conns)
        if _pawn_ok(state, k):
            break
    state.pawn = k


def _collect(state, source: str) -> None:
    if source == "row":
        k, state.void_row = state.void_row, 0
    else:
        k = 0
        while VOID_CARD in state.display and k < CORRUPTION_CARDS:
            state.display.remove(VOID_CARD)
            k += 1
    state.void_aside += 1
    state.deck += [VOID_CARD] * (k - 1)
    state.rng.shuffle(state.deck)
    state._log(
        T(
            "One Void card goes beside the board ({aside}); {n} are shuffled into the deck.",
            aside=state.void_aside,
            n=k - 1,
        ),
        "void",
    )
    if state.void_aside >= ASIDE_END:
        state.solo_rules._solo_end(T("{n} Void cards lie beside the board", n=ASIDE_END))


# ------------------------------------------------------------------ the Void's pieces
def _vplace(state, t: int) -> bool:
    """One Infection step in territory t: a Void Totem, else a Ruin. True: waits for a choice."""
    if state.claimed[t] >= 0:
        return False
    b, v = state.board, state.n
    counts = state.placement.tent_counts(t)
    on = sum(state.totems[t]) + state.void[t]
    if sum(counts) and b.totems_allowed[t] and on + 1 <= max(counts):
        if not state.totems_left[v]:
            state.solo_rules._solo_end(T("the Void has no Totem left to place"))
            return False
        if b.key == UNCHARTED:
            # The Uncharted Paths: the Void Totem goes on the purple territory instead.
            state.totems_left[v] -= 1
            state.void_pool += 1
            state._log(
                T("The Void places a Void Totem on the purple territory ({n}).", n=state.void_pool), "void"
            )
            if state.void_pool >= UNCHARTED_VOID_WIN:
                state.vq[:0] = [
                    [
                        "voidwins",
                        T("the Void placed its Totem number {n} on the purple territory", n=state.void_pool),
                    ]
                ]
            return False
        state.totems[t][v] += 1
        state.totems_left[v] -= 1
        state.stack[t].append(v)
        state._log(
            T("The Void places a Void Totem in {territory}.", territory=b.label[t]),
            "void",
            territory=b.short[t],
        )
        return False
    cands = ruin_candidates(state, [t])
    if not cands:
        state._log(T("{territory} has no room for the Void.", territory=b.label[t]), "void")
        return False
    if not state.tents_left[v]:
        state.solo_rules._solo_end(T("the Void has no Ruin left to place"))
        return False
    if len(cands) == 1:
        _place_ruin(state, t, cands[0])
        return False
    state.pending = [t]
    state.phase = "ruin"
    return True


def _tundra_ruin(state, t: int) -> bool:
    """Floating Lands: Tundra cards played in the player action put a Ruin on the Tundra."""
    b = state.board
    terrs = [u for u in range(b.num_territories) if b.biome[u] == 0 and state.claimed[u] < 0]
    terrs = [u for u in terrs if state.placement.free_spaces(u)]
    if t in terrs:
        terrs = [t]  # the Tundra territory the cards were played in
    cands = ruin_candidates(state, terrs)
    if not cands:
        state._log(T("Tundra cards played, but no Tundra territory has room for a Ruin."), "void")
        return False
    if not state.tents_left[state.n]:
        state.solo_rules._solo_end(T("the Void has no Ruin left to place"))
        return False
    state._log(T("Tundra cards were played: the Void places a Ruin on the Tundra."), "void")
    if len(cands) == 1:
        _place_ruin(state, b.space_terr[cands[0]], cands[0])
        return False
    state.pending = sorted({b.space_terr[x] for x in cands})
    state.phase = "ruin"
    return True


def _place_ruin(state, t: int, s: int) -> None:
    state.owner[s] = state.n
    state.tents_left[state.n] -= 1
    state._log(
        T("The Void places a Ruin on {space}.", space=state.board.space_name[s]),
        "void",
        territory=state.board.short[t],
    )
    state.solo_rules._after_tent(s, state.n)


def _road_distance(state, targets: list[int]) -> dict[int, int]:
    """Road steps from the nearest Void Ruin to each space (BFS over all roads)."""
    ruins = [s for s, o in enumerate(state.owner) if o == state.n]
    dist = dict.fromkeys(ruins, 0)
    frontier = list(ruins)
    want = set(targets)
    while frontier and not want.issubset(dist):
        nxt = []
        for s in frontier:
            for u in state.board.roads[s]:
                if u not in dist:
                    dist[u] = dist[s] + 1
                    nxt.append(u)
        frontier = nxt
    return dist


def ruin_candidates(state, terrs: list[int]) -> list[int]:
    """Free spaces of these territories closest to a Void Ruin (the purple road first)."""
    free = [s for t in terrs for s in state.placement.free_spaces(t)]
    road = [s for s in free if s in state.board.purple_road]
    if road:
        free = road
    if len(free) <= 1:
        return free
    dist = _road_distance(state, free)
    best = min(dist.get(s, 10**6) for s in free)
    return [s for s in free if dist.get(s, 10**6) == best]


def _void_group(state, s: int) -> list[int]:
    """The Void's settlement through s: along roads; on Floating Lands all Ruins on Tundra are adjacent."""
    b, v = state.board, state.n
    tundra = []
    if b.key == FLOATING:
        tundra = [x for x, o in enumerate(state.owner) if o == v and b.biome[b.space_terr[x]] == 0]
    group, seen, i = [s], {s}, 0
    while i < len(group):
        x = group[i]
        near = list(b.roads[x]) + (tundra if x in tundra else [])
        for u in near:
            if state.owner[u] == v and u not in seen:
                seen.add(u)
                group.append(u)
        i += 1
    return group

"""Iwari Feats: earning them, placing them, the multipliers they give, Courage and Worship.

Feats multiply the base Tent or Totem score of the territory or connection they stand on
(1 Feat x2, 2 x3, 3 x4, 4 x5); Courage cancels the multiplier of the Feat it is placed beside.
Worship is placed after the last turn, before the final scoring (dead-ends, golden, or The
Void's contested variant).
"""

from __future__ import annotations

from games.iwari.common import seat_tag
from games.iwari.data import (
    FEAT_MULTIPLIER,
    FEAT_NAMES,
    FEAT_PAWNS,
)
from games.iwari.scoring import settlements, totem_holders
from games.text import T


def _check_feats(state, tribe: int, t: int, spaces: list[int], totem: bool, explored: bool = False) -> None:
    """Feats earned by this placement (``explored``: it explored territory t)."""
    b = state.board
    claims = state.claims
    kinds = state.feat_kinds
    discovery = claims["discovery"]
    if (
        "discovery" in kinds
        and spaces
        and all(state.owner[s] >= 0 for s in b.spaces[t])
        and len(discovery) < FEAT_PAWNS["discovery"]
        and tribe not in discovery
    ):
        # The turn's Tent(s) filled the last Tent space of the territory.
        discovery.append(tribe)
        state.feat_queue.append(
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
            {b.space_terr[s] for g in settlements(b, state.owner, tribe) if new.intersection(g) for s in g}
        )
        if terrs:
            claims["union"].append(tribe)
            state.feat_queue.append(["union", tribe, [f"T{i + 1}" for i in terrs]])
    if totem:
        for kind, water in (("honour", False), ("respect", True)):
            if kind not in kinds or len(claims[kind]) >= FEAT_PAWNS[kind]:
                continue
            options = []
            for k in b.terr_connections[t]:
                c = b.connections[k]
                open_ = c.water == water and k not in state.mountains and not state.placement.conn_blocked(k)
                if open_ and tribe in totem_holders(state.totems[c.a], state.totems[c.b]):
                    options.append(f"C{c.number}")
            if options:
                claims[kind].append(tribe)
                state.feat_queue.append([kind, tribe, sorted(options, key=lambda o: int(o[1:]))])
    if (
        state.opts["courage"]
        and not claims["courage"]
        and explored
        and all(any(state.placement.tent_counts(u)) for u in range(b.num_territories))
    ):
        # This Tent explored the last unexplored territory of the map.
        claims["courage"].append(tribe)
        state.feat_queue.append(["courage", tribe, []])
    for kind, tr, _ in state.feat_queue:
        text = T("{who} earns the {feat} Feat.", who=state.turns._tribe_tag(tr), feat=FEAT_NAMES[kind])
        state._log(text, "feat", feat=kind)
    _settle_queue(state)


def _settle_queue(state) -> None:
    """Courage goes beside a Feat already on the map (chosen when its turn comes), else it is discarded."""
    while state.feat_queue and state.feat_queue[0][0] == "courage":
        cancelled = cancelled_feats(state)
        options = [f"F{i}" for i, f in enumerate(state.feats) if f[0] != "courage" and i not in cancelled]
        if options:
            state.feat_queue[0][2] = options
            return
        state.feat_queue.pop(0)
        state._log(
            T("There is no Feat on the map to place the Courage Feat beside: it is discarded."), "feat"
        )


def _place_feat(state, where: str) -> None:
    kind, tribe, _ = state.feat_queue.pop(0)
    if where == "skip":
        state._log(T("The {feat} Feat is not placed and leaves the game.", feat=FEAT_NAMES[kind]), "feat")
    else:
        p, feat, label = seat_tag(state.cur), FEAT_NAMES[kind], state.turns._where_label(where)
        if where[0] == "F":
            text = T("{p} places the {feat} Feat {where}.", p=p, feat=feat, where=label)
        else:
            text = T("{p} places the {feat} Feat on {where}.", p=p, feat=feat, where=label)
        state._log(text, "feat")
        state.feats.append([kind, tribe, where])
    _settle_queue(state)
    if not state.feat_queue:
        if state.ending:
            state.placement._final_scoring()
        else:
            state.turns._advance()


# ------------------------------------------------------------------ multipliers
def cancelled_feats(state) -> set[int]:
    """Indices of the Feats whose multiplier a Courage Feat cancels."""
    return {int(w[1:]) for kind, _, w in state.feats if kind == "courage"}


def _feat_count(state, tag: str) -> int:
    cancelled = cancelled_feats(state)
    return sum(1 for i, (kind, _, w) in enumerate(state.feats) if w == tag and i not in cancelled)


def territory_multiplier(state, t: int) -> int:
    return FEAT_MULTIPLIER[_feat_count(state, f"T{t + 1}")]


def connection_multiplier(state, k: int) -> int:
    return FEAT_MULTIPLIER[_feat_count(state, f"C{state.board.connections[k].number}")]


def _feats_left(state) -> dict:
    left = {k: FEAT_PAWNS[k] - len(state.claims[k]) for k in state.feat_kinds}
    if state.opts["courage"]:
        left["courage"] = 1 - len(state.claims["courage"])
    if state.opts["worship"] != "none":
        left["worship"] = 0 if state.ending else 1
    return left


# ------------------------------------------------------------------ worship (end of the game)
def worship_leader(state) -> int | None:
    """The tribe that earns the Worship Feat at the end (None on a tie or nobody)."""
    variant = state.opts["worship"]
    if variant == "dead-ends":
        counts = [0] * state.num_tribes
        for s in state.board.dead_ends:
            if state.owner[s] >= 0:
                counts[state.owner[s]] += 1
    elif variant == "golden":
        counts = [sum(state.totems[t][x] for t in state.golden) for x in range(state.num_tribes)]
    elif variant == "contested":
        counts = [0] * state.num_tribes
        for k, where in enumerate(state.contested):
            if where >= 0:
                counts[state.contested_owner[k]] += 1
    else:
        return None
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return None
    return counts.index(best)


def _game_end(state) -> None:
    variant = state.opts["worship"]
    if variant != "none" and not state.ending:
        state.ending = True
        leader = worship_leader(state)
        if leader is None:
            state._log(T("Nobody holds the Worship majority alone: the Worship Feat is discarded."), "feat")
        else:
            b = state.board
            if variant == "dead-ends":
                options = [f"T{t + 1}" for t in range(b.num_territories)]
            elif variant == "contested":
                # Any contested territory (one a Contested token borders) where one of the
                # leader's Tents lies, on a token or on a tent space (the rulebook's words).
                contested = sorted({t for pair in b.contested for t in pair})
                options = [f"T{t + 1}" for t in contested if state.placement.tent_counts(t)[leader]]
            else:
                options = [
                    f"C{c.number}"
                    for k, c in enumerate(b.connections)
                    if k not in state.mountains and not state.placement.conn_blocked(k)
                ]
            state.claims["worship"].append(leader)
            state.feat_queue.append(["worship", leader, options])
            state._log(
                T("{who} earns the Worship Feat.", who=state.turns._tribe_tag(leader)), "feat", feat="worship"
            )
            if leader < state.n:
                state.cur = leader
            state.tribe = leader
            state.neutral = leader >= state.n
            state.pending = None
            state.phase = "feat"
            return
    state.placement._final_scoring()

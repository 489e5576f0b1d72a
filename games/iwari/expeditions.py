"""Iwari Expedition cards (option ``expeditions``): 3 missions of 16 in play; the first to complete
one scores 4, the second 2 (stand-in values), then the card leaves the game. A mission scores
the moment it is completed.
"""

from __future__ import annotations

from games.iwari.common import (
    NB,
)
from games.iwari.data import (
    BIOME_NAMES,
    EXPEDITION_POINTS,
    EXPEDITIONS,
)
from games.iwari.scoring import settlements
from games.text import Msg, T


def _check_expeditions(state, tribe: int) -> None:
    for card in state.expeditions:
        mission, achievers = card
        if len(achievers) >= len(EXPEDITION_POINTS) or tribe in achievers:
            continue
        if mission_done(state, tribe, EXPEDITIONS[mission]):
            pts = EXPEDITION_POINTS[len(achievers)]
            achievers.append(tribe)
            state.score[tribe] += pts
            state.breakdown["expeditions"][tribe] += pts
            words = {
                "who": state.turns._tribe_tag(tribe),
                "id": EXPEDITIONS[mission]["id"],
                "mission": mission_text(EXPEDITIONS[mission]),
                "n": pts,
            }
            if len(achievers) == len(EXPEDITION_POINTS):
                text = T(
                    "{who} completes Expedition {id} ({mission}): {n} points. The card leaves the game.",
                    **words,
                )
            else:
                text = T("{who} completes Expedition {id} ({mission}): {n} points.", **words)
            state._log(text, "expedition", points=pts)


def mission_done(state, tribe: int, m: dict) -> bool:
    b = state.board
    kind, need = m["kind"], m["count"]
    if kind in ("tents_biome", "tents_all"):
        per = [0] * NB
        for s, o in enumerate(state.owner):
            if o == tribe:
                per[b.biome[b.space_terr[s]]] += 1
        return per[m["biome"]] >= need if kind == "tents_biome" else min(per) >= need
    if kind in ("totems_biome", "totems_all"):
        per = [0] * NB
        for t, on in enumerate(state.totems):
            per[b.biome[t]] += on[tribe]
        return per[m["biome"]] >= need if kind == "totems_biome" else min(per) >= need
    if kind == "tent_majority":
        held = 0
        for t in range(b.num_territories):
            c = state.placement.tent_counts(t)
            held += c[tribe] > 0 and c[tribe] == max(c)
        return held >= need
    if kind == "totem_majority":
        return sum(1 for on in state.totems if on[tribe] > 0 and on[tribe] == max(on)) >= need
    if kind == "settlement":
        return any(len(g) >= need for g in settlements(b, state.owner, tribe))
    if kind == "crossings":
        return sum(1 for s in b.crossings if state.owner[s] == tribe) >= need
    raise ValueError(kind)


def mission_text(m: dict) -> Msg:
    kind, k = m["kind"], m["count"]
    if kind == "tents_biome":
        return T("{n} Tents in {biome} territories", n=k, biome=BIOME_NAMES[m["biome"]])
    if kind == "totems_biome":
        return T("{n} Totems in {biome} territories", n=k, biome=BIOME_NAMES[m["biome"]])
    return {
        "tents_all": T("{n} Tent in each of the 5 biomes", n=k),
        "tent_majority": T("Tent majority in {n} territories", n=k),
        "totems_all": T("{n} Totem in each of the 5 biomes", n=k),
        "totem_majority": T("Totem majority in {n} territories", n=k),
        "settlement": T("A settlement of {n}+ Tents", n=k),
        "crossings": T("{n} Tents on road crossings", n=k),
    }[kind]

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
            gone = " The card leaves the game." if len(achievers) == len(EXPEDITION_POINTS) else ""
            state._log(
                f"{state._tribe_tag(tribe)} completes Expedition {EXPEDITIONS[mission]['id']} "
                f"({mission_text(EXPEDITIONS[mission])}): {pts} points.{gone}",
                "expedition",
                points=pts,
            )


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
            c = state.tent_counts(t)
            held += c[tribe] > 0 and c[tribe] == max(c)
        return held >= need
    if kind == "totem_majority":
        return sum(1 for on in state.totems if on[tribe] > 0 and on[tribe] == max(on)) >= need
    if kind == "settlement":
        return any(len(g) >= need for g in settlements(b, state.owner, tribe))
    if kind == "crossings":
        return sum(1 for s in b.crossings if state.owner[s] == tribe) >= need
    raise ValueError(kind)


def mission_text(m: dict) -> str:
    kind, k = m["kind"], m["count"]
    biome = BIOME_NAMES[m["biome"]] if "biome" in m else ""
    return {
        "tents_biome": f"{k} Tents in {biome} territories",
        "tents_all": f"{k} Tent in each of the 5 biomes",
        "tent_majority": f"Tent majority in {k} territories",
        "totems_biome": f"{k} Totems in {biome} territories",
        "totems_all": f"{k} Totem in each of the 5 biomes",
        "totem_majority": f"Totem majority in {k} territories",
        "settlement": f"A settlement of {k}+ Tents",
        "crossings": f"{k} Tents on road crossings",
    }[kind]

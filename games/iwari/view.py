"""Iwari's view: everything a seat may see, as plain data for the cogs and the pictures.

The keys are the contract with rendering/iwari.py and rendering/iwari_words.py: keep them stable. Hidden
information: a hand only in its owner's view, a tentative territory only in the chooser's.
"""

from __future__ import annotations

from games.iwari import feats, void
from games.iwari.common import (
    RUIN,
    card_name,
    cards_text,
)
from games.iwari.data import (
    BIOME_NAMES,
    EXPEDITION_POINTS,
    EXPEDITIONS,
)
from games.iwari.expeditions import mission_text
from games.iwari.solo import reason_words


def view(state, seat: int | None) -> dict:
    b = state.board
    territories = []
    for t in range(b.num_territories):
        territories.append(
            {
                "id": t + 1,
                "name": b.short[t],
                "label": b.label[t],
                "biome": BIOME_NAMES[b.biome[t]],
                "tents": [state.owner[s] if state.owner[s] >= 0 else None for s in b.spaces[t]],
                "spaces": [b.space_name[s] for s in b.spaces[t]],
                "totems": list(state.totems[t]),
                "totem_limit": max(state.placement.tent_counts(t)),
                "multiplier": feats.territory_multiplier(state, t),
                "totems_allowed": b.totems_allowed[t],
                "golden": t in state.golden,
                "void_totems": state.void[t],
                "ruins": {
                    b.space_name[s]: BIOME_NAMES[b.ruin_icon[s]]
                    for s in b.spaces[t]
                    if state.owner[s] == RUIN
                },
            }
        )
    v: dict = {
        "game": "iwari",
        "seat": seat,
        "num_players": state.n,
        "to_act": state.to_act(),
        "scores": state.scores(),
        "over": state.over,
        "winners": state.winners(),
        "neutral_won": state.neutral_won,
        "map": b.key,
        "map_name": b.name,
        "tribes": state.num_tribes,
        "neutral": state.n if state.num_tribes > state.n else None,
        "tribe_scores": list(state.score),
        "breakdown": {k: list(v) for k, v in state.breakdown.items()},
        "tents_left": list(state.tents_left),
        "totems_left": list(state.totems_left),
        "territories": territories,
        "connections": [
            {
                "number": c.number,
                "a": b.short[c.a],
                "b": b.short[c.b],
                "water": c.water,
                "symbol": c.mountain,
                "mountain": k in state.mountains,
                "multiplier": feats.connection_multiplier(state, k),
                "blocked": state.placement.conn_blocked(k),
            }
            for k, c in enumerate(b.connections)
        ],
        "feats_option": bool(state.feat_kinds),
        "feat_kinds": list(state.feat_kinds),
        "feats": [
            {"kind": k, "tribe": x, "where": w, "cancelled": i in feats.cancelled_feats(state)}
            for i, (k, x, w) in enumerate(state.feats)
        ],
        "courage": state.opts["courage"],
        "worship": state.opts["worship"],
        "golden": [b.short[t] for t in state.golden],
        "purple_road": [b.space_name[s] for s in b.purple_road],
        "connection_roads": b.connection_roads,
        "ruins_kept": list(state.ruins_kept) if b.ruin_spaces else None,
        "void_pool": state.void_pool if b.void_totems else None,
        "expeditions": [
            {
                "id": EXPEDITIONS[m]["id"],
                "text": mission_text(EXPEDITIONS[m]),
                "points": list(EXPEDITION_POINTS),
                "achievers": list(a),
                "removed": len(a) >= len(EXPEDITION_POINTS),
            }
            for m, a in state.expeditions
        ],
        "feats_left": feats._feats_left(state),
        "display": [card_name(c) for c in state.display],
        "deck": len(state.deck),
        "discard": {card_name(c): state.discard[c] for c in range(len(state.discard))},
        "contested": [
            {
                "id": k + 1,
                "between": [b.short[x] for x in pair],
                "territory": b.short[state.contested[k]] if state.contested[k] >= 0 else None,
                "tribe": state.contested_owner[k] if state.contested[k] >= 0 else None,
            }
            for k, pair in enumerate(b.contested)
        ],
        "determination": state.determination if state.determination >= 0 else None,
        "hand_sizes": [sum(h) for h in state.hands],
        "hands_known": [{card_name(c): k[c] for c in range(len(k)) if k[c]} for k in state.known],
        "journey": 1 if state.exhaustions == 0 else 2,
        "final_round": state.end_triggered and not state.over,
        "current": None if state.over else state.cur,
        # A half-chosen play is the player's own until placed (it may go back): others see the
        # step it started from.
        "phase": state.phase if seat == state.cur else state.turns.shown_phase(),
        "third_tribe_turn": state.neutral and not state.over,
        "drafting": bool(state.drafting),
        # A territory chosen mid-turn is tentative (the player may go back): only the
        # player's own view shows it until the pieces are placed. An Infection's tie is public.
        "pending_territory": (
            b.short[state.pending[0]]
            if state.pending
            and (state.phase == "ruin" or (state.phase in ("pieces", "space") and seat == state.cur))
            else None
        ),
        "mode": state.mode,
    }
    if state.solo:
        c = b.connections[state.pawn]
        v.update(
            {
                "void": state.n,
                "neutral": state.n,
                "void_target": state.target,
                "difficulty": state.opts["difficulty"],
                "claimed": [None if x < 0 else ("void" if x else "players") for x in state.claimed],
                "void_territories": sum(1 for x in state.claimed if x == 1),
                "player_territories": sum(1 for x in state.claimed if x == 0),
                "void_pawn": c.number,
                "void_row": state.void_row,
                "void_aside": state.void_aside,
                "void_stage": state.stage,
                "laid_down": [b.space_name[s] for s in sorted(state.used)],
                "infect_order": [b.short[t] for t in state.pending] if state.phase == "order" else None,
                "void_won": state.neutral_won,
                "void_won_by": state.solo_rules.void_win_words(),
                "end_reason": reason_words(state.end_reason) or None,
            }
        )
    if seat is not None and 0 <= seat < state.n:
        hand = state.hands[seat]
        v["hand"] = {card_name(c): hand[c] for c in range(len(hand)) if hand[c]}
        if seat == state.cur and state.phase in ("moveto", "movespace"):
            kind, src = state.pending[:2]
            v["moving"] = b.space_name[src] if kind == "T" else b.short[src]
        if seat == state.cur and state.phase == "ruin":
            v["ruin_choices"] = [b.space_name[s] for s in void.ruin_candidates(state, state.pending)]
        if seat == state.cur and state.pending and state.phase in ("pieces", "space"):
            v["pending"] = {
                "territory": b.short[state.pending[0]],
                "pieces": state.pending[1],
                "cards": cards_text(state.pending[2]) if state.pending[2] else None,
            }
            if state.phase == "space":
                v["pending"]["free_spaces"] = [
                    b.space_name[s] for s in state.placement.free_spaces(state.pending[0])
                ]
        if seat == state.cur and state.phase == "feat":
            kind, tribe, options = state.feat_queue[0]
            v["feat_choice"] = {"kind": kind, "tribe": tribe, "options": list(options)}
        if seat == state.cur and not state.over:
            # What the seat's picture shows large: the territories its decision is about.
            v["focus"] = [b.short[t] for t in sorted(set(focus(state)))]
    return v


def focus(state) -> list[int]:
    """The territories the current decision is about (its choices name them or lie in them):
    those it may play into, the one in play, the Infection's, the move's; [] for a decision
    about cards only (the draw)."""
    b, phase, pending = state.board, state.phase, state.pending
    hand = state.hands[state.cur]
    if phase == "act":
        return state.placement.playable_territories(state.tribe, hand)
    if phase == "void":
        return state.placement.playable_territories(state.n, hand)
    if phase in ("pieces", "space") and pending:
        return [pending[0]]
    if phase in ("order", "ruin"):
        return list(pending)
    if phase == "free":
        return state.solo_rules.free_territories()
    if phase == "vsettle":
        return state.solo_rules.vsettle_choices()
    if phase == "move":
        return [
            b.space_terr[src] if kind == "T" else src
            for kind, src in state.solo_rules._move_sources(state.move_card)
        ]
    if phase == "moveto":
        kind, src = pending[:2]
        targets = state.solo_rules._move_targets(kind, src)
        if kind == "T":
            return [b.space_terr[src]] + [b.space_terr[x] for x in targets]
        return [src, *targets]
    if phase == "movespace":
        return [b.space_terr[pending[1]], pending[2]]
    if phase == "feat":
        out = []
        for where in state.feat_queue[0][2]:
            if where[0] == "T":
                out.append(int(where[1:]) - 1)
            elif where[0] == "C":
                c = b.connections[state.turns._conn_index(int(where[1:]))]
                out += [c.a, c.b]
        return out
    return []

"""Iwari's view: everything a seat may see, as plain data for the cogs and the pictures.

The keys are the contract with rendering/iwari.py and rendering/iwari_words.py: keep them stable. Hidden
information: a hand only in its owner's view, a tentative territory only in the chooser's.
"""

from __future__ import annotations

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


class ViewMixin:
    """``view`` of IwariState."""

    def view(self, seat: int | None) -> dict:
        b = self.board
        territories = []
        for t in range(b.num_territories):
            territories.append(
                {
                    "id": t + 1,
                    "name": b.short[t],
                    "label": b.label[t],
                    "biome": BIOME_NAMES[b.biome[t]],
                    "tents": [self.owner[s] if self.owner[s] >= 0 else None for s in b.spaces[t]],
                    "spaces": [b.space_name[s] for s in b.spaces[t]],
                    "totems": list(self.totems[t]),
                    "totem_limit": max(self.tent_counts(t)),
                    "multiplier": self.territory_multiplier(t),
                    "totems_allowed": b.totems_allowed[t],
                    "golden": t in self.golden,
                    "void_totems": self.void[t],
                    "ruins": {
                        b.space_name[s]: BIOME_NAMES[b.ruin_icon[s]]
                        for s in b.spaces[t]
                        if self.owner[s] == RUIN
                    },
                }
            )
        v: dict = {
            "game": "iwari",
            "seat": seat,
            "num_players": self.n,
            "to_act": self.to_act(),
            "scores": self.scores(),
            "over": self.over,
            "winners": self.winners(),
            "neutral_won": self.neutral_won,
            "map": b.key,
            "map_name": b.name,
            "tribes": self.num_tribes,
            "neutral": self.n if self.num_tribes > self.n else None,
            "tribe_scores": list(self.score),
            "breakdown": {k: list(v) for k, v in self.breakdown.items()},
            "tents_left": list(self.tents_left),
            "totems_left": list(self.totems_left),
            "territories": territories,
            "connections": [
                {
                    "number": c.number,
                    "a": b.short[c.a],
                    "b": b.short[c.b],
                    "water": c.water,
                    "symbol": c.mountain,
                    "mountain": k in self.mountains,
                    "multiplier": self.connection_multiplier(k),
                    "blocked": self.conn_blocked(k),
                }
                for k, c in enumerate(b.connections)
            ],
            "feats_option": bool(self.feat_kinds),
            "feat_kinds": list(self.feat_kinds),
            "feats": [
                {"kind": k, "tribe": x, "where": w, "cancelled": i in self.cancelled_feats()}
                for i, (k, x, w) in enumerate(self.feats)
            ],
            "courage": self.opts["courage"],
            "worship": self.opts["worship"],
            "golden": [b.short[t] for t in self.golden],
            "purple_road": [b.space_name[s] for s in b.purple_road],
            "connection_roads": b.connection_roads,
            "ruins_kept": list(self.ruins_kept) if b.ruin_spaces else None,
            "void_pool": self.void_pool if b.void_totems else None,
            "expeditions": [
                {
                    "id": EXPEDITIONS[m]["id"],
                    "text": mission_text(EXPEDITIONS[m]),
                    "points": list(EXPEDITION_POINTS),
                    "achievers": list(a),
                    "removed": len(a) >= len(EXPEDITION_POINTS),
                }
                for m, a in self.expeditions
            ],
            "feats_left": self._feats_left(),
            "display": [card_name(c) for c in self.display],
            "deck": len(self.deck),
            "discard": {card_name(c): self.discard[c] for c in range(len(self.discard))},
            "contested": [
                {
                    "id": k + 1,
                    "between": [b.short[x] for x in pair],
                    "territory": b.short[self.contested[k]] if self.contested[k] >= 0 else None,
                    "tribe": self.contested_owner[k] if self.contested[k] >= 0 else None,
                }
                for k, pair in enumerate(b.contested)
            ],
            "determination": self.determination if self.determination >= 0 else None,
            "hand_sizes": [sum(h) for h in self.hands],
            "hands_known": [{card_name(c): k[c] for c in range(len(k)) if k[c]} for k in self.known],
            "journey": 1 if self.exhaustions == 0 else 2,
            "final_round": self.end_triggered and not self.over,
            "current": None if self.over else self.cur,
            # A half-chosen play is the player's own until placed (it may go back): others see the
            # step it started from.
            "phase": self.phase if seat == self.cur else self.shown_phase(),
            "third_tribe_turn": self.neutral and not self.over,
            "drafting": bool(self.drafting),
            # A territory chosen mid-turn is tentative (the player may go back): only the
            # player's own view shows it until the pieces are placed. An Infection's tie is public.
            "pending_territory": (
                b.short[self.pending[0]]
                if self.pending
                and (self.phase == "ruin" or (self.phase in ("pieces", "space") and seat == self.cur))
                else None
            ),
            "mode": self.mode,
        }
        if self.solo:
            c = b.connections[self.pawn]
            v.update(
                {
                    "void": self.n,
                    "neutral": self.n,
                    "void_target": self.target,
                    "difficulty": self.opts["difficulty"],
                    "claimed": [None if x < 0 else ("void" if x else "players") for x in self.claimed],
                    "void_territories": sum(1 for x in self.claimed if x == 1),
                    "player_territories": sum(1 for x in self.claimed if x == 0),
                    "void_pawn": c.number,
                    "void_row": self.void_row,
                    "void_aside": self.void_aside,
                    "void_stage": self.stage,
                    "laid_down": [b.space_name[s] for s in sorted(self.used)],
                    "infect_order": [b.short[t] for t in self.pending] if self.phase == "order" else None,
                    "void_won": self.neutral_won,
                    "void_won_by": self.void_win_words(),
                    "end_reason": self.end_reason or None,
                }
            )
        if seat is not None and 0 <= seat < self.n:
            hand = self.hands[seat]
            v["hand"] = {card_name(c): hand[c] for c in range(len(hand)) if hand[c]}
            if seat == self.cur and self.phase in ("moveto", "movespace"):
                kind, src = self.pending[:2]
                v["moving"] = b.space_name[src] if kind == "T" else b.short[src]
            if seat == self.cur and self.phase == "ruin":
                v["ruin_choices"] = [b.space_name[s] for s in self.ruin_candidates(self.pending)]
            if seat == self.cur and self.pending and self.phase in ("pieces", "space"):
                v["pending"] = {
                    "territory": b.short[self.pending[0]],
                    "pieces": self.pending[1],
                    "cards": cards_text(self.pending[2]) if self.pending[2] else None,
                }
                if self.phase == "space":
                    v["pending"]["free_spaces"] = [b.space_name[s] for s in self.free_spaces(self.pending[0])]
            if seat == self.cur and self.phase == "feat":
                kind, tribe, options = self.feat_queue[0]
                v["feat_choice"] = {"kind": kind, "tribe": tribe, "options": list(options)}
            if seat == self.cur and not self.over:
                # What the seat's picture shows large: the territories its decision is about.
                v["focus"] = [b.short[t] for t in sorted(set(self.focus()))]
        return v

    def focus(self) -> list[int]:
        """The territories the current decision is about (its choices name them or lie in them):
        those it may play into, the one in play, the Infection's, the move's; [] for a decision
        about cards only (the draw)."""
        b, phase, pending = self.board, self.phase, self.pending
        hand = self.hands[self.cur]
        if phase == "act":
            return self.playable_territories(self.tribe, hand)
        if phase == "void":
            return self.playable_territories(self.n, hand)
        if phase in ("pieces", "space") and pending:
            return [pending[0]]
        if phase in ("order", "ruin"):
            return list(pending)
        if phase == "free":
            return self.free_territories()
        if phase == "vsettle":
            return self.vsettle_choices()
        if phase == "move":
            return [
                b.space_terr[src] if kind == "T" else src for kind, src in self._move_sources(self.move_card)
            ]
        if phase == "moveto":
            kind, src = pending[:2]
            targets = self._move_targets(kind, src)
            if kind == "T":
                return [b.space_terr[src]] + [b.space_terr[x] for x in targets]
            return [src, *targets]
        if phase == "movespace":
            return [b.space_terr[pending[1]], pending[2]]
        if phase == "feat":
            out = []
            for where in self.feat_queue[0][2]:
                if where[0] == "T":
                    out.append(int(where[1:]) - 1)
                elif where[0] == "C":
                    c = b.connections[self._conn_index(int(where[1:]))]
                    out += [c.a, c.b]
            return out
        return []

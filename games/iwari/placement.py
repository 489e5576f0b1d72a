"""Iwari placement and majorities: where pieces may go, what pays for them, placing them, and the
scoring of the majorities they make.

One territory per turn, one piece per card, at most 2 pieces and 3 cards (two cards of one
colour are a wild for one piece); an unexplored territory takes exactly one Tent; Totems only
where a Tent is, up to the size of the largest Tent majority. The Atlas pieces (a Tent on a
Ruin ``R``, a moved Void Totem ``V``, a Contested token ``K``) and the Determination token are
here too. Scoring: Tent majorities per territory (x Feats), Totem majorities per connection,
settlements of 4+ connected Tents, the purple road of The Long Road, the Ruins kept.
"""

from __future__ import annotations

from games.iwari import expeditions, feats
from games.iwari.common import (
    NB,
    RUIN,
    cards_text,
    seat_tag,
    sorted_cards,
)
from games.iwari.data import (
    BIOME_CODES,
    VOID_CARD,
)
from games.iwari.scoring import settlements, tent_points, totem_holders
from games.text import L, Msg, N, P, T

# The parts of a score (score_parts), one term each.
SCORE_WORDS = {
    "half": P("iwari score", "half journey"),
    "tents": P("iwari score", "Tents"),
    "totems": P("iwari score", "Totems"),
    "settlements": P("iwari score", "settlements"),
    "feats": P("iwari score", "Feats"),
    "expeditions": P("iwari score", "Expeditions"),
    "ruins": P("iwari score", "Ruins"),
}

# The parts of the final score as its events name them ("End of the journey, tents: ...").
END_WORDS = {
    "tents": P("iwari final score", "tents"),
    "totems": P("iwari final score", "totems"),
    "settlements": P("iwari final score", "settlements"),
    "ruins": P("iwari final score", "ruins"),
}


def _and(items: list) -> Msg:
    """Words joined with "and": "1 Tent (7c) and 1 Totem"."""
    if not items:
        return ""
    words = items[0]
    for item in items[1:]:
        words = T("{words} and {word}", words=words, word=item)
    return words


class Placement:
    """Placement rules, placing (``_commit``) and the majority scoring of IwariState."""

    __slots__ = ("state",)

    def __init__(self, state) -> None:
        self.state = state  # the IwariState this part works on

    # ------------------------------------------------------------------ placement rules
    def tent_counts(self, t: int) -> list[int]:
        """Tents per tribe in t, those on Contested tokens moved there included."""
        state = self.state
        counts = [0] * state.num_tribes
        for s in state.board.spaces[t]:
            o = state.owner[s]
            if o >= 0:
                counts[o] += 1
        if state.contested:
            for k, where in enumerate(state.contested):
                if where == t:
                    counts[state.contested_owner[k]] += 1
        return counts

    def open_tokens(self, t: int) -> list[int]:
        """The Void: Contested tokens not yet moved that lie beside territory t."""
        state = self.state
        return [k for k in state.board.tokens_at[t] if state.contested[k] < 0] if state.contested else []

    def uses_determination(self, tribe: int) -> bool:
        state = self.state
        return tribe == state.determination and not state.neutral

    def free_spaces(self, t: int) -> list[int]:
        state = self.state
        return [s for s in state.board.spaces[t] if state.owner[s] == -1]

    def ruins_in(self, t: int) -> list[int]:
        state = self.state
        return [s for s in state.board.spaces[t] if state.owner[s] == RUIN]

    def conn_blocked(self, k: int) -> bool:
        """Forgotten Island: a connection whose Ruin is still there neither scores nor earns Feats."""
        state = self.state
        r = state.board.conn_ruin[k] if state.board.conn_ruin else -1
        return r >= 0 and state.owner[r] == RUIN

    def piece_options(self, tribe: int, t: int) -> list[str]:
        """Which piece sets the tribe may place in territory t now (ignoring cards).

        "R" is a Tent replacing a Ruin (Forgotten Island), paid with two cards of its icon.
        """
        state = self.state
        if state.claimed and state.claimed[t] >= 0:
            return []  # solo/co-op: a counted territory is closed
        counts = self.tent_counts(t)
        placed = sum(counts)
        free = len(self.free_spaces(t))
        ruins = len(self.ruins_in(t)) if state.board.conn_ruin else 0
        tents, totems = state.tents_left[tribe], state.totems_left[tribe]
        tokens = bool(self.open_tokens(t)) and tents >= 1
        if placed == 0:
            out = (["T"] if tents and free else []) + (["R"] if tents and ruins else [])
            out += ["K"] if tokens else []
            if self.uses_determination(tribe):
                # The Determination token: a second piece in an unexplored territory.
                room = state.board.totems_allowed[t] and totems >= 1
                out += ["TT"] if tents >= 2 and free >= 2 else []
                out += ["TM"] if tents and free and room else []
                out += ["KT"] if tokens and tents >= 2 and free else []
                out += ["KM"] if tokens and room else []
            return out
        limit = max(counts)  # size of the largest Tent majority
        on = sum(state.totems[t]) + state.void[t]
        if not state.board.totems_allowed[t]:
            totems = 0  # Floating Lands: no Totems on this biome
        out = []
        if free >= 1 and tents >= 1:
            out.append("T")
        if totems >= 1 and on + 1 <= limit:
            out.append("M")
        if free >= 2 and tents >= 2:
            out.append("TT")
        # A Tent placed first may raise the limit for the Totem of the same turn.
        if free >= 1 and tents >= 1 and totems >= 1 and on + 1 <= max(limit, counts[tribe] + 1):
            out.append("TM")
        if totems >= 2 and on + 2 <= limit:
            out.append("MM")
        if state.board.void_totems and not (state.solo and tribe == state.n):
            # The Uncharted Paths: a Void Totem moved in counts as one of the turn's pieces.
            if on + 1 <= limit:
                out.append("V")
            if free >= 1 and tents >= 1 and on + 1 <= max(limit, counts[tribe] + 1):
                out.append("VT")
            if totems >= 1 and on + 2 <= limit:
                out.append("VM")
        if tokens:
            # The Void: a Contested token moved in with a Tent on it, plus maybe one more piece.
            out.append("K")
            if free >= 1 and tents >= 2:
                out.append("KT")
            if totems >= 1 and on + 1 <= max(limit, counts[tribe] + 1):
                out.append("KM")
        if ruins and tents >= 1:
            out.append("R")
            if free >= 1 and tents >= 2:
                out.append("RT")
            if totems >= 1 and on + 1 <= max(limit, counts[tribe] + 1):
                out.append("RM")
        return out

    @staticmethod
    def payments(hand: list[int], biome: int, pieces: int, void_wild: bool = False) -> list[str]:
        """Card sets (codes) paying for 1 or 2 pieces in a territory of ``biome``.

        One card of the biome per piece, or two cards of one other colour as a wild
        card for one piece; never more than three cards. On The Void map (``void_wild``) two
        Void cards are a wild card too.
        """
        code = BIOME_CODES[biome]
        pairs = [BIOME_CODES[c] * 2 for c in range(NB) if c != biome and hand[c] >= 2]
        if void_wild and hand[VOID_CARD] >= 2:
            pairs.append("VV")
        if pieces == 1:
            return ([code] if hand[biome] >= 1 else []) + pairs
        out = [code * 2] if hand[biome] >= 2 else []
        if hand[biome] >= 1:
            out += [sorted_cards(code + p) for p in pairs]
        return out

    def void_sources(self, t: int) -> list[int]:
        """Where a Void Totem may come from to territory t: -1 the purple territory, else a territory."""
        state = self.state
        b = state.board
        out = [-1] if state.void_pool else []
        if state.solo:
            return out  # solo/co-op: only from the purple territory
        return out + [y for y in range(b.num_territories) if state.void[y] and b.biome[y] != b.biome[t]]

    def combos(self, tribe: int, t: int, hand: list[int]) -> list[tuple[str, str, int | None]]:
        state = self.state
        biome = state.board.biome[t]
        out: list[tuple[str, str, int | None]] = []
        icons = sorted({state.board.ruin_icon[s] for s in self.ruins_in(t)}) if state.board.conn_ruin else []
        for pieces in self.piece_options(tribe, t):
            if pieces[0] == "V":
                # From the purple territory: two cards of the destination biome; from another
                # biome: one card of each; plus one card of the destination for a second piece.
                for src in self.void_sources(t):
                    need = [0] * NB
                    need[biome] += 1 + (len(pieces) == 2)
                    need[biome if src < 0 else state.board.biome[src]] += 1
                    if all(hand[c] >= need[c] for c in range(NB)):
                        out.append((pieces, "".join(BIOME_CODES[c] * need[c] for c in range(NB)), src))
                continue
            if pieces[0] == "K":
                # Two cards of this territory's biome (no wild card), one more for a 2nd piece.
                if hand[biome] >= len(pieces) + 1:
                    for k in self.open_tokens(t):
                        out.append((pieces, BIOME_CODES[biome] * (len(pieces) + 1), k))
                continue
            if pieces[0] != "R":
                for cards in self.payments(hand, biome, len(pieces), state.board.void_cards):
                    out.append((pieces, cards, None))
                continue
            # Two cards of the Ruin's icon (no wild card), plus one of the territory for a 2nd piece.
            for icon in icons:
                need = [0] * NB
                need[icon] += 2
                if len(pieces) == 2:
                    need[biome] += 1
                if all(hand[c] >= need[c] for c in range(NB)):
                    out.append((pieces, "".join(BIOME_CODES[c] * need[c] for c in range(NB)), None))
        return out

    def playable_territories(self, tribe: int, hand: list[int]) -> list[int]:
        state = self.state
        out = []
        exact = bool(state.board.conn_ruin or state.board.void_totems)
        void_pair = state.board.void_cards and hand[VOID_CARD] >= 2
        for t in range(state.board.num_territories):
            b = state.board.biome[t]
            # Every payment needs a card of the biome or a pair of one colour.
            if not (hand[b] or void_pair or any(hand[c] >= 2 for c in range(NB) if c != b)):
                continue
            if exact:
                # Ruins and Void Totems have payments of their own: check the real ones.
                if self.combos(tribe, t, hand):
                    out.append(t)
                continue
            options = self.piece_options(tribe, t)
            # A Tent or Totem is paid like any piece (the check above); a Contested token alone
            # needs two cards of the biome.
            if any(p[0] != "K" for p in options) or (options and self.combos(tribe, t, hand)):
                out.append(t)
        return out

    def space_choices(self, t: int, pieces: str, cards: str) -> list[tuple[int, ...]]:
        state = self.state
        free = self.free_spaces(t)
        if pieces[0] == "R":
            icon = next(BIOME_CODES.index(c) for c in cards if cards.count(c) >= 2)
            ruins = [s for s in self.ruins_in(t) if state.board.ruin_icon[s] == icon]
            if pieces == "RT":
                return [(r, f) for r in ruins for f in free]
            return [(r,) for r in ruins]
        first = state.board.purple_road or (
            state.board.ruin_spaces if state.board.key == "forgotten-island" else ()
        )
        if state.solo and state.tribe == state.n and first:
            # The Long Road / Forgotten Island (solo/co-op): a Void Ruin goes on the purple road /
            # the purple tent spaces first.
            road = [s for s in free if s in first]
            if pieces.count("T") == 1 and road:
                return [(s,) for s in road]
            if pieces.count("T") == 2 and road:
                if len(road) >= 2:
                    free = road
                else:
                    return [(road[0], f) if road[0] < f else (f, road[0]) for f in free if f != road[0]]
        if pieces.count("T") == 1:
            return [(s,) for s in free]
        return [(a, b) for i, a in enumerate(free) for b in free[i + 1 :]]

    # ------------------------------------------------------------------ placing
    def _choose_combo(self, pieces: str, cards: str, src: int | None = None) -> None:
        state = self.state
        state.pending = [state.pending[0], pieces, cards]
        state.void_src = src
        tents = pieces.count("T") + pieces.count("R")
        if tents == 0:
            self._commit([])
            return
        state.phase = "space"
        choices = self.space_choices(state.pending[0], pieces, cards)
        if len(choices) == 1:
            self._commit(list(choices[0]))

    def _commit(self, spaces: list[int]) -> None:
        state = self.state
        t, pieces, cards = state.pending
        tribe = state.tribe
        b = state.board
        unexplored = not any(self.tent_counts(t))
        state.turns._spend(cards)
        for s in spaces:
            if state.owner[s] == RUIN:
                state.ruins_kept[tribe] += 1
                opened = [c.number for k, c in enumerate(b.connections) if b.conn_ruin[k] == s]
                who, space = state.turns._tribe_tag(tribe), b.space_name[s]
                if opened:
                    text = T(
                        "{who} replaces the Ruin at {space} and keeps it: connection {n} is unlocked.",
                        who=who,
                        space=space,
                        n=opened[0],
                    )
                else:
                    text = T("{who} replaces the Ruin at {space} and keeps it.", who=who, space=space)
                state._log(text, "ruin")
            state.owner[s] = tribe
            state.tents_left[tribe] -= 1
        if pieces[0] == "V":
            src = state.void_src
            if src < 0:
                state.void_pool -= 1
            else:
                state.void[src] -= 1
            state.void[t] += 1
            if state.solo:
                state.stack[t].append(state.n)
            who = state.turns._tribe_tag(tribe)
            if src < 0:
                text = T(
                    "{who} moves a Void Totem from the Void to {territory}.", who=who, territory=b.label[t]
                )
            else:
                text = T(
                    "{who} moves a Void Totem from {source} to {territory}.",
                    who=who,
                    source=b.label[src],
                    territory=b.label[t],
                )
            state._log(text, "void")
            state.void_src = None
        if pieces[0] == "K":
            k = state.void_src  # the Contested token chosen (held where a Void Totem's source is)
            state.contested[k] = t
            state.contested_owner[k] = tribe
            state.tents_left[tribe] -= 1
            state.void_src = None
            x, y = (b.short[u] for u in b.contested[k])
            state._log(
                T(
                    "{who} moves the Contested token {a}/{b} into {territory} and flips it.",
                    who=state.turns._tribe_tag(tribe),
                    a=x,
                    b=y,
                    territory=b.label[t],
                ),
                "contested",
            )
        if unexplored and len(pieces) == 2:
            # The Determination token was used: it passes to the right (the previous player).
            state.determination = (state.determination - 1) % state.n
            state._log(
                T(
                    "{p} uses the Determination token; it passes to {q}.",
                    p=seat_tag(state.cur),
                    q=seat_tag(state.determination),
                ),
                "determination",
            )
        totems = pieces.count("M")
        state.totems[t][tribe] += totems
        state.totems_left[tribe] -= totems
        if state.solo:
            state.stack[t] += [tribe] * totems
        what = []
        if spaces:
            where = L([b.space_name[s] for s in spaces])
            what.append(N("{n} Tent ({spaces})", "{n} Tents ({spaces})", len(spaces), spaces=where))
        if pieces[0] == "K":
            what.append(T("1 Tent on the Contested token"))
        if totems:
            what.append(N("{n} Totem", "{n} Totems", totems))
        state._log(self._placed_text(cards, what, b.label[t]), "place", territory=b.short[t])
        state.pending = None
        if state.solo:
            queued = len(state.vq)
            for s in spaces:
                state.solo_rules._after_tent(s, tribe)
            if b.key == "floating-lands" and state.stage == "player" and "T" in cards:
                state.vq.insert(len(state.vq) - queued, ["tundra", t])  # after the counting
            state.solo_rules._solo_after_commit()
            return
        if state.feat_kinds:
            feats._check_feats(state, tribe, t, spaces, totems > 0, unexplored)
        if state.expeditions:
            expeditions._check_expeditions(state, tribe)
        if state.tents_left[tribe] == 0 and not state.end_triggered:
            state.end_triggered = True
            if tribe >= state.n:
                text = T("The third tribe has no Tents left: this round is the last.")
            else:
                text = T("{p} has no Tents left: this round is the last.", p=seat_tag(tribe))
            state._log(text, "end")
        if state.feat_queue:
            state.phase = "feat"
        else:
            state.turns._advance()

    def _placed_text(self, cards: str, what: list, territory: str) -> Msg:
        """What a play put where: "{p0} plays Forest + 2 Coast: 1 Tent (7c) and 1 Totem in T7 Forest."."""
        state = self.state
        p, pieces = seat_tag(state.cur), _and(what)
        paid = cards_text(cards)
        if not state.neutral:
            if cards:
                return T(
                    "{p} plays {cards}: {pieces} in {territory}.",
                    p=p,
                    cards=paid,
                    pieces=pieces,
                    territory=territory,
                )
            return T(
                "{p} plays a free settlement action: {pieces} in {territory}.",
                p=p,
                pieces=pieces,
                territory=territory,
            )
        if state.solo:
            if cards:
                return T(
                    "{p} plays {cards} for the Void: {pieces} in {territory}.",
                    p=p,
                    cards=paid,
                    pieces=pieces,
                    territory=territory,
                )
            return T(
                "{p} plays a free settlement action for the Void: {pieces} in {territory}.",
                p=p,
                pieces=pieces,
                territory=territory,
            )
        if cards:
            return T(
                "{p} plays {cards} for the third tribe: {pieces} in {territory}.",
                p=p,
                cards=paid,
                pieces=pieces,
                territory=territory,
            )
        return T(
            "{p} plays a free settlement action for the third tribe: {pieces} in {territory}.",
            p=p,
            pieces=pieces,
            territory=territory,
        )

    # ------------------------------------------------------------------ majorities and the final scoring
    def _score_tents(self, multiply: bool) -> list[int]:
        state = self.state
        total = [0] * state.num_tribes
        for t in range(state.board.num_territories):
            m = feats.territory_multiplier(state, t) if multiply else 1
            for x, p in enumerate(tent_points(self.tent_counts(t))):
                total[x] += p * m
        return total

    def _score_totems(self, multiply: bool = True) -> list[int]:
        state = self.state
        total = [0] * state.num_tribes
        for k, c in enumerate(state.board.connections):
            if k in state.mountains or self.conn_blocked(k):
                continue
            holders = totem_holders(state.totems[c.a], state.totems[c.b])
            if holders:
                # Every Totem in both territories counts, Void Totems included.
                on = sum(state.totems[c.a]) + sum(state.totems[c.b]) + state.void[c.a] + state.void[c.b]
                pts = on * (feats.connection_multiplier(state, k) if multiply else 1)
                for x in holders:
                    total[x] += pts
        return total

    def _score_settlements(self) -> list[int]:
        state = self.state
        return [
            sum(len(g) for g in settlements(state.board, state.owner, x)) for x in range(state.num_tribes)
        ]

    def _score_purple_road(self) -> list[int]:
        """The Long Road: the Tents on the purple road are scored as if it were a territory."""
        state = self.state
        counts = [0] * state.num_tribes
        for s in state.board.purple_road:
            if state.owner[s] >= 0:
                counts[state.owner[s]] += 1
        return tent_points(counts)

    def score_parts(self) -> list[list[tuple[str, int]]] | None:
        """Each player's points by journey and kind (the breakdown kept as they were scored), what
        the Feats' multipliers added to the end of the journey's Tents and Totems apart."""
        state = self.state
        if not state.over or state.solo:
            return None  # solo and co-op are won or lost against the Void: no points to split
        bd = state.breakdown
        tents_feats = [m - p for m, p in zip(self._score_tents(True), self._score_tents(False), strict=True)]
        totems_feats = [
            m - p for m, p in zip(self._score_totems(True), self._score_totems(False), strict=True)
        ]
        parts = []
        for x in range(state.n):
            w = SCORE_WORDS
            mine = [
                (w["half"], bd["half"][x]),
                (w["tents"], bd["tents"][x] - tents_feats[x]),
                (w["totems"], bd["totems"][x] - totems_feats[x]),
                (w["settlements"], bd["settlements"][x]),
            ]
            if state.feat_kinds:
                mine.append((w["feats"], tents_feats[x] + totems_feats[x]))
            if state.opts["expeditions"]:
                mine.append((w["expeditions"], bd["expeditions"][x]))
            if state.board.ruin_spaces:
                mine.append((w["ruins"], bd.get("ruins", state.ruins_kept)[x]))
            parts.append(mine)
        return parts

    def _final_scoring(self) -> None:
        state = self.state
        tents = self._score_tents(multiply=True)
        if state.board.purple_road:
            road = self._score_purple_road()
            state._log(
                T("The purple road, scored as a territory: {points}.", points=state.turns._points_text(road)),
                "scoring",
            )
            tents = [a + r for a, r in zip(tents, road, strict=True)]
        parts = {
            "tents": tents,
            "totems": self._score_totems(),
            "settlements": self._score_settlements(),
        }
        if state.board.ruin_spaces:
            parts["ruins"] = list(state.ruins_kept)  # each Ruin kept is worth 1 point
        for name, pts in parts.items():
            for x, p in enumerate(pts):
                state.breakdown[name][x] += p
                state.score[x] += p
            # TRANSLATORS: {part} is one of the parts of the final score: tents, totems, settlements, ruins
            text = T(
                "End of the journey, {part}: {points}.",
                part=END_WORDS[name],
                points=state.turns._points_text(pts),
            )
            state._log(text, "scoring", points=pts)
        state.over = True
        state.phase = "over"
        state.pending = None
        keys = [(state.score[x], state.unused_pieces(x)) for x in range(state.num_tribes)]
        best_seat = max(keys[: state.n])
        if state.num_tribes > state.n and keys[state.n] > best_seat:
            # The shared third tribe won: both players lose.
            state.neutral_won = True
            state.result = []
            state._log(T("The third tribe wins: both players lose."), "end")
        else:
            state.result = [x for x in range(state.n) if keys[x] == best_seat]
            state._log(T("Winner: {players}.", players=_and([seat_tag(x) for x in state.result])), "end")

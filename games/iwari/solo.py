"""Iwari solo mode and 2-player cooperative mode (Maps Atlas): the players against the Void.

The Void is tribe ``n`` (after the seats): its Tents are the purple Ruins, its Totems the Void
Totems. Everything the Void does by itself runs from a task queue ``vq`` (Infections,
Corruptions, counting, the Void pawn, refilling the display) so that it can stop for a
player's choice and go on afterwards. A turn: player action, Void action (with the player's
remaining cards), replenish the hand, refill the display.

Action ids of the modes (besides the base ``t``/``c``/``s``/``x``/``d``/``deck``):
- Void action (phase ``void``): ``t7`` place Void pieces in T7 paying with your cards (then
  ``c``/``s`` as usual), ``v1``..``v3`` play that many Void cards (one Infection, or a
  Corruption once 4+ lie above the display), ``kF`` play a card of a completely explored
  biome to skip the Void action;
- ``mF`` (player action): play a card of a completely explored biome to move one of your
  pieces, then ``oT7c`` (the Tent on 7c) / ``oM7`` (a Totem of T7), then ``w9`` (to T9),
  then for a Tent ``w9b`` (tent space 9b, phase ``movespace``);
- ``r7c``: the Ruin of an Infection goes to 7c (a tie of the closest spaces is your choice);
- ``u7``: the Void's free settlement action goes to T7 (a tie is your choice);
- ``i7`` (phase ``order``): the Infection takes T7 first, then the connection's other territory
  (asked only when the order changes the result);
- phase ``free``: your free settlement action, ``t7`` then ``cTM-`` (no cards) then spaces,
  or ``fskip``.

RULINGS (the rulebook leaves these open):
- No mountains in solo/co-op (the set-up lists none); all 57 Biome cards are used; co-op
  shuffles the Void cards into the deck as the solo set-up does.
- Void cards cannot be discarded with the discard action, taken from the display, nor used
  as wild cards; Void cards revealed in the display stay there until a Corruption collects
  them. Played Void cards lie above the display until a Corruption collects them.
- When the deck runs out, the discard pile is shuffled into a new deck (no half-journey
  scoring, the deck does not end the game).
- A counted territory is closed: nobody places pieces there any more.
- "Incomplete" territory = not yet counted. Before an Infection the pawn passes connections
  joining two counted territories (additional rule 5).
- Infection order: the connection's two territories are infected one after the other; when
  the order changes the result (a Ruin's closest space, the last Void Totem, a count, a Void
  settlement) the player chooses it (``i7``), else it is lower territory first.
- Closest space to a Ruin: fewest road steps from any Void Ruin on the map; no Ruin yet (or
  none reachable): every free space of the territory ties. A territory with no free space
  and no room for a Void Totem gets nothing. On The Long Road the free purple-road spaces of
  the territory come first, for every Ruin the Void places.
- Counting ties (Tents/Ruins for the virtual Totem, then Totems) go to the Void. In co-op
  both players' pieces count as one tribe.
- Settlements (free actions): a group of 4+ connected Tents (Ruins) whose pieces are not yet
  laid on the side; using the action lays the whole group on the side. The Void must use
  its action (in the territory holding most of the group's Ruins among the uncounted ones);
  the player may decline (``fskip``), then the Tents stay up. In co-op each player's own
  Tents form their settlements.
- A completely explored biome: every territory of that biome holds a Tent or a Ruin. Moving
  a piece (additional rule 4) is the player's action of the turn; a Tent may not leave a
  territory if that would break its Totem limit; a Totem may not leave a territory holding
  a Void Totem.
- "Don't have the piece": the game ends when the Void must place a Ruin/Totem it no longer
  has, or when the player to act has no Tent and no Totem left; then all territories are
  counted. It also ends when all territories are counted or nobody can draw a card any more.
- Floating Lands: Tundra cards paid for pieces or for a move in the player action (not a
  discard) put one Ruin on the Tundra territory they were played in; played elsewhere (a wild
  pair) or that one full: the closest free space of any uncounted Tundra territory (a tie is
  your choice). All Ruins on Tundra are adjacent to each other for Void settlements; 8 win.
- Forgotten Island: no Ruins at the set-up; in the Void action the Void's Tents go on free
  purple tent spaces of the territory first; at the end more Ruins than Tents on the purple
  spaces lose. Ruins there block nothing (no connection scoring in solo).
- The Uncharted Paths: an Infection's Void Totem goes on the purple territory; the 5th there
  wins. Players move one from there as a piece of their action with two cards of the
  destination; it then counts as a Void Totem of that territory (for the limit and for the
  Void's control). The Void action never moves Void Totems.
"""

from __future__ import annotations

import re
from functools import cache

from games.base import Action
from games.iwari import void
from games.iwari.common import (
    FLOATING,
    FORGOTTEN,
    NB,
    SOLO_MAPS,
    seat_tag,
)
from games.iwari.data import (
    BIOME_CODES,
    BIOME_NAMES,
    CORRUPTION_CARDS,
    FLOATING_VOID_SETTLEMENT_WIN,
    HAND_SIZE,
    SETTLEMENT_MIN,
    VOID_CARD,
    VOID_SETTLEMENT_WIN,
)
from games.iwari.scoring import road_groups
from games.iwari.turns import _a_discard, _a_territory
from games.text import Msg, N, T

__all__ = ["SOLO_MAPS", "SoloRules"]  # SOLO_MAPS: bench/solo.py and the tests read it here

# Why a solo/co-op game ended, as the state keeps it (``end_reason``, a "voidwins"/"end" task):
# the English, as saves have always held it, read back into its message by ``reason_words``.
REASONS = (
    T("a Void settlement of {n} Ruins"),
    T("{p} has no piece left"),
    T("no card can be drawn any more"),
    T("the Void controls {n} territories, its target"),
    T("all territories are counted"),
    T("more Void Ruins ({ruins}) than Tents ({tents}) on the purple tent spaces"),
    T("more Void Ruins ({ruins}) than Tents ({tents}) on the purple road"),
    T("{n} Void cards lie beside the board"),
    T("the Void has no Ruin left to place"),
    T("the Void has no Totem left to place"),
    T("the Void placed its Totem number {n} on the purple territory"),
)


@cache
def _reason_patterns() -> list[tuple[re.Pattern, str]]:
    out = []
    for msg in REASONS:
        parts = re.split(r"\{(\w+)\}", msg.mid)
        rx = "".join(re.escape(x) if i % 2 == 0 else f"(?P<{x}>.+?)" for i, x in enumerate(parts))
        out.append((re.compile(rx + "$"), msg.mid))
    return out


def reason_words(reason: str) -> Msg | str:
    """A reason as a message (its numbers numbers again); an unknown one as it is."""
    if isinstance(reason, Msg) or not reason:
        return reason
    for rx, mid in _reason_patterns():
        m = rx.match(reason)
        if m:
            args = {k: int(v) if v.isdigit() else v for k, v in m.groupdict().items()}
            return Msg(mid, args)
    return reason


@cache
def _a_move_card(c: int) -> Action:
    return Action(
        f"m{BIOME_CODES[c]}", T("Play {card} to move a piece from there", card=BIOME_NAMES[c]), "move"
    )


@cache
def _a_void_pieces(t: int, label: Msg) -> Action:
    return Action(f"t{t + 1}", T("Void pieces in {territory}", territory=label), "territory")


@cache
def _a_void_cards(k: int) -> Action:
    return Action(f"v{k}", N("Play {n} Void card: Infection", "Play {n} Void cards: Infection", k), "void")


@cache
def _a_skip(c: int) -> Action:
    return Action(f"k{BIOME_CODES[c]}", T("Play {card} to skip the Void action", card=BIOME_NAMES[c]), "skip")


@cache
def _a_free(t: int, label: Msg) -> Action:
    return Action(f"t{t + 1}", T("Free action in {territory}", territory=label), "territory")


@cache
def _a_free_skip() -> Action:
    return Action("fskip", T("Do not use the free settlement action"), "skip")


@cache
def _a_ruin(space: str) -> Action:
    return Action(f"r{space}", T("Void Ruin on {space}", space=space), "ruin")


@cache
def _a_order(t: int, label: Msg) -> Action:
    return Action(f"i{t + 1}", T("Infect {territory} first", territory=label), "territory")


@cache
def _a_vsettle(t: int, label: Msg) -> Action:
    return Action(f"u{t + 1}", T("Void free action in {territory}", territory=label), "territory")


@cache
def _a_move_tent(space: str) -> Action:
    return Action(f"oT{space}", T("Move your Tent on {space}", space=space), "piece")


@cache
def _a_move_totem(t: int, label: Msg) -> Action:
    return Action(f"oM{t + 1}", T("Move a Totem from {territory}", territory=label), "piece")


@cache
def _a_destination(kind: str, t: int, label: Msg) -> Action:
    if kind == "T":
        return Action(f"w{t + 1}", T("Tent to {territory}", territory=label), "destination")
    return Action(f"w{t + 1}", T("Totem to {territory}", territory=label), "destination")


@cache
def _a_tent_space(space: str) -> Action:
    return Action(f"w{space}", T("Tent to {space}", space=space), "space")


class SoloRules:
    """The players' side of solo and co-op in IwariState: their phases, moves, counting, the end."""

    __slots__ = ("state",)

    def __init__(self, state) -> None:
        self.state = state  # the IwariState this part works on

    # ------------------------------------------------------------------ small helpers

    def team_of(self, tribe: int) -> int:
        """0: the players' team, 1: the Void."""
        state = self.state
        return 1 if tribe == state.n else 0

    def plan_continues(self) -> bool:
        """For the AI planner (games.ai.plan): the seat's next decision is still this turn, and
        nothing hidden comes out before it (the Void action after the player's, a move's steps)."""
        state = self.state
        return state.solo and state.phase in ("void", "free", "move", "moveto", "movespace")

    def explored(self, t: int) -> bool:
        state = self.state
        return any(state.owner[s] >= 0 for s in state.board.spaces[t])

    def explored_biomes(self) -> list[int]:
        state = self.state
        b = state.board
        return [
            bio
            for bio in range(NB)
            if all(self.explored(t) for t in range(b.num_territories) if b.biome[t] == bio)
        ]

    # ------------------------------------------------------------------ legal actions
    def _solo_legal(self) -> list[Action] | None:
        """Actions of the solo-only phases (None: the phase is a base one)."""
        state = self.state
        b = state.board
        hand = state.hands[state.cur]
        acts: list[Action] = []
        if state.phase == "act":
            for t in state.placement.playable_territories(state.tribe, hand):
                acts.append(_a_territory(t, b.label[t]))
            for c in range(NB):
                if hand[c]:
                    acts.append(_a_discard(c))
            for c in self.explored_biomes():
                if hand[c] and self._move_sources(c):
                    acts.append(_a_move_card(c))
            return acts
        if state.phase == "void":
            for t in state.placement.playable_territories(state.n, hand):
                acts.append(_a_void_pieces(t, b.label[t]))
            for k in range(1, hand[VOID_CARD] + 1):
                acts.append(_a_void_cards(k))
            for c in self.explored_biomes():
                if hand[c]:
                    acts.append(_a_skip(c))
            return acts
        if state.phase == "free":
            for t in self.free_territories():
                acts.append(_a_free(t, b.label[t]))
            acts.append(_a_free_skip())
            return acts
        if state.phase == "ruin":
            for s in void.ruin_candidates(state, state.pending):
                acts.append(_a_ruin(b.space_name[s]))
            return acts
        if state.phase == "order":
            for t in state.pending:
                acts.append(_a_order(t, b.label[t]))
            return acts
        if state.phase == "vsettle":
            for t in self.vsettle_choices():
                acts.append(_a_vsettle(t, b.label[t]))
            return acts
        if state.phase == "move":
            for kind, src in self._move_sources(state.move_card):
                if kind == "T":
                    acts.append(_a_move_tent(b.space_name[src]))
                else:
                    acts.append(_a_move_totem(src, b.label[src]))
            return acts
        if state.phase == "moveto":
            kind, src = state.pending[:2]
            targets = self._move_targets(kind, src)
            if kind == "T":
                # First the territory, then (phase movespace) the tent space: short menus.
                targets = sorted({b.space_terr[x] for x in targets})
            for dst in targets:
                acts.append(_a_destination(kind, dst, b.label[dst]))
            return acts
        if state.phase == "movespace":
            _, src, t = state.pending
            for dst in self._move_targets("T", src):
                if b.space_terr[dst] == t:
                    acts.append(_a_tent_space(b.space_name[dst]))
            return acts
        return None

    def free_territories(self) -> list[int]:
        """The settlement's territories where the free action (rule 3) can place something."""
        state = self.state
        return [t for t in state.free_terrs if state.claimed[t] < 0 and self.free_piece_options(t)]

    def free_piece_options(self, t: int) -> list[str]:
        """The pieces a free settlement action may place in t: the base game's Tents and Totems
        (no card is paid, so nothing a card pays for: a Void Totem moved in, a Contested token)."""
        state = self.state
        return [p for p in state.placement.piece_options(state.tribe, t) if p[0] in "TM"]

    def vsettle_choices(self) -> list[int]:
        state = self.state
        group = state.pending
        counts: dict[int, int] = {}
        for s in group:
            t = state.board.space_terr[s]
            if state.claimed[t] < 0:
                counts[t] = counts.get(t, 0) + 1
        if not counts:
            return []
        best = max(counts.values())
        return sorted(t for t, k in counts.items() if k == best)

    def _move_sources(self, bio: int) -> list[tuple[str, int]]:
        state = self.state
        b, me = state.board, state.cur
        out: list[tuple[str, int]] = []
        for t in range(b.num_territories):
            if b.biome[t] != bio:
                continue
            counts = state.placement.tent_counts(t)
            on = sum(state.totems[t]) + state.void[t]
            for s in b.spaces[t]:
                if state.owner[s] == me:
                    counts[me] -= 1
                    ok = on == 0 or on <= max(counts)
                    counts[me] += 1
                    if ok and self._move_targets("T", s):
                        out.append(("T", s))
            if self.movable_totem(t, me) and self._move_targets("M", t):
                out.append(("M", t))
        return out

    def movable_totem(self, t: int, tribe: int) -> bool:
        """Additional rule 4: the tribe has a Totem in t with no Void Totem placed on top of it."""
        state = self.state
        stack = state.stack[t]
        if tribe not in stack:
            return False
        above_void = stack[::-1].index(state.n) if state.n in stack else len(stack)
        return stack[::-1].index(tribe) < above_void

    def _move_targets(self, kind: str, src: int) -> list[int]:
        state = self.state
        b = state.board
        from_bio = b.biome[b.space_terr[src]] if kind == "T" else b.biome[src]
        out = []
        for t in range(b.num_territories):
            if b.biome[t] == from_bio or state.claimed[t] >= 0:
                continue
            counts = state.placement.tent_counts(t)
            if kind == "T":
                if sum(counts) == 0:
                    out += state.placement.free_spaces(t)
                else:
                    out += state.placement.free_spaces(t)
            elif (
                b.totems_allowed[t]
                and sum(counts)
                and sum(state.totems[t]) + state.void[t] + 1 <= max(counts)
            ):
                out.append(t)
        return out

    # ------------------------------------------------------------------ applying actions
    def _solo_do(self, seat: int, a: str) -> bool:
        """Handle a solo-only action; False when it is a base action."""
        state = self.state
        b = state.board
        if state.phase == "void" and a[0] == "v":
            k = int(a[1:])
            state.hands[state.cur][VOID_CARD] -= k
            # Public facts only (never the hand itself): see Turns._spend.
            state.known[state.cur][VOID_CARD] = max(0, state.known[state.cur][VOID_CARD] - k)
            state.void_row += k
            text = N(
                "{p} plays {n} Void card above the display.",
                "{p} plays {n} Void cards above the display.",
                k,
                p=seat_tag(seat),
            )
            state._log(text, "void")
            if state.void_row >= CORRUPTION_CARDS:
                state.vq[:0] = [["corrupt", "row"]]
            else:
                state.vq[:0] = [["infect"]]
            void._run(state)
            return True
        if state.phase == "void" and a[0] == "k":
            c = BIOME_CODES.index(a[1])
            state.turns._spend(a[1])
            text = T(
                "{p} plays {card} (completely explored) to skip the Void action.",
                p=seat_tag(seat),
                card=BIOME_NAMES[c],
            )
            state._log(text, "void")
            void._run(state)
            return True
        if state.phase == "act" and a[0] == "m":
            c = BIOME_CODES.index(a[1])
            state.turns._spend(a[1])
            state.move_card = c
            state.phase = "move"
            if c == 0 and state.board.key == FLOATING:
                state.vq.insert(0, ["tundra", -1])  # a Tundra card played in the player action
            text = T(
                "{p} plays {card} (completely explored) to move a piece.",
                p=seat_tag(seat),
                card=BIOME_NAMES[c],
            )
            state._log(text, "move")
            return True
        if state.phase == "move":
            if a[1] == "T":
                state.pending = ["T", b.space_name.index(a[2:])]
            else:
                state.pending = ["M", int(a[2:]) - 1]
            state.phase = "moveto"
            return True
        if state.phase == "moveto" and state.pending[0] == "T":
            t = int(a[1:]) - 1
            spaces = [x for x in self._move_targets("T", state.pending[1]) if b.space_terr[x] == t]
            state.pending = ["T", state.pending[1], t]
            state.phase = "movespace"
            if len(spaces) > 1:
                return True
            a = "w" + b.space_name[spaces[0]]
        if state.phase in ("moveto", "movespace"):
            kind, src = state.pending[:2]
            state.pending = None
            me = state.cur
            if kind == "T":
                dst = b.space_name.index(a[1:])
                state.owner[src] = -1
                state.owner[dst] = me
                if src in state.used:
                    state.used.remove(src)  # the tent space no longer holds a Tent laid on its side
                text = T(
                    "{p} moves a Tent from {a} to {b}.",
                    p=seat_tag(me),
                    a=b.space_name[src],
                    b=b.space_name[dst],
                )
                state._log(text, "move")
                self._after_tent(dst, me)
            else:
                dst = int(a[1:]) - 1
                state.totems[src][me] -= 1
                state.totems[dst][me] += 1
                # The highest of the player's Totems there (none of the Void's is above it).
                stack = state.stack[src]
                del stack[len(stack) - 1 - stack[::-1].index(me)]
                state.stack[dst].append(me)
                text = T("{p} moves a Totem from {a} to {b}.", p=seat_tag(me), a=b.label[src], b=b.label[dst])
                state._log(text, "move")
            self._solo_after_commit()
            return True
        if state.phase == "free" and a == "fskip":
            state._log(T("{p} does not use the free settlement action.", p=seat_tag(seat)), "settlement")
            state.free_terrs = []
            void._run(state)
            return True
        if state.phase == "ruin":
            s = b.space_name.index(a[1:])
            state.pending = None
            void._place_ruin(state, b.space_terr[s], s)
            void._run(state)
            return True
        if state.phase == "order":
            first = int(a[1:]) - 1
            second = next(t for t in state.pending if t != first)
            state.pending = None
            state._log(
                T("{p} has the Void infect {territory} first.", p=seat_tag(seat), territory=b.label[first]),
                "void",
            )
            state.vq[:0] = [["vplace", first], ["vplace", second]]
            void._run(state)
            return True
        if state.phase == "vsettle":
            state.pending = None
            state.vq[:0] = [["vplace", int(a[1:]) - 1]]
            void._run(state)
            return True
        return False

    def _solo_after_commit(self) -> None:
        """After a placement or a move: on with the turn."""
        state = self.state
        stage = state.stage
        state.neutral = False
        state.tribe = state.cur
        if stage == "player":
            state.vq += [["voidturn"], ["draw"], ["refill"], ["next"]]
        elif stage == "free":
            state.free_terrs = []
            state.used += [x for x in state.free_group if x not in state.used]
            state.free_group = []
        void._run(state)

    def _after_tent(self, s: int, tribe: int) -> None:
        """Checks after a Tent/Ruin is placed: territory count, settlements (queued in front)."""
        state = self.state
        b = state.board
        t = b.space_terr[s]
        front: list[list] = []
        if not state.placement.free_spaces(t) and state.claimed[t] < 0:
            front.append(["count", t])
        if tribe == state.n:
            group = void._void_group(state, s)
            win = FLOATING_VOID_SETTLEMENT_WIN if b.key == FLOATING else VOID_SETTLEMENT_WIN
            if len(group) >= win:
                front.insert(0, ["voidwins", T("a Void settlement of {n} Ruins", n=len(group))])
            elif sum(1 for x in group if x not in state.used) >= SETTLEMENT_MIN:
                state.used += [x for x in group if x not in state.used]
                front.append(["vfree", sorted(group)])
        else:
            group = next(g for g in road_groups(b.roads, state.owner, tribe) if s in g)
            if sum(1 for x in group if x not in state.used) >= SETTLEMENT_MIN:
                front.append(["pfree", tribe, sorted(group)])
        state.vq[:0] = front

    # ------------------------------------------------------------------ draw and the next turn
    def _solo_draw(self) -> bool:
        state = self.state
        state.stage = "draw"
        state.neutral, state.tribe = False, state.cur
        while sum(state.hands[state.cur]) < HAND_SIZE:
            self._solo_reshuffle()
            opts = state.turns.draw_options()
            if not opts:
                return False
            if len(opts) > 1:
                state.phase = "draw"
                state.vq[:0] = [["draw"]]
                return True
            if opts[0] == "deck":
                state.turns._draw_deck()
            else:
                state.turns._take_display(BIOME_CODES.index(opts[0][1]))
        return False

    def _solo_reshuffle(self) -> None:
        state = self.state
        if not state.deck and sum(state.discard):
            state.deck = [c for c in range(NB) for _ in range(state.discard[c])]
            state.discard = [0] * NB
            state.rng.shuffle(state.deck)
            state._log(T("The deck is empty: the discard pile is shuffled into a new deck."), "deck")

    def _solo_refill(self) -> None:
        state = self.state
        while len(state.display) < 4:
            self._solo_reshuffle()
            if not state.deck:
                break
            c = state.deck.pop()
            state.display.append(c)
            state.display.sort()
            if c == VOID_CARD:
                state._log(T("A Void card is revealed in the display."), "display")
                if state.display.count(VOID_CARD) >= CORRUPTION_CARDS:
                    state.vq[:0] = [["corrupt", "display"], ["refill"]]
                else:
                    state.vq[:0] = [["infect"], ["refill"]]
                return
            state._log(T("The display is refilled: {cards}.", cards=BIOME_NAMES[c]), "display")

    def _next_turn(self) -> bool:
        state = self.state
        if state.free_terrs:
            state.free_terrs = []
        state.cur = (state.cur + 1) % state.n
        state.turn += 1
        state.tribe = state.cur
        state.neutral = False
        state.backs = 0
        state.pending = None
        state.stage = "player"
        if not state.tents_left[state.cur] and not state.totems_left[state.cur]:
            self._solo_end(T("{p} has no piece left", p=seat_tag(state.cur)))
            return True
        hand = state.hands[state.cur]
        if not any(hand[c] for c in range(NB)):
            if not sum(hand) and not state.deck and not sum(state.discard) and not self._drawable_display():
                self._solo_end(T("no card can be drawn any more"))
                return True
            # Public, as at the table: the step that began this turn revealed it (``_hidden_mark``).
            state._log(T("{p} holds no Biome card and skips the action.", p=seat_tag(state.cur)), "pass")
            state.vq += [["voidturn"], ["draw"], ["refill"], ["next"]]
            return False
        state.phase = "act"
        return True

    def _drawable_display(self) -> bool:
        state = self.state
        return any(c != VOID_CARD for c in state.display)

    # ------------------------------------------------------------------ counting and the end
    def control(self, t: int) -> int:
        """Who controls territory t when it is counted: 0 the players, 1 the Void (ties)."""
        state = self.state
        tents = [0, 0]
        totems = [0, 0]
        for x, k in enumerate(state.placement.tent_counts(t)):
            tents[self.team_of(x)] += k
        for x, k in enumerate(state.totems[t]):
            totems[self.team_of(x)] += k
        totems[1] += state.void[t]  # The Uncharted Paths: Void Totems moved off the purple territory
        totems[0 if tents[0] > tents[1] else 1] += 1  # the virtual Totem
        return 0 if totems[0] > totems[1] else 1

    def _count(self, t: int) -> None:
        state = self.state
        if state.claimed[t] >= 0:
            return
        who = self.control(t)
        state.claimed[t] = who
        for x in range(state.num_tribes):
            if (self.team_of(x) == who) and (who == 1 or x < state.n):
                state.score[x] += 1
                state.breakdown["territories"][x] += 1
        label = state.board.label[t]
        if who:
            text = T("{territory} is counted: the Void takes control.", territory=label)
        else:
            text = T("{territory} is counted: the players take control.", territory=label)
        state._log(text, "claim", territory=state.board.short[t])
        if state.over or state._closing:
            return
        void_terrs = state.claimed.count(1)
        if void_terrs >= state.target:
            # The outcome is decided: the players have lost, they do not play on.
            self._solo_end(T("the Void controls {n} territories, its target", n=void_terrs))
        elif all(c >= 0 for c in state.claimed):
            self._solo_end(T("all territories are counted"))

    def _purple_counts(self) -> tuple[bool, int, int] | None:
        """More Void Ruins than Tents on the purple tent spaces (Forgotten Island) or the purple
        road (The Long Road): (on the road, Ruins, Tents); None when not."""
        state = self.state
        b = state.board
        for spaces, road in ((b.ruin_spaces if b.key == FORGOTTEN else (), False), (b.purple_road, True)):
            ruins = sum(1 for s in spaces if state.owner[s] == state.n)
            tents = sum(1 for s in spaces if 0 <= state.owner[s] < state.n)
            if spaces and ruins > tents:
                return road, ruins, tents
        return None

    def _purple_loss(self) -> Msg | str:
        """The purple loss in words (``_purple_counts``); "" when not."""
        lost = self._purple_counts()
        if lost is None:
            return ""
        road, ruins, tents = lost
        if road:
            return T(
                "more Void Ruins ({ruins}) than Tents ({tents}) on the purple road", ruins=ruins, tents=tents
            )
        return T(
            "more Void Ruins ({ruins}) than Tents ({tents}) on the purple tent spaces",
            ruins=ruins,
            tents=tents,
        )

    def void_win_words(self) -> str | None:
        """Why the Void won, when not by the territories it controls (the view counts those):
        the purple spaces, or what ended the game (a Void settlement, its Totems); else None."""
        state = self.state
        if not (state.over and state.neutral_won) or state.claimed.count(1) >= state.target:
            return None
        return self._purple_loss() or reason_words(state.end_reason) or None

    def _solo_end(self, reason: str, void_wins: bool = False) -> None:
        state = self.state
        if state.over:
            return
        state._log(T("The game ends: {reason}.", reason=reason_words(reason)), "end")
        state.end_reason = reason
        state.vq = []
        state._closing = True
        for t in range(state.board.num_territories):
            self._count(t)
        state.over = True
        state.phase = "over"
        state.pending = None
        lost = void_wins
        void_terrs = sum(1 for c in state.claimed if c == 1)
        if not lost and void_terrs >= state.target:
            lost = True
            text = N(
                "The Void controls {n} territory (it needs {target}).",
                "The Void controls {n} territories (it needs {target}).",
                void_terrs,
                target=state.target,
            )
            state._log(text, "end")
        if not lost:
            purple = self._purple_counts()
            if purple:
                lost = True
                road, ruins, tents = purple
                if road:
                    text = T(
                        "More Void Ruins ({ruins}) than Tents ({tents}) on the purple road.",
                        ruins=ruins,
                        tents=tents,
                    )
                else:
                    text = T(
                        "More Void Ruins ({ruins}) than Tents ({tents}) on the purple tent spaces.",
                        ruins=ruins,
                        tents=tents,
                    )
                state._log(text, "end")
        state.neutral_won = lost
        state.result = [] if lost else list(range(state.n))
        state._log(T("The Void wins: you lose.") if lost else T("The Void is held back: you win!"), "end")

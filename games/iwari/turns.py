"""Iwari turn flow: the actions offered, applying them, the draw and the end of a turn.

A turn is a short sequence of phases (``act``, ``pieces``, ``space``, ``feat``, ``draw``; see
state.py). With two players (versus) the shared third tribe plays after the player's own action
while that player still holds a card. A step with a single possible answer is taken for the
player. The deck running out scores half journey the first time and ends the game the second.
"""

from __future__ import annotations

from functools import cache

from games.base import Action
from games.iwari import feats, void
from games.iwari.common import (
    CARD_CODES,
    NB,
    card_name,
    cards_text,
    plus,
    seat_tag,
)
from games.iwari.data import (
    DISPLAY_SIZE,
    FEAT_NAMES,
    HAND_SIZE,
)
from games.text import L, Msg, N, P, T

THIRD_TRIBE = P("iwari", "third tribe")  # the shared tribe of a two-player game, as events name it
MAX_BACKS = 4  # "back" steps per turn: keeps every game finite
PIECE_WORDS = {
    "T": T("1 Tent"),
    "M": T("1 Totem"),
    "TT": T("2 Tents"),
    "TM": T("1 Tent + 1 Totem"),
    "MM": T("2 Totems"),
    "R": T("1 Tent on a Ruin"),
    "RT": T("Tent on a Ruin + 1 Tent"),
    "RM": T("Tent on a Ruin + 1 Totem"),
    "V": T("Move a Void Totem here"),
    "VT": T("Move a Void Totem + 1 Tent"),
    "VM": T("Move a Void Totem + 1 Totem"),
    "K": T("Move a Contested token here, your Tent on it"),
    "KT": T("Contested token + 1 Tent"),
    "KM": T("Contested token + 1 Totem"),
}


def _moved_words(pieces: str, where: str, void: bool) -> Msg:
    """A Void Totem's move with its source: "Void Totem from T3 + 1 Tent"."""
    if void:
        return {
            "V": T("Void Totem from the Void"),
            "VT": T("Void Totem from the Void + 1 Tent"),
            "VM": T("Void Totem from the Void + 1 Totem"),
        }[pieces]
    return {
        "V": T("Void Totem from {territory}", territory=where),
        "VT": T("Void Totem from {territory} + 1 Tent", territory=where),
        "VM": T("Void Totem from {territory} + 1 Totem", territory=where),
    }[pieces]


def _contested_words(pieces: str, a: str, b: str) -> Msg:
    """A Contested token's move: "Contested token T3/T4 + 1 Tent"."""
    return {
        "K": T("Move a Contested token {a}/{b} here, your Tent on it", a=a, b=b),
        "KT": T("Contested token {a}/{b} + 1 Tent", a=a, b=b),
        "KM": T("Contested token {a}/{b} + 1 Totem", a=a, b=b),
    }[pieces]


# ------------------------------------------------------------------ actions, each made once
# (labels are messages: an action is built once for the few values it depends on, so playouts
# build no message twice)
@cache
def _a_territory(t: int, label: Msg) -> Action:
    return Action(f"t{t + 1}", label, "territory")


@cache
def _a_discard(c: int) -> Action:
    return Action(f"x{CARD_CODES[c]}", T("Discard a {card} card and draw", card=card_name(c)), "discard")


@cache
def _a_combo(aid: str, words: Msg, cards: str) -> Action:
    if cards:
        label = T("{pieces}: pay {cards}", pieces=words, cards=cards_text(cards))
    else:
        label = T("{pieces}: free", pieces=words)
    return Action(aid, label, "pieces")


@cache
def _a_back() -> Action:
    return Action("back", T("Back: choose another territory"), "back")


@cache
def _a_spaces(names: tuple[str, ...], ruin: bool) -> Action:
    if ruin and len(names) > 1:
        label = T("Ruin {ruin} + Tent space {space}", ruin=names[0], space=names[1])
    elif ruin:
        label = T("Ruin {ruin}", ruin=names[0])
    elif len(names) > 1:
        label = T("Tent spaces {spaces}", spaces=plus(list(names)))
    else:
        label = T("Tent space {space}", space=names[0])
    return Action("s" + "".join(names), label, "space")


@cache
def _a_deck(left: int) -> Action:
    return Action("deck", T("Draw from the deck ({n} left)", n=left), "draw")


@cache
def _a_take(o: str) -> Action:
    return Action(o, T("Take {card} from the display", card=card_name(CARD_CODES.index(o[1]))), "draw")


@cache
def _a_refill(need: int) -> Action:
    return Action(f"r{need}", T("Draw {n} from the deck", n=need), "refill")


@cache
def _a_refill_take(code: str, rest: int) -> Action:
    name = card_name(CARD_CODES.index(code))
    return Action(f"r{code}{rest}", T("Take {card}, draw {n} from the deck", card=name, n=rest), "refill")


@cache
def _a_feat(kind: str, where: str, label: Msg) -> Action:
    if where[0] == "F":
        # TRANSLATORS: a Feat placed beside another one ("Courage Feat beside the Union Feat on T7 Forest")
        text = T("{feat} Feat {where}", feat=FEAT_NAMES[kind], where=label)
    else:
        text = T("{feat} Feat on {where}", feat=FEAT_NAMES[kind], where=label)
    return Action(f"f{where}", text, "feat")


@cache
def _a_feat_skip(kind: str) -> Action:
    return Action(
        "fskip", T("Do not place the {feat} Feat (it leaves the game)", feat=FEAT_NAMES[kind]), "feat"
    )


# The prompts of the solo/co-op steps (solo.py), by phase.
SOLO_PROMPTS = {
    "void": T("Void action: play at least one remaining card for the Void (pieces, Void cards) or skip it."),
    "free": T(
        "Your settlement earns a free action: choose a territory of the settlement, then the pieces, or skip."
    ),
    "ruin": T("Infection: choose which of the closest tent spaces takes the Void Ruin."),
    "vsettle": T("The Void's settlement earns a free action: choose the territory (a tie)."),
    "order": T("Infection: choose which territory the Void infects first (it changes the result)."),
    "move": T("Choose the piece to move."),
    "moveto": T("Choose where the piece goes."),
    "movespace": T("Choose the tent space for the Tent you move."),
}


@cache
def _connection_words(number: int, a: str, b: str) -> Msg:
    return T("connection {n} ({a}-{b})", n=number, a=a, b=b)


class Turns:
    """Legal actions, prompts, ``_do`` and the draw / end-of-turn steps of IwariState."""

    __slots__ = ("state",)

    def __init__(self, state) -> None:
        self.state = state  # the IwariState this part works on

    # ------------------------------------------------------------------ actions offered
    def legal_actions(self, seat: int) -> list[Action]:
        state = self.state
        if state.over or seat != state.cur:
            return []
        key = (
            state.turn,
            state.phase,
            state.neutral,
            tuple(state.pending or ()),
            state.void_src,
            len(state.feat_queue),
            state.backs,
            sum(state.hands[state.cur]),
            len(state.deck),
            tuple(state.display),
            state.exhaustions,
            sum(state.discard),
        )
        if state.solo:
            return self._legal()
        if state._cache is not None and state._cache[0] == key:
            return list(state._cache[1])
        acts = self._legal()
        state._cache = (key, acts)
        return list(acts)

    def _legal(self) -> list[Action]:
        state = self.state
        b = state.board
        hand = state.hands[state.cur]
        if state.solo:
            solo = state.solo_rules._solo_legal()
            if solo is not None:
                return solo
        acts: list[Action] = []
        if state.phase == "act":
            for t in state.placement.playable_territories(state.tribe, hand):
                acts.append(_a_territory(t, b.label[t]))
            if not state.neutral:
                for c in range(len(hand)):
                    if hand[c]:
                        acts.append(_a_discard(c))
        elif state.phase == "pieces":
            t = state.pending[0]
            for pieces, cards, src in self._combos_now(t):
                if src is None:
                    aid, words = f"c{pieces}-{cards}", PIECE_WORDS[pieces]
                else:
                    aid = f"c{pieces}-{cards}-{src + 1}"
                    if pieces[0] == "K":
                        words = _contested_words(pieces, *(b.short[x] for x in b.contested[src]))
                    else:
                        words = _moved_words(pieces, "" if src < 0 else b.short[src], src < 0)
                acts.append(_a_combo(aid, words, cards))
            if state.backs < MAX_BACKS:
                acts.append(_a_back())
        elif state.phase == "space":
            t, pieces, cards = state.pending
            for choice in state.placement.space_choices(t, pieces, cards):
                acts.append(_a_spaces(tuple(b.space_name[s] for s in choice), pieces[0] == "R"))
            if state.backs < MAX_BACKS:
                acts.append(_a_back())
        elif state.phase == "draw":
            for o in self.draw_options():
                acts.append(_a_deck(len(state.deck)) if o == "deck" else _a_take(o))
            acts += self._refill_actions()
        elif state.phase == "feat":
            kind, _tribe, options = state.feat_queue[0]
            for where in options:
                acts.append(_a_feat(kind, where, self._where_label(where)))
            acts.append(_a_feat_skip(kind))
        return acts

    def _refill_actions(self) -> list[Action]:
        """One tap that ends the refill: the rest from the deck ("r2"), or a display card and then
        the rest from the deck ("rF1"). The display is replenished only once the hand is full, so
        the cards drawn last are the first thing either shows; every order stays open one card at
        a time. Offered when the deck (and, before half journey, the discard pile it is shuffled
        into) holds them all; not in solo/co-op, whose draws can turn up the Void's cards."""
        state = self.state
        need = HAND_SIZE - sum(state.hands[state.cur])
        if state.solo or need < 2:
            return []
        left = len(state.deck) + (sum(state.discard) if state.exhaustions == 0 else 0)
        acts = []
        if left >= need:
            acts.append(_a_refill(need))
        if left >= need - 1:
            for o in self.draw_options():
                if o != "deck":
                    acts.append(_a_refill_take(o[1], need - 1))
        return acts

    def _combos_now(self, t: int) -> list[tuple[str, str, int | None]]:
        state = self.state
        if state.solo and state.stage == "free":
            return [(p, "", None) for p in state.solo_rules.free_piece_options(t)]
        return state.placement.combos(state.tribe, t, state.hands[state.cur])

    def _where_label(self, where: str) -> Msg:
        state = self.state
        if where[0] == "T":
            return state.board.label[int(where[1:]) - 1]
        if where[0] == "F":
            kind, _, at = state.feats[int(where[1:])]
            return T("beside the {feat} Feat on {where}", feat=FEAT_NAMES[kind], where=self._where_label(at))
        c = state.board.connections[self._conn_index(int(where[1:]))]
        return _connection_words(c.number, state.board.short[c.a], state.board.short[c.b])

    def _conn_index(self, number: int) -> int:
        state = self.state
        for k, c in enumerate(state.board.connections):
            if c.number == number:
                return k
        raise KeyError(number)

    def shown_phase(self) -> str:
        """The phase everyone may know: a half-chosen play (its territory, then its pieces and
        cards) is the player's own until its pieces are placed, since the player may go back; the
        others see the step it started from, where ``back`` leads."""
        state = self.state
        if state.phase not in ("pieces", "space"):
            return state.phase
        return {"void": "void", "free": "free"}.get(state.stage, "act") if state.solo else "act"

    def prompt(self, seat: int) -> str:
        state = self.state
        if state.over:
            return T("The game is over.")
        if seat != state.cur:
            return T("Wait for your turn.")
        # The board shows this line to everyone: it names the step a half-chosen play started from
        # (the player's own panel shows the territory in play and the pieces to choose).
        phase = self.shown_phase()
        if state.solo and phase in SOLO_PROMPTS:
            return SOLO_PROMPTS[phase]
        if state.solo and phase == "act":
            return T(
                "Your action: choose a territory (then the pieces and the cards that pay for them), discard a "
                "card, or move a piece with a card of a completely explored biome."
            )
        if phase == "draw":
            need = HAND_SIZE - sum(state.hands[seat])
            if state.drafting:
                return N(
                    "Draft your starting hand: take {n} more card from the display or the deck.",
                    "Draft your starting hand: take {n} more cards from the display or the deck.",
                    need,
                )
            return N(
                "Refill your hand: take {n} more card from the display or the deck.",
                "Refill your hand: take {n} more cards from the display or the deck.",
                need,
            )
        if phase == "act":
            if state.neutral:
                return T(
                    "Play at least one of your remaining cards for the third tribe: choose a territory, then the pieces."
                )
            return T(
                "Choose a territory to play up to 3 cards into, then the pieces they pay for; or discard a card and draw one."
            )
        kind, tribe, _ = state.feat_queue[0]
        if tribe >= state.n:
            return T(
                "The third tribe earned the {feat} Feat: choose where to place it.", feat=FEAT_NAMES[kind]
            )
        return T("You earned the {feat} Feat: choose where to place it.", feat=FEAT_NAMES[kind])

    # ------------------------------------------------------------------ applying an action
    def _do(self, seat: int, action_id: str) -> list[dict]:
        state = self.state
        state._events = []
        state._cache = None
        a = action_id
        if state.solo and state.solo_rules._solo_do(seat, a):
            return state._events
        if a == "back":
            state.backs += 1
            state.pending = None
            state.void_src = None
            state.phase = self.shown_phase()
        elif state.phase in ("act", "void", "free") and a[0] == "t":
            state.pending = [int(a[1:]) - 1, None, None]
            state.phase = "pieces"
            options = self._combos_now(state.pending[0])
            if len(options) == 1:
                state.placement._choose_combo(*options[0])
        elif state.phase == "act" and a[0] == "x":
            b = CARD_CODES.index(a[1])
            self._spend(CARD_CODES[b])
            state._log(
                T("{p} discards a {card} card to draw a new one.", p=seat_tag(seat), card=card_name(b)),
                "discard",
            )
            self._advance()
        elif state.phase == "pieces":
            parts = a[1:].split("-")
            state.placement._choose_combo(parts[0], parts[1], int(parts[2]) - 1 if len(parts) > 2 else None)
        elif state.phase == "space":
            t = state.pending[0]
            size = len(state.board.space_name[state.board.spaces[t][0]])
            names = {a[i : i + size] for i in range(1, len(a), size)}
            chosen = [s for s in state.board.spaces[t] if state.board.space_name[s] in names]
            state.placement._commit(chosen)
        elif state.phase == "draw":
            if a == "deck":
                self._draw_deck()
            elif a[0] == "r":  # a whole refill: a display card first, then the deck (_refill_actions)
                if not a[1].isdigit():
                    self._take_display(CARD_CODES.index(a[1]))
                for _ in range(int(a[-1])):
                    if state.deck:
                        self._draw_deck()
            else:
                self._take_display(CARD_CODES.index(a[1]))
            if state.solo:
                void._run(state)
            else:
                self._auto_draw()
        elif state.phase == "feat":
            feats._place_feat(state, a[1:])
        return state._events

    def _spend(self, cards: str) -> None:
        state = self.state
        hand, known = state.hands[state.cur], state.known[state.cur]
        for code in cards:
            b = CARD_CODES.index(code)
            hand[b] -= 1
            state.discard[b] += 1
            # Only public facts: a card known to be held (taken face up) and then spent of its
            # colour lowers the count by one; which copy was spent is nobody else's business.
            known[b] = max(0, known[b] - 1)

    def _advance(self) -> None:
        """After the own action, or the third tribe's, or a Feat: on to the next step."""
        state = self.state
        if state.solo:
            state.solo_rules._solo_after_commit()
            return
        if not state.neutral and state.n == 2 and sum(state.hands[state.cur]) > 0:
            state.neutral = True
            state.tribe = 2
            if state.placement.playable_territories(2, state.hands[state.cur]):
                state.phase = "act"
                return
            state._log(T("The third tribe cannot use any of {p}'s cards this turn.", p=seat_tag(state.cur)))
        state.neutral = False
        state.tribe = state.cur
        state.phase = "draw"
        self._auto_draw()

    # ------------------------------------------------------------------ drawing and the end of a turn
    def draw_options(self) -> list[str]:
        # Solo/co-op: a Void card cannot be taken from the display; on The Void map it can.
        state = self.state
        top = NB + 1 if state.board.void_cards else NB
        opts = [f"d{CARD_CODES[b]}" for b in sorted(set(state.display)) if b < top]
        if state.deck:
            opts.append("deck")
        return opts

    def _auto_draw(self) -> None:
        """Refill the hand; a draw with only one possible source is made for the player."""
        state = self.state
        hand = state.hands[state.cur]
        while sum(hand) < HAND_SIZE:
            opts = self.draw_options()
            if not opts:
                break
            if len(opts) > 1:
                state.phase = "draw"
                return
            if opts[0] == "deck":
                self._draw_deck()
            else:
                self._take_display(CARD_CODES.index(opts[0][1]))
        self._refill_display()
        if state.drafting:
            state.drafting.pop(0)
            if state.drafting:
                state.cur = state.tribe = state.drafting[0]
                self._auto_draw()
                return
            state.cur = -1  # the first player starts below
        self._end_turn()

    def _draw_deck(self) -> None:
        state = self.state
        c = state.deck.pop()
        state.hands[state.cur][c] += 1
        state._log(T("{p} draws a card from the deck.", p=seat_tag(state.cur)), "draw")
        state._log(
            T("You drew a {card} card.", card=card_name(c)), "draw", private_to=state.cur, card=card_name(c)
        )
        self._check_exhausted()

    def _take_display(self, b: int) -> None:
        state = self.state
        state.display.remove(b)
        state.hands[state.cur][b] += 1
        state.known[state.cur][b] += 1
        state._log(
            T("{p} takes a {card} card from the display.", p=seat_tag(state.cur), card=card_name(b)), "draw"
        )

    def _refill_display(self) -> None:
        state = self.state
        new = []
        while len(state.display) < DISPLAY_SIZE and state.deck:
            c = state.deck.pop()
            state.display.append(c)
            new.append(card_name(c))
            self._check_exhausted()
        state.display.sort()
        if new:
            state._log(T("The display is refilled: {cards}.", cards=L(new)), "display")

    def _check_exhausted(self) -> None:
        state = self.state
        if state.deck or state.solo:
            return
        state.exhaustions += 1
        if state.exhaustions == 1:
            state._log(T("The deck is exhausted: half journey scoring (Tents)."), "scoring")
            gained = state.placement._score_tents(multiply=False)
            for x, g in enumerate(gained):
                state.breakdown["half"][x] += g
                state.score[x] += g
            state._log(
                T("Half journey: {points}.", points=self._points_text(gained)), "scoring", points=gained
            )
            state.deck = [b for b in range(len(state.discard)) for _ in range(state.discard[b])]
            state.discard = [0] * len(state.discard)
            state.rng.shuffle(state.deck)
            if not state.deck:
                self._check_exhausted()
        elif state.exhaustions == 2:
            state.end_triggered = True
            state._log(T("The deck is exhausted a second time: this round is the last."), "end")

    def _points_text(self, points: list[int]) -> Msg:
        # TRANSLATORS: a tribe and its points, e.g. "alice 12"
        return L([T("{tribe} {n}", tribe=self._tribe_tag(x), n=p) for x, p in enumerate(points)])

    def _tribe_tag(self, x: int) -> str:
        state = self.state
        return THIRD_TRIBE if x >= state.n else seat_tag(x)

    def _end_turn(self) -> None:
        state = self.state
        while True:
            if state.end_triggered and state.cur == state.n - 1:
                feats._game_end(state)
                return
            state.cur = (state.cur + 1) % state.n
            state.turn += 1
            state.tribe = state.cur
            state.neutral = False
            state.backs = 0
            state.pending = None
            state.phase = "act"
            if sum(state.hands[state.cur]) > 0:
                return
            state._log(T("{p} has no cards and passes.", p=seat_tag(state.cur)), "pass")

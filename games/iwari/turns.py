"""Iwari turn flow: the actions offered, applying them, the draw and the end of a turn.

A turn is a short sequence of phases (``act``, ``pieces``, ``space``, ``feat``, ``draw``; see
state.py). With two players (versus) the shared third tribe plays after the player's own action
while that player still holds a card. A step with a single possible answer is taken for the
player. The deck running out scores half journey the first time and ends the game the second.
"""

from __future__ import annotations

from functools import cache

from games.base import Action, event
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


class TurnMixin:
    """Legal actions, prompts, ``_do`` and the draw / end-of-turn steps of IwariState."""

    # ------------------------------------------------------------------ actions offered
    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.cur:
            return []
        key = (
            self.turn,
            self.phase,
            self.neutral,
            tuple(self.pending or ()),
            self.void_src,
            len(self.feat_queue),
            self.backs,
            sum(self.hands[self.cur]),
            len(self.deck),
            tuple(self.display),
            self.exhaustions,
            sum(self.discard),
        )
        if self.solo:
            return self._legal()
        if self._cache is not None and self._cache[0] == key:
            return list(self._cache[1])
        acts = self._legal()
        self._cache = (key, acts)
        return list(acts)

    def _legal(self) -> list[Action]:
        b = self.board
        hand = self.hands[self.cur]
        if self.solo:
            solo = self._solo_legal()
            if solo is not None:
                return solo
        acts: list[Action] = []
        if self.phase == "act":
            for t in self.playable_territories(self.tribe, hand):
                acts.append(_a_territory(t, b.label[t]))
            if not self.neutral:
                for c in range(len(hand)):
                    if hand[c]:
                        acts.append(_a_discard(c))
        elif self.phase == "pieces":
            t = self.pending[0]
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
            if self.backs < MAX_BACKS:
                acts.append(_a_back())
        elif self.phase == "space":
            t, pieces, cards = self.pending
            for choice in self.space_choices(t, pieces, cards):
                acts.append(_a_spaces(tuple(b.space_name[s] for s in choice), pieces[0] == "R"))
            if self.backs < MAX_BACKS:
                acts.append(_a_back())
        elif self.phase == "draw":
            for o in self.draw_options():
                acts.append(_a_deck(len(self.deck)) if o == "deck" else _a_take(o))
            acts += self._refill_actions()
        elif self.phase == "feat":
            kind, _tribe, options = self.feat_queue[0]
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
        need = HAND_SIZE - sum(self.hands[self.cur])
        if self.solo or need < 2:
            return []
        left = len(self.deck) + (sum(self.discard) if self.exhaustions == 0 else 0)
        acts = []
        if left >= need:
            acts.append(_a_refill(need))
        if left >= need - 1:
            for o in self.draw_options():
                if o != "deck":
                    acts.append(_a_refill_take(o[1], need - 1))
        return acts

    def _combos_now(self, t: int) -> list[tuple[str, str, int | None]]:
        if self.solo and self.stage == "free":
            return [(p, "", None) for p in self.free_piece_options(t)]
        return self.combos(self.tribe, t, self.hands[self.cur])

    def _where_label(self, where: str) -> Msg:
        if where[0] == "T":
            return self.board.label[int(where[1:]) - 1]
        if where[0] == "F":
            kind, _, at = self.feats[int(where[1:])]
            return T("beside the {feat} Feat on {where}", feat=FEAT_NAMES[kind], where=self._where_label(at))
        c = self.board.connections[self._conn_index(int(where[1:]))]
        return _connection_words(c.number, self.board.short[c.a], self.board.short[c.b])

    def _conn_index(self, number: int) -> int:
        for k, c in enumerate(self.board.connections):
            if c.number == number:
                return k
        raise KeyError(number)

    def shown_phase(self) -> str:
        """The phase everyone may know: a half-chosen play (its territory, then its pieces and
        cards) is the player's own until its pieces are placed, since the player may go back; the
        others see the step it started from, where ``back`` leads."""
        if self.phase not in ("pieces", "space"):
            return self.phase
        return {"void": "void", "free": "free"}.get(self.stage, "act") if self.solo else "act"

    def prompt(self, seat: int) -> str:
        if self.over:
            return T("The game is over.")
        if seat != self.cur:
            return T("Wait for your turn.")
        # The board shows this line to everyone: it names the step a half-chosen play started from
        # (the player's own panel shows the territory in play and the pieces to choose).
        phase = self.shown_phase()
        if self.solo and phase in SOLO_PROMPTS:
            return SOLO_PROMPTS[phase]
        if self.solo and phase == "act":
            return T(
                "Your action: choose a territory (then the pieces and the cards that pay for them), discard a "
                "card, or move a piece with a card of a completely explored biome."
            )
        if phase == "draw":
            need = HAND_SIZE - sum(self.hands[seat])
            if self.drafting:
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
            if self.neutral:
                return T(
                    "Play at least one of your remaining cards for the third tribe: choose a territory, then the pieces."
                )
            return T(
                "Choose a territory to play up to 3 cards into, then the pieces they pay for; or discard a card and draw one."
            )
        kind, tribe, _ = self.feat_queue[0]
        if tribe >= self.n:
            return T(
                "The third tribe earned the {feat} Feat: choose where to place it.", feat=FEAT_NAMES[kind]
            )
        return T("You earned the {feat} Feat: choose where to place it.", feat=FEAT_NAMES[kind])

    # ------------------------------------------------------------------ applying an action
    def _do(self, seat: int, action_id: str) -> list[dict]:
        self._events = []
        self._cache = None
        a = action_id
        if self.solo and self._solo_do(seat, a):
            return self._events
        if a == "back":
            self.backs += 1
            self.pending = None
            self.void_src = None
            self.phase = self.shown_phase()
        elif self.phase in ("act", "void", "free") and a[0] == "t":
            self.pending = [int(a[1:]) - 1, None, None]
            self.phase = "pieces"
            options = self._combos_now(self.pending[0])
            if len(options) == 1:
                self._choose_combo(*options[0])
        elif self.phase == "act" and a[0] == "x":
            b = CARD_CODES.index(a[1])
            self._spend(CARD_CODES[b])
            self._log(
                T("{p} discards a {card} card to draw a new one.", p=seat_tag(seat), card=card_name(b)),
                "discard",
            )
            self._advance()
        elif self.phase == "pieces":
            parts = a[1:].split("-")
            self._choose_combo(parts[0], parts[1], int(parts[2]) - 1 if len(parts) > 2 else None)
        elif self.phase == "space":
            t = self.pending[0]
            size = len(self.board.space_name[self.board.spaces[t][0]])
            names = {a[i : i + size] for i in range(1, len(a), size)}
            chosen = [s for s in self.board.spaces[t] if self.board.space_name[s] in names]
            self._commit(chosen)
        elif self.phase == "draw":
            if a == "deck":
                self._draw_deck()
            elif a[0] == "r":  # a whole refill: a display card first, then the deck (_refill_actions)
                if not a[1].isdigit():
                    self._take_display(CARD_CODES.index(a[1]))
                for _ in range(int(a[-1])):
                    if self.deck:
                        self._draw_deck()
            else:
                self._take_display(CARD_CODES.index(a[1]))
            if self.solo:
                void._run(self)
            else:
                self._auto_draw()
        elif self.phase == "feat":
            feats._place_feat(self, a[1:])
        return self._events

    def _log(self, text: str, type: str = "info", private_to: int | None = None, **data) -> None:
        self._events.append(event(text, type=type, private_to=private_to, **data))

    def _spend(self, cards: str) -> None:
        hand, known = self.hands[self.cur], self.known[self.cur]
        for code in cards:
            b = CARD_CODES.index(code)
            hand[b] -= 1
            self.discard[b] += 1
            # Only public facts: a card known to be held (taken face up) and then spent of its
            # colour lowers the count by one; which copy was spent is nobody else's business.
            known[b] = max(0, known[b] - 1)

    def _advance(self) -> None:
        """After the own action, or the third tribe's, or a Feat: on to the next step."""
        if self.solo:
            self._solo_after_commit()
            return
        if not self.neutral and self.n == 2 and sum(self.hands[self.cur]) > 0:
            self.neutral = True
            self.tribe = 2
            if self.playable_territories(2, self.hands[self.cur]):
                self.phase = "act"
                return
            self._log(T("The third tribe cannot use any of {p}'s cards this turn.", p=seat_tag(self.cur)))
        self.neutral = False
        self.tribe = self.cur
        self.phase = "draw"
        self._auto_draw()

    # ------------------------------------------------------------------ drawing and the end of a turn
    def draw_options(self) -> list[str]:
        # Solo/co-op: a Void card cannot be taken from the display; on The Void map it can.
        top = NB + 1 if self.board.void_cards else NB
        opts = [f"d{CARD_CODES[b]}" for b in sorted(set(self.display)) if b < top]
        if self.deck:
            opts.append("deck")
        return opts

    def _auto_draw(self) -> None:
        """Refill the hand; a draw with only one possible source is made for the player."""
        hand = self.hands[self.cur]
        while sum(hand) < HAND_SIZE:
            opts = self.draw_options()
            if not opts:
                break
            if len(opts) > 1:
                self.phase = "draw"
                return
            if opts[0] == "deck":
                self._draw_deck()
            else:
                self._take_display(CARD_CODES.index(opts[0][1]))
        self._refill_display()
        if self.drafting:
            self.drafting.pop(0)
            if self.drafting:
                self.cur = self.tribe = self.drafting[0]
                self._auto_draw()
                return
            self.cur = -1  # the first player starts below
        self._end_turn()

    def _draw_deck(self) -> None:
        c = self.deck.pop()
        self.hands[self.cur][c] += 1
        self._log(T("{p} draws a card from the deck.", p=seat_tag(self.cur)), "draw")
        self._log(
            T("You drew a {card} card.", card=card_name(c)), "draw", private_to=self.cur, card=card_name(c)
        )
        self._check_exhausted()

    def _take_display(self, b: int) -> None:
        self.display.remove(b)
        self.hands[self.cur][b] += 1
        self.known[self.cur][b] += 1
        self._log(
            T("{p} takes a {card} card from the display.", p=seat_tag(self.cur), card=card_name(b)), "draw"
        )

    def _refill_display(self) -> None:
        new = []
        while len(self.display) < DISPLAY_SIZE and self.deck:
            c = self.deck.pop()
            self.display.append(c)
            new.append(card_name(c))
            self._check_exhausted()
        self.display.sort()
        if new:
            self._log(T("The display is refilled: {cards}.", cards=L(new)), "display")

    def _check_exhausted(self) -> None:
        if self.deck or self.solo:
            return
        self.exhaustions += 1
        if self.exhaustions == 1:
            self._log(T("The deck is exhausted: half journey scoring (Tents)."), "scoring")
            gained = self._score_tents(multiply=False)
            for x, g in enumerate(gained):
                self.breakdown["half"][x] += g
                self.score[x] += g
            self._log(
                T("Half journey: {points}.", points=self._points_text(gained)), "scoring", points=gained
            )
            self.deck = [b for b in range(len(self.discard)) for _ in range(self.discard[b])]
            self.discard = [0] * len(self.discard)
            self.rng.shuffle(self.deck)
            if not self.deck:
                self._check_exhausted()
        elif self.exhaustions == 2:
            self.end_triggered = True
            self._log(T("The deck is exhausted a second time: this round is the last."), "end")

    def _points_text(self, points: list[int]) -> Msg:
        # TRANSLATORS: a tribe and its points, e.g. "alice 12"
        return L([T("{tribe} {n}", tribe=self._tribe_tag(x), n=p) for x, p in enumerate(points)])

    def _tribe_tag(self, x: int) -> str:
        return THIRD_TRIBE if x >= self.n else seat_tag(x)

    def _end_turn(self) -> None:
        while True:
            if self.end_triggered and self.cur == self.n - 1:
                feats._game_end(self)
                return
            self.cur = (self.cur + 1) % self.n
            self.turn += 1
            self.tribe = self.cur
            self.neutral = False
            self.backs = 0
            self.pending = None
            self.phase = "act"
            if sum(self.hands[self.cur]) > 0:
                return
            self._log(T("{p} has no cards and passes.", p=seat_tag(self.cur)), "pass")

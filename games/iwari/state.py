"""The Iwari base game (rules up to and including Feats) as a GameState.

A turn is a short sequence of actions held in ``phase``:

- ``act``: choose a territory (``t7``) or discard a card to draw one (``xF``);
- ``pieces``: choose the pieces and the cards paying for them (``cTM-FCC``: Tent + Totem
  paid with Forest + two Coast), or go ``back``;
- ``space``: choose the tent space(s) (``s7c`` or ``s7c7e``), or go ``back``;
- ``feat``: place an earned Feat (``fT7`` on a territory, ``fC5`` on a connection) or ``fskip``;
- ``draw``: refill the hand one card at a time (``dF`` from the display, ``deck``), or the rest at
  once (``r2``: 2 from the deck; ``rF1``: a Forest, then 1 from the deck; not solo/co-op).

Expansions (options ``expeditions``, ``courage``, ``worship`` and the Atlas maps): a Ruin
replaced on Forgotten Island is the piece ``R`` (``cR-GG``, ``cRT-GGD``; its space comes first
in ``s1c1b``); a Void Totem moved on The Uncharted Paths is ``V`` with its source after a
second dash (``cV-GG-0`` from the Void, ``cVT-TTG-7`` from T7 into Tundra); Courage is placed beside a Feat
(``fF2``: beside the third Feat placed); Worship is placed after the last turn, before the
final scoring (``fT5`` / ``fC9``). Expedition cards score the moment a mission is completed.

Option ``mode`` "solo" (1 player) / "coop" (2 players): the players against the Void, an
automated tribe (index ``n``); its rules, phases, action ids and rulings are in ``solo.py``.

With two players (versus) the shared third tribe plays (``act``/``pieces``/``space`` again, no
discard) after the player's own action while that player still holds a card. A step with a
single possible answer is taken for the player.

The state's fields are declared once, in ``fields`` (each with its start, and ``migrate`` for
older saves); ``setup`` checks the players and options and deals the opening state. The engine's
parts, one module each. Modules of functions taking the state first, called from the contract
methods here and from each other without an import circle: ``feats``, ``expeditions``, ``void``
(the Void's own moves), ``estimate`` (the AI's judgement of a solo/co-op position), ``versus``
(its judgement at two players, against the third tribe) and ``view``. Sub-objects holding the
state, as they call each other both ways: ``state.placement`` (where pieces go, placing,
majorities and the final scoring), ``state.turns`` (actions offered and applied, the draw, the end
of a turn) and ``state.solo_rules`` (the players' side of solo/co-op); they reach one another
through the state's attributes (``state.placement.free_spaces(t)``), so none imports another
that imports it back. This module loads and saves the fields (``__init__``/``to_json``, which
builds the sub-objects: new, copy, determinize and a loaded save all pass there) and holds the
basics of the contract (``legal_actions``, ``prompt``, ``_do`` and ``score_parts`` hand over to
the parts), the invariants and ``determinize``.
"""

from __future__ import annotations

from games.base import GameState, event
from games.iwari import estimate, fields, setup, versus, view
from games.iwari.board import Board, get_board
from games.iwari.common import (
    RUIN,
    card_name,
    card_total,
)
from games.iwari.data import (
    DISPLAY_SIZE,
    EXPEDITION_POINTS,
    HAND_SIZE,
    TENTS_PER_TRIBE,
    TOTEMS_PER_TRIBE,
    VOID_CARD,
    VOID_CARDS,
    VOID_RUINS,
    VOID_TOTEM_PIECES,
    feat_kinds,
)
from games.iwari.placement import Placement
from games.iwari.solo import SoloRules
from games.iwari.turns import Turns
from games.rng import Rng

# Deals ``determinize`` tries before giving up on a hand that allows the other seat's public step.
DEAL_TRIES = 20

__all__ = ["IwariState", "card_total"]  # card_total: the tests count cards with it


class IwariState(GameState):
    check_setup = staticmethod(setup.check_setup)

    def __init__(self, data: dict) -> None:
        """The state of a save (of any version: ``migrate``), every field copied (fields.py)."""
        fields.load(self, fields.migrate(data))
        self.mode: str = self.opts["mode"]
        self.board: Board = get_board(self.opts["map"])
        self._closing = False
        self._events: list[dict] = []
        self._cache: tuple | None = None
        self.turns = Turns(self)
        self.placement = Placement(self)
        self.solo_rules = SoloRules(self)

    @classmethod
    def new(cls, num_players: int, seed: int, opts: dict) -> IwariState:
        state = cls(setup.opening(num_players, seed, opts))
        if state.drafting:
            state.turns._auto_draw()  # the last seat's draft begins (a draw with one source is made)
            state._events = []
        return state

    def to_json(self) -> dict:
        return fields.save(self)

    def _hidden_mark(self) -> tuple:
        # The deck is face down (a draw or a refill reveals); the RNG shuffles. A card played from
        # one's own hand shows others something, never the player: it may be taken back. Co-op: a
        # player's turn starts with what everyone at the table sees, whether the player skips the
        # action (a hand without a Biome card: the rulebook's "skip your action if your hand is
        # composed of 3 Void Biome cards"), which tells the partner something of that hand; the
        # step that begins it reveals, as a draw does (solo: the player's own hand, nothing new).
        if self.solo and self.n > 1:
            return len(self.deck), self.rng.state, self.turn
        return len(self.deck), self.rng.state

    # ------------------------------------------------------------------ basics
    @property
    def solo(self) -> bool:
        return self.mode != "versus"

    @property
    def void_tribe(self) -> int:
        return self.n

    def _log(self, text: str, type: str = "info", private_to: int | None = None, **data) -> None:
        self._events.append(event(text, type=type, private_to=private_to, **data))

    @property
    def feat_kinds(self) -> tuple[str, ...]:
        """The base Feats in play (option "feats": none, all four, or a subset)."""
        return feat_kinds(self.opts["feats"])

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def num_tribes(self) -> int:
        return len(self.score)

    def to_act(self) -> list[int]:
        return [] if self.over else [self.cur]

    def legal_actions(self, seat: int) -> list:
        return self.turns.legal_actions(seat)

    def prompt(self, seat: int) -> str:
        return self.turns.prompt(seat)

    def _do(self, seat: int, action_id: str) -> list[dict]:
        return self.turns._do(seat, action_id)

    def score_parts(self) -> list[list[tuple[str, int]]] | None:
        return self.placement.score_parts()

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return self.score[: self.n]

    def winners(self) -> list[int]:
        return list(self.result) if self.over else []

    def unused_pieces(self, tribe: int) -> int:
        return self.tents_left[tribe] + self.totems_left[tribe]

    def view(self, seat: int | None) -> dict:
        return view.view(self, seat)

    def estimate(self) -> list[float] | None:
        if versus.third_tribe(self):
            return versus.estimate(self)
        return estimate.estimate(self)

    def policy(self, seat: int, seed: int) -> str | None:
        return estimate.policy(self, seat, seed)

    def plan_continues(self) -> bool:
        if versus.third_tribe(self):
            return versus.plan_continues(self)
        return self.solo_rules.plan_continues()

    # ------------------------------------------------------------------ invariants, hidden info
    def check_invariants(self) -> None:
        total = card_total(self.n, self.mode, self.board.void_cards)
        if self.solo:
            where = (
                self.deck.count(VOID_CARD) + self.display.count(VOID_CARD) + self.void_row + self.void_aside
            )
            held = sum(h[VOID_CARD] for h in self.hands)
            assert where + held == VOID_CARDS, "Void cards lost or made up"
            assert all(h[VOID_CARD] >= 0 for h in self.hands)
            assert len(self.claimed) == self.board.num_territories
            for t, on in enumerate(self.totems):
                want = [on[x] + (self.void[t] if x == self.n else 0) for x in range(self.num_tribes)]
                assert [self.stack[t].count(x) for x in range(self.num_tribes)] == want, f"T{t + 1} stack"
            assert sum(self.score) == sum(self.breakdown["territories"])
            assert not self.over or all(c >= 0 for c in self.claimed), (
                "a finished game counts every territory"
            )
            for t, c in enumerate(self.claimed):
                full = not self.placement.free_spaces(t) and self.solo_rules.explored(t)
                assert c >= 0 or not full or ["count", t] in self.vq, f"T{t + 1} full but not counted"
        for b in range(len(total)):
            held = sum(h[b] for h in self.hands)
            seen = self.deck.count(b) + self.display.count(b) + held + self.discard[b]
            assert seen == total[b], f"{card_name(b)} cards: {seen} != {total[b]}"
            assert all(h[b] >= 0 for h in self.hands)
            assert all(0 <= k[b] <= h[b] for k, h in zip(self.known, self.hands, strict=True))
        placed = [0] * (self.num_tribes + 1)
        for o in self.owner:
            if o >= 0:
                placed[o] += 1
        for k, where in enumerate(self.contested):
            assert (where < 0) == (self.contested_owner[k] < 0), "a Contested token without its Tent"
            assert where < 0 or where in self.board.contested[k], "a Contested token moved off its border"
            if where >= 0:
                placed[self.contested_owner[k]] += 1
        assert self.determination < self.n
        b = self.board
        if not self.solo:
            left = sum(1 for s in b.ruin_spaces if self.owner[s] == RUIN)
            assert left + sum(self.ruins_kept) == len(b.ruin_spaces), "Ruins lost or made up"
            assert all(self.owner[s] != RUIN for s in range(b.num_spaces) if b.ruin_icon[s] < 0)
            assert all(self.owner[s] != -1 for s in b.ruin_spaces), "a purple circle left empty"
        for x in range(self.num_tribes):
            void = self.solo and x == self.n
            assert placed[x] + self.tents_left[x] == (VOID_RUINS if void else TENTS_PER_TRIBE), (
                f"tribe {x} tents"
            )
            on = sum(t[x] for t in self.totems)
            if void:
                on += self.void_pool + sum(self.void)  # The Uncharted Paths: the Void's Totems
            assert on + self.totems_left[x] == (VOID_TOTEM_PIECES if void else TOTEMS_PER_TRIBE), (
                f"tribe {x} totems"
            )
            assert self.tents_left[x] >= 0 and self.totems_left[x] >= 0
        for t, on in enumerate(self.totems):
            if any(on) or self.void[t]:
                assert sum(on) + self.void[t] <= max(self.placement.tent_counts(t)), (
                    f"totem limit broken in T{t + 1}"
                )
        assert self.solo or self.void_pool + sum(self.void) == b.void_totems
        assert min(self.void, default=0) >= 0
        assert len(self.display) <= DISPLAY_SIZE
        for t, on in enumerate(self.totems):
            assert self.board.totems_allowed[t] or not any(on), f"Totem on T{t + 1}, where none may stand"
        for _mission, achievers in self.expeditions:
            assert len(achievers) <= len(EXPEDITION_POINTS) and len(set(achievers)) == len(achievers)
        assert sum(self.breakdown["expeditions"]) == sum(
            sum(EXPEDITION_POINTS[: len(a)]) for _, a in self.expeditions
        )
        assert sum(self.score) == sum(sum(v) for v in self.breakdown.values())
        if not self.over:
            assert all(sum(h) <= HAND_SIZE for h in self.hands)

    def copy(self) -> IwariState:
        # As GameState.copy, without the JSON text in between (the AI copies states by the
        # thousand): __init__ copies every list it is given.
        return type(self)(self.to_json())

    def determinize(self, seat: int, seed: int) -> IwariState:
        clone = IwariState(self.to_json())
        unseen = [s for s in range(self.n) if s != seat]
        pool = list(clone.deck)
        for s in unseen:
            for b in range(len(clone.hands[s])):
                pool += [b] * (clone.hands[s][b] - clone.known[s][b])
        pool.sort()
        hidden = {s: sum(clone.hands[s]) - sum(clone.known[s]) for s in unseen}
        other = clone.cur != seat and not clone.over
        if other and clone.phase in ("pieces", "space"):
            # Another seat's half-chosen play is its own (view and prompt show the step it started
            # from) and depends on cards this seat cannot see: the world starts it again.
            clone.phase = clone.turns.shown_phase()
            clone.pending = None
            clone.void_src = None
            if self.solo:
                clone.neutral = clone.stage == "void"
                clone.tribe = clone.n if clone.neutral else clone.cur
        rng = Rng(seed)
        for _ in range(DEAL_TRIES):
            rng.shuffle(pool)
            deck = list(pool)
            for s in unseen:
                clone.hands[s] = list(clone.known[s])
                for _ in range(hidden[s]):
                    clone.hands[s][deck.pop()] += 1
            if not other or clone._dealt_hand_fits():
                break
        clone.deck = deck
        clone.rng = rng
        if other and not clone._dealt_hand_fits():
            # No deal of the tries allows the step everyone sees the other seat at (rare): it passes.
            clone.pending = None
            if self.solo:
                clone.phase = "act"
                clone.stage, clone.neutral, clone.tribe = "player", False, clone.cur
            else:
                clone.neutral = False
                clone.tribe = clone.cur
                clone.phase = "draw"
                clone.turns._auto_draw()
        clone._events = []
        return clone

    def _dealt_hand_fits(self) -> bool:
        """Whether the hand of the seat to act allows the step everyone sees it at: a play for the
        third tribe (versus) or for the Void (solo/co-op) needs a card that can be played (the
        engine skips the step otherwise, which everyone would have seen)."""
        if self.solo:
            return self.phase != "void" or bool(self.solo_rules._solo_legal())
        return not (self.neutral and self.phase == "act") or bool(
            self.placement.playable_territories(2, self.hands[self.cur])
        )

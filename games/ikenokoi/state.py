"""Ike No Koi rules: the state, its turn flow and its scoring.

A turn is a sequence of actions held in the state (``phase``):

- ``turn``: the active seat reveals pond cards into the river (``draw``), may
  ``stop`` after 2 or 3 different cards, and may discard a lotus flower before
  a draw or between draws (``lotus``) to look at the top 2 pond cards;
- ``order``: after a lotus, keep or swap the two peeked cards;
- ``place``: a Garden card that needs a decision was just gained (bamboo zone,
  bridge zones), by anyone, also during a Sharing or when the lantern pool is
  taken at the end;
- ``share``: a duplicate was revealed: from the active seat's left neighbour,
  each seat in turn takes one river card until the river is empty;
- ``exchange`` / ``give``: after four different cards, the active seat may
  take one Koi from an unprotected zone of an opponent and give two Koi back.

Cards are ints (see ``data``): cards of one kind are interchangeable, so the
state keeps counts, and conservation is checked as a multiset.

Rulings beyond the rulebook (see also the design notes):
- the pond runs out: the seat who revealed the last card keeps the river if it
  is all different (whatever its size, even 1 card; four different still give
  an Exchange) or else a Sharing follows; then the game ends;
- a turn can therefore stop with fewer than 2 cards only when the pond is empty;
- the tie-break counts Koi cards in the pontoon, and a bamboo counts as one Koi card
  of its zone there too (it "counts as one additional Koi card");
- ``scores()`` during play is the public running score as if the game ended
  now, WITHOUT the secret challenges and the lantern pool (both hidden from
  other seats); after the end it is the final score;
- pool bridges taken at the end are discarded without placement (no exchange
  can follow); pool bamboo is placed by its new owner before the Honour tokens;
- when a lotus peek is reordered, other seats forget what they had peeked;
- bamboo and bridges go only on zones of varieties in play (not 11 at 2-3 players);
- same-count challenges need at least one card of each variety, most-of
  challenges at least one card (0 = 0 is no collection);
- an Honour challenge's points are what it adds to the tokens' printed values, so a
  view shows what the card is worth now and the final breakdown shows it per card;
- once the game is over, every secret challenge and the pool are public.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any, ClassVar

from games.base import Action, Game, GameState, event
from games.ikenokoi import data
from games.ikenokoi.data import BAMBOO, BRIDGE, LANTERN, LOTUS
from games.rng import Rng
from games.text import L, P, T

ORDER_KEEP = Action("order:keep", T("Keep the order you saw"), "order")
ORDER_SWAP = Action("order:swap", T("Swap the two cards"), "order")
DRAW = Action("draw", T("Draw a card"), "turn")
STOP = Action("stop", T("Stop and keep the river"), "turn")
LOTUS_ACT = Action("lotus", T("Use a lotus: peek at 2 cards"), "turn")
SKIP = Action("exchange:skip", T("No exchange"), "skip")


def card_name(card: int) -> str:
    """A person's name for a card kind: 'Koi 7', 'Bamboo'... (``data.CARD_NAMES``)."""
    return data.CARD_NAMES[card]


# The actions of the other phases, made once each (their labels are messages: building them anew
# at every call of ``legal_actions`` cost a playout a third of its time).
@cache
def _bamboo(v: int) -> Action:
    return Action(f"bamboo:{v}", T("Bamboo at zone {v}", v=v), "bamboo")


@cache
def _bridge(a: int, b: int) -> Action:
    return Action(f"bridge:{a}-{b}", T("Bridge zones {a} and {b}", a=a, b=b), "bridge")


@cache
def _take(i: int, card: int) -> Action:
    return Action(f"take:{i}", T("Take {card}", card=card_name(card)), "take")


@cache
def _exchange(o: int, v: int) -> Action:
    return Action(f"exchange:s{o}:z{v}", T("Take a {v} from {p}", v=v, p=_seat(o)), "exchange")


@cache
def _give(v: int, n: int) -> Action:
    return Action(f"give:z{v}", T("Give a {v} ({n} of 2)", v=v, n=n), "give")


def _seat(seat: int) -> str:
    """A player placeholder for event text; the bot writes the name in."""
    return "{p" + str(seat) + "}"


def _names(cards: list[int]) -> str:
    return L([card_name(c) for c in cards])


class IkeNoKoiState(GameState):
    game: ClassVar[Game]

    # ------------------------------------------------------------------ setup
    def __init__(self) -> None:
        self.n = 0
        self.rng = Rng(0)
        self.pond: list[int] = []  # top of the pond = last element
        self.pool: list[int] = []
        self.river: list[int] = []
        self.drawn: list[int] = []  # every card revealed this turn, in order (public)
        self.koi: list[list[int]] = []  # koi[seat][variety] = Koi cards in that zone (index 0..11)
        self.bamboo: list[list[int]] = []  # bamboo[seat][variety] = bamboo cards placed at that zone
        self.bridges: list[list[list[int]]] = []  # bridges[seat] = [[a, b], ...]
        self.lotus: list[int] = []  # lotus flowers kept
        self.lanterns: list[int] = []
        self.discard: list[int] = []  # bridges (placed) and lotus flowers (used)
        self.common = 0
        self.secret: list[int] = []
        self.unused: list[int] = []  # challenge cards out of the game (hidden)
        self.active = 0
        self.phase = "turn"
        self.after = ""  # what follows the pending placements: share | exchange | end | final
        self.pending: list[list[int]] = []  # [[seat, BAMBOO | BRIDGE], ...] placements to decide
        self.share_next = 0
        self.known: list[int] = []  # known[seat] = how many top pond cards that seat has peeked
        self.ex_target: list[int] = []  # [seat, zone] chosen for an exchange
        self.ex_give: list[int] = []  # zones given so far
        self.turn = 1
        self.pool_taker: int | None = None
        self.version = 0

    @classmethod
    def new(cls, num_players: int, seed: int, options: dict) -> IkeNoKoiState:
        st = cls()
        st.n = num_players
        st.rng = Rng(seed)
        cards = data.deck(num_players)
        st.rng.shuffle(cards)
        st.pool = cards[: data.POOL_SIZE]
        st.pond = cards[data.POOL_SIZE :]
        challenges = list(range(len(data.CHALLENGES)))
        st.rng.shuffle(challenges)
        st.common = challenges[0]
        st.secret = challenges[1 : 1 + num_players]
        st.unused = sorted(challenges[1 + num_players :])
        st.koi = [[0] * 12 for _i in range(num_players)]
        st.bamboo = [[0] * 12 for _i in range(num_players)]
        st.bridges = [[] for _i in range(num_players)]
        st.lotus = [0] * num_players
        st.lanterns = [0] * num_players
        st.known = [0] * num_players
        return st

    @property
    def num_players(self) -> int:
        return self.n

    # ------------------------------------------------------------ serialising
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "n",
        "pond",
        "pool",
        "river",
        "drawn",
        "koi",
        "bamboo",
        "bridges",
        "lotus",
        "lanterns",
        "discard",
        "common",
        "secret",
        "unused",
        "active",
        "phase",
        "after",
        "pending",
        "share_next",
        "known",
        "ex_target",
        "ex_give",
        "turn",
        "pool_taker",
        "version",
    )

    def to_json(self) -> dict:
        out: dict[str, Any] = {f: getattr(self, f) for f in self._FIELDS}
        out = _deep_lists(out)
        out["rng"] = self.rng.to_json()
        out["undo_seat"] = self._undo_seat
        return out

    @classmethod
    def from_json(cls, d: dict) -> IkeNoKoiState:
        st = cls()
        for f in cls._FIELDS:
            setattr(st, f, _deep_lists(d[f]))
        st.rng = Rng.from_json(d["rng"])
        st._undo_seat = d.get("undo_seat")  # saves from before Undo have none
        return st

    def copy(self) -> IkeNoKoiState:
        """A fast copy (no JSON) for search."""
        st = IkeNoKoiState.__new__(IkeNoKoiState)
        for f in self._FIELDS:
            setattr(st, f, _deep_lists(getattr(self, f)))
        st.rng = Rng.from_json(self.rng.to_json())
        st._undo_seat = self._undo_seat
        return st

    def _hidden_mark(self) -> tuple:
        # The pond is face down (a draw reveals), the lotus peeks (known), the pool is hidden; and
        # who sees the pool: a seat's first lantern (kept from a Stop, taken in a Sharing) shows
        # it the pool, which no Undo can make it forget.
        sees_pool = tuple(self.sees_pool(s) for s in range(len(self.lanterns)))
        return len(self.pond), tuple(self.known), len(self.pool), sees_pool, self.rng.state

    def sees_pool(self, seat: int) -> bool:
        """A seat sees the lantern pool once it holds a lantern (everyone does at the end)."""
        return self.lanterns[seat] > 0

    # ---------------------------------------------------------------- queries
    def to_act(self) -> list[int]:
        ph = self.phase
        if ph in ("turn", "order", "exchange", "give"):
            return [self.active]
        if ph == "place":
            return [self.pending[0][0]]
        if ph == "share":
            return [self.share_next]
        return []

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        ph = self.phase
        if ph == "turn":
            acts = []
            if self.pond:
                acts.append(DRAW)
            if len(self.river) >= data.MIN_STOP:
                acts.append(STOP)
            if self.lotus[seat] and self.pond:
                acts.append(LOTUS_ACT)
            return acts
        if ph == "order":
            return [ORDER_KEEP, ORDER_SWAP]
        if ph == "place":
            kind = self.pending[0][1]
            if kind == BAMBOO:
                zones = data.varieties_in_play(self.n)  # zone 11 is out of the game at 2-3 players
                return [_bamboo(v) for v in zones]
            have = self.bridges[seat]
            zones = data.varieties_in_play(self.n)  # no bridge to zone 11 either at 2-3 players
            return [
                _bridge(a, b)
                for a, b in data.ADJACENT_PAIRS
                if [a, b] not in have and a in zones and b in zones
            ]
        if ph == "share":
            seen: set[int] = set()
            acts = []
            for i, c in enumerate(self.river):
                if c not in seen:
                    seen.add(c)
                    acts.append(_take(i, c))
            return acts
        if ph == "exchange":
            acts = [_exchange(o, v) for o, v in self._exchange_targets()]
            acts.append(SKIP)
            return acts
        if ph == "give":
            left = self.koi[seat][:]
            for z in self.ex_give:
                left[z] -= 1
            n = len(self.ex_give) + 1
            return [_give(v, n) for v in data.VARIETIES if left[v]]
        return []

    def _exchange_targets(self) -> list[tuple[int, int]]:
        me = self.active
        out = []
        for o in range(self.n):
            if o == me:
                continue
            protected = {z for pair in self.bridges[o] for z in pair}
            row = self.koi[o]
            out += [(o, v) for v in data.VARIETIES if row[v] and v not in protected]
        return out

    def _exchange_possible(self) -> bool:
        return sum(self.koi[self.active]) >= 2 and bool(self._exchange_targets())

    def prompt(self, seat: int) -> str:
        if self.phase == "over":
            return T("The game is over.")
        if seat not in self.to_act():
            return T("Wait: another player is deciding.")
        ph = self.phase
        if ph == "turn":
            k = len(self.river)
            if k == 0:
                if self.lotus[seat]:
                    return T("Your turn: draw a card from the pond (you may first use a lotus flower).")
                return T("Your turn: draw a card from the pond.")
            if k < data.MIN_STOP:
                return T("Draw a second card (at least 2 before you may stop).")
            return T("{k} different cards in the river: stop and keep them, or draw again (risky).", k=k)
        if ph == "order":
            return T("Choose the order of the two pond cards you peeked at (see your private picture).")
        if ph == "place":
            if self.pending[0][1] == BAMBOO:
                return T("Place your bamboo at a zone: it counts as one more Koi of that variety.")
            return T("Place your bridge between two adjacent zones: they are protected from exchanges.")
        if ph == "share":
            return T("Sharing: take one card from the river.")
        if ph == "exchange":
            return T("Four different cards! Take one Koi from an opponent's unprotected zone, or skip.")
        return T("Give a Koi from your pontoon to the opponent ({n} of 2).", n=len(self.ex_give) + 1)

    # ------------------------------------------------------------------- play
    def _do(self, seat: int, action_id: str) -> list[dict]:
        self.version += 1
        ev: list[dict] = []
        head, _sep, arg = action_id.partition(":")
        if head == "draw":
            self._draw(ev)
        elif head == "stop":
            ev.append(
                event(
                    T("{p} stops and keeps {cards}.", p=_seat(seat), cards=_names(self.river)),
                    type="keep",
                    seat=seat,
                )
            )
            self._keep_river(ev, "end")
        elif head == "lotus":
            self._use_lotus(seat, ev)
        elif head == "order":
            if arg == "swap":
                self.pond[-1], self.pond[-2] = self.pond[-2], self.pond[-1]
            for s in range(self.n):
                if s != seat:
                    self.known[s] = 0
            self.phase = "turn"
            ev.append(
                event(T("{p} puts the two cards back on the pond.", p=_seat(seat)), type="lotus", seat=seat)
            )
        elif head == "bamboo":
            v = int(arg)
            self.bamboo[seat][v] += 1
            self.pending.pop(0)
            ev.append(
                event(
                    T("{p} places a bamboo at zone {v}.", p=_seat(seat), v=v),
                    type="bamboo",
                    seat=seat,
                    zone=v,
                )
            )
            self._advance(ev)
        elif head == "bridge":
            a, b = (int(x) for x in arg.split("-"))
            self.bridges[seat].append([a, b])
            self.pending.pop(0)
            ev.append(
                event(
                    T("{p} bridges zones {a} and {b}.", p=_seat(seat), a=a, b=b),
                    type="bridge",
                    seat=seat,
                    zones=[a, b],
                )
            )
            self._advance(ev)
        elif head == "take":
            self._share_take(seat, self.river.pop(int(arg)), ev)
            self._advance(ev)
        elif head == "exchange":
            if arg == "skip":
                ev.append(event(T("{p} makes no exchange.", p=_seat(seat)), type="exchange", seat=seat))
                self.after = "end"
                self._advance(ev)
            else:
                s_part, z_part = arg.split(":")
                self.ex_target = [int(s_part[1:]), int(z_part[1:])]
                self.ex_give = []
                self.phase = "give"
                o, z = self.ex_target
                ev.append(
                    event(
                        T("{p} will take a {v} from {other}.", p=_seat(seat), v=z, other=_seat(o)),
                        type="exchange",
                        seat=seat,
                        target=o,
                        zone=z,
                    )
                )
        elif head == "give":
            self.ex_give.append(int(arg[1:]))
            if len(self.ex_give) == 2:
                self._resolve_exchange(seat, ev)
        return ev

    def _draw(self, ev: list[dict]) -> None:
        a = self.active
        card = self.pond.pop()
        self.known = [k - 1 if k else 0 for k in self.known]
        duplicate = card in self.river
        self.river.append(card)
        self.drawn.append(card)
        ev.append(
            event(T("{p} reveals {card}.", p=_seat(a), card=card_name(card)), type="draw", seat=a, card=card)
        )
        if duplicate:
            if len(self.river) == 2:
                ev.append(
                    event(
                        T("The first two cards are identical: {p} keeps both.", p=_seat(a)),
                        type="keep",
                        seat=a,
                    )
                )
                self._keep_river(ev, "end")
            else:
                ev.append(
                    event(
                        T("Identical card: Sharing, starting left of {p}.", p=_seat(a)), type="share", seat=a
                    )
                )
                self.after = "share"
                self.share_next = (a + 1) % self.n
                self._advance(ev)
        elif len(self.river) == data.MAX_DRAWS:
            ev.append(event(T("Four different cards: {p} keeps them all.", p=_seat(a)), type="keep", seat=a))
            self._keep_river(ev, "exchange")
        elif not self.pond:
            ev.append(event(T("The pond is empty: {p} keeps the river.", p=_seat(a)), type="keep", seat=a))
            self._keep_river(ev, "end")

    def _use_lotus(self, seat: int, ev: list[dict]) -> None:
        self.lotus[seat] -= 1
        self.discard.append(LOTUS)
        k = min(2, len(self.pond))
        self.known[seat] = max(self.known[seat], k)
        seen = self.pond[-k:][::-1]
        ev.append(
            event(
                T("{p} discards a lotus flower to look at the top of the pond.", p=_seat(seat)),
                type="lotus",
                seat=seat,
            )
        )
        ev.append(
            event(
                T("You see (top first): {cards}.", cards=_names(seen)),
                type="peek",
                private_to=seat,
                seat=seat,
                cards=seen,
            )
        )
        if k == 2:
            self.phase = "order"

    def _keep_river(self, ev: list[dict], after: str) -> None:
        a = self.active
        cards, self.river = self.river, []
        for c in cards:
            self._gain(a, c)
        self.after = after
        self._advance(ev)

    def _gain(self, seat: int, card: int, at_end: bool = False) -> None:
        if card <= 11:
            self.koi[seat][card] += 1
        elif card == BAMBOO:
            self.pending.append([seat, BAMBOO])
        elif card == BRIDGE:
            self.discard.append(BRIDGE)
            if not at_end:  # no exchange can follow the end: nothing to protect
                self.pending.append([seat, BRIDGE])
        elif card == LOTUS:
            self.lotus[seat] += 1
        else:
            self.lanterns[seat] += 1

    def _advance(self, ev: list[dict]) -> None:
        """Move on once nothing is pending: next Sharing pick, Exchange, end of turn or game."""
        while True:
            if self.pending:
                self.phase = "place"
                return
            if self.after == "share":
                if not self.river:
                    self._end_turn(ev)
                    return
                if len(set(self.river)) == 1:  # no choice left: the card goes to the next seat
                    self._share_take(self.share_next, self.river.pop(), ev)
                    continue
                self.phase = "share"
                return
            if self.after == "exchange":
                if self._exchange_possible():
                    self.phase = "exchange"
                    return
                self.after = "end"
                continue
            if self.after == "final":
                self._finish(ev)
                return
            self._end_turn(ev)
            return

    def _share_take(self, seat: int, card: int, ev: list[dict]) -> None:
        """In a Sharing, ``seat`` takes ``card`` from the river; the next seat picks next."""
        ev.append(
            event(
                T("{p} takes {card}.", p=_seat(seat), card=card_name(card)), type="take", seat=seat, card=card
            )
        )
        self._gain(seat, card)
        self.share_next = (seat + 1) % self.n

    def _resolve_exchange(self, seat: int, ev: list[dict]) -> None:
        o, z = self.ex_target
        self.koi[o][z] -= 1
        for g in self.ex_give:
            self.koi[seat][g] -= 1
            self.koi[o][g] += 1
        self.koi[seat][z] += 1
        g1, g2 = self.ex_give
        ev.append(
            event(
                T(
                    "{p} takes a {v} from {other} and gives a {g1} and a {g2}.",
                    p=_seat(seat),
                    v=z,
                    other=_seat(o),
                    g1=g1,
                    g2=g2,
                ),
                type="exchange",
                seat=seat,
                target=o,
                zone=z,
                given=[g1, g2],
            )
        )
        self.ex_target, self.ex_give = [], []
        self.after = "end"
        self._advance(ev)

    def _end_turn(self, ev: list[dict]) -> None:
        self.after = ""
        if self.pond:
            self.active = (self.active + 1) % self.n
            self.phase = "turn"
            self.turn += 1
            self.drawn = []
            return
        ev.append(event(T("The pond and the river are empty: the game ends."), type="end"))
        taker = next((s for s in range(self.n) if self.lanterns[s] >= 2), None)
        if taker is not None and self.pool:
            self.pool_taker = taker
            cards, self.pool = self.pool, []
            ev.append(
                event(
                    T(
                        "{p} has 2+ lanterns and takes the pool: {cards}.",
                        p=_seat(taker),
                        cards=_names(cards),
                    ),
                    type="pool",
                    seat=taker,
                    cards=cards,
                )
            )
            for c in cards:
                self._gain(taker, c, at_end=True)
            self.after = "final"
            self._advance(ev)
            return
        self._finish(ev)

    def _finish(self, ev: list[dict]) -> None:
        self.phase = "over"
        self.after = ""
        totals = self.scores()
        ev.append(
            event(
                T(
                    "Final scores: {scores}.",
                    scores=L([T("{p} {score}", p=_seat(s), score=t) for s, t in enumerate(totals)]),
                ),
                type="over",
                scores=totals,
                winners=self.winners(),
            )
        )

    # ---------------------------------------------------------------- scoring
    def effective(self) -> list[list[int]]:
        """Koi per zone plus bamboo: the count for majorities and challenges."""
        return [[k + b for k, b in zip(self.koi[s], self.bamboo[s], strict=True)] for s in range(self.n)]

    def honour_leaders(self, eff: list[list[int]] | None = None) -> dict[int, int | None]:
        """Variety -> the seat with strictly the most cards of it (None on a tie or nobody)."""
        eff = eff or self.effective()
        out: dict[int, int | None] = {}
        for v in data.varieties_in_play(self.n):
            best, who = 0, None
            for s in range(self.n):
                c = eff[s][v]
                if c > best:
                    best, who = c, s
                elif c == best:
                    who = None
            out[v] = who if best else None
        return out

    def breakdown(self, include_secret: bool | None = None) -> list[dict]:
        """Per seat: tokens won, their printed value, common, secret (None if hidden), lotus, total.

        A challenge's points include what an Honour challenge adds to the tokens, so
        ``common`` and ``secret`` say what each card is worth; ``koi`` is the tie-break
        count (a bamboo counts as one Koi card of its zone there too).
        """
        if include_secret is None:
            include_secret = self.phase == "over"
        eff = self.effective()
        leaders = self.honour_leaders(eff)
        out = []
        for s in range(self.n):
            tokens = sorted(v for v, who in leaders.items() if who == s)
            honour = sum(data.TOKEN_VALUES[v] for v in tokens)
            common = self._challenge_points(self.common, "com", s, eff, tokens)
            secret = self._challenge_points(self.secret[s], "ind", s, eff, tokens) if include_secret else None
            total = honour + common + (secret or 0) + self.lotus[s]
            koi = sum(self.koi[s]) + sum(self.bamboo[s])
            out.append(
                {"tokens": tokens, "honour": honour, "common": common, "secret": secret, "lotus": self.lotus[s],
                 "total": total, "koi": koi}
            )  # fmt: skip
        return out

    def _challenge_points(
        self, card: int, which: str, seat: int, eff: list[list[int]], tokens: list[int] | None = None
    ) -> int:
        """Points a challenge card gives ``seat`` now (``tokens``: the Honour tokens it wins)."""
        ch = data.CHALLENGES[card]
        kind, vs, value = ch["kind"], ch["vars"], ch[which]
        mine = eff[seat]
        if kind in ("honour_pairs", "honour_three"):
            if tokens is None:
                tokens = [v for v, who in self.honour_leaders(eff).items() if who == seat]
            if kind == "honour_pairs":
                return ch["per_pair"] * (len(tokens) // 2)
            # every token is worth at least "each": a challenge never lowers a token (the 11 keeps
            # its 4); the other card's pair bonus adds on top
            return sum(max(0, ch["each"] - data.TOKEN_VALUES[v]) for v in tokens)
        if kind == "pairs":
            return value * min(mine[vs[0]], mine[vs[1]])
        if kind == "same_count":
            ok = mine[vs[0]] == mine[vs[1]] > 0
        elif kind == "most_of":
            ok = mine[vs[0]] > 0 and mine[vs[0]] == max(e[vs[0]] for e in eff)
        elif kind == "fewest_total":
            tot = [sum(e[v] for v in vs) for e in eff]
            ok = tot[seat] == min(tot)
        else:  # most_varieties / fewest_varieties
            var = [sum(1 for v in data.VARIETIES if e[v]) for e in eff]
            ok = var[seat] == (max(var) if kind == "most_varieties" else min(var))
        return value if ok else 0

    def score_parts(self) -> list[list[tuple[str, int]]] | None:
        if self.phase != "over":
            return None  # the secret challenges are still secret
        return [
            [
                (P("ikenokoi score", "honour"), b["honour"]),
                (P("ikenokoi score", "common"), b["common"]),
                (P("ikenokoi score", "secret"), b["secret"] or 0),
                (P("ikenokoi score", "lotus flowers"), b["lotus"]),
            ]
            for b in self.breakdown(include_secret=True)
        ]

    def scores(self) -> list[int]:
        return [b["total"] for b in self.breakdown()]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        b = self.breakdown()
        best = max(x["total"] for x in b)
        top = [s for s in range(self.n) if b[s]["total"] == best]
        most = max(b[s]["koi"] for s in top)
        return [s for s in top if b[s]["koi"] == most]

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict:
        over = self.phase == "over"
        b = self.breakdown()
        leaders = self.honour_leaders()
        players = []
        for s in range(self.n):
            players.append(
                {
                    "zones": {
                        str(v): {"koi": self.koi[s][v], "bamboo": self.bamboo[s][v]} for v in data.VARIETIES
                    },
                    "bridges": [list(p) for p in self.bridges[s]],
                    "lotus": self.lotus[s],
                    "lanterns": self.lanterns[s],
                    "koi_cards": b[s]["koi"],
                    "tokens": b[s]["tokens"],
                    "score": b[s],
                    "challenge": _challenge_view(self.secret[s]) if over or s == seat else None,
                }
            )
        mine = seat is not None and 0 <= seat < self.n
        sees_pool = over or (mine and self.sees_pool(seat))
        decision = None
        if not over:
            who = self.to_act()[0]
            decision = {
                "seat": who,
                "type": self.phase if self.phase != "place" else _PLACE[self.pending[0][1]],
            }
        return {
            "game": "ikenokoi",
            "seat": seat,
            "num_players": self.n,
            "to_act": self.to_act(),
            "scores": [x["total"] for x in b],
            "over": over,
            "winners": self.winners(),
            "phase": self.phase,
            "decision": decision,
            "active": self.active,
            "turn": self.turn,
            "river": [data.KIND_NAMES[c] for c in self.river],
            "drawn": [data.KIND_NAMES[c] for c in self.drawn],
            "share_next": self.share_next if self.phase == "share" else None,
            "pond_size": len(self.pond),
            "pool_size": len(self.pool),
            "pool": [data.KIND_NAMES[c] for c in self.pool] if sees_pool else None,
            "pool_taker": self.pool_taker,
            "discard": {data.KIND_NAMES[k]: v for k, v in sorted(Counter(self.discard).items())},
            "grid": [list(r) for r in data.GRID],
            "varieties": list(data.varieties_in_play(self.n)),
            "token_values": {str(v): data.TOKEN_VALUES[v] for v in data.varieties_in_play(self.n)},
            "leaders": {str(v): who for v, who in leaders.items()},
            "common_challenge": _challenge_view(self.common),
            "players": players,
            "secret_challenge": _challenge_view(self.secret[seat]) if mine else None,
            "secret_points": self.breakdown(include_secret=True)[seat]["secret"] if mine else None,
            "peek": [data.KIND_NAMES[c] for c in self.pond[::-1][: self.known[seat]]] if mine else [],
            "exchange": {"target": self.ex_target, "given": self.ex_give} if self.phase == "give" else None,
            "prompt": self.prompt(seat) if mine else "",
        }

    # -------------------------------------------------------- conservation, AI
    def check_invariants(self) -> None:
        count: Counter[int] = Counter(self.pond)
        count.update(self.pool)
        count.update(self.river)
        count.update(self.discard)
        for s in range(self.n):
            for v in data.VARIETIES:
                assert self.koi[s][v] >= 0 and self.bamboo[s][v] >= 0
                count[v] += self.koi[s][v]
            count[BAMBOO] += sum(self.bamboo[s])
            count[LOTUS] += self.lotus[s]
            count[LANTERN] += self.lanterns[s]
        count[BAMBOO] += sum(1 for p in self.pending if p[1] == BAMBOO)
        expected = Counter(data.deck(self.n))
        assert +count == expected, (
            f"cards not conserved: {count - expected} extra, {expected - count} missing"
        )
        assert sum(count.values()) == (67 if self.n in data.NO_ELEVEN_COUNTS else 78)
        placed = sum(len(b) for b in self.bridges) + sum(1 for p in self.pending if p[1] == BRIDGE)
        assert placed <= self.discard.count(BRIDGE) <= data.GARDEN_COUNTS[BRIDGE]
        assert sorted([self.common, *self.secret, *self.unused]) == list(range(len(data.CHALLENGES)))
        assert len(self.river) <= data.MAX_DRAWS
        assert len(set(self.river)) == len(self.river) or self.phase in ("share", "place")
        if self.phase == "turn":
            assert self.pond or self.river, "a turn in progress needs cards to draw"

    def determinize(self, seat: int, seed: int) -> IkeNoKoiState:
        st = self.copy()
        rng = Rng(seed)
        k = min(st.known[seat], len(st.pond))
        top = st.pond[len(st.pond) - k :]
        hidden = st.pond[: len(st.pond) - k]
        see_pool = st.sees_pool(seat) or st.phase == "over"
        if not see_pool:
            hidden += st.pool
        hidden.sort()
        rng.shuffle(hidden)
        depth = len(st.pond) - k
        st.pond = hidden[:depth] + top
        if not see_pool:
            st.pool = hidden[depth:]
        if st.phase != "over":
            others = [s for s in range(st.n) if s != seat]
            unknown = sorted(st.unused + [st.secret[s] for s in others])
            rng.shuffle(unknown)
            for s in others:
                st.secret[s] = unknown.pop()
            st.unused = sorted(unknown)
        st.known = [k if s == seat else 0 for s in range(st.n)]
        st.rng = Rng(seed)
        return st


_PLACE = {BAMBOO: "bamboo", BRIDGE: "bridge"}


def _challenge_view(card: int) -> dict:
    ch = data.CHALLENGES[card]
    return {"id": card, "kind": ch["kind"], "vars": list(ch["vars"]), "individual": ch["ind"], "common": ch["com"],
            "text": ch["text"]}  # fmt: skip


def _deep_lists(x: Any) -> Any:
    if isinstance(x, (list, tuple)):
        return [_deep_lists(i) for i in x]
    if isinstance(x, dict):
        return {k: _deep_lists(v) for k, v in x.items()}
    return x

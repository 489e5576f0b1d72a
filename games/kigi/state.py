"""The Kigi game state: setup, turns (take, tree, tip, bend), scoring, pruning, the end.

Card counting for the conservation law (45 cards): every card is in exactly one
place - on a tree (trunks included), in a collection, held as a commission,
dealt for the advanced choice, on display, in the deck, the card being placed,
or removed from the game (unused trunks, cleared commissions, discarded tree
cards that fit nowhere).

Placing a tree card is one decision: a spot of the tree shown, the tip and the
way the card lies from it together (``place:<card>:<tip>:<bend>``, the bend key
of ``table``: "S", "L30", "R45+2"...). The tree shown is the placer's own when it
has room; every other tree with room is one tap away (``tree:<seat>`` shows it).
Going back to a tree already shown in this placement is group "back" ("Back to
your tree"): a walk inside the decision, which the AI does not take, so it never
switches to and fro; it looks at each tree at most once.
A tree with no room at all (no turn and no point of any tip fits) is "full": it
is not offered, and a card is discarded only when every tree is full.
"""

from __future__ import annotations

from functools import cache, lru_cache

from games.base import Action, GameState, event
from games.kigi import rules, table
from games.kigi.data import (
    CARDS,
    COMMISSION_BONUS,
    COMMISSION_TEXTS,
    COMMISSIONS,
    DISPLAY_SIZE,
    FEATURE_ORDER,
    PRUNE_AT,
    SHORT_NAMES,
    TOTAL_CARDS,
    TREE_CARDS,
    TRUNKS,
    counted_feature,
)
from games.kigi.table import Placed, Spot, Tip
from games.rng import Rng
from games.text import L, N, P, T

CHOOSE, TAKE, PLACE, OVER = "choose", "take", "place", "over"
# Phases of saves from before the spot became one choice (tree, then tip, then bend): loaded as PLACE.
OLD_PHASES = ("tree", "tip", "bend", "cell")


def _counted(feature: str, n: int) -> str:
    """A feature and how many of it a card shows: "dragonfly", "2 pink"."""
    return SHORT_NAMES[feature] if n == 1 else counted_feature(feature, n)


@cache
def describe(card_id: str) -> str:
    """Short text of a card for labels and events: 'card 12 (dragonfly, 2 pink)'."""
    card = CARDS[card_id]
    if card["kind"] == "commission":
        return T("commission: {text}", text=COMMISSION_TEXTS[card_id])
    if card["kind"] == "trunk":
        return T("the trunk")
    return T("card {number} ({features})", number=int(card_id[1:]), features=_feature_list(card_id))


@cache
def describe_first(card_id: str) -> str:
    """``describe`` at the start of a sentence or a label: 'Card 12 (dragonfly, 2 pink)'."""
    card = CARDS[card_id]
    if card["kind"] == "commission":
        return T("Commission: {text}", text=COMMISSION_TEXTS[card_id])
    if card["kind"] == "trunk":
        return T("The trunk")
    return T("Card {number} ({features})", number=int(card_id[1:]), features=_feature_list(card_id))


def _feature_list(card_id: str) -> str:
    return L([_counted(f, n) for f, n in CARDS[card_id]["features"].items()])


@cache
def card_name(card_id: str) -> str:
    """'card 12' or 'the trunk'."""
    if CARDS[card_id]["kind"] == "trunk":
        return T("the trunk")
    return T("card {number}", number=int(card_id[1:]))


@cache
def tip_words(card_id: str, tip: str) -> str:
    """Where a tip is, in words: "card 12's right tip", "the trunk's left tip" (one message each)."""
    if CARDS[card_id]["kind"] == "trunk":
        return {
            "left": T("the trunk's left tip"),
            "straight": T("the trunk's straight tip"),
            "right": T("the trunk's right tip"),
        }[tip]
    number = int(card_id[1:])
    return {
        "left": T("card {number}'s left tip", number=number),
        "straight": T("card {number}'s straight tip", number=number),
        "right": T("card {number}'s right tip", number=number),
    }[tip]


@cache
def edge_words(card_id: str, tip: str) -> str:
    """The edge a stem is moved along, in words: "card 12's right side", "the trunk's top edge"."""
    if CARDS[card_id]["kind"] == "trunk":
        return {
            "left": T("the trunk's left side"),
            "straight": T("the trunk's top edge"),
            "right": T("the trunk's right side"),
        }[tip]
    number = int(card_id[1:])
    return {
        "left": T("card {number}'s left side", number=number),
        "straight": T("card {number}'s top edge", number=number),
        "right": T("card {number}'s right side", number=number),
    }[tip]


@cache
def spot_words(card_id: str, tip: str, bend: str) -> str:
    """A spot in words: "card 12's right tip, bent left"; a stem moved along the edge names the edge:
    "card 12's right side, 2 steps nearer its base, turned 45° right"."""
    _turn, steps = table.parse_bend(bend)
    place = edge_words(card_id, tip) if steps else tip_words(card_id, tip)
    return _where(place, table.bend_words(bend, tip))


def _where(place: str, bend: str) -> str:
    # TRANSLATORS: a spot of a Kigi tree: the tip (or its edge), then how the card lies from it
    return T("{place}, {bend}", place=place, bend=bend)


def _tips_text(card_id: str) -> str:
    tips = CARDS[card_id]["tips"]
    return N("{n} tip", "{n} tips", len(tips))


def _seat(seat: int | str) -> str:
    """A player placeholder for labels and events; the bot writes the name in."""
    return "{p" + str(seat) + "}"


def _spot_label(n: int, spot: str, points: int) -> str:
    """A spot's label: its number (as in the picture), its words, what placing there scores."""
    if points:
        return T("{n}: {spot}, scores {points}", n=n, spot=spot, points=points)
    return T("{n}: {spot}", n=n, spot=spot)


@cache
def _keep_action(cid: str) -> Action:
    return Action(f"keep:{cid}", T("Keep {text}", text=COMMISSION_TEXTS[cid]), "commission")


@cache
def _take_action(cid: str) -> Action:
    """Taking a card of the display (made once per card: its label is a message)."""
    if CARDS[cid]["kind"] == "commission":
        label = describe_first(cid)
    else:
        # TRANSLATORS: a card of the display and how many tips it has
        label = T("{card}, {tips}", card=describe_first(cid), tips=_tips_text(cid))
    return Action(f"take:{cid}", _label(label), "card")


# A spot's action, made once for its number, its words and its score: the same spots come back turn
# after turn (their labels are messages, which cost a placement a tenth of its time to build anew).
@lru_cache(maxsize=20_000)
def _place_action(n: int, card: str, tip: str, bend: str, points: int) -> Action:
    label = _spot_label(n, spot_words(card, tip, bend), points)
    if len(label) > 80:  # the longest words of a moved stem: the score stays, the edge goes
        label = _spot_label(n, _where(tip_words(card, tip), table.bend_words(bend, tip)), points)
    return Action(f"place:{card}:{tip}:{bend}", _label(label), "place")


def _label(text: str) -> str:
    """An action's label, at most 80 characters (the message itself when it fits)."""
    return text if len(text) <= 80 else text[:80]


@lru_cache(maxsize=100_000)
def _line_points(cards: tuple[str, ...]) -> int:
    return sum(rules.score_line(cards).values())


class KigiState(GameState):
    def __init__(self) -> None:
        self.n = 0
        self.advanced = False
        self.rng = Rng(0)
        self.phase = TAKE
        self.current = 0
        self.trees: list[rules.Tree] = []
        self.collections: list[list[str]] = []
        self.held: list[list[str]] = []
        self.points: list[int] = []
        self.bonus: list[int] = []
        self.deck: list[str] = []  # top of the deck is the end of the list
        self.display: list[str] = []
        self.removed: list[str] = []
        self.dealt: list[list[str]] = []  # advanced game: the two commissions dealt to each seat
        self.chosen: list[str | None] = []
        self.pending_card: str | None = None
        self.pending_tree: int | None = None  # the tree shown while placing
        self.shown: list[
            int
        ] = []  # the trees shown during this placement, in order (pending_tree among them)
        self.turn = 0
        # Legal spots per tree (rules.room), kept up to date as cards are placed; None: to compute.
        # Derived from the trees, not state: never saved, shared by copies (a room is never mutated).
        self._rooms: list[rules.Room | None] = []
        # The last placing actions built, with what they were built from (rooms compared by identity).
        self._acts: tuple | None = None

    # --- setup -----------------------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict) -> KigiState:
        s = cls()
        s.n = num_players
        s.advanced = bool(options.get("advanced", False))
        s.rng = Rng(seed)
        trunks = sorted(TRUNKS)
        s.rng.shuffle(trunks)
        s.trees = [rules.new_tree(trunks[i]) for i in range(num_players)]
        s._rooms = [None] * num_players
        s.removed = sorted(trunks[num_players:])
        s.collections = [[] for _i in range(num_players)]
        s.held = [[] for _i in range(num_players)]
        s.points = [0] * num_players
        s.current = s.rng.randrange(num_players)
        commissions = sorted(COMMISSIONS)
        if s.advanced:
            s.rng.shuffle(commissions)
            s.dealt = [commissions[2 * i : 2 * i + 2] for i in range(num_players)]
            s.chosen = [None] * num_players
            commissions = commissions[2 * num_players :]
        s.deck = sorted(TREE_CARDS) + commissions
        s.rng.shuffle(s.deck)
        if s.advanced:
            s.phase = CHOOSE
        else:
            s._refill()
        return s

    # --- contract --------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == CHOOSE:
            return [i for i in range(self.n) if self.chosen[i] is None]
        return [self.current]

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        if self.phase == OVER:
            return [p + b for p, b in zip(self.points, self.bonus, strict=True)]
        return list(self.points)

    def score_parts(self) -> list[list[tuple[str, int]]] | None:
        if self.phase != OVER:
            return None
        points, commissions = P("kigi score", "points"), P("kigi score", "commissions")
        return [[(points, p), (commissions, b)] for p, b in zip(self.points, self.bonus, strict=True)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        totals = self.scores()
        best = max(totals)
        tied = [i for i in range(self.n) if totals[i] == best]
        reds = {i: rules.feature_count(self.trees[i], ("red",)) for i in tied}
        top = max(reds.values())
        return [i for i in tied if reds[i] == top]

    # --- where a card may go ------------------------------------------------
    def room(self, i: int) -> rules.Room:
        """The legal spots of tree ``i``, by tip."""
        r = self._rooms[i]
        if r is None:
            r = self._rooms[i] = rules.room(self.trees[i])
        return r

    def tips_with_room(self, i: int) -> list[Tip]:
        """Tips of tree ``i`` with at least one legal spot, left to right along the table."""
        return rules.ordered_tips(self.trees[i], self.room(i))

    def trees_with_room(self) -> list[int]:
        return [i for i in range(self.n) if self.room(i)]

    def spots(self, i: int) -> list[Spot]:
        """Every legal spot of tree ``i``, numbered in this order (1, 2...): tip by tip from left to
        right, each tip's spots from its leftmost turn to its rightmost."""
        r = self.room(i)
        return [s for t in self.tips_with_room(i) for s in r[t.key]]

    def _first_tree(self, seat: int) -> int:
        """The tree shown first while placing: the placer's own, else the next one with room."""
        return next(i for k in range(self.n) if self.room(i := (seat + k) % self.n))

    def choices(self) -> list[tuple[Tip, Spot]]:
        """What the deciding seat numbers now: every spot of the tree shown."""
        if self.phase == PLACE:
            return [(s.tip, s) for s in self.spots(self.pending_tree)]
        return []

    def _preview(self, tip: Tip) -> int:
        """What placing the pending card on ``tip`` scores (the same for every bend)."""
        tree = self.trees[self.pending_tree]
        return _line_points((self.pending_card, *rules.line(tree, tip.card)))

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == CHOOSE:
            return [_keep_action(c) for c in self.dealt[seat]]
        if self.phase == TAKE:
            return [_take_action(cid) for cid in self.display]
        key = (self.phase, self.current, self.pending_card, self.pending_tree, tuple(self.shown))
        rooms = [self.room(i) for i in range(self.n)]
        hit = self._acts
        if hit is not None and hit[0] == key and all(a is b for a, b in zip(hit[1], rooms, strict=True)):
            return list(hit[2])
        acts = self._placing_actions(seat)
        self._acts = (key, rooms, acts)
        return list(acts)

    def _placing_actions(self, seat: int) -> list[Action]:
        """Every spot of the tree shown (one select, numbered as the private picture numbers them),
        then one button for each other tree with room."""
        acts = []
        for n, (tip, s) in enumerate(self.choices(), start=1):
            acts.append(_place_action(n, tip.card, tip.name, s.bend, self._preview(tip)))
        for i in self.trees_with_room():
            if i != self.pending_tree:
                # Named as the picture names it: "alice's tree" ({p0} is filled in by the bot).
                k = len(self.spots(i))
                if i in self.shown:  # seen already in this placement: a way back, not a new look
                    if i == seat:
                        label = N("Back to your tree ({n} spot)", "Back to your tree ({n} spots)", k)
                    else:
                        label = N(
                            "Back to {p}'s tree ({n} spot)", "Back to {p}'s tree ({n} spots)", k, p=_seat(i)
                        )
                    acts.append(Action(f"tree:{i}", label, "back"))
                else:
                    if i == seat:
                        label = N("Your tree ({n} spot)", "Your tree ({n} spots)", k)
                    else:
                        label = N("{p}'s tree ({n} spot)", "{p}'s tree ({n} spots)", k, p=_seat(i))
                    acts.append(Action(f"tree:{i}", label, "tree"))
        return acts

    def prompt(self, seat: int) -> str:
        if self.phase == OVER:
            return T("The game is over.")
        if seat not in self.to_act():
            if self.phase == CHOOSE:
                return T("Waiting for the others to keep a commission.")
            return T("Waiting for {p}.", p=_seat(self.current))
        if self.phase == CHOOSE:
            return T("Keep one of your two commissions; the other goes into the deck.")
        if self.phase == TAKE:
            return T("Take a card from the display.")
        card = describe(self.pending_card)
        others = len(self.trees_with_room()) - 1
        if self.pending_tree == seat:
            if others:
                return N(
                    "Choose where {card} goes on your tree: the numbered outlines in your picture, "
                    "or look at another tree ({n} more with room).",
                    "Choose where {card} goes on your tree: the numbered outlines in your picture, "
                    "or look at another tree ({n} more with room).",
                    others,
                    card=card,
                )
            return T(
                "Choose where {card} goes on your tree: the numbered outlines in your picture.", card=card
            )
        p = _seat(self.pending_tree)
        if others:
            return N(
                "Choose where {card} goes on {p}'s tree: the numbered outlines in your picture, "
                "or look at another tree ({n} more with room).",
                "Choose where {card} goes on {p}'s tree: the numbered outlines in your picture, "
                "or look at another tree ({n} more with room).",
                others,
                card=card,
                p=p,
            )
        return T(
            "Choose where {card} goes on {p}'s tree: the numbered outlines in your picture.", card=card, p=p
        )

    # --- moves -------------------------------------------------------------
    def _do(self, seat: int, action_id: str) -> list[dict]:
        kind, _sep, arg = action_id.partition(":")
        self.turn += 1
        if kind == "keep":
            return self._keep(seat, arg)
        if kind == "take":
            return self._take(seat, arg)
        if kind == "tree":
            self.pending_tree = int(arg)
            if self.pending_tree not in self.shown:
                self.shown.append(self.pending_tree)
            text = T("{p} looks at {other}'s tree.", p=_seat(seat), other=_seat(arg))
            return [event(text, type="tree", seat=seat, tree=int(arg))]
        card, name, bend = arg.split(":")
        return self._place(seat, card, name, bend)

    def _keep(self, seat: int, cid: str) -> list[dict]:
        self.chosen[seat] = cid
        events = [
            event(T("{p} has kept a commission.", p=_seat(seat)), type="keep", seat=seat),
            event(T("You keep {text}.", text=COMMISSION_TEXTS[cid]), type="keep", private_to=seat, card=cid),
        ]
        if any(c is None for c in self.chosen):
            return events
        returned = []
        for i in range(self.n):
            self.held[i].append(self.chosen[i])
            returned += [c for c in self.dealt[i] if c != self.chosen[i]]
            events.append(
                event(
                    T("{p} keeps {text}.", p=_seat(i), text=COMMISSION_TEXTS[self.chosen[i]]),
                    type="reveal",
                    seat=i,
                )
            )
        self.dealt = [[] for _i in range(self.n)]
        self.deck += sorted(returned)
        self.rng.shuffle(self.deck)
        self.phase = TAKE
        events += self._refill()
        return events

    def _take(self, seat: int, cid: str) -> list[dict]:
        self.display.remove(cid)
        if CARDS[cid]["kind"] == "commission":
            self.held[seat].append(cid)
            events = [
                event(
                    T("{p} keeps the {card}.", p=_seat(seat), card=describe(cid)),
                    type="commission",
                    seat=seat,
                    card=cid,
                )
            ]
            return events + self._end_turn()
        events = [
            event(T("{p} takes {card}.", p=_seat(seat), card=describe(cid)), type="take", seat=seat, card=cid)
        ]
        if not self.trees_with_room():
            self.removed.append(cid)
            events.append(
                event(
                    T("{card} fits on no tree and is discarded.", card=describe_first(cid)),
                    type="discard",
                    card=cid,
                )
            )
            return events + self._end_turn()
        self.pending_card = cid
        self.pending_tree = self._first_tree(seat)
        self.shown = [self.pending_tree]
        self.phase = PLACE
        return events

    def _place(self, seat: int, parent: str, tip_name: str, bend: str) -> list[dict]:
        owner = self.pending_tree
        tree = self.trees[owner]
        before = self.room(owner)
        s = next(s for s in before[(parent, tip_name)] if s.bend == bend)
        cid = self.pending_card
        placed = Placed(cid, s.x, s.y, s.heading, parent, tip_name)
        tree[cid] = placed
        self._rooms[owner] = rules.room_after_growth(before, tree, placed)
        self.pending_card = self.pending_tree = None
        self.shown = []
        events = [
            event(
                T(
                    "{p} places {card} on {owner}'s tree, from {spot}.",
                    p=_seat(seat),
                    card=describe(cid),
                    owner=_seat(owner),
                    spot=spot_words(parent, tip_name, bend),
                ),
                type="place",
                seat=seat,
                tree=owner,
                card=cid,
                parent=parent,
                tip=tip_name,
                bend=bend,
            )
        ]
        line = rules.line(tree, cid)
        gained = rules.score_line(line)
        total = sum(gained.values())
        if total:
            self.points[seat] += total
            # TRANSLATORS: a feature and the points it scores along a line ("pink 4")
            detail = L([T("{feature} {points}", feature=SHORT_NAMES[f], points=n) for f, n in gained.items()])
            events.append(
                event(
                    T(
                        "{p} scores {total} ({detail}) along a line of {n}.",
                        p=_seat(seat),
                        total=total,
                        detail=detail,
                        n=len(line),
                    ),
                    type="score",
                    seat=seat,
                    points=total,
                    features=gained,
                )
            )
        if total >= PRUNE_AT:
            pruned = rules.prune(tree, line)
            self._rooms[owner] = None
            self.collections[owner] += pruned
            extra = len(pruned) - len(line)
            if extra:
                text = N(
                    "{p} prunes {n} card into their collection, {extra} of them cut off from the trunk.",
                    "{p} prunes {n} cards into their collection, {extra} of them cut off from the trunk.",
                    len(pruned),
                    p=_seat(owner),
                    extra=extra,
                )
            else:
                text = N(
                    "{p} prunes {n} card into their collection.",
                    "{p} prunes {n} cards into their collection.",
                    len(pruned),
                    p=_seat(owner),
                )
            events.append(
                event(
                    text,
                    type="prune",
                    seat=owner,
                    cards=pruned,
                )
            )
        return events + self._end_turn()

    def _refill(self) -> list[dict]:
        """Fill the display up to 3 from the deck; three commissions on display leave the game."""
        events = []
        before = set(self.display)
        while len(self.display) < DISPLAY_SIZE and self.deck:
            self.display.append(self.deck.pop())
        while sum(1 for c in self.display if CARDS[c]["kind"] == "commission") >= DISPLAY_SIZE:
            cleared, self.display = self.display, []
            self.removed += cleared
            texts = L([COMMISSION_TEXTS[c] for c in cleared])
            events.append(
                event(
                    T("Three commissions on display leave the game: {texts}.", texts=texts),
                    type="clear",
                    cards=cleared,
                )
            )
            while len(self.display) < DISPLAY_SIZE and self.deck:
                self.display.append(self.deck.pop())
        new = [c for c in self.display if c not in before]
        if new:
            texts = describe(new[0])
            for c in new[1:]:
                # TRANSLATORS: cards of Kigi's display, one after another ("card 3 (red); card 7 (pink)")
                texts = T("{cards}; {card}", cards=texts, card=describe(c))
            events.append(event(T("New on the display: {texts}.", texts=texts), type="refill", cards=new))
        return events

    def _end_turn(self) -> list[dict]:
        self.phase = TAKE
        events = self._refill()
        if not self.display:
            return events + self._finish()
        self.current = (self.current + 1) % self.n
        return events

    def commission_results(self) -> list[list[tuple[str, bool]]]:
        """For each seat, its commissions and whether each is met now (ties count as met)."""
        stats = [rules.tree_stats(self.trees[i], len(self.collections[i])) for i in range(self.n)]
        out = []
        for i in range(self.n):
            row = []
            for cid in self.held[i]:
                com = COMMISSIONS[cid]
                values = [s[com["stat"]] for s in stats]
                target = max(values) if com["most"] else min(values)
                row.append((cid, values[i] == target))
            out.append(row)
        return out

    def _finish(self) -> list[dict]:
        self.phase = OVER
        results = self.commission_results()
        self.bonus = [COMMISSION_BONUS * sum(met for _c, met in row) for row in results]
        events = []
        for i, row in enumerate(results):
            for cid, met in row:
                if met:
                    text = T(
                        "{p}: {text}, met: +{bonus}.",
                        p=_seat(i),
                        text=COMMISSION_TEXTS[cid],
                        bonus=COMMISSION_BONUS,
                    )
                else:
                    text = T("{p}: {text}, not met.", p=_seat(i), text=COMMISSION_TEXTS[cid])
                events.append(event(text, type="commission_result", seat=i))
        totals = self.scores()
        win = self.winners()
        names = ""
        for i in win:
            names = T("{names} and {name}", names=names, name=_seat(i)) if names else _seat(i)
        text = N("Game over. {names} wins.", "Game over. {names} win.", len(win), names=names)
        events.append(event(text, type="end", scores=totals))
        return events

    # --- invariants and hidden information ----------------------------------
    def check_invariants(self) -> None:
        places = (
            [c for t in self.trees for c in t]
            + [c for col in self.collections for c in col]
            + [c for h in self.held for c in h]
            + [c for d in self.dealt for c in d]
            + self.display
            + self.deck
            + self.removed
            + ([self.pending_card] if self.pending_card else [])
        )
        assert len(places) == TOTAL_CARDS, f"{len(places)} cards instead of {TOTAL_CARDS}"
        assert sorted(places) == sorted(CARDS), "a card is missing or doubled"
        for t in self.trees:
            trunk = t[rules.trunk_of(t)]
            assert trunk.parent is None and CARDS[trunk.card]["kind"] == "trunk"
            assert (trunk.x, trunk.y, trunk.heading) == (0, 0, table.TRUNK_HEADING)
            used = set()
            seen = {rules.trunk_of(t)}
            for cid, p in list(t.items())[1:]:
                assert p.card == cid and CARDS[cid]["kind"] == "tree" and p.parent in seen, "parents first"
                seen.add(cid)
                if p.legacy:  # regrown from a grid save where no legal spot was left: kept as it was put
                    continue
                assert (p.parent, p.tip) not in used, "two cards on one tip"
                used.add((p.parent, p.tip))
                tip = next(x for x in rules.card_tips(t[p.parent]) if x.name == p.tip)
                assert table.bend_between(tip, p.heading, p.x, p.y) is not None, "not grown from its tip"
                assert table.card_box(p.x, p.y, p.heading)[1] >= 0, "a card hangs over the table's edge"
        assert (self.phase == PLACE) == (self.pending_card is not None) == (self.pending_tree is not None)
        if self.phase == PLACE:
            assert self.room(self.pending_tree), "the tree shown has room"
            assert self.pending_tree in self.shown and len(set(self.shown)) == len(self.shown), "shown trees"
        else:
            assert not self.shown, "trees are shown only while placing"
        if self.phase == TAKE:
            assert self.display, "nothing to take during play"

    def copy(self) -> KigiState:
        """A fast copy for AI search (no JSON round trip); the same as load_state(to_json())."""
        s = KigiState()
        s.n, s.advanced, s.phase, s.current, s.turn = (
            self.n,
            self.advanced,
            self.phase,
            self.current,
            self.turn,
        )
        s.rng = Rng.from_json(self.rng.to_json())
        s.trees = [dict(t) for t in self.trees]
        s._rooms = list(self._rooms)
        s._acts = self._acts
        s.collections = [list(c) for c in self.collections]
        s.held = [list(h) for h in self.held]
        s.points, s.bonus = list(self.points), list(self.bonus)
        s.deck, s.display, s.removed = list(self.deck), list(self.display), list(self.removed)
        s.dealt, s.chosen = [list(d) for d in self.dealt], list(self.chosen)
        s.pending_card, s.pending_tree = self.pending_card, self.pending_tree
        s.shown = list(self.shown)
        s._undo_seat = self._undo_seat
        return s

    def _hidden_mark(self) -> tuple:
        # The deck is face down (a refill turns cards up); the RNG shuffles returned commissions.
        return len(self.deck), self.rng.state

    def determinize(self, seat: int, seed: int) -> KigiState:
        s = self.copy()
        rng = Rng(seed)
        if s.phase == CHOOSE:
            # Others' dealt pairs and the commissions in the deck are unknown to seat.
            pool = [c for c in s.deck if c in COMMISSIONS]
            for i in range(s.n):
                if i != seat:
                    pool += s.dealt[i]
            pool.sort()
            rng.shuffle(pool)
            for i in range(s.n):
                if i != seat:
                    s.dealt[i] = [pool.pop(), pool.pop()]
                    if s.chosen[i] is not None:
                        s.chosen[i] = s.dealt[i][0]
            s.deck = sorted(TREE_CARDS) + pool
        s.deck.sort()
        rng.shuffle(s.deck)
        s.rng = Rng(seed)
        return s

    # --- views and serialisation --------------------------------------------
    def _card_view(self, cid: str) -> dict:
        return dict(CARDS[cid])

    def _tree_view(self, i: int) -> dict:
        tree = self.trees[i]
        roomy = set(self.room(i))
        used = rules.used_tips(tree)
        cards = []
        for cid, p in tree.items():
            kind = CARDS[cid]["kind"]
            tips = []
            for t in rules.card_tips(p):
                state = "used" if t.key in used else "room" if t.key in roomy else "blocked"
                tips.append({"name": t.name, "x": t.x, "y": t.y, "dir": t.direction, "state": state})
            card = {
                "id": cid,
                "kind": kind,
                "x": p.x,
                "y": p.y,
                "heading": p.heading,
                "parent": p.parent,
                "tip": p.tip,
                "corners": [list(c) for c in table.corners(p.x, p.y, p.heading)],
                "tips": tips,
                "icons": [[f, x, y] for f, x, y in rules.card_icons(p)],
            }
            if p.legacy:
                card["legacy"] = True  # placed under the old (grid) rules
            if kind == "trunk":
                card["feature"] = CARDS[cid]["feature"]
            else:
                card["features"] = dict(CARDS[cid]["features"])
            cards.append(card)
        stats = rules.tree_stats(tree, len(self.collections[i]))
        # full: no turn and no point of any tip gives a legal spot (the pictures say so in words)
        full = not self.room(i)
        return {"owner": i, "trunk": rules.trunk_of(tree), "cards": cards, "stats": stats, "full": full}

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator). Everything is public except the deck order and,
        while advanced-game commissions are being chosen, the other seats' dealt pairs and choices.

        Keys: game, seat, num_players, to_act, scores (points so far; at the end points + commission
        bonuses), over, winners, phase ("choose" | "take" | "tree" | "tip" | "bend" | "over"), current
        (seat whose turn it is), advanced, points (placement points), projected_bonus (commission bonus
        per seat if the game ended now; final at the end), features (icon order), table (card_width,
        card_length, icon_radius, half_width: the geometry in table units), trees (per seat: owner,
        trunk, cards [{id, kind, x, y (the stem), heading (degrees counter-clockwise from the table's
        edge), parent, tip (the parent's tip it grew from), corners [[x, y] * 4, counter-clockwise from
        the base's right end], tips [{name, x, y, dir, state: "room" | "blocked" | "used"}], icons
        [[feature, x, y]], features | feature, legacy (only when true: regrown from a grid save with
        no legal spot left, kept where it was put)}], stats {collection, cards, branches, flowers,
        bugs, red}, full (no legal spot at all: "<name>'s tree is full")), display (cards), deck_size,
        removed_count, commissions (per seat: held cards, face up, each with "met" now), collections
        (sizes), pending (None, or {seat, card, tree (the tree shown), trees (trees with room), tip
        (always None, kept for old readers), mode, choices}), choosing (None, or {chosen: [bool per
        seat], dealt: own two cards, kept: own choice}).

        ``pending.choices`` is filled only in the deciding seat's view (mode "place"), numbered as the
        actions are: [{n, card, tip, x, y (where the stem meets the tip's edge), tip_x, tip_y (the
        tip itself), points, bend (the bend key), words (the spot in words), extra (a further choice:
        a finer turn or a stem moved along the edge, offered where no first choice is legal),
        corners}].
        """
        results = self.commission_results()
        projected = [COMMISSION_BONUS * sum(met for _c, met in row) for row in results]
        v: dict = {
            "game": "kigi",
            "seat": seat,
            "num_players": self.n,
            "to_act": self.to_act(),
            "scores": self.scores(),
            "over": self.phase == OVER,
            "winners": self.winners(),
            "phase": self.phase,
            "current": self.current,
            "advanced": self.advanced,
            "points": list(self.points),
            "projected_bonus": projected,
            "features": list(FEATURE_ORDER),
            "table": {
                "card_width": table.CARD_WIDTH,
                "card_length": table.CARD_LENGTH,
                "icon_radius": table.ICON_RADIUS,
                "half_width": table.TABLE_HALF_WIDTH,
            },
            "trees": [self._tree_view(i) for i in range(self.n)],
            "display": [self._card_view(c) for c in self.display],
            "deck_size": len(self.deck),
            "removed_count": len(self.removed),
            "commissions": [[{**self._card_view(cid), "met": met} for cid, met in row] for row in results],
            "collections": [len(c) for c in self.collections],
            "pending": None,
            "choosing": None,
        }
        if self.phase == CHOOSE:
            v["choosing"] = {
                "chosen": [c is not None for c in self.chosen],
                "dealt": [self._card_view(c) for c in self.dealt[seat]] if seat is not None else [],
                "kept": self.chosen[seat] if seat is not None else None,
            }
        if self.phase == PLACE:
            pending: dict = {
                "seat": self.current,
                "card": self._card_view(self.pending_card),
                "tree": self.pending_tree,
                "trees": self.trees_with_room(),
                "tip": None,
                "mode": None,
                "choices": [],
            }
            if seat == self.current:
                pending["mode"] = "place"
                for n, (t, s) in enumerate(self.choices(), start=1):
                    pending["choices"].append(
                        {
                            "n": n,
                            "card": t.card,
                            "tip": t.name,
                            "x": s.x,
                            "y": s.y,
                            "tip_x": t.x,
                            "tip_y": t.y,
                            "points": self._preview(t),
                            "bend": s.bend,
                            "words": spot_words(t.card, t.name, s.bend),
                            "extra": s.extra,
                            "corners": [list(c) for c in s.corners],
                        }
                    )
            v["pending"] = pending
        return v

    def to_json(self) -> dict:
        return {
            "n": self.n,
            "advanced": self.advanced,
            "rng": self.rng.to_json(),
            "phase": self.phase,
            "current": self.current,
            "turn": self.turn,
            # Per tree, per card in the order placed: [card, x, y, heading, parent, tip] (integers: exact),
            # and a 7th item true for a card kept as a grid save put it (Placed.legacy).
            "trees": [
                [
                    [p.card, p.x, p.y, p.heading, p.parent, p.tip, *([True] if p.legacy else [])]
                    for p in t.values()
                ]
                for t in self.trees
            ],
            "collections": [list(c) for c in self.collections],
            "held": [list(h) for h in self.held],
            "points": list(self.points),
            "bonus": list(self.bonus),
            "deck": list(self.deck),
            "display": list(self.display),
            "removed": list(self.removed),
            "dealt": [list(d) for d in self.dealt],
            "chosen": list(self.chosen),
            "pending_card": self.pending_card,
            "pending_tree": self.pending_tree,
            "shown": list(self.shown),
            "undo_seat": self._undo_seat,
        }

    @classmethod
    def from_json(cls, data: dict) -> KigiState:
        s = cls()
        s.n = data["n"]
        s.advanced = data["advanced"]
        s.rng = Rng.from_json(data["rng"])
        s.phase = data["phase"]
        s.current = data["current"]
        s.turn = data["turn"]
        s.trees = [
            {row[0]: Placed(*row) for row in t} if isinstance(t[0][0], str) else _from_grid(t)
            for t in data["trees"]
        ]
        s._rooms = [None] * s.n
        s.collections = [list(c) for c in data["collections"]]
        s.held = [list(h) for h in data["held"]]
        s.points = list(data["points"])
        s.bonus = list(data["bonus"])
        s.deck = list(data["deck"])
        s.display = list(data["display"])
        s.removed = list(data["removed"])
        s.dealt = [list(d) for d in data["dealt"]]
        s.chosen = list(data["chosen"])
        s.pending_card = data["pending_card"]
        s.pending_tree = data["pending_tree"]
        shown = list(data.get("shown", []))
        s._undo_seat = data.get("undo_seat")  # saves from before Undo have none
        if s.phase in OLD_PHASES:
            # Saved while choosing a tree, a tip, a bend (or a grid cell): choose the spot again, on the
            # tree chosen if it still has room (a regrown grid tree may have none), else the first.
            s.phase = PLACE
            if s.pending_tree is None or not s.room(s.pending_tree):
                s.pending_tree = s._first_tree(s.current) if s.trees_with_room() else None
            if s.pending_tree is None:  # a regrown grid save with no room left anywhere
                s.removed.append(s.pending_card)
                s.pending_card = None
                s._end_turn()
        # Saves from before the way back have none: the tree shown is then the only one seen.
        if s.pending_tree is None:
            s.shown = []
        else:
            s.shown = shown if s.pending_tree in shown else [*shown, s.pending_tree]
        return s


_GRID_TURN = {0: "straight", 1: "right", 3: "left"}  # the grid model's turn (quarter turns) -> tip
# The order a regrown card tries the ways it may lie from a tip: straight on first, then the least
# turn, then further turns and points along the edge (the nearest first).
_REGROW_ORDER = (
    "S",
    "L30",
    "R30",
    "L60",
    "R60",
    # Not the last resort (5-degree turns, thirds of a step): a save regrows as it always has.
    *(b for stage in table.further_candidates("left", fine=False) for b in stage),
)


def _regrow_order(tip: str) -> tuple[str, ...]:
    limit = table.SLIDES[tip]
    return tuple(b for b in _REGROW_ORDER if abs(table.parse_bend(b)[1]) <= limit)


def _from_grid(rows: list[list]) -> rules.Tree:
    """A tree saved by the grid model ([row, col, card, direction, parent row, parent col] per cell, in
    the order placed), regrown on the table checking every rule: each card on the same tip of the same
    parent, at the first legal spot of that tip (straight on, then the least turn, then the nearest
    point along its edge), else at the first legal spot of another free tip of the same parent. A card
    with no legal spot left keeps the grid's choice as near as the table allows (straight on from its
    tip, or the least turn that stays on the table) and is marked as placed under the old rules
    (``Placed.legacy``). So the lines (scores, pruning, commissions follow them) stay as they were and
    the match always loads."""
    cells = {(r, c): (cid, d, (pr, pc) if pr is not None else None) for r, c, cid, d, pr, pc in rows}
    trunk = next((cid for cid, _d, parent in cells.values() if parent is None), None)
    if trunk is None:  # no trunk saved: the first card stands in for it (never seen; never fail)
        trunk = rows[0][2]
    tree = rules.new_tree(trunk)
    for cid, d, parent in cells.values():
        if cid == trunk:
            continue
        pid, pd, _cell = cells.get(parent, (trunk, None, None))
        if pid not in tree:  # a parent saved after its child (never seen): grow from the trunk
            pid, pd = trunk, None
        name = _GRID_TURN.get((d - pd) % 4) if pd is not None else None
        tree[cid] = _regrow(tree, cid, pid, name)
    return tree


def _regrow(tree: rules.Tree, cid: str, pid: str, name: str | None) -> Placed:
    parent = tree[pid]
    printed = rules.card_tips(parent)
    used = rules.used_tips(tree)
    free = [t for t in printed if t.key not in used]
    tips = sorted(free, key=lambda t: t.name != name)  # the grid's own tip first
    icons = list(rules.card_icons(parent))
    for tip in tips:
        for bend in _regrow_order(tip.name):
            s = table.spot(tip, bend)
            if not table.problems(tree, s, icons):
                return Placed(cid, s.x, s.y, s.heading, pid, tip.name)
    # No legal spot: kept as the grid put it, as near as the table allows, under the old rules.
    tip = next((t for t in printed if t.name == name), tips[0] if tips else printed[0])
    spots = [table.spot(tip, b) for b in _regrow_order(tip.name)]
    s = next((x for x in spots if table.on_table(x)), spots[0])
    return Placed(cid, s.x, s.y, s.heading, pid, tip.name, True)

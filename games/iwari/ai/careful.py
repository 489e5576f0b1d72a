"""Iwari solo and co-op: a careful player against the Void (the strong AI's policy in these modes).

What a careful player does (the design note, "Solo and co-op"), and how this one does it:

- Tempo. Every Void card that reaches the table is an Infection, and the fourth of a pile a
  Corruption. A card revealed in the display comes when the deck decides; a card drawn into
  the hand is played when the player decides (in the Void action, several at once for one
  Infection). So the player refills from the deck (``draw_choice``): the Void's tempo is then
  the player's. The one exception: a display card of a biome the hand lacks and a territory the
  plan holds needs before the next Infections.
- The Void pawn's walk (``forecast``): from its connection, in number order, skipping the
  connections whose two territories are counted; the Void cards the player will play before
  the end (those in hand, and those the draws of the remaining turns bring) give the Infections
  ahead, and every 4th card of the row above the display a Corruption, which counts its two
  territories on the spot. Playing the cards before it one by one or two at once, the player
  can steer that Corruption onto one of the next connections (``plays_ahead``); the reading
  weighs the best of those ways half and the usual one half (the cards may not come in time).
- Per territory (``Reading.cost``): the fewest pieces the players must still add to control it
  after the hits it takes before it is counted (``costs._cheapest``: an Infection puts a
  Void Totem while the Totem limit has room, else a Ruin; a full territory is counted at once;
  the limit is one tribe's majority, so in co-op one Tent of each player leaves room for one).
- Cards in time (``shortfall``): the pieces a held territory still needs are only placed with
  cards of its biome (or a pair of one colour as a wild), 2 at most a turn. The held territories
  the next Infection hits and the pieces the hand cannot put there before it comes are a loss
  (``READY`` a piece), so a line keeps the card that territory needs rather than spend it for
  the Void, and a hand ready for the next hit reads better than one that is not (not on The
  Uncharted Paths, where such a hit sends its Void Totem away: ``shortfall``).
- Commitment: the players must hold N - target + 1 territories; the reading holds the cheapest
  of those still needed and gives up the others. A territory already invested in is cheap, so
  the choice does not flip back and forth; given-up territories are where the Void's pieces go.
- The Void action is chosen like the player's: every way to play it (a card of a completely
  explored biome to skip it, rule 1; Void pieces; Void cards) is tried and the one that leaves
  the best reading is taken, so Void pieces go into given-up territories, or fill a held one
  the players lead (it is counted at once, for them).
- Rule 3's free action and rule 4's moves are tried like any other move.
- The Uncharted Paths (``uncharted``): an Infection's Void Totem goes on the purple
  territory (the 5th there wins) and the territory keeps its room, so the cost of holding a
  territory counts the Void Totems it sends there, and the reading those the other territories
  send, played out hit by hit.
- Forgotten Island and The Long Road (``purple_cost``): the purple spaces are one more territory
  to hold, the Tents still needed there against the Ruins there and to come.

The search (``careful_action``): on one world dealt by ``determinize`` (so nothing hidden is
read: the seat's own hand, the board and the piles are what it knows), every whole move of
the seat (a compound turn's steps up to the next event), then the seat's next whole moves of
the same turn (the Void action after the player's action, a free action, a choice of the
Infection) are tried, and the line whose end reads best is played. A few milliseconds a
move; deterministic for the same state, seat and seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from games.ai.search import NAVIGATION_GROUPS
from games.iwari import void
from games.iwari.ai import uncharted as paths
from games.iwari.ai.costs import NEVER, _after_hits, _cheapest, _played_out, hits_until_counted, piece_counts
from games.iwari.common import FLOATING, FORGOTTEN, UNCHARTED
from games.iwari.data import (
    ASIDE_END,
    BIOME_CODES,
    CORRUPTION_CARDS,
    FLOATING_VOID_SETTLEMENT_WIN,
    UNCHARTED_VOID_WIN,
    VOID_CARD,
    VOID_CARDS,
    VOID_SETTLEMENT_WIN,
)

_cost = lru_cache(maxsize=1 << 16)(_cheapest)

# Pieces a player places in a turn on average (2 at most).
PIECES_PER_TURN = 1.7
# Cards that pass through a hand in a turn (drawn to refill it).
CARDS_PER_TURN = 2.6
# Whole moves followed one move further in the same turn, and how deep a turn is followed.
DEPTH = 3
BEAM = 6
LATE_WEIGHT = 1.0
# Void cards played together on average (a pair in hand is played at once: one Infection).
BULK = 1.5
# A card of a completely explored biome kept in hand: a Void action skipped later (rule 1).
SKIP_KEY = 0.3
# The Uncharted Paths: pieces a Void Totem ahead of the 5th on the purple territory is worth.
POOL_WEIGHT = 2.0
POOL_LOSS = 30.0
# The Uncharted Paths: each Void Totem on the purple territory, in pieces (moving one out costs two cards).
POOL_PIECE = 1.5
# Events ahead whose held territories' biomes are worth a card from the display (0: never).
URGENT = 2
# How far the reading trusts the player to steer the next Corruption (0: not at all, 1: fully).
STEER = 0.5
# Forgotten Island: Ruins that may still reach the purple spaces unasked (an Infection's Ruin
# goes to the closest space, which may be purple).
PURPLE_MARGIN = 0.5
# Pieces a Tent more than needed on the purple spaces is worth (at most two).
PURPLE_SPARE = 0.1
# Pieces a held territory the next Infection hits still needs and the hand cannot place next turn.
READY = 0.5
WIN, LOSS = 1000.0, -1000.0


@dataclass
class Reading:
    """The careful player's reading of a position (see the module docstring)."""

    events: list[tuple[tuple[int, ...], bool]] = field(default_factory=list)  # (territories, Corruption)
    hits: dict[int, int] = field(default_factory=dict)  # open territory -> Infections until counted
    cost: dict[int, int] = field(default_factory=dict)  # open territory -> pieces to add to hold it
    hold: list[int] = field(default_factory=list)
    give_up: list[int] = field(default_factory=list)
    need: int = 0
    pieces: int = 0  # the players' pieces left
    turns: float = 0.0  # turns left (all players')
    late: float = 0.0  # pieces the held territories need before their first hit and cannot get in time
    pool: int = 0  # The Uncharted Paths: Void Totems on the purple territory after the Infections ahead
    pool_lost: int = -1  # the event that would bring the 5th there (-1: none)
    pressure: float = 0.0  # Void Totems the Infections ahead send there (not the held ones': in their cost)
    value: float = 0.0
    counts: dict[int, tuple] = field(default_factory=dict)  # open territory -> ``piece_counts``


def void_unseen(st, seat: int) -> tuple[int, int]:
    """(Void cards, cards) the seat cannot see: the deck and the others' unknown cards."""
    unseen_void = VOID_CARDS - st.void_row - st.void_aside - st.display.count(VOID_CARD)
    unseen_void -= st.hands[seat][VOID_CARD]
    cards = len(st.deck)
    for s in range(st.n):
        if s != seat:
            unseen_void -= st.known[s][VOID_CARD]
            cards += sum(st.hands[s]) - sum(st.known[s])
    return max(0, unseen_void), cards


def in_hands(st, seat: int) -> int:
    """Void cards the seat knows to be in the players' hands (its own, those the others took face up)."""
    return st.hands[seat][VOID_CARD] + sum(st.known[s][VOID_CARD] for s in range(st.n) if s != seat)


def void_rate(st, seat: int) -> float:
    """Void cards that reach a hand per turn (the share of Void cards among the unseen cards)."""
    unseen_void, unseen = void_unseen(st, seat)
    return max(0.05, CARDS_PER_TURN * unseen_void / max(1, unseen))


def turns_left(st) -> float:
    """Turns (of all players) before a player to act has no piece left: the usual end."""
    least = min(st.tents_left[x] + st.totems_left[x] for x in range(st.n))
    return st.n * least / PIECES_PER_TURN


def plays_ahead(st, seat: int, turns: float) -> list[list[float]]:
    """Ways the Void cards ahead may be played: each a list of cards per Infection.

    The Void cards in the seat's hand are played first, together (several Void cards played at
    once make one Infection), then those the remaining turns' draws bring (the share of Void
    cards among the unseen cards), one Infection for every ``BULK`` cards. Besides that default,
    the player can steer the next Corruption (the card that fills the row above the display) onto
    one of the next connections by playing the cards before it one by one, the last two maybe
    together: one way for each (the reading takes the best).
    """
    unseen_void, _ = void_unseen(st, seat)
    held = in_hands(st, seat)
    drawn = min(turns * void_rate(st, seat), unseen_void)
    default = ([held] if held else []) + [BULK] * int(drawn / BULK + 0.5)
    out = [default]
    need = CORRUPTION_CARDS - st.void_row
    if held + drawn >= need and st.void_aside < ASIDE_END:
        rest = held + drawn - need
        tail = [BULK] * int(rest / BULK + 0.5)
        for j in range(max(0, need - 2), need):  # a pair at most (a third Void card skips the action)
            steered = [1] * j + [need - j] + tail
            if steered != default:
                out.append(steered)
    return out


def forecast(st, seat: int, plays: list[float]) -> list[tuple[tuple[int, ...], bool]]:
    """The Infections ahead: the open territories each hits, and whether it is a Corruption.

    ``plays``: the Void cards of each Infection (``plays_ahead``). Each Infection moves the pawn
    on; the 4th card of the row above the display makes a Corruption, which counts its
    territories (the pawn skips connections whose two territories are counted).
    """
    conns = st.board.connections
    counted = [c >= 0 for c in st.claimed]
    row = st.void_row
    corruptions = ASIDE_END - st.void_aside
    out: list[tuple[tuple[int, ...], bool]] = []
    p = st.pawn
    for cards in plays:
        if corruptions <= 0:
            break
        for _ in range(len(conns)):
            c = conns[p]
            if not (counted[c.a] and counted[c.b]):
                break
            p = (p + 1) % len(conns)
        c = conns[p]
        if counted[c.a] and counted[c.b]:
            break
        row += cards
        corrupt = row >= CORRUPTION_CARDS
        out.append((tuple(t for t in (c.a, c.b) if not counted[t]), corrupt))
        if corrupt:
            row = 0
            corruptions -= 1
            counted[c.a] = counted[c.b] = True
        p = (p + 1) % len(conns)
    return out


def open_counts(st) -> dict[int, tuple]:
    """``piece_counts`` of every territory not yet counted (a reading's ``counts``)."""
    return {t: piece_counts(st, t) for t in range(st.board.num_territories) if st.claimed[t] < 0}


def read(st, seat: int, plays: list[float] | None = None, counts: dict[int, tuple] | None = None) -> Reading:
    """The reading of a position, from what ``seat`` knows (see the module docstring), for one
    way of playing the Void cards ahead (``plays``; default: the first of ``plays_ahead``).
    ``counts``: the position's ``open_counts`` when already taken (the same for every ``plays``)."""
    b = st.board
    r = Reading()
    r.counts = open_counts(st) if counts is None else counts
    r.pieces = sum(st.tents_left[x] + st.totems_left[x] for x in range(st.n))
    r.turns = turns_left(st)
    if plays is None:
        plays = plays_ahead(st, seat, r.turns)[0]
    r.events = forecast(st, seat, plays)
    open_ = [t for t in range(b.num_territories) if st.claimed[t] < 0]
    r.hits, closed = hits_until_counted(r.events, open_)
    tents = sum(st.tents_left[x] for x in range(st.n))
    totems = sum(st.totems_left[x] for x in range(st.n))
    uncharted = b.key == UNCHARTED
    hand = in_hands(st, seat)
    rate = void_rate(st, seat)

    def by_event(i: int) -> float:
        """Pieces the players can place before event i: the Void cards in hand come in the
        next turns, the others at the rate the draws bring them."""
        when = i if i < min(1, hand) else min(1, hand) + (i - min(1, hand) + 1) * BULK / rate
        return 2 + PIECES_PER_TURN * when

    for t in open_:
        tp, tv, mp, mv, free, allowed, lead = r.counts[t]
        counts = (tp, tv, mp, mv, free, allowed, r.hits[t])
        if uncharted:  # the Void Totems it sends to the purple territory count too
            cost = paths.hold_cost(*counts, min(tents, 6), min(totems, 5), lead)
        else:
            cost = _cost(*counts, False, min(tents, 6), min(totems, 5), lead)[0]
        if t in closed and cost > by_event(closed[t]):
            cost = NEVER
        r.cost[t] = cost
    held = st.claimed.count(0)
    r.need = b.num_territories - st.target + 1 - held
    ranked = sorted(open_, key=lambda t: (r.cost[t], r.hits[t], t))
    r.hold = ranked[: max(0, r.need)]
    r.give_up = ranked[max(0, r.need) :]
    if uncharted:
        # An Infection's Void Totem goes on the purple territory where the Totem limit has room:
        # how many will be there, after how many events the 5th would come (it wins), and how
        # many the territories not held send (``uncharted``).
        r.pool, r.pool_lost, r.pressure = paths.pool_reading(st, r.events, set(r.hold))
    # In time? A held territory needs its pieces before its first hit: taken in the order of
    # their first hits, the pieces needed so far against the pieces placeable by then.
    first = {t: len(r.events) for t in r.hold}
    for i in range(len(r.events) - 1, -1, -1):
        for t in r.events[i][0]:
            if t in first:
                first[t] = i
    so_far = 0.0
    for t in sorted(r.hold, key=lambda t: first[t]):
        i = first[t]
        if i >= len(r.events):
            break
        so_far += r.cost[t]
        r.late = max(r.late, so_far - by_event(i))
    return r


def evaluate(st, seat: int) -> float:
    """Higher is better for the players: a won game, else minus the pieces the plan still needs
    (for the best way of playing the Void cards ahead)."""
    if st.over:
        return WIN if st.winners() else LOSS - st.claimed.count(1)
    if st.claimed.count(1) >= st.target:
        return LOSS
    turns = turns_left(st)
    counts = open_counts(st)
    readings = [read(st, seat, plays, counts) for plays in plays_ahead(st, seat, turns)]
    values = [_value(st, seat, r) for r in readings]
    # The default way, and the best the player may steer to (it may not get the cards for it).
    value = (1 - STEER) * values[0] + STEER * max(values)
    return value + _extras(st, seat) - READY * shortfall(st, seat, readings[0])


def placeable(st, hand, t: int) -> int:
    """Pieces the hand's cards can pay for in territory t in one turn (the engine's ``payments``:
    a card of its biome each, or a pair of one other colour; 2 pieces at most, one Tent in an
    unexplored territory)."""
    most = 2 if st.solo_rules.explored(t) else 1
    return next((k for k in range(most, 0, -1) if st.placement.payments(hand, st.board.biome[t], k)), 0)


def shortfall(st, seat: int, r: Reading) -> int:
    """Pieces the held territories that the next Infection hits still need and the hand cannot
    place (a card of their biome, or a pair) before it comes.

    Not on The Uncharted Paths: there a hit on a territory with room under the Totem limit sends
    its Void Totem to the purple territory, whatever the hand holds, and weighing the hand's
    readiness lost games (100 games a mode: solo 11 wins against 22 without it, co-op 24 against 31)."""
    if not r.events or st.board.key == UNCHARTED:
        return 0
    hand = st.hands[seat]
    return sum(
        max(0, r.cost[t] - placeable(st, hand, t))
        for t in r.events[0][0]
        if t in r.hold and 0 < r.cost[t] < NEVER
    )


def _value(st, seat: int, r: Reading) -> float:
    if r.need > len(r.cost):
        return LOSS + 1
    need_cost = sum(r.cost[t] for t in r.hold)
    value = -float(need_cost)
    short = need_cost - r.pieces
    if short > 0:
        value -= 3.0 * short
    value -= LATE_WEIGHT * r.late
    # Held territories that the next two Infections hit and that cannot take a hit now.
    soon = [t for terrs, _ in r.events[:2] for t in terrs]
    for t in r.hold:
        if t in soon and r.cost[t] > 0:
            value -= 0.3
    value -= paths.ARRIVAL * r.pressure  # The Uncharted Paths (0 elsewhere)
    if r.pool_lost >= 0:
        # The sooner the 5th Void Totem would come, the worse (a move out of the purple
        # territory, or Totem limits kept full, put it off).
        value -= POOL_WEIGHT * (r.pool - UNCHARTED_VOID_WIN + 1) + POOL_LOSS / (1 + r.pool_lost)
    value -= purple_cost(st, r)
    # Tie-break: the hold set controlled as it stands (``control``, on the counts).
    value += 0.05 * sum(1 for t in r.hold if _played_out(*r.counts[t][:6], 0, False)[0])
    r.value = value
    return value


def _extras(st, seat: int) -> float:
    """What the reading does not see: a skip key in hand (rule 1), the map's threats."""
    value = 0.0
    hand = st.hands[seat]
    explored = st.solo_rules.explored_biomes()
    if any(hand[c] for c in explored):
        value += SKIP_KEY
    return value - _threats(st)


def _threats(st) -> float:
    """The map's own ways for the Void to win, in pieces."""
    b = st.board
    v = st.n
    out = 0.0
    ruins = [s for s, o in enumerate(st.owner) if o == v]
    if ruins:
        win = FLOATING_VOID_SETTLEMENT_WIN if b.key == FLOATING else VOID_SETTLEMENT_WIN
        biggest, seen = 0, set()
        for s in ruins:  # each settlement once
            if s not in seen:
                group = void._void_group(st, s)
                seen.update(group)
                biggest = max(biggest, len(group))
        if biggest >= win - 3:
            out += 2.0 * (biggest - (win - 4))
    if b.key == UNCHARTED:
        out += POOL_PIECE * st.void_pool
    return out  # the purple spaces of Forgotten Island and The Long Road: ``purple_cost``


def purple_cost(st, r: Reading) -> float:
    """Forgotten Island and The Long Road: the purple spaces read as one more territory to hold.

    The Void wins at the end with more Ruins than Tents there. The Ruins to come: on The Long
    Road every Ruin an Infection puts in a territory goes on its free purple spaces first (the
    hits each territory takes before it is counted, played out on its counts); on Forgotten
    Island only the Void action's do (the player chooses them), and an Infection's Ruin may
    land there (``PURPLE_MARGIN``). The cost: the Tents the players still need there, in pieces;
    more than the free purple spaces can take: lost (a large cost, finite to rank moves)."""
    b = st.board
    purple = b.ruin_spaces if b.key == FORGOTTEN else b.purple_road
    if not purple:
        return 0.0
    v = st.n
    ruins = tents = free = 0
    future = PURPLE_MARGIN if b.key == FORGOTTEN else 0.0
    open_free: dict[int, int] = {}
    for s in purple:
        o = st.owner[s]
        if o == v:
            ruins += 1
        elif 0 <= o < v:
            tents += 1
        elif o == -1 and st.claimed[b.space_terr[s]] < 0:
            free += 1
            open_free[b.space_terr[s]] = open_free.get(b.space_terr[s], 0) + 1
    if b.purple_road:
        for t, k in open_free.items():
            tp, tv, mp, mv, fr, allowed, lead = r.counts[t]
            placed = _after_hits(tp, tv, mp, mv, fr, allowed, r.hits.get(t, 0), False, lead)[3]
            future += min(k, placed)
    # The fewest Tents x to add there: each one also takes a space a Ruin could have had.
    for x in range(free + 1):
        if tents + x >= ruins + min(future, free - x):
            # Held: a small bonus for the margin (a Tent on a purple space rather than beside it).
            return float(x) if x else -PURPLE_SPARE * min(2.0, tents - ruins - min(future, free))
    return float(NEVER) + ruins - tents - free


# ---------------------------------------------------------------------- the search
def careful_action(state, seat: int, seed: int = 0) -> str:
    """The careful player's action for ``seat`` (which must be to act) in a solo/co-op game."""
    legal = [a.id for a in state.legal_actions(seat) if a.group not in NAVIGATION_GROUPS]
    if len(legal) == 1:
        return legal[0]
    if state.phase == "draw":
        return draw_choice(state, seat, legal)
    world = state.determinize(seat, seed)
    values = _judge(world, seat, legal, DEPTH)
    return max(legal, key=lambda a: (values[a], -legal.index(a)))


def draw_choice(state, seat: int, legal: list[str]) -> str:
    """Refill from the deck: a card revealed in the display is an Infection the player did not
    choose. Except for a card the plan needs at once (``URGENT`` events ahead), which the hand
    lacks: then it is taken from the display."""
    hand = state.hands[seat]
    if URGENT and any(a != "deck" for a in legal):
        r = read(state, seat)
        soon = [t for terrs, _ in r.events[:URGENT] for t in terrs]
        b = state.board
        wanted = [b.biome[t] for t in r.hold if t in soon and 0 < r.cost[t] < NEVER]
        for a in legal:
            if a != "deck" and BIOME_CODES.index(a[1]) in wanted and not hand[BIOME_CODES.index(a[1])]:
                return a
    if "deck" in legal:
        return "deck"
    # No deck: take the display card most useful to the hand (a biome the hand lacks).
    return min(legal, key=lambda a: (hand[BIOME_CODES.index(a[1])], a))


def _judge(world, seat: int, first: list[str], depth: int) -> dict[str, float]:
    """The value of each first step: its best whole move, the ``BEAM`` best followed to the end of the turn.

    A whole move after which the same seat goes on in the same turn (the Void action after the
    player's action) is judged by its best next move; those beyond the beam keep their own
    value less the mean loss the followed ones met, so that all are compared at the same point.
    """
    lines = []  # [value, first step, end state, goes on]
    for aid in first:
        for end in _whole_moves(world, seat, aid, 5):
            goes_on = depth > 1 and not end.over and end.to_act() == [seat] and _same_turn(end)
            lines.append([evaluate(end, seat), aid, end, goes_on])
    lines.sort(key=lambda x: -x[0])
    losses = []
    for line in [x for x in lines if x[3]][:BEAM]:
        end = line[2]
        nxt = [a.id for a in end.legal_actions(seat) if a.group not in NAVIGATION_GROUPS]
        then = max(_judge(end, seat, nxt, depth - 1).values()) if nxt else line[0]
        losses.append(line[0] - then)
        line[0], line[3] = then, False
    loss = sum(losses) / len(losses) if losses else 0.0
    best = dict.fromkeys(first, LOSS * 2)
    for value, aid, _, goes_on in lines:
        best[aid] = max(best[aid], value - loss if goes_on else value)
    return best


def _same_turn(st) -> bool:
    return st.phase in (
        "void",
        "free",
        "ruin",
        "order",
        "vsettle",
        "move",
        "moveto",
        "movespace",
        "pieces",
        "space",
    )


def _whole_moves(world, seat: int, aid: str, steps: int) -> list:
    """The states at the end of every whole move that starts with ``aid`` (up to its first event)."""
    child = world.copy()
    events = child._do(seat, aid)
    if (
        not child.over
        and not events
        and steps > 1
        and child.to_act() == [seat]
        and child.phase in ("pieces", "space", "move", "moveto", "movespace")
    ):
        nxt = [a.id for a in child.legal_actions(seat) if a.group not in NAVIGATION_GROUPS]
        if nxt:
            return [end for a in nxt for end in _whole_moves(child, seat, a, steps - 1)]
    return [child]


__all__ = ["Reading", "careful_action", "evaluate", "forecast", "plays_ahead", "read"]

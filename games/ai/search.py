"""Monte Carlo search over the engine contract.

Everything here drives a game only through ``games.base.GameState``:
``to_act``, ``legal_actions``, ``_do``, ``is_over``, ``scores``, ``winners``,
``copy`` and ``determinize``. No game is special-cased, so a new engine gets an
AI player for free.

Hidden information: every playout starts from ``state.determinize(seat, s)``, a
copy in which whatever ``seat`` cannot see has been dealt again at random (and
future chance re-seeded). The true state is read only for ``to_act()`` and the
searching seat's own ``legal_actions(seat)``, which depend on what that seat
may see. A game without ``determinize`` falls back to playouts on ``copy()``,
which can see hidden cards; ``Decision.fallback`` says so.

Determinism: all randomness comes from ``games.rng.Rng`` seeded by ``seed``.
A search spends a budget of **work**: engine steps (each ``_do`` of the tree's
descent and of the playouts), and stops once it has spent them, after the
iteration that crossed the line; and/or a number of iterations. The same state,
seat, seed and budget always give the same action, however busy the machine:
it only takes longer. A wall-clock ``deadline`` is a safety cap only (a move
never takes unbounded time); a search stopped by it is not reproducible.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field

from games.base import Action, GameState
from games.rng import Rng

# Reward = WIN_WEIGHT for a win (shared wins count for each winner) plus a small
# score-margin term in [-MARGIN_WEIGHT, MARGIN_WEIGHT] that prefers winning big
# and losing small, and breaks ties between otherwise equal lines.
WIN_WEIGHT = 1.0
MARGIN_WEIGHT = 0.2
# UCB exploration constants for rewards in about [-0.2, 1.2]. At the root we
# want the best move (not the least regret along the way), and a win/loss
# reward is noisy: explore more there, so that a move that lost its first few
# playouts by bad luck is not starved.
EXPLORATION = 1.0
ROOT_EXPLORATION = 1.5
# A game that judges its own positions (GameState.estimate) gives rewards with far less noise
# than random playouts: the search then explores less (this factor scales both constants).
ESTIMATE_EXPLORATION = 0.05
# A whole random game is bounded by the contract, but a runaway engine must not
# hang a bot: playouts stop after this many steps and are scored as they stand.
FULL_PLAYOUT_STEPS = 5000
# How often (in playout steps) the wall clock is consulted inside a playout.
CLOCK_EVERY = 16
# The work of judging a leaf with GameState.estimate instead of a playout, in engine steps.
ESTIMATE_WORK = 20


# Actions in these groups only navigate a compound turn ("back: choose another
# territory"); they decide nothing, so the AI takes them only when nothing else
# is legal. Searching them would spend playouts walking back and forth.
NAVIGATION_GROUPS = frozenset({"back", "undo"})


def decisions(actions: list[Action]) -> list[Action]:
    """The actions worth considering: all but navigation, unless navigation is all there is."""
    chosen = [a for a in actions if a.group not in NAVIGATION_GROUPS]
    return chosen or actions


class OutOfTime(Exception):
    """The wall-clock budget ran out in the middle of a playout."""


@dataclass
class Decision:
    """What a search chose, and how it got there (for logs, tests and benches)."""

    action: str
    level: str
    iterations: int = 0
    elapsed_s: float = 0.0
    # action id -> (visits, mean reward for the searching seat)
    stats: dict[str, tuple[int, float]] = field(default_factory=dict)
    # None, or why the search did something simpler than asked.
    fallback: str | None = None
    # Engine steps spent (the work budget's unit).
    work: int = 0


# ---------------------------------------------------------------------------
# Sampling worlds and scoring finished playouts


class Sampler:
    """Deals worlds consistent with what ``seat`` sees.

    ``exact`` is False when the game has no ``determinize``: then worlds are
    plain copies of the true state (hidden cards and future chance included).
    """

    def __init__(self, state: GameState, seat: int, seed: int) -> None:
        self.state = state
        self.seat = seat
        self.seed = seed
        self.exact = True
        # The first world doubles as the probe for determinize support.
        self._first: tuple[int, GameState] | None = None
        try:
            self._first = (world_seed(seed, 0), state.determinize(seat, world_seed(seed, 0)))
        except NotImplementedError:
            self.exact = False

    def sample(self, i: int) -> GameState:
        """The i-th world of this search (the same for the same seed and i)."""
        if not self.exact:
            return self.state.copy()
        s = world_seed(self.seed, i)
        if self._first is not None and self._first[0] == s:
            world, self._first = self._first[1], None
            return world
        return self.state.determinize(self.seat, s)


def world_seed(seed: int, i: int) -> int:
    """A well-mixed non-negative seed for the i-th world of a search seeded ``seed``."""
    return Rng((seed & 0xFFFFFFFF) << 32 | (i & 0xFFFFFFFF)).next64() >> 1


def rewards(state: GameState, n: int) -> list[float]:
    """Reward of every seat for a finished (or truncated) playout.

    Finished: WIN_WEIGHT to each winner, plus the margin term. Truncated: the
    running scores stand in for the result, as 0.5 +/- half the margin.
    """
    scores = state.scores()
    margins = _margins(scores, n)
    if state.is_over():
        winners = set(state.winners())
        return [(WIN_WEIGHT if s in winners else 0.0) + MARGIN_WEIGHT * margins[s] for s in range(n)]
    return [WIN_WEIGHT * (0.5 + 0.5 * margins[s]) for s in range(n)]


def _margins(scores: list[int], n: int) -> list[float]:
    """tanh of each seat's lead over its best rival, on the game's own scale."""
    if n == 0:
        return []
    scale = 2.0 + 0.2 * sum(abs(x) for x in scores) / n
    out = []
    for s in range(n):
        rival = max((scores[o] for o in range(n) if o != s), default=0)
        out.append(math.tanh((scores[s] - rival) / scale))
    return out


def playout(state: GameState, rng: Rng, max_steps: int, deadline: float | None) -> int:
    """Random legal moves until the game ends or ``max_steps`` moves are made; the moves made."""
    steps = 0
    while steps < max_steps and not state.is_over():
        if deadline is not None and steps % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            raise OutOfTime
        seats = state.to_act()
        seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
        actions = decisions(state.legal_actions(seat))
        state._do(seat, actions[rng.randrange(len(actions))].id)
        steps += 1
    return steps


# ---------------------------------------------------------------------------
# Searches


class _Node:
    """A decision point of the tree: the moves tried from here, by (seat, action id)."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[tuple[int, str], _Edge] = {}


class _Edge:
    """A move's statistics from the point of view of the seat that made it.

    ``outcomes`` splits what follows by what the searching seat observed when
    the move was made (public events and events private to it: a card drawn,
    a tile revealed), so later decisions in the tree can depend on it.
    """

    __slots__ = ("avail", "outcomes", "total", "visits")

    def __init__(self) -> None:
        self.outcomes: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


def _ucb(edge: _Edge, c: float) -> float:
    return edge.total / edge.visits + c * math.sqrt(math.log(edge.avail) / edge.visits)


def observation(events: list[dict], observer: int) -> str:
    """What ``observer`` learns from a move's events: the public ones and its own private ones."""
    return "\n".join(
        json.dumps(ev, sort_keys=True, default=str)
        for ev in events
        if ev.get("private_to") is None or ev.get("private_to") == observer
    )


def ismcts(
    state: GameState,
    seat: int,
    root_ids: list[str],
    sampler: Sampler | None = None,
    *,
    seed: int,
    iterations: int | None,
    deadline: float | None,
    max_depth: int | None = None,
    playout_steps: int = FULL_PLAYOUT_STEPS,
    observe: bool = True,
    level: str = "strong",
    work: int | None = None,
) -> Decision:
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

    One tree over action histories from ``seat``'s point of view; every
    iteration deals a fresh world with ``determinize`` and descends only
    through actions legal in that world, choosing by UCB with availability
    counts. Each edge records the reward of the seat that took it, so any
    number of seats, several seats in ``to_act()`` (taken in seat order inside
    the tree) and compound turns need nothing special. With ``observe`` the
    node after a move also depends on what ``seat`` observed (the move's
    public events and those private to it), so chance outcomes such as a drawn
    card split the tree as they split ``seat``'s information. ``max_depth=1``
    makes it flat Monte Carlo with UCB1 at the root. It stops after ``iterations`` iterations or
    once ``work`` engine steps are spent (whichever comes first), or at the safety ``deadline``.
    """
    start = time.perf_counter()
    rng = Rng(world_seed(seed, 0xFFFFFFFF))
    sampler = sampler or Sampler(state, seat, seed)
    n = state.num_players
    root = _Node()
    root_set = set(root_ids)
    done = tried = spent = 0
    # Does the game judge its own positions? Then the leaves use that instead of playouts.
    estimated = state.estimate() is not None
    while (iterations is None or done < iterations) and (work is None or spent < work):
        if deadline is not None and time.perf_counter() > deadline:
            break
        if tried > 4 * done + 100:
            break  # worlds keep offering none of the root moves: an engine quirk, stop looking
        world = sampler.sample(tried)
        tried += 1
        try:
            steps = _iterate(
                world, seat, root, root_set, rng, n, deadline, max_depth, playout_steps, observe, estimated
            )
        except OutOfTime:
            break
        if steps is None:
            continue
        spent += steps
        done += 1
    stats = {}
    for (_, aid), edge in root.edges.items():
        if edge.visits:
            stats[aid] = (edge.visits, edge.total / edge.visits)
    if stats:
        action = max(root_ids, key=lambda a: (stats.get(a, (0, -1.0)), -root_ids.index(a)))
    else:
        action = root_ids[rng.randrange(len(root_ids))]
    return Decision(
        action=action,
        level=level,
        iterations=done,
        elapsed_s=time.perf_counter() - start,
        stats=stats,
        fallback=None if sampler.exact else "no determinize: searched on copies of the true state",
        work=spent,
    )


def _iterate(
    world: GameState,
    seat: int,
    root: _Node,
    root_set: set[str],
    rng: Rng,
    n: int,
    deadline: float | None,
    max_depth: int | None,
    playout_steps: int,
    observe: bool,
    estimated: bool = False,
) -> int | None:
    """One selection/expansion/playout/backup pass: the engine steps it took (an estimate at the
    leaf counts as ESTIMATE_WORK of them). None if the world offered nothing."""
    node = root
    path: list[tuple[_Edge, int]] = []
    expand: tuple[_Node, tuple[int, str]] | None = None
    depth = 0
    while not world.is_over() and (max_depth is None or depth < max_depth):
        if node is root:
            mover = seat
            ids = [a.id for a in world.legal_actions(seat) if a.id in root_set]
            if not ids:
                return None
        else:
            mover = world.to_act()[0]
            ids = [a.id for a in decisions(world.legal_actions(mover))]
        untried = []
        best_key, best_edge, best_value = None, None, -math.inf
        c = ROOT_EXPLORATION if node is root else EXPLORATION
        if estimated:
            c *= ESTIMATE_EXPLORATION
        for aid in ids:
            key = (mover, aid)
            edge = node.edges.get(key)
            if edge is None:
                untried.append(key)
                continue
            edge.avail += 1
            value = _ucb(edge, c)
            if value > best_value:
                best_key, best_edge, best_value = key, edge, value
        depth += 1
        if untried:
            key = untried[rng.randrange(len(untried))]
            world._do(*key)
            expand = (node, key)
            break
        assert best_key is not None and best_edge is not None
        events = world._do(*best_key)
        path.append((best_edge, mover))
        seen = observation(events, seat) if observe else ""
        child = best_edge.outcomes.get(seen)
        if child is None:
            # A new outcome: its node starts empty; the playout below is its first visit.
            best_edge.outcomes[seen] = _Node()
            break
        node = child
    estimate = None if world.is_over() else world.estimate()
    if estimate is None:
        depth += playout(world, rng, playout_steps, deadline)
        result = rewards(world, n)
    else:
        # The game judges the position itself (GameState.estimate): no random playout.
        result = estimate
        depth += ESTIMATE_WORK
    if expand is not None:
        parent, key = expand
        edge = _Edge()
        parent.edges[key] = edge
        path.append((edge, key[0]))
    for edge, mover in path:
        edge.visits += 1
        edge.total += result[mover]
    return depth

"""AI players for every game, built only on the engine contract.

    from games.ai import choose, LEVELS
    action_id = choose(state, seat, level="strong", budget_s=2.0, seed=7)
    state.apply(seat, action_id)

Levels (``LEVELS`` maps each name to a line a person can read):

- ``random``: any legal move (a baseline for benchmarks and tests).
- ``quick``: flat Monte Carlo. Random playouts after each legal move (UCB1 over
  the moves), on worlds dealt by ``determinize``; at most ``QUICK_BUDGET_S``
  seconds' work (less if ``budget_s`` is smaller) and, unless ``iterations`` says
  otherwise, at most ``QUICK_PLAYOUTS_PER_ACTION`` playouts per legal move. A game
  whose ``GameState.estimate`` judges its positions (Iwari solo, co-op and two
  players) is played greedily instead: every whole move judged by the estimate on
  one determinized world (``plan`` without its look further into the turn).
- ``strong``: information-set Monte Carlo tree search (``search.ismcts``): a
  tree over the action history, one freshly determinized world per iteration,
  random playouts to the end, reward = win/loss plus a small score margin.
  After a move the tree splits by what the seat observed (the move's public
  events and those private to it, e.g. the card it drew), so its later
  decisions in the tree can depend on them. Thinks for ``budget_s`` (default
  2 s, clamped to 5 s). A game whose ``GameState.estimate`` judges its positions
  (Iwari solo and co-op, where random playouts nearly always lose and so say
  little, and Iwari at two players, where they nearly always end in the third
  tribe's win) is played by the planner instead (``plan``): every whole move of
  the seat (a compound turn's steps together) judged by the estimate on
  determinized worlds, the best ones followed through the rest of the turn and
  then judged by greedy rollouts (both sides playing the quick level's whole moves
  through two turns of the other seats), one world per iteration, as many as the
  work budget buys (at most ``MAX_PLAN_WORLDS``).

Budgets are work, not wall-clock time, so a busy host plays the same moves,
only slower. ``budget_s`` is seconds of thought on an unloaded machine: it buys
``budget_s * work_per_s(game)`` engine steps (``WORK_PER_S``, measured per game:
each ``_do`` of a search's tree descent and random playouts; ``search``);
``iterations`` caps the number of playouts. The search stops at whichever comes
first, and the same state, seat, seed and budgets always give the same action.
A wall-clock cap keeps a move from taking unbounded time on a loaded host: a
move stops after ``WALL_CAP`` times its budget (plus ``WALL_SLACK_S``) whatever
work is left; only a move stopped by the cap is not reproducible. A level
without any budget is refused.

Hidden information: the search reads the true state only through ``to_act()``
and ``legal_actions(seat)`` of the searching seat; every playout runs on
``state.determinize(seat, s)``. If a game does not implement ``determinize``,
the strong level falls back to the quick level on copies of the true state
(which can see hidden cards); ``analyse(...).fallback`` says so.

Actions whose group is in ``NAVIGATION_GROUPS`` ("back", "undo") only walk
around inside a compound turn; every level ignores them unless nothing else is
legal.

This package is pure Python (no discord, asyncio or Pillow) and has no
``GAME`` attribute, so the game registry skips it.
"""

from __future__ import annotations

import time

from games.ai.plan import plan
from games.ai.search import NAVIGATION_GROUPS, Decision, Sampler, decisions, ismcts
from games.base import GameState
from games.rng import Rng
from games.text import P, T

__all__ = [
    "DEFAULT_BUDGET_S",
    "LEVELS",
    "MAX_BUDGET_S",
    "NAVIGATION_GROUPS",
    "QUICK_BUDGET_S",
    "WORK_PER_S",
    "Decision",
    "analyse",
    "choose",
]

# What each level is, in words a person reads (the lobby's menu): messages, said in the reader's language.
LEVELS: dict[str, str] = {
    "random": T("Random: plays any legal move."),
    "quick": T("Quick: tries a few random games after each move (about 0.3 s a move)."),
    "strong": T("Strong: tree search over the possible hidden cards (up to the time budget)."),
}
# Each level's name as a computer seat's name says it ("AI 1 (quick)").
LEVEL_NAMES: dict[str, str] = {
    "random": P("ai level", "random"),
    "quick": P("ai level", "quick"),
    "strong": P("ai level", "strong"),
}
DEFAULT_LEVEL = "quick"
DEFAULT_BUDGET_S = 2.0
MAX_BUDGET_S = 5.0
QUICK_BUDGET_S = 0.3
# Without an explicit iteration budget, quick stops after this many playouts per legal move.
QUICK_PLAYOUTS_PER_ACTION = 8
# The planner (games whose estimate judges positions): at most this many worlds a decision.
MAX_PLAN_WORLDS = 16
# Engine steps a second of budget buys, per game (the search's steps per second of thread CPU
# time, measured with bench/ai_work.py; a game not listed gets DEFAULT_WORK_PER_S).
WORK_PER_S = {"iki": 45_000, "iwari": 25_000, "ikenokoi": 65_000, "kigi": 3_000}
DEFAULT_WORK_PER_S = 20_000
# Safety: a move stops after WALL_CAP times its budget of wall-clock time plus WALL_SLACK_S.
WALL_CAP = 4.0
WALL_SLACK_S = 0.5


def work_per_s(state: GameState) -> int:
    return WORK_PER_S.get(state.game.key, DEFAULT_WORK_PER_S)


def _work(state: GameState, budget: float | None) -> int | None:
    """The engine steps a move with this budget may spend (None: no budget, iterations bound it)."""
    return None if budget is None else max(1, round(budget * work_per_s(state)))


def _cap(start: float, budget: float) -> float:
    """The wall-clock time after which a move with this budget stops, whatever work is left."""
    return start + WALL_CAP * budget + WALL_SLACK_S


def choose(
    state: GameState,
    seat: int,
    level: str = DEFAULT_LEVEL,
    budget_s: float | None = DEFAULT_BUDGET_S,
    seed: int = 0,
    iterations: int | None = None,
) -> str:
    """The id of a legal action for ``seat`` (which must be in ``state.to_act()``)."""
    return analyse(state, seat, level, budget_s, seed, iterations).action


def analyse(
    state: GameState,
    seat: int,
    level: str = DEFAULT_LEVEL,
    budget_s: float | None = DEFAULT_BUDGET_S,
    seed: int = 0,
    iterations: int | None = None,
) -> Decision:
    """Like ``choose`` but returns the whole ``Decision`` (statistics, fallback)."""
    if level not in LEVELS:
        raise ValueError(f"Unknown AI level {level!r}; choose one of: {', '.join(LEVELS)}.")
    if seat not in state.to_act():
        raise ValueError(f"Seat {seat} is not to act now.")
    if budget_s is None and iterations is None:
        raise ValueError("Give the AI a time budget, an iteration budget, or both.")
    if iterations is not None and iterations < 1:
        raise ValueError("iterations must be at least 1.")
    start = time.perf_counter()
    root_ids = [a.id for a in decisions(state.legal_actions(seat))]
    if level == "random" or len(root_ids) == 1:
        rng = Rng(seed)
        return Decision(action=root_ids[rng.randrange(len(root_ids))], level=level)
    budget = None if budget_s is None else min(max(float(budget_s), 0.0), MAX_BUDGET_S)
    sampler = Sampler(state, seat, seed)
    if level == "quick":
        return _quick(state, seat, root_ids, sampler, seed, iterations, budget, start)
    if not sampler.exact:
        # Without determinize a deep tree would plan on the true hidden cards:
        # keep the damage small with the quick level, as documented.
        decision = _quick(state, seat, root_ids, sampler, seed, iterations, budget, start)
        decision.fallback = f"{decision.fallback}; strong fell back to quick"
        return decision
    deadline = None if budget is None else _cap(start, budget)
    if state.estimate() is not None:
        # The game judges its positions: plan whole moves on determinized worlds (games.ai.plan).
        worlds = iterations if iterations is not None else MAX_PLAN_WORLDS
        return plan(
            state, seat, root_ids, seed=seed, worlds=worlds, deadline=deadline, work=_work(state, budget)
        )
    return ismcts(
        state,
        seat,
        root_ids,
        sampler,
        seed=seed,
        iterations=iterations,
        deadline=deadline,
        work=_work(state, budget),
    )


def _quick(
    state: GameState,
    seat: int,
    root_ids: list[str],
    sampler: Sampler,
    seed: int,
    iterations: int | None,
    budget: float | None,
    start: float,
) -> Decision:
    budget = None if budget is None else min(budget, QUICK_BUDGET_S)
    if sampler.exact and state.estimate() is not None:
        # The game judges its positions: its whole moves judged greedily on one world, without
        # the game's own policy or a look at the rest of the turn (games.ai.plan).
        return plan(
            state,
            seat,
            root_ids,
            seed=seed,
            worlds=1,
            deadline=None if budget is None else _cap(start, budget),
            beam=0,
            replies=0,
            own_policy=False,
            level="quick",
        )
    if iterations is None:
        iterations = QUICK_PLAYOUTS_PER_ACTION * len(root_ids)
    return ismcts(
        state,
        seat,
        root_ids,
        sampler,
        seed=seed,
        iterations=iterations,
        deadline=None if budget is None else _cap(start, budget),
        max_depth=1,
        level="quick",
        work=_work(state, budget),
    )

"""A planner for games that judge their own positions (``GameState.estimate``).

Where a game's estimate is meaningful (Iwari solo and co-op: random playouts nearly always
lose and so say little; Iwari at two players: they nearly always end in the third tribe's win),
a tree search over single actions wastes its budget: a compound turn
(choose a territory, then the pieces and cards, then the tent spaces) changes nothing the
estimate sees until its last step, so the search meets a row of equal values and picks nearly
at random. The planner instead looks at whole moves:

- from the position, every decision of the seat is tried; a step that produces no event (a
  choice inside a compound move, such as a territory chosen before its pieces) is followed by
  the same seat's next steps, up to ``MAX_STEPS`` deep, until something happens (pieces placed,
  a card drawn, the Void acting) or the turn passes: a whole move;
- each whole move is judged by ``estimate`` (a finished game by its result);
- a game may say that the seat's next decision still belongs to the same turn and nothing
  hidden comes out before it (``plan_continues()``, Iwari: after the player's action comes the
  Void action, or the third tribe's, played with the cards left): then the ``BEAM`` best whole
  moves are followed by the best next whole move, and judged by where that leads;
- then the ``REPLIES`` best lines (each first step's best, ``DISTINCT``) are judged by a rollout
  (Tesauro and Galperin's): the game played on from the line's end, every mover playing its best
  whole move by the estimate on this world (the quick level's greedy policy; the other hands as
  ``determinize`` dealt them), through the rest of the seat's turn and ``ROLLOUT_TURNS`` turns of
  the other seats (the seat's own turns between them too), and judged where the seat decides next
  (a finished game by its result). So a move that leaves the other player a cheap gain, or spoils
  the seat's own next turn, ranks below one that does not; choosing by rollouts of a base policy
  tends to improve on that policy (the strong level; the quick level, the base policy, judges
  whole moves alone, on one world);
- the first step of the best line is played; at the next step the planner looks again.

A game may also know how to play itself in such a position (``GameState.policy(seat, seed)``,
Iwari solo and co-op: ``games.iwari.ai.careful``, a careful player's search over the turn's whole
moves on one determinized world): then the planner plays that move and deals no worlds itself.

Hidden information: the moves are tried on worlds dealt by ``determinize`` (the seat's own
cards are known, the deck and other hands dealt again), never on the true state, and the
judgement of each first step is averaged over the worlds (``worlds`` at most, as many as the
``work`` budget buys: each step tried is one engine step, each judgement ``ESTIMATE_WORK``; at
least one). Deterministic for the same state, seat, seed and budgets.
"""

from __future__ import annotations

import copy
import time

from games.ai.search import ESTIMATE_WORK, Decision, decisions, rewards, world_seed
from games.base import GameState

MAX_STEPS = 4  # a compound move: territory, pieces, spaces (and one more choice at most)
BEAM = 3  # whole moves followed further when the turn goes on (plan_continues)
REPLIES = 3  # lines judged by a rollout (the other seats' turns played out greedily)
ROLLOUT_TURNS = 2  # the other seats' turns a rollout plays (each mover's greedy whole moves)
DISTINCT = True  # the lines rolled out: each first step's best (else the best lines, any step)
ROLLOUT_STEPS = 8  # whole moves a turn of the rollout plays at most


def plan(
    state: GameState,
    seat: int,
    root_ids: list[str],
    *,
    seed: int,
    worlds: int,
    deadline: float | None,
    work: int | None = None,
    beam: int = BEAM,
    replies: int = REPLIES,
    own_policy: bool = True,
    level: str = "strong",
) -> Decision:
    """The first step of the best line for ``seat``, judged on up to ``worlds`` determinized worlds:
    as many as ``work`` engine steps buy (each step tried, and each judgement as ``ESTIMATE_WORK``
    of them; at least one world). ``beam``: the whole moves followed one move further when the
    turn goes on (0: none); ``replies``: the best lines then judged by a greedy rollout
    (``_rollout``; 0: none). ``own_policy``: play the game's own ``policy`` where it has one."""
    start = time.perf_counter()
    chosen = state.policy(seat, world_seed(seed, 0)) if own_policy else None
    if chosen is not None:
        # The game's own careful player (it reads the state only through a determinized world).
        return Decision(action=chosen, level="strong", iterations=1, elapsed_s=time.perf_counter() - start)
    totals = dict.fromkeys(root_ids, 0.0)
    counts = dict.fromkeys(root_ids, 0)
    done = 0
    spent = [0]  # engine steps tried and judgements made (the work budget's unit)
    for i in range(max(1, worlds)):
        if done and deadline is not None and time.perf_counter() > deadline:
            break
        if done and work is not None and spent[0] >= work:
            break
        world = state.determinize(seat, world_seed(seed, i))
        legal = {a.id for a in world.legal_actions(seat)}
        for aid, value in _judge(
            world, seat, [a for a in root_ids if a in legal], beam, spent, replies
        ).items():
            totals[aid] += value
            counts[aid] += 1
        done += 1
    stats = {a: (counts[a], totals[a] / counts[a]) for a in root_ids if counts[a]}
    action = max(root_ids, key=lambda a: (stats.get(a, (0, -1.0))[1], -root_ids.index(a)))
    return Decision(
        action=action,
        level=level,
        iterations=done,
        elapsed_s=time.perf_counter() - start,
        stats=stats,
        work=spent[0],
    )


def _judge(
    world: GameState, seat: int, first: list[str], beam: int, spent: list[int], replies: int = 0
) -> dict[str, float]:
    """The value of each first step: its best whole move, the best ones followed further.

    A whole move after which the turn goes on (``plan_continues``) is judged by the best next
    move (the ``beam`` best such lines); with ``replies``, the best line of each of the ``replies``
    best first steps is then judged by a greedy rollout (``_rollout``).
    """
    lines: list[list] = []  # [value, first step, end state]
    for aid in first:
        for end in _moves(world, seat, aid, MAX_STEPS, spent):
            lines.append([_value(end, seat, spent), aid, end])
    _further(lines, beam, lambda end: _goes_on(end, seat), lambda end: _greedy(end, seat, spent))
    if replies and DISTINCT:
        best_of: dict[str, list] = {}  # each first step's best line, the best first
        for line in sorted(lines, key=lambda x: -x[0]):
            best_of.setdefault(line[1], line)
        lines = list(best_of.values())
    if replies:
        _further(
            lines,
            replies,
            lambda end: not end.is_over(),
            lambda end: _rollout(end, seat, spent, ROLLOUT_TURNS),
        )
    best = dict.fromkeys(first, -1.0)
    for value, aid, _ in lines:
        best[aid] = max(best[aid], value)
    return best


def _further(lines: list[list], k: int, applies, follow) -> None:
    """Follow the ``k`` best lines that ``applies`` to one stage further (``follow``: the value
    and the state there). The other lines it applies to keep their value less the mean loss the
    followed ones met, so that all lines are compared at the same point."""
    lines.sort(key=lambda x: -x[0])
    pending = [line for line in lines if applies(line[2])]
    losses = []
    for line in pending[:k]:
        value, end = follow(line[2])
        losses.append(line[0] - value)
        line[0], line[2] = value, end
    loss = sum(losses) / len(losses) if losses else 0.0
    for line in pending[k:]:
        line[0] -= loss


def _goes_on(end: GameState, seat: int) -> bool:
    """The seat's next decision is still this turn and nothing hidden comes out before it."""
    return not end.is_over() and end.to_act() == [seat] and end.plan_continues()


def _greedy(state: GameState, mover: int, spent: list[int]) -> tuple[float, GameState]:
    """``mover``'s best whole move from ``state`` by the estimate: its value and where it ends."""
    best: tuple[float, GameState] = (_value(state, mover, spent), state)
    first = True
    for a in decisions(state.legal_actions(mover)):
        for end in _moves(state, mover, a.id, MAX_STEPS, spent):
            value = _value(end, mover, spent)
            if first or value > best[0]:
                best, first = (value, end), False
    return best


def _rollout(state: GameState, seat: int, spent: list[int], turns: int) -> tuple[float, GameState]:
    """Play the game on from ``state`` with every mover playing its best whole move by the estimate
    (the quick level's greedy policy, on this world: the other hands as ``determinize`` dealt them),
    through the rest of the seat's turn and ``turns`` turns of the other seats, up to the seat's next
    decision after them (or the end of the game: then its result): the seat's value there, and the
    state. A rollout (Tesauro and Galperin): a move is judged by how the game goes on after it when
    both sides play the base policy, which tends to improve on that policy."""
    others, prev = 0, seat  # the other seats' turns begun; the last mover
    for _ in range(ROLLOUT_STEPS * (turns + 1)):
        if state.is_over():
            break
        mover = state.to_act()[0]
        if mover == seat and others >= turns:
            break
        others += mover != seat and prev == seat
        prev = mover
        _, state = _greedy(state, mover, spent)
    return _value(state, seat, spent), state


def _moves(world: GameState, seat: int, aid: str, steps: int, spent: list[int]) -> list[GameState]:
    """The states at the end of every whole move that starts with ``aid``."""
    child = _clone(world)
    events = child._do(seat, aid)
    spent[0] += 1
    if not child.is_over() and not events and steps > 1 and child.to_act() == [seat]:
        nxt = [a.id for a in decisions(child.legal_actions(seat))]
        if nxt:
            return [end for a in nxt for end in _moves(child, seat, a, steps - 1, spent)]
    return [child]


def _clone(state: GameState) -> GameState:
    """A copy to try a step on: the game's own ``copy`` when it has one (Iwari: fast), else a deep
    copy (``GameState.copy`` goes through ``load_state``, which rebuilds the game's base class)."""
    if type(state).copy is not GameState.copy:
        return state.copy()
    return copy.deepcopy(state)


def _value(state: GameState, seat: int, spent: list[int]) -> float:
    spent[0] += ESTIMATE_WORK
    if state.is_over():
        return 1.0 if seat in state.winners() else 0.0  # on the estimate's scale
    judged = state.estimate()
    return judged[seat] if judged is not None else rewards(state, state.num_players)[seat]

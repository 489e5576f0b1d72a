"""A planner for games that judge their own positions (``GameState.estimate``).

Where a game's estimate is meaningful (Iwari solo and co-op: random playouts nearly always
lose and so say little), a tree search over single actions wastes its budget: a compound turn
(choose a territory, then the pieces and cards, then the tent spaces) changes nothing the
estimate sees until its last step, so the search meets a row of equal values and picks nearly
at random. The planner instead looks at whole moves:

- from the position, every decision of the seat is tried; a step that produces no event (a
  choice inside a compound move, such as a territory chosen before its pieces) is followed by
  the same seat's next steps, up to ``MAX_STEPS`` deep, until something happens (pieces placed,
  a card drawn, the Void acting) or the turn passes;
- each complete move is judged by ``estimate`` (a finished game by its result);
- the first step of the best move is played; at the next step the planner looks again.

Hidden information: the moves are tried on worlds dealt by ``determinize`` (the seat's own
cards are known, the deck and other hands dealt again), never on the true state, and the
judgement of each first step is averaged over the worlds (``worlds``: one per iteration of the
budget, at least one). Deterministic for the same state, seat, seed and number of worlds.
"""

from __future__ import annotations

import time

from games.ai.search import Decision, decisions, rewards, world_seed
from games.base import GameState

MAX_STEPS = 4  # a compound move: territory, pieces, spaces (and one more choice at most)


def plan(
    state: GameState,
    seat: int,
    root_ids: list[str],
    *,
    seed: int,
    worlds: int,
    deadline: float | None,
) -> Decision:
    """The first step of the best whole move for ``seat``, judged on ``worlds`` determinized worlds."""
    start = time.perf_counter()
    totals = dict.fromkeys(root_ids, 0.0)
    counts = dict.fromkeys(root_ids, 0)
    done = 0
    for i in range(max(1, worlds)):
        if done and deadline is not None and time.perf_counter() > deadline:
            break
        world = state.determinize(seat, world_seed(seed, i))
        legal = {a.id for a in world.legal_actions(seat)}
        for aid in root_ids:
            if aid not in legal:
                continue
            totals[aid] += _best(world, seat, aid, MAX_STEPS)
            counts[aid] += 1
        done += 1
    stats = {a: (counts[a], totals[a] / counts[a]) for a in root_ids if counts[a]}
    action = max(root_ids, key=lambda a: (stats.get(a, (0, -1.0))[1], -root_ids.index(a)))
    return Decision(
        action=action, level="strong", iterations=done, elapsed_s=time.perf_counter() - start, stats=stats
    )


def _best(world: GameState, seat: int, aid: str, steps: int) -> float:
    """The value for ``seat`` of playing ``aid`` and then the best continuation of the same move."""
    child = world.copy()
    events = child._do(seat, aid)
    if child.is_over():
        return 1.0 if seat in child.winners() else 0.0  # on the estimate's scale
    if not events and steps > 1 and child.to_act() == [seat]:
        nxt = [a.id for a in decisions(child.legal_actions(seat))]
        if nxt:
            return max(_best(child, seat, a, steps - 1) for a in nxt)
    judged = child.estimate()
    return judged[seat] if judged is not None else rewards(child, child.num_players)[seat]

"""The steps the service takes for the players: the rule both the match service and bot/merge.py
follow (its own module, so that neither imports the other). Pure: no Discord, no database."""

from __future__ import annotations

from games.base import GameState

MAX_FORCED = 1000  # forced steps in a row (the contract bounds every game; this bounds a faulty one)


def forced_steps(state: GameState, limit: int = MAX_FORCED) -> list[tuple[int, str, list[dict]]]:
    """Apply, in place, every step that is no decision: a seat to act with one legal action only.

    The engine contract leaves such steps to the player (every decision is an action), but a
    click that decides nothing is only a chore, so the service takes it at once. Where the rules
    give a real choice the seat has two actions or more, and it stays a click. Returns (seat,
    action id, events) per step; the events are marked ``forced`` for the log. At most ``limit``
    steps (bot/merge.py takes them one at a time, to look at each).
    """
    steps: list[tuple[int, str, list[dict]]] = []
    while not state.is_over() and len(steps) < limit:
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                break
        else:
            break
        events = [dict(e, forced=True) for e in state.apply(seat, legal[0].id)]
        steps.append((seat, legal[0].id, events))
    return steps

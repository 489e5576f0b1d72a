"""Fewer clicks, the same choices: a seat's next steps offered together where nothing comes between.

A step that reveals nothing and leaves the turn with the same seat (the engine's ``undoable``) is
followed by a decision the player could as well have taken with it: nothing new is known when they
take it. Such a step and the next are then one choice ("T2 Forest, 2 Tents: pay 2 Forest"), as long
as every way of a question fits one select menu. A step that draws, turns up or rolls anything
is never joined to the next: the player decides again with what it showed. Nothing is removed:
every sequence of steps the engine offers is still one of the choices, in one click or more.

A joined choice is an ``Action`` whose id is the engine ids joined by ``SEP``; the service applies
them in order in one transaction (each step logged as its own action, with its forced steps).
Pure: no Discord, no database.
"""

from __future__ import annotations

from games.ai import NAVIGATION_GROUPS
from games.base import Action, GameState, IllegalAction

SEP = "/"  # never in an engine's action id (tests/contract.py checks every engine; joined ids hold it)
MERGE_MAX = 25  # choices of one question: one select menu
MAX_DEPTH = 3  # engine steps in one choice
MAX_EXPAND = 40  # follow-ups looked at per question (each costs a copy of the state)


def split(choice_id: str) -> list[str]:
    return choice_id.split(SEP)


def _after(state: GameState, seat: int, path: tuple[str, ...]) -> GameState | None:
    """The state after ``path`` and the forced steps the service takes after each step, or None
    when a step is not legal any more."""
    from bot.service import forced_steps  # the service's own rule of forced steps

    work = state.copy()
    try:
        for action in path:
            work.apply(seat, action)
            forced_steps(work)
    except IllegalAction:
        return None
    return work


def _follow_ups(state: GameState, seat: int, choice: Action) -> list[Action] | None:
    """The choices ``choice`` and each next decision make together, or None when it cannot be
    joined (it revealed something, the turn passed, or the labels or ids would be too long)."""
    work = _after(state, seat, tuple(split(choice.id)))
    if work is None or not work.undoable(seat):
        return None
    following = [a for a in work.legal_actions(seat) if a.group not in NAVIGATION_GROUPS]
    if len(following) < 2:
        return None  # forced steps were taken; one left would be a navigation step only
    out = []
    for nxt in following:
        cid, label = f"{choice.id}{SEP}{nxt.id}", f"{choice.label}, {nxt.label}"
        if len(cid) > 80 or len(label) > 80:
            return None
        out.append(Action(cid, label, choice.group))
    return out


def choices(state: GameState, seat: int, limit: int = MERGE_MAX, depth: int = MAX_DEPTH) -> list[Action]:
    """The seat's choices now: the engine's legal actions, each question's joined with the next
    steps where every way of it fits ``limit`` (one select menu). Groups keep their order."""
    legal = state.legal_actions(seat)
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action.group, []).append(action)
    for group, acts in groups.items():
        if group in NAVIGATION_GROUPS:
            continue
        for _ in range(depth - 1):
            if len(acts) > MAX_EXPAND:
                break
            # Join each choice with its next steps while the question still fits ``limit``, in
            # order: where not all of them fit, the first are joined and the rest stay as they are.
            grown: list[Action] = []
            joined = False
            for n, action in enumerate(acts):
                more = _follow_ups(state, seat, action)
                if more is not None and len(grown) + len(more) + len(acts) - n - 1 <= limit:
                    grown += more
                    joined = True
                else:
                    grown.append(action)
            if not joined:
                break
            acts = grown
        groups[group] = acts
    return [a for acts in groups.values() for a in acts]

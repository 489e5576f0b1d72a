"""Fewer clicks, the same choices: a seat's next steps offered together where nothing comes between.

A step that reveals nothing and leaves the turn with the same seat (the engine's ``undoable``, asked
after the step and the forced steps the service takes behind it) is followed by a decision
the player could as well have taken with it: nothing new is known when they take it. Such a step
and the next are then one choice ("T2 Forest, 2 Tents: pay 2 Forest"). One decision keeps one
shape: a question of up to five options is buttons and never joined; a bigger one (a select menu)
is joined for every one of its options or for none, when all of them fit four menus; navigation
(back, undo, Kigi's look at another tree) is never joined. A step that draws, turns up or rolls
anything is never joined to the next: the player decides again with what it showed (the contract's
random games compare two worlds re-dealt for the seat: tests/contract.py). Nothing is removed:
every sequence of decisions the engine offers is still one of the choices, in one click or more.

A joined choice is an ``Action`` whose id is the engine ids joined by ``SEP``; the service applies
them in order in one transaction (each step logged as its own action, with its forced steps).
Pure: no Discord, no database.
"""

from __future__ import annotations

from bot.steps import forced_steps
from games.ai import NAVIGATION_GROUPS
from games.base import Action, GameState, IllegalAction
from games.text import T

SEP = "/"  # never in an engine's action id (tests/contract.py checks every engine; joined ids hold it)
MERGE_MAX = 100  # choices of one question: four select menus of 25 (a page holds five rows)
BUTTONS = 5  # a question of up to five options is a row of buttons (cogs/panel.py), never joined
JOIN = "+"  # a joined question's group: the kinds of its steps ("territory+pieces")
MAX_DEPTH = 3  # engine steps in one choice
MAX_EXPAND = 40  # follow-ups looked at per question (each costs a copy of the state)


def navigation(state: GameState) -> frozenset[str]:
    """The groups of steps that only walk around a decision (back, undo, and the game's own, its
    ``Game.navigation``: Kigi's look at another tree): never joined to anything, before or after."""
    return NAVIGATION_GROUPS | state.game.navigation


def split(choice_id: str) -> list[str]:
    return choice_id.split(SEP)


def _after(state: GameState, seat: int, path: tuple[str, ...]) -> GameState | None:
    """The state after ``path`` and the forced steps the service takes after each step, or None
    when a step is not legal any more, any of them revealed something or the turn passed.

    ``undoable`` speaks of the seat's last decision and everything after it: a forced step that
    draws a card clears it, one that reveals nothing leaves it as it was (games/base.py)."""
    work = state.copy()
    try:
        for action in path:
            work.apply(seat, action)
            forced_steps(work)
            if not work.undoable(seat) or seat not in work.to_act():
                return None
    except IllegalAction:
        return None
    return work


def follow_ups(state: GameState, seat: int, choice: Action) -> list[Action] | None:
    """The choices ``choice`` and each next decision make together, or None when it cannot be
    joined (it revealed something, the turn passed, only a navigation step follows, or the labels
    or ids would be too long). Navigation steps after it are left out: the player chose already."""
    work = _after(state, seat, tuple(split(choice.id)))
    if work is None:
        return None
    following = [a for a in work.legal_actions(seat) if a.group not in navigation(work)]
    if not following:
        return None
    out = []
    for nxt in following:
        # TRANSLATORS: a choice and the next step joined into one ("T2 Forest, 2 Tents: pay 2 Forest")
        cid, label = f"{choice.id}{SEP}{nxt.id}", T("{choice}, {then}", choice=choice.label, then=nxt.label)
        if len(cid) > 80 or len(label) > 80:
            return None
        out.append(Action(cid, label, f"{choice.group}{JOIN}{nxt.group}"))
    return out


def _joined(state: GameState, seat: int, acts: list[Action], limit: int) -> list[Action] | None:
    """Every choice of a question joined with its next steps, or None: when one of them cannot
    be joined, or all of them would not fit ``limit``. The question keeps its order."""
    grown: list[Action] = []
    for action in acts:
        more = follow_ups(state, seat, action)
        if more is None or len(grown) + len(more) > limit:
            return None
        grown += more
    # One question, one name: the kind of the first next step names them all ("territory+pieces").
    return [Action(a.id, a.label, grown[0].group) for a in grown]


def choices(
    state: GameState, seat: int, limit: int = MERGE_MAX, depth: int = MAX_DEPTH, buttons: int = BUTTONS
) -> list[Action]:
    """The seat's choices now: the engine's legal actions, a question of more than ``buttons``
    options (a select menu) joined with its next steps when every one of its options can be and
    all of them fit ``limit`` (one select menu), up to ``depth`` steps. A question of ``buttons``
    options or fewer stays buttons, and navigation stays alone: one decision keeps one shape.
    Groups keep their order; a joined question's group is its kinds joined by ``JOIN``."""
    groups: dict[str, list[Action]] = {}
    for action in state.legal_actions(seat):
        groups.setdefault(action.group, []).append(action)
    looking = navigation(state)
    for group, acts in groups.items():
        if group in looking or len(acts) <= buttons:
            continue
        for _i in range(depth - 1):
            if len(acts) > MAX_EXPAND:
                break
            grown = _joined(state, seat, acts, limit)
            if grown is None:
                break
            acts = grown
        groups[group] = acts
    return [a for acts in groups.values() for a in acts]

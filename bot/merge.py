"""Fewer clicks, the same choices: a seat's next steps offered together where nothing comes between.

A step that reveals nothing and leaves the turn with the same seat (the engine's ``undoable``, asked
after the step and the forced steps the service takes behind it) is followed by a decision
the player could as well have taken with it: nothing new is known when they take it. Such a step
and the next are then one choice ("T2 Forest, 2 Tents: pay 2 Forest"). One decision keeps one
shape: a question of up to five options is buttons and never joined; a bigger one (a select menu)
is joined for every one of its options or for none, when all of them fit four menus. A step
deeper, it is joined by first step and next question (a territory's plays and their tent space),
the groups that grow least first, as many as fit: most plays end in one choice when not all of
them can, and the rest keep asking their next step (issue 30). Navigation (back, undo, Kigi's
look at another tree) is never joined. A step that draws, turns up or rolls
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
MAX_EXPAND = 40  # options of a question looked at for its first join (each costs a copy of the state)


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


def _next(state: GameState, seat: int, choice: Action) -> tuple[str, list[Action] | None] | None:
    """The question that follows ``choice`` in the same choice: its kind (the group of its first
    option) and ``choice`` joined with each of its options (None when a label or an id would be
    too long to join). None when nothing can follow: ``choice`` revealed something, the turn
    passed, or only a navigation step follows. Navigation steps after it are left out: the
    player chose already."""
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
            return following[0].group, None
        out.append(Action(cid, label, f"{choice.group}{JOIN}{nxt.group}"))
    return following[0].group, out


def follow_ups(state: GameState, seat: int, choice: Action) -> list[Action] | None:
    """The choices ``choice`` and each next decision make together, or None when it cannot be
    joined (it revealed something, the turn passed, only a navigation step follows, or the labels
    or ids would be too long)."""
    nxt = _next(state, seat, choice)
    return None if nxt is None else nxt[1]


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


def _deeper(state: GameState, seat: int, grown: list[Action], limit: int) -> list[Action] | None:
    """A joined question one step deeper where it fits, or None where nothing more does.

    Its options are taken by their first step and the kind of the question that follows them
    (Iwari: a territory's plays that place a Tent, and its tent space; the same territory's plays
    without one, and the draw after them): such a group is joined with that question for all of
    its options or for none. The groups that grow least come first, as long as the whole still
    fits ``limit``, so that most of a question's plays end in one choice when not all of them can
    (joined as a whole they would not fit: issue 30's tent space asked apart). An option that
    nothing can follow stays as it is. The question keeps its order and its name."""
    units: dict[tuple[str, str], list[int]] = {}
    joined: list[list[Action] | None] = []
    for n, action in enumerate(grown):
        nxt = _next(state, seat, action)
        joined.append(None if nxt is None else nxt[1])
        if nxt is not None:
            units.setdefault((split(action.id)[0], nxt[0]), []).append(n)
    total, taken = len(grown), set()
    growth = {key: sum(len(joined[n] or ()) - 1 for n in at) for key, at in units.items()}
    for key in sorted(units, key=lambda k: growth[k]):  # stable: equal growth keeps the order
        if all(joined[n] is not None for n in units[key]) and total + growth[key] <= limit:
            total += growth[key]
            taken.update(units[key])
    if not taken:
        return None
    name = grown[0].group
    return [
        Action(a.id, a.label, name)
        for n, action in enumerate(grown)
        for a in (joined[n] if n in taken else [action])
    ]


def choices(
    state: GameState, seat: int, limit: int = MERGE_MAX, depth: int = MAX_DEPTH, buttons: int = BUTTONS
) -> list[Action]:
    """The seat's choices now: the engine's legal actions, a question of more than ``buttons``
    options (a select menu) joined with its next steps when every one of its options can be and
    all of them fit ``limit`` (four select menus), then deeper where it fits (``_deeper``), up to
    ``depth`` steps. A question of ``buttons``
    options or fewer stays buttons, and navigation stays alone: one decision keeps one shape.
    Groups keep their order; a joined question's group is its kinds joined by ``JOIN``."""
    groups: dict[str, list[Action]] = {}
    for action in state.legal_actions(seat):
        groups.setdefault(action.group, []).append(action)
    looking = navigation(state)
    for group, acts in groups.items():
        if group in looking or len(acts) <= buttons:
            continue
        if len(acts) > MAX_EXPAND or depth < 2:
            continue
        grown = _joined(state, seat, acts, limit)
        for _ in range(depth - 2):
            deeper = None if grown is None else _deeper(state, seat, grown, limit)
            if deeper is None:
                break
            grown = deeper
        groups[group] = grown or acts
    return [a for acts in groups.values() for a in acts]

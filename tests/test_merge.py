"""Joined choices (bot/merge.py): whole questions or none, no navigation joined, nothing lost, and
nothing shown that a draw, a turned-up card or a roll has not revealed yet (issues 30 and 36)."""

from __future__ import annotations

import random

import pytest

from bot import merge
from bot.service import forced_steps
from games import REGISTRY
from tests.contract import check_joined_choices_hide_what_is_not_known

SETUPS = [
    ("ikenokoi", 3, {}),
    ("iki", 3, {}),
    ("iwari", 3, {}),
    ("iwari", 1, {"mode": "solo", "map": "floating-lands"}),
    ("kigi", 3, {}),
]


def states(key: str, n: int, options: dict, seed: int, steps: int):
    """The moments of a random game where a seat decides (forced steps taken, as the service does)."""
    state = REGISTRY[key].new_state(n, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        forced_steps(state)
        if state.is_over():
            return
        seat = state.to_act()[0]
        yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)


def after(state, seat: int, step: str):
    work = state.copy()
    work.apply(seat, step)
    forced_steps(work)
    return work


def test_a_draw_that_turns_up_a_void_card_is_never_joined_to_what_follows():
    """Iwari solo, Floating Lands, seed 28 (random play): drawing from the deck turns up a Void card
    whose one way of playing is taken at once; ``undoable`` is True again after that forced step,
    and the menu offered "Draw from the deck, Play 1 Void card: Infection" in one world and not in
    another: it showed what the draw brings before the player drew."""
    for state, seat in states("iwari", 1, {"mode": "solo", "map": "floating-lands"}, 28, 120):
        check_joined_choices_hide_what_is_not_known(state, seat)
        for action in state.legal_actions(seat):
            if action.id == "deck":
                assert merge.follow_ups(state, seat, action) is None


def check_reachable(state, seat: int, joined: list[str]) -> int:
    """The joined choices starting with a step are that step followed by every next decision (alone
    or as the start of a longer choice), never a navigation step; the same one level down. Returns
    how many first steps were joined."""
    firsts = {merge.split(c)[0] for c in joined}
    for first in firsts:
        tails = [c.split(merge.SEP, 1)[1] for c in joined if c.startswith(first + merge.SEP)]
        work = after(state, seat, first)
        assert seat in work.to_act() and work.undoable(seat), f"{first} was joined after revealing something"
        nexts = {a.id for a in work.legal_actions(seat) if a.group not in merge.navigation(work)}
        assert {merge.split(t)[0] for t in tails} == nexts, f"a next step after {first} is lost"
        check_reachable(work, seat, [t for t in tails if merge.SEP in t])
    return len(firsts)


@pytest.mark.parametrize(("key", "n", "options"), SETUPS)
def test_joined_choices_are_whole_questions_without_navigation_and_lose_nothing(key, n, options):
    """Per question (group): every option joined with its next steps or none; up to five options
    never joined (buttons); navigation never joined; and the choices starting with a step are
    exactly that step followed by the choices offered after it, so every sequence of decisions the
    engine allows is still reachable, in one choice or more."""
    joined = 0
    for state, seat in states(key, n, options, 3, 160):
        legal = state.legal_actions(seat)
        offered = merge.choices(state, seat)
        assert {merge.split(c.id)[0] for c in offered} == {a.id for a in legal}
        for group in {a.group for a in legal}:
            ids = {a.id for a in legal if a.group == group}
            shapes = {merge.SEP in c.id for c in offered if merge.split(c.id)[0] in ids}
            assert len(shapes) == 1, f"{key}: {group} is joined for some options only"
            if group in merge.navigation(state) or len(ids) <= merge.BUTTONS:
                assert shapes == {False}, f"{key}: {group} ({len(ids)} options) was joined"
        joined += check_reachable(state, seat, [c.id for c in offered if merge.SEP in c.id])
    if key != "kigi":  # Kigi's questions of six options or more (the spots) end the turn
        assert joined, f"{key}: nothing was ever joined"

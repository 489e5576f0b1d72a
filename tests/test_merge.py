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


def check_deeper_by_first_step(state, seat: int, offered) -> None:
    """Below a question joined whole, a step deeper is joined by first step and next question: the
    options that share their first step (Iwari's territory) and the kind of the question after
    them (its tent space, or the draw) all go on to it, or none does; a question keeps one name."""
    units: dict[tuple[str, str], set[bool]] = {}
    for choice in offered:
        steps = merge.split(choice.id)
        if len(steps) < 2:
            continue
        head = merge.Action(merge.SEP.join(steps[:2]), "", "")
        following = merge.follow_ups(state, seat, head)
        if following is None:
            continue
        kind = following[0].group.split(merge.JOIN)[-1]
        units.setdefault((steps[0], kind), set()).add(len(steps) > 2)
    for (first, kind), deeper in units.items():
        assert len(deeper) == 1, f"{first}: the {kind} after it is joined for some of its options only"
    for group in {c.group.split(merge.JOIN)[0] for c in offered if merge.SEP in c.id}:
        names = {c.group for c in offered if merge.SEP in c.id and c.group.split(merge.JOIN)[0] == group}
        assert len(names) == 1, f"one question, several names: {names}"


def test_iwari_tent_space_is_joined_territory_by_territory_where_the_whole_does_not_fit():
    """Issue 30: the territory menu joined to the tent space for every play would not fit four menus
    of 25; the tent space is then joined territory by territory, those that grow least first, within
    the four menus, and a territory left at its pieces still asks its tent space next: nothing lost."""
    seen = 0
    for state, seat in states("iwari", 3, {}, 1, 300):
        offered = [c for c in merge.choices(state, seat) if c.group.startswith("territory")]
        if not offered or max(len(merge.split(c.id)) for c in offered) < 3:
            continue
        heads = {merge.SEP.join(merge.split(c.id)[:2]) for c in offered if merge.SEP in c.id}
        whole = sum(len(merge.follow_ups(state, seat, merge.Action(h, "", "")) or [h]) for h in heads)
        if whole <= merge.MERGE_MAX:
            continue
        assert len(offered) <= merge.MERGE_MAX
        check_deeper_by_first_step(state, seat, offered)
        ends = [c for c in offered if len(merge.split(c.id)) == 3 and merge.split(c.id)[2].startswith("s")]
        asked = []  # plays left at their pieces whose tent space comes next
        for c in offered:
            following = merge.follow_ups(state, seat, c) if len(merge.split(c.id)) == 2 else None
            if following and following[0].group.endswith(merge.JOIN + "space"):
                asked.append(c)
        if asked and ends:
            seen += 1
    assert seen >= 3, "no turn where the tent space was joined for some territories only"


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
        check_deeper_by_first_step(state, seat, offered)
    if key != "kigi":  # Kigi's questions of six options or more (the spots) end the turn
        assert joined, f"{key}: nothing was ever joined"

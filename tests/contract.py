"""The conformance checks every engine must pass, shared by all game tests.

``play_random`` plays one random legal game and checks the contract at every
step; the per-game test modules and ``test_contract.py`` call it.
"""

from __future__ import annotations

import itertools
import json
import random

from games import Game, GameState, IllegalAction
from games.ai.search import NAVIGATION_GROUPS

MAX_STEPS = 20_000
# The quick games check one step in UNDO_SAMPLE for what an undoable step shows (a copy of the state
# before every step would cost more than the game); the deep games check every step.
UNDO_SAMPLE = 16
BAD_IDS = ["", "nonsense", "x" * 81, "../../etc", "0", "-1", "pass;drop table"]


def option_combinations(game: Game) -> list[dict]:
    names = list(game.options)
    return [
        dict(zip(names, values, strict=True))
        for values in itertools.product(*(game.options[n] for n in names))
    ]


def roundtrip(game: Game, state: GameState) -> GameState:
    return game.load_state(json.loads(json.dumps(state.to_json())))


def check_views_hide_other_hands(state: GameState) -> None:
    """Every view is JSON-able; a spectator view is JSON-able and has no seat."""
    for seat in [None, *range(state.num_players)]:
        json.dumps(state.view(seat))


def check_joined_choices_hide_what_is_not_known(state: GameState, seat: int) -> None:
    """Two worlds re-dealt for ``seat`` (``determinize``: everything it cannot see drawn again) offer
    it the same joined choices of the panel (bot/merge.py): a choice never shows what a draw, a
    turned-up card or a roll after one of its steps will bring (issue 36). Besides the panel's
    choices, every legal step's joins with the next decision are compared (``follow_ups``), so the
    signal is checked for every question, not only those the panel joins today."""
    from bot import merge

    try:
        dealt = [state.determinize(seat, s) for s in (1, 2)]
    except NotImplementedError:  # an optional hook (the AI's toy games): nothing hidden to re-deal
        return
    worlds = []
    for world in dealt:
        shown = [(c.id, c.label) for c in merge.choices(world, seat) if merge.SEP in c.id]
        for action in world.legal_actions(seat):
            shown += [(c.id, c.label) for c in merge.follow_ups(world, seat, action) or []]
        worlds.append(shown)
    assert worlds[0] == worlds[1], (
        "a joined choice differs between two worlds the seat cannot tell apart: "
        f"{sorted(set(worlds[0]) ^ set(worlds[1]))[:4]}"
    )


def check_undoable_reveals_nothing(
    before: GameState, after: GameState, seat: int, action_id: str, events: list[dict], seed: int
) -> None:
    """A step the engine calls undoable showed ``seat`` nothing new: in the same world re-dealt
    for the seat (its ``determinize``), the same step shows the seat the same view and events.

    Undo rebuilds the state without the step, so a step that let the seat see a hidden card (a
    pool, a deck's top, another's hand) and could still be taken back would let it look and
    choose again. An engine with no ``determinize`` hides nothing it could check.
    """
    try:
        world = before.determinize(seat, seed)
    except NotImplementedError:
        return
    assert world.view(seat) == before.view(seat), "determinize changed what the seat sees"
    assert action_id in {a.id for a in world.legal_actions(seat)}, "a re-dealt world refused the step"
    world_events = world.apply(seat, action_id)
    assert world.view(seat) == after.view(seat), (
        f"undoable step {action_id!r} showed seat {seat} something hidden (its view depends on the deal)"
    )
    assert world_events == events, f"undoable step {action_id!r} told seat {seat} something hidden"


def check_step(game: Game, state: GameState, rng: random.Random, deep: bool) -> tuple[int, str]:
    """Check the contract at one moment and return the (seat, action id) to play."""
    seats = state.to_act()
    assert seats, "a game that is not over must have a seat to act"
    assert len(set(seats)) == len(seats)
    for seat in seats:
        acts = state.legal_actions(seat)
        assert acts, f"seat {seat} is to act but has no legal action"
        # A choice that leads nowhere: only a way back to the step before (a dead end in the menus).
        assert [a for a in acts if a.group not in NAVIGATION_GROUPS], f"seat {seat} can only go back: {acts}"
        ids = [a.id for a in acts]
        assert len(set(ids)) == len(ids), f"duplicate action ids: {ids}"
        # "/" joins steps into one choice of the panel (bot/merge.py): an engine's id never holds one.
        assert not [i for i in ids if "/" in i], f"action ids with a '/': {[i for i in ids if '/' in i]}"
        assert isinstance(state.prompt(seat), str) and state.prompt(seat)
    state.check_invariants()
    seat = rng.choice(seats)
    action = rng.choice(state.legal_actions(seat))
    if deep:
        before = json.dumps(state.to_json(), sort_keys=True)
        for bad in BAD_IDS:
            try:
                state.apply(seat, bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"made-up id {bad!r} was accepted")
        waiting = [s for s in range(state.num_players) if s not in seats]
        if waiting:
            try:
                state.apply(waiting[0], action.id)
            except IllegalAction:
                pass
            else:
                raise AssertionError("a seat not in to_act() was allowed to act")
        assert json.dumps(state.to_json(), sort_keys=True) == before, "an illegal action changed the state"
        check_views_hide_other_hands(state)
        for s in seats:
            check_joined_choices_hide_what_is_not_known(state, s)
    return seat, action.id


def random_log(
    game: Game, num_players: int, seed: int, options: dict | None = None
) -> tuple[list[tuple[int, str]], GameState]:
    """A random legal game to its end, unchecked: its (seat, action id) log and its final state."""
    state = game.new_state(num_players, seed, options or {})
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat)).id
        state.apply(seat, action)
        log.append((seat, action))
    return log, state


def play_random(game: Game, num_players: int, seed: int, options: dict, deep: bool = False) -> GameState:
    """Play a random legal game to its end, checking the contract on the way.

    With ``deep`` every step also checks JSON round trip, refusal of illegal ids
    and determinism (a replay from seed and ids gives the same final state).
    """
    rng = random.Random(seed)
    state = game.new_state(num_players, seed, options)
    history: list[tuple[int, str]] = []
    for _ in range(MAX_STEPS):
        if state.is_over():
            break
        seat, action_id = check_step(game, state, rng, deep)
        before = state.copy() if deep or len(history) % UNDO_SAMPLE == seed % UNDO_SAMPLE else None
        if deep:
            twin = roundtrip(game, state)
            events = state.apply(seat, action_id)
            twin_events = twin.apply(seat, action_id)
            assert events == twin_events, "a loaded state played differently"
            assert json.dumps(state.to_json(), sort_keys=True) == json.dumps(twin.to_json(), sort_keys=True)
        else:
            events = state.apply(seat, action_id)
        if before is not None and state.undoable(seat):
            check_undoable_reveals_nothing(before, state, seat, action_id, events, seed + len(history))
        for ev in events:
            assert isinstance(ev, dict) and isinstance(ev.get("text", ""), str)
        json.dumps(events)
        history.append((seat, action_id))
    else:
        raise AssertionError(f"game did not end within {MAX_STEPS} steps")
    assert state.to_act() == []
    # A finished game has a winner, unless a neutral side won and every seat lost (Iwari's third
    # tribe with 2 players, the Void in solo and co-op).
    public = state.view(None)
    assert state.winners() or public.get("neutral_won") or public.get("void_won"), (
        "a finished game needs a winner"
    )
    assert len(state.scores()) == num_players
    state.check_invariants()
    if deep:
        replay = game.new_state(num_players, seed, options)
        for seat, action_id in history:
            replay.apply(seat, action_id)
        assert replay.to_json() == state.to_json(), "replay from seed and actions differs"
    return state

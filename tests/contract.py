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
# What the views show is checked in the world of one seat (drawn at random) at every step of the
# deep games and at one step in SECRETS_SAMPLE of the quick ones; what a step that reveals nothing
# tells, at those steps and, for an undoable step, at one in UNDO_SAMPLE (a copy of the state and
# a re-dealt world at every step would cost more than the game).
UNDO_SAMPLE = 16
SECRETS_SAMPLE = 64
BAD_IDS = ["", "nonsense", "x" * 81, "../../etc", "0", "-1", "pass;drop table"]


def option_combinations(game: Game) -> list[dict]:
    names = list(game.options)
    return [
        dict(zip(names, values, strict=True))
        for values in itertools.product(*(game.options[n] for n in names))
    ]


def roundtrip(game: Game, state: GameState) -> GameState:
    return game.load_state(json.loads(json.dumps(state.to_json())))


def _first_difference(a, b, path: str = "") -> str:
    """Where two JSON-like values first differ, as a path (``phase``, ``territories[3].tents``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}".lstrip(".") + (
                    " (only in the true state)" if k in a else " (only in the world)"
                )
            if a[k] != b[k]:
                return _first_difference(a[k], b[k], f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path.lstrip('.') or 'the value'}: {a!r:.80} != {b!r:.80}"


def check_views_hide_other_hands(state: GameState, seed: int, seats: list[int] | None = None) -> None:
    """What a seat may see does not depend on what it cannot see (issue 33).

    For every seat, the world re-dealt for it by the engine's own ``determinize`` (everything the
    seat cannot see drawn again) shows the same ``view(seat)`` and the same ``view(None)``, the
    same ``to_act()`` and prompts of the seats to act (the board shows them to everyone) and the
    same legal actions with their labels to that seat. A view holding another's hand, the deck's
    order or a tentative choice of another seat differs between the worlds and fails here. An
    engine with no ``determinize`` (the AI's toy games) hides nothing it could check. ``seats``:
    the seats whose worlds are dealt (all when None).
    """
    public = state.view(None)
    json.dumps(public)
    acting = state.to_act()
    prompts = [(x, state.prompt(x)) for x in acting]
    for seat in range(state.num_players) if seats is None else seats:
        own = state.view(seat)
        json.dumps(own)
        try:
            world = state.determinize(seat, seed + seat)
        except NotImplementedError:
            continue
        where = f"seat {seat}'s re-dealt world"
        assert world.view(seat) == own, (
            f"{where} shows the seat another view: {_first_difference(own, world.view(seat))}"
        )
        assert world.view(None) == public, (
            f"{where} shows another public view: {_first_difference(public, world.view(None))}"
        )
        assert [(x, world.prompt(x)) for x in world.to_act()] == prompts, f"{where} prompts differently"
        if seat in acting:
            mine = [(a.id, a.label, a.group) for a in state.legal_actions(seat)]
            theirs = [(a.id, a.label, a.group) for a in world.legal_actions(seat)]
            assert theirs == mine, (
                f"{where} offers the seat other actions: {sorted(set(mine) ^ set(theirs))[:4]}"
            )


def check_step_tells_nothing_hidden(
    before: GameState, after: GameState, seat: int, action_id: str, events: list[dict], seed: int
) -> None:
    """A step that drew, turned up and rolled nothing (the engine's ``_hidden_mark`` unchanged, no
    private event) gives, in the world re-dealt for the seat that took it, the same events and the
    same view of that seat: its events, shown to everyone, say nothing of the deal. (A step that reveals something, the last one included, differs between worlds by nature
    and is not compared.)

    This guards Undo too: an undoable step is such a step (``GameState.apply``), and Undo rebuilds
    the state without it, so a step that let the seat see a hidden card (a pool, a deck's top,
    another's hand) and could still be taken back would let it look and choose again.
    """
    mark = before._hidden_mark()
    if mark is None or mark != after._hidden_mark() or any("private_to" in e for e in events):
        return
    if after.is_over():  # the end shows what was hidden (the secret cards of the final scoring)
        return
    try:
        world = before.determinize(seat, seed)
    except NotImplementedError:
        return
    assert action_id in {a.id for a in world.legal_actions(seat)}, "a re-dealt world refused the step"
    world_events = world.apply(seat, action_id)
    assert world_events == events, (
        f"step {action_id!r} of seat {seat} told something hidden: {events} != {world_events}"
    )
    for x in (seat, None):
        assert world.view(x) == after.view(x), (
            f"after step {action_id!r} the view of {x} depends on the deal: "
            f"{_first_difference(after.view(x), world.view(x))}"
        )


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
        step = len(history)
        secrets = deep or step % SECRETS_SAMPLE == seed % SECRETS_SAMPLE
        if secrets:
            check_views_hide_other_hands(state, seed + step, [hash((seed, step)) % num_players])
        before = state.copy() if secrets or step % UNDO_SAMPLE == seed % UNDO_SAMPLE else None
        if deep:
            twin = roundtrip(game, state)
            events = state.apply(seat, action_id)
            twin_events = twin.apply(seat, action_id)
            assert events == twin_events, "a loaded state played differently"
            assert json.dumps(state.to_json(), sort_keys=True) == json.dumps(twin.to_json(), sort_keys=True)
        else:
            events = state.apply(seat, action_id)
        if before is not None and (secrets or state.undoable(seat)):
            check_step_tells_nothing_hidden(before, state, seat, action_id, events, seed + step)
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

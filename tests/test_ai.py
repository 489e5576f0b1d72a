"""The AI players (games/ai): legal, blind to hidden cards, on budget, and able to finish every game.

Parametrized over ``games.REGISTRY`` (each engine is covered as it lands) and
over our toy games from ``test_ai_toys`` (covered even with no engine).
"""

from __future__ import annotations

import importlib
import itertools
import json
import random
import threading
import time

import pytest

import games.ai as ai
from games import REGISTRY, Game, GameState, IllegalSetup
from games.ai import LEVELS, analyse, choose
from games.rng import Rng
from tests.contract import option_combinations
from tests.test_ai_toys import NIM, NIM_NO_DET, TOYS, TRICKS, Nim, Tricks

PLAN = importlib.import_module("games.ai.plan")  # the module (games.ai.plan is also the function)
ALL = {**TOYS, **REGISTRY}
CASES = [(key, n) for key, game in sorted(ALL.items()) for n in game.player_counts]
IDS = [f"{key}-{n}p" for key, n in CASES]
GAME_KEYS = sorted(ALL)


def _new(game: Game, n: int, seed: int) -> GameState:
    """A new game of n players: default options, or the first options allowing n (e.g. a solo mode).

    Options that change one default come first (Iwari at 6 players needs only its map).
    """
    singles = [{name: value} for name, values in game.options.items() for value in values[1:]]
    for options in itertools.chain([{}], singles, itertools.islice(option_combinations(game), 500)):
        try:
            return game.new_state(n, seed, options)
        except IllegalSetup:
            continue
    raise AssertionError(f"{game.key}: no options found for {n} players")


def _midgame(game: Game, n: int, seed: int, steps: int) -> GameState:
    """A state a few random moves into a game (fewer if the game ends first)."""
    rng = random.Random(seed)
    state = _new(game, n, seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        nxt = state.copy()
        nxt.apply(seat, rng.choice(state.legal_actions(seat)).id)
        if nxt.is_over():
            break
        state = nxt
    return state


def _dump(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


# ---------------------------------------------------------------------------
# The interface


def test_levels_are_described() -> None:
    assert {"quick", "strong"} <= set(LEVELS)
    assert all(isinstance(text, str) and text for text in LEVELS.values())


def test_bad_calls_are_refused_clearly() -> None:
    state = NIM.new_state(2, 0, {})
    with pytest.raises(ValueError, match="Unknown AI level"):
        choose(state, 0, level="genius")
    with pytest.raises(ValueError, match="not to act"):
        choose(state, 1)
    with pytest.raises(ValueError, match="budget"):
        choose(state, 0, budget_s=None, iterations=None)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_seed_and_iterations_give_the_same_choice(level: str) -> None:
    state = _midgame(TRICKS, 3, 4, 2)
    seat = state.to_act()[0]
    first = analyse(state, seat, level, budget_s=None, seed=9, iterations=60)
    again = analyse(state, seat, level, budget_s=None, seed=9, iterations=60)
    assert (first.action, first.stats, first.iterations) == (again.action, again.stats, again.iterations)
    if level != "random":
        assert first.iterations == 60


def test_the_search_leaves_the_state_alone() -> None:
    state = _midgame(TRICKS, 3, 5, 4)
    before = _dump(state)
    for level in LEVELS:
        choose(state, state.to_act()[0], level, budget_s=None, iterations=40)
    assert _dump(state) == before


# ---------------------------------------------------------------------------
# Playing well enough to be worth the name


def test_strong_finds_the_winning_nim_move() -> None:
    # 5 stones, take 1-3, last stone wins: only taking 1 (leaving 4) wins.
    state = NIM.new_state(2, 0, {"stones": 5})
    assert choose(state, 0, "strong", budget_s=None, iterations=400, seed=1) == "take1"


@pytest.mark.parametrize("level", ["quick", "strong"])
def test_takes_an_immediate_win(level: str) -> None:
    state = NIM.new_state(3, 0, {"stones": 5})
    state.apply(0, "take2")  # 3 stones left: seat 1 wins by taking all of them
    assert choose(state, 1, level, budget_s=None, iterations=60, seed=2) == "take3"


@pytest.mark.parametrize("level", ["quick", "strong"])
def test_plays_a_compound_turn_to_the_end(level: str) -> None:
    # Last trick done, seat 0 trails 10-11 and may bank twice: bank, bank wins; stopping loses or ties.
    state = TRICKS.load_state(
        {"n": 2, "deck": [1, 2], "hands": [[], []], "played": [None, None], "scores": [10, 11]}
        | {"bonus": 0, "left": 2, "rng": 5}
    )
    assert choose(state, 0, level, budget_s=None, iterations=40, seed=3) == "bank"
    state.apply(0, "bank")
    assert state.to_act() == [0]
    assert choose(state, 0, level, budget_s=None, iterations=40, seed=3) == "bank"
    state.apply(0, "bank")
    assert state.is_over() and state.winners() == [0]


def test_strong_beats_random_at_nim() -> None:
    wins = 0
    for game_no in range(8):
        state = NIM.new_state(2, game_no, {"stones": 21})
        ai_seat = game_no % 2
        rng = random.Random(game_no)
        while not state.is_over():
            (seat,) = state.to_act()
            if seat == ai_seat:
                action = choose(state, seat, "strong", budget_s=None, iterations=300, seed=game_no)
            else:
                action = rng.choice(state.legal_actions(seat)).id
            state.apply(seat, action)
        wins += ai_seat in state.winners()
    assert wins >= 7


# ---------------------------------------------------------------------------
# Hidden information


def _swap_other_hand(state: Tricks, seat: int) -> Tricks:
    """The same state for ``seat``: another seat's hand swapped with deck cards, deck reversed."""
    twin = state.copy()
    other = (seat + 1) % state.num_players
    hand, deck = twin.d["hands"][other], twin.d["deck"]
    assert len(deck) >= len(hand)
    hand[:], deck[: len(hand)] = deck[: len(hand)], hand[:]
    hand.sort()
    deck.reverse()
    return twin


@pytest.mark.parametrize("level", ["quick", "strong"])
def test_choice_ignores_other_hands_and_deck_order(level: str) -> None:
    state = TRICKS.new_state(3, 21, {})
    twin = _swap_other_hand(state, 0)
    assert twin.d["hands"][1] != state.d["hands"][1] and twin.view(0) == state.view(0)
    a = analyse(state, 0, level, budget_s=None, iterations=120, seed=4)
    b = analyse(twin, 0, level, budget_s=None, iterations=120, seed=4)
    assert (a.action, a.stats) == (b.action, b.stats)


def test_hidden_info_check_has_teeth() -> None:
    """Searching on copies of the true state (what a cheat does) is caught by the same comparison."""

    class Peeking(Tricks):
        def determinize(self, seat: int, seed: int) -> GameState:
            raise NotImplementedError

    state = Peeking(TRICKS.new_state(3, 21, {}).to_json())
    twin = Peeking(_swap_other_hand(state, 0).to_json())
    a = analyse(state, 0, "strong", budget_s=None, iterations=120, seed=4)
    b = analyse(twin, 0, "strong", budget_s=None, iterations=120, seed=4)
    assert a.fallback and "fell back to quick" in a.fallback
    assert a.stats != b.stats


@pytest.mark.parametrize("key", GAME_KEYS)
def test_choice_depends_only_on_what_the_seat_sees(key: str) -> None:
    """Two states that differ only in what the seat cannot see get the same choice.

    The twin is ``state.determinize(seat, ...)``: hidden cards and deck order
    dealt again, everything the seat sees unchanged.
    """
    game = ALL[key]
    n = min(c for c in game.player_counts if c >= 2) if max(game.player_counts) >= 2 else 1
    for seed, steps in ((1, 3), (2, 25)):
        state = _midgame(game, n, seed, steps)
        seat = state.to_act()[-1]
        try:
            twin = state.determinize(seat, 777)
        except NotImplementedError:
            pytest.skip(f"{key} has no determinize yet")
        assert twin.view(seat) == state.view(seat), f"{key}: determinize changed what seat {seat} sees"
        for s in (1, 2):
            assert _dump(state.determinize(seat, s)) == _dump(twin.determinize(seat, s)), (
                f"{key}: determinize depends on hidden information (engine bug)"
            )
        # The planner (a game that judges its positions) rolls every world out: a few worlds do.
        iterations = 3 if state.estimate() is not None else 25
        for level in ("quick", "strong"):
            a = analyse(state, seat, level, budget_s=None, iterations=iterations, seed=seed)
            b = analyse(twin, seat, level, budget_s=None, iterations=iterations, seed=seed)
            assert (a.action, a.stats) == (b.action, b.stats), f"{key} {level}"


# ---------------------------------------------------------------------------
# Budgets


@pytest.mark.parametrize("key", GAME_KEYS)
def test_time_budget_is_respected(key: str) -> None:
    """A budget is work (engine steps), but a move never outlasts the wall-clock safety cap."""
    game = ALL[key]
    state = _new(game, max(game.player_counts), 5)
    seat = state.to_act()[0]
    for level, budget in (("strong", 0.4), ("quick", 2.0)):
        start = time.perf_counter()
        decision = analyse(state, seat, level, budget_s=budget, seed=1)
        elapsed = time.perf_counter() - start
        limit = min(budget, ai.QUICK_BUDGET_S) if level == "quick" else budget
        assert elapsed <= ai.WALL_CAP * limit + ai.WALL_SLACK_S + 1.0, f"{key} {level} took {elapsed:.2f}s"
        assert decision.action in {a.id for a in state.legal_actions(seat)}


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_the_same_budget_plays_the_same_move_on_a_busy_host(key: str) -> None:
    """A budget in seconds buys a fixed amount of work: the same state, seed and budget give the same
    move and the same statistics while another thread burns CPU beside the search (as the bot's AI
    seats share a core), only later."""
    game = REGISTRY[key]
    state = _new(game, max(game.player_counts), 3)
    seat = state.to_act()[0]
    quiet = [analyse(state, seat, level, budget_s=0.05, seed=9) for level in ("quick", "strong")]
    stop = threading.Event()

    def burn() -> None:
        x = 0
        while not stop.is_set():
            x = (x * 31 + 7) % 1_000_003

    burner = threading.Thread(target=burn)
    burner.start()
    try:
        busy = [analyse(state, seat, level, budget_s=0.05, seed=9) for level in ("quick", "strong")]
    finally:
        stop.set()
        burner.join()
    for a, b in zip(quiet, busy, strict=True):
        assert (a.action, a.stats, a.iterations, a.work) == (b.action, b.stats, b.iterations, b.work), key
        assert a.work > 0 or a.iterations == 0


def test_budget_is_clamped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "MAX_BUDGET_S", 0.2)
    state = TRICKS.new_state(3, 1, {})
    decision = analyse(state, 0, "strong", budget_s=1000, seed=1)
    assert 0.2 * ai.work_per_s(state) <= decision.work < 0.2 * ai.work_per_s(state) + 100
    assert decision.iterations > 0


def test_the_wall_clock_cap_stops_a_move_whatever_work_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host so slow (here: a budget buying far more work than can be done) still gets a move once
    the safety cap (WALL_CAP times the budget) has passed."""
    monkeypatch.setattr(ai, "DEFAULT_WORK_PER_S", 10**12)
    monkeypatch.setattr(ai, "WALL_SLACK_S", 0.0)
    state = TRICKS.new_state(3, 1, {})
    decision = analyse(state, 0, "strong", budget_s=0.05, seed=1)
    assert decision.iterations > 0 and decision.work < 10**10
    assert decision.elapsed_s >= ai.WALL_CAP * 0.05 - 0.05


def test_without_determinize_strong_falls_back_to_quick() -> None:
    state = NIM_NO_DET.new_state(2, 0, {"stones": 7})
    decision = analyse(state, 0, "strong", budget_s=None, iterations=50)
    assert decision.level == "quick" and "fell back" in (decision.fallback or "")
    assert decision.action in {a.id for a in state.legal_actions(0)}


# ---------------------------------------------------------------------------
# Whole games


@pytest.mark.parametrize(("key", "n"), CASES, ids=IDS)
def test_ai_finishes_whole_games_legally(key: str, n: int) -> None:
    """Seat 0 strong, the others quick, tiny iteration budgets; apply() refuses anything illegal."""
    game = ALL[key]
    state = _new(game, n, 42 + n)
    moves = 0
    while not state.is_over():
        seats = state.to_act()
        seat = seats[moves % len(seats)]
        level = "strong" if seat == 0 else "quick"
        # The planner (a game that judges its positions) rolls every world out: one world does.
        iterations = 1 if state.estimate() is not None else 3
        action = choose(state, seat, level, budget_s=None, iterations=iterations, seed=moves)
        state.apply(seat, action)
        moves += 1
        assert moves < 20_000
    assert state.to_act() == [] and len(state.scores()) == n


def test_navigation_actions_are_not_searched() -> None:
    """A "back" action (group "back") decides nothing; the AI leaves it alone, in playouts too."""
    from games.base import Action
    from tests.test_ai_toys import Nim

    class NimWithBack(Nim):
        def legal_actions(self, seat: int) -> list[Action]:
            return [*super().legal_actions(seat), Action("back", "Back", "back")]

        def _do(self, seat: int, action_id: str) -> list[dict]:
            return [] if action_id == "back" else super()._do(seat, action_id)

    state = NimWithBack(2, 9, NIM.new_state(2, 0, {}).rng)
    for level in LEVELS:
        decision = analyse(state, 0, level, budget_s=None, iterations=50, seed=1)
        assert decision.action != "back" and "back" not in decision.stats


class GuidedNim(Nim):
    """Nim whose positions judge themselves (GameState.estimate): 5 stones left for seat 1 to take
    from is worth 1 to seat 0, and so is whatever seat 1 leaves of them (2-4 for seat 0)."""

    estimates = 0

    def estimate(self) -> list[float] | None:
        GuidedNim.estimates += 1
        good = 1.0 if (self.stones, self.turn) in ((5, 1), (4, 0), (3, 0), (2, 0)) else 0.0
        return [good, 1.0 - good]

    def determinize(self, seat: int, seed: int) -> GameState:
        return GuidedNim(self.n, self.stones, Rng(seed), self.turn, self.winner)


def test_strong_backs_up_the_games_own_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    # From 8 stones every move loses Nim; only the estimate makes "take 3" (5 left) the best move
    # (when the rollout stops after one turn of the other seat, before the greedy seats end the game).
    monkeypatch.setattr(PLAN, "ROLLOUT_TURNS", 1)
    state = GuidedNim(2, 8, Rng(0))
    GuidedNim.estimates = 0
    assert choose(state, 0, "strong", budget_s=None, iterations=80, seed=1) == "take3"
    assert GuidedNim.estimates >= 40  # the leaves were judged, not played out


# (stones left, seat to take) -> what the position is worth to seat 0
TRAP_VALUES = {(7, 1): 0.9, (6, 1): 0.6, (5, 1): 0.1, (6, 0): 0.0, (5, 0): 0.6, (4, 0): 0.6, (3, 0): 0.6}


class TrapNim(GuidedNim):
    """From 8 stones, taking 1 looks best (7 left: 0.9 to seat 0) but seat 1 answers with 6 left
    (0.0); taking 2 (0.6) holds whatever seat 1 answers."""

    def estimate(self) -> list[float] | None:
        good = TRAP_VALUES.get((self.stones, self.turn), 0.1)
        return [good, 1.0 - good]

    def determinize(self, seat: int, seed: int) -> GameState:
        return TrapNim(self.n, self.stones, Rng(seed), self.turn, self.winner)


def test_strong_plans_against_the_replies_quick_takes_the_best_looking_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(PLAN, "ROLLOUT_TURNS", 1)  # the other seat's reply, then the judgement
    state = TrapNim(2, 8, Rng(0))
    assert choose(state, 0, "quick", budget_s=0.3, seed=1) == "take1"
    assert choose(state, 0, "strong", budget_s=0.5, seed=1) == "take2"


# What each line of Nim (the stones taken, in turn: seat 0 first) is worth to seat 0; others 0.5.
LONG_TRAP_VALUES = {
    "1": 0.9, "2": 0.6, "3": 0.5,  # seat 0's move: taking 1 looks best
    "11": 0.8, "12": 0.9, "13": 0.9, "21": 0.6, "22": 0.7, "23": 0.7,  # seat 1's reply
    "111": 0.8, "112": 0.7, "113": 0.7, "211": 0.6,  # seat 0's next move
    "1111": 0.1, "2111": 0.7, "2112": 0.7, "2113": 0.7,  # seat 1's next reply: the trap springs
}  # fmt: skip


class LongTrapNim(GuidedNim):
    """Taking 1 looks best, and still does after seat 1's reply; only seat 1's second turn shows
    that it loses (0.1), while taking 2 holds (0.7)."""

    def __init__(self, *args, taken: str = "") -> None:
        super().__init__(*args)
        self.taken = taken

    def _do(self, seat: int, action_id: str) -> list[dict]:
        self.taken += action_id[4:]
        return super()._do(seat, action_id)

    def estimate(self) -> list[float] | None:
        good = LONG_TRAP_VALUES.get(self.taken, 0.5)
        return [good, 1.0 - good]

    def determinize(self, seat: int, seed: int) -> GameState:
        return LongTrapNim(self.n, self.stones, Rng(seed), self.turn, self.winner, taken=self.taken)


def test_strong_judges_a_move_by_a_greedy_rollout_two_turns_deep(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rollout plays both seats' greedy moves (quick's policy) through two turns of the other
    seat: the trap that one reply does not show (taking 1) is seen, and the same call plays the
    same move with the same statistics."""
    state = LongTrapNim(2, 20, Rng(0))
    assert choose(state, 0, "quick", budget_s=0.3, seed=1) == "take1"
    monkeypatch.setattr(PLAN, "ROLLOUT_TURNS", 1)
    assert choose(state, 0, "strong", budget_s=0.5, seed=1) == "take1"  # one reply: still looks best
    monkeypatch.setattr(PLAN, "ROLLOUT_TURNS", 2)
    first = analyse(state, 0, "strong", budget_s=0.5, seed=1)
    assert first.action == "take2"
    assert first.stats["take1"][1] == pytest.approx(0.1) and first.stats["take2"][1] == pytest.approx(0.7)
    again = analyse(state, 0, "strong", budget_s=0.5, seed=1)
    assert (again.action, again.stats, again.work) == (first.action, first.stats, first.work)

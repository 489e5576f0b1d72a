"""The AI in Iwari at two players: it plays against the shared third tribe (games/iwari/versus.py)."""

from __future__ import annotations

import pytest

from games import REGISTRY
from games.ai import analyse, choose
from games.iwari import versus
from games.iwari.state import IwariState

GAME = REGISTRY["iwari"]


def new(n: int = 2, seed: int = 3) -> IwariState:
    return GAME.new_state(n, seed, {"map": "new-horizons"})


def test_the_third_tribe_is_a_rival_of_both_players() -> None:
    s = new()
    even = s.estimate()
    assert even is not None and len(even) == 2 and even[0] == even[1] == 0.5
    s.score[2] += 12  # the third tribe ahead: both players are losing
    behind = s.estimate()
    assert behind[0] == behind[1] < 0.2
    s.score[0] += 24  # seat 0 ahead of both rivals
    ahead = s.estimate()
    assert ahead[0] > 0.8 and ahead[1] < 0.2
    assert versus.projected_scores(s)[:2] == [24, 0]
    assert new(3).estimate() is None  # no third tribe: random playouts judge the positions


@pytest.mark.parametrize("moves", [40, 120])
def test_the_projection_is_the_final_scoring_as_things_stand(moves: int) -> None:
    s = new(seed=5)
    for step in range(moves):  # some moves of a seeded random game
        seat = s.to_act()[0]
        actions = s.legal_actions(seat)
        s.apply(seat, actions[step * 7919 % len(actions)].id)
    ended = s.copy()
    ended.placement._final_scoring()  # the engine's own end-of-journey scoring, on a copy
    half = s.placement._score_tents(multiply=False) if s.exhaustions == 0 else [0, 0, 0]
    assert versus.projected_scores(s) == [a + b for a, b in zip(ended.score, half, strict=True)]
    assert sum(versus.projected_scores(s)) > sum(s.score)


@pytest.mark.parametrize("seed", [1, 3, 4])  # the third tribe beat the old quick level on all three
def test_ai_players_beat_the_third_tribe_where_random_players_let_it_win(seed: int) -> None:
    def third_tribe_wins(level: str) -> bool:
        s = new(seed=seed)
        step = 0
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, choose(s, seat, level, budget_s=0.3, seed=step))
            step += 1
        return s.neutral_won

    assert third_tribe_wins("random")
    assert not third_tribe_wins("quick")


def test_strong_rolls_its_lines_out_and_plays_the_same_move_for_the_same_call() -> None:
    """The strong level judges its best lines by greedy rollouts (games/ai/plan.py): far more work
    than quick's one look, and the same state, seat, seed and budget give the same move."""
    s = new(seed=7)
    for step in range(30):  # into the game: a seeded random opening
        seat = s.to_act()[0]
        actions = s.legal_actions(seat)
        s.apply(seat, actions[step * 7919 % len(actions)].id)
    seat = s.to_act()[0]
    first = analyse(s, seat, "strong", budget_s=0.1, seed=5)
    again = analyse(s, seat, "strong", budget_s=0.1, seed=5)
    assert (again.action, again.stats, again.work) == (first.action, first.stats, first.work)
    quick = analyse(s, seat, "quick", budget_s=0.1, seed=5)
    assert first.iterations >= 1 and first.work > 3 * quick.work

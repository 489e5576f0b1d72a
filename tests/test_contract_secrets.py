"""The contract's secrets check (tests/contract.py) catches a leak: a toy engine wraps Ike No Koi
and shows one of its secrets (another seat's challenge card, the order of the face-down pond) in
a view, a prompt, a label or an event; the random games of the contract must fail on each, and
pass on the same wrapper with no leak."""

from __future__ import annotations

import pytest

from games.base import Action, Game, GameState
from games.ikenokoi.state import IkeNoKoiState
from tests.contract import play_random


class Wrapped(GameState):
    """Ike No Koi as it is, through a wrapper that a leak below overrides one method of."""

    def __init__(self, inner: IkeNoKoiState) -> None:
        self.inner = inner

    @property
    def num_players(self) -> int:
        return self.inner.num_players

    def to_act(self) -> list[int]:
        return self.inner.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        return self.inner.legal_actions(seat)

    def prompt(self, seat: int) -> str:
        return self.inner.prompt(seat)

    def _do(self, seat: int, action_id: str) -> list[dict]:
        return self.inner._do(seat, action_id)

    def is_over(self) -> bool:
        return self.inner.is_over()

    def scores(self) -> list[int]:
        return self.inner.scores()

    def winners(self) -> list[int]:
        return self.inner.winners()

    def view(self, seat: int | None) -> dict:
        return self.inner.view(seat)

    def to_json(self) -> dict:
        return self.inner.to_json()

    def check_invariants(self) -> None:
        self.inner.check_invariants()

    def _hidden_mark(self):
        return self.inner._hidden_mark()

    def determinize(self, seat: int, seed: int) -> GameState:
        return type(self)(self.inner.determinize(seat, seed))

    def copy(self) -> GameState:
        return type(self)(self.inner.copy())


class EveryHandInTheView(Wrapped):
    def view(self, seat: int | None) -> dict:
        return {**self.inner.view(seat), "secret_challenges": list(self.inner.secret)}


class DeckOrderInThePublicView(Wrapped):
    def view(self, seat: int | None) -> dict:
        return (
            {**self.inner.view(seat), "pond": list(self.inner.pond)}
            if seat is None
            else self.inner.view(seat)
        )


class PondTopInThePrompt(Wrapped):
    def prompt(self, seat: int) -> str:
        top = self.inner.pond[-1] if self.inner.pond else None
        return f"{self.inner.prompt(seat)} (the pond's next card: {top})"


class OthersChallengeInALabel(Wrapped):
    def legal_actions(self, seat: int) -> list[Action]:
        nxt = self.inner.secret[(seat + 1) % self.inner.n]
        return [
            Action(a.id, f"{a.label} [next seat's challenge {nxt}]"[:80], a.group)
            for a in self.inner.legal_actions(seat)
        ]


class PondTopInAnEvent(Wrapped):
    def _do(self, seat: int, action_id: str) -> list[dict]:
        events = self.inner._do(seat, action_id)
        top = self.inner.pond[-1] if self.inner.pond else None
        return [{**e, "text": f"{e.get('text', '')} (next: {top})"} for e in events]


def game_of(cls: type[Wrapped]) -> Game:
    game = Game(
        key=f"leaky-{cls.__name__}",
        title=cls.__name__,
        player_counts=range(2, 6),
        options={},
        _new=lambda n, seed, options: cls(IkeNoKoiState.new(n, seed, options)),
        _load=lambda data: cls(IkeNoKoiState.from_json(data)),
    )
    cls.game = game
    return game


@pytest.mark.parametrize(
    ("leak", "says"),
    [
        (EveryHandInTheView, "shows the seat another view: secret_challenges"),
        (DeckOrderInThePublicView, "shows another public view: pond"),
        (PondTopInThePrompt, "prompts differently"),
        (OthersChallengeInALabel, "offers the seat other actions"),
        (PondTopInAnEvent, "told something hidden"),
    ],
    ids=lambda x: x.__name__ if isinstance(x, type) else None,
)
def test_a_planted_leak_fails_the_random_games(leak, says):
    # The deep games check every step: the first that shows the leak fails.
    with pytest.raises(AssertionError, match=says):
        play_random(game_of(leak), 3, 7, {}, deep=True)


def test_the_wrapper_without_a_leak_keeps_the_contract():
    for seed in (7, 8):
        play_random(game_of(Wrapped), 3, seed, {}, deep=seed == 7)

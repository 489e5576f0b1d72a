"""Tiny games of our own for the AI tests, so the AI is testable without any engine.

- ``Nim``: perfect information; take 1-3 stones, whoever takes the last one wins.
  ``NoDeterminizeNim`` is the same game without ``determinize`` (fallback path).
- ``Tricks``: hidden hands and a face-down deck; every seat commits a card at
  the same time (several seats in ``to_act()``); the highest card wins the
  trick's points and then a compound bonus turn (bank up to twice, or stop).

They implement ``games.base.GameState`` exactly as the real engines do, and
are checked here with the same conformance harness as the real games.
"""

from __future__ import annotations

import json

import pytest

from games.base import Action, Game, GameState, event
from games.rng import Rng
from tests.contract import play_random

# ---------------------------------------------------------------------------
# Nim


class Nim(GameState):
    def __init__(self, n: int, stones: int, rng: Rng, turn: int = 0, winner: int | None = None) -> None:
        self.n, self.stones, self.rng, self.turn, self.winner = n, stones, rng, turn, winner

    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        return [Action(f"take{k}", f"Take {k}", "take") for k in range(1, min(3, self.stones) + 1)]

    def prompt(self, seat: int) -> str:
        return "How many stones do you take?"

    def _do(self, seat: int, action_id: str) -> list[dict]:
        self.stones -= int(action_id[4:])
        if self.stones == 0:
            self.winner = seat
        self.turn = (self.turn + 1) % self.n
        return [event(f"{{p{seat}}} takes {action_id[4:]}.")]

    def is_over(self) -> bool:
        return self.winner is not None

    def scores(self) -> list[int]:
        return [int(s == self.winner) for s in range(self.n)]

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def view(self, seat: int | None) -> dict:
        return {
            "game": self.game.key,
            "seat": seat,
            "num_players": self.n,
            "to_act": self.to_act(),
            "scores": self.scores(),
            "over": self.is_over(),
            "winners": self.winners(),
            "stones": self.stones,
        }

    def to_json(self) -> dict:
        return {
            "n": self.n,
            "stones": self.stones,
            "rng": self.rng.to_json(),
            "turn": self.turn,
            "w": self.winner,
        }

    @classmethod
    def from_json(cls, d: dict) -> Nim:
        return cls(d["n"], d["stones"], Rng.from_json(d["rng"]), d["turn"], d["w"])

    def determinize(self, seat: int, seed: int) -> GameState:
        world = self.copy()
        world.rng = Rng(seed)
        return world


class NoDeterminizeNim(Nim):
    def determinize(self, seat: int, seed: int) -> GameState:
        raise NotImplementedError("no determinize here")


def _nim_game(cls: type[Nim], key: str) -> Game:
    return Game(
        key=key,
        title=key,
        player_counts=range(1, 5),
        options={"stones": [9, 5, 7, 21]},
        _new=lambda n, seed, o: cls(n, o["stones"], Rng(seed)),
        _load=cls.from_json,
    )


Nim.game = NIM = _nim_game(Nim, "toy-nim")
NoDeterminizeNim.game = NIM_NO_DET = _nim_game(NoDeterminizeNim, "toy-nim-nodet")


# ---------------------------------------------------------------------------
# Tricks

HAND = 3
BONUS_STEPS = 2


class Tricks(GameState):
    def __init__(self, d: dict) -> None:
        self.d = d
        self.rng = Rng.from_json(d["rng"])

    @classmethod
    def new(cls, n: int, seed: int) -> Tricks:
        rng = Rng(seed)
        deck = list(range(1, 4 * n + 6))
        rng.shuffle(deck)
        hands = [sorted(deck[HAND * s : HAND * s + HAND]) for s in range(n)]
        return cls(
            {
                "n": n,
                "deck": deck[HAND * n :],
                "hands": hands,
                "played": [None] * n,
                "scores": [0] * n,
                "bonus": None,
                "left": 0,
                "rng": rng.to_json(),
            }
        )

    @property
    def num_players(self) -> int:
        return self.d["n"]

    def to_act(self) -> list[int]:
        d = self.d
        if self.is_over():
            return []
        if d["bonus"] is not None:
            return [d["bonus"]]
        return [s for s in range(d["n"]) if d["played"][s] is None]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.d["bonus"] is not None:
            return [Action("bank", "Bank 1 point", "bonus"), Action("stop", "Stop", "bonus")]
        return [Action(f"play{v}", f"Play {v}", "card") for v in self.d["hands"][seat]]

    def prompt(self, seat: int) -> str:
        return "Bank a point or stop?" if self.d["bonus"] is not None else "Which card do you play?"

    def _do(self, seat: int, action_id: str) -> list[dict]:
        d = self.d
        if action_id == "bank":
            d["scores"][seat] += 1
            d["left"] -= 1
            if d["left"] == 0:
                d["bonus"] = None
            return [event(f"{{p{seat}}} banks a point.")]
        if action_id == "stop":
            d["bonus"], d["left"] = None, 0
            return [event(f"{{p{seat}}} stops.")]
        value = int(action_id[4:])
        d["hands"][seat].remove(value)
        d["played"][seat] = value
        events = [event(f"{{p{seat}}} commits a card.")]
        if all(v is not None for v in d["played"]):
            best = max(range(d["n"]), key=lambda s: d["played"][s])
            d["scores"][best] += sum(d["played"])
            events.append(event(f"{{p{best}}} wins the trick.", cards=list(d["played"])))
            d["played"] = [None] * d["n"]
            if len(d["deck"]) >= d["n"]:
                for s in range(d["n"]):
                    d["hands"][s].append(d["deck"].pop())
                    d["hands"][s].sort()
            if d["hands"][best]:
                d["bonus"], d["left"] = best, BONUS_STEPS
        return events

    def is_over(self) -> bool:
        d = self.d
        return d["bonus"] is None and not any(d["hands"]) and all(v is None for v in d["played"])

    def scores(self) -> list[int]:
        return list(self.d["scores"])

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        top = max(self.d["scores"])
        return [s for s, v in enumerate(self.d["scores"]) if v == top]

    def view(self, seat: int | None) -> dict:
        d = self.d
        return {
            "game": self.game.key,
            "seat": seat,
            "num_players": d["n"],
            "to_act": self.to_act(),
            "scores": self.scores(),
            "over": self.is_over(),
            "winners": self.winners(),
            "hand": None if seat is None else list(d["hands"][seat]),
            "hand_sizes": [len(h) for h in d["hands"]],
            "deck_size": len(d["deck"]),
            "committed": [v is not None for v in d["played"]],
            "my_card": None if seat is None else d["played"][seat],
        }

    def to_json(self) -> dict:
        return {**self.d, "rng": self.rng.to_json()}

    def check_invariants(self) -> None:
        d = self.d
        cards = d["deck"] + [c for h in d["hands"] for c in h] + [v for v in d["played"] if v is not None]
        assert len(set(cards)) == len(cards)

    def determinize(self, seat: int, seed: int) -> GameState:
        d = self.d
        others = [s for s in range(d["n"]) if s != seat]
        unseen = list(d["deck"])
        for s in others:
            unseen += d["hands"][s]
            if d["played"][s] is not None:
                unseen.append(d["played"][s])
        unseen.sort()
        rng = Rng(seed)
        rng.shuffle(unseen)
        world = self.copy()
        w = world.d
        for s in others:
            k = len(d["hands"][s])
            w["hands"][s], unseen = sorted(unseen[:k]), unseen[k:]
            if d["played"][s] is not None:
                w["played"][s], unseen = unseen[0], unseen[1:]
        w["deck"] = unseen
        world.rng = Rng(seed)
        return world


TRICKS = Game(
    key="toy-tricks",
    title="Tricks",
    player_counts=range(2, 5),
    options={},
    _new=lambda n, seed, o: Tricks.new(n, seed),
    _load=lambda d: Tricks(json.loads(json.dumps(d))),
)
Tricks.game = TRICKS

TOYS = {g.key: g for g in (NIM, NIM_NO_DET, TRICKS)}


@pytest.mark.parametrize("key", sorted(TOYS))
@pytest.mark.parametrize("seed", range(5))
def test_toy_games_keep_the_contract(key: str, seed: int) -> None:
    game = TOYS[key]
    for n in game.player_counts:
        play_random(game, n, seed, {}, deep=True)


def test_tricks_determinize_keeps_what_the_seat_sees() -> None:
    state = TRICKS.new_state(3, 11)
    state.apply(1, state.legal_actions(1)[0].id)
    for seed in range(5):
        world = state.determinize(0, seed)
        assert world.view(0) == state.view(0)
        world.check_invariants()
    assert {json_key(state.determinize(0, s)) for s in range(5)} != {json_key(state)}


def json_key(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)

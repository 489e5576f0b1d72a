"""A fifth game that lives in the tests only: README.md's "Add a game" checklist, followed.

Its engine is the AI tests' Tricks (tests/test_ai_toys.py: hidden hands, a deck, a bonus step),
declared as a game of the bot with its metadata (this file), its presentation (present.py) and its
rules summary (rules.md). It is not in ``games.REGISTRY``: tests/discord/test_toy_game.py puts it
there for one test, and the bot then offers it like the four games.
"""

from __future__ import annotations

import json

from games import Game
from tests.test_ai_toys import Tricks


class ToyTricks(Tricks):
    """Tricks, with a short game: the cards dealt and no drawing."""


def _new(num_players: int, seed: int, options: dict) -> ToyTricks:
    state = ToyTricks.new(num_players, seed)
    if options["short"]:
        state.d["deck"] = []
    return state


GAME = Game(
    key="tricks",
    title="Tricks",
    player_counts=range(2, 5),
    options={"short": [False, True]},
    _new=_new,
    _load=lambda d: ToyTricks(json.loads(json.dumps(d))),
    option_help={"short": "Short game: play the cards dealt, without drawing"},
    blurb="play your highest card at the right moment, bank the bonus.",
    setups=((2, {}), (3, {"short": True})),
    presentation="tests.toy.present",
)
ToyTricks.game = GAME

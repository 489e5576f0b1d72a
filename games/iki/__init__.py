"""Iki (Koota Yamada, Sorry We Are French 2021) for 2-4 players.

The rules live in ``state.py``, the stand-in component data in ``data.py`` and
the player view in ``view.py``.
"""

from __future__ import annotations

from games.base import Game
from games.text import T

from .state import IkiState

GAME = Game(
    key="iki",
    title="Iki",
    player_counts=range(2, 5),
    options={},
    _new=IkiState.new,
    _load=IkiState.load,
    option_help={},
    blurb=T("a year in Edo's merchant streets: hire characters, trade, fight fires."),
    setups=((3, {}), (2, {}), (4, {})),
)
IkiState.game = GAME

__all__ = ["GAME", "IkiState"]

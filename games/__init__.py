"""Pure rule engines. ``REGISTRY`` maps a game key to its ``Game``.

Each game is a subpackage exposing ``GAME``; they are discovered here so that
adding a game needs no edit to this file.
"""

from __future__ import annotations

import importlib
import pkgutil

from games.base import Action, Game, GameState, IllegalAction, IllegalSetup, event

__all__ = ["REGISTRY", "Action", "Game", "GameState", "IllegalAction", "IllegalSetup", "event"]


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.key] = game
    return found


REGISTRY: dict[str, Game] = _discover()

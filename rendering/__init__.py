"""Pictures of games. ``render(game_key, view)`` draws what a view shows as PNG.

Each game has a module ``rendering/<key>.py`` with ``draw(view, names) -> Image``.
Renderers read only what ``state.view(seat)`` returns, so a public picture
cannot show a secret. ``describe(game_key, view, names)`` is the picture's alt text.
"""

from __future__ import annotations

import importlib

from PIL import Image

from rendering.alt import LIMIT as DESCRIPTION_LIMIT
from rendering.alt import describe, glance, outcome, standing
from rendering.common import encode_png

__all__ = ["DESCRIPTION_LIMIT", "describe", "draw", "glance", "outcome", "render", "standing"]


def draw(game_key: str, view: dict, names: list[str] | None = None) -> Image.Image:
    module = importlib.import_module(f"rendering.{game_key}")
    return module.draw(view, names)


def render(game_key: str, view: dict, names: list[str] | None = None) -> bytes:
    """PNG bytes of the view. CPU-bound: call it off the event loop."""
    return encode_png(draw(game_key, view, names))

"""Pictures of games. ``render(game_key, view)`` draws what a view shows as PNG.

Each game declares how it is shown once, as ``PRESENTATION`` (``rendering.common.Presentation``)
in its module ``rendering/<key>.py``: the picture (``draw(view, names) -> Image``), its words (alt
text, the line beside the board, the panel's facts), its rules page, its menus' names and the
events its board leaves out. Renderers read only what ``state.view(seat)`` returns, so a public
picture cannot show a secret. ``describe(game_key, view, names)`` is the picture's alt text.
"""

from __future__ import annotations

from PIL import Image

from rendering.alt import describe, glance, outcome, standing
from rendering.common import LIMIT as DESCRIPTION_LIMIT
from rendering.common import Presentation, encode_png, presentation

__all__ = [
    "DESCRIPTION_LIMIT",
    "Presentation",
    "describe",
    "draw",
    "glance",
    "outcome",
    "presentation",
    "render",
    "standing",
]


def draw(game_key: str, view: dict, names: list[str] | None = None) -> Image.Image:
    return presentation(game_key).draw(view, names)


def render(game_key: str, view: dict, names: list[str] | None = None) -> bytes:
    """PNG bytes of the view. CPU-bound: call it off the event loop."""
    return encode_png(draw(game_key, view, names))

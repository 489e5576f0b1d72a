"""Alt text of pictures: what a picture shows, in words, for screen readers.

``describe(game_key, view, names)`` writes a short description of the picture
``render`` draws from the same view: whose turn it is, the scores and the few
public facts a turn decides on (the river, the display, the row of characters,
the map). The words are said in the language of the moment (rendering/i18n.py): a game's words
may be messages (``T``...) or words said already (``_``...). Each game writes its own sentences (its ``Presentation.describe``, in
rendering/<key>_words.py) after the shared ``header``. They read only the view,
so a public picture's text cannot hold a secret either; a private view's text
mentions that player's own hand. Discord keeps at most ``LIMIT`` characters of
an attachment's description.
"""

from __future__ import annotations

from rendering.common import LIMIT, clip, header, presentation
from rendering.i18n import tr

__all__ = ["LIMIT", "clip", "describe", "glance", "outcome", "standing"]


def glance(game_key: str, view: dict) -> str:
    """One short line of the public facts a turn decides on (the river, the display, the row), for
    the text beside the picture; empty when the game is over or has none."""
    line = presentation(game_key).glance
    return "" if line is None or view.get("over") else clip(tr(line(view)), 300)


# -- where a match stands and how it ended, in one sentence, for the games that need more than the
# scores (Iwari solo and co-op: the Void's territories against its target).


def standing(game_key: str, view: dict) -> str:
    """What the scores do not say of a match under way ("The Void: 2 of the 3 territories it
    needs"), or ""."""
    line = presentation(game_key).standing
    return "" if line is None or view.get("over") else tr(line(view))


def outcome(game_key: str, view: dict) -> str:
    """Who won a finished match and why, where the winners' names do not say it ("The Void wins:
    it controlled 3 territories (it needed 3)."), or ""."""
    line = presentation(game_key).outcome
    return "" if line is None else tr(line(view))


def describe(game_key: str, view: dict, names: list[str] | None = None) -> str:
    """The alt text of ``render(game_key, view, names)``: at most ``LIMIT`` characters."""
    describer = presentation(game_key).describe
    parts = describer(view, names) if describer else header(game_key, view, names)
    return clip(" ".join(tr(p) for p in parts if p))

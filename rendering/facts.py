"""The facts of a private panel in words: what the choice is about and what the player holds.

``facts(game_key, view, names)`` reads only ``state.view(seat)`` of the seat deciding, so it can
hold that seat's own secrets and nobody else's. A player must be able to decide from these words
alone in the common cases (the picture is there to look closer): Ike No Koi says the secret
challenge and what it is worth now; Iwari the hand and the territory in play; Kigi the
commissions and the card being placed; Iki the mat's essentials. The same words are the alt text
of the private picture, so they stay within Discord's 1,024 characters (``common.LIMIT``). Each
game writes its own (its ``Presentation.facts``, in rendering/<key>_words.py).
"""

from __future__ import annotations

from rendering.common import LIMIT, clip, presentation
from rendering.i18n import tr


def facts(game_key: str, view: dict, names: list[str] | None = None) -> str:
    """The panel's facts, one per line in Discord markdown, at most ``LIMIT`` characters."""
    words = presentation(game_key).facts
    lines = words(view, names) if words else []
    return clip("\n".join(tr(line) for line in lines if line), LIMIT)


def plain(text: str) -> str:
    """The same words without markdown: an alt text is read out, not rendered."""
    return text.replace("**", "").replace("\n", ". ").replace(":. ", ": ")

"""Finding English left in text shown in the pseudo-language ``en_XA`` (issue 35).

In ``en_XA`` every translated letter is accented (rendering/i18n.py ``pseudo``), so a run of three
or more plain ASCII letters in what a person would read is English nobody translated: a string
built by hand instead of through ``T``/``_``. Names, mentions, links, ids and the few words that
are the same in every language (the games' titles, "Koi", "AI") are not counted.
"""

from __future__ import annotations

import re

# Words that stay as they are in every language: the games' titles and proper names.
SAME_EVERYWHERE = {"Iki", "Iwari", "Ike", "No", "Koi", "Kigi", "Oyakata", "Edo", "Discord", "PNG", "GIF"}
_SKIP = re.compile(r"<[@#:/a-zA-Z][^>]*>|https?://\S+|`[^`]*`|\{[^{}]*\}")
_WORD = re.compile(r"[A-Za-z]{3,}")


def english_left(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The English words left in ``text`` (empty when everything was translated)."""
    for name in names:
        text = text.replace(name, " ")
    text = _SKIP.sub(" ", text)
    return [w for w in _WORD.findall(text) if w not in SAME_EVERYWHERE]


def english_in(texts: list, names: list[str], where: str) -> list[str]:
    """Each text with English left, as "where: 'text' [words]" (empty when all is translated)."""
    return [f"{where}: {t!r} {left}" for t in texts if (left := english_left(str(t), tuple(names)))]


def view_words(shown, title: str, view: dict, names: list[str]) -> list[str]:
    """A game's alt text (without the shared header's sentences: rendering/common.py's words, not
    the game's), glance and facts of a view; ``shown`` is the game's ``Presentation``."""
    from rendering.common import header

    shared = set(header(title, view, names))
    alt = [s for s in shown.describe(view, names) if s not in shared]
    return [*alt, shown.glance(view), *shown.facts(view, names)]


def picture_words(shown, view: dict, names: list[str]) -> list[str]:
    """The words a game's picture draws (``record_text``), without the shared turn marker."""
    from rendering import common
    from rendering.i18n import tr

    with common.record_text() as texts:
        shown.draw(view, names)
    return [t.replace(tr(common.TO_PLAY), " ") for _size, t in texts]

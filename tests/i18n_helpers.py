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

"""Display names as the bot shows them: never markup, never a mention, never a direction override.

A display name is chosen by the person, so in a public message it could be a masked link, bold,
a heading, an @everyone, a channel mention, or a bidi override that reverses the text after it.
``plain`` removes the invisible controls (pictures use it too); ``shown`` also escapes markdown,
mentions, links and the like, for every name put into Discord text.
"""

from __future__ import annotations

import re
import unicodedata

import discord

MAX_NAME = 40  # Discord's own limit is 32; longer stored names are cut

# Bidi embeddings, overrides, isolates and marks, and the other invisible format characters
# (zero-width joiners are kept: emoji sequences need them).
_KEEP = {"\u200d"}


def plain(name: str) -> str:
    """The name without control or format characters, its spaces collapsed, never empty."""
    out = "".join(
        " " if ch.isspace() else ch
        for ch in str(name)
        if ch.isspace() or ch in _KEEP or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp")
    )
    out = " ".join(out.split())[:MAX_NAME]
    return out or "?"


# A computer seat's name as the lobby saves it (bot/service/lobbies.py ``add_ai``), in English.
_AI_NAME = re.compile(r"AI (\d+) \((\w+)\)")


def seat_name(user_id: int | None, name: str, ai: str | None) -> str:
    """A seat's name in the language of the moment: a person's name as stored; a computer seat's
    (saved as "AI 1 (quick)", in English, and kept so: old matches load) said from its number and
    level in the reader's language."""
    found = _AI_NAME.fullmatch(name) if user_id is None and ai is not None else None
    if found is None:
        return name
    from games.ai import LEVEL_NAMES
    from rendering.i18n import _, tr

    level = tr(LEVEL_NAMES[ai]) if ai in LEVEL_NAMES else ai
    # TRANSLATORS: a computer player's name: "AI 1 (quick)"; {level} is the AI's level.
    return _("AI {n} ({level})", n=int(found[1]), level=level)


_LINK = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*):(//)")
_LEADING = re.compile(r"^([#>*+-]|\d+[.)])")


def shown(name: str) -> str:
    """The name for Discord text: plain, with markdown, mentions and links made inert."""
    text = discord.utils.escape_markdown(plain(name), ignore_links=False)
    # Every @ (what escape_mentions does for @everyone, @here and ids, for any word: role names
    # too) and every < (<#channel>, <t:...>, <@id>) made inert.
    text = text.replace("<", "\\<").replace("@", "@\u200b")
    text = _LINK.sub("\\1:\u200b\\2", text)  # no bare link to click
    return _LEADING.sub(r"\\\1", text)  # not a heading, quote or list at the start of a line

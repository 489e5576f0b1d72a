"""Slash commands in each person's language (issue 35): discord.py's ``app_commands.Translator``.

The commands are written with ``locale_str``: its message is the English Discord shows by default,
either a literal (``locale_str("settings")``, found by the catalogue extractor) or a message built
with ``T``/``P`` when it has parameters (``locale_str(T("How to play {game}, in short.", game=...))``;
a ``Msg`` is the English string and keeps its id). When the tree is synced, discord.py asks for
every such string in every Discord locale; the answer comes from the catalogue ``normalize`` gives
for it (``es-ES`` and ``es-419`` share ``es``), or None (Discord shows the English) when there is
no catalogue, nothing translated, or a translation that breaks Discord's rules: names lower case,
1-32 letters, digits, ``-`` or ``_``; descriptions and choice names 1-100 characters.
"""

from __future__ import annotations

import logging
from typing import Any

from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import locale_str

from games.text import Msg, T
from rendering import i18n

log = logging.getLogger(__name__)

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
NAME_MAX = 32
TEXT_MAX = 100  # a description's, a choice name's


def rule_broken(text: str, where: Where) -> str | None:
    """Why Discord would refuse ``text`` at ``where`` (None: it fits)."""
    if where in NAMES:
        if not 1 <= len(text) <= NAME_MAX:
            return f"a name of {len(text)} characters (1-{NAME_MAX})"
        if text != text.lower():
            return "a name with capitals"
        if not all(c.isalnum() or c in "-_" for c in text):
            return "a name with characters other than letters, digits, - and _"
        return None
    if not 1 <= len(text) <= TEXT_MAX:
        return f"a text of {len(text)} characters (1-{TEXT_MAX})"
    return None


def translation(string: locale_str, locale: Any) -> str | None:
    """``string`` in the catalogue of ``locale`` (a ``discord.Locale``, or its value: ``en-XA`` is
    the pseudo-language), or None when it stays English."""
    code = i18n.normalize(locale)
    if code == i18n.DEFAULT:
        return None
    message = string.message
    text = str(i18n.tr(message if isinstance(message, Msg) else T(message), code))
    return None if text == str(message) else text


class CommandTranslator(app_commands.Translator):
    async def translate(self, string: locale_str, locale: Any, context: app_commands.TranslationContext):
        text = translation(string, locale)
        if text is None:
            return None
        broken = rule_broken(text, context.location)
        if broken is not None:
            log.warning("the %s translation of %r is %s: English is shown", locale, string.message, broken)
            return None
        return text

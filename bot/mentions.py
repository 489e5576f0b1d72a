"""Commands named in texts as Discord command mentions (issue 35).

A text that names a command writes ``slash("match return")``: Discord shows ``</match return:ID>``
as the command, clickable, in the reader's own language (the name the command picker shows), where
a plain ``/match return`` would be the English name. The ids are Discord's: the bot's command tree
(``Tree`` in bot/core.py) keeps those Discord gives back on every ``tree.sync()`` and
``tree.fetch_commands()`` (the bot fetches them at start), in memory for the process: they are no
match data and are never stored. Until an id is known (before the first fetch, or a command Discord
does not have), the command is written as code in the language of the moment, as the picker names
it: "`/partie retour`". No Discord here: the service names commands too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.text import T
from rendering.i18n import tr

# Top-level command name -> its id, as Discord last gave them to this process.
_ids: dict[str, int] = {}


def remember(commands: Iterable[Any]) -> None:
    """The ids of the commands Discord returned (``AppCommand`` objects): they replace the ones known."""
    _ids.clear()
    _ids.update({c.name: c.id for c in commands})


def forget() -> None:
    """No id known any more (a test of the fallback)."""
    _ids.clear()


def _local_name(word: str) -> str:
    """A command's word as Discord shows it to a reader of the language of the moment: its
    translation, which ``bot/translator.py`` gives Discord (tests/discord/test_command_words.py
    keeps every one within Discord's rules for names)."""
    return str(tr(T(word)))


def slash(path: str) -> str:
    """``path`` ("match return", "help") as a command mention when Discord's id for it is known,
    else as code: "`/match return`" (its words in the language of the moment)."""
    command_id = _ids.get(path.split()[0])
    if command_id:
        return f"</{path}:{command_id}>"
    return "`/" + " ".join(_local_name(w) for w in path.split()) + "`"

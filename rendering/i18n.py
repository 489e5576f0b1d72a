"""The bot in the reader's language (issue 35): the catalogues and the words at the edge.

What a person reads is written once, in English, as a message (``games/text.py``): the engines
return ``Msg`` values (``T``, ``N``, ``P``, ``L``), and the layers above write theirs with ``_``,
``_n`` and ``_p``, which translate at once into the language of the moment. The language of the
moment is set at the edge, where it is known, with ``with language(code):``: the reader's Discord
language for what one person sees (a panel, a refusal, My view), the channel's for what the
channel sees (the board, the lobby, the result). It is a context variable, so it follows a task
and ``asyncio.to_thread``; a thread or process pool must be given it (``bot/limits.py``).

The catalogues are gettext ``.po`` files, one per language, read with Babel:
``rendering/locales/<code>/LC_MESSAGES/koi.po``. A language is there when its file is: adding one
is one file and no code. Discord's locale names are matched to them in ``normalize``: ``fr``,
``pt-BR`` -> ``pt_BR``, ``es-ES`` and ``es-419`` -> ``es`` (the language alone when the region
has no file of its own). Plural forms come from each catalogue's header (Babel writes CLDR's).
``en_XA`` is a pseudo-language made in code for the tests: every message accented and 40% longer,
so that English left anywhere shows.

``python -m rendering.catalogues`` extracts the messages and updates the catalogues.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from games.text import NP, ListMsg, Msg, N, P, T

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
DOMAIN = "koi"
DEFAULT = "en"
PSEUDO = "en_XA"

_current: ContextVar[str] = ContextVar("koi_language", default=DEFAULT)


@cache
def available() -> tuple[str, ...]:
    """The languages the bot speaks: English and every catalogue there is."""
    found = sorted(p.parent.parent.name for p in LOCALES_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (DEFAULT, *found)


def normalize(code: Any) -> str:
    """The catalogue for a Discord locale (``discord.Locale`` or its value) or a catalogue code;
    English when there is none."""
    value = getattr(code, "value", code)
    if not isinstance(value, str) or not value:
        return DEFAULT
    value = value.replace("-", "_")
    if value.lower() == PSEUDO.lower():
        return PSEUDO
    langs = available()
    lower = {c.lower(): c for c in langs}
    if value.lower() in lower:
        return lower[value.lower()]
    base = value.split("_")[0].lower()
    return lower.get(base, DEFAULT)


def current() -> str:
    """The language of the moment."""
    return _current.get()


@contextmanager
def language(code: Any) -> Iterator[str]:
    """Speak ``code`` (a Discord locale or a catalogue code) inside the block."""
    token = _current.set(normalize(code))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


# ------------------------------------------------------------------ catalogues
@cache
def catalogue(code: str):
    """The translations of one language (a ``babel.support.Translations``), or None for English."""
    if code == DEFAULT:
        return None
    if code == PSEUDO:
        return _Pseudo()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    path = LOCALES_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as f:
        cat = read_po(f, locale=code)
    buf = BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    buf.seek(0)
    return Translations(buf, domain=DOMAIN)


_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ",
)


def pseudo(text: str) -> str:
    """``en_XA``'s version of an English template: its letters accented outside the
    placeholders, and 40% longer (German and Portuguese run long)."""
    parts = _PLACEHOLDER.split(text)
    out = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    letters = sum(len(p) for i, p in enumerate(parts) if not i % 2)
    pad = (letters * 2 + 4) // 5
    return out + ("·" * pad if pad else "")


class _Pseudo:
    """The pseudo-language's translations, made from the English."""

    def gettext(self, m: str) -> str:
        return pseudo(m)

    def ngettext(self, s: str, p: str, n: int) -> str:
        return pseudo(s if n == 1 else p)

    def pgettext(self, c: str, m: str) -> str:
        return pseudo(m)

    def npgettext(self, c: str, s: str, p: str, n: int) -> str:
        return pseudo(s if n == 1 else p)


def babel_locale(code: str) -> str:
    return "en" if code in (DEFAULT, PSEUDO) else code


# ------------------------------------------------------------------ translating
def tr(value: Any, code: str | None = None) -> Any:
    """``value`` in the language ``code`` (default: the language of the moment) when it is a
    message; anything else (a name, a number, text from outside) is returned as it is."""
    if not isinstance(value, Msg):
        return value
    code = code or _current.get()
    if code == DEFAULT:
        return str.__str__(value)
    cat = catalogue(code)
    if isinstance(value, ListMsg):
        return _join([str(tr(i, code)) for i in value.items], code)
    if value.plural is not None:
        n = value.n if isinstance(value.n, int) else 0
        if value.ctx is not None:
            template = cat.npgettext(value.ctx, value.mid, value.plural, n)
        else:
            template = cat.ngettext(value.mid, value.plural, n)
    elif value.ctx is not None:
        template = cat.pgettext(value.ctx, value.mid)
    else:
        template = cat.gettext(value.mid)
    if not value.args:
        return template
    args = {k: (tr(v, code) if isinstance(v, Msg) else v) for k, v in value.args.items()}
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError, AttributeError):
        log.error("the %s translation of %r does not fit its parameters", code, value.mid)
        return value.mid.format(**args) if value.plural is None else str.__str__(value)


# How a language joins a list of items: CLDR's "unit" style ("a, b, c": no "and" where the
# language's own lists have none), but Japanese joins with 「、」 (its "unit" style is spaces).
LIST_STYLE = {"ja": "standard"}


def _join(items: list[str], code: str) -> str:
    """``items`` as a list in the language ``code`` (its ``_list_style``)."""
    from babel.lists import format_list

    if not items:
        return ""
    return format_list(items, style=_list_style(code), locale=babel_locale(code))


@cache
def _list_style(code: str) -> str:
    """The list style of a language. Babel's data lacks some patterns of the "unit" style for some
    locales (German and Spanish have no "start": a KeyError at 3 items), so a language whose style
    is incomplete joins every list with its standard one ("a und b", "a, b und c"), the same way
    at any length."""
    from babel import Locale

    style = LIST_STYLE.get(code, "unit")
    patterns = Locale.parse(babel_locale(code)).list_patterns
    if style not in patterns or any(k not in patterns[style] for k in ("2", "start", "middle", "end")):
        return "standard"
    return style


def _(template: str, /, **args: Any) -> str:
    """``template`` in the language of the moment, its ``{name}`` placeholders filled."""
    return tr(T(template, **args))


def _n(singular: str, plural: str, n: int, /, **args: Any) -> str:
    """The form for ``n`` (``{n}`` is a placeholder too) in the language of the moment."""
    return tr(N(singular, plural, n, **args))


def _p(context: str, template: str, /, **args: Any) -> str:
    """A word in a context (``_p("iki card", "Fan")``) in the language of the moment."""
    return tr(P(context, template, **args))


def _np(context: str, singular: str, plural: str, n: int, /, **args: Any) -> str:
    """A count with its noun in a context (``_np("kigi", "{n} flower", "{n} flowers", n)``)."""
    return tr(NP(context, singular, plural, n, **args))


def list_words(items: list[Any]) -> str:
    """Items as a list in the language of the moment: "a, b, c"."""
    return tr(ListMsg(items))

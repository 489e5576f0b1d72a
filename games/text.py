"""Words that can be translated: a message id and its parameters (issue 35).

An engine never builds an English sentence for a person by hand. It writes

    T("{p} takes {card}.", p=_p(seat), card=card_name(c))
    N("{n} card", "{n} cards", count)
    P("iwari colour", "Forest")
    NP("kigi", "{n} flower", "{n} flowers", count)

and gets a ``Msg``: a ``str`` whose value is the English text (so everything that reads labels,
prompts and events as strings keeps working, tests included) and which also keeps its message id
(the English template, as gettext does), its plural and context, and its parameters. The edge
(``rendering/i18n.py``) formats it again in the reader's language: ``tr(msg, "fr")``. A parameter
may itself be a ``Msg`` (a card's name, a list of them): it is translated too. Players stay
``{p0}``, ``{p1}``... placeholders, filled with names after translation.

The template is the message id: the words of a template are what translators see, with their
``{name}`` placeholders, which must all be given. Babel finds the calls by their names (``T``,
``N:1,2``, ``P:1c,2``, ``NP:1c,2,3``, ``L`` takes no literal), so a template must be a literal at
the call.
Events keep the English in ``text`` and the message in ``msg`` (``to_json``) when they are saved,
so a log written by an older version (text only) still reads, in English.

Pure Python, no Babel: the engines stay pure; the catalogues live at the edge.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# What a parameter may be: words (translated in turn), numbers, or plain strings (names, ids).
Arg = Any


class Msg(str):
    """English text that remembers how it was said: ``mid`` (the template, also the message id),
    ``plural`` (the plural template, or None), ``n`` (the count choosing the form), ``ctx``
    (a gettext context for a short word that means different things), ``args`` (the parameters)."""

    __slots__ = ("args", "ctx", "mid", "n", "plural")
    mid: str
    plural: str | None
    n: int | None
    ctx: str | None
    args: dict[str, Arg]

    def __new__(
        cls,
        mid: str,
        args: dict[str, Arg] | None = None,
        plural: str | None = None,
        n: int | None = None,
        ctx: str | None = None,
    ) -> Msg:
        template = mid if plural is None or n == 1 else plural
        args = args or {}
        obj = super().__new__(cls, template.format(**args) if args else template)
        obj.mid, obj.plural, obj.n, obj.ctx, obj.args = mid, plural, n, ctx, args
        return obj

    def __reduce__(self):  # pickling (a process pool) keeps the message, not only the English
        return (Msg, (self.mid, self.args, self.plural, self.n, self.ctx))

    def to_json(self) -> dict:
        """A JSON form that ``from_json`` reads back into the same message."""
        out: dict[str, Any] = {"m": self.mid}
        if self.args:
            out["a"] = {k: (v.to_json() if isinstance(v, Msg) else v) for k, v in self.args.items()}
        if self.plural is not None:
            out["p"], out["n"] = self.plural, self.n
        if self.ctx is not None:
            out["c"] = self.ctx
        if isinstance(self, ListMsg):
            out["l"] = True
        return out

    @staticmethod
    def from_json(data: Any) -> Any:
        """The inverse of ``to_json``; anything else (a plain string, a number) is returned as is."""
        if not isinstance(data, dict) or "m" not in data:
            return data
        if data.get("l"):
            return ListMsg([Msg.from_json(v) for v in data.get("a", {}).values()])
        args = {k: Msg.from_json(v) for k, v in data.get("a", {}).items()}
        return Msg(str(data["m"]), args, data.get("p"), data.get("n"), data.get("c"))


class ListMsg(Msg):
    """Items shown as a list: "Forest, Tundra" in English, joined the way each language joins a
    list at the edge (Babel's ``format_list``, style "unit")."""

    __slots__ = ()

    def __new__(cls, items: Iterable[Arg]) -> ListMsg:
        items = list(items)
        obj = str.__new__(cls, ", ".join(str(i) for i in items))
        obj.mid, obj.plural, obj.n, obj.ctx = "{items}", None, None, None
        obj.args = {str(i): item for i, item in enumerate(items)}
        return obj

    def __reduce__(self):
        return (ListMsg, (list(self.args.values()),))

    @property
    def items(self) -> list[Arg]:
        return list(self.args.values())


def T(template: str, /, **args: Arg) -> Msg:
    """A sentence or a word: ``T("{p} takes {card}.", p=..., card=...)``."""
    return Msg(template, args)


def N(singular: str, plural: str, n: int, /, **args: Arg) -> Msg:
    """Words that depend on a count: ``N("{n} card", "{n} cards", 3)``; ``n`` is a parameter too.
    Each language chooses its own form at the edge (its plural rules come from CLDR, via Babel)."""
    return Msg(singular, {"n": n, **args}, plural, n)


def P(context: str, template: str, /, **args: Arg) -> Msg:
    """A short word whose translation depends on where it is used (gettext's ``pgettext``):
    ``P("iki card", "Fan")``."""
    return Msg(template, args, ctx=context)


def NP(context: str, singular: str, plural: str, n: int, /, **args: Arg) -> Msg:
    """A count with its noun in a context (gettext's ``npgettext``): the same English said by two
    games, ``NP("kigi", "{n} flower", "{n} flowers", 3)``, so each can be translated its own way."""
    return Msg(singular, {"n": n, **args}, plural, n, ctx=context)


def L(items: Iterable[Arg]) -> ListMsg:
    """A list of words: "a, b, c" in English, each language's way elsewhere."""
    return ListMsg(items)


def english(value: Any) -> str:
    """The English of a message (or of a plain string): what a log or a test reads."""
    return str(value)


def dump_events(events: list[dict]) -> list[dict]:
    """Events ready to be saved as JSON: the English in ``text`` and the message in ``msg``."""
    out = []
    for ev in events:
        text = ev.get("text")
        if isinstance(text, Msg):
            ev = {**ev, "text": str(text), "msg": text.to_json()}
        out.append(ev)
    return out


def event_text(ev: dict) -> Any:
    """An event's words: the message if it was saved with one, else its English text."""
    if "msg" in ev:
        return Msg.from_json(ev["msg"])
    return ev.get("text", "")

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
    """The words a game's picture draws (``record_text``), without the shared turn marker and
    "winner" (rendering/common.py's words), also where a text cut to fit ends in part of one."""
    from rendering import common

    with common.record_text() as texts:
        shown.draw(view, names)
    return [_without_shared(t) for _size, t in texts]


def _without_shared(text: str) -> str:
    from rendering import common
    from rendering.i18n import tr

    for word in (tr(common.TO_PLAY), tr(common.WINNER)):
        text = text.replace(word, " ")
        cut = next((k for k in range(len(word), 0, -1) if text.endswith(word[:k] + common.ELLIPSIS)), 0)
        text = text[: len(text) - cut - 1] if cut else text
    return text


def english_in_game(
    game_key: str, n: int, seed: int, options: dict, names: list[str], every: int = 40
) -> list[str]:
    """Every text of a random game (``walk``) said in the pseudo-language with English left in it,
    once each, as "where: 'text' [words]"."""
    from rendering.i18n import PSEUDO, language

    with language(PSEUDO):
        found = [
            f"{where}: {text!r} {left}"
            for where, text in walk(game_key, n, seed, options, names, every=every)
            if (left := english_left(str(text), tuple(names)))
        ]
    return list(dict.fromkeys(found))


def walk(game_key: str, n: int, seed: int, options: dict, names: list[str], *, every: int = 40):
    """A seeded random game of ``game_key`` played to its end, yielding ``(where, text)`` for every
    text a person reads, as the edge says it in the language of the moment: every legal action's
    label and every seat's prompt at each step, each step's events (saved and loaded back, as the
    bot keeps them), the alt text, glance and facts of the public and the mover's view and the words
    drawn in their pictures (at each new kind of decision, and every ``every`` steps), the same at
    the end, and the score's parts. The pictures' shared turn marker is left out (tested with
    rendering/common.py)."""
    import json
    import random

    from bot.service.base import format_event
    from games import REGISTRY
    from games.text import dump_events, event_text
    from rendering import presentation
    from rendering.i18n import tr

    shown = presentation(game_key)
    title = REGISTRY[game_key].title
    state = REGISTRY[game_key].new_state(n, seed, options)
    rng = random.Random(seed)
    seen: set = set()
    step = 0

    def views(seat):
        for view in (state.view(None), state.view(seat)):
            yield from (("words", w) for w in view_words(shown, title, view, names))
            yield from (("picture", w) for w in picture_words(shown, view, names))

    while not state.is_over():
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        yield from (("label", format_event(a.label, names)) for a in actions)
        prompts = [state.prompt(s) for s in range(n)]
        yield from (("prompt", format_event(p, names)) for p in prompts)
        moment = getattr(prompts[seat], "mid", prompts[seat])
        if moment not in seen or step % every == 0:  # every kind of decision once, and now and then
            seen.add(moment)
            yield from views(seat)
        forward = [a for a in actions if a.group != "back"] or actions  # a step back only delays the end
        events = state.apply(seat, rng.choice(forward).id)
        for ev in json.loads(json.dumps(dump_events(events))):
            yield "event", format_event(event_text(ev), names)
        step += 1
    yield from views(0)
    for parts in state.score_parts() or []:
        yield from (("score", tr(words)) for words, _points in parts)

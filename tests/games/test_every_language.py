"""Every game played in every language the bot speaks (issue 35): a random game of each game at a
larger table, every text a person reads said in French, German, Spanish, Brazilian Portuguese and
Japanese, every picture drawn. The pseudo-language tests find English left; these find what only a
real catalogue and a real locale can break: a translation that does not fit its parameters, a
plural form, a list Babel cannot join (German and Spanish lists of three or more items raised
KeyError and left an Iki board undrawn), a picture a longer word cannot be drawn in."""

from __future__ import annotations

import re

import pytest

from rendering import i18n
from rendering.i18n import language
from tests.i18n_helpers import walk

LANGUAGES = [c for c in i18n.available() if c != "en"]
NAMES = ["Zoé", "Ольга", "さくら", "Mbali"]
SETUPS = {
    "iki": (4, 21, {}),
    "ikenokoi": (4, 22, {}),
    "kigi": (4, 23, {"advanced": True}),
    "iwari": (4, 24, {"map": "vast-lands", "feats": True, "expeditions": True}),
    "iwari solo": (1, 25, {"mode": "solo", "map": "uncharted-paths"}),
}
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*(?:[:!][^{}]*)?\}")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("setup", SETUPS)
def test_a_whole_game_is_said_and_drawn_in_the_language(setup: str, code: str) -> None:
    n, seed, options = SETUPS[setup]
    game_key = setup.split()[0]
    kinds: dict[str, int] = {}
    unfilled = []
    with language(code):
        for where, text in walk(game_key, n, seed, options, NAMES[:n], every=120):
            kinds[where] = kinds.get(where, 0) + 1
            if PLACEHOLDER.search(str(text)):
                unfilled.append(f"{where}: {text!r}")
    assert not unfilled, "\n".join(dict.fromkeys(unfilled))
    assert {"label", "prompt", "event", "words", "picture"} <= set(kinds)

"""Every word of Iki is translatable (issue 35): played in the pseudo-language ``en_XA`` (every
translated letter accented), no English is left in its labels, prompts, events, alt text, glance,
facts, score words, menus, rules notes, or in the words drawn in its pictures."""

from __future__ import annotations

import pytest

from rendering.i18n import language, tr
from rendering.iki import PRESENTATION
from tests.i18n_helpers import english_in, english_in_game

NAMES = ["Zoé", "Ōta", "Ünal", "Åsa"]


@pytest.mark.parametrize(("n", "seed"), [(2, 3), (4, 8)])
def test_no_english_left_in_a_game_played_in_the_pseudo_language(n: int, seed: int) -> None:
    found = english_in_game("iki", n, seed, {}, NAMES[:n])
    assert not found, "\n".join(found)


def test_menus_and_rules_notes_are_translated() -> None:
    with language("en_XA"):
        texts = [tr(w) for w in PRESENTATION.menus.values()] + [
            tr(note) for *_xy, note in PRESENTATION.rules.notes
        ]
    assert texts and not english_in(texts, [], "menu or note")

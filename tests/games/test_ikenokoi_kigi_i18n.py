"""Ike No Koi and Kigi in the pseudo-language ``en_XA`` (issue 35): random games of 2 and 4 players
leave no English in what a person reads: action labels, prompts, events (as the bot writes them,
through ``format_event``, also once saved and loaded back), alt text, the line beside the board,
the panel's facts, the words drawn in the pictures, the rules notes and the menus' names."""

from __future__ import annotations

import pytest

from games.kigi.data import COMMISSIONS, STATS
from rendering import presentation
from rendering.i18n import PSEUDO, language, tr
from tests.i18n_helpers import english_in_game, english_left

NAMES = ("Zoé", "Ольга", "Kenji", "Mbali")
SETUPS = [
    ("ikenokoi", 2, {}, 1),
    ("ikenokoi", 4, {}, 2),
    ("kigi", 2, {}, 3),
    ("kigi", 4, {"advanced": True}, 4),
]


@pytest.mark.parametrize(("game_key", "players", "options", "seed"), SETUPS)
def test_no_english_left_in_a_random_game(game_key, players, options, seed):
    found = english_in_game(game_key, players, seed, options, list(NAMES[:players]), every=9)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game_key", ["ikenokoi", "kigi"])
def test_rules_notes_and_menus_are_translated(game_key):
    shown = presentation(game_key)
    with language(PSEUDO):
        for _x, _y, note in shown.rules.notes:
            assert not english_left(tr(note)), note
        for word in shown.menus.values():
            assert not english_left(tr(word)), word


def test_kigi_commission_texts_say_their_statistic():
    """Each commission's text (a message of its own) says the statistic its table names."""
    for card in COMMISSIONS.values():
        assert card["text"] == f"{'Most' if card['most'] else 'Fewest'} {STATS[card['stat']]}"

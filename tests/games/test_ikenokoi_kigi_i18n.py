"""Ike No Koi and Kigi in the pseudo-language ``en_XA`` (issue 35): random games of 2 and 4 players
leave no English in what a person reads: action labels, prompts, events (as the bot writes them,
through ``format_event``, also once saved and loaded back), alt text, the line beside the board,
the panel's facts, the words drawn in the pictures, the rules notes and the menus' names."""

from __future__ import annotations

import json
import random

import pytest

from bot.service.base import format_event
from games import REGISTRY
from games.kigi.data import COMMISSIONS, STATS
from games.text import dump_events, event_text
from rendering import common, presentation
from rendering.common import ELLIPSIS, TO_PLAY, WINNER, header
from rendering.i18n import PSEUDO, language, tr
from tests.i18n_helpers import english_left

NAMES = ("Zoé", "Ольга", "Kenji", "Mbali")
SETUPS = [
    ("ikenokoi", 2, {}, 1),
    ("ikenokoi", 4, {}, 2),
    ("kigi", 2, {}, 3),
    ("kigi", 4, {"advanced": True}, 4),
]
PICTURE_EVERY = 9  # steps between two pictures drawn (drawing every position is slow)


def _check(where: str, text: str, seen: list[str]) -> None:
    left = english_left(str(text), NAMES)
    assert not left, f"English left in {where}: {left} in {text!r}"
    seen.append(where)


# The words every game shares (the alt text's first sentences, "to play", "winner") are
# rendering/common.py's, not these games': they are left out here (tested with that module).
TITLES = {"ikenokoi": "Ike No Koi", "kigi": "Kigi"}


def _view_words(game_key: str, view: dict, names: list[str]) -> list[tuple[str, str]]:
    """Alt text (without the shared header's sentences), glance and facts of a view."""
    shown = presentation(game_key)
    shared = set(header(TITLES[game_key], view, names))
    alt = [("alt text", s) for s in shown.describe(view, names) if s not in shared]
    return [*alt, ("glance", shown.glance(view)), *(("facts", f) for f in shown.facts(view, names))]


def _picture_words(game_key: str, view: dict, names: list[str]) -> list[str]:
    with common.record_text() as texts:
        presentation(game_key).draw(view, names)
    return [_without_shared(t) for _size, t in texts]


def _without_shared(text: str) -> str:
    """A drawn text without the shared words, also where a text cut to fit ends in part of one."""
    for word in (tr(TO_PLAY), tr(WINNER)):
        text = text.replace(word, " ")
        cut = next((k for k in range(len(word), 0, -1) if text.endswith(word[:k] + ELLIPSIS)), 0)
        text = text[: len(text) - cut - 1] if cut else text
    return text


@pytest.mark.parametrize(("game_key", "players", "options", "seed"), SETUPS)
def test_no_english_left_in_a_random_game(game_key, players, options, seed):
    game = REGISTRY[game_key]
    names = list(NAMES[:players])
    rng = random.Random(seed)
    state = game.new_state(players, seed, options)
    seen: list[str] = []
    step = 0
    with language(PSEUDO):
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            for a in actions:
                _check("label", format_event(a.label, names), seen)
            for s in range(players):
                _check("prompt", format_event(state.prompt(s), names), seen)
            if step % PICTURE_EVERY == 0:
                for view in (state.view(None), state.view(seat)):
                    for where, words in _view_words(game_key, view, names):
                        _check(where, words, seen)
                    for words in _picture_words(game_key, view, names):
                        _check("picture", words, seen)
            events = state.apply(seat, rng.choice([a for a in actions if a.group != "back"]).id)
            saved = json.loads(json.dumps(dump_events(events)))
            for ev in saved:
                _check("event", format_event(event_text(ev), names), seen)
            step += 1
        for view in (state.view(None), state.view(0)):
            for where, words in _view_words(game_key, view, names):
                _check(f"final {where}", words, seen)
            for words in _picture_words(game_key, view, names):
                _check("final picture", words, seen)
        for row in state.score_parts() or []:
            for words, _points in row:
                _check("score part", tr(words), seen)
    # the game went through every kind of text
    assert {"label", "prompt", "event", "alt text", "glance", "picture", "final picture"} <= set(seen)


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

"""Every word of Iwari is translatable (issue 35): played in the pseudo-language ``en_XA`` (every
translated letter accented), no English is left in its labels, prompts, events, alt text, glance,
facts, score words, menus, rules notes, or in the words drawn in its pictures: versus at 2 and 4
players, solo and co-op, on two maps."""

from __future__ import annotations

import random

import pytest

from games.iwari import GAME
from rendering.i18n import language, tr
from rendering.iwari import PRESENTATION
from tests.i18n_helpers import english_in, english_in_game

NAMES = ["Zoé", "Ōta", "Ünal", "Åsa"]


CASES = [
    (2, 3, {}),
    (4, 8, {"map": "vast-lands", "feats": True, "expeditions": True, "courage": True, "worship": "golden"}),
    (1, 5, {"mode": "solo"}),
    (2, 139, {"mode": "coop", "map": "vast-lands"}),
    (3, 11, {"map": "long-road"}),
    (6, 2, {"map": "the-void", "worship": "contested"}),
    (1, 7, {"mode": "solo", "map": "forgotten-island"}),
    (1, 4, {"mode": "solo", "map": "uncharted-paths"}),
]


@pytest.mark.parametrize(("n", "seed", "options"), CASES, ids=lambda v: str(v))
def test_no_english_left_in_a_game_played_in_the_pseudo_language(n: int, seed: int, options: dict) -> None:
    names = NAMES[:n] if n <= len(NAMES) else [*NAMES, "Émile", "Ōko"][:n]
    found = english_in_game("iwari", n, seed, options, names, every=60)
    assert not found, "\n".join(found)


def test_menus_and_rules_notes_are_translated() -> None:
    with language("en_XA"):
        texts = [tr(w) for w in PRESENTATION.menus.values()] + [
            tr(note) for *_xy, note in PRESENTATION.rules.notes
        ]
    assert texts and not english_in(texts, [], "menu or note")


def test_set_up_refusals_and_option_words_are_translated() -> None:
    from games.base import IllegalSetup

    refusals = []
    for n, options in ((1, {"mode": "solo", "feats": True}), (6, {}), (2, {"mode": "solo"})):
        with pytest.raises(IllegalSetup) as caught:
            GAME.new_state(n, 1, options)
        refusals.append(caught.value.args[0])
    with language("en_XA"):
        texts = [tr(r) for r in refusals]
        texts += [
            tr(GAME.option_word("difficulty", {"mode": m, "map": k}))
            for m in ("solo", "coop")
            for k in ("new-horizons", "vast-lands")
        ]
    assert texts and not english_in(texts, [], "refusal or option")


@pytest.mark.parametrize("seed", range(6))
def test_why_a_solo_game_ended_is_translated_after_a_reload(seed: int) -> None:
    """Saves keep the end reason in English (``end_reason``, as they always have): loaded again, it
    is read back into its message (games/iwari/solo.py ``reason_words``), its numbers kept."""
    import json

    state = GAME.new_state(1, seed, {"mode": "solo", "map": "forgotten-island"})
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(0, rng.choice(state.legal_actions(0)).id)
    loaded = GAME.load_state(json.loads(json.dumps(state.to_json())))
    view, again = state.view(None), loaded.view(None)
    assert again["end_reason"] == view["end_reason"] and again["void_won_by"] == view["void_won_by"]
    with language("en_XA"):
        words = [tr(again["end_reason"]), tr(again["void_won_by"] or "")]
    assert words[0] and not english_in(words, [], "end reason")

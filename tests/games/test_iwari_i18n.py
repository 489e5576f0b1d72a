"""Every word of Iwari is translatable (issue 35): played in the pseudo-language ``en_XA`` (every
translated letter accented), no English is left in its labels, prompts, events, alt text, glance,
facts, score words, menus, rules notes, or in the words drawn in its pictures: versus at 2 and 4
players, solo and co-op, on two maps."""

from __future__ import annotations

import random

import pytest

from bot.service.base import format_event
from games.iwari import GAME
from rendering.i18n import language, tr
from rendering.iwari import PRESENTATION
from tests.i18n_helpers import english_in, picture_words, view_words

NAMES = ["Zoé", "Ōta", "Ünal", "Åsa"]


def _english(texts: list, names: list[str], where: str) -> list[str]:
    return english_in(texts, names, where)


def _view_words(view: dict, names: list[str]) -> list[str]:
    return view_words(PRESENTATION, "Iwari", view, names)


def _picture_words(view: dict, names: list[str]) -> list[str]:
    return picture_words(PRESENTATION, view, names)


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
    rng = random.Random(seed)
    state = GAME.new_state(n, seed, options)
    found: list[str] = []
    drawn: set[tuple] = set()
    steps = 0
    with language("en_XA"):
        while True:
            over = state.is_over()
            seat = None if over else state.to_act()[0]
            if not over:
                acts = state.legal_actions(seat)
                found += _english([format_event(a.label, names) for a in acts], names, "label")
                found += _english([format_event(state.prompt(s), names) for s in range(n)], names, "prompt")
            view = state.view(seat)
            moment = (view.get("phase"), view.get("third_tribe_turn"), bool(view.get("pending")), over)
            if moment not in drawn or steps % 60 == 0:  # every kind of decision once, and now and then
                drawn.add(moment)
                for v in (state.view(None), view):
                    found += _english(_view_words(v, names), names, "words")
                    found += _english(_picture_words(v, names), names, "picture")
            if over:
                break
            events = state.apply(seat, rng.choice(acts).id)
            found += _english([format_event(e["text"], names) for e in events], names, "event")
            steps += 1
        words = [tr(w) for parts in state.score_parts() or [] for w, _points in parts]
        found += _english(words, names, "score")
    assert not found, "\n".join(dict.fromkeys(found))


def test_menus_and_rules_notes_are_translated() -> None:
    with language("en_XA"):
        texts = [tr(w) for w in PRESENTATION.menus.values()] + [
            tr(note) for *_xy, note in PRESENTATION.rules.notes
        ]
    assert texts and not _english(texts, [], "menu or note")


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
    assert texts and not _english(texts, [], "refusal or option")


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
    assert words[0] and not _english(words, [], "end reason")

"""The words at the edge (issue 35): messages, their JSON, the language of the moment."""

from __future__ import annotations

import asyncio
import json

import pytest

from games.base import event
from games.text import L, Msg, N, P, T, dump_events, event_text
from rendering import i18n
from rendering.i18n import PSEUDO, _, language, normalize, pseudo, tr
from tests.i18n_helpers import english_left


def test_a_message_is_its_english_and_keeps_its_id_and_parameters():
    m = T("{p} takes {card}.", p="{p0}", card=P("ikenokoi card", "Koi {v}", v=3))
    assert m == "{p0} takes Koi 3." and isinstance(m, str)
    assert m.mid == "{p} takes {card}." and m.args["card"].ctx == "ikenokoi card"
    assert N("{n} card", "{n} cards", 1) == "1 card" and N("{n} card", "{n} cards", 2) == "2 cards"
    assert L(["Forest", T("Tundra")]) == "Forest, Tundra"


def test_json_round_trip_gives_the_same_message():
    m = T("{who}: {cards}", who="{p1}", cards=L([P("c", "A"), N("{n} x", "{n} xs", 2)]))
    back = Msg.from_json(json.loads(json.dumps(m.to_json())))
    assert back == m and back.to_json() == m.to_json()
    assert tr(back, PSEUDO) == tr(m, PSEUDO)


def test_saved_events_keep_english_text_and_their_message():
    ev = [event(T("{p} draws.", p="{p0}"), type="draw"), event("plain", type="info")]
    saved = json.loads(json.dumps(dump_events(ev)))
    assert saved[0]["text"] == "{p0} draws." and saved[0]["msg"]["m"] == "{p} draws."
    assert "msg" not in saved[1]
    assert event_text(saved[0]).mid == "{p} draws." and event_text(saved[1]) == "plain"


def test_pseudo_language_accents_every_letter_outside_placeholders_and_runs_longer():
    text = pseudo("Take {card} from {p}")
    assert "{card}" in text and "{p}" in text
    assert not any(c.isascii() and c.isalpha() for c in text.replace("{card}", "").replace("{p}", ""))
    assert len(text) >= 1.4 * len("Take  from ")


def test_translation_fills_translated_parameters_and_plain_strings_pass():
    with language("en-XA"):
        out = _("{p} takes {card}.", p="Zoé", card=N("{n} card", "{n} cards", 2))
        assert "Zoé" in out and "2" in out and "takes" not in out
        assert tr("Ольга") == "Ольга"
        assert "," in tr(L([T("Forest"), T("Tundra")]))
    assert _("{p} takes {card}.", p="Zoé", card="Koi 3") == "Zoé takes Koi 3."


def test_discord_locales_find_their_catalogue_or_english():
    assert normalize("en-US") == "en" and normalize(None) == "en" and normalize("xx") == "en"
    assert normalize("en-XA") == PSEUDO
    for code in i18n.available()[1:]:
        assert normalize(code.replace("_", "-")) == code


async def test_the_language_follows_a_task_and_a_thread():
    with language("en-XA"):
        here = await asyncio.to_thread(lambda: _("Your turn"))
    assert here == pseudo("Your turn") and _("Your turn") == "Your turn"


def test_a_computer_seat_s_saved_name_is_said_in_the_reader_s_language() -> None:
    """A computer seat is saved as "AI 1 (quick)" (old matches too): it is said from its number and
    level at display time; a person's name, and a person's seat an AI took over, stay as saved."""
    from bot.store import Seat

    ai = Seat(None, "AI 2 (quick)", ai="quick")
    assert ai.shown_name == "AI 2 (quick)" and ai.to_json()["name"] == "AI 2 (quick)"
    with language(PSEUDO):
        said = ai.shown_name
        assert said != "AI 2 (quick)" and "2" in said and not english_left(said)
        assert Seat(7, "AI 2 (quick)", ai="quick").shown_name == "AI 2 (quick)"  # a person so named
        assert Seat(None, "Robot", ai="strong").shown_name == "Robot"


@pytest.mark.parametrize("code", i18n.available())
def test_a_list_of_any_length_is_said_in_every_language(code):
    """Babel has no "unit" list patterns past two items for German and Spanish (a KeyError drew no
    Iki board in a German channel): every language says lists of 1-6 items, each item once, joined
    the same way at every length; Japanese with 「、」."""
    items = [T("Forest"), T("Tundra"), T("Coast"), T("Desert"), T("Glacier"), T("Forest")]
    for k in range(1, 7):
        said = tr(L(items[:k]), code)
        words = [tr(i, code) for i in items[:k]]
        assert all(w in said for w in words)
        assert said.startswith(words[0]) and said.endswith(words[-1])
    if code == "ja":
        assert "、" in tr(L(items[:3]), code) and " " not in tr(L(items[:3]), code)

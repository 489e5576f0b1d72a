"""The shared words in the pseudo-language (issue 35): the service's refusals, the registry's words,
the rules pages and their pictures, the pictures' shared header. In ``en_XA`` no English is left;
in English every text is what it was."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rendering.alt
import rendering.facts
import rendering.rules
from bot.service import ServiceError
from games import REGISTRY, IllegalAction, IllegalSetup
from games.iwari.data import FEAT_NAMES
from games.iwari.maps import MAPS
from games.text import L, Msg, N, T
from rendering.alt import describe, glance
from rendering.catalogues import extract
from rendering.common import Presentation, counts, header, names_of, player_name, record_text, to_play
from rendering.facts import facts
from rendering.i18n import PSEUDO, _, language, pseudo, tr
from rendering.rules import example, markdown_messages, rules_description, rules_png, rules_text, summary_path
from tests.i18n_helpers import english_left
from tests.test_service import service  # noqa: F401 (the fixture: a service on SQLite)

NAMES = ("host", "p1", "p2", "p3", "p4", "p5")
ECHOED = ("genius", "nogame", "advanced", "maybe", "colour", "size", "True", "False")  # ids a refusal repeats
# Iwari's map and Feat names are games/iwari's terms (converted with Iwari's words): the registry's
# own words around them are checked here.
_TERMS = {*(str(m.NAME) for m in MAPS.values()), *map(str, FEAT_NAMES.values())}
IWARI_TERMS = tuple(
    sorted(_TERMS, key=len, reverse=True)
)  # the longest first: "The Void" in "The Void (Atlas)"


def no_english(text: str, names: tuple[str, ...] = NAMES) -> None:
    left = english_left(str(text), names)
    assert not left, f"English left {left} in {text!r}"


async def refusal(coro) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        await coro
    return caught.value


async def test_service_refusals_are_said_where_they_are_shown(service):  # noqa: F811
    """Every kind of refusal: the service's own, an engine's (IllegalAction), a set-up's
    (IllegalSetup), counted ones (N): said in the language of the moment when shown, in English
    otherwise, and kept as a message."""
    lobby = await service.new_lobby("ikenokoi", 1, 10, 100, "host")
    said: list[ServiceError] = [
        await refusal(service.join(lobby.id, 100, "host")),  # already in it
        await refusal(service.add_ai(lobby.id, 101, "quick")),  # not the host
        await refusal(service.add_ai(lobby.id, 100, "genius")),  # no such level
        await refusal(service.remove_ai(lobby.id, 100)),  # no AI
        await refusal(service.leave(lobby.id, 100)),  # the host
        await refusal(service.start(lobby.id, 100)),  # too few players
        await refusal(service.new_lobby("nogame", 1, 11, 100, "host")),
        await refusal(service.new_lobby("kigi", 1, 11, 100, "host", {"advanced": "maybe"})),
        await refusal(service.new_lobby("kigi", 1, 11, 100, "host", {"colour": 1, "size": 2})),
        await refusal(service.new_lobby("kigi", 1, 10, 100, "host")),  # the channel is busy
        await refusal(service.request_board(10)),
        await refusal(service.live(12)),
        await refusal(service.finished_match(10)),
    ]
    for i in range(1, 5):
        await service.join(lobby.id, 100 + i, f"p{i}")
    said.append(await refusal(service.join(lobby.id, 105, "p5")))  # full: a count
    match, state = await service.start(lobby.id, 100)
    waiting = next(s for s in range(5) if s not in state.to_act())
    user = match.seats[waiting].user_id
    said += [
        await refusal(service.act(match.id, user, match.version, "draw")),  # not this seat's turn
        await refusal(service.act(match.id, 999, match.version, "draw")),  # no seat
        await refusal(service.undo(match.id, match.seats[state.to_act()[0]].user_id, match.version)),
        await refusal(service.return_seat(10, user)),
        await refusal(service.finished_match(10, match.id)),
    ]
    engine = state.copy()
    with pytest.raises(IllegalAction) as refused:
        engine.apply(waiting, "draw")
    said.append(ServiceError(*refused.value.args))
    for exc in said:
        english = str(exc)
        assert isinstance(exc.args[0], Msg), english  # kept as a message, not as English
        with language(PSEUDO):
            shown = str(exc)
        assert shown != english
        no_english(shown, NAMES + ECHOED)
        assert str(exc) == english  # English outside: the text as it always was
    assert "The lobby is full (5 players)." in [str(e) for e in said]
    assert "Unknown options: colour, size." in [str(e) for e in said]


def test_setup_refusals_and_registry_words_are_messages():
    kigi = REGISTRY["kigi"]
    with pytest.raises(IllegalSetup) as refused:
        kigi.new_state(9, 0)
    assert str(refused.value) == "Kigi is played by 2 to 5 players, not 9."
    with language(PSEUDO):
        no_english(tr(refused.value.args[0]))
    for game in REGISTRY.values():
        words = [game.blurb, game.summary_words(), game.players_words(), *game.option_help.values()]
        words += [c.label for choices in game.option_choices.values() for c in choices]
        for value in (game.option_word(name, {}) for name in game.options):
            words += [value] if value is not None else []
        for word in words:
            assert isinstance(word, Msg) or word.replace("-", "").isdigit() or word in IWARI_TERMS, word
            with language(PSEUDO):
                no_english(tr(word), NAMES + IWARI_TERMS)
    iwari = REGISTRY["iwari"]
    assert iwari.option_word("difficulty", {"mode": "solo", "map": "vast-lands"}) == (
        "Normal (the Void needs 4 territories on this map; 3 on most)"
    )
    labels = {c.value: c.label for c in iwari.option_choices["feats"]}
    assert labels["union+honour"] == "Union + Honour" and labels[True] == "All four"


def test_the_shared_header_and_names_in_every_language():
    state = REGISTRY["iki"].new_state(3, 7)
    names = ["Zoé", "Ben", "Chen"]
    english = header("Iki", state.view(0), names)
    assert english[0] == "Iki board, as Zoé sees it."
    over = {"over": True, "winners": [0, 2], "scores": [5, 3, 5], "num_players": 3}
    assert header("Iki", over, names) == [
        "Iki board.",
        "Game over. Winner: Zoé and Chen.",
        "Scores: Zoé 5, Ben 3, Chen 5.",
    ]
    assert names_of(None, [0, 1, 2]) == "Player 1 and Player 2 and Player 3"
    with language(PSEUDO):
        for view in (state.view(0), state.view(None), over, {"over": True, "winners": [], "scores": [1]}):
            for sentence in header("Iki", view, names):
                no_english(sentence, tuple(names))
        no_english(to_play("Zoé", "drawing"), ("Zoé", "drawing"))  # the phase is the game's: said as given
        no_english(player_name(None, 3))


def test_rules_pages_are_said_line_by_line_from_the_catalogue():
    """The page in English is the file, byte for byte; every line's words are a message the
    catalogues extract; in the pseudo-language no English is left."""
    extracted = {m.id for m in extract() if m.id and any(loc[0].endswith(".md") for loc in m.locations)}
    for key in REGISTRY:
        text = summary_path(key).read_text()
        assert rules_text(key) == text
        words = [w for _line, _mark, w, _after in markdown_messages(text)]
        assert words and set(words) <= extracted
        with language(PSEUDO):
            page = rules_text(key)
        assert page.count("\n") == text.count("\n")
        no_english(page)
        assert pseudo(words[0]) in page


def test_rules_pictures_are_drawn_and_kept_per_language(monkeypatch):
    """The notes are said in the language of the moment, and the picture is kept per language."""
    key = next(k for k in REGISTRY if example(k) is not None)
    shown = rendering.rules.presentation(key)
    notes = tuple((x, y, T("Take {n} cards.", n=n)) for n, (x, y, _note) in enumerate(shown.rules.notes, 1))
    said = replace(shown, rules=replace(shown.rules, notes=notes))
    monkeypatch.setattr(rendering.rules, "presentation", lambda game_key: said)
    rendering.rules._rules_png.cache_clear()
    try:
        english = rules_png(key)
        assert "1. Take 1 cards. 2. Take 2 cards." in rules_description(key)
        with language(PSEUDO):
            pictured = rules_png(key)
            words = rules_description(key)
        assert pictured != english and rules_png(key) == english
        assert rendering.rules._rules_png.cache_info().currsize == 2
        no_english(words)
        with language(PSEUDO), record_text() as texts:
            rendering.rules.rules_picture(key)
        assert pseudo("Take {n} cards.").format(n=1) in [t for _size, t in texts]
    finally:
        rendering.rules._rules_png.cache_clear()


def test_alt_text_and_facts_say_a_games_messages_in_the_language_of_the_moment(monkeypatch):
    """A game's words reach the alt text, the line beside the board and the panel's facts as
    messages or as words said already: both are said in the language of the moment."""
    view = REGISTRY["iki"].new_state(3, 7).view(0)
    said = Presentation(
        draw=lambda v, names: None,
        describe=lambda v, names: [*header("Iki", v, names), T("The river holds {n} cards.", n=3)],
        glance=lambda v: T("River: {cards}.", cards=L([T("Koi {v}", v=2), T("Lotus")])),
        facts=lambda v, names: [T("**Your hand:** {n} cards", n=2), _("You may draw.")],
    )
    monkeypatch.setattr(rendering.alt, "presentation", lambda key: said)
    monkeypatch.setattr(rendering.facts, "presentation", lambda key: said)
    names = ["Zoé", "Ben", "Chen"]
    assert describe("iki", view, names).endswith("The river holds 3 cards.")
    assert glance("iki", view) == "River: Koi 2, Lotus."
    assert facts("iki", view, names) == "**Your hand:** 2 cards\nYou may draw."
    with language(PSEUDO):
        no_english(describe("iki", view, names), tuple(names))
        no_english(glance("iki", view))
        no_english(facts("iki", view, names))
    assert counts({"mon": 3, "rice": 1, "wood": 0}) == "3 mon, 1 rice" and counts({}) == "none"
    with language(PSEUDO):
        no_english(
            counts(
                {"mon": 3, "rice": 1},
                {"mon": lambda n: N("{n} mon", "{n} mon", n), "rice": lambda n: N("{n} rice", "{n} rice", n)},
            )
        )

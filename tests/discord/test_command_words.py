"""The slash commands in each person's language (issue 35): every ``locale_str`` the tree holds
goes through bot/translator.py, and no translation Discord would refuse is ever sent.

Discord's rules: names lower case, 1-32 letters, digits, ``-`` and ``_``; descriptions and choice
names 1-100 characters. A translation that breaks them is not sent (Discord shows the English).
"""

from __future__ import annotations

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where

from bot.translator import NAMES, CommandTranslator, rule_broken, translation
from rendering import i18n
from tests.discord.helpers import make_world


class Recording(app_commands.Translator):
    """Every string discord.py asks to translate when it builds the commands' payloads."""

    def __init__(self) -> None:
        self.asked: dict[tuple[str, Where], locale_str] = {}

    async def translate(self, string, locale, context):
        self.asked[(str(string.message), context.location)] = string
        return None


async def every_locale_str(tree) -> dict[tuple[str, Where], locale_str]:
    recording = Recording()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recording)
    return recording.asked


async def answer(string: locale_str, locale, where: Where) -> str | None:
    return await CommandTranslator().translate(string, locale, TranslationContext(where, None))


async def test_every_command_word_goes_through_the_catalogues_within_discord_s_rules(simcord_env):
    """A dry run in the pseudo-language over every string the tree holds (each is translated: none
    is left out of the catalogues), then every real catalogue: none breaks a rule."""
    world = await make_world(simcord_env, 1)
    assert isinstance(world.bot.tree.translator, CommandTranslator)
    strings = await every_locale_str(world.bot.tree)
    said = {text for text, _where in strings}
    for expected in ("settings", "language", "server default", "notifications", "match", "new", "rules"):
        assert expected in said
    assert "Open a lobby for a new game of Iki in this channel." in said  # a message with a parameter
    refused = []
    for (english, where), string in strings.items():
        pseudo = translation(string, "en-XA")
        assert pseudo is not None and pseudo != english, f"{english!r} is not translatable"
        sent = await answer(string, "en-XA", where)
        assert sent == (pseudo if rule_broken(pseudo, where) is None else None)
        if sent is None:
            refused.append((english, where))
    # The pseudo-language pads with "·", which no name may hold: every name falls back to English,
    # and the guard is what keeps the sync valid.
    assert {where for _english, where in refused} >= set(NAMES) & {where for _e, where in strings}
    for code in i18n.available():
        if code == i18n.DEFAULT:
            continue
        broken = [
            (english, text, rule_broken(text, where))
            for (english, where), string in strings.items()
            if (text := translation(string, code)) is not None and rule_broken(text, where)
        ]
        assert broken == [], f"the {code} catalogue breaks Discord's rules"


@pytest.fixture
def french(tmp_path, monkeypatch):
    """A small French catalogue of its own, with a name and a description Discord would refuse."""
    po = tmp_path / "fr" / "LC_MESSAGES" / "koi.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "settings"\nmsgstr "réglages"\n\n'
        'msgid "notifications"\nmsgstr "Mes Notifications"\n\n'
        'msgid "The four games and the commands, on one screen."\n'
        'msgstr "Les quatre jeux et les commandes, sur un écran."\n\n'
        'msgid "How you are told it is your turn"\n'
        f'msgstr "{"très " * 30}long"\n\n'
        'msgid "How to play {game}, in short."\nmsgstr "Comment jouer à {game}, en bref."\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.available.cache_clear()
    i18n.catalogue.cache_clear()
    yield
    i18n.available.cache_clear()
    i18n.catalogue.cache_clear()


async def test_a_catalogue_s_words_reach_discord_unless_they_break_a_rule(french):
    from games.text import T

    fr = discord.Locale.french
    assert await answer(locale_str("settings"), fr, Where.command_name) == "réglages"
    assert await answer(locale_str("notifications"), fr, Where.command_name) is None  # capitals, a space
    help_words = locale_str("The four games and the commands, on one screen.")
    assert (
        await answer(help_words, fr, Where.command_description)
        == "Les quatre jeux et les commandes, sur un écran."
    )
    too_long = locale_str("How you are told it is your turn")
    assert await answer(too_long, fr, Where.parameter_description) is None  # over 100 characters
    rules = locale_str(T("How to play {game}, in short.", game="Kigi"))
    assert await answer(rules, fr, Where.command_description) == "Comment jouer à Kigi, en bref."
    # English and the locales without a catalogue are left to Discord's English; an untranslated
    # string too.
    for locale in (discord.Locale.american_english, discord.Locale.british_english, discord.Locale.german):
        assert await answer(locale_str("settings"), locale, Where.command_name) is None
    assert await answer(locale_str("help"), fr, Where.command_name) is None

"""The catalogues are complete and in step with the code (issue 35).

CI fails on a message of the code missing from a catalogue, on a catalogue entry the code no longer
uses, on an entry left untranslated or fuzzy, and on a translation whose placeholders differ from
the English (``rendering/catalogues.py`` ``check``). The six languages are there.
"""

from __future__ import annotations

import pytest

from rendering import catalogues, i18n
from rendering.i18n import T, tr

LANGUAGES = {"fr", "de", "es", "pt_BR", "ja"}


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()


def test_the_six_languages_have_a_catalogue():
    assert set(catalogues.languages()) >= LANGUAGES
    assert set(i18n.available()) == {"en", *catalogues.languages()}


def test_every_message_of_the_code_is_translated_in_every_catalogue(template):
    assert len(template) > 100
    problems = catalogues.check(template)
    assert not problems, "\n".join(problems[:40]) + f"\n... {len(problems)} in all"


def test_the_check_finds_a_missing_an_unused_and_a_mismatched_entry(template, tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog

    wanted = [m for m in template if m.id and isinstance(m.id, str) and "{" in m.id][:2]
    cat = Catalog(locale="fr", domain=i18n.DOMAIN)
    cat.add(wanted[0].id, "sans les champs", context=wanted[0].context)  # placeholders dropped
    cat.add("A message nobody says", "Personne", context=None)  # unused
    path = tmp_path / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    catalogues.write(path, cat)
    monkeypatch.setattr(catalogues, "LOCALES_DIR", tmp_path)
    problems = catalogues.check(template)
    assert any("placeholders of" in p and repr(wanted[0].id) in p for p in problems)
    assert any("unused 'A message nobody says'" in p for p in problems)
    assert any("missing" in p and repr(wanted[1].id) in p for p in problems)


def test_plural_forms_come_from_cldr_and_every_form_is_written(template):
    from babel.messages.catalog import Catalog

    plurals = [m for m in template if m.pluralizable]
    assert plurals
    for code in LANGUAGES:
        cat = catalogues.read(catalogues.po_path(code), code)
        assert cat.plural_forms == Catalog(locale=code).plural_forms, code
        for m in plurals:
            forms = cat.get(m.id, m.context).string
            assert len(forms) == cat.num_plurals and all(forms), (code, m.id)
    assert tr(T("Your turn"), "en") == "Your turn"

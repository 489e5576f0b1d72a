"""The catalogues kept in step with the code (issue 35).

    python -m rendering.catalogues extract        # the messages of the code -> rendering/locales/koi.pot
    python -m rendering.catalogues update         # every koi.po: new messages added (empty), gone ones dropped
    python -m rendering.catalogues init CODE      # a new language: rendering/locales/CODE/LC_MESSAGES/koi.po
    python -m rendering.catalogues check          # what is missing, unused, fuzzy or mismatched (exit 1)

The messages are found with Babel in the Python sources of ``games``, ``rendering``, ``bot`` and
``cogs``: the calls ``T``, ``N``, ``P``, ``NP`` (``games/text.py``) and ``_``, ``_n``, ``_p``, ``_np``
(``rendering/i18n.py``), and ``locale_str`` (slash commands), whose first arguments are literals;
and the rules pages ``cogs/rules/*.md``, one message a line's words (``extract_markdown``).
``tests/test_catalogues.py`` runs ``check`` in CI.
"""

from __future__ import annotations

import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from rendering.i18n import DOMAIN, LOCALES_DIR

ROOT = LOCALES_DIR.parents[1]
SOURCES = ("games", "rendering", "bot", "cogs")
KEYWORDS = {
    "T": None,
    "N": (1, 2),
    "P": ((1, "c"), 2),
    "NP": ((1, "c"), 2, 3),
    "_": None,
    "_n": (1, 2),
    "_p": ((1, "c"), 2),
    "_np": ((1, "c"), 2, 3),
    "locale_str": None,
}
POT = LOCALES_DIR / f"{DOMAIN}.pot"
_FIELD = re.compile(r"\{([^{}:!]*)[^{}]*\}")


def po_path(code: str) -> Path:
    return LOCALES_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALES_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract_markdown(fileobj, keywords, comment_tags, options):
    """A Babel extraction method for the rules pages: each line's words (a paragraph, a list item,
    a heading, without the markdown marks before them) are one message, as ``rendering.rules``
    translates them when a page is shown."""
    from rendering.rules import markdown_messages

    for lineno, _mark, words, _after in markdown_messages(fileobj.read().decode("utf-8")):
        yield lineno, None, words, []


def extract():
    """Every message of the code, as a Babel ``Catalog`` (the template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="Koi Table", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / source,
            method_map=[("**.py", "python"), ("rules/*.md", extract_markdown)],
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        ):
            prose = filename.endswith(".md")  # a rules page's words: no placeholders, no format
            added = catalog.add(
                message,
                None,
                [(f"{source}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
                flags=() if prose else ("python-brace-format",),
            )
            if prose:
                added.flags.discard("python-format")  # a "43%" is no printf format
    return catalog


def read(path: Path, code: str | None = None):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=code)


def write(path: Path, catalog) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=False, omit_header=False, include_previous=False)


def fields(text: str) -> set[str]:
    """The placeholders of a message: ``{p}``, ``{card}``, ``{n:+d}`` -> ``{"p", "card", "n"}``."""
    return set(_FIELD.findall(text.replace("{{", "").replace("}}", "")))


def update() -> None:
    template = extract()
    write(POT, template)
    for code in languages():
        cat = read(po_path(code), code)
        cat.update(template, no_fuzzy_matching=True)
        cat.obsolete.clear()
        cat.revision_date = datetime.now(UTC)
        write(po_path(code), cat)


def init(code: str) -> None:
    from babel.messages.catalog import Catalog

    template = extract()
    cat = Catalog(locale=code, domain=DOMAIN, project="Koi Table", charset="utf-8", fuzzy=False)
    cat.update(template, no_fuzzy_matching=True)
    write(po_path(code), cat)


def _key(message) -> tuple:
    mid = message.id if isinstance(message.id, str) else tuple(message.id)
    return (message.context, mid)


def check(template=None) -> list[str]:
    """What is wrong with the catalogues, one line each; [] when they are complete."""
    template = template if template is not None else extract()
    wanted = {_key(m): m for m in template if m.id}
    problems: list[str] = []
    for code in languages():
        cat = read(po_path(code), code)
        have = {_key(m): m for m in cat if m.id}
        for key in wanted.keys() - have.keys():
            problems.append(f"{code}: missing {key[1]!r}" + (f" (context {key[0]!r})" if key[0] else ""))
        for key in have.keys() - wanted.keys():
            problems.append(f"{code}: unused {key[1]!r}")
        for key in wanted.keys() & have.keys():
            m = have[key]
            ids = [m.id] if isinstance(m.id, str) else list(m.id)
            strs = [m.string] if isinstance(m.string, str) else list(m.string)
            if m.fuzzy:
                problems.append(f"{code}: fuzzy {ids[0]!r}")
            if not all(strs):
                problems.append(f"{code}: untranslated {ids[0]!r}")
                continue
            want = set().union(*(fields(i) for i in ids))
            for s in strs:
                got = fields(s)
                # A plural form may leave the count out ("un seul"), never add or rename a field.
                if got - want or (len(ids) == 1 and got != want):
                    problems.append(
                        f"{code}: placeholders of {ids[0]!r} are {sorted(got)}, not {sorted(want)}"
                    )
                    break
    return problems


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        write(POT, extract())
    elif command == "update":
        update()
    elif command == "init" and len(argv) == 2:
        init(argv[1])
    elif command == "check":
        problems = check()
        for line in problems:
            print(line)
        print(f"{len(problems)} problem(s) in {len(languages())} catalogue(s)")
        return 1 if problems else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Rules help in pictures: a board drawn by the game's renderer, with numbered notes on a turn.

Each game has an ``Example``: a state constructed from a fixed seed by a few
seeded legal moves (so it shows a game under way, with pieces out), and notes
pinned to places of its spectator picture: how a turn goes and what scores.
``rules_picture(game_key)`` draws the board (at its own size when it is drawn
for a phone, at most 800 px wide; smaller otherwise), puts a numbered marker on each
place and writes the numbered notes under it in type large enough to read where
Discord shows it inline (``SHOWN`` px wide on a phone): the picture is as wide as the
board, and the notes' type grows with it. A board too tall to leave room for
the notes within 1.6x the width is cut at the bottom: the notes point above the cut.
The same notes are the picture's alt text.

The rules pages (``cogs/rules/<key>.md``, or the game's ``Presentation.rules_summary``) are said in
the language of the moment without a file per language: each line's words (a paragraph, a list
item, a heading, without its markdown marks) are one message of the catalogues
(``rendering/catalogues.py`` extracts them with ``markdown_messages``), translated as the page is
shown (``rules_text``). The pictures are drawn per language.
"""

from __future__ import annotations

import io
import math
import random
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from games import REGISTRY
from games.text import Msg
from rendering.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LINE,
    Example,
    draw_text,
    font,
    presentation,
    recorded,
    resized,
    wrap,
)
from rendering.i18n import _, current, tr

WIDTH = 800  # at most
MAX_RATIO = 1.6  # bench/phone.py's target: no picture taller than 1.6x its width
SHOWN = 274  # px: how wide a phone shows a picture in a Discord card (bench/phone.py)
PAD = 16


def note_size(width: int) -> int:
    """The notes' type on a picture ``width`` px wide: 8.2 px or more once shown ``SHOWN`` wide."""
    return math.ceil(width * 8.2 / SHOWN)


NAMES = ["Aiko", "Ben", "Chen", "Dai", "Emi"]


def example(game_key: str) -> Example | None:
    """The game's rules example (its ``Presentation.rules``), or None when it has none."""
    return presentation(game_key).rules


def _example(game_key: str) -> Example:
    found = example(game_key)
    if found is None:
        raise KeyError(f"{game_key} has no rules example")
    return found


def example_view(game_key: str) -> dict:
    """The spectator view of the example state: a game under way, the same every time."""
    example = _example(game_key)
    state = REGISTRY[game_key].new_state(example.players, example.seed, {})
    rng = random.Random(example.seed)
    for _i in range(example.steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)).id)
    return state.view(None)


def _marker(draw: ImageDraw.ImageDraw, x: float, y: float, n: int, size: int) -> None:
    r = size * 0.7
    draw.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), fill=INK)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=HIGHLIGHT)
    draw_text(draw, (x, y), str(n), font=font(size), fill=INK, anchor="mm")


def notes(game_key: str) -> list[str]:
    """The example's notes in the language of the moment."""
    return [tr(text) for _x, _y, text in _example(game_key).notes]


def rules_picture(game_key: str) -> Image.Image:
    """The example board with numbered markers and the numbered notes under it."""
    example = _example(game_key)
    since = recorded()
    board = presentation(game_key).draw(example_view(game_key), NAMES[: example.players])
    width = min(WIDTH, board.width)
    scale = width / board.width
    if scale < 1:
        board = board.resize((width, round(board.height * scale)), Image.LANCZOS)
        resized(since, scale)  # bench/phone.py: the board's texts are shown at this scale
    size = note_size(width)
    line_h = size + 6
    mark_r = size * 0.7 + 2
    indent = 2 * mark_r + 14
    wrapped = [wrap(text, size, width - 2 * PAD - indent) for text in notes(game_key)]
    legend = PAD + sum(len(lines) * line_h + 8 for lines in wrapped) + PAD
    kept = min(board.height, int(MAX_RATIO * width) - legend)
    image = Image.new("RGB", (width, kept + legend), BACKGROUND)
    image.paste(board.crop((0, 0, board.width, kept)), (0, 0))
    draw = ImageDraw.Draw(image)
    for n, (x, y, _note) in enumerate(example.notes, 1):
        cx = min(max(x * scale, mark_r + 3), width - mark_r - 3)  # never off the picture
        cy = min(max(y * scale, mark_r + 3), kept - mark_r - 3)
        _marker(draw, cx, cy, n, size)
    draw.line((0, kept, width, kept), fill=LINE, width=2)
    y = kept + PAD
    for n, lines in enumerate(wrapped, 1):
        _marker(draw, PAD + mark_r, y + line_h / 2, n, size)
        for line in lines:
            draw_text(draw, (PAD + indent, y + line_h / 2), line, font=font(size), fill=INK, anchor="lm")
            y += line_h
        y += 8
    return image


def rules_png(game_key: str) -> bytes:
    """PNG of ``rules_picture`` in the language of the moment (the same for every request in
    that language: kept once drawn)."""
    return _rules_png(game_key, current())


@lru_cache(maxsize=32)
def _rules_png(game_key: str, language: str) -> bytes:
    buffer = io.BytesIO()
    rules_picture(game_key).save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def rules_description(game_key: str) -> str:
    """The alt text: what the picture shows and its numbered notes."""
    title = REGISTRY[game_key].title
    parts = [_("A {game} board under way, with numbered notes on a turn.", game=title)]
    parts += [_("{n}. {note}", n=n, note=text) for n, text in enumerate(notes(game_key), 1)]
    return " ".join(parts)[:1024]


# -- the rules pages, in words

RULES_DIR = Path(__file__).resolve().parents[1] / "cogs" / "rules"
# A line of a rules page: its indent and markdown mark (a heading's #, a list item's - or 1.), its
# words, and the spaces after them.
_LINE = re.compile(r"^(\s*(?:#+\s+|[-*+]\s+|\d+[.)]\s+)?)(.*?)(\s*)$")


def markdown_messages(text: str) -> Iterator[tuple[int, str, str, str]]:
    """The messages of a rules page, one a line (a paragraph, a list item, a heading): (line
    number, the mark before the words, the words, the spaces after them). A line without a letter
    (a rule, a blank) is none."""
    for lineno, line in enumerate(text.split("\n"), 1):
        found = _LINE.match(line)
        if found and any(ch.isalpha() for ch in found.group(2)):
            yield lineno, found.group(1), found.group(2), found.group(3)


def summary_path(game_key: str) -> Path:
    """The file of the game's rules page: its ``Presentation.rules_summary``, or cogs/rules/<key>.md."""
    return presentation(game_key).rules_summary or RULES_DIR / f"{game_key}.md"


def rules_text(game_key: str) -> str:
    """The game's rules page (markdown) in the language of the moment: each line's words through
    the catalogues (``markdown_messages``), its marks as they are."""
    path = summary_path(game_key)
    if not path.exists():
        return _("The rules summary is missing.")
    text = path.read_text()
    lines = text.split("\n")
    for lineno, mark, words, after in markdown_messages(text):
        lines[lineno - 1] = f"{mark}{tr(Msg(words))}{after}"
    return "\n".join(lines)

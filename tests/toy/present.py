"""How the bot shows Tricks (tests/toy): its picture, its words, its rules page."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from rendering.common import INK, Presentation, draw_text, font, header, new_canvas, player_name
from rendering.rules import Example

WIDTH, LINE = 400, 28


def describe(view: dict, names: list[str] | None) -> list[str]:
    parts = header("Tricks", view, names)
    parts.append(f"Deck: {view['deck_size']} cards.")
    if view.get("hand") is not None:
        parts.append("Your hand: " + ", ".join(map(str, view["hand"])) + ".")
    return parts


def glance(view: dict) -> str:
    return f"Deck {view['deck_size']} · cards in hand: " + ", ".join(map(str, view["hand_sizes"]))


def facts(view: dict, names: list[str] | None) -> list[str]:
    lines = [f"**Your hand:** {', '.join(map(str, view['hand'])) or 'empty'}"] if view.get("hand") else []
    return [*lines, f"**Deck:** {view['deck_size']} cards"]


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    rows = [f"Deck: {view['deck_size']} cards"]
    rows += [
        f"{player_name(names, s)}: {view['scores'][s]} points, {n} cards"
        + (" (played)" if view["committed"][s] else "")
        for s, n in enumerate(view["hand_sizes"])
    ]
    if view.get("hand") is not None:
        rows.append("Your hand: " + ", ".join(map(str, view["hand"])))
    image, canvas = new_canvas(WIDTH, LINE * (len(rows) + 1))
    for i, row in enumerate(rows):
        draw_text(canvas, (12, 14 + i * LINE), row, font=font(18), fill=INK)
    return image


PRESENTATION = Presentation(
    draw=draw,
    describe=describe,
    glance=glance,
    facts=facts,
    rules=Example(2, 1, 1, ((200, 14, "The deck: a card each is drawn after every trick."),)),
    rules_summary=Path(__file__).with_name("rules.md"),
    menus={"card": "Card to play"},
)

"""What every game's pictures share: the palette, fonts and small drawing helpers.

Player colours come from the Okabe-Ito palette, which stays distinguishable
for the common colour-vision deficiencies; every player also has a letter mark
so nothing relies on colour alone.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

# Colours named by role.
BACKGROUND = (250, 247, 240)
PANEL = (236, 231, 220)
INK = (34, 34, 38)
MUTED = (112, 108, 100)
LINE = (190, 182, 168)
HIGHLIGHT = (255, 214, 10)
WATER = (163, 204, 227)

# Okabe-Ito: orange, sky blue, bluish green, vermillion, blue, reddish purple.
PLAYER_COLOURS = [
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (213, 94, 0),
    (0, 114, 178),
    (204, 121, 167),
]
PLAYER_MARKS = ["A", "B", "C", "D", "E", "F"]


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font: no system font needed on a fresh machine."""
    return ImageFont.load_default(size=size)


def player_name(names: list[str] | None, seat: int) -> str:
    if names and seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def text_width(draw: ImageDraw.ImageDraw, text: str, size: int) -> float:
    return draw.textlength(text, font=font(size))


def centered_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill=INK) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")


def player_badge(draw: ImageDraw.ImageDraw, xy: tuple[float, float], seat: int, radius: int = 14) -> None:
    """A coloured disc with the seat's letter: colour plus a mark."""
    x, y = xy
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=INK, width=2)
    centered_text(draw, (x, y), PLAYER_MARKS[seat % len(PLAYER_MARKS)], int(radius * 1.2), fill=INK)

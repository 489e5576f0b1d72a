"""What every game's pictures share: the palette, fonts and small drawing helpers.

Player colours come from the Okabe-Ito palette, which stays distinguishable
for the common colour-vision deficiencies; every player also has a letter mark
so nothing relies on colour alone.
"""

from __future__ import annotations

import hashlib
import struct
import threading
import weakref
import zlib
from collections import OrderedDict
from contextlib import contextmanager
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


# Speed: rasterising glyphs is most of the drawing time, and the same labels, numbers and
# names come back on every move. Each (text, font, anchor) is rasterised once into a grey
# mask and stamped in any colour afterwards; measuring and shortening are cached too.
@lru_cache(maxsize=4096)
def _stamp(text: str, f, anchor: str) -> tuple[Image.Image, int, int]:
    left, top, right, bottom = f.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


# bench/phone.py measures how big every text of a picture appears on a phone. Every text of
# every picture goes through draw_text, drawn at the picture's final scale (nothing that holds
# text is resized afterwards), so the font size recorded here is the size in the picture.
_recording = threading.local()


@contextmanager
def record_text():
    """Collect ``(font size, text)`` of every text this thread draws; caches are emptied first
    and bypassed while recording, so a cached panel's texts are drawn (and counted) again."""
    sizes: list[tuple[int, str]] = []
    clear_text_caches()
    clear_picture_caches()
    _recording.sizes = sizes
    try:
        yield sizes
    finally:
        _recording.sizes = None


def recording() -> bool:
    return getattr(_recording, "sizes", None) is not None


def recorded() -> int:
    """How many texts this thread has recorded so far (0 when not recording): see ``resized``."""
    sizes = getattr(_recording, "sizes", None)
    return len(sizes) if sizes is not None else 0


def resized(since: int, factor: float) -> None:
    """The texts recorded since ``recorded()`` was ``since`` were scaled by ``factor`` afterwards
    (a picture drawn, then resized into another): their recorded sizes become what is shown."""
    sizes = getattr(_recording, "sizes", None)
    if sizes is not None:
        sizes[since:] = [(size * factor, text) for size, text in sizes[since:]]


def draw_text(draw: ImageDraw.ImageDraw, xy, text: str, font, fill=INK, anchor: str = "la") -> None:
    """Like ``draw.text(xy, text, font=font, fill=fill, anchor=anchor)``, from the stamp cache."""
    if not text:
        return
    sizes = getattr(_recording, "sizes", None)
    if sizes is not None:
        sizes.append((int(font.size), text))
    mask, left, top = _stamp(text, font, anchor)
    draw.bitmap((int(xy[0]) + left, int(xy[1]) + top), mask, fill=fill)


@lru_cache(maxsize=4096)
def text_length(text: str, size: int) -> float:
    return font(size).getlength(text)


def text_width(draw: ImageDraw.ImageDraw, text: str, size: int) -> float:
    return text_length(text, size)


def wrap(text: str, size: int, width: float) -> list[str]:
    """Words of ``text`` in lines no wider than ``width`` at ``size`` px (a long word stands alone)."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_length(trial, size) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line else lines


@lru_cache(maxsize=4096)
def fitted(text: str, size: int, width: float) -> str:
    """The text, cut and ended with a dot where it is wider than ``width``."""
    if text_length(text, size) <= width:
        return text
    while text and text_length(text + ".", size) > width:
        text = text[:-1]
    return text + "."


def centered_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill=INK) -> None:
    draw_text(draw, xy, text, font(size), fill, "mm")


def player_badge(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], seat: int, radius: int = 14, size: int | None = None
) -> None:
    """A coloured disc with the seat's letter: colour plus a mark. ``size``: the letter's font size
    (default 1.2 x the radius; a small disc on a picture shown small needs a larger letter)."""
    x, y = xy
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=INK, width=2)
    letter = PLAYER_MARKS[seat % len(PLAYER_MARKS)]
    centered_text(draw, (x, y), letter, size or int(radius * 1.2), fill=INK)


_PICTURE_CACHES: weakref.WeakSet = weakref.WeakSet()


class PictureCache:
    """Pictures kept for reuse: least recently used first out, within a byte budget.

    Renderers keep panels and sprites keyed by everything they show, and paste them
    while that content is unchanged. Locked: the bot renders in worker threads.
    """

    def __init__(self, budget: int) -> None:
        _PICTURE_CACHES.add(self)
        self.budget = budget
        self.items: OrderedDict = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()

    @staticmethod
    def _bytes(item) -> int:
        image = item[0] if isinstance(item, tuple) else item
        return image.width * image.height * len(image.getbands())

    def get(self, key):
        if recording():
            return None
        with self.lock:
            item = self.items.get(key)
            if item is not None:
                self.items.move_to_end(key)
            return item

    def put(self, key, item) -> None:
        with self.lock:
            if key in self.items:
                return
            self.items[key] = item
            self.size += self._bytes(item)
            while self.size > self.budget and len(self.items) > 1:
                _key, old = self.items.popitem(last=False)
                self.size -= self._bytes(old)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.size = 0


def clear_text_caches() -> None:
    """Forget every cached glyph stamp and measure (tests compare warm and cold pictures)."""
    for cache in (_stamp, text_length, fitted):
        cache.cache_clear()


def clear_picture_caches() -> None:
    """Empty every PictureCache of every renderer."""
    for cache in list(_PICTURE_CACHES):
        cache.clear()


# Speed: from one move to the next most of a picture is unchanged. The PNG's compressed data is
# made of independent deflate blocks, one per band of rows, and a band seen before (the same
# bytes, whichever picture it was in) reuses its compressed block instead of compressing again.
BAND_ROWS = 32
_BANDS: OrderedDict = OrderedDict()
_BANDS_BUDGET = 24_000_000  # bytes of compressed bands kept
_bands_size = 0
_bands_lock = threading.Lock()


def _deflated(band: bytes) -> bytes:
    """The band as raw deflate blocks ending byte-aligned and not final (a sync flush)."""
    global _bands_size
    key = hashlib.blake2b(band, digest_size=20).digest()
    with _bands_lock:
        block = _BANDS.get(key)
        if block is not None:
            _BANDS.move_to_end(key)
            return block
    packer = zlib.compressobj(1, zlib.DEFLATED, -15)
    block = packer.compress(band) + packer.flush(zlib.Z_SYNC_FLUSH)
    with _bands_lock:
        if key not in _BANDS:
            _BANDS[key] = block
            _bands_size += len(block)
            while _bands_size > _BANDS_BUDGET and len(_BANDS) > 1:
                _bands_size -= len(_BANDS.popitem(last=False)[1])
    return block


def encode_png(image: Image.Image) -> bytes:
    """Lossless PNG bytes of a picture (as 8-bit RGB), fast.

    Rows are left unfiltered: Pillow's encoder tries the five PNG filters on every row, which
    costs about three times the compression, and on flat drawings unfiltered rows compress about
    as small. The rows are compressed in bands (zlib level 1), each band once: see ``_deflated``.
    """
    image = image if image.mode == "RGB" else image.convert("RGB")
    width, height = image.size
    raw = image.tobytes()
    stride = 3 * width
    rows = [b"\x00" + raw[y * stride : (y + 1) * stride] for y in range(height)]
    blocks, check = [], 1
    for top in range(0, height, BAND_ROWS):
        band = b"".join(rows[top : top + BAND_ROWS])
        blocks.append(_deflated(band))
        check = zlib.adler32(band, check)
    # zlib stream: header (deflate, 32K window, fastest), the blocks, an empty final block, Adler-32
    stream = b"\x78\x01" + b"".join(blocks) + b"\x03\x00" + struct.pack(">I", check)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", stream) + chunk(b"IEND", b"")

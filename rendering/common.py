"""What every game's pictures share: the palette, fonts and small drawing helpers.

Player colours come from the Okabe-Ito palette, which stays distinguishable
for the common colour-vision deficiencies; every player also has a letter mark
so nothing relies on colour alone.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import itertools
import math
import struct
import threading
import unicodedata
import weakref
import zlib
from collections import OrderedDict
from collections.abc import Callable, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, features

from games import REGISTRY
from games.text import P
from rendering.i18n import _, list_words, tr

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
    """Pillow's bundled Aileron, the face of every text it can draw whole (printable ASCII, a few
    more). A text with other characters is drawn by the fallback chain below: see ``runs``."""
    return ImageFont.load_default(size=size)


# The fallback chain, in order: the first face that has a character draws it. The fonts ship in
# rendering/fonts/ (licences beside them; build.py made them from Debian's Noto and Symbola).
FONTS_DIR = Path(__file__).with_name("fonts")
CHAIN = (
    "NotoSans-Regular.ttf",  # Latin with every diacritic, Greek, Cyrillic
    "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansThai-Regular.ttf",
    "NotoSansGeorgian-Regular.ttf",
    "NotoSansArmenian-Regular.ttf",
    "NotoSansCJKjp-Subset.otf",  # kana, Hangul, the everyday Han characters
    "Symbola-Emoji.ttf",  # monochrome emoji and symbols
)
# Noto's capitals are 714/1000 of the size, Aileron's 690/1000: the chain is drawn that much
# smaller, so a name in it stands as tall as its Aileron neighbours.
CHAIN_SCALE = 690 / 714
# Right-to-left and shaped scripts: laid out by Raqm where Pillow has it; without it their runs are
# drawn in visual order (reversed), letters unjoined.
SHAPED = {"NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf"}
RTL = {"NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf"}
_RAQM = features.check("raqm")


def _cmap(data: bytes) -> frozenset[int]:
    """The code points an OpenType font maps to a glyph (its cmap, formats 4 and 12)."""
    (count,) = struct.unpack_from(">H", data, 4)
    for i in range(count):
        tag, _check, start, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            break
    else:
        return frozenset()
    subtables = {}
    for i in range(struct.unpack_from(">H", data, start + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, start + 4 + 8 * i)
        subtables[platform, encoding] = start + offset
    codes: set[int] = set()
    for key in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3)):
        at = subtables.get(key)
        if at is None:
            continue
        kind = struct.unpack_from(">H", data, at)[0]
        if kind == 12:
            (groups,) = struct.unpack_from(">I", data, at + 12)
            for g in range(groups):
                first, last, _glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
                codes.update(range(first, last + 1))
            return frozenset(codes)
        if kind == 4:
            segments = struct.unpack_from(">H", data, at + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, at + 14)
            starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
            deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
            ranges_at = at + 16 + 6 * segments
            offsets = struct.unpack_from(f">{segments}H", data, ranges_at)
            for k, (first, last, delta, offset) in enumerate(zip(starts, ends, deltas, offsets, strict=True)):
                for code in range(first, min(last, 0xFFFE) + 1):
                    if offset:
                        where = ranges_at + 2 * k + offset + 2 * (code - first)
                        glyph = struct.unpack_from(">H", data, where)[0]
                        glyph = (glyph + delta) & 0xFFFF if glyph else 0
                    else:
                        glyph = (code + delta) & 0xFFFF
                    if glyph:
                        codes.add(code)
            return frozenset(codes)
    return frozenset()


@functools.cache
def _coverage() -> tuple[frozenset[int], tuple[frozenset[int], ...]]:
    """The code points of Aileron, and of each face of the chain."""
    primary = _cmap(font(12).font_bytes)
    chain = []
    for name in CHAIN:
        with open(FONTS_DIR / name, "rb") as fh:
            chain.append(_cmap(fh.read()))
    return primary, tuple(chain)


@lru_cache(maxsize=64)
def chain_font(index: int, size: float) -> ImageFont.FreeTypeFont:
    """The chain's face ``index`` for a text of ``size`` px (drawn CHAIN_SCALE smaller)."""
    name = CHAIN[index]
    engine = ImageFont.Layout.RAQM if _RAQM and name in SHAPED else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(FONTS_DIR / name), size * CHAIN_SCALE, layout_engine=engine)


def _left_out(code: int) -> bool:
    """Invisible characters that a face without them would draw as a box: joiners, direction
    marks, variation selectors, tags; and skin-tone modifiers, which monochrome emoji cannot show."""
    return (
        unicodedata.category(chr(code)) == "Cf"
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
        or 0x1F3FB <= code <= 0x1F3FF
    )


@lru_cache(maxsize=4096)
def _face_of(code: int) -> int | None:
    """The first face of the chain that has the character; None: left out. A letter or digit that no
    face has is drawn by Noto Sans (its missing-glyph box says a letter is there); any other
    character no face has (an emoji newer than Symbola) is left out."""
    if _left_out(code):
        return None
    for index, codes in enumerate(_coverage()[1]):
        if code in codes:
            return index
    return 0 if unicodedata.category(chr(code))[0] in "LN" else None


def primary_covers(text: str) -> bool:
    """Aileron draws the whole text: the fast path, one face, as before the chain."""
    return text.isascii() or all(ord(ch) in _coverage()[0] for ch in text)


# A flag is two regional indicator letters: monochrome, it is drawn as those two capitals ("FR"),
# which Symbola would draw boxed, like missing glyphs.
_FLAG_LETTERS = {0x1F1E6 + i: ord("A") + i for i in range(26)}


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[tuple[int | None, str], ...]:
    """The text cut into runs, each drawn by one face: ``((None, text),)`` for Aileron (it draws the
    whole text), else ``(chain index, run)`` in reading order. A character stays in the run
    before it when that run's face has it (spaces, digits, accents), so a name mixing scripts
    is cut only where the script changes."""
    if primary_covers(text):
        return ((None, text),)
    text = unicodedata.normalize("NFC", text).translate(_FLAG_LETTERS)
    chain = _coverage()[1]
    out: list[list] = []
    for ch in text:
        code = ord(ch)
        if out and code in chain[out[-1][0]] and not _left_out(code):
            out[-1][1] += ch
            continue
        index = _face_of(code)
        if index is None:
            continue
        if out and out[-1][0] == index:
            out[-1][1] += ch
        else:
            out.append([index, ch])
    # Spaces ending a right-to-left run would be laid out at its left: they go to the next run.
    for here, after in itertools.pairwise(out):
        stripped = here[1].rstrip(" ")
        if CHAIN[here[0]] in RTL and stripped != here[1] and ord(" ") in chain[after[0]]:
            after[1] = here[1][len(stripped) :] + after[1]
            here[1] = stripped
    return tuple((index, run) for index, run in out if run)


def _drawn(index: int, run: str) -> str:
    """The run as handed to its face: in visual order for a right-to-left face laid out without Raqm."""
    return run[::-1] if CHAIN[index] in RTL and not _RAQM else run


# The words every game's pictures use for whose turn it is and who won, and the winner's row colour:
# a player moving between the four games reads one marker ("alice to play") and one highlight.
# Messages: say them with ``tr(TO_PLAY)`` where they are drawn (the language of the moment).
TO_PLAY = P("picture", "to play")
WINNER = P("picture", "winner")
WINNER_FILL = HIGHLIGHT


def to_play(name: str, doing: str = "") -> str:
    """The turn marker of every picture: "alice to play", or "alice to play · drawing"."""
    if doing:
        return _("{name} to play · {doing}", name=name, doing=tr(doing))
    return _("{name} to play", name=name)


def player_name(names: list[str] | None, seat: int) -> str:
    if names and seat < len(names):
        return names[seat]
    return _("Player {n}", n=seat + 1)


# -- words: what every game's alt text and facts share (each game's own words are in
# rendering/<key>_words.py, declared in its ``PRESENTATION``)

LIMIT = 1024  # characters of an attachment's description Discord keeps


def names_of(names: list[str] | None, seats) -> str:
    """The players' names: "alice", "alice and bob", "alice and bob and carol"."""
    out = ""
    for s in seats:
        name = player_name(names, s)
        out = _("{names} and {name}", names=out, name=name) if out else name
    return out


def counts(counter: dict, words: Mapping[str, Callable[[int], str]] | None = None) -> str:
    """Counts of things as a list, "3 mon, 1 rice", or "none". ``words`` says a count of each key
    in words a person reads (a game's ``N`` message: ``lambda n: N("{n} card", "{n} cards", n)``);
    a key without one is said as it is after its count."""
    words = words or {}
    items = [
        tr(words[k](n)) if k in words else _("{n} {thing}", n=n, thing=k) for k, n in counter.items() if n
    ]
    return list_words(items) if items else _("none")


def header(title: str, view: dict, names: list[str] | None, scores: list | None = None) -> list[str]:
    """Who looks, whose turn (or who won) and the scores: the same first sentences for every game."""
    seat = view.get("seat")
    if seat is None:
        parts = [_("{game} board.", game=title)]
    else:
        parts = [_("{game} board, as {name} sees it.", game=title, name=names_of(names, [seat]))]
    n = view.get("num_players", len(view.get("scores", [])))
    if view.get("over"):
        winners = view.get("winners") or []
        if winners:
            parts.append(_("Game over. Winner: {names}.", names=names_of(names, winners)))
        else:
            parts.append(_("Game over. Nobody won."))
    elif view.get("to_act"):
        parts.append(_("Turn of {names}.", names=names_of(names, view["to_act"])))
    scores = scores if scores is not None else view.get("scores", [])
    if scores:
        each = [
            _("{name} {score}", name=player_name(names, s), score=scores[s])
            for s in range(min(n, len(scores)))
        ]
        parts.append(_("Scores: {scores}.", scores=list_words(each)))
    return parts


def clip(text: str, limit: int = LIMIT) -> str:
    """At most ``limit`` characters, cut at a sentence or word with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit - 1)
    return text[: cut if cut > limit // 2 else limit - 1].rstrip(" ,;") + "…"


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


# Speed: rasterising glyphs is most of the drawing time, and the same labels, numbers and
# names come back on every move. Each (text, font, anchor) is rasterised once into a grey
# mask and stamped in any colour afterwards; measuring and shortening are cached too.
@lru_cache(maxsize=4096)
def _stamp(text: str, f, anchor: str) -> tuple[Image.Image, int, int]:
    pieces = runs(text)
    if not pieces:  # nothing to draw (only characters left out)
        return Image.new("L", (1, 1), 0), 0, 0
    if pieces[0][0] is None:  # Aileron draws it whole: Pillow places it
        left, top, right, bottom = f.getbbox(text, anchor=anchor)
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
        return mask, left, top
    # Runs of the chain, each on one baseline after the other. The anchor is placed as Pillow
    # places it, with Aileron's ascent and descent (the line stays where an Aileron text would be).
    placed, x = [], 0.0
    for index, run in pieces:
        face, drawn = chain_font(index, f.size), _drawn(index, run)
        placed.append((x, face, drawn, face.getbbox(drawn, anchor="ls")))
        x += face.getlength(drawn)
    ink = [(px + b[0], b[1], px + b[2], b[3]) for px, _face, _drawn_run, b in placed]
    left, top = min(b[0] for b in ink), min(b[1] for b in ink)
    right, bottom = max(b[2] for b in ink), max(b[3] for b in ink)
    ascent, descent = f.getmetrics()
    ax = {"l": 0, "m": x / 2, "r": x}[anchor[0]]
    ay = {"a": -ascent, "s": 0, "d": descent, "m": (descent - ascent) / 2, "t": top, "b": bottom}[anchor[1]]
    left, top, right, bottom = (math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    draw = ImageDraw.Draw(mask)
    for px, face, drawn, _box in placed:
        draw.text((px - left, -top), drawn, font=face, fill=255, anchor="ls")
    return mask, round(left - ax), round(top - ay)


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
    pieces = runs(text)
    if pieces and pieces[0][0] is None:
        return font(size).getlength(text)
    return sum(chain_font(index, size).getlength(_drawn(index, run)) for index, run in pieces)


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


def graphemes(text: str) -> list[str]:
    """The text's user-perceived characters (Unicode's extended grapheme clusters, in the cases
    names meet): a letter with its combining accents, an emoji with its variation selector, skin
    tone and ZWJ-joined followers, a flag's two regional indicators or its tag sequence, a Hangul
    syllable spelt in jamo."""
    out: list[str] = []
    for ch in text:
        code = ord(ch)
        if out:
            last = out[-1]
            prev = ord(last[-1])
            joins = (
                unicodedata.category(ch) in ("Mn", "Me", "Mc")
                or code == 0x200D
                or prev == 0x200D
                or 0xFE00 <= code <= 0xFE0F
                or 0x1F3FB <= code <= 0x1F3FF
                or 0xE0020 <= code <= 0xE007F
                or (_regional(code) and _regional(ord(last[0])) and len(last) == 1)
                or _hangul_joins(prev, code)
                or (prev == 0x0D and code == 0x0A)
            )
            if joins:
                out[-1] += ch
                continue
        out.append(ch)
    return out


def _regional(code: int) -> bool:
    return 0x1F1E6 <= code <= 0x1F1FF


def _hangul_joins(prev: int, code: int) -> bool:
    """Conjoining jamo: a leading consonant takes what follows, a vowel or a syllable without final
    takes a vowel or a final, a final or a syllable with one takes a final."""
    lead, vowel, tail = 0x1100 <= code <= 0x115F, 0x1160 <= code <= 0x11A7, 0x11A8 <= code <= 0x11FF
    syllable = 0xAC00 <= prev <= 0xD7A3
    open_syllable = syllable and (prev - 0xAC00) % 28 == 0
    if 0x1100 <= prev <= 0x115F:
        return lead or vowel or 0xAC00 <= code <= 0xD7A3
    if 0x1160 <= prev <= 0x11A7 or open_syllable:
        return vowel or tail
    if 0x11A8 <= prev <= 0x11FF or syllable:
        return tail
    return False


ELLIPSIS = "\u2026"


def clipped(text: str, count: int) -> str:
    """The text's first graphemes, ended with an ellipsis, where it has more than ``count``: a name
    kept short inside a sentence (``fitted`` cuts by width)."""
    parts = graphemes(text)
    return text if len(parts) <= count else "".join(parts[: count - 1]).rstrip() + ELLIPSIS


@lru_cache(maxsize=4096)
def fitted(text: str, size: int, width: float) -> str:
    """The text, cut by whole graphemes and ended with an ellipsis where it is wider than ``width``."""
    if text_length(text, size) <= width:
        return text
    parts = graphemes(text)
    low, high = 0, len(parts) - 1  # the longest prefix that fits with the ellipsis: binary search
    while low < high:
        mid = (low + high + 1) // 2
        if text_length("".join(parts[:mid]).rstrip() + ELLIPSIS, size) <= width:
            low = mid
        else:
            high = mid - 1
    return "".join(parts[:low]).rstrip() + ELLIPSIS


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
    for cache in (_stamp, text_length, fitted, runs):
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


# -- a game's presentation, declared once


Names = list[str] | None


@dataclass(frozen=True)
class Example:
    """A game's rules example (rendering/rules.py draws it): the board after ``steps`` seeded random
    moves and the numbered notes on it."""

    players: int
    seed: int
    steps: int  # seeded random legal moves from the set-up
    notes: tuple[tuple[int, int, str], ...]  # a marker centre (x, y) on the board as drawn, its note (``T``)


@dataclass(frozen=True)
class Presentation:
    """Everything the bot shows of a game besides its engine, declared once per game as
    ``PRESENTATION`` in its module ``rendering/<key>.py`` (or the module its ``Game.presentation``
    names). Only ``draw`` is required: a game without words gets the shared header as alt text, no
    line beside the board and no facts in its panel."""

    draw: Callable[[dict, Names], Image.Image]  # the picture of a view
    describe: Callable[[dict, Names], list[str]] | None = None  # the alt text's sentences (``header`` first)
    glance: Callable[[dict], str] | None = None  # the one line beside the board's picture
    facts: Callable[[dict, Names], list[str]] | None = None  # a seat's panel facts, one a line
    standing: Callable[[dict], str] | None = None  # what the scores do not say of a match under way
    outcome: Callable[[dict], str] | None = None  # who won and why, where the winners do not say it
    rules: Example | None = None  # the rules page's example board and its notes
    rules_summary: Path | None = None  # the /<key> rules text (default: cogs/rules/<key>.md)
    # What a select menu of each action group asks for, in a word or two (its placeholder, a message); a group
    # not named here is named by itself ("start_card": "Start card").
    menus: Mapping[str, str] = field(default_factory=dict)
    # Event types the board's "Last moves" leaves out (a refill the picture shows); /match log keeps them.
    noise: frozenset[str] = frozenset()


def presentation(game_key: str) -> Presentation:
    """The game's ``PRESENTATION``: in ``rendering/<key>.py``, or the module its ``Game`` names."""
    game = REGISTRY.get(game_key)
    module = importlib.import_module((game.presentation if game else "") or f"rendering.{game_key}")
    return module.PRESENTATION

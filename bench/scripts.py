"""Every name drawn as it is written? Missing-glyph boxes and names in every picture of every game.

    python bench/scripts.py                  # every game, 3 and the largest player count, every stop
    python bench/scripts.py kigi --save /tmp/kigi   # also write each picture as PNG
    python bench/scripts.py --quick          # the largest count, the mid-game stop and the end (the test)
    python bench/scripts.py --strict         # exit 1 when a box is drawn or a name is not

Players are named in many scripts (NAMES: Latin with diacritics, Polish, Vietnamese, Cyrillic,
Greek, Japanese kana, Chinese, Korean Hangul, Arabic, Hebrew, emoji with a ZWJ family, a flag and a
skin tone; two long ones, shortened where there is no room), seated in turn so each name plays every game. The pictures are those of bench/phone.py
(public, private, final, replay frames, the rules page), drawn with ``record_text``. For every text
drawn, each character is looked up in the face ``rendering.common`` chose for it, and compared with
that face's glyph for an unassigned code point (U+10FFFD): the same mask is a **box**. Counted apart:
letters and digits, emoji and other symbols. Each name is then looked for in the texts drawn for its
game: **whole**, **shortened** (a prefix of it ended by an ellipsis) or **missing**. Last, the memory
of the process (VmRSS) after drawing every game with plain names, then again with these names.
"""

from __future__ import annotations

import argparse
import math
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

_HERE = Path(__file__).resolve()
if sys.path[0] == str(_HERE.parent):  # run as a script: bench/games.py must not shadow `games`
    sys.path[0] = str(_HERE.parents[1])

from bench import phone  # noqa: E402  (the pictures of a game)
from games import REGISTRY  # noqa: E402
from rendering import common  # noqa: E402

NAMES = [
    "Zoé",
    "Jürgen Ålund",
    "Łukasz",
    "Nguyễn Thị Minh",
    "Ольга",
    "Σοφία",
    "さくら",
    "王小明",
    "김민지",
    "محمد",
    "דוד",
    "🐟 koi 🎲",
    "👩‍👩‍👧 family",
    "🇫🇷 Élodie",
    "👍🏽 Kwame",
    "Maximilian-Alexander von Württemberg-Hohenlohe",  # too long for most places: shortened
    "山田太郎の🐟コイ釣りクラブ 👨‍👩‍👧‍👦 Ōsaka",
]
UNASSIGNED = "\U0010fffd"
CHECK_SIZE = 24  # px: which glyph a face picks does not depend on the size


def faces(text: str, size: int) -> list[tuple[object, str]]:
    """(face, run) as rendering.common draws the text (before the fallback chain: one face)."""
    runs = getattr(common, "runs", None)
    if runs is None:
        return [(common.font(size), text)]
    return [
        (common.font(size) if index is None else common.chain_font(index, size), run)
        for index, run in runs(text)
    ]


_BOXES: dict = {}


def is_box(face, ch: str) -> bool:
    key = (id(face), ch)
    if key not in _BOXES:
        missing = face.getmask(UNASSIGNED)
        mask = face.getmask(ch)
        _BOXES[key] = mask.size == missing.size and bytes(mask) == bytes(missing) and mask.size != (0, 0)
    return _BOXES[key]


def letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LMN"


@dataclass
class Tally:
    texts: int = 0
    chars: int = 0
    letter_boxes: int = 0
    symbol_boxes: int = 0
    boxed: dict = field(default_factory=dict)  # character -> how many times drawn as a box
    names: dict = field(default_factory=dict)  # name -> "whole" / "shortened" / "missing"

    def count(self, text: str) -> None:
        self.texts += 1
        for face, run in faces(text, CHECK_SIZE):
            for ch in run:
                if ch.isspace():
                    continue
                self.chars += 1
                if is_box(face, ch):
                    self.boxed[ch] = self.boxed.get(ch, 0) + 1
                    if letter(ch):
                        self.letter_boxes += 1
                    else:
                        self.symbol_boxes += 1


def found(name: str, texts: set[str]) -> str:
    name = unicodedata.normalize("NFC", name)
    if any(name in t for t in texts):
        return "whole"
    ellipsis = getattr(common, "ELLIPSIS", ".")
    parts = common.graphemes(name) if hasattr(common, "graphemes") else list(name)
    for n in range(len(parts) - 1, 0, -1):
        prefix = "".join(parts[:n]).rstrip() + ellipsis
        if any(prefix in t for t in texts):
            return "shortened"
    return "missing"


def seatings(players: int) -> list[list[str]]:
    """Enough tables of ``players`` for every name to sit at one (the last table wraps around)."""
    tables = math.ceil(len(NAMES) / players)
    return [[NAMES[(t * players + i) % len(NAMES)] for i in range(players)] for t in range(tables)]


def memory() -> dict[str, float]:
    """VmRSS, and its two parts: RssAnon (the process's own) and RssFile (files mapped, fonts among
    them: clean pages shared with the page cache, counted once per face opened), in MB."""
    out = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon", "RssFile"):
            out[key] = int(value.split()[0]) / 1024
    return out


def run_game(key: str, quick: bool, escapes, save: Path | None, names_list=None) -> Tally:
    tally = Tally()
    stops = {"mid": phone.STOPS["mid"]} if quick else phone.STOPS
    counts = phone.setups(key)[-1:] if quick else phone.setups(key)

    def keep(picture, image) -> None:
        if save:
            where = picture.where.replace(" ", "-")
            image.save(save / f"{key}-{picture.kind}-{where}.png")

    for players, options in counts:
        for table, names in enumerate(names_list or seatings(players), 1):
            pictures = phone.game_pictures(key, players, options, table, stops, escapes, names, keep)
            texts = set()
            for p in pictures:
                if p.kind == "replay":
                    continue  # the frames' texts, counted once as public/final pictures
                for _size, text in p.texts:
                    tally.count(text)
                    texts.add(unicodedata.normalize("NFC", text))
            for name in names:
                state = found(name, texts)
                if tally.names.get(name) != "whole":
                    tally.names[name] = state
    for p in phone.rules_pictures(key, escapes):
        for _size, text in p.texts:
            tally.count(text)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("keys", nargs="*", metavar="game", help=f"game keys (default: {', '.join(REGISTRY)})")
    parser.add_argument("--quick", action="store_true", help="the largest count, mid-game and the end")
    parser.add_argument("--strict", action="store_true", help="exit 1 on a box or a name not drawn")
    parser.add_argument("--save", type=Path, help="write every picture as PNG into this folder")
    args = parser.parse_args(argv)
    keys = args.keys or list(REGISTRY)
    unknown = [k for k in keys if k not in REGISTRY]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(REGISTRY)}")
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)

    before = memory()
    with phone.Escapes() as escapes:
        for key in keys:  # every game once with plain names: the memory without the fallback faces
            players, _options = phone.setups(key)[-1]
            run_game(key, True, escapes, None, [phone.NAMES[:players]])
        plain = memory()
        tallies = {key: run_game(key, args.quick, escapes, args.save) for key in keys}
        scripts = memory()

    print(f"{len(NAMES)} names: " + ", ".join(NAMES))
    print()
    print(
        "| game | texts | characters | letter boxes | emoji/symbol boxes | names whole | shortened | missing |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for key, t in tallies.items():
        states = list(t.names.values())
        print(
            f"| {key} | {t.texts} | {t.chars} | {t.letter_boxes} | {t.symbol_boxes} | {states.count('whole')} |"
            f" {states.count('shortened')} | {states.count('missing')} |"
        )
    bad = False
    for key, t in tallies.items():
        missing = [n for n, s in t.names.items() if s == "missing"]
        if t.boxed:
            bad = True
            boxed = ", ".join(f"{ch!r} x{n}" for ch, n in sorted(t.boxed.items(), key=lambda kv: -kv[1])[:12])
            print(f"{key}: drawn as boxes: {boxed}")
        if missing:
            bad = True
            print(f"{key}: names not drawn: {', '.join(missing)}")
    print()
    if scripts:
        grown = {k: scripts[k] - plain[k] for k in scripts}
        print(
            f"Memory: VmRSS {before['VmRSS']:.0f} MB at start, {plain['VmRSS']:.0f} MB after every game with"
            f" plain names, {scripts['VmRSS']:.0f} MB after these names: +{grown['VmRSS']:.1f} MB for the"
            f" fallback faces and their stamps, of which {grown['RssFile']:.1f} MB of font files mapped"
            f" (RssFile) and {grown['RssAnon']:.1f} MB the process's own (RssAnon)."
        )
    print("Every character has its glyph and every name is drawn." if not bad else "MISSED.")
    return 1 if bad and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())

"""Readable on a phone? The smallest text of every picture as a phone shows it, per game.

    python bench/phone.py                    # every game, its usual and its largest set-up, 3 seeds
    python bench/phone.py iki --seeds 5
    python bench/phone.py --strict           # exit 1 when a target is missed
    python bench/phone.py --quick            # the smallest configuration (what the test runs)
    python bench/phone.py --language en_XA   # the pictures' words in another language (issue 35)

Where a 400 px phone shows a picture (SimCord's preview, measured: see bench/README.md):

- in a card (a media gallery inside a Components V2 container: the board, the private panel, the
  result): ``SHOWN_WIDTH`` = 274 px wide whatever its size (275.0 measured; a phone's ~306 px
  message column less the card's padding), as tall as that width makes it;
- as a plain attachment (the Replay GIF; the rules picture, beside its page's embed): at its own
  size, made smaller to fit ``ATTACHMENT_WIDTH`` x ``ATTACHMENT_HEIGHT`` (312 x 688), never larger.

For each game it plays seeded random games (``random.Random(seed)`` picks the seat in
``to_act()`` and one of its legal actions) in its usual set-up and in its declared set-up of the most
players (``Game.setups``: 3 players, and Iwari's 6 on The Void, the only map for 6), and stops early, mid-game and late (10%,
50% and 90% of that game's actions) and at the end. At each stop it draws

- ``public``: the board, ``view(None)``;
- ``private``: the picture of the seat to act, ``view(seat)`` (at the end: seat 0);
- ``final``: the result, ``view(None)`` of the finished game;
- ``replay``: the public pictures of the stops as frames of the Replay GIF (``bot/replay.py``
  scales each to its width and puts them on one canvas as tall as the tallest);
- ``rules``: ``rendering.rules.rules_picture``, once per game;

with ``rendering.common.record_text()``, which records (font size, text) of every text drawn.
A text of size ``s`` in a picture ``w`` x ``h`` appears at ``s x 274 / w`` px in a card, at
``s x min(1, 312 / w, 688 / h)`` as an attachment (``shown``). Targets: **at least 8 px** for every text of every picture, and no picture taller than **1.6x**
its width. Texts drawn with ``ImageDraw.text`` itself, outside ``rendering.common.draw_text``,
are measured too (the bench intercepts them) and reported as escaped: that misses the targets,
since nothing else would record them.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

_HERE = Path(__file__).resolve()
if sys.path[0] == str(_HERE.parent):  # run as a script: bench/games.py must not shadow `games`
    sys.path[0] = str(_HERE.parents[1])

from PIL import ImageDraw  # noqa: E402

import rendering  # noqa: E402
from games import REGISTRY  # noqa: E402
from rendering import common, i18n  # noqa: E402

SHOWN_WIDTH = 274  # a picture in a card on a 400 px phone (SimCord's preview draws it 275.0 px wide)
ATTACHMENT_WIDTH, ATTACHMENT_HEIGHT = 312, 688  # the box of a plain attachment there (never enlarged)
# Where each kind of picture is shown: in a card, or as a plain attachment.
PLACES = {"public": "card", "private": "card", "final": "card", "replay": "attachment", "rules": "attachment"}
MIN_PX = 8.0
MAX_RATIO = 1.6
STOPS = {"early": 0.1, "mid": 0.5, "late": 0.9}
KINDS = ("public", "private", "final", "replay", "rules")
NAMES = ["Akiko", "Benedikt", "Chiamaka", "Dmitri", "Esperanza", "Farouk"]
REPLAY_WIDTH, REPLAY_BAR = 640, 6  # bot/replay.py's WIDTH and BAR


def setups(key: str, quick: bool = False) -> list[tuple[int, dict]]:
    """(players, options) to play: the game's usual set-up and, unless ``quick``, its declared
    set-up of the most players (``Game.setups``: Iwari's 6 on The Void)."""
    game = REGISTRY[key]
    usual = game.usual_setup()
    largest = max(game.usual_setups(), key=lambda setup: setup[0])
    return [usual] if quick or largest == usual else [usual, largest]


def shown(width: int, height: int, place: str = "card") -> float:
    """What the phone shows of one picture pixel: a card draws a picture at its width, enlarged or
    not; a plain attachment is made smaller to fit its box, never larger."""
    if place == "card":
        return SHOWN_WIDTH / width
    return min(1.0, ATTACHMENT_WIDTH / width, ATTACHMENT_HEIGHT / height)


@dataclass
class Picture:
    kind: str
    where: str  # e.g. "3p seed 1 mid"
    width: int
    height: int
    texts: list[tuple[float, str]]  # (size in the picture, text)
    escaped: list[tuple[float, str]] = field(default_factory=list)
    scale: float = 0.0  # what the phone shows of one picture pixel

    def __post_init__(self) -> None:
        if not self.scale:
            self.scale = shown(self.width, self.height, PLACES[self.kind])

    @property
    def ratio(self) -> float:
        return self.height / self.width

    def smallest(self) -> tuple[float, str] | None:
        if not self.texts:
            return None
        size, text = min(self.texts, key=lambda t: t[0])
        return size * self.scale, text


class Escapes:
    """Intercepts ``ImageDraw.text`` called anywhere but ``draw_text``'s stamp: measured, and named."""

    def __init__(self) -> None:
        self.found: list[tuple[float, str]] = []
        self._original = ImageDraw.ImageDraw.text
        self._stamp_code = common._stamp.__wrapped__.__code__

    def __enter__(self) -> Escapes:
        original, stamp_code, found = self._original, self._stamp_code, self.found

        def text(draw, xy, text, *args, **kwargs):
            if sys._getframe(1).f_code is not stamp_code and common.recording():
                f = kwargs.get("font", args[1] if len(args) > 1 else None)
                size = float(getattr(f, "size", 10))  # Pillow's bitmap default is about 10 px
                found.append((size, str(text)))
                common._recording.sizes.append((size, str(text)))
            return original(draw, xy, text, *args, **kwargs)

        ImageDraw.ImageDraw.text = text
        return self

    def __exit__(self, *exc) -> None:
        ImageDraw.ImageDraw.text = self._original

    def take(self) -> list[tuple[float, str]]:
        out, self.found[:] = list(self.found), []
        return out


def measure(draw, escapes: Escapes) -> tuple[object, list[tuple[float, str]], list[tuple[float, str]]]:
    escapes.take()
    with common.record_text() as texts:
        image = draw()
    return image, [(float(s), t) for s, t in texts], escapes.take()


def play(key: str, players: int, options: dict, seed: int):
    """The (seat, action) log of a seeded random game to its end."""
    game = REGISTRY[key]
    state = game.new_state(players, seed, options)
    rng = random.Random(seed)
    log = []
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat)).id
        state.apply(seat, action)
        log.append((seat, action))
    return log


def game_pictures(
    key: str,
    players: int,
    options: dict,
    seed: int,
    stops: dict,
    escapes: Escapes,
    names: list[str] = NAMES,
    keep=None,
):
    """The pictures of one seeded game (``names`` its players'; ``keep(picture, image)``, if given,
    sees each drawn image)."""
    game = REGISTRY[key]
    names = names[:players]
    log = play(key, players, options, seed)
    marks = {max(1, round(share * len(log))): stop for stop, share in stops.items()}
    state = game.new_state(players, seed, options)
    pictures: list[Picture] = []
    frames: list[Picture] = []

    def take(kind: str, where: str, view: dict) -> Picture:
        image, texts, escaped = measure(lambda: rendering.draw(key, view, names), escapes)
        picture = Picture(kind, where, image.width, image.height, texts, escaped)
        pictures.append(picture)
        if keep:
            keep(picture, image)
        return picture

    for n, (seat, action) in enumerate(log, 1):
        state.apply(seat, action)
        stop = marks.get(n)
        if stop is None or state.is_over():
            continue
        where = f"{players}p seed {seed} {stop}"
        frames.append(take("public", where, state.view(None)))
        take("private", where, state.view(state.to_act()[0]))
    where = f"{players}p seed {seed} end"
    frames.append(take("final", where, state.view(None)))
    take("private", where, state.view(0))
    # The Replay GIF: every frame scaled to one width, on a canvas as tall as the tallest.
    width = min(REPLAY_WIDTH, max(f.width for f in frames))
    height = max(round(f.height * width / f.width) for f in frames) + REPLAY_BAR
    for f in frames:
        factor = min(1.0, width / f.width) * shown(width, height, PLACES["replay"])
        pictures.append(Picture("replay", f.where, width, height, f.texts, f.escaped, factor))
    return pictures


def rules_pictures(key: str, escapes: Escapes) -> list[Picture]:
    from rendering.rules import rules_picture

    image, texts, escaped = measure(lambda: rules_picture(key), escapes)
    return [Picture("rules", "rules", image.width, image.height, texts, escaped)]


def collect(keys: list[str], seeds: int, quick: bool = False) -> dict[str, list[Picture]]:
    stops = {"mid": STOPS["mid"]} if quick else STOPS
    out: dict[str, list[Picture]] = {}
    with Escapes() as escapes:
        for key in keys:
            pictures: list[Picture] = []
            for players, options in setups(key, quick):
                for seed in range(1, seeds + 1):
                    pictures += game_pictures(key, players, options, seed, stops, escapes)
            pictures += rules_pictures(key, escapes)
            out[key] = pictures
    return out


@dataclass
class Row:
    key: str
    kind: str
    pictures: int
    sizes: str  # the picture sizes met, e.g. "800x620..800x900"
    smallest: float | None
    text: str
    where: str
    ratio: float
    ratio_where: str
    escaped: int

    @property
    def ok(self) -> bool:
        return (
            self.smallest is not None
            and self.smallest >= MIN_PX
            and self.ratio <= MAX_RATIO
            and not self.escaped
        )


def rows(results: dict[str, list[Picture]]) -> list[Row]:
    out = []
    for key, pictures in results.items():
        for kind in KINDS:
            mine = [p for p in pictures if p.kind == kind]
            if not mine:
                continue
            small = [(p.smallest(), p) for p in mine if p.texts]
            (size, text), where = min(small, key=lambda s: s[0][0]) if small else ((None, ""), None)
            tallest = max(mine, key=lambda p: p.ratio)
            widths = sorted({p.width for p in mine})
            heights = sorted({p.height for p in mine})
            span = f"{widths[0]}-{widths[-1]}" if len(widths) > 1 else f"{widths[0]}"
            span += "x" + (f"{heights[0]}-{heights[-1]}" if len(heights) > 1 else f"{heights[0]}")
            out.append(
                Row(
                    key,
                    kind,
                    len(mine),
                    span,
                    size,
                    text,
                    where.where if where else "",
                    tallest.ratio,
                    tallest.where,
                    sum(len(p.escaped) for p in mine),
                )
            )
    return out


def table(result_rows: list[Row]) -> str:
    head = (
        "| game | picture | n | sizes (px) | smallest shown | that text | where | worst h/w | where |"
        " escaped | ok |\n|---|---|---:|---|---:|---|---|---:|---|---:|---|"
    )
    lines = [head]
    for r in result_rows:
        small = f"{r.smallest:.1f} px" if r.smallest is not None else "no text"
        text = r.text if len(r.text) <= 28 else r.text[:27] + "..."
        text = text.replace("|", "/")
        lines.append(
            f"| {r.key} | {r.kind} | {r.pictures} | {r.sizes} | {small} | `{text}` | {r.where} |"
            f" {r.ratio:.2f} | {r.ratio_where} | {r.escaped} | {'yes' if r.ok else 'NO'} |"
        )
    return "\n".join(lines)


def escaped_texts(results: dict[str, list[Picture]]) -> list[str]:
    seen = {}
    for key, pictures in results.items():
        for p in pictures:
            for size, text in p.escaped:
                seen.setdefault((key, text), size)
    return [f"{key}: {text!r} ({size:g} px)" for (key, text), size in seen.items()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("keys", nargs="*", metavar="game", help=f"game keys (default: {', '.join(REGISTRY)})")
    parser.add_argument("--seeds", type=int, default=3, help="games per player count (default 3)")
    parser.add_argument(
        "--quick", action="store_true", help="the usual set-up, one seed, the mid-game stop and the end"
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument(
        "--language",
        default=i18n.DEFAULT,
        metavar="CODE",
        help=f"draw the pictures' words in this language (default {i18n.DEFAULT}; {i18n.PSEUDO}: the pseudo-language)",
    )
    args = parser.parse_args(argv)
    keys = args.keys or list(REGISTRY)
    unknown = [k for k in keys if k not in REGISTRY]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(REGISTRY)}")
    code = i18n.normalize(args.language)
    if code == i18n.DEFAULT and not args.language.lower().startswith(i18n.DEFAULT):
        parser.error(
            f"unknown language {args.language}; known: {', '.join((*i18n.available(), i18n.PSEUDO))}"
        )
    with i18n.language(code):
        results = collect(keys, 1 if args.quick else args.seeds, args.quick)
    result_rows = rows(results)
    print(
        f"Shown {SHOWN_WIDTH} px wide in a card, within {ATTACHMENT_WIDTH}x{ATTACHMENT_HEIGHT} px as an"
        f" attachment (replay, rules); targets: every text >= {MIN_PX:g} px,"
    )
    if code != i18n.DEFAULT:
        print(f"Language: {code}.")
    print(f"height <= {MAX_RATIO}x width, no text drawn outside rendering.common.draw_text.")
    print()
    print(table(result_rows))
    escaped = escaped_texts(results)
    if escaped:
        print()
        print(f"Drawn with ImageDraw.text outside draw_text ({len(escaped)} distinct), e.g.:")
        for line in escaped[:10]:
            print(f"  {line}")
    failed = [r for r in result_rows if not r.ok]
    print()
    if failed:
        print("MISSED: " + ", ".join(f"{r.key} {r.kind}" for r in failed))
    else:
        print("Every picture meets both targets.")
    return 1 if failed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())

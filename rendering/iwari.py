"""Iwari pictures: the map (biomes in colour AND pattern), pieces with letter marks, the table.

Reads only the view; the map geometry is the static data of the chosen map side (pixels of a
1200 px map), drawn through a ``Geo`` (a scale and a corner): the board at ``BOARD_SCALE``, the whole
map. Drawn for a phone: 600 px wide (a picture in a Discord card is shown 274 px wide there), every
text at least ``TEXT`` px so that it reads at 8 px there. So the map carries few words: the tribe
letters on the pieces, the connection numbers and the territory numbers; an empty tent space is a
plain dot, lettered only where the seat deciding may choose it. The deciding seat's own picture
shows, large, the territories its decision is about (the view's ``focus``): the map cropped to
them and drawn at a larger scale, the others washed out, their free tent spaces lettered. Under
the map, the table flows top to bottom: the turn, the tribes, the cards, then only the notes the
map in play needs.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.iwari.data import BIOME_NAMES, FEAT_NAMES, TENT_FEATS, TOTEM_FEATS
from games.iwari.maps import MAPS
from games.text import P, T
from rendering import iwari_words
from rendering.common import (
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    PLAYER_COLOURS,
    PLAYER_MARKS,
    WATER,
    WINNER_FILL,
    Presentation,
    centered_text,
    draw_text,
    fitted,
    font,
    player_name,
    text_length,
    to_play,
    wrap,
)
from rendering.i18n import _, _p, list_words, tr
from rendering.iwari_words import void_outcome, void_standing
from rendering.rules import Example

WIDTH = 600
BOARD_SCALE = WIDTH / 1200  # map data pixels to picture pixels: the whole map
ZOOM_MAX = 1.3  # the largest scale of a picture cropped onto the territories of a decision
TEXT = 18  # the smallest text: 18 x 274 / 600 = 8.2 px on a phone
LINE_H = 23
PAD = 12

# Biome fills (light, so pieces stand out) and pattern ink; the pattern tells biomes apart
# without colour: Tundra stripes, Forest trees, Glacier cross-hatch, Coast waves, Desert dots.
BIOME_FILL = {
    "Tundra": (236, 170, 160),
    "Forest": (160, 205, 150),
    "Glacier": (178, 208, 240),
    "Coast": (246, 228, 150),
    "Desert": (242, 196, 140),
}
BIOME_INK = {
    "Tundra": (196, 120, 110),
    "Forest": (90, 150, 90),
    "Glacier": (120, 160, 210),
    "Coast": (200, 170, 70),
    "Desert": (200, 140, 80),
}
NEUTRAL_COLOUR = (160, 160, 160)
NEUTRAL_MARK = "N"
ROAD = (128, 92, 60)
WHITE = (255, 255, 255)
FEAT_GOLD = (240, 200, 60)
# A Feat's letter on its pawn (a small hexagon on the map) and before its name in the notes: the
# first letter of the Feat's name in each language, so the six differ.
FEAT_LETTER = {
    # TRANSLATORS: the letter drawn on the Union Feat pawn of the map: one letter, the first of "Union"
    "union": P("iwari feat letter", "U"),
    # TRANSLATORS: the letter drawn on the Discovery Feat pawn: one letter, the first of "Discovery"
    "discovery": P("iwari feat letter", "D"),
    # TRANSLATORS: the letter drawn on the Honour Feat pawn: one letter, the first of "Honour"
    "honour": P("iwari feat letter", "H"),
    # TRANSLATORS: the letter drawn on the Respect Feat pawn: one letter, the first of "Respect"
    "respect": P("iwari feat letter", "R"),
    # TRANSLATORS: the letter drawn on the Courage Feat pawn: one letter, the first of "Courage"
    "courage": P("iwari feat letter", "C"),
    # TRANSLATORS: the letter drawn on the Worship Feat pawn: one letter, the first of "Worship"
    "worship": P("iwari feat letter", "W"),
}
GLACIER = BIOME_NAMES[2]  # the Ruin of the notes' example
VOID_PURPLE = (118, 60, 150)
VOID_LIGHT = (186, 140, 214)  # the Void tribe's pieces: light purple so the black V mark reads
GOLD_RING = (212, 160, 20)
CONTESTED_LIGHT = (226, 214, 236)  # a Contested token on its border
CONTESTED_DARK = (70, 52, 86)  # flipped into a territory
PIECES_TEXT = {
    "T": T("1 Tent"),
    "M": T("1 Totem"),
    "TT": T("2 Tents"),
    "TM": T("Tent + Totem"),
    "MM": T("2 Totems"),
}
TENT_R = 15
SPACE_R = 12  # a tent space lettered (one the seat may choose)
DOT_R = 6  # a tent space not to choose now: a plain dot
TOTEM_SPACE_R = 20
WASH, WASH_ALPHA = (250, 247, 240), 0.6  # over a territory the decision is not about


@dataclass(frozen=True)
class Geo:
    """Map data pixels to picture pixels: ``scale``, and the map point at the picture's corner."""

    scale: float
    ox: float = 0.0
    oy: float = 0.0
    width: int = WIDTH
    height: int = 0

    def at(self, xy: tuple[float, float]) -> tuple[float, float]:
        """A point of the map data in the picture."""
        return (xy[0] - self.ox) * self.scale, (xy[1] - self.oy) * self.scale

    def rect(self, r: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        (x0, y0), (x1, y1) = self.at(r[:2]), self.at(r[2:])
        return round(x0), round(y0), round(x1), round(y1)


def board_geo(map_key: str) -> Geo:
    """The whole map at the board's scale."""
    return Geo(BOARD_SCALE, height=round(MAPS[map_key].SIZE[1] * BOARD_SCALE))


def focus_geo(map_key: str, focus: list[str], room: int) -> Geo | None:
    """The map cropped onto the territories ``focus`` (and a little around them), as large as
    ``WIDTH`` and ``room`` px of height allow (at most ``ZOOM_MAX``); None when that would be
    hardly larger than the whole map."""
    data = MAPS[map_key]
    rects = [t["rect"] for t in data.TERRITORIES if f"T{t['id']}" in focus]
    if not rects:
        return None
    margin = 30
    x0 = max(0, min(r[0] for r in rects) - margin)
    y0 = max(0, min(r[1] for r in rects) - margin)
    x1 = min(data.SIZE[0], max(r[2] for r in rects) + margin)
    y1 = min(data.SIZE[1], max(r[3] for r in rects) + margin)
    scale = min(ZOOM_MAX, WIDTH / (x1 - x0), room / (y1 - y0))
    if scale < BOARD_SCALE * 1.25:
        return None
    # As wide as the picture: the crop grows sideways (within the map) to fill it.
    span = WIDTH / scale
    x0 = min(max(0.0, (x0 + x1 - span) / 2), max(0.0, data.SIZE[0] - span))
    return Geo(scale, x0, y0, WIDTH, round((y1 - y0) * scale))


def tribe_style(view: dict, tribe: int) -> tuple[tuple[int, int, int], str]:
    if view.get("void") is not None and tribe == view["void"]:
        return VOID_LIGHT, "V"  # solo/co-op: the Void tribe (Ruins and Void Totems)
    if view.get("neutral") is not None and tribe == view["neutral"]:
        return NEUTRAL_COLOUR, NEUTRAL_MARK
    return PLAYER_COLOURS[tribe % len(PLAYER_COLOURS)], PLAYER_MARKS[tribe % len(PLAYER_MARKS)]


def tribe_name(view: dict, names: list[str] | None, tribe: int) -> str:
    if view.get("void") is not None and tribe == view["void"]:
        return _p("iwari tribe", "The Void")
    if view.get("neutral") is not None and tribe == view["neutral"]:
        return _p("iwari tribe", "Third tribe")
    return player_name(names, tribe)


# ---------------------------------------------------------------- patterns
def pattern(draw: ImageDraw.ImageDraw, rect: tuple[int, int, int, int], biome: str) -> None:
    x0, y0, x1, y1 = rect
    ink = BIOME_INK[biome]
    if biome == "Tundra":
        for y in range(y0 + 12, y1, 18):
            draw.line((x0 + 2, y, x1 - 2, y), fill=ink, width=2)
    elif biome == "Forest":
        for j, y in enumerate(range(y0 + 34, y1 - 4, 34)):
            for x in range(x0 + 14 + (j % 2) * 18, x1 - 8, 36):
                draw.polygon([(x, y - 9), (x - 7, y + 5), (x + 7, y + 5)], fill=ink)
    elif biome == "Glacier":
        step = 30
        for k in range(-(y1 - y0), x1 - x0, step):
            draw.line(_clip_line(x0 + k, y0, x0 + k + (y1 - y0), y1, rect), fill=ink, width=1)
            draw.line(_clip_line(x0 + k, y1, x0 + k + (y1 - y0), y0, rect), fill=ink, width=1)
    elif biome == "Coast":
        for j, y in enumerate(range(y0 + 16, y1, 28)):
            for x in range(x0 + 6 + (j % 2) * 17, x1 - 26, 34):
                pts = [(x + i, y + 4 * math.sin(i / 20 * 2 * math.pi)) for i in range(0, 21, 2)]
                draw.line(pts, fill=ink, width=2)
    else:  # Desert
        for j, y in enumerate(range(y0 + 10, y1, 18)):
            for x in range(x0 + 6 + (j % 2) * 9, x1 - 3, 18):
                draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=ink)


def _clip_line(xa: float, ya: float, xb: float, yb: float, rect: tuple[int, int, int, int]) -> list[tuple]:
    """Clip a 45-degree segment to the rectangle (Liang-Barsky)."""
    x0, y0, x1, y1 = rect
    dx, dy = xb - xa, yb - ya
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, xa - x0), (dx, x1 - xa), (-dy, ya - y0), (dy, y1 - ya)):
        if p == 0:
            if q < 0:
                return [(x0, y0), (x0, y0)]
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    if t0 > t1:
        return [(x0, y0), (x0, y0)]
    return [(xa + t0 * dx, ya + t0 * dy), (xa + t1 * dx, ya + t1 * dy)]


# ---------------------------------------------------------------- pieces
def tent(draw: ImageDraw.ImageDraw, xy: tuple[float, float], colour, mark: str, r: int = TENT_R) -> None:
    x, y = xy
    draw.polygon(
        [(x, y - r * 1.05), (x - r * 1.1, y + r * 0.8), (x + r * 1.1, y + r * 0.8)],
        fill=colour,
        outline=INK,
        width=2,
    )
    centered_text(draw, (x, y + r * 0.22), mark, TEXT, fill=INK)


def totem(draw: ImageDraw.ImageDraw, xy: tuple[float, float], colour, mark: str, count: int) -> None:
    """A totem pole (tall rounded block) with the tribe letter, and the count beside it."""
    x, y = xy
    draw.rounded_rectangle((x - 11, y - 15, x + 11, y + 15), radius=5, fill=colour, outline=INK, width=2)
    centered_text(draw, (x, y), mark, TEXT, fill=INK)
    if count > 1:
        draw.ellipse((x + 6, y - 24, x + 26, y - 4), fill=WHITE, outline=INK)
        centered_text(draw, (x + 16, y - 14), f"{count}", TEXT, fill=INK)


def card(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], biome: str) -> None:
    if biome == "Void":
        # A Void Biome card: purple with a white V pattern.
        draw.rounded_rectangle(box, radius=8, fill=VOID_PURPLE, outline=INK, width=2)
        for vx in range(box[0] + 10, box[2] - 10, 20):
            draw.line((vx, box[1] + 6, vx + 6, box[1] + 16, vx + 12, box[1] + 6), fill=WHITE, width=2)
    else:
        draw.rounded_rectangle(box, radius=8, fill=BIOME_FILL[biome], outline=INK, width=2)
        pattern(draw, (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), biome)
    x0, y0, x1, y1 = box
    name = tr(biome)
    w = text_length(name, TEXT)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 4
    draw.rounded_rectangle((cx - w / 2 - 3, cy - 13, cx + w / 2 + 3, cy + 13), radius=5, fill=WHITE)
    centered_text(draw, (cx, cy), name, TEXT)


# ---------------------------------------------------------------- the map
@lru_cache(maxsize=12)
def _background(map_key: str, biomes: tuple[str, ...], geo: Geo) -> Image.Image:
    """The static layers of a map side: sea, biome fills and patterns, borders, roads."""
    data = MAPS[map_key]
    image = Image.new("RGB", (geo.width, geo.height), WATER)
    draw = ImageDraw.Draw(image)
    # Water texture: little waves, so the sea reads without colour too.
    for j, y in enumerate(range(8, geo.height, 26)):
        for x in range(4 + (j % 2) * 20, geo.width, 40):
            draw.arc((x, y, x + 12, y + 7), 200, 340, fill=(110, 160, 200), width=2)
    for t, biome in zip(data.TERRITORIES, biomes, strict=True):
        draw.rectangle(geo.rect(t["rect"]), fill=BIOME_FILL[biome])
        pattern(draw, geo.rect(t["rect"]), biome)
    for t in data.TERRITORIES:
        draw.rectangle(geo.rect(t["rect"]), outline=INK, width=2)
    pos = {}
    for t in data.TERRITORIES:
        for j, xy in enumerate(t["spaces"]):
            pos[f"{t['id']}{'abcdefghij'[j]}"] = geo.at(xy)
    # The Long Road: the purple road under the ordinary roads, its tent spaces ringed in purple.
    road = list(getattr(data, "PURPLE_ROAD", ()))
    for a, b in itertools.pairwise(road):
        draw.line((pos[a], pos[b]), fill=VOID_PURPLE, width=12)
    for name in road:
        x, y = pos[name]
        draw.ellipse((x - 19, y - 19, x + 19, y + 19), fill=VOID_PURPLE)
    for a, b in data.ROADS:
        draw.line((pos[a], pos[b]), fill=ROAD, width=4)
    # Forgotten Island: the purple circles (tent spaces that start with a Ruin).
    for c in data.CONNECTIONS:
        if c.get("ruin"):
            x, y = pos[c["ruin"]]
            draw.ellipse((x - 20, y - 20, x + 20, y + 20), outline=VOID_PURPLE, width=5)
    # Floating Lands: connections act as roads (dashed, through the connection number).
    if getattr(data, "CONNECTION_ROADS", False):
        for c in data.CONNECTIONS:
            if c.get("link"):
                (ax, ay), (bx, by) = pos[c["link"][0]], pos[c["link"][1]]
                for k in range(0, 20, 2):
                    t0, t1 = k / 20, (k + 1) / 20
                    draw.line(
                        (ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1),
                        fill=ROAD,
                        width=4,
                    )
    return image


def map_height(view: dict) -> int:
    """The height of the whole map on the board."""
    return board_geo(view["map"]).height


def _label_box(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, fill=WHITE, ink=INK, r: int = 6
) -> float:
    """A word on a rounded tag whose left edge is ``x``; returns the tag's width."""
    w = text_length(text, TEXT) + 10
    draw.rounded_rectangle((x, y, x + w, y + 24), radius=r, fill=fill, outline=INK)
    draw_text(draw, (x + 5, y + 12), text, font=font(TEXT), fill=ink, anchor="lm")
    return w


def _overlap(marks: list[tuple[float, float, float]], bx: float, by: float, w: float, h: float) -> float:
    """How far the discs ``marks`` (x, y, r) reach into the box at (bx, by) of ``w`` x ``h``, summed."""
    total = 0.0
    for mx, my, r in marks:
        dx = max(bx - mx, 0, mx - (bx + w))
        dy = max(by - my, 0, my - (by + h))
        total += max(0.0, r - 3 - math.hypot(dx, dy))  # a touch is no harm
    return total


@lru_cache(maxsize=24)
def label_places(map_key: str, labels: tuple[str, ...], geo: Geo) -> list[tuple[float, float, str]]:
    """The top-left corner of each territory's label: the map's own place, or along the territory's
    top or bottom edge, where it covers no tent space, totem space or connection number."""
    data = MAPS[map_key]
    marks = [(*geo.at(xy), SPACE_R) for t in data.TERRITORIES for xy in t["spaces"]]
    marks += [(*geo.at(t["totem"]), TOTEM_SPACE_R) for t in data.TERRITORIES]
    marks += [(x, y, 15) for x, y in connection_spots(map_key, geo).values()]
    places = []
    for t, label in zip(data.TERRITORIES, labels, strict=True):
        # The whole label where it covers nothing; else the territory's number alone ("T8": the
        # pattern tells the biome, and the legend of the patterns names it: "Forest: T8").
        x0, y0, x1, y1 = geo.rect(t["rect"])
        lx, ly = geo.at(t["label"])
        options = []
        for rank, text in enumerate((label, label.split()[0])):
            w, h = text_length(text, TEXT) + 10, 24
            slide = [x0 + 6 + k * (x1 - x0 - w - 12) / 8 for k in range(9)]
            spots = [(lx - 4, ly - 2)] + [(x, y0 + 4) for x in slide] + [(x, y1 - h - 4) for x in slide]
            for x, y in spots:
                cost = _overlap(marks, x, y, w, h)
                options.append((cost > 0, cost, rank, (x, y, text)))  # where nothing covers, else least
        places.append(min(options)[3])
    return places


def draw_map(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict, geo: Geo) -> None:
    """The map through ``geo``; the territories of the view's ``focus`` (the seat's decision)
    outlined, the others washed out, and the free tent spaces of the focus lettered."""
    data = MAPS[view["map"]]
    terr_by_id = {t["id"]: t for t in data.TERRITORIES}
    vt = {t["id"]: t for t in view["territories"]}
    image.paste(_background(view["map"], tuple(vt[t["id"]]["biome"] for t in data.TERRITORIES), geo), (0, 0))
    focus = set(view.get("focus") or ())
    if len(focus) == len(data.TERRITORIES):
        focus = set()  # every territory: nothing to single out (their free spaces are lettered)
        lettered_all = True
    else:
        lettered_all = False
    pend = view.get("pending_territory")
    outlined = focus | ({pend} if pend else set())
    if focus:
        for t in data.TERRITORIES:
            box = geo.rect(t["rect"])
            box = (max(0, box[0]), max(0, box[1]), min(geo.width, box[2]), min(geo.height, box[3]))
            if f"T{t['id']}" not in outlined and box[0] < box[2] and box[1] < box[3]:
                region = image.crop(box)
                image.paste(Image.blend(region, Image.new("RGB", region.size, WASH), WASH_ALPHA), box[:2])
    for name in sorted(outlined):
        x0, y0, x1, y1 = geo.rect(terr_by_id[int(name[1:])]["rect"])
        draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=HIGHLIGHT, width=5)
    # Territory labels, Claim tokens (solo) and Feat multipliers.
    places = label_places(view["map"], tuple(tr(vt[t["id"]]["label"]) for t in data.TERRITORIES), geo)
    for t, (x, y, label) in zip(data.TERRITORIES, places, strict=True):
        v = vt[t["id"]]
        w = _label_box(draw, x, y, label)
        claim = (view.get("claimed") or {}) and view["claimed"][t["id"] - 1]
        if claim:
            # Claim token: purple "VOID" or white "OURS" beside the label; the territory is closed.
            fill, ink = (VOID_PURPLE, WHITE) if claim == "void" else (WHITE, INK)
            word = _p("iwari claim", "VOID") if claim == "void" else _p("iwari claim", "OURS")
            w += 6 + _label_box(draw, x + w + 6, y, word, fill, ink, r=12)
        if v["multiplier"] > 1:
            _label_box(draw, x + w + 6, y, f"x{v['multiplier']}", FEAT_GOLD)
    # Feats on territories (beside the totem space) and on connections; Courage beside its Feat.
    feats_at: dict[str, list[dict]] = {}
    for f in view.get("feats", []):
        if f["kind"] != "courage":
            feats_at.setdefault(f["where"], []).append(f)
    feat_xy: dict[int, tuple[float, float]] = {}
    # Totem spaces and totems.
    for t in data.TERRITORIES:
        v = vt[t["id"]]
        cx, cy = geo.at(t["totem"])
        r = TOTEM_SPACE_R
        if v.get("golden"):
            # A Worship Golden token under the totem space: a thick gold ring (the notes say so).
            draw.ellipse(
                (cx - r - 8, cy - r - 8, cx + r + 8, cy + r + 8), fill=GOLD_RING, outline=INK, width=2
            )
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=2)
        stacks = [(x, k) for x, k in enumerate(v["totems"]) if k]
        if v.get("void_totems"):
            stacks.append((-1, v["void_totems"]))  # Void Totems: purple, marked V
        if not v.get("totems_allowed", True):
            # No Totem may stand here: the space is crossed out.
            draw.line((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7), fill=INK, width=3)
            draw.line((cx - r * 0.7, cy + r * 0.7, cx + r * 0.7, cy - r * 0.7), fill=INK, width=3)
        for (x, k), (sx, sy) in zip(stacks, _totem_spots(len(stacks), cx, cy), strict=False):
            colour, mark = (VOID_PURPLE, "V") if x < 0 else tribe_style(view, x)
            totem(draw, (sx, sy), colour, mark, k)
        for i, f in enumerate(feats_at.get(f"T{t['id']}", [])):
            feat_xy[id(f)] = (cx + r + 14 + i * 28, cy - r + 2)
    # Tent spaces and tents.
    free = set((view.get("pending") or {}).get("free_spaces", [])) | set(view.get("ruin_choices", []))
    lettered = free | {
        name
        for t in view["territories"]
        if lettered_all or f"T{t['id']}" in outlined
        for name, owner in zip(t["spaces"], t["tents"], strict=True)
        if owner is None
    }
    laid = set(view.get("laid_down", []))
    for t in data.TERRITORIES:
        v = vt[t["id"]]
        for j, (xy, owner) in enumerate(zip(t["spaces"], v["tents"], strict=True)):
            x, y = geo.at(xy)
            name = v["spaces"][j]
            if owner is None and name in v.get("ruins", {}):
                # A Void Ruin: purple block with the biome of the two cards that replace it.
                icon = v["ruins"][name]
                draw.rounded_rectangle(
                    (x - 17, y - 15, x + 17, y + 15), radius=4, fill=VOID_PURPLE, outline=INK, width=2
                )
                draw.rectangle((x - 17, y + 9, x + 17, y + 15), fill=BIOME_FILL[icon], outline=INK)
                centered_text(draw, (x, y - 3), "2" + tr(icon)[0], TEXT, fill=WHITE)
                if name in free:
                    draw.rounded_rectangle(
                        (x - 21, y - 19, x + 21, y + 19), radius=6, outline=HIGHLIGHT, width=4
                    )
            elif owner is None and name in lettered:
                r = SPACE_R
                if name in free:
                    draw.ellipse((x - r - 4, y - r - 4, x + r + 4, y + r + 4), fill=HIGHLIGHT, outline=INK)
                draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=INK, width=2)
                centered_text(draw, (x, y - 1), name[-1], TEXT, fill=INK)
            elif owner is None:
                draw.ellipse((x - DOT_R, y - DOT_R, x + DOT_R, y + DOT_R), fill=WHITE, outline=INK, width=2)
            else:
                colour, mark = tribe_style(view, owner)
                tent(draw, (x, y), colour, mark)
                if name in laid:
                    # Laid on the side (its settlement's free action is used): a bar under it.
                    draw.rectangle((x - 18, y + 15, x + 18, y + 20), fill=INK)
    _draw_connections(draw, view, data, terr_by_id, feats_at, feat_xy, geo)
    # The Void: Contested tokens, on their border (light side) or flipped into a territory
    # (dark side, in a corner off the roads) with the Tent on it.
    spots_used: dict[int, int] = {}
    tokens = {c["id"]: c for c in getattr(data, "CONTESTED", ())}
    for vc in view.get("contested", []):
        if vc["territory"] is None:
            _contested_token(draw, geo.at(tokens[vc["id"]]["at"]), flipped=False)
            continue
        tid = int(vc["territory"][1:])
        i = spots_used.get(tid, 0)
        spots_used[tid] = i + 1
        xy = geo.at(terr_by_id[tid]["token_spots"][i % len(terr_by_id[tid]["token_spots"])])
        _contested_token(draw, xy, flipped=True)
        colour, mark = tribe_style(view, vc["tribe"])
        tent(draw, (xy[0], xy[1] - 1), colour, mark, r=14)
    # The Uncharted Paths: the purple Void territory with the Void Totems still on it.
    void = getattr(data, "VOID_TERRITORY", None)
    if void is not None and view.get("void_pool") is not None:
        (vx, vy), r = geo.at(void["at"]), max(32, void["r"] * geo.scale)
        draw.ellipse((vx - r, vy - r, vx + r, vy + r), fill=VOID_PURPLE, outline=INK, width=3)
        centered_text(draw, (vx, vy - 10), _p("iwari territory", "Void"), TEXT, fill=WHITE)
        centered_text(draw, (vx, vy + 11), f"{view['void_pool']} V", TEXT, fill=WHITE)
    feats = view.get("feats", [])
    for f in feats:
        if id(f) in feat_xy:
            _feat_badge(draw, feat_xy[id(f)], f["kind"], f.get("cancelled", False))
    for f in feats:
        if f["kind"] == "courage":
            target = feats[int(f["where"][1:])]
            if id(target) in feat_xy:
                fx, fy = feat_xy[id(target)]
                _feat_badge(draw, (fx, fy + 28), "courage")


@lru_cache(maxsize=24)
def connection_spots(map_key: str, geo: Geo) -> dict[int, tuple[float, float]]:
    """Where each connection number is drawn: at its place on the map, pushed a few pixels off any
    tent space it would cover (the numbers and letters are large for the map at this size)."""
    data = MAPS[map_key]
    spaces = [geo.at(xy) for t in data.TERRITORIES for xy in t["spaces"]]
    spots = {}
    for c in data.CONNECTIONS:
        x0, y0 = geo.at(c["at"])
        x, y = x0, y0
        for _i in range(12):
            near = [(sx, sy, math.hypot(x - sx, y - sy)) for sx, sy in spaces]
            near = [(sx, sy, d) for sx, sy, d in near if d < CONNECTION_CLEAR]
            if not near:
                break
            for sx, sy, d in near:
                d = max(d, 0.5)
                push = (CONNECTION_CLEAR - d) / 2 + 0.5
                x, y = x + (x - sx) / d * push, y + (y - sy) / d * push
            dx, dy = x - x0, y - y0  # never far from the printed place
            far = math.hypot(dx, dy)
            if far > 14:
                x, y = x0 + dx / far * 14, y0 + dy / far * 14
        spots[c["n"]] = (x, y)
    return spots


CONNECTION_CLEAR = SPACE_R + 15 + 2  # a tent space's radius + a number's + a gap


def _draw_connections(
    draw, view: dict, data, terr_by_id: dict, feats_at: dict, feat_xy: dict, geo: Geo
) -> None:
    """Connection numbers, water marks, mountain symbols and mountains, the Void pawn."""
    spots = connection_spots(view["map"], geo)
    for c, vc in zip(sorted(data.CONNECTIONS, key=lambda c: c["n"]), view["connections"], strict=True):
        x, y = spots[c["n"]]
        if vc["mountain"]:
            draw.polygon(
                [(x, y - 24), (x - 23, y + 15), (x + 23, y + 15)], fill=(90, 84, 80), outline=INK, width=2
            )
            draw.polygon([(x, y - 24), (x - 7, y - 12), (x + 7, y - 12)], fill=WHITE)
            centered_text(draw, (x, y + 3), str(c["n"]), TEXT, fill=WHITE)
            continue
        if c["water"]:
            # Dashed pointers toward both territories: tells which pair a water number joins.
            for tid in (c["a"], c["b"]):
                tx, ty = geo.at(terr_by_id[tid]["totem"])
                dist = math.hypot(tx - x, ty - y)
                ux, uy = (tx - x) / dist, (ty - y) / dist
                for k in range(18, 50, 11):
                    draw.line((x + ux * k, y + uy * k, x + ux * (k + 6), y + uy * (k + 6)), fill=INK, width=3)
        r = 15
        fill = (210, 232, 250) if c["water"] else WHITE
        if vc.get("blocked"):
            # Blocked by its Ruin: a purple square, not a circle; it scores once unlocked.
            draw.rectangle((x - r, y - r, x + r, y + r), fill=VOID_PURPLE, outline=INK, width=2)
            centered_text(draw, (x, y), str(c["n"]), TEXT, fill=WHITE)
        else:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK, width=2)
            centered_text(draw, (x, y - (2 if c["water"] else 0)), str(c["n"]), TEXT)
        if c["water"]:
            draw.arc((x - 8, y + 7, x + 8, y + 13), 200, 340, fill=INK, width=2)
        if view.get("void_pawn") == c["n"]:
            # The Void pawn: a thick purple ring around the number and a purple flag marked V.
            draw.ellipse((x - r - 6, y - r - 6, x + r + 6, y + r + 6), outline=VOID_PURPLE, width=6)
            draw.polygon([(x + 16, y - 18), (x + 46, y - 32), (x + 46, y - 2)], fill=VOID_PURPLE, outline=INK)
            centered_text(draw, (x + 37, y - 17), "V", TEXT, fill=WHITE)
        if c["mountain"]:
            for i in range(c["mountain"]):
                px = x - 14 + i * 9
                draw.polygon([(px, y - r - 10), (px - 5, y - r - 1), (px + 5, y - r - 1)], fill=MUTED)
        for i, f in enumerate(feats_at.get(f"C{c['n']}", [])):
            feat_xy[id(f)] = (x + 30 + i * 28, y)


def _contested_token(draw: ImageDraw.ImageDraw, xy: tuple[float, float], flipped: bool) -> None:
    """A Contested token: a hexagon; light with a double-headed arrow while on its border, dark once moved."""
    x, y = xy
    r = 19
    pts = [
        (x + r * math.cos(a), y + r * math.sin(a)) for a in (math.pi / 3 * i + math.pi / 6 for i in range(6))
    ]
    draw.polygon(pts, fill=CONTESTED_DARK if flipped else CONTESTED_LIGHT, outline=INK, width=3)
    if not flipped:
        draw.line((x - 10, y, x + 10, y), fill=INK, width=3)
        draw.polygon([(x - 13, y), (x - 6, y - 5), (x - 6, y + 5)], fill=INK)
        draw.polygon([(x + 13, y), (x + 6, y - 5), (x + 6, y + 5)], fill=INK)


def _totem_spots(k: int, cx: float, cy: float) -> list[tuple[float, float]]:
    if k <= 1:
        return [(cx - 4, cy)]
    if k == 2:
        return [(cx - 14, cy), (cx + 12, cy)]
    spots = [(cx - 14, cy - 16), (cx + 12, cy - 16), (cx - 14, cy + 16), (cx + 12, cy + 16)]
    if k >= 5:
        spots.append((cx + 38, cy - 16))
    if k >= 6:
        spots.append((cx + 38, cy + 16))
    return spots[:k]


def _feat_badge(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], kind: str, cancelled: bool = False
) -> None:
    """A Feat pawn: gold hexagon with its letter; Courage is white; a cancelled Feat is crossed out."""
    x, y = xy
    pts = [(x + 14 * math.cos(a), y + 14 * math.sin(a)) for a in (math.pi / 3 * i for i in range(6))]
    draw.polygon(pts, fill=WHITE if kind == "courage" else FEAT_GOLD, outline=INK, width=2)
    centered_text(draw, (x, y), tr(FEAT_LETTER[kind]), TEXT)
    if cancelled:
        draw.line((x - 13, y - 13, x + 13, y + 13), fill=INK, width=3)
        draw.line((x - 13, y + 13, x + 13, y - 13), fill=INK, width=3)


# ---------------------------------------------------------------- the table under the map
# The table is a column of blocks, each (height, drawing at a top y), so the picture is as tall
# as what this view has to say: the notes of a map or mode appear only where they apply.
Block = tuple  # (height, paint(draw, y)), and OPTIONAL for notes left out of a picture too tall
OPTIONAL = "optional"
MAX_HEIGHT = int(WIDTH * 1.6) - 24  # room for the Replay GIF's progress bar under a frame


def _text_block(lines: list[tuple[str, tuple]], indent: int = 0, swatch: tuple | None = None) -> Block:
    """Lines of TEXT, each (words, colour), wrapped to the width; an optional colour square first."""
    x0 = PAD + indent + (34 if swatch else 0)
    rows = [(line, colour) for text, colour in lines for line in wrap(text, TEXT, WIDTH - x0 - PAD)]

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        if swatch:
            draw.rectangle((PAD + indent, y + 4, PAD + indent + 24, y + 20), fill=swatch, outline=INK)
        for i, (line, colour) in enumerate(rows):
            draw_text(draw, (x0, y + i * LINE_H), line, font=font(TEXT), fill=colour)

    return LINE_H * len(rows) + 2, paint


def _status(view: dict, names: list[str] | None) -> tuple[str, str]:
    solo = view.get("void") is not None
    if view["over"] and solo:
        status = _("Game over")  # who won and why: the line under it (_standing_block)
    elif view["over"]:
        if view.get("neutral_won"):
            status = _("Game over: the third tribe wins, both players lose")
        else:
            wins = [_("{name} wins", name=player_name(names, s)) for s in view["winners"]]
            # TRANSLATORS: {wins} is "alice wins", or "alice wins and bob wins" on a tie
            status = _("Game over: {wins}", wins=_and(wins))
    else:
        who = player_name(names, view["current"])
        if view.get("drafting"):
            status = _("Drafting starting hands: {name}", name=who)
        elif solo and view.get("phase") == "order":
            status = _(
                "{name} chooses which of {territories} the Void infects first",
                name=who,
                territories=" / ".join(view["infect_order"]),
            )
        elif solo and view.get("phase") in ("ruin", "vsettle"):
            status = _("{name} chooses for the Void (a tie)", name=who)
        elif view.get("third_tribe_turn") and solo:
            status = _("{name} plays for the Void", name=who)
        elif view.get("third_tribe_turn"):
            status = _("{name} plays for the third tribe", name=who)
        else:
            status = to_play(who)
    journey = _("Final round") if view["final_round"] else _("Journey {n} of 2", n=view["journey"])
    if view["over"]:
        journey = _("Journey complete")
    if solo and view["mode"] == "solo":
        journey = _("Solo against the Void (it needs {n} territories)", n=view["void_target"])
    elif solo:
        journey = _("Co-op against the Void (it needs {n} territories)", n=view["void_target"])
    return status, _("{map} · {journey}", map=tr(view["map_name"]), journey=journey)


def _and(items: list[str]) -> str:
    """Phrases joined with "and": "alice wins and bob wins"."""
    words = items[0] if items else ""
    for item in items[1:]:
        words = _("{words} and {word}", words=words, word=item)
    return words


def _heading(words: str) -> tuple[str, ...]:
    """A column's heading, on the lines its words break into ("Half\nway")."""
    return tuple(words.split("\n"))


def _columns(view: dict) -> list[tuple[tuple[str, ...], list]]:
    """The tribes table: (heading lines, value per tribe)."""
    tribes = view["tribes"]
    cards = [view["hand_sizes"][x] if x < view["num_players"] else "" for x in range(tribes)]
    ruins = view.get("ruins_kept")
    bd = view["breakdown"]
    if view.get("void") is not None:
        return [
            (_heading(_p("iwari column", "Territories")), view["tribe_scores"]),
            (_heading(_p("iwari column", "Tents left")), view["tents_left"]),
            (_heading(_p("iwari column", "Totems left")), view["totems_left"]),
            (_heading(_p("iwari column", "Cards")), cards),
        ]
    if view["over"]:
        # TRANSLATORS: column headings; a line break (\n) splits a heading over two lines
        cols = [
            (_heading(_p("iwari column", "Total")), view["tribe_scores"]),
            (_heading(_p("iwari column", "Half\nway")), bd["half"]),
            (_heading(_p("iwari column", "Tents")), bd["tents"]),
            (_heading(_p("iwari column", "Totems")), bd["totems"]),
            (_heading(_p("iwari column", "Settle-\nments")), bd["settlements"]),
        ]
        if view.get("expeditions"):
            cols.append((_heading(_p("iwari column", "Expe-\nditions")), bd.get("expeditions", [0] * tribes)))
        if ruins is not None:
            cols.append((_heading(_p("iwari column", "Ruins")), bd.get("ruins", ruins)))
        unused = [view["tents_left"][x] + view["totems_left"][x] for x in range(tribes)]
        cols.append((_heading(_p("iwari column", "Unused\npieces")), unused))
        return cols
    cols = [
        (_heading(_p("iwari column", "Score")), view["tribe_scores"]),
        (_heading(_p("iwari column", "Tents left")), view["tents_left"]),
        (_heading(_p("iwari column", "Totems left")), view["totems_left"]),
        (_heading(_p("iwari column", "Cards")), cards),
    ]
    if ruins is not None:
        cols.append((_heading(_p("iwari column", "Ruins kept")), ruins))
    return cols


def _standing_block(view: dict) -> Block:
    """Solo and co-op: the Void's territories against its target, or who won and why, large."""
    text = void_outcome(view) or void_standing(view)
    lines = wrap(text, 22, WIDTH - 2 * PAD)

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        for i, line in enumerate(lines):
            draw_text(draw, (PAD, y + 28 * i), line, font=font(22), fill=VOID_PURPLE)

    return 28 * len(lines), paint


def _tribes_block(view: dict, names: list[str] | None) -> Block:
    cols = _columns(view)
    head_lines = max(len(h) for h, _values in cols)
    widths = [max(text_length(w, TEXT) for w in (*h, *map(str, v))) + 16 for h, v in cols]
    det = view.get("determination") is not None and not view["over"]
    name_w = min(230, WIDTH - 2 * PAD - 40 - sum(widths) - (60 if det else 0))
    col_x0 = PAD + 40 + name_w
    right = col_x0 + sum(widths)
    tribes = view["tribes"]
    row_h = 28

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        x = col_x0
        for (head, _values), w in zip(cols, widths, strict=True):
            for i, line in enumerate(head):
                draw_text(
                    draw, (x, y + i * 22 + (head_lines - len(head)) * 22), line, font=font(TEXT), fill=MUTED
                )
            x += w
        y += head_lines * 22 + 6
        for t in range(tribes):
            colour, mark = tribe_style(view, t)
            if t == view.get("current") and not view["over"]:
                draw.rectangle((PAD - 6, y - 2, right, y + row_h - 4), fill=(255, 244, 190))
            if view["over"] and t in view["winners"]:
                draw.rectangle((PAD - 6, y - 2, right, y + row_h - 4), fill=WINNER_FILL)
            cy = y + row_h / 2 - 3
            draw.ellipse((PAD, cy - 14, PAD + 28, cy + 14), fill=colour, outline=INK, width=2)
            centered_text(draw, (PAD + 14, cy), mark, TEXT)
            name = fitted(tribe_name(view, names, t), 20, name_w - 6)
            draw_text(draw, (PAD + 38, cy), name, font=font(20), fill=INK, anchor="lm")
            x = col_x0
            for (_head, values), w in zip(cols, widths, strict=True):
                draw_text(draw, (x, cy), str(values[t]), font=font(20), fill=INK, anchor="lm")
                x += w
            if det and view["determination"] == t:
                # The Determination token: a purple flag marked DET after the columns.
                draw.rounded_rectangle(
                    (right + 6, cy - 13, right + 60, cy + 13), radius=6, fill=VOID_PURPLE, outline=INK
                )
                # TRANSLATORS: the Determination token, short (the notes under the board explain it)
                det_word = _p("iwari token", "DET")
                draw_text(draw, (right + 33, cy), det_word, font=font(TEXT), fill=WHITE, anchor="mm")
            y += row_h

    return head_lines * 22 + 6 + row_h * tribes + 4, paint


CARD_W, CARD_H, CARD_GAP = 76, 48, 4  # "Tundra" (58 px) on its tag with room to spare: 7 cards fit a row


def _cards_block(view: dict) -> Block:
    """The display, the deck and discards, and the hand (in the seat's own picture)."""
    display = list(view["display"])
    hand = [b for b, k in (view.get("hand") or {}).items() for _i in range(k)]
    mine = view.get("hand") is not None and view.get("seat") is not None
    step = CARD_W + CARD_GAP
    # The hand beside the display when both fit on one row, else under it.
    beside = PAD + len(display) * step + 12
    one_row = beside + max(1, len(hand)) * step <= WIDTH - PAD + CARD_GAP
    hand_x, hand_y = (beside, 0) if one_row else (PAD, CARD_H + 34)
    height = 26 + CARD_H + (0 if one_row or not mine else CARD_H + 34) + 8

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        head = _("Display · Deck {deck} · Discards {n}", deck=view["deck"], n=sum(view["discard"].values()))
        draw_text(
            draw,
            (PAD, y),
            fitted(head, TEXT, beside - PAD - 8) if one_row and mine else head,
            font=font(TEXT),
            fill=INK,
        )
        for i, biome in enumerate(display):
            bx = PAD + i * step
            card(draw, (bx, y + 26, bx + CARD_W, y + 26 + CARD_H), biome)
        if not mine:
            return
        draw_text(draw, (hand_x, y + hand_y), _("Your hand"), font=font(TEXT), fill=INK)
        for i, biome in enumerate(hand):
            bx = hand_x + i * step
            card(draw, (bx, y + hand_y + 26, bx + CARD_W, y + hand_y + 26 + CARD_H), biome)
        if not hand:
            draw_text(draw, (hand_x, y + hand_y + 40), _("(empty)"), font=font(TEXT), fill=MUTED)

    return height, paint


def _feats_lines(view: dict) -> list[tuple[str, tuple]]:
    # TRANSLATORS: a Feat and how many of its pawns are left, e.g. "Union 2"
    left = list_words([_("{feat} {n}", feat=tr(FEAT_NAMES[k]), n=v) for k, v in view["feats_left"].items()])
    lines = [(_("Feats left: {feats}", feats=left), INK)]
    kinds = view.get("feat_kinds", [])
    # TRANSLATORS: a Feat's letter on the map and its name, e.g. "U Union"
    tents = [
        _("{letter} {feat}", letter=tr(FEAT_LETTER[k]), feat=tr(FEAT_NAMES[k]))
        for k in kinds
        if k in TENT_FEATS
    ]
    totems = [
        _("{letter} {feat}", letter=tr(FEAT_LETTER[k]), feat=tr(FEAT_NAMES[k]))
        for k in kinds
        if k in TOTEM_FEATS
    ]
    if tents:
        text = _("{feats}: x2 the Tent score of its territory (2 Feats x3)", feats=list_words(tents))
        lines.append((text, MUTED))
    if totems:
        text = _("{feats}: x2 the Totem score of its connection (2 Feats x3)", feats=list_words(totems))
        lines.append((text, MUTED))
    if view.get("courage"):
        # TRANSLATORS: {letter} is the Courage Feat's letter on the map
        text = _("{letter} Courage: cancels the Feat it stands beside", letter=tr(FEAT_LETTER["courage"]))
        lines.append((text, MUTED))
    if view.get("worship", "none") != "none":
        how = {
            "dead-ends": _("most Tents on road ends"),
            "golden": _("most Totems on gold rings"),
            "contested": _("most Tents on Contested tokens"),
        }[view["worship"]]
        # TRANSLATORS: {letter} is the Worship Feat's letter on the map
        text = _("{letter} Worship, at the end: {how}", letter=tr(FEAT_LETTER["worship"]), how=how)
        lines.append((text, MUTED))
    return lines


def _solo_lines(view: dict) -> list[tuple[str, tuple]]:
    lines = [
        (
            _(
                "Void pawn on {pawn} · Void cards: {row} above the display"
                " (4: Corruption), {aside} of 3 beside the board",
                pawn=view["void_pawn"],
                row=view["void_row"],
                aside=view["void_aside"],
            ),
            INK,
        ),
    ]
    if view.get("purple_road"):
        text = _(
            "V: the Void (Ruins, Totems). Bar under a Tent: laid aside. Purple road: more Ruins than Tents loses."
        )
    elif view.get("map") == "forgotten-island":
        text = _(
            "V: the Void (Ruins, Totems). Bar under a Tent: laid aside. Purple rings: more Ruins than Tents loses."
        )
    elif view.get("map") == "floating-lands":
        text = _(
            "V: the Void (Ruins, Totems). Bar under a Tent: laid aside. Ruins on Tundra all linked: the Void wins with 8."
        )
    elif view.get("void_pool") is not None:
        text = _(
            "V: the Void (Ruins, Totems). Bar under a Tent: laid aside. A 5th Void Totem on the Void territory wins."
        )
    else:
        text = _("V: the Void (Ruins, Totems). Bar under a Tent: laid aside.")
    lines.append((text, INK))
    return lines


def _biomes_block(view: dict) -> Block:
    """The biomes' patterns named, each with the territories whose label on the map shows only
    their number ("Tundra: T1, T7"): every territory's biome is in words."""
    short = _numbers_only(view)
    biomes = [b for b in BIOME_NAMES if any(t["biome"] == b for t in view["territories"])]
    places, x, row = [], PAD, 0
    for biome in biomes:
        if short.get(biome):
            # TRANSLATORS: a biome and the territories whose label on the map shows only their number
            text = _("{biome}: {territories}", biome=tr(biome), territories=list_words(short[biome]))
        else:
            text = tr(biome)
        w = 38 + text_length(text, TEXT)
        if x + w > WIDTH - PAD:
            x, row = PAD, row + 1
        places.append((biome, text, int(x), row))
        x += w + 18

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        for biome, text, x, r in places:
            top = y + r * 26
            draw.rectangle((x, top, x + 30, top + 22), fill=BIOME_FILL[biome], outline=INK)
            pattern(draw, (x + 1, top + 1, x + 29, top + 21), biome)
            draw_text(draw, (x + 38, top + 11), text, font=font(TEXT), fill=INK, anchor="lm")

    return 24 + 26 * row, paint


def _numbers_only(view: dict) -> dict[str, list[str]]:
    """The territories whose label on the map shows only their number ("T1"), by biome."""
    data = MAPS[view["map"]]
    vt = {t["id"]: t for t in view["territories"]}
    labels = tuple(tr(vt[t["id"]]["label"]) for t in data.TERRITORIES)
    places = label_places(view["map"], labels, board_geo(view["map"]))
    out: dict[str, list[str]] = {}
    for t, (_x, _y, text), label in zip(data.TERRITORIES, places, labels, strict=True):
        if text != label:
            out.setdefault(vt[t["id"]]["biome"], []).append(text)
    return out


def table_blocks(view: dict, names: list[str] | None) -> list[Block]:
    solo = view.get("void") is not None
    status, where = _status(view, names)
    one_line = _("{status} · {where}", status=status, where=where)
    if text_length(one_line, 22) <= WIDTH - 2 * PAD:
        head: Block = (26, lambda draw, y: draw_text(draw, (PAD, y), one_line, font=font(22), fill=INK))
    else:
        head = (
            54,
            lambda draw, y: (
                draw_text(draw, (PAD, y), fitted(status, 22, WIDTH - 2 * PAD), font=font(22), fill=INK),
                draw_text(
                    draw, (PAD, y + 28), fitted(where, TEXT, WIDTH - 2 * PAD), font=font(TEXT), fill=MUTED
                ),
            ),
        )
    blocks: list[Block] = [head]
    if solo:
        blocks.append(_standing_block(view))
    blocks.append(_tribes_block(view, names))
    if view["over"] and not solo:  # solo and co-op count territories: the line above says it
        note = _(
            "Half way: Tents scored when the deck first ran out. Tents, Totems and Settlements: at the end."
            " Unused pieces break a tie."
        )
        blocks.append((*_text_block([(note, MUTED)]), OPTIONAL))
    if not view["over"]:
        blocks.append(_cards_block(view))
    private = []
    pend = view.get("pending")
    if pend:
        text = _("Playing in {territory}", territory=pend["territory"])
        if pend.get("pieces"):
            pieces = tr(PIECES_TEXT.get(pend["pieces"], pend["pieces"]))
            text = _("{text}: {pieces}", text=text, pieces=pieces)
        if pend.get("cards"):
            text = _("{text}, paying {cards}", text=text, cards=tr(pend["cards"]))
        if pend.get("free_spaces"):
            text = _("{text}. Choose a highlighted space.", text=text)
        private.append((text, INK))
    if view.get("moving"):
        private.append(
            (_("Moving your piece from {where}: choose where it goes.", where=view["moving"]), INK)
        )
    if view.get("ruin_choices"):
        private.append((_("Choose a highlighted space for the Ruin."), INK))
    if view.get("feat_choice"):
        fc = view["feat_choice"]
        text = _(
            "Place the {feat} Feat on: {options}",
            feat=tr(FEAT_NAMES[fc["kind"]]),
            options=list_words(fc["options"]),
        )
        private.append((text, INK))
    if private:
        blocks.append(_text_block(private))
    if _numbers_only(view):
        blocks.append((*_biomes_block(view), OPTIONAL))
    if view.get("feats_left"):
        feats = _feats_lines(view)
        blocks.append((*_text_block(feats[:1]), OPTIONAL))
        blocks.append((*_text_block(feats[1:]), OPTIONAL))
    if solo:
        blocks.append(_text_block(_solo_lines(view)))
    elif view.get("purple_road"):
        blocks.append(
            _text_block([(_("Purple road: scored as a territory at the end"), INK)], swatch=VOID_PURPLE)
        )
    if view.get("ruins_kept") is not None and not solo:
        # TRANSLATORS: "2G": the mark of a Ruin on the map, 2 and the first letter of the biome (Glacier)
        text = _(
            "Ruin 2{letter}: 2 {biome} cards replace it. Purple number: blocked",
            letter=tr(GLACIER)[0],
            biome=tr(GLACIER),
        )
        blocks.append(_text_block([(text, INK)], swatch=VOID_PURPLE))
    if view.get("void_pool") is not None and not solo:
        text = _("V: Void Totems. Move one in: 2 cards of the target, or 1 + 1")
        blocks.append(_text_block([(text, INK)], swatch=VOID_PURPLE))
    if view.get("contested"):
        text = _("Hexagon: Contested token (2 cards of a biome it touches)")
        if view.get("determination") is not None:
            text = _(
                "Hexagon: Contested token (2 cards of a biome it touches). DET: the Determination token, a 2nd piece when exploring"
            )
        blocks.append(_text_block([(text, INK)]))
    if view.get("connection_roads") and not solo:
        blocks.append(_text_block([(_("Dashed roads: connections also link settlements"), INK)]))
    if view.get("expeditions"):
        blocks.append(_expeditions_block(view))
    return blocks


def _expeditions_block(view: dict) -> Block:
    """The Expedition cards on display: mission, points for the first and second, and who took them."""
    cards = view["expeditions"]
    w = (WIDTH - PAD * (len(cards) + 1)) // max(1, len(cards))
    texts = [wrap(tr(e["text"]), TEXT, w - 20)[:3] for e in cards]
    lines = max((len(t) for t in texts), default=1)
    height = 34 + lines * 23 + 48

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        for i, e in enumerate(cards):
            x0 = PAD + i * (w + PAD)
            fill = (225, 222, 215) if e["removed"] else (255, 252, 244)
            draw.rounded_rectangle(
                (x0, y, x0 + w, y + height - 8), radius=10, fill=fill, outline=VOID_PURPLE, width=3
            )
            head = _("Expedition {id}: out", id=e["id"]) if e["removed"] else _("Expedition {id}", id=e["id"])
            draw_text(draw, (x0 + 10, y + 6), head, font=font(TEXT), fill=MUTED)
            for k, line in enumerate(texts[i]):
                draw_text(draw, (x0 + 10, y + 32 + k * 23), line, font=font(TEXT), fill=INK)
            cy = y + 34 + lines * 23 + 18
            for k, pts in enumerate(e["points"]):
                cx = x0 + 26 + k * (w // 2)
                draw.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=FEAT_GOLD, outline=INK, width=2)
                centered_text(draw, (cx, cy), str(pts), TEXT)
                if k < len(e["achievers"]):
                    colour, mark = tribe_style(view, e["achievers"][k])
                    draw.ellipse((cx + 22, cy - 14, cx + 50, cy + 14), fill=colour, outline=INK, width=2)
                    centered_text(draw, (cx + 36, cy), mark, TEXT)
                else:
                    draw_text(
                        draw,
                        (cx + 22, cy),
                        _p("iwari expedition", "open"),
                        font=font(TEXT),
                        fill=MUTED,
                        anchor="lm",
                    )

    return height, paint


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    blocks = table_blocks(view, names)

    def table(blocks: list[Block]) -> int:
        return PAD + sum(b[0] for b in blocks) + PAD * len(blocks)

    board = board_geo(view["map"])
    # Too tall for a phone: the explanations of the Feats go first (the rules say it too).
    while board.height + table(blocks) > MAX_HEIGHT and any(len(b) > 2 for b in blocks):
        blocks.remove(next(b for b in reversed(blocks) if len(b) > 2))
    # The deciding seat's picture: the territories of its decision, large, where they allow it.
    geo = None
    if view.get("focus"):
        geo = focus_geo(view["map"], view["focus"], MAX_HEIGHT - table(blocks))
    geo = geo or board
    map_h = geo.height
    image = Image.new("RGB", (WIDTH, map_h + table(blocks)), PANEL)
    # The map on its own canvas: pieces near a cropped edge stop there.
    land = Image.new("RGB", (WIDTH, map_h), WATER)
    draw_map(land, ImageDraw.Draw(land), view, geo)
    image.paste(land, (0, 0))
    d = ImageDraw.Draw(image)
    d.line((0, map_h, WIDTH, map_h), fill=LINE, width=2)
    y = map_h + PAD
    for block in blocks:
        block[1](d, y)
        y += block[0] + PAD
    return image


# ---------------------------------------------------------------- what the bot shows of the game

PRESENTATION = Presentation(
    draw=draw,
    describe=iwari_words.describe,
    glance=iwari_words.glance,
    facts=iwari_words.facts,
    standing=void_standing,
    outcome=void_outcome,
    rules=Example(
        3,
        11,
        20,
        (
            (372, 48, T("Play up to 3 cards of a territory's biome for up to 2 pieces.")),
            (518, 72, T("Totems in the centre: never more than the largest Tent majority.")),
            (300, 160, T("At the end, numbered connections score Totem majorities on both sides.")),
            (338, 592, T("Refill your hand to 3 from the display or the deck.")),
            (270, 450, T("Tents score twice a game: most Tents in a territory, 1 per Tent there.")),
        ),
    ),
    menus={  # words the panel translates where it shows them (lazy: said in the reader's language)
        "pieces": P("iwari menu", "Pieces"),
        "space": P("iwari menu", "Tent"),
        "territory": P("iwari menu", "Territory"),
        "discard": P("iwari menu", "Discard"),
        "draw": P("iwari menu", "Draw"),
        "feat": P("iwari menu", "Feat"),
        "ruin": P("iwari menu", "Ruin"),
        "destination": P("iwari menu", "Destination"),
        "piece": P("iwari menu", "Piece"),
        "back": P("iwari menu", "Back"),
        "move": P("iwari menu", "Move"),
        "refill": P("iwari menu", "Refill"),
        "skip": P("iwari menu", "Skip"),
        "void": P("iwari menu", "Void"),
    },
    noise=frozenset({"display"}),
)

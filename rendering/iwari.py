"""Iwari pictures: the map (biomes in colour AND pattern), pieces with letter marks, the table.

Reads only the view; the map geometry is the static data of the chosen map side.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.iwari.maps import MAPS
from rendering.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    PLAYER_COLOURS,
    PLAYER_MARKS,
    WATER,
    centered_text,
    font,
    player_name,
)

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
FEAT_GOLD = (240, 200, 60)
FEAT_LETTER = {"union": "U", "discovery": "D", "honour": "H", "respect": "R", "courage": "C", "worship": "W"}
VOID_PURPLE = (118, 60, 150)
VOID_LIGHT = (186, 140, 214)  # the Void tribe's pieces: light purple so the black V mark reads
GOLD_RING = (212, 160, 20)
CONTESTED_LIGHT = (226, 214, 236)  # a Contested token on its border
CONTESTED_DARK = (70, 52, 86)  # flipped into a territory
EXPEDITION_H = 118
PIECES_TEXT = {"T": "1 Tent", "M": "1 Totem", "TT": "2 Tents", "TM": "Tent + Totem", "MM": "2 Totems"}
WIDTH = 1200
PANEL_H = 320


def tribe_style(view: dict, tribe: int) -> tuple[tuple[int, int, int], str]:
    if view.get("void") is not None and tribe == view["void"]:
        return VOID_LIGHT, "V"  # solo/co-op: the Void tribe (Ruins and Void Totems)
    if view.get("neutral") is not None and tribe == view["neutral"]:
        return NEUTRAL_COLOUR, NEUTRAL_MARK
    return PLAYER_COLOURS[tribe % len(PLAYER_COLOURS)], PLAYER_MARKS[tribe % len(PLAYER_MARKS)]


def tribe_name(view: dict, names: list[str] | None, tribe: int) -> str:
    if view.get("void") is not None and tribe == view["void"]:
        return "The Void"
    if view.get("neutral") is not None and tribe == view["neutral"]:
        return "Third tribe"
    return player_name(names, tribe)


# ---------------------------------------------------------------- patterns
def pattern(draw: ImageDraw.ImageDraw, rect: tuple[int, int, int, int], biome: str) -> None:
    x0, y0, x1, y1 = rect
    ink = BIOME_INK[biome]
    if biome == "Tundra":
        for y in range(y0 + 12, y1, 16):
            draw.line((x0 + 2, y, x1 - 2, y), fill=ink, width=2)
    elif biome == "Forest":
        for j, y in enumerate(range(y0 + 40, y1 - 4, 30)):
            for x in range(x0 + 14 + (j % 2) * 15, x1 - 8, 30):
                draw.polygon([(x, y - 9), (x - 7, y + 5), (x + 7, y + 5)], fill=ink)
    elif biome == "Glacier":
        step = 22
        for k in range(-(y1 - y0), x1 - x0, step):
            draw.line(_clip_line(x0 + k, y0, x0 + k + (y1 - y0), y1, rect), fill=ink, width=1)
            draw.line(_clip_line(x0 + k, y1, x0 + k + (y1 - y0), y0, rect), fill=ink, width=1)
    elif biome == "Coast":
        for j, y in enumerate(range(y0 + 16, y1, 22)):
            for x in range(x0 + 6 + (j % 2) * 14, x1 - 26, 28):
                pts = [(x + i, y + 4 * math.sin(i / 20 * 2 * math.pi)) for i in range(0, 21, 2)]
                draw.line(pts, fill=ink, width=2)
    else:  # Desert
        for j, y in enumerate(range(y0 + 10, y1, 14)):
            for x in range(x0 + 6 + (j % 2) * 7, x1 - 3, 14):
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
def tent(draw: ImageDraw.ImageDraw, xy: tuple[float, float], colour, mark: str, r: int = 19) -> None:
    x, y = xy
    draw.polygon(
        [(x, y - r), (x - r, y + r * 0.75), (x + r, y + r * 0.75)], fill=colour, outline=INK, width=2
    )
    centered_text(draw, (x, y + 3), mark, 18, fill=INK)


def totem(draw: ImageDraw.ImageDraw, xy: tuple[float, float], colour, mark: str, count: int) -> None:
    """A totem pole (tall rounded block) with the tribe letter, and the count beside it."""
    x, y = xy
    draw.rounded_rectangle((x - 12, y - 16, x + 12, y + 16), radius=5, fill=colour, outline=INK, width=2)
    centered_text(draw, (x, y), mark, 18, fill=INK)
    if count > 1:
        centered_text(draw, (x + 24, y), f"{count}", 20, fill=INK)


def card(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], biome: str, text: str | None = None
) -> None:
    if biome == "Void":
        # A Void Biome card: purple with a white V pattern.
        draw.rounded_rectangle(box, radius=8, fill=VOID_PURPLE, outline=INK, width=2)
        for vx in range(box[0] + 12, box[2] - 10, 22):
            draw.line(
                (vx, box[1] + 8, vx + 6, box[1] + 20, vx + 12, box[1] + 8), fill=(255, 255, 255), width=2
            )
    else:
        draw.rounded_rectangle(box, radius=8, fill=BIOME_FILL[biome], outline=INK, width=2)
        pattern(draw, (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), biome)
    x0, y0, x1, y1 = box
    label = text or biome
    w = draw.textlength(label, font=font(18))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    draw.rounded_rectangle((cx - w / 2 - 5, cy - 13, cx + w / 2 + 5, cy + 13), radius=5, fill=(255, 255, 255))
    centered_text(draw, (cx, cy), label, 18)


# ---------------------------------------------------------------- the map
@lru_cache(maxsize=8)
def _background(map_key: str, biomes: tuple[str, ...]) -> Image.Image:
    """The static layers of a map side: sea, biome fills and patterns, borders, roads."""
    data = MAPS[map_key]
    image = Image.new("RGB", (WIDTH, data.SIZE[1]), WATER)
    draw = ImageDraw.Draw(image)
    # Water texture: little waves, so the sea reads without colour too.
    for j, y in enumerate(range(10, data.SIZE[1], 26)):
        for x in range(6 + (j % 2) * 18, data.SIZE[0], 36):
            draw.arc((x, y, x + 14, y + 8), 200, 340, fill=(110, 160, 200), width=2)
    for t, biome in zip(data.TERRITORIES, biomes, strict=True):
        draw.rectangle(t["rect"], fill=BIOME_FILL[biome])
        pattern(draw, t["rect"], biome)
    for t in data.TERRITORIES:
        draw.rectangle(t["rect"], outline=INK, width=3)
    pos = {}
    for t in data.TERRITORIES:
        for j, xy in enumerate(t["spaces"]):
            pos[f"{t['id']}{'abcdefghij'[j]}"] = xy
    # The Long Road: the purple road under the ordinary roads, its tent spaces ringed in purple.
    road = list(getattr(data, "PURPLE_ROAD", ()))
    for a, b in itertools.pairwise(road):
        draw.line((pos[a], pos[b]), fill=VOID_PURPLE, width=16)
    for name in road:
        x, y = pos[name]
        draw.ellipse((x - 24, y - 24, x + 24, y + 24), fill=VOID_PURPLE)
    for a, b in data.ROADS:
        draw.line((pos[a], pos[b]), fill=ROAD, width=5)
    # Forgotten Island: the purple circles (tent spaces that start with a Ruin).
    for c in data.CONNECTIONS:
        if c.get("ruin"):
            x, y = pos[c["ruin"]]
            draw.ellipse((x - 25, y - 25, x + 25, y + 25), outline=VOID_PURPLE, width=6)
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
                        width=5,
                    )
    return image


def draw_map(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict) -> None:
    data = MAPS[view["map"]]
    terr_by_id = {t["id"]: t for t in data.TERRITORIES}
    vt = {t["id"]: t for t in view["territories"]}
    image.paste(_background(view["map"], tuple(vt[t["id"]]["biome"] for t in data.TERRITORIES)), (0, 0))
    pend = view.get("pending_territory")
    if pend:
        t = terr_by_id[int(pend[1:])]
        x0, y0, x1, y1 = t["rect"]
        draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=HIGHLIGHT, width=6)
    # Territory labels.
    for t in data.TERRITORIES:
        v = vt[t["id"]]
        x, y = t["label"]
        text = v["label"]
        w = draw.textlength(text, font=font(20))
        draw.rounded_rectangle((x - 4, y - 2, x + w + 6, y + 25), radius=6, fill=(255, 255, 255), outline=INK)
        draw.text((x + 1, y + 1), text, font=font(20), fill=INK)
        claim = (view.get("claimed") or {}) and view["claimed"][t["id"] - 1]
        if claim:
            # Claim token: purple "VOID" or white "OURS" beside the label; the territory is closed.
            cx0 = x + w + 14
            text = "VOID" if claim == "void" else "OURS"
            cw = draw.textlength(text, font=font(20)) + 14
            fill, ink = (VOID_PURPLE, (255, 255, 255)) if claim == "void" else ((255, 255, 255), INK)
            draw.rounded_rectangle((cx0, y - 4, cx0 + cw, y + 27), radius=13, fill=fill, outline=INK, width=3)
            draw.text((cx0 + 7, y + 1), text, font=font(20), fill=ink)
            w += cw + 10
        if v["multiplier"] > 1:
            mx = x + w + 14
            draw.rounded_rectangle((mx, y - 2, mx + 40, y + 25), radius=6, fill=FEAT_GOLD, outline=INK)
            draw.text((mx + 5, y + 1), f"x{v['multiplier']}", font=font(20), fill=INK)
    # Feats on territories (beside the totem space) and on connections; Courage beside its Feat.
    feats_at: dict[str, list[dict]] = {}
    for f in view.get("feats", []):
        if f["kind"] != "courage":
            feats_at.setdefault(f["where"], []).append(f)
    feat_xy: dict[int, tuple[float, float]] = {}
    # Totem spaces and totems.
    for t in data.TERRITORIES:
        v = vt[t["id"]]
        cx, cy = t["totem"]
        if v.get("golden"):
            # A Worship Golden token under the totem space: a thick gold ring marked W.
            draw.ellipse((cx - 44, cy - 44, cx + 44, cy + 44), fill=GOLD_RING, outline=INK, width=2)
            draw.ellipse((cx - 58, cy - 48, cx - 34, cy - 24), fill=FEAT_GOLD, outline=INK, width=2)
            centered_text(draw, (cx - 46, cy - 36), "W", 16)
        draw.ellipse((cx - 36, cy - 36, cx + 36, cy + 36), fill=(255, 255, 255), outline=INK, width=2)
        stacks = [(x, k) for x, k in enumerate(v["totems"]) if k]
        if v.get("void_totems"):
            stacks.append((-1, v["void_totems"]))  # Void Totems: purple, marked V
        if not v.get("totems_allowed", True):
            draw.line((cx - 25, cy - 25, cx + 25, cy + 25), fill=MUTED, width=3)
            centered_text(draw, (cx, cy - 10), "no", 17, fill=INK)
            centered_text(draw, (cx, cy + 10), "Totems", 17, fill=INK)
        elif not stacks:
            limit = v["totem_limit"]
            centered_text(draw, (cx, cy), f"max {limit}" if limit else "-", 18, fill=MUTED)
        spots = _totem_spots(len(stacks), cx, cy)
        for (x, k), (sx, sy) in zip(stacks, spots, strict=False):
            colour, mark = (VOID_PURPLE, "V") if x < 0 else tribe_style(view, x)
            totem(draw, (sx, sy), colour, mark, k)
        for i, f in enumerate(feats_at.get(f"T{t['id']}", [])):
            feat_xy[id(f)] = (cx + 50 + i * 30, cy - 34)
    # Tent spaces and tents.
    free = set((view.get("pending") or {}).get("free_spaces", [])) | set(view.get("ruin_choices", []))
    laid = set(view.get("laid_down", []))
    for t in data.TERRITORIES:
        v = vt[t["id"]]
        for j, (xy, owner) in enumerate(zip(t["spaces"], v["tents"], strict=True)):
            x, y = xy
            name = v["spaces"][j]
            if owner is None and name in v.get("ruins", {}):
                # A Void Ruin: purple block with the biome of the two cards that replace it.
                icon = v["ruins"][name]
                draw.rounded_rectangle(
                    (x - 19, y - 17, x + 19, y + 17), radius=4, fill=VOID_PURPLE, outline=INK, width=2
                )
                draw.rectangle((x - 19, y + 9, x + 19, y + 17), fill=BIOME_FILL[icon], outline=INK)
                centered_text(draw, (x, y - 3), "2" + icon[0], 17, fill=(255, 255, 255))
            elif owner is None:
                ring = HIGHLIGHT if name in free else INK
                width = 5 if name in free else 2
                draw.ellipse(
                    (x - 16, y - 16, x + 16, y + 16), fill=(255, 255, 255), outline=ring, width=width
                )
                centered_text(draw, (x, y), name[-1], 18, fill=MUTED)
            else:
                colour, mark = tribe_style(view, owner)
                tent(draw, (x, y), colour, mark)
                if name in laid:
                    # Laid on the side (its settlement's free action is used): a bar under it.
                    draw.rectangle((x - 19, y + 17, x + 19, y + 22), fill=INK)
    # Connections: numbers, water marks, mountain symbols and mountains.
    for c, vc in zip(sorted(data.CONNECTIONS, key=lambda c: c["n"]), view["connections"], strict=True):
        x, y = c["at"]
        if vc["mountain"]:
            draw.polygon(
                [(x, y - 26), (x - 26, y + 18), (x + 26, y + 18)], fill=(90, 84, 80), outline=INK, width=2
            )
            draw.polygon([(x, y - 26), (x - 8, y - 12), (x + 8, y - 12)], fill=(255, 255, 255))
            centered_text(draw, (x, y + 5), str(c["n"]), 18, fill=(255, 255, 255))
            continue
        if c["water"]:
            # Dashed pointers toward both territories: tells which pair a water number joins.
            for tid in (c["a"], c["b"]):
                tx, ty = terr_by_id[tid]["totem"]
                dist = math.hypot(tx - x, ty - y)
                ux, uy = (tx - x) / dist, (ty - y) / dist
                for k in range(20, 62, 14):
                    draw.line((x + ux * k, y + uy * k, x + ux * (k + 8), y + uy * (k + 8)), fill=INK, width=3)
        fill = (210, 232, 250) if c["water"] else (255, 255, 255)
        if vc.get("blocked"):
            # Blocked by its Ruin: a purple square, not a circle; it scores once unlocked.
            draw.rectangle((x - 17, y - 17, x + 17, y + 17), fill=VOID_PURPLE, outline=INK, width=2)
            centered_text(draw, (x, y), str(c["n"]), 18, fill=(255, 255, 255))
        else:
            draw.ellipse((x - 17, y - 17, x + 17, y + 17), fill=fill, outline=INK, width=2)
            centered_text(draw, (x, y), str(c["n"]), 18)
        if c["water"]:
            draw.arc((x - 10, y + 8, x + 10, y + 16), 200, 340, fill=INK, width=2)
        if view.get("void_pawn") == c["n"]:
            # The Void pawn: a thick purple ring around the number and a purple flag marked V.
            draw.ellipse((x - 25, y - 25, x + 25, y + 25), outline=VOID_PURPLE, width=7)
            draw.polygon([(x + 18, y - 20), (x + 44, y - 30), (x + 44, y - 6)], fill=VOID_PURPLE, outline=INK)
            centered_text(draw, (x + 37, y - 18), "V", 16, fill=(255, 255, 255))
        if c["mountain"]:
            for i in range(c["mountain"]):
                px = x - 17 + i * 11
                draw.polygon([(px, y - 29), (px - 5, y - 19), (px + 5, y - 19)], fill=MUTED)
        for i, f in enumerate(feats_at.get(f"C{c['n']}", [])):
            feat_xy[id(f)] = (x + 30 + i * 30, y)
    # The Void: Contested tokens, on their border (light side) or flipped into a territory
    # (dark side, in a corner off the roads) with the Tent on it.
    spots_used: dict[int, int] = {}
    tokens = {c["id"]: c for c in getattr(data, "CONTESTED", ())}
    for vc in view.get("contested", []):
        if vc["territory"] is None:
            _contested_token(draw, tokens[vc["id"]]["at"], flipped=False)
            continue
        tid = int(vc["territory"][1:])
        i = spots_used.get(tid, 0)
        spots_used[tid] = i + 1
        xy = terr_by_id[tid]["token_spots"][i % len(terr_by_id[tid]["token_spots"])]
        _contested_token(draw, xy, flipped=True)
        colour, mark = tribe_style(view, vc["tribe"])
        tent(draw, (xy[0], xy[1] - 2), colour, mark, r=15)
    # The Uncharted Paths: the purple Void territory with the Void Totems still on it.
    void = getattr(data, "VOID_TERRITORY", None)
    if void is not None and view.get("void_pool") is not None:
        (vx, vy), r = void["at"], void["r"]
        draw.ellipse((vx - r, vy - r, vx + r, vy + r), fill=VOID_PURPLE, outline=INK, width=3)
        centered_text(draw, (vx, vy - 12), "Void", 17, fill=(255, 255, 255))
        centered_text(draw, (vx, vy + 10), f"{view['void_pool']} V", 20, fill=(255, 255, 255))
    feats = view.get("feats", [])
    for f in feats:
        if id(f) in feat_xy:
            _feat_badge(draw, feat_xy[id(f)], f["kind"], f.get("cancelled", False))
    for f in feats:
        if f["kind"] == "courage":
            target = feats[int(f["where"][1:])]
            if id(target) in feat_xy:
                fx, fy = feat_xy[id(target)]
                _feat_badge(draw, (fx, fy + 30), "courage")


def _contested_token(draw: ImageDraw.ImageDraw, xy: tuple[float, float], flipped: bool) -> None:
    """A Contested token: a hexagon; light with a double-headed arrow while on its border, dark once moved."""
    x, y = xy
    r = 24
    pts = [
        (x + r * math.cos(a), y + r * math.sin(a)) for a in (math.pi / 3 * i + math.pi / 6 for i in range(6))
    ]
    draw.polygon(pts, fill=CONTESTED_DARK if flipped else CONTESTED_LIGHT, outline=INK, width=3)
    if not flipped:
        draw.line((x - 13, y, x + 13, y), fill=INK, width=3)
        draw.polygon([(x - 16, y), (x - 8, y - 6), (x - 8, y + 6)], fill=INK)
        draw.polygon([(x + 16, y), (x + 8, y - 6), (x + 8, y + 6)], fill=INK)


def _totem_spots(k: int, cx: float, cy: float) -> list[tuple[float, float]]:
    if k <= 1:
        return [(cx - 6, cy)]
    if k == 2:
        return [(cx - 22, cy), (cx + 16, cy)]
    spots = [(cx - 22, cy - 18), (cx + 16, cy - 18), (cx - 22, cy + 18), (cx + 16, cy + 18)]
    if k >= 5:
        spots.append((cx + 56, cy - 18))
    if k >= 6:
        spots.append((cx + 56, cy + 18))
    return spots[:k]


def _feat_badge(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], kind: str, cancelled: bool = False
) -> None:
    """A Feat pawn: gold hexagon with its letter; Courage is white; a cancelled Feat is crossed out."""
    x, y = xy
    pts = [(x + 15 * math.cos(a), y + 15 * math.sin(a)) for a in (math.pi / 3 * i for i in range(6))]
    fill = (255, 255, 255) if kind == "courage" else FEAT_GOLD
    draw.polygon(pts, fill=fill, outline=INK, width=2)
    centered_text(draw, (x, y), FEAT_LETTER[kind], 18)
    if cancelled:
        draw.line((x - 14, y - 14, x + 14, y + 14), fill=INK, width=3)
        draw.line((x - 14, y + 14, x + 14, y - 14), fill=INK, width=3)


# ---------------------------------------------------------------- the table
def draw_panel(draw: ImageDraw.ImageDraw, view: dict, names: list[str] | None, top: int) -> None:
    draw.rectangle((0, top, WIDTH, top + PANEL_H), fill=PANEL)
    # Status line.
    solo = view.get("void") is not None
    if view["over"] and solo:
        status = (
            "Game over: the Void wins"
            if view.get("neutral_won")
            else "Game over: the Void is held back, you win"
        )
    elif view["over"]:
        if view.get("neutral_won"):
            status = "Game over: the third tribe wins, both players lose"
        else:
            status = "Game over: " + " and ".join(player_name(names, s) + " wins" for s in view["winners"])
    else:
        cur = view["current"]
        who = player_name(names, cur)
        if view.get("drafting"):
            status = f"Drafting starting hands: {who}"
        elif solo and view.get("phase") == "order":
            status = f"{who} chooses which of {' / '.join(view['infect_order'])} the Void infects first"
        elif solo and view.get("phase") in ("ruin", "vsettle"):
            status = f"{who} chooses for the Void (a tie)"
        elif view.get("third_tribe_turn"):
            status = f"{who} plays for the {'Void' if solo else 'third tribe'}"
        else:
            status = f"{who}'s turn"
    journey = "Final round" if view["final_round"] else f"Journey {view['journey']} of 2"
    if view["over"]:
        journey = "Journey complete"
    if solo:
        mode = "Solo" if view["mode"] == "solo" else "Co-op"
        journey = f"{mode} vs the Void (needs {view['void_target']})"
    draw.text((16, top + 10), f"{view['map_name']}  ·  {journey}  ·  {status}", font=font(22), fill=INK)
    # Players.
    y = top + 48
    at_end = view["over"]
    expeditions = bool(view.get("expeditions"))
    ruins = view.get("ruins_kept")
    bd = view["breakdown"]
    tribes = view["tribes"]
    # Columns: (heading, value per tribe).
    if solo:
        cards = [view["hand_sizes"][x] if x < view["num_players"] else "" for x in range(tribes)]
        cols = [
            ("Terr.", view["tribe_scores"]),
            ("Tents", view["tents_left"]),
            ("Totems", view["totems_left"]),
            ("Cards", cards),
        ]
        step = 88
    elif at_end:
        cols = [
            ("Score", view["tribe_scores"]),
            ("Half", bd["half"]),
            ("Tents", bd["tents"]),
            ("Totems", bd["totems"]),
            ("Settl.", bd["settlements"]),
        ]
        if expeditions:
            cols.append(("Exp.", bd.get("expeditions", [0] * tribes)))
        if ruins is not None:
            cols.append(("Ruins", bd.get("ruins", ruins)))
        cols.append(("Left", [view["tents_left"][x] + view["totems_left"][x] for x in range(tribes)]))
        step = 70 if len(cols) > 6 else 74
    else:
        cards = [view["hand_sizes"][x] if x < view["num_players"] else "" for x in range(tribes)]
        cols = [
            ("Score", view["tribe_scores"]),
            ("Tents", view["tents_left"]),
            ("Totems", view["totems_left"]),
            ("Cards", cards),
        ]
        if ruins is not None:
            cols.append(("Ruins", ruins))
        step = 80 if len(cols) > 4 else 88
    col_x0 = 240 if at_end else 260
    right = col_x0 + step * len(cols)
    for i, (head, _) in enumerate(cols):
        draw.text((col_x0 + i * step, y), head, font=font(18), fill=MUTED)
    y += 28
    for x in range(tribes):
        colour, mark = tribe_style(view, x)
        if x == view.get("current") and not at_end:
            draw.rectangle((8, y - 3, right - 10, y + 29), fill=(255, 244, 190))
        if at_end and x in view["winners"]:
            draw.rectangle((8, y - 3, right - 10, y + 29), fill=(214, 240, 200))
        draw.ellipse((16, y, 42, y + 26), fill=colour, outline=INK, width=2)
        centered_text(draw, (29, y + 13), mark, 17)
        name = tribe_name(view, names, x)
        if len(name) > 15:
            name = name[:14] + "…"
        draw.text((52, y + 2), name, font=font(20), fill=INK)
        for i, (_, values) in enumerate(cols):
            draw.text((col_x0 + i * step, y + 2), str(values[x]), font=font(20), fill=INK)
        if view.get("determination") == x and not at_end:
            # The Determination token: a purple flag marked DET after the columns.
            draw.rounded_rectangle(
                (right - 6, y - 1, right + 50, y + 27), radius=6, fill=VOID_PURPLE, outline=INK
            )
            draw.text((right + 2, y + 3), "DET", font=font(18), fill=(255, 255, 255))
        y += 34
    # Display, deck and the private hand.
    x0 = max(650, right + 10)
    cw = min(122, (WIDTH - 10 - x0) // 4 - 8)
    draw.text(
        (x0, top + 48),
        f"Display   ·   Deck {view['deck']}   ·   Discards {sum(view['discard'].values())}",
        font=font(20),
        fill=INK,
    )
    for i, biome in enumerate(view["display"]):
        bx = x0 + i * (cw + 10)
        card(draw, (bx, top + 80, bx + cw, top + 150), biome)
    if view.get("hand") is not None and view["seat"] is not None:
        draw.text((x0, top + 166), "Your hand (private)", font=font(20), fill=INK)
        i = 0
        for biome, k in view["hand"].items():
            for _ in range(k):
                bx = x0 + i * (cw + 10)
                card(draw, (bx, top + 196, bx + cw, top + 266), biome)
                i += 1
        if not view["hand"]:
            draw.text((x0, top + 200), "(empty)", font=font(20), fill=MUTED)
        pend = view.get("pending")
        if pend:
            text = f"Playing in {pend['territory']}"
            if pend.get("pieces"):
                text += ": " + PIECES_TEXT.get(pend["pieces"], pend["pieces"])
            if pend.get("cards"):
                text += f", paying {pend['cards']}"
            draw.text((x0, top + 278), text, font=font(18), fill=INK)
        if view.get("feat_choice"):
            fc = view["feat_choice"]
            draw.text(
                (x0, top + 278),
                f"Place the {fc['kind'].title()} Feat on: {', '.join(fc['options'])}"[:62],
                font=font(18),
                fill=INK,
            )
    elif view.get("feats_left"):
        left = "  ".join(f"{FEAT_LETTER[k]} {v}" for k, v in view["feats_left"].items())
        draw.text((x0, top + 170), f"Feats left: {left}", font=font(18), fill=INK)
        kinds = view.get("feat_kinds", [])
        tents = " ".join(FEAT_LETTER[k] for k in kinds if k in ("union", "discovery"))
        totems = " ".join(FEAT_LETTER[k] for k in kinds if k in ("honour", "respect"))
        if tents:
            draw.text((x0, top + 196), f"{tents}: x2 per Feat on Tent scoring", font=font(18), fill=MUTED)
        if totems:
            text = f"{totems}: x2 on a connection's Totem scoring"
            draw.text((x0, top + 220), text, font=font(18), fill=MUTED)
        if view.get("courage"):
            draw.text((x0, top + 244), "C: cancels the Feat it stands beside", font=font(18), fill=MUTED)
        if view.get("worship", "none") != "none":
            how = {
                "dead-ends": "most Tents on road ends",
                "golden": "most Totems on gold rings",
                "contested": "most Tents on Contested tokens",
            }[view["worship"]]
            draw.text((x0, top + 268), f"W at the end: {how}", font=font(18), fill=MUTED)
    if solo:
        draw.text(
            (16, top + 200),
            f"Void pawn on {view['void_pawn']}  ·  Void cards: {view['void_row']} above display (4: Corruption)",
            font=font(18),
            fill=INK,
        )
        draw.text(
            (16, top + 226),
            f"{view['void_aside']} of 3 beside the board  ·  Territories: Void {view['void_territories']},"
            f" you {view['player_territories']}",
            font=font(18),
            fill=INK,
        )
        extra = ""
        if view.get("purple_road"):
            extra = "  ·  Purple road: more Ruins than Tents loses"
        elif view.get("map") == "forgotten-island":
            extra = "  ·  Purple rings: more Ruins than Tents loses"
        elif view.get("map") == "floating-lands":
            extra = "  ·  Ruins on Tundra all link: 8 win"
        elif view.get("void_pool") is not None:
            extra = "  ·  5th Void Totem on the Void wins"
        draw.text(
            (16, top + 258), f"V: the Void (Ruins, Totems). Bar: laid aside{extra}", font=font(18), fill=INK
        )
    elif view.get("purple_road"):
        draw.rectangle((16, top + 262, 40, top + 280), fill=VOID_PURPLE)
        draw.text((50, top + 258), "Purple road: scored as a territory at the end", font=font(18), fill=INK)
    if view.get("ruins_kept") is not None and not solo:
        draw.rectangle((16, top + 262, 40, top + 280), fill=VOID_PURPLE)
        text = "Ruin 2G: 2 Glacier cards replace it. Purple number: blocked"
        draw.text((50, top + 258), text, font=font(18), fill=INK)
    if view.get("void_pool") is not None and not solo:
        draw.rectangle((16, top + 262, 40, top + 280), fill=VOID_PURPLE)
        text = "V: Void Totems. Move one in: 2 cards of the target, or 1 + 1"
        draw.text((50, top + 258), text, font=font(18), fill=INK)
    if view.get("contested"):
        text = "Hexagon: Contested token (2 cards of a biome it touches)"
        if view.get("determination") is not None:
            text += ". DET: 2nd piece when exploring"
        draw.text((16, top + 290), text, font=font(18), fill=INK)
    if view.get("connection_roads") and not solo:
        draw.text((16, top + 286), "Dashed roads: connections also link settlements", font=font(18), fill=INK)


def draw_expeditions(draw: ImageDraw.ImageDraw, view: dict, names: list[str] | None, top: int) -> None:
    """The Expedition cards on display: mission, points for the first and second, and who took them."""
    draw.rectangle((0, top, WIDTH, top + EXPEDITION_H), fill=PANEL)
    cards = view["expeditions"]
    w = (WIDTH - 16 * (len(cards) + 1)) // max(1, len(cards))
    for i, e in enumerate(cards):
        x0 = 16 + i * (w + 16)
        box = (x0, top + 8, x0 + w, top + EXPEDITION_H - 8)
        fill = (225, 222, 215) if e["removed"] else (255, 252, 244)
        draw.rounded_rectangle(box, radius=10, fill=fill, outline=VOID_PURPLE, width=3)
        head = f"Expedition {e['id']}" + ("  (completed twice: out)" if e["removed"] else "")
        draw.text((x0 + 12, top + 14), head, font=font(18), fill=MUTED)
        draw.text((x0 + 12, top + 40), e["text"], font=font(20), fill=INK)
        for k, pts in enumerate(e["points"]):
            cx, cy = x0 + 30 + k * 120, top + 86
            draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=FEAT_GOLD, outline=INK, width=2)
            centered_text(draw, (cx, cy), str(pts), 18)
            if k < len(e["achievers"]):
                colour, mark = tribe_style(view, e["achievers"][k])
                draw.ellipse((cx + 24, cy - 13, cx + 50, cy + 13), fill=colour, outline=INK, width=2)
                centered_text(draw, (cx + 37, cy), mark, 17)
            else:
                draw.text((cx + 24, cy - 11), "open", font=font(18), fill=MUTED)


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    data = MAPS[view["map"]]
    map_h = data.SIZE[1]
    extra = EXPEDITION_H if view.get("expeditions") else 0
    image = Image.new("RGB", (WIDTH, map_h + PANEL_H + extra), BACKGROUND)
    d = ImageDraw.Draw(image)
    draw_map(image, d, view)
    d.line((0, map_h, WIDTH, map_h), fill=LINE, width=2)
    draw_panel(d, view, names, map_h)
    if extra:
        draw_expeditions(d, view, names, map_h + PANEL_H)
    return image

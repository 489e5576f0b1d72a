"""Pictures of Kigi: every tree growing from its trunk at the table's edge, the display, scores.

Reads only ``view``. Features are told apart by shape as well as colour:
butterfly = bow tie, dragonfly = long cross, pink flower = five round petals,
purple flower = tulip, red blossom = heart. The private picture of the seat
placing a card (a cell choice pending) shows that tree large with the legal
cells numbered.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from rendering.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    PictureCache,
    centered_text,
    draw_text,
    font,
    new_canvas,
    player_badge,
    player_name,
    text_length,
    text_width,
)

WIDTH = 1200
MARGIN = 16
CARD_FILL = (253, 251, 236)
CARD_EDGE = (120, 96, 60)
BARK = (118, 78, 44)
TRUNK_FILL = (150, 104, 62)
GRID = (226, 220, 206)
EDGE_OF_TABLE = (90, 70, 50)
COMMISSION_FILL = (232, 238, 250)
MET = (0, 120, 80)
NOT_MET = (170, 60, 40)

FEATURE_COLOURS = {
    "butterfly": (230, 140, 0),
    "dragonfly": (0, 105, 190),
    "pink": (236, 112, 170),
    "purple": (128, 70, 180),
    "red": (205, 30, 45),
}
FEATURE_LABELS = {
    "butterfly": "butterfly",
    "dragonfly": "dragonfly",
    "pink": "pink flower",
    "purple": "purple flower",
    "red": "red blossom",
}
DIRS = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}  # screen dx, dy


# --- feature icons --------------------------------------------------------------
def draw_feature(d: ImageDraw.ImageDraw, feature: str, cx: float, cy: float, size: float) -> None:
    """One feature icon centred at (cx, cy) within a square of ``size``."""
    col = FEATURE_COLOURS[feature]
    h = size / 2
    if feature == "butterfly":  # bow tie: two wings on each side and a body
        d.polygon([(cx, cy), (cx - h, cy - h * 0.85), (cx - h, cy + h * 0.85)], fill=col, outline=INK)
        d.polygon([(cx, cy), (cx + h, cy - h * 0.85), (cx + h, cy + h * 0.85)], fill=col, outline=INK)
        d.ellipse((cx - h * 0.18, cy - h * 0.6, cx + h * 0.18, cy + h * 0.6), fill=INK)
    elif feature == "dragonfly":  # long body crossed by long thin wings
        w = max(2, size * 0.16)
        d.ellipse((cx - h, cy - h * 0.55, cx - h * 0.05, cy - h * 0.15), fill=col, outline=INK)
        d.ellipse((cx + h * 0.05, cy - h * 0.55, cx + h, cy - h * 0.15), fill=col, outline=INK)
        d.rectangle((cx - w / 2, cy - h * 0.7, cx + w / 2, cy + h), fill=col, outline=INK)
        d.ellipse((cx - w, cy - h, cx + w, cy - h * 0.6), fill=INK)
    elif feature == "pink":  # five round petals around a yellow heart
        import math

        r = h * 0.42
        for k in range(5):
            a = -math.pi / 2 + k * 2 * math.pi / 5
            px, py = cx + math.cos(a) * h * 0.55, cy + math.sin(a) * h * 0.55
            d.ellipse((px - r, py - r, px + r, py + r), fill=col, outline=INK)
        d.ellipse((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7), fill=(250, 215, 60), outline=INK)
    elif feature == "purple":  # tulip: a cup with three points, on a stem
        d.line((cx, cy + h * 0.2, cx, cy + h), fill=(40, 120, 40), width=max(2, int(size * 0.1)))
        d.polygon(
            [
                (cx - h * 0.8, cy - h * 0.8),
                (cx - h * 0.35, cy - h * 0.3),
                (cx, cy - h * 0.9),
                (cx + h * 0.35, cy - h * 0.3),
                (cx + h * 0.8, cy - h * 0.8),
                (cx + h * 0.7, cy + h * 0.1),
                (cx + h * 0.35, cy + h * 0.4),
                (cx - h * 0.35, cy + h * 0.4),
                (cx - h * 0.7, cy + h * 0.1),
            ],
            fill=col,
            outline=INK,
        )
    else:  # red blossom: a heart
        r = h * 0.5
        d.ellipse((cx - h, cy - h * 0.75, cx - h + 2 * r, cy - h * 0.75 + 2 * r), fill=col)
        d.ellipse((cx + h - 2 * r, cy - h * 0.75, cx + h, cy - h * 0.75 + 2 * r), fill=col)
        d.polygon([(cx - h * 0.97, cy - h * 0.12), (cx + h * 0.97, cy - h * 0.12), (cx, cy + h)], fill=col)
        d.line(
            [(cx - h * 0.97, cy - h * 0.12), (cx, cy + h), (cx + h * 0.97, cy - h * 0.12)], fill=INK, width=1
        )
        d.arc((cx - h, cy - h * 0.75, cx - h + 2 * r, cy - h * 0.75 + 2 * r), 150, 360, fill=INK)
        d.arc((cx + h - 2 * r, cy - h * 0.75, cx + h, cy - h * 0.75 + 2 * r), 180, 30, fill=INK)


def feature_list(features: dict) -> list[str]:
    return [f for f, k in features.items() for _ in range(k)]


def draw_features(
    d: ImageDraw.ImageDraw, features: list[str], box: tuple[float, float, float, float]
) -> None:
    """Lay 1-5 icons out in a box: one row for up to 2, two rows (2 + 3 or 2 + 2) beyond."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    n = len(features)
    rows = [features] if n <= 2 else [features[:2], features[2:]]
    size = min(w / max(len(r) for r in rows), h / len(rows)) * 0.86
    for ri, row in enumerate(rows):
        cy = y0 + h * (ri + 0.5) / len(rows)
        for ci, f in enumerate(row):
            cx = x0 + w * (ci + 0.5) / len(row)
            draw_feature(d, f, cx, cy, size)


# --- cards ----------------------------------------------------------------------
def draw_tree_card(
    d: ImageDraw.ImageDraw,
    card: dict,
    x: float,
    y: float,
    s: float,
    open_tips: set[tuple[int, int]] | None = None,
    number: bool = True,
) -> None:
    """A placed card filling the square (x, y, s): branches from its base to its tips, icons on top."""
    pad = max(2, s * 0.05)
    cx, cy = x + s / 2, y + s / 2
    bw = max(3, int(s * 0.09))
    if card["kind"] == "trunk":
        d.rounded_rectangle(
            (x + pad, y + pad, x + s - pad, y + s - pad), radius=s * 0.12, fill=TRUNK_FILL, outline=INK
        )
        for tr, tc in card["tip_cells"]:
            ex, ey = cx + (tc - card["col"]) * s / 2, cy - (tr - card["row"]) * s / 2
            d.line((cx, cy, ex, ey), fill=BARK, width=bw)
            if open_tips and (tr, tc) in open_tips:
                k = bw * 1.1
                d.ellipse((ex - k, ey - k, ex + k, ey + k), fill=(90, 160, 60), outline=INK)
        r = s * 0.3
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CARD_FILL, outline=INK)
        draw_feature(d, card["feature"], cx, cy, s * 0.4)
        return
    d.rounded_rectangle(
        (x + pad, y + pad, x + s - pad, y + s - pad), radius=s * 0.12, fill=CARD_FILL, outline=CARD_EDGE
    )
    # Base: the side facing the parent; tips: where children may grow.
    gx, gy = DIRS[card["dir"]]
    d.line((cx, cy, cx - gx * s / 2, cy - gy * s / 2), fill=BARK, width=bw)
    for tr, tc in card["tip_cells"]:
        dx, dy = tc - card["col"], -(tr - card["row"])
        ex, ey = cx + dx * s / 2, cy + dy * s / 2
        d.line((cx, cy, ex, ey), fill=BARK, width=bw)
        if open_tips is not None and (tr, tc) in open_tips:
            k = bw * 1.1
            d.ellipse((ex - k, ey - k, ex + k, ey + k), fill=(90, 160, 60), outline=INK)
    inner = s * 0.09
    draw_features(
        d, feature_list(card["features"]), (x + inner, y + inner * 1.6, x + s - inner, y + s - inner)
    )
    if number and s >= 56:
        draw_text(
            d,
            (x + pad + 3, y + pad + 1),
            card["id"][1:].lstrip("0"),
            font=font(max(11, int(s * 0.17))),
            fill=MUTED,
        )


# Speed: a placed card looks the same on every move (same id, direction, tips), so it is
# drawn once per cell size into a transparent sprite and pasted. The margin holds the
# open-tip dots that stick out over the cell's edge.
_SPRITES = PictureCache(6_000_000)  # card sprites and display cards, a few hundred


def _card_sprite(card: dict, s: float, open_tips: set) -> tuple[Image.Image, int]:
    r, c = card["row"], card["col"]
    tips = tuple((tr - r, tc - c) for tr, tc in card["tip_cells"])
    opened = tuple((tr - r, tc - c) for tr, tc in card["tip_cells"] if (tr, tc) in open_tips)
    feats = card.get("feature") or tuple(card["features"].items())
    key = (card["id"], card["kind"], card.get("dir"), feats, tips, opened, s)
    hit = _SPRITES.get(key)
    if hit is None:
        margin = int(max(3, int(s * 0.09)) * 1.1) + 3
        size = int(s) + 2 * margin + 2
        sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        local = {**card, "row": 0, "col": 0, "tip_cells": list(tips)}
        draw_tree_card(ImageDraw.Draw(sprite), local, margin, margin, s, set(opened))
        hit = (sprite, margin)
        _SPRITES.put(key, hit)
    return hit


def draw_loose_card(image: Image.Image, card: dict, x: float, y: float, w: float, h: float) -> None:
    """A display card (or the card being placed), drawn as if grown upwards; cached per card and size."""
    key = (repr(sorted(card.items())), w, h)
    sprite = _SPRITES.get(key)
    if sprite is None:
        sprite = Image.new("RGBA", (int(w) + 1, int(h) + 1), (0, 0, 0, 0))
        _draw_loose_card(ImageDraw.Draw(sprite), card, 0, 0, w, h)
        _SPRITES.put(key, sprite)
    image.paste(sprite, (int(x), int(y)), sprite)


def _draw_loose_card(d: ImageDraw.ImageDraw, card: dict, x: float, y: float, w: float, h: float) -> None:
    if card["kind"] == "commission":
        d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=COMMISSION_FILL, outline=INK, width=2)
        centered_text(d, (x + w / 2, y + 22), "Commission", 18, fill=MUTED)
        words = card["text"].split()
        lines, cur = [], ""
        for word in words:
            trial = f"{cur} {word}".strip()
            if text_width(d, trial, 22) > w - 16 and cur:
                lines.append(cur)
                cur = word
            else:
                cur = trial
        lines.append(cur)
        for i, line in enumerate(lines):
            centered_text(d, (x + w / 2, y + h / 2 - 4 + (i - (len(lines) - 1) / 2) * 26), line, 22)
        centered_text(d, (x + w / 2, y + h - 20), "+10 at the end", 17, fill=MUTED)
        return
    d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=CARD_FILL, outline=CARD_EDGE, width=2)
    cx = x + w / 2
    s = min(w, h - 34)
    # Tips, shown for a card grown upwards: left, straight, right.
    bw = 6
    top = y + 30
    base_y = y + h - 6
    mid_y = top + s / 2
    d.line((cx, base_y, cx, mid_y), fill=BARK, width=bw)
    ends = {"left": (x + 4, mid_y), "straight": (cx, top - 4), "right": (x + w - 4, mid_y)}
    for tip in card["tips"]:
        ex, ey = ends[tip]
        d.line((cx, mid_y, ex, ey), fill=BARK, width=bw)
        d.ellipse((ex - 6, ey - 6, ex + 6, ey + 6), fill=(90, 160, 60), outline=INK)
    draw_text(d, (x + 8, y + 4), f"#{int(card['id'][1:])}", font=font(20), fill=INK)
    tips = ", ".join(t for t in card["tips"])
    label = f"tips: {tips}"
    half = text_length(label, 16) / 2 + 3
    d.rectangle((x + w / 2 - half, y + h - 22, x + w / 2 + half, y + h - 3), fill=CARD_FILL)  # over the stem
    draw_text(d, (x + w / 2, y + h - 4), label, font=font(16), fill=MUTED, anchor="md")
    inner = 18
    draw_features(d, feature_list(card["features"]), (x + inner, top + 8, x + w - inner, y + h - 20))


# --- trees ----------------------------------------------------------------------
def tree_extent(tree: dict, extra: list[tuple[int, int]] = ()) -> tuple[int, int, int]:
    """(first column, last column, top row) worth drawing: the cards, their open tips, ``extra``."""
    cells = [(c["row"], c["col"]) for c in tree["cards"]] + list(extra)
    tips = [tuple(t) for c in tree["cards"] for t in c["tip_cells"] if t[0] >= 0 and -5 <= t[1] <= 5]
    cols = [col for _r, col in cells + tips] + [-1, 1]
    top = max([r for r, _c in cells + tips] + [1])
    return max(-5, min(cols)), min(5, max(cols)), top


def draw_tree(
    image: Image.Image,
    tree: dict,
    x: float,
    y: float,
    s: float,
    extent: tuple[int, int, int],
    cells: list[dict] | None = None,
) -> None:
    """The tree with the table's edge at the bottom of the box (x, y, columns * s, (top + 1) * s)."""
    d = ImageDraw.Draw(image)
    first, last, top = extent
    w = (last - first + 1) * s
    bottom = y + (top + 1) * s

    def at(row: int, col: int) -> tuple[float, float]:
        return x + (col - first) * s, bottom - (row + 1) * s

    # The grid, faint, so people can see where cards may go (lines: the cells' outlines).
    gy0 = bottom - (top + 1) * s
    for r in range(top + 2):
        d.line((x, gy0 + r * s, x + w, gy0 + r * s), fill=GRID)
    for c in range(last - first + 2):
        d.line((x + c * s, gy0, x + c * s, bottom), fill=GRID)
    # The table's edge below row 0.
    d.rectangle((x - 6, bottom, x + w + 6, bottom + 8), fill=EDGE_OF_TABLE)
    open_tips = {tuple(t) for t in tree.get("free_cells", [])} if cells is None else set()
    for card in tree["cards"]:
        px, py = at(card["row"], card["col"])
        sprite, margin = _card_sprite(card, s, open_tips)
        image.paste(sprite, (int(px) - margin, int(py) - margin), sprite)
    for cell in cells or []:
        px, py = at(cell["row"], cell["col"])
        m = s * 0.06
        d.rounded_rectangle(
            (px + m, py + m, px + s - m, py + s - m), radius=s * 0.15, fill=HIGHLIGHT, outline=INK, width=3
        )
        centered_text(d, (px + s / 2, py + s * 0.42), str(cell["n"]), int(s * 0.45))
        if cell.get("points"):
            centered_text(d, (px + s / 2, py + s * 0.8), f"+{cell['points']}", int(s * 0.2), fill=INK)


# --- panels ---------------------------------------------------------------------
def _seat_line(view: dict, seat: int) -> str:
    pts = view["scores"][seat]
    if view["over"]:
        return f"{pts} points"
    bonus = view["projected_bonus"][seat]
    return f"{pts} points" + (f" (+{bonus} if it ended now)" if bonus else "")


def panel_head_height(view: dict, seat: int) -> int:
    return 92 + 24 * len(view["commissions"][seat])


def tree_cell_size(tree: dict, width: float, cap: float = 84) -> tuple[float, tuple[int, int, int]]:
    extent = tree_extent(tree)
    return min(cap, (width - 24) / (extent[1] - extent[0] + 1)), extent


# Speed: a move changes one tree at most, so each player's panel is kept as a picture keyed
# by everything it shows and pasted while that content is unchanged.
_PANELS = PictureCache(12_000_000)  # about 15 player panels


def _player_panel_cached(
    image: Image.Image, view: dict, names: list[str] | None, seat: int, x: float, y: float, w: float, h: float
) -> None:
    key = repr(
        (
            seat,
            player_name(names, seat),
            w,
            h,
            view["seat"] == seat,
            seat in view["winners"],
            view["over"],
            seat == view["current"] and view["phase"] != "choose",
            seat in view["to_act"],
            view["scores"][seat],
            view["projected_bonus"][seat],
            view["collections"][seat],
            view["commissions"][seat],
            view["trees"][seat],
        )
    )
    panel = _PANELS.get(key)
    if panel is None:
        panel = Image.new("RGB", (int(w) + 2, int(h) + 2), BACKGROUND)
        draw_player_panel(panel, view, names, seat, 0, 0, w, h)
        _PANELS.put(key, panel)
    image.paste(panel, (int(x), int(y)))


def draw_player_panel(
    image: Image.Image,
    view: dict,
    names: list[str] | None,
    seat: int,
    x: float,
    y: float,
    w: float,
    h: float,
) -> None:
    d = ImageDraw.Draw(image)
    tree = view["trees"][seat]
    me = view["seat"] == seat
    d.rounded_rectangle(
        (x, y, x + w, y + h), radius=12, fill=PANEL, outline=INK if me else LINE, width=3 if me else 1
    )
    player_badge(d, (x + 24, y + 24), seat, radius=16)
    name = player_name(names, seat)
    label = f"{name} (you)" if me else name
    if view["winners"] and seat in view["winners"]:
        label += " - WINS"
    if not view["over"] and seat == view["current"] and view["phase"] != "choose":
        label += " - to play"
    if not view["over"] and seat in view["to_act"]:
        d.rounded_rectangle(
            (x + 42, y + 7, x + 54 + text_length(label, 22), y + 35), radius=6, fill=HIGHLIGHT
        )
    draw_text(d, (x + 48, y + 10), label, font=font(22), fill=INK)
    draw_text(d, (x + 48, y + 38), _seat_line(view, seat), font=font(20), fill=INK)
    stats = tree["stats"]
    info = (
        f"collected {view['collections'][seat]} | cards {stats['cards']}, branches {stats['branches']}, "
        f"bugs {stats['bugs']}, flowers {stats['flowers']}, red {stats['red']}"
    )
    draw_text(d, (x + 12, y + 66), info, font=font(17), fill=MUTED)
    cy = y + 90
    for com in view["commissions"][seat]:
        ok = com["met"]
        tag = ("met" if ok else "not met") if view["over"] else ("on track" if ok else "behind")
        draw_text(d, (x + 12, cy), f"Commission: {com['text']}", font=font(18), fill=INK)
        draw_text(d, (x + w - 12, cy), tag, font=font(18), fill=MET if ok else NOT_MET, anchor="ra")
        cy += 24
    s, extent = tree_cell_size(tree, w)
    tw = (extent[1] - extent[0] + 1) * s
    draw_tree(image, tree, x + (w - tw) / 2, y + h - (extent[2] + 1) * s - 18, s, extent)


def _legend(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    for f, label in FEATURE_LABELS.items():
        draw_feature(d, f, x + 12, y, 22)
        draw_text(d, (x + 28, y), label, font=font(18), fill=INK, anchor="lm")
        x += 40 + text_width(d, label, 18)


def _header(view: dict, names: list[str] | None) -> str:
    if view["over"]:
        who = " and ".join(player_name(names, w) for w in view["winners"])
        return f"Game over - {who} win{'s' if len(view['winners']) == 1 else ''}"
    if view["phase"] == "choose":
        return "Each player keeps one of two commissions"
    who = player_name(names, view["current"])
    if view["phase"] == "take":
        return f"{who} takes a card"
    card = view["pending"]["card"]
    if view["phase"] == "tree":
        return f"{who} chooses a tree for card #{int(card['id'][1:])}"
    return f"{who} places card #{int(card['id'][1:])} on {player_name(names, view['pending']['tree'])}'s tree"


READABLE_CELL = 72  # px: below this a tree's cards are hard to read on a phone


def _row_width(row: list[int]) -> float:
    return (WIDTH - MARGIN * (len(row) + 1)) / len(row)


def panel_rows(view: dict) -> list[list[int]]:
    """Seats in order, two panels a row, except that a tree too wide for half the picture (its
    cards would shrink below READABLE_CELL) gets a row of its own; with 2-3 players, then all do."""
    n = view["num_players"]
    half = _row_width([0, 1])
    wide = [tree_cell_size(t, half)[0] < READABLE_CELL for t in view["trees"]]
    if n <= 3 and any(wide):
        return [[i] for i in range(n)]
    rows: list[list[int]] = []
    i = 0
    while i < n:
        if i + 1 < n and not wide[i] and not wide[i + 1]:
            rows.append([i, i + 1])
            i += 2
        else:
            rows.append([i])
            i += 1
    return rows


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    pending = view.get("pending")
    if pending and pending["cells"] and view["seat"] == pending["seat"]:
        return draw_cell_choice(view, names)
    n = view["num_players"]
    rows = panel_rows(view)
    widths = [_row_width(r) for r in rows]
    sizes = {i: tree_cell_size(view["trees"][i], w) for r, w in zip(rows, widths, strict=True) for i in r}
    row_h = [
        max(panel_head_height(view, i) + (sizes[i][1][2] + 1) * sizes[i][0] + 30 for i in r) for r in rows
    ]
    card_w, card_h = 180, 190
    top_h = 84 + card_h + 16
    if view["over"] and not view["display"]:
        top_h = 84 + 44 + 30 * n + 10  # just the final scores
    choosing = view.get("choosing")
    height = int(top_h + sum(row_h) + MARGIN * (len(rows) + 1))
    image, d = new_canvas(WIDTH, height)
    # Header: what is happening, the deck, the legend.
    draw_text(d, (MARGIN, 10), f"Kigi - {_header(view, names)}", font=font(26), fill=INK)
    draw_text(
        d, (WIDTH - MARGIN, 14), f"Deck: {view['deck_size']} cards", font=font(22), fill=INK, anchor="ra"
    )
    _legend(d, MARGIN, 56)
    # The display, and the card in hand while it is being placed.
    y = 76
    for i, card in enumerate(view["display"]):
        draw_loose_card(image, card, MARGIN + i * (card_w + 12), y + 8, card_w, card_h)
    if choosing:
        _draw_choosing(image, view, names, choosing, y, card_w, card_h)
    elif view["over"]:
        _draw_results(d, view, names, y)
    elif not view["display"]:
        centered_text(d, (MARGIN + 1.5 * card_w, y + card_h / 2), "The display is empty", 22, fill=MUTED)
    if pending:
        px = WIDTH - MARGIN - card_w - 8
        who = player_name(names, pending["seat"])
        draw_text(
            d, (px - 16, y + 8 + card_h / 2), f"{who} is placing:", font=font(20), fill=INK, anchor="rm"
        )
        d.rectangle((px - 6, y + 2, px + card_w + 6, y + card_h + 14), fill=HIGHLIGHT)
        draw_loose_card(image, pending["card"], px, y + 8, card_w, card_h)
    y = top_h
    y += MARGIN
    for r, pw, hgt in zip(rows, widths, row_h, strict=True):
        for k, seat in enumerate(r):
            x = MARGIN + k * (pw + MARGIN)
            _player_panel_cached(image, view, names, seat, x, y, pw, hgt)
        y += hgt + MARGIN
    return image


def _draw_choosing(
    image: Image.Image,
    view: dict,
    names: list[str] | None,
    choosing: dict,
    y: float,
    cw: float,
    ch: float,
) -> None:
    """Advanced game set-up: the seat's two commissions (private) and who is still choosing."""
    d = ImageDraw.Draw(image)
    x = MARGIN
    if choosing["dealt"]:
        for card in choosing["dealt"]:
            if card["id"] == choosing["kept"]:
                d.rectangle((x - 6, y + 2, x + cw + 6, y + ch + 14), fill=HIGHLIGHT)
            draw_loose_card(image, card, x, y + 8, cw, ch)
            x += cw + 12
        draw_text(d, (x + 10, y + 20), "Your commissions:", font=font(22), fill=INK)
        draw_text(d, (x + 10, y + 50), "keep one, the other goes", font=font(20), fill=INK)
        draw_text(
            d,
            (x + 10, y + 76),
            "into the deck" if not choosing["kept"] else "(kept: highlighted)",
            font=font(20),
            fill=INK,
        )
    waiting = [player_name(names, i) for i, ok in enumerate(choosing["chosen"]) if not ok]
    draw_text(d, (x + 10, y + 120), "Still choosing:", font=font(20), fill=MUTED)
    draw_text(d, (x + 10, y + 146), ", ".join(waiting), font=font(20), fill=MUTED)


def _draw_results(d: ImageDraw.ImageDraw, view: dict, names: list[str] | None, y: float) -> None:
    """The final tally: points, commission bonuses, red blossoms for the tie-break."""
    draw_text(d, (MARGIN, y + 4), "Final scores", font=font(24), fill=INK)
    order = sorted(range(view["num_players"]), key=lambda i: -view["scores"][i])
    for k, seat in enumerate(order):
        yy = y + 44 + k * 30
        player_badge(d, (MARGIN + 14, yy + 10), seat, radius=12)
        bonus = view["scores"][seat] - view["points"][seat]
        red = view["trees"][seat]["stats"]["red"]
        win = "  WINNER" if seat in view["winners"] else ""
        text = (
            f"{player_name(names, seat)}: {view['scores'][seat]}  "
            f"({view['points'][seat]} points + {bonus} commissions, {red} red blossoms){win}"
        )
        draw_text(d, (MARGIN + 34, yy), text, font=font(20), fill=INK)


def draw_cell_choice(view: dict, names: list[str] | None) -> Image.Image:
    """Private picture while choosing a cell: the card, and that tree large with the legal cells numbered."""
    pending = view["pending"]
    owner = pending["tree"]
    tree = view["trees"][owner]
    cells = pending["cells"]
    extent = tree_extent(tree, [(c["row"], c["col"]) for c in cells])
    left = 2 * MARGIN + 210
    avail = WIDTH - left - MARGIN
    s = min(120, avail / (extent[1] - extent[0] + 1))
    tree_top = 150
    tree_h = (extent[2] + 1) * s
    height = int(max(tree_top + tree_h + 40, 600))
    image, d = new_canvas(WIDTH, height)
    draw_text(
        d,
        (MARGIN, 10),
        f"Choose a numbered cell on {player_name(names, owner)}'s tree",
        font=font(30),
        fill=INK,
    )
    draw_text(
        d,
        (MARGIN, 50),
        "Yellow cells are legal; +N is what placing there scores. 'Back' picks another tree.",
        font=font(20),
        fill=MUTED,
    )
    _legend(d, MARGIN, 92)
    draw_text(d, (MARGIN, 116), "Your card:", font=font(22), fill=INK)
    draw_loose_card(image, pending["card"], MARGIN, 146, 210, 220)
    player_badge(d, (MARGIN + 16, 396), owner, radius=16)
    draw_text(
        d,
        (MARGIN + 40, 396),
        f"{player_name(names, owner)}: {view['scores'][owner]} pts",
        font=font(20),
        fill=INK,
        anchor="lm",
    )
    tw = (extent[1] - extent[0] + 1) * s
    draw_tree(image, tree, left + (avail - tw) / 2, tree_top, s, extent, cells)
    return image

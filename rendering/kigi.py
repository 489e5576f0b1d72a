"""Pictures of Kigi: every tree growing from its trunk at the table's edge, the display, scores.

Reads only ``view``. Features are told apart by shape as well as colour:
butterfly = bow tie, dragonfly = long cross, pink flower = five round petals,
purple flower = tulip, red blossom = heart. The private picture of the seat
placing a card (choosing a tip or a bend) shows that tree large, the tips with
room numbered and where the card could lie as outlines (``draw_placing``).
Cards are drawn from the view's geometry: turned as they lie, features upright.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.base import plural
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
ROOM_DOT = (90, 160, 60)
CARD_UNITS = 1000  # a card's width in table units (the view's table.card_width, checked in tests)
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


_SPRITES = PictureCache(6_000_000)  # display cards, drawn once per card and size


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


# --- trees on the table -----------------------------------------------------------
# A tree is drawn from the view's geometry (table units, y away from the table's edge): each card
# as its rotated outline, its branch from the stem to its tips, and its features upright at
# their printed places, so a picture shows exactly where the engine has every card.
Box = tuple[float, float, float, float]
MIN_HALF_SPAN = 1700  # a tree's box is at least this wide either side of its trunk, in table units
TOP_ROOM = 500  # table units above the highest card, for dots and badges
SIDE_ROOM = 250


class Frame:
    """Table units to pixels: ``k`` pixels a unit; the table's edge at pixel row ``base``."""

    def __init__(self, box: Box, left: float, top: float, k: float) -> None:
        self.x0, self.y1 = box[0], box[3]
        self.left, self.top, self.k = left, top, k
        self.base = top + (box[3] - 0) * k

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return self.left + (x - self.x0) * self.k, self.top + (self.y1 - y) * self.k


def tree_box(tree: dict, extra: list[list[int]] = ()) -> Box:
    """The part of the table worth drawing: every card, ``extra`` points, room for tips and badges."""
    xs = [-MIN_HALF_SPAN, MIN_HALF_SPAN]
    ys = [2 * 1400]
    for card in tree["cards"]:
        for x, y in card["corners"]:
            xs.append(x)
            ys.append(y)
    for x, y in extra:
        xs.append(x)
        ys.append(y)
    return min(xs) - SIDE_ROOM, 0, max(xs) + SIDE_ROOM, max(ys) + TOP_ROOM


def _lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _fork(card: dict, f: Frame) -> tuple[tuple[float, float], tuple[float, float]]:
    """The stem and the fork of a card's branch on screen (the fork halfway up, level with the side tips)."""
    c = [f.pt(x, y) for x, y in card["corners"]]
    stem = _lerp(c[0], c[3], 0.5)
    top = _lerp(c[1], c[2], 0.5)
    return stem, _lerp(stem, top, 0.5)


def draw_placed(d: ImageDraw.ImageDraw, card: dict, f: Frame, icon_radius: int, show_room: bool) -> None:
    """One card as it lies on the table: outline, branch, features (discs of ``icon_radius``), number."""
    k = f.k
    poly = [f.pt(x, y) for x, y in card["corners"]]
    trunk = card["kind"] == "trunk"
    d.polygon(poly, fill=TRUNK_FILL if trunk else CARD_FILL, outline=INK if trunk else CARD_EDGE, width=2)
    stem, fork = _fork(card, f)
    bw = max(3, int(1000 * k * 0.07))
    d.line([stem, fork], fill=BARK, width=bw)
    for tip in card["tips"]:
        end = f.pt(tip["x"], tip["y"])
        d.line([fork, end], fill=BARK, width=bw)
    d.ellipse((fork[0] - bw / 2, fork[1] - bw / 2, fork[0] + bw / 2, fork[1] + bw / 2), fill=BARK)
    size = 2 * icon_radius * k * 1.1
    for feature, x, y in card["icons"]:
        cx, cy = f.pt(x, y)
        if trunk:
            r = size * 0.75
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CARD_FILL, outline=INK)
        draw_feature(d, feature, cx, cy, size)
    if not trunk and k * 1000 >= 48:
        # The number near the stem, on the card's own lower corner (children lie over upper ones).
        c = [f.pt(x, y) for x, y in card["corners"]]
        at = _lerp(_lerp(c[0], c[3], 0.22), _lerp(c[1], c[2], 0.22), 0.1)
        number = card["id"][1:].lstrip("0")
        fs = max(13, int(k * 190))
        half = text_length(number, fs) / 2 + 3
        d.rounded_rectangle(
            (at[0] - half, at[1] - fs * 0.6, at[0] + half, at[1] + fs * 0.6), radius=4, fill=CARD_FILL
        )
        centered_text(d, at, number, fs, fill=INK)
    if show_room:
        r = max(4, bw * 0.9)
        for tip in card["tips"]:
            if tip["state"] == "room":
                ex, ey = f.pt(tip["x"], tip["y"])
                d.ellipse((ex - r, ey - r, ex + r, ey + r), fill=ROOM_DOT, outline=INK)


def draw_tree(
    image: Image.Image, tree: dict, f: Frame, width: float, geometry: dict, show_room: bool = True
) -> None:
    """The table's edge and the tree's cards in the order placed (a child lies over its parent).
    ``geometry`` is the view's ``table`` (sizes in table units)."""
    d = ImageDraw.Draw(image)
    d.rectangle((f.left - 4, f.base, f.left + width + 4, f.base + 8), fill=EDGE_OF_TABLE)
    for card in tree["cards"]:
        draw_placed(d, card, f, geometry["icon_radius"], show_room)


def tree_scale(box: Box, width: float, cap: float = 0.1) -> float:
    return min(cap, (width - 24) / (box[2] - box[0]))


# --- panels ---------------------------------------------------------------------
def _seat_line(view: dict, seat: int) -> str:
    pts = view["scores"][seat]
    if view["over"]:
        return plural(pts, "point")
    bonus = view["projected_bonus"][seat]
    return plural(pts, "point") + (f" (+{bonus} if it ended now)" if bonus else "")


def panel_head_height(view: dict, seat: int) -> int:
    return 92 + 24 * len(view["commissions"][seat])


def tree_size(tree: dict, width: float) -> tuple[float, Box]:
    """Pixels per table unit and the box drawn, for a tree in a panel ``width`` wide."""
    box = tree_box(tree)
    return tree_scale(box, width), box


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
    k, box = tree_size(tree, w)
    tw = (box[2] - box[0]) * k
    f = Frame(box, x + (w - tw) / 2, y + h - (box[3] - box[1]) * k - 18, k)
    draw_tree(image, tree, f, tw, view["table"])


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


READABLE_CARD = 72  # px: a card narrower than this is hard to read on a phone


def _row_width(row: list[int]) -> float:
    return (WIDTH - MARGIN * (len(row) + 1)) / len(row)


def panel_rows(view: dict) -> list[list[int]]:
    """Seats in order, two panels a row, except that a tree too wide for half the picture (its
    cards would shrink below READABLE_CARD) gets a row of its own; with 2-3 players, then all do."""
    n = view["num_players"]
    half = _row_width([0, 1])
    wide = [tree_size(t, half)[0] * CARD_UNITS < READABLE_CARD for t in view["trees"]]
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
    if pending and pending["choices"] and view["seat"] == pending["seat"]:
        return draw_placing(view, names)
    n = view["num_players"]
    rows = panel_rows(view)
    widths = [_row_width(r) for r in rows]
    sizes = {i: tree_size(view["trees"][i], w) for r, w in zip(rows, widths, strict=True) for i in r}
    row_h = [
        max(panel_head_height(view, i) + (sizes[i][1][3] - sizes[i][1][1]) * sizes[i][0] + 30 for i in r)
        for r in rows
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
        d,
        (WIDTH - MARGIN, 14),
        f"Deck: {plural(view['deck_size'], 'card')}",
        font=font(22),
        fill=INK,
        anchor="ra",
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


# --- the private picture while placing --------------------------------------------------
def _outline(
    overlay: ImageDraw.ImageDraw, corners: list[list[int]], f: Frame, fill: tuple, line: tuple, width: int
) -> list[tuple[float, float]]:
    poly = [f.pt(x, y) for x, y in corners]
    overlay.polygon(poly, fill=fill, outline=line, width=width)
    return poly


def _badge(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int) -> None:
    x, y = xy
    r = size * 0.72
    d.ellipse((x - r, y - r, x + r, y + r), fill=HIGHLIGHT, outline=INK, width=3)
    centered_text(d, (x, y), text, size)


def _label_point(corners: list[list[int]], f: Frame, t: float) -> tuple[float, float]:
    """A point on the axis of an outline, ``t`` of the way from its base to its far end."""
    c = [f.pt(x, y) for x, y in corners]
    return _lerp(_lerp(c[0], c[3], 0.5), _lerp(c[1], c[2], 0.5), t)


def draw_placing(view: dict, names: list[str] | None) -> Image.Image:
    """The placing seat's own picture: the card, and the chosen tree large with what can be chosen.

    Tip mode: every tip with room carries its number (and +points), and each legal spot of each tip is
    a faint outline. Bend and place modes: every spot to choose is an outline with its number."""
    pending = view["pending"]
    owner = pending["tree"]
    tree = view["trees"][owner]
    mode = pending["mode"]
    choices = pending["choices"]
    spots = [s["corners"] for c in choices for s in c.get("spots", [])] + [
        c["corners"] for c in choices if "corners" in c
    ]
    box = tree_box(tree, [p for corners in spots for p in corners])
    left = 2 * MARGIN + 210
    avail = WIDTH - left - MARGIN
    k = min(0.16, avail / (box[2] - box[0]), 1150 / (box[3] - box[1]))
    tree_w = (box[2] - box[0]) * k
    tree_top = 150
    height = int(max(tree_top + (box[3] - box[1]) * k + 30, 600))
    image, d = new_canvas(WIDTH, height)
    card_no = int(pending["card"]["id"][1:])
    whose = f"{player_name(names, owner)}'s tree"
    if mode == "tip":
        title = f"Card #{card_no}: choose a numbered tip on {whose}"
        hint = "Faint outlines: where the card can lie from each tip. +N: what it scores."
    elif mode == "bend":
        card, name = pending["tip"]
        title = f"Card #{card_no}: choose which way it points"
        hint = f"From {'the trunk' if card.startswith('k') else 'card ' + str(int(card[1:]))}'s {name} tip. 'Back' picks another tip."
    else:
        title = f"Card #{card_no}: choose a numbered place on {whose}"
        hint = "Each outline is a place the card can lie. +N: what it scores. 'Back' picks another tree."
    draw_text(d, (MARGIN, 10), title, font=font(30), fill=INK)
    draw_text(d, (MARGIN, 50), hint, font=font(20), fill=MUTED)
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
    f = Frame(box, left + (avail - tree_w) / 2, tree_top, k)
    draw_tree(image, tree, f, tree_w, view["table"], show_room=False)
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    o = ImageDraw.Draw(overlay)
    if mode == "tip":
        for c in choices:
            for s in c["spots"]:
                _outline(o, s["corners"], f, (255, 214, 10, 18), (150, 110, 0, 150), 1)
    else:
        for c in choices:
            _outline(o, c["corners"], f, (255, 214, 10, 90), (40, 40, 40, 255), 3)
    image.paste(Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB"))
    d = ImageDraw.Draw(image)
    size = 34
    if mode == "tip":
        for c in choices:
            xy = f.pt(c["x"], c["y"])
            _badge(d, xy, str(c["n"]), size)
            if c["points"]:
                draw_text(
                    d, (xy[0] + size * 0.8, xy[1] - size * 0.5), f"+{c['points']}", font=font(24), fill=INK
                )
    else:
        marked = set()
        for c in choices:
            tip = (c["x"], c["y"])
            if tip not in marked:
                marked.add(tip)
                tx, ty = f.pt(*tip)
                d.ellipse((tx - 7, ty - 7, tx + 7, ty + 7), fill=ROOM_DOT, outline=INK, width=2)
            xy = _label_point(c["corners"], f, 0.8)
            _badge(d, xy, str(c["n"]), size)
            if c["points"] and mode == "place":
                draw_text(
                    d, (xy[0] + size * 0.8, xy[1] - size * 0.5), f"+{c['points']}", font=font(22), fill=INK
                )
        if mode == "bend" and choices and choices[0]["points"]:
            draw_text(d, (MARGIN, 430), f"Scores {choices[0]['points']}", font=font(24), fill=INK)
    return image

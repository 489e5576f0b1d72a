"""Pictures of Kigi: every tree growing from its trunk at the table's edge, the display, scores.

Reads only ``view``. Drawn for a phone: 600 px wide (a picture in a Discord card is shown 274 px
wide there), every text at least ``TEXT`` px so that it reads at 8 px there, never taller than 1.6x
its width. Words are few: the features are named as the menus name them (pink, purple, red), and
whether a commission is met now is a drawn tick or cross, its count beside its words. Each
tree is drawn only as large as its cards need. Features are told apart by shape as well as
colour: butterfly = bow tie, dragonfly = long cross, pink flower = five round petals, purple
flower = tulip, red blossom = heart (ringed in white, as the free tips are, so that neither
blends into the brown bark under deuteranopia). The private picture of the seat placing a card
(choosing a tip or a bend) shows that tree large, the tips with room numbered and where the
card could lie as outlines (``draw_placing``). Cards are drawn from the view's geometry: turned
as they lie, features upright. A tree with ``"full": true`` (no legal spot) says so in words.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from games.kigi.data import COMMISSION_BONUS, SHORT_NAMES
from games.text import P, T
from rendering import kigi_words
from rendering.common import (
    BACKGROUND,
    ELLIPSIS,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    TO_PLAY,
    WINNER,
    PictureCache,
    Presentation,
    centered_text,
    draw_text,
    fitted,
    font,
    new_canvas,
    player_badge,
    player_name,
    text_length,
    wrap,
)
from rendering.i18n import _, _n, current, list_words, tr
from rendering.kigi_words import commission_text
from rendering.rules import Example

WIDTH = 600
MAX_HEIGHT = int(WIDTH * 1.6) - 24  # room for the Replay GIF's progress bar under a frame
MARGIN = 10
TEXT = 18  # the smallest text: 18 x 274 / 600 = 8.2 px on a phone
NAME = 20  # a player's name and points
TITLE = 22
LINE_H = 23  # a line of TEXT
CARD_FILL = (253, 251, 236)
CARD_EDGE = (120, 96, 60)
BARK = (118, 78, 44)
TRUNK_FILL = (150, 104, 62)
ROOM_DOT = (90, 160, 60)
HALO = (255, 255, 255)
CARD_UNITS = 1000  # a card's width in table units (the view's table.card_width, checked in tests)
EDGE_OF_TABLE = (90, 70, 50)
COMMISSION_FILL = (232, 238, 250)
MET = (0, 120, 80)
NOT_MET = (170, 60, 40)
LOOSE_W, LOOSE_H = 112, 128  # a display card

FEATURE_COLOURS = {
    "butterfly": (230, 140, 0),
    "dragonfly": (0, 105, 190),
    "pink": (236, 112, 170),
    "purple": (128, 70, 180),
    "red": (205, 30, 45),
}
FEATURE_LABELS = SHORT_NAMES  # as the menus name them ("Card 29 (butterfly, purple, 2 red)")


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
    else:  # red blossom: a heart, outlined in ink and ringed in white: red and brown blend under deuteranopia
        ink = max(1.2, size * 0.06)
        _heart(d, cx, cy, h + ink + max(2.0, size * 0.1), HALO)
        _heart(d, cx, cy, h + ink, INK)
        _heart(d, cx, cy, h, col)


def _heart(d: ImageDraw.ImageDraw, cx: float, cy: float, h: float, fill: tuple) -> None:
    """A heart ``2h`` wide centred at (cx, cy); drawn larger in another colour, it is an outline."""
    r = h * 0.5
    d.ellipse((cx - h, cy - h * 0.75, cx - h + 2 * r, cy - h * 0.75 + 2 * r), fill=fill)
    d.ellipse((cx + h - 2 * r, cy - h * 0.75, cx + h, cy - h * 0.75 + 2 * r), fill=fill)
    d.polygon([(cx - h * 0.97, cy - h * 0.12), (cx + h * 0.97, cy - h * 0.12), (cx, cy + h)], fill=fill)


def tip_dot(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    """A free branch tip: a green dot outlined in ink and ringed in white (green and brown blend
    under deuteranopia)."""
    w, ink = max(2.0, r * 0.5), max(1.5, r * 0.3)
    d.ellipse((x - r - ink - w, y - r - ink - w, x + r + ink + w, y + r + ink + w), fill=HALO)
    d.ellipse((x - r - ink, y - r - ink, x + r + ink, y + r + ink), fill=INK)
    d.ellipse((x - r, y - r, x + r, y + r), fill=ROOM_DOT)


def feature_list(features: dict) -> list[str]:
    return [f for f, k in features.items() for _i in range(k)]


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


_SPRITES = PictureCache(4_000_000)  # display cards, drawn once per card and size


def draw_loose_card(image: Image.Image, card: dict, x: float, y: float, w: float, h: float) -> None:
    """A display card (or the card being placed), drawn as if grown upwards; cached per card and size."""
    key = (current(), repr(sorted(card.items())), w, h)
    sprite = _SPRITES.get(key)
    if sprite is None:
        sprite = Image.new("RGBA", (int(w) + 1, int(h) + 1), (0, 0, 0, 0))
        _draw_loose_card(ImageDraw.Draw(sprite), card, 0, 0, w, h)
        _SPRITES.put(key, sprite)
    image.paste(sprite, (int(x), int(y)), sprite)


def _draw_loose_card(d: ImageDraw.ImageDraw, card: dict, x: float, y: float, w: float, h: float) -> None:
    if card["kind"] == "commission":
        d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=COMMISSION_FILL, outline=INK, width=2)
        centered_text(d, (x + w / 2, y + 15), fitted(_("Commission"), TEXT, w - 8), TEXT, fill=MUTED)
        # In a longer language a word may be wider than the card, and the lines more than it holds.
        lines = [fitted(line, TEXT, w - 10) for line in wrap(commission_text(card), TEXT, w - 10)]
        most = max(1, int((h - 50) // 21))
        if len(lines) > most:
            lines = [*lines[: most - 1], fitted(f"{lines[most - 1]}{ELLIPSIS}", TEXT, w - 10)]
        for i, line in enumerate(lines):
            centered_text(d, (x + w / 2, y + h / 2 + 2 + (i - (len(lines) - 1) / 2) * 21), line, TEXT)
        bonus = fitted(_n("+{n} point", "+{n} points", COMMISSION_BONUS), TEXT, w - 8)
        centered_text(d, (x + w / 2, y + h - 15), bonus, TEXT, fill=MUTED)
        return
    d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=CARD_FILL, outline=CARD_EDGE, width=2)
    cx = x + w / 2
    # Tips, shown for a card grown upwards: left, straight, right (the branches say which).
    bw = 6
    top = y + 30
    base_y = y + h - 4
    mid_y = top + (base_y - top) * 0.45
    d.line((cx, base_y, cx, mid_y), fill=BARK, width=bw)
    ends = {"left": (x + 7, mid_y), "straight": (cx, top - 16), "right": (x + w - 7, mid_y)}
    for tip in card["tips"]:
        ex, ey = ends[tip]
        d.line((cx, mid_y, ex, ey), fill=BARK, width=bw)
    for tip in card["tips"]:
        tip_dot(d, *ends[tip], 5)
    draw_text(d, (x + 7, y + 4), f"#{int(card['id'][1:])}", font=font(TEXT), fill=INK)
    draw_features(d, feature_list(card["features"]), (x + 14, top + 2, x + w - 14, y + h - 12))


# --- trees on the table -----------------------------------------------------------
# A tree is drawn from the view's geometry (table units, y away from the table's edge): each card
# as its rotated outline, its branch from the stem to its tips, and its features upright at
# their printed places, so a picture shows exactly where the engine has every card. Only the
# part of the table the tree covers is drawn.
Box = tuple[float, float, float, float]
TOP_ROOM = 250  # table units above the highest card, for tip dots and badges
SIDE_ROOM = 250
ICON_GROWTH = 1.35  # features on cards under 120 px drawn larger than printed (they still stay apart)
TREE_SCALE = 0.075  # pixels per table unit at most on the board: a card 75 px wide


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
    xs, ys = [0], [0]
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


def draw_placed(
    d: ImageDraw.ImageDraw, card: dict, f: Frame, icon_radius: int, show_room: bool, numbers: bool
) -> None:
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
    size = 2 * icon_radius * k * (ICON_GROWTH if k * CARD_UNITS < 120 else 1.1)
    for feature, x, y in card["icons"]:
        cx, cy = f.pt(x, y)
        if trunk:
            r = size * 0.75
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CARD_FILL, outline=INK)
        draw_feature(d, feature, cx, cy, size)
    if numbers and not trunk:
        # The number near the stem, on the card's own lower corner (children lie over upper ones).
        c = [f.pt(x, y) for x, y in card["corners"]]
        at = _lerp(_lerp(c[0], c[3], 0.22), _lerp(c[1], c[2], 0.22), 0.1)
        number = card["id"][1:].lstrip("0")
        fs = max(TEXT, int(k * 190))
        half = text_length(number, fs) / 2 + 3
        d.rounded_rectangle(
            (at[0] - half, at[1] - fs * 0.6, at[0] + half, at[1] + fs * 0.6), radius=4, fill=CARD_FILL
        )
        centered_text(d, at, number, fs, fill=INK)
    if show_room:
        r = max(3, bw * 0.8)
        for tip in card["tips"]:
            if tip["state"] == "room":
                tip_dot(d, *f.pt(tip["x"], tip["y"]), r)


def draw_tree(
    image: Image.Image,
    tree: dict,
    f: Frame,
    width: float,
    geometry: dict,
    show_room: bool = True,
    numbers: bool = False,
) -> None:
    """The table's edge and the tree's cards in the order placed (a child lies over its parent).
    ``geometry`` is the view's ``table`` (sizes in table units)."""
    d = ImageDraw.Draw(image)
    d.rectangle((f.left - 4, f.base, f.left + width + 4, f.base + 6), fill=EDGE_OF_TABLE)
    for card in tree["cards"]:
        draw_placed(d, card, f, geometry["icon_radius"], show_room, numbers)


# --- panels ---------------------------------------------------------------------
def _seat_line(view: dict, seat: int) -> str:
    return _n("{n} point", "{n} points", view["scores"][seat])


def full_line(names: list[str] | None, seat: int) -> str:
    return _("{name}'s tree is full", name=player_name(names, seat))


def _name_label(view: dict, names: list[str] | None, seat: int) -> str:
    name = player_name(names, seat)
    label = _("{name} (you)", name=name) if view["seat"] == seat else name
    if view["winners"] and seat in view["winners"]:
        # TRANSLATORS: a player's name and what they are now ("alice - winner", "bob - to play")
        label = _("{name} - {state}", name=label, state=tr(WINNER))
    if not view["over"] and seat == view["current"] and view["phase"] != "choose":
        label = _("{name} - {state}", name=label, state=tr(TO_PLAY))
    return label


def _commission_lines(view: dict, seat: int) -> list[tuple[str, bool]]:
    """(what, met now) per commission held: ("Fewest bugs on tree: 3", False); the picture marks
    met or not with a drawn tick or cross (``met_mark``)."""
    stats = view["trees"][seat]["stats"]
    lines = []
    for com in view["commissions"][seat]:
        count = stats.get(com.get("stat"))
        text = commission_text(com)
        # TRANSLATORS: a commission and the count it is about now ("Fewest bugs on tree: 3")
        lines.append((text if count is None else _("{text}: {count}", text=text, count=count), com["met"]))
    return lines


def panel_head_height(view: dict, seat: int) -> int:
    full = bool(view["trees"][seat].get("full"))
    return 38 + LINE_H * (len(view["commissions"][seat]) + full)


MARK = 16  # px: the tick or cross saying whether a commission is met now


def met_mark(d: ImageDraw.ImageDraw, x: float, y: float, ok: bool) -> None:
    """A drawn tick (met now) or cross (not met now) in a ``MARK`` px square at (x, y)."""
    colour = MET if ok else NOT_MET
    if ok:
        d.line(
            [(x + 1, y + MARK * 0.55), (x + MARK * 0.4, y + MARK - 2), (x + MARK, y + 1)],
            fill=colour,
            width=4,
        )
    else:
        d.line([(x + 2, y + 2), (x + MARK - 2, y + MARK - 2)], fill=colour, width=4)
        d.line([(x + 2, y + MARK - 2), (x + MARK - 2, y + 2)], fill=colour, width=4)


def panel_min_width(view: dict, names: list[str] | None, seat: int) -> float:
    """The width a panel's words need (its name a little shortened at most)."""
    need = [
        min(text_length(_name_label(view, names, seat), NAME), 150)
        + 60
        + text_length(_seat_line(view, seat), TEXT)
    ]
    need += [text_length(what, TEXT) + MARK + 34 for what, _ok in _commission_lines(view, seat)]
    if view["trees"][seat].get("full"):
        need.append(text_length(full_line(names, seat), TEXT) + 24)
    return max(need)


# Speed: a move changes one tree at most, so each player's panel is kept as a picture keyed
# by everything it shows and pasted while that content is unchanged.
_PANELS = PictureCache(8_000_000)  # about 20 player panels


def _player_panel_cached(
    image: Image.Image,
    view: dict,
    names: list[str] | None,
    seat: int,
    x: float,
    y: float,
    w: float,
    h: float,
    k: float,
) -> None:
    key = repr(
        (
            current(),
            seat,
            player_name(names, seat),
            w,
            h,
            k,
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
        draw_player_panel(panel, view, names, seat, 0, 0, w, h, k)
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
    k: float,
) -> None:
    """A seat's name, points, commissions (with the count each one is about) and tree."""
    d = ImageDraw.Draw(image)
    tree = view["trees"][seat]
    me = view["seat"] == seat
    d.rounded_rectangle(
        (x, y, x + w, y + h), radius=12, fill=PANEL, outline=INK if me else LINE, width=3 if me else 1
    )
    player_badge(d, (x + 20, y + 20), seat, radius=15, size=TEXT)
    points = _seat_line(view, seat)
    points_w = text_length(points, TEXT)
    draw_text(d, (x + w - 10, y + 20), points, font=font(TEXT), fill=INK, anchor="rm")
    label = fitted(_name_label(view, names, seat), NAME, w - 64 - points_w)
    if not view["over"] and seat in view["to_act"]:
        d.rounded_rectangle(
            (x + 38, y + 7, x + 48 + text_length(label, NAME), y + 33), radius=6, fill=HIGHLIGHT
        )
    draw_text(d, (x + 43, y + 20), label, font=font(NAME), fill=INK, anchor="lm")
    cy = y + 38
    if tree.get("full"):
        draw_text(
            d, (x + 12, cy), fitted(full_line(names, seat), TEXT, w - 24), font=font(TEXT), fill=NOT_MET
        )
        cy += LINE_H
    for what, ok in _commission_lines(view, seat):
        met_mark(d, x + 10, cy + 3, ok)
        draw_text(d, (x + 16 + MARK, cy), fitted(what, TEXT, w - 26 - MARK), font=font(TEXT), fill=INK)
        cy += LINE_H
    box = tree_box(tree)
    tw = (box[2] - box[0]) * k
    f = Frame(box, x + (w - tw) / 2, y + h - (box[3] - box[1]) * k - 14, k)
    draw_tree(image, tree, f, tw, view["table"])


def _legend(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    for f, word in FEATURE_LABELS.items():
        label = tr(word)
        draw_feature(d, f, x + 11, y, 20)
        draw_text(d, (x + 25, y), label, font=font(TEXT), fill=INK, anchor="lm")
        x += 40 + text_length(label, TEXT)


def _header(view: dict, names: list[str] | None) -> str:
    if view["over"]:
        who = ""
        for w in view["winners"]:
            who = (
                _("{names} and {name}", names=who, name=player_name(names, w))
                if who
                else player_name(names, w)
            )
        return _n("Game over - {who} wins", "Game over - {who} win", len(view["winners"]), who=who)
    if view["phase"] == "choose":
        return _("Each player keeps one of two commissions")
    who = player_name(names, view["current"])
    if view["phase"] == "take":
        return _("{who} takes a card", who=who)
    number = int(view["pending"]["card"]["id"][1:])
    if view["phase"] == "tree":
        return _("{who} chooses a tree for card #{number}", who=who, number=number)
    owner = player_name(names, view["pending"]["tree"])
    return _("{who} places card #{number} on {owner}'s tree", who=who, number=number, owner=owner)


def _top_height(view: dict) -> int:
    if view["over"] and not view["display"]:
        return 70 + 32 + 32 * view["num_players"] + 8  # just the final scores
    return 70 + LOOSE_H + 14


# The trees share one scale, so that their sizes compare; it is one of a few fixed steps, so that
# it seldom changes from one move to the next (a panel is redrawn only when what it shows changes).
SCALES = [TREE_SCALE * 0.93**i for i in range(40)]
PANEL_PAD = 14  # px beside a tree in its panel
TREE_FOOT = 22  # px under a tree: the table's edge


def _rows_of(n: int, most: int = 3) -> list[list[list[int]]]:
    """Every way of cutting the seats, in order, into rows of at most ``most`` panels."""
    if n == 0:
        return [[]]
    out = []
    for first in range(1, min(most, n) + 1):
        for rest in _rows_of(n - first, most):
            out.append([list(range(first)), *[[i + first for i in r] for r in rest]])
    return out


class Layout:
    """Where each panel goes: ``panels`` [(seat, x, y, w, h)], the trees' scale ``k``, ``height``."""

    def __init__(self, panels: list[tuple[int, float, float, float, float]], k: float, height: int) -> None:
        self.panels, self.k, self.height = panels, k, height


def layout(view: dict, names: list[str] | None = None) -> Layout:
    """The rows of panels giving the trees the largest common scale within ``MAX_HEIGHT`` (then the
    shortest picture): a panel is as wide as its words or its tree need, a row's spare width shared."""
    n = view["num_players"]
    boxes = [tree_box(t) for t in view["trees"]]
    bw = [b[2] - b[0] for b in boxes]
    bh = [b[3] - b[1] for b in boxes]
    head = [panel_head_height(view, i) for i in range(n)]
    minw = [panel_min_width(view, names, i) for i in range(n)]
    top = _top_height(view)

    def fits(rows: list[list[int]], k: float) -> int | None:
        height = top + MARGIN * (len(rows) + 1)
        for row in rows:
            if sum(max(minw[i], bw[i] * k + PANEL_PAD) for i in row) + MARGIN * (len(row) + 1) > WIDTH:
                return None
            height += max(head[i] + bh[i] * k + TREE_FOOT for i in row)
        return int(height)

    best = None  # (scale step, height, rows)
    for rows in _rows_of(n):
        for step, k in enumerate(SCALES):
            height = fits(rows, k)
            if height is not None and height <= MAX_HEIGHT:
                if best is None or (step, height) < best[:2]:
                    best = (step, height, rows)
                break
    if best is None:  # nothing fits (never seen): one panel a row at the smallest scale
        best = (
            len(SCALES) - 1,
            fits([[i] for i in range(n)], SCALES[-1]) or MAX_HEIGHT,
            [[i] for i in range(n)],
        )
    step, height, rows = best
    k = SCALES[step]
    panels = []
    y = top + MARGIN
    for row in rows:
        widths = [max(minw[i], bw[i] * k + PANEL_PAD) for i in row]
        spare = (WIDTH - MARGIN * (len(row) + 1) - sum(widths)) / len(row)
        row_h = max(head[i] + bh[i] * k + TREE_FOOT for i in row)
        x = MARGIN
        for i, w in zip(row, widths, strict=True):
            panels.append((i, x, y, w + spare, row_h))
            x += w + spare + MARGIN
        y += row_h + MARGIN
    return Layout(panels, k, height)


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    pending = view.get("pending")
    if pending and pending["choices"] and view["seat"] == pending["seat"]:
        return draw_placing(view, names)
    plan = layout(view, names)
    image, d = new_canvas(WIDTH, plan.height)
    # Header: what is happening, the deck, the legend.
    deck = _n("Deck: {n} card", "Deck: {n} cards", view["deck_size"])
    deck_w = text_length(deck, TEXT)
    title = fitted(_header(view, names), TITLE, WIDTH - 3 * MARGIN - deck_w)
    draw_text(d, (MARGIN, 8), title, font=font(TITLE), fill=INK)
    draw_text(d, (WIDTH - MARGIN, 11), deck, font=font(TEXT), fill=INK, anchor="ra")
    _legend(d, MARGIN, 52)
    # The display, and the card in hand while it is being placed.
    y = 70
    for i, card in enumerate(view["display"]):
        draw_loose_card(image, card, MARGIN + i * (LOOSE_W + 12), y + 4, LOOSE_W, LOOSE_H)
    choosing = view.get("choosing")
    if choosing:
        _draw_choosing(image, view, names, choosing, y)
    elif view["over"]:
        _draw_results(d, view, names, y)
    elif not view["display"]:
        centered_text(
            d, (MARGIN + 1.5 * LOOSE_W, y + LOOSE_H / 2), _("The display is empty"), NAME, fill=MUTED
        )
    if pending:
        # The card being placed, on the right in the highlight (the title says who and where).
        px = WIDTH - MARGIN - LOOSE_W - 6
        d.rectangle((px - 6, y - 2, px + LOOSE_W + 6, y + LOOSE_H + 10), fill=HIGHLIGHT)
        draw_loose_card(image, pending["card"], px, y + 4, LOOSE_W, LOOSE_H)
    for seat, x, y, w, h in plan.panels:
        _player_panel_cached(image, view, names, seat, int(x), int(y), int(w), int(h), plan.k)
    return image


def _draw_choosing(image: Image.Image, view: dict, names: list[str] | None, choosing: dict, y: float) -> None:
    """Advanced game set-up: the seat's two commissions (private) and who is still choosing."""
    d = ImageDraw.Draw(image)
    x = MARGIN
    if choosing["dealt"]:
        for card in choosing["dealt"]:
            if card["id"] == choosing["kept"]:
                d.rectangle((x - 6, y - 2, x + LOOSE_W + 6, y + LOOSE_H + 10), fill=HIGHLIGHT)
            draw_loose_card(image, card, x, y + 4, LOOSE_W, LOOSE_H)
            x += LOOSE_W + 12
        draw_text(d, (x + 10, y + 10), _("Your commissions:"), font=font(22), fill=INK)
        # TRANSLATORS: the first of two lines: "keep one, the other goes" / "into the deck"
        draw_text(d, (x + 10, y + 38), _("keep one, the other goes"), font=font(20), fill=INK)
        draw_text(
            d,
            (x + 10, y + 62),
            _("into the deck") if not choosing["kept"] else _("(kept: highlighted)"),
            font=font(20),
            fill=INK,
        )
    waiting = [player_name(names, i) for i, ok in enumerate(choosing["chosen"]) if not ok]
    draw_text(d, (x + 10, y + 96), _("Still choosing:"), font=font(20), fill=MUTED)
    for i, line in enumerate(wrap(list_words(waiting), 20, WIDTH - x - 10 - MARGIN)[:2]):
        draw_text(d, (x + 10, y + 120 + 24 * i), line, font=font(20), fill=MUTED)


def _draw_results(d: ImageDraw.ImageDraw, view: dict, names: list[str] | None, y: float) -> None:
    """The final tally: points, commission bonuses, red blossoms for the tie-break."""
    draw_text(d, (MARGIN, y + 2), _("Final scores"), font=font(TITLE), fill=INK)
    order = sorted(range(view["num_players"]), key=lambda i: -view["scores"][i])
    for k, seat in enumerate(order):
        yy = y + 34 + k * 32
        player_badge(d, (MARGIN + 16, yy + 12), seat, radius=16)
        bonus = view["scores"][seat] - view["points"][seat]
        red = view["trees"][seat]["stats"]["red"]
        text = _(
            "{name}: {score} ({points} points + {bonus} commissions, {red})",
            name=player_name(names, seat),
            score=view["scores"][seat],
            points=view["points"][seat],
            bonus=bonus,
            red=_n("{n} red blossom", "{n} red blossoms", red),
        )
        if seat in view["winners"]:
            # TRANSLATORS: a final score and "winner" after it
            text = _("{score}  {winner}", score=text, winner=tr(WINNER))
        draw_text(
            d,
            (MARGIN + 40, yy + 12),
            fitted(text, TEXT, WIDTH - 2 * MARGIN - 40),
            font=font(TEXT),
            fill=INK,
            anchor="lm",
        )


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


def _points_tag(d: ImageDraw.ImageDraw, xy: tuple[float, float], size: int, points: int) -> None:
    """What a choice scores, beside its badge, on white so that it reads over the cards."""
    text = f"+{points}"
    x, y = xy[0] + size * 0.75, xy[1] - size * 0.55
    d.rounded_rectangle((x, y - 13, x + text_length(text, 22) + 8, y + 13), radius=6, fill=HALO, outline=INK)
    draw_text(d, (x + 4, y), text, font=font(22), fill=INK, anchor="lm")


PLACING_SCALE = 0.13  # at most: a card 130 px wide
NUMBERED_CARD = 80  # px: cards at least this wide carry their number in the placing picture


def draw_placing(view: dict, names: list[str] | None) -> Image.Image:
    """The placing seat's own picture: the card, and the tree shown large with every spot to choose
    as a faint outline carrying its number; what a card scores from a tip stands beside the tip."""
    pending = view["pending"]
    owner = pending["tree"]
    tree = view["trees"][owner]
    choices = pending["choices"]
    card_no = int(pending["card"]["id"][1:])
    title = _("Card #{number}: choose a numbered place", number=card_no)
    if len([t for t in pending.get("trees", []) if t != owner]):
        hint = _(
            "Each outline is a place the card can lie; +N beside a tip: what it scores from there."
            " Another tree with room is one choice away."
        )
    else:
        hint = _("Each outline is a place the card can lie; +N beside a tip: what it scores from there.")
    # Words beside the card: the tree's owner and score, the hint, full trees.
    text_x = MARGIN + LOOSE_W + 18
    text_w = WIDTH - text_x - MARGIN
    points = _n("{n} point", "{n} points", view["scores"][owner])
    lines = [(_("On {name}'s tree ({points})", name=player_name(names, owner), points=points), INK)]
    lines += [(line, MUTED) for line in wrap(hint, TEXT, text_w)]
    lines += [(full_line(names, t["owner"]), NOT_MET) for t in view["trees"] if t.get("full")]
    tree_top = 44 + max(LOOSE_H, LINE_H * len(lines)) + 44
    box = tree_box(tree, [p for c in choices for p in c["corners"]])
    avail = WIDTH - 2 * MARGIN
    k = min(PLACING_SCALE, avail / (box[2] - box[0]), (MAX_HEIGHT - tree_top - 24) / (box[3] - box[1]))
    tree_w = (box[2] - box[0]) * k
    height = int(tree_top + (box[3] - box[1]) * k + 24)
    image, d = new_canvas(WIDTH, height)
    draw_text(d, (MARGIN, 8), fitted(title, 24, WIDTH - 2 * MARGIN), font=font(24), fill=INK)
    draw_loose_card(image, pending["card"], MARGIN, 44, LOOSE_W, LOOSE_H)
    for i, (line, colour) in enumerate(lines):
        draw_text(d, (text_x, 46 + LINE_H * i), fitted(line, TEXT, text_w), font=font(TEXT), fill=colour)
    _legend(d, MARGIN, tree_top - 24)
    f = Frame(box, MARGIN + (avail - tree_w) / 2, tree_top, k)
    draw_tree(image, tree, f, tree_w, view["table"], show_room=False, numbers=k * CARD_UNITS >= NUMBERED_CARD)
    # The spots: faint fills and thin ink lines, so that a fan of turns from one tip stays legible.
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    o = ImageDraw.Draw(overlay)
    for c in choices:
        _outline(o, c["corners"], f, (255, 214, 10, 40), (40, 40, 40, 230), 2)
    image.paste(Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB"))
    d = ImageDraw.Draw(image)
    tips: dict[tuple, int] = {}
    for c in choices:
        tips.setdefault((c.get("tip_x", c["x"]), c.get("tip_y", c["y"])), c["points"])
    taken = [f.pt(*tip) for tip in tips]
    for tip in tips:
        tip_dot(d, *f.pt(*tip), 7)
    size = 20
    r = size * 0.72
    for c in choices:
        # The number near the outline's far end (a fan of turns spreads there), where no other stands.
        spots = [_label_point(c["corners"], f, t) for t in (0.9, 0.75, 1.0, 0.6, 0.83, 0.67, 0.5, 0.95)]
        clear = [p for p in spots if all(math.dist(p, q) > 2 * r + 3 for q in taken)]
        xy = (clear or spots)[0]
        taken.append(xy)
        _badge(d, xy, str(c["n"]), size)
    for tip, points in tips.items():
        if points:
            _points_tag(d, f.pt(*tip), 14, points)
    return image


# ---------------------------------------------------------------- what the bot shows of the game

PRESENTATION = Presentation(
    draw=draw,
    describe=kigi_words.describe,
    glance=kigi_words.glance,
    facts=kigi_words.facts,
    rules=Example(
        3,
        11,
        18,
        (
            (262, 140, T("Take a card from the display of 3.")),
            (338, 332, T("Grow it on any tree from a free tip (a green dot).")),
            (318, 492, T("Features on every card of the line down to the trunk score 1 each.")),
            (272, 272, T("Commissions score 10 at the end if you fulfil them.")),
        ),
    ),
    menus={
        "card": P("kigi menu", "Card"),
        "commission": P("kigi menu", "Commission"),
        "place": P("kigi menu", "Place"),
        "tree": P("kigi menu", "Tree"),
        "back": P("kigi menu", "Back"),
    },
    noise=frozenset({"refill"}),
)

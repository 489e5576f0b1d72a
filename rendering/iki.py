"""The Iki pictures, drawn for a phone (600 px wide, shown 274 px wide in a Discord card).

- the public board (``view(None)``): main street and its four Nagaya, the calendar, the
  Ikizama track, the season tokens, the characters for hire and the buildings (a line each:
  what a character does is in the hiring player's picture), the players' goods; at the end,
  the final scoring instead of what is left to buy;
- the private picture (``view(seat)``) is about the seat's decision. Choosing a stall (to hire,
  build, place a starting or neutral character), hiring, or moving or placing the Oyakata:
  main street, large, with the stalls and shops the options name marked (the move's distance
  in the shop), and under it what is being placed or the characters for hire with what they
  do. Otherwise, and for a player who waits: their own mat, zoomed (goods, characters on main
  street, retired characters by type, tokens, buildings). The panel says the mat's essentials
  in words (``rendering.facts``).

Every word is spelled out (no "ff", "res.", "tobac."); the smallest text is 18 px, 8.2 px once
shown 274 px wide (bench/phone.py). Reads only the view. Characters show their type by colour
AND letter (P peddler, A artisan, S shop seller, M master craftsman, X special); owners by the
player's colour AND letter badge. Who acts and the next fire are in the board message's words.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.iki import data as D
from games.iki.view import card_info
from games.text import P, T
from rendering import iki_words
from rendering.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    PLAYER_COLOURS,
    PictureCache,
    Presentation,
    draw_text,
    fitted,
    font,
    player_name,
    text_length,
    to_play,
    wrap,
)
from rendering.common import player_badge as _player_badge
from rendering.i18n import _, _p, current, list_words, tr
from rendering.rules import Example

W = 600
PAD = 8
SMALL, TEXT, TITLE = 18, 20, 22  # SMALL is the floor: 8.2 px shown 274 px wide
TYPE_FILL = {
    "Y": (240, 200, 60),
    "N": (150, 100, 60),
    "B": (70, 130, 200),
    "R": (200, 60, 50),
    "P": (140, 80, 170),
}
TYPE_LETTER = {
    # TRANSLATORS: the letter on a character's type square: the first letter of its type's word
    "Y": P("iki type letter", "P"),
    "N": P("iki type letter", "A"),
    "B": P("iki type letter", "S"),
    "R": P("iki type letter", "M"),
    "P": P("iki type letter", "X"),
}
TYPE_WORD = {
    "Y": P("iki type heading", "Peddler"),
    "N": P("iki type heading", "Artisan"),
    "B": P("iki type heading", "Shop seller"),
    "R": P("iki type heading", "Master"),
    "P": P("iki type heading", "Special"),
}
TYPE_TEXT = {"Y": INK, "N": (255, 255, 255), "B": (255, 255, 255), "R": (255, 255, 255), "P": (255, 255, 255)}
FIRE = (213, 94, 0)
NEUTRAL = (160, 160, 160)
BUILDING_FILL = (120, 110, 95)
GOODS = ("mon", "rice", "wood", "koban", "sandal")
ROW_H, TALL_ROW_H = 30, 46  # a stall on the board; in the street picture (two lines)
OYAKATA_R = 9  # an Oyakata badge, standing on the bottom edge of its shop's box (the letter at SMALL)
NAGAYA_W = (W - 3 * PAD) // 2
SHOP_W = 90  # "exchange" at 18 px is 80 px
PLAYER_H = 27  # a row of the players' table
LINE_H = 26  # a character for hire or a building on the board: one line
MARKET_H = 46  # a character for hire in the street picture: what it does under its name
CHOSEN = (255, 236, 150)  # a stall or shop the decision offers (with a thick ink edge)


def _good(kind: str) -> str:
    """The word under a good's number (a player's tile, the players' table): "rice", "sandals"."""
    match kind:
        case "iki":
            return _p("iki goods", "iki")
        case "mon":
            return _p("iki goods", "mon")
        case "rice":
            return _p("iki goods", "rice")
        case "wood":
            return _p("iki goods", "wood")
        case "koban":
            return _p("iki goods", "koban")
        case "sandal":
            return _p("iki goods", "sandals")
    raise KeyError(kind)


def nagaya_h(row_h: int) -> int:
    return 24 + 4 * row_h + 6


def player_badge(d: ImageDraw.ImageDraw, xy, seat: int, r: int = 14) -> None:
    _player_badge(d, xy, seat, r, SMALL)  # the letter at the smallest size read


def _t(d: ImageDraw.ImageDraw, xy, text: str, size: int = SMALL, fill=INK, anchor: str = "la") -> None:
    draw_text(d, xy, text, font(size), fill, anchor)


def _chip(d: ImageDraw.ImageDraw, x: float, y: float, typ: str, size: int = 26) -> None:
    """A type square: colour fill plus the type letter."""
    d.rounded_rectangle((x, y, x + size, y + size), radius=5, fill=TYPE_FILL[typ], outline=INK, width=2)
    _t(
        d,
        (x + size / 2, y + size / 2),
        tr(TYPE_LETTER[typ]),
        max(SMALL, int(size * 0.7)),
        TYPE_TEXT[typ],
        "mm",
    )


def _owner(d: ImageDraw.ImageDraw, x: float, y: float, owner: int, r: int = 13) -> None:
    if owner < 0:  # the neutral character of a 2-player game
        d.ellipse((x - r, y - r, x + r, y + r), fill=NEUTRAL, outline=INK, width=2)
        # TRANSLATORS: the letter on the badge of a neutral character (2 players)
        _t(d, (x, y), _p("iki neutral letter", "N"), SMALL, INK, "mm")
    else:
        player_badge(d, (x, y), owner, r)


def _pips(d: ImageDraw.ImageDraw, x: float, y: float, exp: int, gains: int, r: int = 13) -> float:
    """Experience: filled = gained, hollow = still to go; the last is the retirement circle."""
    for k in range(gains):
        d.ellipse((x, y, x + r, y + r), fill=INK if k < exp else BACKGROUND, outline=INK, width=2)
        x += r + 4
    return x


def _flame(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A small flame (14 x 20): the firefighting a character adds."""
    d.polygon([(x + 7, y), (x + 14, y + 11), (x + 12, y + 18), (x + 7, y + 20), (x + 2, y + 18), (x, y + 11)],
              fill=FIRE, outline=INK)  # fmt: skip


def _amounts(things: dict) -> str:
    return list_words([D.amount(k, v) for k, v in things.items()])


def _ability(c: dict) -> str:
    """What a character does at its shop, in words: "2 mon for 3 iki", "gain 2 rice"."""
    gain = _amounts(c["gain"])
    return (
        _("{pay} for {gain}", pay=_amounts(c["pay"]), gain=gain) if c["pay"] else _("gain {gain}", gain=gain)
    )


def _ability_line(c: dict) -> str:
    """A character for hire or being placed: what it does and its salaries."""
    return _("{ability}; pay {salaries}", ability=_ability(c), salaries="-".join(map(str, c["salaries"])))


def _ordinal(n: int) -> str:
    """A rank: "1st", "2nd" (the firefighting ranks go up to 4)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
    if suffix == "st":
        # TRANSLATORS: a rank ("1st", "2nd", "3rd", "4th"): the firefighting order
        return _p("ordinal", "{n}st", n=n)
    if suffix == "nd":
        return _p("ordinal", "{n}nd", n=n)
    if suffix == "rd":
        return _p("ordinal", "{n}rd", n=n)
    return _p("ordinal", "{n}th", n=n)


# ---------------------------------------------------------------- main street
# Speed: a move changes at most a Nagaya or two, so each Nagaya panel is kept as a picture
# keyed by everything it shows and pasted while that content is unchanged.
_PANELS = PictureCache(8_000_000)


def _nagaya_cached(image: Image.Image, v: dict, k: int, x0: int, y0: int, row_h: int, marks: dict) -> None:
    S = v["stalls_per_nagaya"]
    stalls = [i for i in marks.get("stalls", []) if i // S == k]
    shops = {j: marks.get("shops", {}).get(str(2 * k + j)) for j in range(2)}
    free = bool(marks.get("free"))
    key = repr(
        (
            current(),  # the words are drawn in the language of the moment
            k,
            S,
            row_h,
            stalls,
            shops,
            free,
            v["shops"][2 * k : 2 * k + 2],
            [p["oyakata"] for p in v["players"]],
            [f["month"] for f in v["fires_past"] if f["nagaya"] == k],
            v["stalls"][k * S : (k + 1) * S],
        )
    )
    panel = _PANELS.get(key)
    if panel is None:
        panel = Image.new("RGB", (NAGAYA_W + 1, nagaya_h(row_h) + 1), BACKGROUND)
        _nagaya(ImageDraw.Draw(panel), v, k, row_h, stalls, shops, free)
        _PANELS.put(key, panel)
    image.paste(panel, (x0, y0))


# A shop's name in its box on the board, beside its number: two lines of SHOP_W - 10 px. English
# says the full name; a language whose full name does not fit there gives a shorter one (the menus
# and the log keep the full name).
SHOP_BOX = {
    # TRANSLATORS: a shop's name in its small box on the Iki board: two lines of about 9 letters,
    # the first after the shop's number ("1 Rice" / "shop"). Where the full name does not fit, a
    # short one ("Rice"); a long word may be split with a hyphen and a space ("Feuer- wehr").
    "rice": P("iki shop box", "Rice shop"),
    "sandal": P("iki shop box", "Sandal shop"),
    "wood": P("iki shop box", "Wood yard"),
    "fish": P("iki shop box", "Fish market"),
    "exchange": P("iki shop box", "Koban exchange"),
    "tobacco": P("iki shop box", "Pipes & tobacco"),
    "fire": P("iki shop box", "Fire brigade"),
    "build": P("iki shop box", "Builder"),
}


def shop_box_lines(shop: int) -> list[str]:
    """Shop ``shop``'s number and name in its box, in the language of the moment: as many words
    on the first line as fit, the rest on the second (cut there if they must be)."""
    lines = wrap(f"{shop + 1} {tr(SHOP_BOX[D.SHOPS[shop]])}", SMALL, SHOP_W - 10)
    return lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])]


def _shop(d: ImageDraw.ImageDraw, v: dict, shop: int, y0: float, y1: float, move: int | None) -> None:
    """A shop beside its stalls: number and name, a move's distance when it is offered, the
    Oyakata standing there."""
    offered = move is not None
    d.rounded_rectangle(
        (4, y0, SHOP_W, y1),
        radius=8,
        fill=CHOSEN if offered else BACKGROUND,
        outline=INK,
        width=4 if offered else 2,
    )
    lines = shop_box_lines(shop)
    if move:  # a free placement (0) needs no distance
        lines.append(_("move {n}", n=move))
    for n, line in enumerate(lines):
        _t(d, (9, y0 + 1 + n * 18), fitted(line, SMALL, SHOP_W - 10), SMALL)
    here = [s for s, p in enumerate(v["players"]) if p["oyakata"] == shop]
    # The Oyakata at this shop: a row standing on the bottom right edge of its box, clear of its
    # two lines of words above and of the next box's words below (they are 4 px apart).
    for m, s in enumerate(here):
        player_badge(d, (SHOP_W - 4 - OYAKATA_R - m * (2 * OYAKATA_R + 1), y1 - 4), s, OYAKATA_R)


def _nagaya(
    d: ImageDraw.ImageDraw, v: dict, k: int, row_h: int, offered: list[int], moves: dict, free: bool = False
) -> None:
    """A Nagaya: its two shops on the left (shop 2k reaches the first half of the stalls, shop 2k+1
    the rest), its stalls on the right; ``offered`` stalls and ``moves`` shops are marked. An empty
    stall says the extra mon a hire or a building pays there, unless ``free``: the decision under
    way places a character that pays nothing (the neutral character of a 2-player game)."""
    S = v["stalls_per_nagaya"]
    w, h = NAGAYA_W, nagaya_h(row_h)
    tall = row_h >= TALL_ROW_H
    stall_h = 4 * row_h / S  # 3 stalls a Nagaya (2 players) are taller, the panel keeps its size
    d.rounded_rectangle((0, 0, w, h), radius=10, fill=PANEL, outline=LINE, width=2)
    _t(d, (8, 1), _("Nagaya {k}", k=k + 1), TEXT)
    burnt = [str(f["month"]) for f in v["fires_past"] if f["nagaya"] == k]
    if burnt:
        burnt_text = _("burnt in month {months}", months=list_words(burnt))
        _t(d, (w - 8, 3), fitted(burnt_text, SMALL, w - 100), SMALL, FIRE, "ra")
    top = 24
    for j in range(2):
        _shop(d, v, 2 * k + j, top + j * 2 * row_h + 2, top + (j + 1) * 2 * row_h - 2, moves.get(j))
    rx, rw = SHOP_W + 6, w - SHOP_W - 12
    for i in range(S):
        st = v["stalls"][k * S + i]
        ry = top + i * stall_h
        mid = ry + stall_h / 2
        name = f"{k + 1}.{i + 1}"
        chosen = k * S + i in offered
        fill = CHOSEN if chosen else (225, 225, 225) if st.get("owner", 0) < 0 else BACKGROUND
        d.rounded_rectangle(
            (rx, ry + 2, rx + rw, ry + stall_h - 2),
            radius=6,
            fill=fill,
            outline=INK if chosen else LINE,
            width=4 if chosen else 2,
        )
        if st["corner"]:  # the corner stall: a dark end, as on the board
            d.rectangle((rx + rw - 6, ry + 2, rx + rw, ry + stall_h - 2), fill=INK)
        if "card" in st:
            c = st["card"]
            if tall:  # the name on a line of its own, the experience under it
                _chip(d, rx + 5, mid - 20, c["type"], 20)
                _t(d, (rx + 30, mid - 10), fitted(tr(c["name"]), SMALL, rw - 60), SMALL, INK, "lm")
                _pips(d, rx + 30, mid + 4, st["exp"], c["gains"], 11)
            else:  # the board: room for the name; the experience is in the street picture and the mat
                _chip(d, rx + 4, mid - 10, c["type"], 20)
                _t(d, (rx + 28, mid), fitted(tr(c["name"]), SMALL, rw - 60), SMALL, INK, "lm")
            _owner(d, rx + rw - 17, mid, st["owner"], 11)
        elif "building" in st:
            b = st["building"]
            d.rounded_rectangle(
                (rx + 4, mid - 10, rx + 24, mid + 10), radius=3, fill=BUILDING_FILL, outline=INK
            )
            # TRANSLATORS: the letter on a building's square on the street
            _t(d, (rx + 14, mid), _p("iki building letter", "B"), SMALL, (255, 255, 255), "mm")
            worth = tr(D.amount("iki", b["iki"]))
            right = rx + rw - 34
            _t(d, (right, mid), worth, SMALL, MUTED, "rm")
            room = right - rx - 34 - text_length(worth, SMALL)
            _t(d, (rx + 28, mid), fitted(tr(b["name"]), SMALL, room), SMALL, INK, "lm")
            _owner(d, rx + rw - 17, mid, st["owner"], 11)
        else:
            tag = _p("iki stall", "corner") if st["corner"] else ""
            extra = _("+{n} mon", n=st["surcharge"]) if st["surcharge"] and not free else ""
            size = TEXT if chosen else SMALL
            room = rw - 8  # to the box's edge
            if tag:  # a longer language: the word "corner" is cut before the number and the surcharge
                tag = fitted(tag, size, room - text_length(f"{name}    {extra}", size))
            label = fitted("  ".join(x for x in (name, tag, extra) if x), size, room)
            _t(d, (rx + 8, mid), label, size, INK if chosen else MUTED, "lm")


def _main_street(image: Image.Image, v: dict, y: int, row_h: int = ROW_H, marks: dict | None = None) -> int:
    order = [(0, 0), (1, 0), (1, 1), (0, 1)]  # Nagaya k -> (column, row): shops 1 to 8 clockwise
    h = nagaya_h(row_h)
    for k, (col, row) in enumerate(order):
        _nagaya_cached(image, v, k, PAD + col * (NAGAYA_W + PAD), y + row * (h + 6), row_h, marks or {})
    return y + 2 * h + 6


# ---------------------------------------------------------------- the rest of the table
CAL_H = 44


def _calendar(d: ImageDraw.ImageDraw, v: dict, y: int) -> int:
    cal = v["calendar"]
    cw = (W - 2 * PAD) / 12
    for m in range(1, 13):
        x = PAD + (m - 1) * cw
        current = m == cal["month"]
        fill = HIGHLIGHT if current else (BACKGROUND if m > cal["month"] else PANEL)
        d.rounded_rectangle(
            (x, y, x + cw - 3, y + CAL_H),
            radius=6,
            fill=fill,
            outline=INK if current else LINE,
            width=3 if current else 1,
        )
        _t(d, (x + 4, y + 1), str(m), SMALL)
        if m in cal["paydays"]:
            # TRANSLATORS: a payday on the calendar (a month's box, 3 or 4 letters fit)
            _t(d, (x + 4, y + 21), _p("iki calendar", "pay"), SMALL)
        if str(m) in cal["fires"]:  # a flame and the fire's strength
            _flame(d, x + 4, y + 21)
            _t(d, (x + 21, y + 21), str(cal["fires"][str(m)]), SMALL, FIRE)
        if cal["sun_moon"]:  # 2 players: the disc of the month places the neutral character
            sun = cal["sun_moon"][str(m)] == "sun"
            cx0 = x + cw - 19
            d.ellipse((cx0, y + 5, cx0 + 12, y + 17), fill=HIGHLIGHT if sun else INK, outline=INK, width=2)
    y += CAL_H + 4
    if cal["sun_moon"]:
        _t(d, (PAD, y), _("Yellow disc: sun, black disc: moon (the neutral character)"), SMALL, MUTED)
        y += 24
    return y


def _ikizama(d: ImageDraw.ImageDraw, v: dict, x0: int, y0: int, w: int) -> int:
    _t(d, (x0, y0), _("Ikizama track"), TEXT)
    bw = w / 5
    y = y0 + 26
    for k, sp in enumerate(v["ikizama"]):
        x = x0 + k * bw
        d.rounded_rectangle((x, y, x + bw - 5, y + 42), radius=6, fill=BACKGROUND, outline=INK, width=2)
        _t(d, (x + 5, y + 1), sp["space"], SMALL)
        if sp["blocked"]:
            d.line((x + 4, y + 4, x + bw - 9, y + 38), fill=FIRE, width=4)
            d.line((x + 4, y + 38, x + bw - 9, y + 4), fill=FIRE, width=4)
        if sp["seat"] is not None:
            player_badge(d, (x + bw - 19, y + 28), sp["seat"], 10)
    return y + 46


def _tokens(d: ImageDraw.ImageDraw, v: dict, x0: int, y0: int, w: int) -> int:
    season = v["season"]
    if season in (1, 2, 3, 4):
        title = _("Tokens of {season}", season=tr(D.SEASON_NAMES[season]))
    else:
        title = _("Tokens of the season")
    _t(d, (x0, y0), title, TEXT)
    by = {kind: [t for t in v["tokens"] if t["kind"] == kind] for kind in ("fish", "pipe", "pouch")}
    fish = list_words(
        [
            _("{price} (+{iki} iki)", price=t["price"], iki=t["iki"]) if t["premium"] else str(t["price"])
            for t in by["fish"]
        ]
    )
    kind = tr(D.FISH_NAMES.get(season, ""))
    pipes = list_words([str(t["price"]) for t in by["pipe"]])
    pouches = list_words([str(t["price"]) for t in by["pouch"]])
    ikis = list_words([str(t["iki"]) for t in by["pouch"]])
    lines = [
        _("Fish ({fish}): {prices} mon", fish=kind, prices=fish)
        if fish
        else _("Fish ({fish}): none", fish=kind),
        _("Pipes: {prices} mon", prices=pipes) if by["pipe"] else _("Pipes: none"),
        _("Pouches: {prices} mon for {ikis} iki", prices=pouches, ikis=ikis)
        if by["pouch"]
        else _("Pouches: none"),
    ]
    y = y0 + 26
    for line in lines:
        _t(d, (x0, y), fitted(line, SMALL, w), SMALL)
        y += 22
    return y


def _hire_title(d: ImageDraw.ImageDraw, v: dict, y: int) -> int:
    row = v["row"] or v["start_row"]
    title = _("Starting characters") if not v["row"] and v["start_row"] else _("Characters for hire")
    _t(d, (PAD, y), title, TEXT)
    if any(c["ff"] for c in row):
        x = PAD + text_length(title, TEXT) + 20
        _flame(d, x, y + 1)
        _t(d, (x + 18, y + 1), _("firefighting they add"), SMALL, FIRE)
    return y + 26


def _cost(c: dict) -> str:
    if c["mons"]:
        return _("{n} mon (+{k} on it)", n=c["cost"], k=c["mons"])
    return tr(D.amount("mon", c["cost"]))


def _character_line(
    d: ImageDraw.ImageDraw, c: dict, x: float, y: float, w: float, cost: str | None = None
) -> None:
    """Type, name, firefighting and cost (``cost``: other words in its place) on one line."""
    _chip(d, x, y + 1, c["type"], 20)
    cost = _cost(c) if cost is None else cost
    _t(d, (x + w, y), cost, SMALL, INK, "ra")
    room = w - 30 - text_length(cost, SMALL)
    if c["ff"]:  # a flame and its number: firefighting (the title says so)
        tag = f"+{c['ff']}"
        room -= text_length(tag, SMALL) + 24
        fx = x + w - text_length(cost, SMALL) - 8 - text_length(tag, SMALL)
        _flame(d, fx - 16, y)
        _t(d, (fx, y), tag, SMALL, FIRE)
    _t(d, (x + 26, y), fitted(tr(c["name"]), SMALL, room), SMALL)


def _market(d: ImageDraw.ImageDraw, v: dict, y: int, abilities: bool = False) -> int:
    """The characters for hire in two columns; with ``abilities``, what each does and its pay
    on a second line (the hiring player's picture), else a line each (the board)."""
    y = _hire_title(d, v, y)
    row = v["row"] or v["start_row"]
    if not row:
        _t(d, (PAD, y), _p("iki characters", "none"), SMALL, MUTED)
        return y + LINE_H
    w = (W - 3 * PAD) / 2
    step = MARKET_H if abilities else LINE_H
    for i, c in enumerate(row):
        x, yy = PAD + (i % 2) * (w + PAD), y + (i // 2) * step
        _character_line(d, c, x, yy, w)
        if abilities:
            _t(d, (x + 26, yy + 21), fitted(_ability_line(c), SMALL, w - 26), SMALL, MUTED)
    return y + (len(row) + 1) // 2 * step


def _market_h(v: dict, abilities: bool = False) -> int:
    rows = (len(v["row"] or v["start_row"]) + 1) // 2
    return 26 + (rows * (MARKET_H if abilities else LINE_H) or LINE_H)


def _buildings(d: ImageDraw.ImageDraw, v: dict, y: int) -> int:
    """The buildings left to build in two columns, a line each: name, price and worth (their
    abilities are in the rules; a built one says its worth on the street)."""
    _t(d, (PAD, y), _("Buildings to build (wood, mon: iki)"), TEXT)
    y += 26
    if not v["buildings"]:
        _t(d, (PAD, y), _p("iki buildings", "none left"), SMALL, MUTED)
        return y + LINE_H
    w = (W - 3 * PAD) / 2
    for i, b in enumerate(v["buildings"]):
        x, yy = PAD + (i % 2) * (w + PAD), y + (i // 2) * LINE_H
        price = f"{b['wood']}, {b['mon']}: {b['iki']}"
        _t(d, (x + w, yy), price, SMALL, INK, "ra")
        _t(d, (x, yy), fitted(tr(b["name"]), SMALL, w - 10 - text_length(price, SMALL)), SMALL)
    return y + (len(v["buildings"]) + 1) // 2 * LINE_H


def _buildings_h(v: dict) -> int:
    return 26 + ((len(v["buildings"]) + 1) // 2 * LINE_H or LINE_H)


def _table(
    d: ImageDraw.ImageDraw,
    title: str,
    heads: list[str],
    rows: list[tuple[int, list, bool]],
    names,
    y: int,
    flames: list[int] | None = None,
) -> int:
    """Players with a number per column; a column is as wide as its heading, names get the rest
    (and, with ``flames``, a flame and the player's firefighting after the name)."""
    _t(d, (PAD, y), title, TEXT)
    y += 26
    widths = [max(text_length(h, SMALL), 24) + 12 for h in heads]
    x = W - PAD - sum(widths)
    xs = []
    for wd in widths:
        xs.append(x + wd / 2)
        x += wd
    for h, cx in zip(heads, xs, strict=True):
        _t(d, (cx, y), h, SMALL, MUTED, "ma")
    y += 22
    name_w = xs[0] - widths[0] / 2 - PAD - 34 - (44 if flames else 0)
    for k, (seat, values, lit) in enumerate(rows):
        if lit:
            d.rounded_rectangle((PAD - 4, y - 2, W - PAD + 2, y + PLAYER_H - 2), radius=6, fill=HIGHLIGHT)
        player_badge(d, (PAD + 12, y + 11), seat, 11)
        name = fitted(player_name(names, seat), TEXT, name_w)
        _t(d, (PAD + 28, y), name, TEXT)
        if flames:
            fx = PAD + 36 + text_length(name, TEXT)
            _flame(d, fx, y + 1)
            _t(d, (fx + 17, y), str(flames[k]), TEXT, FIRE)
        for val, cx in zip(values, xs, strict=True):
            _t(d, (cx, y), str(val), TEXT, INK, "ma")
        y += PLAYER_H
    return y


def _players(d: ImageDraw.ImageDraw, v: dict, names, y: int) -> int:
    heads = [*(_good(k) for k in ("iki", *GOODS)), _p("iki column", "Kobun")]
    rows, flames = [], []
    for s in v["ff_order"]:
        p = v["players"][s]
        rows.append((s, [p["iki"], *(p[g] for g in GOODS), p["kobun_free"]], s in v["to_act"]))
        flames.append(p["ff"])
    return _table(d, _("Players in firefighting order (flame), free Kobun"), heads, rows, names, y, flames)


def _players_h(v: dict) -> int:
    return 26 + 22 + PLAYER_H * v["num_players"]


def _final(d: ImageDraw.ImageDraw, v: dict, names, y: int) -> int:
    cols = ["track", "types", "fish", "tobacco", "buildings", "resources", "total"]
    heads = [
        _p("iki column", "track"),
        _p("iki column", "types"),
        _p("iki column", "fish"),
        _p("iki column", "pipes"),
        _p("iki column", "built"),
        _p("iki column", "goods"),
        _p("iki column", "total"),
    ]
    order = sorted(range(len(v["final"])), key=lambda k: -v["final"][k]["total"])
    rows = [(s, [v["final"][s][c] for c in cols], s in v["winners"]) for s in order]
    y = _table(d, _("Final scoring, in iki"), heads, rows, names, y)
    for line in _final_legend():
        _t(d, (PAD, y + 2), line, SMALL, MUTED)
        y += 23
    return y


def _final_legend() -> list[str]:
    # TRANSLATORS: the final scoring's column headings explained; each heading as translated there
    legend = _(
        "track: iki earned during the game; types: the different types among their retired"
        " characters; pipes: tobacco; built: buildings; goods: koban, wood and mon left"
    )
    return wrap(legend, SMALL, W - 2 * PAD)


def _phase_text(v: dict) -> str:
    turn = v["turn"]
    ph = turn["phase"]
    sub = turn.get("sub")
    if ph in ("start_card", "start_nagaya"):
        return _p("iki phase", "set-up")
    if ph == "A":
        return _p("iki phase", "the Ikizama track")
    if ph == "B" and sub == "income":
        return _p("iki phase", "income or hire")
    if ph == "B" and sub in ("hire_stall", "build_stall"):
        return _p("iki phase", "choosing a stall")
    if ph == "B" and sub == "move":
        return _p("iki phase", "moving")
    if ph == "B":  # "biz"
        return _p("iki phase", "business")
    if ph == "C_neutral":
        return _p("iki phase", "neutral character")
    if ph == "C_feed":
        return _p("iki phase", "payday")
    if ph == "NY":
        return _p("iki phase", "placing Oyakata") if sub == "place" else _p("iki phase", "business")
    return ""


def _header(d: ImageDraw.ImageDraw, v: dict, names) -> int:
    month = v["month"]
    if month == 0:
        head = _("{game} · set-up", game="Iki")
    elif month > 12:
        head = _("{game} · New Year's Day", game="Iki")
    else:
        head = _("{game} · month {m}, {season}", game="Iki", m=month, season=tr(D.SEASON_NAMES[v["season"]]))
    if v["over"]:
        won = [player_name(names, s) for s in v["winners"]]
        if len(won) == 1:
            head = _("{game} · {name} wins", game="Iki", name=won[0])
        elif won:  # Iki breaks every tie: one winner
            head = _("{game} · {names} win", game="Iki", names=list_words(won))
        else:
            head = _("{game} · game over", game="Iki")
    _t(d, (PAD, 6), fitted(head, TITLE, W - 2 * PAD), TITLE)
    rest = W - 3 * PAD - text_length(head, TITLE)
    phase = "" if v["over"] else _phase_text(v)
    start = [s for s, p in enumerate(v["players"]) if p["oyakata"] == -1]
    if start and not v["over"]:  # Oyakata not yet on main street
        x = W - PAD - 22 * len(start)
        _t(d, (x - 4, 8), _("before shop 1:"), SMALL, MUTED, "ra")
        for m, s in enumerate(start):
            player_badge(d, (x + 10 + m * 22, 18), s, 10)
    elif phase:
        # "alice to play · income or hire", the phase alone where the name does not fit
        acting = v["to_act"]
        marked = to_play(player_name(names, acting[0]), phase) if len(acting) == 1 else phase
        shown = marked if text_length(marked, TEXT) < rest else phase
        if text_length(shown, TEXT) < rest:
            _t(d, (W - PAD, 8), shown, TEXT, MUTED, "ra")
    return 36


# ---------------------------------------------------------------- the public board
def _board(v: dict, names) -> Image.Image:
    over = v["over"]
    # the height needed, before drawing
    height = 36 + 2 * nagaya_h(ROW_H) + 6 + 8
    if over:
        height += _players_h(v) + 23 * len(_final_legend()) + 10
    else:
        height += CAL_H + 4 + (24 if v["calendar"]["sun_moon"] else 0) + 6
        height += 26 + 3 * 22 + 6
        height += _market_h(v) + 6 + _buildings_h(v) + 6
    height += _players_h(v) + 4
    image = Image.new("RGB", (W, height), BACKGROUND)
    d = ImageDraw.Draw(image)
    y = _header(d, v, names)
    y = _main_street(image, v, y) + 8
    if over:
        y = _final(d, v, names, y) + 10
    else:
        y = _calendar(d, v, y) + 6
        half = (W - 3 * PAD) // 2
        left = _ikizama(d, v, PAD, y, half)
        right = _tokens(d, v, 2 * PAD + half, y, half)
        y = max(left, right) + 6
        y = _market(d, v, y) + 6
        y = _buildings(d, v, y) + 6
    _players(d, v, names, y)
    return image


# ---------------------------------------------------------------- the private picture: the street
def _street_focus(v: dict, seat: int) -> bool:
    """The seat decides on the street: a stall, a hire, or where its Oyakata goes."""
    marks = v.get("street_options") or {}
    return seat in v["to_act"] and bool(marks.get("stalls") or marks.get("shops"))


def _choosing(v: dict) -> tuple[str, dict | None]:
    """What the decision places, in words, and the character it places (if one)."""
    turn, marks = v["turn"], v["street_options"]
    ph, sub = turn["phase"], turn.get("sub")
    card = turn.get("card")
    character = None
    if isinstance(card, int):  # the view names the card being placed by its id
        character = card_info(card)
    if ph == "start_nagaya":
        return _("Your starting character: choose a Nagaya (its outer stall)"), character
    if ph == "C_neutral":
        return _("The neutral character: choose a stall"), character
    if sub == "hire_stall":
        return _("Your new character: choose a stall"), character
    if sub == "build_stall":
        return _("Your new building: choose a stall"), None
    if sub == "income":
        return _("Take income, or hire: the stalls a hire can take"), None
    if marks["shops"] and any(marks["shops"].values()):
        return _("Move your Oyakata: the shops you can reach"), None
    return _("Place your Oyakata on a shop"), None


def _street(v: dict, names, seat: int) -> Image.Image:
    """Main street, large, with the stalls or shops the decision offers marked; under it what is
    placed, or the characters for hire with what they do."""
    title, character = _choosing(v)
    hiring = v["turn"].get("sub") == "income"
    # The neutral character (2 players) is placed for nothing, owned by no one: no stall's extra
    # mon, no cost, no salary; a player who does business with it discards it (the rulebook).
    neutral = v["turn"]["phase"] == "C_neutral"
    marks = {**v["street_options"], "free": neutral}
    height = 36 + 28 + 2 * nagaya_h(TALL_ROW_H) + 6 + 8
    if hiring:
        height += _market_h(v, abilities=True) + 6
    elif character:
        height += 26 + MARKET_H
    height += 26
    image = Image.new("RGB", (W, height), BACKGROUND)
    d = ImageDraw.Draw(image)
    y = _header(d, v, names)
    d.rounded_rectangle((PAD - 2, y - 2, W - PAD + 2, y + 24), radius=6, fill=CHOSEN)
    _t(d, (PAD + 4, y), fitted(title, TEXT, W - 2 * PAD - 8), TEXT)
    y = _main_street(image, v, y + 28, TALL_ROW_H, marks) + 8
    if hiring:
        y = _market(d, v, y, abilities=True) + 6
    elif character:
        _t(d, (PAD, y), _("Placing"), TEXT)
        _character_line(d, character, PAD, y + 26, W - 2 * PAD, _("free, no owner") if neutral else None)
        if neutral:
            does = _("{ability}; leaves after one business", ability=_ability(character))
        else:
            does = _ability_line(character)
        _t(d, (PAD + 26, y + 47), fitted(does, SMALL, W - 2 * PAD - 26), SMALL, MUTED)
        y += 26 + MARKET_H
    _t(d, (PAD, y), _("Marked: what you can choose, named as in your options"), SMALL, MUTED)
    return image


# ---------------------------------------------------------------- the private picture: the mat
def _tile(d: ImageDraw.ImageDraw, x: float, y: float, w: float, value, word: str, big: int = 30) -> None:
    d.rounded_rectangle((x, y, x + w - 6, y + 62), radius=8, fill=BACKGROUND, outline=LINE, width=2)
    _t(d, (x + (w - 6) / 2, y + 22), str(value), big, INK, "mm")
    _t(d, (x + (w - 6) / 2, y + 50), fitted(word, SMALL, w - 10), SMALL, MUTED, "mm")


def _retired_lines(retired: list[dict]) -> list[tuple[str | None, str]]:
    """The retired characters by type, names whole and wrapped: (the type of a line's chip, or
    None on a line that goes on, its text)."""
    lines: list[tuple[str | None, str]] = []
    for typ in TYPE_FILL:
        cards = [c for c in retired if c["type"] == typ]
        if cards:
            names = list_words([f"{tr(c['name'])} {c['salaries'][-1]}" for c in cards])
            # TRANSLATORS: a type of Iki character and its retired characters ("Peddler: Wind chime seller 3")
            text = _("{kind}: {names}", kind=tr(TYPE_WORD[typ]), names=names)
            lines += [
                (typ if k == 0 else None, line) for k, line in enumerate(wrap(text, SMALL, W - 2 * PAD - 40))
            ]
    return lines or [(None, _p("iki characters", "none"))]


def _mat(v: dict, names, seat: int) -> Image.Image:
    p = v["players"][seat]
    mine = [st for st in v["stalls"] if st.get("owner") == seat and "card" in st]
    blds = [st["building"] for st in v["stalls"] if st.get("owner") == seat and "building" in st]
    retired = _retired_lines(p["retired"])
    char_rows = (len(mine) + 1) // 2 or 1
    height = 48 + 2 * 70 + 28 + char_rows * 28 + 10 + 28 + len(retired) * 24 + 10 + 3 * 24 + 10
    image = Image.new("RGB", (W, height), BACKGROUND)
    d = ImageDraw.Draw(image)
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    d.rounded_rectangle((2, 2, W - 3, height - 3), radius=12, fill=PANEL, outline=colour, width=5)
    player_badge(d, (PAD + 18, 24), seat, 13)
    title = fitted(_("{name}'s mat", name=player_name(names, seat)), TITLE, 260)
    _t(d, (PAD + 38, 12), title, TITLE)
    shop = p["oyakata"]
    if shop is None:  # taken off main street at the end of month 12, placed again on New Year's Day
        where = _("Oyakata to place again")
    elif shop < 0:
        where = _("Oyakata before shop 1")
    else:
        where = _("Oyakata at {k} {shop}", k=shop + 1, shop=tr(v["shops"][shop]))
    room = W - 3 * PAD - 46 - text_length(title, TITLE)
    _t(d, (W - PAD - 6, 14), fitted(where, SMALL, room), SMALL, INK, "ra")
    y = 48
    tw = (W - 2 * PAD - 8) / 6
    for k, good in enumerate(("iki", *GOODS)):
        _tile(d, PAD + 6 + k * tw, y, tw, p[good], _good(good))
    y += 70
    tw = (W - 2 * PAD - 8) / 3
    rank = f"{p['ff']} ({_ordinal(p['ff_rank'] + 1)})"
    for k, (value, word) in enumerate(
        [
            (rank, _p("iki tile", "firefighting")),
            (p["kobun_free"], _p("iki tile", "free Kobun")),
            (len(mine), _p("iki tile", "to feed at payday")),
        ]
    ):
        _tile(d, PAD + 6 + k * tw, y, tw, value, word, 26 if k == 0 else 30)
    y += 70
    _t(d, (PAD + 6, y), _("Your characters on main street"), TEXT)
    y += 28
    cw = (W - 2 * PAD - 12) / 2
    if not mine:
        _t(d, (PAD + 6, y), _p("iki characters", "none"), SMALL, MUTED)
    for i, st in enumerate(mine):
        c = st["card"]
        x, yy = PAD + 6 + (i % 2) * cw, y + (i // 2) * 28
        _chip(d, x, yy, c["type"], 20)
        label = f"{st['nagaya'] + 1}.{st['index'] + 1} {tr(c['name'])}"
        px = x + cw - 6 - 13 * c["gains"] - text_length(_("pay {n}", n=4), SMALL) - 4
        _t(d, (x + 25, yy), fitted(label, SMALL, px - x - 30), SMALL)
        end = _pips(d, px, yy + 5, st["exp"], c["gains"], 9)
        _t(d, (end + 2, yy), _("pay {n}", n=c["salaries"][st["exp"]]), SMALL, MUTED)
    y += char_rows * 28 + 10
    _t(d, (PAD + 6, y), _("Retired (their salary at each payday)"), TEXT)
    y += 28
    for typ, line in retired:  # by type, each name whole: "Peddler: Wind chime seller 3, ..."
        if typ is not None:
            _chip(d, PAD + 6, y, typ, 20)
        alone = not p["retired"]
        _t(d, (PAD + 6 if alone else PAD + 31, y), line, SMALL, MUTED if alone else INK)
        y += 24
    y += 10
    toks = p["tokens"]
    fish = [
        _("{fish} (+{iki} iki)", fish=tr(D.FISH_NAMES[t["season"]]), iki=t["iki"])
        if t["premium"]
        else tr(D.FISH_NAMES[t["season"]])
        for t in toks
        if t["kind"] == "fish"
    ]
    pipes = sum(1 for t in toks if t["kind"] == "pipe")
    pouches = list_words([D.amount("iki", t["iki"]) for t in toks if t["kind"] == "pouch"])
    if not pouches:
        pouches = _p("iki tobacco pouches", "none")
    if pipes:
        pipe_line = _(
            "Pipes: {n} (pouches count double); tobacco pouches: {pouches}", n=pipes, pouches=pouches
        )
    else:
        pipe_line = _("Pipes: {n}; tobacco pouches: {pouches}", n=pipes, pouches=pouches)
    for line in (
        _("Fish: {fish}", fish=list_words(fish)) if fish else _("Fish: none"),
        pipe_line,
        _("Buildings: {buildings}", buildings=list_words([b["name"] for b in blds]))
        if blds
        else _("Buildings: none"),
    ):
        _t(d, (PAD + 6, y), fitted(line, SMALL, W - 2 * PAD - 12), SMALL)
        y += 24
    return image


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    seat = view.get("seat")
    if seat is None:
        return _board(view, names)
    if not view["over"] and _street_focus(view, seat):
        return _street(view, names, seat)
    return _mat(view, names, seat)


# ---------------------------------------------------------------- what the bot shows of the game

PRESENTATION = Presentation(
    draw=draw,
    describe=iki_words.describe,
    glance=iki_words.glance,
    facts=iki_words.facts,
    rules=Example(
        3,
        11,
        30,
        (
            (180, 418, T("A: in firefighting order, take a space of the Ikizama track.")),
            (200, 514, T("B: take 4 mon, or hire one of the characters for hire into a stall.")),
            (150, 46, T("Move your Oyakata that many shops; trade, use a character behind it.")),
            (476, 386, T("Paydays and fires come with the calendar.")),
            (560, 598, T("Iki is the score: characters, buildings, harmony and tokens earn it.")),
        ),
    ),
    menus={  # words the panel translates where it shows them (lazy: said in the reader's language)
        "hire": P("iki menu", "Hire"),
        "move": P("iki menu", "Move"),
        "neutral": P("iki menu", "Neutral"),
        "place": P("iki menu", "Place"),
        "stall": P("iki menu", "Stall"),
        "start_card": P("iki menu", "Start card"),
        "character": P("iki menu", "Business"),
        "shop": P("iki menu", "Shop"),
        "starve": P("iki menu", "Remove"),
        "income": P("iki menu", "Income"),
        "ikizama": P("iki menu", "Ikizama"),
        "nagaya": P("iki menu", "Nagaya"),
        "done": P("iki menu", "Done"),
    },
)

"""The Iki pictures, drawn for a phone (800 px wide, shown about 340 px wide).

Two pictures, never one big sheet:

- the public board (``view(None)``): main street and its four Nagaya, the calendar, the
  Ikizama track, the season tokens, the characters for hire, the buildings and the players'
  goods; at the end, the final scoring instead of what is left to buy;
- the private picture (``view(seat)``): that player's own mat, zoomed: their goods in large
  numbers, their characters on main street, retired characters by type, tokens, buildings.

Every word is spelled out (no "ff", "res.", "tobac."); the smallest text is 20 px, 8.5 px once
shown 340 px wide. Reads only the view. Characters show their type by colour AND letter
(P peddler, A artisan, S shop seller, M master craftsman, X special); owners by the player's
colour AND letter badge. Who acts and the next fire are in the board message's words.
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
    PLAYER_COLOURS,
    PictureCache,
    draw_text,
    fitted,
    font,
    player_name,
    text_length,
    wrap,
)
from rendering.common import player_badge as _player_badge

W = 800
PAD = 10
SMALL, TEXT, TITLE = 20, 22, 24  # SMALL is the floor: 8.5 px on a phone
TYPE_FILL = {
    "Y": (240, 200, 60),
    "N": (150, 100, 60),
    "B": (70, 130, 200),
    "R": (200, 60, 50),
    "P": (140, 80, 170),
}
TYPE_LETTER = {"Y": "P", "N": "A", "B": "S", "R": "M", "P": "X"}
TYPE_WORD = {"Y": "Peddler", "N": "Artisan", "B": "Shop seller", "R": "Master", "P": "Special"}
TYPE_TEXT = {"Y": INK, "N": (255, 255, 255), "B": (255, 255, 255), "R": (255, 255, 255), "P": (255, 255, 255)}
SEASONS = {1: "spring", 2: "summer", 3: "autumn", 4: "winter"}
FISH = {1: "shira-uo", 2: "katsuo", 3: "suzuki", 4: "tai"}
FIRE = (213, 94, 0)
NEUTRAL = (160, 160, 160)
BUILDING_FILL = (120, 110, 95)
GOODS = ("mon", "rice", "wood", "koban", "sandal")
ROW_H = 36  # one stall
NAGAYA_W = (W - 3 * PAD) // 2
NAGAYA_H = 26 + 4 * ROW_H + 6
SHOP_W = 100
PLAYER_H = 31  # a row of the players' table
MARKET_H = 48  # a character for hire, a building to build


def player_badge(d: ImageDraw.ImageDraw, xy, seat: int, r: int = 14) -> None:
    _player_badge(d, xy, seat, r, SMALL)  # the letter at the smallest size read


def _t(d: ImageDraw.ImageDraw, xy, text: str, size: int = SMALL, fill=INK, anchor: str = "la") -> None:
    draw_text(d, xy, text, font(size), fill, anchor)


def _chip(d: ImageDraw.ImageDraw, x: float, y: float, typ: str, size: int = 26) -> None:
    """A type square: colour fill plus the type letter."""
    d.rounded_rectangle((x, y, x + size, y + size), radius=5, fill=TYPE_FILL[typ], outline=INK, width=2)
    _t(d, (x + size / 2, y + size / 2), TYPE_LETTER[typ], max(SMALL, int(size * 0.7)), TYPE_TEXT[typ], "mm")


def _owner(d: ImageDraw.ImageDraw, x: float, y: float, owner: int, r: int = 13) -> None:
    if owner < 0:  # the neutral character of a 2-player game
        d.ellipse((x - r, y - r, x + r, y + r), fill=NEUTRAL, outline=INK, width=2)
        _t(d, (x, y), "N", SMALL, INK, "mm")
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
    return ", ".join(f"{v} {'firefighting' if k == 'ff' else k}" for k, v in things.items())


def _ability(c: dict) -> str:
    """What a character does at its shop, in words: "2 mon for 3 iki", "gain 2 rice"."""
    gain = _amounts(c["gain"])
    return f"{_amounts(c['pay'])} for {gain}" if c["pay"] else f"gain {gain}"


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, 'th') }"


# ---------------------------------------------------------------- main street
# Speed: a move changes at most a Nagaya or two, so each Nagaya panel is kept as a picture
# keyed by everything it shows and pasted while that content is unchanged.
_PANELS = PictureCache(8_000_000)


def _nagaya_cached(image: Image.Image, v: dict, k: int, x0: int, y0: int) -> None:
    S = v["stalls_per_nagaya"]
    key = repr(
        (
            k,
            S,
            v["shops"][2 * k : 2 * k + 2],
            [p["oyakata"] for p in v["players"]],
            [f["month"] for f in v["fires_past"] if f["nagaya"] == k],
            v["stalls"][k * S : (k + 1) * S],
        )
    )
    panel = _PANELS.get(key)
    if panel is None:
        panel = Image.new("RGB", (NAGAYA_W + 1, NAGAYA_H + 1), BACKGROUND)
        _nagaya(ImageDraw.Draw(panel), v, k)
        _PANELS.put(key, panel)
    image.paste(panel, (x0, y0))


def _nagaya(d: ImageDraw.ImageDraw, v: dict, k: int) -> None:
    S = v["stalls_per_nagaya"]
    w = NAGAYA_W
    row_h = 4 * ROW_H / S  # 3 stalls a Nagaya (2 players) are taller, the panel keeps its size
    d.rounded_rectangle((0, 0, w, NAGAYA_H), radius=10, fill=PANEL, outline=LINE, width=2)
    _t(d, (10, 2), f"Nagaya {k + 1}", TEXT)
    burnt = [str(f["month"]) for f in v["fires_past"] if f["nagaya"] == k]
    if burnt:
        _t(d, (w - 10, 4), "burnt in month " + ", ".join(burnt), SMALL, FIRE, "ra")
    top = 26
    # shops on the left: shop 2k reaches the first half of the stalls, shop 2k+1 the rest
    for j in range(2):
        shop = 2 * k + j
        sy0, sy1 = top + j * 2 * ROW_H + 2, top + (j + 1) * 2 * ROW_H - 2
        d.rounded_rectangle((6, sy0, SHOP_W, sy1), radius=8, fill=BACKGROUND, outline=INK, width=2)
        words = v["shops"][shop].split(" ")
        first = f"{shop + 1} " + (" ".join(words[:-1]) if len(words) > 1 else words[0])
        _t(d, (11, sy0), fitted(first, SMALL, SHOP_W - 10), SMALL)
        if len(words) > 1:
            _t(d, (11, sy0 + 17), fitted(words[-1], SMALL, SHOP_W - 10), SMALL)
        here = [s for s, p in enumerate(v["players"]) if p["oyakata"] == shop]
        for m, s in enumerate(here):  # the Oyakata at this shop, under its name
            player_badge(d, (19 + m * 23, sy1 - 12), s, 11)
    rx, rw = SHOP_W + 6, w - SHOP_W - 12
    for i in range(S):
        st = v["stalls"][k * S + i]
        ry = top + i * row_h
        mid = ry + row_h / 2
        name = f"{k + 1}.{i + 1}"
        fill = (225, 225, 225) if st.get("owner", 0) < 0 else BACKGROUND
        d.rounded_rectangle((rx, ry + 2, rx + rw, ry + row_h - 2), radius=6, fill=fill, outline=LINE, width=2)
        if st["corner"]:  # the corner stall: a dark end, as on the board
            d.rectangle((rx + rw - 6, ry + 2, rx + rw, ry + row_h - 2), fill=INK)
        if "card" in st:
            c = st["card"]
            _chip(d, rx + 5, mid - 11, c["type"], 22)
            pips = rx + rw - 40 - 15 * c["gains"]
            _t(d, (rx + 32, mid), fitted(c["name"], SMALL, pips - rx - 36), SMALL, INK, "lm")
            _pips(d, pips, mid - 6, st["exp"], c["gains"], 11)
            _owner(d, rx + rw - 20, mid, st["owner"])
        elif "building" in st:
            b = st["building"]
            d.rounded_rectangle(
                (rx + 5, mid - 11, rx + 27, mid + 11), radius=3, fill=BUILDING_FILL, outline=INK
            )
            _t(d, (rx + 16, mid), "B", SMALL, (255, 255, 255), "mm")
            worth = f"{b['iki']} iki"
            right = rx + rw - 40
            _t(d, (right, mid), worth, SMALL, MUTED, "rm")
            _t(
                d,
                (rx + 32, mid),
                fitted(b["name"], SMALL, right - rx - 40 - text_length(worth, SMALL)),
                SMALL,
                INK,
                "lm",
            )
            _owner(d, rx + rw - 20, mid, st["owner"])
        else:
            tag = "corner" if st["corner"] else ""
            extra = f"+{st['surcharge']} mon" if st["surcharge"] else ""
            _t(d, (rx + 10, mid), "  ".join(x for x in (name, tag, extra) if x), SMALL, MUTED, "lm")


def _main_street(image: Image.Image, v: dict, y: int) -> int:
    order = [(0, 0), (1, 0), (1, 1), (0, 1)]  # Nagaya k -> (column, row): shops 1 to 8 clockwise
    for k, (col, row) in enumerate(order):
        _nagaya_cached(image, v, k, PAD + col * (NAGAYA_W + PAD), y + row * (NAGAYA_H + 8))
    return y + 2 * NAGAYA_H + 8


# ---------------------------------------------------------------- the rest of the table
def _calendar(d: ImageDraw.ImageDraw, v: dict, y: int) -> int:
    cal = v["calendar"]
    cw = (W - 2 * PAD) / 12
    ch = 52
    for m in range(1, 13):
        x = PAD + (m - 1) * cw
        current = m == cal["month"]
        fill = HIGHLIGHT if current else (BACKGROUND if m > cal["month"] else PANEL)
        d.rounded_rectangle(
            (x, y, x + cw - 4, y + ch),
            radius=6,
            fill=fill,
            outline=INK if current else LINE,
            width=3 if current else 1,
        )
        _t(d, (x + 5, y + 3), str(m), SMALL)
        if m in cal["paydays"]:
            _t(d, (x + 5, y + 27), "pay", SMALL)
        if str(m) in cal["fires"]:
            _t(d, (x + 5, y + 27), f"fire {cal['fires'][str(m)]}", SMALL, FIRE)
        if cal["sun_moon"]:  # 2 players: the disc of the month places the neutral character
            sun = cal["sun_moon"][str(m)] == "sun"
            cx0 = x + cw - 22
            d.ellipse((cx0, y + 6, cx0 + 14, y + 20), fill=HIGHLIGHT if sun else INK, outline=INK, width=2)
    y += ch + 4
    if cal["sun_moon"]:
        _t(d, (PAD, y), "Yellow disc: sun, black disc: moon (where the neutral character goes)", SMALL, MUTED)
        y += 26
    return y


def _ikizama(d: ImageDraw.ImageDraw, v: dict, x0: int, y0: int, w: int) -> int:
    _t(d, (x0, y0), "Ikizama track", TEXT)
    bw = w / 5
    y = y0 + 30
    for k, sp in enumerate(v["ikizama"]):
        x = x0 + k * bw
        d.rounded_rectangle((x, y, x + bw - 6, y + 48), radius=6, fill=BACKGROUND, outline=INK, width=2)
        _t(d, (x + 6, y + 3), sp["space"], SMALL)
        if sp["blocked"]:
            d.line((x + 4, y + 4, x + bw - 10, y + 44), fill=FIRE, width=4)
            d.line((x + 4, y + 44, x + bw - 10, y + 4), fill=FIRE, width=4)
        if sp["seat"] is not None:
            player_badge(d, (x + bw - 24, y + 30), sp["seat"], 12)
    return y + 52


def _tokens(d: ImageDraw.ImageDraw, v: dict, x0: int, y0: int, w: int) -> int:
    season = v["season"]
    _t(d, (x0, y0), f"Tokens of {SEASONS.get(season, 'the season')}", TEXT)
    by = {kind: [t for t in v["tokens"] if t["kind"] == kind] for kind in ("fish", "pipe", "pouch")}
    fish = ", ".join(f"{t['price']}" + (f" (+{t['iki']} iki)" if t["premium"] else "") for t in by["fish"])
    lines = [
        f"Fish ({FISH.get(season, '')}): " + (fish + " mon" if fish else "none"),
        "Pipes: " + (", ".join(str(t["price"]) for t in by["pipe"]) + " mon" if by["pipe"] else "none"),
        "Pouches: " + (", ".join(f"{t['price']} mon {t['iki']} iki" for t in by["pouch"]) or "none"),
    ]
    y = y0 + 30
    for line in lines:
        _t(d, (x0, y), fitted(line, SMALL, w), SMALL)
        y += 24
    return y


def _market(d: ImageDraw.ImageDraw, v: dict, y: int) -> int:
    """The characters for hire in two columns: type, name and cost; what it does and its pay."""
    row = v["row"] or v["start_row"]
    title = "Starting characters" if not v["row"] and v["start_row"] else "Characters for hire"
    _t(d, (PAD, y), title, TEXT)
    if any(c["ff"] for c in row):
        x = PAD + text_length(title, TEXT) + 24
        _flame(d, x, y + 3)
        _t(d, (x + 18, y + 2), "firefighting they add", SMALL, FIRE)
    y += 30
    if not row:
        _t(d, (PAD, y), "none", SMALL, MUTED)
        return y + 26
    w = (W - 3 * PAD) / 2
    for i, c in enumerate(row):
        x, yy = PAD + (i % 2) * (w + PAD), y + (i // 2) * MARKET_H
        _chip(d, x, yy + 1, c["type"], 22)
        cost = f"{c['cost']} mon" + (f" (+{c['mons']} on it)" if c["mons"] else "")
        _t(d, (x + w, yy + 1), cost, SMALL, INK, "ra")
        room = w - 40 - text_length(cost, SMALL)
        if c["ff"]:  # a flame and its number: firefighting (the title says so)
            tag = f"+{c['ff']}"
            room -= text_length(tag, SMALL) + 22
            fx = x + w - text_length(cost, SMALL) - 10 - text_length(tag, SMALL)
            _flame(d, fx - 16, yy + 2)
            _t(d, (fx, yy + 1), tag, SMALL, FIRE)
        _t(d, (x + 30, yy + 1), fitted(c["name"], SMALL, room), SMALL)
        line = f"{_ability(c)}; pay " + "-".join(map(str, c["salaries"]))
        _t(d, (x + 30, yy + 24), fitted(line, SMALL, w - 30), SMALL, MUTED)
    return y + (len(row) + 1) // 2 * MARKET_H


def _buildings(d: ImageDraw.ImageDraw, v: dict, y: int) -> int:
    """The buildings left to build in two columns: name, price and worth; its ability if any."""
    _t(d, (PAD, y), "Buildings to build", TEXT)
    y += 30
    if not v["buildings"]:
        _t(d, (PAD, y), "none left", SMALL, MUTED)
        return y + 26
    w = (W - 3 * PAD) / 2
    tops = _building_rows(v["buildings"], y)
    for i, b in enumerate(v["buildings"]):
        x, yy = PAD + (i % 2) * (w + PAD), tops[i // 2]
        price = f"{b['wood']} wood, {b['mon']} mon: {b['iki']} iki"
        _t(d, (x + w, yy + 1), price, SMALL, INK, "ra")
        _t(d, (x, yy + 1), fitted(b["name"], SMALL, w - 10 - text_length(price, SMALL)), SMALL)
        if b.get("ability_text"):
            _t(d, (x + 12, yy + 24), fitted(b["ability_text"], SMALL, w - 12), SMALL, MUTED)
    return tops[-1]


def _building_rows(buildings: list[dict], y: float) -> list[float]:
    """The top of each row of two buildings, and the bottom: a row without an ability is one line."""
    tops = [y]
    for k in range(0, len(buildings), 2):
        two_lines = any(b.get("ability_text") for b in buildings[k : k + 2])
        tops.append(tops[-1] + (MARKET_H if two_lines else 27))
    return tops


def _table(
    d: ImageDraw.ImageDraw, title: str, heads: list[str], rows: list[tuple[int, list, bool]], names, y: int
) -> int:
    """Players with a number per column; a column is as wide as its heading, names get the rest."""
    _t(d, (PAD, y), title, TEXT)
    y += 30
    widths = [max(text_length(h, SMALL), 28) + 14 for h in heads]
    x = W - PAD - sum(widths)
    xs = []
    for wd in widths:
        xs.append(x + wd / 2)
        x += wd
    for h, cx in zip(heads, xs, strict=True):
        _t(d, (cx, y), h, SMALL, MUTED, "ma")
    y += 26
    name_w = xs[0] - widths[0] / 2 - PAD - 40
    for seat, values, lit in rows:
        if lit:
            d.rounded_rectangle((PAD - 4, y - 2, W - PAD + 2, y + PLAYER_H - 3), radius=6, fill=HIGHLIGHT)
        player_badge(d, (PAD + 14, y + 13), seat, 13)
        _t(d, (PAD + 34, y + 2), fitted(player_name(names, seat), TEXT, name_w), TEXT)
        for val, cx in zip(values, xs, strict=True):
            _t(d, (cx, y + 2), str(val), TEXT, INK, "ma")
        y += PLAYER_H
    return y


def _players(d: ImageDraw.ImageDraw, v: dict, names, y: int) -> int:
    heads = ["iki", "mon", "rice", "wood", "koban", "sandals", "firefighting", "free Kobun"]
    rows = []
    for s in v["ff_order"]:
        p = v["players"][s]
        rows.append((s, [p["iki"], *(p[g] for g in GOODS), p["ff"], p["kobun_free"]], s in v["to_act"]))
    return _table(d, "Players, in firefighting order", heads, rows, names, y)


def _final(d: ImageDraw.ImageDraw, v: dict, names, y: int) -> int:
    cols = ["track", "types", "fish", "tobacco", "buildings", "resources", "total"]
    heads = ["track", "types", "fish", "tobacco", "buildings", "goods", "total"]
    order = sorted(range(len(v["final"])), key=lambda k: -v["final"][k]["total"])
    rows = [(s, [v["final"][s][c] for c in cols], s in v["winners"]) for s in order]
    y = _table(d, "Final scoring, in iki", heads, rows, names, y)
    legend = (
        "track: iki earned during the game; types: the different types among their retired characters;"
        " goods: koban, wood and mon left"
    )  # at most two lines: _board leaves room for two
    for line in wrap(legend, SMALL, W - 2 * PAD):
        _t(d, (PAD, y + 2), line, SMALL, MUTED)
        y += 25
    return y


def _phase_text(v: dict) -> str:
    turn = v["turn"]
    ph = turn["phase"]
    if ph in ("start_card", "start_nagaya"):
        return "set-up: starting characters"
    if ph == "A":
        return "phase A: the Ikizama track"
    if ph == "B":
        what = {
            "income": "income or hire",
            "hire_stall": "choosing a stall",
            "build_stall": "choosing a stall",
            "move": "moving",
            "biz": "business",
        }[turn["sub"]]
        return f"phase B: {what}"
    if ph == "C_neutral":
        return "phase C: neutral character"
    if ph == "C_feed":
        return "payday: unfed characters leave"
    if ph == "NY":
        return "placing Oyakata" if turn.get("sub") == "place" else "business"
    return ""


def _header(d: ImageDraw.ImageDraw, v: dict, names) -> int:
    month = v["month"]
    if month == 0:
        head = "Iki · set-up"
    elif month > 12:
        head = "Iki · New Year's Day"
    else:
        head = f"Iki · month {month}, {SEASONS[v['season']]}"
    if v["over"]:
        won = " and ".join(player_name(names, s) for s in v["winners"])
        head = (
            f"Iki · game over: {won} win{'s' if len(v['winners']) == 1 else ''}" if won else "Iki · game over"
        )
    _t(d, (PAD, 8), fitted(head, 26, W - 2 * PAD), 26)
    rest = W - 3 * PAD - text_length(head, 26)
    phase = "" if v["over"] else _phase_text(v)
    start = [s for s, p in enumerate(v["players"]) if p["oyakata"] == -1]
    if start and not v["over"]:  # Oyakata not yet on main street
        label = "before shop 1:"
        x = W - PAD - 26 * len(start)
        _t(d, (x - 6, 12), label, SMALL, MUTED, "ra")
        for m, s in enumerate(start):
            player_badge(d, (x + 12 + m * 26, 22), s, 12)
    elif phase and text_length(phase, TEXT) < rest:
        _t(d, (W - PAD, 11), phase, TEXT, MUTED, "ra")
    return 44


# ---------------------------------------------------------------- the public board
def _board(v: dict, names) -> Image.Image:
    over = v["over"]
    n = v["num_players"]
    # the height needed, before drawing
    height = 44 + 2 * NAGAYA_H + 8 + 10
    if over:
        height += 30 + 26 + PLAYER_H * n + 2 * 25 + 12
    else:
        height += 56 + (26 if v["calendar"]["sun_moon"] else 0) + 8
        height += 30 + 3 * 24 + 8
        height += 30 + ((len(v["row"] or v["start_row"]) + 1) // 2 * MARKET_H or 26) + 6
        height += 30 + ((_building_rows(v["buildings"], 0)[-1]) or 26) + 6
    height += 30 + 26 + PLAYER_H * n + 4
    image = Image.new("RGB", (W, height), BACKGROUND)
    d = ImageDraw.Draw(image)
    y = _header(d, v, names)
    y = _main_street(image, v, y) + 10
    if over:
        y = _final(d, v, names, y) + 12
    else:
        y = _calendar(d, v, y) + 8
        half = (W - 3 * PAD) // 2
        left = _ikizama(d, v, PAD, y, half)
        right = _tokens(d, v, 2 * PAD + half, y, half)
        y = max(left, right) + 8
        y = _market(d, v, y) + 6
        y = _buildings(d, v, y) + 6
    _players(d, v, names, y)
    return image


# ---------------------------------------------------------------- the private picture: the mat
def _tile(d: ImageDraw.ImageDraw, x: float, y: float, w: float, value, word: str, big: int = 34) -> None:
    d.rounded_rectangle((x, y, x + w - 8, y + 74), radius=8, fill=BACKGROUND, outline=LINE, width=2)
    _t(d, (x + (w - 8) / 2, y + 26), str(value), big, INK, "mm")
    _t(d, (x + (w - 8) / 2, y + 60), fitted(word, SMALL, w - 14), SMALL, MUTED, "mm")


def _mat(v: dict, names, seat: int) -> Image.Image:
    p = v["players"][seat]
    mine = [st for st in v["stalls"] if st.get("owner") == seat and "card" in st]
    blds = [st["building"] for st in v["stalls"] if st.get("owner") == seat and "building" in st]
    by_type = {typ: [c for c in p["retired"] if c["type"] == typ] for typ in TYPE_FILL}
    deepest = max([len(cards) for cards in by_type.values()] + [1])
    char_rows = (len(mine) + 1) // 2 or 1
    height = 56 + 2 * 84 + 34 + char_rows * 34 + 12 + 34 + 30 + deepest * 25 + 12 + 3 * 27 + 12
    image = Image.new("RGB", (W, height), BACKGROUND)
    d = ImageDraw.Draw(image)
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    d.rounded_rectangle((2, 2, W - 3, height - 3), radius=12, fill=PANEL, outline=colour, width=5)
    player_badge(d, (PAD + 22, 28), seat, 16)
    _t(d, (PAD + 46, 14), fitted(f"{player_name(names, seat)}'s mat", 26, 420), 26)
    shop = p["oyakata"]
    if shop is None:  # taken off main street at the end of month 12, placed again on New Year's Day
        where = "Oyakata to place again"
    else:
        where = "Oyakata before shop 1" if shop < 0 else f"Oyakata at {shop + 1} {v['shops'][shop]}"
    _t(d, (W - PAD - 8, 18), fitted(where, TEXT, 300), TEXT, INK, "ra")
    y = 56
    tw = (W - 2 * PAD - 8) / 6
    for k, (value, word) in enumerate(
        [
            (p["iki"], "iki"),
            (p["mon"], "mon"),
            (p["rice"], "rice"),
            (p["wood"], "wood"),
            (p["koban"], "koban"),
            (p["sandal"], "sandals"),
        ]
    ):
        _tile(d, PAD + 8 + k * tw, y, tw, value, word)
    y += 84
    tw = (W - 2 * PAD - 8) / 3
    rank = f"{p['ff']} ({_ordinal(p['ff_rank'] + 1)} in order)"
    for k, (value, word) in enumerate(
        [(rank, "firefighting"), (p["kobun_free"], "free Kobun"), (len(mine), "to feed at payday")]
    ):
        _tile(d, PAD + 8 + k * tw, y, tw, value, word, 30 if k == 0 else 34)
    y += 84
    _t(d, (PAD + 8, y), "Your characters on main street", TEXT)
    y += 34
    cw = (W - 2 * PAD - 16) / 2
    if not mine:
        _t(d, (PAD + 8, y), "none", SMALL, MUTED)
    for i, st in enumerate(mine):
        c = st["card"]
        x, yy = PAD + 8 + (i % 2) * cw, y + (i // 2) * 34
        _chip(d, x, yy, c["type"], 24)
        label = f"{st['nagaya'] + 1}.{st['index'] + 1} {c['name']}"
        px = x + cw - 8 - 17 * c["gains"] - text_length("pay 4", SMALL) - 6
        _t(d, (x + 32, yy + 1), fitted(label, SMALL, px - x - 40), SMALL)
        end = _pips(d, px, yy + 6, st["exp"], c["gains"], 12)
        _t(d, (end + 2, yy + 1), f"pay {c['salaries'][st['exp']]}", SMALL, MUTED)
    y += char_rows * 34 + 12
    _t(d, (PAD + 8, y), "Retired characters (their salary at each payday)", TEXT)
    y += 34
    cw = (W - 2 * PAD - 16) / 5
    for k, typ in enumerate(TYPE_FILL):
        x = PAD + 8 + k * cw
        _chip(d, x, y, typ, 24)
        _t(d, (x + 30, y + 1), fitted(TYPE_WORD[typ], SMALL, cw - 34), SMALL)
        cards = by_type[typ]
        for j, c in enumerate(cards):
            _t(d, (x, y + 30 + j * 25), fitted(f"{c['name']} {c['salaries'][-1]}", SMALL, cw - 8), SMALL)
        if not cards:
            _t(d, (x, y + 30), "none", SMALL, MUTED)
    y += 30 + deepest * 25 + 12
    toks = p["tokens"]
    fish = [
        FISH[t["season"]] + (f" (+{t['iki']} iki)" if t["premium"] else "")
        for t in toks
        if t["kind"] == "fish"
    ]
    pipes = sum(1 for t in toks if t["kind"] == "pipe")
    pouches = [f"{t['iki']} iki" for t in toks if t["kind"] == "pouch"]
    for line in (
        "Fish: " + (", ".join(fish) or "none"),
        f"Pipes: {pipes}"
        + (" (your tobacco pouches count double)" if pipes else "")
        + "; tobacco pouches: "
        + (", ".join(pouches) or "none"),
        "Buildings: " + (", ".join(b["name"] for b in blds) or "none"),
    ):
        _t(d, (PAD + 8, y), fitted(line, SMALL, W - 2 * PAD - 16), SMALL)
        y += 27
    return image


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    seat = view.get("seat")
    if seat is None:
        return _board(view, names)
    return _mat(view, names, seat)

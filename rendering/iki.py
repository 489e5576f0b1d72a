"""The Iki picture: main street and the four Nagaya, calendar, Ikizama track,
character market, season tokens, buildings and the players; with a seat, that
player's board is added below (the private picture).

Reads only the view. Characters show their type by colour AND letter
(P peddler, A artisan, S shop seller, M master craftsman, X special); owners
by the player's colour AND letter badge.
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
    PLAYER_MARKS,
    PictureCache,
    draw_text,
    fitted,
    font,
    player_badge,
    player_name,
    text_length,
)

W = 1240
TYPE_FILL = {
    "Y": (240, 200, 60),
    "N": (150, 100, 60),
    "B": (70, 130, 200),
    "R": (200, 60, 50),
    "P": (140, 80, 170),
}
TYPE_LETTER = {"Y": "P", "N": "A", "B": "S", "R": "M", "P": "X"}
TYPE_WORD = {"Y": "Peddler", "N": "Artisan", "B": "Seller", "R": "Master", "P": "Special"}
TYPE_TEXT = {"Y": INK, "N": (255, 255, 255), "B": (255, 255, 255), "R": (255, 255, 255), "P": (255, 255, 255)}
SEASONS = {1: "spring", 2: "summer", 3: "autumn", 4: "winter"}
FISH = {1: "shira-uo", 2: "katsuo", 3: "suzuki", 4: "tai"}
FIRE = (213, 94, 0)
NEUTRAL = (160, 160, 160)
BUILDING_FILL = (120, 110, 95)
BUILDING_ABILITY_H = 20  # the line under a building with an ability


def _t(d: ImageDraw.ImageDraw, xy, text: str, size: int, fill=INK, anchor: str = "la") -> None:
    draw_text(d, xy, text, font(size), fill, anchor)


def _chip(d: ImageDraw.ImageDraw, x: float, y: float, typ: str, size: int = 30) -> None:
    """A type square: colour fill plus the type letter."""
    d.rounded_rectangle((x, y, x + size, y + size), radius=5, fill=TYPE_FILL[typ], outline=INK, width=2)
    _t(d, (x + size / 2, y + size / 2), TYPE_LETTER[typ], int(size * 0.7), TYPE_TEXT[typ], "mm")


def _owner(d: ImageDraw.ImageDraw, x: float, y: float, owner: int, r: int = 13) -> None:
    if owner < 0:
        d.ellipse((x - r, y - r, x + r, y + r), fill=NEUTRAL, outline=INK, width=2)
        _t(d, (x, y), "N", int(r * 1.2), INK, "mm")
    else:
        player_badge(d, (x, y), owner, r)


def _pips(d: ImageDraw.ImageDraw, x: float, y: float, exp: int, gains: int) -> float:
    """Experience: filled = gained, hollow = still to go; the last is the retirement circle."""
    for k in range(gains):
        fill = INK if k < exp else BACKGROUND
        d.ellipse((x, y, x + 13, y + 13), fill=fill, outline=INK, width=2)
        x += 17
    return x


def _ability(c: dict) -> str:
    gain = ", ".join(f"+{v} {'ff' if k == 'ff' else k}" for k, v in c["gain"].items())
    if c["pay"]:
        return ", ".join(f"{v} {k}" for k, v in c["pay"].items()) + " -> " + gain
    return gain


# ---------------------------------------------------------------- board
# Speed: a move changes at most a Nagaya or two, so each Nagaya panel is kept as a picture
# keyed by everything it shows and pasted while that content is unchanged.
_PANELS = PictureCache(12_000_000)  # about 40 panels: the last moves of several matches


def _nagaya_cached(image: Image.Image, v: dict, k: int, x0: int, y0: int, w: int) -> None:
    S = v["stalls_per_nagaya"]
    key = repr(
        (
            k,
            w,
            S,
            v["shops"][2 * k : 2 * k + 2],
            [p["oyakata"] for p in v["players"]],
            [f["month"] for f in v["fires_past"] if f["nagaya"] == k],
            v["stalls"][k * S : (k + 1) * S],
        )
    )
    panel = _PANELS.get(key)
    if panel is None:
        panel = Image.new("RGB", (w + 1, 34 + S * 60 + 8 + 1), BACKGROUND)
        _nagaya(ImageDraw.Draw(panel), v, k, 0, 0, w)
        _PANELS.put(key, panel)
    image.paste(panel, (x0, y0))


def _nagaya(d: ImageDraw.ImageDraw, v: dict, k: int, x0: int, y0: int, w: int) -> int:
    S = v["stalls_per_nagaya"]
    row_h = 60
    shop_w = 130
    h = 34 + S * row_h + 8
    d.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=10, fill=PANEL, outline=LINE, width=2)
    burnt = [f for f in v["fires_past"] if f["nagaya"] == k]
    title = f"Nagaya {k + 1}"
    _t(d, (x0 + 10, y0 + 6), title, 22)
    note = "edge (fire starts) to corner"
    if burnt:
        note = "fire m" + ",".join(str(f["month"]) for f in burnt) + " | edge to corner"
    _t(d, (x0 + w - 10, y0 + 9), note, 18, FIRE if burnt else MUTED, "ra")
    top = y0 + 34
    # shops on the left: shop 2k reaches stalls 0-1, shop 2k+1 the rest
    spans = [(0, 2), (2, 4)] if S == 4 else [(0, 1.5), (1.5, 3)]
    for j, (a, b) in enumerate(spans):
        shop = 2 * k + j
        sy0, sy1 = top + a * row_h + 2, top + b * row_h - 2
        d.rounded_rectangle((x0 + 6, sy0, x0 + shop_w, sy1), radius=8, fill=BACKGROUND, outline=INK, width=2)
        _t(d, (x0 + 14, sy0 + 6), f"{shop + 1}", 22, MUTED)
        words = v["shops"][shop].split(" ")
        line1 = " ".join(words[:-1]) if len(words) > 1 else words[0]
        line2 = words[-1] if len(words) > 1 else ""
        _t(d, (x0 + 38, sy0 + 8), fitted(line1, 18, shop_w - 40), 18)
        _t(d, (x0 + 14, sy0 + 30), fitted(line2, 18, shop_w - 16), 18)
        here = [s for s, p in enumerate(v["players"]) if p["oyakata"] == shop]
        for m, s in enumerate(here):
            player_badge(d, (x0 + 24 + m * 28, sy1 - 18), s, 13)
    for i in range(S):
        st = v["stalls"][k * S + i]
        ry = top + i * row_h
        name_of = f"{k + 1}.{i + 1}"
        rx = x0 + shop_w + 8
        rw = w - shop_w - 14
        fill = BACKGROUND
        if st.get("card") and st["owner"] < 0:
            fill = (225, 225, 225)
        d.rounded_rectangle((rx, ry + 2, rx + rw, ry + row_h - 2), radius=6, fill=fill, outline=LINE, width=2)
        if st["corner"]:
            d.rectangle((rx + rw - 6, ry + 2, rx + rw, ry + row_h - 2), fill=INK)
        if "card" in st:
            c = st["card"]
            _chip(d, rx + 6, ry + 6, c["type"], 26)
            _t(d, (rx + 20, ry + 34), name_of, 18, MUTED, "ma")
            _t(d, (rx + 40, ry + 5), fitted(c["name"], 19, rw - 80), 19)
            px = _pips(d, rx + 42, ry + 36, st["exp"], c["gains"])
            sal = c["salaries"][st["exp"]]
            _t(d, (px + 4, ry + 32), f"pay {sal}" + (f" ff+{c['ff']}" if c["ff"] else ""), 18, MUTED)
            _owner(d, rx + rw - 24, ry + row_h / 2, st["owner"])
        elif "building" in st:
            b = st["building"]
            d.rounded_rectangle(
                (rx + 6, ry + 8, rx + 34, ry + 36), radius=3, fill=BUILDING_FILL, outline=INK, width=2
            )
            _t(d, (rx + 20, ry + 22), "B", 20, (255, 255, 255), "mm")
            _t(d, (rx + 40, ry + 5), fitted(b["name"], 19, rw - 80), 19)
            _t(d, (rx + 42, ry + 32), f"building, {b['iki']} iki", 18, MUTED)
            _owner(d, rx + rw - 24, ry + row_h / 2, st["owner"])
        else:
            tag = "corner" if st["corner"] else ("shared" if S == 3 and i == 1 else "empty")
            extra = f"  +{st['surcharge']} mon" if st["surcharge"] else ""
            _t(d, (rx + 12, ry + 18), f"{name_of}  {tag}{extra}", 18, MUTED)
    return h


def _calendar(d: ImageDraw.ImageDraw, v: dict, x0: int, y0: int, w: int) -> int:
    cal = v["calendar"]
    _t(d, (x0, y0), "Calendar", 22)
    cw = (w - 10) // 6
    ch = 54
    for m in range(1, 13):
        r, c = divmod(m - 1, 6)
        x, y = x0 + c * cw, y0 + 30 + r * (ch + 6)
        current = m == cal["month"]
        fill = HIGHLIGHT if current else (BACKGROUND if m > cal["month"] else PANEL)
        d.rounded_rectangle(
            (x, y, x + cw - 6, y + ch),
            radius=6,
            fill=fill,
            outline=INK if current else LINE,
            width=3 if current else 1,
        )
        _t(d, (x + 6, y + 3), str(m), 20)
        marks = []
        if m in cal["paydays"]:
            marks.append(("pay", INK))
        if str(m) in cal["fires"]:
            marks.append((f"F{cal['fires'][str(m)]}", FIRE))
        if cal["sun_moon"]:
            sun = cal["sun_moon"][str(m)] == "sun"
            cx0, cy0 = x + cw - 26, y + 6
            d.ellipse((cx0, cy0, cx0 + 15, cy0 + 15), fill=HIGHLIGHT if sun else INK, outline=INK, width=2)
        mx = x + 6
        for text, col in marks:
            _t(d, (mx, y + 28), text, 18, col)
            mx += text_length(text, 18) + 6
    y = y0 + 30 + 2 * (ch + 6)
    month = cal["month"]
    if cal["sun_moon"]:
        _t(d, (x0, y + 2), "disc: sun (yellow) / moon (black) places the neutral", 17, MUTED)
        y += 22
    label = (
        "New Year's Day" if month > 12 else (f"Month {month} ({SEASONS[v['season']]})" if month else "Set-up")
    )
    _t(d, (x0, y + 2), label, 20)
    if cal["next_fire"]:
        m, s = cal["next_fire"]
        _t(d, (x0 + w, y + 4), f"next fire: m{m}, strength {s}", 18, FIRE, "ra")
    return y + 28 - y0


def _ikizama(d: ImageDraw.ImageDraw, v: dict, x0: int, y0: int, w: int) -> int:
    _t(d, (x0, y0), "Ikizama track (phase B goes left to right)", 20)
    bw = (w - 10) // 5
    for k, sp in enumerate(v["ikizama"]):
        x, y = x0 + k * bw, y0 + 28
        d.rounded_rectangle((x, y, x + bw - 8, y + 56), radius=6, fill=BACKGROUND, outline=INK, width=2)
        _t(d, (x + 8, y + 4), sp["space"], 22)
        if sp["blocked"]:
            d.line((x + 4, y + 4, x + bw - 12, y + 52), fill=FIRE, width=4)
            d.line((x + 4, y + 52, x + bw - 12, y + 4), fill=FIRE, width=4)
        if sp["seat"] is not None:
            player_badge(d, (x + bw - 30, y + 34), sp["seat"], 14)
    return 92


def _market(d: ImageDraw.ImageDraw, v: dict, x0: int, y0: int, w: int) -> int:
    row = v["row"] or v["start_row"]
    title = "Starting characters" if not v["row"] and v["start_row"] else "Character market"
    counts = " ".join(f"{SEASONS[int(s)][:2]}:{c}" for s, c in v["deck_counts"].items())
    _t(d, (x0, y0), title, 22)
    decks = f"decks {counts}"
    y = y0 + 30
    if (
        text_length(title, 22) + 12 + text_length(decks, 17) > w
    ):  # no room beside the title: a line of its own
        _t(d, (x0, y - 2), decks, 17, MUTED)
        y += 20
    else:
        _t(d, (x0 + w, y0 + 4), decks, 17, MUTED, "ra")
    if not row:
        _t(d, (x0 + 8, y), "(empty)", 18, MUTED)
        return 58
    for c in row:
        _chip(d, x0, y, c["type"], 26)
        _t(d, (x0 + 34, y + 2), fitted(c["name"], 19, w - 190), 19)
        info = f"{c['cost']} mon"
        if c["mons"]:
            info += f" (+{c['mons']} on it)"
        if c["ff"]:
            info += f", ff+{c['ff']}"
        _t(d, (x0 + w, y + 3), info, 18, INK, "ra")
        pays = "-".join(map(str, c["salaries"]))
        _t(d, (x0 + 34, y + 26), fitted(f"{_ability(c)} | pay {pays}", 17, w - 34), 17, MUTED)
        y += 50
    return y - y0


def _tokens(d: ImageDraw.ImageDraw, v: dict, x0: int, y0: int, w: int) -> int:
    season = v["season"]
    _t(d, (x0, y0), f"Season tokens ({SEASONS.get(season, '')})", 20)
    fish = [t for t in v["tokens"] if t["kind"] == "fish"]
    pipes = [t for t in v["tokens"] if t["kind"] == "pipe"]
    pouches = [t for t in v["tokens"] if t["kind"] == "pouch"]
    y = y0 + 28
    fish_txt = ", ".join(f"{t['price']}" + (f"* ({t['iki']} iki)" if t["premium"] else "") for t in fish)
    lines = [
        f"Fish {FISH.get(season, '')}: " + (fish_txt or "none") + " mon",
        "Pipes: " + (", ".join(str(t["price"]) for t in pipes) or "none") + " mon",
        "Pouches: " + (", ".join(f"{t['price']}m/{t['iki']}iki" for t in pouches) or "none"),
    ]
    for line in lines:
        _t(d, (x0 + 4, y), fitted(line, 18, w - 4), 18)
        y += 25
    return y - y0


def _buildings(d: ImageDraw.ImageDraw, v: dict, x0: int, y0: int, w: int) -> int:
    _t(d, (x0, y0), "Buildings to build (wood, mon -> iki)", 20)
    y = y0 + 28
    for b in v["buildings"]:
        _t(d, (x0 + 4, y), fitted(b["name"], 18, w - 150), 18)
        _t(d, (x0 + w, y), f"{b['wood']}w {b['mon']}m -> {b['iki']}", 18, INK, "ra")
        y += 25
        if b.get("ability_text"):  # an ability, with its (stand-in) amount
            _t(d, (x0 + 16, y - 3), fitted(b["ability_text"], 16, w - 16), 16, MUTED)
            y += BUILDING_ABILITY_H
    if not v["buildings"]:
        _t(d, (x0 + 4, y), "(none left)", 18, MUTED)
        y += 25
    return y - y0


def _players(d: ImageDraw.ImageDraw, v: dict, names, x0: int, y0: int, w: int) -> int:
    _t(d, (x0, y0), "Players (in firefighting order; ff ties: top of stack first)", 20)
    cols = ["iki", "mon", "rice", "wood", "koban", "sandal", "ff", "kobun"]
    cx = [x0 + 250 + k * ((w - 260) // len(cols)) for k in range(len(cols))]
    y = y0 + 30
    for k, c in enumerate(cols):
        _t(d, (cx[k], y), c, 18, MUTED)
    y += 24
    for s in v["ff_order"]:
        p = v["players"][s]
        if s in v["to_act"]:
            d.rounded_rectangle((x0 - 4, y - 3, x0 + w, y + 31), radius=6, fill=HIGHLIGHT)
        player_badge(d, (x0 + 16, y + 14), s, 14)
        _t(d, (x0 + 38, y + 3), fitted(player_name(names, s), 20, 200), 20)
        vals = [p["iki"], p["mon"], p["rice"], p["wood"], p["koban"], p["sandal"], p["ff"], p["kobun_free"]]
        for k, val in enumerate(vals):
            _t(d, (cx[k], y + 3), str(val), 20)
        y += 36
    return y - y0


def _final(d: ImageDraw.ImageDraw, v: dict, names, x0: int, y0: int, w: int) -> int:
    _t(d, (x0, y0), "Final scoring", 22)
    cols = ["track", "types", "fish", "tobacco", "buildings", "resources", "total"]
    heads = ["track", "types", "fish", "tobac.", "build.", "res.", "TOTAL"]
    cx = [x0 + 250 + k * ((w - 260) // len(cols)) for k in range(len(cols))]
    y = y0 + 30
    for k, c in enumerate(heads):
        _t(d, (cx[k], y), c, 18, MUTED)
    y += 24
    for s in sorted(range(len(v["final"])), key=lambda k: -v["final"][k]["total"]):
        f = v["final"][s]
        if s in v["winners"]:
            d.rounded_rectangle((x0 - 4, y - 3, x0 + w, y + 31), radius=6, fill=HIGHLIGHT)
        player_badge(d, (x0 + 16, y + 14), s, 14)
        win = " (winner)" if s in v["winners"] else ""
        _t(d, (x0 + 38, y + 3), fitted(player_name(names, s) + win, 20, 205), 20)
        for k, c in enumerate(cols):
            _t(d, (cx[k], y + 3), str(f[c]), 20)
        y += 36
    return y - y0


# ---------------------------------------------------------------- private sheet
def _sheet(d: ImageDraw.ImageDraw, v: dict, names, seat: int, x0: int, y0: int, w: int) -> int:
    p = v["players"][seat]
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    d.rounded_rectangle((x0, y0, x0 + w, y0 + 350), radius=12, fill=PANEL, outline=colour, width=5)
    player_badge(d, (x0 + 26, y0 + 26), seat, 16)
    _t(d, (x0 + 52, y0 + 12), f"Your board: {player_name(names, seat)} ({PLAYER_MARKS[seat]})", 24)
    res = f"iki {p['iki']}   mon {p['mon']}   rice {p['rice']}   wood {p['wood']}   koban {p['koban']}   sandals {p['sandal']}"
    _t(d, (x0 + 16, y0 + 48), res, 22)
    rank = p["ff_rank"] + 1
    mine = sum(1 for st in v["stalls"] if st.get("owner") == seat and "card" in st)
    _t(
        d,
        (x0 + 16, y0 + 80),
        f"firefighting {p['ff']} (#{rank} in order)   free Kobun {p['kobun_free']}   characters to feed {mine}",
        20,
    )
    # retired characters in their type columns
    cw = (w - 32) // 5
    y = y0 + 114
    for k, typ in enumerate(TYPE_FILL):
        x = x0 + 16 + k * cw
        _chip(d, x, y, typ, 26)
        _t(d, (x + 32, y + 3), TYPE_WORD[typ], 18)
        yy = y + 32
        cards = [c for c in p["retired"] if c["type"] == typ]
        for c in cards[:4]:
            _t(d, (x, yy), fitted(f"{c['name']} ({c['salaries'][-1]})", 18, cw - 8), 18)
            yy += 22
        if len(cards) > 4:
            _t(d, (x, yy), f"+{len(cards) - 4} more", 18, MUTED)
        if not cards:
            _t(d, (x, yy), "no retired", 18, MUTED)
    _t(d, (x0 + 16, y0 + 114 + 32 + 5 * 22 + 2), "retired characters (salary at payday)", 18, MUTED)
    toks = p["tokens"]
    fish = [f"{FISH[t['season']]}" + ("*" if t["premium"] else "") for t in toks if t["kind"] == "fish"]
    pipes = sum(1 for t in toks if t["kind"] == "pipe")
    pouch = [str(t["iki"]) for t in toks if t["kind"] == "pouch"]
    y = y0 + 114 + 32 + 6 * 22 + 4
    line = f"fish: {', '.join(fish) or 'none'}   pipes: {pipes}   pouches (iki): {', '.join(pouch) or 'none'}"
    _t(d, (x0 + 16, y), fitted(line, 20, w - 32), 20)
    blds = [st["building"]["name"] for st in v["stalls"] if st.get("owner") == seat and "building" in st]
    _t(d, (x0 + 16, y + 28), fitted("buildings: " + (", ".join(blds) or "none"), 20, w - 32), 20)
    return 340


def _phase_text(v: dict, names) -> str:
    turn = v["turn"]
    ph = turn["phase"]
    if ph in ("start_card", "start_nagaya"):
        return "set-up: starting characters"
    if ph == "A":
        return "phase A: Ikizama"
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


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    v = view
    seat = v.get("seat")
    n = v["num_players"]
    board_w = 800
    panel_w = (board_w - 30) // 2
    S = v["stalls_per_nagaya"]
    panel_h = 34 + S * 60 + 8
    right_x = board_w + 20
    right_w = W - right_x - 14
    # the height needed, before drawing
    market_n = max(1, len(v["row"] or v["start_row"]))
    right_h = 60 + 180 + 100 + 60 + market_n * 50 + 110 + 40 + max(1, len(v["buildings"])) * 25 + 20
    right_h += sum(BUILDING_ABILITY_H for b in v["buildings"] if b.get("ability_text"))
    left_h = 60 + 2 * panel_h + 40 + 60 + 36 * n + 30
    if v["final"]:
        left_h += 60 + 36 * n
    height = max(right_h, left_h) + (370 if seat is not None else 0) + 10
    image = Image.new("RGB", (W, height), BACKGROUND)
    d = ImageDraw.Draw(image)
    # header
    month = v["month"]
    when = "Set-up" if month == 0 else ("New Year's Day" if month > 12 else f"Month {month}")
    head = f"Iki - {when}"
    if v["over"]:
        won = " and ".join(player_name(names, s) for s in v["winners"])
        head += f" - game over: {won} win{'s' if len(v['winners']) == 1 else ''}" if won else " - game over"
    _t(d, (14, 10), head, 28)
    phase = _phase_text(v, names)
    if phase:
        _t(d, (14 + text_length(head, 28) + 16, 16), fitted(phase, 20, 520), 20, MUTED)
    act = v["to_act"]
    if act:
        who = ", ".join(player_name(names, s) for s in act)
        _t(d, (W - 14, 14), fitted(f"to act: {who}", 22, 600), 22, INK, "ra")
    # board: loop order 1 -> 8 clockwise in the picture
    order = [(0, 0), (1, 0), (1, 1), (0, 1)]  # Nagaya k -> (col, row)
    for k in range(4):
        col, row = order[k]
        _nagaya_cached(image, v, k, 14 + col * (panel_w + 12), 56 + row * (panel_h + 12), panel_w)
    y = 56 + 2 * (panel_h + 12)
    start_here = [s for s, p in enumerate(v["players"]) if p["oyakata"] == -1]
    line = "Oyakata move 1 -> 8 -> 1; passing 8 -> 1 gives 1 experience. Stall 2.3 = Nagaya 2, 3rd from the edge."
    _t(d, (14, y), line, 18, MUTED)
    if start_here:
        _t(d, (14, y + 22), "At the start (before shop 1):", 18, MUTED)
        for m, s in enumerate(start_here):
            player_badge(d, (270 + m * 30, y + 32), s, 12)
    y += 52
    y += _players(d, v, names, 14, y, board_w - 14) + 8
    if v["final"]:
        y += _final(d, v, names, 14, y, board_w - 14) + 8
    # right column
    ry = 56
    ry += _calendar(d, v, right_x, ry, right_w) + 12
    ry += _ikizama(d, v, right_x, ry, right_w) + 10
    ry += _market(d, v, right_x, ry, right_w) + 10
    ry += _tokens(d, v, right_x, ry, right_w) + 10
    ry += _buildings(d, v, right_x, ry, right_w) + 10
    if seat is not None:
        top = max(y, ry) + 6
        _sheet(d, v, names, seat, 14, top, W - 28)
    return image

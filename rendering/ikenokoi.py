"""Ike No Koi pictures, drawn for a phone (800 px wide, shown about 340 px wide).

The river, the pond and the pool, the Honour tokens and their leaders, the common challenge
and every pontoon, two to a row; the smallest text is 20 px, 8.5 px once shown 340 px wide.
Reads only ``IkeNoKoiState.view(seat)``. With a seat, the picture is that player's private
one: their secret challenge, the pool's faces if they hold a lantern and the pond cards they
peeked at with a lotus flower. At the end the river gives way to the score table.
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
    WATER,
    PictureCache,
    clipped,
    draw_text,
    fitted,
    font,
    new_canvas,
    player_badge,
    player_name,
    text_length,
    wrap,
)

WIDTH = 800
PAD = 10
SMALL, TEXT = 20, 22  # SMALL is the floor: 8.5 px on a phone
KOI_FILL = (252, 226, 196)
GARDEN_FILLS = {
    "bamboo": (190, 225, 170),
    "lotus": (245, 205, 225),
    "bridge": (205, 175, 140),
    "lantern": (250, 230, 140),
}
BRIDGE_COLOUR = (120, 80, 40)
BAMBOO_COLOUR = (40, 120, 50)
TOKEN_FILL = (255, 236, 150)
OUT_FILL = (215, 210, 200)
LINE_H = 28
HEADER_H = 44
CARD_W, CARD_H = 78, 100
CELL_W, CELL_H = 73, 58
PANEL_W = (WIDTH - 3 * PAD) // 2
PANEL_H = 62 + 2 * CELL_H + 10
TOKENS_H = 30 + 60 + 34


def _name(names: list[str] | None, seat: int) -> str:
    return clipped(player_name(names, seat), 18)


def _t(d: ImageDraw.ImageDraw, xy, text: str, size: int = SMALL, fill=INK, anchor: str = "la") -> None:
    draw_text(d, xy, text, font(size), fill, anchor)


def _card(d: ImageDraw.ImageDraw, x: int, y: int, kind: str, w: int = CARD_W, h: int = CARD_H) -> None:
    """One face-up pond card: a big number for a Koi, a word for a Garden card."""
    koi = kind.isdigit()
    fill = KOI_FILL if koi else GARDEN_FILLS.get(kind, PANEL)
    d.rounded_rectangle((x, y, x + w, y + h), radius=9, fill=fill, outline=INK, width=2)
    if koi:
        _t(d, (x + w / 2, y + h / 2 - 8), kind, int(h * 0.4), INK, "mm")
        _t(d, (x + w / 2, y + h - 16), "Koi", SMALL, MUTED, "mm")
    else:
        _t(d, (x + w / 2, y + h / 2), fitted(kind, SMALL, w - 6), SMALL, INK, "mm")


def _back(d: ImageDraw.ImageDraw, x: int, y: int, label: str, count: int) -> None:
    """A face-down pile with its size."""
    for k in (6, 3, 0):
        d.rounded_rectangle(
            (x + k, y - k, x + CARD_W + k, y + CARD_H - k), radius=9, fill=WATER, outline=INK, width=2
        )
    _t(d, (x + CARD_W / 2, y + CARD_H / 2 - 10), str(count), 34, INK, "mm")
    _t(d, (x + CARD_W / 2, y + CARD_H - 18), label, SMALL, INK, "mm")


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float = 9) -> None:
    """The mark of an Honour leader (with the yellow fill: never colour alone)."""
    import math

    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    d.polygon(points, fill=INK)


def _decision_line(view: dict, names: list[str] | None) -> str:
    if view["over"]:
        winners = view["winners"]
        who = " and ".join(_name(names, w) for w in winners)
        return f"Game over - {'winner' if len(winners) == 1 else 'winners'}: {who}"
    d = view["decision"]
    who = _name(names, d["seat"])
    ex = view.get("exchange")
    return {
        "turn": f"{who} is drawing",
        "order": f"{who} is ordering peeked cards",
        "bamboo": f"{who} places a bamboo",
        "bridge": f"{who} places a bridge",
        "share": f"Sharing: {who} takes a card",
        "exchange": f"{who} may exchange",
        "give": _give_line(who, ex, names),
    }.get(d["type"], f"{who} to act")


def _give_line(who: str, ex: dict | None, names: list[str] | None) -> str:
    if not ex:
        return f"{who} gives two Koi"
    line = f"{who} takes a {ex['target'][1]} from {_name(names, ex['target'][0])}, gives two Koi"
    if ex["given"]:
        line += " (" + ", ".join(map(str, ex["given"])) + " so far)"
    return line


# Speed: a move changes a pontoon or two, so each pontoon is kept as a picture keyed by
# everything it shows and pasted while that content is unchanged.
_PONTOONS = PictureCache(6_000_000)


def _pontoon_cached(
    image: Image.Image, x: int, y: int, view: dict, seat: int, names: list[str] | None
) -> None:
    key = repr(
        (
            seat,
            _name(names, seat),
            view["seat"] == seat,
            seat in view["to_act"],
            seat == view["active"] and not view["over"],
            seat in view["winners"],
            view["players"][seat],
            sorted(z for z, s in view["leaders"].items() if s == seat),
            view["varieties"],
            view["grid"],
        )
    )
    panel = _PONTOONS.get(key)
    if panel is None:
        panel = Image.new("RGB", (PANEL_W + 1, PANEL_H + 1), BACKGROUND)
        _pontoon(ImageDraw.Draw(panel), view, seat, names)
        _PONTOONS.put(key, panel)
    image.paste(panel, (x, y))


def _pontoon(d: ImageDraw.ImageDraw, view: dict, seat: int, names: list[str] | None) -> None:
    p = view["players"][seat]
    acting = seat in view["to_act"]
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    d.rounded_rectangle(
        (0, 0, PANEL_W, PANEL_H - 6),
        radius=12,
        fill=PANEL,
        outline=INK if acting else LINE,
        width=5 if acting else 2,
    )
    d.rectangle((3, 10, 9, PANEL_H - 16), fill=colour)
    player_badge(d, (30, 22), seat, 15, SMALL)
    score = f"{p['score']['total']} lotus"
    _t(d, (PANEL_W - 12, 22), score, TEXT, INK, "rm")
    tag = ""
    if seat in view["winners"]:
        tag = "winner"
    elif acting:
        tag = "to act"
    elif seat == view["active"] and not view["over"]:
        # Their turn, but another player decides now (a Sharing, an Exchange)
        tag = "waits"
    right = PANEL_W - 20 - text_length(score, TEXT)
    if tag:
        tw = text_length(tag, SMALL) + 14
        right -= tw + 6
        d.rounded_rectangle(
            (right, 10, right + tw, 34),
            radius=8,
            fill=HIGHLIGHT if tag != "waits" else BACKGROUND,
            outline=INK,
        )
        _t(d, (right + tw / 2, 22), tag, SMALL, INK, "mm")
    title = _name(names, seat) + (" (you)" if view["seat"] == seat else "")
    _t(d, (52, 22), fitted(title, TEXT, right - 60), TEXT, INK, "lm")
    parts = [f"{p['koi_cards']} Koi"]
    if p["lotus"]:
        parts.append(f"{p['lotus']} lotus flower" + ("s" if p["lotus"] > 1 else ""))
    if p["lanterns"]:
        parts.append(f"{p['lanterns']} lantern" + ("s" if p["lanterns"] > 1 else ""))
    if p["bridges"]:
        parts.append("bridges " + ", ".join(f"{a}-{b}" for a, b in p["bridges"]))
    _t(d, (16, 40), fitted(" · ".join(parts), SMALL, PANEL_W - 26), SMALL)

    gx = 12
    gy = 66
    leaders = view["leaders"]
    in_play = set(view["varieties"])
    protected = {z for pair in p["bridges"] for z in pair}
    cells: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(view["grid"]):
        for c, v in enumerate(row):
            cx, cy = gx + c * CELL_W, gy + r * CELL_H
            cells[v] = (cx, cy)
            z = p["zones"][str(v)]
            lead = leaders.get(str(v)) == seat
            fill = HIGHLIGHT if lead else (BACKGROUND if v in in_play else OUT_FILL)
            edge, width = (BRIDGE_COLOUR, 4) if v in protected else (LINE, 2)
            d.rectangle((cx, cy, cx + CELL_W - 6, cy + CELL_H - 6), fill=fill, outline=edge, width=width)
            _t(d, (cx + 5, cy + 2), str(v), SMALL, MUTED)
            total = z["koi"] + z["bamboo"]
            if total:
                _t(d, (cx + CELL_W / 2 - 6, cy + CELL_H / 2 + 4), str(total), 30, INK, "mm")
            if z["bamboo"]:
                tag = "B" if z["bamboo"] == 1 else f"{z['bamboo']}B"
                tw = text_length(tag, SMALL) + 8
                d.rounded_rectangle(
                    (cx + CELL_W - 10 - tw, cy + 4, cx + CELL_W - 10, cy + 26), radius=5, fill=BAMBOO_COLOUR
                )
                _t(d, (cx + CELL_W - 10 - tw / 2, cy + 15), tag, SMALL, (255, 255, 255), "mm")
            if lead:
                _star(d, cx + CELL_W - 19, cy + CELL_H - 18)
    # bridges: a thick bar across the border of the two zones
    for a, b in p["bridges"]:
        (ax, ay), (bx, by) = cells[a], cells[b]
        if ay == by:
            mx = bx - 3
            box = (mx - 7, ay + 26, mx + 7, ay + CELL_H - 12)
        else:
            my = by - 3
            box = (ax + 30, my - 7, ax + 58, my + 7)
        d.rounded_rectangle(box, radius=4, fill=BRIDGE_COLOUR, outline=INK, width=2)


def _river(d: ImageDraw.ImageDraw, view: dict, names: list[str] | None, y: int) -> int:
    """The river's four places, the pond and the pool (faces when your lantern shows them)."""
    over = view["over"]
    _t(d, (PAD, y), "River" + (" (a Sharing)" if view.get("share_next") is not None else ""), TEXT)
    px = PAD + 4 * (CARD_W + 8) + 14
    _t(d, (px, y), "Pond", TEXT)
    qx = px + CARD_W + 30
    pool = view.get("pool")
    label = "Pool" + (" (your lantern shows it)" if pool and not over else "")
    _t(d, (qx, y), fitted(label, TEXT, WIDTH - PAD - qx), TEXT)
    y += 30
    river = view["river"]
    for i in range(4):
        x = PAD + i * (CARD_W + 8)
        if i < len(river):
            _card(d, x, y, river[i])
        else:
            d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=9, outline=LINE, width=2)
    _back(d, px, y + 6, "cards", view["pond_size"])
    if pool:
        step = min(CARD_W + 8, (WIDTH - PAD - qx) // len(pool))
        for i, k in enumerate(pool):
            _card(d, qx + i * step, y, k, w=step - 8)
    else:
        _back(d, qx, y + 6, "cards", view["pool_size"])
        if view.get("pool_taker") is not None:
            x = qx + CARD_W + 20
            _t(d, (x, y + 30), "taken by", SMALL, INK)
            _t(d, (x, y + 54), fitted(_name(names, view["pool_taker"]), SMALL, WIDTH - PAD - x), SMALL)
    y += CARD_H + 8
    notes = []
    if view.get("share_next") is not None and view.get("drawn"):
        notes.append("Drawn this turn: " + _cardsdraw_text(view["drawn"]))
    disc = view.get("discard") or {}
    if disc:
        notes.append("Discarded: " + ", ".join(f"{v} {k}" for k, v in disc.items()))
    if notes:
        _t(d, (PAD, y), fitted(" · ".join(notes), SMALL, WIDTH - 2 * PAD), SMALL, MUTED)
        y += 26
    return y


def _river_h(view: dict) -> int:
    notes = view.get("discard") or (view.get("share_next") is not None and view.get("drawn"))
    return 30 + CARD_H + 8 + (26 if notes else 0)


def _tokens(d: ImageDraw.ImageDraw, view: dict, y: int) -> int:
    """Honour tokens 2 to 11: the variety, its value in lotus, its leader now."""
    who = "who won each" if view["over"] else "who leads each now"
    _t(d, (PAD, y), f"Honour tokens: their value, and {who}", TEXT)
    y += 30
    tv = view["token_values"]
    step = (WIDTH - 2 * PAD) / 10
    for i, v in enumerate(range(2, 12)):
        x = PAD + i * step
        box = (x, y, x + step - 6, y + 56)
        if str(v) not in tv:
            d.rounded_rectangle(box, radius=8, outline=LINE, width=2)
            _t(d, (x + (step - 6) / 2, y + 28), "out", SMALL, MUTED, "mm")
            continue
        d.rounded_rectangle(box, radius=8, fill=TOKEN_FILL, outline=INK, width=2)
        _t(d, (x + (step - 6) / 2, y + 17), str(v), 26, INK, "mm")
        _t(d, (x + (step - 6) / 2, y + 43), f"{tv[str(v)]} lotus", SMALL, INK, "mm")
        leader = view["leaders"].get(str(v))
        if leader is None:
            _t(d, (x + (step - 6) / 2, y + 76), "none", SMALL, MUTED, "mm")
        else:
            player_badge(d, (x + (step - 6) / 2, y + 76), leader, 14, SMALL)
    return y + 94


def _scores(d: ImageDraw.ImageDraw, view: dict, names: list[str] | None, y: int) -> int:
    """At the end: each player's lotus by source, the winner first."""
    heads = ["Honour tokens", "common", "secret", "lotus flowers", "total"]
    keys = ["honour", "common", "secret", "lotus", "total"]
    widths = [text_length(h, SMALL) + 16 for h in heads]
    x = WIDTH - PAD - sum(widths)
    xs = []
    for w in widths:
        xs.append(x + w / 2)
        x += w
    _t(d, (PAD, y), "Final score in lotus", TEXT)
    y += 30
    for h, cx in zip(heads, xs, strict=True):
        _t(d, (cx, y), h, SMALL, MUTED, "ma")
    y += 26
    n = view["num_players"]
    for s in sorted(range(n), key=lambda k: -view["players"][k]["score"]["total"]):
        sc = view["players"][s]["score"]
        if s in view["winners"]:
            d.rounded_rectangle((PAD - 4, y - 2, WIDTH - PAD + 2, y + 30), radius=6, fill=HIGHLIGHT)
        player_badge(d, (PAD + 14, y + 14), s, 13, SMALL)
        _t(d, (PAD + 34, y + 3), fitted(_name(names, s), TEXT, xs[0] - widths[0] / 2 - PAD - 40), TEXT)
        for k, cx in zip(keys, xs, strict=True):
            _t(d, (cx, y + 3), str(sc[k] or 0), TEXT, INK, "ma")
        y += 34
    return y


def _lines(view: dict, names: list[str] | None) -> list[str]:
    """The text box: the common challenge; a player's secret, pool and peek; at the end the secrets."""
    seat = view["seat"]
    width = WIDTH - 2 * PAD - 24
    lines = wrap("Common challenge: " + _challengedraw_text(view["common_challenge"], "common"), SMALL, width)
    if view["over"]:
        for s, p in enumerate(view["players"]):
            ch = p.get("challenge")
            if ch:
                text = f"{_name(names, s)}'s secret: {ch['text']}"
                lines.append(fitted(text, SMALL, width - 100) + f"  {p['score']['secret'] or 0} lotus")
    elif seat is not None and view.get("secret_challenge"):
        text = "Your secret challenge: " + _challengedraw_text(view["secret_challenge"], "individual")
        lines += wrap(text + f", now worth {view.get('secret_points')} lotus to you", SMALL, width)
    if seat is not None and view.get("peek"):
        lines += wrap(
            "Your lotus peek, top of the pond first: " + _cardsdraw_text(view["peek"]), SMALL, width
        )
    return lines


LEGEND = "Big number: Koi and bamboo (B) in the zone. Yellow with a star: leads that Honour token. Brown bar: a bridge."


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    n = view["num_players"]
    over = view["over"]
    rows = (n + 1) // 2
    lines = _lines(view, names)
    legend = wrap(LEGEND, SMALL, WIDTH - 2 * PAD)
    top = HEADER_H + 10
    top += (30 + 26 + 34 * n + 10) if over else _river_h(view) + 4
    top += TOKENS_H + len(lines) * LINE_H + 14 + 10
    height = top + rows * PANEL_H + len(legend) * 25 + 8
    image, d = new_canvas(WIDTH, height)

    d.rectangle((0, 0, WIDTH, HEADER_H), fill=WATER)
    head = "Ike No Koi" + ("" if over else f" · turn {view['turn']}")
    _t(d, (PAD, HEADER_H / 2), head, 26, INK, "lm")
    rest = WIDTH - 3 * PAD - text_length(head, 26)
    _t(d, (WIDTH - PAD, HEADER_H / 2), fitted(_decision_line(view, names), TEXT, rest), TEXT, INK, "rm")

    y = HEADER_H + 10
    y = (_scores(d, view, names, y) + 10) if over else _river(d, view, names, y) + 4
    y = _tokens(d, view, y)
    d.rounded_rectangle(
        (PAD, y, WIDTH - PAD, y + len(lines) * LINE_H + 14), radius=10, fill=PANEL, outline=LINE, width=2
    )
    for k, line in enumerate(lines):
        _t(d, (PAD + 12, y + 8 + k * LINE_H), line, SMALL)
    for s in range(n):
        col, row = s % 2, s // 2
        _pontoon_cached(image, PAD + col * (PANEL_W + PAD), top + row * PANEL_H, view, s, names)
    y = top + rows * PANEL_H
    for line in legend:
        _t(d, (WIDTH / 2, y), line, SMALL, MUTED, "ma")
        y += 25
    return image


def _cardsdraw_text(kinds: list[str]) -> str:
    return ", ".join(k if not k.isdigit() else f"Koi {k}" for k in kinds) or "empty"


def _challengedraw_text(ch: dict, which: str) -> str:
    kind = ch["kind"]
    if kind.startswith("honour_"):
        return ch["text"]
    value = ch[which]
    unit = "lotus per pair" if kind == "pairs" else "lotus"
    return f"{ch['text']} [{value} {unit}]"


__all__ = ["draw"]

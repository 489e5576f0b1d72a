"""Ike No Koi pictures: the river, the pond and pool, Honour tokens, challenges and every pontoon.

Reads only ``IkeNoKoiState.view(seat)``. With a seat, the picture is that
player's private one: their secret challenge, the pool if they hold a lantern
and the pond cards they peeked at with a lotus flower.
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
    WATER,
    PictureCache,
    draw_text,
    font,
    new_canvas,
    player_badge,
    player_name,
    text_length,
    text_width,
)

WIDTH = 1200
PAD = 16
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
TEXT, LINE_H = 22, 30
TOKENS_Y = 226
TOKEN_R = 38
CELL_W, CELL_H = 104, 70
PANEL_W = (WIDTH - 3 * PAD) // 2
PANEL_H = 66 + 2 * CELL_H + 20


def _wrap(draw: ImageDraw.ImageDraw, text: str, size: int, width: float) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_width(draw, trial, size) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _name(names: list[str] | None, seat: int) -> str:
    name = player_name(names, seat)
    return name if len(name) <= 18 else name[:17] + "."


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, kind: str, w: int = 96, h: int = 128) -> None:
    """One face-up pond card: a big number for a Koi, a word for a Garden card."""
    koi = kind.isdigit()
    fill = KOI_FILL if koi else GARDEN_FILLS.get(kind, PANEL)
    draw.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=fill, outline=INK, width=2)
    if koi:
        draw_text(draw, (x + w / 2, y + h / 2 - 8), kind, font=font(int(h * 0.42)), fill=INK, anchor="mm")
        draw_text(draw, (x + w / 2, y + h - 18), "Koi", font=font(18), fill=MUTED, anchor="mm")
    else:
        size = 18
        while size > 12 and text_length(kind.upper(), size) > w - 8:  # the largest size that fits the card
            size -= 1
        draw_text(
            draw,
            (x + w / 2, y + h / 2),
            kind.upper(),
            font=font(size),
            fill=INK,
            anchor="mm",
        )


def _back(
    draw: ImageDraw.ImageDraw, x: int, y: int, label: str, count: int, w: int = 96, h: int = 128
) -> None:
    """A face-down pile with its size."""
    for k in (6, 3, 0):
        draw.rounded_rectangle(
            (x + k, y - k, x + w + k, y + h - k), radius=10, fill=WATER, outline=INK, width=2
        )
    draw_text(draw, (x + w / 2, y + h / 2 - 10), str(count), font=font(40), fill=INK, anchor="mm")
    draw_text(draw, (x + w / 2, y + h - 20), label, font=font(18), fill=INK, anchor="mm")


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
_PONTOONS = PictureCache(8_000_000)  # about 20 pontoons: the last moves of several matches


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
            (view.get("decision") or {}).get("type") == "share",
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
        _pontoon(ImageDraw.Draw(panel), 0, 0, view, seat, names)
        _PONTOONS.put(key, panel)
    image.paste(panel, (x, y))


def _pontoon(
    draw: ImageDraw.ImageDraw, x: int, y: int, view: dict, seat: int, names: list[str] | None
) -> None:
    p = view["players"][seat]
    me = view["seat"] == seat
    acting = seat in view["to_act"]
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    draw.rounded_rectangle(
        (x, y, x + PANEL_W, y + PANEL_H - 8),
        radius=12,
        fill=PANEL,
        outline=INK if acting else LINE,
        width=5 if acting else 2,
    )
    draw.rectangle((x + 3, y + 10, x + 11, y + PANEL_H - 18), fill=colour)
    player_badge(draw, (x + 36, y + 26), seat, radius=17)
    title = _name(names, seat) + (" (you)" if me else "")
    if acting:
        title += "  < to act"
    elif seat == view["active"] and not view["over"]:
        # Their turn, but another player decides now (a Sharing, an Exchange): say who waits,
        # so that the picture and the board's "Waiting for ..." agree on who acts.
        sharing = (view.get("decision") or {}).get("type") == "share"
        title += "  (shares, waits)" if sharing else "  (their turn, waits)"
    if seat in view["winners"]:
        title += "  WINNER"
    draw_text(draw, (x + 60, y + 26), title, font=font(24), fill=INK, anchor="lm")
    sc = p["score"]
    draw_text(draw, (x + PANEL_W - 14, y + 26), f"{sc['total']} lotus", font=font(26), fill=INK, anchor="rm")
    parts = [f"{p['koi_cards']} Koi"]
    if p["lotus"]:
        parts.append(f"lotus flower x{p['lotus']}")
    if p["lanterns"]:
        parts.append(f"lantern x{p['lanterns']}")
    if p["bridges"]:
        parts.append("bridge " + " ".join(f"{a}-{b}" for a, b in p["bridges"]))
    # (at the end the score breakdown is spelled out in the text box above the pontoons)
    draw_text(draw, (x + 22, y + 56), ", ".join(parts), font=font(19), fill=INK, anchor="lm")

    gx = x + (PANEL_W - 5 * CELL_W) // 2 + 8
    gy = y + 74
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
            draw.rectangle((cx, cy, cx + CELL_W - 8, cy + CELL_H - 8), fill=fill, outline=edge, width=width)
            draw_text(draw, (cx + 7, cy + 4), str(v), font=font(18), fill=MUTED)
            total = z["koi"] + z["bamboo"]
            if total:
                draw_text(
                    draw,
                    (cx + CELL_W / 2 - 4, cy + CELL_H / 2 - 2),
                    str(total),
                    font=font(34),
                    fill=INK,
                    anchor="mm",
                )
            if z["bamboo"]:
                tag = "B" if z["bamboo"] == 1 else f"{z['bamboo']}B"
                draw.rounded_rectangle(
                    (cx + CELL_W - 44, cy + 4, cx + CELL_W - 12, cy + 27), radius=5, fill=BAMBOO_COLOUR
                )
                draw_text(
                    draw, (cx + CELL_W - 28, cy + 16), tag, font=font(18), fill=(255, 255, 255), anchor="mm"
                )
            if lead:
                draw_text(
                    draw, (cx + CELL_W - 12, cy + CELL_H - 11), "LEAD", font=font(16), fill=INK, anchor="rb"
                )
    # bridges: a thick bar across the border of the two zones
    for a, b in p["bridges"]:
        (ax, ay), (bx, by) = cells[a], cells[b]
        # kept clear of the bamboo tag (top right) and LEAD (bottom right) of the zones
        if ay == by:
            mx = bx - 4
            box = (mx - 8, ay + 10, mx + 8, ay + CELL_H - 18)
        else:
            my = by - 4
            box = (ax + 12, my - 8, ax + 48, my + 8)
        draw.rounded_rectangle(box, radius=4, fill=BRIDGE_COLOUR, outline=INK, width=2)


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    n = view["num_players"]
    seat = view["seat"]
    private = seat is not None
    over = view["over"]
    rows = (n + 1) // 2

    # the text box (challenges and private notes) decides the height
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    box_w = WIDTH - 2 * PAD - 24
    lines: list[str] = _wrap(
        scratch, "Common challenge: " + _challengedraw_text(view["common_challenge"], "common"), TEXT, box_w
    )
    if over:
        for s, p in enumerate(view["players"]):
            ch = p.get("challenge")
            if ch:
                txt = f"{PLAYER_MARKS[s]} {_name(names, s)}'s secret: " + _challengedraw_text(
                    ch, "individual"
                )
                lines += _wrap(scratch, txt + f" -> {p['score']['secret']}", TEXT, box_w)
        for s in sorted(range(n), key=lambda k: -view["players"][k]["score"]["total"]):
            sc = view["players"][s]["score"]
            txt = (
                f"{PLAYER_MARKS[s]} {_name(names, s)}: {sc['total']} lotus = honour tokens {sc['honour']}"
                f" + common {sc['common']} + secret {sc['secret'] or 0} + lotus flowers {sc['lotus']}"
            )
            lines += _wrap(scratch, txt, TEXT, box_w)
    elif private and view.get("secret_challenge"):
        txt = "Your secret challenge: " + _challengedraw_text(view["secret_challenge"], "individual")
        txt += f" (now worth {view.get('secret_points')} lotus to you)"
        lines += _wrap(scratch, txt, TEXT, box_w)
    if private and not over and view.get("pool") is not None:
        lines.append("Pool (your lantern shows it): " + _cardsdraw_text(view["pool"]))
    if private and view.get("peek"):
        lines.append("Your lotus peek, top of the pond first: " + _cardsdraw_text(view["peek"]))
    top_h = TOKENS_Y + 122 + len(lines) * LINE_H + 28
    height = top_h + rows * PANEL_H + 36
    image, d = new_canvas(WIDTH, height)

    # header: title, turn, who acts
    d.rectangle((0, 0, WIDTH, 56), fill=WATER)
    draw_text(d, (PAD, 28), "Ike No Koi", font=font(30), fill=INK, anchor="lm")
    head = _decision_line(view, names)
    if not over:
        head = f"Turn {view['turn']}  -  " + head
    draw_text(d, (WIDTH - PAD, 28), head, font=font(24), fill=INK, anchor="rm")

    # the river, the pond and the pool
    y = 70
    draw_text(d, (PAD, y + 4), "River", font=font(22), fill=INK)
    if view.get("share_next") is not None:
        draw_text(d, (PAD, y + 34), "Sharing", font=font(18), fill=INK)
    river = view["river"]
    for i in range(4):
        x = PAD + 84 + i * 108
        if i < len(river):
            _card(d, x, y, river[i])
        else:
            d.rounded_rectangle((x, y, x + 96, y + 128), radius=10, outline=LINE, width=2)
    px = PAD + 84 + 4 * 108 + 36
    _back(d, px, y + 6, "pond", view["pond_size"])
    pool = view.get("pool")
    if pool:
        draw_text(
            d, (px + 128, y - 2), "Pool" + (" (you see it)" if not over else ""), font=font(18), fill=INK
        )
        for i, k in enumerate(pool):
            step = min(104, (WIDTH - PAD - px - 128) // len(pool))
            _card(d, px + 128 + i * step, y + 24, k, w=step - 8, h=104)
    else:
        _back(d, px + 128, y + 6, "pool", view["pool_size"])
        if view.get("pool_taker") is not None:
            taker = _name(names, view["pool_taker"])
            draw_text(d, (px + 246, y + 50), "pool taken by", font=font(18), fill=INK, anchor="lm")
            draw_text(d, (px + 246, y + 76), taker, font=font(18), fill=INK, anchor="lm")
    if view.get("share_next") is not None and view.get("drawn"):
        draw_text(
            d,
            (PAD, y + 150),
            "Drawn this turn: " + _cardsdraw_text(view["drawn"]),
            font=font(18),
            fill=INK,
            anchor="lb",
        )
    disc = view.get("discard") or {}
    if disc:
        text = "Discarded: " + ", ".join(f"{k} x{v}" for k, v in disc.items())
        draw_text(d, (WIDTH - PAD, y + 150), text, font=font(18), fill=MUTED, anchor="rb")

    # Honour tokens with their leader now
    y = TOKENS_Y
    draw_text(d, (PAD, y + 22), "Honour", font=font(22), fill=INK, anchor="lm")
    draw_text(d, (PAD, y + 48), "tokens", font=font(22), fill=INK, anchor="lm")
    draw_text(d, (PAD, y + 76), "leader:", font=font(18), fill=MUTED, anchor="lm")
    tv = view["token_values"]
    r = TOKEN_R
    for i, v in enumerate(range(2, 12)):
        cx, cy = PAD + 150 + i * 102, y + 36
        if str(v) not in tv:
            d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=LINE, width=2)
            draw_text(d, (cx, cy), "out", font=font(18), fill=MUTED, anchor="mm")
            continue
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TOKEN_FILL, outline=INK, width=2)
        draw_text(d, (cx, cy - 10), str(v), font=font(30), fill=INK, anchor="mm")
        # the token's value in lotus (stand-in values from the game's data, via the view)
        draw_text(d, (cx, cy + 18), f"{tv[str(v)]} lotus", font=font(17), fill=INK, anchor="mm")
        leader = view["leaders"].get(str(v))
        if leader is None:
            draw_text(d, (cx, cy + 58), "nobody", font=font(18), fill=MUTED, anchor="mm")
        else:
            player_badge(d, (cx, cy + 58), leader, radius=15)

    # challenges, then private notes
    y = TOKENS_Y + 122
    d.rounded_rectangle(
        (PAD, y, WIDTH - PAD, y + len(lines) * LINE_H + 14), radius=10, fill=PANEL, outline=LINE, width=2
    )
    for k, line in enumerate(lines):
        draw_text(d, (PAD + 12, y + 8 + k * LINE_H), line, font=font(TEXT), fill=INK)

    # pontoons
    for s in range(n):
        col, row = s % 2, s // 2
        _pontoon_cached(image, PAD + col * (PANEL_W + PAD), top_h + row * PANEL_H, view, s, names)

    legend = "Big number = Koi + bamboo (B) in the zone.  Yellow LEAD = Honour leader.  Brown bar = bridge."
    draw_text(d, (WIDTH / 2, top_h + rows * PANEL_H + 4), legend, font=font(18), fill=MUTED, anchor="mt")
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

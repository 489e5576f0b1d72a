"""Ike No Koi pictures, drawn for a phone (600 px wide, shown 274 px wide in a Discord card).

The public board: the river, the pond and the pool, the Honour tokens and their leaders, the
common challenge and every pontoon, two to a row. At the end the river gives way to the score
table. The smallest text is 18 px, 8.2 px once shown 274 px wide (bench/phone.py).

A seat's private picture is about its decision: the river and that player's own pond, large,
with the Honour tokens' leaders, their secret challenge, the pool's faces if they hold a lantern
and the pond cards they peeked at with a lotus flower. Only an Exchange, which takes a card from
another pond, shows every pontoon (the public layout, seen by that player). Reads only
``IkeNoKoiState.view(seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.ikenokoi import data
from games.text import P, T
from rendering import ikenokoi_words
from rendering.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    PLAYER_COLOURS,
    TO_PLAY,
    WATER,
    WINNER,
    WINNER_FILL,
    PictureCache,
    Presentation,
    clipped,
    draw_text,
    fitted,
    font,
    new_canvas,
    player_badge,
    player_name,
    text_length,
    to_play,
    wrap,
)
from rendering.i18n import _, _n, _np, current, list_words, tr
from rendering.ikenokoi_words import challenge_text
from rendering.rules import Example

WIDTH = 600
PAD = 8
SMALL, TEXT, BIG = 18, 20, 24  # SMALL is the floor: 8.2 px shown 274 px wide
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
LINE_H = 24
HEADER_H = 36
DECISION_H = 26
CARD_W, CARD_H = 62, 80
RIVER_W, RIVER_GAP = 76, 6  # a river card: "bamboo" (69 px) whole
PANEL_W = (WIDTH - 3 * PAD) // 2
TOKENS_H = 28 + 82  # the title, then the tokens and their leaders' badges (_tokens)
LEGEND_H = 22
SCORE_ROW = 30
SCORE_R = 14  # a pontoon's score, on a lotus disc beside the player's name
SECRET_H = 22  # a line of a player's secret challenge under their final score


@dataclass(frozen=True)
class Pond:
    """The size of a pontoon as drawn: half the width on the board, the whole width alone."""

    width: int
    cell_w: int
    cell_h: int
    count: int  # the size of a zone's count

    @property
    def height(self) -> int:
        return 58 + 2 * self.cell_h + 8


HALF = Pond(PANEL_W, (PANEL_W - 16) // 5, 45, 24)
WHOLE = Pond(WIDTH - 2 * PAD, (WIDTH - 2 * PAD - 16) // 5, 66, 34)


def _name(names: list[str] | None, seat: int) -> str:
    return clipped(player_name(names, seat), 18)


def _t(d: ImageDraw.ImageDraw, xy, text: str, size: int = SMALL, fill=INK, anchor: str = "la") -> None:
    draw_text(d, xy, text, font(size), fill, anchor)


def kind_of(k: str) -> str:
    """The word written on a Garden card ("bamboo")."""
    return tr(data.kind_word(k))


def _card(d: ImageDraw.ImageDraw, x: int, y: int, kind: str, w: int = CARD_W, h: int = CARD_H) -> None:
    """One face-up pond card: a big number for a Koi, a word for a Garden card."""
    koi = kind.isdigit()
    fill = KOI_FILL if koi else GARDEN_FILLS.get(kind, PANEL)
    d.rounded_rectangle((x, y, x + w, y + h), radius=9, fill=fill, outline=INK, width=2)
    if koi:
        _t(d, (x + w / 2, y + h / 2 - 8), kind, int(h * 0.4), INK, "mm")
        _t(d, (x + w / 2, y + h - 13), "Koi", SMALL, MUTED, "mm")
    else:
        _t(d, (x + w / 2, y + h / 2), fitted(kind_of(kind), SMALL, w - 6), SMALL, INK, "mm")


def _back(d: ImageDraw.ImageDraw, x: int, y: int, label: str, count: int) -> None:
    """A face-down pile with its size."""
    for k in (6, 3, 0):
        d.rounded_rectangle(
            (x + k, y - k, x + CARD_W + k, y + CARD_H - k), radius=9, fill=WATER, outline=INK, width=2
        )
    _t(d, (x + CARD_W / 2, y + CARD_H / 2 - 8), str(count), 28, INK, "mm")
    _t(d, (x + CARD_W / 2, y + CARD_H - 15), label, SMALL, INK, "mm")


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
        who = ""
        for w in winners:
            who = _("{names} and {name}", names=who, name=_name(names, w)) if who else _name(names, w)
        return _n("Game over - winner: {who}", "Game over - winners: {who}", len(winners), who=who)
    d = view["decision"]
    who = _name(names, d["seat"])
    kind = d["type"]
    if kind == "turn":
        return to_play(who, _("drawing"))
    if kind == "order":
        return _("{who} is ordering peeked cards", who=who)
    if kind == "bamboo":
        return _("{who} places a bamboo", who=who)
    if kind == "bridge":
        return _("{who} places a bridge", who=who)
    if kind == "share":
        return _("Sharing: {who} takes a card", who=who)
    if kind == "exchange":
        return _("{who} may exchange", who=who)
    if kind == "give":
        return _give_line(who, view.get("exchange"), names)
    return to_play(who)


def _give_line(who: str, ex: dict | None, names: list[str] | None) -> str:
    if not ex:
        return _("{who} gives two Koi", who=who)
    v, other = ex["target"][1], _name(names, ex["target"][0])
    if ex["given"]:
        given = list_words([str(g) for g in ex["given"]])
        return _(
            "{who} takes a {v} from {other}, gives two Koi ({given} so far)",
            who=who,
            v=v,
            other=other,
            given=given,
        )
    return _("{who} takes a {v} from {other}, gives two Koi", who=who, v=v, other=other)


# Speed: a move changes a pontoon or two, so each pontoon is kept as a picture keyed by
# everything it shows and pasted while that content is unchanged.
_PONTOONS = PictureCache(6_000_000)


def _pontoon_cached(
    image: Image.Image, x: int, y: int, view: dict, seat: int, names: list[str] | None, pond: Pond = HALF
) -> None:
    key = repr(
        (
            current(),
            pond,
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
        panel = Image.new("RGB", (pond.width + 1, pond.height + 1), BACKGROUND)
        _pontoon(ImageDraw.Draw(panel), view, seat, names, pond)
        _PONTOONS.put(key, panel)
    image.paste(panel, (x, y))


def _pontoon(d: ImageDraw.ImageDraw, view: dict, seat: int, names: list[str] | None, pond: Pond) -> None:
    p = view["players"][seat]
    acting = seat in view["to_act"]
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    w, h = pond.width, pond.height
    d.rounded_rectangle(
        (0, 0, w, h - 6),
        radius=12,
        fill=PANEL,
        outline=INK if acting else LINE,
        width=5 if acting else 2,
    )
    d.rectangle((3, 10, 8, h - 16), fill=colour)
    player_badge(d, (28, 20), seat, 14, SMALL)
    tag, waits = "", False
    if seat in view["winners"]:
        tag = tr(WINNER)
    elif acting:
        tag = tr(TO_PLAY)
    elif seat == view["active"] and not view["over"]:
        # Their turn, but another player decides now (a Sharing, an Exchange)
        tag, waits = _("waits"), True
    right = w - 8
    if tag:
        tw = text_length(tag, SMALL) + 12
        right -= tw + 4
        d.rounded_rectangle(
            (right, 9, right + tw, 31),
            radius=8,
            fill=HIGHLIGHT if not waits else BACKGROUND,
            outline=INK,
        )
        _t(d, (right + tw / 2, 20), tag, SMALL, INK, "mm")
    # The score beside the name, on a lotus disc as the Honour tokens' values; under them what
    # the pond holds, whole: the bridges (drawn as bars in the pond) leave the line when it
    # would be cut; "flowers" as in the final table.
    title = _("{name} (you)", name=_name(names, seat)) if view["seat"] == seat else _name(names, seat)
    right -= 2 * SCORE_R + 6
    d.ellipse(
        (right, 20 - SCORE_R, right + 2 * SCORE_R, 20 + SCORE_R), fill=GARDEN_FILLS["lotus"], outline=INK
    )
    _t(d, (right + SCORE_R, 21), str(p["score"]["total"]), SMALL, INK, "mm")
    parts = [_n("{n} Koi", "{n} Koi", p["koi_cards"])]
    _t(d, (48, 20), fitted(title, TEXT, right - 54), TEXT, INK, "lm")
    if p["lotus"]:
        # TRANSLATORS: Lotus flower cards a player holds (Ike No Koi)
        parts.append(_np("ikenokoi", "{n} flower", "{n} flowers", p["lotus"]))
    if p["lanterns"]:
        parts.append(_n("{n} lantern", "{n} lanterns", p["lanterns"]))
    line = " · ".join(parts)
    if p["bridges"]:
        pairs = list_words([f"{a}-{b}" for a, b in p["bridges"]])
        bridges = " · ".join([line, _("bridges {pairs}", pairs=pairs)])
        line = bridges if text_length(bridges, SMALL) <= w - 22 else line
    _t(d, (14, 36), fitted(line, SMALL, w - 22), SMALL)

    cw, ch = pond.cell_w, pond.cell_h
    gx, gy = 12, 60
    leaders = view["leaders"]
    in_play = set(view["varieties"])
    protected = {z for pair in p["bridges"] for z in pair}
    cells: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(view["grid"]):
        for c, v in enumerate(row):
            cx, cy = gx + c * cw, gy + r * ch
            cells[v] = (cx, cy)
            z = p["zones"][str(v)]
            lead = leaders.get(str(v)) == seat
            fill = HIGHLIGHT if lead else (BACKGROUND if v in in_play else OUT_FILL)
            edge, width = (BRIDGE_COLOUR, 4) if v in protected else (LINE, 2)
            d.rectangle((cx, cy, cx + cw - 5, cy + ch - 5), fill=fill, outline=edge, width=width)
            # the zone's variety top left, its star top right, bamboo bottom left, the count in the middle
            _t(d, (cx + 4, cy + 1), str(v), SMALL, MUTED)
            total = z["koi"] + z["bamboo"]
            if total:
                _t(d, (cx + cw * 0.64, cy + ch * 0.6), str(total), pond.count, INK, "mm")
            if z["bamboo"]:
                tag = "B" if z["bamboo"] == 1 else f"{z['bamboo']}B"
                tw = text_length(tag, SMALL) + 6
                d.rounded_rectangle(
                    (cx + 3, cy + ch - 27, cx + 3 + tw, cy + ch - 8), radius=4, fill=BAMBOO_COLOUR
                )
                _t(d, (cx + 3 + tw / 2, cy + ch - 17), tag, SMALL, (255, 255, 255), "mm")
            if lead:
                _star(d, cx + cw - 14, cy + 10, 7)
    # bridges: a thick bar across the border of the two zones
    for a, b in p["bridges"]:
        (ax, ay), (bx, by) = cells[a], cells[b]
        if ay == by:
            mx = bx - 3
            box = (mx - 6, ay + ch * 0.4, mx + 6, ay + ch - 10)
        else:
            my = by - 3
            box = (ax + cw * 0.35, my - 6, ax + cw * 0.75, my + 6)
        d.rounded_rectangle(box, radius=4, fill=BRIDGE_COLOUR, outline=INK, width=2)


def _river(d: ImageDraw.ImageDraw, view: dict, names: list[str] | None, y: int) -> int:
    """The river's four places, the pond and the pool (faces when your lantern shows them)."""
    over = view["over"]
    _t(d, (PAD, y), _("River (a Sharing)") if view.get("share_next") is not None else _("River"), TEXT)
    px = PAD + 4 * (RIVER_W + RIVER_GAP) + 8
    _t(d, (px, y), _("Pond"), TEXT)
    qx = px + CARD_W + 18
    pool = view.get("pool")
    label = _("Pool (you see it)") if pool and not over else _("Pool")
    _t(d, (qx, y), fitted(label, TEXT, WIDTH - PAD - qx), TEXT)
    y += 28
    river = view["river"]
    for i in range(4):
        x = PAD + i * (RIVER_W + RIVER_GAP)
        if i < len(river):
            _card(d, x, y, river[i], RIVER_W)
        else:
            d.rounded_rectangle((x, y, x + RIVER_W, y + CARD_H), radius=9, outline=LINE, width=2)
    # TRANSLATORS: under the number of cards of a face-down pile
    _back(d, px, y + 6, _n("cards", "cards", view["pond_size"]), view["pond_size"])
    if pool:
        step = min(CARD_W + 8, (WIDTH - PAD - qx) // len(pool))
        for i, k in enumerate(pool):
            _card(d, qx + i * step, y, k, w=step - 8)
    else:
        _back(d, qx, y + 6, _n("cards", "cards", view["pool_size"]), view["pool_size"])
        if view.get("pool_taker") is not None:
            x = qx + CARD_W + 16
            _t(d, (x, y + 22), _("taken by"), SMALL, INK)
            _t(d, (x, y + 44), fitted(_name(names, view["pool_taker"]), SMALL, WIDTH - PAD - x), SMALL)
    y += CARD_H + 8
    notes = []
    if view.get("share_next") is not None and view.get("drawn"):
        notes.append(_("Drawn this turn: {cards}", cards=_cards_text(view["drawn"])))
    disc = view.get("discard") or {}
    if disc:
        counted = [tr(data.counted_kind(k, v)) for k, v in disc.items()]
        notes.append(_("Discarded: {cards}", cards=list_words(counted)))
    if notes:
        _t(d, (PAD, y), fitted(" · ".join(notes), SMALL, WIDTH - 2 * PAD), SMALL, MUTED)
        y += LINE_H
    return y


def _river_h(view: dict) -> int:
    notes = view.get("discard") or (view.get("share_next") is not None and view.get("drawn"))
    return 28 + CARD_H + 8 + (LINE_H if notes else 0)


def _tokens(d: ImageDraw.ImageDraw, view: dict, y: int) -> int:
    """Honour tokens 2 to 11: the variety, its value in lotus (on a lotus disc), its leader now."""
    _t(d, (PAD, y), _("Honour tokens: variety, value in lotus, who leads now"), TEXT)
    end = y + TOKENS_H
    y += 28
    tv = view["token_values"]
    step = (WIDTH - 2 * PAD) / 10
    for i, v in enumerate(range(2, 12)):
        x = PAD + i * step
        mid = x + (step - 5) / 2
        box = (x, y, x + step - 5, y + 50)
        if str(v) not in tv:
            d.rounded_rectangle(box, radius=8, outline=LINE, width=2)
            # TRANSLATORS: an Honour token out of the game (variety 11 at 2-3 players)
            _t(d, (mid, y + 25), fitted(_("out"), SMALL, step - 7), SMALL, MUTED, "mm")
            continue
        d.rounded_rectangle(box, radius=8, fill=TOKEN_FILL, outline=INK, width=2)
        _t(d, (x + 5, y + 14), str(v), BIG, INK, "lm")
        d.ellipse((mid + 1, y + 24, mid + 23, y + 46), fill=GARDEN_FILLS["lotus"], outline=INK)
        _t(d, (mid + 12, y + 35), str(tv[str(v)]), SMALL, INK, "mm")
        leader = view["leaders"].get(str(v))
        if leader is None:
            # TRANSLATORS: nobody leads this Honour token
            _t(d, (mid, y + 66), fitted(_("none"), SMALL, step - 3), SMALL, MUTED, "mm")
        else:
            player_badge(d, (mid, y + 66), leader, 12, SMALL)
    return end


def _secrets(view: dict) -> dict[int, list[str]]:
    """At the end: each player's secret challenge in full, in lines of the score table's width."""
    room = WIDTH - 2 * PAD - 32
    return {
        s: wrap(_("secret: {text}", text=challenge_text(p["challenge"])), SMALL, room)
        for s, p in enumerate(view["players"])
        if p.get("challenge")
    }


def _scores_h(view: dict) -> int:
    return 28 + 24 + SCORE_ROW * view["num_players"] + SECRET_H * sum(map(len, _secrets(view).values()))


def _scores(d: ImageDraw.ImageDraw, view: dict, names: list[str] | None, y: int) -> int:
    """At the end: each player's lotus by source, the winner first, and under each row the
    player's secret challenge, whole (the "secret" column is what it earned)."""
    heads = [tr(h) for h in SCORE_HEADS]
    keys = ["honour", "common", "secret", "lotus", "total"]
    widths = [text_length(h, SMALL) + 16 for h in heads]
    x = WIDTH - PAD - sum(widths)
    xs = []
    for w in widths:
        xs.append(x + w / 2)
        x += w
    _t(d, (PAD, y), _("Final score in lotus: Honour tokens, challenges, lotus flowers"), TEXT)
    y += 28
    for h, cx in zip(heads, xs, strict=True):
        _t(d, (cx, y), h, SMALL, MUTED, "ma")
    y += 24
    n = view["num_players"]
    secrets = _secrets(view)
    for s in sorted(range(n), key=lambda k: -view["players"][k]["score"]["total"]):
        sc = view["players"][s]["score"]
        below = secrets.get(s, [])
        if s in view["winners"]:
            bottom = y + 28 + SECRET_H * len(below)
            d.rounded_rectangle((PAD - 4, y - 2, WIDTH - PAD + 2, bottom), radius=6, fill=WINNER_FILL)
        player_badge(d, (PAD + 13, y + 13), s, 12, SMALL)
        _t(d, (PAD + 32, y + 2), fitted(_name(names, s), TEXT, xs[0] - widths[0] / 2 - PAD - 38), TEXT)
        for k, cx in zip(keys, xs, strict=True):
            _t(d, (cx, y + 2), str(sc[k] or 0), TEXT, INK, "ma")
        y += SCORE_ROW
        for line in below:
            _t(d, (PAD + 32, y - 3), line, SMALL, MUTED)
            y += SECRET_H
    return y


def _lines(view: dict, names: list[str] | None) -> list[str]:
    """The text box: the common challenge; a player's secret, pool and peek (at the end the
    secrets are in the score table, under each player's row)."""
    seat = view["seat"]
    width = WIDTH - 2 * PAD - 24
    common = _challenge_line(view["common_challenge"], "common")
    lines = wrap(_("Common challenge: {text}", text=common), SMALL, width)
    if not view["over"] and seat is not None and view.get("secret_challenge"):
        text = _challenge_line(view["secret_challenge"], "individual")
        lines += wrap(
            _n(
                "Your secret challenge: {text}, now worth {n} lotus to you",
                "Your secret challenge: {text}, now worth {n} lotus to you",
                view.get("secret_points") or 0,
                text=text,
            ),
            SMALL,
            width,
        )
    if seat is not None and view.get("peek"):
        lines += wrap(
            _("Your lotus peek, top of the pond first: {cards}", cards=_cards_text(view["peek"])),
            SMALL,
            width,
        )
    return lines


LEGEND = T(
    "Big number: Koi and bamboo (B) in the zone. Yellow with a star: leads that Honour token."
    " Brown bar: a bridge. Pink disc: lotus (a score)."
)


def _header(d: ImageDraw.ImageDraw, view: dict, names: list[str] | None) -> int:
    """The title and the turn; under it, who decides what (one line of its own: it is long)."""
    d.rectangle((0, 0, WIDTH, HEADER_H + DECISION_H), fill=WATER)
    head = "Ike No Koi" if view["over"] else _("Ike No Koi · turn {turn}", turn=view["turn"])
    _t(d, (PAD, HEADER_H / 2 + 2), head, BIG, INK, "lm")
    line = fitted(_decision_line(view, names), TEXT, WIDTH - 2 * PAD)
    _t(d, (PAD, HEADER_H + DECISION_H / 2 - 2), line, TEXT, INK, "lm")
    return HEADER_H + DECISION_H + 6


def _text_box(d: ImageDraw.ImageDraw, lines: list[str], y: int) -> int:
    d.rounded_rectangle(
        (PAD, y, WIDTH - PAD, y + len(lines) * LINE_H + 12), radius=10, fill=PANEL, outline=LINE, width=2
    )
    for k, line in enumerate(lines):
        _t(d, (PAD + 12, y + 6 + k * LINE_H), line, SMALL)
    return y + len(lines) * LINE_H + 12 + 8


def _legend(d: ImageDraw.ImageDraw, lines: list[str], y: int) -> None:
    for line in lines:
        _t(d, (WIDTH / 2, y), line, SMALL, MUTED, "ma")
        y += LEGEND_H


def _focused(view: dict) -> bool:
    """A seat's own picture is its decision's: the river and its pond, unless it takes a card from
    another pond (an Exchange) or the game is over."""
    decision = view.get("decision") or {}
    return view["seat"] is not None and not view["over"] and decision.get("type") != "exchange"


def draw(view: dict, names: list[str] | None = None) -> Image.Image:
    return _own(view, names) if _focused(view) else _board(view, names)


def _board(view: dict, names: list[str] | None) -> Image.Image:
    """Every pontoon, two to a row, under the river (the scores at the end) and the tokens."""
    n = view["num_players"]
    over = view["over"]
    rows = (n + 1) // 2
    lines = _lines(view, names)
    legend = [] if over else wrap(tr(LEGEND), SMALL, WIDTH - 2 * PAD)  # at the end: room for the secrets
    top = HEADER_H + DECISION_H + 6
    # at the end the scores replace the river, and the tokens (their winners have a star) go
    top += (_scores_h(view) + 8) if over else _river_h(view) + 4 + TOKENS_H
    top += len(lines) * LINE_H + 12 + 8
    height = top + rows * HALF.height + len(legend) * LEGEND_H + 6
    image, d = new_canvas(WIDTH, height)
    y = _header(d, view, names)
    y = (_scores(d, view, names, y) + 8) if over else _tokens(d, view, _river(d, view, names, y) + 4)
    _text_box(d, lines, y)
    for s in range(n):
        col, row = s % 2, s // 2
        _pontoon_cached(image, PAD + col * (PANEL_W + PAD), top + row * HALF.height, view, s, names)
    _legend(d, legend, top + rows * HALF.height)
    return image


def _own(view: dict, names: list[str] | None) -> Image.Image:
    """The deciding player's picture: the river, the tokens and their leaders, the challenges, and
    their own pond across the whole width (the others' are on the board)."""
    lines = _lines(view, names)
    legend = wrap(tr(LEGEND), SMALL, WIDTH - 2 * PAD)
    height = HEADER_H + DECISION_H + 6 + _river_h(view) + 4 + TOKENS_H + len(lines) * LINE_H + 20
    height += WHOLE.height + len(legend) * LEGEND_H + 6
    image, d = new_canvas(WIDTH, height)
    y = _header(d, view, names)
    y = _river(d, view, names, y) + 4
    y = _tokens(d, view, y)
    y = _text_box(d, lines, y)
    _pontoon_cached(image, PAD, y, view, view["seat"], names, WHOLE)
    _legend(d, legend, y + WHOLE.height)
    return image


def _cards_text(kinds: list[str]) -> str:
    return list_words([ikenokoi_words.kind(k) for k in kinds]) if kinds else _("empty")


def _challenge_line(ch: dict, which: str) -> str:
    text = challenge_text(ch)
    if ch["kind"].startswith("honour_"):
        return text
    value = ch[which]
    if ch["kind"] == "pairs":
        return _n("{text} [{n} lotus per pair]", "{text} [{n} lotus per pair]", value, text=text)
    return _n("{text} [{n} lotus]", "{text} [{n} lotus]", value, text=text)


# The score table's heads, said in the language of the moment.
SCORE_HEADS = (
    P("ikenokoi score", "tokens"),
    P("ikenokoi score", "common"),
    P("ikenokoi score", "secret"),
    P("ikenokoi score", "flowers"),
    P("ikenokoi score", "total"),
)


__all__ = ["draw"]


# ---------------------------------------------------------------- what the bot shows of the game

PRESENTATION = Presentation(
    draw=draw,
    describe=ikenokoi_words.describe,
    glance=ikenokoi_words.glance,
    facts=ikenokoi_words.facts,
    rules=Example(
        3,
        11,
        14,
        (
            (98, 80, T("Draw pond cards into the river; after 2 or 3 you may stop and keep them.")),
            (180, 100, T("A card identical to one in the river: the river is shared out instead.")),
            (556, 282, T("At the end, strictly most of a variety wins its Honour token (its lotus).")),
            (200, 470, T("Your pontoon: Koi by variety; bamboo counts as one more, bridges protect.")),
            (580, 330, T("Everyone who fulfils the common challenge scores it.")),
        ),
    ),
    menus={
        "bamboo": P("ikenokoi menu", "Bamboo zone"),
        "bridge": P("ikenokoi menu", "Bridge zones"),
        "exchange": P("ikenokoi menu", "Card to take"),
        "give": P("ikenokoi menu", "Card to give"),
        "turn": P("ikenokoi menu", "Action"),
        "take": P("ikenokoi menu", "Take"),
        "order": P("ikenokoi menu", "Order"),
        "skip": P("ikenokoi menu", "Skip"),
    },
)

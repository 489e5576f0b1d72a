"""Map "The Void" (Maps Atlas): STAND-IN layout, to be replaced by the printed map.

The design note's parameters for up to 6 players: 14 territories (Tundra 3, Forest 3,
Glacier 3, Coast 3, Desert 2), 6 tent spaces each (84 in all), 23 numbered connections (6 over
water), no mountain symbols, and 6 Contested Territory tokens (CONTESTED), each lying between
two territories of different biomes. A token moved into a territory lies on its unpathed area
(``token_spots`` of the territory: the picture's corners, away from the roads).

Layout: three rows of territories (5, 4, 5). Coordinates are computed below from the rows so
that tent spaces, roads and connection numbers line up; the result is plain data like the
other maps (TERRITORIES, ROADS, CONNECTIONS).
"""

from __future__ import annotations

import math

from games.text import P

KEY = "the-void"
NAME = P("iwari map", "The Void")
SIZE = (1200, 740)
MOUNTAINS = False  # no mountains on this map
VOID_CARDS = True  # the 12 Void cards are shuffled into the Biome deck

_ROWS = (
    (20, 253, ("tundra", "forest", "glacier", "coast", "desert")),
    (253, 486, ("coast", "tundra", "desert", "forest")),
    (486, 719, ("glacier", "forest", "coast", "tundra", "glacier")),
)


def _territories() -> list[dict]:
    out = []
    for y0, y1, biomes in _ROWS:
        width = (1180 - 20) / len(biomes)
        for i, biome in enumerate(biomes):
            x0, x1 = round(20 + i * width), round(20 + (i + 1) * width)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 12
            rx, ry = (x1 - x0) / 2 - 34, (y1 - y0) / 2 - 44
            # Six tent spaces on a ring around the Totem space, a..f clockwise from the left.
            spaces = [
                (round(cx + rx * math.cos(math.radians(a))), round(cy + ry * math.sin(math.radians(a))))
                for a in (180, 235, 305, 0, 55, 125)
            ]
            out.append(
                {
                    "id": len(out) + 1,
                    "biome": biome,
                    "rect": (x0, y0, x1, y1),
                    "label": (x0 + 8, y0 + 6),
                    "totem": (round(cx), round(cy)),
                    "spaces": spaces,
                    # Where flipped Contested tokens lie: the unpathed corners.
                    "token_spots": [(x1 - 30, y1 - 28), (x0 + 30, y1 - 28), (x1 - 30, y0 + 30)],
                }
            )
    return out


TERRITORIES = _territories()

# Numbered connections (territory ids, water or land). Land connections also carry a road
# between the two closest tent spaces; water connections do not.
_PAIRS = (
    (1, 2, False),
    (2, 3, True),
    (3, 4, False),
    (4, 5, False),
    (1, 6, True),
    (2, 7, False),
    (3, 7, False),
    (3, 8, True),
    (4, 8, False),
    (5, 9, False),
    (6, 7, False),
    (7, 8, True),
    (8, 9, False),
    (6, 10, False),
    (7, 11, False),
    (7, 12, False),
    (8, 12, False),
    (9, 13, True),
    (9, 14, False),
    (10, 11, False),
    (11, 12, True),
    (12, 13, False),
    (13, 14, False),
)


def _border(a: dict, b: dict) -> tuple[float, float]:
    """The middle of the border two touching territories share."""
    ax0, ay0, ax1, ay1 = a["rect"]
    bx0, by0, bx1, by1 = b["rect"]
    if ax1 == bx0 or bx1 == ax0:  # side by side
        return (ax1 if ax1 == bx0 else ax0), (max(ay0, by0) + min(ay1, by1)) / 2
    return (max(ax0, bx0) + min(ax1, bx1)) / 2, (ay1 if ay1 == by0 else ay0)


def _name(t: dict, j: int) -> str:
    return f"{t['id']}{'abcdef'[j]}"


def _closest(a: dict, b: dict) -> tuple[str, str]:
    best = min(
        ((i, j) for i in range(6) for j in range(6)),
        key=lambda ij: math.dist(a["spaces"][ij[0]], b["spaces"][ij[1]]),
    )
    return _name(a, best[0]), _name(b, best[1])


_BY_ID = {t["id"]: t for t in TERRITORIES}
CONNECTIONS = []
ROADS = []
for _t in TERRITORIES:
    ROADS += [(_name(_t, j), _name(_t, j + 1)) for j in range(5)]  # a-b-c-d-e-f inside
for _n, (_a, _b, _water) in enumerate(_PAIRS, start=1):
    _x, _y = _border(_BY_ID[_a], _BY_ID[_b])
    if _BY_ID[_a]["rect"][2] == _BY_ID[_b]["rect"][0]:
        _y -= 48  # side by side: above the tent spaces a / d next to the border
    CONNECTIONS.append(
        {"n": _n, "a": _a, "b": _b, "water": _water, "mountain": 0, "at": (round(_x), round(_y))}
    )
    if not _water:
        ROADS.append(_closest(_BY_ID[_a], _BY_ID[_b]))

# Contested Territory tokens: the two territories (different biomes) each lies between, and
# where it is drawn until it is moved (on their border, beside the connection number).
_CONTESTED_PAIRS = ((1, 2), (3, 4), (7, 12), (8, 9), (10, 11), (13, 14))
CONTESTED = []
for _k, (_a, _b) in enumerate(_CONTESTED_PAIRS, start=1):
    assert _BY_ID[_a]["biome"] != _BY_ID[_b]["biome"]
    _x, _y = _border(_BY_ID[_a], _BY_ID[_b])
    _side = _BY_ID[_a]["rect"][2] == _BY_ID[_b]["rect"][0]
    CONTESTED.append(
        {
            "id": _k,
            "a": _a,
            "b": _b,
            "at": (round(_x), round(_y + 62)) if _side else (round(_x + 70), round(_y)),
        }
    )

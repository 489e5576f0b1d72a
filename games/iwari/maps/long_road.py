"""Map "The Long Road" (Maps Atlas): STAND-IN layout, to be replaced by the printed map.

Base rules, plus a purple road: at the end of the game the Tents on the purple road's tent
spaces are scored for majority as if the road were a territory (PURPLE_ROAD, in road order).
Same parameters as the base maps: 12 territories, 64 tent spaces, 19 connections.
"""

from games.iwari.maps import new_horizons
from games.text import P

KEY = "long-road"
NAME = P("iwari map", "The Long Road")
SIZE = (1200, 720)

# id, biome, rect (x0, y0, x1, y1), label corner, totem space, tent spaces a, b, c...
TERRITORIES = [
    {
        "id": 1,
        "biome": "forest",
        "rect": (20, 20, 310, 247),
        "label": (30, 26),
        "totem": (165, 150),
        "spaces": [(75, 108), (199, 82), (276, 150), (199, 219), (75, 193)],
    },
    {
        "id": 2,
        "biome": "tundra",
        "rect": (310, 20, 572, 247),
        "label": (320, 26),
        "totem": (441, 150),
        "spaces": [(357, 114), (441, 78), (525, 114), (525, 186), (441, 223), (357, 186)],
    },
    {
        "id": 3,
        "biome": "desert",
        "rect": (628, 20, 890, 247),
        "label": (638, 26),
        "totem": (759, 150),
        "spaces": [(690, 99), (828, 99), (828, 201), (690, 201)],
    },
    {
        "id": 4,
        "biome": "coast",
        "rect": (890, 20, 1180, 247),
        "label": (900, 26),
        "totem": (1035, 150),
        "spaces": [(939, 114), (1035, 78), (1131, 114), (1131, 186), (1035, 223), (939, 186)],
    },
    {
        "id": 5,
        "biome": "tundra",
        "rect": (20, 247, 310, 473),
        "label": (30, 253),
        "totem": (165, 377),
        "spaces": [(65, 346), (140, 306), (234, 320), (276, 377), (234, 434), (140, 448), (65, 408)],
    },
    {
        "id": 6,
        "biome": "glacier",
        "rect": (310, 247, 572, 473),
        "label": (320, 253),
        "totem": (441, 377),
        "spaces": [(363, 334), (471, 308), (538, 377), (471, 446), (363, 420)],
    },
    {
        "id": 7,
        "biome": "forest",
        "rect": (628, 247, 890, 473),
        "label": (638, 253),
        "totem": (759, 377),
        "spaces": [(675, 341), (759, 305), (843, 341), (843, 413), (759, 449), (675, 413)],
    },
    {
        "id": 8,
        "biome": "tundra",
        "rect": (890, 247, 1180, 473),
        "label": (900, 253),
        "totem": (1035, 377),
        "spaces": [(957, 326), (1113, 326), (1113, 428), (957, 428)],
    },
    {
        "id": 9,
        "biome": "coast",
        "rect": (20, 473, 310, 700),
        "label": (30, 479),
        "totem": (165, 604),
        "spaces": [(75, 561), (199, 535), (276, 604), (199, 672), (75, 646)],
    },
    {
        "id": 10,
        "biome": "glacier",
        "rect": (310, 473, 572, 700),
        "label": (320, 479),
        "totem": (441, 604),
        "spaces": [(357, 568), (441, 531), (525, 568), (525, 640), (441, 676), (357, 640)],
    },
    {
        "id": 11,
        "biome": "forest",
        "rect": (628, 473, 890, 700),
        "label": (638, 479),
        "totem": (759, 604),
        "spaces": [(690, 553), (828, 553), (828, 655), (690, 655)],
    },
    {
        "id": 12,
        "biome": "desert",
        "rect": (890, 473, 1180, 700),
        "label": (900, 479),
        "totem": (1035, 604),
        "spaces": [(939, 568), (1035, 531), (1131, 568), (1131, 640), (1035, 676), (939, 640)],
    },
]

# Roads between tent spaces.
ROADS = new_horizons.ROADS  # stand-in: the same roads as New Horizons

# Numbered connections: territories a and b, water or land, mountain symbol (0: none), 'at':
# where the number is printed.
CONNECTIONS = new_horizons.CONNECTIONS  # stand-in: the same connections as New Horizons

# The purple road: tent spaces along existing roads, from the north-west to the south.
PURPLE_ROAD = ["1d", "5b", "5c", "5d", "6a", "6b", "6c", "6d", "10b", "10c"]

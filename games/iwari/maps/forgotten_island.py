"""Map "Forgotten Island" (Maps Atlas): STAND-IN layout, to be replaced by the printed map.

Purple circles: the tent spaces named in a connection's 'ruin' hold a Void Ruin from the
set-up; the connection is blocked (it does not score) until a tribe replaces the Ruin with
a Tent by playing two cards of the 'icon' biome; that tribe keeps the Ruin (1 point at the
end). Every connection joins two tent spaces ('link') and acts as a road for settlements.
No mountains on this map. 12 territories, 64 tent spaces (9 purple), 19 connections.
"""

from games.iwari.maps import new_horizons
from games.text import P

KEY = "forgotten-island"
NAME = P("iwari map", "Forgotten Island")
SIZE = (1200, 720)

# id, biome, rect (x0, y0, x1, y1), label corner, totem space, tent spaces a, b, c...
TERRITORIES = [
    {
        "id": 1,
        "biome": "desert",
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
        "biome": "forest",
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
        "biome": "forest",
        "rect": (20, 247, 310, 473),
        "label": (30, 253),
        "totem": (165, 377),
        "spaces": [(65, 346), (140, 306), (234, 320), (276, 377), (234, 434), (140, 448), (65, 408)],
    },
    {
        "id": 6,
        "biome": "tundra",
        "rect": (310, 247, 572, 473),
        "label": (320, 253),
        "totem": (441, 377),
        "spaces": [(363, 334), (471, 308), (538, 377), (471, 446), (363, 420)],
    },
    {
        "id": 7,
        "biome": "glacier",
        "rect": (628, 247, 890, 473),
        "label": (638, 253),
        "totem": (759, 377),
        "spaces": [(675, 341), (759, 305), (843, 341), (843, 413), (759, 449), (675, 413)],
    },
    {
        "id": 8,
        "biome": "desert",
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
        "biome": "tundra",
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
        "biome": "glacier",
        "rect": (890, 473, 1180, 700),
        "label": (900, 479),
        "totem": (1035, 604),
        "spaces": [(939, 568), (1035, 531), (1131, 568), (1131, 640), (1035, 676), (939, 640)],
    },
]

# Roads between tent spaces.
ROADS = new_horizons.ROADS  # stand-in: the same roads as New Horizons

# Numbered connections: territories a and b, water or land, mountain symbol (0: none), 'at':
# where the number is printed, 'link': the tent spaces it joins as a road.
CONNECTIONS = [
    {
        "n": 1,
        "a": 1,
        "b": 2,
        "water": False,
        "mountain": 0,
        "at": (310, 144),
        "link": ("1c", "2a"),
        "ruin": "1c",
        "icon": "glacier",
    },
    {"n": 2, "a": 2, "b": 3, "water": True, "mountain": 0, "at": (600, 144), "link": ("2c", "3a")},
    {
        "n": 3,
        "a": 3,
        "b": 4,
        "water": False,
        "mountain": 0,
        "at": (890, 144),
        "link": ("3b", "4a"),
        "ruin": "3b",
        "icon": "coast",
    },
    {"n": 4, "a": 1, "b": 5, "water": False, "mountain": 0, "at": (205, 247), "link": ("1d", "5c")},
    {
        "n": 5,
        "a": 2,
        "b": 6,
        "water": False,
        "mountain": 0,
        "at": (481, 247),
        "link": ("2e", "6b"),
        "ruin": "2e",
        "icon": "desert",
    },
    {"n": 6, "a": 2, "b": 7, "water": True, "mountain": 0, "at": (600, 247), "link": ("2d", "7a")},
    {
        "n": 7,
        "a": 3,
        "b": 7,
        "water": False,
        "mountain": 0,
        "at": (799, 247),
        "link": ("3c", "7b"),
        "ruin": "3c",
        "icon": "forest",
    },
    {"n": 8, "a": 4, "b": 8, "water": False, "mountain": 0, "at": (1075, 247), "link": ("4e", "8b")},
    {
        "n": 9,
        "a": 5,
        "b": 6,
        "water": False,
        "mountain": 0,
        "at": (310, 370),
        "link": ("5d", "6a"),
        "ruin": "5d",
        "icon": "tundra",
    },
    {"n": 10, "a": 6, "b": 7, "water": True, "mountain": 0, "at": (600, 370), "link": ("6c", "7a")},
    {
        "n": 11,
        "a": 7,
        "b": 8,
        "water": False,
        "mountain": 0,
        "at": (890, 370),
        "link": ("7c", "8a"),
        "ruin": "7c",
        "icon": "glacier",
    },
    {"n": 12, "a": 5, "b": 9, "water": False, "mountain": 0, "at": (205, 473), "link": ("5e", "9b")},
    {
        "n": 13,
        "a": 6,
        "b": 10,
        "water": False,
        "mountain": 0,
        "at": (481, 473),
        "link": ("6d", "10b"),
        "ruin": "6d",
        "icon": "forest",
    },
    {"n": 14, "a": 6, "b": 11, "water": True, "mountain": 0, "at": (600, 473), "link": ("6c", "11a")},
    {"n": 15, "a": 7, "b": 11, "water": False, "mountain": 0, "at": (799, 473), "link": ("7e", "11b")},
    {
        "n": 16,
        "a": 8,
        "b": 12,
        "water": False,
        "mountain": 0,
        "at": (1075, 473),
        "link": ("8c", "12b"),
        "ruin": "8c",
        "icon": "coast",
    },
    {"n": 17, "a": 9, "b": 10, "water": False, "mountain": 0, "at": (310, 596), "link": ("9c", "10a")},
    {
        "n": 18,
        "a": 10,
        "b": 11,
        "water": True,
        "mountain": 0,
        "at": (600, 596),
        "link": ("10c", "11a"),
        "ruin": "10c",
        "icon": "desert",
    },
    {"n": 19, "a": 11, "b": 12, "water": False, "mountain": 0, "at": (890, 596), "link": ("11b", "12a")},
]

CONNECTION_ROADS = True  # connections also act as roads for settlements
MOUNTAINS = False  # no mountains on this map

"""Map "Floating Lands" (Maps Atlas): STAND-IN layout, to be replaced by the printed map.

Every territory is an island: roads stay inside a territory, and each numbered connection
joins two tent spaces ('link') and acts as a road for settlements. No Totems may stand on
Tundra (NO_TOTEMS). 12 territories, 64 tent spaces, 19 connections (5 over water).
Exactly ONE Tundra territory (T1, an island of its own): the solo/co-op rules speak of "the
Tundra territory" (design note); the other biomes have 2-3 territories each.
"""

from games.text import P

KEY = "floating-lands"
NAME = P("iwari map", "Floating Lands")
SIZE = (1200, 720)

# id, biome, rect (x0, y0, x1, y1), label corner, totem space, tent spaces a, b, c...
TERRITORIES = [
    {
        "id": 1,
        "biome": "tundra",
        "rect": (30, 30, 300, 237),
        "label": (36, 32),
        "totem": (165, 150),
        "spaces": [(75, 108), (199, 82), (276, 150), (199, 219), (75, 193)],
    },
    {
        "id": 2,
        "biome": "forest",
        "rect": (320, 30, 562, 237),
        "label": (326, 32),
        "totem": (441, 150),
        "spaces": [(357, 114), (441, 78), (525, 114), (525, 186), (441, 223), (357, 186)],
    },
    {
        "id": 3,
        "biome": "coast",
        "rect": (638, 30, 880, 237),
        "label": (644, 32),
        "totem": (759, 150),
        "spaces": [(690, 99), (828, 99), (828, 201), (690, 201)],
    },
    {
        "id": 4,
        "biome": "glacier",
        "rect": (900, 30, 1170, 237),
        "label": (906, 32),
        "totem": (1035, 150),
        "spaces": [(939, 114), (1035, 78), (1131, 114), (1131, 186), (1035, 223), (939, 186)],
    },
    {
        "id": 5,
        "biome": "desert",
        "rect": (30, 257, 300, 463),
        "label": (36, 259),
        "totem": (165, 377),
        "spaces": [(65, 346), (140, 306), (234, 320), (276, 377), (234, 434), (140, 448), (65, 408)],
    },
    {
        "id": 6,
        "biome": "glacier",
        "rect": (320, 257, 562, 463),
        "label": (326, 259),
        "totem": (441, 377),
        "spaces": [(363, 334), (471, 308), (538, 377), (471, 446), (363, 420)],
    },
    {
        "id": 7,
        "biome": "coast",
        "rect": (638, 257, 880, 463),
        "label": (644, 259),
        "totem": (759, 377),
        "spaces": [(675, 341), (759, 305), (843, 341), (843, 413), (759, 449), (675, 413)],
    },
    {
        "id": 8,
        "biome": "forest",
        "rect": (900, 257, 1170, 463),
        "label": (906, 259),
        "totem": (1035, 377),
        "spaces": [(957, 326), (1113, 326), (1113, 428), (957, 428)],
    },
    {
        "id": 9,
        "biome": "forest",
        "rect": (30, 483, 300, 690),
        "label": (36, 485),
        "totem": (165, 604),
        "spaces": [(75, 561), (199, 535), (276, 604), (199, 672), (75, 646)],
    },
    {
        "id": 10,
        "biome": "coast",
        "rect": (320, 483, 562, 690),
        "label": (326, 485),
        "totem": (441, 604),
        "spaces": [(357, 568), (441, 531), (525, 568), (525, 640), (441, 676), (357, 640)],
    },
    {
        "id": 11,
        "biome": "desert",
        "rect": (638, 483, 880, 690),
        "label": (644, 485),
        "totem": (759, 604),
        "spaces": [(690, 553), (828, 553), (828, 655), (690, 655)],
    },
    {
        "id": 12,
        "biome": "glacier",
        "rect": (900, 483, 1170, 690),
        "label": (906, 485),
        "totem": (1035, 604),
        "spaces": [(939, 568), (1035, 531), (1131, 568), (1131, 640), (1035, 676), (939, 640)],
    },
]

# Roads between tent spaces.
ROADS = [
    ("10a", "10b"),
    ("10b", "10c"),
    ("10c", "10d"),
    ("10d", "10e"),
    ("10e", "10f"),
    ("11a", "11b"),
    ("11b", "11c"),
    ("11c", "11d"),
    ("12a", "12b"),
    ("12b", "12c"),
    ("12c", "12d"),
    ("12d", "12e"),
    ("12e", "12f"),
    ("1a", "1b"),
    ("1b", "1c"),
    ("1c", "1d"),
    ("1d", "1e"),
    ("2a", "2b"),
    ("2b", "2c"),
    ("2c", "2d"),
    ("2d", "2e"),
    ("2e", "2f"),
    ("3a", "3b"),
    ("3b", "3c"),
    ("3c", "3d"),
    ("4a", "4b"),
    ("4b", "4c"),
    ("4c", "4d"),
    ("4d", "4e"),
    ("4e", "4f"),
    ("5a", "5b"),
    ("5b", "5c"),
    ("5c", "5d"),
    ("5d", "5e"),
    ("5e", "5f"),
    ("5f", "5g"),
    ("6a", "6b"),
    ("6b", "6c"),
    ("6c", "6d"),
    ("6d", "6e"),
    ("7a", "7b"),
    ("7b", "7c"),
    ("7c", "7d"),
    ("7d", "7e"),
    ("7e", "7f"),
    ("8a", "8b"),
    ("8b", "8c"),
    ("8c", "8d"),
    ("9a", "9b"),
    ("9b", "9c"),
    ("9c", "9d"),
    ("9d", "9e"),
]

# Numbered connections: territories a and b, water or land, mountain symbol (0: none), 'at':
# where the number is printed, 'link': the tent spaces it joins as a road.
CONNECTIONS = [
    {"n": 1, "a": 1, "b": 2, "water": False, "mountain": 1, "at": (310, 144), "link": ("1c", "2a")},
    {"n": 2, "a": 2, "b": 3, "water": True, "mountain": 0, "at": (600, 144), "link": ("2c", "3a")},
    {"n": 3, "a": 3, "b": 4, "water": False, "mountain": 2, "at": (890, 144), "link": ("3b", "4a")},
    {"n": 4, "a": 1, "b": 5, "water": False, "mountain": 0, "at": (205, 247), "link": ("1d", "5c")},
    {"n": 5, "a": 2, "b": 6, "water": False, "mountain": 3, "at": (481, 247), "link": ("2e", "6b")},
    {"n": 6, "a": 2, "b": 7, "water": True, "mountain": 0, "at": (600, 247), "link": ("2d", "7a")},
    {"n": 7, "a": 3, "b": 7, "water": False, "mountain": 0, "at": (799, 247), "link": ("3c", "7b")},
    {"n": 8, "a": 4, "b": 8, "water": False, "mountain": 4, "at": (1075, 247), "link": ("4e", "8b")},
    {"n": 9, "a": 5, "b": 6, "water": False, "mountain": 0, "at": (310, 370), "link": ("5d", "6a")},
    {"n": 10, "a": 6, "b": 7, "water": True, "mountain": 0, "at": (600, 370), "link": ("6c", "7a")},
    {"n": 11, "a": 7, "b": 8, "water": False, "mountain": 0, "at": (890, 370), "link": ("7c", "8a")},
    {"n": 12, "a": 5, "b": 9, "water": False, "mountain": 3, "at": (205, 473), "link": ("5e", "9b")},
    {"n": 13, "a": 6, "b": 10, "water": False, "mountain": 0, "at": (481, 473), "link": ("6d", "10b")},
    {"n": 14, "a": 6, "b": 11, "water": True, "mountain": 0, "at": (600, 473), "link": ("6c", "11a")},
    {"n": 15, "a": 7, "b": 11, "water": False, "mountain": 2, "at": (799, 473), "link": ("7e", "11b")},
    {"n": 16, "a": 8, "b": 12, "water": False, "mountain": 0, "at": (1075, 473), "link": ("8c", "12b")},
    {"n": 17, "a": 9, "b": 10, "water": False, "mountain": 1, "at": (310, 596), "link": ("9c", "10a")},
    {"n": 18, "a": 10, "b": 11, "water": True, "mountain": 0, "at": (600, 596), "link": ("10c", "11a")},
    {"n": 19, "a": 11, "b": 12, "water": False, "mountain": 4, "at": (890, 596), "link": ("11b", "12a")},
]

CONNECTION_ROADS = True  # connections also act as roads for settlements
NO_TOTEMS = ("tundra",)  # biomes where no Totem may be placed

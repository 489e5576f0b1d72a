"""Map "Glacial Mass" (Maps Atlas): STAND-IN layout, to be replaced by the printed map.

Base rules; connections 1 and 11 join the same two territories (T1 and T2), 1 by land and
11 over water, and are scored separately. 12 territories (3 Glacier), 64 tent spaces.
"""

from games.iwari.maps import vast_lands
from games.text import P

KEY = "glacial-mass"
NAME = P("iwari map", "Glacial Mass")
SIZE = (1200, 900)

# id, biome, rect (x0, y0, x1, y1), label corner, totem space, tent spaces a, b, c...
TERRITORIES = [
    {
        "id": 1,
        "biome": "glacier",
        "rect": (20, 20, 407, 235),
        "label": (30, 26),
        "totem": (213, 144),
        "spaces": [(75, 111), (213, 78), (351, 111), (351, 178), (213, 211), (75, 178)],
    },
    {
        "id": 2,
        "biome": "tundra",
        "rect": (407, 20, 793, 235),
        "label": (417, 26),
        "totem": (600, 144),
        "spaces": [(471, 105), (649, 81), (759, 144), (649, 208), (471, 184)],
    },
    {
        "id": 3,
        "biome": "glacier",
        "rect": (793, 20, 1180, 235),
        "label": (803, 26),
        "totem": (987, 144),
        "spaces": [(843, 116), (951, 80), (1086, 93), (1146, 144), (1086, 196), (951, 209), (843, 173)],
    },
    {
        "id": 4,
        "biome": "coast",
        "rect": (20, 235, 407, 422),
        "label": (30, 241),
        "totem": (213, 346),
        "spaces": [(101, 308), (326, 308), (326, 383), (101, 383)],
    },
    {
        "id": 5,
        "biome": "forest",
        "rect": (407, 235, 793, 422),
        "label": (417, 241),
        "totem": (600, 346),
        "spaces": [(462, 319), (600, 293), (738, 319), (738, 372), (600, 398), (462, 372)],
    },
    {
        "id": 6,
        "biome": "tundra",
        "rect": (793, 235, 1180, 422),
        "label": (803, 241),
        "totem": (987, 346),
        "spaces": [(858, 315), (1036, 296), (1146, 346), (1036, 395), (858, 376)],
    },
    {
        "id": 7,
        "biome": "tundra",
        "rect": (20, 478, 407, 665),
        "label": (30, 484),
        "totem": (213, 588),
        "spaces": [(84, 558), (263, 539), (373, 588), (263, 638), (84, 619)],
    },
    {
        "id": 8,
        "biome": "glacier",
        "rect": (407, 478, 793, 665),
        "label": (417, 484),
        "totem": (600, 588),
        "spaces": [(456, 566), (565, 537), (699, 547), (759, 588), (699, 630), (565, 640), (456, 611)],
    },
    {
        "id": 9,
        "biome": "desert",
        "rect": (793, 478, 1180, 665),
        "label": (803, 484),
        "totem": (987, 588),
        "spaces": [(874, 551), (1099, 551), (1099, 626), (874, 626)],
    },
    {
        "id": 10,
        "biome": "desert",
        "rect": (20, 665, 407, 880),
        "label": (30, 671),
        "totem": (213, 790),
        "spaces": [(75, 756), (213, 723), (351, 756), (351, 823), (213, 856), (75, 823)],
    },
    {
        "id": 11,
        "biome": "forest",
        "rect": (407, 665, 793, 880),
        "label": (417, 671),
        "totem": (600, 790),
        "spaces": [(487, 742), (713, 742), (713, 837), (487, 837)],
    },
    {
        "id": 12,
        "biome": "coast",
        "rect": (793, 665, 1180, 880),
        "label": (803, 671),
        "totem": (987, 790),
        "spaces": [(858, 750), (1036, 726), (1146, 790), (1036, 853), (858, 829)],
    },
]

# Roads between tent spaces.
ROADS = vast_lands.ROADS  # stand-in: the same roads as The Vast Lands

# Numbered connections: territories a and b, water or land, mountain symbol (0: none), 'at':
# where the number is printed.
CONNECTIONS = [
    {"n": 1, "a": 1, "b": 2, "water": False, "mountain": 1, "at": (407, 80)},
    {"n": 2, "a": 2, "b": 3, "water": False, "mountain": 2, "at": (793, 138)},
    {"n": 3, "a": 1, "b": 4, "water": False, "mountain": 0, "at": (254, 235)},
    {"n": 4, "a": 2, "b": 5, "water": False, "mountain": 3, "at": (640, 235)},
    {"n": 5, "a": 3, "b": 6, "water": False, "mountain": 0, "at": (1026, 235)},
    {"n": 6, "a": 4, "b": 5, "water": False, "mountain": 4, "at": (407, 338)},
    {"n": 7, "a": 5, "b": 6, "water": False, "mountain": 0, "at": (793, 338)},
    {"n": 8, "a": 4, "b": 7, "water": True, "mountain": 0, "at": (254, 450)},
    {"n": 9, "a": 4, "b": 8, "water": True, "mountain": 0, "at": (407, 450)},
    {"n": 10, "a": 5, "b": 8, "water": True, "mountain": 0, "at": (640, 450)},
    {"n": 11, "a": 1, "b": 2, "water": True, "mountain": 0, "at": (407, 200)},
    {"n": 12, "a": 6, "b": 9, "water": True, "mountain": 0, "at": (1026, 450)},
    {"n": 13, "a": 7, "b": 8, "water": False, "mountain": 0, "at": (407, 582)},
    {"n": 14, "a": 8, "b": 9, "water": False, "mountain": 3, "at": (793, 582)},
    {"n": 15, "a": 7, "b": 10, "water": False, "mountain": 0, "at": (254, 665)},
    {"n": 16, "a": 8, "b": 11, "water": False, "mountain": 2, "at": (640, 665)},
    {"n": 17, "a": 9, "b": 12, "water": False, "mountain": 0, "at": (1026, 665)},
    {"n": 18, "a": 10, "b": 11, "water": False, "mountain": 1, "at": (407, 782)},
    {"n": 19, "a": 11, "b": 12, "water": False, "mountain": 4, "at": (793, 782)},
]

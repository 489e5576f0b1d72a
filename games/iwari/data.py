"""Iwari components. STAND-IN data, to be replaced by the printed values where they differ.

Card counts, pieces and set-up numbers follow the rulebook and the design note
(``shared/design/iwari.md``); the map layouts live in ``maps/`` (one module per side).
Rules code reads every number from here.
"""

from __future__ import annotations

from games.text import P

# Biomes in a fixed order; a card is the index of its biome.
BIOMES = ("tundra", "forest", "glacier", "coast", "desert")
# Their names (a territory's terrain and a card's), one term each.
BIOME_NAMES = (
    P("iwari biome", "Tundra"),
    P("iwari biome", "Forest"),
    P("iwari biome", "Glacier"),
    P("iwari biome", "Coast"),
    P("iwari biome", "Desert"),
)
# One-letter codes used in action ids (ASCII, short).
BIOME_CODES = "TFGCD"
# Printed colours of the card backs (the picture adds a pattern per biome).
BIOME_COLOURS = ("red", "green", "blue", "yellow", "orange")

# 57 Biome cards.
CARD_COUNTS = (13, 12, 11, 11, 10)
# Cards of each biome removed from the deck by player count.
REMOVED_PER_BIOME = {2: 2, 3: 2, 4: 1, 5: 0, 6: 0}  # 6 players: only on The Void map
VOID_MAP_ONLY_COUNT = 6

HAND_SIZE = 3
DISPLAY_SIZE = 4
TENTS_PER_TRIBE = 20  # a 21st tent marks the score and is not in play
TOTEMS_PER_TRIBE = 8
MAX_CARDS_PER_TURN = 3
MAX_PIECES_PER_TURN = 2
SETTLEMENT_MIN = 4

# Mountain symbols in play (symbols 1..k, one of the two connections of each at random).
MOUNTAIN_SYMBOLS = {2: 4, 3: 3, 4: 2, 5: 1}

# Feats of the base game: how many pawns, and which score they multiply.
FEAT_PAWNS = {"union": 2, "discovery": 2, "honour": 1, "respect": 1}
BASE_FEATS = tuple(FEAT_PAWNS)
# Option "feats": False (none), True (all four base Feats), or any other subset written
# "union+honour" (the rulebook: "one or more of these Feats"), in BASE_FEATS order.
FEAT_SUBSETS = tuple(
    "+".join(k for i, k in enumerate(BASE_FEATS) if mask >> i & 1)
    for mask in range(1, 2 ** len(BASE_FEATS) - 1)
)
FEAT_OPTIONS = (False, True, *FEAT_SUBSETS)


def feat_kinds(value: object) -> tuple[str, ...]:
    """The base Feats in play for a value of the option "feats"."""
    if value is True:
        return BASE_FEATS
    if not value:
        return ()
    return tuple(k for k in BASE_FEATS if k in str(value).split("+"))


FEAT_NAMES = {
    "union": P("iwari feat", "Union"),
    "discovery": P("iwari feat", "Discovery"),
    "honour": P("iwari feat", "Honour"),
    "respect": P("iwari feat", "Respect"),
    "courage": P("iwari feat", "Courage"),
    "worship": P("iwari feat", "Worship"),
}
TENT_FEATS = ("union", "discovery")
TOTEM_FEATS = ("honour", "respect")
# Number of Feats on a territory/connection -> multiplier of its base score.
FEAT_MULTIPLIER = {0: 1, 1: 2, 2: 3, 3: 4, 4: 5}

# ---------------------------------------------------------------- expansions (Maps Atlas)
# Expedition cards: 3 of the 16 in play. STAND-IN points (design note): the first tribe to
# complete a mission scores EXPEDITION_POINTS[0], the second EXPEDITION_POINTS[1], then the
# card leaves the game.
EXPEDITIONS_IN_PLAY = 3
EXPEDITION_POINTS = (4, 2)
# Mission kinds: tents_biome / totems_biome (at least `count` pieces in the territories of one
# biome), tents_all / totems_all (at least 1 piece in each of the five biomes), tent_majority /
# totem_majority (majority, ties included, in `count` territories), settlement (a settlement of
# `count`+ Tents), crossings (`count` Tents on road crossings: tent spaces joining 3+ roads).
EXPEDITIONS = (
    {"id": 1, "kind": "tents_biome", "biome": 0, "count": 4},
    {"id": 2, "kind": "tents_biome", "biome": 1, "count": 4},
    {"id": 3, "kind": "tents_biome", "biome": 2, "count": 4},
    {"id": 4, "kind": "tents_biome", "biome": 3, "count": 4},
    {"id": 5, "kind": "tents_biome", "biome": 4, "count": 4},
    {"id": 6, "kind": "tents_all", "count": 1},
    {"id": 7, "kind": "tent_majority", "count": 3},
    {"id": 8, "kind": "totems_biome", "biome": 0, "count": 2},
    {"id": 9, "kind": "totems_biome", "biome": 1, "count": 2},
    {"id": 10, "kind": "totems_biome", "biome": 2, "count": 2},
    {"id": 11, "kind": "totems_biome", "biome": 3, "count": 2},
    {"id": 12, "kind": "totems_biome", "biome": 4, "count": 2},
    {"id": 13, "kind": "totems_all", "count": 1},
    {"id": 14, "kind": "totem_majority", "count": 3},
    {"id": 15, "kind": "settlement", "count": 5},
    {"id": 16, "kind": "crossings", "count": 3},
)
ROAD_CROSSING_ROADS = 3  # a road crossing is a tent space joining this many roads or more

# Additional Feats. Courage: one pawn, cancels the multiplier of the Feat it is placed beside.
# Worship: one pawn, one variant per game, placed at the end of the game (x2 per base rule).
# "contested" (variant 2): most Tents on Contested tokens, only on The Void map.
WORSHIP_VARIANTS = ("none", "dead-ends", "golden", "contested")

# ---------------------------------------------------------------- solo and 2-player co-op (Maps Atlas)
# The Void: an automated tribe (purple Ruins = its Tents, Void Totems). STAND-IN supplies (the
# printed counts are not public), TUNED with bench/solo.py so that the designed ends (Corruptions,
# all territories counted, the loss target) happen rather than "the Void has no piece left"
# (8 Totems ended nearly every game that way). Beyond that they do not decide who wins: the Void
# reaches its loss target long before it runs short, and running short ends the game with every
# territory counted, which favours the Void. How often the strong AI wins at each difficulty:
# bench/README.md (bench/solo.py).
MODES = ("versus", "solo", "coop")
MODE_PLAYERS = {"solo": 1, "coop": 2}
VOID_RUINS = 25
VOID_TOTEM_PIECES = 16
VOID_CARD = 5  # index of a Void Biome card in a hand (after the five biomes)
VOID_CARD_NAME = P("iwari card", "Void")
VOID_CARDS = 12
DECK_PARTS = 4  # the deck is cut in four, 3 Void cards shuffled into each part
VOID_CARDS_PER_PART = 3
CORRUPTION_CARDS = 4  # 4 Void cards above the display (or in it) make a Corruption
ASIDE_END = 3  # 3 Void cards beside the board after a Corruption end the game
VOID_SETTLEMENT_WIN = 10  # a Void settlement of this many Ruins wins at once
# Territories the Void must control for the players to lose, by mode: the rulebook's.
VOID_TARGET = {"solo": 3, "coop": 1}
# Option "difficulty": named levels, the territories the Void needs at each (the rulebook: "you can
# make the game more or less challenging by increasing or decreasing the amount of territories
# needed for the Void to automatically win"). Co-op's Normal is above the rulebook's 1: the printed
# maps are not public, and on the stand-in maps nobody wins co-op at 1 (design note, bench/README).
# Solo's Normal is the rulebook's 3, so solo's "rulebook" is Normal.
DIFFICULTY_LEVELS = ("normal", "easy", "hard", "rulebook")  # the first is the default
DIFFICULTY_TARGETS = {
    "solo": {"easy": 4, "normal": 3, "hard": 2, "rulebook": 3},
    "coop": {"easy": 5, "normal": 4, "hard": 3, "rulebook": 1},
}
# Saved matches (and their rematches) from before the named levels: 0 the rulebook's target,
# else the number of territories.
LEGACY_DIFFICULTIES = (0, 1, 2, 3, 4, 5)
DIFFICULTIES = DIFFICULTY_LEVELS + LEGACY_DIFFICULTIES


# A map's own levels (issue 36): where the strong AI's win rate at Normal sits outside 20-80%, or
# on its edge, on seeds nobody tuned on (bench/README.md, bench/solo.py), that map's Easy, Normal
# and Hard ask the Void for this many territories more (or fewer); "rulebook" stays the rulebook's.
# Why, per map (fresh seeds, the careful player at the shared levels: solo 3, co-op 4):
# - The Vast Lands, The Long Road solo (about a fifth won): holding 10 of 12 territories against
#   Infections spread over the whole map leaves no margin;
# - Floating Lands solo (6-19%): the one Tundra territory fills with the Ruins of the Tundra cards
#   spent for the Void, and a Void settlement of 8 Ruins wins whatever the territories;
# - Forgotten Island solo (16-23%): the Ruins the Void action puts on the purple spaces first;
# - The Uncharted Paths solo and co-op (10-25%): every hit on a territory with room under its
#   Totem limit sends a Void Totem to the purple territory, and the 5th there wins.
# Glacial Mass co-op stays at 4 although it sits in the band's upper part (70-84%): at 3 the
# careful players won 2 of 16 tuning games.
MAP_LEVEL_SHIFT: dict[str, dict[str, int]] = {
    "vast-lands": {"solo": 1},
    "long-road": {"solo": 1},
    "floating-lands": {"solo": 1},
    "forgotten-island": {"solo": 1},
    "uncharted-paths": {"solo": 1, "coop": 1},
}


def void_target(mode: str, difficulty: str | int, map_key: str | None = None) -> int:
    """The territories the Void must control to win, at this difficulty (a level or a legacy
    number) on this map (its ``MAP_LEVEL_SHIFT``)."""
    if isinstance(difficulty, str):
        shift = 0 if difficulty == "rulebook" else MAP_LEVEL_SHIFT.get(map_key, {}).get(mode, 0)
        return DIFFICULTY_TARGETS[mode][difficulty] + shift
    return difficulty or VOID_TARGET[mode]


FLOATING_VOID_SETTLEMENT_WIN = 8  # Floating Lands: a Void settlement of 8 Ruins wins
UNCHARTED_VOID_WIN = 5  # The Uncharted Paths: the 5th Void Totem on the purple territory wins

"""Iwari components. STAND-IN data, to be replaced by the printed values where they differ.

Card counts, pieces and set-up numbers follow the rulebook and the design note
(``shared/design/iwari.md``); the map layouts live in ``maps/`` (one module per side).
Rules code reads every number from here.
"""

from __future__ import annotations

# Biomes in a fixed order; a card is the index of its biome.
BIOMES = ("tundra", "forest", "glacier", "coast", "desert")
BIOME_NAMES = ("Tundra", "Forest", "Glacier", "Coast", "Desert")
# One-letter codes used in action ids (ASCII, short).
BIOME_CODES = "TFGCD"
# Printed colours of the card backs (the picture adds a pattern per biome).
BIOME_COLOURS = ("red", "green", "blue", "yellow", "orange")

# 57 Biome cards.
CARD_COUNTS = (13, 12, 11, 11, 10)
# Cards of each biome removed from the deck by player count.
REMOVED_PER_BIOME = {2: 2, 3: 2, 4: 1, 5: 0}

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
FEAT_NAMES = {"union": "Union", "discovery": "Discovery", "honour": "Honour", "respect": "Respect"}
TENT_FEATS = ("union", "discovery")
TOTEM_FEATS = ("honour", "respect")
# Number of Feats on a territory/connection -> multiplier of its base score.
FEAT_MULTIPLIER = {0: 1, 1: 2, 2: 3, 3: 4, 4: 5}

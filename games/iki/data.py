"""Iki component data.

STAND-IN DATA: every number, name and ability below is a stand-in chosen to fit
the rulebook and ``shared/design/iki.md``; replace it with the printed values
of the 2021 edition when they are available. Rules code never hard-codes any
of these values: it reads them from here.
"""

from __future__ import annotations

# ---------------------------------------------------------------- resources
# Player resources. "iki" gains go to the iki track, "ff" raises firefighting.
RESOURCES = ("mon", "rice", "wood", "koban", "sandal")
START = {"mon": 8, "rice": 1, "wood": 0, "koban": 0, "sandal": 1}
KOBUN = 4
# The bank is finite here only so that mon conservation can be checked.
BANK_MON = 2000

# ---------------------------------------------------------------- main street
# 8 shop spaces in the order Oyakata move (counter-clockwise on the board).
# Shop 2n and 2n+1 face Nagaya n. The pass mark lies between shop 7 and shop 0;
# Oyakata start the game just before shop 0 (entering does not count as passing).
SHOPS = ("rice", "sandal", "wood", "fish", "exchange", "tobacco", "fire", "build")
SHOP_NAMES = {
    "rice": "Rice shop",
    "sandal": "Sandal shop",
    "wood": "Wood yard",
    "fish": "Fish market",
    "exchange": "Koban exchange",
    "tobacco": "Pipes & tobacco",
    "fire": "Fire brigade",
    "build": "Builder",
}
# Simple trades of each shop: (short id, label, pay, gain). One trade per visit.
SHOP_TRADES: dict[str, list[tuple[str, str, dict, dict]]] = {
    "rice": [
        ("r1", "Buy 1 rice for 2 mon", {"mon": 2}, {"rice": 1}),
        ("r2", "Buy 2 rice for 3 mon", {"mon": 3}, {"rice": 2}),
    ],
    "sandal": [
        ("s1", "Buy 1 sandal for 1 mon", {"mon": 1}, {"sandal": 1}),
        ("s2", "Buy 2 sandals for 2 mon", {"mon": 2}, {"sandal": 2}),
    ],
    "wood": [
        ("w1", "Buy 1 wood for 2 mon", {"mon": 2}, {"wood": 1}),
        ("w2", "Buy 2 wood for 4 mon", {"mon": 4}, {"wood": 2}),
    ],
    "exchange": [
        ("k1", "Change 4 mon into 1 koban", {"mon": 4}, {"koban": 1}),
        ("k2", "Change 8 mon into 2 koban", {"mon": 8}, {"koban": 2}),
        ("m1", "Change 1 koban into 4 mon", {"koban": 1}, {"mon": 4}),
    ],
    "fire": [
        ("f1", "Firefighting +1 for 2 mon", {"mon": 2}, {"ff": 1}),
        ("f2", "Firefighting +2 for 4 mon", {"mon": 4}, {"ff": 2}),
    ],
    "fish": [],  # the season's fish tokens
    "tobacco": [],  # the season's pipes and pouches
    "build": [],  # the face-up buildings
}
MAX_FF = 10

# ---------------------------------------------------------------- Nagaya
# Stalls of a Nagaya, from the board edge (where fires start) to the inner
# corner. Each shop reaches the listed stall indices of its Nagaya.
STALLS = {4: 4, 3: 4, 2: 3}
REACH = {  # (number of stalls) -> (stalls of shop 2n, stalls of shop 2n+1)
    4: ((0, 1), (2, 3)),
    3: ((0, 1), (1, 2)),  # 2-player side: the centre stall is shared
}
SURCHARGE = {4: (0, 0, 1, 2), 3: (0, 1, 2)}  # extra mon to hire/build there
# The inner corner stalls form a 5th group for the harmony bonus (3-4 players).
CORNER_GROUP = True

# ---------------------------------------------------------------- Ikizama
# Space 0 is "1-4": 1 mon instead of income/hiring, movement 1 to 4.
IKIZAMA = ("1-4", "1", "2", "3", "4")
IKIZAMA_MOVE = ((1, 4), (1, 1), (2, 2), (3, 3), (4, 4))
INCOME = 4
ONE_FOUR_MON = 1
# 2 players: 12 blocking tiles, 3 for each of the spaces 1, 2, 3, 4.
BLOCKING_TILES = (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)

# ---------------------------------------------------------------- calendar
MONTHS = 12
PAYDAYS = (3, 6, 9, 12)
FIRES = {5: 3, 8: 4, 11: 5}  # month -> strength (3-4 players)
FIRE_2P_REDUCTION = 1
FIRE_TILES = (0, 1, 2, 3)  # one per Nagaya
SEASON_OF_MONTH = {m: (m - 1) // 3 + 1 for m in range(1, 13)}
SEASON_NAMES = {0: "start", 1: "spring", 2: "summer", 3: "autumn", 4: "winter"}
CARDS_PER_MONTH = 4


def sun_or_moon(month: int) -> str:
    """2 players: who places the neutral character at the end of the month."""
    return "sun" if month % 2 == 1 else "moon"


# ---------------------------------------------------------------- characters
TYPES = ("Y", "N", "B", "R", "P")
TYPE_NAMES = {"Y": "peddler", "N": "artisan", "B": "shop seller", "R": "master craftsman", "P": "special"}
TYPE_COLOURS = {"Y": "yellow", "N": "brown", "B": "blue", "R": "red", "P": "purple"}
TYPE_SCORE = {0: 0, 1: 1, 2: 4, 3: 9, 4: 16, 5: 25}

# (name, season, type, cost, salaries, firefighting on hire, pay, gain)
# salaries[e] is paid with the Kobun on experience e; the last entry is the
# top (retired) slot, so len(salaries) - 1 experience gains retire the card.
# pay/gain: what business with the character costs and gives.
CHARACTERS: list[tuple] = [
    # starting characters (yellow back)
    ("Rice carrier", 0, "Y", 0, (0, 1, 1, 2), 0, {}, {"rice": 1}),
    ("Cooper", 0, "N", 0, (0, 1, 2, 2), 0, {"mon": 1}, {"wood": 1}),
    ("Noodle seller", 0, "B", 0, (1, 1, 2, 2), 0, {}, {"mon": 2}),
    ("Fire warden", 0, "R", 0, (0, 1, 1, 2), 1, {}, {"sandal": 1}),
    # spring
    ("Seamstress", 1, "Y", 1, (0, 1, 2, 2), 0, {}, {"mon": 2}),
    ("Water seller", 1, "Y", 1, (0, 1, 1, 2), 0, {"mon": 1}, {"rice": 1}),
    ("Candy seller", 1, "Y", 2, (1, 1, 2, 3), 0, {}, {"iki": 1}),
    ("Tatami weaver", 1, "N", 2, (0, 1, 2, 3), 0, {"mon": 2}, {"wood": 1}),
    ("Fan maker", 1, "N", 1, (0, 1, 1, 2), 0, {"mon": 1}, {"iki": 1}),
    ("Lantern maker", 1, "N", 2, (1, 1, 2, 2), 1, {}, {"sandal": 1}),
    ("Tempura seller", 1, "B", 2, (0, 2, 2, 3), 0, {"mon": 1}, {"rice": 2}),
    ("Tea seller", 1, "B", 1, (0, 1, 2, 2), 0, {}, {"mon": 1, "sandal": 1}),
    ("Bookseller", 1, "B", 3, (1, 2, 3), 0, {}, {"iki": 2}),
    ("Swordsmith", 1, "R", 3, (1, 2, 3), 0, {"mon": 3}, {"koban": 1}),
    ("Potter", 1, "R", 2, (0, 1, 2, 3), 0, {"wood": 1}, {"iki": 2}),
    ("Roof tiler", 1, "R", 2, (0, 1, 2, 2), 1, {}, {"wood": 1}),
    ("Dice maker", 1, "P", 2, (0, 1, 2, 3), 0, {"mon": 1}, {"iki": 2}),
    ("Fortune teller", 1, "P", 3, (1, 2, 3), 0, {}, {"mon": 3}),
    # summer
    ("Day labourer", 2, "Y", 2, (1, 2, 2, 3), 0, {}, {"mon": 3}),
    ("Goldfish seller", 2, "Y", 2, (0, 1, 2, 3), 0, {"mon": 1}, {"iki": 2}),
    ("Wind chime seller", 2, "Y", 3, (1, 2, 3), 0, {}, {"sandal": 2}),
    ("Carpenter", 2, "N", 3, (1, 1, 2, 3), 1, {"mon": 2}, {"wood": 2}),
    ("Glass blower", 2, "N", 3, (1, 2, 2, 3), 0, {"mon": 2}, {"iki": 3}),
    ("Umbrella maker", 2, "N", 2, (0, 1, 2, 3), 0, {}, {"rice": 1}),
    ("Sushi seller", 2, "B", 3, (1, 2, 2, 3), 0, {"mon": 1}, {"rice": 2}),
    ("Sake seller", 2, "B", 3, (1, 2, 3), 0, {"rice": 1}, {"mon": 4}),
    ("Kimono merchant", 2, "B", 4, (1, 2, 3, 4), 0, {}, {"iki": 2}),
    ("Printer", 2, "R", 4, (1, 2, 3, 4), 0, {"wood": 1}, {"iki": 3}),
    ("Lacquerer", 2, "R", 3, (1, 2, 3), 1, {}, {"mon": 2}),
    ("Mask carver", 2, "R", 4, (2, 2, 3, 4), 0, {"mon": 2}, {"koban": 1}),
    ("Kabuki actor", 2, "P", 4, (1, 2, 3, 4), 0, {"mon": 2}, {"iki": 3}),
    ("Storyteller", 2, "P", 3, (1, 2, 3), 0, {}, {"iki": 2}),
    # autumn
    ("Carter", 3, "Y", 3, (1, 2, 3), 0, {}, {"sandal": 1, "mon": 1}),
    ("Chestnut seller", 3, "Y", 3, (1, 2, 2, 3), 0, {"mon": 1}, {"rice": 2}),
    ("Mushroom picker", 3, "Y", 4, (1, 2, 3, 4), 0, {}, {"rice": 1, "mon": 1}),
    ("Basket weaver", 3, "N", 3, (1, 2, 2, 3), 0, {"mon": 2}, {"iki": 3}),
    ("Comb maker", 3, "N", 4, (1, 2, 3, 4), 1, {}, {"wood": 1}),
    ("Paper maker", 3, "N", 4, (2, 2, 3, 4), 0, {"wood": 1}, {"iki": 3}),
    ("Pawnbroker", 3, "B", 4, (1, 2, 3, 4), 0, {"koban": 1}, {"mon": 6}),
    ("Rice merchant", 3, "B", 4, (1, 2, 3), 0, {"mon": 2}, {"rice": 3}),
    ("Tofu seller", 3, "B", 3, (1, 2, 2, 3), 0, {}, {"rice": 1}),
    ("Blacksmith", 3, "R", 5, (2, 3, 3, 4), 1, {"mon": 3}, {"koban": 1, "iki": 1}),
    ("Dyer", 3, "R", 4, (1, 2, 3, 4), 0, {"mon": 2}, {"iki": 3}),
    ("Shamisen player", 3, "R", 5, (2, 3, 4), 0, {}, {"iki": 3}),
    ("Puppeteer", 3, "P", 4, (1, 2, 3, 4), 0, {"mon": 1}, {"iki": 2}),
    ("Firework maker", 3, "P", 5, (2, 3, 4), 2, {}, {"ff": 1}),
    # winter
    ("Charcoal seller", 4, "Y", 4, (1, 2, 3, 4), 0, {"mon": 1}, {"wood": 1, "iki": 1}),
    ("Noodle cart man", 4, "Y", 4, (2, 2, 3, 4), 0, {}, {"rice": 2}),
    ("Calendar seller", 4, "Y", 5, (2, 3, 4), 0, {}, {"iki": 3}),
    ("Doll maker", 4, "N", 5, (2, 3, 3, 4), 0, {"mon": 2}, {"iki": 4}),
    ("Bucket maker", 4, "N", 4, (1, 2, 3, 4), 1, {}, {"wood": 1, "mon": 1}),
    ("Netsuke carver", 4, "N", 5, (2, 3, 4), 0, {"wood": 1}, {"iki": 4}),
    ("Oden seller", 4, "B", 4, (1, 2, 3, 4), 0, {"mon": 1}, {"rice": 3}),
    ("Money changer", 4, "B", 5, (2, 3, 4), 0, {"mon": 4}, {"koban": 2}),
    ("Soba seller", 4, "B", 5, (2, 2, 3, 4), 0, {}, {"mon": 3}),
    ("Master carpenter", 4, "R", 6, (2, 3, 4, 5), 2, {"mon": 1}, {"wood": 2}),
    ("Goldsmith", 4, "R", 6, (2, 3, 4), 0, {"mon": 3}, {"iki": 5}),
    ("Ukiyo-e painter", 4, "R", 6, (3, 3, 4, 5), 0, {}, {"iki": 3}),
    ("Sumo wrestler", 4, "P", 5, (2, 3, 4), 1, {}, {"sandal": 2, "mon": 1}),
    ("Geisha", 4, "P", 6, (2, 3, 4, 5), 0, {"mon": 2}, {"iki": 4}),
]
PUPPETEER = "Puppeteer"  # counts as any type at the end
CARTER = "Carter"  # retired: +1 movement (optional, like a free sandal)
# Card ids are the indices into CHARACTERS.
START_CARDS = tuple(i for i, c in enumerate(CHARACTERS) if c[1] == 0)
SEASON_CARDS = {s: tuple(i for i, c in enumerate(CHARACTERS) if c[1] == s) for s in (1, 2, 3, 4)}

# ---------------------------------------------------------------- season tokens
FISH_NAMES = {1: "shira-uo", 2: "katsuo", 3: "suzuki", 4: "tai"}
# Tokens: (kind, season, price, iki, premium). Fish: the premium one is dearer
# and worth its printed iki (premium values sum to 16). Pouches score their iki,
# doubled with at least one pipe.
SEASON_TOKENS: list[tuple] = []
for _s, (_cheap, _premium_price, _premium_iki) in {
    1: (2, 4, 3),
    2: (3, 5, 4),
    3: (3, 6, 4),
    4: (4, 7, 5),
}.items():
    SEASON_TOKENS += [("fish", _s, _cheap, 0, False)] * 3
    SEASON_TOKENS += [("fish", _s, _premium_price, _premium_iki, True)]
    SEASON_TOKENS += [("pipe", _s, _cheap + 1, 0, False)] * 2
    SEASON_TOKENS += [("pouch", _s, _cheap - 1 + k, 1 + k, False) for k in range(3)]
FISH_SCORE = {0: 0, 1: 3, 2: 6, 3: 10, 4: 15}
FISH_PER_SEASON = 1  # fish tokens of one season a player may buy

# ---------------------------------------------------------------- buildings
# (name, wood, mon, iki, ability, amount). Abilities, with their amount:
#   "payday_rice"  amount rice at each payday, before feeding (Farmhouse);
#   "ff"           +amount firefighting while the building stands: the bonus is lost
#                  when it burns (Fire Watchtower);
#   "payday_iki"   amount iki at each payday (Imperial Villa);
#   "end_sandal"   amount iki per sandal left at the end, at most MERCHANT_MAX (Merchant House);
#   "end_rice"     amount iki per rice left at the end (Restaurant).
BUILDINGS: list[tuple] = [
    ("Farmhouse", 2, 2, 3, "payday_rice", 2),
    ("Fire Watchtower", 2, 3, 3, "ff", 2),
    ("Imperial Villa", 4, 8, 14, "payday_iki", 2),
    ("Merchant House", 2, 4, 2, "end_sandal", 3),
    ("Restaurant", 2, 3, 3, "end_rice", 1),
    ("Tea House", 1, 3, 5, "", 0),
    ("Bathhouse", 2, 2, 5, "", 0),
    ("Shrine", 3, 2, 7, "", 0),
    ("Kabuki Theatre", 3, 5, 10, "", 0),
    ("Sake Brewery", 3, 4, 8, "", 0),
]
MERCHANT_MAX = 30
ABILITY_TEXT = {  # what a person reads about an ability; {n} is its amount
    "payday_rice": "+{n} rice each payday",
    "ff": "+{n} firefighting while it stands",
    "payday_iki": "+{n} iki each payday",
    "end_sandal": "{n} iki per sandal at the end (max " + str(MERCHANT_MAX) + ")",
    "end_rice": "{n} iki per rice at the end",
    "": "",
}
BUILDINGS_PER_GAME = 6
END_KOBAN = 3
END_WOOD = 1
END_MON_PER_IKI = 4

"""Iki component data.

STAND-IN DATA: every number, name and ability below is a stand-in chosen to fit
the rulebook and ``shared/design/iki.md``; replace it with the printed values
of the 2021 edition when they are available. Rules code never hard-codes any
of these values: it reads them from here.
"""

from __future__ import annotations

from games.text import Msg, N, P, T

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
    "rice": P("iki shop", "Rice shop"),
    "sandal": P("iki shop", "Sandal shop"),
    "wood": P("iki shop", "Wood yard"),
    "fish": P("iki shop", "Fish market"),
    "exchange": P("iki shop", "Koban exchange"),
    "tobacco": P("iki shop", "Pipes & tobacco"),
    "fire": P("iki shop", "Fire brigade"),
    "build": P("iki shop", "Builder"),
}
# Simple trades of each shop: (short id, label, pay, gain). One trade per visit. What the log
# says of each is in ``trade_done``.
SHOP_TRADES: dict[str, list[tuple[str, str, dict, dict]]] = {
    "rice": [
        ("r1", T("Buy 1 rice for 2 mon"), {"mon": 2}, {"rice": 1}),
        ("r2", T("Buy 2 rice for 3 mon"), {"mon": 3}, {"rice": 2}),
    ],
    "sandal": [
        ("s1", T("Buy 1 sandal for 1 mon"), {"mon": 1}, {"sandal": 1}),
        ("s2", T("Buy 2 sandals for 2 mon"), {"mon": 2}, {"sandal": 2}),
    ],
    "wood": [
        ("w1", T("Buy 1 wood for 2 mon"), {"mon": 2}, {"wood": 1}),
        ("w2", T("Buy 2 wood for 4 mon"), {"mon": 4}, {"wood": 2}),
    ],
    "exchange": [
        ("k1", T("Change 4 mon into 1 koban"), {"mon": 4}, {"koban": 1}),
        ("k2", T("Change 8 mon into 2 koban"), {"mon": 8}, {"koban": 2}),
        ("m1", T("Change 1 koban into 4 mon"), {"koban": 1}, {"mon": 4}),
    ],
    "fire": [
        ("f1", T("Firefighting +1 for 2 mon"), {"mon": 2}, {"ff": 1}),
        ("f2", T("Firefighting +2 for 4 mon"), {"mon": 4}, {"ff": 2}),
    ],
    "fish": [],  # the season's fish tokens
    "tobacco": [],  # the season's pipes and pouches
    "build": [],  # the face-up buildings
}
MAX_FF = 10


def trade_done(tid: str, p: str) -> Msg:
    """The log's sentence for a shop trade ``tid`` done by ``p`` (a ``{p0}`` token)."""
    match tid:
        case "r1":
            return T("{p} buys 1 rice for 2 mon.", p=p)
        case "r2":
            return T("{p} buys 2 rice for 3 mon.", p=p)
        case "s1":
            return T("{p} buys 1 sandal for 1 mon.", p=p)
        case "s2":
            return T("{p} buys 2 sandals for 2 mon.", p=p)
        case "w1":
            return T("{p} buys 1 wood for 2 mon.", p=p)
        case "w2":
            return T("{p} buys 2 wood for 4 mon.", p=p)
        case "k1":
            return T("{p} changes 4 mon into 1 koban.", p=p)
        case "k2":
            return T("{p} changes 8 mon into 2 koban.", p=p)
        case "m1":
            return T("{p} changes 1 koban into 4 mon.", p=p)
        case "f1":
            return T("{p} raises firefighting by 1 for 2 mon.", p=p)
        case "f2":
            return T("{p} raises firefighting by 2 for 4 mon.", p=p)
    raise KeyError(tid)


def amount(kind: str, n: int) -> Msg:
    """A count of a good (or of iki, or of firefighting for "ff") as every text says it: "2 mon"."""
    match kind:
        case "mon":
            return N("{n} mon", "{n} mon", n)
        case "rice":
            return N("{n} rice", "{n} rice", n)
        case "wood":
            return N("{n} wood", "{n} wood", n)
        case "koban":
            return N("{n} koban", "{n} koban", n)
        case "sandal":
            return N("{n} sandal", "{n} sandal", n)
        case "iki":
            return N("{n} iki", "{n} iki", n)
        case "ff":
            return N("{n} firefighting", "{n} firefighting", n)
    raise KeyError(kind)


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
SEASON_NAMES = {
    0: P("iki season", "start"),
    1: P("iki season", "spring"),
    2: P("iki season", "summer"),
    3: P("iki season", "autumn"),
    4: P("iki season", "winter"),
}
CARDS_PER_MONTH = 4


def sun_or_moon(month: int) -> str:
    """2 players: who places the neutral character at the end of the month."""
    return "sun" if month % 2 == 1 else "moon"


# ---------------------------------------------------------------- characters
TYPES = ("Y", "N", "B", "R", "P")
TYPE_NAMES = {
    "Y": P("iki character type", "peddler"),
    "N": P("iki character type", "artisan"),
    "B": P("iki character type", "shop seller"),
    "R": P("iki character type", "master craftsman"),
    "P": P("iki character type", "special"),
}
TYPE_COLOURS = {  # the colour of each type's cards
    "Y": P("iki card colour", "yellow"),
    "N": P("iki card colour", "brown"),
    "B": P("iki card colour", "blue"),
    "R": P("iki card colour", "red"),
    "P": P("iki card colour", "purple"),
}
TYPE_SCORE = {0: 0, 1: 1, 2: 4, 3: 9, 4: 16, 5: 25}

# (name, season, type, cost, salaries, firefighting on hire, pay, gain)
# salaries[e] is paid with the Kobun on experience e; the last entry is the
# top (retired) slot, so len(salaries) - 1 experience gains retire the card.
# pay/gain: what business with the character costs and gives.
CHARACTERS: list[tuple] = [
    # starting characters (yellow back)
    (P("iki character", "Rice carrier"), 0, "Y", 0, (0, 1, 1, 2), 0, {}, {"rice": 1}),
    (P("iki character", "Cooper"), 0, "N", 0, (0, 1, 2, 2), 0, {"mon": 1}, {"wood": 1}),
    (P("iki character", "Noodle seller"), 0, "B", 0, (1, 1, 2, 2), 0, {}, {"mon": 2}),
    (P("iki character", "Fire warden"), 0, "R", 0, (0, 1, 1, 2), 1, {}, {"sandal": 1}),
    # spring
    (P("iki character", "Seamstress"), 1, "Y", 1, (0, 1, 2, 2), 0, {}, {"mon": 2}),
    (P("iki character", "Water seller"), 1, "Y", 1, (0, 1, 1, 2), 0, {"mon": 1}, {"rice": 1}),
    (P("iki character", "Candy seller"), 1, "Y", 2, (1, 1, 2, 3), 0, {}, {"iki": 1}),
    (P("iki character", "Tatami weaver"), 1, "N", 2, (0, 1, 2, 3), 0, {"mon": 2}, {"wood": 1}),
    (P("iki character", "Fan maker"), 1, "N", 1, (0, 1, 1, 2), 0, {"mon": 1}, {"iki": 1}),
    (P("iki character", "Lantern maker"), 1, "N", 2, (1, 1, 2, 2), 1, {}, {"sandal": 1}),
    (P("iki character", "Tempura seller"), 1, "B", 2, (0, 2, 2, 3), 0, {"mon": 1}, {"rice": 2}),
    (P("iki character", "Tea seller"), 1, "B", 1, (0, 1, 2, 2), 0, {}, {"mon": 1, "sandal": 1}),
    (P("iki character", "Bookseller"), 1, "B", 3, (1, 2, 3), 0, {}, {"iki": 2}),
    (P("iki character", "Swordsmith"), 1, "R", 3, (1, 2, 3), 0, {"mon": 3}, {"koban": 1}),
    (P("iki character", "Potter"), 1, "R", 2, (0, 1, 2, 3), 0, {"wood": 1}, {"iki": 2}),
    (P("iki character", "Roof tiler"), 1, "R", 2, (0, 1, 2, 2), 1, {}, {"wood": 1}),
    (P("iki character", "Dice maker"), 1, "P", 2, (0, 1, 2, 3), 0, {"mon": 1}, {"iki": 2}),
    (P("iki character", "Fortune teller"), 1, "P", 3, (1, 2, 3), 0, {}, {"mon": 3}),
    # summer
    (P("iki character", "Day labourer"), 2, "Y", 2, (1, 2, 2, 3), 0, {}, {"mon": 3}),
    (P("iki character", "Goldfish seller"), 2, "Y", 2, (0, 1, 2, 3), 0, {"mon": 1}, {"iki": 2}),
    (P("iki character", "Wind chime seller"), 2, "Y", 3, (1, 2, 3), 0, {}, {"sandal": 2}),
    (P("iki character", "Carpenter"), 2, "N", 3, (1, 1, 2, 3), 1, {"mon": 2}, {"wood": 2}),
    (P("iki character", "Glass blower"), 2, "N", 3, (1, 2, 2, 3), 0, {"mon": 2}, {"iki": 3}),
    (P("iki character", "Umbrella maker"), 2, "N", 2, (0, 1, 2, 3), 0, {}, {"rice": 1}),
    (P("iki character", "Sushi seller"), 2, "B", 3, (1, 2, 2, 3), 0, {"mon": 1}, {"rice": 2}),
    (P("iki character", "Sake seller"), 2, "B", 3, (1, 2, 3), 0, {"rice": 1}, {"mon": 4}),
    (P("iki character", "Kimono merchant"), 2, "B", 4, (1, 2, 3, 4), 0, {}, {"iki": 2}),
    (P("iki character", "Printer"), 2, "R", 4, (1, 2, 3, 4), 0, {"wood": 1}, {"iki": 3}),
    (P("iki character", "Lacquerer"), 2, "R", 3, (1, 2, 3), 1, {}, {"mon": 2}),
    (P("iki character", "Mask carver"), 2, "R", 4, (2, 2, 3, 4), 0, {"mon": 2}, {"koban": 1}),
    (P("iki character", "Kabuki actor"), 2, "P", 4, (1, 2, 3, 4), 0, {"mon": 2}, {"iki": 3}),
    (P("iki character", "Storyteller"), 2, "P", 3, (1, 2, 3), 0, {}, {"iki": 2}),
    # autumn
    (P("iki character", "Carter"), 3, "Y", 3, (1, 2, 3), 0, {}, {"sandal": 1, "mon": 1}),
    (P("iki character", "Chestnut seller"), 3, "Y", 3, (1, 2, 2, 3), 0, {"mon": 1}, {"rice": 2}),
    (P("iki character", "Mushroom picker"), 3, "Y", 4, (1, 2, 3, 4), 0, {}, {"rice": 1, "mon": 1}),
    (P("iki character", "Basket weaver"), 3, "N", 3, (1, 2, 2, 3), 0, {"mon": 2}, {"iki": 3}),
    (P("iki character", "Comb maker"), 3, "N", 4, (1, 2, 3, 4), 1, {}, {"wood": 1}),
    (P("iki character", "Paper maker"), 3, "N", 4, (2, 2, 3, 4), 0, {"wood": 1}, {"iki": 3}),
    (P("iki character", "Pawnbroker"), 3, "B", 4, (1, 2, 3, 4), 0, {"koban": 1}, {"mon": 6}),
    (P("iki character", "Rice merchant"), 3, "B", 4, (1, 2, 3), 0, {"mon": 2}, {"rice": 3}),
    (P("iki character", "Tofu seller"), 3, "B", 3, (1, 2, 2, 3), 0, {}, {"rice": 1}),
    (P("iki character", "Blacksmith"), 3, "R", 5, (2, 3, 3, 4), 1, {"mon": 3}, {"koban": 1, "iki": 1}),
    (P("iki character", "Dyer"), 3, "R", 4, (1, 2, 3, 4), 0, {"mon": 2}, {"iki": 3}),
    (P("iki character", "Shamisen player"), 3, "R", 5, (2, 3, 4), 0, {}, {"iki": 3}),
    (P("iki character", "Puppeteer"), 3, "P", 4, (1, 2, 3, 4), 0, {"mon": 1}, {"iki": 2}),
    (P("iki character", "Firework maker"), 3, "P", 5, (2, 3, 4), 2, {}, {"ff": 1}),
    # winter
    (P("iki character", "Charcoal seller"), 4, "Y", 4, (1, 2, 3, 4), 0, {"mon": 1}, {"wood": 1, "iki": 1}),
    (P("iki character", "Noodle cart man"), 4, "Y", 4, (2, 2, 3, 4), 0, {}, {"rice": 2}),
    (P("iki character", "Calendar seller"), 4, "Y", 5, (2, 3, 4), 0, {}, {"iki": 3}),
    (P("iki character", "Doll maker"), 4, "N", 5, (2, 3, 3, 4), 0, {"mon": 2}, {"iki": 4}),
    (P("iki character", "Bucket maker"), 4, "N", 4, (1, 2, 3, 4), 1, {}, {"wood": 1, "mon": 1}),
    (P("iki character", "Netsuke carver"), 4, "N", 5, (2, 3, 4), 0, {"wood": 1}, {"iki": 4}),
    (P("iki character", "Oden seller"), 4, "B", 4, (1, 2, 3, 4), 0, {"mon": 1}, {"rice": 3}),
    (P("iki character", "Money changer"), 4, "B", 5, (2, 3, 4), 0, {"mon": 4}, {"koban": 2}),
    (P("iki character", "Soba seller"), 4, "B", 5, (2, 2, 3, 4), 0, {}, {"mon": 3}),
    (P("iki character", "Master carpenter"), 4, "R", 6, (2, 3, 4, 5), 2, {"mon": 1}, {"wood": 2}),
    (P("iki character", "Goldsmith"), 4, "R", 6, (2, 3, 4), 0, {"mon": 3}, {"iki": 5}),
    (P("iki character", "Ukiyo-e painter"), 4, "R", 6, (3, 3, 4, 5), 0, {}, {"iki": 3}),
    (P("iki character", "Sumo wrestler"), 4, "P", 5, (2, 3, 4), 1, {}, {"sandal": 2, "mon": 1}),
    (P("iki character", "Geisha"), 4, "P", 6, (2, 3, 4, 5), 0, {"mon": 2}, {"iki": 4}),
]
PUPPETEER = "Puppeteer"  # counts as any type at the end
CARTER = "Carter"  # retired: +1 movement (optional, like a free sandal)
# Card ids are the indices into CHARACTERS.
START_CARDS = tuple(i for i, c in enumerate(CHARACTERS) if c[1] == 0)
SEASON_CARDS = {s: tuple(i for i, c in enumerate(CHARACTERS) if c[1] == s) for s in (1, 2, 3, 4)}

# ---------------------------------------------------------------- season tokens
FISH_NAMES = {
    # TRANSLATORS: the Japanese names of the season's fish (icefish, bonito, sea bass, sea bream)
    1: P("iki fish", "shira-uo"),
    2: P("iki fish", "katsuo"),
    3: P("iki fish", "suzuki"),
    4: P("iki fish", "tai"),
}
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
    (P("iki building", "Farmhouse"), 2, 2, 3, "payday_rice", 2),
    (P("iki building", "Fire Watchtower"), 2, 3, 3, "ff", 2),
    (P("iki building", "Imperial Villa"), 4, 8, 14, "payday_iki", 2),
    (P("iki building", "Merchant House"), 2, 4, 2, "end_sandal", 3),
    (P("iki building", "Restaurant"), 2, 3, 3, "end_rice", 1),
    (P("iki building", "Tea House"), 1, 3, 5, "", 0),
    (P("iki building", "Bathhouse"), 2, 2, 5, "", 0),
    (P("iki building", "Shrine"), 3, 2, 7, "", 0),
    (P("iki building", "Kabuki Theatre"), 3, 5, 10, "", 0),
    (P("iki building", "Sake Brewery"), 3, 4, 8, "", 0),
]
MERCHANT_MAX = 30


def ability_words(ability: str, n: int) -> Msg | str:
    """What a person reads about a building's ability, ``n`` its amount ("" for none)."""
    match ability:
        case "payday_rice":
            return T("+{n} rice each payday", n=n)
        case "ff":
            return T("+{n} firefighting while it stands", n=n)
        case "payday_iki":
            return T("+{n} iki each payday", n=n)
        case "end_sandal":
            return T("{n} iki per sandal at the end (max {max})", n=n, max=MERCHANT_MAX)
        case "end_rice":
            return T("{n} iki per rice at the end", n=n)
    return ""


BUILDINGS_PER_GAME = 6
END_KOBAN = 3
END_WOOD = 1
END_MON_PER_IKI = 4

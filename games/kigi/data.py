"""Kigi components.

STAND-IN DATA: the printed card values are not public. These tables follow the
parameters of ``shared/design/kigi.md`` (30 tree cards with 90 feature
instances, 18 of each feature; 10 cards with 2 instances, 12 with 3, 6 with 4,
2 with 5; 12 cards with 1 tip, 12 with 2, 6 with 3; 5 trunks; 10 commissions;
no two tree cards alike) and are to be replaced by the printed values. Rules code
reads only this module for the cards; where the features and tips lie on a card
is the table's geometry (``table.ICON_LAYOUTS``, ``table.TIP_POINT``), stand-in too.
"""

from __future__ import annotations

from games.text import NP, Msg, P

# Feature letters used in the compact tables below, in display order.
FEATURES: dict[str, str] = {
    "B": "butterfly",  # orange, a bug
    "D": "dragonfly",  # blue, a bug
    "P": "pink",  # pink flower
    "U": "purple",  # purple flower
    "R": "red",  # red blossom (tie-break)
}
FEATURE_ORDER = list(FEATURES.values())
FEATURE_NAMES = {
    "butterfly": P("kigi feature", "butterfly"),
    "dragonfly": P("kigi feature", "dragonfly"),
    "pink": P("kigi feature", "pink flower"),
    "purple": P("kigi feature", "purple flower"),
    "red": P("kigi feature", "red blossom"),
}
# The short words of a feature (a card's description, a line's score): "pink", "red".
SHORT_NAMES = {
    "butterfly": P("kigi feature", "butterfly"),
    "dragonfly": P("kigi feature", "dragonfly"),
    "pink": P("kigi feature short", "pink"),
    "purple": P("kigi feature short", "purple"),
    "red": P("kigi feature short", "red"),
}


def counted_feature(feature: str, n: int) -> Msg:
    """How many of a feature a card shows, as one message per feature: "2 butterflies", "2 pink"."""
    # TRANSLATORS: how many of a feature a Kigi card shows: butterflies, dragonflies
    if feature == "butterfly":
        return NP("kigi feature count", "{n} butterfly", "{n} butterflies", n)
    if feature == "dragonfly":
        return NP("kigi feature count", "{n} dragonfly", "{n} dragonflies", n)
    # TRANSLATORS: how many pink flowers a Kigi card shows ("2 pink" = 2 pink flowers)
    if feature == "pink":
        return NP("kigi feature count", "{n} pink", "{n} pink", n)
    # TRANSLATORS: how many purple flowers a Kigi card shows ("2 purple" = 2 purple flowers)
    if feature == "purple":
        return NP("kigi feature count", "{n} purple", "{n} purple", n)
    # TRANSLATORS: how many red blossoms a Kigi card shows ("2 red" = 2 red blossoms)
    return NP("kigi feature count", "{n} red", "{n} red", n)


BUGS = ("butterfly", "dragonfly")
FLOWERS = ("pink", "purple")
BLOSSOM = "red"

# Tips relative to the direction the card grew in: L(eft), S(traight), R(ight).
TIPS: dict[str, str] = {"L": "left", "S": "straight", "R": "right"}

# (id, feature instances, tips). t30 is the rulebook's scoring example card:
# a dragonfly, two pink flowers and two red blossoms.
_TREE_TABLE = [
    ("t01", "BR", "S"),
    ("t02", "DR", "LR"),
    ("t03", "BR", "L"),
    ("t04", "BU", "SL"),
    ("t05", "BP", "LSR"),
    ("t06", "DP", "S"),
    ("t07", "DP", "SR"),
    ("t08", "BU", "R"),
    ("t09", "BP", "LR"),
    ("t10", "PR", "LSR"),
    ("t11", "DDU", "S"),
    ("t12", "BUR", "SL"),
    ("t13", "BUU", "L"),
    ("t14", "BPU", "SR"),
    ("t15", "BBP", "LSR"),
    ("t16", "DDP", "S"),
    ("t17", "BDR", "LR"),
    ("t18", "DPU", "R"),
    ("t19", "PUU", "SL"),
    ("t20", "DPR", "LSR"),
    ("t21", "DRR", "S"),
    ("t22", "BPR", "SR"),
    ("t23", "DPPU", "L"),
    ("t24", "BBDU", "LR"),
    ("t25", "BBDU", "LSR"),
    ("t26", "UURR", "S"),
    ("t27", "DPUR", "SL"),
    ("t28", "DPUR", "R"),
    ("t29", "BDURR", "SR"),
    ("t30", "DPPRR", "LSR"),
]

# Trunks: each shows one feature (picture and identity only, never scored).
_TRUNK_TABLE = [("k1", "B"), ("k2", "D"), ("k3", "P"), ("k4", "U"), ("k5", "R")]

# Commissions: (id, statistic, most?) - "most" or "fewest" of a statistic.
STATS: dict[str, str] = {
    "collection": "cards in collection",
    "cards": "cards on tree",
    "branches": "branches on tree",
    "flowers": "flowers on tree",
    "bugs": "bugs on tree",
}
_COMMISSION_TABLE = [
    ("c01", "collection", True),
    ("c02", "collection", False),
    ("c03", "cards", True),
    ("c04", "cards", False),
    ("c05", "branches", True),
    ("c06", "branches", False),
    ("c07", "flowers", True),
    ("c08", "flowers", False),
    ("c09", "bugs", True),
    ("c10", "bugs", False),
]

# Each commission's text, translated once.
COMMISSION_TEXTS = {
    "c01": P("kigi commission", "Most cards in collection"),
    "c02": P("kigi commission", "Fewest cards in collection"),
    "c03": P("kigi commission", "Most cards on tree"),
    "c04": P("kigi commission", "Fewest cards on tree"),
    "c05": P("kigi commission", "Most branches on tree"),
    "c06": P("kigi commission", "Fewest branches on tree"),
    "c07": P("kigi commission", "Most flowers on tree"),
    "c08": P("kigi commission", "Fewest flowers on tree"),
    "c09": P("kigi commission", "Most bugs on tree"),
    "c10": P("kigi commission", "Fewest bugs on tree"),
}
TIP_NAMES = {
    "left": P("kigi tip", "left"),
    "straight": P("kigi tip", "straight"),
    "right": P("kigi tip", "right"),
}

COMMISSION_BONUS = 10
PRUNE_AT = 10
DISPLAY_SIZE = 3


def _features(letters: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for letter in letters:
        name = FEATURES[letter]
        out[name] = out.get(name, 0) + 1
    return {name: out[name] for name in FEATURE_ORDER if name in out}


TREE_CARDS: dict[str, dict] = {
    cid: {"id": cid, "kind": "tree", "features": _features(f), "tips": [TIPS[t] for t in "LSR" if t in tips]}
    for cid, f, tips in _TREE_TABLE
}
TRUNKS: dict[str, dict] = {
    cid: {"id": cid, "kind": "trunk", "feature": FEATURES[f], "tips": ["left", "straight", "right"]}
    for cid, f in _TRUNK_TABLE
}
COMMISSIONS: dict[str, dict] = {
    cid: {
        "id": cid,
        "kind": "commission",
        "stat": stat,
        "most": most,
        "text": COMMISSION_TEXTS[cid],
    }
    for cid, stat, most in _COMMISSION_TABLE
}
CARDS: dict[str, dict] = {**TRUNKS, **TREE_CARDS, **COMMISSIONS}
TOTAL_CARDS = len(CARDS)  # 45

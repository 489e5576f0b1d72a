"""Ike No Koi component data.

STAND-IN DATA: the printed Honour token values and Challenge cards are not
public. Everything here follows /work/shared/design/ike-no-koi.md and is to be
replaced by the printed values; the rules code reads it only from this module.

Cards are plain ints (cards of one kind are interchangeable): a Koi card is its
variety 2..11, a Garden card is one of the codes BAMBOO, LOTUS, BRIDGE, LANTERN.
"""

from __future__ import annotations

import itertools

from games.text import NP, P, T

VARIETIES = tuple(range(2, 12))  # Koi values 2..11; value n appears n times
BAMBOO, LOTUS, BRIDGE, LANTERN = 12, 13, 14, 15
GARDENS = (BAMBOO, LOTUS, BRIDGE, LANTERN)
GARDEN_COUNTS = {BAMBOO: 5, LOTUS: 3, BRIDGE: 2, LANTERN: 3}
KIND_NAMES = {
    **{v: str(v) for v in VARIETIES},
    BAMBOO: "bamboo",
    LOTUS: "lotus",
    BRIDGE: "bridge",
    LANTERN: "lantern",
}
# A person's name for each card kind ("Koi 7", "Bamboo"...), and the word for a kind (its id in a
# view: "7", "bamboo") as pictures and texts write it: each term is translated once, here.
CARD_NAMES = {
    **{v: P("ikenokoi card", "Koi {v}", v=v) for v in VARIETIES},
    BAMBOO: P("ikenokoi card", "Bamboo"),
    LOTUS: P("ikenokoi card", "Lotus flower"),
    BRIDGE: P("ikenokoi card", "Bridge"),
    LANTERN: P("ikenokoi card", "Lantern"),
}
KIND_WORDS = {
    "bamboo": P("ikenokoi card kind", "bamboo"),
    "lotus": P("ikenokoi card kind", "lotus"),
    "bridge": P("ikenokoi card kind", "bridge"),
    "lantern": P("ikenokoi card kind", "lantern"),
}


def counted_kind(kind: str, n: int) -> str:
    """How many Garden cards of a kind, as one message per kind: "2 bridges"."""
    # TRANSLATORS: a number of Garden cards of one kind (Ike No Koi), e.g. in the discarded cards
    if kind == "bamboo":
        return NP("ikenokoi card count", "{n} bamboo", "{n} bamboo", n)
    if kind == "lotus":
        return NP("ikenokoi card count", "{n} lotus", "{n} lotus", n)
    if kind == "bridge":
        return NP("ikenokoi card count", "{n} bridge", "{n} bridges", n)
    if kind == "lantern":
        return NP("ikenokoi card count", "{n} lantern", "{n} lanterns", n)
    return f"{n} × {kind}"  # a Koi card's number: never discarded, shown as digits


def kind_word(kind: str) -> str:
    """The word for a card kind of a view ("7", "bamboo"): the number itself for a Koi."""
    return KIND_WORDS.get(kind, kind)


# The Koi 11 cards and the Honour token 11 are removed at these player counts.
NO_ELEVEN_COUNTS = (2, 3)

POOL_SIZE = 3  # the pool (bassin): first cards of the shuffled pond, face down
MAX_DRAWS = 4  # a turn reveals at most 4 cards; at least 2 before stopping
MIN_STOP = 2

# Honour Lotus token values (stand-in, revised): higher varieties earn more, and most
# tokens are worth less than the 3 of the "each token is worth three lotus" challenge,
# so that card is a reward. (The first stand-in, value = variety, made it a penalty.)
TOKEN_VALUES = {2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3, 11: 4}

# Pontoon zones as a 2 x 5 grid; bridges join horizontally or vertically adjacent zones.
GRID = ((2, 3, 4, 5, 6), (7, 8, 9, 10, 11))


def _adjacent_pairs() -> tuple[tuple[int, int], ...]:
    pairs = []
    for row in GRID:
        pairs += list(itertools.pairwise(row))
    pairs += list(zip(GRID[0], GRID[1], strict=True))
    return tuple(sorted(pairs))


ADJACENT_PAIRS = _adjacent_pairs()  # 13 pairs (a, b), a < b


def deck(num_players: int) -> list[int]:
    """The pond cards in canonical order for this player count (78, or 67 at 2-3)."""
    cards = []
    for v in VARIETIES:
        if v == 11 and num_players in NO_ELEVEN_COUNTS:
            continue
        cards += [v] * v
    for g in GARDENS:
        cards += [g] * GARDEN_COUNTS[g]
    return cards


def varieties_in_play(num_players: int) -> tuple[int, ...]:
    return tuple(v for v in VARIETIES if not (v == 11 and num_players in NO_ELEVEN_COUNTS))


# Challenge cards (stand-ins), built from the 8 condition kinds of the rulebook.
# kind: honour_pairs | honour_three | fewest_varieties | most_varieties | same_count |
#       most_of | fewest_total | pairs.  "ind" = lotus for your own individual challenge,
# "com" = lotus for the common challenge (per pair for "pairs"; the two "honour_*"
# cards are effects with no value of their own: "per_pair" extra lotus per pair of
# tokens, or every token worth at least "each" lotus: a challenge never lowers a token's value,
# so the 11 keeps its 4). No card names variety 11, which is
# not in play at 2-3 players. "Most"/"fewest" conditions count ties as fulfilled;
# "same_count" and "most_of" need at least one card of each variety named.
CHALLENGES: tuple[dict, ...] = (
    {
        "kind": "honour_pairs",
        "vars": [],
        "ind": 0,
        "com": 0,
        "per_pair": 1,
        "text": T("Each pair of Honour tokens you win earns 1 extra lotus."),
    },
    {
        "kind": "honour_three",
        "vars": [],
        "ind": 0,
        "com": 0,
        "each": 3,
        "text": T("Each Honour token you win is worth at least 3 lotus."),
    },
    {
        "kind": "fewest_varieties",
        "vars": [],
        "ind": 4,
        "com": 3,
        "text": T("Have the fewest varieties of Koi (ties count)."),
    },
    {
        "kind": "most_varieties",
        "vars": [],
        "ind": 4,
        "com": 3,
        "text": T("Have the most varieties of Koi (ties count)."),
    },
    {
        "kind": "same_count",
        "vars": [2, 3],
        "ind": 4,
        "com": 2,
        "text": T("Have as many 2s as 3s (at least one of each)."),
    },
    {
        "kind": "same_count",
        "vars": [3, 4],
        "ind": 4,
        "com": 2,
        "text": T("Have as many 3s as 4s (at least one of each)."),
    },
    {
        "kind": "same_count",
        "vars": [4, 5],
        "ind": 4,
        "com": 2,
        "text": T("Have as many 4s as 5s (at least one of each)."),
    },
    {
        "kind": "most_of",
        "vars": [6],
        "ind": 3,
        "com": 2,
        "text": T("Have the most 6s (ties count, at least one)."),
    },
    {
        "kind": "most_of",
        "vars": [8],
        "ind": 3,
        "com": 2,
        "text": T("Have the most 8s (ties count, at least one)."),
    },
    {
        "kind": "most_of",
        "vars": [10],
        "ind": 3,
        "com": 2,
        "text": T("Have the most 10s (ties count, at least one)."),
    },
    {
        "kind": "fewest_total",
        "vars": [9, 10],
        "ind": 3,
        "com": 2,
        "text": T("Have the fewest 9s and 10s in total (ties count)."),
    },
    {
        "kind": "fewest_total",
        "vars": [7, 8],
        "ind": 3,
        "com": 2,
        "text": T("Have the fewest 7s and 8s in total (ties count)."),
    },
    {"kind": "pairs", "vars": [5, 10], "ind": 1, "com": 1, "text": T("1 lotus per pair of a 5 and a 10.")},
    {"kind": "pairs", "vars": [4, 8], "ind": 1, "com": 1, "text": T("1 lotus per pair of a 4 and an 8.")},
)

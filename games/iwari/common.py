"""Small things every part of the Iwari engine shares: card codes and names, the Ruin marker, the
maps that have solo/co-op rules."""

from __future__ import annotations

from games.iwari.data import (
    BIOME_CODES,
    BIOME_NAMES,
    CARD_COUNTS,
    REMOVED_PER_BIOME,
    VOID_CARD,
    VOID_CARD_NAME,
    VOID_CARDS,
)
from games.text import NP, Msg, T

NB = len(BIOME_CODES)
CARD_CODES = BIOME_CODES + "V"  # a card's code by index; "V" a Void card (solo/co-op, The Void)
RUIN = -2  # owner of a tent space holding a Void Ruin (Forgotten Island)
SOLO_MAPS = (
    "new-horizons",
    "vast-lands",
    "long-road",
    "glacial-mass",
    "floating-lands",
    "forgotten-island",
    "uncharted-paths",
)
FLOATING, FORGOTTEN, UNCHARTED = "floating-lands", "forgotten-island", "uncharted-paths"


def card_total(num_players: int, mode: str = "versus", void_cards: bool = False) -> list[int]:
    """Cards of each kind in the game (biomes, then Void cards on The Void map)."""
    if mode != "versus":
        return list(CARD_COUNTS)  # solo/co-op: all the Biome cards
    out = [c - REMOVED_PER_BIOME[num_players] for c in CARD_COUNTS]
    return [*out, VOID_CARDS] if void_cards else out  # never fewer Void cards


def seat_tag(seat: int) -> str:
    """A seat as words name it: ``{p0}``, filled with the player's name where it is read."""
    return "{p" + str(seat) + "}"


def card_name(c: int) -> Msg:
    return VOID_CARD_NAME if c == VOID_CARD else BIOME_NAMES[c]


def counted_cards(c: int, n: int) -> Msg:
    """How many cards of one kind, as one message per kind: "2 Coast"."""
    # TRANSLATORS: a number of Biome cards of one kind (Iwari), e.g. "2 Coast" = two Coast cards
    if c == 0:
        return NP("iwari card count", "{n} Tundra", "{n} Tundra", n)
    if c == 1:
        return NP("iwari card count", "{n} Forest", "{n} Forest", n)
    if c == 2:
        return NP("iwari card count", "{n} Glacier", "{n} Glacier", n)
    if c == 3:
        return NP("iwari card count", "{n} Coast", "{n} Coast", n)
    if c == 4:
        return NP("iwari card count", "{n} Desert", "{n} Desert", n)
    return NP("iwari card count", "{n} Void", "{n} Void", n)


def plus(parts: list) -> Msg:
    """Words joined as a sum: "Forest + 2 Coast", "Tent space 7a + 7b"."""
    if not parts:
        return ""
    words = parts[0]
    for part in parts[1:]:
        words = T("{words} + {word}", words=words, word=part)
    return words


def cards_text(cards: str) -> Msg:
    """'FCC' -> 'Forest + 2 Coast'."""
    parts = []
    for b, code in enumerate(CARD_CODES):
        k = cards.count(code)
        if k:
            parts.append(card_name(b) if k == 1 else counted_cards(b, k))
    return plus(parts)


def sorted_cards(cards: str) -> str:
    return "".join(sorted(cards, key=CARD_CODES.index))

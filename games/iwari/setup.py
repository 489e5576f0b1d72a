"""Iwari set-up: the checks on players and options, and the opening deal of each mode.

Versus (``opening``): mountains drawn, the deck for the player count (Void cards on The Void map),
hands or an advanced draft, the display, Expedition cards and Worship Golden tokens. Solo and
co-op (``opening_solo``): all Biome cards, the deck cut in four with 3 Void cards in each quarter.
Each returns the save of the opening state: what it deals, the rest at the start the field table
gives it (fields.py); ``IwariState.new`` loads it.
"""

from __future__ import annotations

from games.base import IllegalSetup
from games.iwari.board import get_board
from games.iwari.common import (
    NB,
    SOLO_MAPS,
    card_total,
)
from games.iwari.data import (
    DECK_PARTS,
    DIFFICULTIES,
    DIFFICULTY_LEVELS,
    DISPLAY_SIZE,
    EXPEDITIONS,
    EXPEDITIONS_IN_PLAY,
    HAND_SIZE,
    MODE_PLAYERS,
    MODES,
    MOUNTAIN_SYMBOLS,
    REMOVED_PER_BIOME,
    VOID_CARD,
    VOID_CARDS_PER_PART,
    VOID_MAP_ONLY_COUNT,
    VOID_TARGET,
    void_target,
)
from games.iwari.fields import complete
from games.rng import Rng
from games.text import T


def check_setup(num_players: int, opts: dict) -> None:
    mode = opts.get("mode", "versus")
    if mode not in MODES:
        raise IllegalSetup(T("Unknown mode {mode}: versus, solo or coop.", mode=repr(mode)))
    difficulty = opts.get("difficulty", DIFFICULTY_LEVELS[0])
    board = get_board(opts["map"])
    if board.void_cards:
        if mode != "versus":
            raise IllegalSetup(T("The Void map cannot be played solo or co-op (the rulebook excludes it)."))
        if opts.get("expeditions"):
            raise IllegalSetup(T("Expedition cards are not used on The Void map."))
    elif opts.get("worship") == "contested":
        raise IllegalSetup(T("Worship variant 2 (Contested tokens) is played only on The Void map."))
    elif num_players == VOID_MAP_ONLY_COUNT:
        raise IllegalSetup(T("Only The Void map can be played by 6 players."))
    if mode == "versus":
        if num_players not in REMOVED_PER_BIOME:
            raise IllegalSetup(T("Iwari is played by 2-5 players (6 on The Void); 1 player plays mode solo."))
        if difficulty not in (DIFFICULTY_LEVELS[0], 0):
            raise IllegalSetup(T("The difficulty (territories the Void needs) is for solo and coop modes."))
        return
    if num_players != MODE_PLAYERS[mode]:
        raise IllegalSetup(
            T("Solo mode is for 1 player.")
            if mode == "solo"
            else T("Cooperative mode is for exactly 2 players.")
        )
    if difficulty not in DIFFICULTIES:
        raise IllegalSetup(T("Difficulty: one of {levels}.", levels=", ".join(DIFFICULTY_LEVELS)))
    if mode == "coop" and not isinstance(difficulty, str) and difficulty and difficulty < VOID_TARGET["coop"]:
        raise IllegalSetup(
            T("Cooperative mode can only be made easier: the Void needs at least 1 territory.")
        )
    if opts.get("feats") or opts.get("courage") or opts.get("worship", "none") != "none":
        raise IllegalSetup(T("Feats cannot be used in the solo and cooperative games."))
    if opts.get("expeditions"):
        raise IllegalSetup(T("Expedition cards cannot be used in the solo and cooperative games."))
    if opts.get("draft"):
        raise IllegalSetup(T("The solo and cooperative set-up deals the starting hands: no draft."))
    if opts["map"] not in SOLO_MAPS:
        raise IllegalSetup(
            T(
                "Solo/coop on {map} is not available yet (its Void rules are not "
                "built); play it on New Horizons, The Vast Lands, The Long Road or Glacial Mass.",
                map=get_board(opts["map"]).name,
            )
        )


def opening(num_players: int, seed: int, opts: dict) -> dict:
    """The save of a new game (checked), of either mode."""
    check_setup(num_players, opts)
    if opts.get("mode", "versus") != "versus":
        return opening_solo(num_players, seed, opts)
    board = get_board(opts["map"])
    if opts.get("courage") and not opts.get("feats"):
        raise IllegalSetup(
            T("The Courage Feat cancels another Feat's multiplier: play it with feats on (the base Feats).")
        )
    rng = Rng(seed)
    # Mountains: symbols 1..k, one of the two connections of each symbol at random.
    mountains = []
    for symbol in range(1, (MOUNTAIN_SYMBOLS[num_players] if board.mountains else 0) + 1):
        pair = [k for k, c in enumerate(board.connections) if c.mountain == symbol]
        mountains.append(rng.choice(pair))
    kinds = NB + 1 if board.void_cards else NB  # The Void: Void cards in the deck
    deck = [b for b, k in enumerate(card_total(num_players, "versus", board.void_cards)) for _ in range(k)]
    rng.shuffle(deck)
    hands = [[0] * kinds for _ in range(num_players)]
    display: list[int] = []
    if not opts["draft"]:
        for h in hands:
            for _ in range(HAND_SIZE):
                h[deck.pop()] += 1
    for _ in range(DISPLAY_SIZE):
        display.append(deck.pop())
    display.sort()
    expeditions = []
    if opts.get("expeditions"):
        ids = list(range(len(EXPEDITIONS)))
        rng.shuffle(ids)
        expeditions = [[i, []] for i in sorted(ids[:EXPEDITIONS_IN_PLAY])]
    golden = []
    if opts.get("worship") == "golden":
        # A Worship Golden token on the Totem space of one territory of each biome.
        for bio in range(NB):
            golden.append(rng.choice([t for t in range(board.num_territories) if board.biome[t] == bio]))
    draft = {}
    if opts["draft"]:
        # Advanced set-up: from the last seat back to the first, draw a starting hand from the
        # display and/or the deck (IwariState.new starts it); the display is refilled after each.
        last = num_players - 1
        draft = {"drafting": list(range(last, -1, -1)), "cur": last, "tribe": last, "phase": "draw"}
    return _opening_save(
        num_players,
        opts,
        rng,
        deck,
        display,
        hands,
        mountains=sorted(mountains),
        expeditions=expeditions,
        golden=golden,
        void_pool=board.void_totems,
        **draft,
    )


def opening_solo(num_players: int, seed: int, opts: dict) -> dict:
    """Solo / co-op set-up: all Biome cards, hands and display, then 3 Void cards in each quarter."""
    mode = opts["mode"]
    rng = Rng(seed)
    deck = [b for b, k in enumerate(card_total(num_players, mode)) for _ in range(k)]
    rng.shuffle(deck)
    hands = [[0] * (NB + 1) for _ in range(num_players)]
    for h in hands:
        for _ in range(HAND_SIZE):
            h[deck.pop()] += 1
    display = sorted(deck.pop() for _ in range(DISPLAY_SIZE))
    parts = [deck[i * len(deck) // DECK_PARTS : (i + 1) * len(deck) // DECK_PARTS] for i in range(DECK_PARTS)]
    deck = []
    for part in parts:
        part += [VOID_CARD] * VOID_CARDS_PER_PART
        rng.shuffle(part)
        deck = part + deck  # the deck is drawn from the end: the first part lies on top
    target = void_target(mode, opts.get("difficulty", DIFFICULTY_LEVELS[0]), opts["map"])
    return _opening_save(num_players, opts, rng, deck, display, hands, target=target)


def _opening_save(
    num_players: int,
    opts: dict,
    rng: Rng,
    deck: list[int],
    display: list[int],
    hands: list[list[int]],
    **dealt,
) -> dict:
    """The save of the opening state: what was dealt, every other field at its start (fields.py)."""
    data = {
        "n": num_players,
        "opts": opts,
        "rng": rng.to_json(),
        "deck": deck,
        "display": display,
        "hands": hands,
    }
    return complete({**data, **dealt})

"""Kigi (Daniel Solis, 2014): grow trees of cards, score matching lines, prune, fulfil commissions."""

from __future__ import annotations

from games.base import Game
from games.kigi.state import KigiState
from games.text import T

GAME = Game(
    key="kigi",
    title="Kigi",
    player_counts=range(2, 6),
    options={"advanced": [False, True]},
    _new=KigiState.new,
    _load=KigiState.from_json,
    option_help={"advanced": T("Advanced game: everyone first keeps one of two commissions dealt to them")},
    blurb=T("grow the finest bonsai trees, card by card, and fulfil commissions."),
    setups=((3, {}), (2, {}), (5, {}), (3, {"advanced": True})),
    navigation=frozenset({"tree"}),  # look at another tree: its spots are then in the picture
)
KigiState.game = GAME

__all__ = ["GAME", "KigiState"]

"""Iwari (Michael Schacht, ThunderGryph 2020): the base game, Feats, and the Maps Atlas expansion."""

from __future__ import annotations

from games.base import Game
from games.iwari.data import WORSHIP_VARIANTS
from games.iwari.maps import MAPS
from games.iwari.state import IwariState


def _new(num_players: int, seed: int, options: dict) -> IwariState:
    return IwariState.new(num_players, seed, options)


def _load(data: dict) -> IwariState:
    return IwariState(data)


GAME = Game(
    key="iwari",
    title="Iwari",
    player_counts=range(2, 6),
    options={
        "map": list(MAPS),
        "feats": [False, True],
        "draft": [False, True],
        "expeditions": [False, True],
        "courage": [False, True],
        "worship": list(WORSHIP_VARIANTS),
    },
    _new=_new,
    _load=_load,
    option_help={
        "map": "New Horizons, The Vast Lands, or an Atlas map: The Long Road, Glacial Mass, Floating Lands, Forgotten Island, The Uncharted Paths",
        "feats": "Play with the four base Feats (Union, Discovery, Honour, Respect)",
        "draft": "Advanced set-up: draft starting hands from the display and deck, last player first",
        "expeditions": "Expedition cards: 3 of 16 missions; the first to complete one scores 4, the second 2",
        "courage": "Courage Feat (with feats): exploring the last territory cancels the multiplier of a Feat",
        "worship": "Worship Feat, placed at the end: dead-ends (Tents on road ends) or golden (Totems on golden tokens)",
    },
)
IwariState.game = GAME

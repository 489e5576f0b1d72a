"""Iwari (Michael Schacht, ThunderGryph 2020): the base game, Feats, the Maps Atlas expansion, solo and co-op."""

from __future__ import annotations

from games.base import Game
from games.iwari.data import DIFFICULTIES, FEAT_OPTIONS, MODES, WORSHIP_VARIANTS
from games.iwari.maps import MAPS
from games.iwari.state import IwariState


def _new(num_players: int, seed: int, options: dict) -> IwariState:
    return IwariState.new(num_players, seed, options)


def _load(data: dict) -> IwariState:
    return IwariState(data)


class IwariGame(Game):
    def options_that_apply(self, options: dict | None = None) -> list[str]:
        # A versus game has no difficulty, also when an old match carries the number 0 (the
        # default before the named levels, which versus games still accept so that they load).
        out = super().options_that_apply(options)
        if self.normalise_options(options)["mode"] == "versus":
            out = [name for name in out if name != "difficulty"]
        return out


GAME = IwariGame(
    key="iwari",
    title="Iwari",
    player_counts=range(1, 7),
    options={
        "map": list(MAPS),
        "feats": list(FEAT_OPTIONS),
        "draft": [False, True],
        "expeditions": [False, True],
        "courage": [False, True],
        "worship": list(WORSHIP_VARIANTS),
        "mode": list(MODES),
        "difficulty": list(DIFFICULTIES),
    },
    _new=_new,
    _load=_load,
    option_help={
        "map": "New Horizons, The Vast Lands, or an Atlas map: The Long Road, Glacial Mass, Floating Lands, Forgotten Island, The Uncharted Paths, The Void (2-6 players)",
        "feats": "Base Feats: true for all four (Union, Discovery, Honour, Respect), or a subset such as union+honour",
        "draft": "Advanced set-up: draft starting hands from the display and deck, last player first",
        "expeditions": "Expedition cards: 3 of 16 missions; the first to complete one scores 4, the second 2",
        "courage": "Courage Feat (with feats): exploring the last territory cancels the multiplier of a Feat",
        "worship": "Worship Feat, placed at the end: dead-ends (Tents on road ends), golden (Totems on golden tokens) or contested (The Void: Tents on Contested tokens)",
        "mode": "versus (2-5 players, 6 on The Void), solo (1 player) or coop (2 players) against the automated Void tribe",
        "difficulty": "Solo/coop: normal (the Void needs 3 territories solo, 4 co-op), easy (4 / 5), hard (2 / 3) or rulebook (3 / 1); older matches: a number (0 the rulebook's)",
    },
)
IwariState.game = GAME

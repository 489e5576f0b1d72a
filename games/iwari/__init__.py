"""Iwari (Michael Schacht, ThunderGryph 2020): the base game, Feats, the Maps Atlas expansion, solo and co-op."""

from __future__ import annotations

from games.base import Choice, Game
from games.iwari.data import (
    DIFFICULTIES,
    DIFFICULTY_LEVELS,
    DIFFICULTY_TARGETS,
    FEAT_NAMES,
    FEAT_OPTIONS,
    FEAT_SUBSETS,
    MODES,
    WORSHIP_VARIANTS,
    void_target,
)
from games.iwari.maps import MAPS
from games.iwari.state import IwariState

# How the lobby names each level (also its options line): the territories the Void needs.
_SOLO, _COOP = DIFFICULTY_TARGETS["solo"], DIFFICULTY_TARGETS["coop"]
DIFFICULTY_WORDS = {
    level: f"{level.capitalize()} (the Void needs {_SOLO[level]} solo, {_COOP[level]} co-op)"
    for level in DIFFICULTY_LEVELS
}


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

    def option_word(self, name: str, options: dict) -> str | None:
        """A solo/co-op level with the territories the Void needs on the chosen map, and the
        count of most maps where this map asks another (data.MAP_LEVEL_SHIFT)."""
        opts = self.normalise_options(options)
        level, mode = opts["difficulty"], opts["mode"]
        if name != "difficulty" or mode == "versus" or level not in DIFFICULTY_LEVELS:
            return None
        target = void_target(mode, level, opts["map"])
        usual = DIFFICULTY_TARGETS[mode][level]
        where = "" if target == usual else f" on this map; {usual} on most"
        return f"{level.capitalize()} (the Void needs {target} territories{where})"


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
        "map": "Which map: a side of the base board or a Maps Atlas map",
        "feats": "Base Feats: all four (Union, Discovery, Honour, Respect), none, or some of them",
        "draft": "Advanced set-up: draft the starting hands",
        "expeditions": "Expedition cards: 3 missions, 4 points to the first to complete one, 2 to the second",
        "courage": "Courage Feat (needs feats): cancels the multiplier of the Feat it is placed beside",
        "worship": "Worship Feat variant, placed at the end of the game",
        "mode": "versus (2-5 players, 6 on The Void), solo (1 player) or coop (2 players) against the Void",
        "difficulty": "Solo/coop: how many territories the Void needs to win (Normal: 3 solo, 4 co-op)",
    },
    option_choices={
        "map": [
            Choice("new-horizons", "New Horizons"),
            Choice("vast-lands", "The Vast Lands"),
            Choice("long-road", "The Long Road (Atlas)"),
            Choice("glacial-mass", "Glacial Mass (Atlas)"),
            Choice("floating-lands", "Floating Lands (Atlas)"),
            Choice("forgotten-island", "Forgotten Island (Atlas)"),
            Choice("uncharted-paths", "The Uncharted Paths (Atlas)"),
            Choice("the-void", "The Void (Atlas, 2-6 players)"),
        ],
        "feats": [
            Choice(False, "None", "none"),
            Choice(True, "All four", "all"),
            *(Choice(v, " + ".join(FEAT_NAMES[k] for k in v.split("+"))) for v in FEAT_SUBSETS),
        ],
        "worship": [
            Choice("none", "None"),
            Choice("dead-ends", "Dead ends: most Tents on road ends"),
            Choice("golden", "Golden tokens: most Totems on them"),
            Choice("contested", "Contested (The Void): most Tents on Contested tokens"),
        ],
        "mode": [
            Choice("versus", "Versus (2-5 players)"),
            Choice("solo", "Solo against the Void (1 player)"),
            Choice("coop", "Co-op against the Void (2 players)"),
        ],
        "difficulty": [Choice(level, name) for level, name in DIFFICULTY_WORDS.items()],
    },
    blurb="tribes settle a new land.",
    players_help="2-5, 6 on The Void; solo or co-op against the Void",
    summary="Play Iwari (2-6 players, solo or co-op)",
    setups=(
        (3, {}),
        (2, {}),  # with the third tribe
        (5, {"feats": True, "expeditions": True, "worship": "golden"}),
        (6, {"map": "the-void"}),
        (1, {"mode": "solo"}),
        (2, {"mode": "coop", "map": "vast-lands"}),
    ),
)
IwariState.game = GAME

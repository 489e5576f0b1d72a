"""Iwari (Michael Schacht, ThunderGryph 2020): the base game, Feats, the Maps Atlas expansion, solo and co-op."""

from __future__ import annotations

from games.base import Choice, Game
from games.iwari.common import plus
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
from games.text import P, T

# The levels' names, and how the lobby names each level (also its options line): the territories
# the Void needs.
LEVEL_NAMES = {
    "normal": P("iwari difficulty", "Normal"),
    "easy": P("iwari difficulty", "Easy"),
    "hard": P("iwari difficulty", "Hard"),
    "rulebook": P("iwari difficulty", "Rulebook"),
}
_SOLO, _COOP = DIFFICULTY_TARGETS["solo"], DIFFICULTY_TARGETS["coop"]
DIFFICULTY_WORDS = {
    level: T(
        "{level} (the Void needs {solo} solo, {coop} co-op)",
        level=LEVEL_NAMES[level],
        solo=_SOLO[level],
        coop=_COOP[level],
    )
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
        if target == usual:
            return T("{level} (the Void needs {n} territories)", level=LEVEL_NAMES[level], n=target)
        return T(
            "{level} (the Void needs {n} territories on this map; {usual} on most)",
            level=LEVEL_NAMES[level],
            n=target,
            usual=usual,
        )


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
        "map": T("Which map: a side of the base board or a Maps Atlas map"),
        "feats": T("Base Feats: all four (Union, Discovery, Honour, Respect), none, or some of them"),
        "draft": T("Advanced set-up: draft the starting hands"),
        "expeditions": T(
            "Expedition cards: 3 missions, 4 points to the first to complete one, 2 to the second"
        ),
        "courage": T("Courage Feat (needs feats): cancels the multiplier of the Feat it is placed beside"),
        "worship": T("Worship Feat variant, placed at the end of the game"),
        "mode": T(
            "versus (2-5 players, 6 on The Void), solo (1 player) or coop (2 players) against the Void"
        ),
        "difficulty": T("Solo/coop: how many territories the Void needs to win (Normal: 3 solo, 4 co-op)"),
    },
    option_choices={
        "map": [
            # The maps' names are the maps' own (games/iwari/maps/*.py NAME): one term each.
            Choice("new-horizons", MAPS["new-horizons"].NAME),
            Choice("vast-lands", MAPS["vast-lands"].NAME),
            *(
                Choice(key, T("{map} (Atlas)", map=MAPS[key].NAME))
                for key in (
                    "long-road",
                    "glacial-mass",
                    "floating-lands",
                    "forgotten-island",
                    "uncharted-paths",
                )
            ),
            Choice("the-void", T("{map} (Atlas, 2-6 players)", map=MAPS["the-void"].NAME)),
        ],
        "feats": [
            Choice(False, T("None"), "none"),
            Choice(True, T("All four"), "all"),
            *(Choice(v, plus([FEAT_NAMES[k] for k in v.split("+")])) for v in FEAT_SUBSETS),
        ],
        "worship": [
            Choice("none", T("None")),
            Choice("dead-ends", T("Dead ends: most Tents on road ends")),
            Choice("golden", T("Golden tokens: most Totems on them")),
            Choice("contested", T("Contested (The Void): most Tents on Contested tokens")),
        ],
        "mode": [
            Choice("versus", T("Versus (2-5 players)")),
            Choice("solo", T("Solo against the Void (1 player)")),
            Choice("coop", T("Co-op against the Void (2 players)")),
        ],
        "difficulty": [Choice(level, name) for level, name in DIFFICULTY_WORDS.items()],
    },
    blurb=T("tribes settle a new land."),
    players_help=T("2-5, 6 on The Void; solo or co-op against the Void"),
    summary=T("Play {game} (2-6 players, solo or co-op)", game="Iwari"),
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

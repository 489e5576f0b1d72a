"""The engine contract, checked on random legal games of every registered game."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import REGISTRY, IllegalSetup
from tests.contract import option_combinations, play_random

# Thousands of quick games per engine; the deep checks (round trip and replay at every step) on fewer.
QUICK = int(os.environ.get("CONTRACT_GAMES", "2000"))
DEEP = int(os.environ.get("CONTRACT_DEEP_GAMES", "30"))


def _legal_setup(key: str, n: int, opts: dict) -> bool:
    try:
        REGISTRY[key].new_state(n, 0, opts)
    except IllegalSetup:
        return False
    return True


@functools.cache
def cases(key: str) -> list[tuple[int, dict]]:
    """Every player count and option combination the rules allow: found when a test needs them,
    not at collection (Iwari's take tens of seconds)."""
    game = REGISTRY[key]
    return [
        (n, opts)
        for n in game.player_counts
        for opts in option_combinations(game)
        if _legal_setup(key, n, opts)
    ]


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_random_games_keep_the_contract(key: str) -> None:
    @given(case=st.sampled_from(cases(key)), seed=st.integers(0, 2**32 - 1))
    @settings(max_examples=QUICK, deadline=None, suppress_health_check=list(HealthCheck))
    def play(case, seed):
        n, opts = case
        play_random(REGISTRY[key], n, seed, opts)

    play()


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_deep_contract_checks(key: str) -> None:
    @given(case=st.sampled_from(cases(key)), seed=st.integers(0, 2**32 - 1))
    @settings(max_examples=DEEP, deadline=None, suppress_health_check=list(HealthCheck))
    def play(case, seed):
        n, opts = case
        play_random(REGISTRY[key], n, seed, opts, deep=True)

    play()


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_case_is_covered_by_a_game(key: str) -> None:
    assert cases(key), f"{key} accepts no setup at all"


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_metadata(key: str) -> None:
    game = REGISTRY[key]
    assert game.key == key and game.title
    for name, values in game.options.items():
        assert values, name
        json.dumps(values)
    setups = game.usual_setups()
    assert setups and all(n in game.player_counts for n, _ in setups)
    for n, opts in setups:  # the set-ups tests and benches play are legal
        game.new_state(n, 0, opts)
    for name, choices in game.option_choices.items():  # every value offered is one the game takes
        assert choices and all(c.value in game.options[name] for c in choices), name
        assert game.options[name][0] in [c.value for c in choices], f"{name}: the default is not offered"
        assert len(choices) <= 25 and all(type(c.sent) in (str, int) for c in choices), name  # Discord's
        assert len({c.sent for c in choices}) == len(choices), f"{name}: two choices send the same value"
    assert not {"thread", "interaction"} & set(game.options), "names /<key> new uses itself"
    assert set(game.option_help) <= set(game.options) and all(
        len(h) <= 100 for h in game.option_help.values()
    )
    with pytest.raises(IllegalSetup):
        game.new_state(max(game.player_counts) + 1, 0, {})
    with pytest.raises(IllegalSetup):
        game.new_state(min(game.player_counts), 0, {"no-such-option": 1})


def test_engines_import_nothing_of_the_platform() -> None:
    forbidden = ("discord", "asyncio", "PIL", "aiosqlite", "sqlite3", "bot", "cogs", "rendering")
    root = Path(__file__).resolve().parents[1] / "games"
    for path in root.rglob("*.py"):
        for line in path.read_text().splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                top = words[1].split(".")[0]
                assert top not in forbidden, f"{path} imports {top}"

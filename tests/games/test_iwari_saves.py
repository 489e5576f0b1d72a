"""Iwari matches saved before the save version (tests/games/iwari_saves.py) load as they were and
play on exactly as the engine that saved them played them: the same legal ids, events and end."""

from __future__ import annotations

import json

import pytest

from games.iwari import GAME
from games.iwari.fields import SAVE_VERSION, migrate
from tests.games.iwari_saves import SAVES, finish

RECORD = json.loads(SAVES.read_text())


@pytest.mark.parametrize(
    "save", RECORD, ids=lambda s: f"{s['case'][2]['map']}-{s['case'][0]}p-{s['case'][1]}"
)
def test_a_save_of_the_earlier_version_loads_and_plays_on_unchanged(save):
    old = save["state"]
    assert "save_version" not in old
    state = GAME.load_state(json.loads(json.dumps(old)))
    again = state.to_json()
    assert again.pop("save_version") == SAVE_VERSION
    assert again == old, "a field changed on loading"
    state.check_invariants()
    assert finish(state, save["case"][1], save["log"]) == (save["log"], save["hash"])


def test_a_save_of_this_version_is_left_as_it_is():
    data = GAME.new_state(3, 1, {"map": "new-horizons"}).to_json()
    assert migrate(data) is data


def test_a_save_of_a_newer_version_is_refused():
    data = GAME.new_state(3, 1, {"map": "new-horizons"}).to_json()
    data["save_version"] = SAVE_VERSION + 1
    with pytest.raises(ValueError, match="newer"):
        GAME.load_state(data)


def test_a_solo_save_from_before_the_stacks_stacks_the_players_totems_under_the_voids():
    save = next(
        s for s in RECORD if s["case"][2].get("mode") == "solo" and any(map(any, s["state"]["totems"]))
    )
    old = {k: v for k, v in save["state"].items() if k != "stack"}
    state = GAME.load_state(old)
    n = state.n
    for t, on in enumerate(state.totems):
        assert state.stack[t] == [x for x in range(n) for _ in range(on[x])] + [n] * (on[n] + state.void[t])
    state.check_invariants()
    assert state.legal_actions(0)

"""The Iwari engine plays every recorded random game exactly as it did (events and final JSON).

The record (tests/games/iwari_golden.json) was taken before a refactor; see
tests/games/iwari_golden.py to regenerate it when a change of behaviour is intended.
"""

from __future__ import annotations

import json

import pytest

from tests.games.iwari_golden import GOLDEN, cases, key, play

RECORD = json.loads(GOLDEN.read_text())
CASES = cases()


def test_the_record_covers_every_case():
    assert sorted(RECORD) == sorted(key(*c) for c in CASES)
    modes = {json.loads(k)[2]["mode"] for k in RECORD}
    maps = {json.loads(k)[2]["map"] for k in RECORD}
    assert modes == {"versus", "solo", "coop"} and len(maps) == 8


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[2]['map']}-{c[2]['mode']}-{c[1]}")
def test_random_game_unchanged(case):
    assert play(*case) == RECORD[key(*case)]

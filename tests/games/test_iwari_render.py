"""Iwari pictures: start, middle and end for each player count and map; private parts only privately."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games import REGISTRY
from rendering import render
from rendering.iwari import draw

GAME = REGISTRY["iwari"]


def positions(n: int, key: str, seed: int) -> list:
    rng = random.Random(seed)
    s = GAME.new_state(n, seed, {"map": key, "feats": True})
    snaps = [s.copy()]
    step = 0
    while not s.is_over():
        s.apply(s.cur, rng.choice(s.legal_actions(s.cur)).id)
        step += 1
        if step == 60:
            snaps.append(s.copy())
    snaps.append(s)
    return snaps


@pytest.mark.parametrize("key", ["new-horizons", "vast-lands"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_render_start_middle_end(n: int, key: str) -> None:
    for state in positions(n, key, seed=n):
        for seat in (None, 0):
            png = render("iwari", state.view(seat), [f"P{i}" for i in range(n)])
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20_000
            image = Image.open(io.BytesIO(png))
            assert 1000 <= image.width <= 1400


def test_private_picture_differs_only_by_the_hand() -> None:
    s = GAME.new_state(3, 4, {})
    public = draw(s.view(None), None)
    private = draw(s.view(0), None)
    assert public.size == private.size
    assert public.tobytes() != private.tobytes()
    # Seat 1's private picture differs from seat 0's (different hands).
    assert draw(s.view(1), None).tobytes() != private.tobytes() or s.hands[0] == s.hands[1]

"""Replays rebuilt from the seed and the action log, fitted under a size limit whatever the length."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

import rendering
from bot.replay import ReplayError, animate, replay, thin, turn_views
from games import REGISTRY
from tests.contract import random_log

GAME = REGISTRY["ikenokoi"]


def played(n: int = 2, seed: int = 5):
    return random_log(GAME, n, seed)


def test_the_log_rebuilds_the_match_with_one_view_per_turn():
    log, state = played()
    views, final = turn_views(GAME, 2, 5, {}, log)
    assert final == state.to_json()
    assert views[-1] == state.view(None) and views[0] == GAME.new_state(2, 5, {}).view(None)
    turns = 1 + sum(1 for a, b in itertools.pairwise(log) if a[0] != b[0])
    assert len(views) - 1 >= turns  # a frame at least at every change of player


def test_a_match_that_ended_within_a_turn_shows_its_last_state():
    log, _ = played()
    views, final = turn_views(GAME, 2, 5, {}, log[:7])
    state = GAME.load_state(final)
    assert views[-1] == state.view(None)


def test_a_log_that_does_not_rebuild_the_match_is_refused():
    log, state = played()
    with pytest.raises(ReplayError):
        turn_views(GAME, 2, 6, {}, log)  # another seed: another deal
    with pytest.raises(ReplayError):
        replay(GAME, 2, 5, {}, log[:-1], expected_state=state.to_json())


def test_thinning_keeps_the_first_and_the_last():
    assert thin(5, 10) == [0, 1, 2, 3, 4]
    picks = thin(1000, 100)
    assert len(picks) == 100 and picks[0] == 0 and picks[-1] == 999
    assert picks == sorted(set(picks))


def test_any_length_fits_the_limit_with_fewer_frames_then_a_smaller_picture():
    log, _ = played()
    views, _ = turn_views(GAME, 2, 5, {}, log)
    long = (views * 40)[: 40 * len(views)]  # a match forty times as long
    free = animate("ikenokoi", long, ["alice", "bob"], max_frames=30)
    board = rendering.draw("ikenokoi", long[0], ["alice", "bob"])
    assert free.frames == 30 and free.width == min(640, board.width) and free.turns == len(long) - 1
    limit = len(free.data) // 4
    small = animate("ikenokoi", long, ["alice", "bob"], limit=limit, max_frames=30)
    assert len(small.data) <= limit and (small.frames < 30 or small.width < free.width)
    with Image.open(io.BytesIO(small.data)) as gif:
        assert gif.format == "GIF" and gif.n_frames == small.frames and gif.width == small.width

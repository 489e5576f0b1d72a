"""One person's burst of pictures or replays waits behind itself, not in front of others."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest

from bot.limits import Cooldowns, FairPool, Overloaded


async def test_one_users_burst_does_not_delay_another_matchs_board():
    pool = FairPool(workers=1, per_key=3, name="t", refusal="too many")
    started: list = []
    pool.on_start = started.append
    gate = threading.Event()

    def draw(what):
        gate.wait(10)
        return what

    try:
        burst = [asyncio.ensure_future(pool.run("alice", draw, f"view {i}")) for i in range(20)]
        await asyncio.sleep(0)
        refused = [f for f in burst if f.done() and isinstance(f.exception(), Overloaded)]
        assert len(refused) == 17, "alice may have 3 pictures on the way, no more"
        board = asyncio.ensure_future(pool.run(("board", 2), draw, "board of match 2"))
        await asyncio.sleep(0)
        gate.set()
        assert await board == "board of match 2"
        # Alice's first picture was being drawn; the board came next, before the rest of her burst.
        assert started.index(("board", 2)) <= 1
        await asyncio.gather(*(f for f in burst if f not in refused))
        assert started.count("alice") == 3 and pool.load("alice") == 0
        assert await pool.run("alice", draw, "again") == "again", "her share is free once drawn"
    finally:
        gate.set()
        pool.shutdown()


async def test_keys_take_turns():
    pool = FairPool(workers=1, per_key=5, name="t", refusal="too many")
    started: list = []
    pool.on_start = started.append
    gate = threading.Event()
    try:
        jobs = [asyncio.ensure_future(pool.run(k, gate.wait, 10)) for k in "aaaab" + "c"]
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(*jobs)
        assert started == ["a", "b", "c", "a", "a", "a"]
    finally:
        pool.shutdown()


async def test_a_job_that_must_not_be_refused_is_queued_beyond_the_share_and_takes_turns():
    pool = FairPool(workers=1, per_key=1, name="t", refusal="too many")
    started: list = []
    pool.on_start = started.append
    gate = threading.Event()
    try:
        first = asyncio.ensure_future(pool.run("alice", gate.wait, 10))
        await asyncio.sleep(0)
        with pytest.raises(Overloaded):
            await pool.run("alice", gate.wait, 10)
        assert not pool.admits("alice") and pool.admits("bob")
        after_move = asyncio.ensure_future(pool.run("alice", gate.wait, 10, refusable=False))
        board = asyncio.ensure_future(pool.run("board", gate.wait, 10, refusable=False))
        await asyncio.sleep(0)
        assert pool.load("alice") == 2, "queued beyond her share, never refused"
        gate.set()
        await asyncio.gather(first, after_move, board)
        assert started == ["alice", "board", "alice"], "it still waits for its turn"
    finally:
        gate.set()
        pool.shutdown()


async def test_a_failed_job_frees_its_place():
    pool = FairPool(workers=2, per_key=1, name="t", refusal="too many")
    try:
        with pytest.raises(ZeroDivisionError):
            await pool.run("a", lambda: 1 / 0)
        assert pool.load("a") == 0 and await pool.run("a", lambda: 2) == 2
    finally:
        pool.shutdown()


def test_cooldowns_are_per_person_and_per_kind():
    now = [100.0]
    cooldowns = Cooldowns({"board": 30.0, "replay": 60.0}, clock=lambda: now[0])
    assert cooldowns.wait("board", 1) == 0
    assert cooldowns.wait("board", 1) == 30.0
    assert cooldowns.wait("board", 2) == 0 and cooldowns.wait("replay", 1) == 0
    now[0] += 29
    assert cooldowns.wait("board", 1) == pytest.approx(1.0)
    now[0] += 1
    assert cooldowns.wait("board", 1) == 0


# -- replays kept on disk


def test_a_replay_is_kept_by_match_and_key_and_the_folder_stays_bounded(tmp_path):
    from bot.replay import Replay
    from bot.replay_cache import ReplayCache, replay_key

    cache = ReplayCache(tmp_path / "replays", max_bytes=2500)
    one = Replay(b"G" * 1000, 10, 30, 640, 400)
    key = replay_key("iki", 7, {}, ["a", "b"], 2, {"x": 1})
    assert cache.get(1, key) is None
    cache.put(1, key, one)
    assert cache.get(1, key) == one
    assert ReplayCache(tmp_path / "replays").get(1, key) == one, "another process or a restart reads it"
    cache.put(2, "5" * 64, Replay(b"H" * 1000, 1, 1, 1, 1))
    folder = tmp_path / "replays"
    for name, when in ((f"1-{key[:24]}-", 1000), ("2-555", 2000)):  # match 1's written first, long ago
        (path,) = folder.glob(f"{name}*.gif")
        os.utime(path, (when, when))
    cache.get(1, key)  # read now: match 2's is the older one
    cache.put(3, "9" * 64, Replay(b"I" * 1000, 1, 1, 1, 1))
    assert cache.get(2, "5" * 64) is None and cache.get(1, key) == one and cache.get(3, "9" * 64) is not None


def test_a_replay_of_another_match_with_the_same_number_is_not_served(tmp_path):
    """Issue 34: after a database reset (or with two bots sharing a folder) another match #1 ended at
    the same version; the replay is found by what it is drawn from, and that is checked on reading."""
    from bot.replay import Replay
    from bot.replay_cache import ReplayCache, replay_key

    cache = ReplayCache(tmp_path / "replays")
    final = {"pond": [1, 2]}
    old = replay_key("ikenokoi", 11, {}, ["ann", "bob"], 5, final)
    cache.put(1, old, Replay(b"OLD", 1, 1, 1, 1))
    for other in (
        replay_key("ikenokoi", 12, {}, ["ann", "bob"], 5, final),  # another seed
        replay_key("ikenokoi", 11, {}, ["cat", "dan"], 5, final),  # other players
        replay_key("ikenokoi", 11, {}, ["ann", "bob"], 5, {"pond": [2, 1]}),  # another log, another end
        replay_key("ikenokoi", 11, {}, ["ann", "bob"], 6, final),  # another log to the same end
    ):
        assert other != old and cache.get(1, other) is None
    # A file name shares only the key's start: the whole key is checked when read.
    forged = old[:24] + "0" * 40
    assert cache.get(1, forged) is None and cache.get(1, old) == Replay(b"OLD", 1, 1, 1, 1)


def test_a_replay_cache_that_cannot_be_written_is_bypassed(tmp_path):
    from bot.replay import Replay
    from bot.replay_cache import ReplayCache

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    cache = ReplayCache(blocker / "replays")
    cache.put(1, "1" * 64, Replay(b"G", 1, 1, 1, 1))  # logged, not raised
    assert cache.get(1, "1" * 64) is None


# -- display names


def test_display_names_are_shown_as_text_only():
    from bot.names import plain, shown

    assert plain("ali\u202ece\u2066x\u2069") == "alicex", "bidi overrides and isolates go"
    assert plain("  \u200b ") == "?" and plain("a\nb") == "a b"
    assert plain("👩\u200d💻 dev") == "👩\u200d💻 dev", "emoji sequences stay whole"
    link = shown("[free nitro](https://evil.example)")
    assert link.startswith("\\[free nitro]") and "https:\u200b//" in link, link
    assert shown("**big**") == "\\*\\*big\\*\\*"
    assert shown("||spoiler||") == "\\|\\|spoiler\\|\\|"
    assert shown("<#123456789012345678>").startswith("\\<#")
    assert "@\u200beveryone" in shown("@everyone") and "@\u200bhere" in shown("hi @here")
    assert "https:\u200b//" in shown("visit https://evil.example")
    assert shown("# Heading").startswith("\\#") and shown("> quote").startswith("\\>")
    assert shown("ali\u202eecila") == "aliecila"
    assert shown("alice") == "alice"

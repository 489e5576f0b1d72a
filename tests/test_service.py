"""The match service without Discord, on SQLite. The tests of the store and of the service through
it run on both backends in tests/test_store.py."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import MatchService
from bot.stores import SqliteStore
from games import REGISTRY

ROOT = Path(__file__).resolve().parents[1]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def service(tmp_path):
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    svc = MatchService(store, clock=Clock(), seed_source=lambda: 42)
    yield svc
    await store.close()


async def started(service, n=3, game="ikenokoi", channel=10, guild=1, options=None):
    lobby = await service.new_lobby(game, guild, channel, 100, "host", options)
    for i in range(1, n):
        await service.join(lobby.id, 100 + i, f"p{i}")
    return await service.start(lobby.id, 100)


async def play(service, match, moves, rng):
    for _ in range(moves):
        state = service.state_of(match)
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat)).id
        outcome = await service.act(match.id, match.seats[seat].user_id, match.version, action)
        match = outcome.match
    return match


async def test_wal_mode_and_migrations_are_idempotent(tmp_path):
    path = tmp_path / "m.sqlite3"
    for _ in range(2):
        store = SqliteStore(path)
        await store.open()
        await store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0] >= 1


@pytest.mark.parametrize("game", sorted(REGISTRY))
async def test_steps_without_a_choice_are_applied_at_once_and_logged(service, game):
    """After every commit no seat to act is left with a single legal action: the service took it,
    logged it (no user, events marked forced), and the log still replays the match."""
    n, options = REGISTRY[game].usual_setup()
    match, state = await started(service, n=n, game=game, options=options)
    rng = random.Random(5)
    forced_seen = 0
    for _ in range(400):
        state = service.state_of(match)
        if state.is_over():
            break
        for seat in state.to_act():
            assert len(state.legal_actions(seat)) > 1, f"a forced step was left to {seat}"
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat)).id
        outcome = await service.act(match.id, match.seats[seat].user_id, match.version, action)
        assert outcome.match.version == match.version + 1 + outcome.forced
        forced_seen += outcome.forced
        match = outcome.match
    rows = await service.store.actions(match.id, limit=100_000)
    forced = [r for r in rows if r.user_id is None]
    assert all(all(e.get("forced") for e in r.events) for r in forced)
    assert len(forced) >= forced_seen
    replay = REGISTRY[game].new_state(len(match.seats), match.seed, match.options)
    for row in rows:
        replay.apply(row.seat, row.action)
    assert replay.to_json() == (await service.store.get_match(match.id)).state
    if game in ("ikenokoi", "iki"):
        assert forced, "the game has steps without a choice"


def test_forced_steps_leave_real_choices_alone():
    """Ike No Koi: a player holding a lotus flower may use it before a draw, so the draw is asked."""
    from bot.service import forced_steps

    state = REGISTRY["ikenokoi"].new_state(2, 3, {})
    seat = state.to_act()[0]
    state.lotus[seat] = 1
    assert len(state.legal_actions(seat)) > 1
    assert forced_steps(state) == []
    plain = REGISTRY["ikenokoi"].new_state(2, 3, {})
    steps = forced_steps(plain)
    assert [(s, a) for s, a, _ in steps][:1] == [(seat, "draw")]
    assert all(e["forced"] for _, _, events in steps for e in events)


def test_running_without_a_token_names_env_and_fails(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert ".env" in result.stderr and "DISCORD_TOKEN" in result.stderr


def test_dependencies_point_one_way():
    rules = {
        "games": {"bot", "cogs", "rendering", "discord"},
        "rendering": {"bot", "cogs", "discord"},
        "bot": {"cogs"},
    }
    for package, forbidden in rules.items():
        for path in (ROOT / package).rglob("*.py"):
            for line in path.read_text().splitlines():
                words = line.split()
                if words[:1] in (["import"], ["from"]) and len(words) > 1:
                    assert words[1].split(".")[0] not in forbidden, f"{path}: {line}"

"""The match service without Discord, on SQLite. The tests of the store and of the service through
it run on both backends in tests/test_store.py."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import MatchService
from bot.store import SqliteStore

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


async def started(service, n=3, game="ikenokoi", channel=10):
    lobby = await service.new_lobby(game, 1, channel, 100, "host")
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

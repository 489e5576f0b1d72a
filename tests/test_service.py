"""The match service and the store, without Discord: flow, refusals, replay, corrupt rows."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import LiveMatchExists, MatchService, ServiceError, StaleClick
from bot.store import CorruptRow, SqliteStore
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


async def test_the_action_log_replays_the_match_from_its_seed(service):
    match, _ = await started(service)
    match = await play(service, match, 60, random.Random(1))
    stored = await service.store.get_match(match.id)
    replay = REGISTRY[stored.game].new_state(len(stored.seats), stored.seed, stored.options)
    for row in await service.store.actions(match.id, limit=10_000):
        replay.apply(row.seat, row.action)
    assert replay.to_json() == stored.state
    assert stored.version == len(await service.store.actions(match.id, limit=10_000))


async def test_refusals_change_nothing(service):
    match, state = await started(service)
    seat = state.to_act()[0]
    other = (seat + 1) % 3
    before = (await service.store.get_match(match.id)).state
    with pytest.raises(ServiceError, match="not your turn"):
        await service.act(match.id, match.seats[other].user_id, 0, state.legal_actions(seat)[0].id)
    with pytest.raises(ServiceError, match="not playing"):
        await service.act(match.id, 999, 0, "draw")
    with pytest.raises(ServiceError):
        await service.act(match.id, match.seats[seat].user_id, 0, "made-up-action")
    with pytest.raises(StaleClick):
        await service.act(match.id, match.seats[seat].user_id, 7, state.legal_actions(seat)[0].id)
    after = await service.store.get_match(match.id)
    assert after.state == before and after.version == 0
    assert await service.store.actions(match.id) == []


async def test_one_live_match_per_channel_and_lobby_rules(service):
    lobby = await service.new_lobby("kigi", 1, 5, 100, "host")
    with pytest.raises(LiveMatchExists) as exc:
        await service.new_lobby("iki", 1, 5, 200, "other")
    assert exc.value.match.id == lobby.id
    with pytest.raises(ServiceError, match="Option advanced"):
        await service.new_lobby("kigi", 1, 6, 100, "host", {"advanced": "maybe"})
    with pytest.raises(ServiceError, match="Unknown option"):
        await service.new_lobby("kigi", 1, 6, 100, "host", {"colour": "red"})
    for i in range(1, 5):
        await service.join(lobby.id, 100 + i, f"p{i}")
    with pytest.raises(ServiceError, match="full"):
        await service.join(lobby.id, 999, "late")
    await service.cancel(lobby.id, 100, can_manage=False)
    assert await service.store.live_match(5) is None


async def test_finished_match_stores_results(service):
    match, _ = await started(service, n=2)
    match = await play(service, match, 10_000, random.Random(3))
    stored = await service.store.get_match(match.id)
    assert stored.status == "finished"
    state = service.state_of(stored)
    stats = [await service.store.stats(1, 100 + i) for i in range(2)]
    assert [s[0].played for s in stats] == [1, 1]
    won = {100 + i for i in range(2) if stats[i][0].won}
    assert won == {stored.seats[w].user_id for w in state.winners()}
    assert await service.store.due_reminders(1e12) == []


async def test_a_corrupt_row_is_refused_and_left_alone(service):
    match, _ = await started(service)
    await service.store.execute_raw("UPDATE matches SET state = '{not json' WHERE id = ?", (match.id,))
    service._states.clear()
    damaged = await service.store.get_match(match.id)
    assert damaged.damaged
    with pytest.raises(CorruptRow):
        service.state_of(damaged)
    with pytest.raises(CorruptRow):
        await service.act(match.id, match.seats[0].user_id, 0, "draw")
    abandoned = await service.abandon(10, 100, can_manage=False)
    assert abandoned.status == "abandoned"


async def test_reminders_are_scheduled_and_reset_by_moves(service):
    match, _ = await started(service)
    clock = service.clock
    (reminder,) = await service.store.due_reminders(clock.now + 12 * 3600)
    assert reminder.due_at == pytest.approx(clock.now + 12 * 3600)
    clock.now += 3600
    await play(service, match, 1, random.Random(0))
    (reminder,) = await service.store.due_reminders(clock.now + 12 * 3600)
    assert reminder.due_at == pytest.approx(clock.now + 12 * 3600) and reminder.version == 1
    await service.set_reminders(10, None, False)
    assert await service.store.due_reminders(1e12) == []


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

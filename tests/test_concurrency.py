"""Many matches at once on one real SQLite file, through the real service; processes at once."""

from __future__ import annotations

import asyncio
import gc
import random
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.service import MatchService, StaleClick
from bot.store import Effect, SqliteStore
from tests.test_service import Clock

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
async def service(tmp_path):
    store = SqliteStore(tmp_path / "c.sqlite3")
    await store.open()
    svc = MatchService(store, clock=Clock())
    yield svc
    await store.close()


async def start(service: MatchService, channel: int, n: int = 2):
    lobby = await service.new_lobby("ikenokoi", 1, channel, 1000 * channel, "host")
    for i in range(1, n):
        await service.join(lobby.id, 1000 * channel + i, f"p{i}")
    match, _ = await service.start(lobby.id, 1000 * channel)
    return match


async def click(service: MatchService, match_id: int, rng: random.Random) -> bool:
    """The player to act clicks a random legal action of the version they see."""
    match = await service.get(match_id)
    state = service.state_of(match)
    if state.is_over():
        return False
    seat = state.to_act()[0]
    action = rng.choice(state.legal_actions(seat)).id
    await service.act(match.id, match.seats[seat].user_id, match.version, action)
    return True


@pytest.mark.parametrize("matches", [10, 50])
async def test_moves_on_many_matches_at_the_same_moment_all_succeed(service, matches):
    ids = [(await start(service, channel)).id for channel in range(1, matches + 1)]
    rounds = 8
    for r in range(rounds):
        results = await asyncio.gather(
            *(click(service, mid, random.Random(mid * 100 + r)) for mid in ids), return_exceptions=True
        )
        failures = [x for x in results if isinstance(x, BaseException)]
        assert not failures, f"{len(failures)} of {matches} clicks failed: {failures[:3]}"
    for mid in ids:
        match = await service.get(mid)
        rows = await service.store.actions(mid, limit=10_000)
        assert [row.version for row in rows] == list(range(1, match.version + 1)), "versions have gaps"
        assert match.version == rounds or match.status == "finished"
    # Every move recorded exactly one board effect with it, in the same transaction.
    for mid in ids:
        effects = await service.store.pending_effects(mid)
        moves = [e for e in effects if e.version > 0]
        assert len(moves) == (await service.get(mid)).version


async def test_a_double_click_moves_once(service):
    match = await start(service, 1)
    state = service.state_of(match)
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0].id
    user = match.seats[seat].user_id
    results = await asyncio.gather(
        *(service.act(match.id, user, 0, action) for _ in range(5)), return_exceptions=True
    )
    wins = [r for r in results if not isinstance(r, BaseException)]
    assert len(wins) == 1
    assert all(isinstance(r, StaleClick) for r in results if isinstance(r, BaseException))
    assert len(await service.store.actions(match.id)) == 1


async def test_two_services_on_one_file_race_on_one_match(tmp_path):
    """Two processes' worth of service and connection: the version compare-and-set decides."""
    path = tmp_path / "two.sqlite3"
    stores = [SqliteStore(path), SqliteStore(path)]
    for store in stores:
        await store.open()
    a, b = (MatchService(store, clock=Clock()) for store in stores)
    try:
        match = await start(a, 1)
        state = a.state_of(match)
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[0].id
        user = match.seats[seat].user_id
        results = await asyncio.gather(
            a.act(match.id, user, 0, action), b.act(match.id, user, 0, action), return_exceptions=True
        )
        assert sum(not isinstance(r, BaseException) for r in results) == 1
        assert len(await a.store.actions(match.id)) == 1
    finally:
        for store in stores:
            await store.close()


async def test_a_failed_transaction_never_takes_another_tasks_write_with_it(service):
    """A move that loses its race rolls back alone: a write of another task at the same moment stays."""
    match = await start(service, 1)
    other = await start(service, 2)
    state = service.state_of(match)
    seat = state.to_act()[0]
    stale = state.legal_actions(seat)[0].id
    user = match.seats[seat].user_id
    await service.act(match.id, user, 0, stale)

    async def loser():
        with pytest.raises(StaleClick):
            await service.act(match.id, user, 0, stale)

    async def writer():
        await service.store.set_messages(other.id, board_message_id=4242)

    await asyncio.gather(*(loser() for _ in range(5)), writer(), *(loser() for _ in range(5)))
    assert (await service.get(other.id)).board_message_id == 4242


async def test_finished_matches_leave_no_lock_behind(service):
    ids = [(await start(service, channel)).id for channel in range(1, 6)]
    rng = random.Random(3)
    for mid in ids:
        while await click(service, mid, rng):
            pass
    gc.collect()
    assert len(service._locks) == 0 and len(service._channel_locks) == 0


async def test_effects_are_recorded_with_the_change_and_finished_by_id(service):
    match = await start(service, 1)
    kinds = [e.kind for e in await service.store.pending_effects(match.id)]
    assert kinds == ["lobby", "lobby", "lobby", "board"]  # opened, joined, started (lobby and board)
    effects = await service.store.pending_effects(match.id)
    await service.store.finish_effects(match.id, effects[-1].id, board_message_id=77)
    assert await service.store.pending_effects(match.id) == []
    assert (await service.get(match.id)).board_message_id == 77
    await service.store.add_effects(match.id, [Effect("board", {"bottom": True}, 0)])
    assert await service.store.matches_with_effects() == [(match.id, 1)]


def test_processes_starting_at_once_on_a_new_file_all_migrate(tmp_path):
    path = tmp_path / "race.sqlite3"
    script = textwrap.dedent(
        f"""
        import asyncio, sys
        sys.path.insert(0, {str(ROOT)!r})
        from bot.store import SqliteStore

        async def main():
            store = SqliteStore({str(path)!r})
            await store.open()
            await store.close()

        asyncio.run(main())
        """
    )
    procs = [subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE) for _ in range(6)]
    errors = [p.communicate(timeout=120)[1].decode() for p in procs]
    assert [p.returncode for p in procs] == [0] * 6, errors
    db = sqlite3.connect(path)
    numbers = [row[0] for row in db.execute("SELECT number FROM schema_migrations ORDER BY number")]
    assert numbers == sorted(set(numbers)) and len(numbers) >= 3
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


async def test_a_read_only_database_is_found_before_logging_in(tmp_path):
    store = SqliteStore(tmp_path / "ro.sqlite3")
    await store.open()
    try:
        await store.check_writable()
        await store.execute_raw("PRAGMA query_only = ON")  # what a read-only file does to writes
        with pytest.raises(sqlite3.OperationalError):
            await store.check_writable()
    finally:
        await store.close()


def test_a_database_folder_that_cannot_be_created_stops_the_bot_with_a_clear_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "x" * 59,
        "DATABASE_PATH": str(blocker / "sub" / "db.sqlite3"),
    }
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "DATABASE_PATH" in result.stderr and "Traceback" not in result.stderr

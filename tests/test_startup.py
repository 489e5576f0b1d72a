"""Start-up: the bot refuses, with a clear message and status 2, a database it cannot use.

The tests of concurrent moves, racing processes and migrations run on both backends in
tests/test_store.py.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.pgcluster import free_port

ROOT = Path(__file__).resolve().parents[1]


def run_bot(tmp_path, **env) -> subprocess.CompletedProcess:
    base = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "x" * 59}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=base | env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_database_folder_that_cannot_be_created_stops_the_bot_with_a_clear_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run_bot(tmp_path, DATABASE_PATH=str(blocker / "sub" / "db.sqlite3"))
    assert result.returncode == 2
    assert "DATABASE_PATH" in result.stderr and "Traceback" not in result.stderr


def test_a_postgresql_server_that_cannot_be_reached_stops_the_bot_with_a_clear_message(tmp_path):
    url = f"postgresql://koi:secret@127.0.0.1:{free_port()}/koi"  # nothing listens there
    result = run_bot(tmp_path, DATABASE_URL=url)
    assert result.returncode == 2, result.stderr
    assert "DATABASE_URL" in result.stderr and "Traceback" not in result.stderr
    assert "secret" not in result.stderr, "the password is not shown"


def test_a_database_url_that_is_not_postgresql_is_refused(tmp_path):
    result = run_bot(tmp_path, DATABASE_URL="mysql://koi@127.0.0.1/koi")
    assert result.returncode == 2 and "DATABASE_URL must be a PostgreSQL URL" in result.stderr


def from_env(monkeypatch, **env):
    from bot.config import Settings

    for key in ("DATABASE_URL", "DATABASE_PATH", "SHARD_COUNT", "SHARD_IDS", "BOARD_STEP_DELAY"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return Settings.from_env(env_file=None)


def test_the_database_and_shard_settings(monkeypatch):
    from bot.config import ConfigError
    from bot.stores import PostgresStore, SqliteStore, open_store

    plain = from_env(monkeypatch, DATABASE_PATH="x.sqlite3")
    assert plain.database == "x.sqlite3" and isinstance(open_store(plain.database), SqliteStore)
    assert plain.shards.everything and plain.shard_count is None
    two = from_env(monkeypatch, DATABASE_URL="postgresql://koi@db/koi", SHARD_COUNT="2", SHARD_IDS="1")
    assert two.database == "postgresql://koi@db/koi" and isinstance(open_store(two.database), PostgresStore)
    assert (two.shard_count, two.shard_ids) == (2, (1,))
    assert two.shards.owns(1 << 22) and not two.shards.owns(2 << 22) and not two.shards.owns(None)
    assert from_env(monkeypatch, SHARD_COUNT="2", SHARD_IDS="0, 1").shards.everything
    for bad in (
        {"SHARD_IDS": "1"},
        {"SHARD_COUNT": "0"},
        {"SHARD_COUNT": "2", "SHARD_IDS": "2"},
        {"SHARD_COUNT": "2", "SHARD_IDS": "1,1"},
        {"SHARD_COUNT": "two"},
    ):
        with pytest.raises(ConfigError):
            from_env(monkeypatch, **bad)


def test_the_board_step_delay_setting(monkeypatch):
    from bot.config import ConfigError

    assert from_env(monkeypatch).board_step_delay == 20.0
    assert from_env(monkeypatch, BOARD_STEP_DELAY="0").board_step_delay == 0.0
    assert from_env(monkeypatch, BOARD_STEP_DELAY=" 7.5 ").board_step_delay == 7.5
    for bad in ("soon", "-1", "nan", "inf", "86400"):
        with pytest.raises(ConfigError, match="BOARD_STEP_DELAY"):
            from_env(monkeypatch, BOARD_STEP_DELAY=bad)


def test_a_database_migrated_by_a_newer_bot_stops_the_bot_with_a_clear_message(tmp_path):
    import asyncio

    from bot.stores import open_store

    path = tmp_path / "db.sqlite3"

    async def newer() -> None:
        store = open_store(str(path))
        await store.open()
        await store.execute_raw("INSERT INTO schema_migrations VALUES (?, ?)", (999, "999_future.sql"))
        await store.close()

    asyncio.run(newer())
    result = run_bot(tmp_path, DATABASE_PATH=str(path))
    assert result.returncode == 2, result.stderr
    assert "migrated by a newer version of the bot" in result.stderr and "999" in result.stderr
    assert "Traceback" not in result.stderr

"""Start-up: the bot refuses, with a clear message and status 2, a database it cannot use.

The tests of concurrent moves, racing processes and migrations run on both backends in
tests/test_store.py.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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

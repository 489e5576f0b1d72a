"""``python -m bot --help``: a usage that names the commands, not the bot's start-up errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_help_lists_the_commands_and_exits_0(tmp_path):
    done = run(tmp_path, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m bot")
    for command in ("demo", "copy-db"):
        assert f"    {command}" in done.stdout
    assert "No Discord token" not in done.stdout + done.stderr
    assert not (tmp_path / "data").exists()  # nothing was started or created


def test_each_command_has_its_own_help(tmp_path):
    demo = run(tmp_path, "demo", "--help")
    assert demo.returncode == 0 and "usage: python -m bot demo" in demo.stdout and "--players" in demo.stdout
    copy = run(tmp_path, "copy-db", "--help")
    assert copy.returncode == 0 and "--from" in copy.stdout and "--to" in copy.stdout
    # One usage line of its own, not the top's usage with the command glued on (issue 32).
    assert copy.stdout.startswith("usage: python -m bot copy-db [-h] --from SOURCE --to TARGET\n"), (
        copy.stdout
    )


def test_an_unknown_command_or_option_is_refused_with_the_usage(tmp_path):
    for args in (["bogus"], ["--frob"]):
        done = run(tmp_path, *args)
        assert done.returncode == 2
        assert "usage: python -m bot" in done.stderr and "No Discord token" not in done.stderr

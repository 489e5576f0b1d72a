"""Fixtures of the process tests: a fake Discord and the bot processes started against it."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

import pytest_asyncio

from tests.process.fake_discord import FakeDiscord
from tests.process.harness import BotProcess, Table


@dataclass
class World:
    fake: FakeDiscord
    tmp: Path
    db_path: Path
    table: Table
    procs: list[BotProcess] = field(default_factory=list)

    async def start_bot(
        self, name: str | None = None, timeout: float = 45, log_level: str = "INFO"
    ) -> BotProcess:
        """Start ``python -m bot`` and wait until it identified on the gateway (commands synced first)."""
        before = self.fake.identifies
        proc = BotProcess(self.fake, self.db_path, self.tmp, name or f"bot{len(self.procs)}", log_level)
        self.procs.append(proc)
        await proc.start()

        def up():
            if not proc.alive:
                raise AssertionError(f"the bot exited with {proc.proc.returncode}:\n{proc.log()[-4000:]}")
            return self.fake.identifies > before

        await self.fake.wait_until(up, timeout, "the bot to log in")
        return proc

    async def kill_all(self) -> None:
        for proc in self.procs:
            await proc.kill()


@pytest_asyncio.fixture
async def world(tmp_path):
    fake = FakeDiscord()
    await fake.start()
    db_path = tmp_path / "data" / "bot.sqlite3"
    w = World(fake, tmp_path, db_path, Table(fake, db_path))
    try:
        yield w
    finally:
        await w.kill_all()
        await fake.stop()
        for proc in w.procs:  # shown by pytest when the test failed
            print(f"----- {proc.name} log -----\n{proc.log()[-6000:]}")
        print("last requests:", *fake.requests[-25:], sep="\n  ")
        if fake.unknown:
            print("unknown routes:", fake.unknown)
        if fake.errors:
            print("refused requests:", fake.errors)
        await asyncio.sleep(0)

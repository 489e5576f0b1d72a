"""Shared fixtures: a real bot on a temporary database, driven by SimCord."""

from __future__ import annotations

import os

import pytest
import pytest_asyncio
from hypothesis import HealthCheck, settings

from bot.config import Settings
from bot.core import create_bot

settings.register_profile("ci", deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
settings.register_profile("dev", deadline=None, suppress_health_check=list(HealthCheck))
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "bot.sqlite3")


@pytest_asyncio.fixture
async def simcord_bot(db_path):
    bot = create_bot(Settings(token=None, database_path=db_path))
    yield bot
    # The database worker thread must end, or the test process cannot exit.
    await bot.reminders.stop()
    await bot.store.close()

"""Shared fixtures: a real bot on a temporary database, driven by SimCord; the store backends.

PostgreSQL for the tests: the server at ``TEST_DATABASE_URL`` when that is set (a role that may
create databases), else a throwaway cluster started once for the session (tests/pgcluster.py).
Every test gets a database of its own. Without a server the PostgreSQL tests are skipped, except
in CI (``CI`` set), where they fail: CI must run them.
"""

from __future__ import annotations

import asyncio
import itertools
import os

import pytest
import pytest_asyncio
from hypothesis import HealthCheck, settings

from bot.config import Settings
from bot.core import create_bot
from bot.stores import open_store
from tests.pgcluster import Cluster, create_database, drop_database, truncate_all

settings.register_profile("ci", deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
settings.register_profile("dev", deadline=None, suppress_health_check=list(HealthCheck))
settings.load_profile("ci" if os.environ.get("CI") else "dev")

IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
BACKENDS = ["sqlite", "postgres"]
_names = itertools.count(1)


def pytest_collection_modifyitems(config, items):
    # The bot is an AutoShardedBot: SimCord runs it with one shard unless the test's simcord marker
    # names a shard_count (the plugin reads the closest marker only: merge its other options).
    for item in items:
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        marker = item.get_closest_marker("simcord")
        options = dict(marker.kwargs) if marker is not None else {}
        if "shard_count" not in options:
            item.add_marker(pytest.mark.simcord(**options, shard_count=1))


@pytest.fixture(scope="session")
def pg_server():
    """The URL of a database on the test server where new databases can be created."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    if url:
        yield url
        return
    cluster = Cluster()
    try:
        url = cluster.start()
    except Exception as exc:
        if IN_CI:
            pytest.fail(f"the PostgreSQL tests must run in CI, but no server could be started: {exc}")
        pytest.skip(f"no PostgreSQL server for the tests (set TEST_DATABASE_URL): {exc}")
    try:
        yield url
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_server):
    """A new empty PostgreSQL database for this test, dropped after it."""
    name = f"koi_test_{os.getpid()}_{next(_names)}"
    url = asyncio.run(create_database(pg_server, name))
    yield url
    asyncio.run(drop_database(pg_server, name))


@pytest.fixture(scope="session")
def pg_shared(pg_server):
    """One migrated database for the session, emptied before each test that uses it (faster than
    a new database per test: creating one costs about half a second here)."""
    name = f"koi_test_{os.getpid()}_shared"
    url = asyncio.run(create_database(pg_server, name))

    async def migrate() -> None:
        store = open_store(url)
        await store.open()
        await store.close()

    asyncio.run(migrate())
    yield url
    asyncio.run(drop_database(pg_server, name))


@pytest.fixture
def pg_clean(pg_shared):
    """The session's migrated PostgreSQL database, with every table emptied."""
    asyncio.run(truncate_all(pg_shared))
    return pg_shared


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "bot.sqlite3")


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def database(backend, request) -> str:
    """What ``open_store`` opens for this test's backend: a new SQLite file, or the (emptied)
    PostgreSQL test database."""
    if backend == "postgres":
        return request.getfixturevalue("pg_clean")
    return request.getfixturevalue("db_path")


@pytest.fixture
def fresh_database(backend, request) -> str:
    """A database never opened before (nothing migrated): a new SQLite file or PostgreSQL database."""
    if backend == "postgres":
        return request.getfixturevalue("pg_url")
    return request.getfixturevalue("db_path")


@pytest_asyncio.fixture
async def store(database):
    store = open_store(database)
    await store.open()
    yield store
    await store.close()


@pytest.fixture
def bot_database(db_path) -> str:
    """The database of the SimCord bot (a module may override it, e.g. with ``pg_url``)."""
    return db_path


@pytest.fixture
def bot_settings() -> dict:
    """Settings of the SimCord bot beyond its database (a module may override it).

    Keep a module's simcord ``settle_timeout`` below ``board_step_delay`` (20 s) and
    ``outbox_sweep`` (60 s), or turn them off (0): the writer holds a turn's steps on a timer of
    that length and sweeps the outbox on another, and SimCord's settlement waits for a pending
    timer until the wall clock reaches it (its real-time fallback): with a longer settle timeout,
    every click then waits for the timer (the replay tests seemed to hang, minutes per click).
    ``simcord_bot`` refuses such a module at once. Also turn them off in a test that runs longer
    on the wall clock than they last (a whole game: see tests/discord/test_games.py)."""
    return {}


# The bot's timers a SimCord settlement would wait for: the setting, and its default.
BOT_TIMERS = {"board_step_delay": 20.0, "outbox_sweep": 60.0}
SETTLE_TIMEOUT = 5.0  # SimCord's default


def check_timers(request, bot_settings: dict) -> None:
    """Fail at once, saying what to change, where a settlement would wait for a timer of the bot."""
    marker = request.node.get_closest_marker("simcord")
    settle = float((marker.kwargs if marker else {}).get("settle_timeout", SETTLE_TIMEOUT))
    for name, default in BOT_TIMERS.items():
        value = float(bot_settings.get(name, default))
        if 0 < value <= settle:
            pytest.fail(
                f"settle_timeout={settle:g} s is not below {name}={value:g} s: every settlement would "
                f"wait for that timer; set {name} to 0 (off) in bot_settings, or a shorter settle_timeout"
            )


@pytest_asyncio.fixture
async def simcord_bot(bot_database, bot_settings, request):
    check_timers(request, bot_settings)
    if bot_database.startswith("postgresql://"):
        bot = create_bot(Settings(token=None, database_url=bot_database, **bot_settings))
    else:
        bot = create_bot(Settings(token=None, database_path=bot_database, **bot_settings))
    yield bot
    # The database worker thread (SQLite) or pool (PostgreSQL) must end, or the test process cannot exit.
    await bot.reminders.stop()
    await bot.store.close()

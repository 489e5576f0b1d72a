"""On PostgreSQL, a table locked by another session (until the server's lock timeout) or a
connection terminated while a command waits is one private "busy, try again", never the apology
for a fault of ours, and nothing is changed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.discord.helpers import lobby_message, make_world, open_lobby, start_match

BUSY = "The database is busy, try again in a moment. Nothing was changed."


@pytest.fixture
def bot_database(pg_clean):
    return pg_clean


# The server's lock timeout as configured by default (3 s): long enough for a session waiting for
# the lock to be found and ended, however slow the machine.
pytestmark = pytest.mark.simcord(settle_timeout=15)


@pytest.fixture
def bot_settings() -> dict:
    return {"board_step_delay": 0.0}


class TableLock:
    """Another process locks the matches table (not even reads go on) until the bot's session gives
    up (its lock timeout), or, with ``terminate``, until a session waits for it: that session is
    then ended (pg_terminate_backend), as an administrator or a failover would."""

    def __init__(self, url: str, terminate: bool = False) -> None:
        script = f"""
import asyncio, asyncpg, sys
async def main():
    db = await asyncpg.connect({url!r})
    await db.execute("BEGIN")
    await db.execute("LOCK TABLE matches IN ACCESS EXCLUSIVE MODE")
    print("locked", flush=True)
    ended = 0
    for _ in range(1000):
        if {terminate!r}:
            ended = await db.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            if ended:
                break
        elif sys.stdin.readline():
            break
        await asyncio.sleep(0.01)
    await db.execute("ROLLBACK")
    print(f"ended {{ended}}", flush=True)
asyncio.run(main())
"""
        self.process = subprocess.Popen(
            [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout.readline().strip() == "locked"

    def end(self) -> str:
        if self.process.poll() is None:
            self.process.stdin.write("\n")
            self.process.stdin.flush()
        self.process.wait(30)
        said = self.process.stdout.readline().strip()
        self.process.stdin.close()
        self.process.stdout.close()
        return said


@pytest.mark.parametrize("terminate", [False, True], ids=["lock-timeout", "terminated"])
async def test_match_mine_and_new_lobby_on_a_locked_table_are_busy(simcord_env, pg_clean, terminate):
    world = await make_world(simcord_env, 2)
    host, other = world.players
    await start_match(world, "ikenokoi", 2)
    elsewhere = world.guild.create_text_channel("elsewhere")
    for act in (
        lambda: host.slash(world.channel, "match mine"),
        lambda: other.slash(elsewhere, "ikenokoi new"),
    ):
        lock = TableLock(pg_clean, terminate)
        try:
            result = await act()
        finally:
            ended = lock.end()
        answer = (result.followups[-1] if result.followups else result.response).content
        assert result.ephemeral and answer == BUSY, answer
        assert ended == ("ended 1" if terminate else "ended 0")
    assert await world.bot.store.live_match(elsewhere.id) is None, "no lobby was opened"
    listed = await host.slash(world.channel, "match mine")  # the database back: answered as usual
    assert "Ike No Koi" in listed.response.content


async def test_a_click_whose_session_is_terminated_is_busy(simcord_env, pg_clean):
    world = await make_world(simcord_env, 2)
    host, joiner = world.players
    lobby = await open_lobby(world, host, "ikenokoi")
    lock = TableLock(pg_clean, terminate=True)
    try:
        result = await joiner.click(lobby, label="Join")
    finally:
        ended = lock.end()
    assert ended == "ended 1", "the click's session was ended while it waited"
    assert (
        result.ephemeral and (result.followups[-1] if result.followups else result.response).content == BUSY
    )
    match = await world.bot.store.live_match(world.channel.id)
    assert [s.user_id for s in match.seats] == [host.id], "nothing was changed"
    joined = await joiner.click(lobby_message(world), label="Join")
    assert joined.acknowledged

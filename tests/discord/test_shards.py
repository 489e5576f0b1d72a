"""Two bot processes of one bot, shards 0 and 1 of 2, on one PostgreSQL database.

The process of shard 1 is the real bot under SimCord (Discord sends it only its guilds); the
process of shard 0 is a second bot object on the same database with its own service and reminder
scheduler. A reminder is fired, and posted, by the process of its guild's shard only, once; the
other process neither fires it nor touches the match's pending posts, also when restarting.
"""

from __future__ import annotations

import asyncio
import time

import pytest
import pytest_asyncio

from bot.config import Settings
from bot.core import create_bot
from bot.reminders import ReminderScheduler
from bot.store import shard_of
from tests.discord.helpers import open_lobby

pytestmark = pytest.mark.simcord(shard_count=2)

HOUR = 3600
SHARD0_GUILD = 4242 << 23  # (id >> 22) % 2 == 0
SHARD0_CHANNEL = 777


def settings(url: str, shard: int) -> Settings:
    return Settings(token=None, database_url=url, shard_count=2, shard_ids=(shard,))


@pytest_asyncio.fixture
async def simcord_bot(pg_clean):
    bot = create_bot(settings(pg_clean, 1))
    yield bot
    await bot.reminders.stop()
    await bot.store.close()


def spy(bot, fired: list) -> None:
    original = bot.service.fire_reminder

    async def fire(reminder):
        fired.append(reminder.match_id)
        return await original(reminder)

    bot.service.fire_reminder = fire


async def until(condition, limit: float = 10.0) -> None:
    """Wait, by the wall clock, for the shard-0 process's scheduler: it is not part of SimCord's
    bot, so advancing SimCord's time does not wait for the reads and writes it then does."""
    deadline = time.monotonic() + limit
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0)


def reminder_posts(env, channel, count: int) -> list[str]:
    """The reminders posted in the channel (each replaces the turn's mention, so the earlier ones
    are deleted again: counted from the requests)."""
    path = f"/channels/{channel.id}/messages"
    posted = [
        (r.json or {}).get("content") or ""
        for r in env.http_requests
        if r.method == "POST" and r.path == path
    ]
    return [c for c in posted if f"reminder ({count}/3)" in c]


async def test_a_reminder_is_posted_once_by_the_process_of_its_shard(simcord_env, pg_clean):
    env = simcord_env
    shard1 = env.bot
    guild = env.create_guild(shard_id=1)
    assert shard_of(guild.id, 2) == 1 and shard_of(SHARD0_GUILD, 2) == 0
    channel = guild.create_text_channel("games")
    host, guest = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await shard1.tree.sync()

    # The process of shard 0: the same bot's code, its own store, service and scheduler.
    shard0 = create_bot(settings(pg_clean, 0), clock=shard1.service.clock)
    await shard0.store.open()
    shard0.reminders.start()
    fired0, fired1 = [], []
    spy(shard0, fired0)
    spy(shard1, fired1)
    try:
        # A match in a guild of shard 1, through Discord; one in a guild of shard 0, in its process.
        await shard1.service.set_reminders(channel.id, HOUR, True)
        lobby = await open_lobby_in(env, channel, host)
        await guest.click(lobby, label="Join")
        await host.click(lobby, label="Start")
        mine = await shard1.store.live_match(channel.id)
        assert mine is not None and mine.status == "active"
        await shard0.service.set_reminders(SHARD0_CHANNEL, HOUR, True)
        other = await shard0.service.new_lobby("ikenokoi", SHARD0_GUILD, SHARD0_CHANNEL, 1, "zed")
        await shard0.service.join(other.id, 2, "yan")
        other, _ = await shard0.service.start(other.id, 1)
        shard0.reminders.wake()

        await env.advance_time(HOUR + 1)
        await shard1.table.writer.idle()
        # Shard 0's scheduler sleeps on a timer SimCord's clock does not drive (its process is not
        # SimCord's bot): its timer "fires" here, as it would in its own process an hour later.
        shard0.reminders.wake()
        await until(lambda: fired0 and shard0.reminders._sleeping)
        assert fired1 == [mine.id], "shard 1 fired only the reminder of its own guild"
        assert fired0 == [other.id], "shard 0 fired only the reminder of its own guild"
        posts = reminder_posts(env, channel, 1)
        assert len(posts) == 1, f"the reminder was posted {len(posts)} times"
        assert any(str(p.id) in posts[0] for p in (host, guest))
        pending = await shard1.store.pending_effects(other.id)
        assert [e.payload.get("reminder") for e in pending if e.kind == "notice"] == [1], (
            "shard 0 recorded its notice; shard 1 did not deliver (nor drop) it"
        )

        # Shard 0's process goes down: its reminders wait for it, shard 1 does not take them.
        await shard0.reminders.stop()
        await env.advance_time(HOUR + 1)
        await shard1.table.writer.idle()
        assert fired1 == [mine.id, mine.id] and fired0 == [other.id]
        assert len(reminder_posts(env, channel, 2)) == 1
        due = await shard1.store.due_reminders(shard1.service.clock())
        assert [r.match_id for r in due] == [other.id], "the reminder of shard 0 is still due"

        # Shard 1's process restarts: it recovers the posts of its own guilds only.
        assert await shard1.table.writer.recover() == 0
        assert len(await shard1.store.pending_effects(other.id)) == len(pending)

        # Shard 0's process is back: its scheduler's first round fires what was due meanwhile, once.
        shard0.reminders = ReminderScheduler(shard0.service, shard0.settings.shards)
        assert await shard0.reminders.tick() == 1
        assert await shard1.reminders.tick() == 0
        assert fired0 == [other.id, other.id] and fired1 == [mine.id, mine.id]
        notices = [e.payload.get("reminder") for e in await shard0.store.pending_effects(other.id)]
        assert notices.count(2) == 1
        assert len(reminder_posts(env, channel, 1)) == 1 and len(reminder_posts(env, channel, 2)) == 1
    finally:
        await shard0.reminders.stop()
        await shard0.store.close()


async def open_lobby_in(env, channel, member):
    from tests.discord.helpers import World

    world = World(env, env.bot, channel.guild, channel, [member])
    return await open_lobby(world, member, "ikenokoi")

"""The bot process: one Bot subclass that owns the store, the match service and reminders.

The bot is an ``AutoShardedBot``: one process runs every shard by default, or the shards
``SHARD_IDS`` of ``SHARD_COUNT``, so that several processes (on one PostgreSQL database) share
one bot. Each process fires reminders, drives AI seats and delivers pending posts only for the
guilds of its own shards.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import discord
from discord.ext import commands

from bot.config import Settings
from bot.reminders import ReminderScheduler
from bot.service import MatchService
from bot.store import Store
from bot.stores import open_store

log = logging.getLogger(__name__)

# Extensions, loaded in this order in setup_hook.
EXTENSIONS = ("cogs.matches", "cogs.settings", "cogs.games")


def discord_clock() -> float:
    # discord.utils.utcnow is what SimCord's virtual clock drives in tests.
    return discord.utils.utcnow().timestamp()


class GameBot(commands.AutoShardedBot):
    def __init__(
        self, settings: Settings, store: Store | None = None, clock: Callable[[], float] | None = None
    ) -> None:
        intents = discord.Intents.default()  # no privileged intents needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,
        )
        self.settings = settings
        self.store = store or open_store(settings.database, **settings.store_options)
        self.service = MatchService(
            self.store, clock=clock or discord_clock, lobby_expiry=settings.lobby_expiry
        )
        self.reminders = ReminderScheduler(self.service, settings.shards)
        self.started_at = time.time()

    async def setup_hook(self) -> None:
        await self.store.open()
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("slash commands synced to development server %s", self.settings.dev_guild_id)
        self.reminders.start()

    async def close(self) -> None:
        await self.reminders.stop()
        table = getattr(self, "table", None)
        if table is not None:
            await table.writer.stop()
            table.close()
        await super().close()
        await self.store.close()


def create_bot(
    settings: Settings | None = None, *, store: Store | None = None, clock: Callable[[], float] | None = None
) -> GameBot:
    """Build the bot without starting it (tests and SimCord build it this way)."""
    return GameBot(settings or Settings.from_env(), store=store, clock=clock)

"""The bot process: one Bot subclass that owns the store, the match service and reminders.

The bot is an ``AutoShardedBot``: one process runs every shard by default, or the shards
``SHARD_IDS`` of ``SHARD_COUNT``, so that several processes (on one PostgreSQL database) share
one bot. Each process fires reminders, drives AI seats and delivers pending posts only for the
guilds of its own shards.

Every interaction is answered in its person's Discord language (issue 35): the gateway's
INTERACTION_CREATE parser runs under ``language(interaction.locale)``, and every task discord.py
starts for it (the command, the component's callback, the modal, the ``interaction`` listeners)
copies that context when it is created; the parser's own task is left as it was. The person's
locale and the server's preferred one are remembered (the store) for what is said later without
an interaction: a direct message, the channel's posts.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot import mentions
from bot.config import Settings
from bot.reminders import ReminderScheduler
from bot.service import MatchService
from bot.store import Store
from bot.stores import open_store
from bot.translator import CommandTranslator
from rendering.i18n import language

log = logging.getLogger(__name__)

# Extensions, loaded in this order in setup_hook.
EXTENSIONS = ("cogs.matches", "cogs.settings", "cogs.games")


def discord_clock() -> float:
    # discord.utils.utcnow is what SimCord's virtual clock drives in tests.
    return discord.utils.utcnow().timestamp()


class Tree(discord.app_commands.CommandTree):
    """The bot's command tree: it remembers the ids Discord gives back for its commands, so texts
    name them as mentions (``bot/mentions.py``)."""

    async def sync(self, *, guild: Any = None) -> list[discord.app_commands.AppCommand]:
        synced = await super().sync(guild=guild)
        mentions.remember(synced)
        return synced

    async def fetch_commands(self, *, guild: Any = None) -> list[discord.app_commands.AppCommand]:
        fetched = await super().fetch_commands(guild=guild)
        mentions.remember(fetched)
        return fetched


class GameBot(commands.AutoShardedBot):
    def __init__(
        self, settings: Settings, store: Store | None = None, clock: Callable[[], float] | None = None
    ) -> None:
        intents = discord.Intents.default()  # no privileged intents needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=Tree,
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
        self._locales_seen: dict[tuple[str, int], str] = {}  # what this process saved already
        self._saving: set[asyncio.Task] = set()

    def _get_state(self, **options: Any):
        state = super()._get_state(**options)
        parse = state.parsers["INTERACTION_CREATE"]

        def parse_interaction(data: dict) -> None:
            self._remember_locales(data)
            with language(data.get("locale")):
                parse(data)

        state.parsers["INTERACTION_CREATE"] = parse_interaction
        return state

    def _remember_locales(self, data: dict) -> None:
        """Save the person's locale and the server's when they changed (once per process else)."""
        user = (data.get("member") or {}).get("user") or data.get("user") or {}
        news = []
        for kind, key, locale in (
            ("user", user.get("id"), data.get("locale")),
            ("guild", data.get("guild_id"), data.get("guild_locale")),
        ):
            if key is None or not isinstance(locale, str) or not locale:
                continue
            if self._locales_seen.get((kind, int(key))) != locale:
                self._locales_seen[(kind, int(key))] = locale
                news.append((kind, int(key), locale))
        if news:
            task = asyncio.get_running_loop().create_task(self._save_locales(news), name="locales")
            self._saving.add(task)
            task.add_done_callback(self._saving.discard)

    async def _save_locales(self, news: list[tuple[str, int, str]]) -> None:
        for kind, key, locale in news:
            put = self.store.put_user_locale if kind == "user" else self.store.put_guild_locale
            try:
                await put(key, locale)
            except Exception as exc:  # said again at the person's next click
                self._locales_seen.pop((kind, key), None)
                log.warning("the %s locale of %s was not saved (%s)", kind, key, exc)

    async def setup_hook(self) -> None:
        await self.store.open()
        await self.tree.set_translator(CommandTranslator())
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("slash commands synced to development server %s", self.settings.dev_guild_id)
        else:
            await self.learn_command_ids()
        self.reminders.start()

    async def learn_command_ids(self) -> None:
        """The ids Discord gave the commands (for the texts' command mentions, ``bot/mentions.py``);
        without them the texts name commands as code, so a failure only costs that."""
        try:
            await self.tree.fetch_commands()
        except discord.HTTPException as exc:
            log.warning("the commands' ids were not fetched (%s): texts name them without mentions", exc)

    async def close(self) -> None:
        await self.reminders.stop()
        for task in list(self._saving):
            task.cancel()
        await asyncio.gather(*self._saving, return_exceptions=True)
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

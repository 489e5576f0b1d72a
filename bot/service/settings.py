"""Settings: a channel's reminders, takeover, threads, expiries and language, a person's turn ping."""

from __future__ import annotations

from bot.service.base import (
    MAX_LOBBY_EXPIRY,
    MAX_REMINDER_DELAY,
    MIN_LOBBY_EXPIRY,
    MIN_REMINDER_DELAY,
    TURN_PINGS,
    ServiceBase,
    ServiceError,
)
from bot.store import (
    ChannelSettings,
)
from games.text import T
from rendering import i18n


class Settings(ServiceBase):
    async def set_turn_ping(self, user_id: int, mode: str) -> None:
        if mode not in TURN_PINGS:
            raise ServiceError(T("Choose channel, mute or dm."))
        await self.store.put_turn_ping(user_id, mode)

    async def set_language(self, channel_id: int, code: str | None) -> ChannelSettings:
        """The language of the channel's posts: a catalogue (or the pseudo-language of the tests),
        or None for the server's preferred locale."""
        if code is not None and code not in (*i18n.available(), i18n.PSEUDO):
            raise ServiceError(T("Choose one of the languages offered, or the server's default."))
        current = await self.settings_of(channel_id)
        current.language = code
        await self.store.put_channel_settings(channel_id, current)
        return current

    async def channel_language(
        self, channel_id: int, guild_id: int | None, parent_id: int | None = None
    ) -> str:
        """The language the channel reads (its posts are built in it): the one chosen with
        `/settings language` (a thread follows its parent channel unless it has its own), else the
        server's preferred locale when an interaction gave it, else English."""
        for channel in (channel_id, parent_id):
            if channel is None:
                continue
            settings = await self.store.channel_settings(channel)
            if settings is not None and settings.language:
                return i18n.normalize(settings.language)
        if guild_id is not None:
            return i18n.normalize(await self.store.guild_locale(guild_id))
        return i18n.DEFAULT

    async def user_language(self, user_id: int) -> str:
        """The language of a direct message to the user: their Discord locale when they last used
        the bot, else English."""
        return i18n.normalize(await self.store.user_locale(user_id))

    async def opens_threads(self, channel_id: int) -> bool:
        """Whether `/<game> new` in this channel opens a thread when not told otherwise."""
        settings = await self.store.channel_settings(channel_id)
        return bool(settings and settings.threads)

    async def set_reminders(
        self,
        channel_id: int,
        delay: int | None,
        enabled: bool | None,
        takeover: bool | None = None,
        threads: bool | None = None,
        lobby_expiry: int | None = None,
        stall_after: int | None = None,
    ) -> ChannelSettings:
        current = await self.settings_of(channel_id)
        if delay is not None:
            if not MIN_REMINDER_DELAY <= delay <= MAX_REMINDER_DELAY:
                raise ServiceError(T("The reminder delay must be between 10 minutes and 7 days."))
            current.reminder_delay = delay
        if enabled is not None:
            current.reminders_enabled = enabled
        if takeover is not None:
            current.ai_takeover = takeover
        if threads is not None:
            current.threads = threads
        if lobby_expiry is not None:
            if lobby_expiry and not MIN_LOBBY_EXPIRY <= lobby_expiry <= MAX_LOBBY_EXPIRY:
                raise ServiceError(T("The lobby expiry must be between 10 minutes and 30 days (0: never)."))
            current.lobby_expiry = lobby_expiry
        if stall_after is not None:
            if stall_after and not MIN_REMINDER_DELAY <= stall_after <= MAX_LOBBY_EXPIRY:
                raise ServiceError(
                    T(
                        "The wait before the others decide for an absent player must be between 10 minutes"
                        " and 30 days (0: never)."
                    )
                )
            current.stall_after = stall_after
        await self.store.put_channel_settings(channel_id, current)
        # The live match's reminder follows (the first of its current version, written in one
        # transaction while the match has the status read). A Start or a move meanwhile may have
        # written its own from the old settings: a reminder obeys the settings when it fires.
        live = await self.store.live_match(channel_id)
        due = None
        if live is not None and live.status == "active":
            due = self.clock() + current.reminder_delay if current.reminders_enabled else None
        elif live is not None and lobby_expiry is not None:  # the open lobby follows the new delay
            due = live.created_at + lobby_expiry if lobby_expiry else None
        else:
            return current
        if await self.store.replace_reminder(live.id, live.status, due):
            self._changed_reminders()
        return current

"""Reminders as they fire: the notices, a stalled match's decision, an unstarted lobby's expiry."""

from __future__ import annotations

import logging

from bot.mentions import slash
from bot.service.base import (
    MAX_REMINDERS,
)
from bot.service.seats import Seats
from bot.store import (
    ChannelSettings,
    CorruptRow,
    Effect,
    Match,
    Reminder,
    StaleVersion,
)
from games.text import Msg, N, T, dump_events

log = logging.getLogger(__name__)


class Reminders(Seats):
    async def fire_reminder(self, reminder: Reminder) -> tuple[Match, list[int]] | None:
        """A due reminder: record its notice and the next reminder in one transaction.

        The channel's settings are read now, not when the reminder was written: one fired after a
        setting changed obeys the new one (reminders off, a longer delay, another stall setting).
        After the last reminder and the channel's ``stall_after``, an AI takes the absent players'
        seats at once where the channel has ``takeover`` on, else the other players are offered
        the choice (``choose_for_absent``). Returns the match and the seats an AI now plays, or
        None (nothing to take over, the reminder obsolete or already fired elsewhere).
        """
        try:
            match = await self.store.get_match(reminder.match_id)
        except CorruptRow:
            log.exception("reminder for unreadable match %s dropped", reminder.match_id)
            match = None
        if match is not None and match.status == "lobby":
            return await self._expire_lobby(match, reminder)
        if match is None or match.status != "active" or match.damaged or match.version != reminder.version:
            await self.store.fire_reminder(reminder, None)
            return None
        settings = await self.settings_of(match.channel_id)
        if not settings.reminders_enabled:
            await self.store.fire_reminder(reminder, None)
            return None
        now = self.clock()
        # The first reminder of a version waits from the match's last change: if the delay grew
        # since it was written, it comes later.
        if reminder.sent == 0 and match.updated_at + settings.reminder_delay > now:
            later = Reminder(match.id, match.updated_at + settings.reminder_delay, 0, reminder.version)
            if await self.store.fire_reminder(reminder, later):
                self._changed_reminders()
            return None
        seats = self.absent_seats(match, self.state_of(match))
        if reminder.sent >= MAX_REMINDERS:
            return await self._stalled(match, reminder, settings, seats)
        count = reminder.sent + 1
        wait = settings.reminder_delay if count < MAX_REMINDERS else self.stall_after(settings)
        following = Reminder(match.id, now + wait, count, reminder.version) if wait else None
        effects = [Effect("notice", {"reminder": count, "seats": seats}, match.version)] if seats else []
        if not await self.store.fire_reminder(reminder, following, effects):
            return None
        if effects:
            self._effects_recorded(match.id)
        return None

    async def _stalled(
        self, match: Match, reminder: Reminder, settings: ChannelSettings, absent: list[int]
    ) -> tuple[Match, list[int]] | None:
        """The last reminder's wait is over and the match still waits for ``absent``: an AI takes
        their seats (``takeover`` on), or the other players are offered the choice; each with the
        reminder's end in one transaction, at the reminder's version only."""
        others = [
            i for i, s in enumerate(match.seats) if s.ai is None and s.user_id is not None and i not in absent
        ]
        v = match.version
        if not absent or not self.stall_after(settings) or not (settings.ai_takeover or others):
            await self.store.fire_reminder(reminder, None)  # nobody to decide, or never (the setting)
            return None
        if settings.ai_takeover:
            seats = self._held(match, absent)
            effects = [Effect("notice", {"takeover": absent}, v), Effect("board", {}, v)]
            if not await self.store.fire_reminder(reminder, None, effects, seats=seats):
                return None
            match.seats = seats[1]
            self._effects_recorded(match.id)
            return match, absent
        effects = [Effect("notice", {"stalled": absent, "others": others}, v), Effect("board", {}, v)]
        if await self.store.fire_reminder(reminder, None, effects, stalled=True):
            self._effects_recorded(match.id)
        return None

    async def _expire_lobby(self, match: Match, reminder: Reminder) -> None:
        """A lobby nobody started in time closes itself, with a short post; only if it is still a
        lobby (the end compares the status in the transaction that also drops the expiry) and the
        channel's expiry, read now, says so (one changed since its reminder was written is obeyed:
        the reminder moves to the new time, or goes for 'never')."""
        delay = await self.lobby_expiry(match.channel_id)
        due = match.created_at + delay
        if not delay or due > self.clock():
            later = Reminder(match.id, due, 0, 0) if delay else None
            if await self.store.fire_reminder(reminder, later):
                self._changed_reminders()
            return None
        effects = [
            Effect("lobby", {"expired": True}, match.version),
            # the English, and the message said in the channel's language when it is posted
            Effect("notice", dump_events([{"text": self.expired_text(match, delay)}])[0], match.version),
        ]
        try:
            await self.store.end_match(match.id, "abandoned", [], self.clock(), effects, from_status="lobby")
        except StaleVersion:
            return None  # started, cancelled or expired by another process meanwhile
        self._effects_recorded(match.id)
        return None

    def expired_text(self, match: Match, delay: int) -> Msg:
        title = self.registry[match.game].title if match.game in self.registry else match.game
        hours = max(1, round(delay / 3600)) if delay >= 3600 else None
        after = (
            N("{n} hour", "{n} hours", hours)
            if hours
            else N("{n} minute", "{n} minutes", max(1, delay // 60))
        )
        return T(
            "The {game} lobby closed itself: nobody started it within {after}. Open a new one with {command}.",
            game=title,
            after=after,
            command=slash(f"{match.game} new"),
        )

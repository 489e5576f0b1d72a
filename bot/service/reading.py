"""Reading matches: the board asked for again, a person's matches, waits, the log, finished matches."""

from __future__ import annotations

from bot.service.base import (
    ServiceBase,
    ServiceError,
    format_event,
)
from bot.store import (
    CorruptRow,
    Effect,
    Match,
)
from games.text import T


class Reading(ServiceBase):
    async def request_board(self, channel_id: int) -> Match:
        """Someone asked for the board: the writer posts it again at the bottom."""
        match = await self.live(channel_id)
        if match.status != "active":
            raise ServiceError(T("The match has not started yet: the lobby is above."))
        self.state_of(match)  # a damaged match is refused here
        await self.store.add_effects(match.id, [Effect("board", {"bottom": True}, match.version)])
        self._effects_recorded(match.id)
        return match

    async def my_matches(self, guild_id: int, user_id: int) -> list[tuple[Match, bool]]:
        """The user's lobbies and active matches in this server, each with whether it waits for them."""
        out = []
        for match in await self.store.live_matches_in(guild_id):
            if all(s.user_id != user_id for s in match.seats):
                continue
            waits = False
            if match.status == "active" and not match.damaged:
                seat = match.seat_of(user_id)
                try:
                    waits = seat is not None and seat in self.state_of(match).to_act()
                except (CorruptRow, ServiceError):
                    waits = False
            out.append((match, waits))
        return out

    async def waiting_since(self, match: Match, seats: list[int]) -> float:
        """When the match began to wait for ``seats``: the time of the last step of another seat
        (their own steps of the turn do not restart the wait), or of the start."""
        rows = await self.store.actions(match.id, 40)
        for row in reversed(rows):
            if row.seat not in seats:
                return row.created_at
        return rows[0].created_at if rows else match.updated_at  # the oldest known step, or the start

    def ai_to_act(self, match: Match) -> list[int]:
        """Seats played by an AI that must decide now."""
        if match.status != "active" or match.damaged:
            return []
        return [s for s in self.state_of(match).to_act() if match.seats[s].ai is not None]

    async def log(self, channel_id: int, limit: int | None = None) -> tuple[Match, list[str]]:
        """The channel's live match and the public lines of its log (the last ``limit``, or all)."""
        match = await self.live(channel_id)
        return match, await self.log_lines(match, limit)

    async def log_lines(self, match: Match, limit: int | None = None) -> list[str]:
        """The public lines of a match's log, oldest first: the last ``limit`` steps', or all."""
        rows = await (
            self.store.action_log(match.id) if limit is None else self.store.actions(match.id, limit)
        )
        lines = []
        for row in rows:
            for ev in row.events:
                if "private_to" not in ev and ev.get("text"):
                    lines.append(format_event(ev["text"], match.shown_names))
        return lines if limit is None else lines[-limit:]

    async def finished_match(self, channel_id: int, match_id: int | None = None) -> Match:
        """A finished match of this channel: the one named, or the latest."""
        if match_id is None:
            last = await self.store.finished_matches(channel_id, 1)
            if not last:
                raise ServiceError(T("No match has finished in this channel yet."))
            return last[0].match
        match = await self.store.get_match(match_id)
        if match is None or match.channel_id != channel_id:
            raise ServiceError(T("Match #{id} was not played in this channel.", id=match_id))
        if match.status != "finished":
            raise ServiceError(
                T("Match #{id} has not finished: only a finished match has a replay.", id=match_id)
            )
        return match

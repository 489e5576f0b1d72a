"""Seats and absence: resign, abandon, an AI holding an absent player's seat, taking it back."""

from __future__ import annotations

from bot.service.base import (
    ServiceBase,
    ServiceError,
    human_seats,
)
from bot.store import (
    Effect,
    Match,
    Seat,
    StaleVersion,
)
from games import GameState
from games.text import T


class Seats(ServiceBase):
    async def resign(self, channel_id: int, user_id: int) -> tuple[Match, list[int]]:
        """The player leaves the match; it ends, the best running score of the others wins (solo and
        co-op: it ends as a loss against the game, nobody wins)."""
        match = await self.live(channel_id)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "active":
                raise ServiceError(T("The match has not started; leave the lobby instead."))
            self.state_of(match)  # a damaged match is refused here
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError(T("You are not playing in this match."))
            state = self.state_of(match)
            scores = state.scores()
            others = [i for i in range(len(match.seats)) if i != seat]
            if state.solo or not others:
                # Solo and co-op (Iwari against the Void): the players are one side against the
                # game, and a resignation is that side's loss; nobody at the table wins.
                winners = []
            else:
                best = max(scores[i] for i in others)
                winners = [i for i in others if scores[i] == best]
            effect = Effect("final", {"resigned": seat, "winners": winners}, match.version)
            try:
                await self.store.end_match(
                    match.id,
                    "finished",
                    self._results(match, scores, winners),
                    self.clock(),
                    [effect],
                    expected_version=match.version,
                )
            except StaleVersion:
                raise ServiceError(T("The match moved on meanwhile; try again.")) from None
            match.status = "finished"
        self._changed_reminders()
        self._effects_recorded(match.id)
        return match, winners

    async def abandon(self, channel_id: int, user_id: int, can_manage: bool) -> Match:
        match = await self.live(channel_id)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status not in ("lobby", "active"):
                raise ServiceError(T("This match is already over."))
            if user_id != match.host_id and not can_manage:
                raise ServiceError(
                    T("Only the host or someone who can manage this channel can abandon the match.")
                )
            kind = "lobby" if match.status == "lobby" else "final"
            effect = Effect(kind, {"abandoned_by": user_id, "cancelled_by": user_id}, match.version)
            try:
                await self.store.end_match(match.id, "abandoned", [], self.clock(), [effect])
            except StaleVersion:
                raise ServiceError(T("This match is already over.")) from None
            match.status = "abandoned"
        self._changed_reminders()
        self._effects_recorded(match.id)
        return match

    @staticmethod
    def absent_seats(match: Match, state: GameState) -> list[int]:
        """The seats the match waits for that their players play themselves."""
        return human_seats(match, state.to_act())

    @staticmethod
    def _held(match: Match, seats: list[int], level: str = "quick") -> tuple[list[Seat], list[Seat]]:
        """The match's seats now and with an AI of ``level`` holding ``seats`` for their players."""
        old = [Seat(s.user_id, s.name, s.ai) for s in match.seats]
        new = [Seat(s.user_id, s.name, level if i in seats else s.ai) for i, s in enumerate(match.seats)]
        return old, new

    async def choose_for_absent(self, match_id: int, user_id: int, version: int, choice: str) -> list[int]:
        """One of the other players decides for the absent ones, once the match offers it (a
        reminder recorded the offer at this ``version``): ``ai``, an AI plays their seats until they
        come back with /match return; ``end``, the match ends without a result. Any one of the
        other players decides, the first to choose (compared on the version in the transaction).
        Returns the absent seats."""
        if choice not in ("ai", "end"):
            raise ServiceError(T("Choose to let an AI play the seat or to end the match."))
        async with self.lock(match_id):
            match = await self.get(match_id)
            absent = self.check_absent_choice(match, user_id, version)
            if choice == "ai":
                old, new = self._held(match, absent)
                effects = [
                    Effect("notice", {"takeover": absent, "by": user_id}, version),
                    Effect("board", {}, version),
                ]
                update = self.store.update_seats(
                    match.id, old, new, "active", self.clock(), effects, expected_version=version
                )
            else:
                effect = Effect("final", {"abandoned_by": user_id, "stalled": absent}, version)
                update = self.store.end_match(
                    match.id, "abandoned", [], self.clock(), [effect], expected_version=version
                )
            try:
                await update
            except StaleVersion:
                raise ServiceError(
                    T("The match moved on meanwhile: there is nothing to decide now.")
                ) from None
        self._changed_reminders()
        self._effects_recorded(match_id)
        return absent

    def check_absent_choice(self, match: Match, user_id: int, version: int) -> list[int]:
        """The absent seats, or a refusal saying why this person cannot choose for them now."""
        if match.status != "active":
            raise ServiceError(T("This match is over."))
        state = self.state_of(match)  # a damaged match is refused here
        absent = self.absent_seats(match, state)
        if match.stalled != version or match.version != version or not absent:
            raise ServiceError(
                T("The match moved on since this was offered: there is nothing to decide now.")
            )
        seat = match.seat_of(user_id)
        if seat in absent:
            raise ServiceError(T("The match waits for you: press Play to take your turn."))
        if seat is None:
            raise ServiceError(T("Only the other players of this match can choose."))
        return absent

    async def return_seat(self, channel_id: int, user_id: int) -> Match:
        match = await self.live(channel_id)
        async with self.lock(match.id):
            match = await self.get(match.id)
            if match.status != "active":
                raise ServiceError(T("This match is not being played."))
            self.state_of(match)  # a damaged match is refused here
            seat = match.held_seat_of(user_id)
            if seat is None:
                if match.seat_of(user_id) is not None:
                    raise ServiceError(T("You already play your seat yourself."))
                raise ServiceError(T("You have no seat in this match."))
            old = [Seat(s.user_id, s.name, s.ai) for s in match.seats]
            match.seats[seat].ai = None
            reminder = await self._reminder_for(match, match.version)
            effects = [
                Effect("notice", {"returned": seat}, match.version),
                Effect("board", {}, match.version),
            ]
            try:
                await self.store.update_seats(
                    match.id, old, match.seats, "active", self.clock(), effects, reminder
                )
            except StaleVersion:
                raise ServiceError(T("The match changed meanwhile; try again.")) from None
        if reminder is not None:
            self._changed_reminders()
        self._effects_recorded(match.id)
        return match

"""Lobbies before the start: open (or rematch), join, AI players, leave, cancel, start."""

from __future__ import annotations

from collections.abc import Callable

from bot.names import plain
from bot.service.base import (
    MAX_OPEN_LOBBIES,
    LiveMatchExists,
    ServiceBase,
    ServiceError,
    human_seats,
)
from bot.steps import forced_steps
from bot.store import (
    ActionRow,
    ChannelBusy,
    CorruptRow,
    Effect,
    Match,
    Seat,
    StaleVersion,
)
from games import GameState, IllegalSetup
from games.rng import Rng
from games.text import N, T


class Lobbies(ServiceBase):
    async def new_lobby(
        self,
        game_key: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict | None = None,
    ) -> Match:
        game = self.game(game_key)
        try:
            options = game.normalise_options(options)
        except IllegalSetup as exc:
            raise ServiceError(*exc.args) from None
        async with self._channel_lock(("host", guild_id, host_id)), self._channel_lock(channel_id):
            await self._check_open_lobbies(guild_id, host_id)
            existing = await self.store.live_match(channel_id)
            if existing is not None:
                raise LiveMatchExists(existing)
            try:
                match = await self.store.create_match(
                    game.key,
                    guild_id,
                    channel_id,
                    host_id,
                    [Seat(host_id, plain(host_name))],
                    options,
                    self.seed_source(),
                    self.clock(),
                    [Effect("lobby")],
                    expires_at=await self._expiry_of(channel_id),
                )
            except ChannelBusy:
                existing = await self.store.live_match(channel_id)
                if existing is None:
                    raise
                raise LiveMatchExists(existing) from None
        self._effects_recorded(match.id)
        self._changed_reminders()  # the lobby's expiry is on the reminders' schedule
        return match

    async def _check_open_lobbies(self, guild_id: int | None, host_id: int) -> None:
        """A person hosts at most ``MAX_OPEN_LOBBIES`` lobbies in a server at once (each may open a
        thread and blocks its channel until it starts or is cancelled)."""
        if guild_id is None:
            return
        hosted = [
            m
            for m in await self.store.live_matches_in(guild_id)
            if m.status == "lobby" and m.host_id == host_id
        ]
        if len(hosted) >= MAX_OPEN_LOBBIES:
            raise ServiceError(
                N(
                    "You already host {n} open lobby in this server, the most at once: "
                    "start or cancel one of them first.",
                    "You already host {n} open lobbies in this server, the most at once: "
                    "start or cancel one of them first.",
                    len(hosted),
                )
            )

    async def rematch(self, match_id: int, user_id: int, name: str) -> Match:
        """After a finished match: a new lobby in the same channel with the same players and options.

        The person who asks hosts it (they played in the match) and starts it as usual; the seats
        an AI held for an absent player go back to that player, AI players stay.
        """
        old = await self.get(match_id)
        if old.status != "finished":
            raise ServiceError(T("A rematch is offered once the match is over."))
        if all(s.user_id != user_id for s in old.seats):
            raise ServiceError(T("Only the players of this match can ask for a rematch."))
        host = next(s for s in old.seats if s.user_id == user_id)
        seats = [Seat(user_id, plain(name))]
        seats += [
            Seat(s.user_id, s.name, s.ai if s.user_id is None else None) for s in old.seats if s is not host
        ]
        async with self._channel_lock(("host", old.guild_id, user_id)), self._channel_lock(old.channel_id):
            await self._check_open_lobbies(old.guild_id, user_id)
            existing = await self.store.live_match(old.channel_id)
            if existing is not None:
                raise LiveMatchExists(existing)
            try:
                match = await self.store.create_match(
                    old.game,
                    old.guild_id,
                    old.channel_id,
                    user_id,
                    seats,
                    dict(old.options),
                    self.seed_source(),
                    self.clock(),
                    [Effect("lobby")],
                    expires_at=await self._expiry_of(old.channel_id),
                )
            except ChannelBusy:
                existing = await self.store.live_match(old.channel_id)
                if existing is None:
                    raise
                raise LiveMatchExists(existing) from None
        self._effects_recorded(match.id)
        self._changed_reminders()
        return match

    async def _lobby(self, match_id: int, damaged_ok: bool = False) -> Match:
        match = await self.get(match_id)
        if match.status != "lobby":
            raise ServiceError(T("This lobby is closed: the match has started or was cancelled."))
        if match.damaged and not damaged_ok:  # its seats or options cannot be read: cancel it only
            raise CorruptRow(f"lobby {match.id} has damaged seats or options")
        return match

    async def _change_lobby(self, match_id: int, change: Callable[[Match], None]) -> Match:
        """Apply ``change`` to the lobby's seats and save it, redoing it if another click won."""
        async with self.lock(match_id):
            for _i in range(20):
                match = await self._lobby(match_id)
                old = [Seat(s.user_id, s.name, s.ai) for s in match.seats]
                change(match)
                try:
                    await self.store.update_seats(
                        match.id, old, match.seats, "lobby", self.clock(), [Effect("lobby")]
                    )
                except StaleVersion:
                    continue  # another process changed the lobby: look again
                self._effects_recorded(match.id)
                return match
        raise ServiceError(T("The lobby is busy; try again."))

    async def join(self, match_id: int, user_id: int, name: str) -> Match:
        def change(match: Match) -> None:
            game = self.game(match.game)
            if match.seat_of(user_id) is not None:
                raise ServiceError(T("You are already in this lobby."))
            most = max(game.counts_for(match.options) or game.player_counts)
            if len(match.seats) >= most:
                raise ServiceError(
                    N("The lobby is full ({n} player).", "The lobby is full ({n} players).", most)
                )
            match.seats.append(Seat(user_id, plain(name)))

        return await self._change_lobby(match_id, change)

    async def add_ai(self, match_id: int, user_id: int, level: str) -> Match:
        """The host adds a computer player of the given level to the lobby."""
        from games.ai import LEVELS

        if level not in LEVELS:
            raise ServiceError(T("There is no AI level {level}.", level=repr(level)))

        def change(match: Match) -> None:
            game = self.game(match.game)
            if user_id != match.host_id:
                raise ServiceError(T("Only the host can add AI players."))
            most = max(game.counts_for(match.options) or game.player_counts)
            if len(match.seats) >= most:
                raise ServiceError(
                    N("The lobby is full ({n} player).", "The lobby is full ({n} players).", most)
                )
            number = sum(1 for s in match.seats if s.ai is not None) + 1
            match.seats.append(Seat(None, f"AI {number} ({level})", ai=level))

        return await self._change_lobby(match_id, change)

    async def remove_ai(self, match_id: int, user_id: int) -> Match:
        def change(match: Match) -> None:
            if user_id != match.host_id:
                raise ServiceError(T("Only the host can remove AI players."))
            ais = [i for i, s in enumerate(match.seats) if s.ai is not None]
            if not ais:
                raise ServiceError(T("There is no AI player in this lobby."))
            del match.seats[ais[-1]]

        return await self._change_lobby(match_id, change)

    async def leave(self, match_id: int, user_id: int) -> Match:
        def change(match: Match) -> None:
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError(T("You are not in this lobby."))
            if user_id == match.host_id:
                raise ServiceError(T("The host cannot leave; cancel the lobby instead."))
            del match.seats[seat]

        return await self._change_lobby(match_id, change)

    async def cancel(self, match_id: int, user_id: int, can_manage: bool) -> Match:
        async with self.lock(match_id):
            match = await self._lobby(match_id, damaged_ok=True)
            if user_id != match.host_id and not can_manage:
                raise ServiceError(T("Only the host (or someone who can manage the channel) can cancel."))
            try:
                await self.store.end_match(
                    match.id, "abandoned", [], self.clock(), [Effect("lobby", {"cancelled_by": user_id})]
                )
            except StaleVersion:
                raise ServiceError(
                    T("This lobby is closed: the match has started or was cancelled.")
                ) from None
            match.status = "abandoned"
        self._effects_recorded(match.id)
        return match

    async def start(self, match_id: int, user_id: int) -> tuple[Match, GameState]:
        async with self.lock(match_id):
            match = await self._lobby(match_id)
            game = self.game(match.game)
            if user_id != match.host_id:
                raise ServiceError(T("Only the host can start the match."))
            n = len(match.seats)
            if n not in game.player_counts:
                lo, hi = min(game.player_counts), max(game.player_counts)
                raise ServiceError(
                    T(
                        "{game} needs {lo} to {hi} players; the lobby has {n}.",
                        game=game.title,
                        lo=lo,
                        hi=hi,
                        n=n,
                    )
                )
            seats = list(match.seats)
            Rng(match.seed ^ 0x5EA75).shuffle(seats)  # seat order comes from the match seed
            try:
                state = game.new_state(n, match.seed, match.options)
            except IllegalSetup as exc:
                raise ServiceError(*exc.args) from None
            now = self.clock()
            forced = [
                ActionRow(i + 1, seat, None, action, events, now)
                for i, (seat, action, events) in enumerate(forced_steps(state))
            ]
            match.seats, match.status, match.version = seats, "active", len(forced)
            match.state = state.to_json()
            reminder = await self._reminder_for(match, match.version)
            ping = human_seats(match, state.to_act())
            effects = [Effect("lobby"), Effect("board", {"mention": True, "ping": ping}, match.version)]
            try:
                await self.store.start_match(match.id, seats, match.state, reminder, now, effects, forced)
            except StaleVersion:
                raise ServiceError(
                    T("This lobby is closed: the match has started or was cancelled.")
                ) from None
            self._remember((match.id, match.version), state)
        self._changed_reminders()
        self._effects_recorded(match.id)
        return match, state

"""Play: a person's or an AI's action (joined choices and the forced steps after it), undo, saving a move."""

from __future__ import annotations

import json
import logging

from bot import merge
from bot.mentions import slash
from bot.service.base import (
    Outcome,
    ServiceBase,
    ServiceError,
    StaleClick,
    human_seats,
)
from bot.steps import forced_steps
from bot.store import (
    ActionRow,
    CorruptRow,
    Effect,
    Match,
    Move,
    Result,
    StaleVersion,
    StoreBusy,
)
from games import GameState, IllegalAction
from games.text import T

log = logging.getLogger(__name__)


class Moves(ServiceBase):
    @staticmethod
    def seat_for_user(match: Match, user_id: int) -> int:
        """The seat this person plays, or a refusal that says why they cannot act."""
        if match.damaged:  # its seats may be unreadable (left empty): say what is wrong
            raise CorruptRow(f"match {match.id} is damaged")
        seat = match.seat_of(user_id)
        if seat is None:
            if match.held_seat_of(user_id) is not None:
                raise ServiceError(
                    T(
                        "An AI is playing your seat; take it back with {command}.",
                        command=slash("match return"),
                    )
                )
            raise ServiceError(T("You are not playing in this match."))
        return seat

    async def act(self, match_id: int, user_id: int, version: int, action_id: str) -> Outcome:
        """A person acts through a button made for ``version`` of the match."""
        return await self._act(
            match_id, lambda match: self.seat_for_user(match, user_id), user_id, version, action_id
        )

    async def act_ai(self, match_id: int, seat: int, version: int, action_id: str) -> Outcome:
        """A computer seat acts (an AI player, or an AI holding an absent player's seat)."""

        def seat_for(match: Match) -> int:
            if not 0 <= seat < len(match.seats) or match.seats[seat].ai is None:
                raise ServiceError(T("That seat is not played by an AI."))
            return seat

        return await self._act(match_id, seat_for, None, version, action_id)

    async def _act(self, match_id, seat_for, user_id, version, action_id) -> Outcome:
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise ServiceError(
                    T("This match is over.") if match.status != "lobby" else T("The match has not started.")
                )
            seat = seat_for(match)
            if version != match.version:
                raise StaleClick(match)
            state = self.state_of(match)
            before = state.to_act()
            if seat not in before:
                raise ServiceError(T("It is not your turn."))
            work = self.game(match.game).load_state(match.state)  # the cached state stays untouched
            # A joined choice (bot/merge.py) is several steps of this seat, each logged as its own
            # action with the forced steps after it, all in this one transaction. The steps after
            # the first are logged like forced ones (no user, events marked "joined"): Undo takes
            # back the whole click.
            steps: list[tuple[int, str, int | None, list[dict], bool]] = []  # ..., forced
            path = merge.split(action_id)
            try:
                # Joined as bot/merge.py joins (a click's id is the client's word): at most
                # MAX_DEPTH steps, each but the last revealing nothing and leaving the turn here.
                if len(path) > merge.MAX_DEPTH:
                    raise IllegalAction(T("That move is not available any more."))
                for n, step in enumerate(path):
                    if n and (seat not in work.to_act() or not work.undoable(seat)):
                        raise IllegalAction(T("That move is not available any more."))
                    events = work.apply(seat, step)
                    if n:
                        events = [dict(e, joined=True) for e in events]
                    steps.append((seat, step, None if n else user_id, events, False))
                    steps += [(s, a, None, ev, True) for s, a, ev in forced_steps(work)]
            except IllegalAction as exc:
                raise ServiceError(*exc.args) from None
            outcome = await self._save(match, work, seat, steps, before, state.view(None))
        self._effects_recorded(match_id)
        return outcome

    async def undo(self, match_id: int, user_id: int, version: int) -> Outcome:
        """Take back the person's last decision (a whole joined choice, bot/merge.py), with the
        forced steps that followed it: a step within their turn, or the step that ended it while
        nobody else has decided since.

        Allowed while the engine says so (``undoable``: nothing revealed since, no other seat's
        decision). The log stays the one truth: the steps are deleted and the state is rebuilt
        from the seed and the log without them, checked step by step; the version still rises,
        so every button shown before (an Undo included) is stale. When the step had passed the
        turn, the board is shown at once and the players it had called are told no more.
        """
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise ServiceError(T("This match is not being played."))
            seat = self.seat_for_user(match, user_id)
            if version != match.version:
                raise StaleClick(match)
            state = self.state_of(match)
            if not state.undoable(seat):
                raise ServiceError(self._why_not_undoable(state, seat))
            rows = await self.store.action_log(match.id)
            mine = [i for i, r in enumerate(rows) if r.seat == seat and r.user_id == user_id]
            cut = mine[-1] if mine else None
            # Only steps without a choice (forced, of any seat) and the later steps of the same
            # click (a joined choice) may follow the step taken back: another person's move, or an
            # AI's, is not this person's to undo.
            if cut is None or any(
                r.user_id is not None
                or not all(e.get("forced") or (e.get("joined") and r.seat == seat) for e in r.events)
                for r in rows[cut + 1 :]
            ):
                raise ServiceError(T("There is nothing of yours to undo in this turn."))
            before = self._rebuild(match, rows[:cut], rows[cut:], seat)
            now = self.clock()
            new_version = match.version + 1
            reminder = await self._reminder_for(match, new_version)
            called = [s for s in state.to_act() if s not in before.to_act()]
            if called or seat not in state.to_act():
                # The step had passed the turn: the board and the "your turn" message say at once
                # whose turn it is again, and those it had called are told no more.
                payload = {"mention": True, "undo": seat, "withdraw": human_seats(match, called)}
            else:
                payload = {"step": True, "undo": seat}
            effects = [Effect("board", payload, new_version)]
            data = before.to_json()
            try:
                await self.store.undo_move(
                    match.id, match.version, rows[cut].version, data, reminder, now, effects
                )
            except StaleVersion:
                fresh = await self.store.get_match(match.id)
                raise StaleClick(fresh or match) from None
            match.state, match.version = data, new_version
            self._remember((match.id, new_version), before)
        self._changed_reminders()
        self._effects_recorded(match_id)
        undone = [e for r in rows[cut:] for e in r.events]
        return Outcome(match, before, seat, undone, state.to_act(), len(rows) - cut - 1)

    @staticmethod
    def _why_not_undoable(state: GameState, seat: int) -> str:
        if state.is_over():
            return T("The game is over: nothing can be undone.")
        return T(
            "Your last step cannot be undone: something new was shown since (a card, a draw, a "
            "random event), or another player has played since."
        )

    def _rebuild(self, match: Match, kept: list[ActionRow], undone: list[ActionRow], seat: int) -> GameState:
        """The state after ``kept`` (replayed from the seed), checking that replaying ``undone`` on
        it gives back the saved state and that none of those steps revealed anything."""
        game = self.game(match.game)
        state = game.new_state(len(match.seats), match.seed, match.options)
        try:
            for row in kept:
                state.apply(row.seat, row.action)
            before = state.copy()
            for row in undone:
                state.apply(row.seat, row.action)
                if not state.undoable(seat):
                    raise ServiceError(T("Those steps showed something new: they cannot be undone."))
        except IllegalAction as exc:
            log.error("match %s: the log does not replay (%s)", match.id, exc)
            raise ServiceError(T("This match's log does not replay: it cannot be undone.")) from None
        if json.loads(json.dumps(state.to_json())) != match.state:
            log.error("match %s: the replayed log differs from the saved state", match.id)
            raise ServiceError(T("This match's log does not replay: it cannot be undone."))
        return before

    async def _save(self, match, state, seat, steps, before, public_before) -> Outcome:
        now = self.clock()
        rows = [
            ActionRow(match.version + 1 + n, s, user, action, events, now)
            for n, (s, action, user, events, _forced) in enumerate(steps)
        ]
        new_version = rows[-1].version
        results: list[Result] = []
        status = "active"
        reminder = None
        if state.is_over():
            status = "finished"
            results = self._results(match, state.scores(), state.winners())
        else:
            reminder = await self._reminder_for(match, new_version)
        after = state.to_act()
        if status == "finished":
            effects = [Effect("final", {}, new_version)]
        elif after != before:
            ping = human_seats(match, [s for s in after if s not in before])
            effects = [Effect("board", {"mention": True, "ping": ping}, new_version)]
        elif state.view(None) != public_before:
            # A public step within a turn: the board is edited once the player pauses or the turn passes.
            effects = [Effect("board", {"step": True}, new_version)]
        else:
            effects = []  # a private step within a turn: only the player's panel shows it
        data = state.to_json()
        move = Move(
            match.id, match.version, data, rows[0], status, reminder, results, effects, forced=rows[1:]
        )
        try:
            await self.store.save_move(move, now)
        except StaleVersion:
            fresh = await self.store.get_match(match.id)
            raise StaleClick(fresh or match) from None
        except StoreBusy as exc:
            # The connection dropped or the client gave up around the COMMIT: the move may be in.
            # Read it back; if it is, it is a success like any other (the caller kicks the writer).
            if not exc.ambiguous or not await self._saved(match, rows[0]):
                if exc.ambiguous and exc.settled:  # read back when the server was done: not in
                    raise StoreBusy(f"the move was not saved: {exc}") from exc
                raise
            log.warning(
                "match %s: the move to version %s was saved after all (%s)", match.id, new_version, exc
            )
        match.state, match.version, match.status = data, new_version, status
        self._remember((match.id, new_version), state)
        self._changed_reminders()
        all_events = [e for *_step, events, _forced in steps for e in events]
        return Outcome(match, state, seat, all_events, before, sum(1 for *_step, forced in steps if forced))

    async def _saved(self, match: Match, row: ActionRow) -> bool:
        """Whether the action ``row`` (the first of a move from ``match.version``) is in the database."""
        try:
            fresh = await self.store.get_match(match.id)
            if fresh is None or fresh.version < row.version:
                return False
            rows = await self.store.actions(match.id, fresh.version - match.version)
        except StoreBusy as exc:
            raise StoreBusy(f"the move could not be confirmed: {exc}", ambiguous=True) from exc
        first = next((r for r in rows if r.version == row.version), None)
        return first is not None and (first.seat, first.user_id, first.action, first.created_at) == (
            row.seat,
            row.user_id,
            row.action,
            row.created_at,
        )

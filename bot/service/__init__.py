"""The match service: the one place that changes a match.

Acting on a match loads it, checks the user's seat and the version the button
was made for, applies the action through the engine, and saves the new state,
the action, the next reminder and the Discord effects the change needs (the
outbox: board, final result, lobby, notices) in one transaction, with a
compare-and-set on the version, before anything is answered. The store's
compare-and-set is the arbiter between processes; the per-match lock only
saves this process work. The cogs only translate Discord to these calls, and
deliver the effects from what the database says.
"""

from __future__ import annotations

from bot.service.base import (
    DEFAULT_LOBBY_EXPIRY,
    DEFAULT_REMINDER_DELAY,
    MAX_LOBBY_EXPIRY,
    MAX_OPEN_LOBBIES,
    MAX_REMINDER_DELAY,
    MAX_REMINDERS,
    MIN_LOBBY_EXPIRY,
    MIN_REMINDER_DELAY,
    STATE_CACHE,
    TURN_PINGS,
    LiveMatchExists,
    Outcome,
    ServiceBase,
    ServiceError,
    StaleClick,
    format_event,
    human_seats,
)
from bot.service.lobbies import Lobbies
from bot.service.moves import Moves
from bot.service.reading import Reading
from bot.service.reminders import Reminders
from bot.service.seats import Seats
from bot.service.settings import Settings
from bot.steps import forced_steps

__all__ = [
    "DEFAULT_LOBBY_EXPIRY",
    "DEFAULT_REMINDER_DELAY",
    "MAX_LOBBY_EXPIRY",
    "MAX_OPEN_LOBBIES",
    "MAX_REMINDERS",
    "MAX_REMINDER_DELAY",
    "MIN_LOBBY_EXPIRY",
    "MIN_REMINDER_DELAY",
    "STATE_CACHE",
    "TURN_PINGS",
    "LiveMatchExists",
    "MatchService",
    "Outcome",
    "ServiceBase",
    "ServiceError",
    "StaleClick",
    "forced_steps",
    "format_event",
    "human_seats",
]


class MatchService(Lobbies, Moves, Reminders, Seats, Reading, Settings):
    """The one object the cogs, the tests and the benches use: each concern is a module of
    this package (a class of it, all on ``ServiceBase``)."""

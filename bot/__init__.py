"""The bot process: configuration, storage, the match service and reminders."""

from bot.core import GameBot, create_bot

__all__ = ["GameBot", "create_bot"]

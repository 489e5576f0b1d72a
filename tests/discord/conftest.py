"""The SimCord fixtures of the Discord tests.

``locales``: SimCord 3.2.1 sends every interaction as ``en-US`` (the person's ``locale`` and the
server's ``guild_locale``); this wraps its payload building (``simcord.interactions.base_payload``,
which every actor's command, click and modal submit goes through) so a test gives each person and
each server a Discord locale of its own (issue 35).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
import simcord.actors


@dataclass
class Locales:
    users: dict[int, str] = field(default_factory=dict)
    guilds: dict[int, str] = field(default_factory=dict)

    def user(self, member, locale: str) -> None:
        """``member``'s interactions say ``locale`` (e.g. ``fr``, ``en-XA``)."""
        self.users[member.id] = locale

    def guild(self, guild, locale: str) -> None:
        """The server's preferred locale, as its interactions give it."""
        self.guilds[guild.id] = locale


@pytest.fixture
def locales(monkeypatch) -> Locales:
    chosen = Locales()
    build = simcord.actors._interactions.base_payload

    def base_payload(backend, *, user_id, guild_id, **kwargs):
        record, payload = build(backend, user_id=user_id, guild_id=guild_id, **kwargs)
        if user_id in chosen.users:
            payload["locale"] = chosen.users[user_id]
        if guild_id is not None and guild_id in chosen.guilds:
            payload["guild_locale"] = chosen.guilds[guild_id]
        return record, payload

    monkeypatch.setattr(simcord.actors._interactions, "base_payload", base_payload)
    return chosen

"""/settings and /notifications check every option before saving any: a malformed one is answered
privately with what to write, and nothing of the command is saved."""

from __future__ import annotations

from simcord.actors import (
    AppCommandType,
    InteractionType,
    _dispatch_actor_interaction,
    _resolve_visible_command,
)

from bot.service import DEFAULT_REMINDER_DELAY
from tests.discord.helpers import make_world
from tests.discord.test_async_play import moderator


async def test_a_malformed_settings_option_saves_nothing(simcord_env):
    world = await make_world(simcord_env, 2)
    mod = await moderator(world)
    store = world.bot.store
    cases = [
        ({"delay": "soon", "enabled": False, "takeover": True}, "Write the delay like 30m, 12h or 2d"),
        ({"delay": "5m", "threads": True, "lobby_expiry": "2h"}, "between 10 minutes and 7 days"),
        ({"delay": "2h", "enabled": False, "lobby_expiry": "tomorrow"}, "Write the delay like"),
        ({"takeover": True, "lobby_expiry": "1m"}, "between 10 minutes and 30 days"),
        ({"delay": "1h30x"}, "Write the delay like"),
        ({"delay": "99999999d", "enabled": False}, "between 10 minutes and 7 days"),
        ({"delay": "9" * 309 + "m", "threads": True}, "between 10 minutes and 7 days"),  # no OverflowError
        ({"lobby_expiry": "9" * 400 + ".5d"}, "between 10 minutes and 30 days"),
        ({"lobby_expiry": "0.0001m", "takeover": True}, "between 10 minutes and 30 days"),  # not "never"
    ]
    for options, words in cases:
        result = await mod.slash(world.channel, "settings", **options)
        assert result.ephemeral and words in result.response.content, (options, result.response.content)
        assert await store.channel_settings(world.channel.id) is None, f"nothing saved for {options}"
    # The same options well formed are saved together.
    ok = await mod.slash(world.channel, "settings", delay="2h", enabled=False, lobby_expiry="3h")
    assert ok.ephemeral and "**off**, after 2 hours" in ok.response.content
    saved = await store.channel_settings(world.channel.id)
    assert (saved.reminder_delay, saved.reminders_enabled, saved.lobby_expiry) == (7200, False, 3 * 3600)
    # A malformed change now leaves those as they are.
    await mod.slash(world.channel, "settings", delay="3h", enabled=True, lobby_expiry="forever")
    again = await store.channel_settings(world.channel.id)
    assert (again.reminder_delay, again.reminders_enabled, again.lobby_expiry) == (7200, False, 3 * 3600)
    assert saved.reminder_delay != DEFAULT_REMINDER_DELAY


async def notifications(member, channel, **options):
    """/notifications as a forged payload shows it: option values Discord's own choices would refuse."""
    root = _resolve_visible_command(member, channel.id, "notifications", AppCommandType.CHAT_INPUT)
    data = {
        "id": root["id"],
        "name": root["name"],
        "type": AppCommandType.CHAT_INPUT,
        "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()],
    }
    return await _dispatch_actor_interaction(member, InteractionType.APPLICATION_COMMAND, channel, data)


async def test_a_forged_notifications_option_saves_nothing(simcord_env):
    world = await make_world(simcord_env, 1)
    (alice,) = world.players
    store = world.bot.store
    result = await notifications(alice, world.channel, turn="dm", reminders="everywhere")
    assert result.ephemeral and "Choose where your reminders come" in result.response.content
    assert (await store.turn_pings([alice.id]))[alice.id] == "channel", "the valid option is not saved either"
    result = await notifications(alice, world.channel, turn="loudly", reminders="dm")
    assert result.ephemeral and "Choose how you are told" in result.response.content
    assert not await store.dm_reminders(alice.id)
    ok = await alice.slash(world.channel, "notifications", turn="dm", reminders="dm")
    assert "direct message" in ok.response.content
    assert (await store.turn_pings([alice.id]))[alice.id] == "dm" and await store.dm_reminders(alice.id)

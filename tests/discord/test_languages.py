"""Who reads which language (issue 35), through SimCord with the ``locales`` fixture: what one
person sees is in their Discord locale, what the channel sees in the channel's language
(``/settings language``, else the server's), a DM in its reader's last locale.

``en-XA`` is the pseudo-language (rendering/i18n.py): every translated word accented and padded
with "·". The panel's and the board's own words are converted by other parts of issue 35, so the
language each is built in is read where it is built (``Panels.build``, ``Messages.board_message``,
``Messages.lobby_message``), and the words of this part (settings, refusals, reminders) are read
as Discord shows them.
"""

from __future__ import annotations

import math

import discord
import pytest

from bot.mentions import slash
from cogs.components import jump_url
from cogs.messages import Messages
from cogs.panel import Panels
from cogs.settings import turn_ping_words
from rendering import i18n
from rendering.i18n import _, _n, language, pseudo
from tests.discord.helpers import board_message, live, make_world, member_of, start_match
from tests.discord.test_settings_input import notifications as forged_notifications


@pytest.fixture
def built_in(monkeypatch):
    """The language of the moment each time a board, a lobby or a panel is built."""
    seen: dict[str, list[str]] = {"board": [], "lobby": [], "panel": []}
    board, lobby, panel = Messages.board_message, Messages.lobby_message, Panels.build

    async def board_message(self, *args, **kwargs):
        seen["board"].append(i18n.current())
        return await board(self, *args, **kwargs)

    def lobby_message(self, *args, **kwargs):
        seen["lobby"].append(i18n.current())
        return lobby(self, *args, **kwargs)

    async def build(self, *args, **kwargs):
        seen["panel"].append(i18n.current())
        return await panel(self, *args, **kwargs)

    monkeypatch.setattr(Messages, "board_message", board_message)
    monkeypatch.setattr(Messages, "lobby_message", lobby_message)
    monkeypatch.setattr(Panels, "build", build)
    return seen


def notifications_text(code: str, ping: str = "channel", dm: bool = False) -> str:
    with language(code):
        where = (
            _("Your reminders come by direct message.") if dm else _("Your reminders come in the channel.")
        )
        return _("Your turn: {how}.", how=turn_ping_words(ping)) + "\n" + where


async def test_a_person_in_the_pseudo_language_is_answered_in_it_and_the_english_channel_stays_english(
    simcord_env, locales, built_in
):
    world = await make_world(simcord_env, 2)
    alice, bob = world.players
    locales.user(alice, "en-XA")  # not a discord.Locale member: kept as an unknown value
    locales.guild(world.guild, "en-US")
    assert i18n.normalize(discord.enums.try_enum(discord.Locale, "en-XA")) == i18n.PSEUDO

    answer = await alice.slash(world.channel, "notifications")
    assert answer.response.content == notifications_text(i18n.PSEUDO) != notifications_text("en")
    assert "·" in answer.response.content
    refused = await forged_notifications(alice, world.channel, turn="loudly")
    assert refused.response.content == pseudo("Choose how you are told it is your turn: channel, mute or dm.")
    english = await bob.slash(world.channel, "notifications")
    assert english.response.content == notifications_text("en")
    assert i18n.current() == "en"  # nothing leaked into the test's task (the gateway's here)

    await start_match(world, "ikenokoi", 2)  # alice hosts: her clicks, then the writer's posts
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    who = member_of(world, match, seat)
    await who.click(board_message(world), label="Play")
    assert built_in["lobby"] and set(built_in["lobby"]) == {"en"}
    assert built_in["board"] and set(built_in["board"]) == {"en"}
    assert built_in["panel"][-1] == (i18n.PSEUDO if who.id == alice.id else "en")


async def test_the_channel_follows_the_server_locale_until_settings_language_chooses(
    simcord_env, locales, built_in
):
    world = await make_world(simcord_env, 2)
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = world.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    locales.guild(world.guild, "en-XA")  # the server prefers the pseudo-language; the players English
    await start_match(world, "ikenokoi", 2)
    assert await world.bot.store.guild_locale(world.guild.id) == "en-XA"
    assert built_in["board"][-1] == i18n.PSEUDO and built_in["lobby"][-1] == i18n.PSEUDO

    shown = await mod.slash(world.channel, "settings", language="en")
    assert "**English**" in shown.response.content
    assert (await world.bot.store.channel_settings(world.channel.id)).language == "en"
    await mod.slash(world.channel, "match board")  # the next post
    await world.bot.table.writer.idle()
    assert built_in["board"][-1] == "en"

    back = await mod.slash(world.channel, "settings", language="default")
    assert (await world.bot.store.channel_settings(world.channel.id)).language is None
    assert "Pseudo (en-XA)" in back.response.content
    await simcord_env.advance_time(120)  # the board command's cooldown
    await mod.slash(world.channel, "match board")
    await world.bot.table.writer.idle()
    assert built_in["board"][-1] == i18n.PSEUDO


async def test_a_reminder_by_dm_is_in_its_reader_s_last_locale(simcord_env, locales):
    world = await make_world(simcord_env, 2)
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = world.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    await mod.slash(world.channel, "settings", delay="1h")
    for p in world.players:
        locales.user(p, "en-XA")
        await p.slash(world.channel, "notifications", reminders="dm")
        assert await world.bot.store.user_locale(p.id) == "en-XA"
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = member_of(world, match, seat)
    await simcord_env.advance_time(3600 + 5)
    dms = [m for m in player.user.dm_channel.history() if f"#{match.id}" in (m.content or "")]
    assert len(dms) == 1
    match = await live(world)
    with language(i18n.PSEUDO):
        expected = _(
            "Reminder ({count}/3): it is your turn in {game} match #{id}. The board: {link}",
            count=1,
            game=world.bot.service.game(match.game).title,
            id=match.id,
            link=jump_url(match, match.board_message_id),
        )
    assert dms[0].content == expected and "·" in expected


async def test_a_notice_recorded_as_a_message_is_posted_in_the_channel_s_language(simcord_env, locales):
    """The outbox keeps a notice's message (``msg``) beside its English: the lobby's expiry is
    posted in the language the channel reads when it is delivered."""
    world = await make_world(simcord_env, 2)
    mods = world.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = world.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    locales.guild(world.guild, "en-XA")
    await mod.slash(world.channel, "settings", lobby_expiry="2h")
    await world.players[0].slash(world.channel, "kigi new")
    await simcord_env.advance_time(2 * 3600 + 60)
    assert await live(world) is None
    with language(i18n.PSEUDO):
        expected = _(
            "The {game} lobby closed itself: nobody started it within {after}. Open a new one with {command}.",
            game="Kigi",
            after=_n("{n} hour", "{n} hours", 2),
            command=slash("kigi new"),
        )
    assert expected in [m.content for m in world.channel.history()]


async def test_a_panel_the_writer_refreshes_stays_in_its_person_s_language(simcord_env, locales, built_in):
    """The writer (in the channel's language) refreshes a live panel when the turn comes to its
    player: the panel is drawn again in the language of the click that opened it."""
    world = await make_world(simcord_env, 2)
    for p in world.players:
        locales.user(p, "en-XA")
    await start_match(world, "ikenokoi", 2)
    match = await live(world)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = member_of(world, match, seat)
    await player.click(board_message(world), label="Play")
    assert built_in["panel"][-1] == i18n.PSEUDO
    built_in["panel"].clear()
    assert i18n.current() == "en"  # as in the writer's delivery of an English channel
    panels = world.bot.table.panels
    # Called here as the writer calls it; the token's lifetime is counted on SimCord's clock, which
    # this test's task does not run on.
    panels._live[(match.id, player.id)].expires = math.inf
    with simcord_env.time_context():
        await panels.refresh(match, [seat])
    assert built_in["panel"] == [i18n.PSEUDO]


async def test_a_match_thread_is_named_in_the_channel_s_language_not_its_host_s(simcord_env, locales):
    world = await make_world(simcord_env, 2)
    host = world.players[0]
    locales.user(host, "en-XA")  # the host reads the pseudo-language; the channel is English
    await host.slash(world.channel, "ikenokoi new", thread=True)
    (thread,) = world.channel.threads
    assert thread.name == "Ike No Koi with alice"

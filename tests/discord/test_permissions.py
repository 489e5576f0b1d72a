"""Permissions: a lobby only where the bot can post it, a thread only for who may open one, and
what is missing is named."""

from __future__ import annotations

import discord

from tests.discord.helpers import make_world


async def test_a_lobby_where_the_bot_cannot_post_is_refused_naming_the_permission(simcord_env):
    world = await make_world(simcord_env, 1)
    quiet = world.guild.create_text_channel(
        "quiet", overwrites={world.bot.user: discord.PermissionOverwrite(attach_files=False)}
    )
    refused = await world.players[0].slash(quiet, "ikenokoi new")
    assert refused.ephemeral and "Attach Files" in refused.response.content
    assert await world.bot.store.live_match(quiet.id) is None, "nothing was saved: the channel is free"


async def test_a_thread_needs_the_members_create_public_threads(simcord_env):
    world = await make_world(simcord_env, 1)
    everyone = world.guild.roles["@everyone"]
    channel = world.guild.create_text_channel(
        "no-threads", overwrites={everyone: discord.PermissionOverwrite(create_public_threads=False)}
    )
    refused = await world.players[0].slash(channel, "ikenokoi new", thread=True)
    assert (
        refused.ephemeral and "Create Public Threads" in (refused.response or refused.followups[-1]).content
    )
    assert await world.bot.store.live_match(channel.id) is None
    assert (await world.bot.store.live_matches_in(world.guild.id)) == [], "no lobby anywhere"
    opened = await world.players[0].slash(channel, "ikenokoi new")  # in the channel itself: fine
    assert opened.ephemeral and await world.bot.store.live_match(channel.id) is not None


async def test_a_forbidden_call_later_names_what_is_missing(simcord_env):
    world = await make_world(simcord_env, 1)
    channel = world.guild.create_text_channel(
        "no-threads-for-me",
        overwrites={world.bot.user: discord.PermissionOverwrite(create_public_threads=False)},
    )
    refused = await world.players[0].slash(channel, "ikenokoi new", thread=True)
    text = (refused.response or refused.followups[-1]).content
    assert "Create Public Threads" in text and "something went wrong" not in text


async def test_a_lobby_needs_the_members_send_messages_in_the_channel_or_thread(simcord_env):
    world = await make_world(simcord_env, 2)
    opener, muted = world.players
    channel = world.guild.create_text_channel(
        "muted",
        overwrites={muted: discord.PermissionOverwrite(send_messages=False, send_messages_in_threads=False)},
    )
    refused = await muted.slash(channel, "ikenokoi new")
    assert refused.ephemeral and "Send Messages" in refused.response.content
    assert await world.bot.store.live_match(channel.id) is None, "nothing was saved"
    # In a thread of that channel (opened by someone who may, then free again): Send Messages in Threads.
    await opener.slash(channel, "ikenokoi new", thread=True)
    (thread,) = channel.threads
    await opener.slash(thread, "match abandon")
    refused = await muted.slash(thread, "ikenokoi new")
    assert refused.ephemeral and "Send Messages in Threads" in refused.response.content
    assert await world.bot.store.live_match(thread.id) is None
    opened = await opener.slash(thread, "ikenokoi new")  # who may write there opens it
    assert opened.ephemeral and await world.bot.store.live_match(thread.id) is not None

"""Forged clicks: a button of another channel's match, and custom ids with numbers no button has."""

from __future__ import annotations

import copy
import json
import logging

from simcord.actors import (
    ChannelHandle,
    InteractionType,
    _dispatch_actor_interaction,
    _visible_message,
    serializers,
)

from tests.discord.helpers import (
    board_message,
    lobby_message,
    make_world,
    open_lobby,
    start_match,
)


async def forge(member, message, custom_id: str):
    """A click on ``message`` as a forged payload shows it: its first button's custom_id replaced by
    ``custom_id`` (Discord itself would refuse such a click)."""
    stored = _visible_message(member, message)
    backend = member._env.backend
    payload = copy.deepcopy(dict(serializers.message_payload(backend, stored)))
    first = _first_button(payload["components"])
    text = json.dumps(payload).replace(json.dumps(first), json.dumps(custom_id))
    channel = ChannelHandle(member._env, member.guild, backend.get_channel(stored.channel_id))
    return await _dispatch_actor_interaction(
        member,
        InteractionType.MESSAGE_COMPONENT,
        channel,
        {"custom_id": custom_id, "component_type": 2},
        extra={"message": json.loads(text)},
        source_message_id=stored.id,
    )


def _first_button(components) -> str:
    for c in components:
        if c.get("type") == 2 and c.get("custom_id"):
            return c["custom_id"]
        for key in ("components", "accessory"):
            inner = c.get(key)
            inner = [inner] if isinstance(inner, dict) else inner or []
            found = _first_button(inner)
            if found:
                return found
    return ""


async def test_a_lobby_button_of_another_channels_match_is_refused(simcord_env):
    world = await make_world(simcord_env, 3)
    host, other, forger = world.players
    lobby_a = await open_lobby(world, host, "ikenokoi")
    match_a = await world.bot.store.live_match(world.channel.id)
    elsewhere = world.guild.create_text_channel("elsewhere")
    await other.slash(elsewhere, "ikenokoi new")
    lobby_b = lobby_message(world, elsewhere)
    for custom_id in (f"lb:join:{match_a.id}", f"la:{match_a.id}", f"rm:{match_a.id}", f"rp:{match_a.id}"):
        refused = await forge(forger, lobby_b, custom_id)
        assert refused.ephemeral and "not played here" in refused.response.content, custom_id
    assert [s.user_id for s in (await world.bot.store.get_match(match_a.id)).seats] == [host.id]
    joined = await forger.click(lobby_a, label="Join")  # the real button, where it is shown
    assert joined.acknowledged


async def test_custom_ids_with_long_or_foreign_digits_are_not_ours(simcord_env, caplog):
    caplog.set_level(logging.WARNING)
    world = await make_world(simcord_env, 2)
    lobby = await open_lobby(world, world.players[0], "ikenokoi")
    for custom_id in ("lb:join:" + "9" * 30, "lb:join:\u0661\u0662", "bd:play:1:" + "9" * 40):
        await forge(world.players[1], lobby, custom_id)
    assert not [r for r in caplog.records if r.exc_info or "Overflow" in r.getMessage()]
    match = await world.bot.store.live_match(world.channel.id)
    assert len(match.seats) == 1


async def test_a_forged_joined_choice_is_refused_privately_without_a_traceback(simcord_env, caplog):
    caplog.set_level(logging.WARNING)
    world = await make_world(simcord_env, 2)
    await start_match(world, "ikenokoi", 2)
    match = await world.bot.store.live_match(world.channel.id)
    seat = world.bot.service.state_of(match).to_act()[0]
    player = next(p for p in world.players if p.id == match.seats[seat].user_id)
    prefix = f"ac:{match.id}:{match.version}:"
    twenty = "/".join(["draw"] * 20)  # 99 characters with the prefix: longer than any action id
    short = "/".join(["d"] * 20)  # as short as a real one, but 20 steps: more than a choice joins
    for custom_id in (prefix + twenty, prefix + short, prefix + "draw/" + "\u00e9"):
        refused = await forge(player, board_message(world), custom_id)
        assert refused.ephemeral and "not a choice your panel offered" in refused.response.content, custom_id
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    assert (await world.bot.store.live_match(world.channel.id)).version == match.version, "nothing saved"

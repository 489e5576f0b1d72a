"""Driving the real bot through SimCord: a server, players, and clicks through the panel."""

from __future__ import annotations

import random
from dataclasses import dataclass

import discord
import pytest

from bot.core import GameBot


@dataclass
class World:
    env: object
    bot: GameBot
    guild: object
    channel: object
    players: list


async def make_world(
    env, n_players: int = 3, names=("alice", "bob", "carol", "dave", "erin", "frank")
) -> World:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in names[:n_players]]
    await env.bot.tree.sync()
    return World(env, env.bot, guild, channel, players)


def _leaves(raw: dict) -> list[dict]:
    kids = raw.get("components")
    out = [raw] if kids is None else []
    for kid in kids or []:
        out.extend(_leaves(kid))
    if raw.get("accessory"):
        out.extend(_leaves(raw["accessory"]))
    return out


def components(message) -> list[dict]:
    """Every leaf component (button, select, text, gallery) of a message as raw dicts, flattened:
    the rows of a classic message or the nested containers of a Components V2 one."""
    out = []
    for row in message.components:
        out.extend(_leaves(row if isinstance(row, dict) else row.to_dict()))
    return out


def texts(message) -> list[str]:
    """The message's content and the text displays of its layout."""
    return [message.content or ""] + [c["content"] for c in components(message) if c.get("type") == 10]


def text(message) -> str:
    return "\n".join(t for t in texts(message) if t)


def gallery(message) -> list[dict]:
    """The media of the message's galleries (url, description)."""
    return [
        item["media"] | {"description": item.get("description")}
        for c in components(message)
        if c.get("type") == 12
        for item in c["items"]
    ]


def custom_ids(message) -> list[str]:
    return [c["custom_id"] for c in components(message) if c.get("custom_id")]


def lobby_message(world: World, channel=None) -> discord.Message:
    """The bot's latest open lobby message (one with a Start button) in the channel."""
    for message in reversed((channel or world.channel).history()):
        if not message.flags.ephemeral and any(cid.startswith("lb:start:") for cid in custom_ids(message)):
            return message
    raise AssertionError("no lobby with a Start button in the channel")


def slash_options(game: str, options: dict) -> dict:
    """Options as ``/<game> new`` takes them: each value as its choice sends it (Iwari's Feats
    ``True``: "all"; cogs/games.py)."""
    from games import REGISTRY

    choices = REGISTRY[game].option_choices
    return {
        name: next((c.sent for c in choices.get(name, []) if c.value == value), value)
        for name, value in options.items()
    }


async def open_lobby(world: World, member, game: str, **options) -> discord.Message:
    """``/<game> new``: answered privately, and the lobby is posted in the channel."""
    result = await member.slash(world.channel, f"{game} new", **options)
    assert result.ephemeral, "the command is answered privately"
    return lobby_message(world)


def board_message(world: World) -> discord.Message:
    """The bot's latest message in the channel that has a Play button."""
    for message in reversed(world.channel.history()):
        if message.flags.ephemeral:
            continue
        if any(cid.startswith("bd:play:") for cid in custom_ids(message)):
            return message
    raise AssertionError("no board with a Play button in the channel")


def lobby_button(lobby, op: str) -> str:
    """The custom id of a lobby's button (``join``, ``leave``, ``start``, ``cancel``)."""
    return next(cid for cid in custom_ids(lobby) if cid.startswith(f"lb:{op}:"))


async def start_match(world: World, game: str, n: int, **options) -> int:
    host = world.players[0]
    lobby = await open_lobby(world, host, game, **options)
    # By the buttons' ids: their labels are in the channel's language.
    for player in world.players[1:n]:
        await player.click(lobby, custom_id=lobby_button(lobby, "join"))
    await host.click(lobby, custom_id=lobby_button(lobby, "start"))
    match = await world.bot.store.live_match(world.channel.id)
    assert match is not None and match.status == "active"
    return match.id


def first_choice(panel) -> tuple[str, str]:
    """(custom id, action id) of the panel's first choice: its first action button, else (when the
    choices are many, e.g. Ike No Koi's zones after the opening draws) the first option of its menu."""
    for c in components(panel):
        cid = c.get("custom_id", "")
        if cid.startswith("ac:"):
            return cid, cid.split(":", 3)[3]
    menu = next(c for c in components(panel) if c.get("custom_id", "").startswith("as:"))
    return menu["custom_id"], menu["options"][0]["value"]


async def make_first_choice(member, panel):
    """The member clicks the panel's first choice (``first_choice``)."""
    return await make_choice(member, panel, *first_choice(panel))


async def make_choice(member, panel, cid: str, aid: str):
    """The member makes the choice (custom id, action id) on a panel: a button's click, or the
    option of a menu (the same choice on another panel of the same version, e.g. a stale one)."""
    if cid.startswith("as:"):
        return await member.select(panel, [aid], custom_id=cid)
    return await member.click(panel, custom_id=cid)


async def play_one_action(world: World, rng: random.Random) -> bool:
    """The player to act presses Play and chooses a random legal option. False when the game is over."""
    bot = world.bot
    match = await bot.store.live_match(world.channel.id)
    if match is None:
        return False
    state = bot.service.state_of(match)
    seat = state.to_act()[0]
    member = next(p for p in world.players if p.id == match.seats[seat].user_id)
    board = board_message(world)
    # By the button's id: its label is in the channel's language.
    play = next(cid for cid in custom_ids(board) if cid.startswith("bd:play:"))
    result = await member.click(board, custom_id=play)
    assert result.ephemeral
    panel = result.response or result.followups[-1]  # a live view of the ephemeral panel: edits show through
    while True:
        match = await bot.store.live_match(world.channel.id)
        if match is None:
            return False
        state = bot.service.state_of(match)
        if seat not in state.to_act():
            return True
        legal = {a.id for a in state.legal_actions(seat)}
        choices = []
        for c in components(panel):
            cid = c.get("custom_id", "")
            if cid.startswith("ac:"):
                choices.append(("button", cid, cid.split(":", 3)[3]))
            elif cid.startswith("as:"):
                for opt in c["options"]:
                    choices.append(("select", cid, opt["value"]))
            elif cid.startswith("pg:"):
                choices.append(("page", cid, None))
        if not choices:
            return True  # the panel closed: the turn passed (and came back, e.g. after AI seats played)
        # A joined choice (bot/merge.py) is several steps: its first is legal now.
        offered = {aid.split("/")[0] for kind, _, aid in choices if kind not in ("page", "undo")}
        assert offered <= legal, f"the panel offers illegal actions: {offered - legal}"
        kind, cid, aid = rng.choice(choices)
        if kind == "select":
            result = await member.select(panel, [aid], custom_id=cid)
        else:
            result = await member.click(panel, custom_id=cid)
        assert result.acknowledged


async def live(world: World):
    """The channel's lobby or active match, as the database has it (None once it ended)."""
    return await world.bot.store.live_match(world.channel.id)


def member_of(world: World, match, seat: int):
    return next(p for p in world.players if p.id == match.seats[seat].user_id)


def mentions(world: World, channel=None) -> list:
    """The short "your turn" messages in the channel."""
    return [
        m
        for m in (channel or world.channel).history()
        if not m.flags.ephemeral and "your turn in" in (m.content or "")
    ]


async def play_to_the_end(world: World, rng: random.Random, limit: int = 5000) -> None:
    """Every player to act presses Play and chooses at random, until the game is over."""
    for _ in range(limit):
        if not await play_one_action(world, rng):
            return
    pytest.fail("the game did not end")


async def finish_through_the_service(service, match_id: int, rng: random.Random) -> None:
    """Random legal moves straight through the service (quicker than clicks) until the game is over."""
    while True:
        match = await service.get(match_id)
        state = service.state_of(match)
        if state.is_over():
            return
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat)).id
        await service.act(match.id, match.seats[seat].user_id, match.version, action)

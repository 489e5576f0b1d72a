"""/<game> new and /<game> rules for every game of the registry, built from its ``Game``.

``new`` has one parameter per option, in the order the game declares them: a yes/no one for an
option of [False, True], one with the game's ``option_choices`` otherwise (each value by its label),
described by its ``option_help``; then ``thread``. ``rules`` shows the game's summary
(cogs/rules/<key>.md) with its example board. Adding a game adds no cog.

Names, descriptions and choices are ``locale_str`` (bot/translator.py shows them in each person's
language); the registry's words (blurbs, option help, value labels) are messages of their own. The
options' names are the games' option ids and stay as they are.
"""

from __future__ import annotations

import inspect

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.common import new_match, show_rules
from games import REGISTRY, Game
from games.base import Choice
from games.text import T


def _option_parameter(game: Game, name: str) -> tuple[inspect.Parameter, list[app_commands.Choice], dict]:
    """The parameter of one option, its choices, and how each value sent maps back to the option's."""
    allowed = game.options[name]
    choices = game.option_choices.get(name)
    if choices is None and set(allowed) == {False, True}:
        return (
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=allowed[0], annotation=bool),
            [],
            {},
        )
    if choices is None:  # no labels declared: each value names itself
        choices = [Choice(value, str(value)) for value in allowed]
    sent = {c.sent: c.value for c in choices}
    default = next(c.sent for c in choices if c.value == allowed[0])
    annotation = type(default)
    offered = [app_commands.Choice(name=locale_str(c.label), value=c.sent) for c in choices]
    return (
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation),
        offered,
        sent,
    )


def new_command(game: Game) -> app_commands.Command:
    """``/<key> new``: a lobby for a new game, with the game's options."""
    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    described, offered, sent = {}, {}, {}
    for name in game.options:
        parameter, choices, values = _option_parameter(game, name)
        parameters.append(parameter)
        if name in game.option_help:
            described[name] = locale_str(game.option_help[name])
        if choices:
            offered[name] = choices
        sent[name] = values
    parameters.append(
        inspect.Parameter("thread", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=bool | None)
    )
    described["thread"] = locale_str(
        "Open the match in a new thread of this channel (default: the channel's setting)"
    )

    async def new(interaction: discord.Interaction, **given) -> None:
        thread = given.pop("thread", None)
        options = {name: sent[name].get(value, value) for name, value in given.items()}
        await new_match(interaction, game.key, options, thread)

    new.__signature__ = inspect.Signature(parameters)
    app_commands.describe(**described)(new)
    # TRANSLATORS: an option's name: lower case, no spaces, at most 32 characters
    app_commands.rename(thread=locale_str("thread"))(new)
    if offered:
        app_commands.choices(**offered)(new)
    command = app_commands.Command(
        # TRANSLATORS: a slash command's name: lower case, no spaces, at most 32 characters
        name=locale_str("new"),
        description=locale_str(T("Open a lobby for a new game of {game} in this channel.", game=game.title)),
        callback=new,
    )
    return app_commands.guild_only(command)


def rules_command(game: Game) -> app_commands.Command:
    """``/<key> rules``: how to play, in short."""

    async def rules(interaction: discord.Interaction) -> None:
        await show_rules(interaction, game.key, game.title)

    return app_commands.Command(
        # TRANSLATORS: a slash command's name: lower case, no spaces, at most 32 characters
        name=locale_str("rules"),
        description=locale_str(T("How to play {game}, in short.", game=game.title)),
        callback=rules,
    )


def game_group(game: Game) -> app_commands.Group:
    group = app_commands.Group(name=game.key, description=locale_str(game.summary_words()))
    group.add_command(new_command(game))
    group.add_command(rules_command(game))
    return group


async def setup(bot: commands.Bot) -> None:
    for game in REGISTRY.values():
        bot.tree.add_command(game_group(game))


async def teardown(bot: commands.Bot) -> None:
    for game in REGISTRY.values():
        bot.tree.remove_command(game.key)

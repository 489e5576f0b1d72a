"""/iwari: Iwari, tribes settling a new land (2-5 players)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import new_match, show_rules

KEY, TITLE = "iwari", "Iwari"


class Iwari(commands.GroupCog, group_name=KEY, group_description="Play Iwari (2-5 players)"):
    @app_commands.command(name="new")
    @app_commands.guild_only()
    @app_commands.describe(
        map="Which side of the board to play on",
        feats="Play with the four base Feats (Union, Discovery, Honour, Respect)",
        draft="Advanced set-up: draft the starting hands",
        thread="Open the match in a new thread of this channel",
    )
    @app_commands.choices(
        map=[
            app_commands.Choice(name="New Horizons", value="new-horizons"),
            app_commands.Choice(name="The Vast Lands", value="vast-lands"),
        ]
    )
    async def new(
        self,
        interaction: discord.Interaction,
        map: str = "new-horizons",
        feats: bool = False,
        draft: bool = False,
        thread: bool = False,
    ) -> None:
        """Open a lobby for a new game of Iwari in this channel."""
        await new_match(interaction, KEY, {"map": map, "feats": feats, "draft": draft}, thread)

    @app_commands.command(name="rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        """How to play Iwari, in short."""
        await show_rules(interaction, KEY, TITLE)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Iwari())

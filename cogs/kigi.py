"""/kigi: Kigi, grow the finest bonsai trees (2-5 players)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import new_match, show_rules

KEY, TITLE = "kigi", "Kigi"


class Kigi(commands.GroupCog, group_name=KEY, group_description="Play Kigi (2-5 players)"):
    @app_commands.command(name="new")
    @app_commands.guild_only()
    @app_commands.describe(
        advanced="Advanced game: everyone first keeps one of two commissions dealt to them",
        thread="Open the match in a new thread of this channel (default: the channel's setting)",
    )
    async def new(
        self, interaction: discord.Interaction, advanced: bool = False, thread: bool | None = None
    ) -> None:
        """Open a lobby for a new game of Kigi in this channel."""
        await new_match(interaction, KEY, {"advanced": advanced}, thread)

    @app_commands.command(name="rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        """How to play Kigi, in short."""
        await show_rules(interaction, KEY, TITLE)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Kigi())

"""Helpers for the per-game cogs: the shared /<game> new and /<game> rules behaviour."""

from __future__ import annotations

from pathlib import Path

import discord

from cogs.table import Table, guarded

RULES_DIR = Path(__file__).parent / "rules"


def rules_embed(game_key: str, title: str) -> discord.Embed:
    path = RULES_DIR / f"{game_key}.md"
    text = path.read_text() if path.exists() else "The rules summary is missing."
    return discord.Embed(title=f"{title}: how to play", description=text[:4096], colour=discord.Colour.teal())


async def new_match(interaction: discord.Interaction, game_key: str, options: dict, thread: bool) -> None:
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    await guarded(interaction, None, table.open_lobby(interaction, game_key, options, thread))


async def show_rules(interaction: discord.Interaction, game_key: str, title: str) -> None:
    await interaction.response.send_message(embed=rules_embed(game_key, title), ephemeral=True)

"""/iwari: Iwari, tribes settling a new land (2-5 players, 6 on The Void, or solo / 2-player co-op against the Void)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import new_match, show_rules
from games.iwari.data import DIFFICULTY_LEVELS, DIFFICULTY_TARGETS, FEAT_NAMES, FEAT_SUBSETS

KEY, TITLE = "iwari", "Iwari"
# How the lobby names each level (also its options line): the territories the Void needs.
_SOLO, _COOP = DIFFICULTY_TARGETS["solo"], DIFFICULTY_TARGETS["coop"]
DIFFICULTY_WORDS = {
    level: f"{level.capitalize()} (the Void needs {_SOLO[level]} solo, {_COOP[level]} co-op)"
    for level in DIFFICULTY_LEVELS
}


class Iwari(commands.GroupCog, group_name=KEY, group_description="Play Iwari (2-6 players, solo or co-op)"):
    @app_commands.command(name="new")
    @app_commands.guild_only()
    @app_commands.describe(
        map="Which map: a side of the base board or a Maps Atlas map",
        feats="Base Feats: all four (Union, Discovery, Honour, Respect), none, or some of them",
        draft="Advanced set-up: draft the starting hands",
        expeditions="Expedition cards: 3 missions, 4 points to the first to complete one, 2 to the second",
        courage="Courage Feat (needs feats): cancels the multiplier of the Feat it is placed beside",
        worship="Worship Feat variant, placed at the end of the game",
        mode="versus (2-5 players, 6 on The Void), solo (1 player) or coop (2 players) against the Void",
        difficulty="Solo/coop: how many territories the Void needs to win (Normal: 3 solo, 4 co-op)",
        thread="Open the match in a new thread of this channel (default: the channel's setting)",
    )
    @app_commands.choices(
        map=[
            app_commands.Choice(name="New Horizons", value="new-horizons"),
            app_commands.Choice(name="The Vast Lands", value="vast-lands"),
            app_commands.Choice(name="The Long Road (Atlas)", value="long-road"),
            app_commands.Choice(name="Glacial Mass (Atlas)", value="glacial-mass"),
            app_commands.Choice(name="Floating Lands (Atlas)", value="floating-lands"),
            app_commands.Choice(name="Forgotten Island (Atlas)", value="forgotten-island"),
            app_commands.Choice(name="The Uncharted Paths (Atlas)", value="uncharted-paths"),
            app_commands.Choice(name="The Void (Atlas, 2-6 players)", value="the-void"),
        ],
        feats=[
            app_commands.Choice(name="None", value="none"),
            app_commands.Choice(name="All four", value="all"),
            *(
                app_commands.Choice(name=" + ".join(FEAT_NAMES[k] for k in v.split("+")), value=v)
                for v in FEAT_SUBSETS
            ),
        ],
        worship=[
            app_commands.Choice(name="None", value="none"),
            app_commands.Choice(name="Dead ends: most Tents on road ends", value="dead-ends"),
            app_commands.Choice(name="Golden tokens: most Totems on them", value="golden"),
            app_commands.Choice(
                name="Contested (The Void): most Tents on Contested tokens", value="contested"
            ),
        ],
        mode=[
            app_commands.Choice(name="Versus (2-5 players)", value="versus"),
            app_commands.Choice(name="Solo against the Void (1 player)", value="solo"),
            app_commands.Choice(name="Co-op against the Void (2 players)", value="coop"),
        ],
        difficulty=[app_commands.Choice(name=name, value=level) for level, name in DIFFICULTY_WORDS.items()],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        map: str = "new-horizons",
        feats: str = "none",
        draft: bool = False,
        expeditions: bool = False,
        courage: bool = False,
        worship: str = "none",
        mode: str = "versus",
        difficulty: str = DIFFICULTY_LEVELS[0],
        thread: bool | None = None,
    ) -> None:
        """Open a lobby for a new game of Iwari in this channel."""
        options = {
            "map": map,
            "feats": {"none": False, "all": True}.get(feats, feats),
            "draft": draft,
            "expeditions": expeditions,
            "courage": courage,
            "worship": worship,
            "mode": mode,
        }
        if mode != "versus" or difficulty != DIFFICULTY_LEVELS[0]:
            options["difficulty"] = (
                difficulty  # versus lobbies do not show it (a versus game refuses another level)
            )
        await new_match(interaction, KEY, options, thread)

    @app_commands.command(name="rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        """How to play Iwari, in short."""
        await show_rules(interaction, KEY, TITLE)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Iwari())

"""Helpers for the per-game cogs: the shared /<game> new and /<game> rules behaviour."""

from __future__ import annotations

import asyncio
import io

import discord

from cogs.components import guarded
from cogs.table import Table
from rendering.i18n import _
from rendering.rules import example, rules_description, rules_png, rules_text

PAGE = 4000  # an embed description holds 4096 characters


def rules_pages(text: str, limit: int = PAGE) -> list[str]:
    """Split a rules summary into pages at paragraph breaks, each at most ``limit`` characters.

    A paragraph longer than a page starts a page of its own and is cut at line breaks (or, in a line
    longer than a page, at ``limit``); nothing is lost or reordered."""
    pages: list[str] = []
    current = ""
    for paragraph in text.strip().split("\n\n"):
        if len(paragraph) > limit:
            if current:
                pages.append(current)
            while len(paragraph) > limit:
                cut = paragraph.rfind("\n", 0, limit + 1)
                cut = cut if cut > 0 else limit
                pages.append(paragraph[:cut])
                paragraph = paragraph[cut:].lstrip("\n")
            current = paragraph
            continue
        candidate = f"{current}\n\n{paragraph}" if current else paragraph
        if len(candidate) > limit:
            pages.append(current)
            current = paragraph
        else:
            current = candidate
    if current:
        pages.append(current)
    return [page for page in pages if page]


def rules_embeds(game_key: str, title: str) -> list[discord.Embed]:
    pages = rules_pages(rules_text(game_key))  # in the language of the moment
    return [
        discord.Embed(
            title=_("{game}: how to play ({page}/{pages})", game=title, page=i + 1, pages=len(pages))
            if len(pages) > 1
            else _("{game}: how to play", game=title),
            description=page,
            colour=discord.Colour.teal(),
        )
        for i, page in enumerate(pages)
    ]


async def new_match(
    interaction: discord.Interaction, game_key: str, options: dict, thread: bool | None
) -> None:
    """Open a lobby; ``thread`` None: as the channel's setting says (`/settings threads:`)."""
    table: Table = interaction.client.table  # type: ignore[attr-defined]
    await guarded(interaction, None, table.open_lobby(interaction, game_key, options, thread))


def rules_file(game_key: str) -> discord.File | None:
    """The annotated example board of the game's first rules page (drawn once, then kept)."""
    if example(game_key) is None:
        return None
    return discord.File(
        io.BytesIO(rules_png(game_key)), filename="rules.png", description=rules_description(game_key)
    )


async def show_rules(interaction: discord.Interaction, game_key: str, title: str) -> None:
    """The summary, one embed a message (a message's embeds share 6000 characters); the first page
    carries a picture of a board with numbered notes on a turn, as a plain attachment: an embed's
    image is shown at most about 280 px tall (the rules picture 183 px wide on a phone), an
    attachment as wide as the message (bench/phone.py)."""
    first, *rest = rules_embeds(game_key, title)
    file = await asyncio.to_thread(rules_file, game_key)  # drawn off the event loop the first time
    if file is None:
        await interaction.response.send_message(embed=first, ephemeral=True)
    else:
        await interaction.response.send_message(embed=first, file=file, ephemeral=True)
    for embed in rest:
        await interaction.followup.send(embed=embed, ephemeral=True)

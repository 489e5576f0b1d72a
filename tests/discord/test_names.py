"""Display names are shown as text: no masked link, markup, mention or direction override."""

from __future__ import annotations

import re

from tests.discord.helpers import lobby_message, make_world, open_lobby, text

NASTY = "[free](https://x.io) **@everyone** \u202eesrever"


async def test_a_nasty_display_name_is_shown_inert_in_public_messages(simcord_env):
    world = await make_world(simcord_env, 1)
    guest = world.guild.add_member(world.env.create_user(NASTY))
    lobby = await open_lobby(world, world.players[0], "ikenokoi")
    await guest.click(lobby, label="Join")
    shown = text(lobby_message(world))
    assert "\u202e" not in shown, "no bidi override"
    assert not re.search(r"(?<!\\)\[free\]\(", shown) and "\\[free]" in shown, "no masked link"
    assert "https://" not in shown, "no bare link either"
    assert "**@everyone**" not in shown and "@everyone" not in shown, "no markup, no mention"
    match = await world.bot.store.live_match(world.channel.id)
    assert "\u202e" not in match.seats[1].name, "stored without the override"

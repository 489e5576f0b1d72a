"""Screenshots of the channel as a player sees it: SimCord's Discord-like preview in headless Chromium.

Needs, besides the dev install: ``pip install "simcord[screenshot]"`` (Playwright; no browser
download) and a Chromium of the machine's (Debian: ``apt install chromium``, at /usr/bin/chromium;
elsewhere give --chromium PATH).

    python bench/screenshots.py --out /tmp/koi-shots
    python bench/screenshots.py --games kigi --actions 30
    python bench/screenshots.py --language fr --out /tmp/koi-shots-fr   # every person and the server in French

For each game: the lobby with its options, then the channel after some random legal actions (the
board, the mention of the player to act, a chat line, the player's private panel) at 1280 px (desktop)
and 400 px (phone) wide, and the board message and the private panel alone at both widths (and the
panel of the turn's next decision, after its first choice). Then a whole 2-player Ike No Koi
game to its end: the final result with Rematch, Step through and Replay, and the replay viewer
(Step through) at the set-up and five steps on. The real bot runs against SimCord; every
click goes through the buttons as a player's would. Look at the PNG files: that is the point.
The private panel is one Components V2 message, drawn in its own order (prompt, facts, choices,
then the picture), as Discord draws it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.config import Settings
from bot.core import create_bot
from games import REGISTRY
from tests.discord.helpers import (
    World,
    board_message,
    custom_ids,
    first_choice,
    lobby_button,
    make_choice,
    open_lobby,
    play_one_action,
    play_to_the_end,
)

WIDTHS = ((1280, 900), (400, 860))
NAMES = ("alice", "bob", "carol", "dave")
# With --language: names as they are written around the world (and no ASCII word among them).
WORLD_NAMES = ("Zoé", "Ольга", "さくら", "Mateus")


def speak(language: str) -> None:
    """Every interaction of every person says the Discord locale ``language``, and so does the
    server (SimCord sends en-US; the same wrapping as tests/discord/conftest.py ``locales``)."""
    import simcord.actors

    build = simcord.actors._interactions.base_payload

    def base_payload(backend, **kwargs):
        record, payload = build(backend, **kwargs)
        payload["locale"] = language
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = language
        return record, payload

    simcord.actors._interactions.base_payload = base_payload


def button(message, prefix: str) -> str:
    """The custom id of a message's button by its kind: labels are in the reader's language."""
    return next(cid for cid in custom_ids(message) if cid.startswith(prefix))


OPTIONS = {"iwari": {"map": "vast-lands"}, "kigi": {"advanced": True}}


LANGUAGE: str | None = None


def use_chromium(path: str) -> None:
    """Point Playwright at an installed Chromium (no browser download on these machines)."""
    try:
        from playwright.async_api._generated import BrowserType
    except ImportError:
        sys.exit('Playwright is missing: pip install "simcord[screenshot]"')
    launch = BrowserType.launch

    async def launch_installed(self, *args, **kwargs):
        kwargs.setdefault("executable_path", path)
        kwargs.setdefault("args", ["--no-sandbox"])
        return await launch(self, *args, **kwargs)

    BrowserType.launch = launch_installed


async def shoot(env, channel, viewer, name: str, out: Path, target=None) -> None:
    async with env.preview(channel, viewers=[viewer], layout="channel", width=1280, height=900) as preview:
        for width, height in WIDTHS:
            path = out / f"{name}-{width}.png"
            if target is None:
                await preview.screenshot(
                    str(path), viewer=viewer, mode="viewport", viewport=(width, height), allow_incomplete=True
                )
            else:
                await preview.screenshot(
                    str(path), viewer=viewer, target=target, viewport=(width, height), allow_incomplete=True
                )
            print("wrote", path)


async def world_for(game: str, players: int, tmp: str, database: str):
    from simcord import Env

    # A database of its own: a new SimCord hands out the same channel ids, so a match left live in a
    # shared file would refuse the next world's `/<game> new` in "the same" channel.
    bot = create_bot(Settings(token=None, database_path=os.path.join(tmp, f"{database}.sqlite3")))
    env = Env(bot, shard_count=1)
    await env.start()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    names = (WORLD_NAMES if LANGUAGE else NAMES)[:players]
    members = [guild.add_member(env.create_user(name)) for name in names]
    await bot.tree.sync()
    return env, bot, World(env, bot, guild, channel, members)


async def close(env, bot) -> None:
    await env.shutdown()
    await bot.reminders.stop()
    await bot.store.close()


async def game_shots(game: str, players: int, actions: int, out: Path, tmp: str) -> None:
    env, bot, world = await world_for(game, players, tmp, game)
    try:
        host, channel = world.players[0], world.channel
        # The command is answered privately; the lobby is the message the writer posts in the channel.
        lobby = await open_lobby(world, host, game, **OPTIONS.get(game, {}))
        for member in world.players[1:]:
            await member.click(lobby, custom_id=lobby_button(lobby, "join"))
        await shoot(env, channel, host, f"{game}-lobby", out, target=lobby)
        await host.click(lobby, custom_id=lobby_button(lobby, "start"))
        rng = random.Random(3)
        for i in range(actions):
            if not await play_one_action(world, rng):
                break
            if i == 1:
                await world.players[-1].send(channel, "nice move! anyone up for another game after this?")
        match = await bot.store.live_match(channel.id)
        seat = bot.service.state_of(match).to_act()[0]
        to_act = next(p for p in world.players if p.id == match.seats[seat].user_id)
        board = board_message(world)
        opened = await to_act.click(
            board, custom_id=button(board, "bd:play:")
        )  # the panel, as that player sees it
        await shoot(env, channel, to_act, f"{game}-channel", out)
        await shoot(
            env, channel, to_act, f"{game}-panel", out, target=opened.response or opened.followups[-1]
        )
        await shoot(env, channel, to_act, f"{game}-board", out, target=board_message(world))
        # The same turn's next decision, when the first choice leaves the turn with that player
        # (Kigi's spots after the card, Iwari's pieces after the territory).
        panel = opened.response or opened.followups[-1]
        await make_choice(to_act, panel, *first_choice(panel))
        match = await bot.store.live_match(channel.id)
        if match is not None and seat in bot.service.state_of(match).to_act():
            await shoot(env, channel, to_act, f"{game}-panel-next", out, target=panel)
    finally:
        await close(env, bot)


async def final_shots(out: Path, tmp: str) -> None:
    env, bot, world = await world_for("ikenokoi", 2, tmp, "final")
    try:
        host, channel = world.players[0], world.channel
        lobby = await open_lobby(world, host, "ikenokoi")
        await world.players[1].click(lobby, custom_id=lobby_button(lobby, "join"))
        await host.click(lobby, custom_id=lobby_button(lobby, "start"))
        await play_to_the_end(world, random.Random(5))
        await shoot(env, channel, host, "final-channel", out)
        final = channel.last_message
        await shoot(env, channel, host, "final", out, target=final)
        # The replay viewer, privately: Step through on the result, then ▶ to a few turns in.
        opened = await host.click(final, custom_id=button(final, "rs:"))
        viewer = opened.followups[-1] if opened.followups else opened.response
        await shoot(env, channel, host, "review", out, target=viewer)
        for _ in range(5):
            await host.click(viewer, custom_id=next(c for c in custom_ids(viewer) if c.endswith(":n")))
        await shoot(env, channel, host, "review-step", out, target=viewer)
    finally:
        await close(env, bot)


async def absent_shots(out: Path, tmp: str) -> None:
    """A player stays away past the last reminder: the board offers the others its choice."""
    env, bot, world = await world_for("ikenokoi", 3, tmp, "absent")
    try:
        host, channel = world.players[0], world.channel
        await bot.service.set_reminders(channel.id, 3600, True)
        lobby = await open_lobby(world, host, "ikenokoi")
        for member in world.players[1:]:
            await member.click(lobby, custom_id=lobby_button(lobby, "join"))
        await host.click(lobby, custom_id=lobby_button(lobby, "start"))
        for _ in range(4):  # three reminders, then the wait after the last one
            await env.advance_time(3601)
        await bot.table.writer.idle()
        match = await bot.store.live_match(channel.id)
        seat = bot.service.state_of(match).to_act()[0]
        other = next(p for p in world.players if p.id != match.seats[seat].user_id)
        await shoot(env, channel, other, "absent-channel", out)
        await shoot(env, channel, other, "absent-board", out, target=board_message(world))
    finally:
        await close(env, bot)


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", default="/tmp/koi-shots")
    parser.add_argument("--games", nargs="*", default=list(REGISTRY))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--actions", type=int, default=12)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--no-final", action="store_true", help="skip the whole game to its result")
    parser.add_argument("--no-absent", action="store_true", help="skip the choice for an absent player")
    parser.add_argument(
        "--language", help="a Discord locale (fr, ja, pt-BR, en-XA ...) for every person and the server"
    )
    args = parser.parse_args()
    global LANGUAGE
    LANGUAGE = args.language
    if LANGUAGE:
        speak(LANGUAGE)
    use_chromium(args.chromium)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games:
            await game_shots(game, args.players, args.actions, out, tmp)
        if not args.no_final:
            await final_shots(out, tmp)
        if not args.no_absent:
            await absent_shots(out, tmp)


if __name__ == "__main__":
    asyncio.run(main())

"""/settings (a channel's: reminders, AI takeover, threads, lobby expiry), /notifications (a
person's: the turn ping and reminders) and /help (the games and the commands on one screen)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core import GameBot
from bot.service import ServiceError
from cogs.components import guarded, reply
from cogs.matches import describe_delay, parse_delay
from cogs.table import Table, answer_in_time
from games import REGISTRY

TURN_PING_WORDS = {
    "channel": "a mention in the channel",
    "mute": "no mention (the board and the reminders still say it is your turn)",
    "dm": "a direct message with a Play button",
}

REMINDER_PLACES = ("channel", "dm")

HELP_PLAYING = """\
**Playing:** someone opens a lobby (`/<game> new`), others press **Join**, the host presses **Start**. \
On your turn press **Play** on the board (or on the mention): your private panel shows your choices; \
**Undo** takes back a step of your turn (the last one too) while it showed nothing new and nobody else has played.
`/match mine` your live matches in this server · `/match board` the board again · `/match view` My view, your private cards
`/match log` every move, page by page · `/match return` your seat back from the AI · `/match resign` · `/match abandon`
`/match review` step through a match (yours up to now, or a finished one) · `/match history` and `/match replay` (a GIF) finished matches · `/stats` · `/leaderboard`
`/notifications` how you are told it is your turn · `/settings` this channel's reminders, AI takeover, \
threads and lobby expiry (Manage Channels)"""


def parse_delay_or_never(text: str | None) -> int | None:
    """A delay option that may be 'never' (0); None when not given."""
    if text is None:
        return None
    return 0 if text.strip().lower() in ("never", "off", "0") else parse_delay(text)


def help_text() -> str:
    """/help: a line per game of the registry (its players, its blurb, its command), then how to play."""
    games = [f"**{g.title}** ({g.players_words()}): {g.blurb} `/{g.key} new`" for g in REGISTRY.values()]
    first = next(iter(REGISTRY))
    return "\n".join(
        [
            "**Koi Table: board games in this channel**",
            *games,
            f"Each game's `rules` command (`/{first} rules` ...) explains it in short.",
            "",
            HELP_PLAYING,
        ]
    )


class Settings(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="settings")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_channels=True)
    @app_commands.describe(
        delay="Time without a move before the player to act is reminded: 10m to 7d (e.g. 12h)",
        enabled="Turn reminders in this channel on or off",
        takeover="When a player stays away, an AI takes their seat at once instead of the others choosing (off)",
        threads="Open every new match of this channel in its own thread (unless /<game> new says thread: False)",
        lobby_expiry="Close a lobby nobody starts after this long: 10m to 30d, or 'never' (e.g. 24h)",
        absent="After the last reminder, the wait before the others decide for an absent player (10m-30d, never)",
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        delay: str | None = None,
        enabled: bool | None = None,
        takeover: bool | None = None,
        threads: bool | None = None,
        lobby_expiry: str | None = None,
        absent: str | None = None,
    ) -> None:
        """Show or change this channel's settings: reminders, absent players, threads, lobby expiry."""

        async def run():
            service = self.bot.service
            options = (delay, enabled, takeover, threads, lobby_expiry, absent)
            changing = any(x is not None for x in options)
            # Discord hides the command from members without Manage Channels; a server may grant
            # it anyway, so the change is still checked here.
            if changing and not Table.can_manage(interaction):
                raise ServiceError("Changing this channel's settings needs the Manage Channels permission.")
            if changing:
                # Every option is read (and the service checks their ranges) before anything is saved.
                seconds = parse_delay(delay) if delay is not None else None
                expiry = parse_delay_or_never(lobby_expiry)
                after = parse_delay_or_never(absent)
                await answer_in_time(
                    interaction,
                    service.set_reminders(
                        interaction.channel_id,
                        seconds,
                        enabled,
                        takeover,
                        threads,
                        lobby_expiry=expiry,
                        stall_after=after,
                    ),
                )
            current = await service.settings_of(interaction.channel_id)
            wait, on, ai = current.reminder_delay, current.reminders_enabled, current.ai_takeover
            in_threads = current.threads
            stall = service.stall_after(current)
            expiry_now = await service.lobby_expiry(interaction.channel_id)
            where = (
                "each in a thread of its own (`threads: False` turns it off)"
                if in_threads
                else "in the channel; `/settings threads: True` opens each in a thread"
            )
            closes = f"after {describe_delay(expiry_now)} without a Start" if expiry_now else "never"
            if not stall or not on:
                away = "**nothing** happens (`absent:` sets a wait)"
            else:
                then = (
                    "an AI takes their seat"
                    if ai
                    else "the other players may let an AI play it or end the match"
                )
                away = f"after **{describe_delay(stall)}** more, {then}"
            text = (
                f"Reminders in this channel: **{'on' if on else 'off'}**, after {describe_delay(wait)} "
                f"without a move, repeated at most twice.\n"
                f"A player still away after the last reminder: {away} "
                f"(AI takeover without asking: **{'on' if ai else 'off'}**).\n"
                f"New matches open {where}; `/<game> new thread:` decides for one match.\n"
                f"An unstarted lobby closes itself: **{closes}**.\n"
                "Each player chooses how they are told it is their turn with `/notifications`."
            )
            await reply(interaction, text)

        await guarded(interaction, None, run())

    @app_commands.command(name="notifications")
    @app_commands.describe(
        turn="How you are told it is your turn",
        reminders="Where your reminders come: in the channel or by direct message",
    )
    @app_commands.choices(
        turn=[
            app_commands.Choice(name="mention me in the channel", value="channel"),
            app_commands.Choice(name="no mention (reminders still come)", value="mute"),
            app_commands.Choice(name="direct message", value="dm"),
        ],
        reminders=[
            app_commands.Choice(name="in the channel", value="channel"),
            app_commands.Choice(name="by direct message", value="dm"),
        ],
    )
    async def notifications(
        self, interaction: discord.Interaction, turn: str | None = None, reminders: str | None = None
    ) -> None:
        """Show or change how you are told it is your turn, and where your reminders come."""

        async def run():
            service, user = self.bot.service, interaction.user.id
            # Every option checked before anything is saved (Discord offers only the choices; a
            # forged value is refused all the same, and the other option is not saved either).
            if turn is not None and turn not in TURN_PING_WORDS:
                raise ServiceError("Choose how you are told it is your turn: channel, mute or dm.")
            if reminders is not None and reminders not in REMINDER_PLACES:
                raise ServiceError("Choose where your reminders come: channel or dm.")

            async def save() -> None:
                if turn is not None:
                    await service.set_turn_ping(user, turn)
                if reminders is not None:
                    await service.store.put_dm_reminders(user, reminders == "dm")

            await answer_in_time(interaction, save())
            ping = (await service.store.turn_pings([user]))[user]
            dm = await service.store.dm_reminders(user)
            await reply(
                interaction,
                f"Your turn: {TURN_PING_WORDS[ping]}.\n"
                f"Your reminders come {'by direct message' if dm else 'in the channel'}.",
            )

        await guarded(interaction, None, run())

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """The four games and the commands, on one screen."""
        await reply(interaction, help_text())


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Settings(bot))

"""/settings (a channel's: reminders, AI takeover, threads, lobby expiry, language), /notifications
(a person's: the turn ping and reminders) and /help (the games and the commands on one screen).

The commands' names, options and choices are ``locale_str``: Discord shows them in each person's
language (bot/translator.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.core import GameBot
from bot.mentions import slash
from bot.service import ServiceError
from cogs.components import guarded, reply
from cogs.matches import describe_delay, parse_delay
from cogs.table import Table, answer_in_time
from games import REGISTRY
from rendering import i18n
from rendering.i18n import _, tr

SERVER_DEFAULT = "default"  # the /settings language choice that follows the server's locale


def language_name(code: str) -> str:
    """A language by its own name ("Français", "日本語"): what a reader of it looks for."""
    if code == i18n.PSEUDO:
        return "Pseudo (en-XA)"
    from babel import Locale

    name = Locale.parse(i18n.babel_locale(code)).get_display_name(i18n.babel_locale(code)) or code
    return name[:1].upper() + name[1:]


def language_choices() -> list[app_commands.Choice]:
    """The languages there are catalogues for, then the server's default."""
    # TRANSLATORS: a /settings language choice: the channel follows the server's preferred language
    default = app_commands.Choice(name=locale_str("server default"), value=SERVER_DEFAULT)
    return [app_commands.Choice(name=language_name(c), value=c) for c in i18n.available()] + [default]


TURN_PING_WORDS = ("channel", "mute", "dm")


def turn_ping_words(mode: str) -> str:
    """How a person is told it is their turn, in words."""
    if mode == "mute":
        return _("no mention (the board and the reminders still say it is your turn)")
    if mode == "dm":
        return _("a direct message with a Play button")
    return _("a mention in the channel")


REMINDER_PLACES = ("channel", "dm")


def help_playing() -> list[str]:
    """How to play, and the commands: a line each."""
    return [
        _(
            "**Playing:** someone opens a lobby (`/<game> new`), others press **Join**, the host presses "
            "**Start**. On your turn press **Play** on the board (or on the mention): your private panel "
            "shows your choices; **Undo** takes back a step of your turn (the last one too) while it showed "
            "nothing new and nobody else has played."
        ),
        _(
            "{mine} your live matches in this server · {board} the board again · "
            "{view} My view, your private cards",
            mine=slash("match mine"),
            board=slash("match board"),
            view=slash("match view"),
        ),
        _(
            "{log} every move, page by page · {back} your seat back from the AI · {resign} · {abandon}",
            log=slash("match log"),
            back=slash("match return"),
            resign=slash("match resign"),
            abandon=slash("match abandon"),
        ),
        _(
            "{review} step through a match (yours up to now, or a finished one) · {history} "
            "and {replay} (a GIF) finished matches · {stats} · {leaderboard}",
            review=slash("match review"),
            history=slash("match history"),
            replay=slash("match replay"),
            stats=slash("stats"),
            leaderboard=slash("leaderboard"),
        ),
        _(
            "{notifications} how you are told it is your turn · {settings} this channel's reminders, "
            "AI takeover, threads and lobby expiry (Manage Channels)",
            notifications=slash("notifications"),
            settings=slash("settings"),
        ),
    ]


def parse_delay_or_never(text: str | None) -> int | None:
    """A delay option that may be 'never' (0); None when not given."""
    if text is None:
        return None
    return 0 if text.strip().lower() in ("never", "off", "0") else parse_delay(text)


def help_text() -> str:
    """/help: a line per game of the registry (its players, its blurb, its command), then how to play."""
    games = [
        _(
            "**{title}** ({players}): {blurb} {command}",
            title=g.title,
            players=tr(g.players_words()),
            blurb=tr(g.blurb),
            command=slash(f"{g.key} new"),
        )
        for g in REGISTRY.values()
    ]
    first = next(iter(REGISTRY))
    return "\n".join(
        [
            _("**Koi Table: board games in this channel**"),
            *games,
            _(
                "Each game's `rules` command ({command} ...) explains it in short.",
                command=slash(f"{first} rules"),
            ),
            "",
            *help_playing(),
        ]
    )


MESSAGE_MAX = 2000  # characters of a Discord message's content


def help_messages() -> list[str]:
    """/help as one message, or as a few cut between lines where a language (or the commands'
    mentions, longer than their names) makes it longer than a message holds."""
    out = [""]
    for line in help_text().split("\n"):
        if out[-1] and len(out[-1]) + 1 + len(line) > MESSAGE_MAX:
            out.append("")
        out[-1] = f"{out[-1]}\n{line}" if out[-1] else line
    return [text[:MESSAGE_MAX] for text in out if text.strip()]


class Settings(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    # TRANSLATORS: slash command and option names: lower case, no spaces, at most 32 characters
    @app_commands.command(
        name=locale_str("settings"),
        description=locale_str(
            "Show or change this channel's settings: reminders, absent players, threads, lobby expiry."
        ),
    )
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_channels=True)
    @app_commands.rename(
        delay=locale_str("delay"),
        enabled=locale_str("enabled"),
        takeover=locale_str("takeover"),
        threads=locale_str("threads"),
        lobby_expiry=locale_str("lobby_expiry"),
        absent=locale_str("absent"),
        language=locale_str("language"),
    )
    @app_commands.describe(
        delay=locale_str("Time without a move before the player to act is reminded: 10m to 7d (e.g. 12h)"),
        enabled=locale_str("Turn reminders in this channel on or off"),
        takeover=locale_str(
            "When a player stays away, an AI takes their seat at once instead of the others choosing (off)"
        ),
        threads=locale_str(
            "Open every new match of this channel in its own thread (unless /<game> new says thread: False)"
        ),
        lobby_expiry=locale_str(
            "Close a lobby nobody starts after this long: 10m to 30d, or 'never' (e.g. 24h)"
        ),
        absent=locale_str(
            "After the last reminder, the wait before the others decide for an absent player (10m-30d, never)"
        ),
        language=locale_str("The language of this channel's boards, lobbies and results"),
    )
    @app_commands.choices(language=language_choices())
    async def settings(
        self,
        interaction: discord.Interaction,
        delay: str | None = None,
        enabled: bool | None = None,
        takeover: bool | None = None,
        threads: bool | None = None,
        lobby_expiry: str | None = None,
        absent: str | None = None,
        language: str | None = None,
    ) -> None:
        async def run():
            service = self.bot.service
            options = (delay, enabled, takeover, threads, lobby_expiry, absent, language)
            changing = any(x is not None for x in options)
            # Discord hides the command from members without Manage Channels; a server may grant
            # it anyway, so the change is still checked here.
            if changing and not Table.can_manage(interaction):
                raise ServiceError(
                    _("Changing this channel's settings needs the Manage Channels permission.")
                )
            if language is not None and language != SERVER_DEFAULT and language not in i18n.available():
                raise ServiceError(_("Choose one of the languages offered, or the server's default."))
            if changing:
                # Every option is read (and the service checks their ranges) before anything is saved.
                seconds = parse_delay(delay) if delay is not None else None
                expiry = parse_delay_or_never(lobby_expiry)
                after = parse_delay_or_never(absent)
                if any(x is not None for x in options[:-1]):
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
                if language is not None:
                    code = None if language == SERVER_DEFAULT else language
                    await answer_in_time(interaction, service.set_language(interaction.channel_id, code))
            current = await service.settings_of(interaction.channel_id)
            await reply(interaction, await self.settings_text(interaction, current))

        await guarded(interaction, None, run())

    async def settings_text(self, interaction: discord.Interaction, current) -> str:
        """The channel's settings, a line each."""
        service = self.bot.service
        wait, on, ai = current.reminder_delay, current.reminders_enabled, current.ai_takeover
        stall = service.stall_after(current)
        expiry_now = await service.lobby_expiry(interaction.channel_id)
        state = _("on") if ai else _("off")
        if on:
            reminders = _(
                "Reminders in this channel: **on**, after {delay} without a move, repeated at most twice.",
                delay=describe_delay(wait),
            )
        else:
            reminders = _(
                "Reminders in this channel: **off**, after {delay} without a move, repeated at most twice.",
                delay=describe_delay(wait),
            )
        if not stall or not on:
            away = _(
                "A player still away after the last reminder: **nothing** happens (`absent:` sets a wait) "
                "(AI takeover without asking: **{state}**).",
                state=state,
            )
        elif ai:
            away = _(
                "A player still away after the last reminder: after **{delay}** more, an AI takes their seat "
                "(AI takeover without asking: **{state}**).",
                delay=describe_delay(stall),
                state=state,
            )
        else:
            away = _(
                "A player still away after the last reminder: after **{delay}** more, the other players may "
                "let an AI play it or end the match (AI takeover without asking: **{state}**).",
                delay=describe_delay(stall),
                state=state,
            )
        if current.threads:
            where = _(
                "New matches open each in a thread of its own (`threads: False` turns it off); "
                "`/<game> new thread:` decides for one match."
            )
        else:
            where = _(
                "New matches open in the channel; `/settings threads: True` opens each in a thread; "
                "`/<game> new thread:` decides for one match."
            )
        if expiry_now:
            closes = _(
                "An unstarted lobby closes itself: **after {delay} without a Start**.",
                delay=describe_delay(expiry_now),
            )
        else:
            closes = _("An unstarted lobby closes itself: **never**.")
        return "\n".join(
            [
                reminders,
                away,
                where,
                closes,
                _(
                    "Each player chooses how they are told it is their turn with {command}.",
                    command=slash("notifications"),
                ),
                await self.language_line(interaction, current.language),
            ]
        )

    async def language_line(self, interaction: discord.Interaction, chosen: str | None) -> str:
        """The settings' last line: the language of the channel's posts, and why."""
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
        code = await self.bot.service.channel_language(interaction.channel_id, interaction.guild_id, parent)
        if chosen:
            return _(
                "The channel's boards, lobbies and results are in **{language}**.",
                language=language_name(code),
            )
        return _(
            "The channel's boards, lobbies and results are in **{language}**, the server's language "
            "(`/settings language:` chooses another).",
            language=language_name(code),
        )

    # TRANSLATORS: slash command and option names: lower case, no spaces, at most 32 characters
    @app_commands.command(
        name=locale_str("notifications"),
        description=locale_str(
            "Show or change how you are told it is your turn, and where your reminders come."
        ),
    )
    @app_commands.rename(turn=locale_str("turn"), reminders=locale_str("reminders"))
    @app_commands.describe(
        turn=locale_str("How you are told it is your turn"),
        reminders=locale_str("Where your reminders come: in the channel or by direct message"),
    )
    @app_commands.choices(
        turn=[
            app_commands.Choice(name=locale_str("mention me in the channel"), value="channel"),
            app_commands.Choice(name=locale_str("no mention (reminders still come)"), value="mute"),
            app_commands.Choice(name=locale_str("direct message"), value="dm"),
        ],
        reminders=[
            app_commands.Choice(name=locale_str("in the channel"), value="channel"),
            app_commands.Choice(name=locale_str("by direct message"), value="dm"),
        ],
    )
    async def notifications(
        self, interaction: discord.Interaction, turn: str | None = None, reminders: str | None = None
    ) -> None:

        async def run():
            service, user = self.bot.service, interaction.user.id
            # Every option checked before anything is saved (Discord offers only the choices; a
            # forged value is refused all the same, and the other option is not saved either).
            if turn is not None and turn not in TURN_PING_WORDS:
                raise ServiceError(_("Choose how you are told it is your turn: channel, mute or dm."))
            if reminders is not None and reminders not in REMINDER_PLACES:
                raise ServiceError(_("Choose where your reminders come: channel or dm."))

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
                _("Your turn: {how}.", how=turn_ping_words(ping))
                + "\n"
                + (
                    _("Your reminders come by direct message.")
                    if dm
                    else _("Your reminders come in the channel.")
                ),
            )

        await guarded(interaction, None, run())

    @app_commands.command(
        name=locale_str("help"), description=locale_str("The four games and the commands, on one screen.")
    )
    async def help(self, interaction: discord.Interaction) -> None:
        for text in help_messages():
            await reply(interaction, text)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Settings(bot))

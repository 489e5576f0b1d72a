"""What every game shares: /match, /stats, /leaderboard, the sync command, and the buttons
(/settings, /notifications and /help: cogs/settings.py)."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

import rendering
from bot.core import GameBot
from bot.mentions import slash
from bot.names import shown
from bot.service import ServiceError
from bot.store import CorruptRow, StoreBusy
from cogs.components import (
    DYNAMIC_ITEMS,
    and_words,
    busy_text,
    guarded,
    jump_url,
    mention,
    permission_name,
    reply,
    when,
)
from cogs.replays import log_message
from cogs.table import BOARD_COOLDOWN, Table, answer_in_time
from games import REGISTRY
from games.text import T
from rendering.i18n import _, _n, list_words, tr

log = logging.getLogger(__name__)

_UNITS = {"m": 60, "h": 3600, "d": 86400}
LONGEST = 100 * 365 * 86400  # a delay longer than every range is read as this
HISTORY = 10  # finished matches listed by /match history
LEADERBOARD = 10
RATING_NOTE = T(  # said with tr() where it is shown
    "Rating: OpenSkill's mu - 3 sigma, 0 at the start, rising as you win matches against other people."
)


def parse_delay(text: str) -> int:
    """'90m', '12h', '2d', '1h30m' -> seconds."""
    text = text.strip().lower().replace(" ", "")
    parts = re.findall(r"(\d+(?:\.\d+)?)([mhd])", text)
    if not parts or "".join(n + u for n, u in parts) != text:
        raise ServiceError(_("Write the delay like 30m, 12h or 2d (minutes, hours, days)."))
    seconds = sum(float(n) * _UNITS[u] for n, u in parts)
    if not seconds < LONGEST:  # hundreds of digits (even infinite as a float): out of every range
        return LONGEST
    # A delay written is never 0 s (0 means "never" for a lobby's expiry): under a second is 1 s,
    # which the ranges refuse.
    return max(int(seconds), 1) if seconds > 0 else 0


def describe_delay(seconds: int) -> str:
    if seconds % 86400 == 0:
        return _n("{n} day", "{n} days", seconds // 86400)
    if seconds % 3600 == 0:
        return _n("{n} hour", "{n} hours", seconds // 3600)
    return _n("{n} minute", "{n} minutes", seconds // 60)


class Matches(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.table: Table = bot.table  # type: ignore[attr-defined]
        self.cooldowns = self.table.cooldowns  # the bot's one set

    match = app_commands.Group(
        name=locale_str("match"), description=locale_str("The match in this channel"), guild_only=True
    )

    @match.command(
        name=locale_str("board"),
        description=locale_str("Post the board of this channel's match again, at the bottom of the channel."),
    )
    @app_commands.checks.cooldown(1, BOARD_COOLDOWN, key=lambda i: i.user.id)
    async def board(self, interaction: discord.Interaction) -> None:
        async def run():
            # Recorded, then answered: the match's writer posts the latest board at the bottom.
            Table.check_posting(interaction)
            channel = interaction.channel_id
            if self.cooldowns.wait("board", channel) > 0:  # someone asked a moment ago: one repost
                match = await self.bot.service.live(channel)
                where = jump_url(match, match.board_message_id)
                await reply(
                    interaction,
                    _("The board was posted at the bottom of the channel a moment ago: {link}", link=where),
                )
                return
            try:
                await answer_in_time(interaction, self.bot.service.request_board(channel))
            except BaseException:
                self.cooldowns.forget("board", channel)  # nothing was posted
                raise
            await reply(interaction, _("The board is posted at the bottom of the channel."))

        await guarded(interaction, None, run())

    @match.command(
        name=locale_str("view"),
        description=locale_str(
            "My view: your hand, secret cards and what only you know (as the My view button)."
        ),
    )
    async def my_view(self, interaction: discord.Interaction) -> None:
        async def run():
            match = await self.bot.service.live(interaction.channel_id)
            await self.table.send_private_view(interaction, match)

        await guarded(interaction, None, run())

    @match.command(
        name=locale_str("log"),
        description=locale_str("The moves of this channel's match, page by page (the last page first)."),
    )
    async def log_(self, interaction: discord.Interaction) -> None:
        async def run():
            match, lines = await self.bot.service.log(interaction.channel_id)
            text, view = log_message(match, lines, None)
            await interaction.response.send_message(text, view=view, ephemeral=True)

        await guarded(interaction, None, run())

    @match.command(
        name=locale_str("mine"),
        description=locale_str(
            "Your live matches in this server: the game, where it is, and whether it waits for you."
        ),
    )
    async def mine(self, interaction: discord.Interaction) -> None:
        async def run():
            service = self.bot.service
            found = await service.my_matches(interaction.guild_id, interaction.user.id)
            if not found:
                await reply(
                    interaction,
                    _(
                        "You are in no live match in this server. {command} shows how to start one.",
                        command=slash("help"),
                    ),
                )
                return
            lines = []
            for match, waits in found:
                where = jump_url(match, match.board_message_id or match.lobby_message_id)
                since = when(await self.since(match))
                channel = f"<#{match.channel_id}>"
                if match.status == "lobby":
                    state = _("a lobby, waiting for the host to press Start")
                elif waits:
                    state = _("**waiting for you** since {since}", since=since)
                else:
                    state = _("waiting for {who} since {since}", who=self.waiting_for(match), since=since)
                standing = self.standing(match)
                if standing:
                    # TRANSLATORS: where a match is, then how it stands ("The Void: 2 of 3 territories").
                    state = _("{state}. {standing}", state=state, standing=standing)
                lines.append(
                    _(
                        "**{game}** #{id} in {channel}: {state}. [Go]({link})",
                        game=self.title(match.game),
                        id=match.id,
                        channel=channel,
                        state=state,
                        link=where,
                    )
                )
            await reply(interaction, "\n".join(lines)[:2000])

        await guarded(interaction, None, run())

    async def since(self, match) -> float:
        if match.status != "active":
            return match.updated_at
        try:
            seats = self.bot.service.state_of(match).to_act()
        except (CorruptRow, ServiceError):
            return match.updated_at
        return await self.bot.service.waiting_since(match, seats)

    def standing(self, match) -> str:
        """Where a live match stands beyond its scores ("The Void: 2 of the 3 territories it needs")."""
        if match.status != "active":
            return ""
        try:
            return tr(rendering.standing(match.game, self.bot.service.state_of(match).view(None)))
        except (CorruptRow, ServiceError):
            return ""

    def waiting_for(self, match) -> str:
        try:
            seats = self.bot.service.state_of(match).to_act()
        except (CorruptRow, ServiceError):  # a damaged match is listed all the same
            return _("someone")
        return list_words([shown(match.seats[s].shown_name) for s in seats]) or _("nobody")

    @match.command(
        name=locale_str("return"),
        description=locale_str("Take your seat back from the AI that played it while you were away."),
    )
    async def return_(self, interaction: discord.Interaction) -> None:
        async def run():
            match = await answer_in_time(
                interaction, self.bot.service.return_seat(interaction.channel_id, interaction.user.id)
            )
            await reply(interaction, _("You play your own seat in match #{id} again.", id=match.id))

        await guarded(interaction, None, run())

    @match.command(
        name=locale_str("resign"),
        description=locale_str("Resign from this channel's match: it ends and the best of the others wins."),
    )
    async def resign(self, interaction: discord.Interaction) -> None:
        async def run():
            match, winners = await answer_in_time(
                interaction, self.bot.service.resign(interaction.channel_id, interaction.user.id)
            )
            names = list_words([shown(match.seats[w].shown_name) for w in winners]) or _(
                "nobody (a loss against the game)"
            )
            await reply(
                interaction,
                _(
                    "You resigned match #{id}. Winner: {names}. The result is posted.",
                    id=match.id,
                    names=names,
                ),
            )

        await guarded(interaction, None, run())

    @match.command(
        name=locale_str("abandon"),
        description=locale_str("Abandon this channel's match without a result (host or Manage Channels)."),
    )
    async def abandon(self, interaction: discord.Interaction) -> None:
        async def run():
            match = await answer_in_time(
                interaction,
                self.bot.service.abandon(
                    interaction.channel_id, interaction.user.id, Table.can_manage(interaction)
                ),
            )
            await reply(interaction, _("Match #{id} is abandoned; the channel is told.", id=match.id))

        await guarded(interaction, None, run())

    async def finished_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        finished = await self.bot.service.store.finished_matches(interaction.channel_id, 25)
        choices = []
        for f in finished:
            names = list_words(list(f.match.names))
            label = f"#{f.match.id} {self.title(f.match.game)}: {names}"[:100]
            if current.strip("#") in str(f.match.id) or current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label, value=f.match.id))
        return choices[:25]

    def title(self, game: str) -> str:
        registry = self.bot.service.registry
        return registry[game].title if game in registry else game

    @match.command(
        name=locale_str("replay"),
        description=locale_str("The whole of a finished match as an animated picture, move by move."),
    )
    @app_commands.describe(
        match=locale_str("A finished match of this channel (the latest by default)"),
        share=locale_str("Post the replay in the channel for everyone (only you see it by default)"),
    )
    async def replay(
        self, interaction: discord.Interaction, match: int | None = None, share: bool = False
    ) -> None:
        async def run():
            found = await self.bot.service.finished_match(interaction.channel_id, match)
            await self.table.on_replay(interaction, found.id, share)

        await guarded(interaction, match, run())

    replay.autocomplete("match")(finished_autocomplete)

    @match.command(
        name=locale_str("review"),
        description=locale_str(
            "Step through a match turn by turn, privately: the board, each move's words, ◀ ▶ and a menu."
        ),
    )
    @app_commands.describe(
        match=locale_str("A finished match of this channel (by default the one you play, else the latest)")
    )
    async def review(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async def run():
            found = await self.reviewed(interaction.channel_id, interaction.user.id, match)
            await self.table.on_review(interaction, found, None, None, opening=True)

        await guarded(interaction, match, run())

    review.autocomplete("match")(finished_autocomplete)

    async def reviewed(self, channel_id: int, user_id: int, match_id: int | None) -> int:
        """The match /match review shows: the one named (if of this channel), else the one being
        played here if the person plays it, else the channel's latest finished one."""
        if match_id is not None:
            named = await self.bot.service.store.get_match(match_id)
            if named is None or named.channel_id != channel_id:
                raise ServiceError(_("Match #{id} was not played in this channel.", id=match_id))
            return named.id
        live = await self.bot.service.store.live_match(channel_id)
        if live is not None and live.status == "active" and any(s.user_id == user_id for s in live.seats):
            return live.id
        return (await self.bot.service.finished_match(channel_id)).id

    @match.command(
        name=locale_str("history"),
        description=locale_str(
            "The last finished matches of this channel: date, players, scores and winner."
        ),
    )
    async def history(self, interaction: discord.Interaction) -> None:
        async def run():
            finished = await self.bot.service.store.finished_matches(interaction.channel_id, HISTORY)
            if not finished:
                await reply(interaction, _("No match has finished in this channel yet."))
                return
            embed = discord.Embed(title=_("Finished matches in this channel"), colour=discord.Colour.gold())
            for f in finished:
                m = f.match
                by_seat = {r.seat: r for r in f.results}
                scores = list_words(
                    [
                        f"{'🏆 ' if by_seat.get(i) and by_seat[i].won else ''}{shown(seat.shown_name)} "
                        f"{by_seat[i].score if i in by_seat else '-'}"
                        for i, seat in enumerate(m.seats)
                    ]
                )
                winners = [
                    shown(m.seats[r.seat].shown_name) for r in f.results if r.won and r.seat < len(m.seats)
                ]
                date = when(f.finished_at, "d")
                value = _(
                    "{date}: {scores}\nWinner: {names}",
                    date=date,
                    scores=scores,
                    names=and_words(winners) or _("nobody"),
                )
                embed.add_field(name=f"#{m.id} {self.title(m.game)}"[:256], value=value[:1024], inline=False)
            embed.set_footer(text=_("See one again with /match replay."))
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await guarded(interaction, None, run())

    @app_commands.command(
        name=locale_str("leaderboard"),
        description=locale_str(
            "The best players of a game in this server, by rating (OpenSkill; AI players are not rated)."
        ),
    )
    @app_commands.guild_only()
    @app_commands.describe(game=locale_str("Which game's ratings"))
    @app_commands.choices(
        game=[app_commands.Choice(name=g.title, value=k) for k, g in sorted(REGISTRY.items())]
    )
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        async def run():
            best = await self.bot.service.store.leaderboard(interaction.guild_id, game, LEADERBOARD)
            title = _("{game}: the best players in this server", game=self.title(game))
            if not best:
                await reply(
                    interaction,
                    _(
                        "Nobody is rated in {game} here yet: finish a match with two players.",
                        game=self.title(game),
                    ),
                )
                return
            lines = [
                _n(
                    "{place}. {who}: **{rating:.1f}** ({n} rated match)",
                    "{place}. {who}: **{rating:.1f}** ({n} rated matches)",
                    r.played,
                    place=n,
                    who=mention(r.user_id),
                    rating=r.ordinal,
                )
                for n, r in enumerate(best, 1)
            ]
            embed = discord.Embed(title=title, description="\n".join(lines), colour=discord.Colour.gold())
            embed.set_footer(text=tr(RATING_NOTE))
            if self.cooldowns.wait("leaderboard", (interaction.channel_id, game)) > 0:
                # Posted here a moment ago: this one only for who asked, not again for everyone.
                await interaction.response.send_message(
                    _("It was posted in this channel a moment ago; here it is for you."),
                    embed=embed,
                    ephemeral=True,
                )
                return
            await interaction.response.send_message(
                embed=embed, allowed_mentions=discord.AllowedMentions.none()
            )

        await guarded(interaction, None, run())

    @app_commands.command(
        name=locale_str("stats"), description=locale_str("Games played and won in this server, per game.")
    )
    @app_commands.guild_only()
    @app_commands.describe(player=locale_str("Whose results to show (you by default)"))
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        async def run():
            who = player or interaction.user
            lines = await self.bot.service.store.stats(interaction.guild_id, who.id)
            if not lines:
                await reply(
                    interaction,
                    _("{name} has not finished a match in this server yet.", name=shown(who.display_name)),
                )
                return
            ratings = {r.game: r for r in await self.bot.service.store.ratings(interaction.guild_id, who.id)}
            embed = discord.Embed(
                title=_("{name} in this server", name=who.display_name), colour=discord.Colour.green()
            )
            for line in lines:
                value = _("{played} played, {won} won", played=line.played, won=line.won)
                rating = ratings.get(line.game)
                if rating is not None:
                    value += "\n" + _(
                        "Rating **{rating:.1f}** ({n} rated)", rating=rating.ordinal, n=rating.played
                    )
                embed.add_field(name=self.title(line.game), value=value)
            if ratings:
                embed.set_footer(text=tr(RATING_NOTE))
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await guarded(interaction, None, run())

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a (re)connect: deliver what is pending (boards, results, lobbies), and AI seats carry on."""
        # The database may be away at start-up: the writer's sweep then retries both every minute.
        try:
            delivering = await self.table.writer.recover()
            if delivering:
                log.info("delivering the pending messages of %d matches", delivering)
        except Exception as exc:
            log.warning("pending messages not read at start-up (%s); the writer's sweep retries", exc)
        try:
            await self.table.ai.resume()
        except Exception as exc:
            log.warning("AI seats not resumed at start-up (%s); retried after the next sweep", exc)

    @commands.command(name="sync", hidden=True)
    @commands.is_owner()
    async def sync(self, ctx: commands.Context, scope: str = "guild") -> None:
        """Owner only: @bot sync (this server, instant) or @bot sync global (everywhere, slow)."""
        if scope == "global":
            synced = await self.bot.tree.sync()
        elif ctx.guild is not None:
            self.bot.tree.copy_global_to(guild=ctx.guild)
            synced = await self.bot.tree.sync(guild=ctx.guild)
        else:
            await ctx.reply("Use `sync global` in direct messages.")
            return
        await ctx.reply(f"Synced {len(synced)} commands ({scope}).")

    @sync.error
    async def sync_error(self, ctx: commands.Context, error: commands.CommandError) -> None:
        if isinstance(error, commands.NotOwner):
            await ctx.reply("Only the bot's owner can sync commands.")
        else:
            raise error


async def setup(bot: GameBot) -> None:
    table = Table(bot, bot.service)
    table.writer.owns = bot.settings.shards.owns  # pending posts of this process's shards only
    bot.table = table  # type: ignore[attr-defined]
    bot.reminders.on_takeover = table.ai.takeover
    bot.add_dynamic_items(*DYNAMIC_ITEMS)

    @bot.tree.error
    async def on_app_command_error(
        interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.CommandOnCooldown):
            await reply(
                interaction,
                _("You did this a moment ago; again in {n} s, please.", n=round(error.retry_after)),
            )
            return
        if isinstance(error, app_commands.BotMissingPermissions):
            missing = list_words([permission_name(p) for p in error.missing_permissions])
            await reply(
                interaction,
                _("I cannot do that here: I lack the permission {names} in this channel.", names=missing),
            )
            return
        if isinstance(error, app_commands.CheckFailure):
            await reply(interaction, _("You cannot use this command here."))
            return
        original = getattr(error, "original", None)
        if isinstance(original, StoreBusy):
            log.warning("the database did not answer for a command: %s", original)
            await reply(interaction, busy_text(original))
            return
        log.error(
            "command %s failed in channel %s",
            getattr(interaction.command, "qualified_name", "?"),
            interaction.channel_id,
            exc_info=error,
        )
        await reply(interaction, _("Sorry, something went wrong on our side. Nothing was changed."))

    await bot.add_cog(Matches(bot))


__all__ = ["Matches", "jump_url", "setup"]

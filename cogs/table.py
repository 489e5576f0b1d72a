"""The Discord side of a match, shared by every game: ``Table`` routes clicks and commands.

A click is answered only after its change is committed; public messages are then delivered from the
database by the match's writer (``cogs.writer``). The messages are built by ``cogs.messages`` (lobby,
board, mention, result) and ``cogs.panel`` (the private panel); the buttons and selects, in
``cogs.components``, hand their clicks to the ``on_*`` handlers here. The AI seats play through
``bot.seats.AiSeats`` (``Table.ai``), scheduled here after each change that may hand them the turn.
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
from collections.abc import Hashable

import discord

from bot.limits import Cooldowns
from bot.mentions import slash
from bot.names import plain, shown
from bot.seats import AiSeats
from bot.service import MatchService, ServiceError, StaleClick, format_event
from bot.store import Match
from cogs.components import (
    POST_PERMISSIONS,
    THREAD_PERMISSIONS,
    AbsentButton,
    and_words,
    lacking_text,
    missing,
    reply,
    when,
)
from cogs.messages import Messages, person_key
from cogs.panel import Panels, closed_view
from cogs.replays import Replays, log_message
from cogs.writer import Writer, transient
from rendering.facts import facts
from rendering.i18n import _, _n, language, list_words

log = logging.getLogger(__name__)

# Per person, the buttons (and commands) that only draw: a replay at most every REPLAY_COOLDOWN
# seconds (whichever match), one's private view of a match at most every VIEW_COOLDOWN seconds.
REPLAY_COOLDOWN = 20.0
VIEW_COOLDOWN = 10.0
# Play opens (and draws) one's panel at most this often for one moment of a match (its version).
PLAY_COOLDOWN = 5.0
# Per person, and per channel: a board moved to the bottom of the channel at most this often (the
# others who ask meanwhile are shown where it is).
BOARD_COOLDOWN = 30.0
# Per channel and game: a leaderboard posted publicly at most this often (meanwhile: privately).
LEADERBOARD_COOLDOWN = 60.0


ANSWER_WITHIN = 2.0  # seconds a click waits for its answer before it is acknowledged (Discord: 3)


async def defer(interaction: discord.Interaction) -> None:
    """Acknowledge the interaction unless it was: a click's message stays as it is, a command shows
    "thinking" to its author only (every command that writes answers privately)."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.application_command:
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()


async def answer_in_time(interaction: discord.Interaction, awaitable):
    """Await the change a click or command asked for; if it is not done within ``ANSWER_WITHIN``
    seconds (the database waits for a lock), acknowledge the interaction first (``defer``), so that
    Discord does not show it as failed, and answer with the committed result once it is in: the
    caller answers with ``reply`` or ``defer`` then, which know it was acknowledged. Every handler
    that writes awaits its writes through this. The limit is wall-clock time (Discord's window
    is), measured by a timer thread, not by the event loop's clock."""
    task = asyncio.ensure_future(awaitable)
    loop = asyncio.get_running_loop()
    late = asyncio.Event()
    timer = threading.Timer(ANSWER_WITHIN, loop.call_soon_threadsafe, (late.set,))
    timer.daemon = True
    timer.start()
    waiter = asyncio.ensure_future(late.wait())
    try:
        done, _ = await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if task not in done:
            await defer(interaction)
        return await task
    finally:
        timer.cancel()
        waiter.cancel()


class Table:
    """Renders matches into Discord messages and routes clicks to the match service."""

    def __init__(self, client: discord.Client, service: MatchService, ai_budget: float = 2.0) -> None:
        self.client = client
        self.service = service
        self.messages = Messages(client, service)
        self.panels = Panels(service, self.messages)
        self.replays = Replays(client, service, self.messages.pictures)
        # The bot's one set of cooldowns (the cogs' commands count theirs here too).
        self.cooldowns = Cooldowns(
            {
                "replay": REPLAY_COOLDOWN,
                "view": VIEW_COOLDOWN,
                "play": PLAY_COOLDOWN,
                "board": BOARD_COOLDOWN,
                "leaderboard": LEADERBOARD_COOLDOWN,
            }
        )
        self.writer = Writer(client, service, self.messages, self.panels)
        # The AI seats play in this process's servers only (the writer's shards, set by the cog).
        self.ai = AiSeats(service, ai_budget, lambda guild_id: self.writer.owns(guild_id), transient)
        self.writer.after_sweep = self.ai.after_sweep
        service.on_effects = self.writer.kick

    def close(self) -> None:
        self.panels.close()
        self.messages.close()
        self.replays.close()

    def cool_down(self, kind: str, who: Hashable) -> None:
        """Count a use of ``kind``, or refuse it (nothing done) while the person's last is too recent."""
        left = self.cooldowns.wait(kind, who)
        if left > 0:
            raise ServiceError(_("You did this a moment ago; again in {n} s, please.", n=math.ceil(left)))

    def admits_pictures(self, user_id: int) -> None:
        """Refuse at once (before any answer) a request for a picture while the person's are all on
        the way; the picture workers still refuse one that comes in between."""
        pictures = self.messages.pictures
        if not pictures.admits(person_key(user_id)):
            raise ServiceError(pictures.refusal)

    async def here(self, interaction: discord.Interaction, match_id: int) -> Match:
        """The match of a button, refused unless it is of this server and channel (a button is
        only ever shown in its match's channel: anything else is a forged click)."""
        match = await self.service.get(match_id)
        if match.guild_id != interaction.guild_id or match.channel_id != interaction.channel_id:
            log.warning("a click for match %s came from channel %s", match_id, interaction.channel_id)
            raise ServiceError(_("That match is not played here."))
        return match

    async def on_replay(self, interaction: discord.Interaction, match_id: int, share: bool = False) -> None:
        match = await self.here(interaction, match_id)
        if match.status != "finished":
            raise ServiceError(_("Only a finished match has a replay."))
        self.cool_down("replay", interaction.user.id)
        await interaction.response.defer(ephemeral=not share, thinking=True)
        file = await self.replays.file(match, interaction.user.id)
        text = _(
            "Match #{id} of {game}, move by move.", id=match.id, game=self.service.game(match.game).title
        )
        await interaction.followup.send(text, file=file, ephemeral=not share)

    @staticmethod
    def in_private(interaction: discord.Interaction) -> None:
        """Refuse a click that changes the message it is on (the viewer's, the log's) unless that
        message is a private answer: a forged one on a public message would replace it."""
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            raise ServiceError(_("That button belongs to a private answer, not here. Nothing was changed."))

    async def on_review(
        self,
        interaction: discord.Interaction,
        match_id: int,
        step: int | None,
        seat: int | None,
        opening: bool = False,
    ) -> None:
        """The replay viewer at ``step`` seen by ``seat``: opened as a new private message (a
        finished match from its start, with the player's own hand; a running one at its latest
        step), or a click in it, which changes it."""
        if not opening:
            self.in_private(interaction)
        match = await self.here(interaction, match_id)
        user = interaction.user.id
        if opening and match.status == "finished":
            seat = next((n for n, s in enumerate(match.seats) if s.user_id == user), None)
        self.replays.check_viewer(match, user, seat)
        self.admits_pictures(user)
        if opening:
            self.cool_down("view", (user, match.id, "review"))
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()
        view, files = await self.replays.viewer(match, step, seat, person_key(user))
        if opening:
            await interaction.followup.send(view=view, files=files, ephemeral=True)
        else:
            await interaction.edit_original_response(view=view, attachments=files)

    async def on_log_page(self, interaction: discord.Interaction, match_id: int, page: int) -> None:
        """◀ ▶ in /match log: the page asked for, from the log as it is now."""
        self.in_private(interaction)
        match = await self.here(interaction, match_id)
        text, view = log_message(match, await self.service.log_lines(match), page)
        await interaction.response.edit_message(content=text, view=view)

    async def on_lobby_ai(self, interaction: discord.Interaction, match_id: int, value: str) -> None:
        await self.here(interaction, match_id)
        if value == "remove":
            await answer_in_time(interaction, self.service.remove_ai(match_id, interaction.user.id))
        else:
            await answer_in_time(interaction, self.service.add_ai(match_id, interaction.user.id, value))
        await defer(interaction)  # saved: the writer shows the lobby

    async def open_lobby(
        self, interaction: discord.Interaction, game_key: str, options: dict, thread: bool | None
    ) -> None:
        user = interaction.user
        channel = interaction.channel
        if channel is None or interaction.guild is None:
            raise ServiceError(_("Matches are played in a server channel, not in direct messages."))
        if thread is None:  # the channel's setting, except in a thread (already one)
            thread = not isinstance(channel, discord.Thread) and await self.service.opens_threads(channel.id)
        if thread and isinstance(channel, discord.Thread):
            raise ServiceError(_("This is already a thread: run the command without the thread option."))
        game = self.service.game(game_key)
        # Refused before anything is saved: a lobby the bot cannot post would block the channel.
        lacking = missing(
            interaction.app_permissions, POST_PERMISSIONS + (THREAD_PERMISSIONS if thread else ())
        )
        if lacking:
            raise ServiceError(lacking_text(lacking))
        self.check_may_open(interaction, thread)
        if not thread:
            # Saved first, answered after: the writer posts the lobby from the database.
            await answer_in_time(
                interaction,
                self.service.new_lobby(
                    game_key, interaction.guild.id, channel.id, user.id, user.display_name, options
                ),
            )
            await reply(interaction, _("Your {game} lobby is open: it is posted below.", game=game.title))
            return
        await interaction.response.defer(thinking=True, ephemeral=True)
        if thread:
            if not isinstance(channel, discord.TextChannel):
                raise ServiceError(_("Threads can only be opened from a text channel."))
            # The thread's name is read by the channel: in the channel's language, not the host's.
            with language(await self.service.channel_language(channel.id, interaction.guild_id)):
                # TRANSLATORS: the name of a match's thread: "Iki with alice".
                name = _("{game} with {name}", game=game.title, name=plain(user.display_name))[:100]
            target = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        else:
            target = channel
        await self.service.new_lobby(
            game_key, interaction.guild.id, target.id, user.id, user.display_name, options
        )
        await interaction.followup.send(
            _("The lobby is open in {where}.", where=target.mention), ephemeral=True
        )

    async def on_lobby(self, interaction: discord.Interaction, op: str, match_id: int) -> None:
        await self.here(interaction, match_id)
        user = interaction.user
        if op == "join":
            await answer_in_time(interaction, self.service.join(match_id, user.id, user.display_name))
        elif op == "leave":
            await answer_in_time(interaction, self.service.leave(match_id, user.id))
        elif op == "cancel":
            await answer_in_time(
                interaction, self.service.cancel(match_id, user.id, self.can_manage(interaction))
            )
        else:
            self.check_posting(interaction)
            await answer_in_time(interaction, self.service.start(match_id, user.id))
            self.ai.schedule(match_id)
        await defer(interaction)  # saved: the writer shows the lobby and the board

    @staticmethod
    def check_may_open(interaction: discord.Interaction, thread: bool) -> None:
        """Refuse a lobby to a person who may not write where it would be posted (the lobby and
        the board speak for the channel): Send Messages here (in a thread: Send Messages in
        Threads), and to open a new thread, what that needs."""
        if thread:
            theirs = missing(interaction.permissions, ("send_messages", *THREAD_PERMISSIONS))
            if theirs:
                raise ServiceError(
                    _n(
                        "Opening a match in a thread needs the permission {names} here, "
                        "which you do not have: run the command without the thread option.",
                        "Opening a match in a thread needs the permission {names} here, "
                        "which you do not have: run the command without the thread option.",
                        len(theirs),
                        names=and_words(theirs),
                    )
                )
            return
        here = isinstance(interaction.channel, discord.Thread)
        theirs = missing(interaction.permissions, ("send_messages_in_threads" if here else "send_messages",))
        if theirs:
            raise ServiceError(
                _n(
                    "Opening a match needs the permission {names} here, which you do not have.",
                    "Opening a match needs the permission {names} here, which you do not have.",
                    len(theirs),
                    names=and_words(theirs),
                )
            )

    @staticmethod
    def check_posting(interaction: discord.Interaction) -> None:
        """Refuse, naming what is missing, when the bot cannot post the match's messages here."""
        lacking = missing(getattr(interaction, "app_permissions", None), POST_PERMISSIONS)
        if lacking:
            raise ServiceError(lacking_text(lacking))

    @staticmethod
    def can_manage(interaction: discord.Interaction) -> bool:
        perms = getattr(interaction, "permissions", None)
        return bool(perms and perms.manage_channels)

    async def on_rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        await self.here(interaction, match_id)
        self.check_may_open(interaction, False)
        user = interaction.user
        match = await answer_in_time(interaction, self.service.rematch(match_id, user.id, user.display_name))
        await reply(
            interaction,
            _(
                "A rematch lobby (#{id}) is open below, with the same players and options. "
                "Press Start when everyone is ready.",
                id=match.id,
            ),
        )

    # -- the private panel

    async def on_play(self, interaction: discord.Interaction, match_id: int, version: int) -> None:
        match = await self.service.get(match_id)
        if match.status != "active":
            raise ServiceError(_("This match is over."))
        seat = self.service.seat_for_user(match, interaction.user.id)
        if interaction.guild_id is None and match.guild_id is not None:
            await self.check_member(match, interaction.user.id)  # Play on a turn DM
        # Play on an older board still opens the current choice: the panel carries the version it
        # shows, so nothing can be decided against an old one.
        state = self.service.state_of(match)
        to_act = state.to_act()
        if seat not in to_act:
            waiting = list_words([shown(match.seats[s].shown_name) for s in to_act])
            raise ServiceError(_("It is not your turn: waiting for {waiting}.", waiting=waiting))
        self.admits_pictures(interaction.user.id)
        moment = (interaction.user.id, match.id, match.version)
        self.cool_down("play", moment)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            view, file = await self.panels.build(match, state, seat, refusable=True)
            message = await interaction.followup.send(view=view, file=file, ephemeral=True, wait=True)
        except BaseException:
            self.cooldowns.forget("play", moment)  # no panel was shown: the next click may try at once
            raise
        self.panels.live(match.id, interaction.user.id, message.id, message.edit, message.delete)

    async def check_member(self, match: Match, user_id: int) -> None:
        """Refuse a click from a direct message (a turn DM's Play) of someone who is no longer a
        member of the match's server: the channel's buttons are out of their reach, the DM's too."""
        try:
            guild = self.client.get_guild(match.guild_id) or await self.client.fetch_guild(match.guild_id)
            if guild.get_member(user_id) is None:  # the member cache is not kept (no members intent)
                await guild.fetch_member(user_id)
        except (discord.NotFound, discord.Forbidden):
            raise ServiceError(
                _("You are no longer a member of the server of this match, so you cannot play in it.")
            ) from None

    async def on_view(self, interaction: discord.Interaction, match_id: int, version: int) -> None:
        match = await self.service.get(match_id)
        await self.send_private_view(interaction, match)

    async def send_private_view(self, interaction: discord.Interaction, match: Match) -> None:
        if match.status != "active":
            raise ServiceError(_("This match is not being played."))
        seat = self.service.seat_for_user(match, interaction.user.id)
        state = self.service.state_of(match)
        self.admits_pictures(interaction.user.id)
        self.cool_down("view", (interaction.user.id, match.id))
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = state.view(seat)
        words = facts(match.game, view, match.shown_names)
        file = await self.panels.private_picture(match, view, words, interaction.user.id, refusable=True)
        if seat in state.to_act():
            text = _(
                "Your private view of match #{id}. It is your turn: press Play on the board.", id=match.id
            )
        else:
            text = _("Your private view of match #{id}.", id=match.id)
        text += f"\n{words}" if words else ""
        message = await interaction.followup.send(text, file=file, ephemeral=True, wait=True)
        # Retired like panels: a newer My view or panel deletes it, and it is closed before its
        # token ends, so no old answer stays showing the hand of a turn long gone.
        self.panels.live(
            match.id,
            interaction.user.id,
            message.id,
            message.edit,
            message.delete,
            my_view=True,
            order=interaction.id,
        )

    async def on_page(self, interaction: discord.Interaction, match_id: int, version: int, page: int) -> None:
        match = await self.service.get(match_id)
        seat = self.service.seat_for_user(match, interaction.user.id)
        if match.status != "active" or version != match.version:
            raise ServiceError(_("This panel is out of date. Press Play on the current board."))
        state = self.service.state_of(match)
        if seat not in state.to_act():
            raise ServiceError(_("It is not your turn."))
        self.admits_pictures(interaction.user.id)
        await interaction.response.defer()
        view, file = await self.panels.build(match, state, seat, page, refusable=True)
        await interaction.edit_original_response(attachments=[file], view=view)
        self.keep_panel(interaction, match.id)

    async def on_action(
        self, interaction: discord.Interaction, match_id: int, version: int, action_id: str
    ) -> None:
        # The move is saved before the click is answered: a kill before the answer loses a click
        # Discord never confirmed, never one it did. Saving takes a millisecond of the 3 seconds.
        try:
            outcome = await answer_in_time(
                interaction, self.service.act(match_id, interaction.user.id, version, action_id)
            )
        except StaleClick as exc:
            match = exc.match
            state = self.service.state_of(match)
            seat = match.seat_of(interaction.user.id)
            if match.status == "active" and seat is not None and seat in state.to_act():
                await defer(interaction)
                view, file = await self.panels.build(
                    match,
                    state,
                    seat,
                    note=_("The game moved on since that panel was shown. Here is your choice now:"),
                    refusable=True,  # nothing was saved by this click
                )
                await interaction.edit_original_response(attachments=[file], view=view)
                self.keep_panel(interaction, match.id)
                return
            raise ServiceError(_("This panel is out of date; nothing was changed.")) from None
        match, state, seat = outcome.match, outcome.state, outcome.seat
        self.ai.schedule(match.id)
        private = [
            format_event(e["text"], match.shown_names)
            for e in outcome.events
            if e.get("private_to") == seat and e.get("text")
        ]
        note = "\n".join(private)
        if not outcome.finished and seat in state.to_act():
            await defer(interaction)
            view, file = await self.panels.build(match, state, seat, note=note)
            await interaction.edit_original_response(attachments=[file], view=view)
            self.keep_panel(interaction, match.id)
            return
        if outcome.finished:
            done = _("The game is over: the result is posted in the channel.")
            self.panels.drop(match.id, interaction.user.id)
        else:
            # A promise only as long as the token lasts: after that, the panel is closed.
            self.keep_panel(interaction, match.id)
            until = self.panels.until(match.id, interaction.user.id)
            if until is not None:
                done = _(
                    "Done: the board shows the next turn. If your turn comes by {time}, this panel "
                    "shows it; else press Play on the board.",
                    time=when(until, "t"),
                )
            else:
                done = _("Done: the board shows the next turn.")
        text = (note + "\n" if note else "") + done
        view = (
            closed_view(text[:2000]) if outcome.finished else self.panels.done_view(match, state, seat, text)
        )
        if interaction.response.is_done():  # deferred while the database was slow
            await interaction.edit_original_response(view=view, attachments=[])
        else:
            await interaction.response.edit_message(view=view, attachments=[])

    def keep_panel(self, interaction: discord.Interaction, match_id: int) -> None:
        """The panel clicked is the player's live one, changed from now on with this click's token."""
        message = interaction.message
        if message is not None:
            self.panels.live(
                match_id,
                interaction.user.id,
                message.id,
                interaction.edit_original_response,
                interaction.delete_original_response,
            )

    async def on_undo(self, interaction: discord.Interaction, match_id: int, version: int) -> None:
        """Undo in the panel: the step is taken back (saved before the answer), the panel shows the
        choice as it was; the board is redrawn by the writer."""
        try:
            outcome = await answer_in_time(
                interaction, self.service.undo(match_id, interaction.user.id, version)
            )
        except StaleClick:
            raise ServiceError(
                _(
                    "This Undo is out of date: the game moved on since this panel was shown. Nothing was changed."
                )
            ) from None
        match, state, seat = outcome.match, outcome.state, outcome.seat
        await defer(interaction)
        view, file = await self.panels.build(match, state, seat, note=_("Taken back. Your choice again:"))
        await interaction.edit_original_response(attachments=[file], view=view)
        self.keep_panel(interaction, match.id)

    # -- a player who stays away

    async def on_absent(self, interaction: discord.Interaction, match_id: int, version: int, op: str) -> None:
        """The board's choice for an absent player: an AI plays the seat, or (asked once more,
        privately) the match ends without a result."""
        match = await self.here(interaction, match_id)
        names = list_words(
            [
                shown(match.seats[s].shown_name)
                for s in self.service.check_absent_choice(match, interaction.user.id, version)
            ]
        )
        if op == "end":
            await reply(
                interaction,
                _(
                    "End match #{id} without a result? Nobody wins or loses, and it cannot be taken "
                    "back. (Letting an AI play {names}'s seat keeps the match going.)",
                    id=match.id,
                    names=names,
                ),
                view=discord.ui.View().add_item(AbsentButton("endok", match.id, version)),
            )
            return
        choice = "ai" if op == "ai" else "end"
        await answer_in_time(
            interaction, self.service.choose_for_absent(match_id, interaction.user.id, version, choice)
        )
        if choice == "ai":
            self.ai.schedule(match_id)
            await reply(
                interaction,
                _(
                    "An AI now plays {names}'s seat until they come back with {command}.",
                    names=names,
                    command=slash("match return"),
                ),
            )
        else:
            await reply(interaction, _("Match #{id} ended without a result.", id=match.id))

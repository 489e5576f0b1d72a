"""The Discord side of a match, shared by every game.

``Table`` routes clicks and commands to the match service and builds the
messages: the lobby, the public board (picture, whose turn, last moves,
buttons), the private panel of legal actions, the final scores and the
reminders. A click is answered only after its change is committed; public
messages are then delivered from the database by the match's writer
(``cogs.writer``). The buttons are ``DynamicItem``s whose custom_id carries the
match id and the version they were made for, so they keep working after a
restart and an old one is recognised as old.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import ClassVar

import discord

import rendering
from bot.replay import Replay, ReplayError
from bot.replay import replay as make_replay
from bot.service import LiveMatchExists, MatchService, ServiceError, StaleClick, format_event
from bot.store import CorruptRow, Match
from cogs.writer import Writer
from games import Action, GameState
from games.ai import LEVELS, choose

log = logging.getLogger(__name__)

MAX_ROWS = 5
PANEL_LIFETIME = 14 * 60  # seconds a private panel stays editable (Discord's token lasts 15 minutes)
SELECT_SIZE = 25
RECENT_LINES = 6
AI_RETRIES = 5  # transient failures in a row before an AI seat waits for the next start


def jump_url(match: Match, message_id: int | None) -> str:
    guild = match.guild_id or "@me"
    if message_id is None:
        return f"https://discord.com/channels/{guild}/{match.channel_id}"
    return f"https://discord.com/channels/{guild}/{match.channel_id}/{message_id}"


def seat_label(match: Match, seat: int) -> str:
    s = match.seats[seat]
    if s.ai is not None:
        return f"**{s.name}** (AI)" if s.user_id is not None else f"**{s.name}**"
    return f"<@{s.user_id}>"


async def reply(interaction: discord.Interaction, text: str, **kwargs) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def guarded(interaction: discord.Interaction, match_id: int | None, coro) -> None:
    """Run a handler: refusals become short ephemeral answers, failures are logged and apologised for."""
    try:
        await coro
    except LiveMatchExists as exc:
        link = jump_url(exc.match, exc.match.board_message_id)
        await reply(interaction, f"{exc} It is here: {link}")
    except ServiceError as exc:
        await reply(interaction, str(exc))
    except CorruptRow:
        log.exception("match %s has a damaged row", match_id)
        await reply(
            interaction,
            "This match's saved data is damaged, so it cannot go on. Nothing was changed; "
            "the host can end it with /match abandon.",
        )
    except Exception:
        log.exception("error handling an interaction for match %s", match_id)
        try:
            await reply(interaction, "Sorry, something went wrong on our side. The match is unchanged.")
        except discord.HTTPException:
            log.exception("could not send the apology for match %s", match_id)


# -- the panel of legal actions


@dataclass
class Row:
    kind: str  # "buttons" or "select"
    actions: list[Action]
    group: str


def panel_rows(actions: list[Action]) -> list[Row]:
    """Buttons for small groups with short labels, select menus (25 per menu) otherwise."""
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(action.group, []).append(action)
    rows: list[Row] = []
    for group, acts in groups.items():
        if len(acts) <= 5 and all(len(a.label) <= 40 for a in acts):
            rows.append(Row("buttons", acts, group))
        else:
            for i in range(0, len(acts), SELECT_SIZE):
                rows.append(Row("select", acts[i : i + SELECT_SIZE], group))
    return rows


def paginate(rows: list[Row]) -> list[list[Row]]:
    """Pages of at most five rows; when there is more than one page, four rows and a navigation row."""
    if len(rows) <= MAX_ROWS:
        return [rows]
    per = MAX_ROWS - 1
    return [rows[i : i + per] for i in range(0, len(rows), per)]


def button_style(action: Action) -> discord.ButtonStyle:
    if action.group in ("pass", "skip", "done", "back", "stop") or action.id in (
        "pass",
        "skip",
        "done",
        "back",
    ):
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"ac:(?P<mid>\d+):(?P<ver>\d+):(?P<aid>.+)"
):
    def __init__(self, match_id: int, version: int, action: Action) -> None:
        super().__init__(
            discord.ui.Button(
                label=action.label[:80],
                style=button_style(action),
                custom_id=f"ac:{match_id}:{version}:{action.id}",
            )
        )
        self.match_id, self.version, self.action_id = match_id, version, action.id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["ver"]), Action(match["aid"], item.label or match["aid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: Table = interaction.client.table
        await guarded(
            interaction,
            self.match_id,
            table.on_action(interaction, self.match_id, self.version, self.action_id),
        )


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"as:(?P<mid>\d+):(?P<ver>\d+):(?P<n>\d+)"
):
    def __init__(
        self,
        match_id: int,
        version: int,
        n: int,
        actions: list[Action] | None = None,
        placeholder: str = "Choose...",
    ) -> None:
        options = [discord.SelectOption(label=a.label[:100], value=a.id) for a in actions or []]
        super().__init__(
            discord.ui.Select(
                custom_id=f"as:{match_id}:{version}:{n}",
                placeholder=placeholder[:150],
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["ver"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: Table = interaction.client.table
        values = (interaction.data or {}).get("values") or []
        if len(values) != 1:
            await reply(interaction, "Choose exactly one option.")
            return
        await guarded(
            interaction,
            self.match_id,
            table.on_action(interaction, self.match_id, self.version, str(values[0])),
        )


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"pg:(?P<mid>\d+):(?P<ver>\d+):(?P<page>\d+)"
):
    def __init__(self, match_id: int, version: int, page: int, label: str = "More") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"pg:{match_id}:{version}:{page}"
            )
        )
        self.match_id, self.version, self.page = match_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["ver"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: Table = interaction.client.table
        await guarded(
            interaction, self.match_id, table.on_page(interaction, self.match_id, self.version, self.page)
        )


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"bd:(?P<op>play|view):(?P<mid>\d+):(?P<ver>\d+)"
):
    LABELS: ClassVar[dict] = {
        "play": ("Play", discord.ButtonStyle.success),
        "view": ("My view", discord.ButtonStyle.secondary),
    }

    def __init__(self, op: str, match_id: int, version: int) -> None:
        label, style = self.LABELS[op]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"bd:{op}:{match_id}:{version}")
        )
        self.op, self.match_id, self.version = op, match_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["op"], int(match["mid"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: Table = interaction.client.table
        handler = table.on_play if self.op == "play" else table.on_view
        await guarded(interaction, self.match_id, handler(interaction, self.match_id, self.version))


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"lb:(?P<op>join|leave|start|cancel):(?P<mid>\d+)"
):
    STYLES: ClassVar[dict] = {
        "join": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, op: str, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(label=op.capitalize(), style=self.STYLES[op], custom_id=f"lb:{op}:{match_id}")
        )
        self.op, self.match_id = op, match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["op"], int(match["mid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: Table = interaction.client.table
        await guarded(interaction, self.match_id, table.on_lobby(interaction, self.op, self.match_id))


class LobbyAISelect(discord.ui.DynamicItem[discord.ui.Select], template=r"la:(?P<mid>\d+)"):
    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"la:{match_id}",
                placeholder="Add an AI player (host)...",
                options=[
                    discord.SelectOption(
                        label="Add a quick AI", value="quick", description=LEVELS["quick"][:100]
                    ),
                    discord.SelectOption(
                        label="Add a strong AI", value="strong", description=LEVELS["strong"][:100]
                    ),
                    discord.SelectOption(label="Remove the last AI", value="remove"),
                ],
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: Table = interaction.client.table
        values = (interaction.data or {}).get("values") or [""]
        await guarded(
            interaction, self.match_id, table.on_lobby_ai(interaction, self.match_id, str(values[0]))
        )


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rp:(?P<mid>\d+)"):
    """On a final result: the whole match as an animated picture, for the one who asks."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Replay", emoji="🎞️", style=discord.ButtonStyle.secondary, custom_id=f"rp:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: Table = interaction.client.table
        await guarded(interaction, self.match_id, table.on_replay(interaction, self.match_id))


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rm:(?P<mid>\d+)"):
    """On the final result: the same players and options in a new lobby, here."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(label="Rematch", style=discord.ButtonStyle.primary, custom_id=f"rm:{match_id}")
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: Table = interaction.client.table
        await guarded(interaction, self.match_id, table.on_rematch(interaction, self.match_id))


DYNAMIC_ITEMS = (
    ActButton,
    ActSelect,
    PageButton,
    BoardButton,
    LobbyButton,
    LobbyAISelect,
    ReplayButton,
    RematchButton,
)
REPLAYS_KEPT = 4  # finished matches never change: their last replays are kept, not drawn again
LOBBY_OPS = ("join", "leave", "start", "cancel")


def layout(*items: discord.ui.Item, colour: discord.Colour) -> discord.ui.LayoutView:
    """A Components V2 message: everything in one container, so it reads as one card."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*items, accent_colour=colour))
    return view


class Table:
    """Renders matches into Discord messages and routes clicks to the match service."""

    def __init__(self, client: discord.Client, service: MatchService, ai_budget: float = 2.0) -> None:
        self.client = client
        self.service = service
        self.ai_budget = ai_budget
        self._driving: set[int] = set()
        # The last private panel of each (match, player), editable while its interaction token
        # lasts: when the turn comes back, it shows the new choice itself (no Play click needed).
        self._panels: dict[tuple[int, int], tuple[float, Callable[..., Awaitable]]] = {}
        self._tasks: set[asyncio.Task] = set()
        # Pictures are drawn by two workers of their own, so a burst of boards never takes the
        # default executor (nor the event loop) from everything else.
        self._render_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")
        # A replay draws up to a hundred pictures: one worker of its own, so boards never wait.
        self._replay_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")
        self._replays: OrderedDict[int, asyncio.Future[Replay]] = OrderedDict()
        self.writer = Writer(self)
        service.on_effects = self.writer.kick

    def close(self) -> None:
        self._render_pool.shutdown(wait=False, cancel_futures=True)
        self._replay_pool.shutdown(wait=False, cancel_futures=True)

    # -- pictures (off the event loop)

    async def picture(self, match: Match, view: dict, filename: str) -> discord.File:
        """The picture of a view, with its alt text (what it shows, for screen readers)."""
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(self._render_pool, rendering.render, match.game, view, match.names)
        description = rendering.describe(match.game, view, match.names)
        return discord.File(io.BytesIO(data), filename=filename, description=description)

    async def replay(self, match: Match) -> Replay:
        """The finished match as an animated GIF, rebuilt from its seed and action log in a worker."""
        if match.status != "finished":
            raise ServiceError("Only a finished match has a replay.")
        future = self._replays.get(match.id)
        if future is None or future.cancelled() or (future.done() and future.exception() is not None):
            future = asyncio.ensure_future(self._draw_replay(match))
            self._replays[match.id] = future
            while len(self._replays) > REPLAYS_KEPT:
                self._replays.popitem(last=False)
        self._replays.move_to_end(match.id)
        return await asyncio.shield(future)  # one click that gives up does not cancel it for others

    async def _draw_replay(self, match: Match) -> Replay:
        rows = await self.service.store.action_log(match.id)
        game = self.service.game(match.game)
        work = functools.partial(
            make_replay,
            game,
            len(match.seats),
            match.seed,
            match.options,
            [(r.seat, r.action) for r in rows],
            match.names,
            expected_state=match.state,
        )
        try:
            return await asyncio.get_running_loop().run_in_executor(self._replay_pool, work)
        except ReplayError:
            log.exception("match %s cannot be replayed", match.id)
            raise ServiceError("This match cannot be replayed, sorry: its log does not rebuild it.") from None

    async def replay_file(self, match: Match) -> discord.File:
        replay = await self.replay(match)
        game = self.service.game(match.game).title
        state = self.service.state_of(match)
        scores = state.scores()
        if state.is_over():
            end = "Winner: " + (" and ".join(match.seats[w].name for w in state.winners()) or "nobody") + "."
        else:
            end = "It ended with a resignation."
        description = (
            f"Replay of {game} match #{match.id}: {replay.turns} turns in {replay.frames} pictures. "
            f"Scores: {', '.join(f'{s.name} {scores[i]}' for i, s in enumerate(match.seats))}. {end}"
        )
        return discord.File(
            io.BytesIO(replay.data),
            filename=f"{match.game}-match-{match.id}-replay.gif",
            description=rendering.alt.clip(description),
        )

    async def on_replay(self, interaction: discord.Interaction, match_id: int, share: bool = False) -> None:
        match = await self.service.get(match_id)
        if match.status != "finished":
            raise ServiceError("Only a finished match has a replay.")
        await interaction.response.defer(ephemeral=not share, thinking=True)
        file = await self.replay_file(match)
        text = f"Match #{match.id} of {self.service.game(match.game).title}, move by move."
        await interaction.followup.send(text, file=file, ephemeral=not share)

    async def channel(self, match: Match) -> discord.abc.Messageable:
        channel = self.client.get_channel(match.channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(match.channel_id)
        return channel  # type: ignore[return-value]

    # -- lobby

    def option_words(self, match: Match) -> str:
        """The match's options as a person reads them: "Map: New Horizons, Feats: off"."""
        names: dict[str, tuple[str, dict]] = {}
        group = self.client.tree.get_command(match.game) if hasattr(self.client, "tree") else None
        new = group.get_command("new") if isinstance(group, discord.app_commands.Group) else None
        for param in getattr(new, "parameters", []):
            names[param.name] = (param.display_name, {c.value: c.name for c in param.choices})
        words = []
        for key, value in match.options.items():
            label, choices = names.get(key, (key, {}))
            if isinstance(value, bool):
                shown = "on" if value else "off"
            elif value in choices:
                shown = choices[value]
            else:
                shown = " + ".join(part.replace("-", " ").capitalize() for part in str(value).split("+"))
            words.append(f"{label.replace('_', ' ').capitalize()}: {shown}")
        return ", ".join(words)

    def lobby_message(self, match: Match, payload: dict) -> discord.ui.LayoutView:
        """The lobby as the database has it now: open with its buttons, started, or cancelled."""
        game = self.service.game(match.game)
        lo, hi = min(game.player_counts), max(game.player_counts)
        colour = discord.Colour.teal()
        if match.status == "lobby":
            text = (
                f"<@{match.host_id}> is hosting. Press **Join** to play ({lo}-{hi} players). "
                "The host presses **Start** when everyone is in."
            )
        elif match.status == "abandoned":
            by = payload.get("cancelled_by")
            text, colour = (f"Cancelled by <@{by}>." if by else "Cancelled."), discord.Colour.dark_grey()
        else:
            text = f"Started. Seat order: {' -> '.join(s.name for s in match.seats)}."
        players = "\n".join(f"{i + 1}. {s.name}" for i, s in enumerate(match.seats)) or "nobody yet"
        items: list[discord.ui.Item] = [
            discord.ui.TextDisplay(f"### {game.title}: new match #{match.id}\n{text}"),
            discord.ui.TextDisplay(f"**Players ({len(match.seats)}/{hi})**\n{players}"),
        ]
        if match.options:
            items.append(discord.ui.TextDisplay(f"**Options:** {self.option_words(match)}"))
        if match.status == "lobby":
            items.append(discord.ui.ActionRow(*(LobbyButton(op, match.id) for op in LOBBY_OPS)))
            items.append(discord.ui.ActionRow(LobbyAISelect(match.id)))
        return layout(*items, colour=colour)

    async def on_lobby_ai(self, interaction: discord.Interaction, match_id: int, value: str) -> None:
        if value == "remove":
            await self.service.remove_ai(match_id, interaction.user.id)
        else:
            await self.service.add_ai(match_id, interaction.user.id, value)
        await interaction.response.defer()  # saved: the writer shows the lobby

    async def open_lobby(
        self, interaction: discord.Interaction, game_key: str, options: dict, thread: bool | None
    ) -> None:
        user = interaction.user
        channel = interaction.channel
        if channel is None or interaction.guild is None:
            raise ServiceError("Matches are played in a server channel, not in direct messages.")
        if thread is None:  # the channel's setting, except in a thread (already one)
            thread = not isinstance(channel, discord.Thread) and await self.service.opens_threads(channel.id)
        if thread and isinstance(channel, discord.Thread):
            raise ServiceError("This is already a thread: run the command without the thread option.")
        game = self.service.game(game_key)
        if not thread:
            # Saved first, answered after: the writer posts the lobby from the database.
            await self.service.new_lobby(
                game_key, interaction.guild.id, channel.id, user.id, user.display_name, options
            )
            await interaction.response.send_message(
                f"Your {game.title} lobby is open: it is posted below.", ephemeral=True
            )
            return
        await interaction.response.defer(thinking=True, ephemeral=True)
        if thread:
            if not isinstance(channel, discord.TextChannel):
                raise ServiceError("Threads can only be opened from a text channel.")
            target = await channel.create_thread(
                name=f"{game.title} with {user.display_name}"[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        else:
            target = channel
        await self.service.new_lobby(
            game_key, interaction.guild.id, target.id, user.id, user.display_name, options
        )
        await interaction.followup.send(f"The lobby is open in {target.mention}.", ephemeral=True)

    async def on_lobby(self, interaction: discord.Interaction, op: str, match_id: int) -> None:
        user = interaction.user
        if op == "join":
            await self.service.join(match_id, user.id, user.display_name)
        elif op == "leave":
            await self.service.leave(match_id, user.id)
        elif op == "cancel":
            await self.service.cancel(match_id, user.id, self.can_manage(interaction))
        else:
            await self.service.start(match_id, user.id)
            self.schedule_ai(match_id)
        await interaction.response.defer()  # saved: the writer shows the lobby and the board

    @staticmethod
    def can_manage(interaction: discord.Interaction) -> bool:
        perms = getattr(interaction, "permissions", None)
        return bool(perms and perms.manage_channels)

    # -- the public board

    def recent_lines(self, match: Match, events: list[dict]) -> list[str]:
        return [
            format_event(e["text"], match.names) for e in events if "private_to" not in e and e.get("text")
        ]

    def scores_line(self, match: Match, scores: list[int]) -> str:
        return " · ".join(f"{s.name} **{scores[i]}**" for i, s in enumerate(match.seats))

    async def board_message(
        self, match: Match, state: GameState, recent: list[str]
    ) -> tuple[discord.ui.LayoutView, discord.File]:
        """The public board: who acts and on what, the picture, the scores, the last moves, Play."""
        game = self.service.game(match.game)
        to_act = state.to_act()
        head = f"### {game.title} · match #{match.id}"
        if to_act:
            waiting = ", ".join(seat_label(match, s) for s in to_act)
            prompt = format_event(state.prompt(to_act[0]), match.names)
            head += f"\n**Waiting for {waiting}:** {prompt}"
        public = state.view(None)
        file = await self.picture(match, public, "board.png")
        items: list[discord.ui.Item] = [
            discord.ui.TextDisplay(head[:1500]),
            discord.ui.MediaGallery(discord.MediaGalleryItem(file)),
            discord.ui.TextDisplay(f"**Scores:** {self.scores_line(match, state.scores())}"[:500]),
        ]
        facts = rendering.glance(match.game, public)
        if facts:
            items.append(discord.ui.TextDisplay(facts))
        if recent:
            moves = "\n".join(f"- {line}" for line in recent[-RECENT_LINES:])
            items.append(discord.ui.TextDisplay(f"**Last moves**\n{moves}"[:1500]))
        items.append(
            discord.ui.ActionRow(
                BoardButton("play", match.id, match.version), BoardButton("view", match.id, match.version)
            )
        )
        items.append(
            discord.ui.TextDisplay("-# Press Play when it is your turn. My view shows your private cards.")
        )
        return layout(*items, colour=discord.Colour.blue()), file

    def mention_text(
        self, match: Match, seats: list[int], board_id: int | None, reminder: int | None = None
    ) -> str:
        """The short message that pings the players to act; it links to the board."""
        who = ", ".join(seat_label(match, s) for s in seats)
        game = self.service.game(match.game).title
        what = f"reminder ({reminder}/3), your turn" if reminder else "your turn"
        return f"{who}, {what} in {game} match #{match.id}: [see the board]({jump_url(match, board_id)})"

    @staticmethod
    def is_mention(match: Match, message: discord.Message) -> bool:
        """A "your turn" message of this match (found in the history after a kill)."""
        text = message.content or ""
        return "your turn in" in text and f" match #{match.id}: " in text and not message.components

    def final_title(self, match: Match) -> str:
        return f"{self.service.game(match.game).title} - match #{match.id} is over"

    def final_buttons(self, match: Match) -> list[discord.ui.Item]:
        """The buttons under a finished match's result."""
        return [RematchButton(match.id), ReplayButton(match.id)]

    async def final_message(self, match: Match, payload: dict) -> tuple[discord.ui.LayoutView, discord.File]:
        """The final scores (after the last move, or after a resignation)."""
        state = self.service.state_of(match)
        scores = state.scores()
        resigned = payload.get("resigned")
        winners = payload.get("winners", state.winners()) if resigned is not None else state.winners()
        names = " and ".join(seat_label(match, w) for w in winners)
        if not winners:
            outcome = "Nobody wins: every player lost this time."
        else:
            outcome = f"Winner: {names}!" if len(winners) == 1 else f"Winners: {names}!"
        if resigned is not None and 0 <= resigned < len(match.seats):
            outcome = f"{seat_label(match, resigned)} resigned. {outcome}"
        ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
        table = "\n".join(
            f"{'🏆 ' if s in winners else ''}{match.seats[s].name}: {scores[s]}" for s in ranking
        )
        file = await self.picture(match, state.view(None), "final.png")
        items: list[discord.ui.Item] = [
            discord.ui.TextDisplay(f"### {self.final_title(match)}\n{outcome}"),
            discord.ui.MediaGallery(discord.MediaGalleryItem(file)),
            discord.ui.TextDisplay(f"**Final scores**\n{table}"[:1500]),
        ]
        recent = await self.recent(match)
        if recent:
            moves = "\n".join(f"- {line}" for line in recent[-RECENT_LINES:])
            items.append(discord.ui.TextDisplay(f"**Last moves**\n{moves}"[:1500]))
        items.append(discord.ui.ActionRow(*self.final_buttons(match)))
        return layout(*items, colour=discord.Colour.gold()), file

    def abandoned_message(self, match: Match, user_id: int | None) -> discord.ui.LayoutView:
        by = f" by <@{user_id}>" if user_id else ""
        text = f"### {self.final_title(match)}\nMatch #{match.id} was abandoned{by}, without a result."
        return layout(discord.ui.TextDisplay(text), colour=discord.Colour.dark_grey())

    async def on_rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        user = interaction.user
        match = await self.service.rematch(match_id, user.id, user.display_name)
        await interaction.response.send_message(
            f"A rematch lobby (#{match.id}) is open below, with the same players and options. "
            "Press Start when everyone is ready.",
            ephemeral=True,
        )

    # -- the private panel

    async def panel(self, match: Match, state: GameState, seat: int, page: int = 0, note: str = ""):
        """Content, picture and components of a seat's private panel."""
        # Labels may name players as {p0}, {p1}...: fill in the names.
        actions = [
            Action(a.id, format_event(a.label, match.names)[:80], a.group) for a in state.legal_actions(seat)
        ]
        pages = paginate(panel_rows(actions))
        page = min(page, len(pages) - 1)
        view = discord.ui.View(timeout=None)
        for n, row in enumerate(pages[page]):
            if row.kind == "buttons":
                for action in row.actions:
                    item = ActButton(match.id, match.version, action)
                    item.item.row = n
                    view.add_item(item)
            else:
                first, last = row.actions[0].label, row.actions[-1].label
                placeholder = (
                    f"{row.group.capitalize()}: {first} ... {last}" if len(row.actions) > 1 else first
                )
                select = ActSelect(match.id, match.version, n, row.actions, placeholder)
                select.item.row = n
                view.add_item(select)
        if len(pages) > 1:
            nav_row = len(pages[page])
            if page > 0:
                b = PageButton(match.id, match.version, page - 1, "Previous")
                b.item.row = nav_row
                view.add_item(b)
            if page < len(pages) - 1:
                b = PageButton(match.id, match.version, page + 1, f"More ({page + 2}/{len(pages)})")
                b.item.row = nav_row
                view.add_item(b)
        content = f"{note}\n" if note else ""
        content += f"**{format_event(state.prompt(seat), match.names)}**"
        file = await self.picture(match, state.view(seat), "private.png")
        return content[:2000], file, view

    async def on_play(self, interaction: discord.Interaction, match_id: int, version: int) -> None:
        match = await self.service.get(match_id)
        if match.status != "active":
            raise ServiceError("This match is over.")
        seat = self.service.seat_for_user(match, interaction.user.id)
        # Play on an older board still opens the current choice: the panel carries the version it
        # shows, so nothing can be decided against an old one.
        state = self.service.state_of(match)
        to_act = state.to_act()
        if seat not in to_act:
            waiting = ", ".join(match.seats[s].name for s in to_act)
            raise ServiceError(f"It is not your turn: waiting for {waiting}.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        content, file, view = await self.panel(match, state, seat)
        message = await interaction.followup.send(content, file=file, view=view, ephemeral=True, wait=True)
        self.keep_panel(match.id, interaction.user.id, message.edit)

    async def on_view(self, interaction: discord.Interaction, match_id: int, version: int) -> None:
        match = await self.service.get(match_id)
        await self.send_private_view(interaction, match)

    async def send_private_view(self, interaction: discord.Interaction, match: Match) -> None:
        if match.status != "active":
            raise ServiceError("This match is not being played.")
        seat = self.service.seat_for_user(match, interaction.user.id)
        state = self.service.state_of(match)
        await interaction.response.defer(ephemeral=True, thinking=True)
        file = await self.picture(match, state.view(seat), "private.png")
        text = f"Your private view of match #{match.id}."
        if seat in state.to_act():
            text += " It is your turn: press Play on the board."
        await interaction.followup.send(text, file=file, ephemeral=True)

    async def on_page(self, interaction: discord.Interaction, match_id: int, version: int, page: int) -> None:
        match = await self.service.get(match_id)
        seat = self.service.seat_for_user(match, interaction.user.id)
        if match.status != "active" or version != match.version:
            raise ServiceError("This panel is out of date. Press Play on the current board.")
        state = self.service.state_of(match)
        if seat not in state.to_act():
            raise ServiceError("It is not your turn.")
        await interaction.response.defer()
        content, file, view = await self.panel(match, state, seat, page)
        await interaction.edit_original_response(content=content, attachments=[file], view=view)
        self.keep_panel(match.id, interaction.user.id, interaction.edit_original_response)

    async def on_action(
        self, interaction: discord.Interaction, match_id: int, version: int, action_id: str
    ) -> None:
        # The move is saved before the click is answered: a kill before the answer loses a click
        # Discord never confirmed, never one it did. Saving takes a millisecond of the 3 seconds.
        try:
            outcome = await self.service.act(match_id, interaction.user.id, version, action_id)
        except StaleClick as exc:
            match = exc.match
            state = self.service.state_of(match)
            seat = match.seat_of(interaction.user.id)
            if match.status == "active" and seat is not None and seat in state.to_act():
                await interaction.response.defer()
                content, file, view = await self.panel(
                    match,
                    state,
                    seat,
                    note="The game moved on since that panel was shown. Here is your choice now:",
                )
                await interaction.edit_original_response(content=content, attachments=[file], view=view)
                self.keep_panel(match.id, interaction.user.id, interaction.edit_original_response)
                return
            raise ServiceError("This panel is out of date; nothing was changed.") from None
        match, state, seat = outcome.match, outcome.state, outcome.seat
        self.schedule_ai(match.id)
        private = [
            format_event(e["text"], match.names)
            for e in outcome.events
            if e.get("private_to") == seat and e.get("text")
        ]
        note = "\n".join(private)
        if not outcome.finished and seat in state.to_act():
            await interaction.response.defer()
            content, file, view = await self.panel(match, state, seat, note=note)
            await interaction.edit_original_response(content=content, attachments=[file], view=view)
            self.keep_panel(match.id, interaction.user.id, interaction.edit_original_response)
            return
        if outcome.finished:
            done = "The game is over: the result is posted in the channel."
            self._panels.pop((match.id, interaction.user.id), None)
        else:
            done = (
                "Done: the board shows the next turn. This panel shows your next choice when it is your turn."
            )
            self.keep_panel(match.id, interaction.user.id, interaction.edit_original_response)
        await interaction.response.edit_message(
            content=(note + "\n" if note else "") + done, attachments=[], view=None
        )

    def keep_panel(self, match_id: int, user_id: int, edit: Callable[..., Awaitable]) -> None:
        """Remember how to edit this player's panel (an interaction token lasts 15 minutes)."""
        self._panels[(match_id, user_id)] = (time.monotonic() + PANEL_LIFETIME, edit)

    async def refresh_panels(self, match: Match, seats: list[int]) -> None:
        """The turn came to these seats: their last panel, if still editable, shows the choice."""
        if match.status != "active":
            return
        state = self.service.state_of(match)
        for seat in seats:
            user_id = match.seats[seat].user_id
            kept = self._panels.get((match.id, user_id)) if user_id is not None else None
            if kept is None or seat not in state.to_act():
                continue
            expires, edit = kept
            if time.monotonic() > expires:
                del self._panels[(match.id, user_id)]
                continue
            content, file, view = await self.panel(match, state, seat, note="Your turn:")
            try:
                await edit(content=content, attachments=[file], view=view)
            except discord.HTTPException:
                self._panels.pop((match.id, user_id), None)  # gone or expired: Play opens a new one

    def forget_panels(self, match_id: int) -> None:
        for key in [k for k in self._panels if k[0] == match_id]:
            del self._panels[key]

    # -- AI seats

    def schedule_ai(self, match_id: int) -> None:
        """Let AI seats play in the background (the search runs in a worker thread)."""
        if match_id not in self._driving:
            self._driving.add(match_id)
            task = asyncio.create_task(self._drive_ai(match_id), name=f"ai-{match_id}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _drive_ai(self, match_id: int) -> None:
        failures = 0
        try:
            while True:
                try:
                    match = await self.service.get(match_id)
                    seats = self.service.ai_to_act(match)
                    if not seats:
                        return
                    seat = seats[0]
                    state = self.service.state_of(match)
                    action = await asyncio.to_thread(
                        choose,
                        state.copy(),
                        seat,
                        match.seats[seat].ai or "quick",
                        self.ai_budget,
                        (match.seed + match.version) & 0xFFFFFFFF,
                    )
                    await self.service.act_ai(match.id, seat, match.version, action)
                    failures = 0
                except StaleClick:
                    continue  # someone else moved meanwhile: think again
                except (ServiceError, CorruptRow):
                    log.exception("AI player cannot play match %s", match_id)
                    return
                except Exception:
                    # A transient failure (the database busy, ...): the seat keeps playing.
                    failures += 1
                    if failures > AI_RETRIES:
                        log.exception("AI player of match %s gives up after %d failures", match_id, failures)
                        return
                    log.warning("AI player of match %s failed; trying again", match_id, exc_info=True)
                    await asyncio.sleep(min(60.0, 2.0**failures))
        finally:
            self._driving.discard(match_id)

    async def takeover(self, match: Match, seats: list[int]) -> None:
        """After the last reminder, an AI plays for the absent players (if the channel allows it)."""
        await self.service.take_over(match.id, seats)
        self.schedule_ai(match.id)

    async def recent(self, match: Match) -> list[str]:
        rows = await self.service.store.actions(match.id, RECENT_LINES)
        return [line for row in rows for line in self.recent_lines(match, row.events)]

    # -- reminders

    async def send_reminder(self, match: Match, seats: list[int], count: int) -> list[int]:
        """Remind by DM the players who asked for it; returns the seats to remind in the channel."""
        link = jump_url(match, match.board_message_id)
        game = self.service.game(match.game).title
        in_channel = []
        for seat in seats:
            if not 0 <= seat < len(match.seats):
                continue
            s = match.seats[seat]
            if s.user_id is None or s.ai is not None:
                continue
            text = f"Reminder ({count}/3): it is your turn in {game} match #{match.id}. The board: {link}"
            if await self.service.store.dm_reminders(s.user_id):
                try:
                    user = self.client.get_user(s.user_id) or await self.client.fetch_user(s.user_id)
                    await user.send(text)
                    continue
                except discord.HTTPException:
                    log.info("DM reminder to %s failed; falling back to the channel", s.user_id)
            in_channel.append(seat)
        return in_channel

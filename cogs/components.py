"""The buttons and selects of every message, and how a click reaches the table.

They are ``DynamicItem``s whose custom_id carries the match id and the version
they were made for, so they keep working after a restart and an old one is
recognised as old. A callback only hands the click to ``client.table``
(``cogs.table.Table``); ``guarded`` turns refusals into short private answers.
"""

from __future__ import annotations

import logging
import re
from typing import ClassVar, Protocol

import discord

from bot import merge
from bot.limits import Overloaded
from bot.mentions import slash
from bot.service import LiveMatchExists, ServiceError
from bot.store import CorruptRow, Match, StoreBusy, StoreFull
from games import Action
from games.ai import LEVELS
from games.text import Msg, P, T
from rendering.i18n import _, _n, _p, tr


class ClickHandlers(Protocol):
    """What a click reaches: the handlers of ``client.table`` (``cogs.table.Table``), declared here
    so that this module does not import the table that imports it."""

    async def on_action(
        self, interaction: discord.Interaction, match_id: int, version: int, action_id: str
    ) -> None: ...
    async def on_page(
        self, interaction: discord.Interaction, match_id: int, version: int, page: int
    ) -> None: ...
    async def on_view(self, interaction: discord.Interaction, match_id: int, version: int) -> None: ...
    async def on_play(self, interaction: discord.Interaction, match_id: int, version: int) -> None: ...
    async def on_undo(self, interaction: discord.Interaction, match_id: int, version: int) -> None: ...
    async def on_absent(
        self, interaction: discord.Interaction, match_id: int, version: int, op: str
    ) -> None: ...
    async def on_lobby(self, interaction: discord.Interaction, op: str, match_id: int) -> None: ...
    async def on_lobby_ai(self, interaction: discord.Interaction, match_id: int, value: str) -> None: ...
    async def on_replay(
        self, interaction: discord.Interaction, match_id: int, share: bool = False
    ) -> None: ...
    async def on_rematch(self, interaction: discord.Interaction, match_id: int) -> None: ...
    async def on_review(
        self,
        interaction: discord.Interaction,
        match_id: int,
        step: int | None,
        seat: int | None,
        opening: bool = False,
    ) -> None: ...
    async def on_log_page(self, interaction: discord.Interaction, match_id: int, page: int) -> None: ...


log = logging.getLogger(__name__)

LOBBY_OPS = ("join", "leave", "start", "cancel")
# Numbers in a custom_id: ASCII digits only (\d would take any script's digits) and short enough
# for a 64-bit column, so a forged id is simply not ours rather than an OverflowError.
ID = "[0-9]{1,18}"
SMALL = "[0-9]{1,4}"
ACTION_ID_MAX = 80  # games.base.Action: a choice id, joined ones too (bot/merge.py), is at most this long


def mention(user_id: int) -> str:
    """A person as Discord shows a mention: their name, in any language."""
    return f"<@{user_id}>"


def when(seconds: float, style: str = "R") -> str:
    """A time as Discord shows it in each reader's own clock and language ("in 5 minutes")."""
    return f"<t:{int(seconds)}:{style}>"


def jump_url(match: Match, message_id: int | None) -> str:
    guild = match.guild_id or "@me"
    if message_id is None:
        return f"https://discord.com/channels/{guild}/{match.channel_id}"
    return f"https://discord.com/channels/{guild}/{match.channel_id}/{message_id}"


async def reply(interaction: discord.Interaction, text: str, **kwargs) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


# What the bot needs in a channel to post a match there, and in addition to open it in a thread.
POST_PERMISSIONS = ("view_channel", "send_messages", "attach_files", "read_message_history")
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")


# The permissions the bot asks for, as Discord names them in each language.
PERMISSION_NAMES = {
    "view_channel": P("discord permission", "View Channel"),
    "send_messages": P("discord permission", "Send Messages"),
    "attach_files": P("discord permission", "Attach Files"),
    "read_message_history": P("discord permission", "Read Message History"),
    "create_public_threads": P("discord permission", "Create Public Threads"),
    "send_messages_in_threads": P("discord permission", "Send Messages in Threads"),
}


def permission_name(flag: str) -> str:
    if flag in PERMISSION_NAMES:
        return tr(PERMISSION_NAMES[flag])
    return flag.replace("_", " ").title().replace(" In ", " in ")


def and_words(items: list[str]) -> str:
    """Names joined by "and" in the language of the moment: "a and b and c"."""
    words = ""
    for n, item in enumerate(items):
        # TRANSLATORS: two names (or a list of names and one more): "alice and bob".
        words = item if n == 0 else _("{names} and {name}", names=words, name=item)
    return words


def said(exc: BaseException) -> str:
    """What a refusal says, in the language of the moment (its message may be a ``Msg``)."""
    if exc.args and isinstance(exc.args[0], Msg):
        return tr(exc.args[0])
    return str(exc)


def missing(perms: discord.Permissions | None, needed) -> list[str]:
    """The names of the permissions of ``needed`` that ``perms`` lacks (none known: none missing)."""
    if perms is None:
        return []
    return [permission_name(flag) for flag in needed if not getattr(perms, flag, False)]


def lacking_text(names: list[str]) -> str:
    return _n(
        "I lack the permission {names} in this channel: a server manager can grant it, then try again.",
        "I lack the permissions {names} in this channel: a server manager can grant it, then try again.",
        len(names),
        names=and_words(names),
    )


def busy_text(exc: StoreBusy) -> str:
    """What a person hears when the database did not answer in time (a transient failure)."""
    if isinstance(exc, StoreFull):
        return _(
            "The bot's storage is full, so nothing could be saved (nothing was changed). Try again later."
        )
    if exc.ambiguous:
        return _(
            "The database did not answer in time, so this may or may not have been saved: "
            "look at the board before trying again."
        )
    return _("The database is busy, try again in a moment. Nothing was changed.")


async def guarded(interaction: discord.Interaction, match_id: int | None, coro) -> None:
    """Run a handler: refusals become short ephemeral answers, failures are logged and apologised for."""
    try:
        await coro
    except LiveMatchExists as exc:
        link = jump_url(exc.match, exc.match.board_message_id)
        await reply(interaction, _("{refusal} It is here: {link}", refusal=said(exc), link=link))
    except (ServiceError, Overloaded) as exc:  # refused (a person's pictures all on the way): said why
        await reply(interaction, said(exc))
    except StoreBusy as exc:
        log.warning("the database did not answer for match %s: %s", match_id, exc)
        await reply(interaction, busy_text(exc))
    except CorruptRow:
        log.exception("match %s has a damaged row", match_id)
        await reply(
            interaction,
            _(
                "This match's saved data is damaged, so it cannot go on. Nothing was changed; "
                "the host can end it with {command}.",
                command=slash("match abandon"),
            ),
        )
    except discord.Forbidden as exc:
        names = missing(getattr(interaction, "app_permissions", None), POST_PERMISSIONS + THREAD_PERMISSIONS)
        log.warning("no permission for match %s (%s); missing: %s", match_id, exc, names or "?")
        text = lacking_text(names) if names else _("Discord refused me a permission this needs here.")
        try:
            await reply(interaction, text)
        except discord.HTTPException:
            log.exception("could not tell about the missing permission for match %s", match_id)
    except Exception:
        log.exception("error handling an interaction for match %s", match_id)
        try:
            await reply(interaction, _("Sorry, something went wrong on our side. The match is unchanged."))
        except discord.HTTPException:
            log.exception("could not send the apology for match %s", match_id)


FORGED_CHOICE = T("That is not a choice your panel offered. Nothing was changed.")


def forged_choice(action_id: str) -> bool:
    """Whether a choice id from a click or menu is none a panel shows (a forged one): longer than an
    action id, more steps than one choice joins (bot/merge.py), or a step that is no engine's action
    id. Refused before anything is read or applied."""
    steps = merge.split(action_id)
    if len(action_id) > ACTION_ID_MAX or len(steps) > merge.MAX_DEPTH:
        return True
    try:
        for step in steps:
            Action(step, "")  # the engines' rule of an action id
    except ValueError:
        return True
    return False


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
    discord.ui.DynamicItem[discord.ui.Button], template=rf"ac:(?P<mid>{ID}):(?P<ver>{ID}):(?P<aid>.+)"
):
    def __init__(self, match_id: int, version: int, action: Action) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(action.label)[:80],
                style=button_style(action),
                custom_id=f"ac:{match_id}:{version}:{action.id}",
            )
        )
        self.match_id, self.version, self.action_id = match_id, version, action.id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        aid = match["aid"]
        # A forged id is no Action: it is refused when clicked (callback), not logged as a failure here.
        shown = Action("forged", "?") if forged_choice(aid) else Action(aid, (item.label or aid)[:80])
        button = cls(int(match["mid"]), int(match["ver"]), shown)
        button.action_id = aid
        return button

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        if forged_choice(self.action_id):
            await reply(interaction, tr(FORGED_CHOICE))
            return
        await guarded(
            interaction,
            self.match_id,
            table.on_action(interaction, self.match_id, self.version, self.action_id),
        )


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=rf"as:(?P<mid>{ID}):(?P<ver>{ID}):(?P<n>{SMALL})"
):
    def __init__(
        self,
        match_id: int,
        version: int,
        n: int,
        actions: list[Action] | None = None,
        placeholder: str | None = None,
    ) -> None:
        options = [discord.SelectOption(label=tr(a.label)[:100], value=a.id) for a in actions or []]
        super().__init__(
            discord.ui.Select(
                custom_id=f"as:{match_id}:{version}:{n}",
                placeholder=(_("Choose...") if placeholder is None else placeholder)[:150],
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["ver"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        values = (interaction.data or {}).get("values") or []
        if len(values) != 1:
            await reply(interaction, _("Choose exactly one option."))
            return
        if forged_choice(str(values[0])):
            await reply(interaction, tr(FORGED_CHOICE))
            return
        await guarded(
            interaction,
            self.match_id,
            table.on_action(interaction, self.match_id, self.version, str(values[0])),
        )


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button], template=rf"pg:(?P<mid>{ID}):(?P<ver>{ID}):(?P<page>{SMALL})"
):
    def __init__(self, match_id: int, version: int, page: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("More") if label is None else label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"pg:{match_id}:{version}:{page}",
            )
        )
        self.match_id, self.version, self.page = match_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["ver"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(
            interaction, self.match_id, table.on_page(interaction, self.match_id, self.version, self.page)
        )


class OpButton:
    """A button whose custom id is ``PREFIX:op:match:version``: its label (a message, said in the
    language of the moment) and style by ``op``."""

    PREFIX: ClassVar[str]
    LABELS: ClassVar[dict]

    def __init__(self, op: str, match_id: int, version: int) -> None:
        label, style = self.LABELS[op]
        super().__init__(
            discord.ui.Button(
                label=tr(label), style=style, custom_id=f"{self.PREFIX}:{op}:{match_id}:{version}"
            )
        )
        self.op, self.match_id, self.version = op, match_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["op"], int(match["mid"]), int(match["ver"]))


class BoardButton(
    OpButton,
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"bd:(?P<op>play|view):(?P<mid>{ID}):(?P<ver>{ID})",
):
    PREFIX = "bd"
    LABELS: ClassVar[dict] = {
        "play": (P("button", "Play"), discord.ButtonStyle.success),
        "view": (P("button", "My view"), discord.ButtonStyle.secondary),
    }

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        handler = table.on_play if self.op == "play" else table.on_view
        await guarded(interaction, self.match_id, handler(interaction, self.match_id, self.version))


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"un:(?P<mid>{ID}):(?P<ver>{ID})"):
    """Take back the last step of one's turn (offered while the engine says it showed nothing).
    It carries the version it was shown for: once anything happened since, it is refused."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_p("button", "Undo"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"un:{match_id}:{version}",
            )
        )
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(interaction, self.match_id, table.on_undo(interaction, self.match_id, self.version))


class MentionPlay(discord.ui.DynamicItem[discord.ui.Button], template=rf"mp:(?P<mid>{ID}):(?P<ver>{ID})"):
    """Play on the "your turn" mention (and its DM): the player who follows the ping opens their
    panel there, without scrolling to the board. Like the board's, it opens the current choice."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_p("button", "Play"),
                style=discord.ButtonStyle.success,
                custom_id=f"mp:{match_id}:{version}",
            )
        )
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(interaction, self.match_id, table.on_play(interaction, self.match_id, self.version))


class AbsentButton(
    OpButton,
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"ab:(?P<op>ai|end|endok):(?P<mid>{ID}):(?P<ver>{ID})",
):
    """On the board of a match that waits for a player past the last reminder: any other player
    lets an AI play the seat until its player comes back, or ends the match without a result
    (``end`` asks once more, privately: ``endok``). It carries the version the choice was offered
    at: once anyone moved, it is refused."""

    PREFIX = "ab"
    LABELS: ClassVar[dict] = {
        "ai": (T("Let an AI play the seat"), discord.ButtonStyle.primary),
        "end": (T("End without a result"), discord.ButtonStyle.secondary),
        "endok": (T("Yes, end it without a result"), discord.ButtonStyle.danger),
    }

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(
            interaction, self.match_id, table.on_absent(interaction, self.match_id, self.version, self.op)
        )


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=rf"lb:(?P<op>join|leave|start|cancel):(?P<mid>{ID})"
):
    STYLES: ClassVar[dict] = {
        "join": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
        "cancel": discord.ButtonStyle.danger,
    }
    LABELS: ClassVar[dict] = {
        "join": P("button", "Join"),
        "leave": P("button", "Leave"),
        "start": P("button", "Start"),
        "cancel": P("button", "Cancel"),
    }

    def __init__(self, op: str, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(self.LABELS[op]), style=self.STYLES[op], custom_id=f"lb:{op}:{match_id}"
            )
        )
        self.op, self.match_id = op, match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["op"], int(match["mid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(interaction, self.match_id, table.on_lobby(interaction, self.op, self.match_id))


class LobbyAISelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"la:(?P<mid>{ID})"):
    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"la:{match_id}",
                placeholder=_("Add an AI player (host)..."),
                options=[
                    discord.SelectOption(
                        label=_("Add a quick AI"), value="quick", description=tr(LEVELS["quick"])[:100]
                    ),
                    discord.SelectOption(
                        label=_("Add a strong AI"), value="strong", description=tr(LEVELS["strong"])[:100]
                    ),
                    discord.SelectOption(label=_("Remove the last AI"), value="remove"),
                ],
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        values = (interaction.data or {}).get("values") or [""]
        await guarded(
            interaction, self.match_id, table.on_lobby_ai(interaction, self.match_id, str(values[0]))
        )


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rp:(?P<mid>{ID})"):
    """On a final result (and in the replay viewer): the whole match as an animated picture, for the
    one who asks."""

    def __init__(self, match_id: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=_p("button", "Replay") if label is None else label,
                emoji="🎞️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"rp:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), item.label or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(interaction, self.match_id, table.on_replay(interaction, self.match_id))


# The replay viewer (cogs/replays.py): a step, and whose view ("x": as everyone saw it, else a seat).
STEP = "[0-9]{1,5}"
SEEN = "x|[0-9]"
NOT_A_STEP = T("That is not a step of this replay. Nothing is shown.")


def seen_by(text: str) -> int | None:
    return None if text == "x" else int(text)


def seen_id(seat: int | None) -> str:
    return "x" if seat is None else str(seat)


def chosen(interaction: discord.Interaction, pattern: str) -> str | None:
    """The one value chosen in a menu, if it has the shape of ``pattern`` (else a forged choice)."""
    values = (interaction.data or {}).get("values") or []
    if len(values) != 1 or not re.fullmatch(pattern, str(values[0])):
        return None
    return str(values[0])


class ReviewOpen(discord.ui.DynamicItem[discord.ui.Button], template=rf"rs:(?P<mid>{ID})"):
    """On a final result: step through the match, privately (the replay viewer)."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_p("button", "Step through"),
                emoji="⏯️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"rs:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(
            interaction, self.match_id, table.on_review(interaction, self.match_id, None, None, True)
        )


class ReviewStep(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"rv:(?P<mid>{ID}):(?P<step>{STEP}):(?P<seat>{SEEN}):(?P<d>[pn])",
):
    """◀ or ▶ in the replay viewer: the step it shows next, seen by whom (the direction keeps the
    two buttons' ids apart at either end, where one is disabled)."""

    def __init__(
        self, match_id: int, step: int, seat: int | None, direction: str, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label="◀" if direction == "p" else "▶",
                style=discord.ButtonStyle.primary,
                custom_id=f"rv:{match_id}:{max(step, 0)}:{seen_id(seat)}:{direction}",
                disabled=disabled,
            )
        )
        self.match_id, self.step, self.seat = match_id, max(step, 0), seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["step"]), seen_by(match["seat"]), match["d"])

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(
            interaction, self.match_id, table.on_review(interaction, self.match_id, self.step, self.seat)
        )


class ReviewJump(discord.ui.DynamicItem[discord.ui.Select], template=rf"rj:(?P<mid>{ID}):(?P<seat>{SEEN})"):
    """The replay viewer's menu of places to jump to (the set-up, each round, the end)."""

    def __init__(
        self, match_id: int, seat: int | None, places: list[tuple[int, str, str]] | None = None, at: int = 0
    ) -> None:
        here = max((n for n, _, _ in places or [] if n <= at), default=None)
        options = [
            discord.SelectOption(
                label=label[:100],
                value=str(n),
                description=(words or None) and words[:100],
                default=n == here,
            )
            for n, label, words in places or []
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"rj:{match_id}:{seen_id(seat)}",
                placeholder=_("Jump to..."),
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.match_id, self.seat = match_id, seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), seen_by(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        step = chosen(interaction, STEP)
        if step is None:
            await reply(interaction, tr(NOT_A_STEP))
            return
        await guarded(
            interaction, self.match_id, table.on_review(interaction, self.match_id, int(step), self.seat)
        )


class ReviewSeat(discord.ui.DynamicItem[discord.ui.Select], template=rf"rw:(?P<mid>{ID}):(?P<step>{STEP})"):
    """The replay viewer of a finished match: whose hand it shows (or none, as everyone saw it)."""

    def __init__(
        self, match_id: int, step: int, names: list[str] | None = None, seat: int | None = None
    ) -> None:
        options = [discord.SelectOption(label=_("As everyone saw it"), value="x", default=seat is None)]
        options += [
            discord.SelectOption(
                label=_("With {name}'s hand", name=name)[:100], value=str(n), default=n == seat
            )
            for n, name in enumerate(names or [])
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"rw:{match_id}:{step}", placeholder=_("Whose hand..."), options=options
            )
        )
        self.match_id, self.step = match_id, step

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        whose = chosen(interaction, SEEN)
        if whose is None:
            await reply(interaction, _("That is not a player of this match. Nothing is shown."))
            return
        await guarded(
            interaction, self.match_id, table.on_review(interaction, self.match_id, self.step, seen_by(whose))
        )


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button], template=rf"lg:(?P<mid>{ID}):(?P<page>{SMALL}):(?P<d>[pn])"
):
    """◀ or ▶ in /match log: the page it shows next."""

    def __init__(self, match_id: int, page: int, direction: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label="◀" if direction == "p" else "▶",
                style=discord.ButtonStyle.secondary,
                custom_id=f"lg:{match_id}:{max(page, 0)}:{direction}",
                disabled=disabled,
            )
        )
        self.match_id, self.page = match_id, max(page, 0)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]), int(match["page"]), match["d"])

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(interaction, self.match_id, table.on_log_page(interaction, self.match_id, self.page))


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"rm:(?P<mid>{ID})"):
    """On the final result: the same players and options in a new lobby, here."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_p("button", "Rematch"), style=discord.ButtonStyle.primary, custom_id=f"rm:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["mid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table: ClickHandlers = interaction.client.table
        await guarded(interaction, self.match_id, table.on_rematch(interaction, self.match_id))


DYNAMIC_ITEMS = (
    AbsentButton,
    UndoButton,
    MentionPlay,
    ActButton,
    ActSelect,
    PageButton,
    BoardButton,
    LobbyButton,
    LobbyAISelect,
    ReplayButton,
    RematchButton,
    ReviewOpen,
    ReviewStep,
    ReviewJump,
    ReviewSeat,
    LogPageButton,
)

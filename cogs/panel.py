"""The private panel: one seat's choice, as a Components V2 card read top to bottom.

The prompt, the facts in words (``rendering.facts``: enough to decide without the picture in the
common cases), the choices, then the picture. A decision of up to five options is a row of buttons,
one of six or more a select menu whose placeholder names it with its count, whatever its kind and
never depending on the length of today's labels; a question's options are joined with its next
steps all together or not at all (bot/merge.py).

One live panel per player per match: opening a panel (Play, or a click on an older one) retires
that player's other panels of the match, deleted while their interaction token lives (15 minutes);
a panel whose token is about to end is closed ("This panel is closed: press Play on the board"),
so no panel keeps promising what it can no longer do. The panels are remembered in this process
only, and that is enough: a guild's interactions all reach the one process that owns its shard, and
a panel forgotten by a restart stays harmless (its buttons carry the version they were made for:
a click on an old one is refused or shows the current choice in place). Tokens are never logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

import discord

from bot import merge
from bot.limits import Overloaded
from bot.service import MatchService, format_event
from bot.store import Match
from cogs.components import ActButton, ActSelect, PageButton, UndoButton, and_words
from cogs.messages import Messages, layout, person_key
from games import Action, GameState
from games.text import T
from rendering import i18n, presentation
from rendering.alt import clip
from rendering.facts import facts, plain
from rendering.i18n import _, tr

log = logging.getLogger(__name__)

MAX_ROWS = 5
TOKEN_LIFETIME = 15 * 60  # seconds an interaction token can edit or delete its messages
CLOSE_MARGIN = 60  # a panel is closed this long before its token ends (a slow edit still lands)
SELECT_SIZE = 25
# Said in the language of the moment when a panel or a view is closed (``tr``).
CLOSED = T("This panel is closed: press Play on the board.")
VIEW_CLOSED = T("This view is closed: press My view on the board to see your cards now.")
PANEL_COLOUR = discord.Colour.blurple()

PLACEHOLDER_MAX = 25  # characters of a placeholder a 400 px phone shows inside a card


@dataclass
class Row:
    kind: str  # "buttons" or "select"
    actions: list[Action]
    group: str  # the kind of decision; a joined one names its steps' kinds ("territory+pieces")
    first: int = 0  # the position of the row's first option among its group's (a long select is paged)
    total: int = 0  # how many options the group has


def panel_rows(actions: list[Action]) -> list[Row]:
    """A row of buttons per group of up to five options, whatever its kind; a select (25 options
    each) for a group of six or more. Labels never decide."""
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(action.group, []).append(action)
    rows: list[Row] = []
    for group, acts in groups.items():
        if len(acts) <= merge.BUTTONS:
            rows.append(Row("buttons", acts, group, 0, len(acts)))
        else:
            for i in range(0, len(acts), SELECT_SIZE):
                rows.append(Row("select", acts[i : i + SELECT_SIZE], group, i, len(acts)))
    return rows


def name(group: str, menus: Mapping[str, str] | None = None) -> str:
    """What a select of ``group`` asks for, in a word or two, in the language of the moment: as the
    game's ``Presentation.menus`` names it ("space": "Tent"), or by the group itself ("start_card":
    "Start card", English: a game names every menu it shows). With its count it fits the 25
    characters a phone shows of a placeholder inside a card."""
    return tr((menus or {}).get(group, group.replace("_", " ").capitalize()))


def placeholder(row: Row, menus: Mapping[str, str] | None = None) -> str:
    """What a select asks and how many options it holds, within ``PLACEHOLDER_MAX`` characters:
    "Territory + Tent · 12", "Spot · 26-27 of 27". A joined question names its first and last
    steps' kinds when all of them would not fit; its options say every step in words."""
    counts = [str(row.total)]
    if row.total > len(row.actions):
        first, last = row.first + 1, row.first + len(row.actions)
        # TRANSLATORS: the options a long menu shows on this page: "26-27 of 27".
        counts = [
            _("{first}-{last} of {total}", first=first, last=last, total=row.total),
            f"{first}-{last}/{row.total}",
        ]
    kinds = [name(k, menus) for k in row.group.split(merge.JOIN)]
    for words, count in [(w, counts[0]) for w in (kinds, kinds[:1] + kinds[-1:], kinds[:1])] + [
        (kinds[:1], c) for c in counts[1:]
    ]:
        what = words[0]
        for word in words[1:]:
            # TRANSLATORS: a menu's name for a question of several steps: "Territory + Tent" (each
            # kind as the catalogue writes it: its case is not changed).
            what = _("{kinds} + {kind}", kinds=what, kind=word)
        text = f"{what} · {count}"
        if len(text) <= PLACEHOLDER_MAX:
            return text
    return f"{what[: PLACEHOLDER_MAX - len(count) - 4]}… · {count}"


def paginate(rows: list[Row], keep_row: bool = False) -> list[list[Row]]:
    """Pages of at most five rows; when there is more than one page (or ``keep_row``: the row of
    Undo), four rows and a navigation row."""
    if len(rows) <= MAX_ROWS - keep_row:
        return [rows]
    per = MAX_ROWS - 1
    return [rows[i : i + per] for i in range(0, len(rows), per)]


def closed_view(text: str | None = None, *rows: discord.ui.ActionRow) -> discord.ui.LayoutView:
    """A panel that offers nothing any more: ``text`` (by default: closed, press Play)."""
    text = tr(CLOSED) if text is None else text
    return layout(discord.ui.TextDisplay(text), *rows, colour=discord.Colour.dark_grey())


@dataclass
class Live:
    """A panel this process can still change: its message and the freshest token's handles."""

    message_id: int
    expires: float  # loop time at which the token ends
    edit: Callable[..., Awaitable]
    delete: Callable[[], Awaitable]
    closer: asyncio.TimerHandle | None = field(default=None, repr=False)
    undo: tuple[int, str] | None = None  # a finished turn's Undo shown: (its version, the text)
    order: int = 0  # when it was asked for (the click's snowflake): a later answer of an earlier ask loses
    # its person's language (made in their click's context): what the writer refreshes speaks it
    language: str = field(default_factory=i18n.current)


class Panels:
    """Builds private panels and keeps one live panel per player per match."""

    def __init__(self, service: MatchService, messages: Messages) -> None:
        self.service = service
        self.messages = messages
        self._live: dict[tuple[int, int], Live] = {}
        self._views: dict[tuple[int, int], Live] = {}  # the players' My view messages
        self._tasks: set[asyncio.Task] = set()

    async def build(
        self,
        match: Match,
        state: GameState,
        seat: int,
        page: int = 0,
        note: str = "",
        *,
        refusable: bool = False,
    ) -> tuple[discord.ui.LayoutView, discord.File]:
        """A seat's panel: the prompt, the facts in words, the choices, then the picture (drawn in
        the seat's person's turn; ``refusable``: ``Overloaded`` when that person has their share of
        pictures waiting, for a request that changed nothing. The panel answering a saved move is
        never refused: it waits behind that person's own pictures)."""
        # The choices: the legal actions, steps that reveal nothing joined with the next where
        # they fit one menu (bot/merge.py). Labels may name players as {p0}, {p1}...: fill them in.
        actions = [
            Action(a.id, format_event(a.label, match.names)[:80], a.group) for a in merge.choices(state, seat)
        ]
        undo = state.undoable(seat)
        pages = paginate(panel_rows(actions), keep_row=undo)
        page = min(page, len(pages) - 1)
        view = state.view(seat)
        prompt = f"{note}\n" if note else ""
        prompt += f"### {format_event(state.prompt(seat), match.shown_names)}"
        items: list[discord.ui.Item] = [discord.ui.TextDisplay(prompt[:1500])]
        words = facts(match.game, view, match.shown_names)
        menus = presentation(match.game).menus
        if words:
            items.append(discord.ui.TextDisplay(words))
        for n, row in enumerate(pages[page]):
            if row.kind == "buttons":
                items.append(
                    discord.ui.ActionRow(*(ActButton(match.id, match.version, a) for a in row.actions))
                )
            else:
                items.append(
                    discord.ui.ActionRow(
                        ActSelect(match.id, match.version, n, row.actions, placeholder(row, menus))
                    )
                )
        nav: list[discord.ui.Item] = []
        if undo:  # the last step of this turn showed nothing new: it can be taken back
            nav.append(UndoButton(match.id, match.version))
        if len(pages) > 1:
            if page > 0:
                nav.append(PageButton(match.id, match.version, page - 1, _("Previous")))
            if page < len(pages) - 1:
                label = _("More ({page}/{pages})", page=page + 2, pages=len(pages))
                nav.append(PageButton(match.id, match.version, page + 1, label))
        if nav:
            items.append(discord.ui.ActionRow(*nav))
        file = await self.private_picture(match, view, words, match.seats[seat].user_id, refusable=refusable)
        items.append(discord.ui.MediaGallery(discord.MediaGalleryItem(file)))
        return layout(*items, colour=PANEL_COLOUR), file

    async def private_picture(
        self, match: Match, view: dict, words: str, user_id: int | None, *, refusable: bool
    ) -> discord.File:
        """A seat's picture, drawn in its person's turn; its alt text is the facts in words, as the
        panel says them."""
        game = self.service.game(match.game).title
        alt = (
            clip(_("Your view of the {game} board. {facts}", game=game, facts=plain(words)))
            if words
            else None
        )
        return await self.messages.picture(
            match, view, "private.png", description=alt, key=person_key(user_id), refusable=refusable
        )

    # -- one live panel (and one My view) per player per match

    def live(
        self,
        match_id: int,
        user_id: int,
        message_id: int,
        edit: Callable[..., Awaitable],
        delete: Callable[[], Awaitable],
        *,
        my_view: bool = False,
        order: int = 0,
    ) -> None:
        """This message is now the player's panel of the match (its token was just received): the
        player's other panel of the match is retired, and so is their My view (the panel shows
        the same picture); this one is closed before its token ends. With ``my_view`` it is their
        My view: their older one is retired, and it too is closed before its token ends, so that
        no My view stays showing an old hand. ``order`` (the click's snowflake) keeps the answer to
        the latest click when answers arrive out of order: an earlier click's answer, drawn later,
        is the one retired."""
        key = (match_id, user_id)
        if my_view:
            closing = {"content": tr(VIEW_CLOSED), "attachments": []}  # a plain message, not a card
            self._hold(self._views, key, message_id, edit, delete, closing, order)
            return
        self._hold(self._live, key, message_id, edit, delete, {"view": closed_view, "attachments": []})
        old = self._views.pop(key, None)
        if old is not None:
            self._dismiss(old, message_id)

    def _hold(
        self, slots: dict, key: tuple[int, int], message_id: int, edit, delete, closing: dict, order: int = 0
    ) -> None:
        loop = asyncio.get_running_loop()
        entry = Live(message_id, loop.time() + TOKEN_LIFETIME, edit, delete, order=order)
        old = slots.get(key)
        if old is not None and old.order > order:  # a newer ask was answered first: it stays
            self._dismiss(entry, old.message_id)
            return
        if old is not None:
            self._dismiss(old, message_id)
        entry.closer = loop.call_later(
            TOKEN_LIFETIME - CLOSE_MARGIN, lambda: self._spawn(self._close(slots, key, entry, closing))
        )
        slots[key] = entry

    def _dismiss(self, old: Live, message_id: int) -> None:
        """An older message replaced by ``message_id``: deleted while its token still lasts."""
        if old.closer is not None:
            old.closer.cancel()
        if old.message_id != message_id and asyncio.get_running_loop().time() < old.expires - CLOSE_MARGIN:
            self._spawn(self._retire(old))

    def until(self, match_id: int, user_id: int) -> int | None:
        """The Unix time until which the player's panel can still show their next choice."""
        entry = self._live.get((match_id, user_id))
        if entry is None:
            return None
        left = entry.expires - CLOSE_MARGIN - asyncio.get_running_loop().time()
        return int(self.service.clock() + left) if left > 0 else None

    def _spawn(self, coro) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _retire(self, entry: Live) -> None:
        try:
            await entry.delete()
        except discord.HTTPException as exc:
            log.info("an older panel could not be deleted (%s)", exc.status)

    def done_view(self, match: Match, state: GameState, seat: int, text: str) -> discord.ui.LayoutView:
        """The player's live panel once their turn is over: what was done, and Undo while the step
        that ended the turn can be taken back (it revealed nothing and nobody else has decided
        since). The Undo is withdrawn as soon as the match moves on (``retract_undos``)."""
        if not state.undoable(seat):
            return closed_view(text[:2000])
        entry = self._live.get((match.id, match.seats[seat].user_id))
        if entry is not None:
            entry.undo = (match.version, text[:2000])
        waiting = and_words([match.shown_names[s] for s in state.to_act()])
        text = _("{done}\nUndo takes your last step back until {waiting} plays.", done=text, waiting=waiting)
        return closed_view(text[:2000], discord.ui.ActionRow(UndoButton(match.id, match.version)))

    async def retract_undos(self, match: Match) -> None:
        """The match moved on: the finished turns' panels that still show an Undo lose it."""
        loop = asyncio.get_running_loop()
        for (match_id, user_id), entry in list(self._live.items()):
            if match_id != match.id or entry.undo is None or entry.undo[0] == match.version:
                continue
            text, entry.undo = entry.undo[1], None
            if loop.time() >= entry.expires - CLOSE_MARGIN:
                continue
            try:
                with i18n.language(entry.language):
                    view = closed_view(text)
                await entry.edit(view=view, attachments=[])
            except discord.HTTPException:
                self.drop(match_id, user_id)

    async def _close(self, slots: dict, key: tuple[int, int], entry: Live, closing: dict) -> None:
        """Edit the message with ``closing`` (a view given as a function is made now)."""
        if slots.get(key) is entry:
            del slots[key]
        try:
            with i18n.language(entry.language):
                closed = {k: v() if callable(v) else v for k, v in closing.items()}
            await entry.edit(**closed)
        except discord.HTTPException as exc:
            log.info("a panel could not be closed (%s)", exc.status)

    async def refresh(self, match: Match, seats: list[int], withdrawn: list[int] = ()) -> None:
        """The turn came to these seats: their live panel, if its token still lasts, shows the
        choice. The turn went back from the ``withdrawn`` seats (a step taken back with Undo):
        their live panel says it is not theirs any more, unless it came to them again."""
        if match.status != "active":
            return
        state = self.service.state_of(match)
        loop = asyncio.get_running_loop()
        for seat in [*withdrawn, *seats]:
            user_id = match.seats[seat].user_id
            entry = self._live.get((match.id, user_id)) if user_id is not None else None
            if entry is None or loop.time() >= entry.expires - CLOSE_MARGIN:
                continue
            with i18n.language(entry.language):
                await self._refresh_one(match, state, seat, withdrawn, entry)

    async def _refresh_one(self, match: Match, state, seat: int, withdrawn, entry: Live) -> None:
        user_id = match.seats[seat].user_id
        if seat not in state.to_act():
            if seat in withdrawn:
                waiting = and_words([match.shown_names[s] for s in state.to_act()])
                view = closed_view(_("Taken back: it is {waiting}'s turn again.", waiting=waiting))
                try:
                    await entry.edit(view=view, attachments=[])
                except discord.HTTPException:
                    self.drop(match.id, user_id)
            return
        try:
            # Refusable: a person with pictures still on the way is not queued one more by the
            # writer (whose delivery of this match waits for it); Play opens the panel anyway.
            view, file = await self.build(match, state, seat, note=_("**Your turn:**"), refusable=True)
        except Overloaded:
            log.info("panel of match %s not refreshed: its player's pictures are on the way", match.id)
            return
        try:
            await entry.edit(view=view, attachments=[file])
        except discord.HTTPException:
            self.drop(match.id, user_id)  # gone or expired: Play opens a new one

    def forget(self, match_id: int) -> None:
        for key in [k for k in [*self._live, *self._views] if k[0] == match_id]:
            self.drop(*key)

    def drop(self, match_id: int, user_id: int) -> None:
        for slots in (self._live, self._views):
            entry = slots.pop((match_id, user_id), None)
            if entry is not None and entry.closer is not None:
                entry.closer.cancel()

    def close(self) -> None:
        """At shutdown: no panel or view is closed by a timer of this process any more."""
        for key in [*self._live, *self._views]:
            self.drop(*key)
        for task in list(self._tasks):
            task.cancel()

"""The private panel: a seat's prompt, its picture and its legal actions as buttons and selects.

The last panel of each (match, player) is remembered in this process while its interaction token
lasts, so that when the turn comes back it shows the new choice by itself (no Play click needed).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot import merge
from bot.service import MatchService, format_event
from bot.store import Match
from cogs.components import ActButton, ActSelect, PageButton, UndoButton
from cogs.messages import Messages
from games import Action, GameState

MAX_ROWS = 5
PANEL_LIFETIME = 14 * 60  # seconds a private panel stays editable (Discord's token lasts 15 minutes)
SELECT_SIZE = 25


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


def paginate(rows: list[Row], keep_row: bool = False) -> list[list[Row]]:
    """Pages of at most five rows; when there is more than one page (or ``keep_row``: the row of
    Undo), four rows and a navigation row."""
    if len(rows) <= MAX_ROWS - keep_row:
        return [rows]
    per = MAX_ROWS - 1
    return [rows[i : i + per] for i in range(0, len(rows), per)]


class Panels:
    """Builds private panels and keeps the last one of each player editable."""

    def __init__(self, service: MatchService, messages: Messages) -> None:
        self.service = service
        self.messages = messages
        # The last private panel of each (match, player), editable while its interaction token
        # lasts: when the turn comes back, it shows the new choice itself (no Play click needed).
        self._panels: dict[tuple[int, int], tuple[float, Callable[..., Awaitable]]] = {}

    async def build(self, match: Match, state: GameState, seat: int, page: int = 0, note: str = ""):
        """Content, picture and components of a seat's private panel."""
        # The choices: the legal actions, steps that reveal nothing joined with the next where
        # they fit one menu (bot/merge.py). Labels may name players as {p0}, {p1}...: fill them in.
        actions = [
            Action(a.id, format_event(a.label, match.names)[:80], a.group) for a in merge.choices(state, seat)
        ]
        undo = state.undoable(seat)
        pages = paginate(panel_rows(actions), keep_row=undo)
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
        nav_row = len(pages[page])
        if undo:  # the last step of this turn showed nothing new: it can be taken back
            b = UndoButton(match.id, match.version)
            b.item.row = nav_row
            view.add_item(b)
        if len(pages) > 1:
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
        file = await self.messages.picture(match, state.view(seat), "private.png")
        return content[:2000], file, view

    def keep(self, match_id: int, user_id: int, edit: Callable[..., Awaitable]) -> None:
        """Remember how to edit this player's panel (an interaction token lasts 15 minutes)."""
        self._panels[(match_id, user_id)] = (time.monotonic() + PANEL_LIFETIME, edit)

    async def refresh(self, match: Match, seats: list[int]) -> None:
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
            content, file, view = await self.build(match, state, seat, note="Your turn:")
            try:
                await edit(content=content, attachments=[file], view=view)
            except discord.HTTPException:
                self._panels.pop((match.id, user_id), None)  # gone or expired: Play opens a new one

    def forget(self, match_id: int) -> None:
        for key in [k for k in self._panels if k[0] == match_id]:
            del self._panels[key]

    def drop(self, match_id: int, user_id: int) -> None:
        self._panels.pop((match_id, user_id), None)

"""The public messages of a match, built from what the database says: the lobby, the board, the
"your turn" mention and the final result. ``cogs.writer`` posts them; ``cogs.panel`` builds the
private panel. Pictures are drawn here, by two workers of their own, so a burst of boards never
takes the default executor (nor the event loop) from everything else; the workers take turns between
whoever asks (``bot.limits.FairPool``): a key per person for private pictures (the panel, My view),
a key per match for the public board and result, so one person's burst waits behind itself and
never in front of another match's board.
"""

from __future__ import annotations

import io
from collections.abc import Hashable

import discord

import rendering
from bot.limits import FairPool
from bot.mentions import slash
from bot.names import shown
from bot.service import MatchService, format_event
from bot.store import Match
from cogs.components import (
    LOBBY_OPS,
    AbsentButton,
    BoardButton,
    LobbyAISelect,
    LobbyButton,
    MentionPlay,
    RematchButton,
    ReplayButton,
    ReviewOpen,
    and_words,
    jump_url,
    mention,
    when,
)
from games import GameState
from games.text import P, T
from rendering.i18n import _, _n, _p, list_words, tr

RECENT_LINES = 6

PICTURE_WORKERS = 2
PICTURES_PER_PERSON = 3  # a person's private pictures queued or being drawn at once, at most
TOO_MANY_PICTURES = T(  # said in the language of the moment of the refusal (cogs.components.said)
    "Your last pictures are still being drawn: wait for them before asking for another. Nothing was changed."
)

# The options of a match as the lobby names them ("Map: New Horizons"); an option a game adds
# later is named by its key until it is given a name here.
OPTION_NAMES = {
    "map": P("option", "Map"),
    "feats": P("option", "Feats"),
    "draft": P("option", "Draft"),
    "expeditions": P("option", "Expeditions"),
    "courage": P("option", "Courage"),
    "worship": P("option", "Worship"),
    "mode": P("option", "Mode"),
    "difficulty": P("option", "Difficulty"),
    "advanced": P("option", "Advanced"),
}


def person_key(user_id: int | None) -> tuple:
    """The picture workers' key of a person's private pictures."""
    return ("person", user_id)


def board_key(match_id: int) -> tuple:
    """The picture workers' key of a match's public messages (its board, its result)."""
    return ("match", match_id)


def seat_label(match: Match, seat: int) -> str:
    s = match.seats[seat]
    if s.ai is not None:
        return (
            _("**{name}** (AI)", name=shown(s.shown_name))
            if s.user_id is not None
            else f"**{shown(s.shown_name)}**"
        )
    return f"<@{s.user_id}>"


def layout(*items: discord.ui.Item, colour: discord.Colour) -> discord.ui.LayoutView:
    """A Components V2 message: everything in one container, so it reads as one card."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*items, accent_colour=colour))
    return view


def _walk(component, out: list) -> None:
    out.append(component)
    for child in getattr(component, "children", None) or []:
        _walk(child, out)
    accessory = getattr(component, "accessory", None)
    if accessory is not None:
        _walk(accessory, out)


def leaf_components(message: discord.Message) -> list:
    """Every component of a message, the rows of a classic one or the nested layout of a V2 one."""
    out: list = []
    for component in message.components:
        _walk(component, out)
    return out


def component_ids(message: discord.Message) -> list[str]:
    return [c.custom_id for c in leaf_components(message) if getattr(c, "custom_id", None)]


def message_text(message: discord.Message) -> str:
    """Content, embed titles and descriptions, and the text displays of a V2 layout."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
    parts += [c.content for c in leaf_components(message) if isinstance(getattr(c, "content", None), str)]
    return "\n".join(p for p in parts if p)


class Messages:
    """Builds a match's messages; the pictures are drawn off the event loop."""

    def __init__(self, client: discord.Client, service: MatchService) -> None:
        self.client = client
        self.service = service
        self.pictures = FairPool(PICTURE_WORKERS, PICTURES_PER_PERSON, "render", TOO_MANY_PICTURES)

    def close(self) -> None:
        self.pictures.shutdown()

    # -- pictures (off the event loop)

    async def picture(
        self,
        match: Match,
        view: dict,
        filename: str,
        description: str | None = None,
        *,
        key: Hashable,
        refusable: bool,
    ) -> discord.File:
        """The picture of a view, with its alt text (what it shows, for screen readers), drawn when
        it is ``key``'s turn; ``Overloaded`` if ``refusable`` and that key has its share waiting."""
        data = await self.pictures.run(
            key, rendering.render, match.game, view, match.names, refusable=refusable
        )
        if description is None:
            description = rendering.describe(match.game, view, match.names)
        return discord.File(io.BytesIO(data), filename=filename, description=description)

    # -- lobby

    def option_words(self, match: Match) -> str:
        """The match's options as a person reads them: "Map: New Horizons, Feats: off"."""
        game = self.service.game(match.game)
        words = []
        applies = game.options_that_apply(match.options)
        for key, value in match.options.items():
            if key not in applies:
                continue  # e.g. an Iwari versus game's difficulty, a solo game's Feats
            # each value by the name /<game> new offers it under (Game.option_choices)
            choices = {
                c.value: c.label for c in game.option_choices.get(key, []) if not isinstance(c.value, bool)
            }
            own = game.option_word(key, match.options)
            if own:
                shown = tr(own)
            elif isinstance(value, bool):
                shown = _p("option value", "on") if value else _p("option value", "off")
            elif value in choices:
                shown = tr(choices[value])
            else:  # a value no longer offered (an old match's): its id in words
                shown = " + ".join(part.replace("-", " ").capitalize() for part in str(value).split("+"))
            label = tr(OPTION_NAMES[key]) if key in OPTION_NAMES else key.replace("_", " ").capitalize()
            # TRANSLATORS: an option of a match and its value in the lobby: "Map: New Horizons".
            words.append(_("{option}: {value}", option=label, value=shown))
        return list_words(words)

    def lobby_message(self, match: Match, payload: dict) -> discord.ui.LayoutView:
        """The lobby as the database has it now: open with its buttons, started, or cancelled."""
        game = self.service.game(match.game)
        counts = game.counts_for(match.options) or list(game.player_counts)
        lo, hi = min(counts), max(counts)
        colour = discord.Colour.teal()
        solo = hi == 1  # nobody can join: the host plays alone against the game
        host = mention(match.host_id)
        if match.status == "lobby" and solo:
            text = _("{host} plays alone. Press **Start** to begin.", host=host)
        elif match.status == "lobby":
            players = (
                _n("{n} player", "{n} players", lo) if lo == hi else _("{lo}-{hi} players", lo=lo, hi=hi)
            )
            text = _(
                "{host} is hosting. Press **Join** to play ({players}). "
                "The host presses **Start** when everyone is in.",
                host=host,
                players=players,
            )
        elif match.status == "abandoned":
            by = payload.get("cancelled_by")
            text = _("Cancelled by {who}.", who=mention(by)) if by else _("Cancelled.")
            colour = discord.Colour.dark_grey()
            if payload.get("expired"):
                text = _("Closed: nobody pressed Start in time.")
        else:
            order = " -> ".join(shown(s.shown_name) for s in match.seats)
            text = _("Started. Seat order: {order}.", order=order)
        players = "\n".join(f"{i + 1}. {shown(s.shown_name)}" for i, s in enumerate(match.seats)) or _(
            "nobody yet"
        )
        items: list[discord.ui.Item] = [
            discord.ui.TextDisplay(
                _("### {game}: new match #{id}\n{text}", game=game.title, id=match.id, text=text)
            ),
            discord.ui.TextDisplay(
                _("**Players ({n}/{most})**\n{players}", n=len(match.seats), most=hi, players=players)
            ),
        ]
        if match.options:
            items.append(
                discord.ui.TextDisplay(_("**Options:** {options}", options=self.option_words(match)))
            )
        if match.status == "lobby" and solo:  # no Join, no Leave (the host cancels), no AI to add
            items.append(discord.ui.ActionRow(*(LobbyButton(op, match.id) for op in ("start", "cancel"))))
        elif match.status == "lobby":
            items.append(discord.ui.ActionRow(*(LobbyButton(op, match.id) for op in LOBBY_OPS)))
            items.append(discord.ui.ActionRow(LobbyAISelect(match.id)))
        return layout(*items, colour=colour)

    # -- the public board

    def recent_lines(self, match: Match, events: list[dict]) -> list[str]:
        """The events' lines for the board's "Last moves", without the game's noise (its
        ``Presentation.noise``: a refill the picture shows, whose line would push the moves
        people made out of view; /match log keeps them)."""
        noise = rendering.presentation(match.game).noise
        return [
            format_event(e["text"], match.shown_names)
            for e in events
            if "private_to" not in e and e.get("text") and e.get("type") not in noise
        ]

    def scores_line(self, match: Match, scores: list[int]) -> str:
        return " · ".join(f"{shown(s.shown_name)} **{scores[i]}**" for i, s in enumerate(match.seats))

    async def board_message(
        self, match: Match, state: GameState, recent: list[str]
    ) -> tuple[discord.ui.LayoutView, discord.File]:
        """The public board: who acts and on what, the picture, the scores, the last moves, Play."""
        game = self.service.game(match.game)
        to_act = state.to_act()
        head = _("### {game} · match #{id}", game=game.title, id=match.id)
        if to_act:
            waiting = list_words([seat_label(match, s) for s in to_act])
            prompt = format_event(state.prompt(to_act[0]), match.shown_names)
            since = int(await self.service.waiting_since(match, to_act))
            head += "\n" + _(
                "**Waiting for {waiting}** since {since}: {prompt}",
                waiting=waiting,
                since=when(since),
                prompt=prompt,
            )
        seen = state.view(None)
        # Never refused: the board is the delivery of what the database says. Its key is its
        # match's, so it waits for no one person's burst (one job of each other key at most).
        file = await self.picture(match, seen, "board.png", key=board_key(match.id), refusable=False)
        items: list[discord.ui.Item] = [
            discord.ui.TextDisplay(head[:1500]),
            discord.ui.MediaGallery(discord.MediaGalleryItem(file)),
            discord.ui.TextDisplay(
                _("**Scores:** {scores}", scores=self.scores_line(match, state.scores()))[:500]
            ),
        ]
        facts = rendering.glance(match.game, seen)
        if facts:
            items.append(discord.ui.TextDisplay(facts))
        if recent:
            moves = "\n".join(f"- {line}" for line in recent[-RECENT_LINES:])
            items.append(discord.ui.TextDisplay(_("**Last moves**\n{moves}", moves=moves)[:1500]))
        items.append(
            discord.ui.ActionRow(
                BoardButton("play", match.id, match.version), BoardButton("view", match.id, match.version)
            )
        )
        items.append(
            discord.ui.TextDisplay(_("-# Press Play when it is your turn. My view shows your private cards."))
        )
        items += self.absent_choice(match, state)
        return layout(*items, colour=discord.Colour.blue()), file

    def absent_choice(self, match: Match, state: GameState) -> list[discord.ui.Item]:
        """The choice the board offers the other players once the match waited for someone past
        the last reminder (recorded at this version): any one of them decides."""
        absent = self.service.absent_seats(match, state) if match.stalled == match.version else []
        if not absent:
            return []
        who = list_words([seat_label(match, s) for s in absent])
        return [
            discord.ui.TextDisplay(
                _(
                    "**{who} did not come back after 3 reminders.** Any other player may let an AI play "
                    "the seat until its player returns ({command}), or end the match without a result.",
                    who=who,
                    command=slash("match return"),
                )
            ),
            discord.ui.ActionRow(
                AbsentButton("ai", match.id, match.version), AbsentButton("end", match.id, match.version)
            ),
        ]

    def mention_text(
        self, match: Match, seats: list[int], board_id: int | None, reminder: int | None = None
    ) -> str:
        """The short message that pings the players to act; it links to the board."""
        who = list_words([seat_label(match, s) for s in seats])
        game = self.service.game(match.game).title
        link = jump_url(match, board_id)
        if reminder:
            return _(
                "{who}, reminder ({n}/3), your turn in {game} match #{id}: [see the board]({link})",
                who=who,
                n=reminder,
                game=game,
                id=match.id,
                link=link,
            )
        return _(
            "{who}, your turn in {game} match #{id}: [see the board]({link})",
            who=who,
            game=game,
            id=match.id,
            link=link,
        )

    @staticmethod
    def is_mention(match: Match, message: discord.Message) -> bool:
        """A "your turn" message of this match (found in the history after a kill): the mention's
        Play and no other component (its words are in the channel's language of the moment)."""
        ids = component_ids(message)
        return bool(ids) and all(i.startswith(f"mp:{match.id}:") for i in ids)

    async def send_turn_dm(self, match: Match, user_id: int, board_id: int | None) -> None:
        """ "Your turn" by direct message (the player chose it with /notifications), with Play."""
        game = self.service.game(match.game).title
        user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        await user.send(
            _(
                "It is your turn in {game} match #{id}: [see the board]({link}), or press Play.",
                game=game,
                id=match.id,
                link=jump_url(match, board_id),
            ),
            view=self.mention_view(match),
        )

    @staticmethod
    def mention_view(match: Match) -> discord.ui.View:
        """Play on the mention (and on a "your turn" DM)."""
        view = discord.ui.View(timeout=None)
        view.add_item(MentionPlay(match.id, match.version))
        return view

    def final_title(self, match: Match) -> str:
        return _("{game} - match #{id} is over", game=self.service.game(match.game).title, id=match.id)

    def final_buttons(self, match: Match) -> list[discord.ui.Item]:
        """The buttons under a finished match's result."""
        return [RematchButton(match.id), ReviewOpen(match.id), ReplayButton(match.id)]

    async def final_message(self, match: Match, payload: dict) -> tuple[discord.ui.LayoutView, discord.File]:
        """The final scores (after the last move, or after a resignation)."""
        state = self.service.state_of(match)
        scores = state.scores()
        resigned = payload.get("resigned")
        winners = payload.get("winners", state.winners()) if resigned is not None else state.winners()
        names = and_words([seat_label(match, w) for w in winners])
        seen = state.view(None)
        # A game against the game itself (Iwari solo and co-op) says who won and why in its words.
        special = rendering.outcome(match.game, seen) if resigned is None else ""
        if special:
            outcome = special
        elif not winners:
            outcome = _("Nobody wins: every player lost this time.")
        else:
            outcome = _n("Winner: {names}!", "Winners: {names}!", len(winners), names=names)
        if resigned is not None and 0 <= resigned < len(match.seats):
            outcome = _("{who} resigned. {outcome}", who=seat_label(match, resigned), outcome=outcome)
        ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
        # The game's scoring parts in words (after a resignation the game did not count them).
        parts = state.score_parts() if resigned is None else None
        table = "\n".join(
            f"{'🏆 ' if s in winners else ''}{shown(match.seats[s].shown_name)}: **{scores[s]}**"
            + (" = " + " · ".join(f"{tr(words)} {points}" for words, points in parts[s]) if parts else "")
            for s in ranking
        )
        file = await self.picture(  # never refused, like the board
            match, seen, "final.png", key=board_key(match.id), refusable=False
        )
        items: list[discord.ui.Item] = [
            discord.ui.TextDisplay(f"### {self.final_title(match)}\n{outcome}"),
            discord.ui.MediaGallery(discord.MediaGalleryItem(file)),
        ]
        if not special:  # against the game itself the outcome says it all: no "alice: 0"
            items.append(discord.ui.TextDisplay(_("**Final scores**\n{table}", table=table)[:1500]))
        recent = await self.recent(match)
        if recent:
            moves = "\n".join(f"- {line}" for line in recent[-RECENT_LINES:])
            items.append(discord.ui.TextDisplay(_("**Last moves**\n{moves}", moves=moves)[:1500]))
        items.append(discord.ui.ActionRow(*self.final_buttons(match)))
        return layout(*items, colour=discord.Colour.gold()), file

    def abandoned_message(
        self, match: Match, user_id: int | None, stalled: list[int] = ()
    ) -> discord.ui.LayoutView:
        if user_id:
            line = _(
                "Match #{id} was abandoned by {who}, without a result.", id=match.id, who=mention(user_id)
            )
        else:
            line = _("Match #{id} was abandoned, without a result.", id=match.id)
        text = f"### {self.final_title(match)}\n{line}"
        away = list_words([seat_label(match, s) for s in stalled if 0 <= s < len(match.seats)])
        if away:
            text += " " + _("{who} did not come back after the last reminder.", who=away)
        return layout(discord.ui.TextDisplay(text), colour=discord.Colour.dark_grey())

    async def recent(self, match: Match) -> list[str]:
        rows = await self.service.store.actions(match.id, RECENT_LINES)
        return [line for row in rows for line in self.recent_lines(match, row.events)]

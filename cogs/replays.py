"""Replays: a match stepped through turn by turn (the viewer), or a finished one as an animated GIF,
rebuilt from its seed and action log; and the paged log of a match.

The viewer is one private message with the board at a step, the words of that step's moves under
it, and ◀ ▶ and a menu to jump; its buttons carry the match, the step and whose view it shows, so
they work after a restart. A finished match can be seen by anyone in its channel, and each player's
hand shown (as Board Game Arena's replays do); a running match only by its players and only as
everyone sees it. The steps are rebuilt once per version of the match (a finished match: once) and
kept, a few matches at a time; each picture is drawn when asked, on the picture workers under the
person's key (``bot.limits.FairPool``), and the last ones kept.

A GIF draws up to a hundred pictures, so it is drawn on a worker of its own (boards never wait
for it), where each person has one replay on the way at most (others' wait behind one of theirs),
and a person asks for one at most every ``REPLAY_COOLDOWN`` seconds (``cogs.table``). A finished
match never changes: its replay is kept on disk beside the database by match and what it is drawn
from (a restart keeps it, and a kept one is found without reading the log), and the last few in
memory.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import logging
from collections import OrderedDict
from collections.abc import Hashable
from pathlib import Path

import discord

import rendering
from bot.config import DEFAULT_DATABASE
from bot.limits import FairPool, Overloaded
from bot.mentions import slash
from bot.replay import Replay, ReplayError, Timeline, thin, timeline
from bot.replay import replay as make_replay
from bot.replay_cache import ReplayCache, replay_key
from bot.service import MatchService, ServiceError, format_event
from bot.store import Match
from cogs.components import LogPageButton, ReplayButton, ReviewJump, ReviewSeat, ReviewStep, and_words
from cogs.messages import layout
from games.text import T
from rendering.i18n import DEFAULT, _, _n, current, list_words

log = logging.getLogger(__name__)

REPLAYS_KEPT = 4  # finished matches never change: their last replays are kept, not drawn again
TIMELINES_KEPT = 4  # matches whose steps are kept for the viewer (by version)
FRAMES_KEPT = 48  # the viewer's last pictures
JUMPS = 25  # a menu's options at most (Discord)
WORDS_LIMIT = 1500  # the words of a step, in characters
NOTE_ROOM = 100  # kept for the "... and 3 more lines" note and its command mention
LOG_PAGE_LINES = 20  # a page of /match log, and at most LOG_PAGE_CHARS characters
LOG_PAGE_CHARS = 1800


def log_pages(lines: list[str]) -> list[list[str]]:
    """The lines in pages, from the first: a page's place never changes as the log grows."""
    pages: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = line[:LOG_PAGE_CHARS]
        if len(pages[-1]) >= LOG_PAGE_LINES or size + len(line) + 3 > LOG_PAGE_CHARS:
            pages.append([])
            size = 0
        pages[-1].append(line)
        size += len(line) + 3
    return pages


def log_message(match: Match, lines: list[str], page: int | None) -> tuple[str, discord.ui.View]:
    """A page of the match's log (the last one by default, a page past the end shows the last),
    with ◀ ▶ to the pages before and after."""
    pages = log_pages(lines)
    page = len(pages) - 1 if page is None else max(0, min(page, len(pages) - 1))
    body = "\n".join(f"- {line}" for line in pages[page]) or _("No moves yet.")
    text = _(
        "**Moves of match #{id}** (page {page} of {pages})\n{moves}",
        id=match.id,
        page=page + 1,
        pages=len(pages),
        moves=body,
    )
    view = discord.ui.View(timeout=None)
    view.add_item(LogPageButton(match.id, page - 1, "p", disabled=page == 0))
    view.add_item(LogPageButton(match.id, page + 1, "n", disabled=page == len(pages) - 1))
    return text[:2000], view


class Replays:
    def __init__(self, client: discord.Client, service: MatchService, pictures: FairPool) -> None:
        self.service = service
        self.pictures = pictures  # the viewer's pictures: the workers of every private picture
        self.pool = FairPool(
            1, 1, "replay", T("Your last replay is still being drawn: wait for it before asking for another.")
        )
        settings = getattr(client, "settings", None)
        folder = Path(getattr(settings, "database_path", DEFAULT_DATABASE)).parent / "replays"
        self.cache = ReplayCache(folder)
        self._kept: OrderedDict[tuple[int, str], asyncio.Future[Replay]] = OrderedDict()
        self._timelines: OrderedDict[tuple, asyncio.Future[tuple[Timeline, list[int]]]] = OrderedDict()
        self._frames: OrderedDict[tuple, tuple[bytes, str]] = OrderedDict()

    def close(self) -> None:
        self.pool.shutdown()

    def forget(self) -> None:
        """Nothing kept in memory (as after a restart; the disk still has them)."""
        self._kept.clear()
        self._timelines.clear()
        self._frames.clear()

    # -- the GIF

    async def replay(self, match: Match, requester: int = 0) -> Replay:
        """The finished match as an animated GIF, rebuilt from its seed and action log in a worker
        (its pictures' words in the language of the moment: one kept per language)."""
        if match.status != "finished":
            raise ServiceError(_("Only a finished match has a replay."))
        kept = (match.id, current())
        future = self._kept.get(kept)
        if future is None or future.cancelled() or (future.done() and future.exception() is not None):
            future = asyncio.ensure_future(self._draw(match, requester))
            self._kept[kept] = future
            while len(self._kept) > REPLAYS_KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(kept)
        return await asyncio.shield(future)  # one click that gives up does not cancel it for others

    @staticmethod
    def key(match: Match) -> str:
        """The key of the match's replay on disk: read without the log; its pictures' words are in
        the language of the moment, which is part of the key (English keeps the key it had)."""
        key = replay_key(match.game, match.seed, match.options, match.names, match.version, match.state)
        lang = current()
        return key if lang == DEFAULT else hashlib.sha256(f"{key}:{lang}".encode()).hexdigest()

    async def steps(self, match: Match) -> tuple[list[tuple[int, str]], list[int]]:
        """The steps the match is rebuilt from (seat, action id), and the version each was saved at."""
        rows = await self.service.store.action_log(match.id)
        return [(r.seat, r.action) for r in rows], [r.version for r in rows]

    async def _draw(self, match: Match, requester: int) -> Replay:
        key = self.key(match)
        kept = await asyncio.to_thread(self.cache.get, match.id, key)
        if kept is not None:
            return kept
        steps, _ = await self.steps(match)
        game = self.service.game(match.game)
        work = functools.partial(
            make_replay,
            game,
            len(match.seats),
            match.seed,
            match.options,
            steps,
            match.names,
            expected_state=match.state,
        )
        try:
            drawn = await self.pool.run(requester, work)
        except Overloaded as exc:
            raise ServiceError(*exc.args) from None
        except ReplayError:
            log.exception("match %s cannot be replayed", match.id)
            raise ServiceError(
                _("This match cannot be replayed, sorry: its log does not rebuild it.")
            ) from None
        await asyncio.to_thread(self.cache.put, match.id, key, drawn)
        return drawn

    async def file(self, match: Match, requester: int = 0) -> discord.File:
        replay = await self.replay(match, requester)
        game = self.service.game(match.game).title
        state = self.service.state_of(match)
        scores = state.scores()
        if state.is_over():
            winners = and_words([match.seats[w].shown_name for w in state.winners()]) or _("nobody")
            end = _("Winner: {names}.", names=winners)
        else:
            end = _("It ended with a resignation.")
        # TRANSLATORS: the English says "turns" for one as well.
        turns = _n("{n} turns", "{n} turns", replay.turns)
        # TRANSLATORS: the English says "pictures" for one as well.
        pictures = _n("{n} pictures", "{n} pictures", replay.frames)
        description = _(
            "Replay of {game} match #{id}: {turns} in {pictures}. Scores: {scores}. {end}",
            game=game,
            id=match.id,
            turns=turns,
            pictures=pictures,
            scores=list_words([f"{s.shown_name} {scores[i]}" for i, s in enumerate(match.seats)]),
            end=end,
        )
        return discord.File(
            io.BytesIO(replay.data),
            filename=f"{match.game}-match-{match.id}-replay.gif",
            description=rendering.alt.clip(description),
        )

    # -- the viewer

    @staticmethod
    def check_viewer(match: Match, user_id: int, seat: int | None) -> None:
        """Refuse what this person may not see of the match: a running match is shown to its
        players only, as everyone sees it; a player's hand only once the match is over."""
        if match.status == "finished":
            if seat is not None and not 0 <= seat < len(match.seats):
                raise ServiceError(_("That seat is not in this match. Nothing is shown."))
            return
        if match.status != "active":
            raise ServiceError(_("This match was not played to the end: it has no replay."))
        if all(s.user_id != user_id for s in match.seats):
            raise ServiceError(
                _(
                    "Only the players of match #{id} can step through it while it is played; "
                    "everyone can once it is over.",
                    id=match.id,
                )
            )
        if seat is not None:
            raise ServiceError(
                _(
                    "The players' hands are shown once the match is over: until then the replay "
                    "shows only what everyone sees."
                )
            )

    async def timeline(self, match: Match, key: Hashable) -> tuple[Timeline, list[int]]:
        """The match's steps (rebuilt once per version, on the picture workers under ``key``) and
        the version of the last action of each step (0 for the set-up): what a step shows."""
        name = (match.id, match.version, match.seed)
        future = self._timelines.get(name)
        if future is None or future.cancelled() or (future.done() and future.exception() is not None):
            future = asyncio.ensure_future(self._rebuild(match, key))
            self._timelines[name] = future
            while len(self._timelines) > TIMELINES_KEPT:
                self._timelines.popitem(last=False)
        self._timelines.move_to_end(name)
        return await asyncio.shield(future)

    async def _rebuild(self, match: Match, key: Hashable) -> tuple[Timeline, list[int]]:
        steps, versions = await self.steps(match)
        game = self.service.game(match.game)
        try:
            built = await self.pictures.run(
                key, timeline, game, len(match.seats), match.seed, match.options, steps
            )
        except ReplayError:
            log.exception("match %s cannot be replayed", match.id)
            raise ServiceError(
                _("This match cannot be replayed, sorry: its log does not rebuild it.")
            ) from None
        if built.states[-1] != match.state:
            log.error("match %s: its log does not rebuild its saved state", match.id)
            raise ServiceError(_("This match cannot be replayed, sorry: its log does not rebuild it."))
        return built, [versions[t.actions - 1] if t.actions else 0 for t in built.turns]

    def _frame(self, game_key: str, built: Timeline, step: int, seat: int | None, names: list[str]):
        view = built.view(self.service.game(game_key), step, seat)
        return rendering.render(game_key, view, names), rendering.describe(game_key, view, names)

    async def viewer(
        self, match: Match, step: int | None, seat: int | None, key: Hashable
    ) -> tuple[discord.ui.LayoutView, list[discord.File]]:
        """The viewer at ``step`` (None: the start of a finished match, the latest of a running one):
        the board as everyone saw it, and ``seat``'s own picture (hand and secrets) under it when
        given; the pictures drawn under ``key``."""
        built, versions = await self.timeline(match, key)
        last = len(built) - 1
        if step is None:
            step = 0 if match.status == "finished" else last
        if not 0 <= step <= last:
            raise ServiceError(
                _(
                    "That step is not in match #{id} now (it has {n}): choose one in the menu.",
                    id=match.id,
                    n=last + 1,
                )
            )
        files = []
        for whose, stem in ((None, "step"), (seat, "hand")) if seat is not None else ((None, "step"),):
            name = (match.id, match.seed, step, versions[step], whose, current())  # its words: a language
            frame = self._frames.get(name)
            if frame is None:
                frame = await self.pictures.run(key, self._frame, match.game, built, step, whose, match.names)
                self._frames[name] = frame
                while len(self._frames) > FRAMES_KEPT:
                    self._frames.popitem(last=False)
            self._frames.move_to_end(name)
            data, description = frame
            files.append(
                discord.File(io.BytesIO(data), filename=f"{stem}-{step}.png", description=description)
            )
        return self.viewer_layout(match, built, step, seat, files), files

    def step_title(self, match: Match, built: Timeline, step: int) -> str:
        turn = built.turns[step]
        if not turn.seats:
            return _("The set-up")
        who = and_words([match.shown_names[s] for s in turn.seats])
        return _("Round {round} · after {who}'s turn {turn}", round=turn.round, who=who, turn=turn.turn)

    def step_words(self, match: Match, built: Timeline, step: int, seat: int | None) -> str:
        """What the step's moves said, as in the log (and what ``seat`` alone was told, after the end)."""
        lines = [
            "- " + format_event(e["text"], match.shown_names)
            for e in built.turns[step].events
            if e.get("text") and ("private_to" not in e or (seat is not None and e["private_to"] == seat))
        ]
        out, size = [], 0
        for n, line in enumerate(lines):
            if size + len(line) > WORDS_LIMIT - NOTE_ROOM:
                out.append(
                    # TRANSLATORS: the English says "lines" even for one (it never shows one alone).
                    _n(
                        "-# ... and {n} more lines ({command} has them all)",
                        "-# ... and {n} more lines ({command} has them all)",
                        len(lines) - n,
                        command=slash("match log"),
                    )
                )
                break
            out.append(line)
            size += len(line) + 1
        return "\n".join(out)

    def jumps(self, match: Match, built: Timeline) -> list[tuple[int, str, str]]:
        """The menu's places (step, label, description): the set-up, each round's first step
        (thinned evenly when there are many), the end."""
        starts, seen = [], 0
        for n, turn in enumerate(built.turns):
            if turn.round > seen:
                seen = turn.round
                starts.append(n)
        last = len(built) - 1
        picks = [starts[i] for i in thin(len(starts), JUMPS - 2)] if starts else []
        out = [(0, _("The set-up"), "")]
        for n in picks:
            turns = [t for t in built.turns if t.round == built.turns[n].round and t.seats]
            names = list_words(list(dict.fromkeys(match.names[t.seats[0]] for t in turns)))
            out.append((n, _("Round {round}", round=built.turns[n].round), names[:100]))
        finished = match.status == "finished"
        if last > 0 and out[-1][0] == last:
            step = out[-1][1]
            label = _("{step} · the end", step=step) if finished else _("{step} · now", step=step)
            out[-1] = (last, label, out[-1][2])
        elif last > 0:
            out.append((last, _("The end") if finished else _("Now"), ""))
        return out[:JUMPS]

    def viewer_layout(
        self, match: Match, built: Timeline, step: int, seat: int | None, files: list[discord.File]
    ) -> discord.ui.LayoutView:
        game = self.service.game(match.game).title
        last = len(built) - 1
        title = self.step_title(match, built, step)
        if step == last and match.status == "finished":
            title = _("{step} · the end", step=title)
        head = _(
            "### {game} match #{id}, step {step} of {last}\n{title}",
            game=game,
            id=match.id,
            step=step,
            last=last,
            title=title,
        )
        whose = (
            _("As everyone saw it.")
            if seat is None
            else _(
                "With {name}'s hand and secrets under the board (the match is over).",
                name=match.shown_names[seat],
            )
        )
        # A gallery each: two in one are shown side by side as cropped tiles.
        items: list[discord.ui.Item] = [discord.ui.TextDisplay(head)]
        items += [discord.ui.MediaGallery(discord.MediaGalleryItem(f)) for f in files]
        words = self.step_words(match, built, step, seat)
        if words:
            items.append(discord.ui.TextDisplay(words))
        items.append(discord.ui.TextDisplay(f"-# {whose}"))
        buttons: list[discord.ui.Item] = [
            ReviewStep(match.id, step - 1, seat, "p", disabled=step == 0),
            ReviewStep(match.id, step + 1, seat, "n", disabled=step == last),
        ]
        if match.status == "finished":
            buttons.append(ReplayButton(match.id, label="GIF"))
        items.append(discord.ui.ActionRow(*buttons))
        items.append(discord.ui.ActionRow(ReviewJump(match.id, seat, self.jumps(match, built), step)))
        if match.status == "finished":
            items.append(discord.ui.ActionRow(ReviewSeat(match.id, step, match.names, seat)))
        return layout(*items, colour=discord.Colour.dark_teal())

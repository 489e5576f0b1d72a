"""The real bot process against the fake Discord: start, kill, restart, and drive a match by clicks.

``BotProcess`` runs ``python -m bot`` with a ``sitecustomize.py`` (written into a temporary
directory put first on PYTHONPATH) that points discord.py at the fake: ``Route.BASE`` for REST
(webhooks and interaction callbacks use the same ``Route``) and ``DEFAULT_GATEWAY`` for the
websocket. If discord.py cannot be patched the child exits at once rather than reach the real
Discord with a made-up token.

``Table`` drives one channel like two people would: open a lobby, join, start, press Play on the
current board, pick an action in the private panel; everything it clicks is read from the
messages the fake recorded, so only what a person could see and press is pressed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

from games import REGISTRY
from tests.process.fake_discord import FakeDiscord, Interaction, Message, User

REPO = Path(__file__).resolve().parents[2]

SITECUSTOMIZE = """\
# Written by tests/process: point discord.py at the local fake Discord before the bot imports it.
import os
import sys

try:
    import yarl
    import discord.gateway
    import discord.http

    discord.http.Route.BASE = {base!r}
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL({gateway!r})
except BaseException as exc:  # never let the child reach the real Discord
    sys.stderr.write("sitecustomize: could not point discord.py at the fake: %r\\n" % (exc,))
    sys.stderr.flush()
    os._exit(97)
"""


def write_sitecustomize(directory: Path, fake: FakeDiscord) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    text = SITECUSTOMIZE.format(base=f"{fake.url}/api/v10", gateway=f"ws://127.0.0.1:{fake.port}/gateway")
    (directory / "sitecustomize.py").write_text(text)
    return directory


class BotProcess:
    """One ``python -m bot`` child; its output goes to a log file the test prints on failure."""

    def __init__(
        self, fake: FakeDiscord, db_path: Path, workdir: Path, name: str, log_level: str = "INFO"
    ) -> None:
        self.fake, self.db_path, self.workdir, self.name = fake, db_path, workdir, name
        self.log_level = log_level
        self.proc: asyncio.subprocess.Process | None = None
        self.log_path = workdir / f"{name}.log"

    async def start(self) -> None:
        site = write_sitecustomize(self.workdir / "site", self.fake)
        env = {
            k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))
        }
        paths = [str(site), str(REPO)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
        env.update(
            DISCORD_TOKEN=self.fake.token,
            DATABASE_PATH=str(self.db_path),
            DEV_GUILD_ID=str(self.fake.guild_id),
            LOG_LEVEL=self.log_level,
            BOARD_STEP_DELAY="0",  # every step shows at once: the checks wait for a delivered board
            PYTHONPATH=os.pathsep.join(paths),
            PYTHONUNBUFFERED="1",
            PYTHONDONTWRITEBYTECODE="1",
        )
        with open(self.log_path, "ab") as log:
            # cwd is the temporary directory: no .env of a developer is read
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.workdir, env=env, stdout=log, stderr=log
            )

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def kill(self) -> None:
        """SIGKILL: no clean-up of any kind runs in the bot."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.proc.wait(), 10)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""


# -- the database, read as the test sees it


def query(db_path: Path, sql: str, params: tuple = ()) -> list[tuple]:
    con = sqlite3.connect(db_path, timeout=10)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def integrity(db_path: Path) -> str:
    return ",".join(r[0] for r in query(db_path, "PRAGMA integrity_check"))


@dataclass
class MatchRow:
    id: int
    game: str
    status: str
    version: int
    seats: list[dict]
    state: dict | None

    def to_act(self) -> list[int]:
        if self.state is None or self.status != "active":
            return []
        return REGISTRY[self.game].load_state(self.state).to_act()


def pending(db_path: Path, match_id: int) -> int:
    """Effects of the match still to deliver (the outbox)."""
    return query(db_path, "SELECT COUNT(*) FROM outbox WHERE match_id = ?", (match_id,))[0][0]


def match_row(db_path: Path, match_id: int) -> MatchRow:
    rows = query(
        db_path, "SELECT id, game, status, version, seats, state FROM matches WHERE id = ?", (match_id,)
    )
    assert rows, f"match {match_id} is not in the database"
    mid, game, status, version, seats, state = rows[0]
    return MatchRow(mid, game, status, version, json.loads(seats), json.loads(state) if state else None)


def actions(db_path: Path, match_id: int) -> list[tuple[int, str]]:
    return query(
        db_path, "SELECT version, action FROM actions WHERE match_id = ? ORDER BY version", (match_id,)
    )


def clicked_actions(db_path: Path, match_id: int) -> list[tuple[int, str]]:
    """The logged actions people chose (not the steps the service took without a choice, nor AI moves)."""
    return query(
        db_path,
        "SELECT version, action FROM actions WHERE match_id = ? AND user_id IS NOT NULL ORDER BY version",
        (match_id,),
    )


# -- the channel as people see it

LIVE = r"^(bd|lb|la):"


def match_ids_of(message: Message) -> set[int]:
    out = set()
    for cid in message.custom_ids:
        m = re.match(r"^(?:bd:(?:play|view)|lb:\w+|la):(\d+)", cid)
        if m:
            out.add(int(m[1]))
    return out


@dataclass
class Click:
    """An action chosen in a panel: which interaction carried it and what it meant."""

    interaction: Interaction
    match_id: int
    version: int
    action_id: str


@dataclass
class Table:
    fake: FakeDiscord
    db_path: Path
    clicks: list[Click] = field(default_factory=list)

    @property
    def host(self) -> User:
        return self.fake.users[0]

    def user(self, user_id: int) -> User:
        return next(u for u in self.fake.users if u.id == user_id)

    # what is on the channel

    def live_messages(self, match_id: int) -> list[Message]:
        """Public messages that still carry buttons of this match (board or lobby)."""
        return [m for m in self.fake.channel_messages() if match_id in match_ids_of(m)]

    def lobby(self, match_id: int | None = None) -> Message | None:
        for m in reversed(self.fake.channel_messages()):
            ids = m.find(r"^lb:join:(\d+)$")
            if ids and (match_id is None or ids[0] == f"lb:join:{match_id}"):
                return m
        return None

    def board(self, match_id: int, version: int | None = None) -> Message | None:
        """The newest public message with a Play button of this match; with ``version``: only once
        the match reached that version and everything it recorded for Discord was delivered (the
        board is edited only when something public changed, so it may show an earlier version)."""
        if version is not None and (
            match_row(self.db_path, match_id).version < version or pending(self.db_path, match_id)
        ):
            return None
        for m in reversed(self.fake.channel_messages()):
            if m.find(rf"^bd:play:{match_id}:\d+$"):
                return m
        return None

    @staticmethod
    def play_id(board: Message) -> str:
        (play,) = board.find(r"^bd:play:")
        return play

    def boards(self, match_id: int) -> list[Message]:
        """Every public board or final post of the match, live or retired (by its embed title)."""
        suffix = re.compile(rf"match #{match_id}\b")
        return [m for m in self.fake.channel_messages() if any(suffix.search(t) for t in m.titles)]

    def final_post(self, match_id: int) -> Message | None:
        for m in self.boards(match_id):
            if any(t.endswith(f"match #{match_id} is over") for t in m.titles):
                return m
        return None

    def panel(self, user: User, match_id: int, version: int) -> Message | None:
        """The user's private panel of legal actions for this version, if one is showing."""
        pattern = rf"^a[cs]:{match_id}:{version}:"
        for m in sorted(self.fake.messages.values(), key=lambda m: -m.id):
            if m.deleted or not m.ephemeral or not m.find(pattern):
                continue
            owner = self.fake.interactions.get(m.interaction_id or 0)
            if owner is not None and owner.user.id == user.id:
                return m
        return None

    # waiting

    async def wait_acked(self, interaction: Interaction, timeout: float = 15) -> None:
        await self.fake.wait_until(lambda: interaction.acked, timeout, f"an answer to {interaction.data}")

    async def wait_answer(self, interaction: Interaction, pattern: str, timeout: float = 20) -> Message:
        """An answer message (or the edited original) of the interaction with a matching component."""

        def found():
            msgs = self.fake.ephemeral_for(interaction)
            return next((m for m in msgs if not m.loading and m.find(pattern)), None)

        return await self.fake.wait_until(found, timeout, f"an answer with {pattern!r}")

    # people acting

    async def open_lobby(self, timeout: float = 20) -> tuple[Interaction, Message, int]:
        before = {m.id for m in self.fake.channel_messages()}
        interaction = await self.fake.slash(self.host, "ikenokoi new")

        def new_lobby():
            m = self.lobby()
            return m if m is not None and m.id not in before else None

        lobby = await self.fake.wait_until(new_lobby, timeout, "the lobby message")
        match_id = int(lobby.find(r"^lb:join:")[0].split(":")[2])
        return interaction, lobby, match_id

    async def join_and_start(self, lobby: Message, match_id: int, timeout: float = 20) -> Message:
        for user in self.fake.users[1:]:
            join = await self.fake.click(user, lobby, f"lb:join:{match_id}")
            await self.wait_acked(join, timeout)
            await self.fake.wait_until(
                lambda u=user: u.name in lobby.text or lobby.deleted, timeout, f"{user.name} in the lobby"
            )
        start = await self.fake.click(self.host, self.lobby(match_id) or lobby, f"lb:start:{match_id}")
        await self.wait_acked(start, timeout)
        # the first board shows the version after the forced steps of the start (no decision in them)
        return await self.fake.wait_until(lambda: self.board(match_id), timeout, "the first board")

    def to_act(self, match_id: int) -> tuple[MatchRow, User]:
        row = match_row(self.db_path, match_id)
        seats = row.to_act()
        assert seats, f"nobody is to act in match {match_id} ({row.status})"
        return row, self.user(row.seats[seats[0]]["user_id"])

    async def open_panel(self, match_id: int, timeout: float = 20) -> tuple[MatchRow, User, Message]:
        """The panel of the person to act now: the one showing, or Play on the current board."""
        row, user = self.to_act(match_id)
        panel = self.panel(user, match_id, row.version)
        if panel is None:
            board = await self.fake.wait_until(
                lambda: self.board(match_id, row.version), timeout, f"a board for version {row.version}"
            )
            play = await self.fake.click(user, board, self.play_id(board))
            panel = await self.wait_answer(play, rf"^a[cs]:{match_id}:{row.version}:", timeout)
        return row, user, panel

    async def click_action(
        self, user: User, panel: Message, match_id: int, version: int, want: str | None = None
    ) -> Click:
        """Choose ``want`` in the panel, else "stop" when offered (shorter turns), else the first choice."""
        prefixed = f"ac:{match_id}:{version}:"
        for _ in range(8):  # pages of the panel
            buttons = [b[len(prefixed) :] for b in panel.find(rf"^ac:{match_id}:{version}:")]
            selects = {
                s: [o["value"] for o in panel.item(s)["options"]]
                for s in panel.find(rf"^as:{match_id}:{version}:")
            }
            if want is None:
                values = buttons + [v for vs in selects.values() for v in vs]
                want = "stop" if "stop" in values else values[0]
            if want in buttons:
                interaction = await self.fake.click(user, panel, prefixed + want)
                break
            select = next((s for s, vs in selects.items() if want in vs), None)
            if select is not None:
                interaction = await self.fake.click(user, panel, select, [want])
                break
            more = [
                p for p in panel.find(rf"^pg:{match_id}:{version}:\d+$") if "More" in panel.item(p)["label"]
            ]
            assert more, f"{want!r} is not in the panel: {buttons} {selects}"
            edits = panel.edits
            page = await self.fake.click(user, panel, more[0])
            await self.wait_acked(page)
            await self.fake.wait_until(lambda e=edits: panel.edits > e, 20, "the next page of the panel")
        else:
            raise AssertionError(f"{want!r} is on no page of the panel")
        click = Click(interaction, match_id, version, want)
        self.clicks.append(click)
        return click

    async def move(self, match_id: int, timeout: float = 20) -> Click:
        """One action by whoever is to act; returns once the click was answered."""
        row, user, panel = await self.open_panel(match_id, timeout)
        click = await self.click_action(user, panel, match_id, row.version)
        await self.wait_acked(click.interaction, timeout)
        await self.wait_saved(click, timeout)
        return click

    async def wait_saved(self, click: Click, timeout: float = 20) -> None:
        await self.fake.wait_until(
            lambda: match_row(self.db_path, click.match_id).version > click.version,
            timeout,
            f"the move {click.action_id!r} on version {click.version} to be saved",
            poll=0.02,
        )

    # what must hold

    def acknowledged_moves_logged_once(self, match_id: int) -> list[str]:
        """Problems: an answered click whose move is missing from the log, or a log with gaps."""
        problems = []
        log = actions(self.db_path, match_id)
        versions = [v for v, _ in log]
        if versions != list(range(1, len(versions) + 1)):
            problems.append(f"the action log of match {match_id} has gaps or repeats: {versions}")
        by_version = dict(log)
        for click in self.clicks:
            if click.match_id != match_id or not click.interaction.acked:
                continue
            got = by_version.get(click.version + 1)
            if got != click.action_id.split("/")[0]:  # a joined choice (bot/merge.py): its first step
                problems.append(
                    f"the click {click.action_id!r} on version {click.version} was acknowledged, "
                    f"but the log has {got!r} at version {click.version + 1}"
                )
        row = match_row(self.db_path, match_id)
        if row.version != len(versions):
            problems.append(f"match version {row.version} but {len(versions)} actions logged")
        return problems

    def board_problems(self, match_id: int) -> list[str]:
        """Problems of the public board: it must be the one live message, bottom, current."""
        row = match_row(self.db_path, match_id)
        live = self.live_messages(match_id)
        problems = []
        if len(live) > 1:
            problems.append(
                f"{len(live)} messages carry live buttons of match {match_id}: {[m.custom_ids for m in live]}"
            )
        if row.status == "active":
            current = [m for m in live if m.find(rf"^bd:play:{match_id}:\d+$")]
            shown = [int(self.play_id(m).rsplit(":", 1)[1]) for m in current]
            if not current or pending(self.db_path, match_id) or shown[-1] > row.version:
                problems.append(
                    f"no live board delivered for version {row.version} (live: {[m.custom_ids for m in live]})"
                )
            elif self.boards(match_id) and self.boards(match_id)[-1].id != current[-1].id:
                problems.append("the live board is not the bottom board of the match")
        elif row.status == "lobby":
            if not any(m.find(rf"^lb:join:{match_id}$") for m in live):
                problems.append(f"no lobby message with a Join button for match {match_id}")
        elif row.status == "finished":
            if self.final_post(match_id) is None:
                problems.append(f"no final scores posted for match {match_id}")
            if live:
                problems.append(
                    f"the finished match {match_id} still has live buttons: {[m.custom_ids for m in live]}"
                )
        return problems


async def fast_forward(db_path: Path, match_id: int) -> str:
    """Play the match on, with the bot stopped, until one action would end it; return that action.

    A whole game takes about a hundred clicks, too slow for a test that restarts the bot several
    times; the moves go through the bot's own MatchService on the same database file instead, the
    way the bot saves them, and the last move is left for a person to click.
    """
    from bot.service import MatchService, forced_steps
    from bot.stores import SqliteStore

    store = SqliteStore(db_path)
    await store.open()
    try:
        service = MatchService(store)
        for _ in range(1000):
            match = await service.get(match_id)
            state = service.state_of(match)
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                trial = state.copy()
                trial.apply(seat, action.id)
                forced_steps(trial)  # as the service does: the steps without a choice that follow
                if trial.is_over():
                    return action.id
            chosen = next((a for a in legal if a.id == "stop"), legal[0])
            await service.act(match_id, match.seats[seat].user_id, match.version, chosen.id)
        raise AssertionError("the match did not come near its end in 1000 moves")
    finally:
        await store.close()

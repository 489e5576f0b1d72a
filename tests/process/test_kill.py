"""The real process: ``python -m bot`` against a local fake Discord, killed with SIGKILL and restarted.

Two people play Ike No Koi by clicking what the bot posted (Join, Start, Play, the panel's
buttons and menus). The bot is killed at chosen moments of a move, restarted on the same
database, and then, without anyone typing a command:
- every move whose click Discord saw acknowledged is in the action log, once, without gaps;
- the current board (a live Play button for the current version) / the final scores / the lobby
  appear by themselves within a few seconds;
- at most one message of the match carries live buttons, and it is the bottom board;
- ``PRAGMA integrity_check`` is ok;
- the match goes on: the next move is answered and saved.

Issue 10: the board, the final post and the lobby are recorded as pending work with the change,
delivered by one writer per match and re-delivered at start-up; clicks are acknowledged after the
commit. Every check here failed before that.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys

import pytest

from games import REGISTRY
from tests.process.harness import (
    Table,
    clicked_actions,
    fast_forward,
    integrity,
    match_row,
    query,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and fork semantics of POSIX")

APPEAR = 15.0  # seconds after the restarted bot logged in for the board / final post / lobby to appear


async def recovered(world, match_id: int) -> None:
    """After a kill: the database is sound, then a restarted bot shows the match by itself."""
    table: Table = world.table
    assert integrity(world.db_path) == "ok"
    world.fake.clear_gates()  # the new process is not held anywhere
    await world.start_bot()
    try:
        await world.fake.wait_until(
            lambda: not table.board_problems(match_id), APPEAR, "the match to show by itself", poll=0.1
        )
    except TimeoutError:
        pytest.fail("after the restart: " + "; ".join(table.board_problems(match_id)))
    assert table.acknowledged_moves_logged_once(match_id) == []
    assert integrity(world.db_path) == "ok"


async def goes_on(world, match_id: int) -> None:
    """The next move after a restart is answered and saved, and the board follows it."""
    table: Table = world.table
    click = await table.move(match_id)
    assert click.interaction.acked
    await world.fake.wait_until(lambda: not table.board_problems(match_id), APPEAR, "the board after a move")
    assert table.acknowledged_moves_logged_once(match_id) == []


async def started_match(world, moves: int = 0) -> int:
    table: Table = world.table
    await world.start_bot()
    _, lobby, match_id = await table.open_lobby()
    await table.join_and_start(lobby, match_id)
    for _ in range(moves):
        await table.move(match_id)
    return match_id


async def test_a_match_is_played_through_the_fake_discord(world):
    """The harness itself: log in, commands synced, lobby, join, start, boards and private panels."""
    fake, table = world.fake, world.table
    await world.start_bot()
    assert all(c.compressor is not None for c in fake.connections)  # discord.py asked for zlib-stream
    assert {*REGISTRY, "match"} <= set(fake.command_names(fake.guild_id))
    ikenokoi = next(c for c in fake.commands[fake.guild_id] if c["name"] == "ikenokoi")
    assert "new" in {o["name"] for o in ikenokoi["options"]}

    new, lobby, match_id = await table.open_lobby()
    assert new.acked and not lobby.ephemeral
    assert match_row(world.db_path, match_id).status == "lobby"
    board = await table.join_and_start(lobby, match_id)
    assert "board.png" in [a.filename for a in board.attachments]
    gallery = [i["media"]["url"] for c in board.items if c.get("type") == 12 for i in c["items"]]
    assert gallery == ["attachment://board.png"]
    assert match_row(world.db_path, match_id).status == "active"
    assert lobby.find(r"^lb:") == []  # the started lobby lost its buttons

    for _ in range(5):
        click = await table.move(match_id)
        panel = fake.messages[click.interaction.source_message_id]
        assert panel.ephemeral
    await fake.wait_until(lambda: not table.board_problems(match_id), APPEAR, "the board after the moves")
    assert table.acknowledged_moves_logged_once(match_id) == []
    # A joined choice (bot/merge.py) logs its first step as the person's; the later ones follow it.
    chosen = [c.action_id.split("/")[0] for c in table.clicks]
    assert [a for _, a in clicked_actions(world.db_path, match_id)] == chosen

    # Play pressed by the one who is not to act: a private refusal
    row, user = table.to_act(match_id)
    if len(row.to_act()) == 1:
        other = next(u for u in fake.users if u.id != user.id)
        board = table.board(match_id)
        refusal = await fake.click(other, board, table.play_id(board))
        answers = await fake.wait_until(lambda: fake.answers(refusal), 15, "the refusal")
        assert answers[0].ephemeral and "not your turn" in answers[0].content
    assert fake.unknown == [] and fake.errors == []


async def test_kill_right_after_a_click_is_dispatched(world):
    table = world.table
    match_id = await started_match(world, moves=2)
    row, user, panel = await table.open_panel(match_id)
    await table.click_action(user, panel, match_id, row.version)
    # The click is on the wire; whatever the bot wrote before it died still reaches Discord (an
    # answer sent before the move is saved counts as acknowledged).
    await world.procs[-1].kill()
    await recovered(world, match_id)
    await goes_on(world, match_id)


async def test_kill_right_after_the_click_is_acknowledged(world):
    fake, table = world.fake, world.table
    match_id = await started_match(world, moves=2)
    row, user, panel = await table.open_panel(match_id)
    # Discord applies the answer (the click is acknowledged to the person), the bot dies before the reply
    gate = fake.gate(
        lambda r: r.route == "callback" and r.interaction.source_message_id == panel.id, when="applied"
    )
    click = await table.click_action(user, panel, match_id, row.version)
    await gate.wait(15)
    await world.procs[-1].kill()
    assert click.interaction.acked
    await recovered(world, match_id)
    assert match_row(world.db_path, match_id).version >= row.version + 1  # and the forced steps after it
    await goes_on(world, match_id)


async def _kill_on_board_post(world, when: str) -> int:
    """Play until a move passes the turn; kill when its "your turn" message reaches Discord (the
    board itself is edited in place)."""
    fake, table = world.fake, world.table
    match_id = await started_match(world)
    start = match_row(world.db_path, match_id).version  # the start's own mention is not the one

    def turn_passed(r) -> bool:
        posted = r.method == "POST" and r.route == "post" and "your turn in" in r.text
        return posted and match_row(world.db_path, match_id).version > start

    gate = fake.gate(turn_passed, when=when)
    for _ in range(40):
        row, user, panel = await table.open_panel(match_id)
        click = await table.click_action(user, panel, match_id, row.version)

        def settled(v=row.version):
            if gate.fired.is_set():
                return True
            return match_row(world.db_path, match_id).version > v and table.board(match_id, v + 1) is not None

        await fake.wait_until(settled, 20, "the move to show or the board post to be held", poll=0.05)
        if gate.fired.is_set():
            break
    else:
        pytest.fail("no move passed the turn in 40 moves")
    await world.procs[-1].kill()
    # a board after the move is only posted once the move (and the forced steps after it) is saved
    assert match_row(world.db_path, match_id).version >= click.version + 1
    return match_id


async def test_kill_while_the_board_is_posted(world):
    """The POST of the new board arrives and the bot dies before Discord takes it."""
    match_id = await _kill_on_board_post(world, when="arrive")
    await recovered(world, match_id)
    await goes_on(world, match_id)


async def test_kill_after_the_board_is_posted_before_the_bot_hears_back(world):
    """Discord creates the new board, the bot dies before it learns the message's id."""
    match_id = await _kill_on_board_post(world, when="applied")
    await recovered(world, match_id)
    # Let the start-up recovery run (the bot reads the channel's history, or 4 s pass) before the
    # next click: the board it never heard of must be adopted or retired, not left live beside a new one.
    since = len(world.fake.requests)
    with contextlib.suppress(TimeoutError):
        await world.fake.wait_until(
            lambda: any(r.route == "history" for r in world.fake.requests[since:]), 4, "a history read"
        )
    await asyncio.sleep(0.5)
    await goes_on(world, match_id)


async def test_a_click_right_after_the_restart_that_follows_such_a_kill(world):
    """The same kill, and the next move is made at once, before the bot's on_ready (about 2 s)."""
    match_id = await _kill_on_board_post(world, when="applied")
    await recovered(world, match_id)
    await goes_on(world, match_id)


async def test_kill_after_the_last_move(world):
    fake, table = world.fake, world.table
    match_id = await started_match(world)
    await world.procs[-1].kill()
    last = await fast_forward(world.db_path, match_id)
    await world.start_bot()
    row = match_row(world.db_path, match_id)
    try:  # the board of the fast-forwarded match (the bot never saw those moves)
        await fake.wait_until(lambda: table.board(match_id, row.version), 8, "the board after the restart")
    except TimeoutError:
        await fake.slash(table.host, "match board")
        await fake.wait_until(lambda: table.board(match_id, row.version), 15, "the board of /match board")
    row, user, panel = await table.open_panel(match_id)
    # hold the final scores' post, and kill as soon as the finished match is saved
    fake.gate(lambda r: r.method == "POST" and "is over" in r.text)
    await table.click_action(user, panel, match_id, row.version, want=last)
    await fake.wait_until(
        lambda: match_row(world.db_path, match_id).status == "finished", 20, "the last move saved", poll=0.01
    )
    await world.procs[-1].kill()
    assert table.final_post(match_id) is None
    await recovered(world, match_id)
    # (whether the answer to the click left before the kill does not matter: the move was saved)
    final = table.final_post(match_id)
    assert "Final scores" in final.text
    assert query(world.db_path, "SELECT count(*) FROM results WHERE match_id = ?", (match_id,)) == [(2,)]


async def test_kill_between_lobby_creation_and_its_post(world):
    fake, table = world.fake, world.table
    await world.start_bot()
    gate = fake.gate(lambda r: r.has(r"^lb:join:\d+$"))  # the lobby's post, wherever it goes
    await fake.slash(table.host, "ikenokoi new")
    await gate.wait(15)
    rows = query(world.db_path, "SELECT id FROM matches WHERE status = 'lobby'")
    assert len(rows) == 1, "the lobby was posted before its row was saved"
    match_id = rows[0][0]
    await world.procs[-1].kill()
    assert table.lobby(match_id) is None
    await recovered(world, match_id)
    # the lobby that appeared by itself works: bob joins, alice starts
    lobby = table.lobby(match_id)
    await table.join_and_start(lobby, match_id)
    await goes_on(world, match_id)


async def test_two_processes_start_at_once_on_a_new_database(world):
    fake = world.fake
    assert not world.db_path.exists()
    from tests.process.harness import BotProcess

    procs = [BotProcess(fake, world.db_path, world.tmp, f"twin{i}") for i in range(2)]
    world.procs += procs
    await asyncio.gather(*(p.start() for p in procs))

    def both_up():
        for p in procs:
            if not p.alive:
                raise AssertionError(f"{p.name} exited with {p.proc.returncode}:\n{p.log()[-3000:]}")
        return fake.identifies >= 2

    await fake.wait_until(both_up, 45, "both bots to log in")
    assert fake.command_puts >= 2
    await asyncio.sleep(0.5)
    for p in procs:
        assert p.alive, p.log()
        assert "Traceback" not in p.log() and "OperationalError" not in p.log(), p.log()
    migrations = query(world.db_path, "SELECT number FROM schema_migrations ORDER BY number")
    assert [n for (n,) in migrations] == list(range(1, len(migrations) + 1))
    assert integrity(world.db_path) == "ok"

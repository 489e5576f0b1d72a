"""``LOG_LEVEL=DEBUG`` on the real process: discord.py logs every request and gateway event, and
not one line holds the bot's token, an interaction token or the text of a private panel."""

from __future__ import annotations

import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX process handling")


async def test_debug_logs_hold_no_token_and_no_private_text(world):
    fake, table = world.fake, world.table
    proc = await world.start_bot(log_level="DEBUG")
    _, lobby, match_id = await table.open_lobby()
    await table.join_and_start(lobby, match_id)
    row, user, panel = await table.open_panel(match_id)
    click = await table.click_action(user, panel, match_id, row.version)
    await table.wait_saved(click)
    await world.kill_all()
    log = proc.log()
    assert "discord.http" in log and "discord.gateway" in log, "discord.py logged at DEBUG"
    assert fake.token not in log, "the bot's token"
    tokens = list(fake.by_token)
    assert tokens and not [t for t in tokens if t in log], "interaction tokens"
    private = [line for line in panel.text.splitlines() if len(line.strip()) > 12]
    assert private and not [line for line in private if line in log], "the private panel's text"

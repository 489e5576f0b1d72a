"""How loud a whole game is, and how many taps a turn takes, through the real bot in SimCord.

For each game, whole matches are played from ``/<game> new`` to the final result by simulated
players who press Play on the board and then choose in their private panel: either a random legal
action or the quick AI's choice (``--policy``). A player looks for the chosen action on the panel
and turns its pages until it is there, so every tap a decided person needs is counted: a button,
a page or Play is one tap, a select menu two (open it, choose).

Printed per game: taps per turn (a turn = the actions of one seat in a row, from the action log),
how often Play was pressed, the menus seen and those whose placeholder is longer than a 400 px phone
shows (25 characters), the joined options seen and those holding a navigation step, the decision
kinds of up to five options shown as buttons on one turn and only inside a menu on another (issue
30), public messages posted in the channel, picture uploads (public board and final pictures: new
messages and edits), uploads per turn, edits, deletions and the public messages still in the
channel at the end. ``--why``: the taps a turn spent on each kind of decision. Run:
``python bench/quiet.py [--games iki,kigi] [--seeds 2] [--policy random,ai] [--why]``.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from simcord import Env  # noqa: E402

from bot.config import Settings  # noqa: E402
from bot.core import create_bot  # noqa: E402
from bot.merge import SEP, navigation  # noqa: E402
from cogs.writer import SWEEP  # noqa: E402
from games.ai import choose  # noqa: E402

STEP_DELAY = 3600.0
PLACEHOLDER_MAX = 25  # characters of a placeholder a 400 px phone shows inside a card (issue 30)
SETUPS = {"ikenokoi": 3, "iki": 3, "iwari": 3, "kigi": 3}
CHANNEL_MESSAGE = re.compile(r"^/channels/(\d+)/messages(?:/(\d+))?$")


def walk(component) -> list[dict]:
    """Every leaf component (button, select) of a message, V1 rows or V2 layouts alike."""
    raw = component if isinstance(component, dict) else component.to_dict()
    kids = raw.get("components")
    if kids is None and "accessory" not in raw:
        return [raw]
    out = []
    for kid in kids or []:
        out.extend(walk(kid))
    if "accessory" in raw:
        out.extend(walk(raw["accessory"]))
    return out


def custom_ids(message) -> list[str]:
    return [c["custom_id"] for row in message.components for c in walk(row) if c.get("custom_id")]


def find_board(channel):
    for message in reversed(channel.history()):
        if not message.flags.ephemeral and any(c.startswith("bd:play:") for c in custom_ids(message)):
            return message
    raise AssertionError("no board in the channel")


@dataclass
class Tally:
    clicks: int = 0
    turns: int = 0
    actions: int = 0
    posts: int = 0
    uploads: int = 0
    edits: int = 0
    deletes: int = 0
    left: int = 0
    seconds: float = 0.0
    per_turn_uploads: list[int] = field(default_factory=list)
    per_turn_clicks: list[int] = field(default_factory=list)
    plays: int = 0  # Play pressed on the board
    selects: int = 0  # select menus seen (a panel looked at)
    long: list[str] = field(default_factory=list)  # their placeholders over PLACEHOLDER_MAX characters
    joined: int = 0  # joined options seen
    joined_nav: list[str] = field(default_factory=list)  # joined options with a navigation step
    by_group: Counter = field(default_factory=Counter)  # taps spent on each kind of first step
    # decision kind (group) -> how it was shown when it had at most five options: {"button", "menu"}
    shapes: dict = field(default_factory=dict)


def uploads_of(request) -> int:
    body = request.json if isinstance(request.json, dict) else {}
    # New files are numbered 0, 1, ...; attachments kept on an edit carry their snowflake id.
    return sum(1 for a in body.get("attachments") or [] if isinstance(a.get("id"), int) and a["id"] < 100)


def count_requests(env, channel_id: int, tally: Tally, since: int) -> None:
    for request in env.http_requests[since:]:
        m = CHANNEL_MESSAGE.match(request.path)
        if not m or int(m[1]) != channel_id:
            continue
        if request.method == "POST" and m[2] is None:
            tally.posts += 1
            tally.uploads += uploads_of(request)
        elif request.method == "PATCH":
            tally.edits += 1
            tally.uploads += uploads_of(request)
        elif request.method == "DELETE":
            tally.deletes += 1


def offers(panel, match) -> bool:
    """The panel shows a choice of the match's current version."""
    prefixes = (f"ac:{match.id}:{match.version}:", f"as:{match.id}:{match.version}:")
    return any(cid.startswith(prefixes) for cid in custom_ids(panel))


def starts(value: str, wanted: str) -> bool:
    return value == wanted or value.startswith(wanted + SEP)


def extend(state, seat: int, wanted: str, values: list[str], policy: str, rng: random.Random) -> str:
    """The joined choice among ``values`` that begins with ``wanted``, its later steps chosen by
    the same policy on the state after the earlier ones."""
    from bot.service import forced_steps

    path = [wanted]
    work = state.copy()
    while SEP.join(path) not in values:
        work.apply(seat, path[-1])
        forced_steps(work)
        prefix = SEP.join(path) + SEP
        allowed = {v[len(prefix) :].split(SEP)[0] for v in values if v.startswith(prefix)}
        if policy == "ai":
            step = choose(work.copy(), seat, "quick", 0.02, rng.randrange(1 << 30))
            step = step if step in allowed else rng.choice(sorted(allowed))
        else:
            step = rng.choice(sorted(allowed))
        path.append(step)
    return SEP.join(path)


def group_of(legal, action_id: str) -> str:
    return next(a.group for a in legal if a.id == action_id)


def look(state, seat: int, panel, tally: Tally) -> None:
    """What the panel shows for this decision: its placeholders' lengths, its joined options'
    navigation steps, and whether each decision kind of at most five options is a button or only
    a menu item (the bot's own rules: cogs/panel.py, bot/merge.py)."""
    from bot.service import forced_steps

    legal = state.legal_actions(seat)
    group_of = {a.id: a.group for a in legal}
    sizes = Counter(a.group for a in legal)
    buttons, menu = set(), set()
    for c in (c for row in panel.components for c in walk(row)):
        cid = c.get("custom_id", "")
        if cid.startswith("ac:"):
            buttons.add(group_of.get(cid.split(":", 3)[3].split(SEP)[0]))
        elif cid.startswith("as:"):
            tally.selects += 1
            if len(c.get("placeholder", "")) > PLACEHOLDER_MAX:
                tally.long.append(c["placeholder"])
            for option in c.get("options", []):
                steps = option["value"].split(SEP)
                menu.add(group_of.get(steps[0]))
                if len(steps) == 1:
                    continue
                tally.joined += 1
                work = state.copy()
                for step in steps:
                    group = {a.id: a.group for a in work.legal_actions(seat)}[step]
                    if group in navigation(work):
                        tally.joined_nav.append(option["label"])
                        break
                    work.apply(seat, step)
                    forced_steps(work)
    for group, size in sizes.items():
        if size <= 5:
            shape = "button" if group in buttons else "menu" if group in menu else None
            if shape:
                tally.shapes.setdefault(group, set()).add(shape)


async def play_turn(world, rng: random.Random, policy: str, tally: Tally, panels: dict) -> bool:
    """The player to act decides until the turn leaves them: in their last panel if it shows
    the choice already, else after pressing Play on the board. False when over."""
    _env, bot, channel, players = world
    match = await bot.store.live_match(channel.id)
    if match is None:
        return False
    seat = bot.service.state_of(match).to_act()[0]
    member = next(p for p in players if p.id == match.seats[seat].user_id)
    panel = panels.get(member.id)
    if panel is None or not offers(panel, match):
        result = await member.click(find_board(channel), label="Play")
        tally.clicks += 1
        tally.plays += 1
        panel = panels[member.id] = result.response or result.followups[-1]
    while True:
        match = await bot.store.live_match(channel.id)
        if match is None:
            return False
        state = bot.service.state_of(match)
        if seat not in state.to_act():
            return True
        legal = state.legal_actions(seat)
        if policy == "ai":
            wanted = choose(state.copy(), seat, "quick", 0.02, rng.randrange(1 << 30))
        else:
            wanted = rng.choice(legal).id
        for _ in range(20):
            where = None
            pages = []
            for c in (c for row in panel.components for c in walk(row)):
                cid = c.get("custom_id", "")
                if cid.startswith("ac:") and starts(cid.split(":", 3)[3], wanted):
                    where = ("button", cid, cid.split(":", 3)[3])
                elif cid.startswith("as:"):
                    values = [o["value"] for o in c.get("options", []) if starts(o["value"], wanted)]
                    if values:
                        where = ("select", cid, wanted if wanted in values else values)
                elif cid.startswith("pg:"):
                    pages.append(cid)
            look(state, seat, panel, tally)
            if where or not pages:
                break
            await member.click(panel, custom_id=pages[-1] if len(pages) == 1 else rng.choice(pages))
            tally.clicks += 1
            tally.by_group["(page)"] += 1
        if where is None:
            return True  # the panel closed: the turn passed
        if where[0] == "select":
            # A joined choice (bot/merge.py): the player decides its later steps the same way.
            value = (
                where[2] if isinstance(where[2], str) else extend(state, seat, wanted, where[2], policy, rng)
            )
            await member.select(panel, [value], custom_id=where[1])
            tally.clicks += 2  # a menu is two taps: open it, choose
            tally.by_group[group_of(legal, wanted)] += 2
        else:
            await member.click(panel, custom_id=where[1])
            tally.clicks += 1
            tally.by_group[group_of(legal, wanted)] += 1


async def one_game(game: str, n: int, seed: int, policy: str) -> Tally:
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(Settings(token=None, database_path=os.path.join(tmp, "bench.sqlite3")))
        bot.service.seed_source = lambda: seed
        # Players here click faster than the board's step delay: the steps of a turn are shown
        # when the turn passes (a player who pauses mid-turn would see one more upload).
        bot.settings = dataclasses.replace(bot.settings, board_step_delay=STEP_DELAY)
        # SimCord's settle waits for the bot's timers due within its timeout: keep it below the
        # writer's outbox sweep (every SWEEP s, forever), or no settle would ever return.
        env = Env(bot, settle_timeout=SWEEP / 2, shard_count=1)
        await env.start()
        try:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            players = [
                guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")[:n]
            ]
            await bot.tree.sync()
            start = time.perf_counter()
            mark = len(env.http_requests)
            await players[0].slash(channel, f"{game} new")
            lobby = channel.last_message
            for p in players[1:]:
                await p.click(lobby, label="Join")
            await players[0].click(lobby, label="Start")
            match_id = (await bot.store.live_match(channel.id)).id
            rng = random.Random(seed)
            turn_mark = len(env.http_requests)
            panels: dict = {}
            for _ in range(3000):
                if not await play_turn((env, bot, channel, players), rng, policy, tally, panels):
                    break
                turn = Tally()
                tally.per_turn_clicks.append(tally.clicks - sum(tally.per_turn_clicks))
                await env.settle()
                await bot.table.writer.idle()
                count_requests(env, channel.id, turn, turn_mark)
                turn_mark = len(env.http_requests)
                tally.per_turn_uploads.append(turn.uploads)
            await env.settle()
            await bot.table.writer.idle()
            match = await bot.store.get_match(match_id)
            assert match.status == "finished", f"{game} did not end"
            tally.seconds = time.perf_counter() - start
            count_requests(env, channel.id, tally, mark)
            rows = await bot.store.actions(match_id, 100_000)
            tally.actions = len(rows)
            tally.turns = sum(1 for i, r in enumerate(rows) if i == 0 or rows[i - 1].seat != r.seat)
            tally.left = sum(1 for m in channel.history() if not m.flags.ephemeral)
        finally:
            await env.shutdown()
            await bot.reminders.stop()
            await bot.store.close()
    return tally


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default=",".join(SETUPS))
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--policy", default="random,ai")
    parser.add_argument("--why", action="store_true", help="taps a turn by kind of decision")
    parser.add_argument("--show", type=int, default=3, help="examples printed of each miss, per game")
    args = parser.parse_args()
    print(
        f"{'game':9} {'policy':6} {'turns':>5} {'taps/turn':>9} {'max':>4} {'plays':>5} {'selects':>7} "
        f"{'>25':>4} {'joined':>6} {'nav':>4} {'mixed':>5} {'posts':>5} {'uploads':>7} "
        f"{'upl/turn':>8} {'max':>4} {'edits':>5} {'deletes':>7} {'left':>4} {'s':>5}"
    )
    for game in args.games.split(","):
        n = SETUPS[game]
        for policy in args.policy.split(","):
            tallies = []
            for seed in range(1, args.seeds + 1):
                tallies.append(await one_game(game, n, seed, policy))

            def mean(xs):
                return statistics.fmean(xs)

            turns = mean([t.turns for t in tallies])
            clicks = sum(t.clicks for t in tallies) / sum(t.turns for t in tallies)
            uploads = [u for t in tallies for u in t.per_turn_uploads]
            shapes: dict = {}
            for t in tallies:
                for group, seen in t.shapes.items():
                    shapes.setdefault(group, set()).update(seen)
            mixed = sorted(g for g, seen in shapes.items() if len(seen) > 1)
            print(
                f"{game:9} {policy:6} {turns:5.0f} {clicks:9.2f} "
                f"{max(max(t.per_turn_clicks) for t in tallies):4d} {sum(t.plays for t in tallies):5d} "
                f"{sum(t.selects for t in tallies):7d} {sum(len(t.long) for t in tallies):4d} "
                f"{sum(t.joined for t in tallies):6d} {sum(len(t.joined_nav) for t in tallies):4d} "
                f"{len(mixed):5d} "
                f"{mean([t.posts for t in tallies]):5.1f} {mean([t.uploads for t in tallies]):7.1f} "
                f"{mean(uploads):8.2f} {max(uploads):4d} {mean([t.edits for t in tallies]):5.1f} "
                f"{mean([t.deletes for t in tallies]):7.1f} {mean([t.left for t in tallies]):4.1f} "
                f"{mean([t.seconds for t in tallies]):5.1f}"
            )
            for t in tallies:
                for text in sorted(set(t.long))[: args.show]:
                    print(f"    placeholder over {PLACEHOLDER_MAX}: {text!r}")
                for text in sorted(set(t.joined_nav))[: args.show]:
                    print(f"    joined with a navigation step: {text!r}")
            if args.why:
                spent = sum((t.by_group for t in tallies), Counter())
                turns_all = sum(t.turns for t in tallies)
                print(
                    "    taps a turn by kind: "
                    + ", ".join(f"{g} {v / turns_all:.2f}" for g, v in spent.most_common())
                )
            if mixed:
                print(f"    a button on one turn, only a menu item on another: {', '.join(mixed)}")


if __name__ == "__main__":
    asyncio.run(main())
